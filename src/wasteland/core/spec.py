"""What a game declares about itself, once, in its own package (OpenSpiel's
``_GAME_TYPE`` / ``_GAME_INFO`` / ``parameter_specification``).

Front ends, the simulator, the research environments and the conformance tests read
a :class:`GameSpec` and never name a game: the options a create-game form offers,
the values a simulation sweeps, the bots a lineup may seat, whether views hide
anything, where the terminal renderer and the browser's board module live.

A spec is cheap to import: it names the heavy parts (the game object, bots, the
renderer) by ``"module:attribute"`` and loads them on first use, so listing the
installed games (``wasteland games``, the lobby's ``/api``) loads no rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
import importlib
from typing import Any, Callable, Protocol, Sequence

from .actionspace import TemplateActions
from .notation import Notation
from .observation import ViewObservation
from .protocol import Game, RuleError
from .state_check import check_goes_on

#: the kinds of option value
#: ``int``: a whole number in [low, high]; ``choice``: one of ``values``;
#: ``bool``: true or false; ``names``: a list of distinct names from ``values`` (variants);
#: ``seats``: one name from ``values`` per seat, all distinct (characters, colours)
OPTION_KINDS = ("int", "choice", "bool", "names", "seats")
#: the bound of an ``int`` option whose rulebook gives none (a turn or round limit): no game
#: at a table lasts 10 000 rounds, and a larger number is only a way to make a game endless
OPTION_INT_LIMIT = 10_000


def _shown(value: Any) -> str:
    """A client's value in an error message, cut short (it may be huge)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def load_ref(ref: str) -> Any:
    """``"package.module:attribute"`` → the attribute (imported on first use)."""
    module, _, attr = ref.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class Option:
    """One option of a game's configuration."""

    name: str
    kind: str
    description: str
    default: Any = None  # None: the game derives it from the other options (see ``default_note``)
    values: tuple[Any, ...] = ()  # allowed values (choice, names, seats)
    low: int | None = None  # int bounds, inclusive
    high: int | None = None
    rule: str = ""  # the anchor of the rule behind the option
    default_note: str = ""  # how a derived default is chosen ("solo for one player, else classic")
    rulebook: bool = True  # False: not a rulebook option (a simulation bound), labelled as such
    sweep: bool = True  # the simulator may sweep it (a comma-separated list of values)
    hidden: bool = False  # an advanced option the create-game form leaves out

    def __post_init__(self) -> None:
        if self.kind not in OPTION_KINDS:
            raise ValueError(f"option {self.name}: kind must be one of {', '.join(OPTION_KINDS)}")

    def check(self, value: Any) -> None:
        """Refuse a value of the wrong type or out of range (a :class:`RuleError` naming the
        option). None stands for the default. Whether the value fits the other options
        (seats per player, combinations) is the game's own check (``normalize_config``)."""
        if value is None:
            return
        rule = self.rule or "config"
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise RuleError(rule, f"{self.name} must be true or false, not {_shown(value)}")
        elif self.kind == "int":
            # an option the rulebook leaves open still has a bound of the program (OPTION_INT_LIMIT)
            least = self.low if self.low is not None else -OPTION_INT_LIMIT
            most = self.high if self.high is not None else OPTION_INT_LIMIT
            if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
                raise RuleError(rule, f"{self.name} must be a whole number from {least} to {most}, "
                                f"not {_shown(value)}")
        elif self.kind == "choice":
            if not isinstance(value, str) or (self.values and value not in self.values):
                raise RuleError(rule, f"{self.name} must be one of {', '.join(map(str, self.values))}, "
                                f"not {_shown(value)}")
        else:  # names, seats: a list of names from values
            if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
                raise RuleError(rule, f"{self.name} must be a list of names, not {_shown(value)}")
            unknown = [v for v in value if self.values and v not in self.values]
            if unknown:
                raise RuleError(rule, f"{self.name}: unknown name {_shown(unknown[0])}; choose from "
                                f"{', '.join(map(str, self.values))}")
            if len(set(value)) != len(value):
                raise RuleError(rule, f"{self.name}: a name is given twice")

    def take(self, config: dict[str, Any], derived: Any = None) -> Any:
        """The option's value in ``config``, checked (:meth:`check`), else its default;
        ``derived`` stands in for a default the game derives from the other options. A
        game's ``normalize`` reads its options' range, values and default this way, so
        that they are written once, here."""
        value = config.get(self.name)
        if value is None:
            return self.default if derived is None else derived
        self.check(value)
        return value

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "description": self.description,
                               "default": self.default, "rule": self.rule, "rulebook": self.rulebook}
        if self.values:
            out["values"] = list(self.values)
        if self.low is not None:
            out["low"] = self.low
        if self.high is not None:
            out["high"] = self.high
        if self.default_note:
            out["default_note"] = self.default_note
        if self.hidden:
            out["hidden"] = True
        return out


