"""The package's hypothesis entry point (``[project.entry-points.hypothesis]``).

Hypothesis runs `setup_hook` while ``import hypothesis`` is still under way, which may be in
the middle of ``import bezique.check.strategies`` itself. So this module imports nothing that
imports hypothesis, and registers functions that import `bezique.check.strategies` only when
``st.from_type(Rules)`` or ``st.from_type(Deal)`` is first drawn from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique.deal import Deal
from bezique.rules import Rules

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy


def _rules(_: type[Rules]) -> SearchStrategy[Rules]:
    from bezique.check.strategies import profiles

    return profiles()


def _deals(_: type[Deal]) -> SearchStrategy[Deal]:
    from bezique.check.strategies import deals, profiles

    return deals(profiles())


def setup_hook() -> None:
    """Register `Rules` (drawn by `bezique.check.strategies.profiles`) and `Deal` (deals of such
    profiles) with hypothesis, so ``st.from_type(Rules)`` draws house variations."""
    from hypothesis import strategies as st

    st.register_type_strategy(Rules, _rules)
    st.register_type_strategy(Deal, _deals)
