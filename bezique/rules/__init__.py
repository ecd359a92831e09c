"""Rule profiles: the typed `Rules` tree, loading, validation and the built-in registry."""

from bezique.rules.load import list_profiles, load_profile, profile_from_toml
from bezique.rules.model import (
    BrisqueRules,
    DealRules,
    DixRules,
    EndgameRules,
    FrozenMap,
    GameRules,
    LastStockRules,
    LastTrickRules,
    MeldRules,
    MeldSpec,
    Pack,
    PartnershipRules,
    RubiconRules,
    Rules,
    SeatRules,
    TrickPointRules,
    TrickRules,
    TrumpRules,
)

__all__ = [
    "BrisqueRules", "DealRules", "DixRules", "EndgameRules", "FrozenMap", "GameRules",
    "LastStockRules", "LastTrickRules", "MeldRules", "MeldSpec", "Pack", "PartnershipRules",
    "RubiconRules", "Rules", "SeatRules", "TrickPointRules", "TrickRules", "TrumpRules",
    "list_profiles", "load_profile", "profile_from_toml",
]
