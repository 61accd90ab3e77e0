"""Scenarios: a readable TOML file that sets up any Age of Thirst position during play.

A scenario starts from a normal set-up (``[config]`` and ``seed``: the decks are
shuffled from the seed) and then puts everything it names in place. Without ``[state]``,
``[[clan]]`` and ``[[piece]]`` it is the set-up itself (the first decision is the
table's choice of the first player, LO-4.5). With any of them the set-up is over: the
troops are the ``[[piece]]`` list and it is a colour's tactical or economic phase.
Clans are named by colour; cards by their id (``strike``, ``regen1``, ``pump``); hexes
as ``"q,r"``. Every card named is taken out of its deck, so the game's card counts
(LO-A) never change: naming a card more often than the game has it is an error.
Example (every key optional)::

    game = "age-of-thirst"
    seed = 3
    [config]                    # as the game's options: players, mode, teams, colours...
    players = 2

    [state]
    turn = 4                    # turns started so far (at least 1)
    current = "red"             # the colour whose turn it is
    phase = "tactical"          # tactical or economic (LO-7)
    first = "red"               # who started: play goes clockwise from it (LO-4.5; default: current)
    acting = "0,-3"             # tactical: the troop that moved and may still attack (LO-7.1)
    bought = 0                  # economic: troops bought this turn, at most 5 (LO-7.4)
    market_used = false         # economic: the black market was used this turn (LO-10.2)
    quiet = 0                   # turns without a token entering or leaving the board (no-progress ruling)

    [[clan]]
    colour = "red"
    water = 12                  # gallons (LO-7.4)
    pumps = 1                   # pump cards in front of the clan (LO-9)
    levels = { skinny = 2, handsome = 1, smart = 1, hedge = 1 }   # species cards, 1-3 (LO-5)
    injections = [["regen1", "skinny"]]   # bunker cards in force: card, troop kind (LO-10.1)
    statuses = ["blindness"]    # ray-tower status cards laid on this clan's cards (LO-11)
    hand = ["strike"]           # ray-tower hand, at most 5 (LO-11)
    eye = 1                     # the Eye's circle (LO-12)
    barred = false              # team games: may not take the centre again (LO-13.4)

    [[piece]]                   # when present, these are all the tokens on the board
    hex = "0,-3"
    colour = "red"
    kind = "skinny"             # skinny, handsome, smart or hedge
    damage = 0                  # damage taken since the last health reset (LO-7.2)
    acted = false               # tactical: already flipped this phase (the current clan's troops)

    [decks]                     # cards not named stay in their deck in the seed's order
    source_top = ["pump", "dry"]        # the next cards drawn, first drawn first
    bunker_top = []
    ray_tower_top = []
    source_discard = ["wet"]    # face up (LO-9 to LO-11)
    bunker_discard = ["neuro1"] # the black market (LO-10.2)
    ray_tower_discard = []

Each error names the file, the table and the field: ``s.toml: [[piece]] #2 hex: '9,9'
is not a hex of the board``. :func:`scenario_text` writes any position in play in this
format, and reading it back gives the same position (the generator state aside).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from wasteland.core.protocol import RuleError

from .combat import health
from .content import COLOURS, KINDS, TROOP_KINDS
from .engine import settle
from .setup import new_game
from .state import State

STATE_KEYS = {"turn", "current", "phase", "first", "acting", "bought", "market_used", "quiet"}
CLAN_KEYS = {"colour", "water", "pumps", "levels", "injections", "statuses", "hand", "eye", "barred"}
PIECE_KEYS = {"hex", "colour", "kind", "damage", "acted"}
DECKS = {"source": "source", "bunker": "bunker", "ray_tower": "tower"}  # scenario name -> state prefix
HAND_LIMIT = 5  # LO-11
BUY_LIMIT = 5  # LO-7.4


class ScenarioError(RuleError):
    def __init__(self, where: str, message: str) -> None:
        super().__init__("scenario", f"{where}: {message}")


def load_scenario(path: str | Path) -> State:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(str(path), f"cannot read ({exc.strerror})") from None
    return scenario_from_text(text, str(path))


def scenario_from_text(text: str, origin: str = "scenario") -> State:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(origin, f"not valid TOML ({exc})") from None
    return build_scenario(data, origin)


def _keys(table: Any, known: set[str], where: str) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise ScenarioError(where, "must be a table")
    unknown = sorted(set(table) - known)
    if unknown:
        raise ScenarioError(where, f"unknown key(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return table


def _int(value: Any, where: str, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise ScenarioError(where, f"{value!r} must be a whole number {span}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(where, f"{value!r} must be true or false")
    return value


def _names(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(where, "must be a list of card names")
    return value


def build_scenario(data: dict[str, Any], origin: str = "scenario") -> State:
    _keys(data, {"game", "seed", "config", "state", "clan", "piece", "decks"}, origin)
    if data.get("game", "age-of-thirst") != "age-of-thirst":
        raise ScenarioError(origin, f"game {data['game']!r} is not age-of-thirst")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(f"{origin}: seed", "must be a whole number")
    config = data.get("config", {})
    if not isinstance(config, dict):
        raise ScenarioError(f"{origin}: [config]", "must be a table")
    try:
        from .spec import SPEC

        SPEC.validate(config)  # each option's type and range, then the combination
        s = new_game(config, seed)[0]
    except RuleError as exc:
        raise ScenarioError(f"{origin}: [config]", f"{exc.message} [{exc.rule}]") from None
    if not any(key in data for key in ("state", "clan", "piece", "decks")):
        return s  # the set-up itself
    _Builder(s, origin).build(data)
    return s


class _Builder:
    def __init__(self, s: State, origin: str) -> None:
        self.s = s
        self.origin = origin
        self.content = s.static.content

    def at(self, where: str) -> str:
        return f"{self.origin}: {where}"

    def seat_of(self, colour: Any, where: str) -> int:
        if colour not in self.s.colour:
            raise ScenarioError(self.at(where), f"{colour!r} is not a colour in play "
                                                f"({', '.join(self.s.colour)})")
        return self.s.colour.index(colour)

    def hex_of(self, text: Any, where: str) -> int:
        h = self.s.board.hex_of(text) if isinstance(text, str) else None
        if h is None:
            raise ScenarioError(self.at(where), f"{text!r} is not a hex of the board (written \"q,r\"; "
                                                "the Last Oasis is 0,0)")
        return h

    def take(self, deck: str, card: Any, where: str) -> str:
        """One copy of ``card`` out of its deck (the set-up holds every card there)."""
        cards: list[str] = getattr(self.s, f"{DECKS[deck]}_deck")
        known = {"source": self.content.sources, "bunker": self.content.bunkers,
                 "ray_tower": self.content.towers}[deck]
        if not isinstance(card, str) or card not in known:
            raise ScenarioError(self.at(where), f"{card!r} is not a {deck.replace('_', '-')} card "
                                                f"({', '.join(known)})")
        if card not in cards:
            raise ScenarioError(self.at(where), f"no {card!r} left: the game has {known[card].count} "
                                                "and the scenario names more (LO-A)")
        cards.reverse()  # take the copy nearest the bottom, so the seed's top cards stay on top
        cards.remove(card)
        cards.reverse()
        return card

    def build(self, data: dict[str, Any]) -> None:
        s = self.s
        st = _keys(data.get("state", {}), STATE_KEYS, self.at("[state]"))
        n = s.rules.players
        current = self.seat_of(st.get("current", s.colour[0]), "[state] current")
        first = self.seat_of(st.get("first", s.colour[current]), "[state] first")
        start = COLOURS.index(s.colour[first])
        s.order = sorted(range(n), key=lambda q: (COLOURS.index(s.colour[q]) - start) % 6)
        s.current = current
        phase = st.get("phase", "tactical")
        if phase not in ("tactical", "economic"):
            raise ScenarioError(self.at("[state] phase"), f"{phase!r} must be tactical or economic (LO-7; "
                                                          "extraction runs without a stop)")
        s.phase = phase
        s.turn = _int(st.get("turn", 1), self.at("[state] turn"), 1)
        s.quiet = _int(st.get("quiet", 0), self.at("[state] quiet"), 0)
        s.bought = _int(st.get("bought", 0), self.at("[state] bought"), 0, BUY_LIMIT)
        s.market_used = _bool(st.get("market_used", False), self.at("[state] market_used"))
        if phase == "tactical" and (s.bought or s.market_used):
            raise ScenarioError(self.at("[state]"), "bought and market_used belong to the economic phase (LO-7.4)")
        s.stack = []  # the set-up decisions are over

        self.clans(data.get("clan", []))
        self.pieces(data.get("piece"))
        if "acting" in st:
            h = self.hex_of(st["acting"], "[state] acting")
            piece = s.pieces.get(h)
            if phase != "tactical" or piece is None or piece[0] != current or piece[1] == "hedge" or h in s.done:
                raise ScenarioError(self.at("[state] acting"), f"{st['acting']!r} must hold a troop of the "
                                                               "current clan that has not been flipped, in the "
                                                               "tactical phase (LO-7.1)")
            s.acting = h
        self.decks(_keys(data.get("decks", {}), {f"{d}_{part}" for d in DECKS for part in ("top", "discard")},
                         self.at("[decks]")))
        s.touch()
        settle(s, [])
        if s.over:
            raise ScenarioError(self.origin, f"the position is already over ({s.end_reason})")

    def clans(self, clans: Any) -> None:
        s = self.s
        if not isinstance(clans, list):
            raise ScenarioError(self.at("[[clan]]"), "must be a list of tables ([[clan]])")
        goal = 1 if s.rules.team_game or s.rules.mode == "blitz" else 3
        seen: set[int] = set()
        for i, spec in enumerate(clans):
            where = f"[[clan]] #{i + 1}"
            _keys(spec, CLAN_KEYS, self.at(where))
            seat = self.seat_of(spec.get("colour"), f"{where} colour")
            if seat in seen:
                raise ScenarioError(self.at(f"{where} colour"), f"{spec['colour']!r} is given twice")
            seen.add(seat)
            s.water[seat] = _int(spec.get("water", 0), self.at(f"{where} water"), 0)
            levels = spec.get("levels", {})
            _keys(levels, set(KINDS), self.at(f"{where} levels"))
            for kind, level in levels.items():
                top = len(self.content.kinds[kind].levels)
                s.levels[seat][KINDS.index(kind)] = _int(level, self.at(f"{where} levels {kind}"), 1, top)
            # LO-13.4: a team wins when all its clans' Eyes stand on circle 1, so one clan's
            # Eye may stand there while the game goes on; alone, reaching the goal ends it.
            top = goal if s.rules.team_game else goal - 1
            s.eye[seat] = _int(spec.get("eye", 0), self.at(f"{where} eye"), 0, top)
            s.barred[seat] = _bool(spec.get("barred", False), self.at(f"{where} barred"))
            if s.barred[seat] and not s.rules.team_game:
                raise ScenarioError(self.at(f"{where} barred"), "only a team game bars a clan from the centre "
                                                                "(LO-13.4)")
            hand = _names(spec.get("hand", []), self.at(f"{where} hand"))
            if len(hand) > HAND_LIMIT:
                raise ScenarioError(self.at(f"{where} hand"), f"{len(hand)} cards: the hand limit is {HAND_LIMIT} "
                                                              "(LO-11)")
            s.hands[seat] = sorted(self.take("ray_tower", c, f"{where} hand") for c in hand)
            statuses = _names(spec.get("statuses", []), self.at(f"{where} statuses"))
            for c in statuses:
                self.take("ray_tower", c, f"{where} statuses")
                if self.content.towers[c].status is None:
                    raise ScenarioError(self.at(f"{where} statuses"), f"{c!r} is a damage card, not a status "
                                                                      "card (LO-11)")
            s.statuses[seat] = list(statuses)
            injections = spec.get("injections", [])
            if not isinstance(injections, list):
                raise ScenarioError(self.at(f"{where} injections"), "must be a list of [card, kind] pairs")
            laid = []
            for pair in injections:
                if (not isinstance(pair, list) or len(pair) != 2 or pair[1] not in TROOP_KINDS):
                    raise ScenarioError(self.at(f"{where} injections"), f"{pair!r} must be [bunker card, troop "
                                                                        f"kind], a kind of {', '.join(TROOP_KINDS)} "
                                                                        "(LO-10.1)")
                laid.append([self.take("bunker", pair[0], f"{where} injections"), pair[1]])
            s.injections[seat] = laid
            pumps = _int(spec.get("pumps", 0), self.at(f"{where} pumps"), 0)
            for _ in range(pumps):
                self.take("source", "pump", f"{where} pumps")
            s.pumps[seat] = pumps

    def pieces(self, pieces: Any) -> None:
        s = self.s
        if pieces is None:
            return
        if not isinstance(pieces, list):
            raise ScenarioError(self.at("[[piece]]"), "must be a list of tables ([[piece]])")
        s.pieces, s.damage, s.done = {}, {}, set()
        for i, spec in enumerate(pieces):
            where = f"[[piece]] #{i + 1}"
            _keys(spec, PIECE_KEYS, self.at(where))
            h = self.hex_of(spec.get("hex"), f"{where} hex")
            if h in s.pieces:
                raise ScenarioError(self.at(f"{where} hex"), f"{spec['hex']} already holds a token (LO-3)")
            seat = self.seat_of(spec.get("colour"), f"{where} colour")
            kind = spec.get("kind")
            if kind not in KINDS:
                raise ScenarioError(self.at(f"{where} kind"), f"{kind!r} is not one of {', '.join(KINDS)}")
            if kind == "hedge" and h in s.board.special:
                raise ScenarioError(self.at(f"{where} hex"), "a hedge never grows on the Last Oasis, a source, "
                                                             "a bunker or a ray tower (LO-6.4)")
            s.pieces[h] = (seat, kind)
            limit = self.content.kinds[kind].max_on_board
            if s.count(seat, kind) > limit:
                raise ScenarioError(self.at(where), f"{s.colour[seat]} has more than {limit} {kind} tokens "
                                                    "(LO-2)")
            damage = _int(spec.get("damage", 0), self.at(f"{where} damage"), 0, health(s, seat, kind) - 1)
            if damage:
                s.damage[h] = damage
            if _bool(spec.get("acted", False), self.at(f"{where} acted")):
                if s.phase != "tactical" or seat != s.current or kind == "hedge":
                    raise ScenarioError(self.at(f"{where} acted"), "only the current clan's troops are flipped, "
                                                                   "in its tactical phase (LO-7.1)")
                s.done.add(h)

    def decks(self, decks: dict[str, Any]) -> None:
        s = self.s
        for deck, prefix in DECKS.items():
            discard = [self.take(deck, c, f"[decks] {deck}_discard")
                       for c in _names(decks.get(f"{deck}_discard", []), self.at(f"[decks] {deck}_discard"))]
            setattr(s, f"{prefix}_discard", discard)
            top = [self.take(deck, c, f"[decks] {deck}_top")
                   for c in _names(decks.get(f"{deck}_top", []), self.at(f"[decks] {deck}_top"))]
            getattr(s, f"{prefix}_deck").extend(reversed(top))  # the last element is drawn first


def _toml(value: Any) -> str:
    """A TOML value for the plain data a scenario holds (JSON spells these the same way)."""
    import json

    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    return json.dumps(value)


def scenario_text(s: State) -> str:
    """The scenario of a position in play (a tactical or economic phase with no decision of
    another kind pending): reading it back gives the same position, deck order included
    (every deck is written out as its top), the generator state aside. Colours dealt by
    the draw (LO-4.5) are written as the config's colours."""
    if s.stack or s.over or s.phase not in ("tactical", "economic"):
        raise ScenarioError("scenario", "only a tactical or economic phase with nothing else pending can be "
                                        "written as a scenario")
    config = {**s.rules.to_config(), "colours": list(s.colour), "draw": False}
    names = s.board.names
    out = ['game = "age-of-thirst"', "seed = 0", "", "[config]"]
    out += [f"{k} = {_toml(v)}" for k, v in config.items()]
    state = {"turn": s.turn, "current": s.colour[s.current], "phase": s.phase, "first": s.colour[s.order[0]],
             "quiet": s.quiet}
    if s.acting is not None:
        state["acting"] = names[s.acting]
    if s.phase == "economic":
        state.update(bought=s.bought, market_used=s.market_used)
    out += ["", "[state]"] + [f"{k} = {_toml(v)}" for k, v in state.items()]
    for q, colour in enumerate(s.colour):
        clan = {"colour": colour, "water": s.water[q], "pumps": s.pumps[q],
                "levels": dict(zip(KINDS, s.levels[q])), "injections": s.injections[q],
                "statuses": s.statuses[q], "hand": s.hands[q], "eye": s.eye[q]}
        if s.rules.team_game:
            clan["barred"] = s.barred[q]
        out += ["", "[[clan]]"] + [f"{k} = {_toml(v)}" for k, v in clan.items()]
    for h, (owner, kind) in sorted(s.pieces.items()):
        piece = {"hex": names[h], "colour": s.colour[owner], "kind": kind, "damage": s.damage.get(h, 0),
                 "acted": h in s.done}
        out += ["", "[[piece]]"] + [f"{k} = {_toml(v)}" for k, v in piece.items()]
    out += ["", "[decks]"]
    for deck, prefix in DECKS.items():
        out.append(f"{deck}_top = {_toml(list(reversed(getattr(s, f'{prefix}_deck'))))}")
        out.append(f"{deck}_discard = {_toml(getattr(s, f'{prefix}_discard'))}")
    return "\n".join(out) + "\n"
