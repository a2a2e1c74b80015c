"""A diagnosed mistake of the record as a sentence for people (:func:`mistake_sentence`), for the class page.

The record keeps a mistake by its name (``"not-doubled"``, :attr:`aton.teaching.feedback.Mistake.name`) and
its rule, never the sentence the learner read: that sentence may name the case's cards.  The class page
says each of the class's common mistakes in words, in the page's language, from the same catalog entries
the learners read:

1. a mistake whose diagnosis is one sentence whatever the answer (:data:`FIXED`);
2. else the diagnosis of that mistake in the rule's exercises of the tutorials
   (:data:`aton.teaching.curriculum.EXERCISES`) and their varied cases: when every exercise says the same,
   that sentence; when they differ by case (the cards, the temples), the sentences they all begin with;
3. else a sentence for the kind of mistake (:data:`KINDS`: "meaning", a number that would fit another
   position, and the like);
4. else "a mistake on this rule" (never the mistake's internal name).

>>> mistake_sentence("cartouche1", "not-doubled", "fr")
'Vous avez oublié de doubler la différence.'
>>> mistake_sentence("temple3", "meaning", "en")
'You gave a figure that fits another position: count again on the board.'
>>> mistake_sentence("draw", "no-such-mistake", "en")
'A mistake on this rule.'
"""

from __future__ import annotations

import re
import threading
from collections import defaultdict
from collections.abc import Callable
from functools import cache

from ...i18n import check_lang, gtext
from ...teaching import curriculum
from ...teaching.feedback import Text
from ...teaching.variants import another_like

__all__ = ["FIXED", "KINDS", "VARIED_SEEDS", "mistake_sentence", "told", "warm"]

FIXED: dict[str, Callable[[str], str]] = {
    "not-doubled": lambda lang: gtext(lang, "lesson mistake", "You forgot to double the difference."),
    "no-subtraction": lambda lang: gtext(
        lang, "lesson mistake", "You took the card's value itself: a card v on cartouche 2 removes v - 2."
    ),
    "wrong-player": lambda lang: gtext(
        lang, "lesson mistake", "Those are the other player's points: only the majority scores."
    ),
}
"""Mistakes whose diagnosis is the same sentence on every rule and case (the catalog entries the learner read)."""

KINDS: dict[str, Callable[[str], str]] = {
    "meaning": lambda lang: gtext(
        lang, "class mistake", "You gave a figure that fits another position: count again on the board."
    ),
    "other-kind": lambda lang: gtext(
        lang, "class mistake", "You took a square of another kind: its letter on the board says which it is."
    ),
    "temples": lambda lang: gtext(
        lang, "class mistake", "You chose temples the card does not open: a card t opens temples 1 to t together."
    ),
    "completes-nothing": lambda lang: gtext(
        lang, "class mistake", "You took a square that does not do what was asked: look at what each square changes."
    ),
    "other-ending": lambda lang: gtext(
        lang, "class mistake", "You chose another way for the game to end than the one the board and scores show."
    ),
    "score": lambda lang: gtext(lang, "class mistake", "You predicted the scores of another outcome."),
    "tie": lambda lang: gtext(lang, "lesson mistake", "You forgot the tie rule: equal counts score nothing."),
    "before-placement": lambda lang: gtext(
        lang,
        "class mistake",
        "You left out the counters the first player places this round: they are on the board before the other "
        "player starts.",
    ),
    "higher-card": lambda lang: gtext(lang, "class mistake", "You let the higher card decide: the lower card does."),
    "removed-not-pool": lambda lang: gtext(
        lang,
        "class mistake",
        "You gave how many counters the card asks to remove, not how many the player can choose from.",
    ),
    "draw": lambda lang: gtext(lang, "class mistake", "You answered a draw: add up both scores again, one by one."),
    "acted-first": lambda lang: gtext(
        lang, "class mistake", "You chose the player who acted first: after a scoring, the leader takes back first."
    ),
    "leader-before": lambda lang: gtext(
        lang,
        "lesson mistake",
        "You compared the scores from before the scoring; add this round's points and the scoring's first.",
    ),
    "plays-after-win": lambda lang: gtext(
        lang,
        "class mistake",
        "You let a player play on after a victory on the board: it ends the game at once, in the middle of the round.",
    ),
    "counted-own": lambda lang: gtext(
        lang, "class mistake", "You counted one player's counters instead of comparing both players' counters."
    ),
    "fewer-present": lambda lang: gtext(
        lang,
        "class mistake",
        "You counted what the card asks for; only the counters standing in the temples it opens can go.",
    ),
}
"""Sentences for a kind of mistake whose diagnosis depends on the answer given (``"meaning"``: "5 would be
temple 2's points") or names a player ("You left out the counters Blue places"); a name ``score-...`` (a
predicted score) is of kind ``score``, and ``...-red`` or ``...-blue`` of the kind before it."""

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


VARIED_SEEDS = (1, 2, 3)
"""The varied cases of each exercise (:func:`aton.teaching.variants.another_like`) whose diagnoses are read
too: a mistake some cases only allow (a tie) has its words from them."""

_LOCK = threading.Lock()


def told() -> dict[tuple[str, str], tuple[Text, ...]]:
    """``{(rule, mistake name): diagnoses}`` of the tutorials' exercises and of their varied cases (one of each
    distinct English text).  Made once (about a second), then kept: :func:`warm` makes it ahead of time."""
    with _LOCK:
        return _told()


@cache
def _told() -> dict[tuple[str, str], tuple[Text, ...]]:
    found: dict[tuple[str, str], dict[str, Text]] = defaultdict(dict)
    for name in curriculum.EXERCISES:
        first = curriculum.exercise(name)
        varied = (another_like(first, seed=seed) for seed in VARIED_SEEDS)
        for exercise in [first, *(case for case in varied if case is not None)]:
            for mistake in exercise.mistakes:
                found[(exercise.rule, mistake.name)].setdefault(mistake.diagnosis["en"], mistake.diagnosis)
    return {key: tuple(texts.values()) for key, texts in found.items()}


def warm() -> None:
    """Read the exercises' diagnoses now, in a thread of their own, so the class page's first mistake shows
    without waiting for them."""
    threading.Thread(target=told, name="aton-mistake-words", daemon=True).start()


def _shared_start(sentences: list[str]) -> str:
    """The whole sentences every one of ``sentences`` begins with (``""`` when none)."""
    split = [_SENTENCE_END.split(sentence.strip()) for sentence in sentences]
    shared: list[str] = []
    for parts in zip(*split, strict=False):
        if len(set(parts)) != 1:
            break
        shared.append(parts[0])
    return " ".join(shared)


def _kind(mistake: str) -> str:
    if mistake.startswith("score-"):
        return "score"
    return re.sub(r"-(red|blue)$", "", mistake)


def mistake_sentence(rule: str, mistake: str, lang: str) -> str:
    """Mistake ``mistake`` on rule ``rule`` as a sentence in ``lang`` (the order is in the module's docstring)."""
    check_lang(lang)
    fixed = FIXED.get(mistake)
    if fixed is not None:
        return fixed(lang)
    texts = told().get((rule, mistake), ())
    if len(texts) == 1:
        return texts[0][lang]
    if texts:
        shared = _shared_start([text[lang] for text in texts])
        if shared:
            return shared
    kind = KINDS.get(_kind(mistake))
    if kind is not None:
        return kind(lang)
    return gtext(lang, "class mistake", "A mistake on this rule.")
