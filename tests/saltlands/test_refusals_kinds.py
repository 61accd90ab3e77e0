"""Every decision kind of Saltlands, with options its rules forbid: each refusal names the
rule that forbids that option (not the waiting decision's rule when a narrower one applies,
never a generic one) and changes nothing.

``POSITIONS`` reaches each decision kind; ``CASES`` lists, per kind, wrong answers to it
and the anchor each must name; ``HOME`` says, for every verb of the game, which rule says
when its decision comes: a verb given while another decision waits names that rule.
"""

from __future__ import annotations

import random
from typing import Callable

import pytest

from wasteland.core.protocol import NotationError, RuleError
from wasteland.games.saltlands.engine import DECISION_INFO
from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.state import State

from sltest import build, damage_card, held, play, set_damage_card

CALM = """
    [state]
    wind = "N"
    weather = ["w01", "w02"]
    storm = {storm}
"""


def one(who: str = "scout", hand: str = "[]", cargo: str = "[]", vehicle: str = "sailer", hex: str = "-1,0",
        storm: str = "false", players: int = 1, extra: str = "", config: str = "") -> State:
    chars = {1: f'["{who}"]', 2: f'["{who}", "healer"]'}[players]
    second = '[[player]]\nseat = "p2"\nhex = "-1,1"\nhand = ["medkit"]\ncargo = []\nvehicle = "sailer"\n' \
        if players == 2 else ""
    return build(f"""
        seed = 1
        [config]
        players = {players}
        characters = {chars}
        {config}
        {CALM.format(storm=storm)}
        [[player]]
        seat = "p1"
        hex = "{hex}"
        hand = {hand}
        cargo = {cargo}
        vehicle = "{vehicle}"
        {second}
        {extra}
    """)


def turn() -> State:
    """The Scout's turn beside the Healer (p2, -2,0), a Truck (-1,-1) and a loot token (-2,1)."""
    return one(hand='["axe", "water", "helmet", "medkit", "spear"]', cargo='["crew"]', vehicle="speedster_vehicle",
               players=2, extra='[[raider]]\ntype = "truck"\nhex = "-1,-1"\n'
                                '[[token]]\nhex = "-2,1"\ntoken = "loot"\n[[token]]\nhex = "1,-2"\ntoken = "crew"\n')


def turn_water_used() -> State:
    s = turn()
    play(s, held(s, "water").join(("use ", "")))
    return s


def expansion(who: str, hand: str = "[]", cargo: str = "[]", hex: str = "-1,0", players: int = 2) -> State:
    """A Lost in the Desert character's turn (p2, the Healer, at -1,1 holding a Medkit)."""
    return one(who=who, hand=hand, cargo=cargo, hex=hex, players=players, config="expansion = true")


def thief_after_theft() -> State:
    s = expansion("pickpocket")
    play(s, "steal p2")
    return s


def far_trader() -> State:
    return expansion("trader", hand='["axe", "water", "spear", "helmet"]', cargo='["crew"]', hex="2,-2")


def far_trader_after_three_trades() -> State:
    s = far_trader()
    for card in ("axe", "water", "spear"):
        play(s, "trade p2", "done", f"discard {held(s, card)}")  # another action ends each trade
    return s


def scientist_after_repair() -> State:
    s = reconstruction()
    play(s, GAME.decision(s).actions[0])
    return s


def soak(damage_type: str = "normal") -> State:
    s = one(hand='["helmet", "medkit"]', cargo='["crew"]', extra='[[raider]]\ntype = "speedster"\nhex = "-1,-1"\n')
    set_damage_card(s, "speedster", damage_card(damage=2 if damage_type == "normal" else 1, damage_type=damage_type))
    play(s, "end", "activate speedster")
    return s


def robbery() -> State:
    """Competitive: the Scout's Axe hits the Healer (Compass and Plants are Victory cards)."""
    s = build("""
        seed = 1
        [config]
        players = 2
        mode = "competitive"
        characters = ["scout", "healer"]
        [[player]]
        seat = "p1"
        hex = "2,-2"
        hand = ["axe"]
        cargo = []
        vehicle = "sailer"
        [[player]]
        seat = "p2"
        hex = "2,-1"
        hand = ["compass", "plants", "medkit"]
        cargo = ["crew"]
        vehicle = "sailer"
    """)
    play(s, f"use {held(s, 'axe')} by scout at 2,-1")
    assert s.stack[-1].get("robbery_by") == 0
    return s


