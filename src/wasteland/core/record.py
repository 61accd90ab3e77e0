"""Game records: JSON Lines, a header line then one action per line.

Replaying the actions of a record on the header's config and seed reproduces the game
exactly, because every random result comes from the generator inside the state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from .params import ParamError, applied, check as check_params
from .protocol import Action, Game, RuleError
from .registry import get_spec

if TYPE_CHECKING:
    from .spec import GameSpec

RECORD_FORMAT = "wasteland-record/1"


class RecordError(ValueError):
    """A record file that cannot be read, or whose actions do not replay."""


@dataclass
class GameRecord:
    game: str
    rules_version: str
    config: dict[str, Any]
    seed: int
    actions: list[Action] = field(default_factory=list)
    #: "" for a game played through the protocol alone; "companion" for a table's session
    #: (``table_chance``: its chance answered by the table, as ``chance <outcome>`` lines;
    #: its corrections as ``edit ...`` lines), which only a companion replay can play
    mode: str = ""
    table_chance: bool = False
    #: (companion) the actions "decide for us" chose: action index -> the key of the
    #: game's policy rule that chose it; such a line reads ``{"action": ..., "policy": KEY}``
    policies: dict[int, str] = field(default_factory=dict)
    #: the game's tuned numbers (``wasteland.core.params``) it was played with; empty: its own
    params: dict[str, int] = field(default_factory=dict)

    def header(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "config": self.config,
            "seed": self.seed,
        }
        if self.mode:
            out["mode"] = self.mode
            out["table_chance"] = self.table_chance
        if self.params:
            out["params"] = self.params
        return out

    def dumps(self) -> str:
        lines = [json.dumps(self.header(), sort_keys=True)]
        lines.extend(json.dumps({"action": a, "policy": self.policies[i]} if i in self.policies else a)
                     for i, a in enumerate(self.actions))
        return "\n".join(lines) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def loads(cls, text: str, origin: str = "record") -> "GameRecord":
        if text.startswith("\ufeff"):  # a UTF-8 byte-order mark some editors write
            text = text[1:]
        lines = [(number, ln) for number, ln in enumerate(text.splitlines(), start=1) if ln.strip()]
        if not lines:
            raise RecordError(f"{origin}: empty file, expected a header line")
        number, first = lines[0]
        header = _json_line(first, origin, number, "header")
        if not isinstance(header, dict) or header.get("format") != RECORD_FORMAT:
            raise RecordError(f"{origin}: line {number}: not a {RECORD_FORMAT} header")
        for key, kind in (("game", str), ("rules_version", str), ("config", dict), ("seed", int)):
            value = header.get(key)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise RecordError(f"{origin}: line {number}: header field {key!r} missing or not {kind.__name__}")
        if not 0 <= header["seed"] < 2**63:  # what the server and the command line take
            raise RecordError(f"{origin}: line {number}: header field 'seed' must be a whole number from 0 "
                              "to 2^63-1")
        mode, table_chance = header.get("mode", ""), header.get("table_chance", False)
        if mode not in ("", "companion"):
            raise RecordError(f"{origin}: line {number}: header field 'mode' must be \"companion\" or absent, "
                              f"not {mode!r}")
        if not isinstance(table_chance, bool):
            raise RecordError(f"{origin}: line {number}: header field 'table_chance' must be true or false")
        params = header.get("params", {})
        if not isinstance(params, dict) or not all(isinstance(k, str) and isinstance(v, int)
                                                   and not isinstance(v, bool) for k, v in params.items()):
            raise RecordError(f"{origin}: line {number}: header field 'params' must be a table of "
                              "name: whole number")
        actions: list[Action] = []
        policies: dict[int, str] = {}
        for number, line in lines[1:]:
            action = _json_line(line, origin, number, "action")
            if isinstance(action, dict) and mode == "companion":
                action, key = _policy_line(action, origin, number)
                policies[len(actions)] = key
            elif not isinstance(action, str):
                raise RecordError(f"{origin}: line {number}: an action must be a JSON string"
                                  + (" (or, in a companion record, {\"action\": ..., \"policy\": ...})"
                                     if mode == "companion" else ""))
            actions.append(action)
        return cls(header["game"], header["rules_version"], header["config"], header["seed"], actions,
                   mode, table_chance, policies, params)

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        try:
            raw = Path(path).read_bytes()
        except OSError as exc:
            raise RecordError(f"{path}: cannot read ({exc.strerror})") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"{path}: not a record: not UTF-8 text (byte {exc.start})") from None
        return cls.loads(text, str(path))


def _policy_line(line: dict[str, Any], origin: str, number: int) -> tuple[str, str]:
    """A companion record's step chosen by the game's policy: its action and the policy's key."""
    if set(line) != {"action", "policy"}:
        raise RecordError(f"{origin}: line {number}: a policy's step has exactly the fields 'action' and "
                          f"'policy', not {', '.join(map(repr, sorted(line)))}")
    for key in ("action", "policy"):
        if not isinstance(line[key], str) or not line[key]:
            raise RecordError(f"{origin}: line {number}: field {key!r} of a policy's step must be a text")
    return line["action"], line["policy"]


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _json_line(line: str, origin: str, number: int, what: str) -> Any:
    """One line's JSON; ``what`` is "header" or "action" (an action line says only "not JSON")."""
    lead = f"{origin}: line {number}: " + ("header is " if what == "header" else "")
    try:
        return json.loads(line, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{lead}not JSON ({exc.msg})") from None
    except RecursionError:
        raise RecordError(f"{lead}not JSON (nested too deep)") from None
    except ValueError as exc:  # NaN, a number of thousands of digits
        reason = "a number of more than 4300 digits" if "digits" in str(exc) else str(exc)
        raise RecordError(f"{lead}not JSON ({reason})") from None


#: Records of an older rules version that can be brought to the current one:
#: (game, rules version) -> a function returning the record under the next version.
#: None exist yet; a record of another version is refused (``check_record``).
MIGRATIONS: dict[tuple[str, str], Callable[[GameRecord], GameRecord]] = {}


def check_record(record: GameRecord, spec: "GameSpec", origin: str = "record") -> GameRecord:
    """``record`` ready to replay under ``spec``: the same game, this rules version (after
    any migrations), a valid config. A :class:`RecordError` says what does not fit."""
    if record.game != spec.name:
        raise RecordError(f"{origin} is a record of {record.game!r}, not {spec.name!r}")
    seen = set()
    while record.rules_version != spec.rules_version:
        step = MIGRATIONS.get((record.game, record.rules_version))
        if step is None or record.rules_version in seen:
            raise RecordError(f"{origin} was played under rules {record.rules_version!r}; this program plays "
                              f"{spec.title} under {spec.rules_version!r} and cannot replay it")
        seen.add(record.rules_version)
        record = step(record)
    try:
        spec.validate(dict(record.config))
    except RuleError as exc:
        raise RecordError(f"{origin}: bad config: {exc}") from None
    try:
        tuned = check_params(spec, record.params, f"{origin}: params")
    except ParamError as exc:
        raise RecordError(str(exc)) from None
    if "params" in record.config and tuned and tuned != record.config["params"]:
        # the game's config names its set (a server's record carries both): one set, not two
        raise RecordError(f"{origin}: the header's params {tuned} differ from the config's {record.config['params']}")
    return record


def replay(game: Game, record: GameRecord, upto: int | None = None) -> Any:
    """The state after the first ``upto`` actions (all by default)."""
    if record.game != game.name:
        raise RecordError(f"record is for game {record.game!r}, not {game.name!r}")
    if record.mode:
        raise RecordError(f"a {record.mode} record (chance answered by the table, corrections as steps) "
                          "replays with `wasteland replay`, not as a game of the protocol alone")
    with applied(get_spec(record.game), record.params):  # the numbers it was played with
        state = game.new_game(record.config, record.seed)
        for index, action in enumerate(record.actions[:upto]):
            try:
                game.apply_in_place(state, action)
            except RuleError as exc:
                raise RecordError(f"action {index + 1} ({action!r}) does not replay: {exc}") from None
    return state


class RecordWriter:
    """Appends each action to a record file as it is played, flushed at once, so that
    nothing a player did is lost if the program stops."""

    def __init__(self, path: str | Path, record: GameRecord) -> None:
        self.path = Path(path)
        self.record = record
        self.path.write_text(record.dumps(), encoding="utf-8")

    def append(self, actions: Iterable[Action]) -> None:
        with self.path.open("a", encoding="utf-8") as out:
            for action in actions:
                self.record.actions.append(action)
                out.write(json.dumps(action) + "\n")
            out.flush()
