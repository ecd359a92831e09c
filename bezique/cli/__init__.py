"""The ``bezique`` command line (docs/cli.md lists the commands): `main` runs it, `build_parser`
builds its parser (both in `bezique.cli.main`); each command is a module of this package that
registers a `Command` (`bezique.cli.base`).
"""

from bezique.cli.base import (
    COMMANDS,
    Command,
    ProgressBar,
    clock,
    game_title,
    non_negative_float,
    non_negative_int,
    positive_int,
    register,
)
from bezique.cli.main import build_parser, main
from bezique.cli.profiles import summarize

__all__ = [
    "COMMANDS", "Command", "ProgressBar", "build_parser", "clock", "game_title", "main",
    "non_negative_float", "non_negative_int", "positive_int", "register", "summarize",
]
