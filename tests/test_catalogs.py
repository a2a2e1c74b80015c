"""The message catalogs: complete, up to date with the code, compiled, and the only source of text.

- every French entry is translated, not fuzzy, with the same placeholders as its English message;
- the template (``aton/locale/messages.pot``) holds exactly the messages the code has: a new text that
  was not extracted with ``./run catalogs`` fails here;
- each committed ``.mo`` says what its ``.po`` says;
- plural forms are right for 0, 1 and 2 in both languages;
- a pseudo-language built here from the template (every message in brackets, its letters in capitals)
  shows in every event, refusal, widget and dashboard text, lesson and text board: nothing bypasses the
  catalogs, so a new language is a new ``.po`` file and nothing else;
- French renderings of whole random games hold no English words.
"""

from __future__ import annotations

import gettext
import io
import random
import re
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from test_explain import all_events
from test_i18n import engine_reasons

import aton
from aton.apps.dashboard.text import DASHBOARD_STRINGS, say
from aton.explain import temples_upto
from aton.i18n import LOCALE_DIR, counted, extra_locale_dir, languages, ngtext
from aton.refusals import CODES, refusal_text
from aton.teaching import lessons
from aton.widgets.i18n import STRINGS, tr

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = LOCALE_DIR / "messages.pot"
TRANSLATED = [lang for lang in languages() if lang != "en"]


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def entries(catalog: Catalog) -> set[tuple[str | None, str | tuple[str, ...]]]:
    return {(message.context, message.id) for message in catalog if message.id}


