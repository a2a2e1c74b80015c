"""Serving notebooks with Voila and driving them in Chromium: what the browser tests and the scripts share.

Nothing here imports Jupyter: it finds a browser, a free port, and waits for
a Voila process to answer.  The flags are the ones that work headless as
root on a machine without a network (see the project's Jupyter notes).

>>> free_port() > 0
True
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Command-line flags for a headless Chromium that never reaches out to the network."""

SERVER_MODULE = "aton.serving.server"
"""``python -m`` this to serve the dashboard at ``/`` and the class page at ``/class``, as ``./run dashboard`` does
(Voila's own command line; see :mod:`aton.serving.server`)."""

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
NO_CHROMIUM = "no Chromium found (install Debian's chromium or set ATON_CHROMIUM to a Chromium binary)"


def find_chromium() -> str | None:
    """The path of a Chromium-like browser (``ATON_CHROMIUM`` first), or ``None``."""
    configured = os.environ.get("ATON_CHROMIUM")
    if configured:
        return configured if Path(configured).exists() else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_up(url: str, process: subprocess.Popen[bytes], timeout: float = 90.0) -> None:
    """Poll a cheap URL (such as ``/voila/static/``) until the server answers anything; a 404 counts."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"voila exited early with code {process.returncode}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.25)
    raise RuntimeError(f"voila did not answer {url} within {timeout:.0f} s")


def cull_interval(cull_seconds: int) -> int:
    """How often to look for idle kernels: a quarter of the timeout, between 1 s and a minute.

    >>> cull_interval(900), cull_interval(20), cull_interval(2)
    (60, 5, 1)
    """
    return max(1, min(60, cull_seconds // 4))


def classroom_options(class_size: int, cull_seconds: int = 900) -> list[str]:
    """Voila options for a class: one preheated kernel per student, idle kernels culled after ``cull_seconds``.

    The same options ``./run dashboard --class N --cull MINUTES`` passes (the rest is in ``voila.json``).

    >>> classroom_options(30, 600)  # doctest: +NORMALIZE_WHITESPACE
    ['--VoilaConfiguration.default_pool_size=30', '--MappingKernelManager.cull_idle_timeout=600',
     '--MappingKernelManager.cull_interval=60']
    """
    if class_size < 1 or cull_seconds < 1:
        raise ValueError(
            f"a class has at least 1 student and kernels live at least 1 s, not {class_size}, {cull_seconds}"
        )
    return [
        f"--VoilaConfiguration.default_pool_size={class_size}",
        f"--MappingKernelManager.cull_idle_timeout={cull_seconds}",
        f"--MappingKernelManager.cull_interval={cull_interval(cull_seconds)}",
    ]
