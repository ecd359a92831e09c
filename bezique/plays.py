"""The plays a player may make: one per group of interchangeable copies of a kind (ruling
R10), the lowest copy listed, and a copy letter only where a player's copies have different
consequences (tabled in different declarations, split between hand and table, dix-scored or
not). `bezique.legal` lists them; split from it by job.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bezique.actions import Action, Play
from bezique.cards import CARD_SPACE, JOKER, LANES, lane_any, lowest_copies
from bezique.melds import NATIVE, Declaration

if TYPE_CHECKING:
    from bezique.moves import DealMoves


_CARD_INTS: Final = (*range(256), *[JOKER] * (JOKER - 256), *range(JOKER, CARD_SPACE))
"""Every card int by position, the gap between 255 and `JOKER` filled (never looked up)."""
_PLAYS: Final = tuple(Play(x) for x in _CARD_INTS)
_QUALIFIED_PLAYS: Final = tuple(Play(x, True) for x in _CARD_INTS)
LOWEST: Final = tuple((v & -v).bit_length() - 1 for v in range(256))
"""The lowest set bit of a byte (a kind's lane): its lowest copy."""
_PLAY_LOWEST: Final = tuple(
    tuple(_PLAYS[k * 8 + LOWEST[v]] if v else _PLAYS[k * 8] for v in range(256))
    for k in range(LANES)
)
"""The play of the lowest copy of kind ``k`` given its lane byte: ``_PLAY_LOWEST[k][lane]``."""


class _PlayMemo:
    """What `plays` worked out for a player (`Compiled.play_memo`): his own declarations
    (`DealState._own`), table, concealed cards of the kinds below and dix-scored cards, the
    qualified plays of those (`_qualified_plays`), the kinds tabled or dix-scored (as full
    lanes), and every declaration of the deal then. A native class in the compiled build (a
    tuple's items would be read as generic objects)."""

    __slots__ = ("decls", "hand", "kinds", "own", "qualified", "scored", "table")

    def __init__(
        self, own: tuple[Declaration, ...], table: int, hand: int, scored: int,
        qualified: list[tuple[int, list[Action]]], kinds: int, decls: tuple[Declaration, ...],
    ) -> None:
        self.own = own
        self.table = table
        self.hand = hand
        self.scored = scored
        self.qualified = qualified
        self.kinds = kinds
        self.decls = decls


def plays(d: DealMoves, p: int, allowed: int, mine: int) -> list[Action]:
    """One play per group of interchangeable copies (all copies of a kind are allowed alike)."""
    lanes = allowed.to_bytes((allowed.bit_length() + 7) >> 3, "little")  # up to the highest
    if NATIVE:  # compiled: an index loop (iterating bytes is a generic iteration there)
        out: list[Action] = [_PLAY_LOWEST[k][lanes[k]] for k in range(len(lanes)) if lanes[k]]
    else:  # interpreted: iterating the bytes, no index arithmetic for an empty lane
        out = []
        k = 0
        for v in lanes:
            if v:
                out.append(_PLAY_LOWEST[k][v])
            k += 1  # noqa: SIM113
    table, scored = d._table[p], d._dix_scored & mine
    if not table and not scored:
        return out
    # a kind listed its lowest copy: right when all its copies form one group; otherwise its
    # place takes one qualified play per group (worked out once while the cards stay put)
    memo = d._c.play_memo
    found: _PlayMemo | None = memo[p]  # typed by annotation: no cast() call interpreted
    decls = d._decls
    if (
        found is not None and found.table == table and found.scored == scored
        and (found.decls is decls or found.own is d._own(p))
    ):
        hand = d._hand[p] & found.kinds
        if found.hand != hand:
            found.qualified = _qualified_plays(d, p, table, hand, scored)
            found.hand = hand
        found.decls = decls
        qualified = found.qualified
    else:
        kinds = lane_any(table | scored) * 0xFF
        hand = d._hand[p] & kinds
        qualified = _qualified_plays(d, p, table, hand, scored)
        memo[p] = _PlayMemo(d._own(p), table, hand, scored, qualified, kinds, decls)
    listed = lane = added = 0  # kinds listed below ``lane``; plays added by the qualified
    top = len(lanes)
    for k, plays in qualified:  # lowest kind first
        if k >= top:
            break
        if NATIVE:  # compiled: the listed kinds counted lane by lane (native ints)
            while lane < k:
                if lanes[lane]:
                    listed += 1
                lane += 1
            lane = k + 1
        else:  # interpreted: the kinds below k less their empty lanes, in one call
            listed = k - lanes.count(0, 0, k)
        if lanes[k]:
            at = listed + added
            out[at : at + 1] = plays
            added += len(plays) - 1
            listed += 1
    return out


def _qualified_plays(
    d: DealMoves, p: int, table: int, hand: int, scored: int
) -> list[tuple[int, list[Action]]]:
    """Per kind whose copies fall into several groups, lowest kind first: one qualified play
    per group. Copies split between hand and table, or several on the table (maybe in
    different declarations), or with different dix histories, may differ in consequences."""
    split = _split_kinds(table, hand, scored) if NATIVE else _split_lanes(table, hand, scored)
    out: list[tuple[int, list[Action]]] = []
    tabled = d._tabled(p) if split else []
    while split:
        low = split & -split
        split ^= low
        k = low.bit_length() - 1 if NATIVE else low.bit_length() >> 3
        parts = d._kind_parts(p, k, tabled)
        if len(parts) > 1:
            out.append((k, [_QUALIFIED_PLAYS[k * 8 + LOWEST[g]] for g in parts]))
    return out


def _split_lanes(table: int, hand: int, scored: int) -> int:
    """The kinds whose copies may fall into several groups, as bit 0 of their lanes: the
    pure build's form (a few operations on the whole card masks)."""
    split = 0
    if table:
        kinds = lane_any(table)
        both = hand & kinds * 0xFF
        if both:
            split = lane_any(both)
        if table.bit_count() != kinds.bit_count():
            split |= lane_any(table & ~lowest_copies(table))
    if scored:
        split |= lane_any(scored) & lane_any((hand | table) & ~scored)
    return split


def _split_kinds(table: int, hand: int, scored: int) -> int:
    """`_split_lanes` as bit ``k`` for kind ``k``, read lane by lane: the compiled build's form
    (an operation on a whole card mask allocates a Python int there; a lane is a machine
    int). A test holds both to the same kinds."""
    top = ((table | scored).bit_length() + 7) >> 3
    tb = table.to_bytes(LANES, "little")
    hb = hand.to_bytes(LANES, "little")
    sb = scored.to_bytes(LANES, "little")
    split = 0
    for k in range(top):
        t = tb[k]
        s = sb[k]
        if (t and (hb[k] or t & (t - 1))) or (s and (hb[k] | t) & ~s):
            split |= 1 << k
    return split
