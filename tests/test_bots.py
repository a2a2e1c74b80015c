"""Bots: legal answers in many positions, determinism, no peeking, progress, names, a strength smoke test."""

from __future__ import annotations

import random

import pytest

import aton
from aton import BLUE, RED, Game, Phase
from aton.bots import BOT_NAMES, Bot, GreedyBot, MctsBot, RandomBot, make_bot
from aton.bots.greedy import AssignmentRater
from aton.bots.heuristics import DEFAULT_WEIGHTS, BoardInfo, advantage, class_representatives, win_probability
from aton.bots.mcts import SearchConfig, assignment_patterns, wins_at_once
from aton.bots.tournament import play_game


def positions(seeds: range, every: int = 1) -> list[Game]:
    """Games stopped at many decision points, reached by random play."""
    found = []
    for seed in seeds:
        game = aton.new_game(seed)
        chooser = random.Random(seed)
        step = 0
        while game.result is None:
            if step % every == 0:
                found.append(game.clone())
            options = game.legal_actions(game.to_act[0])
            game.apply(options[chooser.randrange(len(options))])
            step += 1
    return found


FAST_SEARCH = MctsBot(SearchConfig(iterations=12), name="tiny")
NARROW_SEARCH = MctsBot(SearchConfig(iterations=12, width=3, square_width=2), name="narrow")


@pytest.mark.parametrize("bot", [RandomBot(), GreedyBot(), FAST_SEARCH, NARROW_SEARCH], ids=lambda b: b.name)
def test_every_answer_is_legal(bot: Bot) -> None:
    games = positions(range(3), every=1 if not isinstance(bot, MctsBot) else 4)
    phases = set()
    for game in games:
        for player in game.to_act:
            action = bot.choose(game.view(player), random.Random(7))
            assert game.why_illegal(action) is None, (game, action)
            phases.add(game.phase)
    assert {Phase.ASSIGN, Phase.PLACE, Phase.REMOVE} <= phases


def test_bots_finish_games_against_each_other() -> None:
    for seed, (red, blue) in enumerate([("greedy", "random"), ("random", "greedy"), ("easy", "greedy")]):
        game, summary = play_game(red, blue, seed + 40)
        assert game.result is not None
        assert summary.winner in ("red", "blue", None)
        assert summary.rounds == game.round
        assert summary.score_curve[-1] == game.result.scores


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iterations=25"])
def test_same_view_and_seed_give_the_same_action(spec: str) -> None:
    for game in positions(range(20, 22), every=7):
        player = game.to_act[-1]
        first = make_bot(spec).choose(game.view(player), random.Random(3))
        again = make_bot(spec).choose(game.clone().view(player), random.Random(3))
        assert first == again


def _twin(game: Game, viewer: aton.Player, seed: int) -> Game:
    """A full game with the same public state as ``game`` but other hidden cards."""
    return game.view(viewer).sample(random.Random(seed), events=True)


def _hidden(game: Game, player: aton.Player) -> tuple[object, ...]:
    return (game.hand(player), game.assignment(player) if not game.revealed else None, game.deck(player))


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iterations=40"])
def test_no_peeking(spec: str) -> None:
    """Two games that differ only in what RED may not know: RED's bot decides the same."""
    checked = 0
    for game in positions(range(30, 33), every=5):
        if RED not in game.to_act:
            continue
        twin = _twin(game, RED, seed=checked + 100)
        if _hidden(twin, BLUE) == _hidden(game, BLUE) and _hidden(twin, RED) == _hidden(game, RED):
            continue  # the hidden cards happened to be dealt the same way
        assert twin.hand(RED) == game.hand(RED)
        assert str(twin.view(RED)) == str(game.view(RED))
        bot = make_bot(spec)
        assert bot.choose(game.view(RED), random.Random(9)) == bot.choose(twin.view(RED), random.Random(9))
        checked += 1
    assert checked >= 5


def test_no_peeking_at_a_face_down_assignment() -> None:
    """BLUE has laid its cards face down: RED's choice must not depend on them."""
    game = aton.new_game(seed=12)
    game.apply(aton.Assign(BLUE, tuple(game.hand(BLUE) or ())))
    other = game.clone()
    other._assigned[BLUE] = tuple(sorted(other._assigned[BLUE] or (), reverse=True))
    assert other.assignment(BLUE) != game.assignment(BLUE)
    for spec in ("greedy", "mcts:iterations=60"):
        bot = make_bot(spec)
        assert bot.choose(game.view(RED), random.Random(1)) == bot.choose(other.view(RED), random.Random(1))


