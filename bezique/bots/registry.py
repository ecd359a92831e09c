"""Bots by name, as the command line and the lab take them (``greedy``, ``search:50``,
``search:0.5``, ``ismcts:0.5``): `BOTS`, `BUDGETED_BOTS`, `TIMED_BOTS`, `make_bot` and the spec
checks. The planner, the search, the cheat and OpenSpiel's ISMCTS are imported on first use, so
that naming a bot stays cheap.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from bezique.bots.base import Bot, RandomBot
from bezique.bots.greedy import GreedyBot
from bezique.game import derive_seed

__all__ = ["BOTS", "BUDGETED_BOTS", "DEFAULT_ISMCTS_SECONDS", "LAB_ONLY", "PERFECT_INFORMATION",
           "TABLE_BOTS", "TIMED_BOTS", "check_bot_pair", "check_bot_spec", "check_bots",
           "check_table_bot", "make_bot", "seat_bots"]

DEFAULT_ISMCTS_SECONDS = 0.25
"""The time per decision of ``ismcts`` without a budget."""


def _search_bot(seed: int, simulations: int | None = None, objective: str | None = None
                ) -> Bot:
    """A `bezique.search.SearchBot` (imported on first use: `bezique.bots` stays cheap), at
    its default objective unless ``objective`` is given."""
    from bezique.search import DEFAULT_OBJECTIVE, SearchBot

    return SearchBot(seed=seed, simulations=simulations,
                     objective=objective or DEFAULT_OBJECTIVE)


def _timed_search_bot(seed: int, seconds: float, objective: str | None = None) -> Bot:
    """A `bezique.search.SearchBot` given ``seconds`` per decision instead of playouts."""
    from bezique.search import DEFAULT_OBJECTIVE, SearchBot

    return SearchBot(seed=seed, seconds=seconds, objective=objective or DEFAULT_OBJECTIVE)


def _game_search_bot(seed: int, simulations: int | None = None) -> Bot:
    """A `bezique.search.SearchBot` playing for the game (``objective = "game"``)."""
    return _search_bot(seed, simulations, "game")


def _timed_game_search_bot(seed: int, seconds: float) -> Bot:
    """`_game_search_bot` given ``seconds`` per decision instead of playouts."""
    return _timed_search_bot(seed, seconds, "game")


def _points_search_bot(seed: int, simulations: int | None = None) -> Bot:
    """A `bezique.search.SearchBot` valuing the deal's points (``objective = "points"``)."""
    return _search_bot(seed, simulations, "points")


def _timed_points_search_bot(seed: int, seconds: float) -> Bot:
    """`_points_search_bot` given ``seconds`` per decision instead of playouts."""
    return _timed_search_bot(seed, seconds, "points")


def _cheat_bot(seed: int) -> Bot:
    """The perfect-information reference `bezique.search.cheat.CheatBot` (it sees the deal)."""
    from bezique.search.cheat import CheatBot

    return CheatBot(seed)


def _ismcts_bot(seed: int, seconds: float = DEFAULT_ISMCTS_SECONDS) -> Bot:
    """OpenSpiel's ISMCTS (`bezique.adapters.ismcts`, the ``openspiel`` extra): without it,
    `bezique.errors.ExtraMissing`."""
    from bezique.adapters.ismcts import ISMCTSBot

    return ISMCTSBot(seed=seed, seconds=seconds)


def _planner_bot(seed: int) -> Bot:
    """A `bezique.bots.planner.PlannerBot` (deterministic: the seed is not used)."""
    from bezique.bots.planner import PlannerBot

    return PlannerBot()


BOTS: dict[str, Callable[[int], Bot]] = {
    "search": _search_bot,
    "search-game": _game_search_bot,
    "search-points": _points_search_bot,
    "planner": _planner_bot,
    "greedy": lambda seed: GreedyBot(),
    "random": RandomBot,
    "cheat": _cheat_bot,
    "ismcts": _ismcts_bot,
}
"""Bot factories by name, each taking a seed (``bezique simulate --bots search,greedy``).
``search`` is `bezique.search.SearchBot` at its default objective (the game, the deal's points
breaking ties: `bezique.search.DEFAULT_OBJECTIVE`), ``search-game`` the search playing for the
game alone (`bezique.search.game_value`) and ``search-points`` the search playing for the deal's
points (the default before; the ``search`` of the ladders and strength tables published
before the change); ``cheat`` sees the whole deal (`PERFECT_INFORMATION`); ``ismcts``
needs the ``openspiel`` extra."""

BUDGETED_BOTS: dict[str, Callable[[int, int], Bot]] = {
    "search": _search_bot,
    "search-game": _game_search_bot,
    "search-points": _points_search_bot,
}
"""Bots that take a budget in a bot spec ``NAME:N``, factories of (seed, budget): for
``search``, N playouts per decision (``search:50``)."""

TIMED_BOTS: dict[str, Callable[[int, float], Bot]] = {
    "search": _timed_search_bot,
    "search-game": _timed_game_search_bot,
    "search-points": _timed_points_search_bot,
    "ismcts": _ismcts_bot,
}
"""Bots that take a time per decision in a bot spec ``NAME:SECONDS``, factories of (seed,
seconds): ``ismcts:0.5``; for a bot of `BUDGETED_BOTS` too, the seconds are written with a
decimal point (``search:0.5``; ``search:5`` is five playouts)."""

