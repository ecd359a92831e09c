"""Whole games (bezique.Game): deals to the end count, first dealer, rotation, ties, single-deal
games and determinism. docs/rules.md#game-bezique (dealer, rotation, game end), D10-D14,
deal.first_dealer / deal.rotation, docs/rules.md#knobs-game."""

from __future__ import annotations

import random

import pytest

from bezique.cards import rank
from bezique.deal import Deal
from bezique.errors import IllegalAction
from bezique.game import (
    Game,
    GameResult,
    deal_result,
    deal_results,
    derive_seed,
    draw_for_deal,
    settle_deal,
)
from bezique.rules import Rules, list_profiles, load_profile, profile_from_toml
from bezique.settlement import CONTINUE_KINDS, GAME_OVER_KINDS, settle

MAX_DEALS = 300


def house(text: str, base: str = "bezique") -> Rules:
    """A house profile extending a built-in one."""
    return profile_from_toml(f'extends = "{base}"\n' + text)


def play_out(game: Game, action_seed: int) -> GameResult:
    """Play the game (from its current deal, if unfinished) to its end with seeded random
    legal actions."""
    rng = random.Random(action_seed)
    while not game.is_over:
        assert len(game.deals) < MAX_DEALS, "game did not end"
        deal = game.deal
        if deal is None or deal.is_over:
            deal = game.new_deal()
        while not deal.is_over:
            game.apply(rng.choice(deal.legal_actions()))
    result = game.result
    assert result is not None
    return result


def finish_with_last_trick(game: Game, scores: tuple[int, int]) -> None:
    """Give the game a stacked last trick at ``scores``: A leads 7♥ and B must win it with 8♥,
    taking the last-trick bonus (no brisques in it)."""
    game.deal = Deal.from_position(
        game.rules,
        hands=["7H", "8H"],
        dealer=0,
        trump="S",
        leader=0,
        scores=scores,
        totals=game.totals,
        target=game.target,
    )
    game.apply("play 7H")
    game.apply("play 8H")
    assert game.deal.is_over


# --- Every built-in profile plays to a result ------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_builtin_profile_plays_to_a_result(builtin_name: str, seed: int) -> None:
    """docs/rules.md (end of the game and settlement): a game of each built-in profile,
    played with random legal actions, ends with a result, each deal settled on the totals the
    previous settlement left."""
    rules = load_profile(builtin_name)
    game = Game(rules, seed=seed)
    result = play_out(game, seed)
    assert result.kind in GAME_OVER_KINDS
    assert result.deals == len(game.deals) == len(game.settlements)
    assert result.totals == game.totals
    assert all(s.kind in CONTINUE_KINDS for s in game.settlements[:-1])
    before, target = (0,) * len(rules.teams), rules.game.target
    for deal, s in zip(game.deals, game.settlements, strict=True):
        counted_in_deal = rules.brisques.counted == "always"
        expected = settle(
            rules,
            points=deal.scores,
            brisques=None if counted_in_deal else deal.brisques,
            totals=before,
            called_out=deal.called_out,
            dealer=deal.dealer,
            target=target,
        )
        assert s == expected
        if deal.called_out is not None:
            assert s.kind == "call_out"
        before, target = s.totals, s.target
    with pytest.raises(IllegalAction):
        game.new_deal()


@pytest.mark.parametrize("seed", [1, 2])
def test_settle_deal_is_the_games_settlement(builtin_name: str, seed: int) -> None:
    """`settle_deal` on the totals and target before a deal gives the very settlement the game
    made of it (the AI adapters settle their deals so)."""
    rules = load_profile(builtin_name)
    game = Game(rules, seed=seed)
    play_out(game, seed)
    before, target = (0,) * len(rules.teams), rules.game.target
    for deal, s in zip(game.deals, game.settlements, strict=True):
        assert settle_deal(deal, totals=before, target=target) == s
        before, target = s.totals, s.target
    with pytest.raises(ValueError, match="not over"):
        settle_deal(Deal.new(rules, seed=seed))


