"""Every script in examples/ says in its docstring what it prints, and prints it.

A docstring states one or more runs as ````python examples/NAME.py ARGS`` prints ...::``
followed by the output, indented (``...`` stands for what varies, such as a time, as in a
doctest). Each run is made here in a subprocess, from a scratch folder with an empty ``docs/``
(the scripts that draw the docs' pictures write there, not into the checkout), and its output
compared with the stated one. An example whose extra is missing skips (CI installs them all).
The house-rule profiles of examples/house-rules/ are tested by tests/test_profiles_examples.py.
"""

from __future__ import annotations

import ast
import doctest
import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

NEEDS: dict[str, tuple[str, ...]] = {
    "house_profile.py": (),
    "openspiel_ismcts.py": ("pyspiel", "open_spiel"),
    "pettingzoo_random.py": ("pettingzoo", "gymnasium", "numpy"),
    "table_svg.py": (),
    "test_my_house_rules.py": ("hypothesis",),
    "web_screenshot.py": ("starlette", "uvicorn", "playwright.sync_api"),
}
"""Each example script -> the modules it needs (its extra); a new example must be added."""

RUN = re.compile(r"``(python [^`]+)`` prints[^\n]*::\n\n((?:(?: {4}.*)?\n)+)")
"""A stated run: the command, then its output as an indented literal block."""


def runs(path: Path) -> list[tuple[str, str]]:
    """The (command, expected output) pairs that ``path``'s docstring states."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return [(command, textwrap.dedent(block).strip("\n") + "\n")
            for command, block in RUN.findall(doc + "\n")]


def scripts() -> list[Path]:
    """Every Python script under examples/."""
    return sorted(EXAMPLES.rglob("*.py"))


def test_every_example_is_listed_and_states_a_run() -> None:
    assert sorted(p.name for p in scripts()) == sorted(NEEDS)
    for path in scripts():
        assert runs(path), f"{path.name}: its docstring states no ``python ...`` prints::"


def argv(command: str) -> list[str]:
    """The command to run: ``python`` is this interpreter, ``examples/...`` the checkout's."""
    words = shlex.split(command)
    assert words[0] == "python", command
    return [sys.executable, *(str(ROOT / w) if w.startswith("examples/") else w
                              for w in words[1:])]


@pytest.mark.parametrize(("name", "command", "expected"), [
    pytest.param(path.name, command, expected, id=command.removeprefix("python "))
    for path in scripts() for command, expected in runs(path)])
def test_the_example_prints_what_its_docstring_says(name: str, command: str, expected: str,
                                                    tmp_path: Path) -> None:
    for module in NEEDS[name]:
        pytest.importorskip(module)
    if name == "web_screenshot.py" and not shutil.which("chromium"):
        pytest.skip("no chromium on the PATH (apt-get install chromium)")
    (tmp_path / "docs").mkdir()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))),
        "PYTEST_ADDOPTS": "-p no:cacheprovider"}
    done = subprocess.run(argv(command), cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    assert checker.check_output(expected, done.stdout, flags), (
        f"{command} printed:\n{done.stdout}\nits docstring says:\n{expected}")


def test_the_readme_picture_is_what_table_svg_draws(tmp_path: Path) -> None:
    """examples/table_svg.py draws docs/table.svg: the committed picture is its output."""
    subprocess.run([sys.executable, str(EXAMPLES / "table_svg.py"), str(tmp_path / "t.svg")],
                   cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True,
                   capture_output=True, timeout=300)
    assert (tmp_path / "t.svg").read_text(encoding="utf-8") == (
        ROOT / "docs" / "table.svg").read_text(encoding="utf-8")
