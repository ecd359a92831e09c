"""The OpenSpiel game ``python_bezique``: one deal of any built-in profile as a pyspiel game
(the ``openspiel`` extra: ``pip install 'bezique[openspiel]'``; docs/ai.md#openspiel).

Importing this module registers the game, so that
``pyspiel.load_game("python_bezique(profile=rubicon)")`` works (the default profile is
``bezique``); `register_rules` names any other `bezique.Rules` (three or four seats
included) for the ``profile`` parameter. One episode is one deal, with ``rules.players``
players:

- chance deals the pack card by card: each chance node's outcomes are the physical cards not
  yet dealt (outcome ``i`` is the ``i``-th card of the pack in card order, the card that play
  id ``i`` plays), each with probability ``1 / cards left``; the last card needs no node. The
  order is then dealt exactly as `bezique.Deal.new` deals a shuffled pack (player 0 deals);
- the players' actions are the ids of `bezique.encoding`, chosen by the ``encoding``
  parameter (`bezique.encoding.choose_encoding`): ``auto`` (the default: the flat ids where
  the profile has at most 10,000 of them, else the factored ones), ``flat`` or ``factored``
  (docs/encoding.md#which-form). With flat ids an id naming another copy of a card with the
  same consequences as a legal one is accepted as that copy; any other id that is not legal
  raises `bezique.encoding.EncodingError`. The legal actions are listed once per state;
- returns are zero-sum, at the end of the deal: with ``utility=points`` (the default) player
  0 gets his deal score minus his opponent's, divided by the profile's target and clipped to
  ``[-1, 1]``; with ``utility=win``, ``1``, ``0`` or ``-1`` as he won, tied or lost the deal
  (`bezique.game.deal_result`: the settlement's winner, such as a rubicon or a call-out, else
  more points after the end count), the PettingZoo environment's rewards. At more seats a
  team's points or win counts against the mean of the other teams' and each seat is paid
  its team's (`bezique.adapters.returns`; docs/ai.md#more-seats);
- strings and tensors are what `bezique.Deal.observation` shows the player (`bezique.features`),
  the tensor of a fixed size whichever the encoding;
  `resample_from_infostate` redeals what the player cannot see (`bezique.Deal.determinize`);
- a state is cloned with the engine's own `bezique.Deal.clone` (OpenSpiel deep-copies a
  state's attributes, and the deal's deep copy is its clone); serialised (pyspiel's history
  and pickled attributes) with the deal as its game record (`bezique.record.dumps`), which
  loading replays, checking its digests (`bezique.record.RecordError` for a changed one).

The module imports ``pyspiel`` at import time; ``import bezique`` never does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from bezique.errors import extra_missing

try:
    import numpy as np
    import pyspiel
except ImportError as error:  # pragma: no cover - the extra is missing
    raise extra_missing("bezique.adapters.openspiel", "openspiel", error) from error

from bezique.actions import Action, Announce, Meld
from bezique.adapters.openspiel_spec import UTILITIES, Spec, register_rules, spec_of
from bezique.adapters.openspiel_text import _check_player, _events, _qualified, _seats_text
from bezique.adapters.returns import bounded, by_seat, win_returns, zero_sum
from bezique.adapters.tensors import ArrayTensor
from bezique.cards import card_name, iter_bits
from bezique.compile import Compiled
from bezique.deal import Deal
from bezique.encoding import ActionEncoding, EncodingError, choose_encoding
from bezique.features import observation_layout
from bezique.game import deal_result
from bezique.record import RecordError, dumps, rebuild

__all__ = [
    "GAME_NAME",
    "GAME_TYPE",
    "UTILITIES",
    "BeziqueGame",
    "BeziqueObserver",
    "BeziqueState",
    "game_info",
    "max_game_length",
    "register_rules",
]

_spec = spec_of
"""The name states serialised by earlier versions give their game's `Spec` maker."""

GAME_NAME = "python_bezique"
"""The name to give `pyspiel.load_game`."""

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Bezique (one deal of a built-in bezique profile)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"profile": "bezique", "utility": "points", "encoding": "auto"},
)
"""The game's `pyspiel.GameType` (registered under `GAME_NAME`)."""


def max_game_length(c: Compiled) -> int:
    """A bound on the players' decisions in one deal of a profile: every card is played once
    and drawn at most once, each turn has at most a few declarations, dix actions and an
    end-of-turn; generous, since OpenSpiel only checks that no deal is longer."""
    return 6 * c.pack_size + 16


