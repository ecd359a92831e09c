"""Issue 35: the joker profiles ``joker``, ``joker-four`` and ``joker-partnership``
(docs/rules.md#game-joker): their contracts (seats, teams), the deal arithmetic of JB-09 and J2
at two, three and four seats, validation (docs/rules.md#joker-validation): every row of the
table reported on its key path, JB-09's refused profiles, and every problem at once; and the
command line on each profile (``profiles show``, ``rules``, ``check``).
"""

from __future__ import annotations

import random
import tomllib

import pytest

from bezique import Deal, ProfileError, load_profile, profile_from_toml
from bezique.cli import main
from bezique.rules import Rules
from bezique.rules.convert import structure_partial
from bezique.rules.load import LATE_KEYS
from bezique.rules.validate import validate

SRC = "house.toml"
J = 'extends = "joker"\n'
THREE = J + "seats.players = 3\ngame.double_win_below = 0\n"
"""The three-seat house profile of docs/rules.md#game-joker (valid: 105 = 35 × 3)."""


def problems(text: str) -> tuple[str, ...]:
    """The problems of a profile that must not load."""
    with pytest.raises(ProfileError) as info:
        profile_from_toml(text, source=SRC)
    return info.value.problems


def paths(text: str) -> list[str]:
    """The key paths the problems of a profile that must not load are reported on."""
    return [problem.split(": ")[1] for problem in problems(text)]


# --- the contracts: seats and teams ------------------------------------------------------------

# (profile, players, teams, target, double win below): docs/rules.md#game-joker, DJ16, DJ18
CONTRACTS = [
    ("joker", 2, ((0,), (1,)), 1000, 750),
    ("joker-four", 4, ((0,), (1,), (2,), (3,)), 600, 0),
    ("joker-partnership", 4, ((0, 2), (1, 3)), 600, 0),
]


@pytest.mark.parametrize(("name", "players", "teams", "target", "double"), CONTRACTS,
                         ids=[row[0] for row in CONTRACTS])
def test_joker_profile_keeps_its_seat_contract(
    name: str, players: int, teams: tuple[tuple[int, ...], ...], target: int, double: int,
) -> None:
    """FRW, WOH: two, three or four players, individually or as two pairs; FRW's targets."""
    rules = load_profile(name)
    assert rules.players == players and rules.teams == teams
    assert (rules.game.target, rules.game.double_win_below) == (target, double)
    assert rules.pack.jokers == 4 and rules.pack.copies == 4
    assert rules.seats.direction == "counterclockwise"  # PH, M4, CPU (DM1)
    assert rules.trump.selection == "first_marriage" and rules.deal.hand_size == 9


def test_joker_partnership_declares_by_the_winner_only() -> None:
    """DM8 (unverified in the joker game): no source lets a partner declare."""
    assert load_profile("joker-partnership").partnership.declarer == "winner_only"


def test_three_seat_house_profile_is_valid() -> None:
    """JB-09: ``extends = "joker"`` at three seats with ``game.double_win_below = 0`` loads."""
    rules = profile_from_toml(THREE)
    assert rules.players == 3 and rules.teams == ((0,), (1,), (2,))
    assert validate(rules) == []


# --- every joker key reachable from TOML, written by to_toml, in the digest off its default ----

# (rule, TOML key, a value other than the default, as TOML, as Python): docs/rules.md#knobs-jokers
REACHABLE: list[tuple[str, str, str, object]] = [
    ("pack_jokers", "pack.jokers", "4", 4),
    ("dj8_wild_in", "jokers.wild_in", '["four_aces", "marriage"]', ("four_aces", "marriage")),
    ("dj9_max_per_meld", "jokers.max_per_meld", "2", 2),
    ("dj10_in_trump_quartets", "jokers.in_trump_quartets", "true", True),
    ("dj11_reuse_never", "jokers.reuse", '"never"', "never"),
    ("dj12_fresh_card", "jokers.fresh_card_may_be_joker", "false", False),
    ("dj14_last_resort", "jokers.endgame_play", '"last_resort"', "last_resort"),
    ("dj1_turned_up", "jokers.turned_up", '"diamonds"', "diamonds"),
    ("dj3_own_marriage", "melds.sequence_from_own_marriage", "true", True),
    ("dj4_no_growth", "melds.multi_bezique_growth", "false", False),
    ("dj5_first_bezique", "melds.first_bezique_value", "100", 100),
    ("dj13_trick_winner", "dix.award_to", '"trick_winner"', "trick_winner"),
    ("dj15_majority_penalty", "brisques.majority_penalty", "-100", -100),
    ("dj15_shortfall", "brisques.shortfall_penalty", "-20", -20),
    ("dj19_seven_bonus", "last_trick.seven_bonus", "10", 10),
    ("dj18_match", "match.consecutive_wins", "4", 4),
    ("dj18_loser_start", "match.loser_start", "100", 100),
]


