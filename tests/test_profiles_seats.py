"""The seat keys of issue 34 (docs/rules.md#more-seats, #knobs-seats): the schema, its defaults
on every two-seat profile, the built-in profiles of three and four seats (stage K), validation
with key paths, unchanged digests and old pickles. The engine at more seats is tested in the
tests/test_seats_*.py files."""

from __future__ import annotations

import pickle
import re
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest

import bezique
from bezique import ProfileError
from bezique.rules import (
    EndgameRules,
    MeldRules,
    PartnershipRules,
    Rules,
    SeatRules,
    list_profiles,
    load_profile,
    profile_from_toml,
)
from bezique.rules.convert import structure_partial
from bezique.rules.load import LATE_KEYS
from bezique.rules.validate import validate
from bezique.rulesheet import build_sheet

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
PICKLES = ROOT / "tests" / "pickles"
SRC = "house.toml"
X = 'extends = "bezique"\n'
N_SEAT = ("three-handed", "four-handed", "partnership", "joker-four", "joker-partnership")
"""The built-in profiles of more than two seats (docs/rules.md#more-seats, #game-joker-four,
#game-joker-partnership)."""
TWO_SEAT = [name for name in list_profiles() if name not in N_SEAT]
COUNTERCLOCKWISE = {"joker"}
"""The two-seat profiles whose play passes to the right (the Haitian game: PH, M4, CPU;
docs/rules.md#dm1); the others keep every seat key at its default."""


def problems(text: str) -> tuple[str, ...]:
    """The problems of a profile that must not load."""
    with pytest.raises(ProfileError) as info:
        profile_from_toml(text, source=SRC)
    return info.value.problems


def structured(text: str) -> Rules:
    """TOML text to `Rules` through cattrs alone, without the cross-field checks (which refuse
    the values the engine does not play yet); every key must structure."""
    rules, found = structure_partial(tomllib.loads(text))
    assert not found, found
    return rules


# --- defaults: every two-seat profile has two seats, one team a seat ------------------------


@pytest.mark.parametrize("name", TWO_SEAT)
def test_every_two_seat_builtin_has_two_seats_and_one_team_a_seat(name: str) -> None:
    rules = load_profile(name)
    assert rules.players == 2 and isinstance(rules.players, int)
    assert rules.teams == ((0,), (1,))
    direction = "counterclockwise" if name in COUNTERCLOCKWISE else "clockwise"
    assert rules.seats == SeatRules(direction=direction)


def test_the_builtins_are_the_two_seat_ones_and_three_of_more_seats() -> None:
    assert set(N_SEAT) <= set(list_profiles())
    assert all(load_profile(name).players > 2 for name in N_SEAT)


@pytest.mark.parametrize("name", TWO_SEAT)
def test_every_two_seat_builtin_keeps_the_default_seat_rule_values(name: str) -> None:
    rules = load_profile(name)
    assert rules.partnership == PartnershipRules(declarer="winner_or_pass", consult=False,
                                                 combine_table_cards=True,
                                                 bezique_from_either=False)
    e = rules.endgame
    assert (e.format, e.beat, e.trump_when_void, e.beat_partner) == (
        "full_table", "current_winner", "must_overtrump", True)
    assert rules.melds.second_double_on_used_pair is False


# (name, players, teams, packs, target, triple, quadruple, trump when void: the sources, in
# docs/rules.md#more-seats: EB9-643, BIC-4H, and HOFF for the quadruple borrowed from Rubicon)
N_SEAT_ROWS = [
    ("three-handed", 3, ((0,), (1,), (2,)), 3, 2000, 1500, None, "only_if_winning"),
    ("four-handed", 4, ((0,), (1,), (2,), (3,)), 4, 2000, 1500, 4500, "must_overtrump"),
    ("partnership", 4, ((0, 2), (1, 3)), 4, 2000, 1500, 4500, "must_overtrump"),
]


