"""Mutated states (issue 32, point 6): a valid state of every registered game, as its JSON,
with one part changed (a value replaced by another of any type, a huge or negative
number, a key taken away or one added), is either refused at once by ``from_json`` with
a RuleError — naming the key when the key is unknown or missing — or accepted, and then
plays on: every seat's view and random continuations run with no other exception.
``WASTELAND_FUZZ_LONG=N`` runs N cases per game instead of the bound. Nothing here
names a game."""

from __future__ import annotations

import functools
import json
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wasteland.core.chance import CHANCE_SEAT
from wasteland.core.protocol import RuleError
from wasteland.core.registry import registered_games

GAMES = sorted(registered_games())
CASES = int(os.environ.get("WASTELAND_FUZZ_LONG", "0")) or 60
FUZZ = settings(max_examples=CASES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
CONTINUATIONS = 25  # random actions played on an accepted state


@functools.lru_cache(maxsize=None)
def valid_states(name: str) -> tuple[str, ...]:
    """JSON texts of states along a few random games, digital and at the table."""
    spec = registered_games()[name]
    game = spec.engine
    out = []
    for seed in range(3):
        config = spec.validate({"players": spec.max_players} if spec.option("players") and seed else {})
        state = game.new_game(config, seed)
        if seed == 2 and hasattr(game, "with_table_chance"):
            state = game.with_table_chance(state)
        rnd = random.Random(seed)
        for step in range(60):
            if step % 12 == 0:
                out.append(json.dumps(game.to_json(state)))
            d = game.decision(state)
            if d is None:
                break
            state, _ = game.apply(state, rnd.choice(d.actions))
    return tuple(out)


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a JSON value: dict keys and list positions."""
    out = [path] if path else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


REPLACEMENTS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.sampled_from([-1, 10**30, -10**30, 2**63, 1e30, 0.5]),
    st.text(max_size=6), st.sampled_from(["", "h1", "g1", "0", "x", "p1", "event", "hero", "round"]),
    st.lists(st.integers(-1, 6), max_size=3), st.just({}), st.just([]), st.just({"kind": "event", "seat": 0}),
)


def _mutate(data: dict[str, Any], draw: Any) -> tuple[dict[str, Any], str, str]:
    """``data`` with one change; what was done, and the top-level key it touched."""
    places = _paths(data)
    how = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add", "borrow"]))
    path = draw(st.sampled_from(places))
    *parent_path, last = path
    parent: Any = data
    for p in parent_path:
        parent = parent[p]
    top = str(path[0])
    if how == "add":
        key = "bogus_" + draw(st.text("abcdefgh", min_size=1, max_size=4))
        target = parent if isinstance(parent, dict) else data
        target[key] = draw(REPLACEMENTS)
        return data, f"add {key}", top
    if how == "delete":
        if isinstance(parent, dict):
            del parent[last]
        else:
            parent.pop(last)
        return data, f"delete {path}", top
    if how == "borrow":  # another part's value in this place: the right shape, the wrong sense
        other = draw(st.sampled_from(places))
        value: Any = data
        for p in other:
            value = value[p]
        parent[last] = json.loads(json.dumps(value))
        return data, f"set {path} to the value at {other}", top
    parent[last] = draw(REPLACEMENTS)
    return data, f"set {path} to {parent[last]!r}", top


def _plays_on(game: Any, state: Any, seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(CONTINUATIONS):
        for seat in [None, CHANCE_SEAT, *range(game.seats(state))]:
            json.dumps(game.view(state, seat))
        d = game.decision(state)
        if d is None:
            return
        action = rnd.choice(d.actions)
        try:
            state, _ = game.apply(state, action, d.seat)
        except RuleError as exc:  # an offered action refused: the position was not one
            raise AssertionError(f"the offered {action!r} was refused: {exc}") from None


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_a_mutated_state_is_refused_at_once_or_plays_on(name, data):
    game = registered_games()[name].engine
    text = data.draw(st.sampled_from(valid_states(name)))
    state_json, what, top = _mutate(json.loads(text), data.draw)
    try:
        state = game.from_json(state_json)
    except RuleError as exc:
        if what.startswith("add "):  # an unknown key is refused by its name
            assert what.removeprefix("add ") in str(exc), (what, str(exc))
        return
    _plays_on(game, state, data.draw(st.integers(0, 1000)))
