"""The ``aton`` command line (also ``python -m aton``).

Sub-commands are registered in :data:`COMMANDS`; each has its own ``--help``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

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


REGISTRARS: list[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = [_add_bench]
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
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
