"""How strong `SearchBot` is: whole games against GreedyBot, RandomBot, PlannerBot or a
SearchBot, timed.

Usage::

    python benchmarks/bench_bots.py [--games N] [--profiles bezique,rubicon,pinochle]
        [--opponents greedy,random] [--simulations N | --seconds S] [--candidates K]
        [--exact-stock K] [--objective points|game|blend] [--seats 3 | --seats 4 [--partnership]]
        [--workers W]
        [--seed S] [--json FILE] [--journal FILE]

For each profile and opponent it plays ``--games`` whole games (`bezique.game.Game`, dealer
rotation and settlement included) of `SearchBot` against the opponent and prints a Markdown
table; progress (games done, running win rate, ETA) goes to stderr. It asserts nothing.

Balance. Games ``2k`` and ``2k + 1`` share one game seed (`bezique.lab.simulation.unit_seed` of
``--seed`` and ``k``); `SearchBot` sits in seat 0 in game ``2k`` and in seat 1 in game
``2k + 1``. The first dealer is drawn from the game seed alone (`bezique.game.Game` draws
it with ``derive_seed(seed, "first")``, whoever sits where), and so is each deal's shuffle
(``derive_seed(seed, "deal:i")``): each pair starts with the same cards from both chairs, and
`SearchBot` deals first in exactly one game of the pair (``search_dealt_first`` counts it).
``--games`` must therefore be even. Later dealers follow the profile's rotation.

More seats (issue 34). ``--seats 3`` or ``--seats 4`` plays each profile at that many seats,
one pack a seat (``pack.copies``), a second double on a used pair allowed
(``melds.second_double_on_used_pair``) and the triple (and at four seats the quadruple)
bezique of three- and four-handed Bezique (1500 and 4500) added to the profile's melds, as
docs/rules.md#more-seats gives them; ``--partnership`` (four seats) seats partners opposite,
teams (0, 2) and (1, 3). `SearchBot` plays every seat of one team (one seat when playing
alone, both partners in a partnership) and the opponent every other seat. The games rotate
`SearchBot`'s team round the table: games ``Tk`` … ``Tk + T - 1`` (``T`` teams) share one game
seed, `SearchBot`'s team being ``i mod T`` in game ``i``, so each deal is played from every
chair and `SearchBot` deals first in exactly one game of the ``T``; ``--games`` must divide by
``T``. A game is won by the team the game declares its winner; a deal by the team with the
highest deal points (a tie at the top is a draw). Equal play wins ``1 / T`` of the games; the
bars declared before measuring (issue 34): `SearchBot` against two GreedyBots at three seats
wins at least 45% of the games, a `SearchBot` pair against a GreedyBot pair at least 65%. Two
seats (the default) play as before, with the same seeds. A profile of more seats (the built-in
``three-handed``, ``four-handed`` and ``partnership``) plays at its own seats and teams the
same way, without ``--seats``.

Reproducibility. Every game's seeds (the bots' streams too) follow from ``--seed`` and the
game's index, and results are sorted by index, so with a ``--simulations`` budget (or the
default one) the figures, timings apart, do not depend on ``--workers``. A ``--seconds``
budget depends on the machine's speed. Timings are wall-clock seconds of ``choose`` in the
process playing the game: run with ``--workers 1`` on an otherwise idle core for the time per
decision the docs quote.

Resuming. With ``--journal FILE`` every finished game is appended to ``FILE`` (one JSON line:
the match's key, i.e. profile, opponent, seed and budget, and the game's outcome and timings);
a later run with the same options skips the games found there and reports on all of them, so
an interrupted run resumes where it stopped and gives the figures of an uninterrupted one
(``wall_seconds`` then counts only the last run, and each result's ``resumed`` says how many of
its games came from the journal).

Figures (``--json FILE`` writes them all; every float is rounded to 6 places):

- ``command``, ``seed``, ``games`` (per profile and opponent), ``seats`` and ``partnership``,
  ``workers``, ``wall_seconds``
  (the whole run), ``complete`` (false while matches remain: the file is written after each
  match, so an interrupted run keeps the matches it finished);
- ``budget``: ``simulations`` and ``seconds`` as given (null when not), and
  ``default_simulations`` (`bezique.search.DEFAULT_SIMULATIONS`, used when both are null),
  ``candidates`` (``--candidates``, `SearchBot`'s ``candidates``) and ``exact_stock``
  (``--exact-stock``, `SearchBot`'s ``exact_stock``);
- ``machine``: ``python`` (version), ``implementation``, ``platform``, ``cpu_count``,
  ``compiled`` (`bezique.COMPILED`: the compiled build, docs/compiled.md, plays the same games
  faster);
- ``results``: one object per profile and opponent with ``profile``, ``opponent``,
  ``games``, ``wins``, ``losses``, ``draws`` (games, `SearchBot`'s view), ``win_rate`` and
  ``ci95`` (the 95% Wilson interval of the game-win rate, `bezique.lab.simulation.wilson`),
  ``deals``, ``deal_wins``, ``deal_losses``, ``deal_draws``, ``deal_win_rate``,
  ``deal_ci95`` (a deal is won by the higher ``Deal.scores``, the points of its play, as
  ``bezique simulate`` counts deals; at more seats a team's points), ``mean_points``
  (``search`` and ``opponent``: the mean final game total; at more teams the opponents'
  mean), ``mean_margin`` (the mean of what the game credits its winner,
  `bezique.game.GameResult.margin`, counted for `SearchBot` when it wins and against it when
  it loses: the rubicon award in single-deal games), ``search_dealt_first`` (games in which
  `SearchBot`'s team dealt the first deal), ``wall_seconds`` (this run's), ``resumed`` (the
  games read from ``--journal`` rather than played in this run), and ``timing``: per set of
  `SearchBot` decisions (every seat of its team), ``all`` (every ``choose`` call),
  ``searched`` (those with more than one legal action), ``stock`` and ``end`` (the searched
  ones of the stock phase, and of the end phase, where the solver decides), each with
  ``count``, ``total_seconds``, ``mean``, ``median``, ``p99``, ``max`` (seconds per decision)
  and ``per_second`` (decisions per second; 0 when none).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import platform
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NoReturn

from attrs import evolve

import bezique
from bezique.actions import Action
from bezique.bots import Bot, GreedyBot, RandomBot, finish
from bezique.bots.planner import PlannerBot
from bezique.game import Game
from bezique.lab.simulation import unit_seed, wilson
from bezique.observation import Observation
from bezique.rules import Rules, list_profiles
from bezique.search import DEFAULT_EXACT_STOCK, DEFAULT_SIMULATIONS, SearchBot
from bezique.search.bot import DEFAULT_CANDIDATES
from bezique.search.game_value import OBJECTIVES

OPPONENTS: dict[str, Callable[[int], Bot]] = {
    "planner": lambda seed: PlannerBot(),
    "greedy": lambda seed: GreedyBot(),
    "random": RandomBot,
    "search": lambda seed: SearchBot(seed=seed, objective="points"),
}
"""The opponents by name, each made from a seed (``search``: `SearchBot` valuing the deal's
points, its default before the blend: the reference for ``--objective game`` and ``blend``)."""

PHASES = ("all", "searched", "stock", "end")
"""The sets of decisions timed (see the module docstring)."""


class Timed:
    """A bot wrapper that records the wall-clock seconds of each ``choose`` call by phase."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        """The bot timed."""
        self.times: dict[str, list[float]] = {phase: [] for phase in PHASES}
        """Seconds per decision, for each of `PHASES`."""

    def choose(self, observation: Observation) -> Action:
        """The wrapped bot's choice, timed."""
        searched = len(observation.legal_actions()) > 1
        start = time.perf_counter()
        action = self.bot.choose(observation)
        elapsed = time.perf_counter() - start
        self.times["all"].append(elapsed)
        if searched:
            self.times["searched"].append(elapsed)
            self.times["end" if observation.in_end_phase else "stock"].append(elapsed)
        return action


