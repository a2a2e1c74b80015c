"""The scene model: what the board draws where, as data, and what a point of the board is.

No browser and no widget library: the scene is plain dataclasses.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import aton
from aton import BLUE, RED, data
from aton.events import (
    Cartouche1Compared,
    CounterPlaced,
    CounterRemoved,
    OrderDecided,
    RoundEnded,
    ScoreLine,
    TurnStarted,
)
from aton.widgets.i18n import tr
from aton.widgets.scene import (
    GEOMETRY,
    PALETTE,
    Circle,
    Highlights,
    Polygon,
    Rect,
    Scene,
    Shape,
    Target,
    Text,
    build_scene,
    highlights_for_event,
    highlights_for_events,
)
from aton.widgets.words import assignment_preview, describe, prompt

KIND_CODES = ("Y", "G", "K", "B", "+1", "+2")


def position(**fields: object) -> aton.Game:
    fields.setdefault("seed", 1)
    fields.setdefault("round", 2)
    return aton.Game.from_dict(fields)


def random_game(seed: int, until: str) -> aton.Game:
    """A seeded random game played until an event of kind ``until`` has happened."""
    game = aton.new_game(seed=seed)
    chooser = random.Random(seed)
    while game.result is None and not any(e.kind == until for e in game.events):
        game.apply(chooser.choice(game.legal_actions(game.to_act[0])))
    return game


def tags(scene_shapes: list[object]) -> set[str]:
    return {shape.tag for shape in scene_shapes}  # type: ignore[attr-defined]


def tagged(scene: Scene, tag: str) -> list[Shape]:
    """The shapes tagged exactly ``tag``."""
    found = scene.tagged(tag)
    assert found == [shape for shape in scene.shapes if shape.tag == tag]
    return found


def test_the_scene_module_needs_no_widget_library() -> None:
    code = (
        "import sys, aton.widgets.scene, aton.widgets.words, aton.widgets.i18n; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'ipycanvas', 'traitlets')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_square_is_drawn_with_its_kind_colour_and_letter(lang: str) -> None:
    game = aton.new_game(seed=7)
    scene = build_scene(game, lang=lang)
    seen_kinds = set()
    for square in aton.SQUARES:
        code = game.layout_kind(square).code
        seen_kinds.add(code)
        name = f"{square[0]}-{square[1]}"
        (body,) = [s for s in tagged(scene, f"square:{name}") if isinstance(s, Rect)]
        assert body.fill == PALETTE[code]
        box = GEOMETRY.square_box(square)
        assert (body.x, body.y, body.w, body.h) == (box.x, box.y, box.w, box.h)
        (label,) = tagged(scene, f"label:{name}")
        assert isinstance(label, Text) and label.text == tr(f"kind_letter.{code}", lang)
        assert box.contains(label.x, label.y)
    assert seen_kinds == set(KIND_CODES)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_square_kinds_differ_by_letter_not_only_by_colour(lang: str) -> None:
    letters = [tr(f"kind_letter.{code}", lang) for code in KIND_CODES]
    assert len(set(letters)) == len(letters)
    scene = build_scene(aton.new_game(seed=7), lang=lang)
    # black squares also carry a hatch pattern, bonus squares an inner dashed frame
    black = [sq for sq in aton.SQUARES if aton.new_game().layout_kind(sq).code == "K"]
    assert all(tagged(scene, f"pattern:{t}-{i}") for t, i in black)


def test_the_board_shows_temple_titles_rules_kingdom_places_track_and_cartouches() -> None:
    scene = build_scene(aton.new_game(seed=7))
    texts = scene.texts()
    for temple in range(1, data.TEMPLE_COUNT + 1):
        assert f"Temple {temple}" in texts
    assert "majority: 5 points" in texts and "majority: 3 per blue square" in texts
    assert len([s for s in scene.find("kingdom") if isinstance(s, Circle)]) == data.KINGDOM_SIZE
    assert len({s.tag for s in scene.find("track:")}) == data.WINNING_POINTS + 1
    for player in ("red", "blue"):
        for number in range(1, data.CARTOUCHE_COUNT + 1):
            assert scene.find(f"cartouche:{player}:{number}")
            assert scene.find(f"card:{player}:{number}:empty")
    assert "Kingdom of the Dead 0/8" in texts and "Stock 29" in texts and "Exchange: available" in texts


def test_counters_stand_where_the_state_says_and_differ_by_shape() -> None:
    game = position(
        temples=[["R B . .", ". . . .", ". . . R"], "............", [". . . .", ". B . .", ". . . ."], "............"],
        kingdom=["red", "blue", "blue"],
        red={"score": 12, "assignment": [1, 2, 3, 1]},
        blue={"score": 45, "assignment": [4, 1, 1, 1]},
        revealed=True,  # a win on points at cartouche 1 comes right after the reveal
        phase="over",
        result={"winner": "blue", "reason": "points", "scores": [12, 45]},
    )
    scene = build_scene(game)
    counters = {shape.tag for shape in scene.find("counter:")}
    assert counters == {"counter:red:1-0", "counter:blue:1-1", "counter:red:1-11", "counter:blue:3-5"}
    for shape in scene.find("counter:red"):
        assert isinstance(shape, Circle)
    assert any(isinstance(s, Polygon) for s in scene.find("counter:blue"))
    assert any(isinstance(s, Text) and s.text == "B" for s in scene.find("counter:blue"))
    x, y = GEOMETRY.square_box((3, 5)).center
    (diamond,) = [s for s in tagged(scene, "counter:blue:3-5") if isinstance(s, Polygon)]
    assert abs(sum(p[0] for p in diamond.points) / 4 - x) < 5 and abs(sum(p[1] for p in diamond.points) / 4 - y) < 5
    assert tags(scene.find("kingdom:")) == {"kingdom:0:red", "kingdom:1:blue", "kingdom:2:blue"}
    assert "marker:red:12" in tags(scene.find("marker:")) and "marker:blue:45" in tags(scene.find("marker:"))
    assert "45" in [s.text for s in scene.find("marker:blue") if isinstance(s, Text)]  # past 40, the number shows
    assert "Kingdom of the Dead 3/8" in scene.texts()


def test_cards_are_face_down_before_the_reveal_and_face_up_after() -> None:
    game = aton.new_game(seed=7)
    red_cards = tuple(game.hand(RED) or ())
    game.apply(aton.Assign(RED, red_cards))
    before = build_scene(game)
    assert tags(before.find("card:red")) == {f"card:red:{n}:down" for n in range(1, 5)}
    assert tags(before.find("card:blue")) == {f"card:blue:{n}:empty" for n in range(1, 5)}
    # red sees their own cards; blue and onlookers do not
    own = build_scene(game.view(RED), viewer=RED)
    assert tags(own.find("card:red")) == {f"card:red:{n}:up:{v}" for n, v in enumerate(red_cards, start=1)}
    blue_cards = tuple(game.hand(BLUE) or ())
    game.apply(aton.Assign(BLUE, blue_cards))
    after = build_scene(game)
    assert game.revealed
    assert tags(after.find("card:red")) == {f"card:red:{n}:up:{v}" for n, v in enumerate(red_cards, start=1)}
    assert tags(after.find("card:blue")) == {f"card:blue:{n}:up:{v}" for n, v in enumerate(blue_cards, start=1)}


@pytest.mark.parametrize("viewer", [None, BLUE])
def test_a_hidden_card_is_never_in_the_scene(viewer: aton.Player | None) -> None:
    """Red's unrevealed assignment changes nothing in the scene that blue or an onlooker gets."""
    scenes = set()
    for order in [(1, 2, 3, 4), (4, 3, 2, 1), (2, 4, 1, 3)]:
        game = position(red={"hand": [1, 2, 3, 4]}, blue={"hand": [1, 1, 2, 2]})
        game.apply(aton.Assign(RED, order))
        state = game if viewer is None else game.view(viewer)
        scene = build_scene(state, viewer=viewer)
        assert not any(":up:" in shape.tag for shape in scene.shapes)
        scenes.add(scene)
    assert len(scenes) == 1


