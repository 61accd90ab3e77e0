"""The terminal's raider questions say which raider is asked about, where it stands and why
the table must choose (SL §101, SL §103, SL §105, SL §106, SL §107), in the words the browser
uses, not only the activation's heading (SL §100)."""

from __future__ import annotations

import random

from wasteland.cli.common import renderer_of
from wasteland.core.registry import get_spec

STAGES = {"raider", "goto", "chase", "attack", "spawn"}


def raider_questions(limit_seeds: int = 30):
    spec = get_spec("saltlands")
    game = spec.engine
    found = {}
    for seed in range(1, limit_seeds):
        state = game.new_game(spec.validate({"players": 2}), seed)
        rng = random.Random(seed)
        while (d := game.decision(state)) is not None and len(found) < len(STAGES):
            verb = d.actions[0].split(" ")[0]
            if d.kind == "activation" and verb in STAGES and verb not in found:
                found[verb] = (d, game.view(state, d.seat))
            state, _ = game.apply(state, rng.choice(list(d.actions)))
        if len(found) == len(STAGES):
            break
    return spec, found


def test_each_raider_question_names_the_raider_and_its_reason():
    spec, found = raider_questions()
    assert {"goto", "attack", "chase"} <= set(found)
    for lang in ("en", "ru", "uk"):
        ui = renderer_of(spec).in_language(lang)
        for verb, (d, view) in found.items():
            text = ui.prompt_text(d, view)
            assert text != d.prompt, (lang, verb, text)  # not the bare heading "raider activation: your choice"
            acting = view["acting"]
            if verb in ("goto", "chase", "attack"):
                assert acting["hex"] in text, (lang, verb, text)
