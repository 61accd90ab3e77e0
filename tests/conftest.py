"""Helpers shared by the tests of both games: driving ``wasteland play`` in a
pseudo-terminal, and random games checked as they go.

The test modules import them with ``from testkit import ...``: pytest runs with
``--import-mode=importlib``, where a conftest is not importable by name (the same way
tests/saltlands/conftest.py offers ``sltest``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import types
from typing import Any
from pathlib import Path

import pexpect
import pytest

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\r")
# Every question of `play` ends like "p1 turn (1-49, help) > ".
PROMPT = r"p(\d) (\w+) \(1-(\d+), help\) > "


def spawn_cli(*args: str, cwd, width: int, timeout: int) -> pexpect.spawn:
    """``python -m wasteland.cli.main ARGS`` in a pseudo-terminal 60 rows by ``width``."""
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    return pexpect.spawn(sys.executable, ["-m", "wasteland.cli.main", *args], encoding="utf-8",
                         dimensions=(60, width), cwd=str(cwd), env=env, timeout=timeout)


def plain(text: str) -> str:
    return ANSI.sub("", text)


def ask(child: pexpect.spawn) -> tuple[str, str, str]:
    """Wait for the next question; returns (seat, decision kind, what was printed before it)."""
    child.expect(PROMPT)
    return child.match.group(1), child.match.group(2), plain(child.before)


def checked_playout(game, config: dict, seed: int, check, max_steps: int, check_every: int = 0,
                    record: list[str] | None = None):
    """A whole game of uniformly random legal actions; ``check(state)`` every
    ``check_every`` actions (0: only at the end) and at the end; the final state."""
    from wasteland.agents.random_agent import RandomAgent

    s = game.new_game(config, seed)
    agent = RandomAgent(seed)
    steps = 0
    while (d := game.decision(s)) is not None:
        assert d.actions, f"a decision with no legal action ({d.kind})"
        action = agent.choose(d)
        game.apply_in_place(s, action)
        if record is not None:
            record.append(action)
        steps += 1
        if check_every and steps % check_every == 0:
            check(s)
        assert steps < max_steps, f"no end in {max_steps:,} actions: {config}, seed {seed}"
    check(s)
    return s


CHROMIUM = os.environ.get("WASTELAND_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium through Playwright, once per test process: Playwright's sync API
    runs an event loop in the process's main thread while it is open, so a second instance
    (or asyncio.run) started beside it in the same worker fails. Every folder's browser
    tests share this one."""
    import playwright.sync_api as playwright_sync  # installed by the test extra

    if not Path(CHROMIUM).exists():
        # .ci/run installs Debian's chromium; a missing browser is a failed set-up, not a pass.
        pytest.fail(f"no Chromium at {CHROMIUM}: run `bash .ci/run` (it installs Debian's chromium)")
    with playwright_sync.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
        yield TestBrowser(b)
        b.close()


class TestBrowser:
    """The browser, whose contexts bypass the pages' Content-Security-Policy unless a test
    asks otherwise (``bypass_csp=False``): Playwright's ``wait_for_function`` evaluates its
    predicate with ``eval``, which the policy (script-src 'self') forbids the page. The
    pages themselves are checked under the policy in tests/web/test_csp.py."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)
        return self._browser.new_context(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture
def watched(browser):
    """Pages to test, each in a fresh browser context: ``watched(size, lang, timeout,
    refusals, **context options)`` opens one (boardkit's ``watched_page``: "phone" 390x844 with touch,
    "desktop" 1280x800, or (width, height)). ``page.problems`` lists its console errors and
    page errors so far; when the test ends its contexts are closed and any such error fails
    it. Every folder's browser tests open their pages this way."""
    import boardkit

    opened = []

    def open_page(size="phone", lang: str = "en", timeout: int = 20_000, refusals: bool = False, **options):
        ctx, page = boardkit.watched_page(browser, size, lang, timeout, refusals, **options)
        opened.append((ctx, page))
        return page

    yield open_page
    problems = [problem for _, page in opened for problem in page.problems]
    for ctx, _ in opened:
        ctx.close()
    assert not problems, f"errors on the page: {problems}"


