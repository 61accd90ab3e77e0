"""Why an action is illegal: one clear error naming the rule it breaks.

A verb of another decision than the waiting one names the rule of its own decision (an
event die entered during a hero's activation: WQ-40.4), except a hero's action while a
procedure waits (a tile to lay, a group to deploy, an enemy's step, an event's choice):
the procedure is settled first, and its own rule is what forbids the action now. A verb
of the waiting decision names the rule that filters its options. A card named for the
table's draw when nothing is drawn is refused by the rule that draws none (a full battle
track, WQ-39.1). The hero's own actions are a stand-in of ours
(heroes.py) and cite the page's rules where it gives them (Move 1+, Run 3+ and freeing a
trapped hero 4+: WQ-40.3; Recover: WQ-40.4), else the sequence of play (WQ-40.2).
"""

from __future__ import annotations

from wasteland.core import chance
from wasteland.core.protocol import Decision, NotationError, RuleError

from .decisions import DECISION_INFO
from .deploy import adjacent
from .explore import placement_problem
from .heroes import THRESHOLD, dice_tokens
from .notation import parse
from .state import State

HERO_VERBS = frozenset({"move", "run", "explore", "end", "attack", "recover", "free", "inspire", "dig"})
# The verbs each decision kind offers (engine.py OPTIONS, heroes.py, events_table.py).
KIND_VERBS: dict[str, frozenset[str]] = {
    "hero": HERO_VERBS, "stun": frozenset({"give"}), "place": frozenset({"place"}), "close": frozenset({"close"}),
    "anchor": frozenset({"anchor"}), "deploy": frozenset({"deploy"}),
    "beside": frozenset({"beside"}),
    **{kind: frozenset({kind}) for kind in ("master", "rebirth", "rebirth_zone", "effect", "inspiration", "step",
                                            "strike")},
}
VERB_KIND = {verb: kind for kind, verbs in KIND_VERBS.items() for verb in verbs}
# The page's own thresholds of a hero action (heroes.py THRESHOLD); the others are ours.
_PAGE_RULE = {"move": "WQ-40.3", "run": "WQ-40.3", "free": "WQ-40.3", "recover": "WQ-40.4"}


def why_illegal(s: State, d: Decision, action: object) -> RuleError:
    if not isinstance(action, str) or not action.strip():
        return NotationError(f"an action is text in the game's notation, not {action!r}")
    words = action.split()
    verb = words[0]
    if verb == chance.VERB:
        return _why_chance(s, d, words)
    kind = VERB_KIND.get(verb)
    if kind is None:
        offered = sorted({parse(a).VERB for a in d.actions})
        return NotationError(f"unknown verb {verb!r}; this decision's actions begin with {', '.join(offered)}")
    if kind != d.kind:
        form = _form(s, d, words, kind)  # read before its place: a malformed action is notation
        if form is not None:
            return form
        if kind == "hero":
            # A procedure inside the round is settled before any hero acts again.
            return RuleError(d.rule, f"'{verb}' waits: the {d.kind} decision ({d.prompt}) of hero {d.seat + 1} "
                             f"is settled first ({_sample(d)})")
        rule, prompt = DECISION_INFO[kind]
        return RuleError(rule, f"'{verb}' answers a {kind} decision ({prompt}); now the {d.kind} decision "
                         f"of hero {d.seat + 1} waits [{d.rule}] ({_sample(d)})")
    why = (_why_hero if kind == "hero" else _WHY.get(kind, _why_choice))(s, d, words)
    return why or RuleError(d.rule, f"{action!r} is not possible now ({d.prompt}); possible: {_sample(d)}")


# How many words the answer to each kind of decision takes, its verb included.
_WORDS = {"stun": 2, "place": 2, "close": 2, "anchor": 2, "beside": 2, "deploy": 3, "step": 3, "strike": 3}


def _form(s: State, d: Decision, words: list[str], kind: str) -> NotationError | None:
    """The notation of an action of ``kind``, read without the decision it answers."""
    if kind != "hero":
        want = _WORDS.get(kind, 2)
        return NotationError(f"{' '.join(words)!r}: '{words[0]}' takes {want - 1} word(s) after it") \
            if len(words) != want else None
    verb = words[0]
    if verb == "end":
        return NotationError("'end' takes nothing after it") if len(words) != 1 else None
    if verb == "inspire":
        die = words[1] if len(words) == 2 else ""
        ok = len(die) >= 2 and die[0] == "a" and die[1:].isdecimal()
        return None if ok else NotationError("expected 'inspire aN': an inspiration point raises an activation die")
    die = words[-1] if len(words) > 1 else ""
    if len(die) < 2 or die[0] not in "ad" or not die[1:].isdecimal():
        return NotationError(f"{' '.join(words)!r}: the last word is the die spent, 'a5' (activation) or 'd3' (destiny)")
    want = 2 if verb in ("explore", "recover", "dig") else 3
    return NotationError(f"{' '.join(words)!r}: '{verb}' takes {want - 1} word(s) after it") \
        if len(words) != want else None


