"""`bezique.search.endgame`, the solver's int-level trick play, held to the engine-driven search
and to brute force: its move generation, equivalences, pruning by the points left, table and
principal variation must never change a value or a score."""

from __future__ import annotations

import random

import pytest
from attrs import evolve
from conftest import minimax

import bezique
from bezique.actions import Action, CallOut, CarteBlanche
from bezique.rules.model import Rules
from bezique.search import solve
from bezique.search.endgame import Endgame, supported
from bezique.search.solver import _solve


def _variant(name: str) -> Rules:
    """A shipped profile, or one changed in one end-phase rule (to reach every branch)."""
    if name == "rubicon-heap-counted":  # the heap goes with a brisque, and it counts
        rules = bezique.load_profile("rubicon")
        return evolve(rules, brisques=evolve(rules.brisques, counted="always"))
    if name == "bezique-immediate":
        rules = bezique.load_profile("bezique")
        return evolve(rules, brisques=evolve(rules.brisques, when="immediately"))
    if name == "bezique-follow-only":
        rules = bezique.load_profile("bezique")
        return evolve(rules, endgame=evolve(rules.endgame, obligation="follow_only"))
    if name == "joker-follow-only":  # no duty in the end phase: a joker may go anywhere
        rules = bezique.load_profile("joker")
        return evolve(rules, endgame=evolve(rules.endgame, obligation="follow_only"))
    if name == "joker-dix-to-winner":  # DJ13 (M4): a trump seven scores for the trick's winner
        return bezique.profile_from_toml('extends = "joker"\ndix.award_to = "trick_winner"')
    if name == "first-marriage-worthless":  # tricks before trumps are fixed are dead
        rules = bezique.load_profile("bezique-first-marriage")
        return evolve(rules, tricks=evolve(rules.tricks, before_trump_worthless=True))
    return bezique.load_profile(name)


VARIANTS = [
    "bezique", "besigue", "bezique-first-marriage", "pinochle", "rubicon", "chinese",
    "eight-pack", "rubicon-heap-counted", "bezique-immediate", "bezique-follow-only",
    "first-marriage-worthless", "joker", "joker-follow-only", "joker-dix-to-winner",
]


def _end_phases(rules: Rules, cards: int, wanted: int) -> list[bezique.Deal]:
    """Seeded random deals played into the end phase (never calling out), then on until the
    player to move holds at most ``cards`` cards with no trick begun."""
    found = []
    for seed in range(400):
        deal = bezique.Deal.new(rules, seed=seed, dealer=seed % 2)
        rng = random.Random(seed)
        while not deal.is_over and (
            not deal.in_end_phase or deal.trick or len(deal.hand(deal.to_move or 0)) > cards
        ):
            legal = [a for a in deal.legal_actions() if not isinstance(a, CallOut)]
            legal = legal or deal.legal_actions()
            deal.apply(legal[int(rng.random() * len(legal))])
        if not deal.is_over:
            found.append(deal)
            if len(found) == wanted:
                break
    return found


def _and_after(deal: bezique.Deal, actions: list[Action]) -> list[bezique.Deal]:
    """``deal`` and a copy of it after each of ``actions``."""
    positions = [deal]
    for action in actions:
        after = deal.clone()
        after.apply(action)
        positions.append(after)
    return positions


@pytest.mark.parametrize("name", VARIANTS)
def test_fast_path_gives_the_engine_search_values_and_scores_on_small_end_phases(
    name: str,
) -> None:
    deals = _end_phases(_variant(name), 5, 70)  # over 200 positions with the leads below
    assert len(deals) == 70, f"too few {name} deals reached the end phase"
    for deal in deals:
        # and after a lead: the follower to move
        for position in _and_after(deal, deal.legal_actions()[:2]):
            fast, engine = _solve(position, fast=True), _solve(position, fast=False)
            assert (fast.value, fast.scores) == (engine.value, engine.scores)
            replay = position.clone()
            for action in fast.line:
                replay.apply(action)
            assert replay.is_over and replay.scores == fast.scores


