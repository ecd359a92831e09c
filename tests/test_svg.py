"""`bezique.view.svg`: valid, self-contained SVG pictures that show exactly what the onlooker
sees."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from conftest import played
from jokers import JOKER_PROFILES, quartet_position

import bezique
import bezique.view.svg
from bezique import Deal
from bezique.cards import card_name, parse_card
from bezique.view.render import view

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).parent.parent


def _drawn(picture: str) -> tuple[Counter[str], int]:
    """The face-up cards (by notation) and the number of backs a picture draws."""
    root = ET.fromstring(picture)
    groups = list(root.iter(f"{NS}g"))
    faces = Counter(g.get("data-card", "") for g in groups if g.get("class") == "card")
    backs = sum(g.get("class") == "back" for g in groups)
    return faces, backs


def _self_contained(picture: str) -> None:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    for element in root.iter():
        for key, value in element.attrib.items():
            assert "href" not in key and "url(" not in value, (key, value)
        assert element.tag not in (f"{NS}image", f"{NS}style", f"{NS}script")
        assert element.get("id") is None  # no ids: several pictures may share one page


@pytest.mark.parametrize("plies", [0, 13, 60, 500])
def test_deal_pictures_are_valid_self_contained_svg(builtin_name: str, plies: int) -> None:
    deal = played(builtin_name, 4, plies)
    for perspective in (None, 0, 1):
        picture = bezique.view.svg.deal(deal, perspective=perspective)
        _self_contained(picture)
        assert picture.startswith("<svg") and picture._repr_svg_() == picture
    assert deal._repr_svg_() == bezique.view.svg.deal(deal)


@pytest.mark.parametrize("plies", [0, 7, 40, 90])
def test_a_picture_shows_the_cards_the_onlooker_sees_and_backs_for_the_rest(
    builtin_name: str, plies: int
) -> None:
    deal = played(builtin_name, 6, plies)
    for perspective in (None, 0, 1):
        v = view(deal, perspective)
        visible = [c for seat in v.seats for c in (*seat.hand, *seat.table)]
        visible += [*v.trick] or ([*v.last_trick[1]] if v.last_trick else [])
        stock_shown = v.stock_size and not v.in_end_phase
        if stock_shown and v.turn_up is not None:
            visible.append(v.turn_up)
        faces, backs = _drawn(bezique.view.svg.deal(deal, perspective=perspective))
        assert faces == Counter(card_name(c) for c in visible)
        hidden = sum(seat.hidden for seat in v.seats)
        stock_backs = min(3, v.stock_size - (v.turn_up is not None)) if stock_shown else 0
        assert backs == hidden + stock_backs
        if perspective is not None:  # the other seats' unseen cards are face down
            assert hidden == sum(len(deal.hand(q)) - len(deal.known(q))
                                 for q in range(deal.rules.players) if q != perspective)


def test_declared_cards_are_drawn_apart_with_a_gold_edge() -> None:
    deal = Deal.from_position(
        bezique.load_profile("bezique"), hands=["KD QD AS 7C 8C 9C 10S JS", "AH 10H KH QH JC 7H "
                                                "8H 9H"], stock="AD 10D KS QS JD 7D", dealer=1,
    )
    for action in ("play AS", "play 7H", "meld KD QD"):
        deal.apply(action)
    root = ET.fromstring(bezique.view.svg.deal(deal))
    edged = [g.get("data-card") for g in root.iter(f"{NS}g")
             if g.get("class") == "card"
             and g.find(f"{NS}rect").get("stroke") == bezique.view.svg.GOLD]
    assert sorted(edged) == ["KD", "QD"]
    assert any(t.text == "royal marriage" for t in root.iter(f"{NS}text"))


def test_card_draws_rank_suit_and_colour() -> None:
    red = ET.fromstring(bezique.view.svg.card(parse_card("10H"), size=120))
    assert red.get("width") == "120" and red.get("height") == "168"
    assert [t.text for t in red.iter(f"{NS}text")] == ["10"]
    assert {p.get("fill") for p in red.iter(f"{NS}path")} == {bezique.view.svg.RED}
    black = ET.fromstring(bezique.view.svg.card(parse_card("QC")))
    assert {p.get("fill") for p in black.iter(f"{NS}path")} == {bezique.view.svg.BLACK}
    back = ET.fromstring(bezique.view.svg.card(parse_card("QC"), face_down=True))
    assert not list(back.iter(f"{NS}text"))


def test_size_none_leaves_the_picture_to_its_container() -> None:
    root = ET.fromstring(bezique.view.svg.deal(played("rubicon", 1, 3), size=None))
    assert root.get("width") is None and root.get("viewBox") == "0 0 900 628"


def test_an_unknown_perspective_raises_value_error() -> None:
    with pytest.raises(ValueError, match="perspective"):
        bezique.view.svg.deal(played("bezique", 1, 0), perspective=3)


def test_the_readme_picture_is_checked_in_and_valid() -> None:
    picture = (ROOT / "docs" / "table.svg").read_text(encoding="utf-8")
    _self_contained(picture)
    assert "![" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/table.svg)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_a_joker_has_a_face_of_its_own() -> None:
    """docs/cards.md#jokers: a joker is drawn face up as a joker, not as a blank or a card of a
    suit: ``JK`` and a small star in the corner, a large star, ``JOKER`` along the foot, in the
    joker's ink; its group names it (``data-card``)."""
    root = ET.fromstring(bezique.view.svg.card(parse_card("JKb"), size=120))
    group = next(root.iter(f"{NS}g"))
    assert group.get("class") == "card" and group.get("data-card") == "JK"
    assert [t.text for t in root.iter(f"{NS}text")] == ["JK", "JOKER"]
    paths = list(root.iter(f"{NS}path"))
    assert len(paths) == 2 and {p.get("d") for p in paths} == {bezique.view.svg.JOKER_PATH}
    assert {p.get("fill") for p in paths} == {bezique.view.svg.JOKER_INK}


@pytest.mark.parametrize("name", JOKER_PROFILES)
def test_a_joker_deal_is_drawn_with_its_jokers(name: str) -> None:
    """A joker deal (JB-03's position: P0's joker in hand, then on his table in four jacks)
    draws each joker seen as a joker face, the unseen ones as backs."""
    deal = quartet_position(name)
    faces, _ = _drawn(bezique.view.svg.deal(deal))
    assert faces["JK"] == 1
    deal.apply("meld four_jacks JS JH JC JK")
    root = ET.fromstring(bezique.view.svg.deal(deal, perspective=1))
    tabled = [g for g in root.iter(f"{NS}g") if g.get("data-card") == "JK"]
    assert len(tabled) == 1
    assert tabled[0].find(f"{NS}rect").get("stroke") == bezique.view.svg.GOLD
    assert [t.text for t in tabled[0].iter(f"{NS}text")] == ["JK", "JOKER"]