def soak_after_helmet() -> State:
    s = soak()
    play(s, "armor helmet#1")
    return s


def character() -> State:
    s = GAME.new_game({"players": 2}, 3)
    play(s, "character plowman")
    return s


def enter() -> State:
    s = GAME.new_game({"players": 2}, 3)
    play(s, "character plowman", "character arsonist")
    return s


def rumor() -> State:
    s = one(extra='[[token]]\nhex = "-1,-1"\ntoken = "rumor"\n')
    play(s, "collect -1,-1 by scout")
    return s


def reconstruction() -> State:
    s = one(who="scientist", hand='["axe"]')
    play(s, "ability")  # Repair: one Reconstruction, then a discard (SL §135)
    return s


def place() -> State:
    s = one(cargo='["crew", "crew"]', hand='["axe"]', extra='[[token]]\nhex = "-1,-1"\ntoken = "crew"\n')
    play(s, "collect -1,-1 by scout")
    return s


def storm() -> State:
    s = one(vehicle="pickup_vehicle", hex="2,-2", storm="true", hand='["axe"]', cargo='["crew"]')
    play(s, "move 3,-3")
    return s


def trade() -> State:
    s = turn()
    play(s, "trade p2")
    return s


def offer() -> State:
    s = turn()
    play(s, f"give {held(s, 'axe')} to p2")
    return s


def fuel_drain() -> State:
    s = one(who="arsonist", hand='["fuel", "fuel"]', vehicle="speedster_vehicle")
    play(s, f"discard {held(s, 'fuel')}", f"discard {held(s, 'speedster_vehicle')}")
    return s


def activation() -> State:
    s = one(players=2, extra='[[raider]]\ntype = "truck"\nhex = "2,-1"\n')
    play(s, "end")
    return s


def lure() -> State:
    s = build("""
        game = "saltlands"
        seed = 1
        [config]
        players = 1
        characters = ["trader"]
        expansion = true
        [[player]]
        seat = "p1"
        hex = "1,-2"
        vehicle = "sailer"
        hand = ["flare_gun"]
        cargo = []
        [[raider]]
        type = "truck"
        hex = "-2,0"
        [[raider]]
        type = "pickup"
        hex = "-2,2"
    """)
    play(s, "use flare_gun#1")
    return s


def orient() -> State:
    s = one(hex="0,-2", hand='["binoculars"]', config='variants = ["explorers_luck"]')
    play(s, next(a for a in GAME.decision(s).actions if a.startswith("use binoculars#1 by scout tile")))
    return s


def streak() -> State:
    """Born Killer's second Machete on a Truck (armor 1, crew 2) after a first that it
    stopped: added up it hits once, alone not at all (SL §146)."""
    s = one(who="huntress", hand='["machete", "machete"]', cargo='["crew"]', config="expansion = true",
            extra='[[raider]]\ntype = "truck"\nhex = "-1,-1"\n')
    play(s, "use machete#1 by huntress at -1,-1", "use machete#2 by crew#1 at -1,-1")
    return s


def reached(found: Callable[[State], bool]) -> State:
    """The first position of seeded random games where ``found`` holds (the stages of a raider
    activation and a respawn come up within a few dozen actions)."""
    for seed in range(20):
        for config in ({"players": 1, "mode": "solo"}, {"players": 3},
                       {"players": 4, "mode": "competitive", "expansion": True},
                       {"players": 1, "mode": "solo", "difficulty": "easy"}):
            s = GAME.new_game(config, seed)
            rnd = random.Random(seed)
            for _ in range(400):
                d = GAME.decision(s)
                if d is None:
                    break
                if found(s):
                    return s
                GAME.apply_in_place(s, rnd.choice(d.actions))
    raise AssertionError("no seeded game reached the position")


def stage(name: str, also: Callable[[State], bool] = lambda s: True) -> Callable[[], State]:
    def make() -> State:
        return reached(lambda s: bool(s.stack) and s.stack[-1]["kind"] == "activation"
                       and s.stack[-1]["stage"] == name and bool(GAME.decision(s).actions) and also(s))

    make.__name__ = f"activation_{name}"
    return make


