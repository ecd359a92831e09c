"""Jokers in declarations (docs/rules.md#joker): the meld patterns in which jokers stand for
missing cards (`wild_patterns`, `wild_jokers`) and the joker game's declaration rules as the
compiled profile keeps them (`joker_game`). Read once per profile by `bezique.compile`; what
each joker of a declaration stands for is `bezique.melds.stand_ins`.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from bezique.cards import JOKER_BITS, JOKER_KIND
from bezique.rules.model import Rules

JOKER_SLOT: Final = 1 << JOKER_KIND
"""The kinds bitmask of a pattern slot that jokers fill."""

Pattern = tuple[tuple[int, int], ...]
"""A concrete meld pattern: ``(kinds bitmask, count)`` slots (`MeldTemplate.slots`)."""


def wild_patterns(slots: Pattern, jokers: int) -> list[Pattern]:
    """A pattern with up to ``jokers`` of its cards left to jokers: the pattern itself, then
    every way of taking 1 … ``jokers`` cards out of its slots for as many jokers, at least one
    natural card kept (docs/rules.md#dj8, #dj9)."""
    out = [slots]
    size = sum(n for _, n in slots)

    def drop(i: int, left: int, kept: Pattern) -> None:
        if i == len(slots):
            taken = size - sum(n for _, n in kept)
            if 0 < taken <= jokers and kept:
                out.append((*kept, (JOKER_SLOT, taken)))
            return
        kinds, n = slots[i]
        for m in range(min(n, left) + 1):
            drop(i + 1, left - m, (*kept, (kinds, n - m)) if n - m else kept)

    drop(0, min(jokers, size - 1), ())
    return out


def wild_jokers(rules: Rules, name: str) -> int:
    """How many cards of the meld ``name`` of the profile's table jokers may stand for
    (``jokers.wild_in``, ``max_per_meld``): 0 without jokers. A trump quartet takes them only
    with ``jokers.in_trump_quartets``, where it or the quartet of its rank is wild."""
    jokers = rules.jokers
    table = rules.melds.table
    spec = table[name]
    if not rules.pack.jokers or spec.suits == "jokers":
        return 0
    wild = name in jokers.wild_in
    if spec.suits == "trump" and len(spec.ranks) == 1:  # a trump quartet: as its rank's quartet
        wild = jokers.in_trump_quartets and (wild or any(
            other in table and table[other].ranks == spec.ranks for other in jokers.wild_in))
    return min(jokers.max_per_meld, rules.pack.jokers) if wild else 0


class JokerGame(NamedTuple):
    """The joker game's declaration rules as `bezique.compile.Compiled` keeps them (its fields
    of the same names; docs/rules.md#dj3, #dj4, #dj5, #dj11, #dj12)."""

    joker_bits: int
    joker_once: bool
    not_fresh: int
    meld_extras: bool
    first_bezique: int


def joker_game(rules: Rules, pack_bits: int) -> JokerGame:
    """The joker game's declaration rules of a profile whose pack is ``pack_bits``."""
    jokers = pack_bits & JOKER_BITS
    melds = rules.melds
    return JokerGame(
        joker_bits=jokers,
        joker_once=bool(jokers) and rules.jokers.reuse == "never",
        not_fresh=0 if rules.jokers.fresh_card_may_be_joker else jokers,
        meld_extras=bool(
            jokers or melds.sequence_from_own_marriage or not melds.multi_bezique_growth),
        first_bezique=max(melds.first_bezique_value, 0),
    )
