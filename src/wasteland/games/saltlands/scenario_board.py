"""The table's pieces in a scenario: terrain tiles, tokens, raiders, rumor markers,
damage stacks, the weather and rumor decks. Each function reads its keys, checks them
against the rules and sets them on the state (see ``scenario`` for the format)."""

from __future__ import annotations

import re
from typing import Any

from wasteland.core.hexgrid import direction_index

from wasteland.core.content import ContentError

from .board import fmt_pos
from .content import CUSTOM_TILE, custom_tile_cells, custom_tile_id
from .raiders import figures_in_box
from .scenario_fields import ScenarioError, flag, known, table, text, texts, whole
from .state import State
from .world import explore

TILE_KEYS = frozenset({"at", "tile", "terrain", "face_up", "rotation"})
RAIDER_KEYS = frozenset({"id", "type", "hex", "crew"})
TOKEN_KEYS = frozenset({"hex", "token"})
DAMAGE_KEYS = frozenset({"stack", "revealed"})
#: which positions each kind of tile may lie on (SL §34, SL §35, SL §36)
_POSITION_OF_KIND = {"compass": "compass", "starting": "starting", "ordinary": "face_down", "expansion": "face_down"}


class Places:
    """Hexes and tile positions by their names ("q,r", "tA,B")."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.geo = s.static.geo

    def hex(self, value: Any, where: str) -> int:
        try:
            return self.geo.by_name[text(value, where).strip().replace(" ", "")]
        except KeyError:
            raise ScenarioError(where, f"{value!r} is not a hex of the play area (Q,R)") from None

    def pos(self, value: Any, where: str) -> int:
        try:
            a, b = text(value, where).strip().lstrip("t").split(",")
            return self.geo.pos_index[(int(a), int(b))]
        except (ValueError, KeyError):
            raise ScenarioError(where, f"{value!r} is not a tile position (tA,B)") from None

    def name(self, h: int) -> str:
        return self.geo.names[h]

    def pos_name(self, pos: int) -> str:
        return fmt_pos(self.geo.positions[pos])

    def face_up(self, h: int, where: str, what: str) -> None:
        """SL §78: nothing stands on a tile that is still face down."""
        if self.s.terrain.terrain[h] == 255:
            raise ScenarioError(where, f"{what} on hex {self.name(h)}, a face-down tile (SL §78)", "SL §78")


def place_tiles(s: State, entries: list[dict[str, Any]], origin: str) -> None:
    """``[[tile]]``: a named tile is laid at the position (the tile that lay there takes
    its old place, so every tile stays in play once), face up or down, turned by
    ``rotation`` sixths clockwise."""
    places = Places(s)
    geo = s.static.geo
    tiles = s.static.content.tiles
    kind_of_pos = {0: "compass", **{p: "starting" for p in geo.starting_positions},
                   **{p: "face_down" for p in geo.face_down_positions}}
    seen: set[int] = set()
    for i, entry in enumerate(entries):
        where = f"{origin}: [[tile]] #{i + 1}"
        known(entry, TILE_KEYS, where)
        pos = places.pos(entry.get("at"), f"{where} at")
        if pos in seen:
            raise ScenarioError(f"{where} at", f"{places.pos_name(pos)} is described twice")
        seen.add(pos)
        if "tile" in entry and "terrain" in entry:
            raise ScenarioError(where, "give the tile or its terrain, not both")
        if "terrain" in entry:
            _lay_custom(s, pos, texts(entry["terrain"], f"{where} terrain"), f"{where} terrain", kind_of_pos[pos])
        elif "tile" in entry and text(entry["tile"], f"{where} tile").startswith(CUSTOM_TILE):
            rows = entry["tile"][len(CUSTOM_TILE):].split("/")
            _lay_custom(s, pos, rows, f"{where} tile", kind_of_pos[pos])
        elif "tile" in entry:
            tile = text(entry["tile"], f"{where} tile")
            if tile not in tiles:
                raise ScenarioError(f"{where} tile", f"unknown tile {tile!r}")
            if _POSITION_OF_KIND[tiles[tile].kind] != kind_of_pos[pos]:
                raise ScenarioError(f"{where} tile", f"a {tiles[tile].kind} tile cannot lie at {places.pos_name(pos)}, "
                                    f"a {kind_of_pos[pos].replace('_', '-')} position (SL §34, SL §35)", "SL §35")
            if tiles[tile].kind == "expansion" and not s.static.rules.expansion:
                raise ScenarioError(f"{where} tile", f"{tile} is a Lost in the Desert tile (SL §140)", "SL §140")
            if tile in s.tiles:
                s.tiles[s.tiles.index(tile)] = s.tiles[pos]
            s.tiles[pos] = tile
        if "face_up" in entry:
            up = flag(entry["face_up"], f"{where} face_up")
            if not up and kind_of_pos[pos] != "face_down":
                raise ScenarioError(f"{where} face_up", "the compass and starting tiles lie face up (SL §34)",
                                    "SL §34")
            s.face_up[pos] = up
        if "rotation" in entry:
            s.rotation[pos] = _rotation(s, entry["rotation"], f"{where} rotation", kind_of_pos[pos])
    s.invalidate_terrain()


def _rotation(s: State, value: object, where: str, position_kind: str) -> int:
    """How a tile lies: north by the arrow on its back (SL §34, SL §110), so unturned; with
    Explorer's luck an explored tile may also lie a sixth either way (SL §152: NE or NW)."""
    turn = whole(value, where, 0, 5)
    lucky = s.static.rules.explorers_luck and position_kind == "face_down"
    allowed = (0, 1, 5) if lucky else (0,)
    if turn not in allowed:
        why = ("an explored tile lies north by its arrow, or a sixth to either side with Explorer's luck "
               "(0, 1 or 5)" if lucky else "a tile lies north by the arrow on its back (0)")
        raise ScenarioError(where, f"turned {turn}: {why}", "SL §152" if lucky else "SL §110")
    return turn


