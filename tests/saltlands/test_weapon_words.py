"""An attack's option says what its weapon deals (SL §85 to SL §87), in the terminal as on
the page's weapon chooser (issue 25)."""

from __future__ import annotations


def test_the_terminal_s_attack_options_say_what_each_weapon_deals():
    from wasteland.games.saltlands.terminal_help import option_labels

    labels = option_labels(["use spear#1 at 1,0", "use axe#3 by scout at 2,0", "use water#1"], None, "en")
    assert labels["use spear#1 at 1,0"].endswith("(1 armor-piercing damage)")
    assert labels["use axe#3 by scout at 2,0"].endswith("(2 damage)") and "damage" not in labels["use water#1"]
    assert option_labels(["use spear#1 at 1,0"], None, "ru")["use spear#1 at 1,0"].endswith("(бронебойный урон 1)")
