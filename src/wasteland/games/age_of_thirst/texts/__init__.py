"""What every Age of Thirst component says, in English, Russian and Ukrainian: the
source, bunker and ray-tower cards, the four species, the special hexes and the Eye.

Each text is built from the content data (``data/*.toml``) and the templates of
``texts/<lang>.toml``, so a number changed in the data changes the text. English names
are the data's own; Russian and Ukrainian names are in the catalogues (``[names.*]``).
Ids are namespaced by kind: ``source:wet``, ``bunker:regen1``, ``tower:strike``,
``species:smart``, ``hex:oasis``.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from wasteland.core.card_texts import CatalogueTexts, Templates

from ..content import load_content, DECK_SIZE

from ..economy import HAND_LIMIT, MARKET_PRICE

from ..validate import MAX_EYE

HEXES = ("oasis", "source", "bunker", "ray_tower", "landing", "base", "eye_circle")  # LO-3, LO-12


class AgeOfThirstTexts(CatalogueTexts):
    package = "wasteland.games.age_of_thirst"
    search_order = ("species", "source", "bunker", "tower", "hex", "token")

    @cached_property
    def content(self) -> Any:
        return load_content()

    def build(self, lang: str) -> dict[str, tuple[str, str]]:
        return _Builder(self.content, self.templates(lang)).entries()


class _Builder:
    def __init__(self, content: Any, t: Templates) -> None:
        self.c = content
        self.t = t
        self.en = t.lang == "en"

    def name(self, table: str, cid: str, english: str) -> str:
        return english if self.en else self.t.get(f"names.{table}.{cid}")

    def entries(self) -> dict[str, tuple[str, str]]:
        t = self.t
        out: dict[str, tuple[str, str]] = {}
        for cid, card in self.c.sources.items():  # LO-9
            text = t.fill(f"source.{card.effect}", gallons=card.gallons)
            out[f"source:{cid}"] = (self.name("source", cid, card.name),
                                    text + "\n" + t.fill("source.deck", count=card.count, size=DECK_SIZE))
        for cid, card in self.c.bunkers.items():  # LO-10, LO-10.2
            bonus = t.get("bunker.and").join(t.fill(f"bunker.{stat}", n=getattr(card, stat))
                                             for stat in ("health", "attack", "move") if getattr(card, stat))
            text = t.fill("bunker.text", bonus=bonus) + "\n" + t.fill("bunker.deck", count=card.count, size=DECK_SIZE,
                                                                     price=MARKET_PRICE)
            out[f"bunker:{cid}"] = (self.name("bunker", cid, card.name), text)
        for cid, card in self.c.towers.items():  # LO-11
            if card.damage:
                text = t.fill("tower.damage", damage=card.damage)
            else:
                kind = self.c.kinds[card.status]
                text = t.fill("tower.status", species=self.name("species", kind.id, kind.name),
                              what=t.get(f"tower.{card.status}"))
            text += "\n" + t.fill("tower.deck", count=card.count, size=DECK_SIZE, limit=HAND_LIMIT)
            out[f"tower:{cid}"] = (self.name("tower", cid, card.name), text)
        for kid, kind in self.c.kinds.items():  # LO-5, LO-6
            out[f"species:{kid}"] = (self.name("species", kid, kind.name), self.species_text(kind))
        for h in HEXES:
            out[f"hex:{h}"] = (t.get(f"hex.{h}.name"), t.fill(f"hex.{h}.text", last=MAX_EYE))
        out["token:eye"] = (t.get("token.eye.name"), t.fill("token.eye.text", last=MAX_EYE))  # LO-4.4, LO-12
        return out

    def species_text(self, kind: Any) -> str:
        t = self.t
        if kind.troop:
            lines = [t.fill("species.troop", max=kind.max_on_board, start=kind.start), t.get(f"species.{kind.id}")]
        else:
            lines = [t.fill("species.hedge", max=kind.max_on_board), t.get("species.hedge_note")]
        for n, lv in enumerate(kind.levels, 1):
            key = "species.level" if kind.troop else "species.level_hedge"
            line = t.fill(key, n=n, move=lv.move, range=lv.range, cost=lv.cost)
            if lv.upgrade:
                line += t.fill("species.upgrade", upgrade=lv.upgrade)
            lines.append(line)
        return "\n".join(lines)


TEXTS = AgeOfThirstTexts()