def respawn_enter(difficulty: str = "easy") -> State:
    return reached(lambda s: bool(s.stack) and s.stack[-1]["kind"] == "enter" and s.static.rules.difficulty == difficulty
                   and s.stack[-1].get("respawn") == "starting_tiles")


def respawn_discard() -> State:
    """The discard of 4 of the 8 cards drawn after a respawn at Normal (SL §94)."""
    return reached(lambda s: bool(s.stack) and s.stack[-1]["kind"] == "discard"
                   and s.stack[-1].get("reason") == "respawn" and s.static.rules.difficulty == "normal")


def _character_card(s: State) -> str:
    p = s.players[s.stack[-1]["seat"]]
    return f"discard {s.static.catalog.card_names[p.char_card]}"


def respawn_enter_normal() -> State:
    return respawn_enter("normal")


def _other_hex(s: State, verb: str) -> str:
    """A face-up hex of the board the decision does not offer for ``verb``."""
    geo = s.static.geo
    offered = set(GAME.decision(s).actions)
    return next(f"{verb} {geo.names[h]}" for h in range(geo.size)
                if s.face_up[geo.position_of(h)] and f"{verb} {geo.names[h]}" not in offered)


def _other_seat(s: State, verb: str) -> str:
    offered = set(GAME.decision(s).actions)
    return next(f"{verb} p{q + 1}" for q in range(len(s.players)) if f"{verb} p{q + 1}" not in offered)


def _activated_type(s: State) -> str:
    return "activate " + next(t for t in s.static.rules.raider_types if s.revealed.get(t))


POSITIONS: dict[str, Callable[[], State]] = {
    "turn": turn, "character": character, "enter": enter, "soak": soak, "rumor": rumor,
    "discard": reconstruction, "place": place, "storm": storm, "trade": trade, "offer": offer,
    "fuel_drain": fuel_drain, "activation": activation, "lure": lure, "orient": orient,
    "streak": streak,
}

