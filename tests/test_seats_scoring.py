"""Issue 34, stage D: scoring, settlement and the game per seat and team (docs/rules.md#dm12).

Points and brisques are per seat, totals, the target, the end count and the result per team;
``settle`` is the score-keeper for real cards at any number of seats, ``Game`` plays deals to
it. MP-13 is the worked example of the project's survey of the sources (docs/rules.md#more-seats);
N10 and N12 are its invariants for the rotation of the deal and the shapes of the results.

No validated profile has more than two seats yet (the validation gate), so the rules here are
built with ``attrs.evolve`` (`test_seats_play.seated`), which validation does not see.
"""

from __future__ import annotations

import pickle
import random
from typing import Any, cast

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st
from seated import seated

import bezique
from bezique.cards import CARDS, card_of, kind_of, rank, rank_index
from bezique.deal import Deal
from bezique.game import Game, GameResult, deal_result, draw_for_deal, settle_deal
from bezique.rules.model import Rules
from bezique.settlement import CONTINUE_KINDS, GAME_OVER_KINDS, Settlement, settle, team_name

PARTNERS = ((0, 2), (1, 3))


def partnership(profile: str = "bezique", **game: Any) -> Rules:
    """``profile`` at four seats in two partnerships, partners opposite (BIC-4H), with these
    ``game`` keys."""
    rules = seated(4, profile, teams=PARTNERS)
    return evolve(rules, game=evolve(rules.game, **game))


def alone(n: int, profile: str = "bezique", **keys: Any) -> Rules:
    """``profile`` at ``n`` seats, every player for himself, with these ``game`` and
    ``brisques`` keys (``game_…``, ``brisques_…``)."""
    rules = seated(n, profile)
    game = {k.removeprefix("game_"): v for k, v in keys.items() if k.startswith("game_")}
    counts = {k.removeprefix("brisques_"): v for k, v in keys.items()
              if k.startswith("brisques_")}
    return evolve(rules, game=evolve(rules.game, **game),
                  brisques=evolve(rules.brisques, **counts))


# ---------------------------------------------------------------- MP-13


def test_mp13_seat_scores_and_team_totals() -> None:
    """MP-13 (WOH, ENQ-129; BIC-4H: game 2000; the contract of docs/rules.md#dm12):
    partnership, totals before the deal 1,200 and 1,650. The deal's points apart from
    brisques P0 90, P1 40, P2 250, P3 30; brisques P0 9, P1 11, P2 7, P3 5. Seat scores
    (180, 150, 320, 80); team 0 +500, team 1 +230; totals (1,700, 1,880); nobody has 2,000.
    A further deal adds +400 and +150: (2,100, 2,030), both have reached 2,000 and the higher
    total wins: team 0."""
    rules = partnership(target=2000)
    s = settle(rules, points=(90, 40, 250, 30), brisques=(9, 11, 7, 5), totals=(1200, 1650))
    assert s.seat_points == (180, 150, 320, 80)
    assert (s.totals, s.kind, s.winner, s.game_over) == ((1700, 1880), "continue", None, False)
    assert s.breakdown == (
        "P0+P2: 1200 + 90 (P0) + 250 (P2) = 1540",
        "P1+P3: 1650 + 40 (P1) + 30 (P3) = 1720",
        "P0+P2: 1540 + 90 (P0) + 70 (P2) brisques = 1700",
        "P1+P3: 1720 + 110 (P1) + 50 (P3) brisques = 1880",
        "nobody has reached 2000: deal again",
    )
    then = settle(rules, points=(250, 100, 150, 50), totals=s.totals)
    assert (then.totals, then.kind, then.winner, then.margin) == ((2100, 2030), "win", 0, 70)
    assert then.breakdown[-1] == "P0+P2 win 2100 to 2030"


def stacked_last_trick(game: Game, scores: tuple[int, ...]) -> None:
    """Give a four-seat ``game`` a stacked last trick at these seat ``scores``: P0 leads 7♥
    and P3 wins it with J♥, taking the last-trick 10 (no brisques in it)."""
    game.deal = Deal.from_position(
        game.rules, hands=["7H", "8H", "9H", "JH"], dealer=3, trump="S", scores=scores,
        totals=game.totals, target=game.target)
    for card in ("7H", "8H", "9H", "JH"):
        game.apply(f"play {card}")
    assert game.deal.is_over


