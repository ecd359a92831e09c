"""Bots: they see only an observation, pick only legal actions, and GreedyBot plays sensibly."""

from __future__ import annotations

import pytest

import bezique
from bezique.actions import Action, DixExchange, Meld, Play
from bezique.bots import GreedyBot, RandomBot, make_bot, play_deal, play_game
from bezique.cards import card_name, parse_card
from bezique.lab.simulation import simulate, wilson
from bezique.observation import Observation

FAST_PROFILES = ["bezique", "besigue", "bezique-first-marriage", "five-hundred", "pinochle",
                 "rubicon"]


class Checked:
    """Wraps a bot: asserts it is handed an observation and answers with a legal action."""

    def __init__(self, bot: GreedyBot | RandomBot) -> None:
        self.bot = bot
        self.calls = 0

    def choose(self, observation: Observation) -> Action:
        assert isinstance(observation, Observation)
        action = self.bot.choose(observation)
        assert action in observation.legal_actions()
        self.calls += 1
        return action


@pytest.mark.parametrize("profile", FAST_PROFILES)
def test_bots_see_an_observation_and_choose_only_legal_actions(profile: str) -> None:
    rules = bezique.load_profile(profile)
    bots = (Checked(GreedyBot()), Checked(RandomBot(seed=5)))
    deal = play_deal(rules, bots, seed=11)
    assert deal.is_over
    assert bots[0].calls > 0 and bots[1].calls > 0


def test_random_bot_replays_the_same_deal_from_its_seed() -> None:
    rules = bezique.load_profile("bezique")
    first = play_deal(rules, (RandomBot(3), RandomBot(4)), seed=9)
    again = play_deal(rules, (RandomBot(3), RandomBot(4)), seed=9)
    assert first.events == again.events


def test_greedy_bot_wins_most_bezique_games_against_random() -> None:
    """The acceptance figure is >= 70% over 1,000 games; here a looser bound on 40 games."""
    summary = simulate(bezique.load_profile("bezique"), units=40, bots=("greedy", "random"),
                       seed=123, games=True)
    wins = summary.tally.wins[0]
    low, _ = wilson(wins, summary.tally.units)
    assert low > 0.6, (wins, summary.tally.units)


def test_play_game_ends_with_a_result() -> None:
    game = play_game(bezique.load_profile("bezique"), (GreedyBot(), GreedyBot()), seed=2)
    assert game.is_over and game.result is not None
    assert max(game.totals) >= bezique.load_profile("bezique").game.target


def test_make_bot_rejects_unknown_names() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bot("clever", 0)


def _won_trick(hands: tuple[str, str], lead: str, follow: str, stock: str) -> bezique.Deal:
    """A bezique deal where player 1 leads ``lead`` and player 0 wins it with ``follow``."""
    deal = bezique.Deal.from_position(bezique.load_profile("bezique"), hands=list(hands),
                                      stock=stock, dealer=0)
    deal.apply(f"play {lead}")
    deal.apply(f"play {follow}")
    assert deal.phase == "declare" and deal.to_move == 0
    return deal


def test_greedy_declares_the_best_scoring_meld() -> None:
    deal = _won_trick(("AS AH AD AC QS JD KD 10C", "7C 8S 9S 9D 8D 7S 9C 8H"),
                      "7C", "10C", "10D KS JS 7H")
    offered = {a.name for a in deal.legal_actions() if isinstance(a, Meld)}
    assert {"four_aces", "bezique"} <= offered
    action = GreedyBot().choose(deal.observation(0))
    assert isinstance(action, Meld) and action.name == "four_aces"


def test_greedy_exchanges_the_dix_for_a_better_turn_up() -> None:
    deal = _won_trick(("AC 7H 8S 9S 8D 9D 8C 9C", "7C JS JC KC QC JH 10S 10D"),
                      "7C", "AC", "KS QS JD AH")
    assert deal.trump == 1
    assert GreedyBot().choose(deal.observation(0)) == DixExchange(parse_card("7H"))


def test_greedy_leads_a_low_card_and_keeps_meld_material_in_the_stock_phase() -> None:
    deal = bezique.Deal.from_position(
        bezique.load_profile("bezique"),
        hands=["7S 8S 9C 10D AH 8D 7C 9H", "QS JD KH QH 7C 8D 9S AS"],
        stock="JS JC 9D 8C 7H", dealer=0)
    assert deal.to_move == 1 and deal.trump == 1
    action = GreedyBot().choose(deal.observation(1))
    assert isinstance(action, Play)
    assert card_name(action.card) in ("7C", "8D", "9S")


def test_greedy_throws_a_low_card_rather_than_meld_material_when_losing() -> None:
    deal = bezique.Deal.from_position(
        bezique.load_profile("bezique"),
        hands=["QS JD KS 8D 9D 7S 8S 9S", "AC 7C 8C 9C JC QC KH 8H"],
        stock="JS JC 9H 10C 7H", dealer=0)
    deal.apply("play AC")
    action = GreedyBot().choose(deal.observation(0))
    assert isinstance(action, Play)
    assert card_name(action.card) in ("8D", "9D", "7S", "8S", "9S")


def test_greedy_heads_an_end_phase_trick_with_a_brisque() -> None:
    deal = bezique.Deal.from_position(
        bezique.load_profile("bezique"), hands=["AS KS 9H", "9S 7H 8D"], stock="",
        trump="H", dealer=0)
    assert deal.in_end_phase and deal.to_move == 1
    deal.apply("play 9S")
    assert GreedyBot().choose(deal.observation(0)) == Play(parse_card("AS"))


def test_greedy_leads_an_unbeatable_card_in_the_end_phase() -> None:
    deal = bezique.Deal.from_position(
        bezique.load_profile("bezique"), hands=["7S 8D 9H", "AS 8S 10D"], stock="",
        trump="H", dealer=0)
    assert deal.to_move == 1
    assert GreedyBot().choose(deal.observation(1)) == Play(parse_card("AS"))
