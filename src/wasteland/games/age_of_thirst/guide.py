"""The ISMCTS search guide for Age of Thirst (issue 33).

An activation offers up to a hundred and more actions (every move, attack, buy and hedge,
LO-7.1), so the search weighs a few candidates only: the heuristic bot's favourite, the
quick policy's choice, the null move (``end``, LO-7) and a few more as samples accrue
(progressive widening). The heuristic is too slow to play on with (a one-ply look at every
action), and random actions say little (a troop walks off the Last Oasis as often as
onto it), so a play-on is the *quick policy*: rules of thumb read off the actions' text,
no position tried. Every seat plays it to the end of the searching seat's turn (``turns``),
and the value there is the game's ``evaluate`` (the Eye track, the Last Oasis, troops,
water: LO-13), a finished game its result. A horizon counted in the seat's decisions
instead misled the search (docs/bots.md): ending the phase reached the purchases within it
and looked better than a step toward the Last Oasis.
"""

from __future__ import annotations

from wasteland.core.agent import Observation
from wasteland.core.notation import pair
from wasteland.core.protocol import Action
from wasteland.core.search_guide import PlayOnGuide

from .bot import HeuristicAgent
from .notation import parse

_PARSED: dict[str, object] = {}


def _action(text: str):
    x = _PARSED.get(text)
    if x is None:
        x = _PARSED[text] = parse(text)
    return x


def _ring(h: str) -> int:
    """A hex's distance from the Last Oasis at 0,0 (LO-13)."""
    q, r = pair(h)
    return max(abs(q), abs(r), abs(q + r))


def quick_choice(state, seat: int, actions: tuple[str, ...] | list[str], draw) -> str:
    """The quick policy's action: attack another clan's piece (the one nearest the Last
    Oasis first, LO-6; friendly fire is legal, LO-7.1, and never chosen), else step a
    troop as near the Last Oasis as any step goes (LO-8.1), else buy a troop (LO-7.4) or a
    level (LO-5), else end the phase or the troop's activation (LO-7.1); any other decision
    (cards, bunkers) at random. ``draw(n)`` breaks ties and picks the random ones."""
    attacks, steps, buys, ends, flips, rest = [], [], [], [], [], []
    by_name = state.board.by_name
    best_step = 99
    for a in actions:
        x = _action(a)
        verb = x.VERB
        if verb == "attack":
            target = state.pieces.get(by_name[x.hex])
            if target is not None and target[0] != seat:
                attacks.append((_ring(x.hex), a))
            continue
        elif verb == "move":
            key = _ring(x.hex)
            if key < _ring(x.origin):
                if key < best_step:
                    best_step, steps = key, [a]
                elif key == best_step:
                    steps.append(a)
        elif verb in ("buy", "upgrade"):
            buys.append(a)
        elif verb == "end":
            ends.append(a)
        elif verb == "flip":
            flips.append(a)
        elif verb != "move":
            rest.append(a)
    if attacks:
        near = min(k for k, _ in attacks)
        pool = [a for k, a in attacks if k == near]
    else:
        pool = steps or buys or ends or flips or rest or list(actions)
    return pool[draw(len(pool))]


class SearchGuide(PlayOnGuide):
    turns = 1  # played on to the end of the searching seat's turn
    max_actions = 60
    policy = "quick"
    widening = (2.0, 0.5)
    CANDIDATES = 3  # the favourite, the quick policy's pick and "end": a 0.02 s budget's samples tell three apart

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, HeuristicAgent)

    def candidates(self, obs: Observation) -> list[Action]:
        self.game = obs.game
        actions = obs.decision.actions
        favourite = self.bot.choose(obs)
        picks = [favourite]
        for a in [quick_choice(obs.sample(self.rng), obs.seat, actions, self.rng.below)] + [a for a in actions if _action(a).VERB == "end"]:
            if a not in picks:
                picks.append(a)
        others = [a for a in actions if a not in picks]
        while others and len(picks) < self.CANDIDATES:
            picks.append(others.pop(self.rng.below(len(others))))
        return picks

    def context(self, state) -> int:
        return state.turn

    def play_on(self, state, seat: int, ctx: int) -> None:
        """Every seat plays the quick policy to the end of the ``turns``-th turn from the
        searched one's (LO-7: a turn is the tactical phase, then the economic): every
        candidate is judged at the same point of the game, not after as many decisions
        (a candidate that ends the phase early would reach its purchases sooner)."""
        game = self.game
        for _ in range(self.max_actions):
            d = game.decision(state)
            if d is None or state.turn >= ctx + self.turns:
                return
            a = d.actions[0] if len(d.actions) == 1 else quick_choice(state, d.seat, d.actions, self.rng.below)
            game.apply_in_place(state, a)
