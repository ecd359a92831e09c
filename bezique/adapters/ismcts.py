"""`ISMCTSBot`: OpenSpiel's own ISMCTS (`open_spiel.python.algorithms.ismcts.ISMCTSBot`, with its
random-rollout evaluator) playing bezique through `bezique.adapters.openspiel`, as the rival
``ismcts`` of the ladder (the ``openspiel`` extra: ``pip install 'bezique[openspiel]'``).

At each decision the bot builds the OpenSpiel state of the deal being played (the ``points``
utility: the deal's score difference over the target) and runs OpenSpiel's search on it
unchanged: simulations from worlds resampled from the player's information state
(`BeziqueState.resample_from_infostate`), one tree node per information-state string, UCT
selection, one random rollout per new node, and the most visited action played. The rollout
is OpenSpiel's random-rollout evaluator with its loop played on the engine (`_EngineRollouts`:
the same uniformly random play, several times as fast as through pyspiel and NumPy, so that
the time buys simulations rather than overhead). OpenSpiel's
search takes a number of simulations; this bot gives it a *time* per decision instead: it
searches until ``seconds`` of CPU time have passed since the decision began, building the
OpenSpiel state included (two simulations at least: the first only opens the root), and plays
the most visited action of the tree so far, so its strength depends on the machine's speed, as
any time budget does. The time is the process's CPU time (`time.process_time`), not the wall
clock's, so that other work on a busy machine does not starve the search of its budget: the
ladder's games run side by side on worker processes.

Like every OpenSpiel bot it is handed the whole state (a `bezique.bots.DealBot`, ``sees_all``)
and reads only what its player may know: the information-state strings and the resampled
worlds. OpenSpiel's game deals with seat 0 dealing, so the seats are renamed for a deal dealt
by another seat (seat ``d`` becomes 0 …); a deal's game totals and target are the game's (for
call-outs and endings at once), and the cut bonus of ``deal.dealer_cut_bonus`` is not dealt.
"""

from __future__ import annotations

import time
from typing import Any

from bezique.errors import extra_missing

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts as os_ismcts
    from open_spiel.python.algorithms import mcts as os_mcts
except ImportError as error:
    raise extra_missing("the ismcts bot", "openspiel", error) from error

from bezique.actions import Action
from bezique.adapters.openspiel import BeziqueState, register_rules
from bezique.deal import Deal, dealing
from bezique.observation import Observation
from bezique.rules.model import Rules

__all__ = ["DEFAULT_UCT_C", "ISMCTSBot", "state_of"]

DEFAULT_UCT_C = 1.0
"""The exploration constant of UCT (the returns lie in [-1, 1]; not tuned for bezique)."""


class _TimeUp(Exception):
    """The time of a decision is spent (raised between two simulations)."""


