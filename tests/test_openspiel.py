"""The OpenSpiel game python_bezique (bezique.adapters.openspiel, docs/ai.md#openspiel)."""

from __future__ import annotations

import base64
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import BUILTIN_PROFILES

pyspiel = pytest.importorskip(
    "pyspiel", reason="the openspiel extra is not installed: pip install 'bezique[openspiel]'"
)
np = pytest.importorskip("numpy", reason="pip install 'bezique[openspiel]'")

import bezique.adapters.openspiel  # noqa: E402
from bezique import Deal, ProfileError, load_profile  # noqa: E402
from bezique.compile import compile_rules  # noqa: E402
from bezique.encoding import EncodingError, choose_encoding, encoding  # noqa: E402
from bezique.features import observation_size, observation_tensor  # noqa: E402
from bezique.game import deal_result  # noqa: E402
from bezique.record import RecordError, dumps  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BIG = {"chinese", "eight-pack"}


def load(profile: str, utility: str = "points") -> pyspiel.Game:
    return pyspiel.load_game(f"python_bezique(profile={profile},utility={utility})")


def dealt(game: pyspiel.Game, order: list[int] | None = None, seed: int = 0) -> pyspiel.State:
    """A state after the chance nodes: the pack in ``order`` (pack indices), else shuffled."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]
        state.apply_action(order[len(state.history())] if order else rng.choice(outcomes))
    return state


def played(game: pyspiel.Game, seed: int, plies: int) -> pyspiel.State:
    state = dealt(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_load_game_gives_the_profile_sizes(profile: str) -> None:
    game = load(profile)
    rules = load_profile(profile)
    assert game.num_distinct_actions() == choose_encoding(rules).num_distinct_actions
    assert game.max_chance_outcomes() == compile_rules(rules).pack_size
    assert game.observation_tensor_size() == observation_size(rules)
    assert game.information_state_tensor_size() == observation_size(rules)
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.get_parameters() == {"profile": profile, "utility": "points", "encoding": "auto"}


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_random_sim_test_passes(profile: str) -> None:
    """OpenSpiel's own API checks (serialisation included) on random deals."""
    pyspiel.random_sim_test(load(profile), num_sims=1 if profile in BIG else 2,
                            serialize=True, verbose=False)


@pytest.mark.parametrize("choice", ["flat", "factored"])
def test_the_encoding_parameter_picks_the_ids_and_passes_random_sim_test(choice: str) -> None:
    game = pyspiel.load_game(f"python_bezique(profile=joker-four,encoding={choice})")
    rules = load_profile("joker-four")
    enc = encoding(rules, factored=choice == "factored")
    assert game.num_distinct_actions() == enc.num_distinct_actions
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = played(game, seed=4, plies=60)
    assert state.legal_actions() == enc.legal_ids(state.deal)
    assert [state.action_to_string(i) for i in state.legal_actions()] == [
        str(enc.decode(state.deal, i)) for i in state.legal_actions()]
    with pytest.raises(ValueError, match="unknown encoding 'dense'"):
        pyspiel.load_game("python_bezique(encoding=dense)")


def test_a_clone_is_the_deals_own_clone_and_shares_the_listed_ids() -> None:
    state = played(load("rubicon"), seed=2, plies=30)
    ids = state.legal_actions()
    twin = state.clone()
    assert twin.deal == state.deal and twin.deal is not state.deal
    assert twin.legal_actions() == ids
    twin.apply_action(ids[0])
    assert state.legal_actions() == ids and twin.deal != state.deal


def _answer(method: Callable[..., object], *args: object) -> object:
    """What a call gives, or the type of the error it raises."""
    try:
        return method(*args)
    except Exception as error:  # pyspiel raises SpielError
        return type(error)


