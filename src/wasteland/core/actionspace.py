"""A fixed action space built from the notation (what ``GameSpec.actions`` names).

Research libraries (OpenSpiel, PettingZoo's masks) want every action as an index in
``range(size)`` that means the same action in every state. A game's notation is a small
grammar, so the space is the list of its *templates*: ``"use {card} by {character} at
{hex}"``, with a finite domain of tokens for each slot. The indices of a template are the
mixed-radix numbers of its slots' positions in their domains (last slot fastest), and the
templates follow each other in the order given: ``layout()`` lists each with its offset and
count. Indices that no state ever offers (a move to a hex of another layout) are simply
never legal.

``encode(action, state)`` and ``decode(index, state)`` accept the state for games whose
mapping needs it; a template space ignores it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .protocol import RuleError


@dataclass(frozen=True)
class Template:
    text: str  # "use {card} by {character} at {hex}"
    parts: tuple[tuple[bool, str], ...]  # (is_slot, literal or slot name) per token
    radices: tuple[int, ...]
    offset: int
    count: int


class TemplateActions:
    """A game's fixed action space: templates over token domains (see the module doc)."""

    def __init__(self, templates: Sequence[str], domains: Mapping[str, Sequence[str]]) -> None:
        self.domains = {name: tuple(values) for name, values in domains.items()}
        self._positions = {name: {v: i for i, v in enumerate(vals)} for name, vals in self.domains.items()}
        self.templates: list[Template] = []
        # (token count, first token) -> the templates that may match
        self._by_head: dict[tuple[int, str], list[Template]] = {}
        offset = 0
        for text in templates:
            parts: list[tuple[bool, str]] = []
            for token in text.split():
                if token.startswith("{") and token.endswith("}"):
                    name = token[1:-1]
                    if name not in self.domains:
                        raise ValueError(f"template {text!r}: no domain {name!r}")
                    parts.append((True, name))
                else:
                    parts.append((False, token))
            if parts[0][0]:
                raise ValueError(f"template {text!r} must start with its verb")
            radices = tuple(len(self.domains[n]) for slot, n in parts if slot)
            count = 1
            for r in radices:
                count *= r
            t = Template(text, tuple(parts), radices, offset, count)
            self.templates.append(t)
            self._by_head.setdefault((len(parts), parts[0][1]), []).append(t)
            offset += count
        self.size = offset
        self._cache: dict[str, int] = {}

    def encode(self, action: str, state: Any = None) -> int:
        """The index of an action; a :class:`RuleError` if the space has no such action."""
        cached = self._cache.get(action)
        if cached is not None:
            return cached
        tokens = action.split()
        for t in self._by_head.get((len(tokens), tokens[0] if tokens else ""), ()):
            index = 0
            for (slot, name), token in zip(t.parts, tokens):
                if not slot:
                    if token != name:
                        break
                    continue
                pos = self._positions[name].get(token)
                if pos is None:
                    break
                index = index * len(self.domains[name]) + pos
            else:
                self._cache[action] = t.offset + index
                return t.offset + index
        raise RuleError("actions", f"{action!r} is not in the game's fixed action space")

    def decode(self, index: int, state: Any = None) -> str:
        """The action text of an index."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.size:
            raise RuleError("actions", f"action index must be a whole number from 0 to {self.size - 1}, "
                            f"not {index!r}")
        for t in self.templates:
            if index < t.offset + t.count:
                rest = index - t.offset
                values: list[str] = []
                for radix in reversed(t.radices):
                    values.append(str(rest % radix))
                    rest //= radix
                picks = [int(v) for v in reversed(values)]
                out, k = [], 0
                for slot, name in t.parts:
                    if slot:
                        out.append(self.domains[name][picks[k]])
                        k += 1
                    else:
                        out.append(name)
                return " ".join(out)
        raise AssertionError("unreachable")

    def layout(self) -> list[tuple[str, int, int]]:
        """(template, first index, count) of each template: the documented layout."""
        return [(t.text, t.offset, t.count) for t in self.templates]
