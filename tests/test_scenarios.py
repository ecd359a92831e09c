"""Every scenario file under tests/scenarios/ (RULES.md §4 and more), one test per case.

A case marked ``xfail`` in its file (an engine bug filed in /work/bugs) is a strict xfail here:
it must fail until the engine is fixed, and then the mark must go.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bezique.scenario import ScenarioError, load_scenario, run_case, scenario_files

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
