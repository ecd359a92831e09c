"""`CheatBot`: the perfect-information reference of the ladder (``cheat``), not a fair player.

It sees the true deal: every hand, the stock in its order and what each player will draw. It
decides as `bezique.search.SearchBot` does, with the one true world in place of the sampled
ones: in the stock phase the heuristic's (`bezique.search.prior`) best few actions are each
played out to the end of the deal by the playout policy (`bezique.search.rollout`) in the true
deal, and the best of them is played (the heuristic's first on a tie); over the last stock
tricks (``exact_stock``) every legal action is played to the end of the stock and the end phase
solved exactly; in the end phase it plays the solver's move within ``max_nodes``
(`bezique.search.horizon`), at any number of seats. The playout policy has no chance in it, so
one playout per action is all the true world can tell.

No honest bot (one that sees its observation only) can do better on average than perfect play
of the true deal, so ``cheat`` is a ceiling for the ladder, and a loose one: its own play is
not perfect. It needs the deal, so it is a `bezique.bots.DealBot` (``sees_all``): the play
loops of `bezique.bots` hand it the deal, and a table with a person at it refuses it
(`bezique.bots.seat_bots`).

>>> import bezique
>>> from bezique.bots import RandomBot, play_deal
>>> deal = play_deal(bezique.load_profile("bezique"), (CheatBot(), RandomBot(1)), seed=3)
>>> deal.is_over, deal.scores[0] > deal.scores[1]
(True, True)
"""

from __future__ import annotations

import random

from bezique.actions import Action
from bezique.deal import Deal
from bezique.observation import Observation
from bezique.search.bot import (
    DEFAULT_CANDIDATES,
    DEFAULT_EXACT_NODES,
    DEFAULT_EXACT_STOCK,
    _world,
    prior,
)
from bezique.search.endgame import NodeBudgetExceeded
from bezique.search.horizon import DEFAULT_MAX_NODES
from bezique.search.horizon import choose as end_phase_choice
from bezique.search.solver import solve
from bezique.search.values import call_out_first

__all__ = ["CheatBot", "TrueWorld"]


class TrueWorld:
    """The true deal as the search's source of worlds: every world it gives is the deal itself
    (a copy), seen by the player to move."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        """The deal being played (never changed)."""
        to_move = deal.to_move
        if to_move is None:
            raise ValueError("TrueWorld: the deal is over")
        self._player = to_move

    @property
    def player(self) -> int:
        """The seat to move, whose values the search computes."""
        return self._player

    def determinize(self, rng: random.Random) -> Deal:
        """A copy of the true deal (``rng`` is not used: nothing is hidden)."""
        return self.deal.clone(history=False)


class CheatBot:
    """Plays from the true deal (see the module's docs): every hand and the stock order.

    ``candidates``: how many of the heuristic's best actions the stock phase compares;
    ``exact_stock``: with at most this many cards in the stock every legal action is compared
    with the end phase solved (within ``exact_nodes`` positions for all of them, else the
    playouts decide); ``max_nodes``: the budget of an end-phase decision (None: exact).
    ``seed`` is accepted for the bot registry's sake: the bot has no chance in it."""

    sees_all = True
    """Handed the deal by the play loop (`bezique.bots.decide`)."""

    def __init__(
        self,
        seed: int | None = 0,
        *,
        candidates: int = DEFAULT_CANDIDATES,
        exact_stock: int = DEFAULT_EXACT_STOCK,
        exact_nodes: int = DEFAULT_EXACT_NODES,
        max_nodes: int | None = DEFAULT_MAX_NODES,
    ) -> None:
        if candidates < 1 or exact_stock < 0 or exact_nodes < 1:
            raise ValueError("CheatBot: candidates and exact_nodes must be at least 1, "
                             "exact_stock at least 0")
        self.rng = random.Random(seed)
        """Unused by the search (one true world), kept for the `_world` interface."""
        self.candidates = candidates
        """How many of the heuristic's best actions the stock phase compares."""
        self.exact_stock = exact_stock
        """The stock size from which on the end phase is solved after each action."""
        self.exact_nodes = exact_nodes
        """The positions those solves may take in all."""
        self.max_nodes = max_nodes
        """The node budget of an end-phase decision (None: exact)."""

    def choose(self, observation: Observation) -> Action:
        """Refused: the cheat needs the true deal (`choose_in`), which an observation hides."""
        raise TypeError("CheatBot sees the whole deal: let bezique.bots.finish, play_deal or "
                        "play_game (or bezique.bots.decide) hand it the deal")

    def choose_in(self, deal: Deal) -> Action:
        """The action to take in ``deal`` (the player to move's), from the true deal."""
        actions = deal.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = deal.to_move
        assert me is not None
        seen = deal.observation(me)
        now, call, actions = call_out_first(seen, actions)
        if now is not None:
            return now
        truth = TrueWorld(deal)
        if deal.in_end_phase:
            if call is not None:  # the solver does not know that a wrong call-out loses
                return _best(actions, _world(truth, actions, self.rng, exact=True,
                                             max_nodes=self.max_nodes))
            world = deal.clone(history=False)
            if self.max_nodes is None:
                return solve(world).line[0]
            return end_phase_choice(world, max_nodes=self.max_nodes).action
        ranked = [a for a in prior(seen) if a is not call]
        if len(deal.stock) <= self.exact_stock:
            budget = max(1, self.exact_nodes // len(ranked))
            try:
                return _best(ranked, _world(truth, ranked, self.rng, exact=True,
                                            max_nodes=budget))
            except NodeBudgetExceeded:
                pass  # an end phase too big for the window: the playouts decide
        ranked = ranked[: self.candidates]
        return _best(ranked, _world(truth, ranked, self.rng))


def _best(actions: list[Action], values: list[float]) -> Action:
    """The action of the highest value, the earliest (the heuristic's favourite) on a tie."""
    return actions[max(range(len(actions)), key=lambda i: (values[i], -i))]
