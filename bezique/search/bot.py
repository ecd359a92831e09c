"""`SearchBot`: determinized search from the observation alone.

In the stock phase the bot takes the heuristic's (`bezique.bots.planner.PlannerBot`'s) best few
actions (`prior`) and samples worlds consistent with what it has seen
(`Observation.determinize`). In every world it tries each candidate (the same worlds for every
candidate, so that the comparison is fair) and plays the world to the end of the deal with a
fast policy (`bezique.search.rollout`): a candidate's value is its mean final score difference
(the bot's score minus the opponent's) over the worlds, as in perfect-information Monte Carlo.
With the stock hidden a playout says little, so the bot departs from the heuristic's first
choice only when another candidate gains on it significantly, world by world (a paired test).
Over the last stock tricks (its exact window) it compares every legal action in worlds played
to the end of the stock and then solved exactly. Once the stock is gone the count tells the bot
every card, so it plays the exact solver's move (`bezique.search.solve`), within a node budget
(`bezique.search.horizon`: beyond it, the move of a shallower search). `evaluate` values
every legal action the same way, for analysis. At three and four seats the bot plays for its
side (`bezique.search.values`: the score difference becomes the side's weighed points) and,
the end phase hiding cards there too, decides it by a vote of sampled worlds
(docs/search.md#more-seats).

>>> import bezique
>>> from bezique.bots import GreedyBot, play_deal
>>> from bezique.search import SearchBot
>>> deal = play_deal(bezique.load_profile("bezique"), (SearchBot(simulations=40), GreedyBot()),
...                  seed=3)
>>> deal.is_over
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Protocol

from bezique.actions import Action
from bezique.bots.planner import ranked
from bezique.deal import Deal
from bezique.observation import Observation
from bezique.search.endgame import NodeBudgetExceeded
from bezique.search.game_value import OBJECTIVES
from bezique.search.horizon import DEFAULT_MAX_NODES
from bezique.search.horizon import choose as end_phase_choice
from bezique.search.horizon import value as end_value
from bezique.search.paired import departs, futile
from bezique.search.rollout import playout
from bezique.search.solver import solve
from bezique.search.values import (
    ActionValue,
    Advice,
    Evaluation,
    Leaf,
    PointsValue,
    call_out_first,
    check_budget,
    check_wide,
    leaf_value,
    outcome,
    reached,
    values_of,
    vote,
)

__all__ = [
    "DEFAULT_CANDIDATES",
    "DEFAULT_EXACT_NODES",
    "DEFAULT_EXACT_STOCK",
    "DEFAULT_EXACT_WORLDS",
    "DEFAULT_OBJECTIVE",
    "DEFAULT_SIMULATIONS",
    "DEFAULT_WIDE_NODES",
    "DEFAULT_WIDE_WORLDS",
    "DEFAULT_Z",
    "EXACT_Z",
    "ActionValue",
    "Advice",
    "Evaluation",
    "SearchBot",
    "advise",
    "evaluate",
    "outcome",
    "prior",
    "reached",
]

DEFAULT_SIMULATIONS = 48
"""The budget when neither ``simulations`` nor ``seconds`` is given: playouts per decision."""

DEFAULT_CANDIDATES = 4
"""How many of the heuristic's best actions `SearchBot` compares."""

DEFAULT_Z = 2.0
"""How many standard errors a candidate's gain must exceed to overrule the heuristic."""

DEFAULT_EXACT_STOCK = 4
"""With at most this many cards left in the stock, `SearchBot` compares every legal action in
sampled worlds whose end phase is solved exactly (see `SearchBot`)."""

DEFAULT_EXACT_WORLDS = 16
"""How many sampled worlds those comparisons take (at most)."""

DEFAULT_EXACT_NODES = 150_000
"""The positions those comparisons may solve in all: no further world is sampled (two at
least) once one more, at the mean cost of those so far, would go past it, so that a decision
stays under a second on a busy core."""

EXACT_Z = 1.0
"""The significance test of those comparisons: with the end phase exact, a world's values are
sharp, so a smaller gain overrules the heuristic."""

DEFAULT_WIDE_WORLDS = 8
"""At more seats, where the end phase hides cards too: the worlds an end-phase decision samples
(and those of a decision in the window, at most)."""

