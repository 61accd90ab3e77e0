"""The decision loop: the round (WQ-40.2), exploring (WQ-38), deploying (WQ-39, its
frames in ``encounters.py``) and the event phase (WQ-40.4), as frames on a stack.

A frame is a small dict. ``RUN`` frames are automatic steps (they return False to wait
for a decision); ``OPTIONS``/``CHOOSE`` frames wait on a seat. Leader decisions go to
seat 0 (the leader, stand-in). Every card drawn and die thrown is a chance point
(``core.chance``): the generator answers it, or at a table (table chance) the table does,
as the chance seat's decision.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core import chance
from wasteland.core.frames import Frame, frame_loop
from wasteland.core.protocol import Decision, RuleError

from . import dice
from . import events_table as table
from .conditions import place_dice
from .decisions import DECISION_INFO
from .diagnose import why_illegal
from . import encounters, enemies
from .enemies import close_in
from .explore import lay_tile, legal_gates, set_closed_gate
from .heroes import apply_hero, hero_options, spend
from . import notation as N
from .notation import parse
from .state import State

Events = list[dict[str, Any]]
LEADER = 0


def finish(s: State, won: bool, reason: str, events: Events, rule: str = "") -> None:
    """``rule``: the anchor of the step that ended the quest, where the pages give one."""
    s.over = True
    s.winners = list(range(s.players)) if won else []
    s.end_reason = reason
    s.stack.clear()
    over = {"type": "quest_over", "won": won, "reason": reason}
    if rule:
        over["rule"] = rule
    events.append(over)


# -- the round (WQ-40.2) ------------------------------------------------------------------

ROUND = ("dusk", "quest", "destiny", "roll", "gambit", "activation", "event", "trap_clear", "round_end")


def _round(s: State, f: Frame, events: Events) -> bool:
    s.stack.pop()
    limit = s.config["round_limit"]
    if limit is not None and s.round >= limit:
        finish(s, False, f"round limit {limit} reached (not a rule of the game)", events)
        return True
    s.round += 1
    events.append({"type": "round", "round": s.round, "rule": "WQ-40.2"})
    for kind in reversed(ROUND):
        s.stack.append({"kind": kind, "seat": LEADER})
    return True


def _dusk(s: State, f: Frame, events: Events) -> bool:
    """Expedition phase, dusk step (stand-in for p.22): night ends the quest, else the
    dusk token moves on one zone."""
    s.stack.pop()
    s.phase = "expedition"
    if s.dusk in s.quest.night_zones:
        finish(s, False, "night has fallen: the quest fails", events, "WQ-40.2")
        return True
    table.advance_dusk(s, events, "WQ-40.2")
    return True


def _quest(s: State, f: Frame, events: Events) -> bool:
    """Expedition phase, quest step (stand-in): a hero in the quest symbol's zone wins."""
    s.stack.pop()
    if s.quest_zone and any(h["zone"] == s.quest_zone for h in s.heroes):
        finish(s, True, f"a hero holds {s.quest_zone}, the quest symbol's zone: the quest succeeds", events, "WQ-40.2")
    return True


def _destiny(s: State, f: Frame, events: Events) -> bool:
    """Destiny phase (stand-in for p.22): roll the unspent destiny dice. WQ-40.4 result 1
    skips it; result 12 returns the spent dice after it."""
    s.stack.pop()
    s.phase = "destiny"
    if s.destiny_denied:
        s.destiny_denied = False
        events.append({"type": "destiny_denied", "rule": "WQ-40.4"})
        return True
    n = s.airship + len(s.destiny_rolled)
    _destiny_rolled(s, [dice.roll(s, 6, "destiny", "WQ-40.2", "destiny_die") for _ in range(n)], events)
    return True


def _destiny_rolled(s: State, faces: list[int], events: Events) -> None:
    s.destiny_rolled = sorted(faces)
    s.airship = 0
    events.append({"type": "destiny_roll", "dice": list(s.destiny_rolled), "rule": "WQ-40.2"})
    if s.destiny_return:
        s.destiny_return = False
        events.append({"type": "destiny_fulfilled", "returned": s.destiny_spent, "rule": "WQ-40.4"})
        s.airship += s.destiny_spent
        s.destiny_spent = 0


