"""The AI adapters' overhead: random whole deals per second through each adapter against the
native API, per profile, in one run (docs/ai.md#overhead). Prints a Markdown table; asserts
nothing.

- ``native``: ``Deal.new`` + ``legal_actions()`` + a random choice + ``apply``;
- ``pettingzoo``: `bezique.pettingzoo.env` (wrapped as users get it): ``reset(seed=...)``, then
  ``last()`` and ``step`` with a random legal id drawn from the observation's action mask
  (``np.flatnonzero(mask.view(np.bool_))``: on an int8 array of the eight-pack's 914,449 ids
  ``np.flatnonzero`` takes about ten times longer);
- ``pettingzoo-floor`` (with PettingZoo): the same loop over an AEC environment with no rules
  at all, only the shape of `native`'s deals (recorded before the clock starts: see
  ``openspiel-floor``), whose observations are arrays made in advance (one observation tensor
  of the profile's size, and per legal-list length ``n`` a mask of the profile's ids with its
  first ``n`` set): what PettingZoo's protocol (``agent_iter``, ``last``, ``step``, the
  per-agent dicts) and the agent's own loop cost a deal, which no AEC environment written in
  Python goes below. A PettingZoo deal does that, the engine's work and the observations'
  (the tensor, the mask), so ``pettingzoo``'s ``x native`` is 1 plus this row's plus what the
  observations and the adapter's bookkeeping add;
- ``openspiel`` (when `bezique.openspiel` and pyspiel import):
  ``pyspiel.load_game("python_bezique(profile=...)")``, ``legal_actions()`` + ``apply_action``,
  a chance outcome picked at random (they are equally likely: the cards left to deal);
- ``openspiel-floor`` (with pyspiel): the same loop over a game with no rules at all, only
  the shape of `native`'s deals (a chance node per card dealt but the last, then their movers
  and the lengths of their legal lists, recorded before the clock starts), whose state
  answers every call from tables made in advance: what pyspiel itself costs a deal, which no
  Python game can go below. An OpenSpiel deal does the engine's work and pyspiel's, so
  ``openspiel``'s ``x native`` is about 1 plus this row's at best; the rest is the adapter's
  own.

An adapter whose framework is missing is left out with a note. ``x native`` is how many times
longer a deal takes through the adapter than natively: the median over ``--repeat`` rounds, the
adapters taking turns, of the ratio within a round (``deals/s`` is the best round's rate).
Deal ``i`` of every adapter is dealt from seed ``--seed + i`` (PettingZoo and native with
player 0 dealing). Usage::

    python benchmarks/bench_adapters.py [--profiles bezique,rubicon] [--deals N] [--seed S]
        [--repeat R] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import bezique
from bezique.compile import compile_rules

Runner = Callable[[str, int, int], int]
"""``runner(profile, deals, seed)`` plays ``deals`` random deals and returns the actions
taken."""


def native(profile: str, deals: int, seed: int) -> int:
    """Random deals through the library itself."""
    rules = bezique.load_profile(profile)
    rng = random.Random(seed)
    actions = 0
    for i in range(deals):
        deal = bezique.Deal.new(rules, seed=seed + i, dealer=0)
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.apply(legal[int(rng.random() * len(legal))])
            actions += 1
    return actions


def aec_episodes(game: Any, deals: int, seed: int) -> int:
    """Play ``deals`` episodes of the PettingZoo AEC environment ``game``, episode ``i``
    reset with seed ``seed + i``, each agent's id drawn at random from its action mask;
    returns the actions taken."""
    import numpy as np

    rng = random.Random(seed)
    actions = 0
    for i in range(deals):
        game.reset(seed=seed + i)
        for _ in game.agent_iter():
            observed, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            ids = np.flatnonzero(observed["action_mask"].view(np.bool_))
            game.step(int(ids[int(rng.random() * len(ids))]))
            actions += 1
    return actions


def pettingzoo_runner() -> Runner:
    """Random deals through the PettingZoo environment (ImportError without the extra)."""
    from bezique.pettingzoo import env

    def run(profile: str, deals: int, seed: int) -> int:
        return aec_episodes(env(profile, dealer=0), deals, seed)

    return run


def random_episodes(states: Iterable[Any], rng: random.Random) -> int:
    """Play each pyspiel state from its start to the end, chance outcomes and actions drawn
    from ``rng`` (the outcomes are equally likely: the cards left to deal); returns the
    players' actions taken."""
    actions = 0
    for state in states:
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            actions += 1
    return actions


