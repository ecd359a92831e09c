"""`bezique.adapters.pettingzoo` under its old name (a permanent alias: this path stays)."""

from bezique.adapters.pettingzoo import *  # noqa: F403
from bezique.adapters.pettingzoo import __all__ as __all__
