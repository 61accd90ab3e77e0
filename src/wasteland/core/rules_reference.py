"""The project's own rules reference: for every anchor a game cites, a short statement of
the rule in our own words, in English, Russian and Ukrainian.

A game keeps these texts in its package, in the folder its spec names
(``GameSpec.rules_texts``, usually ``"rules"``), one TOML file per language, one table
per anchor::

    ["SL §84"]
    title = "Fuel"
    text = "Each Fuel card you discard adds 3 hexes to one motorized move."

The files are checked when first read: an entry must be one of the game's anchors
(``GameSpec.anchors``) with a non-empty title and text and nothing else, and a Russian or
Ukrainian text must be written in Cyrillic (a :class:`RulesTextError` names the file, the
entry and the problem). The front ends ask this module only, and know no game:

* :func:`rule_text` one anchor's text (English when a language lacks it);
* :func:`rules` every text of a game, in its anchors' order;
* :func:`search` an anchor in any spelling (``84``, ``sl 84``, ``lo-8.3``) or words;
* :func:`anchors_in` the anchors a message mentions, to show their texts beside it.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any, Union

from .spec import GameSpec

LANGUAGES = ("en", "ru", "uk")
SIGN = "\u00a7"
#: Letters only Russian uses, and letters only Ukrainian uses: a text in one language
#: must not carry the other's.
RUSSIAN_ONLY = set("ыэъёЫЭЪЁ")
UKRAINIAN_ONLY = set("іїєґІЇЄҐ")
#: The share of Cyrillic among the letters of a Russian or Ukrainian text (anchors and
#: card notations in Latin letters are allowed, but they must not dominate).
CYRILLIC_SHARE = 0.8


class RulesTextError(ValueError):
    """A rules-text file that cannot be used: names the file, the entry and the problem."""


@dataclass(frozen=True)
class RuleText:
    anchor: str  # "SL §84"
    title: str  # "Fuel"
    text: str  # the rule, in our own words
    lang: str  # the language the text is in (English when the asked one lacks it)

    def to_json(self) -> dict[str, str]:
        return {"anchor": self.anchor, "title": self.title, "text": self.text, "lang": self.lang}


SpecOrName = Union[GameSpec, str]


def _spec(spec_or_name: SpecOrName) -> GameSpec:
    if isinstance(spec_or_name, GameSpec):
        return spec_or_name
    from .registry import get_spec

    return get_spec(spec_or_name)


def language_problem(text: str, lang: str) -> str | None:
    """Why ``text`` is not in ``lang`` (None if it may be): English has no Cyrillic; Russian
    and Ukrainian are mostly Cyrillic and carry none of the other's own letters."""
    letters = [c for c in text if c.isalpha()]
    cyrillic = [c for c in letters if "\u0400" <= c <= "\u04ff"]
    if lang == "en":
        return f"Cyrillic letters in an English text ({''.join(cyrillic[:5])}...)" if cyrillic else None
    if letters and len(cyrillic) < CYRILLIC_SHARE * len(letters):
        return f"Latin letters dominate a {lang} text ({len(cyrillic)} of {len(letters)} letters are Cyrillic)"
    other = RUSSIAN_ONLY if lang == "uk" else UKRAINIAN_ONLY
    found = sorted({c for c in text if c in other})
    if found:
        mine, theirs = ("Ukrainian", "Russian") if lang == "uk" else ("Russian", "Ukrainian")
        return f"{theirs} letters in a {mine} text: {''.join(found)}"
    return None


def _check_entry(where: str, anchor: Any, entry: Any, spec: GameSpec, lang: str) -> RuleText:
    if not isinstance(anchor, str) or not spec.is_anchor(anchor):
        raise RulesTextError(f"{where}: [{anchor!r}] is not one of {spec.title}'s anchors "
                             f"(write them in full, as {spec.anchors[0] if spec.anchors else spec.anchor_prefix!r})")
    if not isinstance(entry, dict):
        raise RulesTextError(f"{where}: [{anchor!r}] must be a table with a title and a text")
    extra = sorted(set(entry) - {"title", "text"})
    if extra:
        raise RulesTextError(f"{where}: [{anchor!r}]: unknown field {extra[0]!r} (only title and text)")
    for name in ("title", "text"):
        value = entry.get(name)
        if not isinstance(value, str) or not value.strip():
            raise RulesTextError(f"{where}: [{anchor!r}]: {name} must be a non-empty string")
        problem = language_problem(value, lang)
        if problem:
            raise RulesTextError(f"{where}: [{anchor!r}]: {name}: {problem}")
    return RuleText(anchor, entry["title"].strip(), " ".join(entry["text"].split()), lang)


