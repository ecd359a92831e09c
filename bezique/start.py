"""Starting a deal: the shuffle, where dealing puts each card, and the fields of a fresh
`DealState`.

`bezique.deal.Deal` builds every deal through `start` (`Deal.new`, `Deal.from_order`,
`Deal.from_position`, and `Deal.undo`'s replay), so a deal's first state is set in one place.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bezique.cards import CARDS, JOKER_KIND, SUIT_NAMES
from bezique.compile import Compiled
from bezique.events import Event
from bezique.state import LEAD, DealState, Origin


def shuffled(cards: Sequence[int], seed: int | None) -> list[int]:
    """A Fisher-Yates shuffle driven by ``random.Random(seed).random()``: the same on every
    platform and Python version."""
    draw = random.Random(seed).random  # bound once: no method look-up per card
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = int(draw() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def _split_order(
    c: Compiled, cards: Sequence[int], dealer: int
) -> tuple[list[list[int]], list[int], int | None]:
    """The hands, the stock (top first) and the turn-up that dealing ``cards`` in this
    order gives, by the profile's packets to each seat in turn, the seat after the dealer first
    and the dealer last (at two seats: the non-dealer first). Any items may be dealt: given
    positions ``range(pack_size)`` it says where each position of a pack goes
    (`bezique.deal.dealing`)."""
    rules = c.rules
    size, packets = rules.deal.hand_size, rules.deal.packets
    hands: list[list[int]] = [[] for _ in range(c.players)]
    pos = 0
    order = c.draw_order[c.next_seat[dealer]]  # the seats after the dealer, the dealer last
    while len(hands[dealer]) < size:
        for n in packets:
            for p in order:
                take = min(n, size - len(hands[p]))
                hands[p].extend(cards[pos:pos + take])
                pos += take
            if len(hands[dealer]) >= size:
                break
    rest = list(cards[pos:])
    turn_up: int | None = None
    if c.turn_up:
        if rules.trump.selection == "turn_up_next":
            turn_up, rest = rest[0], rest[1:]
        else:
            turn_up, rest = rest[-1], rest[:-1]
    return hands, rest, turn_up


def turn_up_trump(c: Compiled, card: int) -> int:
    """The trump suit a turned-up ``card`` makes: its suit, or for a joker the suit named by
    ``jokers.turned_up`` (♦ for ``"diamonds"``, docs/rules.md#dj1; -1, no trumps, for
    ``"none"``, which validation refuses with a turned-up trump card and jokers)."""
    if card >> 3 != JOKER_KIND:
        return card >> 6
    reading = c.rules.jokers.turned_up
    return SUIT_NAMES.index(reading) if reading in SUIT_NAMES else -1


def start(
    d: DealState,
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
) -> None:
    """Set every field of the new, empty ``d`` to the start of a deal of these hands, stock
    (top first) and turn-up, scoring a turned-up dix where the profile does: one hand per seat
    (``c.players``), and as many scores when given. ``totals`` are per team, a pair while a
    profile has two teams (zeros when None)."""
    n = c.players
    d._c = c
    d._origin = Origin(
        hands=tuple(tuple(h) for h in hands), stock=tuple(stock), turn_up=turn_up,
        trump=trump, leader=leader, scores=None if scores is None else tuple(scores),
    )
    d.rules = c.rules
    d.seed = None
    d.dealer = dealer
    d.totals = (0,) * len(c.rules.teams) if totals is None else tuple([int(t) for t in totals])
    d.target = c.rules.game.target if target is None else target
    d._hand = [sum(1 << x for x in h) for h in hands]
    d._table = [0] * n
    d._captured = [0] * n
    d._heap = 0
    d._dead = 0
    d._stock = list(reversed(stock))
    d._turn_up = -1 if turn_up is None else turn_up
    if trump is None and turn_up is not None:
        trump = turn_up_trump(c, turn_up)
    d._trump = -1 if trump is None else trump
    d._trick = []
    d._leader = leader
    d._to_move = leader
    d._phase = LEAD
    d._end_phase = d.stock_size == 0
    d._scores = list(scores) if scores is not None else [0] * n
    d._decls = ()
    d._dix_scored = 0
    d._turn_melds = 0
    d._turn_dix = 0
    d._drawn = False
    d._last_stock_turn = False
    d._tricks = 0
    d._last_winner = -1
    d._events = [Event("deal", dealer)]
    d._actions = []
    d._known = [0] * n
    d._called_out = -1
    d._carte = [1 if c.carte_blanche is not None else 0] * n
    d._partial = False
    d._passed = 0
    d._duel = leader if d._end_phase and c.duels else -1  # set up in the end phase: it duels
    if turn_up is not None:
        d._events.append(Event("turn_up", dealer, (CARDS[turn_up],)))
        if scores is None and c.dix_on and c.rules.dix.turn_up_scores and d._is_dix(turn_up):
            d._dix_scored |= 1 << turn_up
            d._score(dealer, c.rules.dix.value, "dix", (CARDS[turn_up],))
