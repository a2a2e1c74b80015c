"""The class page: the teacher's code first, then every table live, one watched, closing, the results.

:class:`ClassroomPanel` draws a :class:`~aton.apps.classroom.flow.ClassroomFlow`.
Before the right teacher's code nothing of the class is read or shown.  Once
open, the tables are read again about once a second (a thread only wakes the
kernel's own thread, which reads the store and redraws); a table's "Watch"
shows its board as a spectator sees it (:class:`~aton.widgets.BoardView` on
``store.watch(code)``, no seat, so clicks only describe); "Close" asks first;
"Show the results" lists the finished games with a link that downloads them
as CSV; "Seats" hands a seat to a new key (its link and QR code show on the
teacher's screen; the old key stops at once) or frees it.  Every word comes from the message catalogs; a language switch
changes them all.

CSS classes: ``aton-classroom`` (the panel), ``aton-class-gate``, ``aton-class-code``,
``aton-class-open``, ``aton-class-message``, ``aton-class-status``, ``aton-class-tables``,
``aton-class-table`` (one per table, with ``data-code`` in its HTML), ``aton-class-watch``,
``aton-class-close``, ``aton-class-confirm``, ``aton-class-cancel``, ``aton-class-watched``,
``aton-class-stop``, ``aton-class-results-button``, ``aton-class-results``, ``aton-class-download``;
``aton-class-seats`` (a table's Seats button; the form and the seat handed on:
:mod:`~aton.apps.classroom.seats_panel`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ...rooms import RoomError, RoomStore
from ...widgets.board import BoardView
from ...widgets.i18n import check_lang
from ...widgets.language import LanguageKeeper, LanguageSwitch
from ...widgets.touch import TOUCH_MEDIA, touch_targets
from ..work import Schedule, kernel_schedule
from .flow import Answer, ClassroomFlow, TeacherGate, words
from .learning_panel import LearningPanel
from .seats_panel import SEATS_CSS, HandedBox, SeatsForm
from .session import ClassSession

__all__ = ["ClassroomPanel", "class_css"]

POLL_SECONDS = 1.0
"""How often the tables are read again."""


def class_css() -> str:
    """The page's style: cards that wrap, nothing wider than a phone's 390 px; on a touch layout every target
    (button, field, link, part to open) at least :data:`~aton.widgets.touch.TOUCH_TARGET` px tall; on a
    projector's width (1600 px and more) the page takes the room and its words are a fifth larger, to be read
    from the back."""
    return (
        """<style>
.aton-classroom { background: #f4efe4; color: #1a1a1a; padding: 8px 12px 16px; box-sizing: border-box;
  width: 100%; max-width: 1100px; overflow-wrap: anywhere; }
