"""Issue 34, stage C2: partners declaring and sharing their tables (docs/rules.md#more-seats).

The declaring turn of a partnership (``partnership.declarer``, ``partnership.consult``, DM8 and
DM9: the trick's winner declares, passes to his partner or draws), the partner's tabled cards
(``partnership.combine_table_cards``, DM10) and multiple beziques across partners
(``partnership.bezique_from_either``, DM11). Scenarios are the worked examples MP-06 to MP-08 of
the project's survey of the sources, each citing its sources; the random playouts check the
invariants N7 and N9 for every value of ``partnership.declarer``.

No validated profile has more than two seats yet (the validation gate), so the rules here are
built with ``attrs.evolve`` (tests/test_seats_play.py), which validation does not see.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest
from attrs import evolve
from seated import seated
from test_seats_play import packs

import bezique
from bezique.actions import Action, Announce, DixExchange, DixShow, Meld, Pass
from bezique.bots import GreedyBot
from bezique.bots.planner import PlannerBot
from bezique.compile import PASS_BACK, PASS_FINAL, PASS_NONE, compile_rules
from bezique.deal import Deal
from bezique.encoding import encoding
from bezique.errors import IllegalAction
from bezique.melds import candidates
from bezique.resolve import _representatives as resolve_representatives
from bezique.resolve import resolve
from bezique.rules.model import Rules

TEAMS = ((0, 2), (1, 3))
"""Partners opposite: P0 and P2 against P1 and P3 (BIC-4H, ENQ-129, WOH)."""


def partnership(rules: Rules | None = None, **keys: Any) -> Rules:
    """``rules`` (bezique at four seats with four packs by default) with partners opposite and
    these ``partnership`` keys."""
    rules = rules or seated(4)
    rules = evolve(rules, seats=evolve(rules.seats, teams=TEAMS))
    return evolve(rules, partnership=evolve(rules.partnership, **keys))


def listed(deal: Deal) -> list[str]:
    return [str(a) for a in deal.legal_actions()]


def play(deal: Deal, *actions: str) -> Deal:
    for action in actions:
        deal.apply(action)
    return deal


# ---------------------------------------------------------------- MP-06: passing the privilege

OTHERS = "7C 8C 9C 7D 8D 9D"
"""P1's and P3's hands in MP-06: nothing to declare, nothing to beat an ace of hearts."""


def p0_wins(rules: Rules, p0: str, p2: str) -> Deal:
    """MP-06's table: trumps ♠ (the 9♠ turned up), P0 leads A♥ and wins; his declaring turn."""
    deal = Deal.from_position(
        rules, hands=[p0, OTHERS, p2, OTHERS], stock="10C 10C KC KC 10D 10D KD",
        turn_up="9S", dealer=3, leader=0, reachable=False)
    return play(deal, "play AH", "play 7C", "play 8D", "play 7D")


NOTHING = "AH AH 7C 8C 9C 7D"
JACKS = "AH AH JS JH JC JD"
MARRIAGE = "KH QH 8D 9D 10D 10C"
BARE = "7H 8H 8D 9D 10D 10C"


def test_mp06a_the_winner_passes_and_his_partner_declares() -> None:
    """MP-06 (a) (BIC-4H): P0 wins with nothing to declare, P2 holds K♥ Q♥; P0 passes, P2
    declares the heart marriage, +20 to P2 (team 0 +20); then P0, P1, P2, P3 draw in that
    order (the draw starts with the trick's winner, whoever holds the turn) and P0 leads."""
    deal = p0_wins(partnership(), NOTHING, MARRIAGE)
    assert deal.to_move == 0 and listed(deal) == ["pass", "draw"]
    events = deal.apply("pass")
    assert [str(e) for e in events] == ["P0 pass to P2"]
    assert deal.to_move == 2 and deal.phase == "declare"
    assert listed(deal) == ["meld marriage KH QH", "draw"]
    deal.apply("meld marriage KH QH")
    assert deal.scores == (0, 0, 20, 0)
    assert deal.scores[0] + deal.scores[2] == 20  # the side's points
    deal.apply("draw")
    assert [e.player for e in deal.events if e.kind == "draw"] == [0, 1, 2, 3]
    assert deal.to_move == deal.leader == 0 and deal.phase == "lead"


