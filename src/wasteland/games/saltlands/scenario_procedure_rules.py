"""The ``[[procedure]]`` tables checked against the rules, once every piece of the
position lies where the scenario puts it: each value a rule forbids is one error naming
the field (``[[procedure]] #2 target``) and the rule. The forms are read in
``scenario_procedures``; the fields and their meaning are in docs/saltlands-scenarios.md.
"""

from __future__ import annotations

from typing import Any

from .board import CELLS_PER_TILE
from .combat import permanent_armor, streak_choice
from .movement import raider_plan
from .raiders import figures_in_box
from .reveals import damage_card_def
from .scenario_cards import TABLE_ZONES
from .scenario_fields import ScenarioError
from .state import Player, State
from .zones import ability

Frame = dict[str, Any]


def _wheres(s: State, origin: str) -> list[tuple[Frame, str]]:
    return [(f, f"{origin}: [[procedure]] #{i + 1}") for i, f in enumerate(s.stack)]


# -- a card waiting for a slot (SL §54) is held in no zone -----------------------------------


def hold_waiting_cards(s: State, origin: str) -> None:
    """A ``place`` procedure's card was gained and waits for a slot: it is taken from
    wherever it lay (``axe``: the lowest-numbered copy in the table's piles), so it lies
    in no zone while the player decides (SL §54)."""
    cat = s.static.catalog
    waiting: set[int] = set()
    for f, where in _wheres(s, origin):
        if f["kind"] != "place":
            continue
        here = f"{where} card"
        lying = _lying(s)
        card = f["card"]
        if isinstance(card, str):
            pile = [c for c, zone in sorted(lying.items()) if cat.cards[c].id == card and zone in TABLE_ZONES
                    and c not in waiting]
            if not any(cat.cards[c].id == card for c in lying):
                raise ScenarioError(here, f"{card} is not in play in this game (SL §141)", "SL §141")
            if not pile:
                raise ScenarioError(here, f"no copy of {card} lies in the supply, the decks or the discard pile: "
                                    f"name the copy ({card}#2)")
            card = pile[0]
        name = cat.card_names[card]
        if card in waiting:
            raise ScenarioError(here, f"{name} already waits for a slot in another procedure")
        if card not in lying:
            raise ScenarioError(here, f"{name} is not in play in this game (SL §141)", "SL §141")
        slot = cat.cards[card].slot
        if slot == "hand":
            raise ScenarioError(here, f"{name} is a hand item: it goes into the hand and never waits for a "
                                "slot (SL §54)", "SL §54")
        _take(s, card, lying[card])
        waiting.add(card)
        f["card"] = card


def _lying(s: State) -> dict[int, str]:
    """card -> its zone, for the cards in the table's piles and the players' zones."""
    out = {c: zone for zone in TABLE_ZONES for c in getattr(s, zone)}
    for p in s.players:
        out.update({c: f"p{p.seat + 1}" for c in p.cards()})
    return out


def _take(s: State, card: int, zone: str) -> None:
    if zone in TABLE_ZONES:
        getattr(s, zone).remove(card)
        return
    p = s.players[int(zone[1:]) - 1]
    if card in p.hand:
        p.hand.remove(card)
    elif card in p.cargo:
        p.cargo.remove(card)
    else:
        p.vehicle = None
    p.engaged.discard(card)
    p.last_used = {k: v for k, v in p.last_used.items() if card not in (k, v)}


# -- the rules ----------------------------------------------------------------------------------

#: the procedures only the current player has, in her turn, and the rule that gives them:
#: her discard (a respawn at her turn's start, a reconstruction), the storm her move
#: crosses, the rumor card her action draws, her fuel drain, the tile she explores
OWN_TURN = {"discard": "SL §46", "storm": "SL §53", "rumor": "SL §109", "fuel_drain": "SL §135",
            "orient": "SL §110", "enter": "SL §45", "respawn_kit": "SL §90"}


