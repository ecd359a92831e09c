"""Many seeded bot-against-bot deals or games, spread over processes, and their statistics.

Unit ``i`` (a deal or a game) is played from its own seed, derived from the run's seed and
``i``, and each bot from a seed derived from that one, so it comes out the same in any process.
Units are cut into fixed chunks whatever the number of workers, each chunk is summed into a
`Tally` of integers, and tallies add up the same in any order: ``workers=K`` gives exactly the
numbers of ``workers=1``. Progress is reported unit by unit (workers count the units they
finish in a shared counter), so slow bots such as ``search`` show it too.

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
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from functools import partial
from multiprocessing.sharedctypes import Synchronized
from typing import TypeVar

from attrs import field, frozen

from bezique.bots import make_bot, play_deal, play_game
from bezique.deal import Deal
from bezique.lab.stats import wilson
from bezique.rules.model import Rules

__all__ = [
    "CHUNK", "MANAGER_JOIN", "POLL", "Progress", "Summary", "Tally", "chunks", "count_actions",
    "run_chunk", "run_tasks", "run_unit", "score_sources", "simulate", "tally_deal",
    "unit_finished", "unit_seed", "wilson",
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


def score_sources(deal: Deal) -> tuple[tuple[Counter[str], Counter[str]], Counter[str]]:
    """What a finished deal's score events say: the points of each seat by reason (a meld's
    name, ``dix``, ``brisques``, ``last_trick``, ``carte_blanche`` …), and how many times each
    meld of the profile was scored (both seats)."""
    melds = deal.rules.melds.values
    reasons: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    scored: Counter[str] = Counter()
    for e in deal.events:
        if e.kind == "score" and e.player is not None and e.points:
            reasons[e.player][e.reason] += e.points
            if e.reason in melds:
                scored[e.reason] += 1
    return reasons, scored


def tally_deal(deal: Deal, seat_a: int) -> Tally:
    """The sums of one finished deal, bot A sitting in seat ``seat_a``."""
    seat = (seat_a, 1 - seat_a)
    by_seat, scored = score_sources(deal)
    reasons = (by_seat[seat[0]], by_seat[seat[1]])
    s = deal.scores
    margin = s[deal.dealer] - s[1 - deal.dealer]
    return Tally(
        deals=1,
        tricks=deal.tricks_played,
        actions=count_actions(deal),
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


def count_actions(deal: Deal) -> int:
    """The number of actions taken in a deal (plays, declarations, dix, call-outs …)."""
    return sum(1 for e in deal.events if e.kind in _ACTION_EVENTS)


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


def run_chunk(rules: Rules, bots: tuple[str, str], seed: int, indexes: range, games: bool,
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


def _in_process(rules: Rules, bots: tuple[str, str], seed: int, games: bool,
                tasks: list[range], tick: Callable[[], None] | None) -> Tally:
    total = Tally()
    for task in tasks:
        total += run_chunk(rules, bots, seed, task, games, tick)
    return total


def _on_workers(rules: Rules, bots: tuple[str, str], seed: int, games: bool,
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
    bots: tuple[str, str] = ("greedy", "greedy"),
    seed: int = 0,
    workers: int = 1,
    games: bool = False,
    progress: Progress | None = None,
) -> Summary:
    """Play ``units`` seeded deals (or games with ``games``) of ``rules`` between two bots
    given by their specs (`bezique.bots.make_bot`: ``greedy``, ``search``, ``search:50`` …) on
    ``workers`` processes; the numbers do not depend on ``workers``. ``progress`` is called as
    units finish."""
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
        profile=rules.name, bots=bots, seed=seed, games=games, tally=total, workers=workers
    )
