"""Legal actions of a deal, and the reason an action is refused (one source of truth for both).

`legal_actions` lists each choice once: copies of a card with the same place and history are
interchangeable, so only the lowest copy is listed, and a copy letter is written only where a
player holds copies with different consequences (ruling R10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from bezique.actions import (
    LISTING_KEY,
    Action,
    Announce,
    CallOut,
    CarteBlanche,
    DixExchange,
    DixShow,
    Done,
    Draw,
    Meld,
    Pass,
    Play,
)
from bezique.cards import (
    CARDS,
    JOKER,
    Card,
    card_name,
    iter_bits,
)
from bezique.carte import CARTE_CHANCES, carte_blanche_problem
from bezique.compile import PASS_FINAL, PASS_NONE, FlatPattern
from bezique.ledger import Book, meld_problem
from bezique.melds import Declaration, KindGroups, candidates, reachable
from bezique.partners import combine_problem, with_partner_table
from bezique.players import player_name
from bezique.plays import LOWEST, plays
from bezique.state import DECLARE, FOLLOW, OVER
from bezique.tricks import follow_choices, last_resort

if TYPE_CHECKING:
    from bezique.moves import DealMoves


def _strict_follow(d: DealMoves) -> bool:
    return d._phase == FOLLOW and d._end_phase and not d._c.revoke_forfeit


def legal_actions(d: DealMoves) -> list[Action]:
    """Every distinct legal action of the player to move."""
    phase = d._phase
    if phase == OVER:
        return []
    p = d._to_move
    c = d._c
    if phase != DECLARE:
        mine = d._hand[p] | d._table[p]
        allowed = mine
        if phase == FOLLOW and d._end_phase and not c.revoke_forfeit:
            allowed = (
                follow_choices(mine, d._trick[0], d._trump, c.obligation)
                if c.players == 2 and not c.last_resort else d._follow_allowed(mine))
        elif c.last_resort and d._end_phase:  # a lead (jokers.endgame_play)
            allowed = last_resort(mine)
        out = plays(d, p, allowed, mine)
        if not c.extras:
            return out
        if c.dix_anytime and not d._end_phase:
            out.extend(_dix_shows(d, p))
    elif c.after_draw and not d._drawn:
        out = _draws(d)
    else:
        if _meld_refusal(d) is None:
            out = _melds(d, p, Meld)
        elif c.cady and _announce_refusal(d) is None:  # announcing follows the trick's score
            out = _melds(d, p, Announce)
        else:
            out = []
        if c.dix_actions:
            out.extend(_dix_shows(d, p))
            out.extend(_dix_exchanges(d, p))
        if c.passing and _pass_refusal(d) is None:
            out.append(_PASS)
        if c.after_draw:
            out.append(_DONE)
        else:
            out.extend(_draws(d))
    if c.carte_blanche is not None and d._carte[p] in CARTE_CHANCES and (
        carte_blanche_problem(d) is None
    ):
        out.append(CarteBlanche())
    if c.call_out:
        out.append(_CALL_OUT)
    return out


_DRAW: Final = Draw()
_DRAW_TURN_UP: Final = Draw(turn_up=True)
_PASS: Final = Pass()
_DONE: Final = Done()
_CALL_OUT: Final = CallOut()


class _KindParts(KindGroups):
    """A player's copies grouped by kind (`DealState._kind_parts`), ``parts[k]``: worked out
    only for the kinds asked for, and kept in the player's `Book` for as long as the kind's
    copies and the player's declarations stay where they are. ``partner`` (-1: none): the seat
    whose tabled copies the player may declare with too
    (`bezique.partners.with_partner_table`). A native class in the compiled build (a dict
    subclass would not be)."""

    __slots__ = ("book", "deal", "known", "partner", "player", "tabled")

    def __init__(self, d: DealMoves, p: int, book: Book, partner: int = -1) -> None:
        self.deal = d
        self.player = p
        self.book = book
        self.partner = partner
        self.tabled: list[int] | None = None
        self.known: dict[int, list[int]] = {}

    def __getitem__(self, k: int) -> list[int]:
        return self.groups(k)

    def groups(self, kind: int) -> list[int]:
        """The groups of kind ``kind``'s copies, as lane bytes (worked out once)."""
        found = self.known.get(kind)
        if found is None:
            found = self.known[kind] = self._work_out(kind)
        return found

    def _work_out(self, k: int) -> list[int]:
        d, p, shift = self.deal, self.player, k * 8
        table = d._table[p] >> shift & 0xFF
        q = self.partner
        theirs = 0 if q < 0 else d._table[q] >> shift & 0xFF
        # the kind and its lanes (hand, table, partner's table, dix-scored) as one int key
        key = (
            k | (d._hand[p] >> shift & 0xFF) << 8 | table << 16 | theirs << 24
            | (d._dix_scored >> shift & 0xFF) << 32)
        known = self.book.parts
        parts = known.get(key)
        if parts is None:
            if self.tabled is None:
                self.tabled = d._tabled(p)
            parts = d._kind_parts(p, k, self.tabled)
            if theirs:
                parts = with_partner_table(d, q, k, parts)
            known[key] = parts
        return parts


