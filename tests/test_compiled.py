"""The compiled build (docs/compiled.md): `bezique.COMPILED` tells the truth, and what mypyc
needs of the source (an explicit `Deal.clone`, `STATE_FIELDS`) keeps a deal whole."""

from __future__ import annotations

import importlib
import os
import pickle
import random
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

import bezique
from bezique._mypyc import HOT_PATH
from bezique.state import STATE_FIELDS


def _played(profile: str, seed: int, plies: int) -> bezique.Deal:
    deal = bezique.Deal.new(bezique.load_profile(profile), seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    for _ in range(plies):
        if deal.is_over:
            break
        legal = deal.legal_actions()
        deal.apply(legal[int(rng.random() * len(legal))])
    return deal


def _is_extension(module: str) -> bool:
    path = importlib.import_module(f"bezique.{module}").__file__ or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def test_compiled_says_whether_the_hot_path_modules_are_extension_modules() -> None:
    assert {name: _is_extension(name) for name in HOT_PATH} == dict.fromkeys(
        HOT_PATH, bezique.COMPILED
    )


@pytest.mark.skipif(
    os.environ.get("BEZIQUE_EXPECT_COMPILED") != "1",
    reason="set BEZIQUE_EXPECT_COMPILED=1 where the compiled build must be the one running (CI)",
)
def test_the_compiled_build_runs_where_it_is_expected() -> None:
    assert bezique.COMPILED


def test_state_fields_are_the_slots_of_a_deal() -> None:
    deal = _played("bezique", 1, 10)
    if not bezique.COMPILED:  # a compiled class keeps its fields natively, not as __slots__
        slots = {name for cls in type(deal).__mro__ for name in getattr(cls, "__slots__", ())}
        assert set(STATE_FIELDS) == slots
    for name in STATE_FIELDS:
        getattr(deal, name)  # every field is set


@pytest.mark.parametrize("profile", ["bezique", "chinese", "pinochle", "five-hundred", "rubicon"])
def test_clone_copies_every_field_and_shares_no_mutable_part(profile: str) -> None:
    deal = _played(profile, 3, 25)
    copy = deal.clone()
    assert copy == deal
    for name in STATE_FIELDS:
        mine, theirs = getattr(deal, name), getattr(copy, name)
        assert mine == theirs, name
        if isinstance(mine, list):
            assert mine is not theirs, name
    if not deal.is_over:
        copy.apply(copy.legal_actions()[0])
        assert copy != deal
        assert deal == _played(profile, 3, 25)


def test_a_deal_pickles_and_undoes_through_its_state_fields() -> None:
    deal = _played("bezique", 5, 30)
    again = pickle.loads(pickle.dumps(deal))
    assert again == deal and again.legal_actions() == deal.legal_actions()
    last = deal.actions[-1]
    assert deal.undo() == last
    assert deal == _played("bezique", 5, 29)


def test_actions_keep_their_attrs_fields_in_either_build() -> None:
    from attrs import fields

    from bezique.actions import Announce, DixExchange, DixShow, Meld, Play

    assert [a.name for a in fields(Meld)] == [a.name for a in fields(Announce)] == [
        "name", "cards", "qualify",
    ]
    assert [a.name for a in fields(Play)] == [a.name for a in fields(DixShow)] == [
        "card", "qualify",
    ]
    meld = Meld("bezique", ["QS", "JD"])
    assert repr(meld) == "Meld(name='bezique', cards=(Card('QS'), Card('JD')))"
    assert (str(meld), str(Announce("bezique", ["QS", "JD"]))) == (
        "meld bezique QS JD", "announce bezique QS JD",
    )
    assert str(DixExchange("7H")) == "dix exchange" and str(DixShow("7H", True)) == "dix show 7Ha"


def test_from_position_takes_score_pairs_given_as_lists_in_either_build() -> None:
    rules = bezique.load_profile("besigue")
    deal = bezique.Deal.from_position(rules, hands=("AS", "AS"), totals=[10, 20], scores=[3, 4])
    assert (deal.totals, deal.scores) == ((10, 20), (3, 4))
