"""A text interface for agents that read and write words (language-model agents).

Per seat, :class:`TextTable` gives what a person at the terminal is given, in the words of
the game's page and terminal (``spec.renderer``: the board, the seat's status line, the
question; each action in words; each event in words):

* :meth:`TextTable.observation` — the seat's board and status and, when it must act, the
  question;
* :meth:`TextTable.legal_actions` — the seat's legal actions: each its notation (what an
  agent answers) with its description in words, and its index in the fixed action space;
* :meth:`TextTable.act` — play one action given as its notation (or its number in the list,
  or its index); the result is the events in words as the seat may see them (another seat's
  hidden cards stay hidden), or the refusal naming the rule it breaks, nothing changed.

Everything a seat reads comes from its own view and the events as shown to it, never the
true state. ``ScriptedAgent`` is an example agent that plays through the words alone (no
network): ``python -m wasteland.envs.text GAME`` plays a game with it and prints the
exchange.
"""

from __future__ import annotations

import argparse
import io
import random
import re
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from wasteland.core.notation import verb_of
from wasteland.core.protocol import RuleError

from .base import Table


@dataclass(frozen=True)
class TextAction:
    """A legal action: its notation (the answer), its words, its index in the action space."""

    notation: str
    description: str
    index: int | None

    def line(self, number: int) -> str:
        return f"{number}. {self.notation}" + (f" — {self.description}" if self.description else "")


class TextTable:
    """One game for text agents; every seat's words (see the module doc)."""

    def __init__(self, game: str, seed: int | None = None, lang: str = "en", width: int = 100,
                 **options: Any) -> None:
        self.table = Table(game, **options)
        self.renderer = self.table.spec.renderer
        if self.renderer is not None and lang != self.renderer.lang:
            self.renderer = self.renderer.in_language(lang)
        self.width = width
        self.table.new(seed)

    @property
    def to_act(self) -> int | None:
        """The seat the game waits on (None once it is over)."""
        d = self.table.decision()
        return d.seat if d is not None else None

    @property
    def over(self) -> bool:
        return self.table.outcome() is not None

    def _text(self, *renderables: Any) -> str:
        console = Console(file=io.StringIO(), width=self.width, color_system=None, force_terminal=False)
        for r in renderables:
            console.print(r)
        return console.file.getvalue().rstrip()  # type: ignore[attr-defined]

    def observation(self, seat: int) -> str:
        """The seat's board, status line and (when it must act) the question, in words."""
        view = self.table.view(seat)
        if self.renderer is None:
            return self.table.observer.string(view)
        parts: list[Any] = [self.renderer.render_board(view, self.width), self.renderer.render_status(view)]
        outcome = self.table.outcome()
        d = self.table.decision()
        if outcome is not None:
            won = "you won" if seat in outcome.winners else "you did not win"
            parts.append(f"The game is over: {outcome.reason} ({won}).")
        elif d is not None and d.seat == seat:
            parts.append(f"Your decision: {self.renderer.prompt_text(d, view)}")
        return self._text(*parts)

    def legal_actions(self, seat: int) -> list[TextAction]:
        """The seat's legal actions in the game's order (none when another seat acts)."""
        d = self.table.decision()
        if d is None or d.seat != seat:
            return []
        view = self.table.view(seat)
        space = self.table.actions
        out = []
        for action in d.actions:
            try:
                index = space.encode(action, self.table.state)
            except RuleError:
                index = None
            out.append(TextAction(action, self._describe(action, view), index))
        return out

    def _describe(self, action: str, view: dict[str, Any]) -> str:
        """The action in words: the terminal's words for it where they say more than its
        notation, then what its verb does and the rule (``verb_help``: "walk to an adjacent
        space (FO-13.1)")."""
        if self.renderer is None:
            return ""
        parts = []
        words = str(self.renderer.action_text(action, view))
        if words.strip().lower() != action.lower():
            parts.append(words)
        helped = self.renderer.verb_help(verb_of(action), self.renderer.lang)
        if helped is not None:
            _form, what, rule = helped
            parts.append(f"{what} ({rule})" if rule else what)
        return "; ".join(parts)

    def menu(self, seat: int) -> str:
        """The legal actions as numbered lines."""
        return "\n".join(a.line(k) for k, a in enumerate(self.legal_actions(seat), 1))

    def act(self, seat: int, answer: str | int) -> str:
        """Play the seat's answer: a notation, a number of the menu (``"3"``) or an index
        (an int). The events in words as the seat may see them, or the refusal."""
        legal = self.legal_actions(seat)
        if not legal:
            return "Refused: it is not your turn." if not self.over else "Refused: the game is over."
        action = self._read(answer, legal)
        if action is None:
            return f"Refused: {answer!r} is none of your {len(legal)} legal actions; answer one's notation or number."
        engine = self.table.engine
        try:
            state, events = engine.apply(self.table.state, action)
        except RuleError as exc:
            return f"Refused ({exc.rule}): {exc}"
        self.table.state = state
        lines = []
        for e in events:
            shown = engine.event_view(e, seat)
            text = self.renderer.event_text(engine, shown) if self.renderer is not None else str(shown)
            if text:
                lines.append(str(text))
        return "\n".join(lines) or f"Done: {action}."

    @staticmethod
    def _read(answer: str | int, legal: list[TextAction]) -> str | None:
        if isinstance(answer, int):
            return next((a.notation for a in legal if a.index == answer), None)
        text = answer.strip()
        if text.isdecimal() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1].notation
        return next((a.notation for a in legal if a.notation == text), None)


class ScriptedAgent:
    """An example agent that plays through the words alone, as a language model would be
    prompted: it reads the observation and the numbered menu and answers with a line. Its
    script: an action whose words say it wins, scores, fights or attacks first; else one that moves
    or explores; else (a third of the time, or when nothing else) the first line. It never
    sees a tensor or the state."""

    PREFER = (r"\b(win|victory|score|attack|fight|kill)", r"\b(move|explore|advance|buy|draw)")

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def answer(self, observation: str, menu: str) -> str:
        lines = [line for line in menu.splitlines() if line.strip()]
        if not lines:
            return ""
        for pattern in self.PREFER:
            found = [line for line in lines if re.search(pattern, line, re.IGNORECASE)]
            if found and self.rng.random() > 1 / 3:
                return self.rng.choice(found).split(".", 1)[0]
        return self.rng.choice(lines).split(".", 1)[0]


def play(game: str, seed: int = 0, max_turns: int = 2000, echo: Any = None, **options: Any) -> TextTable:
    """A game played by :class:`ScriptedAgent` in every seat through the text interface."""
    table = TextTable(game, seed=seed, **options)
    agents = {}
    for _ in range(max_turns):
        seat = table.to_act
        if seat is None:
            break
        agent = agents.setdefault(seat, ScriptedAgent(seed * 16 + seat))
        observation, menu = table.observation(seat), table.menu(seat)
        answer = agent.answer(observation, menu)
        result = table.act(seat, answer)
        if echo is not None:
            echo(f"--- seat {seat}\n{observation}\n{menu}\n> {answer}\n{result}")
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turns", type=int, default=60, help="answers to show")
    args = parser.parse_args(argv)
    table = play(args.game, args.seed, args.turns, echo=print)
    outcome = table.table.outcome()
    print(f"=== {'over: ' + outcome.reason if outcome else 'stopped after ' + str(args.turns) + ' answers'}")


if __name__ == "__main__":
    main()
