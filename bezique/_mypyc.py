"""What the compiled build (mypyc, docs/compiled.md) needs from the shared source.

`HOT_PATH` names the compiled modules.
``mypyc_attr`` stands in for ``mypy_extensions.mypyc_attr`` where that is not installed (the
pure build); the modules import the real one first, so that mypyc sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

HOT_PATH: tuple[str, ...] = (
    "actions", "cards", "carte", "compile", "count", "deal", "events", "flags", "frozen", "ledger",
    "legal", "melds", "moves", "observation", "partners", "plays", "reach", "resolve", "start",
    "state", "tricks", "features_deal", "search.endgame", "search.rollout",
)
"""The modules of `bezique` that the compiled build compiles with mypyc (``hatch_build.py``)."""

NO_VALIDATOR: Any = None
"""``attrs.field(converter=f, validator=NO_VALIDATOR)``: no validator, as by default, but typed
``Any``, so that the call is typed ``Any``: mypyc checks the value of a class attribute against its
type when it builds the class, and attrs' placeholder is no ``tuple`` or ``bool``. A field with a
default does the same with ``field(default=cast(Any, value))``."""


def mypyc_attr(*_args: str, **_kwargs: Any) -> Callable[[T], T]:
    """``mypy_extensions.mypyc_attr``: does nothing outside mypyc."""
    return lambda target: target
