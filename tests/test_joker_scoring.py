"""Joker Bésigue: scoring, the dix, turned-up jokers, the end of the game and the match
(docs/rules.md#joker).

The worked examples JB-07, JB-08, JB-11 and JB-12 as scenarios citing their sources, one test per
option of the disagreements DJ1 (``jokers.turned_up``), DJ13 (``dix.award_to``), DJ15 (each
brisque scheme), DJ16/DJ17 (``game.double_win_below``, ``game.end``), DJ18 (``[match]``) and
DJ19 (``last_trick.seven_bonus``), each reached from profile keys, and the invariants J7 and J8
over random deals of the three joker profiles.
"""

from __future__ import annotations

import random

import pytest
from seated import played

import bezique
from bezique import Deal, IllegalAction, PositionError
from bezique.actions import DixExchange, DixShow, Meld, Pass
from bezique.bots import play_deal
from bezique.cards import JOKER_BITS, Suit, is_joker
from bezique.check.invariants_jokers import dix as j8_dix
from bezique.compile import compile_rules
from bezique.count import brisque_count, trick_points
from bezique.game import Game, GameResult, settle_deal
from bezique.match import Match, game_points
from bezique.record import dumps, rebuild
from bezique.rules import Rules
from bezique.rulesheet.model import build_sheet
from bezique.search import SearchBot
from bezique.settlement import settle

PROFILES = ("joker", "joker-four", "joker-partnership")


def house(extra: str, base: str = "joker") -> Rules:
    """A house profile: ``base`` with the TOML lines ``extra``."""
    return bezique.profile_from_toml(f'extends = "{base}"\n{extra}')


def points(deal: Deal, reason: str) -> list[tuple[int | None, int]]:
    """The deal's score events of ``reason``: (seat, points) each."""
    return [(e.player, e.points) for e in deal.events
            if e.kind == "score" and e.reason == reason]


def play(deal: Deal, *cards: str) -> None:
    """Play these cards in turn."""
    for card in cards:
        deal.apply(f"play {card}")


def to_the_end(deal: Deal, seed: int = 0) -> Deal:
    """Play ``deal`` to its end with seeded random actions."""
    rng = random.Random(seed)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


# ------------------------------------------------------------------ JB-07, DJ13, J8: the dix


@pytest.mark.parametrize("award_to", ["player", "trick_winner"])
def test_jb07_a_seven_played_before_trumps_never_scores(award_to: str) -> None:
    """JB-07 (source: BC, HB, CPU; derived): with no trumps yet P1 plays 7♣a: +0, then and
    after ♣ become trumps, under either ``dix.award_to``."""
    rules = house(f'dix.award_to = "{award_to}"')
    deal = Deal.from_position(rules, hands=["AH KC QC 9S", "7C 8S 9D JH"],
                              stock="8D 9H 10S JS", dealer=1, reachable=False)
    play(deal, "AH", "7C")
    assert deal.scores == (0, 0) and deal.trump is None
    marriage = next(a for a in deal.legal_actions() if isinstance(a, Meld))
    deal.apply(marriage)
    assert deal.trump == Suit.CLUBS and deal.scores == (40, 0)
    to_the_end(deal)
    assert points(deal, "dix") == []


@pytest.mark.parametrize(("award_to", "scorer"), [("player", 0), ("trick_winner", 1)])
def test_jb07_dj13_a_trump_seven_scores_for_its_player_or_the_tricks_winner(
    award_to: str, scorer: int
) -> None:
    """JB-07 (source: BC, HB, CPU; M4 for the option), DJ13: trumps ♣; P0 leads 7♣b and P1
    wins the trick with 10♣: +10 to P0 as he plays it; with ``dix.award_to =
    "trick_winner"`` +10 to P1 as he wins it."""
    rules = house(f'dix.award_to = "{award_to}"')
    deal = Deal.from_position(rules, hands=["7Cb 8H 9H", "10C 8S 9S"], stock="JH JS",
                              trump="C", dealer=1, reachable=False)
    play(deal, "7Cb")
    assert deal.scores == ((10, 0) if scorer == 0 else (0, 0))
    play(deal, "10C")
    assert deal.last_trick_winner == 1
    expected = [0, 0]
    expected[scorer] = 10
    assert deal.scores == tuple(expected)
    assert [e.cards for e in deal.events if e.kind == "score"] == [(bezique.Card("7Cb"),)]


