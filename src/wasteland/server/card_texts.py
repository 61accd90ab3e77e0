"""``GET /api/texts/<game>/<lang>``: the words of every component of a game (its cards,
characters, tokens, unit kinds, special hexes) in one language, for the page's hover and
tap texts. The game's ``spec.card_texts`` builds them; the server knows no game."""

from __future__ import annotations

from typing import Any

from wasteland.core.registry import registered_games

from .errors import ApiError


def texts_answer(game: str, lang: str) -> dict[str, Any]:
    """``{"game", "lang", "texts": {id: {"kind", "kind_name", "name", "text"}}, "words": {key:
    phrase}}`` (``words``: phrases with ``{placeholders}`` the page composes with), or one
    error naming what is wrong (no such game, a game without texts, another language)."""
    specs = registered_games()
    spec = specs.get(game)
    if spec is None:
        raise ApiError(404, "unknown_game", f"no game {game!r}; the games are {', '.join(specs)}")
    texts = spec.component_texts
    if texts is None:
        raise ApiError(404, "no_texts", f"{spec.title} has no component texts")
    if lang not in texts.languages:
        raise ApiError(404, "unknown_language",
                       f"no {lang!r} texts for {spec.title}; the languages are {', '.join(texts.languages)}")
    return {"game": game, "lang": lang, "texts": texts.catalogue(lang), "words": texts.words(lang)}
