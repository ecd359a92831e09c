"""The house-rule lab: the same seeded games under two or more rule profiles, and what changes.

`compare` plays game ``i`` of every profile from the same seed, with the same bots seeded the
same way (common random numbers: where the packs match, the first-dealer draw and every deal's
shuffle match too), and reports each profile's figures and each one's difference against the
first profile (the base) with a paired 95% interval (`bezique.lab.stats`). Every profile seats
one bot a seat, as many as the bots given (three or four seats: the bots rotate round the seats
as in `bezique.lab.simulation`, and the figures per player are per team). Games are cut into
fixed chunks of `GAMES_PER_TASK` (`bezique.lab.simulation.chunks`) and each game's numbers are
integers kept by its index, so the figures are exactly the same whatever the backend and
number of workers: ``backend="local"`` runs in this process (``workers=1``) or on a pool of
processes, ``backend="ray"`` runs the chunks as Ray tasks (``pip install 'bezique[ray]'``).

>>> import bezique
>>> c = compare(["bezique", "bezique"], games=2)
>>> c.games, c.profiles
(2, ('bezique', 'bezique#2'))
>>> c.metric("deal_win_dealer").differences[0].value
0.0
"""

from __future__ import annotations

import csv
import math
from collections import Counter
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from attrs import frozen

from bezique.bots import make_bot, play_game
from bezique.game import Game
from bezique.lab.simulation import (
    Progress,
    bots_by_seat,
    chunks,
    count_actions,
    deal_winner,
    run_tasks,
    score_sources,
    unit_finished,
    unit_seed,
)
from bezique.lab.stats import Difference, Estimate, Metric, difference, estimate, metrics
from bezique.rules import load_profile
from bezique.rules.model import Rules

__all__ = [
    "BACKENDS",
    "CSV_FIELDS",
    "GAMES_PER_TASK",
    "NON_MELD_FIRST",
    "Comparison",
    "DealRow",
    "GameRecord",
    "MetricResult",
    "check_run",
    "compare",
    "game_counts",
    "play_chunk",
    "play_unit",
    "summarise",
    "write_csv",
]

GAMES_PER_TASK = 5
"""Games per task (a chunk of `bezique.lab.simulation.chunks`); fixed, so the work is cut the same
way for any backend and number of workers."""

BACKENDS = ("local", "ray")
"""The backends of `compare`."""

NON_MELD_FIRST = ("brisques", "trick_points", "last_trick", "dix", "carte_blanche")
"""Score sources shown before the melds, in this order (others follow by name)."""


@frozen
class DealRow:
    """One deal of one profile, for ``--csv``: the profile's label, game and deal index (from
    0), the dealer and bot A's seat, the settlement kind, the deal's scores by seat, its
    length, and its points by source and meld declarations (both players)."""

    profile: str
    game: int
    deal: int
    dealer: int
    bot_a_seat: int
    kind: str
    scores: tuple[int, ...]
    tricks: int
    actions: int
    sources: tuple[tuple[str, int], ...]
    melds: tuple[tuple[str, int], ...]


@frozen
class GameRecord:
    """One game under one profile: its ``index``, its integer ``counts`` (see `game_counts`),
    and its deals."""

    index: int
    counts: tuple[tuple[str, int], ...]
    deals: tuple[DealRow, ...]


def check_run(who: str, games: int, workers: int, backend: str) -> None:
    """ValueError, naming ``who``, unless ``games`` and ``workers`` are at least 1 and
    ``backend`` is one of `BACKENDS`: the checks every run of the lab makes first."""
    if games < 1 or workers < 1:
        raise ValueError(f"{who}: games and workers must be at least 1, got {games} and "
                         f"{workers}")
    if backend not in BACKENDS:
        raise ValueError(f"{who}: unknown backend {backend!r}: expected one of "
                         f"{', '.join(BACKENDS)}")


def team_key(team: Sequence[int]) -> str:
    """A team's part of a count key: ``p`` and its first seat (``p0`` for P0 alone, and for
    P0 and P2 together)."""
    return f"p{min(team)}"


