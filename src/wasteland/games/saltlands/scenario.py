"""Scenarios: a readable TOML file that sets up any Saltlands position.

A scenario starts from a normal set-up (``[config]`` and ``seed``) and changes what it
names; every part of the state can be named, and the rest stays as the set-up made it.
The full list of keys, what each sets and the rule each is checked against is in
``docs/saltlands-scenarios.md``; ``scenario_write.to_text`` writes any state in this
format (every part named), and reading that text gives the same state back. Example::

    game = "saltlands"
    seed = 7
    [config]
    players = 1
    characters = ["scout"]

    [state]
    round = 2
    wind = "N"                  # the direction the wind blows toward
    weather = ["w01", "w02"]    # the active pair, older first
    activated = ["pickup"]      # raider types that have activated this round
    rumor_deck = 0              # rumor cards left (the rest count as played)

    [[player]]
    seat = "p1"
    hex = "0,0"
    vehicle = "speedster_vehicle"
    hand = ["axe", "fuel", "fuel"]   # naming the hand leaves cargo and vehicle alone

    [[raider]]                  # when present, these replace every raider on the board
    type = "pickup"
    hex = "1,0"
    crew = 2

Each key of the wrong form, and each position the rules do not allow, is one
:class:`ScenarioError` naming the key and, where a rule forbids it, the rule.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wasteland.core.protocol import RuleError
from wasteland.core.scenario_fields import scenario_document, scenario_file
from wasteland.core.state_check import StateError

from . import scenario_board as board
from .config import EPIC_SOLO_STACK_ROUNDS
from .engine import deal_character, settle, start_turn
from .scenario_cards import TABLE_ZONES, card_list, place_cards
from .scenario_fields import (ScenarioError, flag, known, rng_state, seat, shown, table, tables, text, texts,
                              whole)
from .scenario_procedure_rules import check_procedures, hold_waiting_cards
from .scenario_procedures import read_chance, read_procedures
from .game import GAME
from .raiders import raiders_next_to
from .reveals import check_custom_damage
from .setup import new_game
from .spec import SPEC
from .state import Player, State
from .validate import load_state

__all__ = ["ScenarioError", "build_scenario", "load_scenario", "scenario_from_text"]

TOP_KEYS = frozenset({"game", "seed", "config", "state", "damage", "custom_damage", "chance", "player", "raider",
                      "token", "tile", "procedure"})
STATE_KEYS = frozenset({
    "rng", "round", "turn", "current", "wind", "storm", "weather", "weather_drawn", "weather_deck", "explore",
    "rumor_deck", "rumors_played", "markers", "token_pool", *TABLE_ZONES, "traded", "seen_in_hand",
    "next_raider", "moved", "must_move", "refreshes", "ability_used", "final_turn", "trades_used",
    "trade_partner", "streak", "raid_hexes", "raid_routes", "winners", "over", "end_reason", "activated", "damage_discard",
})
PLAYER_KEYS = frozenset({"seat", "character", "hex", "hand", "cargo", "vehicle", "engaged", "last_used", "status",
                         "respawned", "hidden", "hidden_near"})
#: a player's standing (SL §90, SL §96, SL §113): in play; dead and waiting to come back;
#: out of the game; escaped
STATUSES = ("active", "dead", "out", "won")
OFF_BOARD = "off"  # the ``hex`` of a figure not on the board


def load_scenario(path: str | Path) -> State:
    return scenario_from_text(scenario_file(path), str(path))


def scenario_from_text(source: str, origin: str = "scenario") -> State:
    return build_scenario(scenario_document(source, origin), origin)


def build_scenario(data: dict[str, Any], origin: str = "scenario") -> State:
    known(data, TOP_KEYS, origin)
    if data.get("game", "saltlands") != "saltlands":
        raise ScenarioError(f"{origin}: game", f"{shown(data['game'])} is not saltlands")
    seed = whole(data.get("seed", 0), f"{origin}: seed", 0, (1 << 63) - 1)
    config = table(data.get("config", {}), f"{origin}: [config]")
    try:
        SPEC.validate(dict(config))  # each option's type, then the combination
        s = new_game(config, seed)[0]
    except RuleError as exc:
        raise ScenarioError(f"{origin}: [config]", exc.message, exc.rule) from None
    st = table(data.get("state", {}), f"{origin}: [state]")
    known(st, STATE_KEYS, f"{origin}: [state]")
    where = f"{origin}: [state]"
    players = _players(s, tables(data, "player", origin), origin)
    # A full position names ``turn``: its turn has started already and its procedures are
    # exactly the [[procedure]] tables. Otherwise the turn of ``current`` starts now.
    full = "turn" in st

    if "rng" in st:
        s.rng = rng_state(st["rng"], f"{where} rng")
    if "tile" in data:
        board.place_tiles(s, tables(data, "tile", origin), origin)
    if "explore" in st:
        board.explore_tiles(s, st["explore"], f"{where} explore")
    _characters(s, players)
    if "procedure" in data:  # before the cards: a card waiting to be placed is in a procedure
        s.stack = read_procedures(s, tables(data, "procedure", origin), origin)
        hold_waiting_cards(s, origin)
    elif full:
        s.stack = []
    place_cards(s, st, [(p, spec, w) for p, spec, w in players], where)
    taken: dict[int, str] = {}  # hex -> the raider or token the scenario put there
    if "raider" in data:
        board.place_raiders(s, tables(data, "raider", origin), origin, taken)
    else:  # the set-up's raiders stay, so a token the scenario puts never shares their hex (SL §78)
        taken.update({r[1]: f"a {r[0]}" for r in s.raiders.values() if r[1] is not None})
    if "token" in data or "token_pool" in st:
        board.place_tokens(s, tables(data, "token", origin) if "token" in data else None, st.get("token_pool"),
                           origin, taken)
    elif taken:
        for h, tok in s.tokens.items():
            if h in taken:
                raise ScenarioError(f"{origin}: [[raider]]", f"{taken[h]} stands on the "
                                    f"{s.static.catalog.tokens[tok].id} token's hex (SL §78)", "SL §78")
    if "markers" in st:
        board.set_markers(s, st["markers"], f"{where} markers")
    board.set_rumors(s, st, where)
    board.set_weather(s, st, where)
    if "storm" not in st and any(k in st for k in ("weather", "weather_drawn", "weather_deck")):
        # SL §53: a sandstorm rages from its weather card until the next one is drawn
        s.storm = s.static.content.weather[s.weather_drawn[-1]].storm
    if "wind" in st:
        board.set_wind(s, st["wind"], f"{where} wind")
    if "custom_damage" in data:  # before the stacks and discards that hold them
        s.custom_damage = _custom_damage(s, data["custom_damage"], f"{origin}: [custom_damage]")
    if "damage_discard" in st:
        s.damage_discard = texts(st["damage_discard"], f"{where} damage_discard")
    if "round" in st and "damage_discard" not in st:
        rnd = whole(st["round"], f"{where} round", 1, _last_round(s.static.rules))
        named = table(data.get("damage", {}), f"{origin}: [damage]")
        board.discard_past_rounds(s, rnd, [t for t in s.damage_stacks if "stack" not in named.get(t, {})])
    board.set_damage(s, data.get("damage"), st.get("activated"), origin)
    board.check_damage_cards(s, where)
    _standing(s, players, keep_procedures=full or "procedure" in data)
    _counters(s, st, where)
    _check_standing(s, players, origin)  # before a turn starts and respawns anybody
    if full:
        s.turn = whole(st["turn"], f"{where} turn", 0)  # 0: the characters are still being chosen
    elif "procedure" not in data:
        _start_turn(s, "current" in st, origin)
    for p, spec, w in players:
        _engaged(s, p, spec, w)
    _after_turn_counters(s, st, where)
    _check_rules(s, players, origin, taken)
    if "procedure" in data:
        check_procedures(s, origin)
    s.touch()
    try:
        load_state(s.to_json())  # every field within its range
    except StateError as exc:
        raise ScenarioError(origin, str(exc)) from None
    if "chance" in data:
        s.chance = read_chance(data["chance"], f"{origin}: [chance]", len(s.players))
    if s.chance is None or s.chance.pending is None:
        try:
            settle(s, [])
            GAME.decision(s)
        except RuleError:
            raise
        except Exception as exc:  # a procedure the engine cannot continue: no traceback, one error
            raise ScenarioError(f"{origin}: [[procedure]]", f"the engine cannot continue these procedures "
                                f"({type(exc).__name__}: {exc})") from None
    return s


def _custom_damage(s: State, value: Any, where: str) -> dict[str, list[Any]]:
    """``[custom_damage]``: damage cards a table entered by their printed values, id =
    [round, spawn letters, damage, "normal" or "ap", movement bonus] (SL §100, SL §106)."""
    entries = {k: list(v) if isinstance(v, list) else v for k, v in table(value, where).items()}
    saved, s.custom_damage = s.custom_damage, entries
    try:
        check_custom_damage(s)
    except StateError as exc:
        s.custom_damage = saved
        raise ScenarioError(where, exc.problem, "SL §100") from None
    return entries


# -- players ------------------------------------------------------------------------------


def _players(s: State, entries: list[dict[str, Any]], origin: str) -> list[tuple[Player, dict[str, Any], str]]:
    out = []
    given: set[int] = set()
    for i, spec in enumerate(entries):
        where = f"{origin}: [[player]] #{i + 1}"
        known(spec, PLAYER_KEYS, where)
        number = seat(spec.get("seat", ""), f"{where} seat", len(s.players))
        if number in given:
            raise ScenarioError(f"{where} seat", f"p{number + 1} is described twice")
        given.add(number)
        if spec.get("status") == "out":
            # SL §96: a player out of the game has discarded every card
            spec = {"hand": [], "cargo": [], "vehicle": "", **spec}
        out.append((s.players[number], spec, where))
    return out


def _characters(s: State, players: list[tuple[Player, dict[str, Any], str]]) -> None:
    """``character``: the config's character (when it names them), or one dealt now with
    its starting cards (SL §44)."""
    content = s.static.content
    for p, spec, where in players:
        if "character" in spec:
            name = text(spec["character"], f"{where} character")
            if p.character is not None and name != p.character:
                raise ScenarioError(f"{where} character", f"p{p.seat + 1} plays {p.character} ([config] characters)")
            if name not in content.characters:
                raise ScenarioError(f"{where} character", f"unknown character {name!r}", "SL §44")
            if content.characters[name].expansion and not s.static.rules.expansion:
                raise ScenarioError(f"{where} character", f"{name} is a Lost in the Desert character (SL §141)",
                                    "SL §141")
            if any(q.character == name for q in s.players if q is not p):
                raise ScenarioError(f"{where} character", f"{name} is played by another seat (SL §44)", "SL §44")
            if p.character is None:
                deal_character(s, p.seat, name, [])
                s.stack = [f for f in s.stack if not (f["kind"] == "character" and f["seat"] == p.seat)]
        elif p.character is None and (spec.get("hex", OFF_BOARD) != OFF_BOARD
                                      or any(spec.get(k) for k in ("hand", "cargo", "vehicle", "engaged"))):
            raise ScenarioError(where, "give the character (character = NAME, or [config] characters)", "SL §44")


def _standing(s: State, players: list[tuple[Player, dict[str, Any], str]], keep_procedures: bool) -> None:
    """``hex``, ``status``, ``respawned``, ``hidden``, ``hidden_near``. A figure placed on
    the board does not enter it any more, unless the procedures are named."""
    rules = s.static.rules
    places = board.Places(s)
    for p, spec, where in players:
        if "status" in spec:
            status = text(spec["status"], f"{where} status")
            if status not in STATUSES:
                raise ScenarioError(f"{where} status", f"{status!r} is not one of {', '.join(STATUSES)}")
            p.status = status
            if status in ("dead", "out") and "hex" not in spec:
                p.hex = None  # SL §90: the figure leaves the board
        if "respawned" in spec:
            # at most one respawn a turn of hers, so one a round (solo: a round a turn, SL §121)
            p.respawned = whole(spec["respawned"], f"{where} respawned", 0, _last_round(rules) * len(s.players) + 1)
        if "hidden" in spec:
            p.hidden = flag(spec["hidden"], f"{where} hidden")
        if "hex" in spec:
            name = text(spec["hex"], f"{where} hex")
            if name == OFF_BOARD:
                p.hex = None
            else:
                h = places.hex(name, f"{where} hex")
                places.face_up(h, f"{where} hex", f"p{p.seat + 1}")
                p.hex = h
            if not keep_procedures:
                s.stack = [f for f in s.stack if not (f["kind"] == "enter" and f["seat"] == p.seat)]
        _hidden_near(s, p, spec, where)


def _hidden_near(s: State, p: Player, spec: dict[str, Any], where: str) -> None:
    """SL §147: ``hidden_near`` names the hexes of the raiders that were next to her when she
    hid (they still treat her as a player; every other raider treats her as a token until
    her next turn). Not given, those next to her in the position."""
    if not p.hidden:
        if "hidden_near" in spec:
            raise ScenarioError(f"{where} hidden_near", "only a hidden player has raiders that were next to her "
                                "when she hid (hidden = true)", "SL §147")
        p.hidden_near = []
        return
    if "hidden_near" not in spec:
        p.hidden_near = raiders_next_to(s, p.hex)
        return
    at = {r[1]: rid for rid, r in s.raiders.items()}
    near = []
    for name in texts(spec["hidden_near"], f"{where} hidden_near"):
        h = board.Places(s).hex(name, f"{where} hidden_near")
        if h not in at:
            raise ScenarioError(f"{where} hidden_near", f"no raider stands on {name}", "SL §147")
        near.append(at[h])
    p.hidden_near = sorted(near)


def _engaged(s: State, p: Player, spec: dict[str, Any], where: str) -> None:
    """``engaged``: cards already used this turn (SL §63); ``last_used``: crew card -> the
    last card it engaged (refreshing the crew refreshes that card too, SL §65)."""
    holding = {*p.cards(), p.char_card} if p.char_card >= 0 else set(p.cards())
    if "engaged" in spec:
        p.engaged = set(card_list(s, spec["engaged"], f"{where} engaged", holding))
    if "last_used" in spec:
        names = s.static.catalog.card_names
        pairs = table(spec["last_used"], f"{where} last_used")
        p.last_used = {}
        for crew, card in pairs.items():
            [c] = card_list(s, [crew], f"{where} last_used", holding)
            if not s.static.catalog.cards[c].crew:
                raise ScenarioError(f"{where} last_used", f"{names[c]} is not a crew member (SL §64)", "SL §64")
            [used] = card_list(s, [text(card, f"{where} last_used.{crew}")], f"{where} last_used.{crew}")
            p.last_used[c] = used


def _start_turn(s: State, named_current: bool, origin: str) -> None:
    """A position without ``turn``: the current player's turn starts now, as the rules
    start every turn (SL §46): everything refreshed, a dead player respawns (SL §90), a
    player not yet on the board enters (SL §45). Without characters chosen yet the
    set-up's own start stays (the choices come first, SL §44)."""
    if s.over:
        s.stack = []  # a finished game starts no turn (SL §114)
        return
    if any(f["kind"] == "character" for f in s.stack):
        return
    s.stack = [f for f in s.stack if f["kind"] not in ("enter", "after_setup")]
    if s.stack:
        return
    if s.players[s.current].status == "out":
        if named_current:
            raise ScenarioError(f"{origin}: [state] current", f"p{s.current + 1} is out of the game: no turn of "
                                "theirs starts (SL §96)", "SL §96")
        playing = [p.seat for p in s.players if p.status != "out"]
        if not playing:
            return  # every player is out: the game ends (SL §96, SL §114)
        s.current = next((n for n in playing if n > s.current), playing[0])  # the next in turn order
    first = s.current == s.static.rules.first_player and s.turn == 1
    s.turn -= 1 if first else 0
    start_turn(s, s.current, [])


