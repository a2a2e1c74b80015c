"""Kernels whose page is gone without a word: shut down once their connection has stayed closed a while.

A page that is closed or reloaded asks the server to shut its kernel down (Voila's ``beforeunload`` call).
A page that goes without that call (a crashed browser, a phone that killed its tab, a laptop shut) only
drops its websocket, and Voila never connects a new page to an old kernel: each page load starts its
own.  Such a kernel would hold its memory, and keep its room seat "here" for the partner and the class
page, until the server's cull (15 minutes by default).

:class:`Orphans` decides which kernels to shut down from the server's connection counts: a kernel that had
a page connected and has had none for :data:`GRACE_SECONDS` (a dropped connection that comes back within
that time, as a network blip, keeps its kernel).  A kernel handed to a page that never connected (a tab
closed while the page was still loading, before its close call existed) goes after
:data:`UNCLAIMED_SECONDS`.  The preheated pool's kernels are never touched, nor any kernel while the pool is
still starting one (it cannot be told from the others yet).  The kernel's own shutdown then tells the store
its seat is away, as a closed tab's does.  :func:`reap_orphans` runs it on the server's loop.

>>> orphans = Orphans(grace=30, unclaimed=100)
>>> orphans.update({"a": 1, "pool": 0}, now=0, pooled={"pool"}), orphans.update({"a": 0, "pool": 0}, now=10)
([], [])
>>> orphans.update({"a": 0, "pool": 0}, now=41, pooled={"pool"})
['a']
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping
from typing import Any

__all__ = [
    "CHECK_SECONDS",
    "GRACE_SECONDS",
    "UNCLAIMED_SECONDS",
    "Orphans",
    "pool_state",
    "reap_orphans",
    "shut_orphans",
]

GRACE_SECONDS = 15.0
"""How long a kernel's page may stay disconnected before the kernel is shut down."""
UNCLAIMED_SECONDS = 180.0
"""How long a kernel outside the pool may wait for its page's first connection (a page renders its notebook in
its kernel before it connects: seconds, a minute on a loaded machine)."""
CHECK_SECONDS = 2.0
"""How often the server looks."""

_log = logging.getLogger(__name__)


class Orphans:
    """Which kernels lost their page: connected once and with no connection for ``grace`` seconds, or never
    connected, outside the pool, for ``unclaimed`` seconds.

    >>> orphans = Orphans(grace=30, unclaimed=100)
    >>> orphans.update({"a": 1}, now=0), orphans.update({"a": 0}, now=20), orphans.update({"a": 1}, now=25)
    ([], [], [])
    >>> orphans.update({"a": 0}, now=40), orphans.update({"a": 0}, now=71)
    ([], ['a'])
    >>> orphans.update({}, now=80)  # a kernel that is gone is forgotten
    []

    A kernel no page connected to: kept while it is in the pool or the pool is filling, else freed in time.

    >>> orphans.update({"p": 0, "b": 0}, now=100, pooled={"p"}), orphans.update({"p": 0, "b": 0}, 150, {"p"})
    ([], [])
    >>> orphans.update({"p": 0, "b": 0}, now=300, pooled={"p"}, filling=True)
    []
    >>> orphans.update({"p": 0, "b": 0}, now=300, pooled={"p"})
    ['b']
    """

    def __init__(self, grace: float = GRACE_SECONDS, unclaimed: float = UNCLAIMED_SECONDS) -> None:
        self.grace, self.unclaimed = grace, unclaimed
        self._connected: set[str] = set()
        self._alone_since: dict[str, float] = {}
        self._first_seen: dict[str, float] = {}

    def update(
        self,
        connections: Mapping[str, int],
        now: float,
        pooled: Collection[str] = (),
        filling: bool = False,
    ) -> list[str]:
        """The kernels to shut down now, from each running kernel's number of connections at time ``now``.

        ``pooled``: the preheated kernels waiting for a page; ``filling``: whether the pool is starting kernels
        (then no kernel is taken for unclaimed: one of them may be the pool's new one).
        """
        for gone in set(self._first_seen) - set(connections):
            self._connected.discard(gone)
            self._alone_since.pop(gone, None)
            self._first_seen.pop(gone, None)
        orphans = []
        for kernel, count in connections.items():
            first_seen = self._first_seen.setdefault(kernel, now)
            if count > 0:
                self._connected.add(kernel)
                self._alone_since.pop(kernel, None)
            elif kernel in self._connected:
                since = self._alone_since.setdefault(kernel, now)
                if now - since >= self.grace:
                    orphans.append(kernel)
            elif kernel in pooled:
                self._first_seen[kernel] = now  # its wait for a page starts when the pool hands it out
            elif not filling and now - first_seen >= self.unclaimed:
                orphans.append(kernel)
        for kernel in orphans:
            self._connected.discard(kernel)
            self._alone_since.pop(kernel, None)
            self._first_seen[kernel] = float("inf")  # asked to shut down once; forgotten once it is gone
        return orphans


def pool_state(kernel_manager: Any) -> tuple[set[str], bool]:
    """The preheated kernels of Voila's pools (``_pools``: a list of start tasks per notebook) and whether one is
    still starting.  A kernel manager without pools has neither."""
    pooled: set[str] = set()
    filling = False
    for tasks in dict(getattr(kernel_manager, "_pools", None) or {}).values():
        for task in list(tasks):
            if not task.done():
                filling = True
            elif not task.cancelled() and task.exception() is None:
                pooled.add(str(task.result().get("kernel_id")))
    return pooled, filling


Log = logging.Logger | logging.LoggerAdapter[logging.Logger]


async def shut_orphans(kernel_manager: Any, orphans: Orphans, now: float, log: Log = _log) -> list[str]:
    """One look at ``kernel_manager`` at time ``now``: shut down the kernels ``orphans`` finds gone, saying each
    in ``log``; the kernels shut down."""
    counts = {}
    for kernel in list(kernel_manager.list_kernel_ids()):
        try:
            counts[kernel] = int(kernel_manager.kernel_model(kernel).get("connections", 0))
        except Exception:  # the kernel went meanwhile
            continue
    pooled, filling = pool_state(kernel_manager)
    gone = orphans.update(counts, now, pooled, filling)
    for kernel in gone:
        log.info("Shutting down kernel %s: its page is gone (connected %s)", kernel, counts.get(kernel))
        try:
            await kernel_manager.shutdown_kernel(kernel)
        except Exception as error:  # already gone: nothing to free
            log.info("Kernel %s was already gone: %s", kernel, error)
    return gone


def reap_orphans(
    kernel_manager: Any,
    grace: float = GRACE_SECONDS,
    every: float = CHECK_SECONDS,
    unclaimed: float = UNCLAIMED_SECONDS,
    log: Log = _log,
) -> Any:
    """Start shutting down ``kernel_manager``'s orphan kernels every ``every`` seconds on the current loop
    (:func:`shut_orphans`), saying each in ``log`` (the server's log).

    The connection counts are the ones Jupyter's culler reads (``connections`` of each kernel's model).
    Returns the started ``tornado.ioloop.PeriodicCallback``.
    """
    import time

    from tornado.ioloop import PeriodicCallback

    orphans = Orphans(grace, unclaimed)

    async def check() -> None:
        await shut_orphans(kernel_manager, orphans, time.monotonic(), log)

    callback = PeriodicCallback(check, every * 1000)
    callback.start()
    return callback