def test_dj13_every_trump_seven_of_a_trick_scores_for_its_winner() -> None:
    """DJ13 (M4: 10 for each trump seven in the trick, to its winner): four seats, P0 leads
    7♥, P1 plays 7♥b, P2 wins with A♥, P3 throws 7♥c: +30 to P2."""
    rules = house('dix.award_to = "trick_winner"', base="joker-four")
    deal = Deal.from_position(rules, hands=["7H 9S", "7Hb 9C", "AH 9D", "7Hc 8S"],
                              stock="JS JC JD JH", trump="H", dealer=3, reachable=False)
    play(deal, "7H", "7Hb", "AH", "7Hc")
    assert deal.scores == (0, 0, 30, 0)
    assert [seat for seat, _ in points(deal, "dix")] == [2, 2, 2]


def test_dj13_the_winners_dix_may_end_the_game_with_the_trick_gathered() -> None:
    """DJ13 with DJ17 (``game.end = "immediate_any"``): P1, at 990, wins P0's 7♥ with A♥:
    +10 takes him to 1000 and ends the deal at once, the trick in his pile."""
    rules = house('dix.award_to = "trick_winner"\ngame.end = "immediate_any"')
    deal = Deal.from_position(rules, hands=["7H 9S", "AH 9C"], stock="JS JC", trump="H",
                              dealer=1, totals=(0, 990), reachable=False)
    play(deal, "7H", "AH")
    assert deal.is_over and deal.scores == (0, 10)
    assert {str(c) for c in deal.captured(1)} == {"7H", "AH"}


def test_jb07_no_dix_exchange_or_show_and_j8_over_random_deals() -> None:
    """JB-07 (BC-R §8.3; the `joker` profile), J8: no exchange or showing of the dix is ever
    offered; no dix point before trumps are fixed, none for a joker, at most 40 a deal, under
    either ``dix.award_to``, at two and four seats."""
    for rules in (*map(bezique.load_profile, PROFILES), house('dix.award_to = "trick_winner"')):
        for seed in range(3):
            rng = random.Random(seed)
            deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
            while not deal.is_over:
                legal = deal.legal_actions()
                assert not any(isinstance(a, DixExchange | DixShow) for a in legal)
                deal.apply(rng.choice(legal))
            j8_dix(deal)
            assert sum(p for _, p in points(deal, "dix")) <= 40


# ------------------------------------------------------------------ DJ19: the last trick


@pytest.mark.parametrize(("bonus", "scores"), [(0, (20, 0)), (10, (30, 0))])
def test_dj19_a_last_trick_won_with_the_trump_seven(bonus: int, scores: tuple[int, int]) -> None:
    """DJ19 (BC-R §3.4, §6.2; BC's tests expect 30): trumps ♥, P0 wins the last trick with
    7♥: 10 for the seven and 10 for the last trick, +20; with ``last_trick.seven_bonus = 10``
    +30."""
    deal = Deal.from_position(house(f"last_trick.seven_bonus = {bonus}"), hands=["7H", "8S"],
                              trump="H", leader=0)
    play(deal, "7H", "8S")
    assert deal.is_over and deal.scores == scores
    assert points(deal, "last_trick_seven") == ([(0, bonus)] if bonus else [])


