"""Strong play: `solve` gives the exact value and principal variation of an end phase;
`SearchBot` plays every decision from its observation, with `evaluate` valuing each legal
action and `advise` giving a hint (see ``docs/search.md``)."""

from bezique.search.bot import (
    DEFAULT_EXACT_NODES,
    DEFAULT_EXACT_STOCK,
    DEFAULT_EXACT_WORLDS,
    DEFAULT_OBJECTIVE,
    DEFAULT_SIMULATIONS,
    ActionValue,
    Advice,
    Evaluation,
    SearchBot,
    advise,
    evaluate,
)
from bezique.search.endgame import NodeBudgetExceeded
from bezique.search.horizon import DEFAULT_MAX_NODES
from bezique.search.solver import Solution, solve

__all__ = [
    "DEFAULT_EXACT_NODES",
    "DEFAULT_EXACT_STOCK",
    "DEFAULT_EXACT_WORLDS",
    "DEFAULT_MAX_NODES",
    "DEFAULT_OBJECTIVE",
    "DEFAULT_SIMULATIONS",
    "ActionValue",
    "Advice",
    "Evaluation",
    "NodeBudgetExceeded",
    "SearchBot",
    "Solution",
    "advise",
    "evaluate",
    "solve",
]
