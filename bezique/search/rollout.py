"""A fast playout policy for search: plays a deal to its end on the deal's own ints.

It is a cheap cousin of `bezique.bots.GreedyBot` that reads the (full) deal of a sampled world
instead of building an observation at every turn: it declares the best meld on offer, takes the
dix and carte blanche, calls out exactly when that wins, leads and throws the card it needs
least, and wins a trick with its cheapest winning card when the trick holds points or the
winner costs little (in the end phase, whenever it can).
"""

from __future__ import annotations

from functools import lru_cache

from attrs import frozen

from bezique.actions import (
    Action,
    Announce,
    CallOut,
    CarteBlanche,
    DixExchange,
    DixShow,
    Meld,
    Play,
)
from bezique.compile import Compiled, compile_rules
from bezique.deal import Deal
from bezique.rules.model import Rules
from bezique.state import OVER

__all__ = ["playout", "rollout_action"]


@frozen
class _Table:
    """Per profile: each rank's trick points, and what keeping a card of each rank is worth
    (its points, and a bonus for the meld ranks: kings, queens, jacks)."""

    points: tuple[int, ...]
    keep: tuple[float, ...]
    meld_points: dict[str, int]
    trump_meld_value: int


_MELD_RANK_BONUS = (0.0, 0.0, 4.0, 5.0, 4.0, 0.0, 0.0, 0.0)
"""What holding a king, queen or jack is worth beyond its trick points while melds can come."""


@lru_cache(maxsize=32)
def _table(rules: Rules) -> _Table:
    c = compile_rules(rules)
    points = c.trick_value
    keep = tuple(points[r] + _MELD_RANK_BONUS[r] for r in range(8))
    return _Table(points=points, keep=keep, meld_points=dict(rules.melds.values),
                  trump_meld_value=rules.trump.first_marriage_value)


def _keep(t: _Table, card: int, trump: int, end_phase: bool) -> float:
    r = (card >> 3) & 7
    value = float(t.points[r]) if end_phase else t.keep[r]
    if card >> 6 == trump:
        value += 8.0 - r
    return value


_TABLES: dict[int, tuple[Compiled, _Table]] = {}


def _table_of(c: Compiled) -> _Table:
    """`_table` by the compiled rules' identity (hashing a profile at every move is slow)."""
    hit = _TABLES.get(id(c))
    if hit is None or hit[0] is not c:
        if len(_TABLES) > 64:
            _TABLES.clear()
        hit = _TABLES[id(c)] = (c, _table(c.rules))
    return hit[1]


def rollout_action(deal: Deal, actions: list[Action], t: _Table | None = None) -> Action:
    """The playout policy's choice among ``actions`` (the deal's legal actions)."""
    if len(actions) == 1:
        return actions[0]
    if t is None:
        t = _table_of(deal._c)
    best: Action | None = None
    best_value = -1e9
    trump = deal._trump
    end = deal._end_phase
    trick = deal._trick
    for action in actions:
        if isinstance(action, Play):
            card = action.card
            keep = _keep(t, card, trump, end)
            if not trick:
                value = -keep
            else:
                lead = trick[0]
                beats = (
                    (card >> 3) & 7 < (lead >> 3) & 7 if card >> 6 == lead >> 6
                    else card >> 6 == trump
                )
                won = t.points[(lead >> 3) & 7] + t.points[(card >> 3) & 7]
                value = 50.0 + won - keep if beats and (end or won >= 10 or keep <= 2.0) else -keep
        elif isinstance(action, Meld):
            points = t.meld_points.get(action.name, 0) or t.trump_meld_value
            value = 1000.0 + points
        elif isinstance(action, CarteBlanche):
            value = 2000.0
        elif isinstance(action, DixExchange):
            value = 900.0
        elif isinstance(action, DixShow):
            value = 800.0
        elif isinstance(action, Announce):
            value = 500.0 + t.meld_points.get(action.name, 0) / 10
        elif isinstance(action, CallOut):  # right only with the target reached: it wins
            p = deal._to_move
            value = 1e6 if deal.totals[p] + deal._scores[p] >= deal.target else -1e6
        else:  # Draw, Done
            value = 0.0
        if value > best_value:
            best, best_value = action, value
    assert best is not None
    return best


def playout(deal: Deal) -> None:
    """Play ``deal`` (a world the search owns) to its end with `rollout_action`."""
    t = _table_of(deal._c)
    while deal._phase != OVER:
        deal._execute(rollout_action(deal, deal.legal_actions(), t))
