"""Enemy actions (WQ-40.1), the sequence of a round (WQ-40.2), conditions (WQ-40.3)."""

from __future__ import annotations

import pytest

from qtest import GAME, answer, asked, kind, legal, of_type, play, pos

from wasteland.core.protocol import RuleError
from wasteland.games.quest.conditions import condition_on_hero, place_dice, weapon_damage

ALLEY = [{"tile": "gatehouse"}, {"tile": "alley", "at": [2, 0]}]
GATES = {"open": [[1, 0, "E"]], "closed": [4, 0, "E"]}


def after_hero_ends(enemies, *, tokens=None, dice=None):
    s = pos(tiles=ALLEY, gates=GATES, heroes=[{"zone": "gatehouse.b", "dice": dice or []}],
            state={"slots": ["e_pack"], "track": ["h1", "g1"], **({"stunned_groups": [1]} if tokens == "stunned" else {})},
            enemies=enemies)
    s, ev = play(s, "end")
    if asked(s) == "weapon_die":  # the table throws the weapon die (table chance, as at a table)
        assert legal(s) == [f"chance {n}" for n in range(1, 7)]
        s, ev = answer(s, 4)  # the action's events come with its last answer
    elif asked(s):
        s, ev = answer(s)  # the round goes on: the event die and the next round's dice
    return s, ev


def test_advance_is_one_move_then_a_weapon_use():
    """WQ-40.1 Advance: the ghoul two zone steps from the hero moves once, then strikes."""
    _, ev = after_hero_ends([{"enemy": "ghoul", "group": 1, "zone": "alley.b"}])
    acts = [e["type"] for e in ev if e["type"] in ("enemy_action", "enemy_move", "enemy_attack")]
    assert acts == ["enemy_action", "enemy_move", "enemy_attack"]
    assert of_type(ev, "enemy_action")[0]["action"] == "advance"
    assert (of_type(ev, "enemy_move")[0]["from"], of_type(ev, "enemy_move")[0]["to"]) == ("alley.b", "alley.a")


def test_an_advance_next_to_the_hero_still_makes_its_move():
    """WQ-40.1 Advance is one Move, then one weapon use: the ghoul in the zone next to
    the hero's moves into it before it strikes (it used to strike without the Move)."""
    _, ev = after_hero_ends([{"enemy": "ghoul", "group": 1, "zone": "alley.a"}])
    acts = [e["type"] for e in ev if e["type"] in ("enemy_action", "enemy_move", "enemy_attack")]
    assert acts == ["enemy_action", "enemy_move", "enemy_attack"]
    assert of_type(ev, "enemy_action")[0]["action"] == "advance"
    assert (of_type(ev, "enemy_move")[0]["from"], of_type(ev, "enemy_move")[0]["to"]) == ("alley.a", "gatehouse.b")


def test_an_advance_in_the_heros_zone_has_no_nearer_zone_to_move_to():
    """WQ-40.1 Advance in the hero's own zone: its Move finds no zone nearer the hero, so
    the ghoul stays and strikes."""
    _, ev = after_hero_ends([{"enemy": "ghoul", "group": 1, "zone": "gatehouse.b"}])
    acts = [e["type"] for e in ev if e["type"] in ("enemy_action", "enemy_move", "enemy_attack")]
    assert acts == ["enemy_action", "enemy_attack"] and of_type(ev, "enemy_action")[0]["action"] == "advance"


def test_charge_is_two_moves_then_a_weapon_use():
    """WQ-40.1 Charge: three zone steps away, the ghoul moves twice and strikes."""
    _, ev = after_hero_ends([{"enemy": "ghoul", "group": 1, "zone": "alley.c"}])
    assert of_type(ev, "enemy_action")[0]["action"] == "charge"
    assert [(e["from"], e["to"]) for e in of_type(ev, "enemy_move")] == [("alley.c", "alley.b"), ("alley.b", "alley.a")]
    assert of_type(ev, "enemy_attack")[0]["seat"] == 0


def test_a_trapped_enemy_cannot_move():
    """WQ-40.3 Trapped: a trapped enemy cannot Move."""
    _, ev = after_hero_ends([{"enemy": "ghoul", "group": 1, "zone": "alley.c", "tokens": ["trapped"]}])
    assert of_type(ev, "enemy_held")[0]["rule"] == "WQ-40.3" and not of_type(ev, "enemy_move")


