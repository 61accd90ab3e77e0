"""Why an action is illegal: one clear error naming the rule it breaks.

A verb of another decision than the waiting one names the rule of its own decision (an
event die entered during a hero's activation: WQ-40.4), except a hero's action while a
procedure waits (a tile to lay, a group to deploy, an enemy's step, an event's choice):
the procedure is settled first, and its own rule is what forbids the action now. Every
action is read for its form first (``notation.parse``): a malformed one is notation, the
error naming the field. A verb of the waiting decision names the rule that filters its
options. A card named for the table's draw when nothing is drawn is refused by the rule
that draws none (a full battle track, WQ-39.1). The hero's own actions are a stand-in of
ours (heroes.py) and cite the page's rules where it gives them (Move 1+, Run 3+ and freeing a
trapped hero 4+: WQ-40.3; Recover: WQ-40.4), else the sequence of play (WQ-40.2).
"""

from __future__ import annotations

from typing import Callable

from wasteland.core.notation import Action, ActionTextError, Chance
from wasteland.core.protocol import Decision, NotationError, RuleError

from .decisions import DECISION_INFO
from .deploy import adjacent
from .explore import placement_problem
from .heroes import THRESHOLD, dice_tokens
from .notation import (Anchor, Attack, Beside, Close, Deploy, End, Free, Give, Inspire, Move, Place, RebirthZone, Run,
                       Step, Strike, die_value, parse)
from .state import State

HERO_VERBS = frozenset({"move", "run", "explore", "end", "attack", "recover", "free", "inspire", "dig"})
# The verbs each decision kind offers (engine.py OPTIONS, heroes.py, events_table.py).
KIND_VERBS: dict[str, frozenset[str]] = {
    "hero": HERO_VERBS, "stun": frozenset({"give"}), "place": frozenset({"place"}), "close": frozenset({"close"}),
    "anchor": frozenset({"anchor"}), "deploy": frozenset({"deploy"}), "beside": frozenset({"beside"}),
    **{kind: frozenset({kind}) for kind in ("master", "rebirth", "rebirth_zone", "effect", "inspiration", "step",
                                            "strike")},
}
VERB_KIND = {verb: kind for kind, verbs in KIND_VERBS.items() for verb in verbs}
# The page's own thresholds of a hero action (heroes.py THRESHOLD); the others are ours.
_PAGE_RULE = {"move": "WQ-40.3", "run": "WQ-40.3", "free": "WQ-40.3", "recover": "WQ-40.4"}


def why_illegal(s: State, d: Decision, action: object) -> RuleError:
    if not isinstance(action, str) or not action.strip():
        return NotationError(f"an action is text in the game's notation, not {action!r}")
    try:
        a = parse(action)  # read before its place: a malformed action is notation, naming the field
    except ActionTextError as exc:
        return exc
    if isinstance(a, Chance):
        return _why_chance(s, d, a)
    kind = VERB_KIND[a.VERB]
    if kind != d.kind:
        if kind == "hero":
            # A procedure inside the round is settled before any hero acts again.
            return RuleError(d.rule, f"'{a.VERB}' waits: the {d.kind} decision ({d.prompt}) of hero {d.seat + 1} "
                             f"is settled first ({_sample(d)})")
        rule, prompt = DECISION_INFO[kind]
        return RuleError(rule, f"'{a.VERB}' answers a {kind} decision ({prompt}); now the {d.kind} decision "
                         f"of hero {d.seat + 1} waits [{d.rule}] ({_sample(d)})")
    why = (_why_hero if kind == "hero" else _WHY.get(kind, _why_choice))(s, d, a)
    return why or RuleError(d.rule, f"{action!r} is not possible now ({d.prompt}); possible: {_sample(d)}")


