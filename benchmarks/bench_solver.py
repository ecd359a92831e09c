"""Time `bezique.search.solve` on whole end phases: median and worst over N random deals.

Each deal is played at random (never calling out) until its stock is gone, then its whole end
phase is solved. Prints the median and worst time, and the median and largest number of
positions searched (`Solution.nodes`); it asserts nothing. Figures are in docs/search.md.
Usage::

    python benchmarks/bench_solver.py [--deals N] [PROFILE ...]   # default: bezique, 1000
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import bezique
from bezique.actions import CallOut
from bezique.search import solve


def end_phase(rules: bezique.Rules, seed: int) -> bezique.Deal | None:
    """A random deal played into its end phase (None if it ended first)."""
    deal = bezique.Deal.new(rules, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    while not deal.is_over and not deal.in_end_phase:
        legal = [a for a in deal.legal_actions() if not isinstance(a, CallOut)]
        legal = legal or deal.legal_actions()
        deal.apply(legal[int(rng.random() * len(legal))])
    return None if deal.is_over else deal


def timings(rules: bezique.Rules, deals: int) -> tuple[list[float], list[int], int]:
    """Seconds and nodes per solve, and the largest hand solved."""
    times, nodes, cards = [], [], 0
    for seed in range(deals):
        deal = end_phase(rules, seed)
        if deal is None:
            continue
        cards = max(cards, len(deal.hand(0)), len(deal.hand(1)))
        start = time.perf_counter()
        solution = solve(deal)
        times.append(time.perf_counter() - start)
        nodes.append(solution.nodes)
    return times, nodes, cards


def main() -> None:
    """Run the benchmark for the named profiles."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("profiles", nargs="*", default=["bezique"])
    args = parser.parse_args()
    print(f"{'profile':24} {'solved':>6} {'cards':>5} {'median ms':>9} {'worst ms':>9} "
          f"{'nodes':>7} {'max nodes':>9}")
    for name in args.profiles:
        times, nodes, cards = timings(bezique.load_profile(name), args.deals)
        if not times:
            print(f"{name:24} {0:6d}  (no deal reached its end phase)")
            continue
        print(f"{name:24} {len(times):6d} {cards:5d} {statistics.median(times) * 1e3:9.1f} "
              f"{max(times) * 1e3:9.1f} {statistics.median(nodes):7.0f} {max(nodes):9d}")


if __name__ == "__main__":
    main()
