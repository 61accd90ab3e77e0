"""The installed games as the lobby sees them: their specs for ``GET /api``, and each
game's own browser files (board module, styles, translations) served from the game's
package at ``/games/<name>/`` (see API.md, "The games and their pages")."""

from __future__ import annotations

import importlib.resources
import logging
from pathlib import Path, PurePosixPath
from typing import Any, Iterable

from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from wasteland.agents.registry import SHARED_BOTS
from wasteland.core.params import game_params
from wasteland.core.spec import GameSpec

log = logging.getLogger("wasteland.server")

#: the file beside a game's board module that offers the companion page's corrections
#: (``hexEdits(view, hex)``, ``tableEdits(view)``: see web/js/companion.js)
COMPANION_MODULE = "companion.js"


def _package(spec: GameSpec) -> str:
    return spec.package or spec.game.partition(":")[0].rpartition(".")[0]


def _folder(spec: GameSpec, relative: str) -> Path | None:
    """A folder inside the game's package on disk, or None (a zipped package serves no files)."""
    try:
        root = importlib.resources.files(_package(spec))
    except (ModuleNotFoundError, TypeError):
        return None
    path: Any = root
    for part in PurePosixPath(relative).parts:  # one step at a time: a namespace package's path takes one
        path = path.joinpath(part)
    return path if isinstance(path, Path) and path.is_dir() else None


def board_folder(spec: GameSpec) -> Path | None:
    """The folder of the game's board module (``spec.web_board``), served at ``/games/<name>/``."""
    if not spec.web_board:
        return None
    folder = _folder(spec, str(PurePosixPath(spec.web_board).parent))
    if folder is None or not (folder / PurePosixPath(spec.web_board).name).is_file():
        log.warning("%s: no board module %s in %s", spec.name, spec.web_board, _package(spec))
        return None
    return folder


def texts_folder(spec: GameSpec) -> Path | None:
    """The folder of the game's translations (``spec.web_texts``), served at ``/games/<name>/i18n/``."""
    return _folder(spec, spec.web_texts) if spec.web_texts else None


def lobby_spec(spec: GameSpec) -> dict[str, Any]:
    """``spec.to_json()`` with what a browser needs beside it: every bot a seat may take
    (``seat_bots``, the shared ones first), the game's tunable numbers (``params``: name,
    text, default, low, high, rule, step) and the addresses of the game's own page files
    (``web``: null where the game has none; the page then falls back to a generic view)."""
    own = {b.name: b.description for b in spec.bots}
    bots = [{"name": n, "description": d} for n, d in {**SHARED_BOTS, **own}.items()]
    board = board_folder(spec)
    web = {"board": f"/games/{spec.name}/{PurePosixPath(spec.web_board).name}" if board else None,
           "texts": f"/games/{spec.name}/i18n/" if texts_folder(spec) else None,
           # the words of its components, one language at a time: GET <cards><lang>
           "cards": f"/api/texts/{spec.name}/" if spec.card_texts else None,
           # the rules reference, one language per address: /api/games/<name>/rules/<lang>
           "rules": f"/api/games/{spec.name}/rules/" if spec.rules_texts else None,
           # the companion page's corrections by tapping: companion.js beside the board module
           "companion": f"/games/{spec.name}/{COMPANION_MODULE}" if board and (board / COMPANION_MODULE).is_file()
           else None}
    # the numbers a game created here may be tuned by (``params`` of POST /api/games)
    params = [p.to_json() for p in game_params(spec).params]
    return {**spec.to_json(), "seat_bots": bots, "web": web, "params": params}


def game_mounts(specs: Iterable[GameSpec]) -> list[Mount]:
    """``/games/<name>/i18n/`` and ``/games/<name>/`` for every game that has browser files."""
    mounts: list[Mount] = []
    for spec in specs:
        texts, board = texts_folder(spec), board_folder(spec)
        if texts is not None:
            mounts.append(Mount(f"/games/{spec.name}/i18n", StaticFiles(directory=texts)))
        if board is not None:
            mounts.append(Mount(f"/games/{spec.name}", StaticFiles(directory=board)))
    return mounts
