"""The decision loop: who must choose what, and what each choice does.

With an empty stack the current player acts in the phase of the turn (``tactical`` or
``economic``). A frame on the stack is a procedure waiting on someone (set-up choices,
bunker cards to lay, the ray-tower hand limit, black-market bonus cards) or an automatic
step (``towers``, ``begin``). Frames are small dicts, replaced and never mutated.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Callable

from wasteland.core.frames import Frame, frame_loop
from wasteland.core.protocol import Decision, RuleError

from .combat import Events, attack_value, hurt, reset_health, stats
from .content import COLOURS, TROOP_KINDS
from .diagnose import why_illegal
from .economy import (HAND_LIMIT, apply_economic, draw_towers, economic_options, play_card, play_options,
                      start_extraction)
from .los import attack_targets, free_hexes, move_targets
from . import notation as N
from .notation import parse
from .progress import eye_moved, tread
from .state import State

DECISION_INFO = {
    "first": ("LO-4.5", "the table chooses the first player; play goes clockwise"),
    "place": ("LO-4.3", "place a starting troop on your base"),
    "tactical": ("LO-7.1", "tactical phase: move, attack, flip each troop; end the phase"),
    "economic": ("LO-7.4", "economic phase: buy, upgrade, grow hedges, black market; end the turn"),
    "inject": ("LO-10.1", "lay the bunker card on one of your troop species cards"),
    "hand": ("LO-11", "more than 5 ray-tower cards: play or discard the excess"),
    "bonus": ("LO-10.2", "take a bunker card from the discard pile and lay it at once"),
}


# -- set-up frames ------------------------------------------------------------------------


def _first_options(s: State, f: Frame) -> list[str]:
    return [N.First.text(c) for c in s.colour]


def _first_choose(s: State, f: Frame, action: str, events: Events) -> None:
    s.stack.pop()
    set_order(s, parse(action).colour, events)


def set_order(s: State, first: str, events: Events) -> None:
    """LO-4.5: play goes clockwise from the first player."""
    start = COLOURS.index(first)
    seats = sorted(range(len(s.colour)), key=lambda q: (COLOURS.index(s.colour[q]) - start) % 6)
    s.order = seats
    events.append({"type": "order", "colours": [s.colour[q] for q in seats]})
    push_placements(s)


def push_placements(s: State) -> None:
    """LO-4.3: each player places the starting troops on their base, in turn order;
    LO-13.5: in the five-player game team B places 9 of 10, off the hex nearest the centre."""
    s.stack.append({"kind": "begin", "seat": s.order[0]})
    for seat in reversed(s.order):
        short = s.rules.teams == "2x3" and len(s.rules.lineup[s.team(seat)]) == 3
        s.stack.append({"kind": "place", "seat": seat, "left": [5, 3, 2], "todo": 9 if short else 10,
                        "skip_nearest": short})


def _place_hexes(s: State, f: Frame) -> list[int]:
    """LO-4.3: the free hexes of one's own base; LO-13.5: team B leaves the one nearest the centre."""
    colour = s.colour[f["seat"]]
    nearest = s.board.nearest[colour] if f["skip_nearest"] else None
    return [h for h in s.board.base[colour] if h not in s.pieces and h != nearest]


def _place_options(s: State, f: Frame) -> list[str]:
    names = s.board.names
    return [N.Place.text(kind, names[h]) for i, kind in enumerate(TROOP_KINDS) if f["left"][i]
            for h in sorted(_place_hexes(s, f))]


def _place_choose(s: State, f: Frame, action: str, events: Events) -> None:
    a = parse(action)
    kind, where = a.kind, a.hex
    left = list(f["left"])
    left[TROOP_KINDS.index(kind)] -= 1
    s.stack[-1] = {**f, "left": left, "todo": f["todo"] - 1}
    h = s.board.by_name[where]
    s.pieces[h] = (f["seat"], kind)
    tread(s, f["seat"], h)
    events.append({"type": "place", "seat": f["seat"], "kind": kind, "hex": where})


def _place_run(s: State, f: Frame, events: Events) -> bool:
    if f["todo"] <= 0:
        s.stack.pop()
        return True
    return False


def _begin_run(s: State, f: Frame, events: Events) -> bool:
    s.stack.pop()
    start_turn(s, f["seat"], events)
    return True


