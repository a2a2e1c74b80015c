"""The class server's front page links the dashboard, every tutorial in every language and the class page."""

from __future__ import annotations

import re
from pathlib import Path

from aton.i18n import LANG_KEY
from aton.serving.front import (
    TUTORIAL_FILE,
    front_page,
    kept_language_page,
    tutorial_folder,
    tutorial_in,
    tutorial_titles,
)

ROOT = Path(__file__).resolve().parent.parent


def test_the_front_page_lists_every_tutorial_of_each_language_with_its_title() -> None:
    titles = tutorial_titles(ROOT)
    assert set(titles) == {"en", "fr"}
    assert titles["en"][0][1] == "01 · The board and the pieces"
    assert titles["fr"][0][1] == "01 · Le plateau et le matériel"
    assert len(titles["en"]) == len(titles["fr"]) == 9
    page = front_page(titles)
    links = re.findall(r'href="(tutorials/[^"]+)"', page)
    assert len(links) == 18
    for link in links:
        assert (ROOT / link).is_file(), link
    assert page.count('href="./"') == 2 and page.count('href="class"') == 2
    assert "Tutoriels" in page and "Jouer à Aton" in page and "La vue de la classe" in page


def test_without_the_class_page_the_front_page_does_not_link_it() -> None:
    assert 'href="class"' not in front_page(tutorial_titles(ROOT), has_class=False)


def test_only_tutorial_files_are_served() -> None:
    for path in ("01-the-board.ipynb", "fr/01-le-plateau.ipynb"):
        assert TUTORIAL_FILE.fullmatch(path)
    for path in ("../run", "fr/../../run", "x.ipynb", "fr/01-a/b.ipynb", "01-the-board.py", "/etc/passwd"):
        assert not TUTORIAL_FILE.fullmatch(path), path
    assert tutorial_folder("fr") == "tutorials/fr"


def test_a_tutorial_is_found_in_the_other_language_by_its_number() -> None:
    assert tutorial_in(ROOT, "05-scoring.ipynb", "fr") == "fr/05-le-decompte.ipynb"
    assert tutorial_in(ROOT, "fr/05-le-decompte.ipynb", "en") == "05-scoring.ipynb"
    assert tutorial_in(ROOT, "fr/05-le-decompte.ipynb", "fr") == "fr/05-le-decompte.ipynb"
    assert tutorial_in(ROOT, "99-none.ipynb", "fr") is None
    assert tutorial_in(ROOT, "../run", "fr") is None
    page = kept_language_page("fr", "/tutorials/fr/05-le-decompte.ipynb")
    assert f'localStorage.setItem("{LANG_KEY}", "fr")' in page
    assert 'location.replace("/tutorials/fr/05-le-decompte.ipynb")' in page


def test_the_front_page_chooses_its_language_in_the_browser_and_links_each_language() -> None:
    page = front_page(tutorial_titles(ROOT))
    assert 'href="?lang=fr"' in page and 'href="?lang=en"' in page
    assert f'localStorage.getItem("{LANG_KEY}")' in page and "navigator.language" in page
    assert page.count('<section lang="') == 2  # every language is there; the script shows the chosen one
