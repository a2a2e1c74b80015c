"""Every visible word of the widgets, in English and French.

:data:`STRINGS` maps a language to its texts by key; :func:`tr` fills the
``{placeholders}``.  Numbers the rules count with are never written here:
callers pass them from :mod:`aton.data`.  The two languages have exactly the
same keys and placeholders (a test checks it), so switching language at run
time never leaves a word untranslated.

>>> tr("stock", "en", count=29)
'Stock 29'
>>> tr("stock", "fr", count=29)
'Réserve 29'

The engine's reasons for refusing an action come in both languages from the
engine itself (``game.why_illegal(action, lang)``, ``IllegalAction.text``).
"""

from __future__ import annotations

from ..explain import LANGUAGES

__all__ = ["LANGUAGES", "STRINGS", "check_lang", "player_word", "tr"]

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        # players and counters
        "player.red": "Red",
        "player.blue": "Blue",
        "counter_letter.red": "R",
        "counter_letter.blue": "B",
        "counter.red": "red counter",
        "counter.blue": "blue counter",
        "nobody": "nobody",
        "and": "and",
        # square kinds: a letter each, a name, a name with its article
        "kind_letter.Y": "Y",
        "kind_letter.G": "G",
        "kind_letter.K": "K",
        "kind_letter.B": "B",
        "kind_letter.+1": "+1",
        "kind_letter.+2": "+2",
        "kind.Y": "yellow",
        "kind.G": "green",
        "kind.K": "black",
        "kind.B": "blue",
        "kind.+1": "bonus +1",
        "kind.+2": "bonus +2",
        "kind_square.Y": "yellow square",
        "kind_square.G": "green square",
        "kind_square.K": "black square",
        "kind_square.B": "blue square",
        "kind_square.+1": "bonus square +1",
        "kind_square.+2": "bonus square +2",
        "legend.legal": "may be chosen",
        # board labels
        "score": "Score",
        "score_value": "Score {points}",
        "stock": "Stock {count}",
        "exchange.available": "Exchange: available",
        "exchange.used": "Exchange: used",
        "acts_first": "acts first",
        "to_act": "to act",
        "temple": "Temple {number}",
        "temple_rule.1": "majority: the difference",
        "temple_rule.2": "majority: {points} points",
        "temple_rule.3": "majority: own counters",
        "temple_rule.4": "majority: {points} per blue square",
        "kingdom": "Kingdom of the Dead {count}/{size}",
        "cartouche": "Cartouche {number}",
        "cartouche_short.1": "points",
        "cartouche_short.2": "order, removal",
        "cartouche_short.3": "temples",
        "cartouche_short.4": "counters",
        "card_face_down": "face down",
        "card_empty": "empty",
        # descriptions (hover, focus, click on a read-only board)
        "describe.square": "Temple {temple}, row {row}, column {column}: {kind} ({letter}). {occupant}",
        "describe.empty": "Empty.",
        "describe.occupied": "A {counter} stands here.",
        "describe.kind.Y": "Counts for the majority of its temple; holding all {count} yellow squares wins at once.",
        "describe.kind.G": "Counts for the majority of its temple; holding all {count} green squares wins at once.",
        "describe.kind.K": "At each scoring, more counters on the {count} black squares of all temples score {points}.",
        "describe.kind.B": "At each scoring, the majority holder of temple 4 scores {points} for each blue square "
        "they occupy (one in each temple).",
        "describe.kind.bonus": "At each scoring, the counter on this square scores {value} for its owner.",
        "describe.temple.1": "Temple 1: at a scoring, the majority holder scores the difference in counters.",
        "describe.temple.2": "Temple 2: at a scoring, the majority holder scores {points} points.",
        "describe.temple.3": "Temple 3: at a scoring, the majority holder scores one point per own counter there.",
        "describe.temple.4": "Temple 4: at a scoring, the majority holder scores {points} per blue square "
        "they occupy in all four temples.",
        "describe.temple_all": "Occupying all {count} squares of a temple wins at once.",
        "describe.temple_header": "{rule} {red}: {red_count}, {blue}: {blue_count} counters.",
        "describe.cartouche.1": "Cartouche 1: the higher card scores {points} x the difference.",
        "describe.cartouche.2": "Cartouche 2: the lower card acts first; a card removes card - {offset} opponent "
        "counters (a 1 removes one of your own).",
        "describe.cartouche.3": "Cartouche 3: a card t opens temples 1 to t for removing and placing.",
        "describe.cartouche.4": "Cartouche 4: place that many counters on empty squares of the open temples.",
        "describe.cartouche_of": "{player}'s cartouche {number}: {card}. {rule}",
        "describe.card_up": "card {value}",
        "describe.kingdom": "Kingdom of the Dead: {count} of {size} counters ({red} {red_count}, {blue} {blue_count}). "
        "When it is full at the end of a round, a scoring takes place.",
        "describe.score": "Score: {red} {red_points}, {blue} {blue_points}. {points} points win.",
        "describe.player": "{player}: {points} points, {stock} counters in stock, exchange counter {exchange}.",
        "describe.exchange.available": "not used yet",
        "describe.exchange.used": "used",
        # prompts and messages of the board
        "prompt.assign": "{players}: choose your cards for the four cartouches.",
        "prompt.place": "{player}: place {count} more counter(s) in {temples}. Choose a marked square.",
        "prompt.remove": "{player}: remove {count} counter(s) of {target} in {temples}. Choose a marked square.",
        "prompt.scoring_remove": "{player}: take back {count} of your counters after the scoring. "
        "Choose a marked square.",
        "prompt.wait": "Waiting for {players}.",
        "prompt.over": "The game is over.",
        "temples_upto.1": "temple 1",
        "temples_upto.n": "temples 1 to {count}",
        "picker.label": "Square",
        "picker.choose": "Choose",
        "picker.where": "Temple {temple}, row {row}, column {column}",
        "picker.option": "{where}: {kind}",
        "keys_help": "Keyboard: on the board, arrow keys move the focus square and Enter or Space chooses it; "
        "the square list below works with Tab too.",
        "not_allowed": "{where}: not allowed. {reason}.",
        "read_only": "This board shows the game; choose moves elsewhere.",
        "winner": "Game over: {player} wins ({reason}).",
        "draw": "Game over: a draw ({reason}).",
        "reason.points": "points",
        "reason.temple": "a whole temple",
        "reason.yellow": "all yellow squares",
        "reason.green": "all green squares",
        "reason.round_limit": "round limit",
        # card assignment panel
        "assign.title": "{player}'s cards",
        "assign.hand": "Hand",
        "assign.help": "Click a card, then a cartouche. Click a filled cartouche to take its card back.",
        "assign.swap": "Swap {a} and {b}",
        "assign.clear": "Take all back",
        "assign.exchange": "Exchange my 4 cards (once per game)",
        "assign.confirm": "Confirm",
        "assign.slot_empty": "{number}: {meaning}, empty",
        "assign.slot_card": "{number}: {meaning}, card {value}",
        "assign.card": "Card {value}",
        "assign.card_chosen": "Card {value} (chosen)",
        "assign.card_placed": "Card {value} (on {number})",
        "assign.preview_title": "What this choice means",
        "assign.preview.missing": "Cartouche {number}: put a card here.",
        "assign.preview.1": "Cartouche 1 = {value}: if it beats the opponent's card, you score {points} x the "
        "difference.",
        "assign.preview.2.remove": "Cartouche 2 = {value}: you remove {count} opponent counter(s) ({value} - "
        "{offset}); the lower card on cartouche 2 acts first.",
        "assign.preview.2.nothing": "Cartouche 2 = {value}: nothing is removed ({value} - {offset} = 0); the lower "
        "card on cartouche 2 acts first.",
        "assign.preview.2.own": "Cartouche 2 = {value}: you must remove one of your own counters; the lower card "
        "on cartouche 2 acts first.",
        "assign.preview.2.first_round": "(In the first round of the game nobody removes counters.)",
        "assign.preview.3": "Cartouche 3 = {value}: you may act in {temples}.",
        "assign.preview.4": "Cartouche 4 = {value}: you place {value} counter(s).",
        "assign.temples.1": "temple 1",
        "assign.temples.n": "temples {list} and {last}",
        "assign.select_card": "Card {value} is chosen: now click a cartouche.",
        "assign.need_all": "Put one card on each of the four cartouches first.",
        "assign.done": "Your cards lie face down. Waiting for {players}.",
        "assign.done_all": "Your cards lie face down.",
        "assign.not_now": "There are no cards to choose now.",
        "assign.exchanged": "You handed in the exchange counter and drew 4 new cards.",
        "assign.hidden": "{player}'s hand is hidden.",
        # step-through explainer
        "step.first": "First",
        "step.back": "Back",
        "step.forward": "Forward",
        "step.end_round": "End of round",
        "step.play": "Play",
        "step.pause": "Pause",
        "step.speed": "Speed",
        "step.speed.slow": "slow",
        "step.speed.normal": "normal",
        "step.speed.fast": "fast",
        "step.position": "Step {number} of {count}, round {round}",
        "step.empty": "No steps yet.",
        "step.why": "Why: {rule}",
        # text twin
        "twin.title": "Aton board, round {round}",
        "twin.phase": "Now: {phase}. To act: {players}.",
        "phase.assign": "choosing cards",
        "phase.remove": "removing counters",
        "phase.place": "placing counters",
        "phase.scoring_remove": "taking counters back after a scoring",
        "phase.over": "game over",
        "twin.players_caption": "Players",
        "twin.col_player": "Player",
        "twin.col_score": "Score",
        "twin.col_stock": "Stock",
        "twin.col_exchange": "Exchange counter",
        "twin.col_temples": "Counters in temples 1 to 4",
        "twin.row": "Row {number}",
        "twin.column": "Column {number}",
        "twin.temple_caption": "Temple {number}: {rule}. {red} {red_count}, {blue} {blue_count} counters.",
        "twin.cell_empty": "{kind} ({letter}), empty",
        "twin.cell_owner": "{kind} ({letter}), {counter}",
        "twin.mark.legal": "may be chosen",
        "twin.mark.placed": "just placed",
        "twin.mark.removed": "{counter} just removed",
        "twin.mark.cursor": "keyboard focus",
        "twin.cartouches_caption": "Cartouches 1 to 4",
        "twin.kingdom": "Kingdom of the Dead: {count} of {size} counters ({red} {red_count}, {blue} {blue_count}).",
        "twin.highlight_temples": "Highlighted: {what}.",
        # language switch
        "language": "Language",
    },
    "fr": {
        "player.red": "Rouge",
        "player.blue": "Bleu",
        "counter_letter.red": "R",
        "counter_letter.blue": "B",
        "counter.red": "pion rouge",
        "counter.blue": "pion bleu",
        "nobody": "personne",
        "and": "et",
        "kind_letter.Y": "D",
        "kind_letter.G": "V",
        "kind_letter.K": "G",
        "kind_letter.B": "B",
        "kind_letter.+1": "+1",
        "kind_letter.+2": "+2",
        "kind.Y": "dorée (jaune)",
        "kind.G": "verte",
        "kind.K": "grise (noire)",
        "kind.B": "bleue",
        "kind.+1": "bonus +1",
        "kind.+2": "bonus +2",
        "kind_square.Y": "case dorée (jaune)",
        "kind_square.G": "case verte",
        "kind_square.K": "case grise (noire)",
        "kind_square.B": "case bleue",
        "kind_square.+1": "case bonus +1",
        "kind_square.+2": "case bonus +2",
        "legend.legal": "peut être choisie",
        "score": "Score",
        "score_value": "Score {points}",
        "stock": "Réserve {count}",
        "exchange.available": "Échange : disponible",
        "exchange.used": "Échange : utilisé",
        "acts_first": "joue en premier",
        "to_act": "à jouer",
        "temple": "Temple {number}",
        "temple_rule.1": "majorité : la différence",
        "temple_rule.2": "majorité : {points} points",
        "temple_rule.3": "majorité : ses pions",
        "temple_rule.4": "majorité : {points} par case bleue",
        "kingdom": "Royaume des Morts {count}/{size}",
        "cartouche": "Cartouche {number}",
        "cartouche_short.1": "points",
        "cartouche_short.2": "ordre, retrait",
        "cartouche_short.3": "temples",
        "cartouche_short.4": "pions",
        "card_face_down": "face cachée",
        "card_empty": "vide",
        "describe.square": "Temple {temple}, rangée {row}, colonne {column} : {kind} ({letter}). {occupant}",
        "describe.empty": "Vide.",
        "describe.occupied": "Un {counter} s'y trouve.",
        "describe.kind.Y": "Compte pour la majorité de son temple ; qui occupe les {count} cases dorées gagne "
        "aussitôt.",
        "describe.kind.G": "Compte pour la majorité de son temple ; qui occupe les {count} cases vertes gagne "
        "aussitôt.",
        "describe.kind.K": "À chaque décompte, qui a le plus de pions sur les {count} cases grises de tous les "
        "temples marque {points}.",
        "describe.kind.B": "À chaque décompte, le joueur majoritaire du temple 4 marque {points} par case bleue "
        "qu'il occupe (une dans chaque temple).",
        "describe.kind.bonus": "À chaque décompte, le pion posé sur cette case rapporte {value} à son propriétaire.",
        "describe.temple.1": "Temple 1 : au décompte, le joueur majoritaire marque la différence de pions.",
        "describe.temple.2": "Temple 2 : au décompte, le joueur majoritaire marque {points} points.",
        "describe.temple.3": "Temple 3 : au décompte, le joueur majoritaire marque un point par pion à lui dans "
        "ce temple.",
        "describe.temple.4": "Temple 4 : au décompte, le joueur majoritaire marque {points} par case bleue qu'il "
        "occupe dans les quatre temples.",
        "describe.temple_all": "Occuper les {count} cases d'un temple fait gagner aussitôt.",
        "describe.temple_header": "{rule} {red} : {red_count}, {blue} : {blue_count} pions.",
        "describe.cartouche.1": "Cartouche 1 : la carte la plus haute marque {points} x la différence.",
        "describe.cartouche.2": "Cartouche 2 : la carte la plus basse joue d'abord ; une carte retire carte - "
        "{offset} pions adverses (un 1 retire un de ses propres pions).",
        "describe.cartouche.3": "Cartouche 3 : une carte t ouvre les temples 1 à t pour retirer et placer.",
        "describe.cartouche.4": "Cartouche 4 : placer autant de pions sur des cases vides des temples ouverts.",
        "describe.cartouche_of": "Cartouche {number} de {player} : {card}. {rule}",
        "describe.card_up": "carte {value}",
        "describe.kingdom": "Royaume des Morts : {count} pions sur {size} ({red} {red_count}, {blue} {blue_count}). "
        "S'il est plein à la fin d'un tour, un décompte a lieu.",
        "describe.score": "Score : {red} {red_points}, {blue} {blue_points}. {points} points font gagner.",
        "describe.player": "{player} : {points} points, {stock} pions en réserve, jeton d'échange {exchange}.",
        "describe.exchange.available": "pas encore utilisé",
        "describe.exchange.used": "utilisé",
        "prompt.assign": "{players} : posez vos cartes sur les quatre cartouches.",
        "prompt.place": "{player} : placez encore {count} pion(s) dans {temples}. Choisissez une case marquée.",
        "prompt.remove": "{player} : retirez {count} pion(s) de {target} dans {temples}. Choisissez une case marquée.",
        "prompt.scoring_remove": "{player} : reprenez {count} de vos pions après le décompte. Choisissez une case "
        "marquée.",
        "prompt.wait": "En attente de {players}.",
        "prompt.over": "La partie est terminée.",
        "temples_upto.1": "le temple 1",
        "temples_upto.n": "les temples 1 à {count}",
        "picker.label": "Case",
        "picker.choose": "Choisir",
        "picker.where": "Temple {temple}, rangée {row}, colonne {column}",
        "picker.option": "{where} : {kind}",
        "keys_help": "Clavier : sur le plateau, les flèches déplacent la case sélectionnée et Entrée ou Espace "
        "la choisit ; la liste des cases ci-dessous fonctionne aussi avec Tab.",
        "not_allowed": "{where} : interdit. {reason}.",
        "read_only": "Ce plateau montre la partie ; les coups se choisissent ailleurs.",
        "winner": "Partie terminée : {player} gagne ({reason}).",
        "draw": "Partie terminée : égalité ({reason}).",
        "reason.points": "points",
        "reason.temple": "un temple entier",
        "reason.yellow": "toutes les cases dorées",
        "reason.green": "toutes les cases vertes",
        "reason.round_limit": "limite de tours",
        "assign.title": "Cartes de {player}",
        "assign.hand": "Main",
        "assign.help": "Cliquez une carte, puis un cartouche. Cliquez un cartouche rempli pour reprendre sa carte.",
        "assign.swap": "Intervertir {a} et {b}",
        "assign.clear": "Tout reprendre",
        "assign.exchange": "Échanger mes 4 cartes (une fois par partie)",
        "assign.confirm": "Valider",
        "assign.slot_empty": "{number} : {meaning}, vide",
        "assign.slot_card": "{number} : {meaning}, carte {value}",
        "assign.card": "Carte {value}",
        "assign.card_chosen": "Carte {value} (choisie)",
        "assign.card_placed": "Carte {value} (sur {number})",
        "assign.preview_title": "Ce que ce choix veut dire",
        "assign.preview.missing": "Cartouche {number} : posez une carte ici.",
        "assign.preview.1": "Cartouche 1 = {value} : si elle bat la carte adverse, vous marquez {points} x la "
        "différence.",
        "assign.preview.2.remove": "Cartouche 2 = {value} : vous retirez {count} pion(s) adverse(s) ({value} - "
        "{offset}) ; la carte la plus basse au cartouche 2 joue d'abord.",
        "assign.preview.2.nothing": "Cartouche 2 = {value} : rien n'est retiré ({value} - {offset} = 0) ; la carte "
        "la plus basse au cartouche 2 joue d'abord.",
        "assign.preview.2.own": "Cartouche 2 = {value} : vous devez retirer un de vos propres pions ; la carte la "
        "plus basse au cartouche 2 joue d'abord.",
        "assign.preview.2.first_round": "(Au premier tour de la partie, personne ne retire de pions.)",
        "assign.preview.3": "Cartouche 3 = {value} : vous pouvez agir dans {temples}.",
        "assign.preview.4": "Cartouche 4 = {value} : vous placez {value} pion(s).",
        "assign.temples.1": "le temple 1",
        "assign.temples.n": "les temples {list} et {last}",
        "assign.select_card": "La carte {value} est choisie : cliquez maintenant un cartouche.",
        "assign.need_all": "Posez d'abord une carte sur chacun des quatre cartouches.",
        "assign.done": "Vos cartes sont posées face cachée. En attente de {players}.",
        "assign.done_all": "Vos cartes sont posées face cachée.",
        "assign.not_now": "Il n'y a pas de cartes à poser maintenant.",
        "assign.exchanged": "Vous avez rendu le jeton d'échange et pioché 4 nouvelles cartes.",
        "assign.hidden": "La main de {player} est cachée.",
        "step.first": "Début",
        "step.back": "Retour",
        "step.forward": "Suivant",
        "step.end_round": "Fin du tour",
        "step.play": "Lecture",
        "step.pause": "Pause",
        "step.speed": "Vitesse",
        "step.speed.slow": "lente",
        "step.speed.normal": "normale",
        "step.speed.fast": "rapide",
        "step.position": "Étape {number} sur {count}, tour {round}",
        "step.empty": "Aucune étape pour l'instant.",
        "step.why": "Pourquoi : {rule}",
        "twin.title": "Plateau d'Aton, tour {round}",
        "twin.phase": "En ce moment : {phase}. À jouer : {players}.",
        "phase.assign": "pose des cartes",
        "phase.remove": "retrait de pions",
        "phase.place": "placement de pions",
        "phase.scoring_remove": "reprise de pions après un décompte",
        "phase.over": "partie terminée",
        "twin.players_caption": "Joueurs",
        "twin.col_player": "Joueur",
        "twin.col_score": "Score",
        "twin.col_stock": "Réserve",
        "twin.col_exchange": "Jeton d'échange",
        "twin.col_temples": "Pions dans les temples 1 à 4",
        "twin.row": "Rangée {number}",
        "twin.column": "Colonne {number}",
        "twin.temple_caption": "Temple {number} : {rule}. {red} {red_count}, {blue} {blue_count} pions.",
        "twin.cell_empty": "{kind} ({letter}), vide",
        "twin.cell_owner": "{kind} ({letter}), {counter}",
        "twin.mark.legal": "peut être choisie",
        "twin.mark.placed": "vient d'être placé",
        "twin.mark.removed": "{counter} vient d'être retiré",
        "twin.mark.cursor": "sélection au clavier",
        "twin.cartouches_caption": "Cartouches 1 à 4",
        "twin.kingdom": "Royaume des Morts : {count} pions sur {size} ({red} {red_count}, {blue} {blue_count}).",
        "twin.highlight_temples": "En évidence : {what}.",
        "language": "Langue",
    },
}
"""Every visible string of the widgets, by language then key."""


def check_lang(lang: str) -> str:
    """Return ``lang`` if the widgets speak it, else raise ``ValueError`` naming the choices."""
    if lang not in STRINGS:
        raise ValueError(f"unknown language {lang!r}; choose one of {tuple(STRINGS)}")
    return lang


def tr(key: str, lang: str = "en", **fields: object) -> str:
    """The text ``key`` in ``lang`` with its ``{placeholders}`` filled from ``fields``."""
    table = STRINGS[check_lang(lang)]
    try:
        text = table[key]
    except KeyError:
        raise KeyError(f"no widget text {key!r} in language {lang!r}") from None
    return text.format(**fields) if fields else text


def player_word(label: str | None, lang: str) -> str:
    """``"red"`` -> ``"Red"`` / ``"Rouge"``; ``None`` -> ``"nobody"`` / ``"personne"``."""
    return tr("nobody", lang) if label is None else tr(f"player.{label}", lang)
