"""Every module behind an optional extra fails the same way when the extra is missing: an
`ExtraMissing` (an ImportError) from `bezique.errors.extra_missing`, naming the module, what is
not installed and ``pip install 'bezique[EXTRA]'``. Each import runs in a fresh interpreter
whose import system refuses the extra's modules, so the test runs with every extra installed."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
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


PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
EXTRAS: dict[str, list[str]] = PYPROJECT["optional-dependencies"]
TOOLS = frozenset({"pytest", "pytest-xdist", "hatchling", "mypy", "ruff", "build"})
"""Distributions of the test and dev extras that run the project's checks: never imported."""
IMPORTS = {"open-spiel": ("pyspiel", "open_spiel")}
"""A distribution whose modules are not named after it (the others import as their name)."""
HTTP_CLIENTS = frozenset({"httpx", "httpx2", "requests", "aiohttp", "urllib3"})


def _name(requirement: str) -> str:
    """A requirement's distribution name, normalized: ``open_spiel>=1.5`` -> ``open-spiel``."""
    found = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert found, requirement
    return re.sub(r"[-_.]+", "-", found.group(0)).lower()


def _own(requirement: str) -> list[str] | None:
    """The extras a self-reference names (``bezique[web]`` -> ``["web"]``), else None."""
    found = re.fullmatch(r"bezique\[([a-z0-9,-]+)\]", requirement.replace(" ", ""))
    return found.group(1).split(",") if found else None


def _installs(extra: str) -> list[str]:
    """Every requirement ``pip install 'bezique[extra]'`` asks for, self-references followed,
    the runtime dependencies first."""
    found = list(PYPROJECT["dependencies"])
    for requirement in EXTRAS[extra]:
        own = _own(requirement)
        if own is None:
            found.append(requirement)
            continue
        assert set(own) <= set(EXTRAS) - {extra}, f"{extra}: {requirement} names no other extra"
        found += [r for other in own for r in _installs(other)[len(PYPROJECT["dependencies"]):]]
    return found


@pytest.mark.parametrize("extra", sorted(EXTRAS))
def test_each_dependency_is_declared_once(extra: str) -> None:
    """pyproject.toml: an extra that needs another's whole list says ``bezique[other]`` instead
    of repeating it, what an extra installs names each distribution once, and a distribution
    that two unrelated extras need (numpy) is required alike in both."""
    mine = {_name(r) for r in EXTRAS[extra] if _own(r) is None}
    for other, requirements in EXTRAS.items():
        theirs = {_name(r) for r in requirements if _own(r) is None}
        assert other == extra or not theirs or not theirs <= mine, (
            f"{extra} repeats the {other} extra's dependencies: say 'bezique[{other}]'")
    names = [_name(r) for r in _installs(extra)]
    assert sorted(names) == sorted(set(names)), f"{extra} repeats a dependency: {names}"
    spelled: dict[str, set[str]] = {}
    for r in [*PYPROJECT["dependencies"], *(r for rs in EXTRAS.values() for r in rs
                                            if _own(r) is None)]:
        spelled.setdefault(_name(r), set()).add(r.replace(" ", ""))
    assert all(len(forms) == 1 for forms in spelled.values()), spelled


def test_the_web_extra_installs_no_http_client() -> None:
    """A server needs none: Starlette's TestClient takes httpx2 from the test extra."""
    assert not {_name(r) for r in EXTRAS["web"]} & HTTP_CLIENTS
    assert "httpx2" in {_name(r) for r in EXTRAS["test"]}


def test_the_optional_module_lists_are_the_extras_modules() -> None:
    """What ``import bezique`` must not load (tests/test_public_paths.py) and what only the
    homes of optional imports may import (tests/test_layers.py) are the modules of the extras."""
    from test_layers import OPTIONAL_DEPENDENCIES
    from test_public_paths import OPTIONAL

    declared = {module for requirements in EXTRAS.values() for r in requirements
                if _own(r) is None and _name(r) not in TOOLS
                for module in IMPORTS.get(_name(r), (_name(r),))}
    assert set(OPTIONAL) == set(OPTIONAL_DEPENDENCIES) == declared
