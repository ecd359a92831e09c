"""bezique demo: the transcript tells the game GreedyBots actually play, briefly and exactly."""

from __future__ import annotations

import io
import re

import pytest

import bezique
from bezique.bots import GreedyBot, play_game
from bezique.cli import main
from bezique.cli.demo import narrate_game
from bezique.compile import compile_rules
from bezique.game import Game
from bezique.view.narrate import NAMES, deal_header, glossary, meld_words, name_players


def _demo(profile: str = "bezique", seed: int = 1, full: bool = False) -> tuple[str, Game]:
    out = io.StringIO()
    game = narrate_game(bezique.load_profile(profile), seed, out, full=full)
    return out.getvalue(), game


@pytest.fixture(scope="module")
def played() -> tuple[str, Game]:
    """The default demo's text, and the same game played without narration."""
    text, _ = _demo()
    return text, play_game(bezique.load_profile("bezique"), (GreedyBot(), GreedyBot()), seed=1)


def test_demo_ends_with_the_result_of_the_game_greedy_bots_play(played: tuple[str, Game]) -> None:
    text, game = played
    assert game.result is not None
    expected = game.result.describe().replace("P0", NAMES[0]).replace("P1", NAMES[1])
    assert text.rstrip().endswith(expected)


def test_end_count_lines_name_the_players_as_the_transcript_does(
    played: tuple[str, Game],
) -> None:
    text, game = played
    lines = text.splitlines()
    for settlement in game.settlements:
        verdict = settlement.breakdown[-1] if settlement.game_over else None
        for line in settlement.breakdown:
            if line != verdict:  # the game's result says it, once, last
                assert f"  {name_players(line)}" in lines
    assert not re.search(r"^\s+[AB][: ]", text, flags=re.MULTILINE)
    assert re.search(r"^  Ada: 0 \+ \d+ = \d+$", text, flags=re.MULTILINE)
    assert re.search(r"^  Bob: 0 \+ \d+ = \d+$", text, flags=re.MULTILINE)


def test_each_deal_has_a_breakdown_whose_total_is_the_deal_score(
    played: tuple[str, Game],
) -> None:
    text, game = played
    totals = re.findall(r"^  total\s+(\d+)\s+(\d+)$", text, flags=re.MULTILINE)
    assert [(int(a), int(b)) for a, b in totals] == [d.scores for d in game.deals]
    assert text.count("=== Deal ") == len(game.deals)


def test_every_scored_declaration_is_narrated_with_its_points(played: tuple[str, Game]) -> None:
    text, game = played
    melds = set(game.rules.melds.values)
    scored = [e for d in game.deals for e in d.events if e.kind == "score" and e.reason in melds]
    assert text.count(" declares ") == len(scored)
    for e in scored:
        assert f"declares {e.reason.replace('_', ' ')} " in text
        assert f": +{e.points} (" in text


def test_the_first_deal_is_shown_trick_by_trick_and_later_ones_summarised(
    played: tuple[str, Game],
) -> None:
    text, _ = played
    first, *later = text.split("=== Deal ")[1:]
    assert re.search(r"^\s+32\. ", first, flags=re.MULTILINE)
    assert "[stock 46]" in first and "the stock is exhausted" in first
    assert later and all("tricks not shown" in deal for deal in later)
    assert len(text.splitlines()) < 250


def test_full_shows_every_trick_of_every_deal() -> None:
    text, game = _demo(full=True)
    assert "tricks not shown" not in text
    trick_lines = re.findall(r"^\s+\d+\. \w+ \S+.*-> \w+", text, flags=re.MULTILINE)
    assert len(trick_lines) == sum(d.tricks_played for d in game.deals)


@pytest.mark.parametrize("profile", ["five-hundred", "pinochle", "rubicon",
                                     "bezique-first-marriage", "joker", "joker-four",
                                     "joker-partnership"])
