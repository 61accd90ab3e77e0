"""A game's options on the command line, read from its spec (``spec.options``).

``play`` and ``watch`` take every option of the chosen game in two spellings:
``--NAME VALUE`` (``--mode coop``, ``--turn-limit 40``; a yes/no option alone, ``--expansion``,
or ``--no-expansion``) and ``--option NAME=VALUE`` (repeatable). A list option takes
its values comma-separated (``--characters scout,healer``) or repeated in the singular
(``--variant epic --variant overkill``); ``none`` clears an option whose default is
none. A value is checked against the option's kind first, then the whole combination by
``spec.validate``; either way one error names the option and its rule.
"""

from __future__ import annotations

from typing import Any, Sequence

from wasteland.core.protocol import RuleError
from wasteland.core.spec import GameSpec, Option

TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")


class OptionError(RuleError):
    """A command-line option that the game does not have, or a value it does not allow."""


def flag(option: Option) -> str:
    return "--" + option.name.replace("_", "-")


def rule_of(option: Option) -> str:
    return option.rule or "option"


def allowed(option: Option) -> str:
    """The option's rule for its values, in words."""
    if option.kind == "int":
        if option.low is not None and option.high is not None:
            return f"a whole number from {option.low} to {option.high}"
        if option.low is not None:
            return f"a whole number, at least {option.low}"
        return "a whole number"
    if option.kind == "bool":
        return "yes or no"
    values = ", ".join(str(v) for v in option.values if v is not None)
    if option.kind == "choice":
        return f"one of {values}" + (" or none" if option.default is None and not option.default_note else "")
    if option.kind == "names":
        return f"comma-separated names from {values}"
    return f"one name per seat, all different, from {values}"


def coerce(option: Option, text: str | None) -> Any:
    """The value of ``option`` written ``text`` (None: the option given alone)."""
    def bad(why: str) -> OptionError:
        return OptionError(rule_of(option), f"{flag(option)}: {why}; it takes {allowed(option)}")

    if option.kind == "bool":
        if text is None or text.lower() in TRUE:
            return True
        if text.lower() in FALSE:
            return False
        raise bad(f"{text!r} is not yes or no")
    if text is None or text == "":
        raise bad("a value is missing")
    if text.lower() == "none" and option.default is None and option.kind in ("int", "choice"):
        return None
    if option.kind == "int":
        try:
            value = int(text)
        except ValueError:
            raise bad(f"{text!r} is not a whole number") from None
        if (option.low is not None and value < option.low) or (option.high is not None and value > option.high):
            raise bad(f"{value} is out of range")
        return value
    if option.kind == "choice":
        match = next((v for v in option.values if str(v).lower() == text.lower()), None)
        if match is None:
            raise bad(f"{text!r} is not allowed")
        return match
    sep = text.replace("+", ",") if option.kind == "names" else text
    names = [part.strip() for part in sep.split(",") if part.strip()]
    if option.kind == "names" and [n.lower() for n in names] in (["none"], ["base"]):
        return []
    unknown = [n for n in names if n not in option.values]
    if unknown:
        raise bad(f"{', '.join(repr(n) for n in unknown)} {'is' if len(unknown) == 1 else 'are'} not allowed")
    if len(set(names)) != len(names):
        raise bad("a name is given twice")
    return names


def _find(spec: GameSpec, name: str) -> tuple[Option, bool] | None:
    """The option a flag or ``--option`` name means, and whether it was spelled as one
    item of a list option (``variant`` for ``variants``)."""
    key = name.replace("-", "_")
    option = spec.option(key)
    if option is not None:
        return option, False
    option = spec.option(key + "s")
    if option is not None and option.kind in ("names", "seats"):
        return option, True
    return None


def _unknown(spec: GameSpec, what: str) -> OptionError:
    names = ", ".join(flag(o) for o in spec.options)
    return OptionError("option", f"{what}: not an option of {spec.title} (its options: {names}; "
                                 "see 'wasteland games')")


