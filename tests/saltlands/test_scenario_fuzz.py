"""Hand-written positions, as hypothesis writes them: each scenario is either refused with
one error naming a key (and the rule where one forbids it), or read into a state that
plays on and that the writer gives back unchanged."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wasteland.core.protocol import RuleError
from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.scenario import scenario_from_text
from wasteland.games.saltlands.scenario_write import to_text

CHARACTERS = ["scout", "healer", "plowman", "arsonist"]
HEXES = ["0,0", "1,0", "0,1", "-1,0", "1,-1", "-1,1", "2,-2", "0,-2", "-2,2", "off"]
HAND = ["axe", "fuel", "water", "spear", "medkit", "helmet", "machete", "molotov"]
CARGO = ["crew", "axe"]  # an axe in the cargo is refused (SL §54)
VEHICLES = ["", "sailer", "speedster_vehicle", "axe"]
RAIDERS = ["speedster", "pickup", "truck", "bulldozer", "hovercraft"]
TOKENS = ["loot", "crew", "rumor", "loot_start"]
STATUSES = ["active", "dead", "out", "won"]


def _list(values: list[str]) -> str:
    return "[" + ", ".join(f'"{v}"' for v in values) + "]"


@st.composite
def scenarios(draw) -> str:
    players = draw(st.integers(1, 4))
    difficulty = draw(st.sampled_from(["easy", "normal", "hard"]))
    lines = [f"seed = {draw(st.integers(0, 50))}", "[config]", f"players = {players}",
             f"characters = {_list(CHARACTERS[:players])}", f'difficulty = "{difficulty}"', "[state]"]
    if draw(st.booleans()):
        lines.append(f'current = "p{draw(st.integers(1, players))}"')
    if draw(st.booleans()):
        lines.append(f"round = {draw(st.integers(1, 7))}")
    if draw(st.booleans()):
        lines.append(f"activated = {_list(draw(st.lists(st.sampled_from(RAIDERS[:3]), max_size=2)))}")
    if draw(st.booleans()):
        lines.append(f"rumor_deck = {draw(st.integers(0, 4))}")
    if draw(st.booleans()):
        lines.append(f"mirage = {_list(draw(st.lists(st.sampled_from(HAND), max_size=3)))}")
    for seat in draw(st.lists(st.integers(1, players), unique=True, max_size=players)):
        lines += ["[[player]]", f'seat = "p{seat}"']
        if draw(st.booleans()):
            lines.append(f'hex = "{draw(st.sampled_from(HEXES))}"')
        if draw(st.booleans()):
            lines.append(f"hand = {_list(draw(st.lists(st.sampled_from(HAND), max_size=4)))}")
        if draw(st.booleans()):
            lines.append(f"cargo = {_list(draw(st.lists(st.sampled_from(CARGO), max_size=2)))}")
        if draw(st.booleans()):
            lines.append(f'vehicle = "{draw(st.sampled_from(VEHICLES))}"')
        if draw(st.integers(0, 3)) == 0:
            lines.append(f'status = "{draw(st.sampled_from(STATUSES))}"')
        if draw(st.integers(0, 3)) == 0:
            lines.append(f"respawned = {draw(st.integers(0, 2))}")
    for _ in range(draw(st.integers(0, 3))):
        lines += ["[[raider]]", f'type = "{draw(st.sampled_from(RAIDERS))}"',
                  f'hex = "{draw(st.sampled_from(HEXES[:-1]))}"']
    if draw(st.booleans()):
        for _ in range(draw(st.integers(0, 2))):
            lines += ["[[token]]", f'token = "{draw(st.sampled_from(TOKENS))}"',
                      f'hex = "{draw(st.sampled_from(HEXES[:-1]))}"']
    return "\n".join(lines) + "\n"


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(scenarios())
def test_a_hand_written_position_is_refused_by_key_or_plays_and_round_trips(text):
    try:
        state = scenario_from_text(text)
    except RuleError as exc:
        assert str(exc).startswith("scenario"), exc  # names where in the scenario
        assert exc.rule == "scenario" or exc.rule.startswith("SL §"), exc
        return
    back = scenario_from_text(to_text(state))
    assert GAME.to_json(back) == GAME.to_json(state)
    d = GAME.decision(state)
    if d is not None:  # the position plays on
        GAME.apply(state, d.actions[0])


# -- a procedure field of any value ---------------------------------------------------------------

ANY_VALUE = st.sampled_from([0, 1, 2, -1, 99, True, "", "p1", "p2", "p9", "0,0", "1,0", "-1,0", "99,99", "t0,-2",
                             "t9,9", "axe", "axe#1", "axe#99", "sailer#1", "pickup_vehicle#1", "speedster", "apc",
                             "r1", "r99", [], [0], [1, 2], ["p1"], ["p1", "p2"], ["0,0"], ["x"], [[1]], "normal",
                             "ap", "raider", "goto", "spawn", "type", "target", "attack"])
_MIDWAY: list[dict] = []


def _midway() -> list[dict]:
    """Positions in the middle of procedures, from two random games (the first call plays them)."""
    import random
    import tomllib

    if not _MIDWAY:
        for config in ({"players": 2}, {"players": 3, "mode": "competitive", "expansion": True,
                                        "variants": ["explorers_luck"]}):
            state, choose = GAME.new_game(config, 4), random.Random(4)
            for step in range(300):
                d = GAME.decision(state)
                if d is None:
                    break
                if state.stack and step % 4 == 0:
                    _MIDWAY.append(tomllib.loads(to_text(state)))
                state, _ = GAME.apply(state, choose.choice(d.actions))
    return _MIDWAY


@settings(max_examples=80, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_procedure_field_of_any_value_is_refused_by_its_key_or_plays_on(data):
    """Each field of a written [[procedure]] set to a value of any form: one error naming
    the procedure's field (and its rule where one forbids the value), never a traceback;
    or a position that plays on and that the writer gives back unchanged."""
    import copy

    from wasteland.core import toml_text
    from wasteland.games.saltlands.scenario_procedures import FORMS

    position = copy.deepcopy(data.draw(st.sampled_from(_midway())))
    procedure = data.draw(st.sampled_from(position["procedure"]))
    for _ in range(data.draw(st.integers(1, 2))):
        key = data.draw(st.sampled_from([*FORMS[procedure["kind"]], "seat", "none"]))
        value = data.draw(ANY_VALUE)
        procedure[key] = [data.draw(st.sampled_from([*FORMS[procedure["kind"]], "x"]))] if key == "none" else value
    try:
        state = scenario_from_text(toml_text.dumps(position))
    except RuleError as exc:
        assert str(exc).startswith("scenario"), exc
        assert exc.rule == "scenario" or exc.rule.startswith("SL §"), exc
        return
    assert GAME.to_json(scenario_from_text(to_text(state))) == GAME.to_json(state)
    d = GAME.decision(state)
    if d is not None:
        GAME.apply(state, d.actions[0])