@pytest.mark.parametrize("profile", ["bezique", "four-handed"])
def test_the_fast_state_methods_answer_as_pyspiels_own(profile: str) -> None:
    """``legal_actions`` (with and without a player), ``is_chance_node`` and
    ``chance_outcomes`` are answered in Python without pyspiel's call back into the state;
    they give what pyspiel's C++ methods give at chance nodes, player nodes and the end."""
    game = load(profile)
    base = pyspiel.State
    rng = random.Random(5)
    state = game.new_initial_state()
    players = [None, *range(-4, game.num_players() + 1)]
    checked = 0
    while True:
        assert state.is_chance_node() == base.is_chance_node(state)
        for player in players:
            args = () if player is None else (player,)
            assert _answer(state.legal_actions, *args) == _answer(
                base.legal_actions, state, *args), (state.history(), player)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == base.legal_actions(state)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(rng.choice(outcomes)[0])
        elif state.is_terminal():
            break
        else:
            ids = state.legal_actions()
            ids.clear()  # the caller's own list: the state's is untouched
            state.apply_action(rng.choice(state.legal_actions()))
        checked += 1
    assert checked > compile_rules(load_profile(profile)).pack_size


def test_a_state_serialises_its_deal_as_its_record_and_refuses_a_tampered_one() -> None:
    """pyspiel serialises a Python state as its history and its pickled attributes; the deal
    among them travels as its game record (`bezique.record.dumps`) and is loaded by replaying
    it, so a changed record fails its digest (`RecordError`) rather than loading."""
    game = load("four-handed")
    state = played(game, seed=3, plies=40)
    text = state.serialize()
    head, _, blob = text.partition("__dict__=")
    raw = base64.b64decode(blob)
    record = dumps(state.deal)
    assert record.encode() in raw  # the record itself, not the deal's fields
    again = game.deserialize_state(text)
    assert again.deal == state.deal and again.deal is not state.deal
    assert again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)
    assert again.legal_actions() == state.legal_actions()
    digest = re.findall(r'digest = "([0-9a-f]{16})"', record)[1]  # the deal's
    tampered = raw.replace(digest.encode(), digest[::-1].encode())
    with pytest.raises(RecordError, match="deal digest"):
        game.deserialize_state(head + "__dict__=" + base64.b64encode(tampered).decode())


def test_default_profile_is_bezique_and_unknown_names_are_refused() -> None:
    assert pyspiel.load_game("python_bezique").get_parameters()["profile"] == "bezique"
    with pytest.raises(ProfileError, match=r"not a built-in profile.*rubicon"):
        pyspiel.load_game("python_bezique(profile=nope)")
    with pytest.raises(ValueError, match="unknown utility 'score'"):
        pyspiel.load_game("python_bezique(utility=score)")


def test_the_dealt_order_is_dealt_as_deal_new_deals_it() -> None:
    game = load("bezique")
    c = compile_rules(load_profile("bezique"))
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == c.pack_size
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    order = list(reversed(range(c.pack_size)))
    state = dealt(game, order)
    assert len(state.history()) == c.pack_size - 1
    assert state.deal == Deal._from_order(c, [c.pack_cards[i] for i in order], 0)
    assert state.current_player() == 1  # the non-dealer leads
    assert state.legal_actions() == encoding(state.deal.rules).legal_ids(state.deal)


@pytest.mark.parametrize("utility", ["points", "win"])
@pytest.mark.parametrize("profile", ["bezique", "pinochle", "five-hundred", "rubicon"])
def test_returns_are_zero_sum_and_within_the_bounds(profile: str, utility: str) -> None:
    game = load(profile, utility)
    for seed in range(3):
        state = played(game, seed, 10_000)
        assert state.is_terminal()
        r0, r1 = state.returns()
        assert r0 + r1 == 0 and game.min_utility() <= r0 <= game.max_utility()
        s0, s1 = state.deal.scores
        if utility == "win":
            assert r0 == deal_result(state.deal)
        else:
            target = load_profile(profile).game.target
            assert r0 == pytest.approx(max(-1, min(1, (s0 - s1) / target)))


def test_an_illegal_id_raises_encoding_error() -> None:
    state = dealt(load("bezique"), seed=1)
    illegal = next(i for i in range(971) if i not in state.legal_actions()
                   and i >= 64)  # a declaration: never legal before a trick is won
    with pytest.raises(EncodingError):
        state.apply_action(illegal)
    with pytest.raises(EncodingError, match="out of range"):
        state.apply_action(971)
    with pytest.raises(EncodingError, match="not a card left to deal"):
        load("bezique").new_initial_state().apply_action(64)


