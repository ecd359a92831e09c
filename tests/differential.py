"""Digests of seeded random deals, for comparing two builds of bezique (pure and compiled).

Run as ``python tests/differential.py [--deals N] [--profiles a,b]``: for every profile, deal
``i`` is dealt from seed ``i`` (player ``i % 2`` dealing) and played to its end by a random
stream seeded ``i``; at every step the legal-action list (notation, in order) and the events of
the action taken are hashed. Prints one JSON object: ``{"compiled": bezique.COMPILED,
"digests": {profile: [hex digest of deal i, ...]}}``. Two builds that agree on every digest
gave the same legal actions and events at every step of every deal.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random

import bezique


def digest(rules: bezique.Rules, seed: int) -> str:
    """The digest of deal ``seed`` of ``rules`` played at random (see the module)."""
    deal = bezique.Deal.new(rules, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    h = hashlib.sha256()
    for event in deal.events:
        h.update(repr(event).encode())
    while not deal.is_over:
        legal = deal.legal_actions()
        h.update(" | ".join(map(str, legal)).encode())
        for event in deal.apply(legal[int(rng.random() * len(legal))]):
            h.update(repr(event).encode())
    h.update(repr(deal.scores).encode())
    return h.hexdigest()


def digests(profiles: list[str], deals: int) -> dict[str, list[str]]:
    """Per profile, the digests of deals ``0 .. deals - 1``."""
    out = {}
    for name in profiles:
        rules = bezique.load_profile(name)
        out[name] = [digest(rules, seed) for seed in range(deals)]
    return out


def main(argv: list[str] | None = None) -> None:
    """Print the JSON of `digests` (with the build that made it)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--profiles", default=",".join(bezique.list_profiles()))
    args = parser.parse_args(argv)
    profiles = [p for p in args.profiles.split(",") if p]
    print(json.dumps({"compiled": bool(getattr(bezique, "COMPILED", False)),
                      "digests": digests(profiles, args.deals)}))


if __name__ == "__main__":
    main()
