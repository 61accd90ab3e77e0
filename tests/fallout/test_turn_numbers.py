"""FO-13.1: a round is every survivor taking a turn, so a turn is numbered within its round:
"Round 2, turn 1", never "Round 2, turn 3" carried over from round 1 — in the log's event, its
words and the view's header."""

from __future__ import annotations

from wasteland.agents.random_agent import RandomAgent
from wasteland.games.fallout.describe import describe
from wasteland.games.fallout.game import GAME


def test_turns_count_from_one_in_each_round():
    for players in (1, 2, 3):
        s, events = GAME.new_game_with_events({"players": players}, 5)
        bot = RandomAgent(1)
        seen: list[tuple[int, int]] = []
        for _ in range(600):
            d = GAME.decision(s)
            if d is None or len({r for r, _ in seen}) >= 4:
                break
            for e in events:
                if e["type"] == "turn":
                    seen.append((e["round"], e["turn"]))
                    assert describe(e).startswith(f"Round {e['round']}, turn {e['turn']}:")
                    assert GAME.view(s, e["seat"])["turn"] == e["turn"]
            s, events = GAME.apply(s, bot.choose(d))
        assert len({r for r, _ in seen}) >= 3, seen
        for r in {r for r, _ in seen}:
            turns = [t for rr, t in seen if rr == r]
            assert turns == list(range(1, len(turns) + 1)) and len(turns) <= players, (players, seen)