def structured(text: str) -> Rules:
    """TOML text to `Rules` through cattrs alone, without the cross-field checks."""
    rules, found = structure_partial(tomllib.loads(text))
    assert not found, found
    return rules


def _get(rules: Rules, key: str) -> object:
    table, name = key.split(".")
    return getattr(getattr(rules, table), name)


@pytest.mark.parametrize(("key", "toml", "value"), [r[1:] for r in REACHABLE],
                         ids=[r[0] for r in REACHABLE])
def test_each_joker_key_is_reachable_from_toml_and_in_the_digest(
    key: str, toml: str, value: object,
) -> None:
    rules = structured(f'name = "h"\n{key} = {toml}\n')
    assert _get(rules, key) == value
    table, name = key.split(".")
    written = tomllib.loads(rules.to_toml())[table][name]
    assert written == (list(value) if isinstance(value, tuple) else value)
    assert structured(rules.to_toml()) == rules
    assert rules.digest != Rules().digest
    assert (table, name) in LATE_KEYS


def test_min_to_score_by_seat_count_is_reachable_and_read_per_seat_count() -> None:
    """DJ15 (BC "Advanced"): ``brisques.min_to_score`` as a table by seat count."""
    rules = structured('name = "h"\nbrisques.min_to_score = { "2" = 14, "4" = 8 }\n')
    assert (rules.brisques.min_for(2), rules.brisques.min_for(4)) == (14, 8)
    assert tomllib.loads(rules.to_toml())["brisques"]["min_to_score"] == {"2": 14, "4": 8}
    assert structured(rules.to_toml()) == rules and rules.digest != Rules().digest


def test_joker_keys_at_their_defaults_leave_the_digest_of_bezique_alone() -> None:
    base = load_profile("bezique")
    spelled = profile_from_toml(
        'extends = "bezique"\npack.jokers = 0\ndix.award_to = "player"\n'
        "last_trick.seven_bonus = 0\nbrisques.majority_penalty = -200\n"
        "brisques.shortfall_penalty = 0\n[melds]\nsequence_from_own_marriage = false\n"
        "multi_bezique_growth = true\nfirst_bezique_value = 0\n[jokers]\n"
        'wild_in = ["four_aces", "four_kings", "four_queens", "four_jacks"]\nmax_per_meld = 1\n'
        'in_trump_quartets = false\nreuse = "class_rule"\nfresh_card_may_be_joker = true\n'
        'endgame_play = "when_void"\nturned_up = "none"\n[match]\nconsecutive_wins = 0\n'
        "loser_start = 0\n")
    assert spelled.digest == base.digest


# --- J2 / JB-09: the deal arithmetic -----------------------------------------------------------

# (profile text or name, seats, cards, dealt, stock, stock tricks, end tricks); J1, J2, JB-09
# (FRW, BC-R, M4, CPU, HB: 4 x 32 + 4 = 132 cards, nine each; derived)
ARITHMETIC = [
    ("joker", 2, 132, 18, 114, 57, 9),
    (THREE, 3, 132, 27, 105, 35, 9),
    ("joker-four", 4, 132, 36, 96, 24, 9),
    ("joker-partnership", 4, 132, 36, 96, 24, 9),
]


def _rules(name_or_text: str) -> Rules:
    return profile_from_toml(name_or_text) if "\n" in name_or_text else load_profile(name_or_text)


