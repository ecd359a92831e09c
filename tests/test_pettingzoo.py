"""The PettingZoo environment (bezique.adapters.pettingzoo, docs/ai.md#pettingzoo):
PettingZoo's own API and seed tests for every built-in profile, and what the environment
promises on top."""

from __future__ import annotations

import json
import logging
import pickle
import random
import runpy
from pathlib import Path
from typing import Any

import pytest
from conftest import BUILTIN_PROFILES, TWO_SEAT_PROFILES
from jokers import TWO_JOKERS

pytest.importorskip("pettingzoo", reason="needs the extra: pip install 'bezique[pettingzoo]'")

import numpy as np
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import wrappers

from bezique import Deal, ProfileError, load_profile, profile_from_toml
from bezique.adapters.pettingzoo import AGENTS, ILLEGAL_REWARD, checked_env, env, raw_env
from bezique.adapters.tensors import ArrayTensor
from bezique.encoding import EncodingError, choose_encoding, encoding
from bezique.features import observation_size, observation_tensor
from bezique.rules import Rules
from bezique.settlement import Settlement, settle

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "pettingzoo_random.py"
DOC = ROOT / "docs" / "ai.md"

BIG = 10_000
"""Action spaces from this size on (rubicon, chinese, eight-pack) get fewer test cycles: the
test tools compare and sample the whole mask at every step."""


def cycles(name: str, small: int, big: int) -> int:
    """``small`` test cycles for a profile with a small action space, ``big`` otherwise."""
    return small if choose_encoding(load_profile(name)).num_distinct_actions < BIG else big


def random_id(observed: dict[str, Any], rng: random.Random) -> int:
    """A legal id drawn from the observation's mask."""
    ids: list[int] = np.flatnonzero(observed["action_mask"]).tolist()
    return rng.choice(ids)


@pytest.mark.parametrize("name", [*BUILTIN_PROFILES, "two-jokers"])
def test_the_array_tensor_is_the_feature_tensor_at_every_state(name: str) -> None:
    """`ArrayTensor.new` and `.fill`, whichever way its card counts are looked up (aligned
    bytes, bytes put in order, one gather a table: two-jokers), give `observation_tensor` of
    every seat's observation at every state of a random deal."""
    rules = profile_from_toml(TWO_JOKERS) if name == "two-jokers" else load_profile(name)
    arrays = ArrayTensor(rules)
    out = np.full(arrays.size, 7.0, np.float32)
    rng = random.Random(5)
    deal = Deal.new(rules, seed=5, dealer=0)
    while True:
        for seat in range(rules.players):
            expected = np.array(observation_tensor(deal.observation(seat)), np.float32)
            made = arrays.new(deal, seat)
            assert made.dtype == np.float32 and np.array_equal(made, expected)
            arrays.fill(deal, seat, out)
            assert np.array_equal(out, expected)
        if deal.is_over:
            break
        legal = deal.legal_actions()
        deal.apply(legal[int(rng.random() * len(legal))])


def settled(rules: Rules, deal: Deal) -> Settlement:
    """The finished deal's settlement as `bezique.Game` makes it (brisques counted in the deal
    are not counted again)."""
    brisques = (0, 0) if rules.brisques.counted == "always" else deal.brisques
    return settle(rules, points=deal.scores, brisques=brisques, called_out=deal.called_out,
                  dealer=deal.dealer)


def expected_reward(rules: Rules, deal: Deal) -> float:
    """P0's reward under ``reward="win"``, computed independently from the settlement."""
    result = settled(rules, deal)
    if result.winner is not None:
        return 1.0 if result.winner == 0 else -1.0
    diff = result.totals[0] - result.totals[1]
    return 1.0 if diff > 0 else -1.0 if diff < 0 else 0.0


