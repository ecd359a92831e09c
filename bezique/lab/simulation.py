"""Many seeded bot-against-bot deals or games, spread over processes, and their statistics.

Unit ``i`` (a deal or a game) is played from its own seed, derived from the run's seed and
``i``, and each bot from a seed derived from that one, so it comes out the same in any process.
Units are cut into fixed chunks whatever the number of workers, each chunk is summed into a
`Tally` of integers, and tallies add up the same in any order: ``workers=K`` gives exactly the
numbers of ``workers=1``. Progress is reported unit by unit (workers count the units they
finish in a shared counter), so slow bots such as ``search`` show it too.

One bot a seat (`bezique.rules.Rules.players` of them), rotated round the seats: in unit ``i``
bot ``k`` (A, B, C, D) sits in seat ``(i + k) % N``, and a deal unit is dealt by seat
``i // N % N`` (at two seats bot A sits in seat ``i % 2``). A rotation keeps partners
together, so bots form the teams their first seats do (bots A and C against B and D in a
partnership), and a team's win is a win of each of its bots.

>>> import bezique
>>> summary = simulate(bezique.load_profile("bezique"), units=4, bots=("greedy", "random"))
>>> summary.tally.units, sum(summary.tally.wins) + summary.tally.draws
(4, 4)
"""

from __future__ import annotations

import hashlib
import multiprocessing
import signal
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from functools import partial
from itertools import zip_longest
from multiprocessing.sharedctypes import Synchronized
from typing import TypeVar

from attrs import field, frozen

from bezique.bots import make_bot, play_deal, play_game
from bezique.deal import Deal
from bezique.lab.stats import wilson
from bezique.rules.model import Rules

__all__ = [
    "CHUNK",
    "MANAGER_JOIN",
    "POLL",
    "Progress",
    "Summary",
    "Tally",
    "bots_by_seat",
    "chunks",
    "count_actions",
    "deal_winner",
    "run_chunk",
    "run_tasks",
    "run_unit",
    "score_sources",
    "seat_of",
    "simulate",
    "tally_deal",
    "team_scores",
    "unit_finished",
    "unit_seed",
    "versus",
    "wilson",
]

T = TypeVar("T")
"""What a task of `run_tasks` returns."""

CHUNK = 20
"""Units per task; fixed, so the work is cut the same way for any number of workers."""

Progress = Callable[[int, int], None]
"""Called with (units done, units in all) as units finish."""

POLL = 0.25
"""Seconds between looks at the workers' counter of finished units (with ``workers > 1``)."""

MANAGER_JOIN = 30.0
"""On an interrupt, the most seconds to wait for the pool's manager thread, once the workers
are stopped, to finish reaping them."""

_finished: Synchronized[int] | None = None
"""In a worker process: the counter of units finished, shared with the parent."""


def _init_worker(counter: Synchronized[int]) -> None:
    global _finished
    _finished = counter
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def unit_finished(on_unit: Callable[[], None] | None = None) -> None:
    """Count one finished unit: call ``on_unit`` if given, else (in a worker process) raise the
    counter of finished units shared with the parent (see `run_tasks`)."""
    if on_unit is not None:
        on_unit()
    elif _finished is not None:
        with _finished.get_lock():
            _finished.value += 1


def unit_seed(seed: int, index: int) -> int:
    """The seed of unit ``index`` of a run seeded ``seed`` (64 bits, platform independent)."""
    digest = hashlib.sha256(f"bezique-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


Reasons = tuple[tuple[str, int], ...]
"""Points by reason (or counts by name), sorted by name."""


def _merge(a: Reasons, b: Reasons) -> Reasons:
    total = Counter(dict(a))
    total.update(dict(b))
    return tuple(sorted(total.items()))


def _sum(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip_longest(a, b, fillvalue=0))


@frozen
class Tally:
    """Integer sums over units. The per-bot tuples (``wins``, ``points``, ``reasons``) are
    indexed by *bot* (``--bots A,B[,C[,D]]``), not by seat: bot ``k`` sits in seat
    ``(i + k) % N`` for unit ``i`` (`seat_of`). ``reasons_a`` and ``reasons_b`` are bots A's and
    B's points by reason."""

    units: int = 0
    wins: tuple[int, ...] = (0, 0)
    draws: int = 0
    deals: int = 0
    tricks: int = 0
    actions: int = 0
    dealer_wins: int = 0
    dealer_decided: int = 0
    dealer_margin: int = 0
    points: tuple[int, ...] = (0, 0)
    reasons: tuple[Reasons, ...] = ((), ())
    meld_scored: Reasons = ()
    meld_deals: Reasons = ()

    @property
    def reasons_a(self) -> Reasons:
        """Bot A's points by reason."""
        return self.reasons[0]

    @property
    def reasons_b(self) -> Reasons:
        """Bot B's points by reason."""
        return self.reasons[1]

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            units=self.units + other.units,
            wins=_sum(self.wins, other.wins),
            draws=self.draws + other.draws,
            deals=self.deals + other.deals,
            tricks=self.tricks + other.tricks,
            actions=self.actions + other.actions,
            dealer_wins=self.dealer_wins + other.dealer_wins,
            dealer_decided=self.dealer_decided + other.dealer_decided,
            dealer_margin=self.dealer_margin + other.dealer_margin,
            points=_sum(self.points, other.points),
            reasons=tuple(_merge(a, b) for a, b in zip_longest(self.reasons, other.reasons,
                                                                fillvalue=())),
            meld_scored=_merge(self.meld_scored, other.meld_scored),
            meld_deals=_merge(self.meld_deals, other.meld_deals),
        )


