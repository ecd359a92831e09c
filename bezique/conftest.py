"""pytest's collection of the package's doctests (not shipped in the wheel): the module of an
optional extra is left out when the extra is not installed; its tests in tests/ skip then,
saying what to install."""

from __future__ import annotations

from importlib.util import find_spec

EXTRAS = {"pettingzoo.py": "pettingzoo"}
"""Module file (in this folder) -> the import it needs."""

collect_ignore = [path for path, needs in EXTRAS.items() if find_spec(needs) is None]
