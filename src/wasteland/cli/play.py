"""Playing Saltlands or Age of Thirst in the terminal (``wasteland play``) and stepping
through a record (``wasteland replay``).

What differs between the games (the renderer, the verbs' help, how events are styled) is
a :class:`GameUI`, chosen by :func:`ui_for`; the session loop is shared.

A :class:`Session` holds the true game state, but draws only the deciding person's
``view``: hidden cards, deck orders and face-down tiles never reach the screen. People
answer by option number or by action text in notation; bots play their seats by
themselves while their events are printed. After every action the record file is
rewritten or appended (``core.record``) so a game can always be resumed with
``--load``. ``undo`` takes back one's own last action while it revealed nothing hidden
and no other seat has acted since; the record file is rewritten to match.

Every question ends with ``"> "`` and nothing else printed does, so a program driving
the terminal (the tests use pexpect) can tell when input is wanted.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from wasteland.core.protocol import Decision, Event, RuleError
from wasteland.core.record import GameRecord, RecordError, RecordWriter

from . import render, render_aot

HUMAN_NAMES = ("human", "person", "me", "you")

#: What each verb does, with its rule, for ``help``.
VERB_HELP: dict[str, tuple[str, str, str]] = {
    "move": ("move X,Y [fuel N]", "move your vehicle to hex X,Y, once per turn; a sail follows the wind, "
             "Fuel cards add 3 steps to a motorized move", "SL §78–§84"),
    "collect": ("collect X,Y by CREW", "a crew member collects the token on an adjacent hex", "SL §73–§77"),
    "use": ("use CARD [by CREW] [at X,Y | tile tA,B]", "use a card's action (CARD/2 = its second option); "
            "crew actions engage a crew member; attacks name the adjacent hex", "SL §63–§69"),
    "refresh": ("refresh CREW", "refresh a crew member and the last card it engaged", "SL §65"),
    "trade": ("trade pN", "ask the player on an adjacent hex to trade", "SL §72"),
    "give": ("give CARD to pN", "give a card to an adjacent player", "SL §72"),
    "ability": ("ability", "use your character's special ability", "SL §71, §135"),
    "discard": ("discard CARD", "discard a card (any time in your turn; to get down to the hand limit; "
                "when an effect makes you)", "SL §55, §134"),
    "end": ("end", "end your turn; raiders activate (or the weather phase runs)", "SL §46–§47"),
    "character": ("character NAME", "choose the character you play", "SL §44"),
    "enter": ("enter X,Y", "put your figure on the board at hex X,Y", "SL §45"),
    "heal": ("heal CARD", "stop damage with a healing card", "SL §89"),
    "armor": ("armor CARD", "discard one-time armor to stop damage", "SL §88"),
    "lose": ("lose CREW", "discard a crew card to stop one point of damage", "SL §85"),
    "yield": ("yield CARD", "hand a Victory card to the robber", "SL §122"),
    "activate": ("activate TYPE", "reveal the damage card of this raider type and activate its raiders",
                 "SL §100"),
    "raider": ("raider X,Y", "the raider at X,Y acts next", "SL §101"),
    "chase": ("chase pN", "the raider heads for this (equally near) player", "SL §105–§106"),
    "goto": ("goto X,Y", "the raider ends its move on this (equally good) hex", "SL §106"),
    "attack": ("attack pN", "the raider attacks this adjacent player", "SL §102"),
    "spawn": ("spawn X,Y", "a new raider appears on this spawn point", "SL §107"),
    "top": ("top", "follow the top option of the rumor card", "SL §109"),
    "bottom": ("bottom", "follow the bottom option of the rumor card", "SL §109"),
    "replace": ("replace CARD", "put the new card in this card's slot (the old one is discarded)", "SL §54"),
    "done": ("done", "finish giving cards in the trade", "SL §72"),
    "accept": ("accept", "accept the offered card", "SL §72"),
    "decline": ("decline", "decline the offered card", "SL §72"),
    "take": ("take CARD", "take the Fuel card from the discard pile", "SL §135"),
    "pass": ("pass", "do not take it", "SL §135"),
}

COMMANDS_HELP = ("Answer with an option's number or its text in notation (e.g. 'move 3,-4'); the text after "
                 "the verb is enough when it is unique (e.g. '3,-4').\n"
                 "Commands: help [CARD] (this, or what a card does) · board (redraw; 'board coords' shows hex "
                 "coordinates) · undo (take back your last action) · save [FILE] · quit")

RAIDER_EVENTS = ("damage_card", "raider_move", "raider_stays", "spawn_check", "spawn", "attacked",
                 "raider_wounded", "raider_destroyed")


class Quit(Exception):
    """The person asked to stop (quit, end of input or Ctrl-C)."""


@dataclass
class Step:
    before: Any  # the state before the action (never mutated: GAME.apply copies)
    action: str
    seat: int
    revealed: bool


def _input(prompt: str) -> str:
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        raise Quit() from None


def _enable_line_editing() -> None:
    if not sys.stdin.isatty():
        return
    try:
        import readline

        readline.parse_and_bind("set enable-bracketed-paste off")
    except Exception:  # pragma: no cover - readline is optional
        pass


def public_event(game: Any, event: Event, viewers: set[int] | None) -> Event:
    """The event as the people at the keyboard may see it (None: everything, as in a
    replay of a finished game); which events hide a card is the game's rule."""
    if viewers is None:
        return event
    seat = event.get("seat")
    return game.event_view(event, seat if seat in viewers else None)


