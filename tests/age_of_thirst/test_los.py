"""Line of sight and targeting (LO-6.1, LO-6.2, LO-6.3, LO-8.3).

Straight lines are the six axial directions; lines along hex junctions (e.g. 0,0 -> 1,-2)
and every other line never count for Handsomes. The map is large enough that every line
used here stays on the board.
"""

from __future__ import annotations

from aottest import at, illegal, legal, play, position, seat

from wasteland.games.age_of_thirst.board import board
from wasteland.games.age_of_thirst.los import between, handsome_sees, mind_distance

B = board()


def ix(name: str) -> int:
    return B.by_name[name]


def pieces(spec: dict[str, str]) -> dict[int, tuple[int, str]]:
    return {ix(h): (0, kind) for h, kind in spec.items()}


# -- straight lines and junctions (LO-6.2) ----------------------------------------------------


def test_lo_6_2_six_straight_lines_from_a_hex():
    for target in ("0,-3", "3,-3", "3,0", "0,3", "-3,3", "-3,0"):
        assert between(B, ix("0,0"), ix(target)) is not None
        assert len(between(B, ix("0,0"), ix(target))) == 2


def test_lo_6_2_no_shot_across_the_junction_of_two_hexes():
    # 1,-2 / 2,-1 / -1,-1 ... lie on the lines that run along hex edges (between directions).
    for target in ("1,-2", "2,-1", "1,1", "-1,2", "-2,1", "-1,-1", "2,-4"):
        assert between(B, ix("0,0"), ix(target)) is None
        assert not handsome_sees(B, {}, ix("0,0"), ix(target), 6, lob=True)


def test_lo_6_2_knight_like_offsets_are_not_lines_either():
    assert between(B, ix("0,0"), ix("1,-3")) is None
    assert not handsome_sees(B, {}, ix("0,0"), ix("1,-3"), 6, lob=False)


def test_lo_6_2_range_limits_the_shot():
    assert handsome_sees(B, {}, ix("0,0"), ix("0,-2"), 2, lob=False)
    assert not handsome_sees(B, {}, ix("0,0"), ix("0,-3"), 2, lob=False)


def test_lo_8_3_adjacent_shot_is_allowed():
    assert handsome_sees(B, {}, ix("0,0"), ix("1,0"), 2, lob=False)


# -- blocking (LO-6.2, LO-8.3) ---------------------------------------------------------------


def test_lo_8_3_any_token_between_blocks_levels_1_and_2():
    for kind in ("skinny", "handsome", "smart", "hedge"):
        assert not handsome_sees(B, pieces({"0,-1": kind}), ix("0,0"), ix("0,-3"), 3, lob=False)


def test_lo_6_2_a_hedge_can_be_the_target_but_not_shot_through():
    hedges = pieces({"0,-1": "hedge", "0,-2": "skinny"})
    assert handsome_sees(B, hedges, ix("0,0"), ix("0,-1"), 3, lob=False)
    assert not handsome_sees(B, hedges, ix("0,0"), ix("0,-2"), 3, lob=True)


def test_lo_6_2_lob_shot_over_one_or_two_troops():
    one = pieces({"1,0": "skinny"})
    two = pieces({"1,0": "skinny", "2,0": "smart"})
    three = pieces({"1,0": "skinny", "2,0": "smart", "3,0": "handsome"})
    assert handsome_sees(B, one, ix("0,0"), ix("3,0"), 4, lob=True)
    assert handsome_sees(B, two, ix("0,0"), ix("3,0"), 4, lob=True)
    assert not handsome_sees(B, three, ix("0,0"), ix("4,0"), 4, lob=True)
    assert not handsome_sees(B, one, ix("0,0"), ix("3,0"), 4, lob=False)


def test_lo_6_2_lob_shot_never_over_a_hedge():
    assert not handsome_sees(B, pieces({"1,0": "hedge"}), ix("0,0"), ix("2,0"), 4, lob=True)
    assert not handsome_sees(B, pieces({"1,0": "skinny", "2,0": "hedge"}), ix("0,0"), ix("3,0"), 4, lob=True)


def test_lo_6_2_lob_shot_still_needs_a_straight_line():
    assert not handsome_sees(B, {}, ix("0,0"), ix("1,-2"), 4, lob=True)


# -- Brainiacs (LO-6.3) -----------------------------------------------------------------------