class _TimedSearch(os_ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS, stopped between two simulations once `deadline` (CPU time) has
    passed."""

    deadline = 0.0
    simulations = 0

    def sample_root_state(self, state: Any) -> Any:
        """A world for the next simulation, or `_TimeUp` when the time is spent."""
        if self.simulations >= 2 and time.process_time() >= self.deadline:
            raise _TimeUp
        self.simulations += 1
        return super().sample_root_state(state)


class _EngineRollouts(os_mcts.RandomRolloutEvaluator):  # type: ignore[misc]
    """OpenSpiel's random-rollout evaluator (one rollout), its rollout played on the engine:
    from the state's deal, a uniformly random legal action at every turn to the end of the
    deal (`Deal.push` on a copy), valued as the state's game values a finished deal
    (`BeziqueState.returns_of`). The same play as OpenSpiel's loop, without a round trip
    through pyspiel and a NumPy choice at every step; a state still being dealt is left to
    OpenSpiel's own loop. Its prior is OpenSpiel's (uniform)."""

    def evaluate(self, state: Any) -> Any:
        """The returns of one random rollout from ``state``."""
        deal = state.deal
        if deal is None:
            return super().evaluate(state)
        world = deal.clone(history=False)
        randint = self._random_state.randint
        while not world.is_over:
            legal = world.legal_actions()
            world.push(legal[randint(len(legal))] if len(legal) > 1 else legal[0])
        return np.array(state.returns_of(world))


def state_of(game: Any, deal: Deal) -> BeziqueState:
    """The OpenSpiel state of ``game`` (`pyspiel.load_game` of the deal's rules) that ``deal``
    has reached: its cards dealt in their order, seats renamed so that the dealer is seat 0,
    the game's totals and target kept, and every action so far replayed."""
    rules = deal.rules
    n, dealer = rules.players, deal.dealer
    origin = deal.origin
    where = dealing(rules, dealer=0)
    order = [0] * (sum(len(h) for h in where.hands) + len(where.stock)
                   + (where.turn_up is not None))
    for q, positions in enumerate(where.hands):
        for pos, card in zip(positions, origin.hands[(q + dealer) % n], strict=True):
            order[pos] = int(card)
    for pos, card in zip(where.stock, origin.stock, strict=True):
        order[pos] = int(card)
    if where.turn_up is not None:
        assert origin.turn_up is not None
        order[where.turn_up] = int(origin.turn_up)
    totals = [0] * len(rules.teams)
    for q in range(n):
        totals[rules.team_of[q]] = deal.totals[rules.team_of[(q + dealer) % n]]
    state: BeziqueState = game.new_initial_state()
    state._game_totals = (tuple(totals), deal.target)
    for position in order[:-1]:
        state.apply_action(state._spec.index[position])
    enc = state._spec.enc
    for action in deal.actions:
        assert state.deal is not None
        id = enc.encode(state.deal, action)  # the game's id (flat or factored) of the action
        state._replay = action  # that very copy, as `_resample` replays
        state.apply_action(id)
    return state


class ISMCTSBot:
    """OpenSpiel's ISMCTS with ``seconds`` per decision (see the module's docs), its random
    streams seeded from ``seed``; ``uct_c`` is UCT's exploration constant."""

    sees_all = True
    """Handed the deal by the play loop (`bezique.bots.decide`), as OpenSpiel bots are
    handed the state; it reads only its player's information state."""

    players = (2,)
    """The numbers of seats it plays: at more, the OpenSpiel game's resampling ignores what
    the end phase's plays reveal (a void, a card that could not head the trick) and replays
    moves that are illegal in the world it deals, so the bot refuses them (ValueError)."""

    def __init__(self, seed: int | None = 0, seconds: float = 0.25, *,
                 uct_c: float = DEFAULT_UCT_C) -> None:
        if not 0 < seconds < float("inf"):
            raise ValueError(f"ISMCTSBot: seconds must be a positive finite number, got "
                             f"{seconds}")
        self.seconds = seconds
        """The CPU time per decision (`time.process_time`)."""
        self.uct_c = uct_c
        """UCT's exploration constant."""
        self._random = np.random.RandomState(None if seed is None else seed % 2**32)
        self._games: dict[str, Any] = {}
        self.simulations = 0
        """The simulations run in all (for reports)."""
        self.decisions = 0
        """The decisions searched in all (one legal action is no decision)."""

    def choose(self, observation: Observation) -> Action:
        """Refused: OpenSpiel's search needs the game state (`choose_in`)."""
        raise TypeError("ISMCTSBot is handed the game state, as every OpenSpiel bot is: let "
                        "bezique.bots.finish, play_deal or play_game (or bezique.bots.decide) "
                        "hand it the deal")

    def _game(self, rules: Rules) -> Any:
        name = register_rules(rules)
        if name not in self._games:
            self._games[name] = pyspiel.load_game(f"python_bezique(profile={name})")
        return self._games[name]

    def choose_in(self, deal: Deal) -> Action:
        """The most visited action of OpenSpiel's search after ``seconds`` of CPU time."""
        if deal.rules.players not in self.players:
            raise ValueError(f"ismcts plays two seats only, not the {deal.rules.players} of "
                             f"{deal.rules.name!r} (see ISMCTSBot.players)")
        legal = deal.legal_actions()
        if len(legal) == 1:
            return legal[0]
        deadline = time.process_time() + self.seconds
        game = self._game(deal.rules)
        state = state_of(game, deal)
        search = _TimedSearch(game, _EngineRollouts(1, self._random),
                              self.uct_c, max_simulations=2**31 - 1,
                              random_state=self._random)
        search.deadline = deadline
        try:
            policy = search.run_search(state)
        except _TimeUp:
            policy = search.get_final_policy(state, search._root_node)
        self.simulations += search.simulations
        self.decisions += 1
        best = max(p for _, p in policy)
        ids = [a for a, p in policy if p == best]
        chosen = ids[int(self._random.randint(len(ids)))] if len(ids) > 1 else ids[0]
        action = state._action_of(chosen)
        if not deal.can_apply(action):  # pragma: no cover - the two deals disagree: a bug
            raise RuntimeError(f"ISMCTSBot: {action} is not legal in the deal played")
        return action

