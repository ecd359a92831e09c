"""What the AI adapters pay each seat at the end of a deal, at any number of seats
(docs/ai.md#more-seats). No framework is imported here.

The model is zero-sum between the teams (`Rules.teams`; one team a seat where each plays
alone): a team's value is its own measure minus the mean of the other teams' (`zero_sum`), and
every seat is paid its team's value (`by_seat`), so partners share one reward. At two seats
this is the usual ``r`` and ``-r``; in partnership it is plus or minus the difference of the
two sides; among three or four players each alone it is a player's measure minus the mean of
the others'. For a win (`win_returns`) the measure is 1 for each team at the top of the deal
(`bezique.game.deal_results`) and 0 for the others: a lone winner gets 1 and each of the others
``-1 / (teams - 1)``; teams tied at the top share the rest. The seats' rewards add up to zero
since the teams are of one size (one seat each, or two and two).

>>> zero_sum([300, 120, 90])
[195.0, -75.0, -120.0]
>>> zero_sum([1, 0, 0, 0])
[1.0, -0.3333333333333333, -0.3333333333333333, -0.3333333333333333]
"""

from __future__ import annotations

from collections.abc import Sequence

from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.game import deal_results
from bezique.rules.model import Rules

__all__ = ["bounded", "by_seat", "win_returns", "zero_sum"]


def zero_sum(values: Sequence[float]) -> list[float]:
    """Each value minus the mean of the others (a team's measure against the other teams'):
    the results add up to zero. Two values ``a, b`` give ``a - b, b - a``."""
    if len(values) == 2:  # exactly opposite, not merely up to rounding
        a, b = values
        return [a - b, b - a]
    total = sum(values)
    others = len(values) - 1
    return [v - (total - v) / others for v in values]


def bounded(values: Sequence[float]) -> list[float]:
    """``values`` all divided by the largest magnitude among them when it exceeds 1, so that
    each lies in ``[-1, 1]`` and a zero sum stays zero (at two teams: ``r, -r`` clipped)."""
    top = max(abs(v) for v in values)
    return [v / top for v in values] if top > 1.0 else list(values)


def by_seat(rules: Rules, per_team: Sequence[float]) -> list[float]:
    """Per seat, its team's entry of ``per_team``."""
    return [per_team[team] for team in compile_rules(rules).team_of]


def win_returns(deal: Deal) -> list[float]:
    """Per seat of a finished ``deal``: `zero_sum` of 1 for each team at the top (a
    `bezique.game.deal_results` of 1 or 0: the settlement's winner, else the most points after
    the end count, a tie at the top for every team in it) and 0 for the others."""
    top = [float(result >= 0) for result in deal_results(deal)]
    return by_seat(deal.rules, zero_sum(top))
