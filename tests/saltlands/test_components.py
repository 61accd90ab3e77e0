"""The set-up chapter's components and mode tables, section by section (SL §8 to SL §32,
SL §60, SL §75, SL §104, SL §137 to SL §139): what the box gives each configuration, read
from fresh games."""

from __future__ import annotations

from collections import Counter

import pytest

from wasteland.core.protocol import RuleError
from wasteland.games.saltlands.config import VICTORY_NEEDS, normalize
from wasteland.games.saltlands.game import GAME

from sltest import build, cargo, damage_card, of_type, play, raiders, set_damage_card, tokens

BASE = ("plowman", "arsonist", "little_girl", "scout", "healer", "scientist")


def names(s, cards) -> Counter:
    return Counter(s.static.catalog.card_names[c].partition("#")[0] for c in cards)


def kind(s, card: int) -> str:
    return s.static.catalog.cards[card].deck


def test_the_five_modes_and_no_other_SL8():
    """SL §8: Classic, Cooperative, Competitive, Solo and Tutorial."""
    for mode, players in (("classic", 2), ("coop", 2), ("competitive", 2), ("solo", 1), ("tutorial", 2)):
        assert normalize({"players": players, "mode": mode}).mode == mode
    with pytest.raises(RuleError) as err:
        normalize({"players": 2, "mode": "deathmatch"})
    assert err.value.rule == "SL §9"


def test_victory_cards_by_mode_matching_plus_one_per_player_SL10():
    """SL §10 (the mode table): matching Victory cards, then one of any kind per player."""
    assert VICTORY_NEEDS == {"classic": (3, 1), "coop": (3, 1), "competitive": (1, 1), "solo": (1, 1),
                             "tutorial": (1, 1)}


def test_a_single_player_plays_solo_and_the_tutorial_is_prepared_like_solo_SL11():
    assert normalize({"players": 1}).mode == "solo"
    with pytest.raises(RuleError):
        normalize({"players": 1, "mode": "classic"})
    tutorial = normalize({"players": 3, "mode": "tutorial"})
    solo = normalize({"players": 1, "mode": "solo"})
    assert (tutorial.area, tutorial.rumor_cards, tutorial.starting_raiders) == \
        (solo.area, solo.rumor_cards, solo.starting_raiders) == ("small", 2, False)
    classic = normalize({"players": 3, "mode": "classic"})
    assert (classic.rumor_cards, classic.starting_raiders) == (4, True)


def test_solo_needs_one_matching_and_one_more_and_has_the_weather_every_turn_SL14():
    assert VICTORY_NEEDS["solo"] == (1, 1)
    s = GAME.new_game({"players": 1, "characters": ["scout"]}, 2)
    drawn = len(s.weather_drawn)
    while GAME.decision(s).kind != "turn":
        play(s, GAME.decision(s).actions[0])
    first_turn = s.turn
    while s.turn == first_turn:  # the turn, the raiders' activation, then the weather
        play(s, "end" if "end" in GAME.decision(s).actions else GAME.decision(s).actions[0])
    assert len(s.weather_drawn) == drawn + 1


def test_the_raider_deck_holds_raider_gear_only_shuffled_SL20():
    a = GAME.new_game({"players": 2}, 1)
    b = GAME.new_game({"players": 2}, 2)
    assert {kind(a, c) for c in a.raider_deck} == {"raider"}
    assert not {kind(a, c) for c in a.mirage} & {"raider"}
    assert names(a, a.raider_deck) == names(b, b.raider_deck)
    assert a.raider_deck != b.raider_deck


def test_supply_cards_are_victory_crew_raider_vehicles_and_starting_cards_SL21():
    s = GAME.new_game({"players": 4}, 1)
    assert {kind(s, c) for c in s.supply} == {"victory", "crew", "raider_vehicle", "starting"}
    assert GAME.view(s, None)["supply"]  # face up: everybody sees the piles


def test_the_unchosen_characters_kits_stay_in_the_supply_SL22():
    s = GAME.new_game({"players": 2, "characters": ["plowman", "scout"]}, 1)
    supply = names(s, s.supply)
    assert "curved_scythe" not in supply and "binoculars" not in supply  # dealt
    for item in ("flamethrower", "wrench", "bag_of_herbs", "water_desalinator"):
        assert supply[item] == 1


@pytest.mark.parametrize("players,kinds", [(2, {"plants", "compass"}), (3, {"plants", "compass"}),
                                           (4, {"plants", "compass", "tools"}), (6, {"plants", "compass", "tools"})])
def test_three_victory_kinds_one_per_marker_red_stays_in_the_box_SL23(players, kinds):
    s = GAME.new_game({"players": players}, 1)
    victory = {n for n in names(s, s.supply) if s.static.content.cards[n].victory}
    assert victory == kinds
    assert len(s.static.rules.markers) == len(kinds)