def _last_round(rules: Any) -> int:
    """SL §47: six rounds (seven in the epic game, SL §150); solo plays one round per card
    of its longer stacks, and a final turn after them (SL §121)."""
    stack = EPIC_SOLO_STACK_ROUNDS if rules.epic else rules.solo_stack  # a tuned set's stacks too
    return len(stack) + 1 if rules.solo else rules.last_round


def _counters(s: State, st: dict[str, Any], where: str) -> None:
    rules = s.static.rules
    n = len(s.players)
    if "round" in st:
        s.round = whole(st["round"], f"{where} round", 1, _last_round(rules))
    if "storm" in st:
        s.storm = flag(st["storm"], f"{where} storm")
    if "current" in st:
        s.current = seat(st["current"], f"{where} current", n)
    if "next_raider" in st:
        s.next_raider = whole(st["next_raider"], f"{where} next_raider", max([-1, *s.raiders]) + 1)
    if "over" in st:
        s.over = flag(st["over"], f"{where} over")
    if "end_reason" in st:
        s.end_reason = text(st["end_reason"], f"{where} end_reason")
    if "winners" in st:
        s.winners = [seat(w, f"{where} winners", n) for w in texts(st["winners"], f"{where} winners")]
    if "final_turn" in st:
        s.final_turn = flag(st["final_turn"], f"{where} final_turn")
        if s.final_turn and not rules.solo:
            raise ScenarioError(f"{where} final_turn", f"only solo has an extra final turn, not {rules.mode} "
                                "(SL §121)", "SL §121")


