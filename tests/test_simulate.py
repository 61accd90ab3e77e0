"""The balance simulator, run as a user runs it (``wasteland simulate`` in a real subprocess)."""

import csv
import re
import subprocess
import sys

import pytest

from wasteland.core.registry import get_spec
from wasteland.sim.report import wilson
from wasteland.sim.runner import columns

CHARACTERS = ["plowman", "arsonist", "little_girl", "scout", "healer", "scientist"]


def simulate(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", "simulate", "saltlands", "--no-progress",
                           *args], capture_output=True, text=True, timeout=timeout)


def rows_of(out_dir):
    with open(out_dir / "games.csv", newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        return tuple(reader.fieldnames), list(reader)


def table_of(out_dir):
    return rows_of(out_dir)[1]


def test_csv_has_one_row_per_game_with_the_columns(tmp_path):
    out = simulate("--games", "6", "--players", "2,3", "--seed", "3", "--workers", "1", "--bot", "random",
                   "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    header, table = rows_of(tmp_path)
    assert header == columns(get_spec("saltlands"))
    assert header[:9] == ("game", "players", "mode", "difficulty", "characters", "expansion", "variants",
                          "first_player", "respawn_step")
    assert len(table) == 12
    assert sorted((int(r["players"]), int(r["game"])) for r in table) == [(p, i) for p in (2, 3) for i in range(6)]
    assert len({r["seed"] for r in table}) == 12
    for r in table:
        assert r["mode"] == "classic" and r["difficulty"] == "normal" and r["bot"] == "random"
        assert r["expansion"] == "false" and r["variants"] == "none" and r["seats"] == r["players"]
        dealt = r["characters"].split(";")  # dealt by the game's seed (SL §44), base characters only
        assert r["dealt"] == "1" and len(set(dealt)) == len(dealt) == int(r["players"])
        assert set(dealt) <= set(CHARACTERS)
        assert r["won"] == ("1" if r["winners"] else "0")
        assert int(r["rounds"]) >= 1 and int(r["actions"]) > 0
        assert int(r["deaths"]) >= int(r["eliminated"]) >= 0
        assert int(r["raiders_destroyed"]) >= 0 and int(r["rumors_played"]) >= 0
        assert r["end_reason"] and not r["end_reason"].startswith("error:")


def test_without_a_lineup_the_characters_are_dealt_by_the_game_seed_the_same_for_every_bot(tmp_path):
    out = simulate("--games", "6", "--players", "1", "--difficulty", "easy,hard", "--bot", "random,heuristic",
                   "--workers", "1", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    table = table_of(tmp_path)
    by_seed = {}
    for r in table:
        assert r["dealt"] == "1"
        by_seed.setdefault(r["seed"], set()).add(r["characters"])
    assert len(by_seed) == 12 and all(len(names) == 1 for names in by_seed.values())  # paired: one deal per seed
    assert len({r["characters"] for r in table}) >= 3  # not the Plowman in every game
    assert "1p solo easy dealt heuristic" in out.stdout and "by lineup" not in out.stdout
    # a fixed lineup is what --characters asks for
    fixed = simulate("--games", "2", "--players", "1", "--characters", "scout", "--workers", "1",
                     "--out", str(tmp_path / "fixed"))
    assert fixed.returncode == 0, fixed.stderr
    assert {(r["characters"], r["dealt"]) for r in table_of(tmp_path / "fixed")} == {("scout", "0")}


def test_the_win_rate_chart_takes_its_form_from_the_sweep():
    from wasteland.sim.plots import win_rate_figure

    spec = get_spec("saltlands")

    def row(difficulty, players, won):
        return {"players": players, "mode": "solo", "difficulty": difficulty, "characters": "scout",
                "expansion": "false", "variants": "none", "first_player": 0, "respawn_step": "sailer",
                "bot": "random", "seats": players, "won": int(won), "winners": "p1" if won else "",
                "rounds": 3, "actions": 20, "dealt": "1", "params": ""}

    one = [row(d, 1, k % 2 == 0) for d in ("easy", "normal", "hard") for k in range(3)]
    axes = win_rate_figure(one, spec).axes[0]  # one player count: a labelled bar per difficulty
    assert [t.get_text() for t in axes.get_xticklabels()] == ["easy", "normal", "hard"]
    assert axes.get_xlabel() == "difficulty" and len(axes.patches) == 3
    several = one + [row(d, 2, False) for d in ("easy", "hard")]
    axes = win_rate_figure(several, spec).axes[0]  # several: a line per difficulty, each named
    assert [t.get_text() for t in axes.get_legend().get_texts()] == ["easy", "normal", "hard"]
    assert axes.get_xlabel() == "players (seats)"


def test_the_number_of_workers_does_not_change_the_games(tmp_path):
    # both bots (each seat's bot draws from its own seed); few games: which worker plays a
    # game is the point, not how many there are (the heuristic bot's games cost the time)
    args = ["--games", "3", "--players", "1-2", "--difficulty", "easy,hard", "--bot", "random,heuristic", "--seed", "11"]
    one = simulate(*args, "--workers", "1", "--out", str(tmp_path / "w1"))
    two = simulate(*args, "--workers", "2", "--out", str(tmp_path / "w2"))
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    h1, r1 = rows_of(tmp_path / "w1")
    h2, r2 = rows_of(tmp_path / "w2")
    assert h1 == h2 and len(r1) == 24
    assert r1 == r2
    assert one.stdout.splitlines()[0] == two.stdout.splitlines()[0]
    # another run seed gives other games
    three = simulate(*args, "--workers", "2", "--seed", "12", "--out", str(tmp_path / "w3"))
    assert three.returncode == 0, three.stderr
    assert {r["seed"] for r in table_of(tmp_path / "w3")}.isdisjoint({r["seed"] for r in r1})


def test_the_ray_backend_plays_the_same_games(tmp_path):
    args = ["--games", "3", "--players", "1,3", "--seed", "5", "--workers", "2"]
    local = simulate(*args, "--out", str(tmp_path / "local"))
    ray = simulate(*args, "--backend", "ray", "--out", str(tmp_path / "ray"), timeout=180)
    assert local.returncode == 0, local.stderr
    assert ray.returncode == 0, ray.stderr
    assert "ray backend" in ray.stdout
    assert table_of(tmp_path / "local") == table_of(tmp_path / "ray")


def test_a_sweep_plays_every_valid_combination(tmp_path):
    # the combinations are the point: the random bot plays them, the cheapest
    out = simulate("--games", "1", "--players", "1-3", "--mode", "solo,classic,coop", "--difficulty", "easy,hard",
                   "--character-sweep", "--bot", "random", "--workers", "2", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    rows = table_of(tmp_path)
    combos = {(int(r["players"]), r["mode"], r["difficulty"], r["characters"]) for r in rows}
    expected = set()
    for p in (1, 2, 3):
        for mode in (("solo",) if p == 1 else ("classic", "coop")):
            for difficulty in ("easy", "hard"):
                for first in CHARACTERS:
                    lineup = [first] + [c for c in CHARACTERS if c != first][: p - 1]
                    expected.add((p, mode, difficulty, ";".join(lineup)))
    assert combos == expected and len(rows) == len(expected) == 60
    # the skipped combinations are named, once each, on stderr
    assert "skipped players 2, 3; mode solo; difficulty easy, hard: solo mode is for exactly one player [SL §121]" \
        in out.stderr
    assert "skipped players 1; mode classic; " in out.stderr and "skipped players 1; mode coop; " in out.stderr
    # the expansion's characters need the expansion: one note for them all, naming the rule
    assert "--seat-sweep: characters trader, pickpocket, gunsmith, huntress, prophet, marauder fit no " \
        "configuration; the first: trader is a Lost in the Desert character: set expansion = true [SL §141]" \
        in out.stderr


def test_lineups_fill_the_seats_they_do_not_name(tmp_path):
    out = simulate("--games", "2", "--players", "2,4", "--characters", "healer", "--characters", "scout,arsonist",
                   "--bot", "random", "--workers", "1", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    rows = table_of(tmp_path)
    assert {(int(r["players"]), r["characters"]) for r in rows} == {
        (2, "healer;plowman"), (4, "healer;plowman;arsonist;little_girl"),
        (2, "scout;arsonist"), (4, "scout;arsonist;plowman;little_girl"),
    }
    assert "by lineup" in out.stdout


def test_any_option_of_the_game_in_every_spelling(tmp_path):
    """--NAME VALUES, a yes/no option alone or as --no-NAME, the singular of a list
    option, --option NAME=VALUES: all sweep the spec's options."""
    out = simulate("--games", "1", "--players", "2", "--expansion", "--variant", "none,epic",
                   "--option", "difficulty=easy,hard", "--bot", "random", "--workers", "1", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    rows = table_of(tmp_path)
    assert {(r["expansion"], r["variants"], r["difficulty"]) for r in rows} == {
        ("true", v, d) for v in ("none", "epic") for d in ("easy", "hard")}
    both = simulate("--games", "1", "--players", "2", "--expansion", "true,false", "--variant", "epic",
                    "--bot", "random", "--workers", "1", "--out", str(tmp_path / "both"))
    assert both.returncode == 0, both.stderr
    assert {(r["expansion"], r["variants"]) for r in table_of(tmp_path / "both")} == {("true", "epic")}
    assert "skipped expansion false: the epic game needs the expansion" in both.stderr  # SL §150, named
    assert "[SL §150]" in both.stderr
    off = simulate("--games", "1", "--no-expansion", "--bot", "random", "--workers", "1", "--out", str(tmp_path / "off"))
    assert off.returncode == 0, off.stderr
    assert {r["expansion"] for r in table_of(tmp_path / "off")} == {"false"}


def test_the_summary_starts_with_the_win_rate_and_is_saved(tmp_path):
    out = simulate("--games", "5", "--players", "2", "--mode", "classic,coop", "--workers", "1",
                   "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    first = out.stdout.splitlines()[0]
    assert re.fullmatch(r"win rate: \d\.\d{4}", first)
    assert 0.0 <= float(first.split(": ")[1]) <= 1.0
    saved = (tmp_path / "summary.txt").read_text(encoding="utf-8")
    assert saved.splitlines()[0] == first
    for part in ("by mode", "by difficulty", "by players", "by character", "by bot", "game length:",
                 "causes of defeat", "games/s"):
        assert part in out.stdout and part in saved
    assert "coop" in out.stdout and "classic" in out.stdout


def test_plots_are_written(tmp_path):
    out = simulate("--games", "1", "--players", "1-3", "--difficulty", "easy,normal", "--workers", "1",
                   "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    for name in ("win_rate_by_players.png", "game_length.png"):
        data = (tmp_path / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


@pytest.mark.parametrize("args, message", [
    (["--players", "0"], "0 is not a valid player count"),
    (["--players", "9"], "9 is not a valid player count"),
    (["--players", "2-x"], "not a number or a range"),
    (["--bot", "nobody"], "unknown bot 'nobody'"),
    (["--mode", "fancy"], "unknown value 'fancy'"),
    (["--difficulty", "insane"], "unknown value 'insane'"),
    (["--characters", "scout,ghost"], "--characters: unknown value 'ghost'"),
    (["--characters", "scout,scout"], "names a value twice"),
    (["--variant", "epic+wild"], "unknown value 'wild'"),
    (["--expansion-please", "1"], "Saltlands has no option 'expansion_please'"),
    (["stray"], "unexpected 'stray'"),
    (["--mode"], "--mode: a value is missing"),
    (["--option", "mode"], "--option: write NAME=VALUES"),
    (["--variant", "epic"], "the epic game needs the expansion"),
    (["--players", "3", "--mode", "solo"], "no valid configuration"),
    (["--games", "0"], "--games must be at least 1"),
    (["--backend", "dask"], "--backend must be one of"),
])
def test_bad_options_give_one_clear_error(args, message, tmp_path):
    out = simulate("--games", "1", *args, "--out", str(tmp_path / "out"))
    assert out.returncode != 0
    errors = [ln for ln in out.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and message in errors[0], out.stderr
    assert "Traceback" not in out.stderr and out.stdout == ""
    assert not (tmp_path / "out").exists()


def test_wilson_interval():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert wilson(10, 10)[1] == 1.0


def test_a_lineup_of_bots_plays_head_to_head_on_the_same_deals(tmp_path):
    """`--bot heuristic+random` seats the bots in turn; both lineups get the same seeds."""
    out = simulate("--games", "3", "--players", "2", "--mode", "competitive", "--difficulty", "easy",
                   "--bot", "heuristic+random,random+heuristic", "--workers", "1", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    table = table_of(tmp_path)
    by_bot = {}
    for r in table:
        by_bot.setdefault(r["bot"], []).append(r["seed"])
    assert sorted(by_bot) == ["heuristic+random", "random+heuristic"]
    assert by_bot["heuristic+random"] == by_bot["random+heuristic"]  # paired deals
    assert "by seat's bot, head to head" in out.stdout
    assert re.search(r"^  heuristic\s+\d\.\d{4}\s+\[.*\]\s+\d+/6$", out.stdout, re.M)


# -- Age of Thirst ------------------------------------------------------------------------


def simulate_aot(*args, timeout=180):
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", "simulate", "age-of-thirst", "--no-progress",
                           *args], capture_output=True, text=True, timeout=timeout)


def test_age_of_thirst_rows_follow_the_same_columns(tmp_path):
    out = simulate_aot("--games", "4", "--players", "2,3", "--mode", "normal,blitz", "--seed", "3", "--workers", "1",
                       "--bot", "random", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    header, table = rows_of(tmp_path)
    assert header == columns(get_spec("age-of-thirst"))
    assert len(table) == 16
    assert sorted({(int(r["players"]), r["mode"]) for r in table}) == [
        (2, "blitz"), (2, "normal"), (3, "blitz"), (3, "normal")]
    for r in table:
        assert r["bot"] == "random" and r["teams"] == "" and r["seats"] == r["players"]
        # the seats' clan colours, in seat order (LO-4.1, the default colours)
        assert r["colours"] == {"2": "red;blue", "3": "red;white;violet"}[r["players"]]
        for col in ("difficulty", "characters", "deaths", "eliminated", "raiders_destroyed", "rumors_played"):
            assert col not in r  # another game's options and tallies
        assert r["won"] == ("1" if r["winners"] else "0")
        assert int(r["rounds"]) >= 1 and int(r["actions"]) > 20
        assert r["end_reason"] and not r["end_reason"].startswith("error:")
    lines = out.stdout.splitlines()
    assert re.fullmatch(r"win rate: \d\.\d{4}", lines[0])
    for part in ("by mode", "by players", "by bot", "by colours", "by seat", "game length:", "games/s"):
        assert part in out.stdout
    assert "by difficulty" not in out.stdout and "by character" not in out.stdout and "per game:" not in out.stdout
    assert re.search(r"^  violet\s+\d\.\d{4}\s+\[\d\.\d{4}, \d\.\d{4}\]\s+\d+/8$", out.stdout, re.M)


def test_age_of_thirst_results_do_not_depend_on_the_workers(tmp_path):
    # a random team game can run for tens of thousands of actions: the turn limit keeps the test short
    args = ["--games", "2", "--players", "2,4", "--teams", "none,2x2", "--bot", "random,heuristic", "--seed", "8",
            "--turn-limit", "80"]
    one = simulate_aot(*args, "--workers", "1", "--out", str(tmp_path / "w1"), timeout=400)
    two = simulate_aot(*args, "--workers", "2", "--out", str(tmp_path / "w2"), timeout=400)
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    h1, r1 = rows_of(tmp_path / "w1")
    h2, r2 = rows_of(tmp_path / "w2")
    # 2p and 4p free-for-all, 4p 2x2 (2p 2x2 is skipped), each with two bots
    assert h1 == h2 and len(r1) == 12 and r1 == r2
    assert {(r["players"], r["teams"]) for r in r1} == {("2", ""), ("4", ""), ("4", "2x2")}
    assert "skipped players 2; teams 2x2: a 2x2 team game needs 4 players [LO-13.4]" in one.stderr
    assert one.stdout.splitlines()[0] == two.stdout.splitlines()[0]
    assert "by teams" in one.stdout
    # team games: both team-mates win together (the heuristic bots' team games end with a winner)
    team_wins = [r["winners"] for r in r1 if r["teams"] == "2x2" and r["winners"]]
    assert team_wins and all(len(w.split(";")) == 2 for w in team_wins), team_wins


@pytest.mark.parametrize("args, message", [
    (["--players", "1"], "1 is not a valid player count"),
    (["--mode", "classic"], "unknown value 'classic'"),
    (["--teams", "4x4"], "unknown value '4x4'"),
    (["--difficulty", "hard"], "Age of Thirst has no option 'difficulty'"),
    (["--characters", "red,blue"], "Age of Thirst has no option 'characters'"),
    (["--colours", "red,blue"], "does not sweep the option 'colours'"),
    (["--players", "2", "--teams", "3x3"], "no valid configuration"),
])
def test_age_of_thirst_bad_options_give_one_clear_error(args, message, tmp_path):
    out = simulate_aot("--games", "1", *args, "--out", str(tmp_path / "out"))
    assert out.returncode != 0
    errors = [ln for ln in out.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and message in errors[0], out.stderr
    assert "Traceback" not in out.stderr and out.stdout == ""


def test_bots_on_the_same_seeds_and_variants_are_compared_in_the_summary(tmp_path):
    out = simulate("--games", "4", "--players", "1", "--mode", "solo", "--bot", "random,heuristic",
                   "--variant", "none,overkill", "--workers", "1", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "bots on the same seeds (paired difference of win rates, 95% interval):" in text
    pairs = [line for line in text.splitlines() if "heuristic - random = " in line]
    assert len(pairs) == 2  # one per variant, each over the same 4 seeds
    assert all("/4 vs random " in line for line in pairs)
    assert "by variants against the game without (none; SL §148)" in text
    table = text.split("by variants against the game without")[1].splitlines()
    assert table[1].strip() == "1p solo normal dealt random"  # characters dealt by each game's seed
    assert table[2].split()[0] == "none" and table[3].split()[0] == "overkill" and "| win rate" in table[3]


# -- the sweep and the round robin, without a game being played ----------------------------


def test_seeds_leave_out_the_bot_and_options_at_their_default():
    from dataclasses import replace

    from wasteland.core.spec import Option
    from wasteland.sim.sweep import Configuration, bot_seed, game_seed

    spec = get_spec("saltlands")
    config = Configuration("saltlands", (("players", 2),), "random", (("players", 2), ("mode", "classic")))
    other_bot = replace(config, bot="heuristic")
    assert game_seed(0, spec, config, 3) == game_seed(0, spec, other_bot, 3)  # the same deals
    assert bot_seed(0, spec, config, 3, 1) != bot_seed(0, spec, other_bot, 3, 1)
    assert game_seed(0, spec, config, 3) != game_seed(0, spec, config, 4) != game_seed(1, spec, config, 4)
    # a new option at its default moves no seed; a value other than its default does
    grown = replace(spec, options=spec.options + (Option("weather", "bool", "storms", default=False),))
    assert game_seed(0, grown, config, 3) == game_seed(0, spec, config, 3)
    stormy = replace(config, full=config.full + (("weather", True),))
    assert game_seed(0, grown, stormy, 3) != game_seed(0, spec, config, 3)


def test_round_robin_statistics_and_verdicts_by_hand():
    from wasteland.sim.report import Rate
    from wasteland.sim.round_robin import duel_rates, verdict

    def game(bot, winners, order):
        return {"bot": bot, "seats": 2, "winners": winners, "order": order}

    # a+b: a (p1) wins twice, one draw; b+a: a (p2) wins once, b (p1) once
    rows = [game("a+b", "p1", "p1;p2"), game("a+b", "p1", "p2;p1"), game("a+b", "", "p1;p2"),
            game("b+a", "p2", "p1;p2"), game("b+a", "p1", "p1;p2")]
    r = duel_rates(rows, "a", "b")
    assert (r["a"].wins, r["a"].n) == (3, 5) and (r["b"].wins, r["b"].n) == (1, 5)
    assert (r["draw"].wins, r["draw"].n) == (1, 5)
    assert (r["first"].wins, r["first"].n) == (2, 5)  # p1 first and won twice; p2 first and lost once
    assert verdict(Rate(70, 100)) == "DOMINATES" and verdict(Rate(30, 100)) == "dominated"
    assert verdict(Rate(55, 100)) == "even" and verdict(Rate(3, 5)) == "even"


@pytest.mark.parametrize("args, message", [
    (["--round-robin"], "Saltlands declares no round robin of bots; name them with --bot a,b,c"),
    (["--round-robin", "--bot", "random"], "a round robin needs two bots at least"),
    (["--round-robin", "--bot", "random+heuristic"], "name single bots with --bot, not lineups"),
    (["--against", "random"], "--against: an option of --round-robin"),
    (["--round-robin", "--bot", "random,heuristic", "--against", "nobody"], "unknown bot 'nobody'"),
])
def test_round_robin_bad_options_give_one_clear_error(args, message, tmp_path):
    out = simulate("--games", "1", *args, "--out", str(tmp_path / "out"))
    assert out.returncode == 2
    errors = [ln for ln in out.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and message in errors[0], out.stderr
    assert not (tmp_path / "out").exists()


def test_a_round_robin_of_named_bots_on_any_game(tmp_path):
    out = simulate("--round-robin", "--bot", "random,heuristic", "--players", "2", "--mode", "competitive",
                   "--games", "2", "--workers", "1", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert [r["bot"] for r in table_of(tmp_path)] == ["random+heuristic"] * 2 + ["heuristic+random"] * 2
    line = next(ln for ln in out.stdout.splitlines() if ln.startswith("    random "))
    assert line.split()[1] == "heuristic" and line.rstrip().endswith(("even", "dominated", "DOMINATES"))
    assert "n/a" in line  # this game does not report its turn order


def test_without_a_bot_the_games_own_default_bot_plays_and_the_summary_says_so(tmp_path):
    # a tester read a random bot's 0/20 as Saltlands' win rate: the default is the game's own bot
    spec = get_spec("saltlands")
    assert spec.default_bot == "heuristic"
    out = simulate("--games", "2", "--workers", "1", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("win rate: ")
    assert lines[1] == "played by: heuristic (the game's default bot; --bot names others)"
    assert {r["bot"] for r in table_of(tmp_path)} == {"heuristic"}
    named = simulate("--games", "1", "--workers", "1", "--bot", "random")
    assert named.stdout.splitlines()[1] == "played by: random (--bot)"


def test_the_causes_name_places_by_their_names_not_their_ids(tmp_path):
    """Quest's engine ends a won game with "a hero holds sanctum.c ..." (the zone's id, as the
    record keeps it); the summary a person reads says the zone's name, as the terminal does."""
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "simulate", "quest", "--no-progress",
                          "--games", "20", "--out", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    causes = out.stdout.partition("causes of defeat")[2]
    assert "Lantern Sanctum c, the quest symbol's zone" in causes, causes
    assert not re.search(r"\b[a-z]+\.[a-d]\b", causes), causes  # no zone id ("sanctum.c")
    assert re.search(r"^by quest\n  The Last Lantern \(lantern\) +\d\.\d{4}", out.stdout, re.M), out.stdout  # not "lantern"
    # the games' file keeps the engine's own words (the record of what happened)
    assert any("sanctum.c" in row["end_reason"] for row in table_of(tmp_path))


def test_the_characters_table_names_each_character_beside_its_id(tmp_path):
    """A person reads "Little Girl", and the id --characters takes stands beside it."""
    out = simulate("--games", "2", "--players", "2", "--characters", "little_girl,scout", "--workers", "1",
                   "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    rows = out.stdout.partition("by characters")[2].partition("by seat")[0]
    assert re.search(r"^  Little Girl \(little_girl\) +\d\.\d{4}", rows, re.M), rows
    assert re.search(r"^  Scout \(scout\) +\d\.\d{4}", rows, re.M), rows
