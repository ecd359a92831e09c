"""`bezique.view.svg` under its old name (a permanent alias: this path stays)."""

from bezique.view.svg import *  # noqa: F403
from bezique.view.svg import __all__ as __all__
