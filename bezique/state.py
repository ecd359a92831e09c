"""The state of a deal: slots of ints and small lists, and the helpers every part shares.

`DealState` holds the fields; `bezique.moves.DealMoves` changes them; `bezique.deal.Deal` is the
public face. Card sets are int bitmasks (bit ``card`` set), so copying a deal is cheap.
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


def _hands(hands: Sequence[Iterable[int]]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return as_cards(hands[0]), as_cards(hands[1])


def _optional_card(card: int | None) -> Card | None:
    return None if card is None else as_card(card)


def _optional_suit(suit: int | None) -> Suit | None:
    return None if suit is None else Suit(suit)


@frozen
class Origin:
    """How a deal started: what was dealt (`Card` values) and what `Deal.from_position` was
    given, so that a record can restart it exactly."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]] = field(
        converter=_hands, validator=NO_VALIDATOR
    )
    stock: tuple[Card, ...] = field(converter=as_cards, validator=NO_VALIDATOR)
    """The hidden stock, top first (the turn-up not included)."""
    turn_up: Card | None = field(converter=_optional_card, validator=NO_VALIDATOR)
    trump: Suit | None = field(converter=_optional_suit, validator=NO_VALIDATOR)
    """The trump suit given to `Deal.from_position` (None: from the turn-up, or not yet)."""
    leader: int
    scores: tuple[int, int] | None
    """The scores given to `Deal.from_position` (None: a fresh deal)."""
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
    "_end_phase",
    "_events",
    "_hand",
    "_heap",
    "_known",
    "_last_stock_turn",
    "_last_winner",
    "_leader",
    "_origin",
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
    totals: tuple[int, int]
    target: int
    _hand: list[int]
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

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the turn-up included."""
        return len(self._stock) + (self._turn_up >= 0)

    @property
    def brisques(self) -> tuple[int, int]:
        """Brisques (aces and tens) each player has captured."""
        c = self._c
        return brisque_count(c, self._captured[0]), brisque_count(c, self._captured[1])

    def _is_dix(self, card: int) -> bool:
        return card >> 6 == self._trump and (card >> 3 & 7) == self._c.dix_rank

    def _score(self, player: int, points: int, reason: str, cards: tuple[Card, ...] = ()) -> None:
        if points <= 0:
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
        """The player's declarations, interned: equal declarations give the same tuple object
        from one call to the next, so the hot path can key its memos on its identity."""
        memo = self._c.own_memo
        found = memo[player]
        decls = self._decls
        if found is not None and found[0] is decls:
            own: tuple[Declaration, ...] = found[1]
            return own
        own = tuple(d for d in decls if d.owner == player)
        if found is not None and found[1] == own:
            own = found[1]
        memo[player] = (decls, own)
        return own

    def _tabled(self, player: int) -> list[int]:
        """The player's declarations that lie on the table, each as its tabled cards."""
        table = self._table[player]
        if not table:
            return []
        return [d.cards & table for d in self._own(player) if d.cards & table]

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
                if lane:  # split every group by membership of this declaration
                    table_parts = [q for g in table_parts for q in (g & lane, g & ~lane) if q]
            parts.extend(table_parts)
        if scored:
            parts = [q for g in parts for q in (g & scored, g & ~scored) if q]
        parts.sort(key=lambda g: g & -g)
        return parts