def game_counts(game: Game, seat_a: int) -> dict[str, int]:
    """The integer counts of a finished game, bot A sitting in seat ``seat_a``: ``games`` (1),
    ``game_win_p0``/``_p1`` (at more seats one a team: ``game_win_pK``, K the team's first
    seat), ``game_draw``, ``game_win_first_dealer``, ``game_win_bot_a`` (the winner is the team
    of the first dealer, of bot A), ``double_win``, ``rubicon``, ``deals``,
    ``deal_win_p0``/``_p1`` (likewise one a team: the team whose summed deal score is highest
    alone), ``deal_win_dealer`` (the dealer's team), ``deal_decided`` (deals with such a
    winner), ``points`` (all seats), ``points_dealer``, ``points_elder`` (the seat after the
    dealer), ``tricks``, ``actions``, ``points:SOURCE`` and ``meld:NAME``."""
    result = game.result
    if result is None:
        raise ValueError("game_counts: the game is not over")
    rules = game.rules
    counts: Counter[str] = Counter(
        games=1,
        game_draw=int(result.winner is None),
        game_win_first_dealer=int(result.winner == rules.team_of[game.first_dealer]),
        game_win_bot_a=int(result.winner == rules.team_of[seat_a]),
        double_win=int(result.kind == "double"),
        rubicon=int(result.kind == "rubicon"),
        deals=len(game.deals),
    )
    for t, team in enumerate(rules.teams):
        counts[f"game_win_{team_key(team)}"] = int(result.winner == t)
    for deal in game.deals:
        s, dealer = deal.scores, deal.dealer
        winner = deal_winner(deal)
        for t, team in enumerate(rules.teams):
            counts[f"deal_win_{team_key(team)}"] += int(winner == t)
        counts["deal_win_dealer"] += int(winner == rules.team_of[dealer])
        counts["deal_decided"] += int(winner is not None)
        counts["points"] += sum(s)
        counts["points_dealer"] += s[dealer]
        counts["points_elder"] += s[(dealer + 1) % rules.players]
        counts["tricks"] += deal.tricks_played
        counts["actions"] += count_actions(deal)
        by_seat, scored = score_sources(deal)
        for reason, points in sum(by_seat, Counter()).items():
            counts[f"points:{reason}"] += points
        for name, n in scored.items():
            counts[f"meld:{name}"] += n
    return dict(counts)


def _deal_rows(label: str, index: int, game: Game, seat_a: int) -> tuple[DealRow, ...]:
    rows = []
    for k, (deal, settled) in enumerate(zip(game.deals, game.settlements, strict=True)):
        by_seat, scored = score_sources(deal)
        rows.append(DealRow(
            profile=label, game=index, deal=k, dealer=deal.dealer, bot_a_seat=seat_a,
            kind=settled.kind, scores=deal.scores, tricks=deal.tricks_played,
            actions=count_actions(deal), sources=tuple(sorted(sum(by_seat, Counter()).items())),
            melds=tuple(sorted(scored.items())),
        ))
    return tuple(rows)


def play_unit(rules: Sequence[Rules], labels: Sequence[str], bots: Sequence[str], seed: int,
              index: int) -> tuple[GameRecord, ...]:
    """Game ``index`` under each profile: the same game seed (`bezique.lab.simulation.unit_seed`),
    bot A in seat ``index % N`` and the others after him (N seats, one bot a seat), and each bot
    seeded from the game seed and its seat."""
    useed = unit_seed(seed, index)
    seat_a = index % len(bots)
    names = bots_by_seat(bots, seat_a)
    records = []
    for profile, label in zip(rules, labels, strict=True):
        players = [make_bot(name, unit_seed(useed, p)) for p, name in enumerate(names)]
        game = play_game(profile, players, useed)
        records.append(GameRecord(index, tuple(sorted(game_counts(game, seat_a).items())),
                                  _deal_rows(label, index, game, seat_a)))
    return tuple(records)


def play_chunk(rules: Sequence[Rules], labels: Sequence[str], bots: Sequence[str], seed: int,
               indexes: range) -> list[tuple[GameRecord, ...]]:
    """`play_unit` for each index of a chunk (the task a worker or a Ray task runs)."""
    out = []
    for i in indexes:
        out.append(play_unit(rules, labels, bots, seed, i))
        unit_finished()
    return out


@frozen
class MetricResult:
    """One figure of a comparison: the `Metric`, its estimate for each profile, and each other
    profile's difference against the base (``differences[k]`` is profile ``k + 1``'s)."""

    metric: Metric
    estimates: tuple[Estimate, ...]
    differences: tuple[Difference, ...]


