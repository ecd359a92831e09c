"""Issue 34, stage K: the built-in profiles ``three-handed``, ``four-handed`` and ``partnership``
(docs/rules.md#more-seats, #game-three-handed, #game-four-handed, #game-partnership).

MP-09: the deal arithmetic of each profile (EB9-643: a pack a player, eight cards each), and
the problems a profile extending them reports on its key (BIC-4H, EB9-643). MP-10: every
brisque and the last trick score, 250 a deal at three seats, 330 at four; the dix at most 30
and 40. N1-N12 hold at every ply of deals drawn by playing each profile (a small number of
examples; ``bezique check PROFILE`` runs many more).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings

from bezique import Deal, ProfileError, load_profile, profile_from_toml
from bezique.check.invariants import check_playout
from bezique.check.playout import Playout
from bezique.check.strategies import playouts

PROFILES = ("three-handed", "four-handed", "partnership")
SRC = "house.toml"


def random_deal(name: str, seed: int) -> Deal:
    """A deal of the built-in ``name`` played to its end with seeded random legal actions."""
    rules = load_profile(name)
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


# --- MP-09: the deal arithmetic -------------------------------------------------------------

# (profile, seats, pack, dealt, stock with the turn-up, stock tricks, end tricks): EB9-643 (a
# pack a player, "the last eight tricks"), BIC-4H (four packs used as one)
ARITHMETIC = [
    ("three-handed", 3, 96, 24, 72, 24, 8),
    ("four-handed", 4, 128, 32, 96, 24, 8),
    ("partnership", 4, 128, 32, 96, 24, 8),
]


@pytest.mark.parametrize(("name", "n", "pack", "dealt", "stock", "stock_tricks", "end_tricks"),
                         ARITHMETIC, ids=[row[0] for row in ARITHMETIC])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mp09_the_deal_arithmetic_of_each_profile(
    name: str, n: int, pack: int, dealt: int, stock: int, stock_tricks: int, end_tricks: int,
    seed: int,
) -> None:
    """MP-09 (EB9-643, BIC-4H): the pack, the cards dealt, the stock with the turn-up, and the
    tricks played while the stock lasts and after it."""
    rules = load_profile(name)
    assert rules.players == n and 32 * rules.pack.copies == pack
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=seed % n)
    assert sum(len(deal.hand(p)) for p in range(n)) == dealt
    assert all(len(deal.hand(p)) == 8 for p in range(n))
    assert deal.turn_up is not None and deal.stock_size == stock
    tricks = {False: 0, True: 0}  # leads, by whether the end phase had begun
    while not deal.is_over:
        if deal.phase == "lead":
            tricks[deal.in_end_phase] += 1
        deal.apply(rng.choice(deal.legal_actions()))
    assert (tricks[False], tricks[True]) == (stock_tricks, end_tricks)


# --- MP-09: the problems of a profile extending them, on their keys ---------------------------

ERRORS = [
    # a fourth pack at three seats: 32 dealt of 128 leave 104, which three seats cannot draw
    # evenly (EB9-643: a pack a player)
    ("three_handed_four_packs", 'extends = "three-handed"\npack.copies = 4', "seats.players"),
    # partners sit opposite (BIC-4H, ENQ-129, WOH): seats 0 and 1 are neighbours
    ("partnership_neighbours", 'extends = "partnership"\nseats.teams = [[0, 1], [2, 3]]',
     "seats.teams"),
    # who declares is a partnership rule (BIC-4H): four seats alone have no partner
    ("four_handed_declarer", 'extends = "four-handed"\npartnership.declarer = "winner_only"',
     "partnership.declarer"),
    # EB9-643's two duels need four seats
    ("three_handed_duels", 'extends = "three-handed"\nendgame.format = "pairwise_duels"',
     "endgame.format"),
]


@pytest.mark.parametrize(("text", "path"), [row[1:] for row in ERRORS],
                         ids=[row[0] for row in ERRORS])
def test_mp09_a_profile_extending_them_is_refused_on_its_key(text: str, path: str) -> None:
    """MP-09 (EB9-643, BIC-4H): each problem is a ProfileError reported on its key path."""
    with pytest.raises(ProfileError) as info:
        profile_from_toml(text, source=SRC)
    found = [p.split(": ")[1] for p in info.value.problems]
    assert path in found, info.value.problems
    assert all(p.startswith(f"{SRC}: ") for p in info.value.problems)


# --- MP-10: trick points and the dix -----------------------------------------------------------


@pytest.mark.parametrize(("name", "total", "dix"),
                         [("three-handed", 250, 30), ("four-handed", 330, 40),
                          ("partnership", 330, 40)])
def test_mp10_every_brisque_and_the_last_trick_score(name: str, total: int, dix: int) -> None:
    """MP-10 (S003, R4, a pack a player): where every brisque counts, a deal's trick points are
    10 a brisque (8 a pack) and 10 for the last trick, 250 at three seats and 330 at four; the
    dix (a seven of trumps a pack) scores at most 30 and 40."""
    rules = load_profile(name)
    assert rules.brisques.counted == "always" and rules.last_trick.value == 10
    for seed in range(8):
        deal = random_deal(name, seed)
        scored = [e for e in deal.events if e.kind == "score"]
        points = sum(e.points for e in scored if e.reason in ("brisques", "last_trick"))
        assert points == total, seed
        assert sum(e.points for e in scored if e.reason == "dix") <= dix
        assert sum(deal.brisques) == 8 * rules.pack.copies


# --- N1-N12 over deals drawn by playing the profiles ------------------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_invariants_hold_over_drawn_deals(name: str) -> None:
    """Every invariant, N1-N12 with the two-seat ones, after every ply of deals drawn by
    playing ``name`` (docs/testing.md)."""

    @settings(max_examples=4, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(playouts(name))
    def run(playout: Playout) -> None:
        check_playout(playout)

    run()
