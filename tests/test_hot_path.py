"""The hot path's shortcuts agree with working things out from scratch.

`bezique.compile` generates one reach check per profile and trump state, and `bezique.legal`
keeps memos per compiled profile (copy groups, the player's book of declarations, the last
listing of declarations and of qualified plays). These tests hold each shortcut against the
plain computation, over every built-in profile and over random house variants.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bezique
from bezique.cards import LANES, lane_any
from bezique.check.strategies import profiles
from bezique.compile import Compiled, compile_rules
from bezique.melds import reachable
from bezique.plays import _split_kinds, _split_lanes
from bezique.reach import _parents, reach_status

BUILT_IN = bezique.list_profiles()


def _plainly_within_reach(c: Compiled, mine: int, trump: int | None) -> list[str]:
    """The patterns ``mine`` holds enough cards for, slot by slot (no compiled check)."""
    index = 0 if trump is None else trump + 1
    return [
        f"{t.name}/{i}"
        for i, (t, pattern, _, _, _, _) in enumerate(c.flat_patterns[index])
        if all((mine & mask).bit_count() >= n for mask, n, _ in pattern)
    ]


def _random_holdings(c: Compiled, rng: random.Random, count: int = 400) -> list[int]:
    """``count`` random sets of up to 40 of the pack's cards, as bits."""
    out = []
    for _ in range(count):
        mine = 0
        for x in rng.sample(c.pack_cards, rng.randint(0, min(40, c.pack_size))):
            mine |= 1 << x
        out.append(mine)
    return out


def _within_reach(c: Compiled, mine: int, trump: int | None) -> list[str]:
    index = 0 if trump is None else trump + 1
    flat = c.flat_patterns[index]
    return [f"{entry[0].name}/{flat.index(entry)}" for entry in reachable(c, mine, trump)[0]]


@pytest.mark.parametrize("name", BUILT_IN)
def test_compiled_reach_check_agrees_with_the_patterns(name: str) -> None:
    """The generated reach check answers as the meld patterns do, for every trump state."""
    c = compile_rules(bezique.load_profile(name))
    for mine in _random_holdings(c, random.Random(name)):
        for trump in (None, 0, 1, 2, 3):
            assert _within_reach(c, mine, trump) == _plainly_within_reach(c, mine, trump)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(rules=profiles(), seed=st.integers(0, 2**32 - 1))
def test_reach_check_agrees_with_the_patterns_in_house_variants(
    rules: bezique.Rules, seed: int
) -> None:
    """The same over random house variants: their meld tables nest differently (the generated
    check tests a pattern inside a weaker one's ``if``)."""
    c = compile_rules(rules)
    for mine in _random_holdings(c, random.Random(seed), count=60):
        for trump in (None, 0, 1, 2, 3):
            assert _within_reach(c, mine, trump) == _plainly_within_reach(c, mine, trump)


def test_reach_check_nests_each_pattern_in_the_closest_weaker_one() -> None:
    """In the eight-pack's trump-known state, each bezique is tested inside the one below it
    and each trump quintet inside its trump four; a sequence inside the royal marriage; a
    back door inside a marriage; the four aces of any suits and the marriages at the top."""
    c = compile_rules(bezique.load_profile("eight-pack"))
    flat = c.flat_patterns[1]
    parent = _parents(tuple(tuple((n, kinds) for _, n, kinds in e[1]) for e in flat))
    named = {e[0].name: None if up < 0 else flat[up][0].name
             for e, up in zip(flat, parent, strict=True)}  # a meld's patterns nest alike
    assert named["double_bezique"] == "bezique"
    assert named["triple_bezique"] == "double_bezique"
    assert named["quadruple_bezique"] == "triple_bezique"
    assert named["quintuple_bezique"] == "quadruple_bezique"
    assert named["trump_aces"] == "four_aces"
    assert named["trump_ace_quintet"] == "trump_aces"
    assert named["sequence"] == "royal_marriage"
    assert named["back_door"] == "marriage"
    assert named["bezique"] is None and named["four_aces"] is None
    assert named["marriage"] is None and named["royal_marriage"] is None


