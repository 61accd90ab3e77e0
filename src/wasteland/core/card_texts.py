"""The words of a game's components: what every card, character, token, unit kind and
special hex says, in each language the game speaks (``spec.card_texts`` names the
game's :class:`CardTexts`).

A game builds its texts from its content data and translated templates, so a changed
number in the data changes the text. This module holds what every game's texts share:
loading the per-language template files, filling a template (an error names the file
and the key), looking a topic up the way a person types it (``pickaxe#1``, ``Pickaxe``,
``Кирка``), and the check that a text is written in the language it claims.
"""

from __future__ import annotations

from functools import cached_property
from importlib import resources
import re
import tomllib
from typing import Any, Iterable, Protocol

from .plural import fill_plurals

LANGUAGES = ("en", "ru", "uk")


class CardTexts(Protocol):
    """What ``spec.card_texts`` names. Content ids are namespaced by kind
    (``card:pickaxe``, ``character:scout``, ``rumor:r3/top``, ``hex:wreck``)."""

    languages: tuple[str, ...]

    def ids(self) -> list[str]: ...  # every content id that has a text

    def name(self, content_id: str, lang: str = "en") -> str | None: ...  # "Pickaxe"

    def text(self, content_id: str, lang: str = "en") -> str | None: ...  # what it does, several lines

    @cached_property
    def _lower_ids(self) -> dict[str, str]:
        return {cid.lower(): cid for cid in self.ids()}

    def find(self, topic: str) -> str | None: ...  # the content id a person means ("pickaxe#1" -> "card:pickaxe")

    def catalogue(self, lang: str = "en") -> dict[str, dict[str, str]]: ...  # id -> {"kind", "kind_name", "name", "text"}

    def help(self, topic: str, lang: str = "en") -> str | None: ...  # name, kind and text of what ``topic`` names

    def words(self, lang: str = "en") -> dict[str, str]: ...  # phrases a front end composes with ("preview.moves")


class TextsError(ValueError):
    """A catalogue that is missing a key or fills a template wrongly; names the file and key."""


class Templates:
    """One language's templates: a TOML file ``<folder>/<lang>.toml`` in a package, read
    as nested tables; ``get("effect.damage")`` is the string at that path."""

    def __init__(self, package: str, folder: str, lang: str, file: str = "{lang}.toml") -> None:
        self.lang = lang
        self.origin = f"{folder}/{file.format(lang=lang)}"
        raw = resources.files(package).joinpath(self.origin).read_text(encoding="utf-8")
        try:
            self.table: dict[str, Any] = tomllib.loads(raw)
        except tomllib.TOMLDecodeError as exc:
            raise TextsError(f"{self.origin}: {exc}") from None

    def find(self, key: str) -> Any:
        node: Any = self.table
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                return None
            node = node[part]
        return node

    def get(self, key: str) -> str:
        found = self.find(key)
        if not isinstance(found, str):
            raise TextsError(f"{self.origin}: no text at {key}")
        return found

    def fill(self, key: str, **values: Any) -> str:
        template = fill_plurals(self.get(key), values)  # "{n|hex|hexes}" (core/plural.py)
        try:
            return template.format_map(values)
        except (KeyError, IndexError, ValueError) as exc:
            raise TextsError(f"{self.origin}: {key} cannot be filled ({exc!r}; it has {sorted(values)})") from None


