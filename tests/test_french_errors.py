"""Every error a person can meet is told in French without an English word.

The refusals of actions, files, positions, rule switches, views and bots are rendered from their codes
(each code of the tables, with facts like the engine's), then real errors are provoked: the JSON reader's,
the position reader's, a record's, a view's, a bot's, and the dashboard's load message that once read
« ne peut pas être chargé : this is not readable JSON… ».
"""

from __future__ import annotations

import json
import re
from string import Formatter
from typing import Any

import pytest
from test_catalogs import SAMPLE_DETAILS

import aton
from aton import position
from aton.errors import BotError, CodedError, Reason
from aton.refusals import _JSON_PROBLEMS, _SENTENCES, CODES, FILE_CODES, error_text, refusal_text

COMMON_ENGLISH = frozenset(
    [
        "the",
        "and",
        "of",
        "with",
        "is",
        "are",
        "not",
        "must",
        "be",
        "cannot",
        "can",
        "can't",
        "file",
        "this",
        "that",
        "which",
        "has",
        "have",
        "holds",
        "hold",
        "counters",
        "counter",
        "squares",
        "square",
        "round",
        "rounds",
        "player",
        "players",
        "game",
        "games",
        "only",
        "from",
        "to",
        "at",
        "an",
        "no",
        "one",
        "each",
        "every",
        "its",
        "their",
        "where",
        "what",
        "but",
        "than",
        "more",
        "less",
        "least",
        "most",
        "number",
        "whole",
        "text",
        "list",
        "object",
        "value",
        "values",
        "card",
        "cards",
        "hand",
        "pile",
        "deck",
        "red",
        "blue",
        "black",
        "yellow",
        "green",
        "kingdom",
        "dead",
        "stock",
        "scoring",
        "removes",
        "remove",
        "placed",
        "places",
        "draws",
        "wins",
        "win",
        "won",
        "nobody",
        "none",
        "empty",
        "down",
        "here",
        "there",
        "now",
        "before",
        "after",
        "first",
        "while",
        "been",
        "was",
        "were",
        "would",
        "should",
        "found",
        "known",
        "unknown",
        "expected",
        "missing",
        "needs",
        "need",
        "read",
        "readable",
        "nested",
        "deeply",
        "characters",
        "digits",
        "bytes",
        "large",
        "holds",
        "hidden",
        "view",
        "spectator",
        "spectators",
        "bot",
        "bots",
        "coach",
        "search",
        "decide",
        "nothing",
        "legal",
        "illegal",
        "problem",
        "unexpected",
        "program",
        "pass",
        "named",
        "such",
        "string",
        "between",
        "positive",
        "milliseconds",
        "estimate",
        "at",
        "least",
        "agree",
        "changed",
        "cut",
        "gives",
        "give",
        "different",
        "playing",
        "again",
    ]
)
"""Common English words that are not also French words (« a », « points », « temple », « phase » are both)."""

_CODE_LIKE = re.compile(
    r"\[[^\]]*\]|\{[^}]*\}|«[^»]*»|(?<!\w)'[^']*'|\"[^\"]*\"|\b\w+\.\w+(?:\([^)]*\))?|\b\w*_\w*\b|\(\w+\)|\b(?:aton|key|value)=\w*|\b(?:Exchange|Assign|Remove|Place)\b"
)
"""What a sentence quotes as typed (values, JSON, field names, Python calls): not words of the sentence."""


FORMAT_NAMES = frozenset(
    [*position._TOP_FIELDS, *position._SIDE_FIELDS, *position._RECORD_FIELDS, *(phase.value for phase in aton.Phase)]
)
"""The names of a game file's fields and phases: a sentence lists them as written in the file."""
_NAMES_LISTED = re.compile(r"(?:\b[a-z_]+, )+[a-z_]+\b")


def english_words(text: str) -> list[str]:
    """The common English words of ``text`` outside what it quotes as typed (lists of the file's field names)."""
    prose = _CODE_LIKE.sub(" ", text)
    prose = _NAMES_LISTED.sub(
        lambda names: "" if set(names.group().split(", ")) <= FORMAT_NAMES else names.group(), prose
    )
    words = re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", prose)
    return [word for word in words if word.lower().strip("'") in COMMON_ENGLISH]


def test_the_english_word_check_finds_english() -> None:
    assert english_words("ne peut pas être chargé : this is not readable JSON") == ["this", "is", "not", "readable"]
    assert english_words("la main de rouge est cachée à bleu ; passez-lui game.view(player)") == []
    assert english_words("champs inconnus ['the'] ; format 'red'") == []


