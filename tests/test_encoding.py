"""The fixed action encoding (bezique.encoding, docs/encoding.md): a bijection between each
state's legal actions and ids below the profile's ``num_distinct_actions``."""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
import pytest
from conftest import BUILTIN_PROFILES, played, two_queens_of_spades_tabled
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jokers import JOKER_PROFILES, quartet_position

from bezique import Deal, load_profile, profile_from_toml
from bezique.actions import Action, Announce, CallOut, DixShow, Draw, Meld, Play
from bezique.cards import card_name
from bezique.check.strategies import profiles
from bezique.encoding import ActionEncoding, EncodingError, State, encoding
from bezique.observation import Observation
from bezique.rules import FrozenMap, Rules

DOC = Path(__file__).resolve().parent.parent / "docs" / "encoding.md"

SIZES = {
    "besigue": 971,
    "bezique": 971,
    "bezique-first-marriage": 955,
    "chinese": 217882,
    "eight-pack": 914449,
    "five-hundred": 63,
    "four-handed": 23307,
    "joker": 41125,
    "joker-four": 41125,
    "joker-partnership": 41125,
    "pinochle": 523,
    "partnership": 23308,
    "rubicon": 31468,
    "three-handed": 6207,
}
"""The pinned sizes: a change here changes every id of a profile (docs/encoding.md#stability)."""


def check_state(enc: ActionEncoding, state: State) -> list[int]:
    """Every property of the encoding at one state; returns the ids of its legal actions."""
    legal = state.legal_actions()
    ids = [enc.encode(state, a) for a in legal]
    assert len(set(ids)) == len(ids), [str(a) for a in legal]
    assert all(0 <= i < enc.num_distinct_actions for i in ids)
    for action, i in zip(legal, ids, strict=True):
        back = enc.decode(state, i)
        assert back == action and str(back) == str(action)
        assert enc.id_of(enc.action_of(i)) == i
    assert enc.legal_ids(state) == sorted(ids)
    mask = enc.mask(state)
    assert len(mask) == enc.num_distinct_actions
    assert mask.count(1) == len(ids) and all(mask[i] == 1 for i in ids)
    return ids


def walk(name: str | Rules, seed: int, *, call_out: bool = True,
         seen: set[Action] | None = None) -> int:
    """Play a random deal of ``name`` (or of these rules), checking the encoding at every
    state, from the deal and from the observation of the player to move; returns the states
    checked. ``call_out``: whether a random call-out may end the deal early; ``seen`` collects
    every legal action met."""
    rng = random.Random(seed)
    rules = load_profile(name) if isinstance(name, str) else name
    deal = Deal.new(rules, seed=seed, dealer=seed % 2)
    enc = encoding(deal.rules)
    states = 0
    while not deal.is_over:
        ids = check_state(enc, deal)
        assert deal.to_move is not None
        assert check_state(enc, deal.observation(deal.to_move)) == ids
        legal = deal.legal_actions()
        if seen is not None:
            seen.update(legal)
        if not call_out:
            legal = [a for a in legal if not isinstance(a, CallOut)] or legal
        deal.apply(rng.choice(legal))
        states += 1
    assert enc.legal_ids(deal) == [] and enc.mask(deal).count(1) == 0
    return states


@pytest.mark.parametrize("name", BUILTIN_PROFILES)
def test_every_state_of_a_deal_maps_legal_actions_to_distinct_round_tripping_ids(
    name: str,
) -> None:
    assert walk(name, seed=3, call_out=False) > 20


@settings(max_examples=24, deadline=None)
@given(name=st.sampled_from(BUILTIN_PROFILES), seed=st.integers(0, 10**6))
def test_random_deals_of_every_profile_keep_the_bijection(name: str, seed: int) -> None:
    walk(name, seed)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=profiles(), seed=st.integers(0, 10**6))
def test_random_deals_of_house_variations_keep_the_bijection(rules: Rules, seed: int) -> None:
    # the variations reach the blocks no built-in profile uses: draw turn_up, done
    walk(rules, seed)


def test_house_rules_add_the_blocks_they_need() -> None:
    base = load_profile("bezique")
    house = base.replace(
        last_stock=attrs.evolve(base.last_stock, winner_chooses=True),
        melds=attrs.evolve(base.melds, timing="after_draw", pending="none"),
    )
    enc = encoding(house)
    names = [b.name for b in enc.blocks]
    assert names == ["play", "meld", "dix show", "dix exchange", "draw", "draw turn_up", "done"]
    deal, seen = Deal.new(house, seed=2), set()
    rng = random.Random(2)
    while not deal.is_over:
        check_state(enc, deal)
        seen.update(enc.block_of(i).name for i in enc.legal_ids(deal))
        deal.apply(rng.choice(deal.legal_actions()))
    assert {"draw turn_up", "done"} <= seen


