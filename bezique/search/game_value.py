"""Play that aims to win the game: what a finished deal is worth to a seat for the game it is
part of, given the game totals, the target and the profile's end-count rules.

The deal-point objective (``"points"``, `bezique.search.values.difference`) values a deal by the
seat's score minus the others'. The game objective (``"game"``) settles the deal on the game
totals as `bezique.Game` does (`bezique.settle`: immediate end or the end of the deal, ties,
double wins, rubicons, call-outs) and values the result for the seat's team:

* in a single-deal game (``game.single_deal``: Rubicon, Chinese), the settlement's ``margin``,
  won or lost: the points the game credits, rubicon awards included;
* in a game to a target, a decided game is worth ``+1`` won, ``-1`` lost (``±2`` for a double
  win, ``0`` for a draw); a game that goes on is worth the chance of winning it from the new
  totals, ``2 P(win) - 1`` in the same units, from a race model (`Race`).

The race model. At two teams, future deals are drawn from the points of `SAMPLE_DEALS` deals of the
profile played by `bezique.bots.GreedyBot` (each also with the teams swapped); the value of every
pair of totals on a grid (`GRID` steps to the target) is solved backwards through `settle` of each
sample, a sample's points split between the two nearest grid steps so that the expected step is
exact, and read between grid points by bilinear interpolation. At more teams a game that goes on is
worth the team's lead over the best other team as a share of the target (no race model). The model
is built once per profile and target in a process; the sample deals of the built-in profiles
that use it ship with the package (`SHIPPED_SAMPLES`, read by the profile's digest), so that only
a house profile's first search plays them (about a second, three for joker). GreedyBot
scores below the search, so the model expects slightly longer races than SearchBots play; what the
objective gains is measured (docs/bots.md), not assumed.

The blend (``"blend"``) is the game objective plus `bezique.search.values.BLEND_WEIGHT` times
the deal's point difference divided by the target: where the game's worth of two actions is
the same in most worlds (a deal far from the target, or one whose outcome is settled), the
points still tell them apart.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

from attrs import frozen

from bezique.bots.base import play_deal
from bezique.bots.greedy import GreedyBot
from bezique.count import counted_in_deal
from bezique.deal import Deal
from bezique.rules import Rules
from bezique.settlement import Settlement, settle

__all__ = ["GRID", "OBJECTIVES", "SAMPLE_DEALS", "SHIPPED_SAMPLES", "GameValue", "Race",
           "race", "sample_deals", "uses_race"]

OBJECTIVES = ("points", "game", "blend")
"""What `bezique.search.SearchBot` may aim at: the deal's points, the game, or the game with
the points as a tie-break (`bezique.search.values.BlendValue`)."""

GRID = 20
"""Grid steps from zero to the target in the race model."""

SAMPLE_DEALS = 48
"""Deals played by GreedyBots to sample a deal's points for the race model."""

SHIPPED_SAMPLES = Path(__file__).with_name("race_samples.json")
"""The `sample_deals` of the built-in profiles that use the race model, by profile digest
(``{digest: {"profile": name, "points": [[team 0, team 1], ...]}}``); tests/race_samples.py
writes it, and the suite checks it against the deals played."""


@frozen
class Race:
    """The race model of a two-team game to a target: ``values[i][j]`` is what the game is worth
    to team 0 when it needs ``i`` grid steps of ``step`` points to reach ``target`` and team 1
    needs ``j`` (``i, j`` from 1 to `GRID`; a need beyond the grid counts as the grid's edge)."""

    target: int
    step: float
    values: tuple[tuple[float, ...], ...]

    def value(self, totals: Sequence[int]) -> float:
        """What the game is worth to team 0 with game ``totals`` (both under the target):
        bilinear between the grid's points."""
        a = min(max((self.target - totals[0]) / self.step, 1.0), float(GRID))
        b = min(max((self.target - totals[1]) / self.step, 1.0), float(GRID))
        i, j = min(int(a), GRID - 1), min(int(b), GRID - 1)
        fa, fb = a - i, b - j
        v = self.values
        return ((1 - fa) * ((1 - fb) * v[i][j] + fb * v[i][j + 1])
                + fa * ((1 - fb) * v[i + 1][j] + fb * v[i + 1][j + 1]))


def _worth(settled: Settlement, team: int) -> float:
    """A decided game's worth to ``team``: 1 won, 2 a double, 0 a draw, negative when lost."""
    if settled.winner is None:
        return 0.0
    won = 2.0 if settled.kind == "double" else 1.0
    return won if settled.winner == team else -won


def _seat_points(rules: Rules, per_team: Sequence[int]) -> tuple[int, ...]:
    """Per-seat points crediting each team's points to its first seat."""
    points = [0] * rules.players
    for team, seats in enumerate(rules.teams):
        points[seats[0]] = per_team[team]
    return tuple(points)


def uses_race(rules: Rules) -> bool:
    """Whether the game objective values a game of ``rules`` that goes on by the race model:
    two teams, a game to a target (not a single deal)."""
    return len(rules.teams) == 2 and not rules.game.single_deal


