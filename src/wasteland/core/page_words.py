"""A game's words as its browser page has them (``<package>/web/i18n/<lang>.json``, the
spec's ``web_texts``), read from Python so the terminal says what the page says: one
catalogue of prompts, action labels and event templates for both front ends.

Templates are the page's: ``{name}`` placeholders, filled as ``i18n.js`` fills them (an
unknown placeholder stays as written), and ``{name|form|form}`` plurals (core/plural.py)."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any, ClassVar

from .notation import Action, Notation
from .plural import fill_plurals
from .protocol import NotationError
from .spec import GameSpec

_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_SLOT = re.compile(r"\{(\w+(?:\|[^{}]*)?)\}")  # a placeholder or a plural


def _slot(part: str) -> str:
    """The pattern a template's slot matches in a sentence: a placeholder its value, a
    plural any of its forms."""
    name, *forms = part.split("|")
    return "(?:" + "|".join(map(re.escape, forms)) + ")" if forms else f"(?P<{name}>.+?)"


@lru_cache(maxsize=None)
def _catalogue(package: str, folder: str, lang: str) -> dict[str, str]:
    path = resources.files(package).joinpath(*folder.split("/"), f"{lang}.json")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def fill(template: str, values: dict[str, Any]) -> str:
    template = fill_plurals(template, values)  # "{n|step|steps}": the noun a number wants
    return _PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if values.get(m.group(1)) is not None
                            else m.group(0), template)


def words_of_game(spec: GameSpec, lang: str) -> "PageWords | None":
    """A registered game's page words (``spec.web_texts``), or None when it has none."""
    if not spec.web_texts:
        return None
    package = spec.package or spec.game.partition(":")[0].rpartition(".")[0]
    try:
        return PageWords(package, lang, spec.web_texts)
    except (ModuleNotFoundError, TypeError):
        return None


class PageWords:
    """The page's words of one game in one language, English where that language has none."""

    def __init__(self, package: str, lang: str, folder: str = "web/i18n") -> None:
        self.lang = lang
        self.own = _catalogue(package, folder, lang)
        self.english = _catalogue(package, folder, "en")

    def has(self, key: str) -> bool:
        return key in self.own or key in self.english

    def own_text(self, key: str, **values: Any) -> str | None:
        """The template in this language only, filled; None where it has none."""
        template = self.own.get(key)
        return None if template is None else fill(template, values)

    def t(self, key: str, **values: Any) -> str:
        """The template filled; English where this language has none, else the key."""
        template = self.own.get(key, self.english.get(key))
        return key if template is None else fill(template, values)

    def reason(self, text: str, prefix: str, value: Any = None) -> str:
        """An English sentence of the engine (why the game ended) in this language: the
        English template under ``prefix`` it matches ("influence {target} reached"), its
        values taken from the sentence (each through ``value(name, text)`` when given) and
        put into this language's template; the sentence itself where none matches."""
        for key, english in self.english.items():
            if not key.startswith(prefix) or key not in self.own:
                continue
            names = _PLACEHOLDER.findall(english)
            pattern = "".join(re.escape(part) if i % 2 == 0 else _slot(part)
                              for i, part in enumerate(_SLOT.split(english)))
            found = re.fullmatch(pattern, text)
            if found:
                values = {n: value(n, found.group(n)) if value else found.group(n) for n in names}
                return fill(self.own[key], values)
        return text

    def titles(self, prefix: str) -> dict[str, str]:
        """``{verb: title}`` of every template under ``prefix`` ("act." -> {"move": "Ехать на"...})."""
        return {key[len(prefix):]: self.title(key) for key in {**self.english, **self.own}
                if key.startswith(prefix) and "." not in key[len(prefix):]}

    def title(self, key: str) -> str:
        """The words of a template before its first placeholder ("Ехать на {hex}" ->
        "Ехать на"): the heading of a group of options that each begin with them."""
        template = self.own.get(key, self.english.get(key, key))
        return template.split("{", 1)[0].strip(" «\"'(:")


class GameWords:
    """The base of a game's words for the terminal (``games/*/terminal_words.py``): the
    page's words of the game (``PACKAGE``) in one language, and an action in words, read
    through the game's notation (``NOTATION``): a text that is no action stays as written."""

    PACKAGE: ClassVar[str]
    NOTATION: ClassVar[Notation]

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.page = PageWords(self.PACKAGE, lang)

    @staticmethod
    def seat(x: Any) -> str:
        return f"p{x + 1}" if isinstance(x, int) else str(x)

    def action(self, action: str, view: dict[str, Any] | None = None) -> str:
        try:
            a = self.NOTATION.parse(action)
        except NotationError:
            return action
        return self.action_words(a, view)

    def action_words(self, a: Action, view: dict[str, Any] | None) -> str:
        """The words of the parsed action ``a`` (``view``: the position, where the words
        depend on it)."""
        raise NotImplementedError
