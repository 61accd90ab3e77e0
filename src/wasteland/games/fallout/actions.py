"""The Fallout round end's fixed action space (``SPEC.actions``): every action of the
notation as an index meaning the same action in every state.

Domains: ``space`` the map's spaces, ``enemy`` every enemy token (``ghoul#1``, eight a
type: more than the set-up deals), ``value`` a fight's entered numbers 0-12 (the table
fight, FO-13.2: the survivor's track), ``agenda`` every agenda card (the card a survivor
over the hand limit gives back, FO-13.5). ``resolve`` answers a position written down at
the moment a card was revealed (a scenario, FO-13.1). The layout (templates in order, each
a block of consecutive indices) is ``ACTIONS.layout()``.
"""

from __future__ import annotations

from wasteland.core.actionspace import TemplateActions

from .content import load_content
from .notation import NOTATION


def _build() -> TemplateActions:
    c = load_content()
    spaces = tuple(c.board.graph.names)
    # the enemies are the set-up's tokens, numbered per type (nothing adds one during play),
    # and a fight's entered numbers run along the survivor's track (FO-13.2): both read from
    # the data, at least the first layout's 8 tokens a type and 0-12
    per_type = max([sum(1 for t in c.tokens if t.type == kind) for kind in c.types] + [8])
    enemies = tuple(f"{t}#{k}" for t in c.types for k in range(1, per_type + 1))
    values = tuple(str(n) for n in range(0, max(12, c.turn.track) + 1))
    return TemplateActions(
        NOTATION, ["end", "rest", "quest", "move {space}", "fight {enemy}", "activate {enemy}", "step {enemy} {space}",
         "result {value} {value} {fate}",
         # appended after the first layout, so the indices above keep their meaning
         "return {agenda}", "resolve",
         "share", "decline"],  # FO-13.5: a survivor also at the target shares the victory or not
        {"space": spaces, "enemy": enemies, "value": values, "fate": ("defeated", "stands"),
         "agenda": tuple(sorted(c.cards))},
        chance=max(len(c.cards), 6),  # an agenda card drawn, a die rolled
    )


ACTIONS = _build()
