"""``wasteland play`` and ``wasteland replay`` driven as a person would: the real program
in a pseudo-terminal, answering each question it prints."""

from __future__ import annotations

import re

import pexpect
from testkit import PROMPT, ask, plain, spawn_cli

from wasteland.core.record import GameRecord, replay
from wasteland.games.saltlands.game import GAME

REPLAY_PROMPT = r"step (\d+)/(\d+) \(Enter next, b back, NUMBER jump, q quit\) > "


def spawn(*args: str, cwd) -> pexpect.spawn:
    return spawn_cli(*args, cwd=cwd, width=140, timeout=30)


def options(screen: str) -> dict[str, int]:
    """The numbered options of the last question on the screen: action text -> number."""
    found: dict[str, int] = {}
    block = screen[screen.rfind("p1 — "):]
    verb = ""
    for line in block.splitlines()[1:]:
        if re.match(r"^  \S.*:$", line):
            verb = line.strip()[:-1].split(" ")[0]
            continue
        for num, text in re.findall(r"\[(\d+)\] (\S+(?: (?!\[)\S+)*)", line):
            full = text if line.startswith("  [") else f"{verb} {text}"
            found[full.strip()] = int(num)
    return found


def record_actions(path) -> list[str]:
    return GameRecord.load(path).actions


def finish(child: pexpect.spawn) -> None:
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before


def test_a_whole_solo_game_to_the_end(tmp_path):
    rec = tmp_path / "solo.jsonl"
    child = spawn("play", "saltlands", "--players", "1", "--seed", "3", "--record", str(rec), cwd=tmp_path)
    child.expect("SALTLANDS")
    answered = 0
    while True:
        index = child.expect([PROMPT, "GAME OVER"])
        if index == 1:
            break
        screen = plain(child.before)
        assert "Round" in screen or answered > 0
        child.sendline("end" if re.search(r"\[\d+\] end\b", screen) else "1")
        answered += 1
        assert answered < 300, "the game does not end"
    child.expect("wasteland replay")
    finish(child)
    assert answered > 5
    # The record was saved as the game went and replays to the same finished game.
    record = GameRecord.load(rec)
    assert len(record.actions) == answered
    state = replay(GAME, record)
    assert state.over and GAME.decision(state) is None


def test_a_bad_entry_is_refused_and_the_same_question_asked_again(tmp_path):
    child = spawn("play", "saltlands", "--seed", "3", "--characters", "scout", "--record",
                  str(tmp_path / "g.jsonl"), cwd=tmp_path)
    seat, kind, screen = ask(child)
    assert (seat, kind) == ("1", "enter") and "[1]" in screen
    child.sendline("fly to the moon")
    child.expect("is not allowed")
    seat2, kind2, screen2 = ask(child)
    assert (seat2, kind2) == (seat, kind)
    # The engine's own refusal, naming the word at fault: the notation has no such verb.
    assert "'fly' is not one of this game's verbs" in " ".join(screen2.split())
    child.sendline("99")
    child.expect("there is no option 99")
    assert ask(child)[:2] == (seat, kind)
    child.sendline("enter 5,5")  # notation, but not a legal hex here
    child.expect("is not allowed")
    assert ask(child)[:2] == (seat, kind)
    assert record_actions(tmp_path / "g.jsonl") == []
    child.sendline("quit")
    child.expect("--load")
    finish(child)


def test_help_explains_the_decision_and_its_rule(tmp_path):
    child = spawn("play", "saltlands", "--seed", "5", "--record", str(tmp_path / "g.jsonl"), cwd=tmp_path)
    seat, kind, _ = ask(child)
    assert kind == "character"  # no --characters: the person chooses in the game
    child.sendline("help")
    _, kind2, screen = ask(child)
    assert kind2 == "character"
    assert "choose your character" in screen.lower() and "SL §44" in screen
    assert "undo" in screen and "quit" in screen
    child.sendline("help spear")
    _, _, screen = ask(child)
    assert "Spear" in screen and "armor-piercing" in screen
    child.sendline("quit")
    finish(child)


def test_undo_takes_back_an_action_until_something_hidden_is_revealed(tmp_path):
    rec = tmp_path / "g.jsonl"
    child = spawn("play", "saltlands", "--seed", "3", "--characters", "scout", "--record", str(rec), cwd=tmp_path)
    assert ask(child)[1] == "enter"
    child.sendline("enter 0,0")
    _, kind, screen = ask(child)
    assert kind == "turn" and "p1 Scout at 0,0" in screen
    moves = [a for a in options(screen) if a.startswith("move ")]
    target = moves[0]
    child.sendline(target)
    _, kind, screen = ask(child)
    assert kind == "turn" and f"p1 Scout at {target.split()[1]}" in screen
    assert record_actions(rec) == ["enter 0,0", target]
    child.sendline("undo")
    child.expect("took back")
    _, kind, screen = ask(child)
    assert kind == "turn" and "p1 Scout at 0,0" in screen
    assert target in options(screen)  # the move is open again
    assert record_actions(rec) == ["enter 0,0"]  # the record file follows the undo
    # Undo again: back to entering the board.
    child.sendline("undo")
    assert ask(child)[1] == "enter"
    assert record_actions(rec) == []
    child.sendline("1")
    ask(child)
    child.sendline("end")
    # Ending the turn reveals a damage card (the raider activation): no undo across it.
    _, kind, _ = ask(child)
    child.sendline("1")
    ask(child)
    child.sendline("undo")
    child.expect("cannot be taken back")
    ask(child)
    child.sendline("quit")
    finish(child)


