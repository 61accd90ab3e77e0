"""Golden records: a few seeded games of every registered game with every decision and
event written out (as OpenSpiel's playthrough files), so that any change of behaviour
fails here, the intended ones included: those are regenerated on purpose.

Each ``tests/golden/<game>/<case>.jsonl`` is a header line (game, rules version, config,
seed, who chose the actions), a line with the set-up's events, one line per action (the
decision — seat, kind, rule, prompt, every legal action — then the action taken, the
events it produced and a digest of every seat's view and the spectator's before it),
with the spectator's whole view every ``FULL_VIEW_EVERY`` actions, and a last line with
the outcome and every view in full. The test replays each file's actions from its
header and compares line by line.

Regenerate (after a deliberate change of rules, notation, events or views; review the
diff before committing it)::

    python tests/golden/test_golden.py            # every registered game
    python tests/golden/test_golden.py saltlands  # one game

A game without golden files gets its default cases (the fewest players by random play,
a second player count, and its own bot's game) on the first regeneration.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from wasteland.core.agent import Observation
from wasteland.core.registry import get_spec, registered_games

HERE = Path(__file__).parent
FORMAT = "wasteland-golden/1"
FULL_VIEW_EVERY = 25
TURN_LIMIT = 8  # for a game with a turn_limit option: short games, small files


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def seats_of(game: Any, state: Any) -> list[int | None]:
    return [None, *range(game.seats(state))]


def playthrough(header: dict[str, Any], actions: list[str] | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """The lines of a golden file for ``header`` (its game, config and seed). With
    ``actions`` they are replayed; without, chosen by ``header["played_by"]`` (random
    play with the header's seed, or the game's bot of that name)."""
    spec = get_spec(header["game"])
    game = spec.engine
    state, events = game.new_game_with_events(header["config"], header["seed"])
    lines: list[dict[str, Any]] = [{"setup": events}]
    chosen: list[str] = []
    rnd = random.Random(header["seed"])
    who = header["played_by"]
    bot = spec.bot(who).make(header["seed"]) if actions is None and who != "random" else None
    step = 0
    while (d := game.decision(state)) is not None:
        if actions is not None:
            if step >= len(actions):
                lines.append({"unfinished": step})
                return lines, chosen
            action = actions[step]
        else:
            action = bot.choose(Observation(game, state, d)) if bot is not None else rnd.choice(d.actions)
        views = {str(q): game.view(state, q) for q in seats_of(game, state)}
        line: dict[str, Any] = {"step": step, "seat": d.seat, "kind": d.kind, "rule": d.rule, "prompt": d.prompt,
                                "actions": list(d.actions), "views": digest(views)}
        if step % FULL_VIEW_EVERY == 0:
            line["spectator_view"] = views["None"]
        try:
            events = game.apply_in_place(state, action)
        except Exception as exc:  # a changed rule refusing a recorded action: show it in the diff
            line.update(action=action, refused=str(exc))
            lines.append(line)
            return lines, chosen
        line.update(action=action, events=events)
        lines.append(line)
        chosen.append(action)
        step += 1
    outcome = game.outcome(state)
    lines.append({"end": {"winners": list(outcome.winners), "reason": outcome.reason} if outcome else None,
                  "actions": step, "views": {str(q): game.view(state, q) for q in seats_of(game, state)}})
    return lines, chosen


def default_headers(name: str) -> dict[str, dict[str, Any]]:
    spec = get_spec(name)
    bound = {"turn_limit": TURN_LIMIT} if spec.option("turn_limit") else {}
    players = spec.option("players") is not None
    low = spec.min_players
    second = min(spec.max_players, low + 1)

    def config(n: int) -> dict[str, Any]:
        return {**({"players": n} if players else {}), **bound}

    cases = {f"random-{low}p": (config(low), 1, "random")}
    if second != low:
        cases[f"random-{second}p"] = (config(second), 2, "random")
    if spec.bot(spec.default_bot) is not None:
        cases[f"{spec.default_bot}-{low}p"] = (config(low), 3, spec.default_bot)
    return {case: {"format": FORMAT, "game": name, "rules_version": spec.rules_version, "config": cfg,
                   "seed": seed, "played_by": who} for case, (cfg, seed, who) in cases.items()}


def write(path: Path, header: dict[str, Any], lines: list[dict[str, Any]]) -> None:
    text = "\n".join(json.dumps(x, sort_keys=True, ensure_ascii=False) for x in [header, *lines]) + "\n"
    path.write_text(text, encoding="utf-8")


def regenerate(names: list[str]) -> None:
    for name in names:
        folder = HERE / name
        folder.mkdir(exist_ok=True)
        existing = {p.stem: json.loads(p.read_text(encoding="utf-8").split("\n", 1)[0])
                    for p in sorted(folder.glob("*.jsonl"))}
        for case, header in {**default_headers(name), **existing}.items():
            header = {**header, "rules_version": get_spec(name).rules_version}
            first, actions = playthrough(header)
            write(folder / f"{case}.jsonl", header, first)
            print(f"{folder / case}.jsonl: {len(actions)} actions")


def golden_files() -> list[Any]:
    return [pytest.param(path, id=f"{path.parent.name}/{path.stem}")
            for name in sorted(registered_games()) for path in sorted((HERE / name).glob("*.jsonl"))]


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_every_game_has_golden_records(name):
    assert list((HERE / name).glob("*.jsonl")), f"no golden records of {name}: python tests/golden/test_golden.py {name}"


@pytest.mark.parametrize("path", golden_files())
def test_a_golden_record_plays_out_the_same(path):
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    header, expected = rows[0], rows[1:]
    assert header["format"] == FORMAT
    assert header["rules_version"] == get_spec(header["game"]).rules_version, "rules version changed: regenerate"
    actions = [row["action"] for row in expected if "action" in row]
    got, _ = playthrough(header, actions)
    for want, have in zip(expected, got):
        if want != have:
            keys = sorted(k for k in set(want) | set(have) if want.get(k) != have.get(k))
            where = f"step {want.get('step')}" if "step" in want else next(iter(want))
            pytest.fail(f"{path.name}, {where}: {', '.join(keys)} changed "
                        f"(expected {json.dumps({k: want.get(k) for k in keys}, ensure_ascii=False)[:600]}, "
                        f"got {json.dumps({k: have.get(k) for k in keys}, ensure_ascii=False)[:600]}); "
                        f"if intended, regenerate: python tests/golden/test_golden.py {header['game']}")
    assert len(got) == len(expected), f"{path.name}: {len(got)} lines instead of {len(expected)}"


if __name__ == "__main__":
    regenerate(sys.argv[1:] or sorted(registered_games()))
