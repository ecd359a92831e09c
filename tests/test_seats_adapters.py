"""Issue 34, stage I: the observation tensor and the AI adapters at three and four seats
(docs/ai.md#more-seats), and at two seats the very tensors, strings and rewards of before.

No validated profile has more than two seats yet, so the rules here are built with
``attrs.evolve`` (`test_seats_play.seated`) and given to the adapters as `Rules` objects
(`bezique.adapters.openspiel.register_rules` names them for OpenSpiel). The OpenSpiel and
PettingZoo parts skip without their extras, as tests/test_openspiel.py and
tests/test_pettingzoo.py do.
"""

from __future__ import annotations

import hashlib
import pickle
import random
import struct
from functools import cache
from typing import Any, Final

import attrs
import pytest
from seated import seated

import bezique
from bezique import Deal, load_profile
from bezique.compile import compile_rules
from bezique.encoding import choose_encoding
from bezique.features import (
    FeatureBlock,
    deal_tensor,
    observation_layout,
    observation_size,
    observation_tensor,
)
from bezique.rules.model import Rules

PARTNERS: Final = ((0, 2), (1, 3))
TABLES: Final = ((3, None), (4, None), (4, PARTNERS))
"""Three seats, four alone, four in partnerships (seats 0 and 2 against 1 and 3)."""
TABLE_IDS: Final = ("three", "four", "partnership")


@cache
def rules_at(n: int, teams: tuple[tuple[int, ...], ...] | None, profile: str = "bezique") -> Rules:
    return seated(n, profile, teams=teams)


def blocks(rules: Rules) -> dict[str, FeatureBlock]:
    return {b.name: b for b in observation_layout(rules)}


def part(tensor: list[float], b: FeatureBlock) -> list[float]:
    return tensor[b.offset:b.offset + b.size]


def played(rules: Rules, seed: int, plies: int) -> Deal:
    """A deal of ``rules`` after up to ``plies`` seeded random actions."""
    deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    for _ in range(plies):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


# ---------------------------------------------------------------------- two seats as before


TWO_SEAT_THEN: Final = ("besigue", "bezique", "bezique-first-marriage", "chinese", "eight-pack",
                        "five-hundred", "pinochle", "rubicon")
"""The two-seat built-in profiles when the hash below was taken (later ones, such as `joker`,
have tests of their own)."""


def _two_seat_tensors() -> str:
    """A hash of the layouts of the built-in profiles and of both players' tensors at every
    ply of three seeded random deals of each."""
    h = hashlib.sha256()
    for name in TWO_SEAT_THEN:
        rules = load_profile(name)
        h.update(repr([(b.name, b.offset, b.size, b.meaning)
                       for b in observation_layout(rules)]).encode())
        for seed in range(3):
            rng = random.Random(seed)
            deal = Deal.new(rules, seed=seed, dealer=seed % 2)
            while True:
                for p in (0, 1):
                    t = observation_tensor(deal.observation(p))
                    h.update(struct.pack(f"{len(t)}d", *t))
                if deal.is_over:
                    break
                deal.apply(rng.choice(deal.legal_actions()))
    return h.hexdigest()


def test_two_seat_tensors_and_layouts_as_before() -> None:
    """Taken on main at beefa4b, before stage I: the two-seat layout and every value of it."""
    assert _two_seat_tensors() == (
        "25b288c604f0691f6d9af696b2b029e4f04818dc4e789fff567ed6d8ba250302")


# ---------------------------------------------------------------------- the N-seat tensor


@pytest.mark.parametrize(("n", "teams"), TABLES, ids=TABLE_IDS)
@pytest.mark.parametrize("profile", ["bezique", "rubicon", "pinochle", "five-hundred"])
def test_tensor_size_range_and_shortcut(
    n: int, teams: tuple[tuple[int, ...], ...] | None, profile: str
) -> None:
    """Every seat's tensor at random states of every phase has `observation_size` values in
    [0, 1], the layout tiles it, and `deal_tensor` gives the tensor of `Deal.observation`."""
    rules = rules_at(n, teams, profile)
    layout = observation_layout(rules)
    offset = 0
    for b in layout:
        assert b.offset == offset and b.size > 0 and b.meaning
        offset += b.size
    size = observation_size(rules)
    assert offset == size and len({b.name for b in layout}) == len(layout)
    for seed in range(2):
        for plies in (0, 9, 60, 1000):
            deal = played(rules, seed, plies)
            for seat in range(n):
                tensor = observation_tensor(deal.observation(seat))
                assert len(tensor) == size
                assert all(0.0 <= x <= 1.0 for x in tensor), (profile, n, seed, plies, seat)
                assert deal_tensor(deal, seat) == tensor


