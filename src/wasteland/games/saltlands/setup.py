"""Setting up a game (SL §9 to SL §45, SL §121)."""

from __future__ import annotations

from typing import Any

from wasteland.core.hexgrid import direction_index
from wasteland.core.rng import seed_state, shuffle

from .box import box_of
from .config import ConfigError, EPIC_SOLO_STACK_ROUNDS, Rules
from .content import load_content
from .engine import deal_character, settle, start_turn
from .state import Player, State, static_from_config
from .zones import Events


def new_game(config: dict[str, Any], seed: int) -> tuple[State, Events]:
    static = static_from_config(config)
    rules = static.rules
    content = static.content
    geo = static.geo
    boxed = box_of(static)
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


def check_characters(rules: Rules) -> None:
    """Every chosen character exists (SL §44), and one of Lost in the Desert only with the
    expansion (SL §141)."""
    content = load_content()
    for character in rules.characters or ():
        if character not in content.characters:
            raise ConfigError(f"unknown character {character!r}", "SL §44")
        if content.characters[character].expansion and not rules.expansion:
            raise ConfigError(f"{character} is a Lost in the Desert character: set expansion = true", "SL §141")
