"""Enemy groups: encounter cards and deployment (WQ-39.1), withdrawn groups (WQ-39.2),
initiative of new groups (WQ-39.3)."""

from __future__ import annotations

import pytest

from wasteland.core.protocol import RuleError

from qtest import GAME, act, answer, asked, kind, legal, of_type, play, pos

ALLEY = {"tile": "alley", "at": [2, 0]}  # laid by its west position: zones a b c on 2,0 3,0 4,0


def deployed(events) -> dict[str, tuple[str, str]]:
    return {e["model"]: (e["zone"], e["why"]) for e in of_type(events, "enemy_deployed")}


def test_one_encounter_card_per_symbol_into_the_nearest_empty_slots():
    """WQ-39.1: the chapel shows two crossed-swords symbols; slot 1 is taken, so the two
    cards go into slots 2 and 3. WQ-39.3: their initiative cards join the end of the battle
    track in the order the groups were deployed."""
    s = pos(drawn="x_chapel", state={"slots": ["e_lone"]})
    s, ev = play(s, "place n", "chance e_grasp", "chance e_shamblers")
    assert [(e["card"], e["slot"]) for e in of_type(ev, "encounter_card")] == [("e_grasp", 2), ("e_shamblers", 3)]
    while kind(s) == "deploy":
        s, more = play(s, legal(s)[0])
        ev += more
    assert [e["group"] for e in of_type(ev, "initiative_card")] == [2, 3]
    assert s.track == ["h1", "g1", "g2", "g3"]
    assert [e["rule"] for e in of_type(ev, "initiative_card")] == ["WQ-39.3", "WQ-39.3"]


@pytest.mark.worked_example("WQ-39.3")
def test_the_page_example_slot_three():
    """WQ-39.3, the page's example: one group deployed, its encounter card in slot 3 above
    the track, so the initiative card of enemy group 3 goes to the end of the battle track."""
    s = pos(players=2, drawn="x_alley", state={"slots": ["e_lone", "e_brute"], "track": ["h2", "g1", "h1", "g2"]})
    s, ev = play(s, "place w", "chance e_grasp")
    while kind(s) == "deploy":
        s, more = play(s, legal(s)[0])
        ev += more
    assert of_type(ev, "encounter_card")[0]["slot"] == 3
    assert s.track == ["h2", "g1", "h1", "g2", "g3"]
    assert of_type(ev, "initiative_card") == [{"type": "initiative_card", "group": 3, "position": 5, "rule": "WQ-39.3"}]
    assert {m["group"] for m in s.models.values()} == {"3"}


def test_a_full_track_draws_no_card():
    """WQ-39.1: no empty slot above the battle track: no encounter card is drawn."""
    full = ["e_lone", "e_brute", "e_mob", "e_wail", "e_pack"]
    s = pos(drawn="x_alley", state={"slots": full})
    deck = list(s.encounter_deck)
    s, ev = play(s, "place w")
    assert of_type(ev, "track_full")[0]["undrawn"] == 1
    assert s.encounter_deck == deck and not of_type(ev, "enemy_deployed") and kind(s) == "hero"


def test_adjacent_to_the_mystic_item_small_enemies_together():
    """WQ-39.1: every zone of the graveyard touches zone b with its mystic item, so the
    leader chooses the first ghoul's zone; the other two small ghouls then join it."""
    s = pos(drawn="x_graveyard")
    s, ev = play(s, "place w", "chance e_pack")
    d = GAME.decision(s)
    assert (d.kind, d.seat, d.rule) == ("deploy", 0, "WQ-39.1")
    assert d.actions == ("deploy g1.1 graveyard.a", "deploy g1.1 graveyard.b", "deploy g1.1 graveyard.c",
                         "deploy g1.1 graveyard.d")
    s, ev = play(s, "deploy g1.1 graveyard.a")
    where = deployed(ev)
    assert where["g1.1"] == ("graveyard.a", "adjacent to the mystic item in graveyard.b")
    assert where["g1.2"][0] == where["g1.3"][0] == "graveyard.a"  # capacity 3
    assert "with a small enemy of its group" in where["g1.2"][1]