def check_procedures(s: State, origin: str) -> None:
    """Every procedure of ``s.stack`` against the rules of its kind."""
    for i, (f, where) in enumerate(_wheres(s, origin)):
        below = s.stack[i - 1] if i else None
        if f["kind"] in OWN_TURN and f["seat"] != s.current:
            raise ScenarioError(f"{where} seat", f"the {f['kind']} procedure is the current player's "
                                f"(p{s.current + 1}), in her own turn ({OWN_TURN[f['kind']]})", OWN_TURN[f["kind"]])
        if f["kind"] == "activation" and not (below and below["kind"] == "after_turn"):
            # SL §100: raiders activate at the end of a player's turn, before the next begins
            raise ScenarioError(f"{where} kind", "raiders activate at the end of a turn: the turn's after_turn "
                                "procedure lies beneath the activation (SL §100)", "SL §100")
        if f["kind"] == "soak" and f["source"] in s.static.rules.raider_types and not (
                below and below["kind"] == "activation" and below.get("type") == f["source"]
                and below["stage"] == "raider"):
            # SL §103: a raider attacks in its activation, after its move; the activation
            # goes on with the next raider once the attack is soaked
            raise ScenarioError(f"{where} source", f"a {f['source']} attacks in its activation: beneath the soak "
                                f"lies the activation of the {f['source']}s at stage raider (SL §103)", "SL §103")
        check = _CHECKS.get(f["kind"])
        if check is not None:
            check(s, f, where)


def _player(s: State, f: Frame, key: str = "seat") -> Player:
    return s.players[f[key]]


def _on_board(p: Player) -> bool:
    return p.hex is not None and p.status == "active"


def _seat_name(n: int) -> str:
    return f"p{n + 1}"


def _soak(s: State, f: Frame, where: str) -> None:
    """SL §85: an attack on a figure on the board, of one raider's damage card or one
    player's robbery (SL §122), soaked point by point."""
    p = _player(s, f)
    if not _on_board(p):
        raise ScenarioError(f"{where} seat", f"{_seat_name(p.seat)} is not on the board: only a figure on the "
                            "board is attacked (SL §85)", "SL §85")
    source, rules = f["source"], s.static.rules
    if source in rules.raider_types:
        if f["robbery_by"] is not None:
            raise ScenarioError(f"{where} robbery_by", f"the attack is a {source}'s: a robbery is a player's "
                                "attack (SL §122)", "SL §122")
        if not s.revealed.get(source):
            raise ScenarioError(f"{where} source", f"no {source} damage card is revealed this round: raiders "
                                "attack in their activation (SL §100, SL §103)", "SL §103")
        card = damage_card_def(s, s.revealed[source][-1])
        if card.move_bonus or card.damage <= 0:
            raise ScenarioError(f"{where} source", f"the {source} damage card gives movement instead of damage: "
                                "its raiders do not attack (SL §106)", "SL §106")
        if f["left"] > card.damage:
            raise ScenarioError(f"{where} left", f"{f['left']} points left, but the {source} damage card deals "
                                f"{card.damage}: attacks never add up (SL §85)", "SL §85")
        armor = permanent_armor(s, p) if f["damage_type"] == "normal" else 0
        if f["left"] > card.damage - armor:
            raise ScenarioError(f"{where} left", f"{f['left']} points left, but p{p.seat + 1}'s armor of {armor} "
                                f"stops that much of the {card.damage} at once (SL §88)", "SL §88")
        if f["damage_type"] != card.damage_type:
            rule = "SL §87" if card.damage_type == "ap" else "SL §86"
            raise ScenarioError(f"{where} damage_type", f"the {source} damage card deals {card.damage_type} "
                                f"damage ({rule})", rule)
        return
    robber = _robber(s, source, f"{where} source")
    if f["robbery_by"] != robber:
        raise ScenarioError(f"{where} robbery_by", f"a player's attack on a player is her robbery: robbery_by "
                            f"= \"{source}\" (SL §122)", "SL §122")
    if rules.mode != "competitive":
        raise ScenarioError(f"{where} source", f"players rob each other in competitive mode only, not in "
                            f"{rules.mode} (SL §122)", "SL §122")
    if robber == p.seat:
        raise ScenarioError(f"{where} source", "nobody robs herself (SL §122)", "SL §122")
    most = max((a.amount for c in s.static.catalog.cards for a in c.actions if a.effect == "damage"), default=0)
    if f["left"] > most:
        raise ScenarioError(f"{where} left", f"{f['left']} points left, but no weapon deals more than {most}: "
                            "attacks never add up (SL §85)", "SL §85")


