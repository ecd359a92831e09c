"""The observation tensor shared by the AI adapters (bezique.features, docs/ai.md)."""

from __future__ import annotations

import random

import pytest
from conftest import BUILTIN_PROFILES, TWO_SEAT_PROFILES, played
from jokers import JOKER_PROFILES, TWO_JOKERS, quartet_position

from bezique import Deal, load_profile, profile_from_toml
from bezique.features import (
    FeatureBlock,
    deal_tensor,
    observation_layout,
    observation_size,
    observation_tensor,
)


def block(rules_name: str, name: str) -> FeatureBlock:
    """The block called ``name`` of a profile's layout."""
    return next(b for b in observation_layout(load_profile(rules_name)) if b.name == name)


def part(tensor: list[float], b: FeatureBlock) -> list[float]:
    return tensor[b.offset:b.offset + b.size]


@pytest.mark.parametrize("name", BUILTIN_PROFILES)
def test_tensor_has_the_profile_size_and_values_in_unit_interval(name: str) -> None:
    """Every observation of random states (both players, every phase met) has exactly
    `observation_size` values, all in [0, 1]."""
    size = observation_size(load_profile(name))
    for seed in range(3):
        for plies in (0, 7, 40, 400):
            deal = played(name, seed, plies)
            for player in (0, 1):
                tensor = observation_tensor(deal.observation(player))
                assert len(tensor) == size
                assert all(0.0 <= x <= 1.0 for x in tensor), (name, seed, plies, player)


@pytest.mark.parametrize("name", BUILTIN_PROFILES)
def test_deal_tensor_equals_the_tensor_of_the_full_observation(name: str) -> None:
    """The adapters' shortcut (no history, no world) gives the very tensor of
    `Deal.observation`, for both players, at random states of every phase."""
    for seed in range(3):
        for plies in (0, 7, 40, 400):
            deal = played(name, seed, plies)
            for player in (0, 1):
                assert deal_tensor(deal, player) == observation_tensor(deal.observation(player))


@pytest.mark.parametrize("name", BUILTIN_PROFILES)
def test_layout_blocks_tile_the_tensor_in_order(name: str) -> None:
    rules = load_profile(name)
    layout = observation_layout(rules)
    offset = 0
    for b in layout:
        assert b.offset == offset and b.size > 0 and b.meaning
        offset += b.size
    assert offset == observation_size(rules)
    assert len({b.name for b in layout}) == len(layout)


@pytest.mark.parametrize("name", TWO_SEAT_PROFILES)
def test_card_blocks_count_the_observation_cards(name: str) -> None:
    """The per-kind blocks times the copies per kind give back the number of cards (the
    two-seat layout; tests/test_seats_adapters.py checks the blocks at more seats)."""
    rules = load_profile(name)
    copies = rules.pack.copies
    deal = played(name, 1, 30)
    player = 0
    obs = deal.observation(player)
    tensor = observation_tensor(obs)
    for block_name, cards in [("hand", obs.hand), ("unseen", obs.unseen),
                              ("own_table", obs.tables[player]), ("heap", obs.heap),
                              ("opp_captured", obs.captured[1])]:
        assert round(sum(part(tensor, block(name, block_name))) * copies) == len(cards)


def test_tensor_is_deterministic_and_ignores_hidden_cards() -> None:
    """Equal observations give equal tensors: a determinised world (the opponent's hand and
    the stock redealt) gives the observer the same tensor."""
    deal = played("bezique", 3, 25)
    player = deal.to_move or 0
    tensor = observation_tensor(deal.observation(player))
    assert observation_tensor(deal.observation(player)) == tensor
    world = deal.determinize(player, random.Random(5))
    assert world.hand(1 - player) != deal.hand(1 - player)
    assert observation_tensor(world.observation(player)) == tensor


