"""Play that aims to win the game (issue 37, part 2): `bezique.search.game_value` and the
``objective`` of `SearchBot` and `evaluate`."""

from __future__ import annotations

import json
import random

import pytest

import bezique
from bezique.bots import GreedyBot, play_game
from bezique.search import SearchBot, evaluate
from bezique.search.game_value import (
    GRID,
    SHIPPED_SAMPLES,
    GameValue,
    race,
    sample_deals,
    uses_race,
)
from bezique.search.values import BLEND_WEIGHT, BlendValue, PointsValue, leaf_value


@pytest.fixture(scope="module")
def bezique_rules() -> bezique.Rules:
    return bezique.load_profile("bezique")


RACING = [name for name in bezique.list_profiles() if uses_race(bezique.load_profile(name))]
"""The built-in profiles whose game objective builds a race model."""


@pytest.mark.parametrize("name", RACING)
def test_the_shipped_race_samples_are_the_deals_greedy_bots_play(name: str) -> None:
    """The sample deals shipped for a built-in profile (by its digest) are the ones
    `sample_deals` plays now; if the engine or GreedyBot changed how deals go, run
    ``python tests/race_samples.py``."""
    rules = bezique.load_profile(name)
    shipped = json.loads(SHIPPED_SAMPLES.read_text(encoding="utf-8"))
    assert shipped[rules.digest]["profile"] == name
    played = [list(pair) for pair in sample_deals(rules)]
    assert shipped[rules.digest]["points"] == played, "run python tests/race_samples.py"


def test_the_race_model_serves_two_teams_playing_to_a_target() -> None:
    """Partners count as one team; a single-deal game (rubicon) and more than two teams
    (four-handed, each seat its own) have none."""
    assert uses_race(bezique.load_profile("bezique"))
    assert uses_race(bezique.load_profile("joker-partnership"))
    assert not uses_race(bezique.load_profile("rubicon"))
    assert not uses_race(bezique.load_profile("four-handed"))
    game = GameValue(bezique.load_profile("rubicon"), player=0, totals=(0, 0), target=1000,
                     dealer=0)
    assert game._race is None


def test_only_the_racing_profiles_are_shipped() -> None:
    shipped = json.loads(SHIPPED_SAMPLES.read_text(encoding="utf-8"))
    assert sorted(entry["profile"] for entry in shipped.values()) == sorted(RACING)


def test_the_race_is_even_from_level_totals_and_antisymmetric(
        bezique_rules: bezique.Rules) -> None:
    model = race(bezique_rules, 1000)
    assert len(model.values) == GRID + 1
    for a, b in [(0, 0), (400, 400), (900, 900), (120, 870), (990, 10)]:
        assert model.value((a, b)) == pytest.approx(-model.value((b, a)), abs=1e-9)
    assert model.value((0, 0)) == pytest.approx(0.0, abs=1e-9)


def test_the_race_values_a_lead_more_the_nearer_the_target(bezique_rules: bezique.Rules) -> None:
    """More of one's own total is worth more; the same 200-point lead is worth more near the
    target than at the start; values stay within a double win either way."""
    model = race(bezique_rules, 1000)
    row = [model.value((t, 500)) for t in range(0, 1000, 50)]
    assert row == sorted(row)
    assert model.value((900, 700)) > model.value((300, 100)) > 0
    assert all(-2 <= v <= 2 for line in model.values for v in line)


