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
from typing import TYPE_CHECKING

from bezique.actions import (
    Action,
    Announce,
    CallOut,
    CarteBlanche,
    DixExchange,
    DixShow,
    Done,
    Draw,
    Meld,
    Play,
)
from bezique.cards import SUIT_NAMES, CardSet, card_name, iter_bits, parse_cards
from bezique.compile import Compiled, compile_rules
from bezique.count import brisque_count, end_count, trick_points
from bezique.errors import IllegalAction
from bezique.events import Event
from bezique.legal import action_problem, legal_actions
from bezique.melds import Declaration, fixed_trump
from bezique.rules.model import Rules

if TYPE_CHECKING:
    from bezique.observation import Observation
from bezique.tricks import beats, follow_choices, suit_bits

LEAD, FOLLOW, DECLARE, OVER = range(4)
PHASES = ("lead", "follow", "declare", "over")
_DECLARING = (Meld, Announce)


def shuffled(cards: Sequence[int], seed: int | None) -> list[int]:
    """A Fisher-Yates shuffle driven by ``random.Random(seed).random()``: the same on every
    platform and Python version."""
    rng = random.Random(seed)
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


class Deal:
    """One deal: hands, stock, turn-up, tables, tricks and scores, changed only by actions."""

    __slots__ = (
        "_c",
        "_called_out",
        "_captured",
        "_carte",
        "_dead",
        "_decls",
        "_dix_scored",
        "_drawn",
        "_end_phase",
        "_events",
        "_hand",
        "_heap",
        "_known",
        "_last_stock_turn",
        "_last_winner",
        "_leader",
        "_phase",
        "_scores",
        "_stock",
        "_table",
        "_to_move",
        "_trick",
        "_tricks",
        "_trump",
        "_turn_dix",
        "_turn_melds",
        "_turn_up",
        "dealer",
        "rules",
        "seed",
        "target",
        "totals",
    )

    _c: Compiled
    rules: Rules
    seed: int | None
    dealer: int
    totals: tuple[int, int]
    target: int
    _hand: list[int]
    _table: list[int]
    _captured: list[int]
    _heap: int
    _dead: int
    _stock: list[int]
    _turn_up: int
    _trump: int
    _trick: list[int]
    _leader: int
    _to_move: int
    _phase: int
    _end_phase: bool
    _scores: list[int]
    _decls: list[Declaration]
    _dix_scored: int
    _turn_melds: int
    _turn_dix: int
    _drawn: bool
    _last_stock_turn: bool
    _tricks: int
    _last_winner: int
    _events: list[Event]
    _known: list[int]
    _called_out: int
    _carte: list[int]

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(
        cls,
        rules: Rules,
        *,
        seed: int | None = None,
        dealer: int = 0,
        totals: tuple[int, int] = (0, 0),
        target: int | None = None,
        cut: int | None = None,
        guess: int | None = None,
    ) -> Deal:
        """Shuffle (from ``seed``) and deal by the profile's procedure. ``totals`` and
        ``target`` are the game's, for endings that stop a deal at once (``game.end``).

        With ``deal.dealer_cut_bonus`` the dealer lifts ``cut`` cards (drawn from the seed when
        not given) and scores ``deal.cut_bonus_dealer`` if they are exactly
        ``deal.cut_bonus_exact``; the non-dealer scores ``deal.cut_bonus_guess`` if ``guess``
        names the number (PW Bezique-6, HERRING).
        """
        c = compile_rules(rules)
        cards = shuffled(c.pack_cards, seed)
        size, packets = rules.deal.hand_size, rules.deal.packets
        hands: list[list[int]] = [[], []]
        pos = 0
        order = (1 - dealer, dealer)
        while len(hands[order[1]]) < size:
            for n in packets:
                for p in order:
                    take = min(n, size - len(hands[p]))
                    hands[p].extend(cards[pos:pos + take])
                    pos += take
                if len(hands[order[1]]) >= size:
                    break
        rest = cards[pos:]
        turn_up: int | None = None
        if c.turn_up:
            if rules.trump.selection == "turn_up_next":
                turn_up, rest = rest[0], rest[1:]
            else:
                turn_up, rest = rest[-1], rest[:-1]
        deal = cls._start(c, hands, rest, turn_up, dealer, None, 1 - dealer, None, totals, target)
        deal.seed = seed
        if rules.deal.dealer_cut_bonus:
            deal._cut_bonus(cut, guess, seed)
        return deal

    def _cut_bonus(self, cut: int | None, guess: int | None, seed: int | None) -> None:
        spec = self.rules.deal
        if cut is None:
            low = 2 * spec.hand_size
            cut = low + int(random.Random(seed).random() * (self._c.pack_size - low + 1))
        self._events.append(Event("cut", self.dealer, reason=f"{cut} cards lifted"))
        if cut == spec.cut_bonus_exact:
            self._score(self.dealer, spec.cut_bonus_dealer, "cut_bonus")
        if guess is not None and guess == cut:
            self._score(1 - self.dealer, spec.cut_bonus_guess, "cut_guess")

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        *,
        hands: Sequence[str | Sequence[int]],
        stock: str | Sequence[int] = "",
        turn_up: str | int | None = None,
        dealer: int = 0,
        trump: str | int | None = None,
        leader: int | None = None,
        scores: tuple[int, int] | None = None,
        totals: tuple[int, int] = (0, 0),
        target: int | None = None,
    ) -> Deal:
        """Set up a stacked position (DESIGN.md §4): hands, the stock top-first (its last card
        is the turn-up where the profile turns one up, unless ``turn_up`` is given), dealer and
        optionally trump, leader and scores. Copies are assigned in order of appearance; cards
        placed nowhere count as already played.
        """
        c = compile_rules(rules)
        used: dict[int, int] = {}

        def physical(spec: str | Sequence[int]) -> list[int]:
            out = []
            for card in parse_cards(spec) if isinstance(spec, str) else list(spec):
                k = card >> 3
                n = used.get(k, 0)
                if n >= c.copies or not (c.pack_bits >> (k * 8)) & 1:
                    raise IllegalAction(f"{card_name(card)}: more copies than the pack holds")
                used[k] = n + 1
                out.append(k * 8 + n)
            return out

        hand_cards = [physical(h) for h in hands]
        stock_cards = physical(stock)
        up: int | None
        if turn_up is not None:
            up = physical(turn_up if isinstance(turn_up, str) else [turn_up])[0]
        elif c.turn_up and stock_cards:
            up, stock_cards = stock_cards[-1], stock_cards[:-1]
        else:
            up = None
        trump_suit: int | None
        if isinstance(trump, str):
            trump_suit = "SHDC".index(trump[0].upper()) if trump[0].upper() in "SHDC" else (
                "♠♥♦♣".index(trump[0])
            )
        else:
            trump_suit = trump
        first = 1 - dealer if leader is None else leader
        return cls._start(
            c, hand_cards, stock_cards, up, dealer, trump_suit, first, scores, totals, target
        )

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
        scores: tuple[int, int] | None,
        totals: tuple[int, int],
        target: int | None,
    ) -> Deal:
        d = object.__new__(cls)
        d._c = c
        d.rules = c.rules
        d.seed = None
        d.dealer = dealer
        d.totals = (int(totals[0]), int(totals[1]))
        d.target = c.rules.game.target if target is None else target
        d._hand = [sum(1 << x for x in h) for h in hands]
        d._table = [0, 0]
        d._captured = [0, 0]
        d._heap = 0
        d._dead = 0
        d._stock = list(reversed(stock))
        d._turn_up = -1 if turn_up is None else turn_up
        if trump is None and turn_up is not None:
            trump = turn_up >> 6
        d._trump = -1 if trump is None else trump
        d._trick = []
        d._leader = leader
        d._to_move = leader
        d._phase = LEAD
        d._end_phase = d.stock_size == 0
        d._scores = list(scores) if scores is not None else [0, 0]
        d._decls = []
        d._dix_scored = 0
        d._turn_melds = 0
        d._turn_dix = 0
        d._drawn = False
        d._last_stock_turn = False
        d._tricks = 0
        d._last_winner = -1
        d._events = [Event("deal", dealer)]
        d._known = [0, 0]
        d._called_out = -1
        d._carte = [1, 1] if c.carte_blanche is not None else [0, 0]
        if turn_up is not None:
            d._events.append(Event("turn_up", dealer, (turn_up,)))
            if scores is None and c.dix_on and c.rules.dix.turn_up_scores and d._is_dix(turn_up):
                d._dix_scored |= 1 << turn_up
                d._score(dealer, c.rules.dix.value, "dix", (turn_up,))
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
    def scores(self) -> tuple[int, int]:
        """Points each player has been credited in this deal."""
        return self._scores[0], self._scores[1]

    @property
    def events(self) -> list[Event]:
        """The append-only history (a copy)."""
        return list(self._events)

    @property
    def trump(self) -> int | None:
        """The trump suit (0-3 for ♠♥♦♣) or None while not yet fixed."""
        return None if self._trump < 0 else self._trump

    @property
    def turn_up(self) -> int | None:
        """The face-up card under the stock, if any."""
        return None if self._turn_up < 0 else self._turn_up

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the turn-up included."""
        return len(self._stock) + (self._turn_up >= 0)

    @property
    def stock(self) -> tuple[int, ...]:
        """The hidden stock, top first (hidden information: not part of any observation)."""
        return tuple(reversed(self._stock))

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the current trick, the lead first."""
        return tuple(self._trick)

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
    def brisques(self) -> tuple[int, int]:
        """Brisques (aces and tens) each player has captured."""
        c = self._c
        return brisque_count(c, self._captured[0]), brisque_count(c, self._captured[1])

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """Every declaration made so far (scored and pending)."""
        return tuple(self._decls)

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
        stock order (RULES.md §7 invariant 11)."""
        from bezique.observation import observe

        return observe(self, player)

    def determinize(self, player: int, rng: random.Random) -> Deal:
        """A full deal consistent with ``player``'s observation: the unseen cards dealt at random
        between the opponent's hand and the stock (for information-set search)."""
        from bezique.observation import determinize

        return determinize(self, player, rng)

    # ------------------------------------------------------------------ copies and equality

    def clone(self) -> Deal:
        """An independent copy (cheap: ints and shallow list copies)."""
        d = object.__new__(Deal)
        for name in Deal.__slots__:
            object.__setattr__(d, name, getattr(self, name))
        d._hand = self._hand[:]
        d._table = self._table[:]
        d._captured = self._captured[:]
        d._stock = self._stock[:]
        d._trick = self._trick[:]
        d._scores = self._scores[:]
        d._decls = self._decls[:]
        d._events = self._events[:]
        d._known = self._known[:]
        d._carte = self._carte[:]
        return d

    def _state(self) -> tuple[object, ...]:
        return tuple(
            getattr(self, name) for name in Deal.__slots__ if name not in ("_c", "seed")
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        trump = "-" if self._trump < 0 else SUIT_NAMES[self._trump]
        return (
            f"<Deal {self.rules.name} {self.phase} to_move={self.to_move} trump={trump} "
            f"stock={self.stock_size} scores={self.scores}>"
        )

    # ------------------------------------------------------------------ helpers

    def _is_dix(self, card: int) -> bool:
        return card >> 6 == self._trump and (card >> 3 & 7) == self._c.dix_rank

    def _score(self, player: int, points: int, reason: str, cards: tuple[int, ...] = ()) -> None:
        if points <= 0:
            return
        self._scores[player] += points
        self._events.append(Event("score", player, cards, points, reason))

    def _mine(self, player: int) -> int:
        return self._hand[player] | self._table[player]

    def _signatures(self, player: int) -> dict[int, list[list[int]]]:
        """The player's cards by kind, split into groups of interchangeable copies."""
        hand, table = self._hand[player], self._table[player]
        member: dict[int, int] = {}
        if table:
            for i, d in enumerate(self._decls):
                if d.owner == player:
                    for x in iter_bits(d.cards & table):
                        member[x] = member.get(x, 0) | (1 << i)
        groups: dict[int, dict[tuple[int, int, int], list[int]]] = {}
        scored = self._dix_scored
        for x in iter_bits(hand | table):
            sig = ((table >> x) & 1, member.get(x, 0), (scored >> x) & 1)
            groups.setdefault(x >> 3, {}).setdefault(sig, []).append(x)
        return {k: list(g.values()) for k, g in groups.items()}

    def _groups_of_kind(self, player: int, k: int) -> list[list[int]]:
        """The player's copies of kind ``k`` split into groups of interchangeable copies: same
        place (hand or table), same declarations, same dix history."""
        shift = k * 8
        hand, table = self._hand[player] >> shift & 0xFF, self._table[player] >> shift & 0xFF
        scored = self._dix_scored >> shift & 0xFF
        if not table and not scored & hand:
            return [[shift + c for c in iter_bits(hand)]]
        member = [0] * 8
        if table:
            for i, d in enumerate(self._decls):
                lane = d.cards >> shift & table
                if lane and d.owner == player:
                    for c in iter_bits(lane):
                        member[c] |= 1 << i
        groups: dict[tuple[int, int, int], list[int]] = {}
        for c in iter_bits(hand | table):
            sig = (table >> c & 1, member[c], scored >> c & 1)
            groups.setdefault(sig, []).append(shift + c)
        return list(groups.values())

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """Every distinct action the player to move may take (empty when over)."""
        return legal_actions(self)

    def problem(self, action: Action) -> str | None:
        """Why ``action`` is illegal now (None if it is legal): the `can_apply` check."""
        return action_problem(self, action)

    def can_apply(self, action: Action | str) -> bool:
        """Whether ``action`` (an object or notation) would be accepted now."""
        try:
            resolved = self._resolve(action)
        except ValueError:
            return False
        return self.problem(resolved) is None

    def _resolve(self, action: Action | str) -> Action:
        if isinstance(action, str):
            from bezique.resolve import resolve

            return resolve(self, action)
        return action

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action | str) -> list[Event]:
        """Apply an action (object or notation); returns the events it caused.

        Raises `IllegalAction` naming the rule (the deal is unchanged) or `NotationError`.
        """
        act = self._resolve(action)
        problem = self.problem(act)
        if problem is not None:
            raise IllegalAction(f"{act}: {problem}", rule=problem)
        start = len(self._events)
        self._execute(act)
        return self._events[start:]

    def _execute(self, act: Action) -> None:
        if isinstance(act, Play):
            self._play(act.card)
        elif isinstance(act, Meld):
            self._meld(act)
        elif isinstance(act, Draw):
            self._draw(act.turn_up)
        elif isinstance(act, Announce):
            self._announce(act)
        elif isinstance(act, DixShow):
            self._dix_show(act.card)
        elif isinstance(act, DixExchange):
            self._dix_exchange(act.card)
        elif isinstance(act, Done):
            self._end_turn()
        elif isinstance(act, CallOut):
            self._called_out = self._to_move
            self._events.append(Event("call_out", self._to_move))
            self._finish()
        elif isinstance(act, CarteBlanche):
            from bezique.carte import show_carte_blanche

            show_carte_blanche(self)

    def _play(self, card: int) -> None:
        p = self._to_move
        bit = 1 << card
        c = self._c
        revoked = (
            self._end_phase and len(self._trick) == 1
            and c.rules.endgame.revoke_penalty == "forfeit_remaining_tricks"
            and self._follow_problem(card) is not None
        )
        if self._table[p] & bit:
            self._table[p] &= ~bit
            kept: list[Declaration] = []
            for d in self._decls:
                if d.owner == p and d.cards & bit:
                    if d.pending:
                        self._events.append(Event("pending_lost", p, tuple(iter_bits(d.cards))))
                        continue
                    if d.intact:
                        d = d.broken()
                kept.append(d)
            self._decls = kept
        else:
            self._hand[p] &= ~bit
        self._known[p] &= ~bit
        if self._carte[p]:
            from bezique.carte import on_play

            on_play(self, p)
        self._events.append(Event("play", p, (card,)))
        if (
            c.dix_on_play and self._trump >= 0 and self._is_dix(card)
            and not self._dix_scored & bit
            and (not self._end_phase or c.dix_on_play_endgame)
        ):
            self._dix_scored |= bit
            self._score(p, c.rules.dix.value, "dix", (card,))
            if self._check_target(p, declaration=True):
                return
        self._trick.append(card)
        if revoked:
            self._forfeit(p)
        elif len(self._trick) == 1:
            self._phase = FOLLOW
            self._to_move = 1 - p
        else:
            self._resolve_trick()

    def _forfeit(self, offender: int) -> None:
        """``endgame.revoke_penalty = forfeit_remaining_tricks`` (ENQ vii): the other player
        takes this trick and every card still in hand, and the last trick."""
        other = 1 - offender
        rest = self._trick_bits() | self._hand[0] | self._hand[1]
        self._trick = []
        self._hand = [0, 0]
        self._events.append(Event("forfeit", offender, reason="revoke in the end phase"))
        self._last_winner = other
        gained = self._gather(other, rest)
        rules = self.rules
        if gained and rules.brisques.when == "immediately" and rules.brisques.counted == "always":
            self._score(other, trick_points(self._c, gained), self._trick_reason())
        if rules.last_trick.which == "final":
            self._score(other, rules.last_trick.value, "last_trick")
        self._finish()

    def _trick_bits(self) -> int:
        bits = 0
        for x in self._trick:
            bits |= 1 << x
        return bits

    def _resolve_trick(self) -> None:
        c = self._c
        rules = c.rules
        lead, follow = self._trick
        leader = self._leader
        winner = 1 - leader if beats(follow, lead, self._trump) else leader
        bits = (1 << lead) | (1 << follow)
        self._trick = []
        self._tricks += 1
        self._last_winner = winner
        self._events.append(Event("trick", winner, (lead, follow)))
        last_stock = not self._end_phase and self.stock_size == 2
        gained = self._gather(winner, bits)
        if gained and rules.brisques.when == "immediately" and rules.brisques.counted == "always":
            self._score(winner, trick_points(c, gained), self._trick_reason())
            if self._check_target(winner, declaration=False):
                return
        final = self._end_phase and not (self._hand[0] | self._hand[1] | self._table[0]
                                         | self._table[1])
        if rules.last_trick.value and (
            (final and rules.last_trick.which == "final")
            or (last_stock and rules.last_trick.which == "last_stock_trick")
        ):
            self._score(winner, rules.last_trick.value, "last_trick")
            if self._check_target(winner, declaration=False):
                return
        self._leader = winner
        self._to_move = winner
        if final:
            self._finish()
        elif self._end_phase:
            self._phase = LEAD
        else:
            self._phase = DECLARE
            self._turn_melds = 0
            self._turn_dix = 0
            self._drawn = False
            self._last_stock_turn = last_stock

    def _trick_reason(self) -> str:
        return "brisques" if self.rules.trick_points.scheme == "brisques" else "trick_points"

    def _gather(self, winner: int, bits: int) -> int:
        """Put a finished trick where ``tricks.gather`` says; returns the cards captured."""
        rules = self.rules
        if rules.tricks.before_trump_worthless and self._trump < 0:
            self._dead |= bits
            return 0
        gather = rules.tricks.gather
        if gather == "always":
            self._captured[winner] |= bits
            return bits
        self._heap |= bits
        if gather == "when_brisque_played" and bits & self._c.brisque_bits:
            gained, self._heap = self._heap, 0
            self._captured[winner] |= gained
            self._events.append(Event("heap", winner, tuple(iter_bits(gained))))
            return gained
        return 0

    def _check_target(self, player: int, *, declaration: bool) -> bool:
        """End the deal at once where ``game.end`` says a score past the target does."""
        end = self.rules.game.end
        if end == "finish_deal" or (end == "immediate_on_meld" and not declaration):
            return False
        if self.totals[player] + self._scores[player] < self.target:
            return False
        self._events.append(Event("over", player, reason="target reached"))
        self._phase = OVER
        return True

    def _meld(self, act: Meld) -> None:
        p = self._to_move
        c = self._c
        t = c.meld_by_name[act.name]
        bits = 0
        for x in act.cards:
            bits |= 1 << x
        cards = tuple(iter_bits(bits))
        self._turn_melds += 1
        new_trump = fixed_trump(t, bits, None if self._trump < 0 else self._trump)
        pending = next(
            (i for i, d in enumerate(self._decls)
             if d.owner == p and d.pending and d.template == t.index and d.cards == bits),
            None,
        )
        decl = Declaration(owner=p, template=t.index, cards=bits, klass=t.klass, order=t.order)
        if pending is not None:
            self._decls[pending] = decl
        else:
            self._decls.append(decl)
        self._table[p] |= bits & self._hand[p]
        self._known[p] |= bits
        self._hand[p] &= ~bits
        self._events.append(Event("meld", p, cards, reason=t.name))
        points = t.points
        if new_trump is not None:
            self._trump = new_trump
            self._events.append(Event("trump", p, reason=SUIT_NAMES[new_trump]))
            if t.order == 1:
                points = self.rules.trump.first_marriage_value
        self._score(p, points, t.name, cards)
        self._check_target(p, declaration=True)

    def _announce(self, act: Announce) -> None:
        p = self._to_move
        t = self._c.meld_by_name[act.name]
        bits = 0
        for x in act.cards:
            bits |= 1 << x
        self._decls.append(
            Declaration(owner=p, template=t.index, cards=bits, klass=t.klass, order=t.order,
                        pending=True)
        )
        self._table[p] |= bits & self._hand[p]
        self._hand[p] &= ~bits
        self._known[p] |= bits
        self._events.append(Event("announce", p, tuple(iter_bits(bits)), reason=t.name))

    def _dix_show(self, card: int) -> None:
        p = self._to_move
        self._dix_scored |= 1 << card
        self._known[p] |= 1 << card
        self._turn_dix += 1
        self._events.append(Event("dix_show", p, (card,)))
        self._score(p, self.rules.dix.value, "dix", (card,))
        self._check_target(p, declaration=True)

    def _dix_exchange(self, card: int) -> None:
        p = self._to_move
        bit = 1 << card
        up = self._turn_up
        if self._table[p] & bit:
            self._table[p] &= ~bit
        self._hand[p] = (self._hand[p] & ~bit) | (1 << up)
        self._known[p] |= 1 << up
        self._turn_up = card
        self._turn_dix += 1
        self._events.append(Event("dix_exchange", p, (card, up)))
        if self._c.dix_on and not self._dix_scored & bit:
            self._dix_scored |= bit
            self._score(p, self.rules.dix.value, "dix", (card,))
            self._check_target(p, declaration=True)

    def _draw(self, winner_takes_turn_up: bool) -> None:
        w = self._to_move
        for p in (w, 1 - w):
            take_up = (p == w) == winner_takes_turn_up and self._turn_up >= 0 and len(
                self._stock) <= 1
            if self._stock and not take_up:
                card = self._stock.pop()
                self._hand[p] |= 1 << card
                self._events.append(Event("draw", p, (card,), private=True))
            else:
                card, self._turn_up = self._turn_up, -1
                self._hand[p] |= 1 << card
                self._known[p] |= 1 << card
                self._events.append(Event("draw", p, (card,), reason="turn_up"))
            if self._carte[p]:
                from bezique.carte import after_draw

                after_draw(self, p, card)
        self._drawn = True
        if self.rules.melds.timing == "before_draw":
            self._end_turn()

    def _end_turn(self) -> None:
        self._phase = LEAD
        self._to_move = self._leader
        if self.stock_size == 0:
            self._enter_end_phase()

    def _enter_end_phase(self) -> None:
        self._end_phase = True
        for p in (0, 1):
            self._hand[p] |= self._table[p]
            self._table[p] = 0
        kept = []
        for d in self._decls:
            if d.pending:
                self._events.append(Event("pending_lost", d.owner, tuple(iter_bits(d.cards))))
            else:
                kept.append(d)
        self._decls = kept
        self._events.append(Event("end_phase"))

    def _finish(self) -> None:
        """The end-of-deal count (``brisques.when = end_of_deal``) and the end of the deal."""
        rules, c = self.rules, self._c
        if rules.brisques.when == "end_of_deal" and rules.brisques.counted == "always":
            raw = (trick_points(c, self._captured[0]), trick_points(c, self._captured[1]))
            board = (self.totals[0] + self._scores[0], self.totals[1] + self._scores[1])
            items = end_count(rules, raw, self.brisques, board)
            first = 1 - self.dealer
            for p in (first, self.dealer):
                for points, reason in items[p]:
                    self._score(p, points, reason)
                # ENQ x: counting the non-dealer first can end the game before the dealer counts
                if (
                    p == first and rules.game.count_order == "nondealer_first"
                    and self._check_target(p, declaration=False)
                ):
                    return
        self._phase = OVER
        self._events.append(Event("over", reason="called out" if self._called_out >= 0 else ""))

    def _follow_problem(self, card: int) -> str | None:
        """Why the follower may not play ``card`` in the end phase (None: allowed)."""
        p = self._to_move
        lead = self._trick[0]
        hand = self._mine(p)
        allowed = follow_choices(hand, lead, self._trump, self.rules.endgame.obligation)
        if allowed >> card & 1:
            return None
        lead_suit = lead >> 6
        if hand & suit_bits(lead_suit):
            if card >> 6 != lead_suit:
                return f"must follow suit: {SUIT_NAMES[lead_suit]} in hand"
            best = next(iter_bits(allowed))
            return f"must head the trick: {card_name(best, symbols=True)} beats " \
                f"{card_name(lead, symbols=True)}"
        return f"must trump: {SUIT_NAMES[self._trump]} in hand"
