"""The terminal companion's own words in English, Russian and Ukrainian (the game's
renderer says the rest: the question, the options, the events, why the game ended; the
server gives the rule texts in the chosen language). The commands a person types (undo,
run, log, edit, record, quit...) stay as they are in every language, as in ``words``."""

from __future__ import annotations

import json
import re
from typing import Any

from wasteland.core.page_words import words_of_game
from wasteland.core.plural import fill_plurals
from wasteland.core import rules_reference
from wasteland.core.protocol import Decision, Outcome

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "roll": "  {n} dice rolled together: type their numbers at once, as '{example}' (or one by one)",
        "turn_at": "  played with the box? 'at SPOT': where the figure now stands (now {spots})",
        "turn_at_which": "  played with the box? 'at FROM SPOT': where the figure on FROM now stands ({spots})",
        "turn_edit": "  'edit ...': what else changed (cards, armor, crew, health)",
        "turn_end": "  '{end}': the turn is played, end it (the enemies then run)",
        "turn_list": "  'list': its {n} {n|option|options} one by one, to play it step by step",
        "at_how": "error: 'at SPOT': the spot the figure now stands on (it stands on {spots})",
        "at_which": "error: 'at FROM SPOT': FROM is where the figure stood ({spots})",
        "stands_at": "{who}'s figure now stands on {spot}",
        "at_unknown": "error: '{entry}' is no spot of this board; by name or id: {spots}",
        "refused_rule": "the rules forbid it ({rule})",
        "refused_field": "'{field}' does not fit",
        "refused_illegal": "not a move of this game now",
        "refused_other": "the server refused it",
        "refused_stale": "another phone answered first: here is the position now",
        "address": "companion on {address}",
        "address_here": "  open it on a phone on the same network; on this machine: {address}",
        "saved_in": "  sessions are saved in {db}",
        "stop": "press Ctrl+C to stop",
        "resume": "{n}. resume {game}{name}: {steps} {steps|step|steps}, last used {when}",
        "which_session": "resume which (number), or Enter for a new session: ",
        "no_session": "no saved session yet: Enter for a new session: ",
        "which_game": "which game ({games}): ",
        "option": "{label}{values} [Enter: {default}]: ",
        "derived": "as the game sets it",
        "yes": "yes", "no": "no", "none": "none",
        "bad_option": "refused: {label}: type the number of a value as listed (1-{n}) or its word, not '{entry}'",
        "bad_yes_no": "refused: {label}: type yes or no (1 or 0), not '{entry}'",
        "bad_number": "refused: {label}: type a whole number{range}, not '{entry}'",
        "rolled": "rolled {faces}",
        "table": "table",
        "reveals": "  the table reveals: {what}",
        "reveal_any": "reveal the card or tile drawn, or roll the dice: choose what came up",
        "custom": "  or enter its printed values: chance custom {form}",
        "decide": "  decide: {action} ({text})",
        "decided": "decided for you: {action} — {text}",
        "no_policy": "no documented policy covers this choice: the table chooses",
        "over": "the game is over: {reason}",
        "winners": "winners: {winners}",
        "refused": "refused: {error}",
        "control_char": "refused: the line holds the control character {char}, which no step has",
        "undo_number": "error: 'undo {entry}': undo takes the number of a step, as 'log' lists them",
        "undone": "undone: {step}",
        "written": "written to {path}",
        "cannot_write": "error: cannot write {path}: {why}",
        "edit": "correction",
        "help": "a number, an option's words or its notation: play it for the seat that decides; 'decide': decide for us (the "
                "game's documented policy); 'undo [N]': take back the last step (or step N); "
                "'at SPOT': a player's turn played with the box, where its figure now stands; 'list': every option; 'edit set|add|del|put PATH [JSON]': correct the position; 'log': the steps so far; "
                "'record FILE' / 'scenario FILE': export; 'quit'",
    },
    "ru": {
        "roll": "  кубиков в броске: {n}; введите их номера сразу, например '{example}' (или по одному)",
        "turn_at": "  сыграно коробкой? 'at МЕСТО': где фигурка стоит теперь (сейчас {spots})",
        "turn_at_which": "  сыграно коробкой? 'at ОТКУДА МЕСТО': где теперь фигурка, стоявшая на ОТКУДА ({spots})",
        "turn_edit": "  'edit ...': что ещё изменилось (карты, броня, экипаж, здоровье)",
        "turn_end": "  '{end}': ход сыгран, завершить его (затем ходят враги)",
        "turn_list": "  'list': все варианты хода (их {n}) по одному, чтобы играть шаг за шагом",
        "at_how": "ошибка: 'at МЕСТО': место, где фигурка стоит теперь (она на {spots})",
        "at_which": "ошибка: 'at ОТКУДА МЕСТО': ОТКУДА — где стояла фигурка ({spots})",
        "stands_at": "фигурка {who} теперь стоит на месте {spot}",
        "at_unknown": "ошибка: '{entry}' — нет такого места на поле; по названию или id: {spots}",
        "refused_rule": "запрещено правилами ({rule})",
        "refused_field": "«{field}» не подходит",
        "refused_illegal": "сейчас такого хода в игре нет",
        "refused_other": "сервер отказал",
        "refused_stale": "другой телефон ответил раньше: вот позиция сейчас",
        "address": "компаньон на {address}",
        "address_here": "  откройте его на телефоне в той же сети; на этом компьютере: {address}",
        "saved_in": "  партии сохраняются в {db}",
        "stop": "остановить: Ctrl+C",
        "resume": "{n}. продолжить: {game}{name}: шагов {steps}, последний раз {when}",
        "which_session": "какую продолжить (номер) или Enter — новая партия: ",
        "no_session": "сохранённых партий пока нет: Enter — новая партия: ",
        "which_game": "какая игра ({games}): ",
        "option": "{label}{values} [Enter — по умолчанию: {default}]: ",
        "derived": "как задаст игра",
        "yes": "да", "no": "нет", "none": "ни одного",
        "bad_option": "отказано: {label}: введите номер значения из списка (1-{n}) или его слово, а не '{entry}'",
        "bad_yes_no": "отказано: {label}: введите да или нет (1 или 0), а не '{entry}'",
        "bad_number": "отказано: {label}: введите целое число{range}, а не '{entry}'",
        "rolled": "выпало {faces}",
        "table": "стол",
        "reveals": "  стол открывает: {what}",
        "reveal_any": "откройте вытянутую карту или тайл либо бросьте кубики: выберите, что выпало",
        "custom": "  или введите напечатанные значения: chance custom {form}",
        "decide": "  решить за стол (decide): {action} ({text})",
        "decided": "решено за вас: {action} — {text}",
        "no_policy": "этот выбор не покрыт ни одним описанным правилом выбора: выбирает стол",
        "over": "игра окончена: {reason}",
        "winners": "победители: {winners}",
        "refused": "отказано: {error}",
        "control_char": "отказано: в строке управляющий символ {char}, которого нет ни в одном шаге",
        "undo_number": "ошибка: 'undo {entry}': undo принимает номер шага, как их нумерует 'log'",
        "undone": "отменено: {step}",
        "written": "записано в {path}",
        "cannot_write": "ошибка: не удаётся записать {path}: {why}",
        "edit": "поправка",
        "help": "номер или действие: сыграть его за место, которое решает; 'decide': решить за стол "
                "(описанное правило выбора игры); 'undo [N]': отменить последний шаг (или шаг N); "
                "'at МЕСТО': ход, сыгранный коробкой, — где фигурка стоит теперь; 'list': все варианты; 'edit set|add|del|put ПУТЬ [JSON]': поправить позицию; 'log': шаги до сих пор; "
                "'record ФАЙЛ' / 'scenario ФАЙЛ': выгрузить; 'quit': выйти",
    },
    "uk": {
        "roll": "  кубиків у кидку: {n}; введіть їхні номери одразу, наприклад '{example}' (або по одному)",
        "turn_at": "  зіграно коробкою? 'at МІСЦЕ': де фігурка стоїть тепер (зараз {spots})",
        "turn_at_which": "  зіграно коробкою? 'at ЗВІДКИ МІСЦЕ': де тепер фігурка, що стояла на ЗВІДКИ ({spots})",
        "turn_edit": "  'edit ...': що ще змінилося (карти, броня, екіпаж, здоров'я)",
        "turn_end": "  '{end}': хід зіграно, завершити його (потім ходять вороги)",
        "turn_list": "  'list': усі варіанти ходу (їх {n}) по одному, щоб грати крок за кроком",
        "at_how": "помилка: 'at МІСЦЕ': місце, де фігурка стоїть тепер (вона на {spots})",
        "at_which": "помилка: 'at ЗВІДКИ МІСЦЕ': ЗВІДКИ — де стояла фігурка ({spots})",
        "stands_at": "фігурка {who} тепер стоїть на місці {spot}",
        "at_unknown": "помилка: '{entry}' — немає такого місця на полі; за назвою або id: {spots}",
        "refused_rule": "заборонено правилами ({rule})",
        "refused_field": "«{field}» не підходить",
        "refused_illegal": "зараз такого ходу в грі немає",
        "refused_other": "сервер відмовив",
        "refused_stale": "інший телефон відповів раніше: ось позиція зараз",
        "address": "компаньйон на {address}",
        "address_here": "  відкрийте його на телефоні в тій самій мережі; на цьому комп'ютері: {address}",
        "saved_in": "  партії зберігаються в {db}",
        "stop": "зупинити: Ctrl+C",
        "resume": "{n}. продовжити: {game}{name}: кроків {steps}, востаннє {when}",
        "which_session": "яку продовжити (номер) або Enter — нова партія: ",
        "no_session": "збережених партій поки немає: Enter — нова партія: ",
        "which_game": "яка гра ({games}): ",
        "option": "{label}{values} [Enter — типово: {default}]: ",
        "derived": "як задасть гра",
        "yes": "так", "no": "ні", "none": "жодного",
        "bad_option": "відмовлено: {label}: введіть номер значення зі списку (1-{n}) або його слово, а не '{entry}'",
        "bad_yes_no": "відмовлено: {label}: введіть так або ні (1 або 0), а не '{entry}'",
        "bad_number": "відмовлено: {label}: введіть ціле число{range}, а не '{entry}'",
        "rolled": "випало {faces}",
        "table": "стіл",
        "reveals": "  стіл відкриває: {what}",
        "reveal_any": "відкрийте витягнуту карту чи тайл або киньте кубики: оберіть, що випало",
        "custom": "  або введіть надруковані значення: chance custom {form}",
        "decide": "  вирішити за стіл (decide): {action} ({text})",
        "decided": "вирішено за вас: {action} — {text}",
        "no_policy": "цей вибір не покриває жодне описане правило вибору: обирає стіл",
        "over": "гру закінчено: {reason}",
        "winners": "переможці: {winners}",
        "refused": "відмовлено: {error}",
        "control_char": "відмовлено: у рядку керівний символ {char}, якого немає в жодному кроці",
        "undo_number": "помилка: 'undo {entry}': undo приймає номер кроку, як їх нумерує 'log'",
        "undone": "скасовано: {step}",
        "written": "записано в {path}",
        "cannot_write": "помилка: не вдається записати {path}: {why}",
        "edit": "поправка",
        "help": "номер або дія: зіграти її за місце, яке вирішує; 'decide': вирішити за стіл "
                "(описане правило вибору гри); 'undo [N]': скасувати останній крок (або крок N); "
                "'at МІСЦЕ': хід, зіграний коробкою, — де фігурка стоїть тепер; 'list': усі варіанти; 'edit set|add|del|put ШЛЯХ [JSON]': виправити позицію; 'log': кроки досі; "
                "'record ФАЙЛ' / 'scenario ФАЙЛ': вивантажити; 'quit': вийти",
    },
}


