"""Saltlands' chance points at a table (table mode): each reveal asks the table, takes
the answer it gives among what can physically be there, cites its rule, and refuses an
answer that cannot come. These tests script chance by answering, instead of stacking a
deck (SL §31, SL §36, SL §42, SL §49, SL §57, SL §99, SL §100, SL §109, SL §110, SL §146)."""

from __future__ import annotations

import json

import pytest

from wasteland.core.chance import CHANCE_SEAT
from wasteland.core.protocol import RuleError
from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.movement import wind_strength
from wasteland.games.saltlands.reveals import token_face

from sltest import answer, asked, build, has, held, of_type, play
from sltest import at_table as table

ONE = """
    seed = 1
    [config]
    players = {players}
    characters = {characters}
    [state]
    wind = "N"
    weather = ["w01", "w02"]
    [[player]]
    seat = "p1"
    hex = "-1,0"
    hand = {hand}
    cargo = ["crew", "crew"]
"""


def at_table(extra: str = "", players: int = 1, characters: str = '["scout"]', hand: str = "[]"):
    return table(build(ONE.format(players=players, characters=characters, hand=hand) + extra))


def refused(s, outcome: str, rule: str) -> None:
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as exc:
        GAME.apply(s, f"chance {outcome}", CHANCE_SEAT)
    assert exc.value.rule == rule
    assert GAME.to_json(s) == before


# -- damage cards (SL §31, SL §100) ---------------------------------------------------------------


def round_one_attack(s) -> str:
    """A round-1 damage card the table may reveal now that attacks."""
    cards = s.static.content.damage_cards
    return next(c for c in asked(s).outcomes if cards[c].damage > 0)


RAIDER = """
    [[raider]]
    type = "speedster"
    hex = "-1,-1"
"""


def test_the_table_reveals_the_damage_card_and_the_raider_attacks_with_it_SL100():
    s = at_table(RAIDER)
    play(s, "end")
    assert play(s, "activate speedster") == []  # the activation stops at its damage card
    point = asked(s)
    card = round_one_attack(s)
    assert (point.what, point.rule) == ("damage card of the speedster", "SL §100")
    d = GAME.decision(s)
    assert (d.seat, d.kind, d.rule) == (CHANCE_SEAT, "chance", "SL §100")
    events = answer(s, card)
    revealed = of_type(events, "damage_card")[0]
    printed = s.static.content.damage_cards[card]
    assert (revealed["raider"], revealed["card"], revealed["damage"]) == ("speedster", card, printed.damage)
    assert s.revealed["speedster"] == [card]


def test_a_damage_card_can_be_any_unseen_card_of_the_top_cards_round_SL31():
    s = at_table(RAIDER)
    play(s, "end", "activate speedster")
    round_one = {c.id for c in s.static.content.damage_cards.values() if c.round == 1 and not c.expansion}
    assert set(asked(s).outcomes) == round_one
    assert all(w == 1 for w in asked(s).weights)
    refused(s, next(c.id for c in s.static.content.damage_cards.values() if c.round == 2), "SL §100")
    refused(s, "d9-9", "SL §100")


def test_a_damage_card_from_another_stack_changes_place_with_the_top_card_SL31():
    s = at_table(RAIDER)
    stacks = {t: list(v) for t, v in s.damage_stacks.items()}
    mine, theirs = stacks["speedster"][-1], stacks["truck"][-1]
    play(s, "end", "activate speedster")
    answer(s, theirs)
    assert s.revealed["speedster"] == [theirs]
    assert s.damage_stacks["truck"][-1] == mine  # the truck's round-1 card is now the old guess
    assert s.damage_stacks["speedster"] == stacks["speedster"][:-1]


def test_a_damage_card_left_in_the_box_replaces_the_top_card_SL31():
    s = at_table(RAIDER)
    in_stacks = {c for v in s.damage_stacks.values() for c in v}
    boxed = next(c.id for c in s.static.content.damage_cards.values()
                 if c.round == 1 and not c.expansion and c.id not in in_stacks)
    play(s, "end", "activate speedster")
    answer(s, boxed)
    assert s.revealed["speedster"] == [boxed]
    assert not {c for v in s.damage_stacks.values() for c in v} & {boxed}


