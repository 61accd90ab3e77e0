"""Weather, rumors, exploration and victory (SL §48 to SL §53, SL §108 to SL §122)."""

from __future__ import annotations

from typing import Any

from wasteland.core.hexgrid import direction_index
from wasteland.core.rng import shuffle

from .board import CELLS_PER_TILE, fmt_pos
from .config import VICTORY_NEEDS
from .movement import wind_strength
from .reveals import draw_rumor, draw_token, reveal_tile
from .reveals import draw_weather as reveal_weather
from .state import Player, State
from .zones import Events, ability, card_def, victory_cards

# -- weather ----------------------------------------------------------------------------


def draw_weather(s: State, events: Events, who: int | None = None) -> None:
    """SL §49 to SL §52: a new weather card; the last two drawn are the active pair. An empty
    deck is rebuilt from every card but the most recent one."""
    if not s.weather_deck:
        keep = s.weather_drawn[-1]
        s.weather_deck = s.weather_drawn[:-1]
        s.weather_drawn = [keep]
        shuffle(s, s.weather_deck)
        events.append({"type": "reshuffle", "deck": "weather", "cards": len(s.weather_deck)})
    wid = reveal_weather(s)
    s.weather_drawn.append(wid)
    card = s.static.content.weather[wid]
    s.wind_dir = (s.wind_dir + card.turn) % 6  # SL §51
    s.storm = card.storm  # SL §53: a sandstorm lasts until the next weather card
    events.append(
        {"type": "weather", "card": wid, "strength": card.strength, "turn": card.turn,
         "storm": card.storm, "wind_strength": wind_strength(s), "wind_dir": s.wind_dir,
         "seat": who}
    )


def weather_phase(s: State, events: Events) -> None:
    """SL §48: new weather, revealed damage cards discarded, a new round (or the end)."""
    draw_weather(s, events)
    for cards in s.revealed.values():
        s.damage_discard.extend(cards)
    s.revealed = {t: [] for t in s.static.rules.raider_types}
    events.append({"type": "round_end", "round": s.round})
    rules = s.static.rules
    if rules.solo:
        # Ruling 9.4: once the stacks are empty, one extra final turn follows.
        if not any(s.damage_stacks.values()):
            s.final_turn = True
        s.round += 1
        return
    if s.round >= rules.last_round:
        end_game(s, [], "time ran out: the last round ended without an escape (SL §47, SL §114)", events)
        return
    s.round += 1


def end_game(s: State, winners: list[int], reason: str, events: Events) -> None:
    s.over = True
    s.winners = sorted(winners)
    s.end_reason = reason
    for p in s.players:
        if p.seat in winners:
            p.status = "won"
    s.stack = []
    events.append({"type": "game_over", "winners": [f"p{w + 1}" for w in s.winners], "reason": reason})


# -- rumors and exploration ------------------------------------------------------------


def start_rumor(s: State, seat: int, events: Events) -> None:
    """SL §109: draw a rumor card; its owner picks the top or the bottom option."""
    if not s.rumor_deck:
        events.append({"type": "no_rumor_left"})
        return
    card = draw_rumor(s)
    events.append({"type": "rumor_drawn", "seat": seat, "card": card})
    s.stack.append({"kind": "rumor", "seat": seat, "card": card})


def rumor_preview(s: State, frame: dict[str, Any]) -> dict[str, Any]:
    """SL §109: what each option of the drawn rumor card would do, shown before the player
    chooses: per marker move, the tile it leaves and the one it reaches, and whether it
    stays (it would leave the board), explores a face-down tile, or is not in play (SL §43).
    The same steps as :func:`resolve_rumor`, on a copy of the markers."""
    card = s.static.content.rumors[frame["card"]]
    geo = s.static.geo
    options: dict[str, list[dict[str, Any]]] = {}
    for side in ("top", "bottom"):
        markers = dict(s.markers)
        revealed = set()
        steps = []
        for move in getattr(card, side):
            step: dict[str, Any] = {"marker": move.marker, "direction": move.direction}
            if move.marker not in markers:
                steps.append({**step, "result": "absent"})
                continue
            pos = markers[move.marker]
            dest = geo.neighbour_position(pos, move.direction)
            step["from"] = fmt_pos(geo.positions[pos])
            if dest is None:
                steps.append({**step, "result": "stays"})
                continue
            markers[move.marker] = dest
            explores = not s.face_up[dest] and dest not in revealed
            revealed.add(dest)
            steps.append({**step, "to": fmt_pos(geo.positions[dest]), "result": "explores" if explores else "moves"})
        options[side] = steps
    return {"card": frame["card"], "seat": frame["seat"], "options": options}