def test_layout_names_a_block_per_other_seat() -> None:
    c = compile_rules(rules_at(4, PARTNERS))
    k, m = len(c.pack_ranks) * 4, len(c.melds)
    sizes = {b.name: b.size for b in observation_layout(rules_at(4, PARTNERS))}
    for i in (1, 2, 3):
        assert {f"next{i}_{x}": sizes[f"next{i}_{x}"] for x in (
            "table", "known", "hand_size", "captured", "trick", "declared", "pending")} == {
            f"next{i}_table": k, f"next{i}_known": k, f"next{i}_hand_size": 1,
            f"next{i}_captured": k, f"next{i}_trick": k, f"next{i}_declared": m,
            f"next{i}_pending": m}
    assert "next4_table" not in sizes and "opp_table" not in sizes
    assert (sizes["turn"], sizes["partners"], sizes["scores"], sizes["totals"]) == (4, 3, 4, 2)
    three = {b.name: b.size for b in observation_layout(rules_at(3, None))}
    assert (three["turn"], three["partners"], three["scores"], three["totals"]) == (3, 2, 3, 3)
    assert "next3_table" not in three
    called = {b.name: b.size for b in observation_layout(rules_at(4, None, "five-hundred"))}
    assert called["called_out"] == 4 and "called_out" not in sizes


def _four_seat_trick() -> Deal:
    """Partnership, P3 deals, P0 leads: P0 plays K♥, P1 A♥ and P2 7♠; P3 to play."""
    deal = Deal.from_position(
        rules_at(4, PARTNERS), hands=["KH 9D", "AH 9D", "7S 9D", "8H 9D"],
        stock="8C 8S 8H", turn_up="7C", dealer=3, scores=[30, 0, 50, 20], reachable=False)
    for card in ("KH", "AH", "7S"):
        deal.apply(f"play {card}")
    return deal


def test_trick_turn_and_seats_are_by_seat_from_the_observer() -> None:
    """Each seat sees the trick's cards in the blocks of the seats that played them, counted
    from itself, and the one-hot seat blocks turned the same way."""
    deal = _four_seat_trick()
    b = blocks(deal.rules)
    kind = {b_: i for i, b_ in enumerate(s * 8 + r for s in range(4) for r in range(8))}
    cards = {"KH": kind[1 * 8 + 2], "AH": kind[1 * 8 + 0], "7S": kind[0 * 8 + 7]}  # RANKS
    by_seat = {0: "KH", 1: "AH", 2: "7S"}
    for me in range(4):
        t = observation_tensor(deal.observation(me))
        for rel in range(4):
            seat = (me + rel) % 4
            name = "own_trick" if rel == 0 else f"next{rel}_trick"
            expected = [0.0] * 32
            if seat in by_seat:
                expected[cards[by_seat[seat]]] = 1.0
            assert part(t, b[name]) == expected, (me, rel)
        one = [0.0] * 4
        one[(3 - me) % 4] = 1.0
        assert part(t, b["turn"]) == one  # P3 to move
        assert part(t, b["dealer"]) == one  # P3 dealt
        lead = [0.0] * 4
        lead[(0 - me) % 4] = 1.0
        assert part(t, b["leader"]) == lead
        assert part(t, b["partners"]) == [0.0, 1.0, 0.0]
        assert part(t, b["last_trick"]) == [0.0] * 4


