"""What every component of Quest exploration says, in English, Russian and Ukrainian:
tiles, exploration cards, enemies, encounter cards, heroes, crises, conditions and the
events of the event die. Built from the content data and the templates of
``texts/<lang>.toml``; the names are the page's own (``web/i18n/<lang>.json``), so
the terminal, the page and the texts agree. Ids: ``tile:graveyard``, ``card:x_alley``,
``enemy:wraith``, ``encounter:e_pack``, ``hero:warden``, ``crisis:gloom``,
``condition:trapped``, ``event:masters_will``."""

from __future__ import annotations

from functools import cached_property
from importlib import resources
import json
from typing import Any

from wasteland.core.card_texts import CatalogueTexts, TextsError

from ..content import load_content

from ..events_table import EVENTS

CONDITIONS = ("trapped", "buried", "cursed", "disease", "fatigue", "stunned")  # WQ-40.3


def _rolls(numbers: list[int]) -> str:
    return str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}–{numbers[-1]}"


class QuestTexts(CatalogueTexts):
    package = "wasteland.games.quest"
    search_order = ("tile", "card", "enemy", "encounter", "hero", "crisis", "condition", "event")

    @cached_property
    def content(self) -> Any:
        return load_content()

    def page_names(self, lang: str) -> dict[str, str]:
        raw = resources.files(self.package).joinpath(f"web/i18n/{lang}.json").read_text(encoding="utf-8")
        return json.loads(raw)

    def build(self, lang: str) -> dict[str, tuple[str, str]]:
        t = self.templates(lang)
        page = self.page_names(lang)

        def name(key: str) -> str:
            if key not in page:
                raise TextsError(f"web/i18n/{lang}.json: no name at {key}")
            return page[key]

        c = self.content
        joined = t.get("components.and").join
        out: dict[str, tuple[str, str]] = {}
        for tid, tile in c.tiles.items():  # WQ-38.3
            zones = len(set(tile.zone_of.values()))
            out[f"tile:{tid}"] = (name(f"wq.tile.{tid}"), t.fill("components.tile", zones=zones))
        for cid, card in c.cards.items():  # WQ-38.1
            tile = name(f"wq.tile.{card.tile}")
            lines = [t.fill("components.card", tile=tile, gates=len(card.gates), groups=card.groups)]
            if card.mystic_items:
                lines.append(t.fill("components.mystic", n=len(card.mystic_items)))
            if card.quest_symbol:
                lines.append(t.get("components.quest_symbol"))
            if card.lychgates:
                lines.append(t.fill("components.lychgates", n=len(card.lychgates)))
            out[f"card:{cid}"] = (t.fill("components.card_name", tile=tile), "\n".join(lines))
        for eid, e in c.enemies.items():  # WQ-39.1
            condition = name(f"wq.cond.{e.critical}") if e.critical else "—"
            out[f"enemy:{eid}"] = (name(f"wq.enemy.{eid}"), t.fill(
                "components.enemy", size=t.get(f"components.{e.size}"), models=e.models, wounds=e.wounds, hit=e.hit,
                damage=e.damage, condition=condition))
        for eid, enc in c.encounters.items():
            parts = joined(t.fill("components.part", enemy=name(f"wq.enemy.{p.enemy}"), count=p.count)
                           for p in enc.enemies)
            out[f"encounter:{eid}"] = (name(f"wq.encounter.{eid}"), t.fill("components.encounter", list=parts))
        for hero in c.heroes:
            out[f"hero:{hero.id}"] = (name(f"wq.hero.{hero.id}"), t.fill(
                "components.hero", vitality=hero.vitality, dice=hero.dice, condition=name(f"wq.cond.{hero.critical}")))
        for quest in c.quests.values():  # WQ-40.4 result 5-6
            for crisis in quest.crises:
                out.setdefault(f"crisis:{crisis.id}", (name(f"wq.crisis.{crisis.id}"), t.get(f"crisis.{crisis.effect}")))
        for cond in CONDITIONS:  # WQ-40.3
            out[f"condition:{cond}"] = (name(f"wq.cond.{cond}"), t.get(f"condition.{cond}"))
        for event in dict.fromkeys(EVENTS.values()):  # WQ-40.4
            rolls = [n for n, e in EVENTS.items() if e == event]
            label = name(f"wq.event.{event}")
            out[f"event:{event}"] = (label[0].upper() + label[1:],
                                     t.fill("components.event", rolls=_rolls(rolls), effect=t.get(f"event.{event}")))
        return out


TEXTS = QuestTexts()
