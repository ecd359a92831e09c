"""Card notation (docs/cards.md: rank+suit, ``T`` for ten, suit symbols, copy letters) and
CardSet."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bezique import NotationError
from bezique.cards import (
    RANKS,
    SUITS,
    CardSet,
    card_name,
    card_of,
    copy,
    iter_bits,
    kind,
    kind_bits,
    kind_name,
    kind_of,
    parse_card,
    parse_card_ref,
    parse_cards,
    parse_kind,
    rank,
    rank_index,
    suit,
    suit_index,
)

ALL_CARDS = range(32 * 8)
cards = st.integers(0, 255)


# --- notation --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "name"),
    [("QS", "QS"), ("10D", "10D"), ("TD", "10D"), ("td", "10D"), ("Q♠", "QS"), ("q♠", "QS"),
     ("K♥", "KH"), ("J♦", "JD"), ("A♣", "AC"), ("7c", "7C"), ("9h", "9H"), ("8♢", "8D"),
     (" AS ", "AS")],
)
def test_rank_then_suit_in_letters_or_symbols(token: str, name: str) -> None:
    assert card_name(parse_card(token)) == name


def test_ten_is_written_10_or_t() -> None:
    assert parse_kind("10H") == parse_kind("TH") == kind_of(RANKS.index("10"), SUITS.index("H"))


def test_symbols_and_letters_name_the_same_card() -> None:
    assert parse_cards("QS JD 10H 7C") == parse_cards("Q♠ J♦ 10♥ 7♣")


def test_copy_letters_pick_the_physical_copy() -> None:
    a, b, h = parse_card("QSa"), parse_card("QSb"), parse_card("Q♠h")
    assert kind(a) == kind(b) == kind(h) == parse_kind("QS")
    assert (copy(a), copy(b), copy(h)) == (0, 1, 7)
    assert parse_card("QS") == a
    assert card_name(b, copies=True) == "QSb" and card_name(b) == "QS"


def test_lowercase_suit_is_not_mistaken_for_a_copy_letter() -> None:
    assert card_name(parse_card("Kh"), copies=True) == "KHa"
    assert card_name(parse_card("Ad"), copies=True) == "ADa"
    assert card_name(parse_card("10d"), copies=True) == "10Da"


def test_card_ref_keeps_an_unwritten_copy_as_none() -> None:
    assert parse_card_ref("QS") == (parse_kind("QS"), None)
    assert parse_card_ref("QSb") == (parse_kind("QS"), 1)


@given(cards)
def test_every_card_round_trips_through_its_name(card: int) -> None:
    assert parse_card(card_name(card, copies=True)) == card
    assert parse_card(card_name(card, copies=True, symbols=True)) == card
    assert card_of(kind(card), copy(card)) == card
    assert kind_of(rank(card), suit(card)) == kind(card)


def test_every_kind_round_trips_through_its_name() -> None:
    for k in range(32):
        assert parse_kind(kind_name(k)) == k
        assert parse_kind(kind_name(k, symbols=True)) == k


def test_rank_and_suit_indices() -> None:
    assert [rank_index(r) for r in RANKS] == list(range(8))
    assert rank_index("T") == 1
    assert [suit_index(s) for s in "SHDC"] == [suit_index(s) for s in "♠♥♦♣"] == [0, 1, 2, 3]


def test_parse_cards_accepts_spaces_commas_and_lists() -> None:
    assert parse_cards("AS, 10S  KS") == parse_cards(["AS", "10S", "KS"])
    assert parse_cards("") == []


# --- notation errors name the bad token ------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "fragment"),
    [("ZS", "bad card 'ZS': unknown rank 'Z'"),
     ("QX", "bad card 'QX': unknown suit 'X'"),
     ("Q", "bad card 'Q': expected rank then suit"),
     ("1D", "bad card '1D': unknown rank '1'"),
     ("10", "bad card '10': expected rank then suit"),
     ("QSi", "bad card 'QSi': unknown copy letter 'i' (a to h)"),
     ("KHz", "bad card 'KHz': unknown copy letter 'z'"),
     ("", "empty card token")],
)
def test_parse_errors_name_the_bad_token(token: str, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(token)
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError)


def test_parse_cards_names_the_bad_token_among_good_ones() -> None:
    with pytest.raises(NotationError, match="bad card 'XX'"):
        parse_cards("QS JD XX 7C")


def test_kind_does_not_take_a_copy_letter() -> None:
    with pytest.raises(NotationError, match="'QSb': no copy letter expected"):
        parse_kind("QSb")


def test_unknown_rank_and_suit_names() -> None:
    with pytest.raises(NotationError, match="unknown rank 'X'"):
        rank_index("X")
    with pytest.raises(NotationError, match="unknown suit 'Z'"):
        suit_index("Z")


# --- CardSet ---------------------------------------------------------------------------------


def test_cardset_of_holds_exactly_its_cards() -> None:
    s = CardSet.of(parse_cards("QS JD QSb"))
    assert len(s) == 3 and bool(s)
    assert parse_card("QSb") in s and parse_card("QSc") not in s
    assert "QS" not in s  # only ints are members
    assert s.count_kind(parse_kind("QS")) == 2 and s.count_kind(parse_kind("AS")) == 0
    assert str(s) == "QS QSb JD"
    assert repr(s) == "CardSet('QS QSb JD')"
    assert not CardSet() and len(CardSet()) == 0


def test_cardset_iterates_in_card_order() -> None:
    s = CardSet.of(parse_cards("7C AS QSb QS"))
    assert list(s) == sorted(parse_cards("7C AS QSb QS"))


@given(st.frozensets(cards), st.frozensets(cards))
def test_cardset_operations_match_python_sets(a: frozenset[int], b: frozenset[int]) -> None:
    sa, sb = CardSet.of(a), CardSet.of(b)
    assert set(sa | sb) == a | b
    assert set(sa & sb) == a & b
    assert set(sa - sb) == a - b
    assert (sa == sb) == (a == b)
    assert len(sa) == len(a)
    if a == b:
        assert hash(sa) == hash(sb)


def test_cardset_is_immutable() -> None:
    s = CardSet.of([1, 2])
    with pytest.raises(AttributeError):
        s.bits = 0


def test_kind_bits_cover_every_copy_of_a_kind() -> None:
    k = parse_kind("JD")
    everything = CardSet(kind_bits(k))
    assert len(everything) == 8
    assert all(kind(c) == k for c in everything)
    assert list(iter_bits(0b1010_0001)) == [0, 5, 7]


def test_all_cards_are_distinct_ints() -> None:
    names = {card_name(c, copies=True) for c in ALL_CARDS}
    assert len(names) == 256