def test_leftovers_go_next_to_an_enemy_next_to_the_anchor():
    """WQ-39.1: the chapel entered by n has its item and its new closed gate in zone c
    (room 3), touching zone b (room 2). The lone wraith takes c by the item; the item now
    has an enemy beside it, so the next group deploys by the closed gate (ruling), in the
    same zone. Two places are left by it for the wraith and two ghouls, so the leader says
    who takes them: the wraith fills b, a ghoul the last unit of c, and the ghoul left over
    stands in a, next to the wraith in b, which touches the gate."""
    s = pos(drawn="x_chapel")
    s, ev = play(s, "place n", "chance e_lone", "chance e_wraith", "deploy g1.1 chapel.c")
    assert legal(s) == ["beside wraith", "beside ghoul"]
    s, more = play(s, "beside wraith")
    ev += more
    where = deployed(ev)
    assert where["g1.1"] == ("chapel.c", "adjacent to the mystic item in chapel.c")
    assert where["g2.1"] == ("chapel.b", "adjacent to the closed gate in chapel.c")
    assert where["g2.2"] == ("chapel.c", "adjacent to the closed gate in chapel.c")
    assert where["g2.3"] == ("chapel.a", "adjacent to an enemy that is adjacent to the closed gate in chapel.c")


def test_an_item_with_enemies_beside_it_sends_the_next_group_to_the_closed_gate():
    """WQ-39.1 deploys a group by a mystic item "that has no adjacent enemies". The chapel
    (entered by w, the closed gate put on n in zone a) has one item, in zone c: the lone
    wraith deploys beside it; then the item has an enemy beside it, so the pack does not
    crowd it. Ruling: it deploys by the closed gate, the rule's stand-in where no item
    serves."""
    s = pos(drawn="x_chapel")
    s, ev = play(s, "place w", "close n", "chance e_lone", "chance e_pack", "deploy g1.1 chapel.b")
    while kind(s) == "deploy":
        s, more = play(s, legal(s)[0])
        ev += more
    assert [(e["group"], e["zone"], e["what"]) for e in of_type(ev, "group_anchor")] == [
        (1, "chapel.c", "mystic item"), (2, "chapel.a", "closed gate")]
    where = deployed(ev)
    assert where["g1.1"] == ("chapel.b", "adjacent to the mystic item in chapel.c")
    # zone a (room 2) takes two ghouls; b is full with the wraith (large); the third ghoul
    # stands next to the wraith, which is next to the gate: in c
    assert [where[m][0] for m in ("g2.1", "g2.2", "g2.3")] == ["chapel.a", "chapel.a", "chapel.c"]
    assert where["g2.3"][1] == "adjacent to an enemy that is adjacent to the closed gate in chapel.a"


def test_as_many_as_possible_adjacent():
    """WQ-39.1 "as many as possible": an ambush at the closed gate in alley.c, with both
    heroes filling alley.b. The wraith (large) in c would leave no room for the two small
    ghouls, so the ghouls take c and the wraith is left over (no zone next to them has
    room: our stand-in puts it in the nearest zone with room)."""
    s = pos(players=2, tiles=[{"tile": "gatehouse"}, ALLEY],
            gates={"open": [[1, 0, "E"]], "closed": [4, 0, "E"]},
            heroes=[{"zone": "alley.b"}, {"zone": "alley.b"}], state={"step": "event"})
    s, ev = answer(s, "5", "ambush", "e_wraith")
    assert of_type(ev, "group_anchor")[0]["what"] == "closed gate"
    placed = [(s.models[e["model"]]["enemy"], e["zone"]) for e in of_type(ev, "enemy_deployed")]
    assert placed == [("ghoul", "alley.c"), ("ghoul", "alley.c"), ("wraith", "alley.a")]


