"""Declarations in Joker Bésigue (docs/rules.md#joker): the worked examples JB-01, JB-02, JB-03,
JB-04 and JB-10, one test per option DJ2 to DJ12 of the declarations reached from its profile
key (profiles built with ``extends = "joker"``), the invariants J3, J5 and J6 over random deals,
and how a declaration shows what its jokers stand for.

Positions (`won`): P0 leads a club (dealer P1) and P1 discards a low card of a suit that is
neither led nor trumps, so P0 wins each trick and declares; then P0 draws and leads again.
"""

from __future__ import annotations

import io
import random

import pytest
from attrs import evolve

import bezique
from bezique import Deal
from bezique.actions import Announce, Meld
from bezique.cards import Card
from bezique.cli.play import Session
from bezique.errors import NotationError
from bezique.record import dumps, rebuild
from bezique.rules import Rules
from bezique.view.narrate import Narrator, declaration_text, joker_words
from bezique.web.views import action_json

STOCK = "7D 7D 7D 7D 8D 8D 8D 8D 9D 9D 9D 9D"
"""Cards to draw that form no scoring meld."""

PH = 'jokers.wild_in = ["marriage", "royal_marriage", "bezique", "four_aces", "four_kings", ' \
    '"four_queens", "four_jacks"]\n'
"""PH's reading of DJ8: a joker completes every meld but the sequence."""


def joker(extra: str = "") -> Rules:
    """The `joker` profile with ``extra`` keys (TOML) over it."""
    return bezique.profile_from_toml('extends = "joker"\n' + extra)


def won(extra: str, p0: str, p1: str = "", *, trump: str | None = None) -> Deal:
    """P0 holds ``p0`` and the clubs 7 to 10 he leads, P1 ``p1`` and the 7 to 10 of hearts (of
    spades where hearts are or may become trumps) he discards; P0 has led the 7♣ and won the
    trick, and declares."""
    other = "H" if trump in ("S", "D", "C") else "S"
    deal = Deal.from_position(
        joker(extra), hands=[f"{p0} 7C 8C 9C 10C", f"{p1} 7{other} 8{other} 9{other} 10{other}"],
        stock=STOCK, dealer=1, trump=trump, reachable=False)
    deal.apply("play 7C")
    deal.apply(f"play 7{other}")
    return deal


def again(deal: Deal, lead: str, *, draw: bool = True) -> None:
    """The declarer draws (``draw``), leads ``lead`` and wins it over the other seat's first
    card of a suit neither led nor trumps: his turn to declare again."""
    winner = deal.to_move
    if draw:
        deal.apply("draw")
    deal.apply(f"play {lead}")
    led = Card(lead).suit
    loser = deal.to_move
    assert loser is not None
    deal.apply(f"play {next(c for c in deal.hand(loser) if c.suit not in (led, deal.trump))}")
    assert deal.phase == "declare" and deal.to_move == winner


def scored(deal: Deal, action: str) -> int:
    """The points the declarer scores by ``action``."""
    p = deal.to_move
    return sum(e.points for e in deal.apply(action) if e.kind == "score" and e.player == p)


def melds(deal: Deal) -> list[str]:
    """The declarations offered now, in notation."""
    return [str(a) for a in deal.legal_actions() if isinstance(a, Meld | Announce)]


# ------------------------------------------------------------------ the worked examples


def test_jb01_trumps_by_the_first_marriage() -> None:
    """JB-01, source: WOH, PH, HB, M4, CPU (trumps); HB, M4 (nothing else first); FOSTER p.334
    (40). Before trumps only K♥ Q♥ is offered: +40, trumps ♥; the four kings later, +80."""
    deal = won("", "KS KH KC KD QH")
    assert melds(deal) == ["meld royal_marriage KH QH"]
    assert deal.problem("meld four_kings KS KH KC KD") is not None
    assert scored(deal, "meld royal_marriage KH QH") == 40
    assert deal.trump == 1
    again(deal, "8C")
    assert scored(deal, "meld four_kings KS KH KC KD") == 80


def test_jb01_any_meld_before_trumps_with_melds_before_trump_any() -> None:
    """JB-01 with ``trump.melds_before_trump = "any"``: the four kings at once, +80, and trumps
    stay unfixed."""
    deal = won('trump.melds_before_trump = "any"', "KS KH KC KD QH")
    assert "meld four_kings KS KH KD KC" in melds(deal)
    assert scored(deal, "meld four_kings KS KH KC KD") == 80
    assert deal.trump is None


