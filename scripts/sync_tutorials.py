"""Keep each tutorial's code in one place: copy the code cells of the English tutorials into their translations.

The English notebook (``tutorials/NN-*.ipynb``) is the source of a tutorial's code; a translation
(``tutorials/<lang>/NN-*.ipynb``, the same number) has its own prose (markdown cells) and the same code
cells, in the same order, except the line that names the page's language (``LANG = "fr"``).  What the
code prints goes through the catalogs (``say = tutorial_words(LANG)``), so nothing else differs.

    .venv/bin/python scripts/sync_tutorials.py          # copy the code into every translation
    .venv/bin/python scripts/sync_tutorials.py --check  # say which translation differs (exit 1), change nothing

A code cell added to the English tutorial is inserted into the translation after the translation's copy
of the code cell before it (followed by the markdown cells there); write the prose around it afterwards.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
_LANG_LINE = re.compile(r'^LANG = "[a-z]+"$', re.MULTILINE)


def source_of(cell: dict[str, Any]) -> str:
    """A cell's text."""
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _lines(text: str) -> list[str]:
    parts = text.split("\n")
    return [line + "\n" for line in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def for_language(code: str, lang: str) -> str:
    """The English tutorial's ``code`` as the ``lang`` tutorial holds it: only the ``LANG = "..."`` line differs."""
    return _LANG_LINE.sub(f'LANG = "{lang}"', code)


def translations() -> list[tuple[Path, Path, str]]:
    """``(English tutorial, translation, language)`` for every translated tutorial, paired by number."""
    english = {path.name[:2]: path for path in sorted(TUTORIALS.glob("[0-9][0-9]-*.ipynb"))}
    pairs = []
    for folder in sorted(
        path for path in TUTORIALS.iterdir() if path.is_dir() and re.fullmatch(r"[a-z]{2}", path.name)
    ):
        for path in sorted(folder.glob("[0-9][0-9]-*.ipynb")):
            if path.name[:2] in english:
                pairs.append((english[path.name[:2]], path, folder.name))
    return pairs


def synced(source: dict[str, Any], translation: dict[str, Any], lang: str) -> dict[str, Any]:
    """``translation`` with the code cells of ``source``, its prose kept.

    The code cells pair in order; when the English tutorial has more, those the translation lacks (by cell
    id) are inserted before the translation's copy of the next code cell (or after its last one).
    """
    result = json.loads(json.dumps(translation))
    source_code = [cell for cell in source["cells"] if cell["cell_type"] == "code"]
    theirs = [cell.get("id") for cell in result["cells"] if cell["cell_type"] == "code"]
    if len(theirs) != len(source_code):
        mine = [cell.get("id") for cell in source_code]
        extra = [cell_id for cell_id in theirs if cell_id not in mine]
        if extra:
            raise ValueError(f"its code cells {extra} are not in the English tutorial: remove them there first")
        before: dict[Any, list[dict[str, Any]]] = {}
        waiting: list[dict[str, Any]] = []
        for cell in source_code:
            if cell.get("id") in theirs:
                before[cell.get("id")], waiting = waiting, []
            else:
                waiting.append({"cell_type": "code", "id": cell.get("id"), "metadata": {}, "source": []})
        cells: list[dict[str, Any]] = []
        for cell in result["cells"]:
            if cell["cell_type"] == "code":
                cells += before.get(cell.get("id"), [])
            cells.append(cell)
        last = max((i for i, cell in enumerate(cells) if cell["cell_type"] == "code"), default=len(cells) - 1)
        cells[last + 1 : last + 1] = waiting
        result["cells"] = cells
    slots = [i for i, cell in enumerate(result["cells"]) if cell["cell_type"] == "code"]
    for slot, cell in zip(slots, source_code, strict=True):
        copy = result["cells"][slot]  # updated in place: its keys keep their order, so diffs stay small
        copy.update(
            {
                "id": cell.get("id", copy.get("id")),
                "metadata": cell.get("metadata", {}),
                "source": _lines(for_language(source_of(cell), lang)),
                "execution_count": None,
                "outputs": [],
            }
        )
    return result


def _text(notebook: dict[str, Any]) -> str:
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a translation differs")
    args = parser.parse_args(argv)
    stale = []
    for english, translation, lang in translations():
        source = json.loads(english.read_text(encoding="utf-8"))
        current = translation.read_text(encoding="utf-8")
        try:
            wanted = _text(synced(source, json.loads(current), lang))
        except ValueError as problem:
            print(f"{translation.relative_to(ROOT)}: {problem}", file=sys.stderr)
            return 2
        if wanted != current:
            stale.append(translation)
            if not args.check:
                translation.write_text(wanted, encoding="utf-8")
    for path in stale:
        verb = "differs from" if args.check else "now has the code of"
        print(f"{path.relative_to(ROOT)} {verb} its English tutorial")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
