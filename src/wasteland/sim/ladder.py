"""The ladder: registered bots play each other on paired seeds, and are rated.

A function API, for ``wasteland ladder`` and anything else that pits bots (the tuner):

* :func:`make_bot` — a bot by name: ``random``, ``heuristic`` (and the game's other bots;
  ``heuristic?name=value,...`` plays with those weights over the game's
  ``data/bot_weights.toml``, the way ``scripts/tune_bot.py`` tries its candidates),
  ``ismcts:N``, ``openspiel-ismcts:N``, ``openspiel-mcts:N`` (a game of one seat only),
  or an import path ``package.module:factory``;
* :func:`play_match` — one game of a lineup (one bot name per seat) from a seed: who won,
  why, and its trace (every action as the fixed action space's index and its notation);
* :func:`paired` — ``games`` seeds, each played in every rotation of the lineup's seats,
  so each bot meets the same deals in every seat;
* :func:`round_robin` — every two bots (a game of two seats or more: a pairing per seat
  order, on the same seeds) or every bot alone (a game played solo): the matches;
* :func:`bradley_terry` and :func:`ratings` — Elo-style ratings (Bradley-Terry strengths
  on a 400·log10 scale, ``random`` at 1000 where it plays) with bootstrap intervals over
  the matches; :func:`head_to_head` and :func:`solo_table` — the tables.

A match's seed decides the deal and the engine's chance; a bot's own seed is the match
seed plus its seat, so the same lineup on the same seed plays the same game. A game where
nobody won or several seats won counts half a win to each side of a pairing.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import random
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Sequence

from wasteland.agents.registry import make_agent
from wasteland.core.agent import Agent, Observation
from wasteland.core.registry import get_spec
from wasteland.sim.report import wilson

#: OpenSpiel's bots by ladder name (they need the rl extra)
OPENSPIEL = {"openspiel-ismcts": "ismcts", "openspiel-mcts": "mcts"}
#: actions after which a match is stopped (no game of ours needs as many; a stopped match
#: has no winner, and its reason says so)
MAX_ACTIONS = 20_000


def default_bots(game: str, players: int) -> list[str]:
    """The ladder's default bots for ``game``: random, the heuristic and our ISMCTS at two
    budgets. OpenSpiel's IS-MCTS and MCTS play when named (``--bots``): their rollouts play
    every game to its end at random, minutes a game on the shared machine's core."""
    spec = get_spec(game)
    bots = ["random"] + [b for b in ("heuristic",) if spec.bot(b) is not None]
    return bots + ["ismcts:20", "ismcts:100"]