@frozen
class Comparison:
    """The result of `compare`: the profiles' labels (a repeated name gets ``#2`` …) and
    digests, the bots and seed, the ``games`` played of those ``requested`` (fewer when
    ``interrupted``), every figure, and one `DealRow` per deal played. ``teams``: the seats of
    each team of the profiles, which are also the bots of each team by index (A is 0)."""

    profiles: tuple[str, ...]
    digests: tuple[str, ...]
    bots: tuple[str, ...]
    seed: int
    games: int
    requested: int
    interrupted: bool
    metrics: tuple[MetricResult, ...]
    rows: tuple[DealRow, ...]
    teams: tuple[tuple[int, ...], ...] = ((0,), (1,))

    def metric(self, key: str) -> MetricResult:
        """The figure of key ``key`` (e.g. ``deal_win_dealer``, ``points:dix``); KeyError
        listing the keys for an unknown one."""
        for m in self.metrics:
            if m.metric.key == key:
                return m
        raise KeyError(f"no figure {key!r}: expected one of "
                       f"{', '.join(m.metric.key for m in self.metrics)}")

    def to_dict(self) -> dict[str, Any]:
        """Every figure, for ``--json`` (floats rounded to 6 places; an interval bound that one
        game cannot give is None); no per-deal rows. At more than two seats ``teams`` lists
        the seats (and bots) of each team."""
        out: dict[str, Any] = {
            "profiles": [{"name": n, "digest": d} for n, d in zip(self.profiles, self.digests,
                                                                  strict=True)],
            "base": self.profiles[0],
            "bots": list(self.bots),
            "seed": self.seed,
            "games": self.games,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "deals": [sum(1 for r in self.rows if r.profile == p) for p in self.profiles],
            "metrics": [
                {
                    "key": m.metric.key, "label": m.metric.label, "group": m.metric.group,
                    "proportion": m.metric.proportion,
                    "values": [{"value": _r(e.value), "ci95": [_r(e.low), _r(e.high)], "n": e.n}
                               for e in m.estimates],
                    "differences": [{"value": _r(d.value), "ci95": [_r(d.low), _r(d.high)],
                                     "significant": d.significant} for d in m.differences],
                }
                for m in self.metrics
            ],
        }
        if len(self.bots) > 2:
            out["teams"] = [list(team) for team in self.teams]
        return out


def _r(x: float) -> float | None:
    """Rounded to 6 places; None for an interval that one game cannot give (infinite)."""
    return round(x, 6) if math.isfinite(x) else None


CSV_FIELDS = ("profile", "game", "deal", "dealer", "bot_a_seat", "kind", "score_p0", "score_p1",
              "tricks", "actions")
"""The fixed columns of `write_csv` at two seats (at more, a ``score_pK`` column a seat);
``points:SOURCE`` and ``meld:NAME`` columns follow."""


def write_csv(comparison: Comparison, stream: TextIO) -> None:
    """One row per deal played, every profile: the `CSV_FIELDS` (a score column a seat), then a
    column per score source (``points:SOURCE``) and per meld (``meld:NAME``) of the
    comparison."""
    extra = [m.metric.key for m in comparison.metrics
             if m.metric.key.startswith(("points:", "meld:"))]
    seats = range(len(comparison.bots))
    fields = [f for f in CSV_FIELDS if not f.startswith("score_")]
    at = fields.index("tricks")
    fields[at:at] = [f"score_p{p}" for p in seats]
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow([*fields, *extra])
    for row in comparison.rows:
        values = {f"points:{k}": v for k, v in row.sources}
        values.update({f"meld:{k}": v for k, v in row.melds})
        writer.writerow([row.profile, row.game, row.deal, row.dealer, row.bot_a_seat, row.kind,
                         *row.scores, row.tricks, row.actions,
                         *(values.get(key, 0) for key in extra)])


def _labels(rules: Sequence[Rules]) -> tuple[str, ...]:
    seen: Counter[str] = Counter()
    labels = []
    for r in rules:
        seen[r.name] += 1
        labels.append(r.name if seen[r.name] == 1 else f"{r.name}#{seen[r.name]}")
    return tuple(labels)


def _order(rules: Sequence[Rules], keys: set[str]) -> tuple[list[str], list[str]]:
    """The score sources seen and the melds of the profiles, in display order."""
    melds: list[str] = []
    for r in rules:
        melds += [m for m, v in r.melds.values.items() if v > 0 and m not in melds]
    sources = [k.removeprefix("points:") for k in keys if k.startswith("points:")]
    first = [s for s in NON_MELD_FIRST if s in sources]
    rest = sorted(s for s in sources if s not in first and s not in melds)
    return first + rest + [m for m in melds if m in sources], melds


