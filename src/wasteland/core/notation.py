"""Actions as objects: the small base every game's ``notation.py`` builds its verbs on.

Modelled on python-chess's ``Move``: an action is a small frozen object, and text and
object meet in one place only, ``Notation.parse(text) -> Action`` and ``str(action)``.
The text stays the wire and record format, byte for byte: ``str(parse(text)) == text``
for every action a game offers, and ``parse(str(a)) == a``.

A verb's grammar is declared, not hand-split: the verb word, then its *words* in order,
each a positional field (``move {hex}``) or a keyword and its field (``by {crew}``), each
required or optional (an optional one absent is ``None``). Parsing is strict (one space
between words, canonical numbers), so one text means one action and one action has one
text. A malformed text raises :class:`ActionTextError`, one error that names the field.

The types are ``msgspec.Struct(frozen=True)`` (they build several times faster than a
frozen dataclass, and the engines parse on every move), and ``Notation.parse`` keeps the
objects of the texts it has read (a game's texts are a finite set, read over and over).
"""

from __future__ import annotations

import re
import sys
from typing import Any, Callable, ClassVar, Iterable

import msgspec

from . import chance
from .protocol import NotationError


class ActionTextError(NotationError):
    """Text that is not an action of the notation; ``field`` names the word at fault and
    ``word`` is that word as written (None when it is missing)."""

    def __init__(self, text: str, field: str, why: str, word: str | None = None) -> None:
        super().__init__(f"{text!r}: {field} {why}")
        self.text = text
        self.field = field
        self.word = word


def verb_of(text: str) -> str:
    """The verb of an action text, its first word (``core.protocol``: every game's actions
    begin with their verb). For what knows no game's notation: the terminal's groups, a
    typed verb alone, the research action space's templates."""
    return text.partition(" ")[0]


def words_of(text: str) -> list[str]:
    """The words of an action text, its verb first: what reads an action word by word
    without its game's grammar (the research action space matches them to its templates)."""
    return text.split()


def after_verb(text: str) -> str:
    """The words of an action text after its verb ("3,-4" of "move 3,-4"; "" for a verb
    alone)."""
    return text.partition(" ")[2]


class Kind:
    """How one word reads into a field value and writes back (``read`` raises ``ValueError``
    with the reason on a malformed word)."""

    __slots__ = ("read", "write", "shape", "type")

    def __init__(self, shape: str, read: Callable[[str], Any], write: Callable[[Any], str] = str,
                 held: type = str) -> None:
        self.shape = shape  # what the word looks like, for the error ("a number", "a seat pN")
        self.read = read
        self.write = write
        self.type = held  # what ``read`` gives: the type of the action's field


def _word(w: str) -> str:
    if not w:
        raise ValueError
    return w


# Canonical numbers only (no "+1", "-0", "01"): one action, one text.
_NUMBER = r"(?:0|-?[1-9][0-9]*)"
_INT_RE = re.compile(_NUMBER).fullmatch
_SEAT_RE = re.compile(r"p[1-9][0-9]*").fullmatch
_PAIR_RE = re.compile(f"{_NUMBER},{_NUMBER}").fullmatch
_TILE_RE = re.compile(f"t{_NUMBER},{_NUMBER}").fullmatch


def _int(w: str) -> int:
    if _INT_RE(w) is None:
        raise ValueError
    return int(w)


def _seat(w: str) -> int:
    if _SEAT_RE(w) is None:
        raise ValueError
    return int(w[1:]) - 1


def _pair(w: str) -> str:
    if _PAIR_RE(w) is None:
        raise ValueError
    return w


def _tile(w: str) -> str:
    if _TILE_RE(w) is None:
        raise ValueError
    return w


def pair(w: str) -> tuple[int, int]:
    """The two numbers of a hex or tile word (``3,-4``, ``t0,-2``)."""
    a, b = w.lstrip("t").split(",")
    return int(a), int(b)


WORD = Kind("a word", _word)
INT = Kind("a whole number", _int, held=int)
#: a seat, written ``p1``..``pN``, held 0-based
SEAT = Kind("a seat such as p2", _seat, lambda n: f"p{n + 1}", held=int)
#: a hex written ``q,r``
HEX = Kind("a hex such as 3,-4", _pair)
#: a tile position written ``tA,B``
TILE = Kind("a tile such as t0,-2", _tile)


class W:
    """One word of a verb's grammar: ``W("hex", HEX)`` a positional field, ``W("crew",
    kw="by")`` a keyword and its field; ``optional`` fields may be absent (``None``).
    A word may hold several fields (``W(("card", "option"), OPTION)``: ``axe#1/2``): its
    kind reads a tuple and writes one."""

    __slots__ = ("field", "names", "kind", "kw", "optional")

    def __init__(self, field: str | tuple[str, ...], kind: Kind = WORD, kw: str | None = None,
                 optional: bool = False) -> None:
        self.names = field if isinstance(field, tuple) else None
        self.field = field[0] if isinstance(field, tuple) else field
        self.kind = kind
        self.kw = kw
        self.optional = optional


