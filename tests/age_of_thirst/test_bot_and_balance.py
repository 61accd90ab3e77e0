"""The heuristic bot's judgement, the balance study's restricted bots (its openings), and
the simulator on Age of Thirst (``--turn-limit``, ``--bot heuristic-<policy>``, the turn
order, the round robin of the openings the spec declares)."""

from __future__ import annotations

import csv
import subprocess
import sys

import pytest
from aottest import play, position, seat

from wasteland.core.agent import Observation
from wasteland.games.age_of_thirst.bot import POLICIES, HeuristicAgent
from wasteland.games.age_of_thirst.game import GAME
from wasteland.core.registry import get_spec
from wasteland.sim.runner import columns


def choose(s, bot=None) -> str:
    bot = bot or HeuristicAgent(1)
    return bot.choose(Observation(GAME, s, GAME.decision(s)))


# -- the default bot ----------------------------------------------------------------------


def test_bot_steps_next_to_the_oasis_and_knocks_its_holder_off():
    # LO-7.1: move, then attack. Judged alone the step is worth little; with its attack it
    # takes blue off the Last Oasis (LO-13.1), so the bot does both in one activation.
    s = position({"2,-2": ("red", "skinny"), "0,0": ("blue", "skinny"), "-5,3": ("blue", "skinny")}, turn="red")
    step = choose(s)
    assert step.startswith("move 2,-2 ")
    landed = step.split()[2]
    assert s.board.distance(s.board.by_name[landed], s.board.centre) == 1
    play(s, step)
    assert choose(s) == f"attack {landed} 0,0"


def test_bot_keeps_a_psychic_strike_for_a_troop_that_threatens_the_centre():
    # LO-11: the card may be played at any moment of the owner's turn. Spent on a troop on
    # blue's base it would be gone when blue steps up to the Oasis.
    base = {h: ("blue", k) for h, k in (("-4,2", "skinny"), ("-5,3", "skinny"), ("-6,3", "handsome"),
                                        ("-6,4", "smart"))}
    far = position({"3,-1": ("red", "skinny"), **base}, turn="red", phase="economic")
    far.hands[seat(far, "red")] = ["strike"]
    far.touch()
    assert choose(far) == "end turn"
    near = position({"3,-1": ("red", "skinny"), "0,0": ("blue", "skinny"), **base}, turn="red", phase="economic")
    near.hands[seat(near, "red")] = ["strike"]
    near.touch()
    assert choose(near) == "play strike 0,0"


# -- the balance study's openings -----------------------------------------------------------


def test_one_kind_opening_buys_only_that_kind():
    s = position({"3,-1": ("red", "handsome"), "-5,3": ("blue", "skinny")}, turn="red", phase="economic",
                 water={"red": 30})
    bot = HeuristicAgent(3, policy="smart")
    for _ in range(6):
        a = choose(s, bot)
        assert not a.startswith("buy ") or a.split()[1] == "smart"
        if a == "end turn":
            break
        play(s, a)


def test_rush_opening_upgrades_its_kind_first_and_hedge_wall_grows_hedges():
    s = position({"3,-1": ("red", "skinny"), "-5,3": ("blue", "skinny")}, turn="red", phase="economic",
                 water={"red": 30})
    assert choose(s, HeuristicAgent(3, policy="rush-smart")) == "upgrade smart"
    assert choose(s, HeuristicAgent(3, policy="hedge")) == "upgrade hedge"
    s.levels[seat(s, "red")][3] = 3
    s.touch()
    assert choose(s, HeuristicAgent(3, policy="hedge")).startswith("grow ")


def test_unknown_policy_is_refused():
    with pytest.raises(ValueError, match="unknown Age of Thirst bot policy"):
        HeuristicAgent(0, policy="wizards")


def test_spec_offers_the_openings_as_named_bots():
    from wasteland.agents.registry import make_agent
    from wasteland.games.age_of_thirst.spec import POLICIES as SPEC_POLICIES, SPEC

    assert SPEC_POLICIES == tuple(POLICIES)  # the spec's list is the bot's
    assert [b.name for b in SPEC.bots] == ["heuristic"] + [f"heuristic-{p}" for p in POLICIES]
    assert make_agent("heuristic-rush-smart", 1, spec=SPEC).policy == "rush-smart"
    assert make_agent("heuristic", 1, spec=SPEC).policy is None


# -- turn limit (a simulation bound, not a rule) -------------------------------------------------