def test_mp06b_a_pass_is_final_under_winner_or_pass() -> None:
    """MP-06 (b) (BIC-4H: "if the partner cannot declare, the winner of the trick cannot then
    declare"): P0 holds four jacks and passes; P2 has nothing: no declaration on this trick,
    and P0 declares his jacks only on a later win."""
    deal = p0_wins(partnership(), JACKS, BARE)
    assert "meld four_jacks JS JH JD JC" in listed(deal)
    deal.apply("pass")
    assert listed(deal) == ["draw"]
    before = deal.clone()
    with pytest.raises(IllegalAction, match=r"the trick winner passed the declaration to P2 "
                       r"\(partnership.declarer = winner_or_pass\)"):
        deal.apply("pass")
    assert deal == before  # a refused action changes nothing
    assert deal.problem("meld four_jacks JS JH JD JC") == (
        "meld four_jacks JS JH JD JC: no J♠ in P2's hand")
    deal.apply("draw")
    assert not [e for e in deal.events if e.kind == "meld"]
    play(deal, "play AH", "play 8C", "play 9D", "play 8C")  # P0 wins again
    assert deal.to_move == 0 and "meld four_jacks JS JH JD JC" in listed(deal)
    deal.apply("meld four_jacks JS JH JD JC")
    assert deal.scores == (40, 0, 0, 0)


def test_mp06c_the_partner_hands_the_turn_back_under_winner_or_partner() -> None:
    """MP-06 (c) (EB9-643, ENQ-129; the hand-back is derived): as (b) with
    ``partnership.declarer = "winner_or_partner"``: P2 declines, the turn returns to P0, who
    declares four jacks, +40; no second hand-back."""
    deal = p0_wins(partnership(declarer="winner_or_partner"), JACKS, BARE)
    deal.apply("pass")
    assert listed(deal) == ["pass", "draw"]
    assert [str(e) for e in deal.apply("pass")] == ["P2 pass to P0"]
    assert deal.to_move == 0
    assert listed(deal) == ["meld four_jacks JS JH JD JC", "draw"]
    with pytest.raises(IllegalAction, match="P2 handed the declaration back to P0 already"):
        deal.apply("pass")
    deal.apply("meld four_jacks JS JH JD JC")
    assert deal.scores == (40, 0, 0, 0)
    deal.apply("draw")
    assert [e.player for e in deal.events if e.kind == "draw"] == [0, 1, 2, 3]


def test_mp06d_no_pass_under_winner_only() -> None:
    """MP-06 (d): with ``"winner_only"`` no pass is offered, and in (a) P2 cannot declare."""
    rules = partnership(declarer="winner_only")
    assert compile_rules(rules).passing == PASS_NONE
    deal = p0_wins(rules, NOTHING, MARRIAGE)
    assert listed(deal) == ["draw"]
    with pytest.raises(IllegalAction, match=r"only the trick's winner declares "
                       r"\(partnership.declarer = winner_only\)"):
        deal.apply("pass")
    deal.apply("draw")
    assert deal.phase == "lead" and deal.scores == (0, 0, 0, 0)


def test_greedy_passes_only_with_nothing_of_its_own_to_declare() -> None:
    """GreedyBot (and PlannerBot, on its play) hands the declaring turn to its partner when it
    has nothing to declare (MP-06 (a): its partner then declares the marriage), and declares
    its own meld rather than pass (MP-06 (b): the four jacks)."""
    for bot in (GreedyBot(), PlannerBot()):
        deal = p0_wins(partnership(), NOTHING, MARRIAGE)
        assert bot.choose(deal.observation(0)) == Pass()
        deal.apply(Pass())
        assert str(bot.choose(deal.observation(2))) == "meld marriage KH QH"
        deal = p0_wins(partnership(), JACKS, BARE)
        assert str(bot.choose(deal.observation(0))) == "meld four_jacks JS JH JD JC"


