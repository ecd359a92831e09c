"""The house-rule lab (docs/lab.md): common random numbers, the same numbers for any number of
workers or backend, paired differences, and a clean stop on Ctrl-C."""

from __future__ import annotations

import math
import multiprocessing
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import bezique
from bezique.errors import ProfileError
from bezique.game import Game
from bezique.lab import GAMES_PER_TASK, ExtraMissing, compare, game_counts
from bezique.lab.simulation import unit_seed, wilson
from bezique.lab.stats import Metric, difference, estimate

NO_LAST_STOCK_MELD = Path(__file__).parent.parent / "examples" / "house-rules" / \
    "no-meld-on-last-stock-trick.toml"


def test_a_profile_compared_with_itself_differs_by_exactly_zero() -> None:
    c = compare(["bezique", "bezique"], games=3)
    assert c.profiles == ("bezique", "bezique#2")
    for m in c.metrics:
        assert m.estimates[0] == m.estimates[1]
        (d,) = m.differences
        assert (d.value, d.low, d.high) == (0.0, 0.0, 0.0)
        assert not d.significant


def test_a_renamed_copy_plays_exactly_the_same_games(
    write_profile: Callable[[str, str], Path],
) -> None:
    copy = write_profile("copy.toml", 'extends = "bezique"\nname = "copy"\n')
    c = compare(["bezique", copy], games=3, seed=5)
    base = [r for r in c.rows if r.profile == "bezique"]
    other = [r for r in c.rows if r.profile == "copy"]
    assert len(base) == len(other) > 3
    for a, b in zip(base, other, strict=True):
        assert (a.game, a.deal, a.dealer, a.scores, a.sources, a.melds) == \
            (b.game, b.deal, b.dealer, b.scores, b.sources, b.melds)


def test_identical_packs_deal_the_same_first_hands_for_the_same_game() -> None:
    base = bezique.load_profile("bezique")
    house = bezique.load_profile(NO_LAST_STOCK_MELD)
    c = compare([base, house], games=2)
    for i in range(2):
        deals = [Game(r, seed=unit_seed(0, i)).new_deal() for r in (base, house)]
        assert deals[0].hand(0) == deals[1].hand(0) and deals[0].stock == deals[1].stock
        first = [r for r in c.rows if r.game == i and r.deal == 0]
        assert first[0].dealer == first[1].dealer == deals[0].dealer


def test_different_packs_still_share_the_game_seed_and_bot_seats() -> None:
    c = compare(["bezique", "rubicon"], games=2)
    for i in range(2):
        seats = {r.bot_a_seat for r in c.rows if r.game == i}
        assert seats == {i % 2}


def test_two_workers_give_exactly_the_numbers_of_one() -> None:
    games = GAMES_PER_TASK + 2  # two tasks, so both workers get one
    one = compare(["rubicon", "chinese"], games=games, seed=3, workers=1)
    two = compare(["rubicon", "chinese"], games=games, seed=3, workers=2)
    assert two == one
    assert two.to_dict() == one.to_dict()


def test_another_seed_gives_other_games() -> None:
    a = compare(["rubicon", "chinese"], games=2, seed=1)
    b = compare(["rubicon", "chinese"], games=2, seed=2)
    assert a.rows != b.rows


def test_counts_add_up_game_by_game() -> None:
    rules = bezique.load_profile("bezique")
    game = bezique.bots.play_game(rules, [bezique.bots.make_bot("greedy", s) for s in (1, 2)], 9)
    counts = game_counts(game, seat_a=1)
    assert counts["games"] == 1 and counts["deals"] == len(game.deals)
    assert counts["game_win_p0"] + counts["game_win_p1"] + counts["game_draw"] == 1
    assert counts["game_win_bot_a"] == counts["game_win_p1"]
    assert counts["deal_win_p0"] + counts["deal_win_p1"] == counts["deal_decided"]
    assert counts["points_dealer"] + counts["points_elder"] == counts["points"]
    sources = sum(v for k, v in counts.items() if k.startswith("points:"))
    assert sources == counts["points"] == sum(sum(d.scores) for d in game.deals)
    assert {k.removeprefix("meld:") for k in counts if k.startswith("meld:")} <= set(
        rules.melds.values)


