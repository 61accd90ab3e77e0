"""Why Saltlands games between bots end without an escape: figures per game (issue 33).

    PYTHONPATH=src python scripts/saltlands_escape.py [--players 2] [--mode competitive] [--games 20] [--bot heuristic]

Plays ``--games`` games (seeds 0, 1, ...) with the bot in every seat and follows what an
escape needs (SL §111 to SL §119): every rumor card of the rumor deck played (the end of
the road, SL §111), a seat holding the Victory cards its mode asks (competitive and solo
1 matching + 1 any, SL §118, SL §119), and that seat on a raider-free rumor-marker tile
(SL §113) before the last round ends (SL §47, SL §114). For each game: the round the road
ended in (or the rumor cards left), the seats that ever held enough Victory cards after it,
and how the game ended; then the totals.
"""

from __future__ import annotations

import argparse
from collections import Counter

from wasteland.agents.registry import make_agent
from wasteland.core.agent import Observation
from wasteland.core.registry import get_spec
from wasteland.games.saltlands.board import CELLS_PER_TILE
from wasteland.games.saltlands.bot import HeuristicAgent
from wasteland.sim.ladder import match_options


def follow(seed: int, players: int, mode: str, bot: str, difficulty: str) -> dict:
    spec = get_spec("saltlands")
    options = match_options("saltlands", {"players": players, "mode": mode, "difficulty": difficulty})
    engine = spec.engine
    state = engine.new_game(spec.validate(options), seed)
    bots = [make_agent(bot, seed * 16 + k, spec=spec) for k in range(players)]
    judge = HeuristicAgent(0)  # only its rule reading: does a seat hold what an escape needs
    deck = len(state.rumor_deck)
    road_end = None
    ready_after: set[int] = set()
    ready_rounds: dict[int, int] = {}
    blocked: dict[int, int] = {}  # per ready seat: the fewest raiders on one of its escape tiles
    raiders_by_round: dict[int, int] = {}
    actions = 0
    while engine.outcome(state) is None and actions < 20000:
        d = engine.decision(state)
        engine.apply_in_place(state, bots[d.seat].choose(Observation(engine, state, d)))
        actions += 1
        if road_end is None and not state.rumor_deck:
            road_end = state.round
        raiders_by_round[state.round] = max(raiders_by_round.get(state.round, 0), len(state.raiders))
        if not state.rumor_deck:
            for p in state.players:
                escape = judge._escape(state, p) if p.status == "active" else None
                if escape is None:
                    continue
                if p.seat not in ready_after:
                    ready_after.add(p.seat)
                    ready_rounds[p.seat] = state.round
                on = min(sum(1 for r in state.raiders.values() if r[1] // CELLS_PER_TILE == t) for t in escape[1])
                blocked[p.seat] = min(blocked.get(p.seat, 99), on)
    outcome = engine.outcome(state)
    return {"seed": seed, "deck": deck, "played": len(state.rumors_played), "road_end": road_end,
            "ready": sorted(ready_after), "ready_rounds": ready_rounds, "blocked": blocked,
            "raiders": raiders_by_round,
            "victory_cards": [sum(1 for c in p.hand if state.static.catalog.cards[c].victory is not None)
                              for p in state.players],
            "reason": outcome.reason if outcome else "stopped", "winners": sorted(outcome.winners) if outcome else [],
            "round": state.round}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--mode", default="competitive")
    ap.add_argument("--difficulty", default="normal")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--bot", default="heuristic")
    args = ap.parse_args(argv)
    rows = [follow(seed, args.players, args.mode, args.bot, args.difficulty) for seed in range(args.games)]
    for r in rows:
        road = f"road ended in round {r['road_end']}" if r["road_end"] else \
            f"road not ended: {r['played']} of {r['deck']} rumor cards played"
        ready = ", ".join(f"seat {k} from round {r['ready_rounds'][k]}, at best {r['blocked'][k]} raider(s) on its "
                          "escape tile" for k in r["ready"]) or "nobody"
        print(f"seed {r['seed']}: {road}; ready after it: {ready}; raiders on the board by round {r['raiders']}; "
              f"Victory cards at the end {r['victory_cards']}; {r['reason']}")
    n = len(rows)
    ended = [r for r in rows if r["road_end"]]
    ready = [r for r in ended if r["ready"]]
    print(f"\n{args.bot} x{args.players}, {args.mode}, {args.difficulty}: {n} games (seeds 0..{n - 1})")
    print(f"  the road ended (every rumor card played, SL §111): {len(ended)}/{n}; "
          f"in rounds {dict(sorted(Counter(r['road_end'] for r in ended).items()))}")
    print(f"  rumor cards played where it did not: {Counter(r['played'] for r in rows if not r['road_end'])} "
          f"(deck of {rows[0]['deck']})")
    print(f"  a seat held enough Victory cards after it (SL §118, SL §119): {len(ready)}/{n}")
    clear = [r for r in ready if any(r["blocked"][k] == 0 for k in r["ready"])]
    print(f"  ...of which a ready seat's escape tile was ever free of raiders (after any action, SL §113): {len(clear)}")
    peak = [max(r["raiders"].values()) for r in rows]
    print(f"  raiders on the board at their most: mean {sum(peak) / n:.1f} (min {min(peak)}, max {max(peak)})")
    print(f"  escaped: {sum(1 for r in rows if r['winners'])}/{n}")
    print("  end reasons: " + "; ".join(f"{k}x {v}" for v, k in Counter(r["reason"] for r in rows).most_common()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