@pytest.mark.parametrize(("name", "players", "teams", "copies", "target", "triple",
                          "quadruple", "void"), N_SEAT_ROWS, ids=[r[0] for r in N_SEAT_ROWS])
def test_the_n_seat_builtins_play_their_sources(
    name: str, players: int, teams: tuple[tuple[int, ...], ...], copies: int, target: int,
    triple: int, quadruple: int | None, void: str,
) -> None:
    rules = load_profile(name)
    assert (rules.players, rules.teams, rules.pack.copies) == (players, teams, copies)
    assert rules.seats.direction == "clockwise" and rules.game.target == target
    assert rules.melds.values["triple_bezique"] == triple
    assert rules.melds.values.get("quadruple_bezique") == quadruple
    assert rules.melds.values["double_bezique"] == 500
    assert rules.melds.second_double_on_used_pair is True
    e = rules.endgame
    assert (e.format, e.beat, e.trump_when_void, e.beat_partner) == (
        "full_table", "current_winner", void, True)
    assert rules.partnership == PartnershipRules()  # BIC-4H's defaults
    assert rules.description


def test_default_teams_follow_the_number_of_players() -> None:
    assert Rules().players == 2 and Rules().teams == ((0,), (1,))
    assert SeatRules(players=3).teams == ((0,), (1,), (2,))
    assert SeatRules(players=4, teams=((0, 2), (1, 3))).teams == ((0, 2), (1, 3))
    assert len(SeatRules(players=10**9).teams) <= 4  # bounded before validation reports it
    rules = Rules(seats=SeatRules(players=4, teams=((0, 2), (1, 3))))
    assert rules.players == 4 and rules.teams == ((0, 2), (1, 3))


def test_team_of_gives_each_seats_team() -> None:
    """`Rules.team_of`: the team index of each seat, the one lookup every layer reads."""
    assert load_profile("bezique").team_of == (0, 1)
    assert load_profile("three-handed").team_of == (0, 1, 2)
    assert load_profile("partnership").team_of == (0, 1, 0, 1)
    assert Rules(seats=SeatRules(players=4, teams=((1, 3), (0, 2)))).team_of == (1, 0, 1, 0)
    assert Rules(seats=SeatRules(players=3, teams=((0,), (5,), (2,)))).team_of == (0, -1, 2)


def test_seat_tables_are_frozen_keyword_only_and_documented() -> None:
    classes: tuple[Any, ...] = (SeatRules, PartnershipRules)
    for cls in classes:
        assert cls.__doc__
        with pytest.raises(TypeError):
            cls(2)
        first = attrs.fields(cls)[0].name
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(cls(), first, 3)
        assert hash(cls()) == hash(cls()) and attrs.has(cls)


# --- every key reachable from TOML and written by to_toml ------------------------------------

# (rule, TOML key, a value other than the default, as TOML, as Python)
REACHABLE: list[tuple[str, str, str, object]] = [
    ("seats_players_3", "seats.players", "3", 3),
    ("seats_players_4", "seats.players", "4", 4),
    ("seats_teams_partners_opposite", "seats.teams", "[[0, 2], [1, 3]]", ((0, 2), (1, 3))),
    ("dm1_direction", "seats.direction", '"counterclockwise"', "counterclockwise"),
    ("dm4_pairwise_duels", "endgame.format", '"pairwise_duels"', "pairwise_duels"),
    ("dm5_beat_led_card", "endgame.beat", '"led_card"', "led_card"),
    ("dm6_only_if_winning", "endgame.trump_when_void", '"only_if_winning"', "only_if_winning"),
    ("dm6_any_trump", "endgame.trump_when_void", '"any_trump"', "any_trump"),
    ("dm7_beat_partner_false", "endgame.beat_partner", "false", False),
    ("dm8_winner_or_partner", "partnership.declarer", '"winner_or_partner"',
     "winner_or_partner"),
    ("dm8_winner_only", "partnership.declarer", '"winner_only"', "winner_only"),
    ("dm9_consult", "partnership.consult", "true", True),
    ("dm10_no_combining", "partnership.combine_table_cards", "false", False),
    ("dm11_bezique_from_either", "partnership.bezique_from_either", "true", True),
    ("dm13_second_double", "melds.second_double_on_used_pair", "true", True),
]


