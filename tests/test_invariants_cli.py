"""``bezique check``: the invariant suite from the command line; violations are reported with a
replayable smallest example and a non-zero exit, broken house rules with a clear message."""

from __future__ import annotations

import importlib.util
import io
import re
import sys
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import patches_the_engine, plant_duplicating_draw

from bezique import Deal, load_profile, profile_from_toml
from bezique.check.catalogue import EVERY_KEY, KNOBS
from bezique.check.failure import JOKER_NAMES, NAMES, SEAT_NAMES
from bezique.check.playout import default_max_plies
from bezique.cli import main
from bezique.compile import compile_rules
from bezique.events import Event
from bezique.rules.diff import flatten
from bezique.rules.load import rules_to_toml

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
    plant_duplicating_draw(monkeypatch)
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


def _rows(out: str) -> dict[str, str]:
    """The invariants ``check`` lists, by id: the rest of each row (title and keys, a wrapped
    row joined)."""
    rows: dict[str, str] = {}
    last = ""
    for line in out.splitlines()[3:]:
        found = re.match(r"  (\d+|[NJ]\d+) +(.*)$", line)
        if found:
            last = found.group(1)
            rows[last] = found.group(2)
        elif line.startswith(" " * 25) and last:
            rows[last] += " " + line.strip()
    return rows


def test_check_names_every_invariant_it_ran_with_the_keys_it_exercised(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "bezique", "--deals", "2", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    rows = _rows(out)
    assert list(rows) == [str(n) for n in NAMES] + ["N9", "N10", "N12"]
    for number, title in NAMES.items():
        assert rows[str(number)].startswith(title + " "), rows[str(number)]
    assert rows["8"] == "dix               dix, pack.copies"
    assert "melds.per_trick" in rows["7"] and "melds.reuse" in rows["7"]
    assert rows["N10"].endswith("deal.rotation, seats.players (on the whole game)")


def test_check_of_a_joker_game_names_the_joker_invariants(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "joker", "--deals", "2", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    joker_ids = " ".join(JOKER_NAMES)
    assert f"every invariant holds (1 2 3 4 5 6 7 8 9 12 14 {joker_ids})" in out
    rows = _rows(out)
    assert rows["J5"].startswith("joker melds       jokers.wild_in, jokers.max_per_meld")
    assert not any(n.startswith("N") and n not in ("N9", "N10", "N12") for n in rows)


def test_check_of_a_house_file_stars_the_keys_it_changes(
    write_profile: Callable[[str, str], Path], capsys: pytest.CaptureFixture[str],
) -> None:
    path = write_profile("house.toml", 'extends = "bezique"\ndix.value = 20\n'
                         'game.target = 1500\nmelds.per_trick = 2\n')
    assert main(["check", str(path), "--deals", "2", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    rows = _rows(out)
    assert rows["8"] == "dix               dix*, pack.copies"
    assert rows["5"].startswith("scores            melds.values, dix.value*,")
    assert rows["7"].startswith("melds             melds.per_trick*, melds.table,")
    assert "  * changed from bezique, the profile this one extends" in out
    assert out.rstrip().endswith("  changed, and named by no invariant: game.target")


def test_check_brief_prints_the_summary_alone(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "bezique", "--deals", "2", "--seed", "5", "--brief"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[1].startswith("  a whole game ended after")


def test_every_key_an_invariant_names_is_a_key_of_the_profiles() -> None:
    """The catalogue names real keys (or sections) of the schema, for every invariant a check
    can run."""
    keys = set(flatten(tomllib.loads(rules_to_toml(load_profile("joker-partnership")))))
    for number in [*NAMES, *SEAT_NAMES, *JOKER_NAMES]:
        for knob in KNOBS[number]:
            assert knob == EVERY_KEY or any(k == knob or k.startswith(knob + ".")
                                            for k in keys), (number, knob)
