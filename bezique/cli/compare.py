"""``bezique compare BASE OTHER [MORE…]``: the same seeded games under two or more rule
profiles, each profile's figures and each one's difference against BASE with a 95% interval
(`bezique.lab`).

Profiles are built-in names or profile files. ``--plot DIR`` writes the figures as PNG
(``pip install 'bezique[lab]'``), ``--json`` prints every figure as JSON, ``--csv FILE`` writes
one row per deal. Profiles of three or four seats (all with the same number) take one bot a
seat, ``--bots A,B,C[,D]`` (default greedy in every seat). ``--backend ray [--address ADDR]``
runs the games as Ray tasks (``pip install 'bezique[ray]'``) with exactly the numbers of the
local backend. Ctrl-C stops the run and reports the games played so far (exit status 130).

>>> from bezique.cli.main import main
>>> main(["compare", "bezique", "bezique", "--games", "2"])  # doctest: +ELLIPSIS
compare: 2 games of bezique (base) and bezique#2, greedy (A) vs greedy (B), seed 0
...
0
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from bezique.bots import BOTS, check_bots
from bezique.cli.base import (
    Command,
    ProgressBar,
    add_pool_options,
    add_progress_options,
    pool_problem,
    positive_int,
    register,
)
from bezique.lab import (
    BACKENDS,
    GAMES_PER_TASK,
    Comparison,
    ExtraMissing,
    compare,
    write_csv,
)
from bezique.lab.simulation import versus
from bezique.lab.stats import Difference
from bezique.rules import load_profile


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("profiles", nargs="+", metavar="PROFILE",
                        help="built-in names or TOML paths; the first is the base (at least two)")
    parser.add_argument("--games", type=positive_int, default=200, metavar="N",
                        help="games per profile (default 200)")
    parser.add_argument("--bots", default=None, metavar="A,B",
                        help=f"one bot a seat (two, or A,B,C[,D] for profiles of more seats) "
                        f"out of {', '.join(BOTS)}, or search:N for the search with N playouts "
                        "per decision (default greedy in every seat)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed")
    add_pool_options(parser, BACKENDS)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--csv", type=Path, default=None, metavar="FILE",
                        help="write one row per deal to FILE")
    parser.add_argument("--plot", type=Path, default=None, metavar="DIR",
                        help="write the figures (PNG) into DIR (needs matplotlib)")
    add_progress_options(parser)


def digits(differences: Sequence[Difference], proportion: bool) -> int:
    """How many decimals a row's figures carry: as many as its narrowest 95% interval supports,
    the half-width's first significant digit being the last one shown (two where that digit is
    a 1); one for rates and three for other figures where every interval is empty (no
    difference at all), never more than three (in percentage points for rates).

    >>> from bezique.lab.stats import Difference
    >>> digits([Difference(-0.506, -1.486, 0.473)], False)
    1
    >>> digits([Difference(-20.3, -29, -11.5)], False)
    0
    >>> digits([Difference(-0.05, -0.148, 0.048)], True), digits([Difference(0, 0, 0)], False)
    (0, 3)
    """
    scale = 100 if proportion else 1
    halves = [scale * (d.high - d.low) / 2 for d in differences if d.high > d.low]
    if not halves:
        return 1 if proportion else 3
    half = min(halves)
    places = -math.floor(math.log10(half))
    if f"{half:e}"[0] == "1":
        places += 1
    return max(0, min(3, places))


def _number(x: float, proportion: bool, places: int) -> str:
    if proportion:
        return f"{100 * x:.{places}f}%"
    return f"{x:.{places}f}"


def _delta(d: Difference, proportion: bool, places: int) -> str:
    scale = 100 if proportion else 1
    star = "*" if d.significant else " "
    return (f"{scale * d.value:+.{places}f} [{scale * d.low:+.{places}f}, "
            f"{scale * d.high:+.{places}f}]{star}")


def format_comparison(c: Comparison) -> str:
    """The human report: each figure per profile, then each profile's difference against the
    base with its 95% interval (``*`` when the interval leaves out 0)."""
    others = " and ".join(c.profiles[1:])
    games = f"{c.games} game" + ("" if c.games == 1 else "s")
    lines = [f"compare: {games} of {c.profiles[0]} (base) and {others}, "
             f"{versus(c.bots, c.teams)}, seed {c.seed}"]
    if c.interrupted:
        lines.append(f"INTERRUPTED: {c.games} of {c.requested} games played; figures of those")
    name = max(len(m.metric.label) for m in c.metrics) + 2
    widths = [max(len(p), 8) + 2 for p in c.profiles]
    deltas = [max(len(p) + 2, 24) + 2 for p in c.profiles[1:]]
    header = " " * name + "".join(f"{p:>{w}}" for p, w in zip(c.profiles, widths, strict=True))
    header += "".join(f"{'Δ ' + p:>{w}}" for p, w in zip(c.profiles[1:], deltas, strict=True))
    group = ""
    for m in c.metrics:
        if m.metric.group != group:
            group = m.metric.group
            lines += ["", group, header]
        prop = m.metric.proportion
        places = digits(m.differences, prop)
        row = f"  {m.metric.label:<{name - 2}}"
        row += "".join(f"{_number(e.value, prop, places):>{w}}"
                       for e, w in zip(m.estimates, widths, strict=True))
        row += "".join(f"{_delta(d, prop, places):>{w}}"
                       for d, w in zip(m.differences, deltas, strict=True))
        lines.append(row.rstrip())
    lines += ["", "Δ: the profile minus the base over the same seeded games, [its paired 95% "
              "interval]; rates in percentage points; * the interval leaves out 0; each row "
              "rounded to what its interval supports"]
    return "\n".join(lines)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``bezique compare``."""
    if len(args.profiles) < 2:
        print("bezique compare: expected at least two profiles (BASE OTHER …)", file=sys.stderr)
        return 2
    profiles = [load_profile(p) for p in args.profiles]
    seats = {r.players for r in profiles}
    if len(seats) > 1:
        print("bezique compare: the profiles seat different numbers of players ("
              + ", ".join(f"{r.name} {r.players}" for r in profiles) + ")", file=sys.stderr)
        return 2
    players = profiles[0].players
    try:
        bots = check_bots(args.bots or ",".join(["greedy"] * players), players)
    except ValueError as exc:
        print(f"bezique compare: --bots: {exc}", file=sys.stderr)
        return 2
    problem = pool_problem("compare", args)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    if args.plot is not None:
        try:
            from bezique.lab.plots import require_matplotlib

            require_matplotlib()
        except ExtraMissing as exc:
            print(f"bezique compare: {exc}", file=sys.stderr)
            return 2
    show = args.progress or (not args.quiet and sys.stderr.isatty())
    progress = ProgressBar(sys.stderr) if show else None
    try:
        comparison = compare(profiles, games=args.games, bots=bots,
                             backend=args.backend, workers=args.workers, seed=args.seed,
                             progress=progress, address=args.address)
    except ExtraMissing as exc:
        print(f"bezique compare: {exc}", file=sys.stderr)
        return 2
    if comparison.interrupted:
        print(f"\nbezique compare: interrupted after {comparison.games} of "
              f"{comparison.requested} games", file=sys.stderr)
        if comparison.games == 0:
            print("bezique compare: no game finished (with --workers, games count once their "
                  f"task of {GAMES_PER_TASK} is done): nothing to report", file=sys.stderr)
            return 130
    if args.json:
        print(json.dumps(comparison.to_dict(), indent=2, sort_keys=True), file=out)
    else:
        print(format_comparison(comparison), file=out)
    if args.csv is not None:
        with args.csv.open("w", encoding="utf-8", newline="") as stream:
            write_csv(comparison, stream)
    if args.plot is not None:
        from bezique.lab.plots import plot_comparison

        for path in plot_comparison(comparison, args.plot):
            print(f"wrote {path}", file=sys.stderr)
    return 130 if comparison.interrupted else 0


register(Command("compare", "the same seeded games under two or more rule profiles, and "
                 "their differences", _arguments, run))
