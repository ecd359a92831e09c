"""Ruling R8 on Rubicon and Chinese settlements, over many scores: the exact scores decide, the
award is in whole hundreds, and a rubiconed loser's score is added, never subtracted."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import bezique

SCORES = st.integers(min_value=0, max_value=9000)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["rubicon", "chinese", "eight-pack"]), SCORES, SCORES)
def test_r8_award_is_whole_hundreds_and_exact_scores_decide(name: str, a: int, b: int) -> None:
    rules = bezique.load_profile(name)
    result = bezique.settle(rules, points=(a, b))
    if a == b:
        return
    assert result.winner == (0 if a > b else 1)
    assert result.margin % 100 == 0


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["rubicon", "chinese", "eight-pack"]), SCORES, SCORES)
def test_r8_rubiconed_loser_adds_to_the_award(name: str, a: int, b: int) -> None:
    rules = bezique.load_profile(name)
    winner, loser = max(a, b), min(a, b)
    result = bezique.settle(rules, points=(winner, loser))
    if winner == loser:
        return
    r = rules.rubicon
    hundreds = (winner // 100 + loser // 100) * 100
    if loser < r.threshold:
        assert result.kind == "rubicon"
        assert result.margin == (hundreds + r.rubicon_bonus + r.brisque_award) // 100 * 100
    else:
        assert result.kind == "win"
        assert result.margin == (winner // 100 - loser // 100) * 100 + r.game_bonus