def print_events(console: Console, game: Any, events: list[Event], viewers: set[int] | None,
                 ui: "GameUI | None" = None) -> None:
    for line in event_lines(game, events, viewers, ui):
        console.print(line)


def saltlands_event_style(kind: str | None) -> str:
    if kind in RAIDER_EVENTS:
        return "red"
    if kind in ("weather", "round_end"):
        return "cyan"
    if kind in ("death", "eliminated", "game_over"):
        return "bold red"
    if kind in ("explore", "token_placed", "rumor", "rumor_drawn", "marker_move"):
        return "magenta"
    return ""


def aot_event_style(kind: str | None) -> str:
    if kind in ("hit", "removed", "level_reset", "barred"):
        return "red"
    if kind in ("eye", "game_over"):
        return "bold bright_cyan"
    if kind in ("water", "pumps_lost"):
        return "bright_blue"
    if kind in ("bunker_drawn", "inject", "tower_drawn", "ray", "market", "bonus_card", "statuses_expire",
                "injections_expire"):
        return "magenta"
    if kind in ("buy", "upgrade", "grow"):
        return "green"
    return ""


def event_lines(game: Any, events: list[Event], viewers: set[int] | None, ui: "GameUI | None" = None) -> list[Any]:
    """The events in words, one renderable each, styled by what they are about."""
    ui = ui or SALTLANDS_UI
    out: list[Any] = []
    for e in events:
        kind = e.get("type")
        text = game.describe(public_event(game, e, viewers))
        if kind == ui.turn_event:
            out.append(Rule(Text(text), style="cyan"))
            continue
        out.append(Text("  " + text, style=ui.event_style(kind)))
    return out


