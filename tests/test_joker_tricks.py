"""Issue 35: jokers as cards and in tricks (docs/rules.md#joker, #cards-jokers).

The notation (``JK``, ``JKb`` …), a joker's place in tricks (JB-05: a led joker wins unless a
trump is played to the trick, a joker played after the lead never wins), the end phase with
jokers (JB-06: a joker never follows suit; after a led joker, trump if able; a joker only when
void in the suit led and in trumps, or ``jokers.endgame_play = "last_resort"``), and the joker
invariants J1 to J9 over random deals of the three joker profiles, each shown able to fail.
"""

from __future__ import annotations

import random

import pytest
from attrs import evolve

import bezique
from bezique import Deal, IllegalAction
from bezique.cards import CARDS, JOKER, JOKER_BITS, Card, card_name, is_joker, parse_card
from bezique.check.failure import InvariantError
from bezique.check.invariants_jokers import (
    check_joker_deal,
    check_jokers,
    dix,
    end_phase,
    fresh,
    joker_melds,
    pack,
    tricks,
    trumps,
)
from bezique.errors import NotationError
from bezique.events import Event
from bezique.rules import Rules
from bezique.tricks import trick_winner

PROFILES = ("joker", "joker-four", "joker-partnership")


def plays(deal: Deal) -> set[str]:
    return {str(a) for a in deal.legal_actions()}


def last_resort(rules: Rules) -> Rules:
    return evolve(rules, jokers=evolve(rules.jokers, endgame_play="last_resort"))


# ---------------------------------------------------------------- the card


def test_joker_notation_round_trips() -> None:
    """A joker prints as ``JK``, its copies as ``JKb``, ``JKc``, ``JKd``; each parses back."""
    jokers = [Card.joker(copy) for copy in range(4)]
    assert [str(c) for c in jokers] == ["JK", "JKb", "JKc", "JKd"]
    assert [Card(str(c)) for c in jokers] == jokers
    assert [parse_card(name) for name in ("JK", "jk", "JKa", "JKd")] == [
        JOKER, JOKER, JOKER, JOKER + 3]
    assert format(jokers[1], "a") == "JKb" and format(jokers[0], "a") == "JKa"
    assert card_name(JOKER + 2, copies=True, symbols=True) == "JKc"


def test_joker_has_no_rank_no_suit_and_is_no_brisque() -> None:
    """A joker has no suit and no rank order (docs/rules.md#joker) and is no brisque."""
    joker = Card("JK")
    assert joker.is_joker and is_joker(joker) and joker.rank is None and joker.suit is None
    assert not Card("AS").is_joker and Card("AS").rank is not None
    rules = bezique.load_profile("joker")
    from bezique.compile import compile_rules
    c = compile_rules(rules)
    assert not c.brisque_bits >> JOKER & 1 and c.pack_size == 132
    assert sum(map(is_joker, c.pack_cards)) == 4


def test_joker_ints_outside_the_pack_are_refused() -> None:
    with pytest.raises(ValueError, match="no physical card 300"):
        Card(300)
    with pytest.raises(NotationError):
        Card("JKi")
    assert CARDS[JOKER] == Card("JK")


# ---------------------------------------------------------------- JB-05: jokers in tricks


def stock_trick(rules: Rules, hands: list[str], trump: str | None, *cards: str) -> Deal:
    deal = Deal.from_position(rules, hands=hands, stock="8D 8S 8H 8C 10S 10H 10D 10C",
                              trump=trump, dealer=len(hands) - 1, leader=0, reachable=False)
    for card in cards:
        deal.apply(f"play {card}")
    return deal


def winner(deal: Deal) -> int | None:
    return [e for e in deal.events if e.kind == "trick"][-1].player


def test_jb05_a_led_joker_loses_to_a_trump() -> None:
    """JB-05 (BC-R §2.4, HB, CPU, M4; code only, all agree): joker-four, trumps ♣; P0 leads a
    joker, P1 A♥, P2 7♣, P3 K♥: P2 wins with the only trump and scores 10 for the 7♣."""
    rules = bezique.load_profile("joker-four")
    deal = stock_trick(rules, ["JK 9D", "AH 9D", "7C 9D", "KH 9D"], "C",
                       "JK", "AH", "7C", "KH")
    assert winner(deal) == 2 and deal.scores == (0, 0, 10, 0)