def test_first_group_by_the_item_nearest_a_hero_then_the_free_one():
    """WQ-39.1: two mystic items (crossroads a and d); the first group deploys by the one
    nearest any hero (a, one zone step from the hero in gatehouse.b; d is three). Ruling:
    the second by the item that still has no adjacent enemy, d."""
    s = pos(heroes=[{"zone": "gatehouse.b"}], drawn="x_crossroads")
    s, ev = play(s, "place n", "chance e_grasp", "chance e_mob")
    assert of_type(ev, "group_anchor")[0]["zone"] == "crossroads.a"
    while kind(s) == "deploy":
        s, more = play(s, legal(s)[0])
        ev += more
    assert [e["zone"] for e in of_type(ev, "group_anchor")] == ["crossroads.a", "crossroads.d"]


def test_items_equally_near_are_the_leaders_choice():
    """WQ-39.1 ruling: items equally near a hero: the leader chooses (crossroads by w:
    a and d are both two zone steps from the hero)."""
    s = pos(heroes=[{"zone": "gatehouse.b"}], drawn="x_crossroads")
    s, _ = play(s, "place w", "chance e_grasp", "chance e_mob")
    d = GAME.decision(s)
    assert (d.kind, d.seat, d.actions) == ("anchor", 0, ("anchor crossroads.a", "anchor crossroads.d"))
    s, ev = play(s, "anchor crossroads.d")
    assert of_type(ev, "group_anchor")[0]["zone"] == "crossroads.d"


def test_no_mystic_item_means_the_closed_gate():
    """WQ-39.1: the alley shows no mystic item: the group deploys by the closed gate (zone c)."""
    s = pos(drawn="x_alley")
    s, ev = play(s, "place w", "chance e_grasp")
    assert of_type(ev, "group_anchor")[0] == {"type": "group_anchor", "group": 1, "zone": "alley.c",
                                              "what": "closed gate", "rule": "WQ-39.1"}
    assert all(z in ("alley.b", "alley.c") for z, _ in deployed(ev).values())


