"""Declarations: matching the meld table, enumerating distinct candidates, the reuse rules.

A card may serve again in its class only in a meld of a higher order (docs/rules.md#bezique-reuse;
class/order from the meld table). docs/rules.md#knobs-melds adjusts this: ``marriage_to_sequence``
and ``sequence_to_marriage`` (class ``marriage``), ``double_after_two_singles``, ``reuse = never``,
``new_card_from_hand_required`` and Rubicon's re-forming (``reform_after_play``,
``reform_requires_hand_card``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import product
from typing import ClassVar, Final

from bezique.cards import LANE_COUNT, CardSet, card_name, iter_bits, lane_any
from bezique.compile import Compiled, FlatPattern, MeldTemplate
from bezique.frozen import Frozen, describe_fields


class Declaration(Frozen):
    """A declaration on a player's table: scored, or pending (announced, Cady). ``cards`` is
    the bitmask of its physical cards; `card_set` gives them as a `CardSet` of `Card` values.

    A frozen record (`bezique.frozen`; a native class in the compiled build, read on every
    meld search): attrs' constructor, equality, hashing, ``repr`` and fields, kept by hand.
    """

    __slots__ = ("cards", "intact", "klass", "order", "owner", "pending", "template")
    __match_args__: ClassVar[tuple[str, ...]] = (
        "owner", "template", "cards", "klass", "order", "intact", "pending",
    )
    owner: int
    template: int
    cards: int
    klass: int
    order: int
    intact: bool
    pending: bool

    def __init__(
        self, owner: int, template: int, cards: int, klass: int, order: int,
        intact: bool = True, pending: bool = False,
    ) -> None:
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "klass", klass)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "intact", intact)
        object.__setattr__(self, "pending", pending)

    def _key(self) -> tuple[int, int, int, int, int, bool, bool]:
        return (
            self.owner, self.template, self.cards, self.klass, self.order, self.intact,
            self.pending,
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

    def broken(self) -> Declaration:
        """The declaration after one of its cards was played."""
        return Declaration(
            owner=self.owner, template=self.template, cards=self.cards, klass=self.klass,
            order=self.order, intact=False, pending=self.pending,
        )


describe_fields(Declaration)


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

    def walk(i: int, need: int, acc: int) -> None:
        if need == 0:
            out.append(acc)
            return
        if i == size or left[i] < need:
            return
        walk(i + 1, need, acc)
        shift, lane = groups[i]
        lowest = _LOW_N[lane]
        for m in range(1, min(need, LANE_COUNT[lane]) + 1):
            walk(i + 1, need - m, acc | lowest[m] << shift)

    walk(0, count, 0)
    return out


def candidates(
    c: Compiled,
    mine: int,
    parts: Mapping[int, list[int]],
    trump: int | None,
    blocked: Callable[[MeldTemplate, int], int] | None = None,
    within_reach: Sequence[FlatPattern] | None = None,
    split: int = -1,
) -> Iterator[tuple[MeldTemplate, int]]:
    """Every distinct (template, cards) whose pattern the player's cards ``mine`` can form.

    ``parts[k]``: kind ``k``'s equivalence groups of copies (same place, same meld history), as
    lane bytes; copies within a group are interchangeable, so only the lowest are taken. It is
    looked up only for the kinds whose lane in ``split`` is not empty (the cards that may
    split a kind: tabled or dix-scored ones); every other kind's copies form one group.
    ``blocked(t, reach)``: cards that can never serve in ``t`` from the player's cards
    ``reach`` that ``t`` may take (the reuse rules), left out before enumerating (see
    `Book.blocked`). ``within_reach``: the patterns `reachable` gives, when already at hand.
    """
    if within_reach is None:
        within_reach = reachable(c, mine, trump)[0]
    for t, pattern, need, checks, reach, simple in within_reach:
        avail = mine
        if blocked is not None:
            avail = mine & ~blocked(t, reach & mine)
        if simple is not None:  # one kind per slot: each slot takes the lowest copies
            fixed = 0
            multi: list[list[int]] | None = None  # slots whose copies fall in several groups
            for shift, n in simple:
                lane = avail >> shift & 0xFF
                if LANE_COUNT[lane] < n:
                    break
                if split >> shift & 0xFF:
                    held = [g for g in parts[shift >> 3] if lane & g & -g]
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
                    groups.extend((shift, g) for g in parts[k] if lane & g & -g)
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


REACH_FOUND_SIZE: Final = 1 << 12


def reachable(c: Compiled, mine: int, trump: int | None) -> tuple[tuple[FlatPattern, ...], int]:
    """The concrete meld patterns that the cards ``mine`` hold enough cards for, and every
    card those patterns may take. Equal answers are the same objects (a memo key)."""
    index = 0 if trump is None else trump + 1
    status = c.reach_check[index](mine.to_bytes(32, "little"))
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


_NO_PENDING: Final[frozenset[tuple[int, int]]] = frozenset()


class Book:
    """One player's declarations, sorted once for checking many candidate melds.

    A pending (announced) declaration binds its cards exactly as a scored one does (ruling R11,
    docs/rules.md#r11); ``pending=False`` leaves the pending ones out (a coarser book, used only
    to prune the enumeration, whose pending declarations may still be scored)."""

    __slots__ = (
        "_blocked", "_c", "_class_cards", "_coarse", "_decls", "_never", "_pending_books",
        "_player", "_reuse", "binding", "by_class", "parts", "pending", "scored",
    )

    def __init__(
        self, c: Compiled, decls: Sequence[Declaration], player: int, *, pending: bool = True
    ) -> None:
        scored: list[Declaration] = []
        binding: list[Declaration] = []
        announced: list[tuple[int, int]] = []
        by_class: dict[int, list[Declaration]] = {}
        for d in decls:
            if d.owner != player:
                continue
            if d.pending:
                announced.append((d.template, d.cards))
                if not pending:
                    continue
            else:
                scored.append(d)
            binding.append(d)
            same = by_class.get(d.klass)
            if same is None:
                by_class[d.klass] = [d]
            else:
                same.append(d)
        self.scored = scored
        self.binding = binding
        self.pending: frozenset[tuple[int, int]] = (
            frozenset(announced) if announced else _NO_PENDING
        )
        """The player's pending declarations, as (template, cards)."""
        self._pending_books: dict[tuple[int, int], Book] = {}
        self._coarse: Book | None = None if self.pending and pending else self
        self.by_class = by_class
        self._c = c
        self._decls = decls
        self._player = player
        self._blocked: dict[int, tuple[int, int, int]] = {}
        self._never = c.rules.melds.reuse == "never"
        # copy groups already worked out, by (kind, hand, table and dix-scored lanes): the
        # declarations are fixed for the book's life, so the lanes decide the groups
        self.parts: dict[tuple[int, int, int, int], list[int]] = {}
        self._reuse: dict[int, tuple[list[Declaration], int, list[Declaration]]] = {}
        self._class_cards: dict[int, int] = {}

    @property
    def coarse(self) -> Book:
        """The book without the pending declarations (itself when there are none): its
        `blocked` prunes the enumeration of declarations to score, the pending ones
        included."""
        found = self._coarse
        if found is None:
            found = self._coarse = Book(self._c, self._decls, self._player, pending=False)
        return found

    def for_pending(self, template: int, cards: int) -> Book:
        """The book that scoring the pending declaration (``template``, ``cards``) is checked
        against: every declaration but that one and the ones announced after it (they were
        checked against it when announced)."""
        key = (template, cards)
        found = self._pending_books.get(key)
        if found is None:
            kept: list[Declaration] = []
            seen = False
            for d in self._decls:
                if d.owner == self._player and d.pending:
                    if d.template == template and d.cards == cards:
                        seen = True
                        continue
                    if seen:
                        continue
                kept.append(d)
            found = self._pending_books[key] = Book(self._c, kept, self._player)
        return found

    @property
    def royal(self) -> bool:
        """Has the player scored a trump marriage (a marriage-class trump meld of order 1)?"""
        melds = self._c.melds
        return any(melds[d.template].is_royal for d in self.scored)

    def reuse_context(self, klass: int) -> tuple[list[Declaration], int, list[Declaration]]:
        """The class's declarations that still bind its cards, the cards that re-forming
        released (``melds.reform_after_play``; 0 when it is off), and the broken declarations
        whose one re-forming is spent (their cards bind at their order unless released again).

        One re-forming per break (ruling R12, docs/rules.md#r12): a broken declaration releases
        its remaining cards until a later declaration of its class and order takes one of them
        (the re-forming, or a marriage's re-pairing that took its partner away)."""
        found = self._reuse.get(klass)
        if found is None:
            same_class = self.by_class.get(klass, ())
            if not self._c.rules.melds.reform_after_play:
                found = (list(same_class), 0, [])
            else:
                active = [d for d in same_class if d.intact]
                spent: list[Declaration] = []
                released = 0
                later: dict[int, int] = {}  # by order: the cards of the later declarations
                for d in reversed(same_class):
                    taken = later.get(d.order, 0)
                    if not d.intact:
                        if taken & d.cards:
                            spent.append(d)
                        else:
                            released |= d.cards
                    later[d.order] = taken | d.cards
                for d in active:
                    released &= ~d.cards
                found = (active, released, spent)
            self._reuse[klass] = found
        return found

    def class_cards(self, klass: int) -> int:
        """Every card of the player's binding declarations (scored or pending) of the class
        ``klass``."""
        found = self._class_cards.get(klass)
        if found is None:
            found = 0
            for d in self.by_class.get(klass, ()):
                found |= d.cards
            self._class_cards[klass] = found
        return found

    def blocked(self, t: MeldTemplate, reach: int) -> int:
        """Cards that no meld ``t`` taking cards of ``reach`` (the player's cards it may take)
        may use under the reuse rules: used in a declaration at all (``reuse = never``), or in
        ``t``'s class at a higher order, or at the same order, unless ``t`` is a marriage and a
        released card within ``reach`` could be re-paired with it (``reform_requires_hand_card
        = false``). Sound: every candidate holding a blocked card is refused by
        `meld_problem`."""
        if t.klass not in self.by_class and not self._never:
            return 0
        found = self._blocked.get(t.index)
        if found is None:
            found = self._compute_blocked(t)
            self._blocked[t.index] = found
        hard, same, repair = found
        return hard if repair & reach else hard | same

    def _compute_blocked(self, t: MeldTemplate) -> tuple[int, int, int]:
        """(always blocked, blocked unless re-forming, released cards that may re-form)."""
        rules = self._c.rules.melds
        if rules.reuse == "never":
            blocked = 0
            for d in self.binding:
                blocked |= d.cards
            return blocked, 0, 0
        reform = rules.reform_after_play
        repairs = may_repair(self._c, t)
        same = hard_same = higher = 0
        for d in self.by_class.get(t.klass, ()):
            if reform and not d.intact:
                continue
            if d.order == t.order:
                if repairs and not d.pending:
                    same |= d.cards
                else:
                    hard_same |= d.cards
            elif d.order > t.order:
                higher |= d.cards
        hard = 0 if t.in_marriage_class and rules.sequence_to_marriage else higher
        repair = self.reuse_context(t.klass)[1] if repairs else 0
        return hard | hard_same, same, repair


