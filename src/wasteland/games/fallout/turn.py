"""A survivor's turn: a STAND-IN of our own for the rulebook pages we do not have.

The page we implement (FO-13.1) only says that the round ends once every survivor has
had a turn. To play to a winner the demo needs some turn, so a survivor has
``turn.toml``'s number of actions (chosen: 2), each one of:

* ``move <space>`` to an adjacent space;
* ``fight <enemy>`` a face-up enemy in the survivor's space (see ``fight.py``);
* ``quest`` on a space with a quest marker and no face-up enemy: the reward is the top
  agenda card (FO-13.5), and the marker moves on to the next free quest space;
* ``rest``: regain health;
* ``end``: end the turn early.
"""

from __future__ import annotations

from .agenda import gain
from . import notation as N
from .notation import parse
from .fight import fight
from .influence import finish
from .state import State

Events = list[dict]


def start_turn(s: State, seat: int, events: Events) -> None:
    limit = s.rules.turn_limit
    if limit is not None and s.turns >= limit:
        finish(s, [], f"turn limit {limit} reached (not a rulebook ending)", events)
        return
    s.turns += 1
    s.round_turns += 1
    s.current = seat
    s.actions_left = s.content.turn.actions
    # the turn's number within its round (FO-13.1: a round is every survivor's turn)
    events.append({"type": "turn", "turn": s.round_turns, "round": s.round, "seat": seat})


def quest_open(s: State, seat: int) -> bool:
    here = s.space[seat]
    return here in s.markers and not any(sp == here and up for _t, sp, up in s.enemies.values())


def turn_options(s: State) -> list[str]:
    seat = s.current
    assert seat is not None
    here = s.space[seat]
    out = [N.Move.text(sp) for sp in s.board.graph.neighbours(here)]
    out.extend(N.Fight.text(e) for e, (_t, sp, up) in sorted(s.enemies.items()) if sp == here and up)
    if quest_open(s, seat):
        out.append("quest")
    if s.health[seat] < s.content.turn.track:
        out.append("rest")
    out.append("end")
    return out


def apply_turn(s: State, action: str, events: Events) -> bool:
    """Carry out one action; True when the turn is over."""
    seat = s.current
    assert seat is not None
    a = parse(action)
    verb = a.VERB
    if verb == "end":
        return True
    s.actions_left -= 1
    if verb == "move":
        events.append({"type": "move", "seat": seat, "from": s.space[seat], "to": a.space})
        s.space[seat] = a.space
    elif verb == "fight":
        events.append({"type": "survivor_fights", "seat": seat, "enemy": a.enemy, "space": s.space[seat]})
        fight(s, a.enemy, seat, events, by="survivor")
    elif verb == "quest":
        here = s.space[seat]
        s.quests[seat] += 1
        events.append({"type": "quest", "seat": seat, "space": here})
        _move_marker(s, here, events)
        gain(s, seat, events)
    elif verb == "rest":
        before = s.health[seat]
        s.health[seat] = min(s.content.turn.track, before + s.content.turn.rest)
        events.append({"type": "rest", "seat": seat, "health": s.health[seat], "gained": s.health[seat] - before})
    return s.actions_left <= 0


def _move_marker(s: State, done: str, events: Events) -> None:
    """Chosen: the marker of a completed quest moves to the next quest space (in the
    map's quest order) that has none."""
    quests = s.board.quests
    s.markers.remove(done)
    i = quests.index(done)
    for k in range(1, len(quests) + 1):
        nxt = quests[(i + k) % len(quests)]
        if nxt not in s.markers and nxt != done:
            s.markers.append(nxt)
            events.append({"type": "quest_marker", "from": done, "to": nxt})
            return
    s.markers.append(done)