def _roll(s: State, f: Frame, events: Events) -> bool:
    """Initiative phase, activation-roll step (stand-in dice), with WQ-40.3 Disease and
    Exhausted applied as the dice are placed."""
    s.stack.pop()
    s.phase = "initiative"
    heroes = [q for q, h in enumerate(s.heroes) if h["zone"] is not None]
    for q in heroes:
        hero = (("hero", str(q + 1)),)
        _hero_rolled(s, q, [dice.roll(s, 6, f"hero {q + 1} activation", "WQ-40.2", "activation_die", hero)
                            for _ in range(s.content.heroes[q].dice)],
                     events)
    return True


def _hero_rolled(s: State, q: int, rolled: list[int], events: Events) -> None:
    h = s.heroes[q]
    placed, tired = place_dice(rolled, h["tokens"])
    if tired:
        h["tokens"].remove("fatigue")
    h["dice"] = sorted(placed)
    events.append({"type": "activation_roll", "seat": q, "rolled": rolled, "dice": list(h["dice"]),
                   "disease": h["tokens"].count("disease"), "fatigue": tired, "rule": "WQ-40.3"})


def _gambit(s: State, f: Frame, events: Events) -> bool:
    """Initiative step and gambit step: stand-in, the battle track keeps its order."""
    s.stack.pop()
    events.append({"type": "initiative", "track": list(s.track), "rule": "WQ-40.2"})
    return True


def _activation(s: State, f: Frame, events: Events) -> bool:
    """Activation phase: heroes and enemies activate in battle-track order (WQ-40.2)."""
    s.phase = "activation"
    while s.track_pos < len(s.track):
        entry = s.track[s.track_pos]
        if entry[0] == "h":
            seat = int(entry[1:]) - 1
            s.track_pos += 1
            h = s.heroes[seat]
            if h["zone"] is None:
                continue
            s.stack.append({"kind": "hero", "seat": seat})
            if "stunned" in h["tokens"]:
                s.stack.append({"kind": "stun", "seat": seat})
            return True
        slot = entry[1:]
        g = s.groups.get(slot)
        if g is None:
            s.track_pos += 1
            continue
        if g["stunned"]:
            # WQ-40.3 Stunned: the group is moved back instead of acting (ruling: to the
            # end of the battle track, so it acts later this round, after every card now
            # before it; a group already last has none left to wait for and acts at once).
            g["stunned"] = False
            s.track.pop(s.track_pos)
            s.track.append(entry)
            events.append({"type": "moved_back", "group": int(slot), "track": list(s.track), "rule": "WQ-40.3"})
            continue
        s.track_pos += 1
        events.append({"type": "group_activates", "group": int(slot), "rule": "WQ-40.2"})
        s.stack.append({"kind": "group", "seat": LEADER, "slot": slot, "queue": list(g["models"])})
        return True
    s.stack.pop()
    s.track_pos = 0
    return True


def _group_run(s: State, f: Frame, events: Events) -> bool:
    """An enemy group's activation, model by model (WQ-40.1): each model's actions are a
    frame of their own (enemies.py), which waits on the leader where the stand-in ties."""
    if f.pop("acted", False) and _heroes_fallen(s, events):
        return True
    while f["queue"]:
        mid = f["queue"].pop(0)
        acts = close_in(s, mid, events) if mid in s.models else None
        if acts is not None:
            f["acted"] = True
            s.stack.append(acts)
            return True
    s.stack.pop()
    return True


def _heroes_fallen(s: State, events: Events) -> bool:
    if all(h["zone"] is None for h in s.heroes):
        finish(s, False, "every hero is out of action: the quest fails", events)
        return True
    return False


def _event(s: State, f: Frame, events: Events) -> bool:
    s.phase = "event"
    s.stack.pop()
    table.resolve(s, table.roll_d12(s), events)
    return True


def _trap_clear(s: State, f: Frame, events: Events) -> bool:
    """WQ-40.3 Trapped: enemies' trapped tokens go after the event roll."""
    s.stack.pop()
    freed = sorted(i for i, m in s.models.items() if "trapped" in m["tokens"])
    for i in freed:
        s.models[i]["tokens"].remove("trapped")
    if freed:
        events.append({"type": "traps_cleared", "models": freed, "rule": "WQ-40.3"})
    return True


def _round_end(s: State, f: Frame, events: Events) -> bool:
    s.stack.pop()
    s.stack.append({"kind": "round", "seat": LEADER})
    return True


# -- a hero's activation -----------------------------------------------------------------


def _stun_options(s: State, f: Frame) -> list[str]:
    seat = f["seat"]
    out = [N.Give.text(f"a{v}") for v in sorted(set(s.heroes[seat]["dice"]))]
    return out + [N.Give.text(f"d{v}") for v in sorted(set(s.destiny_rolled))]


