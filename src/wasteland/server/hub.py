"""The server's games: creating them, finding them (an in-memory cache over the store),
the lobby, resuming the games that bots or clocks drive after a restart, replays.

A node holds copies of games; any node may change any game (``rooms.py``). A change made
elsewhere is announced (``notify.py``) and the copy reads it. The bots and clocks of a game
are moved on by the node that made its last change (it held the game's lock last); if
that node goes away, any node that holds a copy takes over once the game has stood still
for :data:`TAKE_OVER_SECONDS` (two nodes doing so at once cannot both commit: the row's
sequence number lets one through). A node hears the changes of a game (its own channel,
``notify``) while a client of it is here or its bots or clocks may move on from here; a
copy it does not hear is read before it is used and dropped when unused for a while. A game
that nobody watches anywhere and whose node died goes on when someone opens it, or when a
node starts (``resume``)."""

from __future__ import annotations

import asyncio
import gc
import logging
import secrets
import time
from typing import Any

from wasteland.agents.registry import bot_names
from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_game, get_spec, registered_games
from wasteland.core.spec import GameSpec

from .bots import BotPool, all_bot_names
from .errors import ApiError, bad_request
from .events import action_fields, events_json
from .history import game_log
from .replays import ReplayCache, live_step
from .rooms import Room, dumps, rebuild, seat_teams, summary_json
from .metrics import Metrics
from .notify import Notices
from .store import GameRow, SeatRow, Store, StoreError, channel_of
from .tuned import request_params, with_params

log = logging.getLogger("wasteland.server")

#: rooms kept in memory while nobody uses them, and how long an idle room stays.
MAX_IDLE_ROOMS = 1000
IDLE_SECONDS = 600.0
MAX_TIME_BANK = 90 * 24 * 3600.0
#: how long a game a bot or a clock should move on may stand still before another node does it
TAKE_OVER_SECONDS = 3.0
#: how long a copy unused, whose changes this node does not hear, is kept
UNHEARD_SECONDS = 10.0


