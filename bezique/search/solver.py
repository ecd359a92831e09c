"""An exact solver for the end phase: once the stock is gone, both hands are known to a
card-counting player and the rest of the deal is a perfect-information game.

`solve` searches it with negamax alpha-beta on the final score difference, a transposition
table and move ordering. Positions where more than trick play can happen (carte blanche still
to show, a call-out, a revoke penalty, a score that may end the deal early, a non-additive
end-of-deal count) are searched on a copy of the deal through `Deal.legal_actions` and the
deal's own move code (`Deal.push`; a play is taken back with `Deal.snapshot` and
`Deal.restore`), reading the position through `Deal.bits`. As soon as only tricks
remain, the search goes on in `bezique.search.endgame`, on small ints: its move generation and
trick scoring are compiled from the same rules (end-phase obligations, see
``docs/rules.md#bezique-end-phase``, trick values, gathering, the dix scored on play, the last
trick), and tests hold both paths to brute force on the engine's moves. The principal
variation is replayed through the engine, so its scores are the engine's.

>>> import bezique
>>> from bezique.search import solve
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=1, dealer=0)
>>> while not deal.in_end_phase:
...     _ = deal.apply(deal.legal_actions()[0])
>>> solution = solve(deal)
>>> solution.value == solution.scores[deal.to_move] - solution.scores[1 - deal.to_move]
True
>>> replay = deal.clone()
>>> for action in solution.line:
...     _ = replay.apply(action)
>>> replay.is_over, replay.scores == solution.scores
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from math import gcd

from attrs import frozen

from bezique.actions import Action, Play
from bezique.cards import CARD_SPACE, iter_bits
from bezique.count import additive, counted_in_deal
from bezique.deal import Deal
from bezique.search.endgame import Endgame, NodeBudgetExceeded, supported
from bezique.state import LEAD, OVER, Bits, PositionBits

EXACT, LOWER, UPPER = range(3)
_INF = 1 << 30

_Key = tuple[object, ...]
_Entry = tuple[int, int, int]  # (value, bound kind, index of the best action)


@frozen
class Solution:
    """The exact outcome of an end phase under best play by both players."""

    scores: tuple[int, ...]
    """The deal's final scores, one a seat, under best play (end-of-deal awards included)."""
    value: int
    """The final score of the player to move minus the opponent's (0 when the deal is over).
    At more seats, the side of the player to move (his team) against the others, the
    paranoid model (`side_weights`): a team's points less the other team's in a
    partnership; playing alone, ``(N - 1)`` times his points less the sum of the others'."""
    line: tuple[Action, ...]
    """The principal variation: actions `Deal.apply` accepts, from the position to the end."""
    nodes: int = 0
    """Positions the search visited (a measure of its work)."""


def solve(deal: Deal, *, max_nodes: int | None = None) -> Solution:
    """Solve the end phase of ``deal`` exactly; the deal itself is left unchanged.

    Raises `ValueError` when the deal is still in the stock phase (the hidden stock makes it a
    game of imperfect information). A deal already over gives its scores, value 0, no line.
    With ``max_nodes``, a search that visits more positions than that stops and raises
    `NodeBudgetExceeded` (`bezique.search.horizon` then plays from a shallower search);
    within the budget the solution is the exact one.
    """
    if max_nodes is not None and max_nodes < 1:
        raise ValueError(f"solve: max_nodes must be at least 1, got {max_nodes}")
    if deal.is_over:
        return Solution(scores=deal.scores, value=0, line=())
    if not deal.in_end_phase:
        raise ValueError(
            "solve needs the end phase: the stock still holds "
            f"{deal.stock_size} card(s)"
        )
    return _solve(deal, fast=True, limit=_INF if max_nodes is None else max_nodes)


def first_action(deal: Deal, *, limit: int, floor: int) -> tuple[Action, int]:
    """The first move of the principal variation of ``deal`` (in its end phase, not over) and
    the positions searched, the search stopping after ``limit`` positions
    (`NodeBudgetExceeded`) and estimating every trick led from a hand of at most ``floor``
    cards (`Endgame.estimate`; 0: exact). The deal is left unchanged."""
    search = _Search(deal, limit=limit, floor=floor)
    root = deal.clone(history=False)
    bits = root.bits
    pos = bits.position()
    tricks = search.fast
    if tricks is not None and tricks.takes(pos):
        action = _play_of(root, bits, tricks.best_card(bits, pos))
    else:
        action = search.best_action(root, bits)
    return action, search.nodes + (tricks.nodes if tricks is not None else 0)


