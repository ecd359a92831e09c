"""Bots by name, as the command line and the lab take them (``greedy``, ``search:50``):
`BOTS`, `BUDGETED_BOTS`, `make_bot` and the spec checks. The planner and the search are imported
on first use, so that naming a bot stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bezique.bots.base import Bot, RandomBot
from bezique.bots.greedy import GreedyBot
from bezique.game import derive_seed

__all__ = ["BOTS", "BUDGETED_BOTS", "check_bot_pair", "check_bot_spec", "check_bots", "make_bot",
           "seat_bots"]


def _search_bot(seed: int, simulations: int | None = None) -> Bot:
    """A `bezique.search.SearchBot` (imported on first use: `bezique.bots` stays cheap)."""
    from bezique.search import SearchBot

    return SearchBot(seed=seed, simulations=simulations)


def _planner_bot(seed: int) -> Bot:
    """A `bezique.bots.planner.PlannerBot` (deterministic: the seed is not used)."""
    from bezique.bots.planner import PlannerBot

    return PlannerBot()


BOTS: dict[str, Callable[[int], Bot]] = {
    "search": _search_bot,
    "planner": _planner_bot,
    "greedy": lambda seed: GreedyBot(),
    "random": RandomBot,
}
"""Bot factories by name, each taking a seed (``bezique simulate --bots search,greedy``)."""

BUDGETED_BOTS: dict[str, Callable[[int, int], Bot]] = {
    "search": _search_bot,
}
"""Bots that take a budget in a bot spec ``NAME:N``, factories of (seed, budget): for
``search``, N playouts per decision (``search:50``)."""


def check_bot_spec(spec: str) -> str:
    """``spec`` if it names a bot (``NAME``, or ``NAME:N`` for a bot of `BUDGETED_BOTS` with a
    budget N of at least 1); else ValueError saying what is expected.

    >>> check_bot_spec("search:50")
    'search:50'
    >>> check_bot_spec("greedy:50")
    Traceback (most recent call last):
    ...
    ValueError: bot 'greedy:50': only search takes a budget (NAME:N)
    """
    name, colon, budget = spec.partition(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOTS)}")
    if colon:
        if name not in BUDGETED_BOTS:
            raise ValueError(f"bot {spec!r}: only {', '.join(BUDGETED_BOTS)} takes a budget "
                             "(NAME:N)")
        if not budget.isdigit() or int(budget) < 1:
            raise ValueError(f"bot {spec!r}: the budget after ':' must be a whole number of at "
                             "least 1")
    return spec


def check_bot_pair(specs: str) -> tuple[str, str]:
    """Two bot specs written ``A,B`` (each as `check_bot_spec` wants it); else ValueError.

    >>> check_bot_pair("search:50,greedy")
    ('search:50', 'greedy')
    """
    first, second = check_bots(specs, 2)
    return first, second


def check_bots(specs: str, players: int) -> tuple[str, ...]:
    """One bot spec a seat, ``players`` of them written ``A,B[,C[,D]]`` (each as
    `check_bot_spec` wants it); else ValueError.

    >>> check_bots("search:50,greedy,random", 3)
    ('search:50', 'greedy', 'random')
    """
    bots = tuple(specs.split(","))
    if len(bots) != players:
        shape = ",".join("ABCD"[:players]) if players <= 4 else "A,B,…"
        number = "two" if players == 2 else str(players)
        raise ValueError(f"expected {number} bots as {shape}, one a seat, got {specs!r}")
    return tuple(check_bot_spec(bot) for bot in bots)


def make_bot(spec: str, seed: int) -> Bot:
    """A bot from a spec: a name of `BOTS` (``greedy``), or ``NAME:N`` for a bot of
    `BUDGETED_BOTS` with budget N (``search:50``: 50 playouts per decision). Raises ValueError
    listing the names for an unknown one (see `check_bot_spec`)."""
    name, colon, budget = check_bot_spec(spec).partition(":")
    if colon:
        return BUDGETED_BOTS[name](seed, int(budget))
    return BOTS[name](seed)


def seat_bots(specs: Sequence[str], seed: int, players: int, person: int) -> dict[int, Bot]:
    """The bots of a table where a person sits in seat ``person`` of ``players``: one a seat
    for every other seat, by seat, ``specs[k]`` playing the ``k``-th other seat in seat order
    (at two seats the one bot). At two seats the bot is seeded with ``seed`` itself; at more
    each is seeded from ``seed`` and its seat (`bezique.game.derive_seed`). ValueError for a
    seat out of range, another number of specs or a bad spec.

    >>> sorted(seat_bots(["greedy", "random", "planner"], 7, 4, 1))
    [0, 2, 3]
    """
    if person not in range(players):
        raise ValueError(f"seat: expected 0 to {players - 1} at {players} seats, got {person!r}")
    others = [p for p in range(players) if p != person]
    if len(specs) != len(others):
        what = "one bot" if len(others) == 1 else f"{len(others)} bots, one a seat"
        raise ValueError(f"expected {what} for the other seats "
                         f"({', '.join(f'P{p}' for p in others)}), got {len(specs)}")
    for spec in specs:
        check_bot_spec(spec)
    if players == 2:
        return {others[0]: make_bot(specs[0], seed)}
    return {p: make_bot(spec, derive_seed(seed, f"bot:{p}")) for p, spec in zip(others, specs,
                                                                               strict=True)}
