"""Game records: JSON Lines, a header line then one action per line.

Replaying the actions of a record on the header's config and seed reproduces the game
exactly, because every random result comes from the generator inside the state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from .protocol import Action, Game, RuleError

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

    def header(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "config": self.config,
            "seed": self.seed,
        }

    def dumps(self) -> str:
        lines = [json.dumps(self.header(), sort_keys=True)]
        lines.extend(json.dumps(a) for a in self.actions)
        return "\n".join(lines) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def loads(cls, text: str, origin: str = "record") -> "GameRecord":
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if not lines:
            raise RecordError(f"{origin}: empty file, expected a header line")
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError as exc:
            raise RecordError(f"{origin}: line 1: header is not JSON ({exc.msg})") from None
        if not isinstance(header, dict) or header.get("format") != RECORD_FORMAT:
            raise RecordError(f"{origin}: line 1: not a {RECORD_FORMAT} header")
        for key, kind in (("game", str), ("rules_version", str), ("config", dict), ("seed", int)):
            if not isinstance(header.get(key), kind):
                raise RecordError(f"{origin}: line 1: header field {key!r} missing or not {kind.__name__}")
        actions: list[Action] = []
        for number, line in enumerate(lines[1:], start=2):
            try:
                action = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RecordError(f"{origin}: line {number}: not JSON ({exc.msg})") from None
            if not isinstance(action, str):
                raise RecordError(f"{origin}: line {number}: an action must be a JSON string")
            actions.append(action)
        return cls(header["game"], header["rules_version"], header["config"], header["seed"], actions)

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"{path}: cannot read ({exc.strerror})") from None
        return cls.loads(text, str(path))


def replay(game: Game, record: GameRecord, upto: int | None = None) -> Any:
    """The state after the first ``upto`` actions (all by default)."""
    if record.game != game.name:
        raise RecordError(f"record is for game {record.game!r}, not {game.name!r}")
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
