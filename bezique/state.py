"""The state of a deal: slots of ints and small lists, and the helpers every part shares.

`DealState` holds the fields; `bezique.moves.DealMoves` changes them; `bezique.deal.Deal` is the
public face. Card sets are int bitmasks (bit ``card`` set), so copying a deal is cheap. `Bits`
is the read-only view of those ints that search code reads (`Deal.bits`), and `Snapshot` what
`Deal.snapshot` keeps for `Deal.restore`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from attrs import field, frozen

from bezique._mypyc import NO_VALIDATOR
from bezique.actions import Action
from bezique.cards import Card, Suit, as_card, as_cards, iter_bits
from bezique.compile import Compiled
from bezique.count import brisque_count
from bezique.events import Event
from bezique.melds import Declaration
from bezique.rules.model import Rules

LEAD: Final = 0
FOLLOW: Final = 1
DECLARE: Final = 2
OVER: Final = 3
PHASES: Final = ("lead", "follow", "declare", "over")


def _hands(hands: Sequence[Iterable[int]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(as_cards(h) for h in hands)


def _optional_card(card: int | None) -> Card | None:
    return None if card is None else as_card(card)


def _optional_suit(suit: int | None) -> Suit | None:
    return None if suit is None else Suit(suit)


@frozen
class Origin:
    """How a deal started: what was dealt (`Card` values) and what `Deal.from_position` was
    given, so that a record can restart it exactly."""

    hands: tuple[tuple[Card, ...], ...] = field(converter=_hands, validator=NO_VALIDATOR)
    """One hand per seat (`Rules.players` of them)."""
    stock: tuple[Card, ...] = field(converter=as_cards, validator=NO_VALIDATOR)
    """The hidden stock, top first (the turn-up not included)."""
    turn_up: Card | None = field(converter=_optional_card, validator=NO_VALIDATOR)
    trump: Suit | None = field(converter=_optional_suit, validator=NO_VALIDATOR)
    """The trump suit given to `Deal.from_position` (None: from the turn-up, or not yet)."""
    leader: int
    scores: tuple[int, ...] | None
    """The scores given to `Deal.from_position`, one per seat (None: a fresh deal)."""
    cut: int | None = None
    """With ``deal.dealer_cut_bonus``: how many cards the dealer lifted."""
    guess: int | None = None


STATE_FIELDS: Final[tuple[str, ...]] = (
    "_actions",
    "_c",
    "_called_out",
    "_captured",
    "_carte",
    "_dead",
    "_decls",
    "_dix_scored",
    "_drawn",
    "_duel",
    "_end_phase",
    "_events",
    "_hand",
    "_heap",
    "_known",
    "_last_stock_turn",
    "_last_winner",
    "_leader",
    "_origin",
    "_partial",
    "_passed",
    "_phase",
    "_scores",
    "_stock",
    "_table",
    "_to_move",
    "_trick",
    "_tricks",
    "_trump",
    "_turn_dix",
    "_turn_melds",
    "_turn_up",
    "dealer",
    "rules",
    "seed",
    "target",
    "totals",
)
"""Every field of a `DealState` by name (its ``__slots__``): what pickling, equality and
`Deal.undo` go through."""


class DealState:
    """The fields of a deal (see `bezique.deal.Deal` for their public views)."""

    __slots__ = STATE_FIELDS

    _actions: list[Action]
    _c: Compiled
    _origin: Origin
    rules: Rules
    seed: int | None
    dealer: int
    totals: tuple[int, ...]
    """The game's totals per team (`Rules.teams`) before this deal: a pair at two seats."""
    target: int
    _hand: list[int]
    """Per seat (``_hand``, ``_table``, ``_captured``, ``_scores``, ``_known``, ``_carte``): one
    entry for each of the `Rules.players` seats."""
    _table: list[int]
    _captured: list[int]
    _heap: int
    _dead: int
    _stock: list[int]
    _turn_up: int
    _trump: int
    _trick: list[int]
    _leader: int
    _to_move: int
    _phase: int
    _end_phase: bool
    _scores: list[int]
    _decls: tuple[Declaration, ...]
    _dix_scored: int
    _turn_melds: int
    _turn_dix: int
    _drawn: bool
    _last_stock_turn: bool
    _tricks: int
    _last_winner: int
    _events: list[Event]
    _known: list[int]
    _called_out: int
    _carte: list[int]
    _partial: bool
    """True for a `Deal.clone` with ``history=False``: its actions and events are not the whole
    history since its origin, so `Deal.undo` refuses."""
    _passed: int
    """Passes of the declaring turn since the trick was won (``partnership.declarer``): the
    winner holds the turn while it is even, his partner while it is odd; always 0 where no seat
    has a partner."""
    _duel: int
    """In an end phase of two duels (``endgame.format = "pairwise_duels"``): the first seat of
    the pair now playing, the other being the seat after it; -1 in every other deal."""

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the turn-up included."""
        return len(self._stock) + (self._turn_up >= 0)

    @property
    def brisques(self) -> tuple[int, ...]:
        """Brisques (aces and tens) each seat has captured (a pair at two seats)."""
        c, cp = self._c, self._captured
        if len(cp) == 2:
            return brisque_count(c, cp[0]), brisque_count(c, cp[1])
        return tuple([brisque_count(c, x) for x in cp])

    def _is_dix(self, card: int) -> bool:
        return card >> 6 == self._trump and (card >> 3 & 7) == self._c.dix_rank

    def _check_target(self, player: int, *, declaration: bool) -> bool:
        """End the deal at once where ``game.end`` says a score past the target does."""
        c = self._c
        if not (c.target_on_trick or (declaration and c.target_on_meld)):
            return False
        if self._board(player) < self.target:
            return False
        self._events.append(Event("over", player, reason="target reached"))
        self._phase = OVER
        return True

    def _board(self, player: int) -> int:
        """The total of the player's team on the board: its game total before the deal and
        its seats' points in this deal."""
        c = self._c
        if c.players == 2:
            return self.totals[player] + self._scores[player]
        team = c.team_of[player]
        board = self.totals[team]
        for seat in range(c.players):
            if c.team_of[seat] == team:
                board += self._scores[seat]
        return board

    def _score(self, player: int, points: int, reason: str, cards: tuple[Card, ...] = ()) -> None:
        """Credit ``points`` to the seat, as a score event; nothing for 0. Only the end count's
        penalties are negative (`bezique.count.end_count`)."""
        if not points:
            return
        self._scores[player] += points
        self._events.append(Event("score", player, cards, points, reason))

    def _mine(self, player: int) -> int:
        return self._hand[player] | self._table[player]

    def _signatures(self, player: int) -> dict[int, list[list[int]]]:
        """The player's cards by kind, split into groups of interchangeable copies."""
        tabled = self._tabled(player)
        kinds = {x >> 3 for x in iter_bits(self._hand[player] | self._table[player])}
        return {k: self._groups_of_kind(player, k, tabled) for k in sorted(kinds)}

    def _own(self, player: int) -> tuple[Declaration, ...]:
        """The declarations that bind the player's cards, interned: equal declarations give the
        same tuple object from one call to the next, so the hot path can key its memos on its
        identity. They are the player's own; where partners declare with each other's tabled
        cards (``partnership.combine_table_cards``) the team's (`Compiled.binding_seats`),
        since the reuse marks belong to the physical card, whoever declared it."""
        memo = self._c.own_memo
        # typed by annotation, not cast(): the same checked read compiled, no call interpreted
        found: tuple[tuple[Declaration, ...], tuple[Declaration, ...]] | None = memo[player]
        decls = self._decls
        if found is not None and found[0] is decls:
            return found[1]
        if self._c.combine:
            seats = self._c.binding_seats[player]
            own = tuple([d for d in decls if seats >> d.owner & 1])
        else:  # a list comprehension: no generator stepped per declaration
            own = tuple([d for d in decls if d.owner == player])
        if found is not None and found[1] == own:
            own = found[1]
        memo[player] = (decls, own)
        return own

    def _tabled(self, player: int) -> list[int]:
        """The declarations holding the player's tabled cards (`_own`), each as those cards."""
        table = self._table[player]
        if not table:
            return []
        return [cards for d in self._own(player) if (cards := d.cards & table)]

    def _groups_of_kind(
        self, player: int, k: int, tabled: list[int] | None = None
    ) -> list[list[int]]:
        """The player's copies of kind ``k`` split into groups of interchangeable copies: same
        place (hand or table), same declarations, same dix history. ``tabled``: the player's
        `_tabled` declarations, when already at hand."""
        shift = k * 8
        return [[shift + c for c in iter_bits(g)] for g in self._kind_parts(player, k, tabled)]

    def _kind_parts(self, player: int, k: int, tabled: list[int] | None = None) -> list[int]:
        """`_groups_of_kind` as lane bytes (bit ``i``: copy ``i``), lowest copy first."""
        shift = k * 8
        hand, table = self._hand[player] >> shift & 0xFF, self._table[player] >> shift & 0xFF
        scored = self._dix_scored >> shift & 0xFF
        if not table and not scored & hand:
            return [hand] if hand else []
        if not scored and not table & (table - 1):  # one tabled copy: it and the hand's
            if not hand:
                return [table]
            return [table, hand] if table < hand & -hand else [hand, table]
        parts = [hand] if hand else []
        if table:
            table_parts = [table]
            for cards in self._tabled(player) if tabled is None else tabled:
                lane = cards >> shift & table
                # split every group by membership of this declaration (one that holds every
                # tabled copy splits none)
                if lane and lane != table:
                    table_parts = [q for g in table_parts for q in (g & lane, g & ~lane) if q]
            parts.extend(table_parts)
        if scored:
            parts = [q for g in parts for q in (g & scored, g & ~scored) if q]
        parts.sort(key=_lowest_copy)
        return parts

    def snapshot(self) -> Snapshot:
        """The deal's state now, for `restore`: every field an action can change, and the
        lengths of the events and actions (cheaper than a `clone`, for search that tries a move
        and takes it back).

        >>> import bezique
        >>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7, dealer=0)
        >>> before, saved = deal.clone(), deal.snapshot()
        >>> for action in deal.legal_actions():
        ...     deal.push(action)
        ...     deal.restore(saved)
        >>> deal == before
        True
        """
        h, t, k = self._hand, self._table, self._known
        cp, sc, ca = self._captured, self._scores, self._carte
        snapshot = Snapshot()
        snapshot._values = (
            h[0], h[1], t[0], t[1], k[0], k[1], cp[0], cp[1], sc[0], sc[1], ca[0], ca[1],
            tuple(self._trick), tuple(self._stock), self._decls,
            self._heap, self._dead, self._dix_scored, self._turn_up, self._trump,
            self._leader, self._to_move, self._phase, self._turn_melds, self._turn_dix,
            self._tricks, self._last_winner, self._called_out,
            self._end_phase, self._drawn, self._last_stock_turn,
            len(self._events), len(self._actions),
        )
        if len(h) != 2:  # more seats: every seat's values (the pairs above are seats 0 and 1)
            snapshot._wide = (tuple(h), tuple(t), tuple(k), tuple(cp), tuple(sc), tuple(ca),
                              self._passed, self._duel)
        return snapshot

    def restore(self, snapshot: Snapshot) -> None:
        """Put the deal back as it was when `snapshot` returned ``snapshot``, in any phase:
        its state, and its events and actions cut back to their length then. A snapshot restores
        any number of times, back from any later point of the deal's line of play; not forward
        (ValueError when the deal has fewer events or actions than then: it was restored to an
        earlier point since, and the deal is left unchanged)."""
        values = snapshot._values
        events, actions = values[31], values[32]
        if events > len(self._events) or actions > len(self._actions):
            raise ValueError("restore: the deal has been taken back past this snapshot")
        (
            h0, h1, t0, t1, k0, k1, cp0, cp1, sc0, sc1, ca0, ca1, trick, stock, self._decls,
            self._heap, self._dead, self._dix_scored, self._turn_up, self._trump,
            self._leader, self._to_move, self._phase, self._turn_melds, self._turn_dix,
            self._tricks, self._last_winner, self._called_out,
            self._end_phase, self._drawn, self._last_stock_turn, _, _,
        ) = values
        pair = self._hand
        pair[0] = h0
        pair[1] = h1
        pair = self._table
        pair[0] = t0
        pair[1] = t1
        pair = self._known
        pair[0] = k0
        pair[1] = k1
        pair = self._captured
        pair[0] = cp0
        pair[1] = cp1
        pair = self._scores
        pair[0] = sc0
        pair[1] = sc1
        pair = self._carte
        pair[0] = ca0
        pair[1] = ca1
        self._trick = [*trick]
        self._stock = [*stock]
        del self._events[events:]
        del self._actions[actions:]
        if len(self._hand) != 2:
            self._restore_wide(snapshot._wide)

    def _restore_wide(self, wide: _Wide) -> None:
        """`restore` the per-seat lists of a deal of more than two seats."""
        self._hand[:] = wide[0]
        self._table[:] = wide[1]
        self._known[:] = wide[2]
        self._captured[:] = wide[3]
        self._scores[:] = wide[4]
        self._carte[:] = wide[5]
        self._passed = wide[6]
        self._duel = wide[7]


