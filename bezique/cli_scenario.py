"""``bezique scenario FILE...``: run rules scenario files (folders are searched for ``*.toml``).

Prints one line per scenario (PASS/FAIL) and each failure under it; exits 1 if any failed.

>>> from bezique.cli import main
>>> main(["scenario", "tests/scenarios/book/sc01_reuse_across_classes.toml"])  # doctest: +ELLIPSIS
PASS tests/scenarios/book/sc01_reuse_across_classes.toml: SC-01: ...
1 scenario(s): 1 passed, 0 failed
0
"""

from __future__ import annotations

import argparse
from typing import TextIO

from bezique.cli import Command, register
from bezique.scenario import run_files


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="scenario TOML files, or folders to search for them")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="print only failing scenarios and the summary")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run the scenarios named on the command line; 0 if all passed, else 1."""
    results = run_files(args.files)
    failed = [r for r in results if not r.passed]
    for result in results:
        if not args.quiet or not result.passed:
            print(result.report(), file=out)
    print(f"{len(results)} scenario(s): {len(results) - len(failed)} passed, "
          f"{len(failed)} failed", file=out)
    return 1 if failed or not results else 0


COMMAND = register(Command("scenario", "run rules scenario files (TOML) and report what differs",
                           _arguments, run))
"""The registered ``scenario`` subcommand."""
