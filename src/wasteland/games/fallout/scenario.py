"""Positions: a TOML file in which a table writes down what stands on its board.

The typical use is companion play: the table has just revealed an agenda card at the
end of a round and wants every enemy's action with its reason. Write the position,
then ``wasteland apply position.toml resolve``: the JSON's events give, for each
enemy, what it does (``enemy_fights`` / ``enemy_moves`` / ``enemy_waits``), its target
survivor, the distance in spaces, the reason (same space, ranged and adjacent, or a
step toward the nearest survivor), which tie-break decided (FO-13.3) and how its step
was chosen. Decisions the page leaves to the first player (which enemy of a type acts
next, which of two equally short routes) and, with ``fight = "table"``, each fight's
result come back as the pending decision; pass them as further actions.

Example (every key but ``game`` is optional: with no survivor written, one stands on the
start space at full health; with no ``[agenda]`` mode, it is survivor 1's turn)::

    game = "fallout"
    seed = 7                 # the generator for anything not written down (deck order, demo fights)
    fight = "table"          # "table" (default): you enter each fight's result; "demo": the chosen die fight
    map = "demo"             # the demo map by name, or a [map] table of your own (below)
    first = 2                # the survivor holding the agenda deck (1 = the first one listed)

    [[survivor]]             # in turn order; the first listed is survivor 1
    space = "super_duper_mart"
    health = 9               # both markers on the track 0-12, health above radiation
    radiation = 2
    hand = ["a03", "a07"]    # agenda cards held (at most 4, FO-13.5)
    kills = 1                # enemies defeated and quests completed so far (agenda requirements)
    quests = 2

    [[survivor]]
    space = "raider_camp"
    health = 6
    radiation = 1

    [[enemy]]
    type = "mole_rat"        # one of: mole_rat, radroach, marauder, ghoul, super_mutant
    space = "super_duper_mart"
    side = "up"              # "up" = active, "down" = not yet flipped
    # ranged = true          # this enemy shows the ranged icon (FO-13.2); left out: its type's

    [agenda]
    revealed = "a02"         # the card just revealed; or icons = ["marauder", "mole_rat"] for a
                             # card of your own (each icon an enemy type); or turn = 1 (below)
    discard = ["a11"]        # the face-up discard pile, oldest first
    # deck = [...]           # the deck, top card last; when left out: every card not named
                             # elsewhere, shuffled with the seed

    [track]                  # faction token steps on the scenario track
    brotherhood = 2
    railroad = 1

Instead of a revealed card, ``turn = N`` in ``[agenda]`` starts survivor N's turn
(``actions_left`` optional).

A map of your own replaces ``map = "demo"``::

    [map]
    name = "our table"
    start = "a"              # where a knocked-out survivor wakes up
    quests = ["c"]           # quest spaces, and the ones with a marker now
    markers = ["c"]
    [[map.space]]
    id = "a"
    adjacent = ["b", "c"]    # adjacency is symmetric: list each road once or twice
    [[map.space]]
    id = "b"
    adjacent = ["c"]
    [[map.space]]
    id = "c"

A position the engine wrote (``scenario_write.to_text``, the companion's corrections)
also names the engine's own parts: ``[config]`` (the rules' first player and turn limit),
``[state]`` (generator, round, turns, turn order, markers, the revealed card...), each
enemy's ``id``, ``[[procedure]]`` and ``[chance]`` (see ``scenario_procedures`` and
docs/fallout-scenarios.md). With ``[state]`` the procedures are written out, so
``[agenda]`` holds only the deck and the discard pile.

Survivors must stand on the map's spaces and enemies on its spaces; enemy types and
agenda card ids are the demo's. Any mistake (an enemy on a space that does not exist,
a marker off the track, a fifth card in a hand, an icon that names no enemy type, an
unknown key) is one error naming the field; nothing is loaded.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from wasteland.core.protocol import RuleError
from wasteland.core.rng import seed_state, shuffle
from wasteland.core.scenario_fields import ScenarioError, scenario_document

from .config import FIGHTS, TARGETS, rules_from_config
from .content import HAND_LIMIT, ContentError, MapDef, Side, decode_map, load_content
from .engine import decision, settle
from .scenario_procedures import read_chance, read_procedures
from .state import State, static_for
from .validate import StateError, check_state


class SurvivorDef(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    space: str
    health: int
    radiation: int = 0
    hand: list[str] = []
    kills: int = 0
    quests: int = 0


class EnemyDef(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    type: str
    space: str
    side: Side = "up"
    id: str | None = None  # "mole_rat#2"; left out: the next free number of its type
    ranged: bool | None = None  # FO-13.2: this enemy's ranged icon; left out: its type's


class ConfigDef(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    first_player: int | None = None  # the survivor who held the deck when the game began
    turn_limit: int | None = None  # not a rulebook ending: a bound for simulations
    params: dict[str, int] | None = None  # a designer's tuned set (params.py), checked by the rules


class StateDef(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    rng: str  # the generator, 16 hex digits
    round: int = 1
    turns: int = 0
    round_turns: int | None = None  # turns started in this round (FO-13.1); left out: 1 in a turn, else 0
    order: list[int] | None = None  # survivors in turn order; left out: as listed
    current: int | None = None  # the survivor taking a turn; left out during a round end
    actions_left: int = 0
    markers: list[str] | None = None  # quest spaces with a marker; left out: the map's
    revealed: str | None = None  # the agenda card being resolved (FO-13.1)
    last_roll: tuple[int, str, int] | None = None  # survivor, enemy, die of the latest demo fight
    over: bool = False
    winners: list[int] = []
    end_reason: str = ""


class AgendaDef(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    revealed: str | None = None
    icons: list[str] | None = None
    turn: int | None = None
    actions_left: int | None = None
    discard: list[str] = []
    deck: list[str] | None = None


#: a seed is what a record and the server hold: 0 to 2^63-1 (a scenario may be played on)
Seed = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]


class PositionDef(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    game: str
    seed: Seed = 0
    fight: str = "table"
    map: str | MapDef = "demo"
    first: int = 1
    survivor: list[SurvivorDef] = []
    enemy: list[EnemyDef] = []
    agenda: AgendaDef = msgspec.field(default_factory=AgendaDef)
    track: dict[str, int] = {}
    config: ConfigDef | None = None
    state: StateDef | None = None
    procedure: list[dict[str, Any]] = []
    chance: dict[str, Any] | None = None


def scenario_from_text(text: str, origin: str = "scenario") -> State:
    return scenario_from_data(scenario_document(text, origin), origin)


def _field(exc: msgspec.ValidationError) -> str:
    """msgspec's ``... - at `$.survivor[0].health``` as ``survivor 1.health``."""
    msg = str(exc)
    if " - at `$." not in msg:
        return msg
    problem, _, where = msg.partition(" - at `$.")
    where = where.rstrip("`")
    parts = []
    for bit in where.replace("]", "").split("."):
        name, _, idx = bit.partition("[")
        parts.append(f"{name} {int(idx) + 1}" if idx else name)
    return f"{'.'.join(parts)}: {problem}"


