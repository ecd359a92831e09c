"""The end count of one deal (bezique.settle): docs/rules.md#bezique-game-end,
#game-rubicon, #game-chinese, #game-five-hundred,
D12-D17 and D23, docs/rules.md#knobs-scoring to #knobs-rubicon, ruling R8 and scenario SC-19."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bezique.rules import Rules, list_profiles, load_profile, profile_from_toml
from bezique.settlement import (
    CONTINUE_KINDS,
    GAME_OVER_KINDS,
    KINDS,
    Settlement,
    brisques_in_pack,
    settle,
)


def house(text: str, base: str = "bezique") -> Rules:
    """A house profile extending a built-in one."""
    return profile_from_toml(f'extends = "{base}"\n' + text)


RUBICON = load_profile("rubicon")
CHINESE = load_profile("chinese")
BEZIQUE = load_profile("bezique")
FIVE_HUNDRED = load_profile("five-hundred")


# --- SC-19: Rubicon final arithmetic, no rubicon ------------------------------------------------


def test_sc19_case1_fractions_dropped_difference_plus_game_bonus() -> None:
    """SC-19 case 1 (BIC-RUB, S001, CMC-RUB): A 2,780, B 1,640, brisques not counted (B is
    over 1000 without them): 2,700 - 1,600 + 500 = A wins 1,600."""
    s = settle(RUBICON, points=(2780, 1640), brisques=(20, 12))
    assert (s.winner, s.kind, s.margin, s.game_over) == (0, "win", 1600, True)
    assert s.totals == (2780, 1640)
    assert "P0: 2780 -> 2700 (fraction of 100 dropped)" in s.breakdown
    assert "P1: 1640 -> 1600 (fraction of 100 dropped)" in s.breakdown


def test_sc19_case2_exact_scores_decide_before_fractions_are_dropped() -> None:
    """SC-19 case 2 (BIC-RUB, S001; ruling R8): A 1,250, B 1,220 both become 1,200, but the
    exact scores make A the winner: 1,200 - 1,200 + 500 = A wins 500."""
    s = settle(RUBICON, points=(1250, 1220))
    assert (s.winner, s.kind, s.margin) == (0, "win", 500)


def test_sc19_case3_brisques_counted_to_break_a_tie() -> None:
    """SC-19 case 3 (BIC-RUB, S001, CMC-RUB): tie at 1,300; brisques A 18 (180), B 14 (140):
    1,480 v 1,440, then 1,400 - 1,400 + 500 = A wins 500."""
    s = settle(RUBICON, points=(1300, 1300), brisques=(18, 14))
    assert s.totals == (1480, 1440)
    assert (s.winner, s.kind, s.margin) == (0, "win", 500)


# --- Rubicon (docs/rules.md#game-rubicon, D17, R8, #knobs-rubicon) --------------------------------


def test_rubiconed_loser_gives_winner_both_scores_rubicon_bonus_and_brisque_award() -> None:
    """docs/rules.md#rubicon-scoring (3) (BIC-RUB, CMC-RUB; R8): A 1,580, B 720: 1,500 + 700 +
    1,000 + 320 =
    3,520, rounded down to 3,500."""
    s = settle(RUBICON, points=(1580, 720))
    assert (s.winner, s.kind, s.margin) == (0, "rubicon", 3500)
    assert "award 3520 -> 3500 (rounded down to a hundred)" in s.breakdown


def test_rubicon_bonus_500_of_s001() -> None:
    """D17 (S001, rubicon.rubicon_bonus = 500): 1,500 + 700 + 500 + 320 = 3,020 -> 3,000."""
    rules = house("[rubicon]\nrubicon_bonus = 500\n", "rubicon")
    s = settle(rules, points=(1580, 720))
    assert (s.kind, s.margin) == ("rubicon", 3000)


def test_rubicon_brisques_counted_for_both_when_they_save_the_loser() -> None:
    """docs/rules.md#game-rubicon (BIC-RUB, CMC-RUB, S001): brisques count to save the loser, and
    then for both:
    A 1,500 + 100, B 940 + 80 = 1,020 escapes: 1,600 - 1,000 + 500 = 1,100."""
    s = settle(RUBICON, points=(1500, 940), brisques=(10, 8))
    assert s.totals == (1600, 1020)
    assert (s.winner, s.kind, s.margin) == (0, "win", 1100)


def test_rubicon_brisques_that_cannot_save_the_loser_are_not_counted() -> None:
    """docs/rules.md#game-rubicon: B 800 + 120 = 920 is still under 1,000, so no brisques count; B
    is rubiconed:
    1,500 + 800 + 1,000 + 320 = 3,620 -> 3,600."""
    s = settle(RUBICON, points=(1500, 800), brisques=(10, 12))
    assert s.totals == (1500, 800)
    assert (s.kind, s.margin) == ("rubicon", 3600)


def test_rubicon_applies_even_when_the_winner_is_under_the_threshold() -> None:
    """docs/rules.md#game-rubicon (CMC-RUB): A 900, B 600: 900 + 600 + 1,000 + 320 = 2,820 ->
    2,800."""
    s = settle(RUBICON, points=(900, 600))
    assert (s.winner, s.kind, s.margin) == (0, "rubicon", 2800)


def test_rubicon_tie_with_equal_brisques_is_a_draw() -> None:
    """docs/rules.md#game-rubicon: brisques break a tie only where they differ; equal exact scores
    stay a draw."""
    s = settle(RUBICON, points=(1300, 1300), brisques=(16, 16))
    assert (s.winner, s.kind, s.margin, s.game_over) == (None, "draw", 0, True)


def test_rubicon_brisque_award_only_where_brisques_were_not_counted() -> None:
    """docs/rules.md#rubicon-scoring (3) (BIC-RUB, CMC-RUB): the 320 stands for all the
    brisques, so where they were
    counted (here to break a tie at 900, leaving B rubiconed on 980) it is not added again:
    1,000 + 900 + 1,000 = 2,900."""
    s = settle(RUBICON, points=(900, 900), brisques=(10, 8))
    assert s.totals == (1000, 980)
    assert (s.winner, s.kind, s.margin) == (0, "rubicon", 2900)
    assert not any("(brisques)" in line for line in s.breakdown)


def test_rubicon_loser_under_100_extra() -> None:
    """rubicon.loser_under_100_extra (CMC-RUB, unverified; house value 200): A 1,250,
    B 50: 1,200 + 0 + 1,000 + 320 + 200 = 2,720 -> 2,700."""
    rules = house("[rubicon]\nloser_under_100_extra = 200\n", "rubicon")
    s = settle(rules, points=(1250, 50))
    assert (s.kind, s.margin) == ("rubicon", 2700)


def test_rubicon_without_dropping_fractions() -> None:
    """rubicon.drop_fractions = false: exact arithmetic, 2,780 - 1,640 + 500 = 1,640 and
    1,580 + 720 + 1,000 + 320 = 3,620."""
    rules = house("[rubicon]\ndrop_fractions = false\n", "rubicon")
    assert settle(rules, points=(2780, 1640)).margin == 1640
    assert settle(rules, points=(1580, 720)).margin == 3620


def test_rubicon_without_adding_loser_points() -> None:
    """rubicon.add_loser_points = false: the loser's score is subtracted as usual:
    1,500 - 700 + 1,000 + 320 = 2,120 -> 2,100."""
    rules = house("[rubicon]\nadd_loser_points = false\n", "rubicon")
    assert settle(rules, points=(1580, 720)).margin == 2100


def test_rubicon_second_player_wins() -> None:
    """docs/rules.md#game-rubicon: the winner may be either player: B 2,310, A 1,090: 2,300 - 1,000
    + 500 = 1,800."""
    s = settle(RUBICON, points=(1090, 2310))
    assert (s.winner, s.kind, s.margin) == (1, "win", 1800)


# --- Chinese and eight-pack (docs/rules.md#game-chinese, #game-eight-pack, D23) -------------------


def test_chinese_win_game_bonus_1000() -> None:
    """docs/rules.md#game-chinese (S001, CMC-6, PARLETT): A 5,230, B 3,410: 5,200 - 3,400 + 1,000 =
    2,800."""
    s = settle(CHINESE, points=(5230, 3410))
    assert (s.winner, s.kind, s.margin) == (0, "win", 2800)


def test_chinese_rubicon_under_3000_adds_loser_score_and_1000() -> None:
    """D23 (S001): loser under 3,000: W + L + 1,000, no brisque award: 4,200 + 2,900 + 1,000."""
    s = settle(CHINESE, points=(4230, 2950))
    assert (s.winner, s.kind, s.margin) == (0, "rubicon", 8100)


def test_chinese_brisques_are_not_scored() -> None:
    """docs/rules.md#game-chinese (S001, PW, CMC-6): brisques are not scored, even to break a
    tie."""
    s = settle(CHINESE, points=(3500, 3500), brisques=(20, 3))
    assert (s.kind, s.totals) == ("draw", (3500, 3500))


def test_chinese_parlett_rubicon_bonus_1500() -> None:
    """D23 (PARLETT reading, rubicon.rubicon_bonus = 1500): 4,200 + 2,900 + 1,500 = 8,600."""
    rules = house("[rubicon]\nrubicon_bonus = 1500\n", "chinese")
    assert settle(rules, points=(4230, 2950)).margin == 8600


def test_eight_pack_rubicon_under_5000() -> None:
    """docs/rules.md#game-eight-pack (PARLETT): rubicon 5,000, bonus 1,000: 6,150 v 4,980 is a
    rubicon (6,100 + 4,900 +
    1,000 = 12,000); 6,150 v 5,010 is not (6,100 - 5,000 + 1,000 = 2,100)."""
    eight = load_profile("eight-pack")
    s = settle(eight, points=(6150, 4980))
    assert (s.kind, s.margin) == ("rubicon", 12000)
    s = settle(eight, points=(6150, 5010))
    assert (s.kind, s.margin) == ("win", 2100)


def test_single_deal_tie_is_a_draw_after_brisques() -> None:
    """game.single_deal: a house single-deal Bezique with brisques counted at the end; equal
    totals after counting them draw."""
    rules = house("[game]\nsingle_deal = true\n[rubicon]\ngame_bonus = 100\n")
    s = settle(rules, points=(600, 640), brisques=(8, 4))
    assert (s.totals, s.kind, s.winner, s.game_over) == ((680, 680), "draw", None, True)


def test_nondealer_first_is_no_order_in_a_single_deal_game() -> None:
    """game.count_order = "nondealer_first" (ENQ x) is a race to the target; a single-deal
    game has none, so both players' brisques are counted and shown, whoever dealt."""
    rules = house(
        '[game]\nsingle_deal = true\ncount_order = "nondealer_first"\n[rubicon]\ngame_bonus = 100\n'
    )
    s = settle(rules, points=(600, 640), brisques=(8, 4), dealer=0)
    assert s.totals == (680, 680)
    assert {"P0: 600 + 80 brisques = 680", "P1: 640 + 40 brisques = 680"} <= set(s.breakdown)


