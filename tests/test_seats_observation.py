"""Issue 34, stage E: what a seat may know at two, three and four seats, and the worlds
`determinize` deals from it (docs/rules.md#invariant-information, #more-seats).

At two seats every observation and every determinized world is the one main gave before the
stage: SearchBot's choices depend on them, so a fingerprint of many of them is pinned here. At
three and four seats (alone, and in partnerships) the states are reached by random play; no
validated profile has more than two seats yet, so their rules are built with ``attrs.evolve``
(`test_seats_play.seated`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from functools import cache
from typing import Any, Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seated import seated

from bezique import Deal, load_profile
from bezique.cards import Card, CardSet, card_name, iter_bits, parse_cards
from bezique.events import Event
from bezique.melds import Declaration
from bezique.observation import Observation, _hidden, glimpse
from bezique.rules.model import Rules

TWO_SEAT = ("besigue", "bezique", "bezique-first-marriage", "chinese", "eight-pack",
            "five-hundred", "pinochle", "rubicon")
"""The two-seat built-in profiles when the fingerprints below were taken."""


def _event_key(e: Event) -> tuple[Any, ...]:
    return (e.kind, e.player, tuple(int(x) for x in e.cards), e.points, e.reason, e.private)


def _declaration_key(d: Declaration) -> str:
    """A declaration as its ``repr`` read then (every field, the ints as ints): the repr now
    shows the meld name and cards instead."""
    shown = ", ".join(f"{name}={getattr(d, name)!r}" for name in Declaration.__match_args__)
    return f"Declaration({shown})"


def _seen_key(seen: Observation) -> tuple[Any, ...]:
    """Every field of a two-seat observation as main had them (the pairs, the opponent's)."""
    return (
        seen.player, seen.to_move, seen.phase, seen.dealer, seen.hand.bits,
        tuple(t.bits for t in seen.tables), seen.opponent, seen.known_opponent.bits,
        seen.opponent_hand_size, seen.unseen.bits, seen.turn_up, seen.trump, seen.stock_size,
        seen.in_end_phase, tuple(seen.trick), seen.leader, seen.tricks_played,
        seen.last_trick_winner, tuple(c.bits for c in seen.captured), seen.heap.bits,
        seen.brisques, seen.scores, seen.totals, seen.target, seen.called_out,
        tuple(map(_declaration_key, seen.declarations)),
        tuple(_event_key(e) for e in seen.events),
        tuple(str(a) for a in seen.legal), repr(seen),
    )


def _world_key(world: Deal, rng: random.Random) -> tuple[Any, ...]:
    """A determinized world's state, origin and events, and the ``rng`` draw after it (so that
    the random numbers it used are pinned too). The stock and turn-up as plain ints: the pure
    build may hold a `Card` there where the compiled one holds its int."""
    o, bits = world.origin, world.bits
    return (
        tuple(bits.hand(p) for p in (0, 1)), tuple(bits.table(p) for p in (0, 1)),
        tuple(bits.known(p) for p in (0, 1)), tuple(bits.carte(p) for p in (0, 1)),
        tuple(int(x) for x in bits.stock), int(bits.turn_up), world.seed, o.hands, o.stock,
        o.turn_up, o.trump, o.leader, o.scores, tuple(_event_key(e) for e in world.events),
        len(world.actions), rng.getrandbits(64),
    )


def _fingerprints(seeds: range, every: int) -> tuple[str, str]:
    """Hashes of both players' observations at every ply of seeded random deals of the
    two-seat profiles, and of the worlds `Observation.determinize` and `Deal.determinize`
    deal at every ``every``-th ply (with their observations)."""
    seen_hash, world_hash = hashlib.sha256(), hashlib.sha256()
    for name in TWO_SEAT:
        rules = load_profile(name)
        for seed in seeds:
            rng = random.Random(seed)
            deal = Deal.new(rules, seed=seed, dealer=seed % 2)
            ply = 0
            while True:
                for player in (0, 1):
                    seen = deal.observation(player)
                    seen_hash.update(repr(_seen_key(seen)).encode())
                    if ply % every == 0:
                        r = random.Random(1000 * seed + ply + player)
                        for world in (seen.determinize(r), deal.determinize(player, r)):
                            world_hash.update(repr(_world_key(world, r)).encode())
                            world_hash.update(repr(_seen_key(world.observation(player))).encode())
                if deal.is_over:
                    break
                deal.apply(rng.choice(deal.legal_actions()))
                ply += 1
    return seen_hash.hexdigest(), world_hash.hexdigest()


def test_two_seat_observations_and_worlds_as_before() -> None:
    """Taken on main at 1f058ab, before stage E (and the same on 4d6ebb8, stage C, in the pure
    and the compiled build): 7320 observations and 2476 worlds of seeded two-seat deals (seeds
    0-2, every profile) are the same, and the worlds use the random numbers they used (issue
    34: the two-seat profiles play and search as before)."""
    assert _fingerprints(range(3), every=6) == (
        "3c82a09262d37e464759522c0b870aae0c9c0cdaefadc90acd78cfd8e6f48d13",
        "71e899c1b41f9bef47acc4561641684e1c1535374aed6ee28c166a2e9099a6c7",
    )


# ------------------------------------------------------------------ three and four seats

PARTNERS: Final = ((0, 2), (1, 3))
TABLES: Final = ((3, None), (4, None), (4, PARTNERS))
"""Three seats, four alone, four in partnerships (seats 0 and 2 against 1 and 3)."""
PROFILES: Final = ("bezique", "rubicon", "pinochle")


@cache
def _rules(n: int, teams: tuple[tuple[int, ...], ...] | None, profile: str) -> Rules:
    return seated(n, profile, teams=teams)


def _played(table: int, profile: str, seed: int, plies: int) -> Deal:
    """A deal of ``profile`` at ``TABLES[table]`` after up to ``plies`` seeded random actions."""
    n, teams = TABLES[table]
    rng = random.Random(seed)
    deal = Deal.new(_rules(n, teams, profile), seed=seed, dealer=seed % n)
    for _ in range(plies):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def _pool(deal: Deal, player: int) -> list[int]:
    """The cards ``player`` cannot place: the other seats' unknown concealed cards, seat by
    seat, then the stock."""
    hidden = [x for seat in range(deal.rules.players) if seat != player
              for x in iter_bits(deal.bits.hand(seat) & ~deal.bits.known(seat))]
    return hidden + list(deal.bits.stock)


def _twin(deal: Deal, player: int, mapping: dict[int, int]) -> Deal:
    """``deal`` with the cards ``player`` cannot place moved by ``mapping`` (a permutation of
    them): in the other seats' hands, in the stock and in their private draw events."""
    twin = deal.clone()
    for seat in range(deal.rules.players):
        if seat != player:
            twin._hand[seat] = sum(1 << mapping.get(x, x) for x in iter_bits(deal._hand[seat]))
    twin._stock = [mapping[x] for x in deal._stock]
    twin._events = [
        Event(e.kind, e.player, tuple(Card(mapping.get(x, x)) for x in e.cards), e.points,
              e.reason, e.private) if e.private and e.player != player else e
        for e in deal._events
    ]
    for seat in range(deal.rules.players):
        assert twin.known(seat) == deal.known(seat)
    return twin


def _shuffled_twin(deal: Deal, player: int, rng: random.Random) -> Deal:
    pool = _pool(deal, player)
    moved = pool[:]
    rng.shuffle(moved)
    return _twin(deal, player, dict(zip(pool, moved, strict=True)))


TABLE = st.integers(0, len(TABLES) - 1)
PROFILE = st.sampled_from(PROFILES)
SEED = st.integers(0, 2**32 - 1)
PLIES = st.integers(0, 170)


@settings(max_examples=40, deadline=None)
@given(table=TABLE, profile=PROFILE, seed=SEED, plies=PLIES, data=st.data())
def test_n11_other_seats_hidden_cards_do_not_change_the_observation(
    table: int, profile: str, seed: int, plies: int, data: st.DataObject
) -> None:
    """N11 (docs/rules.md#invariant-information): deals that differ only in the other seats'
    concealed cards (a partner's included) and the stock order give a seat equal observations,
    and equal worlds; a change to its own hand does not."""
    deal = _played(table, profile, seed, plies)
    n = deal.rules.players
    player = data.draw(st.integers(0, n - 1), label="player")
    rng = random.Random(seed)
    twin = _shuffled_twin(deal, player, rng)
    seen = deal.observation(player)
    assert twin.observation(player) == seen
    assert glimpse(twin, player) == glimpse(deal, player)
    assert twin.observation(player).determinize(random.Random(3)) == seen.determinize(
        random.Random(3))
    own = list(iter_bits(deal._hand[player]))
    if own and deal._stock and deal._stock[0] >> 3 not in {x >> 3 for x in own}:
        changed = deal.clone()
        changed._hand[player] = deal._hand[player] & ~(1 << own[0]) | (1 << deal._stock[0])
        changed._stock = [own[0], *deal._stock[1:]]
        assert changed.observation(player) != seen


@pytest.mark.parametrize("seed", range(6))
def test_n11_a_partners_hand_is_hidden(seed: int) -> None:
    """N11 and the partnership's conduct (BIC-4H, WOH: partners may not show their hands;
    `partnership.consult`, DM9, concerns only whether the partner could declare): two
    partnership deals that differ only in one hidden card of the observer's partner, taken
    from an opponent's hand or the stock, look the same to the observer; not to the partner."""
    deal = _played(2, "bezique", seed, 9 * seed)
    player = seed % 4
    partner = (player + 2) % 4
    assert deal.rules.teams == PARTNERS and partner in PARTNERS[player % 2]
    theirs = list(iter_bits(deal.bits.hand(partner) & ~deal.bits.known(partner)))
    others = [x for x in _pool(deal, player) if x not in theirs and x >> 3 != theirs[0] >> 3]
    a, b = theirs[0], others[seed % len(others)]
    twin = _twin(deal, player, {**{x: x for x in _pool(deal, player)}, a: b, b: a})
    assert twin.hand(partner) != deal.hand(partner)
    assert twin.observation(player) == deal.observation(player)
    assert twin.observation(partner) != deal.observation(partner)


@settings(max_examples=30, deadline=None)
@given(table=TABLE, profile=PROFILE, seed=SEED, plies=PLIES, data=st.data())
def test_determinized_worlds_at_more_seats_agree_with_the_observation(
    table: int, profile: str, seed: int, plies: int, data: st.DataObject
) -> None:
    """A world determinized for a seat gives it the same observation and the same legal
    actions; every other seat keeps its known cards and its hand size, the stock its size
    and turn-up; the cards the seat cannot place are the same; the world plays to its end."""
    deal = _played(table, profile, seed, plies)
    n = deal.rules.players
    player = data.draw(st.integers(0, n - 1), label="player")
    seen = deal.observation(player)
    rng = random.Random(seed)
    for world in (seen.determinize(rng), deal.determinize(player, rng)):
        assert world.observation(player) == seen
        assert world.observation(player).legal_actions() == seen.legal_actions()
        if deal.to_move == player:
            assert world.legal_actions() == deal.legal_actions()
        assert world.hand(player) == deal.hand(player)
        for seat in seen.opponents:
            assert world.known(seat) == deal.known(seat)
            assert len(world.hand(seat)) == len(deal.hand(seat))
            assert world.table(seat) == deal.table(seat)
        assert sorted(_pool(world, player)) == sorted(_pool(deal, player))
        assert (world.turn_up, world.stock_size) == (deal.turn_up, deal.stock_size)
        assert world.seed is None and world.actions == ()
        assert not any(e.cards for e in world.events if e.private and e.player != player)
        while not world.is_over:
            world.apply(rng.choice(world.legal_actions()))


@pytest.mark.parametrize("table", [None, *range(len(TABLES))])
def test_determinize_deals_the_other_seats_in_playing_order_then_the_stock(
    table: int | None,
) -> None:
    """The unseen cards, shuffled, go to the seats after the observer in playing order (each
    as many as it holds unseen, besides its known cards), the rest to the stock: at two seats
    (``table`` None) the order main dealt them in."""
    deal = _played_two("bezique") if table is None else _played(table, "bezique", 4, 40)
    n = deal.rules.players
    for player in range(n):
        pool = [*iter_bits(_hidden(deal, player)), *deal._stock]
        random.Random(5).shuffle(pool)
        world = deal.determinize(player, random.Random(5))
        start = 0
        for k in range(1, n):
            seat = (player + k) % n
            size = len(deal.hand(seat) - deal.known(seat))
            assert world.bits.hand(seat) == deal.bits.known(seat) | sum(
                1 << x for x in pool[start:start + size])
            start += size
        assert list(world.bits.stock) == pool[start:]


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_determinize_samples_every_other_seat(table: int) -> None:
    """Different random streams deal every other seat's hidden cards differently, a partner's
    too; the observer's hand stays, and the deal is untouched."""
    deal = _played(table, "bezique", 6, 25)
    before = deal.clone()
    seen = deal.observation(0)
    worlds = [seen.determinize(random.Random(s)) for s in range(12)]
    assert {w.bits.hand(0) for w in worlds} == {deal.bits.hand(0)}
    for seat in seen.opponents:
        assert len({w.bits.hand(seat) for w in worlds}) > 1
    assert deal == before


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_an_observation_at_more_seats_has_a_value_a_seat(table: int) -> None:
    """Per seat: hand sizes, known cards (the observer's own: his hand), tables, captured
    cards, brisques, scores; per team: totals. `opponents` are the other seats in playing
    order after the observer; `opponent` and its pair of fields are for two seats only."""
    deal = _played(table, "bezique", 2, 60)
    n = deal.rules.players
    for player in range(n):
        seen = deal.observation(player)
        assert (seen.players, seen.teams) == (n, deal.rules.teams)
        assert seen.opponents == tuple((player + k) % n for k in range(1, n))
        assert seen.hand_sizes == tuple(len(deal.hand(p)) for p in range(n))
        assert seen.known == tuple(
            deal.hand(p) if p == player else deal.known(p) for p in range(n))
        assert seen.tables == tuple(deal.table(p) for p in range(n))
        assert seen.captured == tuple(deal.captured(p) for p in range(n))
        assert (seen.brisques, seen.scores) == (deal.brisques, deal.scores)
        assert seen.totals == deal.totals and len(seen.totals) == len(deal.rules.teams)
        assert seen.unseen.bits == sum(1 << x for x in _pool(deal, player))
        for name in ("opponent", "known_opponent", "opponent_hand_size"):
            with pytest.raises(ValueError, match=f"{n} seats has no single opponent"):
                getattr(seen, name)
        assert attrs.evolve(seen, events=()) == glimpse(deal, player)


@pytest.mark.parametrize("name", TWO_SEAT)
def test_two_seat_fields_keep_their_types(name: str) -> None:
    """At two seats the opponent's fields are there, and every per-seat value is a pair."""
    deal = _played_two(name)
    for player in (0, 1):
        seen = deal.observation(player)
        assert (seen.players, seen.opponents, seen.opponent) == (2, (1 - player,), 1 - player)
        assert type(seen.known_opponent) is CardSet and seen.known_opponent == seen.known[
            1 - player] == deal.known(1 - player)
        assert type(seen.opponent_hand_size) is int
        assert seen.opponent_hand_size == seen.hand_sizes[1 - player] == len(
            deal.hand(1 - player))
        for pair in (seen.tables, seen.captured, seen.known):
            assert type(pair) is tuple and len(pair) == 2
            assert all(type(x) is CardSet for x in pair)
        for ints in (seen.hand_sizes, seen.brisques, seen.scores, seen.totals):
            assert type(ints) is tuple and len(ints) == 2
            assert all(type(x) is int for x in ints)


def _played_two(name: str) -> Deal:
    rng = random.Random(11)
    deal = Deal.new(load_profile(name), seed=11)
    for _ in range(70):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def test_a_repeat_carte_blanche_is_sampled_for_every_other_seat() -> None:
    """melds.carte_blanche_repeat (D21) at three seats: P2, who is not the seat after the
    observer P0, shows carte blanche, wins the trick and draws; his draw is hidden. A world
    determinized for P0 or P1 gives P2 the state a real deal with the sampled draws would:
    closed after a court card, open to show again after another."""
    rules = _rules(3, None, "rubicon")
    hands = ["AD 10D 9D 8D 7D AC 10C 9C KC", "ADb 10Db 9Db 8Db 7Db ACb 10Cb 9Cb KCb",
             "AS 10S 9S 8S 7S AH 10H 9H 8H"]
    led = ["7D", "7Db"]  # what P0 and P1 play to P2's ace

    def dealt(hands: list[str], stock: list[int]) -> Deal:
        deal = Deal.from_position(rules, hands=hands, stock=_names(stock), dealer=1)
        for action in ("carte blanche", "play AS", f"play {led[0]}", f"play {led[1]}", "draw"):
            deal.apply(action)
        return deal

    deal = dealt(hands, list(parse_cards("7H 7C QD KS QH JD")))
    assert deal.to_move == 2 and deal.can_apply("carte blanche")
    outcomes = set()
    for player in (0, 1):
        other = 1 - player  # the third seat: its whole hand is sampled
        (mine,) = deal.hand(player) - CardSet.of(parse_cards(hands[player]))
        for seed in range(10):
            world = deal.determinize(player, random.Random(seed))
            (drawn,) = world.hand(2) - deal.known(2)
            theirs, *kept = world.hand(other)  # any of its cards may be the one it drew
            start = list(hands)
            start[other] = f"{_names(kept)} {led[other]}"
            draws = {2: drawn, player: mine, other: theirs}
            real = dealt(start, [draws[2], draws[0], draws[1], *world.stock])
            assert real.hand(2) == world.hand(2) and real.hand(other) == world.hand(other)
            assert real.stock == world.stock
            assert real._carte == world._carte
            outcomes.add(world.can_apply("carte blanche"))
    assert outcomes == {True, False}


def _names(cards: Iterable[int]) -> str:
    return " ".join(card_name(c, copies=True) for c in cards)
