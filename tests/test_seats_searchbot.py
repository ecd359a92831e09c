"""Issue 34, stage H: `SearchBot`, `evaluate`, `advise` and `analyse` at three and four seats
(docs/rules.md#more-seats, docs/search.md#more-seats).

The model: a finished world is worth to the observer his side's value
(`bezique.search.solver.difference`: his team's points less the other team's in a partnership;
alone, ``N - 1`` times his own less the sum of the others'), the paranoid model of the end-phase
search. At more seats the end phase hides cards too, so its values come from sampled worlds
(each searched on a node budget, exact where it fits) and SearchBot's end-phase move is the one
most worlds choose. Two seats play exactly as before: pinned choices of main (b4d474e).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from seated import brute, seated, weighed
from test_seats_search import random_end_phase

from bezique.actions import Action
from bezique.bots import Bot, RandomBot, play_deal
from bezique.cli.analyse import format_analysis
from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.observation import Observation
from bezique.search import DEFAULT_EXACT_STOCK, SearchBot, advise, evaluate
from bezique.search.analysis import analyse
from bezique.search.horizon import choose, value
from bezique.search.solver import side_value, side_weights
from bezique.search.values import outcome, reached

PARTNERS = ((0, 2), (1, 3))
TABLES = [(3, None), (4, PARTNERS), (4, None)]
"""Three alone, four in partnership, four alone."""


def small(seed: int) -> SearchBot:
    """SearchBot on a small budget, so that whole deals stay fast."""
    return SearchBot(seed=seed, simulations=8, exact_worlds=2, wide_worlds=2, wide_nodes=600)


class Checked:
    """Wraps a bot: asserts each choice is legal and counts the searched decisions by phase."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.searched = {"stock": 0, "window": 0, "end": 0}

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions()
        action = self.bot.choose(observation)
        assert action in legal, f"{action} is not legal in {observation!r}"
        phase = "end" if observation.in_end_phase else "window" if (
            observation.stock_size <= DEFAULT_EXACT_STOCK) else "stock"
        self.searched[phase] += len(legal) > 1
        return action


def _mover(deal: Deal) -> Observation:
    """The observation of the seat to move."""
    assert deal.to_move is not None
    return deal.observation(deal.to_move)


def _finished(n: int, teams: tuple[tuple[int, ...], ...] | None, seed: int) -> Deal:
    deal = Deal.new(seated(n, teams=teams), seed=seed, dealer=seed % n)
    rng = random.Random(seed)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


# ------------------------------------------------------------------------------ the model


@pytest.mark.parametrize(("n", "teams"), TABLES)
def test_a_finished_deal_is_worth_the_sides_weighed_scores(
    n: int, teams: tuple[tuple[int, ...], ...] | None
) -> None:
    """`outcome`: partners share a value, the other team's is its negation; playing alone
    each seat's value is ``N - 1`` times his points less the others' (zero-sum over seats)."""
    for seed in range(3):
        deal = _finished(n, teams, seed)
        team_of = compile_rules(deal.rules).team_of
        values = [outcome(deal, p) for p in range(n)]
        assert values == [weighed(deal, side_weights(team_of, p)) for p in range(n)]
        s = deal.scores
        if teams:
            assert values[0] == values[2] == -values[1] == -values[3]
            assert values[0] == s[0] + s[2] - s[1] - s[3]
        else:
            assert sum(values) == 0
            assert values[0] == (n - 1) * s[0] - sum(s[1:])


def test_reached_counts_the_team() -> None:
    """A partner's deal score counts towards the team's call-out (totals per team)."""
    deal = Deal.from_position(
        seated(4, teams=PARTNERS), hands=["AS 7H", "KS 8H", "AS 9H", "QS 10H"], trump="S",
        dealer=3, leader=0, scores=(0, 0, 10, 0), totals=(990, 0), target=1000)
    assert [reached(deal.observation(p)) for p in range(4)] == [True, False, True, False]
    assert seated(4, teams=PARTNERS).team_of == (0, 1, 0, 1)


