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
"""The slots of each pattern of one trump state, as (count, kinds): `ReachTable`'s source. A
slot's kinds are distinct, ascending (read off a mask of kinds: `bezique.compile`)."""


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


def generated_check(slots: ReachSlots) -> Callable[[int], int]:
    """The reach check of one trump state's patterns (``slots``) as a function of the cards,
    generated once per profile and trump state: one ``if`` per pattern, each slot of one kind
    a look-up of its lane byte (``cards.to_bytes(LANES, "little")``), each of several kinds
    the count of the cards of those kinds (one mask and ``bit_count``, cheaper to run than a
    sum of their lanes' counts). What the pure build
    runs: the interpreter stops at a pattern's first missing kind, which makes it twice as fast
    there as reading `ReachTable` (the compiled build runs `reach_status` faster). A pattern
    that holds every slot of a weaker one (a double bezique a bezique's, a sequence its
    marriage's) is tested inside the weaker one's ``if`` (`_parents`), without the slots that
    one tested already: where the weaker fails, the stronger is not tested at all (multi-pack
    profiles have chains of them). The source is built from integers only (kinds
    and counts), never from profile text."""
    parent = _parents(slots)
    children: list[list[int]] = [[] for _ in slots]
    roots: list[int] = []
    for i, up in enumerate(parent):
        (roots if up < 0 else children[up]).append(i)
    lines = ["def check(m):", f"    b = m.to_bytes({LANES:d}, 'little')", "    s = 0"]
    for i in roots:
        _emit(lines, slots, children, i, 1, ())
    lines.append("    return s")
    namespace: dict[str, Any] = {"P": LANE_COUNT}
    exec("\n".join(lines), namespace)
    check: Callable[[int], int] = namespace["check"]
    return check


def _emit(
    lines: list[str], slots: ReachSlots, children: list[list[int]], i: int, depth: int,
    held: tuple[tuple[int, tuple[int, ...]], ...],
) -> None:
    """Append to ``lines`` pattern ``i``'s test at indent ``depth``, then its children's
    inside it; ``held``: the slots the enclosing ``if``s tested."""
    tests = []
    for n, kinds in slots[i]:
        if any(ks == kinds and m >= n for m, ks in held):
            continue  # an enclosing ``if`` tested this slot already
        if len(kinds) == 1:
            tests.append(f"b[{kinds[0]:d}]" if n == 1 else f"P[b[{kinds[0]:d}]] >= {n:d}")
        else:  # the cards of those kinds (each named once), counted at once
            mask = sum(0xFF << 8 * k for k in kinds)
            tests.append(f"(m & {mask:d}).bit_count() >= {n:d}")
    pad = "    " * depth
    if tests:
        lines.append(f"{pad}if {' and '.join(tests)}:")
        pad += "    "
        depth += 1
    lines.append(f"{pad}s |= {1 << i:d}")
    for j in children[i]:
        _emit(lines, slots, children, j, depth, held + slots[i])


def _implies(
    strong: tuple[tuple[int, tuple[int, ...]], ...], weak: tuple[tuple[int, tuple[int, ...]], ...]
) -> bool:
    """Do cards that fill every slot of ``strong`` fill every slot of ``weak``? Each slot of
    ``weak`` is met by one of ``strong`` of at least its count from some of its kinds."""
    return all(
        any(m >= n and set(ks) <= set(kinds) for m, ks in strong) for n, kinds in weak
    )


def _parents(slots: ReachSlots) -> list[int]:
    """For each pattern, the weaker pattern whose ``if`` encloses its test (-1: none): the
    one with the most slots and cards, of the fewest kinds, among those it implies (the
    closest, so that a chain nests in full: a quadruple bezique in the triple, in the double,
    in the bezique; five trump aces in four, not in four aces of any suits); of two
    patterns with the same slots, the second in the first. Acyclic: a parent is strictly
    weaker, or the same and earlier."""
    out = []
    for i, strong in enumerate(slots):
        best, key = -1, (-1, -1, 0)
        for j, weak in enumerate(slots):
            if j == i or not _implies(strong, weak):
                continue
            if _implies(weak, strong) and j > i:
                continue  # the same slots: only the earlier one encloses
            size = (len(weak), sum(n for n, _ in weak), -sum(len(ks) for _, ks in weak))
            if size > key:
                best, key = j, size
        out.append(best)
    return out
