"""Dice a table rolls together are entered as one step: the server says how many of the
chance points ahead are the same die asked again whatever each shows (``decision.roll``),
and takes their faces as one step ("chance 2;chance 5;chance 1"), each checked by the rules
in turn. Quest's destiny roll is three dice (WQ-40.2), then its hero's activation dice; a
point whose next one depends on what came up, or another die, is a step of its own. On a
real server (SQLite and PostgreSQL), nothing named but the games' registry keys."""

from __future__ import annotations

from wasteland.core.registry import get_spec
from wasteland.server.companion_session import Session


def new_session(server, game, config=None, seed=3):
    r = server.http.post("/api/companion", json={"game": game, "config": config or {}, "seed": seed})
    assert r.status_code == 201, r.text
    return r.json()


def post(server, snap, text):
    return server.http.post(f"/api/companion/{snap['session']['id']}/steps", json={"step": text, "index": snap["index"]})


def test_the_destiny_dice_are_one_step(server):
    snap = new_session(server, "quest", {"players": 1})
    d = snap["decision"]
    assert d["chance"] and d["rule"] == "WQ-40.2" and d["roll"] == 3, d
    r = post(server, snap, "chance 2;chance 5;chance 1")
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["index"] == 1 and after["log"][-1]["step"] == "chance 2;chance 5;chance 1"
    # the same position as three steps of one die each
    alone = Session(get_spec("quest"), "x", {"players": 1}, 3)
    for face in ("2", "5", "1"):
        alone.play(alone.resolve(f"chance {face}"))
    assert after["view"] == alone.snapshot()["view"]
    # the hero's activation dice come next: a roll of their own
    assert after["decision"]["chance"] and after["decision"]["roll"] >= 2
    assert after["chance"]["term"] != snap["chance"]["term"]


def test_a_wrong_face_or_another_die_refuses_the_whole_roll(server):
    snap = new_session(server, "quest", {"players": 1})
    bad = post(server, snap, "chance 2;chance 9;chance 1")
    assert bad.status_code == 422 and bad.json()["rule"] == "WQ-40.2", bad.text
    assert "action 2" in bad.json()["error"]
    # four faces: the fourth would answer the hero's activation die, another roll
    over = post(server, snap, "chance 2;chance 5;chance 1;chance 3")
    assert over.status_code == 422 and "dice of one roll" in over.json()["error"], over.text
    again = server.http.get(f"/api/companion/{snap['session']['id']}").json()
    assert again["index"] == 0 and again["decision"]["roll"] == 3  # nothing changed


def test_a_card_or_a_die_that_depends_on_the_last_is_alone():
    """A card drawn changes the deck (its odds): never the same point again; the event die
    is one die. Their ``roll`` is 1, and the page asks them one a screen."""
    for game, config in (("saltlands", {"players": 2}), ("fallout", {}), ("quest", {"players": 1})):
        s = Session(get_spec(game), "x", config, 3)
        seen = set()
        for _ in range(80):
            d = s.decision()
            if d is None:
                break
            if d.seat == -1:
                snap = s.snapshot()
                point = snap["chance"]["term"]
                if point in ("damage_card", "weather", "agenda_card", "fight_die", "event_die"):
                    assert snap["decision"]["roll"] == 1, (game, point)
                    seen.add(point)
                s.play(s.resolve(d.actions[0]))
            elif s.snapshot()["decision"]["policy"]:
                s.play(s.resolve("decide"))
            else:
                ends = [a for a in d.actions if a in ("end", "end turn", "end phase")]
                s.play(s.resolve(ends[0] if ends else d.actions[0]))
        assert seen, game
