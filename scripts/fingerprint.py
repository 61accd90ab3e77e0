"""A fingerprint of many seeded random games: decisions, events, states and views.

Run before and after a refactoring that must not change behaviour; the two digests
must match. Seats in views are normalised to 0-based numbers, so a change of how a
view writes a seat ("p1" or 0) does not count as a change of behaviour; nor does the
``"decision": None`` every view carries once a game is over (core.view.view_head: the
same top-level keys in every game's view), which views used to leave out.

    python scripts/fingerprint.py [--games N] [--all] [--no-texts] > digest.json

``--no-texts`` leaves out the English log lines (``describe``): a change of wording, such as
"1 space" for "1 space(s)", is not one of behaviour.

``--all`` adds Warhammer Quest and Fallout (their own digest: the reference digest of the
first two games stays what it was).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys

from wasteland.core.rng import randbelow

SEAT_KEYS = {"seat", "current", "winners"}
_PN = re.compile(r"^p(\d+)$")


def _seat(v):
    if isinstance(v, str) and _PN.match(v):
        return int(v[1:]) - 1
    if isinstance(v, list):
        return [_seat(x) for x in v]
    return v


def normalise_view(view):
    if view.get("decision", 0) is None:
        view = {k: v for k, v in view.items() if k != "decision"}
    return normalise(view)


def normalise(obj):
    if isinstance(obj, dict):
        return {k: (_seat(v) if k in SEAT_KEYS else normalise(v)) for k, v in obj.items()}
    if isinstance(obj, list):
        return [normalise(x) for x in obj]
    return obj


# State keys added since the reference digest, left out so that it still checks that
# nothing else changed: seen_in_hand (Saltlands, the cards that came into a hand in sight
# of all, issue 15 item 10) is bookkeeping for determinization and changes no game.
# raid_routes (Saltlands, SL §146: the tokens one route of a Raid move passes) is new state
# beside raid_hexes, which keeps its meaning; a game it changes shows in the other keys.
# ground (Age of Thirst, the hexes each clan's troops have stood on since the last Eye move)
# is read only by the no-progress draw, which these games (turn_limit, no stall_turns) never play.
NEW_STATE_KEYS = {"seen_in_hand", "raid_routes", "ground"}


def state_json(game, state):
    return {k: v for k, v in game.to_json(state).items() if k not in NEW_STATE_KEYS}


class _Pick:
    def __init__(self, seed: int) -> None:
        self.rng = seed * 2654435761 % (1 << 64)


def play(game, config, seed, h, texts=True):
    state = game.new_game(config, seed)
    pick = _Pick(seed)
    n = 0
    while True:
        d = game.decision(state)
        view = game.view(state, None)
        h.update(json.dumps(normalise_view(view), sort_keys=True).encode())
        if d is None:
            break
        h.update(json.dumps([d.seat, d.kind, list(d.actions), d.rule], sort_keys=True).encode())
        h.update(json.dumps(normalise_view(game.view(state, d.seat)), sort_keys=True).encode())
        action = d.actions[randbelow(pick, len(d.actions))]
        events = game.apply_in_place(state, action)
        h.update(json.dumps(events, sort_keys=True, default=str).encode())
        for e in events:
            h.update(json.dumps(game.event_view(e, None), sort_keys=True, default=str).encode())
            if texts:
                h.update(game.describe(e).encode())
        n += 1
        if n % 25 == 0:
            h.update(json.dumps(state_json(game, state), sort_keys=True).encode())
    h.update(json.dumps(state_json(game, state), sort_keys=True).encode())
    return n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--all", action="store_true", help="Quest and Fallout too")
    ap.add_argument("--no-texts", action="store_true",
                    help="leave out the English log lines: a change of wording is not one of behaviour")
    args = ap.parse_args()
    from wasteland.games import get_game

    cases = []
    sl = get_game("saltlands")
    modes = [(1, "solo"), (2, "classic"), (3, "coop"), (4, "competitive"), (2, "tutorial"), (5, "classic"), (6, "coop")]
    for i in range(args.games):
        players, mode = modes[i % len(modes)]
        cfg = {"players": players, "mode": mode}
        if mode != "tutorial":
            cfg["difficulty"] = ("easy", "normal", "hard")[i % 3]
        if i % 4 == 1:
            cfg["expansion"] = True
            if mode != "tutorial" and i % 8 == 1:
                cfg["variants"] = ["epic", "overkill", "explorers_luck"]
        cases.append((sl, cfg, i))
    aot = get_game("age-of-thirst")
    shapes = [{"players": 2}, {"players": 3, "mode": "blitz"}, {"players": 4, "teams": "2x2"},
              {"players": 5, "teams": "2x3", "mode": "long"}, {"players": 6, "teams": "2x2x2"}]
    for i in range(max(1, args.games // 4)):
        cfg = {**shapes[i % len(shapes)], "turn_limit": 60}
        cases.append((aot, cfg, i))
    if args.all:
        for name, extra in (("quest", ({}, {"round_limit": 30})),
                            ("fallout", ({"fight": "demo"}, {"fight": "table", "turn_limit": 80}))):
            game = get_game(name)
            for i in range(args.games):
                cfg = {"players": 1 + i % 4, **extra[i % 2]}
                cases.append((game, cfg, i))
    out = {}
    total = 0
    for game, cfg, seed in cases:
        h = hashlib.sha256()
        total += play(game, cfg, seed, h, texts=not args.no_texts)
        key = f"{game.name} {json.dumps(cfg, sort_keys=True)} seed {seed}"
        out[key] = h.hexdigest()[:16]
    whole = hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest()
    json.dump({"digest": whole, "games": len(out), "actions": total, "per_game": out}, sys.stdout, indent=1, sort_keys=True)
    print(file=sys.stderr)
    print(f"{len(out)} games, {total} actions, digest {whole[:16]}", file=sys.stderr)


if __name__ == "__main__":
    main()
