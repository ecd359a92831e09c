"""bezique: play, check and analyse the whole Bezique family of card games from one engine.

``import bezique`` loads the engine and the rules only; the other sub-packages and modules are
attributes loaded on first use (``bezique.record.dumps(deal)``, ``bezique.search.solve``).
"""

from importlib import import_module as _import_module
from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Any

from bezique import deal as _deal_module
from bezique.cards import Card, CardSet, Rank, Suit
from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError, PositionError, ProfileError
from bezique.game import Game, GameResult
from bezique.match import Match
from bezique.rules import Rules, list_profiles, load_profile, profile_from_toml
from bezique.rulesheet import rulesheet
from bezique.settlement import Settlement, settle

COMPILED: bool = (_deal_module.__file__ or "").endswith(tuple(_EXTENSION_SUFFIXES))
"""True when the hot path runs compiled by mypyc (``BEZIQUE_COMPILE=1 pip install .``,
docs/compiled.md), False for the pure-Python package."""

__all__ = [
    "COMPILED",
    "Card",
    "CardSet",
    "Deal",
    "Game",
    "GameResult",
    "IllegalAction",
    "Match",
    "NotationError",
    "PositionError",
    "ProfileError",
    "Rank",
    "Rules",
    "Settlement",
    "Suit",
    "list_profiles",
    "load_profile",
    "profile_from_toml",
    "rulesheet",
    "settle",
]

_LAZY = {
    "adapters": None, "bots": None, "check": None, "cli": None, "encoding": None,
    "features": None, "invariants": None, "lab": None, "observation": None,
    "openspiel": "openspiel", "pettingzoo": "pettingzoo", "record": None, "search": None,
    "strategies": "test", "svg": None, "view": None, "web": None,
}
"""Modules loaded on first use as attributes, each with the extra it needs (None: none)."""


def __getattr__(name: str) -> Any:
    """``bezique.<module>``, imported on first use; `AttributeError` naming the extra to
    install when its optional dependencies are missing (so `hasattr` stays safe)."""
    if name not in _LAZY:
        raise AttributeError(f"module 'bezique' has no attribute {name!r}")
    try:
        return _import_module(f"bezique.{name}")
    except ImportError as exc:
        if _LAZY[name] is None:  # needs no extra: a real error
            raise
        raise AttributeError(f"bezique.{name} needs pip install 'bezique[{_LAZY[name]}]' "
                             f"({exc})") from exc


def __dir__() -> list[str]:
    """The eager names and the lazy modules."""
    return sorted({*globals(), *_LAZY})


if TYPE_CHECKING:  # what type checkers see of the lazy attributes: all but `cli` and
    # `strategies`, which reach hypothesis and Starlette (the compiled build type-checks this
    # module without the extras; those two are typed by `__getattr__`)
    from bezique import adapters as adapters
    from bezique import bots as bots
    from bezique import check as check
    from bezique import encoding as encoding
    from bezique import features as features
    from bezique import invariants as invariants
    from bezique import lab as lab
    from bezique import observation as observation
    from bezique import record as record
    from bezique import search as search
    from bezique import svg as svg
    from bezique import view as view
    from bezique import web as web
