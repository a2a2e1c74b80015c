"""Kernels whose page is gone without a word: shut down once their connection has stayed closed a while.

A page that is closed or reloaded asks the server to shut its kernel down (Voila's ``beforeunload`` call).
A page that goes without that call (a crashed browser, a phone that killed its tab, a laptop shut) only
drops its websocket, and Voila never connects a new page to an old kernel: each page load starts its
own.  Such a kernel would hold its memory, and keep its room seat "here" for the partner and the class
page, until the server's cull (15 minutes by default).

:class:`Orphans` decides which kernels to shut down from the server's connection counts: a kernel that had
a page connected and has had none for :data:`GRACE_SECONDS` (a dropped connection that comes back within
that time, as a network blip, keeps its kernel).  Kernels no page ever connected to (the preheated pool,
a page still loading) are never touched.  The kernel's own shutdown then tells the store its seat is
away, as a closed tab's does.  :func:`reap_orphans` runs it on the server's loop.

>>> orphans = Orphans(grace=30)
>>> orphans.update({"a": 1, "pool": 0}, now=0), orphans.update({"a": 0, "pool": 0}, now=10)
([], [])
>>> orphans.update({"a": 0, "pool": 0}, now=41)
['a']
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

__all__ = ["CHECK_SECONDS", "GRACE_SECONDS", "Orphans", "reap_orphans"]

GRACE_SECONDS = 15.0
"""How long a kernel's page may stay disconnected before the kernel is shut down."""
CHECK_SECONDS = 2.0
"""How often the server looks."""

_log = logging.getLogger(__name__)


class Orphans:
    """Which kernels lost their page: connected once, and with no connection for ``grace`` seconds.

    >>> orphans = Orphans(grace=30)
    >>> orphans.update({"a": 1}, now=0), orphans.update({"a": 0}, now=20), orphans.update({"a": 1}, now=25)
    ([], [], [])
    >>> orphans.update({"a": 0}, now=40), orphans.update({"a": 0}, now=71)
    ([], ['a'])
    >>> orphans.update({}, now=80)  # a kernel that is gone is forgotten
    []
    """

    def __init__(self, grace: float = GRACE_SECONDS) -> None:
        self.grace = grace
        self._connected: set[str] = set()
        self._alone_since: dict[str, float] = {}

    def update(self, connections: Mapping[str, int], now: float) -> list[str]:
        """The kernels to shut down now, from each running kernel's number of connections at time ``now``."""
        for gone in (self._connected | set(self._alone_since)) - set(connections):
            self._connected.discard(gone)
            self._alone_since.pop(gone, None)
        orphans = []
        for kernel, count in connections.items():
            if count > 0:
                self._connected.add(kernel)
                self._alone_since.pop(kernel, None)
            elif kernel in self._connected:
                since = self._alone_since.setdefault(kernel, now)
                if now - since >= self.grace:
                    orphans.append(kernel)
                    self._connected.discard(kernel)
                    self._alone_since.pop(kernel, None)
        return orphans


def reap_orphans(kernel_manager: Any, grace: float = GRACE_SECONDS, every: float = CHECK_SECONDS) -> Any:
    """Start shutting down ``kernel_manager``'s orphan kernels every ``every`` seconds on the current loop.

    The connection counts are the ones Jupyter's culler reads (``connections`` of each kernel's model).
    Returns the started ``tornado.ioloop.PeriodicCallback``.
    """
    import time

    from tornado.ioloop import PeriodicCallback

    orphans = Orphans(grace)

    async def check() -> None:
        counts = {}
        for kernel in list(kernel_manager.list_kernel_ids()):
            try:
                counts[kernel] = int(kernel_manager.kernel_model(kernel).get("connections", 0))
            except Exception:  # the kernel went meanwhile
                continue
        for kernel in orphans.update(counts, time.monotonic()):
            _log.info("Shutting down kernel %s: its page has been gone for %.0f s", kernel, grace)
            try:
                await kernel_manager.shutdown_kernel(kernel)
            except Exception as error:  # already gone: nothing to free
                _log.info("Kernel %s was already gone: %s", kernel, error)

    callback = PeriodicCallback(check, every * 1000)
    callback.start()
    return callback