@dataclass(frozen=True)
class BotSpec:
    """A bot the game offers beyond the shared ones (``random``, ``ismcts``)."""

    name: str
    description: str
    factory: str  # "module:attribute", called as factory(seed, **options) -> Agent
    options: dict[str, Any] = field(default_factory=dict)  # passed to the factory

    def make(self, seed: int, **options: Any) -> Any:
        return load_ref(self.factory)(seed, **{**self.options, **options})


@dataclass(frozen=True)
class Tally:
    """A count the simulator keeps for every game (a ``games.csv`` column and a mean in
    its summary): how many events of the given types the game produced."""

    name: str  # the column: "deaths"
    events: tuple[str, ...]  # the event types counted ("death", "eliminated")
    label: str = ""  # for the summary: "raiders destroyed" (default: the name)

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ")


@dataclass(frozen=True)
class Capabilities:
    hidden_information: bool = True  # views hide something (hands, deck order)
    chance: bool = True  # the game draws, shuffles or rolls
    search_guide: bool = False  # the game offers ISMCTS a guide (``GameSpec.guide``)
    teams: bool = False  # seats can share a victory
    simultaneous: bool = False


def skeleton(package: str) -> dict[str, str]:
    """The ``GameSpec`` references of a game whose package has the skeleton's modules, each
    job in the module of its name (docs/adding-a-game.md): its notation, action space,
    observation, tunable numbers, scenario reader and writer, search guide, card words,
    browser board and words, and rules reference. A game names the rest itself."""
    return {
        "package": package,
        "notation": f"{package}.notation:NOTATION",
        "actions": f"{package}.actions:ACTIONS",
        "observation": f"{package}.observation:OBSERVATION",
        "params": f"{package}.params:PARAMS",
        "scenario": f"{package}.scenario:scenario_from_text",
        "scenario_writer": f"{package}.scenario_write:to_text",
        "guide": f"{package}.guide:SearchGuide",
        "card_texts": f"{package}.texts:TEXTS",
        "web_board": "web/board.js",
        "web_texts": "web/i18n",
        "rules_texts": "rules",
    }


