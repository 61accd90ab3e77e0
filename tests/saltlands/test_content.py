"""Saltlands content data: the real data loads, matches the rulebook, and bad data fails."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wasteland.games.saltlands.content import (
    DATA_DIR,
    HEX_DIRECTIONS,
    Content,
    ContentError,
    load_content,
    parse_tile,
)
from wasteland.games.saltlands.schema import TileDef


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def action(content: Content, card_id: str, index: int = 0):
    return content.cards[card_id].actions[index]


# --- the real data -------------------------------------------------------------------------


def test_real_data_loads_and_is_cached(content: Content) -> None:
    assert isinstance(content, Content)
    assert load_content() is content  # shared, never copied
    assert load_content(DATA_DIR) is not content  # an explicit directory is read afresh


def test_component_counts_match_sl6(content: Content) -> None:
    # SL §6: 107 cards, 51 tokens, 13 terrain tiles, 48 damage cards, 10 weather cards,
    # 9 rumor cards, 6 raider info cards, 36 figures, 6 character cards.
    assert sum(c.count for c in content.cards.values() if not c.expansion) == 107
    assert sum(t.count for t in content.tokens.values() if not t.expansion) == 51
    base_tiles = Counter(t.kind for t in content.tiles.values() if t.kind != "expansion")
    assert base_tiles == {"compass": 1, "starting": 3, "ordinary": 9}
    assert sum(not d.expansion for d in content.damage_cards.values()) == 48
    assert len(content.weather) == 10
    assert sum(w.starting for w in content.weather.values()) == 2  # SL §41
    assert len(content.rumors) == 9
    assert list(content.raiders) == ["speedster", "pickup", "truck", "bulldozer", "hovercraft", "apc"]
    assert sum(r.figures for r in content.raiders.values()) == 36
    assert all(r.figures == 6 for r in content.raiders.values())  # SL §6 ruling
    assert sum(not c.expansion for c in content.characters.values()) == 6


def test_deck_sizes(content: Content) -> None:
    per_deck = Counter[str]()
    for card in content.cards.values():
        if not card.expansion:
            per_deck[card.deck] += card.count
    # 6 characters x (Sailer, Spear, Water, special item) (SL §44); 2 vehicles per raider type (SL §99).
    assert per_deck["starting"] == 24
    assert per_deck["raider_vehicle"] == 12
    assert per_deck == {
        "starting": 24,
        "raider_vehicle": 12,
        "victory": 12,
        "crew": 8,
        "mirage": 36,
        "raider": 15,
    }
    for kit in ("sailer", "spear", "water"):
        assert content.cards[kit].count == 6 and content.cards[kit].deck == "starting"


def test_damage_cards_per_round(content: Content) -> None:
    base = Counter(d.round for d in content.damage_cards.values() if not d.expansion)
    assert base == {r: 8 for r in range(1, 7)}  # SL §30 ruling
    expansion = [d for d in content.damage_cards.values() if d.expansion]
    assert len(expansion) == 8 and all(d.round == 7 for d in expansion)  # SL §150
    for card in content.damage_cards.values():
        assert card.letters and set(card.letters) <= set("ABCMH")
        if card.move_bonus:
            assert card.move_bonus == 3 and card.damage == 0  # SL §106
        else:
            assert 1 <= card.damage <= 3
    for rnd in range(1, 8):
        assert any(d.move_bonus for d in content.damage_cards.values() if d.round == rnd)


def test_raider_facts_from_the_rulebook(content: Content) -> None:
    r = content.raiders
    assert (r["pickup"].crew, r["pickup"].armor) == (2, 1)  # SL §86, SL §87
    assert (r["hovercraft"].crew, r["hovercraft"].armor) == (1, 0)  # SL §86: 1 normal damage destroys it
    assert "mountain" not in r["hovercraft"].terrain  # SL §79
    assert r["bulldozer"].crew == 1 and r["bulldozer"].loot_raider >= 1  # SL §124
    assert "dune" not in r["speedster"].terrain  # SL §106
    assert "dune" not in r["truck"].terrain  # SL §106
    assert all(x.crew in (1, 2) for x in r.values())  # SL §98
    assert all(2 <= x.move <= 5 for x in r.values())
    assert r["speedster"].move >= 4  # SL §106: a Speedster stopped after 3 hexes could have gone farther


def test_vehicle_cards_from_the_rulebook(content: Content) -> None:
    c = content.cards
    speedster = c["speedster_vehicle"].vehicle
    assert speedster is not None and speedster.movement == "motor" and speedster.move == 4  # SL §84
    assert "dune" not in speedster.terrain and "mountain" in speedster.terrain  # SL §84
    assert c["hovercraft_vehicle"].hand_limit == 4  # SL §55
    assert "mountain" not in c["hovercraft_vehicle"].vehicle.terrain  # SL §79
    assert c["apc_vehicle"].armor == 2  # SL §89
    assert c["armored_sailer"].armor == 1  # SL §88
    for sail in ("sailer", "armored_sailer"):
        v = c[sail].vehicle
        assert v.movement == "sail" and "mountain" not in v.terrain and "dune" in v.terrain  # SL §79
    per_type = Counter[str]()
    for card in c.values():
        if card.raider_type:
            per_type[card.raider_type] += card.count
            assert card.slot == "vehicle" and card.vehicle.movement == "motor"
    assert per_type == {rid: 2 for rid in content.raiders}  # SL §99
    assert all(not card.actions for card in c.values() if card.slot == "vehicle")  # SL §70


def test_item_cards_from_the_rulebook(content: Content) -> None:
    spear = action(content, "spear")
    assert (spear.effect, spear.amount, spear.damage_type, spear.one_time) == ("damage", 1, "ap", True)  # SL §87
    water = action(content, "water")
    assert (water.effect, water.amount, water.one_time, water.crew_action) == ("refresh", 1, True, False)  # SL §65
    gallon = action(content, "gallon_of_water")
    assert (gallon.effect, gallon.amount, gallon.one_time) == ("refresh", 2, True)  # SL §65
    machete = action(content, "machete")
    assert (machete.amount, machete.damage_type, machete.one_time) == (1, "normal", True)  # SL §86
    axe = action(content, "axe")
    assert (axe.amount, axe.damage_type, axe.one_time, axe.crew_action) == (2, "normal", False, True)  # SL §86
    crossbow = action(content, "crossbow")
    assert (crossbow.amount, crossbow.damage_type, crossbow.one_time) == (1, "ap", True)  # SL §87
    pickaxe = action(content, "pickaxe")
    assert (pickaxe.amount, pickaxe.damage_type, pickaxe.crew_action, pickaxe.one_time) == (1, "ap", True, False)  # SL §64
    helmet = action(content, "helmet")
    assert (helmet.effect, helmet.amount, helmet.one_time) == ("armor", 1, True)  # SL §88
    medkit = action(content, "medkit")
    assert (medkit.effect, medkit.amount, medkit.one_time) == ("heal", 1, True)  # SL §85, SL §89
    assert content.cards["fuel"].fuel and not content.cards["fuel"].actions  # SL §84
    assert action(content, "map").effect == "explore"  # SL §110
    crew = content.cards["crew"]
    assert crew.crew and crew.slot == "cargo" and crew.hand_limit == 2  # SL §55, SL §64


def test_special_items_from_the_rulebook(content: Content) -> None:
    # SL §136
    scythe = content.cards["curved_scythe"].actions
    assert [(a.effect, a.amount, a.damage_type, a.one_time) for a in scythe] == [
        ("damage", 1, "ap", True),
        ("damage", 2, "normal", False),
    ]
    assert scythe[1].crew_action
    flamer = action(content, "flamethrower")
    assert (flamer.effect, flamer.amount, flamer.damage_type, flamer.cost, flamer.crew_action) == (
        "damage",
        3,
        "normal",
        "fuel",
        True,
    )
    wrench = action(content, "wrench")
    assert (wrench.effect, wrench.amount, wrench.crew_action) == ("reconstruction", 3, True)
    assert (action(content, "binoculars").effect, action(content, "binoculars").crew_action) == ("explore", True)
    herbs = content.cards["bag_of_herbs"].actions
    assert herbs[0].effect == "take_from_discard" and herbs[0].take == ["medkit"] and herbs[0].crew_action
    assert herbs[1].effect == "heal" and herbs[1].one_time  # SL §89
    desal = action(content, "water_desalinator")
    assert desal.effect == "take_from_discard" and not desal.crew_action and not desal.one_time
    assert {"water", "gallon_of_water"} <= set(desal.take)
    for ref in desal.take:
        assert action(content, ref).effect == "refresh"


def test_characters_and_special_items(content: Content) -> None:
    pairs = {cid: (ch.ability, ch.special_item) for cid, ch in content.characters.items() if not ch.expansion}
    assert pairs == {
        "plowman": ("tough", "curved_scythe"),
        "arsonist": ("fuel_drain", "flamethrower"),
        "little_girl": ("light", "wrench"),
        "scout": ("born_driver", "binoculars"),
        "healer": ("lord_of_winds", "bag_of_herbs"),
        "scientist": ("repair", "water_desalinator"),
    }
    for ch in content.characters.values():
        item = content.cards[ch.special_item]
        assert item.deck == "starting" and item.count == 1


def test_victory_cards_and_kinds(content: Content) -> None:
    victory = {c.id: c for c in content.cards.values() if c.deck == "victory"}
    assert {c.victory for c in victory.values()} == {"plants", "compass", "tools"}
    assert content.victory_kinds["plants"].colour == "green"  # SL §89
    assert len({v.colour for v in content.victory_kinds.values()}) == 3
    assert (action(content, "plants").effect, action(content, "plants").one_time) == ("heal", True)  # SL §89
    assert (action(content, "compass").effect, action(content, "compass").one_time) == ("rumor", True)  # SL §109
    assert action(content, "tools").one_time


def test_hand_limit_example_sl55(content: Content) -> None:
    # Plowman: hovercraft (4) in the vehicle slot, one empty cargo slot (5), a crew card (2) = 11.
    board = content.board
    assert board.vehicle_slot == 0 and len(board.cargo_slots) == 3
    visible = (
        content.cards["hovercraft_vehicle"].hand_limit  # covers the vehicle slot
        + content.characters["plowman"].hand_limit  # covers cargo slot 1
        + content.cards["crew"].hand_limit  # covers cargo slot 2
        + board.cargo_slots[2]  # empty
    )
    assert visible == 11


def test_weather_and_wind(content: Content) -> None:
    starting = [w for w in content.weather.values() if w.starting]
    assert sum(w.strength for w in starting) == 5  # the wind strength of the SL §81 example
    assert all(1 <= w.strength <= 4 and -2 <= w.turn <= 2 for w in content.weather.values())
    assert 1 <= sum(w.storm for w in content.weather.values()) <= 2  # SL §53
    assert any(w.turn for w in content.weather.values())
    assert content.wind.pattern == ["single", "double", "single", "none", "single", "double"]  # SL §81
    assert content.wind.initial == "N"


def test_rumors(content: Content) -> None:
    for card in content.rumors.values():
        for side in (card.top, card.bottom):
            assert 1 <= len(side) <= 2
    directions = Counter(m.direction for card in content.rumors.values() for m in [*card.top, *card.bottom])
    away = directions["N"] + directions["NE"] + directions["NW"]
    assert away > 2 * (directions["SE"] + directions["S"] + directions["SW"]) > 0


def test_tokens_fill_the_starting_wrecks(content: Content) -> None:
    base = [t for t in content.tokens.values() if not t.expansion]
    starting_wrecks = [
        sum(c.wreck for c in content.tile_cells(t.id)) for t in content.tiles.values() if t.kind == "starting"
    ]
    assert starting_wrecks == [2, 2, 2]
    assert sum(t.count for t in base if t.start) == 6  # all starting wrecks (SL §37)
    assert sum(t.count for t in base if t.start and not t.large_only) == 4  # the 2 small-area starting tiles
    kinds = Counter[str]()
    for t in base:
        kinds[t.kind] += t.count
    assert kinds == {"loot": 12, "crew": 10, "victory": 20, "rumor": 9}
    # one rumor token among the small area's START tokens, so every character can explore
    assert {t.kind for t in base if t.start and not t.large_only} == {"loot", "crew", "rumor"}
    colours = Counter[str]()
    for t in base:
        if t.kind == "victory":
            colours[t.colour] += t.count
            assert t.large_only == (t.colour == "red")
    assert colours == {"blue": 8, "green": 8, "red": 4}
    assert any(t.expansion for t in content.tokens.values())


def test_source_and_cite(content: Content) -> None:
    for card in content.cards.values():
        if card.source == "rulebook":
            assert re.fullmatch(r"SL §\d+(, SL §\d+)*", card.cite), card.id
    assert content.cards["tools"].source == "chosen"


# --- tiles and layouts ---------------------------------------------------------------------


def _axial_cells() -> list[tuple[int, int]]:
    return [(q, r) for r in range(-2, 3) for q in range(max(-2, -2 - r), min(2, 2 - r) + 1)]


def test_tile_cells_shape(content: Content) -> None:
    for tid in content.tiles:
        cells = content.tile_cells(tid)
        assert [(c.q, c.r) for c in cells] == _axial_cells()
    assert content.tile_cells("compass") is not content.tile_cells("compass")  # a fresh list
    with pytest.raises(KeyError):
        content.tile_cells("atlantis")


def test_compass_tile(content: Content) -> None:
    cells = {(c.q, c.r): c for c in content.tile_cells("compass")}
    dunes = {p for p, c in cells.items() if c.start_dune}
    assert dunes == {(0, 0), (1, 0), (0, 1)}  # SL §45
    assert all(cells[p].terrain == "dune" for p in dunes)
    raiders = {p for p, c in cells.items() if c.raider_start}
    assert len(raiders) == 6  # one per raider type (SL §39)
    assert all(cells[p].terrain == "salt" for p in raiders)
    near = {(q + dq, r + dr) for q, r in dunes for dq, dr in HEX_DIRECTIONS.values()}
    assert not raiders & near
    assert 1 <= sum(c.spawn is not None for c in cells.values()) <= 2
    assert not any(c.wreck for c in cells.values())


def test_tile_markers_and_terrain(content: Content) -> None:
    letters = Counter[str]()
    terrain = Counter[str]()
    for tile in content.tiles.values():
        cells = content.tile_cells(tile.id)
        pos = {(c.q, c.r): c for c in cells}
        wrecks = sum(c.wreck for c in cells)
        spawns = [c for c in cells if c.spawn]
        assert all(c.terrain == "salt" for c in spawns)
        assert all(c.terrain != "mountain" for c in cells if c.wreck)
        if tile.kind == "starting":
            assert {p for p, c in pos.items() if c.colony} == {(0, 0), (1, 0), (0, 1)}  # SL §38
            assert wrecks == 2 and 1 <= len(spawns) <= 2
        elif tile.kind in ("ordinary", "expansion"):
            assert 2 <= wrecks <= 4 and 2 <= len(spawns) <= 3
            assert sum(c.spawn in "ABC" for c in spawns) == 1, tile.id
        if tile.kind == "ordinary":
            letters.update(c.spawn for c in spawns)
        if tile.kind != "expansion":
            terrain.update(c.terrain for c in cells)
        # salt + dune connected, so a sail vehicle can cross the tile
        passable = {p for p, c in pos.items() if c.terrain != "mountain"}
        seen, stack = {min(passable)}, [min(passable)]
        while stack:
            q, r = stack.pop()
            for dq, dr in HEX_DIRECTIONS.values():
                n = (q + dq, r + dr)
                if n in passable and n not in seen:
                    seen.add(n)
                    stack.append(n)
        assert seen == passable, tile.id
        ring = [c for c in cells if max(abs(c.q), abs(c.r), abs(c.q + c.r)) == 2]
        assert sum(c.terrain == "salt" for c in ring) >= 7, tile.id
    # one Easy point per tile, the Easy letters evenly spread; Normal and Hard add more (SL §18)
    assert set(letters) == set("ABCMH")
    assert letters["A"] == letters["B"] == letters["C"] == 3
    assert letters["M"] > letters["H"] > 0
    total = sum(terrain.values())
    assert 0.5 < terrain["salt"] / total < 0.7
    assert 0.15 < terrain["dune"] / total < 0.3
    assert 0.08 < terrain["mountain"] / total < 0.2


def test_layouts(content: Content) -> None:
    small, large = content.layouts["small"], content.layouts["large"]
    assert sorted(map(tuple, small.starting)) == sorted([(1, -1), (0, -1)])  # SL §35
    assert sorted(map(tuple, large.starting)) == sorted([(1, -1), (0, -1), (-1, 0)])  # SL §36
    assert len(small.face_down) == 5 and len(large.face_down) == 9  # SL §35, SL §36
    assert len(content.layouts["epic_small"].face_down) == 7
    assert len(content.layouts["epic_large"].face_down) == 13
    n_expansion = sum(t.kind == "expansion" for t in content.tiles.values())
    assert n_expansion == 4 and len(content.layouts["epic_large"].face_down) == 9 + n_expansion
    adjacent = set(HEX_DIRECTIONS.values())
    for layout in content.layouts.values():
        area = [(0, 0)] + [tuple(p) for p in [*layout.starting, *layout.face_down]]
        assert len(set(area)) == len(area)
        for a, b in (tuple(p) for p in layout.face_down):
            assert any((a - x, b - y) in adjacent for x, y in area), layout.id
        north = sum(a + 2 * b < -1 for a, b in (tuple(p) for p in layout.face_down))
        assert north > len(layout.face_down) / 2, layout.id  # most tiles lie away from the compass


# --- malformed data ---------------------------------------------------------------------------


def broken_copy(tmp_path: Path, filename: str, entry: str | None, old: str, new: str) -> Path:
    """Copy the real data dir and replace ``old`` by ``new`` in one file.

    With ``entry``, the replacement is the first occurrence of ``old`` after the line
    ``id = "<entry>"``; otherwise ``old`` must occur exactly once in the file.
    """
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / filename
    text = path.read_text(encoding="utf-8")
    start = 0
    if entry is not None:
        start = text.index(f'id = "{entry}"\n')
    else:
        assert text.count(old) == 1, f"{old!r} is not unique in {filename}"
    at = text.index(old, start)
    path.write_text(text[:at] + new + text[at + len(old) :], encoding="utf-8")
    return data


BROKEN = [
    # (test id, file, entry, old, new, fragments the message must contain)
    ("unknown-field", "cards.toml", "axe", 'name = "Axe"\n', 'name = "Axe"\ncolour = "red"\n', ["'axe'", "colour"]),
    ("wrong-type", "raiders.toml", "pickup", "crew = 2", 'crew = "two"', ["'pickup'", "int"]),
    ("bad-enum", "cards.toml", "machete", 'deck = "mirage"', 'deck = "junk"', ["'machete'", "deck"]),
    ("nested-wrong-type", "cards.toml", "speedster_vehicle", "move = 4", 'move = "fast"', ["'speedster_vehicle'", "vehicle"]),
    ("tile-row-length", "tiles.toml", "tile_01", '  "sw d  m  s",', '  "sw d  m",', ["'tile_01'", "row 2", "expected 4"]),
    ("tile-row-count", "tiles.toml", "tile_02", '  "sw d  d  s",\n', "", ["'tile_02'", "rows"]),
    ("bad-cell-marker", "tiles.toml", "tile_03", '"sw d  sC s"', '"sw d  sX s"', ["'tile_03'", "'sX'"]),
    ("two-markers", "tiles.toml", "tile_03", '"sw d  sC s"', '"swA d  sC s"', ["'tile_03'", "'swA'"]),
    ("two-easy-spawns", "tiles.toml", "tile_03", '"sM s  d  m"', '"sA s  d  m"', ["'tile_03'", "one Easy spawn point"]),
    ("spawn-on-dune", "tiles.toml", "tile_03", '"sw d  sC s"', '"sw d  dC s"', ["'tile_03'", "spawn point C"]),
    ("compass-raider-hexes", "tiles.toml", "compass", '"sr sr sr"', '"sr sr s"', ["'compass'", "6 starting-raider"]),
    ("starting-wrecks", "tiles.toml", "start_1", "sw", "s ", ["'start_1'", "2 wrecks"]),
    ("tile-kinds", "tiles.toml", "tile_09", 'kind = "ordinary"', 'kind = "expansion"', ["13", "SL §6"]),
    ("duplicate-weather-id", "weather.toml", None, 'id = "w04"', 'id = "w03"', ["'w03'", "duplicate"]),
    ("duplicate-card-id", "cards.toml", None, 'id = "cargo_rack"', 'id = "scrap_plating"', ["'scrap_plating'", "duplicate"]),
    ("dangling-special-item", "characters.toml", "scout", '"binoculars"', '"laser"', ["'scout'", "'laser'"]),
    ("dangling-take", "cards.toml", "bag_of_herbs", '["medkit"]', '["bandage"]', ["'bag_of_herbs'", "'bandage'"]),
    ("dangling-cost", "cards.toml", "flamethrower", '"fuel"', '"petrol"', ["'flamethrower'", "'petrol'"]),
    ("dangling-raider-type", "cards.toml", "truck_vehicle", 'raider_type = "truck"', 'raider_type = "lorry"', ["'truck_vehicle'", "'lorry'"]),
    ("card-total", "cards.toml", "machete", "count = 4", "count = 5", ["107", "SL §6"]),
    ("vehicle-without-table", "cards.toml", "axe", 'deck = "mirage"', 'deck = "mirage"\nslot = "vehicle"', ["'axe'", "slot 'vehicle' needs a [card.vehicle] table"]),
    ("sail-in-mountains", "cards.toml", "sailer", '["salt", "dune"]', '["salt", "dune", "mountain"]', ["'sailer'", "SL §79"]),
    ("victory-without-kind", "cards.toml", "plants", 'victory = "plants"\n', "", ["'plants'", "victory kind"]),
    ("action-field-mismatch", "cards.toml", "wrench", 'effect = "reconstruction"', 'effect = "reconstruction"\ndamage_type = "ap"', ["'wrench'", "damage_type"]),
    ("raider-crew", "raiders.toml", "apc", "crew = 2", "crew = 3", ["'apc'", "SL §98"]),
    ("raider-figures", "raiders.toml", "apc", "figures = 6", "figures = 7", ["36", "SL §6"]),
    ("damage-per-round", "damage.toml", "d2-1", "round = 2", "round = 3", ["48", "SL §30"]),
    ("damage-letters", "damage.toml", "d1-1", 'letters = "B"', 'letters = "BX"', ["'d1-1'", "'BX'"]),
    ("damage-and-move", "damage.toml", "d1-8", "damage = 0", "damage = 2", ["'d1-8'", "SL §106"]),
    ("starting-weather", "weather.toml", "w02", "starting = true\n", "", ["starting weather", "SL §41"]),
    ("wind-pattern", "wind.toml", None, '"single", "double", "single", "none"', '"none", "double", "single", "single"', ["wind", "SL §81"]),
    ("rumor-empty-side", "rumors.toml", "r1", 'top = [{ marker = "blue", direction = "N" }]', "top = []", ["'r1'", "top"]),
    ("rumor-bad-direction", "rumors.toml", "r1", 'direction = "N"', 'direction = "E"', ["'r1'", "direction"]),
    ("token-total", "tokens.toml", "loot", "count = 10", "count = 11", ["51", "SL §6"]),
    ("start-tokens", "tokens.toml", "loot_start_large", "large_only = true\n", "", ["START", "SL §37"]),
    ("victory-token-colour", "tokens.toml", "victory_blue", 'colour = "blue"\n', "", ["'victory_blue'", "colour"]),
    ("layout-count", "layouts.toml", "small", "[0, -3]]", "]", ["'small'", "5", "SL §35"]),
    ("layout-starting", "layouts.toml", "large", "starting = [[1, -1], [0, -1], [-1, 0]]", "starting = [[1, -1], [0, -1], [1, 0]]", ["'large'", "SL §35"]),
    ("layout-detached", "layouts.toml", "small", "[0, -3]]", "[0, -5]]", ["'small'", "touches no other tile"]),
    ("layout-on-compass", "layouts.toml", "small", "[0, -3]]", "[0, 0]]", ["'small'", "distinct"]),
    ("board-slots", "board.toml", None, "cargo_slots = [0, 5, 5]", "cargo_slots = [0, 5]", ["board", "SL §54"]),
    ("plants-colour", "board.toml", None, 'colour = "green"', 'colour = "yellow"', ["'plants'", "colour"]),
    ("character-ability", "characters.toml", "healer", '"lord_of_winds"', '"tough"', ["'healer'", "'tough'"]),
    ("invalid-toml", "weather.toml", "w01", "strength = 2", "strength = = 2", ["invalid TOML"]),
]


@pytest.mark.parametrize(
    ("filename", "entry", "old", "new", "fragments"),
    [pytest.param(*case[1:], id=case[0]) for case in BROKEN],
)
def test_broken_data_raises(
    tmp_path: Path, filename: str, entry: str | None, old: str, new: str, fragments: list[str]
) -> None:
    data = broken_copy(tmp_path, filename, entry, old, new)
    with pytest.raises(ContentError) as info:
        load_content(data)
    message = str(info.value)
    assert message.startswith(f"{filename}:"), message
    for fragment in fragments:
        assert fragment in message, (fragment, message)


def test_unmodified_copy_loads(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    assert load_content(data) == load_content()


def test_missing_file_names_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    (data / "rumors.toml").unlink()
    with pytest.raises(ContentError, match=r"^rumors\.toml: cannot read"):
        load_content(data)


def test_validation_error_without_entry_id(tmp_path: Path) -> None:
    data = broken_copy(tmp_path, "cards.toml", None, 'id = "rifle"\n', "")
    with pytest.raises(ContentError, match=r"^cards\.toml: card #\d+: Object missing required field `id`"):
        load_content(data)


_VALID_ROWS = ["s s s", "s s s s", "s s s s s", "s s s s", "s s s"]


@given(
    row=st.integers(0, 4),
    token=st.text(alphabet="sdmwABCMHcerxS1 ", min_size=1, max_size=3).filter(
        lambda t: t.strip() == t and " " not in t and re.fullmatch(r"[sdm][wABCMHcer]?", t) is None
    ),
)
def test_any_malformed_cell_is_rejected(row: int, token: str) -> None:
    rows = list(_VALID_ROWS)
    rows[row] = " ".join([token] + rows[row].split()[1:])
    with pytest.raises(ContentError, match=r"^tiles\.toml: tile 'fuzz': cell"):
        parse_tile(TileDef(id="fuzz", name="Fuzz", kind="ordinary", rows=rows))


@given(
    cells=st.lists(
        st.tuples(st.sampled_from("sdm"), st.sampled_from(["", "w", "A", "B", "C", "M", "H", "c", "e", "r"])),
        min_size=19,
        max_size=19,
    )
)
def test_well_formed_cells_parse(cells: list[tuple[str, str]]) -> None:
    tokens = [t + m for t, m in cells]
    rows, at = [], 0
    for n in (3, 4, 5, 4, 3):
        rows.append(" ".join(tokens[at : at + n]))
        at += n
    parsed = parse_tile(TileDef(id="fuzz", name="Fuzz", kind="ordinary", rows=rows))
    names = {"s": "salt", "d": "dune", "m": "mountain"}
    for cell, (t, m) in zip(parsed, cells):
        assert cell.terrain == names[t]
        assert cell.wreck == (m == "w") and cell.colony == (m == "c")
        assert cell.start_dune == (m == "e") and cell.raider_start == (m == "r")
        assert cell.spawn == (m if m in ("A", "B", "C", "M", "H") else None)


def test_spec_lists_the_characters_of_the_data():
    from wasteland.games.saltlands.content import load_content
    from wasteland.games.saltlands.spec import CHARACTERS

    assert CHARACTERS == tuple(load_content().characters)