#rendered_cells .aton-classroom { min-height: 100vh; }
#rendered_cells:has(.aton-classroom), #rendered_cells .jp-Cell:has(.aton-classroom),
#rendered_cells .jp-Cell:has(.aton-classroom) .jp-OutputArea { padding: 0 !important; }
body:has(#rendered_cells .aton-classroom), body:has(#rendered_cells .aton-classroom) #rendered_cells {
  background: #f4efe4 !important; }
.aton-classroom .widget-html, .aton-classroom .widget-html-content { color: #1a1a1a; line-height: 1.4; }
.aton-classroom h1 { font-size: 1.5em; color: #8c6d46; margin: 0; }
.aton-classroom .jupyter-button:focus-visible, .aton-classroom input:focus-visible, .aton-classroom a:focus-visible {
  outline: 3px solid #1f4e79; outline-offset: 2px; }
.aton-class-header { align-items: center; flex-wrap: wrap; gap: 4px 16px; border-bottom: 2px solid #d6c7a4;
  margin-bottom: 6px; }
.aton-class-header .aton-language > .widget-label { position: absolute; width: 1px; height: 1px;
  overflow: hidden; clip: rect(0 0 0 0); }
.aton-class-row { flex-wrap: wrap; gap: 6px; align-items: center; }
.aton-classroom .widget-button, .aton-classroom .widget-password { min-height: 36px; }
.aton-classroom .widget-button { width: auto; padding: 0 14px; }
.aton-classroom .widget-password { width: 16em; max-width: 100%; }
.aton-class-message [role="alert"] { color: #9b1c1c; background: #fdecea; padding: 4px 8px; border-radius: 4px; }
.aton-class-tables { display: flex; flex-flow: row wrap; gap: 8px; }
.aton-class-table { flex: 1 1 300px; max-width: 100%; box-sizing: border-box; background: #fffdf8;
  border: 1px solid #d6c7a4; border-radius: 6px; padding: 6px 10px; }
.aton-class-table.aton-class-current { box-shadow: inset 0 0 0 2px #8c6d46; }
.aton-class-table h2 { font-size: 1.1em; margin: 0; }
.aton-class-table p { margin: 2px 0; }
.aton-class-watched { border-top: 2px solid #d6c7a4; margin-top: 8px; padding-top: 4px; }
.aton-class-watched h2 { font-size: 1.15em; margin: 4px 0; }
.aton-class-watched .aton-message { font-weight: bold; }
.aton-class-results table { border-collapse: collapse; font-size: 0.95em; }
.aton-class-results th, .aton-class-results td { border: 1px solid #d6c7a4; padding: 2px 6px; text-align: left; }
.aton-class-results .aton-class-scroll { overflow-x: auto; max-width: 100%; }
.aton-class-results a { color: #1f4e79; font-weight: bold; }
@media (min-width: 1600px) {
  .aton-classroom { max-width: 1800px; }
  .aton-classroom .widget-html-content { font-size: 1.2em; }
}
"""
        + SEATS_CSS
        + f"@media {TOUCH_MEDIA} {{\n{touch_targets('.aton-classroom')}\n}}\n</style>"
    )


def kept_html(flow: ClassroomFlow, lang: str) -> str:
    """The games kept on this server (against a bot, two people on one screen), with their nicknames."""
    title = f"<h2>{escape(words('kept_title', lang))}</h2><p>{escape(words('kept_lead', lang))}</p>"
    if not flow.kept:
        return f"{title}<p>{escape(words('kept_none', lang))}</p>"
    items = "".join(f"<li>{escape(flow.kept_summary(row, lang))}</li>" for row in flow.kept)
    return f"{title}<ul>{items}</ul>"


def results_html(flow: ClassroomFlow, lang: str) -> str:
    """The finished games as a table, with the link that downloads them as CSV."""
    header, rows = flow.results(lang)
    if not rows:
        return f"<p>{escape(words('results_none', lang))}</p>"
    head = "".join(f'<th scope="col">{escape(cell)}</th>' for cell in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    link = (
        f'<a class="aton-class-download" href="{flow.csv_href()}" download="results.csv">'
        f"{escape(words('download', lang))}</a>"
    )
    return (
        f'<p>{link}</p><div class="aton-class-scroll"><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


class _TableCard(widgets.VBox):  # type: ignore[misc]
    """One table: its code, players, round, score and state, and its buttons."""

    def __init__(self, code: str, seats: SeatsForm) -> None:
        super().__init__()
        self.code = code
        self.seats = seats
        self.add_class("aton-class-table")
        self.text = widgets.HTML()
        self.watch_button = widgets.Button()
        self.watch_button.add_class("aton-class-watch")
        self.close_button = widgets.Button()
        self.close_button.add_class("aton-class-close")
        self.confirm_text = widgets.HTML()
        self.confirm_button = widgets.Button(button_style="danger")
        self.confirm_button.add_class("aton-class-confirm")
        self.cancel_button = widgets.Button()
        self.cancel_button.add_class("aton-class-cancel")
        self.seats_button = seats.opener
        self.buttons = widgets.HBox([self.watch_button, seats.opener, self.close_button])
        self.buttons.add_class("aton-class-row")
        self.confirm = widgets.HBox([self.confirm_text, self.confirm_button, self.cancel_button])
        self.confirm.add_class("aton-class-row")
        self.children = [self.text, self.buttons]

    def render(self, row: Any, flow: ClassroomFlow, lang: str) -> None:
        """Draw table ``row`` as ``flow`` sees it, in ``lang``: its words, and the buttons, the close question
        or the seats form."""
        heading = escape(words("table", lang, code=row.code))
        self.text.value = (
            f'<div data-code="{row.code}"><h2>{heading}</h2><p>{escape(flow.summary(row, lang))}</p></div>'
        )
        self.watch_button.description = words("watch", lang)
        self.close_button.description = words("close", lang)
        self.close_button.disabled = row.state in ("closed", "abandoned")
        self.confirm_text.value = f"<p>{escape(words('close_ask', lang, code=row.code))}</p>"
        self.confirm_button.description = words("close_yes", lang)
        self.cancel_button.description = words("close_no", lang)
        self.seats.relabel(lang)
        self.seats.opener.disabled = row.state in ("closed", "abandoned")
        if flow.closing == row.code:
            self.children = [self.text, self.confirm]
        elif flow.seating == row.code:
            self.children = [self.text, self.seats]
        else:
            self.children = [self.text, self.buttons]
        if row.code == flow.watching:
            self.add_class("aton-class-current")
        else:
            self.remove_class("aton-class-current")


class ClassroomPanel(widgets.VBox):  # type: ignore[misc]
    """The teacher's view of the class (CSS class ``aton-classroom``).

    ``ClassroomPanel(lang="en", *, store=None, url=None, gate=None, background=None)``: ``gate`` checks the
    teacher's code (default: the code in ``ATON_TEACHER_CODE``, if any); ``store``/``url`` say
    where the rooms are (default :func:`aton.rooms.default_url`, opened only after the right code).
    ``background`` reads the tables every second on a timer (default: inside a Jupyter kernel);
    otherwise call :meth:`poll`.  ``flow`` is the :class:`ClassroomFlow` the panel draws.
    """

    lang = traitlets.Unicode("en")

    def __init__(
        self,
        lang: str = "en",
        *,
        store: RoomStore | None = None,
        url: str | None = None,
        gate: TeacherGate | None = None,
        background: bool | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-classroom")
        self.flow = ClassroomFlow(store, url=url, gate=gate)
        self._schedule: Schedule | None = kernel_schedule() if background is not False else None
        self._stop = threading.Event()
        self._poller: threading.Thread | None = None
        self._say: Callable[[str], str] | None = None
        self._alert = False
        self._cards: dict[str, _TableCard] = {}
        self._results_shown = False
        self._tried = False
        """Whether the code box's last value was tried as it arrived (Enter, or the focus leaving the box)."""

        self.title = widgets.HTML()
        self.language = LanguageSwitch(lang=check_lang(lang))
        self.language_keeper = LanguageKeeper(self.language.language)  # chosen by the browser, kept there
        header = widgets.HBox([self.title, self.language, self.language_keeper])
        header.add_class("aton-class-header")

        self.gate_text = widgets.HTML()
        self.code_box = widgets.Password(continuous_update=False)
        self.code_box.add_class("aton-class-code")
        self.open_button = widgets.Button(button_style="primary")
        self.open_button.add_class("aton-class-open")
        self.gate_row = widgets.HBox([self.code_box, self.open_button])
        self.gate_row.add_class("aton-class-row")
        self.gate = widgets.VBox([self.gate_text, self.gate_row])
        self.gate.add_class("aton-class-gate")
        self.message = widgets.HTML()
        self.message.add_class("aton-class-message")
        self.handed = HandedBox(self.flow)

        self.lead = widgets.HTML()
        self.status = widgets.HTML()
        self.status.add_class("aton-class-status")
        self.tables_box = widgets.Box()
        self.tables_box.add_class("aton-class-tables")
        self.kept_html = widgets.HTML()
        self.kept_html.add_class("aton-class-kept")
        self.learning: LearningPanel | None = None
        self.learning_box = widgets.VBox(layout=widgets.Layout(min_width="0", max_width="100%"))
        self.board: BoardView | None = None
        self.watched_title = widgets.HTML()
        self.stop_button = widgets.Button()
        self.stop_button.add_class("aton-class-stop")
        self.watched = widgets.VBox([self.watched_title, self.stop_button], layout=widgets.Layout(display="none"))
        self.watched.add_class("aton-class-watched")
        self.results_button = widgets.Button()
        self.results_button.add_class("aton-class-results-button")
        self.results_html = widgets.HTML()
        self.results_html.add_class("aton-class-results")
        self.results_title = widgets.HTML()
        self.class_box = widgets.VBox(
            [
                self.lead,
                self.status,
                self.tables_box,
                self.kept_html,
                self.watched,
                self.learning_box,
                self.results_title,
                self.results_button,
                self.results_html,
            ],
            layout=widgets.Layout(display="none"),
        )
        self.session = ClassSession(self._unlock_kept, self._schedule, on_address=self.handed.take_address)
        """The tab's kept code (a reload stays open), the page's address and, on a server, the connection watch."""
        self.children = [widgets.HTML(class_css()), header, self.gate, self.message, self.handed, self.class_box]
        self.children = [*self.children, self.session]

        self.open_button.on_click(lambda _b: self._on_open())
        self.code_box.observe(self._on_code, names="value")
        self.stop_button.on_click(lambda _b: self.stop_watching())
        self.results_button.on_click(lambda _b: self.show_results())
        self.language.connect(self)
        self.observe(lambda _c: self._render(), names="lang")
        self.language_keeper.observe(lambda _c: self._render(), names="heard")
        self._render()

    # ------------------------------------------------------------- actions
    def unlock(self, typed: str) -> Answer:
        """Try a teacher's code (what the code box and the button do)."""
        self.code_box.value = ""
        try:
            attempt = self.flow.unlock(typed)
        except RoomError as error:
            self._say_error(error)
            return Answer.WRONG
        self._say = attempt.text
        self._alert = True
        if attempt.answer is Answer.OPEN and self.flow.learning is not None and self.learning is None:
            self.learning = LearningPanel(self.flow.learning, self.lang)
            self.learning_box.children = [self.learning]
            self.learning.poll()
        if attempt.answer is Answer.OPEN:
            self.session.keep(typed)
            self._start_polling()
        self._render()
        return attempt.answer

    def poll(self) -> None:
        """Read the tables again and redraw what changed (the timer calls this every second)."""
        if not self.flow.is_open:
            return
        try:
            changed = self.flow.refresh()
            moved = self.flow.watched_moved()
        except RoomError as error:
            self._say_error(error)
            return
        if self.learning is not None:
            self.learning.poll()
        if moved and self.flow.watching is not None:
            self._show_watched(self.flow.watching)
        if changed or moved:
            self._render_tables()
        else:
            self.status.value = f'<p role="status">{escape(self.flow.updated_words(self.lang))}</p>'

    def watch(self, code: str) -> None:
        """Show table ``code`` as a spectator sees it."""
        try:
            self._show_watched(code)
        except RoomError as error:
            self._say_error(error)
            return
        self._render_tables()

    def stop_watching(self) -> None:
        """Hide the watched board."""
        self.flow.stop_watching()
        self.watched.layout.display = "none"
        self._render_tables()

    def ask_close(self, code: str) -> None:
        """Ask to close table ``code`` (the card shows the question and Yes / Cancel)."""
        self.flow.ask_close(code)
        self._render_tables()

    def confirm_close(self) -> None:
        """Close the table asked about."""
        try:
            code = self.flow.confirm_close()
        except RoomError as error:
            self._say_error(error)
            return
        if code is not None:
            self._say = lambda lang: words("closed", lang, code=code)
            self._alert = False
        self._render()

    def cancel_close(self) -> None:
        """Keep the table open."""
        self.flow.cancel_close()
        self._render_tables()

    def _seats_done(self, error: RoomError | None) -> None:
        """A seats form acted: say the store's refusal, or show the seat handed on or freed."""
        self._say = error.text if error is not None else None
        self._alert = error is not None
        self._render()

    def show_results(self) -> None:
        """List the finished games, with the CSV download link."""
        self._results_shown = True
        try:
            self.results_html.value = results_html(self.flow, self.lang)
        except RoomError as error:
            self._say_error(error)

    def stop(self) -> None:
        """Stop reading the tables (the page is going away)."""
        self._stop.set()
        self.session.stop()

    # ------------------------------------------------------------- internals
    def _on_code(self, change: Any) -> None:
        typed = str(change["new"])
        if typed:  # Enter in the box (the box is emptied after each try, which calls this again with "")
            self.unlock(typed)
            self._tried = True

    def _unlock_kept(self, code: str) -> None:
        """The code this tab kept opened the class before a reload: open it again, or forget a stale code."""
        if self.flow.is_open or self.unlock(code) is Answer.OPEN:
            return
        self.session.forget()
        self._say, self._alert = None, False
        self._render_message()

    def _on_open(self) -> None:
        """The button: try the code in the box.  Clicking it takes the focus from the box, which sends the
        code typed there first (and that tried it and emptied the box): then the answer to that try stays,
        rather than "Type the code first."."""
        if not self.code_box.value and self._tried:
            self._tried = False
            return
        self._tried = False
        self.unlock(self.code_box.value)

    def _start_polling(self) -> None:
        schedule = self._schedule
        if schedule is None or self._poller is not None:
            return

        def loop() -> None:
            while not self._stop.wait(POLL_SECONDS):
                schedule(self.poll)

        self._poller = threading.Thread(target=loop, name="aton-class-poll", daemon=True)
        self._poller.start()

    def _show_watched(self, code: str) -> None:
        same = self.flow.watching == code
        view = self.flow.watch(code)
        if self.board is None:
            self.board = BoardView(view, viewer=None, controls=(), lang=self.lang, show_twin=False)
            self.watched.children = [self.watched_title, self.board, self.stop_button]
        elif same:
            self.board.follow(view)  # the same table moved on: its last move stays marked until the next one
        else:
            self.board.set_game(view)
        self.watched.layout.display = ""
        self.watched_title.value = f"<h2>{escape(words('watching', self.lang, code=code))}</h2>"

    def _say_error(self, error: RoomError) -> None:
        self._say = error.text
        self._alert = True
        self._render_message()

    def _render(self) -> None:
        lang = self.lang
        flow = self.flow
        self.title.value = f"<h1>{escape(words('title', lang))}</h1>"
        self.session.render(lang)
        configured = flow.gate.configured
        self.code_box.description = words("code_label", lang)
        self.code_box.placeholder = "XXXX-XXXX"
        self.open_button.description = words("code_open", lang)
        self.gate_text.value = f"<p>{escape(words('code_ask' if configured else 'code_none', lang))}</p>"
        # the box appears once the page's language is known: a label changed later empties what is typed
        self.gate_row.layout.display = "" if configured and self.language_keeper.heard else "none"
        self.gate.layout.display = "none" if flow.is_open else ""
        self._render_message()
        if not flow.is_open:
            return
        self.handed.render(lang)
        self.class_box.layout.display = ""
        self.lead.value = f"<p>{escape(words('lead', lang))}</p>"
        self.stop_button.description = words("stop", lang)
        self.results_title.value = f"<h2>{escape(words('results', lang))}</h2>"
        self.results_button.description = words("results_show", lang)
        if flow.watching is not None:
            self.watched_title.value = f"<h2>{escape(words('watching', lang, code=flow.watching))}</h2>"
        self._render_tables()
        if self._results_shown:
            self.results_html.value = results_html(self.flow, self.lang)
        if self.learning is not None:
            self.learning.lang = lang
        if self.board is not None:  # last: redrawing the board takes longest
            self.board.lang = lang

    def _render_message(self) -> None:
        text = self._say(self.lang) if self._say is not None else ""
        role = 'role="alert"' if self._alert else 'role="status"'
        self.message.value = f"<p {role}>{escape(text)}</p>" if text else ""

    def _render_tables(self) -> None:
        lang = self.lang
        flow = self.flow
        self.status.value = f'<p role="status">{escape(flow.updated_words(lang))}</p>'
        cards = []
        for row in flow.tables:
            card = self._cards.get(row.code)
            if card is None:
                card = self._cards[row.code] = self._new_card(row.code)
            card.render(row, flow, lang)
            cards.append(card)
        self.kept_html.value = kept_html(flow, lang)
        if not cards:
            empty = widgets.HTML(f"<p>{escape(words('empty', lang))}</p>")
            self.tables_box.children = [empty]
        elif list(self.tables_box.children) != cards:
            self.tables_box.children = cards
        for code in [code for code in self._cards if flow.row(code) is None]:
            self._cards.pop(code).close()

    def _new_card(self, code: str) -> _TableCard:
        card = _TableCard(code, SeatsForm(self.flow, code, self._seats_done))
        card.watch_button.on_click(lambda _b: self.watch(code))
        card.close_button.on_click(lambda _b: self.ask_close(code))
        card.confirm_button.on_click(lambda _b: self.confirm_close())
        card.cancel_button.on_click(lambda _b: self.cancel_close())
        return card
