"""The quest in the terminal's language: actions, questions and events in the words of
the game's page (``web/i18n/<lang>.json``, as ``web/board.js`` puts them), and the
board's panel words. English keeps the engine's wording and the notation."""

from __future__ import annotations

import re
from typing import Any

from wasteland.core.notation import Action
from wasteland.core.page_words import GameWords

from .notation import NOTATION

PACKAGE = "wasteland.games.quest"
#: an enemy model's id, "g1.2": group 1's second model (WQ-39.1)
MODEL = re.compile(r"\bg(\d+)\.(\d+)\b")


def model_tag(model: str) -> str:
    """An enemy model as the page tags it ("№1.2"), never by its id ("g1.2")."""
    return MODEL.sub(lambda m: f"№{m.group(1)}.{m.group(2)}", str(model))


def tags_in(text: str) -> str:
    """Every model id inside an engine's sentence ("g2.1's weapon") as its tag."""
    return MODEL.sub(lambda m: f"№{m.group(1)}.{m.group(2)}", text)
#: the engine's English deployment reasons -> the page's key (``wq.why.*``)
WHY = (("adjacent to an enemy that is adjacent to the", "next_to_guard"), ("with a small enemy of its group", "with_small"),
       ("adjacent to the", "adjacent"), ("the nearest zone with room", "nearest"))

#: The board's panel, status line and legend.
BOARD = {
    "en": {"head": "Round {round} · {phase}", "dusk": "dusk  {track}",
           "destiny": "destiny dice: rolled {rolled}, airship {airship}, spent {spent}",
           "denied": " · denied next round", "return": " · return after next roll", "out": "out of action",
           "hero": "hero {n} {name:<9} {zone:<14} {wounds}/{vitality}  dice {dice}", "inspiration": "  inspiration {n}",
           "track": "track ", "slots": "slots {slots}", "enemy": "  {model:<6} {enemy:<9} {zone:<14} wounds {wounds}",
           "stunned": "stunned group",
           "decks": "decks: exploration {exploration}, encounter {encounter}, crisis {crisis}; withdrawn {withdrawn}",
           "rolled": "rolled: ", "status": "hero {n} {name}: {zone}, {wounds}/{vitality} wounds, dice {dice}, "
           "destiny {destiny}", "legend": "1-4 heroes · G3 three ghouls (initials) · * mystic item · Q quest symbol · "
           "▓ closed gate · † lychgate · gat.a Gatehouse, zone a"},
    "ru": {"head": "Раунд {round} · {phase}", "dusk": "сумерки  {track}",
           "destiny": "кубики судьбы: брошены {rolled}, на корабле {airship}, потрачены {spent}",
           "denied": " · в следующем раунде отвергнуты", "return": " · вернутся после броска", "out": "выбыл",
           "hero": "герой {n} {name:<9} {zone:<14} {wounds}/{vitality}  кубики {dice}", "inspiration": "  вдохновение {n}",
           "track": "трек ", "slots": "ячейки {slots}", "enemy": "  {model:<6} {enemy:<9} {zone:<14} ран {wounds}",
           "stunned": "группа потрясена",
           "decks": "колоды: разведка {exploration}, схватки {encounter}, кризисы {crisis}; отведены {withdrawn}",
           "rolled": "выброшено: ", "status": "герой {n} {name}: {zone}, ран {wounds}/{vitality}, кубики {dice}, "
           "судьба {destiny}", "legend": "1-4 герои · У3 три упыря (по первой букве) · * мистический предмет · "
           "Q символ задания · ▓ закрытые врата · † личворота · При.a Привратная башня, зона a"},
    "uk": {"head": "Раунд {round} · {phase}", "dusk": "сутінки  {track}",
           "destiny": "кубики долі: кинуто {rolled}, на кораблі {airship}, витрачено {spent}",
           "denied": " · наступного раунду відкинуті", "return": " · повернуться після кидка", "out": "вибув",
           "hero": "герой {n} {name:<9} {zone:<14} {wounds}/{vitality}  кубики {dice}", "inspiration": "  натхнення {n}",
           "track": "трек ", "slots": "комірки {slots}", "enemy": "  {model:<6} {enemy:<9} {zone:<14} ран {wounds}",
           "stunned": "групу приголомшено",
           "decks": "колоди: розвідка {exploration}, сутички {encounter}, кризи {crisis}; відведено {withdrawn}",
           "rolled": "викинуто: ", "status": "герой {n} {name}: {zone}, ран {wounds}/{vitality}, кубики {dice}, "
           "доля {destiny}", "legend": "1-4 герої · У3 три упирі (за першою літерою) · * містичний предмет · "
           "Q символ завдання · ▓ закрита брама · † лічбрама · Над.a Надбрамна вежа, зона a"},
}