MORE_BEZIQUES = {
    3: ("triple_bezique", 1500),
    4: ("quadruple_bezique", 4500),
}
"""The multiple beziques of three- and four-handed Bezique (docs/rules.md#more-seats): the
number of copies of the pair, its name and its points."""


def seated(profile: str, seats: int, partnership: bool) -> Rules:
    """``profile`` at ``seats`` seats (see the module docstring): itself at two (a profile
    of more seats at its own)."""
    if seats == 2:
        return bezique.load_profile(profile)
    text = [f'extends = "{profile}"', f"pack.copies = {seats}",
            "melds.second_double_on_used_pair = true"]
    values = []
    for copies, (name, points) in MORE_BEZIQUES.items():
        if copies <= seats:
            text += [f"[melds.table.{name}]", 'ranks = ["Q", "J"]', 'suits = "bezique_pair"',
                     f"copies = {copies}", 'class = "bezique"', f"order = {copies}"]
            values.append(f"{name} = {points}")
    rules = bezique.profile_from_toml("\n".join([*text, "[melds.values]", *values]) + "\n")
    teams = ((0, 2), (1, 3)) if partnership else tuple((p,) for p in range(seats))
    return evolve(rules, seats=evolve(rules.seats, players=seats, teams=teams))


Task = tuple[str, str, int, int, int | None, float | None, int, int, int, bool, str]
"""One game to play: profile, opponent, run seed, game index, simulations, seconds,
candidates, exact_stock, seats, partnership, objective."""


