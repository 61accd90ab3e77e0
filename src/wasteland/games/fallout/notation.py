"""Fallout's notation (the end of round, FO-13.1 to FO-13.6): every verb a decision offers, as a
frozen action type. Spaces and enemies by their ids::

    move vault_13           fight raider_2          quest       rest        end
    activate raider_2       step raider_2 junktown  result 4 1 defeated     return agenda_3
    resolve                 share                   decline

``parse(text)`` is the one way from text to action, ``str(action)`` the one way back
(``core.notation``); no other module splits an action's text.
"""

from __future__ import annotations

from wasteland.core.notation import INT, Action, Kind, Notation, W

#: how a fight ends for the survivor (FO-13.3)
FATE = Kind("'stands' or 'defeated'", lambda w: w if w in ("stands", "defeated") else int("x"))


def _bare(verb: str, doc: str) -> type[Action]:
    return type(verb.capitalize(), (Action,), {"__module__": __name__, "VERB": verb, "__doc__": doc}, frozen=True)


End = _bare("end", "End the survivor's turn (the stand-in turn of FO-13.1).")
Rest = _bare("rest", "Rest: regain health (the stand-in turn of FO-13.1).")
Quest = _bare("quest", "Complete the quest of this space: the top agenda card (FO-13.5).")
Resolve = _bare("resolve", "Resolve the written-down position (a scenario's reveal).")
Share = _bare("share", "Share the victory with the survivor at the target (FO-13.5).")
Decline = _bare("decline", "Do not share the victory (FO-13.5).")


class Move(Action, frozen=True):
    VERB = "move"
    WORDS = (W("space"),)
    space: str


class Fight(Action, frozen=True):
    VERB = "fight"
    WORDS = (W("enemy"),)
    enemy: str


class Activate(Action, frozen=True):
    """The enemy that activates next (FO-13.2)."""

    VERB = "activate"
    WORDS = (W("enemy"),)
    enemy: str


class Step(Action, frozen=True):
    """An activated enemy's step to a space."""

    VERB = "step"
    WORDS = (W("enemy"), W("space"))
    enemy: str
    space: str


class Result(Action, frozen=True):
    """A fight's outcome as the table played it: the survivor's health and radiation after
    it, and whether the enemy was defeated (FO-13.3)."""

    VERB = "result"
    WORDS = (W("health", INT), W("radiation", INT), W("fate", FATE))
    health: int
    radiation: int
    fate: str


class Return(Action, frozen=True):
    VERB = "return"
    WORDS = (W("card"),)
    card: str


NOTATION = Notation([End, Rest, Quest, Resolve, Share, Decline, Move, Fight, Activate, Step, Result, Return])
parse = NOTATION.parse