def _lay_custom(s: State, pos: int, rows: list[str], where: str, position_kind: str) -> None:
    """A tile with the scenario's own terrain (a synthetic map), drawn in rows as the
    game's tiles are (data/tiles.toml): r = -2 to 2, 3, 4, 5, 4 and 3 cells, each a terrain
    letter (s salt, d dunes, m mountains) and at most one mark (w wreck, a spawn letter)."""
    if position_kind == "compass":
        raise ScenarioError(where, "the compass tile lies in the middle, always the same (SL §34)", "SL §34")
    tile = custom_tile_id(rows)
    try:
        cells = custom_tile_cells(tile)
    except ContentError as exc:
        problem = str(exc).removeprefix("custom: ").removeprefix("tile 'custom': ")
        rule = re.search(r"\((SL §\d+)\)", problem)
        raise ScenarioError(where, problem, rule.group(1) if rule else "scenario") from None
    if any(c.start_dune or c.raider_start for c in cells):
        raise ScenarioError(where, "start dunes (e) and raider starts (r) belong to the compass tile (SL §39, SL §45)",
                            "SL §45")
    s.tiles[pos] = tile


def explore_tiles(s: State, names: Any, where: str) -> None:
    """``explore``: face-down tiles flipped now, tokens from the pool on their wrecks (SL §110)."""
    places = Places(s)
    for name in texts(names, where):
        pos = places.pos(name, where)
        if not s.face_up[pos]:
            explore(s, pos, [])


def place_raiders(s: State, entries: list[dict[str, Any]], origin: str, taken: dict[int, str]) -> None:
    """``[[raider]]``: these replace every raider on the board (SL §98)."""
    places = Places(s)
    content = s.static.content
    s.raiders = {}
    for i, r in enumerate(entries):
        where = f"{origin}: [[raider]] #{i + 1}"
        known(r, RAIDER_KEYS, where)
        rtype = r.get("type")
        if not isinstance(rtype, str) or rtype not in content.raiders:
            raise ScenarioError(f"{where} type", f"{rtype!r} is not a raider type ({', '.join(content.raiders)})")
        # Any raider type may stand on the board: the rulebook's own examples put a
        # Hovercraft where the player count has none (SL §86); only the types in use
        # have damage stacks and activate (SL §16, SL §97).
        most = content.raiders[rtype].crew
        crew = whole(r.get("crew", most), f"{where} crew", 1, most)
        h = places.hex(r.get("hex"), f"{where} hex")
        places.face_up(h, f"{where} hex", f"a {rtype}")
        rid = whole(r["id"], f"{where} id", 0) if "id" in r else max([s.next_raider - 1, *s.raiders]) + 1
        if rid in s.raiders:
            raise ScenarioError(f"{where} id", f"raider {rid} is described twice")
        if h in taken:
            raise ScenarioError(f"{where} hex", f"hex {places.name(h)} already holds {taken[h]}: one raider or token "
                                    "per hex (SL §78)", "SL §78")
        taken[h] = f"a {rtype}"
        s.raiders[rid] = [rtype, h, crew]
        # The figures are all there is: the box holds so many of each type (SL §98, SL §107;
        # the expansion adds its own, SL §141).
        placed = sum(1 for r in s.raiders.values() if r[0] == rtype)
        if placed > figures_in_box(s, rtype):
            raise ScenarioError(where, f"{placed} {rtype}s on the board, but the game has only "
                                f"{figures_in_box(s, rtype)} {rtype} figures (SL §98)", "SL §98")
    s.next_raider = max([s.next_raider, *(rid + 1 for rid in s.raiders)])