def test_jb05_a_led_joker_wins_without_a_trump() -> None:
    """JB-05: the same with 8♥ from P2: P0 wins with the joker."""
    deal = stock_trick(bezique.load_profile("joker-four"), ["JK 9D", "AH 9D", "8H 9D", "KH 9D"],
                       "C", "JK", "AH", "8H", "KH")
    assert winner(deal) == 0


def test_jb05_a_joker_played_after_the_lead_never_wins() -> None:
    """JB-05: P1 leads K♥, P2 a joker, P3 9♥, P0 A♥: P0 wins; the joker cannot."""
    deal = Deal.from_position(bezique.load_profile("joker-four"),
                              hands=["AH 9D", "KH 9D", "JK 9D", "9H 9D"],
                              stock="8D 8S 8H 8C 10S 10H 10D 10C", trump="C", dealer=0,
                              leader=1, reachable=False)
    for card in ("KH", "JK", "9H", "AH"):
        deal.apply(f"play {card}")
    assert winner(deal) == 0


def test_jb05_before_trumps_the_first_led_joker_wins() -> None:
    """JB-05: before trumps are fixed, P0 leads joker 1, P1 A♠, P2 10♠, P3 joker 2: P0 wins (a
    led joker always wins before trumps, CPU; of two jokers the first played)."""
    deal = stock_trick(bezique.load_profile("joker-four"), ["JK 9D", "AS 9D", "10S 9D", "JKb 9D"],
                       None, "JK", "AS", "10S", "JKb")
    assert winner(deal) == 0


def test_a_joker_follows_no_suit_in_the_stock_phase_either() -> None:
    """Free play in the stock phase (BC-R, CPU): any card may be played to a led joker."""
    deal = stock_trick(bezique.load_profile("joker"), ["JK 9D", "AH 7C"], "C", "JK")
    assert plays(deal) == {"play AH", "play 7C"}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_trick_winner_with_jokers_against_the_rule(n: int) -> None:
    """`trick_winner` with jokers against a direct reading of docs/rules.md#joker: the highest
    trump; else a led joker (the first of them); else the highest card of the suit led."""
    rng = random.Random(n)
    cards = [*range(256), *range(JOKER, JOKER + 4)]
    for _ in range(3000):
        trick = rng.sample(cards, n)
        trump = rng.randrange(-1, 4)

        def strength(i: int, trick: list[int] = trick, trump: int = trump) -> tuple[int, ...]:
            card = trick[i]
            if is_joker(card):
                return (1 if i == 0 else 0, 0, -i)
            suit = card >> 6
            lead_suit = -1 if is_joker(trick[0]) else trick[0] >> 6
            level = 2 if suit == trump else 1 if suit == lead_suit else 0
            return (level, -(card >> 3 & 7), -i)

        assert trick_winner(trick, trump) == max(range(n), key=strength)


# ---------------------------------------------------------------- JB-06: the end phase


def end_trick(rules: Rules, hands: list[str], trump: str, leader: int, *cards: str) -> Deal:
    deal = Deal.from_position(rules, hands=hands, trump=trump,
                              dealer=(leader - 1) % len(hands), leader=leader, reachable=False)
    for card in cards:
        deal.apply(f"play {card}")
    return deal


def test_jb06a_a_joker_never_follows_suit() -> None:
    """JB-06 (a) (BC-R §6.1, BC, CPU): joker-four, trumps ♠, end phase; P0 leads 9♦, P1 holds
    8♦, a joker and A♠: 8♦ only."""
    deal = end_trick(bezique.load_profile("joker-four"),
                     ["9D 9C", "8D JK AS", "KC 9H", "9H 9C"], "S", 0, "9D")
    assert plays(deal) == {"play 8D"}
    with pytest.raises(IllegalAction, match="must follow suit: diamonds in hand"):
        deal.apply("play JK")


def test_jb06b_a_joker_when_void_in_the_suit_and_in_trumps() -> None:
    """JB-06 (b) (BC, CPU; HB the option): P0 leads 9♦, P1 8♦; P2 holds neither diamond nor
    spade, K♣ and a joker: either card; K♣ only with ``jokers.endgame_play = "last_resort"``."""
    rules = bezique.load_profile("joker-four")
    hands = ["9D 9C", "8D 9H", "KC JK", "9H 9C"]
    deal = end_trick(rules, hands, "S", 0, "9D", "8D")
    assert plays(deal) == {"play KC", "play JK"}
    deal = end_trick(last_resort(rules), hands, "S", 0, "9D", "8D")
    assert plays(deal) == {"play KC"}
    before = deal.clone()
    with pytest.raises(IllegalAction, match=r"jokers\.endgame_play"):
        deal.apply("play JK")
    assert deal.events == before.events


