"""Observations and determinisation (docs/rules.md#invariant-information,
#invariant-clone): what a player may know,
nothing more, and full deals consistent with it."""

from __future__ import annotations

import random

import attrs
import pytest
from conftest import played, swapped
from hypothesis import given, settings
from hypothesis import strategies as st
from jokers import JOKER_PROFILES

import bezique
from bezique import Deal, list_profiles, load_profile
from bezique.actions import Meld
from bezique.cards import JOKER_BITS, card_name, iter_bits, parse_card
from bezique.compile import compile_rules
from bezique.observation import glimpse, mask_event

PROFILES = list_profiles()
TWO_SEAT = [name for name in PROFILES if load_profile(name).players == 2]
"""The profiles with one opponent (`hidden`, ``known_opponent``); what a seat sees at three and
four seats (N11) is tested in tests/test_seats_observation.py and tests/test_seats_profiles.py."""
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def hidden(deal: Deal, player: int) -> int:
    """The cards ``player`` cannot see: the opponent's unknown concealed cards and the stock."""
    opp = 1 - player
    return (deal._hand[opp] & ~deal._known[opp]) | sum(1 << x for x in deal._stock)


# --------------------------------------------------------------------------- invariant 11


@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=12, deadline=None)
@given(seed=SEEDS, plies=st.integers(0, 120), player=st.integers(0, 1))
def test_invariant_11_hidden_cards_do_not_change_the_observation(
    name: str, seed: int, plies: int, player: int
) -> None:
    """docs/rules.md#invariant-information: deals differing only in the opponent's hidden cards and
    stock
    order give equal observations; a change to the observer's own hand does not."""
    deal = played(name, seed, plies)
    rng = random.Random(seed)
    twin = swapped(deal, player, rng)
    if twin is not None:
        assert twin != deal
        assert twin.observation(player) == deal.observation(player)
    if len(deal._stock) > 1:
        reordered = deal.clone()
        reordered._stock = deal._stock[1:] + deal._stock[:1]
        assert reordered.observation(player) == deal.observation(player)
    own = list(iter_bits(deal._hand[player]))
    if own and deal._stock and deal._stock[0] >> 3 not in {x >> 3 for x in own}:
        changed = deal.clone()
        changed._hand[player] = deal._hand[player] & ~(1 << own[0]) | (1 << deal._stock[0])
        changed._stock = [own[0], *deal._stock[1:]]
        assert changed.observation(player) != deal.observation(player)


@pytest.mark.parametrize("name", TWO_SEAT)
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, plies=st.integers(0, 150), player=st.integers(0, 1))
def test_observation_shows_no_hidden_card(name: str, seed: int, plies: int, player: int) -> None:
    """No hidden card appears in the observation's events; the opponent's private draws are
    masked, the observer's own are shown; ``unseen`` is exactly the hidden cards."""
    deal = played(name, seed, plies)
    seen = deal.observation(player)
    secret = hidden(deal, player)
    assert seen.unseen.bits == secret
    assert seen.opponent_hand_size == deal.hand(1 - player).bits.bit_count()
    for real, shown in zip(deal.events, seen.events, strict=True):
        if real.private and real.player != player:
            assert shown.cards == () and shown.kind == real.kind
        else:
            assert shown == real
    for event in seen.events:
        if event.kind == "draw" and event.player != player:
            assert not any(secret >> x & 1 for x in event.cards)
    assert seen.hand == deal.hand(player)
    assert seen.known_opponent == deal.known(1 - player)


def test_start_of_deal_observation_ignores_the_other_hand() -> None:
    """Two stacked deals with the same hand for player 1 and a different hand for player 0
    (and stock) look the same to player 1, before and after his lead."""
    rules = load_profile("bezique")
    a = Deal.from_position(rules, hands=["AS 10S KS QS JS 9S 8S 7S", "AH 10H KH QH JH 9H 8H 7H"],
                           stock="AD 10D KD QD JD 9D 8D 7D AC 7C")
    b = Deal.from_position(rules, hands=["AD 10D KD QD JD 9D 8D 7D", "AH 10H KH QH JH 9H 8H 7H"],
                           stock="AS 10S KS QS JS 9S 8S 7S AC 7C")
    assert a != b and a.observation(1) == b.observation(1)
    assert a.observation(0) != b.observation(0)
    a.apply("play AH")
    b.apply("play AH")
    assert a.observation(1) == b.observation(1)


