"""``bezique scenario FILE...``: run rules scenario files (folders are searched for ``*.toml``).

Prints one line per scenario (PASS/FAIL) and each failure under it; exits 1 if any failed. A
file that cannot be loaded is one ``FAIL`` line saying why; a name that is neither a file nor a
folder, or a folder without scenario files, is one line on stderr and exit status 1.

>>> from bezique.cli.main import main
>>> main(["scenario", "tests/scenarios/book/sc01_reuse_across_classes.toml"])  # doctest: +ELLIPSIS
PASS tests/scenarios/book/sc01_reuse_across_classes.toml: SC-01: ...
1 scenario(s): 1 passed, 0 failed
0
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from bezique.check.scenario import ScenarioError, load_scenario, run_scenario, scenario_files
from bezique.cli.base import Command, register


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="scenario TOML files, or folders to search for them")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="print only failing scenarios and the summary")


def _unusable(name: str) -> str | None:
    """Why ``name`` gives no scenario to run (None when it does)."""
    path = Path(name)
    if not path.exists():
        return f"{name}: no such file or folder"
    if path.is_dir() and not scenario_files([path]):
        return f"{name}: no scenario files (*.toml) in this folder"
    return None


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run the scenarios named on the command line; 0 if all passed, else 1."""
    problems = [p for p in map(_unusable, args.files) if p is not None]
    for problem in problems:
        print(f"bezique scenario: {problem}", file=sys.stderr)
    if problems:
        return 1
    passed = failed = 0
    for path in scenario_files(args.files):
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            failed += 1
            print(f"FAIL {path}: cannot be loaded: {_reason(exc, path)}", file=out)
            continue
        result = run_scenario(scenario)
        passed += result.passed
        failed += not result.passed
        if not args.quiet or not result.passed:
            print(result.report(), file=out)
    print(f"{passed + failed} scenario(s): {passed} passed, {failed} failed", file=out)
    return 1 if failed else 0


def _reason(exc: ScenarioError, path: Path) -> str:
    """The loader's message without the path it starts with (the line already names it)."""
    text = str(exc)
    return text.removeprefix(f"{path}: ")


COMMAND = register(Command("scenario", "run rules scenario files (TOML) and report what differs",
                           _arguments, run))
"""The registered ``scenario`` subcommand."""
