"""``wasteland serve --reports DIR``: a simulation's report page and its charts, read-only
and never a file outside DIR."""

from __future__ import annotations

import subprocess
import sys

from starlette.testclient import TestClient

from wasteland.server.app import create_app


def test_the_server_shows_a_run_report_read_only_and_path_safe(tmp_path):
    runs = tmp_path / "runs"
    run = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "simulate", "fallout", "--games", "3",
                          "--bot", "heuristic", "--workers", "1", "--no-progress", "--out", str(runs / "fo-demo")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    (tmp_path / "secret.txt").write_text("not for the web", encoding="utf-8")
    with TestClient(create_app(str(tmp_path / "w.db"), bot_workers=1, reports=runs)) as client:
        index = client.get("/reports/")
        assert index.status_code == 200 and 'href="/reports/fo-demo/report.html"' in index.text
        page = client.get("/reports/fo-demo/report.html")
        assert page.status_code == 200 and "wasteland simulate fallout" in page.text
        assert "FO-13.5" in page.text and 'src="win_rate_by_players.png"' in page.text  # each parameter's anchor
        chart = client.get("/reports/fo-demo/win_rate_by_players.png")
        assert chart.status_code == 200 and chart.headers["content-type"] == "image/png"
        assert client.get("/reports/fo-demo/games.csv").status_code == 200
        assert "<style" not in page.text and 'href=report.css' in page.text  # the server's CSP refuses a style element
        assert client.get("/reports/fo-demo/report.css").headers["content-type"].startswith("text/css")
        for path in ("/reports/../secret.txt", "/reports/%2e%2e/secret.txt", "/reports/fo-demo/../../secret.txt",
                     "/reports/nothing/report.html"):
            r = client.get(path)
            assert r.status_code == 404 and "not for the web" not in r.text, path
        assert client.post("/reports/fo-demo/report.html").status_code == 405
        assert client.delete("/reports/fo-demo/games.csv").status_code == 405
    assert (runs / "fo-demo" / "games.csv").is_file()


def test_api_says_whether_reports_are_served_and_the_list_speaks_the_lobbys_languages(tmp_path):
    runs = tmp_path / "runs"
    runs.mkdir()
    with TestClient(create_app(str(tmp_path / "a.db"), bot_workers=1)) as client:
        assert client.get("/api").json()["reports"] is False
        assert client.get("/reports/").status_code == 404
    with TestClient(create_app(str(tmp_path / "b.db"), bot_workers=1, reports=runs)) as client:
        assert client.get("/api").json()["reports"] is True
        for lang, title in (("en", "Balance reports"), ("ru", "Отчёты о балансе"), ("uk", "Звіти про баланс"),
                            ("xx", "Balance reports")):
            page = client.get(f"/reports/?lang={lang}").text
            assert f"<title>{title}</title>" in page and "<style" not in page  # the CSP refuses style elements
            assert f"<html lang={lang if lang != 'xx' else 'en'}>" in page
