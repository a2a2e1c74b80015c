"""Properties of random legal play, checked after every action.

Hypothesis draws the game seed, the rule switches and the index of each
choice; any failure shrinks to a short list of choices.  The examples are
sized so this file runs in well under a minute on one core.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from itertools import permutations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aton
from aton import BLUE, PLAYERS, RED, Assign, Exchange, Phase, Place, Remove, data

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=1, max_value=2**40)
choices = st.lists(st.integers(min_value=0, max_value=10_000), max_size=160)
rules = st.builds(
    aton.Rules,
    war_cards=st.sampled_from(["bottom", "discard"]),
    round_limit=st.sampled_from([3, 8, data.DEFAULT_ROUND_LIMIT]),
)
MAX_ACTIONS = 5_000


def walk(game: aton.Game, picks: list[int], seed: int) -> Iterator[aton.Game]:
    """Play ``game`` to its end, yielding it (the same object) after every action.

    Choice ``k`` is ``picks[k]`` (modulo the number of options); past the
    list, choices come from ``random.Random(seed)``.
    """
    fallback = random.Random(seed)
    for step in range(MAX_ACTIONS):
        if game.result is not None:
            return
        options = game.legal_actions(game.to_act[0])
        assert options, f"{game.to_act[0]} must act but has no legal action in {game.phase}"
        pick = picks[step] if step < len(picks) else fallback.randrange(len(options))
        game.apply(options[pick % len(options)])
        yield game
    raise AssertionError(f"no result after {MAX_ACTIONS} actions")


def cards_of(game: aton.Game, player: aton.Player) -> Counter[int]:
    """Every card of ``player``: hand, cartouches, draw pile, discard pile."""
    return Counter(
        (game.hand(player) or [])
        + list(game.assignment(player) or ())
        + (game.deck(player) or [])
        + game.discard(player)
    )


def counters_on_board(game: aton.Game, player: aton.Player) -> int:
    return sum(1 for square in aton.SQUARES if game.owner(square) is player)


# --------------------------------------------------------------------- conservation and bounds
@FAST
@given(seed=seeds, picks=choices, game_rules=rules)
def test_counters_cards_squares_and_scores_stay_consistent(seed: int, picks: list[int], game_rules: aton.Rules) -> None:
    game = aton.new_game(seed, game_rules)
    scores = (0, 0)
    for _ in walk(game, picks, seed):
        for player in PLAYERS:
            on_board = counters_on_board(game, player)
            assert game.stock(player) >= 0
            assert game.stock(player) + on_board + game.kingdom.count(player) == data.COUNTERS_PER_PLAYER
            assert cards_of(game, player) == Counter(data.DECK), "36 cards: nine of each value"
            assert game.deck_size(player) == len(game.deck(player) or [])
        assert len(game.kingdom) <= data.KINGDOM_SIZE
        rows = "".join("".join(temple) for temple in game.to_dict()["temples"]).replace(" ", "")
        assert len(rows) == len(aton.SQUARES), "one occupant (or none) per square"
        assert rows.count("R") == counters_on_board(game, RED) and rows.count("B") == counters_on_board(game, BLUE)
        now = (game.score(RED), game.score(BLUE))
        assert now[0] >= scores[0] and now[1] >= scores[1], "scores never fall"
        scores = now
        assert 1 <= game.round <= game_rules.round_limit
        if game.phase is Phase.ASSIGN:
            assert game.kingdom.count(RED) + game.kingdom.count(BLUE) < data.KINGDOM_SIZE
    result = game.result
    assert result is not None and result.scores == scores
    if result.reason is aton.EndReason.ROUND_LIMIT:
        assert game.round == game_rules.round_limit
    if result.reason is aton.EndReason.POINTS:
        assert max(scores) >= data.WINNING_POINTS
    if result.winner is not None:
        assert result.reason is not aton.EndReason.POINTS or scores[result.winner] >= scores[result.winner.other]
    else:
        assert scores[0] == scores[1]


@FEW
@given(seed=seeds)
def test_every_game_ends_within_the_round_limit_under_the_default_rules(seed: int) -> None:
    game = aton.new_game(seed)
    for _ in walk(game, [], seed):
        pass
    assert game.result is not None and game.round <= data.DEFAULT_ROUND_LIMIT
    assert game.events[-1].kind == "game_over"


# --------------------------------------------------------------------- snapshots, determinism, records
@FEW
@given(seed=seeds, picks=choices, game_rules=rules)
def test_a_snapshot_rebuilds_an_equal_game_after_every_action(
    seed: int, picks: list[int], game_rules: aton.Rules
) -> None:
    game = aton.new_game(seed, game_rules)
    assert aton.Game.from_json(game.to_json()) == game
    for _ in walk(game, picks, seed):
        text = game.to_json()
        again = aton.Game.from_json(text)
        assert again == game
        assert again.to_json() == text
        assert again.legal_actions(again.to_act[0]) == game.legal_actions(game.to_act[0]) if game.to_act else True
        assert game.clone() == game


@FAST
@given(seed=seeds, picks=choices, game_rules=rules)
def test_the_same_seed_and_actions_give_the_same_game(seed: int, picks: list[int], game_rules: aton.Rules) -> None:
    game = aton.new_game(seed, game_rules)
    for _ in walk(game, picks, seed):
        pass
    again = aton.new_game(seed, game_rules)
    for action in game.actions:
        again.apply(action)
    assert again == game and str(again) == str(game)
    record = game.record()
    assert aton.replay(record) == game
    assert aton.replay(json.dumps(record)) == game
    assert all(isinstance(text, str) for text in record["actions"])
    assert len(record["actions"]) == len(game.actions)
    quiet = aton.new_game(seed, game_rules, events=False)
    for action in game.actions:
        quiet.apply(action)
    assert quiet.events == []
    assert {**quiet.to_dict(), "events": None} == {**game.to_dict(), "events": None}, "the log changes nothing"
    half = len(game.actions) // 2
    midway = aton.new_game(seed, game_rules)
    for action in game.actions[:half]:
        midway.apply(action)
    fast = midway.clone(events=False)
    for action in game.actions[half:]:
        fast.apply(action)
    assert {**fast.to_dict(), "events": None, "actions": None} == {**game.to_dict(), "events": None, "actions": None}


@FEW
@given(seed=seeds, picks=choices, stop=st.integers(min_value=0, max_value=60))
def test_a_game_continued_from_a_snapshot_replays_from_its_record(seed: int, picks: list[int], stop: int) -> None:
    """A position-started game (a mid-game snapshot without its history) records its start."""
    game = aton.new_game(seed)
    for number, _ in enumerate(walk(game, picks, seed)):
        if number == stop:
            break
    snapshot = game.to_dict()
    for key in ("events", "actions"):
        snapshot.pop(key)
    if game.phase is Phase.OVER:
        return
    start = aton.Game.from_dict(snapshot)
    for _ in walk(start, picks[stop:], seed + 1):
        pass
    assert aton.replay(start.record()) == start


@FAST
@given(seed=seeds, picks=choices)
def test_the_event_log_never_changes_once_written(seed: int, picks: list[int]) -> None:
    game = aton.new_game(seed)
    written = [json.dumps(event.to_dict()) for event in game.events]
    for _ in walk(game, picks, seed):
        events = game.events
        assert [json.dumps(event.to_dict()) for event in events[: len(written)]] == written
        written += [json.dumps(event.to_dict()) for event in events[len(written) :]]
        assert all(event.kind in aton.EVENT_KINDS for event in events)


# --------------------------------------------------------------------- legality
def candidate_actions(game: aton.Game, player: aton.Player) -> list[aton.Action]:
    """Every Place and Remove on the board, the exchange, and the orderings of the hand (if any)."""
    actions: list[aton.Action] = [Exchange(player)]
    for square in aton.SQUARES:
        actions += [Place(player, square), Remove(player, square)]
    hand = game.hand(player) or [1, 2, 3, 4]
    actions += [Assign(player, cards) for cards in sorted(set(permutations(hand)))]
    actions.append(Assign(player, (4, 4, 4, 4)) if sorted(hand) != [4, 4, 4, 4] else Assign(player, (1, 1, 1, 1)))
    return actions


@FEW
@given(seed=seeds, picks=choices)
def test_legal_actions_are_exactly_the_actions_that_validate(seed: int, picks: list[int]) -> None:
    game = aton.new_game(seed)
    states = [game.clone()] + [g.clone() for g in walk(game, picks, seed)]
    for state in states[::3]:
        for player in PLAYERS:
            legal = state.legal_actions(player)
            assert len(set(legal)) == len(legal)
            assert (player in state.to_act) == bool(legal)
            for action in candidate_actions(state, player):
                reason = state.why_illegal(action)
                assert (reason is None) == (action in legal), (state.phase, action, reason)
                assert reason is None or len(reason) > 10


# --------------------------------------------------------------------- views
def assert_view_hides(view: aton.GameView, game: aton.Game) -> None:
    viewer, opponent = view.viewer, view.viewer.other
    assert view.hand(opponent) is None and view.hand(viewer) == game.hand(viewer)
    assert view.deck(RED) is None and view.deck(BLUE) is None
    if not game.revealed:
        assert view.assignment(opponent) is None
        assert view.has_assigned(opponent) == game.has_assigned(opponent)
    assert view.assignment(viewer) == game.assignment(viewer)
    snapshot = view.to_dict()
    assert snapshot[opponent.label]["hand"] == []
    assert snapshot["red"]["deck"] == [] and snapshot["blue"]["deck"] == []
    assert snapshot["rng"] == 0
    if game.result is None:  # the seed and the start would give the deal away
        assert snapshot["seed"] == 0 and snapshot.get("start") is None
    else:  # nothing is hidden any more: shown for replaying
        assert snapshot["seed"] == game.seed and snapshot.get("start") == game.to_dict().get("start")
    if not game.revealed and game.has_assigned(opponent):
        assert snapshot[opponent.label]["assignment"] is None
        hidden = str(Assign(opponent, game.assignment(opponent) or ()))
        assert len([a for a in view.actions if str(a) == hidden]) < len([a for a in game.actions if str(a) == hidden])
    # The public state is the game's.
    for query in (game.score, game.stock, game.exchange_available, game.deck_size, game.discard):
        for player in PLAYERS:
            assert getattr(view, query.__name__)(player) == query(player)
    assert [view.owner(s) for s in aton.SQUARES] == [game.owner(s) for s in aton.SQUARES]
    assert (view.round, view.phase, view.kingdom, view.to_act) == (game.round, game.phase, game.kingdom, game.to_act)
    assert view.events == game.events and str(view) == str(game)
    assert view.legal_actions(viewer) == game.legal_actions(viewer)


@FEW
@given(seed=seeds, picks=choices)
def test_views_never_show_the_opponents_hidden_cards(seed: int, picks: list[int]) -> None:
    game = aton.new_game(seed)
    assert_view_hides(game.view(RED), game)
    for _ in walk(game, picks, seed):
        for viewer in PLAYERS:
            assert_view_hides(game.view(viewer), game)
    # A finished game's views still hide the piles.
    assert game.view(RED).deck(BLUE) is None


@FEW
@given(seed=seeds, picks=choices, sample_seed=st.integers(min_value=0, max_value=1000))
def test_a_sample_of_a_view_is_a_full_game_consistent_with_it(seed: int, picks: list[int], sample_seed: int) -> None:
    game = aton.new_game(seed)
    for number, _ in enumerate(walk(game, picks, seed)):
        if number % 4:
            continue
        viewer = PLAYERS[number % 8 // 4]
        view = game.view(viewer)
        sample = view.sample(random.Random(sample_seed), events=True)
        assert type(sample) is aton.Game
        assert sample.view(viewer).to_json() == view.to_json(), "same public state and same viewer knowledge"
        for player in PLAYERS:
            assert cards_of(sample, player) == Counter(data.DECK)
            assert sample.deck_size(player) == game.deck_size(player)
        assert Counter(sample.deck(viewer) or []) == Counter(game.deck(viewer) or [])
        opponent = viewer.other
        hidden_then = (game.hand(opponent) or []) + list(game.assignment(opponent) or ()) + (game.deck(opponent) or [])
        hidden_now = (
            (sample.hand(opponent) or []) + list(sample.assignment(opponent) or ()) + (sample.deck(opponent) or [])
        )
        assert Counter(hidden_now) == Counter(hidden_then)
        assert sample.legal_actions(viewer) == game.legal_actions(viewer)
        if sample.result is None:
            sample.apply(sample.legal_actions(sample.to_act[0])[0])
