"""``bezique rules PROFILE_OR_FILE``: print the rule sheet of a profile (see `bezique.rulesheet`).

A built-in name prints its sheet; a file goes through the safe loader, and when it ``extends``
another profile its sheet opens with the house rules and marks every line they change.

>>> from bezique.cli.main import main
>>> main(["rules", "pinochle", "--format", "text"])  # doctest: +ELLIPSIS
RULE SHEET: pinochle
Two-handed Pinochle, 48 cards, standard meld values
...
0
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from bezique.cli.base import PROFILE_HELP, Command, register
from bezique.errors import ProfileError
from bezique.rules import list_profiles, load_profile
from bezique.rulesheet import FORMATS, base_of_file, rulesheet


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("profile", metavar="PROFILE_OR_FILE", help=PROFILE_HELP)
    parser.add_argument("--format", choices=list(FORMATS), default="text",
                        help="output format (default: text)")
    parser.add_argument("--output", metavar="FILE", type=Path,
                        help="write the sheet to FILE instead of standard output")


def _run(args: argparse.Namespace, out: TextIO) -> int:
    rules = load_profile(args.profile)
    base = None
    if args.profile not in list_profiles():
        base = base_of_file(args.profile)
    text = rulesheet(rules, args.format, base=base)
    if args.output is None:
        out.write(text if text.endswith("\n") else text + "\n")
        return 0
    try:
        args.output.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
    except OSError as exc:
        raise ProfileError([f"{args.output}: cannot write: {exc.strerror}"]) from None
    print(f"wrote {args.output} ({args.format}, profile {rules.name})", file=out)
    return 0


register(Command("rules", "print the rule sheet of a profile (text, markdown or html)",
                 _arguments, _run))