def _stun_run(s: State, f: Frame, events: Events) -> bool:
    # Ruling (WQ-40.3): a stunned hero with no activation or destiny die to give up gives
    # up nothing and the token still goes; the page names no other cost.
    if _stun_options(s, f):
        return False
    s.stack.pop()
    s.heroes[f["seat"]]["tokens"].remove("stunned")
    events.append({"type": "stun_spent", "seat": f["seat"], "die": None, "rule": "WQ-40.3"})
    return True


def _stun_choose(s: State, f: Frame, action: str, events: Events) -> None:
    seat = f["seat"]
    token = parse(action).die
    spend(s, seat, token)
    s.heroes[seat]["tokens"].remove("stunned")
    s.stack.pop()
    events.append({"type": "stun_spent", "seat": seat, "die": token, "rule": "WQ-40.3"})


def _hero_options(s: State, f: Frame) -> list[str]:
    return hero_options(s, f["seat"])


def _hero_run(s: State, f: Frame, events: Events) -> bool:
    if s.heroes[f["seat"]]["zone"] is None:
        s.stack.pop()  # taken out of action during the activation
        return True
    return False


def _hero_choose(s: State, f: Frame, action: str, events: Events) -> None:
    seat = f["seat"]
    result = apply_hero(s, seat, action, events)
    if result == "end":
        s.heroes[seat]["dice"] = []  # stand-in: unused activation dice are lost
        s.stack.pop()
    elif result == "explore":
        s.stack.append({"kind": "draw", "seat": LEADER})


# -- exploring (WQ-38) ----------------------------------------------------------------------


def _draw_run(s: State, f: Frame, events: Events) -> bool:
    if not s.exploration_deck:
        # WQ-38.2: a dead end; with no card there is no tile to add (ruling): the quest fails.
        dead_end(s, "the exploration deck is empty", events)
        return True
    card = chance.draw(s, s.exploration_deck, "the exploration card drawn", "WQ-38.1", term="exploration_card")
    _drawn(s, card, events)
    return True


def _drawn(s: State, card: str, events: Events) -> None:
    s.explored.append(card)
    c = s.content.cards[card]
    events.append({"type": "exploration_card", "card": card, "tile": c.tile, "gates": [g.id for g in c.gates],
                   "lychgates": len(c.lychgates), "mystic_items": list(c.mystic_items), "groups": c.groups,
                   "quest_symbol": bool(c.quest_symbol), "rule": "WQ-38.1"})
    s.stack[-1] = {"kind": "place", "seat": LEADER, "card": card}


def _place_options(s: State, f: Frame) -> list[str]:
    return [N.Place.text(g) for g in legal_gates(s, f["card"])]


def _place_run(s: State, f: Frame, events: Events) -> bool:
    if legal_gates(s, f["card"]):
        return False
    # Ruling: no gate position can be placed, the same dead end as WQ-38.2.
    dead_end(s, f"the tile of {f['card']} fits nowhere", events)
    return True


def dead_end(s: State, reason: str, events: Events) -> None:
    """WQ-38.2: no area can be added: every hero is at once out of action, the quest fails."""
    events.append({"type": "dead_end", "reason": reason, "rule": "WQ-38.2"})
    for q, h in enumerate(s.heroes):
        if h["zone"] is not None:
            events.append({"type": "out_of_action", "seat": q, "zone": h["zone"], "rule": "WQ-38.2"})
            h["zone"] = None
            h["dice"] = []
    finish(s, False, f"dead end ({reason}): every hero is out of action and the quest fails", events, "WQ-38.2")


def _place_choose(s: State, f: Frame, action: str, events: Events) -> None:
    card = f["card"]
    tied = lay_tile(s, card, parse(action).gate, events)
    if len(tied) == 1:
        set_closed_gate(s, card, tied[0], tied, events)
        _after_tile(s, card)
    else:
        s.stack[-1] = {"kind": "close", "seat": LEADER, "card": card, "tied": tied}


def _after_tile(s: State, card: str) -> None:
    c = s.content.cards[card]
    s.stack[-1] = {"kind": "encounters", "seat": LEADER, "tile": c.tile, "card": card, "left": c.groups,
                   "drawn": [], "anchor_zone": ""}


def _close_options(s: State, f: Frame) -> list[str]:
    return [N.Close.text(g) for g in f["tied"]]


