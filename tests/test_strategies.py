"""`bezique.check.strategies`: valid profiles knob by knob, fresh deals, reachable positions, legal
actions and replayable playouts; registered with hypothesis through the entry point."""

from __future__ import annotations

import inspect

import pytest
from conftest import patches_the_engine, plant_duplicating_draw
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bezique import Deal, Rules, list_profiles, load_profile, profile_from_toml
from bezique.check.invariants import InvariantError, check_playout
from bezique.check.strategies import (
    JOKER_KNOBS,
    KNOBS,
    Playout,
    actions,
    deals,
    legal_actions,
    playouts,
    positions,
    profiles,
)

SETTINGS = settings(max_examples=20, database=None, deadline=None,
                    suppress_health_check=list(HealthCheck))


@SETTINGS
@given(profiles())
def test_drawn_profiles_are_valid_and_round_trip_through_toml(rules: Rules) -> None:
    assert profile_from_toml(rules.to_toml()) == rules


@SETTINGS
@given(profiles(base="pinochle"))
def test_profiles_restricted_to_a_base_keep_what_no_knob_changes(rules: Rules) -> None:
    base = load_profile("pinochle")
    assert rules.name in (base.name, f"{base.name}-variant")
    assert set(rules.melds.table) == set(base.melds.table)


def test_profiles_vary_knobs_of_rules_section_3() -> None:
    seen: set[str] = set()

    @settings(max_examples=40, database=None, deadline=None)
    @given(profiles(base=load_profile("bezique")))
    def collect(rules: Rules) -> None:
        seen.add(rules.endgame.obligation)
        seen.add(rules.trump.selection)

    collect()
    assert {"follow_only", "first_marriage"} & seen
    assert "endgame.obligation" in KNOBS and "follow_only" in KNOBS["endgame.obligation"]


def test_profiles_vary_the_joker_knobs_on_a_base_with_jokers() -> None:
    """docs/rules.md#knobs-jokers: each drawn variation of ``joker`` is valid, and the draws
    reach the joker keys (a turned-up trump always with ``jokers.turned_up = "diamonds"``)."""
    seen: set[tuple[str, object]] = set()

    @settings(max_examples=60, database=None, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(profiles(base="joker"))
    def collect(rules: Rules) -> None:
        assert profile_from_toml(rules.to_toml()) == rules
        if rules.pack.jokers and rules.trump.selection.startswith("turn_up"):
            assert rules.jokers.turned_up == "diamonds"
        j = rules.jokers
        seen.update({("max_per_meld", j.max_per_meld), ("reuse", j.reuse),
                     ("endgame_play", j.endgame_play), ("wild_in", len(j.wild_in)),
                     ("jokers", rules.pack.jokers)})

    collect()
    assert {("max_per_meld", 4), ("reuse", "never"), ("endgame_play", "last_resort")} <= seen
    assert ("wild_in", 4) in seen and any(k == "wild_in" and v != 4 for k, v in seen)
    assert "jokers.max_per_meld" in JOKER_KNOBS and "jokers.max_per_meld" not in KNOBS


@SETTINGS
@given(st.from_type(Rules))
def test_from_type_rules_draws_profiles_through_the_entry_point(rules: Rules) -> None:
    assert rules.name.removesuffix("-variant") in list_profiles()
    assert profile_from_toml(rules.to_toml()) == rules


@settings(max_examples=5, database=None, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.from_type(Deal))
def test_from_type_deal_draws_fresh_deals(deal: Deal) -> None:
    assert deal.tricks_played == 0 and not deal.trick


@SETTINGS
@given(deals(load_profile("bezique"), dealer=1))
def test_deals_are_fresh_seeded_deals(deal: Deal) -> None:
    assert deal.dealer == 1 and deal.seed is not None
    assert deal == Deal.new(deal.rules, seed=deal.seed, dealer=1)


@SETTINGS
@given(st.data())
def test_actions_draws_one_legal_action(data: st.DataObject) -> None:
    deal = data.draw(positions("bezique", max_plies=30))
    if deal.is_over:
        with pytest.raises(ValueError, match="over"):
            actions(deal)
        return
    action = data.draw(legal_actions(deal))
    assert action in deal.legal_actions()
    deal.apply(action)


@SETTINGS
@given(playouts("bezique"))
def test_playouts_are_whole_deals_that_replay_from_seed_and_actions(playout: Playout) -> None:
    deal = playout.replay()
    assert playout.finished and deal.is_over
    again = Deal.new(playout.rules, seed=playout.seed, dealer=playout.dealer)
    for index in playout.choices:
        again.apply(again.legal_actions()[index])
    assert again == deal
    assert str(playout.seed) in repr(playout)


@SETTINGS
@given(playouts("bezique", max_plies=12, prefix=True))
def test_prefix_playouts_stop_within_the_ply_bound(playout: Playout) -> None:
    assert len(playout.actions) <= 12
    assert playout.finished == playout.replay().is_over


@SETTINGS
@given(playouts("bezique", checked=True))
def test_checked_playouts_of_a_sound_engine_are_whole_deals(playout: Playout) -> None:
    assert playout.finished and playout.replay().is_over


@patches_the_engine
def test_checked_playouts_stop_at_the_first_ply_that_breaks_an_invariant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plant_duplicating_draw(monkeypatch)
    lengths: list[int] = []

    @SETTINGS
    @given(playouts("bezique", checked=True))
    def drawn(playout: Playout) -> None:
        assert not playout.finished
        with pytest.raises(InvariantError) as failed:
            check_playout(playout)
        assert failed.value.number == 1 and failed.value.ply == len(playout.actions)
        lengths.append(len(playout.actions))

    drawn()
    assert lengths and max(lengths) < 20  # the first draw, not a whole deal of some 90 plies


@pytest.mark.parametrize("strategy", [profiles, deals, positions, playouts])
def test_strategy_options_are_keyword_only(strategy: object) -> None:
    params = inspect.signature(strategy).parameters.values()  # type: ignore[arg-type]
    options = [p for p in params if p.default is not inspect.Parameter.empty]
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in options)
