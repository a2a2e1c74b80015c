"""The class page's connection and session: a lost server said and healed, the teacher kept in for the session.

The page watches its kernel's beat as the dashboard does (:class:`~aton.apps.dashboard.connection.ConnectionWatch`):
a dead server or kernel is said within seconds in the page's language, the page is made inert and reloads
itself once a server answers.  So that the reload does not ask the teacher's code again, the code that opened
the class is kept in the tab's ``sessionStorage`` (:data:`SESSION_KEY`): it lives as long as the tab and is
gone when the tab or the browser closes, never in ``localStorage``.  The reloaded page's script types it into
a hidden field and the class opens by itself; a kept code that no longer opens it (the server was restarted
with another code) is dropped without a word.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...widgets.bridge import bridge_reader, script_outputs
from ..dashboard.connection import ConnectionWatch, served_by_voila
from ..work import Schedule

__all__ = ["SESSION_KEY", "ClassSession"]

SESSION_KEY = "aton-class-code"
"""Where the tab keeps the code that opened the class (``sessionStorage``)."""

_READER = bridge_reader(
    "aton-class-session-bridge",
    {"kept": SESSION_KEY},
    page_facts="{address: location.origin + location.pathname.replace(/class\\/?$/, '')}",
    storage="sessionStorage",
)
"""Tells the kernel the dashboard's address (the class page's, without ``class``) and the code this tab kept."""


class ClassSession(widgets.Box):  # type: ignore[misc]
    """Hidden (CSS class ``aton-class-session``): the kept code's and the address's bridges and, on a server, the
    connection watch.

    ``ClassSession(on_kept, schedule, on_address=None)``: ``on_kept(code)`` is called with the code the tab
    kept (after a reload), ``on_address(url)`` with the dashboard's address as this browser opened the page
    (the class page's, without ``class``: the seats' links start with it); :meth:`keep` and :meth:`forget`
    write the tab's ``sessionStorage``; :meth:`render` gives the connection banner's words in a language.

    >>> session = ClassSession(lambda code: None, None)
    >>> session.keep("AB12-CD34")
    >>> "sessionStorage.setItem" in session.writer.outputs[0]["data"]["application/javascript"]
    True
    """

    def __init__(
        self,
        on_kept: Callable[[str], None],
        schedule: Schedule | None,
        on_address: Callable[[str], None] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(layout=widgets.Layout(display="none"), **kwargs)
        self.add_class("aton-class-session")
        self.bridge = widgets.Text()
        self.bridge.add_class("aton-class-session-bridge")
        reader = widgets.Output()
        reader.outputs = script_outputs(_READER)
        self.writer = widgets.Output()
        self._writes = 0
        self.connection: ConnectionWatch | None = None
        """On a server: the kernel's beat, which the page watches to say a lost connection and come back."""
        children: list[widgets.Widget] = [self.bridge, reader, self.writer]
        if schedule is not None and served_by_voila():
            self.connection = ConnectionWatch()
            self.connection.start(schedule)
            children.append(self.connection)
        self.children = children
        self._on_kept, self._on_address = on_kept, on_address
        self.bridge.observe(self._on_bridge, names="value")

    def keep(self, code: str) -> None:
        """Keep ``code`` in the tab for its reloads."""
        self._write(f"window.sessionStorage.setItem({json.dumps(SESSION_KEY)}, {json.dumps(code)});")

    def forget(self) -> None:
        """Drop the kept code."""
        self._write(f"window.sessionStorage.removeItem({json.dumps(SESSION_KEY)});")

    def render(self, lang: str) -> None:
        """The connection banner's words in ``lang``."""
        if self.connection is not None:
            self.connection.render(lang)

    def stop(self) -> None:
        """End the beat (the page is going away)."""
        if self.connection is not None:
            self.connection.stop()

    def _write(self, line: str) -> None:
        self._writes += 1  # a new output each time, so the script runs
        self.writer.outputs = script_outputs(f"try {{ {line} }} catch (error) {{}} // {self._writes}")

    def _on_bridge(self, change: Any) -> None:
        """What the page's script typed (JSON): the page's address, and the code this tab kept (or ``null``)."""
        text = str(change["new"])
        try:
            facts = json.loads(text) if len(text) < 2000 else None
        except ValueError:
            facts = None
        if not isinstance(facts, dict):
            return
        base, kept = facts.get("address"), facts.get("kept")
        if self._on_address is not None and isinstance(base, str) and base.startswith(("http://", "https://")):
            self._on_address(base)
        if isinstance(kept, str) and 0 < len(kept) < 200:
            self._on_kept(kept)