@dataclass(frozen=True)
class GameSpec:
    """Everything the rest of the code may know about one game."""

    name: str  # the registry key and CLI name: "dry-well"
    title: str  # for people: "Dry Well"
    rules_version: str  # records of another version are refused
    anchor_prefix: str  # "SL": every rule anchor of the game starts with it
    min_players: int
    max_players: int
    game: str  # "module:attribute" of the protocol object
    options: tuple[Option, ...] = ()
    bots: tuple[BotSpec, ...] = ()
    default_bot: str = "random"  # what ``watch`` and empty seats use
    tallies: tuple[Tally, ...] = ()  # what the simulator counts in every game (deaths...)
    capabilities: Capabilities = Capabilities()
    guide: str = ""  # "module:attribute" of the ISMCTS guide factory, called as guide(seed)
    scenario: str = ""  # "module:attribute" of ``from_text(text, origin) -> state`` (a ScenarioError names the field)
    scenario_doc: str = ""  # one line on the scenario format, and where its documentation is
    # "module:attribute" of ``to_text(state) -> str``: the state as scenario text that names
    # every part of it, so that ``load_scenario`` of the text gives the same state back
    # (a table entering its position, a test keeping one). Empty: the game writes none.
    scenario_writer: str = ""
    terminal: str = ""  # "module:attribute" of the terminal renderer (see ``cli``)
    web_board: str = ""  # the browser board module's file in the game's package ("web/board.js")
    web_texts: str = ""  # folder of the game's browser translations ("web/i18n")
    texts: str = ""  # "module:attribute" of the game's texts (cards, verbs)
    # The folder, in the game's package, of its rules reference: one TOML file per language
    # ("rules" -> rules/en.toml, rules/ru.toml, rules/uk.toml), anchor -> title and text in
    # our own words (read and checked by ``wasteland.core.rules_reference``).
    rules_texts: str = ""
    # "module:attribute" of the words of every card, character, token, unit kind and special
    # hex, in each language (``wasteland.core.card_texts.CardTexts``): help, hover, the API
    card_texts: str = ""
    package: str = ""  # the game's package, for its resources
    round_robin: tuple[str, ...] = ()  # bots a balance study plays against each other
    description: str = ""
    # Options a simulation, a soak or a test's random playout adds unless told otherwise:
    # endings that are not the rulebook's but keep a random game from running forever.
    simulation: dict[str, Any] = field(default_factory=dict)
    listing: int = 100  # rank in game lists (lower first); the first listed is the default game
    # Every anchor a rule of the game may cite, in its full form ("SL §84", "LO-8.3"): the
    # sections of its rulebook. The conformance tests hold each decision's ``rule`` and every
    # anchor in an error, event or end reason to this list.
    anchors: tuple[str, ...] = ()
    # The research environments (``wasteland.envs``): "module:attribute" of the game's fixed
    # action space (size, encode(action, state) -> index, decode(index, state) -> action; see
    # ``wasteland.core.actionspace``) and of its observation encoder (``wasteland.core.observation``).
    actions: str = ""
    observation: str = ""
    # "module:attribute" of the game's notation (``wasteland.core.notation.Notation``): the
    # one parser of its action texts; front ends send each legal action's parsed fields
    # (``Notation.fields``) so that no client parses a text again.
    notation: str = ""
    # "Decide ties for me" / "decide for us": "module:attribute" of the game's documented
    # policy ``decide(state, decision) -> (action, policy_text_key) | None``. It answers only
    # the choices it was written for (in a game, the ties of the enemy's turn) and returns
    # None for every other decision, which the player then takes as usual. The key names
    # the rule of the policy that chose, for the log; its words are in the game's texts
    # (``policy_text(key, lang)`` beside ``decide``, and the browser translations).
    auto_decide: str = ""
    # "module:attribute" of the game's tunable numbers (``wasteland.core.params.GameParams``)
    params: str = ""
    # "module:attribute" of ``seat_teams(config, state=None) -> list[int | None] | None``: the
    # team of each seat (0, 1, ...) in a team game, from the config or, where the seats choose
    # during set-up, from the state once known (None for a seat not known yet); None: no team
    # game. The lobby, the game page and the replay show it, naming no game (issue 25).
    seat_teams: str = ""

    # -- loading the heavy parts -------------------------------------------------

    @cached_property
    def engine(self) -> Game:
        """The protocol object (``wasteland.core.protocol.Game``)."""
        return load_ref(self.game)

    @cached_property
    def renderer(self) -> "TerminalRenderer | None":
        """The terminal renderer (:class:`TerminalRenderer`), or None if the game has none."""
        return load_ref(self.terminal) if self.terminal else None

    @cached_property
    def component_texts(self) -> Any:
        """The game's :class:`~wasteland.core.card_texts.CardTexts`, or None if it has none."""
        return load_ref(self.card_texts) if self.card_texts else None

    @cached_property
    def action_space(self) -> "TemplateActions | None":
        """The fixed action space (``actions``), or None if the game declares none."""
        return load_ref(self.actions) if self.actions else None

    @cached_property
    def action_notation(self) -> "Notation | None":
        """The game's :class:`~wasteland.core.notation.Notation` (``notation``), or None."""
        return load_ref(self.notation) if self.notation else None

    def action_fields(self, actions: Any) -> list[dict[str, Any]] | None:
        """Each action's parsed fields (verb and named fields), or None for a game that
        declares no notation: what a client reads instead of splitting the texts."""
        n = self.action_notation
        return None if n is None else [n.fields(a) for a in actions]

    @cached_property
    def observer(self) -> "ViewObservation | None":
        """The observation encoder (``observation``), or None if the game declares none."""
        return load_ref(self.observation) if self.observation else None

    @cached_property
    def auto_decider(self) -> Any:
        """The ``auto_decide`` policy function, or None if the game declares none."""
        return load_ref(self.auto_decide) if self.auto_decide else None

    def decide_for(self, state: Any, decision: Any) -> tuple[str, str] | None:
        """The policy's (action, policy text key) for ``decision``, or None when the game has
        no policy or the policy does not take this decision. The action is always one of the
        decision's legal actions (a policy that answers otherwise is a bug: ValueError)."""
        policy = self.auto_decider
        if policy is None or decision is None:
            return None
        answer = policy(state, decision)
        if answer is None:
            return None
        action, key = answer
        if action not in decision.actions:
            raise ValueError(f"{self.name}: auto_decide answered {action!r}, not a legal action")
        return action, key

    def teams_of(self, config: dict[str, Any], state: Any = None) -> list[int | None] | None:
        """Each seat's team (``seat_teams``), or None: no team game, or the game tells none."""
        if not self.seat_teams:
            return None
        return load_ref(self.seat_teams)(config, state)

    def make_guide(self, seed: int = 0) -> Any:
        """The game's ISMCTS guide, or None."""
        return load_ref(self.guide)(seed) if self.guide else None

    def bot(self, name: str) -> BotSpec | None:
        return next((b for b in self.bots if b.name == name), None)

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def is_anchor(self, text: str) -> bool:
        """Is ``text`` one of the game's rule anchors (``anchors``)?"""
        return text in self._anchor_set

    @cached_property
    def _anchor_set(self) -> frozenset[str]:
        return frozenset(self.anchors)

    def load_scenario(self, text: str, origin: str = "scenario") -> Any:
        """A state from scenario text; a :class:`RuleError` names what is wrong."""
        if not self.scenario:
            raise RuleError("scenario", f"{self.title} has no scenario format")
        state = load_ref(self.scenario)(text, origin)
        # a position the reader's checks let through must still go on (a correction too):
        # refused now with its field, never at a later step
        check_goes_on(self.engine, state, f"{origin}: ")
        return state

    def write_scenario(self, state: Any) -> str:
        """``state`` as scenario text (``scenario_writer``); a :class:`RuleError` if the game
        writes none."""
        if not self.scenario_writer:
            raise RuleError("scenario", f"{self.title} cannot write its positions as scenarios")
        return load_ref(self.scenario_writer)(state)

    # -- configurations -------------------------------------------------------

    def validate(self, config: dict[str, Any]) -> dict[str, Any]:
        """The full config of a valid combination of options, or a :class:`RuleError`
        naming the option and the rule it breaks. Nothing is set up. Each declared
        option's type and range is checked here (``Option.check``), before the game checks
        the combination, so that no game sees a badly typed value."""
        if not isinstance(config, dict):
            raise RuleError("config", "config must be a table of options")
        for name, value in config.items():
            option = self.option(name) if isinstance(name, str) else None
            if option is not None:
                option.check(value)
        return self.engine.normalize_config(config)

    def normalize_options(self, config: dict[str, Any]) -> dict[str, Any]:
        """Every declared option's value in ``config``, or its default (``Option.take``); an
        option the spec does not declare is a RuleError. A game whose options depend on
        each other checks their combinations in its own ``normalize_config``."""
        unknown = sorted(set(config) - {o.name for o in self.options}, key=str)
        if unknown:
            raise RuleError("config", f"{self.title} has no option {unknown[0]!r}")
        return {o.name: o.take(config) for o in self.options}

    def to_json(self) -> dict[str, Any]:
        """The spec as the lobby's ``/api`` and ``wasteland games`` show it."""
        caps = self.capabilities
        return {
            "name": self.name, "title": self.title, "rules_version": self.rules_version,
            "anchor_prefix": self.anchor_prefix, "min_players": self.min_players,
            "max_players": self.max_players, "description": self.description,
            "options": [o.to_json() for o in self.options],
            "bots": [{"name": b.name, "description": b.description} for b in self.bots],
            "default_bot": self.default_bot,
            "capabilities": {"hidden_information": caps.hidden_information, "chance": caps.chance,
                             "search_guide": caps.search_guide, "teams": caps.teams,
                             "simultaneous": caps.simultaneous},
            "scenario": self.scenario_doc,
            "web_board": bool(self.web_board),
            "auto_decide": bool(self.auto_decide),
            "card_texts": bool(self.card_texts),
        }