# --- Target games: Bezique (docs/rules.md#bezique-game-end, D12-D14) ------------------------------


def test_nobody_at_target_deal_again() -> None:
    """docs/rules.md#bezique-game-end (S003): if neither has reached the target, deal again."""
    s = settle(BEZIQUE, points=(300, 200), totals=(600, 650))
    assert (s.kind, s.game_over, s.winner, s.totals, s.target) == (
        "continue",
        False,
        None,
        (900, 850),
        1000,
    )


def test_brisques_counted_at_end_of_deal_ten_each() -> None:
    """docs/rules.md#bezique-trick-points (S003 04): brisques 10 each at the end: A 600 + 300
    + 100 = 1,000,
    B 700 + 200 + 60 = 960: A reaches the target and wins by 40."""
    s = settle(BEZIQUE, points=(300, 200), brisques=(10, 6), totals=(600, 700))
    assert s.totals == (1000, 960)
    assert (s.winner, s.kind, s.margin) == (0, "win", 40)


def test_higher_total_wins_when_both_reach_target() -> None:
    """docs/rules.md#bezique-game-end (S003, S000): if either has reached the target, the higher
    total wins."""
    s = settle(BEZIQUE, points=(100, 300), totals=(950, 900))
    assert (s.winner, s.kind, s.margin, s.totals) == (1, "win", 150, (1050, 1200))