# (position, wrong action, the anchor of the rule that forbids it). An action may be a
# function of the state (for the instance names of cards).
Action = str | Callable[[State], str]
CASES: dict[str, list[tuple[Callable[[], State], Action, str]]] = {
    "turn": [
        (turn, "move -1,1", "SL §78"),  # the Healer stands there
        (turn, "move 0,-9", "SL §78"),  # a face-down tile
        (turn, lambda s: f"use {held(s, 'helmet')}", "SL §88"),  # armor waits for an attack
        (turn, lambda s: f"use {held(s, 'medkit')}", "SL §89"),
        (turn, lambda s: f"use {held(s, 'axe')} by scout at 1,-2", "SL §85"),  # not adjacent
        (turn, lambda s: f"use {held(s, 'axe')} by scout at -2,0", "SL §85"),  # a player, not Competitive
        (turn, lambda s: f"use {held(s, 'axe')} by scout at 0,0", "SL §85"),  # nobody there
        (turn, lambda s: f"use {held(s, 'axe')} by healer at -1,-1", "SL §64"),  # not her crew
        (turn, lambda s: f"use {held(s, 'spear')} by {held(s, 'axe')} at -1,-1", "SL §64"),
        (turn, lambda s: f"use {held(s, 'speedster_vehicle')}", "SL §70"),
        (turn, "use scout", "SL §71"),
        (turn, "use machete#1 by scout at -1,-1", "SL §67"),
        (turn_water_used, lambda s: "use water#1", "SL §66"),  # a one-time card, re-used
        (turn, "collect 1,-2 by scout", "SL §73"),  # not adjacent
        (turn, "collect 0,0 by scout", "SL §73"),  # no token
        (turn, "collect -2,1 by healer", "SL §64"),
        (turn, "refresh scout", "SL §65"),  # no Water used
        (turn_water_used, lambda s: f"refresh {held(s, 'axe')}", "SL §65"),  # not a crew member
        (turn_water_used, "refresh scout", "SL §65"),  # nothing engaged
        (turn, "ability", "SL §135"),  # Born Driver works by itself
        (turn, "steal p2", "SL §146"),
        (turn, "trade p3", "SL §15"),
        (turn, "trade p1", "SL §72"),
        (turn, "give scout to p2", "SL §54"),
        (turn, "discard scout", "SL §54"),
        (turn, "discard machete#1", "SL §67"),
        (lambda: one(hand='["fuel"]'), "move 0,-2 fuel 1", "SL §84"),  # Fuel never raises a sail
        (lambda: one(vehicle="wind_tractor", config="expansion = true"), "move 7,-5", "SL §144"),  # beyond the wind strength
        (lambda: one(vehicle="pickup_vehicle", hex="2,-2", storm="true"), "move 3,-3", "SL §53"),  # no card to pay
        (lambda: one(hand='["map"]', hex="0,-2"), "use map#1 by scout tile t0,0", "SL §110"),  # face up
        (lambda: one(hand='["katana"]', config="expansion = true"), "use katana#1 by scout rot 0", "SL §143"),
        (lambda: one(hand='["flamethrower"]', config="expansion = true",
                     extra='[[raider]]\ntype = "truck"\nhex = "-1,-1"\n'),
         "use flamethrower#1 by scout at -1,-1", "SL §136"),  # no Fuel card to burn
        (lambda: one(hand='["bag_of_herbs"]'), "use bag_of_herbs#1 by scout", "SL §136"),  # no Medkit discarded
        (lambda: one(hand='["flare_gun"]', config="expansion = true"), "use flare_gun#1", "SL §142"),
        (thief_after_theft, "steal p2", "SL §146"),  # once per turn
        (far_trader, lambda s: f"give {held(s, 'crew')} to p2", "SL §146"),  # hand items only
        (far_trader_after_three_trades, "trade p2", "SL §146"),  # three trades a turn
        (lambda: expansion("prophet", hand='["axe", "water"]'), lambda s: f"ability {held(s, 'axe')}", "SL §146"),
        (scientist_after_repair, "ability", "SL §71"),  # once per turn
    ],
    "character": [
        (character, "character plowman", "SL §44"),  # taken
        (character, "character trader", "SL §141"),  # Lost in the Desert is not in play
    ],
    "enter": [
        (enter, "enter 3,-2", "SL §45"),
        (respawn_enter, lambda s: _other_hex(s, "enter"), "SL §92"),  # Easy: off the starting tiles, or taken
        (respawn_enter_normal, lambda s: _other_hex(s, "enter"), "SL §95"),  # the same step at Normal
    ],
    "soak": [
        (soak_after_helmet, "armor helmet#1", "SL §66"),  # the one-time Helmet, re-used
        (lambda: soak("ap"), "armor helmet#1", "SL §87"),
        (soak, "armor medkit#1", "SL §88"),
        (soak, "heal helmet#1", "SL §89"),
        (soak, "lose medkit#1", "SL §85"),
        (soak, "lose scout", "SL §85"),
        (soak, "yield medkit#1", "SL §122"),
        (soak, "armor axe#1", "SL §67"),
        (robbery, lambda s: f"heal {held(s, 'medkit', 1)}", "SL §122"),  # healing never stops a robbery
        (robbery, lambda s: f"lose {held(s, 'crew', 1)}", "SL §122"),  # a robbery takes Victory cards
        (robbery, lambda s: f"yield {held(s, 'medkit', 1)}", "SL §122"),  # not a Victory card
    ],
    "rumor": [(rumor, "top 2", "notation")],  # top and bottom are always both open: only their form is wrong
    "discard": [
        (reconstruction, "discard scientist", "SL §54"),  # the character card never leaves its slot
        (reconstruction, "discard machete#1", "SL §67"),
        (respawn_discard, _character_card, "SL §54"),  # nor after a respawn (SL §94)
    ],
    "place": [
        (place, "discard crew#1", "SL §54"),  # only the new card is discarded; replace frees a slot
        (place, "replace axe#1", "SL §54"),
        (place, "replace scout", "SL §54"),
        (place, "place crew#3", "SL §54"),
    ],
    "storm": [
        (storm, lambda s: f"discard {held(s, 'pickup_vehicle')}", "SL §53"),
        (storm, "discard scout", "SL §53"),
        (storm, "discard machete#1", "SL §67"),
    ],
    "trade": [
        (trade, "give healer", "SL §54"),
        (trade, "give machete#1", "SL §67"),
    ],
    "offer": [(offer, "accept axe#1", "notation")],  # accept and decline are always both open
    "fuel_drain": [
        (fuel_drain, lambda s: f"take {held(s, 'fuel')}", "SL §135"),  # not in the discard pile
    ],
    "activation": [
        (activation, "activate truck#1", "notation"),
        (activation, "activate apc", "SL §97"),  # not in a two-player game
        (activation, "raider -1,-1", "SL §100"),  # the step asks for a type
        (stage("type", lambda s: any(s.revealed.get(t) for t in s.static.rules.raider_types)), _activated_type,
         "SL §100"),  # a type already activated this round
        (stage("raider"), lambda s: _other_hex(s, "raider"), "SL §101"),  # no raider of the type there
        (stage("target"), lambda s: _other_seat(s, "chase"), "SL §105"),  # not one of the nearest
        (stage("goto"), lambda s: _other_hex(s, "goto"), "SL §105"),  # not an end of a shortest path
        (stage("attack"), lambda s: _other_seat(s, "attack"), "SL §103"),  # not adjacent
        (stage("spawn"), lambda s: _other_hex(s, "spawn"), "SL §107"),
    ],
    "lure": [
        (lure, "goto 0,0", "SL §142"),  # first the raider that moves
        (lure, "raider 0,0", "SL §142"),
    ],
    "orient": [
        (orient, "orient S", "SL §152"),
    ],
    "streak": [(streak, "join machete#2", "notation")],  # join and alone are always both open
}

