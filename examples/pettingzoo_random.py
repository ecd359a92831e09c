"""GreedyBot against a random agent through the PettingZoo environment (docs/ai.md#pettingzoo).

The random agent sees only what a learning agent sees: the observation tensor and the action
mask, and picks a legal id at random. The greedy agent is the library's `GreedyBot`, plugged
into the same loop: it chooses from the mover's `Observation` and its action is turned into an
id with the profile's encoding. The seats alternate from deal to deal. Needs the extra
(``pip install 'bezique[pettingzoo]'``); 50 bezique deals (the default) take about a
second::

    python examples/pettingzoo_random.py [--profile bezique] [--deals 50] [--seed 0]

It prints one line: GreedyBot's wins, losses and ties, and its mean reward (+1 a won deal, -1 a
lost one). GreedyBot wins all 50 deals of the default run, and
``python examples/pettingzoo_random.py --deals 10`` prints::

    GreedyBot vs random, 10 bezique deals: 10 won, 0 lost, 0 tied, mean reward +1.00
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from bezique.bots import GreedyBot
from bezique.pettingzoo import AGENTS, env


def evaluate(profile: str = "bezique", deals: int = 50, seed: int = 0) -> dict[str, float]:
    """Play ``deals`` deals, GreedyBot as player 0 in even deals and player 1 in odd ones;
    GreedyBot's wins, losses, ties and mean reward (+1 a win, -1 a loss)."""
    game = env(profile)
    rng = random.Random(seed)
    greedy = GreedyBot()
    results = {"wins": 0.0, "losses": 0.0, "ties": 0.0, "mean_reward": 0.0}
    for i in range(deals):
        game.reset(seed=seed + i)
        greedy_seat = AGENTS[i % 2]
        for agent in game.agent_iter():
            observed, reward, terminated, truncated, _ = game.last()
            if terminated or truncated:
                if agent == greedy_seat:
                    key = "wins" if reward > 0 else "losses" if reward < 0 else "ties"
                    results[key] += 1
                    results["mean_reward"] += reward / deals
                game.step(None)
            elif agent == greedy_seat:
                deal = game.unwrapped.deal
                seen = deal.observation(AGENTS.index(agent))
                game.step(game.unwrapped.encoding.encode(seen, greedy.choose(seen)))
            else:
                legal = np.flatnonzero(observed["action_mask"].view(np.bool_))
                game.step(int(legal[rng.randrange(len(legal))]))
    return results


def main(argv: list[str] | None = None) -> None:
    """Parse the options, play, print one line."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profile", default="bezique")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    r = evaluate(args.profile, args.deals, args.seed)
    print(f"GreedyBot vs random, {args.deals} {args.profile} deals: {r['wins']:.0f} won, "
          f"{r['losses']:.0f} lost, {r['ties']:.0f} tied, mean reward {r['mean_reward']:+.2f}")


if __name__ == "__main__":
    main()