def openspiel_runner() -> Runner:
    """Random deals through the OpenSpiel game (ImportError without bezique.openspiel or
    pyspiel)."""
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    import bezique.openspiel  # type: ignore[import-not-found, unused-ignore]  # noqa: F401

    def run(profile: str, deals: int, seed: int) -> int:
        game = pyspiel.load_game(f"python_bezique(profile={profile})")
        return random_episodes((game.new_initial_state() for _ in range(deals)),
                               random.Random(seed))

    return run


Shape = tuple[tuple[int, ...], tuple[int, ...]]
"""A deal's shape: per decision, the mover and the length of his legal list."""


def shapes(profile: str, deals: int, seed: int) -> list[Shape]:
    """The shapes of the deals `native` plays with these arguments (its loop, recorded)."""
    rules = bezique.load_profile(profile)
    rng = random.Random(seed)
    out = []
    for i in range(deals):
        deal = bezique.Deal.new(rules, seed=seed + i, dealer=0)
        movers: list[int] = []
        lengths: list[int] = []
        while not deal.is_over:
            legal = deal.legal_actions()
            movers.append(deal.to_move or 0)
            lengths.append(len(legal))
            deal.apply(legal[int(rng.random() * len(legal))])
        out.append((tuple(movers), tuple(lengths)))
    return out


ShapeKey = tuple[str, int, int]
"""A floor runner's call: profile, deals, seed."""


def shape_store() -> tuple[dict[ShapeKey, list[Shape]], Callable[[str, int, int], None]]:
    """A floor runner's recorded deal shapes, and its ``prepare(profile, deals, seed)``, which
    records the `shapes` of a call once, before the clock starts (`benchmark`)."""
    made: dict[ShapeKey, list[Shape]] = {}

    def prepare(profile: str, deals: int, seed: int) -> None:
        if (profile, deals, seed) not in made:
            made[profile, deals, seed] = shapes(profile, deals, seed)

    return made, prepare