class CatalogueTexts:
    """A game's :class:`CardTexts` from ``build(lang) -> {id: (name, text)}``, which a
    game writes from its content and :class:`Templates`. Built once per language."""

    languages: tuple[str, ...] = LANGUAGES
    package = ""  # the game's package
    folder = "texts"
    file = "{lang}.toml"  # the catalogue's file name in ``folder``
    #: proper names a Russian or Ukrainian text keeps in Latin letters (a brand: "RobCo")
    allowed_latin: tuple[str, ...] = ()

    def templates(self, lang: str) -> Templates:
        return Templates(self.package, self.folder, lang, self.file)

    def build(self, lang: str) -> dict[str, tuple[str, str]]:
        raise NotImplementedError

    @cached_property
    def _built(self) -> dict[str, dict[str, tuple[str, str]]]:
        return {lang: self.build(lang) for lang in self.languages}

    def _entry(self, content_id: str, lang: str) -> tuple[str, str] | None:
        table = self._built.get(lang) or self._built["en"]
        return table.get(content_id)

    def ids(self) -> list[str]:
        return list(self._built["en"])

    def name(self, content_id: str, lang: str = "en") -> str | None:
        entry = self._entry(content_id, lang)
        return entry[0] if entry else None

    def text(self, content_id: str, lang: str = "en") -> str | None:
        entry = self._entry(content_id, lang)
        return entry[1] if entry else None

    def catalogue(self, lang: str = "en") -> dict[str, dict[str, str]]:
        table = self._built.get(lang) or self._built["en"]
        return {cid: {"kind": cid.split(":", 1)[0], "kind_name": self.kind_name(cid.split(":", 1)[0], lang),
                      "name": n, "text": t} for cid, (n, t) in table.items()}

    #: the catalogue tables a front end gets as they are, to compose its own phrases with
    #: (``{placeholders}`` left in): ``words(lang)["preview.moves"]``
    shared_words: tuple[str, ...] = ()

    def words(self, lang: str = "en") -> dict[str, str]:
        t = self.templates(lang if lang in self.languages else "en")
        out: dict[str, str] = {}
        for table in self.shared_words:
            for key, value in (t.find(table) or {}).items():
                if isinstance(value, str):
                    out[f"{table}.{key}"] = value
        return out

    @cached_property
    def _kind_names(self) -> dict[str, dict[str, str]]:
        """Each language's words for the kinds (``[kind]`` of its catalogue)."""
        out = {}
        for lang in self.languages:
            found = self.templates(lang).find("kind")
            out[lang] = dict(found) if isinstance(found, dict) else {}
        return out

    def kind_name(self, kind: str, lang: str = "en") -> str:
        names = self._kind_names.get(lang) or self._kind_names.get("en", {})
        return names.get(kind, kind)

    def help(self, topic: str, lang: str = "en") -> str | None:
        """``help TOPIC`` in the terminal: the component's name, its kind and its text."""
        cid = self.find(topic)
        if cid is None:
            return None
        kind = cid.split(":", 1)[0]
        return f"{self.name(cid, lang)} ({self.kind_name(kind, lang)})\n{self.text(cid, lang)}"

    #: the kinds searched, in this order, for a bare word ("crew": the card before the token)
    search_order: tuple[str, ...] = ()

    @cached_property
    def _by_word(self) -> dict[str, str]:
        """Every id's bare part and every name in every language, lowercased -> id (the
        first kind of ``search_order`` wins a word two kinds share)."""
        order = {kind: i for i, kind in enumerate(self.search_order)}
        found: dict[str, str] = {}
        ids = sorted(self.ids(), key=lambda cid: order.get(cid.split(":", 1)[0], len(order)))
        for cid in ids:
            words = [cid.split(":", 1)[1]] + [self._built[lang][cid][0] for lang in self._built if cid in self._built[lang]]
            for word in words:
                found.setdefault(word.strip().lower(), cid)
        return found

    @cached_property
    def _lower_ids(self) -> dict[str, str]:
        return {cid.lower(): cid for cid in self.ids()}

    def find(self, topic: str) -> str | None:
        """The id a person means: a full id, a copy (``pickaxe#1``), an option
        (``curved_scythe/2``), a bare id or a name in any language, in any case."""
        word = " ".join(topic.split()).lower()
        if not word:
            return None
        if word in self._lower_ids:
            return self._lower_ids[word]
        for candidate in (word, re.split(r"[#/]", word, maxsplit=1)[0]):
            if candidate in self._by_word:
                return self._by_word[candidate]
        return None


# -- is a text written in its language? ------------------------------------------------

_CYRILLIC = re.compile(r"[А-Яа-яЁёІіЇїЄєҐґ]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
_RUSSIAN_ONLY = re.compile(r"[ЫыЭэЪъЁё]")
_UKRAINIAN_ONLY = re.compile(r"[ІіЇїЄєҐґ]")


def language_problem(text: str, lang: str, allowed: Iterable[str] = ()) -> str | None:
    """Why ``text`` is not in ``lang`` (None if it is, as far as letters tell): English has
    no Cyrillic; Russian and Ukrainian have Cyrillic and no Latin word but the ``allowed``
    ones (a rule anchor's prefix, a unit's notation); Russian has none of Ukrainian's own
    letters (і ї є ґ), Ukrainian none of Russian's (ы э ъ ё)."""
    if lang == "en":
        hit = _CYRILLIC.search(text)
        return f"Cyrillic letter {hit.group()!r} in an English text" if hit else None
    if not _CYRILLIC.search(text):
        return f"no Cyrillic letter in a {lang} text"
    allow = {a.lower() for a in allowed}
    for word in _LATIN_WORD.findall(text):
        if word.lower() not in allow:
            return f"Latin word {word!r} in a {lang} text"
    other = _UKRAINIAN_ONLY if lang == "ru" else _RUSSIAN_ONLY if lang == "uk" else None
    hit = other.search(text) if other else None
    return f"letter {hit.group()!r} of the other language in a {lang} text" if hit else None
