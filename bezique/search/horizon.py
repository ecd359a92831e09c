"""End-phase play on a bounded budget, for `bezique.search.SearchBot`.

Most end phases solve exactly in a few milliseconds, but a long one (twelve cards a hand in
`pinochle`) can take seconds. `choose` first tries the exact solve with a node budget
(`bezique.search.solve`'s ``max_nodes``): within it, its move is the exact solver's. When the
solve runs out, it searches again with iterative deepening, one trick deeper each time, every
trick beyond the horizon estimated (the trick points and dixes still in each hand:
`bezique.search.endgame.Endgame.estimate`), on a second budget of the same size; it plays the
best move of the deepest search it completed (the playout policy's move if none completed, or
when a two-seat end phase is not plain trick play). At more seats both searches run on the
engine's moves (`bezique.search.solve`'s paranoid model), the horizon estimated the same way.
`value` searches the same way for the value of an end phase to one side rather than a move
(at more seats `SearchBot` values the end phases of its sampled worlds with it, since the
count no longer tells it every card). `bezique.search.solve` and analysis at two seats stay
exact.

>>> import bezique
>>> from bezique.search import solve
>>> from bezique.search.horizon import choose
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=1, dealer=0)
>>> while not deal.in_end_phase:
...     _ = deal.apply(deal.legal_actions()[0])
>>> choice = choose(deal, max_nodes=100_000)
>>> choice.exact, choice.action == solve(deal).line[0]
(True, True)
>>> shallow = choose(deal, max_nodes=50)
>>> shallow.exact, shallow.action in deal.legal_actions()
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from attrs import frozen

from bezique.actions import Action
from bezique.deal import Deal
from bezique.search.endgame import NodeBudgetExceeded, supported
from bezique.search.rollout import playout, rollout_action
from bezique.search.solver import difference, first_action, side_value

__all__ = ["DEFAULT_MAX_NODES", "EndChoice", "EndValue", "choose", "value"]

_T = TypeVar("_T")
_UNBOUNDED = 1 << 62

DEFAULT_MAX_NODES = 25_000
"""`SearchBot`'s node budget for an end-phase decision: positions the exact solve may visit
before the bot falls back to a shallower search (which gets as many again)."""


@frozen(kw_only=True)
class EndChoice:
    """An end-phase move chosen on a budget."""

    action: Action
    exact: bool
    """Whether the move is the exact solver's (the solve finished within the budget)."""
    depth: int
    """Tricks searched before the horizon when not exact (0: none completed, the playout
    policy's move); 0 when exact."""
    nodes: int
    """Positions visited by the searches that completed."""


@frozen(kw_only=True)
class EndValue:
    """An end phase's value searched on a budget (`value`)."""

    value: int
    """The final value of the side searched for (exact when `exact`, else an estimate)."""
    exact: bool
    """Whether the value is the exact solver's (the solve finished within the budget)."""
    depth: int
    """Tricks searched before the horizon when not exact (0: none completed, the value of a
    playout by the playout policy); 0 when exact."""
    nodes: int
    """Positions visited in all, the searches the budget stopped included (what the value
    cost)."""


def choose(deal: Deal, *, max_nodes: int) -> EndChoice:
    """A move for the player to move in ``deal`` (in its end phase, not over) within about
    twice ``max_nodes`` positions searched: the exact solver's when its solve fits in
    ``max_nodes``, else the deepest iterative-deepening search's that fits in as many again
    (see the module's docs). The deal is left unchanged; ValueError for a budget below 1."""
    _check(deal, max_nodes, "choose")
    action, exact, depth, nodes, _ = _deepening(
        deal, max_nodes, lambda limit, floor: first_action(deal, limit=limit, floor=floor))
    if action is None:  # no search completed: the playout policy's move
        return EndChoice(action=rollout_action(deal, deal.legal_actions()), exact=False,
                         depth=0, nodes=0)
    return EndChoice(action=action, exact=exact, depth=depth, nodes=nodes)


def value(deal: Deal, *, side: int, max_nodes: int | None) -> EndValue:
    """The final value of ``side``'s side (`bezique.search.solver.side_value`: at more
    seats his side's weighed scores under the paranoid model, at two his score minus the
    other's) in ``deal`` (in its end phase, not over), searched as `choose` searches: exact
    when the solve fits in ``max_nodes`` positions (always with None), else the deepest
    iterative-deepening search's estimate that fits in as many again, else the value of the
    deal played out by the playout policy. The deal is left unchanged."""
    _check(deal, 1 if max_nodes is None else max_nodes, "value")
    if max_nodes is None:
        exact_value, nodes = side_value(deal, side=side, limit=_UNBOUNDED, floor=0)
        return EndValue(value=exact_value, exact=True, depth=0, nodes=nodes)
    found, exact, depth, _, spent = _deepening(
        deal, max_nodes,
        lambda limit, floor: side_value(deal, side=side, limit=limit, floor=floor))
    if found is None:
        world = deal.clone(history=False)
        playout(world)
        return EndValue(value=difference(world.scores, side, world.bits.compiled.team_of),
                        exact=False, depth=0, nodes=spent)
    return EndValue(value=found, exact=exact, depth=depth, nodes=spent)


def _check(deal: Deal, max_nodes: int, who: str) -> None:
    if max_nodes < 1:
        raise ValueError(f"{who}: max_nodes must be at least 1, got {max_nodes}")
    if deal.is_over or not deal.in_end_phase:
        raise ValueError(f"{who} needs a deal in its end phase, not over")


def _deepening(
    deal: Deal, max_nodes: int, search: Callable[[int, int], tuple[_T, int]]
) -> tuple[_T | None, bool, int, int, int]:
    """``search(limit, floor)`` (a result and the positions it searched, or
    `NodeBudgetExceeded` past ``limit``) exactly within ``max_nodes``, else one trick deeper
    each time (``floor``: the hand size from which tricks are estimated) on as many again:
    the result (None if no search completed), whether it is exact, the depth reached (0 when
    exact or none), the positions the completed searches visited, and all the positions
    visited (the searches stopped by the budget included)."""
    try:
        found, nodes = search(max_nodes, 0)
        return found, True, 0, nodes, nodes
    except NodeBudgetExceeded:
        pass
    spent = max_nodes
    bits = deal.bits
    players = bits.compiled.players
    if players == 2 and not supported(deal):
        return None, False, 0, 0, spent
    best: _T | None = None
    reached = done = 0
    cards = max(bits.hand(p).bit_count() for p in range(players))
    left = max_nodes
    for depth in range(1, cards - 1):
        try:
            found, nodes = search(left, cards - depth)
        except NodeBudgetExceeded:
            spent += left
            break
        left -= nodes
        spent += nodes
        best, reached, done = found, depth, done + nodes
        if left < 1:
            break
    return best, False, reached, done, spent