_UNSET: Any = object()
#: per action type, the reads of its words when all are required, positional and of one
#: field (None otherwise): the fast path of ``Action.read``
_SIMPLE: dict[type, tuple[Callable[[str], Any], ...] | None] = {}
_KEYWORDS: dict[type, frozenset[str]] = {}


def _simple_reads(cls: type) -> tuple[Callable[[str], Any], ...] | None:
    words = cls.WORDS  # type: ignore[attr-defined]
    if any(w.kw is not None or w.optional or w.names is not None for w in words):
        return None
    return tuple(w.kind.read for w in words)


class _Text:
    """``Type.text``: compiled on first use (a Struct's fields are known only once its class
    is made), then set on the type itself."""

    def __get__(self, obj: Any, cls: type) -> Callable[..., str]:
        f = _writer(cls)
        setattr(cls, "text", staticmethod(f))
        return f


class Action(msgspec.Struct, frozen=True):
    """An action of a game's notation. Subclasses set ``VERB`` and ``WORDS`` and declare
    their fields (in ``WORDS`` order, the optional ones defaulting to ``None``)."""

    VERB: ClassVar[str] = ""
    WORDS: ClassVar[tuple[W, ...]] = ()
    #: ``Type.text(*fields)``: the text of the action with these fields, written without
    #: building the object (as fast as an f-string: the hot option lists use it)
    text: ClassVar[Any]  # (the descriptor below; compiled once per type when first used)


    def __str__(self) -> str:
        return self.text(*[getattr(self, f) for f in self.__struct_fields__])

    def words(self) -> list[str]:
        """The words after the verb, keywords included, as the text writes them."""
        out: list[str] = []
        for w in self.WORDS:
            v = getattr(self, w.field)
            if v is None:
                continue
            if w.kw is not None:
                out.append(w.kw)
            out.append(w.kind.write(v if w.names is None else tuple(getattr(self, f) for f in w.names)))
        return out

    @property
    def verb(self) -> str:
        return self.VERB

    def fields(self) -> dict[str, Any]:
        """The verb and the named fields present: what a front end reads instead of the text."""
        out: dict[str, Any] = {"verb": self.VERB}
        for w in self.WORDS:
            for f in w.names or (w.field,):
                v = getattr(self, f)
                if v is not None:
                    out[f] = v
        return out

    @classmethod
    def read(cls, text: str, words: list[str]) -> "Action":
        """The action of ``words`` (``words[0]`` is the verb), or :class:`ActionTextError`."""
        simple = _SIMPLE.get(cls, _UNSET)
        if simple is _UNSET:
            simple = _SIMPLE[cls] = _simple_reads(cls)
        if simple is not None and len(words) == len(simple) + 1:
            # a verb of required one-field words (most of them): each word read in place; a
            # word that does not read falls to the reader below, which names its field
            try:
                if len(simple) == 1:
                    return cls(simple[0](words[1]))
                if len(simple) == 2:
                    return cls(simple[0](words[1]), simple[1](words[2]))
                return cls(*[read(w) for read, w in zip(simple, words[1:])])
            except ValueError:
                pass
        values: list[Any] = []
        i, n = 1, len(words)
        for w in cls.WORDS:
            if w.kw is not None:  # the keyword, then its field
                present = i < n and words[i] == w.kw
                if present and i + 1 >= n:
                    raise ActionTextError(text, w.field, f"is missing after '{w.kw}'")
                step, wanted = 2, f"'{w.kw} <{w.field}>'"
            else:  # an optional positional word is absent where a keyword stands
                present = i < n and (not w.optional or words[i] not in cls._keywords())
                step, wanted = 1, f"<{w.field}>"
            if not present:
                if not w.optional:
                    raise ActionTextError(text, w.field, f"is missing: '{cls.VERB}' takes {wanted}")
                values.extend((None,) * len(w.names or "."))
                continue
            word = words[i + step - 1]
            i += step
            try:
                if w.names is None:
                    values.append(w.kind.read(word))
                else:
                    values.extend(w.kind.read(word))
            except ValueError:
                raise ActionTextError(text, w.field, f"must be {w.kind.shape}, not {word!r}", word) from None
        if i < n:
            raise ActionTextError(text, "words", f"{' '.join(words[i:])!r} is more than '{cls.form()}' takes", words[i])
        return cls(*values)

    @classmethod
    def _keywords(cls) -> frozenset[str]:
        found = _KEYWORDS.get(cls)
        if found is None:
            found = _KEYWORDS[cls] = frozenset(w.kw for w in cls.WORDS if w.kw is not None)
        return found

    @classmethod
    def form(cls) -> str:
        """The verb's grammar as text: ``use <card> [by <crew>]``."""
        parts = [cls.VERB]
        for w in cls.WORDS:
            p = f"{w.kw} <{w.field}>" if w.kw else f"<{w.field}>"
            parts.append(f"[{p}]" if w.optional else p)
        return " ".join(parts)


Action.text = _Text()  # type: ignore[misc]


