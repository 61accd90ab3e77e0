"""The quest's fixed action space (``SPEC.actions``): every action of the notation as an
index meaning the same action in every state.

Domains: ``zone`` every tile's zones (``alley.a``), ``die`` a hero's action dice ``a1``-``a6``
and destiny dice ``d1``-``d6``, ``enemy`` an enemy figure ``g<group>.<n>`` (up to 12 groups
of 12), ``gate`` a compass side, ``card`` exploration, encounter and crisis cards, ``n``
the numbers 1-12 (rolls, slots). The layout is ``ACTIONS.layout()``.
"""

from __future__ import annotations

from wasteland.core.actionspace import TemplateActions

from .content import load_content


def _build() -> TemplateActions:
    c = load_content()
    zones = tuple(f"{t}.{z}" for t, shape in c.tiles.items() for z in shape.capacity)
    dice = tuple(f"{k}{v}" for k in "ad" for v in range(1, 7))
    groups = tuple(f"g{g}" for g in range(1, 13))
    enemies = tuple(f"{g}.{n}" for g in groups for n in range(1, 13))
    crises = tuple(dict.fromkeys(cr.id for q in c.quests.values() for cr in q.crises))
    return TemplateActions(
        ["end", "move {zone} {die}", "run {zone} {die}", "attack {enemy} {die}", "recover {die}",
         "explore {die}", "give {die}", "inspire {die}", "dig {die}", "free {n} {die}", "deploy {enemy} {zone}",
         "place {gate}", "close {gate}", "master {group}", "effect {effect}", "anchor {zone}",
         "crisis {crisis}", "draw {exploration}", "encounter {encounter}", "inspiration {n}", "rebirth {n}", "rebirth_zone {zone}",
         "roll {n}"],
        {"zone": zones, "die": dice, "enemy": enemies, "group": groups, "gate": ("n", "e", "s", "w"),
         "effect": ("cure", "recover"), "crisis": crises, "exploration": tuple(c.cards),
         "encounter": tuple(c.encounters), "n": tuple(str(n) for n in range(1, 13))},
    )


ACTIONS = _build()
