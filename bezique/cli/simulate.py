"""``bezique simulate``: many seeded bot-against-bot deals or games, with statistics.

``--bots A,B`` names two bots by spec (`bezique.bots.make_bot`): ``search``, ``planner``,
``greedy``, ``random``, or ``search:N`` for the search with N playouts per decision; a profile of
three or four seats takes one a seat, ``--bots A,B,C[,D]`` (default: greedy in every seat), and
the seats rotate unit by unit (`bezique.lab.simulation`). Partners' results are shown per team
too. A progress bar (units done, rate, time left) is drawn on stderr when it is a terminal, or
with ``--progress``.

>>> from bezique.cli.main import main
>>> main(["simulate", "--profile", "bezique", "--deals", "4", "--bots", "greedy,random"])
... # doctest: +ELLIPSIS
simulate: bezique, 4 deals, greedy (A) vs random (B), seed 0
...
0
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from bezique.bots import BOTS, check_bots
from bezique.cli.base import (
    Command,
    ProgressBar,
    add_profile_option,
    add_progress_options,
    positive_int,
    register,
)
from bezique.lab.simulation import Summary, simulate, versus
from bezique.rules import load_profile


def _arguments(parser: argparse.ArgumentParser) -> None:
    add_profile_option(parser)
    count = parser.add_mutually_exclusive_group()
    count.add_argument("--deals", type=positive_int, default=None, metavar="N", help="play N deals")
    count.add_argument("--games", type=positive_int, default=None, metavar="N",
                       help="play N whole games instead")
    parser.add_argument("--bots", default=None, metavar="A,B",
                        help=f"one bot a seat (two, or A,B,C[,D] for a profile of more seats) "
                        f"out of {', '.join(BOTS)}, or search:N for the search with N playouts "
                        "per decision (default greedy in every seat)")
    parser.add_argument("--workers", type=positive_int, default=1, metavar="K",
                        help="processes to use (default 1)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    add_progress_options(parser)


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


LABELS = "ABCD"
"""How the report names the bots, by their order in ``--bots``."""


def format_summary(summary: Summary) -> str:
    """The human report of a run."""
    d = summary.to_dict()
    t = summary.tally
    unit = "games" if summary.games else "deals"
    names = summary.bots
    lines = [f"simulate: {summary.profile}, {t.units} {unit}, {versus(names, summary.teams)}, "
             f"seed {summary.seed}", ""]
    bots = d["bots"]
    assert isinstance(bots, list)
    lines.append(f"wins ({unit}, 95% Wilson interval)")
    for label, entry in zip(LABELS, bots, strict=False):
        lines.append(f"  {label} {entry['bot']:<10} " + _rate(entry))
    lines.append(f"  draws        {t.draws:>6}")
    teams = d.get("teams")
    if isinstance(teams, list):
        lines += ["", f"wins by team ({unit}; partners win together)"]
        lines += [f"  {team['labels']:<12} " + _rate(team) for team in teams]
    dealer = d["dealer"]
    assert isinstance(dealer, dict)
    low, high = dealer["ci95"]
    whose = "dealer's side's" if summary.partners else "dealer's"
    lines += [
        "",
        f"{whose} advantage: wins {_pct(dealer['rate']).strip()} of {dealer['decided']} "
        f"decided deals [{_pct(low).strip()}, {_pct(high).strip()}], "
        f"mean margin {dealer['mean_margin']:+.1f} points",
        f"deal length: {d['mean_tricks_per_deal']:.1f} tricks, "
        f"{d['mean_actions_per_deal']:.1f} actions per deal"
        + (f"; {d['mean_deals_per_game']:.2f} deals per game" if summary.games else ""),
        "",
        f"{'mean points per deal by source':<34}"
        + "".join(f" {label + ' ' + name:>10}" for label, name in zip(LABELS, names, strict=False)),
    ]
    sources = sorted({k for entry in bots for k in entry["points_by_source"]})
    for source in sources:
        values = [entry["points_by_source"].get(source, 0.0) for entry in bots]
        lines.append(f"  {source:<32}" + "".join(f" {v:10.1f}" for v in values))
    lines.append(f"  {'total':<32}" + "".join(f" {entry['mean_points']:10.1f}" for entry in bots))
    melds = d["melds"]
    assert isinstance(melds, dict)
    if melds:
        everyone = "both players" if len(names) == 2 else "all players"
        lines += ["", f"{f'melds scored ({everyone})':<34} {'per deal':>10} {'of deals':>10}"]
        for name, m in sorted(melds.items(), key=lambda kv: -kv[1]["per_deal"]):
            lines.append(f"  {name:<32} {m['per_deal']:10.3f} {_pct(m['deals_share']):>10}")
    return "\n".join(lines)


def _rate(entry: dict[str, Any]) -> str:
    """Wins, their rate and its interval: ``   412   41.2%  [38.2%, 44.3%]``."""
    low, high = entry["ci95"]
    return (f"{entry['wins']:>6}  {_pct(entry['rate'])}  "
            f"[{_pct(low).strip()}, {_pct(high).strip()}]")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``bezique simulate``."""
    rules = load_profile(args.profile)
    try:
        bots = check_bots(args.bots or ",".join(["greedy"] * rules.players), rules.players)
    except ValueError as exc:
        print(f"bezique simulate: --bots: {exc}", file=sys.stderr)
        return 2
    games = args.games is not None
    units = args.games if games else (args.deals if args.deals is not None else 100)
    show = args.progress or (not args.quiet and sys.stderr.isatty())
    progress = ProgressBar(sys.stderr) if show else None
    summary = simulate(rules, units=units, bots=bots, seed=args.seed,
                       workers=args.workers, games=games, progress=progress)
    if args.json:
        print(json.dumps(summary.to_dict(), indent=2, sort_keys=True), file=out)
    else:
        print(format_summary(summary), file=out)
    return 0


register(Command("simulate", "many seeded bot-against-bot deals or games, with statistics",
                 _arguments, run))