def openspiel_floor_runner() -> Runner:
    """Episodes of a game with the native deals' shape and no rules (ImportError without
    pyspiel): pyspiel's own cost a deal (the module docstring)."""
    import pyspiel

    game_type = pyspiel.GameType(
        short_name="python_bezique_floor",
        long_name="python_bezique's shape, no rules (bench_adapters)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4, min_num_players=2,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=False, provides_observation_tensor=False,
        parameter_specification={"profile": "bezique"},
    )
    chance, terminal = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)
    made, prepare = shape_store()

    class Game(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            c = compile_rules(bezique.load_profile(str((params or {}).get("profile", "bezique"))))
            pack = c.pack_size
            self.deal_size = pack - 1  # the last card needs no chance node
            self.outcomes = [[(i, 1.0 / n) for i in range(n)] for n in range(pack + 1)]
            self.ids = [tuple(range(n)) for n in range(400)]
            self.script: Shape = ((), ())
            super().__init__(game_type, pyspiel.GameInfo(
                num_distinct_actions=400, max_chance_outcomes=pack,
                num_players=c.players, min_utility=-1.0, max_utility=1.0,
                utility_sum=0.0, max_game_length=6 * pack + 16), params or {})

        def new_initial_state(self) -> State:
            return State(self)

    class State(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Game) -> None:
            super().__init__(game)
            self._game = game
            self._dealt = 0
            self._movers, self._lengths = game.script
            self._step = 0

        def current_player(self) -> int:
            if self._dealt < self._game.deal_size:
                return chance
            return terminal if self._step == len(self._movers) else self._movers[self._step]

        def is_chance_node(self) -> bool:
            return self._dealt < self._game.deal_size

        def is_terminal(self) -> bool:
            return self._step == len(self._movers)

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return self._game.outcomes[self._game.deal_size + 1 - self._dealt]

        def legal_actions(self, player: int | None = None) -> list[int]:
            return list(self._game.ids[self._lengths[self._step]])

        def _apply_action(self, action: int) -> None:
            if self._dealt < self._game.deal_size:
                self._dealt += 1
            else:
                self._step += 1

        def returns(self) -> list[float]:
            return [0.0] * self._game.num_players()

    pyspiel.register_game(game_type, Game)

    def run(profile: str, deals: int, seed: int) -> int:
        game = pyspiel.load_game(f"python_bezique_floor(profile={profile})")

        def states() -> Iterator[Any]:
            for script in made[profile, deals, seed]:
                game.script = script
                yield game.new_initial_state()

        return random_episodes(states(), random.Random(seed))

    run.prepare = prepare  # type: ignore[attr-defined]
    return run


def pettingzoo_floor_runner() -> Runner:
    """Episodes of an AEC environment with the native deals' shape and no rules (ImportError
    without PettingZoo): what PettingZoo's protocol and the agent's loop cost a deal (the
    module docstring)."""
    import numpy as np
    from pettingzoo import AECEnv

    from bezique.encoding import choose_encoding
    from bezique.features import observation_size
    from bezique.pettingzoo import agent_names

    made, prepare = shape_store()

    class Floor(AECEnv):  # type: ignore[misc]
        """Every answer read from arrays made in advance: one observation, and per length
        ``n`` a mask whose first ``n`` ids are legal."""

        metadata = {"name": "bezique_floor_v0", "render_modes": [],  # noqa: RUF012
                    "is_parallelizable": False}

        def __init__(self, profile: str, scripts: dict[int, Shape]) -> None:
            super().__init__()
            rules = bezique.load_profile(profile)
            ids = choose_encoding(rules).num_distinct_actions
            self.possible_agents = list(agent_names(rules.players))
            self.agents = list(self.possible_agents)
            observation = np.zeros(observation_size(rules), np.float32)
            observation.setflags(write=False)
            longest = max(max(lengths) for _, lengths in scripts.values())
            masks = [np.zeros(ids, np.int8) for _ in range(longest + 1)]
            for n, mask in enumerate(masks):
                mask[:n] = 1
                mask.setflags(write=False)
            self._observed = [{"observation": observation, "action_mask": mask}
                              for mask in masks]
            self._idle = self._observed[0]
            self._scripts = scripts
            self._movers: tuple[int, ...] = ()
            self._lengths: tuple[int, ...] = ()
            self._step = 0

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
                  ) -> None:
            self._movers, self._lengths = self._scripts[seed or 0]
            self._step = 0
            agents = self.agents = list(self.possible_agents)
            self.rewards = dict.fromkeys(agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(agents, 0.0)
            self.terminations = dict.fromkeys(agents, False)
            self.truncations = dict.fromkeys(agents, False)
            self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
            self.agent_selection = agents[self._movers[0]]

        def observe(self, agent: str) -> dict[str, Any]:
            step = self._step
            if step < len(self._movers) and agent == self.possible_agents[self._movers[step]]:
                return self._observed[self._lengths[step]]
            return self._idle

        def step(self, action: int | None) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            self._step += 1
            if self._step < len(self._movers):
                self.agent_selection = self.possible_agents[self._movers[self._step]]
            else:
                self.terminations = dict.fromkeys(self.agents, True)
                self._accumulate_rewards()

    def run(profile: str, deals: int, seed: int) -> int:
        scripts = dict(enumerate(made[profile, deals, seed], seed))  # reset(seed + i): deal i
        return aec_episodes(Floor(profile, scripts), deals, seed)

    run.prepare = prepare  # type: ignore[attr-defined]
    return run


ADAPTERS: dict[str, Callable[[], Runner]] = {
    "pettingzoo": pettingzoo_runner,
    "pettingzoo-floor": pettingzoo_floor_runner,
    "openspiel": openspiel_runner,
    "openspiel-floor": openspiel_floor_runner,
}
"""The adapters measured against ``native``: name -> a factory that imports the framework."""


def measure(run: Runner, profile: str, deals: int, seed: int) -> tuple[float, float]:
    """Deals per second and actions per deal (after one warm-up deal)."""
    run(profile, 1, seed + deals)
    start = time.perf_counter()
    actions = run(profile, deals, seed)
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / deals


def benchmark(profiles: list[str], deals: int, seed: int, repeat: int = 3
              ) -> tuple[list[dict[str, Any]], list[str]]:
    """One row per profile and adapter (``native`` first), and notes on adapters left out.
    The adapters take turns, ``repeat`` rounds of ``deals`` deals each: each rate is the best
    of its rounds, and ``x native`` the median over the rounds of the native rate over the
    adapter's in the same round, so that a busy moment of a shared machine, or its speed
    changing during the run, does not tilt a ratio."""
    runners: dict[str, Runner] = {"native": native}
    notes = []
    for name, factory in ADAPTERS.items():
        try:
            runners[name] = factory()
        except ImportError as error:
            notes.append(f"{name} left out: {error}")
    rows: list[dict[str, Any]] = []
    for profile in profiles:
        for run in runners.values():  # untimed: what a runner needs made before the clock
            if hasattr(run, "prepare"):  # the warm-up deal (`measure`) and the timed ones
                run.prepare(profile, 1, seed + deals)
                run.prepare(profile, deals, seed)
        rates: dict[str, list[float]] = {name: [] for name in runners}
        per_deal: dict[str, float] = {}
        for _ in range(repeat):
            for name, run in runners.items():
                rate, per_deal[name] = measure(run, profile, deals, seed)
                rates[name].append(rate)
        native_rates = rates["native"]
        for name, found in rates.items():
            ratios = [base / rate for base, rate in zip(native_rates, found, strict=True)]
            rows.append({"profile": profile, "adapter": name, "deals_per_s": max(found),
                         "actions_per_deal": per_deal[name],
                         "x_native": statistics.median(ratios)})
    return rows, notes


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as a Markdown table."""
    lines = ["| profile | adapter | deals/s | actions/deal | x native |",
             "| --- | --- | ---: | ---: | ---: |"]
    for r in rows:
        lines.append(f"| {r['profile']} | {r['adapter']} | {r['deals_per_s']:.1f} | "
                     f"{r['actions_per_deal']:.0f} | {r['x_native']:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print the table (and write ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profiles", default=",".join(bezique.list_profiles()),
                        help="comma-separated profile names (default: every built-in one)")
    parser.add_argument("--deals", type=int, default=20, help="deals per profile and adapter")
    parser.add_argument("--seed", type=int, default=0, help="deal i is dealt from seed + i")
    parser.add_argument("--repeat", type=int, default=3,
                        help="rounds per profile, the adapters taking turns (default: 3)")
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.repeat < 1:
        parser.error("--deals and --repeat must be at least 1")
    profiles = [p.strip() for p in args.profiles.split(",") if p.strip()]
    for profile in profiles:
        try:
            bezique.load_profile(profile)
        except bezique.ProfileError as error:
            parser.error(str(error))
    rows, notes = benchmark(profiles, args.deals, args.seed, args.repeat)
    print(table(rows))
    for note in notes:
        print(note, file=sys.stderr)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"deals": args.deals, "seed": args.seed, "repeat": args.repeat,
                       "compiled": bezique.COMPILED, "python": platform.python_version(),
                       "rows": rows, "notes": notes}, out, indent=2)


if __name__ == "__main__":
    main()