def test_dj19_no_bonus_unless_the_seven_wins_the_last_trick() -> None:
    """DJ19: the seven led and beaten by 8♥ scores its 10 for P0; the last trick goes to P1
    with no bonus; a seven winning an earlier trick has none either."""
    rules = house("last_trick.seven_bonus = 10")
    deal = Deal.from_position(rules, hands=["7H", "8H"], trump="H", leader=0)
    play(deal, "7H", "8H")
    assert deal.scores == (10, 10) and points(deal, "last_trick_seven") == []
    deal = Deal.from_position(rules, hands=["7H 9S", "8S AS"], trump="H", leader=0)
    play(deal, "7H", "8S", "9S", "AS")
    assert deal.scores == (10, 20) and points(deal, "last_trick_seven") == []


# ------------------------------------------------------------------ JB-08, DJ15: brisques


BC_ADVANCED = 'brisques.min_to_score = { "2" = 14, "4" = 8 }'
HB_MAJORITY = 'brisques.counted = "majority"\nbrisques.min_board_score_to_count = 200'
M4_SHORTFALL = ("brisques.min_to_score = 5\nbrisques.min_board_score_to_count = 100\n"
                "brisques.shortfall_penalty = -20")


@pytest.mark.parametrize(("scheme", "brisques", "gains"), [
    ("", (20, 12), (200, 120)),                                    # all counted (CPU)
    ('trick_points.scheme = "none"', (20, 12), (0, 0)),            # BC "Standard"
    (BC_ADVANCED, (20, 12), (200, 0)),                             # BC "Advanced"
    (HB_MAJORITY, (20, 12), (200, -200)),                          # HB
    (HB_MAJORITY, (16, 16), (160, 160)),
])
def test_jb08_dj15_brisque_schemes_at_the_end_of_a_deal(
    scheme: str, brisques: tuple[int, int], gains: tuple[int, int]
) -> None:
    """JB-08 (source: CPU; BC `ScoringManager`; HB, code only), DJ15: P0 captured 20
    brisques, P1 12, each with 200 on the board before the count: all counted +200 and +120;
    BC "Standard" +0 each; BC "Advanced" +200 and +0 (under 14); HB +200 and −200, at 16 each
    +160 each."""
    s = settle(house(scheme), points=(200, 200), brisques=brisques)
    assert s.seat_points == (200 + gains[0], 200 + gains[1])


@pytest.mark.parametrize(("count", "gain"), [(7, 0), (8, 80)])
def test_jb08_dj15_all_or_nothing_at_four_seats(count: int, gain: int) -> None:
    """JB-08 (BC "Advanced", ``brisques.min_to_score = { "2" = 14, "4" = 8 }``), at four
    seats: a seat with 7 brisques +0; with 8, +80."""
    s = settle(house(BC_ADVANCED, base="joker-four"), points=(0, 0, 0, 0),
               brisques=(count, 8, 8, 8))
    assert s.seat_points[0] == gain
    assert any("score nothing (brisques.min_to_score = 8)" in line
               for line in s.breakdown) == (gain == 0)


def test_dj15_the_majority_counts_only_on_the_board_of_200() -> None:
    """DJ15 (HB, code only: only for seats already at 200 or more): P1 at 190 scores nothing
    and pays nothing; P0, with more brisques, +200."""
    s = settle(house(HB_MAJORITY), points=(200, 190), brisques=(20, 12))
    assert s.seat_points == (400, 190)


def test_dj15_majority_penalty_is_the_keys() -> None:
    """DJ15: the minority pays ``brisques.majority_penalty`` (here −100), and the breakdown
    names it."""
    s = settle(house('brisques.counted = "majority"\nbrisques.majority_penalty = -100'),
               points=(300, 300), brisques=(20, 12))
    assert s.seat_points == (500, 200) and s.totals == (500, 200)
    assert ("P1: 12 brisques score nothing (fewer than the other side: brisques.counted = "
            "'majority'); -100 (brisques.majority_penalty)") in s.breakdown