@pytest.mark.parametrize(("profile", "n", "cards", "dealt", "stock", "stock_tricks",
                          "end_tricks"), ARITHMETIC,
                         ids=["joker", "three-seat-house", "joker-four", "joker-partnership"])
def test_j2_the_deal_arithmetic_of_each_joker_profile(
    profile: str, n: int, cards: int, dealt: int, stock: int, stock_tricks: int,
    end_tricks: int,
) -> None:
    """J1, J2, JB-09 (derived; FRW, BC-R, M4, CPU, HB): 132 cards, nine each, no turn-up; a deal
    of stock tricks and end tricks, played to its end with seeded random legal actions."""
    rules = _rules(profile)
    assert rules.players == n
    assert 4 * len(rules.pack.ranks) * rules.pack.copies + rules.pack.jokers == cards
    seed = 7
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=seed % n)
    assert sum(len(deal.hand(p)) for p in range(n)) == dealt
    assert all(len(deal.hand(p)) == 9 for p in range(n))
    assert deal.turn_up is None and deal.stock_size == stock
    tricks = {False: 0, True: 0}  # leads, by whether the end phase had begun
    while not deal.is_over:
        if deal.phase == "lead":
            tricks[deal.in_end_phase] += 1
        deal.apply(rng.choice(deal.legal_actions()))
    assert (tricks[False], tricks[True]) == (stock_tricks, end_tricks)
    assert sum(tricks.values()) == cards // n


# --- JB-09: profiles that cannot be dealt or played ----------------------------------------

# (rule, profile text, the key path it is refused on): JB-09 (WOH's 128 cards; FRW, HB; BC)
JB09 = [
    ("woh_128_cards_at_three_seats", THREE + "pack.jokers = 0", "seats.players"),
    ("three_seats_alone_keep_a_double_win", J + "seats.players = 3", "game.double_win_below"),
    ("jokers_knob_without_jokers", 'extends = "four-handed"\njokers.max_per_meld = 2',
     "jokers.max_per_meld"),
    ("min_to_score_table_without_two_seats", J + 'brisques.min_to_score = { "4" = 8 }',
     "brisques.min_to_score"),
    ("turned_up_trump_needs_a_joker_reading", J + 'trump.selection = "turn_up_next"',
     "jokers.turned_up"),
]


@pytest.mark.parametrize(("text", "path"), [row[1:] for row in JB09], ids=[r[0] for r in JB09])
def test_jb09_a_profile_that_cannot_be_played_is_refused_on_its_key(text: str,
                                                                     path: str) -> None:
    """JB-09 (derived; FRW, WOH, BC): each a ProfileError with its key path."""
    found = problems(text)
    assert [p.split(": ")[1] for p in found] == [path], found
    assert all(p.startswith(f"{SRC}: ") for p in found)


def test_jb09_woh_128_cards_play_at_two_and_four_seats() -> None:
    """JB-09 (WOH): the Haitian game without jokers is ``pack.jokers = 0`` at two or four
    seats; at three the stock of 101 does not divide."""
    assert profile_from_toml(J + "pack.jokers = 0").pack.jokers == 0
    assert profile_from_toml('extends = "joker-four"\npack.jokers = 0').players == 4
    assert problems(THREE + "pack.jokers = 0") == (
        f"{SRC}: seats.players: a pack of 128 cards (pack.ranks, pack.copies) less 3 hands of "
        "9 (deal.hand_size) leaves a stock of 101 = 33 × 3 + 2: every seat draws one card a "
        "trick, so the stock must divide by the seats",)


# --- docs/rules.md#joker-validation: each row on its key path --------------------------------

