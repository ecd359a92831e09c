"""Deals of Joker Bésigue for the tests of the faces that take a profile (issue 35: records,
observations, encodings, adapters, views, the web table, bots, the CLI; docs/rules.md#game-joker).

`JOKER_PROFILES` are the three built-in joker profiles, `TWO_JOKERS` a house one with two
jokers; `quartet_position` stacks a deal in
which P0 has just won a trick holding three jacks and a joker (JB-03), so that four jacks with a
joker are on offer; `declaring` plays a deal whose seats declare whenever they may, so that
quartets completed by a joker come up in random play too.
"""

from __future__ import annotations

import random

from bezique import Deal, load_profile
from bezique.actions import Meld

JOKER_PROFILES = ("joker", "joker-four", "joker-partnership")
"""The built-in Joker Bésigue profiles: two seats, four alone, two pairs."""

TWO_JOKERS = 'extends = "joker"\nname = "two-jokers"\n[pack]\njokers = 2\n'
"""A house joker profile whose jokers are not as many as the copies of a kind (the tensor's
card counts then need two fraction tables)."""

QUARTET_HANDS = (
    "AH JS JH JC JK KS QS 9D 8D",
    "7S 8S 9S 7C 8C 9C 7D 9D 8D",
    "7S 8S 9S 10C JC QC 7D 9D 8D",
    "7S 8S 9S 10C JC QC 7D 10D JD",
)
"""P0 holds three jacks and a joker (and K♠ Q♠, a plain marriage); the other seats low cards
and no trump, so P0's lead of A♥ wins (hearts trumps)."""


def quartet_position(name: str) -> Deal:
    """A deal of profile ``name``, hearts trumps, at P0's declaring turn after his A♥ won the
    first trick: ``meld four_jacks JS JH JC JK`` (JB-03, source: PH, FRW, BC-R §4.2, HB, CPU,
    M4) and ``meld marriage KS QS`` are on offer."""
    rules = load_profile(name)
    n = rules.players
    deal = Deal.from_position(rules, hands=list(QUARTET_HANDS[:n]),
                              stock="7H 7H 8H 8H AC AC KC KC", trump="hearts", dealer=n - 1)
    deal.apply("play AH")
    while deal.phase == "follow":
        deal.apply(deal.legal_actions()[0])
    assert deal.to_move == 0 and deal.phase == "declare"
    return deal


def declaring(name: str, seed: int, plies: int | None = None) -> Deal:
    """A deal of profile ``name`` after ``plies`` seeded random actions (None: to its end),
    each seat declaring whenever it may (a random meld on offer before anything else)."""
    rng = random.Random(seed)
    deal = Deal.new(load_profile(name), seed=seed)
    while not deal.is_over and (plies is None or len(deal.actions) < plies):
        legal = deal.legal_actions()
        deal.apply(rng.choice([a for a in legal if isinstance(a, Meld)] or legal))
    return deal