def test_every_square_is_hit_in_its_middle_and_corners_and_nowhere_else() -> None:
    scene = build_scene(aton.new_game(seed=7))
    for square in aton.SQUARES:
        box = GEOMETRY.square_box(square)
        for x, y in [box.center, (box.x + 1, box.y + 1), (box.x + box.w - 1, box.y + box.h - 1)]:
            assert scene.hit_test(x, y) == Target("square", square=square)
        # the gap to the right of a square is no square
        assert scene.hit_test(box.x + box.w + 2, box.y + box.h / 2) != Target("square", square=square)
    assert scene.hit_test(2, 2) is None


def test_other_targets_are_hit() -> None:
    scene = build_scene(aton.new_game(seed=7))
    g = GEOMETRY
    for player in (RED, BLUE):
        for number in range(1, 5):
            assert scene.hit_test(*g.cartouche_box(player, number).center) == Target(
                "cartouche", player=player, number=number
            )
        assert scene.hit_test(*g.player_box(player).center) == Target("player", player=player)
    assert scene.hit_test(*g.kingdom_slot(3)) == Target("kingdom")
    assert scene.hit_test(*g.track_box(17).center) == Target("score")
    assert scene.hit_test(*g.temple_header(3).center) == Target("temple", temple=3)


def _placed(square: tuple[int, int]) -> CounterPlaced:
    return CounterPlaced(player="red", square=square, square_kind="Y", automatic=False)


