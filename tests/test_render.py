"""`Deal.render` and `bezique.view.render.view`: the text picture shows what the onlooker may
see."""

from __future__ import annotations

import random

import pytest
from conftest import played
from jokers import JOKER_PROFILES, quartet_position

import bezique
from bezique import Deal
from bezique.cli import main
from bezique.view.render import HIDDEN, card_text, text, view


def _line(picture: str, start: str, after: str | None = None) -> str:
    """The first line of ``picture`` starting with ``start`` (after the line ``after``)."""
    lines = picture.splitlines()
    if after is not None:
        lines = lines[next(i for i, x in enumerate(lines) if x.startswith(after)) + 1:]
    return next(x for x in lines if x.startswith(start))


@pytest.mark.parametrize("plies", [0, 9, 40, 400])
def test_render_without_perspective_shows_both_hands_and_tables(
    builtin_name: str, plies: int
) -> None:
    deal = played(builtin_name, 3, plies)
    picture = deal.render()
    assert HIDDEN not in picture
    v = view(deal)
    for seat in v.seats:
        assert seat.hand == tuple(deal.hand(seat.player)) and seat.hidden == 0
        assert seat.table == tuple(deal.table(seat.player))
        assert seat.score == deal.scores[seat.player]
        hand = " ".join(card_text(c) for c in deal.hand(seat.player)) or "-"
        assert _line(picture, f"P{seat.player}  hand   ") == f"P{seat.player}  hand   {hand}  " \
            f"({len(deal.hand(seat.player))})"
    n = deal.rules.players  # player 0 nearest, as white in chess; the others in playing order
    assert [s.player for s in v.seats] == [*range(1, n), 0]
    last = picture.splitlines()[-1]
    assert last.startswith("deal over" if deal.is_over else f"P{deal.to_move} ")


@pytest.mark.parametrize("plies", [0, 5, 30, 70])
def test_render_from_a_perspective_hides_exactly_the_unseen_cards(
    builtin_name: str, plies: int
) -> None:
    deal = played(builtin_name, 8, plies)
    n = deal.rules.players
    for p in range(n):
        v = view(deal, p)
        near = v.seats[-1]
        assert near.player == p and near.hand == tuple(deal.hand(p)) and near.hidden == 0
        assert [s.player for s in v.seats[:-1]] == [(p + k) % n for k in range(1, n)]
        for far in v.seats[:-1]:  # partners see no more of each other than opponents do
            q = far.player
            assert far.hand == tuple(deal.known(q))
            assert far.hidden == len(deal.hand(q)) - len(deal.known(q))
        # a world that differs only in what p cannot see draws the same picture
        world = deal.determinize(p, random.Random(plies))
        assert world.render(p) == deal.render(p)
        if n == 2:  # an observation alone is drawn at two seats only (its view needs the deal)
            assert text(deal.observation(p)) == deal.render(p)


def test_a_stock_or_opponent_card_never_shows_from_a_perspective() -> None:
    deal = played("bezique", 5, 6)
    picture = deal.render(0)
    far = _line(picture, "P1  hand")
    assert far.count(HIDDEN) == len(deal.hand(1)) - len(deal.known(1))
    assert "seen by P0" in picture.splitlines()[0]


def test_render_shows_the_trick_the_turn_up_and_trumps() -> None:
    deal = Deal.new(bezique.load_profile("bezique"), seed=7, dealer=0)
    deal.apply("play AS")
    picture = deal.render()
    assert _line(picture, "trick") == "trick      A♠ (P1 led)"
    assert picture.splitlines()[0] == "bezique · P0 deals · trumps ♦ · turn-up 10♦ · stock 48"
    deal.apply("play 10C")
    assert _line(deal.render(), "last trick") == "last trick A♠ 10♣ (won by P1)"


def test_render_names_the_declarations_on_the_table() -> None:
    deal = Deal.from_position(
        bezique.load_profile("bezique"), hands=["KD QD AS 7C 8C 9C 10S JS", "AH 10H KH QH JC 7H "
                                                "8H 9H"], stock="AD 10D KS QS JD 7D", dealer=1,
    )
    deal.apply("play AS")
    deal.apply("play 7H")
    deal.apply("meld KD QD")
    picture = deal.render(1)
    assert _line(picture, "    table", after="P0  hand") == "    table  K♦ Q♦  (royal_marriage)"
    assert "score  40" in picture


def test_render_refuses_an_unknown_perspective() -> None:
    deal = Deal.new(bezique.load_profile("bezique"), seed=1)
    with pytest.raises(ValueError, match="perspective"):
        deal.render(2)
    with pytest.raises(ValueError, match="P0's"):
        text(deal.observation(0), 1)


def test_game_totals_show_in_a_later_deal() -> None:
    deal = Deal.new(bezique.load_profile("bezique"), seed=1, totals=(450, 720))
    assert _line(deal.render(), "game") == "game       P0 450, P1 720 (target 1000)"


def test_cli_replay_ply_from_a_perspective(tmp_path: object,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    from bezique import record

    deal = played("bezique", 12, 5)
    path = Path(str(tmp_path)) / "r.toml"
    record.dump(deal, path)
    assert main(["replay", str(path), "--ply", "5", "--perspective", "0"]) == 0
    out = capsys.readouterr().out
    assert "\n".join("  " + x for x in deal.render(0).splitlines()) in out
    assert ("legal: " in out) == (deal.to_move == 0)


def test_str_of_a_deal_is_its_picture_and_repr_stays_one_line() -> None:
    deal = played("chinese", 2, 11)
    assert str(deal) == deal.render()
    assert "\n" not in repr(deal)


@pytest.mark.parametrize("name", JOKER_PROFILES)
def test_a_joker_is_written_jk_in_hands_tables_and_tricks(name: str) -> None:
    """A joker is written ``JK`` (docs/cards.md#jokers), last in a hand; from another seat's
    perspective a joker in P0's hand is hidden, one on his table shown."""
    deal = quartet_position(name)
    n = deal.rules.players
    assert _line(deal.render(), "P0  hand   ").startswith("P0  hand   K♠ Q♠ J♠ J♥ 9♦ 8♦ J♣ JK  ")
    assert "JK" not in deal.render(1)
    deal.apply("meld four_jacks JS JH JC JK")
    assert _line(deal.render(1), "    table  ", after="P0  hand") == \
        "    table  J♠ J♥ J♣ JK  (four_jacks)"
    while deal.to_move != 0 or deal.phase != "lead":
        deal.apply(deal.legal_actions()[0])
    deal.apply("play JK")
    assert _line(deal.render(n - 1), "trick      ") == "trick      JK (P0 led)"
