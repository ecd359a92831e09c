"""What one player may know of a deal (`Observation`), and full deals consistent with it
(`determinize`) for information-set search.

What is public. Every card that has been played was seen by every player, so the current
trick, every captured pile, the heap, and the history of plays and tricks are public (a careful
player remembers them; the book game keeps won tricks face down only as a matter of tidiness).
Declared cards lie face up on each table. The turn-up, the trump suit, the stock *size*, every
hand's size, the scores, the pending declarations and every scoring event are public. What is
private: every other seat's concealed hand, a partner's included (except the cards of it that
were shown to all: tabled and taken back at the end of the stock, a shown dix, the taken
turn-up, a carte blanche, see `Deal.known`), and the order and contents of the stock. In the
event history the cards of the other seats' private draws are masked; the observer's own draws
are shown. Partners see no more of each other than opponents do (N11; BIC-4H, WOH): what
``partnership.consult`` (DM9) lets a trick's winner learn, whether his partner could declare, is
the declaring stage's to offer (issue 34, C2), never the partner's cards.

Two deals that differ only in those hidden cards give equal observations (docs/rules.md#invariants
invariant 11). `determinize` deals the unseen cards at random to the other seats' concealed hands
(each keeps its known cards and gets as many as it holds unseen, in playing order after the
observer) and then the stock (the turn-up stays), so its observation for the same player equals
the original one.

>>> import bezique, random
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7)
>>> seen = deal.observation(1)
>>> seen.stock_size, len(seen.hand), seen.opponent_hand_size, len(seen.unseen)
(48, 8, 8, 55)
>>> seen.players, seen.opponents, seen.hand_sizes, seen.known[1] == seen.hand
(2, (0,), (8, 8), True)
>>> world = deal.determinize(1, random.Random(0))
>>> world.observation(1) == seen, world.hand(1) == deal.hand(1)
(True, True)
>>> seen.legal_actions() == deal.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, cast

from attrs import field, frozen

from bezique.actions import Action
from bezique.cards import Card, CardSet, Suit, iter_bits
from bezique.carte import CLOSED, MAY_SHOW_DRAW, MAY_SHOW_HAND, OPEN
from bezique.compile import compile_rules
from bezique.events import Event
from bezique.melds import Declaration
from bezique.players import player_name
from bezique.rules.model import Rules
from bezique.state import Origin

if TYPE_CHECKING:
    from bezique.deal import Deal

__all__ = ["Observation", "determinize", "mask_event", "observe"]


@frozen(kw_only=True)
class Observation:
    """Everything ``player`` may know about a deal at one moment, and nothing more.

    Cards are `Card` values, suits `Suit` members and card sets `CardSet`. The per-seat tuples
    (``hand_sizes``, ``known``, ``tables``, ``captured``, ``brisques``, ``scores``) have one
    entry for each of the `players` seats, in seat order; ``totals`` one for each team
    (`teams`). ``known``: each seat's concealed cards that every player has seen (the observer's
    own entry is his whole hand). ``events`` is the public history, the other seats' private
    draws masked (`mask_event`). ``unseen``: every card ``player`` cannot place, i.e. the other
    seats' other concealed cards and the stock. At two seats `opponent`, `known_opponent` and
    `opponent_hand_size` name the other seat's.
    """

    rules: Rules
    player: int
    to_move: int | None
    phase: str
    dealer: int
    hand: CardSet
    hand_sizes: tuple[int, ...]
    known: tuple[CardSet, ...]
    tables: tuple[CardSet, ...]
    unseen: CardSet
    turn_up: Card | None
    trump: Suit | None
    stock_size: int
    in_end_phase: bool
    trick: tuple[Card, ...]
    leader: int
    tricks_played: int
    last_trick_winner: int | None
    captured: tuple[CardSet, ...]
    heap: CardSet
    brisques: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    target: int
    called_out: int | None
    declarations: tuple[Declaration, ...]
    events: tuple[Event, ...]
    legal: tuple[Action, ...] = field(default=cast(Any, ()))
    _world: Deal | None = field(
        default=cast(Any, None), eq=False, repr=False, alias="world"
    )
    """A deal equal to the observed one except that the unseen cards lie in a fixed (sorted)
    order: it carries nothing the observer may not know, and `determinize` deals from it."""

    def __repr__(self) -> str:
        """One line: observer, profile, phase, who moves, trumps, hand, stock and scores."""
        to_move = "-" if self.to_move is None else player_name(self.to_move)
        trump = "-" if self.trump is None else self.trump
        return (
            f"<Observation by {player_name(self.player)} {self.rules.name} {self.phase} "
            f"to_move={to_move} trump={trump} hand={len(self.hand)} stock={self.stock_size} "
            f"scores={self.scores}>"
        )

    @property
    def players(self) -> int:
        """The number of seats (`Rules.players`)."""
        return len(self.hand_sizes)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team (`Rules.teams`; one team a seat where players play alone)."""
        return self.rules.teams

    @property
    def opponents(self) -> tuple[int, ...]:
        """The other seats, in playing order after the observer (partners included)."""
        return compile_rules(self.rules).draw_order[self.player][1:]

    @property
    def opponent(self) -> int:
        """The other player, at two seats; ValueError at more (read `opponents`)."""
        if len(self.hand_sizes) != 2:
            raise ValueError(
                f"opponent: a deal of {len(self.hand_sizes)} seats has no single opponent; "
                "read Observation.opponents (the other seats) instead"
            )
        return 1 - self.player

    @property
    def known_opponent(self) -> CardSet:
        """Cards of the opponent's concealed hand that ``player`` has seen (``known`` of the
        `opponent`: two seats only)."""
        return self.known[self.opponent]

    @property
    def opponent_hand_size(self) -> int:
        """How many concealed cards the opponent holds (``hand_sizes`` of the `opponent`: two
        seats only)."""
        return self.hand_sizes[self.opponent]

    @property
    def pending(self) -> tuple[Declaration, ...]:
        """The pending (announced, not yet scored) declarations of every player."""
        return tuple(d for d in self.declarations if d.pending)

    def determinize(self, rng: random.Random) -> Deal:
        """A full deal consistent with this observation: the unseen cards dealt at random
        to the other seats' concealed hands (their known cards kept) and the stock, as
        `Deal.determinize` does; what a bot uses for information-set search. The same ``rng``
        state gives the same deal, and two deals that differ only in cards the observer cannot
        see give the same worlds. Its observation for `player` equals this one.

        >>> import bezique, random
        >>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7)
        >>> seen = deal.observation(0)
        >>> world = seen.determinize(random.Random(1))
        >>> world.observation(0) == seen, world.hand(0) == deal.hand(0)
        (True, True)
        """
        if self._world is None:
            raise ValueError("determinize: this observation was not made by Deal.observation")
        return _sample(self._world, self.player, rng)  # its history is masked already

    def legal_actions(self) -> list[Action]:
        """The observer's legal actions when it is his turn (empty otherwise): the same list
        `Deal.legal_actions` gives, so a bot needs nothing but the observation."""
        return list(self.legal)


