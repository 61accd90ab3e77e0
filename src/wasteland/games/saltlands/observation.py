"""Saltlands' observation tensor (``SPEC.observation``), from the seat's view only.

Planes over the 323 hexes of the action space's ``hex`` domain (in its order): one per
terrain (salt, dune, mountain, unexplored), the seat's own vehicle, the other players,
raiders (crew count), tokens, spawn points. Then vectors: the seat (one-hot of 6), round
and turn, wind strength, storm, the decks' sizes, each seat's hand size, armor and
status (active), and the seat's hand as counts per card kind. ``OBSERVATION.layout()``
lists every part with its offset.

Dense reward ``"survival"`` (the environments' ``reward="survival"``): a potential of the
seat's view, 0.5 while its survivor is on the board or escaped, 0 while dead (waiting to
respawn, SL §90) or out, minus 0.1 for each respawn used; a step's reward is its change,
added to the outcome's 1 for a win.

``_direct`` writes the same numbers from the state without building the view (the
environments' fast path; their tests hold it equal to the view's numbers): it reads only
what ``game.view`` shows the seat.
"""

from __future__ import annotations

from wasteland.core.observation import ViewObservation, plane, vector

from .actions import ACTIONS
from .board import TERRAIN_NAME
from .movement import wind_strength
from .state import catalog
from .zones import permanent_armor

HEXES = ACTIONS.domains["hex"]
TERRAINS = ("salt", "dune", "mountain", "unexplored")
KINDS = tuple(dict.fromkeys(n.split("#")[0] for n in catalog().card_names))


def _me(view):
    return next((p for p in view.get("players", ()) if p.get("seat") == view.get("seat")), {})


def _terrain(t):
    return lambda v: {h["hex"]: 1.0 for h in v.get("hexes", ()) if h.get("terrain") == t}


def _hand(v):
    counts = dict.fromkeys(KINDS, 0.0)
    for card in _me(v).get("hand", ()) or ():
        kind = card.split("#")[0]
        if kind in counts:
            counts[kind] += 1
    return list(counts.values())


def _seats(v, key, scale=1.0):
    out = [0.0] * 6
    for p in v.get("players", ()):
        value = p.get(key)
        out[p["seat"]] = (1.0 if value == "active" else 0.0) if key == "status" else float(value or 0) / scale
    return out


def _board(v):
    # the view's hex list: the engine keeps the same list while the terrain stands
    return v.get("hexes")


_VICTORY = frozenset(n.split("#")[0] for i, n in enumerate(catalog().card_names)
                     if catalog().cards[i].victory is not None)


def escape(view) -> float:
    """Progress toward an escape, as the rulebook measures it (a dense reward's potential,
    from 0 to 1): half for the rumor cards played (the escape waits for all of them, SL §111,
    SL §113), half for the seat's own Victory cards up to two (SL §115; one matching and one
    any in solo and competitive, SL §118, SL §119)."""
    played = len(view.get("rumors_played") or ())
    rumors = played + int(view.get("rumor_deck", 0) or 0)
    victory = sum(1 for c in _me(view).get("hand") or () if str(c).split("#")[0] in _VICTORY)
    return 0.5 * (played / rumors if rumors else 1.0) + 0.5 * min(victory, 2) / 2


def survival(view) -> float:
    """Staying in the game: 0.5 while the seat plays (one who died and cannot respawn loses,
    SL §114), less 0.1 for each respawn used (SL §90)."""
    me = _me(view)
    alive = 0.5 if me.get("status") in ("active", "won") else 0.0
    return alive - 0.1 * float(me.get("respawns_used", 0) or 0)


_PLACES: dict = {}  # per layout: the tensor's place of each of its hexes (-1 off the planes)


def _places(geo):
    at = _PLACES.get(geo.layout)
    if at is None:
        at = _PLACES[geo.layout] = [_AT.get(name, -1) for name in geo.names]
    return at


def _board_planes(s):
    """The tensor with only the terrain and spawn planes' ones (what the view's hex list shows:
    each hex's terrain, and its spawn letter), as a numpy array kept with the terrain (it
    changes when a tile is explored). The environments that call ``_direct`` come with
    numpy (the rl extra)."""
    terrain = s.terrain
    found = terrain.memo.get(_MEMO)
    if found is None:
        import numpy as np

        at = np.asarray(_places(s.static.geo), np.intp)
        code = np.frombuffer(terrain.terrain, np.uint8)
        plane = _terrain_offsets()[code]
        idx = (plane + at)[(at >= 0) & (plane >= 0)]
        spawn = np.asarray([h for h, _letter in terrain.spawn_points], np.intp)
        if len(spawn):
            spawn = spawn[at[spawn] >= 0]
        board = np.zeros(OBSERVATION.size, np.float32)
        board[np.concatenate([idx, _OFF["spawn"] + at[spawn]])] = 1.0
        found = terrain.remember(_MEMO, board)
    return found