def play(task: Task) -> dict[str, Any]:
    """Play game ``index`` of a match and return its outcome and `SearchBot`'s timings."""
    (profile, opponent, seed, index, simulations, seconds, candidates, exact_stock, seats,
     partnership, objective) = task
    rules = seated(profile, seats, partnership)
    teams = rules.teams
    game_seed = unit_seed(seed, index // len(teams))
    me = index % len(teams)  # SearchBot's team (at two seats its seat)
    searchers: list[Timed] = []
    bots: list[Bot] = []
    for seat in range(rules.players):
        if seat in teams[me]:
            searchers.append(Timed(SearchBot(
                seed=unit_seed(game_seed, 2 * len(searchers)), simulations=simulations,
                seconds=seconds, candidates=candidates, exact_stock=exact_stock,
                objective=objective)))
            bots.append(searchers[-1])
        else:
            bots.append(OPPONENTS[opponent](unit_seed(game_seed, 2 * (len(bots) -
                                                                   len(searchers)) + 1)))
    game = Game(rules, seed=game_seed)
    while not game.is_over:
        finish(game.new_deal(), bots, game.apply)
    result = game.result
    assert result is not None
    outcome = "draw" if result.winner is None else "win" if result.winner == me else "loss"
    deals = [0, 0, 0]  # won, lost, drawn by SearchBot's team
    for deal in game.deals:
        s = deal.scores
        mine = sum(s[p] for p in teams[me])
        best = max(sum(s[p] for p in team) for t, team in enumerate(teams) if t != me)
        deals[0 if mine > best else 1 if mine < best else 2] += 1
    others = [total for t, total in enumerate(result.totals) if t != me]
    return {
        "index": index,
        "outcome": outcome,
        "deals": deals,
        "points": (result.totals[me], others[0] if len(others) == 1 else
                   sum(others) / len(others)),
        "margin": {"win": result.margin, "loss": -result.margin, "draw": 0}[outcome],
        "dealt_first": game.first_dealer in teams[me],
        "times": {phase: [t for bot in searchers for t in bot.times[phase]]
                  for phase in PHASES},
    }


def stats(times: Sequence[float]) -> dict[str, float | int]:
    """Count, total, mean, median, p99 (nearest rank), max and rate of ``times`` (seconds)."""
    if not times:
        return {"count": 0, "total_seconds": 0.0, "mean": 0.0, "median": 0.0, "p99": 0.0,
                "max": 0.0, "per_second": 0.0}
    ordered = sorted(times)
    total = math.fsum(ordered)
    return {
        "count": len(ordered),
        "total_seconds": _r(total),
        "mean": _r(total / len(ordered)),
        "median": _r(statistics.median(ordered)),
        "p99": _r(ordered[math.ceil(0.99 * len(ordered)) - 1]),
        "max": _r(ordered[-1]),
        "per_second": _r(len(ordered) / total) if total > 0 else 0.0,
    }


def summarize(profile: str, opponent: str, games: list[dict[str, Any]],
              wall: float) -> dict[str, Any]:
    """The figures of one match from its games (sorted by index)."""
    n = len(games)
    outcomes = [g["outcome"] for g in games]
    wins, losses, draws = (outcomes.count(o) for o in ("win", "loss", "draw"))
    deal_wins, deal_losses, deal_draws = (sum(g["deals"][i] for g in games) for i in range(3))
    deals = deal_wins + deal_losses + deal_draws
    low, high = wilson(wins, n)
    dlow, dhigh = wilson(deal_wins, deals)

    def per_game(values: Iterable[float]) -> float:
        return _r(sum(values) / n) if n else 0.0

    return {
        "profile": profile,
        "opponent": opponent,
        "games": n,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "win_rate": _r(wins / n) if n else 0.0,
        "ci95": [_r(low), _r(high)],
        "deals": deals,
        "deal_wins": deal_wins,
        "deal_losses": deal_losses,
        "deal_draws": deal_draws,
        "deal_win_rate": _r(deal_wins / deals) if deals else 0.0,
        "deal_ci95": [_r(dlow), _r(dhigh)],
        "mean_points": {
            "search": per_game(g["points"][0] for g in games),
            "opponent": per_game(g["points"][1] for g in games),
        },
        "mean_margin": per_game(g["margin"] for g in games),
        "search_dealt_first": sum(1 for g in games if g["dealt_first"]),
        "wall_seconds": _r(wall),
        "timing": {phase: stats([t for g in games for t in g["times"][phase]])
                   for phase in PHASES},
    }


def _r(x: float) -> float:
    return round(x, 6)


def _results(tasks: list[Task], workers: int) -> Iterator[dict[str, Any]]:
    """Each task's game, in this process or on ``workers`` processes (in any order)."""
    if workers <= 1:
        yield from map(play, tasks)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap_unordered(play, tasks)


def _journaled(path: str | None, key: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The games of the match ``key`` already in the journal at ``path``, by index."""
    if path is None or not os.path.exists(path):
        return {}
    found: dict[int, dict[str, Any]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            entry = json.loads(line)
            if entry["key"] == key:
                found[entry["game"]["index"]] = entry["game"]
    return found


def run_match(profile: str, opponent: str, args: argparse.Namespace) -> dict[str, Any]:
    """Play one profile against one opponent, reporting progress on stderr; with
    ``--journal``, games found there are not played again and new ones are added."""
    key = {"profile": profile, "opponent": opponent, "seed": args.seed,
           "simulations": args.simulations, "seconds": args.seconds,
           "default_simulations": DEFAULT_SIMULATIONS, "candidates": args.candidates,
           "exact_stock": args.exact_stock}
    if args.seats > 2:  # a two-seat key as before, so that old journals resume
        key |= {"seats": args.seats, "partnership": args.partnership}
    if args.objective != "points":
        key |= {"objective": args.objective}
    games = [g for i, g in sorted(_journaled(args.journal, key).items()) if i < args.games]
    known = {g["index"] for g in games}
    tasks: list[Task] = [(profile, opponent, args.seed, i, args.simulations, args.seconds,
                          args.candidates, args.exact_stock, args.seats, args.partnership,
                          args.objective)
                         for i in range(args.games) if i not in known]
    start = time.perf_counter()
    wins = sum(g["outcome"] == "win" for g in games)
    for game in _results(tasks, args.workers):
        games.append(game)
        if args.journal:
            with open(args.journal, "a", encoding="utf-8") as f:
                f.write(json.dumps({"key": key, "game": game}) + "\n")
        wins += game["outcome"] == "win"
        done = len(games)
        elapsed = time.perf_counter() - start
        eta = elapsed / done * (args.games - done)
        print(f"\r{profile} vs {opponent}: {done}/{args.games} games, "
              f"SearchBot won {wins / done:.1%}, ETA {eta:.0f} s ", end="", file=sys.stderr,
              flush=True)
    print(file=sys.stderr)
    games.sort(key=lambda g: g["index"])
    result = summarize(profile, opponent, games, time.perf_counter() - start)
    result["resumed"] = len(known)
    rules = seated(profile, args.seats, args.partnership)
    if rules.players > 2:
        result |= {"seats": rules.players, "teams": len(rules.teams)}
    return result


def machine() -> dict[str, Any]:
    """The Python and the machine the figures come from."""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu_count": os.cpu_count(),
        "compiled": bezique.COMPILED,
    }


def table(report: dict[str, Any]) -> str:
    """The Markdown strength table of a report, with the budget and the machine under it."""
    lines = [
        "| profile | opponent | games | SearchBot wins | game-win rate (95% CI) "
        "| deal-win rate (95% CI) | points per game (SearchBot – opp.) "
        "| searched decisions/s | s/decision mean / p99 / max |",
        "|---|---|---:|---:|---|---|---|---:|---|",
    ]
    for m in report["results"]:
        t = m["timing"]["searched"]
        lines.append(
            f"| {m['profile']} | {m['opponent']} | {m['games']} | {m['wins']} "
            f"| {_pct(m['win_rate'])} ({_pct(m['ci95'][0])}–{_pct(m['ci95'][1])}) "
            f"| {_pct(m['deal_win_rate'])} ({_pct(m['deal_ci95'][0])}–{_pct(m['deal_ci95'][1])}) "
            f"| {m['mean_points']['search']:.0f} – {m['mean_points']['opponent']:.0f} "
            f"| {t['per_second']:.1f} | {t['mean']:.3f} / {t['p99']:.3f} / {t['max']:.3f} |"
        )
    b, mach = report["budget"], report["machine"]
    budget = (f"{b['simulations']} simulations" if b["simulations"] is not None else
              f"{b['seconds']} s" if b["seconds"] is not None else
              f"default ({b['default_simulations']} simulations)")
    for m in report["results"]:
        seats, teams = m.get("seats", 2), m.get("teams", 2)
        if seats == 2:
            continue
        table_of = (f"each alone, SearchBot against {seats - 1} of the opponent"
                    if teams == seats else "partners opposite, a SearchBot pair against a pair")
        bar = {(3, 3): 45, (4, 2): 65}.get((seats, teams)) if m["opponent"] == "greedy" else None
        lines += ["", f"{m['profile']}: {seats} seats, {table_of}: equal play wins "
                      f"{1 / teams:.1%} of the games"
                      + ("." if bar is None else f" (the bar declared before measuring: {bar}%).")]
    lines += [
        "",
        f"Budget per decision: {budget}. Seed {report['seed']}, {report['workers']} worker(s). "
        f"Python {mach['python']} ({mach['implementation']}"
        f"{', compiled build' if mach['compiled'] else ''}), {mach['cpu_count']} CPUs "
        f"reported; {report['wall_seconds']:.0f} s in all.",
    ]
    return "\n".join(lines)


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        """Print ``message`` on one line and exit with status 2."""
        self.exit(2, f"bench_bots.py: {message}\n")


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line; usage errors exit with status 2 and one line."""
    parser = _Parser(
        description="SearchBot against GreedyBot and RandomBot: whole games, timed.")
    parser.add_argument("--games", type=int, default=1000,
                        help="games per profile and opponent (even; default 1000)")
    parser.add_argument("--profiles", default="bezique,rubicon,pinochle")
    parser.add_argument("--opponents", default="greedy,random")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--simulations", type=int, help="playouts per decision")
    budget.add_argument("--seconds", type=float, help="seconds per decision")
    parser.add_argument("--candidates", type=int, default=DEFAULT_CANDIDATES,
                        help="PlannerBot's best actions the search compares (1: no stock-phase "
                             "playouts, PlannerBot's choice but for the exact window; default "
                             f"{DEFAULT_CANDIDATES})")
    parser.add_argument("--exact-stock", type=int, default=DEFAULT_EXACT_STOCK,
                        help="stock size from which on the search solves the end phase in its "
                             f"sampled worlds (0: never; default {DEFAULT_EXACT_STOCK})")
    parser.add_argument("--objective", default="points", choices=OBJECTIVES,
                        help="what the SearchBot under test aims at: the deal's points (the "
                             "default here, which the strength tables of docs/bots.md were "
                             "played with; SearchBot's own default is the blend), the game "
                             "(bezique.search.game_value) or the blend")
    parser.add_argument("--seats", type=int, default=2, choices=(2, 3, 4),
                        help="seats at the table (3 or 4: the profile at that many seats, one "
                             "pack a seat; see the module docstring)")
    parser.add_argument("--partnership", action="store_true",
                        help="four seats, partners opposite: a SearchBot pair against a pair")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", metavar="FILE", help="write every figure to FILE")
    parser.add_argument("--journal", metavar="FILE",
                        help="append each game to FILE (JSON lines) and skip the games already "
                             "there: a long run can stop and resume with the same figures")
    args = parser.parse_args(argv)
    if args.partnership and args.seats != 4:
        parser.error(f"--partnership needs --seats 4, got --seats {args.seats}")
    if args.candidates < 1:
        parser.error(f"--candidates must be at least 1, got {args.candidates}")
    if args.exact_stock < 0:
        parser.error(f"--exact-stock must be at least 0, got {args.exact_stock}")
    if args.workers < 1:
        parser.error(f"--workers must be at least 1, got {args.workers}")
    if args.simulations is not None and args.simulations < 1:
        parser.error(f"--simulations must be at least 1, got {args.simulations}")
    if args.seconds is not None and not args.seconds > 0:
        parser.error(f"--seconds must be positive, got {args.seconds}")
    args.profiles = args.profiles.split(",")
    args.opponents = args.opponents.split(",")
    known = set(list_profiles())
    for name in args.profiles:
        if name not in known:
            parser.error(f"unknown profile {name!r}: expected one of {', '.join(sorted(known))}")
        players = bezique.load_profile(name).players
        if args.seats > 2 and players > 2:
            parser.error(f"--seats moves a two-seat profile; {name!r} has {players} seats")
        chairs = len(seated(name, args.seats, args.partnership).teams)
        if args.games < chairs or args.games % chairs:
            parser.error(f"--games must be a positive multiple of {chairs} for {name!r} (each "
                         f"deal is played from every chair), got {args.games}")
    for name in args.opponents:
        if name not in OPPONENTS:
            parser.error(f"unknown opponent {name!r}: expected one of {', '.join(OPPONENTS)}")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    """Run every match, print the table, write the JSON (after each match too, so that an
    interrupted run keeps the matches it finished; ``complete`` says whether all were)."""
    args = parse(argv)
    start = time.perf_counter()
    matches = [(p, o) for p in args.profiles for o in args.opponents]
    report: dict[str, Any] = {
        "command": shlex.join(["python", "benchmarks/bench_bots.py",
                               *(sys.argv[1:] if argv is None else argv)]),
        "seed": args.seed,
        "games": args.games,
        "workers": args.workers,
        "budget": {"simulations": args.simulations, "seconds": args.seconds,
                   "default_simulations": DEFAULT_SIMULATIONS, "candidates": args.candidates,
                   "exact_stock": args.exact_stock, "objective": args.objective},
        "seats": args.seats,
        "partnership": args.partnership,
        "machine": machine(),
        "complete": False,
        "wall_seconds": 0.0,
        "results": [],
    }
    for profile, opponent in matches:
        report["results"].append(run_match(profile, opponent, args))
        report["complete"] = len(report["results"]) == len(matches)
        report["wall_seconds"] = _r(time.perf_counter() - start)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(report, f, indent=2)
                f.write("\n")
    print(table(report))


if __name__ == "__main__":
    main()
