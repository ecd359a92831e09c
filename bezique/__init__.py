"""bezique: play, check and analyse the whole Bezique family of card games from one engine."""

from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError, PositionError, ProfileError
from bezique.game import Game, GameResult
from bezique.rules import Rules, list_profiles, load_profile, profile_from_toml
from bezique.settlement import Settlement, settle

__all__ = [
    "Deal",
    "Game",
    "GameResult",
    "IllegalAction",
    "NotationError",
    "PositionError",
    "ProfileError",
    "Rules",
    "Settlement",
    "list_profiles",
    "load_profile",
    "profile_from_toml",
    "settle",
]