def test_save_then_load_resumes_at_the_same_decision(tmp_path):
    saved = tmp_path / "saved.jsonl"
    child = spawn("play", "saltlands", "--seed", "11", "--characters", "healer", "--record",
                  str(tmp_path / "auto.jsonl"), cwd=tmp_path)
    ask(child)
    child.sendline("1")
    _, kind, screen = ask(child)
    child.sendline("use water#1" if "use water#1" in options(screen) else "discard spear#1")
    seat, kind, screen = ask(child)
    before = options(screen)
    child.sendline(f"save {saved}")
    child.expect("Saved 2 actions")
    ask(child)
    child.sendline("quit")
    finish(child)
    assert record_actions(saved) == record_actions(tmp_path / "auto.jsonl")

    resumed = tmp_path / "resumed.jsonl"
    child = spawn("play", "saltlands", "--load", str(saved), "--record", str(resumed), cwd=tmp_path)
    child.expect("Resumed after 2 action")
    seat2, kind2, screen2 = ask(child)
    assert (seat2, kind2) == (seat, kind)
    assert options(screen2) == before
    child.sendline("end")
    ask(child)
    child.sendline("quit")
    finish(child)
    assert record_actions(resumed) == record_actions(saved) + ["end"]


def test_bots_play_their_seats_and_an_unknown_bot_is_a_clear_error(tmp_path):
    child = spawn("play", "saltlands", "--seats", "human,random", "--seed", "2", "--characters",
                  "scout,healer", "--record", str(tmp_path / "g.jsonl"), cwd=tmp_path)
    _, _, screen = ask(child)
    bot_played = False
    for _ in range(60):  # play on until p2 (random) has had a turn
        child.sendline("end" if re.search(r"\[\d+\] end\b", screen) else "1")
        index = child.expect([PROMPT, "GAME OVER"])
        screen = plain(child.before)
        bot_played = bot_played or "p2 (random): " in screen
        if index == 1 or bot_played:
            break
    assert bot_played
    if index == 0:
        assert child.match.group(1) == "1"  # people are asked only for their own seat
        child.sendline("quit")
    finish(child)

    child = spawn("play", "saltlands", "--seats", "human,nosuchbot", cwd=tmp_path)
    child.expect("cannot seat bot 'nosuchbot' at p2")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


def test_two_people_at_one_keyboard_hand_over_without_seeing_each_others_cards(tmp_path):
    child = spawn("play", "saltlands", "--seats", "human,human", "--seed", "2", "--characters", "scout,healer",
                  "--record", str(tmp_path / "g.jsonl"), cwd=tmp_path)
    seat, _, screen = ask(child)
    assert seat == "1" and "You: p1, Scout" in screen
    for _ in range(40):
        child.sendline("end" if re.search(r"\[\d+\] end\b", screen) else "1")
        index = child.expect([PROMPT, r"p2 to play: hand over the keyboard, then press Enter > "])
        if index == 1:
            break
        screen = plain(child.before)
    assert index == 1
    child.sendline("")
    seat, _, screen = ask(child)
    assert seat == "2"
    assert "You: p2, Healer" in screen and "You: p1" not in screen
    assert "since p2 last played" in screen  # what p1 did, told again to p2
    child.sendline("quit")
    finish(child)


def _record_file(tmp_path, actions: int = 40):
    config = {"players": 1, "characters": ["plowman"]}
    state = GAME.new_game(config, 9)
    played = []
    while len(played) < actions and GAME.decision(state) is not None:
        d = GAME.decision(state)
        action = "end" if "end" in d.actions else d.actions[-1]
        state, _ = GAME.apply(state, action)
        played.append(action)
    path = tmp_path / "rec.jsonl"
    GameRecord(GAME.name, GAME.rules_version, config, 9, played).save(path)
    return path, played


def test_replay_auto_shows_every_action(tmp_path):
    path, played = _record_file(tmp_path)
    child = spawn("replay", str(path), "--auto", cwd=tmp_path)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    out = plain(child.before)
    assert "Set-up" in out
    for i, action in enumerate(played, start=1):
        assert f"Action {i}/{len(played)} · p1: {action}" in out
    assert "End of the record" in out
    assert out.count("Round ") > len(played)  # a board after every step


def test_replay_steps_back_and_forth(tmp_path):
    path, played = _record_file(tmp_path, actions=6)
    child = spawn("replay", str(path), cwd=tmp_path)
    child.expect(REPLAY_PROMPT)
    assert child.match.group(1) == "0" and "Set-up" in plain(child.before)
    child.sendline("")
    child.expect(REPLAY_PROMPT)
    assert child.match.group(1) == "1" and f"Action 1/6 · p1: {played[0]}" in plain(child.before)
    child.sendline("4")
    child.expect(REPLAY_PROMPT)
    assert child.match.group(1) == "4" and f"Action 4/6 · p1: {played[3]}" in plain(child.before)
    child.sendline("b")
    child.expect(REPLAY_PROMPT)
    assert child.match.group(1) == "3"
    child.sendline("zzz")
    child.expect("press Enter")
    child.expect(REPLAY_PROMPT)
    child.sendline("q")
    finish(child)
