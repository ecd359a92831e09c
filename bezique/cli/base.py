"""What the commands of ``bezique`` share: the `Command` type and its registry `COMMANDS`
(`register`), a terminal `ProgressBar`, durations for people (`clock`), the argparse number
types (`positive_int`, `non_negative_int`, `non_negative_float`), the ``--profile`` option
every command that plays takes (`add_profile_option`) and profile headers (`game_title`).

Each command is a module of `bezique.cli` that defines a `Command` and calls `register` on it
when imported; `bezique.cli.main.build_parser` imports them all. A later registration under the
same name replaces an earlier one.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import TextIO, TypeVar

from attrs import frozen

from bezique.rules import Rules
from bezique.view.narrate import game_words

__all__ = [
    "COMMANDS",
    "PROFILE_HELP",
    "Command",
    "ProgressBar",
    "add_pool_options",
    "add_profile_option",
    "add_progress_options",
    "clock",
    "game_title",
    "non_negative_float",
    "non_negative_int",
    "pool_problem",
    "positive_int",
    "register",
]


@frozen
class Command:
    """A subcommand: its name, one-line help, how it adds its arguments, and what it runs.

    ``run`` receives the parsed arguments and the output stream and returns the exit code.
    """

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, TextIO], int]


COMMANDS: dict[str, Command] = {}
"""The registry of subcommands by name, in the order they appear in ``--help``."""


def register(command: Command) -> Command:
    """Add (or replace) a subcommand in `COMMANDS`; returns it, so it can be used inline."""
    COMMANDS[command.name] = command
    return command


class ProgressBar:
    """A one-line progress bar redrawn on a terminal stream (``check``, ``simulate``,
    ``analyse``): units done of all, the rate, and the time left (the time taken at the end)."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        """Redraw for ``done`` of ``total`` units."""
        filled = self.width * min(done, total) // max(total, 1)
        elapsed = max(time.perf_counter() - self.start, 1e-9)
        rate = done / elapsed
        bar = "#" * filled + "-" * (self.width - filled)
        speed = f"{rate:.0f}/s" if rate >= 10 else f"{rate:.2g}/s"
        if done >= total:
            self.stream.write(f"\r[{bar}] {done}/{total} {speed} in {clock(elapsed)}\n")
        else:
            left = clock((total - done) / rate) if done else "?"
            self.stream.write(f"\r[{bar}] {done}/{total} {speed} ETA {left}   ")
        self.stream.flush()


def clock(seconds: float) -> str:
    """A duration for people: ``42s``, ``3m07s``, ``2h05m``.

    >>> clock(4.2), clock(187), clock(7500)
    ('4s', '3m07s', '2h05m')
    """
    s = round(seconds)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


_N = TypeVar("_N", int, float)


def _number(text: str, kind: type[_N], least: _N, what: str) -> _N:
    """``text`` read as ``kind`` (finite) and at least ``least``; else an argparse error."""
    try:
        value = kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
    if not least <= value < float("inf"):
        more = "at least 1" if least == 1 else "0 or more"
        shown = value if kind is int else text
        raise argparse.ArgumentTypeError(f"expected {more}, got {shown}")
    return value


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (counts of deals, games, workers)."""
    return _number(text, int, 1, "a whole number")


def non_negative_int(text: str) -> int:
    """An argparse type: a whole number of at least 0 (a ply)."""
    return _number(text, int, 0, "a whole number")


def non_negative_float(text: str) -> float:
    """An argparse type: a finite number of at least 0 (seconds)."""
    return _number(text, float, 0.0, "a number")


PROFILE_HELP = ("a built-in profile (bezique profiles list) or a TOML file of house rules, whose "
                "extends names a built-in profile or a file under its own folder")
"""What a profile argument takes, in every command's help: names or files, loaded by
`bezique.load_profile` (which confines ``extends`` to the file's folder)."""


def add_profile_option(parser: argparse.ArgumentParser, *, purpose: str = "the game") -> None:
    """Add ``--profile PROFILE_OR_FILE`` (default ``bezique``), the same in every command: a
    built-in name or a house-rule file (`PROFILE_HELP`), loaded by the command with
    `bezique.load_profile`, so a bad one fails as every command fails on it (exit status 1)."""
    parser.add_argument("--profile", default="bezique", metavar="PROFILE_OR_FILE",
                        help=f"{purpose}: {PROFILE_HELP} (default bezique)")


def add_progress_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--progress`` (a progress bar on stderr even when it is not a terminal) and
    ``--quiet`` (none), which exclude each other: the same in every long-running command."""
    show = parser.add_mutually_exclusive_group()
    show.add_argument("--progress", action="store_true",
                      help="a progress bar on stderr even when it is not a terminal")
    show.add_argument("--quiet", action="store_true", help="no progress bar on stderr")


def add_pool_options(parser: argparse.ArgumentParser, backends: Sequence[str]) -> None:
    """Add ``--workers K``, ``--backend`` (one of ``backends``: local processes, the default,
    or Ray tasks) and ``--address`` (the Ray cluster), the same wherever a command plays on
    several processes."""
    parser.add_argument("--workers", type=positive_int, default=1, metavar="K",
                        help="local processes to use (default 1)")
    parser.add_argument("--backend", choices=backends, default="local",
                        help="local processes (default) or Ray tasks")
    parser.add_argument("--address", default=None, metavar="ADDR",
                        help="the Ray cluster to use with --backend ray (e.g. auto, "
                        "ray://head:10001); default: a new local Ray instance")


def pool_problem(command: str, args: argparse.Namespace) -> str | None:
    """What is wrong with the options of `add_pool_options`, as a message naming the
    ``command``, or None: ``--address`` names a Ray cluster, so it needs ``--backend ray``."""
    if args.address is not None and args.backend != "ray":
        return f"bezique {command}: --address needs --backend ray"
    return None


def game_title(rules: Rules) -> str:
    """What game a profile plays, for headers, in players' words (`bezique.view.narrate.
    game_words`) with the profile's name after the game's, e.g. ``Two-handed Pinochle (profile
    pinochle): two players, 48 cards, trumps turned up, game to 1000``."""
    name, _, facts = game_words(rules).partition(": ")
    return f"{name} (profile {rules.name}): {facts}"
