"""The observation tensor as a NumPy float32 array, for the adapters that make one at every
step: every entry but the card counts written from the deal (`bezique.features_deal`), the card
counts gathered from the bytes of the card sets in one NumPy ``take`` per fraction table; entry
for entry `bezique.features.observation_tensor` of the player's observation."""

from __future__ import annotations

from typing import Any

import numpy as np

from bezique.deal import Deal
from bezique.features_deal import tensor_writer
from bezique.rules import Rules

__all__ = ["ArrayTensor"]


class ArrayTensor:
    """One profile's observation tensor written into float32 arrays."""

    def __init__(self, rules: Rules) -> None:
        self._writer = tensor_writer(rules)
        self.size = self._writer.size
        """The tensor's length."""
        self._blank = np.zeros(self.size, np.float32)
        self._gathers = [
            (np.array(g.positions, np.intp),
             None if g.sources == tuple(range(len(g.sources))) else np.array(g.sources, np.intp),
             np.array(g.fractions, np.float32))
            for g in self._writer.gathers
        ]

    def new(self, deal: Deal, player: int) -> Any:
        """``player``'s tensor of ``deal`` in a new array."""
        out = self._blank.copy()
        self._gather(out, self._writer.write(deal, player, memoryview(out)))  # type: ignore[arg-type]
        return out

    def fill(self, deal: Deal, player: int, out: Any) -> None:
        """Write ``player``'s tensor of ``deal`` into the float32 array ``out`` (`size`
        entries, contiguous)."""
        out.fill(0.0)
        self._gather(out, self._writer.write(deal, player, memoryview(out)))  # type: ignore[arg-type]

    def _gather(self, out: Any, cards: bytes) -> None:
        counts = np.frombuffer(cards, np.uint8)
        for at, sources, fractions in self._gathers:
            out[at] = fractions.take(counts if sources is None else counts.take(sources))
