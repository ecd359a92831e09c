"""GreedyBot: a sensible one-move-deep player for every profile, and the pieces of its decision
(`Turn`, `best`, `kind_counts`) that stronger bots build on (`bezique.bots.planner.PlannerBot`
subclasses `Turn`).

>>> import bezique
>>> from bezique.bots.base import RandomBot, play_deal
>>> rules = bezique.load_profile("bezique")
>>> deal = play_deal(rules, (GreedyBot(), RandomBot(seed=1)), seed=3)
>>> deal.is_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from attrs import frozen

from bezique.actions import (
    Action,
    Announce,
    CallOut,
    CarteBlanche,
    DixExchange,
    DixShow,
    Done,
    Draw,
    Meld,
    Pass,
    Play,
)
from bezique.cards import JOKER_KIND, LANES, kind, rank, suit
from bezique.compile import compile_rules
from bezique.observation import Observation
from bezique.rules.model import Rules
from bezique.tricks import JOKER_SUIT, beaters, beats, suit_bits, trick_winner

__all__ = ["GreedyBot", "Pattern", "Turn", "best", "kind_counts"]


# --- what the greedy bot knows about a profile --------------------------------------------


@frozen
class _Profile:
    """Per-profile tables the greedy bot reads: card points, the dix, trump-fixing melds, the
    team of each seat."""

    trick_value: tuple[int, ...]
    dix_rank: int
    dix_value: int
    trump_fixing: frozenset[str]
    team_of: tuple[int, ...]


@lru_cache(maxsize=32)
def _profile(rules: Rules) -> _Profile:
    c = compile_rules(rules)
    return _Profile(
        trick_value=c.trick_value,
        dix_rank=c.dix_rank,
        dix_value=rules.dix.value,
        trump_fixing=frozenset(t.name for t in c.melds if t.can_fix_trump),
        team_of=c.team_of,
    )


class GreedyBot:
    """A sensible one-move-deep player for every profile.

    Declaring: scores the best meld on offer, then announces further ones where the profile
    lets them score on a later win (Cady), exchanges the dix for the turn-up or shows it, takes
    carte blanche, and calls out only with the target reached.
    Stock phase: leads and throws the cards it least needs (low, non-brisque cards outside any
    meld it is building; trumps kept; a joker kept for the quartets it may complete), wins a
    trick when the brisques in it, or a meld waiting
    to be declared, are worth more than the card it spends. End phase: knowing the opponent's
    cards from the count, leads what cannot be beaten, and wins tricks with brisques.
    """

    def choose(self, observation: Observation) -> Action:
        """The greedy choice among ``observation.legal_actions()``."""
        return best(observation, Turn)


def best(observation: Observation, turn: Callable[[Observation], Turn]) -> Action:
    """The legal action that ``turn(observation)`` values most (the only one at no cost)."""
    actions = observation.legal_actions()
    if len(actions) == 1:
        return actions[0]
    return max(actions, key=turn(observation).value)


PASS_VALUE = 0.5
"""What handing the declaring turn to the partner is worth: more than drawing or ending the
turn, which declare nothing either, less than any declaration of one's own."""


