"""The words of a refused parameter set (``wasteland.core.params.ParamError``) in English,
Russian and Ukrainian: the commands that speak a language (``watch``, ``play``,
``companion --terminal``, each with ``--lang``) say the error in it. Values are written
as TOML writes them (``true``, ``"six"``, ``6.5``), since the set is a TOML file."""

from __future__ import annotations

from typing import Any

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "range": "{origin}: {name} must be a whole number from {low} to {high} ({rule}: {text}), not {value}",
        "table": "{origin}: a parameter set is a table of name = whole number",
        "unknown": "{origin}: {game} has no parameter {name} (it has {known})",
        "unreadable": "{origin}: cannot read the parameter file ({error})",
        "toml": "{origin}: not valid TOML ({error})",
        "other_game": "{origin}: the set is for {wrote}, not {game_name}",
        "pair": "{origin}: write NAME=NUMBER, not {part}",
        "none": "none",
        "error": "error",
    },
    "ru": {
        "range": "{origin}: {name} — целое число от {low} до {high} ({rule}: {text}), а не {value}",
        "table": "{origin}: набор параметров — таблица вида имя = целое число",
        "unknown": "{origin}: в игре «{game}» нет параметра {name} (есть: {known})",
        "unreadable": "{origin}: не удаётся прочитать файл параметров ({error})",
        "toml": "{origin}: некорректный TOML ({error})",
        "other_game": "{origin}: набор написан для {wrote}, а не для {game_name}",
        "pair": "{origin}: пишите ИМЯ=ЧИСЛО, а не {part}",
        "none": "нет",
        "error": "ошибка",
    },
    "uk": {
        "range": "{origin}: {name} — ціле число від {low} до {high} ({rule}: {text}), а не {value}",
        "table": "{origin}: набір параметрів — таблиця виду ім'я = ціле число",
        "unknown": "{origin}: у грі «{game}» немає параметра {name} (є: {known})",
        "unreadable": "{origin}: не вдається прочитати файл параметрів ({error})",
        "toml": "{origin}: некоректний TOML ({error})",
        "other_game": "{origin}: набір написано для {wrote}, а не для {game_name}",
        "pair": "{origin}: пишіть НАЗВА=ЧИСЛО, а не {part}",
        "none": "немає",
        "error": "помилка",
    },
}


def say(kind: str, lang: str, values: dict[str, Any]) -> str:
    """The message ``kind`` filled in ``lang`` (English where it has none)."""
    words = WORDS.get(lang, WORDS["en"])
    return words.get(kind, WORDS["en"][kind]).format(**values)