def game_info(c: Compiled, enc: ActionEncoding | None = None) -> pyspiel.GameInfo:
    """The `pyspiel.GameInfo` of a profile's game (its ids: ``enc``, by default the
    ``auto`` choice of `bezique.encoding.choose_encoding`)."""
    return pyspiel.GameInfo(
        num_distinct_actions=(enc or choose_encoding(c.rules)).num_distinct_actions,
        max_chance_outcomes=c.pack_size,
        num_players=c.players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=max_game_length(c),
    )


_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
"""`current_player`'s answers as plain ints (the enum's conversion costs more than the rest of
the call, which pyspiel makes on every `apply_action`)."""


class _Shallow(list):  # type: ignore[type-arg]
    """A list of immutable items (ints, strings, frozen tuples): OpenSpiel clones a Python
    state by deep-copying its attributes, and a shallow copy is all this needs."""

    def __deepcopy__(self, memo: dict[int, object]) -> _Shallow:
        return _Shallow(self)


class _Held:
    """A state's deal, as OpenSpiel copies and serialises it: deep-copied as `Deal.clone`,
    pickled as its game record (`bezique.record.dumps`), loaded by replaying the record
    (`bezique.record.rebuild`, which checks every step and the record's digests)."""

    __slots__ = ("deal",)

    def __init__(self, deal: Deal) -> None:
        self.deal = deal

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return _Held(self.deal.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        return _replayed, (dumps(self.deal),)


def _replayed(record: str) -> _Held:
    """The `_Held` deal of a serialised state: its record replayed."""
    deal = rebuild(record)
    if not isinstance(deal, Deal):
        raise RecordError(0, "a python_bezique state holds one deal, this record a game")
    return _Held(deal)


class _Legal(dict[int, Action]):
    """A state's legal actions by id (`ActionEncoding.by_id`), never changed once made: a
    clone shares it."""

    def __deepcopy__(self, memo: dict[int, object]) -> _Legal:
        return self


class BeziqueGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of a built-in profile (parameters ``profile``, ``utility`` and
    ``encoding``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = spec_of(str(params.get("profile", "bezique")), str(params.get("utility", "points")),
                     str(params.get("encoding", "auto")))
        self.spec = spec
        super().__init__(GAME_TYPE, game_info(spec.c, spec.enc), params)

    def new_initial_state(self) -> BeziqueState:
        """The state before the first card is dealt (a chance node)."""
        return BeziqueState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BeziqueObserver:
        """The observer for strings and tensors: information states with
        ``perfect_recall``, observations without."""
        return BeziqueObserver(self.spec, iig_obs_type, params)


class BeziqueState(pyspiel.State):  # type: ignore[misc]
    """A deal being dealt (chance nodes) or played (the `Deal` in `deal`)."""

    def __init__(self, game: BeziqueGame) -> None:
        super().__init__(game)
        self._spec = game.spec
        self._order: list[int] = _Shallow()
        """Pack indices dealt so far."""
        self._left: list[int] = _Shallow(range(self._spec.c.pack_size))
        self._held: _Held | None = None
        """The deal once the whole pack is dealt (`deal`)."""
        self._log: list[tuple[int, int, Action, int, int]] = _Shallow()
        """Per action: the mover, the id, the action, the mover's table before it (bits) and
        where its events start in the deal's events (made into `_seen` strings only when asked
        for)."""
        self._seen: tuple[list[str], ...] = tuple(
            _Shallow() for _ in range(self._spec.c.players))
        """Per player, the history as he saw it: one line per action of `_log` (so far)."""
        self._replay: Action | None = None
        """The action the next id stands for, when `_resample` replays a history."""
        self._legal: _Legal | None = None
        """The deal's legal actions by id, once asked for (until the next action)."""
        self._sorted: tuple[int, ...] | None = None
        """Their ids ascending, once asked for (until the next action)."""
        self._game_totals: tuple[tuple[int, ...], int | None] = (
            (0,) * len(self._spec.rules.teams),
            None)
        """The game's totals (one per team) and target the deal is dealt with (`Deal.new`):
        zeros and the profile's target, unless set before the last card is dealt."""

    @property
    def deal(self) -> Deal | None:
        """The `Deal` being played, None while the pack is being dealt."""
        held = self._held
        return None if held is None else held.deal

    @deal.setter
    def deal(self, deal: Deal | None) -> None:
        self._held = None if deal is None else _Held(deal)

    # ------------------------------------------------------------------ the game tree

    def current_player(self) -> int:
        """The player to move, `pyspiel.PlayerId.CHANCE` while dealing, TERMINAL at the end."""
        held = self._held
        if held is None:
            return _CHANCE
        to_move = held.deal.to_move
        return _TERMINAL if to_move is None else to_move

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        held = self._held
        return held is not None and held.deal.is_over

    def is_chance_node(self) -> bool:
        """Whether the pack is still being dealt (pyspiel's answer, without its call back
        into `current_player`)."""
        return self._held is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet dealt (pack indices), each equally likely."""
        left = self._left
        pairs = self._spec.outcomes(len(left))
        return [pairs[i] for i in left]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """pyspiel's ``legal_actions``: for the player to move, the legal ids ascending,
        listed once per state (a fresh list each call); anything else (chance nodes, the end,
        another player) is pyspiel's own answer."""
        held = self._held
        deal = None if held is None else held.deal
        if deal is None or (player is not None and player != deal.to_move) or deal.is_over:
            return pyspiel.State.legal_actions(  # type: ignore[no-any-return]
                self, *(() if player is None else (player,)))
        ids = self._sorted
        if ids is None:
            ids = self._sorted = tuple(sorted(self._by_id()))
        return list(ids)

    def _legal_actions(self, player: int) -> list[int]:
        """The legal ids, ascending (`ActionEncoding.legal_ids`): pyspiel's ``legal_actions``
        called from C++."""
        return self.legal_actions()

    def _by_id(self) -> _Legal:
        """The deal's legal actions by id, listed once per state."""
        legal = self._legal
        if legal is None:
            assert self.deal is not None
            legal = self._legal = _Legal(self._spec.enc.by_id(self.deal.legal_actions()))
        return legal

    def _apply_action(self, action: int) -> None:
        held = self._held
        if held is not None:
            self._play(held.deal, action)
            return
        left = self._left
        try:
            left.remove(action)
        except ValueError:
            raise EncodingError(f"chance outcome {action} is not a card left to deal") from None
        self._order.append(action)
        if len(left) == 1:
            self._order.append(left.pop())
            self._start()

    def _start(self) -> None:
        """The deal, once the whole pack is dealt."""
        spec = self._spec
        totals, target = self._game_totals
        self.deal = Deal.from_order(spec.rules, [spec.pack[i] for i in self._order],
                                    totals=totals, target=target)

    def _action_of(self, id: int) -> Action:
        """The legal action with this id, or (flat ids) the same action naming another
        copy."""
        found = self._by_id().get(id)
        if found is not None:
            return found
        deal = self.deal
        assert deal is not None
        enc = self._spec.enc
        wanted = enc.action_of(id)  # EncodingError for an id out of range
        if enc.factored or deal.problem(wanted) is not None:
            raise EncodingError(f"action id {id} ({wanted}) is not legal here")
        return wanted

    def _play(self, deal: Deal, id: int) -> None:
        mover = deal.to_move
        assert mover is not None
        bits = deal.bits
        table, start = bits.table(mover), bits.event_count
        action = self._replay or self._by_id().get(id)
        if action is not None and self._replay is None:
            deal.push(action)  # listed by legal_actions at this state: no second check
        else:
            self._replay = None
            deal.apply(action or self._action_of(id))
            action = deal.last_action
            assert action is not None
        self._legal = self._sorted = None
        self._log.append((mover, id, action, table, start))

    def seen(self, player: int) -> list[str]:
        """The history as ``player`` saw it, one line per action: the mover and the action
        (the opponent's without the copies of its cards, but those it took from his table),
        then its events, the opponent's draws masked."""
        lines = self._seen[player]
        log = self._log
        if len(lines) == len(log):
            return lines
        assert self.deal is not None
        events = self.deal.events
        action_of = self._spec.enc.action_of
        for k in range(len(lines), len(log)):
            mover, id, action, table, start = log[k]
            end = log[k + 1][4] if k + 1 < len(log) else len(events)
            if mover == player:
                line = f"P{mover} {action}"
            else:
                line = f"P{mover} {action_of(id)}"
                tabled = tuple(x for x in _cards_of(action) if table >> x & 1)
                if tabled:
                    line += f" (from the table: {_qualified(tabled)})"
            lines.append(line + _events(events[start:end], player, line))
        return lines

    def _action_to_string(self, player: int, action: int) -> str:
        """A chance outcome as ``deal QSb``, an action as its notation."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {card_name(self._spec.pack[action], copies=True)}"
        if self.deal is not None:
            try:
                return str(self._action_of(action))
            except EncodingError:
                pass
        return str(self._spec.enc.action_of(action))

    def returns(self) -> list[float]:
        """Zero before the end; then by the ``utility`` parameter (module docstring)."""
        deal = self.deal
        if deal is None or not deal.is_over:
            return [0.0] * self._spec.c.players
        return self.returns_of(deal)

    def returns_of(self, deal: Deal) -> list[float]:
        """The returns this game gives ``deal``, a finished deal of its profile (a world
        played on from this state's, say: `bezique.adapters.ismcts`' rollouts)."""
        if self._spec.c.players != 2:
            return _wide_returns(deal, self._spec)
        if self._spec.utility == "win":
            r = float(deal_result(deal))
        else:
            s0, s1 = deal.scores
            r = max(-1.0, min(1.0, (s0 - s1) / self._spec.scale))
        return [r, -r]

    # ------------------------------------------------------------------ information

    def dealt_to(self, player: int) -> list[int]:
        """The physical cards dealt to ``player`` so far, in dealing order."""
        owner, pack = self._spec.owner, self._spec.pack
        return [pack[i] for pos, i in enumerate(self._order) if owner[pos] == player]

    def turn_up_dealt(self) -> int | None:
        """The turn-up once it is dealt (public), else None."""
        pos = self._spec.turn_up_pos
        return self._spec.pack[self._order[pos]] if 0 <= pos < len(self._order) else None

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` knows (defaults to the player to move): see `BeziqueObserver`."""
        if player is None:
            player = self.current_player()
        return _info_string(self, player)

    def observation_string(self, player: int | None = None) -> str:
        """What ``player`` sees now: see `BeziqueObserver`."""
        if player is None:
            player = self.current_player()
        return _observation_string(self, player)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float] | Any
    ) -> BeziqueState:
        """A state ``player_id`` cannot tell from this one: the cards he cannot see redealt at
        random (`bezique.Deal.determinize`), with a history (chance outcomes and the same
        actions) that leads to it. ``probability_sampler`` (a `pyspiel` sampler or any
        callable returning floats in [0, 1)) seeds the redeal."""
        seed = int(_uniform(probability_sampler) * 2**53)
        return _resample(self, player_id, random.Random(seed))

    def __str__(self) -> str:
        """The dealt cards while dealing; then the table with both hands (`Deal.render`)."""
        if self.deal is None:
            return "dealing: " + _qualified(self._spec.pack[i] for i in self._order)
        return self.deal.render()