@pytest.mark.parametrize("name", ["bezique", "rubicon", "chinese", "rubicon-heap-counted"])
def test_fast_path_gives_the_engine_search_values_on_eight_card_end_phases(name: str) -> None:
    deals = _end_phases(_variant(name), 8, 3)
    assert len(deals) == 3
    for deal in deals:
        fast, engine = _solve(deal, fast=True), _solve(deal, fast=False)
        assert (fast.value, fast.scores) == (engine.value, engine.scores)


def test_fast_path_plays_jokers_as_the_engine_does() -> None:
    """Joker end phases (docs/rules.md#joker) with a joker still in a hand: a led joker, which
    no card follows and only a trump beats, and a joker thrown to a trick, which never wins;
    the fast path gives the engine-driven search's values and scores, and brute force's."""
    rules = bezique.load_profile("joker")
    deals = [d for d in _end_phases(rules, 5, 200)
             if any(c.is_joker for p in (0, 1) for c in d.hand(p))][:25]
    assert len(deals) >= 15
    for deal in deals:
        assert supported(deal)
        jokers = [a for a in deal.legal_actions() if "JK" in str(a)]  # the follower answers
        for position in _and_after(deal, jokers):
            fast, engine = _solve(position, fast=True), _solve(position, fast=False)
            assert (fast.value, fast.scores) == (engine.value, engine.scores)
    for deal in deals[:6]:
        expected = minimax(deal.clone())
        mover = deal.to_move
        assert mover is not None
        assert solve(deal).value == expected[mover] - expected[1 - mover]


def test_fast_path_declines_a_last_trick_won_with_the_dix_while_a_dix_is_in_play() -> None:
    """``last_trick.seven_bonus`` (DJ19, BC-R): while a trump seven is still in a hand the last
    trick's value hangs on the card that wins it, and the engine plays the end phase; without
    one the fast path does. Both give brute force's value."""
    rules = bezique.profile_from_toml('extends = "joker"\nlast_trick.seven_bonus = 10')
    deals = _end_phases(rules, 3, 40)
    sevens = [any(d.bits.is_dix(int(c)) for p in (0, 1) for c in d.hand(p)) for d in deals]
    assert any(sevens) and not all(sevens)
    for deal, seven in zip(deals, sevens, strict=True):
        assert supported(deal) is not seven
        expected = minimax(deal.clone())
        mover = deal.to_move
        assert mover is not None
        assert solve(deal).value == expected[mover] - expected[1 - mover]


def test_fast_path_declines_a_dix_to_the_winner_that_a_heap_would_carry() -> None:
    """``dix.award_to = "trick_winner"`` (DJ13) with ``tricks.gather = "when_brisque_played"``:
    the dix is the trick's winner's at once, not the heap's, which the fast path cannot say."""
    rules = _variant("rubicon-heap-counted")
    rules = evolve(rules, dix=evolve(rules.dix, award_to="trick_winner"))
    deal = _end_phases(rules, 4, 1)[0]
    assert not supported(deal)
    assert solve(deal).value == _solve(deal, fast=False).value


def test_fast_path_declines_jokers_kept_for_last() -> None:
    """``jokers.endgame_play = "last_resort"`` restricts leads as well as answers: the engine
    plays it."""
    rules = bezique.load_profile("joker")
    rules = evolve(rules, jokers=evolve(rules.jokers, endgame_play="last_resort"))
    deal = _end_phases(rules, 4, 1)[0]
    assert not supported(deal)
    assert solve(deal).value == _solve(deal, fast=False).value


@pytest.mark.parametrize("name", VARIANTS)
def test_fast_path_agrees_with_brute_force_on_three_card_end_phases(name: str) -> None:
    deals = _end_phases(_variant(name), 3, 8)
    assert len(deals) == 8
    for deal in deals:
        expected = minimax(deal.clone())
        mover = deal.to_move
        assert mover is not None
        assert solve(deal).value == expected[mover] - expected[1 - mover]


def test_fast_path_takes_a_plain_end_phase_and_leaves_the_deal_unchanged() -> None:
    deal = _end_phases(bezique.load_profile("bezique"), 8, 1)[0]
    before = deal.clone()
    assert supported(deal) and Endgame(deal).takes(deal.bits.position())
    solve(deal)
    assert deal == before


