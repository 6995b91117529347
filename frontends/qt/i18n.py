"""The window's words in English and Russian, switched at run time."""

from __future__ import annotations

from typing import Final

__all__ = ["LANGUAGES", "TEXTS", "text"]

LANGUAGES: Final = {"en": "English", "ru": "Русский"}

TEXTS: Final[dict[str, dict[str, str]]] = {
    "app.title": {"en": "Solitaire", "ru": "Пасьянс"},
    "menu.game": {"en": "&Game", "ru": "&Игра"},
    "menu.edit": {"en": "&Edit", "ru": "&Правка"},
    "menu.settings": {"en": "&Settings", "ru": "&Настройки"},
    "menu.help": {"en": "&Help", "ru": "&Справка"},
    "action.new": {"en": "&New Game…", "ru": "&Новая игра…"},
    "action.restart": {"en": "&Restart This Deal", "ru": "&Начать заново"},
    "action.open": {"en": "&Open Log…", "ru": "&Открыть запись…"},
    "action.save": {"en": "&Save Log…", "ru": "&Сохранить запись…"},
    "action.replay": {"en": "Re&play a Log…", "ru": "&Просмотр записи…"},
    "action.statistics": {"en": "S&tatistics", "ru": "&Статистика"},
    "action.quit": {"en": "&Quit", "ru": "&Выход"},
    "action.undo": {"en": "&Undo", "ru": "&Отменить"},
    "action.redo": {"en": "&Redo", "ru": "&Повторить"},
    "action.hint": {"en": "&Hint", "ru": "&Подсказка"},
    "action.auto": {"en": "&Auto-complete", "ru": "&Доиграть"},
    "action.settings": {"en": "&Preferences…", "ru": "&Параметры…"},
    "action.rules": {"en": "&Rules of This Game", "ru": "&Правила этой игры"},
    "action.about": {"en": "&About", "ru": "&О программе"},
    "action.fullscreen": {"en": "&Full Screen", "ru": "Во &весь экран"},
    "status.score": {"en": "Score: {score}", "ru": "Счёт: {score}"},
    "status.moves": {"en": "Moves: {moves}", "ru": "Ходы: {moves}"},
    "status.time": {"en": "Time: {time}", "ru": "Время: {time}"},
    "status.code": {"en": "Game {code}", "ru": "Игра {code}"},
    "status.code.tip": {"en": "Click to copy the game code", "ru": "Нажмите, чтобы скопировать код игры"},
    "status.copied": {"en": "Game code {code} copied.", "ru": "Код игры {code} скопирован."},
    "message.won": {
        "en": "You won! Score {score} in {moves} moves.",
        "ru": "Победа! Счёт {score}, ходов: {moves}.",
    },
    "message.auto": {
        "en": "Every card can go home now: Auto-complete (A) finishes the game.",
        "ru": "Все карты можно собрать: «Доиграть» (A) завершит партию.",
    },
    "message.hint.none": {"en": "No useful move.", "ru": "Полезных ходов нет."},
    "message.hint.unavailable": {
        "en": "Hint unavailable: it could not be worked out.",
        "ru": "Подсказка недоступна: её не удалось получить.",
    },
    "message.resumed": {
        "en": "Welcome back: game {code} resumed.",
        "ru": "С возвращением: партия {code} продолжается.",
    },
    "message.own_game": {
        "en": "Another game is being played with these files (in a terminal): this one is a game"
        " of its own, saved as {name}.",
        "ru": "С этими файлами уже идёт другая партия (в терминале): эта партия отдельная,"
        " она сохраняется в {name}.",
    },
    "dialog.restart.title": {"en": "Restart this deal?", "ru": "Начать заново?"},
    "dialog.restart.text": {
        "en": "Deal the same cards again? The moves made so far are lost.",
        "ru": "Разложить те же карты заново? Сделанные ходы пропадут.",
    },
    "dialog.open.title": {"en": "Open this log?", "ru": "Открыть запись?"},
    "dialog.open.text": {
        "en": "Leave the game in progress for the game of this log? The game left counts as played.",
        "ru": "Оставить текущую партию ради партии из записи? Оставленная партия засчитается как сыгранная.",
    },
    "message.opened": {
        "en": "Game of {name}: it was not played from its deal here, so it is not counted in the statistics.",
        "ru": "Партия из {name}: она сыграна не с раздачи здесь, поэтому в статистику не войдёт.",
    },
    "dialog.won.title": {"en": "You won!", "ru": "Победа!"},
    "dialog.won.text": {
        "en": "Time: {time}\nScore: {score}\nMoves: {moves}",
        "ru": "Время: {time}\nСчёт: {score}\nХоды: {moves}",
    },
    "dialog.won.uncounted": {
        "en": "This game was opened from a log: it is not counted in the statistics.",
        "ru": "Эта партия открыта из записи: в статистику она не входит.",
    },
    "dialog.won.new": {"en": "New Game", "ru": "Новая игра"},
    "dialog.won.restart": {"en": "Play This Deal Again", "ru": "Сыграть этот расклад снова"},
    "auto.won": {
        "en": "The game is won: nothing is left to play.",
        "ru": "Партия выиграна: играть больше нечего.",
    },
    "auto.face_down": {
        "en": "Auto-complete is not available yet: some cards are still face down.",
        "ru": "Доиграть пока нельзя: некоторые карты ещё лежат рубашкой вверх.",
    },
    "auto.no_passes": {
        "en": "Auto-complete is not available: cards are left in the stock and the waste,"
        " and no passes through the stock are left.",
        "ru": "Доиграть нельзя: в колоде и сбросе остались карты, а проходов по колоде больше нет.",
    },
    "auto.blocked": {
        "en": "Auto-complete is not available: some cards lie on cards that must go home first.",
        "ru": "Доиграть нельзя: одни карты лежат на других, которые должны уйти на базы раньше.",
    },
    "dialog.new.title": {"en": "New Game", "ru": "Новая игра"},
    "dialog.new.variant": {"en": "Variant", "ru": "Вариант"},
    "dialog.new.draw": {"en": "Draw", "ru": "Открывать"},
    "dialog.new.draw1": {"en": "One card (Easy)", "ru": "По 1 карте (лёгкий)"},
    "dialog.new.draw3": {"en": "Three cards (Hard)", "ru": "По 3 карты (сложный)"},
    "dialog.new.scoring": {"en": "Scoring", "ru": "Подсчёт очков"},
    "dialog.new.redeal": {"en": "Passes through the stock", "ru": "Проходов по колоде"},
    "dialog.new.redeal.default": {"en": "The scoring's default", "ru": "Как принято для подсчёта"},
    "dialog.new.redeal.unlimited": {"en": "Unlimited", "ru": "Без ограничения"},
    "dialog.new.returns": {
        "en": "Allow cards back from the foundations",
        "ru": "Разрешить возврат карт с баз",
    },
    "dialog.new.deal": {"en": "Deal", "ru": "Расклад"},
    "dialog.new.random": {"en": "Random deal", "ru": "Случайный"},
    "dialog.new.number": {"en": "Deal number", "ru": "Номер расклада"},
    "dialog.new.code": {"en": "Game code", "ru": "Код игры"},
    "dialog.new.code.ok": {"en": "✓ {name}", "ru": "✓ {name}"},
    "dialog.new.code.placeholder": {
        "en": "e.g. KL1-D1N-AAAAAAG (optional)",
        "ru": "например KL1-D1N-AAAAAAG (необязательно)",
    },
    "dialog.statistics.title": {"en": "Statistics", "ru": "Статистика"},
    "dialog.statistics.none": {"en": "No games finished yet.", "ru": "Законченных партий пока нет."},
    "stats.game": {"en": "Game", "ru": "Игра"},
    "stats.played": {"en": "Played", "ru": "Сыграно"},
    "stats.won": {"en": "Won", "ru": "Выиграно"},
    "stats.rate": {"en": "Win rate", "ru": "Доля побед"},
    "stats.best": {"en": "Best score", "ru": "Лучший счёт"},
    "stats.fastest": {"en": "Fastest win", "ru": "Быстрейшая победа"},
    "stats.fewest": {"en": "Fewest moves", "ru": "Меньше всего ходов"},
    "stats.streak": {"en": "Streak (longest)", "ru": "Серия (лучшая)"},
    "stats.total": {"en": "Total score", "ru": "Сумма очков"},
    "stats.help": {"en": "Won with help", "ru": "Побед с помощью"},
    "dialog.settings.title": {"en": "Preferences", "ru": "Параметры"},
    "settings.language": {"en": "Language", "ru": "Язык"},
    "settings.rules": {
        "en": "Interactive rules: explain a refused move",
        "ru": "Интерактивные правила: объяснять запрещённый ход",
    },
    "settings.double": {
        "en": "Double click finds a column for a card",
        "ru": "Двойной щелчок ищет место для карты",
    },
    "settings.animations": {"en": "Animate moves", "ru": "Анимация ходов"},
    "settings.deck": {"en": "Card deck", "ru": "Колода"},
    "settings.back": {"en": "Card back", "ru": "Рубашка"},
    "deck.own": {"en": "Classic (built in)", "ru": "Классическая (встроенная)"},
    "back.blue": {"en": "Blue", "ru": "Синяя"},
    "back.green": {"en": "Green", "ru": "Зелёная"},
    "back.red": {"en": "Red", "ru": "Красная"},
    "back.graphite": {"en": "Graphite", "ru": "Графитовая"},
    "dialog.about.title": {"en": "About Solitaire", "ru": "О программе"},
    "dialog.about.text": {
        "en": "Solitaire {version}\n\nKlondike and Réfléchi with draw 1 or 3, Normal or Vegas scoring,"
        " undo, hints and game codes. Variants, scoring schemes and redeal policies are plugins.",
        "ru": "Пасьянс {version}\n\nКлондайк и Réfléchi: по 1 или по 3 карты, подсчёт Normal или Vegas,"
        " отмена ходов, подсказки и коды игр. Варианты, подсчёт очков и правила проходов — плагины.",
    },
    "dialog.replay.title": {"en": "Replay: {name}", "ru": "Просмотр: {name}"},
    "replay.play": {"en": "Play", "ru": "Пуск"},
    "replay.pause": {"en": "Pause", "ru": "Пауза"},
    "replay.step": {
        "en": "Action {index} of {total}: {words} ({action})",
        "ru": "Действие {index} из {total}: {words} ({action})",
    },
    "replay.start": {"en": "The deal, before any action", "ru": "Расклад, до первого действия"},
    "dialog.error.title": {"en": "Cannot open this log", "ru": "Не удаётся открыть запись"},
    "file.filter": {"en": "Game logs (*.json);;All files (*)", "ru": "Записи игр (*.json);;Все файлы (*)"},
    "notice.plugins": {
        "en": "Some plugins were left out: {names}. The rest of the game works.",
        "ru": "Некоторые плагины не загружены: {names}. Остальное работает.",
    },
    "notice.details": {"en": "Details…", "ru": "Подробнее…"},
    "action.plugins": {"en": "&Plugins", "ru": "П&лагины"},
    "dialog.plugins.title": {"en": "Plugins", "ru": "Плагины"},
    "plugins.installed": {"en": "Installed plugins", "ru": "Установленные плагины"},
    "plugins.left_out": {"en": "Left out", "ru": "Не загружены"},
    "plugins.none_left_out": {"en": "None: every plugin loaded.", "ru": "Нет: все плагины загружены."},
    "plugins.name": {"en": "Plugin", "ru": "Плагин"},
    "plugins.package": {"en": "Package", "ru": "Пакет"},
    "plugins.version": {"en": "Version", "ru": "Версия"},
    "plugins.registers": {"en": "Brings", "ru": "Добавляет"},
    "plugins.reason": {"en": "Why", "ru": "Причина"},
    "plugins.kind.variant": {"en": "variants: {names}", "ru": "варианты: {names}"},
    "plugins.kind.scoring": {"en": "scoring: {names}", "ru": "подсчёт очков: {names}"},
    "plugins.kind.redeal": {"en": "redeal policies: {names}", "ru": "правила проходов: {names}"},
    "plugins.kind.hint": {"en": "hints", "ru": "подсказки"},
    "plugins.note": {
        "en": "Installing a plugin is installing software: it runs with your rights. A plugin that"
        " misbehaves is left out and the rest works. SOLITAIRE_BLOCK_PLUGINS=name,name keeps"
        " plugins from loading.",
        "ru": "Установить плагин — значит установить программу: он работает с вашими правами."
        " Плагин с ошибками не загружается, остальное работает. SOLITAIRE_BLOCK_PLUGINS=имя,имя"
        " не даёт плагинам загрузиться.",
    },
    "message.hint.thinking": {"en": "Thinking about a hint…", "ru": "Думаю над подсказкой…"},
    "indicator.winnable": {"en": "Winnable", "ru": "Можно выиграть"},
    "indicator.unwinnable": {"en": "Not winnable", "ru": "Выиграть нельзя"},
    "indicator.unknown": {"en": "Winnable? Unknown", "ru": "Выигрыш? Неизвестно"},
    "indicator.thinking": {"en": "Winnable? Thinking…", "ru": "Выигрыш? Думаю…"},
    "indicator.hidden": {
        "en": "{verdict} (knows the hidden cards)",
        "ru": "{verdict} (зная закрытые карты)",
    },
    "indicator.tip": {
        "en": "The solver's verdict on this position, worked out after every move"
        " (unknown: it found no answer within its budget).",
        "ru": "Вердикт решателя для этой позиции, после каждого хода"
        " («неизвестно»: ответа не нашлось за отведённое время).",
    },
    "indicator.tip.hidden": {
        "en": "In this game the solver knows the face-down cards, which you do not: winnable means"
        " a player who could see them would win. Preferences can hide this.",
        "ru": "В этой игре решатель знает закрытые карты, а вы нет: «можно выиграть» значит, что"
        " выиграл бы тот, кто их видит. Это можно скрыть в параметрах.",
    },
    "dialog.new.winnable": {
        "en": "Winnable deals only (the solver proves each random deal)",
        "ru": "Только выигрышные расклады (решатель проверяет случайный расклад)",
    },
    "dialog.new.winnable.unsupported": {
        "en": "The solver does not know the rules of {variant}: any deal may come.",
        "ru": "Решатель не знает правил варианта {variant}: расклад может быть любым.",
    },
    "search.title": {"en": "Winnable deal", "ru": "Выигрышный расклад"},
    "search.label": {
        "en": "Looking for a deal the solver can win…\nDeals tried: {tried}",
        "ru": "Ищу расклад, который решатель может выиграть…\nПроверено раскладов: {tried}",
    },
    "search.cancel": {"en": "Cancel", "ru": "Отмена"},
    "search.found": {
        "en": "Deal {code} is winnable: the solver proved it (deals tried: {tried}).",
        "ru": "Расклад {code} выигрышный: решатель это доказал (проверено раскладов: {tried}).",
    },
    "search.gave_up": {
        "en": "No deal was proved winnable in {tried} tries: the game goes on.",
        "ru": "Выигрышный расклад не найден (проверено раскладов: {tried}): партия продолжается.",
    },
    "search.cancelled": {
        "en": "The search for a winnable deal was cancelled (deals tried: {tried}).",
        "ru": "Поиск выигрышного расклада отменён (проверено раскладов: {tried}).",
    },
    "settings.indicator": {"en": "“Still winnable?”", "ru": "«Ещё можно выиграть?»"},
    "settings.indicator.off": {"en": "Not shown", "ru": "Не показывать"},
    "settings.indicator.open": {
        "en": "Only where no card is hidden (Réfléchi)",
        "ru": "Только когда все карты открыты (Réfléchi)",
    },
    "settings.indicator.always": {
        "en": "Always (in Klondike it knows the face-down cards)",
        "ru": "Всегда (в Клондайке — зная закрытые карты)",
    },
    "rules.this_game": {"en": "This game: {rules}", "ru": "Эта партия: {rules}"},
    # What screen readers say (see speech.py).  "|" separates plural forms: English
    # one|other, Russian one|few|many.
    "a11y.table": {"en": "Card table: {variant}", "ru": "Карточный стол: {variant}"},
    "a11y.card": {"en": "{rank} of {suit}", "ru": "{rank} {suit}"},
    "a11y.ranks": {
        "en": "ace two three four five six seven eight nine ten jack queen king",
        "ru": "туз двойка тройка четвёрка пятёрка шестёрка семёрка восьмёрка девятка десятка"
        " валет дама король",
    },
    "a11y.suits": {"en": "spades hearts diamonds clubs", "ru": "пик червей бубён треф"},
    "a11y.stock": {"en": "Stock", "ru": "Колода"},
    "a11y.waste": {"en": "Waste", "ru": "Сброс"},
    "a11y.column": {"en": "Column {number}", "ru": "Столбец {number}"},
    "a11y.foundation": {"en": "Foundation of {suit}", "ru": "База {suit}"},
    "a11y.pile": {"en": "Pile {pile}", "ru": "Стопка {pile}"},
    "a11y.focus": {"en": "{pile}: {what}", "ru": "{pile}: {what}"},
    "a11y.empty": {"en": "empty", "ru": "пусто"},
    "a11y.cards": {"en": "{count} card|{count} cards", "ru": "{count} карта|{count} карты|{count} карт"},
    "a11y.face_down": {
        "en": "{count} card face down|{count} cards face down",
        "ru": "{count} закрытая карта|{count} закрытые карты|{count} закрытых карт",
    },
    "a11y.group": {
        "en": "a group of {count} cards: {first} to {last}",
        "ru": "группа из {count} карт: {first} — {last}",
    },
    "a11y.holding": {"en": "holding {cards}", "ru": "в руке: {cards}"},
}


def text(key: str, lang: str, **values: object) -> str:
    """The text ``key`` in ``lang`` (English when missing), filled with ``values``."""
    entry = TEXTS[key]
    template = entry.get(lang) or entry["en"]
    return template.format(**values) if values else template