def test_a_revealed_damage_card_cannot_come_again_SL100():
    s = at_table(RAIDER)
    play(s, "end", "activate speedster")
    first = asked(s).outcomes[0]
    answer(s, first)
    while GAME.chance_pending(s) is None or asked(s).what != "damage card of the pickup":
        d = GAME.decision(s)
        if GAME.chance_pending(s) is not None:
            answer(s, asked(s).outcomes[-1])
        else:
            play(s, d.actions[0])
    assert first not in asked(s).outcomes
    refused(s, first, "SL §100")


# -- the pending point: seats, JSON, views -----------------------------------------------------------


def test_while_the_table_is_asked_nothing_else_applies_and_the_state_is_the_one_before():
    s = at_table(RAIDER)
    before = build(ONE.format(players=1, characters='["scout"]', hand="[]") + RAIDER)
    play(s, "end", "activate speedster")
    for bad, seat in (("activate pickup", None), ("activate speedster", 0), (f"chance {asked(s).outcomes[0]}", 0), ("chance", CHANCE_SEAT)):
        with pytest.raises(RuleError) as exc:
            GAME.apply(s, bad, seat)
        assert exc.value.rule == "SL §100"
    shown = GAME.to_json(s)
    assert shown.pop("chance")["pending"]["action"] == "activate speedster"
    play(before, "end")
    assert shown == GAME.to_json(before)


def test_a_pending_chance_state_round_trips_through_json_and_resumes():
    s = at_table(RAIDER)
    play(s, "end", "activate speedster")
    text = json.dumps(GAME.to_json(s))
    again = GAME.from_json(json.loads(text))
    assert json.dumps(GAME.to_json(again)) == text
    card = round_one_attack(s)
    assert answer(again, card) == answer(s, card)
    assert GAME.to_json(again) == GAME.to_json(s)


@pytest.mark.parametrize("bad", [
    {"mode": "dice"}, "table", {"mode": "table", "pending": {"action": "end"}},
    {"mode": "table", "pending": {"action": "end", "seat": "p1", "answers": [], "point": {}}},
])
def test_a_malformed_chance_field_is_refused_naming_it(bad):
    data = GAME.to_json(at_table(RAIDER))
    data["chance"] = bad
    with pytest.raises(RuleError) as exc:
        GAME.from_json(data)
    assert "chance" in str(exc.value)


def test_views_at_the_table_show_the_point_but_never_the_deck_order():
    s = at_table(RAIDER)
    play(s, "end", "activate speedster")
    mine = GAME.view(s, CHANCE_SEAT)
    assert mine["chance"]["outcomes"] == sorted(mine["chance"]["outcomes"])
    assert mine["decision"]["actions"] == [f"chance {o}" for o in mine["chance"]["outcomes"]]
    # The same position with every deck in another order: every view is the same.
    other = GAME.from_json(GAME.to_json(s))
    for pile in (other.mirage, other.raider_deck, other.weather_deck, other.token_pool, other.rumor_deck,
                 *other.damage_stacks.values()):
        pile.reverse()
    other.touch()
    for seat in (None, 0, CHANCE_SEAT):
        assert json.dumps(GAME.view(other, seat), sort_keys=True) == json.dumps(GAME.view(s, seat), sort_keys=True)
    spectator = GAME.view(s, None)
    assert spectator["chance"]["outcomes"] == [] and spectator["decision"]["actions"] == []
    assert spectator["chance"]["count"] == len(mine["chance"]["outcomes"])


# -- rumors, tiles and tokens (SL §36, SL §42, SL §109, SL §110) --------------------------------------


RUMOR_TOKEN = """
    [[token]]
    hex = "-1,-1"
    token = "rumor"
"""


