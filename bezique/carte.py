"""Carte blanche (Rubicon, Chinese): a hand without court cards, shown for points.

Per player a small state: 1 may still show the dealt hand (before playing to the first trick),
2 shown and still open (``melds.carte_blanche_repeat``: each non-court card drawn may be shown
for the bonus again, until a court card is drawn), 3 a non-court draw may be shown now (until
the player's next play), 0 over. Sources: HOFF, WKC-RUB, FOSTER p.334, PARLETT (docs/rules.md#d21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bezique.cards import cards_of
from bezique.events import Event

if TYPE_CHECKING:
    from bezique.state import DealState

MAY_SHOW_HAND: Final = 1
OPEN: Final = 2
MAY_SHOW_DRAW: Final = 3
CLOSED: Final = 0
CARTE_CHANCES: Final = frozenset({MAY_SHOW_HAND, MAY_SHOW_DRAW})
"""The privilege states in which carte blanche may be shown now."""


def carte_blanche_problem(d: DealState) -> str | None:
    """Why the player to move may not show carte blanche now (None: allowed)."""
    p = d._to_move
    state = d._carte[p]
    if state == OPEN:
        return "carte blanche again needs a newly drawn card that is not a court card"
    if state == CLOSED:
        return "carte blanche is shown before the first trick, or after a non-court draw"
    if d._c.court_bits & d._mine(p):
        return "carte blanche is a hand without kings, queens or jacks"
    return None


def show_carte_blanche(d: DealState) -> None:
    """Score carte blanche for the player to move and reveal the hand."""
    p = d._to_move
    t = d._c.carte_blanche
    assert t is not None
    d._carte[p] = OPEN if d.rules.melds.carte_blanche_repeat else CLOSED
    d._known[p] |= d._hand[p]
    d._events.append(Event("carte_blanche", p, cards_of(d._hand[p])))
    d._score(p, t.points, "carte_blanche")
    d._check_target(p, declaration=True)


def after_draw(d: DealState, p: int, card: int) -> None:
    """Update the privilege after player ``p`` drew ``card``."""
    state = d._carte[p]
    if state in (OPEN, MAY_SHOW_DRAW):
        d._carte[p] = CLOSED if (d._c.court_bits >> card) & 1 else MAY_SHOW_DRAW
    elif state == MAY_SHOW_HAND:
        d._carte[p] = CLOSED


def on_play(d: DealState, p: int) -> None:
    """A play ends the chance to show the dealt hand or the last draw."""
    state = d._carte[p]
    if state == MAY_SHOW_HAND:
        d._carte[p] = CLOSED
    elif state == MAY_SHOW_DRAW:
        d._carte[p] = OPEN

