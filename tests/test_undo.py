"""`Deal.undo` and `Game.undo`: taking back the last action restores the deal exactly."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import played

import bezique
from bezique import Deal, Game, record
from bezique.rules import Rules

HERE = Path(__file__).parent
CUT_BONUS = HERE.parent / "examples" / "house-rules" / "chinese-cut-bonus.toml"


def _same(a: Deal, b: Deal) -> None:
    """Everything a user can see of the two deals is equal."""
    assert a == b
    assert a.events == b.events
    assert a.actions == b.actions
    assert a.scores == b.scores
    assert a.phase == b.phase and a.to_move == b.to_move
    assert a.legal_actions() == b.legal_actions()
    assert a.observation(0) == b.observation(0) and a.observation(1) == b.observation(1)


def _undo_at_every_ply(deal: Deal, rng: random.Random) -> Deal:
    """Play ``deal`` out at random; before every action check that apply-then-undo restores
    the deal, then apply it for good. Returns the finished deal."""
    while not deal.is_over:
        before = deal.clone()
        action = rng.choice(deal.legal_actions())
        deal.apply(action)
        after = deal.clone()
        assert deal.undo() == action
        _same(deal, before)
        deal.apply(action)  # apply again: the same consequences as the first time
        _same(deal, after)
    return deal


@pytest.mark.parametrize("seed", [2])
def test_undo_restores_the_deal_at_every_ply_of_every_profile(
    builtin_name: str, seed: int
) -> None:
    rules = bezique.load_profile(builtin_name)
    deal = Deal.new(rules, seed=seed, dealer=seed % 2)
    _undo_at_every_ply(deal, random.Random(seed))
    assert deal.is_over


def test_undo_covers_the_dealer_cut_bonus() -> None:
    rules = bezique.load_profile(CUT_BONUS)
    deal = Deal.new(rules, seed=5, cut=24, guess=24)  # both bonuses scored at the start
    assert deal.scores != (0, 0)
    start = deal.clone()
    _undo_at_every_ply(deal, random.Random(5))
    while deal.actions:
        deal.undo()
    _same(deal, start)


def test_undo_covers_from_position_deals_with_and_without_scores() -> None:
    rules = bezique.load_profile("bezique")
    for scores in (None, (120, 40)):
        deal = Deal.from_position(
            rules, hands=["AS 10S KS QS JD 7H 8H 9H", "AH 10H KH QH JS 7S 8S 9S"],
            stock="AD 10D KD QD JC 7D", dealer=0, scores=scores,
        )
        start = deal.clone()
        _undo_at_every_ply(deal, random.Random(3))
        while deal.actions:
            deal.undo()
        _same(deal, start)


def test_undo_covers_an_end_phase_position_with_trump_and_leader_given() -> None:
    deal = Deal.from_position(
        bezique.load_profile("rubicon"), hands=["AS 10S KS QS JD 7H 8H 9H",
                                                "AH 10H KH QH JS 7S 8S 9S"],
        dealer=0, trump="H", leader=0, scores=(200, 150),
    )
    assert deal.in_end_phase
    start = deal.clone()
    _undo_at_every_ply(deal, random.Random(2))
    while deal.actions:
        deal.undo()
    _same(deal, start)


def test_repeated_undo_returns_to_the_start(builtin_name: str) -> None:
    rules = bezique.load_profile(builtin_name)
    deal = Deal.new(rules, seed=11, dealer=1)
    rng = random.Random(11)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    taken = [deal.undo() for _ in range(len(deal.actions))]
    _same(deal, Deal.new(rules, seed=11, dealer=1))
    for action in reversed(taken):  # and forward again to the same end
        deal.apply(action)
    assert deal.is_over


def test_undo_with_nothing_to_take_back_raises_index_error() -> None:
    deal = Deal.new(bezique.load_profile("bezique"), seed=1)
    start = deal.clone()
    with pytest.raises(IndexError, match="no action"):
        deal.undo()
    _same(deal, start)


def test_undo_of_a_determinized_world_raises_and_leaves_it_unchanged() -> None:
    deal = played("bezique", 4, 12)
    world = deal.determinize(0, random.Random(1))
    kept = world.clone()
    with pytest.raises(IndexError):  # a world starts where it was sampled: no history
        world.undo()
    _same(world, kept)
    world.apply(world.legal_actions()[0])
    kept = world.clone()
    with pytest.raises(ValueError, match="does not replay"):
        world.undo()
    _same(world, kept)


def test_a_determinized_world_keeps_no_trace_of_the_real_deal() -> None:
    deal = played("bezique", 4, 12)
    world = deal.determinize(0, random.Random(1))
    assert world.actions == () and world.seed is None
    assert world.origin.hands == (tuple(world.hand(0)), tuple(world.hand(1)))
    assert world.origin.stock == world.stock


def test_undo_leaves_clones_independent() -> None:
    deal = played("rubicon", 8, 20)
    copy = deal.clone()
    deal.undo()
    assert len(copy.actions) == 20 and len(deal.actions) == 19
    copy.undo()
    _same(copy, deal)


def test_a_record_written_after_undo_replays(builtin_name: str) -> None:
    deal = played(builtin_name, 9, 40)
    for _ in range(3):
        deal.undo()
    rebuilt = record.rebuild(record.dumps(deal))
    assert isinstance(rebuilt, Deal)
    _same(rebuilt, deal)


def _play_game(rules: Rules, seed: int, plies: int) -> Game:
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over:
            break
        if game.deal is None or game.deal.is_over:
            game.new_deal()
        assert game.deal is not None
        game.apply(rng.choice(game.deal.legal_actions()))
    return game


def test_game_undo_unsettles_a_finished_deal_and_withdraws_a_fresh_one() -> None:
    rules = bezique.load_profile("bezique")
    game = _play_game(rules, 3, 10_000)
    assert game.deal is not None and len(game.deals) >= 2
    deals = len(game.deals)
    last = game.deal.actions[-1]
    assert game.undo() == last
    assert len(game.deals) == deals - 1 and not game.deal.is_over and not game.is_over
    game.apply(last)  # settled again, to the same result
    assert len(game.deals) == deals and game.is_over

    middle = Game(rules, seed=3)
    middle_deal = middle.new_deal()
    rng = random.Random(3)
    while not middle_deal.is_over:
        middle.apply(rng.choice(middle_deal.legal_actions()))
    finished = middle_deal.clone()
    middle.new_deal()
    assert middle.undo() == finished.actions[-1]  # withdraws the fresh deal, then takes back
    assert middle.deal is middle_deal and middle.deals == [] and middle.settlements == []
    with pytest.raises(IndexError):
        Game(rules, seed=3).undo()
