"""Random-playout throughput per profile, legal-actions and clone cost, largest legal list.

``x bezique`` is what one deal of the profile costs against one deal of ``bezique`` (measured
in the same run; shown when ``bezique`` is among the profiles). Prints figures; it asserts
nothing. Usage::

    python benchmarks/bench_deals.py [--deals N] [PROFILE ...]
"""

from __future__ import annotations

import argparse
import random
import time
import timeit

import bezique


def playouts(rules: bezique.Rules, deals: int) -> tuple[float, float, int, int]:
    """Deals per second, actions per deal, largest legal-action list, failures."""
    actions = largest = failures = 0
    start = time.perf_counter()
    for seed in range(deals):
        deal = bezique.Deal.new(rules, seed=seed, dealer=seed % 2)
        rng = random.Random(seed)
        try:
            while not deal.is_over:
                legal = deal.legal_actions()
                largest = max(largest, len(legal))
                deal.apply(legal[int(rng.random() * len(legal))])
                actions += 1
        except Exception:  # a failure is counted and reported, never hidden
            failures += 1
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / deals, largest, failures


def micro(rules: bezique.Rules) -> tuple[float, float]:
    """Microseconds per clone and per legal_actions() on a mid-deal state."""
    deal = bezique.Deal.new(rules, seed=1)
    rng = random.Random(1)
    for _ in range(40):
        legal = deal.legal_actions()
        if not legal or (deal.rules.game.call_out and len(legal) <= 2):
            break
        choices = [a for a in legal if str(a) != "call out"]
        deal.apply(choices[int(rng.random() * len(choices))])
    n = 20000
    clone = timeit.timeit(deal.clone, number=n) / n * 1e6
    legal_cost = timeit.timeit(deal.legal_actions, number=n) / n * 1e6
    return clone, legal_cost


def main() -> None:
    """Run the benchmark for the named profiles (default: all built-in)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("profiles", nargs="*")
    args = parser.parse_args()
    names = args.profiles or bezique.list_profiles()
    rows = []
    for name in names:
        rules = bezique.load_profile(name)
        playouts(rules, min(20, args.deals))  # warm-up: compiled tables, caches
        rows.append((name, *playouts(rules, args.deals), *micro(rules)))
    base = next((row[1] for row in rows if row[0] == "bezique"), None)
    print(f"{'profile':24} {'deals/s':>9} {'x bezique':>9} {'actions':>8} {'max legal':>9} "
          f"{'fail':>5} {'clone us':>9} {'legal us':>9}")
    for name, rate, per_deal, largest, failures, clone, legal in rows:
        cost = f"{base / rate:9.2f}" if base else f"{'-':>9}"
        print(f"{name:24} {rate:9.0f} {cost} {per_deal:8.0f} {largest:9d} {failures:5d} "
              f"{clone:9.2f} {legal:9.2f}")

if __name__ == "__main__":
    main()