def test_a_pass_comes_before_any_declaration() -> None:
    """The pass is the winner's first choice: once he has declared (or shown the dix), the
    side's declaration of the trick is made (one a trick, ``melds.per_trick``)."""
    deal = p0_wins(partnership(), JACKS, MARRIAGE)
    deal.apply("meld four_jacks JS JH JD JC")
    assert "pass" not in listed(deal)
    with pytest.raises(IllegalAction, match="a pass comes before any declaration or dix"):
        deal.apply("pass")


def test_one_declaration_for_the_side_across_a_hand_back() -> None:
    """``melds.per_trick`` counts the side's declarations: under ``"winner_or_partner"`` the
    partner who declares ends the side's declaring (no hand-back then), and a winner who
    declares after a hand-back declares once."""
    deal = p0_wins(partnership(declarer="winner_or_partner"), JACKS, MARRIAGE)
    deal.apply("pass")
    deal.apply("meld marriage KH QH")
    assert not [a for a in listed(deal) if a == "pass" or a.startswith("meld")]


def test_consult_offers_the_pass_only_to_a_partner_who_could_declare() -> None:
    """``partnership.consult`` (ENQ-129, DM9; read: the winner sees whether his partner could
    declare): the pass is offered only when the partner has a declaration (a meld or the dix);
    so is the hand-back, only when the winner has one."""
    deal = p0_wins(partnership(consult=True), NOTHING, MARRIAGE)
    assert listed(deal) == ["pass", "draw"]
    deal = p0_wins(partnership(consult=True), JACKS, BARE)
    assert "pass" not in listed(deal)
    with pytest.raises(IllegalAction, match=r"P2 has nothing to declare \(partnership.consult"):
        deal.apply("pass")
    rules = partnership(declarer="winner_or_partner", consult=True)
    deal = play(p0_wins(rules, JACKS, MARRIAGE), "pass")
    assert "pass" in listed(deal)
    deal = play(p0_wins(rules, NOTHING, MARRIAGE), "pass")
    assert listed(deal) == ["meld marriage KH QH", "draw"]


def test_the_dix_is_the_turn_holders() -> None:
    """The dix is shown or exchanged by the seat holding the declaring turn (docs/rules.md
    #more-seats): after a pass, the partner's dix, not the winner's."""
    deal = p0_wins(partnership(), "AH AH 7S 8C 9C 7D", "7S 8H 8D 9D 10D 10C")
    assert "dix show" in listed(deal)
    deal.apply("pass")
    assert "dix show" in listed(deal)
    deal.apply("dix show")
    assert deal.scores == (0, 0, 10, 0)
    assert "pass" not in listed(deal)


def test_no_pass_without_a_partner_or_outside_the_declaring_turn() -> None:
    """Two seats, and individual play at four, never pass; nor does anyone at a lead."""
    two = Deal.new(bezique.load_profile("bezique"), seed=3)
    assert compile_rules(two.rules).passing == PASS_NONE
    assert two.problem("pass") == "P1 has no partner to pass to (seats.teams)"
    alone = p0_wins(seated(4), NOTHING, MARRIAGE)
    assert "pass" not in listed(alone)
    assert compile_rules(partnership()).passing == PASS_FINAL
    assert compile_rules(partnership(declarer="winner_or_partner")).passing == PASS_BACK
    deal = Deal.new(partnership(), seed=3)
    assert deal.problem("pass") == "a pass hands on the declaring turn, after a stock trick is won"


# ---------------------------------------------------------------- MP-07: the partner's table

MP07_HANDS = [
    "AD 10D KDa QDa JDa QS QH QC AH AH 7H",
    "7C 7C 7C 8C 8C 8C 9C 9C 9C 7S 7S",
    "KDb KC AH 8S 8S 8S 9S 9S 9S JC JC",
    "7C 8C 9C 10C 10C 10C 10C JS JS JS JS",
]


