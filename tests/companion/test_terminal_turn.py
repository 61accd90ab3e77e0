"""In the terminal too, a player's own turn played with the box is entered as its result:
the table sees what to type (where its figure now stands, what else changed, the turn's
end), not the turn's ~50 options one by one, in a screen of 80x24; 'at SPOT' says where
the figure now stands, the turn's end runs the enemies at once (up to the table's next
card), and 'list' still lists every option. A refusal is in the table's language (the
page's way: the rule by its anchor and title, or the field), never the engine's English."""

from __future__ import annotations

import re
import textwrap

import pytest

from wasteland.cli.companion import Client, TerminalFlow
from wasteland.core.registry import registered_games

ENGLISH = re.compile(r"\b(?:the|is|not|must|cannot|move|hex|only|refused|from|spot)\b", re.IGNORECASE)


def session(base, game: str, lang: str, steps: list[str]) -> list[tuple[str, str]]:
    """A new session of ``game`` (the set-up's defaults, two Saltlands players), then
    ``steps``: every line of the screen in order, ("ask", question) or ("told", line)."""
    spec = registered_games()[game]
    options = [o for o in spec.options if not o.hidden and o.rulebook]
    setup = ["2" if o.name == "players" else "" for o in options]
    answers = iter(["", *setup, *steps])
    screen: list[tuple[str, str]] = []

    def ask(question: str) -> str:
        answer = next(answers, "quit")
        screen.append(("ask", question + answer))
        return answer

    url, key = base
    TerminalFlow(Client(url, lang, key), lambda line: screen.append(("told", line)), ask).run(game)
    return screen


def after(screen, typed: str) -> list[str]:
    """The lines told after the table typed ``typed``, up to its next answer."""
    start = next(i for i, (kind, line) in enumerate(screen) if kind == "ask" and line == f"> {typed}")
    out = []
    for kind, line in screen[start + 1:]:
        if kind == "ask":
            break
        out.append(line)
    return out


def test_a_saltlands_turn_entered_as_its_result_in_80x24(base):
    screen = session(base, "saltlands", "en", ["1", "1", "enter 0,0", "at 1,-1", "list", "end"])
    turn = after(screen, "enter 0,0")[-5:]  # the turn's question and what to type
    assert turn[0].startswith("p1 — ") and "SL §46" in turn[0], turn
    assert any("'at SPOT'" in line and "now 0,0" in line for line in turn), turn
    assert any("'end'" in line for line in turn) and any("'list'" in line for line in turn), turn
    shown = after(screen, "enter 0,0")
    shown = shown[shown.index(turn[0]):]
    assert not any(re.match(r"\s+\d+\. ", line) for line in shown), shown  # no list of every option
    rows = sum(len(textwrap.wrap(line, 80)) or 1 for line in shown) + 1  # and the prompt
    assert rows <= 24, (rows, shown)
    moved = after(screen, "at 1,-1")
    assert any("p1's figure now stands on 1,-1" in line for line in moved), moved
    assert any("now 1,-1" in line for line in moved), moved
    listed = after(screen, "list")
    assert sum(bool(re.match(r"\s+\d+\. ", line)) for line in listed) > 20, listed
    ended = after(screen, "end")
    # the turn ended, the policy ran the raiders up to the table's damage card (SL §100)
    assert any(line.startswith("decided for you: ") for line in ended), ended
    assert any(line.startswith("table — ") and "SL §100" in line for line in ended), ended


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_refusal_in_the_tables_language(base, lang):
    screen = session(base, "saltlands", lang, ["1", "1", "enter 0,0", "at 9,9", "enter 0,1", "move 9,9", "at"])
    refused = after(screen, "enter 0,1")  # entering is SL §45's, at a first turn's start
    assert len(refused) == 1 and "SL §45" in refused[0], refused
    assert not ENGLISH.search(re.sub(r"SL §[\d.]+", "", refused[0])), refused
    unknown = after(screen, "move 9,9")  # no hex of the board: no move of the game
    assert len(unknown) == 1 and not ENGLISH.search(unknown[0]), unknown
    wrong = after(screen, "at 9,9")
    assert len(wrong) == 1 and "player.0.hex" in wrong[0], wrong
    assert not ENGLISH.search(wrong[0].replace("player.0.hex", "")), wrong
    how = after(screen, "at")
    assert len(how) == 1 and "'at " in how[0] and not ENGLISH.search(how[0].replace("'at", "")), how


