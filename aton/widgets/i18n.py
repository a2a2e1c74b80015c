"""Every visible word of the widgets, from the message catalogs.

:data:`STRINGS` holds each widget text by key (the key is the text's
context in the catalogs, the English words its message); :func:`tr` gives it
in a language with its ``{placeholders}`` filled.  Numbers the rules count
with are never written here: callers pass them from :mod:`aton.data`.
Counted texts pick their plural form from the field ``count``.  Adding a text
is adding a line here and running ``./run catalogs`` (docs/translating.md).

>>> tr("stock", "en", count=29)
'Stock 29'
>>> tr("stock", "fr", count=29)
'Réserve 29'
>>> tr("prompt.place", "fr", player="Rouge", count=1, temples="le temple 1 seulement")
'Rouge : placez encore 1 pierre dans le temple 1 seulement. Choisissez une case marquée.'

The engine's reasons for refusing an action come from the engine itself
(``game.why_illegal(action, lang)``, ``IllegalAction.text``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..explain import SQUARE_LETTERS
from ..i18n import Message, check_lang, languages, msg, nmsg, render_key, table

__all__ = ["LANGUAGES", "STRINGS", "Language", "check_lang", "player_word", "tr"]

LANGUAGES = languages()
"""The languages with a catalog (see :func:`aton.i18n.languages`)."""

STRINGS: dict[str, Message] = table(
    *SQUARE_LETTERS.values(),
    msg("player.red", "Red"),
    msg("player.blue", "Blue"),
    msg("counter_letter.red", "R"),
    msg("counter_letter.blue", "B"),
    msg("counter.red", "red counter"),
    msg("counter.blue", "blue counter"),
    msg("nobody", "nobody"),
    msg("and", "and"),
    msg("kind.Y", "yellow"),
    msg("kind.G", "green"),
    msg("kind.K", "black"),
    msg("kind.B", "blue"),
    msg("kind.+1", "bonus +1"),
    msg("kind.+2", "bonus +2"),
    msg("kind_square.Y", "yellow square"),
    msg("kind_square.G", "green square"),
    msg("kind_square.K", "black square"),
    msg("kind_square.B", "blue square"),
    msg("kind_square.+1", "bonus square +1"),
    msg("kind_square.+2", "bonus square +2"),
    msg("legend.legal", "may be chosen"),
    msg("score", "Score"),
    msg("score_value", "Score {points}"),
    msg("stock", "Stock {count}"),
    msg("exchange.available", "Exchange: available"),
    msg("exchange.used", "Exchange: used"),
    msg("acts_first", "acts first"),
    msg("to_act", "to act"),
    msg("temple", "Temple {number}"),
    msg("temple_rule.1", "majority: the difference"),
    msg("temple_rule.2", "majority: {points} points"),
    msg("temple_rule.3", "majority: own counters"),
    msg("temple_rule.4", "majority: {points} per blue square"),
    msg("kingdom", "Kingdom of the Dead {count}/{size}"),
    msg("cartouche", "Cartouche {number}"),
    msg("cartouche_short.1", "points"),
    msg("cartouche_short.2", "order, removal"),
    msg("cartouche_short.3", "temples"),
    msg("cartouche_short.4", "counters"),
    msg("card_face_down", "face down"),
    msg("card_empty", "empty"),
    msg("describe.square", "Temple {temple}, row {row}, column {column}: {kind} ({letter}). {occupant}"),
    msg("describe.empty", "Empty."),
    msg("describe.occupied", "A {counter} stands here."),
    msg("describe.kind.Y", "Counts for the majority of its temple; holding all {count} yellow squares wins at once."),
    msg("describe.kind.G", "Counts for the majority of its temple; holding all {count} green squares wins at once."),
    msg(
        "describe.kind.K", "At each scoring, more counters on the {count} black squares of all temples score {points}."
    ),
    msg(
        "describe.kind.B",
        "At each scoring, the majority holder of temple 4 scores {points} for each blue square they occupy (one in "
        "each temple).",
    ),
    msg("describe.kind.bonus", "At each scoring, the counter on this square scores {value} for its owner."),
    msg("describe.temple.1", "Temple 1: at a scoring, the majority holder scores the difference in counters."),
    msg("describe.temple.2", "Temple 2: at a scoring, the majority holder scores {points} points."),
    msg("describe.temple.3", "Temple 3: at a scoring, the majority holder scores one point per own counter there."),
    msg(
        "describe.temple.4",
        "Temple 4: at a scoring, the majority holder scores {points} per blue square they occupy in all four temples.",
    ),
    msg("describe.temple_all", "Occupying all {count} squares of a temple wins at once."),
    msg("describe.temple_header", "{rule} Counters: {red} {red_count}, {blue} {blue_count}."),
    msg("describe.cartouche.1", "Cartouche 1: the higher card scores {points} x the difference."),
    msg(
        "describe.cartouche.2",
        "Cartouche 2: the lower card acts first; a card removes card - {offset} opponent counters (a 1 removes one "
        "of your own).",
    ),
    msg("describe.cartouche.3", "Cartouche 3: a card t opens temples 1 to t for removing and placing."),
    msg("describe.cartouche.4", "Cartouche 4: place that many counters on empty squares of the open temples."),
    msg("describe.cartouche_of", "{player}'s cartouche {number}: {card}. {rule}"),
    msg("describe.card_up", "card {value}"),
    msg(
        "describe.kingdom",
        "Kingdom of the Dead: {count} of {size} counters ({red} {red_count}, {blue} {blue_count}). When it is full "
        "at the end of a round, a scoring takes place.",
    ),
    msg("describe.score", "Score: {red} {red_points}, {blue} {blue_points}. {points} points win."),
    nmsg(
        "describe.player",
        "{player}: {points} points, {count} counter in stock, exchange counter {exchange}.",
        "{player}: {points} points, {count} counters in stock, exchange counter {exchange}.",
    ),
    msg("describe.exchange.available", "not used yet"),
    msg("describe.exchange.used", "used"),
    msg("prompt.assign", "{players}: choose your cards for the four cartouches."),
    msg("prompt.others.assign", "Waiting for {players} to choose cards for the four cartouches."),
    nmsg(
        "prompt.place",
        "{player}: place {count} more counter in {temples}. Choose a marked square.",
        "{player}: place {count} more counters in {temples}. Choose a marked square.",
    ),
    nmsg(
        "prompt.place_first",
        "{player}: place {count} counter in {temples}. Choose a marked square.",
        "{player}: place {count} counters in {temples}. Choose a marked square.",
    ),
    nmsg(
        "prompt.others.place_first",
        "{player} places {count} counter in {temples}.",
        "{player} places {count} counters in {temples}.",
    ),
    nmsg(
        "prompt.others.place",
        "{player} places {count} more counter in {temples}.",
        "{player} places {count} more counters in {temples}.",
    ),
    nmsg(
        "prompt.others.remove",
        "{player} removes {count} counter of {target} in {temples}.",
        "{player} removes {count} counters of {target} in {temples}.",
    ),
    nmsg(
        "prompt.others.scoring_remove",
        "{player} takes back {count} of their counters after the scoring.",
        "{player} takes back {count} of their counters after the scoring.",
    ),
    nmsg(
        "prompt.remove",
        "{player}: remove {count} counter of {target} in {temples}. Choose a marked square.",
        "{player}: remove {count} counters of {target} in {temples}. Choose a marked square.",
    ),
    nmsg(
        "prompt.scoring_remove",
        "{player}: take back {count} of your counters after the scoring. Choose a marked square.",
        "{player}: take back {count} of your counters after the scoring. Choose a marked square.",
    ),
    msg("prompt.wait", "Waiting for {players}."),
    msg("prompt.over", "The game is over."),
    msg("picker.label", "Square"),
    msg("picker.choose", "Choose"),
    msg("picker.where", "Temple {temple}, row {row}, column {column}"),
    msg("picker.option", "{where}: {kind}"),
    msg(
        "keys_help",
        "Keys: on the board, arrows move the cursor, Enter or Space plays its square, Tab or Escape leaves the "
        "board. Touch: tap a square to play it, hold a finger on it to read about it.",
    ),
    msg("not_allowed", "{where}: not allowed. {reason}."),
    msg("not_played_at", "{where}. {reason}."),
    msg("read_only", "This board shows the game; choose moves elsewhere."),
    msg("winner", "Game over: {player} wins ({reason})."),
    msg("draw", "Game over: a draw ({reason})."),
    msg("reason.points", "points"),
    msg("reason.temple", "a whole temple"),
    msg("reason.yellow", "all yellow squares"),
    msg("reason.green", "all green squares"),
    msg("reason.round_limit", "round limit"),
    msg("assign.title", "{player}'s cards"),
    msg("assign.hand", "Hand"),
    msg("assign.help", "Click a card, then a cartouche. Click a filled cartouche to take its card back."),
    msg("assign.help.touch", "Tap a card, then a cartouche. Tap a filled cartouche to take its card back."),
    msg("assign.swap", "Swap {a} and {b}"),
    msg("assign.clear", "Take all back"),
    msg("assign.exchange", "Exchange my 4 cards (once per game)"),
    msg("assign.confirm", "Confirm"),
    msg("assign.slot_empty", "{number}: {meaning}, empty"),
    msg("assign.slot_card", "{number}: {meaning}, card {value}"),
    msg("assign.card", "Card {value}"),
    msg("assign.card_chosen", "Card {value} (chosen)"),
    msg("assign.card_placed", "Card {value} (on {number})"),
    msg("assign.preview_title", "What this choice means"),
    msg("assign.preview.missing", "Cartouche {number}: put a card here."),
    msg(
        "assign.preview.1",
        "Cartouche 1 = {value}: if it beats the opponent's card, you score {points} x the difference.",
    ),
    nmsg(
        "assign.preview.2.remove",
        "Cartouche 2 = {value}: you remove {count} opponent counter ({value} - {offset}); the lower card on "
        "cartouche 2 acts first.",
        "Cartouche 2 = {value}: you remove {count} opponent counters ({value} - {offset}); the lower card on "
        "cartouche 2 acts first.",
    ),
    msg(
        "assign.preview.2.nothing",
        "Cartouche 2 = {value}: nothing is removed ({value} - {offset} = 0); the lower card on cartouche 2 acts first.",
    ),
    msg(
        "assign.preview.2.own",
        "Cartouche 2 = {value}: you must remove one of your own counters; the lower card on cartouche 2 acts first.",
    ),
    msg("assign.preview.2.first_round", "(In the first round of the game nobody removes counters.)"),
    msg("assign.preview.3", "Cartouche 3 = {value}: you may act in {temples}."),
    nmsg(
        "assign.preview.4",
        "Cartouche 4 = {value}: you place {count} counter.",
        "Cartouche 4 = {value}: you place {count} counters.",
    ),
    msg("assign.select_card", "Card {value} is chosen: now click a cartouche."),
    msg("assign.select_card.touch", "Card {value} is chosen: now tap a cartouche."),
    msg("assign.need_all", "Put one card on each of the four cartouches first."),
    msg("assign.done", "Your cards lie face down. Waiting for {players}."),
    msg("assign.done_all", "Your cards lie face down."),
    msg("assign.not_now", "There are no cards to choose now."),
    msg("assign.exchange_ask", "Exchange your four cards for four new ones? You can do it only once per game."),
    msg("assign.exchange_yes", "Yes, exchange"),
    msg("assign.exchange_no", "No, keep my cards"),
    msg("assign.exchanged", "You handed in the exchange counter and drew 4 new cards."),
    msg("assign.hidden", "{player}'s hand is hidden."),
    msg("step.first", "First"),
    msg("step.back", "Back"),
    msg("step.forward", "Forward"),
    msg("step.end_round", "End of round"),
    msg("step.play", "Play"),
    msg("step.pause", "Pause"),
    msg("step.speed", "Speed"),
    msg("step.speed.slow", "slow"),
    msg("step.speed.normal", "normal"),
    msg("step.speed.fast", "fast"),
    msg("step.position", "Step {number} of {count}, round {round}"),
    msg("step.empty", "No steps yet."),
    msg("step.why", "Why: {rule}"),
    msg("step.predict", "Predict first"),
    msg("step.predict_tooltip", "Before each key step, answer a question about it; then see the step"),
    msg("step.predict_waiting", "Answer the question above to see the next step."),
    msg("step.predict_tally", "Your predictions, rule by rule:"),
    msg("twin.title", "Aton board, round {round}"),
    msg("twin.summary", "The board in words (open it to read every square)"),
    msg("twin.phase", "Now: {phase}. To act: {players}."),
    msg("twin.step", "This step: {step}"),
    msg("phase.assign", "choosing cards"),
    msg("phase.remove", "removing counters"),
    msg("phase.place", "placing counters"),
    msg("phase.scoring_remove", "taking counters back after a scoring"),
    msg("phase.over", "game over"),
    msg("twin.players_caption", "Players"),
    msg("twin.col_player", "Player"),
    msg("twin.col_score", "Score"),
    msg("twin.col_stock", "Stock"),
    msg("twin.col_exchange", "Exchange counter"),
    msg("twin.col_temples", "Counters in temples 1 to 4"),
    msg("twin.row", "Row {number}"),
    msg("twin.column", "Column {number}"),
    msg("twin.temple_caption", "Temple {number}: {rule}. Counters: {red} {red_count}, {blue} {blue_count}."),
    msg("twin.cell_empty", "{kind} ({letter}), empty"),
    msg("twin.cell_owner", "{kind} ({letter}), {counter}"),
    msg("twin.mark.legal", "may be chosen"),
    msg("twin.mark.placed", "just placed"),
    msg("twin.mark.removed", "{counter} just removed"),
    msg("twin.mark.cursor", "keyboard focus"),
    msg("twin.cartouches_caption", "Cartouches 1 to 4"),
    msg("twin.kingdom", "Kingdom of the Dead: {count} of {size} counters ({red} {red_count}, {blue} {blue_count})."),
    msg("twin.highlight_temples", "Highlighted: {what}."),
    msg("language", "Language"),
)
"""Every visible text of the widgets, by key."""


def lang_of(proposal: Any) -> str:
    """The language a widget's ``lang`` trait is given (traitlets' ``proposal``), checked: a
    :class:`traitlets.TraitError` naming the known languages otherwise.

    >>> lang_of({"value": "fr"})
    'fr'
    """
    import traitlets

    try:
        return check_lang(str(proposal["value"]))
    except ValueError as error:
        raise traitlets.TraitError(str(error)) from None


def tr(key: str, lang: str = "en", **fields: object) -> str:
    """The text ``key`` in ``lang`` with its ``{placeholders}`` filled from ``fields``."""
    return render_key(STRINGS, key, lang, "widget text", **fields)


def player_word(label: str | None, lang: str) -> str:
    """``"red"`` -> ``"Red"`` / ``"Rouge"``; ``None`` -> ``"nobody"`` / ``"personne"``."""
    return tr("nobody", lang) if label is None else tr(f"player.{label}", lang)


class Language:
    """The language of a page: one value that every part of the page follows (no widget needed).

    ``Language(lang="en")``; :meth:`set` changes it (an unknown language raises ``ValueError``);
    :meth:`follow` makes components (anything with a ``lang`` attribute: a board, a card panel...)
    take it now and at every change; :meth:`on_change` calls ``callback(lang)`` at every change.
    An app owns one and its widgets follow it, so the page never speaks two languages at once.

    >>> language = Language()
    >>> class Part:
    ...     lang = "en"
    >>> part = Part()
    >>> language.follow(part)
    >>> language.set("fr")
    >>> language.value, part.lang
    ('fr', 'fr')
    """

    def __init__(self, lang: str = "en") -> None:
        self._value = check_lang(lang)
        self._listeners: list[Callable[[str], None]] = []
        self._components: list[Any] = []

    @property
    def value(self) -> str:
        """The language code now (``"en"``, ``"fr"``)."""
        return self._value

    def set(self, lang: str) -> None:
        """Speak ``lang`` from now on: every component followed and every listener hears of it."""
        lang = check_lang(lang)
        if lang == self._value:
            return
        self._value = lang
        for component in list(self._components):
            component.lang = lang
        for callback in list(self._listeners):
            callback(lang)

    def follow(self, *components: Any) -> None:
        """Have ``components`` speak this language (now, and after every :meth:`set`)."""
        for component in components:
            if component not in self._components:
                self._components.append(component)
            component.lang = self._value

    def unfollow(self, *components: Any) -> None:
        """Stop setting the language of ``components`` (a widget leaving the page)."""
        for component in components:
            if component in self._components:
                self._components.remove(component)

    def on_change(self, callback: Callable[[str], None], remove: bool = False) -> None:
        """Call ``callback(lang)`` after every change of language."""
        if remove:
            if callback in self._listeners:
                self._listeners.remove(callback)
        elif callback not in self._listeners:
            self._listeners.append(callback)
