"""The rulebook's numbers for the Saltlands cards, raiders, damage and weather cards,
rumors, tokens, characters and the player board (SL §6 unless noted): content that
contradicts them fails on load with a ContentError naming the file and the entry."""

from __future__ import annotations

from collections import Counter

from wasteland.core.content import ContentError
from wasteland.games.saltlands.content_tiles import SPAWN_LETTERS
from wasteland.games.saltlands.schema import (
    BoardDef,
    CardAction,
    CardDef,
    CharacterDef,
    DamageCardDef,
    RaiderDef,
    RumorCardDef,
    TokenDef,
    VictoryKindDef,
    WeatherCardDef,
    WindTileDef,
)

#: Raider types in the order of the set-up table (SL §15, SL §16, SL §17, SL §97).
RAIDER_ORDER: tuple[str, ...] = ("speedster", "pickup", "truck", "bulldozer", "hovercraft", "apc")

# Rulebook totals (SL §6 unless noted).
BASE_CARDS = 107
BASE_TOKENS = 51
BASE_DAMAGE_ROUNDS = 6
DAMAGE_PER_ROUND = 8  # SL §30 ruling: 48 = 8 x 6
WEATHER_CARDS = 10
STARTING_WEATHER = 2  # SL §41
RUMOR_CARDS = 9
RAIDER_FIGURES = 36
EXPANSION_FIGURES = 6  # SL §141
CHARACTERS = 6
EXPANSION_CHARACTERS = 6  # SL §141, SL §146
VEHICLES_PER_RAIDER_TYPE = 2  # SL §99
STARTING_KIT = ("sailer", "spear", "water")  # SL §44, plus the special item


# --- cards -------------------------------------------------------------------------------


def _check_action(where: str, action: CardAction, cards: dict[str, CardDef]) -> None:
    effect = action.effect
    if action.amount < 1:
        raise ContentError(f"{where}: {effect} action needs amount >= 1")
    if effect in ("explore", "rumor", "get", "take_from_discard", "hide") and action.amount != 1:
        raise ContentError(f"{where}: {effect} action has no amount (leave it at 1)")
    if action.damage_type != "normal" and effect != "damage":
        raise ContentError(f"{where}: damage_type only applies to a damage action, not {effect}")
    if action.deck != "mirage" and effect != "draw":
        raise ContentError(f"{where}: deck only applies to a draw action, not {effect}")
    if (action.get is None) == (effect == "get"):
        raise ContentError(f"{where}: a get action needs `get` (victory or crew), and only a get action has it")
    if bool(action.take) != (effect == "take_from_discard"):
        raise ContentError(f"{where}: a take_from_discard action needs a `take` list, and only it has one")
    for ref in action.take:
        if ref not in cards:
            raise ContentError(f"{where}: take refers to unknown card {ref!r}")
    if action.cost is not None:
        if action.cost not in cards:
            raise ContentError(f"{where}: cost refers to unknown card {action.cost!r}")
    if action.area:
        if effect != "damage":
            raise ContentError(f"{where}: only a damage action has an area pattern (SL §143)")
        offsets = [tuple(o) for o in action.area]
        if any(len(o) != 2 for o in offsets) or (0, 0) in offsets or len(set(offsets)) != len(offsets):
            raise ContentError(
                f"{where}: area lists distinct [q, r] offsets from the user, not the user's own hex (SL §143)"
            )
    if effect == "armor" and not action.one_time:
        raise ContentError(f"{where}: an armor action is one-time armor and must be one_time (SL §88)")


