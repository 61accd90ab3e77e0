"""What the rules reveal by chance, as chance points (see ``wasteland.core.chance``).

With the generator answering, each reveal takes what the shuffled deck has on top, as it
always did. At a table (table mode) the table says what it revealed, among what can
physically be there, and the state is brought in line with it. Cards and tokens are
named by their kind ("helmet", "loot"): the table cannot tell two helmets apart, and the
uppermost one of the kind is taken.

Three piles hold only part of the box, the rest having gone back to it unseen at set-up:
the damage stacks (SL §31), the face-down tiles (SL §36) and the rumor deck (SL §42). A
card of theirs the table reveals may be anywhere else in the pile (it is swapped with
the engine's guess) or in the box (it replaces the guess, which goes to the box).
"""

from __future__ import annotations

from typing import Any

from wasteland.core import chance
from wasteland.core.protocol import RuleError
from wasteland.core.rng import shuffle
from wasteland.core.state_check import fail

from .board import fmt_pos
from .box import damage_cards_of_round, ordinary_tiles
from .content_tiles import SPAWN_LETTERS
from .schema import DamageCardDef
from .state import State

Events = list[dict[str, Any]]


def _bring_up(pile: list[Any], at: int, answer: Any, elsewhere: list[list[Any]]) -> None:
    """Put ``answer`` at ``pile[at]``: the guess there changes place with it when it is in
    one of ``elsewhere`` (the pile itself included), and goes to the box when it is not."""
    guess = pile[at]
    if answer == guess:
        return
    for other in elsewhere:
        if answer in other:
            other[other.index(answer)] = guess
            break
    pile[at] = answer


#: what a table types for a damage card whose printed values differ from the data
DAMAGE_VALUES = "letters=<spawn letters> damage=<n> type=<normal|ap> move=<n>"
_DAMAGE_KEYS = {"letters", "damage", "type", "move"}


def damage_card_def(s: State, card_id: str) -> DamageCardDef:
    """A damage card of the data, or one a table entered by its printed values."""
    found = s.static.content.damage_cards.get(card_id)
    if found is not None:
        return found
    rnd, letters, damage, damage_type, move = s.custom_damage[card_id]
    return DamageCardDef(id=card_id, round=rnd, letters=letters, damage=damage, damage_type=damage_type,
                         move_bonus=move, source="chosen")


def parse_damage_values(text: str) -> tuple[str, int, str, int]:
    """(letters, damage, damage type, move bonus) from ``DAMAGE_VALUES``: letters from
    ABCMH (SL §18), the attack (SL §100), or "+n movement instead of damage" (SL §106)."""
    values: dict[str, str] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq or key not in _DAMAGE_KEYS or key in values:
            raise RuleError("SL §100", f"damage card values: {word!r} is not one of {DAMAGE_VALUES}")
        values[key] = value
    letters = values.get("letters", "")
    if not letters or any(ch not in SPAWN_LETTERS for ch in letters) or len(set(letters)) != len(letters):
        raise RuleError("SL §18", f"damage card values: letters {letters!r} must be distinct spawn letters from "
                        f"{SPAWN_LETTERS!r}")
    numbers = {}
    for key in ("damage", "move"):
        raw = values.get(key, "0")
        if not raw.isdecimal() or int(raw) > 9:
            raise RuleError("SL §100", f"damage card values: {key} {raw!r} must be a number from 0 to 9")
        numbers[key] = int(raw)
    damage_type = values.get("type", "normal")
    if damage_type not in ("normal", "ap"):
        raise RuleError("SL §100", f"damage card values: type {damage_type!r} must be normal or ap")
    if numbers["damage"] and numbers["move"]:
        raise RuleError("SL §106", "damage card values: a card shows an attack or +n movement instead, not both")
    return letters, numbers["damage"], damage_type, numbers["move"]


def check_custom_damage(s: State) -> dict[str, DamageCardDef]:
    """The loaded table of entered damage cards, checked (a StateError names the entry)."""
    out = {}
    for card_id, entry in s.custom_damage.items():
        where = f"custom_damage.{card_id}"
        if card_id in s.static.content.damage_cards or type(entry) is not list or len(entry) != 5:
            fail(where, "must be a new id with [round, letters, damage, damage type, move bonus]")
        rnd, letters, damage, damage_type, move = entry
        if type(rnd) is not int or not 1 <= rnd <= 7 or type(damage) is not int or type(move) is not int:
            fail(where, "round, damage and move bonus must be numbers")
        try:
            parse_damage_values(f"letters={letters} damage={damage} type={damage_type} move={move}")
        except RuleError as exc:
            fail(where, exc.message)
        out[card_id] = damage_card_def(s, card_id)
    return out


def _enter_damage_card(s: State, rnd: int, values: str) -> str:
    """A damage card of round ``rnd`` the table entered by its values: kept in the state."""
    letters, damage, damage_type, move = parse_damage_values(values)
    card_id = f"table-{len(s.custom_damage) + 1}"
    s.custom_damage = {**s.custom_damage, card_id: [rnd, letters, damage, damage_type, move]}
    return card_id


