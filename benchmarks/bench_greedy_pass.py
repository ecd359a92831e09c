"""What passing the declaring turn to a partner is worth to GreedyBot (docs/bots.md): greedy
partners that pass (GreedyBot as it is) against greedy partners that never pass, over whole
games of a partnership profile, each seed played with either side passing. Prints the passing
side's share of the games (a draw half) with its Wilson 95% interval; asserts nothing. Usage::

    python benchmarks/bench_greedy_pass.py [--profile partnership] [--games 2000]
"""

from __future__ import annotations

import argparse

import bezique
from bezique.actions import Action, Pass
from bezique.bots import Bot, GreedyBot, play_game
from bezique.bots.greedy import Turn, best
from bezique.lab.stats import wilson
from bezique.observation import Observation


class _NeverPassTurn(Turn):
    def value(self, action: Action) -> float:
        return -1.0 if isinstance(action, Pass) else super().value(action)


class NeverPassBot(GreedyBot):
    """GreedyBot, but for never handing the declaring turn to its partner."""

    def choose(self, observation: Observation) -> Action:
        """GreedyBot's choice with a pass valued below everything."""
        return best(observation, _NeverPassTurn)


def main(argv: list[str] | None = None) -> None:
    """Play the games and print the passing side's score."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profile", default="partnership")
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args(argv)
    rules = bezique.load_profile(args.profile)
    if len(rules.teams) != 2 or rules.players != 4:
        parser.error(f"{args.profile} is not a partnership profile")
    won = drawn = 0
    for g in range(args.games):
        side = g % 2  # the team of the passing partners: each seed with either side passing
        bots: list[Bot] = [GreedyBot() if rules.team_of[s] == side else NeverPassBot()
                           for s in range(rules.players)]
        result = play_game(rules, bots, g // 2).result
        assert result is not None
        won += result.winner == side
        drawn += result.winner is None
    low, high = wilson(won + drawn / 2, args.games)
    print(f"{args.profile}: the passing partners won {won} and drew {drawn} of {args.games} "
          f"games: {(won + drawn / 2) / args.games:.1%} (Wilson 95%: {low:.1%}-{high:.1%})")


if __name__ == "__main__":
    main()