class Turn:
    """One decision of GreedyBot: the observation (``obs``), the player (``me``), the trump
    (``trump``, None while unfixed), the profile's tables (``profile``), and the scoring
    functions that `best` asks for each legal action's `value`.

    Subclass it to write a stronger bot on GreedyBot's play: override `keep` (what a card in
    hand is worth), `stock_lead` (leading a card while the stock lasts), `meld_points` or
    `declare_prospect`, and choose with ``best(observation, YourTurn)``; `PlannerBot`
    (`bezique.bots.planner`) is built that way (docs/bots.md, "Writing your own bot").
    """

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.profile = _profile(obs.rules)
        self.me = obs.player
        self.trump = obs.trump
        self._trump = -1 if obs.trump is None else int(obs.trump)  # as `bezique.tricks` takes it
        self.mine = obs.hand.bits | obs.tables[obs.player].bits
        self.end_phase = obs.in_end_phase
        team_of = self.profile.team_of
        players = len(team_of)
        self.team = team_of[self.me]
        """My team (`Rules.teams`): its seats share my tricks."""
        self.partners = tuple(s for s in obs.opponents if team_of[s] == self.team) \
            if players > 2 else ()
        """My partners' seats (none playing alone)."""
        trick = obs.trick
        self.top = -1
        """The card winning the trick so far (-1 when I lead)."""
        self.on_trick = 0
        """The trick points of the cards on the trick."""
        self.partner_wins = False
        """Whether a partner's card is winning the trick so far."""
        if len(trick) == 1:
            self.top = int(trick[0])
            self.on_trick = self.profile.trick_value[rank(self.top)]
        elif trick:
            cards = [int(x) for x in trick]
            at = trick_winner(cards, self._trump)
            self.top = cards[at]
            self.on_trick = sum(self.profile.trick_value[rank(x)] for x in cards)
            self.partner_wins = (obs.leader + at) % players in self.partners
        self._keep: dict[int, float] = {}
        self._declared: dict[str, int] | None = None
        self._prospect_cache: dict[int, float] | None = None

    # ------------------------------------------------------------------ values of actions

    def value(self, action: Action) -> float:
        """How good ``action`` looks (higher is better)."""
        if isinstance(action, Play):
            return self._play_value(action.card)
        if isinstance(action, Meld):
            return 1000.0 + self.meld_points(action)
        if isinstance(action, CarteBlanche):
            return 2000.0
        if isinstance(action, DixExchange):
            up = self.obs.turn_up
            gained = 0.0 if up is None else self.keep(up, extra=1 << up)
            return 900.0 + gained
        if isinstance(action, DixShow):
            return 800.0 if self.obs.phase == "declare" else 3000.0
        if isinstance(action, Announce):
            return 500.0 + self.meld_points(action) / 10
        if isinstance(action, CallOut):
            return 5000.0 if self._reached_target() else -5000.0
        if isinstance(action, Draw):
            up = self.obs.turn_up
            if action.turn_up and up is not None:
                return self.keep(up, extra=1 << up) - 5.0
            return 0.0
        if isinstance(action, Done):
            return 0.0
        if isinstance(action, Pass):  # nothing of mine to declare: let my partner try
            return PASS_VALUE
        return -1.0

    def meld_points(self, meld: Meld | Announce, *, unfixed: bool | None = None) -> float:
        """What declaring ``meld`` scores: a meld that fixes trumps while they are ``unfixed``
        (by default: not yet fixed in the observation) scores at least the first marriage's
        value."""
        if unfixed is None:
            unfixed = self.trump is None
        points = self.obs.rules.melds.values.get(meld.name, 0)
        if unfixed and meld.name in self.profile.trump_fixing:
            points = max(points, self.obs.rules.trump.first_marriage_value)
        return float(points)

    def _reached_target(self) -> bool:
        obs = self.obs
        scores = obs.scores[self.me] + sum(obs.scores[s] for s in self.partners)
        return obs.totals[self.team] + scores >= obs.target

    def _play_value(self, card: int) -> float:
        top = self.top
        if self.end_phase:
            return self._end_follow(card, top) if top >= 0 else self._end_lead(card)
        if top < 0:
            return self.stock_lead(card)
        return self._stock_follow(card, top)

    # ------------------------------------------------------------------ stock phase

    def keep(self, card: int, *, extra: int = 0) -> float:
        """What holding ``card`` is worth: its trick points, trump strength and meld prospects
        (a joker's: the quartets it may complete, ``jokers.wild_in``; it has no trick points,
        its bits reading the rank of a seven, which no scheme counts).

        ``extra`` adds cards to the holding (a card about to be gained).
        """
        if not extra and card in self._keep:
            return self._keep[card]
        p = self.profile
        value = float(p.trick_value[rank(card)])
        if suit(card) == self.trump:
            value += self.trump_weight * (8.0 - rank(card))
        if not self.end_phase:
            value += self._meld_value(card, extra)
            if self._is_unscored_dix(card):
                value += p.dix_value
        if not extra:
            self._keep[card] = value
        return value

    trump_weight = 1.0
    """Points per step of trump rank in `keep` (an ace of trumps 8, a seven 1)."""

    def _meld_value(self, card: int, extra: int) -> float:
        """What ``card`` adds to the melds of the holding (with ``extra``) in the stock phase."""
        return self._prospect(extra).get(kind(card), 0.0)

    def _prospect(self, extra: int) -> dict[int, float]:
        if extra or self._prospect_cache is None:
            out = _prospects(self.patterns(), kind_counts(self.mine | extra))
            if extra:
                return out
            self._prospect_cache = out
        return self._prospect_cache

    def patterns(self) -> tuple[Pattern, ...]:
        return _patterns(self.obs.rules, self.trump)

    def _is_unscored_dix(self, card: int) -> bool:
        if self.trump is None or rank(card) != self.profile.dix_rank or suit(card) != self.trump:
            return False
        return not any(
            e.kind in ("dix_show", "dix_exchange") and e.player == self.me and card in e.cards
            for e in self.obs.events
        )

    def stock_lead(self, card: int) -> float:
        """Leading ``card`` in the stock phase: its keep value, and its trick points as if the
        opponent always took them."""
        return -self.keep(card) - self._exposure(card)

    def _exposure(self, card: int) -> float:
        """What leading ``card`` risks giving away: its trick points."""
        return float(self.profile.trick_value[rank(card)])

    def _stock_follow(self, card: int, top: int) -> float:
        """Following ``top``, the card winning the trick so far: win it when what it holds and
        the meld the win lets me declare are worth the card spent; never take it from a
        partner (his win is the side's), to whom a card's points go."""
        points = self.on_trick + self.profile.trick_value[rank(card)]
        if self.partner_wins:
            if beats(card, top, self._trump):
                return -100.0 - self.keep(card)
            return self.profile.trick_value[rank(card)] - self.keep(card)
        if beats(card, top, self._trump):
            return points + self.declare_prospect(card) - self.keep(card) + 2.0
        return -points - self.keep(card)

    def declare_prospect(self, spent: int) -> float:
        """Points of the best fresh meld we could declare after winning with ``spent``."""
        if self._declared is None:
            declared: dict[str, int] = {}
            for e in self.obs.events:
                if e.kind == "meld" and e.player == self.me:
                    for c in e.cards:
                        declared[e.reason] = declared.get(e.reason, 0) | 1 << c
            self._declared = declared
        best = 0.0
        left = self.mine & ~(1 << spent)
        counts_by_mask: dict[int, list[int]] = {}
        for pattern in self.patterns():
            if pattern.points > best:
                mask = self._declared.get(pattern.name, 0)
                counts = counts_by_mask.get(mask)
                if counts is None:
                    counts = counts_by_mask[mask] = kind_counts(left & ~mask)
                if pattern.complete(counts):
                    best = float(pattern.points)
        return best

    # ------------------------------------------------------------------ end phase

    def _opponent_cards(self) -> int:
        """The opponents' cards: in a two-seat end phase the count tells them all; at more
        seats, every card not mine nor known to be a partner's (the count tells the cards, not
        who holds them)."""
        obs = self.obs
        theirs = obs.unseen.bits
        for seat in obs.opponents:
            if seat not in self.partners:
                theirs |= obs.known[seat].bits | obs.tables[seat].bits
        return theirs

    def _end_lead(self, card: int) -> float:
        theirs = self._opponent_cards()
        led = suit(card)
        same = theirs & suit_bits(led) if led != JOKER_SUIT else 0
        # he must follow suit: a higher card of it beats the lead, else (void) a trump (after
        # a led joker, which no card follows, a trump)
        beaten = bool((same or theirs) & beaters(card, self._trump))
        points = self.profile.trick_value[rank(card)]
        if not beaten:
            return 100.0 + points
        return -points - (8.0 - rank(card)) / 10

    def _end_follow(self, card: int, top: int) -> float:
        points = self.profile.trick_value[rank(card)]
        if self.partner_wins:  # the side's trick: give it points, keep the high cards
            if beats(card, top, self._trump):
                return -points - (8.0 - rank(card))
            return points - (8.0 - rank(card)) / 10
        if beats(card, top, self._trump):
            return 100.0 + points - (suit(card) == self.trump) * 2.0
        return -points - (8.0 - rank(card)) / 10


