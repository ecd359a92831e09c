"""What the search's values mean: a finished deal's worth to a seat, and the values of actions.

The model. A finished world is worth to the observer the value of his side against every
other seat (`bezique.search.solver.side_weights`): at two seats his score minus the
opponent's; in a partnership his team's points less the other team's; playing alone at more
seats ``(N - 1)`` times his own points less the sum of the others' (``N - 1`` times his points
less their mean), as if the others played as one side against him (the paranoid model of the
end-phase search). `difference` (`bezique.search.solver.difference`) is that value of per-seat
scores; `outcome` of a finished deal (a call-out decides the game: the whole target, won or
lost by the caller's team); `reached` says whether the observer's team may call out and win.
`Evaluation` and `ActionValue` hold `bezique.search.evaluate`'s values in these units,
`Advice` `bezique.search.advise`'s hint.

At two seats the count tells a player every card once the stock is gone, so the end phase
is solved exactly. At more seats the cards the observer cannot place are split among several
hands to the end: `vote` samples worlds and lets each choose its end-phase move on a node
budget (`bezique.search.horizon.choose`), the move chosen in most worlds played.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from attrs import frozen

from bezique.actions import Action, CallOut
from bezique.deal import Deal
from bezique.observation import Observation
from bezique.search.game_value import OBJECTIVES, GameValue
from bezique.search.horizon import choose
from bezique.search.solver import difference, solve

__all__ = [
    "BLEND_WEIGHT",
    "ActionValue",
    "Advice",
    "BlendValue",
    "Evaluation",
    "Leaf",
    "PointsValue",
    "difference",
    "leaf_value",
    "outcome",
    "reached",
    "vote",
]


@frozen(kw_only=True)
class ActionValue:
    """One legal action and what the search expects of it."""

    action: Action
    value: float
    """The expected final value of the deal for the deciding player's side (`difference`: at
    two seats his score minus the opponent's) if this action is played and every seat plays
    on well; exact in the end phase at two seats."""
    samples: int
    """Worlds (playouts) this estimate averages; 0 for an exact value."""


@frozen(kw_only=True)
class Evaluation:
    """Every legal action of one decision with its value, best first."""

    player: int
    """The player deciding."""
    values: tuple[ActionValue, ...]
    """Each legal action with its value, the best first."""
    exact: bool
    """Whether the values are exact (the end phase at two seats, solved) or estimates
    (sampled worlds)."""
    simulations: int
    """Playouts the estimate used (0 when exact)."""

    @property
    def best(self) -> Action:
        """The action the search prefers."""
        return self.values[0].action

    @property
    def value(self) -> float:
        """The value of the best action: the expected final value for `player`'s side."""
        return self.values[0].value

    def value_of(self, action: Action) -> float:
        """The value of ``action``; KeyError if it was not a legal action."""
        for item in self.values:
            if item.action == action:
                return item.value
        raise KeyError(action)

    def loss(self, action: Action) -> float:
        """How much worse than the best action ``action`` is expected to do (0 for the best)."""
        return self.value - self.value_of(action)


@frozen(kw_only=True)
class Advice:
    """The search's choice for a player to move (`bezique.search.advise`): a hint."""

    action: Action
    value: float | None
    """The expected final value of the deal for the player's side after ``action`` (exact when
    ``exact``); None when it is the only legal action (nothing was searched)."""
    exact: bool
    """Whether ``value`` is the solver's (the end phase at two seats), not an estimate from
    sampled worlds."""
    simulations: int
    """The playouts the estimate took (0 when exact or not searched)."""


def _team_points(points: Sequence[int], team_of: Sequence[int], team: int) -> int:
    return sum(p for p, t in zip(points, team_of, strict=True) if t == team)


def outcome(deal: Deal, player: int) -> int:
    """What a finished deal is worth to ``player``: `difference` of its scores, except that a
    deal ended by a call-out decided the game, worth the whole target (won or lost: the
    caller's team won when its total and its seats' deal scores reach the target)."""
    s = deal.scores
    team_of = deal.bits.compiled.team_of
    caller = deal.called_out
    if caller is None:
        return difference(s, player, team_of)
    team = team_of[caller]
    won = deal.totals[team] + _team_points(s, team_of, team) >= deal.target
    return deal.target if (team == team_of[player]) == won else -deal.target


def reached(observation: Observation) -> bool:
    """Whether the observer's team has reached the target (its total and its seats' deal
    scores), so that calling out wins the game."""
    team_of = observation.rules.team_of
    team = team_of[observation.player]
    return observation.totals[team] + _team_points(
        observation.scores, team_of, team) >= observation.target


def call_out_first(
    observation: Observation, actions: list[Action]
) -> tuple[Action | None, CallOut | None, list[Action]]:
    """What every searcher settles before it searches ``actions`` (the legal ones): the action
    to take at once, if any (the only one; a call-out that wins the game now; the only one
    left but a call-out), the call-out among them, if any, and the actions left to search (a
    call-out that does not win yet is left out: the search does not know that it loses)."""
    if len(actions) == 1:
        return actions[0], None, actions
    call = next((a for a in actions if isinstance(a, CallOut)), None)
    if call is None:
        return None, None, actions
    if reached(observation):
        return call, call, actions
    rest = [a for a in actions if a is not call]
    return (rest[0] if len(rest) == 1 else None), call, rest


