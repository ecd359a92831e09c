"""`bezique.search.solve`: exact end-phase values checked against plain minimax."""

from __future__ import annotations

import random

import pytest
from conftest import minimax

import bezique
from bezique.actions import CallOut
from bezique.search import Solution, solve

PROFILES = [
    "bezique", "besigue", "bezique-first-marriage", "pinochle", "five-hundred",
    "rubicon", "chinese", "eight-pack",
]


def _end_phase(profile: str, seed: int, cards: int | None) -> bezique.Deal | None:
    """A seeded random deal played into its end phase (never calling out), then on until
    at most ``cards`` remain in the hand of the player to move; None if it ended first."""
    deal = bezique.Deal.new(bezique.load_profile(profile), seed=seed, dealer=seed % 2)
    rng = random.Random(seed)

    def step() -> None:
        legal = [a for a in deal.legal_actions() if not isinstance(a, CallOut)] or (
            deal.legal_actions()
        )
        deal.apply(legal[int(rng.random() * len(legal))])

    while not deal.is_over and not deal.in_end_phase:
        step()
    while cards is not None and not deal.is_over and (
        deal.trick or len(deal.hand(deal.to_move or 0)) > cards
    ):
        step()
    return None if deal.is_over else deal


def _deals(profile: str, cards: int, wanted: int) -> list[bezique.Deal]:
    found = []
    for seed in range(200):
        deal = _end_phase(profile, seed, cards)
        if deal is not None:
            found.append(deal)
            if len(found) == wanted:
                break
    return found


def _replayed(deal: bezique.Deal, solution: Solution) -> bezique.Deal:
    replay = deal.clone()
    for action in solution.line:
        replay.apply(action)
    return replay


@pytest.mark.parametrize("profile", PROFILES)
def test_solve_agrees_with_brute_force_minimax_on_small_end_phases(profile: str) -> None:
    deals = _deals(profile, 3, 6)
    assert deals, f"no {profile} deal reached the end phase"
    for deal in deals:
        before = deal.clone()
        solution = solve(deal)
        expected = minimax(deal.clone())
        mover = deal.to_move
        assert mover is not None
        assert solution.value == expected[mover] - expected[1 - mover]
        assert solution.value == solution.scores[mover] - solution.scores[1 - mover]
        replay = _replayed(deal, solution)
        assert replay.is_over and replay.scores == solution.scores
        assert deal == before  # the solved deal is left unchanged


@pytest.mark.parametrize("profile", ["bezique", "rubicon", "pinochle"])
def test_solve_agrees_with_brute_force_on_five_card_end_phases(profile: str) -> None:
    # five cards a hand: enough runs of equivalent ranks for the solver to merge
    deals = _deals(profile, 5, 3)
    assert deals
    for deal in deals:
        expected = minimax(deal.clone())
        mover = deal.to_move
        assert mover is not None
        assert solve(deal).value == expected[mover] - expected[1 - mover]


@pytest.mark.parametrize("profile", PROFILES)
def test_solve_from_mid_trick_agrees_with_brute_force(profile: str) -> None:
    for deal in _deals(profile, 3, 3):
        deal.apply(deal.legal_actions()[0])  # a lead: the follower is to move
        if deal.is_over:
            continue
        solution = solve(deal)
        expected = minimax(deal.clone())
        mover = deal.to_move
        assert mover is not None
        assert solution.value == expected[mover] - expected[1 - mover]
        assert _replayed(deal, solution).scores == solution.scores


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_solve_full_bezique_end_phase_line_replays_to_its_scores(seed: int) -> None:
    deal = _end_phase("bezique", seed, None)
    assert deal is not None and len(deal.hand(0)) == 8
    solution = solve(deal)
    assert len(solution.line) == 16
    replay = _replayed(deal, solution)
    assert replay.is_over and replay.scores == solution.scores
    mover = deal.to_move
    assert mover is not None
    assert solution.value == solution.scores[mover] - solution.scores[1 - mover]


def test_solve_value_is_no_worse_than_any_first_move_followed_by_best_play() -> None:
    deal = _end_phase("rubicon", 4, 4)
    assert deal is not None
    mover = deal.to_move
    solution = solve(deal)
    for action in deal.legal_actions():
        child = deal.clone()
        child.apply(action)
        after = solve(child)
        diff = after.scores[mover] - after.scores[1 - mover]
        assert diff <= solution.value


def test_solve_on_an_over_deal_gives_its_scores_and_an_empty_line() -> None:
    deal = _end_phase("bezique", 0, None)
    assert deal is not None
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    solution = solve(deal)
    assert solution.scores == deal.scores
    assert solution.value == 0 and solution.line == ()


def test_solve_in_the_stock_phase_raises_value_error_and_leaves_the_deal() -> None:
    deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=3, dealer=0)
    before = deal.clone()
    with pytest.raises(ValueError, match="end phase"):
        solve(deal)
    assert deal == before