def _why_chance(s: State, d: Decision, words: list[str]) -> RuleError:
    """A chance answer when the game asks for none (it asks through a chance point)."""
    named = words[1] if len(words) > 1 else ""
    if named in s.content.encounters and all(card is not None for card in s.slots):
        return RuleError("WQ-39.1", f"no encounter card is drawn: every slot above the battle track is taken "
                         f"({named} stays in the deck); now the {d.kind} decision of hero {d.seat + 1} waits")
    return RuleError(d.rule, f"nothing is drawn or thrown now; the {d.kind} decision of hero {d.seat + 1} waits "
                     f"({_sample(d)})")


def _sample(d: Decision) -> str:
    return ", ".join(d.actions[:8]) + (" ..." if len(d.actions) > 8 else "")


def _zone(s: State, d: Decision, name: str) -> RuleError | None:
    if name not in s.board.capacity:
        return NotationError(f"there is no zone {name!r} on the battlefield")
    return None


def _why_hero(s: State, d: Decision, words: list[str]) -> RuleError | None:
    verb = words[0]
    h = s.heroes[d.seat]
    if verb == "end":
        return NotationError("'end' takes nothing after it") if len(words) != 1 else None
    if h["zone"] is None:
        return RuleError("WQ-40.4", "the hero is out of action")
    if verb == "inspire":
        die = words[1] if len(words) == 2 else ""
        if len(die) < 2 or die[0] != "a" or not die[1:].isdecimal():
            return NotationError("expected 'inspire aN': an inspiration point raises an activation die")
        if h["inspiration"] <= 0:
            return RuleError("WQ-40.4", "the hero has no inspiration point to spend")
        if int(die[1:]) not in h["dice"]:
            return RuleError("WQ-40.2", f"there is no {die} among the hero's activation dice")
        if int(die[1:]) >= 6:
            return RuleError("WQ-40.2", "a die showing 6 cannot be raised (stand-in: inspiration adds 1)")
        return None
    die = words[-1] if len(words) > 1 else ""
    if len(die) < 2 or die[0] not in "ad" or not die[1:].isdecimal():
        return NotationError(f"{' '.join(words)!r}: the last word is the die spent, 'a5' (activation) or 'd3' (destiny)")
    wrong = _hero_grammar(s, d, words)
    if wrong:
        return wrong
    if verb in ("move", "run") and "trapped" in h["tokens"]:
        return RuleError("WQ-40.3", "a trapped hero cannot Move (1+) or Run (3+)")
    if "buried" in h["tokens"] and verb not in ("dig", "recover", "free"):
        return RuleError("WQ-40.3", "a buried hero digs out before anything else")
    if die not in dice_tokens(s, d.seat):
        return RuleError("WQ-40.2", f"there is no {die} to spend: activation dice are thrown at the hero's "
                         "activation, destiny dice at the start of the round")
    if int(die[1:]) < THRESHOLD[verb]:
        return RuleError(_PAGE_RULE.get(verb, "WQ-40.2"), f"{verb} needs a die of {THRESHOLD[verb]}+, not {die[1:]}")
    zone = h["zone"]
    if verb in ("move", "run"):
        if s.room(words[1]) < 1:
            return RuleError("WQ-40.2", f"zone {words[1]} is full")
        steps = 1 if verb == "move" else 2
        return RuleError(_PAGE_RULE[verb], f"a {verb} goes {steps} zone(s) from {zone}; {words[1]} is not that far")
    if verb == "attack":
        if not adjacent(s, zone, s.models[words[1]]["zone"]):
            return RuleError("WQ-40.2", f"{words[1]} is not in or next to the hero's zone")
        return None
    if verb == "explore" and zone != s.closed_gate_zone():
        return RuleError("WQ-38.1", "exploring happens at the closed gate")
    if verb == "recover" and h["wounds"] >= s.content.heroes[d.seat].vitality:
        return RuleError("WQ-40.4", "the hero has no wound to recover")
    if verb == "free":
        q = int(words[1]) - 1
        other = s.heroes[q]
        if "trapped" not in other["tokens"]:
            return RuleError("WQ-40.3", f"hero {q + 1} is not trapped")
        return RuleError("WQ-40.3", f"hero {q + 1} is not the hero or next to the hero")
    if verb == "dig" and "buried" not in h["tokens"]:
        return RuleError("WQ-40.3", "only a buried hero digs")
    return None


