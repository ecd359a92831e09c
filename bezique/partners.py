"""Partners' shared tables (docs/rules.md#more-seats, DM10 and DM11).

Where seats have partners (`Rules.teams` of two) and ``partnership.combine_table_cards`` is on
(BIC-4H), a seat may declare with the cards its partner shows on the table, adding at least
one card from its own hand; the partner's cards stay where they lie. It may declare nothing the
partner could not legally declare, so the reuse marks belong to the physical card, whoever
declared it: the declarations binding a seat's cards are the team's (`Compiled.binding_seats`,
`bezique.state.DealState._own`). A multiple bezique (`MeldTemplate.is_multiple_bezique`) counts
only with all its cards from one seat (BIC-4H) unless ``partnership.bezique_from_either``
(EB9-643). With ``combine_table_cards = false`` each seat declares from its own cards (ENQ-129).

Who holds the declaring turn, and the `bezique.actions.Pass` that hands it on, are
`bezique.legal`'s and `bezique.moves`'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bezique.compile import Compiled, MeldTemplate
from bezique.players import player_name

if TYPE_CHECKING:
    from bezique.state import DealState


def with_partner_table(d: DealState, partner: int, k: int, parts: list[int]) -> list[int]:
    """A seat's groups of interchangeable copies of kind ``k`` (`DealState._kind_parts`, lane
    bytes) with the copies its ``partner`` shows on the table, grouped as the partner's own:
    copies on two seats' tables, or in different declarations, differ in consequences."""
    table = d._table[partner] >> (k * 8) & 0xFF
    if not table:
        return parts
    out = parts + [g for g in d._kind_parts(partner, k) if g & table]
    out.sort(key=_lowest)
    return out


def _lowest(lane: int) -> int:
    return lane & -lane


def combine_problem(
    c: Compiled, t: MeldTemplate, cards: int, player: int, hand: int, mine: int
) -> str | None:
    """Why ``player`` may not declare ``cards`` as ``t`` with his partner's tabled cards (None:
    allowed, or no card of the partner's in it). ``hand``: the player's concealed cards;
    ``mine``: those and his tabled ones. The reuse rules are `bezique.ledger`'s, over the
    team's declarations."""
    if not cards & ~mine:
        return None
    partner = player_name(c.partner[player])
    if not cards & hand:
        return (
            f"a meld with {partner}'s tabled cards needs a card from "
            f"{player_name(player)}'s hand (partnership.combine_table_cards, BIC-4H)"
        )
    if t.is_multiple_bezique and not c.rules.partnership.bezique_from_either:
        return (
            f"a {t.name} counts only with all its cards from one seat, not with "
            f"{partner}'s (partnership.bezique_from_either = false, BIC-4H)"
        )
    return None
