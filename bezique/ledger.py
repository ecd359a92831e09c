"""The reuse ledger: which of a player's cards may serve in a new declaration, and how the
declarations change when one is made.

A card may serve again in its class only in a meld of a higher order (docs/rules.md#bezique-reuse;
class and order from the meld table), adjusted by the knobs of docs/rules.md#knobs-melds:
``marriage_to_sequence`` and ``sequence_to_marriage`` (class ``marriage``),
``double_after_two_singles``, ``reuse = never``, ``new_card_from_hand_required`` and the
multi-pack re-forming (``reform_after_play``, ``reform_requires_hand_card``), and by the joker
game's (docs/rules.md#joker: ``jokers.reuse``, ``jokers.fresh_card_may_be_joker``,
``melds.sequence_from_own_marriage``, ``melds.multi_bezique_growth``; `joker_game_problem`).
Pending (Cady) declarations bind their cards as scored ones do (ruling R11). Where re-forming is
on, a broken declaration may be re-formed once per break, and a re-forming binds the old remnant
until it is broken in turn (rulings R12 and R14, docs/rules.md#r14): each broken `Declaration`
keeps the cards of the declaration that re-formed it (``binder``), set by `declare`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bezique.cards import card_name, iter_bits
from bezique.compile import Compiled, MeldTemplate, bezique_suits
from bezique.melds import Declaration, Pruner, matches

_NO_PENDING: Final[frozenset[tuple[int, int]]] = frozenset()


class Book(Pruner):
    """The declarations binding one player's cards, sorted once for checking many candidate
    melds: his own, and where partners declare with each other's tabled cards his partner's
    too (`Compiled.binding_seats`: the reuse marks belong to the physical card).

    A pending (announced) declaration binds its cards exactly as a scored one does (ruling R11,
    docs/rules.md#r11); ``pending=False`` leaves the pending ones out (a coarser book, used only
    to prune the enumeration, whose pending declarations may still be scored)."""

    __slots__ = (
        "_blocked", "_c", "_class_cards", "_coarse", "_decls", "_jokers_once", "_never",
        "_pending_books", "_player", "_reuse", "binding", "by_class", "parts", "pending",
        "scored",
    )

    def __init__(
        self, c: Compiled, decls: Sequence[Declaration], player: int, *, pending: bool = True
    ) -> None:
        binding: list[Declaration] = []
        announced: list[tuple[int, int]] = []
        by_class: dict[int, list[Declaration]] = {}
        seats = c.binding_seats[player]
        any_pending = False  # among the seats' declarations
        for d in decls:
            if not seats >> d.owner & 1:
                continue
            if d.pending:
                any_pending = True
                if d.owner == player:
                    announced.append((d.template, d.cards))
                if not pending:
                    continue
            binding.append(d)
            same = by_class.get(d.klass)
            if same is None:
                by_class[d.klass] = [d]
            else:
                same.append(d)
        # the binding ones less the pending: the same list where none is pending (the books of
        # a multi-pack deal hold many declarations, and most deals have no pending one)
        self.scored = [d for d in binding if not d.pending] if any_pending else binding
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
        self._never = c.reuse_never
        self._jokers_once = c.joker_once
        # copy groups already worked out, by kind and its hand, table and dix-scored lanes (one
        # int, `bezique.legal`): the declarations are fixed for the book's life, so the lanes
        # decide the groups
        self.parts: dict[int, list[int]] = {}
        self._reuse: dict[int, tuple[list[Declaration], dict[int, int], dict[int, int]]] = {}
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
        """Has the player scored a trump marriage (a marriage-class trump meld of order 1)? Where
        partners declare with each other's tabled cards: has his side?"""
        melds = self._c.melds
        return any(melds[d.template].is_royal for d in self.scored)

    def reuse_context(self, klass: int) -> tuple[list[Declaration], dict[int, int], dict[int, int]]:
        """The class's declarations that bind its cards, and by order the cards that broken
        declarations leave free to re-form and those they leave bound (both empty when
        ``melds.reform_after_play`` is off: every declaration binds then, broken or not).

        Rulings R12 and R14 (docs/rules.md#r14): a broken declaration is free to be re-formed
        until a later declaration of its class and order re-forms it (or takes its partner);
        it is bound while that declaration is intact or pending, and free again once that one
        is broken. A card that serves in an intact declaration of the order is governed by that
        declaration (neither free nor bound here)."""
        found = self._reuse.get(klass)
        if found is None:
            same_class = self.by_class.get(klass, ())
            free: dict[int, int] = {}
            bound: dict[int, int] = {}
            if not self._c.reform:
                found = (list(same_class), free, bound)
            else:
                active: list[Declaration] = []
                broken: list[Declaration] = []
                for d in same_class:
                    (active if d.intact else broken).append(d)
                for d in broken:
                    into = bound if _is_bound(d, active) else free
                    into[d.order] = into.get(d.order, 0) | d.remnant
                for order, cards in free.items():
                    free[order] = cards & ~bound.get(order, 0)
                for d in active:  # an intact declaration governs its cards at its order
                    if d.order in free:
                        free[d.order] &= ~d.cards
                    if d.order in bound:
                        bound[d.order] &= ~d.cards
                found = (active, free, bound)
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
        if t.klass not in self.by_class and not self._never and not self._jokers_once:
            return 0
        found = self._blocked.get(t.index)
        if found is None:
            found = self._compute_blocked(t)
            self._blocked[t.index] = found
        hard, same, repair = found
        return hard if repair & reach else hard | same

    def _compute_blocked(self, t: MeldTemplate) -> tuple[int, int, int]:
        """(always blocked, blocked unless re-forming, released cards that may re-form)."""
        c = self._c
        if c.reuse_never:
            blocked = 0
            for d in self.binding:
                blocked |= d.cards
            return blocked, 0, 0
        jokers = self.used_jokers(t)
        reform = c.reform
        repairs = may_repair(c, t)
        second = c.second_double and t.copies == 2  # DM13
        same = hard_same = higher = 0
        for d in self.by_class.get(t.klass, ()):
            if reform and not d.intact:
                continue
            if d.order == t.order:
                if second and not d.pending:
                    continue  # a used pair may serve again: `meld_problem` decides
                if repairs and not d.pending:
                    same |= d.cards
                else:
                    hard_same |= d.cards
            elif d.order > t.order:
                higher |= d.cards
        hard = 0 if t.in_marriage_class and c.seq_to_marriage else higher
        repair = self.reuse_context(t.klass)[1].get(t.order, 0) if repairs else 0
        return hard | hard_same | jokers, same, repair

    def used_jokers(self, t: MeldTemplate) -> int:
        """The jokers that may not serve in meld ``t`` again: those of the binding declarations
        of its class, or of any class under ``jokers.reuse = "never"`` (docs/rules.md#dj11; 0
        without jokers)."""
        c = self._c
        if not c.joker_bits:
            return 0
        used = 0
        for d in self.binding if c.joker_once else self.by_class.get(t.klass, ()):
            used |= d.cards
        return used & c.joker_bits