def _robber(s: State, source: str, where: str) -> int:
    n = len(s.players)
    if source.startswith("p") and source[1:].isdecimal() and 1 <= int(source[1:]) <= n:
        return int(source[1:]) - 1
    raise ScenarioError(where, f"{source!r} is neither a raider type of this game "
                        f"({', '.join(s.static.rules.raider_types)}) nor a robbing seat (p1..p{n}) (SL §85)", "SL §85")


def _activation(s: State, f: Frame, where: str) -> None:
    """SL §100 to SL §107: the current player's activation of one raider type at a time."""
    rules, stage = s.static.rules, f["stage"]
    activator = _activator(s)
    if f["seat"] != activator:
        heir = "" if activator == s.current else f" (p{s.current + 1} is out of the game: the next player in turn " \
            "order goes on with it, SL §96)"
        raise ScenarioError(f"{where} seat", f"the current player activates the raiders: p{activator + 1}{heir} "
                            "(SL §100)", "SL §100")
    lowest = 0 if stage == "type" else 1  # a step under way counts toward the activations
    if not lowest <= f["left"] <= rules.activations:
        raise ScenarioError(f"{where} left", f"{f['left']} activations left, but {rules.activations} a turn "
                            f"in this game{' and one under way' if lowest else ''} (SL §97)", "SL §97")
    if stage == "type":
        return
    rtype = f["type"]
    if not s.revealed.get(rtype):
        raise ScenarioError(f"{where} type", f"no {rtype} damage card is revealed this round: an activation "
                            "reveals it first (SL §100)", "SL §100")
    if "queue" in f:  # a spawn no longer needs it
        _queue(s, f, rtype, where)
    if stage in ("target", "goto", "attack"):
        _raider(s, f, rtype, where)
    if stage in ("target", "attack"):
        rule = "SL §105" if stage == "target" else "SL §103"
        for n in f["targets"]:
            _target(s, n, f"{where} targets", rule)
        if stage == "attack":
            adj = s.static.geo.adj[s.raiders[f["raider"]][1]]
            for n in f["targets"]:
                if s.players[n].hex not in adj:
                    raise ScenarioError(f"{where} targets", f"p{n + 1} is not next to raider {f['raider']}: a "
                                        "raider attacks a player on an adjacent hex (SL §103)", "SL §103")
    if stage == "goto":
        if f["target"] is None:
            raise ScenarioError(f"{where} target", "a raider on its way goes for a player (SL §105)", "SL §105")
        _target(s, f["target"], f"{where} target", "SL §105")
        _free_hexes(s, f, f"{where} ends", "SL §105")
    if stage in ("target", "goto", "attack"):
        _as_the_raider_moves(s, f, where)
    if stage == "spawn":
        box = figures_in_box(s, rtype)
        on_board = sum(r[0] == rtype for r in s.raiders.values())
        if f["figures"] != box - on_board:
            left = max(box - on_board, 0)
            raise ScenarioError(f"{where} figures", f"the game has {box} {rtype} figures and {on_board} on the "
                                f"board, so {left} {'is' if left == 1 else 'are'} left to spawn, not {f['figures']} "
                                "(SL §98, SL §107)", "SL §107")
        spawn = dict(s.terrain.spawn_points)
        for h in f["points"]:
            if h not in spawn:
                raise ScenarioError(f"{where} points", f"{s.static.geo.names[h]} is not a spawn point of a "
                                    "face-up tile (SL §107)", "SL §107")
        for h in f["choices"]:
            if h not in f["points"]:
                raise ScenarioError(f"{where} choices", f"{s.static.geo.names[h]} is not among the points "
                                    "(SL §107)", "SL §107")
        _spawn_choices(s, f, where)


