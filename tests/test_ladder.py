"""The rated ladder (issue 37, docs/bots.md#ladder): seatings and seeds shared by every pair,
ratings anchored with intervals, the JSON that recomputes them, the ``cheat`` reference bot
(handed the deal, refused at a table), OpenSpiel's ISMCTS as a bot, and ``bezique ladder``'s
exit codes. Games are short: a house profile played to 200 points."""

from __future__ import annotations

import json
import math
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

import bezique
from bezique.bots import RandomBot, check_bot_spec, make_bot, play_deal, play_game, seat_bots
from bezique.cli.main import main
from bezique.errors import ExtraMissing
from bezique.lab.journal import JournalError
from bezique.lab.ladder import Ladder, _Clock, fit, ladder, ratings_of, seatings
from bezique.search import SearchBot
from bezique.search.cheat import CheatBot

SHORT = 'extends = "bezique"\nname = "short"\n\n[game]\ntarget = 200\n'
"""A house profile whose games end after a deal or two."""


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ladder") / "short.toml"
    path.write_text(SHORT, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def run(short: Path) -> Ladder:
    return ladder(short, ["random", "greedy", "planner"], games=4, seed=3)


def test_every_seating_gives_partners_one_bot_and_each_bot_half_the_seats() -> None:
    assert seatings(bezique.load_profile("bezique")) == ((0, 1), (1, 0))
    three = seatings(bezique.load_profile("three-handed"))
    assert len(three) == 6 and all(set(s) == {0, 1} for s in three)
    assert seatings(bezique.load_profile("partnership")) == ((0, 1, 0, 1), (1, 0, 1, 0))
    assert len(seatings(bezique.load_profile("four-handed"))) == 6


def test_every_pair_plays_the_same_seeds_from_both_seats(run: Ladder) -> None:
    assert run.requested == 4 and len(run.games) == 3 * 4
    by_pair: dict[frozenset[str], list[int]] = {}
    for g in run.games:
        by_pair.setdefault(frozenset(g.seats), []).append(g.seed)
        assert len(set(g.seats)) == 2
    seeds = list(by_pair.values())
    assert all(s == seeds[0] for s in seeds)  # common random numbers
    assert seeds[0][0] == seeds[0][1] != seeds[0][2] == seeds[0][3]  # each seed twice
    for pair in by_pair:
        seats = Counter((g.seats[0]) for g in run.games if frozenset(g.seats) == pair)
        assert sorted(seats.values()) == [2, 2]  # each bot in seat 0 as often


def test_the_ratings_are_anchored_on_greedy_and_their_intervals_hold_them(run: Ladder) -> None:
    anchor = next(r for r in run.ratings if r.bot == "greedy")
    assert (anchor.rating, anchor.low, anchor.high) == (1000.0, 1000.0, 1000.0)
    for r in run.ratings:
        assert r.low <= r.rating <= r.high and r.games == 8
    assert [r.rating for r in run.ratings] == sorted((r.rating for r in run.ratings),
                                                     reverse=True)
    for p in run.pairs:
        low, high = p.interval
        assert p.games == 4 and low <= p.score <= high


def test_without_greedy_the_first_bot_is_the_anchor() -> None:
    x, y = fit(["x", "y"], [("x", "y", 1.0)] * 3 + [("x", "y", 0.0)])
    assert (x.rating, x.low, x.high) == (1000.0, 1000.0, 1000.0)
    # with the virtual draw x scores 3.5 of 5: odds of 3.5 to 1.5
    assert math.isclose(x.rating - y.rating, 400 * math.log10(3.5 / 1.5))


def test_a_clean_sweep_keeps_a_finite_rating() -> None:
    a, _ = fit(["a", "b"], [("a", "b", 1.0)] * 10, anchor="b")
    assert math.isfinite(a.rating) and a.low < a.rating < a.high < math.inf


def test_the_json_round_trips_and_recomputes_the_ratings(run: Ladder) -> None:
    data = json.loads(json.dumps(run.to_dict()))
    assert set(data) >= {"profile", "ratings", "pairs", "games", "machine"}
    assert data["ratings"][0] == {"bot": run.ratings[0].bot,
                                  "rating": round(run.ratings[0].rating, 6),
                                  "low": round(run.ratings[0].low, 6),
                                  "high": round(run.ratings[0].high, 6), "games": 8}
    assert set(data["games"][0]) >= {"seats", "seed", "totals", "winner"}
    assert ratings_of(data) == run.ratings


def test_each_game_times_every_seats_decisions_and_each_bot_gets_its_mean(run: Ladder) -> None:
    for game in run.games:
        assert len(game.decisions) == len(game.thinking) == len(game.seats)
        assert all(k > 0 for k in game.decisions) and all(x >= 0 for x in game.thinking)
    thinking = {t.bot: t for t in run.thinking}
    assert list(thinking) == list(run.bots)
    for bot in run.bots:
        mine = [(k, x) for g in run.games for b, k, x in zip(g.seats, g.decisions, g.thinking,
                                                             strict=True) if b == bot]
        assert thinking[bot].decisions == sum(k for k, _ in mine)
        assert thinking[bot].seconds == pytest.approx(sum(x for _, x in mine))
        assert thinking[bot].mean == pytest.approx(thinking[bot].seconds
                                                   / thinking[bot].decisions)
    data = json.loads(json.dumps(run.to_dict()))
    assert [t["bot"] for t in data["thinking"]] == list(run.bots)
    assert data["games"][0]["decisions"] == list(run.games[0].decisions)


def test_a_decision_with_one_legal_action_is_not_timed() -> None:
    rules = bezique.load_profile("bezique")
    clock = _Clock(RandomBot(1))
    deal = bezique.Deal.new(rules, seed=2, dealer=0)
    while len(deal.legal_actions()) > 1:
        deal.apply(clock.choose(deal.observation(deal.to_move)))
    clock.choose(deal.observation(deal.to_move))
    assert clock.decisions == len(deal.actions) > 0
    cheat = _Clock(CheatBot())
    assert cheat.sees_all and cheat.choose_in(deal) in deal.legal_actions()
    assert cheat.decisions == 0


def test_the_numbers_do_not_depend_on_the_workers(short: Path, run: Ladder) -> None:
    other = ladder(short, ["random", "greedy", "planner"], games=4, seed=3, workers=2)
    assert [(g.seats, g.seed, g.totals, g.winner) for g in other.games] == \
        [(g.seats, g.seed, g.totals, g.winner) for g in run.games]
    assert other.ratings == run.ratings


def test_cheat_is_handed_the_deal_and_beats_random() -> None:
    rules = bezique.load_profile("bezique")
    for seed in range(3):
        deal = play_deal(rules, (CheatBot(), RandomBot(seed)), seed=seed, dealer=seed % 2)
        assert deal.scores[0] > deal.scores[1]
    with pytest.raises(TypeError, match="sees the whole deal"):
        CheatBot().choose(bezique.Deal.new(rules, seed=1).observation(1))


def test_cheat_is_refused_at_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="'cheat' sees every hand and the stock"):
        seat_bots(["cheat"], 1, 2, 0)
    assert main(["play", "--bot", "cheat", "--seed", "1"]) == 2
    assert "'cheat' sees every hand and the stock" in capsys.readouterr().err


