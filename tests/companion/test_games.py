"""Every registered game runs as a companion session through its spec alone: the table
answers every decision (its chance too, in table mode), a session replayed from its steps
is the same game, and undo gives back the position before the step."""

from __future__ import annotations

import pytest

from wasteland.core.registry import registered_games
from wasteland.server.companion_session import CHANCE_SEAT, Session

GAMES = list(registered_games())


def play(session: Session, steps: int) -> None:
    for n in range(steps):
        d = session.decision()
        if d is None:
            return
        # the table answers: an action of the seat, or the policy where one covers the choice
        text = "decide" if n % 3 == 2 and session._policy_preview("en") else d.actions[n % len(d.actions)]
        session.play(session.resolve(text))


@pytest.mark.parametrize("game", GAMES)
def test_a_session_replays_to_the_same_game(game):
    spec = registered_games()[game]
    session = Session(spec, "s", {}, 11)
    play(session, 60)
    assert session.steps, "the table made no step"
    again = Session(spec, "s", {}, 11)
    again.replay(session.steps)
    assert spec.engine.to_json(again.state) == spec.engine.to_json(session.state)
    assert [p.events for p in again.played] == [p.events for p in session.played]


@pytest.mark.parametrize("game", GAMES)
def test_undo_gives_back_the_position_before_the_step(game):
    spec = registered_games()[game]
    session = Session(spec, "s", {}, 3)
    play(session, 25)
    before = spec.engine.to_json(session.played[-1].before)
    session.replay(session.without(len(session.steps) - 1))
    assert spec.engine.to_json(session.state) == before


@pytest.mark.parametrize("game", GAMES)
def test_chance_is_the_tables_where_the_game_draws(game):
    """In table mode no draw is the generator's: each is a decision of the chance seat,
    shown with the rule that draws (the conformance suite checks the answers' effect)."""
    spec = registered_games()[game]
    session = Session(spec, "s", {}, 7)
    seen = []
    for n in range(200):
        d = session.decision()
        if d is None:
            break
        if d.seat == CHANCE_SEAT:
            seen.append(d)
            snap = session.snapshot()
            assert snap["decision"]["chance"] and snap["decision"]["label"] == "table"
            assert d.rule and spec.is_anchor(d.rule)
        session.play(session.resolve(d.actions[n % len(d.actions)]))
    if spec.capabilities.chance:
        assert seen, f"{game} draws or rolls: the table must be asked"


@pytest.mark.parametrize("game", GAMES)
def test_the_table_never_sees_the_generator_or_the_deck_order(game):
    """A snapshot (what the page gets) holds no generator state and no deck's order, at
    every step, chance points included: in table mode the engine's deck order is only its
    guess, and the table's own draws are what count."""
    import json

    spec = registered_games()[game]
    g = spec.engine
    session = Session(spec, "s", {}, 5)
    for n in range(40):
        snap = session.snapshot()
        text = json.dumps(snap)
        full = g.to_json(session.state)
        assert str(full["rng"]) not in text and "rng" not in snap["view"]
        orders = [v for k, v in full.items() if "deck" in k or k in ("mirage", "token_pool")]
        orders += list(full.get("damage_stacks", {}).values())
        for order in orders:
            if isinstance(order, list) and len(order) > 2:
                assert json.dumps(order) not in text and json.dumps(order[::-1]) not in text
        d = session.decision()
        if d is None:
            break
        session.play(session.resolve(d.actions[n % len(d.actions)]))