@pytest.mark.parametrize(("n", "teams"), [(3, None), (4, PARTNERS)])
def test_side_value_is_the_paranoid_value_of_any_side(
    n: int, teams: tuple[tuple[int, ...], ...] | None
) -> None:
    """`side_value` for a side that need not be the mover's, against brute force, and
    `horizon.value` (exact within its budget) agrees."""
    rules = seated(n, teams=teams)
    team_of = compile_rules(rules).team_of
    rng = random.Random(n)
    for _ in range(4):
        deal = random_end_phase(rules, rng, 2)
        for side in range(n):
            weights = side_weights(team_of, side)
            found, nodes = side_value(deal, side=side, limit=1 << 30, floor=0)
            assert found == brute(deal, weights) and nodes > 0
            assert value(deal, side=side, max_nodes=100_000).value == found
            assert value(deal, side=side, max_nodes=None).exact


def test_the_budgeted_value_of_a_long_end_phase_is_an_estimate_within_its_budget() -> None:
    deal = random_end_phase(seated(4, teams=PARTNERS), random.Random(4), 8)
    found = value(deal, side=1, max_nodes=300)
    assert not found.exact and found.nodes <= 2 * 300 + 2
    with pytest.raises(ValueError, match="value: max_nodes must be at least 1"):
        value(deal, side=1, max_nodes=0)


@pytest.mark.parametrize(("n", "teams"), TABLES)
@pytest.mark.parametrize("nodes", [None, 20_000])
def test_end_phase_values_are_the_observers_side_over_sampled_worlds(
    n: int, teams: tuple[tuple[int, ...], ...] | None, nodes: int | None
) -> None:
    """`evaluate` in an end phase at more seats: each action's value is the mean, over the
    worlds it samples, of the paranoid value of the observer's side after it (brute force);
    estimates (``exact`` is False), one sample a world."""
    rules = seated(n, teams=teams)
    team_of = compile_rules(rules).team_of
    rng = random.Random(10 * n + len(teams or ()))
    for seed in range(3):
        deal = random_end_phase(rules, rng, 2)
        me = deal.to_move
        assert me is not None
        seen = deal.observation(me)
        found = evaluate(seen, rng=random.Random(seed), wide_worlds=3, wide_nodes=nodes)
        assert not found.exact and found.player == me
        assert found.simulations == 3 * len(seen.legal_actions())
        sampler = random.Random(seed)
        worlds = [seen.determinize(sampler) for _ in range(3)]
        weights = side_weights(team_of, me)
        for item in found.values:
            children = []
            for world in worlds:
                child = world.clone()
                child.apply(item.action)
                children.append(child)
            assert item.samples == 3
            assert item.value == sum(brute(c, weights) for c in children) / 3


@pytest.mark.parametrize(("n", "teams"), TABLES)
def test_the_end_phase_move_is_the_one_most_worlds_choose(
    n: int, teams: tuple[tuple[int, ...], ...] | None
) -> None:
    """SearchBot's end-phase move at more seats: `horizon.choose` in each of ``wide_worlds``
    sampled worlds on its share of ``wide_nodes`` (half of an equal share: `choose` may
    search twice its budget), the most chosen move played (the earliest on a tie)."""
    rules = seated(n, teams=teams)
    rng = random.Random(n)
    for seed in range(2):
        deal = random_end_phase(rules, rng, 5)
        seen = _mover(deal)
        bot = SearchBot(seed=seed, wide_worlds=5, wide_nodes=4_000)
        sampler = random.Random(seed)
        votes = Counter(choose(seen.determinize(sampler), max_nodes=400).action
                        for _ in range(5))
        top = max(votes.values())
        assert votes[bot.choose(seen)] == top


