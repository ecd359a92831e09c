"""The factored action encoding (``encoding(rules, factored=True)``, docs/encoding.md#the-
factored-form): small for every profile, and a bijection between each state's legal actions and
its ids, so that no legal action is out of reach."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from conftest import BUILTIN_PROFILES, two_queens_of_spades_tabled
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bezique.encoding_factored as factored
from bezique import Deal, load_profile
from bezique.actions import Action, Announce, CallOut, DixExchange, Draw, Meld, Play
from bezique.check.strategies import profiles
from bezique.encoding import (
    FLAT_LIMIT,
    ActionEncoding,
    EncodingError,
    FactoredEncoding,
    State,
    choose_encoding,
    encoding,
)
from bezique.rules import Rules

DOC = Path(__file__).resolve().parent.parent / "docs" / "encoding.md"

SIZES = {
    "besigue": 830,
    "bezique": 830,
    "bezique-first-marriage": 827,
    "chinese": 6266,
    "eight-pack": 7169,
    "five-hundred": 57,
    "four-handed": 4614,
    "joker": 7141,
    "joker-four": 7141,
    "joker-partnership": 7141,
    "partnership": 4615,
    "pinochle": 382,
    "rubicon": 4740,
    "three-handed": 2794,
}
"""The pinned sizes of the factored spaces (docs/encoding.md#the-factored-form)."""


def check_state(enc: ActionEncoding, state: State) -> list[int]:
    """The bijection at one state: every legal action has an id of its own, which decodes to
    it, encodes from it and lies in its form's run; returns the ids in legal order."""
    legal = state.legal_actions()
    by_id = enc.by_id(legal)
    assert len(by_id) == len(legal), [str(a) for a in legal]  # none unreachable
    ids = [enc.encode(state, a) for a in legal]
    assert sorted(ids) == sorted(by_id) == enc.legal_ids(state)
    for action, i in zip(legal, ids, strict=True):
        assert 0 <= i < enc.num_distinct_actions
        back = enc.decode(state, i)
        assert back == action and str(back) == str(action)
        first = enc.id_of(action)
        assert first <= i < first + 16
        assert enc.id_of(enc.action_of(i)) == first
        assert enc.block_of(i) == enc.block_of(first)
    mask = enc.mask(state)
    assert len(mask) == enc.num_distinct_actions and mask.count(1) == len(ids)
    return ids


def walk(rules: Rules, seed: int, *, declare: float = 0.0, seen: set[Action] | None = None
         ) -> int:
    """A random deal checked at every state, from the deal and from the observation of the
    seat to move; ``declare``: how often a declaration is chosen where one is legal (a
    declaring player tables more cards, so more copies differ). Returns the states checked."""
    enc = encoding(rules, factored=True)
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
    states = 0
    while not deal.is_over:
        ids = check_state(enc, deal)
        assert deal.to_move is not None
        assert check_state(enc, deal.observation(deal.to_move)) == ids
        legal = deal.legal_actions()
        if seen is not None:
            seen.update(legal)
        melds = [a for a in legal if isinstance(a, Meld | Announce)]
        legal = [a for a in legal if not isinstance(a, CallOut)] or legal  # play the deal out
        deal.apply(rng.choice(melds if melds and rng.random() < declare else legal))
        states += 1
    assert enc.legal_ids(deal) == []
    return states


@pytest.mark.parametrize("name", BUILTIN_PROFILES)
def test_every_state_of_random_deals_is_a_bijection(name: str) -> None:
    rules = load_profile(name)
    seen: set[Action] = set()
    for seed in range(3):
        assert walk(rules, seed, seen=seen) > 20
        walk(rules, 100 + seed, declare=0.9, seen=seen)
    assert any(isinstance(a, Meld) for a in seen)


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(BUILTIN_PROFILES), seed=st.integers(0, 10**6),
       declare=st.sampled_from([0.0, 0.9]))
def test_random_deals_of_every_profile_keep_the_bijection(
    name: str, seed: int, declare: float
) -> None:
    walk(load_profile(name), seed, declare=declare)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=profiles(), seed=st.integers(0, 10**6))
def test_random_deals_of_house_variations_keep_the_bijection(rules: Rules, seed: int) -> None:
    walk(rules, seed, declare=0.9)


def test_sizes_are_small_and_pinned() -> None:
    sizes = {n: encoding(load_profile(n), factored=True).num_distinct_actions for n in SIZES}
    assert sizes == SIZES and set(SIZES) == set(BUILTIN_PROFILES)
    assert max(sizes.values()) <= 10_000
    for name in SIZES:  # never larger than the flat space
        assert sizes[name] <= encoding(load_profile(name)).num_distinct_actions