def mp07(rules: Rules) -> Deal:
    """MP-07's table (trumps ♦): P0 has declared, and shows, the sequence A♦ 10♦ K♦a Q♦a J♦a
    (+250) and four queens Q♠ Q♥ Q♣ Q♦a (+60); P2 wins the next trick."""
    deal = Deal.from_position(
        rules, hands=MP07_HANDS, stock="7H 7H 7H 8H 8H 8H 8H 9H 9H 9H 9H JH JH JH JH",
        turn_up="9D",
        dealer=3, leader=0, reachable=False)
    play(deal, "play AHa", "play 7C", "play 8S", "play 7C", "meld sequence AD 10D KD QD JD",
         "draw", "play AHb", "play 7C", "play 8S", "play 8C", "meld four_queens QS QH QC QD",
         "draw", "play 7H", "play 8C", "play AH", "play 9C")
    assert deal.to_move == 2 and deal.phase == "declare" and deal.scores == (310, 0, 0, 0)
    return deal


def test_mp07_the_partners_tabled_cards() -> None:
    """MP-07 (BIC-4H: a player may add cards from his hand to his partner's declared
    combinations, but may declare nothing the partner could not legally declare): K♦b from
    P2's hand with P0's Q♦a as a royal marriage is refused (the Q♦a served in P0's sequence:
    the reuse marks belong to the physical card); K♣ with P0's Q♣ (from four queens) is a
    marriage, +20 to P2; the Q♣ stays on P0's table."""
    deal = mp07(partnership())
    assert listed(deal) == ["meld marriage KC QC", "pass", "draw"]
    with pytest.raises(IllegalAction, match="Q♦ has already served in a higher marriage meld"):
        deal.apply("meld royal_marriage KDb QDa")
    deal.apply("meld marriage KC QC")
    assert deal.scores == (310, 0, 20, 0)
    assert str(deal.table(2)) == "KC" and "QC" in str(deal.table(0))
    assert deal.declarations[-1].owner == 2


def test_mp07_no_combining_with_combine_table_cards_false() -> None:
    """MP-07, last bullet (ENQ-129, read as each partner declaring separately): with
    ``partnership.combine_table_cards = false`` the K♣ marriage is refused too."""
    deal = mp07(partnership(combine_table_cards=False))
    assert listed(deal) == ["pass", "draw"]
    with pytest.raises(IllegalAction, match=r"Q♣ lies on P0's table: each partner declares "
                       r"from his own cards \(partnership.combine_table_cards = false\)"):
        deal.apply("meld marriage KC QC")


def test_a_combined_meld_takes_a_card_from_the_declarers_hand() -> None:
    """BIC-4H: a player adds cards *from his hand* to his partner's combinations: P0's tabled
    Q♠ and J♦a would make a bezique for P0, never for P2 alone."""
    deal = mp07(partnership())
    assert "meld bezique QS JD" not in listed(deal)
    assert deal.problem("meld bezique QS JD") == (
        "a meld with P0's tabled cards needs a card from P2's hand "
        "(partnership.combine_table_cards, BIC-4H)")


def test_playing_a_card_breaks_every_declaration_holding_it() -> None:
    """A tabled card in declarations of two seats (P0's four queens, P2's marriage with its
    Q♣): P0 playing it breaks both."""
    deal = play(mp07(partnership()), "meld marriage KC QC", "draw")
    play(deal, "play 9S", "play JS")
    queens, marriage = (d for d in deal.declarations if d.template in (
        compile_rules(deal.rules).meld_by_name["four_queens"].index,
        compile_rules(deal.rules).meld_by_name["marriage"].index))
    assert queens.intact and marriage.intact
    deal.apply("play QC")
    broken = {d.owner: d.intact for d in deal.declarations if d.cards & queens.cards
              & marriage.cards}
    assert broken == {0: False, 2: False}


# ---------------------------------------------------------------- MP-08: beziques across partners


