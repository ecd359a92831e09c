"""The runtime dependencies alone run every command but ``check``, and the toolkit modules
import cleanly in a fresh interpreter (README quick start; issue 11 §1).

Each command runs in a subprocess whose import system refuses ``hypothesis`` (a meta-path
blocker installed before ``bezique`` is imported), as in a venv with no extras.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BLOCKER = """
import sys
from importlib.abc import MetaPathFinder

class NoHypothesis(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "hypothesis" or name.startswith("hypothesis."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NoHypothesis())
sys.argv = ["bezique", *sys.argv[1:]]
from bezique.cli import main
status = main()
assert "hypothesis" not in sys.modules, "hypothesis was imported"
sys.exit(status)
"""


def _env() -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
    env.pop("PYTHONHOME", None)
    return env


def run_without_hypothesis(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``bezique ARGS`` in a fresh interpreter where importing hypothesis fails."""
    return subprocess.run([sys.executable, "-c", BLOCKER, *args], cwd=ROOT, env=_env(),
                          input=stdin, capture_output=True, text=True, timeout=120, check=False)


COMMANDS = {
    "demo": (["demo"], "wins"),
    "demo chinese": (["demo", "--profile", "chinese"], "wins"),
    "profiles list": (["profiles", "list"], "bezique "),
    "profiles show": (["profiles", "show", "pinochle", "--summary"], "pinochle:"),
    "profiles validate": (["profiles", "validate", "variants/rubicon.toml"], ": OK"),
    "profiles diff": (["profiles", "diff", "bezique", "rubicon"], "->"),
    "simulate": (["simulate", "--deals", "2", "--quiet"], "simulate: bezique, 2 deals"),
    "replay": (["replay", "tests/records/bezique.toml"], "OK:"),
    "scenario": (["scenario", "tests/scenarios/book/sc01_reuse_across_classes.toml"],
                 "1 passed"),
    "play": (["play", "--seed", "3"], "Leaving the game"),
    "analyse": (["analyse", "tests/records/five-hundred.toml", "--simulations", "2"],
                "summary"),
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_but_check_runs_without_hypothesis(name: str) -> None:
    args, expected = COMMANDS[name]
    result = run_without_hypothesis(*args, stdin="hint\n1\nquit\nn\n")
    assert result.returncode == 0, result.stderr
    assert expected in result.stdout
    assert "hypothesis" not in result.stderr


def test_check_without_hypothesis_says_in_one_line_what_to_install() -> None:
    result = run_without_hypothesis("check", "bezique", "--deals", "1")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "hypothesis" in lines[0] and "pip install 'bezique[test]'" in lines[0]


def test_invariants_need_no_hypothesis() -> None:
    code = BLOCKER.split("sys.argv")[0] + (
        "import bezique, bezique.check.invariants as inv\n"
        "deal = bezique.Deal.new(bezique.load_profile('bezique'), seed=1)\n"
        "inv.check(deal)\n"
        "assert 'hypothesis' not in sys.modules\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(),
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr


DECLARED = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "project"]["entry-points"]["hypothesis"]

FRESH = """
import importlib.metadata as metadata
import sys

declared = dict(pair.split("=", 1) for pair in sys.argv[2:])
real = metadata.entry_points

def entry_points(**selection):
    if selection.get("group") == "hypothesis":
        return metadata.EntryPoints(
            metadata.EntryPoint(name, value, "hypothesis") for name, value in declared.items())
    return real(**selection)

metadata.entry_points = entry_points
import importlib
importlib.import_module(sys.argv[1])
from hypothesis import given, settings, strategies as st
from bezique import Deal, Rules

@settings(max_examples=1, database=None, derandomize=True)
@given(st.from_type(Rules), st.from_type(Deal))
def drawn(rules, deal):
    assert isinstance(rules, Rules) and isinstance(deal, Deal)

drawn()
"""


@pytest.mark.parametrize("module", [
    "bezique.check.strategies", "bezique.check.invariants", "bezique.strategies",
    "bezique.invariants", "hypothesis",
])
@pytest.mark.parametrize("entry_point", [
    pytest.param(DECLARED, id="pyproject"),
    pytest.param({"_": "bezique.strategies:_hypothesis_setup_hook"}, id="former-name"),
])
def test_toolkit_imports_first_in_a_fresh_interpreter(
    module: str, entry_point: dict[str, str]
) -> None:
    """With the hypothesis entry point as pyproject.toml declares it (and as installs made
    before it moved declare it), importing the toolkit first neither fails on a circular
    import nor loses the ``st.from_type`` registrations."""
    pairs = [f"{name}={value}" for name, value in entry_point.items()]
    result = subprocess.run([sys.executable, "-c", FRESH, module, *pairs], cwd=ROOT, env=_env(),
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
