"""A fast playout policy for search: plays a deal to its end on the deal's own ints.

It is a cheap cousin of `bezique.bots.GreedyBot` that reads the (full) deal of a sampled world
(`Deal.bits`) instead of building an observation at every turn: it declares the best meld on
offer, takes the dix and carte blanche, calls out exactly when that wins, leads and throws the
card it needs least, and wins a trick with its cheapest winning card when the trick holds points
or the winner costs little (in the end phase, whenever it can), unless a partner's card is
winning it already. A joker is kept like a meld card while melds can come (it completes
quartets), and is worth nothing in the end phase.
"""

from __future__ import annotations

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
from bezique.cards import JOKER_KIND, LANES
from bezique.compile import Compiled
from bezique.deal import Deal
from bezique.state import Bits
from bezique.tricks import beats, trick_winner

__all__ = ["playout", "rollout_action"]


@frozen
class _Table:
    """Per profile: each rank's trick points, what keeping a card of each kind is worth in the
    stock phase (its points, and a bonus for the meld ranks: kings, queens, jacks, and the
    joker) and in the end phase (its points), and the meld points."""

    points: tuple[int, ...]
    keep: tuple[float, ...]
    end_keep: tuple[float, ...]
    meld_points: dict[str, int]
    trump_fixing: frozenset[str]
    """Melds that fix trumps, worth at least ``trump.first_marriage_value`` while unfixed."""
    first_marriage_value: int


_MELD_RANK_BONUS = (0.0, 0.0, 4.0, 5.0, 4.0, 0.0, 0.0, 0.0)
"""What holding a king, queen or jack is worth beyond its trick points while melds can come."""
_JOKER_BONUS = 5.0
"""What holding a joker is worth while melds can come: as a queen's (it completes quartets)."""


def _keep(t: _Table, card: int, trump: int, end_phase: bool) -> float:
    k = card >> 3
    value = t.end_keep[k] if end_phase else t.keep[k]
    if card >> 6 == trump:
        value += 8.0 - (k & 7)
    return value


_TABLES: dict[int, tuple[Compiled, _Table]] = {}


def _table_of(c: Compiled) -> _Table:
    """The `_Table` of compiled rules, cached by their identity (hashing a profile at every
    move is slow)."""
    hit = _TABLES.get(id(c))
    if hit is None or hit[0] is not c:
        if len(_TABLES) > 64:
            _TABLES.clear()
        points = c.trick_value
        joker = _JOKER_BONUS if c.rules.jokers.wild_in else 0.0  # no pack.jokers: never read
        table = _Table(
            points=points,
            keep=tuple(joker if k == JOKER_KIND else points[k & 7] + _MELD_RANK_BONUS[k & 7]
                       for k in range(LANES)),
            end_keep=tuple(0.0 if k == JOKER_KIND else float(points[k & 7])
                           for k in range(LANES)),
            meld_points=dict(c.rules.melds.values),
            trump_fixing=frozenset(t.name for t in c.melds if t.can_fix_trump),
            first_marriage_value=c.rules.trump.first_marriage_value,
        )
        hit = _TABLES[id(c)] = (c, table)
    return hit[1]


def rollout_action(deal: Deal, actions: list[Action], t: _Table | None = None) -> Action:
    """The playout policy's choice among ``actions`` (the deal's legal actions)."""
    if len(actions) == 1:
        return actions[0]
    bits = deal.bits
    return _choice(deal, bits, actions, _table_of(bits.compiled) if t is None else t)


def _choice(deal: Deal, bits: Bits, actions: list[Action], t: _Table) -> Action:
    """`rollout_action` with the deal's `Deal.bits` and `_Table` at hand."""
    best: Action | None = None
    best_value = -1e9
    trump = bits.trump
    end = bits.end_phase
    trick = bits.trick
    top, on_trick, partner = -1, 0, False  # the card winning the trick, its points
    if len(trick) == 1:
        top = trick[0]
        on_trick = t.points[(top >> 3) & 7]
    elif trick:  # more seats: the card winning so far, and whose it is
        at = trick_winner(list(trick), trump)
        top = trick[at]
        on_trick = sum(t.points[(x >> 3) & 7] for x in trick)
        c = bits.compiled
        partner = c.team_of[(bits.leader + at) % c.players] == c.team_of[bits.to_move]
    for action in actions:
        if isinstance(action, Play):
            card = action.card
            keep = _keep(t, card, trump, end)
            if top < 0:
                value = -keep
            else:
                won = on_trick + t.points[(card >> 3) & 7]
                wins = beats(card, top, trump) and not partner and (
                    end or won >= 10 or keep <= 2.0)
                value = 50.0 + won - keep if wins else -keep
        elif isinstance(action, Meld):
            points = t.meld_points.get(action.name, 0)
            if trump < 0 and action.name in t.trump_fixing:
                points = max(points, t.first_marriage_value)
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
            team_of = bits.compiled.team_of  # the caller's team: its total and deal scores
            team = team_of[bits.to_move]
            board = deal.totals[team] + sum(
                bits.score(p) for p, t in enumerate(team_of) if t == team)
            value = 1e6 if board >= deal.target else -1e6
        else:  # Draw, Done
            value = 0.0
        if value > best_value:
            best, best_value = action, value
    assert best is not None
    return best


def playout(deal: Deal, *, to_end_phase: bool = False) -> None:
    """Play ``deal`` (a world the search owns) to its end with `rollout_action`; with
    ``to_end_phase``, only until the stock is gone (or the deal ends sooner)."""
    bits = deal.bits  # a view: it follows the deal as the playout plays on
    t = _table_of(bits.compiled)
    while not (to_end_phase and bits.end_phase):
        actions = deal.legal_actions()
        if not actions:  # over
            break
        deal.push(actions[0] if len(actions) == 1 else _choice(deal, bits, actions, t))