def summarise(rules: Sequence[Rules], bots: Sequence[str], seed: int, requested: int,
              records: dict[int, tuple[GameRecord, ...]], interrupted: bool) -> Comparison:
    """The `Comparison` of the games played (``records`` by game index; any order)."""
    labels = _labels(rules)
    games = [records[i] for i in sorted(records)]
    per_profile = [[dict(g[p].counts) for g in games] for p in range(len(rules))]
    keys = {k for counts in per_profile for c in counts for k in c}
    sources, melds = _order(rules, keys)
    results = []
    for metric in metrics(sources, melds, rules[0].teams):
        base = per_profile[0]
        results.append(MetricResult(
            metric,
            tuple(estimate(metric, counts) for counts in per_profile),
            tuple(difference(metric, base, counts) for counts in per_profile[1:]),
        ))
    rows = tuple(row for p in range(len(rules)) for g in games for row in g[p].deals)
    return Comparison(
        profiles=labels, digests=tuple(r.digest for r in rules), bots=tuple(bots), seed=seed,
        games=len(games), requested=requested, interrupted=interrupted, metrics=tuple(results),
        rows=rows, teams=rules[0].teams,
    )


def compare(
    profiles: Sequence[Rules | str | Path],
    *,
    games: int,
    bots: Sequence[str] | None = None,
    backend: str = "local",
    workers: int = 1,
    seed: int = 0,
    progress: Progress | None = None,
    address: str | None = None,
) -> Comparison:
    """Play ``games`` seeded games under each of ``profiles`` (`Rules`, built-in names or
    profile files; the first is the base) between bots given by spec (``greedy``,
    ``search``, ``search:50`` …), one a seat (every profile has as many seats; default: greedy
    in every seat), and compare them. ``backend`` is ``local`` (``workers``
    processes; 1 plays in this process) or ``ray`` (Ray tasks on the cluster at ``address``,
    or on the Ray instance already started, or on a new local one). ``progress`` is called
    with (games done, games in all). The figures depend only on the profiles, bots, ``seed``
    and ``games``.

    Ctrl-C (KeyboardInterrupt, also from ``progress``) stops the run: the games finished so
    far are compared, with ``interrupted`` set. Raises `bezique.errors.ProfileError` for a bad
    profile, ValueError for a bad bot, count or backend or profiles of different numbers of
    seats, `ExtraMissing` without Ray."""
    rules = tuple(p if isinstance(p, Rules) else load_profile(p) for p in profiles)
    if len(rules) < 2:
        raise ValueError(f"compare: expected at least two profiles, got {len(rules)}")
    check_run("compare", games, workers, backend)
    players = {r.players for r in rules}
    if len(players) > 1:
        raise ValueError("compare: the profiles seat different numbers of players "
                         f"({', '.join(f'{r.name} {r.players}' for r in rules)})")
    bots = tuple(bots) if bots is not None else ("greedy",) * rules[0].players
    if len(bots) != rules[0].players:
        raise ValueError(f"compare: expected {rules[0].players} bots, one a seat, got "
                         f"{len(bots)}")
    for name in bots:
        make_bot(name, 0)  # fail early on an unknown name
    labels = _labels(rules)
    records: dict[int, tuple[GameRecord, ...]] = {}

    def keep(chunk: list[tuple[GameRecord, ...]]) -> None:
        for unit in chunk:
            records[unit[0].index] = unit

    task = partial(play_chunk, rules, labels, bots, seed)
    tasks = chunks(games, GAMES_PER_TASK)
    interrupted = False
    try:
        if backend == "ray":
            from bezique.lab.on_ray import run_on_ray

            run_on_ray(task, tasks, keep, games=games, progress=progress, address=address)
        elif workers == 1:
            for i in range(games):
                keep([play_unit(rules, labels, bots, seed, i)])
                if progress is not None:
                    progress(i + 1, games)
        else:
            run_tasks(task, tasks, workers=workers, progress=progress, units=games,
                      on_result=keep)
    except KeyboardInterrupt:
        interrupted = True
    return summarise(rules, bots, seed, games, records, interrupted)
