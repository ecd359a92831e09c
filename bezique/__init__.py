"""bezique: play, check and analyse the whole Bezique family of card games from one engine."""

from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES

from bezique import deal as _deal_module
from bezique.cards import Card, CardSet, Rank, Suit
from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError, PositionError, ProfileError
from bezique.game import Game, GameResult
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