def card_help(name: str) -> str | None:
    """What a card does, from the content data (None if no such card)."""
    content = render._content()
    cid = name.split("#", 1)[0].split("/", 1)[0].lower()
    card = content.cards.get(cid)
    if card is None:
        return None
    lines = [f"{card.name} ({card.id}): {card.deck} deck, {card.slot} card"
             + (f", hand limit {card.hand_limit}" if card.hand_limit else "")
             + (f", armor {card.armor}" if card.armor else "")
             + (", crew member" if card.crew else "") + (", Fuel (+3 to a motorized move)" if card.fuel else "")]
    if card.vehicle is not None:
        v = card.vehicle
        lines.append(f"  vehicle: {v.movement}" + (f" {v.move}" if v.move else "") + f" over {', '.join(v.terrain)}")
    for i, act in enumerate(card.actions):
        bits = [act.effect]
        if act.effect in ("damage", "heal", "armor", "refresh", "draw", "reconstruction", "lure"):
            bits.append(str(act.amount))
        if act.area:
            bits.append(f"area {act.area} (turn it: rot 0-5, SL §143)")
        if act.effect == "damage":
            bits.append("armor-piercing" if act.damage_type == "ap" else "normal")
        if act.effect == "draw":
            bits.append(f"from the {act.deck} deck")
        if act.get:
            bits.append(act.get)
        if act.take:
            bits.append("/".join(act.take))
        if act.cost:
            bits.append(f"(costs a {act.cost} card)")
        quals = [q for q, on in (("crew action", act.crew_action), ("one-time", act.one_time)) if on]
        lines.append(f"  option {i + 1}: {' '.join(bits)}" + (f" — {', '.join(quals)}" if quals else ""))
    if card.cite:
        lines.append(f"  [{card.cite}]")
    return "\n".join(lines)


@dataclass(frozen=True)
class GameUI:
    """How one game is shown and explained in the terminal."""

    game: str
    title: str
    title_style: str
    render_board: Callable[..., Any]  # (view, width, marks, coords) -> renderable
    hex_marks: Callable[..., dict[str, str]]  # (actions, numbers) -> hex -> mark
    map_signature: Callable[[dict[str, Any]], str]
    render_status: Callable[[dict[str, Any]], Any]
    render_options: Callable[..., Any]  # (actions, width) -> Text
    card_help: Callable[[str], str | None]
    verb_help: dict[str, tuple[str, str, str]]
    commands_help: str
    redraw_kinds: tuple[str, ...]  # decisions that always show the board when something changed
    turn_event: str
    event_style: Callable[[str | None], str]
    verb_alone: bool = False  # a verb with one option stands for it ("end" -> "end phase")
    seat_names: Callable[[Any], list[str]] = field(default=lambda state: [])  # colours after "pN"


SALTLANDS_UI = GameUI(
    "saltlands", "SALTLANDS", "bold black on yellow", render.render_board, render.hex_marks, render.map_signature,
    render.render_status, render.render_options, card_help, VERB_HELP, COMMANDS_HELP,
    ("turn", "enter", "character"), "turn_start", saltlands_event_style)

AOT_UI = GameUI(
    "age-of-thirst", "AGE OF THIRST", "bold black on bright_cyan", render_aot.render_board, render_aot.hex_marks,
    render_aot.map_signature, render_aot.render_status, render_aot.render_options, render_aot.card_help,
    render_aot.VERB_HELP, render_aot.COMMANDS_HELP, ("tactical", "economic", "first"), "turn", aot_event_style,
    verb_alone=True, seat_names=lambda state: list(state.colour))

UIS = {ui.game: ui for ui in (SALTLANDS_UI, AOT_UI)}


def ui_for(game: str) -> GameUI | None:
    return UIS.get(game)


