"""Game analysis: every decision of a recorded game judged by the search, like a chess engine's.

`analyse` replays a record (or a finished `Deal` or `Game`), and at every decision with more
than one legal action values the actions from the mover's observation: in the stock phase
`bezique.search.evaluate` plays each legal action out in sampled worlds, the same worlds for
every action, so that the values compare like with like; in the end phase at two seats the exact
solver (`bezique.search.solve`) values the best action and the played one (at more seats the end
phase hides cards too, and `evaluate` samples worlds there as well). A `Decision` says what was
played, what the search prefers, and the *loss*: the best action's value minus the played one's,
in points of the deal's final score difference (0 when the played action is the best; at more
seats the value of the mover's side, `bezique.search.values`: his team's points less the other
team's, or playing alone ``N - 1`` times his own less the sum of the others'). Losses
at or above the `Thresholds` are marked chess-style: ``?!`` inaccuracy, ``?`` mistake, ``??``
blunder. Decisions with one legal action are listed as forced, with no loss. The same record,
budget and seed always give the same analysis. The report and its JSON: ``docs/analysis.md``.

>>> import bezique
>>> from bezique import record
>>> analysis = analyse(record.load("tests/records/five-hundred.toml"), simulations=4)
>>> analysis.decisions[0].ply, analysis.decisions[0].player, analysis.decisions[0].played
(1, 1, 'play 10H')
>>> all(d.loss >= 0 for d in analysis.decisions)
True
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable

from attrs import field, frozen

from bezique.actions import Action, Announce, DixExchange, DixShow, Meld, Play
from bezique.deal import Deal
from bezique.game import Game
from bezique.players import player_name
from bezique.record import Record, record_of, replay
from bezique.search.bot import DEFAULT_SIMULATIONS, Evaluation, evaluate
from bezique.search.solver import difference, solve

__all__ = [
    "FORMAT",
    "MARKS",
    "Analysis",
    "DealInfo",
    "Decision",
    "PlayerSummary",
    "Progress",
    "Thresholds",
    "analyse",
]

FORMAT = "bezique-analysis"
"""The ``format`` key of an analysis as JSON (`Analysis.to_dict`)."""

MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The chess-style mark of each judgement."""

Progress = Callable[[int, int], None]
"""Called with (decisions evaluated, decisions to evaluate) after each evaluation."""


def _positive(instance: object, attribute: object, value: float) -> None:
    if not 0 < value < math.inf:  # nan and inf fail too
        raise ValueError(f"thresholds must be positive finite numbers, got {value}")


@frozen(kw_only=True)
class Thresholds:
    """The losses (in points of the deal's final score difference) from which a decision is an
    inaccuracy, a mistake, a blunder; increasing. Default 10, 25 and 50: a lost brisque, a
    lost meld, a lost big meld or several tricks."""

    inaccuracy: float = field(default=10.0, validator=_positive)
    mistake: float = field(default=25.0, validator=_positive)
    blunder: float = field(default=50.0, validator=_positive)

    def __attrs_post_init__(self) -> None:
        if not self.inaccuracy <= self.mistake <= self.blunder:
            raise ValueError("thresholds must not decrease (inaccuracy <= mistake <= blunder), "
                             f"got {self.inaccuracy:g}, {self.mistake:g}, {self.blunder:g}")

    def judge(self, loss: float) -> str:
        """The judgement of a loss: ``blunder``, ``mistake``, ``inaccuracy`` or ``""``.

        >>> Thresholds().judge(30), Thresholds().judge(9.5)
        ('mistake', '')
        """
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return ""


@frozen(kw_only=True)
class Decision:
    """One recorded action and the search's judgement of it."""

    deal: int
    """The deal's number in the record (1-based)."""
    ply: int
    """The action's number through the whole record (1-based, as `bezique replay` lists it)."""
    player: int
    """Who decided (the seat)."""
    played: str
    """The action played, in notation."""
    best: str
    """The action the search prefers (the played one where it is among the best)."""
    played_value: float | None
    """The expected final score difference of the deal for `player` (his side's value at more
    seats) after the played action (None when forced)."""
    best_value: float | None
    """The same for the best action (None when forced)."""
    loss: float
    """``best_value - played_value``: at least 0; 0 when forced or when the played action is
    the best."""
    exact: bool
    """Values from the exact solver (the end phase at two seats) rather than sampled worlds;
    True when forced (nothing can be lost)."""
    forced: bool
    """The player had one legal action."""
    options: int
    """The number of legal actions."""
    samples: int
    """Worlds each estimate averages (0 when exact or forced)."""
    judgement: str
    """``inaccuracy``, ``mistake``, ``blunder`` (see `Thresholds`) or ``""``."""

    @property
    def mark(self) -> str:
        """The chess-style mark of the judgement (`MARKS`): ``?!``, ``?``, ``??`` or ``""``."""
        return MARKS.get(self.judgement, "")

    def to_dict(self) -> dict[str, object]:
        """The decision as JSON-ready values (every key of ``docs/analysis.md``)."""
        return {
            "deal": self.deal, "ply": self.ply, "player": player_name(self.player),
            "played": self.played, "best": self.best,
            "played_value": _r(self.played_value), "best_value": _r(self.best_value),
            "loss": _r(self.loss), "exact": self.exact, "forced": self.forced,
            "options": self.options, "samples": self.samples,
            "judgement": self.judgement, "mark": self.mark,
        }


