"""Saltlands' words for the terminal: what each verb does (with its rule) and how to
answer, in English, Russian and Ukrainian; what a component does (``texts``, from the
content data, in the same three languages); how events are coloured."""

from __future__ import annotations

from functools import lru_cache
import re
from typing import Any, Sequence

from wasteland.core.plural import fill_plurals
from wasteland.core.terminal import VerbHelp

from .board import centre_name
from .content import load_content
from .notation import Use, parse
from .terminal_words import SaltlandsWords
from .texts import TEXTS


@lru_cache(maxsize=1)
def _content():
    return load_content()


#: What each verb does, with its rule, for ``help``.
VERB_HELP: dict[str, tuple[str, str, str]] = {
    "move": ("move X,Y [fuel N]", "move your vehicle to hex X,Y, once per turn; a sail follows the wind, "
             "Fuel cards add 3 steps to a motorized move", "SL §78, SL §84"),
    "collect": ("collect X,Y by CREW", "a crew member collects the token on an adjacent hex", "SL §73, SL §77"),
    "use": ("use CARD [by CREW] [at X,Y | tile tA,B]", "use a card's action (CARD/2 = its second option); "
            "crew actions engage a crew member; attacks name the adjacent hex", "SL §63, SL §69"),
    "refresh": ("refresh CREW", "refresh a crew member and the last card it engaged", "SL §65"),
    "trade": ("trade pN", "ask the player on an adjacent hex to trade", "SL §72"),
    "give": ("give CARD to pN", "give a card to an adjacent player; when a traded card finds its slot full, "
             "give the card in that slot to the other side of the trade", "SL §70, SL §72"),
    "ability": ("ability", "use your character's special ability", "SL §71, SL §135"),
    "discard": ("discard CARD", "discard a card (any time in your turn; to get down to the hand limit; "
                "when an effect makes you)", "SL §55, SL §134"),
    "end": ("end", "end your turn; raiders activate (or the weather phase runs)", "SL §46, SL §47"),
    "character": ("character NAME", "choose the character you play", "SL §44"),
    "enter": ("enter X,Y", "put your figure on the board at hex X,Y", "SL §45"),
    "heal": ("heal CARD", "stop damage with a healing card", "SL §89"),
    "armor": ("armor CARD", "discard one-time armor to stop damage", "SL §88"),
    "lose": ("lose CREW", "discard a crew card to stop one point of damage", "SL §85"),
    "yield": ("yield CARD", "hand a Victory card to the robber", "SL §122"),
    "activate": ("activate TYPE", "reveal the damage card of this raider type and activate its raiders",
                 "SL §100"),
    "raider": ("raider X,Y", "the raider at X,Y acts next", "SL §101"),
    "chase": ("chase pN", "the raider heads for this (equally near) player", "SL §105, SL §106"),
    "goto": ("goto X,Y", "the raider ends its move on this (equally good) hex", "SL §106"),
    "attack": ("attack pN", "the raider attacks this adjacent player", "SL §103"),
    "spawn": ("spawn X,Y", "a new raider appears on this spawn point", "SL §107"),
    "top": ("top", "follow the top option of the rumor card", "SL §109"),
    "bottom": ("bottom", "follow the bottom option of the rumor card", "SL §109"),
    "replace": ("replace CARD", "put the new card in this card's slot (the old one is discarded)", "SL §54"),
    "done": ("done", "finish giving cards in the trade", "SL §72"),
    "accept": ("accept", "accept the offered card", "SL §72"),
    "decline": ("decline", "decline the offered card", "SL §72"),
    "take": ("take CARD", "take the Fuel card from the discard pile", "SL §135"),
    "pass": ("pass", "do not take it", "SL §135"),
    "place": ("place CARD", "put the new card in a free slot", "SL §54"),
    "steal": ("steal pN", "steal a card from the hand of a player on an adjacent hex", "SL §146"),
    "orient": ("orient DIRECTION", "turn the newly explored tile so its arrow points this way", "SL §152"),
    "join": ("join", "Born Killer: add this attack's damage to her attacks before it (armor counts once)", "SL §146"),
    "alone": ("alone", "Born Killer: this attack stands alone, the raider's armor stops it anew", "SL §146"),
}