def scenario_from_data(data: dict[str, Any], origin: str = "scenario") -> State:
    if data.get("game") != "fallout":
        raise ScenarioError("game", f"this reader is for game = \"fallout\", not {data.get('game')!r}")
    try:
        pos = msgspec.convert(data, PositionDef)
    except msgspec.ValidationError as exc:
        raise ScenarioError(origin, _field(exc)) from None
    content = load_content()
    if not pos.survivor:  # nothing written: one survivor on the start space, full health
        start = pos.map.start if isinstance(pos.map, MapDef) else content.board.start
        pos.survivor = [SurvivorDef(space=start, health=content.turn.start_health)]
    n = len(pos.survivor)
    if n not in TARGETS:
        raise ScenarioError("survivor", f"{n} survivors; the game has 1 to 4 (FO-13.5)", "FO-13.5")
    if pos.fight not in FIGHTS:
        raise ScenarioError("fight", f"must be one of {', '.join(FIGHTS)}, not {pos.fight!r}", "FO-13.2")
    if not 1 <= pos.first <= n:
        raise ScenarioError("first", f"survivor {pos.first} does not exist (1-{n})", "FO-13.4")
    board_json = None
    if isinstance(pos.map, str):
        if pos.map != content.board.name:
            raise ScenarioError("map", f"unknown map {pos.map!r}; write {content.board.name!r} or a [map] table")
    else:
        try:
            board_json = decode_map(msgspec.to_builtins(pos.map), origin).to_json()
        except ContentError as exc:
            raise ScenarioError("map", str(exc)) from None
    cfg = pos.config or ConfigDef()
    first_player = pos.first if cfg.first_player is None else cfg.first_player
    if not 1 <= first_player <= n:
        raise ScenarioError("config.first_player", f"survivor {first_player} does not exist (1-{n})", "FO-13.4")
    try:
        tuned = {} if cfg.params is None else {"params": cfg.params}
        rules = rules_from_config({"players": n, "fight": pos.fight, "first_player": first_player - 1,
                                   "turn_limit": cfg.turn_limit, **tuned})
    except RuleError as exc:
        raise ScenarioError("config", exc.message, exc.rule) from None
    s = State(static_for(rules.to_config(), board_json))
    s.rng = seed_state(pos.seed) if pos.state is None else _rng(pos.state.rng)
    g = s.board.graph
    track = content.turn.track
    s.order = list(range(n))
    s.first = pos.first - 1
    held: dict[str, str] = {}

    def place(card: str, where: str, rule: str = "FO-13.5") -> None:
        if card not in content.cards:
            raise ScenarioError(where, f"{card!r} is not an agenda card ({', '.join(list(content.cards)[:3])}...)", rule)
        if card in held:
            raise ScenarioError(where, f"card {card} is already in {held[card]}", rule)
        held[card] = where

    for i, sv in enumerate(pos.survivor, 1):
        f = f"survivor {i}"
        if sv.space not in g:
            raise ScenarioError(f"{f}.space", f"{sv.space!r} is not a space of the map", "FO-13.3")
        for name in ("health", "radiation"):
            v = getattr(sv, name)
            if not 0 <= v <= track:
                raise ScenarioError(f"{f}.{name}", f"{v} is off the track 0-{track}", "FO-13.3")
        if sv.health <= sv.radiation:
            raise ScenarioError(f"{f}.health", f"health {sv.health} at or below radiation {sv.radiation}: "
                                "that survivor is knocked out, not on the board", "FO-13.3")
        # FO-13.5: a fifth card is held only while its holder chooses one to put back
        returning = any(p.get("kind") == "return" and p.get("seat") == i for p in pos.procedure)
        if len(sv.hand) > HAND_LIMIT + returning:
            raise ScenarioError(f"{f}.hand", f"{len(sv.hand)} agenda cards; a hand holds at most {HAND_LIMIT}",
                                "FO-13.5")
        for c in sv.hand:
            place(c, f"{f}.hand")
        if sv.kills < 0 or sv.quests < 0:
            raise ScenarioError(f, "kills and quests cannot be negative")
    s.space = [sv.space for sv in pos.survivor]
    s.health = [sv.health for sv in pos.survivor]
    s.radiation = [sv.radiation for sv in pos.survivor]
    s.kills = [sv.kills for sv in pos.survivor]
    s.quests = [sv.quests for sv in pos.survivor]
    s.hands = [list(sv.hand) for sv in pos.survivor]

    for i, en in enumerate(pos.enemy, 1):
        if en.type not in content.types:
            raise ScenarioError(f"enemy {i}.type", f"{en.type!r} is not an enemy type ({', '.join(content.types)})",
                                "FO-13.2")
        if en.space not in g:
            raise ScenarioError(f"enemy {i}.space", f"{en.space!r} is not a space of the map", "FO-13.2")
    ids = _enemy_ids(pos.enemy)
    s.enemies = {e: (en.type, en.space, en.side == "up") for e, en in zip(ids, pos.enemy)}
    s.ranged = {e: en.ranged for e, en in zip(ids, pos.enemy)
                if en.ranged is not None and en.ranged != content.types[en.type].ranged}
    s.markers = list(s.board.markers)
    if pos.state is not None:
        if pos.state.revealed is not None:
            place(pos.state.revealed, "state.revealed", "FO-13.1")
        _read_state(s, pos.state, n)

    a = pos.agenda
    modes = [m for m, on in (("revealed", a.revealed is not None), ("icons", a.icons is not None),
                             ("turn", a.turn is not None)) if on]
    if pos.state is not None:
        if modes:
            raise ScenarioError(f"agenda.{modes[0]}", "a position with [state] writes its procedures out "
                                "([[procedure]]): [agenda] holds only the deck and the discard pile", "FO-13.1")
    else:
        if pos.procedure or pos.chance is not None:
            raise ScenarioError("procedure", "[[procedure]] and [chance] are written with [state] (an engine's "
                                "position), not without it")
        if not modes:
            a.turn = 1  # nothing written: survivor 1's turn
            modes = ["turn"]
    if pos.state is None and len(modes) != 1:
        raise ScenarioError("agenda", "write exactly one of revealed (a card just revealed), icons (a card of "
                            "your own) and turn (a survivor's turn)", "FO-13.1")
    if a.revealed is not None:
        place(a.revealed, "agenda.revealed", "FO-13.1")
    if a.icons is not None:
        if not a.icons:
            raise ScenarioError("agenda.icons", "a card shows at least one enemy icon", "FO-13.1")
        for k, icon in enumerate(a.icons, 1):
            if icon not in content.types:
                raise ScenarioError(f"agenda.icons {k}", f"{icon!r} names no enemy type "
                                    f"({', '.join(content.types)})", "FO-13.2")
    for k, c in enumerate(a.discard, 1):
        place(c, f"agenda.discard {k}")
    s.discard = list(a.discard)
    if a.deck is not None:
        for k, c in enumerate(a.deck, 1):
            place(c, f"agenda.deck {k}")
        missing = [c for c in content.cards if c not in held]
        if missing:
            raise ScenarioError("agenda.deck", f"cards named nowhere: {', '.join(missing)} (list them in the deck, "
                                "or leave the deck out)", "FO-13.5")
        s.deck = list(a.deck)
    else:
        s.deck = [c for c in content.cards if c not in held]
        shuffle(s, s.deck)

    factions = content.factions
    unknown = sorted(set(pos.track) - set(factions))
    if unknown:
        raise ScenarioError(f"track.{unknown[0]}", f"not a faction of the scenario track ({', '.join(factions)})",
                            "FO-13.4")
    s.factions = [pos.track.get(fd.id, fd.start) for fd in content.track.faction]
    # the last step ends the game (agenda.run_out): only a finished game stands on it
    last = content.track.length - (0 if pos.state is not None and pos.state.over else 1)
    for fid, step in zip(factions, s.factions):
        if not 0 <= step <= last:
            raise ScenarioError(f"track.{fid}", f"step {step} is off the track 0-{last}", "FO-13.4")

    if pos.state is not None:
        s.stack = read_procedures(s, pos.procedure)
        chance = read_chance(pos.chance, n) if pos.chance is not None else None
        return _finish(s, chance)
    if a.turn is not None:
        if not 1 <= a.turn <= n:
            raise ScenarioError("agenda.turn", f"survivor {a.turn} does not exist (1-{n})")
        s.current = a.turn - 1
        s.actions_left = a.actions_left if a.actions_left is not None else content.turn.actions
        if not 1 <= s.actions_left <= content.turn.actions:
            raise ScenarioError("agenda.actions_left", f"must be 1-{content.turn.actions}")
        s.turns = 1
        s.round_turns = 1
    else:
        s.revealed = a.revealed
        icons = list(content.cards[a.revealed].icons) if a.revealed is not None else list(a.icons or [])
        s.stack = [{"kind": "reveal", "seat": s.first, "resume": s.first, "card": a.revealed, "icons": icons}]
    return _finish(s, None)