def place_tokens(s: State, entries: list[dict[str, Any]] | None, pool: Any, origin: str,
                 taken: dict[int, str]) -> None:
    """``[[token]]`` replaces every token on the board; ``token_pool`` (top first) sets
    the face-down pool. A start token the scenario removes from the board goes back to
    the box, never into the pool (SL §37); a pool token goes back to the bottom of the pool."""
    places = Places(s)
    cat = s.static.catalog
    names = cat.token_names
    where_pool = f"{origin}: [state] token_pool"
    in_play = set(s.tokens.values()) | set(s.token_pool)
    free = dict.fromkeys(sorted(in_play | set(_unused_start_tokens(s))))
    board: dict[int, int] = {}
    wanted_pool: list[int] | None = None

    def copy_of(name: str, where: str) -> int:
        if "#" in name:
            if name not in cat.token_index:
                raise ScenarioError(where, f"unknown token {name!r}")
            tok = cat.token_index[name]
            if tok not in free:
                raise ScenarioError(where, f"{name} is not a free token of this game (named twice, or out of play)")
            return tok
        tok = next((t for t in free if cat.tokens[t].id == name), None)
        if tok is None:
            if not any(t.id == name for t in cat.tokens):
                raise ScenarioError(where, f"unknown token {name!r}")
            raise ScenarioError(where, f"no free {name!r} token left")
        return tok

    if entries is not None:
        for i, t in enumerate(entries):
            where = f"{origin}: [[token]] #{i + 1}"
            known(t, TOKEN_KEYS, where)
            tok = copy_of(text(t.get("token"), f"{where} token"), f"{where} token")
            free.pop(tok)
            h = places.hex(t.get("hex"), f"{where} hex")
            places.face_up(h, f"{where} hex", "a token")
            # Tokens are laid on wrecks (SL §37, SL §38), but nothing moves them afterwards,
            # so a token on a plain hex plays by the same rules: the rulebook's examples
            # (and the tests) put one wherever the example needs it.
            if s.terrain.spawn[h]:
                # Still, a spawn point is never a wreck, and a token on it would block the
                # raiders' arrival there (SL §107), which no game can come to.
                raise ScenarioError(f"{where} hex", f"hex {places.name(h)} is a spawn point ({s.terrain.spawn[h]}): "
                                    "tokens are laid on wrecks, never on spawn points (SL §110)", "SL §110")
            if h in board:
                raise ScenarioError(f"{where} hex", f"hex {places.name(h)} already holds a token: one raider or token per hex "
                                    "(SL §78)", "SL §78")
            board[h] = tok
    if pool is not None:
        wanted_pool = []
        for name in texts(pool, where_pool):
            tok = copy_of(name, where_pool)
            if cat.tokens[tok].start:
                raise ScenarioError(where_pool, f"{names[tok]} is a START token: start tokens lie face up on the "
                                    "starting tiles, never in the pool (SL §37)", "SL §37")
            free.pop(tok)
            wanted_pool.append(tok)
    if entries is not None:
        old = s.tokens
        s.tokens = board
        if wanted_pool is None:
            # the pool loses what the board took, and takes back the pool tokens the board gave up
            back = [t for t in old.values() if t not in board.values() and not cat.tokens[t].start]
            s.token_pool = back + [t for t in s.token_pool if t not in board.values()]
    if wanted_pool is not None:
        s.token_pool = wanted_pool[::-1]
        s.tokens = {h: t for h, t in s.tokens.items() if t not in wanted_pool}
    for h in s.tokens:
        if h in taken:
            raise ScenarioError(f"{origin}: [[raider]]", f"{taken[h]} stands on the token's hex {places.name(h)}: "
                                "one raider or token per hex (SL §78)", "SL §78")
        taken[h] = f"a {cat.tokens[s.tokens[h]].id} token"


