"""Tricks: who wins one, and which cards the follower may play in the end phase.

Cards are physical ints (``kind * 8 + copy``, ``kind = suit * 8 + rank``, rank 0 = ace is the
strongest). Identical cards favour the one played first (S000, S003).
"""

from __future__ import annotations


def beats(card: int, lead: int, trump: int) -> bool:
    """Does ``card``, played second, beat ``lead``? (``trump`` is -1 when not yet fixed.)"""
    card_suit, lead_suit = card >> 6, lead >> 6
    if card_suit == lead_suit:
        return (card >> 3 & 7) < (lead >> 3 & 7)
    return card_suit == trump


def beaters(lead: int, trump: int) -> int:
    """Bitmask of every physical card that beats ``lead`` played to it (`beats`): the stronger
    ranks of its suit, and every trump unless it is one (``trump`` is -1 when not yet fixed)."""
    lead_suit = lead >> 6
    bits = ((1 << ((lead >> 3 & 7) * 8)) - 1) << (lead_suit * 64)
    if trump >= 0 and lead_suit != trump:
        bits |= suit_bits(trump)
    return bits


def suit_bits(suit: int) -> int:
    """Bitmask of every physical card of a suit."""
    return ((1 << 64) - 1) << (suit * 64)


def follow_choices(hand: int, lead: int, trump: int, obligation: str) -> int:
    """The cards of ``hand`` (a bitmask) the follower may play to ``lead`` in the end phase.

    ``obligation`` is ``endgame.obligation``: ``follow_and_win`` (follow suit and head the trick
    if able; if void, trump if able), ``follow_only`` (follow suit if able, else anything),
    ``follow_trump_beat_trump_lead`` (follow; if void trump; beat only a trump lead).
    """
    lead_suit = lead >> 6
    same = hand & suit_bits(lead_suit)
    if same:
        if obligation == "follow_only":
            return same
        if obligation == "follow_trump_beat_trump_lead" and lead_suit != trump:
            return same
        return same & beaters(lead, trump) or same
    if obligation != "follow_only" and trump >= 0:
        trumps = hand & suit_bits(trump)
        if trumps:
            return trumps
    return hand
