"""What a user reads of a `Declaration` (in ``deal.declarations``, observations and the views
built on them): its meld's name, its cards as `Card` values and its state, never the engine's
bitmask; the ints stay fields for the engine."""

from __future__ import annotations

import pickle

import attrs

import bezique
from bezique import Card, Deal
from bezique.actions import Meld
from bezique.melds import Declaration


def _bezique_declared() -> tuple[Deal, Meld]:
    """P0 wins a trick and declares a bezique (Q♠ J♦)."""
    deal = Deal.from_position(bezique.load_profile("bezique"),
                              hands=["AS QS JD 7C 8C 9C 7D 8D", "7H 8H 9H 10H JH QH KH AH"],
                              stock="7S 8S 9S 10S", leader=0)
    deal.apply("play AS")
    deal.apply("play 7H")
    meld = next(a for a in deal.legal_actions() if isinstance(a, Meld) and a.name == "bezique")
    deal.apply(meld)
    return deal, meld


def test_a_declaration_shows_its_meld_name_and_cards() -> None:
    deal, _ = _bezique_declared()
    (decl,) = deal.declarations
    assert repr(decl) == ("Declaration(owner=0, name='bezique', cards=(Card('QS'), Card('JD')), "
                          "intact=True, pending=False, serial=1)")
    assert str(decl.cards) not in repr(decl)  # no bitmask shown
    assert decl.name == "bezique" and decl.card_list == (Card("QS"), Card("JD"))


def test_str_reads_like_the_meld_notation() -> None:
    deal, meld = _bezique_declared()
    (decl,) = deal.declarations
    assert str(decl) == "bezique QS JD" == str(meld).removeprefix("meld ")
    deal.apply("draw")
    deal.apply("play QS")  # from the table, while there is a stock
    deal.apply(deal.legal_actions()[0])
    assert str(deal.declarations[0]) == "bezique QS JD (broken)"


def test_an_observation_shows_the_readable_declarations() -> None:
    deal, _ = _bezique_declared()
    for seat in (0, 1):
        shown = repr(deal.observation(seat).declarations)
        assert "name='bezique', cards=(Card('QS'), Card('JD'))" in shown


def test_the_engine_fields_stay_ints() -> None:
    deal, _ = _bezique_declared()
    (decl,) = deal.declarations
    template = bezique.compile.compile_rules(deal.rules).meld_by_name["bezique"]
    assert decl.template == template.index and decl.cards == sum(1 << c for c in decl.card_list)
    assert [a.name for a in attrs.fields(Declaration)][:10] == list(Declaration.__match_args__)


def test_a_joker_declaration_names_its_jokers() -> None:
    deal = Deal.from_position(bezique.load_profile("joker"),
                              hands=["AS JS JH JC JK 7C 8C 9C 7D", "7H 8H 9H 10H QH KH AH 8D 9D"],
                              stock="7S 8S", trump="H", leader=0)
    deal.apply("play AS")
    deal.apply("play 8D")
    deal.apply("meld four_jacks JS JH JC JK")
    (decl,) = deal.declarations
    assert decl.name == "four_jacks" and Card("JK") in decl.card_list
    assert str(decl) == "four_jacks JS JH JC JK"
    assert "cards=(Card('JS'), Card('JH'), Card('JC'), Card('JK'))" in repr(decl)


def test_the_name_takes_no_part_in_equality_and_pickles() -> None:
    deal, _ = _bezique_declared()
    (decl,) = deal.declarations
    unnamed = attrs.evolve(decl, name="")
    assert unnamed == decl and hash(unnamed) == hash(decl)
    assert "template=" in repr(unnamed) and str(unnamed).startswith("meld ")
    assert pickle.loads(pickle.dumps(decl)).name == "bezique"


def test_a_deal_pickled_before_declarations_had_names_gets_them_back() -> None:
    """A deal pickled before the name existed holds declarations without one (their
    constructor's default): unpickling names them from the profile."""
    deal, _ = _bezique_declared()
    deal._decls = tuple(attrs.evolve(d, name="") for d in deal._decls)
    back = pickle.loads(pickle.dumps(deal))
    assert back == deal and back.declarations[0].name == "bezique"
