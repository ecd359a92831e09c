"""Rules of trump fixing and the trump-dependent bezique pair, for every suit and value
(docs/rules.md#game-bezique-first-marriage, #game-rubicon, #game-chinese, D25, R9) — loops that a
TOML scenario would repeat."""

from __future__ import annotations

import pytest

import bezique
from bezique.cards import SUITS

PAIRED_JACK = {"S": "D", "D": "S", "C": "H", "H": "C"}
"""CMC-6 / HERRING: the bezique is the trump queen with the jack of the paired suit."""



def _other_suit(suit: str) -> str:
    return next(s for s in SUITS if s not in (suit, "C"))


@pytest.mark.parametrize("value", [20, 40, 60])
@pytest.mark.parametrize("suit", ["S", "H", "D"])
def test_first_marriage_fixes_trumps_and_scores_first_marriage_value(suit: str,
                                                                     value: int) -> None:
    rules = bezique.profile_from_toml(
        f'extends = "bezique-first-marriage"\ntrump.first_marriage_value = {value}')
    deal = bezique.Deal.from_position(
        rules, hands=[f"K{suit} Q{suit} 8C 9C 10C JC QC KC", "7S 8S 9S 7H 8H 9H 7D 8D"],
        stock="AC AS AH AD 10S 10H", dealer=1)
    low = "7" + _other_suit(suit)
    deal.apply("play 8C")
    deal.apply(f"play {low}")
    events = deal.apply(f"meld K{suit} Q{suit}")
    assert deal.trump == SUITS.index(suit)
    assert [e.points for e in events if e.kind == "score"] == [value]


@pytest.mark.parametrize("trump", SUITS)
def test_chinese_bezique_is_trump_queen_with_paired_jack(trump: str) -> None:
    jack = PAIRED_JACK[trump]
    lead, discard = [s for s in SUITS if s != trump][:2]
    deal = bezique.Deal.from_position(
        bezique.load_profile("chinese"),
        hands=[f"Q{trump} J{jack} QS JD 7{lead} 8{lead} 9{lead}",
               f"7{discard} 8{discard} 9{discard} 10{discard}"],
        stock=f"A{lead} A{discard} K{lead} K{discard}", dealer=1, trump=trump, reachable=False)
    deal.apply(f"play 7{lead}")
    deal.apply(f"play 7{discard}")
    assert deal.can_apply(f"meld bezique Q{trump} J{jack}")
    assert deal.can_apply("meld bezique QS JD") is (trump == "S")


def test_chinese_bezique_needs_trumps_fixed_rubicon_bezique_does_not() -> None:
    for name, expected in (("chinese", False), ("rubicon", True)):
        deal = bezique.Deal.from_position(
            bezique.load_profile(name), hands=["QS JD 8C 9C 10C 7C 7H 8H 9H",
                                               "7S 8S 9S 7D 8D 9D 10D AD JS"],
            stock="KH QH KD QD KS QS", dealer=1, reachable=False)
        deal.apply("play 8C")
        deal.apply("play 7S")
        assert deal.can_apply("meld bezique QS JD") is expected, name