def test_jb02_the_sequence_grows_from_ones_own_marriage() -> None:
    """JB-02, source: HB, M4, CPU; BC (option). P0 fixes trumps with K♥a Q♥a (+40), then adds
    A♥a 10♥a J♥a from his hand to it: +250."""
    deal = won("", "AH 10H KH QH JH")
    assert melds(deal) == ["meld royal_marriage KH QH"]
    assert scored(deal, "meld royal_marriage KH QH") == 40
    again(deal, "8C")
    assert "meld sequence AH 10H KH QH JH" in melds(deal)
    assert scored(deal, "meld sequence AH 10H KH QH JH") == 250


def _p1_holds_the_five() -> Deal:
    """JB-02: trumps ♥ (P0's marriage); P1 holds A♥b 10♥b K♥b Q♥b J♥b and wins a trick."""
    rules = joker()
    deal = Deal.from_position(rules, hands=["7S 8S", "AHb 10Hb KHb QHb JHb 7C 8C"],
                              stock=STOCK, dealer=0, trump="H", reachable=False)
    deal.apply("play 7C")
    deal.apply("play 7S")
    return deal


def test_jb02_another_seat_marries_first() -> None:
    """JB-02: P1's five hearts make no sequence yet; K♥b Q♥b +40, then A♥b 10♥b J♥b +250."""
    deal = _p1_holds_the_five()
    assert melds(deal) == ["meld royal_marriage KH QH"]
    assert "from_own_marriage" in (deal.problem("meld sequence AH 10H KH QH JH") or "")
    assert scored(deal, "meld royal_marriage KH QH") == 40
    again(deal, "8C")
    assert scored(deal, "meld sequence AH 10H KH QH JH") == 250


def test_jb02_the_sequence_at_once_without_sequence_from_own_marriage() -> None:
    """JB-02 with ``melds.sequence_from_own_marriage = false`` (BC): the five cards score the
    sequence at once, +250."""
    deal = won("melds.sequence_from_own_marriage = false", "AH 10H KH QH JH", trump="H")
    assert scored(deal, "meld sequence AH 10H KH QH JH") == 250


def test_jb03_three_jacks_and_a_joker_are_four_jacks() -> None:
    """JB-03, source: PH, FRW, BC-R §4.2, HB, CPU, M4: J♠ J♥ J♣ + a joker, +40."""
    deal = won("", "JS JH JC JK", trump="D")
    assert scored(deal, "meld four_jacks JS JH JC JK") == 40


@pytest.mark.parametrize("extra", ["", "melds.sequence_from_own_marriage = false\n" + PH])
def test_jb03_no_joker_in_the_sequence(extra: str) -> None:
    """JB-03, source: PH, BC-R, CPU: A♦ 10♦ Q♦ J♦ + a joker for the K♦ is no sequence, even
    where a joker completes every other meld (PH)."""
    deal = won(extra, "AD 10D QD JD JK", trump="D")
    assert "do not form a sequence" in (deal.problem("meld sequence AD 10D QD JD JK") or "")
    assert not [m for m in melds(deal) if "sequence" in m]


@pytest.mark.parametrize(("extra", "points"), [("", None), ("jokers.max_per_meld = 4", 80)])
def test_jb03_two_jokers_in_four_kings(extra: str, points: int | None) -> None:
    """JB-03, source: BC, HB, CPU; M4: K♠ K♥ + two jokers, refused; +80 with
    ``jokers.max_per_meld = 4``."""
    deal = won(extra, "KS KH JK JKb", trump="D")
    if points is None:
        assert deal.problem("meld four_kings KS KH JK JKb") is not None
    else:
        assert scored(deal, "meld four_kings KS KH JK JKb") == points


def test_jb03_three_trump_jacks_and_a_joker_are_four_jacks_not_trump_jacks() -> None:
    """JB-03, source: HB, M4: J♦a J♦b J♦c + a joker are four jacks (+40), never four trump
    jacks (+80)."""
    deal = won("", "JD JD JD JK", trump="D")
    assert "meld trump_jacks JD JD JD JK" not in melds(deal)
    assert deal.problem("meld trump_jacks JDa JDb JDc JK") is not None
    assert scored(deal, "meld four_jacks JDa JDb JDc JK") == 40


