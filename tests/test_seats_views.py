"""Issue 34, stage F: the text picture, the SVG picture and the narration at three and four
seats (docs/rules.md#more-seats): every seat shown, around the table in playing order from the
near one, partners marked, totals per team; the two-seat pictures unchanged, byte for byte."""

from __future__ import annotations

import hashlib
import random
import xml.etree.ElementTree as ET

import pytest
from attrs import evolve
from seated import PARTNERS, played, seated

import bezique
import bezique.view.svg as svg
from bezique import Deal
from bezique.view.narrate import NAMES, Narrator, breakdown, deal_header, name_players
from bezique.view.render import HIDDEN, card_text, text, view

NS = "{http://www.w3.org/2000/svg}"

TABLES = {
    "three": seated(3),
    "four": seated(4),
    "partnership": seated(4, teams=PARTNERS),
}


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _lines(picture: str, player: int) -> list[str]:
    """The four lines of a seat in a text picture: hand, table, score and seat."""
    lines = picture.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith(f"P{player}  hand   "))
    return lines[start:start + 4]


# ---------------------------------------------------------------- two seats: unchanged


def test_two_seat_pictures_are_byte_identical() -> None:
    """Text and SVG pictures of two-seat deals, hashed before the seats existed in the views:
    the same bytes (the two-seat layout is kept as it was)."""
    rules = bezique.load_profile("bezique")
    deal = played(rules, 1, 7)
    assert sha(text(deal)) == "dfcfd2e78640db4be4d586e5efd20979ee7dc19f171138128e0638ef4c2b7fe4"
    assert sha(text(deal, 1)) == "4618818178691db718175caa4b5adf969cdd483bf345d8213548eaac81e9252b"
    assert sha(svg.deal(deal, perspective=0)) == \
        "ba1a8202d858fb3b6dc612c089a6d11b086deab56178a805de69459371539f06"
    rng = random.Random(4)
    deal = Deal.new(rules, seed=4, dealer=0, totals=(120, 340))
    for _ in range(35):
        deal.apply(rng.choice(deal.legal_actions()))
    assert sha(text(deal)) == "d0a3dc6004fb14891e811bb7b6460bb75085c516b6d2bc81bd94695bf11bd0be"
    assert sha(svg.deal(deal)) == "668f5e0e1b0242a8dfafc5128d585ce0272585d04d2dce8ae72dd19bdd30e949"
    assert sha(svg.deal(deal, perspective=1)) == \
        "68f53b53b744f353924ebf5b9f12f3bdbcaabdc6ba74c63bde043d06cb21444f"


def test_two_seat_views_have_no_places() -> None:
    v = view(played(bezique.load_profile("pinochle"), 2, 9), 1)
    assert [s.player for s in v.seats] == [0, 1]
    assert all(s.place == "" and s.partners == () for s in v.seats)


# ---------------------------------------------------------------- text


@pytest.mark.parametrize("name", list(TABLES))
@pytest.mark.parametrize("plies", [0, 11, 60, None])
def test_every_seat_is_shown_in_playing_order(name: str, plies: int | None) -> None:
    """Without a perspective every hand is face up; the seats after P0 come first in playing
    order, then P0, the near seat; each has its place, and partners name each other."""
    rules = TABLES[name]
    n = rules.players
    deal = played(rules, 3, plies)
    picture = deal.render()
    assert HIDDEN not in picture
    v = view(deal)
    assert [s.player for s in v.seats] == [*range(1, n), 0]
    places = ["left", "right"] if n == 3 else ["left", "across", "right"]
    assert [s.place for s in v.seats] == [*places, "near"]
    order = [int(line[1]) for line in picture.splitlines() if line[2:9] == "  hand "]
    assert order == [*range(1, n), 0]
    for seat in v.seats:
        hand = " ".join(card_text(c) for c in deal.hand(seat.player)) or "-"
        first, _, score, where = _lines(picture, seat.player)
        assert first == f"P{seat.player}  hand   {hand}  ({len(deal.hand(seat.player))})"
        assert score.startswith(f"    score  {deal.scores[seat.player]}")
        assert where.startswith(f"    seat   {seat.place}")
        team = next(t for t in rules.teams if seat.player in t)
        assert seat.partners == tuple(p for p in team if p != seat.player)
        assert ("partner" in where) == (name == "partnership")


