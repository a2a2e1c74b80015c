"""``pybabel extract`` support for the teaching positions' titles and descriptions.

The shipped positions (``aton/positions/*.json``) write their ``title`` and
``description`` in English; ``babel.cfg`` points ``pybabel`` here so those
texts land in the message template with the contexts ``position title`` and
``position description``, like every other text (see :mod:`aton.i18n`).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

FIELDS = ("title", "description")


def extract_positions(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Yield ``(line, "msg", (context, text), comments)`` for each English text of one position file."""
    raw = json.loads(fileobj.read().decode("utf-8"))
    for field in FIELDS:
        value = raw.get(field)
        if isinstance(value, str) and value:
            yield (1, "msg", (f"position {field}", value), [])
