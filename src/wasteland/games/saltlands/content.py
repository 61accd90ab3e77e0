"""Load and check the Saltlands content data (``data/*.toml``).

``load_content()`` decodes every data file into the frozen structs of
:mod:`wasteland.games.saltlands.schema` and cross-checks them against the numbers the
rulebook gives (component counts of SL §6, the play areas of SL §35, SL §36, ...). Any
problem raises :class:`ContentError` whose message names the file, the entry and the
problem. The default load is cached: content is shared by every game state, never
copied.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from wasteland.core.content import ContentError, Frozen, by_id, decode_toml
from wasteland.games.saltlands.schema import (
    BoardDef,
    CardDef,
    CharacterDef,
    DamageCardDef,
    LayoutDef,
    RaiderDef,
    RumorCardDef,
    TileDef,
    TokenDef,
    VictoryKindDef,
    WeatherCardDef,
    WindTileDef,
)

from .content_checks import (RAIDER_ORDER, check_board, check_cards, check_characters, check_damage,
                             check_raiders, check_rumors, check_tokens, check_weather)
from .content_tiles import HEX_DIRECTIONS, LAYOUT_RULES, TileCell, check_layouts, check_tiles, parse_tile

DATA_DIR = Path(__file__).with_name("data")


class Content(Frozen):
    """All Saltlands content, decoded and checked. Shared, never copied."""

    tiles: dict[str, TileDef]
    layouts: dict[str, LayoutDef]
    cards: dict[str, CardDef]
    raiders: dict[str, RaiderDef]
    damage_cards: dict[str, DamageCardDef]
    weather: dict[str, WeatherCardDef]
    wind: WindTileDef
    rumors: dict[str, RumorCardDef]
    tokens: dict[str, TokenDef]
    characters: dict[str, CharacterDef]
    board: BoardDef
    victory_kinds: dict[str, VictoryKindDef]
    cells: dict[str, tuple[TileCell, ...]]

    def tile_cells(self, tile_id: str) -> list[TileCell]:
        """The 19 hexes of a tile, row by row (r = -2..2, q ascending). A custom tile
        (``custom_tile_id``) carries its rows in its id."""
        if tile_id.startswith(CUSTOM_TILE):
            return list(custom_tile_cells(tile_id))
        try:
            return list(self.cells[tile_id])
        except KeyError:
            raise KeyError(f"unknown tile {tile_id!r}") from None


#: A tile of a synthetic map (a scenario's own terrain): its id is this prefix and its
#: rows as tiles.toml draws them, joined by "/" ("custom/s s s/s d d s/..."), so the state
#: stays plain data and the id alone says what the tile shows.
CUSTOM_TILE = "custom/"


def custom_tile_id(rows: list[str]) -> str:
    return CUSTOM_TILE + "/".join(" ".join(row.split()) for row in rows)


@functools.lru_cache(maxsize=256)
def custom_tile_cells(tile_id: str) -> tuple[TileCell, ...]:
    """The cells of a custom tile; a ContentError names what is wrong with its rows."""
    rows = tile_id[len(CUSTOM_TILE):].split("/")
    cells = parse_tile(TileDef(id="custom", name="custom tile", kind="ordinary", rows=rows), "custom")
    # A wreck may lie on any terrain: SL §84's loot token lies in the mountains.
    for c in cells:  # what every tile of the game holds to (SL §107)
        if c.spawn and c.terrain != "salt":
            raise ContentError(f"custom: spawn point {c.spawn} at (q={c.q}, r={c.r}) must be on salt (SL §107)")
    return cells


# --- file structures ---------------------------------------------------------------------


class _TilesFile(Frozen):
    tile: list[TileDef]


class _LayoutsFile(Frozen):
    layout: list[LayoutDef]


class _CardsFile(Frozen):
    card: list[CardDef]


class _RaidersFile(Frozen):
    raider: list[RaiderDef]


class _DamageFile(Frozen):
    damage: list[DamageCardDef]


class _WeatherFile(Frozen):
    weather: list[WeatherCardDef]


class _WindFile(Frozen):
    wind: WindTileDef


class _RumorsFile(Frozen):
    rumor: list[RumorCardDef]


class _TokensFile(Frozen):
    token: list[TokenDef]


class _CharactersFile(Frozen):
    character: list[CharacterDef]


class _BoardFile(Frozen):
    board: BoardDef
    victory_kind: list[VictoryKindDef]


# Entry label used in messages, per top-level key.
_LABELS = {"victory_kind": "victory kind"}
_ID_FIELDS = {"victory_kind": "kind"}


def _decode(data_dir: Path, filename: str, file_type: type[Any]) -> Any:
    return decode_toml(data_dir, filename, file_type, labels=_LABELS, id_fields=_ID_FIELDS)


# --- entry point -------------------------------------------------------------------------


def _load(data_dir: Path) -> Content:
    tiles = by_id("tiles.toml", "tile", _decode(data_dir, "tiles.toml", _TilesFile).tile)
    layouts = by_id("layouts.toml", "layout", _decode(data_dir, "layouts.toml", _LayoutsFile).layout)
    cards = by_id("cards.toml", "card", _decode(data_dir, "cards.toml", _CardsFile).card)
    raiders = by_id("raiders.toml", "raider", _decode(data_dir, "raiders.toml", _RaidersFile).raider)
    damage = by_id("damage.toml", "damage card", _decode(data_dir, "damage.toml", _DamageFile).damage)
    weather = by_id("weather.toml", "weather card", _decode(data_dir, "weather.toml", _WeatherFile).weather)
    wind = _decode(data_dir, "wind.toml", _WindFile).wind
    rumors = by_id("rumors.toml", "rumor", _decode(data_dir, "rumors.toml", _RumorsFile).rumor)
    tokens = by_id("tokens.toml", "token", _decode(data_dir, "tokens.toml", _TokensFile).token)
    characters = by_id(
        "characters.toml", "character", _decode(data_dir, "characters.toml", _CharactersFile).character
    )
    board_file = _decode(data_dir, "board.toml", _BoardFile)
    victory_kinds = by_id("board.toml", "victory kind", board_file.victory_kind, attr="kind")

    cells = check_tiles(tiles)
    check_layouts(layouts, tiles)
    raiders = check_raiders(raiders)
    check_board(board_file.board, victory_kinds)
    check_cards(cards, raiders, victory_kinds, sum(not c.expansion for c in characters.values()))
    check_characters(characters, cards)
    check_damage(damage)
    check_weather(weather, wind)
    check_rumors(rumors)
    starting_wrecks = [sum(c.wreck for c in cells[t]) for t, tile in tiles.items() if tile.kind == "starting"]
    check_tokens(tokens, victory_kinds, starting_wrecks)

    return Content(
        tiles=tiles,
        layouts={lid: layouts[lid] for lid in LAYOUT_RULES},
        cards=cards,
        raiders=raiders,
        damage_cards=damage,
        weather=weather,
        wind=wind,
        rumors=rumors,
        tokens=tokens,
        characters=characters,
        board=board_file.board,
        victory_kinds=victory_kinds,
        cells=cells,
    )


@functools.lru_cache(maxsize=1)
def _default_content() -> Content:
    return _load(DATA_DIR)


def load_content(data_dir: Path | None = None) -> Content:
    """Load the content from ``data_dir`` (default: the packaged data, cached and shared)."""
    if data_dir is None:
        return _default_content()
    return _load(Path(data_dir))


__all__ = [
    "Content",
    "ContentError",
    "DATA_DIR",
    "HEX_DIRECTIONS",
    "RAIDER_ORDER",
    "TileCell",
    "load_content",
    "parse_tile",
]
