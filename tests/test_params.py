"""A game's tunable numbers (``wasteland.core.params``): each game's override changes play
as it says, and a bad parameter file is one clear error naming the parameter and range."""

from concurrent.futures import ThreadPoolExecutor
import subprocess
import sys

import pytest

from wasteland.core.params import ParamError, applied, check, game_params, read_file
from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec, registered_games
from wasteland.games.age_of_thirst.combat import stats
from wasteland.games.age_of_thirst.content import load_content
from wasteland.sim.runner import play_game
from wasteland.sim.sweep import Configuration

from testkit import refused_file


def test_every_game_declares_parameters_with_a_rule_anchor_and_a_range_holding_the_default():
    for name, spec in registered_games().items():
        params = game_params(spec).params
        assert params, name
        for p in params:
            assert spec.is_anchor(p.rule), (name, p.name, p.rule)
            assert p.low <= p.default <= p.high and p.text
            assert "(s)" not in p.text, (name, p.text)  # people read it: "with 1 player", "with 2 players"


def test_saltlands_spawn_letters_of_a_difficulty():
    spec = get_spec("saltlands")
    with applied(spec, check(spec, {"letters_normal": 5, "activations_1p": 1})):
        state = spec.engine.new_game({"players": 1}, 7)
        assert state.static.rules.active_letters == "ABCMH"  # SL §18: Normal with Hard's letters
        assert state.static.rules.activations == 1  # SL §97
    with applied(spec, check(spec, {"solo_stack_cards": 6})):  # SL §121: the first six of 1,1,2,3,3,4,5,5,6
        assert {len(stack) for stack in spec.engine.new_game({"players": 1}, 7).damage_stacks.values()} == {6}
    assert {len(stack) for stack in spec.engine.new_game({"players": 1}, 7).damage_stacks.values()} == {9}
    assert spec.engine.new_game({"players": 1}, 7).static.rules.active_letters == "ABCM"  # the table back


def test_fallout_influence_target_ends_the_game_at_the_tuned_number():
    own = play_game(Configuration("fallout", (("players", 1),), "heuristic"), 0, 0)
    tuned = play_game(Configuration("fallout", (("players", 1),), "heuristic", params=(("target_1p", 5),)), 0, 0)
    assert own["end_reason"] == "influence 11 reached"  # FO-13.5
    assert tuned["end_reason"] == "influence 5 reached" and tuned["params"] == "target_1p=5"
    assert tuned["seed"] == own["seed"] and int(tuned["rounds"]) < int(own["rounds"])  # the same deal, shorter


def test_quest_exploration_deck_keeps_the_quest_symbol_card():
    spec = get_spec("quest")
    with applied(spec, check(spec, {"exploration_cards": 3})):
        state = spec.engine.new_game({}, 4)
        deck = list(state.exploration_deck)
        assert len(deck) == 3 and any(state.content.cards[c].quest_symbol for c in deck)
    assert len(spec.engine.new_game({}, 4).exploration_deck) == 7


def test_age_of_thirst_troop_cost():
    spec = get_spec("age-of-thirst")
    with applied(spec, check(spec, {"skinny_cost": 1, "smart_upgrade": 9})):
        state = spec.engine.new_game({"players": 2}, 1)
        assert stats(state, 0, "skinny").cost == 1  # LO-5: the data's price of a Skinny, tuned
        # the upgrade to level 2 tuned, level 3's as much more as the data adds
        assert [lv.upgrade for lv in state.static.content.kinds["smart"].levels] == [0, 9, 12]
        assert [lv.upgrade for lv in load_content().kinds["smart"].levels] == [0, 6, 9]  # the data's, untouched
    assert stats(spec.engine.new_game({"players": 2}, 1), 0, "skinny").cost == 2
    assert [lv.upgrade for lv in load_content().kinds["smart"].levels] == [0, 6, 9]


@pytest.mark.parametrize("text, message", [
    ("target_1p = 40\n", "target_1p must be a whole number from 4 to 16 (FO-13.5"),
    ("target_1p = 6.5\n", "target_1p must be a whole number from 4 to 16"),
    # the value as TOML writes it: a tester read Python's "not True" for the file's true
    ("target_1p = true\n", "influence a survivor needs to win with 1 player), not true"),
    ('target_1p = "six"\n', 'not "six"'),
    ("spawn = 3\n", "Fallout: the round end has no parameter 'spawn' (it has target_1p"),
    ('game = "quest"\ntarget_1p = 6\n', "the set is for 'quest', not 'fallout'"),
    ("target_1p = \n", "not valid TOML"),
])
def test_a_bad_parameter_file_names_the_parameter_and_its_range(tmp_path, text, message):
    out = refused_file(tmp_path / "tuned.toml", text, lambda path: read_file(get_spec("fallout"), path), ParamError,
                       message, "simulate", "fallout", "--games", "1", "--no-progress", "--params")
    assert out.stdout == ""


def test_games_lists_the_parameters():
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "games", "saltlands", "--params"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "letters_normal" in out.stdout and "SL §18" in out.stdout and "1 to 5" in out.stdout


def test_a_tuned_set_replays_from_its_record(tmp_path):
    from wasteland.core.record import GameRecord, check_record, replay

    (tmp_path / "t.toml").write_text('game = "fallout"\ntarget_1p = 5\n', encoding="utf-8")
    path = tmp_path / "game.jsonl"
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "watch", "fallout", "--seats", "heuristic",
                          "--seed", "3", "--quiet", "--record", str(path), "--params", str(tmp_path / "t.toml")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "influence 5 reached" in out.stdout  # FO-13.5 at the tuned target
    spec = get_spec("fallout")
    record = check_record(GameRecord.load(path), spec)
    assert record.params == {"target_1p": 5}
    outcome = spec.engine.outcome(replay(spec.engine, record))
    assert outcome is not None and outcome.reason == "influence 5 reached"
    shown = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "replay", str(path), "--auto"],
                           capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert "influence 5 reached" in shown.stdout.replace("\n", " ")
    # the same record without its numbers does not replay to that end: the game goes on past 5
    record.params = {}
    plain = replay(spec.engine, record)
    assert spec.engine.outcome(plain) is None


