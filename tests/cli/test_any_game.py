"""The terminal front end knows no game: a throwaway third game, registered through the
``wasteland.games`` entry points of a distribution on the path (no file outside its own
folder edited), is listed, played, watched, replayed and given scenarios by the same
commands as the shipped games. It has no terminal renderer of its own, so the plain one
prints its views."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from wasteland.core.record import GameRecord

# Take-away: a pile of stones, each turn take 1 or 2 (the "rule" TK-2), whoever takes the
# last stone wins (TK-3). Written against the protocol only.
GAME = '''
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field

from wasteland.core.protocol import Decision, Outcome, RuleError


@dataclass
class State:
    stones: int
    players: int
    current: int = 0
    winners: list = field(default_factory=list)

    @property
    def over(self):
        return self.stones == 0

    def copy(self):
        return State(self.stones, self.players, self.current, list(self.winners))


class TakeAway:
    name = "take-away"
    title = "Take-away"
    rules_version = "take-away/1"
    min_players = 2
    max_players = 3

    def normalize_config(self, config):
        unknown = set(config) - {"players", "stones"}
        if unknown:
            raise RuleError("TK-1", f"unknown option(s) {sorted(unknown)}")
        players, stones = config.get("players", 2), config.get("stones", 7)
        if stones < players:
            raise RuleError("TK-1", "at least one stone per player")
        return {"players": players, "stones": stones}

    def new_game_with_events(self, config, seed):
        c = self.normalize_config(config)
        return State(c["stones"], c["players"]), [{"type": "setup", "stones": c["stones"]}]

    def new_game(self, config, seed):
        return self.new_game_with_events(config, seed)[0]

    def decision(self, s):
        if s.over:
            return None
        takes = [f"take {n}" for n in (1, 2) if n <= s.stones]
        return Decision(s.current, "turn", tuple(takes), "take 1 or 2 stones", "TK-2")

    def apply(self, s, action, seat=None):
        d = self.decision(s)
        if d is None:
            raise RuleError("TK-3", "the game is over")
        if seat is not None and seat != d.seat:
            raise RuleError("TK-2", f"it is p{d.seat + 1}'s turn")
        if action not in d.actions:
            raise RuleError("TK-2", f"{action!r}: take 1 or 2 stones, at most what is left")
        n = s.copy()
        n.stones -= int(action.split()[1])
        events = [{"type": "take", "seat": s.current, "count": int(action.split()[1]), "left": n.stones}]
        if n.over:
            n.winners = [s.current]
            events.append({"type": "game_over", "winners": n.winners})
        else:
            n.current = (s.current + 1) % s.players
        return n, events

    def apply_in_place(self, s, action, seat=None):
        n, events = self.apply(s, action, seat)
        s.__dict__.update(n.__dict__)
        return events

    def outcome(self, s):
        return Outcome(tuple(s.winners), "took the last stone (TK-3)") if s.over else None

    def seats(self, s):
        return s.players

    def reveals_hidden(self, before, after):
        return False

    def view(self, s, seat):
        return {"game": "take-away", "seat": seat, "current": s.current, "over": s.over, "winners": s.winners,
                "stones": s.stones}

    def event_view(self, event, seat):
        return event

    def describe(self, e):
        if e["type"] == "take":
            return f"p{e['seat'] + 1} takes {e['count']}; {e['left']} left."
        return f"{e['type']}: {e}"

    def to_json(self, s):
        return {"stones": s.stones, "players": s.players, "current": s.current, "winners": s.winners}


GAME = TakeAway()


def from_text(text, origin):
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError("scenario", f"{origin}: not valid TOML") from None
    return State(int(data["stones"]), int(data.get("players", 2)), int(data.get("current", 0)))
'''

SPEC = '''
from wasteland.core.spec import GameSpec, Option

SPEC = GameSpec(
    name="take-away", title="Take-away", rules_version="take-away/1", anchor_prefix="TK",
    min_players=2, max_players=3, game="takeaway.game:GAME",
    options=(Option("players", "int", "number of players", default=2, low=2, high=3, rule="TK-1"),
             Option("stones", "int", "stones in the pile", default=7, low=2, high=30, rule="TK-1")),
    scenario="takeaway.game:from_text", scenario_doc="TOML: game, stones, players, current",
    package="takeaway",
)
'''


@pytest.fixture
def env(tmp_path):
    """An environment whose path holds the throwaway game and its distribution's metadata."""
    root = tmp_path / "site"
    pkg = root / "takeaway"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "game.py").write_text(textwrap.dedent(GAME))
    (pkg / "spec.py").write_text(textwrap.dedent(SPEC))
    dist = root / "takeaway-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: takeaway\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[wasteland.games]\ntake-away = takeaway.spec:SPEC\n")
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]),
                COLUMNS="120")


def run(env, *args, stdin: str = ""):
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", *args], capture_output=True, text=True,
                          timeout=120, env=env, input=stdin)


def test_games_lists_the_new_game_with_its_options(env):
    out = run(env, "games")
    assert out.returncode == 0, out.stderr
    assert "take-away" in out.stdout and "--stones" in out.stdout and "TK-1" in out.stdout
    assert "take-away" in {s["name"] for s in json.loads(run(env, "games", "--json").stdout)}


def test_play_watch_and_replay_the_new_game(env, tmp_path):
    record = tmp_path / "g.jsonl"
    out = run(env, "play", "take-away", "--stones", "4", "--seats", "human,human", "--seed", "1",
              "--record", str(record), stdin="take 1\n\n2\n\n9\n1\n")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "TAKE-AWAY  stones 4, 2 players" in out.stdout
    assert "there is no option 9" in out.stdout
    assert "GAME OVER  winners: p1 — took the last stone (TK-3)" in out.stdout
    assert GameRecord.load(record).actions == ["take 1", "take 2", "take 1"]
    out = run(env, "replay", str(record), "--auto")
    assert out.returncode == 0, out.stderr
    assert "Action 3/3 · p1: take 1" in out.stdout and "'stones': 0" in out.stdout

    out = run(env, "watch", "take-away", "--option", "stones=9", "--players", "3", "--seats",
              "random,random,random", "--seed", "5")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Result: winners: p" in out.stdout and "left." in out.stdout

    out = run(env, "watch", "take-away", "--stones", "99")
    assert out.returncode == 2 and "--stones: 99 is out of range; it takes a whole number from 2 to 30 [TK-1]" \
        in " ".join(out.stdout.split())


def test_apply_a_scenario_of_the_new_game(env, tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('game = "take-away"\nstones = 3\ncurrent = 1\n')
    out = run(env, "apply", str(path), "take 2")
    assert out.returncode == 0, out.stdout + out.stderr
    data = json.loads(out.stdout)
    assert data["state"]["stones"] == 1 and data["decision"]["seat"] == "p1"
    out = run(env, "apply", str(path), "--seat", "p1", "take 2")
    assert out.returncode == 1
    assert json.loads(out.stdout)["rule"] == "TK-2" and "p1 cannot act now" in json.loads(out.stdout)["error"]