def _removed(square: tuple[int, int], owner: str, destination: str) -> CounterRemoved:
    return CounterRemoved("red", owner, square, "Y", destination, automatic=False, scoring=False)


def _score_line(category: str) -> ScoreLine:
    return ScoreLine(category, red=2, blue=1, scorer="red", red_points=3, blue_points=0, detail={})


def test_highlights_name_what_each_step_touched() -> None:
    layout = aton.Layout()
    assert highlights_for_event(Cartouche1Compared(red=4, blue=1, scorer="red", points=6)).cartouches == {
        (RED, 1),
        (BLUE, 1),
    }
    assert highlights_for_event(OrderDecided(first="blue", reason="lower_card", red=3, blue=2)).cartouches == {
        (RED, 2),
        (BLUE, 2),
    }
    turn = highlights_for_event(TurnStarted(player="blue", position="first", temples=3))
    assert turn.cartouches == {(BLUE, 3)} and turn.temples == {1, 2, 3}
    removed = highlights_for_event(_removed((2, 4), "red", "kingdom"))
    assert removed.removed == (((2, 4), RED),) and removed.kingdom
    assert highlights_for_event(_placed((4, 11))).placed == {(4, 11)}
    temple4 = highlights_for_event(_score_line("temple4"), layout)
    assert temple4.temples == {4} and temple4.squares == {(t, 9) for t in range(1, 5)} and temple4.score
    black = highlights_for_event(_score_line("black"), layout)
    assert len(black.squares) == len(layout.squares_of(aton.SquareKind.BLACK))
    bonus = highlights_for_event(_score_line("bonus"), layout)
    assert {layout.kind(sq).code for sq in bonus.squares} == {"+1", "+2"}
    assert highlights_for_event(RoundEnded(round=1, kingdom=8)).kingdom


def test_highlights_of_several_events_keep_the_last_fate_of_each_square() -> None:
    events = [
        _placed((1, 0)),
        _placed((1, 1)),
        _removed((1, 1), "blue", "kingdom"),
        TurnStarted(player="red", position="first", temples=2),
    ]
    changes = highlights_for_events(events)
    assert changes.placed == {(1, 0)} and changes.removed == (((1, 1), BLUE),) and not changes.temples


def test_the_overlay_draws_legal_squares_ghosts_frames_and_focus() -> None:
    game = aton.new_game(seed=7)
    highlights = Highlights(
        legal=frozenset({(1, 2), (2, 3)}),
        removed=(((3, 3), RED),),
        temples=frozenset({2}),
        cartouches=frozenset({(BLUE, 4)}),
        cursor=(4, 0),
    )
    scene = build_scene(game, highlights)
    overlay = {shape.tag for shape in scene.overlay}
    assert {"legal:1-2", "legal:2-3", "removed:3-3:red", "hl:temple:2", "hl:cartouche:blue:4", "cursor:4-0"} <= overlay
    assert not any(tag.startswith("legal:") for tag in overlay - {"legal:1-2", "legal:2-3"})
    assert build_scene(game).overlay == ()