class PointsValue:
    """The deal-point objective: a finished deal's `outcome` for ``player``, a solved end
    phase's `difference`."""

    def __init__(self, player: int, team_of: Sequence[int]) -> None:
        self.player = player
        self.team_of = tuple(team_of)

    def of_deal(self, deal: Deal) -> float:
        """The finished ``deal``'s `outcome` for the player."""
        return float(outcome(deal, self.player))

    def of_scores(self, scores: Sequence[int]) -> float:
        """The `difference` of final ``scores`` (one a seat) for the player's side."""
        return float(difference(scores, self.player, self.team_of))


BLEND_WEIGHT = 0.1
"""The weight of the point difference (divided by the target) in the blend objective."""


class BlendValue:
    """The blend objective: the game's worth (`GameValue`) plus `BLEND_WEIGHT` times the deal's
    point difference (`PointsValue`) divided by the game's ``target``."""

    def __init__(self, game: GameValue, points: PointsValue, target: int) -> None:
        self.game = game
        self.points = points
        self.weight = BLEND_WEIGHT / max(1, target)

    def of_deal(self, deal: Deal) -> float:
        """The finished ``deal``'s worth for the game plus the weighted point difference."""
        return self.game.of_deal(deal) + self.weight * self.points.of_deal(deal)

    def of_scores(self, scores: Sequence[int]) -> float:
        """The same for a deal ending with ``scores`` (one a seat; a solved end phase's)."""
        return self.game.of_scores(scores) + self.weight * self.points.of_scores(scores)


Leaf = PointsValue | GameValue | BlendValue
"""What the search values a finished deal, or a solved end phase's scores, by."""


def leaf_value(observation: Observation, objective: str) -> Leaf:
    """The objective ``objective`` (`bezique.search.game_value.OBJECTIVES`) for the observer
    of ``observation``: `PointsValue`, or at two seats `GameValue` on the observation's game
    totals and target (`BlendValue` of both for ``"blend"``); at more seats the search plays
    for its side's points whatever the objective. `ValueError` for an objective that is not
    one."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective: expected one of {', '.join(OBJECTIVES)}, got {objective!r}")
    rules = observation.rules
    points = PointsValue(observation.player, rules.team_of)
    if objective == "points" or rules.players > 2:
        return points
    game = GameValue(rules, player=observation.player, totals=observation.totals,
                     target=observation.target, dealer=observation.dealer)
    if objective == "blend":
        return BlendValue(game, points, observation.target)
    return game


def values_of(actions: list[Action], results: list[list[float]]) -> tuple[ActionValue, ...]:
    """Each action with the mean of its results (one per world), best first."""
    values = [ActionValue(action=a, value=sum(r) / len(r), samples=len(r))
              for a, r in zip(actions, results, strict=True)]
    values.sort(key=lambda v: -v.value)
    return tuple(values)


def check_budget(who: str, simulations: int | None, seconds: float | None) -> None:
    """ValueError unless the budget allows at least one playout."""
    if simulations is not None and simulations < 1:
        raise ValueError(f"{who}: simulations must be at least 1, got {simulations}")
    if seconds is not None and not 0 < seconds < math.inf:  # nan and inf fail too
        raise ValueError(f"{who}: seconds must be a positive finite number, got {seconds}")


def check_wide(who: str, worlds: int, nodes: int | None) -> None:
    """ValueError unless the budget of more seats allows two worlds and one position."""
    if worlds < 2:
        raise ValueError(f"{who}: wide_worlds must be at least 2, got {worlds}")
    if nodes is not None and nodes < 1:
        raise ValueError(f"{who}: wide_nodes must be at least 1, got {nodes}")


def vote(
    observation: Observation, actions: list[Action], rng: random.Random, *, worlds: int,
    nodes: int | None,
) -> Action:
    """At more seats, in the end phase: the move among ``actions`` (the observer's legal ones)
    that most of ``worlds`` sampled worlds choose, each by `bezique.search.horizon.choose` on
    its share of ``nodes`` positions (which it may search twice: ``nodes`` in all; None:
    solved exactly), the earliest world's choice first on a tie. When at most one other hand
    still holds cards the observer cannot place, he knows them all: one world, with the whole
    budget. A world choosing a move not among ``actions`` (a call-out the caller left out)
    gives no vote; with no vote at all, the first of ``actions``."""
    hidden = sum(1 for seat, size in enumerate(observation.hand_sizes)
                 if seat != observation.player and size > len(observation.known[seat]))
    if hidden < 2:
        worlds = 1
    share = None if nodes is None else max(1, nodes // (2 * worlds))
    votes: dict[Action, int] = {}
    for _ in range(worlds):
        world = observation.determinize(rng)
        move = solve(world).line[0] if share is None else choose(world, max_nodes=share).action
        if move in actions:
            votes[move] = votes.get(move, 0) + 1
    if not votes:
        return actions[0]
    return max(votes, key=lambda a: votes[a])  # the first counted among the most voted