def _lowest_copy(lane: int) -> int:
    """The lowest copy of a group (a lane byte): what its groups are sorted by (a module
    function: no function made at each call)."""
    return lane & -lane


_Values = tuple[
    int, int, int, int, int, int, int, int, int, int, int, int,
    tuple[int, ...], tuple[int, ...], tuple[Declaration, ...],
    int, int, int, int, int, int, int, int, int, int, int, int, int,
    bool, bool, bool, int, int,
]
"""What a `Snapshot` keeps (`Deal.snapshot` names them): both players' hand, table, known,
captured, scores and carte blanche state; the trick and the stock; the declarations; 13 ints;
3 flags; the numbers of events and of actions."""

_Wide = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...],
    tuple[int, ...], int, int,
]
"""What a `Snapshot` of a deal of more than two seats keeps besides its `_Values`: every seat's
hand, table, known, captured, scores and carte blanche state, the passes of the declaring turn
and the duel (two-seat snapshots have neither: two seats never pass nor duel apart)."""


class Snapshot:
    """A deal's mutable state at one moment, from `Deal.snapshot`, for `Deal.restore`: opaque
    (nothing in it to read), and restorable any number of times (it shares nothing the deal
    changes)."""

    __slots__ = ("_values", "_wide")

    _values: _Values  # set by `Deal.snapshot` (no __init__: the cheaper call in pure Python)
    _wide: _Wide  # set by `Deal.snapshot` only at more than two seats

    def __repr__(self) -> str:
        return f"<Snapshot after {self._values[-1]} action(s), {self._values[-2]} event(s)>"


