"""A companion session: the engine runs the enemies for a table that plays with the box.

The session is the set-up the table chose (game, config, seed) and the list of its steps,
in order; its state is always what replaying those steps gives, so that a session saved
as rows of the database comes back exactly after a restart, and undoing a step is
replaying without it. A step is one of:

* an action of the game's notation, given for the seat that must decide (the table
  answers every seat, and the chance seat too: "chance <outcome>" is the card it revealed);
* a correction, ``edit ...`` (see ``companion_edit``): the table's position differs;
* several actions of the seat that decides, separated by ``;``: what the table already did
  with the box, entered as its result in one step (all of a clan's starting troops); each
  is checked by the game's rules as if entered alone, and a wrong one refuses them all;
  the chance seat's too, where the table rolled several dice at once (``roll_size``: the
  same die asked again and again, whatever came up before, "chance 3; chance 5; chance 1");
* ``decide``: "decide for us", the game's documented tie policy (``GameSpec.auto_decide``)
  picks the action; the step is recorded as the action it picked, with the policy's name.

Nothing here names a game: what a game offers comes through its spec.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from wasteland.core import rules_reference
from wasteland.core.protocol import Decision, RuleError
from wasteland.core.spec import GameSpec, load_ref

from .companion_edit import EditError, apply_edit, is_edit
from .events import action_fields

CHANCE_SEAT = -1  # the chance seat of the chance protocol (wasteland.core.chance)
MAX_STEPS = 20_000  # a session longer than this is refused a new step (nothing of a real table)
LOG_STEPS = 300  # the steps a snapshot lists, the latest last
ROLL_MAX = 12  # the dice of one roll a step holds at most (a screen's worth)
BATCH = ";"  # between the actions of a step entered as their result (no game's notation holds it)


@dataclass
class Step:
    notation: str  # as replayed: an action, or an edit
    source: str  # "table" (entered), "policy" (decide for us), "edit" (a correction)
    note: str = ""  # the policy's text key, for "policy"
    played_at: float = field(default_factory=time.time)


@dataclass
class Played:
    """One step as it was replayed: the state before it, its seat and its events."""

    before: Any
    seat: int | None
    rule: str  # the anchor of the decision the step answered
    events: list[dict[str, Any]]


def seat_label(seat: int | None) -> str:
    if seat is None:
        return ""
    return "table" if seat == CHANCE_SEAT else f"p{seat + 1}"


@lru_cache(maxsize=16)
def _anchor_pattern(anchors: tuple[str, ...]) -> re.Pattern[str] | None:
    if not anchors:
        return None
    ordered = sorted(anchors, key=len, reverse=True)  # "SL §113" before "SL §11"
    return re.compile("(" + "|".join(map(re.escape, ordered)) + r")(?![\d.]*\d)")


def anchors_in(spec: GameSpec, *texts: Any) -> list[str]:
    """The game's anchors named in ``texts`` (nested values too), first mention first."""
    pattern = _anchor_pattern(tuple(spec.anchors))
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if pattern is not None:
                for a in pattern.findall(value):
                    if a not in found:
                        found.append(a)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    for t in texts:
        walk(t)
    return found


def rule_text(spec: GameSpec, anchor: str, lang: str) -> str | None:
    """The rules reference's short text of ``anchor`` in ``lang``, or None where there is none."""
    try:
        text = rules_reference.rule_text(spec, anchor, lang)
    except Exception:  # a reference without this anchor or language: the anchor alone is shown
        return None
    if text is None:
        return None
    title, body = text.title, text.text
    return f"{title}: {body}" if title and body else (body or title or None)


