"""A PettingZoo AEC environment for every profile: one episode is one deal (docs/ai.md#pettingzoo).

Needs the extra: ``pip install 'bezique[pettingzoo]'`` (PettingZoo, Gymnasium, NumPy).
`env` gives a `checked_env`: the environment with the checks PettingZoo's classic games get
from its three wrappers (order of calls, action space, illegal ids), built into one class that
raises and warns as they do; `raw_env` is the bare class. Agents are ``"player_0"`` and
``"player_1"`` (P0 and P1 of the deal), and at three or four seats (a `Rules` with
``players`` seats) ``"player_0"`` to ``"player_{players - 1}"`` (`agent_names`); the one to
move is ``agent_selection`` (not a fixed rotation: the trick's winner leads, a meld follows
it).

Each agent observes ``{"observation": float32 array, "action_mask": int8 array}``: the
observation tensor of `bezique.features` for that agent's `Observation` (a fixed size whichever
the encoding; written straight from the deal by `bezique.features_deal`, no `Observation`
built), and a 1 at each legal action id of the fixed `bezique.encoding` for the agent to
move (all zeros for the other, and for both once the deal is over). Actions are those ids
(``Discrete(num_distinct_actions)``): by default (``encoding="auto"``) the flat ids where the
profile has at most 10,000 of them, else the factored ones (docs/encoding.md#which-form).
At the deal's end every agent is terminated and rewarded from its result (``reward="win"``:
+1 / -1 / 0; ``reward="points"``: the point difference); the rewards are zero-sum. At more
seats a team's win or points count against the mean of the other teams', and partners share
their team's reward (`bezique.adapters.returns`; docs/ai.md#more-seats).

>>> from bezique.adapters.pettingzoo import env
>>> game = env("bezique")
>>> game.reset(seed=7)
>>> game.agent_selection
'player_1'
>>> observed, reward, terminated, truncated, info = game.last()
>>> observed["observation"].shape, observed["action_mask"].shape, observed["action_mask"].sum()
((381,), (971,), np.int64(8))
>>> game.step(0)                    # id 0: play AS (docs/encoding.md)
>>> game.agent_selection
'player_0'
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable
from typing import Any, SupportsIndex

from bezique.actions import Action
from bezique.adapters.returns import by_seat, win_returns, zero_sum
from bezique.deal import Deal
from bezique.encoding import ActionEncoding, EncodingError, choose_encoding
from bezique.errors import extra_missing
from bezique.features import observation_size
from bezique.game import deal_result, settle_deal
from bezique.rules import Rules, load_profile

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils.env import AECIterable, AECIterator
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as error:  # pragma: no cover - the extra is missing
    raise extra_missing("bezique.adapters.pettingzoo", "pettingzoo", error) from error

from bezique.adapters.tensors import ArrayTensor  # numpy: after the extra's check

__all__ = [
    "AGENTS", "ILLEGAL_REWARD", "RENDER_MODES", "REWARDS", "Observed", "agent_names",
    "checked_env", "env", "raw_env",
]

AGENTS = ("player_0", "player_1")
"""The agents' names at two seats: ``AGENTS[p]`` is player ``p`` of the deal (`agent_names`
at any number of seats)."""


def agent_names(players: int) -> tuple[str, ...]:
    """The agents of a deal of ``players`` seats: ``"player_0"`` to
    ``"player_{players - 1}"``, the agent of seat ``p`` at index ``p``.

    >>> agent_names(4)
    ('player_0', 'player_1', 'player_2', 'player_3')
    """
    return AGENTS if players == 2 else tuple(f"player_{p}" for p in range(players))


REWARDS = ("win", "points")
"""The reward schemes: ``"win"`` (+1 to the deal's winner, -1 to the loser, 0 each for a tie)
and ``"points"`` (each player's final points minus the opponent's); at more seats, per team
against the mean of the other teams', each seat paid its team's (module docstring)."""

RENDER_MODES = ("ansi", "human")
"""The render modes: ``"ansi"`` returns the text picture, ``"human"`` prints it."""

ILLEGAL_REWARD = -1.0
"""What `env` gives the agent that plays an illegal id (as PettingZoo's `TerminateIllegalWrapper`
would)."""

Observed = dict[str, Any]
"""One agent's observation: ``{"observation": float32 array, "action_mask": int8 array}``."""


def env(
    profile: str | Rules = "bezique", render_mode: str | None = None, **options: Any
) -> AECEnv:
    """The AEC environment of ``profile`` (a built-in name, a profile file or a `Rules`) with
    the checks PettingZoo's classic games get from three wrappers: an illegal id ends the deal
    with `ILLEGAL_REWARD` for its player and 0 for the others (``TerminateIllegalWrapper``,
    with a warning), an id outside the action space raises ``AssertionError``
    (``AssertOutOfBoundsWrapper``), and calls out of order (``step`` before ``reset``) raise
    (``OrderEnforcingWrapper``). A `checked_env`: those checks built into one class, with the
    wrappers' errors and warnings. ``options`` are `raw_env`'s."""
    return checked_env(profile, render_mode=render_mode, **options)


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]
    """The bare AEC environment (use `env` for the wrapped one).

    ``profile``: a built-in name, a profile file or a `Rules` (an unknown name raises
    `bezique.ProfileError` listing the built-in names). ``render_mode``: ``"ansi"`` (`render`
    returns the text picture, `Deal.render`) or ``"human"`` (prints it after every step);
    ``perspective``: whose view `render` shows, None (default) for both hands as a spectator
    sees them, 0 or 1 (a seat of ``rules.players``) for that player's view. ``dealer``:
    ``"alternate"`` (default: P0 deals the first deal after a seeded `reset`, then P1, ...,
    round the seats) or a fixed seat. ``reward``: one of `REWARDS`. ``encoding``: the action
    ids, ``"auto"`` (default), ``"flat"`` or ``"factored"`` (`bezique.encoding.choose_encoding`).

    ``reset(seed=s)`` deals ``Deal.new(rules, seed=s, dealer=...)``; a reset without a seed
    deals from the next seed of a generator seeded by the last given seed (or by the system
    when none was given). The deal is `deal`. `step` takes an id whose mask entry is 1 and
    raises `bezique.encoding.EncodingError` for any other, and applies a legal one with
    `Deal.push` (it is one of the state's `legal_actions`). Observation arrays are read-only:
    the tensor is made once per state, when first observed; the action mask is one array per
    agent, rewritten in place (only the ids that change) when that agent is next to move, so
    copy one to keep it.
    """

    metadata = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": list(RENDER_MODES),
        "name": "bezique_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    _legal_ids: dict[int, Action]  # the state's legal actions by id (none once it is over)
    _mover: int  # the seat to move, -1 once the deal is over
    _space: int  # the number of ids
    _masks: list[Any]  # per player: the int8 mask array, rewritten in place
    _bytes: list[bytearray]  # per player: his mask's memory, written through
    _marked: list[Iterable[int]]  # per player: the ids set to 1 in his mask
    _fresh: bool  # whether the mover's mask is this state's
    _tensors: list[Any]  # per player: the float32 observation of this state, or None

    def __init__(
        self,
        profile: str | Rules = "bezique",
        render_mode: str | None = None,
        *,
        perspective: int | None = None,
        dealer: int | str = "alternate",
        reward: str = "win",
        encoding: str = "auto",
    ) -> None:
        EzPickle.__init__(
            self, profile, render_mode, perspective=perspective, dealer=dealer, reward=reward,
            encoding=encoding,
        )
        super().__init__()
        rules = profile if isinstance(profile, Rules) else load_profile(profile)
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(
                f"render_mode: expected None, 'ansi' or 'human', got {render_mode!r}"
            )
        seats = range(rules.players)
        named = "0 or 1" if rules.players == 2 else f"a seat 0 to {rules.players - 1}"
        if perspective not in (None, *seats) or isinstance(perspective, bool):
            raise ValueError(f"perspective: expected None, {named}, got {perspective!r}")
        if dealer not in ("alternate", *seats) or isinstance(dealer, bool):
            raise ValueError(f"dealer: expected 'alternate', {named}, got {dealer!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward: expected one of {', '.join(REWARDS)}, got {reward!r}")
        self.rules = rules
        """The profile."""
        self.encoding: ActionEncoding = choose_encoding(rules, encoding)
        """The profile's action ids (`bezique.encoding`): flat or factored."""
        self.render_mode = render_mode
        self.perspective = perspective
        self._dealer = dealer
        self._reward = reward
        agents = agent_names(rules.players)
        self._agents = agents
        self._player = {agent: p for p, agent in enumerate(agents)}
        self.possible_agents = list(agents)
        self.agents = list(agents)
        n = self._space = self.encoding.num_distinct_actions
        size = observation_size(rules)
        self.action_spaces = {a: spaces.Discrete(n) for a in agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            })
            for a in agents
        }
        self._zeros = np.zeros(n, np.int8)
        self._zeros.flags.writeable = False
        self._bytes = [bytearray(n) for _ in agents]
        self._masks = [np.frombuffer(memory, np.int8) for memory in self._bytes]
        for mask in self._masks:
            mask.flags.writeable = False
        self._marked = [() for _ in agents]
        self._arrays = ArrayTensor(rules)
        self._rng: random.Random | None = None
        self._seed: int | None = None  # the last reset's seed: `_rng`'s, made from it if needed
        self._deals = 0
        self.deal: Deal = Deal.new(rules, seed=0)
        """The deal being played (replaced at every `reset`)."""
        self._legal_ids = {}
        self._fresh = False
        self._tensors = [None] * len(agents)

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """``Dict(observation=Box(0, 1, (observation_size,), float32),
        action_mask=Box(0, 1, (num_distinct_actions,), int8))``, the same object each call."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_distinct_actions)``, the same object each call."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new deal (see the class for the seed and the dealer); ``options`` are
        ignored."""
        if seed is not None:  # the generator of the unseeded resets after it: made if needed
            self._rng = None
            self._seed = seed
            self._deals = 0
            deal_seed = seed
        else:
            if self._rng is None:
                self._rng = random.Random(self._seed)
            deal_seed = self._rng.getrandbits(63)
        agents = self._agents
        seats = len(agents)
        dealer = self._deals % seats if self._dealer == "alternate" else int(self._dealer)
        self._deals += 1
        self.deal = Deal.new(self.rules, seed=deal_seed, dealer=dealer)
        self.agents = list(agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        self._new_state()

    def step(self, action: SupportsIndex | None) -> None:
        """Play the id ``action`` for the agent to move (None for an agent already done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        id = _as_id(action)
        chosen = self._legal_ids.get(id)
        if chosen is None:  # not a legal id: decode raises EncodingError naming it
            chosen = self.encoding.decode(self.deal, id)
        self._push(agent, chosen)

    def observe(self, agent: str) -> Observed:
        """``agent``'s observation now (see the module); KeyError for another name."""
        p = self._player[agent]
        tensor = self._tensors[p]
        if tensor is None:  # made once per state, read-only: the entries of the deal
            tensor = self._tensors[p] = self._arrays.new(self.deal, p)
            tensor.setflags(write=False)
        if p != self._mover:
            return {"observation": tensor, "action_mask": self._zeros}
        return {"observation": tensor,
                "action_mask": self._masks[p] if self._fresh else self._mask(p)}

    def last(
        self, observe: bool = True
    ) -> tuple[Observed | None, float, bool, bool, dict[str, Any]]:
        """``(observation, cumulative reward, terminated, truncated, info)`` of the agent to
        act (PettingZoo's ``last``; the observation None with ``observe=False``)."""
        agent = self.agent_selection
        return (raw_env.observe(self, agent) if observe else None,
                self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def render(self) -> str | None:
        """The text picture of the deal from `perspective` (``"ansi"``: returned; ``"human"``:
        printed); None, with a warning, when the environment has no render mode."""
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() called on an environment made without a render_mode")
            return None
        picture = self.deal.render(self.perspective)
        if self.render_mode == "human":
            print(picture)
            return None
        return picture

    def close(self) -> None:
        """Nothing to release."""

    # ------------------------------------------------------------------ internals

    def _push(self, agent: str, chosen: Action) -> None:
        """Apply ``chosen``, a legal action of ``agent``, the mover (listed by this state's
        `legal_actions`, so pushed unchecked: `Deal.push`)."""
        self._cumulative_rewards[agent] = 0.0
        self.deal.push(chosen)
        if self._new_state():
            self._finish()
        if self.render_mode == "human":
            self.render()

    def _mask(self, p: int) -> Any:
        """The mover ``p``'s mask, rewritten in place: the ids of his last mask cleared, this
        state's set (no array of the whole space made per step)."""
        ids = self._legal_ids  # this state's, never changed: kept as the ids marked
        memory = self._bytes[p]
        for id in self._marked[p]:
            memory[id] = 0
        for id in ids:
            memory[id] = 1
        self._marked[p] = ids
        self._fresh = True
        return self._masks[p]

    def _new_state(self) -> bool:
        """The deal is dealt or moved on: the last state's tensors and mask are stale, this
        one's legal actions are listed by id (once: the mask and `step` read them), the agent
        to move is selected; whether the deal is over."""
        self._fresh = False
        self._tensors = [None] * len(self._agents)
        deal = self.deal
        mover = deal.to_move
        agents = self._agents
        if mover is not None:
            self._mover = mover
            self._legal_ids = self.encoding.by_id(deal.legal_actions())
            self.agent_selection = agents[mover]
            return False
        self._mover = -1
        self._legal_ids = {}
        if not hasattr(self, "agent_selection") or self.agent_selection not in agents:
            self.agent_selection = agents[0]
        return True

    def _finish(self) -> None:
        """Terminate every agent and reward them from the deal's result."""
        agents = self._agents
        if len(agents) != 2:
            self.rewards = dict(zip(agents, self._rewards(), strict=True))
        elif self._reward == "points":
            totals = settle_deal(self.deal).totals
            r0 = float(totals[0] - totals[1])
            self.rewards = {agents[0]: r0, agents[1]: -r0}
        else:
            r0 = float(deal_result(self.deal))
            self.rewards = {agents[0]: r0, agents[1]: -r0}
        self.terminations = dict.fromkeys(agents, True)
        self._accumulate_rewards()

    def _rewards(self) -> list[float]:
        """Per seat at more than two seats: its team's win or settled points against the
        mean of the other teams' (`bezique.adapters.returns`)."""
        if self._reward == "points":
            return by_seat(self.rules, zero_sum(settle_deal(self.deal).totals))
        return win_returns(self.deal)


class _UntilReset:
    """A per-agent attribute of `checked_env` before its first `reset`: reading it raises
    ``AttributeError`` as ``OrderEnforcingWrapper`` does; the value `reset` sets on the
    environment hides it (a descriptor without ``__set__``), so that it costs nothing after."""

    name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, env: object, owner: type | None = None) -> Any:
        if env is None:
            return self
        raise AttributeError(f"{self.name} cannot be accessed before reset")


_OUT = "action is not in action space"
"""``AssertOutOfBoundsWrapper``'s assertion message."""


class checked_env(raw_env):
    """What `env` returns: `raw_env` with the checks of PettingZoo's ``OrderEnforcingWrapper``,
    ``AssertOutOfBoundsWrapper`` and ``TerminateIllegalWrapper`` built in, their errors and
    warnings the same, at the cost of one class instead of three ``__getattr__`` chains.

    Before the first `reset`, ``step``, ``observe``, ``render``, ``state`` and ``agent_iter``
    raise ``AssertionError("reset() needs to be called before ...")``, and reading ``agents``,
    ``agent_selection``, ``rewards`` (and the other per-agent dicts) or ``num_agents`` raises
    ``AttributeError``; a ``step`` once every agent is gone logs a warning and does nothing.
    An action that is not None for a done agent and not in the action space raises
    ``AssertionError("action is not in action space")`` (the wrapper's failed assertion, raised
    under ``python -O`` too). A legal-looking id whose mask entry is 0
    ends the deal: every agent terminated and truncated, `ILLEGAL_REWARD` for its player and 0
    for the others, with PettingZoo's "Illegal move made" warning. ``agent_iter`` raises
    ``AssertionError`` at a turn when the last one did not step. It is its own `unwrapped`.
    """

    _has_reset: bool
    _has_updated: bool
    agents = _UntilReset()
    agent_selection = _UntilReset()
    rewards = _UntilReset()
    terminations = _UntilReset()
    truncations = _UntilReset()
    infos = _UntilReset()

    def __init__(
        self, profile: str | Rules = "bezique", render_mode: str | None = None, **options: Any
    ) -> None:
        super().__init__(profile, render_mode, **options)
        self._has_reset = False
        self._has_updated = False
        del self.agents  # until the first reset, as OrderEnforcingWrapper hides it

    @property
    def num_agents(self) -> int:
        """``len(agents)``; before the first `reset`, AttributeError as for ``agents``."""
        if not self._has_reset:
            raise AttributeError("num_agents cannot be accessed before reset")
        return len(self.agents)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """`raw_env.reset`, which the other calls need first."""
        self._has_reset = True
        self._has_updated = True
        super().reset(seed=seed, options=options)

    def step(self, action: SupportsIndex | None) -> None:
        """`raw_env.step` with the three wrappers' checks (see the class)."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None and not self.action_spaces[agent].contains(action):
                raise AssertionError(_OUT)
            self._was_dead_step(action)
            return
        if type(action) is int:  # Discrete.contains, for the common case
            if not 0 <= action < self._space:
                raise AssertionError(_OUT)
            id = action
        elif self.action_spaces[agent].contains(action):
            id = _as_id(action)
        else:
            raise AssertionError(_OUT)
        chosen = self._legal_ids.get(id)
        if chosen is None:  # its mask entry is 0
            self._illegal(agent)
        else:
            self._push(agent, chosen)

    def observe(self, agent: str) -> Observed:
        """`raw_env.observe`, after `reset`."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return super().observe(agent)

    def render(self) -> str | None:
        """`raw_env.render`, after `reset`."""
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return super().render()

    def state(self) -> Any:
        """No global state (PettingZoo's NotImplementedError), after `reset`."""
        if not self._has_reset:
            EnvLogger.error_state_before_reset()
        return super().state()

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable[str, Observed, int]:
        """The agents to act, ``agent_selection`` each turn until none is left (or
        ``max_iter`` turns), each turn to be stepped."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Turns(self, max_iter)

    def _illegal(self, agent: str) -> None:
        """End the deal for an illegal id of ``agent``, as ``TerminateIllegalWrapper`` does."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.truncations, 0)
        self.rewards[agent] = float(ILLEGAL_REWARD)
        self._accumulate_rewards()
        self._deads_step_first()


class _Turns(AECIterable[str, Observed, int]):  # type: ignore[misc]
    """`checked_env.agent_iter`: PettingZoo's iterable of the agents to act."""

    def __iter__(self) -> _Turn:
        return _Turn(self.env, self.max_iter)


class _Turn(AECIterator[str, Observed, int]):  # type: ignore[misc]
    """The agent to act at each turn, asserting that the last turn stepped (as
    ``OrderEnforcingWrapper``'s iterator does)."""

    def __next__(self) -> str:
        env = self.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        if not env._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        env._has_updated = False
        agent: str = env.agent_selection
        return agent


def _as_id(action: object) -> int:
    """``action`` as an int (Python or NumPy); EncodingError for anything else."""
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise EncodingError(f"action must be an int id, got {action!r}") from None
