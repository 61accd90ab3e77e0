"""Positions: a readable TOML file that sets up a quest position at a table.

A position names the battlefield as it lies and the step the table is at; ``wasteland
apply FILE ACTION...`` then says, in its events, where the tile goes, which gate
becomes the closed gate, where each enemy stands and why, and what the event die does.
What the table draws and throws from there on (the exploration card, the encounter
cards, a crisis, the event die, the destiny, activation and weapon dice) it answers as
chance (``[chance] mode = "table"``): ``chance 7`` for the event die, ``chance x_alley``
for the exploration card. Without ``[chance]`` the seed's generator draws and throws.
Example::

    game = "quest"
    seed = 7
    [config]
    players = 2                  # heroes; seat 1 is the leader

    [chance]
    mode = "table"               # the table draws and throws (the companion's way)

    [state]
    round = 2
    dusk = 3                     # zone of the dusk token (0-based)
    track = ["h1", "h2", "g1"]   # the battle track's initiative cards, in order
    slots = ["e_pack"]           # encounter card in slot 1, 2, ... ("" = empty)
    withdrawn = []               # withdrawn groups' encounter cards (WQ-39.2)
    destiny = [2, 6]             # rolled destiny dice; airship = unrolled, spent = spent
    stunned_groups = []          # enemy groups (slot numbers) that are stunned
    step = "explore"             # "explore": [exploration] drawn waits to be placed;
                                 # "event": the event die is next; "hero": the [state]
                                 # active hero's activation (the default)
    active = 1                   # the hero whose activation it is (1-based)

    [[tile]]                     # in laying order; the first is the quest's start tile
    tile = "gatehouse"
    turns = 0                    # quarter turns clockwise
    at = [0, 0]                  # where the tile's square 0,0 lies

    [[tile]]
    tile = "graveyard"
    at = [2, 0]

    [gates]
    open = [[1, 0, "E"]]         # square x, y and side of each open gate
    closed = [4, 1, "E"]         # the closed gate (an edge on a laid tile's border)
    lychgates = [[4, 0, "N"]]
    items = ["graveyard.b"]      # zones holding a mystic item
    quest_symbol = ""            # zone of the quest symbol, once laid

    [[hero]]                     # one per seat, in seat order
    zone = "graveyard.d"         # or "" for a hero out of action
    wounds = 8
    tokens = ["disease"]         # buried cursed disease fatigue stunned trapped
    dice = [3, 5]                # activation dice left
    inspiration = 0

    [[hero]]
    zone = "gatehouse.b"

    [[enemy]]
    enemy = "ghoul"
    group = 1                    # the slot of its group's encounter card
    zone = "graveyard.a"
    wounds = 1
    tokens = []

    [exploration]
    drawn = "x_alley"            # the card just drawn (step = "explore")

Decks not named (``exploration_deck``, ``encounter_deck`` in ``[state]``) hold every
card of the quest not yet used, shuffled by ``seed``. Every name is checked: a tile
overlapping the battlefield, a gate on no tile's border, a zone or card that does not
exist gets one error naming the field.

A position the engine wrote (``scenario_write.to_text``, the companion's corrections)
names every part: ``[state] phase`` and the other engine parts, ``[[group]]``,
``[[procedure]]`` and ``[chance]`` (see ``scenario_procedures`` and docs/quest-scenarios.md).
"""

from __future__ import annotations

import re
from typing import Any

from wasteland.core.protocol import RuleError
from wasteland.core.rng import seed_state, shuffle
from wasteland.core.scenario_fields import ScenarioError, known, scenario_document, table
from wasteland.core.state_check import StateError

from .config import normalize
from .validate import check_state
from .engine import decision
from .game import GAME
from .spec import ROUND_BOUND
from .geometry import SIDES, Transform, beyond
from .scenario_procedures import FULL_KEYS, check_shapes, read_chance, read_full_state, read_groups, read_procedures
from .state import State

LEADER = 0


def scenario_from_text(text: str, origin: str = "scenario") -> State:
    return build_scenario(scenario_document(text, origin), origin)


def _keys(where: str, value: Any, allowed: set[str]) -> dict[str, Any]:
    entries = table(value, where)
    known(entries, allowed, where)
    return entries