def test_partners_are_marked() -> None:
    """Partnership: P0 and P2 across from each other, each naming the other; P1 and P3 too."""
    picture = Deal.new(TABLES["partnership"], seed=1, dealer=3).render()
    assert _lines(picture, 0)[3] == "    seat   near, partner P2"
    assert _lines(picture, 2)[3] == "    seat   across, partner P0"
    assert _lines(picture, 1)[3] == "    seat   left, partner P3"
    assert _lines(picture, 3)[3] == "    seat   right, partner P1"


@pytest.mark.parametrize("name", list(TABLES))
def test_a_perspective_shows_only_what_the_seat_sees(name: str) -> None:
    """From seat p: his hand face up, of every other the cards shown to all (`Deal.known`),
    the rest face down; the seats after p first, p last."""
    rules = TABLES[name]
    n = rules.players
    deal = played(rules, 5, 90)
    for p in range(n):
        v = view(deal, p)
        assert [s.player for s in v.seats] == [(p + k) % n for k in range(1, n)] + [p]
        hidden = 0
        for seat in v.seats:
            q = seat.player
            if q == p:
                assert seat.hand == tuple(deal.hand(p)) and seat.hidden == 0
            else:
                assert seat.hand == tuple(deal.known(q))
                assert seat.hidden == len(deal.hand(q)) - len(deal.known(q))
            hidden += seat.hidden
        picture = deal.render(p)
        assert picture.count(HIDDEN) == hidden and picture.splitlines()[0].endswith(f"by P{p}")


def test_counterclockwise_play_swaps_left_and_right() -> None:
    """``seats.direction`` is descriptive: play passing to the right puts the next seat on the
    right."""
    rules = TABLES["four"]
    rules = evolve(rules, seats=evolve(rules.seats, direction="counterclockwise"))
    v = view(Deal.new(rules, seed=2))
    assert [(s.player, s.place) for s in v.seats] == [
        (1, "right"), (2, "across"), (3, "left"), (0, "near")]


def test_totals_are_shown_per_team() -> None:
    deal = Deal.new(TABLES["partnership"], seed=1, dealer=3, totals=(300, 1200))
    assert deal.render().splitlines()[-2] == "game       P0+P2 300, P1+P3 1200 (target 1000)"
    deal = Deal.new(TABLES["three"], seed=1, dealer=2, totals=(0, 50, 70))
    assert deal.render().splitlines()[-2] == "game       P0 0, P1 50, P2 70 (target 1000)"


def test_perspectives_are_checked() -> None:
    deal = Deal.new(TABLES["three"], seed=1)
    with pytest.raises(ValueError, match="expected None, a seat 0 to 2, got 3"):
        deal.render(3)
    with pytest.raises(ValueError, match="draw the deal from P1's perspective"):
        text(deal.observation(1))
    assert deal.render(2).splitlines()[0].endswith("seen by P2")


# ---------------------------------------------------------------- SVG


def _seat_groups(picture: str) -> dict[int, ET.Element]:
    root = ET.fromstring(picture)
    return {int(g.get("data-seat", "-1")): g for g in root.iter(f"{NS}g")
            if g.get("class") == "seat"}


