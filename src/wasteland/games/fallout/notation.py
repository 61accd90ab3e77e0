"""Fallout's notation (the end of round, FO-13.1 to FO-13.6): every verb a decision offers, as a
frozen action type. Spaces and enemies by their ids::

    move vault_13           fight raider_2          quest       rest        end
    activate raider_2       step raider_2 junktown  result 4 1 defeated     return agenda_3
    resolve                 share                   decline

``parse(text)`` is the one way from text to action, ``str(action)`` the one way back
(``core.notation``); no other module splits an action's text.
"""

from __future__ import annotations

from wasteland.core.notation import INT, Kind, Notation, W, verb

#: how a fight ends for the survivor (FO-13.3)
FATE = Kind("'stands' or 'defeated'", lambda w: w if w in ("stands", "defeated") else int("x"))


End = verb("end", doc="End the survivor's turn (the stand-in turn of FO-13.1).")
Rest = verb("rest", doc="Rest: regain health (the stand-in turn of FO-13.1).")
Quest = verb("quest", doc="Complete the quest of this space: the top agenda card (FO-13.5).")
Resolve = verb("resolve", doc="Resolve the written-down position (a scenario's reveal).")
Share = verb("share", doc="Share the victory with the survivor at the target (FO-13.5).")
Decline = verb("decline", doc="Do not share the victory (FO-13.5).")
Move = verb("move", W("space"), doc="A survivor's move to an adjacent space (the stand-in turn of FO-13.1).")
Fight = verb("fight", W("enemy"), doc="A fight with a face-up enemy in the survivor's space (FO-13.1).")
Activate = verb("activate", W("enemy"), doc="The enemy that activates next (FO-13.2).")
Step = verb("step", W("enemy"), W("space"), doc="An activated enemy's step to a space (FO-13.3).")
Result = verb("result", W("health", INT), W("radiation", INT), W("fate", FATE),
              doc="A fight's outcome as the table played it: the survivor's health and radiation after it, "
                  "and whether the enemy was defeated (FO-13.3).")
Return = verb("return", W("card"), doc="An agenda card given back into the agenda deck (FO-13.5).")


NOTATION = Notation([End, Rest, Quest, Resolve, Share, Decline, Move, Fight, Activate, Step, Result, Return])
parse = NOTATION.parse
