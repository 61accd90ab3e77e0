"""Tokens and the wrecks they lie on (SL §37, SL §38, SL §73 to SL §77)."""

from __future__ import annotations

from sltest import build, find_all, play, tokens

# A face-down tile of the scenario's own: a wreck among the mountains in its middle
# (4,-10 at t0,-2), salt around it.
MOUNTAIN_WRECK = """
    seed = 1
    [config]
    players = 1
    characters = ["arsonist"]
    [[tile]]
    at = "t0,-2"
    terrain = ["m m m", "m s s m", "m s mw s m", "m s sA m", "m m m"]
    face_up = false
    [state]
    explore = ["t0,-2"]
    [[player]]
    seat = "p1"
    hex = "4,-11"
"""


def test_a_wreck_in_the_mountains_holds_a_token_collected_from_beside_it_SL38_SL73_SL84():
    # SL §84's example: the Arsonist drives to "the loot token in the mountains" and takes it
    # from the next hex (SL §73). SL §38 puts tokens on every wreck, whatever its terrain.
    s = build(MOUNTAIN_WRECK)
    wreck = s.static.geo.by_name["4,-10"]
    assert s.terrain.terrain[wreck] == 2 and s.terrain.wreck[wreck]  # mountains, a wreck
    assert "4,-10" in tokens(s)  # a pool token on it (SL §110)
    assert find_all(s, "collect 4,-10") == ["collect 4,-10 by arsonist"]
    play(s, "collect 4,-10 by arsonist")
    assert "4,-10" not in tokens(s)
