"""Game configuration: player count, mode, teams, colours (LO-4, LO-13).

A :class:`Rules` object is derived once per config and shared by every state of it.
Config keys (all but ``players`` optional):

* ``players`` 2-6 (default: the team format's count, else 2);
* ``mode`` ``normal`` | ``long`` | ``blitz`` (LO-13.1, LO-13.2, LO-13.3; team games: normal or long);
* ``teams`` ``2x2`` | ``3x3`` | ``2x2x2`` | ``2x3`` (LO-13.4, LO-13.5), and ``lineup``: the
  teams as lists of colours (default: the first legal line-up for the chosen colours); five
  players always play ``2x3``, the rulebook's only five-player game (LO-13.5);
* ``colours``: the clan colour of each seat (default below);
* ``draw``: true for the red-token draw (LO-4.5): colours are dealt to the seats at random
  and red starts; otherwise the table picks the first player (a set-up decision). Not in
  team games, whose players choose their colours (ruling, LO-13.4, LO-13.5);
* ``stall_turns``: not in the rulebook; ends a game as a draw after that many turns in a
  row in which no token entered or left the board and no Eye moved (default 0: off). A
  position where nobody can ever reach the centre (a lone troop walled in by its own
  level-3 hedges, nobody else left) would otherwise never end: the simulator turns it on;
* ``dead_end``: not in the rulebook; true ends a game as a draw once no troop is on the
  board, no pump is in play and nobody can pay for a troop (default false);
* ``turn_limit``: not in the rulebook; a simulation aid that ends a game as a draw after
  that many turns (default: none).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from wasteland.core.params import of_config
from wasteland.core.protocol import RuleError

from .content import COLOURS
from .spec import SPEC, TEAM_FORMATS

# The options' ranges, values and defaults are the spec's (``Option.take``); the line-up
# is the one key no option states (a team game's teams, LO-13.4).
OPTION = {o.name: o for o in SPEC.options}
# Chosen defaults: evenly spread seats, red always present so the draw works (LO-4.5).
DEFAULT_COLOURS = {
    2: ("red", "blue"),
    3: ("red", "white", "violet"),
    4: ("black", "red", "white", "blue"),
    5: ("black", "red", "yellow", "blue", "violet"),  # white sits out, as in the LO-13.5 example
    6: COLOURS,
}


class ConfigError(RuleError):
    def __init__(self, message: str, rule: str = "LO-4.1") -> None:
        super().__init__(rule, message)


def _pos(colour: str) -> int:
    return COLOURS.index(colour)


def neighbours(a: str, b: str) -> bool:
    return (_pos(a) - _pos(b)) % 6 in (1, 5)


def contiguous(team: list[str]) -> bool:
    """Colours that form one run of neighbours on the clockwise cycle (LO-13.4)."""
    ps = sorted(_pos(c) for c in team)
    return any(all((ps[(i + k) % len(ps)] - ps[(i + k - 1) % len(ps)]) % 6 == 1 for k in range(1, len(ps)))
               for i in range(len(ps)))


@dataclass(frozen=True)
class Rules:
    players: int
    mode: str
    teams: str | None
    lineup: tuple[tuple[str, ...], ...]  # teams as colours; one team per player outside team games
    colours: tuple[str, ...]  # colours in play, by seat before any draw
    draw: bool
    turn_limit: int | None
    stall_turns: int = 0
    dead_end: bool = False
    # a designer's tuned set (``params.py``): the game's content is derived with it
    params: tuple[tuple[str, int], ...] = ()

    @property
    def team_game(self) -> bool:
        return self.teams is not None

    def to_config(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": self.players, "mode": self.mode, "colours": list(self.colours),
                               "draw": self.draw}
        if self.teams:
            out["teams"] = self.teams
            out["lineup"] = [list(t) for t in self.lineup]
        if self.turn_limit is not None:
            out["turn_limit"] = self.turn_limit
        if self.stall_turns:
            out["stall_turns"] = self.stall_turns
        if self.dead_end:
            out["dead_end"] = True
        if self.params:
            out["params"] = dict(self.params)
        return out

    def key(self) -> str:
        return json.dumps(self.to_config(), sort_keys=True)

    def team_of(self, colour: str) -> int:
        team = self._team_by_colour.get(colour)
        if team is None:
            return next(i for i, t in enumerate(self.lineup) if colour in t)  # StopIteration as before
        return team

    @cached_property
    def _team_by_colour(self) -> dict[str, int]:
        """Each colour's team (the first that lists it), read for every piece of every
        legal-action listing: once per rules, not a scan of the line-up each time."""
        out: dict[str, int] = {}
        for i, t in enumerate(self.lineup):
            for colour in t:
                out.setdefault(colour, i)
        return out


def rules_from_config(config: dict[str, Any]) -> Rules:
    extra = set(config) - set(OPTION) - {"lineup", "params"}
    if extra:
        raise ConfigError(f"unknown config keys: {', '.join(sorted(extra))}")
    # Without a player count, a team format brings its own (2x2: four players); else two.
    teams_given = OPTION["teams"].take(config)
    players = OPTION["players"].take(config, TEAM_FORMATS[teams_given][0] if teams_given else None)
    mode = OPTION["mode"].take(config)
    teams = teams_given
    if players == 5 and teams is None:
        # LO-13.5: the rulebook's five-player game is the 2x3 team game (two against three),
        # played in normal or long form as every team game is; it describes no five-player
        # game of each for themselves, so none is offered.
        teams = "2x3"
    colours = OPTION["colours"].take(config)
    lineup = config.get("lineup")
    if teams is not None:
        need, sizes = TEAM_FORMATS[teams]
        if players != need:
            raise ConfigError(f"a {teams} team game needs {need} players", "LO-13.4")
        if mode == "blitz":
            if teams == "2x3":
                raise ConfigError("five players play the 2x3 team game, in normal or long form", "LO-13.5")
            raise ConfigError("team games are played in normal or long form", "LO-13.4")
        if lineup is None:
            lineup = _default_lineup(teams, colours)
        if (not isinstance(lineup, (list, tuple)) or not all(isinstance(t, (list, tuple)) for t in lineup)
                or not all(isinstance(c, str) for t in lineup for c in t)):
            raise ConfigError(f"the line-up is a list of teams, each a list of colours, not {lineup!r}"[:160],
                              "LO-13.4")
        lineup = [list(t) for t in lineup]
        _check_lineup(teams, sizes, lineup)
        flat = [c for t in lineup for c in t]
        if colours is None:
            colours = sorted(flat, key=_pos)
        if sorted(colours, key=_pos) != sorted(flat, key=_pos):
            raise ConfigError("the line-up must use exactly the colours in play", "LO-13.4")
    else:
        if lineup is not None:
            raise ConfigError("a line-up needs a team format", "LO-13.4")
        if colours is None:
            colours = DEFAULT_COLOURS[players]
        lineup = [[c] for c in colours]
    colours = list(colours)
    if len(colours) != players or len(set(colours)) != players or not set(colours) <= set(COLOURS):
        raise ConfigError(f"{players} distinct clan colours from {COLOURS}", "LO-4.1")
    draw = OPTION["draw"].take(config)
    if draw and teams is not None:
        # Ruling (LO-4.5, LO-13.4, LO-13.5): the blind colour draw is a way of settling who
        # starts in a game of each for themselves. In a team game the players split into
        # teams first and each team is made of players who chose (вибрали) neighbouring
        # colours; the five-player pair chooses (обирають) the colours flanking the empty
        # seat. A blind deal would pick the team-mates by chance, so it is not offered: the
        # table agrees on the first player, as the rulebook's first way says.
        rule = "LO-13.5" if teams == "2x3" else "LO-13.4"
        raise ConfigError("in a team game the players choose their colours, so they are not dealt blind; "
                          "the table agrees on who starts", rule)
    if draw and "red" not in colours:
        raise ConfigError("the draw needs red among the colours: red always starts", "LO-4.5")
    limit = OPTION["turn_limit"].take(config)
    stall = OPTION["stall_turns"].take(config)
    dead_end = OPTION["dead_end"].take(config)
    tuned = of_config(SPEC.name, config)  # a designer's numbers (params.py), kept with the game
    return Rules(players, mode, teams, tuple(tuple(t) for t in lineup), tuple(colours), draw, limit, stall,
                 dead_end, tuple(tuned.items()))


def _check_lineup(teams: str, sizes: tuple[int, ...], lineup: list[list[str]]) -> None:
    if sorted(len(t) for t in lineup) != sorted(sizes):
        raise ConfigError(f"a {teams} game has teams of {sizes}", "LO-13.4")
    flat = [c for t in lineup for c in t]
    if len(set(flat)) != len(flat) or not set(flat) <= set(COLOURS):
        raise ConfigError("each colour in one team only", "LO-13.4")
    if teams == "2x3":
        # LO-13.5: team A flanks the colour not in play; team B is the other three, neighbours.
        absent = next(c for c in COLOURS if c not in flat)
        a = next(t for t in lineup if len(t) == 2)
        b = next(t for t in lineup if len(t) == 3)
        flank = {COLOURS[(_pos(absent) + 1) % 6], COLOURS[(_pos(absent) - 1) % 6]}
        if set(a) != flank or not contiguous(b):
            raise ConfigError("five players: the pair flanks the colour not in play", "LO-13.5")
        return
    for t in lineup:
        if not contiguous(t):
            raise ConfigError(f"team {'-'.join(t)}: a team is made of neighbouring colours", "LO-13.4")


def _default_lineup(teams: str, colours: list[str] | None) -> list[list[str]]:
    need, sizes = TEAM_FORMATS[teams]
    if teams == "2x3":
        chosen = colours or list(DEFAULT_COLOURS[5])
        absent = next(c for c in COLOURS if c not in chosen)
        i = _pos(absent)
        return [[COLOURS[(i - 1) % 6], COLOURS[(i + 1) % 6]], [COLOURS[(i + k) % 6] for k in (2, 3, 4)]]
    chosen = sorted(colours or (DEFAULT_COLOURS[need]), key=_pos)
    size = sizes[0]
    # Try each rotation of the clockwise order until every block is contiguous.
    for shift in range(len(chosen)):
        rot = chosen[shift:] + chosen[:shift]
        blocks = [rot[k:k + size] for k in range(0, len(rot), size)]
        if all(contiguous(b) for b in blocks):
            return blocks
    raise ConfigError(f"no {teams} line-up of neighbouring colours exists for {chosen}", "LO-13.4")
