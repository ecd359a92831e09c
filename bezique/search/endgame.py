"""The solver's fast path: the trick play of an end phase as small ints.

Once only plays remain (no carte blanche to show, no call-out, no deal ended early by a target,
no revoke penalty), an end phase is tricks and nothing else: `Endgame` renumbers the cards
still in the hands (and on the trick) densely, by suit and then from the strongest rank down,
so that a hand is an int of a few dozen bits and a card's follow duty, the cards that beat it and
the cards ranked between two of them are precompiled masks. Every table comes from the
profile's compiled rules (``endgame.obligation``, trick values, ``tricks.gather``, brisques,
the dix scored on play, by its player or the trick's winner (``dix.award_to``), ``last_trick``;
``docs/rules.md#bezique-end-phase``), so no rule is named here. `bezique.search.solver` hands a
position over as soon as `Endgame.takes` it, and its agreement tests against brute force on the
engine's own moves keep the two honest.

A search value is a future gain: the final score difference for the player to move (trick
points counted when they are won, as an additive end-of-deal count amounts to) minus the
present one.
"""

from __future__ import annotations

from bezique.cards import iter_bits
from bezique.carte import CARTE_CHANCES
from bezique.count import additive, counted_in_deal
from bezique.deal import Deal
from bezique.state import FOLLOW, LEAD, Bits, PositionBits

_INF = 1 << 30
EXACT, LOWER, UPPER = range(3)


class NodeBudgetExceeded(Exception):
    """A solve given a node budget (``max_nodes``) visited more positions than it allows: its
    value is unknown (nothing about the deal changed)."""


def supported(deal: Deal) -> bool:
    """Whether the end phase of ``deal`` is plain trick play between two seats, apart from
    carte blanche (which `Endgame.takes` checks per position): no revoke is possible, no
    call-out, any end-of-deal count adds up card by card (`bezique.count.additive`: no
    minimum, majority scheme or penalty), a dix scored by the trick's winner is not left in a
    heap (``dix.award_to``, ``tricks.gather``), no trump seven left to win the last trick
    where that scores more (``last_trick.seven_bonus``), and no score can end the deal early
    (``game.end``): the profile finishes every deal, or no player can reach the target with
    every point still to be had (checked at the root: scores only grow below it)."""
    rules = deal.rules
    b = rules.brisques
    bits = deal.bits
    c = bits.compiled
    if c.players > 2 or c.revoke_forfeit or rules.game.call_out or c.last_resort:
        return False  # the small-int search plays two hands, jokers whenever allowed
    if counted_in_deal(rules) and b.when == "end_of_deal" and not additive(rules):
        return False
    if c.dix_to_winner and rules.tricks.gather == "when_brisque_played":
        return False  # the heap would carry the dix to a later trick's winner
    cards = bits.hand(0) | bits.hand(1)
    for card in bits.trick:
        cards |= 1 << card
    if rules.last_trick.seven_bonus and rules.last_trick.which == "final" and any(
        bits.is_dix(x) for x in iter_bits(cards)
    ):
        return False  # the last trick's value would depend on the card that wins it
    if rules.game.end == "finish_deal":
        return True
    # every trick point of the pack, every dix still to score on play, the last trick and
    # carte blanche (shown at most once a player in the end phase)
    scored = bits.dix_scored
    dixes = sum(1 for x in iter_bits(cards) if bits.is_dix(x) and not scored >> x & 1)
    most = c.trick_total + dixes * rules.dix.value + rules.last_trick.value
    if c.carte_blanche is not None:
        most += 2 * c.carte_blanche.points
    board = max(deal.totals[p] + bits.score(p) for p in (0, 1))
    return board + most < deal.target