# -- extraction frames ----------------------------------------------------------------------


# Ruling (LO-10.1, LO-10.2, LO-11): ray-tower cards may be played "at any moment" of one's
# turn, but a bunker card is used "instantly" (миттєво) once drawn or bought: no moment
# passes between taking it and laying it, so the inject and bonus decisions offer no
# ray-tower card; the hand is playable again as soon as the card lies.
def _inject_options(s: State, f: Frame) -> list[str]:
    return [N.Inject.text(f["cards"][0], kind) for kind in TROOP_KINDS]


def _inject_choose(s: State, f: Frame, action: str, events: Events) -> None:
    a = parse(action)
    card, kind = a.card, a.kind
    s.injections[f["seat"]].append([card, kind])
    events.append({"type": "inject", "seat": f["seat"], "card": card, "kind": kind})
    s.stack[-1] = {**f, "cards": f["cards"][1:]}


def _inject_run(s: State, f: Frame, events: Events) -> bool:
    if not f["cards"]:
        s.stack.pop()
        return True
    return False


def _towers_run(s: State, f: Frame, events: Events) -> bool:
    s.stack.pop()
    draw_towers(s, f["seat"], f["count"], events)
    return True


def _hand_options(s: State, f: Frame) -> list[str]:
    """LO-11: over the hand limit, discard any card or play it at once, until five are left."""
    seat = f["seat"]
    return [N.Discard.text(c) for c in sorted(set(s.hands[seat]))] + play_options(s, seat)


def _hand_choose(s: State, f: Frame, action: str, events: Events) -> None:
    seat = f["seat"]
    a = parse(action)
    if a.VERB == "discard":
        card = a.card
        s.hands[seat].remove(card)
        s.tower_discard.append(card)
        events.append({"type": "discard", "seat": seat, "card": card})
    else:
        play_card(s, seat, action, events)


def _hand_run(s: State, f: Frame, events: Events) -> bool:
    if len(s.hands[f["seat"]]) <= HAND_LIMIT:
        s.stack.pop()
        return True
    return False


def _bonus_options(s: State, f: Frame) -> list[str]:
    """LO-10.2: the player picks each extra card from the bunker discard pile and the kind it lies on."""
    return [N.Take.text(card, kind) for card in sorted(set(s.bunker_discard)) for kind in TROOP_KINDS]


def _bonus_choose(s: State, f: Frame, action: str, events: Events) -> None:
    a = parse(action)
    card, kind = a.card, a.kind
    s.bunker_discard.remove(card)
    s.injections[f["seat"]].append([card, kind])
    events.append({"type": "bonus_card", "seat": f["seat"], "card": card, "kind": kind})
    s.stack[-1] = {**f, "count": f["count"] - 1}


def _bonus_run(s: State, f: Frame, events: Events) -> bool:
    if f["count"] <= 0 or not s.bunker_discard:
        s.stack.pop()
        return True
    return False


OPTIONS: dict[str, Callable[[State, Frame], list[str]]] = {
    "first": _first_options, "place": _place_options, "inject": _inject_options,
    "hand": _hand_options, "bonus": _bonus_options,
}
CHOOSE: dict[str, Callable[[State, Frame, str, Events], None]] = {
    "first": _first_choose, "place": _place_choose, "inject": _inject_choose,
    "hand": _hand_choose, "bonus": _bonus_choose,
}
RUN: dict[str, Callable[[State, Frame, Events], bool]] = {
    "place": _place_run, "begin": _begin_run, "inject": _inject_run, "towers": _towers_run,
    "hand": _hand_run, "bonus": _bonus_run,
}


# -- the tactical phase (LO-7.1) ----------------------------------------------------------------


def _targets_enemies_first(s: State, h: int) -> list[int]:
    """The troop's targets with other players' pieces before its own side's: friendly fire is
    legal (LO-7.1) but a list that starts with it invites a wrong pick."""
    seat = s.pieces[h][0]
    return sorted(attack_targets(s, h), key=lambda t: s.pieces[t][0] == seat)


