""""Decide for us": one fixed, documented answer to each tie the pages leave to the
leader, so that a table can let exploration and deployment run without a tap.

The pages let the leader choose where the rules tie (WQ-38.3, WQ-39.1, WQ-40.4); the
engine asks the leader each time. A table that hands those choices to this policy sees
in the log which of its rules chose (the key returned with the action):

* which gate position the tile lines up with the closed gate (``ties.place``, WQ-38.3)
  and where the new closed gate goes among the furthest (``ties.close``, WQ-38.3): the
  first in compass order, north, east, south, west;
* which of the mystic items equally near a hero a group deploys by (``ties.anchor``,
  WQ-39.1), which enemy of a group takes the last places by it (``ties.beside``,
  WQ-39.1: the one listed first on its encounter card), which zone an enemy takes among the equally good (``ties.deploy``, WQ-39.1)
  and where a hero of Heroic rebirth returns (``ties.rebirth_zone``, WQ-40.4): the zone of
  the tile laid first, then the zone letter first in the alphabet;
* which of the groups equally far from the heroes Moves on Master's will
  (``ties.master``, WQ-40.4): the group in the lowest slot;
* where an enemy Moves among the zones equally near the heroes (``ties.step``, WQ-40.1):
  the zone of the tile laid first, then the zone letter first in the alphabet; and which of
  the heroes equally near it an enemy strikes (``ties.strike``, WQ-40.1): the hero with the
  lowest number.

The heroes' own decisions (their activations, the dice, the hero the leader picks for a
rebirth or an inspiration point, the effect) are never taken for them: ``decide``
returns None.
"""

from __future__ import annotations

from wasteland.core.policy_words import PolicyWords
from wasteland.core.protocol import Decision

from .state import State
from .notation import parse

LANGS = ("en", "ru", "uk")
COMPASS = {"n": 0, "e": 1, "s": 2, "w": 3}
#: The words of each rule of the policy, in every language of the front ends.
POLICY_TEXTS = {
    "ties.place": {
        "en": "the tile lines up its first gate position in compass order: north, east, south, west",
        "ru": "тайл прикладывается первой позицией врат по сторонам света: север, восток, юг, запад",
        "uk": "тайл прикладається першою позицією брами за сторонами світу: північ, схід, південь, захід",
    },
    "ties.close": {
        "en": "the new closed gate goes to the first of the furthest positions in compass order: north, east, south, west",
        "ru": "новые закрытые врата — на первую из самых дальних позиций по сторонам света: север, восток, юг, запад",
        "uk": "нова зачинена брама — на першу з найдальших позицій за сторонами світу: північ, схід, південь, захід",
    },
    "ties.anchor": {
        "en": "the group deploys by the mystic item on the tile laid first, then by zone letter",
        "ru": "группа выставляется у мистического предмета на тайле, выложенном раньше, затем по букве зоны",
        "uk": "група виставляється біля містичного предмета на тайлі, викладеному раніше, далі за літерою зони",
    },
    "ties.deploy": {
        "en": "the enemy takes the zone on the tile laid first, then the zone letter first in the alphabet",
        "ru": "враг занимает зону на тайле, выложенном раньше, затем зону с первой по алфавиту буквой",
        "uk": "ворог займає зону на тайлі, викладеному раніше, далі зону з першою за абеткою літерою",
    },
    "ties.beside": {
        "en": "of the enemies that could take the last places by the item or gate, the one listed first on its encounter card",
        "ru": "из врагов, что могли бы занять последние места у предмета или врат, — тот, что назван на карте столкновения первым",
        "uk": "з ворогів, що могли б зайняти останні місця біля предмета чи брами, — той, що названий на карті сутички першим",
    },
    "ties.rebirth_zone": {
        "en": "the hero returns to the zone on the tile laid first, then the zone letter first in the alphabet",
        "ru": "герой возвращается в зону на тайле, выложенном раньше, затем в зону с первой по алфавиту буквой",
        "uk": "герой повертається до зони на тайлі, викладеному раніше, далі до зони з першою за абеткою літерою",
    },
    "ties.master": {
        "en": "of the groups equally far from the heroes, the group in the lowest slot Moves",
        "ru": "из групп, равно далёких от героев, Движется группа в слоте с меньшим номером",
        "uk": "з груп, однаково далеких від героїв, Рухається група в слоті з меншим номером",
    },
    "ties.step": {
        "en": "the enemy Moves to the zone on the tile laid first, then the zone letter first in the alphabet",
        "ru": "враг Движется в зону на тайле, выложенном раньше, затем в зону с первой по алфавиту буквой",
        "uk": "ворог Рухається до зони на тайлі, викладеному раніше, далі до зони з першою за абеткою літерою",
    },
    "ties.strike": {
        "en": "of the heroes equally near, the enemy strikes the hero with the lowest number",
        "ru": "из героев, равно близких, враг бьёт героя с меньшим номером",
        "uk": "з героїв, однаково близьких, ворог б'є героя з меншим номером",
    },
}
POLICY_KEYS = tuple(POLICY_TEXTS)
_ZONE_KINDS = ("anchor", "deploy", "rebirth_zone", "step")


def decide(s: State, d: Decision) -> tuple[str, str] | None:
    """The policy's action for ``d`` and the key of the rule that chose, or None."""
    if d.kind in ("place", "close"):
        return min(d.actions, key=lambda a: COMPASS.get(parse(a).gate.lower(), 9)), f"ties.{d.kind}"
    if d.kind in _ZONE_KINDS:
        laid = [p[0] for p in s.placements]

        def zone_order(action: str) -> tuple[int, str]:
            tile, _, letter = parse(action).zone.partition(".")
            return (laid.index(tile) if tile in laid else len(laid), letter)

        return min(d.actions, key=zone_order), f"ties.{d.kind}"
    if d.kind == "master":
        def slot(action: str) -> int:
            group = parse(action).group.lstrip("g")
            return int(group) if group.isdecimal() else 99

        return min(d.actions, key=slot), "ties.master"
    if d.kind == "beside":
        return d.actions[0], "ties.beside"  # offered in the card's order (encounters.py)
    if d.kind == "strike":
        return min(d.actions, key=lambda a: parse(a).hero), "ties.strike"
    return None


_WORDS = PolicyWords(POLICY_TEXTS)
policy_text = _WORDS.text
policy_texts = _WORDS.every


__all__ = ["POLICY_KEYS", "decide", "policy_text", "policy_texts"]