def _wide_returns(deal: Deal, spec: Spec) -> list[float]:
    """`BeziqueState.returns` at more than two seats: per team, its points (the sum of its
    seats' deal scores) or its win against the other teams' mean (`zero_sum`); the points
    divided by the target and, where one exceeds 1, all by the largest (`bounded`)."""
    if spec.utility == "win":
        return win_returns(deal)
    scores = deal.scores
    points = [sum(scores[seat] for seat in seats) / spec.scale for seats in spec.rules.teams]
    return by_seat(spec.rules, bounded(zero_sum(points)))


def _cards_of(action: Action) -> tuple[int, ...]:
    """The physical cards an action takes (none for a draw, done, call-out ...)."""
    if isinstance(action, Meld | Announce):
        return tuple(action.cards)
    card = getattr(action, "card", None)
    return () if card is None else (card,)


def _uniform(sampler: Any) -> float:
    if callable(sampler):
        return float(sampler())
    return float(sampler.sample())


def _info_string(state: BeziqueState, player: int) -> str:
    _check_player(player, state._spec.c.players)
    spec = state._spec
    head = f"{spec.profile} P{player} dealt: {_qualified(state.dealt_to(player))}"
    turn_up = state.turn_up_dealt()
    if turn_up is not None:
        head += f" | turn-up {card_name(turn_up)}"
    if state.deal is None:
        return f"{head} | {len(state._order)} of {spec.c.pack_size} dealt"
    return "\n".join([head, *state.seen(player)])


