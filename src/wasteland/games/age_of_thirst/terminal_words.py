"""Age of Thirst in the terminal's language: actions, questions and events in the words
of the game's page (``web/i18n/<lang>.json``, as ``web/board.js`` puts them), cards by
their component texts (``texts``). English keeps the engine's wording and the notation."""

from __future__ import annotations

from typing import Any

from wasteland.core.notation import Action
from wasteland.core.page_words import GameWords

from .texts import TEXTS
from .notation import NOTATION

PACKAGE = "wasteland.games.age_of_thirst"
KINDS = ("skinny", "handsome", "smart", "hedge")
COLOURS = ("black", "red", "yellow", "white", "blue", "violet")
CARD_KINDS = ("source", "bunker", "tower")


class AgeOfThirstWords(GameWords):
    PACKAGE = PACKAGE
    NOTATION = NOTATION

    # -- names ---------------------------------------------------------------------
    def kind(self, kind: str) -> str:
        return self.page.t(f"aot.kind.{kind}") if kind in KINDS else kind

    def colour(self, colour: str) -> str:
        return self.page.t(f"aot.colour.{colour}") if colour in COLOURS else str(colour)

    def card(self, card: str) -> str:
        for kind in CARD_KINDS:
            name = TEXTS.name(f"{kind}:{card}", self.lang)
            if name is not None:
                return name
        return card

    # -- actions ---------------------------------------------------------------------
    def action_words(self, a: Action, view: dict[str, Any] | None = None) -> str:
        t = self.page.t
        verb = a.VERB
        if verb == "first":
            return t("aot.act.first", colour=self.colour(a.colour))
        if verb in ("place", "buy"):
            return t(f"aot.act.{verb}", kind=self.kind(a.kind), hex=a.hex)
        if verb in ("move", "attack"):
            return t(f"aot.act.{verb}", **{"from": a.origin, "to": a.hex})
        if verb in ("flip", "grow"):
            return t(f"aot.act.{verb}", hex=a.hex)
        if verb == "end":
            return t("aot.act.end")
        if verb == "upgrade":
            return t("aot.act.upgrade", kind=self.kind(a.kind))
        if verb in ("inject", "take", "market"):
            return t(f"aot.act.{verb}", card=self.card(a.card), kind=self.kind(a.kind))
        if verb == "discard":
            return t("aot.act.discard", card=self.card(a.card))
        if verb == "play":
            return t("aot.act.play", card=self.card(a.card), target=self.colour(a.target))
        return str(a)


    def prompt(self, decision: Any) -> str:
        key = f"aot.prompt.{decision.kind}"
        return self.page.t(key) if self.page.has(key) else decision.prompt

    # -- events ------------------------------------------------------------------------
    def event(self, e: dict[str, Any]) -> str | None:
        key = f"aot.ev.{e.get('type')}"
        if self.page.own_text(key) is None:
            return None
        t = self.page.t
        p = dict(e)
        for f in ("seat", "owner"):
            if isinstance(e.get(f), int):
                p[f] = self.seat(e[f])
        if isinstance(e.get("kind"), str):
            p["kind"] = self.kind(e["kind"])
        if isinstance(e.get("cause"), str):
            p["cause"] = (t("aot.ev.cause_kind", kind=self.kind(e["cause"])) if e["cause"] in KINDS
                          else t("aot.ev.cause_card", card=self.card(e["cause"])))
        if isinstance(e.get("colour"), str):
            p["colour"] = self.colour(e["colour"])
        if isinstance(e.get("colours"), list):
            p["colours"] = (" → " if e.get("type") == "order" else ", ").join(self.colour(c) for c in e["colours"])
        if isinstance(e.get("cards"), list):
            p["cards"] = ", ".join(self.card(c) for c in e["cards"])
        if isinstance(e.get("card"), str):
            p["card"] = self.card(e["card"])
        if isinstance(e.get("target"), str):
            p["target"] = self.colour(e["target"])
        if isinstance(e.get("deck"), str) and self.page.has(f"aot.{e['deck']}"):
            p["deck"] = t(f"aot.{e['deck']}")
        if isinstance(e.get("mode"), str) and self.page.has(f"option.mode.{e['mode']}"):
            p["mode"] = t(f"option.mode.{e['mode']}")
        if e.get("type") == "water":
            if not e.get("cards"):
                p["cards"] = t("aot.ev.water_none")
            p["pumps"] = t("aot.ev.water_pumps", n=e["pumps"]) if e.get("pumps") else ""
            p["factor"] = t("aot.ev.water_factor", n=e["factor"]) if (e.get("factor") or 1) > 1 else ""
        if e.get("type") == "setup":
            p["teams"] = t("aot.ev.setup_teams", teams=e["teams"]) if e.get("teams") else ""
        if e.get("type") == "game_over" and isinstance(e.get("reason"), str):
            p["reason"] = self.reason(e["reason"])
        return t(key, **p)

    def reason(self, reason: str) -> str:
        """Why the game ended, in the page's words for it (``aot.end.*``)."""
        def value(name: str, text: str) -> str:
            if name == "team":
                return "-".join(self.colour(c) for c in text.split("-"))
            return self.colour(text) if name == "colour" else text

        return self.page.reason(reason, "aot.end.", value)