def _get(rules: Rules, key: str) -> object:
    table, name = key.split(".")
    return getattr(getattr(rules, table), name)


@pytest.mark.parametrize(("key", "toml", "value"), [r[1:] for r in REACHABLE],
                         ids=[r[0] for r in REACHABLE])
def test_each_seat_key_is_reachable_from_toml_and_written_by_to_toml(
    key: str, toml: str, value: object
) -> None:
    rules = structured(f'name = "h"\n{key} = {toml}\n')
    assert _get(rules, key) == value
    table, name = key.split(".")
    written = tomllib.loads(rules.to_toml())
    assert written[table][name] == (
        [list(t) for t in value] if isinstance(value, tuple) else value)
    assert structured(rules.to_toml()) == rules


def test_dm14_quadruple_bezique_is_a_meld_value_of_the_four_pack_table() -> None:
    rules = load_profile("rubicon")
    assert rules.melds.values["quadruple_bezique"] == 4500
    house = profile_from_toml('extends = "rubicon"\nmelds.values.quadruple_bezique = 0\n')
    assert house.melds.values["quadruple_bezique"] == 0


@pytest.mark.parametrize("key", ["endgame.beat", "endgame.trump_when_void",
                                 "endgame.beat_partner", "seats.direction"])
def test_keys_that_play_alike_at_two_seats_load_in_a_two_seat_profile(key: str) -> None:
    toml = next(r[2] for r in REACHABLE if r[1] == key)
    rules = profile_from_toml(f"{X}{key} = {toml}\n")
    assert rules.players == 2 and profile_from_toml(rules.to_toml()) == rules


def test_to_toml_writes_every_seat_key_of_a_two_seat_profile() -> None:
    text = load_profile("bezique").to_toml()
    data = tomllib.loads(text)
    assert data["seats"] == {"players": 2, "teams": [[0], [1]], "direction": "clockwise"}
    assert data["partnership"] == {"declarer": "winner_or_pass", "consult": False,
                                   "combine_table_cards": True, "bezique_from_either": False}
    for table, key in LATE_KEYS:
        assert key in data[table], (table, key)


def test_teams_items_are_reported_with_their_array_path() -> None:
    assert problems(X + 'seats.teams = [[0, "a"], [1]]') == (
        f"{SRC}: seats.teams[0][1]: expected int, got 'a'",)
    assert problems(X + "seats.teams = [[0], 1]") == (
        f"{SRC}: seats.teams[1]: expected an array, got integer 1",)
    assert problems(X + 'seats.players = "3"') == (
        f"{SRC}: seats.players: expected int, got '3'",)
    assert problems(X + 'seats.direction = "left"') == (
        f"{SRC}: seats.direction: 'left' is not allowed (expected one of 'clockwise', "
        "'counterclockwise')",)
    assert problems(X + 'partnership.declarer = "winner"') == (
        f"{SRC}: partnership.declarer: 'winner' is not allowed (expected one of "
        "'winner_or_pass', 'winner_or_partner', 'winner_only'; did you mean 'winner_only'?)",)


# --- validation: each row of the table, on its key path --------------------------------------