def resolve_rumor(s: State, frame: dict[str, Any], option: str, events: Events) -> None:
    card = s.static.content.rumors[frame["card"]]
    geo = s.static.geo
    moves = card.top if option == "top" else card.bottom
    s.rumors_played.append(frame["card"])
    events.append({"type": "rumor", "seat": frame["seat"], "card": frame["card"], "option": option})
    below = len(s.stack)
    for move in moves:
        if move.marker not in s.markers:
            continue  # a marker not in play (SL §43)
        pos = s.markers[move.marker]
        dest = geo.neighbour_position(pos, move.direction)
        if dest is None:
            events.append({"type": "marker_stays", "marker": move.marker, "direction": move.direction})
            continue
        s.markers[move.marker] = dest
        # the tile it reaches, by what the table sees: a face-up tile's id, None for a
        # face-down one (the explore event that follows names it)
        events.append({"type": "marker_move", "marker": move.marker, "direction": move.direction,
                       "to": fmt_pos(geo.positions[dest]), "tile": s.tiles[dest] if s.face_up[dest] else None})
        if not s.face_up[dest]:
            explore(s, dest, events, frame["seat"])  # SL §109: a marker moving onto a face-down tile explores it
    # SL §110, SL §152: each tile is turned and placed as it is explored, so two tiles explored
    # by one card are turned in the order their markers moved (the first on top of the stack).
    s.stack[below:] = s.stack[below:][::-1]
    if not s.rumor_deck:
        events.append({"type": "end_of_the_road"})  # SL §111


# SL §152 Explorer's luck (ruling): the three orientations whose north arrow (on the
# tile's back, SL §110) still points into the northern half: N, NE or NW, i.e. the tile
# turned 0, 1 or -1 sixths. Values: clockwise sixths.
ORIENTATIONS = {"N": 0, "NE": 1, "NW": 5}


def explore(s: State, pos: int, events: Events, seat: int | None = None) -> None:
    """SL §110: flip the tile (north by the arrow on its back) and put pool tokens face up
    on each of its wrecks. With Explorer's luck (SL §152) the exploring player first
    chooses one of three orientations."""
    reveal_tile(s, pos)
    s.face_up[pos] = True
    s.invalidate_terrain()
    geo = s.static.geo
    events.append({"type": "explore", "tile": s.tiles[pos], "at": fmt_pos(geo.positions[pos])})
    if seat is not None and s.static.rules.explorers_luck:
        s.stack.append({"kind": "orient", "seat": seat, "pos": pos})
        return
    place_tile_tokens(s, pos, events)


def place_tile_tokens(s: State, pos: int, events: Events) -> None:
    geo = s.static.geo
    wreck = s.terrain.wreck
    names = s.static.catalog.token_names
    for h in geo.hexes_of(pos):
        if wreck[h] and h not in s.tokens and s.token_pool:
            tok = draw_token(s, geo.names[h])
            s.tokens[h] = tok
            events.append({"type": "token_placed", "token": names[tok], "hex": geo.names[h]})


# -- victory ----------------------------------------------------------------------------


def _matching(s: State, cards: list[int], colour: str) -> int:
    kinds = s.static.content.victory_kinds
    n = 0
    for c in cards:
        kind = card_def(s, c).victory
        if kind is not None and kinds[kind].colour == colour:
            n += 1
    return n


