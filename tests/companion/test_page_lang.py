"""The companion page in Russian and in Ukrainian through a whole flow, at a phone's
viewport (Debian's chromium through Playwright, a real ``wasteland serve``): set-up, the
figure entering, corrections by tapping, the raiders' activation with its chance points,
a tie, the policy, undo. At every stage the page's visible text holds no English word:
only the rule anchors (``SL §100``) and hex coordinates are not words of a language."""

from __future__ import annotations

import re

import httpx
import pytest

from companiontest import answer_chance, PHONE, index_of, ready, serve

# what is the same in every language: a rule anchor's prefix, a number's unit-less
# notation ("custom letters=B ..." is notation the table typed, shown as typed)
NOT_WORDS = {"SL"}
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("companion-lang") / "companion.db") as found:
        yield found


def english(page, where: str) -> list[str]:
    """The Latin words of the page's visible text, each with the line it stands in."""
    text = page.inner_text("#main")
    if page.locator("#toast:not([hidden])").count():  # a refusal, an undone step
        text += "\n" + page.inner_text("#toast")
    # the choices of every list, which a closed list does not show as text
    text += "\n" + "\n".join(page.eval_on_selector_all("#main select option", "els => els.map(e => e.textContent)"))
    out = []
    for line in text.splitlines():
        for word in LATIN_WORD.findall(line):
            if word not in NOT_WORDS:
                out.append(f"{where}: {word!r} in {line.strip()[:120]!r}")
    return out


