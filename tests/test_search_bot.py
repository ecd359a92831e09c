"""`SearchBot` and `evaluate`: legal, reproducible, blind to hidden cards, exact in the end
phase, and strong (loose bounds over a few deals, one named constant each; the full
measurement is ``benchmarks/bench_bots.py``, reported in docs/bots.md)."""

from __future__ import annotations

import random

import pytest
from conftest import BUILTIN_PROFILES, played, swapped
from jokers import JOKER_PROFILES

import bezique
from bezique.actions import Action, CallOut, Play
from bezique.bots import Bot, GreedyBot, RandomBot, play_deal, play_game
from bezique.bots.planner import PlannerBot
from bezique.cards import CardSet
from bezique.lab.simulation import wilson
from bezique.observation import Observation
from bezique.search import Evaluation, SearchBot, evaluate, solve
from bezique.search.bot import (
    DEFAULT_EXACT_STOCK,
    DEFAULT_SIMULATIONS,
    _halving,
    outcome,
    prior,
)

SIMULATIONS = 20
"""The small playout budget the functional tests use."""

STRENGTH_SIMULATIONS = 40
"""The budget of the strength tests (modest, so that they stay fast)."""
STRENGTH_DEALS = 10
"""Seeded bezique deals per strength test, seats and dealers alternating."""
MIN_WIN_RATE_VS_RANDOM = 0.5
"""The Wilson 95% lower bound the deal-win rate against RandomBot must exceed (9 wins of 10
do it; measured when written: 10 of 10)."""
MIN_POINT_SHARE_VS_GREEDY = 0.4
"""The share of all the points of the deals that SearchBot must exceed against GreedyBot. Loose
on purpose: ten deals are few (a deal's score difference varies by about 200 points), while over
1,000 whole games SearchBot (one candidate) wins 65% of the deals and 77% of the games
(docs/bots.md#strength); RandomBot gets about 0.20 of the points against GreedyBot."""


class Checked:
    """Wraps a bot: asserts each choice is legal and counts the decisions by phase."""

    def __init__(self, bot: Bot, fallback: Bot | None = None, stock_limit: int = 10**9) -> None:
        self.bot = bot
        self.fallback = fallback
        self.stock_limit = stock_limit
        self.searched = {"stock": 0, "end": 0}

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions()
        phase = "end" if observation.in_end_phase else "stock"
        if self.fallback is not None and phase == "stock" and (
            self.searched["stock"] >= self.stock_limit
        ):
            action = self.fallback.choose(observation)
        else:
            action = self.bot.choose(observation)
            self.searched[phase] += len(legal) > 1
        assert action in legal, f"{action} is not legal in {observation!r}"
        return action


@pytest.mark.parametrize("name", BUILTIN_PROFILES)
def test_search_bot_plays_only_legal_actions_in_every_profile(name: str) -> None:
    """In every built-in profile SearchBot's choices are legal, in the stock phase (its first
    decisions; GreedyBot plays its seat after them, to keep the long profiles fast) and in the
    end phase (all of them, by the solver), against GreedyBot in every other seat."""
    rules = bezique.load_profile(name)
    seat = BUILTIN_PROFILES.index(name) % rules.players
    bot = Checked(SearchBot(seed=seat, simulations=SIMULATIONS), GreedyBot(), stock_limit=6)
    bots: list[Bot] = [bot if p == seat else GreedyBot() for p in range(rules.players)]
    deal = play_deal(rules, bots, seed=1)
    assert deal.is_over
    assert bot.searched["stock"] > 0
    if deal.called_out is None:  # a call-out can end the deal before the end phase
        assert bot.searched["end"] > 0


def test_search_bot_calls_out_only_when_right() -> None:
    """docs/rules.md#game-five-hundred: a wrong call-out loses the game; SearchBot makes none."""
    rules = bezique.load_profile("five-hundred")
    for seed in range(2):
        me = seed % 2
        search = SearchBot(seed=seed, simulations=SIMULATIONS)
        bots: list[Bot] = [search, GreedyBot()] if me == 0 else [GreedyBot(), search]
        game = play_game(rules, bots, seed=seed)
        assert game.result is not None
        if any(deal.called_out == me for deal in game.deals):
            assert game.result.winner == me, game.result.describe()


@pytest.mark.parametrize("name", ["bezique", "rubicon"])
def test_whole_games_with_search_bot_finish(name: str) -> None:
    game = play_game(bezique.load_profile(name),
                     (SearchBot(seed=4, simulations=10), GreedyBot()), seed=4)
    assert game.is_over
    assert game.result is not None and game.result.deals == len(game.deals) >= 1