def _after_turn_counters(s: State, st: dict[str, Any], where: str) -> None:
    """What the current turn has used so far (set after the turn starts, which clears them)."""
    n = len(s.players)
    for key in ("moved", "must_move", "ability_used"):
        if key in st:
            setattr(s, key, flag(st[key], f"{where} {key}"))
    if "refreshes" in st:
        s.refreshes = whole(st["refreshes"], f"{where} refreshes", 0)
    if "trades_used" in st:
        s.trades_used = whole(st["trades_used"], f"{where} trades_used", 0, 3)  # SL §146 Trade: three a turn
    if "trade_partner" in st:
        partner = text(st["trade_partner"], f"{where} trade_partner")
        s.trade_partner = -1 if partner == "" else seat(partner, f"{where} trade_partner", n)
    if "traded" in st:
        s.traded = card_list(s, st["traded"], f"{where} traded")
    if "seen_in_hand" in st:
        s.seen_in_hand = card_list(s, st["seen_in_hand"], f"{where} seen_in_hand")
    if "streak" in st:
        value = st["streak"]
        if not isinstance(value, list) or not all(
                isinstance(e, list) and len(e) == 2 and all(type(x) is int and x >= 0 for x in e) for e in value):
            raise ScenarioError(f"{where} streak", f"must be a list of [raider id, damage] pairs, not {shown(value)}")
        s.streak = [list(e) for e in value]
    if "raid_hexes" in st:
        places = board.Places(s)
        s.raid_hexes = [places.hex(h, f"{where} raid_hexes") for h in texts(st["raid_hexes"], f"{where} raid_hexes")]
        s.raid_routes = [list(s.raid_hexes)] if s.raid_hexes else []  # not given: one route passed them all
    if "raid_routes" in st:
        _raid_routes(s, st["raid_routes"], f"{where} raid_routes")


