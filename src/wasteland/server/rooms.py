"""A game being played on the server: its state in memory, its record in the store, the
clients that watch it, its bots and clocks.

Every change to a room happens under the room's lock, in this order: check the request,
compute the next state on a copy, commit the action to the store, then swap the state in
memory and push the news to every client. A request that fails any step changes nothing.

A room is one node's copy of a game that any node may change (``docs/scaling.md``). The
commit is refused (``store.Stale``) unless the game's row is still at the sequence number
the copy was built from; the room then reads what it missed (:meth:`Room.catch_up`) and
checks the request again on the fresh position. A change made on another node reaches the
room by its announcement (``notify.py``) and goes out to this node's clients in order, each
action as the ``update`` it was on the node that played it.

A node whose clients of a game are all spectators does not replay the game's actions: it
marks the game watched (``store.watch``), the node that plays an action then writes the
spectators' update beside it in the same transaction, and this node relays that text
(:meth:`Room._relay`), keeping the announced actions aside. It plays them on its copy only
when something here needs the position (:meth:`Room._settle`): a seat's action, a new
client, a seat change, an undo, a bot to move. An update that was not written (the game was
not yet marked watched when it was played) is replayed as before, so nothing is skipped.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import hashlib
import hmac
import logging
import random
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from wasteland.core.protocol import Decision, Game, RuleError

from .bots import bot_seed
from .errors import ApiError
from .events import action_fields, action_for, events_json
from .store import ActionRow, GameRow, SeatRow, Stale, StoredGame, parse_action_detail

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("wasteland.server")

#: times a change is tried again on a fresh copy when another node changed the game first
RETRIES = 3

#: messages waiting for one slow client before the server drops it (it can reconnect).
MAX_BACKLOG = 512

#: how long a node's mark that it relays a game's updates lasts (renewed while it does).
WATCH_SECONDS = 30.0

_encode = msgspec.json.Encoder().encode


def dumps(obj: Any) -> str:
    return _encode(obj).decode()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_label(seat: int | None) -> str | None:
    return None if seat is None else f"p{seat + 1}"


class Client:
    """One WebSocket connection: its seat (None = spectator) and its outbox."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.fell_behind = False  # closed for MAX_BACKLOG unsent messages (its own close code)

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= MAX_BACKLOG:
            self.fell_behind = True
            self.close()
            return
        self.outbox.put_nowait(text)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(None)


@dataclass
class Step:
    """What undo needs to know about one action of the record."""

    seat: int
    source: str  # human | bot | timeout | policy
    revealed: bool
    before: Any = None  # the state before it, kept only while an undo could still reach it


