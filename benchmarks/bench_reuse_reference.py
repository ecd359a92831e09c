"""The long run of the reuse differential harness: meld-rich random deals of each profile, the
engine's declarations compared at every declaring decision with the reference model's
(tests/reuse_reference.py, driven by tests/reuse_driver.py, the same deals as
tests/test_reuse_reference.py). Prints figures and the first disagreements of each kind with how
to reproduce them; asserts nothing, never runs in CI. Usage::

    python benchmarks/bench_reuse_reference.py [--deals N | --deals rubicon=500,chinese=200]
        [--profiles a,b] [--workers 2] [--seed S] [--show 3] [--json OUT] [--binding played]

Deal ``i`` of a profile uses deal seed ``S * 1_000_003 + i`` and choice seed ``deal seed +
7919``; a disagreement prints the ``reuse_driver.replay(...)`` call that rebuilds its position
(with ``tests/`` on ``sys.path``). Default deals per profile: rubicon 2000, chinese 1000,
eight-pack 1000, each two-handed profile 5000.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import reuse_driver

import bezique

DEFAULT_DEALS = {"rubicon": 2000, "chinese": 1000, "eight-pack": 1000}
"""Deals per profile; any other (two-handed) profile plays `TWO_HANDED` deals."""
TWO_HANDED = 5000
CHUNK = 25
"""Deals per task handed to a worker."""


def seeds(base: int, index: int) -> tuple[int, int]:
    """The deal seed and the choice seed of deal ``index`` of a run with seed ``base``."""
    deal_seed = base * 1_000_003 + index
    return deal_seed, deal_seed + 7919


def run_chunk(task: tuple[str, int, int, int, str]) -> dict[str, Any]:
    """Play deals ``start .. start + count - 1`` of a profile; their figures and disagreements
    (as plain data, to cross the process boundary)."""
    profile, base, start, count, binding = task
    began = time.perf_counter()
    out: dict[str, Any] = {"profile": profile, "deals": 0, "decisions": 0, "declarations": 0,
                           "made": Counter(), "verdicts": Counter(), "disagreements": [],
                           "model_log": []}
    for i in range(start, start + count):
        deal_seed, choice_seed = seeds(base, i)
        report, deal, _ = reuse_driver.play(profile, deal_seed, choice_seed, binding=binding)
        out["deals"] += 1
        out["decisions"] += report.decisions
        out["declarations"] += report.declarations
        out["made"].update(f"{e.kind} {e.reason}" for e in deal.events
                           if e.kind in ("meld", "announce"))
        out["verdicts"].update(report.verdicts)
        out["model_log"].extend(report.model_log)
        out["disagreements"].extend(
            {"kind": d.kind, "direction": d.direction, "text": str(d)}
            for d in report.disagreements)
    out["seconds"] = time.perf_counter() - began
    return out


def plan(profiles: list[str], deals: dict[str, int], base: int,
         binding: str) -> list[tuple[str, int, int, int, str]]:
    """The tasks: each profile's deals in chunks of `CHUNK`."""
    tasks: list[tuple[str, int, int, int, str]] = []
    for name in profiles:
        n = deals[name]
        tasks.extend((name, base, start, min(CHUNK, n - start), binding)
                      for start in range(0, n, CHUNK))
    return tasks


def merge(parts: list[dict[str, Any]], profiles: list[str]) -> dict[str, dict[str, Any]]:
    """The chunks' figures summed per profile, disagreements kept in deal order."""
    rows: dict[str, dict[str, Any]] = {}
    for name in profiles:
        mine = [p for p in parts if p["profile"] == name]
        made: Counter[str] = Counter()
        verdicts: Counter[str] = Counter()
        for p in mine:
            made.update(p["made"])
            verdicts.update(p["verdicts"])
        found = [d for p in mine for d in p["disagreements"]]
        rows[name] = {
            "deals": sum(p["deals"] for p in mine),
            "decisions": sum(p["decisions"] for p in mine),
            "declarations": sum(p["declarations"] for p in mine),
            "cpu_seconds": sum(p["seconds"] for p in mine),
            "by_direction": dict(Counter(d["direction"] for d in found)),
            "by_kind": dict(Counter(d["kind"] for d in found).most_common()),
            "made": dict(made.most_common()),
            "verdicts": dict(verdicts.most_common()),
            "model_log": [x for p in mine for x in p["model_log"]],
            "disagreements": found,
        }
    return rows