def _int(where: str, v: Any, low: int, high: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < low or (high is not None and v > high):
        raise ScenarioError(where, f"must be a whole number from {low}" + (f" to {high}" if high is not None else "")
                            + f", not {v!r}")
    return v


def _edge(where: str, v: Any) -> list[Any]:
    if (not isinstance(v, list) or len(v) != 3 or v[2] not in SIDES
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in v[:2])):
        raise ScenarioError(where, f"an edge is [x, y, side] with side one of N E S W, not {v!r}")
    return [[v[0], v[1]], v[2]]


def build_scenario(data: dict[str, Any], origin: str = "scenario") -> State:
    _keys(origin, data, {"game", "seed", "config", "state", "tile", "gates", "hero", "enemy", "exploration", "group",
                         "procedure", "chance"})
    if data.get("game", "quest") != "quest":
        raise ScenarioError("game", f"this is a quest position, not {data['game']!r}")
    check_shapes(data)
    seed = _int("seed", data.get("seed", 0), 0, 2**63 - 1)  # as a record's seed
    if not isinstance(data.get("config", {}), dict):
        raise ScenarioError("config", f"must be a table ([config]), not {type(data['config']).__name__}")
    try:
        config = normalize(data.get("config", {}))
    except RuleError as exc:
        # an unknown key is the table's fault, a bad value its option's
        raise ScenarioError("config" if exc.rule == "config" else f"config.{exc.rule}", exc.message) from None
    s = State(config)
    s.rng = seed_state(seed)
    q = s.quest
    st = _keys("state", data.get("state", {}), {
        "round", "dusk", "track", "slots", "withdrawn", "destiny", "airship", "spent", "stunned_groups", "step",
        "active", "exploration_deck", "encounter_deck", "destiny_denied", "destiny_return", *FULL_KEYS})
    full = "phase" in st  # a complete position: the procedures are written out
    if not full and any(k in data for k in ("group", "procedure")):
        raise ScenarioError("state.phase", "[[group]] and [[procedure]] are written with [state] phase "
                            "(an engine's position)")
    _tiles(s, data.get("tile", []))
    bf = s.board
    gates = _keys("gates", data.get("gates", {}), {"open", "closed", "lychgates", "items", "quest_symbol"})
    for i, e in enumerate(gates.get("open", [])):
        edge = _edge(f"gates.open[{i + 1}]", e)
        sq = (edge[0][0], edge[0][1])
        far = beyond((sq, edge[1]))
        if sq not in bf.tile_at or far not in bf.tile_at or bf.tile_at[sq] == bf.tile_at[far]:
            raise ScenarioError(f"gates.open[{i + 1}]", "an open gate lies between two laid tiles (WQ-38.3)")
        s.open_gates.append(edge)
    if "closed" in gates:
        edge = _edge("gates.closed", gates["closed"])
        sq = (edge[0][0], edge[0][1])
        far = beyond((sq, edge[1]))
        # WQ-38.3: on a tile's border; usually facing unexplored ground, but the furthest
        # gate position may face a tile already laid (a gate that leads nowhere)
        if sq not in bf.tile_at or bf.tile_at.get(far) == bf.tile_at[sq]:
            raise ScenarioError("gates.closed", "the closed gate lies on the border of a laid tile")
        s.closed_gate = edge
    for i, e in enumerate(gates.get("lychgates", [])):
        edge = _edge(f"gates.lychgates[{i + 1}]", e)
        if (edge[0][0], edge[0][1]) not in bf.tile_at:
            raise ScenarioError(f"gates.lychgates[{i + 1}]", "a lychgate lies on the edge of a laid tile's square")
        s.lychgates.append(edge)
    bf = s.board
    zones = set(bf.capacity)

    def zone(where: str, z: Any) -> str:
        if z not in zones:
            raise ScenarioError(where, f"no zone {z!r} on the battlefield (zones: {', '.join(sorted(zones))})")
        return z

    s.items = [zone(f"gates.items[{i + 1}]", z) for i, z in enumerate(gates.get("items", []))]
    s.quest_zone = zone("gates.quest_symbol", gates["quest_symbol"]) if gates.get("quest_symbol") else ""
    _heroes(s, data.get("hero", []), zone, full)
    _groups(s, st, data.get("enemy", []))
    _decks(s, st, data.get("exploration"))
    if full:
        read_groups(s, data.get("group", []))
    # an engine's position may lie before its first round (a table about to throw that
    # round's dice, WQ-40.2); a position a table writes is in a round
    s.round = _int("state.round", st.get("round", 1), 0 if full else 1, ROUND_BOUND)
    s.dusk = _int("state.dusk", st.get("dusk", 0), 0, q.dusk_zones - 1)
    s.destiny_rolled = sorted(_int("state.destiny", v, 1, 6) for v in st.get("destiny", []))
    s.airship = _int("state.airship", st.get("airship", 0), 0)
    s.destiny_spent = _int("state.spent", st.get("spent", q.destiny_dice - s.airship - len(s.destiny_rolled)), 0)
    if s.airship + s.destiny_spent + len(s.destiny_rolled) != q.destiny_dice:
        raise ScenarioError("state.destiny", f"airship, rolled and spent destiny dice must make {q.destiny_dice}")
    s.destiny_denied = bool(st.get("destiny_denied", False))
    s.destiny_return = bool(st.get("destiny_return", False))
    chance = read_chance(data["chance"], s.players) if "chance" in data else None
    if chance is not None and chance.pending is not None and not full:
        raise ScenarioError("chance.pending", "a pending chance point is written with [state] phase "
                            "(an engine's position)")
    if full:
        read_full_state(s, st)
        s.stack = read_procedures(s, data.get("procedure", []))
        rng = st.get("rng")
        try:
            s.rng = int(rng, 16) if isinstance(rng, str) and len(rng) == 16 else -1
        except ValueError:
            s.rng = -1
        if not 0 <= s.rng < 2**64:
            raise ScenarioError("state.rng", f"the generator is 16 hex digits, not {rng!r}")
    else:
        _step(s, st, data.get("exploration"))
    try:
        check_state(s)
    except StateError as exc:
        # the state's own names in the position's words: stack[0] is procedure[1]
        field = re.sub(r"^stack\[(\d+)\]", lambda m: f"procedure[{int(m.group(1)) + 1}]", exc.field)
        raise ScenarioError(field, exc.problem) from None
    s.touch()
    s.chance = chance
    try:
        # the automatic steps the position rests on: a drawn tile that fits nowhere is a
        # dead end at once (WQ-38.2); at the event step the die is thrown at once, by the
        # table (a chance point with no action behind it) or the generator
        GAME.resume_at_table(s)
        s.touch()
        if GAME.chance_pending(s) is None:
            decision(s)
        else:  # the action waiting on the table goes on from here (a dry run, the generator answering)
            GAME.with_table_chance(s, False)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        # a procedure whose fields the rules cannot continue from
        raise ScenarioError("procedure", f"the procedures cannot go on from this position ({exc!r})") from None
    s.touch()
    return s


