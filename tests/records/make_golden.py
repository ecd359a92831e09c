"""Write the golden records: one whole game per built-in profile, played by seeded bots.

Run from the repository root: ``python tests/records/make_golden.py [PROFILE ...]`` (no name:
every built-in profile). Two seats: a greedy player 0 against a cautious random player 1; more
seats (docs/rules.md#more-seats): a greedy bot a seat. The files are committed
and replayed by ``tests/test_record_golden.py``; regenerate them only when the rules of a
built-in profile change on purpose (its digest changes, so its old record stops replaying).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from bezique import list_profiles, load_profile
from bezique.actions import Action, CallOut
from bezique.bots import Bot, GreedyBot, RandomBot, play_game
from bezique.observation import Observation
from bezique.record import dump

HERE = Path(__file__).parent
SEED = 2024
"""The game seed of every golden record."""


class Cautious(RandomBot):
    """A random bot that never calls out (a random call-out would end most games at once)."""

    def choose(self, observation: Observation) -> Action:
        """A uniformly random legal action other than a call-out."""
        legal = [a for a in observation.legal_actions() if not isinstance(a, CallOut)]
        return self.rng.choice(legal or observation.legal_actions())


def bots(players: int) -> tuple[Bot, ...]:
    """The golden players: greedy player 0 against cautious random player 1 (seed 1) at two
    seats, a greedy bot a seat at more."""
    if players == 2:
        return (GreedyBot(), Cautious(seed=1))
    return tuple(GreedyBot() for _ in range(players))


def main(names: Sequence[str] = ()) -> None:
    """Play and write ``<profile>.toml`` for the named built-in profiles (none: every one)."""
    for name in names or list_profiles():
        rules = load_profile(name)
        game = play_game(rules, bots(rules.players), seed=SEED)
        dump(game, HERE / f"{name}.toml")
        print(f"{name}: {len(game.deals)} deal(s), {game.result}")


if __name__ == "__main__":
    main(sys.argv[1:])
