// The companion page's own words in English, Russian and Ukrainian (the games' words come
// from their own strings through i18n.js).
import { lang } from "./i18n.js";

const WORDS = {
  en: {
    turn_correct: "Where things stand now", step_by_step: "Step by step", turn_end: "Turn played: end it", phase_end: "Phase played: end it",
    board: "The board",
    roll_pick: "Dice rolled together: {n}. Tap the face each one shows, in any order", roll_so_far: "Entered: {k} of {n}",
    roll_take_back: "Take back {face}", adjust: "What else changed",
    share: "Other phones", share_code: "Code {code}", share_qr: "QR code of the session {code}",
    share_hint: "Scan it with another phone, or open the companion there and type the code.", share_link: "Link to this session",
    join: "Join a table", join_code: "The code on the first phone", join_go: "Join",
    offline: "Connection lost: your taps are kept and sent when it is back ({n} waiting)",
    other_first: "Another phone answered first: here is the position now", back_here: "Back to here",
    settings: "Settings", font: "Text size", font_smaller: "Smaller text", font_larger: "Larger text",
    contrast: "High contrast", speak: "Read each step aloud", awake: "The screen stays on while a session is open.",
    awake_no: "This browser cannot keep the screen on.",
    replay: "Replay step by step",
    custom_card: "a card as printed",
    unnamed: "played {when}",
    player_edits: "Players' figures", refused_rule: "the rules forbid it ({rule})", refused_field: "“{field}” does not fit",
    refused_illegal: "not a move of this game now", refused_other: "the server refused it",
    title: "Table companion", tagline: "The engine runs the enemies; the table plays the box",
    new: "New session", game: "Game", start: "Set up", sessions: "Saved sessions", none: "No session yet",
    resume: "Resume", steps: "{n} steps", name: "Name of the session", default: "as the rules set it up",
    random: "dealt at random", create: "Start the session", seat: "Seat {n}",
    params: "Tuned numbers (for designers)", params_hint: "Lines of NAME = NUMBER for this session only; empty: the game's own numbers.",
    params_bad: "{name} must be a whole number from {low} to {high} ({rule})", params_unknown: "this game has no {name}; it has {names}",
    params_unreadable: "write lines of NAME = NUMBER ({error})",
    decides: "{who} decides", table: "The table", over: "The game is over", winners: "Winners: {list}",
    decide: "Decide for us", policy: "Policy: {text}", decided: "Decided for you by the policy: {text}",
    reveal: "The table reveals: {what}", pick: "Pick what the table revealed", custom: "Or enter its printed values",
    custom_hint: "format: {format}", custom_go: "Enter these values", happened: "What happened",
    next: "Next", all: "Show all", nothing: "Nothing yet", correct: "Correct the position",
    correcting: "Tap a place on the board to change what stands there", done: "Done correcting", edit: "Correction (notation)",
    edit_go: "Apply", pick_hex: "Now tap where it goes", cancel: "Cancel", undo: "Undo the last step",
    undo_this: "Undo", log: "Steps", export: "Export", record: "Game record", scenario: "Scenario file",
    table_edits: "Wind and weather", no_edits: "This game cannot correct its positions here",
    rule: "Rule", error: "Refused: {error}", step_undone: "Undone: {step}", lobby: "Sessions",
    hex: "Hex {hex}", no_chance: "The generator answers chance in this game",
    rolled: "rolled {faces}", corrected: "Correction", by_policy: "chosen by the policy", no_attack: "No attack", run: "Run the enemies for us", run_hint: "every choice by the policy, until the table must answer (a card, or a choice no policy covers)",
  },
  ru: {
    turn_correct: "Как всё стоит теперь", step_by_step: "Шаг за шагом", turn_end: "Ход сыгран: завершить", phase_end: "Фаза сыграна: завершить",
    board: "Игровое поле",
    roll_pick: "Кубиков в броске: {n}. Коснитесь выпавшей грани каждого, в любом порядке", roll_so_far: "Введено: {k} из {n}",
    roll_take_back: "Убрать {face}", adjust: "Что ещё изменилось",
    share: "Другие телефоны", share_code: "Код {code}", share_qr: "QR-код сессии {code}",
    share_hint: "Отсканируйте его другим телефоном или откройте там помощника и введите код.", share_link: "Ссылка на эту сессию",
    join: "Присоединиться к столу", join_code: "Код с первого телефона", join_go: "Присоединиться",
    offline: "Связь потеряна: нажатия сохранены и будут отправлены, когда она вернётся (ждут: {n})",
    other_first: "Другой телефон ответил раньше: вот позиция сейчас", back_here: "Вернуться сюда",
    settings: "Настройки", font: "Размер текста", font_smaller: "Мельче", font_larger: "Крупнее",
    contrast: "Высокий контраст", speak: "Читать каждый шаг вслух", awake: "Экран не гаснет, пока открыта сессия.",
    awake_no: "Этот браузер не умеет держать экран включённым.",
    replay: "Повтор по шагам",
    custom_card: "карта с напечатанными значениями",
    unnamed: "игра от {when}",
    player_edits: "Фигурки игроков", refused_rule: "запрещено правилами ({rule})", refused_field: "«{field}» не подходит",
    refused_illegal: "сейчас такого хода в игре нет", refused_other: "сервер отказал",
    title: "Помощник за столом", tagline: "Движок ведёт врагов, стол играет коробкой",
    new: "Новая сессия", game: "Игра", start: "Подготовка", sessions: "Сохранённые сессии", none: "Сессий пока нет",
    resume: "Продолжить", steps: "шагов: {n}", name: "Название сессии", default: "как в правилах",
    random: "случайно", create: "Начать сессию", seat: "Место {n}",
    params: "Подобранные числа (для авторов игр)", params_hint: "Строки ИМЯ = ЧИСЛО только для этой сессии; пусто — собственные числа игры.",
    params_bad: "{name} — целое число от {low} до {high} ({rule})", params_unknown: "в этой игре нет {name}; есть {names}",
    params_unreadable: "пишите строки ИМЯ = ЧИСЛО ({error})",
    decides: "Решает {who}", table: "Стол", over: "Игра окончена", winners: "Победители: {list}",
    decide: "Решите за нас", policy: "Правило выбора: {text}", decided: "Выбрано по правилу: {text}",
    reveal: "Стол открывает: {what}", pick: "Выберите, что открыл стол", custom: "Или введите напечатанные значения",
    custom_hint: "формат: {format}", custom_go: "Ввести значения", happened: "Что произошло",
    next: "Дальше", all: "Показать всё", nothing: "Пока ничего", correct: "Исправить позицию",
    correcting: "Коснитесь места на поле, чтобы изменить то, что на нём", done: "Готово", edit: "Исправление (нотация)",
    edit_go: "Применить", pick_hex: "Теперь коснитесь места, куда его поставить", cancel: "Отмена",
    undo: "Отменить последний шаг", undo_this: "Отменить", log: "Шаги", export: "Экспорт", record: "Запись партии",
    scenario: "Файл сценария", table_edits: "Ветер и погода", no_edits: "Позицию этой игры здесь исправить нельзя",
    rule: "Правило", error: "Отказано: {error}", step_undone: "Отменено: {step}", lobby: "Сессии",
    hex: "Гекс {hex}", no_chance: "В этой игре случай решает генератор",
    rolled: "выпало {faces}", corrected: "Исправление", by_policy: "выбрано правилом выбора", no_attack: "Без атаки", run: "Пусть враги ходят сами", run_hint: "каждый выбор по правилу выбора, пока не понадобится ответ стола (карта или выбор, который правило не решает)",
  },
  uk: {
    turn_correct: "Як усе стоїть тепер", step_by_step: "Крок за кроком", turn_end: "Хід зіграно: завершити", phase_end: "Фазу зіграно: завершити",
    board: "Ігрове поле",
    roll_pick: "Кубиків у кидку: {n}. Торкніться грані, що випала на кожному, у будь-якому порядку", roll_so_far: "Введено: {k} з {n}",
    roll_take_back: "Прибрати {face}", adjust: "Що ще змінилося",
    share: "Інші телефони", share_code: "Код {code}", share_qr: "QR-код сесії {code}",
    share_hint: "Відскануйте його іншим телефоном або відкрийте там помічника й введіть код.", share_link: "Посилання на цю сесію",
    join: "Приєднатися до столу", join_code: "Код з першого телефону", join_go: "Приєднатися",
    offline: "Зв’язок втрачено: натискання збережено й буде надіслано, коли він повернеться (чекають: {n})",
    other_first: "Інший телефон відповів раніше: ось позиція зараз", back_here: "Повернутися сюди",
    settings: "Налаштування", font: "Розмір тексту", font_smaller: "Дрібніше", font_larger: "Більше",
    contrast: "Висока контрастність", speak: "Читати кожен крок уголос", awake: "Екран не гасне, поки відкрита сесія.",
    awake_no: "Цей браузер не вміє тримати екран увімкненим.",
    replay: "Повтор за кроками",
    custom_card: "карта з надрукованими значеннями",
    unnamed: "гра від {when}",
    player_edits: "Фігурки гравців", refused_rule: "заборонено правилами ({rule})", refused_field: "«{field}» не підходить",
    refused_illegal: "зараз такого ходу в грі немає", refused_other: "сервер відмовив",
    title: "Помічник за столом", tagline: "Рушій веде ворогів, стіл грає коробкою",
    new: "Нова сесія", game: "Гра", start: "Підготовка", sessions: "Збережені сесії", none: "Сесій ще немає",
    resume: "Продовжити", steps: "кроків: {n}", name: "Назва сесії", default: "як у правилах",
    random: "випадково", create: "Почати сесію", seat: "Місце {n}",
    params: "Підібрані числа (для авторів ігор)", params_hint: "Рядки НАЗВА = ЧИСЛО лише для цієї сесії; порожньо — власні числа гри.",
    params_bad: "{name} — ціле число від {low} до {high} ({rule})", params_unknown: "у цій грі немає {name}; є {names}",
    params_unreadable: "пишіть рядки НАЗВА = ЧИСЛО ({error})",
    decides: "Вирішує {who}", table: "Стіл", over: "Гру закінчено", winners: "Переможці: {list}",
    decide: "Вирішіть за нас", policy: "Правило вибору: {text}", decided: "Обрано за правилом: {text}",
    reveal: "Стіл відкриває: {what}", pick: "Оберіть, що відкрив стіл", custom: "Або введіть надруковані значення",
    custom_hint: "формат: {format}", custom_go: "Ввести значення", happened: "Що сталося",
    next: "Далі", all: "Показати все", nothing: "Поки нічого", correct: "Виправити позицію",
    correcting: "Торкніться місця на полі, щоб змінити те, що на ньому", done: "Готово", edit: "Виправлення (нотація)",
    edit_go: "Застосувати", pick_hex: "Тепер торкніться місця, куди його поставити", cancel: "Скасувати",
    undo: "Скасувати останній крок", undo_this: "Скасувати", log: "Кроки", export: "Експорт", record: "Запис партії",
    scenario: "Файл сценарію", table_edits: "Вітер і погода", no_edits: "Позицію цієї гри тут виправити не можна",
    rule: "Правило", error: "Відмовлено: {error}", step_undone: "Скасовано: {step}", lobby: "Сесії",
    hex: "Гекс {hex}", no_chance: "У цій грі випадок вирішує генератор",
    rolled: "випало {faces}", corrected: "Виправлення", by_policy: "обрано правилом вибору", no_attack: "Без атаки", run: "Нехай вороги ходять самі", run_hint: "кожен вибір за правилом вибору, доки не знадобиться відповідь столу (карта або вибір, який правило не вирішує)",
  },
};

