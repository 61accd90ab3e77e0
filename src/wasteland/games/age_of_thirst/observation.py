"""Age of Thirst's observation tensor (``SPEC.observation``), from the seat's view only.

Planes over the board's 127 hexes (the action space's ``hex`` order): the seat's own
troops per kind (health), other clans' troops per kind (health; team mates included),
sources, bunkers, ray towers. Then vectors: the seat (one-hot of 6), turn, per seat water,
pumps and hand size, the seat's levels per kind. ``OBSERVATION.layout()`` lists the parts.
"""

from __future__ import annotations

from wasteland.core.observation import ViewObservation, plane, vector

from .actions import ACTIONS
from .content import KINDS

HEXES = ACTIONS.domains["hex"]


def _pieces(kind, own):
    def read(v):
        seat = v.get("seat")
        return {p["hex"]: float(p.get("health", 1)) for p in v.get("pieces", ())
                if p.get("kind") == kind and (p.get("owner") == seat) == own}
    return read


def _seats(key, scale):
    def read(v):
        out = [0.0] * 6
        for p in v.get("players", ()):
            out[p["seat"]] = float(p.get(key) or 0) / scale
        return out
    return read


def _levels(v):
    me = next((p for p in v.get("players", ()) if p.get("seat") == v.get("seat")), {})
    return [float(me.get("levels", {}).get(k, 0)) / 3 for k in KINDS]


OBSERVATION = ViewObservation(
    [plane(f"own {k}", HEXES, _pieces(k, True)) for k in KINDS]
    + [plane(f"other {k}", HEXES, _pieces(k, False)) for k in KINDS]
    + [plane(name, HEXES, (lambda key: lambda v: dict.fromkeys(v.get("board", {}).get(key, ()), 1.0))(name))
       for name in ("sources", "bunkers", "ray_towers")]
    + [vector("seat", 6, lambda v: [1.0 if v.get("seat") == k else 0.0 for k in range(6)]),
       vector("turn", 1, lambda v: [v.get("turn", 0) / 100]),
       vector("water", 6, _seats("water", 10)), vector("pumps", 6, _seats("pumps", 3)),
       vector("hand sizes", 6, _seats("hand_size", 5)), vector("own levels", len(KINDS), _levels)])
