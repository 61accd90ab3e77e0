"""A heuristic bot of our own (not the rulebook's): quest when it can, fight what it can
beat, rest when hurt, walk to the nearest open quest; as first player at a round end,
send the enemies where they hurt the others most (one-ply on a sample).

It reads only its observation: its seat's view, and samples of what it cannot see.
"""

from __future__ import annotations

from wasteland.core.agent import Observation, WeightedBot
from wasteland.core.protocol import Action, RuleError

from .evaluate import evaluate
from .influence import influence
from .notation import Move, Result, parse
from .state import State


class HeuristicAgent(WeightedBot):
    package = "wasteland.games.fallout"

    def decide(self, obs: Observation, actions: list[Action]) -> Action:
        d = obs.decision
        if d.kind == "turn":
            return self._turn(obs, actions)
        if d.kind == "share":
            return "share"  # FO-13.5: a victory shared is a victory
        if d.kind == "return":
            return self._return(obs, actions)
        if d.kind == "fight":
            me = obs.view()["survivors"][d.seat]
            keep = Result.text(me["health"], me["radiation"], "defeated")
            return keep if keep in actions else actions[0]
        return self._one_ply(obs, actions)

    def _turn(self, obs: Observation, actions: list[str]) -> Action:
        v = obs.view()
        me = v["survivors"][obs.seat]
        if "quest" in actions:
            return "quest"
        w = self.w
        gap = me["health"] - me["radiation"]
        sample: State = obs.sample(self.rng)
        types = sample.content.types
        for a in actions:
            x = parse(a)
            if x.VERB == "fight":
                t = types[sample.enemies[x.enemy][0]]
                if gap > t.damage + t.radiation + w["fight_margin"] and t.defence <= w["fight_defence"]:
                    return a
        if gap < w["safe_gap"] and "rest" in actions:
            return "rest"
        g = sample.board.graph
        here = me["space"]
        markers = v["markers"]
        if markers:
            dist, goals = g.nearest(here, markers)
            if goals:
                danger = {e["space"] for e in v["enemies"] if e["face_up"]}
                steps = g.next_steps(here, goals[0])
                calm = [sp for sp in steps if sp not in danger] or steps
                if calm and Move.text(calm[0]) in actions:
                    return Move.text(calm[0])
        if "rest" in actions and gap < w["rest_gap"]:
            return "rest"
        return "end"

    def _return(self, obs: Observation, actions: list[str]) -> Action:
        sample: State = obs.sample(self.rng)
        seat = obs.seat
        best, score = actions[0], -1
        for a in actions:
            card = parse(a).card
            hand = sample.hands[seat]
            sample.hands[seat] = [c for c in hand if c != card]
            value = influence(sample, seat)
            sample.hands[seat] = hand
            if value > score:
                best, score = a, value
        return best

    def _one_ply(self, obs: Observation, actions: list[str]) -> Action:
        game = obs.game
        seat = obs.seat
        sample = obs.sample(self.rng)
        best, best_score = actions[0], float("-inf")
        for a in actions:
            try:
                nxt, _events = game.apply(sample, a)
            except RuleError:
                continue
            values = evaluate(nxt)
            others = max((x for q, x in enumerate(values) if q != seat), default=0.0)
            score = values[seat] - others
            if score > best_score:
                best, best_score = a, score
        return best