@pytest.mark.parametrize(("extra", "points"), [("", None), (PH, 40)])
def test_jb03_a_bezique_of_the_queen_and_a_joker(extra: str, points: int | None) -> None:
    """JB-03, source: PH: Q♠ + a joker as a bezique, refused; +40 with PH's
    ``jokers.wild_in`` (every meld but the sequence)."""
    deal = won(extra, "QS JK", trump="D")
    if points is None:
        assert deal.problem("meld bezique QS JK") is not None
    else:
        assert "meld bezique QS JK" in melds(deal)
        assert scored(deal, "meld bezique QS JK") == points


def _jacks_with_joker_1(extra: str = "", more: str = "") -> Deal:
    """JB-04: trumps ♣; P0 has declared J♠a J♥a J♦a + joker 1 (JK) as four jacks, +40, and won
    again."""
    deal = won(extra, f"JS JH JD JK QS QH QD JC JS JH {more}", trump="C")
    assert scored(deal, "meld four_jacks JSa JHa JDa JK") == 40
    again(deal, "8C")
    return deal


@pytest.mark.parametrize(("extra", "points"), [("", 60), ('jokers.reuse = "never"', None)])
def test_jb04_a_joker_serves_again_in_another_rank(extra: str, points: int | None) -> None:
    """JB-04, source: BC, HB, R9 (another rank); CPU (option): Q♠ Q♥ Q♦ + joker 1 as four
    queens, +60; refused with ``jokers.reuse = "never"``."""
    deal = _jacks_with_joker_1(extra)
    if points is None:
        assert "jokers.reuse = never" in (deal.problem("meld four_queens QS QH QD JK") or "")
        assert not [m for m in melds(deal) if "JK" in m]
    else:
        assert scored(deal, "meld four_queens QS QH QD JK") == points


def test_jb04_a_joker_never_serves_twice_in_one_rank() -> None:
    """JB-04, source: BC, HB, R9: J♣ J♠b J♥b + joker 1 as four jacks, refused (joker 1 has
    served in four jacks), though each of the three jacks is fresh."""
    deal = _jacks_with_joker_1()
    problem = deal.problem("meld four_jacks JC JSb JHb JK")
    assert problem is not None and problem.startswith("JK has already served in a jacks meld")
    assert not [m for m in melds(deal) if "four_jacks" in m]


def test_jb04_nor_in_the_trump_quartet_of_that_rank() -> None:
    """JB-04 with DJ10 (``jokers.in_trump_quartets = true``): the trump quartet of a rank is of
    that rank's class (R9: order 2), so joker 1 serves in no four trump jacks either; a fresh
    joker does (+80)."""
    deal = _jacks_with_joker_1("jokers.in_trump_quartets = true", "JC JC JKb")
    problem = deal.problem("meld trump_jacks JCa JCb JCc JKa")
    assert problem is not None and "once in each class" in problem
    assert [m for m in melds(deal) if "trump_jacks" in m] == ["meld trump_jacks JC JC JC JKb"]
    assert scored(deal, "meld trump_jacks JCa JCb JCc JKb") == 80


def test_class_rule_for_jokers_with_the_existing_ledger() -> None:
    """Item 1 of the class rule for jokers (docs/rules.md#dj11): the ledger's classes are the
    meld table's, each rank's quartets one class with the trump quartet of the rank at order 2
    (variants/joker.toml); a joker's marks are its own, like any card's."""
    c = bezique.compile.compile_rules(joker("jokers.in_trump_quartets = true"))
    by_name = c.meld_by_name
    for rank in ("aces", "kings", "queens", "jacks"):
        quartet, trump = by_name[f"four_{rank}"], by_name[f"trump_{rank}"]
        assert quartet.klass == trump.klass and (quartet.order, trump.order) == (1, 2)
    assert len({by_name[f"four_{rank}"].klass for rank in ("aces", "kings", "queens",
                                                           "jacks")}) == 4


def _beziques(extra: str) -> Deal:
    """JB-10: trumps ♠; P1 wins the first trick and declares Q♠a J♦a, the first bezique of the
    deal; P0 wins the second."""
    deal = Deal.from_position(
        joker(extra), hands=["QS QS QS JD JD JD 7C 9H", "QS JD 8H 7H"],
        stock=STOCK, dealer=0, trump="S", reachable=False)
    deal.apply("play 8H")
    deal.apply("play 7C")
    assert deal.to_move == 1 and deal.phase == "declare"
    return deal


