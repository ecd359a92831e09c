"""Deprecated: `bezique.analysis` is now `bezique.search.analysis`; this alias goes in the next
minor release."""

from bezique.errors import warn_moved
from bezique.search.analysis import *  # noqa: F403
from bezique.search.analysis import __all__ as __all__

warn_moved("analysis", "search.analysis")