def test_bad_budgets_of_more_seats_raise_value_error() -> None:
    with pytest.raises(ValueError, match="SearchBot: wide_worlds must be at least 2"):
        SearchBot(wide_worlds=1)
    with pytest.raises(ValueError, match="SearchBot: wide_nodes must be at least 1"):
        SearchBot(wide_nodes=0)
    seen = Deal.new(seated(3), seed=1).observation(1)
    with pytest.raises(ValueError, match="evaluate: wide_worlds must be at least 2"):
        evaluate(seen, rng=random.Random(0), wide_worlds=1)


# ------------------------------------------------------------------------------ play


@pytest.mark.parametrize(("n", "teams"), TABLES)
def test_search_bot_plays_whole_deals_at_more_seats(
    n: int, teams: tuple[tuple[int, ...], ...] | None
) -> None:
    """SearchBot in seats 0 and 2 (partners in a partnership), RandomBot elsewhere: every
    choice legal, searched in the stock phase, the window and the end phase; the same seeds
    give the same deal."""
    rules = seated(n, teams=teams)
    deals = []
    for _ in range(2):
        bots: list[Bot] = [Checked(small(p)) if p % 2 == 0 else
                           RandomBot(seed=p) for p in range(n)]
        deals.append(play_deal(rules, bots, seed=n, dealer=1))
        searched = [b.searched for b in bots if isinstance(b, Checked)]
        assert all(s["stock"] > 0 for s in searched)
        assert sum(s["window"] for s in searched) > 0 and sum(s["end"] for s in searched) > 0
    assert deals[0].is_over and deals[0].actions == deals[1].actions


def test_advise_at_more_seats() -> None:
    """`advise`: in the end phase `evaluate`'s best on its own budget (sampled worlds, not
    exact); in the stock phase a legal action valued by playouts."""
    rules = seated(3)
    deal = random_end_phase(rules, random.Random(5), 3)
    seen = _mover(deal)
    hint = advise(seen, rng=random.Random(1))
    found = evaluate(seen, rng=random.Random(1))
    assert not hint.exact and hint.action == found.best and hint.value == found.value
    assert hint.simulations == found.simulations > 0
    stock = Deal.new(seated(4, teams=PARTNERS), seed=2, dealer=3)
    seen = _mover(stock)
    hint = advise(seen, rng=random.Random(2), simulations=8)
    assert hint.action in seen.legal_actions() and not hint.exact and hint.value is not None


def test_analyse_at_more_seats() -> None:
    """`analyse` of a short three-seat deal: a summary for each seat, end-phase decisions
    valued in sampled worlds (not exact), losses at least 0; the text report has a column a
    seat."""
    deal = Deal.from_position(seated(3), hands=["AS 7H 9C", "KS 8H 9C", "10S 9H 8C"],
                              stock="7S 7D 7C 8D 8S", turn_up="AC", trump="S", dealer=2,
                              leader=0, reachable=False)
    rng = random.Random(0)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    analysis = analyse(deal, simulations=4)
    assert analysis.seats == 3 and len(analysis.players) == 3
    assert [p.to_dict()["player"] for p in analysis.players] == ["P0", "P1", "P2"]
    chosen = [d for d in analysis.decisions if not d.forced]
    assert chosen and all(d.loss >= 0 and not d.exact for d in chosen)
    assert sum(p.decisions + p.forced for p in analysis.players) == len(analysis.decisions)
    text = format_analysis(analysis)
    assert "summary                         P0      P1      P2" in text
    assert "scores at the end P0 " in text and all(len(line) <= 100 for line in text.splitlines())


# ------------------------------------------------------------------------------ two seats


