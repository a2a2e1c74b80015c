"""Serving the dashboard to a class: a prompt kernel websocket and a kernel pool sized for the class.

Jupyter's kernel websocket leaves Nagle's algorithm on.  A widget update that
follows another small message on the socket (the kernel's "busy" status, say)
then waits for the browser's delayed acknowledgement, about 40 ms on Linux.
Measured on the dashboard: the explanation of "next step" appeared about 48 ms
after the click; with :class:`PromptConnection`, about 10 ms.  ``voila.json``
names this class (``Voila.kernel_websocket_connection_class``); it only switches
the socket to ``TCP_NODELAY`` and otherwise is Jupyter's own connection.

:class:`ClassroomKernelManager` (``VoilaConfiguration.multi_kernel_manager_class``
in ``voila.json``) is Jupyter's kernel manager with three changes to how Voila
fills its pool of preheated kernels (each one has already run the notebook, so a
page served from it only has to connect):

- a kernel joins the pool once it has run the notebook, never half-way;
- at most ``warmup_limit`` kernels warm up at the same time (one per processor by
  default).  Voila starts the whole pool at once; on 2 processors 30 kernels
  starting together each took about 40 s, so the first page waited that long.
  One after the other, the first kernel is ready in about 3 s;
- after a page took a kernel, the pool refills only once no page has been taken
  for ``refill_quiet`` seconds: while a class opens its pages, warming new kernels
  would take the processors from the pages being opened;
- the pool is topped up to the class size minus the pages open, but never below
  ``spare`` kernels: memory stays at about one kernel per student plus a few.

Voila builds its pooling manager as a subclass of this class and defines the pool
methods itself, so this class takes over ``fill_if_needed`` and ``_initialize``
on the instance (both private to voila 0.5, which the project pins; the load test
``scripts/load_test.py`` and the browser tests notice if they stop working).
"""

from __future__ import annotations

import asyncio
import contextvars
import math
import os
import time
from collections.abc import Callable, Coroutine
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Int

__all__ = ["ClassroomKernelManager", "PromptConnection", "pool_target"]

_WARMING: contextvars.ContextVar[bool] = contextvars.ContextVar("aton_warming", default=False)


V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"


class PromptConnection(ZMQChannelsWebsocketConnection):
    """Jupyter's kernel websocket connection, with Nagle's algorithm switched off; v1 protocol only.

    Voila's websocket handler reads every binary frame it sends as Jupyter's v1
    protocol.  A client speaking the older protocol (any script can) gets frames
    whose first bytes Voila takes for a count of billions: measured, the server
    froze and grew by about 100 MB a second until killed.  Browsers speak v1, so
    a connection without it is closed at once.
    """

    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]
        """Switch the socket to ``TCP_NODELAY``, then connect as usual (and close it if it is not v1)."""
        handler = self.websocket_handler
        if getattr(handler, "ws_connection", None) is not None:
            handler.set_nodelay(True)
        connected = super().connect()
        if self.subprotocol != V1_PROTOCOL:
            self.log.warning("closed a kernel websocket without the %s protocol", V1_PROTOCOL)
            handler.close(1002, f"this server speaks the {V1_PROTOCOL} protocol only")
        return connected


