"""``bezique analyse RECORD``: every decision of a recorded game judged by the search.

For each action of the record: who played it, what was played, its expected value (the final
score difference of the deal for the mover), its loss against the search's preferred action,
a chess-style mark (``?!`` inaccuracy, ``?`` mistake, ``??`` blunder) and the preferred action
where it is better; then each player's summary. End-phase decisions are solved exactly;
stock-phase ones are estimated from ``--simulations`` playouts (the same sampled worlds for
every action). ``--json`` prints the analysis as JSON (``docs/analysis.md``). A damaged record
is reported in one line (exit 1), as ``bezique replay`` does.

>>> from bezique.cli.main import main
>>> main(["analyse", "tests/records/five-hundred.toml", "--simulations", "4"])
... # doctest: +ELLIPSIS
analysis of a whole game, profile five-hundred (digest f13ff7826c90a979), 4 deals, 166 actions
...
0
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from bezique.cli.base import Command, ProgressBar, add_progress_options, positive_int, register
from bezique.players import player_name
from bezique.record import RecordError, load
from bezique.search import DEFAULT_SIMULATIONS
from bezique.search.analysis import MARKS, Analysis, Decision, Thresholds, analyse

ACTION_WIDTH = (20, 30)
"""The narrowest and widest the "played" column of the text report gets: as wide as the longest
action played, within these bounds (a longer meld overflows)."""


def thresholds(text: str) -> Thresholds:
    """An argparse type: ``INACCURACY,MISTAKE,BLUNDER`` losses in points, e.g. ``10,25,50``."""
    parts = text.split(",")
    try:
        values = [float(part) for part in parts]
        if len(values) != 3:
            raise ValueError("expected three numbers")
        return Thresholds(inaccuracy=values[0], mistake=values[1], blunder=values[2])
    except ValueError as exc:
        raise argparse.ArgumentTypeError(
            f"expected INACCURACY,MISTAKE,BLUNDER as three increasing positive numbers "
            f"(e.g. 10,25,50), got {text!r}: {exc}") from None


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="RECORD", help="a game record (bezique.record)")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.add_argument("--simulations", type=positive_int, default=DEFAULT_SIMULATIONS,
                        metavar="N", help="playouts per stock-phase decision "
                        f"(default {DEFAULT_SIMULATIONS}); end-phase decisions are exact")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="the seed of the sampled worlds (default 0)")
    parser.add_argument("--thresholds", type=thresholds, default=Thresholds(),
                        metavar="I,M,B", help="the losses from which a decision is an "
                        "inaccuracy ?!, a mistake ?, a blunder ?? (default 10,25,50)")
    parser.add_argument("--flagged", action="store_true",
                        help="list only the decisions marked ?!, ? or ??")
    add_progress_options(parser)


def _value(x: float | None) -> str:
    return "" if x is None else f"{x:+.1f}"


COLUMNS = 100
"""The width the text report fits in: a row whose preferred action would run past it shows
that action on a line of its own below."""


def _lines(d: Decision, width: int) -> list[str]:
    loss = "forced" if d.forced else f"{d.loss:.1f}"
    row = (f"  {d.ply:>4}  {player_name(d.player)}  {d.played:<{width}} "
           f"{_value(d.played_value):>7} {loss:>6} {d.mark:<2}  ")
    if d.best == d.played:
        return [row.rstrip()]
    better = f"{d.best} ({_value(d.best_value)})"
    if len(row) + len(better) <= COLUMNS:
        return [row + better]
    indent = min(len(row), max(8, COLUMNS - len(better)))
    return [row.rstrip(), " " * indent + better]


def format_analysis(analysis: Analysis, *, flagged: bool = False) -> str:
    """The text report: a header, each deal's decisions (``flagged``: only the marked ones),
    and each player's summary; lines fit in 100 columns."""
    t = analysis.thresholds
    what = "a whole game" if analysis.game else "one deal"
    two = analysis.seats == 2  # at more seats: sampled end phases, the player's side's values
    end = "exact in the end phase" if two else "sampled worlds in the end phase"
    value = ("score difference of the deal for the player" if two
             else "value of the deal to the player's side")
    lines = [
        f"analysis of {what}, profile {analysis.profile} (digest {analysis.digest}), "
        f"{len(analysis.deals)} deal{'s' if len(analysis.deals) != 1 else ''}, "
        f"{len(analysis.decisions)} actions",
        f"search: {analysis.simulations} playouts per stock-phase decision, {end}; "
        f"seed {analysis.seed}",
        f"value: the expected final {value}; loss: the best action's",
        f"value minus the played one's; {MARKS['inaccuracy']} inaccuracy (loss >= "
        f"{t.inaccuracy:g}), {MARKS['mistake']} mistake (>= {t.mistake:g}), "
        f"{MARKS['blunder']} blunder (>= {t.blunder:g})",
    ]
    longest = max((len(d.played) for d in analysis.decisions), default=0)
    width = min(max(longest, ACTION_WIDTH[0]), ACTION_WIDTH[1])
    deal = 0
    exact = False
    for d in analysis.decisions:
        if d.deal != deal:
            deal, exact = d.deal, False
            info = analysis.deals[deal - 1]
            scores = ", ".join(f"{player_name(p)} {x}" for p, x in enumerate(info.scores))
            lines += ["", f"deal {deal}: {player_name(info.dealer)} deals; scores at the end "
                      f"{scores}",
                      f"  {'ply':>4}  who {'played':<{width}} {'value':>7} "
                      f"{'loss':>6}     better"]
        if d.exact and not d.forced and not exact:  # exact: the end phase at two seats
            exact = True
            lines.append("  -- end phase: exact values --")
        if flagged and not d.mark:
            continue
        lines += _lines(d, width)
    players = analysis.players
    lines += ["", f"{'summary':<26}" + "".join(f"{player_name(p.player):>8}" for p in players)]
    rows: list[tuple[str, list[str]]] = [
        ("decisions with a choice", [str(p.decisions) for p in players]),
        ("forced", [str(p.forced) for p in players]),
        ("mean loss", [f"{p.mean_loss:.1f}" for p in players]),
        ("total loss", [f"{p.total_loss:.1f}" for p in players]),
        (f"inaccuracies {MARKS['inaccuracy']}", [str(p.inaccuracies) for p in players]),
        (f"mistakes {MARKS['mistake']}", [str(p.mistakes) for p in players]),
        (f"blunders {MARKS['blunder']}", [str(p.blunders) for p in players]),
    ]
    lines += [f"  {name:<24}" + "".join(f"{x:>8}" for x in row) for name, row in rows]
    return "\n".join(lines)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``bezique analyse``; 1 (and one line on stderr) for a record that cannot be read or
    does not replay."""
    show = args.progress or (not args.quiet and sys.stderr.isatty())
    try:
        record = load(args.file)
        analysis = analyse(record, simulations=args.simulations, seed=args.seed,
                           thresholds=args.thresholds,
                           progress=ProgressBar(sys.stderr) if show else None)
    except RecordError as exc:
        print(f"bezique analyse: {args.file}: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"bezique analyse: {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(analysis.to_dict(), indent=2), file=out)
    else:
        print(format_analysis(analysis, flagged=args.flagged), file=out)
    return 0


COMMAND = register(Command("analyse", "judge every decision of a game record with the search",
                           _arguments, run))
"""The registered ``analyse`` subcommand."""
