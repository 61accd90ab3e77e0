""""Decide ties for me": one fixed, documented answer to each choice the rulebook leaves
to the current player while raiders act, so an enemy turn needs no clicks.

The rulebook gives the current player every choice of a raider activation (SL §100 to
SL §107) and of a lure (SL §142); none of them is a silent default in the engine. A
player who switches "decide ties for me" on hands those choices to this policy, and the
front end says in the log which rule of the policy made each choice (the key returned
with the action; its words are the game's browser texts, ``policy_text`` reads them).

The policy, by choice:

* which raider type (SL §100): the type with the fewest raiders on the board, so the
  fewest move and attack; equal counts in the order the rulebook lists the types (SL §97);
* which raider first (the current player orders them, SL §105): reading order on the board,
  top row first, left to right;
* which of the equally near players a raider chases (SL §105) and which adjacent player it
  attacks (SL §103): the next player in turn order after the current player, the current
  player last, as in the rulebook's example where the current player sends a Speedster to
  another player (SL §106);
* which of the equally good end hexes (SL §106): reading order;
* where scarce spawn figures go (SL §107): the free spawn point farthest from the nearest
  player, as the rulebook's example does; equal distances in reading order.

Other decisions (the player's own turn, soaking damage, rumors, Born Killer's adding up of
her attacks, SL §146...) are never taken for a player: ``decide`` returns None for them.
"""

from __future__ import annotations

import functools
from importlib import resources
import json

from wasteland.core import hexgrid
from wasteland.core.protocol import Decision

from .notation import Activate, parse
from .state import State

#: The keys of the policy's rules; their words, in every language of the front ends, are
#: the game's browser texts (web/i18n/<lang>.json), read here for the other front ends.
POLICY_KEYS = ("ties.activate", "ties.raider", "ties.chase", "ties.attack", "ties.goto", "ties.spawn")
LANGS = ("en", "ru", "uk")


@functools.cache
def _texts(lang: str) -> dict[str, str]:
    folder = resources.files("wasteland.games.saltlands").joinpath("web", "i18n")
    strings = json.loads(folder.joinpath(f"{lang}.json").read_text(encoding="utf-8"))
    return {key: strings[key] for key in POLICY_KEYS if key in strings}


def policy_texts() -> dict[str, dict[str, str]]:
    """Every key of the policy with its words by language."""
    return {key: {lang: _texts(lang).get(key, "") for lang in LANGS} for key in POLICY_KEYS}


_KINDS = ("activation", "lure")


def _reading_key(s: State, name: str) -> tuple[int, int]:
    """Top row first, left to right, on flat-topped hexes (screen y grows with 2r + q)."""
    q, r = s.static.geo.coords[s.static.geo.by_name[name]]
    return (2 * r + q, q)


def _turn_order_key(s: State, seat: int) -> int:
    """The next player after the current one first, the current player last."""
    n = len(s.players)
    return (seat - s.current - 1) % n


def _nearest_player(s: State, h: int) -> int:
    geo = s.static.geo
    spots = [p.hex for p in s.players if p.hex is not None and p.status == "active"]
    if not spots:
        return 0
    return min(hexgrid.distance(geo.coords[h], geo.coords[x]) for x in spots)


def decide(state: State, decision: Decision) -> tuple[str, str] | None:
    """The policy's action for a tie of the raiders' turn and the key of the rule of the
    policy that chose it, or None when the decision is not one the policy takes."""
    if decision.kind not in _KINDS or not decision.actions:
        return None
    s = state
    parsed = [parse(a) for a in decision.actions]
    verb = parsed[0].VERB
    if any(x.VERB != verb for x in parsed):
        return None
    if verb == "activate":
        args = [x.vehicle for x in parsed]
        counts = {t: 0 for t in args}
        for rtype, _h, _crew in s.raiders.values():
            if rtype in counts:
                counts[rtype] += 1
        order = list(s.static.rules.raider_types)
        best = min(args, key=lambda t: (counts[t], order.index(t) if t in order else len(order)))
        return Activate.text(best), "ties.activate"
    if verb in ("raider", "goto"):
        pick = min(parsed, key=lambda x: _reading_key(s, x.hex))
        return str(pick), f"ties.{verb}"
    if verb in ("chase", "attack"):
        pick = min(parsed, key=lambda x: _turn_order_key(s, x.seat))
        return str(pick), f"ties.{verb}"
    if verb == "spawn":
        geo = s.static.geo
        pick = min(parsed, key=lambda x: (-_nearest_player(s, geo.by_name[x.hex]), _reading_key(s, x.hex)))
        return str(pick), "ties.spawn"
    return None


def policy_text(key: str, lang: str = "en") -> str:
    """The words of one rule of the policy (English when the language is unknown)."""
    return (_texts(lang).get(key) if lang in LANGS else None) or _texts("en").get(key) or key


__all__ = ["POLICY_KEYS", "decide", "policy_text", "policy_texts"]