@pytest.mark.parametrize(("extra", "first"), [("", 40), ("melds.first_bezique_value = 100", 100)])
def test_jb10_the_first_bezique_of_the_deal(extra: str, first: int) -> None:
    """JB-10, source: HB (code only); BC, M4, CPU (40): P1's Q♠a J♦a, the deal's first
    bezique, +40, then P0's Q♠b J♦b, +40; with ``melds.first_bezique_value = 100`` P1 +100."""
    deal = _beziques(extra)
    assert scored(deal, "meld bezique QSd JDd") == first
    deal.apply("draw")
    deal.apply("play 7H")
    deal.apply("play 9H")
    assert deal.to_move == 0 and deal.phase == "declare"
    assert scored(deal, "meld bezique QS JD") == 40


@pytest.mark.parametrize(("extra", "points"), [
    ("", None),
    ("melds.values.double_bezique = 500\nmelds.multi_bezique_growth = false", 500),
])
def test_jb10_a_double_bezique_laid_at_once(extra: str, points: int | None) -> None:
    """JB-10, source: BC-R §4.2 (option): P0 lays Q♠ Q♠ J♦ J♦ from his hand: refused (no
    double bezique in `joker`); +500 with ``melds.values.double_bezique = 500`` and
    ``melds.multi_bezique_growth = false``."""
    deal = won(extra, "QS QS JD JD", trump="S")
    if points is None:
        assert "no meld named 'double_bezique'" in (
            deal.problem("meld double_bezique QS QS JD JD") or "")
    else:
        assert scored(deal, "meld double_bezique QS QS JD JD") == points


def test_jb10_no_double_grown_from_a_tabled_single() -> None:
    """JB-10, source: BC-R §4.2: under ``melds.multi_bezique_growth = false`` P0 adding
    Q♠c J♦c to his tabled Q♠b J♦b as a double is refused; four fresh cards still make one."""
    deal = won("melds.values.double_bezique = 500\nmelds.multi_bezique_growth = false",
               "QS QS QS QS JD JD JD JD", trump="S")
    assert scored(deal, "meld bezique QSa JDa") == 40
    again(deal, "8C")
    problem = deal.problem("meld double_bezique QSa QSb JDa JDb")
    assert problem is not None and "multi_bezique_growth" in problem
    assert all("QSa" not in m for m in melds(deal) if "double" in m)
    assert scored(deal, "meld double_bezique QSb QSc JDb JDc") == 500


# ------------------------------------------------------------------ one test per option


@pytest.mark.parametrize("extra", ["", 'trump.melds_before_trump = "any"'])
def test_dj2_declarations_before_trumps(extra: str) -> None:
    """DJ2 (``trump.melds_before_trump``): by default only the marriage that fixes trumps
    (HB, M4, CPU); with ``"any"`` the bezique and the quartets too, the plain marriage never
    (there is no plain suit yet)."""
    deal = won(extra, "KH QH QS JD JS JC JD JK")
    offered = {m.split()[1] for m in melds(deal)}
    if extra:
        assert offered == {"royal_marriage", "bezique", "four_jacks"}
    else:
        assert offered == {"royal_marriage"}
        assert "trump.melds_before_trump" in (deal.problem("meld bezique QS JD") or "")


def test_dj3_sequence_from_own_marriage_is_not_require_trump_marriage_before_sequence() -> None:
    """DJ3 (``melds.sequence_from_own_marriage``) against the weaker
    ``melds.require_trump_marriage_before_sequence`` (S004): after scoring K♥a Q♥a, a sequence
    of the fresh K♥b Q♥b is refused by the first, allowed by the second."""
    hand = "KH QH AH 10H KH QH JH"
    for extra, allowed in (
        ("", False),
        ("melds.sequence_from_own_marriage = false\n"
         "melds.require_trump_marriage_before_sequence = true", True),
    ):
        deal = won(extra, hand)
        assert scored(deal, "meld royal_marriage KHa QHa") == 40
        again(deal, "8C")
        assert deal.can_apply("meld sequence AH 10H KHb QHb JH") is allowed, extra
        assert deal.can_apply("meld sequence AH 10H KHa QHa JH")


