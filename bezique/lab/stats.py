"""The statistics of the house-rule lab (`bezique.lab.comparison`): per-game counts, the
figures they give for each profile, and the paired differences against the base profile with
95% intervals.

Every figure is a ratio of two sums over games: a numerator count and a denominator count
read from each game (a game's wins over games; a deal's points over deals; …). Each profile's
figure gets a 95% interval: the Wilson interval (`wilson`) for a proportion,
else the normal interval of the ratio estimator with games as clusters (the delta method).
Because game ``i`` of every profile is played from the same seed (common random numbers), a
difference against the base is estimated *paired*: from the per-game differences of the two
profiles' linearised values, so luck shared by both sides cancels out. A profile compared with
itself has a difference of exactly 0 with the interval [0, 0].

>>> base = [{"games": 1, "wins": 1}, {"games": 1, "wins": 0}, {"games": 1, "wins": 1}]
>>> other = [{"games": 1, "wins": 1}, {"games": 1, "wins": 1}, {"games": 1, "wins": 1}]
>>> d = difference(Metric("wins", "game wins", "per game", "wins", "games", True), base, other)
>>> round(d.value, 3), round(d.low, 3), round(d.high, 3)
(0.333, -0.32, 0.987)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from attrs import frozen

from bezique.settlement import team_name

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""

def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default ``z``); ``successes``
    may hold halves (a draw counted half a win).

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


Counts = Mapping[str, int]
"""The integer counts of one game under one profile, by key (see
`bezique.lab.comparison.game_counts`)."""


@frozen
class Metric:
    """A figure of the lab: ``key`` (stable, for JSON and CSV), a ``label`` for people, the
    ``group`` it is shown in, the count keys of its ``numerator`` and ``denominator``, and
    whether it is a ``proportion`` (then its interval is Wilson's). ``scale`` multiplies the
    ratio (e.g. 0.5 for a mean per player when the denominator counts deals)."""

    key: str
    label: str
    group: str
    numerator: str
    denominator: str
    proportion: bool = False
    scale: float = 1.0


@frozen
class Estimate:
    """A figure of one profile: its ``value`` and 95% interval [``low``, ``high``] over ``n``
    denominator units (games, deals or decided deals)."""

    value: float
    low: float
    high: float
    n: int


@frozen
class Difference:
    """A profile's figure minus the base's, over the same seeded games: its ``value`` and
    paired 95% interval [``low``, ``high``]; ``significant`` when the interval leaves out 0."""

    value: float
    low: float
    high: float

    @property
    def significant(self) -> bool:
        """True when the 95% interval does not contain 0."""
        return self.low > 0 or self.high < 0


def _sums(metric: Metric, games: Sequence[Counts]) -> tuple[int, int]:
    num = sum(g.get(metric.numerator, 0) for g in games)
    den = sum(g.get(metric.denominator, 0) for g in games)
    return num, den


def _linearised(metric: Metric, games: Sequence[Counts]) -> tuple[float, list[float]]:
    """The ratio of sums and each game's influence on it (``(y_i - R n_i) / mean n``): their
    variance over games, divided by the number of games, is the ratio's variance."""
    num, den = _sums(metric, games)
    if den == 0:
        return 0.0, [0.0] * len(games)
    ratio = num / den
    mean_den = den / len(games)
    return ratio, [
        (g.get(metric.numerator, 0) - ratio * g.get(metric.denominator, 0)) / mean_den
        for g in games
    ]


def _standard_error(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return math.inf if n else 0.0
    mean = math.fsum(values) / n
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1) / n)


def estimate(metric: Metric, games: Sequence[Counts]) -> Estimate:
    """The figure ``metric`` over ``games`` (one profile's counts, one mapping per game), with
    its 95% interval."""
    num, den = _sums(metric, games)
    if metric.proportion:
        low, high = wilson(num, den)
        value = num / den if den else 0.0
    else:
        value, influence = _linearised(metric, games)
        half = Z95 * _standard_error(influence) if den else 0.0
        low, high = value - half, value + half
    s = metric.scale
    return Estimate(value * s, low * s, high * s, den)


def difference(metric: Metric, base: Sequence[Counts], other: Sequence[Counts]) -> Difference:
    """``other``'s figure minus ``base``'s, paired game by game (``base[i]`` and ``other[i]``
    are the same seeded game under two profiles), with its 95% interval."""
    if len(base) != len(other):
        raise ValueError(f"difference: {len(base)} base games but {len(other)} others")
    rb, zb = _linearised(metric, base)
    ro, zo = _linearised(metric, other)
    half = Z95 * _standard_error([o - b for o, b in zip(zo, zb, strict=True)])
    value = ro - rb
    s = metric.scale
    return Difference(value * s, (value - half) * s, (value + half) * s)


def metrics(sources: Sequence[str], melds: Sequence[str],
            teams: Sequence[Sequence[int]] = ((0,), (1,))) -> tuple[Metric, ...]:
    """Every figure of a comparison, for the score ``sources`` and ``melds`` seen in any
    profile and the profiles' ``teams`` of seats (see `bezique.lab.comparison.game_counts` for
    the count keys): a win rate per team, named by its seats."""
    g, d = "per game", "per deal"
    players = sum(len(team) for team in teams)
    names = [team_name(team) for team in teams]
    keys = [f"p{min(team)}" for team in teams]
    verbs = ["wins" if len(team) == 1 else "win" for team in teams]
    game_wins = tuple(Metric(f"game_win_{k}", f"{n} {v} the game", g, f"game_win_{k}", "games",
                             True) for k, n, v in zip(keys, names, verbs, strict=True))
    deal_wins = tuple(Metric(f"deal_win_{k}", f"{n} {v} the deal", d, f"deal_win_{k}", "deals",
                             True) for k, n, v in zip(keys, names, verbs, strict=True))
    team = "" if players == len(teams) else "'s team"
    elder = "non-dealer's" if players == 2 else "eldest hand's"
    fixed = (
        *game_wins,
        Metric("game_draw", "game drawn", g, "game_draw", "games", True),
        Metric("game_win_first_dealer", f"first dealer{team} wins the game", g,
               "game_win_first_dealer", "games", True),
        Metric("game_win_bot_a", f"bot A{team} wins the game", g, "game_win_bot_a", "games",
               True),
        Metric("double_win", "game is a double win", g, "double_win", "games", True),
        Metric("rubicon", "game is a rubicon", g, "rubicon", "games", True),
        Metric("deals_per_game", "deals per game", g, "deals", "games"),
        *deal_wins,
        Metric("deal_win_dealer", f"dealer{team} wins the deal (of decided deals)", d,
               "deal_win_dealer", "deal_decided", True),
        Metric("deal_score", "mean deal score (points per player)", d, "points", "deals",
               scale=1 / players),
        Metric("deal_score_dealer", "dealer's mean deal score", d, "points_dealer", "deals"),
        Metric("deal_score_elder", f"{elder} mean deal score", d, "points_elder", "deals"),
        Metric("deal_tricks", "deal length (tricks)", d, "tricks", "deals"),
        Metric("deal_actions", "deal length (actions)", d, "actions", "deals"),
    )
    everyone = "both players" if players == 2 else "all players"
    by_source = tuple(
        Metric(f"points:{s}", s, f"points by source (per deal, {everyone})", f"points:{s}",
               "deals")
        for s in sources
    )
    by_meld = tuple(
        Metric(f"meld:{m}", m, f"melds declared (per deal, {everyone})", f"meld:{m}", "deals")
        for m in melds
    )
    return fixed + by_source + by_meld
