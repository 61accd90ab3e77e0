"""Is a loaded Age of Thirst state one the engine can play on? Every field is checked
against the board, the seats of its config and the content: a piece off the board, a seat
that does not exist, an unknown phase, troop kind or card is one StateError naming the
field, before the engine ever reads it. Then the position is held to the rulebook's
limits (:func:`check_rules`): a state no game could reach (an eleventh Skinny, a sixth
card in hand, an Eye past its winning circle, a card in two places) is refused naming the
field and the rule's anchor as the error's rule."""

from __future__ import annotations

from collections import Counter
from typing import Any, NoReturn

from wasteland.core.state_check import (StateError, fail, need_bool, need_dict, need_each, need_in, need_int, need_list,
                                        need_seat, need_str)

from .combat import health
from .content import COLOURS, KINDS, TROOP_KINDS
from .economy import BUY_LIMIT, HAND_LIMIT
from .state import PLAIN, State, static_from_config


def load_state(data: Any) -> State:
    """The state ``to_json`` wrote; anything the engine could not play on (a piece off the
    board, a seat that does not exist, an unknown phase, kind or card) is a StateError
    naming the field."""
    need_dict("state", data)
    for name in ("config", *PLAIN, "pieces", "damage", "done"):
        if name not in data:
            fail(name, "missing")
    static = static_from_config(data["config"])
    check_raw(data, static.board.size, static.rules.players)
    s = State.from_json(data)
    check_state(s)
    return s

PHASES = ("setup", "tactical", "economic")  # the extraction runs without a stop (LO-7.3)
FRAME_KINDS = ("first", "place", "begin", "inject", "towers", "hand", "bonus")
LEVELS = 3  # LO-5
MAX_EYE = 3  # LO-12


def check_raw(data: dict[str, Any], hexes: int, seats: int) -> None:
    """The fields kept as hex-keyed tables: ``pieces``, ``damage``, ``done``, ``ground`` (a state
    saved before the no-progress ruling kept a ground has none: its troops' hexes are taken)."""
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
    if "ground" in data:
        for q, hs in enumerate(need_list("ground", data["ground"], seats)):
            for i, h in enumerate(need_list(f"ground[{q}]", hs)):
                _hex(f"ground[{q}][{i}]", h, hexes)


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
        _check_frame(f"stack[{i}]", frame, content, s.board)
    for i, w in enumerate(need_list("winners", s.winners)):
        need_seat(f"winners[{i}]", w, n)
    check_rules(s)


START = (5, 3, 2)  # LO-4.3: the starting Skinnies, Handsomes and Smarts
SETUP_FRAMES = ("first", "begin", "place")  # the rest wait in the extraction (LO-7.3)


def _check_frame(where: str, frame: dict[str, Any], content: Any, board: Any) -> None:
    """Each procedure's own keys (engine.py): a placement's troops still to place, the
    ray-tower cards still to draw, the bunker cards drawn and not laid, the extra cards."""
    kind = frame["kind"]
    extra = {"place": {"left", "todo", "skip_nearest"}, "towers": {"count"}, "inject": {"cards"},
             "bonus": {"count"}}.get(kind, set())
    unknown = set(frame) - {"kind", "seat"} - extra
    if unknown:
        fail(f"{where}", f"a {kind} procedure has no {', '.join(sorted(map(str, unknown)))}")
    for key in sorted(extra):
        if key not in frame:
            fail(f"{where}.{key}", "missing")
    if kind == "place":
        left = need_list(f"{where}.left", frame["left"], len(TROOP_KINDS))
        for i, top in enumerate(START):
            need_int(f"{where}.left[{i}]", left[i], 0, top)
        need_int(f"{where}.todo", frame["todo"], 1, 10)
        need_bool(f"{where}.skip_nearest", frame["skip_nearest"])
    elif kind == "towers":
        need_int(f"{where}.count", frame["count"], 1, len(board.ray_towers))
    elif kind == "bonus":
        need_int(f"{where}.count", frame["count"], 1, 2)  # LO-10.2: never circle 3
    elif kind == "inject":
        cards = need_each(f"{where}.cards", frame["cards"], content.bunkers, "bunker card")
        if not cards:
            fail(f"{where}.cards", "an inject procedure waits on at least one bunker card")


