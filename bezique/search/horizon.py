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
`bezique.search.solve` and analysis stay exact.

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

from attrs import frozen

from bezique.actions import Action
from bezique.deal import Deal
from bezique.search.endgame import NodeBudgetExceeded, supported
from bezique.search.rollout import rollout_action
from bezique.search.solver import first_action

__all__ = ["DEFAULT_MAX_NODES", "EndChoice", "choose"]

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


def choose(deal: Deal, *, max_nodes: int) -> EndChoice:
    """A move for the player to move in ``deal`` (in its end phase, not over) within about
    twice ``max_nodes`` positions searched: the exact solver's when its solve fits in
    ``max_nodes``, else the deepest iterative-deepening search's that fits in as many again
    (see the module's docs). The deal is left unchanged; ValueError for a budget below 1."""
    if max_nodes < 1:
        raise ValueError(f"choose: max_nodes must be at least 1, got {max_nodes}")
    if deal.is_over or not deal.in_end_phase:
        raise ValueError("choose needs a deal in its end phase, not over")
    try:
        action, nodes = first_action(deal, limit=max_nodes, floor=0)
        return EndChoice(action=action, exact=True, depth=0, nodes=nodes)
    except NodeBudgetExceeded:
        pass
    best = EndChoice(action=rollout_action(deal, deal.legal_actions()), exact=False, depth=0,
                     nodes=0)
    bits = deal.bits
    players = bits.compiled.players
    if players == 2 and not supported(deal):
        return best
    cards = max(bits.hand(p).bit_count() for p in range(players))
    left = max_nodes
    for depth in range(1, cards - 1):
        try:
            action, nodes = first_action(deal, limit=left, floor=cards - depth)
        except NodeBudgetExceeded:
            break
        left -= nodes
        best = EndChoice(action=action, exact=False, depth=depth, nodes=best.nodes + nodes)
        if left < 1:
            break
    return best
