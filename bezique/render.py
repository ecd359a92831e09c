"""Deprecated: `bezique.render` is now `bezique.view.render`; this alias goes in the next
minor release."""

from bezique.errors import warn_moved
from bezique.view.render import *  # noqa: F403
from bezique.view.render import __all__ as __all__

warn_moved("render", "view.render")