# When each verb's decision comes (the rule a verb names while another decision waits).
HOME = {
    **{verb: "SL §46" for verb in ("move", "collect", "use", "refresh", "trade", "give", "ability", "steal",
                                    "discard", "end")},
    "character": "SL §44", "enter": "SL §45", "armor": "SL §88", "heal": "SL §89", "lose": "SL §85",
    "yield": "SL §122", "top": "SL §109", "bottom": "SL §109", "place": "SL §54", "replace": "SL §54",
    "done": "SL §72", "accept": "SL §72", "decline": "SL §72", "take": "SL §135", "pass": "SL §135",
    "activate": "SL §100", "raider": "SL §105", "chase": "SL §105", "goto": "SL §105", "attack": "SL §103",
    "spawn": "SL §107", "orient": "SL §152", "join": "SL §146", "alone": "SL §146",
}
# A well-formed action of each verb, given while another decision waits.
SAMPLE = {
    "move": "move 0,-2", "collect": "collect -2,1 by scout", "use": "use axe#1 by scout at -1,-1",
    "refresh": "refresh scout", "trade": "trade p2", "give": "give axe#1 to p2", "ability": "ability",
    "steal": "steal p2", "discard": "discard axe#1", "end": "end", "character": "character scout",
    "enter": "enter 0,0", "armor": "armor helmet#1", "heal": "heal medkit#1", "lose": "lose crew#1",
    "yield": "yield axe#1", "top": "top", "bottom": "bottom", "place": "place axe#1", "replace": "replace sailer#1",
    "done": "done", "accept": "accept", "decline": "decline", "take": "take fuel#1", "pass": "pass",
    "activate": "activate truck", "raider": "raider -1,-1", "chase": "chase p1", "goto": "goto 0,0",
    "attack": "attack p1", "spawn": "spawn 0,0", "orient": "orient N",
    "join": "join", "alone": "alone",
}


def refusal(s: State, action: str) -> RuleError:
    d = GAME.decision(s)
    assert action not in d.actions, f"{action!r} is legal here"
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(s, action)
    assert GAME.to_json(s) == before, "a refusal changes nothing"
    return err.value


def test_every_decision_kind_has_a_position_and_refusal_cases():
    """A new decision kind fails here until it has a position and cases of its own."""
    kinds = set(DECISION_INFO)
    assert set(POSITIONS) == kinds, kinds ^ set(POSITIONS)
    assert set(CASES) == kinds, kinds ^ set(CASES)
    for kind, make in POSITIONS.items():
        assert GAME.decision(make()).kind == kind, kind
    for kind, cases in CASES.items():
        assert cases, f"no refusal case for the {kind} decision"


def _ids(cases):
    return [f"{kind}:{a if isinstance(a, str) else 'fn'}:{rule}" for kind, (_m, a, rule) in cases]


_ALL = [(kind, case) for kind, cases in CASES.items() for case in cases]