def test_mp13_as_a_game() -> None:
    """MP-13 through `Game`: the deals' seat scores (the brisques counted in the deal) settle
    into team totals, and the game ends when both teams pass 2,000 with team 0 the higher."""
    game = Game(partnership(target=2000), seed=1)
    stacked_last_trick(game, (180, 150, 320, 70))
    assert game.deal is not None and game.deal.scores == (180, 150, 320, 80)
    assert game.settlements[-1].seat_points == (180, 150, 320, 80)
    assert game.totals == (500, 230) and not game.is_over
    game.settlements[-1] = evolve(game.settlements[-1], totals=(1700, 1880))  # MP-13's start
    stacked_last_trick(game, (250, 100, 150, 40))
    result = game.result
    assert result is not None
    assert (result.winner, result.kind, result.totals, result.deals) == (0, "win",
                                                                         (2100, 2030), 2)
    assert result.describe() == "P0+P2 win 2100 to 2030"


# ---------------------------------------------------------------- the winner, ties (MP-13, Q17)


def test_the_highest_team_at_the_target_wins() -> None:
    """Three for themselves: two pass 2,000 in the same deal; the higher total wins, its
    margin is over the next best."""
    s = settle(alone(3, game_target=2000), points=(200, 100, 100), totals=(1900, 1950, 1000))
    assert (s.totals, s.winner, s.kind, s.margin) == ((2100, 2050, 1100), 0, "win", 50)
    assert s.breakdown[-1] == "P0 wins 2100 to 2050 (P1) and 1100 (P2)"


@pytest.mark.parametrize(("tie", "kind", "target"),
                         [("draw", "draw", 2000), ("extra_deal", "extra_deal", 2000),
                          ("raise_target", "raise_target", 2500)])
def test_teams_tied_at_the_top_follow_game_tie(tie: str, kind: str, target: int) -> None:
    """The highest total shared at or above the target: ``game.tie`` decides among them
    (a draw, an extra deal, a raised target); nobody wins."""
    s = settle(alone(3, game_target=2000, game_tie=tie), points=(100, 100, 0),
               totals=(2000, 2000, 1500))
    assert (s.totals, s.winner, s.kind, s.target) == ((2100, 2100, 1500), None, kind, target)
    assert s.breakdown[-1].startswith("tie at 2100 between P0 and P1: ")


def test_a_tie_below_the_top_or_under_the_target_decides_nothing() -> None:
    rules = alone(4, game_target=2000)
    s = settle(rules, points=(0, 0, 0, 0), totals=(2200, 2100, 2100, 0))
    assert (s.winner, s.kind, s.margin) == (0, "win", 100)
    assert s.breakdown[-1] == "P0 wins 2200 to 2100 (P1), 2100 (P2) and 0 (P3)"
    s = settle(rules, points=(0, 0, 0, 0), totals=(1900, 1900, 100, 0))
    assert (s.winner, s.kind) == (None, "continue")


def test_both_over_raises_the_target_when_two_teams_pass_it() -> None:
    """``game.both_over_new_target`` at three teams: two or more over the target."""
    rules = alone(3, game_target=1000, game_both_over_new_target=1500)
    s = settle(rules, points=(0, 0, 0), totals=(1100, 1200, 300))
    assert (s.kind, s.target, s.winner) == ("raise_target", 1500, None)
    assert "P0 and P1 over 1000 with no call-out: the target becomes 1500" in s.breakdown
    s = settle(rules, points=(0, 0, 0), totals=(1100, 900, 300))
    assert (s.kind, s.winner) == ("win", 0)


# ---------------------------------------------------------------- brisques per seat (Q13)


def test_the_majority_bonus_goes_to_a_unique_leader() -> None:
    rules = alone(3, brisques_majority_bonus=50)
    assert settle(rules, points=(0, 0, 0), brisques=(8, 8, 4)).seat_points == (80, 80, 40)
    s = settle(rules, points=(0, 0, 0), brisques=(9, 8, 4))
    assert s.seat_points == (140, 80, 40)
    assert "P0: +50 for most brisques (brisques.majority_bonus)" in s.breakdown


def test_min_to_score_is_per_seat() -> None:
    s = settle(alone(3, brisques_min_to_score=3), points=(0, 0, 0), brisques=(2, 5, 1))
    assert s.seat_points == (0, 50, 0)
    assert "P0: 2 brisques score nothing (brisques.min_to_score = 3)" in s.breakdown


