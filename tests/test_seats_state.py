"""Issue 34, stage B: the engine's state as per-seat data (docs/rules.md#more-seats).

No validated profile has more than two seats yet (the validation gate), so the three- and
four-seat rules here are built with ``attrs.evolve``, which validation does not see. Play at
more seats (tricks of N cards, draws, the end phase) is stage C: these tests stop at a fresh
deal, before any trick.
"""

from __future__ import annotations

import hashlib
import pickle

import pytest
from attrs import evolve
from seated import seated

import bezique
from bezique.compile import compile_rules
from bezique.deal import Deal, dealing, shuffled
from bezique.errors import PositionError
from bezique.events import PLAY_EVENTS
from bezique.players import player_name, seats


@pytest.mark.parametrize(("n", "pack", "stock"), [(3, 96, 72), (4, 128, 96)])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_dealing_at_more_seats(n: int, pack: int, stock: int, dealer: int) -> None:
    """MP-09: 96 cards, 24 dealt, 72 in the stock (the turn-up included) at three seats; 128,
    32 and 96 at four. The positions partition the pack; the seat after the dealer is dealt
    first, by the profile's packets (3, 2, 3), and the dealer last."""
    rules = seated(n)
    d = dealing(rules, dealer=dealer)
    assert len(d.hands) == n
    assert all(len(h) == 8 for h in d.hands)
    assert d.turn_up is not None
    placed = [x for h in d.hands for x in h] + list(d.stock) + [d.turn_up]
    assert sorted(placed) == list(range(pack))
    assert len(d.stock) + 1 == stock
    after = (dealer + 1) % n
    assert d.hands[after][:3] == (0, 1, 2)
    for k in range(n):  # the first packet of three goes round the seats in order
        assert d.hands[(after + k) % n][:3] == (3 * k, 3 * k + 1, 3 * k + 2)
    assert d.hands[dealer][-1] == 8 * n - 1  # the dealer's packet ends the dealing
    assert d.turn_up == 8 * n  # bezique turns up the next card (trump.selection)


def test_dealing_refuses_a_dealer_off_the_table() -> None:
    with pytest.raises(PositionError, match="expected a seat 0 to 2"):
        dealing(seated(3), dealer=3)
    with pytest.raises(PositionError, match="expected player 0 or 1"):
        dealing(bezique.load_profile("bezique"), dealer=2)


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_new_at_more_seats(n: int, seed: int) -> None:
    rules = seated(n)
    c = compile_rules(rules)
    dealer = seed % n
    deal = Deal.new(rules, seed=seed, dealer=dealer)
    order = shuffled(c.pack_cards, seed)
    assert deal == Deal.from_order(rules, order, dealer=dealer)
    d = dealing(rules, dealer=dealer)
    for p in range(n):
        assert deal.bits.hand(p) == sum(1 << order[i] for i in d.hands[p])
        assert len(deal.hand(p)) == 8 and len(deal.origin.hands[p]) == 8
    assert deal.to_move == deal.leader == (dealer + 1) % n
    dix = 10 if deal.turn_up is not None and deal._is_dix(deal._turn_up) else 0
    assert deal.scores == tuple(dix if p == dealer else 0 for p in range(n))
    assert deal.brisques == (0,) * n
    assert deal.totals == (0,) * n  # per team: one seat a team here
    assert deal.stock_size == c.pack_size - 8 * n
    assert len(deal.origin.hands) == n


def test_compiled_seat_tables() -> None:
    two = compile_rules(bezique.load_profile("bezique"))
    assert (two.players, two.next_seat, two.draw_order, two.team_of) == (
        2, (1, 0), ((0, 1), (1, 0)), (0, 1))
    assert len(two.meld_memo) == 4 and len(two.own_memo) == len(two.play_memo) == 2
    four = compile_rules(seated(4))
    assert four.next_seat == (1, 2, 3, 0)
    assert four.draw_order[2] == (2, 3, 0, 1)
    assert four.team_of == (0, 1, 2, 3)
    assert len(four.meld_memo) == 8 and len(four.book_memo) == 4
    partners = compile_rules(evolve(seated(4), seats=evolve(seated(4).seats,
                                                             teams=((0, 2), (1, 3)))))
    assert partners.team_of == (0, 1, 0, 1)


def test_names_and_play_events_for_four_seats() -> None:
    assert [player_name(p) for p in seats(4)] == ["P0", "P1", "P2", "P3"]
    assert player_name(None) == "nobody" and player_name(5) == "P5"
    assert len(PLAY_EVENTS) == 4 and PLAY_EVENTS[3][9].player == 3


