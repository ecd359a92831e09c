"""The observation tensor written straight from a deal, for code that makes one at every step
(the PettingZoo environment): entry for entry `bezique.features.observation_tensor` of
``glimpse(deal, player)``, without building an `Observation`, and laid out so that an array
library makes the per-kind card blocks in one lookup.

`TensorWriter.fill` packs the card sets it counts into bytes, one a kind (its copies as bits),
asks its caller for the buffer of the card counts they give (for each `CardGather` ``g``, the
entry at ``g.positions[i]`` is ``g.fractions[cards[g.sources[i]]]``, every other entry zero),
then writes every other entry of the tensor into that buffer (a list, or a float32
``memoryview`` of an array: only the entries that are not zero are written). Where every
card count shares one fraction table and the kinds fill the lanes (every built-in profile but
joker and pinochle), the bytes are ``aligned``: byte ``k`` is entry ``k``'s (zero where the
entry is not a card count), so that an array library makes the buffer in one lookup of the
whole bytes.
`TensorWriter.write` is the same with a zeroed buffer given first, and `TensorWriter.tensor`
does the whole of it in Python. No numpy is needed.

>>> import bezique
>>> from bezique.features import observation_tensor
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7)
>>> writer = tensor_writer(deal.rules)
>>> writer.tensor(deal, 1) == observation_tensor(deal.observation(1))
True
>>> out = [0.0] * writer.size
>>> cards = writer.write(deal, 1, out)
>>> writer.aligned, len(cards), [len(g.positions) for g in writer.gathers]
(True, 381, [256])
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence
from functools import lru_cache
from operator import itemgetter
from typing import TypeVar

from attrs import frozen

from bezique.deal import Deal
from bezique.features import DECLARED_SCALE, _Plan, _plan
from bezique.melds import Declaration
from bezique.rules.model import Rules
from bezique.state import OVER

__all__ = ["CardGather", "TensorWriter", "tensor_writer"]

Out = TypeVar("Out", bound=MutableSequence[float])


@frozen
class CardGather:
    """Card counts that share one table: ``tensor[positions[i]] =
    fractions[cards[sources[i]]]`` (``cards``: what `TensorWriter.write` returns)."""

    positions: tuple[int, ...]
    sources: tuple[int, ...]
    fractions: tuple[float, ...]
    """A kind's byte (its copies as bits) -> that many copies / the copies of the kind."""


_TWO_SEAT_SCALARS = ("turn", "phase", "dealer", "end_phase", "trick_lead", "observer_leads",
                     "turn_up", "trump", "stock", "opp_hand_size", "tricks", "last_trick",
                     "brisques", "scores", "totals", "called_out")
"""The two-seat blocks `TensorWriter` writes entry by entry, in the order it reads their
offsets."""

_WIDE_SCALARS = ("turn", "phase", "dealer", "end_phase", "partners", "leader", "turn_up",
                 "trump", "stock", "tricks", "last_trick", "brisques", "scores", "totals",
                 "called_out")
"""The same at more than two seats."""