DEFAULT_OBJECTIVE = "blend"
"""What `SearchBot` values at two seats by default: the game's worth with the deal's points as
a tie-break (`bezique.search.values.BlendValue`). Chosen by a run declared before it started
(docs/bots.md#playing-for-the-game-not-the-deal): over 2,000 bezique games against the search
valuing the deal's points (``"points"``, the default before), it won 52.6% (Wilson 95%:
50.4%-54.8%)."""

DEFAULT_WIDE_NODES = 16_000
"""At more seats: the positions an end-phase decision, or one in the window, may search in all
(on the engine's moves, each position costs about what ten of the two-seat end phase's do)."""


class _Worlds(Protocol):
    """Where `_world` samples a world: an `Observation` (worlds consistent with what its player
    saw), or the one true deal (`bezique.search.cheat`)."""

    @property
    def player(self) -> int:
        """The seat the values are for."""
        ...

    def determinize(self, rng: random.Random) -> Deal:
        """A world to play out (the search owns it)."""
        ...


def prior(observation: Observation) -> list[Action]:
    """The legal actions, the heuristic's (`bezique.bots.planner.PlannerBot`) favourite first."""
    return ranked(observation)


def _exact(world: Deal, actions: list[Action], leaf: Leaf | None = None) -> Evaluation:
    """Solve the end phase after each action (values for the player to move, by ``leaf``;
    by default the deal's points)."""
    me = world.to_move
    assert me is not None
    if leaf is None:
        leaf = PointsValue(me, world.bits.compiled.team_of)
    values = []
    for action in actions:
        child = world.clone()
        child.push(action)
        value = leaf.of_deal(child) if child.is_over else leaf.of_scores(solve(child).scores)
        values.append(ActionValue(action=action, value=value, samples=0))
    values.sort(key=lambda v: -v.value)
    return Evaluation(player=me, values=tuple(values), exact=True, simulations=0)


