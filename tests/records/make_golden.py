"""Write the golden records: one whole game per built-in profile, played by seeded bots.

Run from the repository root: ``python tests/records/make_golden.py``. The files are committed
and replayed by ``tests/test_record_golden.py``; regenerate them only when the rules of a
built-in profile change on purpose (its digest changes, so its old record stops replaying).
"""

from __future__ import annotations

from pathlib import Path

from bezique import list_profiles, load_profile
from bezique.actions import Action, CallOut
from bezique.bots import GreedyBot, RandomBot, play_game
from bezique.observation import Observation
from bezique.record import dump

HERE = Path(__file__).parent
SEED = 2024
"""The game seed of every golden record (greedy player 0, cautious random player 1 with seed 1)."""


class Cautious(RandomBot):
    """A random bot that never calls out (a random call-out would end most games at once)."""

    def choose(self, observation: Observation) -> Action:
        """A uniformly random legal action other than a call-out."""
        legal = [a for a in observation.legal_actions() if not isinstance(a, CallOut)]
        return self.rng.choice(legal or observation.legal_actions())


def main() -> None:
    """Play and write ``<profile>.toml`` for every built-in profile."""
    for name in list_profiles():
        game = play_game(load_profile(name), (GreedyBot(), Cautious(seed=1)), seed=SEED)
        dump(game, HERE / f"{name}.toml")
        print(f"{name}: {len(game.deals)} deal(s), {game.result}")


if __name__ == "__main__":
    main()
