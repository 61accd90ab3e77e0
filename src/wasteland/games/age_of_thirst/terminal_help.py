"""Age of Thirst's words for the terminal: what each verb does (with its rule) and how to
answer, in English, Russian and Ukrainian; what a card, a species or a special hex does
(``texts``, from the content data, in the same three languages); how events are coloured."""

from __future__ import annotations

from typing import Any, Sequence

from wasteland.core.terminal import VerbHelp

from .describe import KIND_NAMES
from .notation import parse
from .terminal_words import AgeOfThirstWords
from .texts import TEXTS


def event_style(kind: str | None) -> str:
    if kind in ("hit", "removed", "level_reset", "barred"):
        return "red"
    if kind in ("eye", "game_over"):
        return "bold bright_cyan"
    if kind in ("water", "pumps_lost"):
        return "bright_blue"
    if kind in ("bunker_drawn", "inject", "tower_drawn", "ray", "market", "bonus_card", "statuses_expire",
                "injections_expire"):
        return "magenta"
    if kind in ("buy", "upgrade", "grow"):
        return "green"
    return ""


#: words people type for a species that are neither its id nor its name
ALIASES = {"brainiac": "smart"}


def card_help(name: str, lang: str = "en") -> str | None:
    """What a source, bunker or ray-tower card, a species, a special hex or the Eye does,
    in ``lang`` (None if ``name`` names none of them), with the rule it comes from."""
    key = ALIASES.get(name.strip().lower(), name)
    info = TEXTS.help(key, lang)
    if info is None:
        return None
    kind = (TEXTS.find(key) or "").split(":", 1)[0]
    rule = {"source": "LO-9", "bunker": "LO-10", "tower": "LO-11", "species": "LO-6", "hex": "LO-3",
            "token": "LO-12"}.get(kind)
    return info + (f"\n[{rule}]" if rule else "")


VERB_HELP: dict[str, tuple[str, str, str]] = {
    "first": ("first COLOUR", "the table chooses the first player; play goes clockwise", "LO-4.5"),
    "place": ("place KIND X,Y", "place one of your starting troops on your base", "LO-4.3"),
    "move": ("move X,Y X2,Y2", "move the troop at X,Y to X2,Y2 (through empty hexes); it may then attack", "LO-8.1"),
    "attack": ("attack X,Y X2,Y2", "the troop at X,Y attacks the token at X2,Y2; then it is flipped", "LO-8.3"),
    "flip": ("flip X,Y", "the troop at X,Y is done for this phase", "LO-7.1"),
    "end": ("end phase | end turn", "end the tactical phase (water, bunker and ray-tower cards follow), "
            "or end your turn after the economic phase", "LO-7"),
    "play": ("play CARD X,Y|COLOUR", "play a ray-tower card: damage on a troop, or a status on an enemy", "LO-11"),
    "buy": ("buy KIND X,Y", "buy a troop onto one of your free landing hexes (at most 5 a turn)", "LO-7.4"),
    "upgrade": ("upgrade KIND", "raise a species card one level", "LO-5"),
    "grow": ("grow X,Y", "grow a hedge next to one of your troops", "LO-6.4"),
    "market": ("market CARD KIND", "buy a bunker card from the discard pile for 10 gal and lay it at once "
               "(one a turn)", "LO-10.2"),
    "inject": ("inject CARD KIND", "lay the drawn bunker card on a troop species card", "LO-10.1"),
    "discard": ("discard CARD", "discard a ray-tower card down to the hand limit of 5", "LO-11"),
    "take": ("take CARD KIND", "take a bunker card from the discard pile as a bonus and lay it", "LO-10.2"),
}

#: The same help in Russian and Ukrainian: verb -> what it does (the form and rule are the English ones).
VERB_TEXT: dict[str, dict[str, str]] = {
    "ru": {
        "first": "стол выбирает первого игрока; ход идёт по часовой стрелке",
        "place": "поставить одного из своих начальных бойцов на свою базу",
        "move": "переместить бойца с X,Y на X2,Y2 (по свободным гексам); после этого он может атаковать",
        "attack": "боец с X,Y атакует фишку на X2,Y2; затем он переворачивается",
        "flip": "боец на X,Y закончил эту фазу",
        "end": "закончить тактическую фазу (дальше вода, карты бункеров и лучевых башен) или закончить ход "
               "после экономической фазы",
        "play": "сыграть карту лучевой башни: урон бойцу или статус врагу",
        "buy": "купить бойца на один из своих свободных гексов высадки (не больше 5 за ход)",
        "upgrade": "поднять карту вида на один уровень",
        "grow": "вырастить быстрораст рядом с одним из своих бойцов",
        "market": "купить карту бункера из сброса за 10 галлонов и сразу выложить её (одну за ход)",
        "inject": "выложить вытянутую карту бункера на карту вида бойцов",
        "discard": "сбросить карту лучевой башни до предела руки в 5 карт",
        "take": "взять карту бункера из сброса как бонус и выложить её",
    },
    "uk": {
        "first": "стіл обирає першого гравця; хід іде за годинниковою стрілкою",
        "place": "поставити одного зі своїх початкових бійців на свою базу",
        "move": "перемістити бійця з X,Y на X2,Y2 (вільними гексами); після цього він може атакувати",
        "attack": "боєць з X,Y атакує фішку на X2,Y2; потім його перевертають",
        "flip": "боєць на X,Y закінчив цю фазу",
        "end": "закінчити тактичну фазу (далі вода, карти бункерів і променевих веж) або закінчити хід після "
               "економічної фази",
        "play": "зіграти карту променевої вежі: шкода бійцеві або статус ворогові",
        "buy": "купити бійця на один зі своїх вільних гексів висадки (не більше 5 за хід)",
        "upgrade": "підняти карту виду на один рівень",
        "grow": "виростити швидкоріс поруч з одним зі своїх бійців",
        "market": "купити карту бункера зі скиду за 10 галонів і одразу викласти її (одну за хід)",
        "inject": "викласти витягнуту карту бункера на карту виду бійців",
        "discard": "скинути карту променевої вежі до межі руки в 5 карт",
        "take": "узяти карту бункера зі скиду як бонус і викласти її",
    },
}