def test_one_of_several_figures_by_where_it_stood():
    """A clan's troops: 'at FROM SPOT' names the troop by where it stood (LO-7.1)."""
    flow = TerminalFlow(Client("http://127.0.0.1:9", "en"), lambda line: None, lambda q: "quit")
    snap = {"session": {"game": "age-of-thirst"}, "can_edit": True,
            "decision": {"seat": 0, "actions": ["move 1,0 2,0", "end phase"], "chance": False, "policy": None},
            "view": {"pieces": [{"owner": 1, "hex": "1,0"}, {"owner": 0, "hex": "1,0"}, {"owner": 0, "hex": "3,0"}]}}
    assert flow.at_step(snap, "3,0 4,0") == 'edit set piece.2.hex "4,0"'
    assert flow.at_step(snap, "1,0 4,0") == 'edit set piece.1.hex "4,0"'  # the seat's own, not another clan's
    assert flow.at_step(snap, "4,0") is None  # which one: the table is told the spots


def test_a_named_spot_is_read_and_typed_by_its_name_or_its_id():
    """Fallout's spaces have names: the turn says where the figure stands by the space's
    name (never ``vault_gate``), and 'at' takes the name, in any case, or the id; a name of
    no space is refused with the names there are, nothing sent."""
    told: list[str] = []
    flow = TerminalFlow(Client("http://127.0.0.1:9", "en"), told.append, lambda q: "quit")
    snap = {"session": {"game": "fallout"}, "can_edit": True, "rules": {},
            "decision": {"seat": 0, "kind": "turn", "prompt": "Your turn", "rule": "FO-13.1", "chance": False,
                         "policy": None, "actions": [f"move s{k}" for k in range(8)] + ["end"]},
            "view": {"survivors": [{"seat": 0, "space": "vault_gate"}],
                     "map": {"spaces": [{"id": "vault_gate"}, {"id": "drumlin_diner"}, {"id": "red_rocket"}]}}}
    flow.show(snap)
    assert any("(now Vault Gate)" in line for line in told), told
    assert not any("vault_gate" in line for line in told), told
    step = 'edit set survivor.0.space "drumlin_diner"'
    assert flow.at_step(snap, "Drumlin Diner") == step
    assert flow.at_step(snap, "drumlin  diner") == step
    assert flow.at_step(snap, "drumlin_diner") == step
    told.clear()
    assert flow.at_step(snap, "Diner of Nowhere") is None
    assert told == ["error: 'Diner of Nowhere' is no spot of this board; by name or id: Vault Gate, Drumlin Diner, Red Rocket"]
    # the correction it makes, as the table reads it
    assert flow.changes({"changes": [{"verb": "set", "path": "survivor.0.space", "value": "red_rocket"}]}, snap) \
        == "p1's figure now stands on Red Rocket"



def test_dice_rolled_together_typed_at_once(base):
    """Quest's three destiny dice (WQ-40.2), typed on one line: one step of the session."""
    screen = session(base, "quest", "en", ["2 5 1"])
    told = [line for kind, line in screen if kind == "told"]
    assert any("3 dice rolled together" in line for line in told), told
    url, key = base
    client = Client(url, "en", key)
    _status, listing = client.call("GET", "/api/companion")
    newest = max(listing["sessions"], key=lambda s: s.get("created_at", 0))
    _status, snap = client.call("GET", f"/api/companion/{newest['id']}")
    assert [e["step"] for e in snap["log"]] == ["chance 2;chance 5;chance 1"]


def test_a_rules_words_are_read_once(base):
    """A round names WQ-40.2 on each of its events: its words once, its title after that."""
    screen = session(base, "quest", "en", ["2 5 1", "1 2 3", "1 2 3"])  # two heroes
    url, key = base
    client = Client(url, "en", key)
    _status, listing = client.call("GET", "/api/companion")
    newest = max(listing["sessions"], key=lambda s: s.get("created_at", 0))
    _status, snap = client.call("GET", f"/api/companion/{newest['id']}")
    words = snap["rules"]["WQ-40.2"].partition(": ")[2][:40]
    told = [line for kind, line in screen if kind == "told"]
    assert len(words) > 20 and sum(words in line for line in told) == 1, told
    assert sum("[WQ-40.2" in line for line in told) >= 3, told  # the events still name it


@pytest.mark.parametrize("lang, rolled", [("en", "table: rolled 2, 5, 1"), ("ru", "стол: выпало 2, 5, 1"),
                                          ("uk", "стіл: випало 2, 5, 1")])
def test_the_log_says_what_the_dice_showed(base, lang, rolled):
    """The table's dice in the log are the faces rolled, never their notation ("chance 2;
    chance 5;chance 1"), and the question of a chance point is never the engine's notation
    ("chance: the destiny die")."""
    screen = session(base, "quest", lang, ["2 5 1", "log"])
    told = [line for kind, line in screen if kind == "told"]
    assert f"1. {rolled}" in told, told
    assert not any("chance" in line.lower() for line in told if not line.startswith("  ")), told
