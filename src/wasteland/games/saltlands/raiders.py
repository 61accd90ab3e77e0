"""Raider activation: reveal a damage card, move and attack with every raider of the
type, then spawn (SL §97 to SL §107).

An activation is one frame on the stack with a ``stage``. Every choice the rulebook
gives the current player (which type, which raider first, ties between equally near
players or end hexes, which adjacent player to attack, where scarce figures go) is a
decision; everything else runs by itself.
"""

from __future__ import annotations

from typing import Any

from wasteland.core.frames import QuietEvents

from .board import CELLS_PER_TILE
from . import notation as N
from .combat import start_soak
from .notation import parse
from .movement import raider_plan, raider_route
from .reveals import damage_card_def, reveal_damage_card
from .state import State
from .zones import Events

Frame = dict[str, Any]


def unactivated_types(s: State) -> list[str]:
    """Types with no damage card revealed since the last weather phase (SL §61)."""
    return [t for t in s.static.rules.raider_types if not s.revealed.get(t)]


def new_activation(s: State, count: int) -> Frame:
    return {"kind": "activation", "seat": s.current, "left": count, "stage": "type"}


def active_card(s: State, rtype: str):
    return damage_card_def(s, s.revealed[rtype][-1])


def options(s: State, f: Frame) -> list[str]:
    """The current player's choices at this stage, or [] when the stage runs by itself."""
    stage = f["stage"]
    geo = s.static.geo
    if stage == "type":
        types = unactivated_types(s)
        return [N.Activate.text(t) for t in types] if len(types) > 1 and f["left"] > 0 else []
    if stage == "raider":
        queue = [rid for rid in f["queue"] if rid in s.raiders]
        if len(queue) > 1:
            return sorted(N.Raider.text(geo.names[s.raiders[rid][1]]) for rid in queue)
        return []
    if stage == "target":
        return [N.Chase.text(seat) for seat in f["targets"]]
    if stage == "goto":
        return [N.Goto.text(geo.names[h]) for h in f["ends"]]
    if stage == "attack":
        return [N.Attack.text(seat) for seat in f["targets"]]
    if stage == "spawn":
        return [N.Spawn.text(geo.names[h]) for h in f["choices"]]
    return []


def choose(s: State, f: Frame, action: str, events: Events) -> None:
    a = parse(action)
    verb = a.VERB
    geo = s.static.geo
    if verb == "activate":
        _reveal(s, f, a.vehicle, events)
    elif verb == "raider":
        h = geo.by_name[a.hex]
        rid = next(r for r in f["queue"] if r in s.raiders and s.raiders[r][1] == h)
        _start_raider(s, f, rid, events)
    elif verb == "chase":
        _plan_move(s, f, f["raider"], events, target=a.seat)
    elif verb == "goto":
        h = geo.by_name[a.hex]
        _finish_move(s, f, h, events)
    elif verb == "attack":
        _attack(s, f, a.seat, events)
    elif verb == "spawn":
        h = geo.by_name[a.hex]
        _place_spawn(s, f, h, events)
        _continue_spawn(s, events)


def run(s: State, f: Frame, events: Events) -> bool:
    """Advance the activation as far as it goes without a choice. True if it progressed."""
    stage = f["stage"]
    if stage == "type":
        types = unactivated_types(s)
        if f["left"] <= 0 or not types:
            s.stack.pop()
            return True
        if len(types) == 1:
            _reveal(s, f, types[0], events)
            return True
        return False
    if stage == "raider":
        queue = [rid for rid in f["queue"] if rid in s.raiders]
        if not queue:
            _begin_spawn(s, events)
            return True
        if len(queue) == 1:
            _start_raider(s, f, queue[0], events)
            return True
        return False
    return False


def _replace(s: State, f: Frame, **changes: Any) -> Frame:
    """The activation frame is always on top while it runs; frames are replaced, never mutated."""
    new = {**s.stack[-1], **changes}
    s.stack[-1] = new
    return new


def _reveal(s: State, f: Frame, rtype: str, events: Events) -> None:
    """SL §100: flip the top damage card of the chosen type."""
    stack = s.damage_stacks[rtype]
    if not stack:
        _replace(s, f, left=0, stage="type")
        return
    card_id = reveal_damage_card(s, rtype)
    s.revealed.setdefault(rtype, []).append(card_id)
    card = damage_card_def(s, card_id)
    events.append(
        {"type": "damage_card", "raider": rtype, "card": card_id, "round": card.round,
         "letters": card.letters, "damage": card.damage, "damage_type": card.damage_type,
         "move_bonus": card.move_bonus, "rule": "SL §100"}
    )
    queue = sorted(rid for rid, r in s.raiders.items() if r[0] == rtype)
    _replace(s, f, stage="raider", type=rtype, queue=queue)


