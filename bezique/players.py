"""How players are named: ``0`` and ``1`` in the API, ``P0`` and ``P1`` in every text (events,
records, errors, results, breakdowns, the command line). User interfaces may add display names.

>>> player_name(0), player_name(1), [player_name(p) for p in PLAYERS], player_name(None)
('P0', 'P1', ['P0', 'P1'], 'nobody')
"""

from __future__ import annotations

PLAYERS = (0, 1)
"""The two players of a deal, as the API numbers them."""

_NAMES = ("P0", "P1")


def player_name(player: int | None) -> str:
    """How texts name ``player`` (0 or 1): ``P0`` or ``P1`` (``nobody`` for None)."""
    if player is None:
        return "nobody"
    return _NAMES[player] if player in PLAYERS else f"P{player}"
