"""The Saltlands heuristic bot: plays to win with the beginner's advice of SL §123, SL §124.

It gathers crew, armor, healing and weapons; checks which raiders could reach a hex
before it moves there; fights what it can hurt; chases tokens, rumors and Victory
cards; and once the road ends heads for a raider-free tile with a rumor marker when it
holds enough Victory cards. In co-op it sends raiders at the best-protected player and
passes healing to a wounded neighbour.

It reads only public information and its own cards, through a determinized sample of
its observation (``obs.sample``), never the true state.
"""

from __future__ import annotations

from wasteland.core.bot_weights import resolve
from wasteland.core.agent import Observation
from wasteland.core import paths
from wasteland.core.rng import Rng

from .answers import Answers
from .bot_values import card_value, distances_from, hex_dist as _hex_dist
from .board import CELLS_PER_TILE, parse_pos
from .movement import move_options, terrain_set
from .notation import Give, Use, parse
from .config import VICTORY_NEEDS
from .engine import apply_in_place, decision, end_turn_if_legal
from .state import Player, State
from .turn import area_hexes
from .zones import crew_members, fresh_crew, hand_limit, permanent_armor, victory_cards


class HeuristicAgent(Answers):
    name = "heuristic"
    # The weights it plays by come from data/bot_weights.toml ([heuristic], tuned by
    # scripts/tune_bot.py): LOOKAHEAD (move destinations tried against a simulated raider
    # activation), SAMPLES (deals of the hidden cards each is tried against), CREW_VALUE (a
    # crew member: one more action and one more wound soaked, SL §64), ARMOR_VALUE,
    # CREW_TOKEN, EXPLORE_UNTIL (explore while fewer wanted tokens are in sight), AIM_PULL (a
    # group's pull per hex toward the marker its Victory cards match), RUMOR_PULL, the cost
    # of a death by difficulty (SL §90 to SL §96), what a Victory card and readiness to
    # escape are worth, and CAUTION (how much the worse of the deals weighs).
    LOOKAHEAD: int
    SAMPLES: int

    def __init__(self, seed: int = 0, weights: dict[str, float] | None = None) -> None:
        self.rng = Rng(seed)
        self.weights = resolve("wasteland.games.saltlands", weights)
        for name, value in self.weights.items():
            setattr(self, name.upper(), value)

    # -- entry point ---------------------------------------------------------------
    def choose(self, obs: Observation) -> str:
        d = obs.decision
        if len(d.actions) == 1:
            return d.actions[0]
        scores = self.scores(obs)
        if scores is None:
            return self.rng.choice(list(d.actions))
        best = max(scores.values())
        top = [a for a in d.actions if scores.get(a, -1e9) >= best - 1e-9]
        return self.rng.choice(top)

    def scores(self, obs: Observation) -> dict[str, float] | None:
        """How much the bot likes each legal action (None: no opinion on this kind)."""
        d = obs.decision
        handler = getattr(self, f"_{d.kind}", None)
        if handler is None:
            return None
        s: State = obs.sample(self.rng)
        self._obs = obs
        return handler(s, s.players[obs.seat], list(d.actions))

    # -- helpers ----------------------------------------------------------------------
    @staticmethod
    def _card(s: State, name: str) -> int:
        return s.static.catalog.card_index[name]

    def _soak_capacity(self, s: State, p: Player) -> float:
        cards = s.static.catalog.cards
        heal = sum(a.amount for c in p.hand for a in cards[c].actions if a.effect in ("heal", "armor"))
        crew = len(crew_members(p)) - 1
        return heal + crew + 0.5 * permanent_armor(s, p)

    def _raider_dist(self, s: State) -> list[tuple[int, list[int], int, int]]:
        """For each raider: (raider id, distances from it, its move, its armor)."""
        geo = s.static.geo
        terrain = s.terrain
        known = terrain.memo.get("raider distances")
        if known is None or len(known) > 512:
            known = terrain.remember("raider distances", {})
        out = []
        for rid, (rtype, h, crew) in s.raiders.items():
            rdef = s.static.content.raiders[rtype]
            passable = terrain.passable(terrain_set(rdef))
            # Reachability depends on the terrain alone, so it is searched once per
            # terrain, start and raider terrain, and shared by every position (and every
            # sample and look-ahead of the bot) on that terrain; nobody edits the list.
            dist = known.get((passable, h))
            if dist is None:
                dist = known[(passable, h)] = paths.bfs_distances(geo.adj, h, passable)
            out.append((rid, dist, rdef.move, crew))
        return out

    def _danger(self, s: State, me: Player, h: int, rd) -> float:
        """Expected hits on hex ``h`` before my next turn, minus what I can soak."""
        adj = s.static.geo.adj[h]
        hits = 0.0
        damage = self.RAIDER_HIT + self.RAIDER_HIT_ROUND * s.round
        for _rid, dist, move, _crew in rd:
            near = min(map(dist.__getitem__, adj), default=paths.UNREACHABLE)
            if near <= move:
                hits += damage
            elif near <= move + 3:
                hits += self.NEAR_SHARE * damage
        armor = permanent_armor(s, me)
        hits = max(0.0, hits - armor * self.ARMOR_SOAK)
        capacity = self._soak_capacity(s, me)
        return hits + (self.OVERFLOW if hits > capacity + 0.5 else 0.0)

    def _token_in_reach(self, s: State, me: Player) -> bool:
        if not s.tokens:
            return False
        adj = s.static.geo.adj
        return any(any(n in s.tokens for n in adj[o[0]]) for o in move_options(s, me))

    def _token_near(self, s: State, h: int) -> int:
        adj = s.static.geo.adj[h]
        return sum(1 for n in adj if n in s.tokens)

    def _token_weight(self, s: State, tok: int, ready: bool = False) -> float:
        """What a token on the board is worth now: Victory and Rumor tokens while the
        escape still needs them (``ready``: my group holds the Victory cards it needs,
        SL §113 to SL §120), then crew and loot."""
        kind = s.static.catalog.tokens[tok].kind
        if kind == "rumor":
            return 10.0 if s.rumor_deck else 0.0
        if kind == "victory":
            return 3.0 if ready else 12.0
        return self.CREW_TOKEN if kind == "crew" else 3.0

    GROUP_MODES = ("coop", "classic", "tutorial")  # Victory cards count for a group (SL §116 to SL §120)

    def team(self, s: State, me: Player) -> list[Player]:
        """Whose Victory cards count with mine. In co-op every player still in the game
        must escape together (SL §117); in classic and tutorial the bots escape as one
        group too (SL §116, SL §120); otherwise each player alone (SL §118, SL §119)."""
        if s.static.rules.mode in self.GROUP_MODES:
            return [p for p in s.players if p.status != "out"]
        return [me]

    def _need(self, s: State, group: list[Player]) -> tuple[int, int]:
        """(matching, total) Victory cards an escape of ``group`` needs (SL §115 to SL §120)."""
        need_m, need_any = VICTORY_NEEDS[s.static.rules.mode]
        per_player = s.static.rules.mode in self.GROUP_MODES
        return need_m, need_m + need_any * (len(group) if per_player else 1)

    def _markers_for(self, s: State, group: list[Player]) -> list[tuple[int, str, int]]:
        """The rumor markers as (matching Victory cards ``group`` holds, colour, tile),
        best first: the most matching cards, then the tile nearest the group. Every bot
        of the group ranks them alike from what all see (the Victory cards came from the
        face-up supply), so they head for the same tile."""
        kinds = s.static.content.victory_kinds
        cards = s.static.catalog.cards
        geo = s.static.geo
        count: dict[str, int] = {}
        for p in group:
            for c in victory_cards(s, p):
                colour = kinds[cards[c].victory].colour
                count[colour] = count.get(colour, 0) + 1
        ranked = []
        for colour, pos in s.markers.items():
            to_centre = distances_from(geo, geo.hexes_of(pos)[CELLS_PER_TILE // 2])
            far = sum(to_centre[p.hex] for p in group if p.hex is not None)
            ranked.append((-count.get(colour, 0), far, colour, pos))
        ranked.sort()
        return [(-m, colour, pos) for m, _far, colour, pos in ranked]

    def _escape(self, s: State, me: Player) -> tuple[list[Player], set[int]] | None:
        """The group I escape with and its escape tiles, if the Victory cards it holds are
        enough (SL §115 to SL §120). A lone player may use any tile whose marker its cards
        match; a group must meet on one tile, the best of ``_markers_for``. In classic, a
        bot whose own cards are enough may also go alone (SL §116)."""
        groups = [self.team(s, me)]
        if s.static.rules.mode in ("classic", "tutorial") and len(groups[0]) > 1:
            groups.append([me])
        for group in groups:
            need_m, need_total = self._need(s, group)
            if sum(len(victory_cards(s, p)) for p in group) < need_total:
                continue
            tiles = [pos for matching, _colour, pos in self._markers_for(s, group) if matching >= need_m]
            if tiles:
                return group, set(tiles) if len(group) == 1 else {tiles[0]}
        return None

    def _aim(self, s: State, me: Player) -> tuple[str, int] | None:
        """The rumor marker my group's Victory cards point to so far, as (colour, tile)."""
        ranked = self._markers_for(s, self.team(s, me))
        if not ranked or ranked[0][0] == 0:
            return None
        return ranked[0][1], ranked[0][2]

    def ready(self, s: State, me: Player) -> bool:
        """Enough Victory cards for an escape: mine, or my group's (SL §115 to SL §120)."""
        return self._escape(s, me) is not None

    def _spare(self, s: State, me: Player, card: int) -> bool:
        """Can my group give up this Victory card of mine (a Compass for a rumor, Plants
        for a heal, SL §112) and still hold what its escape needs (SL §115 to SL §120)?"""
        at = me.hand.index(card)
        del me.hand[at]
        try:
            return self._escape(s, me) is not None
        finally:
            me.hand.insert(at, card)

    _NOT_YET = object()  # an escape not looked up yet (``_goal_bonus``)

    def _goal_bonus(self, s: State, me: Player, h: int, escape=_NOT_YET) -> float:
        """Pull toward valuable tokens; once the road ends, toward a rumor-marker tile.
        ``escape``: ``self._escape(s, me)`` when the caller has it already (it depends on
        the position, not on ``h``, and a turn's scoring asks it for every destination)."""
        geo = s.static.geo
        per = CELLS_PER_TILE
        bonus = 0.0
        adj = geo.adj[h]
        pull = 0.0
        if escape is self._NOT_YET:
            escape = self._escape(s, me)  # None without markers: nowhere to escape to
        ready = escape is not None
        far = distances_from(geo, h)
        kinds = s.static.catalog.tokens
        weights: dict[str, float] = {}  # a token's weight depends on its kind alone here
        for t, tok in s.tokens.items():
            kind = kinds[tok].kind
            w = weights.get(kind)
            if w is None:
                w = weights[kind] = self._token_weight(s, tok, ready)
            if w <= 0:
                continue
            if t in adj:
                bonus += 1.5 * w
            else:
                pull += w / (1.0 + far[t] / 3.0)
        bonus += min(pull, 20.0)
        if escape is not None:
            group, targets = escape
            dist = min(far[geo.hexes_of(pos)[CELLS_PER_TILE // 2]] for pos in targets)
            target = h // per
            if not s.rumor_deck:
                bonus -= 1.2 * dist
                left = sum(1 for r in s.raiders.values() if r[1] // per == target)
                if target in targets and not left:
                    # A raider-free escape tile wins at once once the whole group stands
                    # on it (SL §113, SL §117); until then it is where to wait.
                    others = [p for p in group if p.seat != me.seat]
                    there = all(p.status == "active" and p.hex is not None and p.hex // per == target
                                for p in others)
                    bonus += 100.0 if there else 30.0
                elif target in targets:
                    # On the escape tile with raiders left: stay and clear it (SL §113).
                    bonus += max(0.0, 30.0 - 6.0 * left)
            else:
                bonus -= 0.3 * dist
        elif s.markers and s.static.rules.mode in self.GROUP_MODES:
            # A group meets on one tile before the game ends (SL §47, SL §117): while it
            # gathers its cards, it keeps near the marker they match so far.
            aim = self._aim(s, me)
            if aim is not None:
                bonus -= self.AIM_PULL * _hex_dist(geo, h, geo.hexes_of(aim[1])[CELLS_PER_TILE // 2])
        return bonus

    # -- lookahead ------------------------------------------------------------------
    def position_value(self, s: State, seat: int, respawns_before: int | None = None) -> float:
        """How good a position is for ``seat`` (after the raiders have answered).

        ``respawns_before`` is the seat's respawn count when the plan started: a death
        followed by an Easy respawn still counts as a death."""
        if s.over:
            return 1000.0 if seat in s.winners else -300.0
        me = s.players[seat]
        if me.status == "out":
            return -500.0
        cards = s.static.catalog.cards
        # Dying costs what the rules make it cost: on Easy the hand and a trip back to a
        # starting tile, on Normal the one respawn, on Hard the game (SL §90 to SL §96).
        died = me.status == "dead" or (respawns_before is not None and me.respawned > respawns_before)
        death = {"easy": self.EASY_DEATH, "normal": self.NORMAL_DEATH if me.respawned <= 1 else self.LAST_DEATH,
                 "hard": self.LAST_DEATH}
        v = -death[s.static.rules.difficulty] if died else 0.0
        v += self.CREW_VALUE * (len(crew_members(me)) - 1) + self.ARMOR_VALUE * permanent_armor(s, me)
        for c in me.hand:
            v += 1.5 * card_value(cards[c])
        for c in me.cargo:
            v += 1.0 * card_value(cards[c])
        if me.vehicle is not None:
            v += card_value(cards[me.vehicle])
        escape = self._escape(s, me)  # ``ready``, and the goal bonus's escape
        v += self.VICTORY_CARD * len(victory_cards(s, me)) + (self.READY if escape is not None else 0.0)
        v += self.RUMOR_PLAYED * len(s.rumors_played)
        if me.hex is not None:
            v += 2.0 * self._goal_bonus(s, me, me.hex, escape)
        return v

    def _simulate_plan(self, s: State, seat: int, move: str | None) -> float:
        """Play ``move`` (or stay), take adjacent tokens and kills, end the turn and let
        the raiders act with default choices until this seat's next turn."""
        t = s.copy()
        try:
            if move is not None:
                apply_in_place(t, move, quiet=True)
            self.play_on(t, seat, s.turn)
        except Exception:  # pragma: no cover - a bot must never crash the game
            return -1e6
        return self.position_value(t, seat, s.players[seat].respawned)

    def play_on(self, t: State, seat: int, start_turn: int) -> None:
        """Finish ``seat``'s turn in ``t`` the quick way (collect adjacent tokens, strike
        what dies) and play everything after it with default choices, up to that seat's
        next turn or the end of the game. Changes ``t`` in place."""
        for _ in range(12):
            d = decision(t)
            if d is None or d.seat != seat or d.kind != "turn":
                break
            best = None
            for a in d.actions:
                if a.startswith("collect "):
                    best = a
                    break
                x = parse(a)
                if x.VERB == "use" and x.at is not None and self._use_score(t, t.players[seat], x, 0) >= 15:
                    best = a
                    break
            if best is None:
                break
            apply_in_place(t, best, quiet=True)
        for _ in range(400):
            if t.over:
                break  # no decision: the game is over
            if not t.stack and t.current == seat and t.turn > start_turn:
                # The seat's next turn: with no frame on the stack the decision is the
                # current seat's free "turn" step (engine's frame loop), so this is the
                # test below without listing that turn's legal actions, never looked at.
                break
            if end_turn_if_legal(t):
                continue  # a turn ends at once: "end" below, without listing its actions
            d = decision(t)
            if d is None:
                break
            if d.kind == "turn" and d.seat == seat and t.turn > start_turn:
                break
            if d.kind == "turn":
                a = "end" if "end" in d.actions else d.actions[-1]
            elif d.kind == "soak":
                scores = self._soak(t, t.players[d.seat], list(d.actions))
                a = max(d.actions, key=lambda x: scores[x])
            elif d.kind in ("discard", "storm"):
                scores = self._discard(t, t.players[d.seat], list(d.actions))
                a = max(d.actions, key=lambda x: scores[x])
            else:
                a = d.actions[0]
            apply_in_place(t, a, quiet=True)

    # -- decisions --------------------------------------------------------------------
    def _turn(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        geo = s.static.geo
        cat = s.static.catalog
        rd = self._raider_dist(s)
        dangers: dict[int, float] = {}

        def danger(h: int) -> float:
            # the same hex's danger is asked again when the safest moves are picked
            v = dangers.get(h)
            if v is None:
                v = dangers[h] = self._danger(s, me, h, rd)
            return v

        here = me.hex
        scores: dict[str, float] = {}
        escape = self._escape(s, me)  # the same for every destination's goal bonus
        here_value = (-danger(here) + self._goal_bonus(s, me, here, escape)) if here is not None else 0
        fresh = len(fresh_crew(me))
        limit = hand_limit(s, me)
        over = len(me.hand) - limit
        for a in actions:
            t = parse(a)
            verb = t.VERB
            if verb == "end":
                scores[a] = 0.0
            elif verb == "move":
                dest = geo.by_name[t.hex]
                fuel = t.fuel or 0
                value = -danger(dest) + self._goal_bonus(s, me, dest, escape)
                scores[a] = value - here_value - 0.8 * fuel - 0.2
            elif verb == "collect":
                tok = s.tokens.get(geo.by_name[t.hex])
                kind = cat.tokens[tok].kind if tok is not None else "loot"
                scores[a] = {"victory": 14, "crew": 13, "loot": 11, "rumor": 10 if s.rumor_deck else -1}[kind]
            elif verb == "use":
                scores[a] = self._use_score(s, me, t, fresh)
                if t.crew is not None and fresh <= 1 and not s.moved and scores[a] < 15 and self._token_in_reach(s, me):
                    # Keep the last fresh crew member for a token the move can reach.
                    scores[a] = min(scores[a], 2.0)
            elif verb == "refresh":
                crew = self._card(s, t.crew)
                last = me.last_used.get(crew)
                useful = last is not None and any(x.effect == "damage" for x in cat.cards[last].actions)
                scores[a] = 5.0 if useful else 1.5
            elif verb == "discard":
                card = self._card(s, t.card)
                d = cat.cards[card]
                if over > 0 and card in me.hand:
                    scores[a] = 20 - card_value(d)
                else:
                    scores[a] = -5 - card_value(d)
            elif verb == "ability":
                if t.card is not None:  # Prophecy: Water for a rumor card (SL §146)
                    scores[a] = 9.0 if s.rumor_deck else -1.0
                else:
                    scores[a] = 4.0 if me.character == "scientist" else 1.0
            elif verb == "steal":
                # Theft (SL §146): free cards, but not from a co-op partner.
                scores[a] = -5.0 if s.static.rules.mode == "coop" else 8.0
            elif verb == "give":
                scores[a] = self._give_score(s, me, t)
            elif verb == "trade":
                scores[a] = -1.0
            else:
                scores[a] = -1.0
        moves = [a for a in actions if a.startswith("move ")]
        best_other = max((v for a, v in scores.items() if not a.startswith("move ")), default=0.0)
        if moves and best_other < 5.0:
            # The move decides what the raiders can do to us: try the most promising
            # destinations (and staying put) against a simulated raider activation.
            shortlist = sorted(moves, key=lambda a: -scores[a])[: self.LOOKAHEAD]
            safest = sorted(moves, key=lambda a: danger(s.static.geo.by_name[parse(a).hex]))
            shortlist += [a for a in safest[: self.LOOKAHEAD // 2] if a not in shortlist]
            if not s.rumor_deck and self.ready(s, me):
                # The road has ended and the cards are in hand: every move onto a rumor
                # marker's tile may win, at once or by clearing its last raider (SL §113).
                marked = set(s.markers.values())
                shortlist += [a for a in moves if a not in shortlist
                              and geo.by_name[parse(a).hex] // CELLS_PER_TILE in marked][: self.LOOKAHEAD]
            # Two samples of what it cannot see (the damage cards to come, above all):
            # a move is judged by its average outcome, not by one lucky deal.
            samples = [s] + [self._obs.sample(self.rng) for _ in range(self.SAMPLES - 1)]

            def judged(move: str | None) -> float:
                # Cautious: the worse outcome weighs as much as the average (a death
                # in one deal of the damage cards is a real risk, SL §100 to SL §104).
                values = [self._simulate_plan(t, me.seat, move) for t in samples]
                return (1.0 - self.CAUTION) * sum(values) / len(values) + self.CAUTION * min(values)

            stay = judged(None)
            for a in moves:
                scores[a] = -1e3
            for a in shortlist:
                scores[a] = judged(a) - stay
            if "end" in scores:
                scores["end"] = 0.0
        elif moves:
            # Something else is worth doing first; the move waits for its lookahead.
            for a in moves:
                scores[a] = min(scores[a], best_other - 1.0)
        return scores

    def _use_score(self, s: State, me: Player, t: Use, fresh: int) -> float:
        cat = s.static.catalog
        card = cat.card_index[t.card]
        act = cat.cards[card].actions[t.option - 1]
        e = act.effect
        if e == "damage" and t.rot is not None:
            return self._area_score(s, me, act, t.rot)
        if e == "lure":
            return self._lure_score(s, me, fresh)
        if e == "hide":
            rd = self._raider_dist(s)
            return 9.0 if me.hex is not None and self._danger(s, me, me.hex, rd) > 0.5 else -1.0
        if e == "damage":
            target = s.static.geo.by_name[t.at]
            raider = next((r for r in s.raiders.values() if r[1] == target), None)
            if raider is None:  # robbery of a player (competitive)
                other = next(q for q in s.players if q.hex == target)
                return 6.0 + 3 * len(victory_cards(s, other)) - (2 if act.one_time else 0)
            rdef = s.static.content.raiders[raider[0]]
            hits = act.amount - (rdef.armor if act.damage_type == "normal" else 0)
            if hits <= 0:
                return -2.0
            kill = hits >= raider[2]
            return (15.0 if kill else 6.0) - (1.5 if act.one_time else 0) - (0.5 if act.cost else 0)
        if e == "refresh":
            engaged_weapons = [c for c in me.engaged if any(x.effect == "damage" for x in cat.cards[c].actions)]
            return 4.0 if engaged_weapons and s.raiders else -1.0
        if e in ("draw", "reconstruction"):
            return 7.0 if e == "draw" else 5.0
        if e == "explore":
            # Every explored tile brings tokens but also spawn points (SL §107): explore
            # when the tokens in sight are few.
            ready = self.ready(s, me)
            wanted = sum(1 for tok in s.tokens.values() if self._token_weight(s, tok, ready) >= 10.0)
            if wanted >= self.EXPLORE_UNTIL:
                return 1.0
            # The nearer the tile, the sooner its tokens can be collected.
            if t.tile is not None and me.hex is not None:
                geo = s.static.geo
                centre = geo.hexes_of(geo.pos_index[parse_pos(t.tile)])[CELLS_PER_TILE // 2]
                return 9.0 - 0.2 * _hex_dist(geo, me.hex, centre)
            return 8.0
        if e == "rumor":
            if cat.cards[card].victory is None:
                return 9.0
            # A Compass is a Victory card (SL §112): spend it on a rumor only with spares.
            return 6.0 if self._spare(s, me, card) else -3.0
        if e == "take_from_discard":
            return 7.0
        if e == "get":
            return 8.0
        return 0.0

    def _area_score(self, s: State, me: Player, act, rot: int) -> float:
        """Aim an area weapon (SL §143) where it destroys the most raiders, preferring
        kills next to me (the only ones that give loot)."""
        geo = s.static.geo
        adj = set(geo.adj[me.hex])
        score = 0.0
        for h in area_hexes(s, me, act.area, rot):
            raider = next((r for r in s.raiders.values() if r[1] == h), None)
            if raider is not None:
                rdef = s.static.content.raiders[raider[0]]
                hits = act.amount - (rdef.armor if act.damage_type == "normal" else 0)
                if hits >= raider[2]:
                    score += 10.0 + (5.0 if h in adj else 0.0)
                elif hits > 0:
                    score += 3.0
            elif s.static.rules.mode == "competitive":
                other = next((q for q in s.players if q.hex == h and q.seat != me.seat), None)
                if other is not None:
                    score += 2.0 + 3.0 * len(victory_cards(s, other))
        if score <= 0:
            return -2.0
        return score - (1.5 if act.one_time else 0)

    def _lure_score(self, s: State, me: Player, fresh: int) -> float:
        """Lure defensively (SL §142): pull the raiders that would reach me anyway next to
        me now, without their attack, when I hold a weapon and a fresh crew to strike
        first; otherwise keep the card."""
        cat = s.static.catalog
        rd = self._raider_dist(s)
        if me.hex is None or self._danger(s, me, me.hex, rd) <= 0.5:
            return -3.0
        weapons = [c for c in me.hand if c not in me.engaged
                   and any(a.effect == "damage" for a in cat.cards[c].actions)]
        if not weapons or fresh < 1:
            return -3.0
        return 8.0 if s.moved else 3.0

    def _give_score(self, s: State, me: Player, t: Give) -> float:
        if s.static.rules.mode not in ("coop", "classic", "tutorial"):
            return -5.0
        card = self._card(s, t.card)
        d = s.static.catalog.cards[card]
        partner = s.players[t.to]
        heals = any(a.effect == "heal" for a in d.actions)
        if heals and self._soak_capacity(s, partner) < self._soak_capacity(s, me) - 1:
            return 3.0
        if d.victory is not None and s.static.rules.mode == "coop":
            return 0.5 if len(victory_cards(s, partner)) < len(victory_cards(s, me)) - 1 else -2.0
        return -5.0
