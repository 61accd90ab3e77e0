"""The map (LO-3), the content numbers (LO-2, LO-A) and set-up (LO-4)."""

from __future__ import annotations

import pytest
from aottest import legal, play

from wasteland.core import hexgrid
from wasteland.core.protocol import RuleError
from wasteland.games.age_of_thirst.board import board
from wasteland.games.age_of_thirst.content import COLOURS, ContentError, check_board, load_content
from wasteland.games.age_of_thirst.game import GAME

B = board()
CONTENT = load_content()


def test_lo_3_counts_of_the_map():
    assert B.coords[B.centre] == (0, 0)
    assert (len(B.sources), len(B.bunkers), len(B.ray_towers)) == (12, 6, 6)
    edge = set(hexgrid.ring((0, 0), 6))
    for c in COLOURS:
        assert len(B.landing[c]) == 5 and all(B.coords[h] in edge for h in B.landing[c])
        assert len(B.base[c]) == 10 and set(B.landing[c]) <= set(B.base[c])
    assert len({h for c in COLOURS for h in B.base[c]}) == 60, "bases never overlap"


def test_lo_3_symmetric_under_a_sixth_turn():
    def turned(hexes):
        return {hexgrid.rotate(B.coords[h], 1) for h in hexes}

    for group in (B.sources, B.bunkers, B.ray_towers):
        assert turned(group) == {B.coords[h] for h in group}
    for i, c in enumerate(COLOURS):
        nxt = COLOURS[(i + 1) % 6]
        assert turned(B.base[c]) == {B.coords[h] for h in B.base[nxt]}
        assert hexgrid.rotate(B.coords[B.nearest[c]], 1) == B.coords[B.nearest[nxt]]


def test_lo_3_ray_towers_closer_to_the_centre_than_sources_and_bunkers():
    ring = {k: {hexgrid.distance(B.coords[h], (0, 0)) for h in g}
            for k, g in (("towers", B.ray_towers), ("sources", B.sources), ("bunkers", B.bunkers))}
    assert max(ring["towers"]) < min(ring["sources"]) and max(ring["towers"]) < min(ring["bunkers"])


def test_lo_3_each_base_has_one_hex_nearest_to_the_centre():
    for c in COLOURS:
        d = sorted(B.distance(h, B.centre) for h in B.base[c])
        assert d[0] < d[1] and B.distance(B.nearest[c], B.centre) == d[0]


def test_lo_3_a_bad_map_is_refused_with_the_file_and_entry():
    bad = CONTENT.board.__class__(**{**{f: getattr(CONTENT.board, f) for f in CONTENT.board.__struct_fields__},
                                      "sources": CONTENT.board.sources[:11]})
    with pytest.raises(ContentError, match="board.toml: sources"):
        check_board(bad)


def test_lo_2_deck_counts_and_token_limits():
    assert sum(c.count for c in CONTENT.sources.values()) == 50
    assert sum(c.count for c in CONTENT.bunkers.values()) == 50
    assert sum(c.count for c in CONTENT.towers.values()) == 50
    assert {k: v.max_on_board for k, v in CONTENT.kinds.items()} == {"skinny": 10, "handsome": 7, "smart": 5,
                                                                    "hedge": 15}


def test_chosen_stat_table_is_marked_chosen():
    assert all(k.source == "chosen" for k in CONTENT.kinds.values())
    assert CONTENT.board.source == "chosen"


def test_lo_4_3_starting_troops_placed_on_the_own_base_by_choice():
    s = GAME.new_game({"players": 2}, 3)
    d = GAME.decision(s)
    assert d.kind == "first" and set(d.actions) == {"first red", "first blue"}
    play(s, "first blue")
    blue = s.colour.index("blue")
    d = GAME.decision(s)
    assert d.kind == "place" and d.seat == blue
    assert len(d.actions) == 3 * 10
    assert {a.split()[2] for a in d.actions} == {B.names[h] for h in B.base["blue"]}
    for _ in range(10):
        play(s, legal(s)[-1])
    mine = [k for h, (o, k) in s.pieces.items() if o == blue]
    assert sorted(mine) == sorted(["skinny"] * 5 + ["handsome"] * 3 + ["smart"] * 2)
    assert GAME.decision(s).seat == s.colour.index("red")


def test_lo_4_4_eyes_start_on_circle_0_and_no_water():
    s = GAME.new_game({"players": 4}, 1)
    assert s.eye == [0, 0, 0, 0] and s.water == [0, 0, 0, 0]


def test_lo_4_5_red_token_draw_red_starts_then_clockwise():
    for seed in range(10):
        s = GAME.new_game({"players": 4, "draw": True}, seed)
        assert s.colour[s.order[0]] == "red"
        assert [s.colour[q] for q in s.order] == ["red", "white", "blue", "black"]
    assert len({tuple(GAME.new_game({"players": 4, "draw": True}, seed).colour) for seed in range(20)}) > 1


def test_lo_4_5_the_draw_needs_red():
    with pytest.raises(RuleError) as info:
        GAME.new_game({"players": 2, "colours": ["black", "white"], "draw": True}, 1)
    assert info.value.rule == "LO-4.5"


@pytest.mark.parametrize("config, rule", [
    ({"players": 4, "teams": "2x2"}, "LO-13.4"),
    ({"players": 6, "teams": "3x3", "mode": "long"}, "LO-13.4"),
    ({"players": 6, "teams": "2x2x2"}, "LO-13.4"),
    ({"players": 5, "teams": "2x3"}, "LO-13.5"),
    ({"players": 5}, "LO-13.5"),  # five players always play 2x3
])
def test_lo_4_5_no_blind_colour_draw_in_a_team_game(config, rule):
    """Ruling: team-mates choose neighbouring colours (LO-13.4: 'які вибрали сусідні
    фракції'; LO-13.5: the pair 'обирають' the colours flanking the empty seat), so a
    team game deals no colours blind; the table agrees on who starts."""
    with pytest.raises(RuleError) as info:
        GAME.new_game({**config, "draw": True}, 1)
    assert info.value.rule == rule and "choose their colours" in info.value.message
    s = GAME.new_game(config, 1)
    d = GAME.decision(s)
    assert d.kind == "first" and len(d.actions) == config["players"]


def test_lo_4_1_player_count_and_colours():
    for bad in ({"players": 1}, {"players": 7}, {"players": 2, "colours": ["red", "red"]},
                {"players": 2, "colours": ["red", "green"]}):
        with pytest.raises(RuleError):
            GAME.new_game(bad, 1)