def test_double_win_when_loser_under_500() -> None:
    """D14 (S000 house rule, game.double_win_below = 500): 1,100 v 450 is a double win."""
    rules = house("[game]\ndouble_win_below = 500\n")
    s = settle(rules, points=(300, 50), totals=(800, 400))
    assert (s.winner, s.kind, s.margin) == (0, "double", 650)


def test_double_win_needs_loser_strictly_under() -> None:
    """D14: a loser on exactly 500 is not under 500: an ordinary win."""
    rules = house("[game]\ndouble_win_below = 500\n")
    assert settle(rules, points=(300, 100), totals=(800, 400)).kind == "win"


def test_tie_at_target_draws_by_default() -> None:
    """docs/rules.md#game-bezique (S003, R3): equal totals at or above the target are a draw."""
    s = settle(BEZIQUE, points=(150, 250), totals=(900, 800))
    assert (s.kind, s.game_over, s.winner, s.margin) == ("draw", True, None, 0)


def test_tie_below_target_is_no_draw() -> None:
    """docs/rules.md#game-bezique: a tie below the target is not the end of the game."""
    assert settle(BEZIQUE, points=(100, 200), totals=(500, 400)).kind == "continue"


def test_tie_extra_deal() -> None:
    """D14 (S000 house rule, game.tie = "extra_deal"): play further deals until it is broken."""
    rules = house('[game]\ntie = "extra_deal"\n')
    s = settle(rules, points=(150, 250), totals=(900, 800))
    assert (s.kind, s.game_over, s.target) == ("extra_deal", False, 1000)
    assert s.kind in CONTINUE_KINDS


