"""Set-up tables and the starting position (SL §9 to SL §45, SL §121)."""

from __future__ import annotations

from collections import Counter

import pytest

from wasteland.core.protocol import RuleError
from wasteland.games.saltlands.game import GAME

CHARS = ["scout", "healer", "plowman", "arsonist", "scientist", "little_girl"]

# SL §15, SL §16, SL §17 (digest table 2.2): raider types, area, rumor cards, markers, activations.
TABLE = {
    1: (["speedster", "pickup", "truck"], "small", 2, {"blue", "green"}, 3),
    2: (["speedster", "pickup", "truck", "bulldozer"], "small", 4, {"blue", "green"}, 2),
    3: (["speedster", "pickup", "truck"], "small", 4, {"blue", "green"}, 1),
    4: (["speedster", "pickup", "truck", "bulldozer"], "large", 6, {"blue", "green", "red"}, 1),
    5: (["speedster", "pickup", "truck", "bulldozer", "hovercraft"], "large", 6, {"blue", "green", "red"}, 1),
    6: (["speedster", "pickup", "truck", "bulldozer", "hovercraft", "apc"], "large", 6,
        {"blue", "green", "red"}, 1),
}


def game(players, seed=11, **config):
    return GAME.new_game({"players": players, "characters": CHARS[:players], **config}, seed)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_setup_table_by_player_count_SL15_SL17(players):
    types, area, rumors, markers, activations = TABLE[players]
    s = game(players)
    rules = s.static.rules
    assert list(rules.raider_types) == types
    assert rules.area == area
    assert len(s.rumor_deck) == rumors and s.rumors_played == []
    assert set(s.markers) == markers
    assert rules.activations == activations
    # Small area: compass + 2 starting + 5 face-down; large: compass + 3 + 9 (SL §35, SL §36).
    assert len(s.tiles) == (8 if area == "small" else 13)
    assert sum(s.face_up) == (3 if area == "small" else 4)
    # Every round is players + 1 turns (SL §47): types = players x activations for 2-6.
    if players > 1:
        assert len(types) == players * activations


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_damage_stacks_six_cards_round_6_bottom_round_1_top_SL30_SL33(players):
    s = game(players)
    content = s.static.content
    assert set(s.damage_stacks) == set(TABLE[players][0])
    used = []
    for stack in s.damage_stacks.values():
        rounds = [content.damage_cards[c].round for c in stack]
        assert rounds == [6, 5, 4, 3, 2, 1]  # bottom ... top (the top is the last)
        used += stack
    assert len(set(used)) == len(used)


def test_solo_stacks_112334556_SL121():
    s = game(1)
    content = s.static.content
    for stack in s.damage_stacks.values():
        top_first = [content.damage_cards[c].round for c in reversed(stack)]
        assert top_first == [1, 1, 2, 3, 3, 4, 5, 5, 6]
    assert len(s.damage_stacks) == 3


@pytest.mark.parametrize("difficulty,letters", [("easy", "ABC"), ("normal", "ABCM"), ("hard", "ABCMH")])
def test_difficulty_spawn_letters_SL18(difficulty, letters):
    s = game(3, difficulty=difficulty)
    assert s.static.rules.active_letters == letters


