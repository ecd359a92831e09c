"""Issue 34, stage C: play at three and four seats (docs/rules.md#more-seats).

Tricks of N cards (of identical cards the first played wins), play passing in seat order, the
stock drawn by the winner first and then the others in playing order (the turn-up last), the
end phase's duties at N seats (``endgame.beat``, ``endgame.trump_when_void``,
``endgame.beat_partner``) and the count per seat. Scenarios are the worked examples MP-… of the
project's survey of the sources (docs/rules.md#more-seats), each citing its sources; the random
playouts check the invariants N1 and N3 to N8.

No validated profile has more than two seats yet (the validation gate), so the rules here are
built with ``attrs.evolve``, which validation does not see.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from attrs import evolve
from seated import seated

import bezique
from bezique.cards import card_name
from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.errors import IllegalAction
from bezique.rules.model import Rules
from bezique.tricks import follow_choices, follow_choices_n, trick_winner


def plays(deal: Deal) -> set[str]:
    return {str(a) for a in deal.legal_actions()}


# ---------------------------------------------------------------- tricks of N cards


def test_mp01_identical_aces_the_first_played_wins() -> None:
    """MP-01 (EB9-642, PARLETT; BC-R §2.3, M4 ``Card.canBeat``, CPU at N > 2): P0 leads K♥,
    P1 plays A♥a, P2 A♥b, P3 7♠ (trumps ♣): P1 wins, may declare, then P1, P2, P3, P0 draw in
    that order and P1 leads."""
    rules = seated(4)
    deal = Deal.from_position(
        rules, hands=["KH 9D", "AHa 9D", "AHb 9D", "7S 9D"], stock="8D 8S 8H",
        turn_up="7C", dealer=3, reachable=False)
    for card in ("KH", "AHa", "AHb", "7S"):
        deal.apply(f"play {card}")
    trick = [e for e in deal.events if e.kind == "trick"][-1]
    assert trick.player == 1 and len(trick.cards) == 4
    assert deal.to_move == 1 and deal.phase == "declare"
    deal.apply("draw")
    draws = [(e.player, e.cards) for e in deal.events if e.kind == "draw"]
    assert [p for p, _ in draws] == [1, 2, 3, 0]
    assert str(draws[-1][1][0]) == "7C"  # the turn-up goes to the last to draw
    assert deal.leader == deal.to_move == 1 and deal.stock_size == 0


def test_mp01_a_leading_copy_beats_its_twin() -> None:
    """MP-01, second part: P0 leads A♥a, P1 plays A♥b, P2 8♦, P3 9♠: P0 wins."""
    deal = Deal.from_position(
        seated(4), hands=["AHa 9D", "AHb 9D", "8D 9D", "9S 9D"], stock="8C 8S 8H",
        turn_up="7C", dealer=3, reachable=False)
    for card in ("AHa", "AHb", "8D", "9S"):
        deal.apply(f"play {card}")
    assert [e.player for e in deal.events if e.kind == "trick"] == [0]


@pytest.mark.parametrize("n", [3, 4])
def test_trick_winner_is_the_first_of_the_highest(n: int) -> None:
    """`trick_winner` against a direct reading of the rule (docs/rules.md#more-seats): the
    highest trump, else the highest card of the suit led; of identical cards the first played."""
    rng = random.Random(n)
    for _ in range(2000):
        trick = rng.sample(range(256), n)
        trump = rng.randrange(-1, 4)

        def strength(i: int, trick: list[int] = trick, trump: int = trump) -> tuple[int, ...]:
            card = trick[i]
            suit_rank = 2 if card >> 6 == trump else 1 if card >> 6 == trick[0] >> 6 else 0
            return (suit_rank, -(card >> 3 & 7), -i)

        assert trick_winner(trick, trump) == max(range(n), key=strength)


# ---------------------------------------------------------------- drawing


def test_mp02_draw_order_and_the_turn_up() -> None:
    """MP-02 (BC-R §3.2, M4, CPU; EB9-642, NIE: the trump card is taken up last): with three
    hidden cards and the 10♠ left, P2 wins the 24th trick; P2, P3 and P0 take a hidden card,
    P1, the seat before P2, takes the 10♠; tabled cards go back to the hands and P2 leads."""
    rules = seated(4)
    deal = Deal.from_position(
        rules, hands=["9H 8C", "7H 8C", "AH 8C", "8H 8C"], stock="KD KC KH",
        turn_up="10S", dealer=1, leader=0, reachable=False)
    for card in ("9H", "7H", "AH", "8H"):
        deal.apply(f"play {card}")
    assert deal.to_move == 2
    deal.apply("draw")
    draws = [(e.player, e.cards[0]) for e in deal.events if e.kind == "draw"]
    assert [p for p, _ in draws] == [2, 3, 0, 1]
    assert [str(c) for _, c in draws] == ["KD", "KC", "KH", "10S"]
    assert deal.stock_size == 0 and deal.to_move == deal.leader == 2
    assert [e.kind for e in deal.events][-1] == "end_phase"


def test_mp02_the_seven_exchanged_goes_to_the_last_to_draw() -> None:
    """MP-02: if P2 exchanges 7♠ for the 10♠ (+10, R7), P1 then takes the 7♠ and scores
    nothing for it."""
    deal = Deal.from_position(
        seated(4), hands=["9H 8C", "7H 8C", "AH 7S", "8H 8C"], stock="KD KC KH",
        turn_up="10S", dealer=1, leader=0, reachable=False)
    for card in ("9H", "7H", "AH", "8H"):
        deal.apply(f"play {card}")
    deal.apply("dix exchange")
    assert deal.scores == (0, 0, 10, 0)
    deal.apply("draw")
    last = [e for e in deal.events if e.kind == "draw"][-1]
    assert last.player == 1 and str(last.cards[0]) == "7S"
    assert deal.scores == (0, 0, 10, 0)


# ---------------------------------------------------------------- the end phase


def end_phase(rules: Rules, hands: list[str], trump: str, *played: str) -> Deal:
    """An end-phase deal (no stock) with ``played`` cards already on the trick from P0."""
    deal = Deal.from_position(rules, hands=hands, trump=trump, dealer=len(hands) - 1,
                              leader=0)
    for card in played:
        deal.apply(f"play {card}")
    return deal


def test_mp03_the_third_hand_need_not_trump() -> None:
    """MP-03 (EB9-643: "the third hand, if not able to follow suit, nor to win the trick by
    trumping, may throw away any card he pleases"): trumps ♠; P0 leads K♥, P1 trumps with
    10♠; P2, void in hearts with 7♠ 9♣ 8♦, may play any of them."""
    rules = seated(3, trump_when_void="only_if_winning")
    deal = end_phase(rules, ["KH 8H 8H", "10S 9C 9D", "7S 9C 8D"], "S", "KH", "10S")
    assert plays(deal) == {"play 7S", "play 9C", "play 8D"}
    deal = end_phase(rules, ["KH 8H 8H", "10S 9C 9D", "AS 9C 8D"], "S", "KH", "10S")
    assert plays(deal) == {"play AS"}  # it wins the trick: it must be played
    with pytest.raises(IllegalAction, match="must over-trump: A♠ beats 10♠"):
        deal.apply("play 9C")


@pytest.mark.parametrize("rule", ["must_overtrump", "any_trump"])
def test_mp03_options_must_trump(rule: str) -> None:
    """MP-03 with ``endgame.trump_when_void = "must_overtrump"`` (BC-R §6.1, CPU) or
    ``"any_trump"`` (M4, HB): the 7♠ only, though it cannot win."""
    rules = seated(3, trump_when_void=rule)
    deal = end_phase(rules, ["KH 8H 8H", "10S 9C 9D", "7S 9C 8D"], "S", "KH", "10S")
    assert plays(deal) == {"play 7S"}
    with pytest.raises(IllegalAction, match="must trump: spades in hand"):
        deal.apply("play 9C")


def test_must_overtrump_when_able_and_any_trump_does_not() -> None:
    """DM6: ``must_overtrump`` asks for a trump that beats the winning trump when one is held;
    ``any_trump`` takes any trump."""
    hands = ["KH 8H 8H", "10S 9C 9D", "7S AS 8D"]
    deal = end_phase(seated(3, trump_when_void="must_overtrump"), hands, "S", "KH", "10S")
    assert plays(deal) == {"play AS"}
    deal = end_phase(seated(3, trump_when_void="any_trump"), hands, "S", "KH", "10S")
    assert plays(deal) == {"play AS", "play 7S"}


def test_mp04_beat_means_take_the_lead() -> None:
    """MP-04 (BIC-4H "the highest card previously played", CPU, M4 ``canBeat``; BC code as
    the option): trumps ♠; P0 leads 10♥, P1 trumps with 7♠, P2 holds A♥ and 8♥: either heart
    (neither can take the lead); with ``endgame.beat = "led_card"`` A♥ only."""
    hands = ["10H 9C", "7S 9C", "AH 8H", "9D 9C"]
    deal = end_phase(seated(4), hands, "S", "10H", "7S")
    assert plays(deal) == {"play AH", "play 8H"}
    deal = end_phase(seated(4, beat="led_card"), hands, "S", "10H", "7S")
    assert plays(deal) == {"play AH"}
    with pytest.raises(IllegalAction, match="must head the trick: A♥ beats 10♥"):
        deal.apply("play 8H")


def test_mp05_beat_a_partners_card() -> None:
    """MP-05 (BIC-4H: "even if that card was in his partner's hand"): partners P0 and P2,
    trumps ♣; P0 leads K♦, P1 plays 9♦, P2 holds A♦ and 8♦: A♦ only. With
    ``endgame.beat_partner = false`` (no source; a house-rule hook) either diamond."""
    teams = ((0, 2), (1, 3))
    hands = ["KD 9C", "9D 9C", "AD 8D", "9H 9C"]
    deal = end_phase(seated(4, teams=teams), hands, "C", "KD", "9D")
    assert plays(deal) == {"play AD"}
    deal = end_phase(seated(4, teams=teams, beat_partner=False), hands, "C", "KD", "9D")
    assert plays(deal) == {"play AD", "play 8D"}


def test_no_duty_to_trump_a_partners_winning_trick_when_beat_partner_is_false() -> None:
    """DM7 off: a seat void in the suit led owes nothing while its partner wins the trick."""
    teams = ((0, 2), (1, 3))
    hands = ["AD 9C", "9D 9C", "7C 8H", "9H 9C"]
    deal = end_phase(seated(4, teams=teams, beat_partner=False), hands, "C", "AD", "9D")
    assert plays(deal) == {"play 7C", "play 8H"}
    deal = end_phase(seated(4, teams=teams), hands, "C", "AD", "9D")
    assert plays(deal) == {"play 7C"}


CASES = [(obligation, trump_when_void, beat)
         for obligation in ("follow_and_win", "follow_only", "follow_trump_beat_trump_lead")
         for trump_when_void in ("only_if_winning", "must_overtrump", "any_trump")
         for beat in ("current_winner", "led_card")]


@pytest.mark.parametrize(("obligation", "trump_when_void", "beat"), CASES)
def test_every_value_plays_as_two_seats_at_two_seats(
    obligation: str, trump_when_void: str, beat: str
) -> None:
    """docs/rules.md#more-seats: at two seats every value of these keys plays as before: with
    the lead as the winning card and no partner, `follow_choices_n` is `follow_choices`."""
    rng = random.Random(hash((obligation, trump_when_void, beat)) & 0xFFFF)
    for _ in range(3000):
        hand = sum(1 << x for x in rng.sample(range(256), rng.randrange(1, 9)))
        lead = rng.randrange(256)
        trump = rng.randrange(-1, 4)
        for beat_partner in (True, False):
            assert follow_choices_n(
                hand, lead, lead, False, trump, obligation, beat, trump_when_void, beat_partner,
            ) == follow_choices(hand, lead, trump, obligation)


# ---------------------------------------------------------------- declaring


def test_mp11_only_the_winner_declares() -> None:
    """MP-11 (BC-R §4, HB, CPU, M4; §1.1): trumps ♥; P0 leads 9♣, P1 plays 10♣, P2 plays K♣
    holding four aces: P1 wins and alone may declare; P1, P2, P0 draw in that order; P1
    leads."""
    rules = seated(3)
    deal = Deal.from_position(
        rules, hands=["9C QH KH 8D", "10C QS JD 8D", "KC AS AH AC"], stock="8S 8S",
        turn_up="9H", dealer=2, leader=0, reachable=False)
    for card in ("9C", "10C", "KC"):
        deal.apply(f"play {card}")
    assert deal.to_move == 1 and deal.phase == "declare"
    assert {str(a) for a in deal.legal_actions()} >= {"meld bezique QS JD", "draw"}
    deal.apply("meld bezique QS JD")
    assert deal.scores == (0, 40, 0)
    assert all(not str(a).startswith("meld") for a in deal.legal_actions())
    deal.apply("draw")
    assert [e.player for e in deal.events if e.kind == "draw"] == [1, 2, 0]
    assert deal.to_move == deal.leader == 1


# ---------------------------------------------------------------- random play: N1, N3 to N8


def playouts(rules: Rules, seeds: range) -> Iterator[Deal]:
    """Deals played to the end by random legal actions, with N4's equal holdings checked at
    every stock-phase lead."""
    n = rules.players
    for seed in seeds:
        rng = random.Random(seed)
        deal = Deal.new(rules, seed=seed, dealer=seed % n)
        while not deal.is_over:
            if deal.phase == "lead" and deal.stock_size:
                held = {len(deal.hand(p)) + len(deal.table(p)) for p in range(n)}
                assert len(held) == 1  # N4
            deal.apply(rng.choice(deal.legal_actions()))
        yield deal


PROFILES = [(3, "bezique"), (4, "bezique"), (3, "rubicon"), (4, "pinochle"), (4, "chinese")]


@pytest.mark.parametrize(("n", "profile"), PROFILES)
def test_random_deals_keep_the_invariants(n: int, profile: str) -> None:
    """N1 (every card in a trick at the end), N3 (N cards a trick, played in seat order from
    the leader, the winner leads next), N4 (every seat draws one card after a stock trick, the
    winner first, the turn-up last), N5 (P / N tricks), N6 (trick points 10 a brisque plus
    the last trick), N8 (dix points at most 10 a pack)."""
    rules = seated(n, profile)
    c = compile_rules(rules)
    for deal in playouts(rules, range(12)):
        events = deal.events
        tricks = [e for e in events if e.kind == "trick"]
        assert len(tricks) == c.pack_size // n  # N5
        assert all(len(e.cards) == n for e in tricks)  # N3
        captured = 0
        for p in range(n):
            assert not captured & deal.bits.captured(p)
            captured |= deal.bits.captured(p)
        if rules.tricks.gather == "always":  # N1: every card ends in a trick
            assert captured == sum(1 << x for x in c.pack_cards)
        # N3 and N4 over the events: who plays, who draws
        leader = deal.origin.leader
        seat = leader
        drawn: list[int] = []
        for e in events:
            if e.kind == "play":
                assert e.player == seat
                seat = (seat + 1) % n
            elif e.kind == "trick":
                assert seat == leader and e.player is not None
                leader = seat = e.player
                drawn = []
            elif e.kind == "draw" and e.player is not None:
                drawn.append(e.player)
                if len(drawn) == n:
                    assert drawn == [(leader + k) % n for k in range(n)]
                    if e.reason == "turn_up":
                        assert drawn[-1] == (leader - 1) % n
        points = sum(e.points for e in events if e.kind == "score"
                     and e.reason in ("brisques", "trick_points", "last_trick"))
        if profile in ("bezique", "rubicon", "chinese") and rules.brisques.counted == "always":
            assert points <= 10 * 8 * n + rules.last_trick.value  # N6 (bounds: min_to_score)
        dix = sum(e.points for e in events if e.kind == "score" and e.reason == "dix")
        assert dix <= rules.dix.value * n  # N8


def test_n6_every_brisque_and_the_last_trick_score_in_bezique() -> None:
    """N6 and MP-10 (derived from §1.1, S003, and R4): 250 trick points a deal at three
    seats, 330 at four, where every brisque counts."""
    for n, total in ((3, 250), (4, 330)):
        rules = seated(n)
        for deal in playouts(rules, range(6)):
            points = sum(e.points for e in deal.events if e.kind == "score"
                         and e.reason in ("brisques", "last_trick"))
            assert points == total


@pytest.mark.parametrize("n", [3, 4])
def test_snapshot_clone_and_undo_round_trip_at_more_seats(n: int) -> None:
    """The search seams at more seats: a clone plays as the deal does; `restore` of a
    `snapshot` and `undo` bring back the deal as it was before each action."""
    rules = seated(n)
    rng = random.Random(n)
    deal = Deal.new(rules, seed=5, dealer=1)
    while not deal.is_over:
        before = deal.clone()
        snap = deal.snapshot()
        action = rng.choice(deal.legal_actions())
        deal.apply(action)
        twin = before.clone()
        twin.apply(action)
        assert twin == deal
        deal.restore(snap)
        assert deal == before and deal.legal_actions() == before.legal_actions()
        deal.apply(action)
        assert deal == twin
        undone = twin.clone()
        assert undone.undo() == action and undone == before


# ---------------------------------------------------------------- multiple beziques


MULTIPLE = '''
[melds.table.triple_bezique]
ranks = ["Q", "J"]
suits = "bezique_pair"
copies = 3
class = "bezique"
order = 3

[melds.table.quadruple_bezique]
ranks = ["Q", "J"]
suits = "bezique_pair"
copies = 4
class = "bezique"
order = 4

[melds.values]
triple_bezique = 1500
quadruple_bezique = 4500
'''


def packs(n: int, *, second_double: bool = True, quadruple: int = 4500) -> Rules:
    """The melds of three-handed (n = 3) or four-handed (n = 4) Bezique: triple
    bezique 1500, quadruple 4500, a second double on a used pair (DM13), as a two-seat
    profile of ``n`` packs moved to ``n`` seats."""
    table = MULTIPLE.replace("quadruple_bezique = 4500", f"quadruple_bezique = {quadruple}")
    if n < 4:  # no fourth copy: no quadruple
        table = table.replace("quadruple_bezique = 4500\n", "")
        table = table[:table.index("[melds.table.quadruple")] + table[table.index("[melds.values"):]
    text = (f'extends = "bezique"\npack.copies = {n}\n'
            f"melds.second_double_on_used_pair = {'true' if second_double else 'false'}\n"
            + table)
    rules = bezique.profile_from_toml(text)
    return evolve(rules, seats=evolve(rules.seats, players=n,
                                      teams=tuple((p,) for p in range(n))))


def declare_after_win(rules: Rules, hand: str, melds: list[str]) -> Deal:
    """A stock-phase deal where P0 holds ``hand`` and declares ``melds`` on successive won
    tricks (P0 leads an ace of hearts each time, trumps are spades, the others hold neither);
    returns the deal at P0's next declaring turn."""
    n = rules.players
    rounds = len(melds) + 1
    mine = f"{hand} " + " ".join(["AH"] * rounds)
    size = len(mine.split())
    jack_of_diamonds = card_name(2 * 64 + 4 * 8)
    assert jack_of_diamonds == "JD"
    spare = [x for x in compile_rules(rules).pack_cards  # diamonds and clubs, no J♦
             if x >> 6 in (2, 3) and x >> 3 != 2 * 8 + 4]
    deal = Deal.from_position(
        rules, hands=[mine] + [spare[k * size:(k + 1) * size] for k in range(n - 1)],
        stock=spare[(n - 1) * size:(n - 1) * size + n * rounds - 1], turn_up="9S",
        dealer=n - 1, leader=0, reachable=False)
    for meld in [*melds, None]:
        deal.apply("play AH")
        for _ in range(n - 1):
            deal.apply(deal.legal_actions()[0])
        assert deal.to_move == 0 and deal.phase == "declare"
        if meld is None:
            return deal
        deal.apply(meld)
        deal.apply("draw")
    raise AssertionError("unreachable")


def test_mp08_triple_bezique_on_a_tabled_double() -> None:
    """MP-08 (EB9-643): P0 has scored a double bezique, still on the table, and lays Q♠c J♦c
    from his hand: a triple bezique with the four tabled cards, +1500."""
    deal = declare_after_win(packs(3), "QSa QSb JDa JDb QSc JDc",
                             ["meld double_bezique QSa QSb JDa JDb"])
    before = deal.scores[0]
    deal.apply("meld triple_bezique QSa QSb QSc JDa JDb JDc")
    assert deal.scores[0] - before == 1500


def test_mp08_a_second_double_on_a_used_pair() -> None:
    """MP-08 and DM13 (EB9-643: "a second double bezique may be declared to a bezique on the
    table that has already served in a double"): Q♠c J♦c with Q♠a J♦a, +500; refused with
    ``melds.second_double_on_used_pair = false`` (§1.1 rule 1)."""
    melds = ["meld double_bezique QSa QSb JDa JDb"]
    deal = declare_after_win(packs(3), "QSa QSb JDa JDb QSc JDc", melds)
    before = deal.scores[0]
    assert "meld double_bezique QSa QSc JDa JDc" in plays(deal)
    deal.apply("meld double_bezique QSa QSc JDa JDc")
    assert deal.scores[0] - before == 500
    deal = declare_after_win(packs(3, second_double=False), "QSa QSb JDa JDb QSc JDc", melds)
    with pytest.raises(IllegalAction, match="already served in a bezique meld of this order"):
        deal.apply("meld double_bezique QSa QSc JDa JDc")


def test_a_second_double_takes_one_used_pair_only() -> None:
    """DM13 is an exception for one pair: a double made of a pair from each of two tabled
    doubles, or of two queens of one double, stays refused."""
    melds = ["meld double_bezique QSa QSb JDa JDb", "meld double_bezique QSc QSd JDc JDd"]
    deal = declare_after_win(packs(4), "QSa QSb JDa JDb QSc QSd JDc JDd", melds)
    with pytest.raises(IllegalAction, match="already served"):
        deal.apply("meld double_bezique QSa QSc JDa JDc")


def test_mp14_quadruple_bezique_borrowed_value() -> None:
    """MP-14 (HOFF's Rubicon table; no multi-player source, unverified): P0 has a triple
    bezique on the table and lays Q♠d J♦d: quadruple bezique, +4500; no such meld with
    ``melds.values.quadruple_bezique = 0``."""
    hand = "QSa QSb QSc JDa JDb JDc QSd JDd"
    melds = ["meld triple_bezique QSa QSb QSc JDa JDb JDc"]
    deal = declare_after_win(packs(4), hand, melds)
    before = deal.scores[0]
    deal.apply("meld quadruple_bezique QSa QSb QSc QSd JDa JDb JDc JDd")
    assert deal.scores[0] - before == 4500
    deal = declare_after_win(packs(4, quadruple=0), hand, melds)
    with pytest.raises(IllegalAction, match="no meld named 'quadruple_bezique'"):
        deal.apply("meld quadruple_bezique QSa QSb QSc QSd JDa JDb JDc JDd")