def test_known_cards_are_observed() -> None:
    """A shown card of the opponent (a dix exchanged for the turn-up: he now holds the
    turn-up) is part of what the observer knows."""
    rules = load_profile("bezique")
    deal = Deal.from_position(rules, hands=["7H AS", "KC QC"], stock="JD 9C 8D 10H", leader=0,
                              reachable=False)
    deal.apply("play AS")
    deal.apply("play KC")
    assert parse_card("10H") not in deal.observation(1).known_opponent
    deal.apply("dix exchange")
    seen = deal.observation(1)
    assert parse_card("10H") in seen.known_opponent
    assert seen.known_opponent == deal.known(0)
    assert seen.turn_up == deal.turn_up == parse_card("7H")


@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=6, deadline=None)
@given(seed=SEEDS, plies=st.integers(0, 150))
def test_observation_legal_actions_are_the_deals(name: str, seed: int, plies: int) -> None:
    """The player to move gets the deal's legal actions from his observation; the other none."""
    deal = played(name, seed, plies)
    for player in (0, 1):
        expected = deal.legal_actions() if deal.to_move == player else []
        assert deal.observation(player).legal_actions() == expected


def test_mask_event_keeps_public_events() -> None:
    """Only another player's private cards are masked."""
    deal = played("bezique", 5, 30)
    draws = [e for e in deal.events if e.kind == "draw" and e.private]
    assert draws
    for e in draws:
        assert e.player is not None
        assert mask_event(e, e.player) == e
        assert mask_event(e, 1 - e.player).cards == ()


# --------------------------------------------------------------------------- determinize


@pytest.mark.parametrize("name", TWO_SEAT)
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, plies=st.integers(0, 150), player=st.integers(0, 1))
def test_determinize_is_consistent_with_the_observation(
    name: str, seed: int, plies: int, player: int
) -> None:
    """A determinized deal gives the same observation, keeps the observer's hand, the
    opponent's known cards and the turn-up, deals the unseen cards between the opponent's hand
    and the stock, and plays on to its end."""
    deal = played(name, seed, plies)
    rng = random.Random(seed)
    world = deal.determinize(player, rng)
    opp = 1 - player
    assert world.observation(player) == deal.observation(player)
    assert world.hand(player) == deal.hand(player)
    assert world.known(opp).bits == deal.known(opp).bits
    assert deal.known(opp).bits & ~world.hand(opp).bits == 0
    assert world.turn_up == deal.turn_up and world.stock_size == deal.stock_size
    assert hidden(world, player) == hidden(deal, player)
    assert world.seed is None
    assert not any(e.cards for e in world.events if e.private and e.player == opp)
    while not world.is_over:
        world.apply(rng.choice(world.legal_actions()))


def test_determinize_samples_different_worlds() -> None:
    """Different random streams deal the unseen cards differently; the original is untouched."""
    deal = played("bezique", 3, 10)
    before = deal.clone()
    hands = {deal.determinize(0, random.Random(s)).hand(1).bits for s in range(20)}
    assert len(hands) > 1
    assert deal == before


def test_determinize_gives_a_repeat_carte_blanche_the_state_of_the_sampled_draw() -> None:
    """melds.carte_blanche_repeat (D21: WKC-RUB, S001, PARLETT): after showing carte blanche a
    player may show it again after each non-court draw, until he draws a court card; his draw
    is hidden from the opponent. A world determinized for the opponent gives him the state a
    real deal with the sampled draw would: closed after a court card, open after another."""
    rules = load_profile("rubicon")
    hands = ["AD 10D 9D 8D 7D AC 10C 9C KC", "AS 10S 9S 8S 7S AH 10H 9H 8H"]

    def dealt(stock: str) -> Deal:
        deal = Deal.from_position(rules, hands=hands, stock=stock, dealer=0)
        for action in ("carte blanche", "play AS", "play 7D", "draw"):
            deal.apply(action)
        return deal

    deal = dealt("7H 7C KS QH JD 9C")
    assert deal.to_move == 1 and deal.can_apply("carte blanche")
    outcomes = set()
    for seed in range(12):
        world = deal.determinize(0, random.Random(seed))
        (drawn,) = world.hand(1) - deal.known(1)
        stock = " ".join(card_name(c, copies=True) for c in world.stock)
        real = dealt(f"{card_name(drawn, copies=True)} 7Ca {stock}")
        assert real.hand(1) == world.hand(1) and real.stock == world.stock
        assert world._carte == real._carte
        outcomes.add(world.can_apply("carte blanche"))
    assert outcomes == {True, False}


# --------------------------------------------------------------------------- invariant 12