def test_the_board_for_min_board_score_is_the_teams() -> None:
    """``brisques.min_board_score_to_count`` reads the board of the seat's team: its total
    plus its seats' points in the deal. P0 alone is under 500, P0+P2 are over."""
    rules = partnership()
    rules = evolve(rules, brisques=evolve(rules.brisques, min_board_score_to_count=500))
    s = settle(rules, points=(50, 50, 60, 50), brisques=(3, 2, 4, 1), totals=(400, 300))
    assert s.seat_points == (80, 50, 100, 50)
    assert s.totals == (400 + 180, 300 + 100)
    assert ("P1 of P1+P3: 2 brisques score nothing (400 is under "
            "brisques.min_board_score_to_count = 500)") in s.breakdown


# ---------------------------------------------------------------- the count order (Q14)


def test_nondealer_first_counts_the_seats_after_the_dealer() -> None:
    """``game.count_order = "nondealer_first"`` at four seats, P1 dealing: P2, P3, P0 and
    then P1 count; P3's count takes him to the target, so P0 and P1 count no brisques."""
    rules = alone(4, game_count_order="nondealer_first")
    s = settle(rules, points=(0, 0, 0, 0), brisques=(3, 2, 1, 5), totals=(980, 990, 900, 960),
               dealer=1)
    assert s.totals == (980, 990, 910, 1010)
    assert s.seat_points == (0, 0, 10, 50)
    assert (s.winner, s.kind) == (3, "win")
    assert s.breakdown[4:6] == (
        "P2 (non-dealer) counts first: 900 + 10 brisques = 910",
        "P3: 960 + 50 brisques = 1010",
    )
    assert "P3 reaches 1000 before the dealer counts; P0's and P1's brisques are not counted" in (
        s.breakdown)
    everyone = settle(evolve(rules, game=evolve(rules.game, count_order="simultaneous")),
                      points=(0, 0, 0, 0), brisques=(3, 2, 1, 5), totals=(980, 990, 900, 960))
    assert everyone.totals == (1010, 1010, 910, 1010) and everyone.kind == "draw"


def test_nondealer_first_stops_for_the_counting_seats_team() -> None:
    """In partnership the count stops when a seat's count brings its team to the target,
    whichever seat of the team scored the points."""
    rules = partnership(count_order="nondealer_first")
    s = settle(rules, points=(0, 0, 0, 0), brisques=(4, 1, 3, 2), totals=(960, 980), dealer=0)
    # P1 (team 1): 980 + 10 = 990; P2 (team 0): 960 + 30 = 990; P3 (team 1): 990 + 20 = 1010
    assert s.totals == (990, 1010) and s.seat_points == (0, 10, 30, 20)
    assert s.breakdown[-2:] == (
        "P3 of P1+P3 reaches 1000 before the dealer counts; P0's brisques are not counted",
        "P1+P3 win 1010 to 990",
    )
    with pytest.raises(ValueError, match=r"^dealer: needed"):
        settle(rules, points=(0, 0, 0, 0), brisques=(4, 1, 3, 2))


# ---------------------------------------------------------------- arguments, rules for two teams