@pytest.mark.parametrize(
    ("name", "step"),
    [("bezique", 1), ("pinochle", 1), ("five-hundred", 1), ("rubicon", 7), ("chinese", 101),
     ("eight-pack", 997), ("joker", 1)],
)
def test_every_id_names_one_action_and_back(name: str, step: int) -> None:
    enc = encoding(load_profile(name))
    ids = range(0, enc.num_distinct_actions, step)
    assert [enc.id_of(enc.action_of(i)) for i in ids] == list(ids)
    if step == 1:
        assert len({enc.action_of(i) for i in ids}) == enc.num_distinct_actions


def test_the_sizes_of_the_built_in_profiles_are_pinned() -> None:
    assert {name: encoding(load_profile(name)).num_distinct_actions for name in SIZES} == SIZES
    assert set(SIZES) == set(BUILTIN_PROFILES)


def test_a_few_ids_per_profile_are_pinned() -> None:
    bezique = encoding(load_profile("bezique"))
    assert bezique.id_of(Play("AS")) == 0
    assert bezique.id_of(Play("7Cb")) == 63
    assert bezique.id_of(Meld("bezique", ("QS", "JD"))) == 64
    assert bezique.id_of(Draw()) == 970
    assert named(bezique.action_of(100)) == "four_aces ASa ADa ADb ACa"
    five = encoding(load_profile("five-hundred"))
    assert five.id_of(CallOut()) == 62 and five.id_of(DixShow("7H")) == 54
    eight = encoding(load_profile("eight-pack"))
    assert named(eight.action_of(456_000)) == "trump_king_quintet KDb KDc KDf KDg KDh"
    assert eight.id_of(eight.action_of(456_000)) == 456_000


def named(action: Action) -> str:
    """A declaration's name and cards, every copy letter written."""
    assert isinstance(action, Meld | Announce)
    return " ".join([action.name, *(card_name(c, copies=True) for c in action.cards)])


def test_ids_depend_on_the_rules_content_not_the_meld_table_order() -> None:
    rules = load_profile("rubicon")
    table = rules.melds.table
    reordered = attrs.evolve(
        rules,
        name="reordered",
        melds=attrs.evolve(rules.melds, table=FrozenMap(dict(reversed(list(table.items()))))),
    )
    assert reordered.digest == rules.digest
    ours, theirs = encoding(rules), encoding(reordered)
    assert ours.blocks == theirs.blocks
    assert [str(ours.action_of(i)) for i in range(0, 31468, 97)] == [
        str(theirs.action_of(i)) for i in range(0, 31468, 97)
    ]


def test_an_illegal_action_or_id_raises_encoding_error() -> None:
    deal = played("bezique", seed=1, plies=0)
    enc = encoding(deal.rules)
    with pytest.raises(EncodingError, match="not a legal action"):
        enc.encode(deal, Draw())
    with pytest.raises(EncodingError, match="not legal here"):
        enc.decode(deal, enc.id_of(Draw()))
    with pytest.raises(EncodingError, match="out of range"):
        enc.decode(deal, enc.num_distinct_actions)
    with pytest.raises(EncodingError, match="out of range"):
        enc.action_of(-1)
    with pytest.raises(EncodingError, match="no id"):
        enc.id_of(CallOut())  # bezique has no call-out block
    with pytest.raises(EncodingError, match="no id"):
        enc.id_of(Meld("bezique", ("QH", "JD")))
    assert issubclass(EncodingError, ValueError)


def test_encoding_is_built_once_per_rules() -> None:
    rules = load_profile("pinochle")
    assert encoding(rules) is encoding(load_profile("pinochle"))


def test_copies_with_different_consequences_get_different_ids() -> None:
    # P0 has declared a bezique (QS on the table) and holds a second QS: both queens are
    # legal plays with different consequences (R10), qualified and told apart by their ids
    deal = played("bezique", seed=0, plies=0)
    for seed in range(200):
        deal = played("bezique", seed=seed, plies=60)
        plays = [a for a in deal.legal_actions() if isinstance(a, Play)]
        kinds = [int(a.card) >> 3 for a in plays]
        if len(set(kinds)) < len(kinds):
            break
    else:
        pytest.fail("no state with two plays of one kind in 200 deals")
    enc = encoding(deal.rules)
    ids = [enc.encode(deal, a) for a in plays]
    assert len(set(ids)) == len(ids)
    assert any(str(a)[-1] in "ab" for a in plays)


def test_the_observation_gives_the_same_ids_as_the_deal() -> None:
    deal = played("chinese", seed=5, plies=40)
    assert deal.to_move is not None
    seen = deal.observation(deal.to_move)
    assert isinstance(seen, Observation)
    enc = encoding(deal.rules)
    assert enc.legal_ids(seen) == enc.legal_ids(deal)
    assert enc.mask(seen) == enc.mask(deal)


