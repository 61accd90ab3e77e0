"""``GET /api/games/{game}/rules/{lang}``: a game's rules reference in one language, for
the page's rule popovers (web/js/rules.js) and anyone else: every anchor of the game with
its title and text in our own words (``wasteland.core.rules_reference``). The game is named
as in ``GET /api`` (``games``); an unknown game or language is one JSON error."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from wasteland.core import rules_reference
from wasteland.core.registry import registered_games

from .errors import ApiError

PATH = "/api/games/{game}/rules/{lang}"


def rules_of(name: str, lang: str) -> dict[str, Any]:
    games = registered_games()
    spec = games.get(name)
    if spec is None:
        raise ApiError(404, "unknown_game", f"unknown game {name!r}; known games: {', '.join(games)}")
    if lang not in rules_reference.LANGUAGES:
        raise ApiError(400, "unknown_language", f"language {lang!r}: the rules are in "
                       f"{', '.join(rules_reference.LANGUAGES)}")
    return {"game": spec.name, "lang": lang, "anchor_prefix": spec.anchor_prefix,
            "rules": rules_reference.to_json(spec, lang)}


def routes(api: Any, json_response: Any) -> list[Route]:
    @api
    async def game_rules(request: Request) -> Response:
        answer = rules_of(request.path_params["game"], request.path_params["lang"])
        return Response(json_response(answer).body, media_type="application/json",
                        headers={"Cache-Control": "max-age=3600"})

    return [Route(PATH, game_rules, methods=["GET"])]