def _check_stack(s: Any) -> None:
    """LO-4, LO-7.3: set-up procedures wait in the set-up, the others in the current clan's
    extraction and economic phase; a finished game waits on nothing (LO-13)."""
    for i, frame in enumerate(s.stack):
        kind = frame["kind"]
        if s.over:
            _break("stack", "a game that is over waits on nothing", "LO-13")
        if s.phase != ("setup" if kind in SETUP_FRAMES else "economic"):
            _break(f"stack[{i}].kind", f"a {kind} procedure belongs to the "
                   f"{'set-up' if kind in SETUP_FRAMES else 'economic phase'}, not the {s.phase} phase",
                   "LO-4" if kind in SETUP_FRAMES else "LO-7.3")
        if kind not in SETUP_FRAMES and frame["seat"] != s.current:
            _break(f"stack[{i}].seat", f"the {kind} procedure waits on the current clan, in its extraction",
                   "LO-7.3")
        if kind == "place" and frame["todo"] > sum(frame["left"]):
            _break(f"stack[{i}].todo", "more troops to place than are left to place", "LO-4.3")


def _break(field: str, problem: str, rule: str) -> NoReturn:
    raise StateError(field, problem, rule=rule)


def check_rules(s: Any) -> None:
    """The rulebook's limits on a position whose fields have the right form (JSON states,
    scenarios): each breach is a StateError whose rule is the anchor it breaks."""
    n = s.rules.players
    content = s.static.content
    b = s.board
    _check_cards(s)
    _check_eyes(s)
    _check_stack(s)
    for q in range(n):
        for kind in KINDS:
            limit = content.kinds[kind].max_on_board
            if s.count(q, kind) > limit:
                _break("pieces", f"{s.colour[q]} has {s.count(q, kind)} {kind} tokens on the board, at most "
                       f"{limit}", MAX_RULE[kind])
    for h, (owner, kind) in sorted(s.pieces.items()):
        where = f"pieces[{b.names[h]}]"
        if kind == "hedge" and h in b.special:
            _break(where, "a hedge never grows on the Last Oasis, a source, a bunker or a ray tower", "LO-6.4")
        if h == b.centre and kind != "hedge" and s.barred[owner]:
            _break(where, f"{s.colour[owner]} is barred from the centre and may never occupy it again", "LO-13.4")
        if s.phase == "setup" and (kind == "hedge" or h not in b.base[s.colour[owner]]):
            _break(where, "during the set-up only starting troops stand on the board, each on its own base",
                   "LO-4.3")
    for h, dmg in sorted(s.damage.items()):
        owner, kind = s.pieces[h]
        if not 0 < dmg < health(s, owner, kind):
            _break(f"damage[{b.names[h]}]", f"{dmg} damage on a token of {health(s, owner, kind)} health: a token "
                   "goes the moment its damage reaches its health", "LO-7.2")
    for h in sorted(s.done):
        owner, kind = s.pieces[h]
        if s.phase != "tactical" or owner != s.current or kind == "hedge":
            _break(f"done[{b.names[h]}]", "only the current clan's troops are flipped, in its tactical phase",
                   "LO-7.1")
    if s.acting is not None:
        owner, kind = s.pieces[s.acting]
        if s.phase != "tactical" or owner != s.current or kind == "hedge" or s.acting in s.done:
            _break("acting", "the troop that moved and may still attack is one of the current clan's, not yet "
                   "flipped, in its tactical phase", "LO-7.1")
    if s.bought > BUY_LIMIT:
        _break("bought", f"{s.bought} troops bought this turn, at most {BUY_LIMIT}", "LO-7.4")
    if s.phase != "economic" and not s.over and (s.bought or s.market_used):
        _break("bought" if s.bought else "market_used", "troops are bought and the black market used in the "
               "economic phase", "LO-7.4")
    if s.phase == "economic" and s.statuses[s.current]:
        _break(f"statuses[{s.current}]", "status cards laid on a clan's species cards expire at the start of its "
               "extraction phase", "LO-11")
    for q in range(n):
        over_limit = any(f["kind"] == "hand" and f.get("seat") == q for f in s.stack)
        if len(s.hands[q]) > HAND_LIMIT and not over_limit:
            _break(f"hands[{q}]", f"{len(s.hands[q])} ray-tower cards in hand, at most {HAND_LIMIT} (unless the "
                   "clan is getting rid of the excess)", "LO-11")
        for i, card in enumerate(s.statuses[q]):
            if content.towers[card].status is None:
                _break(f"statuses[{q}][{i}]", f"{card!r} is a damage card: only paralysis, blindness and "
                       "madness lie on a species card", "LO-11")
    _check_turn(s)