def test_the_table_draws_a_rumor_explores_a_tile_and_lays_its_tokens_SL109_SL110():
    # Seed 1: blue on start_3 (t0,-1). Rumor card r1: top = blue one tile N, onto the
    # face-down tile t0,-2, explored: the table says it is tile_01, which has wrecks at
    # 4,-12, 3,-10 and 3,-11, and lays a crew, a loot and a rumor token on them.
    s = at_table(RUMOR_TOKEN)
    play(s, "collect -1,-1 by scout")
    point = asked(s)
    assert (point.what, point.rule) == ("rumor card", "SL §109")
    assert "r1" in point.outcomes and not set(point.outcomes) & set(s.rumors_played)
    answer(s, "r1")
    assert GAME.decision(s).kind == "rumor"
    play(s, "top")
    point = asked(s)
    assert (point.what, point.rule) == ("tile explored at t0,-2", "SL §110")
    assert "tile_01" in point.outcomes and "start_1" not in point.outcomes
    answer(s, "tile_01")
    assert asked(s).what.startswith("token for the wreck at ")
    assert set(asked(s).outcomes) <= {"loot", "crew", "victory_blue", "victory_green", "victory_red", "rumor"}
    assert GAME.view(s, CHANCE_SEAT)["chance"]["answers"] == ["tile_01"]
    events = answer(s, "crew", "loot", "rumor")
    assert s.face_up[4] and s.tiles[4] == "tile_01"
    placed = sorted(e["hex"] for e in of_type(events, "token_placed"))
    faces = {s.static.geo.names[h]: token_face(s.static.catalog.tokens[t]) for h, t in s.tokens.items()}
    assert placed == ["3,-10", "3,-11", "4,-12"]
    assert sorted(faces[h] for h in placed) == ["crew", "loot", "rumor"]


def test_switching_the_table_off_lets_the_generator_answer_the_rest():
    s = at_table(RUMOR_TOKEN)
    play(s, "collect -1,-1 by scout")
    answer(s, "r1")
    play(s, "top")
    GAME.apply_in_place(s, "chance tile_09", CHANCE_SEAT)
    assert GAME.chance_pending(s).answers == ("tile_09",)
    pool = len(s.token_pool)
    by_generator = GAME.with_table_chance(s, on=False)
    assert by_generator.chance is None and "chance" not in GAME.to_json(by_generator)
    assert by_generator.tiles[4] == "tile_09" and by_generator.face_up[4]
    placed = len(by_generator.tokens) - len(s.tokens)
    assert placed > 0 and len(by_generator.token_pool) == pool - placed
    assert GAME.decision(by_generator).seat != CHANCE_SEAT
    assert GAME.chance_pending(s) is not None  # the state given is left as it was


def test_a_tile_the_engine_had_elsewhere_changes_place_with_its_guess_SL36():
    s = at_table(RUMOR_TOKEN)
    guess = s.tiles[4]
    elsewhere = next(i for i, up in enumerate(s.face_up) if not up and i != 4)
    other = s.tiles[elsewhere]
    play(s, "collect -1,-1 by scout")
    answer(s, "r1")
    play(s, "top")
    answer(s, other)
    while GAME.chance_pending(s) is not None:  # the tokens on its wrecks
        answer(s, asked(s).outcomes[0])
    assert s.tiles[4] == other and s.tiles[elsewhere] == guess and not s.face_up[elsewhere]


def test_a_rumor_card_left_in_the_box_replaces_the_top_card_SL42():
    s = at_table(RUMOR_TOKEN)
    boxed = next(r for r in s.static.content.rumors if r not in s.rumor_deck and r not in s.rumors_played)
    size = len(s.rumor_deck)
    play(s, "collect -1,-1 by scout")
    answer(s, boxed)
    assert GAME.decision(s).kind == "rumor" and len(s.rumor_deck) == size - 1 and boxed not in s.rumor_deck
    refused_after = GAME.with_table_chance(s)  # still the same table
    assert refused_after.stack[-1]["card"] == boxed


# -- Mirage and Raider cards (SL §57, SL §99) --------------------------------------------------------


