"""Shared helpers for the Saltlands rulebook tests.

Positions are set up with TOML scenarios (``scenario_from_text``). The hexes used most
are those of the compass tile, whose layout never changes (data/tiles.toml)::

    r=-2:            0,-2 s   1,-2 s   2,-2 s
    r=-1:   -1,-1 s  0,-1 s   1,-1 d   2,-1 s
    r= 0:   -2,0 s  -1,0 s    0,0 d*   1,0 d*   2,0 m
    r= 1:   -2,1 s  -1,1 d    0,1 d*   1,1 s
    r= 2:   -2,2 sA -1,2 s    0,2 s            (* = the 3 start dunes, SL §45)

With ``seed = 1`` a small play area (1-3 players) puts ``start_1`` on the NE side
(centre 5,-3) and ``start_3`` on the N side (centre 2,-5).
"""

from __future__ import annotations

import sys
import textwrap
import types
from typing import Any, Callable

import pytest

from wasteland.core.protocol import RuleError
from wasteland.games.saltlands.content import load_content
from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.scenario import scenario_from_text
from wasteland.games.saltlands.state import State

Events = list[dict[str, Any]]


def build(text: str) -> State:
    return scenario_from_text(textwrap.dedent(text))


@pytest.fixture
def scenario() -> Callable[[str], State]:
    """``scenario(text)`` -> a State set up from a TOML scenario."""
    return build


# -- decisions and actions ----------------------------------------------------------------


def legal(s: State) -> tuple[str, ...]:
    d = GAME.decision(s)
    assert d is not None, "the game is over"
    return d.actions


def find_all(s: State, prefix: str) -> list[str]:
    return [a for a in legal(s) if a.startswith(prefix)]


def find(s: State, prefix: str) -> str:
    """The first legal action that starts with ``prefix`` (fails if there is none)."""
    found = find_all(s, prefix)
    assert found, f"no legal action starts with {prefix!r}; legal: {legal(s)}"
    return found[0]


def has(s: State, prefix: str) -> bool:
    return bool(find_all(s, prefix))


def play(s: State, *actions: str) -> Events:
    """Apply actions in place (each one must be legal); return all their events."""
    out: Events = []
    for a in actions:
        out.extend(GAME.apply_in_place(s, a))
    return out


def act(s: State, prefix: str) -> Events:
    """Apply the first legal action starting with ``prefix``."""
    return play(s, find(s, prefix))


def repeat(s: State, prefix: str) -> Events:
    """Keep taking the first legal action starting with ``prefix`` while there is one
    (e.g. the order in which raiders of a type act: ``repeat(s, "raider ")``)."""
    out: Events = []
    while GAME.decision(s) is not None and has(s, prefix):
        out.extend(act(s, prefix))
    return out