# (rule, profile text, one problem line it must report)
ROWS: list[tuple[str, str, str]] = [
    ("players_from_2_to_4", X + "seats.players = 1", "seats.players: must be 2 to 4, got 1"),
    ("players_from_2_to_4_above", X + "seats.players = 5",
     "seats.players: must be 2 to 4, got 5"),
    ("the_pack_deals_every_hand", X + "seats.players = 4\npack.copies = 1",
     "deal.hand_size: a pack of 32 cards (pack.ranks, pack.copies) cannot deal four hands of 8 "
     "and a turn-up and leave a stock (set in bezique.toml)"),
    ("the_stock_divides_by_the_seats_mp09", X + "seats.players = 3\npack.copies = 4",
     "seats.players: a pack of 128 cards (pack.ranks, pack.copies) less 3 hands of 8 "
     "(deal.hand_size) leaves a stock of 104 = 34 × 3 + 2: every seat draws one card a trick, "
     "so the stock must divide by the seats"),
    ("the_stock_divides_by_the_seats_nine_each",
     'extends = "rubicon"\nseats.players = 3',
     "seats.players: a pack of 128 cards (pack.ranks, pack.copies) less 3 hands of 9 "
     "(deal.hand_size) leaves a stock of 101 = 33 × 3 + 2: every seat draws one card a trick, "
     "so the stock must divide by the seats"),
    ("teams_name_only_seats_that_exist", X + "seats.teams = [[0], [1, 2]]",
     "seats.teams: seat 2 is not among the 2 seats (0 to 1, seats.players)"),
    ("teams_hold_each_seat_once", X + "seats.teams = [[0, 1], [1]]",
     "seats.teams: seat 1 is listed more than once"),
    ("teams_hold_every_seat", X + "seats.players = 4\npack.copies = 4\nseats.teams = [[0], [1]]",
     "seats.teams: seats 2, 3 are in no team"),
    ("teams_are_not_empty", X + "seats.teams = [[0], [1], []]", "seats.teams: team 2 is empty"),
    ("partners_sit_opposite_mp09",
     X + "seats.players = 4\npack.copies = 4\nseats.teams = [[0, 1], [2, 3]]",
     "seats.teams: [[0, 1], [2, 3]]: teams are one seat each or, at four seats, partners "
     "opposite, [[0, 2], [1, 3]] (no source plays another grouping)"),
    ("no_team_of_both_seats_at_two", X + "seats.teams = [[0, 1]]",
     "seats.teams: [[0, 1]]: teams are one seat each or, at four seats, partners opposite, "
     "[[0, 2], [1, 3]] (no source plays another grouping)"),
    ("partnership_keys_need_partners_mp09",
     X + 'seats.players = 4\npack.copies = 4\npartnership.declarer = "winner_only"',
     "partnership.declarer: 'winner_only' applies to partners only, and every team here has "
     "one seat (seats.teams)"),
    ("partnership_keys_need_partners_at_two_seats", X + "partnership.consult = true",
     "partnership.consult: true applies to partners only, and every team here has one seat "
     "(seats.teams)"),
    ("partnership_keys_need_partners_bool", X + "partnership.combine_table_cards = false",
     "partnership.combine_table_cards: false applies to partners only, and every team here "
     "has one seat (seats.teams)"),
    ("pairwise_duels_at_four_seats_only_mp09",
     X + 'seats.players = 3\npack.copies = 3\nendgame.format = "pairwise_duels"',
     "endgame.format: 'pairwise_duels' is played at four seats only, not 3 (seats.players)"),
    ("pairwise_duels_not_at_two_seats", X + 'endgame.format = "pairwise_duels"',
     "endgame.format: 'pairwise_duels' is played at four seats only, not 2 (seats.players)"),
    ("second_double_needs_three_packs", X + "melds.second_double_on_used_pair = true",
     "melds.second_double_on_used_pair: needs three packs or more (a third copy of each "
     "bezique card), not pack.copies = 2"),
    ("double_win_needs_two_teams",
     X + "seats.players = 3\npack.copies = 3\ngame.double_win_below = 500",
     "game.double_win_below: settles one winner against one loser, so it needs two teams, "
     "not 3 (seats.teams)"),
    ("call_out_needs_two_teams",
     'extends = "five-hundred"\nseats.players = 4\npack.copies = 4',
     "game.call_out: settles one winner against one loser, so it needs two teams, not 4 "
     "(seats.teams) (set in five-hundred.toml)"),
    ("single_deal_needs_two_teams", 'extends = "rubicon"\nseats.players = 4',
     "game.single_deal: settles one winner against one loser, so it needs two teams, not 4 "
     "(seats.teams) (set in rubicon.toml)"),
    ("rubicon_keys_need_two_teams", 'extends = "rubicon"\nseats.players = 4',
     "rubicon.threshold: settles one winner against one loser, so it needs two teams, not 4 "
     "(seats.teams) (set in rubicon.toml)"),
    ("rubicon_bool_keys_need_two_teams",
     X + "seats.players = 3\npack.copies = 3\nrubicon.drop_fractions = false",
     "rubicon.drop_fractions: settles one winner against one loser, so it needs two teams, "
     "not 3 (seats.teams)"),
    ("cut_bonus_is_a_two_seat_rule",
     'extends = "chinese"\nseats.players = 4\ndeal.dealer_cut_bonus = true',
     "deal.dealer_cut_bonus: true is a two-seat rule; no source says how it is played at 4 "
     "seats"),
    ("cut_bonus_bounds_count_every_hand",
     'extends = "chinese"\nseats.players = 4\ndeal.dealer_cut_bonus = true\n'
     "deal.cut_bonus_exact = 40",
     "deal.cut_bonus_exact: must lie between the cards dealt (48) and the pack size (192), "
     "got 40"),
    ("winner_chooses_is_a_two_seat_rule",
     X + "seats.players = 3\npack.copies = 3\nlast_stock.winner_chooses = true",
     "last_stock.winner_chooses: true is a two-seat rule; no source says how it is played at "
     "3 seats"),
    ("revoke_forfeit_is_a_two_seat_rule",
     X + 'seats.players = 3\npack.copies = 3\nendgame.revoke_penalty = "forfeit_remaining_tricks"',
     "endgame.revoke_penalty: 'forfeit_remaining_tricks' is a two-seat rule; no source says "
     "how it is played at 3 seats"),
    ("meld_after_draw_is_a_two_seat_rule",
     X + 'seats.players = 3\npack.copies = 3\nmelds.timing = "after_draw"',
     "melds.timing: 'after_draw' is a two-seat rule; no source says how it is played at 3 "
     "seats"),
]


