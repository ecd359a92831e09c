"""Bad profiles: every problem is a ProfileError naming its source and exact TOML key path."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bezique import ProfileError
from bezique.rules import load_profile, profile_from_toml

SRC = "house.toml"


def problems(text: str | bytes, **kwargs: object) -> tuple[str, ...]:
    """The problems of a bad profile (the test fails if it loads)."""
    with pytest.raises(ProfileError) as info:
        profile_from_toml(text, source=SRC, **kwargs)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert all(p.startswith(SRC + ": ") or ": " in p for p in info.value.problems)
    return info.value.problems


def only(text: str | bytes) -> str:
    """The one problem of a profile with exactly one."""
    found = problems(text)
    assert len(found) == 1, found
    return found[0]


X = 'extends = "bezique"\n'

# (rule the case checks, profile text, the exact problem line expected)
EXACT: list[tuple[str, str, str]] = [
    # wrong types, at every level
    ("int_key_given_string", X + 'melds.values.bezique = "forty"',
     "melds.values.bezique: expected int, got 'forty'"),
    ("int_key_given_float", X + "game.target = 1500.0",
     "game.target: expected int, got float 1500.0"),
    ("int_key_given_boolean", X + "pack.copies = true",
     "pack.copies: expected int, got boolean true"),
    ("bool_key_given_int", X + "melds.on_last_stock_trick = 0",
     "melds.on_last_stock_trick: expected true or false, got integer 0"),
    ("bool_key_given_string", X + 'dix.score_on_play = "no"',
     "dix.score_on_play: expected true or false, got 'no'"),
    ("string_key_given_int", X + "description = 5",
     "description: expected string, got integer 5"),
    ("table_given_int", X + "melds = 3",
     "melds: expected a table, got integer 3"),
    ("meld_table_given_array", X + "melds.table = [1]",
     "melds.table: expected a table, got array [1]"),
    ("meld_spec_given_string", X + 'melds.table.bezique = "QS JD"',
     "melds.table.bezique: expected a table, got 'QS JD'"),
    ("values_given_array", X + "melds.values = [20, 40]",
     "melds.values: expected a table, got array [20, 40]"),
    ("array_given_int", X + "deal.packets = 8",
     "deal.packets: expected an array, got integer 8"),
    ("array_item_wrong_type_names_index", X + 'deal.packets = [3, "two", 3]',
     "deal.packets[1]: expected int, got 'two'"),
    ("array_item_table_names_index", X + "deal.packets = [3, {a = 1}, 3]",
     "deal.packets[1]: expected int, got table {'a': 1}"),
    ("meld_rank_array_item_literal", X + 'melds.table.bezique.ranks = ["Q", "X"]',
     "melds.table.bezique.ranks[1]: 'X' is not allowed (expected one of 'A', '10', 'K', "
     "'Q', 'J', '9', '8', '7')"),
    # Literal values
    ("literal_unknown_value_lists_allowed", X + 'game.tie = "foo"',
     "game.tie: 'foo' is not allowed (expected one of 'draw', 'extra_deal', 'raise_target')"),
    ("literal_misspelt_value_did_you_mean", X + 'endgame.obligation = "follow_and_wim"',
     "endgame.obligation: 'follow_and_wim' is not allowed (expected one of 'follow_and_win', "
     "'follow_only', 'follow_trump_beat_trump_lead'; did you mean 'follow_and_win'?)"),
    ("literal_given_int", X + "dix.rank = 7",
     "dix.rank: expected one of 'A', '10', 'K', 'Q', 'J', '9', '8', '7', got integer 7"),
    ("literal_is_case_sensitive", X + 'melds.bezique_pair = "qs_jd"',
     "melds.bezique_pair: 'qs_jd' is not allowed (expected one of 'QS_JD', "
     "'trump_queen_paired_jack', 'nie_swap'; did you mean 'QS_JD'?)"),
    # unknown and misspelt keys
    ("unknown_table_did_you_mean", X + "[gmae]\ntarget = 1500",
     "gmae: unknown key (did you mean 'game'?)"),
    ("unknown_key_in_table_did_you_mean", X + "game.targt = 1500",
     "game.targt: unknown key (did you mean 'target'?)"),
    ("unknown_meld_key_class_spelling", X + 'melds.table.bezique.klass = "b"',
     "melds.table.bezique.klass: unknown key (did you mean 'class'?)"),
    ("unknown_key_far_from_any_lists_known", X + "dix.zzzz = 1",
     "dix.zzzz: unknown key (known keys: rank, value, turn_up_scores, exchange_allowed, "
     "show_allowed, score_on_play, score_on_play_in_endgame, declare_anytime, counts_as_meld, "
     "blocks_meld_same_trick, only_method, award_to)"),
    ("dotted_knob_of_rules_md_is_a_meld_value", X + "melds.four_tens = 90",
     "melds.four_tens: unknown key (known keys: table, values, four_of_a_kind_mode, "
     "carte_blanche_repeat, per_trick, pending, new_card_from_hand_required, reuse, "
     "marriage_to_sequence, sequence_to_marriage, double_after_two_singles, reform_after_play, "
     "reform_requires_hand_card, bezique_pair, on_last_stock_trick, "
     "require_trump_marriage_before_sequence, timing, second_double_on_used_pair, "
     "sequence_from_own_marriage, multi_bezique_growth, first_bezique_value)"),
    ("quoted_odd_key_in_path", X + 'melds.values."four aces" = 100',
     'melds.values."four aces": no meld of that name in melds.table; did you mean '
     "'four_aces'?"),
    # out of range
    ("huge_int_out_of_range", X + "game.target = 99999999999999999999",
     "game.target: 99999999999999999999 is out of range (at most 1_000_000_000 in size)"),
    ("negative_meld_points", X + "melds.values.bezique = -40",
     "melds.values.bezique: must not be negative, got -40"),
    ("meld_points_beyond_bound", X + "melds.values.sequence = 5000000",
     "melds.values.sequence: 5000000 is beyond the sane bound of 1_000_000"),
    ("negative_last_trick", X + "last_trick.value = -10",
     "last_trick.value: must not be negative, got -10"),
    ("pack_copies_too_many", X + "pack.copies = 9",
     "pack.copies: must be 1 to 8, got 9"),
    ("pack_copies_zero", X + "pack.copies = 0",
     "pack.copies: must be 1 to 8, got 0"),
    ("target_zero", X + "game.target = 0",
     "game.target: must be 1 to 100_000, got 0"),
    ("per_trick_zero", X + "melds.per_trick = 0",
     "melds.per_trick: must be 1 to 8, got 0"),
    ("meld_order_zero", X + "melds.table.bezique.order = 0",
     "melds.table.bezique.order: must be 1 to 100, got 0"),
    # cross-field
    ("packets_must_sum_to_hand_size", X + "deal.packets = [3, 3, 3]",
     "deal.packets: [3, 3, 3] sum to 9, not the hand size 8 (deal.hand_size)"),
    ("hand_size_change_needs_packets_too", X + "deal.hand_size = 9",
     "deal.packets: [3, 2, 3] sum to 8, not the hand size 9 (deal.hand_size) "
     "(set in bezique.toml)"),
    ("single_packet_must_divide_hand", X + "deal.packets = [3]",
     "deal.packets: packets of 3 do not divide the hand size 8 (deal.hand_size)"),
    ("pack_must_deal_hands_and_stock",
     X + "pack.copies = 1\ndeal.hand_size = 16\ndeal.packets = [4]\n"
     "melds.values.double_bezique = 0",
     "deal.hand_size: a pack of 32 cards (pack.ranks, pack.copies) cannot deal two hands of 16 "
     "and a turn-up and leave a stock"),
    ("meld_rank_must_be_in_pack",
     'extends = "pinochle"\n[melds.table.four_sevens]\nranks = ["7"]\ncopies = 4\n'
     'class = "sevens"',
     "melds.table.four_sevens.ranks: rank '7' is not in the pack (pack.ranks = ['A', '10', "
     "'K', 'Q', 'J', '9'])"),
    ("dix_rank_must_be_in_pack", 'extends = "pinochle"\ndix.rank = "7"',
     "dix.rank: '7' is not in the pack (pack.ranks = ['A', '10', 'K', 'Q', 'J', '9'])"),
    ("meld_value_needs_a_table_entry", X + "melds.values.four_nines = 30",
     "melds.values.four_nines: no meld of that name in melds.table; did you mean 'four_kings'?"),
    ("scored_meld_needs_enough_packs",
     'extends = "five-hundred"\nmelds.values.double_bezique = 500',
     "melds.table.double_bezique.copies: 2 copies of each card are more than 1 pack(s) hold "
     "(pack.copies) (set in bezique.toml)"),
    ("scored_meld_must_fit_a_hand", 'extends = "rubicon"\nmelds.table.quadruple_bezique.copies = 5',
     "melds.table.quadruple_bezique: the meld needs 10 cards, more than a hand of 9 "
     "(deal.hand_size)"),
    ("bezique_pair_takes_queen_and_jack", X + 'melds.table.bezique.ranks = ["K", "Q"]',
     "melds.table.bezique.ranks: suits = 'bezique_pair' takes ranks = ['Q', 'J']"),
    ("meld_needs_a_class", X + '[melds.table.four_nines]\nranks = ["9"]\ncopies = 4',
     "melds.table.four_nines.class: a reuse class name is needed"),
    ("meld_names_are_snake_case", X + '[melds.table.FourNines]\nranks = ["9"]\nclass = "n"',
     "melds.table.FourNines: meld names must be snake_case identifiers (e.g. four_aces)"),
    ("both_over_target_exceeds_target", 'extends = "five-hundred"\ngame.both_over_new_target = 400',
     "game.both_over_new_target: 400 must exceed game.target 500"),
    ("double_win_below_target", X + "game.double_win_below = 1000",
     "game.double_win_below: 1000 must be below game.target 1000"),
    ("call_out_needs_target_game", 'extends = "rubicon"\ngame.call_out = true',
     "game.call_out: a call-out needs a target game, not game.single_deal = true"),
    ("tie_raise_positive_when_raising", X + 'game.tie = "raise_target"\ngame.tie_raise = 0',
     "game.tie_raise: must be positive when game.tie = 'raise_target'"),
    ("first_marriage_trump_needs_a_marriage",
     'extends = "rubicon"\nmelds.values.marriage = 0\nmelds.values.royal_marriage = 0',
     "trump.selection: 'first_marriage_or_sequence' needs a scoring King-Queen marriage in "
     "melds.table (set in rubicon.toml)"),
    ("pack_ranks_not_repeated", X + 'pack.ranks = ["A", "10", "K", "Q", "J", "9", "8", "7", "A"]',
     "pack.ranks: ranks repeated: 'A'"),
    ("cut_bonus_exact_within_pack",
     'extends = "chinese"\ndeal.dealer_cut_bonus = true\ndeal.cut_bonus_exact = 500',
     "deal.cut_bonus_exact: must lie between the cards dealt (24) and the pack size (192), "
     "got 500"),
    ("brisque_minimum_within_pack", X + "brisques.min_to_score = 17",
     "brisques.min_to_score: 17 is more than the 16 brisques in the pack (pack.copies)"),
    ("name_not_empty", X + 'name = "  "', "name: must not be empty"),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in EXACT], ids=[c[0] for c in EXACT])
def test_bad_profile_reports_exact_key_path(text: str, expected: str) -> None:
    assert f"{SRC}: {expected}" in problems(text)


def test_there_are_at_least_thirty_bad_profile_cases() -> None:
    assert len(EXACT) >= 30


# --- several problems at once ----------------------------------------------------------------


def test_every_problem_is_reported_at_once() -> None:
    found = problems(
        X + 'melds.values.bezique = "forty"\ngame.targt = 5\npack.copies = 0\n'
        'game.tie = "foo"\ndeal.packets = [1, "x"]\n'
    )
    assert found == (  # sorted by key path
        f"{SRC}: deal.packets[1]: expected int, got 'x'",
        f"{SRC}: game.targt: unknown key (did you mean 'target'?)",
        f"{SRC}: game.tie: 'foo' is not allowed (expected one of 'draw', 'extra_deal', "
        "'raise_target')",
        f"{SRC}: melds.values.bezique: expected int, got 'forty'",
        f"{SRC}: pack.copies: must be 1 to 8, got 0",
    )


def test_cross_field_checks_still_run_when_structuring_fails() -> None:
    found = problems(X + 'game.tie = "foo"\nmelds.values.bezique = -40\ndeal.packets = [4, 4, 4]')
    assert f"{SRC}: melds.values.bezique: must not be negative, got -40" in found
    assert any(p.startswith(f"{SRC}: deal.packets: [4, 4, 4] sum to 12") for p in found)
    assert any(p.startswith(f"{SRC}: game.tie: 'foo'") for p in found)


def test_no_derived_noise_from_a_key_already_in_error() -> None:
    found = problems(X + 'deal.hand_size = "twelve"\ndeal.packets = [4, 4, 4]')
    assert found == (f"{SRC}: deal.hand_size: expected int, got 'twelve'",)


def test_misspelt_key_does_not_add_noise_about_the_intended_key() -> None:
    assert only(X + '[melds.table.four_nines]\nranks = ["9"]\nklass = "nines"') == (
        f"{SRC}: melds.table.four_nines.klass: unknown key (did you mean 'class'?)"
    )


def test_profile_error_message_lists_every_problem() -> None:
    with pytest.raises(ProfileError) as info:
        profile_from_toml(X + "game.target = -1\ngame.tie_raise = -5", source=SRC)
    message = str(info.value)
    assert message.startswith("invalid rule profile (2 problems):")
    assert "house.toml: game.target: must be 1 to 100_000, got -1" in message
    assert "house.toml: game.tie_raise: must not be negative, got -5" in message


# --- the text itself -------------------------------------------------------------------------


def test_empty_profile_is_an_error() -> None:
    assert only("") == f"{SRC}: the profile is empty"
    assert only("  \n\n# only a comment?\n"[:4]) == f"{SRC}: the profile is empty"


def test_non_utf8_bytes_are_an_error() -> None:
    assert only(b'name = "caf\xe9"\n') == (
        f"{SRC}: not UTF-8 text (byte 11: invalid continuation byte)"
    )


def test_syntax_error_names_the_line() -> None:
    found = only(X + "[game]\ntarget = = 3\n")
    assert found.startswith(f"{SRC}: TOML syntax error: ")
    assert "line 3" in found


def test_duplicate_key_is_a_syntax_error() -> None:
    assert "line 3" in only(X + "game.target = 1\ngame.target = 2\n")


def test_integer_of_thousands_of_digits_is_an_error() -> None:
    assert only("game.target = " + "9" * 5000).startswith(
        f"{SRC}: TOML syntax error: a number is too long"
    )


def test_arrays_nested_beyond_the_parser_are_an_error() -> None:
    assert only("a = " + "[" * 5000 + "]" * 5000) == f"{SRC}: TOML syntax error: nested too deep"


def test_deeply_nested_tables_are_an_error() -> None:
    found = problems("melds.values.x = " + "{a = " * 200 + "1" + "}" * 200)
    assert any("nested more than 24 levels deep" in p for p in found)


def test_infinite_and_nan_numbers_are_not_ints() -> None:
    assert only(X + "game.target = inf") == f"{SRC}: game.target: expected int, got float inf"
    assert only(X + "game.target = nan") == f"{SRC}: game.target: expected int, got float nan"


def test_dates_are_not_ints() -> None:
    assert only(X + "game.target = 1979-05-27") == (
        f"{SRC}: game.target: expected int, got date datetime.date(1979, 5, 27)"
    )


# --- extends -----------------------------------------------------------------------------------


def test_extends_missing_builtin_names_the_choices() -> None:
    found = only('extends = "bezque"\n')
    assert found.startswith(f"{SRC}: extends: no built-in profile or file 'bezque' "
                            "(did you mean 'bezique'? built-in: besigue, bezique")


def test_extends_missing_file(tmp_path: Path) -> None:
    found = problems('extends = "nowhere/base.toml"\n', base_dir=tmp_path)
    assert found == (f"{SRC}: extends: no built-in profile or file 'nowhere/base.toml' "
                     "(built-in: besigue, bezique, bezique-first-marriage, chinese, eight-pack, "
                     "five-hundred, four-handed, joker, joker-four, joker-partnership, "
                     "partnership, pinochle, rubicon, three-handed)",)


def test_extends_wrong_type_still_reports_own_keys() -> None:
    assert problems('extends = 3\ngame.tie = "x"') == (
        f"{SRC}: extends: expected a built-in profile name or a relative path, got 3",
        f"{SRC}: game.tie: 'x' is not allowed (expected one of 'draw', 'extra_deal', "
        "'raise_target')",
    )


def test_extends_cycle_between_two_files(write_profile: Callable[[str, str], Path]) -> None:
    write_profile("a.toml", 'extends = "b.toml"\n')
    b = write_profile("b.toml", 'extends = "a.toml"\n')
    with pytest.raises(ProfileError) as info:
        load_profile(b)
    assert info.value.problems == (
        "a.toml: extends: cycle in the extends chain (b.toml -> a.toml -> b.toml)",
    )


def test_extends_itself_is_a_cycle(write_profile: Callable[[str, str], Path]) -> None:
    me = write_profile("me.toml", 'extends = "me.toml"\ngame.target = 1500\n')
    with pytest.raises(ProfileError) as info:
        load_profile(me)
    assert info.value.problems == (
        "me.toml: extends: cycle in the extends chain (me.toml -> me.toml)",
    )


def test_extends_chain_too_deep(write_profile: Callable[[str, str], Path]) -> None:
    for i in range(20):
        write_profile(f"p{i}.toml", f'extends = "p{i + 1}.toml"\n')
    write_profile("p20.toml", 'extends = "bezique"\n')
    with pytest.raises(ProfileError) as info:
        load_profile(write_profile("top.toml", 'extends = "p0.toml"\n'))
    assert any("extends: chain deeper than 16 profiles" in p for p in info.value.problems)


def test_problem_in_a_base_file_names_that_file(
    write_profile: Callable[[str, str], Path],
) -> None:
    write_profile("club.toml", 'extends = "bezique"\ngame.tie = "coin_toss"\n')
    house = write_profile("house.toml", 'extends = "club.toml"\ngame.targt = 1500\n')
    with pytest.raises(ProfileError) as info:
        load_profile(house)
    assert set(info.value.problems) == {
        "club.toml: game.tie: 'coin_toss' is not allowed (expected one of 'draw', "
        "'extra_deal', 'raise_target')",
        "house.toml: game.targt: unknown key (did you mean 'target'?)",
    }


def test_syntax_error_in_a_base_file_names_that_file(
    write_profile: Callable[[str, str], Path],
) -> None:
    write_profile("club.toml", "game.target = \n")
    house = write_profile("house.toml", 'extends = "club.toml"\n')
    with pytest.raises(ProfileError) as info:
        load_profile(house)
    assert len(info.value.problems) == 1
    assert info.value.problems[0].startswith("club.toml: TOML syntax error: ")


def test_load_profile_of_unknown_name() -> None:
    with pytest.raises(ProfileError) as info:
        load_profile("rubicn")
    assert info.value.problems[0].startswith(
        "rubicn: no built-in profile or file of that name (did you mean 'rubicon'?"
    )


def test_load_profile_of_a_directory_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ProfileError):
        load_profile(tmp_path)


def test_non_utf8_file(write_profile: Callable[[str, str | bytes], Path]) -> None:
    path = write_profile("latin1.toml", 'description = "Bésigue"\n'.encode("latin-1"))
    with pytest.raises(ProfileError) as info:
        load_profile(path)
    assert info.value.problems == ("latin1.toml: not UTF-8 text (byte 16: invalid "
                                   "continuation byte)",)
