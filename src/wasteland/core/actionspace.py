"""A fixed action space built from the notation (what ``GameSpec.actions`` names).

Research libraries (OpenSpiel, PettingZoo's masks) want every action as an index in
``range(size)`` that means the same action in every state. A game's notation is a small
grammar, so the space is the list of its *templates*: ``"use {card} by {character} at
{hex}"``, with a finite domain of tokens for each slot. The grammar is the game's
``notation.py`` (``core.notation``): each template is one of its verbs with a domain (or a
fixed word) for each of the verb's fields, checked against the verb's form when the space is
built, and an action is read into its words by the notation's parser. The indices of a template are the
mixed-radix numbers of its slots' positions in their domains (last slot fastest), and the
templates follow each other in the order given: ``layout()`` lists each with its offset and
count. Indices that no state ever offers (a move to a hex of another layout) are simply
never legal.

Two things keep a space small (the agent scans the whole mask every step):

* a domain may be :class:`Slots`: places *of the position* rather than names, such as "the
  acting player's third card" or "the hex north of the acting player's vehicle"; the game
  fills the places from the state (``Slots.tokens``), the index says which place. Such an
  index still means the same action in every state (as "play the card in slot 3" does in
  card games); a place is written ``@held3`` (the domain and the place) where no state
  gives its token. Places may lie around the token of the slot before (``after``: "the
  hexes within reach of the troop named first"), and need no state at all (``fixed``);
* a template may end in a *tail* after ``|``: tokens the position determines once the
  rest is given (``"move {hex} fuel | {*}"``, ``{*}`` any token: the index names the hex,
  the position the number). If a template equal to its head comes earlier, it shares that
  block; else it has its own. ``decode`` needs the state's offered actions (``legal``) to
  give the tail back.

An action may match several templates (a place template and a name template after it as
a fallback): the first that matches gives its index, in every state the same way.
``encode(action, state)`` and ``decode(index, state)`` take the state for the places;
``encode_all`` encodes a decision's actions, reading each place list once.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .notation import ActionTextError, Notation, words_of
from .protocol import RuleError

_LIT, _NAME, _SLOT, _ANY = range(4)


@dataclass(frozen=True)
class Slots:
    """A domain of ``size`` places of the position: ``tokens(state)`` gives the token in
    each place, in order (``None`` for an empty place; fewer than ``size`` is allowed, more
    is refused: ``size`` must be the most places a legal position fills)."""

    size: int
    tokens: Callable[..., Sequence[str | None]]
    #: the places are around the token of the slot before (``tokens(state, that token)``):
    #: "the hexes within reach of the troop named first"
    after: bool = False
    #: the places do not depend on the state (only on the token before): read once
    fixed: bool = False
    #: the rule that bounds the places (the anchor of why ``size`` is enough); a position
    #: that fills more is refused with it, naming the limit, rather than lose an action
    rule: str = ""

    def read(self, state: Any, before: str) -> Sequence[str | None]:
        if state is None and not self.fixed:
            return ()
        return self.tokens(state, before) if self.after else self.tokens(state)


@dataclass(frozen=True)
class Template:
    text: str  # "use {card} by {character} at {hex}"
    parts: tuple[tuple[int, str], ...]  # (kind, literal or domain name) per token, tail included
    radices: tuple[int, ...]
    offset: int
    count: int
    places: bool  # a slot of the position (its index depends on the state)
    tail: bool  # shares the block of its head template


class TemplateActions:
    """A game's fixed action space: templates over token domains (see the module doc)."""

    def __init__(self, notation: Notation, templates: Sequence[str], domains: Mapping[str, Sequence[str] | Slots],
                 legal: Callable[[Any], Sequence[str]] | None = None, chance: int = 0, version: int = 0) -> None:
        #: the game's notation: the grammar the templates follow and the reader of its actions
        self.notation = notation
        #: the layout's version: raised whenever an index changes meaning (the environments'
        #: names carry it, ``NAME_v0``), so an agent trained on one layout is never fed another
        self.version = version
        #: the most outcomes one chance point of the game may have (``core.chance``): an
        #: OpenSpiel chance node's outcome ``k`` is the point's ``k``-th (in name order)
        self.chance = chance
        self.slots = {name: d for name, d in domains.items() if isinstance(d, Slots)}
        self.domains = {name: tuple(d) for name, d in domains.items() if not isinstance(d, Slots)}
        self._positions = {name: {v: i for i, v in enumerate(vals)} for name, vals in self.domains.items()}
        self._legal = legal
        self.templates: list[Template] = []  # the blocks, in index order
        self._by_head: dict[tuple[int, str], list[Template]] = {}
        self._tailed: set[int] = set()  # the blocks of templates with a tail
        offset = 0
        for text in templates:
            head, bar, rest = text.partition("|")
            parts = self._parse(text, head.split(), False) + self._parse(text, rest.split(), True)
            self._check(text, parts)
            radices = tuple(self._radix(n) for k, n in parts if k in (_NAME, _SLOT))
            count = 1
            for r in radices:
                count *= r
            places = any(k == _SLOT for k, _n in parts)
            block = next((t for t in self.templates if t.text == head.strip()), None) if bar else None
            if block is not None:
                t = Template(text, tuple(parts), radices, block.offset, count, places, True)
                self._tailed.add(block.offset)
            else:
                if bar:
                    self._tailed.add(offset)
                t = Template(text, tuple(parts), radices, offset, count, places, False)
                self.templates.append(t)
                offset += count
            self._by_head.setdefault((len(parts), parts[0][1]), []).append(t)
        self.size = offset
        self._offsets = [t.offset for t in self.templates]
        self._plans: dict[str, list[tuple[int, tuple[tuple[int, str, str, str], ...]]]] = {}
        self._fixed: dict[Any, dict[str, int]] = {}  # the place lists of the fixed domains
        #: the indices of the actions whose first matching template names no place (the
        #: index does not depend on the state), by their text
        self._constant: dict[str, int] = {}
        #: how the actions that name places of the position are encoded: the index but those
        #: places (a fixed place is in it), and per place its weight, its list's key (``_places``),
        #: domain, token and the token before
        self._placed: dict[str, tuple[int, tuple[tuple[int, Any, str, str, str], ...]]] = {}
        #: the same for the actions that name one place of the position (the most of them), flat:
        #: the index but the place, its weight, its list's key, domain, token and the token before
        self._one: dict[str, tuple[int, int, Any, str, str, str]] = {}

    def _parse(self, text: str, tokens: list[str], tail: bool) -> list[tuple[int, str]]:
        parts: list[tuple[int, str]] = []
        for token in tokens:
            if token == "{*}" and tail:
                parts.append((_ANY, "*"))
            elif token.startswith("{") and token.endswith("}"):
                name = token[1:-1]
                if tail:
                    raise ValueError(f"template {text!r}: a tail holds literals and {{*}} only")
                if name not in self.domains and name not in self.slots:
                    raise ValueError(f"template {text!r}: no domain {name!r}")
                parts.append((_SLOT if name in self.slots else _NAME, name))
            else:
                parts.append((_LIT, token))
        return parts

    def _check(self, text: str, parts: list[tuple[int, str]]) -> None:
        """The template is a verb of the notation, a slot or a fixed word for each of its
        fields and the keywords where its form has them: else a ValueError naming the form."""
        kind, head = parts[0]
        t = self.notation.types.get(head) if kind == _LIT else None
        if t is None:
            raise ValueError(f"template {text!r} must start with a verb of the game's notation")
        keywords = {w.kw for w in t.WORDS if w.kw is not None}
        i, n = 1, len(parts)
        for w in t.WORDS:
            if w.kw is not None:
                present = i < n and parts[i] == (_LIT, w.kw)
                i += present
            else:
                present = i < n and not (w.optional and parts[i][0] == _LIT and parts[i][1] in keywords)
            if present and self._fills(w, parts[i] if i < n else None):
                i += 1
            elif present or not w.optional:
                break
        else:
            if i == n:
                return
        raise ValueError(f"template {text!r} does not follow the notation's '{t.form()}'")

    @staticmethod
    def _fills(w: Any, part: tuple[int, str] | None) -> bool:
        """Does a template's part fill the field of ``w``: a slot, or a fixed word the field
        reads ('end phase')?"""
        if part is None:
            return False
        if part[0] != _LIT:
            return True
        try:
            w.kind.read(part[1])
        except ValueError:
            return False
        return True

    def words(self, action: str) -> list[str]:
        """The words of an action, verb first, as the game's notation reads them; a text the
        notation does not read is one this space wrote for a place no state filled
        (``@held3``), or none of its actions, and is read word by word."""
        try:
            a = self.notation.parse(action)
        except ActionTextError:
            return words_of(action)
        return [a.VERB, *a.words()]

    def _radix(self, name: str) -> int:
        return self.slots[name].size if name in self.slots else len(self.domains[name])

    # -- action -> index ----------------------------------------------------------

    def _places(self, name: str, state: Any, lists: dict[Any, dict[str, int]], before: str) -> dict[str, int]:
        slots = self.slots[name]
        key = (name, before) if slots.after else name
        if slots.fixed:
            lists = self._fixed
        found = lists.get(key)
        if found is None:
            found = {}
            for i, token in enumerate(slots.read(state, before)):
                if token is not None and token not in found:
                    if i >= slots.size:
                        raise RuleError(slots.rule or "actions",
                                        f"this position fills {name} place {i} ({token!r}): the fixed action "
                                        f"space has {slots.size} {name} places (0 to {slots.size - 1})")
                    found[token] = i
            lists[key] = found
        return found

    def _plan(self, action: str) -> list[tuple[int, tuple[tuple[int, str, str, str], ...]]]:
        """How ``action`` is encoded, worked out once per text: per template it may match
        (in order), the index its names and literals give, and its place lookups (weight,
        domain, token, the token before) left to the state. A match with no place ends the
        list: a later template is never reached."""
        plan = self._plans.get(action)
        if plan is not None:
            return plan
        tokens = self.words(action)
        plan = []
        for t in self._by_head.get((len(tokens), tokens[0] if tokens else ""), ()):
            weights = [1] * len(t.radices)
            for k in range(len(t.radices) - 2, -1, -1):
                weights[k] = weights[k + 1] * t.radices[k + 1]
            base, places, k, before = t.offset, [], 0, ""
            for (kind, name), token in zip(t.parts, tokens):
                if kind == _LIT:
                    if token != name:
                        break
                    continue
                if kind == _ANY:
                    continue
                if kind == _NAME:
                    pos = self._positions[name].get(token)
                    if pos is None:
                        break
                    base += weights[k] * pos
                else:
                    place = token[len(name) + 1:] if token.startswith("@" + name) else ""
                    if place.isdecimal() and int(place) < self.slots[name].size:
                        base += weights[k] * int(place)  # a place written as such
                    else:
                        places.append((weights[k], name, token, before))
                before = token
                k += 1
            else:
                plan.append((base, tuple(places)))
                if not places:
                    break
        if len(self._plans) < 1_000_000:  # the texts of a game are finite; a bound all the same
            self._plans[action] = plan
        return plan

    def _encode(self, action: str, state: Any, lists: dict[Any, dict[str, int]]) -> int:
        for base, places in self._plan(action):
            index = base
            for weight, name, token, before in places:
                pos = self._places(name, state, lists, before).get(token)
                if pos is None:
                    break
                index += weight * pos
            else:
                return index
        raise RuleError("actions", f"{action!r} is not in the game's fixed action space")

    def encode(self, action: str, state: Any = None) -> int:
        """The index of an action in ``state``; a :class:`RuleError` if the space has no such action."""
        return self._encode(action, state, {})

    def encode_all(self, actions: Sequence[str], state: Any = None) -> list[int]:
        """The indices of a decision's actions (each place list read once). An action that
        names no place has the same index in every state: it is looked up in one dict (the
        research environments encode every legal action at every step)."""
        constant = self._constant
        found = list(map(constant.get, actions))
        if None not in found:
            return found  # type: ignore[return-value]
        lists: dict[Any, dict[str, int]] = {}
        placed, one = self._placed, self._one
        for k, index in enumerate(found):
            if index is not None:
                continue
            action = actions[k]
            single = one.get(action)
            if single is not None:  # one place (most such actions): one lookup in its list
                base, weight, key, name, token, before = single
                got = lists.get(key)
                if got is None:
                    got = self._places(name, state, lists, before)
                pos = got.get(token)
                if pos is not None:
                    found[k] = base + weight * pos
                    continue
            how = None if single is not None else placed.get(action)
            if how is not None:  # ``_encode`` inlined: each place list is found once a decision
                index = how[0]
                for weight, key, name, token, before in how[1]:
                    got = lists.get(key)
                    if got is None:
                        got = self._places(name, state, lists, before)
                    pos = got.get(token)
                    if pos is None:
                        index = None
                        break
                    index += weight * pos
                if index is not None:
                    found[k] = index
                    continue
            found[k] = self._encode(action, state, lists)
            self._learn(action)
        return found  # type: ignore[return-value]

    def _learn(self, action: str) -> None:
        """Keep how ``action`` is encoded where one template can match it: its index if it
        names no place, else that index but the places and how to find each (``encode_all``)."""
        plan = self._plans.get(action)
        if plan is None or len(plan) != 1 or len(self._constant) + len(self._placed) + len(self._one) >= 1_000_000:
            return
        base, wanted = plan[0]
        how = []
        for weight, name, token, before in wanted:
            slots = self.slots[name]
            if slots.fixed:  # a place that no state moves (around the token before): part of the base
                pos = self._places(name, None, self._fixed, before).get(token)
                if pos is None:
                    return
                base += weight * pos
            else:
                how.append((weight, (name, before) if slots.after else name, name, token, before))
        if len(how) == 1:
            self._one[action] = (base, *how[0])
        elif how:
            self._placed[action] = (base, tuple(how))
        else:
            self._constant[action] = base

    def state_free(self, actions: Sequence[str]) -> bool:
        """Do these actions (encoded before) have the same indices in every state (none
        names a place of the position)?"""
        return all(map(self._constant.__contains__, actions))

    # -- index -> action ----------------------------------------------------------

    def decode(self, index: int, state: Any = None) -> str:
        """The action text of an index (its places filled from ``state``, else ``@<domain><k>``)."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.size:
            raise RuleError("actions", f"action index must be a whole number from 0 to {self.size - 1}, "
                            f"not {index!r}")
        t = self.templates[bisect_right(self._offsets, index) - 1]
        rest = index - t.offset
        picks: list[int] = []
        for radix in reversed(t.radices):
            picks.append(rest % radix)
            rest //= radix
        picks.reverse()
        out, k, before = [], 0, ""
        for kind, name in t.parts:
            if kind in (_LIT, _ANY):
                out.append(name)  # a tail's {*}: "*" until the offered action fills it
                continue
            pos = picks[k]
            k += 1
            if kind == _NAME:
                out.append(self.domains[name][pos])
            else:
                tokens = self.slots[name].read(state, before)
                token = tokens[pos] if pos < len(tokens) else None
                out.append(f"@{name}{pos}" if token is None else token)
            before = out[-1]
        text = " ".join(out)
        if t.offset in self._tailed and state is not None and self._legal is not None:
            # the tail is the position's: the offered action of this index, if any
            for action in self._legal(state):
                if self.words(action)[0] == out[0] and self._encode(action, state, {}) == index:
                    return action
        return text

    def layout(self) -> list[tuple[str, int, int]]:
        """(template, first index, count) of each block: the documented layout (a tail
        template is listed with its head's block)."""
        tails: dict[int, list[str]] = {}
        for ts in self._by_head.values():
            for t in ts:
                if t.tail:
                    tails.setdefault(t.offset, []).append(t.text.split("|", 1)[1].strip())
        return [(" ".join(t.text.replace("|", " ").split()) + "".join(f" [{x}]" for x in tails.get(t.offset, ())),
                 t.offset, t.count)
                for t in self.templates]
