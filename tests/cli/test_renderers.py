"""Every registered game's terminal renderer (``spec.terminal``) keeps the protocol of
``core.spec.TerminalRenderer``: it draws any view of a random game, numbers the options
as the front end does, and explains every verb the game offers with a rule of its own."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from wasteland.core.registry import registered_games
from wasteland.core.spec import TerminalRenderer
from wasteland.core.terminal import numbered

SPECS = [spec for spec in registered_games().values() if spec.terminal]
MEMBERS = [name for name in dir(TerminalRenderer) if not name.startswith("_")] + \
    list(TerminalRenderer.__annotations__)


def test_the_shipped_games_name_their_renderers():
    assert {"saltlands", "age-of-thirst"} <= {spec.name for spec in SPECS}


def configs(spec) -> list[dict]:
    """Two base games and one with every yes/no option on and every list option full
    (an expansion and its variants), when the game accepts that combination."""
    base = {"players": max(2, spec.min_players)}
    full = dict(base)
    for option in spec.options:
        if option.kind == "bool" and option.rulebook:
            full[option.name] = True
        elif option.kind == "names":
            full[option.name] = list(option.values)
    try:
        spec.validate(dict(full))
    except Exception:
        full = base
    return [base, base, full]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_the_renderer_draws_every_view_and_explains_every_verb(spec):
    ui = spec.renderer
    assert all(hasattr(ui, name) for name in MEMBERS), [n for n in MEMBERS if not hasattr(ui, n)]
    game = spec.engine
    console = Console(file=io.StringIO(), width=160)
    rng = random.Random(4)
    verbs: set[str] = set()
    for seed, config in enumerate(configs(spec)):
        state = game.new_game(config, seed)
        for step in range(150):
            d = game.decision(state)
            if d is None:
                break
            view = game.view(state, d.seat)
            order = numbered(d.actions)
            marks = ui.hex_marks(d.actions, {a: i + 1 for i, a in enumerate(order)})
            if step % 10 == 0:
                console.print(ui.render_board(view, 160, marks))
                console.print(ui.render_board(view, 60))  # too narrow: the panel goes below
                console.print(ui.render_status(view))
            options = ui.render_options(d.actions, 160)
            text = options.plain if hasattr(options, "plain") else str(options)
            # option n on the screen is order[n - 1]
            assert f"[{len(order)}]" in text and f"[{len(order) + 1}]" not in text
            assert isinstance(ui.map_signature(view), str) and ui.seat_label(view, d.seat).startswith(f"p{d.seat + 1}")
            verbs.update(a.split(" ", 1)[0] for a in d.actions)
            state, _ = game.apply(state, rng.choice(list(d.actions)))
    assert verbs
    for verb in sorted(verbs):
        found = ui.verb_help(verb)
        assert found is not None, f"{spec.name}: no help for the verb {verb!r}"
        form, text, rule = found
        assert form.startswith(verb) and text and rule.startswith(spec.anchor_prefix), (verb, found)
    assert ui.commands_help() and "quit" in ui.commands_help()
    for lang in ui.languages:  # every verb explained in every language the renderer declares
        assert "quit" in ui.commands_help(lang)
        for verb in sorted(verbs):
            form, text, rule = ui.verb_help(verb, lang)
            assert text and (lang == "en" or text != ui.verb_help(verb, "en")[1]), (lang, verb)
