"""Every relative link in README.md and docs/*.md points at a file that exists."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\".*\")?\s*$", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def _links(text: str) -> list[str]:
    text = FENCE.sub("", text)
    return LINK.findall(text) + REFERENCE.findall(text)


def _relative(target: str) -> str | None:
    parsed = urlparse(target)
    if parsed.scheme or target.startswith(("#", "//", "mailto:")):
        return None
    return unquote(parsed.path) or None


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_point_at_files(page: Path) -> None:
    missing = []
    for target in _links(page.read_text(encoding="utf-8")):
        path = _relative(target)
        if path is None:
            continue
        resolved = (ROOT / path.lstrip("/")) if path.startswith("/") else (page.parent / path)
        if not resolved.exists():
            missing.append(target)
    assert not missing, f"{page.relative_to(ROOT)} links to missing files: {missing}"


def test_binder_links_open_files_that_exist() -> None:
    """Binder links name a file in ``urlpath`` (lab/tree/... or voila/render/...): it must exist too."""
    for page in PAGES:
        for target in _links(page.read_text(encoding="utf-8")):
            match = re.search(r"urlpath=(?:lab/tree|voila/render|tree)/([^&\s)]+)", unquote(target))
            if match:
                assert (ROOT / match[1]).exists(), f"{page.name}: Binder link opens missing {match[1]}"


def test_the_link_finder_finds_links() -> None:
    found = _links('See [rules](docs/rules.md "Rules"), ![pic](img/a.png) and\n[ref]: tutorials/01.ipynb\n')
    assert found == ["docs/rules.md", "img/a.png", "tutorials/01.ipynb"]
    assert _relative("https://mybinder.org/v2/gh/x/y/HEAD") is None
    assert _relative("#scoring") is None
    assert _relative("docs/teaching.md#plan") == "docs/teaching.md"