def match_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The game's simulation endings (endings that are not the rulebook's, which keep a game
    among bots from running forever), unless ``options`` say otherwise."""
    return {**get_spec(game).simulation, **options}


def make_bot(name: str, seed: int, game: str, options: dict[str, Any]) -> Agent:
    """A bot by ladder name for ``game`` played with ``options`` (see the module doc)."""
    spec = get_spec(game)
    name, _, given = name.partition("?")
    if given:
        return make_agent(name, seed, spec=spec, weights=parse_weights(given))
    base, _, budget = name.partition(":")
    if base in OPENSPIEL:
        from wasteland.envs import openspiel_agents  # the rl extra: only when an OpenSpiel bot plays

        factory = getattr(openspiel_agents, OPENSPIEL[base])
        return factory(seed=seed, spec=spec, budget=int(budget) if budget else openspiel_agents.BUDGET, **options)
    return make_agent(name, seed, spec=spec)


def parse_weights(text: str) -> dict[str, float]:
    """``name=value,name=value`` (a bot's weights in its ladder name) as numbers."""
    out = {}
    for item in text.split(","):
        key, eq, value = item.partition("=")
        try:
            out[key.strip()] = float(value)
        except ValueError:
            raise ValueError(f"bot weights {text!r}: write name=number,name=number") from None
        if not eq or not key.strip():
            raise ValueError(f"bot weights {text!r}: write name=number,name=number")
    return out


def weights_name(bot: str, weights: dict[str, float]) -> str:
    """The ladder name of ``bot`` playing with ``weights`` (see :func:`parse_weights`)."""
    return bot + "?" + ",".join(f"{k}={v:.6g}" for k, v in weights.items()) if weights else bot


@dataclass
class Match:
    """One game of a lineup: the bots by seat, who won, why, the trace."""

    game: str
    seed: int
    lineup: list[str]
    winners: list[int]
    reason: str
    actions: int
    cpu: float
    options: dict[str, Any] = field(default_factory=dict)
    trace: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The match as an OpenSpiel-style trace: the game and its parameters, the players, the
        seed, each action (player, index in the fixed action space, its notation) and the
        returns (1 for each winner)."""
        return {"game": self.game, "parameters": self.options, "seed": self.seed,
                "players": [{"seat": k, "bot": b} for k, b in enumerate(self.lineup)],
                "actions": self.trace, "returns": [1.0 if k in self.winners else 0.0 for k in range(len(self.lineup))],
                "end_reason": self.reason, "num_actions": self.actions, "cpu_seconds": round(self.cpu, 3)}


def play_match(game: str, lineup: Sequence[str], seed: int, options: dict[str, Any] | None = None,
               trace: bool = True) -> Match:
    """One game of ``game`` with bot ``lineup[k]`` in seat ``k``, from ``seed``."""
    spec = get_spec(game)
    options = dict(options or {})
    config = spec.validate({**options, "players": len(lineup)})
    engine = spec.engine
    actions = spec.action_space if spec.actions else None
    bots = [make_bot(name, seed * 16 + k, game, {**options, "players": len(lineup)}) for k, name in enumerate(lineup)]
    started = time.process_time()
    state = engine.new_game(config, seed)
    steps: list[dict[str, Any]] = []
    count = 0
    while engine.outcome(state) is None and count < MAX_ACTIONS:
        d = engine.decision(state)
        action = bots[d.seat].choose(Observation(engine, state, d))
        if trace:
            index = actions.encode(action, state) if actions is not None else None
            steps.append({"player": d.seat, "action": index, "action_str": action})
        engine.apply_in_place(state, action)
        count += 1
    outcome = engine.outcome(state)
    winners = sorted(outcome.winners) if outcome else []
    reason = outcome.reason if outcome else f"stopped after {MAX_ACTIONS} actions (not a rule of the game)"
    return Match(game, seed, list(lineup), winners, reason, count, time.process_time() - started,
                 {**options, "players": len(lineup)}, steps)


def rotations(lineup: Sequence[str]) -> list[list[str]]:
    """Every rotation of the seats (each bot in every seat once)."""
    return [list(lineup[k:]) + list(lineup[:k]) for k in range(len(lineup))]


def paired(game: str, lineup: Sequence[str], games: int, seed: int, options: dict[str, Any]) -> list[tuple]:
    """The jobs of ``games`` seeds, each in every rotation of the lineup."""
    return [(game, rotated, seed + k, options) for k in range(games) for rotated in rotations(lineup)]


def _run(job: tuple) -> Match:
    game, lineup, seed, options = job
    return play_match(game, lineup, seed, options)


def _run_untraced(job: tuple) -> Match:
    game, lineup, seed, options = job
    return play_match(game, lineup, seed, options, trace=False)


def run(jobs: list[tuple], workers: int = 1, trace: bool = True) -> Iterator[Match]:
    """The matches of ``jobs`` as they end (in order with one worker); without their traces
    when ``trace`` is false (a reader of results only: it spares encoding every action in
    the research action space, which the traces are for)."""
    one = _run if trace else _run_untraced
    if workers <= 1:
        yield from map(one, jobs)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap_unordered(one, jobs)


def round_robin(game: str, bots: Sequence[str], games: int, seed: int = 0, players: int = 2,
                options: dict[str, Any] | None = None, workers: int = 1) -> list[Match]:
    """Every two bots on ``games`` paired seeds, both seat orders (the other seats of a game
    of more than two: the second bot again); in a game of one seat, every bot alone on the
    same seeds."""
    options = match_options(game, dict(options or {}))
    jobs: list[tuple] = []
    if players == 1:
        for bot in bots:
            jobs += paired(game, [bot], games, seed, options)
    else:
        for a, b in ((a, b) for i, a in enumerate(bots) for b in bots[i + 1:]):
            jobs += paired(game, [a] + [b] * (players - 1), games, seed, options)
    return list(run(jobs, workers))


# -- ratings ---------------------------------------------------------------------------

def scores(matches: Iterable[Match]) -> dict[tuple[str, str], list[float]]:
    """Per ordered pair (a, b) of different bots: a's score in each match they met (1 a win, 0
    a loss, 0.5 when both or neither won)."""
    out: dict[tuple[str, str], list[float]] = {}
    for m in matches:
        bots = sorted(set(m.lineup))
        if len(bots) != 2:
            continue
        a, b = bots
        won_a = any(m.lineup[k] == a for k in m.winners)
        won_b = any(m.lineup[k] == b for k in m.winners)
        s = 0.5 if won_a == won_b else 1.0 if won_a else 0.0
        out.setdefault((a, b), []).append(s)
        out.setdefault((b, a), []).append(1.0 - s)
    return out


def bradley_terry(matches: Sequence[Match], bots: Sequence[str], iterations: int = 200) -> dict[str, float]:
    """Bradley-Terry strengths by the minorization-maximization updates (Hunter 2004), on
    the Elo scale (400·log10), ``random`` at 1000 where it plays (else the mean at 1000).
    A half point is added to every pair's wins each way, so a bot that won or lost every
    game still has a finite rating."""
    s = scores(matches)
    wins = {(a, b): sum(v) + 0.5 for (a, b), v in s.items()}
    games = {(a, b): len(v) + 1.0 for (a, b), v in s.items()}
    strength = dict.fromkeys(bots, 1.0)
    for _ in range(iterations):
        new = {}
        for a in bots:
            w = sum(wins.get((a, b), 0.0) for b in bots if b != a)
            d = sum(games.get((a, b), 0.0) / (strength[a] + strength[b]) for b in bots if b != a)
            new[a] = w / d if d else strength[a]
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {a: v / mean for a, v in new.items()}
    anchor = strength["random"] if "random" in strength else 1.0
    return {a: 1000.0 + 400.0 * math.log10(v / anchor) for a, v in strength.items()}


def ratings(matches: Sequence[Match], bots: Sequence[str], samples: int = 200,
            seed: int = 0) -> dict[str, tuple[float, float, float]]:
    """Each bot's rating and its 95% bootstrap interval (matches drawn again with
    replacement, ``samples`` times)."""
    point = bradley_terry(matches, bots)
    rng = random.Random(seed)
    drawn: dict[str, list[float]] = {b: [] for b in bots}
    for _ in range(samples):
        again = [matches[rng.randrange(len(matches))] for _ in matches]
        for b, r in bradley_terry(again, bots, iterations=100).items():
            drawn[b].append(r)
    out = {}
    for b in bots:
        values = sorted(drawn[b])
        lo = values[int(0.025 * (len(values) - 1))]
        hi = values[int(math.ceil(0.975 * (len(values) - 1)))]
        out[b] = (point[b], lo, hi)
    return out


def head_to_head(matches: Sequence[Match], bots: Sequence[str]) -> dict[tuple[str, str], tuple[float, int]]:
    """Per ordered pair: a's score share against b and the matches they played."""
    return {pair: (sum(v) / len(v), len(v)) for pair, v in scores(matches).items() if pair[0] in bots}