def test_time_budgets_in_bot_specs() -> None:
    bot = make_bot("search:0.05", 1)
    assert isinstance(bot, SearchBot) and bot.seconds == 0.05 and bot.simulations is None
    assert check_bot_spec("ismcts:2") == "ismcts:2"
    with pytest.raises(ValueError, match="seconds after ':' must be a positive number"):
        check_bot_spec("ismcts:0")


def test_ismcts_plays_a_legal_whole_game(short: Path) -> None:
    pytest.importorskip("pyspiel")
    rules = bezique.load_profile(short)
    bots = [make_bot("ismcts:0.01", 1), RandomBot(2)]
    game = play_game(rules, bots, seed=4)  # every action is applied, hence legal
    assert game.is_over and len(game.deals) >= 1
    assert bots[0].decisions > 0 and bots[0].simulations >= 2 * bots[0].decisions  # type: ignore[attr-defined]


def test_ismcts_rollouts_play_the_deal_out_on_the_engine_and_value_it_as_the_game_does() -> None:
    pytest.importorskip("pyspiel")
    import numpy as np
    import pyspiel

    from bezique.adapters.ismcts import _EngineRollouts, state_of
    from bezique.openspiel import register_rules

    rules = bezique.load_profile("bezique")
    game = pyspiel.load_game(f"python_bezique(profile={register_rules(rules)})")
    deal = bezique.Deal.new(rules, seed=5, dealer=0)
    for _ in range(20):
        deal.apply(deal.legal_actions()[0])
    state = state_of(game, deal)
    before = state.history()
    rollouts = _EngineRollouts(1, np.random.RandomState(3))
    values = [rollouts.evaluate(state) for _ in range(20)]
    assert state.history() == before and not state.is_terminal()  # the state is not played on
    assert all(v.shape == (2,) and v[0] == -v[1] and -1 <= v[0] <= 1 for v in values)
    assert len({float(v[0]) for v in values}) > 1  # random play, not one line
    again = _EngineRollouts(1, np.random.RandomState(3))
    assert [list(again.evaluate(state)) for _ in range(20)] == [list(v) for v in values]
    rng = np.random.RandomState(3)  # the first rollout by hand: random legal plays to the end
    world = deal.clone(history=False)
    while not world.is_over:
        legal = world.legal_actions()
        world.push(legal[rng.randint(len(legal))] if len(legal) > 1 else legal[0])
    assert list(values[0]) == state.returns_of(world)
    dealing = game.new_initial_state()  # still being dealt: OpenSpiel's own loop
    assert dealing.is_chance_node() and rollouts.evaluate(dealing).shape == (2,)