def test_scores_by_seat_and_totals_by_team_from_the_observer() -> None:
    deal = _four_seat_trick()
    b = blocks(deal.rules)
    target = deal.target
    for me in range(4):
        t = observation_tensor(deal.observation(me))
        assert part(t, b["scores"]) == [
            deal.scores[(me + r) % 4] / target for r in range(4)]
    rules = rules_at(4, PARTNERS)
    deal = Deal.from_position(rules, hands=["KH", "AH", "7S", "8H"], stock="8C 8S 8H 9D",
                              dealer=3, totals=(400, 100), reachable=False)
    b = blocks(rules)
    for me, (own, other) in enumerate([(400, 100), (100, 400), (400, 100), (100, 400)]):
        t = observation_tensor(deal.observation(me))
        assert part(t, b["totals"]) == [own / deal.target, other / deal.target]
    three = rules_at(3, None)
    deal = Deal.from_position(three, hands=["KH", "AH", "7S"], stock="8C 8S 8H",
                              dealer=2, totals=(300, 100, 200), reachable=False)
    b = blocks(three)
    t = observation_tensor(deal.observation(1))
    assert part(t, b["totals"]) == [x / deal.target for x in (100, 200, 300)]
    assert part(t, b["partners"]) == [0.0, 0.0]


def test_hand_size_known_table_and_declarations_per_seat() -> None:
    """A declaration by P1: on P1's own blocks, and on the ``next{i}`` blocks of every other
    seat, ``i`` seats before P1; the tabled cards likewise; the hand sizes per seat."""
    rules = rules_at(3, None)
    deal = Deal.from_position(
        rules, hands=["7H 8H 9H", "AS QS JD", "7C 8C 9C"], stock="8D 8S 9S 7D 7S 10D",
        dealer=0, reachable=False)
    deal.apply("play AS")  # P1 leads and wins
    deal.apply("play 7C")
    deal.apply("play 7H")
    deal.apply("meld bezique QS JD")
    b = blocks(rules)
    own = observation_tensor(deal.observation(1))
    assert sum(part(own, b["own_declared"])) > 0 and sum(part(own, b["own_table"])) == 2 / 3
    for me in (0, 2):
        t = observation_tensor(deal.observation(me))
        rel = (1 - me) % 3
        assert part(t, b[f"next{rel}_declared"]) == part(own, b["own_declared"])
        assert part(t, b[f"next{rel}_table"]) == part(own, b["own_table"])
        assert part(t, b[f"next{rel}_captured"]) == part(own, b["own_captured"])
        assert sum(part(t, b[f"next{3 - rel}_declared"])) == 0
        assert part(t, b[f"next{rel}_hand_size"]) == [0.0]  # both cards tabled
        other = 2 if me == 0 else 0
        assert part(t, b[f"next{(other - me) % 3}_hand_size"]) == [2 / 8]


def test_equal_observations_give_equal_tensors_partner_included() -> None:
    """A determinized world (every other seat's hidden cards redealt, a partner's too) gives
    the observer the same tensor; its own hand shows."""
    rules = rules_at(4, PARTNERS)
    for seed in range(3):
        deal = played(rules, seed, 25 + 10 * seed)
        me = deal.to_move if deal.to_move is not None else 0
        tensor = observation_tensor(deal.observation(me))
        world = deal.determinize(me, random.Random(seed))
        assert world.hand((me + 2) % 4) != deal.hand((me + 2) % 4)
        assert observation_tensor(world.observation(me)) == tensor


# ---------------------------------------------------------------------- OpenSpiel

def _pyspiel() -> Any:
    """pyspiel with the game registered (the test skips without the extra)."""
    pyspiel = pytest.importorskip(
        "pyspiel", reason="the openspiel extra is not installed: pip install 'bezique[openspiel]'")
    import bezique.adapters.openspiel  # noqa: F401  (registers python_bezique)

    return pyspiel


def os_game(rules: Rules, utility: str = "points") -> Any:
    pyspiel = _pyspiel()
    from bezique.adapters.openspiel import register_rules

    return pyspiel.load_game("python_bezique", {"profile": register_rules(rules),
                                                "utility": utility})


def os_played(game: Any, seed: int, plies: int = 100_000) -> Any:
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and plies:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            plies -= 1
    return state