def mp08(rules: Rules) -> Deal:
    """MP-08's partnership part (trumps ♣): P0 has scored a double bezique with Q♠a Q♠b J♦a
    J♦b, still on his table; P2 wins the next trick holding Q♠c J♦c."""
    deal = Deal.from_position(
        rules, hands=["QSa QSb JDa JDb AH 7H", "7D 8H 9D 10D 8S 9S",
                      "8D AH QSc JDc 7S 7S", "8S 9H 7D 9S 10S KS"],
        stock="7C 8C 10C KC 7C 8C 10C", turn_up="9C", dealer=3, leader=0, reachable=False)
    play(deal, "play AH", "play 7D", "play 8D", "play 8S",
         "meld double_bezique QSa QSb JDa JDb", "draw",
         "play 7H", "play 8H", "play AH", "play 9H")
    assert deal.to_move == 2 and deal.phase == "declare"
    return deal


TRIPLE = "meld triple_bezique QSa QSb QSc JDa JDb JDc"


def test_mp08_a_triple_bezique_takes_its_cards_from_one_seat() -> None:
    """MP-08, partnership (BIC-4H: a double or triple counts only if all its cards come from
    one hand): P2's Q♠c J♦c with P0's tabled double as a triple: refused; so is a second
    double across the partners (DM13's pair on P0's table)."""
    deal = mp08(partnership(packs(4)))
    assert not [a for a in listed(deal) if "triple" in a or "double" in a]
    with pytest.raises(IllegalAction, match=r"a triple_bezique counts only with all its cards "
                       r"from one seat, not with P0's \(partnership.bezique_from_either"):
        deal.apply(TRIPLE)
    assert deal.problem("meld double_bezique QSa QSc JDa JDc") is not None
    assert "meld bezique QSc JDc" in listed(deal)  # a single one from his own hand


def test_mp08_a_triple_across_partners_with_bezique_from_either() -> None:
    """MP-08, partnership, with ``partnership.bezique_from_either = true`` (EB9-643: "the
    beziques may be declared from the hand of either partner"): +1500 to P2."""
    deal = mp08(partnership(packs(4), bezique_from_either=True))
    assert TRIPLE in listed(deal)
    deal.apply(TRIPLE)
    assert deal.scores[2] == 1500


# ---------------------------------------------------------------- the search seams with passes


def chooser(rng: random.Random) -> Any:
    """A random policy that likes to declare and to pass, so that playouts reach them."""

    def choose(deal: Deal) -> Action:
        legal = deal.legal_actions()
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds and rng.random() < 0.8:
            return rng.choice(melds)
        if Pass() in legal and rng.random() < 0.6:
            return Pass()
        return rng.choice(legal)

    return choose


DECLARERS = ["winner_or_pass", "winner_or_partner", "winner_only"]


@pytest.mark.parametrize("declarer", DECLARERS)
def test_snapshot_clone_undo_and_pickle_round_trip_with_passes(declarer: str) -> None:
    """`snapshot`/`restore`, `clone`, `undo` and pickling keep the passes of the declaring
    turn: every action, passes included, is taken back exactly."""
    rules = partnership(packs(4), declarer=declarer)
    choose = chooser(random.Random(declarer))
    deal = Deal.new(rules, seed=11, dealer=3)
    passes = 0
    while not deal.is_over:
        before = deal.clone()
        snap = deal.snapshot()
        action = choose(deal)
        passes += isinstance(action, Pass)
        deal.apply(action)
        twin = before.clone()
        twin.apply(action)
        assert twin == deal
        assert pickle.loads(pickle.dumps(deal)) == deal
        deal.restore(snap)
        assert deal == before and deal.legal_actions() == before.legal_actions()
        deal.apply(action)
        assert deal == twin and deal.legal_actions() == twin.legal_actions()
        if isinstance(action, Pass) or deal.phase == "declare":
            undone = twin.clone()
            assert undone.undo() == action and undone == before
    assert (passes > 0) == (declarer != "winner_only")


def test_a_snapshot_after_a_pass_restores_the_partners_turn() -> None:
    """A snapshot taken after a pass, restored after the draw, gives the partner his turn
    back; the two-seat snapshot layout has no room for passes (two seats never pass)."""
    deal = play(p0_wins(partnership(), NOTHING, MARRIAGE), "pass")
    after = deal.clone()
    snap = deal.snapshot()
    play(deal, "meld marriage KH QH", "draw")
    deal.restore(snap)
    assert deal == after and deal.to_move == 2 and listed(deal) == listed(after)
    assert len(snap._values) == len(Deal.new(bezique.load_profile("bezique")).snapshot()._values)