def test_the_static_layer_depends_on_the_language_only() -> None:
    start = build_scene(aton.new_game(seed=7))
    later = build_scene(random_game(3, "round_end"))
    assert start.static == later.static and start.pieces != later.pieces
    assert build_scene(aton.new_game(seed=7), lang="fr").static != start.static


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_describing_a_square_says_its_kind_and_what_it_scores(lang: str) -> None:
    game = position(temples=["R . . . . . . . . . . .", "............", "............", "............"])
    red_counter = describe(Target("square", square=(1, 0)), game, lang)
    assert tr("kind_square.Y", lang) in red_counter and tr("counter.red", lang) in red_counter
    assert str(len(game.rules.layout.squares_of(aton.SquareKind.YELLOW))) in red_counter
    black = describe(Target("square", square=(1, 7)), game, lang)
    assert str(data.BLACK_MAJORITY_POINTS) in black and tr("describe.empty", lang) in black
    blue = describe(Target("square", square=(4, 9)), game, lang)
    assert str(data.TEMPLE4_POINTS_PER_BLUE_SQUARE) in blue
    bonus = describe(Target("square", square=(2, 8)), game, lang)
    assert tr("kind_square.+2", lang) in bonus and "2" in bonus
    assert str(data.KINGDOM_SIZE) in describe(Target("kingdom"), game, lang)
    assert str(data.WINNING_POINTS) in describe(Target("score"), game, lang)


def test_prompts_say_who_must_do_what() -> None:
    game = aton.new_game(seed=3)
    assert prompt(game) == "Red and Blue: choose your cards for the four cartouches."
    game.apply(aton.Assign(RED, (1, 2, 3, 3)))
    game.apply(aton.Assign(BLUE, (1, 1, 3, 4)))
    assert prompt(game) == "Blue: place 4 counters in temples 1 to 3. Choose a marked square."  # none placed yet
    assert prompt(game, "fr").startswith("Bleu : placez 4 pierres dans les temples 1 à 3.")
    game.apply(game.legal_actions(BLUE)[0])
    assert prompt(game) == "Blue: place 3 more counters in temples 1 to 3. Choose a marked square."
    assert prompt(game, "fr").startswith("Bleu : placez encore 3 pierres dans les temples 1 à 3.")
    scoring = random_game(1, "scoring_removal")
    assert scoring.phase is aton.Phase.SCORING_REMOVE
    assert "take back" in prompt(scoring)


@pytest.mark.parametrize(
    ("cards", "round_number", "expected"),
    [
        ((4, 1, 2, 3), 2, "Cartouche 3 = 2: you may act in temples 1 and 2."),
        ((4, 1, 1, 3), 2, "Cartouche 3 = 1: you may act in temple 1 only."),
        ((4, 1, 4, 3), 2, "Cartouche 3 = 4: you may act in temples 1 to 4."),
    ],
)
def test_the_assignment_preview_says_what_each_card_means(
    cards: tuple[int, int, int, int], round_number: int, expected: str
) -> None:
    lines = assignment_preview(cards, round_number)
    assert lines[2] == expected
    assert lines[0].startswith(f"Cartouche 1 = {cards[0]}") and "2 x the difference" in lines[0]
    assert "one of your own" in lines[1]
    assert lines[3] == f"Cartouche 4 = {cards[3]}: you place {cards[3]} counters."


def test_the_assignment_preview_of_removals_and_the_first_round() -> None:
    assert "you remove 2 opponent counters (4 - 2)" in assignment_preview((1, 4, 1, 1), 2)[1]
    assert "nothing is removed" in assignment_preview((1, 2, 1, 1), 2)[1]
    assert "first round" in assignment_preview((1, 4, 1, 1), 1)[1]
    assert assignment_preview((None, 3, None, None), 2, "fr")[0] == "Cartouche 1 : posez une carte ici."
