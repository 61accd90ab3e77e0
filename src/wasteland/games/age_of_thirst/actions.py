"""Age of Thirst's fixed action space (``SPEC.actions``): every action of the notation as
an index meaning the same action in every state.

Domains: ``hex`` the board's 127 hexes (``q,r``), ``kind`` the troop kinds (and the hedge
for upgrades), ``card`` the ray-tower and bunker cards, ``colour`` the clan colours. The
layout (templates in order, each a block of consecutive indices) is ``ACTIONS.layout()``.
"""

from __future__ import annotations

from wasteland.core.actionspace import TemplateActions

from .board import board
from .content import BUNKER_COUNTS, COLOURS, KINDS, TOWER_COUNTS, TROOP_KINDS

ACTIONS = TemplateActions(
    ["end phase", "end turn", "first {colour}", "upgrade {kind}", "place {troop} {hex}", "buy {troop} {hex}",
     "flip {hex}", "grow {hex}", "move {hex} {to}", "attack {hex} {to}", "play {card} {hex}",
     "play {card} {colour}", "inject {card} {troop}", "market {card} {troop}"],
    {"hex": board().names, "to": board().names, "kind": KINDS, "troop": TROOP_KINDS, "colour": COLOURS,
     "card": tuple(TOWER_COUNTS) + tuple(BUNKER_COUNTS)},
)