def check_cards(
    cards: dict[str, CardDef],
    raiders: dict[str, RaiderDef],
    victory_kinds: dict[str, VictoryKindDef],
    n_characters: int,
) -> None:
    for cid, card in cards.items():
        where = f"cards.toml: card {cid!r}"
        if card.count < 1:
            raise ContentError(f"{where}: count must be at least 1")
        if card.hand_limit < 0 or card.armor < 0:
            raise ContentError(f"{where}: hand_limit and armor cannot be negative")
        if card.slot == "vehicle" and card.vehicle is None:
            raise ContentError(f"{where}: slot 'vehicle' needs a [card.vehicle] table")
        if card.vehicle is not None and card.slot != "vehicle":
            raise ContentError(f"{where}: only a vehicle (slot = 'vehicle') has a [card.vehicle] table")
        if card.vehicle is not None:
            v = card.vehicle
            if not v.terrain or len(set(v.terrain)) != len(v.terrain):
                raise ContentError(f"{where}: vehicle terrain must list distinct terrains")
            if v.movement == "sail" and (v.move != 0 or "mountain" in v.terrain):
                raise ContentError(
                    f"{where}: a sail vehicle moves by the wind (move = 0) and cannot enter mountains (SL §79)"
                )
            if v.movement == "tractor" and (v.move != 0 or sorted(v.terrain) != ["dune", "mountain", "salt"]):
                raise ContentError(
                    f"{where}: the Wind Tractor moves by the wind strength (move = 0) over any terrain (SL §144)"
                )
            if v.movement == "motor" and v.move < 1:
                raise ContentError(f"{where}: a motorized vehicle needs move >= 1 (SL §83)")
            if card.actions:
                raise ContentError(f"{where}: a vehicle's only action is its move; it lists no actions (SL §70)")
        if card.slot == "hand" and card.hand_limit:
            raise ContentError(f"{where}: a hand item shows no hand-limit symbol; only slot cards do (SL §55)")
        if card.crew and card.slot != "cargo":
            raise ContentError(f"{where}: a crew card is cargo (blue header, SL §54)")
        if (card.deck == "crew") != card.crew and not (card.expansion and card.deck == "starting"):
            # The Twin (SL §147) is an expansion character's crew-card special item.
            raise ContentError(f"{where}: the crew deck holds exactly the crew cards (crew = true)")
        if card.expansion and card.deck not in ("mirage", "raider", "starting"):
            raise ContentError(
                f"{where}: expansion cards are items of the Mirage or Raider deck or special items (SL §141, SL §147)"
            )
        if (card.deck == "victory") != (card.victory is not None):
            raise ContentError(f"{where}: victory cards (deck 'victory') and only they have a victory kind")
        if card.victory is not None and card.victory not in victory_kinds:
            raise ContentError(f"{where}: victory kind {card.victory!r} has no [[victory_kind]] in board.toml")
        if (card.deck == "raider_vehicle") != (card.raider_type is not None):
            raise ContentError(f"{where}: raider vehicle cards (deck 'raider_vehicle') and only they have a raider_type")
        if card.raider_type is not None:
            if card.raider_type not in raiders:
                raise ContentError(f"{where}: raider_type refers to unknown raider {card.raider_type!r}")
            if card.vehicle is None:
                raise ContentError(f"{where}: a raider vehicle card needs slot 'vehicle' and a [card.vehicle] table")
        if len(card.actions) > 2:
            raise ContentError(f"{where}: a card has at most two action options (SL §67)")
        for action in card.actions:
            _check_action(where, action, cards)

    base_cards = {cid: c for cid, c in cards.items() if not c.expansion}
    total = sum(c.count for c in base_cards.values())
    if total != BASE_CARDS:
        raise ContentError(f"cards.toml: {total} cards in all (sum of count), the rulebook gives {BASE_CARDS} (SL §6)")
    per_deck = Counter[str]()
    for card in base_cards.values():
        per_deck[card.deck] += card.count
    if per_deck["starting"] != 4 * n_characters:
        raise ContentError(
            f"cards.toml: deck 'starting' has {per_deck['starting']} cards, expected "
            f"{4 * n_characters} (Sailer, Spear, Water and a special item per character, SL §44)"
        )
    for kit in STARTING_KIT:
        card = cards.get(kit)
        if card is None or card.deck != "starting" or card.count != n_characters:
            raise ContentError(
                f"cards.toml: card {kit!r}: the starting kit needs {n_characters} copies in deck 'starting' (SL §44)"
            )
    per_type = Counter[str]()
    for card in cards.values():
        if card.raider_type is not None:
            per_type[card.raider_type] += card.count
    for rid in raiders:
        if per_type[rid] != VEHICLES_PER_RAIDER_TYPE:
            raise ContentError(
                f"cards.toml: raider {rid!r} has {per_type[rid]} vehicle cards, the rulebook gives "
                f"{VEHICLES_PER_RAIDER_TYPE} per raider type (SL §99)"
            )


# --- the rest ----------------------------------------------------------------------------


