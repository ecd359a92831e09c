"""The differential check of the two builds (docs/compiled.md): seeded random deals of every
built-in profile, one digest per deal of every legal-action list and every event.

Run it once with each build and compare the files; any deal whose digest differs is named::

    python tests/differential.py --deals 500 --out pure.json        # the pure build
    /venv/bin/python tests/differential.py --deals 500 --out compiled.json
    python tests/differential.py --compare pure.json compiled.json

Each file records which build made it (``compiled``). ``tests/test_differential.py`` checks the
first deals of every profile against ``tests/records/differential.json`` (pure-made) in the
suite, so a compiled run of the suite checks them too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

import bezique


def deal_digest(rules: bezique.Rules, seed: int) -> str:
    """The digest of one seeded random deal: every legal-action list (``str`` and ``repr`` of
    each action, in order), the action chosen, every event (``repr``) and the final scores."""
    deal = bezique.Deal.new(rules, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    h = hashlib.sha256()
    h.update("\n".join(map(repr, deal.events)).encode())
    while not deal.is_over:
        legal = deal.legal_actions()
        h.update(("|".join(f"{a}={a!r}" for a in legal)).encode())
        chosen = legal[int(rng.random() * len(legal))]
        events = deal.apply(chosen)
        h.update("\n".join(map(repr, events)).encode())
    h.update(repr((deal.scores, deal.phase, deal.tricks_played)).encode())
    return h.hexdigest()[:16]


def digests(deals: int, profiles: list[str] | None = None) -> dict[str, list[str]]:
    """``deals`` digests (seeds ``0..deals-1``) of each named built-in profile (default all)."""
    names = profiles or bezique.list_profiles()
    return {name: [deal_digest(bezique.load_profile(name), s) for s in range(deals)]
            for name in names}


def compare(first: dict[str, object], second: dict[str, object]) -> list[str]:
    """What differs between two digest files: one line per differing profile or deal."""
    problems = []
    a, b = first["digests"], second["digests"]
    assert isinstance(a, dict) and isinstance(b, dict)
    for name in sorted(set(a) | set(b)):
        if name not in a or name not in b:
            problems.append(f"{name}: in one file only")
            continue
        if len(a[name]) != len(b[name]):
            problems.append(f"{name}: {len(a[name])} deals against {len(b[name])}")
        for seed, (x, y) in enumerate(zip(a[name], b[name], strict=False)):
            if x != y:
                problems.append(f"{name}: seed {seed} differs ({x} against {y})")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Write the digests of this build, or compare two files (exit 1 if they differ)."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"))
    parser.add_argument("profiles", nargs="*")
    args = parser.parse_args(argv)
    if args.compare:
        first, second = (json.loads(p.read_text(encoding="utf-8")) for p in args.compare)
        problems = compare(first, second)
        builds = f"compiled={first.get('compiled')} against compiled={second.get('compiled')}"
        for line in problems[:20]:
            print(line)
        total = sum(len(v) for v in first["digests"].values())
        print(f"{'DIFFERENT' if problems else 'identical'}: {total} deals, {builds}")
        return 1 if problems else 0
    found = {"compiled": bezique.COMPILED, "deals": args.deals,
             "digests": digests(args.deals, args.profiles)}
    text = json.dumps(found, indent=1) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