class _Texts:
    """The texts of the tactical options of a board, written through the notation when first
    offered and kept (the hottest lists of the game: a troop's moves and attacks are looked
    up, not written again, each time they are offered)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        n = len(names)
        self.flip = [N.Flip.text(x) for x in names]
        self.move: list[list[str | None]] = [[None] * n for _ in range(n)]
        self.attack: list[list[str | None]] = [[None] * n for _ in range(n)]

    def moves(self, h: int, targets: list[int]) -> list[str]:
        return self._kept(self.move[h], N.Move.text, h, targets)

    def attacks(self, h: int, targets: list[int]) -> list[str]:
        return self._kept(self.attack[h], N.Attack.text, h, targets)

    def _kept(self, row: list[str | None], write: Callable[[str, str], str], h: int, targets: list[int]) -> list[str]:
        """The texts from hex ``h`` to each target, each written once into ``row``."""
        names = self.names
        out = []
        for t in targets:
            text = row[t]
            if text is None:
                text = row[t] = write(names[h], names[t])
            out.append(text)
        return out


_TEXTS: dict[tuple[str, ...], _Texts] = {}


def _texts(names: tuple[str, ...]) -> _Texts:
    found = _TEXTS.get(names)
    if found is None:
        found = _TEXTS[names] = _Texts(names)
    return found


def tactical_options(s: State) -> list[str]:
    seat = s.current
    texts = _texts(s.board.names)
    out: list[str] = []
    if s.acting is not None:
        a = s.acting
        out.extend(texts.attacks(a, _targets_enemies_first(s, a)))
        out.append(texts.flip[a])
    else:
        free = free_hexes(s)  # the same board for every troop's moves
        for h in sorted(h for h, (o, k) in s.pieces.items() if o == seat and k != "hedge" and h not in s.done):
            out.extend(texts.moves(h, move_targets(s, h, free)))
            out.extend(texts.attacks(h, _targets_enemies_first(s, h)))
            out.append(texts.flip[h])
        out.append(N.End.text("phase"))
    out.extend(play_options(s, seat))
    return out


def apply_tactical(s: State, action: str, events: Events) -> None:
    seat = s.current
    by = s.board.by_name
    x = parse(action)
    verb = x.VERB
    if verb == "move":
        a, t = by[x.origin], by[x.hex]
        s.pieces[t] = s.pieces.pop(a)
        if a in s.damage:
            s.damage[t] = s.damage.pop(a)
        s.acting = t  # LO-7.1: after moving it may still attack, then it is flipped
        tread(s, seat, t)
        events.append({"type": "move", "seat": seat, "from": x.origin, "to": x.hex})
        # LO-13.4 ruling: only a troop knocked off the centre (вибитий) bars its player;
        # walking off it does not (the digest's reading of any departure is not the text's).
    elif verb == "attack":
        a, t = by[x.origin], by[x.hex]
        # LO-7.1: it stays in place, attacks once and can never move afterwards: flipped.
        s.acting = None
        s.done.add(a)
        _owner, kind = s.pieces[a]
        events.append({"type": "attack", "seat": seat, "from": x.origin, "to": x.hex, "kind": kind})
        hurt(s, t, attack_value(s, seat, kind), seat, kind, events)
    elif verb == "flip":
        h = by[x.hex]
        s.done.add(h)
        s.acting = None
    elif verb == "end":
        end_tactical(s, events)
    elif verb == "play":
        play_card(s, seat, action, events)


def end_tactical(s: State, events: Events) -> None:
    seat = s.current
    s.acting = None
    s.done.clear()
    reset_health(s, events)  # LO-7.2
    if s.rules.mode == "normal":
        eye_check(s, seat, events)  # LO-13.1, LO-13.4 normal form: after the tactical phase
        if s.over:
            return
    start_extraction(s, events)


# -- turns, the Eye and victory (LO-12, LO-13) ---------------------------------------------------


def holds_centre(s: State, seat: int) -> bool:
    """LO-12: a troop of the seat (never a hedge) stands on the Last Oasis."""
    p = s.pieces.get(s.board.centre)
    return p is not None and p[0] == seat and p[1] != "hedge"


def eye_check(s: State, seat: int, events: Events) -> None:
    if not holds_centre(s, seat):
        return
    r = s.rules
    if r.team_game or r.mode == "blitz":
        if s.eye[seat] >= 1:
            return
        s.eye[seat] = 1  # LO-13.3, LO-13.4: straight to circle 1
    else:
        s.eye[seat] += 1  # LO-13.1, LO-13.2: the next circle
    eye_moved(s)
    events.append({"type": "eye", "seat": seat, "circle": s.eye[seat]})
    if r.team_game:
        team = s.team_seats(seat)
        if all(s.eye[q] >= 1 for q in team):
            finish(s, team, f"team {'-'.join(s.colour[q] for q in team)}: every Eye on circle 1", events)
    elif s.eye[seat] >= (1 if r.mode == "blitz" else 3):
        finish(s, [seat], f"{s.colour[seat]} puts the Eye on circle {s.eye[seat]}", events)


def finish(s: State, winners: list[int], reason: str, events: Events) -> None:
    s.over = True
    s.winners = sorted(winners)
    s.end_reason = reason
    s.stack.clear()
    events.append({"type": "game_over", "winners": s.winners, "reason": reason})


def start_turn(s: State, seat: int, events: Events) -> None:
    limit = s.rules.turn_limit
    if limit is not None and s.turn >= limit:
        finish(s, [], f"turn limit {limit} reached (not a rulebook ending)", events)
        return
    stall = s.rules.stall_turns
    if stall and s.quiet >= stall:
        turns = "1 turn" if stall == 1 else f"{stall} turns"
        finish(s, [], f"{turns} without an Eye moving or a troop reaching a hex its clan had not stood on "
               "since the last Eye move (no-progress ruling, not a rulebook ending)", events)
        return
    if s.rules.dead_end and dead_position(s):
        finish(s, [], "no troop on the board and no way to buy one: nobody can take the centre "
               "(not a rulebook ending)", events)
        return
    s.turn += 1
    s.quiet += 1
    s.current = seat
    s.phase = "tactical"
    s.done.clear()
    s.acting = None
    s.bought = 0
    s.market_used = False
    events.append({"type": "turn", "turn": s.turn, "seat": seat, "colour": s.colour[seat]})
    if s.rules.mode in ("long", "blitz"):
        eye_check(s, seat, events)  # LO-13.2, LO-13.3, LO-13.4 long form: at the start of the turn


def dead_position(s: State) -> bool:
    """With no troop on the board, no pump in play and nobody able to pay for a troop,
    nothing can ever change. Not a rulebook ending: it ends the game (a draw) only when
    the ``dead_end`` option asks for it, as simulations do."""
    if any(k != "hedge" for _o, k in s.pieces.values()) or any(s.pumps):
        return False
    return all(s.water[q] < min(stats(s, q, k).cost for k in TROOP_KINDS) for q in range(s.rules.players))


def next_seat(s: State) -> int:
    """LO-4.5: play goes clockwise from the first player."""
    i = s.order.index(s.current)
    return s.order[(i + 1) % len(s.order)]


# -- the loop ---------------------------------------------------------------------------------


def _economic_apply(s: State, action: str, events: Events) -> None:
    if not apply_economic(s, action, events):  # the turn ends
        events.append({"type": "turn_end", "seat": s.current})
        start_turn(s, next_seat(s), events)


def _diagnose() -> Callable[[State, Decision, object], RuleError]:
    return why_illegal


def _wrong_seat(s: State, deciding: int, asking: int) -> str | RuleError:
    """Seats are named by their clan colour, as at the table (LO-4.1)."""
    if not 0 <= asking < s.rules.players:
        return RuleError("LO-4.1", f"there is no seat {asking + 1} in this {s.rules.players}-player game")
    named = [f"p{q + 1} {s.colour[q]}" if s.colour else f"p{q + 1}" for q in (deciding, asking)]
    return f"it is {named[0]}'s decision, not {named[1]}'s"


_LOOP = frame_loop(
    info=DECISION_INFO, options=OPTIONS, choose=CHOOSE, run=RUN,
    free_kind=attrgetter("phase"), free_options={"tactical": tactical_options, "economic": economic_options},
    free_apply={"tactical": apply_tactical, "economic": _economic_apply}, diagnose=_diagnose,
    over_rule="LO-13", wrong_seat=_wrong_seat,
)
settle = _LOOP.settle  # run the automatic steps (the decision is then ready)
decision = _LOOP.decision
apply_in_place = _LOOP.apply_in_place  # one action, or a RuleError and nothing changed