def _book(d: DealMoves, p: int, own: tuple[Declaration, ...] | None = None) -> Book:
    """The player's `Book`, reused while the player's declarations (``own``, `DealState._own`)
    stay the same."""
    if own is None:
        own = d._own(p)
    found: tuple[tuple[Declaration, ...], Book] | None = d._c.book_memo[p]  # no cast() call
    if found is not None and found[0] is own:
        return found[1]
    book = Book(d._c, own, p)
    d._c.book_memo[p] = (own, book)
    return book


def _melds(d: DealMoves, p: int, kind: type[Meld] | type[Announce]) -> list[Action]:
    c = d._c
    trump = None if d._trump < 0 else d._trump
    mine = d._mine(p)
    q = -1  # the partner whose tabled cards p may declare with (partnership.combine_table_cards)
    if c.combine:
        q = c.partner[p]
        mine |= d._table[q]
    out: list[Action] = []
    within_reach, reach = reachable(c, mine, trump)
    if not within_reach:  # the common case
        return out
    # the listing depends on nothing else: the same as last time while these stay put
    hand, scored, own = d._hand[p] & reach, d._dix_scored & reach, d._own(p)
    slot = 2 * p + (kind is Announce)
    memo: _MeldMemo | None = c.meld_memo[slot]  # a typed tuple: read natively (no cast() call)
    if (
        memo is not None and memo[0] is own and memo[1] is within_reach
        and memo[2] == mine & reach and memo[3] == hand and memo[4] == scored
    ):
        return list(memo[5])
    book = _book(d, p, own)
    pending = book.pending if kind is Announce else None
    parts = _KindParts(d, p, book, q)
    # only a kind with tabled or dix-scored copies (a non-empty lane here) may split into
    # several groups
    split = d._table[p] | d._dix_scored & mine
    if q >= 0:
        split |= d._table[q]
    # a pending declaration's own cards must not block it from being scored: prune with the
    # scored declarations alone there (meld_problem checks each candidate in full)
    prune = book if kind is Announce else book.coarse
    for t, bits in candidates(c, mine, parts, trump, prune, within_reach, split):
        if pending and (t.index, bits) in pending:
            continue
        if meld_problem(
            c, t, bits, player=p, hand=d._hand[p], decls=own, trump=trump, matched=True,
            book=book,
        ):
            continue
        if q >= 0 and combine_problem(c, t, bits, p, d._hand[p], d._mine(p)):
            continue
        ints, cards = _listed(bits)
        qualify = 0  # cards of kinds whose copies differ are named with their copy letter
        if split:
            for i, x in enumerate(ints):
                if split >> (x & ~7) & 0xFF and len(parts.groups(x >> 3)) > 1:
                    qualify |= 1 << i
        out.append(  # each class called directly: a call through ``kind`` is a generic one
            Meld(t.name, cards, qualify) if kind is Meld else Announce(t.name, cards, qualify))
    c.meld_memo[slot] = (own, within_reach, mine & reach, hand, scored, tuple(out))
    return out


_MeldMemo = tuple[
    tuple[Declaration, ...], tuple[FlatPattern, ...], int, int, int, tuple[Action, ...]]
