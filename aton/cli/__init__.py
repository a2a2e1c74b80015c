"""The ``aton`` command line (also ``python -m aton``): playing, simulating, replaying, reviewing, benchmarks.

:mod:`~aton.cli.commands` registers the sub-commands; :mod:`~aton.cli.play_text` is the game in the
terminal; :mod:`~aton.cli.bench` and :mod:`~aton.cli.review_bench` print speed figures.
"""

from __future__ import annotations

from .commands import build_parser, main

__all__ = ["build_parser", "main"]
