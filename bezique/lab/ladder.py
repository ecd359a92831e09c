"""The rated ladder: every pair of bots plays whole games, and each bot gets a rating.

Each pair of bots (`pairings`) plays ``games`` whole games of one profile. Game ``g`` of every
pair is dealt from the same seed (`bezique.lab.simulation.unit_seed` of the run's seed and
``g // S``: common random numbers, the same shuffles and first-dealer draws for every pair) and
seats the two bots by seating ``g % S`` of the `seatings` of the profile, ``S`` of them: at two
seats each bot in each seat, so each seed is played from both sides and each bot deals first
once; at more seats every seating in which partners are the same bot and each bot holds half
the seats (at three seats, one or two), rotated the same way. ``games`` is rounded up to a
multiple of ``S``. Each bot is seeded from the game's seed and its seat, as in
`bezique.lab.simulation`. A game counts as a win for the bot of the winning team, half a win
each when drawn.

The ratings (`fit`) are a Bradley–Terry model fitted by maximum likelihood (Hunter's MM
iterations) on those results, with one virtual draw added to every pair that played (so that a
bot that wins every game keeps a finite rating), on the Elo scale (400 points: ten to one
odds) and anchored so that ``greedy`` (else the first bot) is 1000. Each 95% interval is the
rating ± 1.96 standard errors of the model (the inverse of its Fisher information, relative to
the anchor, whose interval is the point 1000), taking the games as independent. The pairwise
table gives each pair's score with its Wilson interval (`bezique.lab.stats.wilson`).
`Ladder.to_dict` writes one row per game, so that `ratings_of` recomputes the ratings from the
JSON alone. Each game also records, per seat, the decisions its bot took with more than one
legal action and the CPU seconds they took (`time.process_time`: a bot's own work, whatever
else runs on the machine), so that `Ladder.thinking` gives each bot's mean time a decision:
what "at equal time" means for bots with a time budget.

>>> import bezique
>>> house = bezique.load_profile("bezique")
>>> seatings(house)
((0, 1), (1, 0))
>>> r = fit(["a", "b"], [("a", "b", 1.0)] * 3 + [("a", "b", 0.0)], anchor="b")
>>> [(x.bot, round(x.rating)) for x in r]
[('a', 1147), ('b', 1000)]
"""

from __future__ import annotations

import math
import os
import platform
import time
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from itertools import combinations, product
from pathlib import Path
from typing import Any

from attrs import frozen

from bezique.actions import Action
from bezique.bots import Bot, check_bot_spec, make_bot, play_game
from bezique.bots.base import sees_all
from bezique.deal import Deal
from bezique.lab import journal as run_journal
from bezique.lab.comparison import check_run
from bezique.lab.simulation import Progress, run_tasks, unit_finished, unit_seed
from bezique.lab.stats import Z95, wilson
from bezique.observation import Observation
from bezique.rules import load_profile
from bezique.rules.model import Rules

__all__ = [
    "ANCHOR", "ELO", "GAMES_PER_TASK", "PRIOR_DRAWS", "Ladder", "LadderGame", "PairResult",
    "Rating", "Thinking", "fit", "ladder", "pairings", "play_ladder_chunk", "play_ladder_game",
    "ratings_of", "seatings",
]

ANCHOR = "greedy"
"""The bot rated 1000 when it takes part (else the first bot)."""

ELO = 400 / math.log(10)
"""Elo points per unit of the model's log-strength (400 points: odds of ten to one)."""

PRIOR_DRAWS = 1.0
"""Virtual draws added to every pair that played, so that a clean sweep keeps a finite rating."""

GAMES_PER_TASK = 5
"""Games per task on worker processes or Ray (a chunk of `bezique.lab.simulation.chunks`)."""


