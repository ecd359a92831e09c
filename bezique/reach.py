"""The reach check: which meld patterns a player's cards hold enough cards for, asked on every
declaring turn (`bezique.melds.reachable`). Split from `bezique.compile` by job.

A pattern is a few slots, each a count of cards from one kind or from several (a four of a
kind of any suits). The check is kept per kind rather than per pattern: `ReachTable.fail`
gives, for a kind and its lane byte, every pattern that wants more copies of that kind than
the lane holds, so the patterns a player's cards fail are the union over the kinds the
patterns name (about twenty), one table look-up each; only the slots of several kinds are
summed, pattern by pattern. That is what the compiled build runs (`reach_status`); the pure
one runs a function generated from the patterns (`generated_check`, one ``if`` a pattern),
which the interpreter runs faster. A test holds both to the same answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bezique.cards import LANE_COUNT, LANES

ReachSlots = tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
"""The slots of each pattern of one trump state, as (count, kinds): `ReachTable`'s source."""


class ReachTable:
    """One trump state's patterns as the reach check reads them (bit ``i`` of an answer:
    pattern ``i``). ``kinds``: the kinds named by the slots of one kind; ``fail[256 * j +
    lane]``: the patterns wanting more copies of ``kinds[j]`` than ``lane`` holds; ``every``:
    every pattern's bit; ``multi``: (bit, count, kinds) for each slot of several kinds. A
    native class in the compiled build, built once per profile (`bezique.compile`)."""

    __slots__ = ("every", "fail", "kinds", "multi")

    def __init__(self, slots: ReachSlots) -> None:
        kinds = sorted({ks[0] for pattern in slots for _, ks in pattern if len(ks) == 1})
        fail = [0] * (256 * len(kinds))
        multi: list[tuple[int, int, tuple[int, ...]]] = []
        for i, pattern in enumerate(slots):
            for n, ks in pattern:
                if len(ks) != 1:
                    multi.append((1 << i, n, ks))
                    continue
                at = 256 * kinds.index(ks[0])
                for lane in range(256):
                    if LANE_COUNT[lane] < n:
                        fail[at + lane] |= 1 << i
        self.kinds: tuple[int, ...] = tuple(kinds)
        self.fail: tuple[int, ...] = tuple(fail)
        self.every: int = (1 << len(slots)) - 1
        self.multi: tuple[tuple[int, int, tuple[int, ...]], ...] = tuple(multi)


def reach_status(table: ReachTable, mine: int) -> int:
    """Which patterns of ``table`` the cards ``mine`` hold enough cards for (bit ``i``:
    pattern ``i``): what the compiled build runs."""
    lanes = mine.to_bytes(LANES, "little")
    fail = table.fail
    failed = 0
    at = 0
    for k in table.kinds:
        failed |= fail[at + lanes[k]]
        at += 256
    status = table.every & ~failed
    for bit, n, kinds in table.multi:
        if status & bit:
            held = 0
            for k in kinds:
                held += LANE_COUNT[lanes[k]]
            if held < n:
                status ^= bit
    return status


def generated_check(slots: ReachSlots) -> Callable[[bytes], int]:
    """The reach check of one trump state's patterns (``slots``) as a function of the lane
    bytes (``cards.to_bytes(LANES, "little")``), generated once per profile and trump state:
    one ``if`` per pattern, each slot a byte look-up or a sum of them. What the pure build
    runs: the interpreter stops at a pattern's first missing kind, which makes it twice as fast
    there as reading `ReachTable` (the compiled build runs `reach_status` faster). The source is
    built from integers only (kinds and counts), never from profile text."""
    lines = ["def check(b):", "    s = 0"]
    for i, pattern in enumerate(slots):
        tests = []
        for n, kinds in pattern:
            if len(kinds) == 1 and n == 1:
                tests.append(f"b[{kinds[0]:d}]")
            else:
                total = " + ".join(f"P[b[{k:d}]]" for k in kinds)
                tests.append(f"{total} >= {n:d}")
        lines.append(f"    if {' and '.join(tests) or 'True'}:")
        lines.append(f"        s |= {1 << i:d}")
    lines.append("    return s")
    namespace: dict[str, Any] = {"P": LANE_COUNT}
    exec("\n".join(lines), namespace)
    check: Callable[[bytes], int] = namespace["check"]
    return check
