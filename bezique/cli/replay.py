"""``bezique replay FILE [--ply N]``: check a game record and show it, or the state at a ply.

Every action is re-validated against the record's profile; a damaged record is reported with
its ply and reason (exit 1). Without ``--ply`` the actions are listed with their ply numbers and
each deal's scores; with ``--ply N`` the position after N actions is drawn by `Deal.render`
(``--perspective P``: as player P sees it, P a seat of the record's profile, 0 to 3).

>>> from bezique.cli.main import main
>>> main(["replay", "tests/records/rubicon.toml", "--ply", "0"])  # doctest: +ELLIPSIS
record of a whole game, profile rubicon (...)
ply 0, deal 1: start of the deal; P1 deals
...
0
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from bezique.cli.base import Command, non_negative_int, register
from bezique.deal import Deal
from bezique.record import Record, RecordError, Step, load, replay, replay_to


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a record written by bezique.record")
    parser.add_argument("--ply", type=non_negative_int, default=None, metavar="N",
                        help="show the state after N actions instead of listing the actions")
    parser.add_argument("--perspective", type=non_negative_int, default=None, metavar="P",
                        help="with --ply: show only what player P (a seat: 0 or 1, up to 3 at "
                        "four seats) sees")


def describe(deal: Deal, perspective: int | None = None) -> list[str]:
    """The position as `Deal.render` draws it (both hands: a record has no secrets; or what
    ``perspective`` sees), indented, and the legal actions of the player to move (under a
    perspective only when that player is to move)."""
    lines = ["  " + line for line in deal.render(perspective).splitlines()]
    if not deal.is_over and perspective in (None, deal.to_move):
        lines.append("  legal: " + ", ".join(str(a) for a in deal.legal_actions()))
    return lines


def _header(record: Record) -> str:
    what = "a whole game" if record.game else "one deal"
    how = "inline" if record.inline else "built-in"
    return f"record of {what}, profile {record.rules.name} ({how}, digest {record.rules.digest})"


def _show_step(step: Step, out: TextIO, perspective: int | None = None) -> None:
    if step.move is None:
        print(f"ply {step.ply}, deal {step.deal_index + 1}: start of the deal; "
              f"P{step.deal.dealer} deals", file=out)
    else:
        print(f"ply {step.ply}, deal {step.deal_index + 1}: {step.move}", file=out)
    for line in describe(step.deal, perspective):
        print(line, file=out)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Replay the record; 0 if it is sound, 1 if damaged (reported on stderr)."""
    try:
        record = load(args.file)
        players = record.rules.players
        if args.perspective is not None and args.perspective >= players:
            print(f"bezique replay: --perspective {args.perspective}: expected a seat of the "
                  f"record's {players} seats (0 to {players - 1})", file=sys.stderr)
            return 2
        print(_header(record), file=out)
        if args.ply is not None:
            _show_step(replay_to(record, args.ply), out, args.perspective)
            return 0
        for step in replay(record):
            number = step.deal_index + 1
            if step.move is None:
                print(f"deal {number}: P{step.deal.dealer} deals", file=out)
                continue
            print(f"  {step.ply:4}  {step.move}", file=out)
            if step.deal.is_over:
                print(f"  deal {number} over: scores {list(step.deal.scores)}", file=out)
        res = record.result
        final = res.totals if res.totals is not None else res.scores
        print(f"OK: {record.plies} actions replayed; {'over' if res.over else 'unfinished'}, "
              f"{'totals' if record.game else 'scores'} {list(final or ())}", file=out)
        return 0
    except RecordError as exc:
        print(f"bezique replay: {args.file}: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader left (`| head`): cli.main ends quietly
        raise
    except (ValueError, OSError) as exc:  # --ply out of range; a file that cannot be read
        print(f"bezique replay: {exc}", file=sys.stderr)
        return 1


COMMAND = register(Command("replay", "check a game record and show its actions or a ply",
                           _arguments, run))
"""The registered ``replay`` subcommand."""