def _observation_string(state: BeziqueState, player: int) -> str:
    _check_player(player, state._spec.c.players)
    if state.deal is None:
        return _info_string(state, player)
    if state._spec.c.players != 2:
        return _seats_text(state.deal, player)
    return state.deal.render(player)


def _resample(state: BeziqueState, player: int, rng: random.Random) -> BeziqueState:
    """Redeal the cards ``player`` cannot see and replay the history on the new order."""
    spec = state._spec
    game = state.get_game()
    if state.deal is None:
        # while dealing: the unseen positions are those not dealt to ``player`` (nor the
        # turn-up); shuffle the cards dealt there among them and the cards still to come.
        hidden = [pos for pos in range(len(state._order))
                  if spec.owner[pos] != player and pos != spec.turn_up_pos]
        order = state._order[:]
        pool = [order[pos] for pos in hidden] + state._left
        rng.shuffle(pool)
        for pos, card in zip(hidden, pool, strict=False):
            order[pos] = card
        new = game.new_initial_state()
        new._game_totals = state._game_totals
        for i in order:
            new.apply_action(i)
        return new  # type: ignore[no-any-return]
    deal = state.deal
    world = deal.determinize(player, rng)
    old_order = [spec.pack[i] for i in state._order]
    position = {card: pos for pos, card in enumerate(old_order)}
    bits, world_bits = deal.bits, world.bits
    order = old_order[:]
    for seat in range(spec.c.players):
        if seat == player:
            continue
        hidden_now = bits.hand(seat) & ~bits.known(seat)
        new_hidden = world_bits.hand(seat) & ~world_bits.known(seat)
        hand_pos = sorted(position[x] for x in iter_bits(hidden_now))
        for pos, card in zip(hand_pos, iter_bits(new_hidden), strict=True):
            order[pos] = card
    for old, card in zip(bits.stock, world_bits.stock, strict=True):
        order[position[old]] = card
    new = game.new_initial_state()
    new._game_totals = state._game_totals
    for card in order[:-1]:
        new.apply_action(spec.index[card])
    for _, id, action, _, _ in state._log:
        if spec.enc.factored:  # the world's id and its listed copy, so history() replays
            id = _world_id(new, action)
        else:
            new._replay = action
        new.apply_action(id)
    new._seen[player][:] = state.seen(player)
    return new  # type: ignore[no-any-return]