class Hub:
    def __init__(self, store: Store, bots: BotPool, peers: bool = False) -> None:
        self.store = store
        self.bots = bots
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future] = {}
        self.tasks: set[asyncio.Task] = set()
        self.bot_names = all_bot_names()  # every bot some installed game accepts
        self.started = time.time()
        self.closing = False
        self.draining = False  # SIGTERM: no new sockets, /readyz says no
        self.replays = ReplayCache()
        self.notices = Notices(store, peers)
        self.notices.subscribe("g", self.changed, lambda: {r.id: r.known_seq for r in self.rooms.values()})
        self.notices.subscribe("w", self.watched, dict)
        self.metrics = Metrics(self)

    def changed(self, game_id: str, seq: int | None, detail: str = "") -> None:
        """Another node changed a game (``notify``): the copy here reads what it missed."""
        room = self.rooms.get(game_id)
        if room is None or (seq is not None and seq <= room.known_seq):
            return
        if seq is not None:
            room.heard = max(room.heard, seq)
        if not room.busy():  # nobody here watches it: drop the copy, the next request reads the game
            del self.rooms[game_id]
            return
        # The next action, announced with itself, on a copy nobody is changing: taken now,
        # without a task and the lock (nothing here awaits in between).
        if seq is not None and seq == room.seq + 1 and detail and not room.behind and not room.lock.locked() \
                and not room.relaying() and room.take(seq, detail):
            return
        self.spawn(room.catch_up(seq, detail))

    def watched(self, game_id: str, until: int | None, detail: str = "") -> None:
        """Another node relays a game's updates to its spectators until ``until``: write them
        with the actions played here (``Room._preview``)."""
        room = self.rooms.get(game_id)
        if room is not None and until is not None:
            room.row.watched_until = max(room.row.watched_until, float(until))

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("reading another node's change failed: %s", task.exception())

    def acted(self, room: Room, source: str, seconds: float) -> None:
        self.metrics.acted(source, seconds)

    def bots_for(self, game: str) -> tuple[str, ...]:
        """The bots a seat of ``game`` may take: the shared ones and the game's own."""
        return bot_names(get_spec(game))

    # -- life cycle ---------------------------------------------------------------------

    async def resume(self) -> int:
        """Load every unfinished game that a bot or a clock moves on, so it goes on by itself."""
        rows = await self.store.list_games(("open", "playing"), limit=100_000, driven_only=True)
        # Their announcements listened to before they are read: another node may move them on.
        try:
            await asyncio.gather(*(self.notices.follow(channel_of("g", row.id)) for row in rows))
        except StoreError as exc:
            log.warning("the resumed games are read without their announcements: %s", exc)
        for row in rows:
            try:
                room = await self.room(row.id)
            except ApiError as exc:
                log.error("game %s cannot be resumed: %s", row.id, exc.message, extra={"game_id": row.id})
                continue
            if time.time() - row.updated_at > TAKE_OVER_SECONDS:  # else another node is moving it on
                room.schedule()
        return len(rows)

    async def drive_forever(self) -> None:
        """Take over the bots and clocks of the games whose driving node went away."""
        while True:
            await asyncio.sleep(1.0)
            if self.closing or self.draining:
                continue
            now = time.monotonic()
            # A game's announcements are listened to while a client of it is here or its
            # bots or clocks may be moved on from here.
            self.notices.keep({channel_of("g", r.id) for r in self.rooms.values()
                               if r.clients or (r.driven() and not r.over)})
            for room in list(self.rooms.values()):
                if not self.hears(room.id) and not room.driven() and not room.busy() \
                        and now - room.last_used > UNHEARD_SECONDS:
                    # a copy nobody here uses and nobody tells of changes (the node that
                    # created a game its players then joined on another): read again if asked
                    self.rooms.pop(room.id, None)
                    continue
                room.mark_watched()
                if room.driven() and not room.over and not self.hears(room.id):
                    # read here without its announcements (an HTTP request): hear them first,
                    # so that it stands still only when it does
                    self.spawn(self._hear_of(room))
                    continue
                if room.driven() and not room.driving() and not room.broken and not room.lock.locked() \
                        and now - room.changed_at > TAKE_OVER_SECONDS and not room.over:
                    room.changed_at = now
                    if room.behind:
                        self.spawn(room.take_over())
                    else:
                        room.schedule()

    async def _hear_of(self, room: Room) -> None:
        await self.follow(room.id)
        await room.catch_up()

    async def sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(60)
            self.sweep()
            gc.collect()  # the only full collection (see app.GC_THRESHOLDS)

    def sweep(self) -> None:
        now = time.monotonic()
        idle = [r for r in self.rooms.values() if not r.busy()]
        idle.sort(key=lambda r: r.last_used)
        excess = len(idle) - MAX_IDLE_ROOMS
        for number, room in enumerate(idle):
            # A finished game nobody watches goes at once (its replay reloads it): fewer
            # states in memory, shorter full collections (see app.GC_THRESHOLDS).
            if number < excess or now - room.last_used > IDLE_SECONDS or room.over:
                self.rooms.pop(room.id, None)

    def new_id(self) -> str:
        return secrets.token_urlsafe(6)

    def forget(self, room: Room) -> None:
        """Drop a room whose memory may differ from the store (a failed write): the next
        request rebuilds it from the record. Its clients are told to reconnect."""
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        room.broken = "the server lost track of this game; reconnect"
        for client in list(room.clients):
            client.send(dumps({"type": "error", "error": room.broken, "rule": None, "code": "reconnect",
                               "status": 503}))
            client.close()
        room.stop()

    async def close(self) -> None:
        self.closing = True
        await self.notices.close()
        for room in self.rooms.values():
            room.stop()
        for task in list(self.tasks):
            task.cancel()
        try:
            await asyncio.wait_for(asyncio.to_thread(self.bots.close), 10)
        except asyncio.TimeoutError:
            log.warning("a bot was still thinking at shutdown")

    # -- finding games ------------------------------------------------------------------

    def hears(self, game_id: str) -> bool:
        """The changes of the game made on other nodes are announced to this one."""
        return self.notices.hears(channel_of("g", game_id))

    async def follow(self, game_id: str) -> None:
        """Listen to the game's announcements (its clients here, or its bots, are to be
        told of every change made elsewhere at once); a 503 if they cannot be listened to."""
        try:
            await self.notices.follow(channel_of("g", game_id))
        except StoreError as exc:
            raise ApiError(503, "unavailable", f"{exc}; try again shortly") from None

    async def room(self, game_id: str, follow: bool = False) -> Room:
        """The game's copy here, current as far as this node can tell. ``follow``: listen to
        the game's announcements from now on (a client of it connects here)."""
        room = self.rooms.get(game_id)
        if room is not None:
            room.last_used = time.monotonic()
            # A copy whose announcements this node hears needs no read of the database: a
            # request that needs more reads it itself (a token the copy does not know,
            # ``Room.seat_of``; an index past the copy's, ``Room._act``), and a change
            # announced but not yet read is read now. A copy nobody announces changes to
            # (no client of the game here) is read before it is used.
            if not self.hears(game_id):
                if follow:
                    await self.follow(game_id)
                await room.catch_up()
            elif room.heard > room.known_seq:
                await room.catch_up(room.heard)
            elif room.behind:  # relayed actions are played on the copy first
                await room.settle()
            return room
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            room = await self._load(game_id)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody else waited
            raise
        finally:
            del self._loading[game_id]
        self.rooms[game_id] = room
        future.set_result(room)
        if follow and not self.hears(game_id):  # then a change made since the load is read
            await self.follow(game_id)
            await room.catch_up()
        return room

    async def _load(self, game_id: str) -> Room:
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 64:
            raise ApiError(404, "unknown_game", "no such game", field="game_id")
        stored = await self.store.load(game_id)
        if stored is None:
            raise ApiError(404, "unknown_game", f"no game {game_id!r} on this server", field="game_id")
        try:
            game = get_game(stored.row.game)
        except KeyError:
            raise ApiError(409, "broken", f"game {game_id!r} is a {stored.row.game!r} game, which this server "
                           "does not know") from None
        if stored.row.rules_version != game.rules_version:  # no migrations exist (core.record.MIGRATIONS)
            raise ApiError(409, "broken", f"game {game_id!r} was played under rules {stored.row.rules_version!r}; "
                           f"this server plays {game.rules_version!r} and cannot go on with it")
        try:
            state, actions, steps = await asyncio.to_thread(rebuild, game, stored)
        except (RuntimeError, RuleError) as exc:
            raise ApiError(409, "broken", f"game {game_id!r} cannot be rebuilt from its record: {exc}") from None
        last = stored.actions[-1].played_at if stored.actions else stored.row.created_at
        # Server downtime is not charged to anybody's clock.
        room = Room(self, stored.row, game, state, actions, steps, max(last, self.started))
        try:
            dumps(room.summary())
        except ValueError as exc:  # stored before its texts were checked (see parse.py)
            raise ApiError(409, "broken", f"game {game_id!r} holds a text that cannot be shown: {exc}") from None
        return room

    async def lobby(self, status: str) -> list[dict[str, Any]]:
        groups = {"open": ("open",), "playing": ("playing",), "over": ("over",), "active": ("open", "playing"),
                  "all": ("open", "playing", "over")}
        if status not in groups:
            raise bad_request(f"status must be one of {', '.join(groups)}, not {status!r}", "status")
        rows = await self.store.list_games(groups[status])
        out = []
        for row in rows:
            try:
                entry = self._lobby_entry(row)
                dumps(entry)  # one game that cannot be shown must not take the lobby down with it
            except Exception as exc:
                log.error("game %s left out of the lobby: %s", row.id, exc, extra={"game_id": row.id})
                continue
            out.append(entry)
        return out

    def _lobby_entry(self, row: GameRow) -> dict[str, Any]:
        room = self.rooms.get(row.id)
        if room is not None and not room.behind:
            return room.summary()
        seats = [{"seat": s.seat, "label": f"p{s.seat + 1}", "kind": s.kind, "bot": s.bot, "name": s.name,
                  "taken": s.kind == "bot" or s.token_hash is not None, "online": False, "clock": s.bank,
                  "clock_running": False} for s in row.seats]
        teams = seat_teams(get_spec(row.game), row.config)
        for s in seats:
            s["team"] = teams[s["seat"]] if teams and s["seat"] < len(teams) else None
        return summary_json(row, row.status, row.actions, seats)

    # -- creating a game ----------------------------------------------------------------

    async def create(self, body: dict[str, Any]) -> tuple[Room, int | None, str | None]:
        spec = _spec_of(body)
        game = spec.engine
        config = _config(body, spec)
        config = with_params(config, request_params(body, spec, config))  # stored with the game (tuned.py)
        try:
            config = spec.validate(config)  # each option's type and range, then the combination
        except RuleError as exc:
            raise ApiError(400, "bad_config", exc.message, exc.rule) from None
        except Exception as exc:  # a value of the wrong type the game's check did not expect
            raise ApiError(400, "bad_config", f"{spec.name}: the options are not valid: {exc}") from None
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise bad_request("'seed' must be a whole number from 0 to 2^63-1", field="seed")
        options: dict[str, Any] = {}
        title = body.get("title")
        if title is not None:
            if not isinstance(title, str) or len(title) > 80:
                raise bad_request("'title' must be a text of at most 80 characters", field="title")
            options["title"] = title
        tc = self._time_control(body.get("time_control"), spec)
        try:
            state = await asyncio.to_thread(game.new_game, config, seed)
        except RuleError as exc:
            raise ApiError(400, "bad_config", exc.message, exc.rule) from None
        count = game.seats(state)
        seats = self._seats(body.get("seats"), count, spec)
        if tc is not None:
            options["time_control"] = tc
            for seat in seats:
                seat.bank = tc["bank"]
        join = body.get("join")
        name = body.get("name")
        if name is not None and (not isinstance(name, str) or len(name) > 40):
            raise bad_request("'name' must be a text of at most 40 characters", field="name")
        if join is not None and join is not True and (not isinstance(join, int) or isinstance(join, bool)):
            raise bad_request("'join' must be true (the first free seat) or a seat number", field="join")
        if join is True and not any(s.kind == "human" for s in seats):
            raise bad_request("'join': every seat is a bot's", field="join")
        if isinstance(join, int) and join is not True and not (0 <= join < len(seats) and seats[join].kind == "human"):
            raise bad_request(f"'join': seat {join} is not a person's seat of this game", field="join")
        now = time.time()
        row = GameRow(self.new_id(), game.name, game.rules_version, config, seed, options, "open",
                      False, 0, now, now, seats)
        room = Room(self, row, game, state, [], [], now)
        row.status, row.driven = room.status(), room.driven()
        if row.driven:  # its bots or clocks move on from here: hear the changes made elsewhere
            await self.follow(row.id)
        try:
            await self.store.create_game(row)
        except Exception as exc:
            log.error("game not created: %s", exc)
            raise ApiError(503, "unavailable", "the game could not be saved; try again") from None
        self.rooms[row.id] = room
        seat = token = None
        if join is not None:
            seat, token = await room.join(None if join is True else join, name)
        room.schedule()
        return room, seat, token

    def _seats(self, entries: Any, players: int, spec: GameSpec) -> list[SeatRow]:
        if entries is None:
            return [SeatRow(seat, "human") for seat in range(players)]
        if not isinstance(entries, list) or len(entries) != players:
            raise bad_request(f"'seats' must list {players} seat(s), one per player", field="seats")
        bots = bot_names(spec)
        seats = []
        for number, entry in enumerate(entries):
            if isinstance(entry, str):  # shorthand: "human" or a bot name
                entry = {"kind": "human"} if entry == "human" else {"kind": "bot", "bot": entry}
            if not isinstance(entry, dict):
                raise bad_request(f"seat {number}: expected {{\"kind\": \"human\"}} or {{\"kind\": \"bot\", "
                                  "\"bot\": NAME}", f"seats[{number}]")
            kind = entry.get("kind", "bot" if "bot" in entry else "human")
            if kind == "human":
                seats.append(SeatRow(number, "human"))
            elif kind == "bot":
                bot = entry.get("bot", spec.default_bot)
                if bot not in bots:
                    raise bad_request(f"seat {number}: {spec.name} has no bot {bot!r}; choose one of {', '.join(bots)}",
                                      f"seats[{number}].bot")
                seats.append(SeatRow(number, "bot", bot))
            else:
                raise bad_request(f"seat {number}: kind must be 'human' or 'bot', not {kind!r}", f"seats[{number}].kind")
        return seats

    def _time_control(self, tc: Any, spec: GameSpec) -> dict[str, Any] | None:
        if tc is None:
            return None
        if not isinstance(tc, dict):
            raise bad_request("'time_control' must be {\"bank\": SECONDS, \"increment\": SECONDS, \"bot\": NAME}",
                              "time_control")
        unknown = sorted(set(tc) - {"bank", "increment", "bot"})
        if unknown:
            raise bad_request(f"unknown time_control option(s): {', '.join(unknown)}", "time_control")
        bank, increment, bot = tc.get("bank"), tc.get("increment", 0), tc.get("bot", spec.default_bot)
        for key, value in (("bank", bank), ("increment", increment)):
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= MAX_TIME_BANK:
                raise bad_request(f"time_control {key} must be a number of seconds from 0 to {MAX_TIME_BANK:.0f}",
                                  f"time_control.{key}")
        if bank <= 0:
            raise bad_request("time_control bank must be more than 0 seconds", "time_control.bank")
        bots = bot_names(spec)
        if bot not in bots:
            raise bad_request(f"time_control bot: {spec.name} has no bot {bot!r}; choose one of {', '.join(bots)}",
                              "time_control.bot")
        return {"bank": float(bank), "increment": float(increment), "bot": bot}

    # -- replay -------------------------------------------------------------------------

    async def log(self, room: Room, seat: int | None) -> dict[str, Any]:
        """The whole log of ``room``, live or over, as ``seat`` may see it (None: a spectator)."""
        async with room.lock:  # the actions and their seats of one moment, not of two
            actions = list(room.actions)
            seats = [s.seat for s in room.steps]
            sources = [s.source for s in room.steps]
        log = await asyncio.to_thread(game_log, room.game, room.row.config, room.row.seed, actions, seats, sources, seat)
        return {"game_id": room.id, "seat": seat, "index": len(actions), "log": log}

    async def replay(self, room: Room, step: Any, seat: int | None, own: int | None = None) -> dict[str, Any]:
        """Step ``step`` of the game as ``seat`` saw it. A finished game: any seat. A game
        still being played: only as the asker's own seat ``own`` saw it (by default) or as a
        spectator, and without its seed (the seed is the order of every deck still to come)."""
        live = not room.over
        total = room.index
        if step is None:
            step = total
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= total:
            raise bad_request(f"'step' must be a whole number from 0 to {total}", field="step")
        if live and seat is None:
            seat = own
        elif live and seat != own:
            raise ApiError(403, "hidden", "a game still being played is replayed only as your own seat saw it "
                           "(or as a spectator): another seat's view would show its hidden cards", field="seat")
        if seat is not None and not 0 <= seat < len(room.seats):
            raise bad_request(f"'seat' must be a seat number from 0 to {len(room.seats) - 1}", field="seat")
        row = room.row
        if live:
            actions = list(room.actions[:step])
            view, events = await asyncio.to_thread(live_step, room.game, row.config, row.seed, actions, step, seat)
            record = {"format": "wasteland-record/1", "game": row.game, "rules_version": row.rules_version,
                      "config": row.config, "live": True}
        else:
            view, events = await asyncio.to_thread(self.replays.step, room.id, room.game, row.config, row.seed,
                                                   room.actions, step, seat)
            record = {"format": "wasteland-record/1", "game": row.game, "rules_version": row.rules_version,
                      "config": row.config, "seed": row.seed, "actions": list(room.actions)}
        return {
            "game_id": room.id,
            "record": record,
            "steps": total,
            "step": step,
            "seat": seat,
            "live": live,
            "action": room.actions[step - 1] if step else None,
            "action_fields": action_fields(room.game, room.actions[step - 1]) if step else None,
            "action_seat": room.steps[step - 1].seat if step else None,
            "events": events_json(room.game, events, seat),
            "view": view,
        }