def _as_the_raider_moves(s: State, f: Frame, where: str) -> None:
    """The choice the activation offers is the one the movement rules leave: the equally
    near players (SL §105), the equally good end hexes toward the one it goes for (SL §105,
    SL §106), the players next to it once it has moved (SL §103; a hidden one only if it
    was next to her when she hid, SL §147)."""
    names, stage, rid = s.static.geo.names, f["stage"], f["raider"]
    card = damage_card_def(s, s.revealed[f["type"]][-1])
    seats = (lambda ns: ", ".join(f"p{n + 1}" for n in sorted(ns)) or "nobody")
    if stage == "target":
        plan = raider_plan(s, rid, card.move_bonus, None)
        if len(plan.targets) < 2 or plan.ends or set(f["targets"]) != set(plan.targets):
            raise ScenarioError(f"{where} targets", f"raider {rid} has {seats(plan.targets)} nearest: the current "
                                "player chooses only among players equally near (SL §105)", "SL §105")
    elif stage == "goto":
        plan = raider_plan(s, rid, card.move_bonus, f["target"])
        if len(plan.ends) < 2 or set(f["ends"]) != set(plan.ends):
            ends = ", ".join(names[h] for h in sorted(plan.ends)) or "none"
            raise ScenarioError(f"{where} ends", f"raider {rid} going for p{f['target'] + 1} may end on {ends}: the "
                                "current player chooses only among equally good end hexes (SL §105, SL §106)",
                                "SL §105")
    else:
        here = s.raiders[rid][1]
        adj = s.static.geo.adj
        near = [p.seat for p in s.players if p.hex is not None and p.status == "active" and p.hex in adj[here]
                and (not p.hidden or rid in p.hidden_near)]
        if len(near) < 2 or set(f["targets"]) != set(near):
            raise ScenarioError(f"{where} targets", f"raider {rid} may attack {seats(near)}: the current player "
                                "chooses among the players next to it (SL §103, SL §147)", "SL §103")