@pytest.mark.parametrize("utility", ["points", "win"])
@pytest.mark.parametrize(("n", "teams"), TABLES, ids=TABLE_IDS)
def test_openspiel_random_sim_test(
    n: int, teams: tuple[tuple[int, ...], ...] | None, utility: str
) -> None:
    """OpenSpiel's own API checks (serialisation included) on random deals at N seats."""
    game = os_game(rules_at(n, teams), utility)
    assert game.num_players() == n
    _pyspiel().random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_game_of_rules_sizes_and_names() -> None:
    pyspiel = _pyspiel()
    from bezique.adapters.openspiel import register_rules

    rules = rules_at(4, PARTNERS)
    game = os_game(rules)
    name = register_rules(rules)
    assert name == f"bezique@{rules.digest}" and register_rules(rules) == name
    assert register_rules(load_profile("pinochle")) == "pinochle"
    assert game.num_distinct_actions() == choose_encoding(rules).num_distinct_actions
    assert game.max_chance_outcomes() == compile_rules(rules).pack_size == 128
    assert game.observation_tensor_size() == observation_size(rules)
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    again = pyspiel.load_game(str(game))
    assert again.num_players() == 4 and again.get_parameters()["profile"] == name
    assert pickle.loads(pickle.dumps(game)).num_players() == 4
    state = os_played(game, 1, plies=30)
    twin = pickle.loads(pickle.dumps(state))
    assert twin.history() == state.history() and twin.deal == state.deal
    odd = attrs.evolve(rules, name="my (house), rules=1")
    assert register_rules(odd) == f"my--house---rules-1@{odd.digest}"
    assert pyspiel.load_game(str(os_game(odd))).num_players() == 4
    with pytest.raises(bezique.ProfileError, match="nor one given to register_rules"):
        pyspiel.load_game("python_bezique(profile=bezique@0000)")


def test_openspiel_deals_the_order_to_every_seat() -> None:
    """The chance nodes deal card by card as `Deal.from_order` deals the order (P0 deals, P1
    leads), every seat's information string showing only the cards dealt to it."""
    rules = rules_at(3, None)
    game = os_game(rules)
    state = game.new_initial_state()
    order = list(reversed(range(96)))
    while state.is_chance_node():
        state.apply_action(order[len(state.history())])
    c = compile_rules(rules)
    assert state.deal == Deal.from_order(rules, [c.pack_cards[i] for i in order])
    assert state.current_player() == 1
    for seat in range(3):
        head = state.information_state_string(seat).splitlines()[0]
        assert head.startswith(f"bezique@{rules.digest} P{seat} dealt: ")
        assert len(head.split("|")[0].split()) == 3 + 8
        assert state.observation_string(seat).splitlines()[-2:] == ["trick -", "P1 to lead"]
    with pytest.raises(ValueError, match="player must be a seat 0 to 2, got 3"):
        state.information_state_string(3)


def _os_returns_by_model(state: Any, utility: str) -> list[float]:
    """The documented returns computed here from the finished deal: per team its points or
    its win against the mean of the other teams', each seat its team's."""
    from bezique.game import deal_result

    deal = state.deal
    rules = deal.rules
    teams = rules.teams
    if utility == "win":
        values = [1.0 if deal_result(deal, t[0]) >= 0 else 0.0 for t in teams]
        scale = 1.0
    else:
        values = [float(sum(deal.scores[s] for s in t)) for t in teams]
        scale = float(rules.game.target)
    team = [(v - (sum(values) - v) / (len(values) - 1)) / scale for v in values]
    top = max(abs(v) for v in team)
    team = [v / top for v in team] if top > 1 else team
    return [team[next(i for i, t in enumerate(teams) if s in t)] for s in range(rules.players)]


@pytest.mark.parametrize("utility", ["points", "win"])
@pytest.mark.parametrize(("n", "teams"), TABLES, ids=TABLE_IDS)
def test_openspiel_returns_zero_sum_shared_by_partners(
    n: int, teams: tuple[tuple[int, ...], ...] | None, utility: str
) -> None:
    game = os_game(rules_at(n, teams), utility)
    state = game.new_initial_state()
    assert state.returns() == [0.0] * n
    for seed in range(4):
        state = os_played(game, seed)
        assert state.is_terminal()
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0, abs=1e-12)
        assert all(-1.0 <= r <= 1.0 for r in returns)
        assert returns == pytest.approx(_os_returns_by_model(state, utility))
        if teams:
            assert returns[0] == returns[2] and returns[1] == returns[3] == -returns[0]
        elif utility == "win":
            assert sorted(returns)[-1] in (1.0, 0.5, 0.0)