def test_demo_narrates_other_profiles(profile: str) -> None:
    text, _ = _demo(profile, seed=3)
    assert f"profile {profile}" in text and "points by reason" in text
    assert re.search(r"(Ada|Bob|Cy|Dee) wins|\w+\+\w+ win |Drawn game", text.splitlines()[-1])


def test_meld_words_describe_the_profile_meld_table() -> None:
    rules = bezique.load_profile("bezique")
    assert meld_words(rules, "royal_marriage") == "king and queen of trumps"
    assert meld_words(rules, "bezique") == "queen of spades and jack of diamonds"
    house = bezique.profile_from_toml(
        'extends = "bezique"\n[melds.table.nines]\nranks = ["9"]\nsuits = "any"\ncopies = 4\n'
        'class = "nines"\n[melds.values]\nnines = 15\n')
    assert meld_words(house, "nines") == "four nines, any suits"


def test_demo_command_takes_profile_and_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--profile", "five-hundred", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Demo of Five Hundred Bezique (profile five-hundred): two players, "
                          "32 cards, trumps turned up, call-out at 500; seed 2.\n")


INTERNAL = re.compile(r"\bruling\b|\bR\d+\b|\([A-Z]+\d*\)|\bS\d{3}\b|\bP[0-3]\b|\w_\w|"
                      r"\bphase\b|\b(lead|follow|declare|over)\)")
"""What a player should never read in a demo: rulings, source tags, seat labels, ids written
with underscores (meld templates, keys) and the engine's phase names."""


@pytest.mark.parametrize("profile", bezique.list_profiles())
def test_the_demo_speaks_players_words_in_every_profile(profile: str) -> None:
    """The header says what game is played (seats, pack, trumps, the end) in players' words,
    and nothing in the transcript names an internal id, ruling or phase."""
    rules = bezique.load_profile(profile)
    text, _ = _demo(profile)
    header = text.splitlines()[0]
    assert header.startswith("Demo of ") and f"(profile {profile}): " in header
    assert f"{rules.players} players".replace("2", "two").replace("3", "three").replace(
        "4", "four") in header
    assert f"{compile_rules(rules).pack_size} cards" in header
    assert header.endswith("; seed 1.")
    assert not INTERNAL.search(text), INTERNAL.search(text)


@pytest.mark.parametrize("profile", ["bezique", "rubicon", "chinese", "five-hundred"])
def test_demo_prints_the_game_result_once_as_its_last_line(profile: str) -> None:
    text, game = _demo(profile)
    assert game.result is not None
    result = name_players(game.result.describe())
    assert text.rstrip().splitlines()[-1] == result
    assert text.count(result) == 1
    verdict = name_players(game.settlements[-1].breakdown[-1])
    assert f"  {verdict}\n" not in text


def test_demo_explains_dix_and_brisques_once_where_they_first_occur() -> None:
    text, _ = _demo()
    lines = text.splitlines()
    for word in ("dix", "brisques"):
        notes = [i for i, line in enumerate(lines) if line.startswith(f"  ({word}: ")]
        assert len(notes) == 1, word
        first = next(i for i, line in enumerate(lines[2:], 2) if word in line)
        assert notes[0] == first + 1, (word, lines[first])
    assert "(dix: the seven of trumps; it scores 10 when" in text
    assert "(brisques: aces and tens won in tricks, 10 points each" in text


def test_pinochle_dix_is_explained_as_its_nine() -> None:
    assert "(dix: the nine of trumps" in _demo("pinochle")[0]


def test_trick_line_stock_is_the_stock_the_table_shows_before_the_draw() -> None:
    """The trick line used to count the winner's draw before it happened ("stock 46" after the
    first trick while the table still showed 48); it now shows the stock as it is."""
    text, game = _demo()
    first = re.search(r"^\s+1\. .*\[stock (\d+)\]$", text, flags=re.MULTILINE)
    assert first is not None
    fresh = bezique.Deal.new(game.rules, seed=0)
    assert int(first.group(1)) == fresh.stock_size == 48