def play_out(e: Any, seed: int, rng: random.Random) -> tuple[Deal, dict[str, float]]:
    """Play a whole deal of the environment with random legal ids, checking every observation
    against the space and a native deal driven by the same actions; the native deal and each
    agent's final reward."""
    rules = e.unwrapped.rules
    enc = e.unwrapped.encoding
    e.reset(seed=seed)
    native = Deal.new(rules, seed=seed, dealer=0)
    space = e.observation_space(AGENTS[0])
    finals: dict[str, float] = {}
    for agent in e.agent_iter():
        observed, reward, terminated, truncated, _ = e.last()
        assert space.contains(observed)
        assert not truncated
        if terminated:
            finals[agent] = reward
            e.step(None)
            continue
        assert reward == 0
        assert native.to_move is not None and agent == AGENTS[native.to_move]
        action = random_id(observed, rng)
        native.apply(enc.decode(native, action))
        e.step(action)
    return native, finals


# ---------------------------------------------------------------------- PettingZoo's tests


@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's notes on a Dict observation
def test_api_test_passes(builtin_name: str) -> None:
    api_test(env(builtin_name), num_cycles=cycles(builtin_name, 200, 25))


def test_seed_test_passes(builtin_name: str) -> None:
    seed_test(lambda: env(builtin_name), num_cycles=cycles(builtin_name, 200, 15))


# ---------------------------------------------------------------------- a whole deal


@pytest.mark.parametrize("builtin_name", TWO_SEAT_PROFILES)  # more seats: test_seats_adapters
def test_random_legal_play_ends_with_the_deals_scores_and_zero_sum_rewards(
    builtin_name: str,
) -> None:
    e = env(builtin_name, dealer=0)
    native, finals = play_out(e, seed=11, rng=random.Random(3))
    assert native.is_over
    assert e.unwrapped.deal == native and e.unwrapped.deal.scores == native.scores
    assert e.agents == []
    assert finals[AGENTS[0]] + finals[AGENTS[1]] == 0
    assert finals[AGENTS[0]] == expected_reward(native.rules, native)


def test_points_reward_is_the_settled_point_difference() -> None:
    rules = load_profile("bezique")
    e = env("bezique", dealer=0, reward="points")
    native, finals = play_out(e, seed=5, rng=random.Random(5))
    result = settled(rules, native)
    assert finals[AGENTS[0]] == result.totals[0] - result.totals[1] == -finals[AGENTS[1]]


# ---------------------------------------------------------------------- observations