@pytest.mark.parametrize(("pts", "brisques", "gains"), [
    ((150, 150), (6, 12), (60, 120)),
    ((150, 150), (4, 12), (-20, 120)),    # too few brisques
    ((150, 50), (6, 12), (60, -20)),      # too low a board
])
def test_dj15_shortfall_penalty(pts: tuple[int, int], brisques: tuple[int, int],
                                gains: tuple[int, int]) -> None:
    """DJ15 (M4, code only): 10 a brisque only with at least 5 brisques and 100 on the board,
    otherwise −20 (``brisques.shortfall_penalty``)."""
    s = settle(house(M4_SHORTFALL), points=pts, brisques=brisques)
    assert s.seat_points == (pts[0] + gains[0], pts[1] + gains[1])


def test_dj15_the_deal_counts_the_majority_as_settle_does() -> None:
    """DJ15 (HB): the deal's own end count applies the scheme (scores may go below zero), and
    `settle_deal` takes the deal's scores as they are."""
    rules = house('brisques.counted = "majority"')
    deal = Deal.from_position(rules, hands=["AS 10S", "9D 8D"], trump="C", leader=0)
    play(deal, "AS", "9D", "10S", "8D")
    assert deal.brisques == (2, 0)
    assert deal.scores == (30, -200)  # 20 for the brisques, 10 for the last trick
    assert points(deal, "majority_penalty") == [(1, -200)]
    s = settle_deal(deal)
    assert s.totals == (30, -200) and s.kind == "continue"
    assert settle(rules, points=(10, 0), brisques=(2, 0)).seat_points == (30, -200)


def test_dj15_the_majority_of_partners_is_the_teams() -> None:
    """DJ15 in partnership (two teams; docs/rules.md#dj15): the team with fewer brisques is
    charged once, on its first seat; on a tie every seat scores its own."""
    rules = house('brisques.counted = "majority"', base="joker-partnership")
    tie = settle(rules, points=(0, 0, 0, 0), brisques=(5, 3, 4, 6))
    assert tie.seat_points == (50, 30, 40, 60)
    s = settle(rules, points=(0, 0, 0, 0), brisques=(5, 3, 4, 2))
    assert s.seat_points == (50, -200, 40, 0) and s.totals == (90, -200)


def test_dj15_standard_counts_no_card_in_the_deal() -> None:
    """DJ15 (BC "Standard", ``trick_points.scheme = "none"``): a deal credits no trick points,
    only the last trick."""
    deal = Deal.from_position(house('trick_points.scheme = "none"'), hands=["AS 10S", "9D 8D"],
                              trump="C", leader=0)
    play(deal, "AS", "9D", "10S", "8D")
    assert deal.scores == (10, 0)


# ------------------------------------------------------------------ JB-11, DJ16, DJ17: game end


@pytest.mark.parametrize(("loser", "kind"), [(720, "double"), (760, "win")])
def test_jb11_dj18_a_win_en_bas_table_counts_double(loser: int, kind: str) -> None:
    """JB-11 (FRW, HB), DJ18: target 1000; P0 ends a deal at 1,040 and P1 at 720: a win "en
    bas table" (``game.double_win_below = 750``), Settlement.kind "double"; with P1 at 760 an
    ordinary win."""
    s = settle(bezique.load_profile("joker"), points=(1040, loser))
    assert (s.kind, s.winner, s.game_over) == (kind, 0, True)


def test_dj16_the_targets_of_the_joker_profiles() -> None:
    """DJ16 (FRW): 1000 at two seats, 600 at four."""
    assert [bezique.load_profile(p).game.target for p in PROFILES] == [1000, 600, 600]


