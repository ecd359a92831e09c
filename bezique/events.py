"""Events: the append-only history of a deal. Every point scored is an event with its reason."""

from __future__ import annotations

from typing import ClassVar, Final

from bezique.cards import CARDS, Card, card_name
from bezique.frozen import Frozen, describe_fields


class Event(Frozen):
    """Something that happened in a deal.

    ``kind`` is one of: ``deal`` (hands dealt), ``turn_up``, ``play``, ``trick`` (won; ``player``
    is the winner), ``score`` (``points`` credited to ``player`` for ``reason``: a meld name,
    ``dix``, ``brisques``, ``trick_points``, ``last_trick``, ``last_trick_seven``,
    ``majority_penalty``, ``shortfall_penalty``, ``carte_blanche``, ``rounding`` …),
    ``meld`` (a declaration tabled; its points come in the ``score`` event that follows),
    ``announce`` (a pending declaration, Cady), ``pending_lost``, ``trump`` (trumps fixed),
    ``dix_exchange``, ``dix_show``, ``pass`` (the declaring turn handed to the partner;
    ``reason`` names him: ``to P2``), ``draw``, ``end_phase``, ``call_out``, ``heap``
    (the central heap gathered), ``forfeit``, ``over``. ``private`` events show their
    ``cards`` only to ``player`` (a draw from the stock). ``cards`` are `Card` values.

    A frozen record (`bezique.frozen`): a native class in the compiled build.
    """

    __slots__ = ("cards", "kind", "player", "points", "private", "reason")
    __match_args__: ClassVar[tuple[str, ...]] = (
        "kind", "player", "cards", "points", "reason", "private",
    )
    kind: str
    player: int | None
    cards: tuple[Card, ...]
    points: int
    reason: str
    private: bool

    def __init__(
        self, kind: str, player: int | None = None, cards: tuple[Card, ...] = (), points: int = 0,
        reason: str = "", private: bool = False,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "private", private)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Event)
        return (
            self.kind == other.kind and self.player == other.player
            and self.cards == other.cards and self.points == other.points
            and self.reason == other.reason and self.private == other.private
        )

    def __hash__(self) -> int:
        return hash((Event, self.kind, self.player, self.cards, self.points, self.reason,
                     self.private))

    def __str__(self) -> str:
        who = "" if self.player is None else f"P{self.player} "
        cards = " ".join(card_name(c) for c in self.cards)
        text = f"{who}{self.kind}"
        if self.reason:
            text += f" {self.reason}"
        if cards:
            text += f" {cards}"
        if self.points:
            text += f" +{self.points}"
        return text


describe_fields(Event)

ONE_CARD: Final[tuple[tuple[Card], ...]] = tuple((x,) for x in CARDS)
"""The ``cards`` of a one-card event, shared (a play or a draw makes no new tuple)."""

PLAY_EVENTS: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(Event("play", player, cards) for cards in ONE_CARD) for player in range(4)
)
"""The ``play`` event of each seat (up to four) and card, shared: events are frozen, and a play
(half of a deal's events) makes no new one. ``PLAY_EVENTS[player][card]``."""

DRAW_EVENTS: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(Event("draw", player, cards, private=True) for cards in ONE_CARD)
    for player in range(4)
)
"""The private ``draw`` event of each seat (up to four) and card from the stock, shared as
`PLAY_EVENTS` are. ``DRAW_EVENTS[player][card]``."""