def report(rows: dict[str, dict[str, Any]], wall: float, show: int) -> None:
    """Print the table, the kinds of disagreement and the first few of each kind."""
    directions = ("offered/refused", "allowed/refused", "allowed/unlisted")
    print(f"{'profile':24} {'deals':>6} {'decisions':>10} {'declarations':>13} "
          + " ".join(f"{d:>16}" for d in directions) + f" {'cpu s':>8}")
    for name, r in rows.items():
        counts = " ".join(f"{r['by_direction'].get(d, 0):16d}" for d in directions)
        print(f"{name:24} {r['deals']:6d} {r['decisions']:10d} {r['declarations']:13d} "
              f"{counts} {r['cpu_seconds']:8.1f}")
    print(f"wall time {wall:.1f} s")
    print("\nThe model's verdicts on the enumerated declarations (what the deals exercised):")
    for name, r in rows.items():
        print(f"  {name}: " + ", ".join(f"{k} {n}" for k, n in r["verdicts"].items()))
    for name, r in rows.items():
        if r["model_log"]:
            print(f"\n{name}: the model found {len(r['model_log'])} events inconsistent, e.g. "
                  f"{r['model_log'][0]}")
        if not r["by_kind"]:
            continue
        print(f"\n== {name}: disagreements by kind")
        for kind, n in r["by_kind"].items():
            print(f"{n:7d}  {kind}")
        for kind in r["by_kind"]:
            examples = [d for d in r["disagreements"] if d["kind"] == kind][:show]
            print(f"\n-- {name}: {kind}")
            for d in examples:
                text = d["text"]
                print(text if len(text) < 4000 else text[:4000] + " ...")


def parse_deals(text: str | None, profiles: list[str]) -> dict[str, int]:
    """``--deals``: one number for every profile, or ``name=N`` pairs over the defaults."""
    deals = {name: DEFAULT_DEALS.get(name, TWO_HANDED) for name in profiles}
    if not text:
        return deals
    if "=" not in text:
        return dict.fromkeys(profiles, int(text))
    for pair in text.split(","):
        name, _, n = pair.partition("=")
        deals[name.strip()] = int(n)
    return deals


def main() -> None:
    """Run the harness over the chosen profiles and print (and optionally save) the figures."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", help="N for every profile, or name=N,name=N")
    parser.add_argument("--profiles", help="comma-separated (default: every built-in profile)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=3, help="disagreements printed per kind")
    parser.add_argument("--json", metavar="OUT", help="write the figures and disagreements here")
    parser.add_argument("--binding", choices=("played", "broken"), default="broken",
                        help="the model's reading of R14 (c): a re-forming binds until it is "
                        "broken, a re-pairing too (the ruling, docs/rules.md), or until a card "
                        "of it is played (the stricter reading)")
    args = parser.parse_args()
    profiles = args.profiles.split(",") if args.profiles else bezique.list_profiles()
    deals = parse_deals(args.deals, profiles)
    tasks = plan(profiles, deals, args.seed, args.binding)
    began = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            parts = list(pool.map(run_chunk, tasks))
    else:
        parts = [run_chunk(t) for t in tasks]
    wall = time.perf_counter() - began
    rows = merge(parts, profiles)
    report(rows, wall, args.show)
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"compiled": bezique.COMPILED, "seed": args.seed, "workers": args.workers,
             "binding": args.binding,
             "wall_seconds": wall, "profiles": rows}, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