@frozen(kw_only=True)
class DealInfo:
    """One deal of the record: its number (1-based), its dealer and its scores at the end of
    the record."""

    number: int
    dealer: int
    scores: tuple[int, ...]

    def to_dict(self) -> dict[str, object]:
        """The deal as JSON-ready values."""
        return {"deal": self.number, "dealer": player_name(self.dealer),
                "scores": list(self.scores)}


@frozen(kw_only=True)
class PlayerSummary:
    """One player's decisions in sum."""

    player: int
    """The seat."""
    decisions: int
    """Decisions with a choice (forced ones not counted)."""
    forced: int
    """Decisions with one legal action."""
    total_loss: float
    """The sum of the losses."""
    inaccuracies: int
    """Decisions judged inaccuracies (``?!``)."""
    mistakes: int
    """Decisions judged mistakes (``?``)."""
    blunders: int
    """Decisions judged blunders (``??``)."""

    @property
    def mean_loss(self) -> float:
        """The mean loss per decision with a choice (0 without any)."""
        return self.total_loss / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, object]:
        """The summary as JSON-ready values."""
        return {
            "player": player_name(self.player), "decisions": self.decisions,
            "forced": self.forced, "total_loss": _r(self.total_loss),
            "mean_loss": _r(self.mean_loss), "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes, "blunders": self.blunders,
        }


@frozen(kw_only=True)
class Analysis:
    """The judged decisions of a record and how they were judged."""

    profile: str
    """The profile's name."""
    digest: str
    """The profile's digest."""
    game: bool
    """A record of a whole game (else of one deal)."""
    seed: int
    """The seed the worlds were sampled from."""
    simulations: int
    """The playout budget per stock-phase decision."""
    thresholds: Thresholds
    """Where inaccuracies, mistakes and blunders start."""
    deals: tuple[DealInfo, ...]
    """The deals of the record, in order."""
    decisions: tuple[Decision, ...]
    """Every action of the record, in order."""
    seats: int = 2
    """The number of seats (`bezique.Rules.players`)."""

    @property
    def players(self) -> tuple[PlayerSummary, ...]:
        """Each seat's decisions in sum."""
        return tuple(_summary(self.decisions, seat) for seat in range(self.seats))

    def to_dict(self) -> dict[str, object]:
        """The analysis as JSON-ready values (``bezique analyse --json``; ``docs/analysis.md``
        describes every key)."""
        return {
            "format": FORMAT,
            "version": 1,
            "profile": self.profile,
            "digest": self.digest,
            "unit": "game" if self.game else "deal",
            "seed": self.seed,
            "simulations": self.simulations,
            "thresholds": {"inaccuracy": self.thresholds.inaccuracy,
                           "mistake": self.thresholds.mistake,
                           "blunder": self.thresholds.blunder},
            "players": [summary.to_dict() for summary in self.players],
            "deals": [deal.to_dict() for deal in self.deals],
            "decisions": [d.to_dict() for d in self.decisions],
        }


def _summary(decisions: tuple[Decision, ...], player: int) -> PlayerSummary:
    mine = [d for d in decisions if d.player == player]
    chosen = [d for d in mine if not d.forced]
    return PlayerSummary(
        player=player, decisions=len(chosen), forced=len(mine) - len(chosen),
        total_loss=sum(d.loss for d in chosen),
        inaccuracies=sum(d.judgement == "inaccuracy" for d in chosen),
        mistakes=sum(d.judgement == "mistake" for d in chosen),
        blunders=sum(d.judgement == "blunder" for d in chosen),
    )


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