def figures_in_box(s: State, rtype: str) -> int:
    """SL §98 figures of a type; the expansion adds its extra figures (SL §141)."""
    rdef = s.static.content.raiders[rtype]
    return rdef.figures + (rdef.expansion_figures if s.static.rules.expansion else 0)


def _start_raider(s: State, f: Frame, rid: int, events: Events) -> None:
    # ``start``: where it began, for a hidden player's exception (SL §147).
    f = _replace(s, f, queue=[r for r in f["queue"] if r != rid], raider=rid, start=s.raiders[rid][1])
    _plan_move(s, f, rid, events, None)


def _plan_move(s: State, f: Frame, rid: int, events: Events, target: int | None) -> None:
    """SL §105, SL §106: toward the nearest player; ties are the current player's to break."""
    card = active_card(s, f["type"])
    plan = raider_plan(s, rid, card.move_bonus, target)
    rtype, here, _ = s.raiders[rid]
    geo = s.static.geo
    if len(plan.targets) > 1 and not plan.ends:
        _replace(s, f, stage="target", targets=list(plan.targets))
        return
    if not plan.targets or plan.ends == (here,):
        events.append(
            {"type": "raider_stays", "raider": rtype, "hex": geo.names[here], "reason": plan.reason,
             "target": f"p{plan.targets[0] + 1}" if plan.targets else None, "rule": _movement_rule(plan.reason)}
        )
        _after_move(s, _replace(s, f, target=plan.targets[0] if plan.targets else None), events)
        return
    f = _replace(s, f, target=plan.targets[0], reason=plan.reason, distance=plan.distance)
    if len(plan.ends) > 1:
        _replace(s, f, stage="goto", ends=list(plan.ends))
        return
    _finish_move(s, f, plan.ends[0], events)


def _movement_rule(reason: str) -> str:
    """The rule behind a raider's move, for the table's "why": it reaches a player by the
    shortest path (SL §105), or closes in on the nearest as far as its terrain lets it, or
    cannot (SL §106); a raider with no player on the board has nobody to go for (SL §105)."""
    if reason in ("can reach the player this activation", "already next to a player", "no player on the board"):
        return "SL §105"
    return "SL §106"


def _finish_move(s: State, f: Frame, dest: int, events: Events) -> None:
    rid = f["raider"]
    rtype, here, _ = s.raiders[rid]
    geo = s.static.geo
    # The route is for the log alone: a look-ahead that drops the events skips its search.
    if type(events) is QuietEvents:
        route = [here, dest]
    else:
        route = raider_route(s, rid, dest, active_card(s, f["type"]).move_bonus)
    s.raiders[rid][1] = dest
    events.append(
        {"type": "raider_move", "raider": rtype, "from": geo.names[here], "to": geo.names[dest],
         "path": [geo.names[h] for h in route], "target": f"p{f['target'] + 1}",
         "distance": f.get("distance"), "reason": f.get("reason", ""),
         "rule": _movement_rule(f.get("reason", ""))}
    )
    _after_move(s, f, events)


def _after_move(s: State, f: Frame, events: Events) -> None:
    """SL §103: attack one adjacent player (the current player picks which), unless the
    card gave +3 movement instead of damage (SL §106)."""
    card = active_card(s, f["type"])
    if card.move_bonus or card.damage <= 0:
        _no_attack(events, "its damage card gives movement instead of damage", "SL §106")
        _replace(s, f, stage="raider")
        return
    rid = f["raider"]
    here = s.raiders[rid][1]
    geo = s.static.geo
    adj = geo.adj[here]
    # SL §147: raiders do not attack a hidden player, even if they end next to her, unless
    # they were next to her when she hid. The original settles it at the crew action: the
    # raiders that are not next to her then treat her as a token until her next turn; those
    # that were next to her act on her as usual (``Player.hidden_near``).
    targets = [
        p.seat for p in s.players
        if p.hex is not None and p.status == "active" and p.hex in adj
        and (not p.hidden or rid in p.hidden_near)
    ]
    if not targets:
        hidden = any(p.hex is not None and p.status == "active" and p.hex in adj for p in s.players)
        _no_attack(events, "the player next to it is hidden, and it was not next to her when she hid" if hidden
                   else "no player is next to it", "SL §147" if hidden else "SL §103")
        _replace(s, f, stage="raider")
        return
    if len(targets) > 1:
        _replace(s, f, stage="attack", targets=targets)
        return
    _attack(s, f, targets[0], events)