def test_deal_result_takes_the_settlements_winner_over_the_scores() -> None:
    """Rubicon (brisques.counted = only_to_escape_rubicon_or_break_tie): equal scores, and the
    ace won in the last trick breaks the tie, so the deal is P1's, not a tie."""
    rules = load_profile("rubicon")
    deal = Deal.from_position(rules, hands=["7H", "AH"], dealer=0, trump="S", leader=0,
                              scores=(1050, 1000))
    deal.apply("play 7H")
    deal.apply("play AH")  # P1 wins the last trick (+50) and a brisque
    assert deal.scores == (1050, 1050) and deal.brisques == (0, 1)
    assert settle_deal(deal).winner == 1
    assert deal_result(deal) == -1


def test_deal_result_is_who_has_more_points_where_the_deal_decides_nothing() -> None:
    """bezique: one deal of a longer game names no winner; the result is who has more."""
    rules = load_profile("bezique")
    deal = Deal.from_position(rules, hands=["7H", "AH"], dealer=0, trump="S", leader=0,
                              scores=(100, 20))
    deal.apply("play 7H")
    deal.apply("play AH")
    settled = settle_deal(deal)
    assert settled.winner is None and settled.totals[0] > settled.totals[1]
    assert deal_result(deal) == 1


@pytest.mark.parametrize("name", ["four-handed", "partnership", "three-handed", "single-deal"])
def test_deal_results_give_each_team_its_deal_result_from_one_settlement(name: str) -> None:
    """At more seats: the settlement's winner team 1 and every other -1 (``single-deal``:
    partnership as a one-deal game, whose settlement names a winner); with no winner, the
    teams at the top 1 (alone) or 0 (tied) and the others -1; every seat's `deal_result` is its
    team's entry, so partners share it."""
    rules = (house("[game]\nsingle_deal = true\n", "partnership") if name == "single-deal"
             else load_profile(name))
    for seed in range(6):
        deal = Deal.new(rules, seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        results = deal_results(deal)
        settled = settle_deal(deal)
        assert len(results) == len(rules.teams)
        if settled.winner is not None:
            assert results == tuple(1 if t == settled.winner else -1
                                    for t in range(len(results)))
        else:
            top = max(settled.totals)
            at_top = [t for t, total in enumerate(settled.totals) if total == top]
            assert [t for t, r in enumerate(results) if r >= 0] == at_top
            assert {results[t] for t in at_top} == {1 if len(at_top) == 1 else 0}
        for seat in range(rules.players):
            assert deal_result(deal, seat) == results[rules.team_of[seat]]


@pytest.mark.parametrize("name", [n for n in list_profiles() if load_profile(n).game.single_deal])
def test_single_deal_games_end_after_one_deal(name: str) -> None:
    """game.single_deal (BIC-RUB, S001): each deal is a whole game."""
    for seed in range(3):
        result = play_out(Game(load_profile(name), seed=seed), seed)
        assert result.deals == 1
        assert result.margin_scored


def test_target_games_need_someone_at_the_target() -> None:
    """docs/rules.md#bezique-game-end (S003): a game to 1000 ends only once a total reaches the
    target."""
    rules = load_profile("bezique")
    for seed in range(5):
        game = Game(rules, seed=seed)
        result = play_out(game, seed)
        assert max(result.totals) >= result.target
        assert all(max(s.totals) < s.target for s in game.settlements[:-1])


# --- Determinism --------------------------------------------------------------------------------


def test_same_seed_same_game() -> None:
    """docs/rules.md#invariant-determinism: the same seed and actions give the same game."""
    rules = load_profile("bezique")
    a, b = Game(rules, seed=42), Game(rules, seed=42)
    assert play_out(a, 5) == play_out(b, 5)
    assert a.first_dealer == b.first_dealer and a.draws == b.draws
    assert [[str(e) for e in d.events] for d in a.deals] == [
        [str(e) for e in d.events] for d in b.deals
    ]


def test_deal_seeds_derive_from_game_seed_and_deal_index() -> None:
    """Each deal is shuffled with derive_seed(game seed, "deal:<index>")."""
    rules = load_profile("bezique")
    game = Game(rules, seed=9, first_dealer=1)
    deal = game.new_deal()
    same = Deal.new(rules, seed=derive_seed(9, "deal:0"), dealer=1)
    assert [deal.hand(p) for p in (0, 1)] == [same.hand(p) for p in (0, 1)]
    play_out(game, 0)
    assert len(game.deals) > 1
    second = Deal.new(rules, seed=derive_seed(9, "deal:1"), dealer=game.deals[1].dealer)
    assert game.deals[1].origin == second.origin


def test_different_seeds_give_different_deals() -> None:
    """Different game seeds shuffle differently."""
    rules = load_profile("bezique")
    hands = {str(Game(rules, seed=s, first_dealer=0).new_deal().hand(0)) for s in range(5)}
    assert len(hands) == 5


def test_seed_chosen_when_none_given_replays() -> None:
    """Game(seed=None) picks a seed and exposes it, so the game can be replayed."""
    rules = load_profile("bezique")
    game = Game(rules)
    again = Game(rules, seed=game.seed)
    assert game.first_dealer == again.first_dealer
    assert str(game.new_deal().hand(0)) == str(again.new_deal().hand(0))


# --- First dealer (D10, deal.first_dealer) -------------------------------------------------


def _drawn(rules: Rules, seed: int) -> tuple[int, int, int]:
    """(dealer, dealer's card rank, non-dealer's card rank) of a first-dealer draw."""
    dealer, draws = draw_for_deal(rules, seed)
    assert draws
    for a, b in draws[:-1]:
        assert rank(a) == rank(b), "only ties are redrawn"
    last = draws[-1]
    return dealer, rank(last[dealer]), rank(last[1 - dealer])


def test_high_card_deals() -> None:
    """D10 (S003 01, EB9): the higher card deals; ties are redrawn (rank ints: 0 = ace)."""
    rules = load_profile("bezique")
    for seed in range(40):
        _, dealer_rank, other_rank = _drawn(rules, seed)
        assert dealer_rank < other_rank


def test_low_card_deals() -> None:
    """D10 (ZPAG, deal.first_dealer = "low_card_deals"): the lower card deals."""
    rules = house('[deal]\nfirst_dealer = "low_card_deals"\n')
    for seed in range(40):
        _, dealer_rank, other_rank = _drawn(rules, seed)
        assert dealer_rank > other_rank


def test_high_card_chooses_to_lead() -> None:
    """D10 (S000, deal.first_dealer = "high_card_chooses"): the high card chooses, and takes
    the lead (the non-dealer leads), so the low card deals."""
    rules = house('[deal]\nfirst_dealer = "high_card_chooses"\n')
    for seed in range(40):
        _, dealer_rank, other_rank = _drawn(rules, seed)
        assert dealer_rank > other_rank


def test_ties_are_redrawn_in_the_first_dealer_draw() -> None:
    """S003 01: "repeat ties": some seed needs a redraw; every pair but the last ties in rank,
    and the last pair differs."""
    rules = load_profile("bezique")
    redrawn = [draws for s in range(200) if len(draws := draw_for_deal(rules, s)[1]) > 1]
    assert redrawn
    for draws in redrawn:
        assert all(rank(a) == rank(b) for a, b in draws[:-1])
        assert rank(draws[-1][0]) != rank(draws[-1][1])


def test_random_first_dealer() -> None:
    """deal.first_dealer = "random": a seeded coin toss, no cards drawn, both outcomes."""
    rules = house('[deal]\nfirst_dealer = "random"\n')
    seen = set()
    for seed in range(20):
        dealer, draws = draw_for_deal(rules, seed)
        assert draws == ()
        seen.add(dealer)
    assert seen == {0, 1}


def test_game_uses_the_draw_or_the_given_first_dealer() -> None:
    """Game(first_dealer=...) overrides the draw; otherwise the first deal follows the draw."""
    rules = load_profile("bezique")
    game = Game(rules, seed=3)
    assert game.first_dealer == draw_for_deal(rules, derive_seed(3, "first"))[0]
    assert game.new_deal().dealer == game.first_dealer
    assert Game(rules, seed=3, first_dealer=1).new_deal().dealer == 1
    with pytest.raises(ValueError):
        Game(rules, seed=3, first_dealer=2)


# --- Rotation (D10, deal.rotation) ---------------------------------------------------------


def test_rotation_alternate() -> None:
    """D10 (S003, S000, PARLETT): the deal alternates."""
    game = Game(load_profile("bezique"), seed=11, first_dealer=0)
    play_out(game, 11)
    assert len(game.deals) > 2
    assert [d.dealer for d in game.deals] == [i % 2 for i in range(len(game.deals))]


def test_rotation_last_trick_winner_deals() -> None:
    """D10 (DORO, deal.rotation = "last_trick_winner_deals")."""
    game = Game(house('[deal]\nrotation = "last_trick_winner_deals"\n'), seed=12)
    play_out(game, 12)
    assert len(game.deals) > 2
    for prev, nxt in zip(game.deals, game.deals[1:], strict=False):
        assert nxt.dealer == prev.last_trick_winner


def test_rotation_hand_winner_deals() -> None:
    """D10 (FAMED, deal.rotation = "hand_winner_deals"): the deal's higher scorer deals next;
    equal deal scores alternate."""
    game = Game(house('[deal]\nrotation = "hand_winner_deals"\n'), seed=13)
    play_out(game, 13)
    assert len(game.deals) > 2
    before = (0, 0)
    for i, s in enumerate(game.settlements[:-1]):
        gained = (s.totals[0] - before[0], s.totals[1] - before[1])
        expected = 1 - game.deals[i].dealer
        if gained[0] != gained[1]:
            expected = 0 if gained[0] > gained[1] else 1
        assert game.deals[i + 1].dealer == expected
        before = s.totals


# --- Ties, raises, double wins, single-deal scoring (D13, D14, #game-rubicon, #game-five-hundred)


def test_tie_at_target_is_a_drawn_game() -> None:
    """docs/rules.md#bezique-game-end Game end (S003): equal totals at or above the target draw."""
    game = Game(load_profile("bezique"), seed=1)
    finish_with_last_trick(game, (1000, 990))
    assert game.is_over
    result = game.result
    assert result is not None
    assert (result.winner, result.kind, result.totals) == (None, "draw", (1000, 1000))
    assert result.describe() == "Drawn game, 1000 to 1000"


def test_tie_extra_deal_plays_on() -> None:
    """D14 (S000, game.tie = "extra_deal"): a tie at the target means another deal."""
    game = Game(house('[game]\ntie = "extra_deal"\n'), seed=1)
    finish_with_last_trick(game, (1000, 990))
    assert not game.is_over and game.result is None
    assert game.settlements[-1].kind == "extra_deal"
    assert game.new_deal().totals == (1000, 1000)
    assert game.target == 1000


def test_tie_raise_target_carries_into_later_deals() -> None:
    """D14 (S000, game.tie = "raise_target"): the target becomes 1500 for the deals after."""
    game = Game(house('[game]\ntie = "raise_target"\n'), seed=1)
    finish_with_last_trick(game, (1100, 1090))
    assert (game.is_over, game.target) == (False, 1500)
    finish_with_last_trick(game, (300, 100))
    assert (game.is_over, game.totals) == (False, (1400, 1210))
    finish_with_last_trick(game, (200, 0))
    assert game.is_over
    result = game.result
    assert result is not None and (result.winner, result.target) == (0, 1500)


def test_five_hundred_both_over_target_becomes_600() -> None:
    """docs/rules.md#game-five-hundred (S001): both over 500 with no call-out: play on to 600."""
    game = Game(load_profile("five-hundred"), seed=1)
    finish_with_last_trick(game, (520, 530))
    assert (game.is_over, game.target, game.totals) == (False, 600, (520, 540))


def _five_hundred(seed: int, *, calls: str) -> Game:
    """Play Five Hundred. ``calls = "right"``: a player calls out as soon as his running total
    (game total + deal score so far) reaches the current target; ``"wrong"``: at once;
    ``"never"``: nobody calls."""
    game = Game(load_profile("five-hundred"), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        deal = game.new_deal()
        while not deal.is_over:
            actions = deal.legal_actions()
            call = [a for a in actions if str(a) == "call out"]
            p = deal.to_move
            assert p is not None
            running = game.totals[p] + deal.scores[p]
            if call and (calls == "wrong" or (calls == "right" and running >= game.target)):
                game.apply(call[0])
                continue
            game.apply(rng.choice([a for a in actions if str(a) != "call out"]))
    return game


def test_five_hundred_right_call_out_wins() -> None:
    """docs/rules.md#game-five-hundred (S001): a player who calls out having reached the target
    (500, or 600 after a
    both-over raise) wins."""
    called = 0
    for seed in range(4):
        game = _five_hundred(seed, calls="right")
        last, deal = game.settlements[-1], game.deals[-1]
        if deal.called_out is not None:
            called += 1
            assert (last.kind, last.winner) == ("call_out", deal.called_out)
            assert game.totals[deal.called_out] >= last.target
    assert called


def test_five_hundred_wrong_call_out_loses() -> None:
    """docs/rules.md#game-five-hundred (S001): a player who calls out short of 500 loses, whatever
    the scores."""
    for seed in range(4):
        game = _five_hundred(seed, calls="wrong")
        deal = game.deals[-1]
        assert deal.called_out is not None and len(game.deals) == 1
        assert game.settlements[-1].winner == 1 - deal.called_out


def test_five_hundred_without_call_out_ends_at_the_target() -> None:
    """docs/rules.md#game-five-hundred (S001): with no call-out the game ends when a total reaches
    the target (600 after
    a both-over raise)."""
    for seed in range(4):
        game = _five_hundred(seed, calls="never")
        result = game.result
        assert result is not None and result.kind in ("win", "double", "draw")
        assert max(result.totals) >= result.target
        raised = [s for s in game.settlements if s.kind == "raise_target"]
        assert result.target == (600 if raised else 500)


def test_double_win_described() -> None:
    """D14 (S000, game.double_win_below = 500) and GameResult.describe."""
    game = Game(house("[game]\ndouble_win_below = 500\n"), seed=1)
    finish_with_last_trick(game, (1240, 300))
    result = game.result
    assert result is not None
    assert result.describe() == "P0 wins 1240 to 310 (double win)"


def test_rubicon_game_scored_by_margin() -> None:
    """docs/rules.md#game-rubicon (BIC-RUB; R8): a rubiconed loser: 1,500 + 700 + 1,000 + 320 =
    3,520 -> 3,500."""
    game = Game(load_profile("rubicon"), seed=1)
    finish_with_last_trick(game, (1580, 720))
    result = game.result
    assert result is not None
    assert (result.kind, result.margin, result.deals) == ("rubicon", 3500, 1)
    assert result.describe() == "P0 wins 1580 to 770 (rubicon), scoring 3500"
    with pytest.raises(IllegalAction):
        game.new_deal()


def test_game_result_describe() -> None:
    """GameResult.describe: a one-line description of the result."""
    result = GameResult(
        winner=1,
        kind="call_out",
        margin=-30,
        totals=(540, 510),
        target=500,
        deals=4,
        margin_scored=False,
    )
    assert result.describe() == "P1 wins 510 to 540 (call-out)"


# --- Game state errors ----------------------------------------------------------------------


def test_new_deal_refused_while_a_deal_is_unfinished() -> None:
    """Game.new_deal raises while the current deal goes on; apply needs a deal in progress."""
    game = Game(load_profile("bezique"), seed=1)
    with pytest.raises(IllegalAction):
        game.apply("play 7H")
    game.new_deal()
    with pytest.raises(IllegalAction):
        game.new_deal()
