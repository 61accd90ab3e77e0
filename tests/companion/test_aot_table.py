"""An Age of Thirst table in the companion, on a real server (SQLite and PostgreSQL),
through its spec alone: the table picks the first player (LO-4.5), places its starting
troops (LO-4.3), corrects what differs on its board (a troop elsewhere, water, a hedge
grown, a ray-tower card in hand: each card taken out of the deck it lay in), is refused by
the rule a correction breaks, answers the source card it drew (LO-9), undoes a step,
reloads, and exports a position and a record that give back the same game."""

from __future__ import annotations

import json

from wasteland.core.record import GameRecord
from wasteland.core.registry import get_spec
from wasteland.server.companion_session import Session

GAME = "age-of-thirst"
SOURCE = "-1,-2"  # a source hex (LO-9) one step from the Last Oasis


def new_session(server, config, seed):
    r = server.http.post("/api/companion", json={"game": GAME, "config": config, "seed": seed})
    assert r.status_code == 201, r.text
    return r.json()


def step(server, snap, text):
    """One step; the snapshot after it (the step must be accepted)."""
    r = server.http.post(f"/api/companion/{snap['session']['id']}/steps", json={"step": text, "index": snap["index"]})
    assert r.status_code == 200, r.text
    return r.json()


def refused(server, snap, text):
    """The refusal of a step: 422 illegal when a rule forbids it, 400 for a correction of
    the wrong form."""
    r = server.http.post(f"/api/companion/{snap['session']['id']}/steps", json={"step": text, "index": snap["index"]})
    assert r.status_code in (400, 422), r.text
    assert (r.status_code == 422) == (r.json()["code"] == "illegal"), r.text
    return r.json()


def show(server, snap):
    r = server.http.get(f"/api/companion/{snap['session']['id']}")
    assert r.status_code == 200, r.text
    return r.json()


def pieces_of(snap, colour, kind=None):
    return [(i, p) for i, p in enumerate(snap["view"]["pieces"])
            if p["colour"] == colour and (kind is None or p["kind"] == kind)]


def placed(server):
    """A two-clan table past its set-up: red chose to start, every starting troop placed."""
    snap = new_session(server, {"players": 2}, seed=6)
    assert snap["can_edit"] and snap["table_chance"] and snap["decision"]["kind"] == "first"
    snap = step(server, snap, "first red")
    while snap["decision"]["kind"] == "place":
        snap = step(server, snap, snap["decision"]["actions"][0])
    assert snap["decision"]["kind"] == "tactical" and len(snap["view"]["pieces"]) == 20
    return snap


