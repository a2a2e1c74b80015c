"""The page's watch over its connection: a lost server or kernel is said at once, moves stop, the page comes back.

The kernel beats once a second: a hidden HTML widget (class ``aton-beat``) gets a new number, with the words to
show in the page's language.  A small script in the page (:data:`WATCH_SCRIPT`) watches the beat.  When it
stops for :data:`STALE_MS`, the script asks the server for a static file:

- no answer (or none within 2 s): the server is gone.  A banner (``#aton-connection``, ``role="alert"``) says
  so in the page's language and the page is made inert (no click or key reaches a move).  The script asks
  again every half second.  When the server that holds the page's kernel answers and the beat comes back, it
  was only slow (a loaded machine): the banner goes and the page goes on as it was, nothing typed lost.
  Otherwise the page reloads (below): the seat key kept in the browser brings the seat back, a spectator's
  room is in the address (``?room=CODE&watch=1``).
- an answer from another server than the one holding the page's kernel (a restarted server, or behind a proxy
  the other server of the class, :mod:`aton.serving.proxy`): the kernel is gone with its server; the banner at
  once, then the reload.  Each server start has an identity (:mod:`aton.apps.identity`, given to its kernels and
  answered by the server), which the beat carries to the page.
- an answer while the beat stays silent for :data:`KERNEL_GONE_MS`: the page's kernel is gone (the server
  lives); the same banner, then the reload.

A slow kernel (a loaded machine) whose server answers is given the longer delay, so it is not reloaded.

The kernel beats only while its page answers: the script types the time into a hidden field every
:data:`ANSWER_SECONDS`, and a kernel that heard nothing for :data:`QUIET_AFTER` seconds stops beating.  A page
closed without telling the server (a crashed browser, a laptop shut) thus leaves its kernel idle, and the
server's cull frees it as before; a beat of its own would keep the kernel busy for ever.

>>> watch = ConnectionWatch()
>>> watch.render("fr"); 'data-beat="0"' in watch.beat.value, "connexion" in watch.beat.value
(True, True)
>>> watch.tick(); 'data-beat="1"' in watch.beat.value
True
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..identity import ALIVE_PATH, SERVER_ID_VARIABLE
from .text import say

__all__ = [
    "ANSWER_SECONDS",
    "BEAT_SECONDS",
    "KERNEL_GONE_MS",
    "QUIET_AFTER",
    "STALE_MS",
    "WATCH_SCRIPT",
    "ConnectionWatch",
    "served_by_voila",
]

BEAT_SECONDS = 1.0
"""How often the kernel beats."""
STALE_MS = 2500
"""A beat older than this (milliseconds) makes the page ask the server whether it is there."""
KERNEL_GONE_MS = 30000
"""A beat older than this while the server answers: the page's kernel is gone, the page is reloaded."""
ANSWER_SECONDS = 5
"""How often the page tells its kernel it is there."""
QUIET_AFTER = 20.0
"""Seconds without a word from the page after which the kernel stops beating (the page is gone)."""

