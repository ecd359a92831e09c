"""The built wheel ships every built-in profile (``bezique/_variants``) and loads them installed.

Builds the wheel with pip (hatchling comes from the pip cache or PyPI, or the local install when
present), installs it into a fresh venv that borrows the already-installed dependencies
(``--system-site-packages``, ``--no-index``), and loads every profile from there. ~5-15 s.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from bezique.rules import list_profiles, load_profile

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 50  # seconds for each step; the whole test stays well under a minute

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


def _run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
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

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
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