def test_openspiel_win_returns_one_and_minus_a_share() -> None:
    """Three alone: the lone winner gets 1 and each other -1/2."""
    game = os_game(rules_at(3, None), "win")
    for seed in range(6):
        returns = os_played(game, seed).returns()
        if max(returns) == 1.0:
            assert sorted(returns) == [-0.5, -0.5, 1.0]
            return
    pytest.fail("no lone winner in six deals")


def test_openspiel_information_ignores_every_other_seats_hidden_cards() -> None:
    """Two deals differing in a card of P2's hand (P0's partner) and one of the stock: P0
    cannot tell them apart, P2 can."""
    game = os_game(rules_at(4, PARTNERS))
    spec = game.spec
    base = list(range(128))
    p2 = spec.owner.index(2)
    stock = max(pos for pos in range(127) if spec.owner[pos] == -1 and pos != spec.turn_up_pos)
    other = base[:]
    other[p2], other[stock] = other[stock], other[p2]
    one, two = game.new_initial_state(), game.new_initial_state()
    for state, order in ((one, base), (two, other)):
        while state.is_chance_node():
            state.apply_action(order[len(state.history())])
        state.apply_action(state.legal_actions()[0])
    assert one.deal.hand(2) != two.deal.hand(2)
    for seat in (0, 1, 3):
        assert one.information_state_string(seat) == two.information_state_string(seat)
        assert one.observation_string(seat) == two.observation_string(seat)
        assert one.information_state_tensor(seat) == two.information_state_tensor(seat)
    assert one.information_state_string(2) != two.information_state_string(2)
    assert one.observation_tensor(2) != two.observation_tensor(2)


def test_openspiel_strings_and_tensors_per_seat() -> None:
    state = os_played(os_game(rules_at(4, PARTNERS)), 3, plies=40)
    for seat in range(4):
        assert state.observation_tensor(seat) == pytest.approx(
            observation_tensor(state.deal.observation(seat)))
        lines = state.observation_string(seat).splitlines()
        assert lines[0].endswith(f"seen by P{seat}")
        assert [line.split()[0] for line in lines[1:5]] == [f"P{(seat + i) % 4}" for i in
                                                            range(4)]
        assert "(partner)" in lines[3] and "(partner)" not in lines[2] + lines[4]


@pytest.mark.parametrize(("n", "teams"), TABLES, ids=TABLE_IDS)
def test_openspiel_resampled_states_keep_the_information_state(
    n: int, teams: tuple[tuple[int, ...], ...] | None
) -> None:
    game = os_game(rules_at(n, teams))
    differs = 0
    for seed, plies in [(0, 3), (1, 30), (2, 90)]:
        state = os_played(game, seed, plies)
        player = state.current_player()
        world = state.resample_from_infostate(player, random.Random(seed).random)
        assert world.information_state_string(player) == state.information_state_string(player)
        world._seen[player].clear()  # the replayed lines, not the copied ones
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        differs += any(world.deal.hand(s) != state.deal.hand(s) for s in range(n) if s != player)
    assert differs


