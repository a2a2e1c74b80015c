"""The text twin: the board as accessible HTML that a screen reader can navigate.

:func:`twin_html` is pure (a string from a state); :class:`TextTwin` is the
widget that shows it and follows the board.  Temples are tables with a
caption, column and row headers; players, the Kingdom of the Dead and the
cartouches are described in words.  Every text is escaped.  Like the canvas,
the twin never shows a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from .. import data
from ..actions import PLAYERS, Player
from ..game import Game
from .i18n import check_lang, player_word, tr
from .scene import Highlights, visible_cards
from .words import join_words, kingdom_fields, players_text, result_text

__all__ = ["TextTwin", "twin_html"]


_STYLE = (
    "<style>.aton-twin table{border-collapse:collapse;margin:0.4em 0 0.8em}"
    ".aton-twin caption{text-align:left;font-weight:bold;padding:0.2em 0}"
    ".aton-twin th,.aton-twin td{border:1px solid #b9a98a;padding:0.15em 0.5em;text-align:left}"
    ".aton-twin td.aton-legal{outline:2px dashed #1a1a1a;outline-offset:-3px}</style>"
)
"""A little CSS so that the tables read as tables (it applies to the twin only)."""


def _cell(state: Game, square: tuple[int, int], highlights: Highlights, lang: str) -> str:
    kind = state.layout_kind(square).code
    owner = state.owner(square)
    fields = {"kind": tr(f"kind_square.{kind}", lang), "letter": tr(f"kind_letter.{kind}", lang)}
    if owner is None:
        text = tr("twin.cell_empty", lang, **fields)
    else:
        text = tr("twin.cell_owner", lang, counter=tr(f"counter.{owner.label}", lang), **fields)
    marks = []
    if square in highlights.legal:
        marks.append(tr("twin.mark.legal", lang))
    if square in highlights.placed:
        marks.append(tr("twin.mark.placed", lang))
    for removed, who in highlights.removed:
        if removed == square:
            marks.append(tr("twin.mark.removed", lang, counter=tr(f"counter.{who.label}", lang)))
    if highlights.cursor == square:
        marks.append(tr("twin.mark.cursor", lang))
    classes = " ".join(
        name
        for name, on in (("aton-legal", square in highlights.legal), ("aton-placed", square in highlights.placed))
        if on
    )
    attribute = f' class="{classes}"' if classes else ""
    body = escape(text) + "".join(f"; <strong>{escape(mark)}</strong>" for mark in marks)
    return f'<td data-square="{square[0]}-{square[1]}"{attribute}>{body}</td>'


def twin_html(
    state: Game,
    highlights: Highlights | None = None,
    lang: str = "en",
    viewer: Player | None = None,
    step: str | None = None,
) -> str:
    """The public state of ``state`` as accessible HTML in ``lang`` (cards hidden as on the canvas).

    ``step`` is what a step-through shows (the step's explanation): it replaces the line "Now: ... To
    act: ...", which tells the live game's phase, not the step's.
    """
    check_lang(lang)
    highlights = highlights or Highlights()
    red, blue = player_word("red", lang), player_word("blue", lang)
    title = tr("twin.title", lang, round=state.round)
    parts = [
        _STYLE,
        f'<section class="aton-twin" lang="{lang}" aria-label="{escape(title)}">',
        f"<h3>{escape(title)}</h3>",
    ]
    if step is not None:
        parts.append(f'<p class="aton-twin-step">{escape(tr("twin.step", lang, step=step))}</p>')
    else:
        phase = tr(f"phase.{state.phase.value}", lang)
        now = tr("twin.phase", lang, phase=phase, players=players_text(state.to_act, lang))
        parts.append(f"<p>{escape(now)}</p>")
    if state.result is not None:
        parts.append(f"<p><strong>{escape(result_text(state, lang))}</strong></p>")
    # players
    parts.append(f"<table><caption>{escape(tr('twin.players_caption', lang))}</caption><thead><tr>")
    for key in ("twin.col_player", "twin.col_score", "twin.col_stock", "twin.col_exchange", "twin.col_temples"):
        parts.append(f'<th scope="col">{escape(tr(key, lang))}</th>')
    parts.append("</tr></thead><tbody>")
    for player in PLAYERS:
        exchange = tr(f"describe.exchange.{'available' if state.exchange_available(player) else 'used'}", lang)
        counts = ", ".join(str(state.counters_in_temple(player, t)) for t in range(1, data.TEMPLE_COUNT + 1))
        parts.append(
            f'<tr data-player="{player.label}"><th scope="row">{escape(player_word(player.label, lang))}</th>'
            f'<td class="aton-score">{state.score(player)}</td><td class="aton-stock">{state.stock(player)}</td>'
            f"<td>{escape(exchange)}</td><td>{escape(counts)}</td></tr>"
        )
    parts.append("</tbody></table>")
    parts.append('<p class="aton-kingdom">' + escape(tr("twin.kingdom", lang, **kingdom_fields(state, lang))) + "</p>")
    if highlights.temples:
        temples = [tr("temple", lang, number=t) for t in sorted(highlights.temples)]
        parts.append(f"<p>{escape(tr('twin.highlight_temples', lang, what=join_words(temples, lang)))}</p>")
    # temples
    rule_points = {2: data.TEMPLE2_MAJORITY_POINTS, 4: data.TEMPLE4_POINTS_PER_BLUE_SQUARE}
    for temple in range(1, data.TEMPLE_COUNT + 1):
        caption = tr(
            "twin.temple_caption",
            lang,
            number=temple,
            rule=tr(f"temple_rule.{temple}", lang, points=rule_points.get(temple, 0)),
            red=red,
            red_count=state.counters_in_temple(Player.RED, temple),
            blue=blue,
            blue_count=state.counters_in_temple(Player.BLUE, temple),
        )
        parts.append(f'<table class="aton-temple" data-temple="{temple}"><caption>{escape(caption)}</caption>')
        parts.append("<thead><tr><td></td>")
        for column in range(1, data.COLUMNS_PER_TEMPLE + 1):
            parts.append(f'<th scope="col">{escape(tr("twin.column", lang, number=column))}</th>')
        parts.append("</tr></thead><tbody>")
        for row in range(data.ROWS_PER_TEMPLE):
            parts.append(f'<tr><th scope="row">{escape(tr("twin.row", lang, number=row + 1))}</th>')
            for column in range(data.COLUMNS_PER_TEMPLE):
                parts.append(_cell(state, (temple, row * data.COLUMNS_PER_TEMPLE + column), highlights, lang))
            parts.append("</tr>")
        parts.append("</tbody></table>")
    # cartouches
    parts.append(f"<table><caption>{escape(tr('twin.cartouches_caption', lang))}</caption><thead><tr>")
    parts.append(f'<th scope="col">{escape(tr("twin.col_player", lang))}</th>')
    for number in range(1, data.CARTOUCHE_COUNT + 1):
        heading = f"{tr('cartouche', lang, number=number)} ({tr(f'cartouche_short.{number}', lang)})"
        parts.append(f'<th scope="col">{escape(heading)}</th>')
    parts.append("</tr></thead><tbody>")
    for player in PLAYERS:
        cards = visible_cards(state, player, viewer)
        assigned = state.has_assigned(player)
        parts.append(f'<tr><th scope="row">{escape(player_word(player.label, lang))}</th>')
        for number in range(1, data.CARTOUCHE_COUNT + 1):
            if cards is not None:
                text = str(cards[number - 1])
            else:
                text = tr("card_face_down" if assigned else "card_empty", lang)
            parts.append(f"<td>{escape(text)}</td>")
        parts.append("</tr>")
    parts.append("</tbody></table></section>")
    return "".join(parts)


class TextTwin(widgets.HTML):  # type: ignore[misc]
    """An HTML widget (CSS class ``aton-text-twin``) showing :func:`twin_html` of a state.

    ``TextTwin(state=None, lang="en", viewer=None, opened=True)``; call :meth:`show` with a
    new state; set ``lang`` to switch language.  A :class:`~aton.widgets.BoardView`
    keeps its own twin (``board.twin``) in step with the canvas.  With ``opened=False`` the twin
    starts closed (an HTML ``<details>`` the reader opens): a page whose exercises ask what the
    twin would say (how many counters stand in a temple) does not show the answer before the question.
    """

    lang = traitlets.Unicode("en")

    def __init__(
        self,
        state: Game | None = None,
        *,
        lang: str = "en",
        viewer: Player | None = None,
        opened: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-text-twin")
        self.opened = opened
        self._state = state
        self._step: Callable[[str], str] | None = None
        self._highlights = Highlights()
        self._viewer = viewer
        self.lang = check_lang(lang)
        self.observe(self._on_lang, names="lang")
        self._render()

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: Any) -> str:
        return check_lang(str(proposal["value"]))

    def _on_lang(self, change: Any) -> None:
        self._render()

    def show(
        self,
        state: Game | None,
        highlights: Highlights | None = None,
        viewer: Player | str | None = "unchanged",
        step: Callable[[str], str] | None = None,
    ) -> None:
        """Show ``state`` (``None``: nothing) with ``highlights`` marked in the cells.

        ``viewer`` is the player whose eyes the twin uses (``None``: public
        information only); leave it out to keep the current one.  ``step`` gives,
        in a language, what a step-through's step is (then the twin says it
        instead of the phase).
        """
        self._state = state
        self._step = step
        self._highlights = highlights or Highlights()
        if viewer != "unchanged":
            self._viewer = viewer if isinstance(viewer, Player) else None
        self._render()

    def _render(self) -> None:
        state = self._state
        step = None if self._step is None else self._step(self.lang)
        if state is None:
            self.value = ""
            return
        text = twin_html(state, self._highlights, self.lang, self._viewer, step)
        if not self.opened:
            summary = escape(tr("twin.summary", self.lang))
            text = f'<details class="aton-twin-closed"><summary>{summary}</summary>{text}</details>'
        self.value = text
