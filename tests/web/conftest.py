"""The browser page under a real browser: a real ``wasteland serve`` on a temporary SQLite
database, driven by Playwright through Debian's headless Chromium (``/usr/bin/chromium``;
``.ci/run`` installs it). Screenshots go to ``$WASTELAND_ARTIFACTS`` (default
``tests/web/artifacts/``)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import playwright.sync_api as playwright_sync  # installed by the test extra

CHROMIUM = os.environ.get("WASTELAND_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(os.environ.get("WASTELAND_ARTIFACTS") or Path(__file__).parent / "artifacts")


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@contextlib.contextmanager
def serve(db: Path, processes: int = 1, env: dict[str, str] | None = None, args: tuple[str, ...] = ()):
    """``wasteland serve --port 0 --companion`` in a subprocess (with ``env``: say, a PYTHONPATH
    that installs another game; ``args``: more of serve's options, say ``--reports DIR``); its
    URL from the line it prints. The companion's pages are tested on it too (tests/companion),
    so its routes are on."""
    cmd = [sys.executable, "-c", "from wasteland.cli.main import app; app()", "serve", "--host", "127.0.0.1",
           "--port", "0", "--db", str(db), "--bot-workers", "1", "--processes", str(processes), "--companion",
           *args]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    url = None
    deadline = time.monotonic() + 60
    lines = []
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            if proc.poll() is not None:
                break
            continue
        lines.append(line)
        m = re.search(r"(http://[\d.]+:\d+/)", line)
        if m:
            url = m.group(1)
            break
    if url is None:
        proc.kill()
        raise RuntimeError("the server did not start:\n" + "".join(lines))
    # keep reading its output so the pipe never fills up
    import threading

    threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


#: ``WASTELAND_FULL_WALK=1``: every browser test also against two processes, and every
#: language and size of the walkthroughs. Without it (each CI run) a bounded slice: the
#: two-process twins of the tests about several sockets and nodes, and each walkthrough
#: once in each language, the sizes alternating, so the suite stays within its time.
FULL = os.environ.get("WASTELAND_FULL_WALK") == "1"
TWO_PROCESS_SLICE = {"test_two_players_in_two_browsers", "test_the_sockets_first_state_does_not_redraw_the_position_already_drawn",
                     "test_decide_ties_for_me_plays_the_raiders_ties_and_says_so"}
WALKTHROUGH_SLICE = {"test_saltlands_solo_walkthrough": {"en-phone", "ru-desktop", "uk-phone"},
                     "test_age_of_thirst_two_player_walkthrough": {"en-desktop", "ru-phone", "uk-desktop"}}


def _in_slice(item: pytest.Item) -> bool:
    name = getattr(item, "originalname", item.name)
    ids = getattr(getattr(item, "callspec", None), "id", "")
    if re.search(r"(^|-)two-processes(-|$)", ids):
        return name in TWO_PROCESS_SLICE
    if name in WALKTHROUGH_SLICE:
        return ids in WALKTHROUGH_SLICE[name]
    return True


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if FULL:
        return
    left_out = [item for item in items if not _in_slice(item)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if _in_slice(item)]


@pytest.fixture(scope="session", params=[1, 2], ids=["one-process", "two-processes"])
def server_url(request, tmp_path_factory) -> str:
    """The server, once as one process, once with the games shared between two (``--processes 2``)."""
    with serve(tmp_path_factory.mktemp("web") / "web.db", request.param) as url:
        yield url


# ``browser`` is tests/conftest.py's: one Playwright per test process, for every folder.


@pytest.fixture
def new_page(browser, artifacts):
    """A page in a fresh browser context (its own localStorage: its own seat tokens)."""
    contexts = []
    errors: list[str] = []

    def make(locale: str = "en-US", **options):
        """``options``: more of Playwright's context options (say ``bypass_csp=False``)."""
        ctx = browser.new_context(**{"viewport": {"width": 1400, "height": 900}, "locale": locale, **options})
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


# The test modules import ``serve`` with ``from webtest import serve``: pytest runs with
# --import-mode=importlib, where a conftest is not importable by name.
import sys  # noqa: E402

sys.modules["webtest"] = sys.modules[__name__]

# tests/web/boardkit.py, the board-component tests' helpers, is importable as ``boardkit``
# from every folder (tests/conftest.py registers it).
