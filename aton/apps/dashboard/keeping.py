"""Keeping the dashboard's game for a reload: in the room store, or in the browser where there is none.

With rooms (the Voila server), :class:`~aton.apps.dashboard.resume.GameKeeper` keeps the game in the room
store and the browser remembers its key; on the static site the browser keeps the game's text itself
(``localStorage``), read by :data:`HERE_READER` into a hidden field and written by :func:`here_writer`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...widgets.bridge import script_outputs
from .controller import DashboardController
from .friend_page import FriendPage
from .friend_panel import FriendPanel
from .page import guarded, script_output
from .resume import GAME_KEY, HERE_KEY, BrowserStore, GameKeeper, bridge_reader

__all__ = ["HERE_READER", "HOLD_LIMIT", "PageKeeping", "here_writer", "kernel_later"]

HOLD_LIMIT = 20.0
"""Seconds the page waits for the browser to say whether it keeps a game before it shows the new one anyway
(a browser that runs no script, a page opened where the bridge never comes)."""


def kernel_later() -> Callable[[float, Callable[[], None]], object] | None:
    """``later(seconds, callback)`` on the Jupyter kernel's own thread, or ``None`` outside a kernel."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    call_later = getattr(loop, "call_later", None)
    return call_later if callable(call_later) else None


HERE_READER = bridge_reader("aton-here-bridge", {"kept": HERE_KEY})
"""Runs in the static site's page (no room store): types the game this browser keeps (``localStorage``,
:data:`~aton.apps.dashboard.resume.HERE_KEY`) into the hidden field ``aton-here-bridge``, and asks before
the page is left while a game is in progress."""


def here_writer(text: str, count: int) -> tuple[dict[str, Any], ...]:
    """The script that keeps ``text`` in the browser under :data:`HERE_KEY` (``""``: forgets it)."""
    key = json.dumps(HERE_KEY)
    code = (
        f"window.localStorage.setItem({key}, {json.dumps(text)});"
        if text
        else f"window.localStorage.removeItem({key});"
    )
    return script_outputs(f"try {{ {code} }} catch (error) {{}} // {count}")


class _LazyStore:
    """The room store of "Play a friend", opened only when the keeper first needs it."""

    def __init__(self, opener: Callable[[], Any]) -> None:
        self._opener = opener

    def __getattr__(self, name: str) -> Any:
        return getattr(self._opener(), name)


class PageKeeping:
    """Keeps the game of a page for a reload (``keeper``), with the hidden parts the page needs (``hidden``).

    ``friend``: the page's room (``None`` on the static site: the browser keeps the game, through the
    hidden field ``here_bridge`` and the script output ``here_writer``).  ``hold``: show no game until the
    browser said whether it keeps one (:class:`~aton.apps.dashboard.resume.GameKeeper`).
    """

    def __init__(
        self, flow: DashboardController, friend: FriendPage | None, panel: FriendPanel, *, hold: bool = False
    ) -> None:
        self.flow = flow
        self.hidden: list[widgets.Widget] = []
        """Hidden widgets to put in the page (the static site's bridge and scripts)."""
        self.here_store: BrowserStore | None = None
        self.here_bridge: widgets.Text | None = None
        self.here_writer: widgets.Output | None = None
        self.keeper: GameKeeper
        if friend is not None:
            room = friend.room
            self._panel = panel
            self.keeper = GameKeeper(
                flow, store=_LazyStore(lambda: room.store), remember=self._remember_game, hold=hold
            )
            panel.on_bridge(self._on_bridge)
            return
        self._here_writes = 0
        self.here_store = BrowserStore(self._write_here)
        self.here_bridge = widgets.Text(layout=widgets.Layout(display="none"))
        self.here_bridge.add_class("aton-here-bridge")
        self.here_writer = widgets.Output(layout=widgets.Layout(display="none"))
        self.hidden = [self.here_bridge, script_output(HERE_READER), self.here_writer]
        self.keeper = GameKeeper(flow, store=self.here_store, hold=hold)
        self.here_bridge.observe(self._on_here_bridge, names="value")

    @guarded
    def _on_bridge(self, facts: dict[str, str]) -> None:
        """The browser said what it holds: the key of a game kept from an earlier visit, if any."""
        self.keeper.browser_said(facts.get("game", ""))

    @guarded
    def _on_here_bridge(self, change: Any) -> None:
        """The static site's browser said which game it keeps (its text, or nothing)."""
        try:
            kept = json.loads(str(change["new"])).get("kept", "")
        except (ValueError, AttributeError):
            return
        if self.here_store is not None:
            self.keeper.browser_said(self.here_store.load(kept))

    def _write_here(self, text: str) -> None:
        """Keep ``text`` (this page's game) in the static site's browser; ``""`` forgets it."""
        self._here_writes += 1
        if self.here_writer is not None:
            self.here_writer.outputs = here_writer(text, self._here_writes)

    def _remember_game(self, key: str) -> None:
        self._panel.keep(key, GAME_KEY)
