"""A seeded random generator whose whole state is one integer kept inside the game state.

SplitMix64: tiny, fast in pure Python, and its state serializes to JSON as a number,
so a saved game continues with exactly the same random results on any machine.
Randomness never comes from module-level ``random``.
"""

from __future__ import annotations

from typing import MutableSequence, Protocol, TypeVar

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class HasRng(Protocol):
    rng: int


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0xD1B54A32D192ED03 + _GOLDEN) & MASK64


def next64(holder: HasRng) -> int:
    """Advance ``holder.rng`` and return 64 random bits."""
    s = (holder.rng + _GOLDEN) & MASK64
    holder.rng = s
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def randbelow(holder: HasRng, n: int) -> int:
    """A uniform integer in [0, n). Multiply-shift keeps it branch-free; bias < n / 2**64."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    # next64, written out: this runs for every random choice of every game. The
    # constants are literals (_GOLDEN, MASK64): a literal loads faster than a global.
    z = (holder.rng + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    holder.rng = z
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return ((z ^ (z >> 31)) * n) >> 64


def shuffle(holder: HasRng, items: MutableSequence[T]) -> None:
    """Fisher-Yates shuffle in place (randbelow written out, with the same numbers and
    its literal constants: a bot's determinization shuffles some 180 cards a sample)."""
    s = holder.rng
    for i in range(len(items) - 1, 0, -1):
        s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    holder.rng = s


def choice(holder: HasRng, items: list[T]) -> T:
    return items[randbelow(holder, len(items))]


class Rng:
    """A stand-alone generator for code outside a game state (bots, simulators)."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)

    def below(self, n: int) -> int:
        return randbelow(self, n)

    def choice(self, items: list[T]) -> T:
        n = len(items)
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        # randbelow written out: a random player calls this for every action.
        z = (self.rng + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        self.rng = z
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return items[((z ^ (z >> 31)) * n) >> 64]
