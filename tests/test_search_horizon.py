"""A node budget for the end phase: `solve(max_nodes=...)` is exact within it and refuses
beyond it; `bezique.search.horizon.choose` always returns a legal move, the exact solver's when
the budget allows; `SearchBot` uses it."""

from __future__ import annotations

import random

import pytest

import bezique
from bezique.actions import Action, CallOut
from bezique.bots import GreedyBot, play_deal
from bezique.search import NodeBudgetExceeded, SearchBot, solve
from bezique.search.horizon import choose


def _end_phase(profile: str, seed: int) -> bezique.Deal:
    """A seeded random deal played (never calling out) to the start of its end phase."""
    for attempt in range(50):
        deal = bezique.Deal.new(bezique.load_profile(profile), seed=seed + attempt,
                                dealer=seed % 2)
        rng = random.Random(seed)
        while not deal.is_over and not deal.in_end_phase:
            legal = [a for a in deal.legal_actions() if not isinstance(a, CallOut)]
            deal.apply(rng.choice(legal or deal.legal_actions()))
        if not deal.is_over and len(deal.legal_actions()) > 1:
            return deal
    raise AssertionError(f"no {profile} deal reached its end phase")  # pragma: no cover


def _value_after(deal: bezique.Deal, action: Action) -> int:
    """The exact final score difference for the player to move in ``deal`` once ``action``
    is played and both play best."""
    me = deal.to_move
    assert me is not None
    child = deal.clone()
    child.apply(action)
    scores = solve(child).scores
    return scores[me] - scores[1 - me]


@pytest.mark.parametrize("seed", range(4))
def test_a_solve_within_its_node_budget_is_the_exact_solve(seed: int) -> None:
    deal = _end_phase("bezique", seed)
    exact = solve(deal)
    assert solve(deal, max_nodes=exact.nodes) == exact


def test_a_solve_beyond_its_node_budget_raises_and_leaves_the_deal() -> None:
    deal = _end_phase("bezique", 1)
    before = deal.clone()
    assert solve(deal).nodes > 10
    with pytest.raises(NodeBudgetExceeded):
        solve(deal, max_nodes=10)
    assert deal == before


@pytest.mark.parametrize("bad", [0, -5])
def test_a_node_budget_below_one_is_refused(bad: int) -> None:
    deal = _end_phase("bezique", 1)
    with pytest.raises(ValueError, match="max_nodes"):
        solve(deal, max_nodes=bad)
    with pytest.raises(ValueError, match="max_nodes"):
        choose(deal, max_nodes=bad)
    with pytest.raises(ValueError, match="max_nodes"):
        SearchBot(max_nodes=bad)


@pytest.mark.parametrize("profile", ["bezique", "rubicon", "pinochle"])
def test_an_uncapped_choice_is_exact_and_keeps_the_solved_value(profile: str) -> None:
    deal = _end_phase(profile, 2)
    choice = choose(deal, max_nodes=10**9)
    assert choice.exact and choice.depth == 0
    assert _value_after(deal, choice.action) == solve(deal).value


@pytest.mark.parametrize("profile", ["bezique", "pinochle"])
@pytest.mark.parametrize("budget", [1, 40, 400])
def test_a_capped_choice_is_a_legal_move_from_a_shallower_search(
    profile: str, budget: int
) -> None:
    deal = _end_phase(profile, 3)
    before = deal.clone()
    assert solve(deal).nodes > 400  # the exact solve does not fit any of the budgets
    choice = choose(deal, max_nodes=budget)
    assert not choice.exact
    assert choice.action in deal.legal_actions()
    assert deal == before
    if budget == 400:
        assert choice.depth >= 1  # at least the next trick was searched


def test_search_bot_with_and_without_a_node_budget_plays_legal_deals() -> None:
    for profile, max_nodes in (("bezique", None), ("pinochle", 500)):
        bot = SearchBot(seed=1, simulations=8, max_nodes=max_nodes)
        deal = play_deal(bezique.load_profile(profile), (bot, GreedyBot()), seed=5)
        assert deal.is_over