class TensorWriter:
    """The observation tensor of one profile, read from a deal (module docstring); made by
    `tensor_writer`."""

    __slots__ = ("_at", "_brisques", "_declared_at", "_groups", "_hands", "_last_decls",
                 "_lone", "_ones", "_orders", "_others", "_plan", "_ranked", "_rel", "_stock",
                 "_stock_memo", "_target", "_trick_at", "_tricks", "aligned", "byte_count",
                 "gathers", "rules", "size")

    rules: Rules
    size: int
    """The tensor's length (`bezique.features.observation_size`)."""
    gathers: tuple[CardGather, ...]
    """The card counts, one gather a fraction table (two where a pack's jokers are not as
    many as the copies of a kind)."""
    byte_count: int
    """The length of the card bytes `fill` gives its ``make``."""
    aligned: bool
    """Whether the card bytes are the tensor's length, byte ``k`` entry ``k``'s (one gather,
    its ``positions`` its ``sources``), so that one lookup of the whole bytes in the
    gather's fractions is the tensor's card counts with zeros elsewhere. Otherwise the sets
    lie one after the other, a byte a kind's lane each, and a zero byte follows them."""

    def __init__(self, rules: Rules) -> None:
        """The writer of ``rules``' tensor (`tensor_writer` keeps one a profile)."""
        p = _plan(rules)
        offset = {b.name: b.offset for b in p.layout}
        self.rules = rules
        self.size = p.size
        self._plan = p
        self._target = rules.game.target or 1
        cards = range(p.lanes * 8 + 2)  # more than any count of cards, tricks or brisques
        self._stock = tuple(_clip(k / p.stock_max) for k in cards)
        self._hands = tuple(_clip(k / p.hand_size) for k in cards)
        self._tricks = tuple(_clip(k / p.tricks_max) for k in cards)
        self._brisques = tuple(_clip(k / p.brisques_max) for k in cards)
        n = rules.players
        self._rel = tuple(tuple((seat - me) % n for seat in range(n)) for me in range(n))
        self._orders = tuple(tuple((me + r) % n for r in range(n)) for me in range(n))
        names = _TWO_SEAT_SCALARS if n == 2 else _WIDE_SCALARS
        self._at = tuple(offset.get(name, -1) for name in names)
        self._ones = () if p.seats is None else tuple(
            tuple(offset["partners"] + i for i, x in enumerate(row) if x)
            for row in p.seats.partners)
        if n == 2:
            seats = ["own", "opp"]
            sources = ["hand", "own_table", "opp_table", "known_opp", "unseen",
                       "own_captured", "opp_captured", "heap"]
        else:
            seats = ["own", *(f"next{i}" for i in range(1, n))]
            sources = ["hand", "unseen", "own_table", "own_captured"]
            for seat in seats[1:]:
                sources += (f"{seat}_table", f"{seat}_known", f"{seat}_captured")
            sources.append("heap")
        self._declared_at = tuple(offset.get(f"{seat}_{kind}", -1)
                                  for seat in seats for kind in ("declared", "pending"))
        trick_at = [offset.get(f"{seat}_trick", -1) for seat in seats]
        self._trick_at = tuple(  # per observer and leader: the block of each card played
            tuple(tuple(trick_at[(leader + i - me) % n] for i in range(n)) for leader in range(n))
            for me in range(n))
        self._last_decls: list[tuple[object, list[tuple[int, float]]]] = [((), [])] * n
        self._stock_memo: tuple[object, tuple[int, ...]] = (None, ())
        # the card sets packed into one int, whose little-endian bytes are the sets' own (one
        # to_bytes, not one a set): aligned, set i at bit 8 * its block's offset; else one
        # after the other, set i at bit 8 * lanes * i
        starts = [offset[name] for name in sources]
        gathers = _gathers(p, starts)
        self.aligned = len(gathers) == 1 and len(p.kind_pos) == p.lanes and all(
            kind == pos for kind, pos in p.kind_pos.items())
        if self.aligned:
            shifts = [8 * start for start in starts]
            self.byte_count = p.size
            at = tuple(sorted(gathers[0].positions))
            gathers = (CardGather(at, at, gathers[0].fractions),)
        else:
            shifts = [8 * p.lanes * i for i in range(len(sources))]
            self.byte_count = p.lanes * len(sources) + 1  # a zero byte last
        self.gathers = gathers
        # the sets are packed in groups, each group's sets shifted from its first one's and
        # the group then from 0: fewer shifts of the long ints
        self._groups: tuple[tuple[int, ...], ...]
        if n == 2:  # (hand, own table, opp table, known opp, unseen), (captured x2, heap)
            self._groups = (_relative(shifts[:5]), _relative(shifts[5:]))
        else:  # (hand, own table, own captured), unseen, per other seat (table, known, won)
            self._groups = (_relative([shifts[0], shifts[2], shifts[3]]),
                            *(_relative(shifts[i:i + 3]) for i in range(4, len(shifts) - 1, 3)))
            self._lone = (shifts[1], shifts[-1])  # the unseen cards and the heap, alone
            self._others: tuple[tuple[tuple[int, tuple[int, ...], int], ...], ...] = tuple(
                # per observer: each other seat, its group, its hand size
                tuple(((me + r) % n, self._groups[r],
                       offset.get(f"{seats[r]}_hand_size", -1)) for r in range(1, n))
                for me in range(n))
            brisques_at, scores_at = offset["brisques"], offset["scores"]
            self._ranked = tuple(  # per observer: each seat from him on, its brisques, score
                tuple(((me + r) % n, brisques_at + r, scores_at + r) for r in range(n))
                for me in range(n))

    def fill(self, deal: Deal, player: int, make: Callable[[bytes], Out]) -> Out:
        """``player``'s tensor: ``make(cards)``, given the bytes of the card sets the
        `gathers` read, returns a buffer of `size` entries holding the card counts and zeros
        elsewhere; the other entries are written into it, and it is returned."""
        if self._plan.seats is None:
            return self._two(deal, player, make)
        return self._wide(deal, player, make)

    def write(self, deal: Deal, player: int, out: MutableSequence[float]) -> bytes:
        """Write ``player``'s tensor but for its card counts into ``out`` (`size` zeros);
        return the bytes of the card sets the `gathers` read."""
        made: list[bytes] = []

        def given(cards: bytes) -> MutableSequence[float]:
            made.append(cards)
            return out

        self.fill(deal, player, given)
        return made[0]

    def tensor(self, deal: Deal, player: int) -> list[float]:
        """``player``'s whole tensor as a list of floats."""
        return self.fill(deal, player, self._counted)

    def _counted(self, cards: bytes) -> list[float]:
        """The card counts of ``cards`` in a list of `size` floats, zeros elsewhere."""
        out = [0.0] * self.size
        for g in self.gathers:
            frac = g.fractions
            for at, byte in zip(g.positions, itemgetter(*g.sources)(cards), strict=True):
                out[at] = frac[byte]
        return out

    def _two(self, d: Deal, me: int, make: Callable[[bytes], Out]) -> Out:
        """`fill` at two seats (the layout of `bezique.features.observation_tensor`)."""
        (turn, phase_at, dealer, end, lead, leads, turn_up_at, trump, stock, opp_size, tricks,
         last_at, brisques, scores_at, totals_at, called_at) = self._at
        opp = 1 - me
        hands, known, tables, captured = d._hand, d._known, d._table, d._captured
        mine, theirs = hands[me], hands[opp]
        shown = known[opp] & theirs
        heap = d._heap | d._dead
        trick, turn_up = d._trick, d._turn_up
        pile = self._stock_bits(d._stock)
        if pile < 0:
            visible = mine | shown | tables[0] | tables[1] | captured[0] | captured[1] | heap
            for card in trick:
                visible |= 1 << card
            if turn_up >= 0:
                visible |= 1 << turn_up
            unseen = _unseen(d, theirs ^ shown, visible)
        else:
            unseen = theirs ^ shown | pile
        (w0, w1, w2, w3, w4), (w5, w6, w7) = self._groups
        out = make(((mine | tables[me] << w1 | tables[opp] << w2 | shown << w3
                     | unseen << w4) << w0
                    | (captured[me] | captured[opp] << w6 | heap << w7) << w5).to_bytes(
                        self.byte_count, "little"))
        phase = d._phase
        if phase != OVER:
            out[turn + (d._to_move != me)] = 1.0
        out[phase_at + phase] = 1.0
        if d.dealer == me:
            out[dealer] = 1.0
        if d._end_phase:
            out[end] = 1.0
        kind_pos = self._plan.kind_pos
        if trick:
            out[lead + kind_pos[trick[0] >> 3]] = 1.0
        if d._leader == me:
            out[leads] = 1.0
        if turn_up >= 0:
            out[turn_up_at + kind_pos[turn_up >> 3]] = 1.0
        out[trump + (4 if d._trump < 0 else d._trump)] = 1.0
        out[stock] = self._stock[len(d._stock) + (turn_up >= 0)]
        out[opp_size] = self._hands[theirs.bit_count()]
        out[tricks] = self._tricks[d._tricks]
        last = d._last_winner
        if last >= 0:
            out[last_at + (last != me)] = 1.0
        bb = d._c.brisque_bits
        won, lost = captured[me] & bb, captured[opp] & bb
        if won:
            out[brisques] = self._brisques[won.bit_count()]
        if lost:
            out[brisques + 1] = self._brisques[lost.bit_count()]
        scores, totals = d._scores, d.totals
        if scores[0] or scores[1] or totals[0] or totals[1]:
            target = d.target if d.target > 0 else self._target
            x, y = scores[me] / target, scores[opp] / target  # _clip inlined, twice
            out[scores_at] = x if 0.0 <= x <= 1.0 else 0.0 if x < 0.0 else 1.0
            out[scores_at + 1] = y if 0.0 <= y <= 1.0 else 0.0 if y < 0.0 else 1.0
            if totals[0] or totals[1]:
                out[totals_at] = _clip(totals[me] / target)
                out[totals_at + 1] = _clip(totals[opp] / target)
        if d._decls:
            for at, x in self._declared(d._decls, me):
                out[at] = x
        if called_at >= 0 and d._called_out >= 0:
            out[called_at + (d._called_out != me)] = 1.0
        return out

    def _wide(self, d: Deal, me: int, make: Callable[[bytes], Out]) -> Out:
        """`fill` at more than two seats (the layout of `bezique.features`' N-seat tensor)."""
        (turn, phase_at, dealer, end, _, leader_at, turn_up_at, trump, stock, tricks,
         last_at, _, _, totals_at, called_at) = self._at
        p = self._plan
        s = p.seats
        assert s is not None
        rel = self._rel[me]
        order = self._orders[me]
        hands, known, tables, captured = d._hand, d._known, d._table, d._captured
        heap = d._heap | d._dead
        trick, turn_up = d._trick, d._turn_up
        # the sets: the observer's hand, table and captured cards (a group), each other
        # seat's table, known and captured cards (a group each, `_others`), the unseen cards
        # and the heap (alone, `_lone`)
        unseen_at, heap_at = self._lone
        w0, w2, w3 = self._groups[0]
        packed = (hands[me] | tables[me] << w2 | captured[me] << w3) << w0
        hidden = 0
        others = self._others[me]
        for seat, (at, known_at, won_at), _ in others:
            held = hands[seat]
            seen = known[seat] & held
            hidden |= held ^ seen
            packed |= (tables[seat] | seen << known_at | captured[seat] << won_at) << at
        packed |= heap << heap_at
        pile = self._stock_bits(d._stock)
        if pile < 0:
            visible = heap
            for seat in order:
                visible |= tables[seat] | captured[seat] | hands[seat] & (
                    known[seat] if seat != me else -1)
            for card in trick:
                visible |= 1 << card
            if turn_up >= 0:
                visible |= 1 << turn_up
            unseen = _unseen(d, hidden, visible)
        else:
            unseen = hidden | pile
        out = make((packed | unseen << unseen_at).to_bytes(self.byte_count, "little"))
        phase = d._phase
        if phase != OVER:
            out[turn + rel[d._to_move]] = 1.0
        out[phase_at + phase] = 1.0
        out[dealer + rel[d.dealer]] = 1.0
        if d._end_phase:
            out[end] = 1.0
        for at in self._ones[me]:
            out[at] = 1.0
        leader, kind_pos = d._leader, p.kind_pos
        for at, card in zip(self._trick_at[me][leader], trick, strict=False):
            out[at + kind_pos[card >> 3]] = 1.0
        fraction = self._hands
        for seat, _, at in others:
            out[at] = fraction[hands[seat].bit_count()]
        out[leader_at + rel[leader]] = 1.0
        if turn_up >= 0:
            out[turn_up_at + kind_pos[turn_up >> 3]] = 1.0
        out[trump + (4 if d._trump < 0 else d._trump)] = 1.0
        out[stock] = self._stock[len(d._stock) + (turn_up >= 0)]
        out[tricks] = self._tricks[d._tricks]
        if d._last_winner >= 0:
            out[last_at + rel[d._last_winner]] = 1.0
        bb, fraction = d._c.brisque_bits, self._brisques
        target = d.target if d.target > 0 else self._target
        scores, totals = d._scores, d.totals
        for seat, brisques_at, score_at in self._ranked[me]:  # zeros left as they are
            won, points = captured[seat] & bb, scores[seat]
            if won:
                out[brisques_at] = fraction[won.bit_count()]
            if points:
                ratio = points / target
                out[score_at] = ratio if 0.0 <= ratio <= 1.0 else 0.0 if ratio < 0.0 else 1.0
        if any(totals):
            for i, team in enumerate(s.team_order[me]):
                out[totals_at + i] = _clip(totals[team] / target)
        if d._decls:
            for at, x in self._declared(d._decls, me):
                out[at] = x
        if called_at >= 0 and d._called_out >= 0:
            out[called_at + rel[d._called_out]] = 1.0
        return out

    def _stock_bits(self, stock: list[int]) -> int:
        """The cards of a deal's ``stock`` as bits, read from the prefixes of the stock list
        seen last (a deal only pops its stock, from the end of the list, and replaces the list
        to undo); -1 the first time a list is seen (the prefixes are made the second, so that
        a caller who reads many deals once does not pay for them)."""
        seen, prefixes = self._stock_memo
        if seen is stock and len(stock) < len(prefixes):
            return prefixes[len(stock)]
        if seen is not stock:
            self._stock_memo = (stock, ())
            return -1
        bits, made = 0, [0]
        for card in stock:
            bits |= 1 << card
            made.append(bits)
        self._stock_memo = (stock, tuple(made))
        return bits

    def _declared(self, decls: tuple[Declaration, ...], me: int) -> list[tuple[int, float]]:
        """The entries of the declared blocks (and the pending ones, where the profile has
        them) for observer ``me``: per seat after him, its declarations of each meld /
        `DECLARED_SCALE`, clipped; worked out once per tuple of declarations and observer
        (the deal replaces the tuple when it changes)."""
        counted, entries = self._last_decls[me]
        if counted is decls:
            return entries
        blocks, rel = self._declared_at, self._rel[me]
        counts: dict[int, int] = {}
        for decl in decls:
            base = blocks[2 * rel[decl.owner] + decl.pending]
            if base >= 0:
                at = base + decl.template
                counts[at] = counts.get(at, 0) + 1
        entries = [(at, _clip(k / DECLARED_SCALE)) for at, k in counts.items()]
        self._last_decls[me] = (decls, entries)
        return entries


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def _relative(shifts: list[int]) -> tuple[int, ...]:
    """A group of sets packed at ``shifts``: the first one's shift, then each other's from
    it."""
    return (shifts[0], *(shift - shifts[0] for shift in shifts[1:]))


