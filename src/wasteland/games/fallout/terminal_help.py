"""The words players see, in English, Russian and Ukrainian (``texts/<lang>.toml``, the
catalogue the component texts come from too): enemy, faction and space names, agenda
card names and texts, verb help and panel labels; and every rule we cite (FO-13.1 to
FO-13.6, in our own words), read from the game's rules reference (``rules/<lang>.toml``,
see ``wasteland.core.rules_reference``) as the ``rules`` section."""

from __future__ import annotations

import functools
from pathlib import Path
import tomllib
from typing import Any

from wasteland.core import rules_reference
from wasteland.core.plural import fill_plurals

from .content import load_content
from .spec import SPEC

LANGS = ("en", "ru", "uk")
TEXTS_DIR = Path(__file__).with_name("texts")
SECTIONS = ("enemies", "factions", "spaces", "cards", "requirements", "rules", "verbs", "ui")


@functools.lru_cache(maxsize=8)
def table(lang: str) -> dict[str, Any]:
    if lang not in LANGS:
        lang = "en"
    words = tomllib.loads((TEXTS_DIR / f"{lang}.toml").read_text(encoding="utf-8"))
    words["rules"] = {anchor: r.text for anchor, r in rules_reference.texts(SPEC, lang).items()}
    return words


class Texts:
    langs = LANGS

    def word(self, section: str, key: str, lang: str = "en") -> str:
        return table(lang).get(section, {}).get(key) or table("en").get(section, {}).get(key) or key.replace("_", " ")

    def enemy(self, kind: str, lang: str = "en") -> str:
        return self.word("enemies", kind, lang)

    def space(self, space: str, lang: str = "en") -> str:
        return self.word("spaces", space, lang)

    def rule(self, anchor: str, lang: str = "en") -> str:
        return self.word("rules", anchor, lang)

    def card(self, card_id: str, lang: str = "en") -> str:
        """A card's name, its icon strip and its requirement, in ``lang``."""
        c = load_content().cards[card_id]
        values = {"n": c.n, "bonus": c.bonus, "faction": self.word("factions", c.faction, lang)}
        req = fill_plurals(self.word("requirements", c.requirement, lang), values).format_map(values)
        icons = " · ".join(self.enemy(i, lang) for i in c.icons)
        return f"{self.word('cards', card_id, lang)} ({card_id}, {self.word('factions', c.faction, lang)}): " \
               f"+1 {self.word('ui', 'influence', lang)}. {req} [{icons}]"

    def help(self, topic: str, lang: str = "en") -> str | None:
        """A card, enemy type, space, verb or rule (``FO-13.2``) by name."""
        t = topic.strip()
        content = load_content()
        if t.upper().startswith("FO-"):
            return self.rule(t.upper(), lang) if t.upper() in table("en")["rules"] else None
        if t in content.cards:
            return self.card(t, lang)
        if t in content.types:
            e = content.types[t]
            extra = " ranged" if e.ranged else ""
            return f"{self.enemy(t, lang)}: defence {e.defence}, damage {e.damage}, radiation {e.radiation}{extra}"
        if t in table("en")["verbs"]:
            return self.word("verbs", t, lang)
        if t in table("en")["spaces"]:
            return self.space(t, lang)
        return None


TEXTS = Texts()
