"""The quest's words for the terminal, in our own words: what each verb does (with its
rule), short help topics, decision prompts (what a component says is ``texts``).
English, Russian, Ukrainian; the terminal and the browser fall back to English."""

from __future__ import annotations

from wasteland.core.terminal import VerbHelp

LANGUAGES = ("en", "ru", "uk")

# verb -> (form, rule, {lang: what it does})
VERBS: dict[str, tuple[str, str, dict[str, str]]] = {
    "move": ("move ZONE DIE", "WQ-40.3", {
        "en": "Move (1+): step into a neighbouring zone with room; not while trapped or buried.",
        "ru": "Шаг (1+): перейти в соседнюю зону, где есть место; нельзя в ловушке или под завалом.",
        "uk": "Крок (1+): перейти до сусідньої зони, де є місце; не можна в пастці чи під завалом."}),
    "run": ("run ZONE DIE", "WQ-40.3", {
        "en": "Run (3+): go two zones at once; not while trapped. Running tires the hero (fatigue).",
        "ru": "Бег (3+): пройти сразу две зоны; нельзя в ловушке. После бега герой устаёт (усталость).",
        "uk": "Біг (3+): пройти одразу дві зони; не можна в пастці. Після бігу герой втомлюється (втома)."}),
    "attack": ("attack MODEL DIE", "WQ-40.3", {
        "en": "Strike an enemy in your zone or next to it (2+); a 6, or any hit on a diseased enemy, is critical.",
        "ru": "Удар по врагу в вашей или соседней зоне (2+); шестёрка или любое попадание по больному врагу — критическое.",
        "uk": "Удар по ворогу у вашій або сусідній зоні (2+); шістка чи будь-яке влучання по хворому ворогу — критичне."}),
    "recover": ("recover DIE", "WQ-40.4", {
        "en": "Recover (1+): heal two wounds.",
        "ru": "Отдых (1+): вылечить две раны.",
        "uk": "Відпочинок (1+): вилікувати дві рани."}),
    "explore": ("explore DIE", "WQ-38.1", {
        "en": "At the closed gate (1+): draw an exploration card; the game lays the tile and its enemies.",
        "ru": "У закрытых врат (1+): взять карту разведки; игра выкладывает участок и его врагов.",
        "uk": "Біля зачиненої брами (1+): узяти карту розвідки; гра викладає ділянку та її ворогів."}),
    "free": ("free HERO DIE", "WQ-40.3", {
        "en": "Free yourself or a hero next to you from a trap (4+).",
        "ru": "Освободить себя или соседнего героя из ловушки (4+).",
        "uk": "Звільнити себе чи сусіднього героя з пастки (4+)."}),
    "dig": ("dig DIE", "WQ-40.3", {
        "en": "Dig yourself out when buried (3+).",
        "ru": "Выбраться из-под завала (3+).",
        "uk": "Вибратися з-під завалу (3+)."}),
    "inspire": ("inspire DIE", "WQ-40.4", {
        "en": "Spend an inspiration point: one of your activation dice goes up by 1.",
        "ru": "Потратить очко вдохновения: один ваш кубик активации растёт на 1.",
        "uk": "Витратити очко натхнення: один ваш кубик активації зростає на 1."}),
    "end": ("end", "WQ-40.2", {
        "en": "End your activation; unused activation dice are lost.",
        "ru": "Закончить активацию; неиспользованные кубики пропадают.",
        "uk": "Завершити активацію; невикористані кубики пропадають."}),
    "give": ("give DIE", "WQ-40.3", {
        "en": "Stunned: give up one activation or destiny die before acting.",
        "ru": "Потрясён: отдать один кубик активации или судьбы перед действием.",
        "uk": "Приголомшений: віддати один кубик активації чи долі перед дією."}),
    "place": ("place GATE", "WQ-38.3", {
        "en": "Lay the tile with this gate position on the closed gate; the gate opens.",
        "ru": "Положить участок этой позицией врат к закрытым вратам; врата открываются.",
        "uk": "Покласти ділянку цією позицією брами до зачиненої брами; брама відчиняється."}),
    "close": ("close GATE", "WQ-38.3", {
        "en": "Several positions are furthest: choose where the new closed gate goes.",
        "ru": "Самых дальних позиций несколько: выберите, где встанут новые закрытые врата.",
        "uk": "Найдальших позицій кілька: оберіть, де стане нова зачинена брама."}),
    "anchor": ("anchor ZONE", "WQ-39.1", {
        "en": "Mystic items equally near a hero: choose the one the group gathers by.",
        "ru": "Мистические предметы одинаково близко к героям: выберите, у какого соберётся группа.",
        "uk": "Містичні предмети однаково близько до героїв: оберіть, біля якого збереться група."}),
    "deploy": ("deploy MODEL ZONE", "WQ-39.1", {
        "en": "Choose the zone this enemy stands in, among those the deployment rules allow.",
        "ru": "Выберите зону для этого врага из тех, что разрешают правила расстановки.",
        "uk": "Оберіть зону для цього ворога з тих, що дозволяють правила розстановки."}),
    "beside": ("beside ENEMY", "WQ-39.1", {
        "en": "Fewer places by the item or gate than enemies that could take them: choose the enemy that stands there.",
        "ru": "Мест у предмета или врат меньше, чем врагов, что могли бы их занять: выберите, какой враг встанет там.",
        "uk": "Місць біля предмета чи брами менше, ніж ворогів, що могли б їх зайняти: оберіть, який ворог стане там."}),
    "master": ("master GROUP", "WQ-40.4", {
        "en": "Groups equally far from the heroes: choose the one that moves.",
        "ru": "Группы одинаково далеко от героев: выберите ту, что сдвинется.",
        "uk": "Групи однаково далеко від героїв: оберіть ту, що зрушить."}),
    "step": ("step MODEL ZONE", "WQ-40.1", {
        "en": "Zones equally near the heroes: choose where the enemy Moves.",
        "ru": "Зоны одинаково близко к героям: выберите, куда Движется враг.",
        "uk": "Зони однаково близько до героїв: оберіть, куди Рухається ворог."}),
    "strike": ("strike MODEL HERO", "WQ-40.1", {
        "en": "Heroes equally near the enemy: choose the one its weapon strikes.",
        "ru": "Герои одинаково близко к врагу: выберите, кого бьёт его оружие.",
        "uk": "Герої однаково близько до ворога: оберіть, кого б'є його зброя."}),
    "rebirth": ("rebirth HERO", "WQ-40.4", {
        "en": "Choose the hero who comes back (or recovers).",
        "ru": "Выберите героя, который вернётся (или восстановится).",
        "uk": "Оберіть героя, що повернеться (або відновиться)."}),
    "rebirth_zone": ("rebirth_zone ZONE", "WQ-40.4", {
        "en": "Empty zones equally near: choose where the hero returns.",
        "ru": "Пустые зоны одинаково близко: выберите, где появится герой.",
        "uk": "Порожні зони однаково близько: оберіть, де з'явиться герой."}),
    "effect": ("effect recover|cure", "WQ-40.4", {
        "en": "A free Recover, or remove one disease.",
        "ru": "Бесплатный отдых или снять одну болезнь.",
        "uk": "Безкоштовний відпочинок або зняти одну хворобу."}),
    "inspiration": ("inspiration HERO", "WQ-40.4", {
        "en": "Inspiring effort: choose the hero who gains an inspiration point.",
        "ru": "Воодушевление: выберите героя, который получит очко вдохновения.",
        "uk": "Натхнення: оберіть героя, що отримає очко натхнення."}),
}

