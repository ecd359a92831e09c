"""Deprecated: `bezique.scenario` is now `bezique.check.scenario`; this alias goes in the next
minor release."""

from bezique.check.scenario import *  # noqa: F403
from bezique.check.scenario import __all__ as __all__
from bezique.errors import warn_moved

warn_moved("scenario", "check.scenario")
