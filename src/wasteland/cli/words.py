"""The terminal front end's own words in English, Russian and Ukrainian (the game's
renderer says the rest: board, questions, options, events). The commands a person types
(help, board, options, log, undo, save, quit) stay as they are in every language."""

from __future__ import annotations

from typing import Any

from wasteland.core.plural import fill_plurals

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "ask": "{seat} {kind} (1-{n}, help) > ",
        "more_options": "  … {n} more {n|line|lines}: 'options' lists them all",
        "earlier": "… {n} earlier {n|line|lines}: 'log' shows them",
        "map_lines": "map lines {first}-{last} of {total} · 'board' draws it whole with the panel",
        "no_option": "there is no option {n}: choose a number from 1 to {count}",
        "could_be": "'{entry}' could be any of: {options}",
        "not_allowed": "'{entry}' is not allowed: {error}",
        "breaks_rule": "it breaks {anchor}; 'help {anchor}' says the rule",
        "not_an_action": "it is not one of this game's actions",
        "control_char": "the entry holds the control character {char}, which no action or command has",
        "too_long": "the entry is {n} {n|character|characters} long; no action or command is longer than {most}",
        "rule_help": "'help {anchor}' says the rule",
        "type_number": "  (type a number from the list, or 'help')",
        "hand_over": "{seat} to play: hand over the keyboard, then press Enter > ",
        "since": "since {seat} last played",
        "nothing_to_undo": "nothing to undo: no action has been played yet",
        "not_own": "the last action ('{action}') was {seat}'s: you can take back only your own actions, and "
                   "only until another seat has acted",
        "revealed": "'{action}' revealed hidden information (a card, a tile or a random result): it cannot be "
                    "taken back",
        "took_back": "↶ took back {seat}'s '{action}'",
        "game_over": "GAME OVER",
        "winners": "winners: {winners}",
        "everybody_loses": "everybody loses",
        "record_note": "The game record is in {path} (step through it with: wasteland replay {path})",
        "stopped": "Stopped. The game is saved in {path}; resume with: wasteland play {game} --load {path}",
        "saved": "Saved {n} {n|action|actions} to {path}. Resume with: wasteland play {game} --load {path}",
        "bot.random": "random", "bot.heuristic": "heuristic", "bot.ismcts": "ISMCTS",
        "summary": "{options}, seed {seed}", "you": "you", "seats": "Seats: {seats}",
        "saving": "Saving after every action to {path} (resume: wasteland play {game} --load {path})",
        "type": "Type a number or an action; 'help' explains the question.",
        "resumed": "Resumed after {n} {n|action|actions}.",
        "watch_title": "{options}, seed {seed}; seats: {seats}", "record_written": "record written to {path}",
        "result": "Result:", "nobody": "nobody",
        "result_line": "winners: {winners}; {reason}; {n} {n|action|actions}; seed {seed} (watch it again with --seed {seed}).",
        "replay_setup": "Set-up (seed {seed}) · {n} {n|action|actions} in the record", "correction": "correction", "table": "table", "by_policy": "chosen by the policy",
        "replay_step": "Action {i}/{n} · {who}: {action}",
        "replay_ask": "step {i}/{n} (Enter next, b back, NUMBER jump, q quit) > ",
        "replay_unfinished": "End of the record (the game was not finished).",
        "replay_end": "End of the record. GAME OVER: {said} — {reason}",
    },
    "ru": {
        "ask": "{seat} {kind} (1-{n}, help) > ",
        "kind": "выбор",
        "more_options": "  … ещё строк: {n}; 'options' покажет все варианты",
        "earlier": "… ранних строк: {n}; 'log' покажет их",
        "map_lines": "строки карты {first}-{last} из {total} · 'board' рисует её целиком с панелью",
        "no_option": "варианта {n} нет: выберите число от 1 до {count}",
        "could_be": "'{entry}' может значить любой из вариантов: {options}",
        "not_allowed": "'{entry}' нельзя: {error}",
        "breaks_rule": "это против правила {anchor}; 'help {anchor}' расскажет его",
        "not_an_action": "в этой игре такого действия нет",
        "control_char": "во вводе управляющий символ {char}, которого нет ни в одном действии или команде",
        "too_long": "во вводе {n} символов; ни одно действие или команда не длиннее {most}",
        "rule_help": "'help {anchor}' расскажет правило",
        "type_number": "  (введите номер из списка или 'help')",
        "hand_over": "Ходит {seat}: передайте клавиатуру и нажмите Enter > ",
        "since": "с прошлого хода {seat}",
        "nothing_to_undo": "отменять нечего: ещё не сделано ни одного действия",
        "not_own": "последнее действие ('{action}') сделал {seat}: отменять можно только свои действия и только "
                   "пока не походило другое место",
        "revealed": "'{action}' открыло скрытое (карту, тайл или случайный результат): его нельзя отменить",
        "took_back": "↶ отменено действие {seat} '{action}'",
        "game_over": "ИГРА ОКОНЧЕНА",
        "winners": "победители: {winners}",
        "everybody_loses": "проиграли все",
        "record_note": "Запись партии — в {path} (просмотр по шагам: wasteland replay {path})",
        "stopped": "Остановлено. Партия сохранена в {path}; продолжить: wasteland play {game} --load {path}",
        "saved": "Сохранено действий: {n}, в {path}. Продолжить: wasteland play {game} --load {path}",
        "bot.random": "случайный", "bot.heuristic": "эвристический", "bot.ismcts": "ISMCTS",
        "summary": "{options}, зерно {seed}", "you": "вы", "seats": "Места: {seats}", "players": "игроков {n}",
        "saving": "Партия сохраняется после каждого действия в {path} (продолжить: wasteland play {game} --load "
                  "{path})",
        "type": "Введите номер или действие; 'help' объясняет вопрос.",
        "resumed": "Продолжено после действий: {n}.",
        "watch_title": "{options}, зерно {seed}; места: {seats}", "record_written": "запись партии — в {path}",
        "result": "Итог:", "nobody": "никто",
        "result_line": "победители: {winners}; {reason}; действий: {n}; зерно {seed} (ещё раз: --seed {seed}).",
        "replay_setup": "Подготовка (зерно {seed}) · действий в записи: {n}", "correction": "поправка", "table": "стол", "by_policy": "выбрано правилом выбора",
        "replay_step": "Действие {i}/{n} · {who}: {action}",
        "replay_ask": "шаг {i}/{n} (Enter — дальше, b — назад, число — перейти, q — выход) > ",
        "replay_unfinished": "Конец записи (партия не закончена).",
        "replay_end": "Конец записи. ИГРА ОКОНЧЕНА: {said} — {reason}",
    },
    "uk": {
        "ask": "{seat} {kind} (1-{n}, help) > ",
        "kind": "вибір",
        "more_options": "  … ще рядків: {n}; 'options' покаже всі варіанти",
        "earlier": "… раніших рядків: {n}; 'log' покаже їх",
        "map_lines": "рядки мапи {first}-{last} з {total} · 'board' малює її цілком із панеллю",
        "no_option": "варіанта {n} немає: оберіть число від 1 до {count}",
        "could_be": "'{entry}' може означати будь-який із варіантів: {options}",
        "not_allowed": "'{entry}' не можна: {error}",
        "breaks_rule": "це проти правила {anchor}; 'help {anchor}' розповість його",
        "not_an_action": "у цій грі такої дії немає",
        "control_char": "у введенні керівний символ {char}, якого немає в жодній дії чи команді",
        "too_long": "у введенні {n} символів; жодна дія чи команда не довша за {most}",
        "rule_help": "'help {anchor}' розповість правило",
        "type_number": "  (введіть номер зі списку або 'help')",
        "hand_over": "Ходить {seat}: передайте клавіатуру й натисніть Enter > ",
        "since": "від минулого ходу {seat}",
        "nothing_to_undo": "скасовувати нічого: ще не зроблено жодної дії",
        "not_own": "останню дію ('{action}') зробив {seat}: скасовувати можна лише свої дії й лише доки не "
                   "походило інше місце",
        "revealed": "'{action}' відкрила приховане (карту, тайл чи випадковий результат): її не можна скасувати",
        "took_back": "↶ скасовано дію {seat} '{action}'",
        "game_over": "ГРУ ЗАКІНЧЕНО",
        "winners": "переможці: {winners}",
        "everybody_loses": "програли всі",
        "record_note": "Запис партії — у {path} (перегляд за кроками: wasteland replay {path})",
        "stopped": "Зупинено. Партію збережено в {path}; продовжити: wasteland play {game} --load {path}",
        "saved": "Збережено дій: {n}, у {path}. Продовжити: wasteland play {game} --load {path}",
        "bot.random": "випадковий", "bot.heuristic": "евристичний", "bot.ismcts": "ISMCTS",
        "summary": "{options}, зерно {seed}", "you": "ви", "seats": "Місця: {seats}", "players": "гравців {n}",
        "saving": "Партія зберігається після кожної дії в {path} (продовжити: wasteland play {game} --load "
                  "{path})",
        "type": "Введіть номер або дію; 'help' пояснює питання.",
        "resumed": "Продовжено після дій: {n}.",
        "watch_title": "{options}, зерно {seed}; місця: {seats}", "record_written": "запис партії — у {path}",
        "result": "Підсумок:", "nobody": "ніхто",
        "result_line": "переможці: {winners}; {reason}; дій: {n}; зерно {seed} (ще раз: --seed {seed}).",
        "replay_setup": "Підготовка (зерно {seed}) · дій у записі: {n}", "correction": "виправлення", "table": "стіл", "by_policy": "обрано правилом вибору",
        "replay_step": "Дія {i}/{n} · {who}: {action}",
        "replay_ask": "крок {i}/{n} (Enter — далі, b — назад, число — перейти, q — вихід) > ",
        "replay_unfinished": "Кінець запису (партію не закінчено).",
        "replay_end": "Кінець запису. ГРУ ЗАКІНЧЕНО: {said} — {reason}",
    },
}


BOT_WORDS = ("random", "heuristic", "ismcts")


def bot_word(lang: str, name: str) -> str:
    """A bot's name as the person reads it ("heuristic" -> "эвристический")."""
    return say(lang, f"bot.{name}") if name in BOT_WORDS else name


def say(lang: str, key: str, **values: Any) -> str:
    """The front end's phrase ``key`` in ``lang`` (English where it has none)."""
    phrase = WORDS.get(lang, {}).get(key, WORDS["en"].get(key, key))
    return fill_plurals(phrase, values).format(**values)  # "{n|line|lines}" (core/plural.py)
