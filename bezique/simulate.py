"""Many seeded bot-against-bot deals or games, spread over processes, and their statistics.

Unit ``i`` (a deal or a game) is played from its own seed, derived from the run's seed and
``i``, so it comes out the same in any process. Units are cut into fixed chunks whatever the
number of workers, each chunk is summed into a `Tally` of integers, and tallies add up the same
in any order: ``workers=K`` gives exactly the numbers of ``workers=1``.

>>> import bezique
>>> summary = simulate(bezique.load_profile("bezique"), units=4, bots=("greedy", "random"))
>>> summary.tally.units, sum(summary.tally.wins) + summary.tally.draws
(4, 4)
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed

from attrs import field, frozen

from bezique.bots import make_bot, play_deal, play_game
from bezique.deal import Deal
from bezique.rules.model import Rules

CHUNK = 20
"""Units per task; fixed, so the work is cut the same way for any number of workers."""

Progress = Callable[[int, int], None]
"""Called with (units done, units in all) as chunks finish."""


def unit_seed(seed: int, index: int) -> int:
    """The seed of unit ``index`` of a run seeded ``seed`` (64 bits, platform independent)."""
    digest = hashlib.sha256(f"bezique-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default ``z``).

    >>> tuple(round(x, 3) for x in wilson(7, 10))
    (0.397, 0.892)
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _merge(a: tuple[tuple[str, int], ...], b: tuple[tuple[str, int], ...]) -> tuple[
    tuple[str, int], ...
]:
    total = Counter(dict(a))
    total.update(dict(b))
    return tuple(sorted(total.items()))


@frozen
class Tally:
    """Integer sums over units. Indexes 0/1 of the pairs are the *bots* (``--bots A,B``), not
    the seats: bot A sits in seat ``i % 2`` for unit ``i``."""

    units: int = 0
    wins: tuple[int, int] = (0, 0)
    draws: int = 0
    deals: int = 0
    tricks: int = 0
    actions: int = 0
    dealer_wins: int = 0
    dealer_decided: int = 0
    dealer_margin: int = 0
    points: tuple[int, int] = (0, 0)
    reasons_a: tuple[tuple[str, int], ...] = ()
    reasons_b: tuple[tuple[str, int], ...] = ()
    meld_scored: tuple[tuple[str, int], ...] = ()
    meld_deals: tuple[tuple[str, int], ...] = ()

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            units=self.units + other.units,
            wins=(self.wins[0] + other.wins[0], self.wins[1] + other.wins[1]),
            draws=self.draws + other.draws,
            deals=self.deals + other.deals,
            tricks=self.tricks + other.tricks,
            actions=self.actions + other.actions,
            dealer_wins=self.dealer_wins + other.dealer_wins,
            dealer_decided=self.dealer_decided + other.dealer_decided,
            dealer_margin=self.dealer_margin + other.dealer_margin,
            points=(self.points[0] + other.points[0], self.points[1] + other.points[1]),
            reasons_a=_merge(self.reasons_a, other.reasons_a),
            reasons_b=_merge(self.reasons_b, other.reasons_b),
            meld_scored=_merge(self.meld_scored, other.meld_scored),
            meld_deals=_merge(self.meld_deals, other.meld_deals),
        )


def tally_deal(deal: Deal, seat_a: int) -> Tally:
    """The sums of one finished deal, bot A sitting in seat ``seat_a``."""
    seat = (seat_a, 1 - seat_a)
    melds = set(deal.rules.melds.values)
    reasons: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    scored: Counter[str] = Counter()
    for e in deal.events:
        if e.kind == "score" and e.player is not None and e.points:
            reasons[0 if e.player == seat_a else 1][e.reason] += e.points
            if e.reason in melds:
                scored[e.reason] += 1
    s = deal.scores
    margin = s[deal.dealer] - s[1 - deal.dealer]
    return Tally(
        deals=1,
        tricks=deal.tricks_played,
        actions=sum(1 for e in deal.events if e.kind in _ACTION_EVENTS),
        dealer_wins=int(margin > 0),
        dealer_decided=int(margin != 0),
        dealer_margin=margin,
        points=(s[seat[0]], s[seat[1]]),
        reasons_a=tuple(sorted(reasons[0].items())),
        reasons_b=tuple(sorted(reasons[1].items())),
        meld_scored=tuple(sorted(scored.items())),
        meld_deals=tuple(sorted((name, 1) for name in scored)),
    )


_ACTION_EVENTS = frozenset({"play", "meld", "announce", "dix_show", "dix_exchange", "call_out",
                            "carte_blanche"})


def _outcome(winner: int | None, seat_a: int) -> Tally:
    if winner is None:
        return Tally(units=1, draws=1)
    return Tally(units=1, wins=(1, 0) if winner == seat_a else (0, 1))


def run_unit(rules: Rules, bots: tuple[str, str], seed: int, index: int, games: bool) -> Tally:
    """Play unit ``index`` (a deal, or a whole game with ``games``) and tally it."""
    useed = unit_seed(seed, index)
    seat_a = index % 2
    names = (bots[0], bots[1]) if seat_a == 0 else (bots[1], bots[0])
    players = [make_bot(name, unit_seed(useed, p)) for p, name in enumerate(names)]
    if games:
        game = play_game(rules, players, useed)
        result = game.result
        assert result is not None
        total = sum((tally_deal(deal, seat_a) for deal in game.deals), Tally())
        return total + _outcome(result.winner, seat_a)
    deal = play_deal(rules, players, useed, dealer=index // 2 % 2)
    s = deal.scores
    winner = None if s[0] == s[1] else int(s[1] > s[0])
    return tally_deal(deal, seat_a) + _outcome(winner, seat_a)


def run_chunk(rules: Rules, bots: tuple[str, str], seed: int, indexes: range, games: bool) -> Tally:
    """The tally of a chunk of units (the task a worker runs)."""
    total = Tally()
    for i in indexes:
        total += run_unit(rules, bots, seed, i, games)
    return total


@frozen
class Summary:
    """A finished run: its parameters and tally, with the derived statistics."""

    profile: str
    bots: tuple[str, str]
    seed: int
    games: bool
    tally: Tally
    workers: int = field(default=1, eq=False)

    def to_dict(self) -> dict[str, object]:
        """Every figure, for ``--json`` (floats rounded to 6 places)."""
        t = self.tally
        decided = t.units
        rates = []
        for i, name in enumerate(self.bots):
            low, high = wilson(t.wins[i], decided)
            rates.append({
                "bot": name, "wins": t.wins[i], "rate": _r(t.wins[i] / decided if decided else 0),
                "ci95": [_r(low), _r(high)], "mean_points": _r(t.points[i] / max(t.deals, 1)),
                "points_by_source": {k: _r(v / max(t.deals, 1))
                                     for k, v in (t.reasons_a, t.reasons_b)[i]},
            })
        dlow, dhigh = wilson(t.dealer_wins, t.dealer_decided)
        return {
            "profile": self.profile,
            "unit": "game" if self.games else "deal",
            "units": t.units,
            "seed": self.seed,
            "bots": rates,
            "draws": t.draws,
            "deals": t.deals,
            "dealer": {
                "wins": t.dealer_wins, "decided": t.dealer_decided,
                "rate": _r(t.dealer_wins / t.dealer_decided if t.dealer_decided else 0),
                "ci95": [_r(dlow), _r(dhigh)], "mean_margin": _r(t.dealer_margin / max(t.deals, 1)),
            },
            "mean_tricks_per_deal": _r(t.tricks / max(t.deals, 1)),
            "mean_actions_per_deal": _r(t.actions / max(t.deals, 1)),
            "mean_deals_per_game": _r(t.deals / max(t.units, 1)) if self.games else 1.0,
            "melds": {
                name: {"per_deal": _r(n / max(t.deals, 1)),
                       "deals_share": _r(dict(t.meld_deals)[name] / max(t.deals, 1))}
                for name, n in t.meld_scored
            },
        }


def _r(x: float) -> float:
    return round(x, 6)


def chunks(units: int, size: int = CHUNK) -> list[range]:
    """The fixed cut of ``range(units)`` into tasks."""
    return [range(i, min(i + size, units)) for i in range(0, units, size)]


def _tallies(rules: Rules, bots: tuple[str, str], seed: int, games: bool, tasks: list[range],
             workers: int) -> Iterator[Tally]:
    """The tally of each task, in this process or, as they finish, on ``workers`` processes."""
    if workers <= 1:
        for task in tasks:
            yield run_chunk(rules, bots, seed, task, games)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(run_chunk, rules, bots, seed, task, games) for task in tasks]
        for future in as_completed(futures):
            yield future.result()


def simulate(
    rules: Rules,
    *,
    units: int,
    bots: tuple[str, str] = ("greedy", "greedy"),
    seed: int = 0,
    workers: int = 1,
    games: bool = False,
    progress: Progress | None = None,
) -> Summary:
    """Play ``units`` seeded deals (or games with ``games``) of ``rules`` between two named bots
    (`bezique.bots.BOTS`) on ``workers`` processes; the numbers do not depend on ``workers``."""
    for name in bots:
        make_bot(name, 0)  # fail early on an unknown name
    total = Tally()
    for tally in _tallies(rules, bots, seed, games, chunks(units), workers):
        total += tally
        if progress:
            progress(total.units, units)
    return Summary(
        profile=rules.name, bots=bots, seed=seed, games=games, tally=total, workers=workers
    )
