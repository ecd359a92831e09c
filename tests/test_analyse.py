"""bezique analyse: every decision of a record judged by the search (docs/analysis.md)."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

import bezique
from bezique import record
from bezique.bots import GreedyBot
from bezique.cli import main
from bezique.cli.analyse import format_analysis
from bezique.search import solve
from bezique.search.analysis import Analysis, DealInfo, Decision, Thresholds, analyse

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "records" / "five-hundred.toml"
BUDGET = ["--simulations", "4"]


def _documented_keys() -> dict[str, set[str]]:
    """The keys docs/analysis.md lists, by section: the bullets ``- `key` (type): ...`` under
    "Top level:", "Each of `players`:" and so on."""
    text = (ROOT / "docs" / "analysis.md").read_text(encoding="utf-8")
    schema = text[text.index("## The JSON"):]
    sections: dict[str, set[str]] = {}
    current = ""
    for line in schema.splitlines():
        heading = re.match(r"^(Top level|Each of `(\w+)`):$", line)
        if heading:
            current = heading.group(2) or "top"
            sections[current] = set()
        bullet = re.match(r"^- `(\w+)` \(", line)
        if bullet and current:
            sections[current].add(bullet.group(1))
    return sections


@pytest.fixture(scope="module")
def golden_json() -> dict[str, object]:
    out = io.StringIO()
    old, sys.stdout = sys.stdout, out
    try:
        assert main(["analyse", str(GOLDEN), "--json", *BUDGET]) == 0
    finally:
        sys.stdout = old
    data = json.loads(out.getvalue())
    assert isinstance(data, dict)
    return data


def test_the_json_of_a_golden_record_has_exactly_the_documented_keys(
    golden_json: dict[str, object],
) -> None:
    keys = _documented_keys()
    assert set(keys) == {"top", "players", "deals", "decisions"}
    assert set(golden_json) == keys["top"]
    thresholds = golden_json["thresholds"]
    assert isinstance(thresholds, dict)
    assert set(thresholds) == {"inaccuracy", "mistake", "blunder"}
    for section in ("players", "deals", "decisions"):
        items = golden_json[section]
        assert isinstance(items, list) and items
        for item in items:
            assert set(item) == keys[section], section


def test_the_json_judges_every_action_of_the_record(golden_json: dict[str, object]) -> None:
    decisions = golden_json["decisions"]
    assert isinstance(decisions, list)
    assert [d["ply"] for d in decisions] == list(range(1, record.load(GOLDEN).plies + 1))
    for d in decisions:
        assert d["player"] in ("P0", "P1") and d["loss"] >= 0
        if d["forced"]:
            assert d["loss"] == 0 and d["played_value"] is None and d["options"] == 1
        else:
            assert d["loss"] == pytest.approx(d["best_value"] - d["played_value"], abs=0.002)
            assert (d["best"] == d["played"]) == (d["loss"] == 0)
        assert d["mark"] == {"": "", "inaccuracy": "?!", "mistake": "?",
                             "blunder": "??"}[d["judgement"]]
    players = golden_json["players"]
    assert isinstance(players, list)
    assert sum(p["decisions"] + p["forced"] for p in players) == len(decisions)


def test_the_text_report_of_a_golden_record_is_readable_in_100_columns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["analyse", str(GOLDEN), *BUDGET]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress bar: stderr is not a terminal
    lines = out.splitlines()
    assert lines[0].startswith("analysis of a whole game, profile five-hundred")
    assert max(len(line) for line in lines) <= 100
    for n in range(1, 5):
        assert any(line.startswith(f"deal {n}: P") for line in lines)
    assert "  -- end phase: exact values --" in lines
    assert re.search(r"^ +1  P1  play 10H +[-+]\d+\.\d +\d+\.\d", out, flags=re.MULTILINE)
    for label in ("decisions with a choice", "mean loss", "inaccuracies ?!", "mistakes ?",
                  "blunders ??"):
        assert any(line.startswith(f"  {label}") for line in lines), label


def test_flagged_lists_only_the_marked_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(GOLDEN), *BUDGET, "--flagged"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines()
            if re.match(r"^ +\d+  P[01]  ", line)]
    assert rows and all(re.search(r" (\?!|\?|\?\?)  ", row) for row in rows)


def test_the_same_seed_gives_the_same_analysis_and_another_seed_other_worlds() -> None:
    rec = record.load(GOLDEN)
    a = analyse(rec, simulations=4, seed=1)
    assert analyse(rec, simulations=4, seed=1) == a
    assert analyse(rec, simulations=4, seed=2).decisions != a.decisions


def test_a_tampered_record_is_one_line_on_stderr_and_no_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    text = GOLDEN.read_text(encoding="utf-8").replace('"P1 play 10H"', '"P1 play 10Z"', 1)
    tampered = tmp_path / "tampered.toml"
    tampered.write_text(text, encoding="utf-8")
    assert main(["analyse", str(tampered), *BUDGET]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"bezique analyse: {tampered}: ply 1 (deal 1): illegal action")


def test_a_missing_file_is_one_line_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "no-such-record.toml"]) == 1
    assert capsys.readouterr().err == (
        "bezique analyse: no-such-record.toml: No such file or directory\n")


@pytest.mark.parametrize("argv", [
    ["--thresholds", "5,2,1"], ["--thresholds", "10,20"], ["--thresholds", "a,b,c"],
    ["--thresholds", "0,10,20"], ["--simulations", "0"],
])
def test_a_bad_option_is_a_usage_error(argv: list[str],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(GOLDEN), *argv]) == 2
    assert f"argument {argv[0]}: expected" in capsys.readouterr().err


def _end_phase_by_the_solver(seed: int) -> bezique.Deal:
    """A deal played by GreedyBot through the stock, then to its end by the solver's line."""
    deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=seed, dealer=0)
    greedy = GreedyBot()
    while not deal.in_end_phase:
        player = deal.to_move
        assert player is not None
        deal.apply(greedy.choose(deal.observation(player)))
    for action in solve(deal).line:
        deal.apply(action)
    return deal


