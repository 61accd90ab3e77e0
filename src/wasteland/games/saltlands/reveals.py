"""What the rules reveal by chance, as chance points (see ``wasteland.core.chance``).

With the generator answering, each reveal takes the card the shuffled deck has on top,
as it always did. At a table (table mode) the table says what it revealed, among what
can physically be there, and the state is brought in line with it.
"""

from __future__ import annotations

from wasteland.core import chance

from .state import State


def reveal_damage_card(s: State, rtype: str) -> str:
    """SL §100: the top card of the raider type's damage stack (not empty).

    A stack holds one card per round, the current round's on top (SL §30 to SL §33), each
    taken at random from that round's cards. So the table's card is one of the top card's
    round not seen yet: on top of this stack, under the same round in another stack
    (the two are swapped), or left in the box at set-up (it replaces the top card)."""
    from .setup import damage_cards_of_round  # setup imports the engine, which imports this

    stack = s.damage_stacks[rtype]
    cards = s.static.content.damage_cards
    top = stack[-1]
    rnd = cards[top].round
    seen = set(s.damage_discard)
    for shown in s.revealed.values():
        seen.update(shown)
    unseen = [c for c in damage_cards_of_round(s.static, rnd) if c not in seen]
    answer = chance.ask(s, f"damage card of the {rtype}", unseen, "SL §100")
    if answer is None:
        chance.note(top)
    elif answer != top:
        for other in s.damage_stacks.values():
            if answer in other:
                other[other.index(answer)] = top
                break
        stack[-1] = answer
    return stack.pop()