@pytest.mark.parametrize(
    ("part", "change"),
    [
        ("endgame", {"revoke_penalty": "forfeit_remaining_tricks"}),
        ("trick_points", {"rounding": "7_up"}),
        ("brisques", {"majority_bonus": 20}),
        ("brisques", {"counted": "majority"}),  # DJ15 (HB)
        ("brisques", {"min_to_score": 5, "shortfall_penalty": -20}),  # DJ15 (M4)
        ("game", {"call_out": True}),
    ],
)
def test_fast_path_declines_rules_beyond_plain_trick_play(
    part: str, change: dict[str, object]
) -> None:
    rules = bezique.load_profile("bezique")
    rules = evolve(rules, **{part: evolve(getattr(rules, part), **change)})
    deal = _end_phases(rules, 8, 1)[0]
    assert not supported(deal)


def _besigue_near(scores: tuple[int, int]) -> bezique.Deal:
    # P0 holds the unscored seven of trumps: played, it scores 10 and, in besigue
    # (game.end = immediate_on_meld), ends the deal at once if that reaches the target
    return bezique.Deal.from_position(
        bezique.load_profile("besigue"), hands=["7H AS 9C", "10S KC 8D"], trump="H", leader=0,
        scores=scores,
    )


def test_fast_path_declines_a_deal_a_score_could_end_early_and_solves_it_exactly() -> None:
    far, near = _besigue_near((500, 500)), _besigue_near((995, 0))
    assert supported(far) and not supported(near)
    for deal in (far, near):
        expected = minimax(deal.clone())
        solution = solve(deal)
        assert solution.value == expected[0] - expected[1]
        assert solution.scores == expected


def test_carte_blanche_still_to_show_is_searched_through_the_engine() -> None:
    # a stacked rubicon end phase: P0 holds no court card and may still show carte blanche
    deal = bezique.Deal.from_position(
        bezique.load_profile("rubicon"), hands=["AS 10S 9H", "KS QH 7D"], trump="S", leader=0,
    )
    assert CarteBlanche() in deal.legal_actions()
    assert supported(deal) and not Endgame(deal).takes(deal.bits.position())
    expected = minimax(deal.clone())
    solution = solve(deal)
    assert solution.value == expected[0] - expected[1]
    assert CarteBlanche() in solution.line


JOKER_END_PHASES = [
    # (P0's hand, P1's hand, trumps): a led joker beaten only by a trump, a joker played only
    # when void in the suit led and in trumps, two jokers in one trick (the first wins)
    ("JK 9D AS", "8D JKb 10S", "S"),
    ("JK JKb 9D", "AH 8D JKc", "S"),
    ("JK KH 7C", "10H 9C JKb", "D"),
    ("JK AH 10H 7S", "KH QH 9S 8S", "S"),
    ("JK JKb AD 10D", "JKc 7S 8S 9S", "C"),
]


@pytest.mark.parametrize(("mine", "theirs", "trump"), JOKER_END_PHASES)
def test_fast_path_on_stacked_joker_end_phases(mine: str, theirs: str, trump: str) -> None:
    """JB-05 and JB-06 (source: BC-R §2.4, §6.1, BC, CPU, HB, M4): stacked end phases of the
    joker profile, either seat leading, two and three jokers in play: the fast path takes them,
    and its values, scores and lines are the engine search's and brute force's."""
    rules = bezique.load_profile("joker")
    for leader in (0, 1):
        deal = bezique.Deal.from_position(rules, hands=[mine, theirs], trump=trump,
                                          leader=leader)
        assert deal.in_end_phase and supported(deal)
        assert Endgame(deal).takes(deal.bits.position())
        expected = minimax(deal.clone())
        fast, engine = _solve(deal, fast=True), _solve(deal, fast=False)
        assert (fast.value, fast.scores) == (engine.value, engine.scores)
        assert fast.value == expected[leader] - expected[1 - leader]
        replay = deal.clone()
        for action in fast.line:
            replay.apply(action)
        assert replay.scores == fast.scores == expected
