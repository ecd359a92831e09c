"""Collection: files whose doctests need an optional extra are skipped when it is missing
(the adapters import their framework; ``import bezique`` never does)."""

from __future__ import annotations

from importlib.util import find_spec

OPTIONAL = {
    "bezique/openspiel.py": ("pyspiel",),
    "bezique/pettingzoo.py": ("pettingzoo", "gymnasium", "numpy"),
    "docs/ai.md": ("pyspiel",),
    "bezique/web/app.py": ("starlette", "httpx"),
    "docs/web.md": ("starlette", "httpx"),
}
"""A file -> the modules its doctests import (install the extra to run them)."""

collect_ignore = [path for path, modules in OPTIONAL.items()
                  if any(find_spec(module) is None for module in modules)]