def pool_target(class_size: int, open_pages: int, spare: int) -> int:
    """How many preheated kernels to keep: the students still to come, and never fewer than ``spare``.

    >>> pool_target(30, 0, 2), pool_target(30, 12, 2), pool_target(30, 30, 2), pool_target(30, 45, 2)
    (30, 18, 2, 2)
    >>> pool_target(1, 0, 2)
    2
    """
    return max(spare, class_size - max(open_pages, 0))


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager; under Voila's preheating, a pool that warms gently and fits the class."""

    warmup_limit = Int(0, config=True, help="Kernels warming up at the same time (0: one per processor).")
    refill_quiet = Float(5.0, config=True, help="Seconds without a page taking a kernel before the pool is refilled.")
    spare = Int(2, config=True, help="Preheated kernels kept however many pages are open.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._class_size: int | None = None
        self._last_take = -math.inf
        self._starting: set[str] = set()
        self._pooled_before: set[str] = set()
        limit = self.warmup_limit if self.warmup_limit > 0 else (os.cpu_count() or 1)
        self._warmups = asyncio.Semaphore(limit)
        voila_fill = getattr(self, "fill_if_needed", None)
        voila_initialize = getattr(self, "_initialize", None)
        if voila_fill is None or voila_initialize is None:
            return  # no preheating: a plain kernel manager
        self._voila_fill: Callable[..., None] = voila_fill
        self._voila_initialize: Callable[..., Coroutine[Any, Any, dict[str, Any]]] = voila_initialize
        self.fill_if_needed = self._fill
        self._initialize = self._warm

    # ------------------------------------------------------------ the pool
    def _pools_now(self) -> dict[str, list[asyncio.Future[dict[str, Any]]]]:
        pools: dict[str, list[asyncio.Future[dict[str, Any]]]] = getattr(self, "_pools", {})
        return pools

    def _pooled(self) -> set[str]:
        """Kernels ready in the pool."""
        ready = set()
        for pool in self._pools_now().values():
            for item in pool:
                if item.done() and not item.cancelled() and item.exception() is None:
                    ready.add(str(item.result()["kernel_id"]))
        return ready

    def open_pages(self) -> int:
        """Kernels serving a page: every kernel that is neither in the pool nor warming up for it."""
        return len(set(self.list_kernel_ids()) - self._pooled() - self._starting)

    def _fill(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        """Voila's pool filling, to :func:`pool_target` kernels; ``delay=None`` means a page just took one."""
        pools_config: dict[str, dict[str, Any]] = getattr(self, "kernel_pools_config", {})
        default = pools_config.setdefault("default", {})
        if self._class_size is None:
            self._class_size = int(default.get("pool_size", 1))
        if delay is None:
            self._last_take = time.monotonic()
            # A kernel that waited in the pool looks idle since it ran the notebook: without this the culler
            # could stop it between the page's arrival and its connection.
            for kernel_id in self._pooled_before - self._pooled():
                if kernel_id in self:
                    self.get_kernel(kernel_id).last_activity = utcnow()  # type: ignore[attr-defined]
        target = pool_target(self._class_size, self.open_pages(), self.spare)
        default["pool_size"] = target
        self.log.debug("kernel pool target: %s (%s pages open)", target, self.open_pages())
        self._voila_fill(delay=delay, notebook_name=notebook_name, **kwargs)
        self._pooled_before = self._pooled()

    def _in_pool(self, task: asyncio.Task[Any] | None) -> bool:
        """Whether ``task`` still waits in a pool (Voila pops it when a page takes its kernel)."""
        return any(item is task for pool in self._pools_now().values() for item in pool)

    async def _warm(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> dict[str, Any]:
        """Voila's warm-up of one pooled kernel: after the class is in, one per processor at a time.

        A page that already waits for this kernel (Voila took it from the pool) skips both waits.
        """
        if kernel_id is not None:  # a restart: no waiting
            return await self._voila_initialize(notebook_path, kernel_id, **kwargs)
        me = asyncio.current_task()
        give_up = time.monotonic() + 3 * self.refill_quiet
        while self._in_pool(me) and time.monotonic() < min(give_up, self._last_take + self.refill_quiet):
            await asyncio.sleep(0.1)
        turn = self._in_pool(me)
        if turn:
            await self._warmups.acquire()
        try:
            token = _WARMING.set(True)
            try:
                result = await self._voila_initialize(notebook_path, None, **kwargs)
            finally:
                _WARMING.reset(token)
        except BaseException:
            if turn:
                self._warmups.release()
            raise
        started = str(result["kernel_id"])

        def finished(_: object) -> None:
            # The turn ends once the notebook has run: that is where the processor time goes.
            self._starting.discard(started)
            if turn:
                self._warmups.release()

        result["task"].add_done_callback(finished)
        # The kernel joins the pool once the notebook has run: a page taking a kernel half-way lets Voila
        # resume the rendering from the page's request, and there the page sometimes never got its widgets.
        await asyncio.wait([result["task"]])
        self._pooled_before.add(started)
        return result

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel; one started for the pool counts as pooled from the start."""
        kernel_id = str(await super().start_kernel(*args, **kwargs))
        if _WARMING.get():
            self._starting.add(kernel_id)
        return kernel_id