def _unused_start_tokens(s: State) -> list[int]:
    """START tokens the set-up did not lay (more tokens than wrecks): in the box."""
    cat = s.static.catalog
    rules = s.static.rules
    on_board = set(s.tokens.values())
    return [i for i, t in enumerate(cat.tokens) if t.start and i not in on_board
            and (rules.expansion or not t.expansion) and not (t.large_only and rules.area_size == "small")]


def set_markers(s: State, value: Any, where: str) -> None:
    """``markers``: rumor marker colour -> its tile (SL §43, SL §108)."""
    places = Places(s)
    colours = s.static.rules.markers
    for colour, pos in table(value, where).items():
        if colour not in colours:
            raise ScenarioError(f"{where}.{colour}", f"no {colour} marker in this game ({', '.join(colours)}; SL §43)",
                                "SL §43")
        at = places.pos(pos, f"{where}.{colour}")
        if not s.face_up[at]:
            # A marker only ever reaches a tile by a rumor card, which turns a face-down tile
            # face up as the marker arrives (SL §109); the markers start on the colonies.
            raise ScenarioError(f"{where}.{colour}", f"{places.pos_name(at)} is face down, and a rumor marker "
                                "explores the tile it moves onto (SL §109)", "SL §109")
        s.markers[colour] = at


def discard_past_rounds(s: State, rnd: int, types: list[str]) -> None:
    """A position in round ``rnd`` has revealed the top ``rnd - 1`` cards of each damage
    stack and discarded them in the weather phases (SL §47, SL §61; solo: one card a turn,
    SL §121): unless the scenario names the stack, the cards of the rounds to come are left
    (the round-7 cards of the epic game on a round-7 stack, SL §150)."""
    for _ in range(rnd - 1):
        for rtype in types:
            if s.damage_stacks[rtype]:
                s.damage_discard.append(s.damage_stacks[rtype].pop())


def set_damage(s: State, value: Any, activated: Any, origin: str) -> None:
    """``[damage.TYPE]`` stack (top first) and revealed (this round's cards, in the order
    revealed); ``activated`` reveals the top card of each named type's stack (SL §61)."""
    content = s.static.content
    in_use = s.static.rules.raider_types
    if value is not None:
        where = f"{origin}: [damage]"
        for rtype, entry in table(value, where).items():
            here = f"{where}.{rtype}"
            if rtype not in in_use:
                raise ScenarioError(here, f"no {rtype} stack in this game ({', '.join(in_use)}; SL §30)", "SL §30")
            known(table(entry, here), DAMAGE_KEYS, here)
            for key in DAMAGE_KEYS:
                if key in entry:
                    cards = texts(entry[key], f"{here} {key}")
                    for c in cards:
                        if c not in content.damage_cards and c not in s.custom_damage:
                            raise ScenarioError(f"{here} {key}", f"unknown damage card {c!r}")
                    if key == "stack":
                        s.damage_stacks[rtype] = cards[::-1]
                    else:
                        s.revealed[rtype] = list(cards)
    if activated is not None:
        where = f"{origin}: [state] activated"
        for rtype in texts(activated, where):
            if rtype not in in_use:
                raise ScenarioError(where, f"no {rtype} raiders in this game ({', '.join(in_use)})", "SL §97")
            if s.revealed[rtype]:
                continue
            if not s.damage_stacks[rtype]:
                raise ScenarioError(where, f"the {rtype} damage stack is empty (SL §61)", "SL §61")
            s.revealed[rtype].append(s.damage_stacks[rtype].pop())


def check_damage_cards(s: State, where: str) -> None:
    """Each damage card lies in one place: a stack, this round's revealed cards, or the
    face-up discard (SL §30, SL §52)."""
    seen: dict[str, str] = {}
    places = [(f"[damage.{t}] stack", c) for t, cs in s.damage_stacks.items() for c in cs]
    places += [(f"[damage.{t}] revealed", c) for t, cs in s.revealed.items() for c in cs]
    places += [("damage_discard", c) for c in s.damage_discard]
    for zone, c in places:
        if c in seen:
            raise ScenarioError(where, f"damage card {c} is both in {seen[c]} and in {zone} (SL §30)", "SL §30")
        seen[c] = zone


