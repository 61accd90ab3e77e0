"""Setting up a game (SL §9 to SL §45, SL §121)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wasteland.core.hexgrid import direction_index
from wasteland.core.rng import seed_state, shuffle

from .config import EPIC_SOLO_STACK_ROUNDS, Rules
from .content import load_content
from .engine import deal_character, settle, start_turn
from .state import Player, State, Static, static_from_config
from .zones import Events


def new_game(config: dict[str, Any], seed: int) -> tuple[State, Events]:
    static = static_from_config(config)
    rules = static.rules
    content = static.content
    geo = static.geo
    boxed = _box(static)
    s = State(static)
    s.rng = seed_state(seed)
    events: Events = [{"type": "setup", "players": rules.players, "mode": rules.mode,
                       "difficulty": rules.difficulty, "area": rules.area}]

    # Play area (SL §34, SL §35, SL §36): compass tile, starting tiles, face-down tiles.
    starting = list(boxed.starting)
    ordinary = list(boxed.ordinary)
    shuffle(s, starting)
    shuffle(s, ordinary)
    s.tiles = [boxed.compass] + starting[: len(geo.starting_positions)] + ordinary[: len(geo.face_down_positions)]
    s.face_up = [True] * (1 + len(geo.starting_positions)) + [False] * len(geo.face_down_positions)
    s.rotation = [0] * len(s.tiles)
    s.invalidate_terrain()

    # Tokens (SL §37): START tokens face up on the starting tiles' wrecks, the rest a pool.
    start_tokens = list(boxed.start_tokens)
    pool = list(boxed.pool)
    shuffle(s, start_tokens)
    shuffle(s, pool)
    wreck = s.terrain.wreck
    for pos in geo.starting_positions:
        for h in geo.hexes_of(pos):
            if wreck[h] and start_tokens:
                s.tokens[h] = start_tokens.pop()
    s.token_pool = pool

    # Starting raiders (SL §39): one of each type in use on the compass tile.
    if rules.starting_raiders:
        for rtype, h in zip(rules.raider_types, s.terrain.raider_starts):
            s.raiders[s.next_raider] = [rtype, h, content.raiders[rtype].crew]
            s.next_raider += 1

    # Wind and weather (SL §40, SL §41). Ruling SL §41: the text does not say which
    # starting card lies under the other; the one listed first in the data is the older,
    # the first retired by the weather phase (SL §49).
    s.wind_dir = direction_index(content.wind.initial)
    s.weather_drawn = list(boxed.weather_drawn)
    s.weather_deck = list(boxed.weather_deck)
    shuffle(s, s.weather_deck)

    # Rumor deck and markers (SL §42, SL §43).
    rumors = list(boxed.rumors)
    shuffle(s, rumors)
    s.rumor_deck = rumors[: rules.rumor_cards]
    colony_positions = list(geo.starting_positions)
    shuffle(s, colony_positions)
    s.markers = dict(zip(rules.markers, colony_positions))

    # Decks and supply (SL §19 to SL §27).
    s.mirage = list(boxed.mirage)
    s.raider_deck = list(boxed.raider_deck)
    s.supply = list(boxed.supply)
    shuffle(s, s.mirage)
    shuffle(s, s.raider_deck)

    # Damage stacks (SL §30 to SL §33; solo SL §121): round 6 at the bottom, round 1 on top.
    by_round = {rnd: list(cards) for rnd, cards in boxed.damage_by_round}
    for cards in by_round.values():
        shuffle(s, cards)
    if rules.mode == "solo":
        rounds = EPIC_SOLO_STACK_ROUNDS if rules.epic else rules.solo_stack  # SL §121, SL §150
    else:
        rounds = tuple(range(1, rules.last_round + 1))  # SL §150: round 7 under each stack
    s.damage_stacks = {t: [] for t in rules.raider_types}
    for rnd in reversed(rounds):
        for t in rules.raider_types:
            s.damage_stacks[t].append(by_round[rnd].pop())
    s.revealed = {t: [] for t in rules.raider_types}

    # Characters (SL §44) and the first player (SL §45).
    s.players = [Player(seat) for seat in range(rules.players)]
    s.current = rules.first_player
    if rules.characters is not None:
        check_characters(rules)
        for seat, character in enumerate(rules.characters):
            deal_character(s, seat, character, events)
        start_turn(s, s.current, events)
    else:
        s.stack.append({"kind": "after_setup", "seat": s.current})
        for seat in reversed(range(rules.players)):
            s.stack.append({"kind": "character", "seat": seat})
    settle(s, events)
    return s, events


@dataclass(frozen=True)
class _Box:
    """What the box holds for one configuration, before any shuffle: the same for every
    game of it, so listed once."""

    compass: str
    starting: tuple[str, ...]
    ordinary: tuple[str, ...]
    start_tokens: tuple[int, ...]
    pool: tuple[int, ...]
    weather_drawn: tuple[str, ...]
    weather_deck: tuple[str, ...]
    rumors: tuple[str, ...]
    mirage: tuple[int, ...]
    raider_deck: tuple[int, ...]
    supply: tuple[int, ...]
    damage_by_round: tuple[tuple[int, tuple[str, ...]], ...]


_BOXES: dict[int, tuple[Static, _Box]] = {}


def _box(static: Static) -> _Box:
    found = _BOXES.get(id(static))
    if found is not None:
        return found[1]
    rules = static.rules
    content = static.content
    cat = static.catalog
    # SL §140: the expansion's tiles are shuffled in with the ordinary ones (and build the
    # larger epic areas, SL §150).
    tiles = content.tiles.values()
    tokens = [
        i for i, t in enumerate(cat.tokens)
        if (rules.expansion or not t.expansion) and not (t.large_only and rules.area_size == "small")
    ]
    # Red Victory cards stay in the box without the red marker (digest 2.2 ruling).
    markers = set(rules.markers)
    kinds = content.victory_kinds
    mirage: list[int] = []
    raider_deck: list[int] = []
    supply: list[int] = []
    for i, card in enumerate(cat.cards):
        if card.id in cat.character_card:
            continue
        if card.expansion and not rules.expansion:
            continue  # SL §141: expansion cards only when the expansion is in play
        if card.deck == "mirage":
            mirage.append(i)
        elif card.deck == "raider":
            raider_deck.append(i)
        elif card.deck == "victory":
            if kinds[card.victory].colour in markers:
                supply.append(i)
        else:
            supply.append(i)
    by_round: dict[int, list[str]] = {}
    for damage in content.damage_cards.values():
        if not damage.expansion or rules.epic:  # round-7 cards only in the epic game (SL §150)
            by_round.setdefault(damage.round, []).append(damage.id)
    box = _Box(
        compass=next(t.id for t in tiles if t.kind == "compass"),
        starting=tuple(t.id for t in tiles if t.kind == "starting"),
        ordinary=tuple(t.id for t in tiles if t.kind == "ordinary" or (t.kind == "expansion" and rules.expansion)),
        start_tokens=tuple(i for i in tokens if cat.tokens[i].start),
        pool=tuple(i for i in tokens if not cat.tokens[i].start),
        weather_drawn=tuple(w.id for w in content.weather.values() if w.starting),
        weather_deck=tuple(w.id for w in content.weather.values() if not w.starting),
        rumors=tuple(content.rumors),
        mirage=tuple(mirage),
        raider_deck=tuple(raider_deck),
        supply=tuple(supply),
        damage_by_round=tuple((rnd, tuple(cards)) for rnd, cards in by_round.items()),
    )
    _BOXES[id(static)] = (static, box)  # the Static is kept alive with its box
    return box


def damage_cards_of_round(static: Static, rnd: int) -> tuple[str, ...]:
    """The damage cards of round ``rnd`` this configuration puts in play (SL §30)."""
    return dict(_box(static).damage_by_round).get(rnd, ())


def ordinary_tiles(static: Static) -> tuple[str, ...]:
    """The terrain tiles this configuration shuffles to lay face down (SL §36)."""
    return _box(static).ordinary


def check_characters(rules: Rules) -> None:
    """Every chosen character exists (SL §44), and one of Lost in the Desert only with the
    expansion (SL §141)."""
    from .config import ConfigError

    content = load_content()
    for character in rules.characters or ():
        if character not in content.characters:
            raise ConfigError(f"unknown character {character!r}", "SL §44")
        if content.characters[character].expansion and not rules.expansion:
            raise ConfigError(f"{character} is a Lost in the Desert character: set expansion = true", "SL §141")