PERFECT_INFORMATION = frozenset({"cheat"})
"""Bots that see every hand and the stock: references for the lab (``simulate``, ``compare``,
``ladder``), never an opponent at a table (`seat_bots` refuses them)."""

LAB_ONLY: dict[str, str] = {
    "cheat": "sees every hand and the stock",
    "ismcts": "(OpenSpiel's) is handed the whole game state, as every OpenSpiel bot is",
}
"""Bots the play loop hands the whole deal (`bezique.bots.DealBot`), with what they are
handed: the lab plays them, a table with a person (`seat_bots`) refuses them."""

TABLE_BOTS = tuple(name for name in BOTS if name not in LAB_ONLY)
"""The bots a person may play against (``bezique play``, the browser table)."""


def _seconds(budget: str) -> float | None:
    """A budget read as seconds: a positive finite number; else None."""
    try:
        seconds = float(budget)
    except ValueError:
        return None
    return seconds if 0 < seconds < math.inf else None


def _is_timed(name: str, budget: str) -> bool:
    """Whether ``budget`` is a time for bot ``name``: always for a bot that only takes time,
    with a decimal point for one that takes playouts too."""
    return name in TIMED_BOTS and (name not in BUDGETED_BOTS or "." in budget)


def check_bot_spec(spec: str) -> str:
    """``spec`` if it names a bot (``NAME``; ``NAME:N`` for a bot of `BUDGETED_BOTS` with a
    budget N of at least 1; ``NAME:SECONDS`` for a bot of `TIMED_BOTS`, the seconds written
    with a decimal point where the bot takes playouts too); else ValueError saying what is
    expected.

    >>> check_bot_spec("search:50"), check_bot_spec("search:0.5"), check_bot_spec("ismcts:1")
    ('search:50', 'search:0.5', 'ismcts:1')
    >>> check_bot_spec("greedy:50")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bot 'greedy:50': only search, search-game, search-points, ismcts take a budget ...
    """
    name, colon, budget = spec.partition(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOTS)}")
    if colon:
        if name not in BUDGETED_BOTS and name not in TIMED_BOTS:
            takers = ", ".join(dict.fromkeys([*BUDGETED_BOTS, *TIMED_BOTS]))
            raise ValueError(f"bot {spec!r}: only {takers} take a budget (NAME:N or "
                             "NAME:SECONDS)")
        if _is_timed(name, budget):
            if _seconds(budget) is None:
                raise ValueError(f"bot {spec!r}: the seconds after ':' must be a positive "
                                 "number")
        elif not budget.isdigit() or int(budget) < 1:
            raise ValueError(f"bot {spec!r}: the budget after ':' must be a whole number of at "
                             "least 1 (playouts), or seconds with a decimal point (0.5)")
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
    """A bot from a spec: a name of `BOTS` (``greedy``), ``NAME:N`` for a bot of
    `BUDGETED_BOTS` with budget N (``search:50``: 50 playouts per decision), or
    ``NAME:SECONDS`` for a bot of `TIMED_BOTS` (``search:0.5``, ``ismcts:1``). Raises ValueError
    listing the names for an unknown one (see `check_bot_spec`), `bezique.errors.ExtraMissing`
    for ``ismcts`` without the ``openspiel`` extra."""
    name, colon, budget = check_bot_spec(spec).partition(":")
    if colon and _is_timed(name, budget):
        return TIMED_BOTS[name](seed, float(budget))
    if colon:
        return BUDGETED_BOTS[name](seed, int(budget))
    return BOTS[name](seed)


def check_table_bot(spec: str) -> str:
    """``spec`` if it names a bot that may sit at a table with a person (`check_bot_spec`, and
    not one the play loop must hand the whole deal); else ValueError saying why.

    >>> check_table_bot("cheat")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bot 'cheat' sees every hand and the stock: it plays in the lab (...
    """
    name = check_bot_spec(spec).partition(":")[0]
    if name in LAB_ONLY:
        raise ValueError(f"bot {name!r} {LAB_ONLY[name]}: it plays in the lab (bezique "
                         "simulate, compare, ladder), never at a table with a person")
    return spec


def seat_bots(specs: Sequence[str], seed: int, players: int, person: int) -> dict[int, Bot]:
    """The bots of a table where a person sits in seat ``person`` of ``players``: one a seat
    for every other seat, by seat, ``specs[k]`` playing the ``k``-th other seat in seat order
    (at two seats the one bot). At two seats the bot is seeded with ``seed`` itself; at more
    each is seeded from ``seed`` and its seat (`bezique.game.derive_seed`). ValueError for a
    seat out of range, another number of specs or a bad spec, and for a bot that is handed the
    whole deal (``cheat``, which sees every card; ``ismcts``): they play in the lab only.

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
        check_table_bot(spec)
    if players == 2:
        return {others[0]: make_bot(specs[0], seed)}
    return {p: make_bot(spec, derive_seed(seed, f"bot:{p}")) for p, spec in zip(others, specs,
                                                                               strict=True)}