@pytest.mark.parametrize("builtin_name", TWO_SEAT_PROFILES)  # more seats: test_seats_adapters
def test_observation_is_the_feature_tensor_and_the_mask_is_the_movers(builtin_name: str) -> None:
    rules = load_profile(builtin_name)
    e = raw_env(builtin_name)
    enc = e.encoding
    assert enc is choose_encoding(rules)
    e.reset(seed=2)
    rng = random.Random(2)
    for _ in range(6):
        deal = e.deal
        if deal.is_over:
            break
        mover = deal.to_move
        assert mover is not None
        for p, agent in enumerate(AGENTS):
            observed = e.observe(agent)
            assert observed["observation"].dtype == np.float32
            assert observed["observation"].shape == (observation_size(rules),)
            assert observed["observation"].tolist() == pytest.approx(
                observation_tensor(deal.observation(p)))
            mask = observed["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (enc.num_distinct_actions,)
            if p == mover:
                assert mask.tobytes() == enc.mask(deal)
            else:
                assert not mask.any()
        e.step(random_id(e.observe(AGENTS[mover]), rng))


def test_observation_arrays_are_cached_per_state_and_read_only() -> None:
    e = raw_env("bezique")
    e.reset(seed=1)
    agent = e.agent_selection
    first, again = e.observe(agent), e.observe(agent)
    assert first["action_mask"] is again["action_mask"]
    assert first["observation"] is again["observation"]
    with pytest.raises(ValueError, match="read-only"):
        first["action_mask"][0] = 1
    e.step(random_id(first, random.Random(0)))
    assert e.observe(e.agent_selection)["observation"] is not first["observation"]


def test_a_mask_is_rewritten_in_place_with_only_its_changes() -> None:
    """One mask array per agent (no array of the whole space per step), holding the state's
    legal ids: those of the agent's last mask cleared, the new ones set."""
    e = raw_env("eight-pack")
    e.reset(seed=3)
    rng = random.Random(3)
    arrays = {agent: None for agent in AGENTS}
    for _ in range(40):
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        assert arrays[agent] is None or mask is arrays[agent]
        arrays[agent] = mask
        assert mask.tobytes() == e.encoding.mask(e.deal)
        e.step(random_id(e.observe(agent), rng))


@pytest.mark.parametrize("choice", ["flat", "factored"])
def test_the_encoding_option_picks_the_ids(choice: str) -> None:
    e = env("rubicon", encoding=choice, dealer=0)
    enc = encoding(load_profile("rubicon"), factored=choice == "factored")
    assert e.unwrapped.encoding is enc
    assert e.action_space(AGENTS[0]).n == enc.num_distinct_actions
    native, finals = play_out(e, seed=2, rng=random.Random(2))
    assert native.is_over and finals[AGENTS[0]] == -finals[AGENTS[1]]
    with pytest.raises(ValueError, match="encoding: expected one of auto, flat, factored"):
        raw_env("rubicon", encoding="dense")


def test_masks_are_all_zero_once_the_deal_is_over() -> None:
    e = env("pinochle")
    play_out(e, seed=4, rng=random.Random(4))
    for agent in AGENTS:
        assert not e.unwrapped.observe(agent)["action_mask"].any()


# ---------------------------------------------------------------------- bad actions


def test_illegal_id_ends_the_deal_with_the_illegal_reward_for_its_player(
    caplog: pytest.LogCaptureFixture,
) -> None:
    e = env("bezique")
    e.reset(seed=3)
    mover = e.agent_selection
    observed, *_ = e.last()
    illegal = int(np.flatnonzero(observed["action_mask"] == 0)[0])
    with caplog.at_level(logging.WARNING):
        e.step(illegal)
    assert "Illegal move" in caplog.text
    assert all(e.terminations.values())
    other = AGENTS[1 - AGENTS.index(mover)]
    assert e.rewards == {mover: ILLEGAL_REWARD, other: 0}


def test_out_of_range_id_fails_the_bounds_assertion() -> None:
    e = env("five-hundred")
    e.reset(seed=0)
    with pytest.raises(AssertionError, match="action space"):
        e.step(63)


def test_raw_env_raises_encoding_error_naming_the_id_and_leaves_the_deal() -> None:
    e = raw_env("bezique")
    e.reset(seed=3)
    before = e.deal.clone()
    illegal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(EncodingError, match=f"action id {illegal} "):
        e.step(illegal)
    with pytest.raises(EncodingError, match="out of range"):
        e.step(971)
    with pytest.raises(EncodingError, match="must be an int id"):
        e.step(1.5)  # type: ignore[arg-type]
    assert e.deal == before


def test_numpy_ints_are_accepted_as_ids() -> None:
    e = raw_env("bezique")
    e.reset(seed=3)
    legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
    e.step(np.int32(legal[0]))
    assert len(e.deal.actions) == 1


# ---------------------------------------------------------------------- the wrappers' checks


def wrapped(name: str) -> Any:
    """`raw_env` in PettingZoo's three wrappers, as `env` was made before `checked_env`."""
    out: Any = raw_env(name, dealer=0)
    out = wrappers.TerminateIllegalWrapper(out, illegal_reward=ILLEGAL_REWARD)
    out = wrappers.AssertOutOfBoundsWrapper(out)
    return wrappers.OrderEnforcingWrapper(out)


def outcome(call: Any) -> tuple[str, str]:
    """What ``call()`` raised (type and message), or what it returned."""
    try:
        return "returned", repr(call())
    except Exception as error:  # the outcome is what is compared
        return type(error).__name__, str(error)


def test_env_is_one_class_with_the_wrappers_checks() -> None:
    e = env("bezique")
    assert type(e) is checked_env and e.unwrapped is e and str(e) == "bezique_v0"


@pytest.mark.parametrize("name", ["agents", "agent_selection", "rewards", "terminations",
                                  "truncations", "infos", "num_agents"])
def test_reading_the_agents_state_before_reset_raises_as_the_wrapper_does(name: str) -> None:
    assert outcome(lambda: getattr(env("bezique"), name)) == outcome(
        lambda: getattr(wrapped("bezique"), name)) == (
        "AttributeError", f"{name} cannot be accessed before reset")


@pytest.mark.parametrize("call", ["step", "observe", "render", "state", "agent_iter", "last"])
def test_calls_before_reset_raise_as_the_wrapper_does(call: str) -> None:
    args = {"step": (0,), "observe": (AGENTS[0],)}.get(call, ())
    ours, theirs = env("bezique"), wrapped("bezique")
    expected = outcome(lambda: getattr(theirs, call)(*args))
    assert expected[0] in ("AssertionError", "AttributeError")
    assert outcome(lambda: getattr(ours, call)(*args)) == expected


def test_bad_steps_fail_as_the_wrappers_do(caplog: pytest.LogCaptureFixture) -> None:
    """Out of the space, a float, an agent's id after the deal is over, a step once every
    agent is gone (a warning), and a loop over agent_iter that skips its step."""
    for e in (env("five-hundred", dealer=0), wrapped("five-hundred")):
        e.reset(seed=0)
        out_of_space = ("AssertionError", "action is not in action space")
        assert outcome(lambda e=e: e.step(63)) == outcome(lambda e=e: e.step(1.5)) == out_of_space
        assert outcome(lambda e=e: e.step(np.int64(-1)))[0] == "AssertionError"
        iterator = iter(e.agent_iter())
        next(iterator)
        assert outcome(lambda iterator=iterator: next(iterator)) == (
            "AssertionError", "need to call step() or reset() in a loop over `agent_iter`")
        e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[-1]))
    ours, theirs = env("bezique", dealer=0), wrapped("bezique")
    for e in (ours, theirs):
        e.reset(seed=4)
        play_out(e, seed=4, rng=random.Random(4))
        with caplog.at_level(logging.WARNING):
            e.step(None)
        assert "step() called after all agents are terminated or truncated" in caplog.text
        caplog.clear()
    for e in (ours, theirs):
        e.reset(seed=3)
        observed, *_ = e.last()
        with caplog.at_level(logging.WARNING):
            e.step(int(np.flatnonzero(observed["action_mask"] == 0)[0]))
        assert "Illegal move made" in caplog.text
        caplog.clear()
        assert outcome(lambda e=e: e.step(0)) == (
            "ValueError", "when an agent is dead, the only valid action is None")
    for attribute in ("rewards", "terminations", "truncations", "_cumulative_rewards",
                      "agent_selection", "agents"):
        assert getattr(ours, attribute) == getattr(theirs, attribute)


