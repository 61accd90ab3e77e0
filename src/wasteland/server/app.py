"""The ASGI application: HTTP routes, the WebSocket, the page. The API is in API.md."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from wasteland.core.registry import registered_games

from .bots import BotPool
from .browser import SecurityHeaders, configured_origins, origin_allowed
from .card_texts import texts_answer
from .companion import routes as companion_routes
from .health import routes as health_routes
from .reports import routes as reports_routes
from .rules import routes as rules_routes
from .games import game_mounts, lobby_spec
from .errors import MAX_MESSAGE, ApiError, bad_request
from .hub import Hub
from .parse import parse_object
from .quota import CreationQuota, TooMany
from .rooms import Client, Room, dumps
from .store import StoreError, open_store

log = logging.getLogger("wasteland.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

#: The cyclic garbage collector while the server runs. A game state is some sixty lists of
#: a hundred-odd numbers each, and every action makes a new one; with Python's defaults
#: (700, 10, 10) the young collections ran every couple of actions and a full pass over
#: every game in memory (100-300 ms, the whole server paused) about once a second under
#: load. Now the young generation is collected every 20 000 allocations, the middle one
#: every 20 of those, and full passes are never automatic: the sweeper runs one a minute
#: (``Hub.sweep_forever``), which is what collects the little cyclic garbage that gets old.
GC_THRESHOLDS = (20_000, 20, 1_000_000_000)


def json_response(obj: Any, status: int = 200) -> Response:
    return Response(dumps(obj), status_code=status, media_type="application/json")


def error_response(exc: ApiError) -> Response:
    response = json_response(exc.to_json(), exc.status)
    if isinstance(exc, TooMany):
        response.headers["retry-after"] = str(exc.retry_after)
    return response


#: the answer while the database cannot be reached (the request changed nothing).
UNAVAILABLE = ApiError(503, "unavailable", "the database is unavailable; nothing was changed, try again shortly")

Handler = Callable[[Request], Awaitable[Response]]


def api(handler: Handler) -> Handler:
    """Every route answers an error as JSON ``{"error", "rule", "code", "status"}``."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except ApiError as exc:
            return error_response(exc)
        except ClientDisconnect:  # the client went (or was closed for being slow) mid-body: its loss, not ours
            log.info("client left during its request body on %s %s", request.method, request.url.path)
            return error_response(ApiError(400, "bad_request", "the request body did not arrive", field="body"))
        except StoreError as exc:
            log.error("database unavailable on %s %s: %s", request.method, request.url.path, exc)
            return error_response(UNAVAILABLE)
        except Exception:
            log.exception("internal error on %s %s", request.method, request.url.path)
            return error_response(ApiError(500, "internal", "internal server error; nothing was changed"))

    return wrapped


#: WebSocket close codes besides the standard ones (API.md, Close codes)
CLOSE_BEHIND = 4408  # the client fell behind: too many messages waiting for it
CLOSE_RECONNECT = 4503  # the server lost track of the game (or the database): reconnect
CLOSE_ORIGIN = 4403  # a page of another site


async def read_json(request: Request, empty_ok: bool = False) -> dict[str, Any]:
    """The request's JSON object. Only ``Content-Type: application/json`` is read: a page of
    another site can send a ``text/plain`` or form body from a visitor's browser without
    asking, but a JSON one only after a CORS preflight this server never grants. An empty
    body where the route needs none may come without a type, from no other site's page."""
    kind = request.headers.get("content-type")
    if (kind or "").split(";")[0].strip().lower() != "application/json":
        if not (empty_ok and kind is None and origin_allowed(request.headers, request.app.state.origins)
                and not (await _body(request)).strip()):
            raise ApiError(415, "unsupported_media_type", "send the request body as JSON, with "
                           f"'Content-Type: application/json' (not {(kind or 'none')[:60]!r})", field="content-type")
    body = await _body(request)
    if not body.strip() and empty_ok:
        return {}
    return parse_object(body)


async def _body(request: Request) -> bytes:
    """The request's body, at most MAX_MESSAGE bytes (read once: starlette keeps it)."""
    cached = getattr(request, "_body", None)
    if cached is not None:
        return cached
    length = request.headers.get("content-length")
    if length is not None and length.isdecimal() and int(length) > MAX_MESSAGE:
        raise ApiError(413, "too_large", f"request body over {MAX_MESSAGE} bytes", field="body")
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_MESSAGE:
            raise ApiError(413, "too_large", f"request body over {MAX_MESSAGE} bytes", field="body")
        chunks.append(chunk)
    request._body = b"".join(chunks)
    return request._body