class Session:
    def __init__(self, game: Any, console: Console, record: GameRecord, seats: list[Any],
                 record_path: Path, ask: Callable[[str], str] = _input, ui: GameUI | None = None) -> None:
        self.ui = ui or SALTLANDS_UI
        self.game = game
        self.console = console
        self.record = record
        self.seats = seats  # "human" or an agent, per seat
        self.record_path = record_path
        self.ask = ask
        self.history: list[Step] = []
        self.state: Any = None
        self.last_drawn: tuple[int, str] | None = None
        self.dirty = True
        self.log: list[Any] = []  # everything said since the start, for a person taking over
        self.seen: dict[int, int] = {}  # per person: how much of the log they have seen
        self.last_human: int | None = None

    # -- set-up --------------------------------------------------------------------

    @property
    def humans(self) -> set[int]:
        return {i for i, s in enumerate(self.seats) if s == "human"}

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
        """``p2``, or ``p2 blue`` in a game of coloured clans."""
        names = self.ui.seat_names(self.state) if self.state is not None else []
        return f"p{seat + 1} {names[seat]}" if seat < len(names) else f"p{seat + 1}"

    def say(self, *items: Any) -> None:
        for item in items:
            self.console.print(item)
            self.log.append(item)

    def hand_over(self, seat: int) -> None:
        """Between two people at one keyboard: hide the last one's cards, then show the new
        one what happened since they last played."""
        if self.console.is_terminal:
            self.console.clear()
        self.ask(f"p{seat + 1} to play: hand over the keyboard, then press Enter > ")
        missed = self.log[self.seen.get(seat, 0):]
        if missed:
            self.console.print(Rule(f"since p{seat + 1} last played", style="dim"))
            for item in missed[-80:]:
                self.console.print(item)
        self.last_drawn = None

    def start(self) -> list[Event]:
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
            if self.seats[d.seat] == "human":
                action = self.human(d)
                if action is None:
                    continue  # undo: decide again
            else:
                agent = self.seats[d.seat]
                from wasteland.core.agent import Observation

                try:
                    action = agent.choose(Observation(self.game, self.state, d))
                    if action not in d.actions:
                        raise RuleError(d.rule, f"{action!r} is not a legal action")
                except Exception as exc:  # a broken bot must not end a person's game
                    action = random.Random(len(self.history)).choice(list(d.actions))
                    self.say(Text(f"p{d.seat + 1} ({agent.name}) failed ({exc}); it plays a random legal "
                                  "action instead", style="bold red"))
                label = Text(f"{self.who(d.seat)} ({agent.name}): ", style="bold")
                label.append(action, style="bold green")
                self.say(label)
            self.play(d, action)

    def play(self, d: Decision, action: str) -> None:
        before = self.state
        after, events = self.game.apply(before, action)
        self.history.append(Step(before, action, d.seat, self.game.reveals_hidden(before, after)))
        self.state = after
        self.writer.append([action])
        self.dirty = True
        self.say(*event_lines(self.game, events, self.viewers, self.ui))

    # -- a person's decision -------------------------------------------------------

    def draw(self, seat: int | None, d: Decision | None, coords: bool = False) -> None:
        view = self.game.view(self.state, seat)
        marks = {}
        if d is not None and seat == d.seat:
            order = render.numbered(d.actions)
            marks = self.ui.hex_marks(d.actions, {a: i + 1 for i, a in enumerate(order)})
        self.console.print(self.ui.render_board(view, self.console.width, marks, coords))
        self.last_drawn = (seat if seat is not None else -1, self.ui.map_signature(view))

    def show_question(self, d: Decision) -> None:
        head = Text(f"{self.who(d.seat)} — {d.prompt}", style="bold bright_yellow")
        head.append(f"  [{d.rule}]", style="dim")
        self.console.print(head)
        self.console.print(self.ui.render_options(d.actions, self.console.width))

    def human(self, d: Decision) -> str | None:
        """Ask the deciding person until they give a legal action (or undo / quit)."""
        if len(self.humans) > 1 and self.last_human is not None and self.last_human != d.seat:
            self.hand_over(d.seat)
        self.last_human = d.seat
        self.seen[d.seat] = len(self.log)
        view = self.game.view(self.state, d.seat)
        order = render.numbered(d.actions)
        has_marks = bool(self.ui.hex_marks(d.actions, {a: i + 1 for i, a in enumerate(order)}))
        sig = (d.seat, self.ui.map_signature(view))
        if (self.last_drawn != sig or has_marks
                or (self.dirty and d.kind in self.ui.redraw_kinds)):
            self.draw(d.seat, d)
        elif self.dirty:
            self.console.print(self.ui.render_status(view))
        self.dirty = False
        self.show_question(d)
        prompt = f"p{d.seat + 1} {d.kind} (1-{len(order)}, help) > "
        while True:
            entry = " ".join(self.ask(prompt).split())
            if not entry:
                continue
            word, _, arg = entry.partition(" ")
            low = word.lower()
            if low in ("help", "?"):
                self.help(d, arg)
            elif low == "board":
                self.draw(d.seat, d, coords=arg.strip().lower() == "coords")
                self.show_question(d)
            elif low == "undo":
                if self.undo(d):
                    return None
            elif low == "save":
                self.save(arg.strip() or None)
            elif low in ("quit", "exit"):
                raise Quit()
            else:
                action = self.resolve(entry, d, order)
                if action is not None:
                    echo = Text(f"{self.who(d.seat)}: ", style="bold")
                    echo.append(action, style="bold green")
                    self.say(echo)
                    return action

    def resolve(self, entry: str, d: Decision, order: list[str]) -> str | None:
        if entry.isdigit():
            n = int(entry)
            if 1 <= n <= len(order):
                return order[n - 1]
            self.error(f"there is no option {n}: choose a number from 1 to {len(order)}")
            return None
        if entry in d.actions:
            return entry
        lowered = entry.lower()
        exact = [a for a in d.actions if a.lower() == lowered]
        if len(exact) == 1:
            return exact[0]
        tails = [a for a in d.actions if " " in a and a.split(" ", 1)[1].lower() == lowered]
        if len(tails) == 1:
            return tails[0]
        if len(tails) > 1:
            self.error(f"'{entry}' could be any of: {', '.join(tails)}")
            return None
        if self.ui.verb_alone and " " not in lowered:
            by_verb = [a for a in d.actions if a.split(" ", 1)[0].lower() == lowered]
            if len(by_verb) == 1:
                return by_verb[0]
        try:
            self.game.apply(self.state, entry, d.seat)
        except RuleError as exc:
            self.error(f"'{entry}' is not allowed: {exc}")
            return None
        return entry  # pragma: no cover - legal actions are matched above

    def error(self, message: str) -> None:
        self.console.print(Text("✗ " + message, style="bold red"))
        self.console.print(Text("  (type a number from the list, or 'help')", style="dim"))

    def help(self, d: Decision, arg: str) -> None:
        arg = arg.strip()
        if arg:
            info = self.ui.card_help(arg)
            if info is None and arg in self.ui.verb_help:
                form, text, rule = self.ui.verb_help[arg]
                info = f"{form}: {text} [{rule}]"
            self.console.print(info if info is not None else f"no card or verb called {arg!r}", highlight=False,
                               markup=False)
            return
        out = Text()
        out.append(f"Decision '{d.kind}' for p{d.seat + 1}: {d.prompt} [{d.rule}]\n", style="bold")
        out.append("What you can do here:\n")
        for verb, group in render.group_actions(d.actions):
            form, text, rule = self.ui.verb_help.get(verb, (verb, "", ""))
            out.append(f"  {form}", style="bold cyan")
            out.append(f" — {text} [{rule}] ({len(group)} option{'s' if len(group) != 1 else ''})\n")
        out.append(self.ui.commands_help)
        self.console.print(out)

    def undo(self, d: Decision) -> bool:
        if not self.history:
            self.error("nothing to undo: no action has been played yet")
            return False
        last = self.history[-1]
        if last.seat != d.seat:
            self.error(f"the last action ('{last.action}') was p{last.seat + 1}'s: you can take back only "
                       "your own actions, and only until another seat has acted")
            return False
        if last.revealed:
            self.error(f"'{last.action}' revealed hidden information (a card, a tile or a random result): "
                       "it cannot be taken back")
            return False
        self.history.pop()
        self.state = last.before
        self.record.actions.pop()
        self._rewrite_record()
        self.dirty = True
        self.last_drawn = None
        self.console.print(Text(f"↶ took back p{last.seat + 1}'s '{last.action}'", style="bold yellow"))
        return True

    def save(self, path: str | None) -> None:
        target = Path(path) if path else self.record_path
        try:
            GameRecord(self.record.game, self.record.rules_version, self.record.config, self.record.seed,
                       list(self.record.actions)).save(target)
        except OSError as exc:
            self.error(f"cannot save to {target}: {exc.strerror}")
            return
        self.console.print(f"Saved {len(self.record.actions)} actions to {target}. "
                           f"Resume with: wasteland play {self.ui.game} --load {target}", highlight=False, soft_wrap=True,
                           markup=False)

    def game_over(self) -> None:
        humans = sorted(self.humans)
        seat = humans[0] if humans else None
        self.draw(seat, None)
        outcome = self.game.outcome(self.state)
        winners = ", ".join(self.who(w) for w in outcome.winners) if outcome else ""
        text = Text("GAME OVER", style="bold white on red")
        text.append("  " + (f"winners: {winners}" if winners else "everybody loses")
                    + f" — {outcome.reason if outcome else ''}", style="bold")
        self.console.print(text)
        self.console.print(f"The game record is in {self.record_path} "
                           f"(step through it with: wasteland replay {self.record_path})", highlight=False, soft_wrap=True, markup=False)


