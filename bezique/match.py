"""The match over games between two sides (``[match]``, docs/rules.md#dj18; FRW, HB).

A game won counts one, a double win (``Settlement.kind`` ``"double"``, the loser under
``game.double_win_below``: "en bas table") two. A side that wins ``match.consecutive_wins`` in a
row (the other side winning nothing in between) wins a match; the count then starts again.
From then on the loser of the last match starts every game at ``match.loser_start`` ("cent
points"), until he has in turn won a match. A drawn game breaks a run. `Match` is a value: it
takes the results of finished games (`GameResult`) and says the run, the matches won and each
side's starting score for the next game, which `Match.new_game` starts with.

>>> import bezique
>>> from bezique.game import GameResult
>>> rules = bezique.profile_from_toml(
...     'extends = "joker"\\nmatch.consecutive_wins = 4\\nmatch.loser_start = 100')
>>> def won(team, kind="double"):
...     return GameResult(winner=team, kind=kind, margin=400, totals=(1040, 640),
...                       target=1000, deals=5, margin_scored=False)
>>> match = Match(rules).add(won(0))
>>> match.run, match.winners, match.starts
((0, 2), (), (0, 0))
>>> match = match.add(won(0))
>>> match.run, match.winners, match.starts
((None, 0), (0,), (0, 100))
"""

from __future__ import annotations

from attrs import field, frozen

from bezique.game import Game, GameResult
from bezique.rules.model import Rules


def _results(value: tuple[GameResult, ...] | list[GameResult]) -> tuple[GameResult, ...]:
    return tuple(value)


def game_points(result: GameResult) -> int:
    """What a finished game counts towards a match: 2 for a double win (``kind`` ``"double"``),
    1 for any other win, 0 for a drawn game."""
    if result.winner is None:
        return 0
    return 2 if result.kind == "double" else 1


@frozen
class Match:
    """The games of a match so far, between the two teams of ``rules`` (`Rules.teams`), and
    what they make under ``match.consecutive_wins`` and ``match.loser_start``.

    Build it empty and `add` each finished game's result (`Game.result`), or give
    ``results`` at once. With ``match.consecutive_wins = 0`` (no match layer) no match is ever
    won and every game starts from zero. Raises ValueError for rules of other than two teams
    (``match.*`` speaks of two sides: FRW, HB).
    """

    rules: Rules
    results: tuple[GameResult, ...] = field(default=(), converter=_results)
    """The finished games, in the order played."""

    def __attrs_post_init__(self) -> None:
        if len(self.rules.teams) != 2:
            raise ValueError(f"Match: a match is between two sides; this profile has "
                             f"{len(self.rules.teams)} teams (seats.teams)")
        for i, result in enumerate(self.results):
            if len(result.totals) != 2:
                raise ValueError(f"results[{i}]: a game of {len(result.totals)} teams, not two")

    def add(self, result: GameResult) -> Match:
        """This match with one more finished game's ``result``."""
        return Match(self.rules, (*self.results, result))

    def _fold(self) -> tuple[int | None, int, tuple[int, ...]]:
        """The side on a run (None: none), its game points in a row since the last match won
        or the run began, and the winners of the matches won so far."""
        need = self.rules.match.consecutive_wins
        side: int | None = None
        run = 0
        winners: list[int] = []
        for result in self.results:
            points = game_points(result)
            if not points:
                side, run = None, 0
                continue
            run = run + points if result.winner == side else points
            side = result.winner
            if need and run >= need:
                assert side is not None
                winners.append(side)
                side, run = None, 0
        return side, run, tuple(winners)

    @property
    def run(self) -> tuple[int | None, int]:
        """The team on a run of wins and its game points in a row (a double win counting two)
        since the last match was won; ``(None, 0)`` with none (after a draw, or a match just
        won)."""
        side, run, _ = self._fold()
        return side, run

    @property
    def winners(self) -> tuple[int, ...]:
        """The team that won each match so far, in order (empty while none is won)."""
        return self._fold()[2]

    @property
    def matches(self) -> tuple[int, int]:
        """Matches won by each team."""
        winners = self.winners
        return winners.count(0), winners.count(1)

    @property
    def winner(self) -> int | None:
        """The winner of the last match won, None while no match is won."""
        winners = self.winners
        return winners[-1] if winners else None

    @property
    def starts(self) -> tuple[int, ...]:
        """Each team's score at the start of the next game: ``match.loser_start`` for the loser
        of the last match won (until he has won one in turn), 0 for the other."""
        winner = self.winner
        if winner is None:
            return (0, 0)
        start = self.rules.match.loser_start
        return (start, 0) if winner == 1 else (0, start)

    def new_game(self, *, seed: int | None = None, first_dealer: int | None = None) -> Game:
        """The next game of the match: a `Game` of ``rules`` whose totals start at `starts`."""
        return Game(self.rules, seed=seed, first_dealer=first_dealer, totals=self.starts)