def _finish(s: State, chance: Any) -> State:
    """Check the position, let the rules take what follows at once (FO-13.5: a target
    reached is a win), then hand chance to whoever answers it."""
    try:
        check_state(s)
    except StateError as exc:
        raise ScenarioError(exc.field, exc.message.partition(": ")[2] or exc.message, exc.rule) from None
    try:
        settle(s, [])
        s.touch()
        decision(s)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        # a procedure whose fields the rules cannot continue from
        raise ScenarioError("procedure", f"the procedures cannot go on from this position ({exc!r})") from None
    s.chance = chance
    s.touch()
    return s


def _rng(text: str) -> int:
    try:
        value = int(text, 16)
    except ValueError:
        value = -1
    if not 0 <= value < 2**64 or len(text) != 16:
        raise ScenarioError("state.rng", f"the generator is 16 hex digits, not {text!r}")
    return value


def _enemy_ids(enemies: list[EnemyDef]) -> list[str]:
    """Each enemy's id: the one written, else ``type#k`` with the next number of its type
    (as the set-up numbers them: ``mole_rat#1``, ``mole_rat#2``...)."""
    taken: dict[str, int] = {}
    ids = [en.id for en in enemies]
    for i, (en, e) in enumerate(zip(enemies, ids), 1):
        if e is None:
            continue
        kind, _, number = e.partition("#")
        if kind != en.type or not number.isdecimal() or number.startswith("0"):
            raise ScenarioError(f"enemy {i}.id", f"an id reads {en.type}#<number>, not {e!r}", "FO-13.2")
        if e in ids[:i - 1]:
            raise ScenarioError(f"enemy {i}.id", f"{e} is written twice", "FO-13.2")
        taken[kind] = max(taken.get(kind, 0), int(number))
    out = []
    for en, e in zip(enemies, ids):
        if e is None:
            taken[en.type] = taken.get(en.type, 0) + 1
            e = f"{en.type}#{taken[en.type]}"
        out.append(e)
    return out


