"""``wasteland play age-of-thirst`` driven as a person would: the real program in a
pseudo-terminal, answering each question it prints (see tests/test_play.py for Saltlands)."""

from __future__ import annotations

import re

import pexpect
from testkit import PROMPT, ask, plain, spawn_cli

from wasteland.core.record import GameRecord, replay
from wasteland.games.age_of_thirst.game import GAME

END_OPTION = re.compile(r"\[\d+\] end (phase|turn)\b")


def spawn(*args: str, cwd) -> pexpect.spawn:
    return spawn_cli(*args, cwd=cwd, width=160, timeout=60)


def last_options(screen: str) -> list[str]:
    """The numbered options of the last question on the screen, in number order."""
    block = screen[screen.rfind("p1 red — "):]
    found: dict[int, str] = {}
    verb = ""
    for line in block.splitlines()[1:]:
        if re.match(r"^  \S.*:$", line):
            verb = line.strip()[:-1].split(" ")[0]
            continue
        for num, text in re.findall(r"\[(\d+)\] (\S+(?: (?!\[)\S+)*)", line):
            found[int(num)] = text.strip() if line.startswith("  [") else f"{verb} {text.strip()}"
    return [found[k] for k in sorted(found)]


def finish(child: pexpect.spawn) -> None:
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before


def answer(screen: str) -> str:
    """Option 1, or end the phase / the turn when that is open."""
    return "end" if END_OPTION.search(screen) else "1"


def play_on(child: pexpect.spawn, limit: int, screens: list[str]) -> bool:
    """Answer the person's questions (option 1, or end) until the game ends (True) or
    ``limit`` questions were answered; then the last question is waiting, unanswered."""
    while True:
        index = child.expect([PROMPT, "GAME OVER"])
        if index == 1:
            return True
        assert child.match.group(1) == "1"  # the person is asked only for their own seat
        screens.append(plain(child.before))
        if len(screens) > limit:
            return False
        child.sendline(answer(screens[-1]))


def test_a_two_player_game_against_a_random_bot_then_load_resumes(tmp_path):
    """p1 human, p2 random: 100 questions, quit, resume with --load, play on until the game
    ends or 300 questions in all were answered."""
    rec = tmp_path / "aot.jsonl"
    child = spawn("play", "age-of-thirst", "--players", "2", "--seats", "human,random", "--seed", "4",
                  "--record", str(rec), cwd=tmp_path)
    child.expect("AGE OF THIRST")
    screens: list[str] = []
    assert not play_on(child, 100, screens), "the game ended before the 100th question"
    first = screens[0]
    assert "OASIS" in first and "Turn 0" in first and "You: p1" in first and "first (colour):" in first
    assert any("p2 blue (random): " in sc for sc in screens)  # the bot's turns are shown
    assert any("Turn " in sc and "economic phase" in sc for sc in screens)
    kind = child.match.group(2)
    waiting = last_options(screens[-1])
    child.sendline("quit")
    child.expect("--load")
    finish(child)
    saved = GameRecord.load(rec).actions
    d = GAME.decision(replay(GAME, GameRecord.load(rec)))
    assert d is not None and (d.seat, d.kind) == (0, kind)
    assert sorted(d.actions) == sorted(waiting)  # every option numbered, none made up

    child = spawn("play", "age-of-thirst", "--load", str(rec), cwd=tmp_path)
    child.expect(f"Resumed after {len(saved)} action")
    more: list[str] = []
    over = play_on(child, 200, more)
    assert last_options(more[0]) == waiting and child.match is not None
    if over:
        child.expect("wasteland replay")
        finish(child)
        state = replay(GAME, GameRecord.load(rec))
        assert state.over and GAME.decision(state) is None
    else:
        child.sendline("quit")
        finish(child)
    actions = GameRecord.load(rec).actions
    assert actions[:len(saved)] == saved and len(actions) > len(saved)


def test_set_up_help_bad_entries_and_the_end_shortcut(tmp_path):
    rec = tmp_path / "g.jsonl"
    child = spawn("play", "age-of-thirst", "--seats", "human,random", "--seed", "3", "--record", str(rec), cwd=tmp_path)
    seat, kind, screen = ask(child)
    assert (seat, kind) == ("1", "first")
    assert "p1 red you · p2 blue random" in screen
    assert "[1] first red" in screen or "[1] red" in screen
    child.sendline("help")
    _, kind2, screen = ask(child)
    assert kind2 == "first" and "LO-4.5" in screen and "undo" in screen and "quit" in screen
    child.sendline("help handsome")
    _, _, screen = ask(child)
    assert "Handsomes (species)" in screen and "Level 3" in screen
    child.sendline("help collapse")
    _, _, screen = ask(child)
    assert "ray-tower card" in screen and "loses 3 health" in screen
    child.sendline("first green")
    child.expect("is not allowed")
    assert ask(child)[:2] == ("1", "first")
    child.sendline("99")
    child.expect("there is no option 99")
    assert ask(child)[:2] == ("1", "first")
    assert GameRecord.load(rec).actions == []
    child.sendline("red")  # the text after the verb is enough
    seat, kind, screen = ask(child)
    assert kind == "place" and "place:" in screen
    child.sendline("undo")
    child.expect("took back")
    assert ask(child)[1] == "first"
    child.sendline("1")
    for _ in range(10):  # p1's ten starting troops
        seat, kind, screen = ask(child)
        assert kind == "place"
        child.sendline("1")
    seat, kind, screen = ask(child)
    while kind != "tactical":  # p2 (random) placed its troops; red starts
        child.sendline(answer(screen))
        seat, kind, screen = ask(child)
    assert "p2 blue (random): place" in screen
    assert "end phase" in screen and "Turn 1" in screen
    child.sendline("end")  # the verb alone stands for the one 'end phase'
    _, kind, screen = ask(child)
    assert "p1 red: end phase" in screen
    assert kind in ("economic", "inject", "hand")
    child.sendline("save " + str(tmp_path / "copy.jsonl"))
    child.expect("Saved 22 actions")
    ask(child)
    child.sendline("quit")
    finish(child)
    assert GameRecord.load(tmp_path / "copy.jsonl").actions == GameRecord.load(rec).actions


def test_age_of_thirst_options_are_checked(tmp_path):
    child = spawn("play", "age-of-thirst", "--players", "7", cwd=tmp_path)
    child.expect("players must be a whole number from 2 to 6")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    child = spawn("play", "age-of-thirst", "--difficulty", "hard", cwd=tmp_path)
    child.expect("not an option of Age of Thirst")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


def test_a_team_game_of_bots_and_its_replay(tmp_path):
    """Four heuristic bots in a 2x2 game play to the end by themselves; replay shows it."""
    rec = tmp_path / "team.jsonl"
    child = spawn("play", "age-of-thirst", "--teams", "2x2", "--seats", "heuristic,heuristic,heuristic,heuristic",
                  "--seed", "2", "--record", str(rec), cwd=tmp_path)
    child.expect("teams 2x2")
    child.expect("GAME OVER", timeout=240)
    child.expect("wasteland replay")
    finish(child)
    record = GameRecord.load(rec)
    assert record.config["teams"] == "2x2" and replay(GAME, record).over
    child = spawn("replay", str(rec), "--auto", cwd=tmp_path)
    child.expect(pexpect.EOF, timeout=240)
    child.close()
    assert child.exitstatus == 0
    out = plain(child.before)
    assert "Set-up" in out and "OASIS" in out and "End of the record. GAME OVER" in out
