"""``bezique check``: the invariant suite from the command line; violations are reported with a
replayable smallest example and a non-zero exit, broken house rules with a clear message."""

from __future__ import annotations

import importlib.util
import io
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import patches_the_engine

from bezique import Deal, load_profile, profile_from_toml
from bezique.check.playout import default_max_plies
from bezique.cli import main
from bezique.compile import compile_rules
from bezique.events import Event

ROOT = Path(__file__).resolve().parent.parent


class Terminal(io.StringIO):
    """A captured stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_check_passes_on_a_builtin_profile_with_a_summary_and_a_bar_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["check", "bezique", "--deals", "3", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "3 deals" in out and "every invariant holds" in out
    assert "3/3" in terminal.getvalue()  # the progress bar


def test_check_draws_no_progress_bar_on_a_stream_that_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "bezique", "--deals", "2", "--seed", "5"]) == 0
    assert capsys.readouterr().err == ""


def test_check_bounds_a_deal_by_the_profile_so_64_card_chinese_hands_are_not_endless() -> None:
    """A Chinese variant with 64-card hands: random deals measured up to 2,277 plies (the old
    bound of ten times the pack was 1,920); the derived bound leaves them room."""
    big = profile_from_toml('extends = "chinese"\ndeal.hand_size = 64\ndeal.packets = [1]\n')
    assert default_max_plies(big) >= 2500
    assert default_max_plies(big) > default_max_plies(load_profile("chinese"))
    bezique = load_profile("bezique")
    assert 90 * 2 < default_max_plies(bezique) < 100 * compile_rules(bezique).pack_size


@patches_the_engine
def test_check_reports_a_planted_fault_as_a_replayable_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    draw = Deal._draw

    def duplicating(self: Deal, turn_up: bool) -> None:
        draw(self, turn_up)
        if self._stock:
            self._hand[self._leader] |= 1 << self._stock[-1]

    monkeypatch.setattr(Deal, "_draw", duplicating)
    assert main(["check", "bezique", "--deals", "10", "--seed", "1", "--quiet"]) == 1
    out = capsys.readouterr().out
    found = re.search(r"FAILED: invariant 1 \(conservation\) broken at ply (\d+)", out)
    assert found and int(found.group(1)) <= 6, out  # shrunk to a short game
    assert "smallest failing example" in out and "seed = " in out and "actions = [" in out


def test_check_reports_a_target_no_game_reaches(
    write_profile: Callable[[str, str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    # the highest target allowed, deals that score little: melds only
    path = write_profile("endless.toml", 'extends = "bezique"\ngame.target = 100000\n'
                         'last_trick.value = 0\nbrisques.min_to_score = 16\n')
    assert main(["check", str(path), "--deals", "2", "--quiet"]) == 1
    assert "no game ended within 200 deals" in capsys.readouterr().out


def test_check_reports_a_deal_past_the_time_limit_instead_of_hanging(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    apply = Deal.apply

    def slow(self: Deal, action: object) -> list[Event]:
        time.sleep(0.05)
        return apply(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Deal, "apply", slow)
    assert main(["check", "bezique", "--deals", "2", "--deal-time", "0.3", "--quiet"]) == 1
    assert "still ran after 0.3 s" in capsys.readouterr().out


def test_the_house_rules_example_runs() -> None:
    """examples/test_my_house_rules.py is outside ``testpaths``: run its tests here."""
    path = ROOT / "examples" / "test_my_house_rules.py"
    spec = importlib.util.spec_from_file_location("test_my_house_rules", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tests = [getattr(module, name) for name in dir(module) if name.startswith("test_")]
    assert tests
    for test in tests:
        test()