def test_dj3_the_marriage_must_be_on_the_table() -> None:
    """DJ3: the marriage the sequence grows from is on the player's table, intact: once its
    queen is played, its king makes no sequence with a fresh queen."""
    deal = won("", "KH QH AH 10H QH JH")
    assert scored(deal, "meld royal_marriage KHa QHa") == 40
    deal.apply("draw")
    deal.apply("play QHa")
    deal.apply("play 8S")
    deal.apply("draw")
    deal.apply("play 8C")
    deal.apply("play 9S")
    assert deal.problem("meld sequence AH 10H KHa QHb JH") is not None


@pytest.mark.parametrize("growth", [True, False])
def test_dj4_multi_bezique_growth(growth: bool) -> None:
    """DJ4 (``melds.multi_bezique_growth``): a double grown from a tabled single is allowed
    by default (EB9-643), refused under ``false`` (BC-R §4.2)."""
    extra = "melds.values.double_bezique = 500\n"
    deal = won(extra + f"melds.multi_bezique_growth = {str(growth).lower()}",
               "QS QS JD JD", trump="S")
    assert scored(deal, "meld bezique QSa JDa") == 40
    again(deal, "8C")
    assert deal.can_apply("meld double_bezique QSa QSb JDa JDb") is growth


def test_dj5_first_bezique_value_only_for_the_first() -> None:
    """DJ5 (``melds.first_bezique_value = 100``, HB): the first single bezique of the deal
    scores 100, the second (the same player's) 40, a double its own value."""
    deal = won("melds.first_bezique_value = 100\nmelds.values.double_bezique = 500",
               "QS QS QS QS JD JD JD JD", trump="S")
    assert scored(deal, "meld bezique QSa JDa") == 100
    again(deal, "8C")
    assert scored(deal, "meld bezique QSb JDb") == 40
    again(deal, "9C")
    assert scored(deal, "meld double_bezique QSc QSd JDc JDd") == 500


@pytest.mark.parametrize("value", [0, 200])
def test_dj7_four_jokers(value: int) -> None:
    """DJ7 (``melds.values.four_jokers``, M4): none by default; at 200 the four jokers are a
    meld of their own (class ``jokers``), whose jokers then serve in a quartet (another
    class) but in no second four jokers; three jokers and a king are no four jokers."""
    deal = won(f"melds.values.four_jokers = {value}", "JK JK JK JK KS KH KD", trump="C")
    four = "meld four_jokers JK JKb JKc JKd"
    if not value:
        assert "four_jokers" not in " ".join(melds(deal))
        assert deal.problem(four) is not None
        return
    assert "meld four_jokers JK JK JK JK" in melds(deal)
    assert deal.problem("meld four_jokers JK JKb JKc KS") is not None
    assert scored(deal, four) == value
    again(deal, "8C")
    assert deal.problem(four) is not None
    assert scored(deal, "meld four_kings KS KH KD JK") == 80


def test_dj7_four_jokers_never_reused_under_reuse_never() -> None:
    """DJ7 with DJ11 (``jokers.reuse = "never"``): after four jokers, no joker serves again."""
    deal = won('melds.values.four_jokers = 200\njokers.reuse = "never"', "JK JK JK JK KS KH KD",
               trump="C")
    assert scored(deal, "meld four_jokers JK JK JK JK") == 200
    again(deal, "8C")
    assert deal.problem("meld four_kings KS KH KD JK") is not None
    assert not melds(deal)


def test_dj8_wild_in() -> None:
    """DJ8 (``jokers.wild_in``): by default the quartets only (FRW, BC-R §4.2, HB, CPU, M4);
    PH's list lets a joker complete a marriage or a bezique too (two-card melds: the joker for
    either card), and the ledger marks the joker in each class it served in."""
    hand = "KS QS QH JK"
    assert melds(won("", hand, trump="C")) == ["meld marriage KS QS"]
    deal = won(PH, hand, trump="C")
    assert set(melds(deal)) == {
        "meld marriage KS QS", "meld marriage KS JK", "meld marriage QS JK",
        "meld marriage QH JK", "meld bezique QS JK"}
    assert scored(deal, "meld marriage QH JK") == 20
    again(deal, "8C")
    assert deal.problem("meld marriage KS JK") is not None  # the joker's marriage class
    assert "meld bezique QS JK" in melds(deal)  # another class
    assert scored(deal, "meld bezique QS JK") == 40


