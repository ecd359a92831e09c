"""Shared fixtures: built-in profile names and a helper that writes profile files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bezique.rules import list_profiles

BUILTIN_PROFILES = list_profiles()


@pytest.fixture(params=BUILTIN_PROFILES)
def builtin_name(request: pytest.FixtureRequest) -> str:
    """Each built-in profile name in turn."""
    name: str = request.param
    return name


@pytest.fixture
def write_profile(tmp_path: Path) -> Callable[[str, str | bytes], Path]:
    """Write a profile file into a temporary folder: ``write_profile("house.toml", text)``."""

    def write(name: str, text: str | bytes) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    return write
