"""Checks that a state (from JSON or a scenario) is a position of the game, so a bad
one is refused with an error naming the field instead of failing later."""

from __future__ import annotations

from collections import Counter

from wasteland.core.protocol import RuleError
from wasteland.core.state_check import checked_reader, need_bool, need_int, need_list, need_seat, need_str

from .content import HAND_LIMIT
from .scenario_procedures import FIELDS as FRAME_FIELDS
from .scenario_procedures import SEAT_FIELDS, check_frame_fields
from .state import State

FRAME_KINDS = ("round_end", "reveal", "activate", "step", "fight", "return", "turn_over", "share")
#: the procedures that may run while nobody takes a turn (the bottom of the stack then)
RESUMING = ("round_end", "reveal", "activate", "share")


class StateError(RuleError):
    def __init__(self, field: str, message: str, rule: str = "state") -> None:
        super().__init__(rule, f"{field}: {message}")
        self.field = field


#: sane bounds, not rules: no game of the round end runs a million rounds, kills or quests
COUNT_BOUND = 1_000_000


def _scalars(s: State, n: int) -> None:
    """Each plain field of the type and range the engine needs (issue 32: a round of text
    failed only at the next round end)."""
    need_int("rng", s.rng, 0, 2**64 - 1)
    for name in ("round", "turns"):
        need_int(name, getattr(s, name), 0, COUNT_BOUND)
    need_int("actions_left", s.actions_left, 0, s.content.turn.actions)
    for name in ("order", "space", "health", "radiation", "kills", "quests", "hands", "deck", "discard", "factions",
                 "stack", "winners"):
        need_list(name, getattr(s, name))
    for name in ("kills", "quests"):
        for q, v in enumerate(getattr(s, name)):
            need_int(f"survivor {q + 1}.{name}", v, 0, COUNT_BOUND)
    for q, hand in enumerate(s.hands):
        for c in need_list(f"survivor {q + 1}.hand", hand):
            need_str(f"survivor {q + 1}.hand", c)
    for name in ("deck", "discard"):
        for c in getattr(s, name):
            need_str(name, c)
    if s.revealed is not None:
        need_str("revealed", s.revealed)
    if s.current is not None:
        need_int("current", s.current, 0, n - 1)
    need_int("first", s.first, 0, n - 1)
    need_bool("over", s.over)
    for k, w in enumerate(s.winners):
        need_seat(f"winners[{k}]", w, n)
    need_str("end_reason", s.end_reason)
    if s.last_roll is not None:
        roll = need_list("last_roll", s.last_roll, 3)
        need_seat("last_roll[0]", roll[0], n)
        need_str("last_roll[1]", roll[1])  # the enemy fought, maybe gone from the map since
        need_int("last_roll[2]", roll[2], 1, 6)