def _spawn_choices(s: State, f: Frame, where: str) -> None:
    """SL §107: with too few figures, the first go to the tiles without raiders (of any
    type); the player chooses among the points of those tiles, or among all the free
    points once every tile has raiders."""
    occupied = s.occupied()
    points = [h for h in f["points"] if h not in occupied]
    with_raiders = {r[1] // CELLS_PER_TILE for r in s.raiders.values()}
    free = [h for h in points if h // CELLS_PER_TILE not in with_raiders]
    if set(f["choices"]) != set(free or points):
        names = ", ".join(s.static.geo.names[h] for h in sorted(free or points))
        why = "the free points of the tiles without raiders" if free else "every free point"
        raise ScenarioError(f"{where} choices", f"the player chooses among {why} ({names}): the first figures go "
                            "to the tiles without raiders (SL §107)", "SL §107")


def _activator(s: State) -> int:
    """Who carries out the activation: the current player, whose turn ended; one eliminated
    by it has left the game, and the next player in turn order still in it goes on
    (ruling, SL §96, SL §100, as the engine hands it over)."""
    n = len(s.players)
    for step in range(n):
        q = s.players[(s.current + step) % n]
        if q.status != "out":
            return q.seat
    return s.current


def _queue(s: State, f: Frame, rtype: str | None, where: str) -> None:
    """SL §101: the raiders of the activated type still to act (for a lure, SL §142, those
    on the user's tile)."""
    for rid in f["queue"]:
        if rid not in s.raiders:
            raise ScenarioError(f"{where} queue", f"no raider {rid} on the board ([[raider]] id)",
                                "SL §142" if rtype is None else "SL §101")
        if rtype is not None and s.raiders[rid][0] != rtype:
            raise ScenarioError(f"{where} queue", f"raider {rid} is a {s.raiders[rid][0]}, not a {rtype}: the "
                                "activation moves the raiders of its type (SL §101)", "SL §101")


def _raider(s: State, f: Frame, rtype: str | None, where: str) -> None:
    rid = f["raider"]
    if rid not in s.raiders:
        raise ScenarioError(f"{where} raider", f"no raider {rid} on the board ([[raider]] id)",
                            "SL §142" if rtype is None else "SL §102")
    if rtype is not None and s.raiders[rid][0] != rtype:
        raise ScenarioError(f"{where} raider", f"raider {rid} is a {s.raiders[rid][0]}, not a {rtype} (SL §101)",
                            "SL §101")
    if rid in f.get("queue", ()):
        raise ScenarioError(f"{where} raider", f"raider {rid} is moving, so it is no longer in the queue "
                            "(SL §101)", "SL §101")


def _target(s: State, n: int, where: str, rule: str) -> None:
    if not _on_board(s.players[n]):
        raise ScenarioError(where, f"p{n + 1} is not a player on the board: raiders go for and attack the "
                            f"players on the board ({rule})", rule)


def _free_hexes(s: State, f: Frame, where: str, rule: str) -> None:
    """The hexes a moving raider may end on: empty (its own hex aside) and face up."""
    occupied = s.occupied() - {s.raiders[f["raider"]][1]}
    hexes = f["ends"]
    for h in hexes:
        if s.terrain.terrain[h] == 255 or h in occupied:
            raise ScenarioError(where, f"{s.static.geo.names[h]} is not an empty hex of a face-up tile: a raider "
                                f"ends its move on an empty hex ({rule})", rule)


def _lure(s: State, f: Frame, where: str) -> None:
    """SL §142: the raiders on the user's tile move toward her."""
    if not s.static.rules.expansion:
        raise ScenarioError(f"{where} kind", "the lure is a Lost in the Desert card's (SL §142)", "SL §142")
    p = _player(s, f)
    if not _on_board(p):
        raise ScenarioError(f"{where} seat", f"p{p.seat + 1} is not on the board: the raiders of her tile move "
                            "toward her (SL §142)", "SL §142")
    amounts = sorted({a.amount for c in s.static.catalog.cards for a in c.actions if a.effect == "lure"})
    if f["amount"] not in amounts:
        raise ScenarioError(f"{where} amount", f"a lure moves the raiders {' or '.join(map(str, amounts))} hexes, "
                            f"not {f['amount']} (SL §142)", "SL §142")
    _queue(s, f, None, where)
    tile = p.hex // CELLS_PER_TILE
    for rid in f["queue"]:
        if s.raiders[rid][1] // CELLS_PER_TILE != tile:
            raise ScenarioError(f"{where} queue", f"raider {rid} is not on p{p.seat + 1}'s tile (SL §142)",
                                "SL §142")
    if f["stage"] == "goto":
        _raider(s, f, None, where)
        _free_hexes(s, f, f"{where} ends", "SL §142")


def _place(s: State, f: Frame, where: str) -> None:
    p = _player(s, f)
    if p.status == "out":
        raise ScenarioError(f"{where} seat", f"p{p.seat + 1} is out of the game and gains nothing (SL §96)",
                            "SL §96")


def _trade(s: State, f: Frame, where: str) -> None:
    """SL §72: the current player trades with another player (the far ones by the Trader's
    ability, SL §146)."""
    if f["active"] != s.current:
        raise ScenarioError(f"{where} active", f"the current player (p{s.current + 1}) trades (SL §72)", "SL §72")
    if f["seat"] == f["active"]:
        raise ScenarioError(f"{where} seat", "a trade is with another player (SL §72)", "SL §72")
    far = _traders(s, f, where, "active")
    if bool(f.get("hand_only")) != far:
        raise ScenarioError(f"{where} hand_only", "a trade with a far player takes hand items only (SL §146), "
                            "one with a neighbour any cards (SL §72): hand_only = true exactly for a far one",
                            "SL §146")


def _traders(s: State, f: Frame, where: str, active: str) -> bool:
    """The current player is on the board; her partner is in the game, next to her (SL §72)
    or anywhere by the Trader's ability (SL §146). True for a trade with a far player."""
    me, partner = _player(s, f, active), _player(s, f)
    if not _on_board(me):
        raise ScenarioError(f"{where} {active}", f"p{me.seat + 1} is not on the board to trade (SL §72)", "SL §72")
    if partner.status in ("out", "won"):
        raise ScenarioError(f"{where} seat", f"p{partner.seat + 1} is out of the game (SL §96)", "SL §96")
    far = partner.hex is None or partner.hex not in s.static.geo.adj[me.hex]
    if far and ability(s, me) != "trade":
        raise ScenarioError(f"{where} seat", f"p{partner.seat + 1} is not next to p{me.seat + 1}: players trade "
                            "with a neighbour (SL §72), anyone only by the Trader's ability (SL §146)", "SL §72")
    if far and (s.trade_partner != partner.seat or s.trades_used < 1):
        raise ScenarioError(f"{where} seat", f"a trade with a far player counts toward the Trader's three a turn: "
                            f"[state] trade_partner = \"p{partner.seat + 1}\" and trades_used of at least 1 "
                            "(SL §146)", "SL §146")
    return far


def _offer(s: State, f: Frame, where: str) -> None:
    """SL §72: the current player offers one of her cards; a card changes hands once a turn."""
    giver = _player(s, f, "from")
    if f["from"] != s.current:
        raise ScenarioError(f"{where} from", f"the current player (p{s.current + 1}) offers (SL §72)", "SL §72")
    if f["seat"] == f["from"]:
        raise ScenarioError(f"{where} seat", "an offer is made to another player (SL §72)", "SL §72")
    far = _traders(s, f, where, "from")
    cat = s.static.catalog
    card = f["card"]
    if isinstance(card, str):
        held = sorted(c for c in giver.cards() if cat.cards[c].id == card)
        if not held:
            raise ScenarioError(f"{where} card", f"p{giver.seat + 1} holds no {card} to offer (SL §72)", "SL §72")
        card = f["card"] = held[0]
    if card not in giver.cards():
        raise ScenarioError(f"{where} card", f"p{giver.seat + 1} does not hold {cat.card_names[card]} (SL §72)",
                            "SL §72")
    if far and card not in giver.hand:
        raise ScenarioError(f"{where} card", f"{cat.card_names[card]} is not a hand item of p{giver.seat + 1}'s: "
                            "a trade with a far player takes hand items only (SL §146)", "SL §146")
    if card in s.traded:
        raise ScenarioError(f"{where} card", f"{cat.card_names[card]} changed hands this turn already: a card "
                            "changes hands once a turn (SL §72)", "SL §72")


def _orient(s: State, f: Frame, where: str) -> None:
    """SL §152: with Explorer's luck the explorer turns the tile she just flipped (SL §110)."""
    if not s.static.rules.explorers_luck:
        raise ScenarioError(f"{where} kind", "a tile is turned by choice only with Explorer's luck (SL §152)",
                            "SL §152")
    if not s.face_up[f["pos"]]:
        raise ScenarioError(f"{where} pos", "the tile is turned once it is flipped face up (SL §110, SL §152)",
                            "SL §152")


def _enter(s: State, f: Frame, where: str) -> None:
    """SL §45: a figure not on the board enters it at the start of her turn; after a
    respawn (SL §90) she is in play again before she enters."""
    p = _player(s, f)
    if p.hex is not None:
        raise ScenarioError(f"{where} seat", f"p{p.seat + 1} is on the board already (SL §45)", "SL §45")
    _respawned(s, f, where, "SL §90" if f.get("respawn") else "SL §45")


def _respawned(s: State, f: Frame, where: str, rule: str) -> None:
    p = _player(s, f)
    if p.status != "active" or p.hex is not None:
        why = "out of the game (SL §96)" if p.status == "out" else \
            f"{p.status}, but she is in play again, off the board, while she respawns and enters (SL §90)"
        raise ScenarioError(f"{where} seat", f"p{p.seat + 1} is {why}", "SL §96" if p.status == "out" else rule)


def _respawn_kit(s: State, f: Frame, where: str) -> None:
    _respawned(s, f, where, "SL §90")


def _discard(s: State, f: Frame, where: str) -> None:
    if f["reason"] == "respawn":
        _respawned(s, f, where, "SL §90")


def _storm(s: State, f: Frame, where: str) -> None:
    """SL §53: in a sandstorm each tile crossed costs a hand or cargo card."""
    if not s.storm:
        raise ScenarioError(f"{where} kind", "no sandstorm rages ([state] storm): crossing tiles costs nothing "
                            "(SL §53)", "SL §53")


def _after_turn(s: State, f: Frame, where: str) -> None:
    """SL §46 to SL §48: the current player's turn has ended; the raiders activate (SL §100),
    and once every type has activated the weather phase follows (SL §48); solo has it after
    every turn, after three activations in a row (SL §121)."""
    rules = s.static.rules
    if f["seat"] != s.current or s.stack[0] is not f:
        raise ScenarioError(f"{where} seat", f"the turn that ended is the current player's (p{s.current + 1}), "
                            "and nothing lies beneath its end (SL §46)", "SL §46")
    above = s.stack[1]["kind"] if len(s.stack) > 1 else None
    if rules.solo:
        if not f["weather"]:
            raise ScenarioError(f"{where} weather", "solo has a weather phase after every turn (SL §121)", "SL §121")
    elif f["weather"]:
        waiting = [t for t in rules.raider_types if not s.revealed.get(t)]
        if waiting:
            raise ScenarioError(f"{where} weather", f"the weather phase comes once every raider type has activated "
                                f"this round, and the {waiting[0]}s have not (SL §48)", "SL §48")
        return
    if above != "activation":
        raise ScenarioError(f"{where} kind", "the raiders activate at the end of every turn: an activation lies "
                            "above the turn's end (SL §100)", "SL §100")


def _character(s: State, f: Frame, where: str) -> None:
    if _player(s, f).character is not None:
        raise ScenarioError(f"{where} seat", f"p{f['seat'] + 1} has a character already (SL §44)", "SL §44")


def _streak(s: State, f: Frame, where: str) -> None:
    """SL §146: Born Killer, in her own turn, adds her normal attack on a raider to her
    attacks before it on that raider, or lets it stand alone, when the two differ."""
    if f["seat"] != s.current:
        raise ScenarioError(f"{where} seat", f"Born Killer chooses in her own turn: the current player "
                            f"(p{s.current + 1}) (SL §146)", "SL §146")
    if not streak_choice(s, _player(s, f), f["raider"], f["damage"], "normal", f["loot"]):
        raise ScenarioError(where, "there is no choice to add this attack up or not: it needs Born Killer, a "
                            "streak of normal damage on an armored raider and two answers that differ "
                            "(SL §146)", "SL §146")


_CHECKS = {"soak": _soak, "activation": _activation, "lure": _lure, "place": _place, "trade": _trade,
           "offer": _offer, "orient": _orient, "enter": _enter, "character": _character, "storm": _storm,
           "after_turn": _after_turn, "respawn_kit": _respawn_kit, "discard": _discard,
           "streak": _streak}