def test_same_seed_and_budget_give_the_same_choices() -> None:
    rules = bezique.load_profile("bezique")
    first, second = (
        play_deal(rules, (SearchBot(seed=7, simulations=SIMULATIONS), RandomBot(seed=1)), seed=5)
        for _ in range(2)
    )
    assert first.actions == second.actions
    assert first == second


def test_sequential_halving_keeps_the_heuristic_choice_and_plays_the_same_worlds() -> None:
    deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=3)
    seen = deal.observation(deal.to_move or 0)
    ranked = prior(seen)[:8]
    assert len(ranked) >= 4
    alive, survived = _halving(seen, ranked, random.Random(0), 96, None)
    assert alive[0] == 0 and 2 <= len(alive) < len(ranked)  # halved, the reference kept
    assert len({len(r) for r in survived}) == 1  # every survivor played every world
    assert sum(len(r) for r in survived) <= 96


def test_a_halving_search_bot_is_reproducible_and_legal() -> None:
    rules = bezique.load_profile("bezique")
    first, second = (
        play_deal(rules, (SearchBot(seed=7, simulations=SIMULATIONS, candidates=6, halving=True),
                          RandomBot(seed=1)), seed=5)
        for _ in range(2)
    )
    assert first.is_over and first.actions == second.actions


def test_the_seconds_budget_plays_legal_actions() -> None:
    deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=3)
    seen = deal.observation(deal.to_move or 0)
    assert SearchBot(seconds=0.01).choose(seen) in seen.legal_actions()
    evaluation = evaluate(seen, rng=random.Random(0), seconds=0.01)
    assert evaluation.simulations >= len(evaluation.values)  # at least one world


# --------------------------------------------------------------------------- never peeks


def _twins(deal: bezique.Deal, player: int, rng: random.Random) -> list[bezique.Deal]:
    """Deals ``player`` cannot tell from ``deal``: an opponent's unknown card exchanged with a
    stock card (wherever it shows in the opponent's private draw events), and the stock
    turned round."""
    twin = swapped(deal, player, rng)
    twins = [] if twin is None else [twin]
    if len(deal._stock) > 1:
        reordered = deal.clone()
        reordered._stock = deal._stock[::-1]
        twins.append(reordered)
    return twins


def _stock_decision(name: str, seed: int) -> bezique.Deal:
    """A seeded random deal of ``name`` at a stock-phase decision with a choice and hidden
    cards."""
    for plies in range(seed % 7 + 8, 400, 5):
        deal = played(name, seed, plies)
        if (not deal.is_over and not deal.in_end_phase and deal.to_move is not None
                and len(deal.legal_actions()) > 1 and len(deal._stock) > 1):
            return deal
    raise AssertionError(f"{name} seed {seed}: no stock-phase decision found")


@pytest.mark.parametrize("name", ["bezique", "rubicon", "pinochle", "besigue"])
@pytest.mark.parametrize("seed", [1, 2])
def test_search_bot_never_peeks_at_hidden_cards(name: str, seed: int) -> None:
    """Deals that differ only in cards the bot cannot see give the same evaluation (same seed,
    same budget) and the same choice."""
    deal = _stock_decision(name, seed)
    player = deal.to_move
    assert player is not None
    twins = _twins(deal, player, random.Random(seed))
    assert twins and all(twin != deal for twin in twins)
    real = evaluate(deal.observation(player), rng=random.Random(seed), simulations=SIMULATIONS)
    choice = SearchBot(seed=seed, simulations=SIMULATIONS).choose(deal.observation(player))
    for twin in twins:
        seen = twin.observation(player)
        assert evaluate(seen, rng=random.Random(seed), simulations=SIMULATIONS) == real
        assert SearchBot(seed=seed, simulations=SIMULATIONS).choose(seen) == choice


# --------------------------------------------------------------------------- Evaluation


def _check_evaluation(evaluation: Evaluation, observation: Observation) -> None:
    legal = observation.legal_actions()
    actions = [v.action for v in evaluation.values]
    assert sorted(map(str, actions)) == sorted(map(str, legal))
    assert len(set(actions)) == len(actions) == len(legal)
    numbers = [v.value for v in evaluation.values]
    assert numbers == sorted(numbers, reverse=True)
    assert evaluation.best == actions[0]
    assert evaluation.value == numbers[0]
    assert evaluation.loss(evaluation.best) == 0
    assert evaluation.player == observation.player
    for v in evaluation.values:
        assert evaluation.value_of(v.action) == v.value
        assert evaluation.loss(v.action) >= 0
    held = observation.hand.bits | observation.tables[observation.player].bits
    missing = next(c for c in range(256) if not held >> c & 1 and c >> 3 < 32)
    with pytest.raises(KeyError):
        evaluation.value_of(Play(missing))


