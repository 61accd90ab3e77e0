"""Saltlands' fixed action space (``SPEC.actions``): every action of the notation (see
``turn.py``) as an index that means the same action in every state and configuration.

Domains: ``hex`` the 323 hexes of the four layouts (small, large, epic) as ``q,r``;
``tile`` their tile positions ``tA,B``; ``card`` every card instance (``axe#2``, and the
characters); ``option`` a card with its option suffix (``curved_scythe#1/2``); ``crew``
the cards that are crew members (characters, crew cards, the twin); ``seat`` ``p1``..``p6``.
The layout (templates in order, each a block of consecutive indices) is
``ACTIONS.layout()``; the space's size is ``ACTIONS.size``.
"""

from __future__ import annotations

from wasteland.core.actionspace import TemplateActions

from .board import fmt_pos, geometry
from .world import ORIENTATIONS
from .content import load_content
from .state import catalog


def _build() -> TemplateActions:
    content = load_content()
    cat = catalog()
    hexes: dict[str, None] = {}
    tiles: dict[str, None] = {}
    for layout in content.layouts:
        geo = geometry(layout)
        hexes.update(dict.fromkeys(geo.names))
        tiles.update(dict.fromkeys(fmt_pos(p) for p in geo.positions))
    names = cat.card_names
    options = [n + ("" if i == 0 else f"/{i + 1}") for n, d in zip(names, cat.cards)
               for i in range(max(1, len(d.actions)))]
    targeted = [n + ("" if i == 0 else f"/{i + 1}") for n, d in zip(names, cat.cards)
                for i, a in enumerate(d.actions) if a.effect == "damage" and not a.area]
    area = [n + ("" if i == 0 else f"/{i + 1}") for n, d in zip(names, cat.cards)
            for i, a in enumerate(d.actions) if a.effect == "damage" and a.area]
    exploring = [n + ("" if i == 0 else f"/{i + 1}") for n, d in zip(names, cat.cards)
                 for i, a in enumerate(d.actions) if a.effect == "explore"]
    crew = [n for n, d in zip(names, cat.cards) if d.crew]
    domains = {
        "hex": sorted(hexes), "tile": sorted(tiles), "card": names, "option": options,
        "targeted": targeted, "area": area, "exploring": exploring, "crew": crew,
        "seat": [f"p{k}" for k in range(1, 7)], "rot": [str(k) for k in range(6)],
        "fuel": [str(k) for k in range(1, 10)], "character": list(content.characters),
        "vehicle": sorted({d.raider_type for d in cat.cards if d.raider_type} | set(content.raiders)),
        "orientation": sorted(ORIENTATIONS),
    }
    templates = [
        "end", "ability", "top", "bottom", "accept", "decline", "done",
        "ability {card}", "character {character}", "enter {hex}", "move {hex}", "move {hex} fuel {fuel}",
        "collect {hex} by {crew}", "use {option}", "use {option} by {crew}",
        "use {targeted} by {crew} at {hex}", "use {area} by {crew} rot {rot}",
        "use {exploring} by {crew} tile {tile}", "refresh {crew}", "trade {seat}", "steal {seat}",
        "attack {seat}", "chase {seat}", "give {card}", "give {card} to {seat}", "discard {card}",
        "replace {card}", "heal {option}", "armor {option}", "lose {crew}", "activate {vehicle}",
        "raider {hex}", "goto {hex}", "spawn {hex}", "orient {orientation}",
        "pass", "take {card}", "place {card}", "yield {card}",
    ]
    return TemplateActions(templates, domains)


ACTIONS = _build()
