"""OpenSpiel's IS-MCTS against our ISMCTS (``wasteland.agents.ismcts``) on one game.

Two seats, the two searchers swapping seats every game (game ``k`` of a run: seed
``seed + k``, our ISMCTS in seat ``(seed + k) % 2``); each gets the same number of simulations a
move (OpenSpiel's: a random play-out to the end each, its ``RandomRolloutEvaluator``; ours:
its own search, led by the game's search guide where the game has one). The game's
simulation endings (``spec.simulation``: endings that are not the rulebook's, which keep a
game among searchers from running forever) apply unless an option says otherwise; each
game's end reason is tallied, so a non-rulebook ending shows as such. The game's chance
nodes (OpenSpiel's explicit chance) are answered by their probabilities from the game's seed;
our ISMCTS searches with the engine's generator answering chance, as it always does.

``wasteland versus GAME --games 300 --budget 10 --jobs 2`` prints the tally with 95%
intervals; ``python -m wasteland.envs.versus GAME ...`` prints it as JSON (and the running
tally on stderr after each game).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections import Counter
from typing import Any, Iterator

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from wasteland.agents.registry import make_agent
from wasteland.core.agent import Observation

from . import openspiel as wo
from .base import env_games

SIDES = ("openspiel_ismcts", "our_ismcts", "both", "nobody")


def match_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """Two players and the game's simulation endings, unless ``options`` say otherwise."""
    spec = env_games()[game]
    return {"players": 2, **spec.simulation, **options}


def play_game(g: Any, k: int, budget: int, seed: int) -> dict[str, Any]:
    """Game ``k`` of a run on the loaded OpenSpiel game ``g``: who won, why, how long."""
    table = g.table
    random.seed(seed + k)  # the game's re-deals for OpenSpiel's IS-MCTS (resample_from_infostate)
    ours_seat = (seed + k) % 2  # by the game's seed: any split of the seeds plays the same games
    rs = np.random.RandomState(seed + k)
    theirs = ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(1, rs), 1.0, budget, random_state=rs)
    ours = make_agent(f"ismcts:{budget}", seed + k, spec=table.spec)
    engine_state = table.engine.new_game(table.config, seed + k)
    if g.explicit:  # the game's chance as chance nodes, as new_initial_state gives it
        engine_state = table.engine.with_table_chance(engine_state)
    state = wo.WastelandState(g, engine_state, owned=True)
    actions = 0
    trace: list[dict[str, Any]] = []
    chance = np.random.RandomState(10_000 + seed + k)  # the chance nodes' answers
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            answer = int(chance.choice(outcomes, p=probabilities))
            trace.append({"player": -1, "action": answer, "action_str": state.action_to_string(-1, answer)})
            state.apply_action(answer)
            continue
        if state.current_player() == ours_seat:
            # our search samples chance itself (the engine's generator), as it always plays
            engine_state = table.engine.with_table_chance(state.engine_state, False)
            d = table.engine.decision(engine_state)
            text = ours.choose(Observation(table.engine, engine_state, d))
            action = table.actions.encode(text, state.engine_state)
        else:
            action = theirs.step(state)
        player = state.current_player()
        trace.append({"player": player, "action": int(action), "action_str": state.action_to_string(player, int(action))})
        state.apply_action(int(action))
        actions += 1
    returns = state.returns()
    mine, other = returns[ours_seat] > 0, returns[1 - ours_seat] > 0
    side = "both" if mine and other else "our_ismcts" if mine else "openspiel_ismcts" if other else "nobody"
    outcome = table.engine.outcome(state.engine_state)
    players = [{"seat": s, "bot": f"ismcts:{budget}" if s == ours_seat else f"openspiel-ismcts:{budget}"}
               for s in range(2)]
    record = {"game": table.spec.name, "parameters": dict(g.get_parameters()), "seed": seed + k, "players": players,
              "actions": trace, "returns": returns, "end_reason": outcome.reason if outcome else ""}
    return {"k": k, "side": side, "ours_seat": ours_seat, "reason": outcome.reason if outcome else "", "actions": actions,
            "trace": record}


_LOADED: dict[tuple, Any] = {}


def _game(game: str, options: dict[str, Any]) -> Any:
    key = (game, json.dumps(options, sort_keys=True))
    if key not in _LOADED:
        _LOADED[key] = wo.load(game, **options)
    return _LOADED[key]


def _one(job: tuple[str, dict[str, Any], int, int, int]) -> dict[str, Any]:
    game, options, k, budget, seed = job
    started = time.process_time()
    result = play_game(_game(game, options), k, budget, seed)
    result["cpu"] = time.process_time() - started
    return result


def results(game: str, games: int, budget: int, seed: int, options: dict[str, Any],
            jobs: int = 1) -> Iterator[dict[str, Any]]:
    """Each game's result as it ends (in order with one job, as they finish with several)."""
    work = [(game, options, k, budget, seed) for k in range(games)]
    if jobs <= 1:
        yield from map(_one, work)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap_unordered(_one, work)


def play_versus(game: str, games: int, budget: int = 10, seed: int = 0, progress: Any = None, jobs: int = 1,
                trace: Any = None, **options: Any) -> dict[str, Any]:
    """The tally of ``games`` games; ``progress(tally)`` is called after each game; with a
    ``trace`` path, every game's trace is written there (JSON lines, as ``wasteland ladder``
    writes them; chance answers as player -1)."""
    options = match_options(game, options)
    wo.load(game, **options)  # a bad option is refused before any game
    tally: dict[str, Any] = {"game": game, "games": games, "budget": budget, "seed": seed, "options": options,
                             **dict.fromkeys(SIDES, 0), "played": 0, "actions": 0, "reasons": {}}
    reasons: Counter[str] = Counter()
    cpu = 0.0
    start = time.perf_counter()
    out = open(trace, "w", encoding="utf-8") if trace is not None else None
    for result in results(game, games, budget, seed, options, jobs):
        if out is not None:
            out.write(json.dumps(result["trace"], ensure_ascii=False) + "\n")
        tally[result["side"]] += 1
        tally["played"] += 1
        tally["actions"] += result["actions"]
        reasons[result["reason"]] += 1
        cpu += result["cpu"]
        tally["reasons"] = dict(reasons.most_common())
        tally["cpu_seconds"] = round(cpu, 1)
        tally["seconds"] = round(time.perf_counter() - start, 1)
        if progress is not None:
            progress(dict(tally))
    if out is not None:
        out.close()
    return tally


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--budget", type=int, default=10, help="simulations per move, for both")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (an int, true/false or a text), repeatable")
    args = parser.parse_args(argv)

    def progress(tally: dict[str, Any]) -> None:
        print(json.dumps(tally), file=sys.stderr, flush=True)

    options = parse_options(args.option)
    print(json.dumps(play_versus(args.game, args.games, args.budget, args.seed, progress=progress, jobs=args.jobs,
                                 **options)))


def parse_options(items: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` texts as options: a whole number, true/false, or a text."""
    options: dict[str, Any] = {}
    for item in items:
        name, _, value = item.partition("=")
        if value.lstrip("-").isdecimal():
            options[name] = int(value)
        elif value.lower() in ("true", "false"):
            options[name] = value.lower() == "true"
        else:
            options[name] = value
    return options


if __name__ == "__main__":
    main()