def score_sources(deal: Deal) -> tuple[tuple[Counter[str], ...], Counter[str]]:
    """What a finished deal's score events say: the points of each seat by reason (a meld's
    name, ``dix``, ``brisques``, ``last_trick``, ``carte_blanche`` …), and how many times each
    meld of the profile was scored (all seats)."""
    melds = deal.rules.melds.values
    reasons: tuple[Counter[str], ...] = tuple(Counter() for _ in range(deal.rules.players))
    scored: Counter[str] = Counter()
    for e in deal.events:
        if e.kind == "score" and e.player is not None and e.points:
            reasons[e.player][e.reason] += e.points
            if e.reason in melds:
                scored[e.reason] += 1
    return reasons, scored


def seat_of(bot: int, seat_a: int, players: int) -> int:
    """The seat of bot ``bot`` (0 for A, 1 for B …) when bot A sits in ``seat_a``: the bots
    sit in seat order from bot A's."""
    return (seat_a + bot) % players


def bots_by_seat(bots: Sequence[str], seat_a: int) -> list[str]:
    """The bots of ``bots`` (A, B …) by seat, bot A sitting in ``seat_a`` and the others after
    him in seat order (`seat_of`)."""
    n = len(bots)
    return [bots[(p - seat_a) % n] for p in range(n)]


def versus(bots: Sequence[str], teams: Sequence[Sequence[int]]) -> str:
    """The bots against each other, each with its letter: ``greedy (A) vs random (B)``;
    partners joined with ``+`` (``greedy (A) + greedy (C) vs random (B) + random (D)``).
    ``teams`` holds each team's bots by index (the teams of their seats in the first unit).

    >>> versus(("search", "greedy", "greedy"), ((0,), (1,), (2,)))
    'search (A) vs greedy (B) vs greedy (C)'
    """
    return " vs ".join(" + ".join(f"{bots[k]} ({'ABCD'[k]})" for k in team) for team in teams)


def team_scores(deal: Deal) -> list[int]:
    """A deal's scores summed per team (`bezique.rules.Rules.teams`; a seat's own at two
    seats)."""
    s = deal.scores
    return [sum(s[p] for p in team) for team in deal.rules.teams]


def deal_winner(deal: Deal) -> int | None:
    """The team (an index of `bezique.rules.Rules.teams`) whose deal score, summed over its
    seats, is highest alone; None when the top is shared. At two seats: the seat that scored
    more."""
    scores = team_scores(deal)
    top = max(scores)
    return scores.index(top) if scores.count(top) == 1 else None


def tally_deal(deal: Deal, seat_a: int) -> Tally:
    """The sums of one finished deal, bot A sitting in seat ``seat_a`` and the others after
    him in seat order. The dealer's advantage is his team's: it wins when its deal score is
    the unique highest (a decided deal has one), by its score minus the best other team's."""
    players = deal.rules.players
    seats = [seat_of(k, seat_a, players) for k in range(players)]
    by_seat, scored = score_sources(deal)
    s = deal.scores
    team = next(t for t, members in enumerate(deal.rules.teams) if deal.dealer in members)
    scores = team_scores(deal)
    margin = scores[team] - max(v for t, v in enumerate(scores) if t != team)
    winner = deal_winner(deal)
    return Tally(
        deals=1,
        tricks=deal.tricks_played,
        actions=count_actions(deal),
        dealer_wins=int(winner == team),
        dealer_decided=int(winner is not None),
        dealer_margin=margin,
        points=tuple(s[p] for p in seats),
        reasons=tuple(tuple(sorted(by_seat[p].items())) for p in seats),
        meld_scored=tuple(sorted(scored.items())),
        meld_deals=tuple(sorted((name, 1) for name in scored)),
    )


