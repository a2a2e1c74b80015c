"""The learning part of the class page: the grid of learners by rules, the common mistakes, a learner's
answers, the CSV download and erasing (asked first).

:class:`LearningPanel` draws a :class:`~aton.apps.classroom.learning.LearningView`.  The grid is an HTML
table inside its own box that scrolls sideways (a phone's page never does); each learner has a real button
that opens their answers (keyboard and touch alike).  The class panel calls :meth:`LearningPanel.poll`
every second and sets ``lang``.

CSS classes: ``aton-learning`` (the panel), ``aton-learning-status``, ``aton-learning-grid`` (the scrolling
box, with ``table.aton-learning-table`` and ``td[data-state]`` cells), ``aton-learning-rules`` (the rule
titles of the columns), ``aton-learning-mistakes``, ``aton-learning-learners`` (the learners' buttons,
``aton-learning-learner``), ``aton-learning-attempts``, ``aton-learning-hide``, ``aton-learning-download``,
``aton-learning-erase``, ``aton-learning-erase-yes``, ``aton-learning-erase-no``, ``aton-learning-message``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ...rooms import GridRow, RoomError
from ...widgets.touch import TOUCH_MEDIA, touch_targets
from .learning import RULE_IDS, LearningView, learning_words

__all__ = ["LearningPanel", "learning_css"]


def learning_css() -> str:
    """The learning part's style: a grid that scrolls inside its own box, buttons a finger can hit (on a touch
    layout at least :data:`~aton.widgets.touch.TOUCH_TARGET` px tall, as its links and the part to open)."""
    return (
        """<style>
