"""Saltlands in the terminal's language: actions, questions and events in the words of
the game's page (``web/i18n/<lang>.json``, as ``web/notation.js`` puts them), and
components named by their texts (``texts``), so the terminal, the page and ``help`` say
the same names. English keeps the engine's own wording and the notation."""

from __future__ import annotations

import re
from typing import Any

from wasteland.core.notation import Action
from wasteland.core.page_words import GameWords

from .board import centre_name
from .notation import NOTATION, option_text as _option_text
from .texts import TEXTS

PACKAGE = "wasteland.games.saltlands"
HEX = re.compile(r"^-?\d+,-?\d+$")
TILE_POS = re.compile(r"^t-?\d+,-?\d+$")
DIRS = ("N", "NE", "SE", "S", "SW", "NW")
SEAT_FIELDS = ("seat", "by", "partner")
PRINTED_NUMBER = {"weather": r"w0*(\d+)", "damage_card": r"d(\d+-\d+)", "rumor": r"r(\d+)", "rumor_drawn": r"r(\d+)"}


def humanize(cid: str) -> str:
    s = str(cid).replace("_", " ")
    return s[:1].upper() + s[1:]


class SaltlandsWords(GameWords):
    PACKAGE = PACKAGE
    NOTATION = NOTATION

    # -- names ---------------------------------------------------------------------
    def card(self, card: Any) -> str:
        """``water#1`` -> the card's name, ``flamethrower#1/2`` -> "... (2)"."""
        if card is None:
            return ""
        s = str(card)
        if s == "a card":
            return self.page.t("card.hidden")
        base, _, alt = s.partition("/")
        cid = base.split("#")[0]
        entered = re.fullmatch(r"table-(\d+)", cid)  # a damage card the table entered by its printed values
        if entered and self.page.has("card.table_entered"):
            return self.page.t("card.table_entered", n=entered.group(1))
        name = (TEXTS.name(f"card:{cid}", self.lang) or TEXTS.name(f"character:{cid}", self.lang)
                or (self.page.t(f"card.{cid}") if self.page.has(f"card.{cid}") else humanize(cid)))
        return f"{name} ({alt})" if alt else name

    def character(self, cid: str | None) -> str:
        return (TEXTS.name(f"character:{cid}", self.lang) or humanize(cid)) if cid else ""

    def raider(self, rid: str) -> str:
        return TEXTS.name(f"raider:{rid}", self.lang) or humanize(rid)

    def token(self, token: str) -> str:
        tid = str(token).split("#")[0]
        return self.page.t(f"token.{tid}") if self.page.has(f"token.{tid}") else humanize(tid)

    def tile(self, tid: str) -> str:
        if tid == "compass":
            return self.page.t("tile.compass")
        m = re.match(r"^(start|tile)_0*(\d+)$", str(tid))
        if m:
            return self.page.t("tile.start" if m.group(1) == "start" else "tile.number", n=m.group(2))
        return self.page.t("tile.other")

    def direction(self, d: str) -> str:
        return self.page.t(f"dir.{d}") if self.page.has(f"dir.{d}") else d

    # -- actions ---------------------------------------------------------------------
    def action_words(self, a: Action, view: dict[str, Any] | None = None) -> str:
        t = self.page.t
        verb = a.VERB
        if verb == "move":
            return t("act.move_fuel", hex=a.hex, fuel=a.fuel) if a.fuel else t("act.move", hex=a.hex)
        if verb == "enter":
            return t("act.enter", hex=a.hex)
        if verb == "character":
            return t("act.character", character=self.character(a.character))
        if verb == "use":
            card = self.card(_option_text(a))
            s = t("act.use_by", card=card, crew=self.card(a.crew)) if a.crew else t("act.use", card=card)
            for key, name in (("at", "hex"), ("tile", "tile"), ("rot", "n")):
                value = getattr(a, key)
                if value is not None:
                    if key == "tile":  # a tile by its centre hex, as the map writes it
                        value = self.page.t("tile.facedown_around", hex=centre_name(value))
                    s += " " + t(f"act.{key}", **{name: value})
            return s
        if verb in ("discard", "place", "replace", "take"):
            return t(f"act.{verb}", card=self.card(a.card))
        if verb == "refresh":
            return t("act.refresh", card=self.card(a.crew))
        if verb == "collect":
            return t("act.collect", hex=a.hex, crew=self.card(a.crew))
        if verb in ("trade", "steal", "chase", "attack"):
            return t(f"act.{verb}", seat=self.seat(a.seat))
        if verb == "give":
            if a.to is not None:
                return t("act.give_to", card=self.card(a.card), seat=self.seat(a.to))
            return t("act.give", card=self.card(a.card))
        if verb == "ability":
            return t("act.ability_card", card=self.card(a.card)) if a.card else t("act.ability")
        if verb == "activate":
            return t("act.activate", raider=self.raider(a.vehicle))
        if verb in ("raider", "goto", "spawn"):
            return t(f"act.{verb}", hex=a.hex)
        if verb == "orient":
            return t("act.orient", dir=self.direction(a.orientation))
        if verb in ("armor", "heal"):
            return t(f"act.soak_{verb}", card=self.card(_option_text(a)))
        if verb == "yield":
            return t("act.soak_yield", card=self.card(a.card))
        if verb == "lose":
            return t("act.soak_lose", card=self.card(a.crew))
        if verb in ("end", "pass", "done", "accept", "decline", "top", "bottom", "join", "alone"):
            return t(f"act.{verb}")
        if verb == "chance":
            what = a.outcome
            if self.page.has(f"card.{what}") or TEXTS.name(f"card:{what}", self.lang):
                return self.card(what)
            return self.token(what) if self.page.has(f"token.{what}") else what
        return str(a)

    def group_title(self, verb: str) -> str:
        """The heading of a verb's options: the words its labels begin with."""
        key = {"armor": "act.soak_armor", "heal": "act.soak_heal", "yield": "act.soak_yield",
               "lose": "act.soak_lose", "use": "act.use"}.get(verb, f"act.{verb}")
        return self.page.title(key) if self.page.has(key) else verb

    # -- questions -----------------------------------------------------------------------
    def prompt(self, decision: Any, view: dict[str, Any] | None) -> str:
        view = view or {}
        if decision.kind == "chance":
            chance = view.get("chance") or {}
            key = f"chance.{chance.get('term')}"
            if chance.get("term") and self.page.has(key):
                about = dict(chance.get("about") or {})
                if about.get("raider"):
                    about["raider"] = self.raider(about["raider"])
                if about.get("seat") is not None:
                    about["seat"] = self.seat(int(about["seat"]))
                if TILE_POS.match(str(about.get("at") or "")):
                    # the map writes a face-down tile's centre hex at its centre
                    about["at"] = self.page.t("tile.facedown_around", hex=centre_name(about["at"]))
                return self.page.t(key, **about)
            return decision.prompt
        acting = view.get("acting")
        if acting and decision.kind in ("activation", "lure") and acting.get("stage"):
            key = f"prompt.{decision.kind}.{acting['stage']}"
            if self.page.has(key):
                return self.page.t(key, raider=self.raider(acting["raider"]) if acting.get("raider") else "",
                                   hex=acting.get("hex") or "", n=acting.get("figures", ""))
        key = f"prompt.{decision.kind}"
        return self.page.t(key) if self.page.has(key) else decision.prompt

    # -- events ------------------------------------------------------------------------
    def event(self, e: dict[str, Any]) -> str | None:
        """The event in this language, or None where the page has no template for it."""
        variant = _variant(e)
        params = self._params(e)
        return ((variant and self.page.own_text(f"ev.{e.get('type')}.{variant}", **params))
                or self.page.own_text(f"ev.{e.get('type')}", **params))

    def _params(self, e: dict[str, Any]) -> dict[str, Any]:
        page = self.page
        p = dict(e)
        for f in SEAT_FIELDS:
            if isinstance(e.get(f), int) and not isinstance(e.get(f), bool):
                p[f] = self.seat(e[f])
        if e.get("type") in ("trade", "theft"):
            for f in ("from", "to"):
                if isinstance(e.get(f), int):
                    p[f] = self.seat(e[f])
        for f in ("card", "crew"):
            if isinstance(e.get(f), str):
                p[f] = self.card(e[f])
        printed = re.fullmatch(PRINTED_NUMBER.get(e.get("type"), "$^"), str(e.get("card")))
        if printed:  # a weather, damage or rumor card by the number printed on it ("w04" is weather card 4)
            p["card"] = printed.group(1)
        if e.get("type") == "ability" and isinstance(e.get("ability"), str):
            p["ability"] = TEXTS.name(f"ability:{e['ability']}", self.lang) or humanize(e["ability"])
        if e.get("raider"):
            p["raider"] = self.raider(e["raider"])
        if e.get("character"):
            p["character"] = self.character(e["character"])
        if e.get("token"):
            p["token"] = self.token(e["token"])
        for f in ("source", "cause"):
            if isinstance(e.get(f), str) and TEXTS.name(f"raider:{e[f]}", self.lang):
                p[f] = self.raider(e[f])
        if e.get("damage_type"):
            p["damage_type"] = page.t(f"dt.{e['damage_type']}")
        if isinstance(e.get("wind_dir"), int):
            p["wind_dir"] = page.t(f"dir.{DIRS[e['wind_dir']]}")
        for f in ("direction", "arrow"):
            if isinstance(e.get(f), str):
                p[f] = self.direction(e[f])
        if isinstance(e.get("reason"), str) and page.has(f"reason.{e['reason']}"):
            p["reason"] = page.t(f"reason.{e['reason']}")
        if e.get("type") == "raider_move" and isinstance(e.get("target"), int):
            p["target"] = self.seat(e["target"])
        if isinstance(e.get("hexes"), list):
            p["hexes"] = "; ".join(map(str, e["hexes"]))
        if isinstance(e.get("letters"), str):  # spawn letters, one by one
            p["letters"] = ", ".join(e["letters"])
        if e.get("type") == "lure" and isinstance(e.get("raiders"), str):
            p["raiders"] = self.raider(e["raiders"])
        if isinstance(e.get("scores"), dict):
            p["scores"] = ", ".join(f"{s} {n}" for s, n in e["scores"].items())
        if isinstance(e.get("path"), list):
            p["path"] = " → ".join(map(str, e["path"]))
        if e.get("type") == "rumor" and page.has(f"rumor.option.{e.get('option')}"):
            p["option"] = page.t(f"rumor.option.{e['option']}")
        if isinstance(e.get("marker"), str) and page.has(f"colour.{e['marker']}"):
            p["marker"] = page.t(f"colour.{e['marker']}")
        if isinstance(e.get("tile"), str):  # explore, orient, marker_move: a tile by its name
            p["tile"] = self.tile(e["tile"])
        if e.get("mode"):
            p["mode"] = page.t(f"mode.{e['mode']}")
        if e.get("difficulty"):
            p["difficulty"] = page.t(f"difficulty.{e['difficulty']}")
        if isinstance(e.get("winners"), list):
            p["winners"] = ", ".join(self.seat(w) for w in e["winners"])
        for f in ("how", "why", "effect", "cause", "respawn", "deck", "area"):
            if isinstance(e.get(f), str) and page.own_text(f"word.{e[f]}") is not None:
                p[f] = page.own_text(f"word.{e[f]}")
        return p


def _variant(e: dict[str, Any]) -> str | None:
    kind = e.get("type")
    if kind == "enter":
        return "occupied" if e.get("occupied") else None
    if kind == "move":
        return "fuel" if e.get("fuel") else None
    if kind == "use":
        return "crew" if e.get("crew") else None
    if kind == "refresh":
        return "card" if e.get("card") else None
    if kind in ("attack_raider", "attacked"):
        return "armor" if e.get("armor") else None
    if kind == "respawn":
        return "black" if e.get("black_side") else None
    if kind == "damage_card":
        return "bonus" if e.get("move_bonus") else None
    if kind == "raider_move":
        return "target" if e.get("target") is not None else None
    if kind == "weather":
        return "storm" if e.get("storm") else None
    if kind == "marker_move":
        return None if e.get("tile") else "facedown"
    if kind == "game_over":
        return None if e.get("winners") else "none"
    return None