def _unseen(deal: Deal, hidden: int, visible: int) -> int:
    """The cards the observer cannot place: the other seats' ``hidden`` cards and the stock,
    found as the pack less the ``visible`` ones (every card lies in one place) unless the count
    says that some card lies nowhere (a stacked `Deal.from_position`)."""
    stock = deal._stock
    unseen = deal._c.pack_bits & ~visible
    if unseen.bit_count() != hidden.bit_count() + len(stock):
        unseen = hidden
        for card in stock:
            unseen |= 1 << card
    return unseen


def _gathers(p: _Plan, offsets: list[int]) -> tuple[CardGather, ...]:
    """The card counts of the per-kind blocks at ``offsets``, the ``i``-th read from the
    ``i``-th card set of the bytes: one gather a fraction table."""
    kinds = sorted(p.kind_pos, key=p.kind_pos.__getitem__)
    tables: dict[tuple[float, ...], tuple[list[int], list[int]]] = {}
    for i, offset in enumerate(offsets):
        for j, kind in enumerate(kinds):
            frac = p.frac if p.fracs is None else p.fracs[j]
            positions, sources = tables.setdefault(frac, ([], []))
            positions.append(offset + j)
            sources.append(i * p.lanes + kind)
    return tuple(CardGather(tuple(at), tuple(src), frac)
                 for frac, (at, src) in tables.items())


@lru_cache(maxsize=64)
def tensor_writer(rules: Rules) -> TensorWriter:
    """The `TensorWriter` of ``rules`` (one a profile, kept)."""
    return TensorWriter(rules)
