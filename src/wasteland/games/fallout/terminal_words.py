"""The Fallout round end in the terminal's language: actions, questions and events in the
words of the game's page (``web/i18n/<lang>.json``, as ``web/board.js`` puts them), spaces,
enemies and agenda cards by the game's texts (``texts/<lang>.toml``), and the board's
own panel words. English keeps the engine's wording and the notation."""

from __future__ import annotations

from typing import Any

from wasteland.core.notation import Action
from wasteland.core.page_words import GameWords
from wasteland.core.plural import fill_plurals

from .terminal_help import TEXTS
from .notation import NOTATION

PACKAGE = "wasteland.games.fallout"
#: the engine's English reasons -> the page's key for them (``fo.why.*``)
WHY = {"survivor in its space": "same", "ranged icon, survivor adjacent": "ranged",
       "only survivor that near": "only", "smallest gap between health and radiation": "gap",
       "plays earlier in the next round": "order", "the only space on a shortest route": "route",
       "first player chose among shortest routes": "chose"}

#: The board's panel, status line and legend.
BOARD = {
    "en": {"head": "Round {round} · first player p{first} · influence to win {target}",
           "deck": "Agenda deck {deck} · discard {discard}", "revealed": " · revealed {card}",
           "track": "Scenario track: ", "survivor": " {space}: health {health} radiation {radiation}, {kills} {kills|kill|kills}, "
           "{quests} {quests|quest|quests}, {cards} agenda {cards|card|cards}", "influence": ", influence {n}", "over": "Game over: {reason}",
           "round": "Round {round}", "status": "p{seat} at {space} · health {health} radiation {radiation} · "
           "influence {influence}/{target}",
           "legend": "p1-p4 survivors · ! quest marker · ?Name a face-down enemy · → roads to adjacent spaces. "},
    "ru": {"head": "Раунд {round} · первый игрок p{first} · влияние для победы {target}",
           "deck": "Колода замыслов {deck} · сброс {discard}", "revealed": " · открыта {card}",
           "track": "Счётчик сценария: ", "survivor": " {space}: здоровье {health}, радиация {radiation}, побед {kills}, "
           "заданий {quests}, карт замыслов {cards}", "influence": ", влияние {n}", "over": "Конец игры: {reason}",
           "round": "Раунд {round}", "status": "p{seat} в месте «{space}» · здоровье {health}, радиация {radiation} · "
           "влияние {influence}/{target}",
           "legend": "p1-p4 выжившие · ! жетон задания · ?Имя — враг лицом вниз · → дороги в соседние места. "},
    "uk": {"head": "Раунд {round} · перший гравець p{first} · вплив для перемоги {target}",
           "deck": "Колода задумів {deck} · скид {discard}", "revealed": " · відкрито {card}",
           "track": "Лічильник сценарію: ", "survivor": " {space}: здоров'я {health}, радіація {radiation}, перемог "
           "{kills}, завдань {quests}, карт задумів {cards}", "influence": ", вплив {n}", "over": "Кінець гри: {reason}",
           "round": "Раунд {round}", "status": "p{seat} у місці «{space}» · здоров'я {health}, радіація {radiation} · "
           "вплив {influence}/{target}",
           "legend": "p1-p4 ті, хто вижив · ! жетон завдання · ?Ім'я — ворог лицем униз · → дороги до сусідніх місць. "},
}


class FalloutWords(GameWords):
    PACKAGE = PACKAGE
    NOTATION = NOTATION

    def board(self, key: str, **values: Any) -> str:
        phrase = BOARD.get(self.lang, BOARD["en"])[key]
        return fill_plurals(phrase, values).format(**values)  # "{kills|kill|kills}" (core/plural.py)

    # -- names ---------------------------------------------------------------------
    def space(self, sid: str) -> str:
        return TEXTS.space(sid, self.lang)

    def enemy_type(self, kind: str) -> str:
        return TEXTS.enemy(kind, self.lang)

    def enemy(self, eid: str) -> str:
        kind, _, n = str(eid).partition("#")
        return f"{self.enemy_type(kind)} {n}".strip()

    def card_name(self, cid: str) -> str:
        return TEXTS.word("cards", cid, self.lang)

    def reason(self, text: str) -> str:
        """Why the game ended, in the page's words for it (``fo.end.*``)."""
        return self.page.reason(text, "fo.end.")

    def why(self, text: Any) -> str:
        return self.page.t(f"fo.why.{WHY[text]}") if text in WHY else str(text or "")

    # -- actions, questions, events ----------------------------------------------------
    def action_words(self, a: Action, view: dict[str, Any] | None = None) -> str:
        t = self.page.t
        verb = a.VERB
        if verb == "move":
            return t("fo.act.move", space=self.space(a.space))
        if verb in ("fight", "activate"):
            return t(f"fo.act.{verb}", enemy=self.enemy(a.enemy))
        if verb == "step":
            return t("fo.act.step", enemy=self.enemy(a.enemy), space=self.space(a.space))
        if verb == "return":
            return t("fo.act.return", card=self.card_name(a.card))
        if verb == "result":
            return t("fo.act.result", health=a.health, radiation=a.radiation, end=t(f"fo.ev.{a.fate}"))
        if verb in ("quest", "rest", "end", "resolve", "share", "decline"):
            return t(f"fo.act.{verb}")
        return str(a)


    def prompt(self, decision: Any) -> str:
        return self.page.own_text(f"fo.prompt.{decision.kind}") or decision.prompt

    def event(self, e: dict[str, Any]) -> str | None:
        key = f"fo.ev.{e.get('type')}"
        if self.page.own_text(key) is None:
            return None
        t = self.page.t
        p = dict(e)
        # an enemy's target is a seat (0-based), shown from 1; the set-up's target is influence, shown as it is
        target = e.get("target") if e.get("type") == "setup" else (e.get("target") or 0) + 1
        p.update(seat=(e.get("seat") or 0) + 1, target=target, first=(e.get("first") or 0) + 1,
                 enemy=self.enemy(e["enemy"]) if e.get("enemy") else "",
                 type=self.enemy_type(e["enemy_type"]) if e.get("enemy_type") else "",
                 space=self.space(e["space"]) if e.get("space") else "",
                 card=self.card_name(e["card"]) if e.get("card") else "",
                 icons=", ".join(self.enemy_type(i) for i in e.get("icons") or []),
                 enemies=", ".join(self.enemy(x) for x in e.get("enemies") or []),
                 reason=self.why(e.get("reason")), tie=self.why(e.get("tie_break")), step=self.why(e.get("step")),
                 end=t("fo.ev.defeated" if e.get("defeated") else "fo.ev.stands"))
        p["from"] = self.space(e["from"]) if e.get("from") else ""
        p["to"] = self.space(e["to"]) if e.get("to") else ""
        if e.get("type") == "game_over":
            p["reason"] = self.reason(e.get("reason", ""))
        return t(key, **p)
