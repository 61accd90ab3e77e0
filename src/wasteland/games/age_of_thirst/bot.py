"""A heuristic Age of Thirst bot: one-ply greedy on a determinized sample.

Each legal action is tried on a sample of the hidden information (``obs.sample``: the
bot never reads the true state) and scored by the seat's share of :func:`evaluate`
minus the best opponent's, plus small pushes: buy rather than hoard, hedges only when
they pay, lay status cards on the kind the opponent is pressing with.

A move is judged together with the best attack the troop can make from where it lands
(LO-7.1: move, then attack, then flip), so the bot can step next to the Last Oasis and
knock its holder off in one activation; judged alone, the step would look worthless and
the holder would never be challenged.

``policy`` restricts what the bot buys and upgrades, for the balance study of the chosen
stat table (LO-B 1); the names are ``heuristic-<policy>`` bots in ``wasteland simulate
age-of-thirst --bot`` (see :data:`POLICIES`).
"""

from __future__ import annotations

from wasteland.core.agent import Observation, WeightedBot
from wasteland.core.protocol import Action, RuleError
from wasteland.core.notation import pair

from .content import TROOP_KINDS
from .evaluate import evaluate
from .notation import Upgrade, parse

MAX_TRIED = 160  # actions simulated per decision (the rest are sampled away)

# Balance-study openings (``heuristic-<name>``): what the bot may buy and what it upgrades
# first. ``None`` = the default heuristic.
POLICIES: dict[str, dict[str, str]] = {
    "skinny": {"buy": "skinny"},  # buy only Skinnies
    "handsome": {"buy": "handsome"},
    "smart": {"buy": "smart"},
    "rush-skinny": {"buy": "skinny", "rush": "skinny"},  # every gallon into Skinny levels first
    "rush-handsome": {"buy": "handsome", "rush": "handsome"},
    "rush-smart": {"buy": "smart", "rush": "smart"},
    "hedge": {"hedge": "wall"},  # grow (and upgrade) hedges whenever it can
}
STATUS_KIND = {"paralysis": "skinny", "blindness": "handsome", "madness": "smart"}  # LO-11


class HeuristicAgent(WeightedBot):
    package = "wasteland.games.age_of_thirst"  # its pushes: data/bot_weights.toml [heuristic]

    def __init__(self, seed: int = 0, prefer: str | None = None, policy: str | None = None,
                 weights: dict[str, float] | None = None) -> None:
        super().__init__(seed, weights)
        if prefer is not None and policy is None:
            policy = prefer  # the old name of the one-kind openings
        if policy is not None and policy not in POLICIES:
            raise ValueError(f"unknown Age of Thirst bot policy {policy!r}; choose from {', '.join(POLICIES)}")
        self.policy = policy
        self.rules = POLICIES.get(policy, {}) if policy else {}
        if policy:
            self.name = f"heuristic-{policy}"

    def decide(self, obs: Observation, actions: list[Action]) -> Action:
        d = obs.decision
        if d.kind == "first":
            return actions[0]
        if d.kind == "place":
            return self._place(obs, actions)
        actions = self._restrict(actions)
        if len(actions) == 1:
            return actions[0]
        sample = obs.sample(self.rng)
        game = obs.game
        seat = d.seat
        if len(actions) > MAX_TRIED:
            keep = [a for a in actions if not a.startswith(("grow", "play"))]
            rest = [a for a in actions if a.startswith(("grow", "play"))]
            while rest and len(keep) < MAX_TRIED:
                keep.append(rest.pop(self.rng.below(len(rest))))
            actions = keep[:MAX_TRIED] if len(keep) > MAX_TRIED else keep
        best, best_score = actions[0], float("-inf")
        for a in actions:
            try:
                nxt, _events = game.apply(sample, a)
            except RuleError:  # pragma: no cover - legal in the sample by construction
                continue
            score = self._score(nxt, seat)
            x = parse(a)
            if x.VERB == "move":
                score = max(score, self._best_attack(game, nxt, seat, x.hex))
            score += self._bias(sample, seat, a) + self.rng.below(1000) * 1e-7
            if score > best_score:
                best, best_score = a, score
        return best

    def _best_attack(self, game, s, seat: int, landed: str) -> float:
        """The best the moved troop can do next: attack from where it landed (LO-7.1)."""
        d = game.decision(s)
        best = float("-inf")
        if d is None:
            return best
        for a in d.actions:
            x = parse(a)
            if x.VERB == "attack" and x.origin == landed:
                try:
                    nxt, _events = game.apply(s, a)
                except RuleError:  # pragma: no cover
                    continue
                best = max(best, self._score(nxt, seat))
        return best

    def _restrict(self, actions: list[str]) -> list[str]:
        """A policy's openings: buy one kind only; rush its upgrades; grow a hedge wall."""
        r = self.rules
        if not r:
            return actions
        if "buy" in r:
            actions = [a for a in actions if parse(a).VERB != "buy" or parse(a).kind == r["buy"]] or actions
        if "rush" in r and str(Upgrade(r["rush"])) in actions:
            return [str(Upgrade(r["rush"]))]  # every gallon into the kind's levels before anything else
        if "rush" in r:
            # saving for the next level: buy nothing else (the kind's own troops still come)
            actions = [a for a in actions if parse(a).VERB not in ("upgrade", "grow", "market")] or actions
        if r.get("hedge") == "wall":
            if str(Upgrade("hedge")) in actions:
                return [str(Upgrade("hedge"))]
            grows = [a for a in actions if parse(a).VERB == "grow"]
            if grows:
                return grows
        return actions

    def _score(self, s, seat: int) -> float:
        values = evaluate(s)
        mates = set(s.team_seats(seat))
        mine = sum(values[q] for q in mates) / len(mates)
        others = [values[q] for q in range(len(values)) if q not in mates]
        return mine - (max(others) if others else 0.0)

    def _bias(self, s, seat: int, action: str) -> float:
        x = parse(action)
        w = self.w
        if x.VERB == "buy":
            return w["buy"]
        if x.VERB == "grow":
            return w["grow"]  # hedges are cheap but block its own way too
        if x.VERB == "end":
            return w["end"]  # act before ending when the value is equal
        if x.VERB == "play" and x.card in STATUS_KIND:
            # A status card (LO-11) shows in no position value: lay it on the kind the
            # opponent has nearest the centre, one point of value per such troop.
            target = s.colour.index(x.target)
            kind = STATUS_KIND[x.card]
            b = s.board
            near = sum(1 for h, (o, k) in s.pieces.items()
                       if o == target and k == kind and b.distance(h, b.centre) <= w["status_reach"])
            return w["status_troop"] * near + w["status_base"]
        return 0.0

    def _place(self, obs: Observation, actions: list[str]) -> str:
        # Melee troops in front (nearest the centre), shooters behind them.
        order = {k: i for i, k in enumerate(TROOP_KINDS)}

        def key(a: str):
            x = parse(a)
            kind = x.kind
            q, r = pair(x.hex)
            dist = max(abs(q), abs(r), abs(q + r))
            return (order[kind], dist) if kind == "skinny" else (order[kind], -dist)

        return min(actions, key=key)