def check_raiders(raiders: dict[str, RaiderDef]) -> dict[str, RaiderDef]:
    if set(raiders) != set(RAIDER_ORDER):
        raise ContentError(
            f"raiders.toml: raider types are {sorted(raiders)}, the rulebook has the 6 types "
            f"{list(RAIDER_ORDER)} (SL §6, SL §97)"
        )
    for rid, raider in raiders.items():
        where = f"raiders.toml: raider {rid!r}"
        if raider.crew not in (1, 2):
            raise ContentError(f"{where}: crew is 1 or 2 (SL §98), not {raider.crew}")
        if raider.armor < 0 or raider.move < 1 or raider.figures < 1 or raider.expansion_figures < 0:
            raise ContentError(f"{where}: needs armor >= 0, move >= 1 and figures >= 1")
        if raider.loot_raider < 0 or raider.loot_mirage < 0:
            raise ContentError(f"{where}: loot counts cannot be negative")
        if not raider.terrain or len(set(raider.terrain)) != len(raider.terrain):
            raise ContentError(f"{where}: terrain must list distinct terrains")
    figures = sum(r.figures for r in raiders.values())
    if figures != RAIDER_FIGURES:
        raise ContentError(f"raiders.toml: {figures} figures in all, the rulebook gives {RAIDER_FIGURES} (SL §6)")
    extra = sum(r.expansion_figures for r in raiders.values())
    if extra != EXPANSION_FIGURES:
        raise ContentError(
            f"raiders.toml: {extra} expansion figures in all, Lost in the Desert adds {EXPANSION_FIGURES} (SL §141)"
        )
    return {rid: raiders[rid] for rid in RAIDER_ORDER}


def check_damage(damage: dict[str, DamageCardDef]) -> None:
    for did, card in damage.items():
        where = f"damage.toml: damage card {did!r}"
        letters = card.letters
        if not letters or any(ch not in SPAWN_LETTERS for ch in letters) or len(set(letters)) != len(letters):
            raise ContentError(f"{where}: letters {letters!r} must be distinct spawn letters from 'ABCMH'")
        if card.move_bonus:
            if card.move_bonus != 3 or card.damage != 0 or card.damage_type != "normal":
                raise ContentError(f"{where}: a movement card shows +3 movement instead of damage (SL §106)")
        elif not 1 <= card.damage <= 3:
            raise ContentError(f"{where}: needs damage 1-3, or move_bonus = 3 with no damage (SL §106)")
        last_round = BASE_DAMAGE_ROUNDS + 1 if card.expansion else BASE_DAMAGE_ROUNDS
        if not (1 <= card.round <= last_round) or (card.expansion and card.round != 7):
            raise ContentError(
                f"{where}: round {card.round}: base cards are rounds 1-6, expansion cards round 7 (SL §30, SL §150)"
            )
    per_round = Counter(c.round for c in damage.values() if not c.expansion)
    base = sum(per_round.values())
    if base != BASE_DAMAGE_ROUNDS * DAMAGE_PER_ROUND or any(
        per_round[r] != DAMAGE_PER_ROUND for r in range(1, BASE_DAMAGE_ROUNDS + 1)
    ):
        raise ContentError(
            f"damage.toml: {base} base damage cards, per round {dict(sorted(per_round.items()))}; "
            f"the rulebook gives 48, i.e. {DAMAGE_PER_ROUND} for each round 1-6 (SL §6, SL §30 ruling)"
        )


def check_weather(weather: dict[str, WeatherCardDef], wind: WindTileDef) -> None:
    for wid, card in weather.items():
        where = f"weather.toml: weather card {wid!r}"
        if card.strength < 1:
            raise ContentError(f"{where}: strength must be at least 1")
        if not -3 <= card.turn <= 3:
            raise ContentError(f"{where}: turn is in sixths of a turn, -3..3, not {card.turn}")
    if len(weather) != WEATHER_CARDS:
        raise ContentError(f"weather.toml: {len(weather)} weather cards, the rulebook gives {WEATHER_CARDS} (SL §6)")
    n_start = sum(c.starting for c in weather.values())
    if n_start != STARTING_WEATHER:
        raise ContentError(
            f"weather.toml: {n_start} starting weather cards, the rulebook gives {STARTING_WEATHER} (SL §41)"
        )
    pattern = wind.pattern
    if len(pattern) != 6 or pattern[3] != "none" or pattern.count("none") != 1:
        raise ContentError(
            "wind.toml: wind: pattern needs 6 entries with 'none' exactly straight upwind (index 3, SL §81)"
        )
    if pattern.count("double") != 2:
        raise ContentError("wind.toml: wind: pattern needs double steps in exactly two directions (SL §81)")


def check_rumors(rumors: dict[str, RumorCardDef]) -> None:
    for rid, card in rumors.items():
        for side, moves in (("top", card.top), ("bottom", card.bottom)):
            markers = [m.marker for m in moves]
            if not 1 <= len(moves) <= 3 or len(set(markers)) != len(markers):
                raise ContentError(
                    f"rumors.toml: rumor {rid!r}: {side} needs 1-3 moves of distinct markers (SL §109)"
                )
    if len(rumors) != RUMOR_CARDS:
        raise ContentError(f"rumors.toml: {len(rumors)} rumor cards, the rulebook gives {RUMOR_CARDS} (SL §6)")