def test_a_play_is_its_face_and_copies_that_differ_take_the_next_qualifier() -> None:
    # the R10 position of docs/encoding.md: QSa tabled in a bezique, QSb in the hand
    rules = load_profile("bezique")
    deal = Deal.from_position(
        rules, hands=["QS JD QS 7H 8H 9H AC KC", "7S 8S 9S 7C 8C 9C 10C JC"],
        stock="AH AH 10H 10H KH KH QH QH JH JH AD", turn_up="9D", dealer=1)
    for action in ("play 7H", "play 7S", "meld bezique QSa JD", "draw"):
        deal.apply(action)
    enc = encoding(rules, factored=True)
    plays = {str(a): enc.encode(deal, a) for a in deal.legal_actions()}
    queen = enc.id_of(Play("QS"))
    assert plays["play QSa"] == queen and plays["play QSb"] == queen + 1
    assert enc.id_of(Play("QSb")) == queen  # a face's first id, whichever copy
    assert enc.decode(deal, queen + 1) == Play("QSb")
    assert str(enc.action_of(queen + 1)) == "play QS"
    check_state(enc, deal)


def test_declarations_with_different_copies_are_both_reachable() -> None:
    # QSa tabled in a bezique, QSb in a marriage: four queens with either is legal and they
    # differ (R10); one form, two qualifiers
    deal = two_queens_of_spades_tabled()
    rules = deal.rules
    first = Announce("four_queens", ("QSa", "QH", "QD", "QC"))
    second = Announce("four_queens", ("QSb", "QH", "QD", "QC"))
    enc = encoding(rules, factored=True)
    base = enc.id_of(first)
    assert enc.id_of(second) == base
    assert {enc.encode(deal, first), enc.encode(deal, second)} == {base, base + 1}
    check_state(enc, deal)


def test_a_form_past_its_width_loses_the_later_actions_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The one loss documented: with fewer qualifiers than legal actions of one form, those
    past the width have no id (here with a width of 1, the later of the two four queens
    above)."""
    rules = load_profile("bezique")
    deal = Deal.from_position(
        rules,
        hands=["QS JD QS KS QH QD QC AC", "7S 8S 9S 7C 8C 9C 10C JC"],
        stock="AH AH 10H 10H KH KH 8H 8H JH JH AD 9D", turn_up="9D", dealer=1, reachable=False)
    for action in ("play AC", "play 7S", "meld bezique QSa JD", "draw", "play AH", "play 8S",
                   "meld marriage KS QSb"):
        deal.apply(action)
    monkeypatch.setattr(factored, "QUALIFIERS", 1)
    narrow = factored.layout(rules)
    enc = FactoredEncoding(rules, narrow.size, encoding(rules, factored=True).blocks, narrow)
    legal = deal.legal_actions()
    kept = enc.by_id(legal)
    lost = [a for a in legal if a not in kept.values()]
    first = Announce("four_queens", ("QSa", "QH", "QD", "QC"))
    second = Announce("four_queens", ("QSb", "QH", "QD", "QC"))
    later = max(first, second, key=legal.index)
    assert lost == [later]
    with pytest.raises(EncodingError, match=r"more than .* share its form"):
        enc.encode(deal, lost[0])


def test_dix_and_simple_actions_have_one_id_each_but_a_scored_dix_exchange() -> None:
    enc = encoding(load_profile("bezique"), factored=True)
    assert {b.name: b.size for b in enc.blocks}["dix show"] == 1
    assert enc.id_of(DixExchange("7Hb")) == enc.id_of(DixExchange("7S"))
    assert enc.block_of(enc.id_of(Draw())).name == "draw"
    assert str(enc.action_of(enc.id_of(DixExchange("7C")))) == "dix exchange"


def test_errors_name_the_id_or_the_action() -> None:
    enc = encoding(load_profile("bezique"), factored=True)
    deal = Deal.new(enc.rules, seed=1)
    with pytest.raises(EncodingError, match="out of range"):
        enc.action_of(enc.num_distinct_actions)
    with pytest.raises(EncodingError, match="not legal here"):
        enc.decode(deal, enc.id_of(Draw()))
    with pytest.raises(EncodingError, match="not a legal action"):
        enc.encode(deal, Draw())
    with pytest.raises(EncodingError, match="no id"):
        enc.id_of(Meld("bezique", ("QH", "JD")))


def test_choose_encoding_keeps_the_flat_space_up_to_the_limit() -> None:
    for name in BUILTIN_PROFILES:
        rules = load_profile(name)
        flat = encoding(rules)
        chosen = choose_encoding(rules)
        assert chosen.factored == (flat.num_distinct_actions > FLAT_LIMIT)
        assert choose_encoding(rules, "flat") is flat
        assert choose_encoding(rules, "factored") is encoding(rules, factored=True)
    with pytest.raises(ValueError, match="expected one of auto, flat, factored"):
        choose_encoding(load_profile("bezique"), "dense")


def test_the_docs_table_gives_the_factored_sizes_of_the_code() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## The factored form") :]
    section = section[: section.index("\n## ", 1)]
    rows = {name: (flat, small) for name, flat, small in
            re.findall(r"^\| `([a-z-]+)` \| ([\d,]+) \| ([\d,]+) \|", section, re.M)}
    assert set(rows) == set(BUILTIN_PROFILES)
    for name, (flat, small) in rows.items():
        rules = load_profile(name)
        assert int(flat.replace(",", "")) == encoding(rules).num_distinct_actions, name
        assert int(small.replace(",", "")) == SIZES[name], name