def _direct(s, seat, out) -> None:
    # written number by number through a memoryview of ``out`` (a numpy scalar write costs
    # twice as much, and gathering the numbers for one fancy-index assignment more still);
    # a later write wins, as a later entry of the view does
    out[:] = _board_planes(s)  # a copy of the kept board tensor: cheaper than setting its ones
    at = _places(s.static.geo)
    o = _OFF
    w = memoryview(out)
    me = None
    own, other = o["own vehicle"], o["other players"]
    for p in s.players:
        if p.seat == seat:
            me = p
        if p.hex is not None and at[p.hex] >= 0:
            w[(own if p.seat == seat else other) + at[p.hex]] = 1.0
    raiders = o["raiders"]
    for _rid, (_type, h, crew) in sorted(s.raiders.items()):  # the view's order
        if at[h] >= 0:
            w[raiders + at[h]] = float(crew)
    tokens = o["tokens"]
    for h in s.tokens:
        if at[h] >= 0:
            w[tokens + at[h]] = 1.0
    if isinstance(seat, int) and 0 <= seat < 6:
        w[o["seat"] + seat] = 1.0
    k = o["round, turn"]
    w[k], w[k + 1] = s.round / 20, s.turn / 100
    k = o["weather"]
    w[k], w[k + 1] = wind_strength(s) / 6, 1.0 if s.storm else 0.0
    k = o["decks"]
    w[k], w[k + 1] = len(s.mirage) / 50, len(s.raider_deck) / 50
    w[k + 2], w[k + 3] = len(s.rumor_deck) / 10, len(s.weather_deck) / 10
    hands, armor, active = o["hand sizes"], o["armor"], o["active"]
    for p in s.players:
        w[hands + p.seat] = float(len(p.hand) or 0) / 10
        w[armor + p.seat] = float((permanent_armor(s, p) if p.character else 0) or 0) / 5
        w[active + p.seat] = 1.0 if p.status == "active" else 0.0
    if me is not None:
        k = o["own hand"]
        kinds = _card_kinds(s.static.catalog)
        for c in me.hand:
            j = kinds[c]
            if j is not None:
                w[k + j] += 1.0


OBSERVATION = ViewObservation(
    [plane(f"terrain {t}", HEXES, _terrain(t), f"1 where the hex is {t}", same=_board) for t in TERRAINS] + [
        plane("own vehicle", HEXES, lambda v: {_me(v).get("hex"): 1.0} if _me(v).get("hex") else {}),
        plane("other players", HEXES, lambda v: {p["hex"]: 1.0 for p in v.get("players", ())
                                                if p.get("hex") and p.get("seat") != v.get("seat")}),
        plane("raiders", HEXES, lambda v: {r["hex"]: float(r.get("crew", 1)) for r in v.get("raiders", ())
                                           if r.get("hex")}, "a raider's crew count"),
        plane("tokens", HEXES, lambda v: dict.fromkeys(v.get("tokens", {}), 1.0)),
        plane("spawn", HEXES, lambda v: {h["hex"]: 1.0 for h in v.get("hexes", ()) if h.get("spawn")},
              same=_board),
        vector("seat", 6, lambda v: [1.0 if v.get("seat") == k else 0.0 for k in range(6)]),
        vector("round, turn", 2, lambda v: [v.get("round", 0) / 20, v.get("turn", 0) / 100]),
        vector("weather", 2, lambda v: [v.get("wind_strength", 0) / 6, 1.0 if v.get("storm") else 0.0]),
        vector("decks", 4, lambda v: [v.get("mirage_deck", 0) / 50, v.get("raider_deck", 0) / 50,
                                      v.get("rumor_deck", 0) / 10, v.get("weather_deck", 0) / 10]),
        vector("hand sizes", 6, lambda v: _seats(v, "hand_size", 10), "per seat"),
        vector("armor", 6, lambda v: _seats(v, "armor", 5), "per seat"),
        vector("active", 6, lambda v: _seats(v, "status"), "per seat: 1 if playing"),
        vector("own hand", len(KINDS), _hand, "the seat's hand: count per card kind"),
    ], rewards={"escape": escape, "survival": survival}, direct=_direct)
_OFF = OBSERVATION.offsets()
_AT = {name: i for i, name in enumerate(HEXES)}
_KIND = {kind: i for i, kind in enumerate(KINDS)}
_MEMO = ("tensor board planes",)  # the key of the board planes in the terrain's memo


_CARD_KINDS: list = [None, None]  # the catalog the list below was read from, and per card its kind's place


def _card_kinds(cards) -> list:
    """Per card of the catalog, its kind's place in the own-hand vector (None for a kind it
    does not count), read once per catalog rather than by splitting each card's name a step."""
    if _CARD_KINDS[0] is not cards:
        _CARD_KINDS[:] = [cards, [_KIND.get(name.split("#")[0]) for name in cards.card_names]]
    return _CARD_KINDS[1]


_TERRAIN_OFFSET: list = []  # per terrain code, its plane's first index (-1 for none), once numpy is there


def _terrain_offsets():
    if not _TERRAIN_OFFSET:
        import numpy as np  # the rl extra's (see ``_board_planes``)

        offsets = np.full(256, -1, np.intp)
        for code, name in TERRAIN_NAME.items():
            offsets[code] = _OFF[f"terrain {name}"]
        _TERRAIN_OFFSET.append(offsets)
    return _TERRAIN_OFFSET[0]
