"""docs/rules.md#invariants hold over random deals of every built-in profile and of
house variations of them (bounded example counts: multi-pack deals are long)."""

from __future__ import annotations

import doctest
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings

from bezique import Deal, list_profiles, load_profile
from bezique.check import invariants, strategies
from bezique.check.invariants import (
    InvariantError,
    check,
    check_playout,
    conservation,
    dix_total,
    hand_size,
    scores,
    tricks,
)
from bezique.check.strategies import Playout, playouts, positions, profiles
from bezique.cli import check as cli_check
from bezique.compile import compile_rules

LONG_DEALS = {name for name in list_profiles() if compile_rules(load_profile(name)).pack_size > 64}
"""Profiles whose deals take hundreds of plies (multi-pack): checked on fewer deals."""


def _examples(name: str) -> int:
    return 2 if name in LONG_DEALS else 8


SETTINGS = {"database": None, "deadline": None, "suppress_health_check": list(HealthCheck)}


@pytest.mark.parametrize("name", list_profiles())
def test_every_invariant_holds_over_random_deals_of_each_builtin_profile(name: str) -> None:
    @settings(max_examples=_examples(name), **SETTINGS)  # type: ignore[arg-type]
    @given(playouts(load_profile(name)))
    def run(playout: Playout) -> None:
        deal = check_playout(playout)
        assert deal.is_over

    run()


@settings(max_examples=25, **SETTINGS)  # type: ignore[arg-type]
@given(playouts(profiles(base="bezique")))
def test_every_invariant_holds_for_house_variations_of_bezique(playout: Playout) -> None:
    check_playout(playout)


@settings(max_examples=25, **SETTINGS)  # type: ignore[arg-type]
@given(positions(profiles(), max_plies=60))
def test_every_state_invariant_holds_mid_deal_for_house_variations(deal: Deal) -> None:
    check(deal)


def test_a_finished_bezique_deal_has_32_tricks_170_trick_points_and_20_dix() -> None:
    """R4/R6 figures for `bezique`, derived by the invariants from the profile."""
    rules = load_profile("bezique")
    deal = Deal.new(rules, seed=3)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[-1])
    tricks(deal)
    dix_total(deal)
    points = sum(e.points for e in deal.events
                 if e.kind == "score" and e.reason in ("brisques", "last_trick"))
    assert deal.tricks_played == 32 and points == 170
    assert sum(e.points for e in deal.events if e.reason == "dix") == 20


def test_conservation_with_from_position_allows_cards_already_played() -> None:
    rules = load_profile("bezique")
    deal = Deal.from_position(rules, hands=["AS 10S KS", "AH 10H KH"], stock="7D 8D 9C",
                              reachable=False)
    with pytest.raises(InvariantError, match=r"invariant 1 \(conservation\)"):
        conservation(deal)
    conservation(deal, dealt=False)
    check(deal, dealt=False)


def test_hand_size_failure_names_invariant_2_and_the_player() -> None:
    rules = load_profile("bezique")
    deal = Deal.from_position(rules, hands=["AS 10S KS", "AH 10H KH QH JH 9H 8H 7H"],
                              stock="7D 8D 9C", reachable=False)
    with pytest.raises(InvariantError) as info:
        hand_size(deal)
    assert info.value.number == 2 and "P0 holds 3 cards" in str(info.value)


def test_scores_failure_names_invariant_5_when_given_scores_have_no_events() -> None:
    rules = load_profile("bezique")
    deal = Deal.from_position(rules, hands=["AS", "AH"], stock="7D 8D", scores=(10, 0),
                              reachable=False)
    with pytest.raises(InvariantError, match=r"invariant 5 \(scores\)"):
        scores(deal)
    scores(deal, dealt=False)


def test_a_deal_that_never_ends_is_reported_as_invariant_6_not_a_hang() -> None:
    rules = load_profile("bezique")
    deal = Deal.new(rules, seed=1)
    actions = []
    for _ in range(10):
        action = deal.legal_actions()[0]
        actions.append(str(action))
        deal.apply(action)
    cut = Playout(rules, 1, 0, tuple(actions), (0,) * 10, finished=False)
    assert not check_playout(cut).is_over  # a prefix is fine
    with pytest.raises(InvariantError, match=r"invariant 6 \(tricks\).*did not end"):
        check_playout(cut, per_ply=False, max_plies=10)


def test_invariant_error_is_an_assertion_error_naming_number_name_ply_and_evidence() -> None:
    exc = InvariantError(8, "QS scored twice", evidence="dix awards: 7S 7S").at_ply(12)
    assert isinstance(exc, AssertionError)
    assert (exc.number, exc.name, exc.ply) == (8, "dix", 12)
    assert str(exc) == ("invariant 8 (dix) broken at ply 12: QS scored twice\n"
                        "  evidence: dix awards: 7S 7S")


HOUSE_RULES = sorted((Path(__file__).resolve().parent.parent / "examples" / "house-rules")
                     .glob("*.toml"))


@pytest.mark.parametrize("path", HOUSE_RULES, ids=lambda p: p.stem)
def test_every_invariant_holds_for_the_example_house_rules(path: Path) -> None:
    rules = load_profile(path)

    @settings(max_examples=1 if compile_rules(rules).pack_size > 64 else 2,
              **SETTINGS)  # type: ignore[arg-type]
    @given(playouts(rules))
    def run(playout: Playout) -> None:
        check_playout(playout)

    run()


@pytest.mark.parametrize("module", [invariants, strategies, cli_check])
def test_toolkit_docstring_examples_run(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted and not result.failed