def solo_table(matches: Sequence[Match], bots: Sequence[str]) -> dict[str, tuple[int, int, float, float]]:
    """Per bot of a game of one seat: wins, games, and the 95% Wilson interval of its rate."""
    out = {}
    for b in bots:
        mine = [m for m in matches if m.lineup == [b]]
        won = sum(1 for m in mine if m.winners)
        lo, hi = wilson(won, len(mine))
        out[b] = (won, len(mine), lo, hi)
    return out


def write_trace(path: Any, matches: Iterable[Match], params: dict[str, int] | None = None) -> None:
    """The matches as a trace file: one JSON object a line (see :meth:`Match.to_json`); with
    ``params``, the game's tuned numbers they were played with (``wasteland.core.params``;
    ``parameters`` are the game's options, as OpenSpiel names them), so that a trace of a
    tuned game is never read as one of the game's own."""
    with open(path, "w", encoding="utf-8") as f:
        for m in matches:
            f.write(json.dumps({**m.to_json(), **({"params": params} if params else {})}, ensure_ascii=False) + "\n")


def seat_score(m: Match, bot: str) -> float:
    """``bot``'s score in a match: alone, 1 for a win and 0 for a loss; against others, 1 if
    it won and they did not, 0 the other way round, a half when both or neither won."""
    mine = any(m.lineup[k] == bot for k in m.winners)
    if all(b == bot for b in m.lineup):
        return 1.0 if mine else 0.0
    theirs = any(m.lineup[k] != bot for k in m.winners)
    return 0.5 if mine == theirs else 1.0 if mine else 0.0


def by_seed(matches: Iterable[Match], bot: str) -> dict[int, float]:
    """``bot``'s mean score per seed (a seed's rotations together): the unit of pairing."""
    acc: dict[int, list[float]] = {}
    for m in matches:
        if bot in m.lineup:
            acc.setdefault(m.seed, []).append(seat_score(m, bot))
    return {seed: sum(v) / len(v) for seed, v in acc.items()}


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean and its 95% normal interval (the standard error over ``values``)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def paired_difference(a: dict[int, float], b: dict[int, float]) -> tuple[float, float, float, int]:
    """The mean of ``a - b`` over the seeds both played, its 95% interval, and the seeds."""
    seeds = sorted(set(a) & set(b))
    mean, lo, hi = mean_interval([a[s] - b[s] for s in seeds])
    return mean, lo, hi, len(seeds)


def summary(matches: Sequence[Match]) -> dict[str, Any]:
    """Totals: matches, actions, CPU seconds, end reasons."""
    reasons: dict[str, int] = {}
    for m in matches:
        reasons[m.reason] = reasons.get(m.reason, 0) + 1
    return {"matches": len(matches), "actions": sum(m.actions for m in matches),
            "cpu_seconds": round(sum(m.cpu for m in matches), 1), "reasons": reasons}


__all__ = ["Match", "bradley_terry", "by_seed", "mean_interval", "paired_difference", "parse_weights",
           "seat_score", "weights_name", "default_bots", "head_to_head", "make_bot", "match_options", "paired",
           "play_match", "ratings", "round_robin", "rotations", "run", "solo_table", "summary", "write_trace"]