@frozen
class LadderGame:
    """One game of the ladder: the bot in each ``seats`` (specs, by seat), the game's
    ``seed``, its final ``totals`` (one per team), the ``winner`` (the bot of the winning
    team; None for a draw), the ``seconds`` it took, and per seat the ``decisions`` taken
    with more than one legal action and the CPU seconds they took (``thinking``; both empty for a
    game journaled before they were recorded)."""

    seats: tuple[str, ...]
    seed: int
    totals: tuple[int, ...]
    winner: str | None
    seconds: float = 0.0
    decisions: tuple[int, ...] = ()
    thinking: tuple[float, ...] = ()

    @property
    def pair(self) -> tuple[str, str]:
        """The two bots, in the order of their first seats."""
        first, second = dict.fromkeys(self.seats)
        return first, second

    def score(self, bot: str) -> float:
        """What the game gives ``bot``: 1 won, 0.5 drawn, 0 lost."""
        return 0.5 if self.winner is None else float(self.winner == bot)


@frozen
class Rating:
    """A bot's rating on the Elo scale with its 95% interval [``low``, ``high``], and the
    games it played."""

    bot: str
    rating: float
    low: float
    high: float
    games: int


@frozen
class Thinking:
    """A bot's ``decisions`` with more than one legal action, in the games of a ladder that
    recorded them, and the CPU ``seconds`` they took in all."""

    bot: str
    decisions: int
    seconds: float

    @property
    def mean(self) -> float:
        """CPU seconds a decision (0 without decisions)."""
        return self.seconds / self.decisions if self.decisions else 0.0


@frozen
class PairResult:
    """Two bots' games against each other: ``a``'s wins, ``b``'s wins and the draws, and
    ``a``'s score (draws half) with its Wilson 95% interval."""

    a: str
    b: str
    wins_a: int
    wins_b: int
    draws: int

    @property
    def games(self) -> int:
        """The games the pair played."""
        return self.wins_a + self.wins_b + self.draws

    @property
    def score(self) -> float:
        """``a``'s share of the points, a draw half (0 without games)."""
        return (self.wins_a + self.draws / 2) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of `score`."""
        return wilson(self.wins_a + self.draws / 2, self.games)


def seatings(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The seatings of a pair (bot 0 and bot 1) at ``rules``'s table, by seat: every one in
    which partners are the same bot and each bot holds half the seats (⌊N/2⌋ or ⌈N/2⌉)."""
    n = rules.players
    out = []
    for bots in product((0, 1), repeat=len(rules.teams)):
        seating = [0] * n
        for team, bot in zip(rules.teams, bots, strict=True):
            for seat in team:
                seating[seat] = bot
        if n // 2 <= seating.count(0) <= (n + 1) // 2:
            out.append(tuple(seating))
    return tuple(out)


class _Clock:
    """A bot of a ladder game, the CPU seconds of its decisions with more than one legal
    action counted (handed the deal or the observation, as the bot asks: `bezique.bots.decide`)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.sees_all = sees_all(bot)
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, observation: Observation) -> Action:
        """The bot's choice from ``observation``, timed."""
        return self._timed(self.bot.choose, observation, len(observation.legal_actions()))

    def choose_in(self, deal: Deal) -> Action:
        """The choice of a bot handed the deal (``sees_all``), timed."""
        return self._timed(self.bot.choose_in, deal, len(deal.legal_actions()))  # type: ignore[attr-defined]

    def _timed(self, choose: Any, seen: Any, legal: int) -> Action:
        start = time.process_time()
        action: Action = choose(seen)
        if legal > 1:
            self.decisions += 1
            self.seconds += time.process_time() - start
        return action


