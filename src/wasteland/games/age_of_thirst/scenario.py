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
    quiet = 0                   # turns without progress (no-progress ruling, not a rule: progress.py)

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
    ground = ["-6,1"]           # hexes its troops stood on since the last Eye move (no-progress ruling;
                                # where its troops stand are always among them)

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
is not a hex of the board``; a position the rules forbid also carries the rule's anchor
as the error's rule (``LO-11`` for a sixth card in hand), a key of the wrong form the rule
``scenario``.

A position the engine writes (``scenario_write.to_text``: the companion's corrections, a
test keeping a position) also names the engine's own parts: ``[state]`` ``rng``, ``seats``,
``over``, ``winners`` and ``end_reason``, the ``[[procedure]]`` tables (the set-up and the
extraction's pending steps) and ``[chance]`` (``scenario_procedures``). Every key is listed
in docs/age-of-thirst-scenarios.md.
"""

from __future__ import annotations

from typing import Any

from wasteland.core.protocol import RuleError
from wasteland.core.scenario_fields import scenario_document
from wasteland.core.state_check import StateError

from .combat import health
from .content import COLOURS, KINDS, TROOP_KINDS
from .economy import BUY_LIMIT, HAND_LIMIT
from .engine import settle
from .scenario_fields import ScenarioError, flag, keys, names, shown, text, whole
from .scenario_procedures import check_room, read_chance, read_procedures
from .progress import standing
from .setup import new_game
from .spec import SPEC
from .state import State
from .validate import check_rules, scenario_key

__all__ = ["ScenarioError", "build_scenario", "scenario_from_text"]

STATE_KEYS = {"turn", "current", "phase", "first", "acting", "bought", "market_used", "quiet"}
# the engine's own parts, written by scenario_write.to_text (scenario_procedures.py)
ENGINE_KEYS = {"rng", "seats", "over", "winners", "end_reason"}
CLAN_KEYS = {"colour", "water", "pumps", "levels", "injections", "statuses", "hand", "eye", "barred", "ground"}
PIECE_KEYS = {"hex", "colour", "kind", "damage", "acted"}
DECKS = {"source": "source", "bunker": "bunker", "ray_tower": "tower"}  # scenario name -> state prefix
TOP_KEYS = {"game", "seed", "config", "state", "clan", "piece", "decks", "procedure", "chance"}
PHASES = ("setup", "tactical", "economic")


def scenario_from_text(text: str, origin: str = "scenario") -> State:
    return build_scenario(scenario_document(text, origin), origin)


def build_scenario(data: dict[str, Any], origin: str = "scenario") -> State:
    keys(data, TOP_KEYS, origin)
    if data.get("game", "age-of-thirst") != "age-of-thirst":
        raise ScenarioError(origin, f"game {data['game']!r} is not age-of-thirst")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:  # as a record's seed
        raise ScenarioError(f"{origin}: seed", "must be a whole number from 0 to 2^63-1")
    config = data.get("config", {})
    if not isinstance(config, dict):
        raise ScenarioError(f"{origin}: [config]", "must be a table")
    try:
        SPEC.validate(config)  # each option's type and range, then the combination
        s = new_game(config, seed)[0]
    except RuleError as exc:
        rule = exc.rule if exc.rule.startswith("LO-") else "scenario"
        raise ScenarioError(f"{origin}: [config]", exc.message if rule != "scenario" else
                            f"{exc.message} [{exc.rule}]", rule) from None
    if not any(key in data for key in ("state", "clan", "piece", "decks", "procedure", "chance")):
        return s  # the set-up itself
    _Builder(s, origin).build(data)
    return s


def _rng(value: Any, where: str) -> int:
    if not isinstance(value, str) or len(value) != 16 or any(c not in "0123456789abcdef" for c in value):
        raise ScenarioError(where, f"the generator is 16 hex digits, not {value!r}")
    return int(value, 16)


class _Builder:
    def __init__(self, s: State, origin: str) -> None:
        self.s = s
        self.origin = origin
        self.content = s.static.content
        self.ground: dict[int, int] = {}  # seat -> the hexes its [[clan]] ground names, as bits

    def at(self, where: str) -> str:
        return f"{self.origin}: {where}"

    def seat_of(self, colour: Any, where: str) -> int:
        if not isinstance(colour, str) or colour not in self.s.colour:
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
                                                "and the scenario names more", "LO-A")
        cards.reverse()  # take the copy nearest the bottom, so the seed's top cards stay on top
        cards.remove(card)
        cards.reverse()
        return card

    def build(self, data: dict[str, Any]) -> None:
        s = self.s
        st = keys(data.get("state", {}), STATE_KEYS | ENGINE_KEYS, self.at("[state]"))
        written = "rng" in st  # the engine wrote it: every part is named (scenario_write.py)
        if written:
            s.rng = _rng(st["rng"], self.at("[state] rng"))
        if "seats" in st:
            self.seats(st["seats"])
        n = s.rules.players
        phase = st.get("phase", "tactical")
        if phase not in PHASES or (phase == "setup" and "procedure" not in data):
            raise ScenarioError(self.at("[state] phase"), f"{phase!r} must be tactical or economic (extraction "
                                                          "runs without a stop), or setup with the set-up's "
                                                          "[[procedure]] tables", "LO-7")
        s.phase = phase
        current = self.seat_of(st.get("current", s.colour[0]), "[state] current")
        s.current = current
        procedures = data.get("procedure", [])
        choosing = phase == "setup" and isinstance(procedures, list) and any(
            isinstance(e, dict) and e.get("kind") == "first" for e in procedures)
        if "first" in st or not (written or choosing):
            first = self.seat_of(st.get("first", s.colour[current]), "[state] first")
            start = COLOURS.index(s.colour[first])
            s.order = sorted(range(n), key=lambda q: (COLOURS.index(s.colour[q]) - start) % 6)
        else:
            s.order = []  # the first player is still to be chosen (LO-4.5)
        if phase == "setup":
            s.turn = whole(st.get("turn", 0), self.at("[state] turn"), 0, 0, "LO-4")
        else:
            s.turn = whole(st.get("turn", 1), self.at("[state] turn"), 1)
            if not s.order:
                raise ScenarioError(self.at("[state] first"), "a turn is played once the first player is known",
                                    "LO-4.5")
        s.quiet = whole(st.get("quiet", 0), self.at("[state] quiet"), 0)
        s.bought = whole(st.get("bought", 0), self.at("[state] bought"), 0, BUY_LIMIT, "LO-7.4")
        s.market_used = flag(st.get("market_used", False), self.at("[state] market_used"))
        if phase != "economic" and (s.bought or s.market_used):
            raise ScenarioError(self.at("[state]"), "bought and market_used belong to the economic phase",
                                "LO-7.4")
        over = flag(st.get("over", False), self.at("[state] over"))
        s.stack = read_procedures(self, procedures)
        if over and s.stack:
            raise ScenarioError(self.at("[[procedure]]"), "a game that is over waits on nothing", "LO-13")

        self.clans(data.get("clan", []), over)
        self.pieces(data.get("piece"))
        # the no-progress ruling's ground: where the troops stand, and whatever else a clan names
        s.ground = [m | self.ground.get(q, 0) for q, m in enumerate(standing(s))]
        check_room(self)
        if "acting" in st:
            h = self.hex_of(st["acting"], "[state] acting")
            piece = s.pieces.get(h)
            if phase != "tactical" or piece is None or piece[0] != current or piece[1] == "hedge" or h in s.done:
                raise ScenarioError(self.at("[state] acting"), f"{st['acting']!r} must hold a troop of the "
                                                               "current clan that has not been flipped, in the "
                                                               "tactical phase", "LO-7.1")
            s.acting = h
        self.decks(keys(data.get("decks", {}), {f"{d}_{part}" for d in DECKS for part in ("top", "discard")},
                        self.at("[decks]")))
        self.ending(st, over)
        if "chance" in data:
            s.chance = read_chance(self, data["chance"])
        try:
            check_rules(s)  # the rulebook's limits on the whole position (validate.py)
        except StateError as exc:
            raise ScenarioError(self.at(scenario_key(s, exc.field)), exc.problem, exc.rule) from None
        s.touch()
        if over:
            return
        settle(s, [])
        if s.over:
            raise ScenarioError(self.origin, f"the position is already over ({s.end_reason})", "LO-13")

    def seats(self, seats: Any) -> None:
        """LO-4.5: the draw deals the config's colours to the seats; without it each seat keeps
        its own."""
        s = self.s
        colours = list(s.rules.colours)
        if (not isinstance(seats, list) or sorted(map(str, seats)) != sorted(colours)
                or not all(isinstance(c, str) for c in seats)):
            raise ScenarioError(self.at("[state] seats"), f"must list the colours in play once each "
                                f"({', '.join(colours)}), by seat")
        if seats != colours and not s.rules.draw:
            raise ScenarioError(self.at("[state] seats"), "without the draw ([config] draw) each seat keeps "
                                "the colour the config gives it", "LO-4.5")
        s.colour = list(seats)

    def ending(self, st: dict[str, Any], over: bool) -> None:
        s = self.s
        winners = st.get("winners", [])
        if not isinstance(winners, list):
            raise ScenarioError(self.at("[state] winners"), "must be a list of colours")
        seats = sorted({self.seat_of(c, "[state] winners") for c in winners})
        reason = text(st.get("end_reason", ""), self.at("[state] end_reason"))
        if not over and (seats or reason):
            raise ScenarioError(self.at("[state] winners" if seats else "[state] end_reason"),
                                "only a game that is over ([state] over) has winners and an end", "LO-13")
        if over and not reason:
            raise ScenarioError(self.at("[state] end_reason"), "a game that is over says why", "LO-13")
        if over and seats and len({s.team(q) for q in seats}) != 1:
            raise ScenarioError(self.at("[state] winners"), "the winners are one clan or one team", "LO-13")
        s.over, s.winners, s.end_reason = over, seats, reason

    def clans(self, clans: Any, over: bool) -> None:
        s = self.s
        if not isinstance(clans, list):
            raise ScenarioError(self.at("[[clan]]"), "must be a list of tables ([[clan]])")
        goal = 1 if s.rules.team_game or s.rules.mode == "blitz" else 3
        seen: set[int] = set()
        for i, spec in enumerate(clans):
            where = f"[[clan]] #{i + 1}"
            keys(spec, CLAN_KEYS, self.at(where))
            seat = self.seat_of(spec.get("colour"), f"{where} colour")
            if seat in seen:
                raise ScenarioError(self.at(f"{where} colour"), f"{spec['colour']!r} is given twice")
            seen.add(seat)
            s.water[seat] = whole(spec.get("water", 0), self.at(f"{where} water"), 0)
            levels = spec.get("levels", {})
            keys(levels, set(KINDS), self.at(f"{where} levels"))
            for kind, level in levels.items():
                top = len(self.content.kinds[kind].levels)
                s.levels[seat][KINDS.index(kind)] = whole(level, self.at(f"{where} levels {kind}"), 1, top, "LO-5")
            # LO-13.4: a team wins when all its clans' Eyes stand on circle 1, so one clan's
            # Eye may stand there while the game goes on; alone, reaching the goal ends it.
            # A game that is over may end on it.
            top = goal if s.rules.team_game or over else goal - 1
            s.eye[seat] = whole(spec.get("eye", 0), self.at(f"{where} eye"), 0, top, "LO-13")
            s.barred[seat] = flag(spec.get("barred", False), self.at(f"{where} barred"))
            if s.barred[seat] and not s.rules.team_game:
                raise ScenarioError(self.at(f"{where} barred"), "only a team game bars a clan from the centre",
                                    "LO-13.4")
            if s.barred[seat] and s.eye[seat] < 1:
                raise ScenarioError(self.at(f"{where} barred"), "a clan is barred from the centre only once its "
                                    "Eye has reached circle 1 ([[clan]] eye)", "LO-13.4")
            ground = spec.get("ground", [])
            if not isinstance(ground, list):
                raise ScenarioError(self.at(f"{where} ground"), "must be a list of hexes (\"q,r\")")
            self.ground[seat] = sum({1 << self.hex_of(h, f"{where} ground") for h in ground})
            hand = names(spec.get("hand", []), self.at(f"{where} hand"))
            # more than the limit only while the clan is still to play or discard the excess
            over_limit = any(f["kind"] == "hand" and f["seat"] == seat for f in s.stack)
            if len(hand) > HAND_LIMIT and not over_limit:
                raise ScenarioError(self.at(f"{where} hand"), f"{len(hand)} cards: the hand limit is {HAND_LIMIT} "
                                                              "(a hand procedure lets it play or discard the "
                                                              "excess)", "LO-11")
            s.hands[seat] = sorted(self.take("ray_tower", c, f"{where} hand") for c in hand)
            statuses = names(spec.get("statuses", []), self.at(f"{where} statuses"))
            for c in statuses:
                self.take("ray_tower", c, f"{where} statuses")
                if self.content.towers[c].status is None:
                    raise ScenarioError(self.at(f"{where} statuses"), f"{c!r} is a damage card, not a status "
                                                                      "card", "LO-11")
            s.statuses[seat] = list(statuses)
            injections = spec.get("injections", [])
            if not isinstance(injections, list):
                raise ScenarioError(self.at(f"{where} injections"), "must be a list of [bunker card, troop kind] "
                                                                    "pairs")
            laid = []
            for pair in injections:
                if (not isinstance(pair, list) or len(pair) != 2 or pair[1] not in TROOP_KINDS):
                    raise ScenarioError(self.at(f"{where} injections"), f"{shown(pair)} must be [bunker card, "
                                                                        f"troop kind], a kind of "
                                                                        f"{', '.join(TROOP_KINDS)}", "LO-10.1")
                laid.append([self.take("bunker", pair[0], f"{where} injections"), pair[1]])
            s.injections[seat] = laid
            pumps = whole(spec.get("pumps", 0), self.at(f"{where} pumps"), 0)
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
            keys(spec, PIECE_KEYS, self.at(where))
            h = self.hex_of(spec.get("hex"), f"{where} hex")
            if h in s.pieces:
                raise ScenarioError(self.at(f"{where} hex"), f"{spec['hex']} already holds a token", "LO-3")
            seat = self.seat_of(spec.get("colour"), f"{where} colour")
            kind = spec.get("kind")
            if kind not in KINDS:
                raise ScenarioError(self.at(f"{where} kind"), f"{kind!r} is not one of {', '.join(KINDS)}")
            if kind == "hedge" and h in s.board.special:
                raise ScenarioError(self.at(f"{where} hex"), "a hedge never grows on the Last Oasis, a source, "
                                                             "a bunker or a ray tower", "LO-6.4")
            s.pieces[h] = (seat, kind)
            limit = self.content.kinds[kind].max_on_board
            if s.count(seat, kind) > limit:
                raise ScenarioError(self.at(where), f"{s.colour[seat]} has more than {limit} {kind} tokens",
                                    "LO-2")
            damage = whole(spec.get("damage", 0), self.at(f"{where} damage"), 0, health(s, seat, kind) - 1, "LO-7.2")
            if damage:
                s.damage[h] = damage
            if flag(spec.get("acted", False), self.at(f"{where} acted")):
                if s.phase != "tactical" or seat != s.current or kind == "hedge":
                    raise ScenarioError(self.at(f"{where} acted"), "only the current clan's troops are flipped, "
                                                                   "in its tactical phase", "LO-7.1")
                s.done.add(h)

    def decks(self, decks: dict[str, Any]) -> None:
        s = self.s
        for deck, prefix in DECKS.items():
            discard = [self.take(deck, c, f"[decks] {deck}_discard")
                       for c in names(decks.get(f"{deck}_discard", []), self.at(f"[decks] {deck}_discard"))]
            setattr(s, f"{prefix}_discard", discard)
            top = [self.take(deck, c, f"[decks] {deck}_top")
                   for c in names(decks.get(f"{deck}_top", []), self.at(f"[decks] {deck}_top"))]
            getattr(s, f"{prefix}_deck").extend(reversed(top))  # the last element is drawn first