def _is_bound(d: Declaration, among: Sequence[Declaration]) -> bool:
    """Does one of ``among`` bind the broken ``d``'s remaining cards (`Declaration.binds`:
    the intact re-forming ``d`` names as its binder)? A loop, not ``any()`` over a generator:
    the books of a multi-pack deal ask it at every change of the declarations."""
    if d.binder:
        for e in among:
            if e.binds(d):
                return True
    return False


def may_repair(c: Compiled, t: MeldTemplate) -> bool:
    """May ``t`` take a partner out of an intact scored declaration of its order? Only a
    marriage (order 1 of the marriage class), re-paired with a free card of a broken marriage
    where ``melds.reform_after_play`` is on and ``melds.reform_requires_hand_card`` off (rulings
    R8, R12 and R14, docs/rules.md#r14)."""
    return t.in_marriage_class and t.order == 1 and c.repair


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
    if trump is None and not t.can_fix_trump:
        if t.suits in ("trump", "plain") or (  # R9: a pair that depends on trumps waits
            t.suits == "bezique_pair"
            and bezique_suits(None, c.rules.melds.bezique_pair) is None
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
    scoring_pending = bool(book.pending) and (t.index, cards) in book.pending
    if scoring_pending:  # checked against what was there when it was announced, not itself
        book = book.for_pending(t.index, cards)
    if (
        c.royal_first
        and t.in_marriage_class and t.suits == "trump" and t.order > 1
        and not book.royal
    ):
        return "a trump marriage must be declared before a sequence " \
            "(melds.require_trump_marriage_before_sequence)"
    if c.reuse_never:
        for d in book.binding:
            if d.cards & cards:
                return f"{_first(d.cards & cards)} has already been melded (melds.reuse = never)"
    elif cards & book.class_cards(t.klass):  # no card used in the class: nothing to reuse
        problem = _class_reuse_problem(c, t, cards, hand, book, scoring_pending)
        if problem:
            return problem
    if c.meld_extras:
        problem = joker_game_problem(c, t, cards, hand, book, scoring_pending)
        if problem:
            return problem
    if (
        c.fresh_required
        and not cards & hand & ~c.not_fresh
        and not scoring_pending
    ):
        if cards & hand:
            return "the card a meld takes from the hand may not be a joker " \
                "(jokers.fresh_card_may_be_joker = false)"
        return "every meld must take at least one card from the hand " \
            "(melds.new_card_from_hand_required)"
    return None


def joker_game_problem(
    c: Compiled, t: MeldTemplate, cards: int, hand: int, book: Book, scoring_pending: bool
) -> str | None:
    """Why the joker game's rules refuse ``cards`` as ``t`` (None: they allow it): a joker
    serves once in each class, or once at all (docs/rules.md#dj11); a sequence grows from a
    trump marriage of the declarer's on the table (#dj3); a double (triple …) bezique is laid
    at once from the hand, never grown from a tabled one (#dj4; not when scoring a pending
    one, checked when announced). Only where `Compiled.meld_extras`."""
    jokers = cards & c.joker_bits
    if jokers:
        used = jokers & book.used_jokers(t)
        if used:
            if c.joker_once:
                return f"{_first(used)} has already served in a declaration (jokers.reuse = never)"
            return f"{_first(used)} has already served in a {t.klass_name} meld: a joker serves " \
                "once in each class (jokers.reuse)"
    melds = c.rules.melds
    if melds.sequence_from_own_marriage and (
        t.in_marriage_class and t.suits == "trump" and t.order > 1
    ):
        marriages = 0  # the declarer's intact trump marriages on the table within ``cards``
        for d in book.scored:
            if d.intact and not d.cards & (hand | ~cards) and c.melds[d.template].is_royal:
                marriages |= d.cards
        if marriages.bit_count() != 2 * t.copies:
            return f"a {t.name} is made by adding to one's own trump marriage on the table: " \
                "its king and queen must be that marriage's (melds.sequence_from_own_marriage)"
    if (
        not melds.multi_bezique_growth and t.is_multiple_bezique and cards & ~hand
        and not scoring_pending
    ):
        return f"a {t.name} is laid at once, all its cards from the hand, never grown from a " \
            "tabled bezique (melds.multi_bezique_growth = false)"
    return None


def _first(bits: int) -> str:
    return card_name(next(iter_bits(bits)), symbols=True)


def _one_set(t: MeldTemplate, shared: int) -> bool:
    """Are ``shared`` one card of each kind of a single ``t`` (a bezique: Q♠ and J♦)?"""
    kinds = 0
    for x in iter_bits(shared):
        kinds |= 1 << (x >> 3)
    return kinds.bit_count() == shared.bit_count() == t.size // t.copies


def _class_reuse_problem(
    c: Compiled, t: MeldTemplate, cards: int, hand: int, book: Book, scoring_pending: bool
) -> str | None:
    if c.reform:
        problem = _broken_order_problem(c, t, cards, book)
        if problem:
            return problem
    active, free, bound = book.reuse_context(t.klass)
    released = free.get(t.order, 0)
    repairing = may_repair(c, t) and cards & released
    klass = t.klass_name
    second = c.second_double and t.copies == 2
    for d in active:
        shared = d.cards & cards
        if not shared:
            continue
        if d.order == t.order:
            if d.pending:
                return (
                    f"{_first(shared)} already serves in a pending {klass} meld of this order "
                    "(docs/rules.md#r11)"
                )
            if second and _one_set(t, shared):
                second = False  # DM13: one used pair of one double, the rest new
                continue
            if not repairing:
                return (
                    f"{_first(shared)} has already served in a {klass} meld of this order, "
                    "still intact (docs/rules.md#r12)"
                )
        elif d.order > t.order:
            if not (t.in_marriage_class and c.seq_to_marriage):
                return (
                    f"{_first(shared)} has already served in a higher {klass} meld "
                    "(a sequence forbids a later marriage)" if t.in_marriage_class else
                    f"{_first(shared)} has already served in a higher {klass} meld"
                )
        elif t.in_marriage_class and not c.marriage_to_seq:
            return f"{_first(shared)} has served in a marriage (melds.marriage_to_sequence = false)"
    tied = bound.get(t.order, 0) & cards
    if tied:
        return (
            f"{_first(tied)} has already served in a {t.klass_name} meld of this order, "
            "re-formed by one still intact or pending: free again once a card of that one is "
            "played (docs/rules.md#r14)"
        )
    # R13: a new declaration of the class takes a card not yet used in it (in any of its
    # declarations, broken or not, of any order: a sequence's K Q are no fresh marriage, even
    # under melds.sequence_to_marriage); not a re-forming (it takes a free remnant of its
    # order), nor D5's double from two singles, the one exception
    if not cards & ~book.class_cards(t.klass) and not cards & released:
        sources = [d for d in book.by_class.get(t.klass, ()) if d.cards & cards]
        if not (c.double_singles and _two_singles(t, cards, sources)):
            return (
                f"a new {klass} meld must add at least one card not yet used in that class "
                "(docs/rules.md#r13)"
            )
    # D19: a re-forming (it takes a free remnant of its own order; a higher meld grown from a
    # broken one's cards is none) takes a card from the hand; scoring one's pending re-forming
    # needs none, its cards were checked when it was announced (R11)
    if (
        c.reform_needs_hand and cards & released and not cards & hand
        and not scoring_pending
    ):
        return "re-forming a meld needs a card from the hand (melds.reform_requires_hand_card)"
    return None


def _broken_order_problem(
    c: Compiled, t: MeldTemplate, cards: int, book: Book
) -> str | None:
    """Where ``melds.reform_after_play`` is on: why the cards of broken declarations of ``t``'s
    class may not serve in ``t`` (None: they may). Re-forming scores the same combination
    again (WKC-RUB, BIC-RUB; R14 (b): "of the same class and order"), never a lower one
    (FOSTER p.334: a sequence first forbids a marriage from its cards), nor a higher one
    where the class rule forbids it (``melds.marriage_to_sequence = false``: a marriage's
    card enters no sequence, broken or not; D7). Intact declarations: `_class_reuse_problem`."""
    marriage = t.in_marriage_class
    for d in book.by_class.get(t.klass, ()):
        shared = d.cards & cards
        if d.intact or not shared:
            continue
        if d.order > t.order and not (marriage and c.seq_to_marriage):
            return (
                f"{_first(shared)} has already served in a higher {t.klass_name} "
                "meld; re-forming scores that meld again, not a lower one"
            )
        if d.order < t.order and marriage and not c.marriage_to_seq:
            return f"{_first(shared)} has served in a marriage (melds.marriage_to_sequence = false)"
    return None


def _two_singles(t: MeldTemplate, cards: int, sources: list[Declaration]) -> bool:
    """D5 (``melds.double_after_two_singles``, the one exception to R13): are ``cards``, of
    an order-2 meld, exactly two disjoint order-1 declarations of its class?"""
    if t.order != 2:
        return False
    singles = [d.cards for d in sources if d.order == 1 and d.cards & ~cards == 0]
    return any(
        not a & b and a | b == cards for i, a in enumerate(singles) for b in singles[i + 1:]
    )


def meld_points(c: Compiled, t: MeldTemplate, decls: Sequence[Declaration]) -> int:
    """What a declaration of ``t`` scores, the deal's declarations before it being ``decls``:
    its value, but for the deal's first single bezique, whoever declares it, which scores
    `Compiled.first_bezique` where that is set (``melds.first_bezique_value``,
    docs/rules.md#dj5)."""
    if c.first_bezique and t.is_single_bezique and not any(
        not d.pending and c.melds[d.template].is_single_bezique for d in decls
    ):
        return c.first_bezique
    return t.points


def declare(
    c: Compiled, decls: tuple[Declaration, ...], new: Declaration
) -> tuple[Declaration, ...]:
    """The declarations after ``new`` is made: scored (a pending one of the same meld and cards
    is replaced by it) or announced (``new.pending``).

    A scored marriage that takes its partner out of an intact scored marriage (a re-pairing)
    breaks that one, which counts as re-formed by the new marriage (rulings R12 and R14 (d));
    where ``melds.reform_after_play`` is on, a broken declaration of the class and order whose
    remaining cards are free and which the new one takes cards of is re-formed by it (R14 (b),
    (e)). Both then keep the new declaration's serial as their ``binder``. Where partners
    declare with each other's tabled cards, the partner's declarations count as the
    declarer's own here (`Compiled.binding_seats`)."""
    reform = c.reform
    seats = c.binding_seats[new.owner]  # whose declarations bind the new one's cards
    klass, order, cards = new.klass, new.order, new.cards
    replaced = -1
    top = 0  # serials in use, and those still named as a binder
    touched: list[int] = []  # scored ones of the new one's class and order sharing its cards
    for i, d in enumerate(decls):  # one pass: a deal of several packs holds many declarations
        if d.serial > top:  # not max(): a generic call in the compiled build
            top = d.serial
        if d.binder > top:
            top = d.binder
        if d.pending:
            if (
                not new.pending and d.owner == new.owner and d.template == new.template
                and d.cards == cards
            ):
                replaced = i
        elif d.klass == klass and d.order == order and d.cards & cards and seats >> d.owner & 1:
            touched.append(i)
    new = new.numbered(decls[replaced].serial if replaced >= 0 else top + 1)
    out = list(decls)
    for i in touched:
        d = decls[i]
        if d.intact:
            if not new.pending:  # a re-pairing: the partner departs
                out[i] = d.broken(new.serial if reform else None, d.cards & cards)
        elif (
            reform and d.remnant & cards and not _is_bound(d, decls)
        ):
            out[i] = d.broken(new.serial)
    if replaced >= 0:
        out[replaced] = new
    else:
        out.append(new)
    return tuple(out)
