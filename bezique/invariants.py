"""`bezique.check.invariants` under its old name (a permanent alias: this path stays)."""

from bezique.check.invariants import *  # noqa: F403
from bezique.check.invariants import __all__ as __all__
