"""Saltlands' notation: every verb a decision offers, as a frozen action type.

Hexes are ``q,r``, tiles ``tA,B``, seats ``p1``..``p6`` (held 0-based), cards by
instance name such as ``axe#2``; a card's second action option takes ``/2`` (held as
``option`` 2; the first option is written bare)::

    move 3,-4 [fuel 2]          collect 1,2 by scout        use axe#1 by scout at 2,2
    use map#1 by crew#3 tile t0,-2                          use water#1
    refresh scout               trade p2                    give spear#3 to p2
    ability                     discard fuel#4              end
    use katana#1 by huntress rot 2      an area weapon, its symbol turned 2 sixths (SL §143)
    steal p2                            Theft (SL §146)
    ability water#1                     Prophecy: discard Water for a rumor card (SL §146)

``parse(text)`` is the one way from text to action, ``str(action)`` the one way back
(``core.notation``); no other module splits an action's text.
"""

from __future__ import annotations

from wasteland.core.notation import HEX, INT, SEAT, TILE, Action, Kind, Notation, W, verb


def _read_option(w: str) -> tuple[str, int]:
    name, bar, opt = w.partition("/")
    if not name:
        raise ValueError
    if not bar:
        return name, 1
    n = int(opt)
    if str(n) != opt or n < 2:  # the first option is written bare
        raise ValueError
    return name, n


def _write_option(v: tuple[str, int]) -> str:
    return v[0] if v[1] == 1 else f"{v[0]}/{v[1]}"


#: a card and one of its action options: ``axe#1`` (the first) or ``curved_scythe#1/2``
OPTION = Kind("a card such as axe#1 or curved_scythe#1/2", _read_option, _write_option)


_CARD = W(("card", "option"), OPTION)


def option_text(a: Action) -> str:
    """The card word of an action naming a card's option (``axe#1``, ``curved_scythe#1/2``):
    what a label shows of it (the card, and which option when not the first)."""
    return _write_option((a.card, a.option))


End = verb("end", doc="End the turn (SL §46).")
Ability = verb("ability", W("card", optional=True),
               doc="``ability`` (Lord of Winds, Repair) or ``ability water#1`` (Prophecy, SL §146).")
Top = verb("top", doc="The top option of a rumor card (SL §109).")
Bottom = verb("bottom", doc="The bottom option of a rumor card (SL §109).")
Accept = verb("accept", doc="Take the card another player offers (SL §72).")
Decline = verb("decline", doc="Refuse the card another player offers (SL §72).")
Done = verb("done", doc="End the trade another player asked for (SL §72).")
Pass = verb("pass", doc="Fuel Drain: take no Fuel card (SL §135).")
Join = verb("join", doc="Born Killer's choice: join the streak (SL §146).")
Alone = verb("alone", doc="Born Killer's choice: the attack stands alone (SL §146).")
Character = verb("character", W("character"), doc="The character a player plays (SL §44).")
Enter = verb("enter", W("hex", HEX), doc="The hex where the figure enters the board (SL §45).")
Move = verb("move", W("hex", HEX), W("fuel", INT, kw="fuel", optional=True),
            doc="``move q,r [fuel n]``: the Fuel cards burnt (SL §84).")
Collect = verb("collect", W("hex", HEX), W("crew", kw="by"),
               doc="Collect an adjacent token by a crew member (SL §73).")


class Use(Action, frozen=True):
    """``use card[/n] [by crew] [at q,r | rot k | tile tA,B]`` (SL §65, SL §143)."""

    VERB = "use"
    WORDS = (_CARD, W("crew", kw="by", optional=True), W("at", HEX, kw="at", optional=True),
             W("rot", INT, kw="rot", optional=True), W("tile", TILE, kw="tile", optional=True))
    card: str
    option: int = 1
    crew: str | None = None
    at: str | None = None
    rot: int | None = None
    tile: str | None = None


class Heal(Action, frozen=True):
    VERB = "heal"
    WORDS = (_CARD,)
    card: str
    option: int = 1


class Armor(Action, frozen=True):
    VERB = "armor"
    WORDS = (_CARD,)
    card: str
    option: int = 1


Refresh = verb("refresh", W("crew"), doc="A crew card refreshed.")
Lose = verb("lose", W("crew"), doc="A point of damage taken by a crew card (SL §85).")
Trade = verb("trade", W("seat", SEAT), doc="Start a trade with a player (SL §72).")
Steal = verb("steal", W("seat", SEAT), doc="Theft (SL §146).")
Attack = verb("attack", W("seat", SEAT), doc="The player an activated raider attacks (SL §103).")
Chase = verb("chase", W("seat", SEAT), doc="The player an activated raider moves toward (SL §105).")
Give = verb("give", W("card"), W("to", SEAT, kw="to", optional=True),
            doc="``give card [to pN]``: a trade's gift (SL §72).")
Discard = verb("discard", W("card"), doc="Drop a card (SL §55).")
Replace = verb("replace", W("card"), doc="Discard the slot's card for the new one (SL §54).")
Take = verb("take", W("card"), doc="Fuel Drain: take the uppermost Fuel card of the discard pile (SL §135).")
Place = verb("place", W("card"), doc="Put the new card in its slot (SL §54).")
Yield = verb("yield", W("card"), doc="A Victory card given up to a robbery (SL §122).")
Activate = verb("activate", W("vehicle"), doc="The raider type activated next (SL §100).")
Raider = verb("raider", W("hex", HEX), doc="The raider on that hex moves next (SL §105; lured, SL §142).")
Goto = verb("goto", W("hex", HEX), doc="The end hex of a raider's move (SL §105).")
Spawn = verb("spawn", W("hex", HEX), doc="A free spawn point for the last new raiders of a type (SL §107).")
Orient = verb("orient", W("orientation"), doc="The orientation of a tile explored with Explorer's Luck (SL §152).")


NOTATION = Notation([
    End, Ability, Top, Bottom, Accept, Decline, Done, Pass, Join, Alone, Character, Enter, Move, Collect,
    Use, Heal, Armor, Refresh, Lose, Trade, Steal, Attack, Chase, Give, Discard, Replace, Take, Place, Yield,
    Activate, Raider, Goto, Spawn, Orient,
])
parse = NOTATION.parse
