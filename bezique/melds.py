"""Declarations: the `Declaration` record, matching the meld table and enumerating distinct
candidates. Which candidates the reuse rules allow is `bezique.ledger`'s job.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import product
from types import FunctionType
from typing import ClassVar, Final

from bezique.actions import LISTING_KEY
from bezique.cards import (
    CARDS,
    JOKER_BITS,
    LANE_COUNT,
    Card,
    CardSet,
    card_name,
    iter_bits,
    lane_any,
)
from bezique.compile import Compiled, FlatPattern, MeldTemplate
from bezique.frozen import Frozen, describe_fields
from bezique.reach import reach_status


class Declaration(Frozen):
    """A declaration on a player's table: scored, or pending (announced, Cady). ``name`` is
    its meld's name in the profile (``bezique``, ``four_jacks``); ``template`` the index of that
    meld in the compiled table, ``klass`` and ``order`` its class and order, the ints the
    engine reads. ``cards`` is the bitmask of its physical cards; `card_list` gives them as
    `Card` values in the order the notation lists them, `card_set` as a `CardSet`.
    ``serial``: its number in the deal (1, 2, … as declared; a pending one keeps its number
    when scored). ``binder``: the serial of the later declaration of the same class and order
    that re-formed this broken one, or took its partner (0: none; ruling R14,
    docs/rules.md#r14); the remaining cards stay bound while that declaration is intact or
    pending. ``departed``: the partner a re-pairing took out of it (0: none), no longer part
    of what it leaves.

    ``repr`` shows what a player reads (the name, the cards, the state) and ``str`` the table's
    line, as the action notation names a meld: ``bezique QS JD``, with ``(pending)`` or
    ``(broken)`` after a declaration that is not intact and scored. The name is set by the
    engine when it makes the declaration (a pointer stored once, never looked up); one built
    by hand without it shows its ``template`` instead.

    >>> from bezique.cards import parse_cards
    >>> bits = sum(1 << c for c in parse_cards("JD QS"))
    >>> d = Declaration(owner=1, template=3, cards=bits, klass=1, order=1, name="bezique")
    >>> d  # doctest: +NORMALIZE_WHITESPACE
    Declaration(owner=1, name='bezique', cards=(Card('QS'), Card('JD')), intact=True,
                pending=False, serial=0)
    >>> str(d), str(d.broken()), d.card_list[0].is_joker
    ('bezique QS JD', 'bezique QS JD (broken)', False)

    A frozen record (`bezique.frozen`; a native class in the compiled build, read on every
    meld search): attrs' constructor, equality, hashing and fields, kept by hand; ``name``
    takes no part in equality (the ``template`` says the same).
    """

    __slots__ = (
        "binder", "cards", "departed", "intact", "klass", "name", "order", "owner", "pending",
        "serial", "template",
    )
    __match_args__: ClassVar[tuple[str, ...]] = (
        "owner", "template", "cards", "klass", "order", "intact", "pending", "binder", "departed",
        "serial",
    )
    owner: int
    template: int
    cards: int
    klass: int
    order: int
    intact: bool
    pending: bool
    binder: int
    departed: int
    serial: int
    name: str

    def __init__(
        self, owner: int, template: int, cards: int, klass: int, order: int,
        intact: bool = True, pending: bool = False, binder: int = 0, departed: int = 0,
        serial: int = 0, name: str = "",
    ) -> None:
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "klass", klass)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "intact", intact)
        object.__setattr__(self, "pending", pending)
        object.__setattr__(self, "binder", binder)
        object.__setattr__(self, "departed", departed)
        object.__setattr__(self, "serial", serial)
        object.__setattr__(self, "name", name)

    def _key(self) -> tuple[int, int, int, int, int, bool, bool, int, int, int]:
        return (
            self.owner, self.template, self.cards, self.klass, self.order, self.intact,
            self.pending, self.binder, self.departed, self.serial,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Declaration)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((Declaration, *self._key()))

    @property
    def card_set(self) -> CardSet:
        """The declaration's cards (iterating gives `Card` values)."""
        return CardSet(self.cards)

    @property
    def card_list(self) -> tuple[Card, ...]:
        """The declaration's cards as `Card` values, in the order the notation lists them
        (by rank, the ace first, then suit; jokers last)."""
        return _listed(self.cards)

    def __repr__(self) -> str:
        meld = f"template={self.template}" if not self.name else f"name={self.name!r}"
        shown = (f"owner={self.owner}, {meld}, cards={self.card_list!r}, "
                 f"intact={self.intact}, pending={self.pending}, serial={self.serial}")
        if self.binder:
            shown += f", binder={self.binder}"
        if self.departed:
            shown += f", departed={_listed(self.departed)!r}"
        return f"Declaration({shown})"

    def __str__(self) -> str:
        meld = self.name or f"meld {self.template}"
        cards = " ".join(card_name(c) for c in self.card_list)
        state = " (pending)" if self.pending else "" if self.intact else " (broken)"
        return f"{meld} {cards}{state}"

    @property
    def remnant(self) -> int:
        """Its cards but the partner a re-pairing took out (``departed``)."""
        return self.cards & ~self.departed

    def broken(self, binder: int | None = None, departed: int = 0) -> Declaration:
        """The declaration after one of its cards was played (``binder`` None), or after a
        later declaration of its class and order re-formed it or took its partner
        (``binder``: that declaration's serial; ``departed``: the partner it took)."""
        return Declaration(
            owner=self.owner, template=self.template, cards=self.cards, klass=self.klass,
            order=self.order, intact=False, pending=self.pending,
            binder=self.binder if binder is None else binder,
            departed=self.departed | departed, serial=self.serial, name=self.name,
        )

    def numbered(self, serial: int) -> Declaration:
        """The declaration with this serial."""
        return Declaration(
            owner=self.owner, template=self.template, cards=self.cards, klass=self.klass,
            order=self.order, intact=self.intact, pending=self.pending, binder=self.binder,
            departed=self.departed, serial=serial, name=self.name,
        )

    def binds(self, other: Declaration) -> bool:
        """Does this declaration hold ``other``'s remaining cards (``other`` broken, this its
        intact or pending re-forming; ruling R14 (c) and (d))?"""
        return (  # serials are unique in a deal: the binder may be the partner's
            other.binder == self.serial and self.intact
            and self.klass == other.klass and self.order == other.order
        )


describe_fields(Declaration, uncompared=("name",))


def _listed(cards: int) -> tuple[Card, ...]:
    """The cards of a bitmask in the notation's order (`bezique.actions.card_order`)."""
    return tuple(CARDS[x] for x in sorted(iter_bits(cards), key=LISTING_KEY.__getitem__))


def named(c: Compiled, decls: tuple[Declaration, ...]) -> tuple[Declaration, ...]:
    """``decls`` with the meld name of each that has none (a declaration unpickled from a
    deal pickled before declarations carried their name)."""
    if all(d.name for d in decls):
        return decls
    return tuple(d if d.name else Declaration(
        d.owner, d.template, d.cards, d.klass, d.order, d.intact, d.pending, d.binder,
        d.departed, d.serial, c.melds[d.template].name,
    ) for d in decls)


def matches(c: Compiled, t: MeldTemplate, cards: int, trump: int | None) -> bool:
    """Do exactly these cards form meld ``t`` under ``trump``?"""
    if cards.bit_count() != t.size:
        return False
    for pattern in c.patterns[t.index][0 if trump is None else trump + 1]:
        for mask, n, _ in pattern:
            if (cards & mask).bit_count() != n:
                break
        else:
            return True
    return False


def stand_ins(c: Compiled, t: MeldTemplate, cards: int, trump: int | None) -> tuple[int, ...]:
    """What each joker of the declaration ``cards`` of meld ``t`` stands for, one entry per
    joker: the kinds it may be (bit ``k``: kind ``k``), one kind where the meld wants that very
    card (the J♦ of a bezique), the four suits of a rank where any suit will do (a jack of four
    jacks). Empty without jokers, and for four jokers, which stand for themselves. Read under
    ``trump`` first (the trump state the declaration is read in), then the others (a
    declaration made before trumps were fixed)."""
    jokers = (cards & JOKER_BITS).bit_count()
    if not jokers or t.suits == "jokers":
        return ()
    naturals = [x >> 3 for x in iter_bits(cards & ~JOKER_BITS)]
    for state in (trump, *(s for s in (None, 0, 1, 2, 3) if s != trump)):
        for slots in t.slots(state, c.rules.melds.bezique_pair):
            missing: list[int] = []
            fits = sum(n for _, n in slots) == len(naturals) + jokers
            for kinds, n in slots:
                held = sum(1 for k in naturals if kinds >> k & 1)
                fits = fits and held <= n
                missing += [kinds] * (n - held)
            if fits and len(missing) == jokers:
                return tuple(missing)
    return ()


def fixed_trump(t: MeldTemplate, cards: int, trump: int | None) -> int | None:
    """The suit a trump-fixing declaration makes trumps (None if it fixes nothing)."""
    if trump is not None or not t.can_fix_trump:
        return None
    return next(iter_bits(cards)) >> 6


def _lowest_n(lane: int, n: int) -> int:
    """The ``n`` lowest set bits of the byte ``lane``."""
    out = 0
    for _ in range(n):
        low = lane & -lane
        out |= low
        lane ^= low
    return out


_LOW_N: Final = tuple(tuple(_lowest_n(v, n) for n in range(9)) for v in range(256))
"""``_LOW_N[lane][n]``: the lowest ``n`` copies of a kind's lane byte."""


def _choose(groups: Sequence[tuple[int, int]], count: int) -> list[int]:
    """Distinct ways to take ``count`` cards from equivalence groups, each ``(shift, lane
    byte)`` of interchangeable copies (the lowest copies of a group are taken first). The
    result is shared between equal calls: read it, never change it."""
    key = (*groups, count)
    found = _CHOSEN.get(key)
    if found is None:
        found = _ways(groups, count)
        if len(_CHOSEN) >= CHOSEN_SIZE:
            _CHOSEN.clear()
        _CHOSEN[key] = found
    return found


CHOSEN_SIZE: Final = 1 << 10
_CHOSEN: Final[dict[tuple[object, ...], list[int]]] = {}


def _ways(groups: Sequence[tuple[int, int]], count: int) -> list[int]:
    out: list[int] = []
    size = len(groups)
    left = [0] * (size + 1)
    for i in range(size - 1, -1, -1):
        left[i] = left[i + 1] + LANE_COUNT[groups[i][1]]
    _walk(groups, left, out, 0, count, 0)
    return out


def _walk(
    groups: Sequence[tuple[int, int]], left: list[int], out: list[int], i: int, need: int,
    acc: int,
) -> None:
    """`_ways` from group ``i`` on, ``need`` cards still to take, ``acc`` taken (a module
    function rather than a closure: the compiled build calls it natively)."""
    if need == 0:
        out.append(acc)
        return
    if i == len(groups) or left[i] < need:
        return
    _walk(groups, left, out, i + 1, need, acc)
    shift, lane = groups[i]
    lowest = _LOW_N[lane]
    for m in range(1, min(need, LANE_COUNT[lane]) + 1):
        _walk(groups, left, out, i + 1, need - m, acc | lowest[m] << shift)


class Pruner:
    """What `candidates` prunes the enumeration with: the base class of `bezique.ledger.Book`
    (so that the compiled build calls its `blocked` as a native method)."""

    __slots__ = ()

    def blocked(self, t: MeldTemplate, reach: int) -> int:
        """Cards that no meld ``t`` taking cards of ``reach`` may use (none here)."""
        return 0


class KindGroups:
    """What `candidates` reads a kind's groups of interchangeable copies from: the base class
    of `bezique.legal`'s lazy mapping (so that the compiled build calls its `groups` as a
    native method), or a mapping wrapped (`GroupsOf`)."""

    __slots__ = ()

    def groups(self, kind: int) -> list[int]:
        """The groups of kind ``kind``'s copies, as lane bytes."""
        raise NotImplementedError


class GroupsOf(KindGroups):
    """The groups of a mapping (a dict of kind to lane bytes, say) as `KindGroups`."""

    __slots__ = ("of",)

    def __init__(self, of: Mapping[int, list[int]]) -> None:
        self.of = of

    def groups(self, kind: int) -> list[int]:
        """``of[kind]``."""
        return self.of[kind]


def candidates(
    c: Compiled,
    mine: int,
    parts: KindGroups | Mapping[int, list[int]],
    trump: int | None,
    blocked: Pruner | None = None,
    within_reach: Sequence[FlatPattern] | None = None,
    split: int = -1,
) -> Iterator[tuple[MeldTemplate, int]]:
    """Every distinct (template, cards) whose pattern the player's cards ``mine`` can form.

    ``parts``: each kind's equivalence groups of copies (same place, same meld history), as
    lane bytes (a `KindGroups`, or a mapping of kind to groups); copies within a group are
    interchangeable, so only the lowest are taken. It is looked up only for the kinds whose
    lane in ``split`` is not empty (the cards that may split a kind: tabled or dix-scored
    ones); every other kind's copies form one group.
    ``blocked``: the player's `Book`, whose ``blocked(t, reach)`` are the cards that can never
    serve in ``t`` from the player's cards ``reach`` that ``t`` may take (the reuse rules), left
    out before enumerating (a method called natively in the compiled build). ``within_reach``:
    the patterns `reachable` gives, when already at hand.
    """
    if within_reach is None:
        within_reach = reachable(c, mine, trump)[0]
    by_kind = parts if isinstance(parts, KindGroups) else GroupsOf(parts)
    for t, pattern, need, checks, reach, simple in within_reach:
        avail = mine
        if blocked is not None:
            avail = mine & ~blocked.blocked(t, reach & mine)
        if simple is not None:  # one kind per slot: each slot takes the lowest copies
            fixed = 0
            multi: list[list[int]] | None = None  # slots whose copies fall in several groups
            for shift, n in simple:
                lane = avail >> shift & 0xFF
                if LANE_COUNT[lane] < n:
                    break
                if split >> shift & 0xFF:
                    held = [g for g in by_kind.groups(shift >> 3) if lane & g & -g]
                    if len(held) > 1:  # one choice per group (one card: last group first)
                        if multi is None:
                            multi = []
                        multi.append(
                            [(g & -g) << shift for g in reversed(held)] if n == 1
                            else _choose([(shift, g) for g in held], n)
                        )
                        continue
                    if not held:  # no group of copies here at all (never in a sound deal)
                        break
                    lane = held[0]
                    if LANE_COUNT[lane] < n:
                        break
                fixed |= _LOW_N[lane][n] << shift
            else:
                if multi is None:
                    yield t, fixed
                else:
                    for chosen in product(*multi):
                        bits = fixed
                        for part in chosen:
                            bits |= part
                        yield t, bits
            continue
        if avail != mine and not _holds(avail, need, checks):
            continue
        options: list[list[int]] = []
        for _, n, kinds in pattern:  # a slot of several kinds (``suits = "any"``)
            groups: list[tuple[int, int]] = []
            for k in kinds:
                shift = k << 3
                lane = avail >> shift & 0xFF
                if not lane:
                    continue
                if split >> shift & 0xFF:
                    groups.extend((shift, g) for g in by_kind.groups(k) if lane & g & -g)
                else:
                    groups.append((shift, lane))
            found = _choose(groups, n)
            if not found:
                break
            options.append(found)
        else:
            if len(options) == 1:
                for bits in options[0]:
                    yield t, bits
                continue
            for chosen in product(*options):
                bits = 0
                for part in chosen:
                    bits |= part
                yield t, bits


def _holds(cards: int, need: int, checks: tuple[tuple[int, int], ...]) -> bool:
    """Do ``cards`` hold every kind ``need`` names and pass every (mask, count) check?"""
    if need & ~lane_any(cards):
        return False
    return all((cards & mask).bit_count() >= n for mask, n in checks)


NATIVE: Final = not isinstance(_holds, FunctionType)
"""Whether this module runs compiled (mypyc makes its functions built-in ones): `reachable`
then reads the profile's reach tables itself (`bezique.reach.reach_status`) rather than call
the function generated from them (`Compiled.reach_check`), which the interpreter runs
faster."""


REACH_FOUND_SIZE: Final = 1 << 12


def reachable(c: Compiled, mine: int, trump: int | None) -> tuple[tuple[FlatPattern, ...], int]:
    """The concrete meld patterns that the cards ``mine`` hold enough cards for, and every
    card those patterns may take. Equal answers are the same objects (a memo key)."""
    index = 0 if trump is None else trump + 1
    status = (
        reach_status(c.reach_tables[index], mine) if NATIVE
        else c.reach_check[index](mine))
    if not status:
        return _NOTHING
    known = c.reach_found[index]
    found = known.get(status)
    if found is None:
        flat = c.flat_patterns[index]
        patterns = []
        cards = 0
        bits = status
        while bits:
            low = bits & -bits
            entry = flat[low.bit_length() - 1]
            patterns.append(entry)
            cards |= entry[4]
            bits ^= low
        if len(known) >= REACH_FOUND_SIZE:
            known.clear()
        found = known[status] = (tuple(patterns), cards)
    return found


_NOTHING: Final[tuple[tuple[FlatPattern, ...], int]] = ((), 0)