#: The words of a roll's label in the panel's "rolled" line ("hero 1 activation", "g1.1 weapon").
ROLL_WORDS = {
    "ru": {"destiny": "судьба", "hero": "герой", "activation": "активация", "weapon": "оружие", "event": "событие",
           "events": "события", "crisis": "кризис"},
    "uk": {"destiny": "доля", "hero": "герой", "activation": "активація", "weapon": "зброя", "event": "подія",
           "events": "події", "crisis": "криза"},
}


class QuestWords(GameWords):
    PACKAGE = PACKAGE
    NOTATION = NOTATION

    def board(self, key: str, **values: Any) -> str:
        return BOARD.get(self.lang, BOARD["en"])[key].format(**values)

    def known(self, key: str, fallback: str) -> str:
        return self.page.t(key) if self.page.has(key) else fallback

    # -- names ---------------------------------------------------------------------
    def tile(self, tid: str) -> str:
        return self.known(f"wq.tile.{tid}", tid)

    def zone(self, zone: str | None) -> str:
        if not zone:
            return self.page.t("wq.out")
        tile, _, z = zone.partition(".")
        return f"{self.tile(tile)} {z}".strip()

    def zone_label(self, zone: str) -> str:
        """A zone as the map's small label writes it: three letters of its tile, its letter."""
        tile, _, z = zone.partition(".")
        return f"{self.tile(tile)[:3]}.{z}"

    def enemy(self, kind: str) -> str:
        return self.known(f"wq.enemy.{kind}", kind)

    def model(self, model: str, view: dict[str, Any] | None = None) -> str:
        """A model with its kind where the view shows it ("Ghoul №1.2"), as the page names it."""
        kind = next((e["enemy"] for e in (view or {}).get("enemies") or [] if e.get("model") == model), None)
        return f"{self.enemy(kind)} {model_tag(model)}" if kind else model_tag(model)

    def track_entry(self, entry: str) -> str:
        """A place on the battle track (WQ-40.2): "h2" is hero 2's activation, "g1" group 1's."""
        entry = str(entry)
        if entry[:1] == "h":
            return self.page.t("wq.hero_n", seat=entry[1:])
        if entry[:1] == "g":
            return self.page.t("wq.group_n", group=entry[1:])
        return entry

    def track(self, entries: Any) -> str:
        return " → ".join(self.track_entry(x) for x in entries or [])

    def initial(self, kind: str) -> str:
        return self.enemy(kind)[:1].upper()

    def hero(self, hid: str, fallback: str = "") -> str:
        return self.known(f"wq.hero.{hid}", fallback or hid)

    def condition(self, c: str) -> str:
        return self.known(f"wq.cond.{c}", c)

    def card(self, cid: str) -> str:
        return self.known(f"wq.encounter.{cid}", self.known(f"wq.card.{cid}", cid))

    def phase(self, phase: str) -> str:
        return self.known(f"wq.phase.{phase}", phase)

    def die(self, token: str) -> str:
        token = token or ""
        if token.startswith("d"):
            return self.page.t("wq.die.destiny", v=token[1:])
        return self.page.t("wq.die.activation", v=token[1:])

    def reason(self, text: str) -> str:
        """Why the quest ended, in the page's words for it (``wq.end.*``)."""
        def value(name: str, found: str) -> str:
            if name == "zone":
                return self.zone(found)
            if name == "why":
                return self.page.reason(found, "wq.deadend.", lambda n, v: self.known(f"wq.card.{v}", v))
            return found

        return self.page.reason(text, "wq.end.", value)

    def roll(self, label: str) -> str:
        words = ROLL_WORDS.get(self.lang, {})
        return tags_in(" ".join(words.get(part, part) for part in str(label).split(" ")))

    def why(self, text: str | None) -> str:
        if not text:
            return ""
        anchor = re.search(r"in (\S+)$", text) or re.search(r"in (\S+),", text)
        zone = self.zone(anchor.group(1)) if anchor else ""
        parts = [self.page.t(f"wq.why.{key}", zone=zone) for needle, key in WHY if needle in text]
        return ", ".join(parts[:2]) if parts else text

    # -- actions, questions, events ----------------------------------------------------
    def action_words(self, a: Action, view: dict[str, Any] | None = None) -> str:
        t = self.page.t
        verb = a.VERB
        if verb in ("move", "run"):
            return t(f"wq.act.{verb}", zone=self.zone(a.zone), die=self.die(a.die))
        if verb == "attack":
            return t("wq.act.attack", model=self.model(a.model, view), die=self.die(a.die))
        if verb == "free":
            return t("wq.act.free", hero=a.hero + 1, die=self.die(a.die))
        if verb in ("recover", "explore", "dig", "inspire", "give"):
            return t(f"wq.act.{verb}", die=self.die(a.die))
        if verb in ("place", "close"):
            return t(f"wq.act.{verb}", gate=a.gate)
        if verb in ("anchor", "rebirth_zone"):
            return t(f"wq.act.{verb}", zone=self.zone(a.zone))
        if verb == "deploy":
            return t("wq.act.deploy", model=self.model(a.model, view), zone=self.zone(a.zone))
        if verb == "beside":
            return t("wq.act.beside", enemy=self.enemy(a.enemy))
        if verb == "master":
            return t("wq.act.master", group=a.group[1:])
        if verb in ("rebirth", "inspiration"):
            return t("wq.act.rebirth", hero=a.hero + 1)
        if verb == "step":
            return t("wq.act.step", model=self.model(a.model, view), zone=self.zone(a.zone))
        if verb == "strike":
            return t("wq.act.strike", model=self.model(a.model, view), hero=a.hero + 1)
        if verb == "effect":
            return t(f"wq.act.effect_{a.effect}")
        if verb == "end":
            return t("wq.act.end")
        return str(a)


    def prompt(self, decision: Any) -> str:
        return self.known(f"wq.prompt.{decision.kind}", decision.prompt)

    def event(self, e: dict[str, Any]) -> str | None:
        key = f"wq.ev.{e.get('type')}"
        if self.page.own_text(key) is None:
            return None
        t = self.page.t
        zone = e.get("zone")
        p = dict(e)
        p.update(model=model_tag(e["model"]) if e.get("model") else "", seat=(e.get("seat") or 0) + 1, hero=(e.get("hero") or 0) + 1,
                 zone=self.zone(zone) if isinstance(zone, str) else (zone + 1 if isinstance(zone, int) else ""),
                 tile=self.tile(e["tile"]) if e.get("tile") else "", enemy=self.enemy(e["enemy"]) if e.get("enemy") else "",
                 condition=self.condition(e["condition"]) if e.get("condition") else "",
                 event=t(f"wq.event.{e['event']}") if e.get("event") else "", why=self.why(e.get("why")),
                 reason=self.reason(e.get("reason") or ""), card=self.card(e["card"]) if e.get("card") else "",
                 crisis=self.known(f"wq.crisis.{e['crisis']}", e["crisis"]) if e.get("crisis") else "",
                 result=t("wq.ev.won") if e.get("won") else t("wq.ev.lost"),
                 dice=" ".join(map(str, e.get("dice") or [])) or "–", track=self.track(e.get("track")),
                 action=t(f"wq.action.{e['action']}") if e.get("action") else "")
        p["from"] = self.zone(e["from"]) if e.get("from") else ""
        p["to"] = self.zone(e["to"]) if e.get("to") else ""
        return tags_in(t(key, **p))