_ACTION_EVENTS = frozenset({"play", "meld", "announce", "dix_show", "dix_exchange", "call_out",
                            "carte_blanche"})


def count_actions(deal: Deal) -> int:
    """The number of actions taken in a deal (plays, declarations, dix, call-outs …)."""
    return sum(1 for e in deal.events if e.kind in _ACTION_EVENTS)


def _outcome(rules: Rules, winner: int | None, seat_a: int) -> Tally:
    """One unit's result: a draw, or a win for each bot in the winning team (``winner``, an
    index of ``rules.teams``)."""
    if winner is None:
        return Tally(units=1, draws=1)
    team = rules.teams[winner]
    n = rules.players
    return Tally(units=1, wins=tuple(int(seat_of(k, seat_a, n) in team) for k in range(n)))


def run_unit(rules: Rules, bots: Sequence[str], seed: int, index: int, games: bool) -> Tally:
    """Play unit ``index`` (a deal, or a whole game with ``games``) and tally it."""
    useed = unit_seed(seed, index)
    n = rules.players
    seat_a = index % n
    players = [make_bot(name, unit_seed(useed, p))
               for p, name in enumerate(bots_by_seat(bots, seat_a))]
    if games:
        game = play_game(rules, players, useed)
        result = game.result
        assert result is not None
        total = sum((tally_deal(deal, seat_a) for deal in game.deals), Tally())
        return total + _outcome(rules, result.winner, seat_a)
    deal = play_deal(rules, players, useed, dealer=index // n % n)
    return tally_deal(deal, seat_a) + _outcome(rules, deal_winner(deal), seat_a)


def run_chunk(rules: Rules, bots: tuple[str, ...], seed: int, indexes: range, games: bool,
              on_unit: Callable[[], None] | None = None) -> Tally:
    """The tally of a chunk of units (the task a worker runs); ``on_unit`` is called after each
    unit (in a worker, the shared counter of finished units is raised instead)."""
    total = Tally()
    for i in indexes:
        total += run_unit(rules, bots, seed, i, games)
        unit_finished(on_unit)
    return total


@frozen
class Summary:
    """A finished run: its parameters and tally, with the derived statistics. ``teams``: the
    bots of each team, by index (``((0, 2), (1, 3))``: A and C against B and D)."""

    profile: str
    bots: tuple[str, ...]
    seed: int
    games: bool
    tally: Tally
    workers: int = field(default=1, eq=False)
    teams: tuple[tuple[int, ...], ...] = ((0,), (1,))

    @property
    def partners(self) -> bool:
        """Whether some team has more than one bot."""
        return any(len(team) > 1 for team in self.teams)

    def to_dict(self) -> dict[str, object]:
        """Every figure, for ``--json`` (floats rounded to 6 places); ``teams`` (each team's
        bots, wins and points) only where bots play in partnership."""
        t = self.tally
        decided = t.units
        deals = max(t.deals, 1)
        rates = []
        for i, name in enumerate(self.bots):
            low, high = wilson(t.wins[i], decided)
            rates.append({
                "bot": name, "wins": t.wins[i], "rate": _r(t.wins[i] / decided if decided else 0),
                "ci95": [_r(low), _r(high)], "mean_points": _r(t.points[i] / deals),
                "points_by_source": {k: _r(v / deals) for k, v in t.reasons[i]},
            })
        dlow, dhigh = wilson(t.dealer_wins, t.dealer_decided)
        out: dict[str, object] = {
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
                "ci95": [_r(dlow), _r(dhigh)], "mean_margin": _r(t.dealer_margin / deals),
            },
            "mean_tricks_per_deal": _r(t.tricks / deals),
            "mean_actions_per_deal": _r(t.actions / deals),
            "mean_deals_per_game": _r(t.deals / max(t.units, 1)) if self.games else 1.0,
            "melds": {
                name: {"per_deal": _r(n / deals),
                       "deals_share": _r(dict(t.meld_deals)[name] / deals)}
                for name, n in t.meld_scored
            },
        }
        if self.partners:
            out["teams"] = [self._team(team) for team in self.teams]
        return out

    def _team(self, team: tuple[int, ...]) -> dict[str, object]:
        """A team's figures: its bots, wins (of any of its bots: they win together) and mean
        points per deal (its bots' summed)."""
        t = self.tally
        wins = t.wins[team[0]]
        low, high = wilson(wins, t.units)
        return {"bots": [self.bots[k] for k in team], "labels": "+".join("ABCD"[k] for k in team),
                "wins": wins, "rate": _r(wins / t.units if t.units else 0),
                "ci95": [_r(low), _r(high)],
                "mean_points": _r(sum(t.points[k] for k in team) / max(t.deals, 1))}


