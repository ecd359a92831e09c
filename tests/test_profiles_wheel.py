"""The built wheel ships every built-in profile (``bezique/_variants``), ``py.typed`` and the race
model's sample deals, and
works installed: profiles load, the command runs, the toolkit imports under its entry point.

Builds the wheel with pip (hatchling comes from the pip cache or PyPI, or the local install when
present) and installs it (``--no-index --no-deps``) into a fresh venv that borrows the
dependencies this interpreter already has: a ``.pth`` file lists the folders they were imported
from. (``--system-site-packages`` would borrow the base interpreter's packages, which inside a
venv are not this interpreter's.) ~5-15 s.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from bezique.rules import list_profiles, load_profile

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 50  # seconds for each step; the whole test stays well under a minute

pytestmark = pytest.mark.skipif(
    not (ROOT / "bezique" / "__init__.py").is_file(),
    reason="no sources beside the tests: the suite runs against an installed build "
    "(the compiled one in CI, docs/compiled.md)",
)

CHECK = """
import json, sys
import bezique
from bezique.rules import list_profiles, load_profile, profile_from_toml
from bezique.rules.load import variants_dir
out = {"file": bezique.__file__, "variants": str(variants_dir()), "digests": {}}
for name in list_profiles():
    rules = load_profile(name)
    assert profile_from_toml(rules.to_toml()) == rules, name
    out["digests"][name] = rules.digest
print(json.dumps(out))
"""


DEPENDENCIES = ("attrs", "attr", "cattrs", "tomli_w", "hypothesis", "sortedcontainers")
"""The runtime dependencies, and hypothesis (with its own) for the toolkit import."""

TOOLKIT = """
import bezique.check.strategies
from hypothesis import given, settings, strategies as st
from bezique import Rules

@settings(max_examples=1, database=None, derandomize=True)
@given(st.from_type(Rules))
def drawn(rules):
    assert isinstance(rules, Rules)

drawn()
print(bezique.check.strategies.__file__)
"""


def dependency_folders() -> list[str]:
    """The folders this interpreter imports the dependencies from (each one's parent)."""
    folders: list[str] = []
    for name in DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            continue
        parent = str(Path(spec.origin).resolve().parent.parent)
        if parent not in folders:
            folders.append(parent)
    return folders


def borrowing_venv(env_dir: Path) -> Path:
    """A fresh venv (no system site packages) whose ``.pth`` file adds `dependency_folders`;
    returns its python."""
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True, text=True, check=True, timeout=TIMEOUT).stdout.strip()
    Path(purelib, "_borrowed_dependencies.pth").write_text(
        "\n".join(dependency_folders()) + "\n", encoding="utf-8")
    return python


def _run(cmd: list[str], cwd: Path, *, plugins: bool = False) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    if not plugins:
        env["HYPOTHESIS_NO_PLUGINS"] = "1"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=TIMEOUT, check=False)
    assert result.returncode == 0, f"{cmd}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.mark.slow
def test_wheel_installs_and_loads_every_builtin_profile(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(wheels)]
    if importlib.util.find_spec("hatchling") is not None:
        build.append("--no-build-isolation")
    _run(build, tmp_path)
    (wheel,) = wheels.glob("bezique-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert "bezique/py.typed" in archive.namelist()  # PEP 561: downstream mypy sees types
        assert "bezique/search/race_samples.json" in archive.namelist()  # the race model's deals

    env_dir = tmp_path / "venv"
    python = borrowing_venv(env_dir)
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-index",
          "--no-deps", "-q", str(wheel)], tmp_path)

    result = _run([str(python), "-c", CHECK], tmp_path)
    found = json.loads(result.stdout)
    assert Path(found["file"]).is_relative_to(env_dir), found["file"]
    assert Path(found["variants"]).name == "_variants"
    assert Path(found["variants"]).is_relative_to(env_dir)
    assert found["digests"] == {name: load_profile(name).digest for name in list_profiles()}

    listed = _run([str(python), "-m", "bezique", "profiles", "list"], tmp_path)
    assert [line.split()[0] for line in listed.stdout.splitlines()] == list_profiles()

    toolkit = _run([str(python), "-c", TOOLKIT], tmp_path, plugins=True)
    assert Path(toolkit.stdout.strip()).is_relative_to(env_dir)


def test_the_test_venv_borrows_this_interpreters_dependencies_not_the_base_ones(
    tmp_path: Path,
) -> None:
    """Inside a venv the base interpreter's site packages are not this interpreter's; the
    borrowing venv finds attrs where this interpreter found it."""
    python = borrowing_venv(tmp_path / "venv")
    found = _run([str(python), "-c", "import attrs, cattrs, tomli_w; print(attrs.__file__)"],
                 tmp_path)
    assert Path(found.stdout.strip()).resolve() == Path(
        importlib.util.find_spec("attrs").origin or "").resolve()