def _facts(message: str) -> dict[str, Any]:
    """Facts like the engine's for every placeholder of ``message``."""
    reason = aton.PositionError("round_past_limit", round=9, limit=5)
    like = {
        "player": "red",
        "winner": "blue",
        "viewer": "blue",
        "reason": reason,
        "said": Reason("result_says", {"winner": "red", "reason": "points"}),
        "known": ["format", "seed"],
        "fields": ["score"],
        "unknown": ["colour"],
        "found": "seven",
        "expected": 3,
        "origin": Reason("origin_new", {"seed": 4}),
        "difference": Reason("difference_missing", {"path": "red.score"}),
        "where": "events[3]",
        "path": "red.score",
        "phase": "remove",
        "phases": "assign, remove, place, scoring_remove, over",
    }
    names = {name for _text, name, _spec, _conv in Formatter().parse(message) if name}
    facts: dict[str, Any] = {name: like.get(name, 7) for name in names}
    facts.pop("example", None)
    return facts


def every_refusal_in(lang: str) -> dict[str, str]:
    """Every refusal code's sentence in ``lang`` (the file sentences once per placeholder set)."""
    texts: dict[str, str] = {}
    for code, details in SAMPLE_DETAILS.items():
        texts[code] = refusal_text(code, details, lang)
    for code, message in _SENTENCES.items():
        facts = _facts(message.singular)
        if message.plural is not None:
            facts["count"] = 2
        texts[code] = refusal_text(code, facts, lang)
    special: dict[str, list[dict[str, Any]]] = {
        "not_json": [{"problem": problem, "line": 1, "column": 2} for problem in _JSON_PROBLEMS],
        "json_number_too_long": [{"limit": 40}, {"limit": 40, "key": "seed"}],
        "json_not_a_number": [{"value": "NaN"}, {"value": "inf", "key": "seed"}],
        "json_not_data": [{"found": {2}}, {"found": {1}, "key": "seed"}],
        "unknown_fields": [
            {"where": "", "unknown": ["x"], "known": ["seed"]},
            {"where": "red", "unknown": ["x"], "known": ["score"]},
        ],
        "difference_length": [{"path": "red.hand", "found": 2, "expected": 3}, {"path": "", "found": 2, "expected": 3}],
        "difference_value": [{"path": "red.score", "found": 30, "expected": 0}],
        "result_says": [{"winner": None, "reason": "round_limit"}, {"winner": "red", "reason": "temple"}],
        "result_board_victory_first": [
            {"said": Reason("result_says", {"winner": "red", "reason": "points"}), "held": [("blue", "temple")]}
        ],
        "result_board_not_held": [
            {"said": Reason("result_says", {"winner": "red", "reason": reason}), "reason": reason, "player": "red"}
            for reason in ("temple", "yellow", "green")
        ],
    }
    for code, samples in special.items():
        for number, details in enumerate(samples):
            texts[f"{code} #{number}"] = refusal_text(code, details, lang)
    return texts


def test_every_code_of_the_refusal_and_file_tables_is_rendered_here() -> None:
    rendered = {name.split(" #")[0] for name in every_refusal_in("en")}
    assert rendered == set(CODES) | set(FILE_CODES)


def test_every_refusal_reads_in_french_without_an_english_word() -> None:
    english = {code: (english_words(text), text) for code, text in every_refusal_in("fr").items()}
    found = {code: words_text for code, words_text in english.items() if words_text[0]}
    assert not found, found


def _provoked() -> list[BaseException]:
    """Real errors from the readers, the views and the bots."""
    errors: list[BaseException] = []

    def catch(call: Any, *args: Any, **kwargs: Any) -> None:
        try:
            call(*args, **kwargs)
        except (ValueError, TypeError) as error:
            errors.append(error)
        else:  # pragma: no cover - the test lists only calls that fail
            raise AssertionError(f"{call} {args} did not fail")

    bad_files = [
        "{",
        "xx",
        "[1,]",
        '{"a": 1,}',
        '{"a" 1}',
        '{"a": "\\x"}',
        '{"round": 1} extra',
        '"unterminated',
        "[" * 40 + "]" * 40,
        '{"seed": NaN}',
        '{"seed": ' + "9" * 60 + "}",
        "[]",
        '{"round": 500}',
        '{"temples": ["RRRRRRRRRRRRR", "", "", ""]}',
        '{"temples": ["R . B ."]}',
        '{"red": {"score": 45}}',
        '{"kingdom": ["green"]}',
        '{"phase": "dance"}',
        '{"rules": {"war_cards": "up"}}',
        '{"colour": 1}',
        '{"red": {"hand": [5]}}',
        '{"actions": ["red fly"]}',
        '{"actions": ["red place 9-9"]}',
        '{"result": {"winner": "red", "reason": "points", "scores": [0, 0]}}',
    ]
    for text in bad_files:
        catch(aton.Game.from_json, text)
        catch(aton.replay, text)
    catch(aton.Game.from_dict, {"format": 99})
    catch(aton.replay, json.dumps({"seed": 1, "rules": {}, "actions": ["red place 1-0"]}))
    catch(aton.parse_action, "red")
    catch(aton.parse_action, "green place 1-0")
    catch(aton.Rules, war_cards="sideways")
    game = aton.new_game(seed=3)
    catch(game.apply, aton.Place(aton.RED, (1, 0)))
    view = game.view(aton.BLUE)
    catch(view.legal_actions, aton.RED)
    catch(view.view, aton.RED)
    from aton.bots import make_bot

    catch(make_bot, "grandmaster")
    catch(make_bot, "greedy:fast")
    catch(make_bot, "mcts:iterations=0")
    catch(make_bot, "mcts:speed=2")
    catch(make_bot, "mcts:iterations=many")
    catch(make_bot("greedy").choose, game, __import__("random").Random(1))
    catch(aton.Player.parse, "green")
    catch(aton.actions.parse_square, "two-five")
    catch(aton.actions.check_square, (5, 0))
    catch(aton.actions.check_square, "2-5")
    from aton.teaching import exercise

    for read, answer in [
        (exercise.as_player, "green"),
        (exercise.as_int, "six"),
        (exercise.as_int, True),
        (exercise.as_temples, [5]),
        (exercise.as_temples, "all"),
        (exercise.as_yes_no, "maybe"),
        (exercise.as_square, (9, 1)),
        (exercise.as_square, "9-1"),
    ]:
        catch(read, answer)
    return errors


