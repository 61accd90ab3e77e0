"""The simulator's defeats by bot, cause and round (issue 33): a seat lost when it is not
among the winners; a lineup's bots are counted on their own seats."""

from wasteland.sim import defeats


def _row(bot, seats, winners, reason, rounds):
    return {"bot": bot, "seats": seats, "winners": winners, "end_reason": reason, "rounds": rounds}


def test_losses_split_by_bot_cause_and_round():
    rows = [
        _row("heuristic+random", 2, "p1", "influence 10 reached", 7),
        _row("heuristic+random", 2, "", "the last round ended without an escape (SL §47, SL §114)", 12),
        _row("heuristic", 1, "p1", "escaped", 9),
        _row("heuristic", 1, "", "error: boom", 3),  # a failed game is no defeat
    ]
    lost = defeats.losses(rows)
    assert lost["random"] == {"another seat won: influence 10 reached": [7],
                              "the last round ended without an escape (SL §47, SL §114)": [12]}
    assert lost["heuristic"] == {"the last round ended without an escape (SL §47, SL §114)": [12]}
    text = "\n".join(defeats.table(rows))
    assert "random: 2 seat(s) lost" in text and "heuristic: 1 seat(s) lost" in text
    assert "r10-12: 1" in text  # 12 rounds at most: bands of 3


def test_no_defeat_no_table():
    assert defeats.table([_row("heuristic", 1, "p1", "escaped", 4)]) == []
