"""The error an invariant raises (`InvariantError`) and the names of the invariants, shared by
`bezique.check.invariants` (docs/rules.md#invariants, numbered 1 to 14) and
`bezique.check.invariants_seats` (docs/rules.md#more-seats, named N1 to N12) and
`bezique.check.invariants_jokers` (docs/rules.md#joker, J1 to J9).

>>> str(InvariantError("N3", "a trick of 2 cards at 3 seats", ply=7))
'invariant N3 (tricks) broken at ply 7: a trick of 2 cards at 3 seats'
"""

from __future__ import annotations

from collections.abc import Iterable

from bezique.cards import card_name

__all__ = ["JOKER_NAMES", "NAMES", "SEAT_NAMES", "InvariantError", "cards_text"]

NAMES = {
    1: "conservation", 2: "hand size", 3: "turn", 4: "atomic rejection", 5: "scores",
    6: "tricks", 7: "melds", 8: "dix", 9: "determinism", 12: "clone", 14: "reuse",
}
"""The invariants of docs/rules.md#invariants that `bezique.check.invariants` checks, by
number."""

SEAT_NAMES = {
    "N1": "conservation", "N2": "deal", "N3": "tricks", "N4": "draws", "N5": "trick count",
    "N6": "trick points", "N7": "declarations", "N8": "dix", "N9": "partnership",
    "N10": "rotation", "N11": "information", "N12": "shapes",
}
"""The invariants for N-seat deals (docs/rules.md#more-seats), by name (``N1`` …); which of
them `bezique.check.invariants_seats` checks is in its ``CHECKED``."""

JOKER_NAMES = {
    "J1": "pack", "J2": "arithmetic", "J3": "trumps", "J4": "joker tricks", "J5": "joker melds",
    "J6": "fresh card", "J7": "trick points", "J8": "dix", "J9": "end phase",
}
"""The invariants of the joker game (docs/rules.md#joker), by name (``J1`` …), all checked by
`bezique.check.invariants_jokers`."""


class InvariantError(AssertionError):
    """An invariant (docs/rules.md#invariants) fails: ``number`` (an int, or ``"N1"`` … for
    the invariants of N-seat deals, ``"J1"`` … for the joker game), ``name``, ``ply`` (actions
    applied before the failing state, when known), ``message`` and ``evidence``."""

    def __init__(
        self, number: int | str, message: str, *, evidence: str = "", ply: int | None = None
    ) -> None:
        self.number = number
        self.name = (
            NAMES[number] if isinstance(number, int) else (SEAT_NAMES | JOKER_NAMES)[number])
        self.message = message
        self.evidence = evidence
        self.ply = ply
        at = "" if ply is None else f" at ply {ply}"
        text = f"invariant {number} ({self.name}) broken{at}: {message}"
        super().__init__(text + (f"\n  evidence: {evidence}" if evidence else ""))

    def at_ply(self, ply: int | None) -> InvariantError:
        """The same failure, located at ``ply`` (unless it already names one)."""
        if self.ply is not None or ply is None:
            return self
        return InvariantError(self.number, self.message, evidence=self.evidence, ply=ply)


def cards_text(cards: Iterable[int]) -> str:
    """Physical cards for a message, with their copy letters (``QSb``); ``-`` for none."""
    return " ".join(card_name(c, copies=True) for c in cards) or "-"