def test_jb06c_after_a_led_joker_trump_if_able() -> None:
    """JB-06 (c) (BC, CPU, HB): P0 leads a joker; P1 holds 7♠ and A♥: 7♠ only."""
    deal = end_trick(bezique.load_profile("joker-four"),
                     ["JK 9C", "7S AH", "KC 9H", "9H 9C"], "S", 0, "JK")
    assert plays(deal) == {"play 7S"}
    with pytest.raises(IllegalAction, match="must trump: spades in hand"):
        deal.apply("play AH")


def test_jb06c_after_a_led_joker_any_card_without_trumps() -> None:
    """After a led joker a seat with no trump may play any card, a joker included."""
    deal = end_trick(bezique.load_profile("joker"), ["JK 9C", "JKb AH"], "S", 0, "JK")
    assert plays(deal) == {"play JK", "play AH"}  # JKb, named as the only joker left


def test_jb06d_must_overtrump_and_any_trump() -> None:
    """JB-06 (d) (BC-R §6.1, CPU; M4, HB the option): P0 leads K♥; P1, void in hearts, trumps
    with 10♠; P2, void in hearts, holds A♠ and 7♠: A♠ only; either trump with
    ``endgame.trump_when_void = "any_trump"``."""
    rules = bezique.load_profile("joker-four")
    hands = ["KH 9C", "10S 9C", "AS 7S", "9H 9C"]
    deal = end_trick(rules, hands, "S", 0, "KH", "10S")
    assert plays(deal) == {"play AS"}
    anyone = evolve(rules, endgame=evolve(rules.endgame, trump_when_void="any_trump"))
    deal = end_trick(anyone, hands, "S", 0, "KH", "10S")
    assert plays(deal) == {"play AS", "play 7S"}


def test_last_resort_leads_a_joker_only_from_a_hand_of_jokers() -> None:
    """DJ14 (HB): under ``last_resort`` a joker is not led in the end phase while the hand
    holds another card; from a hand of jokers alone it is."""
    rules = last_resort(bezique.load_profile("joker"))
    deal = end_trick(rules, ["JK 9C", "9H 9D"], "S", 0)
    assert plays(deal) == {"play 9C"}
    with pytest.raises(IllegalAction, match=r"jokers\.endgame_play"):
        deal.apply("play JK")
    deal = end_trick(rules, ["JK JKb", "9H 9D"], "S", 0)
    assert plays(deal) == {"play JK"}


# ---------------------------------------------------------------- J1 to J9 over random deals


def random_deal(rules: Rules, seed: int, *, declare: bool = True) -> Deal:
    """A deal played to its end by seeded random choices, declaring whenever it may."""
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
    while not deal.is_over:
        actions = deal.legal_actions()
        melds = [a for a in actions if str(a).startswith(("meld", "announce"))]
        deal.apply(rng.choice(melds if declare and melds else actions))
        check_jokers(deal)
    return deal


@pytest.mark.parametrize("profile", PROFILES)
def test_joker_invariants_hold_over_random_deals(profile: str) -> None:
    """J1 to J9 after every ply of 12 random deals of each joker profile, declaring whenever
    possible (so that quartets with jokers are tabled), and a joker seen in a meld."""
    rules = bezique.load_profile(profile)
    jokers_melded = 0
    for seed in range(12):
        deal = random_deal(rules, seed)
        check_joker_deal(deal)
        jokers_melded += sum(1 for e in deal.events if e.kind == "meld"
                             for c in e.cards if c.is_joker)
    assert jokers_melded


@pytest.mark.parametrize("profile", PROFILES)
def test_j2_the_arithmetic_of_the_joker_profiles(profile: str) -> None:
    """J2 / JB-09: 114 stock cards, 57 + 9 = 66 tricks at two seats; 96, 24 + 9 = 33 at four."""
    rules = bezique.load_profile(profile)
    deal = random_deal(rules, 5, declare=False)
    stock = len(deal.origin.stock) + (deal.origin.turn_up is not None)
    tricks_played = sum(e.kind == "trick" for e in deal.events)
    assert (stock, tricks_played) == ((114, 66) if rules.players == 2 else (96, 33))


def test_j9_last_resort_holds_over_random_deals() -> None:
    """J9 under ``jokers.endgame_play = "last_resort"`` (the check runs after every ply)."""
    rules = last_resort(bezique.load_profile("joker-four"))
    for seed in range(6):
        check_joker_deal(random_deal(rules, seed))