def pairings(bots: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """Every pair of ``bots``, in their order."""
    return tuple(combinations(bots, 2))


def play_ladder_game(rules: Rules, pair: tuple[str, str], seating: Sequence[int],
                     seed: int) -> LadderGame:
    """One game of ``rules`` seeded ``seed``, ``pair[k]`` in the seats where ``seating`` says
    ``k``, each bot seeded from the game's seed and its seat."""
    names = tuple(pair[k] for k in seating)
    start = time.perf_counter()
    clocks = [_Clock(make_bot(name, unit_seed(seed, p))) for p, name in enumerate(names)]
    game = play_game(rules, clocks, seed)
    result = game.result
    assert result is not None
    winner = None if result.winner is None else names[rules.teams[result.winner][0]]
    return LadderGame(names, seed, tuple(result.totals), winner,
                      round(time.perf_counter() - start, 3),
                      tuple(c.decisions for c in clocks),
                      tuple(round(c.seconds, 4) for c in clocks))


def _place(rules: Rules, pairs: Sequence[tuple[str, str]], games: int, seed: int,
           index: int) -> tuple[tuple[str, str], tuple[int, ...], int]:
    """Where game ``index`` of the run is played: game ``index % games`` of pair ``index //
    games``, its seating and its seed."""
    table = seatings(rules)
    g = index % games
    return pairs[index // games], table[g % len(table)], unit_seed(seed, g // len(table))


def _unit(rules: Rules, pairs: Sequence[tuple[str, str]], games: int, seed: int,
          index: int) -> tuple[int, LadderGame]:
    """Game ``index`` of the run (`_place`), played."""
    return index, play_ladder_game(rules, *_place(rules, pairs, games, seed, index))


def _game_row(game: LadderGame) -> dict[str, Any]:
    """A game as a JSON row (`Ladder.to_dict`'s ``games``, a journal's rows)."""
    return {"seats": list(game.seats), "seed": game.seed, "totals": list(game.totals),
            "winner": game.winner, "seconds": game.seconds, "decisions": list(game.decisions),
            "thinking": list(game.thinking)}


def _game_of(row: Mapping[str, Any]) -> LadderGame:
    """The game of a JSON row (`_game_row`)."""
    return LadderGame(tuple(row["seats"]), row["seed"], tuple(row["totals"]), row["winner"],
                      float(row.get("seconds", 0.0)), tuple(row.get("decisions", ())),
                      tuple(map(float, row.get("thinking", ()))))


def _journaled(path: str | Path, key: Mapping[str, Any], rules: Rules,
               pairs: Sequence[tuple[str, str]], games: int, seed: int) -> dict[int, LadderGame]:
    """The games of this run already in the journal at ``path``, each checked to be the game
    of its index (its seats and seed) with totals for every team and a winner among them."""
    found = {}
    for index, row in run_journal.read(path, key).items():
        try:
            if index >= len(pairs) * games:
                raise ValueError("past the run's last game")
            pair, seating, game_seed = _place(rules, pairs, games, seed, index)
            seats = tuple(pair[k] for k in seating)
            game = _game_of(row)
            if game.seats != seats or game.seed != game_seed:
                raise ValueError(f"expected seats {list(seats)} and seed {game_seed}")
            if (len(game.totals) != len(rules.teams)
                    or not all(type(t) is int for t in game.totals)
                    or (game.winner is not None and game.winner not in seats)):
                raise ValueError("expected a total per team and a winner among the seats")
            if (game.decisions or game.thinking) and not (
                len(game.decisions) == len(game.thinking) == len(seats)
                and all(type(k) is int and k >= 0 for k in game.decisions)
                and all(0 <= x < math.inf for x in game.thinking)
            ):
                raise ValueError("expected decisions and their seconds per seat")
        except (KeyError, TypeError, ValueError) as error:
            raise run_journal.JournalError(f"{path}: game {index}: {error}") from None
        found[index] = game
    return found


def _to_play(total: int, played: Mapping[int, LadderGame]) -> list[range]:
    """The games not played yet, as ranges of consecutive indexes of at most
    `GAMES_PER_TASK`."""
    out: list[range] = []
    start: int | None = None
    for i in range(total + 1):
        if i < total and i not in played:
            start = i if start is None else start
            if i + 1 - start == GAMES_PER_TASK:
                out.append(range(start, i + 1))
                start = None
        elif start is not None:
            out.append(range(start, i))
            start = None
    return out


def play_ladder_chunk(rules: Rules, pairs: Sequence[tuple[str, str]], games: int, seed: int,
                      indexes: range) -> list[tuple[int, LadderGame]]:
    """The games of a chunk of the run (the task a worker or a Ray task runs), by index."""
    out = []
    for i in indexes:
        out.append(_unit(rules, pairs, games, seed, i))
        unit_finished()
    return out


def fit(bots: Sequence[str], results: Iterable[tuple[str, str, float]], *,
        anchor: str | None = None) -> tuple[Rating, ...]:
    """The Bradley–Terry ratings of ``bots`` (module docs) from ``results``, each ``(x, y,
    s)``: a game of ``x`` against ``y`` that gave ``x`` the score ``s`` (1, 0.5 or 0).
    ``anchor`` (default `ANCHOR` when among the bots, else the first) is rated 1000."""
    names = list(bots)
    at = {b: i for i, b in enumerate(names)}
    k = len(names)
    played = [[0.0] * k for _ in range(k)]
    won = [0.0] * k
    count = [0] * k
    for x, y, s in results:
        i, j = at[x], at[y]
        played[i][j] += 1
        played[j][i] += 1
        won[i] += s
        won[j] += 1 - s
        count[i] += 1
        count[j] += 1
    for i, j in combinations(range(k), 2):
        if played[i][j]:
            for a, b in ((i, j), (j, i)):
                played[a][b] += PRIOR_DRAWS
                won[a] += PRIOR_DRAWS / 2
    strength = _mm(played, won)
    base = at[anchor if anchor is not None else ANCHOR if ANCHOR in at else names[0]]
    errors = _errors(played, strength, base)
    out = []
    for i, name in enumerate(names):
        rating = 1000 + ELO * math.log(strength[i] / strength[base])
        half = Z95 * ELO * errors[i]
        out.append(Rating(name, rating, rating - half, rating + half, count[i]))
    return tuple(out)


def _mm(played: list[list[float]], won: list[float]) -> list[float]:
    """The maximum-likelihood strengths (Hunter's MM iterations), their product 1."""
    k = len(won)
    gamma = [1.0] * k
    for _ in range(10_000):
        new = []
        for i in range(k):
            den = sum(played[i][j] / (gamma[i] + gamma[j]) for j in range(k) if played[i][j])
            new.append(won[i] / den if den else gamma[i])
        scale = math.exp(sum(math.log(g) for g in new) / k)
        new = [g / scale for g in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, gamma, strict=True)) < 1e-12
        gamma = new
        if done:
            break
    return gamma


def _errors(played: list[list[float]], gamma: list[float], base: int) -> list[float]:
    """Each log-strength's standard error relative to ``base`` (0 for it): the diagonal of the
    inverse Fisher information with the anchor's row and column left out."""
    k = len(gamma)
    keep = [i for i in range(k) if i != base]
    info = [[0.0] * k for _ in range(k)]
    for i, j in combinations(range(k), 2):
        p = gamma[i] / (gamma[i] + gamma[j])
        w = played[i][j] * p * (1 - p)
        info[i][i] += w
        info[j][j] += w
        info[i][j] -= w
        info[j][i] -= w
    inverse = _inverse([[info[i][j] for j in keep] for i in keep])
    errors = [0.0] * k
    for row, i in enumerate(keep):
        errors[i] = math.sqrt(inverse[row][row]) if inverse[row][row] > 0 else math.inf
    return errors


def _inverse(m: list[list[float]]) -> list[list[float]]:
    """The inverse of a small symmetric matrix (Gauss–Jordan); infinite where it is singular."""
    n = len(m)
    a = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        if abs(a[pivot][c]) < 1e-12:
            return [[math.inf] * n for _ in range(n)]
        a[c], a[pivot] = a[pivot], a[c]
        lead = a[c][c]
        a[c] = [x / lead for x in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    return [row[n:] for row in a]


def _results(games: Iterable[LadderGame]) -> list[tuple[str, str, float]]:
    out = []
    for g in games:
        a, b = g.pair
        out.append((a, b, g.score(a)))
    return out


def _pair_results(pairs: Sequence[tuple[str, str]],
                  games: Sequence[LadderGame]) -> tuple[PairResult, ...]:
    out = []
    for a, b in pairs:
        mine = [g for g in games if set(g.pair) == {a, b}]
        out.append(PairResult(a, b, sum(g.winner == a for g in mine),
                              sum(g.winner == b for g in mine),
                              sum(g.winner is None for g in mine)))
    return tuple(out)


def machine() -> dict[str, Any]:
    """The Python and the machine a ladder ran on."""
    import importlib.machinery

    import bezique.deal

    compiled = (bezique.deal.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    return {"python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "platform": platform.platform(), "cpu_count": os.cpu_count(), "compiled": compiled}


@frozen
class Ladder:
    """The result of `ladder`: the profile and its digest, the bots, the seed, the games per
    pair of those ``requested`` (fewer when ``interrupted``; a multiple of the ``seatings`` of
    each seed), every game played (by pair, then
    game), the ratings (best first), the pairwise results, and the ``machine``."""

    profile: str
    digest: str
    bots: tuple[str, ...]
    anchor: str
    seed: int
    requested: int
    seatings: int
    interrupted: bool
    games: tuple[LadderGame, ...]
    ratings: tuple[Rating, ...]
    pairs: tuple[PairResult, ...]
    machine: dict[str, Any]

    @property
    def thinking(self) -> tuple[Thinking, ...]:
        """Each bot's decisions and their seconds (`Thinking`), in the order of `bots`."""
        decisions = dict.fromkeys(self.bots, 0)
        seconds = dict.fromkeys(self.bots, 0.0)
        for game in self.games:
            for bot, k, x in zip(game.seats, game.decisions, game.thinking, strict=False):
                decisions[bot] += k
                seconds[bot] += x
        return tuple(Thinking(b, decisions[b], seconds[b]) for b in self.bots)

    def to_dict(self) -> dict[str, Any]:
        """Everything, for ``--json``: one row per game (`ratings_of` recomputes the ratings
        from it), floats rounded to 6 places."""
        return {
            "profile": self.profile, "digest": self.digest, "bots": list(self.bots),
            "anchor": self.anchor, "seed": self.seed, "games_per_pair": self.requested,
            "seatings": self.seatings, "interrupted": self.interrupted,
            "ratings": [{"bot": r.bot, "rating": _r(r.rating), "low": _r(r.low),
                         "high": _r(r.high), "games": r.games} for r in self.ratings],
            "pairs": [{"a": p.a, "b": p.b, "games": p.games, "wins_a": p.wins_a,
                       "wins_b": p.wins_b, "draws": p.draws, "score_a": _r(p.score),
                       "ci95": [_r(x) for x in p.interval]} for p in self.pairs],
            "thinking": [{"bot": t.bot, "decisions": t.decisions, "seconds": _r(t.seconds),
                          "mean": _r(t.mean)} for t in self.thinking],
            "games": [_game_row(g) for g in self.games],
            "machine": self.machine,
        }


def _r(x: float) -> float | None:
    return round(x, 6) if math.isfinite(x) else None


def ratings_of(data: Mapping[str, Any]) -> tuple[Rating, ...]:
    """The ratings recomputed from a ladder's JSON (`Ladder.to_dict`): its ``bots``,
    ``anchor`` and one row per game; the same as its ``ratings``, best first."""
    games = [_game_of(g) for g in data["games"]]
    return _ranked(fit(data["bots"], _results(games), anchor=data["anchor"]))


def _ranked(ratings: Iterable[Rating]) -> tuple[Rating, ...]:
    return tuple(sorted(ratings, key=lambda r: -r.rating))


def _check(rules: Rules, bots: Sequence[str], games: int, workers: int, backend: str) -> None:
    if len(bots) < 2 or len(set(bots)) != len(bots):
        raise ValueError(f"ladder: expected two bots or more, each once, got {', '.join(bots)}")
    check_run("ladder", games, workers, backend)
    for name in bots:
        check_bot_spec(name)
    for name in bots:
        seats = getattr(make_bot(name, 0), "players", None)  # ismcts without its extra fails
        if seats is not None and rules.players not in seats:
            raise ValueError(f"ladder: bot {name!r} does not play {rules.players} seats")


def ladder(
    profile: Rules | str | Path,
    bots: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    progress: Progress | None = None,
    address: str | None = None,
    journal: str | Path | None = None,
) -> Ladder:
    """Every pair of ``bots`` (specs: ``greedy``, ``search:0.05``, ``cheat``, ``ismcts:0.1``
    …) plays ``games`` whole games of ``profile`` (`Rules`, a built-in name or a profile
    file), rounded up to a multiple of its `seatings`, and each bot is rated (module docs).
    ``backend`` is ``local`` (``workers`` processes; 1 plays in this process) or ``ray`` (Ray
    tasks on the cluster at ``address``, the Ray instance already started, or a new local
    one). ``progress`` is called with (games done, games in all). The results depend only on
    the profile, bots, ``seed`` and ``games`` (and the machine's speed, for bots with a time
    budget).

    Ctrl-C (KeyboardInterrupt, also from ``progress``) stops the run: the games finished so
    far are rated, with ``interrupted`` set. With ``journal`` every finished game is
    added to that file (`bezique.lab.journal`) and the games of the same run found there are
    not played again: a stopped run resumes where it stopped. Raises
    `bezique.errors.ProfileError` for a bad profile, ValueError for bad bots, counts or
    backend (`bezique.lab.journal.JournalError` for a journal line that is not a game of this
    run), `bezique.errors.ExtraMissing` for a bot or backend whose extra is missing."""
    rules = profile if isinstance(profile, Rules) else load_profile(profile)
    bots = tuple(bots)
    _check(rules, bots, games, workers, backend)
    per_seed = len(seatings(rules))
    games = -(-games // per_seed) * per_seed
    pairs = pairings(bots)
    total = len(pairs) * games
    key = {"profile": rules.name, "digest": rules.digest, "bots": list(bots), "seed": seed,
           "games_per_pair": games}
    played: dict[int, LadderGame] = ({} if journal is None else
                                     _journaled(journal, key, rules, pairs, games, seed))
    before = len(played)
    start = time.perf_counter()

    def keep(chunk: list[tuple[int, LadderGame]]) -> None:
        played.update(chunk)
        if journal is not None:
            run_journal.append(journal, key, ((i, _game_row(g)) for i, g in chunk))

    def shown(done: int, _: int) -> None:
        if progress is not None:
            progress(before + done, total)

    task = partial(play_ladder_chunk, rules, pairs, games, seed)
    todo = _to_play(total, played)
    interrupted = False
    try:
        if backend == "ray":
            from bezique.lab.on_ray import run_on_ray

            run_on_ray(task, todo, keep, games=total - before, progress=shown, address=address)
        elif workers == 1:
            for i in (i for indexes in todo for i in indexes):
                keep([_unit(rules, pairs, games, seed, i)])
                shown(len(played) - before, total)
        else:
            run_tasks(task, todo, workers=workers, progress=shown, units=total - before,
                      on_result=keep)
    except KeyboardInterrupt:
        interrupted = True
    done = tuple(played[i] for i in sorted(played))
    anchor = ANCHOR if ANCHOR in bots else bots[0]
    return Ladder(
        profile=rules.name, digest=rules.digest, bots=bots, anchor=anchor, seed=seed,
        requested=games, seatings=per_seed, interrupted=interrupted, games=done,
        ratings=_ranked(fit(bots, _results(done), anchor=anchor)),
        pairs=_pair_results(pairs, done),
        machine=machine() | {"workers": workers, "backend": backend,
                             "seconds": round(time.perf_counter() - start, 1),
                             "resumed": before},
    )