@pytest.mark.parametrize("name", BUILT_IN)
def test_both_reach_checks_give_the_same_answer(name: str) -> None:
    """`reach_status` (what `reachable` runs in the compiled build) answers as the generated
    check (what it runs in the pure one), bit for bit, in either build."""
    c = compile_rules(bezique.load_profile(name))
    for mine in _random_holdings(c, random.Random(name)):
        for index, table in enumerate(c.reach_tables):
            expected = c.reach_check[index](mine)
            assert reach_status(table, mine) == expected


@pytest.mark.parametrize("name", ["bezique", "chinese", "eight-pack", "joker"])
def test_both_split_forms_give_the_same_kinds(name: str) -> None:
    """The kinds whose copies may split into several groups (`bezique.plays`): read lane by
    lane (the compiled build's form) and on the whole masks (the pure one's), in either
    build: the same kinds, for random tables, hands and dix-scored cards."""
    c = compile_rules(bezique.load_profile(name))
    rng = random.Random(name)
    for _ in range(2000):
        table, hand, scored = (
            sum(1 << x for x in rng.sample(c.pack_cards, rng.randint(0, size)))
            for size in (12, 16, 3))
        kinds = table | scored
        hand &= lane_any(kinds) * 0xFF  # as `plays` passes it: the tabled or scored kinds'
        scored &= hand | table
        lanes = _split_lanes(table, hand, scored)
        assert _split_kinds(table, hand, scored) == sum(
            1 << k for k in range(LANES) if lanes >> (k * 8) & 1)


_SCRATCH: dict[bezique.Rules, Compiled] = {}


def _from_scratch(deal: bezique.Deal) -> list[str]:
    """The deal's legal actions worked out with a second compiled profile whose memos are
    emptied first: no memo of any earlier state (the memos of the deal's own compiled
    profile are left as they are)."""
    c = _SCRATCH.get(deal.rules)
    if c is None:
        c = _SCRATCH[deal.rules] = compile_rules.__wrapped__(deal.rules)
    for memo in (c.play_memo, c.meld_memo, c.book_memo, c.own_memo):
        memo[:] = [None] * len(memo)
    for found in c.reach_found:
        found.clear()
    fresh = deal.clone()
    fresh._c = c
    return [str(a) for a in fresh.legal_actions()]


def _listings_agree(rules: bezique.Rules, seed: int) -> None:
    deal = bezique.Deal.new(rules, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        assert [str(a) for a in legal] == _from_scratch(deal), f"ply {len(deal.actions)}"
        deal.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("name", BUILT_IN)
def test_memoized_listing_equals_a_listing_from_scratch(name: str) -> None:
    """Every legal-action list, worked out with the memos of earlier states, is the list a
    freshly compiled profile gives for the same state."""
    rules = bezique.load_profile(name)
    for seed in range(25):
        _listings_agree(rules, seed)


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(rules=profiles(), seed=st.integers(0, 2**32 - 1))
def test_memoized_listing_equals_a_listing_from_scratch_in_house_variants(
    rules: bezique.Rules, seed: int
) -> None:
    """The same over random house variants (knobs of docs/rules.md#knobs changed one by one)."""
    _listings_agree(rules, seed)


def test_memos_are_shared_between_interleaved_deals() -> None:
    """Two deals of one profile played in turn (as a search does) list what each would list
    alone: the memos belong to the profile, and every one is keyed on the state it used."""
    rules = bezique.load_profile("chinese")
    first = bezique.Deal.new(rules, seed=1, dealer=0)
    second = bezique.Deal.new(rules, seed=2, dealer=1)
    rng = random.Random(3)
    while not (first.is_over and second.is_over):
        for deal in (first, second):
            if deal.is_over:
                continue
            legal = deal.legal_actions()
            assert [str(a) for a in legal] == _from_scratch(deal)
            deal.apply(legal[int(rng.random() * len(legal))])
