"""The ``bezique`` command line: profiles list/show/validate/diff, the demo, exit codes."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bezique.cli import COMMANDS, main, summarize
from bezique.rules import list_profiles, load_profile, profile_from_toml

ROOT = Path(__file__).resolve().parent.parent
Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    """Run ``main(argv)`` and return (exit code, stdout, stderr)."""

    def call(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return call


def test_profiles_list_names_every_builtin_with_digest(run: Run) -> None:
    code, out, _ = run("profiles", "list")
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == list_profiles()
    for line in lines:
        name, digest = line.split()[:2]
        assert digest == load_profile(name).digest


def test_profiles_show_prints_complete_toml_that_loads_back(run: Run) -> None:
    code, out, _ = run("profiles", "show", "rubicon")
    assert code == 0
    assert profile_from_toml(out) == load_profile("rubicon")


def test_profiles_show_summary(run: Run) -> None:
    code, out, _ = run("profiles", "show", "pinochle", "--summary")
    assert code == 0
    assert out.startswith("pinochle: Two-handed Pinochle")
    assert "2 x 24 = 48 cards" in out and "double_pinochle 300" in out
    assert load_profile("pinochle").digest in out


def test_profiles_show_a_file(run: Run, write_profile: Callable[[str, str], Path]) -> None:
    path = write_profile("house.toml", 'extends = "bezique"\ngame.target = 1500\n')
    code, out, _ = run("profiles", "show", str(path))
    assert code == 0 and "target = 1500" in out


def test_profiles_show_unknown_name_exits_1_with_the_problem(run: Run) -> None:
    code, out, err = run("profiles", "show", "rubicn")
    assert code == 1 and out == ""
    assert "rubicn: no built-in profile or file of that name (did you mean 'rubicon'?" in err


def test_profiles_validate_good_file(run: Run, write_profile: Callable[[str, str], Path]) -> None:
    path = write_profile("house.toml", 'extends = "bezique"\nname = "h"\ngame.target = 1500\n')
    code, out, _ = run("profiles", "validate", str(path))
    assert code == 0
    assert out == f"{path}: OK (h, digest {load_profile(path).digest})\n"


def test_profiles_validate_bad_file_exits_1_and_prints_every_problem(
    run: Run, write_profile: Callable[[str, str], Path]
) -> None:
    path = write_profile(
        "house.toml",
        'extends = "bezique"\ngame.tie = "foo"\nmelds.values.bezique = "forty"\n'
        "deal.packets = [3, 3, 3]\n",
    )
    code, out, _ = run("profiles", "validate", str(path))
    assert code == 1
    assert out.splitlines() == [
        f"{path}: INVALID (3 problem(s))",
        "  house.toml: deal.packets: [3, 3, 3] sum to 9, not the hand size 8 (deal.hand_size)",
        "  house.toml: game.tie: 'foo' is not allowed (expected one of 'draw', 'extra_deal', "
        "'raise_target')",
        "  house.toml: melds.values.bezique: expected int, got 'forty'",
    ]


def test_profiles_validate_several_files_fails_if_any_fails(
    run: Run, write_profile: Callable[[str, str | bytes], Path]
) -> None:
    good = write_profile("good.toml", 'extends = "rubicon"\n')
    bad = write_profile("bad.toml", b"\xff")
    code, out, _ = run("profiles", "validate", str(good), str(bad))
    assert code == 1
    assert f"{good}: OK" in out and f"{bad}: INVALID (1 problem(s))" in out
    assert "bad.toml: not UTF-8 text" in out


def test_profiles_validate_missing_file(run: Run, tmp_path: Path) -> None:
    code, out, _ = run("profiles", "validate", str(tmp_path / "nope.toml"))
    assert code == 1 and "INVALID" in out


def test_profiles_diff_prints_each_differing_key_with_both_values(run: Run) -> None:
    code, out, _ = run("profiles", "diff", "bezique", "besigue")
    assert code == 0
    lines = out.splitlines()
    assert 'endgame.obligation: "follow_and_win" -> "follow_trump_beat_trump_lead"' in lines
    assert 'game.end: "finish_deal" -> "immediate_on_meld"' in lines
    assert "melds.require_trump_marriage_before_sequence: false -> true" in lines
    assert 'name: "bezique" -> "besigue"' in lines
    assert len(lines) == 5  # and the description


def test_profiles_diff_shows_arrays_and_absent_melds(run: Run) -> None:
    code, out, _ = run("profiles", "diff", "bezique", "pinochle")
    assert code == 0
    assert "deal.packets: [3, 2, 3] -> [4, 4, 4]" in out
    assert ('melds.table.pinochle: (absent) -> {ranks = ["Q", "J"], suits = "bezique_pair", '
            'copies = 1, class = "bezique", order = 1}') in out
    assert "melds.values.sequence: 250 -> 150" in out


def test_profiles_diff_of_a_house_file_against_its_base(
    run: Run, write_profile: Callable[[str, str], Path]
) -> None:
    path = write_profile("h.toml", 'extends = "rubicon"\nname = "rubicon"\n'
                                   'description = "Rubicon Bezique, four packs, single-deal game '
                                   'with the rubicon"\nrubicon.rubicon_bonus = 500\n')
    code, out, _ = run("profiles", "diff", "rubicon", str(path))
    assert (code, out) == (0, "rubicon.rubicon_bonus: 1000 -> 500\n")


def test_profiles_diff_identical(run: Run) -> None:
    assert run("profiles", "diff", "chinese", "chinese")[:2] == (
        0, "no differences between chinese and chinese\n")


def test_summarize_default_profile() -> None:
    """`profiles show` begins with the profile's one-line summary and digest."""
    text = summarize(load_profile("bezique"))
    assert text.startswith("bezique: Two-handed Bezique")
    assert load_profile("bezique").digest in text


def test_summarize_single_deal_profile() -> None:
    text = summarize(load_profile("chinese"))
    assert "single deal, game bonus 1000, rubicon under 3000" in text
    assert "6 x 32 = 192 cards" in text


def test_summarize_counts_the_jokers_of_the_pack() -> None:
    """J1 (docs/rules.md#game-joker): the joker profiles hold 4 x 32 + 4 jokers = 132 cards."""
    for name in ("joker", "joker-four", "joker-partnership"):
        assert "  pack       4 x 32 + 4 jokers = 132 cards (A 10 K Q J 9 8 7 JK)" in summarize(
            load_profile(name)).splitlines()


def test_usage_errors_exit_2(run: Run) -> None:
    assert run()[0] == 2
    assert run("profiles")[0] == 2
    assert run("profiles", "frobnicate")[0] == 2
    assert run("nonsense")[0] == 2


def test_help_exits_0_and_lists_the_commands_of_design_section_5(run: Run) -> None:
    code, out, _ = run("--help")
    assert code == 0
    assert {"profiles", "demo", "play", "simulate", "check", "replay"} <= set(COMMANDS)
    for name in COMMANDS:
        assert name in out


def test_python_dash_m_bezique_runs_the_cli() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "bezique", "profiles", "list"], cwd=ROOT,
                            env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0
    assert result.stdout.split()[0] == list_profiles()[0]