def _why_chance(s: State, d: Decision, a: Chance) -> RuleError:
    """A chance answer when the game asks for none (it asks through a chance point)."""
    if a.outcome in s.content.encounters and all(card is not None for card in s.slots):
        return RuleError("WQ-39.1", f"no encounter card is drawn: every slot above the battle track is taken "
                         f"({a.outcome} stays in the deck); now the {d.kind} decision of hero {d.seat + 1} waits")
    return RuleError(d.rule, f"nothing is drawn or thrown now; the {d.kind} decision of hero {d.seat + 1} waits "
                     f"({_sample(d)})")


def _sample(d: Decision) -> str:
    return ", ".join(d.actions[:8]) + (" ..." if len(d.actions) > 8 else "")


def _zone(s: State, d: Decision, name: str) -> RuleError | None:
    if name not in s.board.capacity:
        return NotationError(f"there is no zone {name!r} on the battlefield")
    return None


def _why_hero(s: State, d: Decision, a: Action) -> RuleError | None:
    verb = a.VERB
    h = s.heroes[d.seat]
    if isinstance(a, End):
        return None
    if h["zone"] is None:
        return RuleError("WQ-40.4", "the hero is out of action")
    die = a.die
    if isinstance(a, Inspire):
        if not die.startswith("a"):
            return NotationError(f"{str(a)!r}: die must be an activation die such as a4 (inspiration raises one)")
        if h["inspiration"] <= 0:
            return RuleError("WQ-40.4", "the hero has no inspiration point to spend")
        if die_value(die) not in h["dice"]:
            return RuleError("WQ-40.2", f"there is no {die} among the hero's activation dice")
        if die_value(die) >= 6:
            return RuleError("WQ-40.2", "a die showing 6 cannot be raised (stand-in: inspiration adds 1)")
        return None
    wrong = _hero_names(s, d, a)
    if wrong:
        return wrong
    if verb in ("move", "run") and "trapped" in h["tokens"]:
        return RuleError("WQ-40.3", "a trapped hero cannot Move (1+) or Run (3+)")
    if "buried" in h["tokens"] and verb not in ("dig", "recover", "free"):
        return RuleError("WQ-40.3", "a buried hero digs out before anything else")
    if die not in dice_tokens(s, d.seat):
        return RuleError("WQ-40.2", f"there is no {die} to spend: activation dice are thrown at the hero's "
                         "activation, destiny dice at the start of the round")
    if die_value(die) < THRESHOLD[verb]:
        return RuleError(_PAGE_RULE.get(verb, "WQ-40.2"), f"{verb} needs a die of {THRESHOLD[verb]}+, not {die[1:]}")
    zone = h["zone"]
    if isinstance(a, (Move, Run)):
        if s.room(a.zone) < 1:
            return RuleError("WQ-40.2", f"zone {a.zone} is full")
        steps = 1 if verb == "move" else 2
        return RuleError(_PAGE_RULE[verb], f"a {verb} goes {steps} zone(s) from {zone}; {a.zone} is not that far")
    if isinstance(a, Attack):
        if not adjacent(s, zone, s.models[a.model]["zone"]):
            return RuleError("WQ-40.2", f"{a.model} is not in or next to the hero's zone")
        return None
    if verb == "explore" and zone != s.closed_gate_zone():
        return RuleError("WQ-38.1", "exploring happens at the closed gate")
    if verb == "recover" and h["wounds"] >= s.content.heroes[d.seat].vitality:
        return RuleError("WQ-40.4", "the hero has no wound to recover")
    if isinstance(a, Free):
        other = s.heroes[a.hero]
        if "trapped" not in other["tokens"]:
            return RuleError("WQ-40.3", f"hero {a.hero + 1} is not trapped")
        return RuleError("WQ-40.3", f"hero {a.hero + 1} is not the hero or next to the hero")
    if verb == "dig" and "buried" not in h["tokens"]:
        return RuleError("WQ-40.3", "only a buried hero digs")
    return None


