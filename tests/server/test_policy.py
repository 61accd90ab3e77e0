"""'Decide ties for me' through the server: ``{"policy": true}`` in place of an action lets
the game's documented policy (``GameSpec.auto_decide``) choose; the update names the
policy's rule, the record keeps the action it chose, and a decision the policy does not
take is refused with nothing changed."""

from __future__ import annotations

import random


def _post(server, game_id, token, body):
    return server.http.post(f"/api/games/{game_id}/actions", json=body, headers={"Authorization": f"Bearer {token}"})


def test_policy_decides_a_tie_of_the_raiders_turn_and_says_which_rule(server):
    created = server.create(players=1, characters=["scout"], seed=37, difficulty="easy", join=True, seats=["human"])
    game_id, token = created["game"]["id"], created["token"]
    state = server.state(game_id, token)
    # The player's own choices are never the policy's: refused, nothing changed.
    assert state["decision"]["policy"] is None
    refused = _post(server, game_id, token, {"policy": True, "index": state["index"]})
    assert refused.status_code == 409 and refused.json()["code"] == "no_policy", refused.text
    assert server.state(game_id, token)["index"] == state["index"]
    for bad in ({"policy": "yes", "index": state["index"]}, {"policy": True, "action": "end", "index": state["index"]}):
        r = _post(server, game_id, token, bad)
        assert r.status_code == 400 and r.json()["code"] == "bad_request", r.text
    rng = random.Random(3)
    for _ in range(400):
        d = state["decision"]
        if d["policy"]:
            break
        # play on, ending turns soon, until the raiders' turn offers a choice
        actions = d["actions"]
        action = "end" if "end" in actions else rng.choice(actions)
        r = server.act(game_id, token, action, state["index"])
        assert r.status_code == 200, r.text
        state = server.state(game_id, token)
    else:
        raise AssertionError("no decision the policy takes came up")
    offered = list(state["decision"]["actions"])
    assert state["decision"]["policy"].startswith("ties.")
    assert server.state(game_id)["decision"]["policy"] is None  # told to the deciding seat only
    r = _post(server, game_id, token, {"policy": True, "index": state["index"]})
    assert r.status_code == 200, r.text
    update = r.json()
    assert update["source"] == "policy" and update["policy"] == state["decision"]["policy"]
    assert update["action"] in offered and update["index"] == state["index"] + 1
    assert server.state(game_id, token)["index"] == update["index"]  # committed like any action
    undo = server.http.post(f"/api/games/{game_id}/undo", json={"index": update["index"]},
                            headers={"Authorization": f"Bearer {token}"})
    assert undo.status_code == 409 and "policy" in undo.json()["error"], undo.text
