"""Bots by name: ``search`` is registered beside ``greedy`` and ``random``, and a spec
``NAME:N`` gives a budgeted bot its budget (``search:50``: 50 playouts per decision)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import bezique
from bezique.bots import BOTS, BUDGETED_BOTS, GreedyBot, check_bot_spec, make_bot, play_deal
from bezique.search import DEFAULT_OBJECTIVE, DEFAULT_SIMULATIONS, SearchBot

ROOT = Path(__file__).resolve().parent.parent


def test_make_bot_search_gives_a_seeded_search_bot_with_the_default_budget() -> None:
    bot = make_bot("search", 3)
    assert isinstance(bot, SearchBot)
    assert bot.simulations == DEFAULT_SIMULATIONS and bot.seconds is None
    assert "search" in BOTS and "search" in BUDGETED_BOTS


def test_a_budget_after_the_colon_caps_the_playouts_per_decision() -> None:
    bot = make_bot("search:12", 3)
    assert isinstance(bot, SearchBot) and bot.simulations == 12


def test_the_same_spec_and_seed_play_the_same_deal() -> None:
    rules = bezique.load_profile("bezique")
    a = play_deal(rules, (make_bot("search:10", 5), GreedyBot()), seed=2)
    b = play_deal(rules, (make_bot("search:10", 5), GreedyBot()), seed=2)
    assert a.is_over and a.actions == b.actions


@pytest.mark.parametrize(("spec", "message"), [
    ("clever", "unknown bot 'clever': expected one of search, search-game, search-points, "
               "planner, greedy, random, cheat, ismcts"),
    ("greedy:10", "only search, search-game, search-points, ismcts take a budget"),
    ("search:0", "must be a whole number of at least 1"),
    ("search:many", "must be a whole number of at least 1"),
    ("search:", "must be a whole number of at least 1"),
])
def test_a_bad_bot_spec_is_a_value_error_saying_what_is_expected(spec: str,
                                                                 message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_bot_spec(spec)
    with pytest.raises(ValueError, match=message):
        make_bot(spec, 0)


def test_importing_bezique_bots_does_not_import_the_search() -> None:
    code = "import sys, bezique.bots; print('bezique.search' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize(("spec", "simulations", "seconds"), [
    ("search-game", 48, None), ("search-game:5", 5, None), ("search-game:0.05", None, 0.05)])
def test_search_game_is_the_search_playing_for_the_game(
        spec: str, simulations: int | None, seconds: float | None) -> None:
    """``search-game`` (issue 37): SearchBot with ``objective = "game"``, budgets as search's."""
    bot = make_bot(spec, 1)
    assert (bot.objective, bot.simulations, bot.seconds) == ("game", simulations, seconds)


@pytest.mark.parametrize(("spec", "objective"), [
    ("search", "blend"), ("search:5", "blend"), ("search:0.05", "blend"),
    ("search-points", "points"), ("search-points:5", "points"), ("search-points:0.05", "points")])
def test_search_plays_at_the_default_objective_and_search_points_for_the_points(
        spec: str, objective: str) -> None:
    """``search`` is SearchBot at its default objective, the blend since the declared run of
    docs/bots.md; ``search-points`` the search of the ladders published before it."""
    assert DEFAULT_OBJECTIVE == "blend" == SearchBot().objective
    assert make_bot(spec, 1).objective == objective
