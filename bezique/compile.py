"""Rules compiled once into int tables for the hot path (legal actions, apply, clone).

`compile_rules` is cached per `Rules` (which is frozen and hashable), so a thousand deals of one
profile share one `Compiled`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Final

from bezique.cards import JOKER, JOKER_KIND, LANES, RANKS, kind_bits, kind_of
from bezique.flags import RuleFlags
from bezique.reach import ReachTable, generated_check
from bezique.rules.model import Rules
from bezique.wild import joker_game, wild_jokers, wild_patterns

TRICK_POINT_SCHEMES: Final[dict[str, dict[str, int]]] = {
    "brisques": {"A": 10, "10": 10},
    "ace11_ten10": {"A": 11, "10": 10},
    "a11_t10_k4_q3_j2": {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2},
    "counters_10": {"A": 10, "10": 10, "K": 10},
    "none": {},
}
"""Points of a captured card by rank, per ``trick_points.scheme``."""

BRISQUE_RANKS: Final = (0, 1)
"""Aces and tens: the brisques, whatever the trick-point scheme."""

PAIRED_SUIT: Final = (2, 3, 0, 1)
"""The suit paired with each suit for the bezique (spades-diamonds, hearts-clubs)."""

SUITS_SPADES, SUITS_DIAMONDS = 0, 2

PASS_NONE: Final = 0
"""`Compiled.passing`: no pass (no partners, or ``partnership.declarer = "winner_only"``)."""
PASS_FINAL: Final = 1
"""`Compiled.passing`: the winner may pass to his partner, once and for good
(``"winner_or_pass"``)."""
PASS_BACK: Final = 2
"""`Compiled.passing`: the winner may pass to his partner, who may hand the turn back once
(``"winner_or_partner"``)."""
PASS_MODES: Final = {
    "winner_only": PASS_NONE, "winner_or_pass": PASS_FINAL, "winner_or_partner": PASS_BACK}


class MeldTemplate:
    """One active meld of the table, ready for matching: ranks as ints, class as an int.

    A plain class (a native class in the compiled build, docs/compiled.md), read on every
    meld search; built once per profile by `compile_rules` and never changed after.
    """

    index: int
    name: str
    points: int
    ranks: tuple[int, ...]
    suits: str
    copies: int
    klass: int
    klass_name: str
    order: int
    size: int
    in_marriage_class: bool
    can_fix_trump: bool

    def __init__(
        self,
        *,
        index: int,
        name: str,
        points: int,
        ranks: tuple[int, ...],
        suits: str,
        copies: int,
        klass: int,
        klass_name: str,
        order: int,
        size: int,
        in_marriage_class: bool,
        can_fix_trump: bool,
    ) -> None:
        self.index = index
        self.name = name
        self.points = points
        self.ranks = ranks
        self.suits = suits
        self.copies = copies
        self.klass = klass
        self.klass_name = klass_name
        self.order = order
        self.size = size
        self.in_marriage_class = in_marriage_class
        self.can_fix_trump = can_fix_trump

    def __repr__(self) -> str:
        return f"MeldTemplate(index={self.index!r}, name={self.name!r})"

    @property
    def is_royal(self) -> bool:
        """A trump marriage: the marriage-class trump meld of order 1."""
        return self.in_marriage_class and self.suits == "trump" and self.order == 1

    @property
    def is_single_bezique(self) -> bool:
        """A single bezique: one bezique pair (``suits = "bezique_pair"``, order 1)."""
        return self.suits == "bezique_pair" and self.order == 1

    @property
    def is_multiple_bezique(self) -> bool:
        """A double, triple or quadruple bezique: a meld of bezique pairs (``suits =
        "bezique_pair"``, whatever its class is named) of order 2 or more."""
        return self.suits == "bezique_pair" and self.order >= 2

    def slots(self, trump: int | None, bezique_pair: str) -> list[tuple[tuple[int, int], ...]]:
        """Concrete patterns under a trump: each a tuple of ``(kinds bitmask, count)`` slots.

        With no trump fixed, ``trump`` patterns match any suit (the declaration fixes trumps,
        if this meld may) and ``plain`` patterns match none.
        """
        mode = self.suits
        if mode in ("trump", "plain", "same"):
            if mode == "trump":
                fixable = [0, 1, 2, 3] if self.can_fix_trump else []
                suits = [trump] if trump is not None else fixable
            elif mode == "plain":
                suits = [s for s in range(4) if s != trump] if trump is not None else []
            else:
                suits = [0, 1, 2, 3]
            return [
                tuple((1 << kind_of(r, s), self.copies) for r in self.ranks) for s in suits
            ]
        if mode == "any":
            return [
                tuple(
                    (sum(1 << kind_of(r, s) for s in range(4)), self.copies) for r in self.ranks
                )
            ]
        if mode == "each":
            return [tuple((1 << kind_of(self.ranks[0], s), self.copies) for s in range(4))]
        if mode == "jokers":
            return [((1 << JOKER_KIND, self.copies),)]
        if mode == "bezique_pair":
            pair = bezique_suits(trump, bezique_pair)
            if pair is None:
                return []
            q_suit, j_suit = pair
            queen, jack = 1 << kind_of(3, q_suit), 1 << kind_of(4, j_suit)
            return [((queen, self.copies), (jack, self.copies))]
        return []


def bezique_suits(trump: int | None, rule: str) -> tuple[int, int] | None:
    """Suits of the bezique queen and jack under ``melds.bezique_pair`` (None: not declarable)."""
    if rule == "QS_JD":
        return SUITS_SPADES, SUITS_DIAMONDS
    if rule == "trump_queen_paired_jack":
        return None if trump is None else (trump, PAIRED_SUIT[trump])
    # nie_swap: Q♠ J♦ when clubs or hearts are trumps, Q♦ J♠ when spades or diamonds are;
    # a pair that depends on trumps, so none before they are fixed (ruling R9)
    if trump is None:
        return None
    if trump in (1, 3):
        return SUITS_SPADES, SUITS_DIAMONDS
    return SUITS_DIAMONDS, SUITS_SPADES


Slot = tuple[int, int, tuple[int, ...]]
"""One slot of a concrete meld pattern: (bitmask of every physical card that may fill it, how
many cards it takes, the kinds it draws from)."""


def _patterns(
    t: MeldTemplate, pair_rule: str, pack_bits: int, jokers: int = 0
) -> tuple[tuple[tuple[Slot, ...], ...], ...]:
    """A template's concrete patterns for each trump state (index ``trump + 1``; 0: no trump);
    ``jokers``: how many of its cards a joker may stand for."""
    out = []
    for trump in (None, 0, 1, 2, 3):
        patterns = []
        for slots in (
            wild for plain in t.slots(trump, pair_rule) for wild in wild_patterns(plain, jokers)
        ):
            patterns.append(tuple(
                (
                    sum(kind_bits(k) for k in range(LANES) if kinds >> k & 1) & pack_bits,
                    n,
                    tuple(k for k in range(LANES) if kinds >> k & 1),
                )
                for kinds, n in slots
            ))
        out.append(tuple(patterns))
    return tuple(out)


FlatPattern = tuple[
    MeldTemplate, tuple[Slot, ...], int, tuple[tuple[int, int], ...], int,
    tuple[tuple[int, int], ...] | None,
]
"""A concrete pattern ready for the hot path: (template, slots, kinds it needs, (mask, count)
checks, every card it may take, and for a pattern whose every slot is one kind its (lane shift,
count) per slot, else None)."""


def _flatten(
    templates: list[MeldTemplate],
    patterns: tuple[tuple[tuple[tuple[Slot, ...], ...], ...], ...],
) -> tuple[tuple[FlatPattern, ...], ...]:
    """Per trump state, every concrete pattern of every template with the kinds it needs
    (bit 0 of each kind's lane), its remaining (mask, count) checks, rarest slot first, and
    the cards it may take."""
    out = []
    for index in range(5):
        flat = []
        for t in templates:
            for pattern in patterns[t.index][index]:
                need = sum(1 << (kinds[0] * 8) for _, _, kinds in pattern if len(kinds) == 1)
                checks = sorted(
                    ((m, n) for m, n, kinds in pattern if len(kinds) > 1 or n > 1),
                    key=lambda mn: mn[0].bit_count(),
                )
                reach = 0
                for mask, _, _ in pattern:
                    reach |= mask
                simple: tuple[tuple[int, int], ...] | None = None
                if all(len(kinds) == 1 for _, _, kinds in pattern):
                    simple = tuple((kinds[0] * 8, n) for _, n, kinds in pattern)
                flat.append((t, pattern, need, tuple(checks), reach, simple))
        out.append(tuple(flat))
    return tuple(out)


class Compiled(RuleFlags):
    """Everything the engine needs from a profile, as ints and tuples (and the knobs it reads
    on every turn, `RuleFlags`).

    A plain class (a native class in the compiled build, docs/compiled.md: `deal._c` is read
    on every action), built by `compile_rules` and never changed after but for its memos;
    equality is identity (one `Compiled` per profile, cached).
    """

    rules: Rules
    pack_ranks: tuple[int, ...]
    copies: int
    pack_cards: tuple[int, ...]
    pack_bits: int
    pack_size: int
    trick_value: tuple[int, ...]
    trick_total: int
    dix_rank: int
    dix_on: bool
    dix_show: bool
    dix_exchange: bool
    dix_on_play: bool
    dix_on_play_endgame: bool
    turn_up: bool
    melds: tuple[MeldTemplate, ...]
    meld_by_name: dict[str, MeldTemplate]
    patterns: tuple[tuple[tuple[tuple[Slot, ...], ...], ...], ...]
    flat_patterns: tuple[tuple[FlatPattern, ...], ...]
    reach_check: tuple[Callable[[int], int], ...]
    """Per trump state: which `flat_patterns` a player's cards (an int) hold enough cards for
    (`bezique.reach.generated_check`, what the pure build runs)."""
    reach_tables: tuple[ReachTable, ...] = ()
    """Per trump state, `flat_patterns` as `bezique.reach.reach_status` reads them (what the
    compiled build runs in place of `reach_check`)."""
    reach_found: tuple[dict[int, tuple[tuple[FlatPattern, ...], int]], ...]
    """Per trump state: the patterns of each answer of `reach_check` and every card they may
    take, built once per answer (so equal answers give the same tuple object)."""
    own_memo: list[Any]
    """Per player: the last (declarations tuple, the player's own declarations tuple) that
    `bezique.state.DealState._own` worked out; its identity keys the memos below."""
    book_memo: list[Any]
    """Per player: the last (own declarations, `bezique.ledger.Book` of them)."""
    meld_memo: list[Any]
    """Per player and action (slot ``2 * player``: melds, ``+ 1``: announcements): the last
    declarations `bezique.legal` listed, with what they depend on (the player's own
    declarations, the patterns within reach, and the player's cards, concealed cards and
    scored dixes among the cards those patterns take)."""
    play_memo: list[Any]
    """Per player: the last (own declarations, table, hand, dix-scored, qualified plays, lanes
    of the kinds tabled or dix-scored, all declarations) that `bezique.legal` worked out,
    reused while the same cards and declarations come back."""
    players: int
    """How many seats play (`Rules.players`); the state's per-seat lists have this length."""
    next_seat: tuple[int, ...]
    """Per seat: the seat after it in playing order (``(1, 0)`` at two seats)."""
    draw_order: tuple[tuple[int, ...], ...]
    """Per trick winner: the seats in the order they draw, the winner first."""
    team_of: tuple[int, ...]
    """Per seat: the index of its team in `Rules.teams`."""
    partner: tuple[int, ...]
    """Per seat: its partner's seat, -1 for a seat that plays alone (every two-seat game)."""
    passing: int
    """Who may pass the declaring turn (`PASS_NONE`, `PASS_FINAL`, `PASS_BACK`, from
    ``partnership.declarer``): `PASS_NONE` wherever no seat has a partner."""
    consult: bool
    """A pass goes only to a seat that could declare (``partnership.consult``)."""
    combine: bool
    """A seat declares with its partner's tabled cards too (``partnership.combine_table_cards``
    where every seat has a partner)."""
    binding_seats: tuple[int, ...]
    """Per seat: the seats (bit ``s`` for seat ``s``) whose declarations bind its cards: its
    own, and its partner's where `combine`."""
    carte_blanche: MeldTemplate | None
    court_bits: int
    brisque_bits: int
    revoke_forfeit: bool
    duels: bool
    """The end phase is two duels of two seats (``endgame.format = "pairwise_duels"``, four
    seats: `bezique.moves`)."""
    cady: bool
    """Pending declarations may be announced (``melds.pending = "cady"``)."""
    dix_actions: bool
    """The dix may be shown or exchanged at all."""
    dix_anytime: bool
    call_out: bool
    extras: bool
    last_resort: bool
    """A joker is played in the end phase only from a hand of nothing but jokers (``pack.jokers``
    with ``jokers.endgame_play = "last_resort"``)."""
    dix_to_winner: bool
    """A trump seven played scores for the trick's winner (``dix.award_to``)."""
    # the joker game's declaration rules, set by `compile_rules` (`bezique.wild.JokerGame`)
    joker_bits: int = 0
    """The pack's jokers (0 without ``pack.jokers``)."""
    joker_once: bool = False
    """A joker serves in one declaration at most (``jokers.reuse = "never"``); otherwise in one
    declaration of each class at most (docs/rules.md#dj11)."""
    not_fresh: int = 0
    """Cards that never count as the card a declaration takes from the hand (the jokers under
    ``jokers.fresh_card_may_be_joker = false``, docs/rules.md#dj12)."""
    meld_extras: bool = False
    """Declarations are checked by the joker game's rules too (`bezique.ledger`): jokers in the
    pack, ``melds.sequence_from_own_marriage`` or ``multi_bezique_growth = false``."""
    first_bezique: int = 0
    """What the deal's first single bezique scores (``melds.first_bezique_value``; 0: off)."""

    def __init__(
        self,
        *,
        rules: Rules,
        pack_ranks: tuple[int, ...],
        copies: int,
        pack_cards: tuple[int, ...],
        pack_bits: int,
        pack_size: int,
        trick_value: tuple[int, ...],
        trick_total: int,
        dix_rank: int,
        dix_on: bool,
        dix_show: bool,
        dix_exchange: bool,
        dix_on_play: bool,
        dix_on_play_endgame: bool,
        turn_up: bool,
        melds: tuple[MeldTemplate, ...],
        meld_by_name: dict[str, MeldTemplate],
        patterns: tuple[tuple[tuple[tuple[Slot, ...], ...], ...], ...],
        flat_patterns: tuple[tuple[FlatPattern, ...], ...],
        reach_check: tuple[Callable[[int], int], ...],
        reach_found: tuple[dict[int, tuple[tuple[FlatPattern, ...], int]], ...],
        own_memo: list[Any],
        book_memo: list[Any],
        meld_memo: list[Any],
        play_memo: list[Any],
        players: int,
        next_seat: tuple[int, ...],
        draw_order: tuple[tuple[int, ...], ...],
        team_of: tuple[int, ...],
        partner: tuple[int, ...],
        passing: int,
        consult: bool,
        combine: bool,
        binding_seats: tuple[int, ...],
        carte_blanche: MeldTemplate | None,
        court_bits: int,
        brisque_bits: int,
        revoke_forfeit: bool,
        duels: bool,
        cady: bool,
        dix_actions: bool,
        dix_anytime: bool,
        call_out: bool,
        extras: bool,
        last_resort: bool = False,
        dix_to_winner: bool = False,
    ) -> None:
        self.rules = rules
        self.pack_ranks = pack_ranks
        self.copies = copies
        self.pack_cards = pack_cards
        self.pack_bits = pack_bits
        self.pack_size = pack_size
        self.trick_value = trick_value
        self.trick_total = trick_total
        self.dix_rank = dix_rank
        self.dix_on = dix_on
        self.dix_show = dix_show
        self.dix_exchange = dix_exchange
        self.dix_on_play = dix_on_play
        self.dix_on_play_endgame = dix_on_play_endgame
        self.turn_up = turn_up
        self.melds = melds
        self.meld_by_name = meld_by_name
        self.patterns = patterns
        self.flat_patterns = flat_patterns
        self.reach_check = reach_check
        self.reach_found = reach_found
        self.own_memo = own_memo
        self.book_memo = book_memo
        self.meld_memo = meld_memo
        self.play_memo = play_memo
        self.players = players
        self.next_seat = next_seat
        self.draw_order = draw_order
        self.team_of = team_of
        self.partner = partner
        self.passing = passing
        self.consult = consult
        self.combine = combine
        self.binding_seats = binding_seats
        self.carte_blanche = carte_blanche
        self.court_bits = court_bits
        self.brisque_bits = brisque_bits
        self.revoke_forfeit = revoke_forfeit
        self.duels = duels
        self.cady = cady
        self.dix_actions = dix_actions
        self.dix_anytime = dix_anytime
        self.call_out = call_out
        self.extras = extras
        self.last_resort = last_resort
        self.dix_to_winner = dix_to_winner

    def __repr__(self) -> str:
        return f"Compiled({self.rules!r})"


def _class_ids(rules: Rules) -> dict[str, int]:
    names = sorted({spec.klass for spec in rules.melds.table.values()})
    return {name: i for i, name in enumerate(names)}


@lru_cache(maxsize=64)
def compile_rules(rules: Rules) -> Compiled:
    """Compile a profile into int tables (cached)."""
    rank_ids = tuple(RANKS.index(r) for r in rules.pack.ranks)
    copies = rules.pack.copies
    kinds = [kind_of(r, s) for s in range(4) for r in rank_ids]
    cards = tuple(sorted(k * 8 + c for k in kinds for c in range(copies)))
    cards += tuple(JOKER + c for c in range(rules.pack.jokers))
    pack_bits = sum(1 << c for c in cards)
    scheme = TRICK_POINT_SCHEMES[rules.trick_points.scheme]
    trick_value = tuple(scheme.get(RANKS[r], 0) for r in range(8))
    trick_total = sum(trick_value[c >> 3 & 7] for c in cards)
    if rules.tricks.gather == "never":
        trick_total = 0

    class_ids = _class_ids(rules)
    melds_cfg = rules.melds
    templates: list[MeldTemplate] = []
    carte: MeldTemplate | None = None
    selection = rules.trump.selection
    for name, spec in melds_cfg.table.items():
        points = melds_cfg.values.get(name, 0)
        if points <= 0:
            continue
        suits = spec.suits
        if suits == "any" and melds_cfg.four_of_a_kind_mode == "one_per_suit" and (
            len(spec.ranks) == 1 and spec.copies == 4
        ):
            suits, n_copies = "each", 1
        else:
            n_copies = spec.copies
        ranks = tuple(RANKS.index(r) for r in spec.ranks)
        in_marriage = spec.klass == "marriage"
        can_fix = suits == "trump" and in_marriage and (
            selection == "first_marriage_or_sequence"
            or (selection == "first_marriage" and spec.order == 1)
        )
        size = len(ranks) * n_copies * (4 if suits == "each" else 1)
        if suits == "jokers":
            size = n_copies
        template = MeldTemplate(
            index=len(templates), name=name, points=points, ranks=ranks, suits=suits,
            copies=n_copies, klass=class_ids[spec.klass], klass_name=spec.klass,
            order=spec.order, size=size, in_marriage_class=in_marriage, can_fix_trump=can_fix,
        )
        if suits == "none":
            carte = template
        else:
            templates.append(template)
    court = sum(kind_bits(kind_of(r, s)) for r in (2, 3, 4) for s in range(4)) & pack_bits
    brisque = sum(kind_bits(kind_of(r, s)) for r in BRISQUE_RANKS for s in range(4)) & pack_bits
    dix = rules.dix
    dix_on = dix.value > 0
    dix_show = dix_on and dix.show_allowed and dix.only_method != "exchange_only"
    dix_exchange = dix.exchange_allowed and dix.only_method != "announce_only"
    patterns = tuple(
        _patterns(t, melds_cfg.bezique_pair, pack_bits, wild_jokers(rules, t.name))
        for t in templates)
    flat = _flatten(templates, patterns)
    reach_slots = [tuple(tuple((n, kinds) for _, n, kinds in e[1]) for e in entries)
                   for entries in flat]
    n = rules.players
    next_seat = tuple((p + 1) % n for p in range(n))
    team_of = rules.team_of
    partner = [-1] * n
    for team in rules.teams:
        if len(team) == 2:
            partner[team[0]], partner[team[1]] = team[1], team[0]
    partners = rules.partnership
    # validated teams are all pairs or all single seats; `combine` needs every seat paired
    combine = min(partner) >= 0 and partners.combine_table_cards
    passing = PASS_MODES[partners.declarer] if max(partner) >= 0 else PASS_NONE
    compiled = Compiled(
        rules=rules,
        pack_ranks=rank_ids,
        copies=copies,
        pack_cards=cards,
        pack_bits=pack_bits,
        pack_size=len(cards),
        trick_value=trick_value,
        trick_total=trick_total,
        dix_rank=RANKS.index(dix.rank),
        dix_on=dix_on,
        dix_show=dix_show,
        dix_exchange=dix_exchange,
        dix_on_play=dix_on and dix.score_on_play and dix.only_method != "exchange_only",
        dix_on_play_endgame=dix.score_on_play_in_endgame,
        turn_up=selection.startswith("turn_up"),
        melds=tuple(templates),
        meld_by_name={t.name: t for t in templates},
        patterns=patterns,
        flat_patterns=flat,
        reach_check=tuple(generated_check(slots) for slots in reach_slots),
        reach_found=tuple({} for _ in flat),
        meld_memo=[None] * (2 * n),
        book_memo=[None] * n,
        own_memo=[None] * n,
        play_memo=[None] * n,
        players=n,
        next_seat=next_seat,
        draw_order=tuple(tuple((w + i) % n for i in range(n)) for w in range(n)),
        team_of=team_of,
        partner=tuple(partner),
        passing=passing,
        consult=partners.consult,
        combine=combine,
        binding_seats=tuple(
            1 << p | (1 << q if combine and q >= 0 else 0) for p, q in enumerate(partner)),
        carte_blanche=carte,
        court_bits=court,
        brisque_bits=brisque,
        revoke_forfeit=rules.endgame.revoke_penalty == "forfeit_remaining_tricks",
        duels=rules.endgame.format == "pairwise_duels",
        cady=rules.melds.pending == "cady",
        dix_actions=dix_show or dix_exchange,
        dix_anytime=dix.declare_anytime,
        call_out=rules.game.call_out,
        extras=bool(dix.declare_anytime or carte is not None or rules.game.call_out),
        last_resort=rules.pack.jokers > 0 and rules.jokers.endgame_play == "last_resort",
        dix_to_winner=dix.award_to == "trick_winner",
    )
    (compiled.joker_bits, compiled.joker_once, compiled.not_fresh, compiled.meld_extras,
     compiled.first_bezique) = joker_game(rules, pack_bits)
    compiled.set_flags(rules, trick_value)
    compiled.reach_tables = tuple(ReachTable(slots) for slots in reach_slots)
    return compiled
