"""``wasteland bench``: speed and memory figures, printed, never asserted."""

from __future__ import annotations

import json
import resource
import time
import tracemalloc
from typing import Any

from wasteland.agents.random_agent import RandomAgent
from wasteland.games.saltlands.game import GAME

CHARACTERS = ["scout", "plowman", "healer", "arsonist", "scientist", "little_girl"]


def _config(players: int) -> dict[str, Any]:
    return {"players": players, "characters": CHARACTERS[:players]}


def random_games(players: int, games: int) -> tuple[float, int, float]:
    """(seconds, actions, seconds spent choosing) over ``games`` full random games."""
    actions = 0
    choose_time = 0.0
    started = time.perf_counter()
    for seed in range(games):
        state = GAME.new_game(_config(players), seed)
        agent = RandomAgent(seed)
        while True:
            d = GAME.decision(state)
            if d is None:
                break
            GAME.apply_in_place(state, agent.choose(d))
            actions += 1
    return time.perf_counter() - started, actions, choose_time


def mid_game_state(players: int, seed: int = 3):
    """The position halfway through a full random game (never a finished one)."""
    state = GAME.new_game(_config(players), seed)
    agent = RandomAgent(seed)
    actions = []
    while (d := GAME.decision(state)) is not None:
        actions.append(agent.choose(d))
        GAME.apply_in_place(state, actions[-1])
    state = GAME.new_game(_config(players), seed)
    for action in actions[: len(actions) // 2]:
        GAME.apply_in_place(state, action)
    return state


def copy_cost(players: int, repeat: int = 20000) -> float:
    state = mid_game_state(players)
    started = time.perf_counter()
    for _ in range(repeat):
        state.copy()
    return (time.perf_counter() - started) / repeat


def openspiel_backgammon(games: int = 200) -> tuple[float, int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    import random

    rng = random.Random(0)
    game = pyspiel.load_game("backgammon")
    actions = 0
    started = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return time.perf_counter() - started, actions


def heuristic_games(players: int, games: int) -> tuple[float, int]:
    """(seconds, games) of full games with the heuristic bot in every seat."""
    from wasteland.core.agent import Observation
    from wasteland.agents.registry import make_agent

    started = time.perf_counter()
    for seed in range(games):
        state = GAME.new_game(_config(players), seed)
        agents = [make_agent("heuristic", seed * 10 + k, game=GAME.name) for k in range(players)]
        while (d := GAME.decision(state)) is not None:
            GAME.apply_in_place(state, agents[d.seat].choose(Observation(GAME, state, d)))
    return time.perf_counter() - started, games


def ismcts_rate(players: int, seconds: float = 2.0, guided: bool = False) -> tuple[int, float]:
    """ISMCTS iterations in ``seconds`` on a mid-game turn decision with moves: the
    game-agnostic tree search (random play-outs), or the search guided by the Saltlands
    bot (each iteration plays on to the seat's next turn, raider activations included)."""
    from wasteland.core.agent import Observation
    from wasteland.agents.ismcts import ISMCTSAgent

    state = GAME.new_game({**_config(players), "difficulty": "easy"}, 3)
    agent = RandomAgent(1)
    while True:
        d = GAME.decision(state)
        if d is None:
            state = GAME.new_game({**_config(players), "difficulty": "easy"}, 4)
            continue
        if d.kind == "turn" and len(d.actions) > 10 and any(a.startswith("move ") for a in d.actions):
            break
        GAME.apply_in_place(state, agent.choose(d))
    bot = ISMCTSAgent(0, iterations=None, seconds=seconds, guided=guided, guide=GAME.spec.make_guide)
    obs = Observation(GAME, state, d)
    if guided:
        bot._guided_search(obs, GAME.spec.make_guide(0))  # the search itself, whatever the bot's favourite
    else:
        bot.choose(obs)
    return bot.last_iterations, seconds


# -- Age of Thirst -----------------------------------------------------------------------


def aot_game():
    from wasteland.games.age_of_thirst.game import GAME as AOT

    return AOT


def aot_random_games(players: int, games: int) -> tuple[float, int]:
    """(seconds, actions) over ``games`` full Age of Thirst games of random legal actions
    (normal form, no teams)."""
    game = aot_game()
    actions = 0
    started = time.perf_counter()
    for seed in range(games):
        state = game.new_game({"players": players}, seed)
        agent = RandomAgent(seed)
        while (d := game.decision(state)) is not None:
            game.apply_in_place(state, agent.choose(d))
            actions += 1
    return time.perf_counter() - started, actions


def aot_mid_game_state(players: int, seed: int = 3):
    """The position halfway through a full random Age of Thirst game."""
    game = aot_game()
    config = {"players": players}
    state = game.new_game(config, seed)
    agent = RandomAgent(seed)
    actions = []
    while (d := game.decision(state)) is not None:
        actions.append(agent.choose(d))
        game.apply_in_place(state, actions[-1])
    state = game.new_game(config, seed)
    for action in actions[: len(actions) // 2]:
        game.apply_in_place(state, action)
    return state


def aot_bench(games: int, console) -> None:
    console.print("[bold]Age of Thirst[/bold] — normal form, random legal actions, one core")
    game = aot_game()
    n = max(1, games // 4)  # its games are longer than Saltlands' (hundreds of actions)
    for players in (2, 6):
        game.new_game({"players": players}, 0)  # warm the shared static data
        seconds, actions = aot_random_games(players, n)
        console.print(
            f"Age of Thirst {players} players: {n} games, {actions} actions in {seconds:.2f} s → "
            f"{actions / seconds:,.0f} actions/s, {n / seconds:,.1f} games/s, "
            f"{1000 * seconds / n:.1f} ms per game, {actions / n:.0f} actions per game"
        )
    for players in (2, 6):
        state = aot_mid_game_state(players)
        repeat = 20000
        started = time.perf_counter()
        for _ in range(repeat):
            state.copy()
        cost = (time.perf_counter() - started) / repeat
        size = len(json.dumps(game.to_json(state)))
        console.print(f"Age of Thirst state copy ({players}p, mid-game): {cost * 1e6:.1f} µs; "
                      f"JSON size {size:,} bytes")


def run_bench(games: int, console) -> None:
    console.print("[bold]wasteland bench[/bold] — Saltlands base game, random legal actions, one core")
    figures: dict[str, float] = {}
    for players in (1, 4):
        GAME.new_game(_config(players), 0)  # warm the shared static data
        seconds, actions, _ = random_games(players, games)
        figures[f"aps{players}"] = actions / seconds
        console.print(
            f"{players} player(s): {games} games, {actions} actions in {seconds:.2f} s → "
            f"{actions / seconds:,.0f} actions/s, {games / seconds:,.1f} games/s, "
            f"{1000 * seconds / games:.2f} ms per game, {actions / games:.0f} actions per game"
        )
    for players in (1, 4):
        cost = copy_cost(players)
        state = mid_game_state(players)
        size = len(json.dumps(GAME.to_json(state)))
        console.print(f"state copy ({players}p, mid-game): {cost * 1e6:.1f} µs; JSON size {size:,} bytes")
    tracemalloc.start()
    random_games(4, 20)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    console.print(f"peak traced memory over 20 four-player games: {peak / 1e6:.2f} MB; "
                  f"process max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    seconds, n = heuristic_games(1, max(5, games // 10))
    console.print(f"heuristic bot, solo: {n} games in {seconds:.2f} s → {n / seconds:.2f} games/s "
                  f"(10,000 solo games ≈ {10000 * seconds / n / 60 / 2:.1f} min on 2 cores)")
    iterations, secs = ismcts_rate(4)
    console.print(f"ISMCTS, 4 players, tree search with random play-outs: {iterations / secs:,.0f} iterations/s (goal 2,000)")
    iterations, secs = ismcts_rate(4, guided=True)
    console.print(f"ISMCTS, 4 players, guided by the heuristic bot (play-out to the next turn): {iterations / secs:,.0f} iterations/s")
    spiel = openspiel_backgammon()
    if spiel is None:
        console.print("OpenSpiel not installed (pip install open-spiel) — no backgammon comparison")
    else:
        seconds, actions = spiel
        aps = actions / seconds
        console.print(f"OpenSpiel backgammon random playouts from Python: {aps:,.0f} actions/s; "
                      f"Saltlands 4p / backgammon = {figures['aps4'] / aps:.2f}")
    console.print("goals: ≥ 50,000 actions/s; a 4-player random game in 20 ms; a state copy in 50 µs")
    aot_bench(games, console)