def _tiles(s: State, tiles: Any) -> None:
    c = s.content
    if not tiles:
        tiles = [{"tile": s.quest.start_tile}]
    if not isinstance(tiles, list):
        raise ScenarioError("tile", "must be a list of [[tile]] tables")
    taken: dict[tuple[int, int], str] = {}
    for i, t in enumerate(tiles):
        where = f"tile[{i + 1}]"
        _keys(where, t, {"tile", "turns", "at"})
        tid = t.get("tile")
        if tid not in c.tiles:
            raise ScenarioError(where, f"unknown tile {tid!r}")
        if i == 0 and tid != s.quest.start_tile:
            raise ScenarioError(where, f"the first tile is the quest's start tile {s.quest.start_tile!r}")
        if any(p[0] == tid for p in s.placements):
            raise ScenarioError(where, f"tile {tid!r} is already on the battlefield")
        turns = _int(f"{where}.turns", t.get("turns", 0), 0, 3)
        at = t.get("at", [0, 0])
        if not (isinstance(at, list) and len(at) == 2 and all(isinstance(x, int) for x in at)):
            raise ScenarioError(f"{where}.at", f"must be [x, y], not {at!r}")
        tr = Transform(turns, (at[0], at[1]))
        for sq in tr.squares(c.tiles[tid].zone_of):
            if sq in taken:
                raise ScenarioError(where, f"tile {tid} overlaps tile {taken[sq]} at square {sq[0]},{sq[1]} (WQ-38.3)")
            taken[sq] = tid
        s.placements.append([tid, turns, at[0], at[1]])


