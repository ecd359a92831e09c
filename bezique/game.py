"""A whole game: deals in turn, each settled by :func:`bezique.settle`, until the end count
says the game is over. First dealer (``deal.first_dealer``), dealer rotation (``deal.rotation``),
ties, target raises, single-deal games and rubicon scoring all live here, not in ``Deal``.

Typical use::

    game = Game(load_profile("bezique"), seed=7)
    while not game.is_over:
        deal = game.new_deal()
        while not deal.is_over:
            game.apply(choose(deal.legal_actions()))
    print(game.result.describe())
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from attrs import frozen

from bezique.actions import Action
from bezique.cards import CARDS, Card, card_of, kind_of, rank, rank_index
from bezique.count import counted_in_deal
from bezique.deal import Deal
from bezique.errors import IllegalAction
from bezique.events import Event
from bezique.position import _totals, check_seed
from bezique.rules.model import Rules
from bezique.settlement import Settlement, rivals, settle, team_name, team_wins

_KIND_LABELS = {"double": "double win", "rubicon": "rubicon", "call_out": "call-out"}


def derive_seed(seed: int, label: str) -> int:
    """A 64-bit seed derived from the game seed and a label; the same on every platform."""
    digest = hashlib.sha256(f"bezique:{seed}:{label}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def draw_for_deal(rules: Rules, seed: int) -> tuple[int, tuple[tuple[Card, ...], ...]]:
    """Choose the first dealer per ``deal.first_dealer``; return him and the cards drawn.

    Each seat draws a card from a seeded shuffled pack of the profile (the first ``N`` cards,
    seat 0's first: `Rules.players`); when the card that decides (the highest, or the lowest
    for ``low_card_deals``) has its rank twice, all draw again from a fresh shuffle
    (``draws`` lists every draw, a card a seat). ``high_card_deals``: the highest card deals.
    ``low_card_deals``: the lowest card deals. ``high_card_chooses``: the highest card chooses,
    and chooses to lead, since the seat after the dealer leads the first trick (S000; the lead
    is the advantage), so the seat before it deals (at two seats, the lower card).
    ``random``: a seeded draw of the dealer, no cards drawn.
    """
    rng = random.Random(seed)
    n = rules.players
    how = rules.deal.first_dealer
    if how == "random":
        return rng.randrange(n), ()
    pack = [
        card_of(kind_of(rank_index(r), s), c)
        for r in rules.pack.ranks
        for s in range(4)
        for c in range(rules.pack.copies)
    ]
    draws: list[tuple[Card, ...]] = []
    while True:
        rng.shuffle(pack)
        drawn = pack[:n]
        draws.append(tuple(CARDS[card] for card in drawn))
        ranks = [rank(card) for card in drawn]  # rank ints run strongest first
        deciding = max(ranks) if how == "low_card_deals" else min(ranks)
        if ranks.count(deciding) == 1:
            break
    seat = ranks.index(deciding)
    return (seat - 1) % n if how == "high_card_chooses" else seat, tuple(draws)


def settle_deal(
    deal: Deal, *, totals: Sequence[int] | None = None, target: int | None = None
) -> Settlement:
    """`settle` a finished ``deal`` as `Game` does: its scores, the brisques still to count
    (where the profile counts them at the end), its call-out and dealer, on the game
    ``totals`` (one per team) and ``target`` before it (by default the deal's own: zero and
    the profile's target for a deal dealt alone).

    >>> import bezique
    >>> from bezique.bots import GreedyBot, play_deal
    >>> deal = play_deal(bezique.load_profile("rubicon"), (GreedyBot(), GreedyBot()), seed=1)
    >>> settle_deal(deal).kind in ("win", "rubicon", "none")
    True
    """
    if not deal.is_over:
        raise ValueError("settle_deal: the deal is not over")
    return settle(
        deal.rules,
        points=deal.scores,
        brisques=None if counted_in_deal(deal.rules) else deal.brisques,
        totals=deal.totals if totals is None else totals,
        called_out=deal.called_out,
        dealer=deal.dealer,
        target=deal.target if target is None else target,
    )


def deal_result(deal: Deal, seat: int = 0) -> int:
    """What a finished ``deal`` dealt alone means for ``seat`` (P0 by default) and its team:
    ``1`` won, ``-1`` lost, ``0`` a tie. The winner is the settlement's (`settle_deal`: a
    single-deal game's win or rubicon, a call-out right or wrong) where it names one, else the
    team with the most points after the end count; a tie at the top is ``0`` for the teams in
    it and ``-1`` for the others. The AI adapters' win/loss rewards."""
    if seat not in range(deal.rules.players):
        raise ValueError(f"seat: expected a seat 0 to {deal.rules.players - 1}, got {seat!r}")
    return deal_results(deal)[deal.rules.team_of[seat]]


def deal_results(deal: Deal) -> tuple[int, ...]:
    """`deal_result` for every team of a finished ``deal`` at once (`Rules.teams` order), from
    one settlement.

    >>> import bezique
    >>> deal = bezique.Deal.new(bezique.load_profile("four-handed"), seed=1)
    >>> while not deal.is_over:
    ...     _ = deal.apply(deal.legal_actions()[0])
    >>> deal.rules.teams, deal_results(deal)  # P0 and P2 tied at the top
    (((0,), (1,), (2,), (3,)), (0, -1, 0, -1))
    """
    settled = settle_deal(deal)
    totals = settled.totals
    if settled.winner is not None:
        return tuple(1 if team == settled.winner else -1 for team in range(len(totals)))
    top = max(totals)
    tie = 0 if totals.count(top) > 1 else 1
    return tuple(-1 if total < top else tie for total in totals)


@frozen(kw_only=True)
class GameResult:
    """How a finished game ended: ``winner`` (a team index, at two seats the player; None for a
    draw), ``kind`` (a settlement kind such as ``win``, ``double``, ``rubicon``, ``call_out``,
    ``draw``), ``margin`` (what the winner is credited, see
    :class:`~bezique.settlement.Settlement`), the final ``totals`` (one per team) and
    ``target``, the number of ``deals`` played, ``margin_scored`` (True where the profile
    credits the winner a margin: single-deal games), and the ``teams`` (`Rules.teams`), which
    `describe` names."""

    winner: int | None
    kind: str
    margin: int
    totals: tuple[int, ...]
    target: int
    deals: int
    margin_scored: bool
    teams: tuple[tuple[int, ...], ...] = ((0,), (1,))

    def describe(self) -> str:
        """One line, e.g. ``"P0 wins 1240 to 980 (double win)"``, ``"P0+P2 win 2100 to
        2030"``, ``"P2 wins 2100 to 1980 (P0) and 1500 (P1)"``."""
        if self.winner is None:
            if len(self.totals) == 2:
                return f"Drawn game, {self.totals[0]} to {self.totals[1]}"
            return "Drawn game, " + ", ".join(
                f"{team_name(team)} {total}" for team, total in zip(self.teams, self.totals,
                                                                     strict=True))
        text = team_wins(self.teams[self.winner])
        text += f" {self.totals[self.winner]} to {rivals(self.totals, self.teams, self.winner)}"
        if self.kind in _KIND_LABELS:
            text += f" ({_KIND_LABELS[self.kind]})"
        if self.margin_scored:
            text += f", scoring {self.margin}"
        return text


class Game:
    """A game of deals played to the profile's end count, at `Rules.players` seats: the deal
    passes round the seats (``deal.rotation``), and the totals, the target and the result are
    per team (`Rules.teams`; at two seats a team is a player).

    ``seed`` (random when None; then :attr:`seed` tells it) fixes the first-dealer draw and
    every deal's shuffle: deal ``i`` is shuffled with ``derive_seed(seed, f"deal:{i}")``.
    ``first_dealer`` (a seat) overrides the draw. ``totals`` are the scores the teams start
    the game with, one per team (zeros when None): a match's handicap
    (`bezique.match.Match.starts`, ``match.loser_start``). Apply actions through
    :meth:`apply`, which settles each deal as it finishes; a deal finished by acting on it
    directly is settled on the next call to :meth:`new_deal` or :meth:`apply` or when
    :attr:`is_over` is read.
    """

    start: tuple[int, ...] = ()
    """The teams' totals at the start of the game (`totals` before the first deal); empty in a
    game pickled before games had a start, which started from zeros."""

    def __init__(
        self, rules: Rules, *, seed: int | None = None, first_dealer: int | None = None,
        totals: Sequence[int] | None = None,
    ) -> None:
        self.rules: Rules = rules
        """The rule profile."""
        given = _totals(None if totals is None else tuple(totals), rules.players,
                        len(rules.teams))  # one int per team, or PositionError
        self.start = (0,) * len(rules.teams) if given is None else given
        checked = check_seed(seed)  # a seed a record can hold, or PositionError
        self.seed: int = random.SystemRandom().randrange(2**63) if checked is None else checked
        """The game seed (chosen at random when none was given)."""
        self.draws: tuple[tuple[Card, ...], ...] = ()
        """The cards drawn for the first deal (one card a seat per draw, a pair at two seats;
        empty if not drawn)."""
        if first_dealer is None:
            first_dealer, self.draws = draw_for_deal(rules, derive_seed(self.seed, "first"))
        elif first_dealer not in range(rules.players):
            seats = "0 or 1" if rules.players == 2 else f"a seat 0 to {rules.players - 1}"
            raise ValueError(f"first_dealer: expected {seats}, got {first_dealer!r}")
        self.first_dealer: int = first_dealer
        """The seat that dealt the first deal."""
        self.deals: list[Deal] = []
        """Finished, settled deals, in order."""
        self.settlements: list[Settlement] = []
        """The settlement of each finished deal, in order."""
        self.deal: Deal | None = None
        """The current deal (the last one, once finished), or None before the first."""

    def __repr__(self) -> str:
        """One line: profile, seed, deals settled, totals, target and whether it is over."""
        state = "over" if self.is_over else "playing"
        return (
            f"<Game {self.rules.name} seed={self.seed} deals={len(self.deals)} "
            f"totals={self.totals} target={self.target} {state}>"
        )

    @property
    def totals(self) -> tuple[int, ...]:
        """Game totals after the deals settled so far, one per team (`Rules.teams`; a pair at
        two seats)."""
        if self.settlements:
            return self.settlements[-1].totals
        return self.start or (0,) * len(self.rules.teams)

    @property
    def target(self) -> int:
        """The current target, the same for every team (raised by ties or both-over rules
        where the profile says)."""
        return self.settlements[-1].target if self.settlements else self.rules.game.target

    @property
    def next_dealer(self) -> int:
        """Who deals the next deal, per ``deal.rotation`` after the last settled deal:
        ``alternate``, the seat after the dealer (at two seats the other player);
        ``last_trick_winner_deals``, the winner of the last trick; ``hand_winner_deals``, the
        one seat that scored the most in the deal (its `Settlement.seat_points`). A tie for the
        most, and a deal without a trick, pass the deal to the next seat."""
        if not self.deals:
            return self.first_dealer
        deal, last = self.deals[-1], self.settlements[-1]
        how = self.rules.deal.rotation
        if how == "last_trick_winner_deals" and deal.last_trick_winner is not None:
            return deal.last_trick_winner
        if how == "hand_winner_deals":
            gained = last.seat_points or self._gains()
            best = max(gained)
            if gained.count(best) == 1:
                return gained.index(best)
        return (deal.dealer + 1) % self.rules.players

    def _gains(self) -> tuple[int, ...]:
        """What each player gained in the last deal, from the totals: for a settlement pickled
        before it had `Settlement.seat_points` (two seats, a team a player)."""
        before = self.settlements[-2].totals if len(self.settlements) > 1 else (
            self.start or (0, 0))
        return tuple(a - b for a, b in zip(self.settlements[-1].totals, before, strict=True))

    @property
    def is_over(self) -> bool:
        """True once a settlement has ended the game."""
        self._sync()
        return bool(self.settlements) and self.settlements[-1].game_over

    @property
    def result(self) -> GameResult | None:
        """How the game ended, or None while it goes on."""
        if not self.is_over:
            return None
        last = self.settlements[-1]
        return GameResult(
            winner=last.winner,
            kind=last.kind,
            margin=last.margin,
            totals=last.totals,
            target=last.target,
            deals=len(self.deals),
            margin_scored=self.rules.game.single_deal,
            teams=self.rules.teams,
        )

    def new_deal(self) -> Deal:
        """Shuffle and deal the next deal; raises IllegalAction if the game is over or the
        current deal is unfinished."""
        if self.is_over:
            raise IllegalAction("the game is over", rule="game.over")
        if self.deal is not None and not self.deal.is_over:
            raise IllegalAction("the current deal is not finished", rule="game.deal_in_progress")
        seed = derive_seed(self.seed, f"deal:{len(self.deals)}")
        self.deal = Deal.new(
            self.rules, seed=seed, dealer=self.next_dealer, totals=self.totals, target=self.target
        )
        return self.deal

    def apply(self, action: Action | str) -> list[Event]:
        """Apply an action (object or notation) to the current deal and settle it if it ends."""
        if self.deal is None or self.deal.is_over:
            raise IllegalAction("no deal in progress: call new_deal()", rule="game.no_deal")
        events = self.deal.apply(action)
        self._sync()
        return events

    def undo(self) -> Action:
        """Take back the game's last action and return it (`Deal.undo`): a deal that action
        finished is no longer settled; at the start of a fresh deal, that deal is withdrawn and
        the previous deal's last action taken back. Raises `IndexError` with no action to take
        back (the game is left as it was)."""
        self._sync()
        deal = self.deal
        if deal is not None and not deal.actions and self.deals and self.deals[-1] is not deal:
            deal = self.deals[-1]  # a fresh deal: go back into the previous one
        if deal is None or not deal.actions:
            raise IndexError("undo: no action to take back (the game is at its start)")
        action = deal.undo()
        if self.deals and self.deals[-1] is deal:
            self.deals.pop()
            self.settlements.pop()
        self.deal = deal
        return action

    def __eq__(self, other: object) -> bool:
        """Equal games: same rules, seed, first dealer and draws, equal deals (finished and
        current) and settlements."""
        return isinstance(other, Game) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def _key(self) -> tuple[object, ...]:
        self._sync()
        start = self.start if any(self.start) else None  # () (an old pickle) is zeros
        return (self.rules, self.seed, self.first_dealer, self.draws, start, self.deals,
                self.settlements, self.deal)

    def _sync(self) -> None:
        """Settle the current deal if it has finished and is not settled yet."""
        deal = self.deal
        if deal is None or not deal.is_over or (self.deals and self.deals[-1] is deal):
            return
        settlement = settle_deal(deal, totals=self.totals, target=self.target)
        self.deals.append(deal)
        self.settlements.append(settlement)