@pytest.mark.parametrize(("end", "over"), [("finish_deal", False), ("immediate_any", True)])
def test_jb11_dj17_the_game_ends_mid_deal_with_immediate_any(end: str, over: bool) -> None:
    """JB-11 (BC, CPU), DJ17: at 990 P0 plays the trump seven (+10): with ``game.end =
    "immediate_any"`` the deal and the game end at once, mid-deal; by default the deal goes
    on."""
    rules = house(f'game.end = "{end}"')
    deal = Deal.from_position(rules, hands=["7H 9S", "8S 9C"], stock="JS JC", trump="H",
                              dealer=1, totals=(990, 0), reachable=False)
    play(deal, "7H")
    assert deal.is_over is over
    if over:
        assert deal.hand(0) and deal.stock
        s = settle_deal(deal)
        assert (s.totals, s.kind, s.winner) == ((1000, 0), "double", 0)


# ------------------------------------------------------------------ JB-11, DJ18: the match


MATCH = "match.consecutive_wins = 4\nmatch.loser_start = 100"


def result(winner: int | None, kind: str = "win") -> GameResult:
    """A finished two-sided game won by ``winner`` (None: drawn)."""
    return GameResult(winner=winner, kind=kind, margin=0, totals=(1000, 700), target=1000,
                      deals=4, margin_scored=False)


def test_jb11_dj18_two_wins_en_bas_table_make_a_match() -> None:
    """JB-11 (FRW: the match, "cent points"): P0 wins two consecutive games en bas table, which
    count four: the match; from then P1 starts every game at 100 until he has won four
    consecutive games, when P0 does."""
    match = Match(house(MATCH)).add(result(0, "double"))
    assert (match.run, match.winners, match.starts) == ((0, 2), (), (0, 0))
    match = match.add(result(0, "double"))
    assert (match.run, match.winner, match.matches, match.starts) == (
        (None, 0), 0, (1, 0), (0, 100))
    for wins in range(1, 4):
        match = match.add(result(1))
        assert match.run == (1, wins) and match.starts == (0, 100)
    match = match.add(result(1))
    assert (match.winner, match.matches, match.starts) == (1, (1, 1), (100, 0))


def test_dj18_a_run_is_broken_by_the_other_side_or_a_draw() -> None:
    """DJ18 (FRW: four *consecutive* games): a win of the other side or a drawn game starts the
    count again; the double win counts two (`game_points`)."""
    assert [game_points(result(w, k)) for w, k in ((0, "win"), (0, "double"), (None, "draw"))
            ] == [1, 2, 0]
    match = Match(house(MATCH), [result(0), result(0), result(0), result(1), result(0)])
    assert match.run == (0, 1) and match.winners == ()
    match = Match(house(MATCH), [result(0), result(0), result(0), result(None), result(0)])
    assert match.run == (0, 1) and match.winners == ()
    match = Match(house(MATCH), [result(0), result(0), result(0), result(0, "double")])
    assert match.winners == (0,) and match.run == (None, 0)


def test_dj18_the_next_game_starts_from_the_matchs_scores() -> None:
    """DJ18 (FRW: he "plays to 900 instead of 1000"): `Match.new_game` starts a `Game` whose
    totals are the loser's 100 and the winner's 0; its deals and settlements build on them, and
    its record replays to the same game."""
    match = Match(house(MATCH), [result(0, "double"), result(0, "double")])
    game = match.new_game(seed=5)
    assert game.totals == (0, 100) and game.start == (0, 100)
    deal = game.new_deal()
    assert deal.totals == (0, 100)
    to_the_end(deal, seed=1)
    game.is_over  # noqa: B018 (reading it settles the deal finished on its own)
    settled = game.settlements[-1]
    assert settled.totals == (deal.scores[0], 100 + deal.scores[1])
    again = rebuild(dumps(game))
    assert isinstance(again, Game) and again == game