def _heroes(s: State, heroes: Any, zone: Any, full: bool = False) -> None:
    c = s.content
    if heroes and len(heroes) != s.players:
        raise ScenarioError("hero", f"give one [[hero]] per seat ({s.players}), not {len(heroes)}")
    start = s.quest.start_zones
    for seat in range(s.players):
        h = heroes[seat] if heroes else {}
        where = f"hero[{seat + 1}]"
        _keys(where, h, {"zone", "wounds", "tokens", "dice", "inspiration"})
        hero = c.heroes[seat]
        z = h.get("zone", f"{s.quest.start_tile}.{start[seat]}")
        tokens = list(h.get("tokens", []))
        for t in tokens:
            if t not in ("buried", "cursed", "disease", "fatigue", "stunned", "trapped"):
                raise ScenarioError(f"{where}.tokens", f"unknown condition {t!r} (WQ-40.3)")
        s.heroes.append({"hero": hero.id, "zone": zone(f"{where}.zone", z) if z else None,
                         "wounds": _int(f"{where}.wounds", h.get("wounds", hero.vitality), 0 if not z else 1, hero.vitality),
                         "tokens": tokens, "dice": _dice(where, h.get("dice", []), full),
                         "inspiration": _int(f"{where}.inspiration", h.get("inspiration", 0), 0)})


def _dice(where: str, dice: Any, full: bool) -> list[int]:
    """A hero's activation dice; a table's in any order, an engine's as it keeps them (an
    inspired die is raised where it lies, WQ-40.4)."""
    if not isinstance(dice, list):
        raise ScenarioError(f"{where}.dice", f"must be a list of dice, not {dice!r}")
    out = [_int(f"{where}.dice", v, 1, 6) for v in dice]
    return out if full else sorted(out)


def _groups(s: State, st: dict[str, Any], enemies: Any) -> None:
    c = s.content
    q = s.quest
    slots = st.get("slots", [])
    if not isinstance(slots, list) or len(slots) > q.slots:
        raise ScenarioError("state.slots", f"at most {q.slots} slots above the battle track")
    s.slots = [None] * q.slots
    for i, card in enumerate(slots):
        if card == "":
            continue
        if card not in c.encounters:
            raise ScenarioError(f"state.slots[{i + 1}]", f"unknown encounter card {card!r}")
        s.slots[i] = card
        s.groups[str(i + 1)] = {"card": card, "models": [], "stunned": False, "tile": "", "next": 1}
    for g in st.get("stunned_groups", []):
        if str(g) not in s.groups:
            raise ScenarioError("state.stunned_groups", f"no enemy group {g!r}")
        s.groups[str(g)]["stunned"] = True
    for i, e in enumerate(enemies):
        where = f"enemy[{i + 1}]"
        _keys(where, e, {"enemy", "group", "zone", "wounds", "tokens", "model"})
        kind = e.get("enemy")
        if kind not in c.enemies:
            raise ScenarioError(f"{where}.enemy", f"unknown enemy {kind!r}")
        slot = str(e.get("group"))
        if slot not in s.groups:
            raise ScenarioError(f"{where}.group", f"no encounter card in slot {e.get('group')!r} (state.slots)")
        g = s.groups[slot]
        mid = e.get("model", f"g{slot}.{g['next']}")
        if mid in s.models:
            raise ScenarioError(f"{where}.model", f"model {mid} twice")
        zone_name = e.get("zone")
        if zone_name not in s.board.capacity:
            raise ScenarioError(f"{where}.zone", f"no zone {zone_name!r} on the battlefield")
        tokens = list(e.get("tokens", []))
        s.models[mid] = {"enemy": kind, "group": slot, "zone": zone_name,
                         "wounds": _int(f"{where}.wounds", e.get("wounds", c.enemies[kind].wounds), 1), "tokens": tokens}
        g["models"].append(mid)
        g["next"] = max(g["next"], int(mid.split(".")[1]) + 1 if "." in mid and mid.split(".")[1].isdecimal() else g["next"] + 1)
        g["tile"] = zone_name.split(".")[0]
    over = {e: sum(1 for m in s.models.values() if m["enemy"] == e) for e in c.enemies}
    for e, n in over.items():
        if n > c.enemies[e].models:
            raise ScenarioError("enemy", f"{n} {e} models on the battlefield, only {c.enemies[e].models} exist (WQ-39.1)")
    s.withdrawn = list(st.get("withdrawn", []))
    for card in s.withdrawn:
        if card not in c.encounters:
            raise ScenarioError("state.withdrawn", f"unknown encounter card {card!r}")
    track = st.get("track", [f"h{i + 1}" for i in range(s.players)] + [f"g{g}" for g in sorted(s.groups, key=int)])
    for entry in track:
        ok = (isinstance(entry, str) and entry[:1] in "hg" and entry[1:].isdecimal()
              and (int(entry[1:]) <= s.players if entry[0] == "h" else entry[1:] in s.groups))
        if not ok:
            raise ScenarioError("state.track", f"{entry!r} is no hero (h1..h{s.players}) or enemy group in a slot")
    s.track = list(track)