def set_weather(s: State, st: dict[str, Any], where: str) -> None:
    """``weather`` (the active pair, older first: the rest in the deck), or
    ``weather_drawn`` (every card drawn, oldest first; the last two are active) with
    ``weather_deck`` (top first) (SL §40, SL §41, SL §48)."""
    content = s.static.content
    if "weather" in st and ("weather_drawn" in st or "weather_deck" in st):
        raise ScenarioError(f"{where} weather", "give either weather or weather_drawn and weather_deck")
    everything = s.weather_drawn + s.weather_deck

    def cards(key: str) -> list[str]:
        out = texts(st[key], f"{where} {key}")
        for w in out:
            if w not in content.weather:
                raise ScenarioError(f"{where} {key}", f"unknown weather card {w!r}")
        if len(set(out)) != len(out):
            raise ScenarioError(f"{where} {key}", "a weather card is named twice")
        return out

    if "weather" in st:
        pair = cards("weather")
        if not 1 <= len(pair) <= 2:
            raise ScenarioError(f"{where} weather", "the active weather is one or two different cards (SL §48)",
                                "SL §48")
        s.weather_deck = [w for w in everything if w not in pair]
        s.weather_drawn = pair
        return
    drawn = cards("weather_drawn") if "weather_drawn" in st else None
    deck = cards("weather_deck")[::-1] if "weather_deck" in st else None
    if drawn is None and deck is None:
        return
    if drawn is None:
        drawn = [w for w in s.weather_drawn if w not in deck]
    if deck is None:
        deck = [w for w in everything if w not in drawn]
    if not drawn:
        raise ScenarioError(f"{where} weather_drawn", "at least one weather card is face up (SL §41, SL §48)",
                            "SL §48")
    both = set(drawn) & set(deck)
    if both:
        raise ScenarioError(f"{where} weather_deck", f"{sorted(both)[0]} is both drawn and in the deck")
    if set(drawn) | set(deck) != set(everything):
        missing = sorted(set(everything) - set(drawn) - set(deck))
        raise ScenarioError(f"{where} weather_deck", f"every weather card is drawn or in the deck (SL §41); "
                            f"missing: {', '.join(missing)}", "SL §41")
    s.weather_drawn, s.weather_deck = drawn, deck


def set_rumors(s: State, st: dict[str, Any], where: str) -> None:
    """``rumor_deck``: how many cards are left (the rest count as played), or the cards
    themselves, top first; ``rumors_played``: the cards played, in order (SL §42, SL §109)."""
    rumors = s.static.content.rumors
    resolving = [f["card"] for f in s.stack if f["kind"] == "rumor"]  # drawn, its option not chosen yet
    if not isinstance(st.get("rumor_deck"), list):
        s.rumor_deck = [c for c in s.rumor_deck if c not in resolving]  # SL §109: it was drawn from the deck
    if "rumor_deck" in st and isinstance(st["rumor_deck"], int) and not isinstance(st["rumor_deck"], bool):
        keep = whole(st["rumor_deck"], f"{where} rumor_deck", 0, len(s.rumor_deck))
        while len(s.rumor_deck) > keep:
            s.rumors_played.append(s.rumor_deck.pop())
    elif "rumor_deck" in st:
        s.rumor_deck = texts(st["rumor_deck"], f"{where} rumor_deck")[::-1]
    if "rumors_played" in st:
        s.rumors_played = texts(st["rumors_played"], f"{where} rumors_played")
    seen: set[str] = set()
    for key, cards in (("rumor_deck", s.rumor_deck), ("rumors_played", s.rumors_played), ("procedure", resolving)):
        for c in cards:
            if c not in rumors:
                raise ScenarioError(f"{where} {key}", f"unknown rumor card {c!r}")
            if c in seen:
                raise ScenarioError(f"{where} {key}", f"rumor card {c} is named twice")
            seen.add(c)
    most = s.static.rules.rumor_cards
    if len(seen) != most:
        raise ScenarioError(f"{where} rumor_deck", f"this game deals {most} rumor cards (SL §17, SL §42), "
                            f"and the deck and the played cards hold {len(seen)}", "SL §42")


def set_wind(s: State, value: Any, where: str) -> None:
    try:
        s.wind_dir = direction_index(text(value, where))
    except ValueError:
        raise ScenarioError(where, f"{value!r} is not N, NE, SE, S, SW or NW") from None