def _world_id(state: BeziqueState, action: Action) -> int:
    """The factored id that ``action`` (replayed by `_resample`) has in ``state``: the legal
    action equal to it, else the legal action of its form that takes the same tabled cards
    (a copy from the hand of a seat whose hand was redealt), else its form's first id."""
    listed = state._by_id()
    for id, found in listed.items():
        if found == action:
            return id
    deal = state.deal
    assert deal is not None and deal.to_move is not None
    table = deal.bits.table(deal.to_move)
    first = state._spec.enc.id_of(action)
    cards = _cards_of(action)
    for id, found in sorted(listed.items()):
        if state._spec.enc.id_of(found) == first and all(
            x == y or not (table >> x & 1 or table >> y & 1)
            for x, y in zip(_cards_of(found), cards, strict=True)
        ):
            return id
    return first




class BeziqueObserver:
    """Strings and tensors for OpenSpiel (its ``PyObserver`` interface).

    The tensor is `bezique.features.observation_tensor` of the player's observation, for
    information states and observations alike (it does not recall the whole history); while
    the pack is being dealt it is zero but for the ``hand`` block, the cards dealt to the
    player so far. The information-state string is the profile, the player, the cards dealt
    to him (with their copies) and the turn-up, then one line per action as he saw it: the
    action's notation (a card drawn by the opponent masked, a card's copy written where it is
    public) and the events it caused. The observation string is the text picture of
    `bezique.Deal.render` from the player's side (at more seats a line per seat,
    docs/ai.md#more-seats).
    """

    def __init__(self, spec: Spec, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"python_bezique observers take no parameters; got {params}")
        self._spec = spec
        self._recall = bool(iig_obs_type is None or iig_obs_type.perfect_recall)
        self.tensor = np.zeros(spec.size, np.float32)
        self._tensors = ArrayTensor(spec.rules)
        self.dict = {b.name: self.tensor[b.offset:b.offset + b.size]
                     for b in observation_layout(spec.rules)}

    def set_from(self, state: BeziqueState, player: int) -> None:
        """Fill `tensor` for ``player`` at ``state``."""
        if state.deal is None:
            self.tensor.fill(0.0)
            hand, kinds = self._spec.hand_block, self._spec.kind_pos
            inc = 1.0 / self._spec.c.copies
            for card in state.dealt_to(player):
                self.tensor[hand.offset + kinds[card >> 3]] += inc
            return
        self._tensors.fill(state.deal, player, self.tensor)

    def string_from(self, state: BeziqueState, player: int) -> str:
        """The information-state string (perfect recall) or the observation string."""
        if self._recall:
            return _info_string(state, player)
        return _observation_string(state, player)


pyspiel.register_game(GAME_TYPE, BeziqueGame)
