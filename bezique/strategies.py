"""Hypothesis strategies for rule profiles, deals and playouts (work in progress)."""

from __future__ import annotations


def _hypothesis_setup_hook() -> None:
    """Hypothesis entry point (``[project.entry-points.hypothesis]``): registers type strategies."""