@pytest.mark.parametrize(("rules", "kwargs", "message"), [
    (alone(3), {"points": (1, 2)}, r"^points: expected 3 ints \(one per seat\)"),
    (alone(3), {"points": (1, 2, 3), "brisques": (0, 0)}, r"^brisques: expected 3 ints"),
    (alone(3), {"points": (1, 2, 3), "totals": (0, 0)}, r"^totals: expected 3 ints"),
    (partnership(), {"points": (1, 2, 3, 4), "totals": (0, 0, 0, 0)},
     r"^totals: expected two ints \(one per team\)"),
    (alone(3), {"points": (1, 2, 3), "dealer": 3}, r"^dealer: expected a seat 0 to 2 \(or"),
    (alone(3), {"points": (1, 2, 3), "brisques": (9, 9, 7)},
     r"^brisques: 9 \+ 9 \+ 7 = 25, more than the 24 aces and tens"),
])
def test_arguments_are_checked_per_seat_and_team(
    rules: Rules, kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        settle(rules, **kwargs)


def test_two_team_rules_at_more_teams_settle_without_error() -> None:
    """Validation refuses ``game.call_out``, ``double_win_below``, ``single_deal`` and
    ``rubicon.*`` with other than two teams; built around it, settle still decides: a wrong
    call-out loses to the best other team, a single deal is won by the highest score."""
    rules = alone(3, game_call_out=True, game_target=500, game_double_win_below=300)
    s = settle(rules, points=(400, 450, 100), called_out=0)
    assert (s.kind, s.winner) == ("call_out", 1)
    s = settle(rules, points=(600, 450, 100))
    assert (s.kind, s.winner, s.margin) == ("win", 0, 150)
    s = settle(rules, points=(600, 250, 100))
    assert (s.kind, s.winner, s.margin) == ("double", 0, 350)
    rubicon = seated(3, "rubicon")
    s = settle(rubicon, points=(1500, 700, 600))
    assert s.winner == 0 and s.kind == "rubicon" and len(s.totals) == 3


def test_brisques_break_a_tie_of_partners_in_rubicon() -> None:
    """``brisques.counted = "only_to_escape_rubicon_or_break_tie"`` in a partnership: a team's
    brisques are its seats'."""
    rules = seated(4, "rubicon", teams=PARTNERS)
    s = settle(rules, points=(600, 700, 700, 600), brisques=(3, 5, 5, 2))
    assert s.totals == (1380, 1370) and s.seat_points == (630, 750, 750, 620)
    assert ("brisques counted to break the tie, for both: A 1300 + 80 = 1380, "
            "B 1300 + 70 = 1370") in s.breakdown
    assert s.winner == 0


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_settlement_has_one_total_a_team(data: st.DataObject) -> None:
    """N12 for `settle`: one total a team, the winner a team index or None; a team's total
    moves by the sum of its seats' points as settled; a winner of a target game is alone at the
    top, at or above the target."""
    teams = data.draw(st.sampled_from([None, PARTNERS]))
    n = 4 if teams else data.draw(st.sampled_from([3, 4]))
    rules = seated(n, teams=teams)
    order = data.draw(st.sampled_from(["simultaneous", "nondealer_first"]))
    rules = evolve(rules, game=evolve(rules.game, count_order=cast(Any, order)),
                   brisques=evolve(rules.brisques,
                                   majority_bonus=data.draw(st.sampled_from([0, 50]))))
    k = len(rules.teams)
    points = data.draw(st.lists(st.integers(0, 600), min_size=n, max_size=n))
    brisques = data.draw(st.lists(st.integers(0, 8), min_size=n, max_size=n))
    totals = data.draw(st.lists(st.integers(0, 1000), min_size=k, max_size=k))
    s = settle(rules, points=points, brisques=brisques, totals=totals,
               dealer=data.draw(st.integers(0, n - 1)))
    assert len(s.totals) == k and len(s.seat_points) == n
    assert s.winner is None or s.winner in range(k)
    for t, team in enumerate(rules.teams):
        assert s.totals[t] == totals[t] + sum(s.seat_points[p] for p in team)
    assert all(s.seat_points[p] >= points[p] for p in range(n))
    if s.kind == "win":
        assert s.winner is not None and s.totals[s.winner] >= s.target
        assert sorted(s.totals)[-2] < s.totals[s.winner]
    assert s.game_over == (s.kind in GAME_OVER_KINDS)


# ---------------------------------------------------------------- the first dealer (DM2, Q2)


def two_seat_draw(rules: Rules, seed: int) -> tuple[int, tuple[tuple[Any, ...], ...]]:
    """`draw_for_deal` at two seats as it was before seats were data (main 1f058ab): the
    first two cards of each shuffle, redrawn on equal ranks."""
    rng = random.Random(seed)
    how = rules.deal.first_dealer
    if how == "random":
        return rng.randrange(2), ()
    pack = [card_of(kind_of(rank_index(r), s), c) for r in rules.pack.ranks for s in range(4)
            for c in range(rules.pack.copies)]
    draws = []
    while True:
        rng.shuffle(pack)
        draws.append((CARDS[pack[0]], CARDS[pack[1]]))
        if rank(pack[0]) != rank(pack[1]):
            break
    high = 0 if rank(pack[0]) < rank(pack[1]) else 1
    return (high if how == "high_card_deals" else 1 - high), tuple(draws)


@pytest.mark.parametrize("how", ["high_card_deals", "high_card_chooses", "low_card_deals",
                                 "random"])
def test_two_seat_draws_as_before(how: str) -> None:
    """At two seats the draw takes the same cards from the same shuffles: every game deals
    first as it did."""
    for name in bezique.list_profiles():
        rules = bezique.load_profile(name)
        if rules.players != 2:
            continue  # the built-in profiles of more seats: test_the_first_dealer_at_more_seats
        rules = evolve(rules, deal=evolve(rules.deal, first_dealer=cast(Any, how)))
        for seed in range(40):
            assert draw_for_deal(rules, seed) == two_seat_draw(rules, seed)


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("how", ["high_card_deals", "high_card_chooses", "low_card_deals"])
def test_the_first_dealer_at_more_seats(n: int, how: str) -> None:
    """DM2 at N seats: each seat draws a card; while the deciding card (the highest, the
    lowest for ``low_card_deals``) has its rank twice, all draw again. The high card deals, the
    low card deals, or the high card chooses to lead and the seat before it deals."""
    rules = seated(n)
    rules = evolve(rules, deal=evolve(rules.deal, first_dealer=cast(Any, how)))
    dealers = set()
    redrawn = 0
    for seed in range(120):
        dealer, draws = draw_for_deal(rules, seed)
        assert draws and all(len(d) == n for d in draws)
        for i, cards in enumerate(draws):
            ranks = [rank(int(c)) for c in cards]
            deciding = max(ranks) if how == "low_card_deals" else min(ranks)
            assert (ranks.count(deciding) == 1) == (i == len(draws) - 1)
        seat = ranks.index(deciding)
        assert dealer == ((seat - 1) % n if how == "high_card_chooses" else seat)
        dealers.add(dealer)
        redrawn += len(draws) > 1
    assert dealers == set(range(n)) and redrawn


def test_a_random_first_dealer_is_any_seat() -> None:
    rules = seated(3)
    rules = evolve(rules, deal=evolve(rules.deal, first_dealer="random"))
    assert {draw_for_deal(rules, seed) for seed in range(60)} == {(0, ()), (1, ()), (2, ())}


def test_the_first_dealer_given_must_be_a_seat() -> None:
    assert Game(seated(3), seed=1, first_dealer=2).first_dealer == 2
    with pytest.raises(ValueError, match=r"^first_dealer: expected a seat 0 to 2, got 3"):
        Game(seated(3), seed=1, first_dealer=3)


# ---------------------------------------------------------------- results and their texts


def test_describe_names_teams() -> None:
    """`GameResult.describe`: a partnership by its seats (P0+P2), players alone by name, the
    other totals each with its team; two seats as before."""
    def result(winner: int | None, totals: tuple[int, ...],
               teams: tuple[tuple[int, ...], ...] = ((0,), (1,))) -> str:
        return GameResult(winner=winner, kind="win", margin=0, totals=totals, target=2000,
                          deals=5, margin_scored=False, teams=teams).describe()

    assert result(0, (2100, 2030), PARTNERS) == "P0+P2 win 2100 to 2030"
    assert result(1, (1990, 2030), PARTNERS) == "P1+P3 win 2030 to 1990"
    three = ((0,), (1,), (2,))
    assert result(2, (1980, 1500, 2100), three) == "P2 wins 2100 to 1980 (P0) and 1500 (P1)"
    assert result(None, (2100, 2100, 1500), three) == "Drawn game, P0 2100, P1 2100, P2 1500"
    assert result(0, (1240, 980)) == "P0 wins 1240 to 980"
    assert result(None, (1000, 1000), PARTNERS) == "Drawn game, 1000 to 1000"
    assert team_name((1, 3)) == "P1+P3"


def played(rules: Rules, seed: int, dealer: int = 0) -> Deal:
    """A deal of ``rules`` played to its end by random legal actions."""
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=dealer)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize("teams", [None, PARTNERS])
def test_deal_result_per_seat(teams: tuple[tuple[int, ...], ...] | None) -> None:
    """`deal_result(deal, seat)`: 1 for the seats of the team with the most points after the
    end count, -1 for the others, 0 for teams tied at the top; partners share theirs."""
    rules = seated(4, teams=teams)
    for seed in range(4):
        deal = played(rules, seed)
        totals = settle_deal(deal).totals
        results = [deal_result(deal, seat) for seat in range(4)]
        assert results[0] == deal_result(deal)
        top = max(totals)
        for seat, got in enumerate(results):
            team = next(t for t, members in enumerate(rules.teams) if seat in members)
            want = -1 if totals[team] < top else (1 if totals.count(top) == 1 else 0)
            assert got == want
        if teams:
            assert results[0] == results[2] == -results[1] == -results[3]
    with pytest.raises(ValueError, match=r"^seat: expected a seat 0 to 3, got 4"):
        deal_result(deal, 4)


