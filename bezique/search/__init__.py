"""Strong play: `solve` gives the exact value and principal variation of an end phase;
`SearchBot` plays every decision from its observation, with `evaluate` valuing each legal
action (see ``docs/search.md``)."""

from bezique.search.bot import DEFAULT_SIMULATIONS, ActionValue, Evaluation, SearchBot, evaluate
from bezique.search.endgame import NodeBudgetExceeded
from bezique.search.horizon import DEFAULT_MAX_NODES
from bezique.search.solver import Solution, solve

__all__ = [
    "DEFAULT_MAX_NODES",
    "DEFAULT_SIMULATIONS",
    "ActionValue",
    "Evaluation",
    "NodeBudgetExceeded",
    "SearchBot",
    "Solution",
    "evaluate",
    "solve",
]