def test_tie_raise_target() -> None:
    """D14 (S000 house rule, game.tie = "raise_target", tie_raise 500; and a house 300)."""
    s = settle(house('[game]\ntie = "raise_target"\n'), points=(150, 250), totals=(900, 800))
    assert (s.kind, s.game_over, s.target) == ("raise_target", False, 1500)
    rules = house('[game]\ntie = "raise_target"\ntie_raise = 300\n')
    s = settle(rules, points=(150, 250), totals=(900, 800), target=1500)
    assert s.kind == "continue"
    s = settle(rules, points=(700, 800), totals=(900, 800), target=1500)
    assert (s.kind, s.target) == ("raise_target", 1800)


def test_raised_target_passed_back_in() -> None:
    """D12: ``target`` carries an earlier raise: 1,200 v 1,100 is short of a raised 1,500."""
    s = settle(BEZIQUE, points=(200, 100), totals=(1000, 1000), target=1500)
    assert (s.kind, s.target) == ("continue", 1500)


def test_house_target_1500() -> None:
    """D12 (S001, S000, FR-ADP: game.target = 1500)."""
    rules = house("[game]\ntarget = 1500\n")
    assert settle(rules, points=(600, 0), totals=(800, 0)).kind == "continue"
    assert settle(rules, points=(700, 0), totals=(800, 0)).winner == 0


def test_rubicon_style_brisques_break_a_tie_in_a_target_game() -> None:
    """brisques.counted = "only_to_escape_rubicon_or_break_tie" in a target game: brisques
    count at a tie at or above the target, and not otherwise."""
    rules = house('[brisques]\ncounted = "only_to_escape_rubicon_or_break_tie"\n')
    s = settle(rules, points=(200, 300), brisques=(9, 7), totals=(900, 800))
    assert (s.totals, s.winner, s.margin) == ((1190, 1170), 0, 20)
    s = settle(rules, points=(200, 300), brisques=(9, 7), totals=(1000, 800))
    assert (s.totals, s.winner) == ((1200, 1100), 0)


# --- Brisque conditions (docs/rules.md#game-besigue, #knobs-scoring) ------------------------------


def test_min_to_score_brisques() -> None:
    """docs/rules.md#game-besigue (S004, brisques.min_to_score = 14): 14 brisques score 140; 2
    score nothing."""
    rules = house("[brisques]\nmin_to_score = 14\n")
    s = settle(rules, points=(100, 100), brisques=(14, 2))
    assert s.totals == (240, 100)


def test_majority_bonus_to_the_player_with_more_brisques() -> None:
    """docs/rules.md#game-besigue (S004, brisques.majority_bonus = 320): A 10 brisques 100 + 320, B
    6 brisques 60."""
    rules = house("[brisques]\nmajority_bonus = 320\n")
    s = settle(rules, points=(100, 100), brisques=(10, 6))
    assert s.totals == (520, 160)
    s = settle(rules, points=(100, 100), brisques=(8, 8))
    assert s.totals == (180, 180)


def test_min_board_score_to_count_brisques() -> None:
    """docs/rules.md#game-besigue (S004, brisques.min_board_score_to_count = 300): A on 250 counts
    no brisques;
    B on 400 counts 80."""
    rules = house("[brisques]\nmin_board_score_to_count = 300\n")
    s = settle(rules, points=(250, 400), brisques=(8, 8))
    assert s.totals == (250, 480)
    s = settle(rules, points=(100, 0), brisques=(8, 8), totals=(200, 500))
    assert s.totals == (380, 580)