#: WCAG 2.1 AA's rules in axe-core (its copy in the pinned axe-playwright-python package,
#: pyproject's test extra: nothing is fetched at test time)
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_violations(page: Any, tags: list[str] | None = None, impacts=("serious", "critical")) -> list[str]:
    """Each axe-core violation of ``impacts`` on the page (only ``tags``' rules when given)
    as one line: its impact, rule, how many nodes and the first of them."""
    import axe_playwright_python

    if not page.evaluate("typeof window.axe !== 'undefined'"):
        script = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
        page.evaluate(script + "\n;true")  # evaluated by the driver: no script tag, no CSP exception
    options = {"resultTypes": ["violations"]}
    if tags:
        options["runOnly"] = {"type": "tag", "values": tags}
    result = page.evaluate("options => axe.run(document, options)", options)
    out = []
    for v in result["violations"]:
        if v["impact"] in impacts:
            nodes = [" ".join(n["target"]) if isinstance(n["target"], list) else str(n["target"])
                     for n in v["nodes"][:4]]
            out.append(f"{v['impact']} {v['id']} ({len(v['nodes'])}): {v['help']} at {nodes}")
    return out


def wasteland(*args: str, timeout: int = 300, **run: Any) -> subprocess.CompletedProcess:
    """``python -m wasteland.cli.main ARGS`` as a subprocess, its output captured as text."""
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", *args], capture_output=True, text=True,
                          timeout=timeout, **run)


def refused_file(path: Path, text: str, read: Any, error: type[Exception], message: str,
                 *command: str) -> subprocess.CompletedProcess:
    """A bad file written to ``path`` is refused by ``read(path)`` with ``error`` saying
    ``message``, and the command that takes it (``command`` then the path) exits 2 with the
    same words and no traceback: one error naming what is wrong, in the library and the CLI."""
    path.write_text(text, encoding="utf-8")
    with pytest.raises(error) as exc:
        read(path)
    assert message in str(exc.value)
    out = wasteland(*command, str(path), timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr and message in out.stderr, out.stderr
    return out


_kit = types.ModuleType("testkit")
_kit.__dict__.update({k: v for k, v in globals().items() if not k.startswith("__")})
sys.modules["testkit"] = _kit


# -- the game of docs/adding-a-game.md ---------------------------------------------------

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "adding-a-game.md"
_BLOCK = re.compile(r"^```(\w+)\n(.*?)^```$", re.S | re.M)


def guide_files(guide: Path = GUIDE) -> dict[str, str]:
    """The files the guide writes: each code block whose first line is a comment naming a
    file (``# dry_well/spec.py``), that file's text as it stands."""
    files = {}
    for _lang, body in _BLOCK.findall(guide.read_text(encoding="utf-8")):
        first = body.split("\n", 1)[0]
        m = re.fullmatch(r"# ([\w/]+\.py)", first)
        if m:
            files[m.group(1)] = body
    return files


def guide_entry_points(guide: Path = GUIDE) -> dict[str, str]:
    """The ``wasteland.games`` entry points of the guide's ``pyproject.toml`` block."""

    for lang, body in _BLOCK.findall(guide.read_text(encoding="utf-8")):
        if lang == "toml" and body.startswith("# dry_well's pyproject.toml"):
            return tomllib.loads(body)["project"]["entry-points"]["wasteland.games"]
    raise AssertionError("the guide registers no game")


@pytest.fixture(scope="session")
def third_game_site(tmp_path_factory) -> Path:
    """Dry Well, installed from docs/adding-a-game.md alone, the way a game from another
    distribution is: the guide's files written into a temporary folder with a dist-info
    whose ``entry_points.txt`` is the guide's registration. Put that folder on PYTHONPATH
    of the programs a test starts (``third_game_env`` in tests/third_game)."""
    site = tmp_path_factory.mktemp("site")
    for name, text in guide_files().items():
        path = site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    info = site / "dry_well-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: dry-well\nVersion: 0.1\n", encoding="utf-8")
    entries = "".join(f"{name} = {ref}\n" for name, ref in guide_entry_points().items())
    (info / "entry_points.txt").write_text("[wasteland.games]\n" + entries, encoding="utf-8")
    return site


# tests/web/boardkit.py, the helpers that play a page as a person does (the list's buttons,
# the board's pieces and targets), importable as ``boardkit`` by every folder's browser tests
# (pytest runs with --import-mode=importlib: a helper module is registered by name here).
import importlib.util as _importlib_util  # noqa: E402
import sys as _sys  # noqa: E402
from pathlib import Path as _Path  # noqa: E402

_kit = _importlib_util.spec_from_file_location("boardkit", _Path(__file__).parent / "web" / "boardkit.py")
_sys.modules["boardkit"] = _importlib_util.module_from_spec(_kit)
_kit.loader.exec_module(_sys.modules["boardkit"])