def decision_seed(seed: int, ply: int) -> int:
    """The seed of the worlds sampled at ``ply`` of an analysis seeded ``seed``: each decision
    has its own, so its judgement does not depend on the others."""
    digest = hashlib.sha256(f"bezique-analyse:{seed}:{ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _same(a: Action, b: Action) -> bool:
    """Whether two actions do the same thing up to the copies of their cards (a record may
    name a copy other than the one `Deal.legal_actions` lists, docs/rules.md#r10)."""
    if a == b:
        return True
    if isinstance(a, Play | DixShow | DixExchange) and type(a) is type(b):
        assert isinstance(b, Play | DixShow | DixExchange)
        return a.card >> 3 == b.card >> 3
    if isinstance(a, Meld | Announce) and type(a) is type(b):
        assert isinstance(b, Meld | Announce)
        return a.name == b.name and sorted(c >> 3 for c in a.cards) == sorted(
            c >> 3 for c in b.cards)
    return False


def _listed(action: Action, legal: list[Action]) -> Action:
    """The legal action that ``action`` is: itself where listed, else the listed one that does
    the same with other copies (copies with different consequences are listed apart)."""
    if action in legal:
        return action
    for candidate in legal:
        if _same(candidate, action):
            return candidate
    raise ValueError(f"analyse: the played action {action} is not among the legal actions")


def _solved(before: Deal, action: Action, rng: random.Random) -> tuple[float, float, Action]:
    """End phase at two seats: the best value, the played action's value and the best action,
    by the exact solver on the mover's observation (which the count makes complete): one solve
    of the position and, where another action was played, one of the position after it
    (rather than one per legal action, which `bezique.search.evaluate` does)."""
    me = before.to_move
    assert me is not None
    world = before.observation(me).determinize(rng)
    team_of = world.bits.compiled.team_of
    root = solve(world)
    best = _listed(root.line[0], before.legal_actions())
    best_value = float(difference(root.scores, me, team_of))
    if best == _listed(action, before.legal_actions()):
        return best_value, best_value, best
    world.apply(action)
    return best_value, float(difference(solve(world).scores, me, team_of)), best


def _played_value(evaluation: Evaluation, action: Action) -> float:
    return evaluation.value_of(_listed(action, [item.action for item in evaluation.values]))


def analyse(
    subject: Record | Deal | Game,
    *,
    simulations: int = DEFAULT_SIMULATIONS,
    seed: int = 0,
    thresholds: Thresholds | None = None,
    progress: Progress | None = None,
) -> Analysis:
    """Judge every decision of a record (or of a `Deal` or `Game`, through its record).

    ``simulations``: playouts per stock-phase decision (end-phase decisions are solved
    exactly at two seats; at more, `bezique.search.evaluate` samples worlds there with its
    own budget); ``seed``: where the sampled worlds come from; ``progress`` is called after each
    evaluation. The whole record is replayed (and checked) first: a damaged record raises
    `bezique.record.RecordError` before any search.
    """
    if simulations < 1:
        raise ValueError(f"analyse: simulations must be at least 1, got {simulations}")
    limits = thresholds or Thresholds()
    rec = subject if isinstance(subject, Record) else record_of(subject)
    steps = list(replay(rec))
    todo = [
        i for i, step in enumerate(steps)
        if step.move is not None and len(steps[i - 1].deal.legal_actions()) > 1
    ]
    done = 0
    decisions = []
    for i, step in enumerate(steps):
        if step.move is None:
            continue
        before = steps[i - 1].deal
        player = step.move.player
        action = step.deal.actions[-1]
        played = step.move.action
        options = len(before.legal_actions())
        if options == 1:
            decisions.append(Decision(
                deal=step.deal_index + 1, ply=step.ply, player=player, played=played,
                best=played, played_value=None, best_value=None, loss=0.0, exact=True,
                forced=True, options=1, samples=0, judgement=""))
            continue
        rng = random.Random(decision_seed(seed, step.ply))
        exact = before.in_end_phase and rec.rules.players == 2
        if exact:
            best_value, value, best = _solved(before, action, rng)
            samples = 0
        else:
            evaluation = evaluate(before.observation(player), rng=rng, simulations=simulations)
            best_value, value, best = (evaluation.value, _played_value(evaluation, action),
                                       evaluation.best)
            samples = evaluation.values[0].samples
        loss = max(0.0, best_value - value)
        decisions.append(Decision(
            deal=step.deal_index + 1, ply=step.ply, player=player, played=played,
            best=played if loss == 0 else str(best), played_value=value,
            best_value=best_value, loss=loss, exact=exact, forced=False,
            options=options, samples=samples, judgement=limits.judge(loss)))
        done += 1
        if progress is not None:
            progress(done, len(todo))
    last = {step.deal_index: step.deal for step in steps}
    deals = tuple(DealInfo(number=i + 1, dealer=deal.dealer, scores=deal.scores)
                  for i, deal in sorted(last.items()))
    return Analysis(profile=rec.rules.name, digest=rec.rules.digest, game=rec.game is not None,
                    seed=seed, simulations=simulations, thresholds=limits, deals=deals,
                    decisions=tuple(decisions), seats=rec.rules.players)