#: the fields of a create-game request that are not game options
REQUEST_FIELDS = frozenset({"game", "config", "seed", "seats", "time_control", "title", "join", "name", "params"})


def _spec_of(body: dict[str, Any]) -> GameSpec:
    """The spec of the game the request names; without a name, the first game listed (the
    registry's listing order)."""
    games = registered_games()
    name = body.get("game")
    if name is None:
        if not games:
            raise ApiError(400, "unknown_game", "this server has no game installed")
        return next(iter(games.values()))
    if not isinstance(name, str):
        raise bad_request("'game' must be a game name", field="game")
    if name not in games:
        raise ApiError(400, "unknown_game", f"unknown game {name!r}; known games: {', '.join(games)}")
    return games[name]


def _config(body: dict[str, Any], spec: GameSpec) -> dict[str, Any]:
    """The game's config: ``config`` as given, or every other field of the request (the
    game's options by name, see ``spec.options``; ``players`` defaults to the number of
    ``seats``). The game's own check (``spec.validate``) refuses what it does not know."""
    if "config" in body:
        config = body["config"]
        if not isinstance(config, dict):
            raise bad_request("'config' must be an object of game options", field="config")
        beside = sorted(k for k in body if k not in REQUEST_FIELDS)
        if beside:
            raise bad_request(f"give the options either in 'config' or beside it, not both: {', '.join(beside)}",
                              "config")
        return dict(config)
    config = {k: v for k, v in body.items() if k not in REQUEST_FIELDS and v is not None}
    if "players" not in config and isinstance(body.get("seats"), list) and spec.option("players") is not None:
        config["players"] = len(body["seats"])
    return config
