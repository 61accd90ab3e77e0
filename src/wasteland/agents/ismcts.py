"""Information-set Monte-Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Works for any game on the engine protocol. Each iteration draws a determinization of
the searching seat's observation (``obs.sample``: hidden cards, decks and tiles dealt
anew consistently with its view), walks one shared tree of actions with UCB on the
actions legal in that sample (availability counts), expands one action, plays on with
random actions for a bounded depth, and scores the end with the game's ``evaluate``
(its heuristic value, or the true result when the game is over). It never reads the
true state.

A game may offer a *search guide* (its spec's ``guide``, handed in as ``guide``): its own bot's
knowledge of which decisions are worth a search, which few actions are worth trying
there (its favourite first), how to play on quickly to the searching seat's next decision
point, and how good the position is then. With a guide (``guided=True``, the default),
decisions the guide does not search go to the guide's bot; searched ones *challenge the
favourite*: each determinization plays the favourite and one challenger on with the same
random numbers, and the search leaves the favourite only for a challenger whose paired
difference is above zero with confidence (``confidence``, ``min_samples``). So a search
can never play worse than its guide for lack of budget: with too little it plays the
guide's own game, move for move, and more budget only adds the evidence to leave it. A
guide may say that one of its play-ons costs several iterations (``iteration_cost``), when
it plays further ahead, and may ask for progressive widening (its ``widening``,
``core.search_guide.widened``): the search challenges with its first few candidates at
first and more as samples accrue. The other games' guides are
``core.search_guide.PlayOnGuide``s: the heuristic bot's favourite first, a turn played on
by the bots, the game's ``evaluate`` as the value.

A budget is an iteration count (one play-on each) or seconds of the process's CPU time a
decision (``seconds``): CPU time, so that a second buys the same search on a loaded machine.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable, Protocol

from wasteland.core.search_guide import widened
from wasteland.core.agent import Observation
from wasteland.core.protocol import Action, Game
from wasteland.core.rng import Rng


class SearchGuide(Protocol):
    """What a game's search guide offers (its spec's ``guide`` makes one from a seed)."""

    def searched(self, obs: Observation) -> bool: ...  # is this decision worth a search?

    def fallback(self, obs: Observation) -> Action: ...  # the guide's bot's choice otherwise

    def candidates(self, obs: Observation) -> list[Action]: ...  # the few actions to try, favourite first

    def iteration_cost(self, obs: Observation) -> int: ...  # iterations one play-on costs (1, or more when it looks further)

    def context(self, state: Any) -> Any: ...  # what the play-on and the values need from before the action

    def play_on(self, state: Any, seat: int, ctx: Any) -> None: ...  # play quickly to the seat's next decision point

    def values(self, state: Any, ctx: Any) -> list[float]: ...  # how good the position is, per seat, in [0, 1]


class Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # summed value for the seat that chose the action leading here


class ISMCTSAgent:
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 400,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int = 8,
        guided: bool = True,
        guide: Callable[[int], SearchGuide] | None = None,
        confidence: float = 2.0,
        min_samples: int = 6,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("ISMCTS needs an iteration or a time budget")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.guided = guided
        self.seed = seed
        self.confidence = confidence  # the z a challenger's lower bound is taken at
        self.min_samples = min_samples  # the fewest samples a challenger needs to replace the favourite
        self.last_iterations = 0
        self._make_guide = guide
        self._guide: Any = None
        self._guide_game: Any = None

    def choose(self, obs: Observation) -> Action:
        actions = obs.decision.actions
        if len(actions) == 1:
            return actions[0]
        guide = self._guide_for(obs.game)
        if guide is not None and not guide.searched(obs):
            return guide.fallback(obs)
        return self.search(obs)

    def search(self, obs: Observation) -> Action:
        """Search the decision within the budget (guided when the bot has a guide, even
        where the guide would leave the decision to its bot); ``last_iterations`` says
        how many iterations it ran. The benchmark measures this."""
        actions = obs.decision.actions
        guide = self._guide_for(obs.game)
        if guide is not None:
            return self._guided_search(obs, guide)
        root = Node()
        spent = _cpu_deadline(self.seconds)
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if done and spent():
                break
            self._iterate(obs, root)
            done += 1
        self.last_iterations = done
        # The most visited action among those legal here (ties: higher mean value).
        best = max(
            (a for a in actions if a in root.children),
            key=lambda a: (root.children[a].visits, root.children[a].total / max(1, root.children[a].visits)),
            default=None,
        )
        return best if best is not None else self.rng.choice(list(actions))

    def _guide_for(self, game: Game) -> Any:
        if not self.guided or self._make_guide is None:
            return None
        if self._guide_game is not game:
            # the agent's own seed: its guide's bot is the very bot the game's heuristic is
            # with that seed, so where the search keeps the favourite it plays that bot's game
            self._guide = self._make_guide(self.seed)
            self._guide_game = game
        return self._guide

    def _guided_search(self, obs: Observation, guide: Any) -> Action:
        """The guide's favourite, challenged: each sample (a new determinization) plays the
        favourite and one challenger on from copies of the same deal with the same random
        numbers for the play-on (common random numbers), so their difference is the
        action's own effect, not the luck of the deal. The challenger of each sample is
        the untried one first (the guide's order), then by UCB1 on its mean difference;
        the candidates widen progressively when the guide asks. The search answers with
        the challenger whose difference is above zero with ``confidence`` (the lower bound
        of its mean, over at least ``min_samples`` samples), the highest such bound; else
        with the favourite. So at a small budget it plays as its guide does, and it leaves
        the guide only on strong evidence.

        The guide's bot keeps its own random stream for the decisions it answers: the
        play-ons draw from streams of their own, so a search that never leaves its guide
        plays the very game its guide's bot would (the same seed, the same choices)."""
        game = obs.game
        seat = obs.seat
        candidates = guide.candidates(obs)
        if len(candidates) == 1:
            return candidates[0]
        favourite, challengers = candidates[0], candidates[1:]
        saved = _rngs(guide)
        try:
            cost = guide.iteration_cost(obs)  # a guide's play-on may be dearer than one iteration
            widening = getattr(guide, "widening", None)
            spent = _cpu_deadline(self.seconds)
            stats = {a: [0, 0.0, 0.0] for a in challengers}  # samples, sum and sum of squares of the difference
            done = samples = 0
            c = self.exploration
            while not (self.iterations is not None and done >= self.iterations) and not (done and spent()):
                state = obs.sample(self.rng)
                legal = set(game.decision(state).actions)
                weighed = challengers[:widened(len(challengers), samples, widening)] if widening else challengers
                avail = [a for a in weighed if a in legal]
                if favourite not in legal or not avail:  # this deal tells nothing about the favourite
                    done += cost
                    continue
                untried = [a for a in avail if stats[a][0] == 0]
                if untried:
                    a = untried[0]
                else:
                    log_n = math.log(samples + 1)
                    a = max(avail, key=lambda x: stats[x][1] / stats[x][0] + c * math.sqrt(log_n / stats[x][0]))
                seed = self.rng.below(1 << 62)
                base = self._played(game, guide, state.copy(), favourite, seat, seed)
                done += cost
                if self.iterations is not None and done >= self.iterations:
                    break
                diff = self._played(game, guide, state, a, seat, seed) - base
                done += cost
                samples += 1
                st = stats[a]
                st[0] += 1
                st[1] += diff
                st[2] += diff * diff
        finally:
            _restore(guide, saved)
        self.last_iterations = done
        best, best_bound = favourite, 0.0
        for a, (n, total, squares) in stats.items():
            if n < self.min_samples:
                continue
            mean = total / n
            spread = math.sqrt(max(0.0, squares / n - mean * mean) * n / (n - 1))
            bound = mean - self.confidence * spread / math.sqrt(n)
            if bound > best_bound:
                best, best_bound = a, bound
        return best

    def _played(self, game: Game, guide: Any, state: Any, action: Action, seat: int, seed: int) -> float:
        """The seat's value after ``action`` and the guide's play-on, its random numbers
        drawn from ``seed`` (the same for every action of a sample)."""
        _reseed(guide, seed)
        try:
            ctx = guide.context(state)
            game.apply_in_place(state, action)
            guide.play_on(state, seat, ctx)
            return guide.values(state, ctx)[seat]
        except Exception:  # pragma: no cover - a search must never crash the game
            return 0.0

    def _iterate(self, obs: Observation, root: Node) -> None:
        game = obs.game
        state = obs.sample(self.rng)
        rng = self.rng
        node = root
        path: list[tuple[Node, int]] = []
        c = self.exploration
        # Selection and expansion.
        while True:
            d = game.decision(state)
            if d is None:
                break
            legal = d.actions
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                a = untried[rng.below(len(untried))]
                child = children[a] = Node()
                child.avail = 1
                game.apply_in_place(state, a)
                path.append((child, d.seat))
                break
            log_n = 0.0
            best_a = legal[0]
            best_u = -math.inf
            for a in legal:
                child = children[a]
                log_n = math.log(child.avail)
                u = child.total / child.visits + c * math.sqrt(log_n / child.visits)
                if u > best_u:
                    best_u, best_a = u, a
            node = children[best_a]
            game.apply_in_place(state, best_a)
            path.append((node, d.seat))
        # Simulation: random play for a bounded depth.
        for _ in range(self.rollout_depth):
            d = game.decision(state)
            if d is None:
                break
            game.apply_in_place(state, d.actions[rng.below(len(d.actions))])
        values = game.evaluate(state)  # the heuristic value, or the true result once over
        # Backpropagation: each node scores for the seat that chose its action.
        root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.total += values[seat]



def _cpu_deadline(seconds: float | None) -> Callable[[], bool]:
    """Whether a budget of ``seconds`` of this process's CPU time is spent (never, without
    one): CPU time, not the wall clock, so a second buys the same work on a loaded machine."""
    if seconds is None:
        return lambda: False
    end = time.process_time() + seconds
    return lambda: time.process_time() >= end


def _holders(guide: Any) -> list[Any]:
    """The guide and its bot: whoever draws random numbers in a play-on."""
    return [h for h in (guide, getattr(guide, "bot", None)) if isinstance(getattr(h, "rng", None), Rng)]


def _rngs(guide: Any) -> list[tuple[Any, Rng, int]]:
    """Each holder's generator and its state, to be given back after a search."""
    return [(h, h.rng, h.rng.rng) for h in _holders(guide)]


def _restore(guide: Any, saved: list[tuple[Any, Rng, int]]) -> None:
    for holder, rng, at in saved:
        rng.rng = at
        holder.rng = rng


def _reseed(guide: Any, seed: int) -> None:
    for k, holder in enumerate(_holders(guide)):
        holder.rng = Rng(seed + k)
