"""The dashboard's "New game · files" tab: the new-game form, saving and loading (CSS class ``aton-game``).

:class:`GameForm` only holds the fields and forwards what people do to callbacks; the dashboard's
controller decides (a bad seed is refused there, a file is read there).

>>> form = GameForm()
>>> form.seed_text.value = "1234"
>>> form.choices()["mode"], form.seed_text.value
('bot', '1234')
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ...actions import PLAYERS, RED, Player
from ...widgets.i18n import player_word
from .friend import rooms_available
from .friend_panel import FriendPanel
from .html import saved_html
from .session import LEVELS, MAX_FILE_BYTES, Mode, SavedFile
from .text import say

__all__ = ["LOAD_GUARD", "GameForm", "megabytes"]

LOAD_GUARD = """(function () {
  if (window.atonLoadGuard) { return; }
  window.atonLoadGuard = true;
  var most = MOST;
  function guard(event) {
    var input = event.target, big = null;
    var files = input.files || [];
    for (var i = 0; i < files.length; i++) { if (files[i].size > most) { big = files[i]; } }
    var box = document.querySelector('.aton-load-warning-text');
    if (!big) { if (box) { box.textContent = ''; } return; }
    event.stopImmediatePropagation();
    input.value = '';
    if (!box) { return; }
    var lang = box.getAttribute('data-lang') || 'en';
    var size = (big.size / 1000000).toLocaleString(lang, {maximumFractionDigits: 1});
    box.textContent = box.getAttribute('data-template').split('{name}').join(big.name)
      .split('{size}').join(box.getAttribute('data-size').split('{count}').join(size));
    box.setAttribute('role', 'alert');
  }
  // The upload button's file field is not in the page, so its "change" never reaches the document: the guard
  // listens on the field itself, capturing, which runs before the upload's own listener and can stop it.
  var click = HTMLInputElement.prototype.click;
  HTMLInputElement.prototype.click = function () {
    if (this.type === 'file' && !this.atonGuarded) {
      this.atonGuarded = true;
      this.addEventListener('change', guard, true);
    }
    return click.call(this);
  };
})();""".replace("MOST", str(MAX_FILE_BYTES))
"""The page's check of a chosen file's size, before anything is sent to the kernel."""


def megabytes(size: int | str, lang: str) -> str:
    """A size in megabytes as people read it ("2 MB", "2 Mo"); ``size`` in bytes, or a placeholder to fill.

    >>> megabytes(2_000_000, "en"), megabytes(2_000_000, "fr"), megabytes("{count}", "en")
    ('2 MB', '2 Mo', '{count} MB')
    """
    count = size if isinstance(size, str) else f"{size / 1_000_000:g}"
    return say("load.megabytes", lang, count=count)


def _html(css: str) -> widgets.HTML:
    box = widgets.HTML()
    box.add_class(css)
    return box


def _toggles(css: str, options: list[tuple[str, str]], value: str, width: str) -> widgets.ToggleButtons:
    toggles = widgets.ToggleButtons(options=options, value=value)
    toggles.add_class(css)
    toggles.style.button_width = width
    return toggles


class GameForm(widgets.VBox):  # type: ignore[misc]
    """New game (mode, bot level, colour, names, seed), save and load.

    ``GameForm(mode="bot", level="easy", human=RED, seed_text="")``; :meth:`on_start` calls back with
    :meth:`choices`, :meth:`on_save` with nothing, :meth:`on_file` with ``(name, content)``.
    CSS classes: ``aton-mode``, ``aton-level``, ``aton-human``, ``aton-name-red``, ``aton-name-blue``,
    ``aton-seed``, ``aton-seed-help``, ``aton-start``, ``aton-save``, ``aton-download``, ``aton-load``,
    ``aton-load-warning`` (a file too large, refused in the page before it is sent).

    A file larger than :data:`~aton.apps.dashboard.session.MAX_FILE_BYTES` is refused by the page itself
    (:data:`LOAD_GUARD`): sent, a file of about 10 MB or more would break the page's connection to its
    kernel (the server's largest message), and nothing would say why.
    """

    def __init__(
        self, *, mode: str = "bot", level: str = "easy", human: Player = RED, seed_text: str = "", **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.add_class("aton-game")
        self.new_title = _html("aton-new-title")
        self.mode_choice = _toggles("aton-mode", [("", m.value) for m in Mode], Mode(mode).value, "auto")
        self.level_choice = _toggles("aton-level", [(name, name) for name in LEVELS], level, "7em")
        self.level_help = _html("aton-level-help")
        self.human_choice = _toggles("aton-human", [("", p.label) for p in PLAYERS], Player(human).label, "7em")
        self.name_red = widgets.Text(layout=widgets.Layout(width="16em"))
        self.name_red.add_class("aton-name-red")
        self.name_blue = widgets.Text(layout=widgets.Layout(width="16em"))
        self.name_blue.add_class("aton-name-blue")
        self.names_box = widgets.VBox([self.name_red, self.name_blue])
        self.seed_text = widgets.Text(value=seed_text, layout=widgets.Layout(width="16em"))
        self.seed_text.add_class("aton-seed")
        self.seed_help = _html("aton-seed-help")
        self.start_button = widgets.Button(button_style="success", layout=widgets.Layout(width="auto"))
        self.start_button.add_class("aton-start")
        self.friend = FriendPanel(available=rooms_available())
        """"Play a friend": create or join a room (shown in that mode)."""
        self.save_title = _html("aton-save-title")
        self.save_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.save_button.add_class("aton-save")
        self.download = _html("aton-download")
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.add_class("aton-load")
        self.upload_label = _html("aton-load-label")
        self.load_warning = _html("aton-load-warning")
        self.load_guard = widgets.Output(layout=widgets.Layout(display="none"))
        self.load_guard.outputs = (
            {"output_type": "display_data", "data": {"application/javascript": LOAD_GUARD}, "metadata": {}},
        )
        self.children = [
            self.new_title,
            self.mode_choice,
            self.level_choice,
            self.level_help,
            self.human_choice,
            self.names_box,
            self.seed_text,
            self.seed_help,
            self.start_button,
            self.friend,
            self.save_title,
            self.save_button,
            self.download,
            self.upload_label,
            self.upload,
            self.load_warning,
            self.load_guard,
        ]
        self._start: list[Callable[[dict[str, Any]], None]] = []
        self._save: list[Callable[[], None]] = []
        self._file: list[Callable[[str, bytes], object]] = []
        self._relabelling = False
        self.lang = "en"
        self.start_button.on_click(lambda _b: [callback(self.choices()) for callback in list(self._start)])
        self.save_button.on_click(lambda _b: [callback() for callback in list(self._save)])
        self.upload.observe(self._on_upload, names="value")
        self.mode_choice.observe(lambda _c: self.relabel(self.lang), names="value")

    def on_start(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(choices)`` when "Start a new game" is clicked."""
        self._start.append(callback)

    def on_save(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when "Save the game" is clicked."""
        self._save.append(callback)

    def on_file(self, callback: Callable[[str, bytes], object]) -> None:
        """Call ``callback(name, content)`` when a file is chosen."""
        self._file.append(callback)

    def choices(self) -> dict[str, Any]:
        """The form's fields: ``seed_text``, ``mode``, ``level``, ``human``, ``names``."""
        return {
            "seed_text": str(self.seed_text.value),
            "mode": str(self.mode_choice.value),
            "level": str(self.level_choice.value),
            "human": Player.parse(str(self.human_choice.value)),
            "names": (str(self.name_red.value), str(self.name_blue.value)),
        }

    def show_saved(self, saved: SavedFile | None, lang: str) -> None:
        """Offer ``saved`` for download (a new link each time, so a second save shows too)."""
        self.download.value = ""
        if saved is not None:
            payload = base64.b64encode(saved.text.encode("utf-8")).decode("ascii")
            self.download.value = saved_html(saved, payload, lang)

    def _on_upload(self, change: Any) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        name = str(item.get("name", "file"))
        content = bytes(item.get("content", b""))
        self.upload.value = ()
        for callback in list(self._file):
            callback(name, content)

    def relabel(self, lang: str) -> None:
        """Every word of the form in ``lang``."""
        if self._relabelling:  # reassigning options below fires the mode observer again
            return
        self._relabelling = True
        try:
            self._relabel(lang)
        finally:
            self._relabelling = False

    def _relabel(self, lang: str) -> None:
        self.lang = lang
        self.new_title.value = f'<h2 class="aton-h4">{escape(say("new.title", lang))}</h2>'
        mode = self.mode_choice.value
        self.mode_choice.options = [(say(f"new.mode.{m.value}", lang), m.value) for m in Mode]
        self.mode_choice.value = mode
        self.mode_choice.description = say("new.mode", lang)
        level = self.level_choice.value
        self.level_choice.options = [(say(f"new.level.{name}", lang), name) for name in LEVELS]
        self.level_choice.value = level
        self.level_choice.description = say("new.level", lang)
        self.level_help.value = f"<p><small>{escape(say('new.level_help', lang))}</small></p>"
        human = self.human_choice.value
        self.human_choice.options = [(player_word(p.label, lang), p.label) for p in PLAYERS]
        self.human_choice.value = human
        self.human_choice.description = say("new.human", lang)
        self.name_red.description = say("new.name_red", lang)
        self.name_blue.description = say("new.name_blue", lang)
        self.seed_text.description = say("new.seed", lang)
        self.seed_text.placeholder = say("new.seed_placeholder", lang)
        self.seed_help.value = f"<p><small>{escape(say('new.seed_help', lang))}</small></p>"
        self.start_button.description = say("new.start", lang)
        self.save_title.value = f'<h2 class="aton-h4">{escape(say("save.title", lang))}</h2>'
        self.save_button.description = say("save.button", lang)
        # the upload button adds "(number of files)" to its description; the style sheet shows the
        # tooltip instead, so the button reads "Load a file", never "Load a file (0)"
        self.upload.description = say("load.button", lang)
        self.upload.tooltip = say("load.button", lang)
        self.upload_label.value = f"<p>{escape(say('load.label', lang))}</p>"
        template = say("load.too_big_page", lang, name="{name}", size="{size}", most=megabytes(MAX_FILE_BYTES, lang))
        self.load_warning.value = (
            f'<p class="aton-load-warning-text aton-reason" data-lang="{escape(lang)}" '
            f'data-template="{escape(template)}" data-size="{escape(megabytes("{count}", lang))}"></p>'
        )
        self.friend.relabel(lang)
        chosen = Mode(self.mode_choice.value)
        friend = chosen is Mode.FRIEND
        self.level_choice.layout.display = "none" if chosen in (Mode.TWO, Mode.FRIEND) else ""
        self.level_help.layout.display = self.level_choice.layout.display
        self.human_choice.layout.display = "" if chosen is Mode.BOT else "none"
        self.names_box.layout.display = "" if chosen is Mode.TWO else "none"
        for field in (self.seed_text, self.seed_help, self.start_button):
            field.layout.display = "none" if friend else ""
        self.friend.layout.display = "" if friend else "none"
