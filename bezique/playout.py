"""Deprecated: `bezique.playout` is now `bezique.check.playout`; this alias goes in the next
minor release."""

from bezique.check.playout import *  # noqa: F403
from bezique.check.playout import __all__ as __all__
from bezique.errors import warn_moved

warn_moved("playout", "check.playout")