def _stir(deal: Deal) -> None:
    """Change every per-seat list of a fresh deal (no play at more seats before stage C)."""
    n = deal.rules.players
    for p in range(n):
        deal._hand[p] ^= 1 << 255 if p % 2 else 0
        deal._table[p] = p + 1
        deal._known[p] = 2 * p + 1
        deal._captured[p] = 3 * p + 1
        deal._scores[p] += 10 * (p + 1)
        deal._carte[p] = 1
    deal._to_move = n - 1


@pytest.mark.parametrize("n", [3, 4])
def test_snapshot_restore_clone_pickle_at_more_seats(n: int) -> None:
    deal = Deal.new(seated(n), seed=3, dealer=1)
    before = deal.clone()
    saved = deal.snapshot()
    _stir(deal)
    assert deal != before
    assert deal.clone() == deal
    deal.restore(saved)
    assert deal == before
    _stir(deal)
    deal.restore(saved)  # restores any number of times
    assert deal == before and deal.scores == (0,) * n
    copy = deal.clone(history=False)
    _stir(copy)
    assert deal == before  # the clone shares no list with the deal
    again = pickle.loads(pickle.dumps(deal))
    assert again == deal and again._c is deal._c
    assert pickle.loads(pickle.dumps(copy)) == copy


def test_two_seat_snapshot_keeps_its_layout() -> None:
    deal = Deal.new(bezique.load_profile("bezique"), seed=3)
    snap = deal.snapshot()
    assert len(snap._values) == 33
    assert not hasattr(snap, "_wide")


@pytest.mark.parametrize("n", [3, 4])
def test_from_position_with_n_hands(n: int) -> None:
    rules = seated(n)
    hands = ["AS KS", "AH KH", "AD KD", "AC KC"][:n]
    stock = " ".join(["QS", "QH", "QD", "QC", "JS", "JH", "JD", "JC"][:2 * n])
    deal = Deal.from_position(rules, hands=hands, stock=stock, dealer=n - 1,
                              scores=list(range(n)), reachable=False)
    assert deal.leader == deal.to_move == 0
    assert deal.scores == tuple(range(n))
    assert [" ".join(map(str, deal.origin.hands[p])) for p in range(n)] == hands
    assert deal.stock_size == 2 * n
    assert len(deal.origin.hands) == n and deal.origin.scores == tuple(range(n))
    saved, before = deal.snapshot(), deal.clone()
    _stir(deal)
    deal.restore(saved)
    assert deal == before


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"hands": ["AS", "AH"]}, r"hands: expected 3 hands \(P0's to P2's\), got 2"),
    ({"hands": ["AS", "AH", ""]}, "expected 3 hands of at least one card each, got 1, 1 and 0"),
    ({"hands": ["AS", "AH", "AD"], "dealer": 3}, "dealer: expected a seat 0 to 2, got 3"),
    ({"hands": ["AS", "AH", "AD"], "leader": -1}, "leader: expected a seat 0 to 2"),
    ({"hands": ["AS", "AH", "AD"], "scores": (0, 0)}, r"expected 3 integers \(P0's to P2's\)"),
    ({"hands": ["AS", "AH", "AD"], "totals": (0, 0)}, r"totals: expected 3 integers"),
    ({"hands": ["AS", "AH", "AD"], "stock": "KS KH KD KC"}, "4 cards to draw .* do not divide"),
])
def test_from_position_errors_at_three_seats(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Deal.from_position(seated(3), **kwargs)  # type: ignore[arg-type]


def test_two_seat_deals_as_before() -> None:
    """Every two-seat built-in profile deals, lists and names as on main before stage B (46bb22a):
    a fingerprint of `Deal.new` at both dealers and seeds 0-4, and of `dealing`."""
    h = hashlib.sha256()
    for name in sorted(bezique.list_profiles()):
        rules = bezique.load_profile(name)
        if rules.players != 2 or rules.pack.jokers:
            continue  # the built-in profiles of more seats, and of jokers, came later
        for seed in range(5):
            for dealer in (0, 1):
                d = Deal.new(rules, seed=seed, dealer=dealer)
                h.update(repr((name, d.origin, [d.hand(p) for p in (0, 1)], d.stock,
                               d.turn_up, d.scores, d.to_move, d.events,
                               d.legal_actions())).encode())
            h.update(repr(dealing(rules, dealer=seed % 2)).encode())
    assert h.hexdigest() == "75b506f7d7e0393e2a8c67ce2365bb2ff6edb20eccce7ef89166edfdf692fc3e"
