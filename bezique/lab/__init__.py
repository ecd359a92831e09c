"""The house-rule lab: profiles compared over many bot games, with intervals (see docs/lab.md).

`simulation`: seeded bot deals and games on worker processes (`simulate`); `comparison`:
profiles compared (`compare`); `stats`: estimates and intervals; `on_ray`: the Ray backend
(the `ray` extra); `plots`: the charts (the `lab` extra).
"""

from bezique.errors import ExtraMissing
from bezique.lab.comparison import (
    BACKENDS,
    CSV_FIELDS,
    GAMES_PER_TASK,
    NON_MELD_FIRST,
    Comparison,
    DealRow,
    GameRecord,
    MetricResult,
    compare,
    game_counts,
    play_chunk,
    play_unit,
    summarise,
    write_csv,
)
from bezique.lab.simulation import Summary, simulate, unit_seed
from bezique.lab.stats import wilson

__all__ = [
    "BACKENDS", "CSV_FIELDS", "GAMES_PER_TASK", "NON_MELD_FIRST", "Comparison", "DealRow",
    "ExtraMissing", "GameRecord", "MetricResult", "Summary", "compare", "game_counts",
    "play_chunk", "play_unit", "simulate", "summarise", "unit_seed", "wilson", "write_csv",
]
