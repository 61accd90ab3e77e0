"""Conformance: in a companion session every card, die and tile the automated parts draw is
a question to the table, never the engine's own draw, in every round of every game (Quest's
first round included: its destiny and hero dice come before the first seat decides).

Shown black-box, as a table would find out: sessions from different seeds (where the set-up
lays a board out at random, Saltlands', sessions on the same set-up whose hidden parts
are dealt anew by the game's determinization: decks, face-down tiles, the generator) and given the same steps
(the same answers to the same chance questions, the same choices of the players) show the
same position at every step. The generator only orders the engine's guess of the decks,
which the table never sees; a die, card or tile the engine drew by itself would show a
different outcome under another generator.

The steps are chosen by a fixed generator of the test's own among the legal actions and
outcomes (and the game's tie policy where it covers the choice), for several rounds.
"""

from __future__ import annotations

import json
import os
import random
import re

import pytest

from wasteland.core.registry import registered_games
from wasteland.core.rng import Rng
from wasteland.server.companion_session import CHANCE_SEAT, Session

GAMES = list(registered_games())
SEEDS = (1, 2, 977)
ROUNDS = 3  # rounds played in every run; WASTELAND_FULL_WALK=1 plays more
FULL_ROUNDS = 8
MAX_STEPS = 1500
MIN_STEPS = 400  # and at least these steps (a random table's rounds can be short)


COPY = re.compile(r"#\d+")
#: Games whose set-up lays a board out at random that the table then lays as it finds it
#: (Saltlands' starting tiles, tokens and markers, SL §34 to SL §38 and SL §43; the page's
#: corrections enter the table's own): their sessions share the set-up and differ in every
#: hidden part after it.
LAID_OUT = {"saltlands"}


def reshuffled(spec, session: Session, seed: int) -> Session:
    """``session`` with its start's hidden parts dealt anew (the game's own determinization,
    as search players sample the worlds a seat cannot tell apart: the decks' order, the
    face-down tiles, the generator) and what the table sees of the set-up kept."""
    g = spec.engine
    d = g.decision(session.start)
    seat = d.seat if d is not None and d.seat >= 0 else 0
    other = Session(spec, f"s{seed}", {}, SEEDS[0])
    world = g.determinize(session.start, seat, Rng(seed))
    other.start = other.state = g.with_table_chance(world) if session.start.chance is None else \
        g.from_json({**g.to_json(world), "chance": g.to_json(session.start)["chance"]})
    return other


def shown(session: Session) -> str:
    """What the table's page shows of the position: the view, the question and its options.
    Copies of one card are told apart by a number the engine gives (``machete#4``): which
    copy a drawn kind is, the table cannot say, so the number is left out."""
    snap = session.snapshot()
    d = snap["decision"]
    text = json.dumps({"view": snap["view"], "chance": snap["chance"],
                       "decision": None if d is None else {k: d[k] for k in ("seat", "kind", "rule", "actions")}},
                      sort_keys=True)
    return COPY.sub("#", text)


def round_of(session: Session) -> int:
    """The round the game is in: its own count, or (Age of Thirst, which counts the clans'
    turns) its turns over the number of clans."""
    view = session.snapshot()["view"]
    if "round" in view:
        return int(view["round"] or 0)
    clans = max(1, len(view.get("players", ())) or int(session.config.get("players", 2)))
    return int(view.get("turn", 0) or 0) // clans


def ordered(actions) -> list[str]:
    """The options as the page shows them, copies of a card told apart by their place only."""
    return sorted(actions, key=lambda a: (COPY.sub("#", a), a))


def differences(a, b, path="") -> list[str]:
    """Where two shown positions differ (for the failure's message)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [d for k in sorted(set(a) | set(b)) for d in differences(a.get(k), b.get(k), f"{path}.{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, f"{path}.{i}")]
    return [] if a == b else [f"{path}: {str(a)[:60]} | {str(b)[:60]}"]


@pytest.mark.parametrize("game", GAMES)
def test_every_draw_of_the_automated_parts_is_asked_of_the_table(game):
    spec = registered_games()[game]
    if not spec.capabilities.chance:
        pytest.fail(f"{game} has no chance: this test covers only games that draw")
    rounds = FULL_ROUNDS if os.environ.get("WASTELAND_FULL_WALK") == "1" else ROUNDS
    if game in LAID_OUT:
        first = Session(spec, "s", {}, SEEDS[0])
        sessions = [first] + [reshuffled(spec, first, seed) for seed in SEEDS[1:]]
    else:  # the whole game from different seeds: a first round's dice too (Quest's, WQ-40.3)
        sessions = [Session(spec, f"s{seed}", {}, seed) for seed in SEEDS]
    assert len({shown(s) for s in sessions}) == 1, f"{game}: the set-up shows what the generator drew"
    pick = random.Random(f"table-{game}")
    first_round = round_of(sessions[0])
    asked = 0
    for n in range(MAX_STEPS):
        d = sessions[0].decision()
        if d is None or (round_of(sessions[0]) - first_round >= rounds and n >= MIN_STEPS):
            break
        policy = d.seat != CHANCE_SEAT and sessions[0]._policy_preview("en") is not None and pick.random() < 0.5
        asked += d.seat == CHANCE_SEAT
        choice = pick.randrange(len(d.actions))
        for s in sessions:  # the same option in each: its place among the options as shown
            step = "decide" if policy else ordered(s.decision().actions)[choice]
            s.play(s.resolve(step))
        views = [shown(s) for s in sessions]
        if len(set(views)) != 1:
            last = sessions[0].played[-1]
            other = next(v for v in views if v != views[0])
            where = differences(json.loads(views[0]), json.loads(other))[:6]
            pytest.fail(f"{game}: after step {n + 1} ({step!r}, rule {last.rule}) the seed shows: the engine "
                        f"drew by itself instead of asking the table; events: "
                        f"{[e.get('text') for e in last.events][:6]}; shown differently: {where}")
    assert round_of(sessions[0]) - first_round >= rounds or sessions[0].decision() is None, \
        f"{game}: {rounds} rounds not reached in {MAX_STEPS} steps"
    assert asked >= 3, f"{game}: the table was asked {asked} times in {n} steps: too few to tell"
