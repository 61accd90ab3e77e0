"""Age of Thirst's set-up entered as its result (LO-4.3), on a real server (SQLite and
PostgreSQL): a clan's ten starting troops in one step, each placement checked by the
game's own rules as if entered alone; a wrong arrangement (a sixth Skinny, a hex off the
base, a troop of the next clan) is refused whole with its rule and stores nothing; the
step undoes as one."""

from __future__ import annotations

GAME = "age-of-thirst"


def post(server, snap, text):
    return server.http.post(f"/api/companion/{snap['session']['id']}/steps", json={"step": text, "index": snap["index"]})


def started(server):
    r = server.http.post("/api/companion", json={"game": GAME, "config": {"players": 2}, "seed": 3})
    assert r.status_code == 201, r.text
    r = post(server, r.json(), "first red")
    assert r.status_code == 200, r.text
    snap = r.json()
    assert snap["decision"]["kind"] == "place" and snap["decision"]["rule"] == "LO-4.3"
    return snap


def base_of(snap):
    """The free hexes of the deciding clan's base, as its placements name them."""
    hexes = []
    for action in snap["decision"]["actions"]:
        hex_ = action.split(" ")[2]
        if hex_ not in hexes:
            hexes.append(hex_)
    return hexes


def arrangement(hexes, kinds):
    return "; ".join(f"place {k} {h}" for k, h in zip(kinds, hexes))


AS_PRINTED = ["smart", "smart", "handsome", "handsome", "handsome", "skinny", "skinny", "skinny", "skinny", "skinny"]


def test_a_clan_places_its_starting_troops_in_one_step(server):
    snap = started(server)
    red, hexes = snap["decision"]["seat"], base_of(snap)
    assert len(hexes) == 10
    r = post(server, snap, arrangement(hexes, AS_PRINTED))
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["index"] == snap["index"] + 1  # one step in the log
    mine = {p["hex"]: p["kind"] for p in after["view"]["pieces"] if p["owner"] == red}
    assert mine == dict(zip(hexes, AS_PRINTED))
    assert [e["type"] for e in after["events"]] == ["place"] * 10
    assert after["decision"]["kind"] == "place" and after["decision"]["seat"] != red  # the next clan's
    blue_hexes = base_of(after)
    r = post(server, after, arrangement(blue_hexes, AS_PRINTED))
    assert r.status_code == 200, r.text
    done = r.json()
    assert done["decision"]["kind"] == "tactical" and len(done["view"]["pieces"]) == 20
    # it undoes as one step (the session replays its steps without it: red's stays as entered)
    r = server.http.post(f"/api/companion/{snap['session']['id']}/undo", json={"index": done["index"]})
    assert r.status_code == 200, r.text
    assert r.json()["view"]["pieces"] == after["view"]["pieces"]


def refusal(server, snap, text):
    r = post(server, snap, text)
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["code"] == "illegal"
    unchanged = server.http.get(f"/api/companion/{snap['session']['id']}").json()
    assert unchanged["index"] == snap["index"] and unchanged["view"] == snap["view"]  # nothing stored
    return body


def test_a_wrong_arrangement_is_refused_whole_with_its_rule(server):
    snap = started(server)
    hexes = base_of(snap)
    six_skinnies = ["skinny"] * 6 + ["handsome"] * 3 + ["smart"]
    body = refusal(server, snap, arrangement(hexes, six_skinnies))
    assert body["rule"] == "LO-4.3" and "action 6 ('place skinny" in body["error"], body
    body = refusal(server, snap, arrangement(["0,0", *hexes[1:]], AS_PRINTED))  # the centre: no base hex
    assert body["rule"] == "LO-4.3" and "action 1 ('place smart 0,0')" in body["error"], body
    # eleven placements: the eleventh is the next clan's to make
    body = refusal(server, snap, arrangement(hexes, AS_PRINTED) + "; place skinny 0,0")
    assert body["rule"] == "LO-4.3" and "action 11" in body["error"] and "one seat's" in body["error"], body
    r = post(server, snap, "place skinny " + hexes[0] + ";; place skinny " + hexes[1])
    assert r.status_code == 400 and r.json()["field"] == "step", r.text