# ---------------------------------------------------------------- each check can fail


def planted(deal: Deal, *events: Event) -> Deal:
    """A copy of ``deal`` whose history ends with ``events`` (a fault no engine should make)."""
    copy = deal.clone()
    copy._events.extend(events)  # planting a fault on purpose
    return copy


def joker_deal() -> Deal:
    return random_deal(bezique.load_profile("joker"), 1)


def test_j4_catches_a_following_joker_that_wins() -> None:
    deal = end_trick(bezique.load_profile("joker"), ["KH 9C", "JK 9D"], "S", 0)
    bad = planted(deal, Event("play", 0, (Card("KH"),)), Event("play", 1, (Card("JK"),)),
                  Event("trick", 1, (Card("KH"), Card("JK"))))
    with pytest.raises(InvariantError, match="J4"):
        tricks(bad)
    bad = planted(deal, Event("play", 0, (Card("JK"),)), Event("play", 1, (Card("7S"),)),
                  Event("trick", 0, (Card("JK"), Card("7S"))))
    with pytest.raises(InvariantError, match="J4"):
        tricks(bad)


def test_j5_catches_a_joker_outside_the_quartets_and_twice_in_one_class() -> None:
    deal = joker_deal()
    bezique_meld = Event("meld", 0, (Card("QS"), Card("JK")), reason="bezique")
    with pytest.raises(InvariantError, match="J5"):
        joker_melds(planted(deal, bezique_meld))
    jacks = Event("meld", 0, (Card("JS"), Card("JH"), Card("JC"), Card("JKd")),
                  reason="four_jacks")
    with pytest.raises(InvariantError, match="J5"):
        joker_melds(planted(deal, jacks, jacks))
    two = Event("meld", 0, (Card("JS"), Card("JH"), Card("JKc"), Card("JKd")),
                reason="four_jacks")
    with pytest.raises(InvariantError, match="J5"):
        joker_melds(planted(deal, two))


def test_j3_j6_j8_and_j1_catch_their_faults() -> None:
    deal = Deal.new(bezique.load_profile("joker"), seed=3)
    with pytest.raises(InvariantError, match="J3"):
        trumps(planted(deal, Event("meld", 0, (Card("KS"), Card("KSb"), Card("KSc"),
                                               Card("KSd")), reason="four_kings")))
    with pytest.raises(InvariantError, match="J8"):
        dix(planted(deal, Event("score", 0, (Card("7S"),), 10, "dix")))
    hand = list(deal.hand(deal.to_move or 0))
    meld = Event("meld", 0, tuple(hand[:2]), reason="marriage")
    with pytest.raises(InvariantError, match="J6"):
        fresh(planted(deal, meld, meld))
    pack(deal)
    lost = deal.clone()  # every joker lost on purpose
    for p in range(2):
        lost._hand[p] &= ~JOKER_BITS
    lost._stock[:] = [c for c in lost._stock if not is_joker(c)]
    with pytest.raises(InvariantError, match="J1"):
        pack(lost)


def test_j9_catches_a_joker_offered_against_the_duty(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = end_trick(bezique.load_profile("joker-four"),
                     ["9D 9C", "8D JK AS", "KC 9H", "9H 9C"], "S", 0, "9D")
    end_phase(deal)
    from bezique.actions import Play
    monkeypatch.setattr(Deal, "legal_actions", lambda self: [Play(JOKER)])
    with pytest.raises(InvariantError, match="J9"):
        end_phase(deal)


def test_j9_relieves_a_seat_only_while_its_partner_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """J9 with ``endgame.beat_partner = false`` (DM7): a seat void in the suit led may throw a
    joker while holding a trump only if its partner wins the trick so far. joker-partnership,
    trumps ♠, P0 leads 9♦: P1 (its partner P3 yet to play) must trump, so a joker offered to
    it breaks J9; after P1's 9♥ P2, whose partner P0 wins, may throw one."""
    rules = bezique.load_profile("joker-partnership")
    rules = evolve(rules, endgame=evolve(rules.endgame, beat_partner=False))
    from bezique.actions import Play
    monkeypatch.setattr(Deal, "legal_actions", lambda self: [Play(JOKER)])
    hands = ["9D 9C", "9H JK AS", "JKb AS", "9H 9C"]
    with pytest.raises(InvariantError, match="J9"):
        end_phase(end_trick(rules, hands, "S", 0, "9D"))
    end_phase(end_trick(rules, ["9D 9C", "9H KH", "JKb AS", "9H 9C"], "S", 0, "9D", "9H"))