TOPICS: dict[str, dict[str, str]] = {
    "zone": {"en": "Zones are the spaces of a tile; models step from zone to neighbouring zone, and distances "
                   "count these steps. A zone holds two size units per square (small 1, large 2, hero 1).",
             "ru": "Зоны — места на участке; модели ходят из зоны в соседнюю, расстояние считается в таких шагах. "
                   "В зоне помещается по две единицы размера на клетку (малый 1, большой 2, герой 1).",
             "uk": "Зони — місця на ділянці; моделі ходять із зони до сусідньої, відстань рахується такими кроками. "
                   "У зоні вміщується по дві одиниці розміру на клітинку (малий 1, великий 2, герой 1)."},
    "gate": {"en": "A closed gate leads to unexplored ground; exploring lays a tile against it and opens it. "
                   "The new closed gate goes on the card's position furthest from it [WQ-38.3]; "
                   "if that position faces a tile already laid, the gate leads nowhere and exploring it is a dead end "
                   "[WQ-38.2].",
             "ru": "Закрытые врата ведут на неразведанную землю; разведка кладёт к ним участок и открывает их. "
                   "Новые закрытые врата встают на самую дальнюю позицию карты [WQ-38.3]; "
                   "если эта позиция смотрит на уже лежащий участок, врата никуда не ведут и разведка через них — "
                   "тупик [WQ-38.2].",
             "uk": "Зачинена брама веде на нерозвідану землю; розвідка кладе до неї ділянку й відчиняє її. "
                   "Нова зачинена брама стає на найдальшу позицію карти [WQ-38.3]; "
                   "якщо ця позиція дивиться на вже покладену ділянку, брама нікуди не веде і розвідка крізь неї — "
                   "глухий кут [WQ-38.2]."},
    "lychgate": {"en": "No tile may touch a lychgate: the game never lays one there [WQ-38.3].",
                 "ru": "К личвратам не может примыкать участок: игра туда ничего не кладёт [WQ-38.3].",
                 "uk": "До лічбрами не може прилягати ділянка: гра туди нічого не кладе [WQ-38.3]."},
    "track": {"en": "The battle track: heroes and enemy groups act in its order; new groups join its end "
                    "[WQ-39.3].",
              "ru": "Трек битвы: герои и группы врагов действуют по его порядку; новые группы встают в конец "
                    "[WQ-39.3].",
              "uk": "Трек битви: герої та групи ворогів діють за його порядком; нові групи стають у кінець "
                    "[WQ-39.3]."},
    "dusk": {"en": "The dusk token moves each round and on some events; when night is reached the quest fails.",
             "ru": "Жетон сумерек движется каждый раунд и от некоторых событий; когда наступает ночь, поход проигран.",
             "uk": "Жетон сутінків рухається щораунду й від деяких подій; коли настає ніч, похід програно."},
}