"""What `_melds` keeps per player and action (`Compiled.meld_memo`): the player's own
declarations, the patterns within reach, his cards, concealed cards and dix-scored cards among
those the patterns take, and the declarations listed."""


def _listed(bits: int) -> tuple[tuple[int, ...], tuple[Card, ...]]:
    """The cards of ``bits`` in listing order (`bezique.actions.LISTING_KEY`), as ints and as
    `Card` values (which a declaration takes as they are: `bezique.cards.as_cards`). Kept by
    ``bits`` (`LISTED_SIZE`): the same declarations are listed turn after turn."""
    found = _LISTED.get(bits)
    if found is not None:
        return found
    xs: list[int] = []
    rest = bits
    while rest:
        low = rest & -rest
        xs.append(low.bit_length() - 1)
        rest ^= low
    xs.sort(key=LISTING_KEY.__getitem__)
    ints = tuple(xs)
    found = (ints, tuple([CARDS[x] for x in ints]))
    if len(_LISTED) >= LISTED_SIZE:
        _LISTED.clear()
    _LISTED[bits] = found
    return found


LISTED_SIZE: Final = 1 << 12
_LISTED: Final[dict[int, tuple[tuple[int, ...], tuple[Card, ...]]]] = {}


def meld_actions(deal: DealMoves, player: int) -> list[Meld]:
    """The `Meld` actions ``player`` could declare from the cards he holds now (hand and table),
    his declarations so far and the trump, by the profile's melds and reuse rules: what
    `legal_actions` lists on his declaring turn while nothing else forbids a meld. Neither the
    turn nor the phase is checked (``deal`` is a `bezique.deal.Deal`; for a look-ahead, such as
    `bezique.bots.planner`'s plan of what a trick win would let a player declare next).

    >>> import bezique
    >>> from bezique.legal import meld_actions
    >>> deal = bezique.Deal.from_position(bezique.load_profile("bezique"),
    ...     hands=["QS JD KH QH 7C 8C 9C 10C", "7S 8S 9S 7D 8D 9D 10D AD"], stock="AS AH")
    >>> [str(m) for m in meld_actions(deal, 0)]
    ['meld royal_marriage KH QH', 'meld bezique QS JD']
    >>> meld_actions(deal, 1)
    []
    """
    return cast("list[Meld]", _melds(deal, player, Meld))


def _dix_lanes(d: DealMoves, p: int) -> tuple[int, int, int]:
    """The kind of the trump dix (-1 before trumps are fixed), and its lanes: the player's
    copies, and those of them that have scored."""
    if d._trump < 0:
        return -1, 0, 0
    k = d._trump * 8 + d._c.dix_rank
    shift = k * 8
    mine = (d._hand[p] >> shift | d._table[p] >> shift) & 0xFF
    return k, mine, d._dix_scored >> shift & mine


def _dix_shows(d: DealMoves, p: int) -> list[Action]:
    if _dix_refusal(d, show=True) is not None:
        return []
    k, mine, scored = _dix_lanes(d, p)
    fresh = mine & ~scored
    return [DixShow(k * 8 + LOWEST[fresh])] if fresh else []


def _dix_exchanges(d: DealMoves, p: int) -> list[Action]:
    if _dix_refusal(d, show=False) is not None:
        return []
    k, mine, scored = _dix_lanes(d, p)
    if not mine:
        return []
    fresh = mine & ~scored
    options = [k * 8 + LOWEST[part] for part in (fresh, scored) if part]
    return [DixExchange(x, len(options) > 1) for x in options]


def _draws(d: DealMoves) -> list[Action]:
    if d._phase != DECLARE or d._drawn:
        return []
    if d._c.winner_chooses and d._turn_up >= 0 and len(d._stock) == 1:
        return [_DRAW, _DRAW_TURN_UP]
    return [_DRAW]


def _declare_refusal(d: DealMoves) -> str | None:
    if d._phase != DECLARE:
        return "only the winner of a stock trick may declare, right after winning it"
    if d._c.after_draw and not d._drawn:
        return "draw first: declarations come after the draw here (melds.timing)"
    return None


def _turn_count(d: DealMoves) -> int:
    return d._turn_melds + (d._turn_dix if d._c.dix_counts else 0)


