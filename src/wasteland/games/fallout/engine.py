"""The decision loop: who must choose what, and what each choice does.

With an empty stack the current survivor takes their (stand-in) turn. A frame on the
stack is a procedure waiting on someone or an automatic step: ``round_end`` and
``activate`` (FO-13.1, FO-13.2), ``order`` choices folded into ``activate``, ``step``
(FO-13.3), ``fight`` (a table's fight result), ``return`` (the hand limit, FO-13.5)
and ``turn_over``. Frames are small dicts, replaced and never mutated.

Rounds (FO-13.4, the digest's engine form): a round ends immediately before the first
player would start a turn. This covers a normal round and the round cut short or
stretched when the agenda deck runs out and the first-player role moves on.
"""

from __future__ import annotations

from typing import Callable

from wasteland.core.frames import Frame, frame_loop
from wasteland.core.protocol import Decision, RuleError

from . import activation
from .agenda import return_card
from .diagnose import why_illegal
from . import notation as N
from .notation import parse
from .fight import parse_result, resolve, result_options
from .influence import check_victory, share_victory
from .state import State
from .turn import apply_turn, start_turn, turn_options

Events = list[dict]

DECISION_INFO = {
    "turn": ("FO-13.1", "your turn (a stand-in turn of our own): move, fight, quest, rest or end"),
    "order": ("FO-13.2", "first player: choose which enemy of the type acts next"),
    "step": ("FO-13.3", "first player: two spaces are equally on a shortest route; choose the enemy's step"),
    "fight": ("FO-13.2", "enter the fight's result: new health and radiation, and whether the enemy was defeated"),
    "return": ("FO-13.5", "more than 4 agenda cards: choose one to shuffle back into the agenda deck"),
    "reveal": ("FO-13.1", "the agenda card is revealed: resolve its enemy icons (resolve)"),
    "share": ("FO-13.5", "another survivor reached the influence target and wins; you have reached it too: "
              "show your agenda cards and share the victory (share), or not (decline)"),
}


# -- frames ------------------------------------------------------------------------------------


def _fight_choose(s: State, f: Frame, action: str, events: Events) -> None:
    health, radiation, defeated = parse_result(action)
    s.stack.pop()
    resolve(s, f["enemy"], f["seat"], health, radiation, defeated, events)


def _return_options(s: State, f: Frame) -> list[str]:
    return [N.Return.text(c) for c in sorted(s.hands[f["seat"]])]


def _return_choose(s: State, f: Frame, action: str, events: Events) -> None:
    s.stack.pop()
    return_card(s, f["seat"], parse(action).card, events)


def _reveal_choose(s: State, f: Frame, action: str, events: Events) -> None:
    """A position written down at the moment a card was revealed (a scenario): resolve it."""
    s.stack[-1] = activation.activate_frame(s, f["resume"], f["card"], f["icons"])
    if f["card"] is not None:
        events.append({"type": "agenda_revealed", "card": f["card"], "icons": list(f["icons"])})
    else:
        events.append({"type": "icons_written", "icons": list(f["icons"])})


def _share_choose(s: State, f: Frame, action: str, events: Events) -> None:
    share_victory(s, f["seat"], action == "share", events)


def _turn_over_run(s: State, f: Frame, events: Events) -> bool:
    s.stack.pop()
    end_turn(s, events)
    return True


OPTIONS: dict[str, Callable[[State, Frame], list[str]]] = {
    "activate": activation.order_options, "step": activation.step_options,
    "fight": lambda s, f: result_options(s), "return": _return_options, "reveal": lambda s, f: ["resolve"],
    "share": lambda s, f: ["share", "decline"],  # FO-13.5: "may" show their cards
}
CHOOSE: dict[str, Callable[[State, Frame, str, Events], None]] = {
    "activate": activation.order_choose, "step": activation.step_choose, "fight": _fight_choose,
    "return": _return_choose, "reveal": _reveal_choose, "share": _share_choose,
}
RUN: dict[str, Callable[[State, Frame, Events], bool]] = {
    "round_end": activation.round_end_run, "activate": activation.activate_run, "turn_over": _turn_over_run,
}
# The choices of the round end are the first player's, whoever holds the role now (FO-13.2,
# FO-13.3, FO-13.4: the role moves on as the deck runs out); the activation asks which
# enemy of the type acts next (``order``).
ASKS: dict[str, Callable[[State, Frame], tuple[int, str]]] = {
    "activate": lambda s, f: (s.first, "order"), "step": lambda s, f: (s.first, "step"),
    "reveal": lambda s, f: (s.first, "reveal"),
}

