"""The differential check of the two builds (docs/compiled.md): seeded random deals of every
built-in profile, one digest per deal of every legal-action list and every event, and for the
first deals of each profile (``--searched``) of the other compiled parts too: the mover's
observation tensor at every turn, the fast playout from every eighth turn, and the end phase's
value searched within a node budget where it begins.

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
from bezique.features_deal import tensor_writer
from bezique.search.horizon import value as end_value
from bezique.search.rollout import playout

END_NODES = 2_000
"""The node budget of the end-phase searches a searched digest covers (exact where it fits,
else the iterative deepening's estimate, else a playout's: every path of `value`)."""


def deal_digest(rules: bezique.Rules, seed: int, *, search: bool = False) -> str:
    """The digest of one seeded random deal: every legal-action list (``str`` and ``repr`` of
    each action, in order), the action chosen, every event (``repr``) and the final scores.
    With ``search``, also the mover's observation tensor at every turn
    (`bezique.features_deal`), the scores of a fast playout (`bezique.search.rollout.playout`)
    from every eighth turn, and where the end phase begins its value for the mover searched
    within `END_NODES` positions (`bezique.search.horizon.value`)."""
    deal = bezique.Deal.new(rules, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    writer = tensor_writer(rules)
    h = hashlib.sha256()
    h.update("\n".join(map(repr, deal.events)).encode())
    turn, end_searched = 0, False
    while not deal.is_over:
        legal = deal.legal_actions()
        mover = deal.to_move
        assert mover is not None
        h.update(("|".join(f"{a}={a!r}" for a in legal)).encode())
        if search:
            h.update(repr(writer.tensor(deal, mover)).encode())
        if search and turn % 8 == 0:
            world = deal.clone(history=False)
            playout(world)
            h.update(repr(world.scores).encode())
        if search and deal.in_end_phase and not end_searched:
            end_searched = True
            h.update(repr(end_value(deal, side=mover, max_nodes=END_NODES)).encode())
        turn += 1
        chosen = legal[int(rng.random() * len(legal))]
        events = deal.apply(chosen)
        h.update("\n".join(map(repr, events)).encode())
    h.update(repr((deal.scores, deal.phase, deal.tricks_played)).encode())
    return h.hexdigest()[:16]


def digests(deals: int, profiles: list[str] | None = None, searched: int = 0
            ) -> dict[str, list[str]]:
    """``deals`` digests (seeds ``0..deals-1``) of each named built-in profile (default all),
    the first ``searched`` of them with ``search`` (`deal_digest`)."""
    names = profiles or bezique.list_profiles()
    return {name: [deal_digest(bezique.load_profile(name), s, search=s < searched)
                   for s in range(deals)]
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
    parser.add_argument("--searched", type=int, default=0,
                        help="how many of the first deals also digest the search's parts")
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
    found = {"compiled": bezique.COMPILED, "deals": args.deals, "searched": args.searched,
             "digests": digests(args.deals, args.profiles, args.searched)}
    text = json.dumps(found, indent=1) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
