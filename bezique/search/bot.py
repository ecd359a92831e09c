"""`SearchBot`: determinized search from the observation alone.

In the stock phase the bot samples worlds consistent with what it has seen
(`Observation.determinize`), tries each legal action in every world (the same worlds for every
action, so that the comparison is fair) and plays the world to the end of the deal with a fast
policy (`bezique.search.rollout`). An action's value is its mean final score difference (the
bot's score minus the opponent's) over the worlds: perfect-information Monte Carlo. Once the
stock is gone the count tells the bot every card, so it plays the exact solver's move
(`bezique.search.solve`).

>>> import bezique
>>> from bezique.bots import GreedyBot, play_deal
>>> from bezique.search import SearchBot
>>> deal = play_deal(bezique.load_profile("bezique"), (SearchBot(simulations=40), GreedyBot()),
...                  seed=3)
>>> deal.is_over
True
"""

from __future__ import annotations

import random
import time

from attrs import frozen

from bezique.actions import Action
from bezique.deal import Deal
from bezique.observation import Observation
from bezique.search.rollout import playout
from bezique.search.solver import solve

__all__ = ["DEFAULT_SIMULATIONS", "ActionValue", "Evaluation", "SearchBot", "evaluate"]

DEFAULT_SIMULATIONS = 200
"""The budget when neither ``simulations`` nor ``seconds`` is given: playouts per decision."""


@frozen(kw_only=True)
class ActionValue:
    """One legal action and what the search expects of it."""

    action: Action
    value: float
    """The expected final score difference of the deal (the deciding player's score minus the
    opponent's) if this action is played and both play on well; exact in the end phase."""
    samples: int
    """Worlds (playouts) this estimate averages; 0 for an exact value."""


@frozen(kw_only=True)
class Evaluation:
    """Every legal action of one decision with its value, best first."""

    player: int
    """The player deciding."""
    values: tuple[ActionValue, ...]
    """Each legal action with its value, the best first."""
    exact: bool
    """Whether the values are exact (the end phase, solved) or estimates (sampled worlds)."""
    simulations: int
    """Playouts the estimate used (0 when exact)."""

    @property
    def best(self) -> Action:
        """The action the search prefers."""
        return self.values[0].action

    @property
    def value(self) -> float:
        """The value of the best action: the expected final score difference for `player`."""
        return self.values[0].value

    def value_of(self, action: Action) -> float:
        """The value of ``action``; KeyError if it was not a legal action."""
        for item in self.values:
            if item.action == action:
                return item.value
        raise KeyError(action)

    def loss(self, action: Action) -> float:
        """How much worse than the best action ``action`` is expected to do (0 for the best)."""
        return self.value - self.value_of(action)


def _exact(world: Deal, actions: list[Action]) -> Evaluation:
    """Solve the end phase after each action (values for the player to move)."""
    me = world.to_move
    assert me is not None
    values = []
    for action in actions:
        child = world.clone()
        child._execute(action)
        scores = solve(child).scores
        values.append(ActionValue(action=action, value=float(scores[me] - scores[1 - me]),
                                  samples=0))
    values.sort(key=lambda v: -v.value)
    return Evaluation(player=me, values=tuple(values), exact=True, simulations=0)


def evaluate(
    observation: Observation,
    *,
    rng: random.Random,
    simulations: int | None = None,
    seconds: float | None = None,
) -> Evaluation:
    """Value every legal action of ``observation`` (whose player must be to move).

    End phase: exact, by the solver. Stock phase: playouts over sampled worlds, until
    ``simulations`` playouts or ``seconds`` have been spent (`DEFAULT_SIMULATIONS` when neither
    is given; at least one world in any case).
    """
    actions = observation.legal_actions()
    if not actions:
        raise ValueError("evaluate: the observer has no decision to make")
    me = observation.player
    if observation.in_end_phase:
        return _exact(observation.determinize(rng), actions)
    if simulations is None and seconds is None:
        simulations = DEFAULT_SIMULATIONS
    deadline = None if seconds is None else time.perf_counter() + seconds
    totals = [0.0] * len(actions)
    worlds = 0
    playouts = 0
    while True:
        world = observation.determinize(rng)
        for i, action in enumerate(actions):
            child = world.clone()
            child._execute(action)
            playout(child)
            s = child._scores
            totals[i] += s[me] - s[1 - me]
        worlds += 1
        playouts += len(actions)
        if simulations is not None and playouts + len(actions) > simulations:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
    values = [ActionValue(action=a, value=totals[i] / worlds, samples=worlds)
              for i, a in enumerate(actions)]
    values.sort(key=lambda v: -v.value)
    return Evaluation(player=me, values=tuple(values), exact=False, simulations=playouts)


class SearchBot:
    """A strong player for every profile: determinized playouts in the stock phase, the exact
    solver once the stock is gone (see the module's docs).

    ``simulations`` caps the playouts per decision (reproducible: the same seed and budget
    give the same choices); ``seconds`` caps the time per decision instead (or as well).
    With neither, `DEFAULT_SIMULATIONS`. A decision with one legal action costs nothing.
    """

    def __init__(
        self, seed: int | None = 0, seconds: float | None = None, simulations: int | None = None
    ) -> None:
        if simulations is not None and simulations < 1:
            raise ValueError(f"SearchBot: simulations must be at least 1, got {simulations}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"SearchBot: seconds must be positive, got {seconds}")
        self.rng = random.Random(seed)
        """The bot's own random stream (worlds are sampled from it)."""
        self.seconds = seconds
        """The time budget per decision, if any."""
        self.simulations = simulations
        """The playout budget per decision, if any."""

    def evaluate(self, observation: Observation) -> Evaluation:
        """Every legal action of ``observation`` with its value, best first."""
        return evaluate(observation, rng=self.rng, simulations=self.simulations,
                        seconds=self.seconds)

    def choose(self, observation: Observation) -> Action:
        """The action the search prefers."""
        actions = observation.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if observation.in_end_phase:
            line = solve(observation.determinize(self.rng)).line
            return line[0]
        return self.evaluate(observation).best
