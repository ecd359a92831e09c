"""`PlannerBot`: GreedyBot's one-move-deep play, with every card valued by the meld points it
can still be expected to bring.

GreedyBot values a card for a meld by how much of the meld it already holds. The planner asks
what a card-counting player asks: for every meld pattern of the table, what are the odds of
holding all of it while it can still be declared, given the cards already held (hand and own
table), the copies still unseen (a copy played, or on the opponent's table, is gone) and the
draws left whose card can still be declared (`meld_draws`)? Each missing card is a
hypergeometric draw from the unseen cards; a pattern is worth its points times those odds, and
a card is worth what the player's expected meld points lose without it. Where a joker may
complete a meld (``jokers.wild_in``), each way of leaving cards to jokers is a pattern too and
the unseen jokers are drawn like any card; of a pattern and its joker alternatives only the best
counts, since one of them is declared. The reuse rules
(`bezique.ledger.Book`) decide which held cards a pattern may still take, so a meld already
declared is not counted again, and a pending (announced) declaration keeps its cards while it
waits to score. Trumps also weigh more than in GreedyBot's count, for the tricks of the end
phase. And where GreedyBot leads as if every lead were lost, the planner counts the meld it
holds ready to declare, times the chance that the opponent cannot beat the lead
(`beaten_odds`): with a meld waiting, a lead he cannot beat wins the trick that declares it.

Which meld to declare, when several are on offer, follows a declaring plan (`meld_plan`): the
points of this declaration and of the best ones the reuse rules still allow after it, one per
later trick win, each weighted by the chance of winning that many more stock tricks. So a royal
marriage goes before the sequence whose king and queen it may lend (290 in all, not 250), and a
single bezique before the double, while trick wins are likely to come.
Everything else (when to win a trick led by the opponent, the end phase) is GreedyBot's.
The planner is `bezique.search.SearchBot`'s heuristic: its candidates and its default choice.

>>> import bezique
>>> from bezique.bots import GreedyBot, play_deal
>>> deal = play_deal(bezique.load_profile("bezique"), (PlannerBot(), GreedyBot()), seed=3)
>>> deal.is_over
True
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from bezique.actions import Action, Meld
from bezique.bots.greedy import Turn, best, kind_counts
from bezique.compile import MeldTemplate, compile_rules
from bezique.deal import Deal
from bezique.ledger import Book
from bezique.legal import meld_actions
from bezique.observation import Observation
from bezique.rules.model import Rules
from bezique.tricks import beaters

__all__ = [
    "DECLARE_WIN_ODDS",
    "PLAN_DEPTH",
    "TRUMP_WEIGHT",
    "PlannerBot",
    "beaten_odds",
    "draw_odds",
    "expected_meld_points",
    "meld_draws",
    "ranked",
]

TRUMP_WEIGHT = 3.0
"""What each step of trump rank is worth to the planner in points (GreedyBot: 1): a seven of
trumps 3, an ace of trumps 24, on top of the card's trick points, for the tricks of the end
phase. Measured: 1,000 bezique games against GreedyBot of `SearchBot(candidates=1,
exact_stock=0)` (this heuristic and the exact end phase) won 717 with 1, 727 with 2, 734 with
3, 727 with 4 and 709 with 6."""


DECLARE_WIN_ODDS = 0.5
"""The chance the planner gives itself of winning any one stock trick it wants for a further
declaration, when it orders its declarations (`_PlanTurn.meld_plan`)."""

PLAN_DEPTH = 3
"""How many declarations, this one included, the planner's declaring plan looks ahead."""


def beaten_odds(observation: Observation, card: int) -> float:
    """The chance that the opponent holds a card that beats ``card`` (a card index) led by the
    observer: 1 when a card he is known to hold (his table, or a concealed card seen) beats it,
    else the chance that his concealed cards not yet seen include one of the unseen beaters (a
    hypergeometric draw from the unseen cards). At more seats "the opponent" is every seat of
    the other teams, their concealed cards drawn together. The cards that beat it are the engine's
    (`bezique.tricks.beaters`): a higher rank of its suit, or a trump on a plain card.

    >>> import bezique
    >>> from bezique.cards import Card
    >>> seen = bezique.Deal.new(bezique.load_profile("bezique"), seed=7).observation(0)
    >>> str(seen.trump), str(seen.turn_up), len(seen.unseen), seen.opponent_hand_size
    ('diamonds', '10D', 55, 8)
    >>> beaten_odds(seen, Card.parse("AD"))   # nothing beats an ace of trumps
    0.0
    >>> round(beaten_odds(seen, Card.parse("AH")), 3)  # 13 unseen trumps: 1 - C(42,8)/C(55,8)
    0.903
    """
    trump = observation.trump
    beaten_by = beaters(card, -1 if trump is None else int(trump))
    team_of = observation.rules.team_of
    mine = team_of[observation.player]
    shown = hidden = 0
    for seat in observation.opponents:
        if team_of[seat] != mine:
            shown |= observation.known[seat].bits | observation.tables[seat].bits
            hidden += observation.hand_sizes[seat] - len(observation.known[seat])
    if shown & beaten_by:
        return 1.0
    live = (observation.unseen.bits & beaten_by).bit_count()
    return draw_odds(len(observation.unseen), live, hidden, 1)