@pytest.mark.parametrize("kind,case", _ALL, ids=_ids(_ALL))
def test_a_forbidden_option_names_the_rule_that_forbids_it(kind, case):
    make, action, rule = case
    s = make()
    d = GAME.decision(s)
    assert d.kind == kind
    err = refusal(s, action if isinstance(action, str) else action(s))
    assert err.rule == rule, (action, str(err))
    assert "is not one of the options" not in err.message, "a generic answer"


@pytest.mark.parametrize("kind", sorted(POSITIONS))
def test_a_verb_of_another_decision_names_the_rule_of_its_own_decision(kind):
    """'armor' during the free part of a turn is refused with SL §88 (armor answers an
    attack), 'move' during a raider's attack with SL §46 (moves belong to a turn's free part):
    not with the rule of the decision that waits. A turn action while a procedure inside the
    turn waits (an entry, a card's slot, a rumor card) names that procedure's rule: it is
    settled at once (ruling)."""
    s = POSITIONS[kind]()
    d = GAME.decision(s)
    own = {a.split()[0] for a in d.actions}
    tried = 0
    for verb, action in SAMPLE.items():
        if verb in own or verb in _SHARED.get(kind, ()):
            continue
        err = refusal(s, action)
        # Ruling: a procedure inside a turn is settled at once; a turn action waits for it.
        expected = DECISION_INFO[kind][0] if kind in AT_ONCE and HOME[verb] == "SL §46" else HOME[verb]
        assert err.rule == expected, (kind, action, str(err))
        assert f"{d.kind} decision" in err.message or d.kind == "turn", err.message
        tried += 1
    assert tried >= len(SAMPLE) // 2


# Decisions inside a turn, settled at once before its free part goes on (engine: frames
# pushed by a turn's own actions or by its start).
AT_ONCE = {"enter", "place", "storm", "rumor", "orient", "fuel_drain", "discard", "lure", "trade", "offer", "streak"}

# Verbs a decision kind offers though the position at hand has no option of them.
_SHARED = {
    "turn": {"move", "collect", "use", "refresh", "trade", "give", "ability", "steal", "discard", "end"},
    "place": {"place", "replace", "discard", "give"}, "trade": {"give", "done"}, "fuel_drain": {"take", "pass"},
    "activation": {"activate", "raider", "chase", "goto", "attack", "spawn"}, "lure": {"raider", "goto"},
    "soak": {"armor", "heal", "lose", "yield"},
}


def test_every_verb_the_engine_offers_is_explained():
    """Over random games of every set-up, every verb the engine offers is one the explainer
    knows for that decision kind, and a malformed action of it is never 'unknown'."""
    from wasteland.games.saltlands.diagnose import KIND_VERBS

    rnd = random.Random(11)
    seen: dict[str, set[str]] = {}
    for seed, config in enumerate([{"players": 1}, {"players": 2, "expansion": True},
                                   {"players": 4, "mode": "competitive", "expansion": True},
                                   {"players": 3, "mode": "coop", "expansion": True, "variants": ["explorers_luck"]},
                                   {"players": 1, "mode": "solo"}]):
        s = GAME.new_game(config, seed)
        steps = 0
        while (d := GAME.decision(s)) is not None and steps < 500:
            steps += 1
            for verb in {a.split()[0] for a in d.actions} - seen.setdefault(d.kind, set()):
                seen[d.kind].add(verb)
                assert verb in KIND_VERBS[d.kind], (d.kind, verb)
                err = refusal(s, f"{verb} ???")
                assert "unknown action" not in err.message, (d.kind, verb, str(err))
            GAME.apply_in_place(s, rnd.choice(d.actions))
    assert {"turn", "character", "enter", "activation", "discard"} <= set(seen)


def test_a_malformed_answer_is_a_notation_error_not_a_rule():
    s = soak()
    assert isinstance(refusal(s, "heal"), NotationError)
    assert isinstance(refusal(s, "armor helmet#1 now"), NotationError)
    s = rumor()
    assert isinstance(refusal(s, "top 2"), NotationError)
    s = turn()
    assert isinstance(refusal(s, "end now"), NotationError)
    assert isinstance(refusal(s, "use axe#1 at -1,-1"), NotationError)  # a crew action names its crew
    assert isinstance(refusal(s, "trade"), NotationError)
    assert isinstance(refusal(s, "give axe#1"), NotationError)