def _hero_grammar(s: State, d: Decision, words: list[str]) -> NotationError | None:
    """The words of a hero action (heroes.py): what it names, then the die spent."""
    verb = words[0]
    if verb in ("move", "run"):
        if len(words) != 3:
            return NotationError(f"expected '{verb} ZONE DIE'")
        return _zone(s, d, words[1])
    if verb == "attack" and (len(words) != 3 or words[1] not in s.models):
        return NotationError("expected 'attack ENEMY DIE' naming an enemy on the battlefield")
    if verb == "free" and (len(words) != 3 or not words[1].isdecimal() or not 1 <= int(words[1]) <= len(s.heroes)):
        return NotationError("expected 'free HERO DIE' with a hero number")
    if verb in ("explore", "recover", "dig") and len(words) != 2:
        return NotationError(f"expected '{verb} DIE'")
    return None


def _why_place(s: State, d: Decision, words: list[str]) -> RuleError | None:
    if len(words) != 2:
        return NotationError("expected 'place GATE'")
    problem = placement_problem(s, s.stack[-1]["card"], words[1])
    return RuleError("WQ-38.3", problem) if problem else None


def _why_close(s: State, d: Decision, words: list[str]) -> RuleError | None:
    if len(words) != 2:
        return NotationError("expected 'close GATE'")
    return RuleError("WQ-38.3", f"the closed gate goes on a furthest position: {', '.join(parse(a).gate for a in d.actions)}")


def _why_stun(s: State, d: Decision, words: list[str]) -> RuleError | None:
    if len(words) != 2:
        return NotationError("expected 'give DIE'")
    return RuleError("WQ-40.3", f"a stunned hero gives up one of the dice there are: {_sample(d)}")


def _why_deploy(s: State, d: Decision, words: list[str]) -> RuleError | None:
    want = 3 if d.kind == "deploy" else 2
    if len(words) != want:
        return NotationError("expected 'deploy ENEMY ZONE'" if want == 3 else "expected 'anchor ZONE'")
    wrong = _zone(s, d, words[-1])
    if wrong:
        return wrong
    if d.kind == "deploy" and not any(parse(a).model == words[1] for a in d.actions):
        return RuleError("WQ-39.1", f"the enemy deployed now is {_tag(parse(d.actions[0]).model)}, not {words[1]}")
    return RuleError("WQ-39.1", f"{words[-1]} is not one of the zones the deployment allows: {_sample(d)}")


def _why_beside(s: State, d: Decision, words: list[str]) -> RuleError | None:
    if len(words) != 2:
        return NotationError("expected 'beside ENEMY'")
    kinds = ", ".join(parse(a).enemy for a in d.actions)
    return RuleError("WQ-39.1", f"{words[1]!r} is not an enemy of this group that could take the next place by "
                     f"its anchor without crowding out more of the group: {kinds}")


def _tag(model: str) -> str:
    """An enemy model as the board and the log tag it ("№1.2": group 1's second model); the
    id a refused text named stays as the player wrote it."""
    group, number = model.lstrip("g").split(".")
    return f"№{group}.{number}"


def _why_enemy(s: State, d: Decision, words: list[str]) -> RuleError | None:
    """WQ-40.1 (stand-in): the zones a Move may take, the heroes a weapon use may strike."""
    if len(words) != 3:
        return NotationError(f"expected '{words[0]} MODEL {'ZONE' if d.kind == 'step' else 'HERO'}'")
    moving = parse(d.actions[0]).model
    if words[1] != moving:
        return RuleError("WQ-40.1", f"the enemy acting now is {_tag(moving)}, not {words[1]}")
    if d.kind == "step":
        wrong = _zone(s, d, words[2])
        if wrong:
            return wrong
        return RuleError("WQ-40.1", f"a Move goes to a zone with room one step nearer the nearest hero: "
                         f"{words[2]} is not one of the equally near ones ({_sample(d)})")
    return RuleError("WQ-40.1", f"the enemy strikes one of the heroes nearest it: {words[2]!r} is not one of "
                     f"them ({_sample(d)})")


def _why_choice(s: State, d: Decision, words: list[str]) -> RuleError | None:
    """The event table's ties and choices (WQ-40.4): one of those offered."""
    if len(words) != 2:
        return NotationError(f"expected '{words[0]} CHOICE'")
    if d.kind == "rebirth_zone":
        wrong = _zone(s, d, words[1])
        if wrong:
            return wrong
    return RuleError(d.rule, f"{words[1]!r} is not one of the {d.kind} choices the event leaves: {_sample(d)}")


_WHY = {
    "place": _why_place, "close": _why_close, "stun": _why_stun, "deploy": _why_deploy, "anchor": _why_deploy,
    "beside": _why_beside,
    "step": _why_enemy, "strike": _why_enemy,
}