def test_no_more_models():
    """WQ-39.1 "No more models" (stand-in: the group forms with the models there are): all
    six ghouls are on the battlefield, so the wraith comes alone."""
    ghouls = [{"enemy": "ghoul", "group": 1 + i // 3, "zone": "gatehouse.c"} for i in range(6)]
    s = pos(drawn="x_alley", state={"slots": ["e_pack", "e_mob"]}, enemies=ghouls)
    s, ev = play(s, "place w", "chance e_wraith")
    assert of_type(ev, "no_more_models")[0]["missing"] == ["ghoul", "ghoul"]
    assert legal(s) == ["deploy g3.1 alley.b", "deploy g3.1 alley.c"]
    s, ev = play(s, "deploy g3.1 alley.b")
    assert [s.models[m]["enemy"] for m in deployed(ev)] == ["wraith"] and kind(s) == "hero"


def test_a_withdrawn_group_returns_instead_of_a_draw():
    """WQ-39.2: with a withdrawn group waiting, no encounter card is drawn: the withdrawn
    group's card goes above the battle track and the group deploys."""
    s = pos(drawn="x_alley", state={"withdrawn": ["e_grasp"]})
    deck = list(s.encounter_deck)
    s, ev = play(s, "place w")
    (card,) = of_type(ev, "encounter_card")
    assert (card["card"], card["returned"], card["rule"]) == ("e_grasp", True, "WQ-39.2")
    assert s.encounter_deck == deck and s.withdrawn == []
    s, ev = play(s, "deploy g1.1 alley.c")
    assert [(m["enemy"], m["zone"]) for m in s.models.values()] == [("gravehand", "alley.c")] * 2


def test_a_group_with_no_model_left_is_withdrawn():
    """WQ-39.2 (stand-in for withdrawal, p.28): the last model of group 2 falls; its card
    waits above the track, its slot is free and its initiative card leaves the track."""
    s = pos(heroes=[{"zone": "gatehouse.b", "dice": [5]}], state={"slots": ["e_lone", "e_grasp"],
            "track": ["h1", "g1", "g2"]},
            enemies=[{"enemy": "wraith", "group": 1, "zone": "gatehouse.d"},
                     {"enemy": "gravehand", "group": 2, "zone": "gatehouse.a"}])
    s, ev = play(s, "attack g2.1 a5")
    assert of_type(ev, "withdrawn")[0]["rule"] == "WQ-39.2"
    assert s.withdrawn == ["e_grasp"] and s.slots[1] is None and s.track == ["h1", "g1"]


def test_two_symbols_and_one_empty_slot_draw_one_card():
    """WQ-39.1: the chapel shows two crossed-swords symbols, but only slot 5 is empty: one
    encounter card goes there, the second is not drawn; WQ-39.3: one initiative card."""
    s = pos(drawn="x_chapel", state={"slots": ["e_lone", "e_brute", "e_mob", "e_wail"]})
    s, ev = play(s, "place n", "chance e_grasp")
    assert [(e["card"], e["slot"]) for e in of_type(ev, "encounter_card")] == [("e_grasp", 5)]
    assert of_type(ev, "track_full")[0]["undrawn"] == 1
    while kind(s) == "deploy":
        s, more = play(s, legal(s)[0])
        ev += more
    assert [e["group"] for e in of_type(ev, "initiative_card")] == [5] and s.track[-1] == "g5"


def test_a_full_track_keeps_the_withdrawn_group_waiting():
    """WQ-39.1 and WQ-39.2: with no empty slot above the track the withdrawn group does not
    come back either; its card waits for the next deployment."""
    s = pos(drawn="x_alley", state={"slots": ["e_lone", "e_brute", "e_mob", "e_wail", "e_pack"],
                                    "withdrawn": ["e_grasp"]})
    s, ev = play(s, "place w")
    assert of_type(ev, "track_full")[0]["undrawn"] == 1 and not of_type(ev, "encounter_card")
    assert s.withdrawn == ["e_grasp"] and kind(s) == "hero"


def test_no_encounter_card_left_deploys_nothing():
    """WQ-39.1 when the encounter cards run out (stand-in: the discards are shuffled into a
    new deck first; with none either, no card is drawn and no group deploys)."""
    s = pos(drawn="x_alley", state={"encounter_deck": []})
    assert s.encounter_discard == []
    s, ev = play(s, "place w")
    assert of_type(ev, "no_encounter")[0]["rule"] == "WQ-39.1"
    assert not of_type(ev, "enemy_deployed") and s.slots == [None] * 5 and kind(s) == "hero"


def test_a_group_with_no_model_to_take_leaves_its_slot_and_the_track():
    """WQ-39.1 "No more models" (stand-in): the withdrawn grave hands come back (WQ-39.2)
    into slot 2, but all three grave-hand models already stand on the battlefield: the
    group forms with none, its card goes to the discards, its slot is empty again and no
    initiative card joins the track (WQ-39.3)."""
    hands = [{"enemy": "gravehand", "group": 1, "zone": "gatehouse.c"} for _ in range(3)]
    s = pos(drawn="x_alley", state={"slots": ["e_lone"], "withdrawn": ["e_grasp"], "track": ["h1", "g1"]},
            enemies=hands)
    s, ev = play(s, "place w")
    assert of_type(ev, "encounter_card")[0]["slot"] == 2
    assert of_type(ev, "no_more_models")[0]["missing"] == ["gravehand", "gravehand"]
    assert of_type(ev, "group_lost")[0]["group"] == 2 and not of_type(ev, "initiative_card")
    assert s.slots[1] is None and s.encounter_discard == ["e_grasp"] and s.track == ["h1", "g1"]


def test_a_group_deployed_during_the_activation_phase_acts_later_that_round():
    """WQ-39.3: a new group's initiative card joins the end of the battle track, "so it is
    activated later": the hero explores in the activation phase, the pack deploys on the
    alley, and once the hero ends, the pack's turn comes in the same round (its first
    ghoul's weapon die is asked before any event die)."""
    s = pos(heroes=[{"zone": "gatehouse.b", "dice": [3, 4]}])
    s, _ = play(s, "explore a3", "chance x_alley", "place w", "chance e_pack")
    while kind(s) == "deploy":
        s, _ = play(s, legal(s)[0])
    assert s.track == ["h1", "g1"] and s.track_pos == 1 and kind(s) == "hero"
    s, ev = play(s, "end")
    assert asked(s) == "weapon_die" and s.round == 1
    assert GAME.chance_pending(s).point.about == (("model", "g1.1"),)


def _ambush(card: str):
    """An ambush at the closed gate in alley.c, both heroes filling alley.b: two places
    (alley.c) stand by the gate."""
    s = pos(players=2, tiles=[{"tile": "gatehouse"}, ALLEY],
            gates={"open": [[1, 0, "E"]], "closed": [4, 0, "E"]},
            heroes=[{"zone": "alley.b"}, {"zone": "alley.b"}], state={"step": "event"})
    return answer(s, "5", "ambush", card)


def test_the_leader_chooses_which_enemies_take_the_last_places():
    """WQ-39.1 "as many as possible" says how many of the mob stand by the closed gate (two
    small places in alley.c for three small enemies), not which: the leader chooses, each
    place in turn, and the order the card lists them decides nothing."""
    s, ev = _ambush("e_mob")
    d = GAME.decision(s)
    assert (d.kind, d.seat, d.rule) == ("beside", 0, "WQ-39.1")
    assert d.actions == ("beside ghoul", "beside zombie")
    s, ev = act(s, "beside zombie")  # one kind left for the last place: nothing more to ask
    placed = [(s.models[e["model"]]["enemy"], e["zone"], e["why"]) for e in of_type(ev, "enemy_deployed")]
    assert placed == [("zombie", "alley.c", "adjacent to the closed gate in alley.c"),
                      ("ghoul", "alley.c", "adjacent to the closed gate in alley.c, with a small enemy of its group"),
                      ("ghoul", "alley.a", "the nearest zone with room (stand-in: the page stops here)")]


def test_a_large_and_a_small_enemy_tie_for_one_place():
    """WQ-39.1: the bone brute (large) or its ghoul fills the two units by the gate either
    way (one enemy stands there): the leader chooses; the other is left over."""
    s, _ = _ambush("e_brute")
    assert legal(s) == ["beside brute", "beside ghoul"]
    s, ev = act(s, "beside ghoul")
    assert [(s.models[e["model"]]["enemy"], e["zone"]) for e in of_type(ev, "enemy_deployed")][0] == \
        ("ghoul", "alley.c")


def test_a_refused_choice_names_the_rule_and_changes_nothing():
    """WQ-39.1: an enemy that is not one of the tied ones is refused, naming the rule."""
    s, _ = _ambush("e_brute")
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(s, "beside wraith")
    assert err.value.rule == "WQ-39.1" and "brute, ghoul" in err.value.message
    assert GAME.to_json(s) == before


def test_the_leaders_pick_survives_a_saved_position_and_a_wrong_one_names_its_field():
    """WQ-39.1: the enemy the leader gave the place is kept with the deployment while its
    zone is chosen, so a position saved then reads back the same; an enemy kind there is
    none of is refused naming the field, nothing read."""
    import copy

    from wasteland.core.state_check import StateError
    s, _ = _ambush("e_mob")
    s.stack[-1]["beside"] = "zombie"
    saved = GAME.to_json(s)
    assert GAME.to_json(GAME.from_json(saved)) == saved
    bad = copy.deepcopy(saved)
    bad["stack"][-1]["beside"] = "dragon"
    with pytest.raises(StateError) as err:
        GAME.from_json(bad)
    assert "beside" in str(err.value)


def test_the_leaders_choice_reads_in_the_terminals_languages():
    """WQ-39.1: the terminal names the enemy of a "beside" option by the page's word, in
    en/ru/uk, never by its id; the question carries its rule."""
    from wasteland.games.quest.terminal_words import QuestWords

    s, _ = _ambush("e_brute")
    d = GAME.decision(s)
    assert d.rule == "WQ-39.1" and "choose the enemy" in d.prompt
    said = {lang: [QuestWords(lang).action(a) for a in d.actions] for lang in ("en", "ru", "uk")}
    assert said["en"] == ["Bone Brute takes the place", "Ghoul takes the place"]
    assert said["ru"] == ["Место займёт: Костяной громила", "Место займёт: Упырь"]
    assert said["uk"] == ["Місце займе: Кістяний велетень", "Місце займе: Упир"]
    assert all(QuestWords(lang).prompt(d) != d.prompt for lang in ("ru", "uk"))