def test_the_sequence_of_a_round():
    """WQ-40.2: expedition (dusk step, quest step), destiny, initiative (activation roll,
    initiative, gambit), activation in battle-track order, event phase."""
    s, ev = GAME.new_game_with_events({"players": 2}, 3)
    order = [e["type"] for e in ev if e["type"] in ("round", "dusk", "destiny_roll", "activation_roll", "initiative")]
    assert order == ["round", "dusk", "destiny_roll", "activation_roll", "activation_roll", "initiative"]
    assert (kind(s), GAME.decision(s).seat) == ("hero", 0)
    s, ev = play(s, "end")
    assert GAME.decision(s).seat == 1  # hero 2 is next on the track
    s, ev = play(s, "end")
    types = [e["type"] for e in ev]
    assert types.index("event_roll") < types.index("round")  # the event phase closes the round


def test_activation_follows_the_battle_track():
    """WQ-40.2: heroes and enemies activate in initiative order (group 1 before hero 1)."""
    s = pos(tiles=ALLEY, gates=GATES, heroes=[{"zone": "gatehouse.b"}],
            state={"step": "event", "slots": ["e_pack"], "track": ["g1", "h1"]},
            enemies=[{"enemy": "ghoul", "group": 1, "zone": "alley.c"}])
    s, _ = answer(s, "11", rest=False)
    assert asked(s) == "activation_die"  # the hero's player throws (no destiny dice left to roll)
    s, _ = answer(s, "2", "3", "4", rest=False)
    assert asked(s) == "weapon_die"  # the ghoul charged into reach of hero 1, who acts after it
    s, ev = answer(s, "1", rest=False)
    types = [e["type"] for e in ev]
    assert types.index("initiative") < types.index("group_activates") < types.index("enemy_attack")
    assert of_type(ev, "enemy_attack")[0]["hit"] is False and kind(s) == "hero"


def test_cursed_targets_take_more_damage():
    """WQ-40.3 Cursed, ruling: +1 Damage on a normal success, +2 on a critical one."""
    assert weapon_damage(1, False, ["cursed"]) == 2 and weapon_damage(1, True, ["cursed"]) == 4
    assert weapon_damage(1, False, []) == 1
    s = pos(heroes=[{"zone": "gatehouse.b", "dice": [3]}], state={"slots": ["e_lone"]},
            enemies=[{"enemy": "wraith", "group": 1, "zone": "gatehouse.d", "tokens": ["cursed"]}])
    s, ev = play(s, "attack g1.1 a3")
    assert of_type(ev, "hero_attack")[0]["damage"] == 2 and s.models["g1.1"]["wounds"] == 1


def test_disease_changes_dice_and_makes_hits_critical():
    """WQ-40.3 Disease: a die placed on a disease token's slot changes by 1 (ruling: down,
    never below 1); a successful attack on a diseased enemy is a critical success."""
    assert place_dice([4, 5, 6], ["disease"]) == ([3, 5, 6], False)
    assert place_dice([1, 5, 6], ["disease", "disease"]) == ([1, 4, 6], False)
    s = pos(heroes=[{"zone": "gatehouse.b", "dice": [3]}], state={"slots": ["e_lone"]},
            enemies=[{"enemy": "wraith", "group": 1, "zone": "gatehouse.d", "tokens": ["disease"]}])
    s, ev = play(s, "attack g1.1 a3")
    assert of_type(ev, "hero_attack")[0]["critical"] is True and of_type(ev, "hero_attack")[0]["damage"] == 2
    assert s.groups["1"]["stunned"]  # the warden's critical stuns (stand-in)


def test_exhausted_changes_all_dice_then_goes():
    """WQ-40.3 Exhausted: a die on the fatigue token's slot changes all of that hero's dice
    by 1 (ruling: down), then the token is removed."""
    assert place_dice([4, 5, 6], ["fatigue"]) == ([3, 4, 5], True)
    assert place_dice([4, 1, 6], ["disease", "fatigue"]) == ([2, 1, 5], True)
    s = pos(heroes=[{"zone": "gatehouse.b", "tokens": ["fatigue"]}], state={"step": "event"})
    s, ev = answer(s, "11", "4", "5", "6")
    roll = of_type(ev, "activation_roll")[0]
    assert roll["fatigue"] and (roll["rolled"], roll["dice"]) == ([4, 5, 6], [3, 4, 5])
    assert "fatigue" not in s.heroes[0]["tokens"]


def test_a_stunned_hero_gives_up_a_die():
    """WQ-40.3 Stunned: a stunned hero next to activate gives up an activation or destiny die."""
    s = pos(heroes=[{"zone": "gatehouse.b", "tokens": ["stunned"]}], state={"step": "event", "destiny": [4], "airship": 0,
                                                                             "spent": 2, "destiny_denied": True})
    s, _ = answer(s, "11", "2", "5", "6")
    d = GAME.decision(s)
    assert d.kind == "stun" and d.rule == "WQ-40.3"
    assert d.actions == ("give a2", "give a5", "give a6", "give d4")
    s, ev = play(s, "give d4")
    assert s.destiny_rolled == [] and "stunned" not in s.heroes[0]["tokens"] and kind(s) == "hero"


