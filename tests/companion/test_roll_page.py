"""Dice rolled together on one screen of the companion page (the server's ``roll``): at a
phone's 390x844 and a laptop's 1280x800 in en/ru/uk, the faces and what is entered so far
are in view without a swipe and nothing is wider than the screen; a tap on each die's face,
in any order, enters them as one step, and a face tapped by mistake is taken back before
the last. Screenshots in the artifacts folder."""

from __future__ import annotations

import pytest

from companiontest import index_of, ready


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from companiontest import serve

    with serve(tmp_path_factory.mktemp("companion-roll") / "roll.db") as found:
        yield found


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "laptop"])
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_destiny_dice_on_one_screen(url, watched, artifacts, lang, size):
    width, height = size
    page = watched(size, lang, timeout=30_000)
    page.goto(f"{url}companion.html?lang={lang}#/new/quest")
    page.wait_for_selector("#create")
    page.select_option("#opt-players", "1")
    page.click("#create")
    ready(page, 0)
    size_ = int(page.get_attribute("#roll", "data-roll"))
    assert size_ == 3  # the destiny roll (WQ-40.2)
    faces = page.locator("#roll .roll-face")
    assert faces.count() == 6
    for n in range(faces.count()):  # every face in reach, no swipe
        box = faces.nth(n).bounding_box()
        assert box["y"] + box["height"] <= height and box["height"] >= 44, box
    faces.nth(1).click()
    faces.nth(3).click()  # a mistake: taken back before the last die
    page.locator("#roll-chips button").nth(1).click()
    assert page.get_attribute("#roll", "data-rolled") == "1" and index_of(page) == 0
    faces.nth(4).click()
    assert page.locator("#roll-so-far").bounding_box()["y"] < height
    page.screenshot(path=artifacts / f"roll-{lang}-{width}.png", full_page=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
    assert "chance" not in page.inner_text("#decision")  # no raw id
    faces.nth(0).click()  # the last die: the roll is one step
    ready(page, 1)
    step = page.request.get(f"{url}api/companion/{page.url.split('#/s/', 1)[1]}").json()["log"][-1]["step"]
    assert step == "chance 2;chance 5;chance 1"
    assert page.locator("#steps li").count() == 1 and "2, 5, 1" in page.inner_text("#steps li >> nth=0")
