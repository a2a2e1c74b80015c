"""The widget texts render in both languages, each is used, and every engine reason is told in French."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest

import aton
from aton import BLUE, RED, Assign, Exchange, Place, Remove
from aton.refusals import CODES
from aton.widgets.i18n import STRINGS, tr

WIDGETS = Path(aton.__file__).parent / "widgets"
ENGLISH_WORDS = re.compile(r"\b(the|must|only|turn|square|counters?|holds|cannot|their|time)\b")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_every_widget_text_renders_in_both_languages(key: str) -> None:
    message = STRINGS[key]
    assert message.context == key and message.singular == message.singular.strip()
    fields: dict[str, object] = dict.fromkeys(placeholders(message.singular), "7")
    if message.plural is not None:
        fields["count"] = 2
    english, french = tr(key, "en", **fields), tr(key, "fr", **fields)
    assert english.strip() and french.strip()


def test_every_text_is_used_by_the_widgets() -> None:
    """A key is used when it appears in the source, or its family (``kind.``, ``phase.``...) is built there."""
    source = "\n".join(path.read_text(encoding="utf-8") for path in WIDGETS.glob("*.py") if path.name != "i18n.py")
    unused = []
    for key in STRINGS:
        family = key.rsplit(".", 1)[0] + "."
        if f'"{key}"' not in source and f"'{key}'" not in source and family not in source:
            unused.append(key)
    assert not unused


def test_unknown_languages_and_keys_are_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="choose one of"):
        tr("stock", "de", count=1)
    with pytest.raises(KeyError, match="no widget text"):
        tr("no such text", "en")


def _refusal(game: aton.Game, action: aton.Action) -> aton.IllegalAction | None:
    """The engine's refusal of ``action`` (an illegal action leaves the game unchanged), or ``None``."""
    if game.is_legal(action):
        return None
    with pytest.raises(aton.IllegalAction) as caught:
        game.apply(action)
    return caught.value


def _probe_reasons(game: aton.Game) -> list[aton.IllegalAction]:
    actions: list[aton.Action] = [Place(RED, (5, 0))]
    for player in aton.PLAYERS:
        actions += [Place(player, square) for square in aton.SQUARES]
        actions += [Remove(player, square) for square in aton.SQUARES]
        actions += [Exchange(player), Assign(player, (1, 2, 3)), Assign(player, (4, 4, 4, 4))]
        actions.append(Assign(player, (0, 5, 1, 1)))
    found = (_refusal(game, action) for action in actions)
    return [error for error in found if error is not None]


def engine_reasons() -> list[aton.IllegalAction]:
    """The engine's refusals, probed along seeded random games and a few positions."""
    reasons: list[aton.IllegalAction] = []
    for seed in range(1, 3):
        game = aton.new_game(seed=seed)
        chooser = random.Random(seed)
        while game.result is None:
            reasons += _probe_reasons(game)
            game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
        reasons += _probe_reasons(game)
    # a player who plays a 1 on cartouche 2 removes one of their own counters
    own = aton.Game.from_dict(
        {
            "seed": 1,
            "round": 2,
            "temples": [["R R B .", ". . . .", ". . . ."], "............", "............", "............"],
            "red": {"hand": [1, 1, 2, 4]},
            "blue": {"hand": [3, 3, 3, 3]},
        }
    )
    own.apply(Assign(RED, (4, 1, 2, 1)))
    own.apply(Assign(BLUE, (3, 3, 3, 3)))
    reasons += _probe_reasons(own)
    used = aton.new_game(seed=5)
    used.apply(Exchange(RED))
    reasons += _probe_reasons(used)
    try:
        used.view(RED).apply(Exchange(RED))
    except aton.IllegalAction as error:
        reasons.append(error)
    return reasons


def test_every_reason_of_the_engine_is_told_in_french() -> None:
    reasons = engine_reasons()
    codes = {error.code for error in reasons}
    assert codes <= set(CODES)
    assert len(codes) >= 15  # the probe reaches nearly every kind of refusal
    untranslated = []
    for error in {(error.code, repr(sorted(error.details.items()))): error for error in reasons}.values():
        assert error.text("en") == str(error)
        french = error.text("fr")
        if french == str(error) or ENGLISH_WORDS.search(french):
            untranslated.append((str(error), french))
    assert not untranslated


def test_why_illegal_speaks_the_asked_language() -> None:
    game = aton.new_game(seed=2)
    assert game.why_illegal(Place(RED, (1, 0)), "fr") == "ce n'est pas le moment de placer des pierres : " + (
        "Rouge doit poser ses cartes (ou échanger)"
    )
