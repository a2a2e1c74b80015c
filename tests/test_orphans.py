"""The server's reaper of orphan kernels, against a kernel manager shaped like Voila's (pools of start tasks)."""

from __future__ import annotations

import asyncio
from typing import Any

from aton.serving.orphans import pool_state, reap_orphans


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


async def started(kernel: str) -> dict[str, str]:
    return {"kernel_id": kernel}


def test_the_pool_is_read_from_its_start_tasks() -> None:
    async def scenario() -> tuple[set[str], bool]:
        done = asyncio.ensure_future(started("heated"))
        await done
        waiting = asyncio.get_running_loop().create_future()
        state = pool_state(Manager({}, {"aton.ipynb": [done, waiting]}))
        waiting.cancel()
        return state

    assert asyncio.run(scenario()) == ({"heated"}, True)
    assert pool_state(object()) == (set(), False)


def test_gone_pages_and_unclaimed_kernels_are_shut_down_and_the_pool_is_kept() -> None:
    async def scenario() -> list[str]:
        pool = asyncio.ensure_future(started("pool"))
        await pool
        manager = Manager({"pool": 0, "page": 1, "loading": 0, "closed": 1}, {"aton.ipynb": [pool]})
        reaper = reap_orphans(manager, grace=0.2, every=0.05, unclaimed=0.6)
        await asyncio.sleep(0.15)
        manager.connections["closed"] = 0  # a tab crashed: its websocket dropped
        await asyncio.sleep(0.4)
        assert manager.shut == ["closed"]  # the grace is over; the loading page's kernel still waits
        await asyncio.sleep(0.5)
        reaper.stop()
        return manager.shut

    assert asyncio.run(scenario()) == ["closed", "loading"]