def sample_deals(rules: Rules) -> tuple[tuple[int, int], ...]:
    """Each team's points in `SAMPLE_DEALS` deals of ``rules`` (two teams) played by
    GreedyBots from a fixed seed: what the race model draws future deals from."""
    rng = random.Random(0)
    team_of = rules.team_of
    out: list[tuple[int, int]] = []
    for _ in range(SAMPLE_DEALS):
        deal = play_deal(rules, [GreedyBot() for _ in range(rules.players)],
                         seed=rng.getrandbits(63))
        team = [0, 0]
        for seat, points in enumerate(deal.scores):
            team[team_of[seat]] += points
        out.append((team[0], team[1]))
    return tuple(out)


@cache
def _shipped() -> dict[str, tuple[tuple[int, int], ...]]:
    """`SHIPPED_SAMPLES` by digest."""
    table = json.loads(SHIPPED_SAMPLES.read_text(encoding="utf-8"))
    return {digest: tuple((x, y) for x, y in entry["points"])
            for digest, entry in table.items()}


@lru_cache(maxsize=16)
def _samples(rules: Rules) -> tuple[tuple[int, int], ...]:
    """`sample_deals` of ``rules`` (shipped for the built-in profiles), each also with the
    teams swapped (so that neither team is the dealer's)."""
    played = _shipped().get(rules.digest) or sample_deals(rules)
    out: list[tuple[int, int]] = []
    for x, y in played:
        out += [(x, y), (y, x)]  # either team may deal: symmetric
    return tuple(out)


@lru_cache(maxsize=16)
def race(rules: Rules, target: int) -> Race:
    """The race model of ``rules`` (two teams, a game to a target) towards ``target``."""
    step = target / GRID
    moves: dict[tuple[int, int], float] = {}  # grid steps moved -> probability
    for x, y in _samples(rules):
        # a deal that loses a team points (a penalty: brisques.counted = "majority", say)
        # counts as no progress, so that needs only shrink and one pass solves the model
        fx, fy = max(x, 0) / step, max(y, 0) / step
        ix, iy = math.floor(fx), math.floor(fy)
        rx, ry = fx - ix, fy - iy
        for dx, px in ((ix, 1 - rx), (ix + 1, rx)):
            for dy, py in ((iy, 1 - ry), (iy + 1, ry)):
                if px * py:
                    moves[dx, dy] = moves.get((dx, dy), 0.0) + px * py / (2 * SAMPLE_DEALS)
    ends: dict[tuple[int, int], float] = {}

    def ended(i: int, j: int, dx: int, dy: int) -> float | None:
        """The settled worth of a deal moving (dx, dy) from needs (i, j); None if it goes on."""
        key = (i - dx, j - dy)
        if key[0] > 0 and key[1] > 0:
            return None
        if key not in ends:
            before = (round(target - i * step), round(target - j * step))
            settled = settle(rules, points=_seat_points(
                rules, (round(dx * step), round(dy * step))), totals=before, target=target,
                dealer=0)
            ends[key] = _worth(settled, 0) if settled.game_over else 0.0
        return ends[key]

    values = [[0.0] * (GRID + 1) for _ in range(GRID + 1)]
    for i in range(1, GRID + 1):
        for j in range(1, GRID + 1):
            total, stay = 0.0, 0.0
            for (dx, dy), p in moves.items():
                if dx == dy == 0:
                    stay += p
                    continue
                end = ended(i, j, dx, dy)
                total += p * (values[i - dx][j - dy] if end is None else end)
            values[i][j] = total / (1 - stay) if stay < 1 else 0.0
    for i in range(GRID + 1):  # the zero row and column are never read but by interpolation
        values[0][i] = values[1][i]
        values[i][0] = values[i][1]
    return Race(target=target, step=step, values=tuple(map(tuple, values)))


class GameValue:
    """What a finished deal is worth to ``player``'s team for the game (see the module), on the
    game ``totals`` (one per team) and ``target`` before the deal, dealt by ``dealer``."""

    def __init__(self, rules: Rules, *, player: int, totals: Sequence[int], target: int,
                 dealer: int) -> None:
        self.rules = rules
        self.team = rules.team_of[player]
        self.totals = tuple(totals)
        self.target = target
        self.dealer = dealer
        self._race = race(rules, target) if uses_race(rules) else None

    def of_deal(self, deal: Deal) -> float:
        """The worth of the finished ``deal`` (its brisques counted as the profile counts
        them)."""
        return self.of_scores(deal.scores, called_out=deal.called_out, brisques=None
                              if counted_in_deal(self.rules) else deal.brisques)

    def of_scores(self, scores: Sequence[int], *, called_out: int | None = None,
                  brisques: Sequence[int] | None = None) -> float:
        """The worth of a deal ending with ``scores`` (one a seat; a solved end phase's)."""
        settled = settle(self.rules, points=scores, brisques=brisques, totals=self.totals,
                         called_out=called_out, dealer=self.dealer, target=self.target)
        team = self.team
        if self.rules.game.single_deal:
            if settled.winner is None:
                return 0.0
            return float(settled.margin if settled.winner == team else -settled.margin)
        if settled.game_over:
            return _worth(settled, team)
        if settled.kind != "continue":  # a tie dealt again or a raised target: even
            return 0.0
        totals = settled.totals
        if self._race is None:
            best = max(t for k, t in enumerate(totals) if k != team)
            return max(-1.0, min(1.0, (totals[team] - best) / self.target))
        mine = self._race.value(totals if team == 0 else (totals[1], totals[0]))
        return mine