class Room:
    def __init__(self, hub: "Hub", row: GameRow, game: Game, state: Any, actions: list[str], steps: list[Step],
                 turn_started: float) -> None:
        self.hub = hub
        self.row = row
        self.id = row.id
        self.game = game
        self.state = state
        self.actions = actions
        self.steps = steps
        self.seats = row.seats
        self.turn_started = turn_started
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.last_used = time.monotonic()
        self._timer: asyncio.TimerHandle | None = None
        self._bot_task: asyncio.Task | None = None
        self._bot_index = -1
        self.broken: str | None = None
        self.changed_at = time.monotonic()  # the last change seen, here or on another node
        # Actions relayed to the clients here but not yet played on this copy: (seq, index,
        # action, bank) each, in order (see _relay and _settle).
        self._pending: list[tuple[int, int, ActionRow, float | None]] = []
        self.watch_marked = 0.0  # when this node last marked the game watched (time.time())
        self.heard = 0  # the latest sequence number announced for the game (``Hub.changed``)
        self._facts_of: Any = None
        self._facts_now: tuple[Decision | None, Any] = (None, None)

    # -- facts --------------------------------------------------------------------------

    def _facts(self) -> tuple[Decision | None, Any]:
        """The position's decision and outcome, asked of the engine once per position (a
        state is never changed in place here: every action makes a new one)."""
        if self._facts_of is not self.state:
            self._facts_of = self.state
            self._facts_now = (self.game.decision(self.state), self.game.outcome(self.state))
        return self._facts_now

    def _decision(self) -> Decision | None:
        return self._facts()[0]

    def _outcome(self) -> Any:
        return self._facts()[1]

    @property
    def index(self) -> int:
        return len(self.actions)

    @property
    def seq(self) -> int:
        return self.row.seq

    @property
    def known_seq(self) -> int:
        """The latest change this node has told its clients of (its copy may be behind it)."""
        return self._pending[-1][0] if self._pending else self.row.seq

    @property
    def behind(self) -> bool:
        """The copy's position is behind what its clients were told (relayed actions)."""
        return bool(self._pending)

    def relaying(self) -> bool:
        """Every client here is a spectator and nothing here moves the game on: its updates
        can be relayed as written by the node that plays them, without replaying them."""
        return bool(self.clients) and all(c.seat is None for c in self.clients) and not self.driving() \
            and not self.broken

    @property
    def log_extra(self) -> dict[str, Any]:
        """The fields every log line about this game carries (``logs.py``)."""
        return {"game_id": self.id}

    @property
    def over(self) -> bool:
        return self._outcome() is not None

    @property
    def time_control(self) -> dict[str, Any] | None:
        return self.row.options.get("time_control")

    def status(self) -> str:
        if self.over:
            return "over"
        if any(s.kind == "human" and s.token_hash is None for s in self.seats):
            return "open"
        return "playing"

    def driven(self) -> bool:
        return bool(self.time_control) or any(s.kind == "bot" for s in self.seats)

    def seat_for_token(self, token: str | None) -> int | None:
        """The seat a token belongs to; None without a token; an error for a wrong one."""
        if token is None:
            return None
        digest = token_hash(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise ApiError(401, "unknown_token", "this token holds no seat in this game", field="token")

    async def seat_of(self, token: str | None) -> int | None:
        """:meth:`seat_for_token`, reading the stored seats first when this copy does not
        know the token: the seat may have been taken on another node a moment ago (its
        announcement not read here yet), and its player must not be refused or taken for a
        spectator. A copy that knows the token needs no read."""
        try:
            return self.seat_for_token(token)
        except ApiError:
            if not self.hub.notices.peers:
                raise
        await self.catch_up()
        return self.seat_for_token(token)

    def can_undo(self, seat: int | None) -> bool:
        return seat is not None and self._undo_refusal(seat) is None

    def _undo_refusal(self, seat: int) -> str | None:
        if self.over:
            return "the game is over"
        if not self.steps:
            return "no action has been played yet"
        last = self.steps[-1]
        if last.seat != seat:
            return (f"the last action ('{self.actions[-1]}') was {seat_label(last.seat)}'s: you can take back only "
                    "your own actions, and only until another seat has acted")
        if last.source == "policy":
            return (f"the last action ('{self.actions[-1]}') was decided for you by the game's policy "
                    "(decide ties for me); switch it off to choose yourself next time")
        if last.source != "human":
            return f"the last action ('{self.actions[-1]}') was played by a bot for you when your time ran out"
        if last.revealed or last.before is None:
            return (f"'{self.actions[-1]}' revealed hidden information (a card, a tile or a random result): "
                    "it cannot be taken back")
        return None

    # -- what clients see ---------------------------------------------------------------

    def clock_left(self, seat: SeatRow, now: float) -> float | None:
        if seat.bank is None:
            return None
        d = self._decision()
        if d is not None and d.seat == seat.seat and self._clock_runs(seat):
            return max(0.0, seat.bank - (now - self.turn_started))
        return seat.bank

    def _clock_runs(self, seat: SeatRow) -> bool:
        return bool(self.time_control) and seat.kind == "human" and seat.token_hash is not None \
            and seat.bank is not None

    def seats_json(self) -> list[dict[str, Any]]:
        online = {c.seat for c in self.clients}
        now = time.time()
        d = self._decision()
        teams = seat_teams(self.game.spec, self.row.config, self.state)
        return [{"seat": s.seat, "label": seat_label(s.seat), "kind": s.kind, "bot": s.bot, "name": s.name,
                 "taken": s.kind == "bot" or s.token_hash is not None, "online": s.seat in online,
                 "clock": self.clock_left(s, now),
                 "clock_running": d is not None and d.seat == s.seat and self._clock_runs(s),
                 "team": teams[s.seat] if teams and s.seat < len(teams) else None}
                for s in self.seats]

    def summary(self) -> dict[str, Any]:
        return summary_json(self.row, self.status(), self.index, self.seats_json(), self._outcome())

    def decision_json(self, d: Decision | None, seat: int | None, policy: str | None = None) -> dict[str, Any] | None:
        """The decision as ``seat`` sees it; ``policy``: the key of the game's policy rule that
        would take it (``GameSpec.auto_decide``), told to the deciding seat only."""
        if d is None:
            return None
        mine = seat == d.seat
        return {"seat": d.seat, "label": seat_label(d.seat), "kind": d.kind, "prompt": d.prompt, "rule": d.rule,
                "actions": list(d.actions) if mine else [], "policy": policy if mine else None,
                "fields": (self.game.spec.action_fields(d.actions) or []) if mine else []}

    def _policy(self, d: Decision | None) -> tuple[str, str] | None:
        """What the game's documented policy would play for ``d`` (action, key), or None."""
        if d is None or self.over:
            return None
        try:
            return self.game.spec.decide_for(self.state, d)
        except Exception as exc:  # a broken policy must not break the game: the player decides
            log.error("game %s: the %s policy failed on %s (%s)", self.id, self.game.name, d.kind, exc, extra=self.log_extra)
            return None

    def _snapshot(self, seat: int | None, common: dict[str, Any] | None = None,
                  view: dict[str, Any] | None = None) -> dict[str, Any]:
        """Everything ``seat`` may know now (None: a spectator); ``view``: its view, if
        already built (``_views``)."""
        if common is None:
            common = self._common()
        return {
            **common,
            "you": seat,
            "decision": self.decision_json(common["_decision"], seat, common["_policy"]),
            "can_undo": self.can_undo(seat),
            "view": self.game.view(self.state, seat) if view is None else view,
        }

    def _views(self, seats: Any) -> dict[int | None, dict[str, Any]]:
        """The views of this position for ``seats``, built at once where the game can
        (``game.views``: what the seats share is built once), each equal to its
        ``game.view``."""
        seats = list(dict.fromkeys(seats))
        if len(seats) < 2:
            return {seat: self.game.view(self.state, seat) for seat in seats}
        return self.game.views(self.state, seats)

    def snapshot(self, seat: int | None) -> dict[str, Any]:
        out = self._snapshot(seat)
        del out["_decision"], out["_policy"]
        return out

    def _common(self) -> dict[str, Any]:
        """The part of a snapshot that is the same for every seat."""
        d = self._decision()
        policy = self._policy(d)
        return {"game_id": self.id, "index": self.index, "status": self.status(), "seats": self.seats_json(),
                "outcome": outcome_json(self._outcome()), "_decision": d,
                "_policy": policy[1] if policy else None}

    def _broadcast(self, kind: str, extra_for: Any = None, actor: Client | None = None,
                   ref: Any = None, texts: dict[int | None, str] | None = None) -> dict[int | None, dict[str, Any]]:
        """Push a message to every client, each with its own seat's view; the messages by
        seat. ``texts``: messages already encoded, by seat (the spectators' update, written
        for other nodes). The views of the seats present are built at once and each
        distinct message is encoded once."""
        texts = dict(texts or {})
        clients = list(self.clients)
        wanted = [c.seat for c in clients if c is actor or c.seat not in texts]
        if not wanted:
            for client in clients:
                client.send(texts[client.seat])
            return {}
        common = self._common()
        views = self._views(wanted)
        messages = {seat: self._message(kind, seat, common, extra_for, views[seat]) for seat in views}
        for client in clients:
            if client is actor:
                client.send(dumps({**messages[client.seat], "ref": ref}))
                continue
            text = texts.get(client.seat)
            if text is None:
                text = texts[client.seat] = dumps(messages[client.seat])
            client.send(text)
        return messages

    def _message(self, kind: str, seat: int | None, common: dict[str, Any], extra_for: Any,
                 view: dict[str, Any] | None = None) -> dict[str, Any]:
        message = {"type": kind, **self._snapshot(seat, common, view)}
        del message["_decision"], message["_policy"]
        if extra_for is not None:
            message.update(extra_for(seat))
        return message

    def broadcast_seats(self) -> None:
        text = dumps({"type": "seats", "game_id": self.id, "index": self.index, "status": self.status(),
                      "seats": self.seats_json()})
        for client in list(self.clients):
            client.send(text)

    async def subscribe(self, client: Client) -> None:
        async with self.lock:
            await self._settle()
            self.clients.add(client)
            client.send(dumps({"type": "state", **self.snapshot(client.seat)}))
            self.broadcast_seats()
            self.mark_watched()

    def mark_watched(self) -> None:
        """While this node only relays the game (``relaying``), keep it marked watched, so
        that the nodes playing its actions write the spectators' updates."""
        now = time.time()
        if not self.hub.notices.peers:  # one process alone on its database: nobody to relay from
            return
        if now - self.watch_marked > WATCH_SECONDS / 3 and self.relaying():
            self.watch_marked = now
            self.hub.spawn(self.hub.store.watch(self.id, now + WATCH_SECONDS))

    def unsubscribe(self, client: Client) -> None:
        if client in self.clients:
            self.clients.discard(client)
            self.last_used = time.monotonic()
            self.broadcast_seats()

    # -- changes ------------------------------------------------------------------------

    async def act(self, seat: int, action: Any, index: Any, source: str = "human", client: Client | None = None,
                  ref: Any = None, policy: Any = False) -> dict[str, Any]:
        """Play ``action`` for ``seat``; ``index`` is the number of actions the client had seen.
        With ``policy`` the game's documented policy (``GameSpec.auto_decide``) chooses the
        action instead ("decide ties for me"); the update names the policy's rule."""
        if policy is not False and policy is not None:
            if policy is not True:
                raise ApiError(400, "bad_request", "'policy' must be true (let the game's policy decide) or absent", field="policy")
            if action is not None:
                raise ApiError(400, "bad_request", "send either 'action' or 'policy': true, not both", field="policy")
            if not isinstance(index, int) or isinstance(index, bool):
                raise ApiError(400, "bad_request", "'index' must be the action index you acted on", field="index")
            return await asyncio.shield(self._act(seat, "", index, "policy", client, ref))
        if not isinstance(action, str) or not action.strip():
            raise ApiError(400, "bad_request", "'action' must be an action in notation, e.g. \"end\"", field="action")
        if not isinstance(index, int) or isinstance(index, bool):
            raise ApiError(400, "bad_request", "'index' must be the action index you acted on (the 'index' "
                           "of the state you saw)", field="index")
        # Shielded: once started, a change completes even if the requesting client goes away.
        return await asyncio.shield(self._act(seat, action.strip(), index, source, client, ref))

    async def _ahead(self, index: int) -> None:
        """Under the lock: a client that has seen more actions than this copy holds saw
        them on another node (its announcement is not read here yet): read them first, so
        that the request is checked against the position the client acted on."""
        if index > self.index and self.hub.notices.peers:
            await self._catch_up()

    def _check_turn(self, seat: int, index: int) -> Decision:
        if self.broken:
            raise ApiError(409, "broken", self.broken)
        d = self._decision()
        if d is None:
            raise ApiError(409, "game_over", "the game is over")
        if index != self.index:
            raise ApiError(409, "stale", f"the game has moved on: it is at action index {self.index}, your request "
                           f"was for index {index}; nothing was changed", field="index")
        if d.seat != seat:
            raise ApiError(403, "not_your_turn", f"{seat_label(d.seat)} must decide now ({d.kind}), "
                           f"not {seat_label(seat)}", d.rule or None)
        return d

    async def _act(self, seat: int, action: str, index: int, source: str, client: Client | None,
                   ref: Any) -> dict[str, Any]:
        async with self.lock:
            self.last_used = started = time.monotonic()
            await self._settle()
            await self._ahead(index)
            asked = action
            for _attempt in range(RETRIES):
                d = self._check_turn(seat, index)
                policy_key = None
                action = asked
                if source == "policy":
                    answer = self._policy(d)
                    if answer is None:
                        raise ApiError(409, "no_policy", f"{self.game.spec.title} has no policy for this decision "
                                       f"({d.kind}): choose yourself", d.rule or None)
                    action, policy_key = answer
                before = self.state
                try:
                    after, events = self.game.apply(before, action)
                except RuleError as exc:
                    raise ApiError(422, "illegal", str(exc), exc.rule) from None
                # A game that cannot tell says yes (EngineGame's default): undo is then never offered.
                revealed = bool(self.game.reveals_hidden(before, after))
                now = time.time()
                seat_row = self.seats[seat]
                bank = None
                if self._clock_runs(seat_row):
                    if source == "timeout":
                        bank = 0.0
                    else:
                        spent = now - self.turn_started
                        bank = max(0.0, seat_row.bank - spent) + float(self.time_control.get("increment", 0))
                status = "over" if self.game.outcome(after) is not None else self.status()
                extra = self._update_extra(action, index, seat, source, events, policy_key)
                # Another node relays the spectators' update: write it with the action.
                view = self._preview(after, action, seat, source, revealed, now, bank, status, extra) \
                    if self.row.watched_until > now else None
                try:
                    seq, self.row.watched_until = await self.hub.store.commit_action(
                        self.id, index, ActionRow(action, seat, source, now), status, bank, self.seq, view)
                except Stale:  # another node changed the game: read it, then check again
                    self.hub.metrics.refused.inc()
                    await self._catch_up()
                    continue
                except Exception as exc:
                    log.error("game %s: action %d not saved: %s", self.id, index, exc, extra=self.log_extra)
                    self.hub.forget(self)
                    raise ApiError(503, "unavailable", "the action could not be saved; nothing was changed, "
                                   "try again") from None
                break
            else:
                raise ApiError(409, "stale", "the game is changing on another server; nothing was changed, "
                               "try again", field="index")
            # Committed: now memory follows.
            self._advance(before, after, action, seat, source, revealed, now, bank, status, seq)
            self.hub.acted(self, source, time.monotonic() - started)
            messages = self._broadcast("update", extra, client, ref, {None: view} if view is not None else None)
            self.schedule()
            return messages.get(seat) or self._message("update", seat, self._common(), extra)

    def _preview(self, after: Any, action: str, seat: int, source: str, revealed: bool, now: float,
                 bank: float | None, status: str, extra: Any) -> str:
        """The spectators' update of an action not yet committed, as :meth:`_broadcast` will
        send it once it is: built on a shallow copy of the room moved on by the action, so
        that nothing of the room itself changes before the commit."""
        preview = copy.copy(self)
        preview.state = after
        preview.actions = self.actions + [action]
        preview.steps = self.steps + [Step(seat, source, revealed)]
        preview.seats = [dataclasses.replace(s) for s in self.seats]
        if bank is not None:
            preview.seats[seat].bank = bank
        preview.turn_started = now
        preview.row = dataclasses.replace(self.row, status=status, seats=preview.seats)
        return dumps(preview._message("update", None, preview._common(), extra))

    async def _relay(self, seq: int, detail: str) -> bool:
        """Under the lock: send the spectators here the announced action's update as the
        node that played it wrote it, without playing it here. False if it cannot be (the
        clients are not all spectators, the announcement or the update is missing)."""
        parsed = parse_action_detail(detail) if detail else None
        if parsed is None or seq != self.known_seq + 1 or not self.relaying():
            return False
        index, stored_action, bank = parsed
        if index != self.index + len(self._pending):
            return False
        try:
            texts = await self.hub.store.views(self.id, index)
        except Exception:  # the database is away: the usual path says so
            return False
        text = texts.get(index)
        if text is None:
            return False
        self._pending.append((seq, index, stored_action, bank))
        for client in list(self.clients):
            client.send(text)
        self.changed_at = time.monotonic()
        self.hub.metrics.taken.labels("relayed").inc()
        return True

    async def settle(self) -> None:
        """Bring the copy to what its clients were told, if it is behind (``behind``)."""
        if self._pending:
            async with self.lock:
                await self._settle()

    async def _settle(self) -> None:
        """Under the lock: play the relayed actions on the copy, telling nobody (the
        clients have had their updates)."""
        pending, self._pending = self._pending, []
        for seq, index, stored_action, bank in pending:
            if index != self.index or self._play_stored(stored_action, bank, seq) is None:
                await self._rebuild()
                return

    def _play_stored(self, stored_action: Any, bank: Any, seq: int) -> Any:
        """Play on this copy an action another node stored, as it was played there: its
        events, or None when it does not apply here (the caller rebuilds the copy from the
        record)."""
        before = self.state
        try:
            after, events = self.game.apply(before, stored_action.notation)
        except RuleError:
            return None
        revealed = bool(self.game.reveals_hidden(before, after))
        status = "over" if self.game.outcome(after) is not None else self.status()
        self._advance(before, after, stored_action.notation, stored_action.seat, stored_action.source, revealed,
                      stored_action.played_at, bank, status, seq)
        return events

    async def take_over(self) -> None:
        """Move the game on from here (its driving node went away)."""
        async with self.lock:
            await self._settle()
            self.schedule()

    def _update_extra(self, action: str, index: int, seat: int, source: str, events: Any,
                      policy_key: str | None) -> Any:
        def extra(viewer: int | None) -> dict[str, Any]:
            shown = action_for(self.game, action, events, viewer)
            out = {"action": shown, "action_fields": action_fields(self.game, shown), "action_index": index,
                   "action_seat": seat, "source": source, "events": events_json(self.game, events, viewer)}
            if policy_key is not None:
                out["policy"] = policy_key
            return out

        return extra

    def _advance(self, before: Any, after: Any, action: str, seat: int, source: str, revealed: bool, now: float,
                 bank: float | None, status: str, seq: int) -> None:
        """Memory follows a committed action (played here or read from another node's)."""
        self.state = after
        self.actions.append(action)
        undoable = not revealed and source == "human"  # a bot's, a timeout's, a policy's: no
        if not undoable or (self.steps and self.steps[-1].seat != seat):
            for step in reversed(self.steps):  # no undo can reach these any more
                if step.before is None:
                    break
                step.before = None
        self.steps.append(Step(seat, source, revealed, before if undoable else None))
        if bank is not None:
            self.seats[seat].bank = bank
        self.turn_started = now
        self.row.status = status
        self.row.updated_at = now
        self.row.seq = seq
        self.changed_at = time.monotonic()

    async def catch_up(self, seq: int | None = None, detail: str = "") -> None:
        """Read what another node changed (``seq``: the number it announced; None: look).
        The next action, announced with itself (``detail``), is taken without a read."""
        async with self.lock:
            if seq is not None and seq <= self.known_seq:
                return
            if seq is not None and await self._relay(seq, detail):
                return
            await self._settle()
            if seq is not None and seq == self.seq + 1 and detail and self._take(seq, detail):
                return
            if seq is None or seq > self.seq:
                await self._catch_up()

    def take(self, seq: int, detail: str) -> bool:
        """:meth:`_take` from outside: only while the lock is free (nothing awaits in it)."""
        return not self.lock.locked() and self._take(seq, detail)

    def _take(self, seq: int, detail: str) -> bool:
        """Play the announced action on this copy, as :meth:`_catch_up` would after a read."""
        parsed = parse_action_detail(detail)
        if parsed is None or self.broken or parsed[0] != self.index:
            return False
        index, stored_action, bank = parsed
        events = self._play_stored(stored_action, bank, seq)
        if events is None:
            return False
        self._broadcast("update", self._update_extra(stored_action.notation, index, stored_action.seat,
                                                     stored_action.source, events, None))
        self.hub.metrics.taken.labels("announced").inc()
        return True

    async def _catch_up(self) -> None:
        """Under the lock: bring this copy to the stored game and tell the clients, in order.
        Actions added since are played here as they were there (one ``update`` each); an
        undo there rebuilds the copy from the record and sends everyone a fresh ``state``."""
        if self.broken:
            return
        await self._settle()
        try:
            stored = await self.hub.store.load(self.id, self.index)
        except Exception as exc:  # the database is away: this copy stays as it was, and says so
            log.error("game %s: cannot read the stored game: %s", self.id, exc, extra=self.log_extra)
            raise ApiError(503, "unavailable", "the database is unavailable; nothing was changed, try again "
                           "shortly") from None
        if stored is not None:  # another node's mark (no change of seq): write its spectators' updates
            self.row.watched_until = max(self.row.watched_until, stored.row.watched_until)
        if stored is None or stored.row.seq <= self.seq:
            return
        row = stored.row
        self.hub.metrics.taken.labels("read").inc()
        if row.undos != self.row.undos or row.actions < self.index:
            await self._rebuild()
            return
        seats_changed = [(s.kind, s.bot, s.name, s.token_hash) for s in row.seats] != \
            [(s.kind, s.bot, s.name, s.token_hash) for s in self.seats]
        self.seats[:] = row.seats
        self.row.driven = row.driven
        for stored_action in stored.actions:
            index = self.index
            events = self._play_stored(stored_action, None, self.seq)
            if events is None:
                await self._rebuild()
                return
            self._broadcast("update", self._update_extra(stored_action.notation, index, stored_action.seat,
                                                         stored_action.source, events, None))
        self.row.seq, self.row.status, self.row.updated_at = row.seq, row.status, row.updated_at
        self.changed_at = time.monotonic()
        if seats_changed:
            self.broadcast_seats()

    async def _rebuild(self) -> None:
        try:
            stored = await self.hub.store.load(self.id)
        except Exception as exc:
            log.error("game %s: cannot read the stored game: %s", self.id, exc, extra=self.log_extra)
            raise ApiError(503, "unavailable", "the database is unavailable; nothing was changed, try again "
                           "shortly") from None
        if stored is None:
            return
        try:
            state, actions, steps = await asyncio.to_thread(rebuild, self.game, stored)
        except (RuntimeError, RuleError) as exc:
            self.hub.forget(self)
            log.error("game %s cannot be rebuilt from its record: %s", self.id, exc, extra=self.log_extra)
            return
        self.seats[:] = stored.row.seats
        stored.row.seats = self.seats
        self.row = stored.row
        self.state, self.actions, self.steps = state, actions, steps
        self.turn_started = stored.actions[-1].played_at if stored.actions else stored.row.created_at
        self.changed_at = time.monotonic()
        self._send_states()

    def _send_states(self) -> None:
        """A fresh ``state`` to every client (the copy was rebuilt): the views of the seats
        present built at once, each distinct message encoded once."""
        clients = list(self.clients)
        if not clients:
            return
        common = self._common()
        messages = {}
        for seat, view in self._views(c.seat for c in clients).items():
            message = messages[seat] = {"type": "state", **self._snapshot(seat, common, view)}
            del message["_decision"], message["_policy"]
        texts = {seat: dumps(message) for seat, message in messages.items()}
        for client in clients:
            client.send(texts[client.seat])

    async def undo(self, seat: int, index: Any, client: Client | None = None, ref: Any = None) -> dict[str, Any]:
        if not isinstance(index, int) or isinstance(index, bool):
            raise ApiError(400, "bad_request", "'index' must be the action index you acted on", field="index")
        return await asyncio.shield(self._undo(seat, index, client, ref))

    async def _undo(self, seat: int, index: int, client: Client | None, ref: Any) -> dict[str, Any]:
        async with self.lock:
            self.last_used = time.monotonic()
            await self._settle()
            await self._ahead(index)
            if self.broken:
                raise ApiError(409, "broken", self.broken)
            if index != self.index:
                raise ApiError(409, "stale", f"the game has moved on: it is at action index {self.index}, your "
                               f"request was for index {index}; nothing was changed")
            refusal = self._undo_refusal(seat)
            if refusal is not None:
                raise ApiError(409, "cannot_undo", f"cannot undo: {refusal}", "undo")
            last = self.steps[-1]
            keep = self.index - 1
            status = self.status()
            try:
                seq = await self.hub.store.truncate(self.id, keep, status, self.seq)
            except Stale:  # another node changed the game: this undo was asked of an older one
                await self._catch_up()
                raise ApiError(409, "stale", "the game has moved on on another server; nothing was changed",
                               field="index") from None
            except Exception as exc:
                log.error("game %s: undo not saved: %s", self.id, exc, extra=self.log_extra)
                self.hub.forget(self)
                raise ApiError(503, "unavailable", "the undo could not be saved; nothing was changed") from None
            undone = self.actions.pop()
            self.steps.pop()
            self.state = last.before
            self.row.seq, self.row.undos = seq, self.row.undos + 1
            self.changed_at = time.monotonic()

            try:  # the undone action's events, to read its text as each seat may
                undone_events = self.game.apply(last.before, undone)[1]
            except RuleError:
                undone_events = []

            def extra(viewer: int | None) -> dict[str, Any]:
                shown = action_for(self.game, undone, undone_events, viewer)
                return {"undone": shown, "undone_fields": action_fields(self.game, shown), "undone_index": keep,
                        "undone_seat": seat}

            messages = self._broadcast("undo", extra, client, ref)
            self.schedule()
            return messages.get(seat) or self._message("undo", seat, self._common(), extra)

    async def join(self, seat: int | None, name: Any) -> tuple[int, str]:
        if name is not None and (not isinstance(name, str) or len(name) > 40):
            raise ApiError(400, "bad_request", "'name' must be a text of at most 40 characters", field="name")
        async with self.lock:
            await self._catch_up()  # a seat taken on another node is taken here too
            if self.over:
                raise ApiError(409, "game_over", "the game is over")
            if seat is None:
                free = [s for s in self.seats if s.kind == "human" and s.token_hash is None]
                if not free:
                    raise ApiError(409, "seat_taken", "no seat is free in this game")
                row = free[0]
            else:
                if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
                    raise ApiError(400, "bad_request", f"'seat' must be a seat number from 0 to {len(self.seats) - 1}", field="seat")
                row = self.seats[seat]
                if row.kind != "human":
                    raise ApiError(409, "seat_taken", f"seat {seat_label(seat)} is played by the {row.bot} bot")
                if row.token_hash is not None:
                    raise ApiError(409, "seat_taken", f"seat {seat_label(seat)} is taken")
            token = secrets.token_urlsafe(24)
            updated = SeatRow(row.seat, "human", None, name, token_hash(token), row.bank)
            await self._save_seat(updated)
            d = self._decision()
            if d is not None and d.seat == row.seat:
                self.turn_started = time.time()  # the clock starts when someone sits down
            self.broadcast_seats()
            self.schedule()
            return row.seat, token

    async def leave(self, seat: int, bot: Any) -> None:
        bots = self.hub.bots_for(self.game.name)
        if bot is not None and bot not in bots:
            raise ApiError(400, "bad_request", f"{self.game.name} has no bot {bot!r}; choose one of {', '.join(bots)}",
                           field="bot")
        async with self.lock:
            await self._catch_up()
            row = self.seats[seat]
            if bot is None:
                updated = SeatRow(seat, "human", None, None, None, row.bank)
            else:
                updated = SeatRow(seat, "bot", bot, None, None, row.bank)
            await self._save_seat(updated)
            for client in list(self.clients):
                if client.seat == seat:
                    client.send(dumps({"type": "left", "game_id": self.id, "seat": seat}))
                    client.close()
                    self.clients.discard(client)
            self.broadcast_seats()
            self.schedule()

    async def _save_seat(self, updated: SeatRow) -> None:
        old = self.seats[updated.seat]
        self.seats[updated.seat] = updated
        status, driven = self.status(), self.driven()
        try:
            seq = await self.hub.store.update_seat(self.id, updated, status, driven, self.seq)
        except Stale:
            self.seats[updated.seat] = old
            await self._catch_up()
            raise ApiError(409, "stale", "the seats changed on another server meanwhile; nothing was changed, "
                           "try again") from None
        except Exception as exc:
            self.seats[updated.seat] = old
            log.error("game %s: seat change not saved: %s", self.id, exc, extra=self.log_extra)
            raise ApiError(503, "unavailable", "the seat change could not be saved; nothing was changed") from None
        self.row.status, self.row.driven, self.row.seq = status, driven, seq
        self.changed_at = time.monotonic()

    # -- bots and clocks ----------------------------------------------------------------

    def schedule(self) -> None:
        """Start whatever must happen next without a person: a bot's move, a clock's alarm."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.broken or self.hub.closing:
            return
        d = self._decision()
        if d is None:
            return
        row = self.seats[d.seat]
        if row.kind == "bot":
            self._start_bot(d.seat, row.bot or "random", "bot")
        elif self._clock_runs(row):
            left = row.bank - (time.time() - self.turn_started)
            if left <= 0:
                self._start_bot(d.seat, self.time_control.get("bot") or self.game.spec.default_bot, "timeout")
            else:
                index = self.index
                self._timer = asyncio.get_running_loop().call_later(left, self._alarm, index)

    def _alarm(self, index: int) -> None:
        self._timer = None
        if self.index == index:
            self.schedule()

    def _start_bot(self, seat: int, bot: str, source: str) -> None:
        if self._bot_task is not None and not self._bot_task.done() and self._bot_index == self.index:
            return
        self._bot_index = self.index
        self._bot_task = asyncio.create_task(self._bot_move(self.index, seat, bot, source))
        self.hub.tasks.add(self._bot_task)
        self._bot_task.add_done_callback(self.hub.tasks.discard)

    async def _bot_move(self, index: int, seat: int, bot: str, source: str) -> None:
        state = self.state
        d = self.game.decision(state)
        if d is None or d.seat != seat or self.index != index:
            return
        seed = bot_seed(self.row.seed, index, seat)
        try:
            action = await self.hub.bots.choose(self.game.name, self.game.to_json(state), seat, bot, seed)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a broken bot must not stop the game: play a random legal action
            log.error("game %s: bot %s failed (%s); playing a random legal action", self.id, bot, exc, extra=self.log_extra)
            action = random.Random(seed).choice(d.actions)
        try:
            await self.act(seat, action, index, source)
        except ApiError as exc:
            if exc.code not in ("stale", "game_over", "not_your_turn"):
                log.error("game %s: bot %s's move %r refused: %s", self.id, bot, action, exc.message, extra=self.log_extra)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._bot_task is not None:
            self._bot_task.cancel()
        for client in list(self.clients):
            client.close()

    def driving(self) -> bool:
        """This node moves the game on by itself now (a bot thinking, a clock's alarm set)."""
        return self._timer is not None or (self._bot_task is not None and not self._bot_task.done())

    def busy(self) -> bool:
        return bool(self.clients) or self._timer is not None or (
            self._bot_task is not None and not self._bot_task.done()) or self.lock.locked()


def seat_teams(spec: Any, config: dict[str, Any], state: Any = None) -> list[int | None] | None:
    """Each seat's team in a team game (the spec's ``seat_teams``), for every list of the
    seats; None outside one. A game that cannot tell loses its teams, never its listing."""
    try:
        return spec.teams_of(config, state)
    except Exception as exc:
        log.error("%s: the seats' teams are unknown (%s)", spec.name, exc)
        return None


def outcome_json(outcome: Any) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"winners": list(outcome.winners), "labels": [seat_label(w) for w in outcome.winners],
            "reason": outcome.reason, "details": outcome.details}


def summary_json(row: GameRow, status: str, index: int, seats: list[dict[str, Any]],
                 outcome: Any = None) -> dict[str, Any]:
    """A game as the lobby shows it. The seed stays secret until the game is over: with it
    anyone could deal the decks in their order."""
    out = {"id": row.id, "game": row.game, "title": row.options.get("title"), "config": row.config,
           "status": status, "index": index, "seats": seats, "time_control": row.options.get("time_control"),
           "created_at": row.created_at, "updated_at": row.updated_at}
    if status == "over":
        out["seed"] = row.seed
        if outcome is not None:
            out["outcome"] = outcome_json(outcome)
    return out


def rebuild(game: Game, stored: StoredGame) -> tuple[Any, list[str], list[Step]]:
    """The state of a stored game, by replaying its record (in a worker thread)."""
    row = stored.row
    state = game.new_game(row.config, row.seed)
    actions: list[str] = []
    steps: list[Step] = []
    for number, stored_action in enumerate(stored.actions):
        try:
            after, _events = game.apply(state, stored_action.notation)
        except RuleError as exc:
            raise RuntimeError(f"action {number} ({stored_action.notation!r}) does not replay: {exc}") from None
        revealed = bool(game.reveals_hidden(state, after))
        undoable = not revealed and stored_action.source == "human"
        if not undoable or (steps and steps[-1].seat != stored_action.seat):
            for step in reversed(steps):
                if step.before is None:
                    break
                step.before = None
        steps.append(Step(stored_action.seat, stored_action.source, revealed, state if undoable else None))
        actions.append(stored_action.notation)
        state = after
    return state, actions, steps

