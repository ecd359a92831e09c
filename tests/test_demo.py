"""bezique demo: the transcript tells the game GreedyBots actually play, briefly and exactly."""

from __future__ import annotations

import io
import re

import pytest

import bezique
from bezique.bots import GreedyBot, play_game
from bezique.cli import main
from bezique.cli_demo import NAMES, meld_words, name_players, narrate_game
from bezique.game import Game


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
        for line in settlement.breakdown:
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
                                     "bezique-first-marriage"])
def test_demo_narrates_other_profiles(profile: str) -> None:
    text, _ = _demo(profile, seed=3)
    assert f"profile {profile}" in text and "points by reason" in text
    assert re.search(r"(Ada|Bob) wins|Drawn game", text.splitlines()[-1])


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
    assert out.startswith("Bezique demo: profile five-hundred, seed 2.")
