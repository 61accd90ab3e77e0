"""What the box holds for one configuration (SL §9 to SL §45, SL §140): the tiles, tokens,
decks and damage cards a game of it starts from, listed once per configuration (the set-up
and the reveals of later rounds both read it)."""

from __future__ import annotations

from dataclasses import dataclass

from .state import Static


@dataclass(frozen=True)
class Box:
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


_BOXES: dict[int, tuple[Static, Box]] = {}


def box_of(static: Static) -> Box:
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
    box = Box(
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
    return dict(box_of(static).damage_by_round).get(rnd, ())


def ordinary_tiles(static: Static) -> tuple[str, ...]:
    """The terrain tiles this configuration shuffles to lay face down (SL §36)."""
    return box_of(static).ordinary