def read_options(spec: GameSpec, pairs: Sequence[str] = (), extra: Sequence[str] = ()) -> dict[str, Any]:
    """The game options given as ``--option NAME=VALUE`` (``pairs``) and as ``--NAME VALUE``
    (``extra``: the words the command did not know itself), checked one by one."""
    given: dict[str, Any] = {}

    def put(option: Option, value: Any, item: bool) -> None:
        if item and option.name in given:
            given[option.name] = [*given[option.name], *value]
        else:
            given[option.name] = value

    for pair in pairs:
        name, eq, text = pair.partition("=")
        found = _find(spec, name.strip())
        if found is None:
            raise _unknown(spec, f"--option {pair}")
        option, item = found
        put(option, coerce(option, text.strip() if eq else None), item)
    words = list(extra)
    i = 0
    while i < len(words):
        word = words[i]
        if not word.startswith("--"):
            raise OptionError("option", f"unexpected argument {word!r} (game options are written --NAME VALUE)")
        name, eq, text = word[2:].partition("=")
        negate = False
        found = _find(spec, name)
        if found is None and name.startswith("no-"):
            found = _find(spec, name[3:])
            negate = found is not None and found[0].kind == "bool"
            if not negate:
                found = None
        if found is None:
            raise _unknown(spec, f"--{name}")
        option, item = found
        if negate:
            if eq:
                raise OptionError(rule_of(option), f"--{name} takes no value")
            given[option.name] = False
        elif eq:
            put(option, coerce(option, text), item)
        elif option.kind == "bool":
            nxt = words[i + 1].lower() if i + 1 < len(words) else ""
            if nxt in TRUE + FALSE:
                put(option, coerce(option, nxt), item)
                i += 1
            else:
                put(option, True, item)
        else:
            if i + 1 >= len(words) or words[i + 1].startswith("--"):
                raise OptionError(rule_of(option), f"{flag(option)}: a value is missing; it takes {allowed(option)}")
            put(option, coerce(option, words[i + 1]), item)
            i += 1
        i += 1
    return given


def game_config(spec: GameSpec, given: dict[str, Any], players: int | None = None,
                seats: int | None = None) -> dict[str, Any]:
    """The config the options make, validated by the game (``spec.validate``). The number
    of players, when not given, is the number of ``--seats``, else the length of a
    one-per-seat option given (``--characters``), else the game's own default."""
    config = dict(given)
    if players is not None:
        config["players"] = players  # the game checks the range, with its rule
    elif "players" not in config:
        per_seat = next((len(v) for k, v in given.items()
                         if (o := spec.option(k)) is not None and o.kind == "seats" and v), None)
        if seats is not None:
            config["players"] = seats
        elif per_seat is not None:
            config["players"] = per_seat
    spec.validate(dict(config))  # a RuleError naming the option and its rule
    return config


def summary(spec: GameSpec, config: dict[str, Any], lang: str = "en") -> str:
    """The chosen options in one line, for the title: ``mode coop, difficulty hard, 2 players``;
    beyond English in the words of the game's page (its option labels and values)."""
    from wasteland.core.page_words import words_of_game

    from .words import say

    words = words_of_game(spec, lang) if lang != "en" else None

    def label(name: str, value: Any = None) -> str:
        if words is None:
            return name if value is None else str(value)
        key = f"option.{name}" if value is None else f"option.{name}.{value}"
        return words.t(key).lower() if words.has(key) else (name if value is None else str(value))

    full = spec.validate(dict(config))
    bits = []
    for option in spec.options:
        value = full.get(option.name)
        if option.name == "players" or option.kind == "seats" or option.hidden:
            continue
        if value is None or value is False or value == [] or value == ():
            continue
        if value is True:
            bits.append(label(option.name))
        elif isinstance(value, (list, tuple)):
            bits.append(f"{label(option.name)} {'+'.join(label(option.name, v) for v in value)}")
        else:
            bits.append(f"{label(option.name)} {label(option.name, value)}")
    players = full.get("players", "?")
    bits.append(say(lang, "players", n=players) if lang != "en" else f"{players} player{'' if players == 1 else 's'}")
    return ", ".join(bits)


def game_title(spec: GameSpec, lang: str = "en") -> str:
    """The game's title as its page names it in ``lang`` (the spec's own in English)."""
    from wasteland.core.page_words import words_of_game

    words = words_of_game(spec, lang) if lang != "en" else None
    return words.t("game.title") if words is not None and words.has("game.title") else spec.title


def default_text(option: Option) -> str:
    if option.default_note and option.default is not None:
        default = f"{option.default} ({option.default_note})"
    elif option.default_note:
        default = option.default_note
    elif option.default in (None, (), []):
        default = "none"
    else:
        # a yes/no option's default in the words its values are listed in ("yes or no")
        default = ("yes" if option.default else "no") if isinstance(option.default, bool) else str(option.default)
    return default