def _hero_names(s: State, d: Decision, a: Action) -> NotationError | None:
    """What a hero action names must be on the battlefield (heroes.py): a zone, an enemy, a hero."""
    if isinstance(a, (Move, Run)):
        return _zone(s, d, a.zone)
    if isinstance(a, Attack) and a.model not in s.models:
        return NotationError(f"{str(a)!r}: model {a.model!r} is not an enemy on the battlefield")
    if isinstance(a, Free) and a.hero >= len(s.heroes):
        return NotationError(f"{str(a)!r}: hero {a.hero + 1} is not a hero of this game (1 to {len(s.heroes)})")
    return None


def _why_place(s: State, d: Decision, a: Place) -> RuleError | None:
    problem = placement_problem(s, s.stack[-1]["card"], a.gate)
    return RuleError("WQ-38.3", problem) if problem else None


def _why_close(s: State, d: Decision, a: Close) -> RuleError | None:
    furthest = ", ".join(parse(x).gate for x in d.actions)
    return RuleError("WQ-38.3", f"the closed gate goes on a furthest position: {furthest}")


def _why_stun(s: State, d: Decision, a: Give) -> RuleError | None:
    return RuleError("WQ-40.3", f"a stunned hero gives up one of the dice there are: {_sample(d)}")


def _why_deploy(s: State, d: Decision, a: Deploy | Anchor) -> RuleError | None:
    wrong = _zone(s, d, a.zone)
    if wrong:
        return wrong
    if isinstance(a, Deploy) and not any(parse(x).model == a.model for x in d.actions):
        return RuleError("WQ-39.1", f"the enemy deployed now is {_tag(parse(d.actions[0]).model)}, not {a.model}")
    return RuleError("WQ-39.1", f"{a.zone} is not one of the zones the deployment allows: {_sample(d)}")


def _why_beside(s: State, d: Decision, a: Beside) -> RuleError | None:
    kinds = ", ".join(parse(x).enemy for x in d.actions)
    return RuleError("WQ-39.1", f"{a.enemy!r} is not an enemy of this group that could take the next place by "
                     f"its anchor without crowding out more of the group: {kinds}")


def _tag(model: str) -> str:
    """An enemy model as the board and the log tag it ("№1.2": group 1's second model); the
    id a refused text named stays as the player wrote it."""
    group, number = model.lstrip("g").split(".")
    return f"№{group}.{number}"


def _why_enemy(s: State, d: Decision, a: Step | Strike) -> RuleError | None:
    """WQ-40.1 (stand-in): the zones a Move may take, the heroes a weapon use may strike."""
    moving = parse(d.actions[0]).model
    if a.model != moving:
        return RuleError("WQ-40.1", f"the enemy acting now is {_tag(moving)}, not {a.model}")
    if isinstance(a, Step):
        wrong = _zone(s, d, a.zone)
        if wrong:
            return wrong
        return RuleError("WQ-40.1", f"a Move goes to a zone with room one step nearer the nearest hero: "
                         f"{a.zone} is not one of the equally near ones ({_sample(d)})")
    return RuleError("WQ-40.1", f"the enemy strikes one of the heroes nearest it: hero {a.hero + 1} is not one of "
                     f"them ({_sample(d)})")


def _why_choice(s: State, d: Decision, a: Action) -> RuleError | None:
    """The event table's ties and choices (WQ-40.4): one of those offered."""
    if isinstance(a, RebirthZone):
        wrong = _zone(s, d, a.zone)
        if wrong:
            return wrong
    choice = " ".join(a.words())  # the chosen word as the notation writes it
    return RuleError(d.rule, f"{choice!r} is not one of the {d.kind} choices the event leaves: {_sample(d)}")


_WHY: dict[str, Callable[..., RuleError | None]] = {
    "place": _why_place, "close": _why_close, "stun": _why_stun, "deploy": _why_deploy, "anchor": _why_deploy, "beside": _why_beside,
    "step": _why_enemy, "strike": _why_enemy,
}