def verb(word: str, *words: W, doc: str | None = None) -> type[Action]:
    """The action type of the verb ``word`` taking ``words``, declared in one line
    (``Move = verb("move", W("zone"), W("die", DIE))``): a field per word, named as the
    word, of its kind's type (an optional one ``None`` when absent). A verb whose word holds
    several fields, or whose fields have other defaults, is written as a class."""
    annotations: dict[str, Any] = {}
    ns: dict[str, Any] = {}
    for w in words:
        if w.names is not None:
            raise ValueError(f"{word!r}: a word of several fields ({w.names}) is declared in a class")
        annotations[w.field] = (w.kind.type | None) if w.optional else w.kind.type
        if w.optional:
            ns[w.field] = None
    name = "".join(part.capitalize() for part in word.split("_"))
    # the type belongs to the notation module that declares it (pickle, repr)
    module = sys._getframe(1).f_globals.get("__name__", __name__)
    ns.update({"__module__": module, "__qualname__": name, "__doc__": doc, "__annotations__": annotations,
               "VERB": word, "WORDS": tuple(words)})
    return type(name, (Action,), ns, frozen=True)


def _writer(cls: type) -> Callable[..., str]:
    """Compile ``cls.text``: one f-string per word, optional words guarded by ``is None``."""
    fields = cls.__struct_fields__
    defaults = cls.__struct_defaults__
    first_default = len(fields) - len(defaults)
    params = [f if i < first_default else f"{f}=_d{i - first_default}" for i, f in enumerate(fields)]
    env: dict[str, Any] = {f"_d{i}": d for i, d in enumerate(defaults)}
    head = cls.VERB.replace("{", "{{").replace("}", "}}")
    tail: list[tuple[str, str]] = []  # the optional words: (field, piece)
    for i, w in enumerate(cls.WORDS):
        value = w.field if w.names is None else f"({', '.join(w.names)},)"
        if w.kind.write is str:
            word = f"{{{value}}}"
        else:
            env[f"_k{i}"] = w.kind.write
            word = f"{{_k{i}({value})}}"
        piece = f" {w.kw} {word}" if w.kw is not None else f" {word}"
        if w.optional or tail:
            tail.append((w.field if w.optional else "", piece))
        else:
            head += piece
    lines = [f"def text({', '.join(params)}):"]
    if not tail:
        lines.append(f"    return f{head!r}")
    else:
        lines.append(f"    out = f{head!r}")
        for field, piece in tail:
            if field:
                lines.append(f"    if {field} is not None:")
                lines.append(f"        out += f{piece!r}")
            else:
                lines.append(f"    out += f{piece!r}")
        lines.append("    return out")
    exec("\n".join(lines), env)  # noqa: S102 - the code is made of declared field names only
    return env["text"]


class Chance(Action, frozen=True):
    """A table's answer at a chance point (``core.chance``): ``chance <outcome>``, the
    outcome the rest of the text (a custom entry holds several words). Every game's
    notation has it."""

    VERB: ClassVar[str] = chance.VERB
    WORDS: ClassVar[tuple[W, ...]] = (W("outcome"),)
    outcome: str

    @classmethod
    def read(cls, text: str, words: list[str]) -> "Action":
        rest = text[len(cls.VERB) + 1:]
        if len(words) < 2 or not rest.strip() or rest != rest.strip():
            raise ActionTextError(text, "outcome", "is missing: 'chance' takes <outcome>")
        return cls(rest)

    def words(self) -> list[str]:
        return self.outcome.split(" ")


class Notation:
    """A game's notation: its action types by verb. ``parse`` is the one way from text to
    action (the objects of the texts read are kept: a game's texts are a finite set)."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {}
        for t in (*types, Chance):
            if t.VERB in self.types:
                raise ValueError(f"two action types for the verb {t.VERB!r}")
            self.types[t.VERB] = t
        self._seen: dict[str, Action] = {}

    def _verbs(self, most: int = 12) -> str:
        """The verbs, for a refusal that fits one line: the first ``most`` and how many in all."""
        verbs = sorted(self.types)
        if len(verbs) <= most:
            return ", ".join(verbs)
        return ", ".join(verbs[:most]) + f", ... {len(verbs)} in all"

    def parse(self, text: str) -> Action:
        a = self._seen.get(text)
        if a is not None:
            return a
        if not isinstance(text, str):
            raise ActionTextError(repr(text), "action", "must be text")
        words = text.split(" ")
        t = self.types.get(words[0])
        if t is None:
            raise ActionTextError(text, "verb", f"{words[0]!r} is not one of this game's verbs ({self._verbs()})",
                                  words[0])
        a = t.read(text, words)
        if len(self._seen) > 500_000:  # a bound, never reached by a game's own texts
            self._seen.clear()
        self._seen[text] = a
        return a

    def text(self, verb: str, *words: str) -> str:
        """The text of ``verb`` with ``words`` already written (choices kept as words in a
        state), checked against the verb's grammar."""
        text = " ".join((verb, *words))
        self.parse(text)
        return text

    def fields(self, text: str) -> dict[str, Any]:
        """The parsed fields of an action text (verb and named fields), for front ends."""
        return self.parse(text).fields()
