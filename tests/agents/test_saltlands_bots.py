"""The Saltlands heuristic bot and the guided ISMCTS: legal play in every mode, no
peeking at hidden information, and the choices the beginner's guide (SL §123, SL §124)
and the victory rules (SL §112 to SL §120) call for."""

from __future__ import annotations

import textwrap

import pytest

from wasteland.core.agent import Observation
from wasteland.agents.ismcts import ISMCTSAgent
from wasteland.agents.registry import make_agent
from wasteland.core.rng import Rng
from wasteland.games.saltlands.bot import HeuristicAgent
from wasteland.games.saltlands.bot_values import hex_dist as _hex_dist
from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.spec import SPEC
from wasteland.games.saltlands.scenario import scenario_from_text


def build(text: str):
    return scenario_from_text(textwrap.dedent(text))


class SealedObservation(Observation):
    """An observation without the true state: ``sample`` deals from a stand-in state that
    shares the seat's view. A bot that reads the true state crashes on ``None``."""

    def __init__(self, state, decision, rng_seed: int = 0) -> None:
        super().__init__(GAME, None, decision)
        self._stand_in = GAME.determinize(state, decision.seat, Rng(rng_seed))

    def view(self):
        return GAME.view(self._stand_in, self.decision.seat)

    def sample(self, rng):
        return GAME.determinize(self._stand_in, self.decision.seat, rng)


def play_game(config: dict, bots: list, seed: int, sealed: bool = False) -> tuple:
    s = GAME.new_game(config, seed)
    for _ in range(20_000):
        d = GAME.decision(s)
        if d is None:
            return GAME.outcome(s)
        obs = SealedObservation(s, d, seed) if sealed else Observation(GAME, s, d)
        action = bots[d.seat].choose(obs)
        assert action in d.actions, f"{action!r} is not legal here"
        GAME.apply_in_place(s, action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "players,mode,difficulty",
    [(1, "solo", "easy"), (1, "solo", "hard"), (2, "coop", "normal"), (3, "classic", "easy"),
     (2, "competitive", "normal"), (2, "tutorial", "easy")],
)
def test_heuristic_plays_every_mode_to_the_end_without_peeking(players, mode, difficulty):
    config = {"players": players, "mode": mode, "difficulty": difficulty}
    outcome = play_game(config, [HeuristicAgent(k) for k in range(players)], seed=players * 10 + 3, sealed=True)
    assert outcome.reason


def test_guided_ismcts_plays_a_solo_game_without_peeking():
    config = {"players": 1, "mode": "solo", "difficulty": "easy", "characters": ["scout"]}
    outcome = play_game(config, [ISMCTSAgent(1, iterations=12, guide=SPEC.make_guide)], seed=5, sealed=True)
    assert outcome.reason


def _turn_state(extra: str = "", hex: str = "-1,0", hand: str = '"compass", "spear"', cargo: str = ""):
    return build(f"""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "{hex}"
        hand = [{hand}]
        cargo = [{cargo}]
        vehicle = "sailer"
    """ + extra)


def test_a_lone_victory_card_is_not_spent_on_a_rumor_SL112_SL119():
    # Solo needs 1 matching + 1 any Victory card (SL §119): the only Compass stays in hand.
    s = _turn_state()
    d = GAME.decision(s)
    use = [a for a in d.actions if a.startswith("use compass")]
    assert use, d.actions
    bot = HeuristicAgent(0)
    scores = bot.scores(Observation(GAME, s, d))
    assert all(scores[a] < scores["end"] for a in use)
    assert bot.choose(Observation(GAME, s, d)) not in use


def test_an_adjacent_victory_token_is_collected_first_SL73_SL112():
    s = _turn_state("""
        [[token]]
        hex = "-1,-1"
        token = "victory_green"
        [[token]]
        hex = "-2,0"
        token = "loot"
    """)
    d = GAME.decision(s)
    assert HeuristicAgent(0).choose(Observation(GAME, s, d)) == "collect -1,-1 by scout"


