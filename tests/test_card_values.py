"""Cards, suits and ranks at the public surface (issue 11 §2): `Card`, `Suit`, `Rank` values,
their notation, and every public place that hands cards out gives them."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from conftest import played

import bezique
from bezique import Card, NotationError, Rank, Suit
from bezique.actions import DixExchange, DixShow, Meld, Play
from bezique.cards import CARDS, CardSet, as_cards, card_name, parse_card

ALL_CARDS = range(256)


# --- Card -------------------------------------------------------------------------------------


@pytest.mark.parametrize("x", ALL_CARDS)
def test_every_card_round_trips_through_str_repr_and_symbols(x: int) -> None:
    card = CARDS[x]
    assert card == x and type(card) is Card
    assert Card.parse(str(card)) is card
    assert Card(str(card)) is card and Card(x) is card
    assert eval(repr(card), {"Card": Card}) is card
    assert Card.parse(format(card, "s")) is card
    assert Card.parse(format(card, "a")) is card


def test_card_str_writes_a_copy_letter_only_after_the_first_copy() -> None:
    assert str(Card("QSa")) == "QS" and str(Card("QSb")) == "QSb" and str(Card("Q♠h")) == "QSh"
    assert repr(Card("10Dc")) == "Card('10Dc')"


def test_card_formats_symbols_kind_and_explicit_copy() -> None:
    first, third = Card("KH"), Card("KHc")
    assert [format(first, s) for s in ("", "s", "k", "a", "sk", "sa")] == [
        "KH", "K♥", "KH", "KHa", "K♥", "K♥a"]
    assert [format(third, s) for s in ("", "s", "k", "a", "sk")] == [
        "KHc", "K♥c", "KH", "KHc", "K♥"]
    assert f"{third:>6}|{third:03d}" == "   KHc|082"
    assert first.symbol == third.symbol == "K♥"


def test_card_exposes_rank_suit_copy_and_kind() -> None:
    card = Card("10Dc")
    assert card.rank is Rank.TEN and card.suit is Suit.DIAMONDS
    assert (card.copy, card.kind) == (2, Suit.DIAMONDS * 8 + Rank.TEN)
    assert Card.of(Rank.TEN, Suit.DIAMONDS, 2) is card
    assert all(CARDS[x].rank == x >> 3 & 7 and CARDS[x].suit == x >> 6 for x in ALL_CARDS)


def test_card_arithmetic_gives_plain_ints_and_equals_its_int() -> None:
    card = Card("QSb")
    assert type(card >> 3) is int and type(card + 0) is int
    assert card == 25 and hash(card) == hash(25) and {25: "x"}[card] == "x"
    assert card in CardSet.of([25]) and 25 in CardSet.of([card])


def test_card_pickles_and_copies_to_the_same_value() -> None:
    card = Card("JDd")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol)) == card
        assert type(pickle.loads(pickle.dumps(card, protocol))) is Card
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(Suit.HEARTS)) is Suit.HEARTS
    assert pickle.loads(pickle.dumps(Rank.NINE)) is Rank.NINE


@pytest.mark.parametrize(
    ("value", "error"),
    [(256, ValueError), (-1, ValueError), ("QX", NotationError), ("", NotationError),
     ("QSz", NotationError), (2.5, TypeError), (None, TypeError)],
)
def test_bad_card_values_raise_a_clear_error(value: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        Card(value)  # type: ignore[arg-type]


def test_card_of_refuses_out_of_range_parts() -> None:
    for args in ((8, 0), (0, 4), (0, 0, 8), (-1, 0)):
        with pytest.raises(ValueError, match="no card"):
            Card.of(*args)


# --- Suit and Rank ----------------------------------------------------------------------------


def test_suit_keeps_the_ints_and_prints_its_name() -> None:
    assert [int(s) for s in Suit] == [0, 1, 2, 3]
    assert [str(s) for s in Suit] == ["spades", "hearts", "diamonds", "clubs"]
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert [s.letter for s in Suit] == ["S", "H", "D", "C"]
    assert [f"{s}:{s:s}:{s:l}:{s:d}" for s in (Suit.SPADES,)] == ["spades:♠:S:0"]
    assert Suit.CLUBS == 3 and Suit(2) is Suit.DIAMONDS


@pytest.mark.parametrize(
    ("text", "suit"),
    [("S", Suit.SPADES), ("s", Suit.SPADES), ("♠", Suit.SPADES), ("♤", Suit.SPADES),
     ("spades", Suit.SPADES), ("Spade", Suit.SPADES), ("HEARTS", Suit.HEARTS),
     ("♦", Suit.DIAMONDS), ("club", Suit.CLUBS), (" c ", Suit.CLUBS)],
)
def test_suit_parses_letters_symbols_and_names(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


@pytest.mark.parametrize("text", ["", "X", "spadez", "♠♠", "0"])
def test_suit_parse_refuses_anything_else(text: str) -> None:
    with pytest.raises(NotationError, match="unknown suit"):
        Suit.parse(text)


def test_rank_prints_as_notation_and_orders_strongest_first() -> None:
    assert [str(r) for r in Rank] == ["A", "10", "K", "Q", "J", "9", "8", "7"]
    assert Rank.parse("T") is Rank.parse("10") is Rank.parse("Ten") is Rank.TEN
    assert Rank.parse("q") is Rank.QUEEN and Rank.ACE < Rank.SEVEN
    with pytest.raises(NotationError):
        Rank.parse("6")


# --- the public places that hand out cards -----------------------------------------------------


def _all_cards(values: object) -> bool:
    return all(type(x) is Card for x in values)  # type: ignore[attr-defined]


def test_iterating_a_card_set_gives_cards() -> None:
    deal = played("bezique", 3, 0)
    for cards in (deal.hand(0), deal.hand(1), deal.table(0), deal.captured(1), deal.heap):
        assert _all_cards(cards)
    assert list(CardSet.of([0, 9, 255])) == [Card("AS"), Card("10Sb"), Card("7Ch")]


@pytest.mark.parametrize("profile", ["bezique", "chinese", "pinochle", "rubicon", "five-hundred"])
def test_deal_views_events_and_actions_give_cards_and_suits(profile: str) -> None:
    deal = played(profile, 5, 0)
    assert deal.turn_up is None or type(deal.turn_up) is Card
    assert deal.trump is None or type(deal.trump) is Suit
    assert _all_cards(deal.stock)
    origin = deal.origin
    assert _all_cards(origin.hands[0]) and _all_cards(origin.hands[1])
    assert _all_cards(origin.stock)
    assert origin.turn_up is None or type(origin.turn_up) is Card
    rng = random.Random(5)
    while not deal.is_over:
        assert _all_cards(deal.trick)
        for action in deal.legal_actions():
            if isinstance(action, Play | DixShow | DixExchange):
                assert type(action.card) is Card
            if isinstance(action, Meld):
                assert _all_cards(action.cards)
        legal = deal.legal_actions()
        deal.apply(legal[int(rng.random() * len(legal))])
    for event in deal.events:
        assert _all_cards(event.cards), event
    for declaration in deal.declarations:
        assert _all_cards(declaration.card_set) and declaration.card_set.bits == declaration.cards
    assert deal.trump is None or type(deal.trump) is Suit


def test_observation_gives_cards_and_suits() -> None:
    deal = played("bezique", 11, 30)
    seen = deal.observation(deal.to_move or 0)
    assert seen.turn_up is None or type(seen.turn_up) is Card
    assert type(seen.trump) is Suit
    assert _all_cards(seen.trick) and _all_cards(seen.hand) and _all_cards(seen.unseen)
    assert all(_all_cards(e.cards) for e in seen.events)


def test_game_draws_for_the_first_deal_are_cards() -> None:
    game = bezique.Game(bezique.load_profile("bezique"), seed=3)
    assert game.draws and all(_all_cards(pair) for pair in game.draws)


def test_actions_convert_ints_and_notation_to_cards() -> None:
    assert Play(25) == Play(Card("QSb")) == Play("QSb")
    assert type(Play(25).card) is Card
    assert Meld("bezique", (3 * 8, "JD")).cards == (Card("QS"), Card("JD"))
    assert as_cards("QS, JDb") == (Card("QS"), Card("JDb"))
    with pytest.raises(ValueError):
        Play(300)


def test_a_stacked_position_gives_cards_everywhere() -> None:
    deal = bezique.Deal.from_position(
        bezique.load_profile("bezique"), hands=["QS JD 10H", "KS QSb 7C"], stock="8C 9D 9S KD",
        dealer=0, reachable=False,
    )
    assert deal.turn_up == Card("KD") and deal.trump is Suit.DIAMONDS
    assert deal.stock == (Card("8C"), Card("9D"), Card("9S"))
    assert str(deal.hand(1)) == "KS QSb 7C"
    assert card_name(parse_card("QSb"), copies=True) == "QSb"  # the int helpers stay as they were


# --- compact reprs ----------------------------------------------------------------------------


def test_rules_repr_is_name_and_digest_and_rules_stay_frozen_values() -> None:
    rules = bezique.load_profile("bezique")
    assert repr(rules) == f"<Rules bezique {rules.digest}>"
    assert rules == bezique.load_profile("bezique") and hash(rules) == hash(
        bezique.load_profile("bezique"))
    with pytest.raises(AttributeError):
        rules.name = "x"  # type: ignore[misc]


def test_deal_game_and_observation_reprs_are_one_line() -> None:
    rules = bezique.load_profile("bezique")
    game = bezique.Game(rules, seed=7)
    assert repr(game) == "<Game bezique seed=7 deals=0 totals=(0, 0) target=1000 playing>"
    deal = game.new_deal()
    trump = deal.trump
    assert repr(deal) == (
        f"<Deal bezique lead to_move=P{deal.to_move} trump={trump} stock=48 scores=(0, 0)>"
    )
    assert repr(deal.observation(1)) == (
        f"<Observation by P1 bezique lead to_move=P{deal.to_move} trump={trump} hand=8 "
        "stock=48 scores=(0, 0)>"
    )
    for text in (repr(rules), repr(game), repr(deal), repr(deal.observation(0))):
        assert "\n" not in text and len(text) < 120


def test_deal_repr_names_spades_trumps_and_an_unfixed_trump() -> None:
    spades = bezique.Deal.from_position(
        bezique.load_profile("bezique"), hands=["QS", "KS"], stock="8C 9S", dealer=0,
        reachable=False)
    assert "trump=spades" in repr(spades)
    unfixed = bezique.Deal.new(bezique.load_profile("bezique-first-marriage"), seed=1)
    assert "trump=-" in repr(unfixed)