COMMANDS_HELP = {
    "en": "Answer with an option's number or its text in notation (e.g. 'move gatehouse.a a4': the zone, then "
          "the die you spend, a4 an activation die showing 4, d3 a destiny die showing 3); the text after the "
          "verb is enough when it is unique.\n"
          "Commands: help [VERB|TOPIC] (this, a verb, or zone, gate, lychgate, track, dusk) · board (redraw; "
          "'board coords' shows square coordinates) · undo (take back your last action) · save [FILE] · quit",
    "ru": "Отвечайте номером варианта или его текстом в нотации (например, 'move gatehouse.a a4': зона, затем "
          "тратимый кубик: a4 — кубик активации с четвёркой, d3 — кубик судьбы с тройкой); если текст после "
          "глагола однозначен, хватит его.\n"
          "Команды: help [ГЛАГОЛ|ТЕМА] (эта справка, глагол или одна из тем: 'zone', 'gate', 'lychgate', 'track', 'dusk') · board "
          "(перерисовать; 'board coords' показывает координаты клеток) · undo (отменить своё последнее "
          "действие) · save [ФАЙЛ] · quit",
    "uk": "Відповідайте номером варіанта або його текстом у нотації (наприклад, 'move gatehouse.a a4': зона, "
          "потім кубик, який витрачаєте: a4 — кубик активації з четвіркою, d3 — кубик долі з трійкою); якщо "
          "текст після дієслова однозначний, досить його.\n"
          "Команди: help [ДІЄСЛОВО|ТЕМА] (ця довідка, дієслово або одна з тем: 'zone', 'gate', 'lychgate', 'track', 'dusk') · board "
          "(перемалювати; 'board coords' показує координати клітинок) · undo (скасувати свою останню дію) · "
          "save [ФАЙЛ] · quit",
}


#: the verbs' and the commands' help as the terminal gives it (English where a language has no words)
HELP = VerbHelp({verb: (form, words["en"], rule) for verb, (form, rule, words) in VERBS.items()},
                {lang: {verb: words[lang] for verb, (_f, _r, words) in VERBS.items() if lang in words}
                 for lang in LANGUAGES}, COMMANDS_HELP)


def topic_help(topic: str, lang: str = "en") -> str | None:
    entry = TOPICS.get(topic.strip().lower())
    return None if entry is None else entry.get(lang, entry["en"])


TEXTS = {"verbs": VERBS, "topics": TOPICS, "languages": LANGUAGES}