def may_repair(c: Compiled, t: MeldTemplate) -> bool:
    """May ``t`` take a partner out of an intact scored declaration of its order? Only a
    marriage (order 1 of the marriage class), re-paired with a released card where
    ``melds.reform_after_play`` is on and ``melds.reform_requires_hand_card`` off (ruling R12,
    docs/rules.md#r12)."""
    rules = c.rules.melds
    return (
        t.in_marriage_class and t.order == 1
        and rules.reform_after_play and not rules.reform_requires_hand_card
    )


def meld_problem(
    c: Compiled,
    t: MeldTemplate,
    cards: int,
    *,
    player: int,
    hand: int,
    decls: Sequence[Declaration],
    trump: int | None,
    matched: bool = False,
    book: Book | None = None,
) -> str | None:
    """Why ``player`` may not declare ``cards`` as ``t`` now (None: allowed). ``hand`` is the
    concealed hand; cards not in it are on the player's table. ``matched``: the cards are
    known to form the pattern (they were enumerated from it); ``book``: the player's
    declarations already sorted (built from ``decls`` when not given)."""
    rules = c.rules.melds
    if trump is None and not t.can_fix_trump:
        if t.suits in ("trump", "plain") or (
            t.suits == "bezique_pair" and rules.bezique_pair == "trump_queen_paired_jack"
        ):
            return f"no {t.name} before trumps are fixed (trump.selection)"
        if c.rules.trump.melds_before_trump == "none":
            return (
                "no declaration before the first marriage fixes trumps "
                "(trump.melds_before_trump)"
            )
    if not matched and not matches(c, t, cards, trump):
        return f"the cards do not form a {t.name}"
    if book is None:
        book = Book(c, decls, player)
    scoring_pending = (t.index, cards) in book.pending
    if scoring_pending:  # checked against what was there when it was announced, not itself
        book = book.for_pending(t.index, cards)
    if (
        rules.require_trump_marriage_before_sequence
        and t.in_marriage_class and t.suits == "trump" and t.order > 1
        and not book.royal
    ):
        return "a trump marriage must be declared before a sequence " \
            "(melds.require_trump_marriage_before_sequence)"
    if rules.reuse == "never":
        for d in book.binding:
            if d.cards & cards:
                return f"{_first(d.cards & cards)} has already been melded (melds.reuse = never)"
    elif cards & book.class_cards(t.klass):  # no card used in the class: nothing to reuse
        problem = _class_reuse_problem(c, t, cards, hand, book)
        if problem:
            return problem
    if (
        rules.new_card_from_hand_required
        and not cards & hand
        and not scoring_pending
    ):
        return "every meld must take at least one card from the hand " \
            "(melds.new_card_from_hand_required)"
    return None


