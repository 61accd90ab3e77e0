"""The Fallout round end's observation tensor (``SPEC.observation``), from the seat's view.

Planes over the map's spaces (the action space's ``space`` order): the seat's survivor,
the other survivors, enemies face up, enemies face down, markers. Then vectors: the seat
(one-hot of 4), round, actions left, per seat health, radiation, kills, quests and
influence, the agenda deck's size, the track. ``OBSERVATION.layout()`` lists the parts.

``_direct`` writes the same numbers from the state without building the view (the
environments' fast path; their tests hold it equal to the view's numbers): it reads only
what ``game.view`` shows the seat.
"""

from __future__ import annotations

from types import SimpleNamespace

from wasteland.core.observation import ViewObservation, per_seat, plane, vector

from .actions import ACTIONS
from .influence import influence

SPACES = ACTIONS.domains["space"]


def _count(items):
    out: dict[str, float] = {}
    for s in items:
        out[s] = out.get(s, 0.0) + 1
    return out


def _direct(s, seat, out) -> None:
    # written number by number through a memoryview of ``out`` (a numpy scalar write costs
    # twice as much, and gathering the numbers for one fancy-index assignment more still);
    # the features' offsets are the module's constants (``_O``), not looked up by name
    at, o = _AT, _O
    w = memoryview(out)
    seats = range(len(s.space))  # ``s.players``, without building its list
    space = s.space
    for q in seats:
        i = at.get(space[q])
        if i is not None:
            w[(o.own if q == seat else o.other) + i] += 1.0
    up, down = o.up, o.down
    for _t, where, face_up in s.enemies.values():
        i = at.get(where)
        if i is not None:
            w[(up if face_up else down) + i] += 1.0
    markers = o.markers
    for where in s.markers:
        i = at.get(where)
        if i is not None:
            w[markers + i] += 1.0
    if isinstance(seat, int) and 0 <= seat < 4:
        w[o.seat + seat] = 1.0
    k = o.round
    w[k], w[k + 1] = s.round / 20, s.actions_left / 3
    health, radiation, kills, quests, shown = o.health, o.radiation, o.kills, o.quests, o.influence
    for q in seats:
        w[health + q] = float(s.health[q] or 0) / 12
        w[radiation + q] = float(s.radiation[q] or 0) / 12
        w[kills + q] = float(s.kills[q] or 0) / 10
        w[quests + q] = float(s.quests[q] or 0) / 6
        if q == seat or (s.over and q in s.winners):  # the view shows these seats' influence
            w[shown + q] = float(influence(s, q) or 0) / 12
    k = o.agenda
    w[k], w[k + 1] = len(s.deck) / 20, s.content.track.length / 12


def influence_progress(view) -> float:
    """The seat's influence as a share of the target (FO-13.5: the game is won the moment it
    reaches the target), capped at 1: a dense reward's potential."""
    target = float(view.get("target") or 0)
    me = next((p for p in view.get("survivors", ()) if p.get("seat") == view.get("seat")), {})
    return min(1.0, float(me.get("influence", 0) or 0) / target) if target else 0.0


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
    per_seat("health", 4, "health", 12, "survivors"), per_seat("radiation", 4, "radiation", 12, "survivors"),
    per_seat("kills", 4, "kills", 10, "survivors"), per_seat("quests", 4, "quests", 6, "survivors"),
    per_seat("influence", 4, "influence", 12, "survivors"),
    vector("agenda, track", 2, lambda v: [v.get("agenda", {}).get("deck", 0) / 20, v.get("track", 0) / 12]),
], rewards={"influence": influence_progress}, direct=_direct)
_OFF = OBSERVATION.offsets()
_AT = {space: i for i, space in enumerate(SPACES)}
_O = SimpleNamespace(own=_OFF["own survivor"], other=_OFF["other survivors"], up=_OFF["enemies face up"],
                     down=_OFF["enemies face down"], markers=_OFF["markers"], seat=_OFF["seat"],
                     round=_OFF["round, actions left"], health=_OFF["health"], radiation=_OFF["radiation"],
                     kills=_OFF["kills"], quests=_OFF["quests"], influence=_OFF["influence"],
                     agenda=_OFF["agenda, track"])
