"""The `Deal`: one mutable state machine for a deal of any profile, driven by actions.

State is ints and small lists (card bitmasks, a stock list, declarations), so legal actions,
apply and clone stay cheap. Rules come precompiled (`bezique.compile`). Every change is
validated first and then applied, so an illegal action leaves the deal exactly as it was.

>>> import bezique
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7, dealer=0)
>>> deal.to_move, deal.phase, deal.stock_size
(1, 'lead', 48)
>>> while not deal.is_over:
...     _ = deal.apply(deal.legal_actions()[0])
>>> sum(e.points for e in deal.events) == sum(deal.scores)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from attrs import evolve

from bezique.actions import Action, Announce, Meld
from bezique.cards import (
    CARDS,
    SUIT_LIST,
    Card,
    CardSet,
    Suit,
)
from bezique.compile import Compiled, compile_rules
from bezique.errors import IllegalAction
from bezique.events import Event
from bezique.legal import action_problem, legal_actions
from bezique.melds import Declaration, named
from bezique.moves import DealMoves
from bezique.players import player_name
from bezique.position import (
    CardList,
    _check_dealer,
    _check_order,
    check_new,
    check_position,
    prechecked,
)
from bezique.position import Dealing as Dealing  # the dealing of `Deal.from_order`
from bezique.position import dealing as dealing
from bezique.resolve import resolve
from bezique.rules.model import Rules
from bezique.start import _split_order, start
from bezique.start import shuffled as shuffled  # `Deal.new`'s shuffle, also public here
from bezique.state import OVER, PHASES, STATE_FIELDS, Bits, Origin

if TYPE_CHECKING:
    from bezique.observation import Observation



def _unpickle(cls: type[Deal], state: dict[str, Any]) -> Deal:
    """A deal from `Deal.__reduce__`'s state, its rules compiled again (cached)."""
    d = cls()
    d._partial = False  # pickled only when true (and not at all before `clone(history=False)`)
    d._passed = 0  # not in pickles made before partnership declaring
    d._duel = -1  # nor before the duels of the end phase
    for name, value in state.items():
        setattr(d, name, value)
    d._c = compile_rules(d.rules)
    d._decls = named(d._c, d._decls)  # pickled before declarations carried their name
    return d


