"""SearchBot's decisions stay under a second on one core at its default budget (docs/bots.md).

Measured as work, not time, so that a busy machine cannot fail the test: every decision of a
whole deal counts the positions it plays out (`Deal.push`) and the positions its end-phase
solver searches (the ``nodes`` of `solve`, `horizon.value` and `horizon.choose`), and the work
priced at the pure build's costs, with a margin of two, must come under one second. The costs
are what the benchmarks print on a 2-core machine: a random-playout step (``legal_actions``, a
choice, ``apply``) about 7 µs in bezique and 7.6 µs in rubicon (``bench_deals.py``), a solved
position about 1.5 µs (``bench_solver.py``: 736 positions in 1.1 ms).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import patches_the_engine

import bezique
import bezique.search.bot as search_bot
from bezique import Deal
from bezique.search import SearchBot

STEP_US = 15.0
"""Microseconds a played-out position may cost (twice the measured cost)."""

NODE_US = 3.0
"""Microseconds a solved position may cost (twice the measured cost)."""

SECOND_US = 1_000_000.0


@patches_the_engine
@pytest.mark.parametrize("profile", ["bezique", "rubicon"])
def test_every_default_decision_is_less_than_a_second_of_work(
    profile: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps = [0]
    nodes = [0]
    push = Deal.push

    def counted_push(deal: Deal, action: Any) -> None:
        steps[0] += 1
        push(deal, action)

    def counted(solver: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            found = solver(*args, **kwargs)
            nodes[0] += found.nodes
            return found
        return run

    monkeypatch.setattr(Deal, "push", counted_push)
    for name in ("solve", "end_value", "end_phase_choice"):
        monkeypatch.setattr(search_bot, name, counted(getattr(search_bot, name)))
    deal = Deal.new(bezique.load_profile(profile), seed=0, dealer=0)
    bot = SearchBot(seed=0)
    worst = (0.0, 0, 0)
    decisions = 0
    while not deal.is_over:
        player = deal.to_move
        assert player is not None
        steps[0] = nodes[0] = 0
        action = bot.choose(deal.observation(player))
        cost = steps[0] * STEP_US + nodes[0] * NODE_US
        worst = max(worst, (cost, steps[0], nodes[0]))
        decisions += 1
        deal.apply(action)
    assert decisions > 50
    assert worst[1] + worst[2] > 1000, "the counts saw no search at all"
    assert worst[0] < SECOND_US, (
        f"a decision played out {worst[1]} positions and solved {worst[2]}: "
        f"{worst[0] / 1e6:.2f} s at the pure build's costs")