def test_hand_winner_deals_at_more_seats() -> None:
    """``deal.rotation = "hand_winner_deals"`` at N seats (Q15): the one seat with the most
    points in the deal deals next; a tie for the most passes the deal to the next seat."""
    rules = seated(3)
    rules = evolve(rules, deal=evolve(rules.deal, rotation="hand_winner_deals"))
    game = Game(rules, seed=3, first_dealer=1)
    deal = game.new_deal()
    rng = random.Random(3)
    while not deal.is_over:
        game.apply(rng.choice(deal.legal_actions()))
    last = game.settlements[-1]
    most = max(last.seat_points)
    alone_at_top = last.seat_points.count(most) == 1
    assert game.next_dealer == (last.seat_points.index(most) if alone_at_top else 2)
    game.settlements[-1] = evolve(last, seat_points=(10, 40, 30))
    assert game.next_dealer == 1
    game.settlements[-1] = evolve(last, seat_points=(10, 30, 30))
    assert game.next_dealer == 2  # tied: the seat after the dealer, P1


def test_a_settlement_pickles_and_older_ones_have_no_seat_points() -> None:
    s = settle(partnership(), points=(10, 20, 30, 40), totals=(5, 6))
    assert pickle.loads(pickle.dumps(s)) == s
    older = Settlement.__new__(Settlement)
    state = {k: v for k, v in s.__getstate__().items() if k != "seat_points"}
    older.__setstate__(state)
    assert older.seat_points == () and older.totals == (45, 66)


