"""Deprecated: `bezique.simulate` is now `bezique.lab.simulation`; this alias goes in the next
minor release."""

from bezique.errors import warn_moved
from bezique.lab.simulation import *  # noqa: F403
from bezique.lab.simulation import __all__ as __all__

warn_moved("simulate", "lab.simulation")
