"""The observation tensor written straight from a deal (bezique.features_deal), which the
PettingZoo environment reads at every step: entry for entry the tensor of `bezique.features`."""

from __future__ import annotations

import random

import pytest
from conftest import BUILTIN_PROFILES
from jokers import TWO_JOKERS

from bezique import Deal, load_profile, profile_from_toml
from bezique.features import observation_tensor
from bezique.features_deal import tensor_writer
from bezique.observation import glimpse


def states(name: str, seed: int) -> list[Deal]:
    """Every state of a random deal of profile ``name`` (clones: fresh stock lists)."""
    rng = random.Random(seed)
    rules = load_profile(name)
    deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
    out = [deal.clone()]
    while not deal.is_over:
        legal = deal.legal_actions()
        deal.apply(legal[int(rng.random() * len(legal))])
        out.append(deal.clone())
    return out


@pytest.mark.parametrize("name", BUILTIN_PROFILES)
def test_the_writer_gives_the_feature_tensor_at_every_state_for_every_seat(name: str) -> None:
    """Every state of two random deals (the 3- and 4-seat profiles included), every seat: the
    writer's tensor equals `observation_tensor` of the seat's glimpse, both on a deal played on
    in place (whose stock the writer remembers) and on clones (which it meets once)."""
    rules = load_profile(name)
    writer = tensor_writer(rules)
    for seed in (1, 2):
        rng = random.Random(seed)
        deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
        while True:
            for seat in range(rules.players):
                expected = observation_tensor(glimpse(deal, seat))
                assert writer.tensor(deal, seat) == expected
                assert writer.tensor(deal.clone(), seat) == expected
            if deal.is_over:
                break
            legal = deal.legal_actions()
            deal.apply(legal[int(rng.random() * len(legal))])


def test_a_stacked_deal_with_cards_nowhere_counts_only_the_stock_as_unseen() -> None:
    """A `Deal.from_position` that places fewer cards than the pack holds: the unseen cards
    are the opponent's and the stock's, not the pack's missing ones."""
    rules = profile_from_toml(TWO_JOKERS)
    deal = Deal.from_position(rules, hands=["JK AS 7D 8D 9D 7C 8C 9C 10C",
                                            "7S 8S 9S 7H 8H 9H 10H JH QH"],
                              stock="KD KD QD QD", dealer=1)
    writer = tensor_writer(rules)
    for seat in (0, 1):
        assert writer.tensor(deal, seat) == observation_tensor(deal.observation(seat))
        assert writer.tensor(deal, seat) == observation_tensor(deal.observation(seat))


def test_write_leaves_the_card_counts_to_the_gathers() -> None:
    """`write` fills everything but the card counts; the gathers of the bytes it returns
    fill those."""
    deal = states("rubicon", 3)[40]
    writer = tensor_writer(deal.rules)
    out = [0.0] * writer.size
    cards = writer.write(deal, 1, out)
    expected = observation_tensor(glimpse(deal, 1))
    gathered = {at for g in writer.gathers for at in g.positions}
    assert all(out[i] == x for i, x in enumerate(expected) if i not in gathered)
    for g in writer.gathers:
        assert [g.fractions[cards[s]] for s in g.sources] == [expected[i] for i in g.positions]
