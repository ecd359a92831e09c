"""bezique: play, check and analyse the whole Bezique family of card games from one engine."""

from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError, ProfileError
from bezique.rules import Rules, list_profiles, load_profile, profile_from_toml

__all__ = [
    "Deal",
    "IllegalAction",
    "NotationError",
    "ProfileError",
    "Rules",
    "list_profiles",
    "load_profile",
    "profile_from_toml",
]