def test_a_deal_that_loses_points_counts_as_no_progress_in_the_race(
        bezique_rules: bezique.Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    """A penalty can leave a team below zero in a deal (``brisques.counted = "majority"``, as
    a joker house rule played by SearchBot found): the race model still builds, its needs
    only shrinking, and values such a deal as one that scores nothing."""
    from bezique.search import game_value

    penalised = ((-200, 300), (300, -200), (150, 150), (-50, -50))
    flat = ((0, 300), (300, 0), (150, 150), (0, 0))
    models = []
    for samples in (penalised, flat):
        monkeypatch.setattr(game_value, "_samples", lambda rules, s=samples: s)
        models.append(race.__wrapped__(bezique_rules, 1000))
    assert models[0] == models[1]
    assert all(-2 <= v <= 2 for line in models[0].values for v in line)
    assert models[0].value((400, 600)) == pytest.approx(-models[0].value((600, 400)), abs=1e-9)


def test_a_decided_game_is_worth_one_game_won_or_lost(bezique_rules: bezique.Rules) -> None:
    """bezique: the target 1000 at the end of the deal (S003); a draw at equal totals."""
    value = GameValue(bezique_rules, player=0, totals=(900, 950), target=1000, dealer=1)
    assert value.of_scores((150, 40)) == 1.0  # 1050 against 990
    assert value.of_scores((40, 60)) == -1.0  # 940 against 1010
    assert value.of_scores((100, 50)) == 0.0  # 1000 each: a draw
    p1 = GameValue(bezique_rules, player=1, totals=(900, 950), target=1000, dealer=1)
    assert p1.of_scores((150, 40)) == -1.0
    going_on = value.of_scores((20, 10))  # 920 against 960: the race model decides
    assert -1.0 < going_on < 0.0


def test_a_double_win_is_worth_two_games() -> None:
    """joker: a win with the loser under 750 counts two (``game.double_win_below``)."""
    rules = bezique.load_profile("joker")
    assert rules.game.double_win_below == 750
    value = GameValue(rules, player=0, totals=(900, 100), target=1000, dealer=1)
    assert value.of_scores((200, 30)) == 2.0


def test_a_single_deal_game_is_worth_its_settled_margin() -> None:
    """rubicon: the winner is credited the difference and the game bonus, a rubiconed loser's
    points go to the winner with the rubicon bonus (the settlement's margin)."""
    rules = bezique.load_profile("rubicon")
    value = GameValue(rules, player=1, totals=(0, 0), target=1000, dealer=0)
    settled = bezique.settle(rules, points=(1200, 800), dealer=0)
    assert value.of_scores((1200, 800)) == -settled.margin
    assert value.of_scores((800, 1200)) == settled.margin


def test_the_objective_is_the_games_only_at_two_seats(bezique_rules: bezique.Rules) -> None:
    deal = bezique.Deal.new(bezique_rules, seed=2)
    assert isinstance(leaf_value(deal.observation(0), "game"), GameValue)
    assert isinstance(leaf_value(deal.observation(0), "points"), PointsValue)
    four = bezique.Deal.new(bezique.load_profile("partnership"), seed=2)
    assert isinstance(leaf_value(four.observation(0), "game"), PointsValue)
    with pytest.raises(ValueError, match="objective"):
        leaf_value(deal.observation(0), "money")
    with pytest.raises(ValueError, match="objective"):
        SearchBot(objective="money")


def test_the_blend_is_the_game_with_the_points_as_a_tie_break(
        bezique_rules: bezique.Rules) -> None:
    """Deals of the same worth for the game rank by their point difference, a tenth of the
    target's worth at most a target's difference; a deal that decides the game still counts
    as the game."""
    deal = bezique.Deal.new(bezique_rules, seed=2, totals=(100, 100))
    blend = leaf_value(deal.observation(0), "blend")
    assert isinstance(blend, BlendValue)
    game = leaf_value(deal.observation(0), "game")
    assert isinstance(game, GameValue)
    for scores in [(400, 400), (900, 300), (300, 900), (1200, 0)]:
        difference = (scores[0] - scores[1]) / 1000
        assert blend.of_scores(scores) == pytest.approx(
            game.of_scores(scores) + BLEND_WEIGHT * difference)
    late = bezique.Deal.new(bezique_rules, seed=2, totals=(990, 200))
    decided = leaf_value(late.observation(0), "blend")
    assert decided.of_scores((500, 100)) == pytest.approx(1 + BLEND_WEIGHT * 0.4)  # won
    four = bezique.Deal.new(bezique.load_profile("partnership"), seed=2)
    assert isinstance(leaf_value(four.observation(0), "blend"), PointsValue)
    assert SearchBot(objective="blend").objective == "blend"


def test_evaluate_values_the_game_where_the_deal_decides_it(bezique_rules: bezique.Rules) -> None:
    """With both players 10 short of the target every deal decides the game: each action's
    value is a mean of won (+1), lost (-1) and drawn (0) games."""
    deal = bezique.Deal.new(bezique_rules, seed=5, totals=(990, 990))
    observation = deal.observation(deal.to_move or 0)
    found = evaluate(observation, rng=random.Random(1), simulations=40, objective="game")
    assert all(-1.0 <= v.value <= 1.0 for v in found.values)
    points = evaluate(observation, rng=random.Random(1), simulations=40)
    assert any(abs(v.value) > 1 for v in points.values)  # the same worlds, in points


@pytest.mark.parametrize("name", ["bezique", "five-hundred", "rubicon"])
def test_a_game_aware_search_bot_plays_whole_games(name: str) -> None:
    rules = bezique.load_profile(name)
    result = play_game(rules, (SearchBot(seed=3, simulations=8, objective="game"), GreedyBot()),
                       seed=4)
    assert result.is_over and result.result is not None