def _close_choose(s: State, f: Frame, action: str, events: Events) -> None:
    set_closed_gate(s, f["card"], parse(action).gate, f["tied"], events)
    _after_tile(s, f["card"])


# -- the leader's choices in the event phase (WQ-40.4) ------------------------------------------


def _pick_options(s: State, f: Frame) -> list[str]:
    return [N.NOTATION.text(f["what"], c) for c in f["choices"]]


def _pick_choose(s: State, f: Frame, action: str, events: Events) -> None:
    s.stack.pop()
    a = parse(action)
    what = a.VERB
    if what == "master":
        table.group_moves(s, a.group[1:], events)
    elif what == "rebirth":
        table.rebirth_hero(s, a.hero, events)
    elif what == "rebirth_zone":
        table.place_hero(s, f["hero"], a.zone, events)
    elif what == "effect":
        table.apply_effect(s, f["hero"], a.effect, events)
    elif what == "inspiration":
        table.inspire(s, a.hero, events)


def _an_action(choose: Callable[[State, Frame, str, Events], None]) -> Callable[[State, Frame, str, Events], None]:
    """A choice as a whole action: the dice it rolls are the ones every view shows (the
    last action's), and when it leaves no hero in play the quest fails at once."""
    def chosen(s: State, f: Frame, action: str, events: Events) -> None:
        s.rolls = []
        choose(s, f, action, events)
        if s.over:
            return
        for h in s.heroes:  # a loop, not all(): this runs after every choice
            if h["zone"] is not None:
                return
        finish(s, False, "every hero is out of action: the quest fails", events)
    return chosen


OPTIONS: dict[str, Callable[[State, Frame], list[str]]] = {
    "hero": _hero_options, "stun": _stun_options, "place": _place_options, "close": _close_options,
    "deploy": encounters.deploy_options, "pick": _pick_options, "enemy": enemies.options,
}
CHOOSE: dict[str, Callable[[State, Frame, str, Events], None]] = {kind: _an_action(choose) for kind, choose in {
    "hero": _hero_choose, "stun": _stun_choose, "place": _place_choose, "close": _close_choose,
    "deploy": encounters.deploy_choose, "pick": _pick_choose, "enemy": enemies.choose,
}.items()}
RUN: dict[str, Callable[[State, Frame, Events], bool]] = {
    "round": _round, "dusk": _dusk, "quest": _quest, "destiny": _destiny, "roll": _roll, "gambit": _gambit,
    "activation": _activation, "event": _event, "trap_clear": _trap_clear, "round_end": _round_end,
    "stun": _stun_run, "hero": _hero_run, "draw": _draw_run, "place": _place_run,
    "encounters": encounters.encounters_run, "deploy": encounters.deploy_run,
    "initiative": encounters.initiative_run, "group": _group_run,
    "enemy": enemies.run,
}
# An enemy's activation and a deployment ask what their step waits on (``wait``: a zone
# to step to, a hero to strike, a mystic item to deploy by); the leader's picks in the
# event phase ask what the result leaves open (``what``).
ASKS: dict[str, Callable[[State, Frame], tuple[int, str]]] = {
    "deploy": lambda s, f: (f["seat"], f["wait"]), "enemy": lambda s, f: (f["seat"], f["wait"]),
    "pick": lambda s, f: (f["seat"], f["what"]),
}


# -- the loop ------------------------------------------------------------------------------------


def _diagnose() -> Callable[[State, Decision, object], RuleError]:
    return why_illegal


# No free step: every decision is a procedure's. An automatic step resting on top (the
# event die of WQ-40.4 about to be thrown, in a position set up by hand) waits only on
# the table's die: no seat decides; the game's decision is the chance point
# (``EngineGame.decision``).
_LOOP = frame_loop(
    info=DECISION_INFO, options=OPTIONS, choose=CHOOSE, run=RUN, asks=ASKS, diagnose=_diagnose,
    over_rule="WQ-40.2", over_words="the quest is over; no more actions",
    wrong_seat=lambda s, deciding, asking: f"it is hero {deciding + 1}'s decision, not hero {asking + 1}'s",
)
settle = _LOOP.settle  # run the automatic steps (the decision is then ready)
decision = _LOOP.decision
apply_in_place = _LOOP.apply_in_place  # one action, or a RuleError and nothing changed


def resume(s: State) -> Events:
    """The automatic steps a position rests on, played on until a decision waits (a
    position set up by hand at its event die: ``EngineGame.resume_at_table``)."""
    events: Events = []
    settle(s, events)
    return events