def test_a_random_deal_plays_as_through_the_wrappers() -> None:
    """Agent by agent, the same observations, rewards and ends as the wrapped `raw_env`."""
    for name in ("bezique", "three-handed"):
        seen: list[list[Any]] = []
        for e in (env(name, dealer=0), wrapped(name)):
            rng, log = random.Random(6), []
            e.reset(seed=6)
            for agent in e.agent_iter():
                observed, reward, terminated, truncated, _ = e.last()
                log.append((agent, observed["observation"].tobytes(),
                            observed["action_mask"].tobytes(), reward, terminated, truncated))
                e.step(None if terminated else random_id(observed, rng))
            seen.append(log)
        assert seen[0] == seen[1] and len(seen[0]) > 50


# ---------------------------------------------------------------------- set-up and reset


def test_seeded_reset_deals_as_deal_new_and_the_dealer_alternates() -> None:
    rules = load_profile("rubicon")
    e = raw_env(rules)
    e.reset(seed=9)
    assert e.deal == Deal.new(rules, seed=9, dealer=0)
    e.reset()
    assert e.deal.dealer == 1 and e.deal.seed != 9
    following = e.deal.seed
    e.reset(seed=9)
    e.reset()
    assert e.deal.seed == following  # a seeded reset fixes the deals that follow it
    fixed = raw_env("rubicon", dealer=1)
    fixed.reset(seed=9)
    fixed.reset()
    assert fixed.deal.dealer == 1


def test_unknown_profile_raises_profile_error_listing_the_built_in_names() -> None:
    with pytest.raises(ProfileError, match="built-in: " + ", ".join(BUILTIN_PROFILES)):
        env("no-such-game")