@lru_cache(maxsize=65536)
def draw_odds(unseen: int, live: int, draws: int, missing: int) -> float:
    """The chance of drawing at least ``missing`` of ``live`` wanted cards in ``draws`` draws
    from ``unseen`` cards (the hypergeometric tail).

    >>> draw_odds(10, 2, 5, 1)   # one of two wanted cards in half of ten: 1 - C(8,5)/C(10,5)
    0.7777777777777778
    >>> draw_odds(10, 2, 5, 0), draw_odds(10, 1, 5, 2), draw_odds(10, 2, 0, 1)
    (1.0, 0.0, 0.0)
    """
    if missing <= 0:
        return 1.0
    draws = min(draws, unseen)
    if missing > live or missing > draws:
        return 0.0
    miss = sum(
        math.comb(live, k) * math.comb(unseen - live, draws - k) for k in range(missing)
    )
    return 1.0 - miss / math.comb(unseen, draws)


def meld_draws(rules: Rules, stock_size: int) -> int:
    """How many of a player's draws still to come (his share of the ``stock_size`` cards, the
    turn-up included: half at two seats) bring a card he can yet declare. A meld is declared
    after winning a trick while the stock lasts, so with ``melds.timing = "before_draw"`` the
    card of the last draw comes too late (it is drawn once the last declaration is made), and
    with ``melds.on_last_stock_trick = false`` the draw before it as well.

    >>> import bezique
    >>> rules = bezique.load_profile("bezique")
    >>> meld_draws(rules, 48), meld_draws(rules, 2)
    (23, 0)
    """
    draws = stock_size // rules.players
    if rules.melds.timing == "before_draw":
        draws -= 1
    if not rules.melds.on_last_stock_trick:
        draws -= 1
    return max(0, draws)


def _at_least(tricks: int, wins: int) -> float:
    """The chance of at least ``wins`` wins in ``tricks`` stock tricks, each won at
    `DECLARE_WIN_ODDS` (1 for none)."""
    w = DECLARE_WIN_ODDS
    return sum(math.comb(tricks, k) * w**k * (1 - w) ** (tricks - k)
               for k in range(wins, tricks + 1))


@lru_cache(maxsize=32)
def _templates(rules: Rules) -> dict[str, MeldTemplate]:
    return {t.name: t for t in compile_rules(rules).melds}