# -- the commands ----------------------------------------------------------------------


def _fail(console: Console, message: str) -> int:
    console.print(Text(message, style="bold red"))
    return 2


def _make_seats(names: list[str], seed: int, game: str = "saltlands") -> list[Any] | str:
    from wasteland.agents.registry import bot_names, make_agent

    seats: list[Any] = []
    for i, name in enumerate(names):
        if name in HUMAN_NAMES:
            seats.append("human")
            continue
        try:
            seats.append(make_agent(name, seed=seed * 7 + i, game=game))
        except Exception as exc:  # unknown name, or a bot whose module does not exist yet
            from wasteland.core.registry import get_spec

            choices = ", ".join(("human", *bot_names(get_spec(game))))
            return f"cannot seat bot {name!r} at p{i + 1}: {exc} (seat kinds: {choices})"
    return seats


def _saltlands_config(players: int | None, names_given: list[str] | None, mode: str | None,
                      difficulty: str | None, characters: str | None, expansion: bool,
                      variants: list[str] | None) -> tuple[int, dict[str, Any]]:
    chars_given = [c.strip() for c in characters.split(",")] if characters else None
    n = players if players is not None else len(names_given or chars_given or [None])
    config: dict[str, Any] = {"players": n}
    if mode:
        config["mode"] = mode
    if difficulty:
        config["difficulty"] = difficulty
    if chars_given:
        config["characters"] = chars_given
    # Lost in the Desert (SL §140) and its variants (SL §148-§152); epic brings the
    # expansion's components (SL §150).
    chosen_variants = [v.strip() for item in (variants or []) for v in item.replace("+", ",").split(",")
                       if v.strip()]
    if expansion or "epic" in chosen_variants:
        config["expansion"] = True
    if chosen_variants:
        config["variants"] = chosen_variants
    return n, config