#: The same help in Russian and Ukrainian: verb -> what it does (the form and rule are the English ones).
VERB_TEXT: dict[str, dict[str, str]] = {
    "ru": {
        "move": "переместить транспорт на гекс X,Y, один раз за ход; парус идёт по ветру, каждая карта "
                "топлива добавляет моторному транспорту 3 шага",
        "collect": "член экипажа подбирает жетон с соседнего гекса",
        "use": "применить действие карты (CARD/2 — её второй вариант); действие экипажа задействует члена "
               "экипажа; атака называет соседний гекс",
        "refresh": "восстановить члена экипажа и последнюю карту, которую он задействовал",
        "trade": "предложить обмен игроку на соседнем гексе",
        "give": "отдать карту соседнему игроку; если полученной в обмене карте не хватает ячейки, отдать "
                "другой стороне обмена карту из этой ячейки",
        "ability": "применить особую способность своего персонажа",
        "discard": "сбросить карту (в любой момент своего хода; до предела руки; когда этого требует эффект)",
        "end": "закончить ход; активируются рейдеры (или наступает фаза погоды)",
        "character": "выбрать персонажа",
        "enter": "выставить фигурку на поле в гекс X,Y",
        "heal": "остановить урон картой лечения",
        "armor": "сбросить одноразовую броню, чтобы остановить урон",
        "lose": "сбросить карту экипажа, чтобы остановить одно очко урона",
        "yield": "отдать карту победы грабителю",
        "activate": "открыть карту урона этого типа рейдеров и активировать их",
        "raider": "следующим действует рейдер в X,Y",
        "chase": "рейдер направляется к этому игроку (из одинаково близких)",
        "goto": "рейдер заканчивает движение на этом гексе (из одинаково подходящих)",
        "attack": "рейдер атакует этого соседнего игрока",
        "spawn": "новый рейдер появляется в этой точке появления",
        "top": "выполнить верхний вариант карты слухов",
        "bottom": "выполнить нижний вариант карты слухов",
        "replace": "положить новую карту в ячейку этой карты (старая сбрасывается)",
        "done": "закончить передачу карт при обмене",
        "accept": "принять предложенную карту",
        "decline": "отказаться от предложенной карты",
        "take": "взять карту топлива из сброса",
        "pass": "не брать её",
        "place": "положить новую карту в свободную ячейку",
        "steal": "украсть карту из руки игрока на соседнем гексе",
        "orient": "повернуть только что открытый тайл стрелкой в эту сторону",
        "join": "Прирождённая убийца: сложить урон этой атаки с предыдущими (броня вычитается один раз)",
        "alone": "Прирождённая убийца: провести эту атаку отдельно, броня рейдера снова задерживает урон",
    },
    "uk": {
        "move": "перемістити транспорт на гекс X,Y, один раз за хід; вітрило йде за вітром, кожна карта "
                "пального додає моторному транспорту 3 кроки",
        "collect": "член екіпажу підбирає жетон із сусіднього гекса",
        "use": "застосувати дію карти (CARD/2 — її другий варіант); дія екіпажу задіює члена екіпажу; "
               "атака називає сусідній гекс",
        "refresh": "відновити члена екіпажу й останню карту, яку він задіяв",
        "trade": "запропонувати обмін гравцеві на сусідньому гексі",
        "give": "віддати карту сусідньому гравцеві; якщо отриманій в обміні карті бракує комірки, віддати "
                "іншій стороні обміну карту з цієї комірки",
        "ability": "застосувати особливу здібність свого персонажа",
        "discard": "скинути карту (будь-коли у свій хід; до межі руки; коли цього вимагає ефект)",
        "end": "закінчити хід; активуються рейдери (або настає фаза погоди)",
        "character": "обрати персонажа",
        "enter": "виставити фігурку на поле в гекс X,Y",
        "heal": "зупинити шкоду картою лікування",
        "armor": "скинути одноразову броню, щоб зупинити шкоду",
        "lose": "скинути карту екіпажу, щоб зупинити одне очко шкоди",
        "yield": "віддати карту перемоги грабіжникові",
        "activate": "відкрити карту шкоди цього типу рейдерів і активувати їх",
        "raider": "наступним діє рейдер у X,Y",
        "chase": "рейдер прямує до цього гравця (з однаково близьких)",
        "goto": "рейдер закінчує рух на цьому гексі (з однаково придатних)",
        "attack": "рейдер атакує цього сусіднього гравця",
        "spawn": "новий рейдер з'являється в цій точці появи",
        "top": "виконати верхній варіант карти чуток",
        "bottom": "виконати нижній варіант карти чуток",
        "replace": "покласти нову карту в комірку цієї карти (стару скинуто)",
        "done": "закінчити передавання карт під час обміну",
        "accept": "прийняти запропоновану карту",
        "decline": "відмовитися від запропонованої карти",
        "take": "взяти карту пального зі скиду",
        "pass": "не брати її",
        "place": "покласти нову карту у вільну комірку",
        "steal": "вкрасти карту з руки гравця на сусідньому гексі",
        "orient": "повернути щойно відкритий тайл стрілкою в цей бік",
        "join": "Природжена вбивця: додати шкоду цієї атаки до попередніх (броня віднімається один раз)",
        "alone": "Природжена вбивця: провести цю атаку окремо, броня рейдера знову затримує шкоду",
    },
}

