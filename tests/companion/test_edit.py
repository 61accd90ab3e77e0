"""Corrections as scenario edits: the TOML the companion writes back reads as the same
position, and each malformed edit is one error naming what is wrong."""

from __future__ import annotations

import json
import random
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wasteland.core.protocol import RuleError
from wasteland.core.registry import registered_games
from wasteland.core.toml_text import dumps
from wasteland.server.companion_edit import EditError, apply_edit, change, parse_edit, scenario_data

WRITERS = [name for name, spec in registered_games().items() if spec.scenario_writer]


@pytest.mark.parametrize("game", WRITERS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_positions_written_back_read_as_the_same_state(game, seed):
    spec = registered_games()[game]
    g = spec.engine
    state = g.new_game({}, seed)
    pick = random.Random(seed)
    for n in range(150):
        d = g.decision(state)
        if d is None:
            break
        if n % 15 == 0:
            data = scenario_data(spec, state)
            again = spec.load_scenario(dumps(data), "test")
            assert g.to_json(again) == g.to_json(state)
        state, _ = g.apply(state, pick.choice(d.actions))


def test_dumps_writes_what_tomllib_reads():
    data = {"game": "x", "seed": 3, "raider": [], "config": {"players": 2, "variants": ["a", "b"]},
            "state": {"wind": "N", "nested": {"a": 1}, "quote": 'say "hi"\n', "flag": True, "x": 1.5},
            "damage": {"pickup": {"stack": ["d1"], "revealed": []}},
            "player": [{"seat": "p1", "hex": "0,0", "last_used": {"axe#1": "fuel#2"}}],
            "odd key": "ü"}
    assert tomllib.loads(dumps(data)) == data


@pytest.mark.parametrize("text", [
    "edit", "edit set", "edit fly a 1", "edit set a", "edit set a. 1", "edit set a null", "edit del a 1",
    "edit put a 3", "edit set a {nope", "edit []", "edit [[1, 2]]", "edit [[\"set\"]]", "edit [oops",
])
def test_a_malformed_edit_is_refused(text):
    """No rulebook forbids a malformed edit: the refusal names the field, not a rule."""
    with pytest.raises(EditError) as err:
        parse_edit(text)
    assert err.value.rule == "" and err.value.message
    assert err.value.field == "step" or text.startswith(f"edit {text.split()[1]} {err.value.field}")


def test_paths_that_do_not_fit_the_data():
    data = {"raider": [{"hex": "0,0"}], "state": {"wind": "N"}}
    for verb, path, value in [("set", ["raider", 3, "hex"], "1,0"), ("del", ["token", 0], None),
                              ("add", ["state", "wind"], 1), ("put", ["state", "wind"], {"a": 1}),
                              ("set", ["state", 0], 1)]:
        with pytest.raises(RuleError):
            change(data, verb, path, value)
    assert data == {"raider": [{"hex": "0,0"}], "state": {"wind": "N"}}
    change(data, "add", ["raider"], {"hex": "1,0"})
    change(data, "set", ["raider", 0, "hex"], "2,0")
    change(data, "put", ["state"], {"storm": True})
    change(data, "del", ["raider", 1], None)
    assert data == {"raider": [{"hex": "2,0"}], "state": {"wind": "N", "storm": True}}


def test_take_moves_an_entry_so_it_is_never_in_two_places():
    data = {"state": {"supply": ["crew#1", "crew#2", "axe#1"], "deck": ["plate#2"]}, "player": [{"cargo": []}]}
    assert change(data, "take", ["state", "supply"], "crew#*") == "crew#1"
    assert change(data, "take", ["state"], "plate#2") == "plate#2"  # out of whichever list holds it
    assert data["state"] == {"supply": ["crew#2", "axe#1"], "deck": []}
    for path, value in ((["state", "supply"], "crew#9"), (["state", "deck"], "plate#*"), (["state", "none"], "x"),
                        (["player", 0], "x")):
        with pytest.raises(EditError) as err:
            change(data, "take", path, value)
        assert err.value.field == ".".join(map(str, path))


def test_a_step_of_takes_names_what_it_took():
    spec = registered_games()["saltlands"]
    g = spec.engine
    state = g.new_game({"players": 1, "characters": ["scout"]}, 4)
    state, _ = g.apply(state, g.decision(state).actions[0])
    before = g.view(state, 0)["players"][0]
    step = 'edit [["take", "state.supply", "crew#*"], ["add", "player.0.cargo", "$taken"]]'
    after, event = apply_edit(spec, state, step)
    player = g.view(after, 0)["players"][0]
    assert player["cargo"] == before["cargo"] + [event["changes"][1]["value"]]
    assert event["changes"][1]["value"].startswith("crew#") and "rule" not in event
    with pytest.raises(EditError) as err:
        apply_edit(spec, state, 'edit add player.0.cargo "$taken"')
    assert err.value.field == "$taken"


def test_swap_gives_the_old_value_to_the_entry_that_held_the_new_one():
    data = {"tile": [{"at": "a", "tile": "t1"}, {"at": "b", "tile": "t5"}, {"at": "c"}]}
    change(data, "swap", ["tile", 0, "tile"], "t5")
    assert data["tile"] == [{"at": "a", "tile": "t5"}, {"at": "b", "tile": "t1"}, {"at": "c"}]
    change(data, "swap", ["tile", 2, "tile"], "t1")  # an entry without the key: the other loses it
    assert data["tile"] == [{"at": "a", "tile": "t5"}, {"at": "b"}, {"at": "c", "tile": "t1"}]
    for path in (["tile", 9, "tile"], ["tile", "tile"], ["nothing", 0, "tile"]):
        with pytest.raises(EditError):
            change(data, "swap", path, "t1")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_table_names_the_tile_lying_at_a_position(seed):
    """SL §110: the tile turned up at a position is whichever the table drew; the tile the
    engine had there goes where the named one was (every tile in play once)."""
    spec = registered_games()["saltlands"]
    g = spec.engine
    state = g.new_game({"players": 1, "characters": ["scout"]}, seed)
    tiles = scenario_data(spec, state)["tile"]
    k = next(i for i, t in enumerate(tiles) if not t["face_up"])
    for name in [t["tile"] for t in tiles if not t["face_up"]][1:3] + ["tile_05"]:
        step = json.dumps([["swap", f"tile.{k}.tile", name], ["set", f"tile.{k}.face_up", True], ["set", f"tile.{k}.rotation", 0]])
        after, _ = apply_edit(spec, state, f"edit {step}")
        placed = scenario_data(spec, after)["tile"]
        assert (placed[k]["tile"], placed[k]["face_up"], placed[k]["rotation"]) == (name, True, 0)
        assert len({t["tile"] for t in placed}) == len(placed)  # every tile once


_PATHS = st.sampled_from(["raider", "raider.0", "raider.0.hex", "token.0", "player.0.cargo", "player.0.vehicle",
                          "state", "state.supply", "state.wind", "tile.3.tile", "tile.99.tile", "seed", "a..b", "$taken"])
_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 99) | st.floats(allow_nan=True) |
                       st.sampled_from(["crew#*", "$taken", "tile_05", "1,0", "N", "", "#*"]),
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["type", "hex", "token"]),
                                                                                     inner, max_size=3), max_leaves=6)
_OPS = st.lists(st.tuples(st.sampled_from(["set", "add", "del", "put", "take", "swap", "fly"]), _PATHS, _VALUES),
                min_size=1, max_size=4)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=_OPS, raw=st.text(max_size=40))
def test_any_correction_applies_or_is_one_refusal(ops, raw):
    """Garbage or not, a correction gives a position or one RuleError (a field or a rule),
    never another exception, and the state it started from is unchanged."""
    spec = registered_games()["saltlands"]
    g = spec.engine
    state = _ENTERED
    before = g.to_json(state)
    for step in (f"edit {json.dumps([list(op) for op in ops])}", f"edit {raw}", f"edit set {raw}"):
        try:
            apply_edit(spec, state, step)
        except EditError as exc:
            assert exc.field and exc.message and not exc.rule
        except RuleError as exc:
            assert exc.rule.startswith("SL §") and exc.message, (step, exc.rule)
    assert g.to_json(state) == before


def _entered():
    spec = registered_games()["saltlands"]
    g = spec.engine
    state = g.new_game({"players": 1, "characters": ["scout"]}, 9)
    return g.apply(state, g.decision(state).actions[0])[0]


_ENTERED = _entered()
