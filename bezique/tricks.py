"""Tricks: who wins one, and which cards the follower may play in the end phase.

Cards are physical ints (``kind * 8 + copy``, ``kind = suit * 8 + rank``, rank 0 = ace is the
strongest). Identical cards favour the one played first (S000, S003).

A joker's bits read as suit 4, which is no suit led and never trumps: a led joker wins unless a
trump is played to the trick, a joker played after the lead never wins, of two jokers the first
played wins, and a joker never counts as following suit (docs/rules.md#joker).
"""

from __future__ import annotations

from bezique.cards import JOKER_BITS, JOKER_KIND

JOKER_SUIT = JOKER_KIND >> 3
"""The suit a joker's bits read as: no suit of the pack."""


def last_resort(cards: int) -> int:
    """``jokers.endgame_play = "last_resort"``: of ``cards`` (those a seat may play in the end
    phase), a joker only when the hand holds nothing but jokers."""
    plain = cards & ~JOKER_BITS
    return plain or cards


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
    same = hand & suit_bits(lead_suit) if lead_suit != JOKER_SUIT else 0
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


def trick_winner(trick: list[int], trump: int) -> int:
    """The index in ``trick`` (cards in playing order) of the card winning it: a later card
    takes the lead only if it `beats` the card winning so far, so of identical cards the first
    played wins (docs/rules.md#more-seats, MP-01)."""
    best = 0
    top = trick[0]
    for i in range(1, len(trick)):
        card = trick[i]
        if beats(card, top, trump):
            best, top = i, card
    return best


def follow_choices_n(
    hand: int, lead: int, best: int, partner_wins: bool, trump: int, obligation: str,
    beat: str, trump_when_void: str, beat_partner: bool,
) -> int:
    """`follow_choices` at more than two seats: the cards of ``hand`` a seat may play in the end
    phase to a trick led by ``lead`` whose winning card so far is ``best`` (the lead itself for
    the second card), ``partner_wins`` when that card is a partner's.

    ``endgame.beat``: ``current_winner`` heads the card now winning, ``led_card`` the card led
    (DM5). ``endgame.trump_when_void`` (DM6), for a seat void in the suit led:
    ``must_overtrump`` (trump, over-trumping a trump that wins if able), ``only_if_winning``
    (trump only with a trump that wins; otherwise any card, EB9-643), ``any_trump``.
    ``endgame.beat_partner = false`` (DM7) lifts the duty to head, or to trump, a trick the
    partner is winning. At two seats every value plays as `follow_choices`.
    """
    lead_suit = lead >> 6
    same = hand & suit_bits(lead_suit) if lead_suit != JOKER_SUIT else 0
    owes = beat_partner or not partner_wins  # the duty to take the lead
    target = best if beat == "current_winner" else lead
    if same:
        if obligation == "follow_only" or not owes:
            return same
        if obligation == "follow_trump_beat_trump_lead" and lead_suit != trump:
            return same
        return same & beaters(target, trump) or same
    if obligation == "follow_only" or trump < 0 or not owes:
        return hand
    trumps = hand & suit_bits(trump)
    if not trumps:
        return hand
    if trump_when_void == "any_trump" or obligation == "follow_trump_beat_trump_lead":
        return trumps
    overs = trumps & beaters(target, trump)
    if trump_when_void == "only_if_winning":
        return overs or hand
    return overs or trumps
