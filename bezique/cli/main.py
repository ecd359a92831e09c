"""The ``bezique`` command line: ``profiles list|show|validate|diff``, ``demo``, ``play``,
``simulate``, ``compare``, ``ladder``, ``check``, ``replay``, ``scenario``, ``rules``,
``analyse`` and ``serve``.

Exit status: 0 done, 1 failure (a bad profile, a broken invariant, a damaged record …), 2 usage
error (an unknown option, a count that is not positive …). Output cut short by the reader (``…
| head``) ends the command quietly with status 0: the reader has what it wanted.

Subcommands are `Command` entries of the `COMMANDS` registry (`bezique.cli.base`). Each command
lives in a module of `bezique.cli` that defines a `Command` and calls `register` on it;
`build_parser` imports those modules, so `main` knows them all before parsing.

>>> main(["profiles", "show", "rubicon", "--summary"])  # doctest: +ELLIPSIS
rubicon: Rubicon Bezique, four packs, single-deal game with the rubicon
  pack       4 x 32 = 128 cards (A 10 K Q J 9 8 7)
...
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from bezique.cli.base import COMMANDS
from bezique.errors import ProfileError

__all__ = ["build_parser", "main"]


EXIT_STATUS = (
    "exit status: 0 done; 1 a failure (a bad profile or record, a broken invariant, a game "
    "error); 2 a usage error or a missing extra (it names what to install); 130 interrupted "
    "(Ctrl-C). Output cut short by the reader (| head) ends quietly with 0."
)
"""The exit-status scheme of every command (`bezique --help` shows it)."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with one subparser per registered command."""
    # Each command module registers its command when imported, in this order in --help.
    from bezique.cli import (  # noqa: F401, I001 (registration order is --help order)
        profiles,
        scenario,
        simulate,
        replay,
        demo,
        play,
        check,
        rules,
        analyse,
        compare,
        ladder,
        serve,
    )

    parser = argparse.ArgumentParser(
        prog="bezique", description="Play, check and analyse the Bezique family of card games.",
        epilog=EXIT_STATUS,
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS.values():
        command.add_arguments(sub.add_parser(command.name, help=command.help,
                                             description=command.help))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``bezique`` command; returns the exit code (0 ok, 1 failure, 2 usage error)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help and usage errors
        return exc.code if isinstance(exc.code, int) else 2
    out = sys.stdout
    try:
        status = COMMANDS[args.command].run(args, out)
        out.flush()  # a closed pipe shows here, not at interpreter exit
        return status
    except ProfileError as exc:
        print(f"bezique {args.command}: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # e.g. `bezique replay game.toml | head`
        _silence_stdout()
        return 0


def _silence_stdout() -> None:
    """After the reader closed the pipe: point stdout at devnull, so the interpreter's final
    flush does not fail again (the Python docs' SIGPIPE recipe)."""
    try:
        fileno = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (tests, doctests)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