# ---------------------------------------------------------------- whole games: N10, N12


@pytest.mark.parametrize(("n", "teams"), [(3, None), (4, PARTNERS), (4, None)])
@pytest.mark.parametrize("seed", [1, 2])
def test_whole_games_at_more_seats(n: int, teams: tuple[tuple[int, ...], ...] | None,
                                   seed: int) -> None:
    """Games of three players alone, four alone and two partnerships played with random legal
    actions: N12 (`Deal.scores` a seat, totals and `GameResult.totals` a team, the winner a
    team index or None), N10 (the deal passes to the next seat; the seat after the dealer
    leads), and each settlement `settle_deal` of its deal on the totals before it."""
    rules = seated(n, teams=teams)
    k = len(rules.teams)
    game = Game(rules, seed=seed)
    assert game.totals == (0,) * k
    assert all(len(cards) == n for cards in game.draws)
    rng = random.Random(seed)
    while not game.is_over:
        assert len(game.deals) < 40, "the game did not end"
        deal = game.new_deal()
        assert deal.totals == game.totals and deal.leader == (deal.dealer + 1) % n  # N10
        while not deal.is_over:
            game.apply(rng.choice(deal.legal_actions()))
        assert len(deal.scores) == n and len(game.totals) == k  # N12
    dealers = [d.dealer for d in game.deals]
    assert dealers == [(game.first_dealer + i) % n for i in range(len(dealers))]  # N10
    before, target = (0,) * k, rules.game.target
    for deal, s in zip(game.deals, game.settlements, strict=True):
        assert settle_deal(deal, totals=before, target=target) == s
        assert s.seat_points == deal.scores  # the brisques are counted in the deal
        assert all(s.totals[t] == before[t] + sum(deal.scores[p] for p in team)
                   for t, team in enumerate(rules.teams))
        before, target = s.totals, s.target
    assert all(s.kind in CONTINUE_KINDS for s in game.settlements[:-1])
    result = game.result
    assert result is not None and len(result.totals) == k  # N12
    assert result.totals == game.totals and result.teams == rules.teams
    assert result.winner is None or result.winner in range(k)
    if result.winner is not None:
        others = [total for t, total in enumerate(result.totals) if t != result.winner]
        assert result.totals[result.winner] >= result.target > 0
        assert result.totals[result.winner] > max(others)
        assert result.describe().startswith(team_name(rules.teams[result.winner]))