SpecFactory = Callable[[], GameSpec]


class TerminalRenderer(Protocol):
    """What ``spec.terminal`` names: the game's terminal renderer (its own module, in its
    own package; it may use rich). The CLI's play, watch and replay screens call only this,
    and know no game. Renderables are rich objects (``rich.text.Text``, ``Group``...) or
    plain strings. ``wasteland.core.terminal.TerminalBase`` gives the defaults of
    everything below the drawing functions, and the shared layout helpers (hex bricks,
    the map beside its panel, numbered options)."""

    title_style: str  # rich style of the game's title line ("bold black on yellow")
    turn_event: str  # the event kind that starts a turn; the log draws it as a rule
    redraw_kinds: tuple[str, ...]  # decisions that redraw the board whenever something changed
    verb_alone: bool  # a verb with a single legal option stands for it ("end" -> "end phase")

    def render_board(self, view: dict[str, Any], width: int, marks: dict[str, str] | None = None,
                     coords: bool = False) -> Any: ...  # the map and its panel, option numbers at ``marks``

    def render_panel(self, view: dict[str, Any]) -> Any: ...  # players, hands, decks, counters

    def render_status(self, view: dict[str, Any]) -> Any: ...  # one line: the viewing seat's own things

    def map_width(self, view: dict[str, Any]) -> int: ...

    def map_signature(self, view: dict[str, Any]) -> str: ...  # changes iff the board drawing would

    def hex_marks(self, actions: Sequence[str], numbers: dict[str, int]) -> dict[str, str]: ...

    def render_options(self, actions: Sequence[str], width: int, view: dict[str, Any] | None = None,
                       lang: str = "en") -> Any: ...
    # numbered and grouped; option n must be ``wasteland.core.terminal.numbered(actions)[n - 1]``;
    # with the deciding seat's view and the player's language, options may name what they
    # act on in words (a card's name, what a rumor option would do) beside the notation

    def render_map(self, view: dict[str, Any], width: int, marks: dict[str, str] | None = None,
                   coords: bool = False) -> Any: ...  # the map alone, for the screen layout to crop

    def map_focus(self, view: dict[str, Any], marks: dict[str, str]) -> list[int]: ...
    # lines of render_map to keep on screen when it is cropped (numbered hexes, own pieces)

    def legend(self) -> Any: ...

    def event_style(self, kind: str | None) -> str: ...  # rich style of an event line ("" plain)

    def seat_label(self, view: dict[str, Any], seat: int) -> str: ...  # "p2", or "p2 blue"

    def help(self, topic: str, lang: str = "en") -> str | None: ...  # a card, piece or rule by name

    def verb_help(self, verb: str, lang: str = "en") -> tuple[str, str, str] | None: ...
    # (form, what it does, rule anchor): ("move X,Y", "move your vehicle to X,Y", "SL §78")

    def commands_help(self, lang: str = "en") -> str: ...  # how to answer, and the commands

    lang: str  # the language it draws and speaks in ("en", "ru", "uk")

    def in_language(self, lang: str) -> "TerminalRenderer": ...  # the same renderer speaking ``lang``

    def end_reason(self, outcome: Any) -> str: ...  # why the game ended, in its language

    def prompt_text(self, decision: Any, view: dict[str, Any] | None = None) -> str: ...  # the question

    def event_text(self, game: Game, event: dict[str, Any]) -> str: ...  # one event, in its language

    def action_text(self, action: str, view: dict[str, Any] | None = None) -> str: ...  # one action in words