def test_the_table_names_the_mirage_card_a_loot_token_gives_SL57():
    s = at_table(RUMOR_TOKEN.replace("rumor", "loot"), hand='["spear"]')
    play(s, "collect -1,-1 by scout")
    point = asked(s)
    assert (point.what, point.rule) == ("Mirage card", "SL §57")
    assert "helmet" in point.outcomes and sum(point.weights) == len(s.mirage)
    assert "spear" not in point.outcomes  # starting cards are not in the Mirage deck (SL §44)
    refused(s, "spear", "SL §57")
    while GAME.chance_pending(s) is not None:
        answer(s, "helmet" if "helmet" in asked(s).outcomes else asked(s).outcomes[0])
    assert held(s, "helmet")


# -- weather (SL §49) --------------------------------------------------------------------------------


def test_the_table_draws_the_weather_card_and_the_wind_turns_by_it_SL49_SL51():
    s = at_table()
    while GAME.chance_pending(s) is None or asked(s).what != "weather card":
        if GAME.chance_pending(s) is not None:
            answer(s, asked(s).outcomes[0])
        else:
            play(s, "end" if has(s, "end") else GAME.decision(s).actions[0])
    assert asked(s).rule == "SL §49" and "w06" in asked(s).outcomes
    refused(s, "w01", "SL §49")  # a starting card, face up already (SL §41)
    events = answer(s, "w06")  # strength 4, turns the wind one sixth clockwise
    assert s.weather_drawn[-2:] == ["w02", "w06"] and wind_strength(s) == 3 + 4 and s.wind_dir == 1
    assert of_type(events, "weather")[0]["card"] == "w06"


# -- Theft (SL §146) ---------------------------------------------------------------------------------


def test_the_table_says_which_card_theft_takes_SL146():
    s = GAME.with_table_chance(build("""
        game = "saltlands"
        seed = 1
        [config]
        players = 2
        characters = ["pickpocket", "scout"]
        expansion = true
        [[player]]
        seat = "p1"
        hex = "0,-1"
        hand = []
        [[player]]
        seat = "p2"
        hex = "1,-2"
        hand = ["axe", "fuel", "fuel"]
    """))
    rng = s.rng
    play(s, "steal p2")
    point = asked(s)
    assert (point.what, point.rule, point.outcomes, point.weights) == (
        "card taken from p2's hand", "SL §146", ("axe", "fuel"), (1, 2))
    refused(s, "spear", "SL §146")
    answer(s, "fuel")
    assert [s.static.catalog.cards[c].id for c in s.players[0].hand] == ["fuel"]
    assert sorted(s.static.catalog.cards[c].id for c in s.players[1].hand) == ["axe", "fuel"]
    assert s.rng != rng  # the generator drew its number all the same, and threw it away


# -- a damage card entered by its printed values (SL §18, SL §100, SL §106) ----------------------------


def test_a_damage_card_entered_by_its_values_attacks_with_them_and_is_kept_SL100():
    s = at_table(RAIDER)
    play(s, "end", "activate speedster")
    assert asked(s).custom and "custom" in GAME.decision(s).prompt
    events = answer(s, "custom letters=AM damage=2 type=ap")
    revealed = of_type(events, "damage_card")[0]
    assert (revealed["card"], revealed["round"], revealed["letters"], revealed["damage"],
            revealed["damage_type"], revealed["move_bonus"]) == ("table-1", 1, "AM", 2, "ap", 0)
    assert s.revealed["speedster"] == ["table-1"] and "table-1" not in s.damage_stacks["speedster"]
    assert len(s.damage_stacks["speedster"]) == len(s.damage_stacks["pickup"]) - 1  # the top card went to the box
    shown = GAME.view(s, 0)["custom_damage_cards"]
    assert shown == {"table-1": {"round": 1, "letters": "AM", "damage": 2, "damage_type": "ap", "move_bonus": 0}}
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
    assert GAME.to_json(again) == GAME.to_json(s) and again.custom_damage == s.custom_damage


@pytest.mark.parametrize("values, rule", [
    ("", "SL §100"), ("letters=", "SL §18"), ("letters=AZ", "SL §18"), ("letters=AA", "SL §18"),
    ("letters=A damage=x", "SL §100"), ("letters=A damage=12", "SL §100"), ("letters=A type=fire", "SL §100"),
    ("letters=A colour=red", "SL §100"), ("letters=A letters=B", "SL §100"), ("letters=A damage=1 move=3", "SL §106"),
])
def test_wrong_printed_values_are_refused_naming_the_rule_SL18_SL100_SL106(values, rule):
    s = at_table(RAIDER)
    play(s, "end", "activate speedster")
    refused(s, f"custom {values}".strip(), rule)


