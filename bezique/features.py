"""The observation tensor: one player's `Observation` as a fixed-length list of floats in
``[0, 1]``, the input layer both AI adapters (OpenSpiel, PettingZoo) share.

Its length is fixed per profile (`observation_size`); `observation_layout` names its blocks
(docs/ai.md#the-observation-tensor). Cards are counted per *kind* (rank in a suit), each count
divided by the number of copies of a kind in the pack, so the chinese and eight-pack packs stay
compact; a pack with jokers has a kind more, the joker, last in each block (its count divided
by ``pack.jokers``). Everything is from the observer's side: "own" is the observer, "opp" his
opponent. At more than two seats the layout is another (docs/ai.md#more-seats): a block of each
other seat in playing order after the observer (``next1`` the seat after him, ``next2`` the one
after that ...), the current trick's cards by seat, his partners marked, scores per seat and
totals per team, the observer's team first. No numpy is needed;
``numpy.asarray(observation_tensor(obs), dtype=numpy.float32)`` gives an array.

>>> import bezique
>>> from bezique.features import observation_layout, observation_size, observation_tensor
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7)
>>> tensor = observation_tensor(deal.observation(1))
>>> len(tensor) == observation_size(deal.rules), min(tensor) >= 0.0, max(tensor) <= 1.0
(True, True, True)
>>> hand = next(b for b in observation_layout(deal.rules) if b.name == "hand")
>>> hand.offset, hand.size, sum(tensor[hand.offset:hand.offset + hand.size]) * 2
(8, 32, 8.0)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter
from typing import Any

from attrs import frozen

from bezique.cards import JOKER_KIND, LANES
from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.observation import Observation, glimpse
from bezique.rules.model import Rules
from bezique.state import PHASES

__all__ = [
    "DECLARED_SCALE",
    "FeatureBlock",
    "deal_tensor",
    "observation_layout",
    "observation_size",
    "observation_tensor",
]

DECLARED_SCALE = 4
"""Declarations of one meld by one player are counted up to this many (the value is the
count divided by it, clipped to 1)."""


@frozen
class FeatureBlock:
    """One block of the observation tensor: ``tensor[offset:offset + size]`` is ``name``."""

    name: str
    offset: int
    size: int
    meaning: str


@frozen
class _Plan:
    """What `observation_tensor` precomputes per profile."""

    size: int
    layout: tuple[FeatureBlock, ...]
    lanes: int
    """Bytes of a card set's bitmask that the plan reads: one a kind, 32 without jokers, 40
    (`LANES`, the jokers' kind last) with them."""
    held: Callable[[bytes], tuple[int, ...]]
    """The bytes (one per kind: its copies as bits) of the five held-card blocks, from the
    bytes of their card sets' bitmasks laid end to end, `lanes` bytes each."""
    played: Callable[[bytes], tuple[int, ...]]
    """The same for the three played-card blocks."""
    frac: tuple[float, ...]
    """A kind's byte (its copies as bits) -> that many copies / copies per kind."""
    fracs: tuple[tuple[float, ...], ...] | None
    """Where the jokers are not as many as the copies of a kind: `frac` per position of a
    per-kind block (the joker's last, by ``pack.jokers``); None where `frac` serves all."""
    kind_pos: dict[int, int]
    """A kind -> its position within a per-kind block."""
    n_kinds: int
    templates: int
    stock_max: int
    hand_size: int
    tricks_max: int
    brisques_max: int
    cady: bool
    call_out: bool
    seats: _Seats | None = None
    """At more than two seats, what the N-seat layout adds (`_wide_tensor`); None at two."""


@frozen
class _Seats:
    """What `_wide_tensor` precomputes per profile of more than two seats."""

    n: int
    kinds: Callable[[bytes], tuple[int, ...]]
    """The bytes of the kinds of the pack, in block order, from one card set's `_Plan.lanes`
    bytes."""
    team_order: tuple[tuple[int, ...], ...]
    """Per observer: the team indices, his team first, then the others in the order of their
    first seat after him in playing order."""
    partners: tuple[tuple[float, ...], ...]
    """Per observer: 1.0 for each seat after him (in playing order) on his team, else 0.0."""


def _wide_specs(rules: Rules) -> list[tuple[str, int, str]]:
    """The blocks of a tensor at more than two seats (docs/ai.md#more-seats)."""
    c = compile_rules(rules)
    n, k, m = rules.players, len(_kinds(rules)), len(c.melds)
    specs = [
        ("turn", n, "one-hot by seat: [0] the observer is to move, [i] the i-th seat after him"),
        ("phase", len(PHASES), "one-hot: lead, follow, declare, over"),
        ("dealer", n, "one-hot by seat: who dealt ([0] the observer)"),
        ("end_phase", 1, "1 once the stock is exhausted (the last tricks)"),
        ("partners", n - 1, "1 at [i - 1] if the i-th seat after the observer is his partner"),
        ("hand", k, "the observer's concealed hand: copies of each kind / copies per kind"),
        ("unseen", k, "cards the observer cannot place (other seats' other cards and stock)"),
        ("own_table", k, "the observer's declared cards lying face up, per kind"),
        ("own_captured", k, "cards in the observer's won tricks, per kind"),
        ("own_trick", k, "one-hot: the kind of the observer's card in the current trick"),
        ("own_declared", m, f"per scoring meld: the observer's scored declarations of it "
                            f"/ {DECLARED_SCALE}, clipped"),
    ]
    if c.cady:
        specs.append(("own_pending", m, f"per scoring meld: the observer's pending (announced) "
                                        f"declarations / {DECLARED_SCALE}, clipped"))
    for i in range(1, n):
        seat = f"next{i}"
        who = "the next seat" if i == 1 else f"the seat {i} after the observer"
        specs += [
            (f"{seat}_table", k, f"{who}: its declared cards lying face up, per kind"),
            (f"{seat}_known", k, f"{who}: cards of its concealed hand the observer has seen"),
            (f"{seat}_hand_size", 1, f"{who}: its concealed cards / hand size"),
            (f"{seat}_captured", k, f"{who}: cards in its won tricks, per kind"),
            (f"{seat}_trick", k, f"{who}: one-hot, the kind of its card in the current trick"),
            (f"{seat}_declared", m, f"{who}: its scored declarations per scoring meld / "
                                    f"{DECLARED_SCALE}, clipped"),
        ]
        if c.cady:
            specs.append((f"{seat}_pending", m, f"{who}: its pending declarations per scoring "
                                                f"meld / {DECLARED_SCALE}, clipped"))
    specs += [
        ("leader", n, "one-hot by seat: who led (or leads) the current trick"),
        ("turn_up", k, "one-hot: the kind of the turn-up, if any"),
        ("trump", 5, "one-hot: spades, hearts, diamonds, clubs, none yet"),
        ("stock", 1, "stock size / stock size after the deal"),
        ("heap", k, "played cards not gathered into any seat's tricks, per kind"),
        ("tricks", 1, "tricks played / tricks in a deal"),
        ("last_trick", n, "one-hot by seat: who won the last trick"),
        ("brisques", n, "aces and tens captured, per seat ([0] the observer) / those in the "
                        "pack"),
        ("scores", n, "deal scores per seat ([0] the observer) / target, clipped to [0, 1]"),
        ("totals", len(rules.teams), "game totals before this deal per team, the observer's "
                                     "first, then by their first seat after him / target, "
                                     "clipped"),
    ]
    if c.call_out:
        specs.append(("called_out", n, "one-hot by seat: who called out"))
    return specs


def _seats(rules: Rules) -> _Seats | None:
    """`_Seats` of a profile of more than two seats, else None."""
    n = rules.players
    if n == 2:
        return None
    c = compile_rules(rules)
    team_order, partners = [], []
    for me in range(n):
        order = [c.team_of[me]]
        for seat in c.draw_order[me][1:]:
            if c.team_of[seat] not in order:
                order.append(c.team_of[seat])
        team_order.append(tuple(order))
        partners.append(tuple(float(c.team_of[seat] == c.team_of[me])
                              for seat in c.draw_order[me][1:]))
    return _Seats(
        n=n,
        kinds=itemgetter(*_kinds(rules)),
        team_order=tuple(team_order),
        partners=tuple(partners),
    )


def _block_specs(rules: Rules) -> list[tuple[str, int, str]]:
    """The blocks of a profile's tensor, in order: (name, size, meaning)."""
    if rules.players != 2:
        return _wide_specs(rules)
    c = compile_rules(rules)
    k = len(_kinds(rules))
    m = len(c.melds)
    specs = [
        ("turn", 2, "1 at [0] if the observer is to move, at [1] if the opponent is"),
        ("phase", len(PHASES), "one-hot: lead, follow, declare, over"),
        ("dealer", 1, "1 if the observer dealt"),
        ("end_phase", 1, "1 once the stock is exhausted (the last tricks)"),
        ("hand", k, "the observer's concealed hand: copies of each kind / copies per kind"),
        ("own_table", k, "the observer's declared cards lying face up, per kind"),
        ("opp_table", k, "the opponent's declared cards lying face up, per kind"),
        ("known_opp", k, "cards of the opponent's concealed hand the observer has seen"),
        ("unseen", k, "cards the observer cannot place (opponent's other cards and stock)"),
        ("trick_lead", k, "one-hot: the kind of the card led to the current trick, if any"),
        ("observer_leads", 1, "1 if the observer led (or leads) the current trick"),
        ("turn_up", k, "one-hot: the kind of the turn-up, if any"),
        ("trump", 5, "one-hot: spades, hearts, diamonds, clubs, none yet"),
        ("stock", 1, "stock size / stock size after the deal"),
        ("opp_hand_size", 1, "the opponent's concealed cards / hand size"),
        ("own_captured", k, "cards in the observer's won tricks, per kind"),
        ("opp_captured", k, "cards in the opponent's won tricks, per kind"),
        ("heap", k, "played cards not gathered into either player's tricks, per kind"),
        ("tricks", 1, "tricks played / tricks in a deal"),
        ("last_trick", 2, "1 at [0] if the observer won the last trick, at [1] if the opponent"),
        ("brisques", 2, "aces and tens captured (observer, opponent) / those in the pack"),
        ("scores", 2, "deal scores (observer, opponent) / target, clipped to [0, 1]"),
        ("totals", 2, "game totals before this deal (observer, opponent) / target, clipped"),
        ("own_declared", m, f"per scoring meld: the observer's scored declarations of it "
                            f"/ {DECLARED_SCALE}, clipped"),
        ("opp_declared", m, "the same for the opponent"),
    ]
    if c.cady:
        specs += [
            ("own_pending", m, f"per scoring meld: the observer's pending (announced) "
                               f"declarations / {DECLARED_SCALE}, clipped"),
            ("opp_pending", m, "the same for the opponent"),
        ]
    if c.call_out:
        specs.append(("called_out", 2, "1 at [0] if the observer called out, at [1] if the "
                                       "opponent"))
    return specs


def _kinds(rules: Rules) -> list[int]:
    """The kinds of the pack in the order of a per-kind block: by suit, each from the ace
    down, then the joker where the pack has jokers."""
    ranks = compile_rules(rules).pack_ranks
    return [s * 8 + r for s in range(4) for r in ranks] + [JOKER_KIND] * (rules.pack.jokers > 0)


def _fractions(copies: int) -> tuple[float, ...]:
    """A kind's byte -> its copies / ``copies``, clipped to 1."""
    return tuple(min(1.0, b.bit_count() / copies) for b in range(256))


@lru_cache(maxsize=64)
def _plan(rules: Rules) -> _Plan:
    c = compile_rules(rules)
    layout: list[FeatureBlock] = []
    offset = 0
    for name, size, meaning in _block_specs(rules):
        layout.append(FeatureBlock(name, offset, size, meaning))
        offset += size
    kinds = _kinds(rules)
    jokers = rules.pack.jokers
    lanes = LANES if jokers else 32
    hand = rules.deal.hand_size
    n = rules.players
    return _Plan(
        size=offset,
        layout=tuple(layout),
        lanes=lanes,
        held=itemgetter(*(lanes * i + kd for i in range(5) for kd in kinds)),
        played=itemgetter(*(lanes * i + kd for i in range(3) for kd in kinds)),
        frac=_fractions(c.copies),
        fracs=None if not jokers or jokers == c.copies else tuple(
            _fractions(jokers if kd == JOKER_KIND else c.copies) for kd in kinds),
        kind_pos={kd: i for i, kd in enumerate(kinds)},
        n_kinds=len(kinds),
        templates=len(c.melds),
        stock_max=max(1, c.pack_size - n * hand),
        hand_size=hand,
        tricks_max=max(1, c.pack_size // n),
        brisques_max=max(1, c.brisque_bits.bit_count()),
        cady=c.cady,
        call_out=c.call_out,
        seats=_seats(rules),
    )


_LAST: list[tuple[Any, Any]] = [(None, None)]
"""The last rules `observation_tensor` was given and their plan: hashing a `Rules` (a deep
frozen value) costs more than the tensor, and a caller almost always passes the same one."""


def _remember(rules: Rules) -> _Plan:
    plan = _plan(rules)
    _LAST[0] = (rules, plan)
    return plan


def observation_size(rules: Rules) -> int:
    """The length of `observation_tensor` for every observation of a deal of ``rules``."""
    return _plan(rules).size


def observation_layout(rules: Rules) -> tuple[FeatureBlock, ...]:
    """The blocks of ``rules``' observation tensor, in order, each a `FeatureBlock`."""
    return _plan(rules).layout


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def deal_tensor(deal: Deal, player: int) -> list[float]:
    """``observation_tensor(deal.observation(player))``, made without the observation's history
    and sampling world (which the tensor does not read): what an adapter calls at every step.

    >>> import bezique
    >>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7)
    >>> deal_tensor(deal, 1) == observation_tensor(deal.observation(1))
    True
    """
    return observation_tensor(glimpse(deal, player))


def observation_tensor(obs: Observation) -> list[float]:
    """``obs`` as `observation_size` floats in ``[0, 1]``, laid out as `observation_layout`
    says. A pure function of the observation: equal observations give equal tensors."""
    seen, p = _LAST[0]
    if seen is not obs.rules:
        p = _remember(obs.rules)
    if p.seats is not None:
        return _wide_tensor(obs, p, p.seats)
    me, opp = obs.player, 1 - obs.player
    tables, captured = obs.tables, obs.captured
    n = p.n_kinds
    w = p.lanes * 8  # bits a card set takes
    held = (obs.hand.bits | tables[me].bits << w | tables[opp].bits << 2 * w
            | obs.known_opponent.bits << 3 * w | obs.unseen.bits << 4 * w)
    played = captured[me].bits | captured[opp].bits << w | obs.heap.bits << 2 * w
    phase = [0.0] * len(PHASES)
    phase[PHASES.index(obs.phase)] = 1.0
    lead = [0.0] * n
    if obs.trick:
        lead[p.kind_pos[obs.trick[0] >> 3]] = 1.0
    turn_up = [0.0] * n
    if obs.turn_up is not None:
        turn_up[p.kind_pos[obs.turn_up >> 3]] = 1.0
    trump = [0.0] * 5
    trump[4 if obs.trump is None else int(obs.trump)] = 1.0
    target = obs.target if obs.target > 0 else obs.rules.game.target or 1
    scores, totals, brisques = obs.scores, obs.totals, obs.brisques
    tm, last = obs.to_move, obs.last_trick_winner

    out = [float(tm == me), float(tm == opp), *phase, float(obs.dealer == me),
           float(obs.in_end_phase)]
    out += _counts(p, p.held(held.to_bytes(5 * p.lanes, "little")))
    out += lead
    out.append(float(obs.leader == me))
    out += turn_up
    out += trump
    out.append(_clip(obs.stock_size / p.stock_max))
    out.append(_clip(obs.opponent_hand_size / p.hand_size))
    out += _counts(p, p.played(played.to_bytes(3 * p.lanes, "little")))
    out += (_clip(obs.tricks_played / p.tricks_max), float(last == me), float(last == opp),
            _clip(brisques[me] / p.brisques_max), _clip(brisques[opp] / p.brisques_max),
            _clip(scores[me] / target), _clip(scores[opp] / target),
            _clip(totals[me] / target), _clip(totals[opp] / target))
    if obs.declarations:
        declared = [0] * (4 * p.templates)
        m = p.templates
        for d in obs.declarations:
            declared[((d.owner != me) + 2 * d.pending) * m + d.template] += 1
        out += [_clip(k / DECLARED_SCALE) for k in declared[:4 * m if p.cady else 2 * m]]
    else:
        out += [0.0] * ((4 if p.cady else 2) * p.templates)
    if p.call_out:
        out += (float(obs.called_out == me), float(obs.called_out == opp))
    return out


def _counts(p: _Plan, lanes: tuple[int, ...]) -> list[float]:
    """Per-kind blocks from their kinds' bytes (`_Plan.held`, `played`, `_Seats.kinds`): each
    kind's copies / copies per kind."""
    if p.fracs is None:
        frac = p.frac
        return [frac[b] for b in lanes]
    fracs, k = p.fracs, p.n_kinds
    return [fracs[i % k][b] for i, b in enumerate(lanes)]


def _one_hot(size: int, at: int | None) -> list[float]:
    out = [0.0] * size
    if at is not None:
        out[at] = 1.0
    return out


def _wide_tensor(obs: Observation, p: _Plan, w: _Seats) -> list[float]:
    """`observation_tensor` at more than two seats (the layout of `_wide_specs`)."""
    me, n, kinds, lanes = obs.player, w.n, w.kinds, p.lanes
    rel = [(seat - me) % n for seat in range(n)]  # per seat: how many seats after the observer
    order = [(me + r) % n for r in range(n)]  # the seats in playing order from the observer

    def cards(bits: int) -> list[float]:
        return _counts(p, kinds(bits.to_bytes(lanes, "little")))

    def by_seat(seat: int | None) -> list[float]:
        return _one_hot(n, None if seat is None else rel[seat])

    played: list[int | None] = [None] * n  # per relative seat: its trick card's kind position
    for i, card in enumerate(obs.trick):
        played[rel[(obs.leader + i) % n]] = p.kind_pos[card >> 3]
    m = p.templates
    declared = [0] * (2 * n * m)
    for d in obs.declarations:
        declared[(2 * rel[d.owner] + d.pending) * m + d.template] += 1
    target = obs.target if obs.target > 0 else obs.rules.game.target or 1

    def tail(seat: int) -> list[float]:
        """The tail of a seat's blocks: captured, its trick card, declared, pending."""
        out = cards(obs.captured[seat].bits)
        out += _one_hot(p.n_kinds, played[rel[seat]])
        base = 2 * rel[seat] * m
        out += [_clip(x / DECLARED_SCALE) for x in declared[base:base + m]]
        if p.cady:
            out += [_clip(x / DECLARED_SCALE) for x in declared[base + m:base + 2 * m]]
        return out

    out = [*by_seat(obs.to_move), *_one_hot(len(PHASES), PHASES.index(obs.phase)),
           *by_seat(obs.dealer), float(obs.in_end_phase), *w.partners[me]]
    out += cards(obs.hand.bits)
    out += cards(obs.unseen.bits)
    out += cards(obs.tables[me].bits)
    out += tail(me)
    for seat in order[1:]:
        out += cards(obs.tables[seat].bits)
        out += cards(obs.known[seat].bits)
        out.append(_clip(obs.hand_sizes[seat] / p.hand_size))
        out += tail(seat)
    out += by_seat(obs.leader)
    out += _one_hot(p.n_kinds, None if obs.turn_up is None else p.kind_pos[obs.turn_up >> 3])
    out += _one_hot(5, 4 if obs.trump is None else int(obs.trump))
    out.append(_clip(obs.stock_size / p.stock_max))
    out += cards(obs.heap.bits)
    out.append(_clip(obs.tricks_played / p.tricks_max))
    out += by_seat(obs.last_trick_winner)
    out += [_clip(obs.brisques[seat] / p.brisques_max) for seat in order]
    out += [_clip(obs.scores[seat] / target) for seat in order]
    out += [_clip(obs.totals[team] / target) for team in w.team_order[me]]
    if p.call_out:
        out += by_seat(obs.called_out)
    return out