def _raid_routes(s: State, value: Any, where: str) -> None:
    """SL §146: the tokens one route of the Raid move passes, each a list of raid_hexes."""
    places = board.Places(s)
    if not isinstance(value, list) or not all(isinstance(r, list) for r in value):
        raise ScenarioError(where, f"must be a list of routes, each a list of hexes, not {shown(value)}", "SL §146")
    routes = []
    for route in value:
        hexes = [places.hex(h, where) for h in texts(route, where)]
        wrong = next((h for h in hexes if h not in s.raid_hexes), None)
        if wrong is not None:
            raise ScenarioError(where, f"{s.static.geo.names[wrong]} is not one of raid_hexes, the tokens the move "
                                "passed", "SL §146")
        routes.append(sorted(hexes))
    s.raid_routes = routes


def _pieces(s: State) -> dict[int, str]:
    """hex -> the raider or token standing there, set-up's and scenario's alike."""
    out = {h: f"a {s.static.catalog.tokens[tok].id} token" for h, tok in s.tokens.items()}
    out.update({r[1]: f"a {r[0]}" for r in s.raiders.values() if r[1] is not None})
    return out


def _check_standing(s: State, players: list[tuple[Player, dict[str, Any], str]], origin: str) -> None:
    """Who may be dead, respawned or out (SL §90, SL §93, SL §96). Checked before the turn
    of ``current`` starts: that start respawns a dead player, so a ``dead`` the rules do
    not allow would otherwise be read as a respawn that never was."""
    rules = s.static.rules
    wheres = {p.seat: w for p, _spec, w in players}
    for p in s.players:
        where = wheres.get(p.seat, f"{origin}: p{p.seat + 1}")
        if p.status == "dead" and rules.mode != "tutorial":
            # SL §90: Easy always comes back, Normal once (SL §93), Hard never (SL §96).
            if rules.difficulty == "hard" or (rules.difficulty == "normal" and p.respawned > 0):
                why = ("on Hard nobody respawns" if rules.difficulty == "hard"
                       else "on Normal a player respawns once, and p%d has" % (p.seat + 1))
                raise ScenarioError(f"{where} status", f"dead means waiting to respawn, but {why}: the player "
                                    "is out (status = \"out\")", "SL §96")
        if rules.difficulty == "hard" and p.respawned and rules.mode != "tutorial":
            raise ScenarioError(f"{where} respawned", "on Hard nobody respawns (SL §90)", "SL §90")
        if rules.difficulty == "normal" and p.respawned > 1:
            raise ScenarioError(f"{where} respawned", "on Normal a player respawns once (SL §93)", "SL §93")
        if p.status in ("dead", "out") and p.hex is not None:
            raise ScenarioError(f"{where} hex", f"a {p.status} player's figure is off the board (SL §90, SL §96)",
                                "SL §90")
        if p.status == "out" and p.cards():
            raise ScenarioError(where, "a player out of the game has discarded every card (SL §96)", "SL §96")