WATCH_SCRIPT = (
    """
(function () {
  if (window.atonConnectionWatch) { return; }
  window.atonConnectionWatch = true;
  var STALE = @STALE@, GONE = @GONE@;
  var seen = null, last = Date.now(), lost = false, asking = false, words = {}, mine = '';
  // lost: false, or when the page last lost its kernel's beat (a time, so a beat seen since can be told)
  function base() {
    try { return JSON.parse(document.getElementById('jupyter-config-data').textContent).baseUrl || '/'; }
    catch (error) { return '/'; }
  }
  function banner(text) {
    var box = document.getElementById('aton-connection');
    if (!box) {
      box = document.createElement('div');
      box.id = 'aton-connection';
      box.setAttribute('role', 'alert');
      box.style.cssText = 'position:fixed;top:0;left:0;right:0;z-index:100000;padding:12px;font-weight:bold;' +
        'text-align:center;background:#8b1a1a;color:#fff;font-size:1.1em;overflow-wrap:anywhere';
      document.body.appendChild(box);
    }
    box.textContent = text || '';
  }
  function inert(on) {
    Array.prototype.forEach.call(document.body.children, function (child) {
      if (child.id !== 'aton-connection') { child.inert = on; }
    });
    document.body.classList.toggle('aton-offline', on);
  }
  function lose() {
    if (lost) { return; }
    lost = Date.now();
    inert(true);
    banner(words.lost);
  }
  function recover() {
    lost = false;
    inert(false);
    var box = document.getElementById('aton-connection');
    if (box) { box.remove(); }
  }
  function back() {
    banner(words.back);
    window.location.reload();
  }
  function ask() {
    if (asking) { return; }
    asking = true;
    var stop = new AbortController();
    var timer = setTimeout(function () { stop.abort(); }, 2000);
    fetch(base() + '@ALIVE@', {cache: 'no-store', signal: stop.signal}).then(function (answer) {
      if (!answer.ok) { return null; }
      return answer.json().then(function (said) { return said.server || ''; }, function () { return ''; });
    }).then(function (server) {
      clearTimeout(timer); asking = false;
      if (mine && server === null) { lose(); return; }  // an error page (a proxy's own): not the server itself
      if (mine && server && server !== mine) { lose(); back(); return; }
      if (Date.now() - last > GONE || (lost && !mine)) { lose(); back(); return; }
      if (lost && last > lost) { recover(); }
    }, function () {
      clearTimeout(timer); asking = false;
      lose();
    });
  }
  function answer() {
    var field = document.querySelector('.aton-beat-answer input');
    if (!field) { return; }
    field.value = String(Date.now());
    field.dispatchEvent(new Event('input', {bubbles: true}));
  }
  answer();
  setInterval(answer, @ANSWER@);
  setInterval(function () {
    var beat = document.querySelector('.aton-beat [data-beat]');
    if (beat) {
      words = {lost: beat.getAttribute('data-lost'), back: beat.getAttribute('data-back')};
      mine = beat.getAttribute('data-server') || '';
      var value = beat.getAttribute('data-beat');
      if (value !== seen) { seen = value; last = Date.now(); }
    }
    if (lost || Date.now() - last > STALE) { ask(); }
  }, 500);
})();
""".replace("@STALE@", str(STALE_MS))
    .replace("@GONE@", str(KERNEL_GONE_MS))
    .replace("@ANSWER@", str(ANSWER_SECONDS * 1000))
    .replace("@ALIVE@", ALIVE_PATH)
)
"""Watches the kernel's beat in the page; says a lost connection, stops moves, reloads once the server is back."""


def served_by_voila() -> bool:
    """Whether this kernel serves a Voila page (Voila gives its kernels ``VOILA_BASE_URL``).

    Only there does a lost kernel mean a page to reload: in JupyterLab a stopped kernel is the person's choice.
    """
    return os.environ.get("VOILA_BASE_URL") is not None


class ConnectionWatch(widgets.VBox):  # type: ignore[misc]
    """The kernel's beat and the page's script that watches it (hidden; class ``aton-connection-watch``).

    :meth:`start` beats every :data:`BEAT_SECONDS` on the kernel's thread (``schedule``); :meth:`render`
    gives the words in the page's language; :meth:`stop` ends the beat.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(layout=widgets.Layout(display="none"), **kwargs)
        self.add_class("aton-connection-watch")
        self.beat = widgets.HTML()
        self.beat.add_class("aton-beat")
        self.script = widgets.Output()
        self.script.outputs = (
            {"output_type": "display_data", "data": {"application/javascript": WATCH_SCRIPT}, "metadata": {}},
        )
        self.answer = widgets.Text()
        self.answer.add_class("aton-beat-answer")
        self.answer.observe(self._on_answer, names="value")
        self.children = [self.beat, self.answer, self.script]
        self.heard = time.monotonic()
        """When the page last told the kernel it is there (the kernel's clock)."""
        self.count = 0
        self.lang = "en"
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def render(self, lang: str) -> None:
        """The beat as it is, with the banner's words in ``lang``."""
        self.lang = lang
        lost, back = escape(say("connection.lost", lang)), escape(say("connection.back", lang))
        server = escape(os.environ.get(SERVER_ID_VARIABLE, ""))
        self.beat.value = (
            f'<span data-beat="{self.count}" data-server="{server}" data-lost="{lost}" data-back="{back}"></span>'
        )

    def _on_answer(self, _change: Any) -> None:
        self.heard = time.monotonic()

    def listening(self, now: float | None = None) -> bool:
        """Whether the page answered within :data:`QUIET_AFTER` seconds (else nobody watches the beat).

        >>> watch = ConnectionWatch()
        >>> watch.listening(), watch.listening(watch.heard + QUIET_AFTER + 1)
        (True, False)
        """
        return (time.monotonic() if now is None else now) - self.heard <= QUIET_AFTER

    def tick(self) -> None:
        """One beat: the page sees the kernel is there (none while the page says nothing: it is gone)."""
        if not self.listening():
            return
        self.count += 1
        self.render(self.lang)

    def start(self, schedule: Callable[[Callable[[], None]], None]) -> None:
        """Beat every :data:`BEAT_SECONDS` on the kernel's thread, until :meth:`stop`."""
        if self._thread is not None:
            return

        def run() -> None:
            while not self._stop.wait(BEAT_SECONDS):
                schedule(self.tick)

        self._thread = threading.Thread(target=run, name="aton-beat", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """End the beat."""
        self._stop.set()
