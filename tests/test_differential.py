"""The compiled build against the pure one: every legal-action list and event
of 500 seeded random deals of every built-in profile must agree (tests/differential.py).

The comparison runs when ``BEZIQUE_COMPILED_PYTHON`` names the interpreter of a compiled build
(``.ci/run`` builds one in a fresh venv and sets it); this suite's own interpreter is the pure
side. ``BEZIQUE_DIFFERENTIAL_DEALS`` changes the number of deals per profile.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

import bezique

SCRIPT = Path(__file__).with_name("differential.py")
COMPILED_PYTHON = os.environ.get("BEZIQUE_COMPILED_PYTHON", "")
DEALS = int(os.environ.get("BEZIQUE_DIFFERENTIAL_DEALS", "500"))


def digests_in(python: str, deals: int, *, own_path: bool) -> subprocess.Popen[str]:
    """Start tests/differential.py under ``python``, from outside the source tree; with
    ``own_path`` False, without this process's PYTHONPATH (a compiled venv imports its own)."""
    env = dict(os.environ)
    if not own_path:
        env.pop("PYTHONPATH", None)
    return subprocess.Popen([python, str(SCRIPT), "--deals", str(deals)], stdout=subprocess.PIPE,
                            text=True, cwd=tempfile.gettempdir(), env=env)


def finished(run: subprocess.Popen[str]) -> dict[str, Any]:
    out, _ = run.communicate(timeout=1800)
    assert run.returncode == 0
    result: dict[str, Any] = json.loads(out)
    return result


def test_a_digest_sees_every_step_and_differs_between_deals() -> None:
    """The tool can fail: the same deal gives the same digest, another seed another one, and a
    deal played differently changes it."""
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import differential
    finally:
        sys.path.pop(0)
    rules = bezique.load_profile("bezique")
    assert differential.digest(rules, 3) == differential.digest(rules, 3)
    assert differential.digest(rules, 3) != differential.digest(rules, 4)
    assert differential.digest(rules, 3) != differential.digest(bezique.load_profile("rubicon"), 3)


@pytest.mark.skipif(not COMPILED_PYTHON, reason="no compiled build to compare: set "
                    "BEZIQUE_COMPILED_PYTHON to its python (.ci/run builds one)")
def test_the_compiled_build_plays_every_deal_as_the_pure_build() -> None:
    compiled_run = digests_in(COMPILED_PYTHON, DEALS, own_path=False)
    pure_run = digests_in(sys.executable, DEALS, own_path=True)
    compiled, pure = finished(compiled_run), finished(pure_run)
    assert compiled["compiled"] is True, "BEZIQUE_COMPILED_PYTHON does not run a compiled build"
    assert pure["compiled"] is False, "this suite's interpreter runs a compiled build"
    assert set(compiled["digests"]) == set(bezique.list_profiles())
    for profile, expected in pure["digests"].items():
        got = compiled["digests"][profile]
        assert len(got) == len(expected) == DEALS
        differ = [seed for seed, (a, b) in enumerate(zip(expected, got, strict=True)) if a != b]
        assert not differ, f"{profile}: deals {differ[:10]} differ between the builds"
