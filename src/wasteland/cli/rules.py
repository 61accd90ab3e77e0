"""``wasteland rules GAME [ANCHOR|WORDS]``: the game's rules in our own words, from its
rules reference (``wasteland.core.rules_reference``): every rule, one anchor in any
spelling (``"SL §84"``, ``84``, ``sl 84``, ``lo-8.3``) or the rules holding all the words,
in English, Russian or Ukrainian."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from wasteland.core import rules_reference as rr
from wasteland.core.plural import fill_plurals

from .common import fail, find_spec, shown

#: The command's own words in each language.
WORDS = {
    "en": {"none": "{title} has no rules reference", "nothing": "no rule of {title} matches {query!r}",
           "found": "{n} {n|rule|rules} of {title} {n|holds|hold} {query!r}", "all": "{title}: the rules in our own words ({n})"},
    "ru": {"none": "у игры {title} нет справочника правил", "nothing": "в правилах {title} нет «{query}»",
           "found": "правил {title} с «{query}»: {n}", "all": "{title}: правила нашими словами ({n})"},
    "uk": {"none": "гра {title} не має довідника правил", "nothing": "у правилах {title} немає «{query}»",
           "found": "правил {title} з «{query}»: {n}", "all": "{title}: правила нашими словами ({n})"},
}


def rule_block(rule: rr.RuleText) -> Text:
    """One rule as the terminal shows it: its anchor and title, then its text."""
    out = Text(rule.anchor, style="bold cyan")
    out.append(f"  {rule.title}\n", style="bold")
    out.append(rule.text)
    return out


def rules_command(game: str, query: str = "", lang: str = "en", console: Console | None = None) -> int:
    console = console or Console(highlight=False)
    if lang not in rr.LANGUAGES:
        return fail(console, f"--lang {lang!r}: the rules are in {', '.join(rr.LANGUAGES)}")
    spec = find_spec(console, game)
    if spec is None:
        return 2
    words = WORDS[lang]
    try:
        everything = rr.rules(spec, lang)
    except rr.RulesTextError as exc:
        return fail(console, str(exc))
    if not everything:
        return fail(console, words["none"].format(title=spec.title))
    query = " ".join(query.split())
    if not query:
        console.print(Text(words["all"].format(title=spec.title, n=len(everything)), style="bold"))
        found = everything
    else:
        found = rr.search(spec, query, lang)
        if not found:
            return fail(console, words["nothing"].format(title=spec.title, query=shown(query)))
        if len(found) > 1 or rr.normalize_anchor(spec, query) is None:
            console.print(Text(fill_plurals(words["found"], {"n": len(found)})
                               .format(title=spec.title, query=query, n=len(found)), style="bold"))
    for rule in found:
        console.print()
        console.print(rule_block(rule))
    return 0


#: How the terminal game names its rules section and the ``why`` command, per language.
HELP_RULES = {
    "en": {"rules": "The rules:", "why_none": "no rule is cited here"},
    "ru": {"rules": "Правила:", "why_none": "здесь не упомянуто ни одно правило"},
    "uk": {"rules": "Правила:", "why_none": "тут не згадано жодного правила"},
}


def game_spec(game):
    """The spec of a protocol object, or None for a game the registry does not know."""
    from wasteland.core.registry import UnknownGame, spec_of

    try:
        return spec_of(game)
    except (UnknownGame, KeyError):
        return None


def rules_mentioned(game, texts, lang: str = "en") -> Text | None:
    """The rule text of every anchor the given texts mention, in order, each once: what the
    terminal's ``help`` and ``why`` add below what they say. None when none has a text."""
    spec = game_spec(game)
    if spec is None:
        return None
    anchors: list[str] = []
    for text in texts:
        anchors += [a for a in rr.anchors_in(spec, str(text or "")) if a not in anchors]
    try:
        found = [r for r in (rr.rule_text(spec, a, lang) for a in anchors) if r is not None]
    except rr.RulesTextError:
        return None
    if not found:
        return None
    out = Text(HELP_RULES.get(lang, HELP_RULES["en"])["rules"] + "\n", style="bold")
    for rule in found:
        out.append(f"  {rule.anchor}", style="bold cyan")
        out.append(f" {rule.title}: ", style="bold")
        out.append(rule.text + "\n")
    return out


def rule_by_anchor(game, topic: str, lang: str = "en") -> Text | None:
    """``help SL §84`` (any spelling of one of the game's anchors): that rule's text."""
    spec = game_spec(game)
    anchor = rr.normalize_anchor(spec, topic) if spec is not None else None
    return rules_mentioned(game, [anchor], lang) if anchor else None