@pytest.mark.parametrize("name", list(TABLES))
@pytest.mark.parametrize("plies", [0, 20, 80, None])
def test_svg_draws_every_seat_around_the_table(name: str, plies: int | None) -> None:
    """A valid picture with one group per seat, its place and partners as data, every card in
    hand and on the table drawn (face down where the onlooker has not seen it), and the seat to
    move framed."""
    rules = TABLES[name]
    deal = played(rules, 7, plies)
    for perspective in (None, *range(rules.players)):
        picture = svg.deal(deal, perspective=perspective, size=None)
        root = ET.fromstring(picture)
        assert root.get("viewBox") == "0 0 1260 900"
        assert all(e.get("id") is None for e in root.iter())
        groups = _seat_groups(picture)
        v = view(deal, perspective)
        assert sorted(groups) == list(range(rules.players))
        for seat in v.seats:
            g = groups[seat.player]
            assert g.get("data-place") == seat.place
            assert g.get("data-partners", "") == " ".join(map(str, seat.partners))
            faces = [c.get("data-card") for c in g.iter(f"{NS}g") if c.get("class") == "card"]
            backs = sum(c.get("class") == "back" for c in g.iter(f"{NS}g"))
            assert len(faces) == len(seat.hand) + len(seat.table)
            assert backs == seat.hidden
            framed = any(r.get("stroke") == svg.GOLD and r.get("fill") == "none"
                         for r in g.iter(f"{NS}rect"))
            assert framed == (deal.to_move == seat.player)
            label = "".join(t.text or "" for t in g.iter(f"{NS}text"))
            assert seat.place in label
            assert all(f"P{q}" in label for q in seat.partners)


def test_svg_marks_partners_and_team_totals() -> None:
    deal = Deal.new(TABLES["partnership"], seed=1, dealer=3, totals=(300, 1200))
    picture = svg.deal(deal)
    groups = _seat_groups(picture)
    assert {p: g.get("data-partners") for p, g in groups.items()} == {
        0: "2", 1: "3", 2: "0", 3: "1"}
    assert "game P0+P2 300, P1+P3 1200 of 1000" in picture
    assert ET.fromstring(picture).get("width") == "900"


# ---------------------------------------------------------------- narration


def test_names_for_four_seats() -> None:
    assert NAMES == ("Ada", "Bob", "Cy", "Dee")
    assert name_players("P0 leads, P3 wins; P2 and P1") == "Ada leads, Dee wins; Cy and Bob"
    assert name_players("P2 wins", ("You", "Bot")) == "P2 wins"


def test_narration_at_four_seats() -> None:
    """The deal header lists every hand; a trick line names its four plays; the breakdown has
    a column per seat that sums to the scores."""
    rules = TABLES["four"]
    deal = Deal.new(rules, seed=3, dealer=1)
    header = deal_header(deal, 1)
    assert header[0].startswith("=== Deal 1: Bob deals")
    assert [line.split()[0] for line in header[1:5]] == list(NAMES)
    narrator = Narrator(rules)
    rng = random.Random(3)
    tricks = []
    while not deal.is_over:
        for line in narrator.lines(deal, deal.apply(rng.choice(deal.legal_actions()))):
            if "->" in line:
                tricks.append(line)
    assert len(tricks) == 32
    assert all(sum(f"{name} " in t.split("->")[0] for name in NAMES) == 4 for t in tricks)
    rows = breakdown(deal)
    assert rows[0].split()[-4:] == list(NAMES)
    assert [int(x) for x in rows[-1].split()[-4:]] == list(deal.scores)


# ---------------------------------------------------------------- the rule sheet


def test_rule_sheets_at_more_seats() -> None:
    """The sheet names the seats and the partnerships, and reads the deal's rotation, the
    brisque majority and the count at more seats; two-seat sheets read as before."""
    from bezique.check.playout import at_seats
    from bezique.rulesheet import rulesheet

    base = bezique.profile_from_toml('extends = "bezique"\nbrisques.majority_bonus = 50')
    three = rulesheet(at_seats(base, 3), "text")
    assert "Three players, P0 to P2, numbered in playing order" in three
    assert "Every player plays for himself." in three
    assert "The deal passes to the next seat in playing order." in three
    assert "The player with the most brisques, if no other has as many, scores 50 more." \
        in three
    assert "Every player counts at the end of a deal." in three
    assert "until a player has 1000" in three
    four = rulesheet(at_seats(base, 4, teams=PARTNERS), "text")
    assert "Partnerships: P0 and P2 against P1 and P3" in four
    assert "until a side has 1000" in four
    two = rulesheet(base, "text")
    assert "The deal alternates." in two and "Both players count" in two
    assert "The player with more brisques scores 50 more." in two