def request_token(request: Request) -> str | None:
    auth = request.headers.get("authorization")
    if auth:
        scheme, _, value = auth.partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise ApiError(401, "unknown_token", "Authorization must be 'Bearer TOKEN'", field="authorization")
        return value.strip()
    return request.query_params.get("token")


def hub_of(request: Request | WebSocket) -> Hub:
    return request.app.state.hub


async def room_and_seat(request: Request, need_seat: bool) -> tuple[Room, int | None]:
    room = await hub_of(request).room(request.path_params["game_id"])
    seat = await room.seat_of(request_token(request))
    if need_seat and seat is None:
        raise ApiError(401, "unknown_token", "this request needs your seat's token (Authorization: Bearer TOKEN)",
                       field="authorization")
    return room, seat


# -- HTTP routes ------------------------------------------------------------------------


@api
async def info(request: Request) -> Response:
    hub = hub_of(request)
    specs = registered_games()
    return json_response({"server": "wasteland", "api": 1, "games": list(specs),
                          "specs": [lobby_spec(s) for s in specs.values()], "bots": hub.bot_names,
                          "max_message": MAX_MESSAGE, "database": hub.store.kind,
                          "companion": request.app.state.companion_enabled,
                          "reports": request.app.state.reports_enabled})


@api
async def component_texts(request: Request) -> Response:
    return json_response(texts_answer(request.path_params["game"], request.path_params["lang"]))


@api
async def list_games(request: Request) -> Response:
    status = request.query_params.get("status", "active")
    return json_response({"games": await hub_of(request).lobby(status)})


def limited(handler: Handler, what: str) -> Handler:
    """A creation route, within the client's quota (quota.py): refused 429 when it is spent,
    counted when the creation succeeds."""

    async def wrapped(request: Request) -> Response:
        quota: CreationQuota = request.app.state.quota
        client = request.client.host if request.client else ""
        try:
            quota.check(client, what)
        except TooMany as exc:
            return error_response(exc)
        response = await handler(request)
        if response.status_code == 201:
            quota.take(client)
        return response

    return wrapped


@api
async def create_game(request: Request) -> Response:
    body = await read_json(request)
    room, seat, token = await hub_of(request).create(body)
    out = {"game": room.summary(), "seat": seat, "token": token, "state": room.snapshot(seat)}
    return json_response(out, 201)


@api
async def get_game(request: Request) -> Response:
    room, seat = await room_and_seat(request, need_seat=False)
    return json_response({"game": room.summary(), "state": room.snapshot(seat)})


@api
async def join_game(request: Request) -> Response:
    body = await read_json(request, empty_ok=True)
    room = await hub_of(request).room(request.path_params["game_id"])
    seat, token = await room.join(body.get("seat"), body.get("name"))
    return json_response({"game": room.summary(), "seat": seat, "token": token, "state": room.snapshot(seat)})


@api
async def leave_game(request: Request) -> Response:
    body = await read_json(request, empty_ok=True)
    room, seat = await room_and_seat(request, need_seat=True)
    await room.leave(seat, body.get("bot"))
    return json_response({"game": room.summary(), "left": seat})


@api
async def play_action(request: Request) -> Response:
    body = await read_json(request)
    room, seat = await room_and_seat(request, need_seat=True)
    return json_response(await room.act(seat, body.get("action"), body.get("index"), policy=body.get("policy", False)))


@api
async def undo_action(request: Request) -> Response:
    body = await read_json(request)
    room, seat = await room_and_seat(request, need_seat=True)
    return json_response(await room.undo(seat, body.get("index")))


def _int_param(request: Request, name: str) -> int | None:
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    # the digits 0-9 and nothing else: int() would also read ' 3', '+3', '1_0' and '٣', and
    # refuse a text of over 4300 digits with an error of its own (the route bounds the number)
    if not (value.isascii() and value.isdigit()) or len(value) > 18:
        raise bad_request(f"'{name}' must be a whole number from 0 (the digits 0-9), not {value[:20]!r}", name)
    return int(value)


@api
async def game_log(request: Request) -> Response:
    """The game's whole log as the token's seat may see it (no token: a spectator's)."""
    room, seat = await room_and_seat(request, need_seat=False)
    return json_response(await hub_of(request).log(room, seat))


@api
async def replay(request: Request) -> Response:
    room, own = await room_and_seat(request, need_seat=False)
    out = await hub_of(request).replay(room, _int_param(request, "step"), _int_param(request, "seat"), own)
    return json_response(out)


