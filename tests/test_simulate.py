"""simulate: seeded units, the same numbers for any number of workers, and honest statistics."""

from __future__ import annotations

import json
import math

import pytest

import bezique
from bezique.cli import main
from bezique.lab.simulation import CHUNK, chunks, simulate, unit_seed, wilson


def test_two_workers_give_exactly_the_numbers_of_one() -> None:
    rules = bezique.load_profile("bezique")
    units = 2 * CHUNK + 5  # three chunks, so both workers get some
    one = simulate(rules, units=units, bots=("greedy", "random"), seed=7, workers=1)
    two = simulate(rules, units=units, bots=("greedy", "random"), seed=7, workers=2)
    assert two.tally == one.tally
    assert two.to_dict() == one.to_dict()


def test_another_seed_gives_other_deals() -> None:
    rules = bezique.load_profile("five-hundred")
    a = simulate(rules, units=10, bots=("random", "random"), seed=1)
    b = simulate(rules, units=10, bots=("random", "random"), seed=2)
    assert a.tally != b.tally
    assert unit_seed(1, 0) != unit_seed(2, 0) and unit_seed(1, 0) != unit_seed(1, 1)


def test_chunks_cover_every_unit_once_whatever_the_count() -> None:
    for units in (0, 1, CHUNK, CHUNK + 1, 5 * CHUNK - 3):
        covered = [i for r in chunks(units) for i in r]
        assert covered == list(range(units))


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (7, 10, 0.3968, 0.8922),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
])
def test_wilson_interval_matches_the_formula(k: int, n: int, low: float, high: float) -> None:
    got = wilson(k, n)
    assert got[0] == pytest.approx(low, abs=1e-4) and got[1] == pytest.approx(high, abs=1e-4)


def test_wilson_interval_of_no_trials_is_everything() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_every_unit_is_won_drawn_or_lost_and_points_add_up_by_source() -> None:
    summary = simulate(bezique.load_profile("bezique"), units=12, bots=("greedy", "greedy"))
    t = summary.tally
    assert sum(t.wins) + t.draws == t.units == t.deals == 12
    for i, reasons in enumerate((t.reasons_a, t.reasons_b)):
        assert sum(points for _, points in reasons) == t.points[i]
    melds = set(bezique.load_profile("bezique").melds.values)
    assert {name for name, _ in t.meld_scored} <= melds


def test_games_mode_counts_games_and_their_deals() -> None:
    summary = simulate(bezique.load_profile("bezique"), units=3, bots=("greedy", "random"),
                       games=True)
    t = summary.tally
    assert t.units == 3 and t.deals >= 3
    assert summary.to_dict()["unit"] == "game"


def test_simulate_json_output_is_machine_readable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--deals", "6", "--bots", "greedy,random", "--json",
                 "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["units"] == 6 and data["unit"] == "deal"
    rates = [bot["rate"] for bot in data["bots"]]
    assert math.isclose(sum(rates) + data["draws"] / 6, 1.0)
    for bot in data["bots"]:
        low, high = bot["ci95"]
        assert low <= bot["rate"] <= high


def test_simulate_text_report_names_its_sections(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--profile", "pinochle", "--deals", "4", "--quiet"]) == 0
    text = capsys.readouterr().out
    for section in ("95% Wilson interval", "dealer's advantage", "deal length",
                    "mean points per deal by source", "melds scored"):
        assert section in text


def test_simulate_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--deals", "2", "--bots", "greedy,clever"]) == 2
    assert "clever" in capsys.readouterr().err


def test_the_search_bot_plays_a_simulation_with_its_budget_and_the_same_numbers_on_two_workers(
) -> None:
    rules = bezique.load_profile("bezique")
    calls: list[tuple[int, int]] = []
    one = simulate(rules, units=3, bots=("search:6", "greedy"), seed=3,
                   progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]  # unit by unit, not chunk by chunk
    assert one.tally.units == 3 and one.bots == ("search:6", "greedy")
    two = simulate(rules, units=3, bots=("search:6", "greedy"), seed=3, workers=2)
    assert two.tally == one.tally


def test_progress_from_workers_counts_every_unit_once() -> None:
    seen: list[tuple[int, int]] = []
    simulate(bezique.load_profile("five-hundred"), units=CHUNK + 3, bots=("greedy", "random"),
             workers=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (CHUNK + 3, CHUNK + 3)
    assert [done for done, _ in seen] == sorted({done for done, _ in seen})


def test_simulate_shows_progress_on_request_and_names_budgeted_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--deals", "2", "--bots", "search:4,greedy", "--progress"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("simulate: bezique, 2 deals, search:4 (A) vs greedy (B), seed 0")
    assert "2/2" in err and err.endswith("\n")


@pytest.mark.parametrize(("bots", "message"), [
    ("search:0,greedy", "must be a whole number of at least 1"),
    ("greedy:5,greedy", "only search, search-game, search-points, ismcts take a budget"),
    ("greedy", "expected two bots as A,B"),
])
def test_simulate_refuses_a_bad_bot_spec_in_one_line(bots: str, message: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--deals", "2", "--bots", bots]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