def test_the_docs_table_gives_the_sizes_of_the_code() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Sizes of the built-in profiles") :]
    section = section[: section.index("\n## ", 1)]
    rows = re.findall(r"^\| `([a-z-]+)` \|(.*)\|\s*$", section, re.M)
    documented = {}
    for name, cells in rows:
        numbers = [int(x.strip().replace(",", "") or 0) for x in cells.split("|")]
        documented[name] = numbers
    assert set(documented) == set(BUILTIN_PROFILES)
    for name, numbers in documented.items():
        enc = encoding(load_profile(name))
        sizes = {b.name: b.size for b in enc.blocks}
        columns = ["play", "meld", "announce", "dix show", "dix exchange"]
        others = enc.num_distinct_actions - sum(sizes.get(c, 0) for c in columns)
        assert numbers == [*(sizes.get(c, 0) for c in columns), others,
                           enc.num_distinct_actions], name



def test_two_tabled_copies_in_different_declarations_get_different_ids() -> None:
    # QSa tabled in a bezique, QSb in a marriage: four queens with either is legal and they
    # differ (R10), though both take the same kinds, each with its queen of spades from the
    # table. Only the copy tells them apart, so the id names the copy.
    deal = two_queens_of_spades_tabled()
    rules = deal.rules
    first = Announce("four_queens", ("QSa", "QH", "QD", "QC"))
    second = Announce("four_queens", ("QSb", "QH", "QD", "QC"))
    assert first in deal.legal_actions() and second in deal.legal_actions()
    enc = encoding(rules)
    assert enc.encode(deal, first) != enc.encode(deal, second)
    assert check_state(enc, deal)



@pytest.mark.parametrize("name", JOKER_PROFILES)
def test_every_legal_action_of_random_joker_states_encodes_and_decodes(name: str) -> None:
    """Random deals of the joker profiles: every legal action of every state (from the deal
    and from the observation of the seat to move) has a distinct id that decodes to it, joker
    plays among them; so has four jacks with a joker (JB-03) and every other action at the
    declaring turn that offers it."""
    enc = encoding(load_profile(name))
    seen: set[Action] = set()
    for seed in range(4):
        walk(name, seed, seen=seen)
    assert {Play(x) for x in ("JK", "JKb", "JKc", "JKd")} & seen
    deal = quartet_position(name)
    wild = Meld("four_jacks", ("JS", "JH", "JC", "JK"))
    assert wild in deal.legal_actions() and check_state(enc, deal)
    assert enc.decode(deal, enc.encode(deal, wild)) == wild
    assert check_state(enc, deal.observation(0)) == check_state(enc, deal)


def test_a_joker_has_a_play_id_after_the_suits_and_completes_a_quartet_with_ids_of_its_own(
) -> None:
    """The play block ends with the four jokers; four jacks with a joker for the J♦ (JB-03,
    source: PH, FRW, BC-R §4.2, HB, CPU, M4) are a pattern of their own, whose id names which
    joker: apart from the four natural jacks, and apart from each other joker."""
    enc = encoding(load_profile("joker"))
    assert [enc.id_of(Play(x)) for x in ("7Cd", "JK", "JKb", "JKc", "JKd")] == [
        127, 128, 129, 130, 131]
    assert enc.action_of(131) == Play("JKd")
    natural = Meld("four_jacks", ("JS", "JH", "JD", "JC"))
    wild = [Meld("four_jacks", ("JS", "JH", "JC", joker)) for joker in ("JK", "JKb", "JKd")]
    ids = [enc.id_of(m) for m in (natural, *wild)]
    assert len(set(ids)) == 4
    assert [enc.action_of(i) for i in ids] == [natural, *wild]
    assert all(enc.block_of(i).name == "meld" for i in ids)
    with pytest.raises(EncodingError, match="no id"):
        enc.id_of(Meld("four_jacks", ("JS", "JH", "JK", "JKb")))  # one joker a quartet (DJ9)
    with pytest.raises(EncodingError, match="no id"):
        enc.id_of(Meld("bezique", ("QS", "JK")))  # no joker in a bezique (DJ8)


def test_a_joker_is_never_a_dix_in_the_encoding() -> None:
    """With a turned-up trump (DJ1, BC-R §1.6; ``jokers.turned_up``) the dix blocks hold the
    four sevens of each suit, never a joker, though a joker's bits read rank 7."""
    rules = profile_from_toml(
        'extends = "joker"\nname = "joker-turn-up"\n[trump]\nselection = "turn_up_next"\n'
        '[jokers]\nturned_up = "diamonds"\n[dix]\nturn_up_scores = true\n'
        'exchange_allowed = true\nshow_allowed = true\n')
    enc = encoding(rules)
    sizes = {b.name: b.size for b in enc.blocks}
    assert sizes["dix show"] == sizes["dix exchange"] == 16
    with pytest.raises(EncodingError, match="no id"):
        enc.id_of(DixShow("JK"))
