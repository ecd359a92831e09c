"""OpenSpiel's information-set MCTS plays deals of a bezique profile against a random player
(docs/ai.md#openspiel). Needs the openspiel extra: ``pip install 'bezique[openspiel]'``.

Run from the repository root: ``python examples/openspiel_ismcts.py [--profile bezique]
[--deals 2] [--simulations 20] [--seed 0]``. The search samples the deal's hidden cards with
the game's ``resample_from_infostate`` (bezique's ``determinize``) and evaluates each leaf by
one random rollout. Two bezique deals at 20 simulations take some ten seconds.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import bezique.openspiel  # noqa: F401  (registers python_bezique)


def play(game: pyspiel.Game, bot: ismcts.ISMCTSBot, rng: np.random.RandomState) -> list[float]:
    """One deal: chance deals, the search plays player 0, a uniform random player 1."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns: list[float] = state.returns()
    return returns


def main(argv: list[str] | None = None) -> list[list[float]]:
    """Play the deals, print one line per deal and a summary; return the returns."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="bezique")
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = pyspiel.load_game(f"python_bezique(profile={args.profile})")
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=args.simulations,
                           random_state=rng)
    results = []
    start = time.perf_counter()
    for deal in range(args.deals):
        returns = play(game, bot, rng)
        results.append(returns)
        print(f"deal {deal + 1}: ISMCTS {returns[0]:+.3f}, random {returns[1]:+.3f}")
    wins = sum(r[0] > 0 for r in results)
    print(f"{args.profile}: ISMCTS won {wins} of {args.deals} deals "
          f"({args.simulations} simulations a move, {time.perf_counter() - start:.1f} s)")
    return results


if __name__ == "__main__":
    main()
