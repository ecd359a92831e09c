"""Throughput of ``bezique simulate``: deals per second with 1 and 2 workers (not a test).

Run: ``python3 benchmarks/bench_simulate.py [--profile NAME] [--deals N] [--bots A,B]``.
"""

from __future__ import annotations

import argparse
import os
import time

from bezique.lab.simulation import simulate
from bezique.rules import load_profile


def measure(profile: str, deals: int, bots: tuple[str, str], workers: int) -> float:
    """Deals per second of one simulate run."""
    rules = load_profile(profile)
    start = time.perf_counter()
    summary = simulate(rules, units=deals, bots=bots, seed=0, workers=workers)
    elapsed = time.perf_counter() - start
    assert summary.tally.deals == deals
    return deals / elapsed


def main() -> None:
    """Print deals per second for 1 and 2 workers."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--profile", default="bezique")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--bots", default="greedy,greedy")
    args = parser.parse_args()
    a, b = args.bots.split(",")
    print(f"simulate {args.profile}, {args.deals} deals, {a} vs {b}, "
          f"{os.cpu_count()} CPUs reported")
    for workers in (1, 2):
        rate = measure(args.profile, args.deals, (a, b), workers)
        print(f"  {workers} worker(s): {rate:8.1f} deals/s")


if __name__ == "__main__":
    main()