def test_majority_bonus_counts_as_the_deal_counts_it() -> None:
    """docs/rules.md#knobs-scoring (S004 knobs together): the board minimum stops a player's own
    brisques, not the
    majority bonus, exactly as the deal's end count (bezique.count.end_count) applies them:
    A on 250 with 10 brisques gets only the 320; B on 400 with 6 gets 60."""
    rules = house("[brisques]\nmajority_bonus = 320\nmin_board_score_to_count = 300\n")
    s = settle(rules, points=(250, 400), brisques=(10, 6))
    assert s.totals == (570, 460)
    assert any("P0: 10 brisques score nothing" in line for line in s.breakdown)


def test_brisques_ignored_where_trick_points_are_credited_in_the_deal() -> None:
    """docs/rules.md#knobs-scoring: with another trick-point scheme (pinochle) or brisques.when =
    "immediately", the
    deal has credited the trick points; settle does not count brisques again."""
    s = settle(load_profile("pinochle"), points=(300, 200), brisques=(8, 8))
    assert s.totals == (300, 200)
    rules = house('[brisques]\nwhen = "immediately"\n')
    assert settle(rules, points=(300, 200), brisques=(8, 8)).totals == (300, 200)


def test_nondealer_counts_brisques_first_and_wins_before_dealer_counts() -> None:
    """ENQ x (D13, game.count_order = "nondealer_first"): dealer A 900 + 80, non-dealer B 940 +
    20. Counted together A would win 1,060 to 1,020; counted in order B reaches 1,020 first and
    wins 1,020 to 980."""
    rules = house('[game]\ncount_order = "nondealer_first"\n')
    s = settle(rules, points=(80, 20), brisques=(8, 6), totals=(900, 940), dealer=0)
    assert s.totals == (980, 1020)
    assert (s.winner, s.kind, s.margin) == (1, "win", 40)
    s = settle(BEZIQUE, points=(80, 20), brisques=(8, 6), totals=(900, 940), dealer=0)
    assert (s.totals, s.winner) == ((1060, 1020), 0)


def test_nondealer_first_short_of_target_then_dealer_counts() -> None:
    """ENQ x: if the non-dealer's brisques do not reach the target, the dealer counts his too."""
    rules = house('[game]\ncount_order = "nondealer_first"\n')
    s = settle(rules, points=(80, 20), brisques=(8, 2), totals=(900, 940), dealer=0)
    assert (s.totals, s.winner) == ((1060, 980), 0)


def test_nondealer_first_needs_the_dealer() -> None:
    """ENQ x: who counts first depends on who dealt, so the dealer must be given."""
    rules = house('[game]\ncount_order = "nondealer_first"\n')
    with pytest.raises(ValueError, match="dealer"):
        settle(rules, points=(80, 20), brisques=(8, 2))


# --- Five Hundred (docs/rules.md#game-five-hundred, R9) -------------------------------------------


def test_call_out_right_wins_even_with_fewer_points() -> None:
    """docs/rules.md#game-five-hundred (S001): a player who calls out and has reached 500 wins even
    if the opponent has
    more."""
    s = settle(FIVE_HUNDRED, points=(140, 120), totals=(400, 390), called_out=1)
    assert s.totals == (540, 510)
    assert (s.winner, s.kind, s.game_over) == (1, "call_out", True)


def test_call_out_wrong_loses() -> None:
    """docs/rules.md#game-five-hundred (S001): if he is wrong, the opponent wins regardless of his
    score."""
    s = settle(FIVE_HUNDRED, points=(40, 80), totals=(400, 400), called_out=1)
    assert (s.winner, s.kind, s.margin) == (0, "call_out", -40)


def test_both_over_500_without_call_out_target_becomes_600() -> None:
    """docs/rules.md#game-five-hundred (S001; R9 ">= 500 counts as over"): both on 500 or more,
    nobody called: the target
    becomes 600 and play goes on."""
    s = settle(FIVE_HUNDRED, points=(100, 130), totals=(400, 420))
    assert (s.totals, s.kind, s.target, s.game_over) == ((500, 550), "raise_target", 600, False)


def test_both_over_then_over_new_target_wins() -> None:
    """docs/rules.md#game-five-hundred (S001): after the raise to 600, a total already at 600 or
    more wins."""
    s = settle(FIVE_HUNDRED, points=(250, 130), totals=(400, 420))
    assert (s.winner, s.kind, s.target) == (0, "win", 600)


def test_both_over_new_target_only_once() -> None:
    """docs/rules.md#game-five-hundred: with the target already 600, both over it means the higher
    total wins."""
    s = settle(FIVE_HUNDRED, points=(100, 130), totals=(550, 500), target=600)
    assert (s.winner, s.kind, s.target) == (0, "win", 600)


