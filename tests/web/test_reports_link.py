"""The lobby links to the designers' balance reports (issue 31: "viewable from the server's
page") only when the server shows them (``serve --reports DIR``; ``GET /api`` says
``reports``), and the link opens the list of runs, which a phone (390x844) and a laptop
(1280x800) read without sideways scroll or a console error, in English, Russian and
Ukrainian."""

from __future__ import annotations

import subprocess
import sys

import pytest
from playwright.sync_api import expect

from webtest import serve

# a long name, as a designer's folder names go: it must wrap on a phone, not widen the page
RUN = "fallout-influence-target-sweep-for-the-solo-survivor-2026-12-07"
WORDS = {"en": ("Balance reports", "Back to the lobby"), "ru": ("Отчёты о балансе", "Назад в лобби"),
         "uk": ("Звіти про баланс", "Назад до лобі")}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    runs = tmp_path_factory.mktemp("runs")
    done = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "simulate", "fallout", "--games", "2",
                           "--bot", "heuristic", "--workers", "1", "--no-progress", "--out", str(runs / RUN)],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    return runs


@pytest.fixture(scope="module")
def with_reports(runs, tmp_path_factory):
    with serve(tmp_path_factory.mktemp("r") / "r.db", args=("--reports", str(runs))) as url:
        yield url


@pytest.fixture(scope="module")
def without_reports(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("n") / "n.db") as url:
        yield url


def console_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return errors


def test_no_link_when_the_server_shows_no_reports(new_page, without_reports):
    page = new_page()
    page.goto(f"{without_reports}?lang=en")
    expect(page.locator("#create-form")).to_be_visible()  # GET /api answered, the lobby drawn from it
    expect(page.locator("#lists h2").first).to_be_visible()
    expect(page.locator("#reports-link")).to_have_count(0)
    assert page.request.get(f"{without_reports}api").json()["reports"] is False


@pytest.fixture
def page_under_policy(browser):
    """A page under the server's Content-Security-Policy (the other browser tests' pages
    bypass it, tests/conftest.py): a report's style refused by it is a console error."""
    contexts = []

    def make(width: int, height: int):
        ctx = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=False)
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        return page

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_the_link_opens_the_reports_in_the_lobbys_language(page_under_policy, with_reports, artifacts, lang, width,
                                                           height):
    page = page_under_policy(width, height)
    errors = console_errors(page)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{with_reports}?lang={lang}")
    link = page.locator("#reports-link")
    expect(link).to_have_text(WORDS[lang][0])
    expect(page.locator("#create-form")).to_be_visible()
    page.screenshot(path=str(artifacts / f"lobby-reports-link-{lang}-{width}x{height}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    link.click()
    page.wait_for_url("**/reports/?lang=" + lang)
    expect(page.locator("h1")).to_have_text(WORDS[lang][0])
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("link", name=WORDS[lang][1])).to_be_visible()
    run = page.get_by_role("link", name=RUN)
    expect(run).to_be_visible()
    page.screenshot(path=str(artifacts / f"reports-index-{lang}-{width}x{height}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
    run.click()
    page.wait_for_url(f"**/reports/{RUN}/report.html")
    expect(page.locator("body")).to_contain_text("wasteland simulate fallout")
    expect(page.locator("th").first).to_have_css("border-top-style", "solid")  # its style sheet applied
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # every cell of its tables is read where it stands: none cut off at the table's box (a
    # tester's 390 px phone saw the parameters' rule and text columns hidden past the edge)
    cut = page.evaluate("""[...document.querySelectorAll('td')].filter(td => {
        const box = td.closest('.wrap').getBoundingClientRect(), r = td.getBoundingClientRect();
        return r.width > 0 && r.right > box.right + 1}).map(td => td.textContent)""")
    assert not cut, cut
    page.screenshot(path=str(artifacts / f"report-{lang}-{width}x{height}.png"), full_page=True)
    assert not errors, errors
