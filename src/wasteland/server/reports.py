"""The designers' reports on the server (``wasteland serve --reports DIR``): ``/reports/``
lists the runs in DIR that hold a ``report.html`` (written by ``simulate --out`` and
``tune --out``), and ``/reports/RUN/...`` serves a run's folder as it is: read-only (GET
and HEAD), never a path outside DIR (Starlette's ``StaticFiles`` refuses ``..`` and links
out of the folder), a missing file a 404."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

REPORT = "report.html"  # the name ``wasteland.sim.html_report`` writes


def runs(directory: Path) -> list[str]:
    """The run folders of ``directory`` holding a report, newest first."""
    found = [p for p in directory.iterdir() if p.is_dir() and (p / REPORT).is_file()]
    found.sort(key=lambda p: ((p / REPORT).stat().st_mtime, p.name), reverse=True)
    return [p.name for p in found]


#: the list's own words in the lobby's languages (``?lang=``; English when none or another)
WORDS = {
    "en": {"title": "Balance reports", "none": "No report yet: run simulate or tune with --out into this folder.",
           "back": "Back to the lobby"},
    "ru": {"title": "Отчёты о балансе", "none": "Отчётов пока нет: запустите simulate или tune с --out в эту папку.",
           "back": "Назад в лобби"},
    "uk": {"title": "Звіти про баланс", "none": "Звітів поки немає: запустіть simulate або tune з --out у цю теку.",
           "back": "Назад до лобі"},
}

# inline style attributes only: the server's policy allows them, not a <style> element
# (``wasteland.server.browser.CSP``); a long run name wraps instead of widening a phone's page
PAGE = "font-family:system-ui,sans-serif;margin:0 auto;padding:0 1em;max-width:60em;overflow-wrap:anywhere"


def index_page(names: list[str], lang: str) -> str:
    """The list of runs, each a link to its report, in ``lang``."""
    words = WORDS.get(lang, WORDS["en"])
    lang = lang if lang in WORDS else "en"
    items = "".join(f'<li style="margin:.4em 0"><a href="/reports/{quote(name)}/{REPORT}">{escape(name)}</a></li>'
                    for name in names) or f"<li>{escape(words['none'])}</li>"
    return (f"<!doctype html><html lang={lang}><head><meta charset=utf-8>"
            "<meta name=viewport content='width=device-width,initial-scale=1'>"
            "<link rel=icon href=/favicon.svg type=image/svg+xml>"
            f"<title>{escape(words['title'])}</title></head><body style='{PAGE}'>"
            f"<p><a href=\"/\">{escape(words['back'])}</a></p>"
            f"<h1>{escape(words['title'])}</h1><ul style='padding-left:1.2em'>{items}</ul></body></html>")


def routes(directory: Path) -> list[Any]:
    directory = Path(directory).resolve()

    async def index(request: Request) -> HTMLResponse:
        return HTMLResponse(index_page(runs(directory), request.query_params.get("lang", "en")))

    return [Route("/reports/", index, methods=["GET"]),
            Mount("/reports", StaticFiles(directory=directory, follow_symlink=False), name="reports")]
