"""A heuristic quest bot of our own (not the rulebook's): heroes head for the closed
gate and explore, then for the quest symbol; they strike enemies that stand in the
way with their best dice and recover when low. Leader choices (placements, ties) are
judged one ply ahead by ``evaluate`` on a sample of the hidden decks."""

from __future__ import annotations

from wasteland.core.agent import Observation, WeightedBot
from wasteland.core.protocol import Action, RuleError

from .evaluate import evaluate
from .notation import End, die_value, parse


def _die(a: str) -> int:
    die = parse(a).fields().get("die")
    return die_value(die) if die is not None else 0


class HeuristicAgent(WeightedBot):
    package = "wasteland.games.quest"

    def decide(self, obs: Observation, actions: list[Action]) -> Action:
        d = obs.decision
        if d.kind == "hero":
            return self._hero(obs, actions)
        if d.kind == "stun":
            return min(actions, key=_die)  # give up the weakest die
        return self._lookahead(obs, actions)

    def _lookahead(self, obs: Observation, actions: list[str]) -> Action:
        sample = obs.sample(self.rng)
        best, best_score = actions[0], float("-inf")
        for a in actions:
            try:
                nxt, _ = obs.game.apply(sample, a)
            except RuleError:
                continue
            score = evaluate(nxt)[obs.seat]
            if score > best_score:
                best, best_score = a, score
        return best

    def _hero(self, obs: Observation, actions: list[str]) -> Action:
        s = obs.sample(self.rng)
        seat = obs.seat
        h = s.heroes[seat]
        goal = s.quest_zone or s.closed_gate_zone()
        by_verb: dict[str, list[str]] = {}
        for a in actions:
            by_verb.setdefault(parse(a).VERB, []).append(a)
        vit = s.content.heroes[seat].vitality
        if "free" in by_verb:
            return max(by_verb["free"], key=_die)
        if "dig" in by_verb:
            return min(by_verb["dig"], key=_die)
        w = self.w
        if "recover" in by_verb and h["wounds"] <= vit * w["recover_below"]:
            return min(by_verb["recover"], key=_die)
        if "explore" in by_verb and not s.quest_zone and h["wounds"] > vit * w["explore_above"]:
            return min(by_verb["explore"], key=_die)
        if goal is not None and h["zone"] != goal:
            def steps_left(zone: str) -> int:
                d = s.board.distance(zone, goal)
                return 99 if d is None else d

            here = steps_left(h["zone"])
            steps = [a for a in by_verb.get("move", []) + by_verb.get("run", []) if steps_left(parse(a).zone) < here]
            if steps:
                return min(steps, key=lambda a: (steps_left(parse(a).zone), _die(a)))
        if "attack" in by_verb:
            return max(by_verb["attack"], key=lambda a: (_die(a), -s.models[parse(a).model]["wounds"]))
        if "recover" in by_verb and h["wounds"] < vit * w["idle_recover_below"]:
            return min(by_verb["recover"], key=_die)
        return End.text()