def test_a_stunned_group_is_moved_back():
    """WQ-40.3 Stunned: a stunned group next to activate is moved back instead of acting
    (ruling: to the end of the battle track, acting later in the round)."""
    s = pos(players=2, tiles=ALLEY, gates=GATES, heroes=[{"zone": "gatehouse.b"}, {"zone": "gatehouse.a"}],
            state={"step": "event", "slots": ["e_pack"], "track": ["g1", "h1", "h2"], "stunned_groups": [1]},
            enemies=[{"enemy": "ghoul", "group": 1, "zone": "alley.c"}])
    s, ev = answer(s, "7")
    assert of_type(ev, "moved_back")[0]["track"] == ["h1", "h2", "g1"] and not of_type(ev, "group_activates")
    assert not s.groups["1"]["stunned"]
    s, ev = play(s, "end", "end")
    if asked(s):  # the group's weapon die, and what the round throws after it
        s, ev = answer(s)
    assert of_type(ev, "group_activates")[0]["group"] == 1


def test_a_stunned_group_already_last_on_the_track_acts_at_once():
    """WQ-40.3 Stunned, ruling: moved back to the end of the battle track, a group that is
    already last has no card left to wait for; it acts right after being moved back."""
    s = pos(tiles=ALLEY, gates=GATES, heroes=[{"zone": "gatehouse.b"}],
            state={"step": "event", "slots": ["e_pack"], "track": ["h1", "g1"], "stunned_groups": [1]},
            enemies=[{"enemy": "ghoul", "group": 1, "zone": "alley.c"}])
    s, _ = answer(s, "7")  # the event, then the next round's dice, up to hero 1's activation
    s, ev = play(s, "end")
    if asked(s):
        s, ev = answer(s)
    types = [e["type"] for e in ev]
    assert of_type(ev, "moved_back")[0]["track"] == ["h1", "g1"]
    assert types.index("moved_back") < types.index("group_activates") and not s.groups["1"]["stunned"]


def test_stunned_twice_is_one_damage():
    """WQ-40.3 Stunned: a hero already stunned who is stunned again takes 1 damage."""
    s = pos(heroes=[{"zone": "gatehouse.b", "tokens": ["stunned"], "wounds": 5}])
    ev: list = []
    condition_on_hero(s, 0, "stunned", ev)
    assert s.heroes[0]["wounds"] == 4 and of_type(ev, "hero_hurt")[0]["amount"] == 1


def test_trapped_heroes_cannot_move_and_a_neighbour_frees_them():
    """WQ-40.3 Trapped: no Move (1+) or Run (3+); the hero or an adjacent hero may spend
    a 4+ activation die to remove the token."""
    s = pos(players=2, heroes=[{"zone": "gatehouse.b", "tokens": ["trapped"], "dice": [6]},
                               {"zone": "gatehouse.a", "dice": [3, 4]}], state={"active": 1})
    assert not [a for a in legal(s) if a.startswith(("move", "run"))]
    with pytest.raises(RuleError) as err:
        GAME.apply(s, "move gatehouse.d a6")
    assert err.value.rule == "WQ-40.3"
    s, _ = play(s, "end")
    assert "free 1 a4" in legal(s) and "free 1 a3" not in legal(s)
    s, ev = play(s, "free 1 a4")
    assert of_type(ev, "freed")[0]["rule"] == "WQ-40.3" and s.heroes[0]["tokens"] == []


def test_enemies_traps_go_after_the_event_roll():
    """WQ-40.3 Trapped: enemies' trapped tokens are removed after the event roll."""
    s = pos(tiles=ALLEY, gates=GATES, state={"step": "event", "slots": ["e_pack"]},
            enemies=[{"enemy": "ghoul", "group": 1, "zone": "alley.c", "tokens": ["trapped"]}])
    s, ev = answer(s, "11")
    types = [e["type"] for e in ev]
    assert types.index("event_roll") < types.index("traps_cleared") < types.index("round")
    assert s.models["g1.1"]["tokens"] == []


def test_buried_heroes_dig_out_first():
    """WQ-40.3 Buried (the page sends to p.33; our stand-in): a buried hero can only dig
    out (3+), recover or end."""
    s = pos(heroes=[{"zone": "gatehouse.b", "tokens": ["buried"], "dice": [2, 3], "wounds": 7}])
    assert legal(s) == ["dig a3", "recover a2", "recover a3", "end"]