def of_type(events: Events, kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def decision_kind(s: State) -> str:
    d = GAME.decision(s)
    assert d is not None
    return d.kind


def autoplay(s: State, max_actions: int = 20000) -> Events:
    """Play on with the simplest choices: end each turn at once (discarding down to the
    hand limit first), and take the first option of every other decision."""
    out: Events = []
    for _ in range(max_actions):
        d = GAME.decision(s)
        if d is None:
            return out
        if d.kind == "turn" and "end" in d.actions:
            choice = "end"
        elif d.kind == "turn" and any(a.startswith("discard") for a in d.actions) and not s.must_move:
            choice = next(a for a in d.actions if a.startswith("discard"))
        else:
            choice = d.actions[0]
        out.extend(GAME.apply_in_place(s, choice))
    raise AssertionError("the game did not end")


# -- cards --------------------------------------------------------------------------------


def cid(s: State, card: int) -> str:
    """The card's id (``axe``) from its instance number."""
    return s.static.catalog.cards[card].id


def name(s: State, card: int) -> str:
    """The card's instance name (``axe#2``)."""
    return s.static.catalog.card_names[card]


def hand(s: State, seat: int = 0) -> list[str]:
    return sorted(cid(s, c) for c in s.players[seat].hand)


def cargo(s: State, seat: int = 0) -> list[str]:
    return sorted(cid(s, c) for c in s.players[seat].cargo)


def vehicle(s: State, seat: int = 0) -> str | None:
    v = s.players[seat].vehicle
    return None if v is None else cid(s, v)


def held(s: State, card_id: str, seat: int = 0) -> str:
    """The instance name of a card the player holds (hand, cargo, vehicle)."""
    p = s.players[seat]
    for c in p.cards():
        if cid(s, c) == card_id:
            return name(s, c)
    raise AssertionError(f"p{seat + 1} holds no {card_id}: {hand(s, seat)} {cargo(s, seat)} {vehicle(s, seat)}")


def held_all(s: State, card_id: str, seat: int = 0) -> list[str]:
    return [name(s, c) for c in s.players[seat].cards() if cid(s, c) == card_id]


def engaged(s: State, seat: int = 0) -> list[str]:
    return sorted(cid(s, c) for c in s.players[seat].engaged)


def discard_ids(s: State) -> list[str]:
    return [cid(s, c) for c in s.discard]


# -- board --------------------------------------------------------------------------------


def hex_index(s: State, text: str) -> int:
    q, r = text.split(",")
    return s.static.geo.index[(int(q), int(r))]


def where(s: State, seat: int = 0) -> str | None:
    h = s.players[seat].hex
    return None if h is None else s.static.geo.names[h]


def raiders(s: State) -> list[tuple[str, str, int]]:
    """(type, hex, crew) of every raider on the board, sorted."""
    names = s.static.geo.names
    return sorted((r[0], names[r[1]], r[2]) for r in s.raiders.values())


def tokens(s: State) -> dict[str, str]:
    names = s.static.geo.names
    return {names[h]: s.static.catalog.tokens[t].id for h, t in s.tokens.items()}


def damage_card(
    *, damage: int = 0, damage_type: str = "normal", move_bonus: int = 0, letters: str | None = None
) -> str:
    """The id of the first base damage card printing these values, so that a test asks for the
    attack its rulebook example needs rather than naming a card of the chosen data."""
    for card in load_content().damage_cards.values():
        if card.expansion or (card.damage, card.move_bonus) != (damage, move_bonus):
            continue
        if damage and card.damage_type != damage_type:
            continue
        if letters is None or set(card.letters) == set(letters):
            return card.id
    raise LookupError(f"no damage card with damage {damage} {damage_type}, +{move_bonus}, letters {letters}")


def set_damage_card(s: State, rtype: str, card_id: str) -> None:
    """Put the damage card ``card_id`` on top of ``rtype``'s stack (it swaps places with
    the current top card, wherever it is), so that the next activation reveals it."""
    stacks = s.damage_stacks
    top = stacks[rtype][-1]
    for t, cards in stacks.items():
        if card_id in cards:
            i = cards.index(card_id)
            cards[i] = top
            stacks[rtype][-1] = card_id
            s.touch()
            return
    stacks[rtype][-1] = card_id  # a card not in any stack (e.g. left in the box)
    s.touch()


# -- chance at a table (core.chance): tests answer draws instead of stacking decks -----------


def at_table(s: State) -> State:
    """``s`` with its chance answered by the table: every draw waits on ``answer``."""
    return GAME.with_table_chance(s)


def asked(s: State) -> Any:
    """The chance point the table must answer now."""
    pending = GAME.chance_pending(s)
    assert pending is not None, f"no chance point pending; decision: {GAME.decision(s)}"
    return pending.point


def answer(s: State, *outcomes: str) -> Events:
    """Answer the pending chance points in turn, in place; the events of the action they
    complete (none before)."""
    from wasteland.core.chance import CHANCE_SEAT

    events: Events = []
    for outcome in outcomes:
        asked(s)
        events = GAME.apply_in_place(s, f"chance {outcome}", CHANCE_SEAT)
    return events


def answer_any(s: State) -> Events:
    """Answer every pending chance point with its first outcome."""
    events: Events = []
    while GAME.chance_pending(s) is not None:
        events = answer(s, asked(s).outcomes[0])
    return events


# -- illegal actions ----------------------------------------------------------------------


def assert_illegal(s: State, action: str, anchor: str, seat: int | None = None) -> RuleError:
    """The action raises RuleError naming ``anchor`` and leaves the state untouched
    (through both ``apply`` and ``apply_in_place``)."""
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as info:
        GAME.apply(s, action, seat=seat)
    assert GAME.to_json(s) == before
    with pytest.raises(RuleError) as info2:
        GAME.apply_in_place(s, action, seat=seat)
    assert GAME.to_json(s) == before
    err = info.value
    assert anchor in err.rule or anchor in str(err), f"expected {anchor}, got [{err.rule}] {err}"
    assert str(info2.value) == str(err)
    return err


# The position of the rulebook's example of scarce spawns (SL §107): Normal, four tiles
# explored, three Speedsters, three Pickups and a Truck on the board; five free B and M
# points and three Speedster figures left, as the book counts them. test_examples replays the
# example on it and test_ties checks the tie policy chooses as the example does.
SL107_EXAMPLE = """
        seed = 1
        [config]
        players = 2
        characters = ["scout", "scientist"]
        difficulty = "normal"
        [state]
        explore = ["t-1,-1", "t0,-2", "t1,-2", "t2,-2"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        [[player]]
        seat = "p2"
        hex = "-2,-8"
        [[raider]]
        type = "speedster"
        hex = "-1,-1"
        [[raider]]
        type = "speedster"
        hex = "-2,1"
        [[raider]]
        type = "speedster"
        hex = "-1,-8"
        [[raider]]
        type = "pickup"
        hex = "5,-1"
        [[raider]]
        type = "pickup"
        hex = "3,-5"
        [[raider]]
        type = "pickup"
        hex = "8,-9"
        [[raider]]
        type = "truck"
        hex = "11,-8"
"""


# The test modules import these helpers with ``from sltest import ...``: pytest runs with
# ``--import-mode=importlib``, where a conftest is not importable by name.
_kit = types.ModuleType("sltest")
_kit.__dict__.update({k: v for k, v in globals().items() if not k.startswith("__")})
sys.modules["sltest"] = _kit
