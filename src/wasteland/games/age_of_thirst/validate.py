"""Is a loaded Age of Thirst state one the engine can play on? Every field is checked
against the board, the seats of its config and the content: a piece off the board, a seat
that does not exist, an unknown phase, troop kind or card is one StateError naming the
field, before the engine ever reads it."""

from __future__ import annotations

from typing import Any

from wasteland.core.state_check import (fail, need_bool, need_dict, need_each, need_in, need_int, need_list,
                                        need_seat, need_str)

from .content import COLOURS, KINDS, TROOP_KINDS

PHASES = ("setup", "tactical", "economic")  # the extraction runs without a stop (LO-7.3)
FRAME_KINDS = ("first", "place", "begin", "inject", "towers", "hand", "bonus")
LEVELS = 3  # LO-5
MAX_EYE = 3  # LO-12


def check_raw(data: dict[str, Any], hexes: int, seats: int) -> None:
    """The fields kept as hex-keyed tables: ``pieces``, ``damage``, ``done``."""
    on_board = set()
    for i, entry in enumerate(need_list("pieces", data["pieces"])):
        where = f"pieces[{i}]"
        if type(entry) is not list or len(entry) != 3:
            fail(where, f"must be [hex, seat, kind], not {entry!r}")
        h, seat, kind = entry
        _hex(f"{where}.hex", h, hexes)
        if h in on_board:
            fail(f"{where}.hex", f"hex {h} holds two pieces")
        on_board.add(h)
        need_seat(f"{where}.seat", seat, seats)
        need_in(f"{where}.kind", kind, KINDS, "troop kind")
    for i, entry in enumerate(need_list("damage", data["damage"])):
        where = f"damage[{i}]"
        if type(entry) is not list or len(entry) != 2:
            fail(where, f"must be [hex, damage], not {entry!r}")
        if entry[0] not in on_board:
            fail(f"{where}.hex", f"no piece on hex {entry[0]!r} to carry damage")
        need_int(f"{where}.damage", entry[1], 0)
    for i, h in enumerate(need_list("done", data["done"])):
        if h not in on_board:
            fail(f"done[{i}]", f"no piece on hex {h!r} to be flipped")


def check_state(s: Any) -> None:
    """The plain fields of a state built from JSON (see :func:`check_raw` for the rest)."""
    n = s.rules.players
    content = s.static.content
    hexes = s.board.size
    need_int("rng", s.rng, 0)
    need_int("turn", s.turn, 0)
    need_int("quiet", s.quiet, 0)
    need_int("bought", s.bought, 0)
    need_seat("current", s.current, n)
    need_in("phase", s.phase, PHASES, "phase")
    need_bool("market_used", s.market_used)
    need_bool("over", s.over)
    need_str("end_reason", s.end_reason)
    colours = need_each("colour", s.colour, COLOURS, "clan colour")
    if len(colours) != n or len(set(colours)) != n:
        fail("colour", f"needs {n} different clan colours, one per seat")
    order = need_list("order", s.order)
    if order and sorted(order) != list(range(n)):
        fail("order", f"must list every seat 0 to {n - 1} once, not {order!r}")
    for name in ("levels", "water", "pumps", "injections", "statuses", "hands", "eye", "barred"):
        need_list(name, getattr(s, name), n)
    for q in range(n):
        for i, lv in enumerate(need_list(f"levels[{q}]", s.levels[q], len(KINDS))):
            need_int(f"levels[{q}][{i}]", lv, 1, LEVELS)
        need_int(f"water[{q}]", s.water[q], 0)
        need_int(f"pumps[{q}]", s.pumps[q], 0)
        need_int(f"eye[{q}]", s.eye[q], 0, MAX_EYE)
        need_bool(f"barred[{q}]", s.barred[q])
        for i, inj in enumerate(need_list(f"injections[{q}]", s.injections[q])):
            where = f"injections[{q}][{i}]"
            if type(inj) is not list or len(inj) != 2:
                fail(where, f"must be [bunker card, troop kind], not {inj!r}")
            need_in(f"{where}.card", inj[0], content.bunkers, "bunker card")
            need_in(f"{where}.kind", inj[1], TROOP_KINDS, "troop kind")
        need_each(f"statuses[{q}]", s.statuses[q], content.towers, "ray-tower card")
        need_each(f"hands[{q}]", s.hands[q], content.towers, "ray-tower card")
    for name, cards, what in (("source", content.sources, "source card"), ("bunker", content.bunkers, "bunker card"),
                              ("tower", content.towers, "ray-tower card")):
        need_each(f"{name}_deck", getattr(s, f"{name}_deck"), cards, what)
        need_each(f"{name}_discard", getattr(s, f"{name}_discard"), cards, what)
    if s.acting is not None:
        _hex("acting", s.acting, hexes)
        if s.acting not in s.pieces:
            fail("acting", f"no troop on hex {s.acting} to act")
    for i, frame in enumerate(need_list("stack", s.stack)):
        need_dict(f"stack[{i}]", frame)
        need_in(f"stack[{i}].kind", frame.get("kind"), FRAME_KINDS, "procedure")
        need_seat(f"stack[{i}].seat", frame.get("seat"), n)
    for i, w in enumerate(need_list("winners", s.winners)):
        need_seat(f"winners[{i}]", w, n)


def _hex(field: str, h: Any, hexes: int) -> None:
    if type(h) is not int or not 0 <= h < hexes:
        fail(field, f"hex {h!r} is off the board (hexes are numbered 0 to {hexes - 1})")