@pytest.mark.parametrize(("max_per_meld", "allowed"), [(1, False), (2, False), (3, True)])
def test_dj9_max_per_meld(max_per_meld: int, allowed: bool) -> None:
    """DJ9 (``jokers.max_per_meld``): K♠ + three jokers only where three may serve; four
    jokers are never four kings (at least one natural card)."""
    deal = won(f"jokers.max_per_meld = {max_per_meld}", "KS JK JK JK JK", trump="C")
    assert deal.can_apply("meld four_kings KS JK JKb JKc") is allowed
    assert deal.problem("meld four_kings JK JKb JKc JKd") is not None


@pytest.mark.parametrize("in_trump_quartets", [False, True])
def test_dj10_in_trump_quartets(in_trump_quartets: bool) -> None:
    """DJ10 (``jokers.in_trump_quartets``): J♦ J♦ J♦ + a joker with trumps ♦ are four trump
    jacks only where a joker may serve in a trump quartet (no source; house-rule hook)."""
    flag = str(in_trump_quartets).lower()
    deal = won(f"jokers.in_trump_quartets = {flag}", "JD JD JD JK", trump="D")
    assert deal.can_apply("meld trump_jacks JD JD JD JK") is in_trump_quartets
    assert deal.can_apply("meld four_jacks JD JD JD JK")


@pytest.mark.parametrize("reuse", ["class_rule", "never"])
def test_dj11_reuse(reuse: str) -> None:
    """DJ11 (``jokers.reuse``): a joker of four kings serves again in four queens under the
    class rule (BC, M4), never under ``"never"`` (CPU); a second joker always may."""
    deal = won(f'jokers.reuse = "{reuse}"', "KS KH KD JK QS QH QD JKb", trump="C")
    assert scored(deal, "meld four_kings KS KH KD JK") == 80
    again(deal, "8C")
    assert deal.can_apply("meld four_queens QS QH QD JKa") is (reuse == "class_rule")
    assert deal.can_apply("meld four_queens QS QH QD JKb")


def _queens_on_the_table(extra: str) -> Deal:
    """DJ12: Q♠, Q♥ and Q♦ on P0's table from a marriage, a marriage and a bezique (trumps ♣);
    a joker and the fourth clubs in his hand."""
    deal = won(extra, "KH QH KD QD QS JD JK", trump="C")
    assert scored(deal, "meld marriage KH QH") == 20
    again(deal, "8C")
    assert scored(deal, "meld marriage KD QD") == 20
    again(deal, "9C")
    assert scored(deal, "meld bezique QS JD") == 40
    again(deal, "10C")
    return deal


@pytest.mark.parametrize("fresh", [True, False])
def test_dj12_fresh_card_may_be_joker(fresh: bool) -> None:
    """DJ12 and J6 (``jokers.fresh_card_may_be_joker``, with
    ``melds.new_card_from_hand_required``): Q♠ Q♥ Q♦ from the table and a joker from the hand
    are four queens (M4), unless the hand's card may not be a joker (CPU)."""
    deal = _queens_on_the_table(f"jokers.fresh_card_may_be_joker = {str(fresh).lower()}")
    action = "meld four_queens QS QH QD JK"
    assert deal.can_apply(action) is fresh
    if not fresh:
        assert "fresh_card_may_be_joker" in (deal.problem(action) or "")
        assert not melds(deal)


def test_dj12_four_jokers_take_no_natural_card_from_the_hand() -> None:
    """DJ12 with DJ7: under ``jokers.fresh_card_may_be_joker = false`` four jokers take no card
    from the hand that is not a joker, so they could never be declared: validation refuses the
    profile at that key, and the engine, given such rules unvalidated, refuses the meld."""
    keys = "jokers.fresh_card_may_be_joker = false\nmelds.values.four_jokers = 200"
    with pytest.raises(bezique.ProfileError, match=r"jokers\.fresh_card_may_be_joker"):
        joker(keys)
    rules = joker("melds.values.four_jokers = 200")
    rules = evolve(rules, jokers=evolve(rules.jokers, fresh_card_may_be_joker=False))
    deal = Deal.from_position(
        rules, hands=["JK JK JK JK 7C 8C 9C 10C", "7H 8H 9H 10H"], stock=STOCK, dealer=1,
        trump="C", reachable=False)
    deal.apply("play 7C")
    deal.apply("play 7H")
    assert deal.problem("meld four_jokers JK JK JK JK") is not None