def test_an_age_of_thirst_table_corrects_its_board_and_plays_on(server):
    snap = placed(server)
    red = snap["view"]["players"][0]
    assert red["colour"] == "red"
    # The table's red Skinny stands on a source; blue has 7 gallons; blue grew a hedge.
    i, skinny = pieces_of(snap, "red", "skinny")[0]
    snap = step(server, snap, f'edit set piece.{i}.hex "{SOURCE}"')
    assert snap["log"][-1]["source"] == "edit" and snap["events"][0]["type"] == "correction"
    assert any(p["hex"] == SOURCE and p["kind"] == "skinny" and p["colour"] == "red" for p in snap["view"]["pieces"])
    snap = step(server, snap, "edit set clan.1.water 7")
    assert snap["view"]["players"][1]["water"] == 7
    snap = step(server, snap, 'edit add piece {"hex": "0,3", "colour": "blue", "kind": "hedge"}')
    assert any(p["hex"] == "0,3" and p["kind"] == "hedge" for p in snap["view"]["pieces"])
    # Red holds a Strike: the card comes out of the ray-tower deck, never in two places.
    decks = snap["view"]["decks"]["ray_tower"]
    snap = step(server, snap, 'edit [["take", "decks", "strike"], ["add", "clan.0.hand", "$taken"]]')
    assert snap["view"]["decks"]["ray_tower"] == decks - 1
    assert show(server, snap)["view"]["players"][0]["hand_size"] == 1
    # Corrections the rules refuse change nothing and name the rule, or the field.
    before = snap["index"]
    hedge = next(k for k, p in enumerate(snap["view"]["pieces"]) if p["kind"] == "hedge")
    error = refused(server, snap, f'edit set piece.{hedge}.hex "0,0"')
    assert error["code"] == "illegal" and error["rule"] == "LO-6.4", error
    six = ["strike", "strike", "blast", "blast", "collapse", "paralysis"]
    error = refused(server, snap, f"edit set clan.0.hand {json.dumps(six)}")
    assert error["code"] == "illegal" and error["rule"] == "LO-11", error
    error = refused(server, snap, 'edit set clan.1.water "a lot"')
    assert error["code"] == "bad_edit" and error["field"] == "clan.1.water", error
    error = refused(server, snap, 'edit set piece.0.kind "tank"')
    assert error["code"] == "bad_edit" and error["field"] == "piece.0.kind", error
    assert show(server, snap)["index"] == before
    # Red ends its tactical phase: the Skinny on the source draws, and the table says which card.
    snap = step(server, snap, "end phase")
    d = snap["decision"]
    assert d["chance"] and d["rule"] == "LO-9", d
    answer = d["actions"][0]
    snap = step(server, snap, answer)
    assert snap["decision"]["kind"] == "economic" and not snap["decision"]["chance"]
    # Undo the answer: the table is asked again; the session reloads as it was left.
    r = server.http.post(f"/api/companion/{snap['session']['id']}/undo", json={"index": snap["index"]})
    assert r.status_code == 200, r.text
    again = show(server, r.json())
    assert again["decision"]["chance"] and again["decision"]["rule"] == "LO-9"
    # The exported position is the very state, its pending draw included.
    spec = get_spec(GAME)
    r = server.http.get(f"/api/companion/{again['session']['id']}/scenario")
    assert r.status_code == 200, r.text
    state = spec.load_scenario(r.text, "export")
    assert spec.engine.view(state, None) == again["view"] and spec.engine.chance_pending(state) is not None
    # The session as a game record replays, corrections and answers included, to the same view.
    r = server.http.get(f"/api/companion/{again['session']['id']}/record")
    assert r.status_code == 200, r.text
    rec = GameRecord.loads(r.text, "table.jsonl")
    assert rec.mode == "companion" and len(rec.actions) == again["index"]
    assert sum(a.startswith("edit ") for a in rec.actions) == 4
    replayed = Session.from_record(spec, rec.config, rec.seed, rec.actions)
    assert spec.engine.view(replayed.state, None) == again["view"]



def test_the_page_gets_the_age_of_thirst_companion_module(server):
    specs = server.http.get("/api").json()["specs"]
    url = next(s for s in specs if s["name"] == GAME)["web"]["companion"]
    assert url == f"/games/{GAME}/companion.js"


def test_the_corrections_have_their_words_in_three_languages():
    """The module's words (games/age_of_thirst/web/companion.js) key for key in English,
    Russian and Ukrainian, a Russian or Ukrainian text in Cyrillic."""
    import re
    from pathlib import Path

    import wasteland

    path = Path(wasteland.__file__).parent / "games" / "age_of_thirst" / "web" / "companion.js"
    block = re.compile(r"^\s*(en|ru|uk): \{(.*?)\}\s*,\s*$", re.S | re.M)
    entry = re.compile(r'(\w+): "((?:[^"\\]|\\.)*)"')
    found = {lang: dict(entry.findall(body)) for lang, body in block.findall(path.read_text(encoding="utf-8"))}
    assert set(found) == {"en", "ru", "uk"} and len(found["en"]) > 30
    for lang in ("ru", "uk"):
        assert set(found[lang]) == set(found["en"]), set(found["en"]) ^ set(found[lang])
        for key, text in found[lang].items():
            letters = re.sub(r"\{\w+\}", "", text)
            latin = sum(c.isascii() and c.isalpha() for c in letters)
            cyrillic = sum("\u0400" <= c <= "\u04ff" for c in letters)
            assert cyrillic > latin, (lang, key, text)
