"""What the Python running the engine can do: the one place that knows about the browser (Pyodide).

In a browser, Python is compiled to WebAssembly (Pyodide, ``sys.platform == "emscripten"``): threads
and processes cannot start, and a few functions of the standard library are missing.  The engine asks
this module instead of testing the platform itself.

>>> IN_BROWSER == (sys.platform == "emscripten")
True
>>> cpu_time() >= 0.0
True
"""

from __future__ import annotations

import sys
import time

__all__ = ["CAN_START_PROCESSES", "CAN_START_THREADS", "IN_BROWSER", "cpu_time"]

IN_BROWSER = sys.platform == "emscripten"
"""Whether Python runs in a browser (or Node) on WebAssembly."""

CAN_START_THREADS = not IN_BROWSER
"""Whether background threads can start (Pyodide: ``RuntimeError: can't start new thread``)."""

CAN_START_PROCESSES = not IN_BROWSER
"""Whether worker processes can start (a process pool needs them)."""


def cpu_time() -> float:
    """Seconds of processor time used by the calling thread, or by the process where threads are not measured.

    ``time.thread_time`` does not exist in Pyodide; there the whole program is one thread anyway, so the
    process's time is the same thing.
    """
    thread_time = getattr(time, "thread_time", None)
    return thread_time() if thread_time is not None else time.process_time()
