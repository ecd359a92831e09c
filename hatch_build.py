"""The opt-in compiled build: ``BEZIQUE_COMPILE=1 pip install .`` compiles the hot path with mypyc.

Without ``BEZIQUE_COMPILE=1`` (the default) this hook does nothing and the wheel is the
pure-Python package. With it, the wheel build asks for mypy and setuptools, compiles the modules
named by ``bezique._mypyc.HOT_PATH`` with mypyc from the very sources that run as pure Python,
and ships the extension modules beside them (Python imports an extension module before a source
file of the same name), tagged for this interpreter and platform. Editable installs
(``pip install -e .``) are never compiled. ``bezique.COMPILED`` says which build is running
(docs/compiled.md).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def hot_path(root: Path) -> tuple[str, ...]:
    """The modules to compile: ``bezique._mypyc.HOT_PATH``, read without importing `bezique`
    (its dependencies are not in the build environment)."""
    spec = importlib.util.spec_from_file_location("_bezique_mypyc", root / "bezique" / "_mypyc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    names: tuple[str, ...] = module.HOT_PATH
    return names

BUILD_REQUIRES = ["mypy>=1.10", "setuptools>=70"]
"""What the compiled build needs at build time (mypyc is part of mypy)."""


def wanted() -> bool:
    """Whether the environment asks for the compiled build (``BEZIQUE_COMPILE=1``)."""
    return os.environ.get("BEZIQUE_COMPILE", "").strip().lower() in ("1", "true", "yes")


def compile_hot_path(root: Path, out: Path) -> list[Path]:
    """Compile the `hot_path` modules of ``root/bezique`` with mypyc into ``out``; returns the
    built files, relative to ``out`` (``bezique/<module>.<ext>`` and mypyc's runtime library)."""
    from mypyc.build import mypycify  # the build requirements: only needed here
    from setuptools import Distribution

    work = Path(tempfile.mkdtemp(prefix="bezique-mypyc-"))
    cwd = os.getcwd()
    os.chdir(root)  # mypy reads pyproject.toml's [tool.mypy] from here
    try:
        paths = [f"bezique/{name.replace('.', '/')}.py" for name in hot_path(root)]
        extensions = mypycify(paths, opt_level="3", target_dir=str(work / "c"))
        dist = Distribution({"name": "bezique", "ext_modules": extensions})
        command: Any = dist.get_command_obj("build_ext")
        command.build_lib = str(out)
        command.build_temp = str(work / "temp")
        command.ensure_finalized()
        command.run()
    finally:
        os.chdir(cwd)
        shutil.rmtree(work, ignore_errors=True)
    return sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """Hatch's build hook for the wheel: compiled with ``BEZIQUE_COMPILE=1``, else pure."""

    def dependencies(self) -> list[str]:
        """The build requirements of the compiled build, only when it is asked for: mypy and
        setuptools, and the runtime dependencies, whose types mypyc reads."""
        if not wanted():
            return []
        return [*BUILD_REQUIRES, *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the hot path into the wheel (not for editable installs)."""
        if self.target_name != "wheel" or version == "editable" or not wanted():
            return
        out = Path(self.directory) / ".mypyc-build"
        shutil.rmtree(out, ignore_errors=True)
        built = compile_hot_path(Path(self.root), out)
        for rel in built:
            build_data["force_include"][str(out / rel)] = str(rel)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        names = len(hot_path(Path(self.root)))
        print(f"bezique: {names} modules compiled with mypyc for Python {sys.version.split()[0]}")
