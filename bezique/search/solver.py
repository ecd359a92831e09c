"""An exact solver for the end phase: once the stock is gone, both hands are known to a
card-counting player and the rest of the deal is a perfect-information game.

`solve` searches it with negamax alpha-beta on the final score difference, a transposition
table and move ordering. It works on clones of the deal through `Deal.legal_actions` and the
deal's own move code, so every profile's end-phase obligations (follow and win, follow only,
trump rules, see ``docs/rules.md#the-end-phase``) and end-of-deal awards (last trick, brisques
counted at the end) come from the engine, never from the solver's own arithmetic.

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

from attrs import frozen

from bezique.actions import Action, Play
from bezique.deal import Deal

EXACT, LOWER, UPPER = range(3)

_Key = tuple[object, ...]
_Entry = tuple[int, int, int]  # (value, bound kind, index of the best action)


@frozen
class Solution:
    """The exact outcome of an end phase under best play by both players."""

    scores: tuple[int, int]
    """The deal's final scores (P0, P1) when both play best (end-of-deal awards included)."""
    value: int
    """The final score of the player to move minus the opponent's (0 when the deal is over)."""
    line: tuple[Action, ...]
    """The principal variation: actions `Deal.apply` accepts, from the position to the end."""
    nodes: int = 0
    """Positions the search visited (a measure of its work)."""


def solve(deal: Deal) -> Solution:
    """Solve the end phase of ``deal`` exactly; the deal itself is left unchanged.

    Raises `ValueError` when the deal is still in the stock phase (the hidden stock makes it a
    game of imperfect information). A deal already over gives its scores, value 0, no line.
    """
    if deal.is_over:
        return Solution(scores=deal.scores, value=0, line=())
    if not deal.in_end_phase:
        raise ValueError(
            "solve needs the end phase: the stock still holds "
            f"{deal.stock_size} card(s)"
        )
    search = _Search(deal)
    root = deal.clone()
    value = search.negamax(root, -_INF, _INF)
    line: list[Action] = []
    node = root
    while not node.is_over:
        action = search.best_action(node)
        line.append(action)
        node = _child(node, action)
    return Solution(scores=node.scores, value=value, line=tuple(line), nodes=search.nodes)


_INF = 1 << 30


def _child(deal: Deal, action: Action) -> Deal:
    """A clone of ``deal`` with ``action`` (taken from its legal actions) applied."""
    child = deal.clone()
    child._actions.append(action)
    child._execute(action)
    return child


def _leaf_value(child: Deal, player: int) -> int:
    scores = child._scores
    return scores[player] - scores[1 - player]


class _Search:
    """One solve: the transposition table and the node count."""

    def __init__(self, deal: Deal) -> None:
        self.table: dict[_Key, _Entry] = {}
        self.nodes = 0
        self.revoke_forfeit = deal._c.revoke_forfeit
        self.trick_value = deal._c.trick_value
        self.trump = deal._trump

    def key(self, d: Deal) -> _Key:
        """Everything about a position in the end phase that can change its future: hands,
        the trick, who is to move and leads, scores, captured cards and heap (end-of-deal
        counts, gathering), dixes already scored, a call-out, carte blanche, end-phase tricks
        (forfeits)."""
        base: _Key = (
            d._hand[0], d._hand[1], tuple(d._trick), d._to_move, d._phase, d._leader,
            d._scores[0], d._scores[1], d._captured[0], d._captured[1], d._heap,
            d._dix_scored, d._called_out, tuple(d._carte),
        )
        if self.revoke_forfeit:
            return (*base, _end_phase_won(d))
        return base

    def ordered(self, d: Deal, best: int) -> list[Action]:
        """The legal actions, the table's best first, then high cards (winners) first."""
        legal = d.legal_actions()
        values = self.trick_value
        trump = self.trump

        def rank(a: Action) -> int:
            if isinstance(a, Play):
                card = int(a.card)
                return -(values[card >> 3 & 7] * 16 + (card >> 3 & 7) + 256 * (card >> 6 == trump))
            return 0

        order = sorted(legal, key=rank)
        if 0 <= best < len(legal):
            first = legal[best]
            order.remove(first)
            order.insert(0, first)
        return order

    def negamax(self, d: Deal, alpha: int, beta: int) -> int:
        """The exact final score difference for the player to move when it lies strictly
        between ``alpha`` and ``beta``; otherwise a bound on the same side."""
        self.nodes += 1
        key = self.key(d)
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
        player = d._to_move
        legal = d.legal_actions()
        alpha0 = alpha
        best = -_INF
        best_action: Action | None = None
        for action in self.ordered(d, best_index):
            child = _child(d, action)
            if child.is_over:
                value = _leaf_value(child, player)
            elif child._to_move == player:
                value = self.negamax(child, alpha, beta)
            else:
                value = -self.negamax(child, -beta, -alpha)
            if value > best:
                best, best_action = value, action
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        kind = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        assert best_action is not None  # a deal not over always has a legal action
        self.table[key] = (best, kind, legal.index(best_action))
        return best

    def best_action(self, d: Deal) -> Action:
        """An action that keeps the exact value of ``d`` (for the principal variation)."""
        target = self.negamax(d, -_INF, _INF)
        player = d._to_move
        entry = self.table.get(self.key(d))
        best = entry[2] if entry is not None else -1
        for action in self.ordered(d, best):
            child = _child(d, action)
            if child.is_over:
                value = _leaf_value(child, player)
            elif child._to_move == player:
                value = self.negamax(child, target - 1, target + 1)
            else:
                value = -self.negamax(child, -target - 1, -target + 1)
            if value == target:
                return action
        raise AssertionError("no action keeps the solved value")  # pragma: no cover


def _end_phase_won(d: Deal) -> int:
    """The cards each player won in the end phase, as one key part (forfeits take them)."""
    won = [0, 0]
    for event in reversed(d._events):
        if event.kind == "end_phase":
            break
        if event.kind in ("trick", "heap") and event.player is not None:
            for x in event.cards:
                won[event.player] |= 1 << x
    return won[0] << 128 | won[1]