# The rule behind each event of the round end and of the agenda deck, so that every
# automated step says which paragraph made it (the survivor's stand-in turn cites none).
EVENT_RULES = {
    "round_end": "FO-13.1", "agenda_revealed": "FO-13.1", "icons_written": "FO-13.1", "agenda_discarded": "FO-13.1",
    "type_activates": "FO-13.2", "flipped": "FO-13.2", "enemy_fights": "FO-13.2", "enemy_moves": "FO-13.2",
    "enemy_waits": "FO-13.2", "roll": "FO-13.2", "fight_result": "FO-13.2", "enemy_to_lair": "FO-13.2",
    "enemy_removed": "FO-13.2", "knocked_out": "FO-13.3", "agenda_empty": "FO-13.4", "deck_ran_out": "FO-13.4",
    "agenda_gained": "FO-13.5", "agenda_returned": "FO-13.5", "game_over": "FO-13.5",
    "target_reached": "FO-13.5", "victory_shared": "FO-13.5", "victory_not_shared": "FO-13.5",
}


def cite_rules(events: Events) -> None:
    """Each event with its rule; an enemy's step toward the nearest survivor and a choice
    among equally near survivors cite FO-13.3 too (distance by spaces, the tie-breaks)."""
    for e in events:
        rule = EVENT_RULES.get(e.get("type", ""))
        if rule is None or "rule" in e:
            continue
        e["rule"] = rule
        if e["type"] == "enemy_moves" or (e["type"] == "enemy_fights" and len(e.get("candidates", ())) > 1):
            e["tie_rule"] = "FO-13.3"


# -- turns and rounds ---------------------------------------------------------------------------


def end_turn(s: State, events: Events) -> None:
    seat = s.current
    assert seat is not None
    events.append({"type": "turn_end", "seat": seat})
    nxt = s.order[(s.order.index(seat) + 1) % len(s.order)]
    if nxt == s.first:
        # FO-13.1, FO-13.4 engine form: the round ends just before the first player's turn
        activation.start_round_end(s, nxt, events)
        s.round += 1
        s.round_turns = 0  # FO-13.1: the next round's turns count from 1
    else:
        start_turn(s, nxt, events)


# -- the loop -------------------------------------------------------------------------------------


def _turn_apply(s: State, action: str, events: Events) -> None:
    """One action of the survivor's turn; the turn ends when it has no action left."""
    if apply_turn(s, action, events) and not check_victory(s, events):
        # FO-13.5: a win by this action ends the game before the turn does
        if s.stack:
            # a fight result or a card to put back is still open: the turn ends after it
            s.stack.insert(0, {"kind": "turn_over", "seat": s.current})
        else:
            end_turn(s, events)


def _diagnose() -> Callable[[State, Decision, object], RuleError]:
    return why_illegal


# FO-13.5: the game ends the moment a survivor reaches the target, so the loop checks it
# before every step (``check_victory`` also says True once the game is over).
_LOOP = frame_loop(
    info=DECISION_INFO, options=OPTIONS, choose=CHOOSE, run=RUN, asks=ASKS,
    free_kind="turn", free_options={"turn": turn_options}, free_apply={"turn": _turn_apply},
    diagnose=_diagnose, over_rule="FO-13.5", stop=check_victory,
    wrong_seat=lambda s, deciding, asking: f"it is survivor {deciding + 1}'s decision, not survivor {asking + 1}'s",
)
settle = _LOOP.settle  # run the automatic steps (the decision is then ready)
decision = _LOOP.decision


def apply_in_place(s: State, action: str, seat: int | None = None) -> Events:
    """Apply one action, or raise RuleError without changing anything; every event of
    the round end says which paragraph made it."""
    events = _LOOP.apply_in_place(s, action, seat)
    cite_rules(events)
    return events
