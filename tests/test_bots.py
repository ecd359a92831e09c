"""Bots: they see only an observation, pick only legal actions, and GreedyBot plays sensibly."""

from __future__ import annotations

import pytest
from jokers import JOKER_PROFILES, quartet_position

import bezique
from bezique.actions import Action, DixExchange, Meld, Play
from bezique.bots import GreedyBot, PlannerBot, RandomBot, make_bot, play_deal, play_game
from bezique.bots.greedy import Turn
from bezique.cards import card_name, parse_card
from bezique.lab.simulation import simulate, wilson
from bezique.observation import Observation

FAST_PROFILES = ["bezique", "besigue", "bezique-first-marriage", "five-hundred", "pinochle",
                 "rubicon"]


class Checked:
    """Wraps a bot: asserts it is handed an observation and answers with a legal action."""

    def __init__(self, bot: GreedyBot | PlannerBot | RandomBot) -> None:
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
        stock="JS JC 9D 8C 7H", dealer=0, reachable=False)
    assert deal.to_move == 1 and deal.trump == 1
    action = GreedyBot().choose(deal.observation(1))
    assert isinstance(action, Play)
    assert card_name(action.card) in ("7C", "8D", "9S")


def test_greedy_throws_a_low_card_rather_than_meld_material_when_losing() -> None:
    deal = bezique.Deal.from_position(
        bezique.load_profile("bezique"),
        hands=["QS JD KS 8D 9D 7S 8S 9S", "AC 7C 8C 9C JC QC KH 8H"],
        stock="JS JC 9H 10C 7H", dealer=0, reachable=False)
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


@pytest.mark.parametrize("name", JOKER_PROFILES)
def test_greedy_and_planner_play_joker_deals_to_the_end(name: str) -> None:
    """Joker Bésigue at two and four seats (alone, in pairs): GreedyBot and PlannerBot, each
    handed observations and answering legal actions, play whole deals."""
    rules = bezique.load_profile(name)
    for seed in range(3):
        bots = [Checked(PlannerBot() if p % 2 else GreedyBot()) for p in range(rules.players)]
        deal = play_deal(rules, bots, seed=seed)
        assert deal.is_over and all(b.calls for b in bots)


def _joker_lead(hand: str) -> Observation:
    """P0 to lead in the stock phase of a joker deal, hearts trumps, holding ``hand``."""
    deal = bezique.Deal.from_position(
        bezique.load_profile("joker"), hands=[hand, "7S 8S 9S 7C 8C 9C 7D 9D 8D"],
        stock="7H 7H 8H 8H AC AC KC KC", trump="hearts", dealer=1, leader=0)
    return deal.observation(0)


def test_greedy_values_a_joker_as_the_card_that_completes_a_quartet() -> None:
    """JB-03 (source: PH, FRW, BC-R §4.2, HB, CPU, M4): holding K♠ K♥ K♣ and a joker, the
    joker is worth as much to GreedyBot as a king (either completes four kings) and more than
    any card outside a meld; it is not the card led, as a joker was when it counted for
    nothing. With no king to complete, a lone joker is still worth more than a seven."""
    seen = _joker_lead("KS KH KC JK QD QC JS 10D JD")
    turn = Turn(seen)
    keep = {card_name(c): turn.keep(c) for c in seen.hand}
    assert keep["JK"] >= keep["KS"] and keep["JK"] > max(keep["10D"], keep["JS"], keep["QD"])
    assert GreedyBot().choose(seen) != Play(parse_card("JK"))
    alone = Turn(_joker_lead("JK 7S 8D 9C 7D 8S 9D 8C 10D"))
    assert alone.keep(parse_card("JK")) > alone.keep(parse_card("7S")) == 0


def test_greedy_declares_four_jacks_with_a_joker() -> None:
    """JB-03: four jacks completed by a joker (+40) are declared before a plain marriage."""
    deal = quartet_position("joker")
    assert GreedyBot().choose(deal.observation(0)) == Meld("four_jacks", ("JS", "JH", "JC", "JK"))


def test_greedy_knows_a_led_joker_is_beaten_by_any_trump_in_the_end_phase() -> None:
    """JB-05 and JB-06 (c) (source: BC-R §2.4, §6.1, HB, CPU, M4): in the end phase a led joker
    wins unless the follower trumps; the follower's own joker follows nothing. GreedyBot leads
    its joker only when the follower holds no trump."""
    rules = bezique.load_profile("joker")
    trumped = bezique.Deal.from_position(rules, hands=["JK 9D 8C", "JKb 7H 10C"], trump="H",
                                         leader=0)
    safe = bezique.Deal.from_position(rules, hands=["JK 9D 8C", "JKb 10D 10C"], trump="H",
                                      leader=0)
    assert trumped.in_end_phase and trumped.to_move == 0
    joker = Play(parse_card("JK"))
    assert Turn(trumped.observation(0)).value(joker) < 100 <= Turn(safe.observation(0)).value(
        joker)
    assert GreedyBot().choose(safe.observation(0)) == joker
