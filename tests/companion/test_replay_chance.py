"""The browser's replay page of a table session says what the table's chance answers were
("rolled 2, 5, 1", a card by its name), never their notation ("chance 2;chance 5;chance 1"),
and asks its chance question in the page's language: every game, in English, Russian and
Ukrainian, at a phone's and a laptop's size, no console error, no sideways scroll."""

from __future__ import annotations

import re

import httpx
import pytest

GAMES = {
    "saltlands": {"players": 1, "characters": ["scout"]},
    "fallout": {"players": 2},
    "quest": {"players": 2},
    "age-of-thirst": {"players": 2},
}
ROLLED = {"en": "rolled", "ru": "выпало", "uk": "випало"}
# the rules' anchors and a hex's letters are the same in every language
ANCHOR_WORDS = {"SL", "FO", "WQ", "LO"}


def _session(base: str, game: str) -> tuple[str, list[tuple[int, str]]]:
    """A session of ``game`` played through its first chance answers (Quest's dice rolled
    together among them): its id and the (step, notation) of each chance answer."""
    http = httpx.Client(base_url=base, timeout=120)
    r = http.post("/api/companion", json={"game": game, "config": GAMES[game], "seed": 5})
    assert r.status_code == 201, r.text
    snap = r.json()
    sid = snap["session"]["id"]
    answers: list[tuple[int, str]] = []
    for _ in range(200):
        d = snap["decision"]
        if d is None or len(answers) >= 4 and (game != "quest" or any(";" in a for _, a in answers)):
            break
        if d["chance"]:
            dice = d.get("roll") or 1
            text = ";".join(d["actions"][k % len(d["actions"])] for k in range(1, dice + 1)) if dice > 1 else d["actions"][0]
            answers.append((snap["index"] + 1, text))
        elif d.get("policy"):
            text = "decide"
        else:
            text = "end" if "end" in d["actions"] else d["actions"][0]
        r = http.post(f"/api/companion/{sid}/steps", json={"step": text, "index": snap["index"]})
        assert r.status_code == 200, (text, r.text)
        snap = r.json()
    assert answers, f"{game}: no chance point in 200 steps"
    return sid, answers


@pytest.fixture(scope="module")
def sessions(base):
    url, _key = base
    return url, {game: _session(url, game) for game in GAMES}


def _at(page, step: int) -> None:
    page.locator("#r-range").evaluate(f"(r) => {{ r.value = {step}; r.dispatchEvent(new Event('change')); }}")
    page.wait_for_selector(f"#replay[data-step='{step}']")


def _latin(text: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in ANCHOR_WORDS]


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_replay_says_the_tables_chance_answers_in_words(sessions, browser, artifacts, game, lang):
    url, by_game = sessions
    sid, answers = by_game[game]
    size = {"width": 390, "height": 844} if lang != "en" else {"width": 1280, "height": 800}
    ctx = browser.new_context(viewport=size)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(f"{url}/?lang={lang}#/replay/companion/{sid}")
        page.wait_for_selector("#replay[data-step='0']")
        for step, notation in answers:
            _at(page, step - 1)  # the table is asked: in the page's words
            asked = page.inner_text("#r-decision")
            assert "chance" not in asked, (notation, asked)
            if lang != "en":
                assert not _latin(asked), (notation, asked)
            _at(page, step)  # what it answered: in words
            line = page.inner_text("#r-action")
            assert "chance" not in line, (notation, line)
            if lang != "en":
                assert not _latin(line), (notation, line)
            if re.fullmatch(r"chance \d+(;chance \d+)*", notation):
                faces = ", ".join(re.findall(r"\d+", notation))
                assert f"{ROLLED[lang]} {faces}" in line, (notation, line)
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        page.screenshot(path=artifacts / f"replay-chance-{game}-{lang}.png")
    finally:
        ctx.close()
    assert not errors, errors


def test_quests_dice_rolled_together_read_as_the_faces(sessions):
    """The session the test above reads has dice rolled together: one step of several faces."""
    _url, by_game = sessions
    assert any(";" in notation for _, notation in by_game["quest"][1])
