"""``wasteland rules GAME [ANCHOR|WORDS]``: the game's rules in our own words, from its
rules reference (``wasteland.core.rules_reference``): every rule, one anchor in any
spelling (``"SL §84"``, ``84``, ``sl 84``, ``lo-8.3``) or the rules holding all the words,
in English, Russian or Ukrainian."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from wasteland.core import rules_reference as rr

from .common import fail, find_spec

#: The command's own words in each language.
WORDS = {
    "en": {"none": "{title} has no rules reference", "nothing": "no rule of {title} matches {query!r}",
           "found": "{n} rule(s) of {title} hold {query!r}", "all": "{title}: the rules in our own words ({n})"},
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
            return fail(console, words["nothing"].format(title=spec.title, query=query))
        if len(found) > 1 or rr.normalize_anchor(spec, query) is None:
            console.print(Text(words["found"].format(title=spec.title, query=query, n=len(found))
                               .replace("(s)", "" if len(found) == 1 else "s"), style="bold"))
    for rule in found:
        console.print()
        console.print(rule_block(rule))
    return 0