def _aot_config(players: int | None, names_given: list[str] | None, mode: str | None,
                teams: str | None) -> tuple[int, dict[str, Any]]:
    """Age of Thirst: players 2-6 (default: one per --seats entry, the team format's count,
    else 2), mode, teams (LO-4.1, LO-13)."""
    n = players
    if n is None and teams:
        from wasteland.games.age_of_thirst.config import TEAM_FORMATS

        n = TEAM_FORMATS[teams][0] if teams in TEAM_FORMATS else None
    if n is None:
        n = len(names_given) if names_given else 2
    config: dict[str, Any] = {"players": n}
    if mode:
        config["mode"] = mode
    if teams:
        config["teams"] = teams
    return n, config


def play_command(game: str = "saltlands", players: int | None = None, seats: str | None = None,
                 mode: str | None = None, difficulty: str | None = None, characters: str | None = None,
                 seed: int | None = None, load: Path | None = None, record: Path | None = None,
                 console: Console | None = None, expansion: bool = False,
                 variants: list[str] | None = None, teams: str | None = None) -> int:
    """``wasteland play``; returns the exit code."""
    console = console or Console(highlight=False)
    from wasteland.games import get_game

    try:
        g = get_game(game)
    except KeyError as exc:
        return _fail(console, str(exc.args[0]))
    ui = ui_for(g.name)
    if ui is None:
        return _fail(console, f"{game!r} cannot be played in the terminal; choose one of {', '.join(UIS)}")
    aot = g.name == "age-of-thirst"
    if aot:
        wrong = [name for name, value in (("--difficulty", difficulty), ("--characters", characters),
                                          ("--expansion", expansion or None), ("--variant", variants or None))
                 if value is not None]
        if wrong:
            return _fail(console, f"{', '.join(wrong)}: not an Age of Thirst option (it has --players, --mode, "
                                  "--teams)")
    elif teams is not None:
        return _fail(console, "--teams is an Age of Thirst option; Saltlands has no teams")

    if load is not None:
        try:
            rec = GameRecord.load(load)
        except RecordError as exc:
            return _fail(console, str(exc))
        if rec.game != g.name:
            return _fail(console, f"{load} is a record of {rec.game!r}, not {g.name!r}")
        if rec.rules_version != g.rules_version:
            console.print(Text(f"note: {load} was played under rules {rec.rules_version}, "
                               f"this is {g.rules_version}", style="yellow"))
        ignored = [name for name, value in (("--players", players), ("--mode", mode), ("--difficulty", difficulty),
                                            ("--characters", characters), ("--teams", teams), ("--seed", seed))
                   if value is not None]
        if ignored:
            console.print(Text(f"note: {', '.join(ignored)} ignored: the saved game's settings apply", style="yellow"))
        n = rec.config.get("players", 2 if aot else 1)
    else:
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)
        names_given = [s.strip().lower() for s in seats.split(",")] if seats else None
        if aot:
            n, config = _aot_config(players, names_given, mode, teams)
        else:
            n, config = _saltlands_config(players, names_given, mode, difficulty, characters, expansion, variants)
        rec = GameRecord(g.name, g.rules_version, config, seed, [])

    names = [s.strip().lower() for s in seats.split(",")] if seats else ["human"] + ["random"] * (n - 1)
    if len(names) != n:
        return _fail(console, f"--seats names {len(names)} seat(s) but the game has {n} player(s)")
    made = _make_seats(names, rec.seed, g.name)
    if isinstance(made, str):
        return _fail(console, made)

    if record is not None:
        path = record
    elif load is not None:
        path = load
    else:
        path = Path(f"{g.name}-{rec.seed}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl")
    session = Session(g, console, rec, made, path, ui=ui)
    try:
        setup_events = session.start()
    except RuleError as exc:  # a bad config (players, mode, difficulty, characters, teams)
        return _fail(console, str(exc))
    except RecordError as exc:
        return _fail(console, str(exc))
    except OSError as exc:
        return _fail(console, f"cannot write the record {path}: {exc.strerror}")

    title = Text(ui.title, style=ui.title_style)
    if aot:
        cfg = session.state.rules.to_config()
        title.append(f"  {cfg['mode']}" + (f", teams {cfg['teams']}" if cfg.get("teams") else "")
                     + f", {n} players, seed {rec.seed}", style="bold")
    else:
        cfg = session.state.static.rules.to_config()
        extras = (["Lost in the Desert"] if cfg.get("expansion") else []) + list(cfg.get("variants", []))
        title.append(f"  {cfg['mode']}, {cfg['difficulty']}, {n} player(s), seed {rec.seed}"
                     + (f", {' + '.join(extras)}" if extras else ""), style="bold")
    console.print(title)
    who = " · ".join(f"{session.who(i)} {'you' if s == 'human' else s.name}" for i, s in enumerate(made))
    console.print(f"Seats: {who}", highlight=False, markup=False)
    if aot and cfg.get("draw"):
        console.print("The colours were drawn at random; red starts (LO-4.5).", highlight=False)
    console.print(f"Saving after every action to {path} (resume: wasteland play {g.name} --load {path})",
                  highlight=False, soft_wrap=True, markup=False)
    console.print("Type a number or an action; 'help' explains the question.", style="dim")
    if load is not None:
        console.print(f"Resumed after {len(rec.actions)} action(s).", highlight=False)
    else:
        session.say(*event_lines(g, setup_events, session.viewers, ui))
    _enable_line_editing()
    try:
        session.run()
    except (Quit, KeyboardInterrupt):
        console.print(f"\nStopped. The game is saved in {path}; resume with: "
                      f"wasteland play {g.name} --load {path}", highlight=False, soft_wrap=True, markup=False)
    return 0