def test_a_crew_token_gives_a_crew_card_from_the_supply_SL24_SL75():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        [[token]]
        hex = "-1,-1"
        token = "crew"
    """)
    before = names(s, s.supply)["crew"]
    play(s, "collect -1,-1 by scout")
    assert cargo(s) == ["crew"] and names(s, s.supply)["crew"] == before - 1
    assert tokens(s) == {}


def test_two_vehicle_cards_of_every_raider_type_in_the_supply_SL25():
    s = GAME.new_game({"players": 2}, 1)
    supply = names(s, s.supply)
    for rtype in s.static.content.raiders:
        assert supply[f"{rtype}_vehicle"] == 2, rtype


@pytest.mark.parametrize("character", BASE)
def test_every_character_starts_with_sailer_spear_water_and_a_special_item_SL26(character):
    s = GAME.new_game({"players": 1, "characters": [character]}, 1)
    p = s.players[0]
    special = s.static.content.characters[character].special_item
    kit = names(s, p.hand) + names(s, [p.vehicle])
    assert kit == Counter({"sailer": 1, "spear": 1, "water": 1, special: 1})


@pytest.mark.parametrize("players", [1, 2, 5, 6])
def test_only_the_raider_types_in_play_come_out_SL28_SL29(players):
    """SL §28, SL §29: info cards and figures of the types in play; the others stay in the
    box (no raider, stack or spawn of another type ever comes out)."""
    s = GAME.new_game({"players": players}, 3)
    in_play = set(s.static.rules.raider_types)
    assert set(s.damage_stacks) == in_play
    assert {r[0] for r in s.raiders.values()} <= in_play
    for _ in range(60):
        d = GAME.decision(s)
        if d is None:
            break
        play(s, d.actions[-1])
        assert {r[0] for r in s.raiders.values()} <= in_play
        for rtype in in_play:  # never more figures than the box has
            assert sum(r[0] == rtype for r in s.raiders.values()) <= s.static.content.raiders[rtype].figures


def test_the_damage_cards_of_each_round_are_shuffled_apart_SL32():
    """SL §32: the k-th card from the top of every stack is a round-k card, whatever the
    shuffle; which round-k card lands on which stack changes with it."""
    seen = set()
    for seed in (1, 2, 3):
        s = GAME.new_game({"players": 4}, seed)
        for stack in s.damage_stacks.values():
            rounds = [s.static.content.damage_cards[c].round for c in reversed(stack)]
            assert rounds == [1, 2, 3, 4, 5, 6]
        seen.add(tuple(s.damage_stacks["speedster"]))
    assert len(seen) > 1


def test_the_rumor_deck_is_played_at_once_SL60():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        [[token]]
        hex = "-1,-1"
        token = "rumor"
    """)
    deck = len(s.rumor_deck)
    play(s, "collect -1,-1 by scout")
    assert len(s.rumor_deck) == deck - 1
    assert GAME.decision(s).kind == "rumor"  # the card is played now: top or bottom
    assert set(GAME.decision(s).actions) == {"top", "bottom"}


def test_new_raiders_on_free_spawn_points_of_active_letters_only_SL104():
    """SL §104: a damage card's letters bring new raiders of the type onto the free spawn
    points of those letters that are active at the difficulty (H is off at Normal)."""
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
    """)
    set_damage_card(s, "speedster", damage_card(damage=1, letters="AH"))
    before = len(raiders(s))
    events = play(s, "end", "activate speedster")
    (check,) = of_type(events, "spawn_check")
    assert check["letters"] == "A"  # H printed, but not active at Normal
    spawned = of_type(events, "spawn")
    assert spawned and len(raiders(s)) == before + len(spawned)


def test_the_expansion_adds_its_own_components_only_with_expansion_SL137():
    """SL §137 (what Lost in the Desert adds, SL §140, SL §141): its cards come into the
    decks with the expansion and never without it."""
    base = GAME.new_game({"players": 2}, 1)
    more = GAME.new_game({"players": 2, "expansion": True}, 1)
    cards = base.static.content.cards

    def expansion_cards(s):
        everything = list(s.mirage) + list(s.raider_deck) + list(s.supply)
        return {n for n in names(s, everything) if cards[n].expansion}

    assert expansion_cards(base) == set()
    assert {"wind_tractor", "dynamite", "grenade_launcher", "flare_gun"} <= expansion_cards(more)


def test_six_expansion_characters_SL138():
    characters = GAME.new_game({"players": 1}, 1).static.content.characters
    assert sum(c.expansion for c in characters.values()) == 6
    with pytest.raises(RuleError) as err:
        GAME.normalize_config({"players": 1, "characters": ["trader"]})
    assert err.value.rule == "SL §141"
    assert GAME.normalize_config({"players": 1, "characters": ["trader"], "expansion": True})


def test_three_optional_variants_SL139():
    assert set(normalize({"players": 2, "expansion": True, "variants": ["epic", "overkill", "explorers_luck"]})
               .variants) == {"epic", "overkill", "explorers_luck"}
    with pytest.raises(RuleError) as err:
        normalize({"players": 2, "variants": ["hardcore"]})
    assert err.value.rule == "SL §148"