def test_starting_raiders_one_per_type_on_the_compass_tile_SL39():
    s = game(6)
    assert sorted(r[0] for r in s.raiders.values()) == sorted(TABLE[6][0])
    assert all(r[1] // 19 == 0 and r[2] == s.static.content.raiders[r[0]].crew for r in s.raiders.values())


@pytest.mark.parametrize("config", [{"players": 1}, {"players": 2, "mode": "tutorial"}])
def test_no_starting_raiders_in_solo_and_tutorial_SL121(config):
    s = GAME.new_game({**config, "characters": CHARS[: config["players"]]}, 3)
    assert s.raiders == {}


def test_tutorial_set_up_like_solo_small_area_two_rumors_easy_SL121():
    s = GAME.new_game({"players": 4, "mode": "tutorial", "characters": CHARS[:4]}, 3)
    rules = s.static.rules
    assert rules.area == "small" and len(s.rumor_deck) == 2 and set(s.markers) == {"blue", "green"}
    assert rules.difficulty == "easy"
    assert list(rules.raider_types) == TABLE[4][0] and rules.activations == 1  # real player count
    assert all(len(v) == 6 for v in s.damage_stacks.values())  # stacks built normally


def test_markers_on_the_colony_tiles_SL43():
    for players, n in ((2, 2), (5, 3)):
        s = game(players)
        assert sorted(s.markers.values()) == list(range(1, n + 1))  # the starting tiles


def test_start_tokens_face_up_on_starting_tile_wrecks_SL37():
    for players in (2, 4):
        s = game(players)
        geo = s.static.geo
        wrecks = [h for pos in geo.starting_positions for h in geo.hexes_of(pos) if s.terrain.wreck[h]]
        assert sorted(s.tokens) == sorted(wrecks)
        assert all(s.static.catalog.tokens[t].start for t in s.tokens.values())
        pool = [s.static.catalog.tokens[t] for t in s.token_pool]
        assert not any(t.start for t in pool)
        if players == 2:  # small area: large-area tokens go back to the box (SL §37)
            assert not any(t.large_only for t in pool)
            assert len(s.token_pool) + len(s.tokens) == 51 - 1 - 1 - 4  # minus large-only
        else:
            assert len(s.token_pool) + len(s.tokens) == 51


def test_red_victory_cards_unused_without_the_red_marker_SL42_ruling():
    small = game(2)
    large = game(4)
    cards = small.static.catalog.cards
    assert Counter(cards[c].id for c in small.supply if cards[c].deck == "victory") == {"plants": 4, "compass": 4}
    assert Counter(cards[c].id for c in large.supply if cards[c].deck == "victory") == {
        "plants": 4, "compass": 4, "tools": 4}


def test_supply_and_decks_SL19_SL27():
    s = game(2)
    cards = s.static.catalog.cards
    assert all(cards[c].deck == "mirage" for c in s.mirage) and len(s.mirage) == 36
    assert all(cards[c].deck == "raider" for c in s.raider_deck) and len(s.raider_deck) == 15
    supply = Counter(cards[c].deck for c in s.supply)
    assert supply["crew"] == 8 and supply["raider_vehicle"] == 12
    assert supply["starting"] == 24 - 2 * 4  # two kits dealt


def test_first_player_and_wind_set_up_SL40_SL45():
    s = GAME.new_game({"players": 3, "characters": CHARS[:3], "first_player": 2}, 5)
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (2, "enter")
    assert s.wind_dir == 0  # data: the wind tile starts pointing N


def test_lone_player_always_plays_solo_SL121():
    with pytest.raises(RuleError) as err:
        GAME.new_game({"players": 1, "mode": "classic"}, 1)
    assert err.value.rule == "SL §121"
    with pytest.raises(RuleError):
        GAME.new_game({"players": 2, "mode": "solo"}, 1)
    with pytest.raises(RuleError) as err:
        GAME.new_game({"players": 7}, 1)
    assert err.value.rule == "SL §15"


# -- every combination of player count, mode and difficulty (SL §9 to SL §18, SL §121) ------------

MODES_FOR = {1: ("solo", "tutorial"), **{n: ("classic", "coop", "competitive", "tutorial") for n in range(2, 7)}}
LETTERS = {"easy": "ABC", "normal": "ABCM", "hard": "ABCMH"}
COMBINATIONS = [(n, mode, diff) for n in range(1, 7) for mode in MODES_FOR[n] for diff in LETTERS
                if mode != "tutorial" or diff == "easy"]


@pytest.mark.parametrize("players,mode,difficulty", COMBINATIONS)
def test_every_combination_sets_up_as_the_tables_say_SL9_SL18_SL121(players, mode, difficulty):
    s = game(players, mode=mode, difficulty=difficulty)
    rules = s.static.rules
    content = s.static.content
    types, area, rumors, markers, activations = TABLE[players]
    small_setup = mode in ("solo", "tutorial")  # SL §121: the tutorial is set up as solo is
    if small_setup:
        area, rumors, markers = "small", 2, {"blue", "green"}
    # Raider types and activations by the real player count, whatever the mode (SL §121).
    assert list(rules.raider_types) == types and rules.activations == activations
    assert sorted(s.damage_stacks) == sorted(types) and sorted(s.revealed) == sorted(types)
    assert rules.area == area
    assert len(s.tiles) == (8 if area == "small" else 13)
    assert sum(s.face_up) == (3 if area == "small" else 4)
    assert len(s.rumor_deck) == rumors and set(s.markers) == markers
    assert rules.active_letters == LETTERS[difficulty]
    # Damage stacks: solo's nine 1-1-2-3-3-4-5-5-6, otherwise round 1 on top down to 6.
    rounds = [1, 1, 2, 3, 3, 4, 5, 5, 6] if mode == "solo" else [1, 2, 3, 4, 5, 6]
    for stack in s.damage_stacks.values():
        assert [content.damage_cards[c].round for c in reversed(stack)] == rounds
    # Starting raiders: one of each type in use, except in solo and the tutorial.
    assert sorted(r[0] for r in s.raiders.values()) == ([] if small_setup else sorted(types))
    # Red Victory cards and red tokens only with the red marker (SL §42, SL §37).
    cards = s.static.catalog.cards
    victory_colours = {content.victory_kinds[cards[c].victory].colour for c in s.supply if cards[c].victory}
    assert victory_colours == markers
    pool_tokens = [s.static.catalog.tokens[t] for t in [*s.token_pool, *s.tokens.values()]]
    assert all(not t.large_only for t in pool_tokens) if area == "small" else any(t.large_only for t in pool_tokens)
    assert s.round == 1 and s.weather_deck and len(s.weather_drawn) == 2


@pytest.mark.parametrize("players", [1, 3, 5])
def test_difficulty_does_not_change_the_set_up_SL12_SL13(players):
    # SL §12, SL §13: the difficulty changes the spawn points and respawns, not the set-up.
    modes = MODES_FOR[players][:1]
    states = [game(players, mode=modes[0], difficulty=d) for d in LETTERS]
    dumps = []
    for st in states:
        data = GAME.to_json(st)
        data.pop("config", None)
        dumps.append(data)
    assert dumps[0] == dumps[1] == dumps[2]