@pytest.mark.parametrize(
    ("option", "value"),
    [("render_mode", "rgb_array"), ("perspective", 2), ("perspective", True),
     ("dealer", "random"), ("dealer", True), ("reward", "x")],
)
def test_bad_options_raise_value_error_naming_the_option(option: str, value: object) -> None:
    with pytest.raises(ValueError, match=f"^{option}: expected"):
        options: dict[str, Any] = {option: value}
        env("bezique", **options)


def test_render_ansi_is_the_text_picture() -> None:
    e = env("bezique", render_mode="ansi")
    e.reset(seed=8)
    assert e.render() == e.unwrapped.deal.render()
    seat = env("bezique", render_mode="ansi", perspective=1)
    seat.reset(seed=8)
    assert seat.render() == seat.unwrapped.deal.render(1) != e.render()


@pytest.mark.parametrize("profile", ["three-handed", "four-handed", "partnership"])
def test_render_at_more_seats_shows_every_seat_or_one_seats_view(profile: str) -> None:
    spectator = env(profile, render_mode="ansi")
    spectator.reset(seed=8)
    seats = spectator.unwrapped.rules.players
    picture = spectator.render()
    assert picture == spectator.unwrapped.deal.render()
    views = []
    for seat in range(seats):
        one = env(profile, render_mode="ansi", perspective=seat)
        one.reset(seed=8)
        views.append(one.render())
        assert views[-1] == one.unwrapped.deal.render(seat) != picture
    assert len(set(views)) == seats
    with pytest.raises(ValueError, match=r"^perspective: expected"):
        env(profile, render_mode="ansi", perspective=seats)


def test_render_human_prints_after_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    e = env("bezique", render_mode="human")
    e.reset(seed=8)
    observed, *_ = e.last()
    e.step(random_id(observed, random.Random(1)))
    assert capsys.readouterr().out == e.unwrapped.deal.render() + "\n"


def test_environment_pickles_and_plays_on() -> None:
    e = raw_env("pinochle", dealer=1, reward="points")
    twin = pickle.loads(pickle.dumps(e))
    assert isinstance(twin, raw_env) and twin.rules == e.rules
    twin.reset(seed=1)
    assert twin.deal == Deal.new(e.rules, seed=1, dealer=1)


# ---------------------------------------------------------------------- the example


def test_example_script_plays_greedy_against_random(capsys: pytest.CaptureFixture[str]) -> None:
    script = runpy.run_path(str(EXAMPLE))
    results = script["evaluate"]("pinochle", deals=4, seed=1)
    assert results["wins"] + results["losses"] + results["ties"] == 4
    assert results["wins"] > results["losses"]  # greedy beats random: a broken loop would not
    script["main"](["--profile", "five-hundred", "--deals", "2"])
    assert capsys.readouterr().out.startswith("GreedyBot vs random, 2 five-hundred deals: ")


def test_docs_pettingzoo_block_prints_what_the_docs_say(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("\n## PettingZoo\n", 1)[1].split("\n## ", 1)[0]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    shown = section.split("```text\n", 1)[1].split("```", 1)[0]
    exec(compile(code, f"{DOC}#pettingzoo", "exec"), {})
    assert capsys.readouterr().out == shown


def test_benchmark_prints_a_row_per_adapter_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = runpy.run_path(str(ROOT / "benchmarks" / "bench_adapters.py"))
    out = tmp_path / "bench.json"
    bench["main"](["--profiles", "five-hundred", "--deals", "2", "--json", str(out)])
    rows = json.loads(out.read_text(encoding="utf-8"))["rows"]
    assert [r["adapter"] for r in rows][:2] == ["native", "pettingzoo"]
    assert rows[0]["x_native"] == 1.0 and all(r["deals_per_s"] > 0 for r in rows)
    table = capsys.readouterr().out
    assert table.startswith("| profile | adapter | deals/s | actions/deal | x native |")
    assert "| five-hundred | pettingzoo |" in table
    floor = [r for r in rows if r["adapter"] == "pettingzoo-floor"]
    assert floor[0]["actions_per_deal"] == rows[0]["actions_per_deal"]  # the native shape
    floor = [r for r in rows if r["adapter"] == "openspiel-floor"]
    if floor:  # with pyspiel: the rule-less game replays the native deals' decisions
        assert floor[0]["actions_per_deal"] == rows[0]["actions_per_deal"]
