"""The ISMCTS search guide for Saltlands: where the game-agnostic search
(``agents.ismcts``) spends its iterations, and how it plays on and scores a position,
borrowing the heuristic bot's public judgement (``bot.HeuristicAgent``)."""

from __future__ import annotations

import math

from wasteland.core.agent import Observation
from wasteland.core.rng import Rng

from .bot import HeuristicAgent
from .engine import apply_in_place, decision
from .game import GAME
from .state import State

# What a search iteration keeps from before its action (see SearchGuide.context).
Context = tuple[int, list[int], list[bool], list[float]]



class SearchGuide:
    """What the game-agnostic ISMCTS (``agents.ismcts``) may borrow from this bot.

    Searching every Saltlands decision to the end of the game is hopeless on a budget, so
    the search spends its iterations where the game is decided: the turn decision that
    still holds the one move (SL §78), whose answer fixes what the raiders can do before
    the next turn (SL §100 to SL §107). There it weighs the bot's best candidates against many
    determinizations, playing each one on and scoring the result. Every other decision
    goes to the bot.

    Two ways of playing on:

    * before the seat holds what an escape needs, the rest of the game: a quicker bot
      (the heuristic trying ``QUICK`` of its weights' move destinations against one deal)
      plays every seat to the game's end, and the score is the result (an escape 1,
      anything else 0). The bot's own move already weighs the quick way to its next turn
      by its position value; a search scored the same way found nothing better with
      confidence (docs/bots.md: the tutorial's search played the heuristic's game), while
      the tutorial's games are lost to the clock (SL §47, SL §114, SL §121), which only a
      play-on to the end sees. Such a play-on costs ``ROLLOUT_COST`` iterations;
    * in the end game (every rumor card played and the seat, or its group, holding the
      Victory cards it needs, SL §111 to SL §120), the bot itself plays on for the game's next
      ``ENDGAME_TURNS`` turns (in solo the seat's own; with more players every seat's
      turn counts, the group's played by the bot, the others ending theirs at once) and
      the score is the result: an escape is worth 1, anything else at most 0.3. The bot
      alone turns only about a quarter of such positions into a win (it walks into the
      raiders gathered round the escape tile, or never clears it); searching its first
      move against real outcomes is where a search beats it. Such a play-on costs
      ``ENDGAME_COST`` iterations of the budget.
    """

    ENDGAME_TURNS = 3
    ROLLOUT_COST = 4  # a play-on to the game's end costs about four quick ones
    QUICK = {"lookahead": 3, "samples": 1}  # the rollout's bot: about twice as fast (docs/bots.md)
    CANDIDATES = 3  # the favourite and the two next moves (and "end"): a 1 s budget's samples tell three apart
    SEATS_CANDIDATES = 8  # with more seats (the quick play-on to the next turn), as before
    ENDGAME_COST = 4
    ENDGAME_OTHER = 0.3  # the most a position without an escape scores in the end game
    SCALE = 60.0  # a change of position value that moves the score from 0.5 to 0.73

    def __init__(self, seed: int = 0, candidates: int | None = None) -> None:
        self.bot = HeuristicAgent(seed)
        self.quick = HeuristicAgent(seed, weights=self.QUICK)
        self.k = candidates

    @staticmethod
    def to_the_end(state: State) -> bool:
        """Whether a play-on runs to the game's end: in solo only. With more seats the game's
        end is several times further (every seat's turns, rounds more): measured in a 4-seat
        game, a decision took 1.7 s on average and up to 17 s against 0.035 s with the quick
        play-on to the next turn, and the ladder measured the gain in solo only (docs/bots.md)."""
        return len(state.players) == 1

    def searched(self, obs: Observation) -> bool:
        d = obs.decision
        return d.kind == "turn" and any(a.startswith("move ") for a in d.actions)

    def fallback(self, obs: Observation) -> str:
        return self.bot.choose(obs)

    def candidates(self, obs: Observation) -> list[str]:
        """The moves worth weighing, the bot's favourite first, and staying put ("end").

        Only the move is searched: the quick play-on ends the turn right after the
        searched action, which is fair to a move (the bot moves last, then takes what it
        reaches) but not to an action the bot would follow with a move. So when the bot's
        favourite is not a move, that is the one candidate."""
        d = obs.decision
        scores = self.bot.scores(obs) or {}
        # the favourite as the bot's own choice draws it (one of its best, at random), so a
        # search that keeps it plays the bot's game
        best = max(scores.get(a, -1e9) for a in d.actions)
        favourite = self.bot.rng.choice([a for a in d.actions if scores.get(a, -1e9) >= best - 1e-9])
        if not favourite.startswith("move "):
            return [favourite]
        ranked = sorted(d.actions, key=lambda a: -scores.get(a, -1e9))
        solo = len(obs.view()["players"]) == 1  # as to_the_end says of a full state
        k = self.k or (self.CANDIDATES if solo else self.SEATS_CANDIDATES)
        moves = [a for a in ranked if a.startswith("move ") and a != favourite][: k - 1]
        return [favourite] + moves + (["end"] if "end" in d.actions and favourite != "end" else [])

    def endgame(self, state: State, seat: int) -> bool:
        """The seat could escape now: the road has ended and it holds the cards (SL §111)."""
        me = state.players[seat]
        return not state.rumor_deck and me.status == "active" and self.bot.ready(state, me)

    def iteration_cost(self, obs: Observation) -> int:
        """How many iterations of the budget one play-on from this decision spends: the
        seat's own cards and the played rumors are known, so any sample tells."""
        sample = obs.sample(self.bot.rng)
        if self.endgame(sample, obs.seat):
            return self.ENDGAME_COST
        return self.ROLLOUT_COST if self.to_the_end(sample) else 1

    def context(self, state: State) -> Context:
        """What the play-on and the scoring need from before the search's action: the
        turn, each seat's respawns so far (a death and an Easy respawn still count as a
        death), which seats are in the end game, and each seat's position value then."""
        return (
            state.turn,
            [p.respawned for p in state.players],
            [self.endgame(state, p.seat) for p in state.players],
            [self.bot.position_value(state, p.seat) for p in state.players],
        )

    def play_on(self, state: State, seat: int, ctx: Context) -> None:
        if not ctx[2][seat]:
            if self.to_the_end(state):
                self.rollout(state)
            else:
                self.bot.play_on(state, seat, ctx[0])
            return
        # The seat's turns (and every frame it answers) by the bot itself, and so its
        # group's in co-op, classic and tutorial (they escape together, SL §116 to SL §120);
        # other seats' turns end at once, their frames take the first answer, as in the
        # quick play-on.
        me = state.players[seat]
        played = {p.seat for p in self.bot.team(state, me)} | {seat}
        for _ in range(5000):
            d = decision(state)
            if d is None:
                return
            if d.kind == "turn" and d.seat == seat and state.turn >= ctx[0] + self.ENDGAME_TURNS:
                return
            if len(d.actions) == 1:
                a = d.actions[0]
            elif d.seat in played:
                a = self.bot.choose(Observation(GAME, state, d))
            elif d.kind == "turn":
                a = "end" if "end" in d.actions else d.actions[-1]
            else:
                a = d.actions[0]
            apply_in_place(state, a, quiet=True)

    def rollout(self, state: State) -> None:
        """The quick bot plays every seat to the game's end; its random numbers come from
        the play-on's (``agents.ismcts`` seeds the bot's for each sample: the same for the
        favourite and its challenger)."""
        self.quick.rng = Rng(self.bot.rng.below(1 << 62))
        for _ in range(20_000):
            d = decision(state)
            if d is None:
                return
            a = d.actions[0] if len(d.actions) == 1 else self.quick.choose(Observation(GAME, state, d))
            apply_in_place(state, a)

    def values(self, state: State, ctx: Context) -> list[float]:
        """Each seat's value in [0, 1]: a win is 1 and a loss 0; otherwise the change of
        its position value since the search's decision, squashed (0.5: no change), and
        scaled down to ``ENDGAME_OTHER`` for a seat in the end game.

        The change, not the value itself: a position's value grows through the game
        (the played rumor cards alone add 160 by the end of a two-player road), and a
        squashed large value leaves the moves of the late game all near 1, too close
        for the search to tell apart."""
        out = []
        for p in state.players:
            if state.over:
                out.append(1.0 if p.seat in state.winners else 0.0)
                continue
            x = self.bot.position_value(state, p.seat, ctx[1][p.seat]) - ctx[3][p.seat]
            v = 1.0 / (1.0 + math.exp(-x / self.SCALE))
            out.append(self.ENDGAME_OTHER * v if ctx[2][p.seat] else v)
        return out
