"""Deprecated: `bezique.cli_play` is now `bezique.cli.play`; this alias goes in the next
minor release."""

from bezique.cli.play import *  # noqa: F403
from bezique.cli.play import __all__ as __all__
from bezique.errors import warn_moved

warn_moved("cli_play", "cli.play")
