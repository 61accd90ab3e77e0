"""What every component of the Fallout round end says, in English, Russian and Ukrainian:
the agenda cards (their faction, the enemies their icons activate, their requirement),
the enemy types and the map's spaces. Built from the content data and the words of
``texts/<lang>.toml`` (names there, templates under ``[components]``), so a changed
number changes the text. Ids: ``card:a01``, ``enemy:ghoul``, ``space:crater``."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from wasteland.core.card_texts import CatalogueTexts

from ..content import load_content


class FalloutTexts(CatalogueTexts):
    package = "wasteland.games.fallout"
    search_order = ("card", "enemy", "space")
    allowed_latin = ("RobCo",)  # the factory's brand, as the translated names keep it

    @cached_property
    def content(self) -> Any:
        return load_content()

    def build(self, lang: str) -> dict[str, tuple[str, str]]:
        t = self.templates(lang)
        c = self.content
        joined = t.get("components.and").join
        out: dict[str, tuple[str, str]] = {}
        for cid, card in c.cards.items():  # FO-13.1, FO-13.5
            faction = t.get(f"factions.{card.faction}")
            requirement = t.fill(f"requirements.{card.requirement}", n=card.n, bonus=card.bonus, faction=faction)
            out[f"card:{cid}"] = (t.get(f"cards.{cid}"), t.fill(
                "components.agenda", faction=faction, icons=joined(t.get(f"enemies.{i}") for i in card.icons),
                requirement=requirement))
        for eid, e in c.types.items():  # FO-13.2
            text = t.fill("components.enemy", defence=e.defence, damage=e.damage, radiation=e.radiation,
                          lair=t.get(f"spaces.{e.lair}"))
            out[f"enemy:{eid}"] = (t.get(f"enemies.{eid}"), text + ("\n" + t.get("components.ranged") if e.ranged else ""))
        board = c.board
        for sid in board.graph.names:  # FO-13.3
            lines = [t.fill("components.space", adjacent=joined(t.get(f"spaces.{n}") for n in board.graph.neighbours(sid)))]
            if sid == board.start:
                lines.append(t.get("components.start"))
            if sid in board.quests:
                lines.append(t.get("components.quest"))
            out[f"space:{sid}"] = (t.get(f"spaces.{sid}"), "\n".join(lines))
        return out


TEXTS = FalloutTexts()
