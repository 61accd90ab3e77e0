"""``wasteland companion [GAME]``: the engine runs the enemies for a table that plays with
the box. It starts the local server (embedded SQLite, as ``serve``) on every interface,
prints the address phones on the same network open (the companion page), and with
``--terminal`` offers the same steps here: the terminal is one more client of the same
server, so a session begun on a phone goes on in the terminal and back.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from typing import Any, Callable

from .common import control_character, shown, typed_number
from .companion_words import WORDS, GameSpeaker, said

LANGS = ("en", "ru", "uk")  # the languages of the rule texts (the server's companion routes)
# The actions that end a player's own turn, or a phase of it (the page's TURN_ENDS): a turn
# that offers one is played with the box and entered as its result.
TURN_ENDS = ("end", "end turn", "end phase")
SHORT_LIST = 6  # a turn of so few options lists them, as any question (they fit a screen)

PAGE = "companion.html"


def last_used(at: Any) -> str:
    """When a session was last used, as a person reads it: "2026-12-07 20:40 UTC"."""
    if not isinstance(at, (int, float)):
        return "?"
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))


def lan_address() -> str:
    """This machine's address on the local network (the interface of its default route);
    127.0.0.1 when it has none. No packet is sent: a UDP socket only picks its route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def page_address(host: str, port: int, game: str | None) -> str:
    return f"http://{host}:{port}/{PAGE}" + (f"#/new/{game}" if game else "")


class Client:
    """The companion's API over HTTP (the standard library's; the server is local)."""

    def __init__(self, base: str, lang: str = "en", owner: str = "terminal-companion-key") -> None:
        self.base = base.rstrip("/")
        self.lang = lang
        self.owner = owner  # this terminal's owner key: its lobby lists the sessions it made

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        sep = "&" if "?" in path else "?"
        req = urllib.request.Request(f"{self.base}{path}{sep}lang={self.lang}", data=data, method=method,
                                     headers={"content-type": "application/json", "x-companion-owner": self.owner})
        try:
            with urllib.request.urlopen(req, timeout=60) as res:
                raw, status = res.read(), res.status
        except urllib.error.HTTPError as exc:
            raw, status = exc.read(), exc.code
        text = raw.decode("utf-8")
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text


def _start_server(host: str, port: int, db: str) -> tuple[Any, threading.Thread, int]:
    """The server in a thread of this process; (its uvicorn server, the thread, its port)."""
    import uvicorn

    from wasteland.server.app import create_app
    from wasteland.server.run import bind, uvicorn_config
    from wasteland.server.store import database_url

    sock = bind(host, port)
    bound = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn_config(create_app(database_url(db), bot_workers=1, companion=True)))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise OSError("the companion's server did not start")
        time.sleep(0.02)
    return server, thread, bound


def _database_problem(db: str) -> str | None:
    """Why the sessions' database cannot be opened, or None."""
    import asyncio

    from wasteland.server.store import StoreError, database_url, open_store

    async def check() -> None:
        store = await open_store(database_url(db))
        await store.close()

    try:
        asyncio.run(check())
    except (StoreError, OSError) as exc:
        return f"cannot open the database {db}: {exc}"
    return None


def companion_command(game: str | None, host: str, port: int, db: str, terminal: bool, lang: str,
                      out: Callable[[str], None], ask: Callable[[str], str], params: dict[str, int] | None = None) -> int:
    """``params``: a designer's tuned numbers of ``game`` (read and checked by the caller),
    kept by every session the terminal starts (the page's form takes its own)."""
    from wasteland.core.registry import UnknownGame, get_spec

    if game is not None:
        try:
            get_spec(game)
        except UnknownGame as exc:
            out(f"error: {exc}")
            return 2
    if lang not in LANGS:
        out(f"error: --lang {lang!r}: the rule texts are in {', '.join(LANGS)}")
        return 2
    problem = _database_problem(db)
    if problem:  # one clear line now, not the server's traceback when it starts
        out(f"error: {problem}")
        return 2
    server, thread, bound = _start_server(host, port, db)
    _stop_on_terminate()
    shown = lan_address() if host in ("0.0.0.0", "") else host
    out(said(lang, "address", address=page_address(shown, bound, game)))
    out(said(lang, "address_here", address=page_address("127.0.0.1", bound, game)))
    out(said(lang, "saved_in", db=db))
    try:
        if terminal:
            TerminalFlow(Client(f"http://127.0.0.1:{bound}", lang, terminal_key(db)), out, ask, params).run(game)
        else:
            out(said(lang, "stop"))
            while True:
                time.sleep(3600)
    except (KeyboardInterrupt, EOFError):
        out("")
    finally:
        server.should_exit = True
        thread.join(30)  # let it close the database before the interpreter goes
    return 0