class _PlanTurn(Turn):
    """One decision of the planner: GreedyBot's `Turn`, its `keep` counting expected meld
    points and trumps at `TRUMP_WEIGHT`."""

    def __init__(self, obs: Observation) -> None:
        super().__init__(obs)
        c = compile_rules(obs.rules)
        self._templates = _templates(obs.rules)
        self._melds = c.melds
        self._book = Book(c, list(obs.declarations), self.me)
        self._live = kind_counts(obs.unseen.bits)
        self._unseen = len(obs.unseen)
        self._draws = meld_draws(obs.rules, obs.stock_size)
        self._expected: dict[int, float] = {}
        self._plans: dict[Action, float] | None = None

    def expected(self, bits: int) -> float:
        """The meld points a holding of ``bits`` (hand and own table) can expect."""
        found = self._expected.get(bits)
        if found is not None:
            return found
        total = 0.0
        fixing: dict[str, float] = {}
        wild: dict[int, float] = {}  # a pattern and the ways jokers complete it: the best
        counts_by_mask: dict[int, list[int]] = {}
        for pattern in self.patterns():
            mask = self._book.blocked(self._templates[pattern.name], bits)
            counts = counts_by_mask.get(mask)
            if counts is None:
                counts = counts_by_mask[mask] = kind_counts(bits & ~mask)
            odds = 1.0
            for kinds, n in pattern.slots:
                held = sum(counts[k] for k in kinds)
                if held < n:
                    live = sum(self._live[k] for k in kinds)
                    odds *= draw_odds(self._unseen, live, self._draws, n - held)
                    if not odds:
                        break
            value = odds * pattern.points
            if self.trump is None and pattern.name in self.profile.trump_fixing:
                # one suit will be trumps: the best of the suits, not their sum
                fixing[pattern.name] = max(fixing.get(pattern.name, 0.0), value)
            elif pattern.group >= 0:
                wild[pattern.group] = max(wild.get(pattern.group, 0.0), value)
            else:
                total += value
        total += sum(fixing.values())
        if wild:
            total += sum(wild.values())
        for d in self._book.binding:  # an announced meld scores on a later win, if kept whole
            if d.pending and not d.cards & ~bits:
                total += self._melds[d.template].points
        self._expected[bits] = total
        return total

    trump_weight = TRUMP_WEIGHT

    def value(self, action: Action) -> float:
        """GreedyBot's value, except that a meld is valued by the best declaring plan that
        starts with it (`meld_plan`) when several are on offer."""
        if isinstance(action, Meld):
            plans = self._plans
            if plans is None:
                plans = self._plans = self._meld_plans()
            if action in plans:
                return 1000.0 + plans[action]
        return super().value(action)

    def _meld_plans(self) -> dict[Action, float]:
        """`meld_plan` of every meld on offer, when there are several (else nothing)."""
        offered = [a for a in self.obs.legal_actions() if isinstance(a, Meld)]
        if len(offered) < 2:
            return {}
        world = self.obs.determinize(random.Random(0))  # only the observer's own cards count
        odds = [_at_least(self._draws, k) for k in range(PLAN_DEPTH)]
        return {a: self.meld_plan(world, a, odds) for a in offered}

    def meld_plan(self, world: Deal, meld: Meld, odds: list[float], depth: int = 0) -> float:
        """The points of declaring ``meld`` now in ``world`` (the observer's cards as they are)
        and then, one on each later trick win, the best of what the reuse rules still allow of
        the cards held, each further declaration weighted by the chance of winning that many
        more stock tricks (``odds[k]``: at least k), `PLAN_DEPTH` declarations in all. Melds
        whose reuse depends on the order (a royal marriage before the sequence, two single
        beziques before the double) are so declared in the order that scores most."""
        # trumps as the plan's earlier declarations left them
        points = odds[depth] * self.meld_points(meld, unfixed=world.trump is None)
        if depth + 1 >= len(odds) or not odds[depth + 1]:
            return points
        after = world.clone()
        after.push(meld)
        best = 0.0
        for m in meld_actions(after, self.me):
            best = max(best, self.meld_plan(after, m, odds, depth + 1))
        return points + best

    def stock_lead(self, card: int) -> float:
        """Leading ``card`` in the stock phase: GreedyBot's count (its keep value and the trick
        points it exposes), and the best meld the planner could declare on winning the trick
        (`_declare_prospect`) times the chance that the opponent cannot beat it
        (`beaten_odds`)."""
        prospect = self.declare_prospect(card)
        if prospect:
            prospect *= 1.0 - beaten_odds(self.obs, card)
        return super().stock_lead(card) + prospect

    def _meld_value(self, card: int, extra: int) -> float:
        """The expected meld points the holding (with ``extra``) loses without ``card``."""
        held = self.mine | extra
        return self.expected(held) - self.expected(held & ~(1 << card))


def expected_meld_points(observation: Observation, *, without: int | None = None) -> float:
    """The meld points the observer's holding (hand and own table) can expect to declare, by
    the planner's count (see the module's docs); ``without`` leaves one card out.

    >>> import bezique
    >>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7)
    >>> seen = deal.observation(0)
    >>> expected_meld_points(seen) > 0
    True
    """
    turn = _PlanTurn(observation)
    bits = turn.mine if without is None else turn.mine & ~(1 << without)
    return turn.expected(bits)


class PlannerBot:
    """GreedyBot's play with each card valued by the melds it can still bring (see the module's
    docs): well under a millisecond a decision, and in bezique about 50 points a deal better
    than GreedyBot (docs/bots.md#strength)."""

    def choose(self, observation: Observation) -> Action:
        """The planner's choice among ``observation.legal_actions()``."""
        return best(observation, _PlanTurn)


def ranked(observation: Observation) -> list[Action]:
    """The legal actions, the planner's favourite first."""
    turn = _PlanTurn(observation)
    return sorted(observation.legal_actions(), key=turn.value, reverse=True)