COMMANDS_HELP = {
    "en": "Answer with an option's number or its text in notation (e.g. 'move 3,-4'); the text after the verb "
          "is enough when it is unique (e.g. '3,-4').\n"
          "Commands: help [CARD] (this, or what a card does) · board (redraw; 'board coords' shows hex "
          "coordinates) · undo (take back your last action) · save [FILE] · quit",
    "ru": "Отвечайте номером варианта или его текстом в нотации (например, 'move 3,-4'); если текст после "
          "глагола однозначен, хватит его (например, '3,-4').\n"
          "Команды: help [КАРТА] (эта справка или что делает карта) · board (перерисовать; 'board coords' "
          "показывает координаты гексов) · undo (отменить своё последнее действие) · save [ФАЙЛ] · quit",
    "uk": "Відповідайте номером варіанта або його текстом у нотації (наприклад, 'move 3,-4'); якщо текст після "
          "дієслова однозначний, вистачить його (наприклад, '3,-4').\n"
          "Команди: help [КАРТА] (ця довідка або що робить карта) · board (перемалювати; 'board coords' "
          "показує координати гексів) · undo (скасувати свою останню дію) · save [ФАЙЛ] · quit",
}


HELP = VerbHelp(VERB_HELP, VERB_TEXT, COMMANDS_HELP)


RAIDER_EVENTS = ("damage_card", "raider_move", "raider_stays", "spawn_check", "spawn", "attacked",
                 "raider_wounded", "raider_destroyed")



def event_style(kind: str | None) -> str:
    if kind in RAIDER_EVENTS:
        return "red"
    if kind in ("weather", "round_end"):
        return "cyan"
    if kind in ("death", "eliminated", "game_over"):
        return "bold red"
    if kind in ("explore", "token_placed", "rumor", "rumor_drawn", "marker_move"):
        return "magenta"
    return ""


def card_help(name: str, lang: str = "en") -> str | None:
    """What a card, character, ability, raider, token, rumor card, marker, hex, tile,
    weather or damage card does, in ``lang`` (None if ``name`` names none of them); a
    card's rule anchors follow its text."""
    info = TEXTS.help(name, lang)
    if info is None:
        return None
    cid = TEXTS.find(name) or ""
    card = _content().cards.get(cid.split(":", 1)[1]) if cid.startswith("card:") else None
    return info + (f"\n[{card.cite}]" if card is not None and card.cite else "")


@lru_cache(maxsize=None)
def _shared_words(lang: str) -> dict[str, str]:
    """The catalogue's shared phrases in ``lang`` (a weapon option's damage among them), once."""
    return TEXTS.words(lang)


_COPY = re.compile(r"^([a-z_]+)#(\d+)(?:/(\d+))?$")
_TILE_POS = re.compile(r"^t-?\d+,-?\d+$")


def option_labels(actions: Sequence[str], view: dict[str, Any] | None, lang: str = "en") -> dict[str, str]:
    """Each option as a player reads it: the cards and characters it names by their names
    ("use Pickaxe by Scout at 2,3", "discard Water"), a card's second option as such, and a
    rumor card's options with what each would do (SL §109). Two options that would read the
    same keep their copy numbers ("Water #1", "Water #2")."""
    def word(token: str, copies: bool) -> str:
        m = _COPY.match(token)
        if m:
            name = TEXTS.name(f"card:{m.group(1)}", lang)
            if name is None:
                return token
            name = name + (f" #{m.group(2)}" if copies else "")
            return name + (f" ({TEXTS.word('preview.option_word', lang)} {m.group(3)})" if m.group(3) else "")
        for kind in ("character", "raider"):
            name = TEXTS.name(f"{kind}:{token}", lang)
            if name is not None:
                return name
        if _TILE_POS.match(token):  # a tile by its centre hex, as the map writes it, not "t0,-2"
            return f"({centre_name(token)})"
        return token

    words = None
    if lang != "en":
        words = SaltlandsWords(lang)

    def label(action: str, copies: bool) -> str:
        a = parse(action)
        rest = a.words()
        if words is not None:  # the page's words; a copy's number where two would read the same
            shown = words.action(action)
            number = _COPY.match(rest[0]) if rest else None
            return f"{shown} #{number.group(2)}" if copies and number else shown
        return " ".join([a.VERB] + [word(tok, copies) for tok in rest]) if rest else action

    choice = (view or {}).get("rumor_choice")
    out: dict[str, str] = {}
    plain = {a: label(a, False) for a in actions}
    seen: dict[str, int] = {}
    for shown in plain.values():
        seen[shown] = seen.get(shown, 0) + 1
    for a in actions:
        if choice and a in ("top", "bottom"):
            preview = TEXTS.rumor_option(choice, a, lang, view)  # it names its option itself
            out[a] = preview if words is not None else f"{a}: {preview}"
            continue
        shown = plain[a] if seen[plain[a]] == 1 else label(a, True)
        act = parse(a)
        if isinstance(act, Use) and act.at is not None:  # an attack: what the weapon deals
            deals = _shared_words(lang).get(f"weapon.{act.card.partition('#')[0]}/{act.option}")
            if deals:
                shown += f" ({deals})"  # SL §85 to SL §87, as the page's weapon chooser says it
        toll = (view or {}).get("storm_cards", {}).get(a)
        if toll is not None:  # SL §53: what the sandstorm takes for this move, before it is chosen
            shown += " — " + fill_plurals(TEXTS.word("preview.storm_cards", lang), {"n": toll}).format(n=toll)
        if shown != a:
            out[a] = shown
    return out