def replay_command(record: Path, auto: bool = False, seat: int | None = None,
                   console: Console | None = None) -> int:
    """``wasteland replay``; returns the exit code."""
    console = console or Console(highlight=False)
    from wasteland.games import get_game

    try:
        rec = GameRecord.load(record)
        g = get_game(rec.game)
    except RecordError as exc:
        return _fail(console, str(exc))
    except KeyError as exc:
        return _fail(console, str(exc.args[0]))
    ui = ui_for(g.name) or SALTLANDS_UI
    if seat is not None and not 1 <= seat <= rec.config.get("players", 1):
        return _fail(console, f"--seat must be a seat of this game (1-{rec.config.get('players', 1)})")
    try:
        state, setup_events = g.new_game_with_events(rec.config, rec.seed)
    except RuleError as exc:
        return _fail(console, f"{record}: bad config: {exc}")
    states = [state]
    seats: list[int | None] = [None]
    events: list[list[Event]] = [setup_events]
    for index, action in enumerate(rec.actions):
        d = g.decision(state)
        try:
            if d is None:
                raise RuleError("SL §114", "the game is over; no more actions")
            state, evs = g.apply(state, action)
        except RuleError as exc:
            return _fail(console, f"{record}: action {index + 1} ({action!r}) does not replay: {exc}")
        states.append(state)
        seats.append(d.seat)
        events.append(evs)
    total = len(rec.actions)
    viewers = {seat - 1} if seat is not None else None

    def show(i: int) -> None:
        if i == 0:
            console.print(Rule(f"Set-up (seed {rec.seed}) · {total} actions in the record", style="yellow"))
        else:
            who = seats[i]
            console.print(Rule(Text(f"Action {i}/{total} · p{who + 1}: {rec.actions[i - 1]}"), style="yellow"))
        print_events(console, g, events[i], viewers, ui)
        view_seat = seat - 1 if seat is not None else (seats[i] if i > 0 else (seats[1] if total else None))
        view = g.view(states[i], view_seat)
        console.print(ui.render_board(view, console.width))

    if auto:
        for i in range(total + 1):
            show(i)
        _replay_end(console, g, states[-1])
        return 0

    _enable_line_editing()
    i = 0
    show(i)
    while True:
        try:
            entry = _input(f"step {i}/{total} (Enter next, b back, NUMBER jump, q quit) > ").strip().lower()
        except Quit:
            return 0
        if entry in ("q", "quit", "exit"):
            return 0
        if entry == "":
            if i >= total:
                _replay_end(console, g, states[-1])
                return 0
            i += 1
        elif entry in ("b", "back"):
            if i == 0:
                console.print("[yellow]already at the set-up[/yellow]")
                continue
            i -= 1
        elif entry.isdigit() and 0 <= int(entry) <= total:
            i = int(entry)
        else:
            console.print(Text(f"✗ '{entry}': press Enter, b, q, or a step number from 0 to {total}",
                               style="bold red"))
            continue
        show(i)


def _replay_end(console: Console, game: Any, state: Any) -> None:
    outcome = game.outcome(state)
    if outcome is None:
        console.print(Text("End of the record (the game was not finished).", style="bold"))
    else:
        winners = ", ".join(f"p{w + 1}" for w in outcome.winners)
        console.print(Text(f"End of the record. GAME OVER: {('winners: ' + winners) if winners else 'everybody loses'}"
                           f" — {outcome.reason}", style="bold"))