def test_dj18_no_match_layer_by_default_and_two_sides_only() -> None:
    """DJ18: the `joker` profile has no match layer (every game starts from zero, no match is
    won); a match is between two sides; a game's starting totals are one per team."""
    match = Match(bezique.load_profile("joker"), [result(0, "double")] * 5)
    assert match.winners == () and match.starts == (0, 0)
    with pytest.raises(ValueError, match="two sides"):
        Match(bezique.load_profile("joker-four"))
    with pytest.raises(PositionError, match="totals"):
        Game(bezique.load_profile("joker"), seed=1, totals=(0, 0, 0))


# ------------------------------------------------------------------ DJ1: a turned-up joker


BC_TURN_UP = ('trump.selection = "{how}"\njokers.turned_up = "diamonds"\n'
              "dix.turn_up_scores = true\ndix.exchange_allowed = true")


@pytest.mark.parametrize("how", ["turn_up_next", "turn_up_bottom"])
def test_dj1_a_turned_up_joker_makes_diamonds_trumps(how: str) -> None:
    """DJ1 (BC code only: ``jokers.turned_up = "diamonds"``): a deal whose turn-up is a joker
    has ♦ trumps, and the dealer scores nothing for it (the joker is never the dix)."""
    rules = house(BC_TURN_UP.format(how=how))
    seed = next(s for s in range(400) if is_joker(Deal.new(rules, seed=s).turn_up or 0))
    deal = Deal.new(rules, seed=seed)
    assert deal.trump == Suit.DIAMONDS and deal.scores == (0, 0)
    to_the_end(deal, seed)
    assert all(not is_joker(c) for e in deal.events if e.reason == "dix" for c in e.cards)


def test_dj1_the_turned_up_joker_cannot_be_exchanged_for_the_seven() -> None:
    """DJ1 (BC-R §8.3: the joker is never the dix and cannot be exchanged for a turn-up): P0
    wins a trick holding 7♦ under a turned-up joker: no exchange is offered, and it is
    refused; under a turned-up 9♦ it is offered."""
    rules = house(BC_TURN_UP.format(how="turn_up_next"))
    for turn_up, offered in (("JK", False), ("9D", True)):
        deal = Deal.from_position(rules, hands=["7D 9S AH", "8S 9C KH"], stock="JS QS",
                                  turn_up=turn_up, dealer=0, leader=1, reachable=False)
        play(deal, "8S", "9S")
        assert deal.to_move == 0 and deal.phase == "declare"
        assert any(isinstance(a, DixExchange) for a in deal.legal_actions()) is offered
        if not offered:
            with pytest.raises(IllegalAction, match="turned-up joker"):
                deal.apply("dix exchange")


def test_dj1_a_turned_up_seven_still_scores_for_the_dealer() -> None:
    """DJ1 (BC-R §1.6: the dealer scores 10 for a seven turned up): 7♦ turned up, ♦ trumps,
    +10 to the dealer."""
    rules = house(BC_TURN_UP.format(how="turn_up_next"))
    seed = next(s for s in range(400)
                if str(Deal.new(rules, seed=s, dealer=1).turn_up or "")[:2] == "7D")
    deal = Deal.new(rules, seed=seed, dealer=1)
    assert deal.trump == Suit.DIAMONDS and deal.scores == (0, 10)


# ------------------------------------------------------------------ J7: trick points


def test_j7_jokers_carry_no_trick_points_and_brisques_make_330() -> None:
    """J7 (HB rules screen; CPU and HB code): a joker is worth nothing in tricks and is no
    brisque; over random deals of the three profiles 32 brisques are captured, and the brisque
    points with the last trick make 330."""
    for name in PROFILES:
        rules = bezique.load_profile(name)
        c = compile_rules(rules)
        assert trick_points(c, JOKER_BITS) == 0 and brisque_count(c, JOKER_BITS) == 0
        for seed in range(2):
            deal = played(rules, seed)
            assert deal.is_over and sum(deal.brisques) == 32
            credited = [p for reason in ("brisques", "last_trick") for _, p in points(deal, reason)]
            assert sum(credited) == 330