def terminal_key(db: str) -> str:
    """The terminal's owner key for a database: the same at every start on this machine, so
    the sessions it made are listed again (the page's phones have keys of their own)."""
    return "terminal-" + hashlib.sha256(os.path.abspath(db).encode()).hexdigest()[:40]


def _stop_on_terminate() -> None:
    """SIGTERM (a service manager, ``kill``) stops the companion as Ctrl+C does: the server
    closes its database before the process ends."""
    import signal

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    try:
        signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread (embedded): leave the default
        pass


def figures_of(spec: Any) -> dict[str, str] | None:
    """Where a seat's figures stand in the game's view and the scenario path of their spot
    (``data/companion.toml``'s ``[figures]``, beside the game's other data), or None: the
    game's turns are then entered action by action. Nothing here names a game."""
    import importlib.resources
    import tomllib

    package = spec.package or spec.game.partition(":")[0].rpartition(".")[0]
    try:
        text = importlib.resources.files(package).joinpath("data", "companion.toml").read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError, TypeError):
        return None
    found = tomllib.loads(text).get("figures")
    keys = ("list", "seat", "at", "path")
    return {k: str(found[k]) for k in keys} if isinstance(found, dict) and all(k in found for k in keys) else None


class TerminalFlow:
    """The phone page's steps as questions in the terminal, in the client's language: the
    flow's own words (``companion_words``), the game's through its terminal renderer."""

    HELP = WORDS["en"]["help"]

    def __init__(self, client: Client, out: Callable[[str], None], ask: Callable[[str], str],
                 params: dict[str, int] | None = None) -> None:
        self.client, self.out, self.ask = client, out, ask
        self.params = params or {}  # the tuned numbers a new session keeps (POST /api/companion's params)
        self.lang = client.lang
        self.speaker: GameSpeaker | None = None  # the session's game, once it is known

    def say(self, key: str, **values: Any) -> str:
        return said(self.lang, key, **values)

    def speak(self, snap: dict[str, Any]) -> GameSpeaker:
        from wasteland.core.registry import get_spec

        game = snap["session"]["game"]
        if self.speaker is None or self.speaker.spec.name != game:
            self.speaker = GameSpeaker(get_spec(game), self.lang)
        return self.speaker

    def told(self, snap: dict[str, Any], answer: dict[str, Any]) -> None:
        """What the step did: the policy's choice, then its events with their rules."""
        last = snap["log"][-1]
        if last["source"] == "policy":
            self.out(self.say("decided", action=self.speak(snap).action(last["step"], snap.get("view")),
                              text=last["note_text"]))
        for event in answer.get("events", []):
            self.out("  " + self.explained(event, snap["rules"], snap))

    def run(self, game: str | None) -> None:
        snap = self.choose_session(game)
        if snap is None:
            return
        sid = snap["session"]["id"]
        self.speak(snap)
        self.show(snap)
        while True:
            line = self.ask("> ").strip()
            if not line:
                continue
            char = control_character(line)
            if char is not None:  # an arrow key's escape, a NUL: no step holds one (nor goes back to the screen)
                self.out(self.say("control_char", char=char))
                continue
            if line in ("quit", "exit"):
                return
            if line == "help":
                self.out(self.say("help"))
                continue
            if line == "log":
                for entry in snap["log"]:  # each step in words, as the page's log says it
                    fixed = [e for e in entry.get("events") or [] if e.get("type") == "correction"]
                    words = self.changes(fixed[0], snap) if fixed else self.speak(snap).step(entry["step"], snap.get("view"))
                    self.out(f"{entry['index'] + 1}. {self.who(entry['seat']) or self.say('edit')}: {words}")
                continue
            verb, _, rest = line.partition(" ")
            if verb in ("record", "scenario") and rest:
                status, body = self.client.call("GET", f"/api/companion/{sid}/{verb}")
                if status != 200:
                    self.error(body)
                    continue
                try:
                    with open(rest, "w", encoding="utf-8") as f:
                        f.write(body if isinstance(body, str) else "\n".join(json.dumps(x) for x in body) + "\n")
                except OSError as exc:  # a folder, a folder that is not there, no permission
                    self.out(self.say("cannot_write", path=shown(rest), why=exc.strerror))
                    continue
                self.out(self.say("written", path=rest))
                continue
            if verb == "undo":
                body: dict[str, Any] = {"index": snap["index"]}
                if rest:  # 'undo N': step N; anything else is no step (not the last one unasked)
                    number = typed_number(rest)
                    if number is None or number < 1:
                        self.out(self.say("undo_number", entry=shown(rest)))
                        continue
                    body["step"] = number - 1
                status, answer = self.client.call("POST", f"/api/companion/{sid}/undo", body)
                if status != 200:
                    self.error(answer)
                    continue
                self.out(self.say("undone", step=self.speak(answer).step(answer["undone"], answer.get("view"))))
                snap = answer
                self.show(snap)
                continue
            if line == "run":  # decide by the policy until the table must answer
                snap, ran = self.run_policy(sid, snap)
                if not ran:
                    self.out(self.say("no_policy"))
                self.show(snap)
                continue
            if line == "list":  # every option of the turn, to play it action by action
                self.show(snap, listed=True)
                continue
            if verb == "at" and self.own_turn(snap):  # where a figure now stands: the turn's result
                step = self.at_step(snap, rest)
                if step is None:
                    continue
                status, answer = self.client.call("POST", f"/api/companion/{sid}/steps", {"step": step, "index": snap["index"]})
                if status != 200:
                    self.error(answer)
                    continue
                snap = answer
                self.told(snap, answer)
                self.show(snap)
                continue
            actions = (snap.get("decision") or {}).get("actions") or []
            number = typed_number(line)
            step = actions[number - 1] if number is not None and 1 <= number <= len(actions) else self.named(snap, line)
            rolled = self.rolled(snap, line)
            if rolled is not None:  # the dice of one roll, typed at once: one step
                step = rolled
            status, answer = self.client.call("POST", f"/api/companion/{sid}/steps",
                                              {"step": step, "index": snap["index"]})
            if status != 200:
                self.error(answer)
                continue
            ended = step in TURN_ENDS and self.own_turn(snap)
            snap = answer
            self.told(snap, answer)
            if ended:  # the turn played with the box: the automated part runs at once, as on the page
                snap, _ran = self.run_policy(sid, snap)
            self.show(snap)

    def named(self, snap: dict[str, Any], line: str) -> str:
        """The option whose words were typed ("character Little Girl", "Move to Drumlin
        Diner"), in any case; else the line as typed (the notation, or a step to refuse)."""
        speaker, view = self.speak(snap), snap.get("view")
        low = line.casefold()
        actions = (snap.get("decision") or {}).get("actions") or []
        return next((a for a in actions if speaker.action(a, view).casefold() == low), line)

    def run_policy(self, sid: str, snap: dict[str, Any]) -> tuple[dict[str, Any], int]:
        """"decide" again and again while the game's policy covers the choice: up to where
        the table must answer (a card, a die, a choice of its own); the steps it took."""
        ran = 0
        while (snap.get("decision") or {}).get("policy") and not snap["decision"]["chance"]:
            status, answer = self.client.call("POST", f"/api/companion/{sid}/steps",
                                              {"step": "decide", "index": snap["index"]})
            if status != 200:
                self.error(answer)
                break
            snap, ran = answer, ran + 1
            self.told(snap, answer)
        return snap, ran

    @staticmethod
    def rolled(snap: dict[str, Any], line: str) -> str | None:
        """Several numbers typed where the table rolled several dice together (the server's
        ``roll``): each the number of a face as listed, the roll's step ("chance 2;chance 5");
        None for anything else (sent as typed, and refused there if it is no step)."""
        d = snap.get("decision") or {}
        words = line.split()
        if not d.get("chance") or not 1 < len(words) <= (d.get("roll") or 0):
            return None
        numbers = [typed_number(w) for w in words]
        if any(n is None or not 1 <= n <= len(d["actions"]) for n in numbers):
            return None
        return ";".join(d["actions"][n - 1] for n in numbers)

    def own_turn(self, snap: dict[str, Any]) -> dict[str, str] | None:
        """The game's figures, where a player's own turn is played with the box now (an end
        of it offered, no policy to decide it, corrections possible), else None."""
        d = snap.get("decision")
        if not d or d.get("chance") or d.get("policy") or not snap.get("can_edit"):
            return None
        if not any(a in TURN_ENDS for a in d["actions"]):
            return None
        return figures_of(self.speak(snap).spec)

    def mine(self, snap: dict[str, Any]) -> list[tuple[int, str]]:
        """The deciding seat's figures on the board: (place in the view's list, spot id)."""
        figures = self.own_turn(snap) or {}
        seat = snap["decision"]["seat"]
        listed = (snap.get("view") or {}).get(figures.get("list", ""), []) or []
        return [(n, str(f[figures["at"]])) for n, f in enumerate(listed)
                if isinstance(f, dict) and f.get(figures["seat"]) == seat and f.get(figures["at"]) not in (None, "")]

    def at_step(self, snap: dict[str, Any], typed: str) -> str | None:
        """``at SPOT`` (the seat's one figure now stands on SPOT) or ``at FROM SPOT`` (the one
        on FROM, where the seat has several), each spot by its name or its id: the correction
        that says so, else None (told why)."""
        speaker, view = self.speak(snap), snap.get("view")
        figures, mine = self.own_turn(snap) or {}, self.mine(snap)
        typed = " ".join(typed.split())
        n, dest = None, None
        if len(mine) == 1 and typed:
            n, dest = mine[0][0], typed
        elif len(mine) > 1:
            for k, spot in mine:  # FROM by its id or its name, then the spot it went to
                for said_as in (spot, speaker.spot(spot, view)):
                    if typed.casefold().startswith(said_as.casefold() + " "):
                        n, dest = k, typed[len(said_as) + 1:]
        if n is None or dest is None:
            where = ", ".join(speaker.spot(spot, view) for _, spot in mine[:8]) + (" ..." if len(mine) > 8 else "")
            self.out(self.say("at_how" if len(mine) == 1 else "at_which", spots=where or "-"))
            return None
        spot = speaker.spot_typed(dest, view)
        if spot is None:
            names = list(speaker.spots(view).values())
            self.out(self.say("at_unknown", entry=shown(dest), spots=", ".join(names[:8]) + (" ..." if len(names) > 8 else "")))
            return None
        return f"edit set {figures['path'].format(n=n)} {json.dumps(spot)}"

    def choose_session(self, game: str | None) -> dict[str, Any] | None:
        status, listing = self.client.call("GET", "/api/companion")
        sessions = [s for s in listing.get("sessions", []) if game is None or s["game"] == game]
        for n, s in enumerate(sessions[:9], start=1):
            # a session by its game, its name if the table gave one and when it was last
            # used, never by its internal id
            self.out(self.say("resume", n=n, game=self.game_title(s["game"]), name=f" «{s['name']}»" if s["name"] else "",
                              steps=s["steps"], when=last_used(s.get("updated_at"))))
        while True:
            # with nothing to resume, the question says so rather than asking "resume which"
            line = self.ask(self.say("which_session" if sessions else "no_session")).strip()
            if line in ("quit", "exit"):
                return None
            number = typed_number(line)
            if number is not None and 1 <= number <= len(sessions[:9]):
                status, snap = self.client.call("GET", f"/api/companion/{sessions[number - 1]['id']}")
                if status == 200:
                    return snap
                self.error(snap)
                continue
            return self.new_session(game)

    def new_session(self, game: str | None) -> dict[str, Any] | None:
        from wasteland.core.registry import registered_games

        specs = registered_games()
        while game is None:
            name = self.ask(self.say("which_game", games=", ".join(specs))).strip()
            game = name if name in specs else None
        spec = specs[game]
        speaker = self.speaker = GameSpeaker(spec, self.lang)
        config: dict[str, Any] = {}
        asked = [o for o in spec.options if not o.hidden and o.rulebook]
        pending = list(asked)
        while True:
            for option in pending:
                # each option is asked until its entry is one it can take; a wrong one is
                # refused in the table's language, naming the option, and only it is asked again
                while True:
                    raw = self.ask(self.say("option", label=self.label(speaker, option),
                                            values=self.values(speaker, option),
                                            default=self.default(speaker, option))).strip()
                    if raw in ("quit", "exit"):  # as at every other question
                        return None
                    if not raw:
                        config.pop(option.name, None)
                        break
                    value, problem = self.read_option(speaker, option, raw)
                    if problem is None:
                        config[option.name] = value
                        break
                    self.out(problem)
            body: dict[str, Any] = {"game": game, "config": config}
            if self.params:
                body["params"] = self.params
            status, snap = self.client.call("POST", "/api/companion", body)
            if status == 201:
                return snap
            self.error(snap)
            # the options do not fit together: ask again the one the server names, else all
            # (a refusal starts with the option's name and a colon: "variants: unknown name ...")
            first = [w.rstrip(":") for w in str(snap.get("error", "")).split()[:1]] if isinstance(snap, dict) else []
            named = [o for o in asked if isinstance(snap, dict) and o.name in (snap.get("field"), *first)]
            pending = named or asked
            for option in pending:
                config.pop(option.name, None)

    def game_title(self, game: str) -> str:
        from wasteland.core.page_words import words_of_game
        from wasteland.core.registry import registered_games

        spec = registered_games().get(game)
        if spec is None:
            return game
        page = words_of_game(spec, self.lang) if self.lang != "en" else None
        return (page.own_text("game.title") if page is not None else None) or spec.title or game

    @staticmethod
    def label(speaker: GameSpeaker, option: Any) -> str:
        text = speaker.option(option.name) or option.description
        return text[:1].upper() + text[1:]

    @staticmethod
    def option_name(speaker: GameSpeaker, option: Any) -> str:
        """The option's short name for a refusal: the page's, else the name typed with -o."""
        from wasteland.core.page_words import words_of_game

        text = speaker.option(option.name) or words_of_game(speaker.spec, "en").own_text(f"option.{option.name}") \
            or option.name
        return text[:1].upper() + text[1:]

    def default(self, speaker: GameSpeaker, option: Any) -> str:
        """What Enter gives: the default value as listed (its number and word), else that the
        game sets it from the other options."""
        d = option.default
        if d is None:
            return self.say("derived")
        if option.kind == "bool":
            return self.say("yes" if d else "no")
        if option.values and d in option.values:
            return f"{option.values.index(d) + 1}. {speaker.value(option, d)}"
        if isinstance(d, (list, tuple)):  # an empty list is said, not left blank ("[Enter: ]")
            return ", ".join(speaker.value(option, v) for v in d) if d else self.say("none")
        return str(d)

    def read_option(self, speaker: GameSpeaker, option: Any, raw: str) -> tuple[Any, str | None]:
        """(the value typed for ``option``, None) or (None, the refusal in the table's words):
        a value by its number as listed or by its word (the game's or the page's)."""
        label = self.option_name(speaker, option)
        if option.kind == "bool":
            low = raw.lower()
            if low in ("y", "yes", "true", "1", self.say("yes")):
                return True, None
            if low in ("n", "no", "false", "0", self.say("no")):
                return False, None
            return None, self.say("bad_yes_no", label=label, entry=shown(raw))
        if option.kind == "int":
            number = typed_number(raw.removeprefix("-"))
            value = None if number is None else -number if raw.startswith("-") else number
            low = -10**9 if option.low is None else option.low
            high = 10**9 if option.high is None else option.high
            if value is None or not low <= value <= high:
                span = f" ({option.low}-{option.high})" if option.low is not None and option.high is not None else ""
                return None, self.say("bad_number", label=label, range=span, entry=shown(raw))
            return value, None
        if option.kind in ("names", "seats"):
            # each by its number as listed, its id or its name: commas part names of several
            # words ("Little Girl, Scout"), else spaces do ("3 4", "little_girl scout")
            whole = self.value_typed(speaker, option, raw)
            entries = raw.split(",") if "," in raw else [raw] if whole is not None else raw.split()
            return [self.value_typed(speaker, option, e.strip()) or e.strip() for e in entries if e.strip()], None
        if option.values:
            value = self.value_typed(speaker, option, raw)
            if value is not None:
                return value, None
            return None, self.say("bad_option", label=label, n=len(option.values), entry=shown(raw))
        return raw, None

    @staticmethod
    def value_typed(speaker: GameSpeaker, option: Any, typed: str) -> Any:
        """The value of ``option`` typed by its number as listed, its id or its name (any
        case), else None."""
        number = typed_number(typed)
        if option.values and number is not None and 1 <= number <= len(option.values):
            return option.values[number - 1]
        low = typed.strip().casefold()
        for value in option.values or ():
            if low in (str(value).casefold(), speaker.value(option, value).casefold(),
                       (speaker.option(option.name, value) or "").casefold()):
                return value
        return None

    def values(self, speaker: GameSpeaker, option: Any) -> str:
        """An option's values by their names in the table's language ("3. Little Girl"),
        numbered: a value is typed by its number, its name or its id."""
        if not option.values:
            return ""
        return f" ({', '.join(f'{n}. {speaker.value(option, v)}' for n, v in enumerate(option.values, start=1))})"

    def who(self, seat: int | None) -> str:
        """The seat as the log names it: p1, p2..., the table for the chance seat."""
        if seat is None:
            return ""
        return self.say("table") if seat < 0 else f"p{seat + 1}"

    def explained(self, event: dict[str, Any], rules: dict[str, Any], snap: dict[str, Any] | None = None) -> str:
        anchors = event.get("rules") or []
        why = "; ".join(self.rule_words(a, rules.get(a)) for a in anchors)
        if snap is not None and event.get("type") == "correction":
            text = f"{self.say('edit')}: {self.changes(event, snap)}"
        else:
            text = self.speak(snap).event(event) if snap is not None else event.get("text", "")
        return text + (f"  [{why}]" if why else "")

    def changes(self, event: dict[str, Any], snap: dict[str, Any]) -> str:
        """A correction's changes as a person reads them: a figure moved by ``at`` as where
        it now stands, by the spot's name; any other change by its path in the position,
        a spot it names by its name."""
        speaker, view = self.speak(snap), snap.get("view")
        figures = figures_of(speaker.spec) or {}
        listed = (view or {}).get(figures.get("list", ""), []) or []
        moved = re.compile(re.escape(figures["path"]).replace(r"\{n\}", r"(\d+)")) if figures else None
        out = []
        for c in event.get("changes") or []:
            if not isinstance(c, dict):
                continue
            path, value = str(c.get("path")), c.get("value")
            at = moved.fullmatch(path) if moved is not None and c.get("verb") == "set" else None
            if at is not None and isinstance(value, str):
                n = int(at.group(1))
                seat = listed[n].get(figures["seat"]) if n < len(listed) and isinstance(listed[n], dict) else None
                who = self.who(seat) if isinstance(seat, int) else f"#{n + 1}"
                out.append(self.say("stands_at", who=who, spot=speaker.spot(value, view)))
            elif value is None:
                out.append(path)
            else:
                named = speaker.spot(value, view) if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
                out.append(f"{path} = {named}")
        return "; ".join(out) or event.get("text", "")

    def rule_words(self, anchor: str, text: str | None) -> str:
        """``anchor: its words`` the first time the session shows the rule, ``anchor: its
        title`` after that (read once: an activation names its rule on every event)."""
        seen = self.__dict__.setdefault("rules_read", set())
        if text and anchor in seen:
            text = text.partition(": ")[0] if ": " in text else None
        seen.add(anchor)
        return f"{anchor}: {text}" if text else anchor

    def show(self, snap: dict[str, Any], listed: bool = False) -> None:
        """The question and its options; a player's own turn as what the table types to enter
        its result (``listed``: every option of it, numbered)."""
        speaker, view = self.speak(snap), snap.get("view")
        d = snap.get("decision")
        if d is None:
            o = snap.get("outcome") or {}
            self.out(self.say("over", reason=speaker.reason(o)))
            if o.get("labels"):
                self.out(self.say("winners", winners=", ".join(o["labels"])))
            return
        rule = d["rule"]
        text = (snap.get("rules") or {}).get(rule)
        text = self.rule_words(rule, text).partition(": ")[2] or None
        prompt = speaker.prompt(d, view)
        if d.get("chance") and prompt == d["prompt"][:1].upper() + d["prompt"][1:]:  # the game has no words for it
            # (the engine's prompt is notation: "chance: the hero 1 activation die"; what it is follows)
            prompt = self.say("reveal_any")
            prompt = prompt[:1].upper() + prompt[1:]
        self.out(f"{self.who(d['seat'])} — {prompt} ({rule}{': ' + text if text else ''})")
        if d.get("chance"):
            chance = snap.get("chance") or {}
            # what to reveal in the game's words, as the page says it, else the view's own
            if self.lang == "en":  # else the question above says it in the game's words
                self.out(self.say("reveals", what=chance.get("what", "") or prompt))
            if chance.get("custom"):
                self.out(self.say("custom", form=chance["custom"]))
            if (d.get("roll") or 0) > 1:
                self.out(self.say("roll", n=d["roll"], example=" ".join(str(k) for k in range(1, d["roll"] + 1))))
        if self.own_turn(snap) and not listed and len(d["actions"]) > SHORT_LIST:
            # played with the box: entered as its result, not as a list of every move (80x24)
            mine = self.mine(snap)
            ending = next(a for a in TURN_ENDS if a in d["actions"])
            if mine:
                where = ", ".join(speaker.spot(spot, view) for _, spot in mine[:6]) + (" ..." if len(mine) > 6 else "")
                self.out(self.say("turn_at" if len(mine) == 1 else "turn_at_which", spots=where))
            self.out(self.say("turn_edit"))
            self.out(self.say("turn_end", end=ending))
            self.out(self.say("turn_list", n=len(d["actions"])))
            return
        for n, a in enumerate(d["actions"], start=1):
            self.out(f"  {n}. {speaker.action(a, view)}")
        if d.get("policy"):
            self.out(self.say("decide", action=speaker.action(d["policy"]["action"], view), text=d["policy"]["text"]))

    def error(self, body: Any) -> None:
        """A refusal: in English the server's words, with the rule or field; in another
        language the page's way (``refusal`` in web/js/companion.js): the rule it breaks, by
        its anchor and title in the table's language, or the field of a step of the wrong
        form, never the engine's English."""
        if not isinstance(body, dict):
            self.out(self.say("refused", error=body if self.lang == "en" else self.say("refused_other")))
            return
        rule, field, code = body.get("rule"), body.get("field"), body.get("code")
        if self.lang == "en":
            said = f" ({rule})" if rule else f" [{field}]" if field else ""
            self.out(self.say("refused", error=f"{body.get('error')}{said}"))
            return
        if rule and rule != "notation":
            title = self.speaker.rule(rule) if self.speaker else None
            why = self.say("refused_rule", rule=f"{rule}: {title}" if title else rule)
        elif code in ("stale", "duplicate"):
            why = self.say("refused_stale")
        elif field:
            why = self.say("refused_field", field=field)
        else:
            why = self.say("refused_illegal" if code == "illegal" else "refused_other")
        self.out(self.say("refused", error=why))