def test_tensors_differ_exactly_where_the_hands_differ() -> None:
    rules = load_profile("bezique")
    stock = "AH AH 10H 10H KH KH QH QH JH JH AD 9D"
    one = Deal.from_position(rules, hands=["QS JD QS 7H 8H 9H AC KC",
                                           "7S 8S 9S 7C 8C 9C 10C JC"], stock=stock, dealer=1)
    two = Deal.from_position(rules, hands=["QS JD QS 7H 8H 9H AC 9C",
                                           "7S 8S 9S 7C 8C KC 10C JC"], stock=stock, dealer=1)
    a, b = (observation_tensor(d.observation(0)) for d in (one, two))
    differ = {i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y}
    hand, unseen = block("bezique", "hand"), block("bezique", "unseen")
    assert differ
    assert all(hand.offset <= i < hand.offset + hand.size
               or unseen.offset <= i < unseen.offset + unseen.size for i in differ)
    assert part(a, hand) != part(b, hand)


def test_declarations_and_scores_are_from_the_observer_side() -> None:
    rules = load_profile("bezique")
    deal = Deal.from_position(rules, hands=["QS JD QS 7H 8H 9H AC KC",
                                            "7S 8S 9S 7C 8C 9C 10C JC"],
                              stock="AH AH 10H 10H KH KH QH QH JH JH AD 9D", dealer=1)
    deal.apply("play 7H")
    deal.apply("play 7S")
    deal.apply("meld bezique QS JD")
    p0, p1 = (observation_tensor(deal.observation(p)) for p in (0, 1))
    own, opp = block("bezique", "own_declared"), block("bezique", "opp_declared")
    assert part(p0, own) == part(p1, opp) and sum(part(p0, own)) > 0
    assert sum(part(p0, opp)) == 0
    scores = block("bezique", "scores")
    assert part(p0, scores) == list(reversed(part(p1, scores))) != [0.0, 0.0]
    assert part(p0, block("bezique", "own_table")) == part(p1, block("bezique", "opp_table"))


@pytest.mark.parametrize("name", JOKER_PROFILES)
def test_the_joker_has_a_lane_of_its_own_last_in_every_per_kind_block(name: str) -> None:
    """With jokers (docs/ai.md#the-observation-tensor) a per-kind block has 33 values, the
    joker's last, counted by ``pack.jokers``: P0's joker in hand, then on his table in four
    jacks (JB-03), then as the card he leads, each at the joker's place."""
    deal = quartet_position(name)
    rules = deal.rules
    blocks = {b.name: b for b in observation_layout(rules)}
    n = rules.players
    assert blocks["hand"].size == 33 and blocks["unseen"].size == 33
    before = observation_tensor(deal.observation(0))
    assert part(before, blocks["hand"])[-1] == 0.25
    deal.apply("meld four_jacks JS JH JC JK")
    after = observation_tensor(deal.observation(0))
    assert part(after, blocks["hand"])[-1] == 0.0
    assert part(after, blocks["own_table"])[-1] == 0.25
    other = observation_tensor(deal.observation(1))
    table = blocks["opp_table"] if n == 2 else blocks[f"next{n - 1}_table"]
    assert part(other, table)[-1] == 0.25
    while deal.to_move != 0 or deal.phase != "lead":
        deal.apply(deal.legal_actions()[0])
    deal.apply("play JK")
    trick = blocks["trick_lead"] if n == 2 else blocks[f"next{n - 1}_trick"]
    seen = part(observation_tensor(deal.observation(1)), trick)
    assert seen[-1] == 1.0 and sum(seen) == 1.0


def test_a_pack_of_fewer_jokers_than_copies_counts_the_joker_by_the_jokers() -> None:
    """A house pack of two jokers (130 cards): one joker in hand is half the jokers (0.5),
    one ace of spades a quarter of its copies."""
    rules = profile_from_toml(TWO_JOKERS)
    deal = Deal.from_position(rules, hands=["JK AS 7D 8D 9D 7C 8C 9C 10C",
                                            "7S 8S 9S 7H 8H 9H 10H JH QH"],
                              stock="KD KD QD QD", dealer=1)
    hand = part(observation_tensor(deal.observation(0)),
                next(b for b in observation_layout(rules) if b.name == "hand"))
    assert len(hand) == 33 and hand[-1] == 0.5 and hand[0] == 0.25
    assert deal_tensor(deal, 0) == observation_tensor(deal.observation(0))
