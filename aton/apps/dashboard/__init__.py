"""The dashboard that Voila serves (``notebooks/aton.ipynb``): play a bot, hot-seat, watch bots, review.

:class:`~aton.apps.dashboard.controller.DashboardController` holds the page's flow without widgets;
:class:`~aton.apps.dashboard.app.Dashboard` shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import Dashboard

__all__ = ["Dashboard"]


def __getattr__(name: str) -> Any:
    if name == "Dashboard":
        from .app import Dashboard

        return Dashboard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
