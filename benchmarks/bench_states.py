"""What one state costs a framework, per profile: the action encoding's ``legal_ids`` and
``mask``, the observation tensor (`bezique.features.deal_tensor`), and, where the adapters'
frameworks are installed, OpenSpiel's ``legal_actions_mask`` and reading PettingZoo's action
mask as booleans or as int8 (docs/ai.md, docs/encoding.md). Prints one line a profile and
figure; asserts nothing. Usage::

    python benchmarks/bench_states.py [--plies 30] [--seed 1] [PROFILE ...]

Each figure is timed on a state ``--plies`` random actions into a deal of seed ``--seed``
(player 0 dealing), the best of five runs. The default profiles are bezique and the three with
large action spaces: rubicon, chinese and eight-pack.
"""

from __future__ import annotations

import argparse
import random
import timeit
from collections.abc import Callable
from typing import Any

import bezique
from bezique.encoding import encoding
from bezique.features import deal_tensor

PROFILES = ("bezique", "rubicon", "chinese", "eight-pack")


def played(name: str, plies: int, seed: int) -> bezique.Deal:
    """A deal of ``name`` after ``plies`` seeded random actions (never calling out)."""
    deal = bezique.Deal.new(bezique.load_profile(name), seed=seed, dealer=0)
    rng = random.Random(seed)
    for _ in range(plies):
        legal = [a for a in deal.legal_actions() if str(a) != "call out"]
        if deal.is_over or not legal:
            break
        deal.apply(legal[int(rng.random() * len(legal))])
    return deal


def micros(call: Callable[[], Any]) -> float:
    """Microseconds a call, the best of five runs of about 0.1 s each."""
    number = max(1, int(0.1 / max(timeit.timeit(call, number=1), 1e-7)))
    return min(timeit.repeat(call, number=number, repeat=5)) / number * 1e6


def native(deal: bezique.Deal) -> dict[str, float]:
    """The library's own figures on ``deal``."""
    enc = encoding(deal.rules)
    seen = deal.observation(deal.to_move or 0)
    return {"legal_ids us": micros(lambda: enc.legal_ids(seen)),
            "mask us": micros(lambda: enc.mask(seen)),
            "deal_tensor us": micros(lambda: deal_tensor(deal, deal.to_move or 0))}


def openspiel(name: str, plies: int, seed: int) -> dict[str, float]:
    """OpenSpiel's dense mask on a state of the same depth (empty without pyspiel)."""
    try:
        import pyspiel

        import bezique.openspiel  # noqa: F401  (registers python_bezique)
    except ImportError:
        return {}
    state = pyspiel.load_game(f"python_bezique(profile={name})").new_initial_state()
    rng = random.Random(seed)
    taken = 0
    while taken < plies and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        state.apply_action(rng.choice(state.legal_actions()))
        taken += 1
    return {"openspiel legal_actions_mask ms": micros(state.legal_actions_mask) / 1000}


def pettingzoo(name: str, seed: int) -> dict[str, float]:
    """PettingZoo's action mask of the first mover: building it as the environment does (a
    zeroed int8 array, the legal ids set), then reading it as booleans and as int8 (empty
    without the extra)."""
    try:
        import numpy as np

        from bezique.pettingzoo import env
    except ImportError:
        return {}
    game = env(name)
    game.reset(seed=seed)
    mask = game.last()[0]["action_mask"]
    ids = list(np.flatnonzero(mask))

    def build() -> None:
        fresh = np.zeros(len(mask), np.int8)
        fresh[ids] = 1

    return {"pettingzoo mask us": micros(build),
            "mask as bool us": micros(lambda: np.flatnonzero(mask.view(np.bool_))),
            "mask as int8 us": micros(lambda: np.flatnonzero(mask))}


def main() -> None:
    """Time every figure of every named profile and print them."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plies", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("profiles", nargs="*", default=list(PROFILES))
    args = parser.parse_args()
    for name in args.profiles:
        figures = {**native(played(name, args.plies, args.seed)),
                   **openspiel(name, args.plies, args.seed), **pettingzoo(name, args.seed)}
        print(f"{name:12} " + "  ".join(f"{key} {value:.3g}" for key, value in figures.items()))


if __name__ == "__main__":
    main()
