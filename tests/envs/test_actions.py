"""Every game's fixed action space and observation: every legal action of random games
has an index, the index decodes back to it, and indices are one block per template."""

from __future__ import annotations

import random

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.registry import registered_games
from wasteland.envs.base import env_games

from .conftest import CASES, GAMES, IDS


def test_every_shipped_game_declares_its_spaces() -> None:
    shipped = [n for n, s in registered_games().items() if s.package.startswith("wasteland.games.")]
    assert shipped and all(n in env_games() for n in shipped)


@pytest.mark.parametrize("game,options", CASES, ids=IDS)
def test_legal_actions_round_trip(game: str, options: dict) -> None:
    spec = env_games()[game]
    engine, space = spec.engine, spec.action_space
    config = spec.validate(dict(options))
    for seed in range(3):
        state, rng, steps = engine.new_game(config, seed), random.Random(seed), 0
        while engine.outcome(state) is None and steps < 300:
            d = engine.decision(state)
            indices = [space.encode(a, state) for a in d.actions]
            assert len(set(indices)) == len(indices)
            assert [space.decode(i, state) for i in indices] == list(d.actions)
            assert all(0 <= i < space.size for i in indices)
            state, _ = engine.apply(state, rng.choice(d.actions))
            steps += 1


@pytest.mark.parametrize("game", GAMES)
def test_layout_covers_the_space_once(game: str) -> None:
    space = env_games()[game].action_space
    offset = 0
    for _template, first, count in space.layout():
        assert first == offset and count > 0
        offset += count
    assert offset == space.size
    # the first and last index of each block decode to actions of its template's verb
    for template, first, count in space.layout():
        for i in (first, first + count - 1):
            text = space.decode(i)
            assert text.split()[0] == template.split()[0]
            assert space.encode(text) == i


@pytest.mark.parametrize("game", GAMES)
def test_bad_indices_and_texts_are_refused(game: str) -> None:
    space = env_games()[game].action_space
    for bad in (-1, space.size, "3", 2.5, True):
        with pytest.raises(RuleError, match="action index"):
            space.decode(bad)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="not in the game's fixed action space"):
        space.encode("fly to the moon")


@pytest.mark.parametrize("game", GAMES)
def test_observation_is_the_seats_view_only(game: str) -> None:
    """Two states that differ only in what the seat may not know (the generator, the deck
    order) give the same tensor: the encoder reads the view, and the view hides them."""
    spec = env_games()[game]
    engine, observer = spec.engine, spec.observer
    config = spec.validate({})
    state = engine.new_game(config, 5)
    view = engine.view(state, 0)
    tensor = observer.encode(view)
    assert len(tensor) == observer.size and any(tensor)
    assert observer.encode(engine.view(engine.from_json(engine.to_json(state)), 0)) == tensor
    layout = observer.layout()
    assert sum(length for _n, _o, length, _d in layout) == observer.size
    assert observer.string(view) == observer.string(engine.view(state, 0))


@pytest.mark.parametrize("game", GAMES)
def test_the_environments_tensor_is_the_encoders(game: str) -> None:
    """The environments write the tensor straight into an array (``ArrayEncoder``) and keep
    it for the position: the same numbers as the game's encoder on a fresh view, every step
    of random games, for every seat."""
    import numpy as np

    from wasteland.envs.base import Table

    spec = env_games()[game]
    players = sorted({spec.min_players, min(spec.max_players, 3)})
    for n in players:
        table = Table(game, players=n, **{k: v for k, v in spec.simulation.items()})
        table.new(seed=n)
        rng, steps = random.Random(n), 0
        while table.outcome() is None and steps < 120:
            for seat in range(n):
                fresh = np.asarray(spec.observer.encode(spec.engine.view(table.state, seat)), np.float32)
                got = table.tensor(seat)
                assert got.dtype == np.float32 and np.array_equal(got, fresh), (seat, steps)
                got[:] = -1  # the caller's copy: the kept tensor is unchanged
                assert np.array_equal(table.tensor(seat), fresh)
            d = table.decision()
            legal = table.legal(d.seat)
            assert legal == sorted(spec.action_space.encode(a, table.state) for a in d.actions)
            assert np.flatnonzero(table.mask(d.seat)).tolist() == legal
            table.play(rng.choice(legal))
            steps += 1


