"""Age of Thirst's observation tensor (``SPEC.observation``), from the seat's view only.

Planes over the board's 127 hexes (the action space's ``hex`` order): the seat's own
troops per kind (health), other clans' troops per kind (health; team mates included),
sources, bunkers, ray towers. Then vectors: the seat (one-hot of 6), turn, per seat water,
pumps and hand size, the seat's levels per kind. ``OBSERVATION.layout()`` lists the parts.

``_direct`` writes the same numbers from the state without building the view (the
environments' fast path; their tests hold it equal to the view's numbers): it reads only
what ``game.view`` shows the seat.
"""

from __future__ import annotations

from wasteland.core.observation import ViewObservation, per_seat, plane, vector

from .actions import ACTIONS
from .combat import health
from .content import KINDS

HEXES = ACTIONS.domains["hex"]


def _pieces(kind, own):
    def read(v):
        seat = v.get("seat")
        return {p["hex"]: float(p.get("health", 1)) for p in v.get("pieces", ())
                if p.get("kind") == kind and (p.get("owner") == seat) == own}
    return read


def _levels(v):
    me = next((p for p in v.get("players", ()) if p.get("seat") == v.get("seat")), {})
    return [float(me.get("levels", {}).get(k, 0)) / 3 for k in KINDS]


_STATIC: list = [None, None]  # the board the static planes below were read from, and a tensor of them alone
_PLACES: dict = {}  # per board: (the board, the tensor's place of each of its hexes)


def _static(b):
    if _STATIC[0] is not b:
        at = {name: i for i, name in enumerate(HEXES)}
        idx = []
        for plane_name, hexes in (("sources", b.sources), ("bunkers", b.bunkers), ("ray_towers", b.ray_towers)):
            idx += [_OFF[plane_name] + at[b.names[h]] for h in hexes if b.names[h] in at]
        import numpy as np  # the environments that call ``_direct`` come with it (the rl extra)

        planes = np.zeros(OBSERVATION.size, np.float32)
        planes[idx] = 1.0
        _STATIC[:] = [b, planes]
    return _STATIC[1]


def _direct(s, seat, out) -> None:
    # written number by number through a memoryview of ``out`` (a numpy scalar write costs
    # twice as much, and gathering the numbers for one fancy-index assignment more still)
    b = s.board
    at = _PLACES.get(id(b))
    if at is None or at[0] is not b:
        at = _PLACES[id(b)] = (b, [_AT.get(name) for name in b.names])
    at = at[1]
    o = _OFF
    w = memoryview(out)
    out[:] = _static(b)  # a copy of the board's tensor: cheaper than setting its ones
    full: dict[tuple[int, str], float] = {}  # a troop's health before damage, per owner and kind
    damage = s.damage
    injections = s.injections
    for h, key in s.pieces.items():
        i = at[h]
        if i is None:
            continue
        top = full.get(key)
        if top is None:
            # a troop of a clan with no bunker card in force has health 1 (LO-8.2): the
            # common case, without summing its cards
            top = full[key] = (1.0 if key[1] != "hedge" and not injections[key[0]]
                               else float(health(s, key[0], key[1])))
        w[(_OWN if key[0] == seat else _OTHER)[key[1]] + i] = top - damage.get(h, 0)
    if isinstance(seat, int) and 0 <= seat < 6:
        w[o["seat"] + seat] = 1.0
    w[o["turn"]] = s.turn / 100
    water, pumps, hands = o["water"], o["pumps"], o["hand sizes"]
    for q in range(s.rules.players):
        w[water + q] = float(s.water[q] or 0) / 10
        w[pumps + q] = float(s.pumps[q] or 0) / 3
        w[hands + q] = float(len(s.hands[q]) or 0) / 5
    if isinstance(seat, int) and 0 <= seat < s.rules.players:
        k = o["own levels"]
        for j, level in enumerate(s.levels[seat]):
            w[k + j] = float(level) / 3


def eye(view) -> float:
    """The seat's Eye token on its track, circle 0 to the winning circle 3 (LO-12, LO-13.1),
    as a share: a dense reward's potential."""
    me = next((p for p in view.get("players", ()) if p.get("seat") == view.get("seat")), {})
    return min(1.0, float(me.get("eye", 0) or 0) / 3)


OBSERVATION = ViewObservation(
    [plane(f"own {k}", HEXES, _pieces(k, True)) for k in KINDS]
    + [plane(f"other {k}", HEXES, _pieces(k, False)) for k in KINDS]
    + [plane(name, HEXES, (lambda key: lambda v: dict.fromkeys(v.get("board", {}).get(key, ()), 1.0))(name))
       for name in ("sources", "bunkers", "ray_towers")]
    + [vector("seat", 6, lambda v: [1.0 if v.get("seat") == k else 0.0 for k in range(6)]),
       vector("turn", 1, lambda v: [v.get("turn", 0) / 100]),
       per_seat("water", 6, "water", 10), per_seat("pumps", 6, "pumps", 3),
       per_seat("hand sizes", 6, "hand_size", 5), vector("own levels", len(KINDS), _levels)], rewards={"eye": eye}, direct=_direct)
_OFF = OBSERVATION.offsets()
_AT = {name: i for i, name in enumerate(HEXES)}
_OWN = {kind: _OFF[f"own {kind}"] for kind in KINDS}
_OTHER = {kind: _OFF[f"other {kind}"] for kind in KINDS}
