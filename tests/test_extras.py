"""Every module behind an optional extra fails the same way when the extra is missing: an
`ExtraMissing` (an ImportError) from `bezique.errors.extra_missing`, naming the module, what is
not installed and ``pip install 'bezique[EXTRA]'``. Each import runs in a fresh interpreter
whose import system refuses the extra's modules, so the test runs with every extra installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

BLOCKED = """
import importlib, sys
blocked = set(sys.argv[2].split(","))

class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)

sys.meta_path.insert(0, Refuse())
from bezique.errors import ExtraMissing
try:
    importlib.import_module(sys.argv[1])
except ExtraMissing as exc:
    print(exc)
else:
    print("imported")
"""


@pytest.mark.parametrize(("module", "missing", "extra"), [
    ("bezique.adapters.openspiel", "pyspiel", "openspiel"),
    ("bezique.adapters.openspiel", "numpy", "openspiel"),
    ("bezique.openspiel", "numpy", "openspiel"),
    ("bezique.adapters.pettingzoo", "pettingzoo", "pettingzoo"),
    ("bezique.adapters.pettingzoo", "numpy", "pettingzoo"),
    ("bezique.pettingzoo", "gymnasium", "pettingzoo"),
    ("bezique.web.app", "starlette", "web"),
    ("bezique.check.strategies", "hypothesis", "test"),
    ("bezique.strategies", "hypothesis", "test"),
])
def test_a_module_behind_a_missing_extra_names_the_extra(module: str, missing: str,
                                                         extra: str) -> None:
    result = subprocess.run([sys.executable, "-c", BLOCKED, module, missing], cwd=ROOT,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    feature = module.replace("bezique.openspiel", "bezique.adapters.openspiel").replace(
        "bezique.pettingzoo", "bezique.adapters.pettingzoo").replace(
        "bezique.strategies", "bezique.check.strategies")
    assert result.stdout.strip() == (f"{feature} needs the {extra} extra ({missing} is not "
                                     f"installed): pip install 'bezique[{extra}]'")


@pytest.mark.parametrize(("call", "missing", "extra", "feature"), [
    ("from bezique.lab.plots import require_matplotlib as f; f()", "matplotlib", "lab",
     "--plot"),
    ("from bezique.lab.on_ray import run_on_ray as f; f(None, [], None, games=0)", "ray",
     "ray",
     "the ray backend"),
])
def test_a_feature_behind_a_missing_extra_names_the_extra(call: str, missing: str, extra: str,
                                                          feature: str) -> None:
    code = BLOCKED.replace("importlib.import_module(sys.argv[1])", call)
    result = subprocess.run([sys.executable, "-c", code, "-", missing], cwd=ROOT,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (f"{feature} needs the {extra} extra ({missing} is not "
                                     f"installed): pip install 'bezique[{extra}]'")