def check_state(s: State) -> None:
    n = s.rules.players
    seats = range(n)
    _scalars(s, n)
    for name in ("space", "health", "radiation", "kills", "quests", "hands"):
        if len(getattr(s, name)) != n:
            raise StateError(name, f"needs one entry per survivor ({n})")
    if sorted(s.order) != list(seats):
        raise StateError("order", f"must list every seat 0-{n - 1} once", "FO-13.4")
    if s.first not in seats:
        raise StateError("first", f"seat {s.first!r} does not exist", "FO-13.4")
    if s.current is not None and s.current not in seats:
        raise StateError("current", f"seat {s.current!r} does not exist")
    g = s.board.graph
    track = s.content.turn.track
    for q in seats:
        if s.space[q] not in g:
            raise StateError(f"survivor {q + 1}.space", f"{s.space[q]!r} is not a space of the map", "FO-13.3")
        for name in ("health", "radiation"):
            v = getattr(s, name)[q]
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= track:
                raise StateError(f"survivor {q + 1}.{name}", f"{v!r} is off the track 0-{track}", "FO-13.3")
        if s.health[q] <= s.radiation[q]:
            raise StateError(f"survivor {q + 1}.health", f"health {s.health[q]} at or below radiation "
                             f"{s.radiation[q]}: that survivor is knocked out", "FO-13.3")
        limit = HAND_LIMIT + (1 if any(f.get("kind") == "return" and f.get("seat") == q for f in s.stack) else 0)
        if len(s.hands[q]) > limit:
            raise StateError(f"survivor {q + 1}.hand", f"{len(s.hands[q])} agenda cards; a hand holds at most "
                             f"{HAND_LIMIT}", "FO-13.5")
    cards = s.content.cards
    every = list(s.deck) + list(s.discard) + [c for h in s.hands for c in h] + ([s.revealed] if s.revealed else [])
    for c in every:
        if c not in cards:
            raise StateError("agenda", f"{c!r} is not an agenda card", "FO-13.5")
    twice = [c for c, k in Counter(every).items() if k > 1]
    if twice:
        raise StateError("agenda", f"card {twice[0]} is in two places at once", "FO-13.5")
    if len(every) != len(cards):
        missing = sorted(set(cards) - set(every))
        raise StateError("agenda", f"cards missing from deck, discard and hands: {', '.join(missing)}", "FO-13.5")
    for e, (t, sp, _up) in s.enemies.items():
        if t not in s.content.types:
            raise StateError(f"enemy {e}", f"{t!r} is not an enemy type", "FO-13.2")
        if sp not in g:
            raise StateError(f"enemy {e}", f"{sp!r} is not a space of the map", "FO-13.2")
        kind, _, number = e.partition("#") if isinstance(e, str) else ("", "", "")
        if kind != t or not number.isdecimal() or len(number) > 3:
            raise StateError(f"enemy {e}", f"an enemy id reads {t}#<number>", "FO-13.2")
    if type(s.ranged) is not dict:
        raise StateError("ranged", f"a table of enemy -> true/false, not {s.ranged!r}", "FO-13.2")
    for e, icon in s.ranged.items():
        if e not in s.enemies:
            raise StateError(f"ranged.{e}", "no such enemy token", "FO-13.2")
        if type(icon) is not bool:
            raise StateError(f"ranged.{e}", f"the ranged icon is true or false, not {icon!r}", "FO-13.2")
    for m in s.markers:
        if m not in s.board.quests:
            raise StateError("markers", f"{m!r} is not a quest space")
    length = s.content.track.length
    if len(s.factions) != len(s.content.factions) or not all(
            isinstance(f, int) and 0 <= f <= length for f in s.factions):
        raise StateError("factions", f"one step 0-{length} per faction", "FO-13.4")
    for i, f in enumerate(s.stack):
        if not isinstance(f, dict) or f.get("kind") not in FRAME_KINDS:
            raise StateError("stack", f"unknown frame {f!r}")
        # each procedure's own fields, by the scenario reader's table of them: a frame the
        # engine would meet with a missing or wrong field is refused now, not at its step
        extra = set(f) - {"kind", "seat", *FRAME_FIELDS[f["kind"]]}
        if extra:
            raise StateError(f"stack.{i}.{sorted(extra)[0]}", f"no field of a {f['kind']} procedure")
        for key in SEAT_FIELDS:
            if key in f or key == "seat":
                need_seat(f"stack.{i}.{key}", f.get(key), len(s.space))
        check_frame_fields(s, f, f"stack.{i}")
    if not s.over and s.current is None and not s.stack:
        raise StateError("current", "nobody is taking a turn and no round end is running")
    if not s.over and s.current is None and s.stack[0]["kind"] not in RESUMING:
        # between turns only a round end (FO-13.1, which names the next turn) or the shared
        # victory's questions (FO-13.5) can be running
        raise StateError("stack.0", f"nobody is taking a turn, and a {s.stack[0]['kind']} procedure names no turn "
                         "to go on with", "FO-13.1")


#: the state ``to_json`` wrote; anything the engine could not play on is a StateError naming the field
load_state = checked_reader(State.from_json, check_state)
