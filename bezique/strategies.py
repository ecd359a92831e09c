"""`bezique.check.strategies` under its old name (a permanent alias: this path stays)."""

# Bound before hypothesis is imported: an install whose metadata still names this module's
# hook runs it in the middle of this import (the hook itself imports nothing that needs us).
from bezique._hypothesis import setup_hook as _hypothesis_setup_hook  # noqa: F401

# isort: split
try:
    from bezique.check.strategies import *  # noqa: F403
    from bezique.check.strategies import __all__ as __all__
except ImportError:  # pragma: no cover - run by such an install's hook, in the middle of
    # ``import bezique.check.strategies``: its names are there once that import is done
    import bezique.check.strategies as _strategies

    def __getattr__(name: str) -> object:
        """A name of `bezique.check.strategies`, looked up when it is used."""
        return getattr(_strategies, name)