def _meld_refusal(d: DealMoves) -> str | None:
    problem = _declare_refusal(d)
    if problem:
        return problem
    c = d._c
    if _turn_count(d) >= c.per_trick:
        return f"only {c.per_trick} scoring declaration(s) per trick won (melds.per_trick)"
    if d._last_stock_turn and not c.on_last_stock:
        return "no declaration on the last stock trick (melds.on_last_stock_trick = false)"
    if d._turn_dix and c.dix_blocks:
        return "no meld on a trick whose win was used for the dix (dix.blocks_meld_same_trick)"
    return None


def _announce_refusal(d: DealMoves) -> str | None:
    problem = _declare_refusal(d)
    if problem:
        return problem
    if not d._c.cady:
        return "no pending declarations in this profile (melds.pending = none)"
    if _turn_count(d) < d._c.per_trick:
        return "score a declaration first; further ones may then be announced as pending"
    if d._last_stock_turn:
        return "pending declarations are lost when the stock ends: none on the last stock trick"
    return None


def _pass_refusal(d: DealMoves) -> str | None:
    """Why the seat to move may not pass the declaring turn to his partner now (None: he
    may). The trick's winner holds the turn first: he may declare, pass or draw; after his pass
    his partner may declare or draw, and under ``"winner_or_partner"`` hand the turn back once,
    the winner then declaring or drawing. A pass comes before any declaration or dix on the
    trick; with ``partnership.consult`` only to a seat that could declare."""
    c = d._c
    p = d._to_move
    q = c.partner[p]
    if q < 0:
        return f"{player_name(p)} has no partner to pass to (seats.teams)"
    if c.passing == PASS_NONE:
        return "only the trick's winner declares (partnership.declarer = winner_only)"
    if d._phase != DECLARE:
        return "a pass hands on the declaring turn, after a stock trick is won"
    problem = _declare_refusal(d)
    if problem:
        return problem
    passed = d._passed
    if passed and c.passing == PASS_FINAL:
        return f"the trick winner passed the declaration to {player_name(p)} " \
            "(partnership.declarer = winner_or_pass): declare or draw"
    if passed >= 2:
        return f"{player_name(q)} handed the declaration back to {player_name(p)} already " \
            "(partnership.declarer = winner_or_partner): declare or draw"
    if d._turn_melds or d._turn_dix:
        return "a pass comes before any declaration or dix on the trick"
    if c.consult and not _could_declare(d, q):
        return f"{player_name(q)} has nothing to declare (partnership.consult: a pass goes " \
            "only to a partner who could declare)"
    return None


def _could_declare(d: DealMoves, q: int) -> bool:
    """Could seat ``q`` declare (a meld, or the dix) if he held the declaring turn now?"""
    if _meld_refusal(d) is None and _melds(d, q, Meld):
        return True
    return d._c.dix_actions and bool(_dix_shows(d, q) or _dix_exchanges(d, q))


def _dix_refusal(d: DealMoves, *, show: bool) -> str | None:
    c = d._c
    if d._end_phase:
        return "no dix declaration once the stock is exhausted"
    if show:
        if not c.dix_show:
            return "the dix is not scored by showing it here (dix.show_allowed, dix.only_method)"
        if d._phase != DECLARE and not c.dix_anytime:
            return "the dix is shown after winning a trick (dix.declare_anytime = false)"
    else:
        if not c.dix_exchange:
            return "the dix may not be exchanged here (dix.exchange_allowed, dix.only_method)"
        if d._phase != DECLARE:
            return "the dix is exchanged after winning a trick"
        if d._turn_up < 0:
            return "there is no turn-up to exchange for"
        if d._turn_up >= JOKER:  # the jokers are the last cards
            return "a turned-up joker cannot be exchanged for the dix (docs/rules.md#dj1)"
        if d._is_dix(d._turn_up):
            return "the turn-up is itself a dix"
    if d._phase == DECLARE:
        problem = _declare_refusal(d)
        if problem:
            return problem
        if c.dix_counts and _turn_count(d) >= c.per_trick:
            return "the dix counts as this trick's declaration (dix.counts_as_meld)"
        if c.dix_blocks and d._turn_melds:
            return "no dix on a trick whose win was used for a meld (dix.blocks_meld_same_trick)"
    return None