# ------------------------------------------------------------------ invariants J3, J5, J6

VARIANTS = {
    "joker": "",
    "ph": PH + "jokers.max_per_meld = 4\nmelds.values.four_jokers = 200",
    "cpu": 'jokers.reuse = "never"\njokers.fresh_card_may_be_joker = false',
    "house": "jokers.in_trump_quartets = true\nmelds.sequence_from_own_marriage = false\n"
             "melds.values.double_bezique = 500\nmelds.multi_bezique_growth = false\n"
             "melds.first_bezique_value = 100",
}
"""`joker` and house profiles over it that exercise every declaration key of the jokers."""


def _j5_j6_problem(rules: Rules, deal: Deal, act: Meld) -> str | None:
    """What J5 or J6 says of the declaration ``act`` offered now (None: both hold)."""
    c = bezique.compile.compile_rules(rules)
    t = c.meld_by_name[act.name]
    jokers = [x for x in act.cards if Card(x).is_joker]
    p = deal.to_move
    assert p is not None
    if t.suits == "jokers":
        return None if len(jokers) == len(act.cards) else "four jokers with a natural card"
    if jokers:
        wild = rules.jokers
        trump_quartet = t.suits == "trump" and len(t.ranks) == 1
        if len(jokers) > wild.max_per_meld or len(jokers) == len(act.cards):
            return f"{act}: jokers.max_per_meld or no natural card"
        if trump_quartet and not wild.in_trump_quartets:
            return f"{act}: a joker in a trump quartet"
        if not trump_quartet and act.name not in wild.wild_in:
            return f"{act}: a joker outside jokers.wild_in"
    fresh = [x for x in act.cards if x in deal.hand(p)]
    if not rules.jokers.fresh_card_may_be_joker:
        fresh = [x for x in fresh if not Card(x).is_joker]
    pending = any(d.pending and d.owner == p and d.cards == sum(1 << x for x in act.cards)
                  for d in deal.declarations)
    return None if fresh or pending else f"{act}: no fresh card from the hand (J6)"


@pytest.mark.parametrize("name", VARIANTS)
def test_j3_j5_j6_hold_in_random_joker_deals(name: str) -> None:
    """J3 (before trumps only a trump-fixing marriage is offered), J5 (a joker only in
    ``jokers.wild_in``, at most ``max_per_meld`` of them with a natural card, in a trump quartet
    only with ``in_trump_quartets``; never twice in one class, nor twice at all under
    ``jokers.reuse = "never"``) and J6 (a fresh card from the hand, not a joker where
    ``fresh_card_may_be_joker = false``) over random deals that favour declarations."""
    rules = joker(VARIANTS[name])
    seen = 0
    for seed in range(12):
        rng = random.Random(seed)
        deal = Deal.new(rules, seed=seed)
        served: dict[int, set[str]] = {}
        while not deal.is_over:
            legal = deal.legal_actions()
            offered = [a for a in legal if isinstance(a, Meld)]
            for act in offered:
                assert deal.trump is not None or act.name == "royal_marriage", act  # J3
                assert _j5_j6_problem(rules, deal, act) is None
            act = rng.choice(offered) if offered else rng.choice(legal)
            if isinstance(act, Meld):
                klass = rules.melds.table[act.name].klass
                for x in act.cards:
                    if Card(x).is_joker:
                        classes = served.setdefault(int(x), set())
                        assert klass not in classes, f"{act}: J5, once a class"
                        assert not (classes and rules.jokers.reuse == "never"), act
                        classes.add(klass)
                        seen += 1
            deal.apply(act)
    assert seen, "no joker was declared"


# ------------------------------------------------------------------ what a joker stands for