def test_every_provoked_error_is_coded_and_reads_in_french() -> None:
    errors = _provoked()
    assert len(errors) > 50
    for error in errors:
        assert isinstance(error, CodedError), (type(error), error)
        french = error_text(error, "fr")
        assert french != str(error), french
        assert not english_words(french), (english_words(french), french)


def test_bot_and_view_errors_are_coded_with_the_same_english() -> None:
    from aton.bots import make_bot

    with pytest.raises(BotError) as caught:
        make_bot("grandmaster")
    assert str(caught.value).startswith("unknown bot 'grandmaster'; known bots: random, greedy")
    assert caught.value.text("fr").startswith("robot inconnu : 'grandmaster' ; robots connus : random, greedy")
    view = aton.new_game(seed=3).view(aton.BLUE)
    with pytest.raises(aton.HiddenInformation) as hidden:
        view.legal_actions(aton.RED)
    assert str(hidden.value) == "red's hand is hidden from blue"
    assert hidden.value.text("fr") == "la main de rouge est cachée à bleu"


def test_an_unexpected_error_is_told_as_such_in_french() -> None:
    assert error_text(KeyError("x"), "fr") == "un problème imprévu dans le programme (KeyError : 'x')"
    assert error_text(RuntimeError("boom"), "en") == "an unexpected problem in the program (RuntimeError: boom)"


def test_the_dashboard_tells_a_bad_file_in_french() -> None:
    from aton.apps.dashboard.controller import DashboardController

    controller = DashboardController(1, lang="fr")
    try:
        assert not controller.load_bytes(b"this is not JSON", "partie.json")
        message = controller.message_text("fr")
        assert message.startswith("partie.json ne peut pas être chargé : ce n'est pas du JSON lisible"), message
        assert not english_words(message), message
        controller.report(KeyError("x"))
        assert controller.message_text("fr").startswith("Un problème est survenu : 'x'")
    finally:
        controller.close()


# ------------------------------------------------------------------ the French faults found in a reread
FAULTS = {
    "joue d'abord": "the rulebook says « joue en premier »",
    "au score d'abord": "« en commençant par le joueur en tête »",
    "Pions": "the rulebook's counters are « pierres »",
    "{empty} vides": "« 1 vides »: the count is not the plural's",
    "Morts : {count} pierres sur": "« 0 pierres sur 8 »: a count without its plural",
    "{red} retournent": "« 1 retournent »",
    "de {goal}": "« ne permet pas de avoir »: no elision before a placeholder",
    "la réponse est {answer}": "« la réponse est case 2-5 »: no article",
    "{mine} cases": "« 1 cases grises »",
    "{points} points, {count} pierre": "« 1 points »",
    "IC à 95": "an abbreviation a pupil does not know",
    "Deux robots {level}": "« Deux robots moyen »: no agreement",
    "’": "one apostrophe throughout",
}
"""Pieces of French found wrong in a reread: none may come back into the catalog."""


def test_the_french_catalog_holds_none_of_the_faults_found() -> None:
    from babel.messages.pofile import read_po

    with open(aton.i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / "aton.po", "rb") as handle:
        catalog = read_po(handle)
    found = []
    for message in catalog:
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            found += [(fault, why, text) for fault, why in FAULTS.items() if fault in text]
    assert not found, found


def test_temples_one_and_two_are_named_as_such() -> None:
    text = refusal_text("temple_not_allowed", {"player": "red", "allowed": 2, "verb": "place", "temple": 3}, "fr")
    assert "les temples 1 et 2" in text and "1 à 2" not in text
    english = refusal_text("temple_not_allowed", {"player": "red", "allowed": 2, "verb": "place", "temple": 3}, "en")
    assert "temples 1-2" in english
