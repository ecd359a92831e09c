"""Issue 34, stage G: bots at three and four seats (docs/rules.md#more-seats).

Validated profiles have two seats until the built-in three- and four-seat profiles land, so the
rules here are built with ``attrs.evolve``.
"""

from __future__ import annotations

import pytest
from attrs import evolve

import bezique
from bezique.bots import RandomBot, check_bots, play_deal
from bezique.rules.model import Rules


def seated(n: int, teams: tuple[tuple[int, ...], ...] | None = None) -> Rules:
    rules = bezique.load_profile("bezique")
    rules = evolve(rules, seats=evolve(
        rules.seats, players=n, teams=teams or tuple((p,) for p in range(n))))
    return evolve(rules, pack=evolve(rules.pack, copies=n))


@pytest.mark.parametrize("n", [3, 4])
def test_random_bots_play_a_deal_at_more_seats(n: int) -> None:
    rules = seated(n)
    deal = play_deal(rules, [RandomBot(seed=p) for p in range(n)], seed=3, dealer=n - 1)
    assert deal.is_over and len(deal.scores) == n


def test_one_bot_a_seat() -> None:
    with pytest.raises(ValueError, match="expected 3 bots, one a seat of 'bezique', got 2"):
        play_deal(seated(3), [RandomBot(), RandomBot()], seed=1)
    with pytest.raises(ValueError, match="expected 2 bots"):
        play_deal(bezique.load_profile("bezique"), [RandomBot()] * 3, seed=1)


def test_check_bots() -> None:
    assert check_bots("greedy,random,search:5,planner", 4) == (
        "greedy", "random", "search:5", "planner")
    with pytest.raises(ValueError, match=r"expected 3 bots as A,B,C, one a seat, got 'greedy'"):
        check_bots("greedy", 3)
    with pytest.raises(ValueError, match="expected two bots as A,B"):
        check_bots("greedy,random,random", 2)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        check_bots("greedy,nobody,random", 3)