def _decks(s: State, st: dict[str, Any], exploration: Any) -> None:
    c = s.content
    q = s.quest
    laid = {p[0] for p in s.placements}
    used = [x for x in q.deck if c.cards[x].tile in laid]
    s.explored = used
    s.exploration_deck = _deck(s, st, "exploration_deck", "exploration", c.cards,
                               [x for x in q.deck if x not in used], placed=used)
    in_play = set(s.slots) | set(s.withdrawn)
    s.encounter_deck = _deck(s, st, "encounter_deck", "encounter", c.encounters,
                             [x for x in q.encounters if x not in in_play])
    s.crisis_deck = [x.id for x in q.crises]
    shuffle(s, s.crisis_deck)


def _deck(s: State, st: dict[str, Any], key: str, what: str, known: Any, rest: list[str],
          placed: list[str] | tuple[()] = ()) -> list[str]:
    """The deck ``state.<key>`` lists, each card one ``known`` (a ``what`` card) and none
    of them ``placed`` on the battlefield; without the key, the ``rest`` of the quest's
    cards, shuffled."""
    deck = st.get(key)
    if deck is None:
        deck = rest
        shuffle(s, deck)
    for card in deck:
        if card not in known:
            raise ScenarioError(f"state.{key}", f"unknown {what} card {card!r}")
        if card in placed:
            raise ScenarioError(f"state.{key}", f"card {card} is already on the battlefield")
    return list(deck)


def _step(s: State, st: dict[str, Any], exploration: Any) -> None:
    step = st.get("step", "explore" if exploration else "hero")
    if step not in ("hero", "explore", "event"):
        raise ScenarioError("state.step", f"one of hero, explore, event; not {step!r}")
    tail = [{"kind": k, "seat": LEADER} for k in ("round_end", "trap_clear")]
    s.stack = tail + [{"kind": "event", "seat": LEADER}]
    if step == "event":
        s.phase = "event"
        return
    active = _int("state.active", st.get("active", 1), 1, s.players)
    entry = f"h{active}"
    if entry not in s.track:
        raise ScenarioError("state.active", f"hero {active} has no initiative card on the battle track")
    if s.heroes[active - 1]["zone"] is None:
        raise ScenarioError("state.active", f"hero {active} is out of action")
    s.phase = "activation"
    s.track_pos = s.track.index(entry) + 1
    s.stack += [{"kind": "activation", "seat": LEADER}, {"kind": "hero", "seat": active - 1}]
    if step == "explore":
        ex = _keys("exploration", exploration or {}, {"drawn"})
        card = ex.get("drawn")
        if card not in s.content.cards:
            raise ScenarioError("exploration.drawn", f"unknown exploration card {card!r}")
        if card in s.explored:
            raise ScenarioError("exploration.drawn", f"card {card} is already on the battlefield")
        if s.closed_gate is None:
            raise ScenarioError("gates.closed", "exploring needs a closed gate on the battlefield (WQ-38.3)")
        if card in s.exploration_deck:
            s.exploration_deck.remove(card)
        s.explored.append(card)
        s.stack.append({"kind": "place", "seat": LEADER, "card": card})
