"""The heuristic bot's answers to the procedures that ask a player something: soaking
damage (SL §85), placing a card without a free slot (SL §54), discarding, the rumor card
(SL §109), raider activations (SL §100), entering the board (SL §45), trades (SL §72),
Fuel Drain (SL §135), the character (SL §44), lured raiders (SL §142), explorer's luck
(SL §152) and Born Killer's adding up (SL §146). A mixin of :class:`~wasteland.games.saltlands.bot.HeuristicAgent`: the
handlers use its position judgement (``_danger``, ``_aim``, ``_spare`` and the rest)."""

from __future__ import annotations

from .board import CELLS_PER_TILE, tile_cells
from .bot_values import card_value, hex_dist as _hex_dist
from .combat import streak_hits
from .notation import parse
from .state import Player, State
from .world import ORIENTATIONS
from .zones import victory_cards


class Answers:
    def _lure(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        """Lured raiders: bring them next to me, where my weapons reach."""
        geo = s.static.geo
        return {a: -_hex_dist(geo, geo.by_name[parse(a).hex], me.hex) if me.hex is not None else 0.0
                for a in actions}

    def _orient(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        """Explorer's luck (SL §152): the orientation with the wrecks (tokens) nearest me."""
        geo = s.static.geo
        pos = s.stack[-1]["pos"]
        scores = {}
        for a in actions:
            rot = ORIENTATIONS[parse(a).orientation]
            cells = tile_cells(s.tiles[pos], rot)
            wrecks = [h for h, c in zip(geo.hexes_of(pos), cells) if c.wreck]
            if me.hex is None or not wrecks:
                scores[a] = 0.0
            else:
                scores[a] = -min(_hex_dist(geo, h, me.hex) for h in wrecks)
        return scores

    def _soak(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        cat = s.static.catalog
        scores = {}
        for a in actions:
            x = parse(a)
            verb = x.VERB
            card = self._card(s, x.crew if verb == "lose" else x.card)
            d = cat.cards[card]
            value = card_value(d)
            base = {"armor": 10, "heal": 8, "lose": 4, "yield": 5}[verb]
            scores[a] = base - 0.3 * value
            if d.victory is not None and verb != "yield" and not self._spare(s, me, card):
                # Healing with Plants (SL §112) gives up a card the escape needs: a crew
                # member goes first.
                scores[a] -= 10.0
        return scores

    def _place(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        cat = s.static.catalog
        frame = s.stack[-1]
        new_value = card_value(cat.cards[frame["card"]])
        scores = {}
        for a in actions:
            x = parse(a)  # 'give OLD to pN' sends the slot's card over the trade (SL §72)
            verb = x.VERB
            old = self._card(s, x.card)
            scores[a] = 0.0 if verb == "discard" else new_value - card_value(cat.cards[old])
        return scores

    def _discard(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        cat = s.static.catalog
        return {a: -card_value(cat.cards[self._card(s, parse(a).card)]) for a in actions}

    _storm = _discard

    def _rumor(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        """Prefer the option that flips more face-down tiles (more tokens to find)."""
        frame = s.stack[-1]
        card = s.static.content.rumors[frame["card"]]
        geo = s.static.geo
        scores = {}
        for a in actions:
            moves = card.top if a == "top" else card.bottom
            value = 0.0
            for m in moves:
                pos = s.markers.get(m.marker)
                if pos is None:
                    continue
                dest = geo.neighbour_position(pos, m.direction)
                if dest is not None:
                    value += 1.0 + (2.0 if not s.face_up[dest] else 0)
            scores[a] = value
        aim = self._aim(s, me)
        if aim is not None:
            # Bring the marker my Victory cards match toward my group (SL §108 to SL §113).
            group = [p.hex for p in self.team(s, me) if p.hex is not None]
            for a in actions:
                pos = aim[1]
                for m in (card.top if a == "top" else card.bottom):
                    if m.marker == aim[0]:
                        pos = geo.neighbour_position(pos, m.direction) or pos
                centre = geo.hexes_of(pos)[CELLS_PER_TILE // 2]
                scores[a] -= self.RUMOR_PULL * sum(_hex_dist(geo, h, centre) for h in group)
        return scores

    def _activation(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        geo = s.static.geo
        coop = s.static.rules.mode in ("coop", "classic", "tutorial", "solo")
        scores = {}
        for a in actions:
            x = parse(a)
            verb = x.VERB
            if verb in ("chase", "attack"):
                seat = x.seat
                other = s.players[seat]
                if coop:
                    scores[a] = self._soak_capacity(s, other) - (3 if seat == me.seat else 0)
                else:
                    scores[a] = -10.0 if seat == me.seat else len(victory_cards(s, other)) + 1.0
            elif verb in ("goto", "spawn", "raider"):
                h = geo.by_name[x.hex]
                scores[a] = min((_hex_dist(geo, h, p.hex) for p in s.players if p.hex is not None and p.seat == me.seat), default=0)
            else:
                scores[a] = 0.0
        return scores

    def _enter(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        geo = s.static.geo
        rd = self._raider_dist(s)
        hexes = {a: geo.by_name[parse(a).hex] for a in actions}
        return {a: -self._danger(s, me, hexes[a], rd) + 2 * self._token_near(s, hexes[a]) for a in actions}

    def _trade(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        return {a: (1.0 if a == "done" else -1.0) for a in actions}

    def _offer(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        return {"accept": 1.0, "decline": 0.0}

    def _streak(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        """SL §146: add the attack up for more hits, unless that loses the loot to
        Overkill (SL §151) where standing alone still destroys the raider."""
        f = s.stack[-1]
        crew = s.raiders[f["raider"]][2]
        joined = streak_hits(s, f["raider"], f["damage"], True)[0]
        alone = streak_hits(s, f["raider"], f["damage"], False)[0]
        keeps_loot = s.static.rules.overkill and joined > crew and alone == crew
        return {"join": 0.0 if keeps_loot else 1.0, "alone": 1.0 if keeps_loot else 0.0}

    def _fuel_drain(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        return {a: (1.0 if a.startswith("take") else 0.0) for a in actions}

    def _character(self, s: State, me: Player, actions: list[str]) -> dict[str, float]:
        # The Scout first: his Binoculars explore again and again (SL §110, SL §136), and
        # explored tiles are where the Rumor and Victory tokens are.
        order = ["scout", "healer", "plowman", "prophet", "trader", "huntress", "gunsmith", "arsonist",
                 "pickpocket", "scientist", "marauder", "little_girl"]
        chosen = {a: parse(a).character for a in actions}
        return {a: -order.index(chosen[a]) if chosen[a] in order else -9 for a in actions}
