"""What every Saltlands component says, in English, Russian and Ukrainian: cards,
characters and their abilities, raiders, tokens, rumor cards and each of their options,
rumor markers, special hexes, terrain, tiles, weather and damage cards.

Each text is built from the content data (``data/*.toml``) and the templates of
``texts/<lang>.toml``, so a number changed in the data changes the text. English names
are the data's own; Russian and Ukrainian names are in the catalogues (``[names.*]``).
Ids are namespaced by kind: ``card:pickaxe``, ``character:scout``, ``rumor:r3/top``.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from wasteland.core.card_texts import CatalogueTexts, Templates, TextsError

from ..board import centre_name
from ..config import ACTIVE_LETTERS
from ..content import load_content
from ..movement import FUEL_BONUS, BORN_DRIVER_BONUS
from ..turn import TRADE_LIMIT, LOOT_TOKEN_CARDS

LETTERS = "ABCMH"  # the spawn letters (SL §107)
SPECIAL_HEXES = ("wreck", "colony", "start_dune", "raider_start")  # SL §38, SL §39, SL §45
TERRAINS = ("salt", "dune", "mountain")  # SL §79


class SaltlandsTexts(CatalogueTexts):
    package = "wasteland.games.saltlands"
    search_order = ("card", "character", "ability", "raider", "token", "rumor", "marker", "hex", "terrain",
                    "tile", "weather", "damage")
    shared_words = ("preview", "colour", "direction")  # what a rumor option would do (SL §109)

    @cached_property
    def content(self) -> Any:
        return load_content()

    def build(self, lang: str) -> dict[str, tuple[str, str]]:
        return _Builder(self.content, self.templates(lang)).entries()

    @cached_property
    def _templates(self) -> dict[str, Templates]:
        return {lang: self.templates(lang) for lang in self.languages}

    def word(self, key: str, lang: str = "en") -> str:
        """One template of the catalogue, as it is ("preview.option_word")."""
        return (self._templates.get(lang) or self._templates["en"]).get(key)

    def words(self, lang: str = "en") -> dict[str, str]:
        """The shared phrases, and each weapon option's damage in short ("weapon.axe/1":
        "2 damage"), which the page writes beside an attack's option so the weapon chooser
        shows what each weapon deals (SL §85, SL §86, SL §87)."""
        out = super().words(lang)
        t = self._templates.get(lang) or self._templates["en"]
        for cid, card in self.content.cards.items():
            for n, act in enumerate(card.actions, 1):
                if act.effect == "damage":
                    kind = "damage_area" if act.area else "damage_ap" if act.damage_type == "ap" else "damage"
                    out[f"weapon.{cid}/{n}"] = t.fill(f"weapon.{kind}", amount=act.amount)
        return out

    def rumor_option(self, choice: dict[str, Any], side: str, lang: str = "en",
                     view: dict[str, Any] | None = None, coords: bool = True) -> str:
        """SL §109: what one option of the drawn rumor card would do, from the view's
        ``rumor_choice``: "Rumor card 1, top option: the blue marker north onto a face-down
        tile (0,-5), which it explores" (a tile by its centre hex). A face-up tile is named (from ``view``); with
        ``coords`` every tile's position follows in brackets."""
        t = self._templates.get(lang) or self._templates["en"]
        tiles = {tile["at"]: tile["tile"] for tile in (view or {}).get("tiles", []) if tile.get("face_up")}

        def step_text(step: dict[str, Any]) -> str:
            to = step.get("to", "")
            tile = self.name(f"tile:{tiles[to]}", lang) if to in tiles else None
            # a tile by its centre hex, which the terminal's map writes on a face-down tile
            at = t.fill("preview.at", to=centre_name(to)) if to and (coords or tile is None) else ""
            return t.fill(f"preview.{step['result']}", colour=t.get(f"colour.{step['marker']}"),
                          direction=t.get(f"direction.{step['direction']}"), tile=tile or "", at=at)

        steps = t.get("preview.and").join(step_text(step) for step in choice["options"][side])
        card = self.name(f"rumor:{choice['card']}/{side}", lang) or choice["card"]
        return t.fill("preview.option", card=card, steps=steps)