def _no_attack(events: Events, why: str, rule: str) -> None:
    """Why the raider that just moved (or stayed) makes no attack, on its own event: the
    table asks "why did it not attack?" as often as "why did it go there?"."""
    if events and events[-1].get("type") in ("raider_move", "raider_stays"):
        events[-1]["no_attack"] = why
        events[-1]["no_attack_rule"] = rule


def _attack(s: State, f: Frame, seat: int, events: Events) -> None:
    card = active_card(s, f["type"])
    _replace(s, f, stage="raider")
    start_soak(s, s.players[seat], card.damage, card.damage_type, f["type"], events)


# -- spawning (SL §107) -----------------------------------------------------------------


def _begin_spawn(s: State, events: Events) -> None:
    f = s.stack[-1]
    rtype = f["type"]
    card = active_card(s, rtype)
    letters, letters_text = _spawn_letters(card.letters, s.static.rules.active_letters)
    occupied = s.occupied()
    points = [h for h in _spawn_hexes(s, letters) if h not in occupied]
    on_board = len([r for r in s.raiders.values() if r[0] == rtype])
    figures = figures_in_box(s, rtype) - on_board
    events.append(
        {"type": "spawn_check", "raider": rtype, "letters": letters_text,
         "points": len(points), "figures": figures, "rule": "SL §107"}
    )
    if len(points) <= figures:
        for h in points:
            _place_spawn(s, f, h, events)
        _end_activation_step(s, events)
        return
    # Not enough figures: one first on every tile without raiders, then the current
    # player's choice (SL §107; ruling: raiders of any type count).
    f = _replace(s, f, stage="spawn", figures=figures, points=points, choices=[])
    _continue_spawn(s, events)


_SPAWN_LETTERS: dict[tuple, tuple[frozenset[str], str]] = {}


def _spawn_letters(card_letters, active_letters: str) -> tuple[frozenset[str], str]:
    """The card's spawn letters active at this difficulty (SL §18, SL §107), and as text."""
    key = (tuple(card_letters), active_letters)
    found = _SPAWN_LETTERS.get(key)
    if found is None:
        letters = frozenset(card_letters) & frozenset(active_letters)
        found = _SPAWN_LETTERS[key] = (letters, "".join(sorted(letters)))
    return found


def _spawn_hexes(s: State, letters: frozenset[str]) -> tuple[int, ...]:
    """The spawn points with one of ``letters``, in hex order: a fact of the terrain,
    kept with it (every activation's spawn asks it again)."""
    terrain = s.terrain
    key = ("spawn points", letters)
    found = terrain.memo.get(key)
    if found is None:
        found = terrain.remember(key, tuple([h for h, letter in terrain.spawn_points if letter in letters]))
    return found  # type: ignore[return-value]


