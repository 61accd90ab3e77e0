"""Actions are objects (issue 28): every legal action of many random positions of each
game reads into its game's action type and writes back to the same text, byte for byte;
a malformed text gives one error that names the field at fault."""

from __future__ import annotations

import importlib
import random

import pytest

from wasteland.core.notation import ActionTextError
from wasteland.core.protocol import NotationError
from wasteland.games import get_game

#: (game, its notation module, configurations played)
GAMES = [
    ("saltlands", "wasteland.games.saltlands.notation",
     [{"players": 2}, {"players": 1, "mode": "solo"}, {"players": 4, "mode": "competitive", "expansion": True},
      {"players": 3, "mode": "coop", "expansion": True}]),
    ("age-of-thirst", "wasteland.games.age_of_thirst.notation",
     [{"players": 2, "turn_limit": 30}, {"players": 3, "mode": "blitz", "turn_limit": 30},
      {"players": 4, "teams": "2x2", "turn_limit": 30}]),
    ("fallout", "wasteland.games.fallout.notation", [{}, {"players": 2}]),
    ("quest", "wasteland.games.quest.notation", [{}]),
]


def _walk(game, config, seed, steps):
    """The decisions of one seeded random game (every offered action of each)."""
    g = get_game(game)
    s = g.new_game(config, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        d = g.decision(s)
        if d is None:
            return
        yield d
        g.apply_in_place(s, rng.choice(list(d.actions)))


@pytest.mark.parametrize("game, module, configs", GAMES, ids=[g[0] for g in GAMES])
def test_every_offered_action_round_trips(game, module, configs):
    n = importlib.import_module(module)
    verbs = set()
    for seed in range(8):
        for d in _walk(game, configs[seed % len(configs)], seed, 600):
            for text in d.actions:
                a = n.parse(text)
                assert str(a) == text
                assert n.parse(str(a)) == a
                assert type(a).read(text, text.split(" ")) == a  # not only the kept object
                verbs.add(a.verb)
    assert len(verbs) >= 6, verbs  # the rarer verbs: test_texts_of_verbs_the_random_games_rarely_reach


@pytest.mark.parametrize("text, field", [
    ("use axe#1 by", "crew"),
    ("move 3,x", "hex"),
    ("move 3,-4 fuel two", "fuel"),
    ("give spear#3 to q2", "to"),
    ("fly 1,2", "verb"),
    ("use axe#1/1", "card"),
    ("end now", "words"),
    ("move 1,2  fuel 2", "words"),
    ("collect 1,2", "crew"),
    ("trade", "seat"),
    ("", "verb"),
])
def test_saltlands_malformed_text_names_the_field(text, field):
    from wasteland.games.saltlands.notation import parse

    with pytest.raises(ActionTextError) as err:
        parse(text)
    assert err.value.field == field
    assert field in str(err.value)
    assert isinstance(err.value, NotationError)


def test_saltlands_fields_name_the_words():
    from wasteland.games.saltlands.notation import Give, Move, Use, parse

    assert parse("use curved_scythe#1/2 at 2,2").fields() == {"verb": "use", "card": "curved_scythe#1", "option": 2,
                                                               "at": "2,2"}
    assert str(Use("axe#1", crew="scout", at="2,2")) == "use axe#1 by scout at 2,2"
    assert str(Move("3,-4", 2)) == "move 3,-4 fuel 2"
    assert parse("give spear#3 to p2") == Give("spear#3", 1)


@pytest.mark.parametrize("module, text, field", [
    ("wasteland.games.age_of_thirst.notation", "end now", "part"),
    ("wasteland.games.age_of_thirst.notation", "move 0,1", "hex"),
    ("wasteland.games.fallout.notation", "result 4 x defeated", "radiation"),
    ("wasteland.games.fallout.notation", "result 4 1 won", "fate"),
    ("wasteland.games.quest.notation", "move 3.b 4", "die"),
    ("wasteland.games.quest.notation", "strike g1.2 0", "hero"),
])
def test_other_games_malformed_text_names_the_field(module, text, field):
    n = importlib.import_module(module)
    with pytest.raises(ActionTextError) as err:
        n.parse(text)
    assert err.value.field == field


def test_texts_of_verbs_the_random_games_rarely_reach():
    from wasteland.games.fallout import notation as fo
    from wasteland.games.quest import notation as wq

    for n, text in [(fo, "result 4 1 defeated"), (fo, "return agenda_3"), (fo, "share"), (wq, "strike g1.2 2"),
                    (wq, "rebirth_zone 3.a"), (wq, "inspiration 2"), (wq, "effect cure"), (wq, "free 2 a4")]:
        assert str(n.parse(text)) == text
    assert wq.parse("strike g1.2 2").hero == 1
    assert fo.Result.text(4, 1, "defeated") == "result 4 1 defeated"


def test_chance_answers_are_actions_of_every_game():
    from wasteland.core import chance
    from wasteland.games.saltlands.notation import parse

    a = parse(f"{chance.VERB} custom 3 2")
    assert a.outcome == "custom 3 2" and str(a) == f"{chance.VERB} custom 3 2"
    with pytest.raises(ActionTextError) as err:
        parse(chance.VERB)
    assert err.value.field == "outcome"
