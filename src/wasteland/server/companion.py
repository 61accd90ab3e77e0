"""The companion's HTTP routes (``wasteland companion``; the phone page is web/companion.html).

    GET  /api/companion                       the lobby: this browser's sessions, latest first
    POST /api/companion                       {game, config, seed?, name?} -> a new session
    GET  /api/companion-code/{code}           the session a short join code names
    GET  /api/companion/{id}?lang=LANG        the session: view, decision, log with rules
    POST /api/companion/{id}/join             this browser holds the session too (its lobby lists it)
    GET  /api/companion/{id}/qr.svg           the session's link as a QR code, for other phones
    GET  /api/companion/{id}/ws?lang=LANG     a phone watching the session (companion_live)
    POST /api/companion/{id}/steps            {step, index, client?, seq?}: an action, "decide" or "edit ..."
    POST /api/companion/{id}/undo             {index, step? | to?}: take back a step, or go back to a line
    GET  /api/companion/{id}/record           the session as a game record (JSON Lines)
    GET  /api/companion/{id}/scenario         the position as the game's scenario file
    GET  /api/companion/{id}/replay?step=N&seat=S   one step of the session, as the replay page
                                              shows a finished game's (the same answer)

``index`` is the number of steps the page has seen: a step sent from a stale page is
refused (409) rather than applied to a position the table did not look at. Every refusal
is one JSON error naming the rule or field and changes nothing, in memory or on disk.

A session's id is its secret: 128 random bits, in its link and QR code; whoever has it
plays the session. A browser names itself by its owner key (the ``x-companion-owner``
header, kept in its storage; stored hashed): the lobby lists only the sessions that key
made or joined, never another's ids or seeds.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import re
import secrets
import time
import weakref
from typing import Any

import segno
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from wasteland.core.protocol import RuleError
from wasteland.core.registry import registered_games

from .companion_edit import EditError
from .companion_live import Watchers, push_changes, serve_socket
from .companion_session import Session, Step, seat_label
from .companion_store import CompanionStore, SessionRow
from .errors import ApiError, bad_request
from .events import action_fields
from .store import Stale, StoreError
from .tuned import request_params, with_params

log = logging.getLogger("wasteland.server")

LANGS = ("en", "ru", "uk")
MAX_SESSIONS = 200  # sessions kept in memory; the others are rebuilt from the database when opened
# A join code is read aloud and typed on a phone's number pad, the same in every language:
# 8 digits, 10^8 codes (it names the session, whose id is the secret; rate limits bound guessing).
CODE_LETTERS = "0123456789"
CODE_LENGTH = 8
OWNER_HEADER = "x-companion-owner"
_KEY = re.compile(r"[A-Za-z0-9_-]{16,128}")


class Companion:
    """The sessions of this server: an in-memory cache over the database, one lock each.

    Any node may change any session: a cached copy is used only while its sequence number is
    the database's (checked before every use, and again under the row's lock when a change
    is written, see companion_store). Every change of a session, made here or on another
    node, is announced (``notify``, kind ``c``) and passed to the callbacks of
    :meth:`on_change`, the hook for pushing a session live to every phone that shows it."""

    def __init__(self, store: Any, notices: Any = None) -> None:
        self.rows = CompanionStore(store)
        self.sessions: dict[str, Session] = {}
        # A session's lock lives while someone holds or waits on it: ids that name no
        # session (or sessions long quiet) leave nothing behind.
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.watchers = Watchers()
        self.listeners: list[Any] = []
        if notices is not None:
            # The sessions cached here, and those a phone here shows (-1: look at them).
            notices.subscribe("c", self.changed, lambda: {**{i: -1 for i in self.watchers.by_session},
                                                          **{i: s.seq for i, s in self.sessions.items()}})
        push_changes(self)

    def on_change(self, callback: Any) -> None:
        """``callback(session_id, seq)`` after every change of a session, made on this node
        or any other (``seq`` None: it may have changed while the announcements were lost;
        look). It runs on the event loop and must not block; it may be told of one ``seq``
        twice (here, and by the announcement's echo): push when ``seq`` is more than what
        was pushed. Read the session with :meth:`get`, which reloads a copy older than the
        database's."""
        self.listeners.append(callback)

    def changed(self, session_id: str, seq: int | None, detail: str = "") -> None:
        """A change announced by the database (``notify``)."""
        cached = self.sessions.get(session_id)
        if cached is not None and seq is not None and seq <= cached.seq:
            return  # this node's own change, already told
        if cached is not None:
            self.sessions.pop(session_id, None)  # the next get() rebuilds it from the database
        self._tell(session_id, seq)

    def _tell(self, session_id: str, seq: int | None) -> None:
        for callback in self.listeners:
            try:
                callback(session_id, seq)
            except Exception:  # one listener's fault must not undo a committed step
                log.exception("a companion listener failed on session %s", session_id,
                              extra={"session_id": session_id})

    def lock(self, session_id: str) -> asyncio.Lock:
        found = self.locks.get(session_id)
        if found is None:
            found = self.locks[session_id] = asyncio.Lock()
        return found

    async def create(self, body: dict[str, Any], owner: str | None = None) -> Session:
        games = registered_games()
        name = body.get("game")
        if not isinstance(name, str) or name not in games:
            raise ApiError(400, "unknown_game", f"'game' must be one of {', '.join(games)}, not {name!r}")
        spec = games[name]
        config = body.get("config", {})
        if not isinstance(config, dict):
            raise bad_request("'config' must be an object of game options", field="config")
        config = with_params(dict(config), request_params(body, spec, config))  # kept with the session
        try:
            config = spec.validate(config)
        except RuleError as exc:
            raise ApiError(400, "bad_config", exc.message, exc.rule) from None
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise bad_request("'seed' must be a whole number from 0 to 2^63-1", field="seed")
        title = body.get("name", "")
        if not isinstance(title, str) or len(title) > 60:
            raise bad_request("'name' must be a text of at most 60 characters", field="name")
        try:
            session = await asyncio.to_thread(Session, spec, secrets.token_urlsafe(16), config, seed, title.strip())
        except RuleError as exc:
            raise ApiError(400, "bad_config", exc.message, exc.rule) from None
        row = SessionRow(session.id, spec.name, session.game.rules_version, config, seed, session.name, 0,
                         session.created_at, session.updated_at)
        session.code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        await self.rows.create(row, owner, session.code)
        self._keep(session)
        return session

    def _keep(self, session: Session) -> None:
        self.sessions[session.id] = session
        while len(self.sessions) > MAX_SESSIONS:
            oldest = min(self.sessions.values(), key=lambda s: s.updated_at)
            del self.sessions[oldest.id]

    async def get(self, session_id: str) -> Session:
        found = self.sessions.get(session_id)
        # Another node may have changed the session since: the database is the truth, the
        # cache only saves the replay. Its sequence number, not its number of steps: an undo
        # and a new step there leave as many steps as the copy here has, and other ones.
        if found is not None and await self.rows.seq(session_id) == found.seq:
            return found
        self.sessions.pop(session_id, None)
        loaded = await self.rows.load(session_id)
        if loaded is None:
            raise ApiError(404, "unknown_session", f"no companion session {session_id!r}", field="session_id")
        row, steps = loaded
        spec = registered_games().get(row.game)
        if spec is None:
            raise ApiError(409, "unknown_game", f"session {session_id} is of {row.game!r}, not installed here")
        if spec.engine.rules_version != row.rules_version:
            raise ApiError(409, "rules_version", f"session {session_id} was played under rules "
                           f"{row.rules_version}, this server plays {spec.engine.rules_version}")

        code = await self.rows.code_of(session_id) or ""

        def rebuild() -> Session:
            session = Session(spec, row.id, row.config, row.seed, row.name, row.created_at)
            session.code = code
            session.replay(steps)
            session.updated_at = row.updated_at
            session.seq = row.seq
            return session

        try:
            session = await asyncio.to_thread(rebuild)
        except RuleError as exc:
            raise refusal(409, "does_not_replay", exc) from None
        self._keep(session)
        return session

    async def step(self, session_id: str, body: dict[str, Any]) -> tuple[Session, list[dict[str, Any]]]:
        async with self.lock(session_id):
            session = await self.get(session_id)
            tap = _tap_of(body)
            if tap is not None:  # a tap sent again after a dropped connection: played once only
                made = await self.rows.tap_played(session.id, *tap)
                if made is not None:
                    raise ApiError(409, "duplicate", f"tap {tap[1]} of this phone was played already "
                                   f"(step {made + 1})", field="seq")
            _check_index(session, body)
            text = body.get("step")
            if not isinstance(text, str):
                raise bad_request("'step' must be a text: an action of the game, 'decide' or 'edit ...'", field="step")
            try:
                step = session.resolve(text)
                events = session.play(step)
            except RuleError as exc:
                raise refusal(422, "illegal", exc) from None
            try:
                session.seq = await self.rows.append(session.id, len(session.steps) - 1, step, session.seq, tap)
            except StoreError:
                session.replay(session.steps[:-1])  # not on disk: not played
                raise
            except Exception:  # another node changed the session first (Stale)
                self.sessions.pop(session.id, None)
                raise ApiError(409, "stale", "another page played a step first; reload the session") from None
            self._tell(session.id, session.seq)
            return session, events

    async def undo(self, session_id: str, body: dict[str, Any]) -> tuple[Session, Step]:
        """Take back one step (``step``, default the last; the later ones replay after it),
        or go back to a line of the log (``to``: the number of steps kept)."""
        async with self.lock(session_id):
            session = await self.get(session_id)
            _check_index(session, body)
            back = "to" in body
            which = body.get("to") if back else body.get("step", len(session.steps) - 1)
            if not isinstance(which, int) or isinstance(which, bool):
                name = "to" if back else "step"
                raise bad_request(f"'{name}' must be the number of the step to undo (0-based)"
                                  if not back else "'to' must be the number of steps to keep", field=name)
            before = list(session.steps)
            try:
                kept = session.back_to(which) if back else session.without(which)
                await asyncio.to_thread(session.replay, kept)
            except RuleError as exc:
                raise refusal(409, "cannot_undo", exc) from None
            try:
                session.seq = await self.rows.replace_from(session.id, which, kept, time.time(), session.seq)
            except Stale:
                self.sessions.pop(session.id, None)
                raise ApiError(409, "stale", "another page changed the session first; reload it") from None
            except Exception:
                session.replay(before)
                raise
            session.updated_at = time.time()
            self._tell(session.id, session.seq)
            return session, before[which]


def refusal(status: int, code: str, exc: RuleError) -> ApiError:
    """The API's error for a refused step: the rule it breaks (``rule``, the rulebook's
    anchor; 422 ``illegal`` for a step, as for a game room's action), or, for a step of the
    wrong form, the ``field`` that is wrong (400 ``bad_edit`` for a correction, ``bad_step``
    otherwise; never an anchor that no rulebook has)."""
    if isinstance(exc, EditError):
        if status == 409:
            return ApiError(status, code, exc.message, None, exc.field)
        kind = "bad_step" if exc.field == "step" else "bad_edit"
        return ApiError(400, kind, exc.message, None, exc.field)
    return ApiError(status, code, exc.message, exc.rule or None)


def _tap_of(body: dict[str, Any]) -> tuple[str, int] | None:
    """The phone's key and the number of its tap (``client``, ``seq``), when it sent them."""
    client, seq = body.get("client"), body.get("seq")
    if client is None and seq is None:
        return None
    if not isinstance(client, str) or not _KEY.fullmatch(client):
        raise bad_request("'client' must be the phone's key: 16 to 128 letters, digits, '-' or '_'", field="client")
    if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq < 2**53:
        raise bad_request("'seq' must be the number of the phone's tap, a whole number from 0", field="seq")
    return client, seq


def owner_of(request: Request | WebSocket, required: bool = False) -> str | None:
    """The browser's owner key (header ``x-companion-owner``), hashed: the database never
    holds the key itself. None where the browser sent none (and none is required)."""
    raw = request.headers.get(OWNER_HEADER)
    if raw is None and not required:
        return None
    if raw is None or not _KEY.fullmatch(raw):
        raise bad_request(f"the '{OWNER_HEADER}' header must be this browser's key: 16 to 128 letters, "
                          "digits, '-' or '_'", field=OWNER_HEADER)
    return hashlib.sha256(raw.encode()).hexdigest()


def join_url(request: Request, session_id: str) -> str:
    """The session's link, as the phone that asks for the QR code reached this server."""
    scheme = "https" if request.headers.get("x-forwarded-proto") == "https" else request.url.scheme
    host = request.headers.get("host") or request.url.netloc
    return f"{scheme}://{host}/companion.html#/s/{session_id}"


def _check_index(session: Session, body: dict[str, Any]) -> None:
    index = body.get("index")
    if index is None:
        return
    if not isinstance(index, int) or isinstance(index, bool):
        raise bad_request("'index' must be the number of steps the page has seen", field="index")
    if index != len(session.steps):
        raise ApiError(409, "stale", f"the session has {len(session.steps)} steps, the page saw {index}; "
                       "reload it", field="index")


def replay_step(session: Session, step: str | None, seat: str | None, lang: str = "en") -> dict[str, Any]:
    """Step ``step`` of the session (default: the last) in the shape of a finished game's
    replay (``GET /api/games/{id}/replay``), so the browser's replay page shows a table's
    session with its chance answers and corrections: the view after the step for ``seat``
    (none: a spectator's), the step and who gave it, its events."""
    total = len(session.steps)
    number = total if step in (None, "") else _whole(step, "step", total)
    who = None if seat in (None, "") else _whole(seat, "seat", session.game.seats(session.state) - 1)
    state = session.state if number == total else session.played[number].before
    played = session.played[number - 1] if number else None
    events = session.setup_events if played is None else played.events
    shown = [e if e.get("type") == "correction" else {**session.game.event_view(e, who), "text": e["text"]}
             for e in events]
    header = session.record_lines()[0]
    given = session.steps[number - 1] if number else None
    chosen = given is not None and given.source == "policy" and bool(given.note)
    action = session.game.action_view(given.notation, events, who) if given else None
    return {
        "game_id": session.id, "companion": True,
        "record": {**header, "actions": [s.notation for s in session.steps],
                   "policies": {str(i): s.note for i, s in enumerate(session.steps) if s.source == "policy" and s.note}},
        # "decide for us" chose the step: the policy's rule that chose it, and its words
        "source": given.source if given else None, "policy": given.note if chosen else None,
        "policy_text": session.policy_text(given.note, lang) if chosen else None,
        "steps": total, "step": number, "seat": who,
        "action": action,
        "action_fields": action_fields(session.game, action),
        "action_seat": played.seat if played else None,
        "action_label": seat_label(played.seat) if played else None,
        "events": shown, "view": session.game.view(state, who),
    }


def _whole(raw: str, name: str, high: int) -> int:
    # the digits 0-9 only, and no more of them than the bound has (int() refuses a text
    # of over 4300 digits; '٣' would be read as 3)
    if not (raw.isascii() and raw.isdigit()) or len(raw.lstrip("0")) > len(str(high)) or int(raw) > high:
        raise bad_request(f"'{name}' must be a whole number from 0 to {high}", name)
    return int(raw)


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    if lang not in LANGS:
        raise bad_request(f"'lang' must be one of {', '.join(LANGS)}", field="lang")
    return lang


def companion_of(request: Request) -> Companion:
    state = request.app.state
    found = getattr(state, "companion", None)
    if found is None or found.rows.store is not state.hub.store:
        found = state.companion = Companion(state.hub.store, state.hub.notices)
    return found


def routes(api: Any, json_response: Any, read_json: Any) -> list[Route]:
    """The routes, wrapped by the server's own error handling (``app.api``)."""

    @api
    async def lobby(request: Request) -> Response:
        owner = owner_of(request)
        rows = [] if owner is None else await companion_of(request).rows.list(owner)
        return json_response({"sessions": [r.to_json() for r in rows]})

    @api
    async def create(request: Request) -> Response:
        lang = _lang(request)  # before anything is stored: a refusal stores nothing
        owner = owner_of(request)
        session = await companion_of(request).create(await read_json(request), owner)
        return json_response(session.snapshot(lang), 201)

    @api
    async def by_code(request: Request) -> Response:
        code = request.path_params["code"].replace(" ", "")
        found = await companion_of(request).rows.by_code(code) if re.fullmatch(r"[0-9]{1,12}", code) else None
        if found is None:
            raise ApiError(404, "unknown_code", f"no companion session has the code {code[:12]!r}", field="code")
        return json_response({"id": found})

    @api
    async def join(request: Request) -> Response:
        owner = owner_of(request, required=True)
        companion = companion_of(request)
        session = await companion.get(request.path_params["session_id"])
        await companion.rows.join(session.id, owner)
        return json_response({"id": session.id, "code": session.code})

    @api
    async def qr(request: Request) -> Response:
        session = await companion_of(request).get(request.path_params["session_id"])
        out = io.BytesIO()
        segno.make(join_url(request, session.id), error="m").save(
            out, kind="svg", scale=6, border=2, xmldecl=False, svgns=True, title=f"QR: {session.code}")
        return Response(out.getvalue(), media_type="image/svg+xml", headers={"cache-control": "no-store"})

    async def socket(ws: WebSocket) -> None:
        companion = companion_of(ws)
        await serve_socket(ws, companion, companion.watchers)

    @api
    async def show(request: Request) -> Response:
        lang = _lang(request)
        session = await companion_of(request).get(request.path_params["session_id"])
        return json_response(session.snapshot(lang))

    @api
    async def step(request: Request) -> Response:
        lang = _lang(request)
        companion = companion_of(request)
        body = await read_json(request)
        session, events = await companion.step(request.path_params["session_id"], body)
        companion.watchers.publish(session, {"events": events, "by": body.get("client")})
        return json_response({**session.snapshot(lang), "events": events})

    @api
    async def undo(request: Request) -> Response:
        lang = _lang(request)
        companion = companion_of(request)
        body = await read_json(request)
        session, undone = await companion.undo(request.path_params["session_id"], body)
        companion.watchers.publish(session, {"events": [], "by": body.get("client"), "undone": undone.notation})
        return json_response({**session.snapshot(lang), "undone": undone.notation})

    @api
    async def record(request: Request) -> Response:
        session = await companion_of(request).get(request.path_params["session_id"])
        text = "\n".join(json.dumps(line, sort_keys=True) for line in session.record_lines()) + "\n"
        name = f"{session.spec.name}-companion-{session.id}.jsonl"
        return Response(text, media_type="application/x-ndjson",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    @api
    async def replay(request: Request) -> Response:
        session = await companion_of(request).get(request.path_params["session_id"])
        return json_response(replay_step(session, request.query_params.get("step"), request.query_params.get("seat"),
                                         _lang(request)))

    @api
    async def scenario(request: Request) -> Response:
        session = await companion_of(request).get(request.path_params["session_id"])
        try:
            text = session.scenario_text()
        except RuleError as exc:
            raise refusal(409, "no_scenario", exc) from None
        name = f"{session.spec.name}-companion-{session.id}.toml"
        return Response(text, media_type="application/toml",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    return [
        Route("/api/companion", lobby, methods=["GET"]),
        Route("/api/companion", create, methods=["POST"]),
        Route("/api/companion-code/{code}", by_code, methods=["GET"]),
        Route("/api/companion/{session_id}", show, methods=["GET"]),
        Route("/api/companion/{session_id}/join", join, methods=["POST"]),
        Route("/api/companion/{session_id}/qr.svg", qr, methods=["GET"]),
        WebSocketRoute("/api/companion/{session_id}/ws", socket),
        Route("/api/companion/{session_id}/steps", step, methods=["POST"]),
        Route("/api/companion/{session_id}/undo", undo, methods=["POST"]),
        Route("/api/companion/{session_id}/record", record, methods=["GET"]),
        Route("/api/companion/{session_id}/replay", replay, methods=["GET"]),
        Route("/api/companion/{session_id}/scenario", scenario, methods=["GET"]),
    ]
