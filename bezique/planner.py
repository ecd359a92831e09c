"""Deprecated: `bezique.planner` is now `bezique.bots.planner`; this alias goes in the next
minor release."""

from bezique.bots.planner import *  # noqa: F403
from bezique.bots.planner import __all__ as __all__
from bezique.errors import warn_moved

warn_moved("planner", "bots.planner")