def mask_event(event: Event, observer: int) -> Event:
    """The event as ``observer`` sees it: another player's private cards are hidden."""
    if event.private and event.player != observer and event.cards:
        return _masked(event)
    return event


_MASKED: Final[dict[int, tuple[Event, Event]]] = {}
"""Masked copies of private events by the identity of the original (kept in the entry, so the
identity cannot be reused while it is cached): an observation masks the whole history."""


def _masked(event: Event) -> Event:
    hit = _MASKED.get(id(event))
    if hit is not None and hit[0] is event:
        return hit[1]
    if len(_MASKED) >= 4096:
        _MASKED.clear()
    masked = Event(event.kind, event.player, (), event.points, event.reason, private=True)
    _MASKED[id(event)] = (event, masked)
    return masked


def _masked_history(events: list[Event], observer: int) -> tuple[Event, ...]:
    """``events`` as ``observer`` sees them (`mask_event` on each, inlined: it runs for the whole
    history at every observation)."""
    return tuple([
        _masked(e) if e.private and e.player != observer and e.cards else e for e in events
    ])


_PUBLIC: Final = (
    "to_move", "phase", "dealer", "turn_up", "trump", "stock_size", "in_end_phase", "trick",
    "leader", "tricks_played", "last_trick_winner", "heap", "brisques", "scores", "totals",
    "target", "called_out", "declarations",
)
"""The `Deal` views that an observation copies as they are: every player sees them."""


def _hidden(deal: Deal, player: int) -> int:
    """The cards of the other seats' concealed hands that ``player`` has not seen, as a
    bitmask (a partner's included)."""
    hands, known = deal._hand, deal._known
    if len(hands) == 2:
        opp = 1 - player
        return hands[opp] & ~known[opp]
    bits = 0
    for seat in deal._c.draw_order[player][1:]:
        bits |= hands[seat] & ~known[seat]
    return bits


def observe(deal: Deal, player: int) -> Observation:
    """The observation of ``deal`` for ``player`` (what `Deal.observation` returns)."""
    events = _masked_history(deal._events, player)
    return _observation(deal, player, events, _public_world(deal, player, events))


def glimpse(deal: Deal, player: int) -> Observation:
    """`observe` without the history and the world: ``events`` is empty and `determinize`
    refuses. For code that reads only the position at every step (`bezique.features`, the
    AI adapters), which would otherwise mask the whole history and clone the deal each time;
    never hand it to a bot."""
    return _observation(deal, player, (), None)


def _observation(
    deal: Deal, player: int, events: tuple[Event, ...], world: Deal | None
) -> Observation:
    hands, known = deal._hand, deal._known
    hand = CardSet(hands[player])
    unseen = _hidden(deal, player)
    for card in deal._stock:
        unseen |= 1 << card
    return Observation(
        rules=deal.rules,
        player=player,
        hand=hand,
        hand_sizes=tuple([h.bit_count() for h in hands]),
        known=tuple([hand if seat == player else CardSet(known[seat] & h)
                     for seat, h in enumerate(hands)]),
        tables=tuple([CardSet(t) for t in deal._table]),
        unseen=CardSet(unseen),
        captured=tuple([CardSet(x) for x in deal._captured]),
        legal=tuple(deal.legal_actions()) if deal.to_move == player else (),
        world=world,
        events=events,
        **{name: getattr(deal, name) for name in _PUBLIC},
    )