PositionBits = tuple[int, int, int, int, int, int, int, tuple[int, ...], int, int, int, int]
"""What `Bits.position` returns."""


class Bits:
    """A read-only view of a deal's state as ints (`Deal.bits`), bound to the deal: it reads the
    deal as it is now, however the deal changes after. For search code that reads a position
    at every node: no `Card` or `CardSet` is built, and `position` reads the fields the end
    phase's play depends on in one call.

    Card sets are "the bits": bit ``n`` set for physical card ``n`` (as `CardSet.bits`, the
    bits of a `CardSet`; `Card` is that int). Players are seats 0, 1 …; a card, suit or player
    that does not exist (yet) is -1. Phases are ``LEAD`` 0, ``FOLLOW`` 1, ``DECLARE`` 2, ``OVER`` 3
    (`bezique.state`).

    >>> import bezique
    >>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7, dealer=0)
    >>> bits = deal.bits
    >>> bits.hand(1) == deal.hand(1).bits, bits.to_move, bits.phase, bits.trump == deal.trump
    (True, 1, 0, True)
    >>> _ = deal.apply(deal.legal_actions()[0])
    >>> bits.trick == deal.trick, bits.to_move
    (True, 0)
    """

    __slots__ = ("_d",)

    _d: DealState  # set by `Deal.bits` (no __init__: the cheaper call in pure Python)

    def hand(self, player: int) -> int:
        """The player's concealed cards (`Deal.hand`)."""
        return self._d._hand[player]

    def table(self, player: int) -> int:
        """The player's declared cards lying face up (`Deal.table`)."""
        return self._d._table[player]

    def known(self, player: int) -> int:
        """Cards of the player's concealed hand that the opponent has seen (`Deal.known`)."""
        d = self._d
        return d._known[player] & d._hand[player]

    def captured(self, player: int) -> int:
        """The cards in the player's won tricks (`Deal.captured`)."""
        return self._d._captured[player]

    def carte(self, player: int) -> int:
        """The player's carte blanche state (`bezique.carte`: ``CLOSED`` 0, ``MAY_SHOW_HAND``
        1, ``OPEN`` 2, ``MAY_SHOW_DRAW`` 3; 0 where the profile has none)."""
        return self._d._carte[player]

    def score(self, player: int) -> int:
        """Points the player has been credited in this deal (`Deal.scores`)."""
        return self._d._scores[player]

    @property
    def scores(self) -> Sequence[int]:
        """Every player's `score`, in seat order, in one call: the deal's own, live (it
        follows the deal; read it, never change it)."""
        return self._d._scores

    @property
    def captures(self) -> Sequence[int]:
        """Every player's `captured` cards, in seat order, in one call: the deal's own, live
        (it follows the deal; read it, never change it)."""
        return self._d._captured

    def is_dix(self, card: int) -> bool:
        """Whether physical ``card`` is a dix: the profile's dix rank in trumps."""
        return self._d._is_dix(card)

    def position(self) -> PositionBits:
        """``(phase, to_move, leader, hand(0), hand(1), table(0), table(1), trick, dix_scored,
        called_out, carte(0), carte(1))``: the fields play depends on in the end phase (but for
        scores, captured cards and the heap), read in one call, for a search that reads them at
        every node (and a key of its transposition table).

        >>> import bezique
        >>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7, dealer=0)
        >>> phase, to_move, leader, *_, trick, dix_scored, called_out, carte0, carte1 = (
        ...     deal.bits.position())
        >>> phase, to_move, leader, trick, called_out
        (0, 1, 1, (), -1)
        """
        d = self._d
        h, t, c = d._hand, d._table, d._carte
        return (d._phase, d._to_move, d._leader, h[0], h[1], t[0], t[1], tuple(d._trick),
                d._dix_scored, d._called_out, c[0], c[1])

    def more_seats(self) -> tuple[int, ...]:
        """What `position` leaves out at more than two seats: ``hand``, ``table`` and
        ``carte`` of seat 2, then of seat 3, then the duel (`duel`) (empty at two seats); with
        `position`, a key of a position at any number of seats."""
        d = self._d
        h, t, c = d._hand, d._table, d._carte
        if len(h) == 2:
            return ()
        out: list[int] = []
        for p in range(2, len(h)):
            out += (h[p], t[p], c[p])
        out.append(d._duel)
        return tuple(out)

    @property
    def duel(self) -> int:
        """In an end phase of two duels (``endgame.format = "pairwise_duels"``): the first seat
        of the pair playing now, the other the seat after it; -1 otherwise."""
        return self._d._duel

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the current trick, the lead first (`Deal.trick`)."""
        return tuple(self._d._trick)

    @property
    def stock(self) -> tuple[int, ...]:
        """The hidden stock, top **last** (the next card drawn is ``stock[-1]``; `Deal.stock`
        is top first); the turn-up is not in it."""
        return tuple(self._d._stock)

    @property
    def heap(self) -> int:
        """Played cards not yet gathered (``tricks.gather``); `Deal.heap` is this with
        `dead`."""
        return self._d._heap

    @property
    def dead(self) -> int:
        """Tricks that went to no one (``tricks.before_trump_worthless``)."""
        return self._d._dead

    @property
    def dix_scored(self) -> int:
        """The dixes that have scored (shown, exchanged, turned up or played)."""
        return self._d._dix_scored

    @property
    def phase(self) -> int:
        """``LEAD`` 0, ``FOLLOW`` 1, ``DECLARE`` 2 or ``OVER`` 3 (`Deal.phase` by name)."""
        return self._d._phase

    @property
    def to_move(self) -> int:
        """The player whose decision it is; once the deal is over, the last one who was
        (`Deal.to_move` is None then)."""
        return self._d._to_move

    @property
    def leader(self) -> int:
        """Who led (or leads) the current trick (`Deal.leader`)."""
        return self._d._leader

    @property
    def trump(self) -> int:
        """The trump suit (0-3 for ♠♥♦♣), -1 while not yet fixed (`Deal.trump`)."""
        return self._d._trump

    @property
    def turn_up(self) -> int:
        """The face-up card under the stock, -1 if none (`Deal.turn_up`)."""
        return self._d._turn_up

    @property
    def called_out(self) -> int:
        """The player who called out, -1 if none (`Deal.called_out`)."""
        return self._d._called_out

    @property
    def tricks(self) -> int:
        """Tricks completed so far (`Deal.tricks_played`)."""
        return self._d._tricks

    @property
    def last_winner(self) -> int:
        """Winner of the most recent trick, -1 before the first (`Deal.last_trick_winner`)."""
        return self._d._last_winner

    @property
    def end_phase(self) -> bool:
        """Whether the stock is exhausted (`Deal.in_end_phase`)."""
        return self._d._end_phase

    @property
    def event_count(self) -> int:
        """How many events the deal holds (``len(Deal.events)`` without the copy): where the
        events of the next action will start."""
        return len(self._d._events)

    @property
    def compiled(self) -> Compiled:
        """The profile's compiled tables (`bezique.compile.compile_rules` of `Deal.rules`)."""
        return self._d._c