def test_ismcts_plays_a_deal_dealt_by_either_seat() -> None:
    pytest.importorskip("pyspiel")
    from bezique.adapters.ismcts import state_of

    rules = bezique.load_profile("bezique")
    deal = bezique.Deal.new(rules, seed=9, dealer=1)
    for _ in range(7):
        deal.apply(deal.legal_actions()[-1])
    bot = make_bot("ismcts:0.01", 1)
    state = state_of(bot._game(rules), deal)  # type: ignore[attr-defined]
    assert state.deal.hand(0) == deal.hand(1) and state.deal.hand(1) == deal.hand(0)
    assert state.deal.stock == deal.stock and state.deal.scores == deal.scores[::-1]


def test_ismcts_refuses_more_seats(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    assert main(["ladder", "--profile", "three-handed", "--bots", "ismcts,greedy"]) == 2
    assert "bot 'ismcts' does not play 3 seats" in capsys.readouterr().err


def test_without_openspiel_ismcts_is_one_line_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    for name in ("pyspiel", "open_spiel"):
        monkeypatch.setitem(sys.modules, name, None)
    for name in ("bezique.adapters.ismcts", "bezique.adapters.openspiel"):
        if name in sys.modules:
            monkeypatch.delitem(sys.modules, name)
    with pytest.raises(ExtraMissing, match=r"pip install 'bezique\[openspiel\]'"):
        make_bot("ismcts", 0)
    assert main(["ladder", "--bots", "ismcts,greedy", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the ismcts bot needs the openspiel extra" in err


@pytest.mark.parametrize(("argv", "status", "message"), [
    (["--bots", "greedy"], 2, "expected two bots or more"),
    (["--bots", "greedy,greedy"], 2, "each once"),
    (["--bots", "greedy,clever"], 2, "unknown bot 'clever'"),
    (["--bots", "greedy,random", "--address", "auto"], 2, "--address needs --backend ray"),
    (["--bots", "greedy,random", "--games", "0"], 2, "expected at least 1"),
    (["--bots", "greedy,random", "--profile", "no-such-profile"], 1, "no-such-profile"),
])
def test_ladder_exit_codes(argv: list[str], status: int, message: str,
                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", *argv]) == status
    assert message in capsys.readouterr().err


def test_ladder_command_writes_the_json_and_the_plot(
    short: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("matplotlib")
    out, png = tmp_path / "ladder.json", tmp_path / "ladder.png"
    assert main(["ladder", "--profile", str(short), "--bots", "random,cheat", "--games", "2",
                 "--json", str(out), "--plot", str(png)]) == 0
    text = capsys.readouterr().out
    assert "random vs cheat" in text and "cheat" in text.splitlines()[3]
    assert "s/decision" in text.splitlines()[2]
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["anchor"] == "random" and len(data["games"]) == 2
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_a_profile_of_more_seats_rotates_every_seating(
    write_profile: Callable[[str, str], Path],
) -> None:
    short3 = write_profile("short3.toml", SHORT.replace('"bezique"', '"three-handed"'))
    result = ladder(short3, ["random", "greedy"], games=6, seed=1)
    assert result.seatings == 6 and len(result.games) == 6
    assert len({g.seats for g in result.games}) == 6 and len({g.seed for g in result.games}) == 1


# ------------------------------------------------------------------------------ the journal


def _games(result: Ladder) -> list[tuple[tuple[str, ...], int, tuple[int, ...], str | None]]:
    return [(g.seats, g.seed, g.totals, g.winner) for g in result.games]


def test_a_journaled_run_stopped_half_way_resumes_to_the_same_games(
    short: Path, run: Ladder, tmp_path: Path,
) -> None:
    journal = tmp_path / "ladder.jsonl"

    def stop_after_five(done: int, total: int) -> None:
        if done >= 5:
            raise KeyboardInterrupt

    first = ladder(short, ["random", "greedy", "planner"], games=4, seed=3, journal=journal,
                   progress=stop_after_five)
    assert first.interrupted and len(first.games) == 5
    assert first.machine["resumed"] == 0
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 5
    seen: list[int] = []
    again = ladder(short, ["random", "greedy", "planner"], games=4, seed=3, journal=journal,
                   workers=2, progress=lambda done, total: seen.append(done))
    assert not again.interrupted and _games(again) == _games(run)
    assert again.ratings == run.ratings
    assert seen[0] > 5 and seen[-1] == len(run.games)  # the journaled games are not replayed
    assert again.machine["resumed"] == 5
    lines = journal.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(run.games)
    third = ladder(short, ["random", "greedy", "planner"], games=4, seed=3, journal=journal)
    assert _games(third) == _games(run) and third.machine["resumed"] == len(run.games)
    assert len(journal.read_text(encoding="utf-8").splitlines()) == len(run.games)


def test_a_journal_keeps_each_run_apart_and_skips_a_line_cut_short(
    short: Path, tmp_path: Path,
) -> None:
    journal = tmp_path / "ladder.jsonl"
    ladder(short, ["random", "greedy"], games=2, seed=1, journal=journal)
    with journal.open("a", encoding="utf-8") as out:
        out.write('{"key": {"profile": "short", "bo')  # killed while writing
    other = ladder(short, ["random", "greedy"], games=2, seed=2, journal=journal)
    assert len(other.games) == 2
    lines = journal.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4 and all(line.endswith("}") for line in lines)  # the cut one dropped
    again = ladder(short, ["random", "greedy"], games=2, seed=1, journal=journal,
                   progress=lambda done, total: pytest.fail("replayed a journaled game"))
    assert len(again.games) == 2


@pytest.mark.parametrize(("change", "message"), [
    (lambda row: row.update(seats=["greedy", "greedy"]), r"game 0: expected seats"),
    (lambda row: row.update(seed=row["seed"] + 1), r"game 0: expected seats .* and seed"),
    (lambda row: row.update(totals=["1000", 0]), "a total per team"),
    (lambda row: row.update(winner="planner"), "a winner among the seats"),
    (lambda row: row.pop("totals"), "game 0: 'totals'"),
    (lambda row: row.update(decisions=[3]), "decisions and their seconds per seat"),
    (lambda row: row.update(thinking=[-1.0, 0.5]), "decisions and their seconds per seat"),
    (lambda row: row.update(thinking=["x", 0.5]), "game 0: could not convert"),
])
def test_a_tampered_journal_line_is_refused_with_its_game(
    short: Path, tmp_path: Path, change: Callable[[dict[str, object]], object], message: str,
) -> None:
    journal = tmp_path / "ladder.jsonl"
    ladder(short, ["random", "greedy"], games=2, seed=1, journal=journal)
    lines = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
    first = next(line for line in lines if line["index"] == 0)
    change(first["row"])
    journal.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    with pytest.raises(JournalError, match=message):
        ladder(short, ["random", "greedy"], games=2, seed=1, journal=journal)


def test_a_journal_line_that_is_not_a_unit_is_named_by_file_and_line(
    short: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    journal = tmp_path / "ladder.jsonl"
    journal.write_text('{"key": {}, "index": 0, "row": {}}\n[1, 2]\n', encoding="utf-8")
    with pytest.raises(JournalError, match=r"ladder.jsonl:2: expected an object"):
        ladder(short, ["random", "greedy"], games=2, journal=journal)
    assert main(["ladder", "--profile", str(short), "--bots", "random,greedy", "--games", "2",
                 "--journal", str(journal)]) == 2
    assert "ladder.jsonl:2: expected an object" in capsys.readouterr().err
