"""Counting captured cards: trick points by scheme, brisques, the end-of-deal conditions.

Shared by the deal (which credits trick points as events) and `bezique.settle` (a score-keeper
for real cards), so both apply ``brisques.min_to_score``, ``majority_bonus``,
``min_board_score_to_count`` and ``trick_points.rounding`` the same way.
"""

from __future__ import annotations

from bezique.cards import iter_bits
from bezique.compile import Compiled
from bezique.rules.model import Rules


def trick_points(c: Compiled, cards: int) -> int:
    """Raw trick points of captured cards under ``trick_points.scheme``."""
    values = c.trick_value
    return sum(values[card >> 3 & 7] for card in iter_bits(cards))


def brisque_count(c: Compiled, cards: int) -> int:
    """How many aces and tens are among ``cards``."""
    return (cards & c.brisque_bits).bit_count()


def round_up_7(points: int) -> int:
    """``trick_points.rounding = "7_up"``: a total ending in 7, 8 or 9 counts as the next ten."""
    rest = points % 10
    return points + (10 - rest) if rest >= 7 else points


def end_count(
    rules: Rules,
    raw: tuple[int, ...],
    brisques: tuple[int, ...],
    board: tuple[int, ...],
) -> list[list[tuple[int, str]]]:
    """Per seat, the ``(points, reason)`` items the end-of-deal count credits.

    ``raw``: trick points each seat captured; ``brisques``: brisques each captured; ``board``:
    each seat's team's score on the board before the count (game total plus the deal so far),
    for ``brisques.min_board_score_to_count``. The ``brisques.majority_bonus`` goes to the seat
    with the most brisques, and to none when the most are tied.
    """
    b = rules.brisques
    reason = "brisques" if rules.trick_points.scheme == "brisques" else "trick_points"
    n = len(raw)
    items: list[list[tuple[int, str]]] = [[], []] if n == 2 else [[] for _ in raw]
    for p in range(n):
        if brisques[p] < b.min_for(len(brisques)) or board[p] < b.min_board_score_to_count:
            continue
        points = raw[p]
        if rules.trick_points.rounding == "7_up":
            points = round_up_7(points)
        if points:
            items[p].append((points, reason))
    if b.majority_bonus:
        most = max(brisques)
        leaders = [p for p in range(n) if brisques[p] == most]
        if len(leaders) == 1:
            items[leaders[0]].append((b.majority_bonus, "brisque_majority"))
    return items
