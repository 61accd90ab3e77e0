"""The browser reads actions' parsed fields, never their texts (issue 28): the server sends
each legal action's fields, as the game's notation module reads them, with the decision,
and the fields of each action played with the update and the game's log."""

from __future__ import annotations

import random

from wasteland.games.saltlands.notation import parse


def test_decisions_updates_and_the_log_carry_the_fields_of_their_actions(server):
    created = server.create(players=1, characters=["scout"], seed=11, join=True, name="Ann", title="fields")
    game_id, token = created["game"]["id"], created["token"]
    ws = server.socket(game_id, token)
    current = ws.until(lambda m: m["type"] == "state")
    rng = random.Random(3)
    played = []
    for _ in range(12):
        d = current["decision"]
        if d is None or not d["actions"]:
            break
        assert d["fields"] == [parse(a).fields() for a in d["actions"]]
        action = rng.choice(d["actions"])
        ws.send({"type": "action", "action": action, "index": current["index"], "ref": f"r{current['index']}"})
        current = ws.until(lambda m: m["type"] == "update")
        assert current["action"] == action and current["action_fields"] == parse(action).fields()
        played.append(action)
    ws.close()
    assert len(played) >= 5
    log = server.http.get(f"/api/games/{game_id}/log", headers={"Authorization": f"Bearer {token}"}).json()["log"]
    steps = [step for step in log if step["action"] is not None]
    assert [s["action"] for s in steps] == played
    assert all(s["action_fields"] == parse(s["action"]).fields() for s in steps)


def test_another_seats_decision_lists_no_actions_and_no_fields(server):
    created = server.create(players=2, characters=["scout", "healer"], seed=4, title="two")
    ws = server.socket(created["game"]["id"])  # a spectator
    state = ws.until(lambda m: m["type"] == "state")
    assert state["decision"]["actions"] == [] and state["decision"]["fields"] == []
    ws.close()
