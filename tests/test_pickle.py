"""`Deal`, `Game` and `Rules` pickle and unpickle to equal objects that carry on identically."""

from __future__ import annotations

import copy
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import bezique
from bezique import Deal, Game
from bezique.compile import compile_rules

PROTOCOLS = range(2, pickle.HIGHEST_PROTOCOL + 1)
ROOT = Path(__file__).parent.parent


def _round_trip(obj: object, protocol: int) -> object:
    return pickle.loads(pickle.dumps(obj, protocol=protocol))


def _continues_identically(a: Deal, b: Deal, seed: int) -> None:
    """The same random actions give the same legal actions and events on both deals."""
    rng = random.Random(seed)
    while not a.is_over:
        assert a.legal_actions() == b.legal_actions()
        action = rng.choice(a.legal_actions())
        assert a.apply(action) == b.apply(action)
    assert b.is_over and a == b and a.events == b.events


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_rules_pickle_to_equal_rules(builtin_name: str, protocol: int) -> None:
    rules = bezique.load_profile(builtin_name)
    hash(rules)  # a cached hash must not travel
    back = _round_trip(rules, protocol)
    assert back == rules and hash(back) == hash(rules) and back.digest == rules.digest
    assert compile_rules(back) is compile_rules(rules)


def test_copied_rules_hash_like_the_original() -> None:
    """`Rules` keeps its hash once worked out (attrs' ``cache_hash``): a copy, a deep copy and
    an evolved profile work theirs out again rather than carry a stale or missing one."""
    rules = bezique.load_profile("joker")
    hash(rules)
    for other in (copy.copy(rules), copy.deepcopy(rules), attrs.evolve(rules)):
        assert other == rules and hash(other) == hash(rules)
    renamed = attrs.evolve(rules, name="joker-renamed")
    assert renamed != rules and hash(renamed) == hash(attrs.evolve(renamed))


def test_unpickled_rules_hash_like_fresh_ones_in_another_process(tmp_path: Path) -> None:
    """String hashes are salted per process: a hash cached in the pickling process must not be
    carried into the unpickling one, or equal profiles would hash differently there."""
    blob = tmp_path / "rules.pickle"
    rules = bezique.load_profile("rubicon")
    hash(rules)
    blob.write_bytes(pickle.dumps(rules))
    code = (
        "import pickle, sys, bezique\n"
        f"back = pickle.loads(open({str(blob)!r}, 'rb').read())\n"
        "fresh = bezique.load_profile('rubicon')\n"
        "sys.exit(0 if back == fresh and hash(back) == hash(fresh) else 1)\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], env=env, check=False)
    assert done.returncode == 0


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_deal_pickles_at_the_start_mid_deal_and_finished(builtin_name: str, protocol: int) -> None:
    rules = bezique.load_profile(builtin_name)
    deal = Deal.new(rules, seed=21, dealer=1)
    rng = random.Random(21)
    plies = 0
    while not deal.is_over:
        if plies in (0, 7, 30):
            back = _round_trip(deal, protocol)
            assert isinstance(back, Deal) and back == deal
            assert back.seed == deal.seed and back.origin == deal.origin
            _continues_identically(deal.clone(), back, seed=plies)
        deal.apply(rng.choice(deal.legal_actions()))
        plies += 1
    back = _round_trip(deal, protocol)
    assert back == deal and isinstance(back, Deal) and back.events == deal.events
    assert back.undo() == deal.undo()  # the history comes along: undo still works
    assert back == deal


def test_from_position_deal_pickles() -> None:
    rules = bezique.load_profile("bezique")
    deal = Deal.from_position(
        rules, hands=["AS 10S KS QS JD 7H 8H 9H", "AH 10H KH QH JS 7S 8S 9S"],
        stock="AD 10D KD QD JC 7D", dealer=0, scores=(100, 30),
    )
    deal.apply(deal.legal_actions()[0])
    back = pickle.loads(pickle.dumps(deal))
    assert isinstance(back, Deal) and back == deal and back.origin == deal.origin
    _continues_identically(deal, back, seed=2)


def test_unpickled_deal_is_independent_of_the_original() -> None:
    deal = Deal.new(bezique.load_profile("chinese"), seed=2)
    back = pickle.loads(pickle.dumps(deal))
    assert isinstance(back, Deal)
    back.apply(back.legal_actions()[0])
    assert deal.actions == () and len(back.actions) == 1


def test_copy_and_deepcopy_are_independent_clones() -> None:
    deal = Deal.new(bezique.load_profile("rubicon"), seed=4)
    for twin in (copy.copy(deal), copy.deepcopy(deal)):
        assert twin == deal
        twin.apply(twin.legal_actions()[0])
        assert twin != deal and deal.actions == ()


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_game_pickles_mid_game_and_carries_on_identically(protocol: int) -> None:
    rules = bezique.load_profile("bezique")
    game = Game(rules, seed=6)
    rng = random.Random(6)
    for _ in range(150):  # into the second deal
        if game.deal is None or game.deal.is_over:
            game.new_deal()
        assert game.deal is not None
        game.apply(rng.choice(game.deal.legal_actions()))
    assert len(game.deals) >= 1
    back = _round_trip(game, protocol)
    assert isinstance(back, Game) and back == game
    assert back.deal is not None and back.deal == game.deal
    for g in (game, back):  # both play to the end with the same choices
        moves = random.Random(1)
        while not g.is_over:
            if g.deal is None or g.deal.is_over:
                g.new_deal()
            assert g.deal is not None
            g.apply(moves.choice(g.deal.legal_actions()))
    assert back == game and back.result == game.result


def test_game_equality_sees_a_different_action() -> None:
    rules = bezique.load_profile("bezique")
    one, two = Game(rules, seed=1), Game(rules, seed=1)
    assert one == two
    one.new_deal()
    two.new_deal()
    assert one.deal is not None and two.deal is not None
    one.apply(one.deal.legal_actions()[0])
    two.apply(two.deal.legal_actions()[-1])
    assert one != two
