"""Fights between a survivor and an enemy.

FO-13.2: an enemy's attack is resolved exactly as if the survivor had taken the Fight
action against it. That action is on a page we do not have, so a game is played with
one of two fights (the ``fight`` option):

* ``demo`` (chosen, a stand-in): the survivor rolls one six-sided die from the state's
  generator; a roll of at least the enemy's defence defeats it. The survivor always
  takes the enemy's radiation, and its damage unless the enemy was defeated.
* ``table`` (companion play): the table fights with the real rules and enters the
  result, ``result <health> <radiation> defeated|stands``, as a decision of the
  fighting survivor.

A defeated enemy's token goes back to its type's lair face down (chosen; off the map
if a table's own map has no such space). A survivor whose health is at or below their
radiation is knocked out and wakes up on the start space (chosen).
"""

from __future__ import annotations

from wasteland.core import chance

from .notation import Result, parse

from .state import State

Events = list[dict]


def fight(s: State, enemy: str, seat: int, events: Events, by: str) -> None:
    """Start a fight of ``seat`` with ``enemy`` (``by``: who attacked)."""
    if s.rules.fight == "table":
        s.stack.append({"kind": "fight", "seat": seat, "enemy": enemy, "by": by})
        return
    kind = s.enemies[enemy][0]
    t = s.content.types[kind]
    # at a table: the die thrown
    roll = chance.roll(s, "the survivor's fight die", 6, "FO-13.2", term="fight_die",
                       about=(("survivor", str(seat + 1)), ("enemy", enemy)))
    defeated = roll >= t.defence
    track = s.content.turn.track
    health = max(0, s.health[seat] - (0 if defeated else t.damage))
    radiation = min(track, s.radiation[seat] + t.radiation)
    s.last_roll = [seat, enemy, roll]  # the die lies on the table for all to see
    events.append({"type": "roll", "seat": seat, "enemy": enemy, "roll": roll, "defence": t.defence})
    resolve(s, enemy, seat, health, radiation, defeated, events)


def result_options(s: State) -> list[str]:
    track = s.content.turn.track
    return [Result.text(h, r, end) for end in ("stands", "defeated")
            for h in range(track + 1) for r in range(track + 1)]


def parse_result(action: str) -> tuple[int, int, bool]:
    a = parse(action)
    return a.health, a.radiation, a.fate == "defeated"


def resolve(s: State, enemy: str, seat: int, health: int, radiation: int, defeated: bool, events: Events) -> None:
    kind, space, _up = s.enemies[enemy]
    events.append({"type": "fight_result", "seat": seat, "enemy": enemy, "enemy_type": kind,
                   "health": health, "radiation": radiation, "defeated": defeated,
                   "health_before": s.health[seat], "radiation_before": s.radiation[seat]})
    s.health[seat] = health
    s.radiation[seat] = radiation
    if defeated:
        s.kills[seat] += 1
        lair = s.content.types[kind].lair
        if lair in s.board.graph:
            s.enemies[enemy] = (kind, lair, False)
            events.append({"type": "enemy_to_lair", "enemy": enemy, "space": lair})
        else:
            del s.enemies[enemy]
            events.append({"type": "enemy_removed", "enemy": enemy})
    knock_out(s, seat, events)


def knock_out(s: State, seat: int, events: Events) -> None:
    if s.health[seat] > s.radiation[seat]:
        return
    s.space[seat] = s.board.start
    s.health[seat] = s.content.turn.start_health
    s.radiation[seat] = 0
    events.append({"type": "knocked_out", "seat": seat, "space": s.board.start})
