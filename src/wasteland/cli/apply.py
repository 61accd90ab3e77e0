"""``wasteland apply FILE ACTION...``: actions applied to a scenario of any game that
has a scenario format (``spec.scenario``); the file's ``game`` key says which game.

The answer is JSON on stdout: the state, the events in words, and the pending decision;
or ``{"error", "rule", ...}`` with exit code 1, and nothing applied after the refused
action. ``--seat pN`` acts as seat N: each action is played as that seat, so an action
while another seat's decision is pending is refused with the game's seat rule (the same
check the server makes for a client), the events are the ones that seat may see, and the
answer adds that seat's ``view``.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path
from typing import Any, Sequence

from wasteland.core.chance import CHANCE_SEAT
from wasteland.core.params import ParamError, applied, read_file
from wasteland.core.protocol import RuleError
from wasteland.core.registry import UnknownGame, get_spec
from wasteland.core.spec import GameSpec

from .common import shown, typed_number


def _out(data: dict[str, Any]) -> None:
    json.dump(data, sys.stdout, indent=1)
    print()


def _error(exc: RuleError, **more: Any) -> int:
    _out({"error": str(exc), "rule": exc.rule, **more})
    return 1


def _seat_name(seat: int) -> str:
    """``p2`` for seat 1; ``table`` for the table's chance answers (CHANCE_SEAT)."""
    return "table" if seat == CHANCE_SEAT else f"p{seat + 1}"


def _whose(seat: int) -> str:
    return "the table's" if seat == CHANCE_SEAT else f"p{seat + 1}'s"


def read_seat(text: str | None, players: int) -> int | None:
    """``p2`` (or ``2``) -> seat 1; a RuleError for anything else."""
    if text is None:
        return None
    number = typed_number(text.strip().lower().removeprefix("p"))
    if number is None or not 1 <= number <= players:
        raise RuleError("seat", f"--seat {shown(text)!r}: the seats of this game are p1 to p{players}")
    return number - 1


def apply_command(path: Path, actions: Sequence[str], seat: str | None = None, params: Path | None = None) -> int:
    """``wasteland apply``; prints JSON and returns the exit code. ``params``: a file of the
    scenario's game's tuned numbers, inside which the scenario is set up and played; a bad
    file is the answer's one error, naming the parameter and its range."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        return _error(RuleError("scenario", f"{path}: cannot read ({exc.strerror})"))
    except UnicodeDecodeError:
        return _error(RuleError("scenario", f"{path}: not a UTF-8 text file"))
    try:
        name = tomllib.loads(text).get("game")
    except tomllib.TOMLDecodeError as exc:
        return _error(RuleError("scenario", f"{path}: not valid TOML ({exc})"))
    except RecursionError:  # Python's TOML reader recurses once per nested array or table
        return _error(RuleError("scenario", f"{path}: not valid TOML (nested too deep)"))
    try:
        if not isinstance(name, str):
            from wasteland.core.registry import registered_games

            raise RuleError("scenario", f"{path}: the scenario must name its game (game = \"NAME\"; installed: "
                                        f"{', '.join(registered_games())})")
        spec = get_spec(name)
        tuned = read_file(spec, params) if params is not None else {}
    except ParamError as exc:
        return _error(RuleError("params", str(exc)))
    except (UnknownGame, RuleError) as exc:
        return _error(exc)
    with applied(spec, tuned):
        return _play(spec, text, path, actions, seat, tuned)


def _play(spec: GameSpec, text: str, path: Path, actions: Sequence[str], seat: str | None,
          tuned: dict[str, int]) -> int:
    """The scenario set up and ``actions`` applied, inside the game's tuned numbers."""
    try:
        state = spec.load_scenario(text, str(path))
        game = spec.engine
        acting = read_seat(seat, game.seats(state))
    except RuleError as exc:
        return _error(exc)
    all_events = []
    for index, action in enumerate(actions):
        d = game.decision(state)
        if acting is not None and d is not None and d.seat != acting:
            return _error(RuleError(d.rule, f"p{acting + 1} cannot act now: the pending decision "
                                            f"({d.kind}) is {_whose(d.seat)}"), action=action, index=index)
        try:
            state, events = game.apply(state, action, acting)
        except RuleError as exc:
            return _error(exc, action=action, index=index)
        all_events.extend(events)
    decision = game.decision(state)
    shown = all_events if acting is None else [game.event_view(e, acting) for e in all_events]
    out: dict[str, Any] = {
        "game": spec.name,
        "state": game.to_json(state),
        "events": [{**e, "text": game.describe(e)} for e in shown],
        "decision": None if decision is None else {
            "seat": _seat_name(decision.seat), "kind": decision.kind, "rule": decision.rule,
            "prompt": decision.prompt, "actions": list(decision.actions),
        },
    }
    if acting is not None:
        out["view"] = game.view(state, acting)
    if tuned:
        out["params"] = tuned
    _out(out)
    return 0