def side_value(deal: Deal, *, side: int, limit: int, floor: int) -> tuple[int, int]:
    """The final value of ``side``'s side (its weighed scores, `side_weights`: at two seats
    its score minus the other's) when the end phase of ``deal`` (not over) is played out
    best, at more seats under the paranoid model from ``side``'s point of view, whoever is to
    move; and the positions searched. The search stops after ``limit`` positions
    (`NodeBudgetExceeded`) and estimates every trick led from a hand of at most ``floor``
    cards (0: exact). The deal is left unchanged."""
    search = _Search(deal, limit=limit, floor=floor, side=side)
    node = deal.clone(history=False)
    bits = node.bits
    pos = bits.position()
    here = search.diff(bits, pos[1], pos[0] == OVER)
    value = here + search.negamax(node, bits, pos, -_INF, _INF, here)
    if not (search.ally[pos[1]] if search.wide else pos[1] == side):
        value = -value  # the mover plays against ``side``: his value is its negation
    fast = search.fast
    return value, search.nodes + (fast.nodes if fast is not None else 0)


def _solve(deal: Deal, *, fast: bool, limit: int = _INF) -> Solution:
    """`solve` for a deal in its end phase; ``fast=False`` keeps the whole search on the
    engine's own moves (no `Endgame`), for tests that compare the two."""
    search = _Search(deal, fast=fast, limit=limit)
    node = deal.clone(history=False)  # no history to copy, events from the end phase on
    bits = node.bits
    pos = bits.position()
    here = search.diff(bits, pos[1], pos[0] == OVER)
    value = here + search.negamax(node, bits, pos, -_INF, _INF, here)
    line: list[Action] = []
    tricks = search.fast
    while not node.is_over:
        if tricks is not None and tricks.takes(pos := bits.position()):
            action = _play_of(node, bits, tricks.best_card(bits, pos))
        else:
            action = search.best_action(node, bits)
        line.append(action)
        node.push(action)
    nodes = search.nodes + (tricks.nodes if tricks is not None else 0)
    return Solution(scores=node.scores, value=value, line=tuple(line), nodes=nodes)