def menu_texts(page) -> str:
    return page.inner_text("#hex-menu") if page.locator("#hex-menu").count() else ""


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_page_speaks_the_chosen_language_through_a_whole_flow(url, browser, artifacts, lang):
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    found: list[str] = []
    try:
        page.goto(url + f"companion.html?lang={lang}")
        page.wait_for_selector("#new-session")
        found += english(page, "lobby")
        page.tap("#new-session")
        page.wait_for_selector("#setup")
        found += english(page, "set-up")
        page.select_option("#opt-players", "1")
        page.select_option("[data-seat='0']", "scout")
        page.tap("#create")
        ready(page, 0)
        found += english(page, "the first decision")
        page.tap("#board .hex.reach >> nth=0")
        ready(page, 1)
        found += english(page, "the figure entered")
        # corrections: every menu a tap opens, the table's own corrections
        page.tap("#correct-toggle")
        ready(page, 1)
        found += english(page, "correcting")
        for sel in ("#board .player", "#board .token", "#board .hex:not(.face-down) >> nth=5"):
            if page.locator(sel).count():
                page.locator(sel).first.tap()
                page.wait_for_selector("#hex-menu")
                found += [f"menu of {sel}: {w}" for w in english(page, "menu")]
                page.tap("#hex-menu .cancel")
        for sel in ("#player-edits button", "#table-edits button"):
            for label in page.eval_on_selector_all(sel, "els => els.map(e => e.innerText)"):
                found += [f"{sel}: {w!r} in {label!r}" for w in LATIN_WORD.findall(label) if w not in NOT_WORDS]
        for sel in ("#player-edits button[data-menu]", "#table-edits button[data-menu]"):
            for i in range(page.locator(sel).count()):  # the lists they open: vehicles, weather cards
                page.locator(sel).nth(i).tap()
                page.wait_for_selector("#hex-menu")
                found += [f"list of {sel}: {w}" for w in english(page, "menu")]
                page.tap("#hex-menu .cancel")
        free = page.eval_on_selector_all("#board .hex", "els => els.map(e => e.dataset.hex)")
        taken = set(page.eval_on_selector_all("#board .token, #board .player, #board .raider",
                                              "els => els.map(e => e.dataset.hex)"))
        spot = next(h for h in ("0,-1", "1,-1", "-1,0", "0,1", "1,0", "-1,1") if h in free and h not in taken)
        # the board opens on the area in play (web/js/viewport.js): a spot beyond it is brought
        # into view as it takes the focus, as a keyboard's Tab would
        page.focus(f"#board .hex[data-hex='{spot}']")
        page.tap(f"#board .hex[data-hex='{spot}']")
        page.tap("#hex-menu .menu-choice[data-menu] >> nth=0")  # "place a raider…": which one
        page.wait_for_selector("#hex-menu .menu-choice[data-step]")
        found += english(page, "the raiders to place")
        page.tap("#hex-menu .menu-choice[data-step*='\"add\",\"raider\"'] >> nth=0")
        ready(page, 2)
        # which tile lies on a tile of the board: the tiles (each lies north by its arrow,
        # SL §110, so naming it is the whole correction without Explorer's luck)
        sid = page.evaluate("location.hash").split("/")[-1]
        shown = httpx.get(f"{url}api/companion/{sid}", timeout=30).json()["view"]
        k = next(i for i, t in enumerate(shown["tiles"]) if not t["face_up"])
        page.focus(f"#board .hex[data-hex='{shown['hexes'][k * 19]['hex']}']")
        page.tap(f"#board .hex[data-hex='{shown['hexes'][k * 19]['hex']}']")
        page.tap("#hex-menu .menu-choice[data-menu] >> nth=-1")
        page.wait_for_selector("#hex-menu .menu-choice[data-step*='rotation']")
        found += [f"tile list: {w}" for w in english(page, "menu")]
        page.tap("#hex-menu .cancel")
        ready(page, 2)
        found += english(page, "a raider placed")
        # a refused correction names its rule or field in the page's language
        page.fill("#edit-input", "edit set raider.9.hex \"1,0\"")
        page.tap("#edit-go")
        page.wait_for_selector("#toast:not([hidden])")
        assert "рейдер 10" in page.inner_text("#toast")  # the field in words (рейдер: ru and uk alike)
        page.tap("#correct-toggle")
        # the turns and the raiders: every kind of decision, chance and the policy
        seen: set[str] = set()
        for _ in range(60):
            kind = page.get_attribute("#session", "data-kind")
            if kind == "over" or {"chance", "custom", "activation", "policy", "turn"} <= seen:
                break
            n = index_of(page)
            found += english(page, f"decision {kind} at step {n}")
            while page.locator("#next-event").count():
                page.tap("#next-event")
                found += english(page, f"events of step {n}")
            if kind == "chance" and "custom" not in seen and page.locator("#chance-custom").count():
                # a card printed otherwise: its values in labelled fields, then in the log
                page.fill("#chance-custom [data-custom='letters']", "B")
                page.fill("#chance-custom [data-custom='damage']", "2")
                page.tap("#chance-custom-go")
                seen.add("custom")
            elif kind == "chance":
                answer_chance(page)
            elif kind == "turn":
                page.tap("[data-action='end']")
            elif page.locator("#decide").count() and "activation" in seen:
                page.tap("#decide")
                seen.add("policy")
            else:
                page.tap("#actions .action-btn:visible >> nth=0")
            seen.add(kind)
            ready(page, n + 1)
        found += english(page, "after the raiders")
        assert {"chance", "custom", "activation", "policy"} <= seen, seen
        for _ in range(2):  # a decision of a player, then a correction
            page.tap("#undo")
            page.wait_for_selector("#toast:not([hidden])")
            ready(page)
            found += english(page, "after undo")
            if page.locator("#steps li[data-source='edit']").count():
                page.tap("#steps li[data-source='edit'] .undo-step >> nth=-1")
                page.wait_for_selector("#toast:not([hidden])")
                ready(page)
                found += english(page, "after undoing a correction")
        page.screenshot(path=artifacts / f"lang-{lang}.png", full_page=True)
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    seen_once = list(dict.fromkeys(found))
    assert not seen_once, "English on the page:\n" + "\n".join(seen_once)
