"""Issue 34, stage H: the end-phase solver at three and four seats (docs/rules.md#more-seats).

At more seats the solver plays the paranoid model: the side of the seat to move (its team)
against every other seat as one side (`bezique.search.solver.side_weights`). Held here to a
brute-force search of the same model on the engine's own moves, over small end phases.
"""

from __future__ import annotations

import random

import pytest
from seated import PARTNERS, brute, seated, weighed

from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.rules.model import Rules
from bezique.search import solve
from bezique.search.endgame import supported
from bezique.search.horizon import choose
from bezique.search.rollout import playout, rollout_action
from bezique.search.solver import side_weights


def random_end_phase(rules: Rules, rng: random.Random, cards: int) -> Deal:
    """An end phase of ``cards`` cards a hand dealt from a shuffled pack, random trumps."""
    n = rules.players
    pack = list(compile_rules(rules).pack_cards)
    rng.shuffle(pack)
    hands = [pack[k * cards:(k + 1) * cards] for k in range(n)]
    return Deal.from_position(rules, hands=hands, trump=rng.randrange(4),
                              dealer=rng.randrange(n), leader=rng.randrange(n))


def test_side_weights() -> None:
    assert side_weights((0, 1), 0) == (1, -1)
    assert side_weights((0, 1, 2), 0) == (2, -1, -1)
    assert side_weights((0, 1, 2, 3), 3) == (-1, -1, -1, 3)
    assert side_weights((0, 1, 0, 1), 1) == (-1, 1, -1, 1)


@pytest.mark.parametrize(("n", "teams", "cards"), [
    (3, None, 2), (3, None, 3), (4, None, 2), (4, ((0, 2), (1, 3)), 2),
    (4, ((0, 2), (1, 3)), 3),
])
def test_solve_matches_brute_force(
    n: int, teams: tuple[tuple[int, ...], ...] | None, cards: int
) -> None:
    rules = seated(n, teams=teams)
    rng = random.Random(n * 10 + cards)
    for _ in range(12 if cards == 2 else 4):
        deal = random_end_phase(rules, rng, cards)
        assert not supported(deal)  # the engine path: the small-int search plays two hands
        to_move = deal.to_move
        assert to_move is not None
        weights = side_weights(compile_rules(rules).team_of, to_move)
        solution = solve(deal)
        assert solution.value == brute(deal, weights) - weighed(deal, weights)
        replay = deal.clone()
        for action in solution.line:
            replay.apply(action)
        assert replay.is_over and replay.scores == solution.scores
        assert weighed(replay, weights) - weighed(deal, weights) == solution.value


def test_solve_a_partnership_end_phase_by_hand() -> None:
    """Partners P0 and P2 hold both aces of trumps (♠), P3 the 10♥. Led first, the aces take
    only each other (20) and P3's 10♥ then wins the last trick (20); P0 leads a heart first
    instead: P3's 10♥ takes that trick (10), and the aces the last one with it (30). The value
    is team 0's points less team 1's."""
    rules = seated(4, teams=PARTNERS)
    deal = Deal.from_position(
        rules, hands=["AS 7H", "KS 8H", "AS 9H", "QS 10H"], trump="S", dealer=3, leader=0)
    solution = solve(deal)
    team0 = solution.scores[0] + solution.scores[2]
    team1 = solution.scores[1] + solution.scores[3]
    assert (team0, team1) == (30, 10) and solution.value == 20
    assert str(solution.line[0]) == "play 7H"


@pytest.mark.parametrize(("n", "teams"), [(3, None), (4, None), (4, ((0, 2), (1, 3)))])
def test_the_playout_policy_plays_more_seats(
    n: int, teams: tuple[tuple[int, ...], ...] | None
) -> None:
    rules = seated(n, teams=teams)
    for seed in range(4):
        deal = Deal.new(rules, seed=seed, dealer=seed % n)
        playout(deal)
        assert deal.is_over and len(deal.scores) == n


def test_the_playout_policy_leaves_a_partners_trick_alone() -> None:
    """P0 leads K♥ and P1 throws 7♣: P2 takes the trick with A♥ (it holds a brisque) unless
    P0 is his partner; then he throws the 8♦."""
    hands = ["KH 9C", "7C 9C", "AH 8D", "9H 9C"]
    for teams, expected in ((None, "play AH"), (((0, 2), (1, 3)), "play 8D")):
        deal = Deal.from_position(seated(4, teams=teams), hands=hands, stock="8S 8S 8S",
                                  turn_up="7S", dealer=3, leader=0, reachable=False)
        deal.apply("play KH")
        deal.apply("play 7C")
        assert str(rollout_action(deal, deal.legal_actions())) == expected


@pytest.mark.parametrize(("n", "teams"), [(3, None), (4, ((0, 2), (1, 3)))])
def test_the_horizon_plays_a_full_end_phase_on_a_budget(
    n: int, teams: tuple[tuple[int, ...], ...] | None
) -> None:
    """`horizon.choose` at more seats: eight cards a hand do not solve within a small budget,
    so it plays the deepest iterative-deepening search's move; a small end phase solves."""
    rules = seated(n, teams=teams)
    rng = random.Random(n)
    deal = random_end_phase(rules, rng, 8)
    choice = choose(deal, max_nodes=2_000)
    assert not choice.exact and choice.depth >= 1
    assert choice.action in deal.legal_actions()
    small = random_end_phase(rules, rng, 3)
    choice = choose(small, max_nodes=100_000)
    assert choice.exact and choice.action == solve(small).line[0]