def side_weights(team_of: tuple[int, ...], player: int) -> tuple[int, ...]:
    """The weight of each seat's score in the value of ``player``'s side (his team, the seats
    of his team's index in ``team_of``) against the other seats, which the search takes as
    one side that plays against it (the paranoid model): ``m`` for each of the ``k`` seats
    of his side and ``-k`` for each of the ``m`` others, divided by their common divisor, so
    that a side's points count against the other side's per seat. Two seats: ``(1, -1)``;
    partners: ``(1, -1, 1, -1)``; three seats alone: ``2`` for him, ``-1`` for the others.

    >>> side_weights((0, 1, 2), 1), side_weights((0, 1, 0, 1), 2)
    ((-1, 2, -1), (1, -1, 1, -1))
    """
    mine = team_of[player]
    k = sum(1 for t in team_of if t == mine)
    m = len(team_of) - k
    g = gcd(k, m)
    return tuple(m // g if t == mine else -(k // g) for t in team_of)


def difference(scores: Sequence[int], player: int, team_of: Sequence[int]) -> int:
    """The value of per-seat ``scores`` to ``player``'s side, weighed by `side_weights`
    (``team_of``: each seat's team): at two seats his score minus the other's, in a
    partnership his team's points less the other's, alone at more seats ``N - 1`` times his
    own points less the sum of the others'. The value of a finished deal in every search
    (`bezique.search.values`).

    >>> difference((30, 10), 0, (0, 1)), difference((30, 10, 5), 0, (0, 1, 2))
    (20, 45)
    >>> difference((30, 10, 5, 20), 1, (0, 1, 0, 1))
    -5
    """
    if len(scores) == 2:
        return scores[player] - scores[1 - player]
    weights = side_weights(tuple(team_of), player)
    return sum(w * s for w, s in zip(weights, scores, strict=True))


def _child(deal: Deal, action: Action) -> Deal:
    """A clone of ``deal`` with ``action`` (taken from its legal actions) applied."""
    child = deal.clone()
    child.push(action)
    return child


def _play_of(deal: Deal, bits: Bits, card: int) -> Action:
    """The legal play of ``card`` in ``deal`` (``bits``: its `Deal.bits`): the one listed for
    its group of interchangeable copies (same kind, same dix history)."""
    scored = bits.dix_scored
    for action in deal.legal_actions():
        if isinstance(action, Play):
            x = int(action.card)
            if x >> 3 == card >> 3 and (scored >> x & 1) == (scored >> card & 1):
                return action
    raise AssertionError("the card is not playable")  # pragma: no cover


class _Search:
    """One solve: the transposition table and the node count.

    Values in the table are future gains: the final score difference for the player to move
    minus the difference now. Scores and captured cards join the key only where the rules
    make the future depend on them (a target that ends the deal, a call-out, a non-additive
    end-of-deal count); otherwise positions reached with other scores share one entry.
    """

    def __init__(
        self, deal: Deal, *, fast: bool = True, limit: int = _INF, floor: int = 0,
        side: int | None = None,
    ) -> None:
        rules = deal.rules
        bits = deal.bits
        c = bits.compiled
        b = rules.brisques
        counted = counted_in_deal(rules)
        self.table: dict[_Key, _Entry] = {}
        self.nodes = 0
        self.limit = limit
        self.fast = Endgame(deal, limit=limit, floor=floor) if fast and supported(deal) else None
        self.revoke_forfeit = c.revoke_forfeit
        self.trick_value = c.trick_value
        self.trump = bits.trump
        end_count = counted and b.when == "end_of_deal"
        self.with_scores = rules.game.end != "finish_deal" or rules.game.call_out or (
            end_count and b.min_board_score_to_count > 0)  # the count reads the board
        adds = additive(rules)  # no minimum, majority or penalty: the cards count one by one
        self.with_captured = end_count and not adds
        # an additive end-of-deal count is credited as the cards are captured (see `diff`)
        masks: dict[int, int] = {}  # trick value -> the cards of that value
        for rank, value in enumerate(c.trick_value):
            if value and end_count and adds:
                masks[value] = masks.get(value, 0) | sum(
                    0xFF << (suit * 64 + rank * 8) for suit in range(4)
                )
        self.pending = sorted(masks.items())
        self.with_heap = counted and rules.tricks.gather != "always"
        # cards of one suit told apart only by rank: what a play scores or gathers by rank
        brisque = [bool(c.brisque_bits >> (rank * 8) & 0xFF) for rank in range(8)]
        self.kind = [(c.trick_value[rank], brisque[rank]) for rank in range(8)]
        self.dix = -1
        if c.dix_on_play and c.dix_on_play_endgame and self.trump >= 0:
            self.dix = self.trump << 3 | c.dix_rank  # a dix may score when played
        # more seats: the root's side against the others (`side_weights`)
        self.wide = c.players > 2
        self.weights: tuple[int, ...] = ()
        self.ally: tuple[bool, ...] = ()
        self.floor = 0
        if self.wide:
            root = bits.to_move if side is None else side
            self.weights = side_weights(c.team_of, root if root >= 0 else 0)
            self.ally = tuple(w > 0 for w in self.weights)
            self.floor = floor  # the horizon on the engine's moves

    def key(self, d: Deal, b: Bits, pos: PositionBits) -> _Key:
        """What about a position in the end phase (``d``, its `Deal.bits` ``b`` and
        `Bits.position` ``pos``) can change its future gain: hands (tables are empty in the end
        phase), the trick, who is to move and leads, dixes already scored, carte blanche, and
        where the rules make them matter scores, captured cards, the heap, end-phase tricks."""
        key: _Key = pos
        if self.wide:
            key += b.more_seats()
        if self.with_scores:
            key += tuple(b.scores)
        if self.with_captured:
            key += tuple(b.captures)
        if self.with_heap:
            key += (b.heap,)
        if self.revoke_forfeit:
            key += (_end_phase_won(d),)
        return key

    def ordered(self, legal: list[Action], best: int) -> list[Action]:
        """The legal actions, the table's best first, then cheap cards before brisques and
        trumps last (measured: fewer nodes than high cards first)."""
        if len(legal) < 2:
            return legal
        values = self.trick_value
        trump = self.trump

        def rank(a: Action) -> int:
            if isinstance(a, Play):
                card = int(a.card)
                r = card >> 3 & 7
                return values[r] * 16 + r + 4096 * (card >> 6 == trump)
            return 0

        order = sorted(legal, key=rank)
        if 0 <= best < len(legal):
            first = legal[best]
            order.remove(first)
            order.insert(0, first)
        return order

    def diff(self, b: Bits, player: int, over: bool) -> int:
        """``player``'s score minus the other's in the position of `Deal.bits` ``b``, an
        additive end-of-deal count included before the deal is ``over`` (so that future gains
        do not depend on past captures)."""
        if self.wide:
            return self._side_value(b, player, over)
        scores = b.scores
        diff = scores[player] - scores[1 - player]
        if self.pending and not over:
            captures = b.captures
            mine, theirs = captures[player], captures[1 - player]
            for value, mask in self.pending:
                diff += value * ((mine & mask).bit_count() - (theirs & mask).bit_count())
        return diff

    def _side_value(self, b: Bits, player: int, over: bool) -> int:
        """`diff` at more seats: the value of ``player``'s side, the root's side's weighed
        scores (`side_weights`), or their negation for a seat of the other side."""
        weights = self.weights
        scores = b.scores
        value = 0
        for s, w in enumerate(weights):
            value += w * scores[s]
        if self.pending and not over:
            captures = b.captures
            for points, mask in self.pending:
                for s, w in enumerate(weights):
                    value += w * points * (captures[s] & mask).bit_count()
        return value if self.ally[player] else -value

    def _estimate(self, b: Bits, player: int) -> int:
        """The horizon's guess at the future gain of ``player``'s side at more seats: the
        trick points still in each hand, weighed as the scores (`side_weights`): each card's
        points are expected to go with its holder's tricks."""
        values = self.trick_value
        gain = 0
        for s, w in enumerate(self.weights):
            for card in iter_bits(b.hand(s)):
                gain += w * values[card >> 3 & 7]
        return gain if self.ally[player] else -gain

    def _step_wide(
        self, child: Deal, b: Bits, player: int, here: int, alpha: int, beta: int
    ) -> int:
        """`step` at more seats: the seat to move next plays for ``player``'s side or
        against it."""
        pos = b.position()
        over = pos[0] == OVER
        there = self._side_value(b, player, over)
        delta = there - here
        if over:
            return delta
        if self.ally[pos[1]] == self.ally[player]:
            return delta + self.negamax(child, b, pos, alpha - delta, beta - delta, there, False)
        return delta - self.negamax(child, b, pos, delta - beta, delta - alpha, -there, False)

    def step(
        self, child: Deal, b: Bits, player: int, here: int, alpha: int, beta: int
    ) -> int:
        """The gain of ``player`` through ``child`` (the position after one of the player's
        actions; ``b`` its `Deal.bits`) over ``here`` (the player's score difference before
        it), searched in the window (``alpha``, ``beta``) of gains relative to the position
        before."""
        if self.wide:
            return self._step_wide(child, b, player, here, alpha, beta)
        pos = b.position()
        scores = b.scores  # `diff`, inlined: this runs at every node
        there = scores[player] - scores[1 - player]
        if pos[0] == OVER:
            return there - here
        if self.pending:
            captures = b.captures
            mine, theirs = captures[player], captures[1 - player]
            for value, mask in self.pending:
                there += value * ((mine & mask).bit_count() - (theirs & mask).bit_count())
        delta = there - here
        if pos[1] == player:
            return delta + self.negamax(child, b, pos, alpha - delta, beta - delta, there, False)
        return delta - self.negamax(child, b, pos, delta - beta, delta - alpha, -there, False)

    def distinct(self, b: Bits, pos: PositionBits, legal: list[Action]) -> list[Action]:
        """``legal`` without plays equivalent to one kept: two cards of the player's in one
        suit, of the same trick value and brisque class, with no card between or beside them
        in rank left to another seat or on the trick, win and lose the same tricks. ``pos`` is
        the position's `Bits.position` (``b``: its `Deal.bits`)."""
        if len(legal) < 2:
            return legal
        _, player, _, hand0, hand1, table0, table1, trick, _, _, _, _ = pos
        if self.wide:
            others = 0
            for s in range(len(self.weights)):
                if s != player:
                    others |= b.hand(s) | b.table(s)
        else:
            others = hand0 | table0 if player else hand1 | table1
        for card in trick:
            others |= 1 << card
        kind, dix = self.kind, self.dix
        kept: list[Action] = []
        last = -1  # the last card kept, or -1
        for action in sorted(legal, key=_card_order):
            if not isinstance(action, Play):
                kept.append(action)
                continue
            card = int(action.card)
            if last >= 0 and card >> 6 == last >> 6 and card >> 3 != dix and last >> 3 != dix:
                rank, low = card >> 3 & 7, last >> 3 & 7
                span = ((1 << ((rank - low + 1) * 8)) - 1) << ((last >> 3) * 8)
                if kind[rank] == kind[low] and not others & span:
                    continue  # equivalent to the card kept: `last` stays the chain's head
            kept.append(action)
            last = card
        return kept

    def negamax(
        self, d: Deal, b: Bits, pos: PositionBits, alpha: int, beta: int, here: int,
        restore: bool = True,
    ) -> int:
        """The exact future gain for the player to move in ``d`` (``b``: its `Deal.bits`, ``pos``
        its `Bits.position`) (final score difference minus the present one, ``here``) when it
        lies strictly between
        ``alpha`` and ``beta``; otherwise a bound on the same side. Each action is pushed on
        ``d`` and taken back (`Deal.snapshot`, `Deal.restore`) before the next; the last is
        taken back only with ``restore``: a recursive call leaves ``d`` to its caller, which
        restores it as it tries its next action or returns."""
        fast = self.fast
        if fast is not None and fast.takes(pos):
            return fast.value(b, pos, alpha, beta)
        self.nodes += 1
        if self.nodes > self.limit:
            raise NodeBudgetExceeded(self.limit)
        player = pos[1]
        if self.floor and pos[0] == LEAD and b.hand(player).bit_count() <= self.floor:
            return self._estimate(b, player)
        key = self.key(d, b, pos)
        entry = self.table.get(key)
        best_index = -1
        if entry is not None:
            value, kind, best_index = entry
            if kind == EXACT:
                return value
            if kind == LOWER and value >= beta:
                return value
            if kind == UPPER and value <= alpha:
                return value
        legal = d.legal_actions()
        moves = self.distinct(b, pos, legal)
        alpha0 = alpha
        best = -_INF
        best_action: Action | None = None
        # a node with one move and nothing to restore at the end needs no snapshot
        saved = d.snapshot() if restore or len(moves) > 1 else None
        pushed = False
        for action in self.ordered(moves, best_index):
            if saved is not None and pushed:
                d.restore(saved)
            d.push(action)
            pushed = True
            value = self.step(d, b, player, here, alpha, beta)
            if value > best:
                best, best_action = value, action
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if saved is not None and restore:
            d.restore(saved)
        kind = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        assert best_action is not None  # a deal not over always has a legal action
        self.table[key] = (best, kind, moves.index(best_action))
        return best

    def best_action(self, d: Deal, b: Bits) -> Action:
        """An action that keeps the exact value of ``d`` (``b``: its `Deal.bits`), for the
        principal variation."""
        pos = b.position()
        player = pos[1]
        here = self.diff(b, player, pos[0] == OVER)
        target = self.negamax(d, b, pos, -_INF, _INF, here)
        entry = self.table.get(self.key(d, b, pos))
        best = entry[2] if entry is not None else -1
        moves = self.distinct(b, pos, d.legal_actions())
        if entry is not None and entry[1] == EXACT:
            # searched in a full window: its best action keeps the value (the first of
            # `ordered` that does, which the loop below would find)
            return moves[best]
        for action in self.ordered(moves, best):
            child = _child(d, action)
            if self.step(child, child.bits, player, here, target - 1, target + 1) == target:
                return action
        raise AssertionError("no action keeps the solved value")  # pragma: no cover


def _card_order(action: Action) -> int:
    """Plays by suit, strongest rank first (others first)."""
    return int(action.card) if isinstance(action, Play) else -1


def _end_phase_won(d: Deal) -> int:
    """The cards each player won in the end phase, as one key part (forfeits take them). The
    search's deals are clones with ``history=False``: their events start at the end phase."""
    won = [0, 0]
    for event in reversed(d.events):
        if event.kind == "end_phase":
            break
        if event.kind in ("trick", "heap") and event.player is not None:
            for x in event.cards:
                won[event.player] |= 1 << x
    return won[0] << CARD_SPACE | won[1]  # side by side: card ints run to CARD_SPACE