def test_the_encoding_has_a_pass_block_for_partners_only() -> None:
    """docs/encoding.md: a ``pass`` id where partners may pass; none at two seats."""
    assert "pass" not in [b.name for b in encoding(bezique.load_profile("bezique")).blocks]
    assert "pass" not in [b.name for b in encoding(partnership(declarer="winner_only")).blocks]
    rules = partnership()
    enc = encoding(rules)
    deal = p0_wins(rules, NOTHING, MARRIAGE)
    assert enc.decode(deal, enc.id_of(Pass())) == Pass()
    assert [str(enc.action_of(i)) for i in enc.legal_ids(deal)] == ["draw", "pass"]


# ---------------------------------------------------------------- random play: N7 and N9


def variants() -> Iterator[tuple[str, Rules]]:
    base = packs(4)
    for declarer in DECLARERS:
        yield declarer, partnership(base, declarer=declarer)
    yield "consult", partnership(base, consult=True)
    yield "partner-consult", partnership(base, declarer="winner_or_partner", consult=True)
    yield "separate", partnership(base, combine_table_cards=False)
    yield "from-either", partnership(base, bezique_from_either=True)


VARIANTS = dict(variants())
DECLARATIONS = (Meld, Announce, DixShow, DixExchange)


def check_declaration(deal: Deal, action: Action) -> int:
    """N9 before a declaration: its cards are the declarer's or, where partners combine,
    his partner's tabled ones, with a card from his hand; a multiple bezique's from one seat
    unless ``partnership.bezique_from_either``. Returns 1 for a meld across two seats."""
    if not isinstance(action, Meld | Announce):
        return 0
    c = compile_rules(deal.rules)
    p = deal.to_move
    assert p is not None
    bits = sum(1 << x for x in action.cards)
    own = deal.bits.hand(p) | deal.bits.table(p)
    q = c.partner[p]
    theirs = deal.bits.table(q) if c.combine else 0
    assert bits & ~(own | theirs) == 0  # no opponent's card, no hidden card of the partner's
    if not bits & theirs:
        return 0
    assert bits & deal.bits.hand(p)
    t = c.meld_by_name[action.name]
    if t.klass_name == "bezique" and t.order >= 2:
        assert deal.rules.partnership.bezique_from_either
    return 1


def check_reuse_marks(deal: Deal) -> None:
    """N9: the reuse marks are per physical card: no card serves in two intact scored
    declarations of one class and order, whichever seats made them (but DM13's second double
    on a used pair, which shares exactly one Q♠ and one J♦)."""
    c = compile_rules(deal.rules)
    live = [d for d in deal.declarations if d.intact and not d.pending]
    for i, a in enumerate(live):
        for b in live[i + 1:]:
            shared = a.cards & b.cards
            if shared and a.klass == b.klass and a.order == b.order:
                t = c.melds[a.template]
                assert deal.rules.melds.second_double_on_used_pair and t.copies == 2
                assert shared.bit_count() == 2 and len({x >> 3 for x in range(256)
                                                        if shared >> x & 1}) == 2