def test_a_bot_refuses_the_full_game_and_a_player_who_is_waiting() -> None:
    game = aton.new_game(seed=1)
    for player in game.to_act:
        game.apply(game.legal_actions(player)[0])
    waiting = RED if game.to_act == (BLUE,) else BLUE
    with pytest.raises(ValueError, match="view"):
        GreedyBot().choose(game, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="nothing to decide"):
        GreedyBot().choose(game.view(waiting), random.Random(0))


def test_progress_is_reported_and_can_stop_the_search() -> None:
    game = aton.new_game(seed=4)
    seen: list[float] = []
    bot = make_bot("mcts:iterations=64")
    action = bot.choose(game.view(RED), random.Random(0), seen.append)
    assert game.is_legal(action)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) >= 3

    calls: list[float] = []

    def stop(fraction: float) -> bool:
        calls.append(fraction)
        return False

    assert isinstance(bot, MctsBot)
    result = bot.search(game.view(RED), random.Random(0), stop)
    assert game.is_legal(result.action)
    assert result.iterations == 16 and calls == [0.25]


def test_names_and_options() -> None:
    assert BOT_NAMES == ("random", "greedy", "mcts", "easy", "medium", "hard")
    for name in BOT_NAMES:
        assert isinstance(make_bot(name), Bot)
    assert make_bot("mcts").name == "mcts"
    hard = make_bot("hard")
    easy = make_bot("easy")
    assert isinstance(hard, MctsBot) and isinstance(easy, MctsBot)
    assert hard.config.iterations > make_bot("medium").config.iterations > easy.config.iterations  # type: ignore[attr-defined]
    tuned = make_bot("mcts:iterations=50, playout=random")
    assert isinstance(tuned, MctsBot)
    assert tuned.config.iterations == 50 and tuned.config.playout == "random"
    with pytest.raises(ValueError, match="known bots: random, greedy"):
        make_bot("alphazero")
    with pytest.raises(ValueError, match="unknown search option"):
        make_bot("mcts:depth=3")
    with pytest.raises(ValueError, match="needs a number"):
        make_bot("mcts:iterations=many")
    with pytest.raises(ValueError, match="at least 1"):
        make_bot("mcts:iterations=0")
    with pytest.raises(ValueError, match="takes no options"):
        make_bot("greedy:fast=1")
    modelled = make_bot("medium:opponent_width=1,decisive=1,temperature=5")
    assert isinstance(modelled, MctsBot)
    assert modelled.config.opponent_width == 1 and modelled.config.decisive
    assert modelled.config.weights.temperature == 5.0 and modelled.config.weights.race == DEFAULT_WEIGHTS.race
    with pytest.raises(ValueError, match="0 or more"):
        make_bot("medium:opponent_width=-1")


def test_an_opening_hand_cannot_win_at_once_and_a_decisive_search_still_decides() -> None:
    game = aton.new_game(seed=3)
    rater = AssignmentRater(game, BLUE)
    hand = tuple(game.hand(BLUE) or ())
    assert not any(wins_at_once(rater, cards) for _pattern, cards in assignment_patterns(tuple(sorted(hand))))
    bot = MctsBot(SearchConfig(iterations=24, width=4, opponent_width=2, decisive=True))
    assert game.is_legal(bot.choose(game.view(RED), random.Random(1)))


def test_assignment_patterns_cover_every_distinct_assignment() -> None:
    for hand in [(1, 2, 3, 4), (1, 1, 2, 2), (3, 3, 3, 3), (1, 4, 4, 4)]:
        patterns = assignment_patterns(hand)
        cards = [c for _, c in patterns]
        assert len(set(cards)) == len(cards) == len({p for p, _ in patterns})
        assert all(sorted(c) == sorted(hand) for c in cards)
        game_orderings = {a.cards for a in aton.new_game(0).legal_actions(RED) if isinstance(a, aton.Assign)}
        if tuple(sorted(hand)) == tuple(sorted(aton.new_game(0).hand(RED) or ())):
            assert set(cards) == game_orderings


def test_square_classes_keep_one_square_per_temple_and_kind() -> None:
    game = aton.new_game(seed=9)
    while game.phase is not Phase.PLACE:
        game.apply(game.legal_actions(game.to_act[0])[0])
    player = game.to_act[0]
    options = game.legal_actions(player)
    kept = class_representatives(options, BoardInfo.of(game.rules.layout))
    kinds = {(a.square[0], game.layout_kind(a.square)) for a in options}  # type: ignore[union-attr]
    assert len(kept) == len(kinds) < len(options)