def test_glossary_reads_the_profile() -> None:
    """The explanations follow the profile: the dix rank and the ways it scores, how
    brisques are counted."""
    rubicon = glossary(bezique.load_profile("rubicon"))
    assert "only to break a tie or to escape the rubicon" in rubicon["brisques"]
    five = glossary(bezique.load_profile("five-hundred"))
    assert "scored as trick points (a11_t10_k4_q3_j2)" in five["brisques"]
    exchange_only = bezique.profile_from_toml('extends = "bezique"\n'
                                              'dix.only_method = "exchange_only"\n')
    assert "shown" not in glossary(exchange_only)["dix"]


def test_meld_words_say_what_a_joker_may_stand_for() -> None:
    """DJ7 to DJ10 (docs/rules.md#game-joker): a quartet a joker may complete says so, with
    how many under ``jokers.max_per_meld``; a trump quartet does not (no joker in one); four
    jokers are named. Without jokers the words are as before."""
    rules = bezique.load_profile("joker")
    assert meld_words(rules, "four_jacks") == "four jacks, any suits; a joker may stand for one"
    assert meld_words(rules, "trump_jacks") == "four of each: jack of trumps"
    assert meld_words(rules, "four_jokers") == "four jokers"
    assert meld_words(bezique.load_profile("bezique"), "four_jacks") == "four jacks, any suits"
    m4 = bezique.profile_from_toml('extends = "joker"\n[jokers]\nmax_per_meld = 4\n'
                                   '[melds.values]\nfour_jokers = 200\n')
    assert meld_words(m4, "four_kings") == "four kings, any suits; jokers may stand for up to 4"


def test_demo_of_a_joker_game_explains_the_joker_once_where_it_first_occurs() -> None:
    """The joker is explained from the profile (the quartets it completes, its tricks: JB-05)
    after the first line that shows one, once; a profile without jokers has no such note."""
    lines = _demo("joker")[0].splitlines()
    notes = [i for i, line in enumerate(lines) if line.startswith("  (joker: ")]
    assert len(notes) == 1
    first = next(i for i, line in enumerate(lines[2:], 2) if "JK" in line or "joker" in line)
    assert notes[0] == first + 1
    assert ("it completes four aces, four kings, four queens or four jacks; led, it wins the "
            "trick unless a trump is played to it") in lines[notes[0]]
    assert "joker" not in glossary(bezique.load_profile("bezique"))


TURNED_JOKER = """\
extends = "joker"
name = "joker-turn-up"
[trump]
selection = "turn_up_next"
[jokers]
turned_up = "diamonds"
[dix]
turn_up_scores = true
exchange_allowed = true
show_allowed = true
"""
"""BC's house profile of a turned-up trump card (DJ1, BC-R §1.6), a turned-up joker making
diamonds trumps (``jokers.turned_up = "diamonds"``, BC code only)."""


def test_a_turned_up_joker_makes_diamonds_trumps_in_the_deal_header() -> None:
    """DJ1 (source: BC code only): with ``jokers.turned_up = "diamonds"`` a turned-up joker
    makes diamonds trumps; the deal header says so (seed 40 turns up a joker)."""
    deal = bezique.Deal.new(bezique.profile_from_toml(TURNED_JOKER), seed=40)
    assert deal.turn_up is not None and deal.turn_up.is_joker
    assert str(deal.trump) == "diamonds"
    assert deal_header(deal, 1)[0].endswith(" deals; turn-up JK, trumps diamonds ===")


def test_the_deal_header_names_the_trumps_of_the_deal_not_the_turn_ups_suit() -> None:
    """A turned-up joker has no suit: the header names the deal's trumps (a stacked position
    of the house profile above, diamonds given as ``jokers.turned_up`` reads it)."""
    deal = bezique.Deal.from_position(
        bezique.profile_from_toml(TURNED_JOKER), hands=["AS KS QS", "AH KH QH"],
        stock="7C 8C 9C", turn_up="JK", trump="diamonds", dealer=1, reachable=False)
    assert deal_header(deal, 1)[0] == "=== Deal 1: Bob deals; turn-up JK, trumps diamonds ==="