def _group_ok(s: State, group: list[Player], colour: str, per_player: bool) -> bool:
    need_matching, need_any = VICTORY_NEEDS[s.static.rules.mode]
    cards = [c for p in group for c in victory_cards(s, p)]
    extra = need_any * (len(group) if per_player else 1)
    return _matching(s, cards, colour) >= need_matching and len(cards) >= need_matching + extra


def check_victory(s: State, events: Events) -> bool:
    """SL §113 to SL §121: once every rumor card is played, players on a tile with a rumor
    marker and no raiders escape if they hold enough Victory cards. Checked after every
    change (ruling SL §113); groups that qualify through one event win together."""
    if s.over or s.rumor_deck or any(f["kind"] == "rumor" for f in s.stack):
        return False  # SL §111: the last rumor card counts as played once it is resolved
    rules = s.static.rules
    per = CELLS_PER_TILE
    marked = s.markers.values()
    if not any(p.status == "active" and p.hex is not None and p.hex // per in marked for p in s.players):
        return False  # nobody on a marker's tile: no group below (asked before every step)
    raider_tiles = {r[1] // per for r in s.raiders.values()}
    by_tile: dict[int, list[str]] = {}
    for colour, pos in s.markers.items():
        by_tile.setdefault(pos, []).append(colour)
    winners: list[int] = []
    for pos, colours in sorted(by_tile.items()):
        if pos in raider_tiles:
            continue
        group = [p for p in s.players if p.status == "active" and p.hex is not None and p.hex // per == pos]
        if not group:
            continue
        if rules.mode == "coop":
            # SL §117: every player not out of the game must be on this tile.
            if len(group) != sum(1 for p in s.players if p.status != "out"):
                continue
            if any(_group_ok(s, group, c, True) for c in colours):
                winners.extend(p.seat for p in group)
        elif rules.mode in ("competitive", "solo"):
            # SL §118, SL §119 (ruling: each player alone with their own cards).
            for p in group:
                if any(_group_ok(s, [p], c, False) for c in colours):
                    winners.append(p.seat)
        else:
            # Classic and tutorial (SL §116, SL §120): the group, then without card-less players.
            if any(_group_ok(s, group, c, True) for c in colours):
                winners.extend(p.seat for p in group)
                continue
            holders = [p for p in group if victory_cards(s, p)]
            if holders and len(holders) < len(group) and any(_group_ok(s, holders, c, True) for c in colours):
                winners.extend(p.seat for p in holders)
    if not winners:
        return False
    if rules.mode == "competitive" and len(winners) > 1:
        scores = {seat: tie_break_score(s, s.players[seat]) for seat in winners}
        best = max(scores.values())
        events.append({"type": "tie_break", "scores": {f"p{k + 1}": v for k, v in scores.items()}})
        # Ruling (SL §118, SL §121): totals still equal are a draw between those players,
        # the word the set-up table uses for the competitive tie ("draw"); the rulebook has no
        # further tie-break, so they share the win rather than one being picked by chance.
        winners = [seat for seat, v in scores.items() if v == best]
    end_game(s, winners, "escaped with enough Victory cards (SL §113)", events)
    return True


def tie_break_score(s: State, p: Player) -> int:
    """SL §121 tie: damage + armor + heals + crew cards + refreshes over all the player's
    cards (ruling: every card held, every printed value, both options). The character card
    counts its printed armor too: Tough's permanent armor (SL §135), none on the black side
    of a Normal respawn (SL §93)."""
    total = 1 if ability(s, p) == "tough" else 0
    for c in [*p.cards(), p.char_card]:
        d = card_def(s, c)
        total += d.armor + (1 if d.crew else 0)
        for act in d.actions:
            if act.effect == "damage":
                total += act.amount
            elif act.effect == "armor":
                total += act.amount
            elif act.effect == "heal":
                total += 1
            elif act.effect == "refresh":
                total += act.amount
    return total


def compass_direction(name: str) -> int:
    return direction_index(name)