class Endgame:
    """The precompiled end phase of one solve: the dense cards, their masks and points, and
    the transposition table of trick-boundary positions (both hands, the heap's points)."""

    def __init__(self, deal: Deal, *, limit: int = _INF, floor: int = 0) -> None:
        # At most 30 attributes (30 now): CPython 3.11 shares the keys of at most 30 instance
        # attributes, and beyond that every `self.x` read in `lead` and `reply` is slower
        # (measured: 2 more cost the pure build 6% of its nodes per second).
        self.limit = limit
        """The most positions the search may visit (`NodeBudgetExceeded` beyond it)."""
        self.floor = floor
        """The horizon: a trick led from a hand of at most this many cards is not searched
        but estimated (`estimate`); 0 searches to the end (exact)."""
        rules = deal.rules
        bits = deal.bits
        c = bits.compiled
        trump = bits.trump
        counted = counted_in_deal(rules)  # and additive: `supported`
        gather = rules.tricks.gather
        if rules.tricks.before_trump_worthless and trump < 0:
            gather = "never"  # every trick goes to the dead pile
        physical = bits.hand(0) | bits.hand(1)
        for card in bits.trick:
            physical |= 1 << card
        # dense order: suit, then rank from the strongest, then copy (kind = suit * 8 + rank)
        cards = sorted(iter_bits(physical), key=lambda x: (x >> 3, x & 7))
        self.cards = cards
        self.index = {card: i for i, card in enumerate(cards)}
        self.shift = len(cards)
        self.heaped = counted and gather == "when_brisque_played"
        self.last = rules.last_trick.value if rules.last_trick.which == "final" else 0
        counts = counted and gather != "never"
        dix_card = trump >= 0 and c.dix_on_play and c.dix_on_play_endgame
        dix_kind = trump * 8 + c.dix_rank if dix_card else -1
        scored = bits.dix_scored
        dix = [rules.dix.value if x >> 3 == dix_kind and not scored >> x & 1 else 0
               for x in cards]
        self.points = [c.trick_value[x >> 3 & 7] if counts else 0 for x in cards]
        if c.dix_to_winner:  # a dix scores for the trick's winner: a trick point of its own
            self.points = [p + v for p, v in zip(self.points, dix, strict=True)]
            dix = [0] * len(cards)
        self.brisque = [self.heaped and bool(c.brisque_bits >> x & 1) for x in cards]
        self.dix = dix
        klass = list(zip(self.points, self.brisque, self.dix, strict=True))
        classes = {k: j for j, k in enumerate(sorted(set(klass)))}
        self.klass = [classes[k] for k in klass]
        self.suit = [x >> 6 for x in cards]
        self.kind = [x >> 3 for x in cards]
        self.suit_mask = [0, 0, 0, 0, 0]  # the fifth: the jokers, which follow no suit
        for i, x in enumerate(cards):
            self.suit_mask[x >> 6] |= 1 << i
        # per dense card led: the cards that follow it (none after a joker)
        self.follows = [self.suit_mask[s] if s < 4 else 0 for s in self.suit]
        self.trump_mask = self.suit_mask[trump] if trump >= 0 else 0
        obligation = rules.endgame.obligation
        self.follow_only = obligation == "follow_only"
        # per card, as dense masks of its suit: the stronger ranks (``higher`` where the
        # follower must head the trick), the cards that beat it led, and the ranks from the
        # strongest down to its own (``upto``) and from its own down (``down``)
        self.higher: list[int] = []
        self.beaten: list[int] = []
        self.upto: list[int] = []
        self.down: list[int] = []
        first: dict[int, int] = {}  # kind or suit (as -1 - suit) -> its first dense index
        after: dict[int, int] = {}  # ... -> one past its last
        for i, x in enumerate(cards):
            for group in (x >> 3, -1 - (x >> 6)):
                first.setdefault(group, i)
                after[group] = i + 1
        self.hull_end = [after[x >> 3] for x in cards]  # per dense card: one past its kind
        self.hull_start = {1 << i: 1 << first[x >> 3] for i, x in enumerate(cards)}
        for x in cards:
            kind, suit = x >> 3, -1 - (x >> 6)
            stronger = (1 << first[kind]) - (1 << first[suit])
            must_head = obligation == "follow_and_win" or (
                obligation == "follow_trump_beat_trump_lead" and x >> 6 == trump
            )
            self.higher.append(stronger if must_head else 0)
            self.beaten.append(stronger | (self.trump_mask if x >> 6 != trump else 0))
            self.upto.append((1 << after[kind]) - (1 << first[suit]))
            self.down.append((1 << after[suit]) - (1 << first[kind]))
        # move ordering (measured): leads by suit, strongest first, trumps last; answers
        # worth most first, then the weakest card first
        self.lead_order = list(range(len(cards)))  # within a suit; suits by `lead_suits`
        self.lead_suits = [
            self.suit_mask[s] for s in sorted(range(5), key=lambda s: s == trump)
            if self.suit_mask[s]
        ]
        self.reply_order = [
            (7 - (x >> 3 & 7)) - 16 * (self.points[i] + self.dix[i])
            for i, x in enumerate(cards)
        ]
        self.table: dict[int, tuple[int, int, int]] = {}  # key -> (lower, upper, best lead)
        self.lead_memo: dict[int, list[int]] = {}
        self.reply_memo: dict[int, list[int]] = {}
        self.nodes = 0

    def takes(self, pos: PositionBits) -> bool:
        """Whether a position of this solve (its `Bits.position`) is plain trick play from
        here on."""
        phase, p, _, hand0, hand1, table0, table1, _, _, _, carte0, carte1 = pos
        if phase != LEAD and phase != FOLLOW:
            return False
        if table0 or table1 or not (hand1 if p else hand0):
            return False
        if phase == LEAD and not (hand0 if p else hand1):
            return False
        # carte blanche may still be shown before a player's first play of the end phase (the
        # states are 0 where the profile has none)
        return not (carte0 in CARTE_CHANCES or carte1 in CARTE_CHANCES)

    def dense(self, cards: int) -> int:
        """A physical card mask as a dense one."""
        index = self.index
        out = 0
        for card in iter_bits(cards):
            out |= 1 << index[card]
        return out

    def _position(self, b: Bits, pos: PositionBits) -> tuple[int, int, int, int, int]:
        """A position (its `Deal.bits` ``b`` and `Bits.position` ``pos``) as (the mover's dense
        hand, the other's, the heap's points, the most still to gain, the dense card led or
        -1)."""
        phase, p, _, hand0, hand1, _, _, trick, _, _, _, _ = pos
        mine, theirs = (hand1, hand0) if p else (hand0, hand1)
        mine, theirs = self.dense(mine), self.dense(theirs)
        heap = 0
        if self.heaped:
            values = b.compiled.trick_value
            heap = sum(values[card >> 3 & 7] for card in iter_bits(b.heap))
        x = self.index[trick[0]] if phase == FOLLOW else -1
        cards = mine | theirs | (1 << x if x >= 0 else 0)
        total = heap + self.last  # the most either player can still gain or lose
        for i in iter_bits(cards):
            total += self.points[i] + self.dix[i]
        return mine, theirs, heap, total, x

    def value(self, b: Bits, pos: PositionBits, alpha: int, beta: int) -> int:
        """`bezique.search.solver`'s negamax for a position that `takes` (its `Deal.bits`
        ``b`` and `Bits.position` ``pos``): the future gain of the player to move, exact inside
        (``alpha``, ``beta``), else a bound on that side."""
        mine, theirs, heap, total, x = self._position(b, pos)
        if x < 0:
            return self.lead(mine, theirs, heap, total, alpha, beta)
        # the follower's gain is minus the leader's gain from the lead on, which `reply`
        # counts with the lead's dix: scored already when it was led, so taken off again
        dix = self.dix[x]
        return dix - self.reply(theirs, mine, x, heap, total, dix - beta, dix - alpha)

    def best_card(self, b: Bits, pos: PositionBits) -> int:
        """A card (physical) for the player to move in a position (its `Deal.bits` ``b`` and
        `Bits.position` ``pos``) whose play keeps the exact value (for the principal
        variation)."""
        mine, theirs, heap, total, x = self._position(b, pos)
        if x < 0:
            target = self.lead(mine, theirs, heap, total, -_INF, _INF)
            for lead in self.leads(mine, theirs):
                rest = mine & ~(1 << lead)
                if self.reply(rest, theirs, lead, heap, total, target - 1, target + 1) == target:
                    return self.cards[lead]
        else:
            # the answer that leaves the leader the least
            want = self.reply(theirs, mine, x, heap, total, -_INF, _INF)
            others = theirs | 1 << x
            for y in self.moves(self.allowed(mine, x), others, self.reply_memo, self.reply_order):
                if self.reply(theirs, mine, x, heap, total, want - 1, want + 1, 1 << y) == want:
                    return self.cards[y]
        raise AssertionError("no card keeps the solved value")  # pragma: no cover

    def allowed(self, cards: int, x: int) -> int:
        """The cards of ``cards`` (dense) the follower may play to dense card ``x``."""
        same = cards & self.follows[x]
        if same:
            return same if self.follow_only else (same & self.higher[x] or same)
        if self.follow_only:
            return cards
        return cards & self.trump_mask or cards

    def moves(
        self, cards: int, others: int, memo: dict[int, list[int]], order: list[int]
    ) -> list[int]:
        """``cards`` (dense) without the equivalent ones, best tried first by ``order``: a card
        of the same suit and class as the chain's strongest kept card, with no card of
        ``others`` ranked from one to the other (both included), wins and loses the same
        tricks and scores the same. Worked out once per solve (``memo``): do not change it."""
        # only cards of ``others`` between the kinds of the lowest and highest card matter
        others &= (1 << self.hull_end[cards.bit_length() - 1]) - self.hull_start[cards & -cards]
        key = cards << self.shift | others
        out = memo.get(key)
        if out is not None:
            return out
        out = []
        suit, klass, kind, upto, down = self.suit, self.klass, self.kind, self.upto, self.down
        head = -1
        while cards:
            low = cards & -cards
            cards ^= low
            i = low.bit_length() - 1
            if head >= 0 and suit[i] == suit[head] and klass[i] == klass[head] and (
                kind[i] == kind[head] or not others & upto[i] & down[head]
            ):
                continue
            out.append(i)
            head = i
        out.sort(key=order.__getitem__)
        memo[key] = out
        return out

    def leads(self, mine: int, theirs: int) -> list[int]:
        """The leads worth trying from ``mine`` against ``theirs`` (`moves`), suit by suit
        (each suit's part memoized alone: it recurs far more often than the whole hand)."""
        out: list[int] = []
        memo, order = self.lead_memo, self.lead_order
        for suit in self.lead_suits:
            cards = mine & suit
            if cards:
                out += self.moves(cards, theirs & suit, memo, order)
        return out

    def lead(self, mine: int, theirs: int, heap: int, total: int, alpha: int, beta: int) -> int:
        """The future gain of the leader holding ``mine`` against ``theirs``, ``heap`` points
        in the heap and at most ``total`` still to win or lose: exact inside (``alpha``,
        ``beta``), else a bound on that side (fail-soft)."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise NodeBudgetExceeded(self.limit)
        if alpha >= total:
            return total
        if beta <= -total:
            return -total
        if mine.bit_count() <= self.floor:
            return self.estimate(mine, theirs)
        key = (heap << self.shift | mine) << self.shift | theirs
        entry = self.table.get(key)
        if entry is None:
            lower, upper, first = -total, total, -1
            leads = self.leads(mine, theirs)
        else:
            lower, upper, first = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            leads = self.leads(mine, theirs)
            if first >= 0 and leads[0] != first:  # the best lead found before goes first
                leads = [first, *(x for x in leads if x != first)]
        if alpha < lower:
            alpha = lower
        if beta > upper:
            beta = upper
        alpha0, beta0 = alpha, beta
        best, best_lead = -_INF, first
        for x in leads:
            value = self.reply(mine & ~(1 << x), theirs, x, heap, total, alpha, beta)
            if value > best:
                best = value
                if value > alpha:
                    alpha, best_lead = value, x
                    if alpha >= beta:
                        break
        if best <= alpha0:
            upper = best
        elif best >= beta0:
            lower = best
        else:
            lower = upper = best
        self.table[key] = (lower, upper, best_lead)
        return best

    def reply(
        self, mine: int, theirs: int, x: int, heap: int, total: int, alpha: int, beta: int,
        allowed: int = 0,
    ) -> int:
        """The leader's gain once card ``x`` is led from a hand now ``mine``, the follower
        answering from ``theirs`` (from ``allowed`` if given, else from every card the rules
        allow) to keep it lowest: exact inside (``alpha``, ``beta``)."""
        self.nodes += 1
        if not allowed:
            allowed = self.allowed(theirs, x)
        points, dix, beaten, last = self.points, self.dix, self.beaten[x], self.last
        lead_points, lead_dix, lead_brisque = points[x], dix[x], self.brisque[x]
        heaped = self.heaped
        worst = _INF
        for y in self.moves(allowed, mine | 1 << x, self.reply_memo, self.reply_order):
            rest = theirs & ~(1 << y)
            won = lead_points + points[y]
            left = total - won - lead_dix - dix[y]
            after = heap
            if heaped:  # the heap goes with a trick that holds a brisque
                left -= heap
                if lead_brisque or self.brisque[y]:
                    won += heap
                    after = 0
                else:
                    after = heap + won
                    won = 0
                left += after
            base = lead_dix - dix[y]
            hi = worst if worst < beta else beta
            if beaten >> y & 1:  # the follower wins the trick and leads the next
                base -= won
                if not mine or not rest:
                    value = base - last
                elif not mine & (mine - 1) and not rest & (rest - 1):
                    value = base - self.final(rest, mine, after)
                else:
                    value = base - self.lead(rest, mine, after, left, base - hi, base - alpha)
            else:
                base += won
                if not mine or not rest:
                    value = base + last
                elif not mine & (mine - 1) and not rest & (rest - 1):
                    value = base + self.final(mine, rest, after)
                else:
                    value = base + self.lead(mine, rest, after, left, alpha - base, hi - base)
            if value < worst:
                worst = value
                if worst <= alpha:
                    break
        return worst

    def estimate(self, mine: int, theirs: int) -> int:
        """The horizon's guess at the leader's future gain: the trick points and dixes still in
        the leader's hand minus those in the follower's (each card's points are expected to go
        with its holder's tricks)."""
        points, dix = self.points, self.dix
        gain = 0
        for i in iter_bits(mine):
            gain += points[i] + dix[i]
        for i in iter_bits(theirs):
            gain -= points[i] + dix[i]
        return gain

    def final(self, mine: int, theirs: int, heap: int) -> int:
        """The leader's gain from the last trick, one card (dense mask) in each hand."""
        self.nodes += 1
        x, y = mine.bit_length() - 1, theirs.bit_length() - 1
        won = self.points[x] + self.points[y] + self.last
        if self.heaped and (self.brisque[x] or self.brisque[y]):
            won += heap
        gain = self.dix[x] - self.dix[y]
        return gain - won if self.beaten[x] >> y & 1 else gain + won
