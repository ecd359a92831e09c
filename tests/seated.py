"""Rules and deals at three and four seats for the tests of issue 34 (docs/rules.md#more-seats).

`seated` moves a two-seat profile to more seats with ``attrs.evolve`` (a pack per player, one
team a seat unless told), which keeps the rest of the profile as it is: the built-in
``three-handed``, ``four-handed`` and ``partnership`` are the sourced profiles, these test the
engine's seat arithmetic on any profile.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from attrs import evolve

import bezique
from bezique import Deal
from bezique.rules import Rules

PARTNERS = ((0, 2), (1, 3))
"""The partnership of four seats: partners opposite (BIC-4H, ENQ-129)."""

PARTNERSHIP_TOML = """\
extends = "bezique"
name = "house-partnership"
description = "Four-handed Bezique in partnerships, partners opposite"

[seats]
players = 4
teams = [[0, 2], [1, 3]]

[pack]
copies = 4
"""
"""A partnership house profile, as a stranger would upload or pass by file: four seats,
partners opposite, a pack a player."""


def seated(n: int, profile: str = "bezique", *,
           teams: tuple[tuple[int, ...], ...] | None = None, copies: int | None = None,
           **endgame: Any) -> Rules:
    """``profile`` at ``n`` seats with ``copies`` packs (by default ``n``: a pack per player),
    one team a seat unless ``teams`` says otherwise, and these ``endgame`` keys."""
    rules = bezique.load_profile(profile)
    rules = evolve(rules, seats=evolve(
        rules.seats, players=n, teams=teams or tuple((p,) for p in range(n))))
    return evolve(rules, pack=evolve(rules.pack, copies=n if copies is None else copies),
                  endgame=evolve(rules.endgame, **endgame))


def weighed(deal: Deal, weights: tuple[int, ...]) -> int:
    """The deal's scores weighed per seat (`bezique.search.solver.side_weights`)."""
    return sum(w * s for w, s in zip(weights, deal.scores, strict=True))


def brute(deal: Deal, weights: tuple[int, ...]) -> int:
    """The root side's final weighed score under best play, every other seat against it (the
    solver's paranoid model), by trying every legal action."""
    if deal.is_over:
        return weighed(deal, weights)
    values = []
    for action in deal.legal_actions():
        child = deal.clone()
        child.apply(action)
        values.append(brute(child, weights))
    to_move = deal.to_move
    assert to_move is not None
    return max(values) if weights[to_move] > 0 else min(values)


def played(rules: Rules, seed: int, plies: int | None = None, *,
           dealer: int | None = None) -> Deal:
    """A deal of ``rules`` after ``plies`` seeded random actions (None: to its end)."""
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=seed % rules.players if dealer is None else dealer)
    while not deal.is_over and (plies is None or len(deal.actions) < plies):
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def deals(rules: Rules, seeds: range) -> Iterator[Deal]:
    """Deals of ``rules`` played to their end, and their starts, after a seeded number of
    random actions (some finished, some not)."""
    for seed in seeds:
        yield played(rules, seed, None if seed % 3 else 5 + 7 * seed)
