"""One game in the terminal: the true state, the seats, the record file, and the loop
that asks people and lets bots play.

A :class:`Session` holds the true game state but draws only the deciding person's
``view``: hidden cards, deck orders and face-down tiles never reach the screen. After
every action the record file is appended to (``core.record``), so a game can always be
resumed with ``--load``. ``undo`` takes back one's own last action while it revealed
nothing hidden and no other seat has acted since; the record file is rewritten to match.
What is drawn and how the game's words read comes from the game's terminal renderer
(``spec.terminal``); the session knows no game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from wasteland.core.protocol import Decision, Event, Game, RuleError
from wasteland.core.spec import TerminalRenderer
from wasteland.core.record import GameRecord, RecordError, RecordWriter
from wasteland.core.terminal import numbered

from .events import event_lines
from .prompt import ask_person, error, read_line
from .seats import HUMAN, bot_action
from .words import bot_word, say


@dataclass
class Step:
    before: Any  # the state before the action (never mutated: game.apply copies)
    action: str
    seat: int
    revealed: bool


class Session:
    def __init__(self, game: Game, renderer: TerminalRenderer, console: Console, record: GameRecord, seats: list[Any],
                 record_path: Path, ask: Callable[[str], str] = read_line, lang: str = "en",
                 layout: str = "auto") -> None:
        self.game = game
        self.lang = lang  # of everything drawn and said (en, ru, uk)
        self.renderer = renderer.in_language(lang)
        self.console = console
        self.record = record
        self.seats = seats  # "human" or an agent, per seat
        self.record_path = record_path
        self.ask = ask
        self.history: list[Step] = []
        self.state: Any = None
        self.labels: list[str] = []  # "p1", or "p1 red": how each seat is named
        self.last_drawn: tuple[Any, ...] | None = None
        self.dirty = True
        self.log: list[Any] = []  # everything said since the start, for a person taking over
        self.seen: dict[int, int] = {}  # per person: how much of the log they have seen
        self.last_human: int | None = None
        self.layout = layout  # see screen.py: one frame per question, or the scrolling log
        self.unshown: list[Any] = []  # said while a person waits: printed below the board, not above it
        self.frame_from = 0  # where in the log the last question's frame started

    # -- set-up --------------------------------------------------------------------

    @property
    def humans(self) -> set[int]:
        return {i for i, s in enumerate(self.seats) if s == HUMAN}

    @property
    def viewers(self) -> set[int] | None:
        """Whose hidden draws the log may name: the one person at the keyboard; nobody's when
        several people share it (each sees their own cards in the panel); everybody's when
        only bots play."""
        humans = self.humans
        if not humans:
            return None
        return humans if len(humans) == 1 else set()

    def who(self, seat: int) -> str:
        """``p2``, or ``p2 blue`` in a game of coloured clans (the renderer's label)."""
        return self.labels[seat] if seat < len(self.labels) else f"p{seat + 1}"

    def say(self, *items: Any) -> None:
        """Print, or, when a person plays, keep until their next question: the board is drawn
        first and what happened (the raiders' activation) right below it, in view."""
        for item in items:
            self.log.append(item)
            if self.humans:
                self.unshown.append(item)
            else:
                self.console.print(item)

    def flush(self) -> None:
        for item in self.unshown:
            self.console.print(item)
        self.unshown.clear()

    def hand_over(self, seat: int) -> None:
        """Between two people at one keyboard: hide the last one's cards, then show the new
        one what happened since they last played."""
        if self.console.is_terminal:
            self.console.clear()
        self.ask(say(self.lang, "hand_over", seat=self.who(seat)))
        missed = self.log[self.seen.get(seat, 0):]
        self.unshown.clear()  # what they missed is shown now, in full
        if missed:
            self.console.print(Rule(say(self.lang, "since", seat=self.who(seat)), style="dim"))
            for item in missed[-80:]:
                self.console.print(item)
        self.last_drawn = None

    def start(self) -> list[Event]:
        """Set the game up and replay the record's actions; the set-up events."""
        state, events = self.game.new_game_with_events(self.record.config, self.record.seed)
        for index, action in enumerate(self.record.actions):
            d = self.game.decision(state)
            if d is None:
                raise RecordError(f"action {index + 1} ({action!r}) comes after the end of the game")
            try:
                nxt, _ = self.game.apply(state, action)
            except RuleError as exc:
                raise RecordError(f"action {index + 1} ({action!r}) does not replay: {exc}") from None
            self.history.append(Step(state, action, d.seat, self.game.reveals_hidden(state, nxt)))
            state = nxt
        self.state = state
        view = self.game.view(state, None)
        self.labels = [self.renderer.seat_label(view, seat) for seat in range(len(self.seats))]
        self.writer = RecordWriter(self.record_path, self.record)
        return events

    def _rewrite_record(self) -> None:
        self.writer = RecordWriter(self.record_path, self.record)

    # -- the loop ------------------------------------------------------------------

    def run(self) -> None:
        while True:
            d = self.game.decision(self.state)
            if d is None:
                self.game_over()
                return
            if self.seats[d.seat] == HUMAN:
                action = ask_person(self, d)
                if action is None:
                    continue  # undo: decide again
            else:
                agent = self.seats[d.seat]
                action, failed = bot_action(self.game, self.state, d, agent, len(self.history))
                if failed:
                    self.say(Text(failed, style="bold red"))
                label = Text(f"{self.who(d.seat)} ({self.bot_name(agent.name)}): ", style="bold")
                label.append(self.action_words(d, action), style="bold green")
                self.say(label)
            self.play(d, action)

    def action_words(self, d: Decision, action: str) -> str:
        """An action as the log shows it, in the renderer's words: in English too, where a
        notation may spell a data id, say a place's)."""
        return self.renderer.action_text(action, self.game.view(self.state, d.seat))

    def bot_name(self, name: str) -> str:
        return bot_word(self.lang, name)

    def play(self, d: Decision, action: str) -> None:
        before = self.state
        after, events = self.game.apply(before, action)
        self.history.append(Step(before, action, d.seat, self.game.reveals_hidden(before, after)))
        self.state = after
        self.writer.append([action])
        self.dirty = True
        self.say(*event_lines(self.game, self.renderer, events, self.viewers))

    def draw(self, seat: int | None, d: Decision | None, coords: bool = False) -> None:
        view = self.game.view(self.state, seat)
        marks = {}
        if d is not None and seat == d.seat:
            order = numbered(d.actions)
            marks = self.renderer.hex_marks(d.actions, {a: i + 1 for i, a in enumerate(order)})
        self.console.print(self.renderer.render_board(view, self.console.width, marks, coords))
        self.last_drawn = self.drawing(seat, view, marks)

    def drawing(self, seat: int | None, view: dict[str, Any], marks: dict[str, str]) -> tuple[Any, ...]:
        """What the board would look like: redrawn only when this changes."""
        return (seat if seat is not None else -1, self.renderer.map_signature(view), tuple(sorted(marks.items())))

    # -- taking back, saving, the end -------------------------------------------------

    def undo(self, d: Decision) -> bool:
        if not self.history:
            error(self, say(self.lang, "nothing_to_undo"))
            return False
        last = self.history[-1]
        if last.seat != d.seat:
            error(self, say(self.lang, "not_own", action=last.action, seat=self.who(last.seat)))
            return False
        if last.revealed:
            error(self, say(self.lang, "revealed", action=last.action))
            return False
        self.history.pop()
        self.state = last.before
        self.record.actions.pop()
        self._rewrite_record()
        self.dirty = True
        self.last_drawn = None
        self.console.print(Text(say(self.lang, "took_back", seat=self.who(last.seat), action=last.action),
                                style="bold yellow"))
        return True

    def save(self, path: str | None) -> None:
        target = Path(path) if path else self.record_path
        try:
            GameRecord(self.record.game, self.record.rules_version, self.record.config, self.record.seed,
                       list(self.record.actions), params=dict(self.record.params)).save(target)
        except OSError as exc:
            error(self, f"cannot save to {target}: {exc.strerror}")
            return
        self.console.print(say(self.lang, "saved", n=len(self.record.actions), path=target, game=self.record.game),
                           highlight=False, soft_wrap=True, markup=False)

    def game_over(self) -> None:
        humans = sorted(self.humans)
        seat = humans[0] if humans else None
        self.draw(seat, None)
        self.flush()
        outcome = self.game.outcome(self.state)
        winners = ", ".join(self.who(w) for w in outcome.winners) if outcome else ""
        text = Text(say(self.lang, "game_over"), style="bold white on red")
        reason = ""
        if outcome is not None:
            reason = self.renderer.end_reason(outcome)
        text.append("  " + (say(self.lang, "winners", winners=winners) if winners else say(self.lang, "everybody_loses"))
                    + f" — {reason}", style="bold")
        self.console.print(text)
        self.console.print(say(self.lang, "record_note", path=self.record_path), highlight=False,
                           soft_wrap=True, markup=False)
