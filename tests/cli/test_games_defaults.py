"""`wasteland games` lists a yes/no option's values as "yes or no": its default is said in
the same words (it said "false" beside "yes or no")."""

from __future__ import annotations

from wasteland.cli.options import allowed, default_text
from wasteland.core.registry import registered_games


def test_a_yes_no_options_default_is_yes_or_no():
    seen = 0
    for spec in registered_games().values():
        for option in spec.options:
            if option.kind == "bool" and not option.default_note:
                seen += 1
                assert "yes or no" in allowed(option), allowed(option)
                assert default_text(option) in ("yes", "no"), (spec.name, option.name, default_text(option))
    assert seen
