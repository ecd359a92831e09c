"""Heuristic players and the play loop (see docs/bots.md).

`base`: the `Bot` protocol, `RandomBot`, `play_deal`, `finish`, `play_game`; `greedy`:
`GreedyBot` and its `Turn`; `planner`: `PlannerBot`; `registry`: bots by name (`make_bot`).
The search bot lives in `bezique.search`.
"""

from bezique.bots.base import Bot, DealBot, RandomBot, decide, finish, play_deal, play_game
from bezique.bots.greedy import GreedyBot, Turn
from bezique.bots.planner import PlannerBot
from bezique.bots.registry import (
    BOTS,
    BUDGETED_BOTS,
    PERFECT_INFORMATION,
    TABLE_BOTS,
    TIMED_BOTS,
    check_bot_pair,
    check_bot_spec,
    check_bots,
    check_table_bot,
    make_bot,
    seat_bots,
)

__all__ = [
    "BOTS", "BUDGETED_BOTS", "PERFECT_INFORMATION", "TABLE_BOTS", "TIMED_BOTS", "Bot",
    "DealBot", "GreedyBot", "PlannerBot", "RandomBot", "Turn", "check_bot_pair",
    "check_bot_spec", "check_bots", "check_table_bot", "decide", "finish", "make_bot",
    "play_deal", "play_game", "seat_bots",
]
