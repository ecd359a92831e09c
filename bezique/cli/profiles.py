"""``bezique profiles list|show|validate|diff``: the built-in rule profiles and profile files;
`summarize` writes a profile in a few lines (``show --summary``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from bezique.cli.base import Command, register
from bezique.errors import ProfileError
from bezique.rules import Rules, list_profiles, load_profile
from bezique.rules.diff import diff_rules, format_value

__all__ = ["summarize"]


def summarize(rules: Rules) -> str:
    """A few human lines about a profile: pack (its jokers too), deal, trump, scored melds,
    game end, digest.

    >>> print(summarize(load_profile("rubicon")).splitlines()[1])
      pack       4 x 32 = 128 cards (A 10 K Q J 9 8 7)
    >>> print(summarize(load_profile("joker")).splitlines()[1])
      pack       4 x 32 + 4 jokers = 132 cards (A 10 K Q J 9 8 7 JK)
    """
    pack, deal, game = rules.pack, rules.deal, rules.game
    size = len(pack.ranks) * 4 * pack.copies + pack.jokers
    jokers = f" + {pack.jokers} jokers" if pack.jokers else ""
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
        f"  pack       {pack.copies} x {len(pack.ranks) * 4}{jokers} = {size} cards "
        f"({' '.join(pack.ranks)}{' JK' if jokers else ''})",
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