def test_five_hundred_one_player_over_wins() -> None:
    """docs/rules.md#game-five-hundred: 520 v 480 with no call-out: the player at the target
    wins."""
    s = settle(FIVE_HUNDRED, points=(120, 80), totals=(400, 400))
    assert (s.winner, s.kind) == (0, "win")


def test_call_out_without_the_rule_is_rejected() -> None:
    """game.call_out = false (bezique): there is no call-out to settle."""
    with pytest.raises(ValueError, match="call-out"):
        settle(BEZIQUE, points=(100, 100), called_out=0)


# --- The Settlement value ----------------------------------------------------------------------


def test_settlement_is_frozen() -> None:
    """docs/cards.md (settle): a frozen Settlement."""
    s = settle(BEZIQUE, points=(100, 100))
    assert isinstance(s, Settlement)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        s.kind = "win"  # type: ignore[misc]


SCORES = st.integers(min_value=0, max_value=6000)


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(list_profiles()),
    points=st.tuples(SCORES, SCORES, SCORES, SCORES),
    totals=st.tuples(SCORES, SCORES, SCORES, SCORES),
    brisques=st.tuples(*[st.integers(0, 32)] * 4),
    dealer=st.integers(0, 3),
)
def test_game_over_exactly_for_the_game_over_kinds(
    name: str,
    points: tuple[int, ...],
    totals: tuple[int, ...],
    brisques: tuple[int, ...],
    dealer: int,
) -> None:
    """The settlement kinds (`bezique.settlement.KINDS`): every settlement's kind is
    documented; the game is over exactly for the game-over kinds; a winner exactly when the
    game is over and not drawn, and a margin only with a winner. One score a seat and one
    total a team (the first of the four drawn), at any number of seats."""
    assert not GAME_OVER_KINDS & CONTINUE_KINDS
    rules = load_profile(name)
    n, k = rules.players, len(rules.teams)
    start = (0,) * k if rules.game.single_deal else totals[:k]
    most = brisques_in_pack(rules)  # each drawn count is at most 32: scaled, they fit the pack
    counts = tuple(b * most // (32 * n) for b in brisques[:n])
    s = settle(rules, points=points[:n], brisques=counts, totals=start, dealer=dealer % n)
    assert s.kind in KINDS
    assert s.game_over == (s.kind in GAME_OVER_KINDS)
    assert (s.winner is None) == (s.kind in CONTINUE_KINDS or s.kind == "draw")
    assert s.winner is not None or s.margin == 0
    assert s.target >= rules.game.target


@pytest.mark.parametrize(
    "kwargs",
    [
        {"points": (1, 2, 3)},
        {"points": (1, "2")},
        {"points": (1, 2), "brisques": (-1, 0)},
        {"points": (1, 2), "dealer": 2},
        {"points": [300, -5]},
        {"points": (1, 2), "totals": (-10, 0)},
        {"points": (1, 2), "brisques": [100, 2]},
        {"points": (1, 2), "brisques": (9, 8)},
        {"points": (1, 2), "brisques": (1, 2, 3)},
        {"points": (1.5, 2)},
        {"points": (1, 2), "totals": (True, 0)},
        {"points": (1, 2), "target": 0},
        {"points": (1, 2), "called_out": -1},
    ],
)
def test_malformed_arguments_are_rejected_naming_the_argument(kwargs: dict[str, object]) -> None:
    """settle validates its arguments (two whole numbers per player, none negative, no more
    brisques than the pack holds, player indexes 0 or 1, a positive target) and names the
    argument at fault."""
    wrong = next(name for name in ("target", "called_out", "dealer", "totals", "brisques")
                 if name in kwargs) if len(kwargs) > 1 else "points"
    with pytest.raises(ValueError, match=f"^{wrong}: "):
        settle(BEZIQUE, **kwargs)  # type: ignore[arg-type]


def test_a_pack_holds_as_many_brisques_as_both_players_may_count() -> None:
    """Sixteen brisques in a two-pack bezique deal: all of them may be captured by one player,
    one more is refused."""
    assert brisques_in_pack(BEZIQUE) == 16 and brisques_in_pack(FIVE_HUNDRED) == 8
    assert settle(BEZIQUE, points=(0, 0), brisques=(16, 0)).totals[0] > 0
    with pytest.raises(ValueError, match="more than the 16 aces and tens"):
        settle(BEZIQUE, points=(0, 0), brisques=(16, 1))
