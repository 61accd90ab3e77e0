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