def test_information_state_ignores_hidden_cards_but_not_own_hand() -> None:
    """Two deals differing only in a card of player 1's hand and one of the stock: player 0
    cannot tell them apart, player 1 can; a change in player 0's hand shows."""
    game = load("bezique")
    c = compile_rules(load_profile("bezique"))
    spec = game.spec
    base = list(range(c.pack_size))
    p1 = spec.owner.index(1)
    p0 = spec.owner.index(0)
    stock = max(pos for pos in range(c.pack_size - 1) if spec.owner[pos] == -1
                and pos != spec.turn_up_pos)

    def swapped(a: int, b: int) -> list[int]:
        order = base[:]
        order[a], order[b] = order[b], order[a]
        return order

    one, two, three = dealt(game, base), dealt(game, swapped(p1, stock)), \
        dealt(game, swapped(p0, stock))
    assert one.deal.hand(1) != two.deal.hand(1)
    for state in (one, two, three):
        state.apply_action(state.legal_actions()[0])
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.information_state_tensor(0) == two.information_state_tensor(0)
    assert one.observation_string(0) == two.observation_string(0)
    assert one.information_state_string(1) != two.information_state_string(1)
    assert one.information_state_string(0) != three.information_state_string(0)
    assert one.observation_tensor(0) != three.observation_tensor(0)


def test_tensors_are_the_observation_tensor() -> None:
    state = played(load("rubicon"), 2, 40)
    for player in (0, 1):
        expected = observation_tensor(state.deal.observation(player))
        assert state.observation_tensor(player) == pytest.approx(expected)
        assert state.information_state_tensor(player) == pytest.approx(expected)


@pytest.mark.parametrize(
    "profile", ["bezique", "pinochle", "five-hundred", "rubicon", "chinese", "joker"])
def test_resampled_states_keep_the_information_state(profile: str) -> None:
    """resample_from_infostate: a state of the game (its history replays to it) that the
    player cannot tell from the original, whose hidden cards differ."""
    game = load(profile)
    differs = 0
    for seed, plies in [(0, 3), (1, 25), (2, 60), (3, 120)]:
        state = played(game, seed, plies)
        if state.is_terminal():
            continue
        player = state.current_player()
        sampler = random.Random(seed).random
        world = state.resample_from_infostate(player, sampler)
        expected = world.information_state_string(player)
        world._seen[player].clear()  # the replayed lines, not the copied ones
        assert world.information_state_string(player) == expected
        assert expected == state.information_state_string(player)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        replayed = game.new_initial_state()
        for action in world.history():
            replayed.apply_action(action)
        assert replayed.deal == world.deal
        differs += world.deal.hand(1 - player) != state.deal.hand(1 - player)
    assert differs


def test_resampling_while_dealing_keeps_the_cards_dealt_to_the_player() -> None:
    game = load("bezique")
    state = game.new_initial_state()
    for i in range(20):
        state.apply_action(i)
    world = state.resample_from_infostate(1, random.Random(3).random)
    assert world.information_state_string(1) == state.information_state_string(1)
    assert world.history() != state.history()


def test_ismcts_plays_a_whole_deal_with_our_resampler() -> None:
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    game = load("bezique")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=8, random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert moves > 20
    assert sum(state.returns()) == 0


def test_example_script_runs() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "openspiel_ismcts.py"), "--deals", "1",
         "--simulations", "3", "--profile", "five-hundred"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    assert "five-hundred: ISMCTS won" in result.stdout


def test_import_bezique_does_not_import_pyspiel() -> None:
    code = "import sys, bezique, bezique.features; assert 'pyspiel' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT,
                   env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert bezique.adapters.openspiel.GAME_NAME == "python_bezique"


def test_strings_need_a_player_at_chance_nodes() -> None:
    state = load("bezique").new_initial_state()
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        state.information_state_string()
    assert state.information_state_string(0).endswith("0 of 64 dealt")