@pytest.mark.parametrize(("extra", "name", "cards", "trump", "text"), [
    ("", "four_jacks", "JS JH JC JK", None, "four jacks J♠ J♥ J♣ + joker as a jack"),
    ("jokers.max_per_meld = 4", "four_aces", "AS AH JK JKb", None,
     "four aces A♠ A♥ + 2 jokers as aces"),
    (PH, "bezique", "QS JK", 0, "bezique Q♠ + joker as J♦"),
    (PH, "royal_marriage", "KH JK", 1, "royal marriage K♥ + joker as Q♥"),
    ("melds.values.four_jokers = 200", "four_jokers", "JK JK JK JK", None,
     "four jokers JK JK JK JK"),
    ("", "four_jacks", "JS JH JC JD", None, "four jacks J♠ J♥ J♦ J♣"),
])
def test_declarations_show_which_card_a_joker_stands_for(
        extra: str, name: str, cards: str, trump: int | None, text: str) -> None:
    """A declaration read by people names what each joker stands for (docs/rules.md#joker:
    "a declaration that uses a joker names the meld it completes"); the notation stays as it
    is."""
    parsed = bezique.cards.parse_cards(cards)
    assert declaration_text(joker(extra), name, parsed, trump) == text


def test_joker_words_under_a_trump_fixed_later() -> None:
    """A bezique declared before trumps are fixed reads the same once they are."""
    rules = joker(PH + 'trump.melds_before_trump = "any"')
    assert joker_words(rules, "bezique", bezique.cards.parse_cards("QS JK"), 3) == \
        "joker as J♦"


def test_the_narration_and_the_record_of_a_joker_declaration() -> None:
    """The transcript says what the joker stands for; the record keeps the notation
    (``meld four_jacks JS JH JC JK``) and replays to the same deal."""
    deal = won("", "JS JH JC JK", trump="D")
    narrator = Narrator(deal.rules)
    lines = narrator.lines(deal, deal.apply("meld four_jacks JS JH JC JK"))
    assert lines == ["       Ada declares four jacks J♠ J♥ J♣ + joker as a jack: +40 "
                     "(four jacks, any suits; a joker may stand for one)"]
    text = dumps(deal)
    assert "meld four_jacks JS JH JC JK" in text
    assert rebuild(text) == deal


def test_a_tabled_joker_and_a_fresh_one_are_told_apart() -> None:
    """R10 with jokers: joker 1, served in four jacks, and a fresh joker differ in consequences
    (the fresh one may still serve in four jacks), so the bare ``JK`` of four queens is
    ambiguous and the qualified forms are offered."""
    deal = _jacks_with_joker_1(more="JK")
    queens = [m for m in melds(deal) if "four_queens" in m]
    assert sorted(queens) == ["meld four_queens QS QH QD JKa", "meld four_queens QS QH QD JKb"]
    with pytest.raises(NotationError):
        deal.apply("meld four_queens QS QH QD JK")
    assert scored(deal, "meld four_queens QS QH QD JKa") == 60


def test_the_labels_of_a_joker_declaration() -> None:
    """The web table's button and the terminal's numbered action name what the joker stands
    for after the notation."""
    deal = won("", "JS JH JC JK", trump="D")
    act = next(a for a in deal.legal_actions() if isinstance(a, Meld))
    label = action_json(deal, act, 0)["label"]
    assert label == "meld four_jacks JS JH JC JK (40 points; joker as a jack)"
    session = Session(deal.rules, seed=4, bot="greedy", read=input, out=io.StringIO())
    assert session._label(act, deal.trump) == "meld four_jacks J♠ J♥ J♣ JK (joker as a jack)"


def test_dj6_trump_quartets_and_their_option() -> None:
    """DJ6 (HB; M4 doubles the quartet; BC and CPU have none): in `joker` four trump aces score
    200 (and the quartets of kings, queens and jacks of trumps 160, 120, 80); with
    ``melds.values.trump_aces = 0`` the same four cards are four aces, 100."""
    rules = bezique.load_profile("joker")
    assert [rules.melds.values[f"trump_{r}"] for r in ("aces", "kings", "queens", "jacks")] == [
        200, 160, 120, 80]
    deal = won("", "ADa ADb ADc ADd", trump="D")
    melds = {str(a) for a in deal.legal_actions() if isinstance(a, Meld)}
    assert "meld trump_aces AD AD AD AD" in melds
    deal.apply("meld trump_aces AD AD AD AD")
    assert deal.scores == (200, 0)
    deal = won("melds.values.trump_aces = 0", "ADa ADb ADc ADd", trump="D")
    assert not any("trump_aces" in str(a) for a in deal.legal_actions())
    deal.apply("meld four_aces AD AD AD AD")
    assert deal.scores == (100, 0)
