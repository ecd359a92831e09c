"""Every scenario file under tests/scenarios/ (docs/rules.md#scenario-families), one test per case.

A case marked ``xfail`` in its file (an engine bug filed in /work/bugs) is a strict xfail here:
it must fail until the engine is fixed, and then the mark must go.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bezique.check.scenario import ScenarioError, load_scenario, run_case, scenario_files

SCENARIOS = Path(__file__).parent / "scenarios"


def _params() -> list[object]:
    params: list[object] = []
    for path in scenario_files([SCENARIOS]):
        name = path.relative_to(SCENARIOS).as_posix()
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            params.append(pytest.param(path, None, str(exc), id=name))
            continue
        for case in scenario.cases:
            marks = [pytest.mark.xfail(strict=True, reason=case.xfail)] if case.xfail else []
            case_id = name if case.name == "base" else f"{name}::{case.name}"
            params.append(pytest.param(path, case.name, "", id=case_id, marks=marks))
    return params


@pytest.mark.parametrize(("path", "case_name", "load_error"), _params())
def test_scenario_holds_to_the_book(path: Path, case_name: str | None, load_error: str) -> None:
    assert not load_error, load_error
    scenario = load_scenario(path)
    case = next(c for c in scenario.cases if c.name == case_name)
    failures = run_case(case)
    assert not failures, "\n".join(str(f) for f in failures)


def test_every_scenario_cites_its_source() -> None:
    missing = [str(p) for p in scenario_files([SCENARIOS]) if not load_scenario(p).source]
    assert not missing, missing


# --- the runner itself: a wrong expectation must be reported ---------------------------------

_BASE = """
title = "t"
source = "test"
[position]
hands = ["KS KH KC KD 8C 9S 9H 8H", "7S 8S 10C JC AH 10H QC 9D"]
stock = "9C 10S 8D"
turn_up = "JD"
dealer = 1
"""


def _run(steps: str, head: str = "") -> list[str]:
    from bezique.check.scenario import parse_scenario, run_scenario

    return [str(f) for f in run_scenario(parse_scenario(head + _BASE + steps)).failures]


def test_runner_reports_wrong_points_with_step_index() -> None:
    failures = _run('[[step]]\ndo = ["play 8C", "play 7S", "meld four_kings KS KH KC KD"]\n'
                    'expect_points = ["P0 +60 four_kings"]\n')
    assert failures == ["base step 0: expect_points: expected ['P0 +60 four_kings'], "
                        "got ['P0 +80 four_kings']"]


def test_runner_reports_an_expected_error_that_did_not_happen() -> None:
    failures = _run('[[step]]\ndo = ["play 8C"]\nexpect_error = "anything"\n')
    assert len(failures) == 1 and "was applied" in failures[0]


def test_runner_reports_a_refused_action_and_the_wrong_error_text() -> None:
    assert "refused" in _run('[[step]]\ndo = ["play 7S"]\n')[0]
    failures = _run('[[step]]\ndo = ["play 7S"]\nexpect_error = "must follow"\n')
    assert len(failures) == 1 and "in P0's hand" in failures[0]


def test_runner_checks_state_and_legal_actions() -> None:
    failures = _run('[[step]]\ndo = ["play 8C"]\nexpect = { to_move = 0, trump = "S" }\n'
                    'expect_legal_includes = ["play AS"]\n')
    assert {f.split(": ")[1] for f in failures} == {"to_move", "trump", "expect_legal_includes"}


def test_runner_flags_an_xfail_case_that_passes() -> None:
    failures = _run('[[step]]\ndo = ["play 8C"]\n', head='xfail = "engine bug: none"\n')
    assert failures == ["base: xfail: expected 'engine bug: none', got 'passed'"]


def test_unknown_scenario_key_is_named_with_a_suggestion() -> None:
    from bezique.check.scenario import parse_scenario

    with pytest.raises(ScenarioError, match=r"step\[0\]\.expect_pionts: unknown key "
                                            r"\(did you mean 'expect_points'\?\)"):
        parse_scenario(_BASE + '[[step]]\nexpect_pionts = []\n')


def test_a_scenario_that_checks_nothing_is_refused() -> None:
    """A file that applies no action and expects nothing could never fail: it is an error,
    not a PASS (nor is a variant that checks nothing)."""
    from bezique.check.scenario import parse_scenario

    with pytest.raises(ScenarioError, match=r"<string>: checks nothing \(the base run\)"):
        parse_scenario('title = "t"\nsource = "test"\n')
    with pytest.raises(ScenarioError, match=r"variant\[0\]: checks nothing"):
        parse_scenario(_BASE + '[[step]]\nid = "a"\ndo = ["play 8C"]\n'
                       '[[variant]]\nname = "v"\n[variant.steps.a]\ndo = []\n')


def test_run_files_reports_a_file_that_cannot_load(tmp_path: Path) -> None:
    from bezique.check.scenario import run_files

    bad = tmp_path / "bad.toml"
    bad.write_text("title = \n", encoding="utf-8")
    (result,) = run_files([tmp_path])
    assert not result.passed and "not valid TOML" in str(result.failures[0])


def test_settle_counts_to_the_target_of_the_position() -> None:
    from bezique.check.scenario import parse_scenario, run_scenario

    text = """
title = "t"
source = "test"
[position]
hands = ["AH 10C JD", "7H KC 8D"]
stock = ""
trump = "S"
dealer = 1
scores = [0, 0]
totals = [980, 700]
target = 1500
[[step]]
do = ["play AH", "play 7H", "play 10C", "play KC", "play JD", "play 8D"]
expect_scores = [30, 0]
[settle]
expect = { kind = "continue", game_over = false, target = 1500, totals = [1010, 700] }
"""
    assert run_scenario(parse_scenario(text)).failures == ()