def test_binoculars_explore_the_nearest_face_down_tile_first_SL110():
    s = _turn_state(hex="0,0", hand='"binoculars"', cargo='"crew"')
    d = GAME.decision(s)
    explores = [a for a in d.actions if a.startswith("use binoculars")]
    assert len(explores) >= 2
    scores = HeuristicAgent(0).scores(Observation(GAME, s, d))
    geo = s.static.geo
    me = s.players[0].hex

    def tile_distance(a: str) -> int:
        x, y = (int(v) for v in a.split("tile t")[1].split(","))
        centre = geo.hexes_of(geo.pos_index[(x, y)])[len(geo.hexes_of(0)) // 2]
        return _hex_dist(geo, me, centre)

    nearest = min(explores, key=tile_distance)
    farthest = max(explores, key=tile_distance)
    assert tile_distance(nearest) < tile_distance(farthest)
    assert scores[nearest] > scores[farthest]


def test_guided_ismcts_spends_its_budget_on_the_move_decision_only():
    s = GAME.new_game({"players": 1, "mode": "solo", "difficulty": "easy", "characters": ["scout"]}, 3)
    bot = ISMCTSAgent(0, iterations=32, guide=SPEC.make_guide)
    searched = 0
    for _ in range(60):
        d = GAME.decision(s)
        if d is None:
            break
        bot.last_iterations = 0
        a = bot.choose(Observation(GAME, s, d))
        assert a in d.actions
        has_move = d.kind == "turn" and any(x.startswith("move ") for x in d.actions)
        if has_move and a.startswith("move "):
            searched += 1
            assert bot.last_iterations == 32
        elif not has_move:
            assert bot.last_iterations == 0  # left to the game's own bot
        GAME.apply_in_place(s, a)
    assert searched >= 2


def _end_game(hand: str, mode: str = "solo", partner: str | None = None, partner_hex: str = "1,-4"):
    # Seed 3, every rumor card played, no raider anywhere. Solo: the blue marker is on
    # start_1, green on start_3. Co-op (with a partner, the healer): the green marker is
    # on tile 0,-1, whose hexes include 1,-4 and 0,-3.
    characters = '"scout"' if partner is None else '"scout", "healer"'
    second = "" if partner is None else f"""
        [[player]]
        seat = "p2"
        hex = "{partner_hex}"
        vehicle = "sailer"
        hand = [{partner}]
    """
    return build(f"""
        seed = 3
        raider = []
        [config]
        players = {1 if partner is None else 2}
        mode = "{mode}"
        characters = [{characters}]
        [state]
        rumor_deck = 0
        wind = "N"
        weather = ["w01", "w02"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        vehicle = "sailer"
        hand = [{hand}]
    """ + second)


def test_guided_ismcts_plays_the_end_game_out_against_real_outcomes_SL113_SL119():
    # A Compass and a Plants card: one matching card and one more, enough to escape solo
    # (SL §119) once the road has ended (SL §111). The search now plays the bot's own turns
    # on and scores the result; each such play-on costs ENDGAME_COST iterations.
    s = _end_game('"compass", "plants"')
    guide = SPEC.make_guide(0)
    obs = Observation(GAME, s, GAME.decision(s))
    assert guide.endgame(s, 0) and guide.iteration_cost(obs) == guide.ENDGAME_COST
    ctx = guide.context(s)
    assert guide.values(s, ctx)[0] <= guide.ENDGAME_OTHER  # no escape yet: at most 0.3
    bot = ISMCTSAgent(0, iterations=3 * guide.ENDGAME_COST, guide=SPEC.make_guide)
    action = bot.choose(obs)
    assert bot.last_iterations == 3 * guide.ENDGAME_COST
    GAME.apply_in_place(s, action)
    assert s.over and s.winners == [0]  # the searched move reaches a raider-free escape tile
    assert guide.values(s, ctx) == [1.0]
    # One Victory card is not enough: the play-on to the game's end by the quick bot.
    short = _end_game('"compass"')
    assert not guide.endgame(short, 0)
    assert guide.iteration_cost(Observation(GAME, short, GAME.decision(short))) == guide.ROLLOUT_COST
    t = short.copy()
    guide.play_on(t, 0, guide.context(short))
    assert t.over and guide.values(t, guide.context(short))[0] in (0.0, 1.0)


def _coop_end_game(p1_hand: str, p2_hand: str, p2_hex: str = "1,-4"):
    return _end_game(p1_hand, "coop", p2_hand, p2_hex)


def test_coop_bots_pool_their_victory_cards_and_meet_on_the_matching_marker_SL117():
    # Two players need 3 matching + 1 each = 5 Victory cards between them (SL §117): three
    # Plants (green) and two Compasses, split over both hands. The partner already stands
    # on the green marker's tile, so the bot's move there wins for both at once (SL §113).
    s = _coop_end_game('"plants", "plants", "compass"', '"plants", "compass"')
    bot = HeuristicAgent(0)
    green = s.markers["green"]
    for seat in (0, 1):
        group, tiles = bot._escape(s, s.players[seat])
        assert [p.seat for p in group] == [0, 1] and tiles == {green}
    d = GAME.decision(s)
    # The partner's Victory cards came from the face-up supply: the bot knows them even
    # from a sample of what it may see.
    action = bot.choose(SealedObservation(s, d))
    assert action.startswith("move ") and s.static.geo.by_name[action.split(" ")[1]] // 19 == green
    GAME.apply_in_place(s, action)
    assert s.over and sorted(s.winners) == [0, 1]


def test_coop_bots_wait_while_the_group_lacks_cards_SL117():
    # Four cards for two players: not enough for anyone (SL §117); nothing pulls the bot
    # onto the marker tile as if it could win there.
    s = _coop_end_game('"plants", "plants", "compass"', '"plants"')
    bot = HeuristicAgent(0)
    assert bot._escape(s, s.players[0]) is None and bot._escape(s, s.players[1]) is None
    assert not SPEC.make_guide(0).endgame(s, 0)
    # A Plants card may not be spent while the group needs it (SL §112).
    full = _coop_end_game('"plants", "plants", "compass"', '"plants", "compass"')
    plants = [c for c in full.players[0].hand if full.static.catalog.cards[c].victory == "plants"]
    assert not bot._spare(full, full.players[0], plants[0])
    spare = _coop_end_game('"plants", "plants", "compass", "compass"', '"plants", "compass"')
    compass = [c for c in spare.players[0].hand if spare.static.catalog.cards[c].victory == "compass"]
    assert bot._spare(spare, spare.players[0], compass[0])


def test_guided_ismcts_plays_the_partner_too_in_the_coop_end_game_SL117():
    # The partner is one tile away from the green marker: no move of the searching seat
    # wins alone; the play-on lets the bot move the partner as well (SL §117).
    s = _coop_end_game('"plants", "plants", "compass"', '"plants", "compass"', p2_hex="0,0")
    guide = SPEC.make_guide(0)
    assert guide.endgame(s, 0) and guide.endgame(s, 1)
    ctx = guide.context(s)
    t = s.copy()
    guide.play_on(t, 0, ctx)
    assert t.over and sorted(t.winners) == [0, 1]


def test_bot_names_take_an_ismcts_budget():
    assert make_agent("ismcts:25").iterations == 25
    timed = make_agent("ismcts:0.5s")
    assert timed.iterations is None and timed.seconds == 0.5
    with pytest.raises(ValueError, match="budget"):
        make_agent("ismcts:lots")
    with pytest.raises(ValueError, match="only ismcts"):
        make_agent("heuristic:5")