def test_a_record_whose_numbers_do_not_fit_is_refused(tmp_path):
    from wasteland.core.record import GameRecord, RecordError, check_record

    path = tmp_path / "bad.jsonl"
    version = get_spec("fallout").rules_version  # a record of this very rules version: only its numbers are wrong
    path.write_text('{"config": {"players": 1}, "format": "wasteland-record/1", "game": "fallout", '
                    f'"params": {{"target_1p": 99}}, "rules_version": "{version}", "seed": 3}}\n', encoding="utf-8")
    with pytest.raises(RecordError) as exc:
        check_record(GameRecord.load(path), get_spec("fallout"))
    assert "target_1p must be a whole number from 4 to 16" in str(exc.value)
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "replay", str(path), "--auto"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "target_1p must be a whole number from 4 to 16" in out.stdout + out.stderr
    assert "Traceback" not in out.stderr


def test_a_config_names_its_set_and_the_state_keeps_it_through_json():
    """The set is the game's own (``config.params``): set up from it, kept in the state's
    config and its JSON, so a stored game resumes with it; the game's tables stay its own."""
    sets = {"saltlands": ({"players": 1}, {"letters_normal": 5}), "fallout": ({"players": 2}, {"target_2p": 6}),
            "quest": ({}, {"exploration_cards": 3, "recover": 4}),
            "age-of-thirst": ({"players": 2}, {"skinny_cost": 1})}
    for name, (config, values) in sets.items():
        game = get_spec(name).engine
        state = game.new_game({**config, "params": values}, 3)
        data = game.to_json(state)
        assert data["config"]["params"] == values, name
        assert game.to_json(game.from_json(data)) == data, name
        assert "params" not in game.to_json(game.new_game(config, 3))["config"], name  # its own numbers
        assert game.normalize_config({**config, "params": values})["params"] == values, name
        with pytest.raises(RuleError) as exc:  # a bad set in a config: the parameter and its range
            game.normalize_config({**config, "params": {next(iter(values)): 99}})
        assert f"{next(iter(values))} must be a whole number from" in str(exc.value), name


def test_two_games_of_different_sets_in_threads_do_not_leak():
    """Games of different sets played at once in threads of one process (as a server's
    worker threads, or an asyncio loop's tasks, interleave them) each play their own
    numbers: a set is never process-wide."""
    configs = [Configuration("fallout", (("players", 1),), "heuristic", params=p)
               for p in ((("target_1p", 5),), (("target_1p", 7),), ())] * 2
    alone = [play_game(c, 0, 0) for c in configs[:3]]
    with ThreadPoolExecutor(max_workers=6) as pool:
        together = list(pool.map(lambda c: play_game(c, 0, 0), configs))
    assert together == alone * 2
    assert [r["end_reason"] for r in alone] == ["influence 5 reached", "influence 7 reached", "influence 11 reached"]
    game = get_spec("saltlands").engine

    def letters(values):
        config = {"players": 1, "params": values} if values else {"players": 1}
        out = []
        for seed in range(20):
            out.append(game.new_game(config, seed).static.rules.active_letters)
        return out

    with ThreadPoolExecutor(max_workers=3) as pool:
        got = list(pool.map(letters, [{"letters_normal": 5}, {}, {"letters_normal": 2}] * 3))
    assert got == [["ABCMH"] * 20, ["ABCM"] * 20, ["AB"] * 20] * 3


def test_every_parameter_says_what_it_sets_in_english_russian_and_ukrainian():
    # the lobby's "Tuned numbers" list showed names and ranges only: each number's text is
    # the game's page word ``param.NAME`` (the spec's English in en), in all three languages
    from wasteland.core.page_words import words_of_game

    for name in ("saltlands", "age-of-thirst", "fallout", "quest"):
        spec = get_spec(name)
        words = {lang: words_of_game(spec, lang) for lang in ("en", "ru", "uk")}
        for p in game_params(spec).params:
            key = f"param.{p.name}"
            assert words["en"].own_text(key) == p.text, (name, key)
            for lang in ("ru", "uk"):
                said = words[lang].own_text(key)
                assert said and said != p.text, (name, lang, key)


@pytest.mark.parametrize("command", [["watch", "fallout", "--fast", "--quiet"], ["play", "fallout"],
                                     ["companion", "fallout", "--terminal"]])
@pytest.mark.parametrize("lang, words", [
    ("ru", "ошибка: {p}: target_1p — целое число от 4 до 16 (FO-13.5: влияние, нужное выжившему для победы при "
           "одном игроке), а не true"),
    ("uk", "помилка: {p}: target_1p — ціле число від 4 до 16 (FO-13.5: вплив, потрібний вцілілому для перемоги за "
           "одного гравця), а не true"),
    ("en", "error: {p}: target_1p must be a whole number from 4 to 16 (FO-13.5: influence a survivor needs to win "
           "with 1 player), not true"),
])
def test_a_bad_set_is_refused_in_the_commands_language(tmp_path, command, lang, words):
    # a tester saw the error in English under --lang ru: a command that speaks a language says it in it
    path = tmp_path / "tuned.toml"
    path.write_text("target_1p = true\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", *command, "--lang", lang, "--params", str(path)],
                         capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    assert words.format(p=path) in " ".join((out.stdout + out.stderr).split())
