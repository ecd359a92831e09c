"""How players are named: ``0`` to ``3`` in the API (seats, `Rules.players` of them), ``P0`` to
``P3`` in every text (events, records, errors, results, breakdowns, the command line). User
interfaces may add display names.

>>> player_name(0), player_name(1), [player_name(p) for p in PLAYERS], player_name(None)
('P0', 'P1', ['P0', 'P1'], 'nobody')
>>> seats(4), player_name(3)
((0, 1, 2, 3), 'P3')
"""

from __future__ import annotations

PLAYERS = (0, 1)
"""The two players of a two-seat deal, as the API numbers them."""

_NAMES = ("P0", "P1", "P2", "P3")


def seats(n: int) -> tuple[int, ...]:
    """The seats of an ``n``-seat deal: ``0`` to ``n - 1``, in playing order."""
    return tuple(range(n))


def player_name(player: int | None) -> str:
    """How texts name seat ``player`` (0 to 3): ``P0`` to ``P3`` (``nobody`` for None)."""
    if player is None:
        return "nobody"
    return _NAMES[player] if 0 <= player < len(_NAMES) else f"P{player}"
