"""The ``aton`` command line (also ``python -m aton``).

Sub-commands are registered in :data:`COMMANDS`; each has its own ``--help``.
The help is English (like argparse's own words); what the commands print for
people follows ``--lang`` and comes from the message catalogs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from .i18n import counted, gtext, languages, ngtext, render

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
    from .bench import report

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
    bench.set_defaults(handler=_bench)


def _bot_spec(text: str) -> str:
    """A bot name as the command line accepts it (checked now, so errors come before any game)."""
    from .bots import make_bot

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

    from .runtime import CAN_START_PROCESSES
    from .tournament import SerialExecutor, play_many

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
    from .bots import BOT_NAMES

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
    from .explain import explain
    from .position import MAX_FILE_BYTES, ReplayError, replay

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
        print(gtext(lang, "cli", "aton replay: {file}: {error}", file=args.file, error=error), file=sys.stderr)
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
        from .explain import player_name
        from .tournament import ENDING_NAMES, ending

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


REGISTRARS: list[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = [
    _add_bench,
    _add_simulate,
    _add_replay,
    _add_play,
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
