"""Tricks: the cards that beat a lead, as a mask and as the rule (S003 02)."""

from __future__ import annotations

from bezique.tricks import beaters, beats


def test_beaters_are_the_cards_that_beat_the_lead() -> None:
    """S003 02: a higher card of the suit led, or a trump on a plain lead; of equal cards the
    first played wins. The mask agrees with `beats` for every physical card index (the eight
    copy slots of each kind), every lead, and trumps fixed in each suit or not yet (-1)."""
    cards = range(256)
    for trump in (-1, 0, 1, 2, 3):
        for lead in cards:
            mask = beaters(lead, trump)
            assert mask == sum(1 << c for c in cards if beats(c, lead, trump)), (lead, trump)