@pytest.mark.parametrize(("text", "expected"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_seat_rule_is_reported_on_its_key_path(text: str, expected: str) -> None:
    found = problems(text)
    assert f"{SRC}: {expected}" in found, found


def test_every_seat_problem_is_reported_at_once() -> None:
    text = (X + "seats.players = 3\npack.copies = 4\n"
            'endgame.format = "pairwise_duels"\npartnership.consult = true\n'
            "game.double_win_below = 500\nlast_stock.winner_chooses = true\n"
            "melds.second_double_on_used_pair = true\n")
    paths = [p.split(": ")[1] for p in problems(text)]
    assert paths == ["endgame.format", "game.double_win_below", "last_stock.winner_chooses",
                     "partnership.consult", "seats.players"], paths


def test_a_second_double_on_a_used_pair_plays_with_three_packs_or_more() -> None:
    """DM13 is playable at two seats with enough packs (tests/test_seats_play.py plays it)."""
    rules = profile_from_toml('extends = "rubicon"\nmelds.second_double_on_used_pair = true')
    assert rules.melds.second_double_on_used_pair is True


def test_every_teams_problem_is_reported_at_once() -> None:
    found = problems(X + "seats.teams = [[0, 5, 6], [0], [], [0]]\npartnership.consult = true")
    assert found == (
        f"{SRC}: seats.teams: seats 5, 6 are not among the 2 seats (0 to 1, seats.players)",
        f"{SRC}: seats.teams: seat 0 is listed more than once",
        f"{SRC}: seats.teams: seat 1 is in no team",
        f"{SRC}: seats.teams: team 2 is empty",
    )  # teams that do not partition the seats silence the checks that read them


def test_checks_that_read_a_malformed_seat_key_stay_silent() -> None:
    found = problems(X + 'seats.players = "4"\nseats.teams = [[0, 2], [1, 3]]\n'
                     'endgame.format = "pairwise_duels"')
    assert found == (f"{SRC}: seats.players: expected int, got '4'",)


def test_three_and_four_seats_load_and_validate() -> None:
    """Profiles of three and four seats play (docs/rules.md#more-seats): they load, and a Rules
    built directly at three seats validates."""
    three = X + "seats.players = 3\npack.copies = 3\ngame.target = 2000\n"
    four = X + "seats.players = 4\npack.copies = 4\ngame.target = 2000\n"
    partnership = four + "seats.teams = [[0, 2], [1, 3]]\n"
    assert profile_from_toml(three).players == 3
    assert profile_from_toml(four).teams == ((0,), (1,), (2,), (3,))
    assert profile_from_toml(partnership).teams == ((0, 2), (1, 3))
    built = Rules(seats=SeatRules(players=3), pack=attrs.evolve(Rules().pack, copies=3))
    assert validate(built) == []


def test_two_seat_messages_are_unchanged() -> None:
    found = problems(X + "deal.hand_size = 16\npack.copies = 1\ndeal.packets = [4]")
    assert f"{SRC}: deal.hand_size: a pack of 32 cards (pack.ranks, pack.copies) cannot deal " \
        "two hands of 16 and a turn-up and leave a stock" in found
    found = problems('extends = "chinese"\ndeal.dealer_cut_bonus = true\n'
                     "deal.cut_bonus_exact = 20")
    assert found == (f"{SRC}: deal.cut_bonus_exact: must lie between the cards dealt (24) and "
                     "the pack size (192), got 20",)


# --- digests ----------------------------------------------------------------------------------


def _recorded_digests() -> dict[str, str]:
    out = {}
    for path in sorted(RECORDS.glob("*.toml")):
        profile = tomllib.loads(path.read_text(encoding="utf-8"))["profile"]
        out[profile["name"]] = profile["digest"]
    return out


def test_builtin_digests_equal_those_the_golden_records_carry() -> None:
    recorded = _recorded_digests()
    assert set(recorded) == set(list_profiles())
    assert {name: load_profile(name).digest for name in list_profiles()} == recorded


def test_seat_keys_at_their_defaults_leave_the_digest_alone() -> None:
    base = load_profile("bezique")
    spelled = profile_from_toml(
        X + "seats.players = 2\nseats.teams = [[0], [1]]\nseats.direction = \"clockwise\"\n"
        '[partnership]\ndeclarer = "winner_or_pass"\nconsult = false\n'
        'combine_table_cards = true\nbezique_from_either = false\n[endgame]\n'
        'format = "full_table"\nbeat = "current_winner"\ntrump_when_void = "must_overtrump"\n'
        "beat_partner = true\n[melds]\nsecond_double_on_used_pair = false\n")
    assert spelled == base.replace(name="custom", description="")
    assert spelled.digest == base.digest
    assert profile_from_toml(base.to_toml()).digest == base.digest


@pytest.mark.parametrize(("key", "toml", "value"), [r[1:] for r in REACHABLE],
                         ids=[r[0] for r in REACHABLE])
def test_seat_key_off_its_default_changes_the_digest(key: str, toml: str, value: object) -> None:
    base = Rules()
    rules = structured(f"{key} = {toml}\n")
    assert rules.digest != base.digest


def test_teams_at_the_default_for_their_players_count_once_in_the_digest() -> None:
    three = Rules(seats=SeatRules(players=3))
    spelled = Rules(seats=SeatRules(players=3, teams=((0,), (1,), (2,))))
    assert three == spelled and three.digest == spelled.digest != Rules().digest


# --- old pickles ------------------------------------------------------------------------------


def test_rules_pickled_before_the_seat_keys_equal_a_fresh_load() -> None:
    back = pickle.loads((PICKLES / "rules-31249af.pickle").read_bytes())
    fresh = load_profile("rubicon")
    assert back == fresh and back.digest == fresh.digest and hash(back) == hash(fresh)
    assert back.players == 2 and back.teams == ((0,), (1,))
    assert back.endgame == fresh.endgame and back.melds == fresh.melds


def test_deal_pickled_before_the_seat_keys_has_the_fresh_rules() -> None:
    back = pickle.loads((PICKLES / "deal-31249af.pickle").read_bytes())
    assert back.rules == load_profile("bezique")


@pytest.mark.parametrize("cls", [Rules, EndgameRules, MeldRules])
def test_a_table_pickled_without_its_new_fields_gets_their_defaults(cls: Any) -> None:
    new = {"seats", "partnership", "format", "beat", "trump_when_void", "beat_partner",
           "second_double_on_used_pair"}
    fresh: Any = cls()
    state = {k: v for k, v in fresh.__getstate__().items() if k not in new}
    assert len(state) < len(attrs.fields(cls))
    back = cls.__new__(cls)
    back.__setstate__(state)
    assert back == fresh


def test_rules_with_seat_keys_pickle_and_come_back_equal() -> None:
    rules = Rules(seats=SeatRules(players=4, teams=((0, 2), (1, 3))),
                  partnership=PartnershipRules(declarer="winner_only"),
                  endgame=EndgameRules(beat="led_card"))
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and again.digest == rules.digest and hash(again) == hash(rules)


# --- rule sheets ------------------------------------------------------------------------------

SEAT_KEYS = {f"{table}.{key}" for table, key in LATE_KEYS
             if table in ("seats", "partnership", "endgame")
             or key == "second_double_on_used_pair"}
"""The seat keys of issue 34 (`LATE_KEYS` holds the joker keys of issue 35 too)."""


@pytest.mark.parametrize("name", [n for n in TWO_SEAT if n not in COUNTERCLOCKWISE])
def test_two_seat_sheets_show_no_seat_lines(name: str) -> None:
    sheet = build_sheet(load_profile(name))
    keys = {k for section in sheet.sections for line in section.lines for k in line.keys}
    assert not keys & SEAT_KEYS


def test_seat_lines_show_on_the_sheet_when_not_default() -> None:
    rules = load_profile("bezique").replace(
        seats=SeatRules(players=4, teams=((0, 2), (1, 3))),
        pack=attrs.evolve(load_profile("bezique").pack, copies=4))
    text = bezique.rulesheet(rules, "text")
    assert "Four players, P0 to P3" in text and "the other 96 cards form the stock" in text
    assert "Partnerships: P0 and P2 against P1 and P3" in text
    for key in SEAT_KEYS - {"seats.direction", "melds.second_double_on_used_pair"}:
        assert key in text, key


def test_a_two_seat_house_key_is_shown_and_marked() -> None:
    base = load_profile("bezique")
    house = profile_from_toml(X + 'endgame.beat = "led_card"\n')
    sheet = build_sheet(house, base)
    lines = [line for section in sheet.sections for line in section.lines
             if "endgame.beat" in line.keys]
    assert len(lines) == 1 and lines[0].changed
    assert lines[0].text == "To win means to beat the card led."
    assert not any(s.title == "Other changed keys" for s in sheet.sections)


# --- documentation ----------------------------------------------------------------------------


def test_docs_say_more_seats_play_and_carry_the_dm_table() -> None:
    profiles = (ROOT / "docs" / "profiles.md").read_text(encoding="utf-8")
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "Profiles of three and four seats play" in profiles
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', rules))
    assert {f"dm{n}" for n in range(1, 15)} | {"more-seats", "knobs-seats"} <= anchors
    for key in SEAT_KEYS:
        assert f"`{key}`" in rules and f"`{key}`" in profiles, key
