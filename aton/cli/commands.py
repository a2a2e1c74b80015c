"""The ``aton`` command line (also ``python -m aton``).

Sub-commands are registered in :data:`COMMANDS`; each has its own ``--help``.
The help is English (like argparse's own words); what the commands print for
people follows ``--lang`` and comes from the message catalogs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from ..i18n import counted, gtext, languages, ngtext, render
from ..refusals import error_text

Handler = Callable[[argparse.Namespace], int]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _bench(args: argparse.Namespace) -> int:
    from .bench import report, search_report

    if args.search:
        print(search_report(args.preset, args.repeats))
        return 0
    print(report(args.games, args.seed, args.repeats))
    return 0


def _add_bench(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    bench = commands.add_parser(
        "bench",
        help="time seeded random games through the public API",
        description="Play seeded random games (legal_actions + apply, events on) on one core and "
        "print games per second and actions per second.",
    )
    bench.add_argument("--games", type=_positive, default=2000, help="games per run (default 2000)")
    bench.add_argument("--seed", type=_whole, default=0, help="first game seed (default 0)")
    bench.add_argument("--repeats", type=_positive, default=3, help="runs; best and median are shown (default 3)")
    bench.add_argument(
        "--search",
        action="store_true",
        help="time the search bot instead: imagined games per second on four fixed positions "
        "(opening, mid-game, scoring, ending), and random games per second, in processor time",
    )
    bench.add_argument(
        "--preset", choices=("easy", "medium", "hard"), default="medium", help="search strength (default medium)"
    )
    bench.set_defaults(handler=_bench)


def _bot_spec(text: str) -> str:
    """A bot name as the command line accepts it (checked now, so errors come before any game)."""
    from ..bots import make_bot

    try:
        make_bot(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _player_spec(text: str) -> str:
    if text.strip().lower() == "human":
        return "human"
    return _bot_spec(text)


def _simulate(args: argparse.Namespace) -> int:
    import json
    from concurrent.futures import Executor, ProcessPoolExecutor

    from ..bots.tournament import SerialExecutor, play_many
    from ..runtime import CAN_START_PROCESSES

    serial = args.jobs == 1 or not CAN_START_PROCESSES  # in a browser: one game after another
    executor: Executor = SerialExecutor() if serial else ProcessPoolExecutor(max_workers=args.jobs)
    try:
        result = play_many(args.red, args.blue, args.games, args.seed, executor, alternate=args.alternate)
    finally:
        executor.shutdown()
    if args.json:
        data = result.to_dict()
        if not args.per_game:
            data.pop("per_game")
        print(json.dumps(data, indent=2))
    else:
        print(result.text(args.lang))
    return 0


def _add_simulate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from ..bots import BOT_NAMES

    simulate = commands.add_parser(
        "simulate",
        help="play many seeded games between two bots and print the statistics",
        description="Play N seeded games between two bots. Game i uses seed S+i, so the same command gives "
        "the same games, with or without --jobs. Prints wins, draws, the win rate of the --red bot with a "
        "95% Wilson confidence interval, average rounds, how the games ended and the time per game. "
        f"Bots: {', '.join(BOT_NAMES)}; search bots take options, e.g. mcts:iterations=200 or hard:ms=800.",
    )
    simulate.add_argument("--red", type=_bot_spec, required=True, metavar="BOT", help="bot playing red")
    simulate.add_argument("--blue", type=_bot_spec, required=True, metavar="BOT", help="bot playing blue")
    simulate.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    simulate.add_argument("--seed", type=_whole, default=0, help="seed of the first game (default 0)")
    simulate.add_argument("--jobs", type=_positive, default=1, help="parallel processes (default 1)")
    simulate.add_argument(
        "--alternate", action="store_true", help="swap colours in odd games (the --red bot then plays blue)"
    )
    simulate.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    simulate.add_argument("--lang", choices=languages(), default="en", help="language of the text (default en)")
    simulate.add_argument("--per-game", action="store_true", help="with --json, include every game's summary")
    simulate.set_defaults(handler=_simulate)


def _replay(args: argparse.Namespace) -> int:
    from ..explain import explain
    from ..jsonfile import MAX_FILE_BYTES
    from ..position import ReplayError, replay

    lang = args.lang
    try:
        with open(args.file, "rb") as handle:
            text = handle.read(MAX_FILE_BYTES + 1)  # one byte more than allowed: replay() says it is too large
    except OSError as error:
        print(
            gtext(lang, "cli", "aton replay: cannot read {file}: {error}", file=args.file, error=error), file=sys.stderr
        )
        return 1
    try:
        game = replay(text)
    except ReplayError as error:
        print(
            gtext(lang, "cli", "aton replay: {file}: {error}", file=args.file, error=error_text(error, lang)),
            file=sys.stderr,
        )
        return 1
    if args.explain:
        for event in game.events:
            print(explain(event, args.lang))
        print()
    print(game.board_text(lang))
    result = game.result
    decisions = ngtext(lang, "cli", "{count} decision", "{count} decisions", len(game.actions), count=len(game.actions))
    if result is None:
        print(gtext(lang, "cli", "Not finished: {decisions}, round {round}.", decisions=decisions, round=game.round))
    else:
        from ..bots.tournament import ENDING_NAMES, ending
        from ..explain import player_name

        fields: dict[str, object] = {
            "ending": render(ENDING_NAMES[ending(result)], lang),
            "red": result.scores[0],
            "blue": result.scores[1],
            "rounds": counted("round", game.round, lang),
            "decisions": decisions,
        }
        if result.winner is None:
            message = gtext(
                lang, "cli", "Result: a draw ({ending}), red {red} - blue {blue}, {rounds}, {decisions}.", **fields
            )
        else:
            message = gtext(
                lang,
                "cli",
                "Result: {winner} wins ({ending}), red {red} - blue {blue}, {rounds}, {decisions}.",
                winner=player_name(result.winner.label, lang),
                **fields,
            )
        print(message)
    return 0


def _add_replay(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    replay = commands.add_parser(
        "replay",
        help="replay a recorded game and print its board and result",
        description="Replay a game record (the JSON of game.record()) and print the final text board and the "
        "result. A record that cannot be read or played exits with status 1 and names the first bad action.",
    )
    replay.add_argument("file", help="the record, a JSON file")
    replay.add_argument("--explain", action="store_true", help="print every step of the game in words first")
    replay.add_argument("--lang", choices=languages(), default="en", help="language of the output")
    replay.set_defaults(handler=_replay)


def _play(args: argparse.Namespace) -> int:
    from .play_text import play

    return play(args.red, args.blue, args.seed, args.lang)


def _add_play(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play = commands.add_parser(
        "play",
        help="play a game in the terminal (text board, steps explained)",
        description="Play Aton in the terminal: the text board, your cards, the squares you may choose and "
        "every step explained in a sentence. Plain text, suitable for screen readers. Each colour is "
        "'human' or a bot name. Type ? for a hint, q to quit.",
    )
    play.add_argument("--red", type=_player_spec, default="human", help="human or a bot (default human)")
    play.add_argument("--blue", type=_player_spec, default="mcts", help="human or a bot (default mcts)")
    play.add_argument("--seed", type=_whole, default=0, help="game seed (default 0)")
    play.add_argument("--lang", choices=languages(), default="en", help="language (default en)")
    play.set_defaults(handler=_play)


def _read_record(command: str, path: str, lang: str = "en") -> dict[str, object] | None:
    """A record or saved game from ``path`` (read as ``aton replay`` reads it), or ``None`` after saying why not."""
    from ..jsonfile import MAX_FILE_BYTES, read_json
    from ..position import ReplayError

    try:
        with open(path, "rb") as handle:
            text = handle.read(MAX_FILE_BYTES + 1)  # one byte more than allowed: read_json says it is too large
    except OSError as error:
        message = gtext(
            lang, "cli", "aton {command}: cannot read {file}: {error}", command=command, file=path, error=error
        )
        print(message, file=sys.stderr)
        return None
    try:
        raw = read_json(text, ReplayError)
    except ReplayError as error:
        print(
            gtext(
                lang,
                "cli",
                "aton {command}: {file}: {error}",
                command=command,
                file=path,
                error=error_text(error, lang),
            ),
            file=sys.stderr,
        )
        return None
    if not isinstance(raw, dict):
        message = gtext(
            lang,
            "cli",
            "aton {command}: {file} holds no game: expected a JSON object (a record or a saved game)",
            command=command,
            file=path,
        )
        print(message, file=sys.stderr)
        return None
    return raw


def _review(args: argparse.Namespace) -> int:
    import json

    from ..actions import Player
    from ..bots.review import review
    from ..position import ReplayError

    record = _read_record("review", args.file, args.lang)
    if record is None:
        return 1
    try:
        result = review(record, Player[args.player.upper()], seed=args.seed, iterations=args.iterations)
    except ReplayError as error:
        message = gtext(
            args.lang,
            "cli",
            "aton {command}: {file}: {error}",
            command="review",
            file=args.file,
            error=error_text(error, args.lang),
        )
        print(message, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(result.text(args.lang))
    return 0


def _add_review(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from ..bots.review import DEFAULT_ITERATIONS

    review = commands.add_parser(
        "review",
        help="review a player's decisions in a recorded or saved game",
        description="Judge every decision of one player in a game record (game.record()) or a saved finished "
        "game: the chance to win of the move played and of the best move found, both from what that player "
        "could see then, a verdict (good, inaccuracy, mistake, blunder) and, for the worse ones, what the "
        "better move does. Also the player's chance to win round by round. The same file and seed give the "
        "same review.",
    )
    review.add_argument("file", help="the record or saved game, a JSON file")
    review.add_argument("--player", choices=("red", "blue"), required=True, help="whose decisions to review")
    review.add_argument("--lang", choices=languages(), default="en", help="language of the text (default en)")
    review.add_argument("--json", action="store_true", help="print one JSON object (every language) instead")
    review.add_argument("--seed", type=_whole, default=0, help="the review's seed (default 0)")
    review.add_argument(
        "--iterations",
        type=_positive,
        default=DEFAULT_ITERATIONS,
        help=f"imagined games per search (default {DEFAULT_ITERATIONS})",
    )
    review.set_defaults(handler=_review)


def _bench_review(args: argparse.Namespace) -> int:
    from ..actions import Player
    from ..bots.review import recorded_game
    from ..position import ReplayError
    from .review_bench import random_report, report, run

    if args.random:
        print(random_report(args.random, max(args.seeds, 2), args.iterations, args.samples))
        return 0
    if args.file is None:
        record: dict[str, object] | None = recorded_game("close-game")
        name = "the recorded game close-game"
    else:
        record, name = _read_record("bench-review", args.file), args.file
    if record is None:
        return 1
    try:
        timings = run(record, Player[args.player.upper()], args.seeds, args.iterations, args.samples)
    except ReplayError as error:
        print(f"aton bench-review: {name}: {error}", file=sys.stderr)
        return 1
    print(report(timings, name))
    return 0


def _add_bench_review(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from ..bots.review import DEFAULT_ITERATIONS, DEFAULT_SAMPLES

    bench = commands.add_parser(
        "bench-review",
        help="time a game review and measure how stable its verdicts are between seeds",
        description="Review one game once per review seed (0, 1, ...) on one core; print each review's time, "
        "the time per decision, the verdict counts and the share of judged decisions whose verdict changes "
        "with the seed. Without FILE, the shipped recorded game close-game (110 decisions) is reviewed.",
    )
    bench.add_argument("file", nargs="?", default=None, help="a record or saved game (default: close-game)")
    bench.add_argument("--player", choices=("red", "blue"), default="red", help="whose decisions (default red)")
    bench.add_argument("--seeds", type=_positive, default=3, help="review seeds to compare (default 3)")
    bench.add_argument(
        "--random",
        type=_positive,
        default=0,
        metavar="GAMES",
        help="review Red in GAMES games of two random bots instead (random play), at least 2 seeds each",
    )
    bench.add_argument(
        "--iterations", type=_positive, default=DEFAULT_ITERATIONS, help=f"per search (default {DEFAULT_ITERATIONS})"
    )
    bench.add_argument(
        "--samples", type=_positive, default=DEFAULT_SAMPLES, help=f"per graph point (default {DEFAULT_SAMPLES})"
    )
    bench.set_defaults(handler=_bench_review)


def _bench_calibration(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .calibration_bench import KeptChancesError, run

    try:
        report = run(
            args.games,
            write_fit=args.fit,
            diagram_path=Path(args.diagram) if args.diagram else None,
            load_path=Path(args.load) if args.load else None,
            save_path=Path(args.save) if args.save else None,
            jobs=args.jobs,
            minutes=args.minutes,
            log=lambda line: print(line, file=sys.stderr, flush=True),
            reuse_path=Path(args.reuse) if args.reuse else None,
        )
    except KeptChancesError as error:
        print(f"aton bench-calibration: {error}", file=sys.stderr)
        return 1
    print(report)
    return 0


def _add_bench_calibration(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    bench = commands.add_parser(
        "bench-calibration",
        help="compare the chances to win the app shows with what happened in bot games",
        description="Play two fixed sets of bot games of mixed strength; choose and fit the chance mapping on "
        "the first, measure on the second: calibration error (ECE, 10 bins) and Brier score of the review's "
        "graph, the review's judged chances and the coach's candidates, before and after the mapping, with 95% "
        "intervals over games.",
    )
    bench.add_argument("--games", type=_positive, default=32, help="games in each set (default 32)")
    bench.add_argument(
        "--fit",
        action="store_true",
        help="write to aton/bots/calibration.json, per source, the better on the second set of the refit and the "
        "shipped mapping (each only where it beats the raw chances)",
    )
    bench.add_argument("--jobs", type=_positive, default=1, help="parallel processes (default 1; same results)")
    bench.add_argument(
        "--minutes", type=float, help="start no game after this many minutes of wall time (both sets keep as many)"
    )
    bench.add_argument("--diagram", metavar="FILE.svg", help="write a reliability diagram")
    bench.add_argument("--save", metavar="FILE.json", help="keep the raw chances gathered")
    bench.add_argument("--load", metavar="FILE.json", help="use raw chances kept by --save instead of playing")
    bench.add_argument(
        "--reuse",
        metavar="FILE.json",
        help="take the games kept by --save in FILE (by this version) instead of playing them again; play the rest",
    )
    bench.set_defaults(handler=_bench_calibration)


def _bench_strength(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .strength_bench import StrengthFileError, run

    if not args.load and (args.first is None or args.second is None):
        print("aton bench-strength: name two bots (--first and --second), or --load a saved file", file=sys.stderr)
        return 2
    try:
        text = run(
            args.first,
            args.second,
            args.games,
            args.seed,
            args.jobs,
            load_paths=[Path(name) for name in args.load],
            save_path=Path(args.save) if args.save else None,
            log=lambda line: print(line, file=sys.stderr, flush=True),
        )
    except StrengthFileError as error:
        print(f"aton bench-strength: {error}", file=sys.stderr)
        return 1
    print(text)
    return 0


def _add_bench_strength(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    bench = commands.add_parser(
        "bench-strength",
        help="head to head of two bots: win rate, margin and Elo difference with 95%% intervals",
        description="Play N seeded games between two bots, colours alternated (game i from seed S+i, the first "
        "bot red in even games): the first bot's wins, draws and losses, its win rate with a 95% Wilson "
        "interval, its mean final margin with a 95% interval, the Elo difference with its interval, and each "
        "bot's processor time per decision. Bots: random, greedy, easy, medium, hard (with options, e.g. "
        "medium:iterations=900), and the frozen copies of the shipped search bots shipped-easy, "
        "shipped-medium, shipped-hard.",
    )
    bench.add_argument("--first", type=_bot_spec, metavar="BOT", help="the bot measured")
    bench.add_argument("--second", type=_bot_spec, metavar="BOT", help="the bot it is measured against")
    bench.add_argument("--games", type=_positive, default=400, help="number of games (default 400)")
    bench.add_argument("--seed", type=_whole, default=0, help="seed of the first game (default 0)")
    bench.add_argument("--jobs", type=_positive, default=1, help="parallel processes (default 1; the same games)")
    bench.add_argument("--save", metavar="FILE.json", help="keep the games in FILE")
    bench.add_argument(
        "--load",
        metavar="FILE.json",
        action="append",
        default=[],
        help="read games kept by --save instead of playing; several files that continue one another "
        "(each from the seed where the one before ended) make one series",
    )
    bench.set_defaults(handler=_bench_strength)


def _answer_sheet(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..teaching.answer_sheet import answer_sheet, sheet_html, sheet_markdown

    folder = Path(args.tutorials) if args.tutorials else None
    if folder is not None and not folder.is_dir():
        print(gtext(args.lang, "cli", "No such folder: {path}", path=str(folder)), file=sys.stderr)
        return 1
    sheet = answer_sheet(args.lang, folder)
    text = sheet_html(sheet, args.lang) if args.html else sheet_markdown(sheet, args.lang)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _add_answer_sheet(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sheet = commands.add_parser(
        "answer-sheet",
        help="write the teacher's answer sheet of the tutorials (Markdown, or printable HTML)",
        description="Every question of the tutorials with its answer, the reasoning, and the typical wrong "
        "answers with what each reveals, generated from the exercises. With --tutorials (the folder of the "
        "notebooks in that language), the questions of the 'predict first' step-throughs too.",
    )
    sheet.add_argument("--lang", choices=languages(), default="en", help="language (default en)")
    sheet.add_argument("--tutorials", metavar="FOLDER", help="the tutorials' folder in that language")
    sheet.add_argument("--html", action="store_true", help="one printable HTML file instead of Markdown")
    sheet.add_argument("--out", metavar="FILE", help="write to FILE instead of the standard output")
    sheet.set_defaults(handler=_answer_sheet)


REGISTRARS: list[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = [
    _add_bench,
    _add_simulate,
    _add_replay,
    _add_play,
    _add_review,
    _add_bench_review,
    _add_bench_calibration,
    _add_bench_strength,
    _add_answer_sheet,
]
"""Functions that add one sub-command each to the parser."""


def build_parser() -> argparse.ArgumentParser:
    """The ``aton`` argument parser with every sub-command."""
    parser = argparse.ArgumentParser(prog="aton", description="Aton: rules engine, bots and tools.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for register in REGISTRARS:
        register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return handler(args)
    except BrokenPipeError:  # the reader went away (``aton simulate --json | head``)
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
