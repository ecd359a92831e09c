"""``bezique ladder --bots A,B,C …``: every pair of bots plays whole games of one profile, and
each bot gets a rating (Bradley–Terry on the Elo scale, ``greedy`` = 1000) with its 95%
interval, beside a table of each pair's score with its Wilson interval (`bezique.lab.ladder`).

``--json FILE`` writes everything, one row per game, ``--plot FILE`` the ratings as a PNG
(``pip install 'bezique[lab]'``); ``--backend ray`` runs the games as Ray tasks. The bots are
specs as elsewhere, plus ``cheat`` (it sees every card: the ceiling) and ``ismcts:SECONDS``
(OpenSpiel's ISMCTS, ``pip install 'bezique[openspiel]'``). Ctrl-C stops the run and rates the
games played so far (exit status 130); with ``--journal FILE`` each finished game is kept in
``FILE`` and the same command resumes the run where it stopped.

>>> from bezique.cli.main import main
>>> main(["ladder", "--bots", "random,greedy", "--games", "2"])  # doctest: +ELLIPSIS
ladder: bezique, 2 games a pair (2 seatings of each seed), seed 0
...
0
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from bezique.bots import BOTS, check_bot_spec
from bezique.cli.base import (
    Command,
    ProgressBar,
    add_pool_options,
    add_progress_options,
    pool_problem,
    positive_int,
    register,
)
from bezique.errors import ExtraMissing
from bezique.lab.comparison import BACKENDS
from bezique.lab.ladder import Ladder, ladder
from bezique.rules import load_profile


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", default="bezique", help="built-in name or TOML path")
    parser.add_argument("--bots", required=True, metavar="A,B[,C…]",
                        help=f"two bots or more out of {', '.join(BOTS)}; search:N for N "
                        "playouts per decision, search:0.5 or ismcts:0.5 for seconds per "
                        "decision")
    parser.add_argument("--games", type=positive_int, default=20, metavar="N",
                        help="games per pair, rounded up to a multiple of the seatings "
                        "(default 20)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed")
    add_pool_options(parser, BACKENDS)
    parser.add_argument("--json", type=Path, default=None, metavar="FILE",
                        help="write the ladder as JSON, one row per game")
    parser.add_argument("--journal", type=Path, default=None, metavar="FILE",
                        help="add each finished game to FILE and skip the games of the same "
                        "run found there: run the same command again to resume")
    parser.add_argument("--plot", type=Path, default=None, metavar="FILE",
                        help="write the ratings as a PNG (needs matplotlib)")
    add_progress_options(parser)


def format_ladder(result: Ladder) -> str:
    """The human report: the ratings, best first, then each pair's score."""
    lines = [f"ladder: {result.profile}, {result.requested} games a pair ({result.seatings} "
             f"seatings of each seed), seed {result.seed}"]
    if result.interrupted:
        lines.append(f"INTERRUPTED: {len(result.games)} games played; ratings of those")
    width = max(len(b) for b in result.bots) + 2
    lines += ["", f"{'bot':<{width}}{'rating':>8}  95% interval   games  s/decision"]
    mean = {t.bot: t.mean for t in result.thinking if t.decisions}
    for r in result.ratings:
        timed = f"{mean[r.bot]:>12.4f}" if r.bot in mean else f"{'-':>12}"
        lines.append(f"{r.bot:<{width}}{r.rating:>8.0f}  [{r.low:>5.0f}, {r.high:>5.0f}]"
                     f"{r.games:>8}{timed}")
    lines += ["", f"{'pair':<{2 * width + 4}}{'score':>7}  95% interval    W-D-L"]
    for p in result.pairs:
        low, high = p.interval
        lines.append(f"{p.a + ' vs ' + p.b:<{2 * width + 4}}{100 * p.score:>6.1f}%  "
                     f"[{100 * low:4.1f}, {100 * high:5.1f}]  {p.wins_a}-{p.draws}-{p.wins_b}")
    lines += ["", f"ratings: Bradley-Terry on the Elo scale, {result.anchor} = 1000, 95% "
              "intervals from the model's standard errors; s/decision: mean CPU seconds of "
              "a decision with more than one legal action; score: the first bot's share of "
              "the games (a draw half), Wilson 95% interval"]
    return "\n".join(lines)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``bezique ladder``."""
    rules = load_profile(args.profile)
    bots = tuple(args.bots.split(","))
    try:
        for bot in bots:
            check_bot_spec(bot)
        if len(bots) < 2 or len(set(bots)) != len(bots):
            raise ValueError(f"expected two bots or more, each once, got {args.bots!r}")
    except ValueError as exc:
        print(f"bezique ladder: --bots: {exc}", file=sys.stderr)
        return 2
    problem = pool_problem("ladder", args)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    try:
        if args.plot is not None:
            from bezique.lab.plots import require_matplotlib

            require_matplotlib()
        show = args.progress or (not args.quiet and sys.stderr.isatty())
        result = ladder(rules, bots, games=args.games, seed=args.seed, workers=args.workers,
                        backend=args.backend, address=args.address, journal=args.journal,
                        progress=ProgressBar(sys.stderr) if show else None)
    except (ExtraMissing, ValueError) as exc:
        print(f"bezique ladder: {str(exc).removeprefix('ladder: ')}", file=sys.stderr)
        return 2
    if result.interrupted:
        print(f"\nbezique ladder: interrupted after {len(result.games)} games", file=sys.stderr)
    print(format_ladder(result), file=out)
    if args.json is not None:
        args.json.write_text(json.dumps(result.to_dict(), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}", file=sys.stderr)
    if args.plot is not None:
        from bezique.lab.plots import plot_ladder

        plot_ladder(result, args.plot)
        print(f"wrote {args.plot}", file=sys.stderr)
    return 130 if result.interrupted else 0


register(Command("ladder", "every pair of bots plays whole games, and each bot gets a rating",
                 _arguments, run))