def check_tokens(
    tokens: dict[str, TokenDef],
    victory_kinds: dict[str, VictoryKindDef],
    starting_wrecks: list[int],
) -> None:
    colours = {v.colour for v in victory_kinds.values()}
    for tid, token in tokens.items():
        where = f"tokens.toml: token {tid!r}"
        if token.count < 1:
            raise ContentError(f"{where}: count must be at least 1")
        if (token.kind == "victory") != (token.colour is not None):
            raise ContentError(f"{where}: victory tokens, and only they, have a colour (SL §84 example)")
        if token.colour is not None and token.colour not in colours:
            raise ContentError(f"{where}: colour {token.colour!r} matches no victory kind in board.toml")
        if token.expansion and (token.start or token.large_only):
            raise ContentError(f"{where}: expansion tokens go into the pool (no START or large-area mark)")
    base = [t for t in tokens.values() if not t.expansion]
    total = sum(t.count for t in base)
    if total != BASE_TOKENS:
        raise ContentError(f"tokens.toml: {total} base tokens (sum of count), the rulebook gives {BASE_TOKENS} (SL §6)")
    n_start = sum(t.count for t in base if t.start)
    n_start_small = sum(t.count for t in base if t.start and not t.large_only)
    small_wrecks = sum(sorted(starting_wrecks)[:2])
    if n_start != sum(starting_wrecks) or n_start_small != small_wrecks:
        raise ContentError(
            f"tokens.toml: {n_start} START tokens ({n_start_small} not large-area only); the starting "
            f"tiles have {sum(starting_wrecks)} wrecks, {small_wrecks} in the small area (SL §37)"
        )


def check_characters(characters: dict[str, CharacterDef], cards: dict[str, CardDef]) -> None:
    items: dict[str, str] = {}
    abilities: dict[str, str] = {}
    for cid, ch in characters.items():
        where = f"characters.toml: character {cid!r}"
        card = cards.get(ch.special_item)
        if card is None:
            raise ContentError(f"{where}: special_item refers to unknown card {ch.special_item!r}")
        if card.deck != "starting" or card.count != 1:
            raise ContentError(
                f"{where}: special item {ch.special_item!r} must be a single card in deck 'starting' (SL §44)"
            )
        if card.expansion != ch.expansion:
            raise ContentError(f"{where}: an expansion character has an expansion special item, and only it (SL §147)")
        if ch.special_item in items:
            raise ContentError(f"{where}: special item {ch.special_item!r} also belongs to {items[ch.special_item]!r}")
        if ch.ability in abilities:
            raise ContentError(f"{where}: ability {ch.ability!r} also belongs to {abilities[ch.ability]!r}")
        if ch.hand_limit < 0:
            raise ContentError(f"{where}: hand_limit cannot be negative")
        items[ch.special_item] = cid
        abilities[ch.ability] = cid
    n_base = sum(not c.expansion for c in characters.values())
    if n_base != CHARACTERS:
        raise ContentError(f"characters.toml: {n_base} base characters, the rulebook gives {CHARACTERS} (SL §6)")
    n_exp = len(characters) - n_base
    if n_exp != EXPANSION_CHARACTERS:
        raise ContentError(
            f"characters.toml: {n_exp} expansion characters, Lost in the Desert has {EXPANSION_CHARACTERS} (SL §141)"
        )
    # Expansion characters take the Sailer, Spear and Water of the base kit (SL §44): at
    # most six players, so the six copies of each suffice.
    n_specials = sum(c.count for c in cards.values() if c.deck == "starting") - len(STARTING_KIT) * n_base
    if n_specials != len(items):
        raise ContentError(
            f"cards.toml: deck 'starting' holds {n_specials} special items for {len(items)} characters (SL §44, SL §136)"
        )


def check_board(board: BoardDef, victory_kinds: dict[str, VictoryKindDef]) -> None:
    if len(board.cargo_slots) != 3:
        raise ContentError(f"board.toml: board: needs 3 cargo slots (SL §54), has {len(board.cargo_slots)}")
    if board.vehicle_slot < 0 or any(v < 0 for v in board.cargo_slots):
        raise ContentError("board.toml: board: hand-limit values cannot be negative")
    if set(victory_kinds) != {"plants", "compass", "tools"}:
        raise ContentError("board.toml: victory kinds must be plants, compass and tools, once each (SL §112)")
    colours = [v.colour for v in victory_kinds.values()]
    if len(set(colours)) != len(colours):
        raise ContentError("board.toml: each victory kind matches a different rumor-marker colour (SL §112)")
    if victory_kinds["plants"].colour != "green":
        raise ContentError("board.toml: victory kind 'plants': Plants are green (SL §89)")
