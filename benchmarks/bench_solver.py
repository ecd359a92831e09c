"""Time `bezique.search.solve` on whole end phases: median and worst over N random deals.

Each deal is played at random (never calling out) until its stock is gone, then its whole end
phase is solved. Prints the median and worst time, and the median and largest number of
positions searched (`Solution.nodes`); it asserts nothing. Figures are in docs/search.md.

With ``--bot-nodes N [N ...]`` it times instead `SearchBot`'s first end-phase decision of each
deal: the exact first move as the bot found it before its node budget (`solve`'s whole
principal variation), and `bezique.search.horizon.choose` with each budget: the decision time
(median, p99, max), how often the exact solve ran out of budget (the cap fired), the depth the
fallback reached, and what the move chosen loses against the exact best (points of the deal's
final score difference, solved exactly). ``--json FILE`` writes these figures. Usage::

    python benchmarks/bench_solver.py [--deals N] [PROFILE ...]   # default: bezique, 1000
    python benchmarks/bench_solver.py --deals 200 --bot-nodes 50000 100000 pinochle
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import statistics
import sys
import time
from typing import Any

import bezique
from bezique.actions import CallOut
from bezique.search import solve
from bezique.search.horizon import choose


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


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def _summary(times: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(times), 4), "p99": round(_p99(times), 4),
            "max": round(max(times), 4)}


def bot_decisions(rules: bezique.Rules, deals: int, budgets: list[int]) -> dict[str, Any]:
    """The first end-phase decision of each deal, exact and on each node budget."""
    exact: list[float] = []
    per: dict[int, dict[str, list[float]]] = {
        b: {"times": [], "fired": [], "depth": [], "loss": []} for b in budgets
    }
    for seed in range(deals):
        deal = end_phase(rules, seed)
        if deal is None or len(deal.legal_actions()) < 2:
            continue
        me = deal.to_move
        assert me is not None
        start = time.perf_counter()
        best = solve(deal)
        exact.append(time.perf_counter() - start)
        for budget in budgets:
            start = time.perf_counter()
            choice = choose(deal, max_nodes=budget)
            row = per[budget]
            row["times"].append(time.perf_counter() - start)
            row["fired"].append(float(not choice.exact))
            loss = 0.0
            if not choice.exact:
                row["depth"].append(float(choice.depth))
                child = deal.clone()
                child.apply(choice.action)
                scores = solve(child).scores
                loss = float(best.value - (scores[me] - scores[1 - me]))
            row["loss"].append(loss)
        print(f"\r{len(exact)} decisions", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    out: dict[str, Any] = {"profile": rules.name, "decisions": len(exact),
                           "exact_seconds": _summary(exact), "budgets": []}
    for budget, row in per.items():
        fired = [loss for loss, f in zip(row["loss"], row["fired"], strict=True) if f]
        out["budgets"].append({
            "max_nodes": budget, "seconds": _summary(row["times"]),
            "cap_fired": int(sum(row["fired"])),
            "median_depth": statistics.median(row["depth"]) if row["depth"] else None,
            "mean_loss_when_fired": round(statistics.fmean(fired), 2) if fired else 0.0,
            "losing_when_fired": sum(1 for x in fired if x > 0),
            "mean_loss": round(statistics.fmean(row["loss"]), 3),
        })
    return out


def main() -> None:
    """Run the benchmark for the named profiles."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--bot-nodes", type=int, nargs="+", metavar="N")
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("profiles", nargs="*", default=["bezique"])
    args = parser.parse_args()
    if args.bot_nodes:
        reports = [bot_decisions(bezique.load_profile(name), args.deals, args.bot_nodes)
                   for name in args.profiles]
        text = json.dumps({"command": shlex.join(["python", *sys.argv]), "results": reports},
                          indent=1)
        print(text)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as out:
                out.write(text + "\n")
        return
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