.aton-learning { border-top: 2px solid #d6c7a4; margin-top: 8px; padding-top: 4px; max-width: 100%; min-width: 0; }
.aton-learning > .widget-html, .aton-learning .widget-html-content { max-width: 100%; min-width: 0; }
.aton-learning h2 { font-size: 1.15em; margin: 4px 0; }
.aton-learning-grid { overflow-x: auto; width: 100%; max-width: 100%; box-sizing: border-box;
  border: 1px solid #d6c7a4; background: #fffdf8; }
.aton-learning-grid:focus { outline: 2px solid #1f4e79; }
.aton-learning-table { border-collapse: collapse; font-size: 0.9em; }
.aton-learning-table th, .aton-learning-table td { border: 1px solid #d6c7a4; padding: 2px 5px; text-align: center;
  white-space: nowrap; }
.aton-learning-table th[scope="row"] { text-align: left; position: sticky; left: 0; background: #fffdf8; }
.aton-learning-table td[data-state="mastered"] { background: #d8ecd2; }
.aton-learning-table td[data-state="practising"] { background: #fdf1c7; }
.aton-learning-table td[data-state="review"] { background: #f8d7d3; }
.aton-learning-table td[data-state="not seen"] { color: #4a4a4a; }
.aton-learning-table caption, .aton-learning-hidden { position: absolute; width: 1px; height: 1px;
  overflow: hidden; clip: rect(0 0 0 0); }
.aton-learning-attempts th, .aton-learning-attempts td { overflow-wrap: normal; word-break: normal; }
.aton-learning-attempts td:first-child, .aton-learning-attempts th { white-space: nowrap; }
.aton-learning-attempts td:nth-child(2) { min-width: 14em; }
.aton-learning-rules { font-size: 0.9em; columns: 22em auto; margin: 4px 0; padding-left: 2em; }
.aton-learning-learners { display: flex; flex-flow: row wrap; gap: 6px; }
.aton-learning .widget-button { min-height: 36px; width: auto; padding: 0 14px; }
.aton-learning-attempts table { border-collapse: collapse; font-size: 0.95em; }
.aton-learning-attempts th, .aton-learning-attempts td { border: 1px solid #d6c7a4; padding: 2px 6px;
  text-align: left; }
.aton-learning-scroll { overflow-x: auto; max-width: 100%; }
.aton-learning a { color: #1f4e79; font-weight: bold; }
"""
        + f"@media {TOUCH_MEDIA} {{\n{touch_targets('.aton-learning')}\n}}\n</style>"
    )


class LearningPanel(widgets.VBox):  # type: ignore[misc]
    """What the class has learnt this lesson (CSS class ``aton-learning``): ``LearningPanel(view, lang)``."""

    lang = traitlets.Unicode("en")

    def __init__(self, view: LearningView, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-learning")
        self.view = view
        self.lang = lang
        self._say: Callable[[str], str] | None = None
        self._alert = False
        self._buttons: dict[int, widgets.Button] = {}

        self.title = widgets.HTML()
        self.status = widgets.HTML()
        self.status.add_class("aton-learning-status")
        self.grid = widgets.HTML()
        self.rules = widgets.HTML()
        self.mistakes = widgets.HTML()
        self.mistakes.add_class("aton-learning-mistakes")
        self.learners = widgets.Box()
        self.learners.add_class("aton-learning-learners")
        self.attempts = widgets.HTML()
        self.attempts.add_class("aton-learning-attempts")
        self.hide_button = widgets.Button()
        self.hide_button.add_class("aton-learning-hide")
        self.attempts_box = widgets.VBox([self.attempts, self.hide_button], layout=widgets.Layout(display="none"))
        self.download = widgets.HTML()
        self.erase_button = widgets.Button()
        self.erase_button.add_class("aton-learning-erase")
        self.erase_text = widgets.HTML()
        self.erase_yes = widgets.Button(button_style="danger")
        self.erase_yes.add_class("aton-learning-erase-yes")
        self.erase_no = widgets.Button()
        self.erase_no.add_class("aton-learning-erase-no")
        self.erase_confirm = widgets.HBox(
            [self.erase_text, self.erase_yes, self.erase_no], layout=widgets.Layout(display="none")
        )
        self.erase_confirm.add_class("aton-class-row")
        self.message = widgets.HTML()
        self.message.add_class("aton-learning-message")
        self.children = [
            widgets.HTML(learning_css()),
            self.title,
            self.status,
            self.grid,
            self.rules,
            self.learners,
            self.attempts_box,
            self.mistakes,
            self.download,
            self.erase_button,
            self.erase_confirm,
            self.message,
        ]
        self.hide_button.on_click(lambda _b: self.hide())
        self.erase_button.on_click(lambda _b: self.ask_erase())
        self.erase_yes.on_click(lambda _b: self.confirm_erase())
        self.erase_no.on_click(lambda _b: self.cancel_erase())
        self.observe(lambda _c: self.render(), names="lang")

    # ------------------------------------------------------------- actions
    def poll(self) -> bool:
        """Read the record again if it changed, and redraw (the class page's timer calls this)."""
        try:
            changed = self.view.poll()
        except RoomError as error:
            self._fail(error)
            return False
        if changed:
            self.render()
        return changed

    def show(self, learner_id: int) -> None:
        """Open a learner's answers."""
        try:
            self.view.show(learner_id)
        except RoomError as error:
            self._fail(error)
            return
        self._render_attempts()

    def hide(self) -> None:
        """Close the learner's answers."""
        self.view.hide()
        self._render_attempts()

    def ask_erase(self) -> None:
        """Ask before erasing the lesson's record."""
        self.view.ask_erase()
        self._render_erase()

    def cancel_erase(self) -> None:
        """Keep the record."""
        self.view.cancel_erase()
        self._render_erase()

    def confirm_erase(self) -> None:
        """Erase the lesson's record (once asked)."""
        try:
            erased = self.view.confirm_erase()
        except RoomError as error:
            self._fail(error)
            return
        if erased is not None:
            self._say = lambda lang: learning_words("erased", lang, count=erased)
            self._alert = False
        self.render()

    # ------------------------------------------------------------- drawing
    def _fail(self, error: RoomError) -> None:
        self._say = error.text
        self._alert = True
        self._render_message()

    def render(self) -> None:
        """Draw everything in ``lang``."""
        lang = self.lang
        view = self.view
        self.title.value = f"<h2>{escape(learning_words('title', lang))}</h2>"
        count = learning_words("count", lang, count=len(view.rows))
        self.status.value = f'<p role="status">{escape(view.start_words(lang))} {escape(count)}</p>'
        self._render_grid()
        self._render_mistakes()
        self._render_attempts()
        link = (
            f'<a class="aton-learning-download" href="{view.csv_href()}" download="answers.csv">'
            f"{escape(learning_words('download', lang))}</a>"
        )
        self.download.value = f"<p>{link}</p>"
        self.erase_button.description = learning_words("erase", lang)
        self._render_erase()
        self._render_message()

    def _render_grid(self) -> None:
        lang = self.lang
        view = self.view
        if not view.rows:
            self.grid.value = f"<p>{escape(learning_words('empty', lang))}</p>"
            self.rules.value = ""
            self.learners.children = []
            return
        headers = view.headers(lang)
        head = f'<th scope="col">{escape(learning_words("learner", lang))}</th>' + "".join(
            f'<th scope="col"><abbr title="{escape(full)}">{escape(short)}</abbr></th>' for short, full in headers
        )
        body = []
        for row in view.rows:
            cells = "".join(
                f'<td data-rule="{rule}" data-state="{escape(row.state(rule))}">{_cell(view, row, rule, lang)}</td>'
                for rule in RULE_IDS
            )
            body.append(
                f'<tr data-learner="{row.learner.id}"><th scope="row">{escape(row.learner.nickname)}</th>{cells}</tr>'
            )
        caption = escape(learning_words("grid_caption", lang))
        self.grid.value = (
            f'<div class="aton-learning-grid" tabindex="0" role="region" aria-label="{caption}">'
            f'<table class="aton-learning-table"><caption>{caption}</caption><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table></div>"
        )
        items = "".join(f"<li>{escape(full)}</li>" for _short, full in headers)
        self.rules.value = (
            f"<details><summary>{escape(learning_words('rules', lang))}</summary>"
            f'<ol class="aton-learning-rules">{items}</ol></details>'
        )
        buttons = []
        for row in view.rows:
            button = self._buttons.get(row.learner.id)
            if button is None:
                button = self._buttons[row.learner.id] = widgets.Button()
                button.add_class("aton-learning-learner")
                learner_id = row.learner.id
                button.on_click(lambda _b, learner_id=learner_id: self.show(learner_id))
            button.description = learning_words("show", lang, name=row.learner.nickname)
            buttons.append(button)
        if list(self.learners.children) != buttons:
            self.learners.children = buttons
        present = {row.learner.id for row in view.rows}
        for gone in [learner for learner in self._buttons if learner not in present]:
            self._buttons.pop(gone).close()

    def _render_mistakes(self) -> None:
        lang = self.lang
        lines = self.view.mistake_lines(lang)
        title = f"<h3>{escape(learning_words('mistakes', lang))}</h3>"
        if not lines:
            self.mistakes.value = f"{title}<p>{escape(learning_words('mistakes_none', lang))}</p>"
            return
        items = "".join(
            f"<li><strong>{escape(line.rule_title)}</strong> {escape(line.sentence)} ({escape(line.count)})</li>"
            for line in lines
        )
        self.mistakes.value = f"{title}<ol>{items}</ol>"

    def _render_attempts(self) -> None:
        lang = self.lang
        view = self.view
        if view.shown is None:
            self.attempts_box.layout.display = "none"
            self.attempts.value = ""
            return
        self.attempts_box.layout.display = ""
        self.hide_button.description = learning_words("hide", lang)
        title = f"<h3>{escape(learning_words('attempts_of', lang, name=view.shown_name()))}</h3>"
        if not view.shown_attempts:
            self.attempts.value = f"{title}<p>{escape(learning_words('attempts_none', lang))}</p>"
            return
        names = ("time", "rule", "question", "result", "mistake")
        head = "".join(f'<th scope="col">{escape(learning_words(f"column.{name}", lang))}</th>' for name in names)
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in view.attempt_cells(attempt, lang)) + "</tr>"
            for attempt in view.shown_attempts
        )
        self.attempts.value = (
            f'{title}<div class="aton-learning-scroll" tabindex="0" role="region" '
            f'aria-label="{escape(learning_words("attempts_of", lang, name=view.shown_name()))}">'
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
        )

    def _render_erase(self) -> None:
        lang = self.lang
        asking = self.view.erasing
        self.erase_button.layout.display = "none" if asking else ""
        self.erase_confirm.layout.display = "" if asking else "none"
        self.erase_text.value = (
            f"<p>{escape(learning_words('erase_ask', lang, time=_hhmm(self.view.lesson_start)))}</p>" if asking else ""
        )
        self.erase_yes.description = learning_words("erase_yes", lang)
        self.erase_no.description = learning_words("erase_no", lang)

    def _render_message(self) -> None:
        text = self._say(self.lang) if self._say is not None else ""
        role = 'role="alert"' if self._alert else 'role="status"'
        self.message.value = f"<p {role}>{escape(text)}</p>" if text else ""


def _cell(view: LearningView, row: GridRow, rule: str, lang: str) -> str:
    """A cell of the grid: its state in words; "not seen" shows as a dot, its words kept for screen readers,
    so a class of rules fits a projector's width."""
    words = escape(view.cell_words(row, rule, lang))
    if row.state(rule) != "not seen":
        return words
    return f'<span aria-hidden="true">·</span><span class="aton-learning-hidden">{words}</span>'


def _hhmm(seconds: float) -> str:
    return datetime.fromtimestamp(seconds).strftime("%H:%M")
