"""The place domains of the fixed action spaces are sized to the most a legal position can
fill (each game's ``actions.py`` says why, with the rule), so a research environment never
loses a legal action mid-episode; a position that fills more is refused by one RuleError
that names the limit and its rule."""

from __future__ import annotations

import pytest

from wasteland.core.actionspace import Slots, TemplateActions
from wasteland.core.notation import Notation, W, verb
from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec
from wasteland.envs.base import Table


def _hand_of_every_hand_item() -> str:
    from wasteland.games.saltlands.state import catalog

    cat = catalog()
    # every hand item of the base game but the Victory cards (only the colours in play are dealt, SL §112)
    hand = [n for n, d in zip(cat.card_names, cat.cards) if d.slot == "hand" and not d.expansion
            and d.deck != "victory"]
    names = ", ".join(f'"{n}"' for n in hand)
    return f"""
        game = "saltlands"
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "0,0"
        hand = [{names}]
    """


def test_a_player_holding_every_hand_item_keeps_every_action_SL55() -> None:
    """SL §55 caps the hand only before moving and at the end of the turn, and a trade need not
    be even (SL §72): mid-turn a player may hold far more than the 20 places the space once had. Every one of her offered actions has its own index, and each index gives
    its action back."""
    from wasteland.games.saltlands.actions import HELD, _held

    table = Table("saltlands")
    table.state = get_spec("saltlands").load_scenario(_hand_of_every_hand_item())
    held = _held(table.state)
    assert 20 < len(held) <= HELD
    d = table.decision()
    legal = table.legal(d.seat)
    assert len(legal) == len(set(d.actions)) and max(legal) < table.actions.size
    assert sorted(table.actions.decode(i, table.state) for i in legal) == sorted(d.actions)
    beyond = [a for a in d.actions if a.split()[0] == "use" and held.index(a.split()[1].split("/")[0]) >= 20]
    assert beyond  # actions on cards past the 20th place, each with its index
    assert table.mask(d.seat).sum() == len(legal)


def test_the_limits_are_the_rules_bounds() -> None:
    from wasteland.games.age_of_thirst.actions import ACTIONS as AOT
    from wasteland.games.age_of_thirst.content import TROOP_KINDS, load_content as aot_content
    from wasteland.games.quest.actions import ACTIONS as QUEST
    from wasteland.games.quest.content import load_content as quest_content
    from wasteland.games.saltlands.actions import ACTIONS as SL, CREW, HELD, RAID
    from wasteland.games.saltlands.content import load_content as sl_content
    from wasteland.games.saltlands.state import catalog

    content = sl_content()
    assert HELD == len(catalog().card_names)  # a card lies in one place: no one holds more
    assert SL.slots["use"].size == 2 * HELD and max(len(d.actions) for d in catalog().cards) <= 2
    assert CREW >= len(content.board.cargo_slots)  # the character and the crew in the cargo slots (SL §54, SL §64)
    assert RAID == sum(t.count for t in content.tokens.values())  # SL §146: token hexes passed over
    assert SL.slots["held"].rule == "SL §55" and SL.slots["raid"].rule == "SL §146"
    models = sum(e.models for e in quest_content().enemies.values())
    assert QUEST.slots["foe"].size >= models and QUEST.slots["foe"].rule == "WQ-39.1"
    kinds = aot_content().kinds
    assert AOT.slots["mine"].size == sum(kinds[k].max_on_board for k in TROOP_KINDS)  # LO-6


def test_the_name_domains_are_the_rules_bounds() -> None:
    """Version 1 of two layouts: Age of Thirst places a starting troop on its own base (LO-4.3)
    and a bought one on its own landing hexes (LO-7.4), so ``place`` and ``buy`` name those
    hexes, not the board's 127; every ``n`` of the quest names a hero, one a seat, and the
    players option allows no more than ``HEROES``."""
    from wasteland.games.age_of_thirst.actions import ACTIONS as AOT
    from wasteland.games.age_of_thirst.board import board
    from wasteland.games.quest.actions import ACTIONS as QUEST, HEROES

    b = board()
    assert set(AOT.domains["base"]) == {b.names[h] for hexes in b.base.values() for h in hexes}
    assert set(AOT.domains["landing"]) == {b.names[h] for hexes in b.landing.values() for h in hexes}
    assert all(len(hexes) == 10 for hexes in b.base.values()) and all(len(h) == 5 for h in b.landing.values())
    assert set(AOT.domains["landing"]) <= set(AOT.domains["base"]) < set(AOT.domains["hex"])
    players = get_spec("quest").option("players")
    assert players is not None and players.high == HEROES and QUEST.domains["n"] == tuple(map(str, range(1, 5)))
    with pytest.raises(RuleError, match="players"):
        get_spec("quest").validate({"players": HEROES + 1})
    assert AOT.version == 2 and QUEST.version == 2  # the quest's 2: "beside ENEMY" (WQ-39.1); Age of Thirst's 2: discard (LO-11), take (LO-10.2)


def test_a_position_beyond_a_limit_is_refused_naming_it() -> None:
    space = TemplateActions(Notation([verb("play", W("card"))]), ["play {hand}"], {"hand": Slots(2, lambda s: s["hand"], rule="TEST-1")})
    assert space.encode_all(["play b"], {"hand": ["a", "b"]}) == [1]
    with pytest.raises(RuleError, match=r"fills hand place 2 \('c'\): the fixed action space has 2 hand places") as e:
        space.encode_all(["play a"], {"hand": ["a", "b", "c"]})
    assert e.value.rule == "TEST-1"
    with pytest.raises(RuleError, match="2 hand places"):
        space.encode("play c", {"hand": ["a", "b", "c"]})
    # an empty place past the limit is no place filled
    assert space.encode_all(["play a"], {"hand": ["a", None, None]}) == [0]


def test_every_verb_of_a_game_has_a_place_in_its_action_space():
    """A legal action the space cannot express stops an agent (Age of Thirst's version 1 had
    no ``discard``, the hand limit LO-11, and no ``take``, LO-10.2: a search that chose a
    legal discard could not be recorded). Chance outcomes are the space's own block."""
    from wasteland.core.registry import registered_games

    for name, spec in registered_games().items():
        space = spec.action_space
        if space is None:
            continue
        verbs = {t.text.split()[0] for t in space.templates}
        assert set(space.notation.types) - verbs <= {"chance"}, (name, set(space.notation.types) - verbs)
