""""Decide for us": one fixed, documented answer to each choice the round end's page
leaves to the first player, so that a table can let the enemies run without a tap.

The page does not say which of several face-up enemies of a type acts first, nor where
an enemy steps when two spaces are equally on a shortest route; the engine asks the first
player (FO-13.2, FO-13.3 rulings). A table that hands those choices to this policy sees
in the log which of its rules chose (the key returned with the action):

* which enemy of the type acts next (``ties.order``, FO-13.2): the one nearest to a
  survivor, by spaces; equally near, the lowest token number (``ghoul#1`` before
  ``ghoul#2``);
* which of the equally short steps (``ties.step``, FO-13.3): the space nearest to all the
  survivors together (the sum of the distances in spaces); equal sums, the space the map
  lists first.

The survivors' own decisions (their turn, a fight's result, the agenda card to put back)
are never taken for them: ``decide`` returns None.
"""

from __future__ import annotations

from wasteland.core.policy_words import PolicyWords
from wasteland.core.protocol import Decision

from .state import State
from .notation import parse

LANGS = ("en", "ru", "uk")
#: The words of each rule of the policy, in every language of the front ends.
POLICY_TEXTS = {
    "ties.order": {
        "en": "the enemy nearest to a survivor acts first; equally near, the lowest token number",
        "ru": "первым действует враг, ближайший к выжившему; при равенстве — с меньшим номером жетона",
        "uk": "першим діє ворог, найближчий до того, хто вижив; за рівності — з меншим номером жетона",
    },
    "ties.step": {
        "en": "the enemy steps to the space nearest to all the survivors together; equal, the space the map lists first",
        "ru": "враг шагает на место, ближайшее ко всем выжившим вместе; при равенстве — на первое в списке карты",
        "uk": "ворог ступає на місце, найближче до всіх, хто вижив, разом; за рівності — на перше в переліку мапи",
    },
}
POLICY_KEYS = tuple(POLICY_TEXTS)


def _number(enemy: str) -> int:
    _, _, n = enemy.partition("#")
    return int(n) if n.isdecimal() else 0


def decide(s: State, d: Decision) -> tuple[str, str] | None:
    """The policy's action for ``d`` and the key of the rule that chose, or None."""
    g = s.board.graph
    if d.kind == "order":
        def nearest(action: str) -> tuple[int, int]:
            enemy = parse(action).enemy
            here = s.enemies[enemy][1]
            return (g.nearest(here, s.space)[0], _number(enemy))

        return min(d.actions, key=nearest), "ties.order"
    if d.kind == "step":
        order = {name: i for i, name in enumerate(g.names)}

        def together(action: str) -> tuple[int, int]:
            space = parse(action).space
            return (sum(g.distance(space, sp) for sp in s.space), order[space])

        return min(d.actions, key=together), "ties.step"
    return None


_WORDS = PolicyWords(POLICY_TEXTS)
policy_text = _WORDS.text
policy_texts = _WORDS.every


__all__ = ["POLICY_KEYS", "decide", "policy_text", "policy_texts"]