def _public_world(deal: Deal, player: int, events: tuple[Event, ...]) -> Deal:
    """``deal`` with the cards ``player`` cannot see dealt in sorted order (no trace of where
    they really are), the other seats' draws masked in its events, and no history before now."""
    world = _deal_out(deal, player, sorted([*iter_bits(_hidden(deal, player)), *deal._stock]),
                      origin=False)
    world._events = list(events)
    return world


_NO_ORIGIN: Final = Origin(
    hands=((), ()), stock=(), turn_up=None, trump=None, leader=0, scores=None
)
"""The origin of an observation's template world, which is never played or recorded (its
`determinize` worlds get their own): nothing to build at every observation (at two seats; one
hand a seat at more)."""


def _deal_out(deal: Deal, player: int, pool: list[int], *, origin: bool = True) -> Deal:
    """A clone of ``deal`` in which each other seat, in playing order after ``player``, holds
    its known cards and the next of ``pool`` (as many as it holds unseen), and whose stock is
    the rest; the clone starts from here: its origin is this position and it has no actions to
    take back, so it holds no trace of the real deal."""
    hands, known = deal._hand, deal._known
    world = deal.clone()
    world.seed = None
    dealt = world._hand
    start = 0
    for seat in deal._c.draw_order[player][1:]:
        bits = known[seat] & hands[seat]
        end = start + (hands[seat] & ~known[seat]).bit_count()
        for card in pool[start:end]:
            bits |= 1 << card
        dealt[seat] = bits
        start = end
    world._stock = pool[start:]
    world._actions = []
    if not origin:
        world._origin = _NO_ORIGIN if len(dealt) == 2 else Origin(
            hands=((),) * len(dealt), stock=(), turn_up=None, trump=None, leader=0, scores=None)
    else:
        world._origin = Origin(
            hands=tuple([tuple(iter_bits(h)) for h in dealt]),
            stock=tuple(reversed(world._stock)), turn_up=deal.turn_up, trump=deal.trump,
            leader=deal.leader, scores=deal.scores,
        )
    return world


def determinize(deal: Deal, player: int, rng: random.Random) -> Deal:
    """A full deal that ``player`` cannot tell from ``deal``: the cards he cannot see are dealt
    at random to the other seats' concealed hands (each keeps its known cards and gets as many
    as it holds unseen, in playing order after ``player``; a partner's too) and then the stock
    (the turn-up kept). The other seats' private draw events are masked, so the new deal
    carries no trace of the real hidden cards; the hand and stock sizes, the seed (dropped) and
    everything public are unchanged. In a two-seat end phase the stock is empty and the
    opponent's hand is exactly what ``player`` can deduce, so the result is the deal itself (up
    to masked events).
    """
    return _sample(deal, player, rng, list(_masked_history(deal._events, player)))


def _sample(
    deal: Deal, player: int, rng: random.Random, history: list[Event] | None = None
) -> Deal:
    """`determinize` with ``history`` as the world's events; None keeps ``deal``'s, for an
    observation's template world, whose history is masked already."""
    pool = [*iter_bits(_hidden(deal, player)), *deal._stock]
    rng.shuffle(pool)
    world = _deal_out(deal, player, pool)
    if history is not None:
        world._events = history
    if world._c.carte_blanche is not None and world.rules.melds.carte_blanche_repeat:
        for seat in world._c.draw_order[player][1:]:
            _carte_state(world, seat)
    return world


def _carte_state(world: Deal, seat: int) -> None:
    """Make another seat's repeat carte blanche state consistent with its sampled hand.

    After showing carte blanche a player keeps the privilege (``melds.carte_blanche_repeat``)
    until he draws a court card; whether he did is hidden. In the sampled world he did if he
    now holds a court card or has played one since showing; otherwise the public order of his
    last draw, play and showing says whether a drawn card may be shown now (`bezique.carte`).
    """
    if world._carte[seat] == MAY_SHOW_HAND:
        return
    shown = [i for i, e in enumerate(world._events)
             if e.kind == "carte_blanche" and e.player == seat]
    if not shown:
        return
    court = world._c.court_bits
    later = world._events[shown[-1] + 1:]
    played_court = any(
        e.kind == "play" and e.player == seat and (court >> e.cards[0]) & 1 for e in later
    )
    if played_court or court & (world._hand[seat] | world._table[seat]):
        world._carte[seat] = CLOSED
        return
    moves = ("draw", "play", "carte_blanche")
    last = next((e.kind for e in reversed(later) if e.player == seat and e.kind in moves),
                "play")
    world._carte[seat] = MAY_SHOW_DRAW if last == "draw" else OPEN
