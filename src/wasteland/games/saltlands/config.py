"""Game configuration and the set-up tables that follow from it (SL §9 to SL §18, SL §121).

The tables are the rulebook's; a :class:`Rules` object is derived once per config and
shared by every state of that game. A designer's tuned set (``wasteland.core.params``,
``params.py``) is part of the config: the Rules derived from it carry the tuned entries
and name the set in ``to_config``, so the tables themselves never change.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
import json
from typing import Any

from wasteland.core.params import of_config
from wasteland.core.protocol import RuleError

from .params import tuned_tables
from .spec import SPEC, VARIANTS

# The options' ranges, values and defaults are the spec's (``SPEC.option(name).take``).
OPTION = {o.name: o for o in SPEC.options}

# SL §15, SL §16, SL §17 (digest table 2.2): raider types, play area, rumor cards, markers, activations.
RAIDER_TYPES_BY_PLAYERS = {
    1: ("speedster", "pickup", "truck"),
    2: ("speedster", "pickup", "truck", "bulldozer"),
    3: ("speedster", "pickup", "truck"),
    4: ("speedster", "pickup", "truck", "bulldozer"),
    5: ("speedster", "pickup", "truck", "bulldozer", "hovercraft"),
    6: ("speedster", "pickup", "truck", "bulldozer", "hovercraft", "apc"),
}
RUMOR_CARDS_BY_PLAYERS = {1: 2, 2: 4, 3: 4, 4: 6, 5: 6, 6: 6}
ACTIVATIONS_BY_PLAYERS = {1: 3, 2: 2, 3: 1, 4: 1, 5: 1, 6: 1}  # SL §97

# SL §18 (digest table 2.3): active spawn letters by difficulty.
ACTIVE_LETTERS = {"easy": "ABC", "normal": "ABCM", "hard": "ABCMH"}

# SL §116 to SL §120 (digest table 2.4): (matching needed, extra "any" cards per player, per-player?)
VICTORY_NEEDS = {
    "classic": (3, 1),  # 3 matching for the group + 1 any per player (SL §116)
    "coop": (3, 1),  # SL §117
    "competitive": (1, 1),  # SL §118: each player alone
    "solo": (1, 1),  # SL §119
    "tutorial": (1, 1),  # SL §120: 1 matching + 1 any per player
}

SOLO_STACK_ROUNDS = (1, 1, 2, 3, 3, 4, 5, 5, 6)  # SL §121 "112334556"
EPIC_SOLO_STACK_ROUNDS = (1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 7)  # SL §150 "11233455677"

EPIC_EXTRA_RUMORS = 2  # SL §150


class ConfigError(RuleError):
    def __init__(self, message: str, rule: str = "SL §9") -> None:
        super().__init__(rule, message)


@dataclass(frozen=True)
class Rules:
    """Everything the set-up tables decide for one configuration (shared, immutable)."""

    players: int
    mode: str
    difficulty: str
    characters: tuple[str, ...] | None
    first_player: int
    raider_types: tuple[str, ...]
    activations: int  # raider types activated per turn (SL §97; fixed for the game, SL §47 ruling)
    area: str  # "small" | "large"
    rumor_cards: int
    markers: tuple[str, ...]
    active_letters: str
    last_round: int
    respawn_step: str
    starting_raiders: bool
    expansion: bool = False  # Lost in the Desert components in play (SL §140 to SL §147)
    variants: tuple[str, ...] = ()  # SL §148 to SL §152, in VARIANTS order
    solo_stack: tuple[int, ...] = SOLO_STACK_ROUNDS  # SL §121: the rounds of a solo damage stack
    params: tuple[tuple[str, int], ...] = ()  # the designer's tuned set these rules were derived with

    @property
    def epic(self) -> bool:
        return "epic" in self.variants  # SL §149, SL §150

    @property
    def overkill(self) -> bool:
        return "overkill" in self.variants  # SL §151

    @property
    def explorers_luck(self) -> bool:
        return "explorers_luck" in self.variants  # SL §152

    @property
    def area_size(self) -> str:
        """"small" or "large" whatever the layout (the epic areas extend them, SL §150)."""
        return self.area.removeprefix("epic_")

    @property
    def solo(self) -> bool:
        """Solo's turn shape: all types activate and the weather follows every turn, then one
        extra final turn (SL §121).

        Ruling (SL §47, SL §121): a one-player tutorial does not take it. The set-up chapter
        says the tutorial "is played like solo", but SL §121's tutorial column narrows that
        to the set-up and builds the damage stacks as usual (rounds 1 to 6), and the set-up
        table lists for the tutorial only its own set-up and respawn, solo alone having the
        combined weather phase and the extra turn. Its rounds are (players + 1) turns (SL §47):
        one with three activations (SL §97), one with the weather phase."""
        return self.mode == "solo"

    def key(self) -> str:
        return json.dumps(self.to_config(), sort_keys=True)

    def to_config(self) -> dict[str, Any]:
        config: dict[str, Any] = {
            "players": self.players,
            "mode": self.mode,
            "difficulty": self.difficulty,
            "first_player": self.first_player,
            "respawn_step": self.respawn_step,
        }
        if self.characters is not None:
            config["characters"] = list(self.characters)
        if self.expansion:
            config["expansion"] = True
        if self.variants:
            config["variants"] = list(self.variants)
        if self.params:
            config["params"] = dict(self.params)
        return config


def normalize(config: dict[str, Any]) -> Rules:
    """Check a config and derive the set-up tables; one clear error for anything wrong."""
    if not isinstance(config, dict):
        raise ConfigError("config must be a table of options")
    unknown = sorted(set(config) - set(OPTION) - {"params"})
    if unknown:
        raise ConfigError(f"unknown config option(s): {', '.join(unknown)}")
    players = OPTION["players"].take(config)  # SL §15
    mode = OPTION["mode"].take(config, "solo" if players == 1 else "classic")  # SL §9
    # SL §9: a lone player always plays Solo; Solo is for one player only.
    if players == 1 and mode not in ("solo", "tutorial"):
        raise ConfigError(f"a single player plays solo (or tutorial), not {mode}", "SL §121")
    if mode == "solo" and players != 1:
        raise ConfigError("solo mode is for exactly one player", "SL §121")
    difficulty = OPTION["difficulty"].take(config)  # SL §18
    if mode == "tutorial" and difficulty != "easy":
        # SL §121: the tutorial is always played on Easy.
        if config.get("difficulty") is not None:
            raise ConfigError("the tutorial is played on easy difficulty", "SL §121")
        difficulty = "easy"
    characters = OPTION["characters"].take(config)  # SL §44: names, all different
    if characters is not None:
        if len(characters) != players:
            raise ConfigError(f"characters must list one character per player ({players})", "SL §44")
        characters = tuple(characters)
    first_player = OPTION["first_player"].take(config)
    if not first_player < players:
        raise ConfigError(f"first_player must be a seat from 0 to {players - 1}", "SL §45")
    respawn_step = OPTION["respawn_step"].take(config)  # SL §90
    expansion = OPTION["expansion"].take(config)  # SL §140
    raw_variants = OPTION["variants"].take(config)  # SL §148
    variants = tuple(v for v in VARIANTS if v in raw_variants)
    epic = "epic" in variants
    if epic and mode == "tutorial":
        raise ConfigError("the epic game combines with any variant except the tutorial", "SL §149")
    if epic and not expansion:
        # Ruling: the epic play area and the round-7 damage cards are expansion components.
        raise ConfigError("the epic game needs the expansion's tiles and round-7 damage cards "
                          "(set expansion = true)", "SL §150")
    tuned = of_config(SPEC.name, config)  # a designer's numbers (params.py), else the tables'
    tables = tuned_tables(tuned, players, difficulty)
    small_setup = mode in ("solo", "tutorial")  # SL §121: the tutorial is set up like solo
    area = "small" if players <= 3 or small_setup else "large"
    rumor_cards = 2 if small_setup else tables.get("rumor_cards", RUMOR_CARDS_BY_PLAYERS[players])
    if epic:
        area = f"epic_{area}"  # SL §150: the epic play area, small or large
        rumor_cards += EPIC_EXTRA_RUMORS  # SL §150: two more rumor cards
    return Rules(
        players=players,
        mode=mode,
        difficulty=difficulty,
        characters=characters,
        first_player=first_player,
        raider_types=RAIDER_TYPES_BY_PLAYERS[players],
        activations=tables.get("activations", ACTIVATIONS_BY_PLAYERS[players]),
        area=area,
        rumor_cards=rumor_cards,
        markers=("blue", "green") if players <= 3 or small_setup else ("blue", "green", "red"),
        active_letters=tables.get("active_letters", ACTIVE_LETTERS[difficulty]),
        last_round=7 if epic else 6,  # SL §150: the epic game lasts 7 rounds
        respawn_step=respawn_step,
        starting_raiders=not small_setup,  # SL §121: no starting raiders in solo and tutorial
        expansion=expansion,
        variants=variants,
        solo_stack=SOLO_STACK_ROUNDS[: tables.get("solo_stack_cards", len(SOLO_STACK_ROUNDS))],
        params=tuple(tuned.items()),
    )


@lru_cache(maxsize=256)
def rules_for(key: str) -> Rules:
    return normalize(json.loads(key))