# the rule giving each kind's limit on the board
MAX_RULE = {"skinny": "LO-6.1", "handsome": "LO-6.2", "smart": "LO-6.3", "hedge": "LO-6.4"}


def _check_cards(s: Any) -> None:
    """LO-2: each deck has its 50 cards, every one in exactly one place (the deck, its
    discard pile, a hand, a species card, a pump in front of a clan, a bunker card drawn
    and not yet laid)."""
    content = s.static.content
    n = s.rules.players
    found = {"source": Counter(s.source_deck + s.source_discard),
             "bunker": Counter(s.bunker_deck + s.bunker_discard),
             "tower": Counter(s.tower_deck + s.tower_discard)}
    for q in range(n):
        found["source"]["pump"] += s.pumps[q]
        found["bunker"].update(c for c, _k in s.injections[q])
        found["tower"].update(s.hands[q])
        found["tower"].update(s.statuses[q])
    for frame in s.stack:
        if frame["kind"] == "inject":
            found["bunker"].update(frame["cards"])
    for deck, defs, rule in (("source", content.sources, "LO-9"), ("bunker", content.bunkers, "LO-10"),
                             ("tower", content.towers, "LO-11")):
        for card, d in defs.items():
            if found[deck][card] != d.count:
                _break(f"{deck}_deck", f"the game has {d.count} {card!r} cards, this position holds "
                       f"{found[deck][card]}", rule)


def _check_eyes(s: Any) -> None:
    """LO-12, LO-13: an Eye stands on 0 to the winning circle, and on the winning circle
    only once the game is won (team games: one clan's Eye waits there for its team);
    only a team game bars a clan, and only once its Eye has reached circle 1 (LO-13.4)."""
    r = s.rules
    goal = 1 if r.team_game or r.mode == "blitz" else 3
    top = goal if r.team_game or s.over else goal - 1
    for q in range(r.players):
        if s.eye[q] > top:
            _break(f"eye[{q}]", f"circle {s.eye[q]}: in this game form the Eye stands on 0 to {top} while the "
                   f"game goes on (circle {goal} wins)", "LO-13.4" if r.team_game else (
                       "LO-13.3" if r.mode == "blitz" else "LO-13.1"))
        if s.barred[q] and (not r.team_game or s.eye[q] < 1):
            _break(f"barred[{q}]", "only a team game bars a clan from the centre, once its Eye has reached "
                   "circle 1", "LO-13.4")
    if s.winners and not s.over:
        _break("winners", "only a game that is over has winners", "LO-13")
    if s.winners and len({s.team(q) for q in s.winners}) != 1:
        _break("winners", "the winners are one clan or one team", "LO-13")


def _check_turn(s: Any) -> None:
    """LO-4: the set-up is turn 0 and every turn after it has its first player (LO-4.5)."""
    if s.phase == "setup":
        if s.turn:
            _break("turn", "the set-up comes before the first turn", "LO-4")
    elif not s.order or s.turn < 1:
        _break("order" if not s.order else "turn", "a turn is played once the first player is known", "LO-4.5")


def _hex(field: str, h: Any, hexes: int) -> None:
    if type(h) is not int or not 0 <= h < hexes:
        fail(field, f"hex {h!r} is off the board (hexes are numbered 0 to {hexes - 1})")


# The JSON fields of a clan and the [[clan]] keys of a scenario that set them.
_CLAN_KEY = {"hands": "hand", "statuses": "statuses", "eye": "eye", "barred": "barred", "water": "water",
             "pumps": "pumps", "levels": "levels", "injections": "injections", "ground": "ground"}


def scenario_key(s: Any, field: str) -> str:
    """The scenario key a state field comes from (``hands[0]`` -> ``[[clan]] red hand``), so
    a scenario's refusal by :func:`check_rules` names what its writer wrote."""
    name, _, rest = field.partition("[")
    index = rest.split("]")[0]
    if name in _CLAN_KEY and index.isdigit() and int(index) < len(s.colour):
        return f"[[clan]] {s.colour[int(index)]} {_CLAN_KEY[name]}"
    if name in ("pieces", "damage", "done"):
        key = {"pieces": "", "damage": " damage", "done": " acted"}[name]
        return f"[[piece]] at {index}{key}" if index else "[[piece]]"
    if name == "stack":
        return f"[[procedure]] #{int(index) + 1}" if index.isdigit() else "[[procedure]]"
    if name.endswith(("_deck", "_discard")):
        return "[decks]"
    return f"[state] {name}"

