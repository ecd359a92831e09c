"""Property-test your own house rules: every invariant (docs/rules.md#invariants) in random deals.

Change ``HOUSE`` to your rules; ``bezique check FILE`` does the same from a shell. Run it with
pytest (needs hypothesis, the test extra); in this repository, whose pytest settings add
``-q``, ``python -m pytest examples/test_my_house_rules.py`` prints (the time varies)::

    ..                                                                       [100%]
    2 passed in ...s

A broken invariant fails the test with the smallest deal hypothesis finds that breaks it.
"""

from __future__ import annotations

from hypothesis import given, settings

from bezique import Deal, profile_from_toml
from bezique.invariants import check, check_playout
from bezique.strategies import Playout, playouts, positions, profiles

HOUSE = profile_from_toml("""
extends = "bezique"
name = "club-night"
melds.on_last_stock_trick = false   # no declaring on the last stock trick
melds.values.four_tens = 90         # four tens score 90
endgame.obligation = "follow_only"  # end phase: follow suit, no duty to win
""")


@settings(max_examples=10, deadline=None, database=None)
@given(playouts(HOUSE))
def test_whole_deals_of_our_house_rules_keep_every_invariant(playout: Playout) -> None:
    check_playout(playout)


@settings(max_examples=10, deadline=None, database=None)
@given(positions(profiles(base=HOUSE), max_plies=40))
def test_house_variations_keep_every_invariant_mid_deal(deal: Deal) -> None:
    check(deal)