@api
async def record(request: Request) -> Response:
    room = await hub_of(request).room(request.path_params["game_id"])
    if not room.over:
        raise ApiError(409, "not_over", "the record of a game is published when it is over")
    row = room.row
    header = {"format": "wasteland-record/1", "game": row.game, "rules_version": row.rules_version,
              "config": row.config, "seed": row.seed}
    if row.config.get("params"):  # the game's tuned numbers (its config names them too)
        header["params"] = row.config["params"]
    lines = [json.dumps(header, sort_keys=True)] + [json.dumps(a) for a in room.actions]
    return Response("\n".join(lines) + "\n", media_type="application/x-ndjson",
                    headers={"content-disposition": f'attachment; filename="{row.game}-{row.id}.jsonl"'})


@api
async def no_such_route(request: Request) -> Response:
    raise ApiError(404, "not_found", f"no API route {request.method} {request.url.path}")


@api
async def companion_off(request: Request) -> Response:
    raise ApiError(404, "companion_off", "the companion is not enabled on this server "
                   "(start it with 'wasteland serve --companion', or use 'wasteland companion')")


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return json_response({"error": exc.detail, "rule": None, "code": "http", "status": exc.status_code},
                         exc.status_code)


# -- WebSocket --------------------------------------------------------------------------


async def game_socket(ws: WebSocket) -> None:
    await ws.accept()
    if not origin_allowed(ws.headers, ws.app.state.origins):
        error = ApiError(403, "bad_origin", "this game's WebSocket is for this site's pages: the page's origin "
                         f"{ws.headers.get('origin', '')[:80]!r} is not allowed", field="origin")
        await ws.send_text(dumps({"type": "error", **error.to_json(), "ref": None}))
        await ws.close(code=CLOSE_ORIGIN)
        return
    hub = hub_of(ws)
    if hub.draining:  # SIGTERM: the balancer sends the client to another node
        await ws.close(code=RECONNECT)
        return
    hub.metrics.sockets.inc()
    try:
        await _game_socket(ws, hub)
    finally:
        hub.metrics.sockets.dec()


#: the close code of a node that stops (drain, SIGTERM): reconnect, through the balancer
RECONNECT = 1012


async def _game_socket(ws: WebSocket, hub: Hub) -> None:
    try:
        try:
            room = await hub.room(ws.path_params["game_id"], follow=True)
        except StoreError as exc:
            log.error("database unavailable on a WebSocket connect: %s", exc)
            raise UNAVAILABLE from None
        seat = await room.seat_of(ws.query_params.get("token"))
    except ApiError as exc:
        await ws.send_text(dumps({"type": "error", **exc.to_json(), "ref": None}))
        await ws.close(code=4000 + exc.status)
        return
    client = Client(seat)
    await room.subscribe(client)
    pump = asyncio.create_task(_pump(ws, client, room))
    try:
        while not client.closed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            await _on_message(room, client, message)
    except WebSocketDisconnect:
        pass
    finally:
        room.unsubscribe(client)
        client.close()
        with contextlib.suppress(Exception):
            await pump


async def _pump(ws: WebSocket, client: Client, room: Room) -> None:
    try:
        while True:
            text = await client.outbox.get()
            if text is None:
                break
            await ws.send_text(text)
    except Exception:
        client.closed = True
        return
    # why the server ends the connection: a client that fell behind, a game this server lost
    # track of (hub.forget: reconnect), or a normal end (the seat was given up, the server stops)
    code = CLOSE_BEHIND if client.fell_behind else CLOSE_RECONNECT if room.broken else 1000
    with contextlib.suppress(Exception):
        await ws.close(code=code)


async def _on_message(room: Room, client: Client, message: dict[str, Any]) -> None:
    ref = None
    try:
        text = message.get("text")
        if text is None:
            raise ApiError(400, "bad_json", "send JSON text messages, not binary ones", field="message")
        if len(text) > MAX_MESSAGE:
            raise ApiError(413, "too_large", f"message over {MAX_MESSAGE} bytes", field="message")
        data = parse_object(text, "the message")
        ref = data.get("ref")
        kind = data.get("type")
        if kind == "ping":
            client.send(dumps({"type": "pong", "ref": ref}))
            return
        if kind == "state":
            await room.settle()
            client.send(dumps({"type": "state", **room.snapshot(client.seat), "ref": ref}))
            return
        if kind not in ("action", "undo"):
            raise bad_request(f"unknown message type {kind!r}; send action, undo, state or ping", "type")
        if client.seat is None:
            raise ApiError(403, "spectator", "spectators cannot act: connect with your seat's token")
        if kind == "action":
            await room.act(client.seat, data.get("action"), data.get("index"), client=client, ref=ref,
                           policy=data.get("policy", False))
        else:
            await room.undo(client.seat, data.get("index"), client=client, ref=ref)
    except ApiError as exc:
        client.send(dumps({"type": "error", **exc.to_json(), "ref": ref}))
    except Exception:
        log.exception("internal error on a WebSocket message")
        client.send(dumps({"type": "error", "error": "internal server error; nothing was changed", "rule": None,
                           "code": "internal", "status": 500, "ref": ref}))