@pytest.mark.parametrize("name", ["joker-four", "joker-partnership"])
def test_openspiel_joker_tables_resample_and_show_the_jokers(name: str) -> None:
    """Joker Bésigue at four seats (docs/rules.md#game-joker): OpenSpiel deals the 132 cards
    card by card, a seat's information string names the jokers dealt to it (``JK``) and no
    other seat's; a resampled state keeps each seat's information and legal actions, the
    jokers it has not seen dealt again among the other seats and the stock."""
    rules = load_profile(name)
    game = os_game(rules)
    assert game.max_chance_outcomes() == 132 and game.num_players() == 4
    for seed in range(20):  # a deal with a joker in some hand
        state, rng = game.new_initial_state(), random.Random(seed)
        while state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        if any(c.is_joker for seat in range(4) for c in state.deal.hand(seat)):
            break
    else:
        pytest.fail("no joker dealt to a hand in 20 deals")
    for seat in range(4):
        head = state.information_state_string(seat).splitlines()[0]
        assert head.count("JK") == sum(c.is_joker for c in state.deal.hand(seat))
    differs = 0
    for seed, plies in [(0, 3), (1, 30), (2, 90)]:
        state = os_played(game, seed, plies)
        player = state.current_player()
        world = state.resample_from_infostate(player, random.Random(seed).random)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        jokers = [sum(c.is_joker for c in d.hand(s)) for d in (state.deal, world.deal)
                  for s in range(4)]
        assert jokers[player] == jokers[4 + player]
        differs += jokers[:4] != jokers[4:]
    assert differs


# ---------------------------------------------------------------------- PettingZoo


def _pz() -> Any:
    pytest.importorskip("pettingzoo", reason="needs the extra: pip install 'bezique[pettingzoo]'")
    from bezique.adapters import pettingzoo

    return pettingzoo


@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's notes on a Dict observation
@pytest.mark.parametrize(("n", "teams"), TABLES, ids=TABLE_IDS)
def test_pettingzoo_api_and_seed_tests(n: int, teams: tuple[tuple[int, ...], ...] | None) -> None:
    pz = _pz()
    from pettingzoo.test import api_test, seed_test

    rules = rules_at(n, teams)
    api_test(pz.env(rules), num_cycles=200)
    seed_test(lambda: pz.env(rules), num_cycles=200)


def pz_play(e: Any, seed: int) -> tuple[Deal, dict[str, float]]:
    """A whole deal with random legal ids, each observation checked against the space and
    the tensor and mask of a native deal driven alike; the deal and the final rewards."""
    import numpy as np

    rules = e.unwrapped.rules
    enc = e.unwrapped.encoding
    e.reset(seed=seed)
    native = Deal.new(rules, seed=seed, dealer=0)
    agents = e.possible_agents
    rng = random.Random(seed)
    finals: dict[str, float] = {}
    for agent in e.agent_iter():
        observed, reward, terminated, truncated, _ = e.last()
        assert e.observation_space(agent).contains(observed) and not truncated
        if terminated:
            finals[agent] = reward
            e.step(None)
            continue
        assert reward == 0 and native.to_move is not None
        assert agent == agents[native.to_move]
        assert observed["action_mask"].tobytes() == enc.mask(native)
        assert observed["observation"].tolist() == pytest.approx(
            deal_tensor(native, native.to_move))
        ids = np.flatnonzero(observed["action_mask"]).tolist()
        action = rng.choice(ids)
        native.apply(enc.decode(native, action))
        e.step(action)
    return native, finals


@pytest.mark.parametrize("reward", ["win", "points"])
@pytest.mark.parametrize(("n", "teams"), TABLES, ids=TABLE_IDS)
def test_pettingzoo_rewards_zero_sum_shared_by_partners(
    n: int, teams: tuple[tuple[int, ...], ...] | None, reward: str
) -> None:
    from bezique.game import deal_result, settle_deal

    pz = _pz()
    rules = rules_at(n, teams)
    e = pz.env(rules, dealer=0, reward=reward)
    assert e.possible_agents == [f"player_{p}" for p in range(n)] == list(pz.agent_names(n))
    for seed in range(3):
        native, finals = pz_play(e, seed)
        assert native.is_over and e.unwrapped.deal == native and e.agents == []
        r = [finals[f"player_{p}"] for p in range(n)]
        assert sum(r) == pytest.approx(0.0, abs=1e-9)
        per_team = ([float(deal_result(native, t[0]) >= 0) for t in rules.teams]
                    if reward == "win" else [float(x) for x in settle_deal(native).totals])
        for p in range(n):
            team = next(i for i, t in enumerate(rules.teams) if p in t)
            others = [v for i, v in enumerate(per_team) if i != team]
            assert r[p] == pytest.approx(per_team[team] - sum(others) / len(others))
        if teams:
            assert r[0] == r[2] and r[1] == r[3] == -r[0]