def reveal_damage_card(s: State, rtype: str) -> str:
    """SL §100: the top card of the raider type's damage stack (not empty).

    A stack holds one card per round, the current round's on top (SL §31), each taken at
    random from that round's cards. So the table's card is one of the top card's round
    not seen yet: on top of this stack, under the same round in another stack, or left in
    the box at set-up. Or, the data's cards not being the owner's, the table enters the
    card's printed values (``chance custom letters=AB damage=2``)."""

    stack = s.damage_stacks[rtype]
    top = stack[-1]
    if not chance.answering(s):  # the generator's card: the top one, no list of the others to offer
        chance.note(top)
        return stack.pop()
    rnd = s.static.content.damage_cards[top].round
    seen = set(s.damage_discard)
    for shown in s.revealed.values():
        seen.update(shown)
    unseen = [c for c in damage_cards_of_round(s.static, rnd) if c not in seen]
    answer = chance.ask(s, f"damage card of the {rtype}", unseen, "SL §100", DAMAGE_VALUES,
                        term="damage_card", about=(("raider", rtype),))
    if answer is None:
        chance.note(top)
    elif answer.startswith(chance.CUSTOM + " "):
        # A card of this round whose print differs from the data: it stands for the top
        # card, which goes to the box.
        stack[-1] = _enter_damage_card(s, rnd, answer[len(chance.CUSTOM) + 1:])
    else:
        _bring_up(stack, len(stack) - 1, answer, list(s.damage_stacks.values()))
    return stack.pop()


def reveal_tile(s: State, pos: int) -> None:
    """SL §110: the face-down tile at ``pos`` is turned up: which tile it is, among the
    ordinary tiles not face up (SL §36: laid at random, the rest in the box)."""

    shown = {t for t, up in zip(s.tiles, s.face_up) if up}
    unseen = [t for t in ordinary_tiles(s.static) if t not in shown]
    where = fmt_pos(s.static.geo.positions[pos])
    answer = chance.ask(s, f"tile explored at {where}", unseen, "SL §110", term="tile", about=(("at", where),))
    if answer is None:
        chance.note(s.tiles[pos])
        return
    hidden = [i for i, up in enumerate(s.face_up) if not up and i != pos]
    elsewhere = [t for i, t in enumerate(s.tiles) if i in hidden]
    if answer in elsewhere:
        other = hidden[elsewhere.index(answer)]
        s.tiles[other] = s.tiles[pos]
    s.tiles[pos] = answer
    s.invalidate_terrain()


def draw_rumor(s: State) -> str:
    """SL §109: the top rumor card (the deck is not empty). The deck was dealt from all
    rumor cards (SL §42), so the table's card is any not played nor being played."""
    deck = s.rumor_deck
    out = set(s.rumors_played) | {f["card"] for f in s.stack if f.get("kind") == "rumor"}
    unseen = [r for r in s.static.content.rumors if r not in out]
    answer = chance.ask(s, "rumor card", unseen, "SL §109", term="rumor")
    if answer is None:
        chance.note(deck[-1])
    else:
        _bring_up(deck, len(deck) - 1, answer, [deck])
    return deck.pop()


def draw_weather(s: State) -> str:
    """SL §49: the top weather card (the deck is not empty)."""
    return chance.draw(s, s.weather_deck, "weather card", "SL §49", term="weather")


def token_face(token: Any) -> str:
    """A token as its face shows it (SL §74 to SL §77): its kind, a Victory token's colour
    (the back's START or large-area mark, SL §37, is not seen once it lies face up)."""
    return f"victory_{token.colour}" if token.kind == "victory" else token.kind


def draw_token(s: State, hex_name: str) -> int:
    """SL §110: a random token from the pool (not empty) for the wreck at ``hex_name``."""
    tokens = s.static.catalog.tokens
    return chance.draw(s, s.token_pool, f"token for the wreck at {hex_name}", "SL §110",
                       lambda t: token_face(tokens[t]), term="token", about=(("hex", hex_name),))


def draw_mirage(s: State, events: Events) -> int | None:
    """SL §57: the top Mirage card; an empty deck is first rebuilt from the whole discard
    pile and shuffled (SL §56). None when there is nothing to draw."""
    # Ruling SL §56: the discard pile becomes the new Mirage deck when a card must be drawn
    # from the empty deck (as the weather deck's, SL §50), so a card discarded after the
    # last draw is still in the pile, for the Bag of Herbs or a search (SL §58), until then.
    if not s.mirage:
        if not s.discard:
            return None
        events.append({"type": "reshuffle", "deck": "mirage", "cards": len(s.discard)})
        s.mirage.extend(s.discard)
        s.discard.clear()
        shuffle(s, s.mirage)
    cards = s.static.catalog.cards
    return chance.draw(s, s.mirage, "Mirage card", "SL §57", lambda c: cards[c].id, term="mirage")


def draw_raider_card(s: State) -> int:
    """SL §99: the top card of the Raider deck (not empty)."""
    cards = s.static.catalog.cards
    return chance.draw(s, s.raider_deck, "Raider card", "SL §99", lambda c: cards[c].id, term="raider_card")


def steal_card(s: State, victim: Any) -> int:
    """SL §146 Theft: a card at random from the victim's hand (not empty)."""
    cards = s.static.catalog.cards
    return chance.pick(s, victim.hand, f"card taken from p{victim.seat + 1}'s hand", "SL §146",
                       lambda c: cards[c].id, term="theft", about=(("seat", str(victim.seat)),))