# ------------------------------------------------------------------ JB-12: partners


def test_jb12_seat_points_and_team_totals_to_600() -> None:
    """JB-12 (WOH; FRW: 600): P0 scores 60, P2 80, P1 and P3 100 each, brisques included:
    the teams +140 and +200 towards 600; a later deal taking P0+P2 to 610 wins."""
    rules = bezique.load_profile("joker-partnership")
    s = settle(rules, points=(60, 100, 80, 100))
    assert (s.totals, s.seat_points, s.kind, s.target) == (
        (140, 200), (60, 100, 80, 100), "continue", 600)
    last = settle(rules, points=(30, 0, 20, 0), totals=(560, 400))
    assert (last.totals, last.kind, last.winner) == ((610, 400), "win", 0)


def test_jb12_only_the_winner_declares_and_all_draw_in_order() -> None:
    """JB-12 (DM8, unverified: ``partnership.declarer = "winner_only"``): trumps ♥, P0 wins a
    trick while P2 holds K♣ Q♣: no pass is offered; then P0, P1, P2, P3 draw."""
    rules = bezique.load_profile("joker-partnership")
    deal = Deal.from_position(rules, hands=["AS 8D", "9S 8C", "7S KC QC", "10S 9D"],
                              stock="JS JC JD JH", trump="H", dealer=3, reachable=False)
    play(deal, "AS", "9S", "7S", "10S")
    assert deal.to_move == 0 and deal.phase == "declare"
    assert not any(isinstance(a, Pass | Meld) for a in deal.legal_actions())
    deal.apply("draw")
    assert [e.player for e in deal.events if e.kind == "draw"] == [0, 1, 2, 3]


def test_jb12_team_totals_are_the_sums_of_their_seats() -> None:
    """JB-12 over random deals: a settled joker-partnership deal's team totals are the sums of
    its seats' scores."""
    rules = bezique.load_profile("joker-partnership")
    for seed in range(2):
        deal = played(rules, seed)
        s = settle_deal(deal)
        assert s.totals == (deal.scores[0] + deal.scores[2], deal.scores[1] + deal.scores[3])


# ------------------------------------------------------------------ search, rule sheet


def test_search_bot_plays_a_joker_deal_with_the_new_scoring_keys_to_the_end() -> None:
    """Every scoring key of the joker game (DJ13, DJ15, DJ19) either runs in the end-phase
    fast path or turns it off: SearchBot plays such a deal to its end."""
    rules = house('dix.award_to = "trick_winner"\nlast_trick.seven_bonus = 10\n'
                  'brisques.counted = "majority"')
    bots = tuple(SearchBot(seed=s, simulations=8, exact_worlds=2) for s in range(2))
    deal = play_deal(rules, bots, seed=2)
    assert deal.is_over
    assert sum(deal.scores) == sum(e.points for e in deal.events if e.kind == "score")


def test_the_rule_sheet_has_a_line_for_each_scoring_key() -> None:
    """The rule sheet names each key of this part where a profile sets it."""
    rules = house(f'dix.award_to = "trick_winner"\nlast_trick.seven_bonus = 10\n'
                  f'brisques.counted = "majority"\nbrisques.shortfall_penalty = -20\n{MATCH}\n'
                  + BC_TURN_UP.format(how="turn_up_next"))
    lines = {key: line.text for section in build_sheet(rules).sections
             for line in section.lines for key in line.keys}
    assert "for the winner of its trick" in lines["dix.award_to"]
    assert "10 more" in lines["last_trick.seven_bonus"]
    assert "scores -200" in lines["brisques.majority_penalty"]
    assert "-20 instead" in lines["brisques.shortfall_penalty"]
    assert "4 games won in a row" in lines["match.consecutive_wins"]
    assert "starts every game at 100" in lines["match.loser_start"]
    assert "joker makes ♦ trumps" in lines["jokers.turned_up"]
