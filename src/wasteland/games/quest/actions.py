"""The quest's fixed action space (``SPEC.actions``): every action of the notation as an
index meaning the same action in every state.

Name domains: ``zone`` every tile's zones (``alley.a``), ``die`` a hero's action dice
``a1``-``a6`` and destiny dice ``d1``-``d6``, ``group`` an enemy group ``g1``-``g12``,
``gate`` a compass side, ``n`` a hero's number, 1 to ``HEROES`` (one seat a hero, at most
four: every ``n`` names a hero, freed, inspired, reborn or struck; version 0 had 1-12). What is drawn
or thrown is chance's (``chance``: the chance seat's outcomes, as many as the largest
deck or die).

The space is compact (the agent scans its whole mask every step): the figure an attack
hits is named by its place among the figures in the attacker's zone and the zones next to
it (``foe``: 24 places, the figures' names in order; no more figures than the available
enemy models are ever on the battlefield, WQ-39.1), and the figure being deployed is
the position's (``deploying``: one place, the next figure of the group deployed), as is the
enemy whose Move or strike ties (``acting``). Where no
position fills a place it is written ``@foe3``. The layout is ``ACTIONS.layout()``; the
size is ``ACTIONS.size`` (it was 6,600 with every figure named).
"""

from __future__ import annotations

from wasteland.core.actionspace import Slots, TemplateActions

from .content import load_content
from .notation import NOTATION
from .deploy import adjacent
from .game import GAME
from .notation import parse

#: the attack's places: every figure the battlefield can hold, since only the available enemy
#: models are deployed (WQ-39.1; 21 in our data), and at least the 24 of the first layout
FOES = max(24, sum(e.models for e in load_content().enemies.values()))


#: the most heroes a game seats (the players option: 1 to 4, one hero each)
HEROES = 4

def _decision(s):
    return GAME.decision(s)


def _foes(s):
    d = _decision(s)
    if d is None or not 0 <= d.seat < len(s.heroes):
        return ()
    zone = s.heroes[d.seat]["zone"]
    if zone is None:
        return ()
    return sorted(i for i, m in s.models.items() if adjacent(s, zone, m["zone"]))


def _deploying(s):
    d = _decision(s)
    return [next((x.model for x in map(parse, d.actions) if x.VERB == "deploy"), None)] if d is not None else ()


def _acting(s):
    """The enemy whose Move or weapon use waits on the leader (WQ-40.1 ties)."""
    d = _decision(s)
    return [next((x.model for x in map(parse, d.actions) if x.VERB in ("step", "strike")), None)] if d is not None else ()


def _build() -> TemplateActions:
    c = load_content()
    zones = tuple(f"{t}.{z}" for t, shape in c.tiles.items() for z in shape.capacity)
    dice = tuple(f"{k}{v}" for k in "ad" for v in range(1, 7))
    groups = tuple(f"g{g}" for g in range(1, 13))
    crises = tuple(dict.fromkeys(cr.id for q in c.quests.values() for cr in q.crises))
    return TemplateActions(
        NOTATION, ["end", "move {zone} {die}", "run {zone} {die}", "attack {foe} {die}", "recover {die}",
         "explore {die}", "give {die}", "inspire {die}", "dig {die}", "free {n} {die}", "deploy {deploying} {zone}",
         "place {gate}", "close {gate}", "master {group}", "effect {effect}", "anchor {zone}",
         "inspiration {n}", "rebirth {n}", "rebirth_zone {zone}", "step {acting} {zone}", "strike {acting} {n}",
         "beside {enemy}"],
        {"zone": zones, "die": dice, "group": groups, "gate": ("n", "e", "s", "w"),
         "effect": ("cure", "recover"), "n": tuple(str(n) for n in range(1, HEROES + 1)),
         "foe": Slots(FOES, _foes, rule="WQ-39.1"), "deploying": Slots(1, _deploying),
         "acting": Slots(1, _acting), "enemy": tuple(c.enemies)},
        # an exploration, encounter or crisis card drawn, a die (up to twelve faces) rolled
        chance=max(len(c.cards), len(c.encounters), len(crises), 12),
        version=2,  # 2: "beside {enemy}", the leader's WQ-39.1 choice of who takes the last places
    )


ACTIONS = _build()