@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, plies=st.integers(0, 150))
def test_invariant_12_clone_is_equal_and_independent(name: str, seed: int, plies: int) -> None:
    """docs/rules.md#invariant-clone: a clone equals its original, and acting on it (to the end)
    leaves the original unchanged."""
    deal = played(name, seed, plies)
    snapshot = (deal.events, deal.scores, deal.stock, [deal.hand(p) for p in (0, 1)])
    twin = deal.clone()
    assert twin == deal
    rng = random.Random(seed + 1)
    while not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions()))
    if plies and not deal.is_over:
        assert twin != deal
    assert (deal.events, deal.scores, deal.stock, [deal.hand(p) for p in (0, 1)]) == snapshot
    assert deal == played(name, seed, plies)


@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, plies=st.integers(0, 150), player=st.integers(0, 1))
def test_observation_determinize_gives_a_consistent_world_and_no_trace(
    name: str, seed: int, plies: int, player: int
) -> None:
    """``Observation.determinize(rng)``: a full deal whose observation for the observer equals
    the one it came from; the same rng gives the same world, and deals differing only in cards
    the observer cannot see give the same worlds (the observation carries nothing hidden)."""
    deal = played(name, seed, plies)
    seen = deal.observation(player)
    world = seen.determinize(random.Random(seed))
    assert world.observation(player) == seen
    if deal.to_move == player:
        assert world.legal_actions() == deal.legal_actions()
    assert world == seen.determinize(random.Random(seed))
    twin = swapped(deal, player, random.Random(seed + 1))
    if twin is not None:
        assert twin.observation(player).determinize(random.Random(3)) == seen.determinize(
            random.Random(3))
    if not deal.is_over:
        mover = world.clone()
        mover.apply(mover.legal_actions()[0])


def test_an_observation_built_by_hand_cannot_be_determinized() -> None:
    seen = bezique.Deal.new(bezique.load_profile("bezique"), seed=2).observation(0)
    bare = attrs.evolve(seen, world=None)
    with pytest.raises(ValueError, match=r"not made by Deal\.observation"):
        bare.determinize(random.Random(0))


def test_a_glimpse_is_the_observation_without_history_or_world() -> None:
    """`glimpse` (what the adapters read at every step) equals the observation in every field
    but the history, and cannot sample worlds."""
    deal = Deal.new(load_profile("bezique"), seed=5)
    rng = random.Random(2)
    for _ in range(30):
        deal.apply(rng.choice(deal.legal_actions()))
    for player in (0, 1):
        full, quick = deal.observation(player), glimpse(deal, player)
        assert quick.events == ()
        assert attrs.evolve(full, events=()) == quick
        with pytest.raises(ValueError, match="determinize"):
            quick.determinize(rng)


@pytest.mark.parametrize("name", JOKER_PROFILES)
def test_determinized_joker_deals_offer_the_same_actions(name: str) -> None:
    """Joker Bésigue (J1, docs/rules.md#game-joker): at every state of random deals (half of
    them with seats that declare whenever they may, so jokers lie on the tables), the cards the
    seat to move cannot place are the pack less every card it sees, so the unseen jokers are the
    four less those in its hand, on a table, won, in the heap or the trick, or known in another
    hand; a world determinized for it (from the observation and from the deal) gives it the
    same observation and offers it the same legal actions as the real deal."""
    rules = load_profile(name)
    pack = sum(1 << x for x in compile_rules(rules).pack_cards)
    worlds = jokers_unseen = 0
    for seed in range(6):
        rng = random.Random(seed)
        deal = Deal.new(rules, seed=seed)
        while not deal.is_over:
            player = deal.to_move
            assert player is not None
            seen = deal.observation(player)
            shown = seen.hand.bits | seen.heap.bits | sum(1 << x for x in seen.trick)
            for seat in range(rules.players):
                shown |= seen.tables[seat].bits | seen.captured[seat].bits | seen.known[seat].bits
            assert seen.unseen.bits == pack & ~shown
            jokers_unseen += (seen.unseen.bits & JOKER_BITS).bit_count()
            if len(deal.actions) % 3 == 0:
                for world in (seen.determinize(rng), deal.determinize(player, rng)):
                    assert world.legal_actions() == deal.legal_actions()
                    assert world.observation(player) == seen
                    worlds += 1
            legal = deal.legal_actions()
            melds = [a for a in legal if isinstance(a, Meld)] if seed % 2 else []
            deal.apply(rng.choice(melds or legal))
    assert worlds > 500 and jokers_unseen