# -- the application --------------------------------------------------------------------


def create_app(db: str = "wasteland.db", bot_workers: int | None = None, web_dir: Path | None = None,
               peers: bool = False, companion: bool | None = None,
               origins: list[str] | None = None, reports: Path | None = None) -> Any:
    """The server on database ``db`` (a file name, ``sqlite:///FILE`` or ``postgresql://...``).
    ``peers``: other processes share this SQLite file (``serve --processes``): look for their
    changes (PostgreSQL announces them to every node anyway, see notify.py).
    ``companion``: serve the companion's routes (default: the environment's
    ``WASTELAND_COMPANION``, which ``wasteland serve`` sets from ``--companion``; else on).
    ``origins``: other sites whose pages may use this server (default: ``WASTELAND_ORIGINS``).
    ``reports``: a folder of simulation and tuning runs shown read-only at ``/reports/``."""
    if companion is None:
        companion = os.environ.get("WASTELAND_COMPANION", "1") != "0"

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = await open_store(db)
        bots = BotPool(bot_workers)
        bots.start()
        hub = Hub(store, bots, peers)
        app.state.hub = hub
        hub.notices.start()
        resumed = await hub.resume()
        if resumed:
            log.info("resumed %d game(s) that bots or clocks move on", resumed)
        sweeper = asyncio.create_task(hub.sweep_forever())
        driver = asyncio.create_task(hub.drive_forever())
        # What exists now (modules, game content) lives as long as the server: keep it out
        # of the cyclic collector's full passes, which otherwise pause every game.
        gc.collect()
        gc.freeze()
        thresholds = gc.get_threshold()
        gc.set_threshold(*GC_THRESHOLDS)
        try:
            yield
        finally:
            gc.set_threshold(*thresholds)
            sweeper.cancel()
            driver.cancel()
            await hub.close()
            await store.close()

    routes: list[Any] = [
        Route("/api", info, methods=["GET"]),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/texts/{game}/{lang}", component_texts, methods=["GET"]),
        Route("/api/games", limited(create_game, "games"), methods=["POST"]),
        Route("/api/games/{game_id}", get_game, methods=["GET"]),
        Route("/api/games/{game_id}/log", game_log, methods=["GET"]),
        Route("/api/games/{game_id}/join", join_game, methods=["POST"]),
        Route("/api/games/{game_id}/leave", leave_game, methods=["POST"]),
        Route("/api/games/{game_id}/actions", play_action, methods=["POST"]),
        Route("/api/games/{game_id}/undo", undo_action, methods=["POST"]),
        Route("/api/games/{game_id}/replay", replay, methods=["GET"]),
        Route("/api/games/{game_id}/record", record, methods=["GET"]),
        WebSocketRoute("/api/games/{game_id}/ws", game_socket),
        *(_companion_routes() if companion else
          [Route("/api/companion{rest:path}", companion_off, methods=["GET", "POST", "PUT", "DELETE", "PATCH"])]),
        *rules_routes(api, json_response),
        *health_routes(),
        Route("/api/{rest:path}", no_such_route, methods=["GET", "POST", "PUT", "DELETE", "PATCH"]),
    ]
    routes += game_mounts(registered_games().values())
    if reports is not None:
        routes += reports_routes(reports)
    web = web_dir or WEB_DIR
    if web.is_dir():
        routes.append(Mount("/", StaticFiles(directory=web, html=True), name="web"))
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: http_error})
    app.state.origins = configured_origins(origins)
    app.state.quota = CreationQuota()
    app.state.companion_enabled = companion
    app.state.reports_enabled = reports is not None  # the lobby links to /reports/ only then
    return SecurityHeaders(app)


def _companion_routes() -> list[Any]:
    """The companion's routes, its session creation within the client's quota."""
    out = []
    for route in companion_routes(api, json_response, read_json):
        if route.path == "/api/companion" and "POST" in (route.methods or ()):
            route = Route(route.path, limited(route.endpoint, "companion sessions"), methods=["POST"])
        out.append(route)
    return out
