"""The Fallout round end's observation tensor (``SPEC.observation``), from the seat's view.

Planes over the map's spaces (the action space's ``space`` order): the seat's survivor,
the other survivors, enemies face up, enemies face down, markers. Then vectors: the seat
(one-hot of 4), round, actions left, per seat health, radiation, kills, quests and
influence, the agenda deck's size, the track. ``OBSERVATION.layout()`` lists the parts.
"""

from __future__ import annotations

from wasteland.core.observation import ViewObservation, plane, vector

from .actions import ACTIONS

SPACES = ACTIONS.domains["space"]


def _count(items):
    out: dict[str, float] = {}
    for s in items:
        out[s] = out.get(s, 0.0) + 1
    return out


def _seats(key, scale):
    def read(v):
        out = [0.0] * 4
        for p in v.get("survivors", ()):
            out[p["seat"]] = float(p.get(key) or 0) / scale
        return out
    return read


OBSERVATION = ViewObservation([
    plane("own survivor", SPACES, lambda v: _count(p["space"] for p in v.get("survivors", ())
                                                   if p.get("seat") == v.get("seat"))),
    plane("other survivors", SPACES, lambda v: _count(p["space"] for p in v.get("survivors", ())
                                                      if p.get("seat") != v.get("seat"))),
    plane("enemies face up", SPACES, lambda v: _count(e["space"] for e in v.get("enemies", ()) if e.get("face_up"))),
    plane("enemies face down", SPACES, lambda v: _count(e["space"] for e in v.get("enemies", ())
                                                        if not e.get("face_up"))),
    plane("markers", SPACES, lambda v: _count(v.get("markers", ()))),
    vector("seat", 4, lambda v: [1.0 if v.get("seat") == k else 0.0 for k in range(4)]),
    vector("round, actions left", 2, lambda v: [v.get("round", 0) / 20, v.get("actions_left", 0) / 3]),
    vector("health", 4, _seats("health", 12)), vector("radiation", 4, _seats("radiation", 12)),
    vector("kills", 4, _seats("kills", 10)), vector("quests", 4, _seats("quests", 6)),
    vector("influence", 4, _seats("influence", 12)),
    vector("agenda, track", 2, lambda v: [v.get("agenda", {}).get("deck", 0) / 20, v.get("track", 0) / 12]),
])