def parse(text: str, spec: GameSpec, lang: str, where: str = "rules") -> dict[str, RuleText]:
    """The entries of one rules-text file, checked (see the module's docstring)."""
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesTextError(f"{where}: not valid TOML: {exc}") from None
    return {anchor: _check_entry(where, anchor, entry, spec, lang) for anchor, entry in table.items()}


@functools.lru_cache(maxsize=64)
def _load(name: str, lang: str) -> dict[str, RuleText]:
    spec = _spec(name)
    if not spec.rules_texts or not spec.package:
        return {}
    folder = resources.files(spec.package).joinpath(spec.rules_texts)
    path = folder.joinpath(f"{lang}.toml")
    if not path.is_file():
        return {}
    where = f"{spec.package.rsplit('.', 1)[-1]}/{spec.rules_texts}/{lang}.toml"
    return parse(path.read_text(encoding="utf-8"), spec, lang, where)


def texts(spec_or_name: SpecOrName, lang: str = "en") -> dict[str, RuleText]:
    """anchor → text of one language, exactly as its file gives them (no fallback)."""
    if lang not in LANGUAGES:
        raise RulesTextError(f"language {lang!r}: the rules are in {', '.join(LANGUAGES)}")
    return _load(_spec(spec_or_name).name, lang)


def rule_text(spec_or_name: SpecOrName, anchor: str, lang: str = "en") -> RuleText | None:
    """The text of ``anchor`` in ``lang`` (English if that language lacks it), or None."""
    spec = _spec(spec_or_name)
    anchor = normalize_anchor(spec, anchor) or anchor
    if lang not in LANGUAGES:
        lang = "en"
    return texts(spec, lang).get(anchor) or texts(spec, "en").get(anchor)


def rules(spec_or_name: SpecOrName, lang: str = "en") -> list[RuleText]:
    """Every rule text of the game, in the order of its anchors."""
    spec = _spec(spec_or_name)
    found = (rule_text(spec, anchor, lang) for anchor in spec.anchors)
    return [r for r in found if r is not None]


def normalize_anchor(spec_or_name: SpecOrName, text: str) -> str | None:
    """The game's anchor that ``text`` spells, in its full form, or None: for a game of
    prefix SL, "SL §84", "sl 84", "84" and the section sign with 84 are "SL §84"; for
    prefix LO, "lo-8.3" and "8.3" are "LO-8.3"."""
    spec = _spec(spec_or_name)
    t = " ".join(text.split())
    if spec.is_anchor(t):
        return t
    prefix = spec.anchor_prefix
    m = re.fullmatch(rf"(?:{re.escape(prefix)})?[\s\-]*{SIGN}?\s*([0-9A-Za-z]+(?:\.[0-9]+)*)", t, re.IGNORECASE)
    if not m:
        return None
    tail = m.group(1).upper()
    for candidate in (f"{prefix} {SIGN}{tail}", f"{prefix}-{tail}"):
        if spec.is_anchor(candidate):
            return candidate
    return None


def anchors_in(spec_or_name: SpecOrName, text: str) -> list[str]:
    """The game's anchors ``text`` mentions, in order of first mention, each once
    ("SL §55, SL §134" gives both; "LO-13.1" is not also "LO-1")."""
    spec = _spec(spec_or_name)
    found: list[str] = []
    for m in _anchor_pattern(spec.name).finditer(text or ""):
        if m.group(0) not in found:
            found.append(m.group(0))
    return found


@functools.lru_cache(maxsize=16)
def _anchor_pattern(name: str) -> re.Pattern[str]:
    anchors = sorted(_spec(name).anchors, key=len, reverse=True)  # the longest first
    if not anchors:
        return re.compile(r"(?!x)x")
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(a) for a in anchors) + r")(?![0-9A-Za-z]|\.[0-9])")


def search(spec_or_name: SpecOrName, query: str, lang: str = "en") -> list[RuleText]:
    """The texts a query finds: the one anchor it spells, else every text whose anchor,
    title or text holds all its words (any case; a word may be the start of a longer one)."""
    spec = _spec(spec_or_name)
    anchor = normalize_anchor(spec, query)
    if anchor is not None:
        found = rule_text(spec, anchor, lang)
        return [found] if found else []
    words = [w.casefold() for w in re.findall(r"\w+", query)]
    if not words:
        return []
    hits = []
    for r in rules(spec, lang):
        haystack = f"{r.anchor} {r.title} {r.text}".casefold()
        if all(w in haystack for w in words):
            hits.append(r)
    return hits


def to_json(spec_or_name: SpecOrName, lang: str = "en") -> dict[str, dict[str, str]]:
    """anchor → {title, text, lang}: what the server sends a page."""
    return {r.anchor: {"title": r.title, "text": r.text, "lang": r.lang} for r in rules(spec_or_name, lang)}
