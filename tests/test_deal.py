"""The Deal state machine: dealing, phases, notation, atomic rejection, clone, determinism.

Rule-specific scenarios live in tests/scenarios/; these tests pin the engine's contract
(docs/deals.md) and the invariants that random playouts must keep (docs/rules.md#invariants).
"""

from __future__ import annotations

import random

import pytest

import bezique
from bezique.actions import Meld, Play
from bezique.cards import card_name, parse_card

BEZIQUE = bezique.load_profile("bezique")


def _random_playout(rules: bezique.Rules, seed: int) -> bezique.Deal:
    deal = bezique.Deal.new(rules, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        deal.apply(legal[int(rng.random() * len(legal))])
    return deal


def test_deal_packets_3_2_3_and_turn_up_next() -> None:
    """S003 01: eight each in packets of 3, 2, 3 from the non-dealer; the 17th card is turned."""
    deal = bezique.Deal.new(BEZIQUE, seed=11, dealer=0)
    cards = bezique.deal.shuffled(bezique.compile.compile_rules(BEZIQUE).pack_cards, 11)
    nondealer = cards[0:3] + cards[6:8] + cards[10:13]
    dealer = cards[3:6] + cards[8:10] + cards[13:16]
    assert set(deal.hand(1)) == set(nondealer)
    assert set(deal.hand(0)) == set(dealer)
    assert deal.turn_up == cards[16]
    assert deal.stock_size == 48 and deal.stock[0] == cards[17]
    assert deal.trump == cards[16] >> 6
    assert deal.to_move == 1, "the non-dealer leads (S003 01)"


def test_seeded_deals_are_deterministic() -> None:
    """docs/rules.md#invariant-determinism: same profile, seed and actions give the same deal."""
    a, b = _random_playout(BEZIQUE, 5), _random_playout(BEZIQUE, 5)
    assert a.events == b.events and a == b


@pytest.mark.parametrize("seed", range(300))
def test_random_bezique_playouts_finish_with_170_trick_points(seed: int) -> None:
    """R6 / invariant 6: 32 tricks; brisques plus last trick total 170 in `bezique`."""
    deal = _random_playout(BEZIQUE, seed)
    assert deal.tricks_played == 32
    trick_points = sum(
        e.points for e in deal.events if e.reason in ("brisques", "last_trick")
    )
    assert trick_points == 170
    dix = sum(e.points for e in deal.events if e.reason == "dix")
    assert dix == 20, "R4: every deal's dix points total exactly 20"
    assert sum(e.points for e in deal.events) == sum(deal.scores)


@pytest.mark.parametrize("name", bezique.list_profiles())
def test_every_profile_plays_to_the_end(name: str) -> None:
    """Every built-in profile deals and plays out with random legal actions."""
    rules = bezique.load_profile(name)
    for seed in range(3):
        deal = _random_playout(rules, seed)
        assert deal.is_over and deal.legal_actions() == []


def test_legal_action_notation_round_trips() -> None:
    """docs/deals.md: str() of two legal actions differs and apply(str(a)) applies exactly a."""
    for seed in range(20):
        deal = bezique.Deal.new(bezique.load_profile("rubicon"), seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            texts = [str(a) for a in legal]
            assert len(set(texts)) == len(texts), texts
            pick = int(rng.random() * len(legal))
            twin = deal.clone()
            twin.apply(legal[pick])
            deal.apply(texts[pick])
            assert deal == twin


def test_illegal_action_leaves_the_deal_unchanged() -> None:
    """docs/rules.md#invariant-atomic-rejection: a rejected action raises IllegalAction and changes
    nothing."""
    deal = bezique.Deal.new(BEZIQUE, seed=3)
    before = deal.clone()
    with pytest.raises(bezique.IllegalAction, match=r"not in P[01]'s hand"):
        deal.apply(Play(next(iter(deal.hand(0)))))
    with pytest.raises(bezique.IllegalAction, match="stock-phase trick win"):
        deal.apply("draw")
    assert deal == before


def test_unparseable_notation_raises_notation_error() -> None:
    """docs/deals.md#notation: unparseable notation raises NotationError showing the input."""
    deal = bezique.Deal.new(BEZIQUE, seed=3)
    with pytest.raises(bezique.NotationError, match="play XQ"):
        deal.apply("play XQ")


def test_clone_is_independent() -> None:
    """docs/rules.md#invariant-clone: a clone equals its original and acting on it leaves the
    original."""
    deal = bezique.Deal.new(BEZIQUE, seed=9)
    twin = deal.clone()
    assert twin == deal
    twin.apply(twin.legal_actions()[0])
    assert twin != deal and deal.phase == "lead"


def _copies_position() -> bezique.Deal:
    """Q♠a tabled in a scored bezique, Q♠b fresh in hand (R10)."""
    deal = bezique.Deal.from_position(
        BEZIQUE,
        hands=["QS JD QS 7H 8H 9H AC KC", "7S 8S 9S 7C 8C 9C 10C JC"],
        stock="AH AH 10H 10H KH KH QH QH JH JH AD 9D",
        turn_up="9D",
        dealer=1, reachable=False,
    )
    deal.apply("play 7H")
    deal.apply("play 7S")
    deal.apply(Meld("bezique", (parse_card("QSa"), parse_card("JDa"))))
    deal.apply("draw")
    return deal


def test_copies_with_different_consequences_are_listed_with_copy_letters() -> None:
    """R10: two copies of Q♠ with different meld histories are distinct, qualified actions."""
    deal = _copies_position()
    texts = {str(a) for a in deal.legal_actions()}
    assert {"play QSa", "play QSb"} <= texts
    assert "play AC" in texts, "a card held once is written bare"


def test_bare_notation_for_distinct_copies_is_ambiguous() -> None:
    """R10: the bare form raises an ambiguity error listing the qualified forms."""
    deal = _copies_position()
    with pytest.raises(bezique.NotationError, match="play QSa"):
        deal.apply("play QS")
    deal.apply("play QSb")
    assert card_name(parse_card("QSb"), copies=True) == "QSb"
    assert parse_card("QSa") in deal.table(0)


def test_turn_up_bottom_turns_the_last_card_of_the_talon() -> None:
    """D31 (S004 option 2, FR-JDC 'atout vu'): the bottom card of the stock is turned."""
    rules = bezique.profile_from_toml('extends = "bezique"\ntrump.selection = "turn_up_bottom"')
    deal = bezique.Deal.new(rules, seed=11, dealer=0)
    cards = bezique.deal.shuffled(bezique.compile.compile_rules(rules).pack_cards, 11)
    assert deal.turn_up == cards[-1]
    assert deal.stock[0] == cards[16], "the 17th card stays in the stock, on top"
    assert deal.stock_size == 48 and deal.trump == cards[-1] >> 6
