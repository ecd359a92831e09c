"""`bezique.adapters.openspiel` under its old name (a permanent alias: this path stays)."""

from bezique.adapters.openspiel import *  # noqa: F403
from bezique.adapters.openspiel import __all__ as __all__
