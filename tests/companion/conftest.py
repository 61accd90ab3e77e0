"""A real server on localhost for the companion's tests, on SQLite and on PostgreSQL: the
server tests' own fixtures (tests/server/conftest.py), loaded by path because pytest runs
with --import-mode=importlib, where a conftest is not importable by name."""

from __future__ import annotations

import importlib.util
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from wasteland.cli.companion import _start_server, terminal_key

_path = Path(__file__).resolve().parent.parent / "server" / "conftest.py"
_spec = importlib.util.spec_from_file_location("companion_servertest", _path)
servertest = importlib.util.module_from_spec(_spec)
sys.modules["companion_servertest"] = servertest
_spec.loader.exec_module(servertest)

pg_admin_url = servertest.pg_admin_url
LiveServer = servertest.LiveServer
new_database = servertest.new_database


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request, pg_admin_url, tmp_path_factory):
    db = new_database(request.param, pg_admin_url, str(tmp_path_factory.mktemp("db")))
    live = LiveServer(db).start()
    try:
        yield live
    finally:
        live.stop()


sys.modules["companiontest"] = sys.modules[__name__]


@contextmanager
def terminal_server(db: str):
    """(url, terminal key) of a companion server in this process on the SQLite file ``db``:
    what the terminal flow's tests talk to."""
    server, thread, port = _start_server("127.0.0.1", 0, db)
    try:
        yield f"http://127.0.0.1:{port}", terminal_key(db)
    finally:
        server.should_exit = True
        thread.join(30)


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    with terminal_server(str(tmp_path_factory.mktemp("db") / "table.db")) as url_key:
        yield url_key

# The browser tests' fixtures (tests/web/conftest.py): Debian's chromium through Playwright,
# a real ``wasteland serve`` on a temporary database, the artifacts folder for screenshots.
_wpath = Path(__file__).resolve().parent.parent / "web" / "conftest.py"
_wspec = importlib.util.spec_from_file_location("companion_webtest", _wpath)
webtest = importlib.util.module_from_spec(_wspec)
sys.modules["companion_webtest"] = webtest
_wspec.loader.exec_module(webtest)
if sys.modules.get("webtest") is webtest:  # it names itself so; the web tests' own copy keeps that name
    del sys.modules["webtest"]

serve = webtest.serve


@pytest.fixture(scope="session")
def artifacts() -> Path:
    folder = webtest.ARTIFACTS / "companion"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# -- the companion page at a phone's viewport (the page tests' shared harness) -----------------

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(watched):
    """A page at a phone's viewport, touch on (tests/conftest.py's ``watched``): any
    JavaScript or console error on it fails the test."""
    return watched("phone")


def ready(page, index: int | None = None) -> None:
    """Wait until the session settles (at step ``index`` when given)."""
    sel = "#session[data-ready='1']" if index is None else f"#session[data-ready='1'][data-index='{index}']"
    page.wait_for_selector(sel)


def index_of(page) -> int:
    return int(page.get_attribute("#session", "data-index"))


def kind_of(page) -> str:
    return page.get_attribute("#session", "data-kind")



def answer_chance(page) -> None:
    """The table answers the chance point on screen with the first outcome it offers: each
    die's face where it rolled several dice together (one step once the last is tapped), a
    card from the list where there are many, else the first card or face."""
    if page.locator("#roll").count():
        for _ in range(int(page.get_attribute("#roll", "data-roll"))):
            page.tap("#roll .roll-face >> nth=0")
    elif page.locator("#chance-pick").count():
        page.tap("#chance-go")
    else:
        page.tap("#decision .action-btn.chance >> nth=0")


def to_a_players_turn(page) -> None:
    """The table plays on to a player's own turn (past any set-up): its dice and cards, the
    enemies by the policy, a set-up's result as the form proposes, else the first option."""
    for _ in range(40):
        ready(page)
        if page.locator("#session.entering").count() and "setup" not in page.inner_text(".status-line").lower():
            return
        n = index_of(page)
        if page.get_attribute("#session", "data-kind") == "chance":
            answer_chance(page)
        elif page.locator("#run").count():
            page.tap("#run")
        elif page.locator("#action-form-go").count():
            page.tap("#action-form-go")
        elif page.locator("#turn-end").count():
            page.tap("#turn-end")
        else:
            page.locator("#decision [data-action]").first.tap()
        page.wait_for_selector(f"#session[data-ready='1']:not([data-index='{n}'])")
    raise AssertionError("no player's turn came")