class _Builder:
    """One language's texts of every component."""

    def __init__(self, content: Any, t: Templates) -> None:
        self.c = content
        self.t = t
        self.en = t.lang == "en"

    # -- names --------------------------------------------------------------

    def own_name(self, table: str, cid: str, english: str) -> str:
        """The data's English name, or the catalogue's translation (which must exist)."""
        if self.en:
            return english
        return self.t.get(f"names.{table}.{cid}")

    def card_name(self, cid: str) -> str:
        return self.own_name("card", cid, self.c.cards[cid].name)

    def raider_name(self, rid: str) -> str:
        return self.own_name("raider", rid, self.c.raiders[rid].name)

    def terrain_list(self, terrain: list[str]) -> str:
        return ", ".join(self.t.get(f"terrain.{x}") for x in terrain)

    # -- every entry --------------------------------------------------------------

    def entries(self) -> dict[str, tuple[str, str]]:
        out: dict[str, tuple[str, str]] = {}
        for cid in self.c.cards:
            out[f"card:{cid}"] = (self.card_name(cid), self.card_text(cid))
        for chid, ch in self.c.characters.items():
            out[f"character:{chid}"] = (self.own_name("character", chid, ch.name), self.character_text(ch))
        for ability in dict.fromkeys(ch.ability for ch in self.c.characters.values()):
            out[f"ability:{ability}"] = (self.t.get(f"ability.{ability}.name"), self.ability_power(ability))
        for rid, r in self.c.raiders.items():
            out[f"raider:{rid}"] = (self.raider_name(rid), self.raider_text(r))
        for tid, tok in self.c.tokens.items():
            out[f"token:{tid}"] = self.token_entry(tok)
        for rid, card in self.c.rumors.items():
            out.update(self.rumor_entries(rid, card))
        for colour in ("blue", "green", "red"):  # SL §43
            out[f"marker:{colour}"] = (self.t.fill("marker.name", colour=self.t.get(f"colour.{colour}")).capitalize(),
                                       self.t.get("marker.text"))
        for h in SPECIAL_HEXES:
            out[f"hex:{h}"] = (self.t.get(f"hex.{h}.name"), self.t.get(f"hex.{h}.text"))
        for letter in LETTERS:
            out[f"hex:spawn_{letter}"] = self.spawn_entry(letter)
        for terrain in TERRAINS:
            out[f"terrain:{terrain}"] = (self.t.get(f"terrain.{terrain}").capitalize(),
                                         self.t.get(f"terrain_text.{terrain}"))
        for tid, tile in self.c.tiles.items():
            out[f"tile:{tid}"] = (self.own_name("tile", tid, tile.name), self.t.get(f"tile.{tile.kind}"))
        for n, (wid, w) in enumerate(self.c.weather.items(), 1):
            out[f"weather:{wid}"] = (self.t.fill("weather.name", number=n), self.weather_text(w))
        for did, d in self.c.damage_cards.items():
            out[f"damage:{did}"] = (self.t.fill("damage.name", round=d.round, number=did.rsplit("-", 1)[-1]),
                                     self.damage_text(d))
        return out

    # -- cards (SL §54, SL §55, SL §63 to SL §70, SL §84, SL §88) ----------------------------

    def card_text(self, cid: str) -> str:
        card = self.c.cards[cid]
        t = self.t
        lines = [t.fill("card.header", deck=t.get(f"deck.{card.deck}"), slot=t.get(f"slot.{card.slot}"))]
        lines[0] = lines[0][0].upper() + lines[0][1:]
        owner = next((ch for chid, ch in self.c.characters.items() if ch.special_item == cid), None)
        if owner is not None:
            lines.append(t.fill("card.special_item", character=self.own_name("character", owner.id, owner.name)))
        if card.raider_type:
            lines.append(t.fill("card.raider_vehicle", raider=self.raider_name(card.raider_type)))
        if card.vehicle is not None:
            v = card.vehicle
            lines.append(t.fill(f"card.{v.movement}", move=v.move, bonus=FUEL_BONUS,
                                terrain=self.terrain_list(list(v.terrain))))
        if card.hand_limit:
            lines.append(t.fill("card.hand_limit", limit=card.hand_limit))
        if card.armor:
            lines.append(t.fill("card.armor", armor=card.armor))
        if card.crew:
            lines.append(t.get("card.crew"))
        if card.fuel:
            lines.append(t.fill("card.fuel", bonus=FUEL_BONUS))
        if card.victory:
            colour = self.c.victory_kinds[card.victory].colour
            lines.append(t.fill("card.victory", colour=t.get(f"colour.{colour}")))
        for n, act in enumerate(card.actions, 1):
            key = "card.single" if len(card.actions) == 1 else "card.option"
            quals = [t.get(f"card.{q}") for q, on in (("crew_action", act.crew_action), ("one_time", act.one_time)) if on]
            qualities = t.fill("card.qualities", list=", ".join(quals)) if quals else ""
            lines.append(t.fill(key, n=n, effect=self.effect(act), qualities=qualities))
        return "\n".join(lines)

    def effect(self, act: Any) -> str:
        t = self.t
        kind = act.effect
        if kind == "damage":
            kind = "damage_area" if act.area else "damage_ap" if act.damage_type == "ap" else "damage"
        values: dict[str, Any] = {"amount": act.amount, "deck": t.get(f"deck_of.{act.deck}")}
        if act.get:
            values["card"] = t.get(f"deck.{act.get}")
        if act.take:
            values["cards"] = t.get("effect.or").join(self.card_name(x) for x in act.take)
        text = t.fill(f"effect.{kind}", **values)
        if act.cost:
            text += t.fill("effect.cost", card=self.card_name(act.cost))
        return text

    # -- characters (SL §44, SL §135, SL §146) ------------------------------------------------

    def ability_power(self, ability: str) -> str:
        # the numbers of SL §135 and SL §146, as the rules code uses them
        values = {"armor": 1, "bonus": BORN_DRIVER_BONUS if ability == "born_driver" else 1, "amount": 1,
                  "limit": TRADE_LIMIT}
        return self.t.fill(f"ability.{ability}.text", **values)

    def character_text(self, ch: Any) -> str:
        return self.t.fill("character.text", ability=self.t.get(f"ability.{ch.ability}.name"),
                           power=self.ability_power(ch.ability), item=self.card_name(ch.special_item))

    # -- raiders (SL §98, SL §99, SL §105) ---------------------------------------------------

    def raider_text(self, r: Any) -> str:
        return self.t.fill("raider.text", crew=r.crew, armor=r.armor, move=r.move,
                           terrain=self.terrain_list(list(r.terrain)), loot_raider=r.loot_raider,
                           loot_mirage=r.loot_mirage)

    # -- tokens (SL §37, SL §73 to SL §77) -------------------------------------------------------

    def token_entry(self, tok: Any) -> tuple[str, str]:
        t = self.t
        colour = t.get(f"colour.{tok.colour}") if tok.colour else ""
        name = t.get(f"token.{tok.kind}.name")
        if tok.colour:
            name = f"{name} ({colour})"
        lines = [t.fill(f"token.{tok.kind}.text", amount=LOOT_TOKEN_CARDS, colour=colour)]
        lines += [t.get(f"token.{mark}") for mark, on in
                  (("start", tok.start), ("large", tok.large_only), ("expansion", tok.expansion)) if on]
        return name, "\n".join(lines)

    # -- rumor cards (SL §109) ----------------------------------------------------------------

    def moves(self, moves: list[Any]) -> str:
        t = self.t
        return t.get("rumor.and").join(
            t.fill("rumor.move", colour=t.get(f"colour.{m.marker}"), direction=t.get(f"direction.{m.direction}"))
            for m in moves)

    def rumor_entries(self, rid: str, card: Any) -> dict[str, tuple[str, str]]:
        t = self.t
        number = rid.lstrip("r")
        out = {f"rumor:{rid}": (t.fill("rumor.name", number=number),
                                t.fill("rumor.text", top=self.moves(card.top), bottom=self.moves(card.bottom)))}
        for side in ("top", "bottom"):
            moves = self.moves(getattr(card, side))
            out[f"rumor:{rid}/{side}"] = (t.fill("rumor.option_name", number=number, side=t.get(f"rumor.{side}")),
                                          t.fill("rumor.option_text", moves=moves))
        return out

    # -- hexes, weather and damage cards (SL §18, SL §48 to SL §53, SL §100, SL §107) ----------------------

    def spawn_entry(self, letter: str) -> tuple[str, str]:
        t = self.t
        level = "easy" if letter in ACTIVE_LETTERS["easy"] else "normal" if letter in ACTIVE_LETTERS["normal"] \
            else "hard"
        return (t.fill("hex.spawn.name", letter=letter),
                t.fill("hex.spawn.text", letter=letter) + " " + t.get(f"hex.spawn_{level}"))

    def weather_text(self, w: Any) -> str:
        t = self.t
        lines = [t.fill("weather.strength", strength=w.strength)]
        if w.turn:
            lines.append(t.fill("weather.turn_right" if w.turn > 0 else "weather.turn_left", degrees=60 * abs(w.turn)))
        if w.storm:
            lines.append(t.get("weather.storm"))
        if w.starting:
            lines.append(t.get("weather.starting"))
        return "\n".join(lines)

    def damage_text(self, d: Any) -> str:
        t = self.t
        lines = [t.fill("damage.text", round=d.round, letters=", ".join(d.letters))]
        if d.move_bonus:
            lines.append(t.fill("damage.move_bonus", bonus=d.move_bonus))
        elif d.damage:
            lines.append(t.fill("damage.attack_ap" if d.damage_type == "ap" else "damage.attack", damage=d.damage))
        return "\n".join(lines)


TEXTS = SaltlandsTexts()

__all__ = ["TEXTS", "SaltlandsTexts", "TextsError"]