def test_lo_6_3_brainiacs_go_around_hedges():
    # Hedges on the N, NE and NW neighbours of 0,0: the way to 0,-2 must go round them,
    # 1,0 -> 2,-1 -> 2,-2 -> 1,-2 -> 0,-2 (or the mirror way): 5 steps instead of 2.
    wall = pieces({"0,-1": "hedge", "1,-1": "hedge", "-1,0": "hedge"})
    assert mind_distance(B, {}, ix("0,0"), ix("0,-2"), 2, beam=False) == 2
    assert mind_distance(B, wall, ix("0,0"), ix("0,-2"), 2, beam=False) is None
    assert mind_distance(B, wall, ix("0,0"), ix("0,-2"), 4, beam=False) is None
    assert mind_distance(B, wall, ix("0,0"), ix("0,-2"), 5, beam=False) == 5


def test_lo_8_3_troops_do_not_block_a_mind_attack():
    crowd = pieces({h: "skinny" for h in ("0,-1", "1,-1", "-1,0", "1,0", "-1,1", "0,1")})
    assert mind_distance(B, crowd, ix("0,0"), ix("0,-2"), 2, beam=False) == 2


def test_lo_6_3_piercing_beam_goes_straight_through_hedges():
    ring = pieces({h: "hedge" for h in ("0,-1", "1,-1", "-1,0", "1,0", "-1,1", "0,1")})
    assert mind_distance(B, ring, ix("0,0"), ix("0,-2"), 3, beam=False) is None
    assert mind_distance(B, ring, ix("0,0"), ix("0,-2"), 3, beam=True) == 2
    assert mind_distance(B, ring, ix("0,0"), ix("1,-3"), 3, beam=True) == 3  # not a straight line: fine


def test_lo_6_3_brainiacs_never_adjacent_never_hedges_in_play():
    s = position({"0,0": ("red", "smart"), "1,0": ("blue", "skinny"), "0,-2": ("blue", "hedge"),
                  "2,0": ("blue", "skinny")}, turn="red")
    acts = legal(s)
    assert "attack 0,0 2,0" in acts
    illegal(s, "attack 0,0 1,0", "LO-6.3")
    illegal(s, "attack 0,0 0,-2", "LO-6.3")


def test_lo_6_3_brainiac_attack_around_a_hedge_wall_in_play():
    # Level 1 range 2 (units.toml): behind a full ring of hedges nothing is in reach;
    # at level 3 the piercing beam reaches.
    ring = {h: ("red", "hedge") for h in ("0,-1", "1,-1", "-1,0", "1,0", "-1,1", "0,1")}
    s = position({"0,0": ("red", "smart"), "0,-2": ("blue", "skinny"), **ring}, turn="red")
    illegal(s, "attack 0,0 0,-2", "LO-6.3")
    s.levels[seat(s, "red")][2] = 3
    s.touch()
    play(s, "attack 0,0 0,-2")
    assert at(s, "0,-2") is None
    assert all(at(s, h) == ("red", "hedge") for h in ring), "the beam does not harm hedges"


# -- Skinnies (LO-6.1) and Handsomes in play (LO-6.2) --------------------------------------------


def test_lo_6_1_skinnies_hit_adjacent_only_hedges_included():
    s = position({"0,0": ("red", "skinny"), "1,0": ("blue", "hedge"), "2,0": ("blue", "skinny")}, turn="red")
    assert "attack 0,0 1,0" in legal(s)
    illegal(s, "attack 0,0 2,0", "LO-6.1")


def test_lo_6_2_handsome_in_play_line_range_and_block():
    s = position({"0,0": ("red", "handsome"), "0,-2": ("blue", "skinny"), "1,-2": ("blue", "skinny"),
                  "2,0": ("blue", "skinny"), "1,0": ("blue", "hedge")}, turn="red")
    acts = legal(s)
    assert "attack 0,0 0,-2" in acts  # straight line N, range 2 at level 1
    assert "attack 0,0 1,0" in acts  # the hedge itself
    illegal(s, "attack 0,0 1,-2", "LO-6.2")  # junction line
    illegal(s, "attack 0,0 2,0", "LO-6.2")  # behind the hedge


def test_lo_6_2_lob_shot_in_play():
    s = position({"0,0": ("red", "handsome"), "0,-1": ("blue", "skinny"), "0,-2": ("red", "skinny"),
                  "0,-3": ("blue", "smart")}, turn="red")
    illegal(s, "attack 0,0 0,-3", "LO-6.2")
    s.levels[seat(s, "red")][1] = 3  # level 3: range 4 and the lob shot
    s.touch()
    play(s, "attack 0,0 0,-3")
    assert at(s, "0,-3") is None