def test_evaluation_is_symmetric_and_public() -> None:
    for game in positions(range(50, 52), every=9):
        assert advantage(game, RED) == pytest.approx(-advantage(game, BLUE))
        assert advantage(game.view(RED), RED) == advantage(game, RED)
        chance = win_probability(game, RED)
        assert 0.0 <= chance <= 1.0
        assert chance + win_probability(game, BLUE) == pytest.approx(1.0)


def test_strength_smoke() -> None:
    """Loose bounds on a few games: greedy beats random, a small search beats random."""
    greedy_wins = 0
    for number in range(12):
        red, blue = ("greedy", "random") if number % 2 == 0 else ("random", "greedy")
        game, _ = play_game(red, blue, 500 + number)
        assert game.result is not None
        greedy_wins += game.result.winner == (RED if number % 2 == 0 else BLUE)
    assert greedy_wins >= 10
    search_wins = 0
    for number in range(4):
        red, blue = ("mcts:iterations=30", "random") if number % 2 == 0 else ("random", "mcts:iterations=30")
        game, _ = play_game(red, blue, 600 + number)
        assert game.result is not None
        search_wins += game.result.winner == (RED if number % 2 == 0 else BLUE)
    assert search_wins >= 3


# ------------------------------------------------------------- the search's fast paths
def test_square_choices_are_the_legal_removals_and_placements() -> None:
    checked = 0
    for game in positions(range(50, 53)):
        for player in (RED, BLUE):
            flats, actions = game.square_choices(player)
            legal = game.legal_actions(player)
            if game.phase is Phase.ASSIGN or game.result is not None:
                assert flats == []
                continue
            assert [actions[flat] for flat in flats] == legal
            checked += bool(legal)
    assert checked > 100


def test_playing_without_the_check_plays_as_apply() -> None:
    for game in positions(range(54, 56), every=3):
        for action in game.legal_actions(game.to_act[0])[:3]:
            checked, unchecked = game.clone(), game.clone()
            checked.apply(action)
            unchecked._play(action)
            assert checked == unchecked
            assert checked.events == unchecked.events


@pytest.mark.parametrize("hidden", ["assigned", "hand"])
def test_a_sampler_deals_what_sample_dealt(hidden: str) -> None:
    for game in positions(range(57, 59), every=5):
        view = game.view(RED)
        sampler = view.sampler(hidden_assignment=hidden, events=True)
        for seed in range(3):
            fast = sampler(random.Random(seed))
            slow = view._sample_slowly(random.Random(seed), hidden_assignment=hidden, events=True)
            assert fast == slow
            assert fast.actions == slow.actions


@pytest.mark.parametrize("projection", [None, 0.7])
def test_the_remembering_evaluator_finds_what_board_value_finds(projection: float | None) -> None:
    from aton.bots.heuristics import Weights, after_change, aggregates, board_value, evaluator

    info = BoardInfo.of(aton.Rules().layout)
    judge = evaluator(info) if projection is None else evaluator(info, Weights(projection=projection, temperature=5.0))
    chooser = random.Random(0 if projection is None else 1)
    for _ in range(400):
        squares = [chooser.choice([None, None, RED, BLUE]) for _ in range(48)]
        player = chooser.choice([RED, BLUE])
        sign = chooser.choice([1, -1])
        owner = player if sign == 1 else chooser.choice([RED, BLUE])
        candidates = [f for f in range(48) if (squares[f] is None if sign == 1 else squares[f] is owner)]
        if not candidates:
            continue
        counts = aggregates(squares, info)
        mine, theirs = counts[player], counts[player.other]
        values = [
            (after_change(mine, theirs, f, owner is player, sign, info, judge.weights), -i, f)
            for i, f in enumerate(candidates)
        ]
        best_value, _index, best_flat = max(values)
        gain = best_value - board_value(mine, theirs, info, judge.weights)
        assert judge.best(squares, candidates, owner, player, sign) == (best_flat, gain)
        assert judge.value(mine, theirs) == board_value(mine, theirs, info, judge.weights)


def test_the_quick_value_before_a_scoring_is_value_at_scoring() -> None:
    from aton.bots.heuristics import TIE_BREAK, evaluator, value_at_scoring

    info = BoardInfo.of(aton.Rules().layout)
    judge = evaluator(info)
    chooser = random.Random(5)
    for _ in range(2000):
        state = [chooser.randrange(0, 13) for _ in range(18)]
        scores = (chooser.randrange(0, 45), chooser.randrange(0, 45))
        mine, theirs = state[:9], state[9:]
        expected = value_at_scoring(mine, theirs, scores, info) + TIE_BREAK * judge.value(mine, theirs)
        assert judge._at_scoring(tuple(state), scores) == pytest.approx(expected)