# ------------------------------------------------------------------ completeness
def test_french_is_a_catalog_and_english_the_source() -> None:
    assert languages() == ("en", "fr")
    assert TRANSLATED == ["fr"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_entry_is_translated_and_not_fuzzy(lang: str) -> None:
    catalog = read(LOCALE_DIR / lang / "LC_MESSAGES" / "aton.po")
    assert entries(catalog) == entries(read(TEMPLATE)), "run ./run catalogs: the catalog lags behind the template"
    missing = [message.id for message in catalog if message.id and not all(_forms(message.string))]
    fuzzy = [message.id for message in catalog if message.id and message.fuzzy]
    assert not missing and not fuzzy, (missing, fuzzy)


def _forms(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_are_the_same_in_both_languages(lang: str) -> None:
    wrong = []
    for message in read(LOCALE_DIR / lang / "LC_MESSAGES" / "aton.po"):
        if not message.id:
            continue
        if isinstance(message.id, tuple):  # a form may leave out the count ("une pierre"), never add a field
            english = fields(message.id[0]) | fields(message.id[1])
            forms = [fields(form) for form in message.string]
            if any(not form <= english for form in forms) or set().union(*forms) != english:
                wrong.append(message.id)
        elif fields(message.id) != fields(message.string):
            wrong.append(message.id)
    assert not wrong


def test_the_template_holds_exactly_the_messages_of_the_code(tmp_path: Path) -> None:
    """Extract again, as ``./run catalogs`` does, and compare: a message not extracted fails here."""
    fresh = tmp_path / "messages.pot"
    pybabel = Path(sys.executable).with_name("pybabel")
    command = [str(pybabel), "extract", "-q", "-F", "babel.cfg", "--no-default-keywords"]
    command += ["-k", "gtext:2c,3", "-k", "ngtext:2c,3,4", "-k", "msg:1c,2", "-k", "nmsg:1c,2,3"]
    command += ["-o", str(fresh), "."]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if run.returncode != 0 and "no such option: -q" in run.stderr:
        command.remove("-q")
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert "Skipping f-string" not in run.stderr, run.stderr
    added = entries(read(fresh)) - entries(read(TEMPLATE))
    removed = entries(read(TEMPLATE)) - entries(read(fresh))
    assert not added and not removed, f"run ./run catalogs; new: {sorted(map(str, added))}, gone: {removed}"


def test_the_run_script_extracts_with_the_same_keywords() -> None:
    script = (ROOT / "run").read_text(encoding="utf-8")
    assert "-k gtext:2c,3 -k ngtext:2c,3,4 -k msg:1c,2 -k nmsg:1c,2,3" in script


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_compiled_catalog_matches_its_source(lang: str) -> None:
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    compiled = io.BytesIO()
    write_mo(compiled, read(folder / "aton.po"))
    compiled.seek(0)
    expected = gettext.GNUTranslations(compiled)
    with (folder / "aton.mo").open("rb") as file:
        shipped = gettext.GNUTranslations(file)
    assert shipped._catalog == expected._catalog, "aton.mo is stale: run ./run catalogs"  # type: ignore[attr-defined]


def test_the_wheel_ships_the_catalogs() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"locale/*/LC_MESSAGES/aton.mo"' in pyproject and "babel==" in pyproject


# ------------------------------------------------------------------ plurals
PLURALS = {
    "en": {
        "point": ("0 points", "1 point", "2 points"),
        "counter": ("0 counters", "1 counter", "2 counters"),
        "card": ("0 cards", "1 card", "2 cards"),
        "square": ("0 squares", "1 square", "2 squares"),
        "temple": ("0 temples", "1 temple", "2 temples"),
        "round": ("0 rounds", "1 round", "2 rounds"),
    },
    "fr": {
        "point": ("0 point", "1 point", "2 points"),
        "counter": ("0 pierre", "1 pierre", "2 pierres"),
        "card": ("0 carte", "1 carte", "2 cartes"),
        "square": ("0 case", "1 case", "2 cases"),
        "temple": ("0 temple", "1 temple", "2 temples"),
        "round": ("0 manche", "1 manche", "2 manches"),
    },
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("noun", ["point", "counter", "card", "square", "temple", "round"])
def test_counted_nouns_for_0_1_and_2(lang: str, noun: str) -> None:
    assert tuple(counted(noun, n, lang) for n in (0, 1, 2)) == PLURALS[lang][noun]


@pytest.mark.parametrize(
    ("event", "n", "en", "fr"),
    [
        ({"kind": "draw", "player": "red"}, 1, "draws 1 card (only Red sees it)", "pioche 1 carte (lui seul la voit)"),
        ({"kind": "draw", "player": "red"}, 2, "draws 2 cards", "pioche 2 cartes"),
        ({"kind": "to_kingdom", "player": "blue"}, 1, "; 1 goes there.", "; 1 y va."),
        ({"kind": "to_kingdom", "player": "blue"}, 2, "; 2 go there.", "; 2 y vont."),
        (
            {"kind": "kingdom_full", "player": "red"},
            1,
            "1 counter that found no empty square stays",
            "1 pierre qui n'a pas",
        ),
        (
            {"kind": "kingdom_full", "player": "red"},
            2,
            "2 counters that found no empty square stay",
            "2 pierres qui n'ont pas",
        ),
    ],
)
def test_counted_sentences(event: dict[str, Any], n: int, en: str, fr: str) -> None:
    assert en in aton.explain(event | {"count": n}, "en")
    assert fr in aton.explain(event | {"count": n}, "fr")


@pytest.mark.parametrize(("points", "en", "fr"), [(0, "= 0 points", "= 0 point"), (2, "= 2 points", "= 2 points")])
def test_points_at_cartouche_1(points: int, en: str, fr: str) -> None:
    event = {"kind": "cartouche1", "red": 3, "blue": 3 - points // 2, "scorer": "red", "points": points}
    assert aton.explain(event, "en").endswith(en + ".") and aton.explain(event, "fr").endswith(fr + ".")


@pytest.mark.parametrize(("kingdom", "fr"), [(0, "0 pierre sur 8"), (1, "1 pierre sur 8"), (2, "2 pierres sur 8")])
def test_the_kingdom_count_at_the_end_of_a_round(kingdom: int, fr: str) -> None:
    event = {"kind": "round_end", "round": 3, "kingdom": kingdom}
    assert fr in aton.explain(event, "fr")
    assert ("1 counter out of 8" if kingdom == 1 else f"{kingdom} counters out of 8") in aton.explain(event)


def test_the_prompts_count_counters_and_name_the_temples() -> None:
    for lang, one, two in (
        ("en", "1 more counter in temple 1 only", "2 more counters in temples 1 and 2"),
        ("fr", "encore 1 pierre dans le temple 1 seulement", "encore 2 pierres dans les temples 1 et 2"),
    ):
        assert one in tr("prompt.place", lang, player="X", count=1, temples=temples_upto(1, lang))
        assert two in tr("prompt.place", lang, player="X", count=2, temples=temples_upto(2, lang))


def test_ngtext_uses_each_languages_rule() -> None:
    forms = [
        ngtext(lang, "counted round", "{count} round", "{count} rounds", n, count=n)
        for lang in ("en", "fr")
        for n in (0, 1, 2)
    ]
    assert forms == ["0 rounds", "1 round", "2 rounds", "0 manche", "1 manche", "2 manches"]


# ------------------------------------------------------------------ a pseudo-language
def _shout(text: str) -> str:
    """Capitals outside ``{placeholders}``, so a word that bypassed the catalog stays visible in lower case."""
    parts = re.split(r"(\{[^{}]*\})", text)
    return "".join(part if part.startswith("{") else part.upper() for part in parts)


@pytest.fixture(scope="module")
def pseudo(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A language ``xx`` made from the template only: ``[MESSAGE IN CAPITALS]``."""
    template = read(TEMPLATE)
    catalog = Catalog(locale="en")  # English plural rule; the language code is only the folder's name
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            string_ = tuple(f"[{_shout(form)}]" for form in message.id)
        else:
            string_ = f"[{_shout(message.id)}]"
        catalog.add(message.id, string_, context=message.context)
    folder = tmp_path_factory.mktemp("locale")
    (folder / "xx" / "LC_MESSAGES").mkdir(parents=True)
    with (folder / "xx" / "LC_MESSAGES" / "aton.mo").open("wb") as file:
        write_mo(file, catalog)
    with extra_locale_dir(folder):
        yield "xx"


LOWER_WORD = re.compile(r"[a-z]{3,}")
"""A lower-case word: text that did not come from the pseudo-language's catalog."""
DATA_WORDS = {"aton", "legal_actions", "and"}
"""Lower-case words that are data, not text (a call shown as typed), and the word joining a list: Babel
writes lists with each real language's words (CLDR), and the made-up ``xx`` falls back to English."""


def _clean(text: str) -> list[str]:
    return [word for word in LOWER_WORD.findall(text) if word not in DATA_WORDS]


def test_the_pseudo_language_is_offered(pseudo: str) -> None:
    assert pseudo in languages()
    assert aton.explain(all_events()[0], pseudo).startswith("[")


def test_every_event_and_rule_speaks_the_pseudo_language(pseudo: str) -> None:
    for event in all_events():
        text, rule = aton.explain(event, pseudo), aton.rule_of(event, pseudo)
        assert text.startswith("[") and text.endswith("]"), text
        assert rule.startswith("[") and not _clean(text) and not _clean(rule), (text, rule)
    assert {event.kind for event in all_events()} == set(aton.EVENT_KINDS)


def test_every_refusal_speaks_the_pseudo_language(pseudo: str) -> None:
    reasons = {(error.code, repr(sorted(error.details.items()))): error for error in engine_reasons()}.values()
    for error in reasons:
        text = error.text(pseudo)
        assert text.startswith("[") and not _clean(text), text
    for code, details in SAMPLE_DETAILS.items():
        assert refusal_text(code, details, pseudo).startswith("["), code


def test_every_widget_and_dashboard_text_speaks_the_pseudo_language(pseudo: str) -> None:
    for key, message in STRINGS.items():
        values: dict[str, object] = dict.fromkeys(fields(message.singular), "7")
        values["count"] = 2
        text = tr(key, pseudo, **values)
        assert text.startswith("[") and not _clean(text), (key, text)
    for key, message in DASHBOARD_STRINGS.items():
        values = dict.fromkeys(fields(message.singular), "7")
        values["count"] = 2
        text = say(key, pseudo, **values)
        assert text.startswith("[") and not _clean(text), (key, text)


def test_a_board_widget_speaks_the_pseudo_language(pseudo: str) -> None:
    pytest.importorskip("ipywidgets")
    from aton.widgets.board import BoardView
    from aton.widgets.scene import Target
    from aton.widgets.words import describe, prompt

    game = lessons.load_position("midgame")
    board = BoardView(lang=pseudo)
    board.show(game)
    assert prompt(game, pseudo).startswith("[") and not _clean(prompt(game, pseudo))
    for target in (Target("square", square=(1, 0)), Target("temple", temple=2), Target("kingdom"), Target("score")):
        text = describe(target, game, pseudo)
        assert text.startswith("[") and not _clean(text), text


def test_lessons_and_the_text_board_speak_the_pseudo_language(pseudo: str) -> None:
    for info in lessons.list_positions():
        assert info.title[pseudo].startswith("[") and info.description[pseudo].startswith("["), info.name
    game = lessons.load_position("cartouche-2")
    exercise = lessons.first_player_exercise(game, red=(4, 1, 2, 3), blue=(4, 2, 1, 4))
    texts = [exercise.prompt(pseudo), exercise.check(aton.BLUE, pseudo).explanation]
    texts += [label for label, _ in exercise.option_labels(pseudo)]
    texts += [lessons.square_name((2, 5), pseudo), lessons.kind_name(aton.SquareKind.BLACK, pseudo)]
    texts += [game.board_text(pseudo)]
    for text in texts:
        assert "[" in text and not _clean(text), text


def test_the_game_review_speaks_the_pseudo_language(pseudo: str) -> None:
    from aton.apps.review.flow import REVIEW_STRINGS, words
    from aton.bots.review import Verdict, describe, review, verdict_words

    game = lessons.load_position("victory-yellow")
    game.apply(aton.Place(aton.RED, (1, 11)))  # not the last yellow square: a blunder to explain
    result = review(game, aton.RED, iterations=30, samples=2)
    judged = result.decisions[0]
    texts = [result.text(pseudo), judged.text[pseudo], judged.played_words[pseudo]]
    texts += [verdict_words(verdict, pseudo) for verdict in (*Verdict, None)]
    start = aton.new_game(seed=7)
    texts += [
        describe(start, aton.Assign(aton.RED, (4, 1, 2, 1)), pseudo),
        describe(start, aton.Exchange(aton.RED), pseudo),
    ]
    for key, message in REVIEW_STRINGS.items():
        values: dict[str, object] = dict.fromkeys(fields(message.singular), "7")
        values["count"] = 2
        texts.append(words(key.removeprefix("review."), pseudo, **values))
    for text in texts:
        assert "[" in text and not _clean(text), text


def test_the_simulation_lab_panel_speaks_the_pseudo_language(pseudo: str) -> None:
    from aton.apps.lab.flow import LAB_STRINGS, lab_words

    for key, message in LAB_STRINGS.items():
        values: dict[str, object] = dict.fromkeys(fields(message.singular), "7")
        values["count"] = 2
        text = lab_words(key.removeprefix("lab."), pseudo, **values)
        assert text.startswith("[") and not _clean(text), (key, text)


# ------------------------------------------------------------------ French without English
ENGLISH = re.compile(
    r"\b(the|and|of|with|counters?|squares?|rounds?|scores? \d|removes|draws|wins|places a|cards|must|only|turn|"
    r"holds?|their|Red|Blue|black|yellow|green|bonus|stock|scoring|nobody|none|empty|face down|Kingdom|Dead)\b"
)
"""English words that must not appear in French text."""

SAMPLE_DETAILS: dict[str, dict[str, Any]] = {
    "not_an_action": {"given": "'x'"},
    "unknown_player": {"given": "'x'"},
    "game_over": {},
    "already_assigned": {"player": "red", "action": "assign", "waiting": ["blue"], "expected": "assign"},
    "not_your_turn": {"player": "red", "waiting": ["blue"], "expected": "place"},
    "not_assign_phase": {"player": "red", "action": "exchange", "expected": "remove"},
    "exchange_used": {"player": "blue"},
    "bad_cards": {"cards": [0, 5, 1, 1]},
    "card_count": {"count": 3},
    "cards_not_in_hand": {"player": "red", "hand": [1, 2, 3, 4], "cards": [4, 4, 4, 4]},
    "bad_square": {"square": "(5, 0)"},
    "not_place_phase": {"player": "red", "expected": "assign"},
    "not_remove_phase": {"player": "red", "expected": "place"},
    "temple_not_allowed": {"player": "red", "allowed": 2, "verb": "place", "temple": 3},
    "square_occupied": {"square": "1-0", "found": "blue"},
    "wrong_counter": {"player": "red", "target": "blue", "square": "1-0", "found": "red"},
    "scoring_own_counter": {"player": "red", "square": "1-0", "found": None},
    "scoring_temple_required": {"player": "red", "temples": [1, 3]},
    "scoring_highest_temple": {"player": "red", "temple": 4},
    "view_not_playable": {},
}


def test_every_refusal_code_is_told_in_both_languages() -> None:
    assert set(SAMPLE_DETAILS) == set(CODES)
    for code, details in SAMPLE_DETAILS.items():
        english, french = refusal_text(code, details, "en"), refusal_text(code, details, "fr")
        assert english and french and english != french, code
        assert not ENGLISH.search(french.replace("aton.RED", "").replace("aton.BLUE", "")), (code, french)


def test_whole_random_games_in_french_hold_no_english_word() -> None:
    chooser = random.Random("french")
    lines: list[str] = []
    for seed in range(40):
        game = aton.new_game(seed)
        while game.result is None:
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
            if chooser.random() < 0.05:
                lines.append(game.board_text("fr"))
        lines += [aton.explain(event, "fr") for event in game.events]
        lines += [aton.rule_of(event, "fr") for event in game.events]
        lines.append(game.board_text("fr"))
    lines += [aton.explain(event, "fr") for event in all_events()]
    english = sorted({line for line in lines if ENGLISH.search(line)})
    assert not english, [(ENGLISH.findall(line), line) for line in english[:5]]


# ----------------------------------------------------------------- one French word for each thing
def _french_entries() -> list[tuple[str, str]]:
    """(English message, French translation) of every entry of the French catalog, plural forms included."""
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "aton.po").open("rb") as handle:
        catalog = read_po(handle)
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs += [(" ".join(ids), text) for text in texts]
    return pairs


def _french_tutorial_prose() -> list[tuple[str, str]]:
    import json

    found = []
    for path in sorted((Path(__file__).resolve().parent.parent / "tutorials" / "fr").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                found.append((path.name, "".join(cell["source"])))
    return found


def test_french_says_manche_for_a_round_and_decompte_for_a_scoring() -> None:
    """A round is a « manche », a player's turn a « tour », a scoring a « décompte »: one word, one meaning."""
    rounds = 0
    for english, french in _french_entries():
        assert "comptage" not in french, french
        if re.search(r"\brounds?\b", english, re.I) and not re.search(r"\bturns?\b", english, re.I):
            assert not re.search(r"\btours?\b", french, re.I), (english, french)
            rounds += 1
    assert rounds > 80
    for name, prose in _french_tutorial_prose():
        assert "comptage" not in prose, name


def test_french_multiplies_with_a_sign_or_in_words_never_with_x() -> None:
    times = re.compile(r"(\d|\})\s?x\s?(\d|\(|\{|la\b|un\b|l')")
    for _english, french in _french_entries():
        assert not times.search(french), french
    for name, prose in _french_tutorial_prose():
        assert not times.search(prose), name
    event = {"kind": "cartouche1", "red": 4, "blue": 1, "scorer": "red", "points": 6}
    assert "marque 2 × (4 - 1) = 6 points" in aton.explain(event, "fr")


def test_french_takes_counters_back_to_the_stock_not_out_of_it() -> None:
    """« reprend … dans sa réserve » means taking counters out of the stock: the opposite of the rule."""
    for _english, french in _french_entries():
        assert not re.search(r"reprend\w* [^.;:]*dans (sa|leur|votre) réserve", french), french
    rule = aton.rule_of({"kind": "scoring_removal", "player": "red", "count": 4, "temples": [1]}, "fr")
    assert "retire 4 de ses pierres des temples et les remet dans sa réserve" in rule


def test_french_temple_3_scores_the_majority_holder_s_own_counters() -> None:
    """Not « un point par pierre qu'il y a », which counts both players' counters (RULES-NOTES: own counters)."""
    for _english, french in _french_entries():
        assert "par pierre qu'il y a" not in french, french
    for name, prose in _french_tutorial_prose():
        assert "par pierre qu'il y a" not in prose, name
    line = {"kind": "score_line", "category": "temple3", "red": 5, "blue": 2, "scorer": "red"}
    text = aton.explain(line | {"red_points": 5, "blue_points": 0, "detail": {}}, "fr")
    assert "un point pour chacune de ses propres pierres dans ce temple, soit 5 points" in text