def _playouts(
    observation: Observation,
    actions: list[Action],
    rng: random.Random,
    simulations: int | None,
    seconds: float | None,
    stop: Callable[[list[list[float]]], bool] | None = None,
    *,
    exact: bool = False,
    max_nodes: int | None = None,
    exact_nodes: int | None = None,
    leaf: Leaf | None = None,
) -> list[list[float]]:
    """Per action, its final values (by ``leaf``, `_world`) over sampled worlds (the same
    worlds, in the same order, for every action), until the budget is spent (at least two worlds) or
    ``stop(results)`` says that more worlds cannot change the answer. With ``exact``, each
    world's end phase is solved (`_world`), and no further world is sampled once one more, at
    the mean cost of those so far, would take the positions solved in all past
    ``exact_nodes``."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    results: list[list[float]] = [[] for _ in actions]
    playouts = 0
    spent = [0]
    while True:
        values = _world(observation, actions, rng, max_nodes=max_nodes, exact=exact,
                        spent=spent, leaf=leaf)
        for i, value in enumerate(values):
            results[i].append(value)
        playouts += len(actions)
        if len(results[0]) < 2:
            continue
        if simulations is not None and playouts + len(actions) > simulations:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
        worlds = len(results[0])
        if exact_nodes is not None and spent[0] * (worlds + 1) > exact_nodes * worlds:
            break  # another world of the mean cost would overrun the node budget
        if stop is not None and stop(results):
            break
    return results


def _window(
    observation: Observation,
    actions: list[Action],
    rng: random.Random,
    simulations: int | None,
    seconds: float | None,
    max_nodes: int | None,
    exact_nodes: int | None,
    leaf: Leaf | None = None,
) -> list[list[float]] | None:
    """The exact window's results (`_playouts` with ``exact``, each solve within
    `_window_nodes`); None when an end phase of its worlds cannot be solved within that
    budget: the end phase is too big for the window (twelve cards a hand), and the regular
    stock-phase search decides instead."""
    try:
        return _playouts(observation, actions, rng, simulations, seconds, exact=True,
                         max_nodes=_window_nodes(max_nodes, exact_nodes, len(actions)),
                         exact_nodes=exact_nodes, leaf=leaf)
    except NodeBudgetExceeded:
        return None


def _world(
    observation: _Worlds, actions: list[Action], rng: random.Random, *,
    max_nodes: int | None = None, exact: bool = False, spent: list[int] | None = None,
    leaf: Leaf | None = None,
) -> list[float]:
    """One world sampled from ``observation``, played out after each of ``actions``: the final value
    of each for the observer, by ``leaf`` (by default the deal's points: `outcome`). With ``exact``,
    the playout stops when the stock is gone and the end phase is solved (`solve`, within
    ``max_nodes``: beyond it `NodeBudgetExceeded` is raised), the positions solved added to
    ``spent[0]``; at more seats it is valued within ``max_nodes`` instead
    (`bezique.search.horizon.value`, exact when it fits, else estimated; exact with None)."""
    world = observation.determinize(rng)
    me = observation.player
    team_of = world.bits.compiled.team_of
    if leaf is None:
        leaf = PointsValue(me, team_of)
    out: list[float] = []
    for action in actions:
        child = world.clone()
        child.push(action)
        playout(child, to_end_phase=exact)
        if child.is_over:
            out.append(leaf.of_deal(child))
        elif len(team_of) > 2:
            found = end_value(child, side=me, max_nodes=max_nodes)
            if spent is not None:
                spent[0] += found.nodes
            out.append(found.value)
        else:
            solution = solve(child, max_nodes=max_nodes)
            if spent is not None:
                spent[0] += solution.nodes
            out.append(leaf.of_scores(solution.scores))
    return out


def _window_nodes(max_nodes: int | None, exact_nodes: int | None, actions: int) -> int | None:
    """The node budget of one solve in the exact window: the end-phase budget ``max_nodes``,
    and no more than the share of ``exact_nodes`` that lets one world of every one of
    ``actions`` fit in it."""
    limits = [n for n in (max_nodes, None if exact_nodes is None else exact_nodes // actions)
              if n is not None]
    return max(1, min(limits)) if limits else None


def _wide(
    observation: Observation, actions: list[Action], rng: random.Random, worlds: int,
    nodes: int | None,
) -> list[list[float]]:
    """At more seats, in the window or the end phase: `_playouts` with ``exact`` over at most
    ``worlds`` worlds (two at least), each end phase valued within the share of ``nodes`` that
    lets two worlds of every one of ``actions`` fit in it (a value may search twice its
    budget), and no further world once one more, at the mean cost so far, would search more
    than ``nodes`` positions in all; None: every end phase solved, however long it takes."""
    share = None if nodes is None else max(1, nodes // (4 * len(actions)))
    return _playouts(observation, actions, rng, worlds * len(actions), None, exact=True,
                     max_nodes=share, exact_nodes=nodes)


def evaluate(
    observation: Observation,
    *,
    rng: random.Random,
    simulations: int | None = None,
    seconds: float | None = None,
    exact_stock: int = DEFAULT_EXACT_STOCK,
    exact_worlds: int | None = None,
    exact_nodes: int | None = DEFAULT_EXACT_NODES,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    wide_worlds: int = DEFAULT_WIDE_WORLDS,
    wide_nodes: int | None = DEFAULT_WIDE_NODES,
    objective: str = "points",
) -> Evaluation:
    """Value every legal action of ``observation`` (whose player must be to move): its
    expected final value for the player's side (`bezique.search.values`: at two seats his
    score minus the opponent's; with ``objective = "game"``, what the deal is worth for the
    game, `bezique.search.game_value`).

    End phase: exact, by the solver. Stock phase: the mean final value of playouts
    over sampled worlds (every action in every world), until ``simulations`` playouts or
    ``seconds`` have been spent (with neither, `DEFAULT_SIMULATIONS` playouts per legal
    action; at least two worlds in any case). With at most ``exact_stock`` cards in the stock
    (`SearchBot`'s window), each world is played to the end of the stock only and its end
    phase solved; no further world is sampled once one more (at the mean cost so far) would
    solve more than ``exact_nodes`` positions in all. The worlds there are at most
    ``exact_worlds`` when it is given (the budget above is then left to the plain playouts),
    else the budget above, and with neither `DEFAULT_EXACT_WORLDS`. A solve may take
    ``max_nodes`` positions and its share of ``exact_nodes`` for one world; when one needs more,
    the plain playouts value the actions instead. At more seats the end phase hides cards
    too: there and in the window every action is valued in at most ``wide_worlds`` sampled
    worlds, each played to the end of the stock and its end phase searched within a share of
    ``wide_nodes`` positions (`_wide`: exact where it fits, else estimated; None solves every
    one); the values are estimates. A budget below one playout, a time that is not positive,
    fewer than two ``exact_worlds`` or ``wide_worlds`` or a node budget below one raises
    `ValueError`.
    """
    check_budget("evaluate", simulations, seconds)
    if exact_nodes is not None and exact_nodes < 1:
        raise ValueError(f"evaluate: exact_nodes must be at least 1, got {exact_nodes}")
    if exact_worlds is not None and exact_worlds < 2:
        raise ValueError(f"evaluate: exact_worlds must be at least 2, got {exact_worlds}")
    check_wide("evaluate", wide_worlds, wide_nodes)
    leaf = leaf_value(observation, objective)
    actions = observation.legal_actions()
    if not actions:
        raise ValueError("evaluate: the observer has no decision to make")
    if observation.players > 2 and (
        observation.in_end_phase or observation.stock_size <= exact_stock
    ):
        wide = _wide(observation, actions, rng, wide_worlds, wide_nodes)
        return Evaluation(player=observation.player, values=values_of(actions, wide),
                          exact=False, simulations=len(actions) * len(wide[0]))
    if observation.in_end_phase:
        return _exact(observation.determinize(rng), actions, leaf)
    results = None
    if observation.stock_size <= exact_stock:
        budget, limit = simulations, seconds
        if exact_worlds is not None:
            budget, limit = exact_worlds * len(actions), None
        elif simulations is None and seconds is None:
            budget = DEFAULT_EXACT_WORLDS * len(actions)
        results = _window(observation, actions, rng, budget, limit, max_nodes, exact_nodes,
                          leaf)
    if results is None:
        if simulations is None and seconds is None:
            simulations = DEFAULT_SIMULATIONS * len(actions)
        results = _playouts(observation, actions, rng, simulations, seconds, leaf=leaf)
    return Evaluation(player=observation.player, values=values_of(actions, results), exact=False,
                      simulations=len(actions) * len(results[0]))


def advise(
    observation: Observation, *, rng: random.Random, simulations: int = DEFAULT_SIMULATIONS
) -> Advice:
    """The best action of ``observation`` (whose player must be to move) and its value for
    the player's side: in the end phase at two seats one exact solve; in the stock phase
    `evaluate` with ``simulations`` playouts (with at most `DEFAULT_EXACT_STOCK` cards in the
    stock, and in the end phase at more seats, `evaluate`'s own budget: `DEFAULT_EXACT_WORLDS`
    worlds, each solved once the stock is gone, as `SearchBot` decides there; at more seats
    `DEFAULT_WIDE_WORLDS` worlds within `DEFAULT_WIDE_NODES` positions); the only legal
    action at no cost.

    >>> import bezique, random
    >>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=1, dealer=0)
    >>> while not deal.in_end_phase:
    ...     _ = deal.apply(deal.legal_actions()[0])
    >>> advice = advise(deal.observation(deal.to_move), rng=random.Random(0))
    >>> advice.exact, advice.action == solve(deal).line[0], advice.value == solve(deal).value
    (True, True, True)
    """
    actions = observation.legal_actions()
    if len(actions) == 1:
        return Advice(action=actions[0], value=None, exact=True, simulations=0)
    if observation.in_end_phase and observation.players == 2:  # the count tells every card
        solution = solve(observation.determinize(rng))
        return Advice(action=solution.line[0], value=float(solution.value), exact=True,
                      simulations=0)
    if observation.stock_size <= DEFAULT_EXACT_STOCK:
        found = evaluate(observation, rng=rng)
    else:
        found = evaluate(observation, rng=rng, simulations=simulations)
    return Advice(action=found.best, value=found.value, exact=False,
                  simulations=found.simulations)


def _halving(
    observation: Observation,
    actions: list[Action],
    rng: random.Random,
    simulations: int | None,
    seconds: float | None,
    leaf: Leaf | None = None,
) -> tuple[list[int], list[list[float]]]:
    """Sequential halving over ``actions``: the budget is split into rounds; each round plays
    every surviving action in the same fresh worlds, then keeps the better half by mean
    (action 0, the heuristic's choice, always survives as the reference of `departs`).
    Returns the survivors (indices into ``actions``, 0 first) and their results over the worlds
    all of them played (every world, since survivors play every round)."""
    alive = list(range(len(actions)))
    rounds = max(1, math.ceil(math.log2(len(actions))))
    start = time.perf_counter()
    results: dict[int, list[float]] = {i: [] for i in alive}
    for r in range(rounds):
        deadline = None if seconds is None else start + seconds * (r + 1) / rounds
        per_round = None if simulations is None else simulations // rounds
        worlds = 0
        while True:
            values = _world(observation, [actions[i] for i in alive], rng, leaf=leaf)
            for i, value in zip(alive, values, strict=True):
                results[i].append(value)
            worlds += 1
            if worlds < 2:
                continue
            if per_round is not None and (worlds + 1) * len(alive) > per_round:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        if len(alive) <= 2:
            break
        others = sorted(alive[1:], key=lambda i: -sum(results[i]))
        alive = [0, *sorted(others[: max(1, len(others) // 2)])]
    return alive, [results[i] for i in alive]


class SearchBot:
    """A strong player for every profile: the greedy heuristic's best few actions compared by
    determinized playouts in the stock phase, the exact solver once the stock is gone (see the
    module's docs).

    ``simulations`` caps the playouts per decision (reproducible: the same seed and budget
    give the same choices); ``seconds`` caps the time per decision instead (or as well).
    With neither, `DEFAULT_SIMULATIONS`. ``candidates`` is how many of the heuristic's best
    actions are compared, and the bot departs from the heuristic's first choice only when
    another candidate's mean gain over it, paired world by world, exceeds ``z`` standard
    errors. With ``halving``, the budget is instead spread over rounds of sequential halving
    (each round keeps the better half of the candidates by mean, the heuristic's first choice
    always kept), and the same test decides between the last challenger and that first choice.
    ``max_nodes`` bounds an end-phase decision (`bezique.search.horizon`): the exact solver's
    move when its solve visits at most that many positions, else the move of a shallower
    search (iterative deepening, estimated beyond its horizon) on as many again; None solves
    every end-phase decision exactly, however long it takes. With at most ``exact_stock``
    cards left in the stock, the bot compares every legal action instead, in ``exact_worlds``
    sampled worlds played to the end of the stock and then solved exactly, and overrules the
    heuristic on a gain of `EXACT_Z` standard errors: the cards a player keeps for the end
    phase are chosen there (0 turns this off). No further world is sampled once one more, at
    the mean cost so far, would solve more than ``exact_nodes`` positions in all (two worlds
    at least); a solve may take ``max_nodes`` positions and no more than its share of
    ``exact_nodes`` for one world, and when one would need more (twelve cards a hand) the
    window gives way to the search above. A decision with one legal action costs nothing.

    At more seats the bot plays for its side (`bezique.search.values`: its team against the
    other in a partnership; alone, against every other seat as one side, the paranoid model).
    There the end phase hides cards too, so an end-phase decision samples ``wide_worlds``
    worlds and plays the move most of them choose (`bezique.search.values.vote`), each by
    `bezique.search.horizon.choose` on its share of ``wide_nodes`` positions; in the window
    the worlds' end phases are valued the same way (`evaluate`); None solves each exactly.
    """

    def __init__(
        self,
        seed: int | None = 0,
        seconds: float | None = None,
        simulations: int | None = None,
        *,
        candidates: int = DEFAULT_CANDIDATES,
        z: float = DEFAULT_Z,
        halving: bool = False,
        max_nodes: int | None = DEFAULT_MAX_NODES,
        exact_stock: int = DEFAULT_EXACT_STOCK,
        exact_worlds: int = DEFAULT_EXACT_WORLDS,
        exact_nodes: int | None = DEFAULT_EXACT_NODES,
        wide_worlds: int = DEFAULT_WIDE_WORLDS,
        wide_nodes: int | None = DEFAULT_WIDE_NODES,
        objective: str = DEFAULT_OBJECTIVE,
    ) -> None:
        check_budget("SearchBot", simulations, seconds)
        if objective not in OBJECTIVES:
            raise ValueError(f"SearchBot: objective must be one of {', '.join(OBJECTIVES)}, "
                             f"got {objective!r}")
        if exact_stock < 0:
            raise ValueError(f"SearchBot: exact_stock must be at least 0, got {exact_stock}")
        if exact_worlds < 2:
            raise ValueError(f"SearchBot: exact_worlds must be at least 2, got {exact_worlds}")
        if exact_nodes is not None and exact_nodes < 1:
            raise ValueError(f"SearchBot: exact_nodes must be at least 1, got {exact_nodes}")
        if max_nodes is not None and max_nodes < 1:
            raise ValueError(f"SearchBot: max_nodes must be at least 1, got {max_nodes}")
        if candidates < 1:
            raise ValueError(f"SearchBot: candidates must be at least 1, got {candidates}")
        if not 0 <= z < math.inf:  # nan and inf fail too
            raise ValueError(f"SearchBot: z must be a finite number of at least 0, got {z}")
        check_wide("SearchBot", wide_worlds, wide_nodes)
        self.rng = random.Random(seed)
        """The bot's own random stream (worlds are sampled from it)."""
        self.seconds = seconds
        """The time budget per decision, if any."""
        self.simulations = DEFAULT_SIMULATIONS if simulations is None and seconds is None \
            else simulations
        """The playout budget per decision, if any."""
        self.candidates = candidates
        """How many of the heuristic's best actions the playouts compare."""
        self.z = z
        """How sure (standard errors) the playouts must be to overrule the heuristic."""
        self.halving = halving
        """Whether the candidates are narrowed by sequential halving (see `SearchBot`)."""
        self.max_nodes = max_nodes
        """The node budget of an end-phase decision (`bezique.search.horizon`); None: exact."""
        self.exact_stock = exact_stock
        """The stock size from which on the end phase is solved in the sampled worlds."""
        self.exact_worlds = exact_worlds
        """The sampled worlds of a decision with at most `exact_stock` cards in the stock."""
        self.exact_nodes = exact_nodes
        """The positions such a decision may solve in all (None: no bound)."""
        self.wide_worlds = wide_worlds
        """At more seats: the worlds of an end-phase decision (of one in the window, at most)."""
        self.wide_nodes = wide_nodes
        """At more seats: the positions such a decision may search in all (None: exact)."""
        self.objective = objective
        """What the bot's values aim at at two seats (`bezique.search.game_value.OBJECTIVES`):
        ``"blend"`` (`DEFAULT_OBJECTIVE`: the game, the deal's points breaking ties),
        ``"game"`` (`bezique.search.game_value`) or ``"points"`` (the deal's); at more seats
        always the side's points."""

    def evaluate(self, observation: Observation) -> Evaluation:
        """Every legal action of ``observation`` with its value, best first (`evaluate`, with
        this bot's budget spread over all the legal actions; within its exact window, its
        `exact_worlds` worlds and node budgets)."""
        return evaluate(observation, rng=self.rng, simulations=self.simulations,
                        seconds=self.seconds, exact_stock=self.exact_stock,
                        exact_worlds=self.exact_worlds, exact_nodes=self.exact_nodes,
                        max_nodes=self.max_nodes, wide_worlds=self.wide_worlds,
                        wide_nodes=self.wide_nodes, objective=self.objective)

    def choose(self, observation: Observation) -> Action:
        """The action the search prefers."""
        now, call, actions = call_out_first(observation, observation.legal_actions())
        if now is not None:
            return now
        wide = observation.players > 2
        if observation.in_end_phase and wide:
            if call is not None:  # a wrong call-out loses the game: the solver does not know
                return self._wide_best(observation, actions)
            return vote(observation, actions, self.rng, worlds=self.wide_worlds,
                        nodes=self.wide_nodes)
        if observation.in_end_phase:
            world = observation.determinize(self.rng)
            if call is not None:
                return _exact(world, actions, leaf_value(observation, self.objective)).best
            if self.max_nodes is None:
                return solve(world).line[0]
            return end_phase_choice(world, max_nodes=self.max_nodes).action
        ranked = [a for a in prior(observation) if a is not call]
        leaf = leaf_value(observation, self.objective)
        if observation.stock_size <= self.exact_stock:
            results: list[list[float]] | None
            if wide:
                results = _wide(observation, ranked, self.rng, self.wide_worlds, self.wide_nodes)
            else:
                results = _window(observation, ranked, self.rng, self.exact_worlds * len(ranked),
                                  None, self.max_nodes, self.exact_nodes, leaf)
            if results is not None:
                return ranked[departs(results, EXACT_Z)]
        ranked = ranked[: self.candidates]
        if len(ranked) == 1:
            return ranked[0]
        if self.halving:
            alive, survived = _halving(observation, ranked, self.rng, self.simulations,
                                       self.seconds, leaf)
            return ranked[alive[departs(survived, self.z)]]
        worlds = (self.simulations or 0) // len(ranked)
        stop = futile(self.z, worlds) if worlds else None
        results = _playouts(observation, ranked, self.rng, self.simulations, self.seconds, stop,
                            leaf=leaf)
        return ranked[departs(results, self.z)]

    def _wide_best(self, observation: Observation, actions: list[Action]) -> Action:
        """At more seats: the best of ``actions`` by their mean values in sampled worlds whose
        end phases are searched on this bot's budget (`_wide`)."""
        results = _wide(observation, actions, self.rng, self.wide_worlds, self.wide_nodes)
        return values_of(actions, results)[0].action
