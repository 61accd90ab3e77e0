"""Hypothesis over every parser of every registered game: records, action notation and
configs. Garbage gets one clear error (RecordError / RuleError) and changes nothing; never
another exception. ``WASTELAND_FUZZ_LONG=N`` runs N cases per test instead of the bound."""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wasteland.core.protocol import RuleError
from wasteland.core.record import GameRecord, RecordError, check_record, replay
from wasteland.core.registry import registered_games

CASES = int(os.environ.get("WASTELAND_FUZZ_LONG", "0")) or 120
FUZZ = settings(max_examples=CASES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
GAMES = sorted(registered_games())

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 10), st.sampled_from([2**63, -1, 10**20]),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=10))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                      st.dictionaries(st.text(max_size=8), inner, max_size=3)),
                      max_leaves=10)


def configs_for(spec):
    per = {}
    for option in spec.options:
        choices = [st.sampled_from(list(option.values))] if option.values else []
        if option.values:
            choices.append(st.lists(st.sampled_from(list(option.values)), max_size=7))
        if option.kind == "int":
            choices.append(st.integers((option.low or 0) - 2, (option.high or 12) + 2))
        choices += [st.booleans(), values]
        per[option.name] = st.one_of(*choices)
    return st.fixed_dictionaries({}, optional={**per, "unknown_option": values})


@pytest.mark.parametrize("name", GAMES)
def test_configs_are_valid_or_one_rule_error(name):
    spec = registered_games()[name]

    @FUZZ
    @given(configs_for(spec), st.integers(0, 2**31))
    def check(config, seed):
        try:
            full = spec.validate(dict(config))
        except RuleError as exc:
            assert str(exc)
            return
        spec.engine.new_game(full, seed)  # a config the spec accepts sets up

    check()


def positions(name, count=6):
    """A few positions of a random game of ``name``."""
    spec = registered_games()[name]
    game = spec.engine
    rng = random.Random(len(name))
    state = game.new_game(spec.validate({}), 5)
    out = [state]
    for _ in range(count - 1):
        for _ in range(rng.randrange(3, 40)):
            d = game.decision(state)
            if d is None:
                break
            state = game.apply(state, rng.choice(list(d.actions)))[0]
        out.append(state)
    return out


def mutations(offered):
    """Texts near the offered actions: cut, doubled, re-spaced, numbers changed."""
    base = st.sampled_from(offered) if offered else st.just("end")
    return st.one_of(
        base.map(lambda a: a[: len(a) // 2]), base.map(lambda a: a + " " + a), base.map(lambda a: a.upper()),
        base.map(lambda a: a.replace(",", ", ")), base.map(lambda a: a.replace("0", "99")),
        base.map(lambda a: a.replace("1", "-1")), base.map(lambda a: a + " by nobody"),
        base.map(lambda a: " ".join(reversed(a.split()))), st.text(max_size=30),
        st.sampled_from(["", " ", "\x00", "\ud800", "end end", "move", "move 999,999", "use", "9" * 5000]),
    )


@pytest.mark.parametrize("name", GAMES)
def test_action_notation_is_an_action_or_one_rule_error_changing_nothing(name):
    game = registered_games()[name].engine
    for state in positions(name):
        d = game.decision(state)
        if d is None:
            continue
        before = json.dumps(game.to_json(state), sort_keys=True)
        offered = list(d.actions)

        @FUZZ
        @given(mutations(offered))
        def check(text):
            try:
                game.apply(state, text)
            except RuleError as exc:
                assert str(exc)
            assert json.dumps(game.to_json(state), sort_keys=True) == before, "a refused action changed the state"

        check()


def record_texts(name):
    spec = registered_games()[name]
    header = st.fixed_dictionaries({"format": st.one_of(st.just("wasteland-record/1"), st.text(max_size=5)),
                                    "game": st.one_of(st.just(name), st.text(max_size=5)),
                                    "rules_version": st.one_of(st.just(spec.rules_version), st.text(max_size=5)),
                                    "config": st.one_of(configs_for(spec), values),
                                    "seed": st.one_of(st.integers(0, 2**31), values)})
    line = st.one_of(st.text(max_size=12).map(json.dumps), st.text(max_size=12), values.map(json.dumps),
                     st.sampled_from(['"end"', "[" * 3000, "NaN", '"\\ud800"']))
    return st.tuples(header.map(json.dumps), st.lists(line, max_size=6)).map(lambda t: "\n".join([t[0], *t[1]]))


@pytest.mark.parametrize("name", GAMES)
def test_records_replay_or_fail_with_one_record_error(name):
    spec = registered_games()[name]

    @FUZZ
    @given(st.one_of(record_texts(name), st.text(max_size=80)))
    def check(text):
        try:
            record = check_record(GameRecord.loads(text, "fuzz"), spec, "fuzz")
            replay(spec.engine, record)
        except RecordError as exc:
            assert str(exc)

    check()


def companion_record_texts(name):
    """A table companion's record: its header says so, its lines are steps (actions, the
    table's chance answers, corrections) and the policy's choices ({"action", "policy"})."""
    spec = registered_games()[name]
    first = spec.engine.decision(spec.engine.new_game(spec.validate({}), 1))
    offered = st.sampled_from(list(first.actions))
    header = st.fixed_dictionaries({"format": st.just("wasteland-record/1"), "game": st.just(name),
                                    "rules_version": st.just(spec.rules_version),
                                    "config": st.one_of(st.just({}), configs_for(spec)),
                                    "seed": st.one_of(st.integers(0, 2**31), values),
                                    "mode": st.one_of(st.just("companion"), values),
                                    "table_chance": st.one_of(st.booleans(), values)})
    step = st.one_of(offered, st.text(max_size=12), st.sampled_from(["decide", "edit", 'edit set state.wind "N"',
                                                                      "chance custom", "chance x", "9" * 5000]))
    line = st.one_of(step.map(json.dumps),
                     st.fixed_dictionaries({"action": st.one_of(offered, values), "policy": st.one_of(st.text(max_size=8),
                                                                                                    values)}).map(json.dumps),
                     values.map(json.dumps), st.sampled_from(['{"action": "end"}', "[" * 3000, "NaN"]))
    return st.tuples(header.map(json.dumps), st.lists(line, max_size=5)).map(lambda t: "\n".join([t[0], *t[1]]))


@pytest.mark.parametrize("name", GAMES)
def test_companion_records_replay_or_fail_with_one_error(name):
    from wasteland.server.companion_session import Session

    spec = registered_games()[name]

    @FUZZ
    @given(companion_record_texts(name))
    def check(text):
        try:
            record = check_record(GameRecord.loads(text, "fuzz"), spec, "fuzz")
            Session.from_record(spec, record.config, record.seed, record.actions, policies=record.policies)
        except (RecordError, RuleError) as exc:
            assert str(exc)

    check()