def test_turn_limit_ends_the_game_without_a_winner_and_says_why():
    s = GAME.new_game({"players": 2, "turn_limit": 3}, 5)
    bots = [HeuristicAgent(k) for k in range(2)]
    while (d := GAME.decision(s)) is not None:
        GAME.apply_in_place(s, bots[d.seat].choose(Observation(GAME, s, d)))
    if s.winners:  # a win inside three turns is impossible: circle 3 needs three own turns
        pytest.fail(f"won in {s.turn} turns")
    assert s.turn == 3 and s.end_reason == "turn limit 3 reached (not a rulebook ending)"
    assert GAME.outcome(s).winners == ()


def simulate_aot(*args, timeout=240):
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", "simulate", "age-of-thirst", "--no-progress",
                           *args], capture_output=True, text=True, timeout=timeout)


def test_simulate_turn_limit_and_opening_bots_in_both_seat_orders(tmp_path):
    out = simulate_aot("--games", "2", "--turn-limit", "4", "--workers", "1", "--seed", "2",
                       "--bot", "heuristic-skinny+heuristic,heuristic+heuristic-skinny", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    with open(tmp_path / "games.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert tuple(rows[0]) == columns(get_spec("age-of-thirst")) and len(rows) == 4
    for r in rows:
        # circle 3 needs three turns of one's own: nobody wins in four turns
        assert r["end_reason"] == "turn limit 4 reached (not a rulebook ending)"
        assert r["won"] == "0" and r["winners"] == "" and r["rounds"] == "2"
        assert r["order"] == "p1;p2"  # the heuristic bot choosing the first player takes its own colour
    # the same deals in both seat orders (the game seed leaves the bot out)
    assert [r["seed"] for r in rows[:2]] == [r["seed"] for r in rows[2:]]
    assert "turn limit 4" in out.stdout
    for part in ("by turn position", "moves 1st", "by seat's bot and turn position", "heuristic-skinny moves 2nd"):
        assert part in out.stdout


@pytest.mark.parametrize("args, message", [
    (["--turn-limit", "0"], "--turn-limit must be at least 1"),
    (["--bot", "heuristic-wizards"], "heuristic-rush-smart"),
])
def test_simulate_bad_aot_options_give_one_clear_error(args, message, tmp_path):
    out = simulate_aot("--games", "1", *args, "--out", str(tmp_path / "out"))
    assert out.returncode != 0
    errors = [ln for ln in out.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and message in errors[0], out.stderr
    assert "Traceback" not in out.stderr


def test_turn_limit_is_not_an_option_of_a_game_without_it(tmp_path):
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "simulate", "saltlands", "--no-progress",
                          "--games", "1", "--turn-limit", "5"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "--turn-limit: Saltlands has no option 'turn_limit'" in out.stderr


def test_the_spec_declares_the_round_robin_of_its_openings():
    spec = get_spec("age-of-thirst")
    assert spec.round_robin == ("heuristic",) + tuple(f"heuristic-{p}" for p in POLICIES)
    assert all(spec.bot(name) is not None for name in spec.round_robin)


def test_round_robin_prints_a_row_per_pairing_with_its_verdict(tmp_path):
    out = simulate_aot("--round-robin", "--bot", "heuristic-skinny,heuristic-hedge", "--against", "heuristic",
                       "--games", "1", "--turn-limit", "4", "--workers", "1", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("round robin (both seat orders on the same deals")[1].splitlines()
    rows = [ln.split() for ln in lines if ln.startswith("    heuristic-")]
    assert [r[:2] for r in rows] == [["heuristic-skinny", "heuristic"], ["heuristic-hedge", "heuristic"]]
    assert all(r[-1] in ("even", "dominated", "DOMINATES") for r in rows)
    assert all("100.0%" in r for r in rows)  # every game hit the limit: all draws
    with open(tmp_path / "games.csv", newline="", encoding="utf-8") as f:
        games = list(csv.DictReader(f))
    # each pairing in both seat orders, on the same deal
    assert [g["bot"] for g in games] == ["heuristic-skinny+heuristic", "heuristic+heuristic-skinny",
                                         "heuristic-hedge+heuristic", "heuristic+heuristic-hedge"]
    assert len({g["seed"] for g in games}) == 1


def test_round_robin_of_the_spec_plays_every_two_of_its_bots(tmp_path):
    out = simulate_aot("--round-robin", "--games", "1", "--turn-limit", "2", "--workers", "2",
                       "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    with open(tmp_path / "games.csv", newline="", encoding="utf-8") as f:
        games = list(csv.DictReader(f))
    n = len(get_spec("age-of-thirst").round_robin)
    assert len(games) == n * (n - 1)  # every pairing, both seat orders
    table = out.stdout.split("round robin (")[1].splitlines()
    assert len([ln for ln in table if ln.startswith("    heuristic")]) == n * (n - 1) // 2
