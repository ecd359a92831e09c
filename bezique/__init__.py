"""bezique: play, check and analyse the whole Bezique family of card games from one engine."""

from bezique.cards import Card, CardSet, Rank, Suit
from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError, PositionError, ProfileError
from bezique.game import Game, GameResult
from bezique.rules import Rules, list_profiles, load_profile, profile_from_toml
from bezique.rulesheet import rulesheet
from bezique.settlement import Settlement, settle

__all__ = [
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