def _check_rules(s: State, players: list[tuple[Player, dict[str, Any], str]], origin: str,
                 placed: dict[int, str]) -> None:
    """The combinations the rules forbid, each named with its rule. A figure is checked
    against every raider and token on the board, the set-up's as well as those the
    scenario ``placed`` (whose descriptions name them as the scenario did): a figure on
    a set-up raider's hex would be refused once the position is written out with its
    raiders, so it is refused on the first reading too (SL §78)."""
    wheres = {p.seat: w for p, _spec, w in players}
    placed = {**_pieces(s), **placed}
    for p in s.players:
        where = wheres.get(p.seat, f"{origin}: p{p.seat + 1}")
        if (p.status == "won") != (p.seat in s.winners):
            raise ScenarioError(f"{where} status", "won is the standing of the winners of a game that is over: "
                                "give status = \"won\", over = true and winners together (SL §113)", "SL §113")
    if s.winners and not s.over:
        raise ScenarioError(f"{origin}: [state] winners", "winners belong to a game that is over (SL §113)", "SL §113")
    if s.over and s.stack:
        raise ScenarioError(f"{origin}: [[procedure]]", "a game that is over has nothing left to do (SL §114)",
                            "SL §114")
    # The eliminated player's turn may still be finishing its procedures (the raiders'
    # activation after her end, SL §100), but it has no free part.
    if not s.over and not s.stack and s.players[s.current].status == "out":
        raise ScenarioError(f"{origin}: [state] current", f"p{s.current + 1} is out of the game (SL §96)", "SL §96")
    if s.must_move:
        # SL §45: she entered on an occupied start hex and moves off at once, before anything else
        me = s.players[s.current]
        others = {q.hex for q in s.players if q is not me} | set(s.tokens) | {r[1] for r in s.raiders.values()}
        if s.moved or me.hex is None or me.hex not in others:
            raise ScenarioError(f"{origin}: [state] must_move", f"p{s.current + 1} must move off only while the "
                                "hex she entered holds another figure, a raider or a token, and she has not moved "
                                "yet (SL §45)", "SL §45")
    seen: dict[int, int] = {}
    for p in s.players:
        if p.hex is None:
            continue
        entering = s.must_move and s.current == p.seat
        if p.hex in placed and not entering:
            raise ScenarioError(f"{wheres.get(p.seat, origin)} hex", f"{placed[p.hex]} stands there: a figure never "
                                "ends its move on a raider or a token (SL §78)", "SL §78")
        other = seen.get(p.hex)
        if other is not None and not (s.must_move and s.current in (p.seat, other)):
            raise ScenarioError(f"{wheres.get(p.seat, origin)} hex", f"p{other + 1} stands there too: two figures "
                                "share a hex only while the one who entered there moves off (SL §45, SL §78)", "SL §78")
        seen[p.hex] = p.seat
