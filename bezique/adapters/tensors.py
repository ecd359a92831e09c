"""The observation tensor as a NumPy float32 array, for the adapters that make one at every
step: every entry but the card counts written from the deal (`bezique.features_deal`), the card
counts looked up from the bytes of the card sets. Where one fraction table serves every count
(every built-in profile), that is one NumPy ``take`` of the whole bytes when they are aligned
with the tensor, two otherwise (the bytes first put in the tensor's order, each entry that is
not a card count reading the zero byte after the sets); else one ``take`` per table into the
card entries of a zeroed array. Entry for entry `bezique.features.observation_tensor` of the
player's observation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from bezique.deal import Deal
from bezique.features_deal import tensor_writer
from bezique.rules import Rules

__all__ = ["ArrayTensor"]


class ArrayTensor:
    """One profile's observation tensor written into float32 arrays."""

    def __init__(self, rules: Rules) -> None:
        writer = self._writer = tensor_writer(rules)
        self.size = writer.size
        """The tensor's length."""
        gathers = writer.gathers
        self._made: Callable[..., memoryview]  # (cards, out=None)
        if len(gathers) == 1:
            self._table: Any = np.array(gathers[0].fractions, np.float32)
            self._made = self._taken
            if not writer.aligned:  # per entry: the byte it reads (the zero byte last if none)
                self._order: Any = np.full(self.size, writer.byte_count - 1, np.intp)
                self._order[list(gathers[0].positions)] = gathers[0].sources
                self._made = self._ordered
        else:
            self._gathers = [
                (np.array(g.positions, np.intp),
                 None if g.sources == tuple(range(len(g.sources)))
                 else np.array(g.sources, np.intp),
                 np.array(g.fractions, np.float32))
                for g in gathers
            ]
            self._made = self._gathered

    def new(self, deal: Deal, player: int) -> Any:
        """``player``'s tensor of ``deal`` in a new array."""
        return self._writer.fill(deal, player, self._made).obj  # type: ignore[type-var]

    def fill(self, deal: Deal, player: int, out: Any) -> None:
        """Write ``player``'s tensor of ``deal`` into the float32 array ``out`` (`size`
        entries, contiguous)."""
        made = self._made
        self._writer.fill(deal, player, lambda cards: made(cards, out))  # type: ignore[type-var]

    def _taken(self, cards: bytes, out: Any = None) -> memoryview:
        """The card counts of aligned bytes, in ``out`` or a new array: one lookup of them
        all."""
        return memoryview(self._table.take(np.frombuffer(cards, np.uint8), out=out))

    def _ordered(self, cards: bytes, out: Any = None) -> memoryview:
        """The card counts of bytes one table serves, in ``out`` or a new array: the bytes put
        in the tensor's order, then looked up."""
        counts = np.frombuffer(cards, np.uint8).take(self._order)
        return memoryview(self._table.take(counts, out=out))

    def _gathered(self, cards: bytes, out: Any = None) -> memoryview:
        """The card counts of ``cards``, in ``out`` or a new array, zeros elsewhere: one
        gather a fraction table."""
        if out is None:
            out = np.zeros(self.size, np.float32)
        else:
            out.fill(0.0)
        counts = np.frombuffer(cards, np.uint8)
        for at, sources, fractions in self._gathers:
            out[at] = fractions.take(counts if sources is None else counts.take(sources))
        return memoryview(out)
