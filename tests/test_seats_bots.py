"""Issue 34, stage G: bots at three and four seats (docs/rules.md#more-seats).

Validated profiles have two seats until the built-in three- and four-seat profiles land, so the
rules here are built with ``attrs.evolve``.
"""

from __future__ import annotations

import pytest
from seated import PARTNERS, seated

import bezique
from bezique.actions import Play
from bezique.bots import GreedyBot, PlannerBot, RandomBot, check_bots, play_deal
from bezique.bots.planner import beaten_odds, draw_odds
from bezique.deal import Deal
from bezique.tricks import beaters, beats, trick_winner


@pytest.mark.parametrize("n", [3, 4])
def test_random_bots_play_a_deal_at_more_seats(n: int) -> None:
    rules = seated(n)
    deal = play_deal(rules, [RandomBot(seed=p) for p in range(n)], seed=3, dealer=n - 1)
    assert deal.is_over and len(deal.scores) == n


def test_one_bot_a_seat() -> None:
    with pytest.raises(ValueError, match="expected 3 bots, one a seat of 'bezique', got 2"):
        play_deal(seated(3), [RandomBot(), RandomBot()], seed=1)
    with pytest.raises(ValueError, match="expected 2 bots"):
        play_deal(bezique.load_profile("bezique"), [RandomBot()] * 3, seed=1)


def test_check_bots() -> None:
    assert check_bots("greedy,random,search:5,planner", 4) == (
        "greedy", "random", "search:5", "planner")
    with pytest.raises(ValueError, match=r"expected 3 bots as A,B,C, one a seat, got 'greedy'"):
        check_bots("greedy", 3)
    with pytest.raises(ValueError, match="expected two bots as A,B"):
        check_bots("greedy,random,random", 2)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        check_bots("greedy,nobody,random", 3)


@pytest.mark.parametrize(("n", "teams"), [(3, None), (4, None), (4, ((0, 2), (1, 3)))])
def test_greedy_and_planner_bots_play_more_seats(
    n: int, teams: tuple[tuple[int, ...], ...] | None
) -> None:
    rules = seated(n, teams=teams)
    for seed in range(3):
        bots = [GreedyBot() if p % 2 else PlannerBot() for p in range(n)]
        deal = play_deal(rules, bots, seed=seed, dealer=seed % n)
        assert deal.is_over and len(deal.scores) == n


def test_greedy_never_takes_a_partners_trick_when_it_need_not() -> None:
    """Issue 34: "a GreedyBot does not take its partner's trick": in the stock phase (no duty
    to follow) a GreedyBot whose partner's card is winning plays a card that does not beat
    it whenever it holds one."""
    rules = seated(4, teams=PARTNERS)
    checked = 0
    for seed in range(6):
        deal = Deal.new(rules, seed=seed, dealer=seed % 4)
        bot = GreedyBot()
        while not deal.is_over:
            to_move = deal.to_move
            assert to_move is not None
            seen = deal.observation(to_move)
            action = bot.choose(seen)
            trick = [int(x) for x in deal.trick]
            if len(trick) >= 2 and not deal.in_end_phase:
                trump = -1 if deal.trump is None else int(deal.trump)
                at = trick_winner(trick, trump)
                if (deal.leader + at) % 4 == (to_move + 2) % 4:
                    plays = [int(a.card) for a in seen.legal_actions() if isinstance(a, Play)]
                    if not all(beats(x, trick[at], trump) for x in plays):
                        assert isinstance(action, Play)
                        assert not beats(int(action.card), trick[at], trump)
                        checked += 1
            deal.apply(action)
    assert checked > 20


def test_planner_odds_count_every_opponent() -> None:
    """`beaten_odds` at more seats: the concealed cards of every seat of the other teams are
    drawn together from the unseen cards; a partner's are not counted."""
    rules = seated(4, teams=PARTNERS)
    seen = Deal.new(rules, seed=7, dealer=3).observation(0)
    trump = seen.trump
    assert trump is not None
    card = next(x for x in range(256) if x >> 6 != int(trump) and (x >> 3 & 7) == 7)
    unseen = len(seen.unseen)
    beaters_unseen = (seen.unseen.bits & beaters(card, int(trump))).bit_count()
    assert beaten_odds(seen, card) == pytest.approx(draw_odds(unseen, beaters_unseen, 16, 1))