def _first(bits: int) -> str:
    return card_name(next(iter_bits(bits)), symbols=True)


def _class_reuse_problem(
    c: Compiled, t: MeldTemplate, cards: int, hand: int, book: Book
) -> str | None:
    rules = c.rules.melds
    reform = rules.reform_after_play
    if reform and not (t.in_marriage_class and rules.sequence_to_marriage):
        # re-forming scores the same combination again (WKC-RUB, BIC-RUB), never a lower one
        # (FOSTER p.334: a sequence first forbids a marriage from its cards)
        for d in book.by_class.get(t.klass, ()):
            if not d.intact and d.order > t.order and d.cards & cards:
                return (
                    f"{_first(d.cards & cards)} has already served in a higher {t.klass_name} "
                    "meld; re-forming scores that meld again, not a lower one"
                )
    active, released, spent = book.reuse_context(t.klass)
    # a break is re-formed once: its other cards stay bound at its order, unless a later
    # declaration of the order (intact, or broken and released) holds them now
    free = released
    if spent:
        for d in active:
            if d.order == t.order:
                free |= d.cards
    for d in spent:
        shared = d.cards & cards & ~free
        if shared and d.order == t.order:
            return (
                f"{_first(shared)} has already served in a {t.klass_name} meld of this order, "
                "whose one re-forming is spent (docs/rules.md#r12)"
            )
    repairing = may_repair(c, t) and cards & released
    used = 0
    sources = 0
    lowering = False
    klass = t.klass_name
    for d in active:
        shared = d.cards & cards
        if not shared:
            continue
        used |= shared
        sources += 1
        if d.order == t.order:
            if d.pending:
                return (
                    f"{_first(shared)} already serves in a pending {klass} meld of this order "
                    "(docs/rules.md#r11)"
                )
            if not repairing:
                return f"{_first(shared)} has already served in a {klass} meld of this order"
        elif d.order > t.order:
            lowering = True
            if not (t.in_marriage_class and rules.sequence_to_marriage):
                return (
                    f"{_first(shared)} has already served in a higher {klass} meld "
                    "(a sequence forbids a later marriage)" if t.in_marriage_class else
                    f"{_first(shared)} has already served in a higher {klass} meld"
                )
        elif t.in_marriage_class and not rules.marriage_to_sequence:
            return f"{_first(shared)} has served in a marriage (melds.marriage_to_sequence = false)"
    growing_without_fresh = used and not cards & ~used and not lowering
    if growing_without_fresh and not (rules.double_after_two_singles and sources >= 2):
        return f"a new {klass} meld must add at least one card not yet used in that class"
    if reform and rules.reform_requires_hand_card and cards & released and not cards & hand:
        return "re-forming a meld needs a card from the hand (melds.reform_requires_hand_card)"
    return None
