"""Collection: files whose doctests need an optional extra are skipped when it is missing
(the adapters import their framework; ``import bezique`` never does), and the deprecated
import paths are not collected (importing them warns; tests/test_public_paths.py checks them)."""

from __future__ import annotations

from importlib.util import find_spec

OPTIONAL = {
    "bezique/adapters/openspiel.py": ("pyspiel",),
    "bezique/adapters/ismcts.py": ("pyspiel",),
    "bezique/openspiel.py": ("pyspiel",),
    "bezique/adapters/pettingzoo.py": ("pettingzoo", "gymnasium", "numpy"),
    "bezique/pettingzoo.py": ("pettingzoo", "gymnasium", "numpy"),
    "bezique/check/strategies.py": ("hypothesis",),
    "bezique/strategies.py": ("hypothesis",),
    "docs/ai.md": ("pyspiel",),
    "bezique/web/app.py": ("starlette", "httpx"),
    "docs/web.md": ("starlette", "httpx"),
}
"""A file -> the modules its doctests import (install the extra to run them)."""

DEPRECATED = ("planner", "render", "scenario", "playout", "simulate", "analysis", "cli_play")
"""The root modules that only alias a new path, with a `DeprecationWarning`."""

collect_ignore = [path for path, modules in OPTIONAL.items()
                  if any(find_spec(module) is None for module in modules)]
collect_ignore += [f"bezique/{name}.py" for name in DEPRECATED]
