"""Strong play: `solve` gives the exact value and principal variation of an end phase (see
``docs/search.md``)."""

from bezique.search.solver import Solution, solve

__all__ = ["Solution", "solve"]
