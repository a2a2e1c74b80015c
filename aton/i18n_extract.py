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


def extract_tutorials(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Yield the words a tutorial's code prints: each ``say("...")`` of its code cells, in context ``tutorial``.

    The tutorials' code is kept once (the French copies differ only by ``LANG``, see
    ``scripts/sync_tutorials.py``); what it prints goes through :func:`aton.i18n.tutorial_words`.
    """
    import io

    from babel.messages.extract import extract_python

    from .i18n import TUTORIAL_CONTEXT

    notebook = json.loads(fileobj.read().decode("utf-8"))
    for number, cell in enumerate(notebook.get("cells", []), start=1):
        if cell.get("cell_type") != "code":
            continue
        code = "".join(cell.get("source", [])).encode("utf-8")
        for _line, funcname, message, comments in extract_python(io.BytesIO(code), {"say": None}, comment_tags, {}):
            if funcname == "say":
                text = message[0] if isinstance(message, tuple) else message
                if isinstance(text, str) and text:
                    yield (number, "msg", (TUTORIAL_CONTEXT, text), list(comments))