/** The companion's word ``key`` in the page's language, {placeholders} filled. */
export function w(key, params = {}) {
  const s = (WORDS[lang()] || WORDS.en)[key] ?? WORDS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (params[k] === undefined ? m : String(params[k])));
}

export const COMPANION_WORDS = WORDS;

/** A correction's event in words: each change in the game's words where its companion
 *  module has them (``editText``), else as the notation reads. */
export function correctionText(e, edits = {}, ctx = {}) {
  const words = (c) => (edits.editText ? edits.editText(c, ctx)
    : `${c.verb} ${c.path}${c.value === null || c.value === undefined ? "" : ` = ${JSON.stringify(c.value)}`}`);
  const parts = (e.changes || []).map(words).filter(Boolean);
  return `${w("corrected")}: ${parts.join("; ")}`;
}

/** ``chance custom KEY=VALUE ...`` in words: the card the table entered by its printed
 *  values, each by its label in the game's companion module (``customLabel``); null
 *  where the module has no labels. */
export function customCardText(action, edits = {}) {
  if (!edits.customLabel) return null;
  const values = [...action.matchAll(/(\w+)=(\S*)/g)].map(([, k, v]) => `${edits.customLabel(k)}: ${edits.customLabel(k, v)}`);
  return `${w("custom_card")} (${values.join(", ")})`;
}
