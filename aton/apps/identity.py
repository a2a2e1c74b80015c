"""Which server start runs a page's kernel: what the page's connection watch compares to know that its kernel's
server is gone even when another server answers (a restart, or the other server of a class behind a proxy).

Plain data, no Jupyter import: the server (:mod:`aton.serving.server`) and the dashboard's connection watch
(:mod:`aton.apps.dashboard.connection`) both read it.
"""

from __future__ import annotations

__all__ = ["ALIVE_PATH", "SERVER_ID_VARIABLE"]

SERVER_ID_VARIABLE = "ATON_SERVER_ID"
"""The environment variable holding the identity of the server start that runs this kernel."""
ALIVE_PATH = "aton/alive"
"""The server's answer to "are you there, and which are you?": ``{"server": <identity>}`` (below the base URL)."""