# (rule, profile text, one problem line it must report)
ROWS: list[tuple[str, str, str]] = [
    ("pack_jokers_not_negative", J + "pack.jokers = -1", "pack.jokers: must be 0 to 8, got -1"),
    ("pack_jokers_at_most_eight", J + "pack.jokers = 9", "pack.jokers: must be 0 to 8, got 9"),
    ("jokers_keys_need_jokers_wild_in",
     'extends = "bezique"\njokers.wild_in = ["four_aces"]',
     "jokers.wild_in: ['four_aces']: no jokers to apply it to (pack.jokers = 0)"),
    ("jokers_keys_need_jokers_reuse", J + 'pack.jokers = 0\njokers.reuse = "never"',
     "jokers.reuse: 'never': no jokers to apply it to (pack.jokers = 0)"),
    ("jokers_keys_need_jokers_bool", 'extends = "bezique"\njokers.in_trump_quartets = true',
     "jokers.in_trump_quartets: true: no jokers to apply it to (pack.jokers = 0)"),
    ("jokers_keys_need_jokers_turned_up", 'extends = "bezique"\njokers.turned_up = "diamonds"',
     "jokers.turned_up: 'diamonds': no jokers to apply it to (pack.jokers = 0)"),
    ("four_jokers_needs_jokers", J + "pack.jokers = 0\nmelds.values.four_jokers = 200",
     "melds.values.four_jokers: no jokers to score: the pack has none (pack.jokers = 0)"),
    ("four_jokers_needs_four", J + "pack.jokers = 2\nmelds.values.four_jokers = 200",
     "melds.table.four_jokers.copies: 4 jokers are more than the pack holds (pack.jokers = 2) "
     "(set in joker.toml)"),
    ("max_per_meld_at_least_one", J + "jokers.max_per_meld = 0",
     "jokers.max_per_meld: must be 1 to 4 (pack.jokers), got 0"),
    ("max_per_meld_at_most_the_jokers", J + "jokers.max_per_meld = 5",
     "jokers.max_per_meld: must be 1 to 4 (pack.jokers), got 5"),
    ("wild_in_names_a_meld_of_the_table", J + 'jokers.wild_in = ["four_aces", "four_ace"]',
     "jokers.wild_in: 'four_ace' is no meld of melds.table; did you mean 'four_aces'?"),
    ("in_trump_quartets_needs_a_trump_quartet",
     J + "jokers.in_trump_quartets = true\n[melds.values]\ntrump_aces = 0\ntrump_kings = 0\n"
     "trump_queens = 0\ntrump_jacks = 0",
     "jokers.in_trump_quartets: true, but melds.table scores no trump quartet (suits = "
     "'trump', one rank) for a joker to enter"),
    ("turned_up_none_with_a_turn_up_dj1", J + 'trump.selection = "turn_up_bottom"',
     "jokers.turned_up: 'none' leaves a turned-up joker without a reading, and "
     "trump.selection = 'turn_up_bottom' turns up a card of a pack with 4 jokers: say what it "
     "makes trumps ('diamonds'; docs/rules.md#dj1)"),
    ("sequence_from_own_marriage_cannot_fix_trumps",
     'extends = "rubicon"\nmelds.sequence_from_own_marriage = true',
     "melds.sequence_from_own_marriage: true lets a sequence grow only from its declarer's "
     "trump marriage, so no sequence could fix trumps as trump.selection = "
     "'first_marriage_or_sequence' says"),
    ("min_to_score_table_has_the_seat_count", THREE + 'brisques.min_to_score = { "2" = 14 }',
     "brisques.min_to_score: the table by seat count has no entry for 3 seats (seats.players)"),
    ("majority_needs_two_teams", 'extends = "joker-four"\nbrisques.counted = "majority"',
     "brisques.counted: 'majority' sets the side with more brisques against the side with "
     "fewer, so it needs two teams, not 4 (seats.teams)"),
    ("match_needs_two_teams", 'extends = "joker-four"\nmatch.consecutive_wins = 4',
     "match.consecutive_wins: settles one winner against one loser, so it needs two teams, "
     "not 4 (seats.teams)"),
    ("match_loser_start_needs_two_teams",
     THREE + "match.consecutive_wins = 4\nmatch.loser_start = 100",
     "match.loser_start: settles one winner against one loser, so it needs two teams, not 3 "
     "(seats.teams)"),
    ("loser_start_needs_a_match", J + "match.loser_start = 100",
     "match.loser_start: 100: no match to lose (match.consecutive_wins = 0)"),
    ("loser_start_below_the_target",
     J + "match.consecutive_wins = 4\nmatch.loser_start = 1000",
     "match.loser_start: 1000 must be below game.target 1000"),
    ("consecutive_wins_not_negative", J + "match.consecutive_wins = -1",
     "match.consecutive_wins: must be 0 (no match) to 100, got -1"),
    ("penalty_not_positive", J + "brisques.shortfall_penalty = 20",
     "brisques.shortfall_penalty: a penalty is 0 or negative, down to -100_000, got 20"),
    ("seven_bonus_not_negative", J + "last_trick.seven_bonus = -10",
     "last_trick.seven_bonus: must not be negative, got -10"),
    ("first_bezique_value_not_negative", J + "melds.first_bezique_value = -100",
     "melds.first_bezique_value: must not be negative, got -100"),
]


