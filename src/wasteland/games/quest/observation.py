"""The quest's observation tensor (``SPEC.observation``), from the seat's view only.

Planes over every tile's zones (the action space's ``zone`` order): zones on the
battlefield, the seat's hero, the other heroes, enemies (wounds), items. Then vectors: the
seat (one-hot of 4), round, per seat wounds and inspiration, the decks' sizes, the track
position. ``OBSERVATION.layout()`` lists the parts.

``_direct`` writes the same numbers from the state without building the view (the
environments' fast path; their tests hold it equal to the view's numbers): it reads only
what ``game.view`` shows the seat.
"""

from __future__ import annotations

from wasteland.core.observation import ViewObservation, per_seat, plane, vector

from .actions import ACTIONS

ZONES = ACTIONS.domains["zone"]


def _enemies(v):
    out: dict[str, float] = {}
    for e in v.get("enemies", ()):
        if e.get("zone"):
            out[e["zone"]] = out.get(e["zone"], 0.0) + float(e.get("wounds", 1))
    return out


def _direct(s, seat, out) -> None:
    # written number by number through a memoryview of ``out`` (a numpy scalar write costs
    # twice as much, and gathering the numbers for one fancy-index assignment more still)
    at, o = _AT, _OFF
    w = memoryview(out)
    laid = o["zones laid"]
    for z in s.board.capacity:
        i = at.get(z)
        if i is not None:
            w[laid + i] = 1.0
    items = o["items"]
    for z in s.items:
        i = at.get(z)
        if i is not None:
            w[items + i] = 1.0
    own, other, wounds, inspiration = o["own hero"], o["other heroes"], o["wounds"], o["inspiration"]
    for q, h in enumerate(s.heroes):
        if h["zone"]:
            i = at.get(h["zone"])
            if i is not None:
                w[(own if q == seat else other) + i] = 1.0
        if q < 4:
            w[wounds + q] = float(h["wounds"] or 0) / 10
            w[inspiration + q] = float(h["inspiration"] or 0) / 5
    enemies = o["enemies"]
    for m in s.models.values():
        if m["zone"]:
            i = at.get(m["zone"])
            if i is not None:
                w[enemies + i] += float(m["wounds"])  # whole numbers: the float32 sum is exact
    if isinstance(seat, int) and 0 <= seat < 4:
        w[o["seat"] + seat] = 1.0
    w[o["round"]] = s.round / 20
    k = o["decks"]
    w[k], w[k + 1], w[k + 2] = len(s.exploration_deck) / 10, len(s.encounter_deck) / 10, len(s.crisis_deck) / 10
    w[o["track"]] = s.track_pos / 10


def explored(view) -> float:
    """The share of the exploration deck explored: a dense reward's potential. Exploring is
    how the heroes reach the quest symbol's zone, whose holding wins the quest (WQ-38.1: each
    exploration card drawn lays a tile; WQ-40.2: a hero in that zone succeeds)."""
    done = len(view.get("explored") or ())
    left = int((view.get("decks") or {}).get("exploration", 0) or 0)
    return done / (done + left) if done + left else 0.0


OBSERVATION = ViewObservation([
    plane("zones laid", ZONES, lambda v: dict.fromkeys(v.get("board", {}).get("zones", {}), 1.0)),
    plane("own hero", ZONES, lambda v: {p["zone"]: 1.0 for p in v.get("players", ())
                                        if p.get("seat") == v.get("seat") and p.get("zone")}),
    plane("other heroes", ZONES, lambda v: {p["zone"]: 1.0 for p in v.get("players", ())
                                            if p.get("seat") != v.get("seat") and p.get("zone")}),
    plane("enemies", ZONES, _enemies, "the enemies' wounds in the zone"),
    plane("items", ZONES, lambda v: dict.fromkeys(v.get("board", {}).get("items", ()), 1.0)),
    vector("seat", 4, lambda v: [1.0 if v.get("seat") == k else 0.0 for k in range(4)]),
    vector("round", 1, lambda v: [v.get("round", 0) / 20]),
    per_seat("wounds", 4, "wounds", 10), per_seat("inspiration", 4, "inspiration", 5),
    vector("decks", 3, lambda v: [v.get("decks", {}).get(k, 0) / 10 for k in ("exploration", "encounter", "crisis")]),
    vector("track", 1, lambda v: [v.get("track_pos", 0) / 10]),
], rewards={"explored": explored}, direct=_direct)
_OFF = OBSERVATION.offsets()
_AT = {zone: i for i, zone in enumerate(ZONES)}
