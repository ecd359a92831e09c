"""The paired test behind `bezique.search.SearchBot`'s choices: candidates played in the same
sampled worlds, each compared world by world with the heuristic's choice (candidate 0)."""

from __future__ import annotations

import math
from collections.abc import Callable

__all__ = ["departs", "futile", "gains"]


def gains(results: list[list[float]]) -> list[tuple[float, float]]:
    """Per candidate after the first: its mean gain over candidate 0 (paired world by world)
    and that gain in standard errors (infinite when every world agrees)."""
    base = results[0]
    n = len(base)
    out = []
    for other in results[1:]:
        diffs = [x - y for x, y in zip(other, base, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        z = mean / math.sqrt(var / n) if var else math.copysign(math.inf, mean) if mean else 0.0
        out.append((mean, z))
    return out


def departs(results: list[list[float]], z: float) -> int:
    """The candidate (index) to play instead of candidate 0, the heuristic's choice: the one
    with the best mean gain over it among those whose gain is significant (more than ``z``
    standard errors, a paired test over the worlds); else 0."""
    best, best_gain = 0, 0.0
    for i, (mean, score) in enumerate(gains(results), start=1):
        if score > z and mean > best_gain:
            best, best_gain = i, mean
    return best


def futile(z: float, worlds: int) -> Callable[[list[list[float]]], bool]:
    """Stop sampling once half of ``worlds`` have been played and no candidate is even half
    way to a significant gain over the heuristic's choice: the rest would not overrule it."""

    def stop(results: list[list[float]]) -> bool:
        n = len(results[0])
        return n >= max(worlds // 2, 3) and all(t < z / 2 for _, t in gains(results))

    return stop