def test_figures_report_what_the_rows_say() -> None:
    c = compare(["bezique", "five-hundred"], games=3)
    for p, label in enumerate(c.profiles):
        rows = [r for r in c.rows if r.profile == label]
        score = c.metric("deal_score").estimates[p]
        assert math.isclose(score.value, sum(sum(r.scores) for r in rows) / 2 / len(rows))
        dealer = sum(r.scores[r.dealer] > r.scores[1 - r.dealer] for r in rows)
        decided = sum(r.scores[0] != r.scores[1] for r in rows)
        rate = c.metric("deal_win_dealer").estimates[p]
        assert (rate.value, (rate.low, rate.high)) == (dealer / decided, wilson(dealer, decided))
    assert c.metric("meld:back_door").estimates[0].value == 0.0  # a five-hundred meld only
    with pytest.raises(KeyError, match="no figure 'nothing'"):
        c.metric("nothing")


def test_paired_difference_is_the_mean_of_per_game_differences_with_its_interval() -> None:
    metric = Metric("x", "x", "per game", "x", "games")
    base = [{"games": 1, "x": v} for v in (3, 5, 4, 8)]
    other = [{"games": 1, "x": v} for v in (4, 7, 4, 11)]
    d = difference(metric, base, other)
    diffs = [1, 2, 0, 3]
    mean = sum(diffs) / 4
    se = math.sqrt(sum((x - mean) ** 2 for x in diffs) / 3 / 4)
    assert d.value == pytest.approx(mean)
    assert (d.low, d.high) == pytest.approx((mean - 1.959964 * se, mean + 1.959964 * se))
    assert d.significant


def test_a_ratio_estimate_weights_games_by_their_deals() -> None:
    metric = Metric("y", "y", "per deal", "y", "deals")
    games = [{"deals": 1, "y": 10}, {"deals": 3, "y": 30}, {"deals": 2, "y": 26}]
    e = estimate(metric, games)
    assert e.value == pytest.approx(66 / 6) and e.n == 6
    assert e.low < e.value < e.high


def test_an_interrupt_reports_the_games_played_so_far() -> None:
    def stop_after_two(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    c = compare(["rubicon", "chinese"], games=5, progress=stop_after_two)
    assert c.interrupted and (c.games, c.requested) == (2, 5)
    assert {r.game for r in c.rows} == {0, 1}
    assert c.to_dict()["interrupted"] is True


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"profiles": ["bezique"], "games": 1}, "at least two profiles"),
    ({"profiles": ["bezique", "rubicon"], "games": 0}, "at least 1"),
    ({"profiles": ["bezique", "rubicon"], "games": 1, "backend": "spark"}, "local, ray"),
    ({"profiles": ["bezique", "rubicon"], "games": 1, "bots": ("greedy", "clever")},
     "unknown bot 'clever'"),
])
def test_bad_arguments_raise_value_error_saying_what_is_expected(
    kwargs: dict[str, object], message: str,
) -> None:
    with pytest.raises(ValueError, match=message):
        compare(**kwargs)  # type: ignore[arg-type]


def test_an_unknown_profile_raises_profile_error_listing_the_built_in_names() -> None:
    with pytest.raises(ProfileError, match=r"built-in: .*bezique.*rubicon"):
        compare(["bezique", "no-such-profile"], games=1)


def test_the_ray_backend_without_ray_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ExtraMissing, match=r"pip install 'bezique\[ray\]'"):
        compare(["rubicon", "chinese"], games=1, backend="ray")


def test_the_ray_backend_gives_exactly_the_numbers_of_the_local_one() -> None:
    ray = pytest.importorskip("ray", reason="pip install 'bezique[ray]'")
    games = GAMES_PER_TASK + 2
    local = compare(["rubicon", "chinese"], games=games, seed=11)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        remote = compare(["rubicon", "chinese"], games=games, seed=11, backend="ray")
    finally:
        ray.shutdown()
    assert remote == local


def test_an_interrupt_with_workers_stops_them_and_keeps_the_finished_tasks() -> None:
    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    c = compare(["rubicon", "chinese"], games=3 * GAMES_PER_TASK, workers=2, progress=stop)
    assert c.interrupted and c.games < c.requested == 3 * GAMES_PER_TASK
    assert c.games % GAMES_PER_TASK == 0  # whole tasks only
    assert multiprocessing.active_children() == []