PINNED = [
    # profile, deal seed, where, SearchBot(seed, 20 playouts).choose, evaluate's best and
    # value (4 playouts an action, 4 worlds in the window), advise's action and value: the
    # choices of main (b4d474e) before stage H, PlannerBot playing up to each position (the
    # search valuing the deal's points, SearchBot's default objective then)
    ("bezique", 1, "stock", "play 9H", "play 10S", 12.5, "play 10S", 45.0),
    ("bezique", 1, "window", "play KC", "play KS", 260.0, "play KC", 272.5),
    ("bezique", 1, "end", "play QS", "play QS", -250.0, "play QS", -250.0),
    ("bezique", 2, "stock", "play QC", "play QC", 230.0, "play JD", 130.0),
    ("bezique", 2, "window", "play KH", "play KH", 185.0, "play JD", 183.75),
    ("bezique", 2, "end", "play 10C", "play 10C", 110.0, "play 10C", 110.0),
    ("rubicon", 1, "stock", "play KD", "play KD", -122.5, "play AH", -130.0),
    ("rubicon", 1, "window", "play QDa", "play QDa", -135.0, "play QDa", -132.5),
    ("rubicon", 1, "end", "play KD", "play AS", 50.0, "play KD", 50.0),
    ("rubicon", 2, "stock", "play 9C", "play KS", -160.0, "play 10D", -60.0),
    ("rubicon", 2, "window", "play 9C", "play JH", -865.0, "play 9C", -860.0),
    ("rubicon", 2, "end", "play JH", "play JH", -860.0, "play JH", -860.0),
    ("five-hundred", 1, "stock", "play 9S", "play 9S", 11.0, "play 9S", 31.0),
    ("five-hundred", 1, "window", "play 9H", "play 9C", -41.25, "play 9H", -44.188),
    ("five-hundred", 1, "end", "play 10C", "play 10C", 5.0, "call out", 5.0),
    ("five-hundred", 2, "stock", "play 9S", "play 9S", 22.5, "play 9S", 46.0),
    ("five-hundred", 2, "window", "play 7D", "play 7D", -3.5, "play 7D", 5.875),
    ("five-hundred", 2, "end", "play 9C", "play 9C", -7.0, "call out", 3.0),
    ("pinochle", 1, "stock", "play 9C", "play JS", -24.0, "play AH", 6.0),
    ("pinochle", 1, "window", "play JH", "play JH", -79.0, "play AS", -85.75),
    ("pinochle", 1, "end", "play QH", "play QS", -18.0, "play QH", -18.0),
    ("pinochle", 2, "stock", "play 9S", "play 9S", 112.5, "play KD", 163.0),
    ("pinochle", 2, "window", "play QS", "play 10D", 62.0, "play QDa", 47.125),
    ("pinochle", 2, "end", "play KC", "play KC", -70.0, "play KC", -70.0),
]


def _position(name: str, seed: int, where: str) -> Observation:
    """The first decision with a choice, PlannerBot playing both seats up to it: with at most
    40 cards in the stock (30 in pinochle), with at most 4, or in the end phase with at most 6
    cards in hand."""
    import bezique
    from bezique.bots.planner import PlannerBot

    deal = bezique.Deal.new(bezique.load_profile(name), seed=seed, dealer=seed % 2)
    stock = {"stock": 30 if name == "pinochle" else 40, "window": 4}.get(where)
    while True:
        seen = _mover(deal)
        if len(seen.legal_actions()) > 1 and (
            (stock is not None and not deal.in_end_phase and deal.stock_size <= stock)
            or (stock is None and deal.in_end_phase and len(seen.hand) <= 6)
        ):
            return seen
        deal.apply(PlannerBot().choose(seen))


@pytest.mark.parametrize("row", PINNED, ids=lambda row: "-".join(map(str, row[:3])))
def test_two_seat_choices_and_values_are_those_of_main(
    row: tuple[str, int, str, str, str, float, str, float | None]
) -> None:
    name, seed, where, choice, best, best_value, hint, hint_value = row
    seen = _position(name, seed, where)
    bot = SearchBot(seed=seed, simulations=20, objective="points")
    assert str(bot.choose(seen)) == choice
    found = evaluate(seen, rng=random.Random(seed), simulations=4 * len(seen.legal_actions()),
                     exact_worlds=4)
    assert (str(found.best), round(found.value, 3)) == (best, best_value)
    advice = advise(seen, rng=random.Random(seed), simulations=20)
    assert str(advice.action) == hint
    assert (None if advice.value is None else round(advice.value, 3)) == hint_value