#: What ``spec.web_board`` names: an ES module in the game's package. The server serves
#: the module's folder at ``/games/<name>/`` and the translations (``spec.web_texts``) at
#: ``/games/<name>/i18n/<lang>.json``; the page imports the module with ``import()`` and
#: uses only these exports (each optional: the page has a generic fallback for every one,
#: and a game without a module gets a generic page listing the view and the actions):
#:   renderBoard(container, view, {marks, onSpot, you}) — draw the board into ``container``;
#:       returns a handle ``{animate(event, ms)}`` (a promise while an event is animated) or null;
#:   boardMarks(actions, view) — Map of board spot → {classes, actions}: what to highlight, and
#:       the legal actions a click on the spot offers;
#:   renderSide(box, view, {actions, choose}) — the panel of the seat's own things (hand, cards);
#:       ``choose(actions, event)`` plays one or offers a menu; returns false to hide the panel;
#:   statusParts(view) — [{text, class}] for the line above the board;
#:   playerFacts(view, seat) — short texts about a seat for the players list;
#:   seatColour(view, seat) — a CSS colour for the seat;
#:   actionLabel(action), promptText(decision), eventText(event) — words for buttons and the log;
#:   dangerous(action, view) — true, or the key of a reason, for an action the page confirms before
#:       playing it (a discard, an attack on one's own troop); it is marked in the list;
#:   actionGroup(action, view) — the group of the decision panel it is listed under (move, attack,
#:       card, discard, raiders, place, collect, trade, end, other);
#:   decisionNotes(decision, view) — texts shown under the prompt: why an option is missing
#:       ("discard down to your hand limit first"), what a tie is about.
#:   legend(view) — [{sym, cls, colour, text}]: what each colour, letter and shape on the board means.
#: promptText and actionLabel receive the view too (promptText(decision, view)).
#: The server's API.md ("The games and their pages") documents the same.
WEB_BOARD_EXPORTS = ("renderBoard", "boardMarks", "renderSide", "statusParts", "playerFacts",
                     "seatColour", "actionLabel", "promptText", "eventText", "dangerous", "actionGroup",
                     "decisionNotes", "legend")
#: The one other (optional) export: a file name beside the module that the page links once as
#: the game's stylesheet (``export const STYLESHEET = "board.css"``).
WEB_BOARD_STYLESHEET = "STYLESHEET"
