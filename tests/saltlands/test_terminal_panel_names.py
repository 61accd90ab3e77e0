"""The terminal's panel names weather and damage cards by their printed numbers in every
language, English too ('Weather card 1'): nobody types those ids, so none shows."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from wasteland.core.registry import get_spec

SPEC = get_spec("saltlands")


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_panel_names_weather_cards_by_their_numbers(lang):
    game = SPEC.engine
    state = game.new_game({"players": 1}, 2)
    view = game.view(state, 0)
    assert view["weather"], "the set-up draws the first weather cards"
    console = Console(width=100, record=True, color_system=None)
    console.print(SPEC.renderer.in_language(lang).render_panel(view))
    text = console.export_text()
    assert not re.search(r"\bw\d\d\b", text), text
    card = {"en": "Weather card", "ru": "Карта погоды", "uk": "Карта погоди"}[lang]
    assert f"{card} {int(view['weather'][0][1:])}" in text, text


def test_the_english_panel_names_the_cards_held_not_their_ids():
    game = SPEC.engine
    state = game.new_game({"players": 1, "characters": ["scout"]}, 2)
    while game.decision(state).kind != "turn":
        state, _ = game.apply(state, game.decision(state).actions[0])
    view = game.view(state, 0)
    console = Console(width=100, record=True, color_system=None)
    console.print(SPEC.renderer.in_language("en").render_panel(view))
    text = console.export_text()
    assert not re.search(r"[a-z_]+#\d", text), text
    assert "Spear" in text and "Sailer" in text, text