def _raider_free_points(s: State, points: list[int]) -> list[int]:
    per = CELLS_PER_TILE
    tiles_with_raiders = {r[1] // per for r in s.raiders.values()}
    return [h for h in points if h // per not in tiles_with_raiders]


def _continue_spawn(s: State, events: Events) -> None:
    while True:
        f = s.stack[-1]
        occupied = s.occupied()
        points = [h for h in f["points"] if h not in occupied]
        figures = f["figures"]
        if figures <= 0 or not points:
            break
        if len(points) <= figures:
            for h in points:
                _place_spawn(s, s.stack[-1], h, events)
            break
        free = _raider_free_points(s, points)
        if free:
            tiles = {h // CELLS_PER_TILE for h in free}
            if len(free) == len(tiles) and len(tiles) <= figures:
                # Exactly one point on each raider-free tile: each gets a figure.
                for h in free:
                    _place_spawn(s, s.stack[-1], h, events)
                continue
            choices = free  # which raider-free tile (or which point on it) is the player's pick
        else:
            choices = points
        s.stack[-1] = {**f, "points": points, "choices": sorted(choices)}
        return
    _end_activation_step(s, events)


def _place_spawn(s: State, f: Frame, h: int, events: Events) -> None:
    rtype = f["type"]
    rid = s.next_raider
    s.next_raider += 1
    crew = s.static.content.raiders[rtype].crew  # new raiders arrive with full crew
    s.raiders[rid] = [rtype, h, crew]
    events.append({"type": "spawn", "raider": rtype, "hex": s.static.geo.names[h],
                   "letter": s.terrain.spawn[h], "rule": "SL §107"})
    if f.get("stage") == "spawn":
        top = s.stack[-1]
        s.stack[-1] = {**top, "figures": top["figures"] - 1,
                       "points": [p for p in top["points"] if p != h]}


def _end_activation_step(s: State, events: Events) -> None:
    f = s.stack[-1]
    s.stack[-1] = {"kind": "activation", "seat": f["seat"], "left": f["left"] - 1, "stage": "type"}


# -- lure (SL §142) ---------------------------------------------------------------------


def raiders_next_to(s: State, h: int | None) -> list[int]:
    """The raiders on hexes next to ``h`` (SL §147: those a player hiding there does not
    hide from)."""
    if h is None:
        return []
    adj = s.static.geo.adj[h]
    return sorted(rid for rid, r in s.raiders.items() if r[1] in adj)


def start_lure(s: State, seat: int, amount: int, events: Events) -> None:
    """SL §142: every raider on the user's terrain tile moves ``amount`` hexes toward her,
    over its own terrain as usual, and does not attack. Ruling: the raider movement logic
    of SL §105, SL §106 with her as the only target; the user orders the raiders and breaks
    ties (as the current player does in an activation, SL §100 to SL §104)."""
    p = s.players[seat]
    tile = p.hex // CELLS_PER_TILE
    queue = sorted(rid for rid, r in s.raiders.items() if r[1] // CELLS_PER_TILE == tile)
    events.append({"type": "lure", "seat": seat, "amount": amount, "raiders": len(queue), "rule": "SL §142"})
    if queue:
        s.stack.append({"kind": "lure", "seat": seat, "stage": "raider", "queue": queue, "amount": amount})


def lure_options(s: State, f: Frame) -> list[str]:
    geo = s.static.geo
    if f["stage"] == "goto":
        return [N.Goto.text(geo.names[h]) for h in f["ends"]]
    queue = [rid for rid in f["queue"] if rid in s.raiders]
    if len(queue) > 1:
        return sorted(N.Raider.text(geo.names[s.raiders[rid][1]]) for rid in queue)
    return []


def lure_run(s: State, f: Frame, events: Events) -> bool:
    if f["stage"] != "raider":
        return False
    queue = [rid for rid in f["queue"] if rid in s.raiders]
    if not queue:
        s.stack.pop()
        return True
    if len(queue) == 1:
        _lure_one(s, f, queue[0], events)
        return True
    return False


def lure_choose(s: State, f: Frame, action: str, events: Events) -> None:
    a = parse(action)
    geo = s.static.geo
    h = geo.by_name[a.hex]
    if a.VERB == "raider":
        rid = next(r for r in f["queue"] if r in s.raiders and s.raiders[r][1] == h)
        _lure_one(s, f, rid, events)
    else:
        _lure_finish(s, f["raider"], h, events)
        s.stack[-1] = {**s.stack[-1], "stage": "raider"}


def _lure_one(s: State, f: Frame, rid: int, events: Events) -> None:
    f = {**f, "queue": [r for r in f["queue"] if r != rid], "raider": rid}
    s.stack[-1] = f
    plan = raider_plan(s, rid, 0, f["seat"], lure=f["seat"], allowance=f["amount"])
    here = s.raiders[rid][1]
    if not plan.ends or plan.ends == (here,):
        events.append({"type": "raider_stays", "raider": s.raiders[rid][0], "hex": s.static.geo.names[here],
                       "reason": plan.reason, "target": f"p{f['seat'] + 1}", "rule": "SL §142"})
        return
    if len(plan.ends) > 1:
        s.stack[-1] = {**f, "stage": "goto", "ends": list(plan.ends)}
        return
    _lure_finish(s, rid, plan.ends[0], events)


def _lure_finish(s: State, rid: int, dest: int, events: Events) -> None:
    rtype, here, _ = s.raiders[rid]
    geo = s.static.geo
    s.raiders[rid][1] = dest
    events.append({"type": "raider_move", "raider": rtype, "from": geo.names[here], "to": geo.names[dest],
                   "path": [geo.names[here], geo.names[dest]], "target": None, "distance": None,
                   "reason": "lured (SL §142)", "rule": "SL §142"})