def _read_state(s: State, st: StateDef, n: int) -> None:
    """``[state]``: the engine's own parts, survivors counted from 1."""
    def survivor(v: int, where: str) -> int:
        if not 1 <= v <= n:
            raise ScenarioError(where, f"survivor {v} does not exist (1-{n})")
        return v - 1

    if st.round < 1 or st.turns < 0:
        raise ScenarioError("state.round", "rounds start at 1 and turns cannot be negative")
    s.round, s.turns = st.round, st.turns
    if st.round_turns is not None:
        if not 0 <= st.round_turns <= min(n, st.turns):
            raise ScenarioError("state.round_turns", f"a round has at most one turn a survivor (0-{n}), "
                                "and no more than the turns started", "FO-13.1")
        s.round_turns = st.round_turns
    else:
        s.round_turns = 1 if st.current is not None else 0
    order = list(range(1, n + 1)) if st.order is None else st.order
    if sorted(order) != list(range(1, n + 1)):
        raise ScenarioError("state.order", f"must list every survivor 1-{n} once", "FO-13.4")
    s.order = [v - 1 for v in order]
    s.current = None if st.current is None else survivor(st.current, "state.current")
    if not 0 <= st.actions_left <= s.content.turn.actions:
        raise ScenarioError("state.actions_left", f"must be 0-{s.content.turn.actions}")
    s.actions_left = st.actions_left
    if st.markers is not None:
        for m in st.markers:
            if m not in s.board.quests:
                raise ScenarioError("state.markers", f"{m!r} is not a quest space of the map")
        s.markers = list(st.markers)
    s.revealed = st.revealed
    if st.last_roll is not None:
        seat, enemy, roll = st.last_roll
        if not 1 <= roll <= 6:
            raise ScenarioError("state.last_roll", f"a die shows 1-6, not {roll}", "FO-13.2")
        s.last_roll = [survivor(seat, "state.last_roll"), enemy, roll]
    s.over = st.over
    s.winners = [survivor(w, "state.winners") for w in st.winners]
    s.end_reason = st.end_reason
