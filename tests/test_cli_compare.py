"""``bezique compare`` (docs/lab.md): the report, --json, --csv, --plot, bad input and Ctrl-C."""

from __future__ import annotations

import csv
import json
import math
import re
import sys
from pathlib import Path

import pytest

from bezique.cli import compare as cli_compare
from bezique.cli import main
from bezique.lab import CSV_FIELDS

FAST = ["rubicon", "chinese", "--games", "3", "--quiet"]
"""Two single-deal profiles: a few games take a fraction of a second."""


def test_the_report_shows_each_profile_and_the_difference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["compare", *FAST]) == 0
    out = capsys.readouterr().out
    assert out.startswith("compare: 3 games of rubicon (base) and chinese, greedy (A) vs greedy")
    for text in ("per game", "per deal", "points by source", "melds declared",
                 "dealer wins the deal", "game is a rubicon", "Δ chinese"):
        assert text in out


def test_figures_are_rounded_to_what_their_interval_supports(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 36: each row carries as many decimals as its narrowest 95% interval supports (the
    half-width's first significant digit the last one shown, two where it is a 1), its
    figures and its difference alike; a row with no difference at all keeps the default."""
    assert main(["compare", "bezique", "besigue", "--games", "12", "--quiet", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert main(["compare", "bezique", "besigue", "--games", "12", "--quiet"]) == 0
    rows, group = {}, ""
    for line in capsys.readouterr().out.splitlines():
        if line and not line.startswith(" "):
            group = line
        elif line.startswith("  "):
            rows[group, line[2:44].strip()] = line
    checked = 0
    for metric in data["metrics"]:
        (diff,) = metric["differences"]
        scale = 100 if metric["proportion"] else 1
        half = scale * (diff["ci95"][1] - diff["ci95"][0]) / 2
        line = rows.get((metric["group"], metric["label"]))
        if line is None or half <= 0:
            continue
        places = min(3, max(0, -math.floor(math.log10(half)) + (f"{half:e}"[0] == "1")))
        numbers = re.findall(r"[+-]?\d+(?:\.(\d+))?%?", line[44:])
        assert numbers and all(len(decimals) == places for decimals in numbers), line
        checked += 1
    assert checked >= 10


def test_json_has_every_figure_for_each_profile_and_difference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["compare", *FAST, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in data["profiles"]] == ["rubicon", "chinese"]
    assert (data["games"], data["requested"], data["interrupted"]) == (3, 3, False)
    keys = {m["key"] for m in data["metrics"]}
    assert {"game_win_p0", "deal_win_dealer", "double_win", "rubicon", "deals_per_game",
            "deal_score", "deal_tricks", "points:last_trick"} <= keys
    assert any(k.startswith("meld:") for k in keys)
    for m in data["metrics"]:
        assert len(m["values"]) == 2 and len(m["differences"]) == 1
        for v in m["values"]:
            assert v["ci95"][0] <= v["value"] <= v["ci95"][1]


def test_csv_has_one_row_per_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deals.csv"
    assert main(["compare", "bezique", "rubicon", "--games", "2", "--quiet", "--json",
                 "--csv", str(path)]) == 0
    deals = json.loads(capsys.readouterr().out)["deals"]
    with path.open(encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert len(rows) == sum(deals) and deals[1] == 2  # rubicon: one deal a game
    assert list(rows[0])[:len(CSV_FIELDS)] == list(CSV_FIELDS)
    for row in rows:
        sources = sum(int(v) for k, v in row.items() if k.startswith("points:"))
        assert sources == int(row["score_p0"]) + int(row["score_p1"])


def test_plot_writes_the_four_figures(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="pip install 'bezique[lab]'")
    assert main(["compare", *FAST, "--plot", str(tmp_path / "out")]) == 0
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == ["deal_scores.png", "differences.png", "melds.png", "points_by_source.png"]
    for name in names:
        assert (tmp_path / "out" / name).read_bytes().startswith(b"\x89PNG")


def test_plot_without_matplotlib_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main(["compare", *FAST, "--plot", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == ("bezique compare: --plot needs the lab extra (matplotlib is not "
                           "installed): pip install 'bezique[lab]'")


def test_an_unknown_profile_is_refused_listing_the_built_in_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["compare", "bezique", "bezque", "--games", "1", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "did you mean 'bezique'?" in err and "built-in: besigue, bezique" in err


@pytest.mark.parametrize(("argv", "message"), [
    (["bezique"], "at least two profiles"),
    (["bezique", "rubicon", "--bots", "greedy"], "expected two bots"),
    (["bezique", "rubicon", "--bots", "greedy,clever"], "unknown bot 'clever'"),
    (["bezique", "rubicon", "--address", "auto"], "--address needs --backend ray"),
])
def test_usage_errors_exit_2_saying_what_is_wrong(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["compare", *argv, "--games", "1", "--quiet"]) == 2
    assert message in capsys.readouterr().err


def test_ctrl_c_reports_the_games_played(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    class StopAtTwo:
        def __init__(self, stream: object) -> None:
            pass

        def __call__(self, done: int, total: int) -> None:
            if done == 2:
                raise KeyboardInterrupt

    monkeypatch.setattr(cli_compare, "ProgressBar", StopAtTwo)
    assert main(["compare", "rubicon", "chinese", "--games", "5", "--progress"]) == 130
    captured = capsys.readouterr()
    assert "interrupted after 2 of 5 games" in captured.err
    assert "INTERRUPTED: 2 of 5 games played" in captured.out
    assert "Traceback" not in captured.err
