"""The server's reaper of orphan kernels, against a kernel manager shaped like Voila's (pools of start tasks).

Each look is run with the time given, on a loop of its own in a thread of its own (the browser tests' driver
keeps a loop running in the main thread): no sleeps, the same on a loaded machine."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from aton.serving.orphans import Orphans, pool_state, shut_orphans


class Manager:
    """Kernels with their connection counts, a pool of start tasks, and the shutdowns asked."""

    def __init__(self, connections: dict[str, int], pools: dict[str, list[Any]]) -> None:
        self.connections, self._pools = connections, pools
        self.shut: list[str] = []

    def list_kernel_ids(self) -> list[str]:
        return list(self.connections)

    def kernel_model(self, kernel: str) -> dict[str, Any]:
        return {"id": kernel, "connections": self.connections[kernel]}

    async def shutdown_kernel(self, kernel: str) -> None:
        self.shut.append(kernel)
        del self.connections[kernel]


Result = TypeVar("Result")


def run(look: Coroutine[Any, Any, Result]) -> Result:
    """``look`` run to its end on a new loop, in a thread of its own."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, look).result()


def started(loop: asyncio.AbstractEventLoop, kernel: str | None) -> asyncio.Future[dict[str, str]]:
    """A pool's start task: done with ``kernel``, or still starting (``None``)."""
    task: asyncio.Future[dict[str, str]] = loop.create_future()
    if kernel is not None:
        task.set_result({"kernel_id": kernel})
    return task


def test_the_pool_is_read_from_its_start_tasks() -> None:
    loop = asyncio.new_event_loop()
    try:
        failed = loop.create_future()
        failed.set_exception(RuntimeError("the kernel did not start"))
        tasks = [started(loop, "heated"), started(loop, None), failed]
        assert pool_state(Manager({}, {"aton.ipynb": tasks})) == ({"heated"}, True)
        assert pool_state(Manager({}, {"aton.ipynb": tasks[:1]})) == ({"heated"}, False)
    finally:
        loop.close()
    assert pool_state(object()) == (set(), False)


def test_gone_pages_and_unclaimed_kernels_are_shut_down_and_the_pool_is_kept() -> None:
    loop = asyncio.new_event_loop()
    try:
        manager = Manager({"pool": 0, "page": 1, "loading": 0, "closed": 1}, {"aton.ipynb": [started(loop, "pool")]})
        orphans = Orphans(grace=15, unclaimed=180)

        def look(now: float) -> list[str]:
            return run(shut_orphans(manager, orphans, now))

        assert look(0) == []
        manager.connections["closed"] = 0  # a tab crashed: its websocket dropped
        assert look(2) == []
        assert look(17) == ["closed"]  # the grace is over; the loading page's kernel still waits
        assert look(100) == []
        filling = started(loop, None)
        manager._pools["aton.ipynb"].append(filling)
        assert look(200) == []  # the pool is starting a kernel: none is taken for unclaimed meanwhile
        filling.cancel()
        manager._pools["aton.ipynb"].remove(filling)
        assert look(202) == ["loading"]
        assert look(1000) == []
    finally:
        loop.close()
    assert manager.shut == ["closed", "loading"]
    assert set(manager.connections) == {"pool", "page"}
