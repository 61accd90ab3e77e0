"""The terminal renderer draws any view of the game."""

from rich.console import Console

from wasteland.core.registry import get_spec
from wasteland.core.spec import load_ref
from wasteland.games.fallout.terminal_words import FalloutWords
from wasteland.games.fallout.terminal_help import TEXTS

from .conftest import play, position


def _text(renderable):
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_board_panel_status_and_marks():
    spec = get_spec("fallout")
    r = load_ref(spec.terminal)
    g = spec.engine
    s = position([{"space": "vault_gate", "health": 9, "radiation": 2, "hand": ["a03"]},
                  {"space": "crater", "health": 10, "radiation": 0}],
                 [("marauder", "crossroads", "up"), ("ghoul", "water_plant", "down")], turn=1)
    v = g.view(s, 0)
    d = g.decision(s)
    numbers = {a: i + 1 for i, a in enumerate(d.actions)}
    marks = r.hex_marks(d.actions, numbers)
    assert marks == {"red_rocket": "1", "drumlin_diner": "2"}
    board = _text(r.render_board(v, 120, marks))
    assert "Vault Gate" in board and "p1" in board and "Marauder 1" in board and "?Feral ghoul 1" in board
    assert "Clean water" in board  # the seat's own card
    assert "Clean water" not in _text(r.render_board(g.view(s, 1), 120))
    assert "influence" in _text(r.render_status(v))
    options = _text(r.render_options(d.actions, 80))
    assert "[1] to Red Rocket" in options and "red_rocket" not in options  # names, never the notation's ids
    assert r.verb_help("step")[2] == "FO-13.3" and r.help("FO-13.2", "ru")
    s, _ = play(s, "end", "end")
    assert "revealed" in _text(r.render_panel(g.view(s, 1))) or g.decision(s).kind == "turn"
    assert r.map_signature(v) != r.map_signature(g.view(s, 0))


def test_the_set_up_line_names_the_influence_target_as_the_status_does():
    """The set-up event's `target` is influence to win, not a seat: no +1 (it read 12 beside 0/11)."""
    g = get_spec("fallout").engine
    s = g.new_game({"players": 1}, seed=3)
    target = g.view(s, 0)["target"]
    setup = {"type": "setup", "players": 1, "first": 0, "target": target, "fight": "demo"}
    for lang in ("en", "ru", "uk"):
        text = FalloutWords(lang).event(setup)
        assert str(target) in text and str(target + 1) not in text, (lang, text)


def test_a_space_name_too_long_for_its_column_ends_in_an_ellipsis():
    """«Закусочная Драмлина» cut to «Закусочная Драмлин» read as another word: a cut
    name says it is cut."""
    spec = get_spec("fallout")
    g = spec.engine
    s = position([{"space": "vault_gate", "health": 9, "radiation": 2}], [], turn=1)
    for lang in ("en", "ru", "uk"):
        board = _text(load_ref(spec.terminal).in_language(lang).render_map(g.view(s, 0), 120))
        names = [line[5:23].rstrip() for line in board.splitlines() if line.strip()]
        full = [TEXTS.space(sp["id"], lang) for sp in g.view(s, 0)["map"]["spaces"]]
        assert len(names) == len(full)
        assert all(n == f or (n.endswith("…") and f.startswith(n[:-1])) for n, f in zip(names, full)), (lang, names)
    assert "Закусочная Драмли…" in _text(load_ref(spec.terminal).in_language("ru").render_map(g.view(s, 0), 120))