def said(lang: str, key: str, **values: Any) -> str:
    """The flow's words ``key`` in ``lang`` (English where the language has none), filled."""
    phrase = WORDS.get(lang, WORDS["en"]).get(key, WORDS["en"][key])
    return fill_plurals(phrase, values).format(**values)  # "{steps|step|steps}" (core/plural.py)


class GameSpeaker:
    """A game's words in the terminal companion's language, from what a snapshot carries:
    the server's snapshot holds the deciding seat's view, the decision and the raw events,
    which is all the game's terminal renderer needs to say the question, the options and
    the events as ``wasteland play --lang`` does. Nothing here names a game: the renderer
    and the page's words come through the game's spec."""

    def __init__(self, spec: Any, lang: str) -> None:
        self.spec, self.lang = spec, lang
        renderer = spec.renderer
        if renderer is not None:
            renderer = renderer.in_language(lang)
        self.renderer = renderer
        self.page = words_of_game(spec, lang) if lang != "en" else None
        self.english = words_of_game(spec, "en")
        self.outcomes = self._outcome_names()

    def _outcome_names(self) -> dict[str, str]:
        """A chance outcome's id -> the name of the card or tile it is, in this language (the
        page's ``outcomeLabel``: the components' words, keyed without their kind)."""
        texts = self.spec.component_texts
        names: dict[str, str] = {}
        for key, entry in (texts.catalogue(self.lang) if texts is not None else {}).items():
            names.setdefault(key.partition(":")[2], entry.get("name") or "")
        return names

    def decision(self, d: dict[str, Any]) -> Any:
        return Decision(d["seat"], d["kind"], tuple(d["actions"]), d.get("prompt", ""), d.get("rule", ""))

    def prompt(self, d: dict[str, Any], view: dict[str, Any] | None) -> str:
        """The question, starting with a capital in every language (a game's own words may not)."""
        said = d.get("prompt", "") if self.renderer is None else (
            self.renderer.prompt_text(self.decision(d), view) or d.get("prompt", ""))
        return said[:1].upper() + said[1:]

    def action(self, action: str, view: dict[str, Any] | None) -> str:
        """An option in words, in every language: the names of what it moves, plays or
        reaches, never their ids (the notation is still what may be typed). A chance
        outcome the game's words do not name is the card or tile it is, else the outcome
        itself (a die's face), as the page shows it."""
        words = action if self.renderer is None else self.renderer.action_text(action, view) or action
        if words == action and action.startswith("chance "):
            outcome = action.removeprefix("chance ")
            return self.outcomes.get(outcome) or outcome
        return words

    def step(self, step: str, view: dict[str, Any] | None) -> str:
        """A step of the log in words: a correction by its kind, a step of several actions
        (the dice of one roll, a turn entered as its result) each in words."""
        if step == "edit" or step.startswith("edit "):
            return said(self.lang, "edit")
        faces = re.fullmatch(r"chance \d+(?:;chance \d+)*", step.replace(" ;", ";").replace("; ", ";"))
        if faces:  # the dice of one roll (core.chance.roll's outcomes are faces): what they showed
            return said(self.lang, "rolled", faces=", ".join(re.findall(r"\d+", step)))
        return "; ".join(self.action(a.strip(), view) for a in step.split(";") if a.strip())

    def spots(self, view: dict[str, Any] | None) -> dict[str, str]:
        """Every spot of the board by its id, with its name ({} where spots are hexes,
        written as the board shows them)."""
        names = getattr(self.renderer, "spot_names", None)
        return dict(names(view)) if names is not None and view else {}

    def spot(self, spot: str, view: dict[str, Any] | None) -> str:
        return self.spots(view).get(spot, spot)

    def spot_typed(self, typed: str, view: dict[str, Any] | None) -> str | None:
        """The spot a person typed, by its name or its id in any case; the text as typed where
        spots have no names (a hex), None where it names no spot."""
        names = self.spots(view)
        if not names:
            return typed
        low = typed.strip().casefold()
        return next((sid for sid, name in names.items() if low in (sid.casefold(), name.casefold())), None)

    def value(self, option: Any, value: Any) -> str:
        """An option's value by its name in this language: the page's word for it, the
        component it is (a character), the English page's word, else its id made readable."""
        key = f"option.{option.name}.{value}"
        word = (self.page.own_text(key) if self.page is not None else None) or self.outcomes.get(str(value)) \
            or (self.english.own_text(key) if self.english is not None else None)
        if word:
            return word
        text = str(value).replace("_", " ")
        return text[:1].upper() + text[1:]

    def event(self, event: dict[str, Any]) -> str:
        if event.get("type") == "correction" and self.lang != "en":
            # the correction's changes as typed (paths of the position), introduced in the table's words
            changes = [f"{c.get('path')}" + ("" if c.get("value") is None else f" = {json.dumps(c['value'], ensure_ascii=False)}")
                       for c in event.get("changes") or [] if isinstance(c, dict)]
            return f"{said(self.lang, 'edit')}: {'; '.join(changes)}" if changes else event.get("text", "")
        if self.renderer is None or event.get("type") == "correction":
            return event.get("text", "")
        return self.renderer.event_text(self.spec.engine, event) or event.get("text", "")

    def reason(self, outcome: dict[str, Any]) -> str:
        if self.renderer is None or not outcome.get("reason"):
            return outcome.get("reason", "")
        return self.renderer.end_reason(Outcome(tuple(outcome.get("winners", ())), outcome["reason"]))

    def rule(self, anchor: str) -> str | None:
        """The title of the rule ``anchor`` in this language (a refusal's message is the
        engine's English: the rule it names is said beside it in the table's words)."""
        try:
            found = rules_reference.rule_text(self.spec, anchor, self.lang)
        except (ValueError, LookupError):  # no reference, or none in this language
            return None
        return found.title if found is not None and found.lang == self.lang else None

    def title(self) -> str:
        page = self.page
        return page.t("game.title") if page is not None and page.has("game.title") else self.spec.title

    def option(self, name: str, value: Any = None) -> str | None:
        """The page's label of an option (or of one of its values) in this language, or None."""
        if self.page is None:
            return None
        key = f"option.{name}" if value is None else f"option.{name}.{value}"
        return self.page.own_text(key)
