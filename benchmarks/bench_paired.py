"""A quick strength proxy for tuning `SearchBot` (or, with ``--bot planner``, its heuristic
`PlannerBot`): paired deals against `GreedyBot`.

Every deal seed is played twice, the bot in seat 0 and then in seat 1 (the same cards from
both chairs, the dealer alternating with the seed), and the pair's value is the mean of the
bot's deal point difference (its score minus GreedyBot's) over the two plays. Prints,
and writes with ``--json``, the mean over the pairs with its standard error, and the time per
searched decision (more than one legal action). Arms differ by `SearchBot`'s options; the same
``--first``/``--deals`` give the same deals to every arm, so arms can be compared pair by pair
(``per_pair`` in the JSON; PlannerBot is deterministic, so two versions of it can be compared
pair by pair too). It asserts nothing. Usage::

    python benchmarks/bench_paired.py [--deals N] [--first K] [--profile bezique]
        [--bot search|planner] [--simulations N] [--candidates K] [--z Z] [--halving]
        [--exact-stock N] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import statistics
import sys
import time
from typing import Any

from bench_bots import Timed, stats  # the same timing as the whole-game benchmark

import bezique
from bezique.bots import Bot, GreedyBot, play_deal
from bezique.bots.planner import PlannerBot
from bezique.search import DEFAULT_EXACT_STOCK, SearchBot


def main() -> None:
    """Play the pairs and report."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200, help="deal seeds (pairs)")
    parser.add_argument("--first", type=int, default=0, help="the first deal seed")
    parser.add_argument("--profile", default="bezique")
    parser.add_argument("--bot", choices=("search", "planner"), default="search",
                        help="SearchBot (with the options below) or PlannerBot")
    parser.add_argument("--simulations", type=int)
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--z", type=float, default=2.0)
    parser.add_argument("--halving", action="store_true")
    parser.add_argument("--exact-stock", type=int, default=DEFAULT_EXACT_STOCK,
                        help="SearchBot's exact window (0: off; with --candidates 1 the bot is "
                             "PlannerBot with the exact end phase)")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    rules = bezique.load_profile(args.profile)
    pairs: list[float] = []
    times: list[float] = []
    start = time.perf_counter()
    for seed in range(args.first, args.first + args.deals):
        diffs = []
        for seat in (0, 1):
            player: Bot = PlannerBot() if args.bot == "planner" else SearchBot(
                seed=seed, simulations=args.simulations, candidates=args.candidates, z=args.z,
                halving=args.halving, exact_stock=args.exact_stock)
            bot = Timed(player)
            bots = (bot, GreedyBot()) if seat == 0 else (GreedyBot(), bot)
            deal = play_deal(rules, bots, seed=seed, dealer=seed % 2)
            diffs.append(deal.scores[seat] - deal.scores[1 - seat])
            times += bot.times["searched"]
        pairs.append(sum(diffs) / 2)
        done = len(pairs)
        se = statistics.stdev(pairs) / math.sqrt(done) if done > 1 else 0.0
        print(f"\r{done}/{args.deals} mean {statistics.fmean(pairs):+.1f} ± {se:.1f}",
              end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    mean = statistics.fmean(pairs)
    se = statistics.stdev(pairs) / math.sqrt(len(pairs)) if len(pairs) > 1 else 0.0
    timing = stats(times)
    report: dict[str, Any] = {
        "command": shlex.join(["python", *sys.argv]),
        "profile": args.profile,
        "arm": {"bot": "planner"} if args.bot == "planner" else {
            "bot": "search", "simulations": args.simulations, "candidates": args.candidates,
            "z": args.z, "halving": args.halving, "exact_stock": args.exact_stock},
        "deals": len(pairs), "first": args.first,
        "mean": round(mean, 3), "se": round(se, 3),
        "per_pair": pairs,
        "decisions": timing["count"],
        "seconds_mean": timing["mean"],
        "seconds_p99": timing["p99"],
        "seconds_max": timing["max"],
        "wall_seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps({k: v for k, v in report.items() if k != "per_pair"}))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=1)
            out.write("\n")


if __name__ == "__main__":
    main()