def test_end_phase_decisions_are_exact_and_lose_nothing_when_the_solver_s_move_is_played(
) -> None:
    deal = _end_phase_by_the_solver(1)
    stock_plies = next(n for n in range(len(deal.actions) + 1)
                       if _replayed(deal, n).in_end_phase)
    analysis = analyse(deal, simulations=2)
    end = [d for d in analysis.decisions if d.ply > stock_plies and not d.forced]
    assert end, "no end-phase decision with a choice"
    assert all(d.exact and d.samples == 0 for d in end)
    assert all(d.loss == 0 and d.best == d.played and not d.mark for d in end)
    assert all(not d.exact for d in analysis.decisions[:stock_plies] if not d.forced)


def _exact_values(deal: bezique.Deal) -> dict[str, int]:
    """Each legal action of ``deal`` with its solved final score difference for the mover."""
    me = deal.to_move
    assert me is not None
    values = {}
    for action in deal.legal_actions():
        child = deal.clone()
        child.apply(action)
        scores = solve(child).scores
        values[str(action)] = scores[me] - scores[1 - me]
    return values


def test_an_end_phase_loss_is_the_solver_s_difference_between_the_two_moves() -> None:
    deal = _end_phase_by_the_solver(1)
    start = next(n for n in range(len(deal.actions) + 1) if _replayed(deal, n).in_end_phase)
    ply, values = next((n, v) for n in range(start, len(deal.actions))
                       if len(set((v := _exact_values(_replayed(deal, n))).values())) > 1)
    worst = min(values, key=values.__getitem__)
    before = _replayed(deal, ply)
    before.apply(worst)
    for action in solve(before).line:
        before.apply(action)
    decision = analyse(before, simulations=2).decisions[ply]
    assert decision.exact and decision.played == worst
    assert decision.loss == max(values.values()) - values[worst] > 0
    assert decision.judgement == Thresholds().judge(decision.loss)


def _replayed(deal: bezique.Deal, plies: int) -> bezique.Deal:
    """``deal`` as it was after its first ``plies`` actions."""
    again = bezique.Deal.new(deal.rules, seed=deal.seed, dealer=deal.dealer)
    for action in deal.actions[:plies]:
        again.apply(action)
    return again


def test_progress_is_reported_after_each_search_and_shown_with_the_option(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    calls: list[tuple[int, int]] = []
    analysis = analyse(record.load(GOLDEN), simulations=2,
                       progress=lambda done, total: calls.append((done, total)))
    searched = sum(not d.forced for d in analysis.decisions)
    assert calls == [(n, searched) for n in range(1, searched + 1)]
    assert main(["analyse", str(GOLDEN), "--simulations", "2", "--progress"]) == 0
    err = capsys.readouterr().err
    assert f"{searched}/{searched}" in err and err.endswith("\n")


def test_a_long_preferred_action_goes_on_its_own_line_within_100_columns() -> None:
    meld = "meld four_jacks JDd JDh JCe JCg"
    long = Decision(deal=1, ply=60, player=0, played=meld, best=meld.replace("JDd", "JH"),
                    played_value=1930.0, best_value=2010.0, loss=80.0, exact=False,
                    forced=False, options=5, samples=3, judgement="blunder")
    analysis = Analysis(profile="pinochle", digest="0" * 16, game=False, seed=0, simulations=10,
                        thresholds=Thresholds(), decisions=(long,),
                        deals=(DealInfo(number=1, dealer=0, scores=(0, 0)),))
    lines = format_analysis(analysis).splitlines()
    assert max(len(line) for line in lines) <= 100
    row = next(i for i, line in enumerate(lines) if line.startswith("    60  P0  meld"))
    assert lines[row].endswith("80.0 ??")
    assert lines[row + 1].strip() == "meld four_jacks JH JDh JCe JCg (+2010.0)"


def test_a_played_copy_is_matched_to_its_own_listed_action_or_to_the_one_that_does_the_same(
) -> None:
    from bezique.actions import Play
    from bezique.search.analysis import _listed

    steps = list(record.replay(record.load(ROOT / "tests" / "records" / "besigue.toml")))
    at = next(i for i, step in enumerate(steps)
              if step.move is not None and step.move.action == "play AHa")
    legal = steps[at - 1].deal.legal_actions()
    played = steps[at].deal.actions[-1]
    twins = [a for a in legal if isinstance(a, Play) and a.card >> 3 == played.card >> 3
             and a != played]  # type: ignore[union-attr]
    assert twins, "the other ace of hearts is listed apart (different consequences)"
    assert _listed(played, legal) == played and _listed(twins[0], legal) == twins[0]
    assert _listed(Play("QSb"), [Play("JS"), Play("QSa")]) == Play("QSa")