def _r(x: float) -> float:
    return round(x, 6)


def chunks(units: int, size: int = CHUNK) -> list[range]:
    """The fixed cut of ``range(units)`` into tasks."""
    return [range(i, min(i + size, units)) for i in range(0, units, size)]


def _in_process(rules: Rules, bots: tuple[str, ...], seed: int, games: bool,
                tasks: list[range], tick: Callable[[], None] | None) -> Tally:
    total = Tally()
    for task in tasks:
        total += run_chunk(rules, bots, seed, task, games, tick)
    return total


def _on_workers(rules: Rules, bots: tuple[str, ...], seed: int, games: bool,
                tasks: list[range], workers: int, progress: Progress | None,
                units: int) -> Tally:
    """The tasks on ``workers`` processes (`run_tasks`), their tallies summed."""
    tallies: list[Tally] = []
    run_tasks(partial(run_chunk, rules, bots, seed, games=games), tasks, workers=workers,
              progress=progress, units=units, on_result=tallies.append)
    return sum(tallies, Tally())


def run_tasks(task: Callable[[range], T], tasks: list[range], *, workers: int,
              progress: Progress | None, units: int, on_result: Callable[[T], None]) -> None:
    """Run ``task`` (picklable; it calls `unit_finished` after each unit) on each range of
    ``tasks`` on ``workers`` processes, handing each result to ``on_result`` as it comes (in
    no fixed order). The workers' shared counter of finished units is read every `POLL` seconds
    for ``progress``. On Ctrl-C (KeyboardInterrupt in this process; the workers ignore SIGINT)
    the tasks not started are cancelled, the workers stopped, and KeyboardInterrupt raised
    again: ``on_result`` has had the results of the tasks finished so far."""
    context = multiprocessing.get_context()
    counter = context.Value("i", 0)
    shown = 0
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                               initializer=_init_worker, initargs=(counter,))
    try:
        pending: set[Future[T]] = {pool.submit(task, indexes) for indexes in tasks}
        while pending:
            finished, pending = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            for future in finished:
                on_result(future.result())
            done = counter.value
            if progress is not None and done != shown:
                shown = done
                progress(min(done, units), units)
    except BaseException:
        workers_of = list(pool._processes.values()) if pool._processes else []
        manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        for process in workers_of:
            process.terminate()
        for process in workers_of:
            process.join()
        if manager is not None:
            # it reaps the workers too: a worker it reaped first may still look alive here
            manager.join(timeout=MANAGER_JOIN)
        raise
    pool.shutdown()


def simulate(
    rules: Rules,
    *,
    units: int,
    bots: Sequence[str] = ("greedy", "greedy"),
    seed: int = 0,
    workers: int = 1,
    games: bool = False,
    progress: Progress | None = None,
) -> Summary:
    """Play ``units`` seeded deals (or games with ``games``) of ``rules`` between bots given by
    their specs (`bezique.bots.make_bot`: ``greedy``, ``search``, ``search:50`` …), one a seat
    (`bezique.rules.Rules.players`), rotated round the seats unit by unit, on ``workers``
    processes; the numbers do not depend on ``workers``. ``progress`` is called as units
    finish. ValueError for another number of bots or an unknown one."""
    bots = tuple(bots)
    if len(bots) != rules.players:
        raise ValueError(f"simulate: expected {rules.players} bots, one a seat of "
                         f"{rules.name!r}, got {len(bots)}")
    for name in bots:
        make_bot(name, 0)  # fail early on an unknown name
    tasks = chunks(units)
    if workers <= 1:
        done = 0

        def tick() -> None:
            nonlocal done
            done += 1
            assert progress is not None
            progress(done, units)

        total = _in_process(rules, bots, seed, games, tasks, tick if progress else None)
    else:
        total = _on_workers(rules, bots, seed, games, tasks, workers, progress, units)
    return Summary(
        profile=rules.name, bots=bots, seed=seed, games=games, tally=total, workers=workers,
        teams=rules.teams,
    )