def test_pettingzoo_spaces_masks_and_dealer_round_the_seats() -> None:
    pz = _pz()
    rules = rules_at(4, PARTNERS)
    e = pz.raw_env(rules)
    size = observation_size(rules)
    for agent in e.possible_agents:
        assert e.observation_space(agent)["observation"].shape == (size,)
    dealers = []
    e.reset(seed=5)
    for _ in range(5):
        dealers.append(e.deal.dealer)
        mover = e.deal.to_move
        for p, agent in enumerate(e.possible_agents):
            observed = e.observe(agent)
            assert observed["observation"].tolist() == pytest.approx(deal_tensor(e.deal, p))
            assert observed["action_mask"].any() == (p == mover)
        e.reset()
    assert dealers == [0, 1, 2, 3, 0]
    assert e.agent_selection == e.possible_agents[e.deal.to_move]
    with pytest.raises(KeyError):
        e.observe("player_4")
    with pytest.raises(ValueError, match=r"^perspective: expected None, a seat 0 to 3, got 4"):
        pz.env(rules, perspective=4)
    with pytest.raises(ValueError, match=r"^dealer: expected 'alternate', a seat 0 to 2, got 3"):
        pz.env(rules_at(3, None), dealer=3)
    fixed = pz.raw_env(rules, dealer=3)
    fixed.reset(seed=1)
    assert fixed.deal == Deal.new(rules, seed=1, dealer=3)


# -------------------------------------------------- two seats as before: the adapters

TWO_SEAT_ADAPTED: Final = ("bezique", "pinochle", "five-hundred")
OPENSPIEL_TWO_SEATS: Final = "c1eb8fb7db3c35817ccf37e467b98ba4e8eae33dc11c4ad9963561c75e9909d2"
PETTINGZOO_TWO_SEATS: Final = "9e8ed68fa088feb87f17df98bd6cc8e33d543c19b46f7d81bdbe9d598f236a03"
"""Both hashes taken on main at beefa4b, before stage I."""


def _openspiel_two_seats() -> str:
    """A hash of every string, tensor and return of seeded random OpenSpiel deals."""
    pyspiel = _pyspiel()
    import numpy as np

    h = hashlib.sha256()
    for name in TWO_SEAT_ADAPTED:
        for utility in ("points", "win"):
            game = pyspiel.load_game(f"python_bezique(profile={name},utility={utility})")
            for seed in range(2):
                state = game.new_initial_state()
                rng = random.Random(seed)
                while not state.is_terminal():
                    if state.is_chance_node():
                        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                        continue
                    for p in (0, 1):
                        h.update(state.information_state_string(p).encode())
                        h.update(state.observation_string(p).encode())
                        h.update(np.asarray(state.observation_tensor(p), np.float32).tobytes())
                    state.apply_action(rng.choice(state.legal_actions()))
                h.update(repr(state.returns()).encode())
    return h.hexdigest()


def _pettingzoo_two_seats() -> str:
    """A hash of every observation, mask and reward of seeded random PettingZoo deals."""
    pz = _pz()
    import numpy as np

    h = hashlib.sha256()
    for name in TWO_SEAT_ADAPTED:
        for reward in ("win", "points"):
            e = pz.env(name, reward=reward)
            for seed in range(2):
                e.reset(seed=seed)
                rng = random.Random(seed)
                for agent in e.agent_iter():
                    observed, r, terminated, truncated, _ = e.last()
                    h.update(f"{agent} {r} {terminated} {truncated}".encode())
                    h.update(observed["observation"].tobytes())
                    h.update(observed["action_mask"].tobytes())
                    if terminated or truncated:
                        e.step(None)
                        continue
                    e.step(rng.choice(np.flatnonzero(observed["action_mask"]).tolist()))
    return h.hexdigest()


def test_two_seat_openspiel_strings_tensors_and_returns_as_before() -> None:
    assert _openspiel_two_seats() == OPENSPIEL_TWO_SEATS


def test_two_seat_pettingzoo_observations_and_rewards_as_before() -> None:
    assert _pettingzoo_two_seats() == PETTINGZOO_TWO_SEATS
