"""Front ends, the simulator, the agents and core know no game: outside
``src/wasteland/games/`` no file names one (the issue's check, ``grep -rliE
'saltlands|age.of.thirst|aot' src/wasteland --exclude-dir=games``), nor any registered
game by its name, title or package."""

from __future__ import annotations

import re
from pathlib import Path

from wasteland.core.registry import registered_games

SRC = Path(__file__).resolve().parents[2] / "src" / "wasteland"
ISSUE_GREP = re.compile(r"saltlands|age.of.thirst|aot", re.IGNORECASE)


def outside_games() -> list[Path]:
    return [p for p in sorted(SRC.rglob("*")) if p.is_file() and "games" not in p.relative_to(SRC).parts[:1]
            and "__pycache__" not in p.parts]


def names_of_games() -> re.Pattern[str]:
    words = set()
    for spec in registered_games().values():
        words.add(re.escape(spec.name).replace(r"\-", "."))
        words.add(re.escape(spec.title).replace(r"\ ", "."))
        if spec.package:
            words.add(re.escape(spec.package.rpartition(".")[2]))
    return re.compile(r"\b(?:" + "|".join(sorted(words)) + r")\b", re.IGNORECASE)


def test_no_file_outside_the_games_names_a_game():
    pattern = names_of_games()
    found = []
    for path in outside_games():
        text = path.read_bytes().decode("utf-8", errors="ignore")
        for regex in (ISSUE_GREP, pattern):
            match = regex.search(text)
            if match:
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(SRC)}:{line}: {match.group(0)!r}")
                break
    assert not found, "files outside src/wasteland/games name a game:\n" + "\n".join(found)