def test_a_loaded_table_card_with_wrong_values_is_refused_naming_it():
    s = at_table(RAIDER)
    play(s, "end", "activate speedster")
    answer(s, "custom letters=B move=3")
    data = GAME.to_json(s)
    data["custom_damage"]["table-1"][1] = "XYZ"
    with pytest.raises(RuleError) as exc:
        GAME.from_json(data)
    assert "custom_damage.table-1" in str(exc.value)
    data["custom_damage"] = {}
    with pytest.raises(RuleError) as exc:
        GAME.from_json(data)
    assert "revealed.speedster" in str(exc.value)


# -- Raider cards, and the Mirage deck rebuilt from the discard pile (SL §57, SL §99) ---------------

LOOT = """
    seed = 1
    [config]
    players = 1
    characters = ["scout"]
    [[player]]
    seat = "p1"
    hex = "-1,0"
    hand = ["spear"]
    cargo = ["crew"]
    [[token]]
    hex = "-1,-1"
    token = "loot"
    [[raider]]
    type = "bulldozer"
    hex = "-2,1"
"""


def test_the_table_names_the_raider_card_a_destroyed_raider_leaves_SL99():
    s = table(build(LOOT))
    play(s, f"use {held(s, 'spear')} by scout at -2,1")  # Bulldozer loot: 1 Raider card
    point = asked(s)
    assert (point.what, point.rule) == ("Raider card", "SL §99")
    assert "shotgun" in point.outcomes and sum(point.weights) == len(s.raider_deck)
    refused(s, "helmet", "SL §99")  # a Mirage card
    answer(s, "shotgun")
    assert held(s, "shotgun")


def test_a_mirage_deck_rebuilt_from_the_discard_pile_offers_what_was_discarded_SL57():
    s = build(LOOT)
    s.discard.extend(s.mirage[:-2])
    s.mirage = s.mirage[-2:]
    s.touch()
    s = table(s)
    kinds = {s.static.catalog.cards[c].id for c in s.discard}
    last_two = {s.static.catalog.cards[c].id for c in s.mirage}
    play(s, "collect -1,-1 by scout")  # a loot token: three Mirage cards (SL §74)
    points, events = [], []
    while GAME.chance_pending(s) is not None:
        points.append(asked(s))
        events = answer(s, asked(s).outcomes[0])
    assert len(points) == 3 and set(points[0].outcomes) == last_two
    assert set(points[2].outcomes) == kinds  # the third card comes from the rebuilt deck
    assert of_type(events, "reshuffle")[0]["deck"] == "mirage"
    assert s.discard == [] and kinds >= {s.static.catalog.cards[c].id for c in s.mirage}


def test_every_point_names_its_term_for_translations():
    s = table(build(LOOT))
    play(s, "end", "activate speedster")
    view = GAME.view(s, None)["chance"]
    assert (view["term"], view["about"]) == ("damage_card", {"raider": "speedster"})


def test_every_term_a_point_names_has_its_words_in_english_russian_and_ukrainian():
    import re
    from pathlib import Path

    source = (Path(__file__).parents[2] / "src/wasteland/games/saltlands/reveals.py").read_text(encoding="utf-8")
    terms = dict.fromkeys(re.findall(r'term="(\w+)"', source))
    assert len(terms) == 8
    about = {t: set(re.findall(rf'term="{t}", about=\(\("(\w+)"', source)) for t in terms}
    folder = Path(__file__).parents[2] / "src/wasteland/games/saltlands/web/i18n"
    for lang in ("en", "ru", "uk"):
        words = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
        for term in terms:
            text = words.get(f"chance.{term}")
            assert text, f"{lang}: no words for chance.{term}"
            assert set(re.findall(r"\{(\w+)\}", text)) == about[term], f"{lang}: chance.{term} {text!r}"
        assert "{values}" in words["act.chance_custom"]
