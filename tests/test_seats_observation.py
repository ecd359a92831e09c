"""Issue 34, stage E: what a seat may know at two, three and four seats, and the worlds
`determinize` deals from it (docs/rules.md#invariant-information).

At two seats every observation and every determinized world is the one main gave before the
stage: SearchBot's choices depend on them, so a fingerprint of many of them is pinned here.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from bezique import Deal, load_profile
from bezique.events import Event
from bezique.observation import Observation

TWO_SEAT = ("besigue", "bezique", "bezique-first-marriage", "chinese", "eight-pack",
            "five-hundred", "pinochle", "rubicon")
"""The two-seat built-in profiles when the fingerprints below were taken."""


def _event_key(e: Event) -> tuple[Any, ...]:
    return (e.kind, e.player, tuple(int(x) for x in e.cards), e.points, e.reason, e.private)


def _seen_key(seen: Observation) -> tuple[Any, ...]:
    """Every field of a two-seat observation as main had them (the pairs, the opponent's)."""
    return (
        seen.player, seen.to_move, seen.phase, seen.dealer, seen.hand.bits,
        tuple(t.bits for t in seen.tables), seen.opponent, seen.known_opponent.bits,
        seen.opponent_hand_size, seen.unseen.bits, seen.turn_up, seen.trump, seen.stock_size,
        seen.in_end_phase, tuple(seen.trick), seen.leader, seen.tricks_played,
        seen.last_trick_winner, tuple(c.bits for c in seen.captured), seen.heap.bits,
        seen.brisques, seen.scores, seen.totals, seen.target, seen.called_out,
        tuple(repr(d) for d in seen.declarations), tuple(_event_key(e) for e in seen.events),
        tuple(str(a) for a in seen.legal), repr(seen),
    )


def _world_key(world: Deal, rng: random.Random) -> tuple[Any, ...]:
    """A determinized world's state, origin and events, and the ``rng`` draw after it (so that
    the random numbers it used are pinned too)."""
    o, bits = world.origin, world.bits
    return (
        tuple(bits.hand(p) for p in (0, 1)), tuple(bits.table(p) for p in (0, 1)),
        tuple(bits.known(p) for p in (0, 1)), tuple(bits.carte(p) for p in (0, 1)),
        bits.stock, bits.turn_up, world.seed, o.hands, o.stock, o.turn_up, o.trump, o.leader,
        o.scores, tuple(_event_key(e) for e in world.events), len(world.actions),
        rng.getrandbits(64),
    )


def _fingerprints(seeds: range, every: int) -> tuple[str, str]:
    """Hashes of both players' observations at every ply of seeded random deals of the
    two-seat profiles, and of the worlds `Observation.determinize` and `Deal.determinize`
    deal at every ``every``-th ply (with their observations)."""
    seen_hash, world_hash = hashlib.sha256(), hashlib.sha256()
    for name in TWO_SEAT:
        rules = load_profile(name)
        for seed in seeds:
            rng = random.Random(seed)
            deal = Deal.new(rules, seed=seed, dealer=seed % 2)
            ply = 0
            while True:
                for player in (0, 1):
                    seen = deal.observation(player)
                    seen_hash.update(repr(_seen_key(seen)).encode())
                    if ply % every == 0:
                        r = random.Random(1000 * seed + ply + player)
                        for world in (seen.determinize(r), deal.determinize(player, r)):
                            world_hash.update(repr(_world_key(world, r)).encode())
                            world_hash.update(repr(_seen_key(world.observation(player))).encode())
                if deal.is_over:
                    break
                deal.apply(rng.choice(deal.legal_actions()))
                ply += 1
    return seen_hash.hexdigest(), world_hash.hexdigest()


def test_two_seat_observations_and_worlds_as_before() -> None:
    """Taken on main at 1f058ab, before stage E: 7320 observations and 2476 worlds of seeded
    two-seat deals (seeds 0-2, every profile) are the same, and the worlds use the random
    numbers they used (issue 34: the two-seat profiles play and search as before)."""
    assert _fingerprints(range(3), every=6) == (
        "3c82a09262d37e464759522c0b870aae0c9c0cdaefadc90acd78cfd8e6f48d13",
        "431c35d776a421e937ffcc6fcb4d49bc920ca7f3aac1b1a107041132db885872",
    )