def check_n7(deal: Deal) -> None:
    """N7 over the events: the declarations after a won trick are made by the seat holding the
    declaring turn (the winner until he passes, then his partner, who may hand it back under
    ``"winner_or_partner"``), at most ``melds.per_trick`` scoring ones for the side; none by the
    side that lost the trick, none in the end phase."""
    c = compile_rules(deal.rules)
    most = {PASS_NONE: 0, PASS_FINAL: 1, PASS_BACK: 2}[c.passing]
    winner, passes, melds, end = -1, 0, 0, False
    for e in deal.events:
        if e.kind == "trick":
            assert e.player is not None
            winner, passes, melds = e.player, 0, 0
        elif e.kind == "end_phase":
            end = True
        elif e.kind == "pass":
            holder = winner if passes % 2 == 0 else c.partner[winner]
            assert not end and e.player == holder and not melds
            passes += 1
            assert passes <= most
        elif e.kind in ("meld", "announce", "dix_show", "dix_exchange"):
            assert not end and winner >= 0
            holder = winner if passes % 2 == 0 else c.partner[winner]
            assert e.player == holder
            assert c.team_of[e.player] == c.team_of[winner]
            melds += e.kind == "meld"
            assert melds <= deal.rules.melds.per_trick


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_partnership_deals_keep_n7_and_n9(variant: str) -> None:
    """N7 and N9 over random playouts of four-seat partnership Bezique (four packs, triple
    and quadruple bezique), every legal action's notation naming it exactly, and the scores
    the sum of the seats' scoring events."""
    rules = VARIANTS[variant]
    c = compile_rules(rules)
    crossed = passes = 0
    for seed in range(40):
        choose = chooser(random.Random(seed))
        deal = Deal.new(rules, seed=seed, dealer=seed % 4)
        while not deal.is_over:
            if deal.phase == "declare":
                for action in deal.legal_actions():
                    assert resolve(deal, str(action)) == action
            action = choose(deal)
            crossed += check_declaration(deal, action)
            passes += isinstance(action, Pass)
            deal.apply(action)
            if isinstance(action, Meld):
                check_reuse_marks(deal)
        check_n7(deal)
        for p in range(4):
            assert deal.scores[p] == sum(e.points for e in deal.events
                                         if e.kind == "score" and e.player == p)
    assert (crossed > 0) == c.combine  # the playouts reach declarations across the partners
    assert (passes > 0) == (c.passing != PASS_NONE)


@pytest.mark.parametrize("variant", ["winner_or_pass", "separate", "from-either"])
def test_the_listed_melds_are_every_allowed_meld_once(variant: str) -> None:
    """At every declaring turn of random play, the melds `legal_actions` lists are exactly the
    allowed ones (`Deal.problem` over every choice of physical cards from the declarer's cards
    and his partner's tabled ones), one per group of interchangeable copies."""
    rules = VARIANTS[variant]
    c = compile_rules(rules)
    checked = 0
    for seed in range(12):
        choose = chooser(random.Random(seed))
        deal = Deal.new(rules, seed=seed, dealer=seed % 4)
        while not deal.is_over:
            if deal.phase == "declare":
                checked += every_meld_once(deal, c)
            deal.apply(choose(deal))
    assert checked


def every_meld_once(deal: Deal, c: Any) -> int:
    """Check the listed melds of ``deal`` against every physical choice; 1 if any was
    allowed."""
    p = deal.to_move
    assert p is not None
    q = c.partner[p]
    cards = deal.bits.hand(p) | deal.bits.table(p) | deal.bits.table(q)
    singles = {k: [1 << i for i in range(8) if cards >> (k * 8 + i) & 1] for k in range(32)}
    trump = deal.bits.trump
    rep = resolve_representatives(deal, p)
    allowed = set()
    for t, bits in candidates(c, cards, singles, None if trump < 0 else trump):
        meld = Meld(t.name, [x for x in range(256) if bits >> x & 1])
        if deal.problem(meld) is None:
            allowed.add((t.name, tuple(sorted(rep[x] for x in meld.cards))))
    listed_melds = [(a.name, tuple(sorted(rep[x] for x in a.cards)))
                    for a in deal.legal_actions() if isinstance(a, Meld)]
    assert len(listed_melds) == len(set(listed_melds))
    assert set(listed_melds) == allowed
    return int(bool(allowed))


def test_is_multiple_bezique_marks_the_doubles_triples_and_quadruples() -> None:
    """DM11 and N9 read one definition of a multiple bezique: a meld of bezique pairs of order
    2 or more, whatever its class is named."""
    melds = compile_rules(bezique.load_profile("four-handed")).melds
    assert {t.name for t in melds if t.is_multiple_bezique} == {
        "double_bezique", "triple_bezique", "quadruple_bezique"}
