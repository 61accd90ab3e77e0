"""``report.html``: a run of ``simulate`` or ``tune`` as a page a designer reads, written
beside its CSV: the charts, the targets met or missed with their intervals, each tuned
parameter with its anchor and text, and the summary's tables. The page is self-contained
but for the charts and its style sheet (``report.css``), linked by their file names in the
same folder (the server shows a run's folder as it is: ``wasteland serve --reports DIR``,
whose Content-Security-Policy refuses a ``<style>`` element in the page)."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Iterable

from wasteland.core.params import game_params
from wasteland.core.spec import GameSpec

REPORT = "report.html"
STYLE_SHEET = "report.css"

_STYLE = """body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:72rem;padding:0 1rem;color:#222}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.6rem}table{border-collapse:collapse;margin:.5rem 0;
max-width:100%}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f3f3}.met{color:#1a7f37;font-weight:bold}.missed{color:#b42318;font-weight:bold}
img{max-width:100%;height:auto;border:1px solid #ddd;margin:.3rem 0}pre{white-space:pre-wrap;
background:#f7f7f7;padding:.6rem;font-size:.85rem;overflow-wrap:anywhere}.wrap{overflow-x:auto}
td{overflow-wrap:break-word}td[data-label=rule]{white-space:nowrap}
@media (max-width:40rem){.wrap table,.wrap tbody,.wrap tr,.wrap td{display:block;width:auto}
.wrap tr:first-child{display:none}.wrap tr{border:1px solid #ccc;margin:0 0 .6rem;padding:.2rem 0}
.wrap td{border:0;padding:.15rem .5rem}.wrap td[data-label]:not([data-label=""])::before{content:attr(data-label) ": ";
font-weight:bold;color:#555}}"""


def _table(head: Iterable[str], rows: Iterable[Iterable[str]], raw: bool = False) -> str:
    head = list(head)
    out = ["<div class=wrap><table><tr>", *(f"<th>{escape(h)}</th>" for h in head), "</tr>"]
    for row in rows:  # each cell names its column: on a phone a row is a card of labelled lines (report.css)
        out.append("<tr>" + "".join(f'<td data-label="{escape(h)}">{c if raw else escape(str(c))}</td>'
                                    for h, c in zip(head, row)) + "</tr>")
    out.append("</table></div>")
    return "".join(out)


def params_section(spec: GameSpec, values: dict[str, int]) -> str:
    """Every parameter of the game: the run's value, the game's own, range, anchor, text."""
    rows = []
    for p in game_params(spec).params:
        value = values.get(p.name, p.default)
        shown = f"<b>{value}</b>" if value != p.default else str(value)
        rows.append([escape(p.name), shown, str(p.default), f"{p.low} to {p.high}", escape(p.rule), escape(p.text)])
    return "<h2>Parameters</h2>" + _table(["parameter", "this run", "the game's own", "range", "rule", "what it sets"],
                                          rows, raw=True)


def page(title: str, spec: GameSpec, sections: list[str], charts: list[str], summary: str) -> str:
    images = "".join(f'<p><img src="{escape(name)}" alt="{escape(name)}"></p>' for name in charts)
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8>"
            f"<meta name=viewport content='width=device-width,initial-scale=1'><title>{escape(title)}</title>"
            # no icon of its own: an empty one, not a request for /favicon.ico (a 404 on the console)
            f"<link rel=icon href='data:,'><link rel=stylesheet href={STYLE_SHEET}></head><body><h1>{escape(title)}</h1>"
            f"<p>{escape(spec.title)}, rules {escape(spec.rules_version)}</p>"
            + "".join(sections) + ("<h2>Charts</h2>" + images if images else "")
            + f"<h2>Summary</h2><pre>{escape(summary)}</pre></body></html>\n")


def _write(out: Path, text: str) -> Path:
    """The page and its style sheet in the run's folder."""
    (out / STYLE_SHEET).write_text(_STYLE + "\n", encoding="utf-8")
    path = out / REPORT
    path.write_text(text, encoding="utf-8")
    return path


def write_simulation(out: Path, spec: GameSpec, summary: str, params: dict[str, int], charts: list[Path],
                     sensitivity: list[str] | None = None) -> Path:
    sections = [params_section(spec, params)]
    if sensitivity:
        sections.append("<h2>What moves the game (one step at a time)</h2><pre>"
                        + escape("\n".join(sensitivity)) + "</pre>")
    return _write(out, page(f"wasteland simulate {spec.name}", spec, sections, [c.name for c in charts], summary))


def write_tuning(out: Path, spec: GameSpec, summary: str, values: dict[str, int], measures: list, own: list,
                 charts: list[Path], verdict: str = "") -> Path:
    rows = []
    for m, m0 in zip(measures, own):
        mark = '<span class=met>met</span>' if m.met else '<span class=missed>missed</span>'
        rows.append([mark, escape(m.target.name), escape(m.target.wants()),
                     f"{m.estimate:.3f} [{m.low:.3f}, {m.high:.3f}]", f"{m.distance:.3f}",
                     f"{m0.estimate:.3f} [{m0.low:.3f}, {m0.high:.3f}]"])
    table = _table(["", "target", "wants", "best (95% interval)", "distance", "the game's own numbers"], rows, raw=True)
    sections = ["<h2>Targets</h2>" + (f"<p>{escape(verdict)}</p>" if verdict else "") + table,
                params_section(spec, values)]
    return _write(out, page(f"wasteland tune {spec.name}", spec, sections, [c.name for c in charts], summary))