class Deal(DealMoves):
    """One deal: hands, stock, turn-up, tables, tricks and scores, changed only by actions."""

    __slots__ = ()

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(
        cls,
        rules: Rules,
        *,
        seed: int | None = None,
        dealer: int = 0,
        totals: tuple[int, ...] | None = None,
        target: int | None = None,
        cut: int | None = None,
        guess: int | None = None,
    ) -> Deal:
        """Shuffle (from ``seed``) and deal by the profile's procedure. ``totals`` (one per
        team, `Rules.teams`; zeros when not given) and ``target`` are the game's, for endings
        that stop a deal at once (``game.end``).

        With ``deal.dealer_cut_bonus`` the dealer lifts ``cut`` cards (drawn from the seed when
        not given) and scores ``deal.cut_bonus_dealer`` if they are exactly
        ``deal.cut_bonus_exact``; the non-dealer scores ``deal.cut_bonus_guess`` if ``guess``
        names the number (PW Bezique-6, HERRING).

        `PositionError` naming the argument for a seed a record cannot hold (anything but None
        or an int of 64 bits), a dealer that is no seat, or totals or a target out of range.
        """
        c = compile_rules(rules)
        seed, dealer, totals, target = check_new(
            seed, dealer, totals, target, c.players, len(rules.teams))
        deal = cls._from_order(c, shuffled(c.pack_cards, seed), dealer, totals, target)
        deal.seed = seed
        if rules.deal.dealer_cut_bonus:
            used = deal._cut_bonus(cut, guess, seed)
            deal._origin = evolve(deal._origin, cut=used, guess=guess)
        return deal

    @classmethod
    def from_order(
        cls,
        rules: Rules,
        cards: Sequence[int],
        *,
        dealer: int = 0,
        totals: tuple[int, ...] | None = None,
        target: int | None = None,
    ) -> Deal:
        """A fresh deal of the physical ``cards`` in this order (a shuffled pack, the top
        first), dealt by the profile's procedure as `new` deals them (`dealing` says where each
        position goes): what `new` does after shuffling, without a seed, and without the cut of
        ``deal.dealer_cut_bonus``. ``totals`` and ``target`` are the game's, as for `new`.

        >>> import bezique
        >>> from bezique.compile import compile_rules
        >>> from bezique.deal import shuffled
        >>> rules = bezique.load_profile("bezique")
        >>> order = shuffled(compile_rules(rules).pack_cards, 7)
        >>> bezique.Deal.from_order(rules, order) == bezique.Deal.new(rules, seed=7)
        True

        `PositionError` when ``cards`` is not the profile's pack (each card once, in any order)
        or the dealer is not a seat (0 or 1 at two seats).
        """
        c = compile_rules(rules)
        _check_dealer(dealer, c.players)
        return cls._from_order(c, _check_order(c, cards), dealer, totals, target)

    @classmethod
    def _from_order(
        cls, c: Compiled, cards: Sequence[int], dealer: int,
        totals: tuple[int, ...] | None = None, target: int | None = None,
    ) -> Deal:
        """A fresh deal of the physical ``cards`` in this order (a shuffled pack), dealt as
        `new` deals: what `new` does after shuffling, without the seed or the cut."""
        hands, rest, turn_up = _split_order(c, cards, dealer)
        return cls._start(c, hands, rest, turn_up, dealer, None, c.next_seat[dealer], None,
                          totals, target)

    @classmethod
    @prechecked
    def from_position(
        cls,
        rules: Rules,
        *,
        hands: Sequence[CardList],
        stock: CardList = "",
        turn_up: str | int | None = None,
        dealer: int = 0,
        trump: str | int | None = None,
        leader: int | None = None,
        scores: Sequence[int] | None = None,
        totals: tuple[int, ...] | None = None,
        target: int | None = None,
        reachable: bool = True,
    ) -> Deal:
        """Set up a stacked position at a lead (docs/deals.md): hands, the stock top-first (its
        last card is the turn-up where the profile turns one up, unless ``turn_up`` is given),
        dealer and optionally trump, leader (the seat to lead), scores (one per seat), and the
        game's ``totals`` (one per team, zeros when not given) and ``target``, as for `new`.
        Each card list is one string of notation (``"QS QSb 10D"``) or a sequence of cards,
        each a notation token, a `Card` or a physical int; ``turn_up`` one card. A copy letter
        (or an int) places that very copy; unlettered duplicates take the lowest free copies in
        order of appearance. Cards placed nowhere count as already played. The start is kept in
        `origin`.

        Every argument is checked first (`bezique.position`): a position that cannot be set up
        or played (not one hand per seat, a card placed twice or not in the pack, an odd
        number of cards to draw, a seat that is not one, an unknown trump, scores that are not
        one integer per seat, totals not one per team …) raises `PositionError` naming the
        argument. So does one whose hands a deal of the profile never reaches (hands of
        different sizes, larger than ``deal.hand_size``, or not full while there are cards to
        draw: `bezique.position.check_reachable`); ``reachable=False`` allows them, for a rules
        scenario that stacks a few cards, or more than a hand holds, to reach a point quickly.
        """
        c = compile_rules(rules)  # `prechecked` has checked every argument (rules first)
        pos = check_position(c, hands=hands, stock=stock, turn_up=turn_up, dealer=dealer,
                             trump=trump, leader=leader, scores=scores, totals=totals,
                             target=target, reachable=reachable)
        return cls._start(c, pos.hands, pos.stock, pos.turn_up, pos.dealer, pos.trump,
                          pos.leader, pos.scores, pos.totals, pos.target)

    @classmethod
    def _start(
        cls,
        c: Compiled,
        hands: Sequence[Sequence[int]],
        stock: Sequence[int],
        turn_up: int | None,
        dealer: int,
        trump: int | None,
        leader: int,
        scores: Sequence[int] | None,
        totals: tuple[int, ...] | None,
        target: int | None,
    ) -> Deal:
        d = cls()
        start(d, c, hands, stock, turn_up, dealer, trump, leader, scores, totals, target)
        return d

    # ------------------------------------------------------------------ public state

    @property
    def to_move(self) -> int | None:
        """The player whose decision it is, or None when the deal is over."""
        return None if self._phase == OVER else self._to_move

    @property
    def phase(self) -> str:
        """``lead``, ``follow``, ``declare`` (a trick winner's turn to declare) or ``over``."""
        return PHASES[self._phase]

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self._phase == OVER

    @property
    def in_end_phase(self) -> bool:
        """Whether the stock is exhausted (the last tricks, with the duty to follow)."""
        return self._end_phase

    @property
    def scores(self) -> tuple[int, ...]:
        """Points each seat has been credited in this deal (a pair at two seats)."""
        sc = self._scores
        if len(sc) == 2:
            return sc[0], sc[1]
        return tuple(sc)

    @property
    def origin(self) -> Origin:
        """How the deal started (hands, stock, turn-up, cut …): with `actions`, all of it."""
        return self._origin

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far, in order (with the events, the deal's history); on a
        ``clone(history=False)``, those applied since it was cloned."""
        return tuple(self._actions)

    @property
    def last_action(self) -> Action | None:
        """The last action applied (``actions[-1]`` without copying the history), None when
        there is none."""
        actions = self._actions
        return actions[-1] if actions else None

    @property
    def events(self) -> list[Event]:
        """The append-only history (a copy); on a ``clone(history=False)``, from the last
        ``end_phase`` event on."""
        return list(self._events)

    @property
    def bits(self) -> Bits:
        """The deal's state as ints, read-only (`bezique.state.Bits`), as search code reads it:
        a view bound to the deal, that follows it as it changes."""
        bits = Bits()
        bits._d = self
        return bits

    @property
    def trump(self) -> Suit | None:
        """The trump `Suit` (an int, 0-3 for ♠♥♦♣) or None while not yet fixed."""
        return None if self._trump < 0 else SUIT_LIST[self._trump]

    @property
    def turn_up(self) -> Card | None:
        """The face-up `Card` under the stock, if any."""
        return None if self._turn_up < 0 else CARDS[self._turn_up]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The hidden stock, top first (hidden information: not part of any observation)."""
        return tuple(map(CARDS.__getitem__, reversed(self._stock)))

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick, the lead first."""
        return tuple(map(CARDS.__getitem__, self._trick))

    @property
    def leader(self) -> int:
        """Who led (or leads) the current trick."""
        return self._leader

    @property
    def tricks_played(self) -> int:
        """Tricks completed so far."""
        return self._tricks

    @property
    def last_trick_winner(self) -> int | None:
        """Winner of the most recent trick (None before the first)."""
        return None if self._last_winner < 0 else self._last_winner

    @property
    def called_out(self) -> int | None:
        """The player who called out (Five Hundred), if any."""
        return None if self._called_out < 0 else self._called_out

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """Every declaration made so far (scored and pending)."""
        return self._decls

    def hand(self, player: int) -> CardSet:
        """The player's concealed cards (tabled declared cards are in `table`)."""
        return CardSet(self._hand[player])

    def table(self, player: int) -> CardSet:
        """The player's declared cards lying face up; still part of the hand and playable."""
        return CardSet(self._table[player])

    def captured(self, player: int) -> CardSet:
        """The cards in the player's won tricks."""
        return CardSet(self._captured[player])

    @property
    def heap(self) -> CardSet:
        """Played cards not yet gathered (``tricks.gather``), plus worthless tricks."""
        return CardSet(self._heap | self._dead)

    def known(self, player: int) -> CardSet:
        """Cards of the player's concealed hand that the opponent has seen."""
        return CardSet(self._known[player] & self._hand[player])

    # ------------------------------------------------------------------ information

    def observation(self, player: int) -> Observation:
        """What ``player`` may know now: nothing of the opponent's concealed cards or the
        stock order (docs/rules.md#invariant-information)."""
        from bezique.observation import observe

        return observe(self, player)

    def determinize(self, player: int, rng: random.Random) -> Deal:
        """A full deal consistent with ``player``'s observation: the unseen cards dealt at random
        between the opponent's hand and the stock (for information-set search)."""
        from bezique.observation import determinize

        return determinize(self, player, rng)

    def render(self, perspective: int | None = None) -> str:
        """A text picture of the position (`bezique.view.render.text`): both hands, or from
        ``perspective`` (0 or 1) exactly what that player's `observation` shows, the opponent's
        unseen cards face down; tables, the trick, turn-up, stock, trumps, scores and whose
        turn it is. Raises ValueError for another perspective."""
        from bezique.view.render import text

        return text(self, perspective)

    def __str__(self) -> str:
        """`render` with no perspective: ``print(deal)`` shows the table, as ``print(board)``
        does in python-chess (``repr`` stays one line)."""
        return self.render()

    def _repr_svg_(self) -> str:
        """The position as an SVG picture (`bezique.view.svg.deal`), for notebooks."""
        from bezique.view.svg import deal

        return deal(self)

    # ------------------------------------------------------------------ copies and equality

    def clone(self, *, history: bool = True) -> Deal:
        """An independent copy (cheap: ints and shallow list copies).

        With ``history=False`` the copy is cheaper still for search: it has no actions, and its
        events start at the last ``end_phase`` event (all of them before the end phase, or in a
        deal set up in it). It plays on as any deal (`push`, `apply`, `snapshot`, `restore`),
        but `undo` refuses (`ValueError`): it cannot replay from its origin.
        """
        d = Deal()
        if history:
            d._actions = self._actions[:]
            d._events = self._events[:]
            d._partial = self._partial
        else:
            d._actions = []
            events = self._events
            start = 0
            if self._end_phase:  # no end_phase event before it
                start = len(events)
                while start and events[start - 1].kind != "end_phase":
                    start -= 1
                if start:  # from the event on; else set up in the end phase: every event
                    start -= 1
            d._events = events[start:]
            d._partial = True
        d._c = self._c
        d._called_out = self._called_out
        d._captured = self._captured[:]
        d._carte = self._carte[:]
        d._dead = self._dead
        d._decls = self._decls
        d._dix_scored = self._dix_scored
        d._drawn = self._drawn
        d._duel = self._duel
        d._end_phase = self._end_phase
        d._hand = self._hand[:]
        d._heap = self._heap
        d._known = self._known[:]
        d._last_stock_turn = self._last_stock_turn
        d._last_winner = self._last_winner
        d._leader = self._leader
        d._origin = self._origin
        d._passed = self._passed
        d._phase = self._phase
        d._scores = self._scores[:]
        d._stock = self._stock[:]
        d._table = self._table[:]
        d._to_move = self._to_move
        d._trick = self._trick[:]
        d._tricks = self._tricks
        d._trump = self._trump
        d._turn_dix = self._turn_dix
        d._turn_melds = self._turn_melds
        d._turn_up = self._turn_up
        d.dealer = self.dealer
        d.rules = self.rules
        d.seed = self.seed
        d.target = self.target
        d.totals = self.totals
        return d

    def __copy__(self) -> Deal:
        """``copy.copy(deal)``: `clone` (a deal's parts are ints, lists and frozen values)."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> Deal:
        """``copy.deepcopy(deal)``: `clone`; its events, actions and rules are immutable."""
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the rules and the state; the compiled tables (generated functions and memos)
        are not pickled but rebuilt by `compile_rules` (cached) when the deal is unpickled."""
        state = {
            name: getattr(self, name) for name in STATE_FIELDS if name not in ("_c", "_partial")
        }
        if self._partial:
            state["_partial"] = True
        return _unpickle, (type(self), state)

    # ------------------------------------------------------------------ taking back

    def undo(self) -> Action:
        """Take back the last action and return it, like ``list.pop`` (python-chess's
        ``Board.pop``): the deal is then equal to what it was before that action, with the
        same events, actions, scores and legal actions; ``deal.apply(deal.undo())`` restores it.

        Raises `IndexError` when no action has been applied. The deal is replayed from its
        `origin` (its cost grows with the number of actions: fine for a user interface, not
        for search, which should `snapshot` and `restore`). A `determinize` world starts where
        it was sampled (nothing to undo); one changed otherwise than by actions, such as a
        world after actions, does not replay from its origin: `ValueError`, as for a
        ``clone(history=False)``, which has no history to replay. Either error leaves the deal
        exactly as it was.
        """
        if self._partial:
            raise ValueError("undo: this deal is a clone(history=False): it keeps no history "
                             "to replay (take moves back with snapshot and restore)")
        if not self._actions:
            raise IndexError("undo: no action to take back (the deal is at its start)")
        last = self._actions[-1]
        before = self._replayed(len(self._actions) - 1)
        check = before.clone()
        check.push(last)
        if check._state() != self._state():
            raise ValueError("undo: this deal does not replay from its origin (it was changed "
                             "otherwise than by actions, e.g. a determinize world)")
        for name in STATE_FIELDS:
            setattr(self, name, getattr(before, name))
        return last

    def _replayed(self, plies: int) -> Deal:
        """A new deal started as this one was (`origin`, seed, dealer, totals, target) with its
        first ``plies`` actions executed again (they were validated when first applied)."""
        o = self._origin
        d = type(self)._start(self._c, o.hands, o.stock, o.turn_up, self.dealer, o.trump,
                              o.leader, o.scores, self.totals, self.target)
        d.seed = self.seed
        if o.cut is not None:
            d._cut_bonus(o.cut, o.guess, self.seed)
        d._origin = o
        for act in self._actions[:plies]:
            d.push(act)
        return d

    def _state(self) -> tuple[object, ...]:
        return tuple(
            getattr(self, name) for name in STATE_FIELDS
            if name not in ("_c", "seed", "_origin", "_partial")
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        to_move = "-" if self.to_move is None else player_name(self.to_move)
        trump = "-" if self.trump is None else self.trump
        return (
            f"<Deal {self.rules.name} {self.phase} to_move={to_move} trump={trump} "
            f"stock={self.stock_size} scores={self.scores}>"
        )

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """Every distinct action the player to move may take (empty when over)."""
        return legal_actions(self)

    def problem(self, action: Action | str) -> str | None:
        """Why ``action`` (an object or notation) is illegal now, None if it is legal: the
        `can_apply` check. Notation that cannot be read or resolved gives the reason why.

        >>> import bezique
        >>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7, dealer=0)
        >>> deal.problem(str(deal.legal_actions()[0])) is None
        True
        >>> deal.problem("draw") is not None, deal.problem("play XX") is not None
        (True, True)
        """
        if isinstance(action, str):
            try:
                action = resolve(self, action)
            except ValueError as exc:  # NotationError, IllegalAction, an ambiguity
                return str(exc)
        return action_problem(self, action)

    def can_apply(self, action: Action | str) -> bool:
        """Whether ``action`` (an object or notation) would be accepted now."""
        try:
            resolved = self._resolve(action)
        except ValueError:
            return False
        return self.problem(resolved) is None

    def _resolve(self, action: Action | str) -> Action:
        return resolve(self, action) if isinstance(action, str) else action

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action | str) -> list[Event]:
        """Apply an action (object or notation); returns the events it caused.

        Raises `IllegalAction` naming the rule (the deal is unchanged) or `NotationError`.
        """
        act = self._resolve(action) if isinstance(action, str) else action
        problem = action_problem(self, act)
        if problem is not None:
            raise IllegalAction(f"{act}: {problem}", rule=problem)
        if isinstance(act, (Meld, Announce)):  # a tuple: a union is built anew per call
            act = act.normalized()
        start = len(self._events)
        self.push(act)
        return self._events[start:]
