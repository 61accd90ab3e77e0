"""The no-progress draw (``stall_turns``): a simulation bound, not a rulebook ending.

Progress is an Eye moving (LO-12, LO-13) or a troop standing on a hex no troop of its clan
has stood on since the last Eye move (its clan's *ground*). Tokens bought and lost are not
progress: random play can buy troops and shoot them with its own (friendly fire is legal,
LO-7.1) for ever, each time on the same few hexes. One such game (2 players, long form,
seed 1443892) walled its own troops in behind level-3 hedges their 1-attack shots can never
fell (LO-5, LO-6.4, LO-7.2), kept a pump nobody's source draw ever took back (LO-9) and
bought and shot a troop every other turn: with "a token entering or leaving the board" as
progress the draw never came (3,000,000 actions).

Counted this way the draw always comes. Between two Eye moves a clan's ground only grows, to
at most the board's 127 hexes; an Eye never moves back and the game is won by circle 3
(circle 1 in blitz and team games), so it moves at most 2P + 1 times in P seats. With
``stall_turns`` N, at most N turns pass after each progress, so a game lasts at most
(N + 1) x (2P + 2) x (127 P + 1) turns: 154,530 for two players and N = 100. Without the
draw nothing bounds random play (``turn_limit`` aside): this game never ends.
"""

from __future__ import annotations

from .state import State


def tread(s: State, seat: int, h: int) -> None:
    """A troop of ``seat`` stands on hex ``h`` (placed, bought or moved there)."""
    bit = 1 << h
    if not s.ground[seat] & bit:
        s.ground[seat] |= bit
        s.quiet = 0


def eye_moved(s: State) -> None:
    """An Eye moved: progress, and every clan's ground starts again from where its troops stand."""
    s.quiet = 0
    s.ground = standing(s)


def standing(s: State) -> list[int]:
    """Per seat, the hexes its troops stand on (as a set of bits)."""
    out = [0] * s.rules.players
    for h, (seat, kind) in s.pieces.items():
        if kind != "hedge":
            out[seat] |= 1 << h
    return out


def hexes(mask: int) -> list[int]:
    """The hexes of a set of bits, in order."""
    return [h for h in range(mask.bit_length()) if mask >> h & 1]