def test_a_plane_skips_a_place_it_does_not_know() -> None:
    from wasteland.core.observation import ViewObservation, plane, vector
    from wasteland.envs.base import ArrayEncoder

    observer = ViewObservation([
        plane("a", ("x", "y", "z"), lambda v: v["a"]),
        vector("b", 2, lambda v: v["b"]),
        plane("c", ("x", "y"), lambda v: v["c"]),
    ])
    for view in ({"a": {"y": 2, "moon": 5}, "b": [1, True, 9], "c": {}},
                 {"a": {"moon": 1}, "b": [], "c": {"x": 0.5, "y": 3}},
                 {"a": {"z": 1, "x": 4}, "b": (0.25,), "c": {"y": 1}}):
        assert ArrayEncoder(observer).encode(view).tolist() == observer.encode(view)


def test_places_and_tails() -> None:
    """A place domain names a place of the position (``@hand1`` where no state fills it);
    a tail's tokens come from the offered actions; a place template falls back to a name
    template after it."""
    from wasteland.core.actionspace import Slots, TemplateActions
    from wasteland.core.notation import INT, Notation, W, verb

    notation = Notation([verb("move", W("hex"), W("fuel", INT, kw="fuel", optional=True)), verb("play", W("card"))])
    state = {"hand": ["axe#2", "map#1"], "legal": ["move b fuel 3", "move a", "play map#1", "play rope#1"]}
    space = TemplateActions(
        notation, ["move {hex}", "move {hex} fuel | {*}", "play {hand}", "play {card}"],
        {"hex": ("a", "b"), "card": ("rope#1", "axe#2"), "hand": Slots(3, lambda s: s["hand"])},
        legal=lambda s: s["legal"])
    assert space.size == 2 + 2 + 3 + 2
    assert [space.encode(a, state) for a in state["legal"]] == [3, 0, 5, 7]
    assert space.encode_all(state["legal"], state) == [3, 0, 5, 7]
    assert [space.decode(i, state) for i in (3, 0, 5, 7)] == state["legal"]
    assert space.decode(5) == "play @hand1" and space.encode("play @hand1") == 5
    assert space.decode(6, state) == "play @hand2"  # an empty place
    assert space.decode(2) == "move a fuel *"
    assert space.encode("play axe#2", state) == 4 and space.encode("play axe#2") == 8
    with pytest.raises(RuleError, match="not in the game's fixed action space"):
        space.encode("play @hand3")
    assert [t for t, _o, _c in space.layout()][:2] == ["move {hex}", "move {hex} fuel {*}"]


def test_templates_follow_the_notation() -> None:
    """A template is a verb of the game's notation with its fields in the verb's form: one
    that strays from it is refused when the space is built, naming the form."""
    from wasteland.core.actionspace import TemplateActions
    from wasteland.core.notation import INT, Kind, Notation, W, verb

    part = Kind("'phase' or 'turn'", lambda w: w if w in ("phase", "turn") else int("x"))
    notation = Notation([verb("move", W("hex"), W("fuel", INT, kw="fuel", optional=True)),
                         verb("end", W("part", part))])
    domains = {"hex": ("a", "b")}
    assert TemplateActions(notation, ["end phase", "end turn", "move {hex}", "move {hex} fuel | {*}"], domains).size == 6
    for wrong in ("jump {hex}", "move", "move {hex} {hex}", "move {hex} fuel", "move {hex} by {hex}", "end round"):
        with pytest.raises(ValueError, match="notation"):
            TemplateActions(notation, [wrong], domains)
