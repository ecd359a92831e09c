"""`Deal.from_position` takes card lists in every form of the library's notation and refuses
hand sizes that no deal of the profile reaches (docs/deals.md, "A stacked position")."""

from __future__ import annotations

from typing import Any

import pytest

import bezique
from bezique import Card, Deal, PositionError
from bezique.check.scenario import parse_scenario, run_scenario

RULES = bezique.load_profile("bezique")
HANDS = ("KS KH KC KD QD AD 10D JD", "7S 8S 9S 7C 8C 9C 7H 8H")
STOCK = "9H 10S JS AS 10H AH AC 10C QH JH QC"  # no kind twice: an int places copy a


def _as_strings() -> Deal:
    return Deal.from_position(RULES, hands=list(HANDS), stock=STOCK, turn_up="9D", dealer=1)


@pytest.mark.parametrize("form", [
    lambda text: text.split(),                                   # a list of card strings
    lambda text: [Card(t) for t in text.split()],                # a list of Cards
    lambda text: [int(Card(t)) for t in text.split()],           # a list of ints
    lambda text: [Card(t) if i % 2 else t for i, t in enumerate(text.split())],  # mixed
])
def test_every_card_list_takes_every_form(form: Any) -> None:
    deal = Deal.from_position(RULES, hands=[form(h) for h in HANDS], stock=form(STOCK),
                              turn_up=Card("9D"), dealer=1)
    expected = _as_strings()
    assert deal == expected and deal.origin == expected.origin


@pytest.mark.parametrize(("hands", "stock", "argument", "shown"), [
    ([["KS", "KX"], ["7S", "8S"]], "", "hands[0][1]", "'KX'"),
    ([["KS", "KH KC"], ["7S", "8S"]], "", "hands[0][1]", "'KH KC'"),
    ([["KS", None], ["7S", "8S"]], "", "hands[0][1]", "None"),
    ([["KS", 2.5], ["7S", "8S"]], "", "hands[0][1]", "2.5"),
    (["KS 8D", "7S 8S"], ["9H", "QZ"], "stock[1]", "'QZ'"),
    (["KS 8D", "7S 8S"], [9999], "stock[0]", "9999"),
])
def test_a_bad_card_is_named_by_its_place_and_shown(hands: Any, stock: Any, argument: str,
                                                    shown: str) -> None:
    with pytest.raises(PositionError) as err:
        Deal.from_position(RULES, hands=hands, stock=stock, trump="S", reachable=False)
    assert err.value.argument == argument and shown in str(err.value)


@pytest.mark.parametrize(("hands", "stock", "argument", "says"), [
    (["AS 10S KS QS JS 9S 8S", "AH 10H KH QH JH 9H 8H 7H"], "7D 8D", "hands", "one size"),
    (["AS 10S KS", "AH 10H"], "", "hands", "one size"),
    (["AS 10S KS QS JS 9S 8S 7S 7D", "AH 10H KH QH JH 9H 8H 7H 8D"], "", "hands", "at most 8"),
    (["AS 10S KS QS JS 9S 8S 7S 7D", "AH 10H KH QH JH 9H 8H 7H 8D"], "9C 10C", "hands",
     "at most 8"),
    (["AS 10S", "AH 10H"], "KD QD", "hands", "hands of 8 cards"),
    (["AS 10S KS QS JS 9S 8S 7S", "AH 10H KH QH JH 9H 8H 7H"], "7D 8D 9D", "hands",
     "3 cards to draw"),
])
def test_hand_sizes_no_deal_reaches_are_refused(hands: list[str], stock: str, argument: str,
                                                says: str) -> None:
    with pytest.raises(PositionError) as err:
        Deal.from_position(RULES, hands=hands, stock=stock, trump="S")
    assert err.value.argument == argument and says in str(err.value)
    # a rules scenario may stack them all the same, where the position plays to its end
    assert Deal.from_position(RULES, hands=hands, stock=stock, trump="S", reachable=False)


@pytest.mark.parametrize(("hands", "stock"), [
    (["AS 10S KS QS JS 9S 8S 7S", "AH 10H KH QH JH 9H 8H 7H"], "7D 8D"),   # the stock phase
    (["AS 10S KS QS JS 9S 8S 7S", "AH 10H KH QH JH 9H 8H 7H"], ""),        # the end phase
    (["AS 10S", "AH 10H"], ""),
    (["AS", "AH"], ""),
])
def test_sizes_a_deal_reaches_are_accepted(hands: list[str], stock: str) -> None:
    deal = Deal.from_position(RULES, hands=hands, stock=stock, trump="S")
    assert deal.phase == "lead" and deal.in_end_phase is not bool(stock)


def test_four_seats_need_four_equal_hands() -> None:
    rules = bezique.load_profile("four-handed")
    full = ["AS 10S KS QS JS 9S 8S 7S", "AH 10H KH QH JH 9H 8H 7H",
            "AD 10D KD QD JD 9D 8D 7D", "AC 10C KC QC JC 9C 8C 7C"]
    assert Deal.from_position(rules, hands=full, stock="7S 7H 7D", turn_up="7C", dealer=3)
    short = [*full[:3], "AC 10C KC QC JC 9C 8C"]
    with pytest.raises(PositionError, match="got 8, 8, 8 and 7 cards"):
        Deal.from_position(rules, hands=short, stock="7S 7H 7D", turn_up="7C", dealer=3)
    with pytest.raises(PositionError, match=r"^hands: 6 cards to draw"):
        Deal.from_position(rules, hands=full, stock="7S 7H 7D 8S 8H", turn_up="7C", dealer=3)


def test_reachable_must_be_a_bool() -> None:
    with pytest.raises(PositionError, match=r"^reachable: expected True or False"):
        Deal.from_position(RULES, hands=["AS", "AH"], trump="S", reachable="no")


SCENARIO = '''
title = "card lists as lists of strings"
source = "tests/test_position_input.py"
profile = "bezique"
[position]
hands = [["KS", "KH", "KC", "KD", "8C", "9S", "9H", "8H"],
         ["7S", "8S", "10C", "JC", "AH", "10H", "QC", "9D"]]
stock = ["9C", "10S", "8D"]
turn_up = "JD"
dealer = 1
[[step]]
do = ["play 8C", "play 7S", "meld KS KH KC KD"]
expect_points = ["P0 +80 four_kings"]
expect = { hand_0 = ["9S", "9H", "8H"], table_0 = "KS KH KC KD" }
'''


def test_a_scenario_takes_card_lists_as_lists_of_strings() -> None:
    result = run_scenario(parse_scenario(SCENARIO))
    assert result.passed, result.report()


def test_a_scenario_says_when_its_position_is_only_stacked() -> None:
    short = SCENARIO.replace('stock = ["9C", "10S", "8D"]', 'stock = ["9C", "10S"]')
    result = run_scenario(parse_scenario(short))
    assert not result.passed and "hands: 3 cards to draw" in result.report()
    stacked = short.replace("dealer = 1", "dealer = 1\nreachable = false")
    assert run_scenario(parse_scenario(stacked)).passed
