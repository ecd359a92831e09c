"""Events: the append-only history of a deal. Every point scored is an event with its reason."""

from __future__ import annotations

from attrs import frozen

from bezique.cards import CARDS, Card, card_name


@frozen
class Event:
    """Something that happened in a deal.

    ``kind`` is one of: ``deal`` (hands dealt), ``turn_up``, ``play``, ``trick`` (won; ``player``
    is the winner), ``score`` (``points`` credited to ``player`` for ``reason``: a meld name,
    ``dix``, ``brisques``, ``trick_points``, ``last_trick``, ``carte_blanche``, ``rounding`` …),
    ``meld`` (a declaration tabled; its points come in the ``score`` event that follows),
    ``announce`` (a pending declaration, Cady), ``pending_lost``, ``trump`` (trumps fixed),
    ``dix_exchange``, ``dix_show``, ``draw``, ``end_phase``, ``call_out``, ``heap``
    (the central heap gathered), ``forfeit``, ``over``. ``private`` events show their
    ``cards`` only to ``player`` (a draw from the stock). ``cards`` are `Card` values.
    """

    kind: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    points: int = 0
    reason: str = ""
    private: bool = False

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


ONE_CARD: tuple[tuple[Card], ...] = tuple((x,) for x in CARDS)
"""The ``cards`` of a one-card event, shared (a play or a draw makes no new tuple)."""