@pytest.mark.parametrize("name", ["bezique", "pinochle", "rubicon"])
def test_stock_phase_evaluation_values_every_legal_action_once_best_first(name: str) -> None:
    deal = _stock_decision(name, 3)
    seen = deal.observation(deal.to_move or 0)
    evaluation = evaluate(seen, rng=random.Random(1), simulations=SIMULATIONS)
    _check_evaluation(evaluation, seen)
    assert not evaluation.exact
    assert evaluation.simulations >= len(evaluation.values)
    assert all(v.samples >= 1 for v in evaluation.values)


def _end_phase(name: str, seed: int, cards: int) -> bezique.Deal | None:
    """A seeded random deal played into its end phase (never calling out) until at most
    ``cards`` remain in the mover's hand at the start of a trick; None if it ended first."""
    deal = bezique.Deal.new(bezique.load_profile(name), seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    while not deal.is_over and (
        not deal.in_end_phase or deal.trick or len(deal.hand(deal.to_move or 0)) > cards
    ):
        legal = [a for a in deal.legal_actions() if not isinstance(a, CallOut)]
        deal.apply(rng.choice(legal or deal.legal_actions()))
    return None if deal.is_over else deal


@pytest.mark.parametrize("name", ["bezique", "pinochle", "rubicon", "five-hundred"])
def test_end_phase_evaluation_is_exact_and_agrees_with_solve(name: str) -> None:
    checked = 0
    for seed in range(30):
        deal = _end_phase(name, seed, cards=5)
        if deal is None or len(deal.legal_actions()) < 2:
            continue
        me = deal.to_move
        assert me is not None
        seen = deal.observation(me)
        evaluation = evaluate(seen, rng=random.Random(seed))
        _check_evaluation(evaluation, seen)
        assert evaluation.exact and evaluation.simulations == 0
        for action in deal.legal_actions():
            child = deal.clone()
            child.apply(action)
            if child.is_over:  # a call-out: it decides the game, worth the whole target
                assert evaluation.value_of(action) == outcome(child, me) == (
                    child.target if child.totals[me] + child.scores[me] >= child.target
                    else -child.target)
                continue
            scores = solve(child).scores
            assert evaluation.value_of(action) == scores[me] - scores[1 - me]
        choice = SearchBot(seed=seed).choose(seen)
        assert evaluation.loss(choice) == 0
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_evaluate_refuses_an_observer_not_to_move() -> None:
    deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=3)
    assert deal.to_move is not None
    with pytest.raises(ValueError, match="no decision"):
        evaluate(deal.observation(1 - deal.to_move), rng=random.Random(0))


@pytest.mark.parametrize(
    "kwargs", [{"simulations": 0}, {"simulations": -3}, {"seconds": 0}, {"seconds": -1}]
)
def test_bad_budgets_raise_value_error(kwargs: dict[str, float]) -> None:
    (name,) = kwargs
    with pytest.raises(ValueError, match=name):
        SearchBot(**kwargs)  # type: ignore[arg-type]
    seen = bezique.Deal.new(bezique.load_profile("bezique"), seed=1).observation(0)
    with pytest.raises(ValueError, match=f"evaluate: {name}"):
        evaluate(seen, rng=random.Random(0), **kwargs)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- strength