def action_problem(d: DealMoves, act: Action) -> str | None:
    """Why ``act`` is illegal now, naming the rule; None if it is legal."""
    if d._phase == OVER:
        return "the deal is over"
    p = d._to_move
    if isinstance(act, Play):
        if d._phase == DECLARE:
            return "the trick winner declares or draws now; play comes after the draw"
        if not (d._mine(p) >> act.card) & 1:
            return f"{card_name(act.card, symbols=True)} is not in {player_name(p)}'s hand"
        if _strict_follow(d):
            return d._follow_problem(act.card)
        if d._c.last_resort and d._end_phase and not last_resort(d._mine(p)) >> act.card & 1:
            return "a joker only from a hand of nothing but jokers (jokers.endgame_play)"
        return None
    if isinstance(act, (Meld, Announce)):  # tuples: a union is built anew at every call
        refusal = _meld_refusal(d) if isinstance(act, Meld) else _announce_refusal(d)
        if refusal:
            return refusal
        t = d._c.meld_by_name.get(act.name)
        if t is None:
            names = ", ".join(d._c.meld_by_name)
            return f"no meld named {act.name!r} scores in this profile (melds: {names})"
        bits = 0
        for x in act.cards:
            bits |= 1 << x
        if bits.bit_count() != len(act.cards):
            return "a card is named twice"
        mine = d._mine(p)
        c = d._c
        theirs = d._table[c.partner[p]] if c.combine else 0  # the partner's, to declare with
        missing = bits & ~(mine | theirs)
        if missing:
            return _missing(d, p, missing)
        if isinstance(act, Announce) and any(
            x.owner == p and x.pending and x.template == t.index and x.cards == bits
            for x in d._decls
        ):
            return "that declaration is already pending"
        trump = None if d._trump < 0 else d._trump
        problem = meld_problem(
            c, t, bits, player=p, hand=d._hand[p], decls=d._decls, trump=trump,
            book=_book(d, p),
        )
        if problem is None and bits & theirs:
            problem = combine_problem(c, t, bits, p, d._hand[p], mine)
        return problem
    if isinstance(act, (DixShow, DixExchange)):
        refusal = _dix_refusal(d, show=isinstance(act, DixShow))
        if refusal:
            return refusal
        if not (d._trump >= 0 and d._is_dix(act.card) and (d._mine(p) >> act.card) & 1):
            return "no trump dix in hand"
        if isinstance(act, DixShow) and (d._dix_scored >> act.card) & 1:
            return "that dix has already scored (each physical dix scores once, ruling R4)"
        return None
    if isinstance(act, Draw):
        if d._phase != DECLARE or d._drawn:
            return "a draw follows a stock-phase trick win"
        if act.turn_up and not (
            d._c.winner_chooses and d._turn_up >= 0 and len(d._stock) == 1
        ):
            return "the turn-up is taken by the loser of the last stock trick " \
                "(last_stock.winner_chooses = false)"
        return None
    if isinstance(act, Done):
        if d._phase != DECLARE or not d._drawn or not d._c.after_draw:
            return "'done' ends a declaring turn after the draw (melds.timing = after_draw)"
        return None
    if isinstance(act, CallOut):
        return None if d._c.call_out else "no call-out in this profile (game.call_out)"
    if isinstance(act, CarteBlanche):
        if d._c.carte_blanche is None:
            return "no carte blanche in this profile (melds.values.carte_blanche)"
        return carte_blanche_problem(d)
    if isinstance(act, Pass):
        return _pass_refusal(d)
    return f"unknown action {act!r}"


def _missing(d: DealMoves, p: int, missing: int) -> str:
    """Why ``p`` may not declare with the cards ``missing``, which are not his."""
    name = card_name(next(iter_bits(missing)), symbols=True)
    q = d._c.partner[p]
    if q >= 0 and missing & d._table[q]:
        return f"{name} lies on {player_name(q)}'s table: each partner declares from his own " \
            "cards (partnership.combine_table_cards = false)"
    return f"{name} is not in {player_name(p)}'s hand"