class Session:
    """The steps of one table and the state they give (no database here: see companion_store)."""

    def __init__(self, spec: GameSpec, session_id: str, config: dict[str, Any], seed: int,
                 name: str = "", created_at: float | None = None) -> None:
        self.spec = spec
        self.game = spec.engine
        self.id = session_id
        self.config = config
        self.seed = seed
        self.name = name
        self.created_at = created_at if created_at is not None else time.time()
        self.updated_at = self.created_at
        self.code = ""  # the short code other phones join with (kept by companion_store)
        self.seq = 0  # the database row's sequence number this copy was built from (companion_store)
        self.steps: list[Step] = []
        self.played: list[Played] = []
        # the table answers chance from the set-up on (a first round's dice too)
        self.start, setup_events = self.game.new_game_at_table(config, seed)
        self.setup_events = self.explain(setup_events, None)
        self.state = self.start

    # -- the table answers chance --------------------------------------------------------

    def table_mode(self, state: Any) -> Any:
        """The state with its chance answered by the table (``with_table_chance``)."""
        return self.game.with_table_chance(state, True)

    #: every game's chance can be answered by the table (``core.game_base.EngineGame``)
    table_chance = True

    # -- steps --------------------------------------------------------------------------

    def decision(self) -> Decision | None:
        return self.game.decision(self.state)

    def resolve(self, step: str) -> Step:
        """``step`` as it will be recorded: "decide" becomes the action the policy picks."""
        if not isinstance(step, str) or not step.strip():
            raise EditError("step", "a step is an action of the game, 'decide' or 'edit ...'")
        step = " ".join(step.split())
        if is_edit(step):
            return Step(step, "edit")
        if step == "decide":
            action, key = self.policy_choice()
            return Step(action, "policy", key)
        return Step(step, "table")

    def roll_size(self) -> int:
        """How many chance points in a row are one roll of the same die, the one the table
        answers now first (0: no chance point now). The same die is the same point again (its
        words, rule, faces and odds; no printed values to enter), asked after every face of
        the one before: a table that rolls them together enters them as one step, each answer
        still checked by the rules in turn (``run_batch``). A point whose next one depends
        on what came up (a fight that may end on the first die) is a roll of its own."""
        pending = self.game.chance_pending(self.state)
        if pending is None:
            return 0
        point, state, size = pending.point, self.state, 1
        if point.custom:
            return 1
        while size < ROLL_MAX:
            after = []
            for outcome in point.outcomes:
                try:
                    nxt, _events = self.game.apply(state, f"chance {outcome}", CHANCE_SEAT)
                except RuleError:
                    return size
                again = self.game.chance_pending(nxt)
                if again is None or again.point != point:
                    return size
                after.append(nxt)
            state, size = after[0], size + 1
        return size

    def policy_choice(self) -> tuple[str, str]:
        """What "decide for us" picks now, and the key of the policy's text."""
        d = self.decision()
        if d is None:
            raise EditError("step", "the game is over: there is nothing to decide")
        if not self.spec.auto_decide:
            raise RuleError(d.rule, f"{self.spec.title} has no documented policy to decide "
                            "for the table; choose one of the options")
        found = self.spec.decide_for(self.state, d)
        if found is None:
            raise RuleError(d.rule, "no documented policy covers this choice; the table chooses")
        return found

    def policy_text(self, key: str, lang: str) -> str:
        """The words of the policy's rule ``key`` (``policy_text`` beside the game's ``decide``)."""
        module, _, attr = self.spec.auto_decide.partition(":")
        try:
            words = load_ref(f"{module}:policy_text")
        except (ImportError, AttributeError):
            return key
        return words(key, lang)

    def run(self, state: Any, step: Step) -> tuple[Any, int | None, str, list[dict[str, Any]]]:
        """The state after ``step`` (``state`` unchanged), the seat it was given for, the rule
        of the decision it answered, its events."""
        if step.source == "edit":
            nxt, event = apply_edit(self.spec, state, step.notation)
            return self.table_mode(nxt), None, "", [event]
        d = self.game.decision(state)
        if d is None:
            raise EditError("step", "the game is over: no more steps")
        if step.source == "table" and BATCH in step.notation:
            return self.run_batch(state, d, step.notation)
        nxt, events = self.game.apply(state, step.notation, d.seat)
        return nxt, d.seat, d.rule, events

    def run_batch(self, state: Any, d: Decision, notation: str) -> tuple[Any, int, str, list[dict[str, Any]]]:
        """A step of several actions, one seat's, entered as their result ("place skinny 4,-2;
        place handsome 5,-4; ..."): each is checked by the game's own rules in turn, as if
        entered one by one, and the first that breaks one refuses the whole step with its rule
        and changes nothing. The seat must decide from the first action to the last: a step
        never answers for another seat: the chance seat's answers, the dice of one roll
        (``roll_size``), are a step of their own."""
        actions = [a.strip() for a in notation.split(BATCH)]
        if not all(actions):
            raise EditError("step", f"a step of several actions separates them by '{BATCH}', none empty")
        events: list[dict[str, Any]] = []
        first = self.game.chance_pending(state) if d.seat == CHANCE_SEAT else None
        for number, action in enumerate(actions, start=1):
            now = self.game.decision(state)
            if now is None or now.seat != d.seat:
                who = "the game is over" if now is None else f"{seat_label(now.seat)} decides"
                raise RuleError(d.rule, f"action {number} ({action!r}) is not {seat_label(d.seat)}'s: after "
                                f"{actions[number - 2]!r} {who}; a step holds one seat's actions only")
            if first is not None:  # the table's answers: the dice of one roll, the same die each
                point = self.game.chance_pending(state)
                if point is None or point.point != first.point:
                    asked = point.point.what if point is not None else "no die"
                    raise RuleError(now.rule, f"action {number} ({action!r}) answers {asked}, not {first.point.what}: "
                                    "a step holds the dice of one roll only")
            try:
                state, done = self.game.apply(state, action, d.seat)
            except RuleError as exc:
                raise RuleError(exc.rule, f"action {number} ({action!r}): {exc.message}") from None
            events.extend(done)
        return state, d.seat, d.rule, events

    def play(self, step: Step) -> list[dict[str, Any]]:
        """Apply and record one step; its events with their words and rules. A refused step
        (a RuleError) changes nothing."""
        if len(self.steps) >= MAX_STEPS:
            raise EditError("step", f"a session holds at most {MAX_STEPS} steps")
        nxt, seat, rule, events = self.run(self.state, step)
        explained = self.explain(events, seat)
        self.played.append(Played(self.state, seat, rule, explained))
        self.steps.append(step)
        self.state = nxt
        self.updated_at = step.played_at
        return explained

    def replay(self, steps: list[Step]) -> None:
        """Rebuild the state from the start through ``steps`` (a saved session, after undo);
        a RuleError names the first step that no longer applies, and nothing changes."""
        state = self.start
        played: list[Played] = []
        for number, step in enumerate(steps):
            try:
                nxt, seat, rule, events = self.run(state, step)
            except EditError as exc:
                raise EditError(exc.field, f"step {number + 1} ({step.notation!r}) no longer applies: "
                                f"{exc.message}") from None
            except RuleError as exc:
                raise RuleError(exc.rule, f"step {number + 1} ({step.notation!r}) no longer applies: "
                                f"{exc.message}") from None
            played.append(Played(state, seat, rule, self.explain(events, seat)))
            state = nxt
        self.steps, self.played, self.state = list(steps), played, state

    def back_to(self, count: int) -> list[Step]:
        """The first ``count`` steps: the session as it stood at that line of its log."""
        if not 0 <= count < len(self.steps):
            raise EditError("to", f"'to' must be a number of steps from 0 to {len(self.steps) - 1} "
                            f"(the session has {len(self.steps)})")
        return self.steps[:count]

    def without(self, index: int) -> list[Step]:
        """The steps with step ``index`` taken back (any step: the later ones replay after it)."""
        if not self.steps:
            raise EditError("step", "there is no step to undo")
        if not 0 <= index < len(self.steps):
            raise EditError("step", f"there is no step {index + 1} (the session has {len(self.steps)})")
        return self.steps[:index] + self.steps[index + 1:]

    # -- words ----------------------------------------------------------------------------

    def explain(self, events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
        """Events with their words (``text``) and the anchors of the rules behind them."""
        out = []
        for event in events:
            text = event.get("text") if event.get("type") == "correction" else self.game.describe(event)
            rules = anchors_in(self.spec, event.get("rule", ""), event, text)
            # the step's seat goes beside the event's own ``seat`` (whose turn starts, who
            # plays which character), never over it
            out.append({**event, "text": text or event.get("type", ""), "rules": rules, "step_seat": seat})
        return out

    def rules_of(self, anchors: list[str], lang: str) -> dict[str, str | None]:
        return {a: rule_text(self.spec, a, lang) for a in anchors}

    # -- what the page shows ------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.spec.name, "title": self.spec.title, "name": self.name,
                "config": self.config, "seed": self.seed, "steps": len(self.steps), "code": self.code,
                "over": self.game.decision(self.state) is None, "created_at": self.created_at,
                "updated_at": self.updated_at}

    def snapshot(self, lang: str = "en") -> dict[str, Any]:
        d = self.decision()
        # The table sees what the deciding seat sees: at a table nobody's cards are secret
        # from the people holding them; the deck order and the generator stay hidden.
        seat = d.seat if d is not None and d.seat >= 0 else None
        view = self.game.view(self.state, seat)
        anchors: list[str] = []
        decision = None
        if d is not None:
            decision = {"seat": d.seat, "label": seat_label(d.seat), "kind": d.kind, "prompt": d.prompt,
                        "rule": d.rule, "actions": list(d.actions), "chance": d.seat == CHANCE_SEAT,
                        "fields": self.spec.action_fields(d.actions) or [],
                        # the dice the table rolled together, entered on one screen as one step
                        "roll": self.roll_size() if d.seat == CHANCE_SEAT else 0,
                        "policy": self._policy_preview(lang)}
            if d.rule:
                anchors.append(d.rule)
        log = []
        first = max(0, len(self.steps) - LOG_STEPS)
        for i in range(first, len(self.steps)):
            step, played = self.steps[i], self.played[i]
            if played.rule and played.rule not in anchors:
                anchors.append(played.rule)
            for e in played.events:
                anchors.extend(a for a in e["rules"] if a not in anchors)
            note_text = self.policy_text(step.note, lang) if step.source == "policy" and step.note else ""
            log.append({"index": i, "step": step.notation, "fields": action_fields(self.game, step.notation),
                        "source": step.source, "note": step.note, "note_text": note_text, "at": step.played_at,
                        "seat": played.seat, "rule": played.rule, "label": seat_label(played.seat), "events": played.events})
        outcome = self.game.outcome(self.state)
        return {
            "session": self.summary(), "index": len(self.steps), "view": view, "decision": decision,
            "chance": view.get("chance"), "log": log, "log_from": first, "setup": self.setup_events,
            "can_undo": bool(self.steps), "table_chance": self.table_chance,
            "can_edit": bool(self.spec.scenario_writer) and bool(self.spec.scenario),
            "outcome": None if outcome is None else {"winners": list(outcome.winners), "reason": outcome.reason,
                                                      "labels": [seat_label(w) for w in outcome.winners]},
            "rules": self.rules_of(anchors, lang),
        }

    def _policy_preview(self, lang: str) -> dict[str, str] | None:
        """What "decide for us" would pick now, and by which rule of the policy (None: the
        table must choose)."""
        try:
            action, key = self.policy_choice()
        except RuleError:
            return None
        return {"action": action, "policy": key, "text": self.policy_text(key, lang)}

    # -- exports ------------------------------------------------------------------------

    def record_lines(self) -> list[dict[str, Any] | str]:
        """The session as a game record: the header, then every step in order. Its steps
        are actions of the game, the table's chance answers and its corrections, so it
        replays as a table's session (``mode`` says so: ``wasteland replay`` and the replay
        page play it through :meth:`from_record`), not as a game of the protocol alone.
        A step "decide for us" chose is ``{"action": ..., "policy": KEY}``: the record says
        that the policy chose it, and by which of its rules."""
        header = {"format": "wasteland-record/1", "game": self.spec.name,
                  "rules_version": self.game.rules_version, "config": self.config, "seed": self.seed,
                  "mode": "companion", "table_chance": self.table_chance}
        if self.config.get("params"):  # the session's tuned numbers (its config names them too)
            header["params"] = self.config["params"]
        return [header, *[{"action": s.notation, "policy": s.note} if s.source == "policy" and s.note
                          else s.notation for s in self.steps]]

    @classmethod
    def from_record(cls, spec: GameSpec, config: dict[str, Any], seed: int, steps: list[str],
                    name: str = "", policies: dict[int, str] | None = None) -> "Session":
        """A session rebuilt from a companion record's lines (``record_lines``): its chance
        answers and corrections replay as they were played, and a step the record says the
        policy chose (``policies``: step index -> the policy's key) is the one the policy
        chooses there; a RuleError names the first step that does not apply."""
        session = cls(spec, "record", config, seed, name)
        policies = policies or {}
        chosen = [Step(s, "policy", policies[i]) if i in policies else Step(s, "edit" if is_edit(s) else "table")
                  for i, s in enumerate(steps)]
        session.replay(chosen)
        for i in sorted(policies):
            session._check_policy(i)
        return session

    def _check_policy(self, index: int) -> None:
        """Step ``index``, recorded as the policy's choice, is what the policy chooses there."""
        step, before = self.steps[index], self.played[index].before
        d = self.game.decision(before)
        found = self.spec.decide_for(before, d) if d is not None and self.spec.auto_decide else None
        found = tuple(found) if found else None
        if found != (step.notation, step.note):
            chose = f"chooses {found[0]!r} by {found[1]!r}" if found else "takes no decision there"
            raise RuleError(d.rule if d is not None else "", f"step {index + 1} ({step.notation!r}) is recorded "
                            f"as the policy's choice by {step.note!r}, but the policy {chose}")

    def scenario_text(self) -> str:
        ref = self.spec.scenario_writer
        if not ref:
            raise EditError("scenario", f"{self.spec.title} cannot write its positions as scenarios yet")
        return load_ref(ref)(self.state)