def _deals(opponent: Bot, deals: int) -> tuple[int, int, tuple[int, int]]:
    """SearchBot against ``opponent`` over seeded bezique deals, seats and dealers alternating:
    (deals won, deals lost, (SearchBot's points, the opponent's))."""
    rules = bezique.load_profile("bezique")
    won = lost = 0
    points = [0, 0]
    for i in range(deals):
        me = i % 2
        search = SearchBot(seed=i, simulations=STRENGTH_SIMULATIONS)
        bots: list[Bot] = [search, opponent] if me == 0 else [opponent, search]
        deal = play_deal(rules, bots, seed=100 + i // 2, dealer=i // 2 % 2)
        s = deal.scores
        won += s[me] > s[1 - me]
        lost += s[me] < s[1 - me]
        points[0] += s[me]
        points[1] += s[1 - me]
    return won, lost, (points[0], points[1])


def test_search_bot_beats_random_bot_clearly() -> None:
    won, _, _ = _deals(RandomBot(seed=0), STRENGTH_DEALS)
    low, _ = wilson(won, STRENGTH_DEALS)
    assert low > MIN_WIN_RATE_VS_RANDOM, f"won {won} of {STRENGTH_DEALS}"


def test_search_bot_outscores_greedy_bot() -> None:
    won, lost, (mine, theirs) = _deals(GreedyBot(), STRENGTH_DEALS)
    share = mine / (mine + theirs)
    assert share > MIN_POINT_SHARE_VS_GREEDY, (
        f"{mine} points to {theirs}, deals won {won}, lost {lost}")


# --------------------------------------------------------------------------- the exact window


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"exact_stock": -1}, "exact_stock must be at least 0"),
     ({"exact_worlds": 1}, "exact_worlds must be at least 2"),
     ({"exact_nodes": 0}, "exact_nodes must be at least 1")],
)
def test_bad_exact_window_settings_raise_value_error(
    kwargs: dict[str, int], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        SearchBot(**kwargs)  # type: ignore[arg-type]


def test_the_exact_window_overrules_the_planner_over_the_last_stock_tricks() -> None:
    """With one candidate the stock phase is PlannerBot's play, except over the last stock
    tricks (at most `DEFAULT_EXACT_STOCK` cards), where the solved worlds overrule it now and
    then; with ``exact_stock=0`` never."""
    rules = bezique.load_profile("bezique")
    overruled = {4: 0, 0: 0}
    for seed in range(12):
        deal = bezique.Deal.new(rules, seed=seed, dealer=seed % 2)
        bots = {window: SearchBot(seed=seed, candidates=1, exact_stock=window)
                for window in overruled}
        while not deal.in_end_phase and not deal.is_over:
            seen = deal.observation(deal.to_move)
            planned = PlannerBot().choose(seen)
            for window, bot in bots.items():
                chosen = bot.choose(seen)
                assert chosen in seen.legal_actions()
                if chosen != planned:
                    assert seen.stock_size <= window
                    overruled[window] += 1
            deal.apply(planned)
    assert overruled[0] == 0 and overruled[4] > 0, overruled


def test_the_exact_window_stops_a_world_before_it_would_overrun_its_node_budget(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """`exact_worlds` worlds at most, two at least, and none once another at the mean cost so
    far would solve more than `exact_nodes` positions in all."""
    import bezique.search.bot as search_bot

    def world(observation: Observation, actions: list[Action], rng: random.Random, *,
              spent: list[int], **kwargs: object) -> list[int]:
        spent[0] += 100  # every world solves 100 positions
        return [0] * len(actions)

    monkeypatch.setattr(search_bot, "_world", world)
    seen = _in_the_window(2)
    actions = seen.legal_actions()
    for budget, worlds in ((None, 6), (1, 2), (250, 2), (300, 3), (399, 3), (400, 4)):
        results = search_bot._playouts(seen, actions, random.Random(0), 6 * len(actions), None,
                                       exact=True, exact_nodes=budget)
        assert len(results[0]) == worlds, budget


def test_an_end_phase_too_big_for_the_window_leaves_the_decision_to_the_playouts(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """A solve in the window is allowed the share of `exact_nodes` that fits one world of
    every action; past it (twelve cards a hand) the window gives up after one attempt, and the
    regular stock-phase search decides (as `evaluate` does)."""
    import bezique.search.bot as search_bot

    calls: list[bool] = []
    real = search_bot._world

    def counted(*args: object, exact: bool = False, **kwargs: object) -> list[int]:
        calls.append(exact)
        return real(*args, exact=exact, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(search_bot, "_world", counted)
    seen = _in_the_window(2)
    actions = len(seen.legal_actions())
    # one solve's budget: max_nodes, and no more than an equal share of exact_nodes per action
    assert search_bot._window_nodes(25_000, 150_000, 8) == 18_750
    assert search_bot._window_nodes(25_000, 150_000, 2) == 25_000
    assert search_bot._window_nodes(None, 150_000, 8) == 18_750
    assert search_bot._window_nodes(25_000, None, 8) == 25_000
    assert search_bot._window_nodes(25_000, 3, 8) == 1  # at least one position
    assert search_bot._window_nodes(None, None, actions) is None
    for nodes, exact, regular in ((None, 6, False), (1, 1, True)):
        calls.clear()
        chosen = SearchBot(seed=1, exact_worlds=6, exact_nodes=nodes).choose(seen)
        assert chosen in seen.legal_actions()
        assert calls.count(True) == exact and (False in calls) is regular, nodes
    found = evaluate(seen, rng=random.Random(0), exact_nodes=1)
    assert {v.samples for v in found.values} == {DEFAULT_SIMULATIONS}



def _in_the_window(seed: int) -> Observation:
    """A bezique decision with at most `DEFAULT_EXACT_STOCK` cards in the stock, both players
    PlannerBot up to it, and more than one legal action."""
    deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=seed, dealer=0)
    while deal.stock_size > DEFAULT_EXACT_STOCK or len(deal.legal_actions()) < 2:
        deal.apply(PlannerBot().choose(deal.observation(deal.to_move)))
    assert not deal.in_end_phase
    return deal.observation(deal.to_move)


def test_evaluate_solves_the_end_phase_of_its_worlds_within_the_exact_window(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over the last stock tricks `evaluate` (hence `advise`, hint and analyse) values each
    action as `SearchBot` decides there: worlds played to the end of the stock, then solved;
    outside the window (``exact_stock=0``) by plain playouts, no solve."""
    import bezique.search.bot as search_bot

    stocks: list[int] = []
    real = search_bot.solve

    def counted(deal: bezique.Deal, **kwargs: object) -> object:
        stocks.append(deal.stock_size)
        return real(deal, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(search_bot, "solve", counted)
    seen = _in_the_window(2)
    actions = len(seen.legal_actions())
    for window, solved in ((DEFAULT_EXACT_STOCK, True), (0, False)):
        stocks.clear()
        found = evaluate(seen, rng=random.Random(0), simulations=3 * actions,
                         exact_stock=window, exact_nodes=None)
        assert sorted(map(str, (v.action for v in found.values))) == sorted(
            map(str, seen.legal_actions()))
        assert {v.samples for v in found.values} == {3}
        assert bool(stocks) is solved and set(stocks) <= {0}, (window, stocks)
    monkeypatch.setattr(search_bot, "solve", real)
    bot = SearchBot(seed=4, exact_worlds=5, exact_nodes=None)
    assert {v.samples for v in bot.evaluate(seen).values} == {5}
    found = evaluate(seen, rng=random.Random(0), simulations=3 * actions, exact_worlds=4,
                     exact_nodes=None)
    assert {v.samples for v in found.values} == {4}  # the window's worlds, not the budget
    # a window that hands back (its solves past exact_nodes) leaves the bot's own budget to
    # the playouts, not its exact_worlds
    bot = SearchBot(seed=4, simulations=3 * actions, exact_worlds=5, exact_nodes=1)
    assert {v.samples for v in bot.evaluate(seen).values} == {3}
    with pytest.raises(ValueError, match="evaluate: exact_nodes must be at least 1"):
        evaluate(seen, rng=random.Random(0), exact_nodes=0)
    with pytest.raises(ValueError, match="evaluate: exact_worlds must be at least 2"):
        evaluate(seen, rng=random.Random(0), exact_worlds=1)


@pytest.mark.parametrize("name", JOKER_PROFILES)
def test_search_bot_plays_whole_joker_deals(name: str) -> None:
    """Joker Bésigue at two and four seats: SearchBot searches every decision of its seat
    (a partner's too in pairs) over worlds that deal the jokers it has not seen, playing
    jokers on the way, and the end phase (with jokers still in the hands: the solver's fast
    path plays them, tests/test_search_endgame.py) to the end of the deal."""
    rules = bezique.load_profile(name)
    searched = [Checked(SearchBot(seed=p, simulations=8, exact_worlds=2, wide_worlds=2,
                                  wide_nodes=600)) for p in (0, 2) if p < rules.players]
    bots: list[Bot] = [searched[p // 2] if p % 2 == 0 else GreedyBot()
                       for p in range(rules.players)]
    deal = play_deal(rules, bots, seed=2)
    assert deal.is_over
    assert all(b.searched["stock"] and b.searched["end"] for b in searched)
    jokers = {int(a.card) for a in deal.actions if isinstance(a, Play) and a.card.is_joker}
    assert len(jokers) == rules.pack.jokers


def test_evaluate_samples_the_unseen_jokers() -> None:
    """A seat that holds no joker sees the four among the unseen cards at the start of a
    joker deal; `evaluate` gives each of its legal actions a value over worlds that deal them,
    each world holding the four jokers."""
    rules = bezique.load_profile("joker")
    for seed in range(20):
        deal = bezique.Deal.new(rules, seed=seed)
        seen = deal.observation(deal.to_move or 0)
        if not any(c.is_joker for c in seen.hand):
            break
    assert sum(c.is_joker for c in seen.unseen) == 4
    for seed in range(5):
        world = seen.determinize(random.Random(seed))
        cards = world.hand(0) | world.hand(1) | CardSet(sum(1 << x for x in world.bits.stock))
        assert sum(c.is_joker for c in cards) == 4
    evaluation = evaluate(seen, rng=random.Random(0), simulations=8)
    assert {v.action for v in evaluation.values} == set(seen.legal_actions())
