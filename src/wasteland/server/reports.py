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


def routes(directory: Path) -> list[Any]:
    directory = Path(directory).resolve()

    async def index(request: Request) -> HTMLResponse:
        items = "".join(f'<li><a href="/reports/{quote(name)}/{REPORT}">{escape(name)}</a></li>'
                        for name in runs(directory)) or "<li>no report yet: run simulate or tune with --out here</li>"
        return HTMLResponse("<!doctype html><html lang=en><head><meta charset=utf-8>"
                            "<meta name=viewport content='width=device-width,initial-scale=1'>"
                            "<title>Balance reports</title></head><body style='font-family:system-ui,sans-serif'>"
                            f"<h1>Balance reports</h1><ul>{items}</ul></body></html>")

    return [Route("/reports/", index, methods=["GET"]),
            Mount("/reports", StaticFiles(directory=directory, follow_symlink=False), name="reports")]
