"""Every visible word of the dashboard, in English and French.

The board, the card panel and the explainer bring their own words
(:mod:`aton.widgets.i18n`); this table holds only what the dashboard adds
around them.  Both languages have the same keys and placeholders (a test
checks it).

>>> say("status.round", "en", round=3)
'Round 3'
>>> say("status.round", "fr", round=3)
'Tour 3'
"""

from __future__ import annotations

from .i18n import check_lang

__all__ = ["DASHBOARD_STRINGS", "say"]

DASHBOARD_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Aton",
        "subtitle": "a card game of ancient Egypt",
        "status.round": "Round {round}",
        "status.scores": "{red} {red_score} : {blue_score} {blue}",
        "status.seed": "Seed {seed}",
        "status.mode.bot": "You ({human}) against the {level} bot",
        "status.mode.two": "Two people on one screen",
        "status.mode.watch": "Two {level} bots",
        "status.loaded": "loaded from a file",
        "tab.board": "Board",
        "tab.explainer": "Step by step",
        "tab.play": "Play",
        "tab.coach": "Coach",
        "tab.log": "Log",
        "tab.game": "New game · files",
        "twin.title": "The board as text (for screen readers)",
        "theme": "Theme",
        "theme.light": "Light",
        "theme.dark": "Dark",
        # new game
        "new.title": "New game",
        "new.mode": "Mode",
        "new.mode.bot": "Against a bot",
        "new.mode.two": "Two people, one screen",
        "new.mode.watch": "Watch two bots",
        "new.level": "Bot level",
        "new.level.easy": "easy",
        "new.level.medium": "medium",
        "new.level.hard": "hard",
        "new.human": "You play",
        "new.names": "Names (optional)",
        "new.name_red": "Red",
        "new.name_blue": "Blue",
        "new.seed": "Seed",
        "new.seed_placeholder": "empty: a new random seed",
        "new.seed_help": "The seed deals the cards: whoever knows it can work out every hidden card. Leave it "
        "empty for a new random seed, shown once the game is over for replaying and sharing. A seed you type "
        "is yours: share it only with people you would show your cards to.",
        "new.start": "Start a new game",
        "new.started": "A new game has begun. Its seed is shown when it is over.",
        "new.bad_seed": "The seed must be a whole number such as 1234, not “{text}”. The current game goes on.",
        "new.seed_too_long": "The seed must be a whole number of at most {digits} digits; the one typed has "
        "{length} characters. The current game goes on.",
        # save and load
        "save.title": "Save and load",
        "save.button": "Save the game",
        "save.link": "Download {name}",
        "save.public": "The file holds what {who} may see now: the board, the scores, the discard piles"
        "{own}. Hidden cards are not in it; they are dealt again when the file is loaded.",
        "save.public.own": " and {player}'s own cards",
        "save.public.everyone": "everyone",
        "save.full": "The game is over, so nothing is hidden any more: the file holds the whole game, "
        "every step included.",
        "load.label": "Load a game or a position (.json)",
        "load.button": "Load a file",
        "load.done": "Loaded {name}: round {round}, {phase}.",
        "load.too_big": "{name} is too large ({size} bytes) to be a game of Aton. The current game goes on.",
        "load.not_text": "{name} is not a text file (UTF-8). The current game goes on.",
        "load.error": "{name} cannot be loaded: {reason}. The current game goes on.",
        # playing
        "steps.title": "What happened",
        "steps.next": "Next step",
        "steps.skip": "Skip to the end of the round",
        "steps.skip_now": "Skip to now",
        "steps.auto": "Play the steps",
        "steps.speed": "Speed",
        "steps.position": "Steps still to watch: {count}",
        "steps.none": "Up to date. Last step:",
        "steps.why": "Why: {rule}",
        "steps.watching": "Watch the steps above, or skip them, to come back to the game.",
        "steps.board": "What happened, step by step: {count} more to watch (the buttons are on the right).",
        "steps.board_elsewhere": "What happened, step by step: {count} more to watch (the buttons are in the "
        "“{tab}” tab on the right).",
        "play.bot_side": "{player} is played by the bot: you play {human}.",
        "play.not_at_screen": "{player} must take the screen first (the cover names who chooses now).",
        "play.watching": "Watch the steps, or skip them, before playing.",
        "play.refused": "Not allowed: {reason}",
        "turn.place": "Your turn: click a marked square on the board.",
        "turn.remove": "Your turn: click a marked counter on the board to remove it.",
        "turn.scoring_remove": "Take back your counters: click a marked counter on the board.",
        "turn.people": "{player}: click a marked square on the board.",
        "turn.waiting_assign": "Your cards lie face down. Waiting for {player}.",
        "bot.thinking": "{player} is thinking…",
        "bot.done": "{player} has decided.",
        "bot.error": "{player} could not decide: {reason}",
        "cover.title": "Pass the screen to {player}",
        "cover.text": "{player}: your cards are hidden from everyone else. Make sure only you can see the screen.",
        "cover.ready": "I am {player}: show my cards",
        "cover.done": "{player} has laid their cards face down.",
        "result.again": "Start a new game in the “{tab}” tab, or step through this one.",
        "result.seed": "This game's seed was {seed}: type it in a new game to deal the same cards again.",
        "watch.paused": "The bots wait while you look back.",
        # coach and log
        "coach.button": "Ask the coach",
        "coach.thinking": "The coach is thinking…",
        "coach.help": "The coach looks only at what you may see and suggests a move, with its reasons.",
        "coach.nothing": "The coach helps the player who must decide; nobody at this screen must decide now.",
        "coach.result": "Suggestion for {player}:",
        "coach.not_live": "Come back to the game first (skip the steps).",
        "coach.error": "The coach could not answer: {reason}",
        "log.title": "Every step so far, in order",
        "log.round": "Round {round}",
        "log.empty": "Nothing has happened yet.",
        "explainer.help": "Go back through any step of this game: the board shows the game as it was then.",
        "error": "Something went wrong: {reason}. The game is kept as it was.",
    },
    "fr": {
        "title": "Aton",
        "subtitle": "un jeu de cartes de l'Égypte ancienne",
        "status.round": "Tour {round}",
        "status.scores": "{red} {red_score} : {blue_score} {blue}",
        "status.seed": "Graine {seed}",
        "status.mode.bot": "Vous ({human}) contre le robot {level}",
        "status.mode.two": "Deux personnes sur un écran",
        "status.mode.watch": "Deux robots {level}",
        "status.loaded": "chargée d'un fichier",
        "tab.board": "Plateau",
        "tab.explainer": "Pas à pas",
        "tab.play": "Jouer",
        "tab.coach": "Conseils",
        "tab.log": "Journal",
        "tab.game": "Nouvelle partie · fichiers",
        "twin.title": "Le plateau en texte (pour les lecteurs d'écran)",
        "theme": "Thème",
        "theme.light": "Clair",
        "theme.dark": "Sombre",
        "new.title": "Nouvelle partie",
        "new.mode": "Mode",
        "new.mode.bot": "Contre un robot",
        "new.mode.two": "Deux personnes, un écran",
        "new.mode.watch": "Regarder deux robots",
        "new.level": "Niveau du robot",
        "new.level.easy": "facile",
        "new.level.medium": "moyen",
        "new.level.hard": "difficile",
        "new.human": "Vous jouez",
        "new.names": "Noms (facultatif)",
        "new.name_red": "Rouge",
        "new.name_blue": "Bleu",
        "new.seed": "Graine",
        "new.seed_placeholder": "vide : une nouvelle graine au hasard",
        "new.seed_help": "La graine distribue les cartes : qui la connaît peut retrouver toutes les cartes "
        "cachées. Laissez-la vide pour une graine au hasard, montrée à la fin de la partie pour la rejouer et la "
        "partager. Une graine que vous tapez est à vous : ne la donnez qu'à qui pourrait voir vos cartes.",
        "new.start": "Commencer une nouvelle partie",
        "new.started": "Une nouvelle partie commence. Sa graine sera montrée à la fin.",
        "new.bad_seed": "La graine est un nombre entier comme 1234, pas « {text} ». La partie en cours continue.",
        "new.seed_too_long": "La graine est un nombre entier d'au plus {digits} chiffres ; celle tapée a "
        "{length} caractères. La partie en cours continue.",
        "save.title": "Enregistrer et charger",
        "save.button": "Enregistrer la partie",
        "save.link": "Télécharger {name}",
        "save.public": "Le fichier contient ce que {who} peut voir maintenant : le plateau, les scores, les "
        "défausses{own}. Les cartes cachées n'y sont pas ; elles sont redistribuées au chargement.",
        "save.public.own": " et les cartes de {player}",
        "save.public.everyone": "tout le monde",
        "save.full": "La partie est finie, plus rien n'est caché : le fichier contient toute la partie, "
        "chaque étape comprise.",
        "load.label": "Charger une partie ou une position (.json)",
        "load.button": "Charger un fichier",
        "load.done": "{name} est chargé : tour {round}, {phase}.",
        "load.too_big": "{name} est trop grand ({size} octets) pour une partie d'Aton. La partie en cours continue.",
        "load.not_text": "{name} n'est pas un fichier texte (UTF-8). La partie en cours continue.",
        "load.error": "{name} ne peut pas être chargé : {reason}. La partie en cours continue.",
        "steps.title": "Ce qui s'est passé",
        "steps.next": "Étape suivante",
        "steps.skip": "Aller à la fin du tour",
        "steps.skip_now": "Aller au présent",
        "steps.auto": "Dérouler les étapes",
        "steps.speed": "Vitesse",
        "steps.position": "Étapes encore à regarder : {count}",
        "steps.none": "À jour. Dernière étape :",
        "steps.why": "Pourquoi : {rule}",
        "steps.watching": "Regardez les étapes ci-dessus, ou passez-les, pour revenir à la partie.",
        "steps.board": "Ce qui s'est passé, étape par étape : encore {count} à regarder (les boutons sont à droite).",
        "steps.board_elsewhere": "Ce qui s'est passé, étape par étape : encore {count} à regarder (les boutons sont "
        "dans l'onglet « {tab} » à droite).",
        "play.bot_side": "{player} est joué par le robot : vous jouez {human}.",
        "play.not_at_screen": "{player} doit d'abord prendre l'écran (le cache dit qui choisit maintenant).",
        "play.watching": "Regardez les étapes, ou passez-les, avant de jouer.",
        "play.refused": "Interdit : {reason}",
        "turn.place": "À vous : cliquez une case marquée du plateau.",
        "turn.remove": "À vous : cliquez un pion marqué du plateau pour le retirer.",
        "turn.scoring_remove": "Reprenez vos pions : cliquez un pion marqué du plateau.",
        "turn.people": "{player} : cliquez une case marquée du plateau.",
        "turn.waiting_assign": "Vos cartes sont posées face cachée. On attend {player}.",
        "bot.thinking": "{player} réfléchit…",
        "bot.done": "{player} a décidé.",
        "bot.error": "{player} n'a pas pu décider : {reason}",
        "cover.title": "Passez l'écran à {player}",
        "cover.text": "{player} : vos cartes sont cachées aux autres. Vérifiez que vous seul voyez l'écran.",
        "cover.ready": "Je suis {player} : montrer mes cartes",
        "cover.done": "{player} a posé ses cartes face cachée.",
        "result.again": "Commencez une nouvelle partie dans l'onglet « {tab} », ou revoyez celle-ci pas à pas.",
        "result.seed": "La graine de cette partie était {seed} : tapez-la dans une nouvelle partie pour "
        "distribuer les mêmes cartes.",
        "watch.paused": "Les robots attendent pendant que vous regardez en arrière.",
        "coach.button": "Demander conseil",
        "coach.thinking": "Le conseiller réfléchit…",
        "coach.help": "Le conseiller ne regarde que ce que vous pouvez voir et propose un coup, avec ses raisons.",
        "coach.nothing": "Le conseiller aide le joueur qui doit décider ; personne à cet écran ne doit décider "
        "maintenant.",
        "coach.result": "Conseil pour {player} :",
        "coach.not_live": "Revenez d'abord à la partie (passez les étapes).",
        "coach.error": "Le conseiller n'a pas pu répondre : {reason}",
        "log.title": "Toutes les étapes jusqu'ici, dans l'ordre",
        "log.round": "Tour {round}",
        "log.empty": "Rien ne s'est encore passé.",
        "explainer.help": "Revenez sur n'importe quelle étape de la partie : le plateau la montre telle qu'elle "
        "était alors.",
        "error": "Un problème est survenu : {reason}. La partie est gardée telle quelle.",
    },
}
"""Dashboard texts by language and key."""


def say(key: str, lang: str = "en", **fields: object) -> str:
    """The dashboard text ``key`` in ``lang`` with its ``{placeholders}`` filled."""
    table = DASHBOARD_STRINGS[check_lang(lang)]
    try:
        text = table[key]
    except KeyError:
        raise KeyError(f"no dashboard text {key!r} in language {lang!r}") from None
    return text.format(**fields) if fields else text
