"""Random-playout throughput per profile, legal-actions and clone cost, largest legal list.

``x bezique`` is what one deal of the profile costs against one deal of ``bezique`` (measured
in the same run, the profiles taking turns deal by deal, so that the machine's changes of speed
fall on them alike; shown when ``bezique`` is among the profiles). Prints figures; it asserts
nothing. Usage::

    python benchmarks/bench_deals.py [--deals N] [PROFILE ...]
    python benchmarks/bench_deals.py --against OTHER_PYTHON [--deals N] [PROFILE ...]

``--against`` runs the same benchmark in another interpreter too (its own installed `bezique`,
``PYTHONPATH`` dropped: the compiled build in a venv, say) and prints both, with the ratios
(docs/compiled.md), ``x bezique`` for each; ``--repeat R`` keeps the best of R runs of each, the
builds taking turns (without ``--against``, the best of R runs).
``--json`` prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import time
import timeit
from typing import Any

import bezique


def play(rules: bezique.Rules, seed: int) -> tuple[int, int, bool]:
    """One random deal (dealt from ``seed``, its dealer ``seed % 2``): the actions taken, the
    largest legal-action list, and whether it failed."""
    actions = largest = 0
    deal = bezique.Deal.new(rules, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    try:
        while not deal.is_over:
            legal = deal.legal_actions()
            largest = max(largest, len(legal))
            deal.apply(legal[int(rng.random() * len(legal))])
            actions += 1
    except Exception:  # a failure is counted and reported, never hidden
        return actions, largest, True
    return actions, largest, False


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


def measure(names: list[str], deals: int) -> list[dict[str, float | int | str]]:
    """Every figure of every named profile, in this interpreter's build. The profiles take
    turns deal by deal (deal ``i`` of each, then deal ``i + 1``), so that a change in the
    machine's speed during the run (a shared machine's load) falls on every profile alike
    and leaves ``x bezique`` alone."""
    rules = [bezique.load_profile(name) for name in names]
    for r in rules:  # warm-up: compiled tables, caches
        for seed in range(min(20, deals)):
            play(r, seed)
    spent = [0.0] * len(names)
    actions = [0] * len(names)
    largest = [0] * len(names)
    failures = [0] * len(names)
    clock = time.perf_counter
    for seed in range(deals):
        for i, r in enumerate(rules):
            start = clock()
            taken, most, failed = play(r, seed)
            spent[i] += clock() - start
            actions[i] += taken
            largest[i] = max(largest[i], most)
            failures[i] += failed
    rows: list[dict[str, float | int | str]] = []
    for i, name in enumerate(names):
        clone, legal = micro(rules[i])
        rows.append({"profile": name, "deals_s": deals / spent[i],
                     "actions": actions[i] / deals, "largest": largest[i],
                     "failures": failures[i], "clone_us": clone, "legal_us": legal})
    return rows


def table(rows: list[dict[str, float | int | str]]) -> None:
    """Print one build's figures."""
    base = next((float(r["deals_s"]) for r in rows if r["profile"] == "bezique"), None)
    print(f"{'profile':24} {'deals/s':>9} {'x bezique':>9} {'actions':>8} {'max legal':>9} "
          f"{'fail':>5} {'clone us':>9} {'legal us':>9}")
    for r in rows:
        rate = float(r["deals_s"])
        cost = f"{base / rate:9.2f}" if base else f"{'-':>9}"
        print(f"{r['profile']!s:24} {rate:9.0f} {cost} {float(r['actions']):8.0f} "
              f"{int(r['largest']):9d} {int(r['failures']):5d} {float(r['clone_us']):9.2f} "
              f"{float(r['legal_us']):9.2f}")


def against(
    mine: list[dict[str, float | int | str]], other: list[dict[str, float | int | str]],
    labels: tuple[str, str],
) -> None:
    """Print two builds side by side: deals/s, decisions/s, clone and legal_actions, ratios."""
    a, b = labels
    base = [next((float(r["deals_s"]) for r in rows if r["profile"] == "bezique"), None)
            for rows in (mine, other)]
    print(f"{'profile':24} {'deals/s':>19} {'x':>5} {'decisions/s':>19} {'clone us':>17} "
          f"{'legal us':>17} {'x bezique':>13}")
    print(f"{'':24} {a:>9} {b:>9} {'':>5} {a:>9} {b:>9} {a:>8} {b:>8} {a:>8} {b:>8} "
          f"{a:>6} {b:>6}")
    for r, q in zip(mine, other, strict=True):
        ra, rb = float(r["deals_s"]), float(q["deals_s"])
        da, db = ra * float(r["actions"]), rb * float(q["actions"])
        cost = " ".join(f"{x / rate:6.2f}" if x else f"{'-':>6}"
                        for x, rate in zip(base, (ra, rb), strict=True))
        print(f"{r['profile']!s:24} {ra:9.0f} {rb:9.0f} {rb / ra:5.2f} {da:9.0f} {db:9.0f} "
              f"{float(r['clone_us']):8.2f} {float(q['clone_us']):8.2f} "
              f"{float(r['legal_us']):8.2f} {float(q['legal_us']):8.2f} {cost}")


def best(
    a: list[dict[str, float | int | str]], b: list[dict[str, float | int | str]]
) -> list[dict[str, float | int | str]]:
    """The better of two runs: the deal rates of the faster run (the less time a deal of every
    profile took in all), all from that run, so that ``x bezique`` stays a ratio taken within
    one run; the least microseconds per clone and per legal-action list."""
    def seconds(rows: list[dict[str, float | int | str]]) -> float:
        return sum(1.0 / float(r["deals_s"]) for r in rows)

    faster = a if seconds(a) <= seconds(b) else b
    out = []
    for r, q, f in zip(a, b, faster, strict=True):
        row = dict(r)
        row["deals_s"] = f["deals_s"]
        row["clone_us"] = min(float(r["clone_us"]), float(q["clone_us"]))
        row["legal_us"] = min(float(r["legal_us"]), float(q["legal_us"]))
        out.append(row)
    return out


def main() -> None:
    """Run the benchmark for the named profiles (default: all built-in)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--against", metavar="PYTHON")
    parser.add_argument("--repeat", type=int, default=1,
                        help="best of this many runs of each build, the builds taking turns")
    parser.add_argument("profiles", nargs="*")
    args = parser.parse_args()
    names = args.profiles or bezique.list_profiles()
    rows = measure(names, args.deals)
    if not args.against:
        for _ in range(args.repeat - 1):
            rows = best(rows, measure(names, args.deals))
    if args.json:
        print(json.dumps({"compiled": bezique.COMPILED, "rows": rows}))
        return
    if not args.against:
        table(rows)
        return
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    command = [args.against, os.path.abspath(__file__), "--json", "--deals", str(args.deals),
               *names]
    other: dict[str, Any] = {}
    for turn in range(args.repeat):
        if turn:
            rows = best(rows, measure(names, args.deals))
        found = json.loads(subprocess.run(command, capture_output=True, text=True, check=True,
                                          env=env).stdout)
        other = {**found, "rows": best(other["rows"], found["rows"]) if other else found["rows"]}
    build = {True: "compiled", False: "pure"}
    against(rows, other["rows"], (build[bezique.COMPILED], build[other["compiled"]]))


if __name__ == "__main__":
    main()