COMMANDS_HELP = {
    "en": "Answer with an option's number or its text in notation (e.g. 'move 0,-3 0,-2'); the text after the "
          "verb is enough when it is unique, and so is the verb alone (e.g. 'end').\n"
          "Commands: help [CARD|KIND] (this, or what a card or species does) · board (redraw; 'board coords' "
          "shows hex coordinates) · undo (take back your last action) · save [FILE] · quit",
    "ru": "Отвечайте номером варианта или его текстом в нотации (например, 'move 0,-3 0,-2'); если текст после "
          "глагола однозначен, хватит его, как и одного глагола (например, 'end').\n"
          "Команды: help [КАРТА|ВИД] (эта справка или что делает карта или вид) · board (перерисовать; "
          "'board coords' показывает координаты гексов) · undo (отменить своё последнее действие) · "
          "save [ФАЙЛ] · quit",
    "uk": "Відповідайте номером варіанта або його текстом у нотації (наприклад, 'move 0,-3 0,-2'); якщо текст "
          "після дієслова однозначний, вистачить його, як і самого дієслова (наприклад, 'end').\n"
          "Команди: help [КАРТА|ВИД] (ця довідка або що робить карта чи вид) · board (перемалювати; "
          "'board coords' показує координати гексів) · undo (скасувати свою останню дію) · save [ФАЙЛ] · quit",
}


HELP = VerbHelp(VERB_HELP, VERB_TEXT, COMMANDS_HELP)


def option_labels(actions: Sequence[str], view: dict[str, Any] | None, lang: str = "en") -> dict[str, str]:
    """Each option as a player reads it: the cards and species it names by their names
    ("inject Diluted neuro-stimulant injection Skinnies", "play Psychic strike 2,-1")."""
    def word(token: str) -> str:
        for kind in ("species", "source", "bunker", "tower"):
            name = TEXTS.name(f"{kind}:{token}", lang)
            if name is not None:
                return name
        return token

    out: dict[str, str] = {}
    if lang != "en":  # the page's words
        words = AgeOfThirstWords(lang)
        out = {a: words.action(a) for a in actions}
    else:
        out = _english_labels(actions, word)
    for a in own_troop_attacks(actions, view):  # allowed (LO-8.3 names no owner), rarely meant: said plainly
        out[a] = f"{out.get(a, a)} {OWN_TROOP[lang if lang in OWN_TROOP else 'en']}"
    return out


#: an attack whose target is a troop of the attacker's own clan (LO-8.3 does not forbid it)
OWN_TROOP = {"en": "(your own troop!)", "ru": "(ваш собственный отряд!)", "uk": "(ваш власний загін!)"}


def own_troop_attacks(actions: Sequence[str], view: dict[str, Any] | None) -> list[str]:
    """The attacks among ``actions`` that would hit a troop of the viewing seat's clan."""
    if not view or view.get("seat") is None:
        return []
    mine = {p["hex"] for p in view.get("pieces", ()) if p.get("owner") == view["seat"]}
    return [a for a in actions if parse(a).VERB == "attack" and parse(a).hex in mine]


def _english_labels(actions: Sequence[str], word: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    for a in actions:
        x = parse(a)
        verb, rest = x.VERB, x.words()
        words = [word(tok) for tok in rest]
        if verb == "place" and rest:  # one starting troop (LO-4.3): a Skinny, not the species' card "Skinnies"
            words[0] = KIND_NAMES.get(rest[0], words[0])
        if verb in ("inject", "market", "take") and len(words) == 2:
            words = [words[0], "→", words[1]]  # a bunker card laid on a species (LO-10)
        shown = " ".join([verb] + words) if rest else a
        if shown != a:
            out[a] = shown
    return out