@pytest.mark.parametrize(("text", "expected"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_joker_rule_is_reported_on_its_key_path(text: str, expected: str) -> None:
    found = problems(text)
    assert f"{SRC}: {expected}" in found, found


def test_every_joker_problem_is_reported_at_once() -> None:
    text = ('extends = "joker-four"\ntrump.selection = "turn_up_next"\n'
            'jokers.max_per_meld = 6\njokers.wild_in = ["sequence", "four_queen"]\n'
            'brisques.counted = "majority"\nmatch.consecutive_wins = 4\n'
            'brisques.min_to_score = { "2" = 14 }\n')
    assert sorted(paths(text)) == [
        "brisques.counted", "brisques.min_to_score", "jokers.max_per_meld", "jokers.turned_up",
        "jokers.wild_in", "match.consecutive_wins"]


def test_every_jokers_key_off_its_default_without_jokers_is_reported() -> None:
    text = ('extends = "bezique"\n[jokers]\nwild_in = ["sequence"]\nmax_per_meld = 2\n'
            'in_trump_quartets = true\nreuse = "never"\nfresh_card_may_be_joker = false\n'
            'endgame_play = "last_resort"\nturned_up = "diamonds"\n')
    assert sorted(paths(text)) == sorted(f"jokers.{key}" for key in (
        "wild_in", "max_per_meld", "in_trump_quartets", "reuse", "fresh_card_may_be_joker",
        "endgame_play", "turned_up"))


def test_the_jokers_keys_at_their_defaults_load_without_jokers() -> None:
    """The defaults name quartets a table may lack: without jokers nothing is checked."""
    bare = profile_from_toml('name = "bare"\n[melds.table.marriage]\nranks = ["K", "Q"]\n'
                             'suits = "plain"\nclass = "marriage"\n')
    assert bare.pack.jokers == 0 and "four_aces" not in bare.melds.table


@pytest.mark.parametrize("text", [
    J + "jokers.max_per_meld = 4\njokers.in_trump_quartets = true",  # DJ9 (M4), DJ10
    J + 'jokers.wild_in = ["four_aces", "four_kings", "four_queens", "four_jacks", '
        '"marriage", "bezique"]',  # DJ8 (PH: every meld but the sequence)
    J + 'trump.selection = "turn_up_next"\njokers.turned_up = "diamonds"',  # DJ1 (BC)
    J + "melds.values.four_jokers = 200",  # DJ7 (M4)
    J + 'brisques.counted = "majority"\nmatch.consecutive_wins = 4\nmatch.loser_start = 100',
    J + 'brisques.min_to_score = { "2" = 14, "4" = 8 }',  # DJ15 (BC "Advanced")
], ids=["m4_quartets", "ph_wild_in", "bc_turned_up", "m4_four_jokers", "hb_frw_match",
        "bc_advanced"])
def test_each_documented_joker_option_loads(text: str) -> None:
    """Every named option of the DJ table (docs/rules.md#joker-disagreements) is a valid
    profile."""
    rules = profile_from_toml(text)
    assert profile_from_toml(rules.to_toml()) == rules


# --- the command line on each joker profile ------------------------------------------------

JOKER_PROFILES = ["joker", "joker-four", "joker-partnership"]


@pytest.mark.parametrize("name", JOKER_PROFILES)
def test_profiles_show_writes_a_joker_profile_that_loads_back(
    name: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["profiles", "show", name]) == 0
    assert profile_from_toml(capsys.readouterr().out) == load_profile(name)
    assert main(["profiles", "show", name, "--summary"]) == 0
    assert "4 x 32 + 4 jokers = 132 cards" in capsys.readouterr().out


@pytest.mark.parametrize("name", JOKER_PROFILES)
def test_rules_prints_the_joker_game(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The sheet counts the jokers in the pack and the stock and says what a joker does."""
    assert main(["rules", name]) == 0
    out = capsys.readouterr().out
    stock = 132 - 9 * load_profile(name).players
    assert "and four jokers." in out and f"the other {stock} cards form the stock" in out
    assert "\nJOKERS\n" in out and "A joker never completes a trump quartet" in out
    for key in ("pack.jokers", "jokers.wild_in", "jokers.max_per_meld", "jokers.reuse",
                "jokers.in_trump_quartets", "jokers.fresh_card_may_be_joker",
                "jokers.endgame_play", "melds.sequence_from_own_marriage"):
        assert key in out, key


@pytest.mark.parametrize("name", JOKER_PROFILES)
def test_check_finds_every_invariant_holding_on_a_joker_profile(
    name: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", name, "--deals", "2", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"check: {name} (") and "every invariant holds" in out


# --- the invariants' own model of the end phase knows the jokers (J9) --------------------------


def test_j9_after_a_joker_led_the_checker_owes_no_suit() -> None:
    """J9 (BC, CPU): a joker led leaves no suit to follow, so the invariants' model of the
    end-phase duty (`follow_violations`) never refuses a play the engine offers; the first
    end-phase trick of seeded random ``joker`` deals where a joker is led to a seat holding a
    joker."""
    from bezique.cards import is_joker
    from bezique.check.invariants_seats import follow_violations

    rules = load_profile("joker")
    for seed in range(400):
        deal, rng = Deal.new(rules, seed=seed, dealer=0), random.Random(seed)
        while not deal.is_over:
            if (deal.in_end_phase and deal.phase == "follow" and is_joker(deal.trick[0])
                    and any(card.is_joker for card in deal.hand(deal.to_move))):
                held = list(deal.hand(deal.to_move))
                refused = {str(action) for action, _ in follow_violations(deal, held)}
                assert not refused & {str(a) for a in deal.legal_actions()}, seed
                return
            deal.apply(rng.choice(deal.legal_actions()))
    pytest.fail("no joker led to a seat holding a joker in 400 deals")


@pytest.mark.parametrize(("toml", "path"), [
    ('melds.sequence_from_own_marriage = true\nmelds.values.royal_marriage = 0\n'
     'melds.values.sequence = 0', "melds.sequence_from_own_marriage"),
    ("melds.multi_bezique_growth = false\nmelds.values.double_bezique = 0",
     "melds.multi_bezique_growth"),
    ("melds.first_bezique_value = 100\nmelds.values.bezique = 0", "melds.first_bezique_value"),
    ('brisques.counted = "majority"\nbrisques.when = "immediately"', "brisques.counted"),
    ("last_trick.seven_bonus = 10\nlast_trick.value = 0", "last_trick.seven_bonus"),
    ('dix.award_to = "trick_winner"\ndix.score_on_play = false', "dix.award_to"),
])
def test_a_key_with_nothing_to_act_on_is_refused(toml: str, path: str) -> None:
    """A joker-game key set where the rest of the profile gives it nothing to act on is reported
    at its key path (docs/rules.md#joker-validation)."""
    with pytest.raises(ProfileError) as caught:
        profile_from_toml(f'extends = "bezique"\n{toml}')
    assert any(line.strip().startswith(f"<string>: {path}:") for line in str(caught.value)
               .splitlines()), str(caught.value)


def test_four_jokers_that_could_never_be_declared_are_refused() -> None:
    """With ``melds.new_card_from_hand_required``, a scored four jokers needs a joker to be
    allowed as the fresh card (DJ7, DJ12)."""
    with pytest.raises(ProfileError, match=r"jokers\.fresh_card_may_be_joker"):
        profile_from_toml('extends = "joker"\njokers.fresh_card_may_be_joker = false\n'
                                  "melds.values.four_jokers = 200")
    profile_from_toml('extends = "joker"\nmelds.values.four_jokers = 200')
