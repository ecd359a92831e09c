"""The ``bezique`` command line: ``profiles list|show|validate|diff``, ``demo``, ``play``,
``simulate``, ``compare``, ``check``, ``replay``, ``scenario``, ``rules``, ``analyse`` and
``serve``.

Exit status: 0 done, 1 failure (a bad profile, a broken invariant, a damaged record …), 2 usage
error (an unknown option, a count that is not positive …). Output cut short by the reader (``…
| head``) ends the command quietly with status 0: the reader has what it wanted.

Subcommands are `Command` entries of the `COMMANDS` registry. ``profiles`` is defined here; each
other command lives in a module of `COMMAND_MODULES` that defines a `Command` and calls
`register` on it, and `main` imports those modules before parsing. A later registration under
the same name replaces an earlier one.

>>> main(["profiles", "show", "rubicon", "--summary"])  # doctest: +ELLIPSIS
rubicon: Rubicon Bezique, four packs, single-deal game with the rubicon
  pack       4 x 32 = 128 cards (A 10 K Q J 9 8 7)
...
0
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO, TypeVar

from attrs import frozen

from bezique.errors import ProfileError
from bezique.rules import Rules, list_profiles, load_profile
from bezique.rules.diff import diff_rules, format_value

COMMAND_MODULES: tuple[str, ...] = (
    "bezique.cli_scenario",
    "bezique.cli_simulate",
    "bezique.cli_replay",
    "bezique.cli_demo",
    "bezique.cli_play",
    "bezique.cli_check",
    "bezique.cli_rules",
    "bezique.cli_analyse",
    "bezique.cli_compare",
    "bezique.cli_serve",
)
"""Modules that register the other subcommands when imported."""


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


def game_title(rules: Rules) -> str:
    """What game a profile plays, for headers: its description (else its name), and the
    profile's name, e.g. ``Two-handed Pinochle, 48 cards, standard meld values (profile
    pinochle)``."""
    return f"{rules.description or 'a house variant'} (profile {rules.name})"


# --- profiles -------------------------------------------------------------------------------


def summarize(rules: Rules) -> str:
    """A few human lines about a profile: pack, deal, trump, scored melds, game end, digest."""
    pack, deal, game = rules.pack, rules.deal, rules.game
    size = len(pack.ranks) * 4 * pack.copies
    scored = [(name, v) for name, v in rules.melds.values.items() if v > 0]
    melds = ", ".join(f"{name} {v}" for name, v in scored) or "(none)"
    if game.single_deal:
        end = f"single deal, game bonus {rules.rubicon.game_bonus}"
        if rules.rubicon.threshold:
            end += f", rubicon under {rules.rubicon.threshold}"
    else:
        end = f"target {game.target}, {game.end}, tie {game.tie}"
    dix = f"{rules.dix.rank} scores {rules.dix.value}" if rules.dix.value else "no score"
    lines = [
        f"{rules.name}: {rules.description}" if rules.description else rules.name,
        f"  pack       {pack.copies} x {len(pack.ranks) * 4} = {size} cards "
        f"({' '.join(pack.ranks)})",
        f"  deal       {deal.hand_size} each in packets {list(deal.packets)}",
        f"  trump      {rules.trump.selection}; dix {dix}",
        f"  melds      {melds}",
        f"  endgame    {rules.endgame.obligation}",
        f"  tricks     {rules.trick_points.scheme}; last trick {rules.last_trick.value}",
        f"  game       {end}",
        f"  digest     {rules.digest}",
    ]
    return "\n".join(lines)


def _profiles_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    sub.add_parser("list", help="the built-in profiles, with digest and description")
    show = sub.add_parser("show", help="a profile as complete TOML (or a --summary)")
    show.add_argument("profile", help="built-in name or path to a TOML file")
    show.add_argument("--summary", action="store_true", help="a few lines instead of TOML")
    validate = sub.add_parser("validate", help="check profile files; list every problem")
    validate.add_argument("files", nargs="+", metavar="FILE", help="TOML profile files")
    diff = sub.add_parser("diff", help="the keys whose values differ between two profiles")
    diff.add_argument("a", help="built-in name or path")
    diff.add_argument("b", help="built-in name or path")


def _profiles(args: argparse.Namespace, out: TextIO) -> int:
    if args.action == "list":
        for name in list_profiles():
            rules = load_profile(name)
            print(f"{name:24} {rules.digest}  {rules.description}", file=out)
        return 0
    if args.action == "show":
        rules = load_profile(args.profile)
        print(summarize(rules) if args.summary else rules.to_toml().rstrip("\n"), file=out)
        return 0
    if args.action == "validate":
        status = 0
        for file in args.files:
            try:
                rules = load_profile(Path(file))
            except ProfileError as exc:
                status = 1
                print(f"{file}: INVALID ({len(exc.problems) + exc.more:,} problem(s))", file=out)
                for problem in exc.problems:
                    print(f"  {problem}", file=out)
                if exc.more:
                    print(f"  … and {exc.more:,} more", file=out)
            else:
                print(f"{file}: OK ({rules.name}, digest {rules.digest})", file=out)
        return status
    a, b = load_profile(args.a), load_profile(args.b)
    differences = diff_rules(a, b)
    if not differences:
        print(f"no differences between {args.a} and {args.b}", file=out)
    for key, va, vb in differences:
        print(f"{key}: {format_value(va)} -> {format_value(vb)}", file=out)
    return 0


register(Command("profiles", "list, show, validate and compare rule profiles",
                 _profiles_arguments, _profiles))


# --- entry point ----------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with one subparser per registered command."""
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    parser = argparse.ArgumentParser(
        prog="bezique", description="Play, check and analyse the Bezique family of card games."
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