@frozen
class Pattern:
    """One concrete card pattern of a meld under the current trump: ``slots`` pairs a tuple of
    kinds with how many cards of those kinds the meld needs. Where jokers may complete the
    meld (``jokers.wild_in``) each way of leaving some of its cards to jokers is a pattern too,
    with a slot of the joker's kind; ``group`` numbers such alternatives of one pattern alike
    (a meld is declared by one of them, so their prospects are not added up), and is -1 for a
    pattern without alternatives."""

    name: str
    points: int
    size: int
    slots: tuple[tuple[tuple[int, ...], int], ...]
    group: int = -1

    def held(self, counts: Sequence[int]) -> int:
        """How many of the pattern's cards ``counts`` (cards held per kind) supplies."""
        return sum(min(sum(counts[k] for k in kinds), n) for kinds, n in self.slots)

    def complete(self, counts: Sequence[int]) -> bool:
        """Whether ``counts`` holds the whole pattern."""
        return all(sum(counts[k] for k in kinds) >= n for kinds, n in self.slots)


@lru_cache(maxsize=256)
def _patterns(rules: Rules, trump: int | None) -> tuple[Pattern, ...]:
    """Every scoring meld's concrete patterns under ``trump`` (any suit while unfixed), as the
    engine compiled them: each pattern, then the ways jokers may complete it, of one group."""
    c = compile_rules(rules)
    out: list[Pattern] = []
    groups = 0
    for t in c.melds:
        compiled = c.patterns[t.index][0 if trump is None else trump + 1]
        wild = any(kinds == (JOKER_KIND,) for slots in compiled for _, _, kinds in slots)
        for slots in compiled:
            natural = all(kinds != (JOKER_KIND,) for _, _, kinds in slots)
            groups += natural and wild
            out.append(Pattern(t.name, t.points, t.size,
                               tuple((kinds, n) for _, n, kinds in slots),
                               groups - 1 if wild else -1))
    return tuple(out)


def kind_counts(bits: int) -> list[int]:
    """Cards held of each kind: the 32 of the suits, then up to the joker's (`LANES`)."""
    return [((bits >> (k * 8)) & 0xFF).bit_count() for k in range(LANES)]


def _prospects(patterns: Sequence[Pattern], counts: Sequence[int]) -> dict[int, float]:
    """Per kind held, the meld value it contributes to: for each meld its best pattern's points
    (capped) weighted by the square of how complete the pattern is, shared by its cards."""
    best: dict[tuple[str, int], float] = {}
    for pattern in patterns:
        frac = pattern.held(counts) / pattern.size
        if not frac:
            continue
        share = min(pattern.points, 150) * frac * frac / pattern.size
        for kinds, _ in pattern.slots:
            for k in kinds:
                if counts[k] and best.get((pattern.name, k), 0.0) < share:
                    best[(pattern.name, k)] = share
    out: dict[int, float] = {}
    for (_, k), share in best.items():
        out[k] = out.get(k, 0.0) + share
    return out
