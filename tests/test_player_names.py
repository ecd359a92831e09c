"""One naming of players (issue 11 §2): ``0``/``1`` in the API, ``P0``/``P1`` in every text:
game results, settlement breakdowns, refusal messages, events, invariant errors."""

from __future__ import annotations

import random
import re

import hypothesis  # noqa: F401  # first: importing bezique.check.strategies before it is a cycle
import pytest

import bezique
from bezique.actions import Play
from bezique.check.invariants import InvariantError, _illegal_by_rule, hand_size
from bezique.players import PLAYERS, player_name

OLD_NAMES = re.compile(r"\bPlayer\b|\bplayer [01]\b|\b[AB]\b(?![♠♥♦♣])")
"""The namings used before: "Player 1", "player 0", "A"/"B" (not the ace of a card, "A♠")."""


def _random_game(profile: str, seed: int) -> bezique.Game:
    game = bezique.Game(bezique.load_profile(profile), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        deal = game.new_deal()
        while not deal.is_over:
            legal = [a for a in deal.legal_actions() if str(a) != "call out"] or (
                deal.legal_actions())
            game.apply(legal[int(rng.random() * len(legal))])
    return game


def test_player_name_writes_p0_and_p1() -> None:
    assert [player_name(p) for p in PLAYERS] == ["P0", "P1"]


@pytest.mark.parametrize(("profile", "seed"), [("bezique", 1), ("rubicon", 2), ("pinochle", 3),
                                               ("five-hundred", 4), ("besigue", 5)])
def test_results_and_breakdowns_name_players_p0_and_p1(profile: str, seed: int) -> None:
    game = _random_game(profile, seed)
    result = game.result
    assert result is not None
    text = result.describe()
    assert not OLD_NAMES.search(text), text
    if result.winner is not None:
        assert text.startswith(f"P{result.winner} wins ")
    lines = [line for s in game.settlements for line in s.breakdown]
    assert lines and not [line for line in lines if OLD_NAMES.search(line)]
    assert any(re.match(r"P[01]\b", line) for line in lines)


def test_settle_breakdown_names_p0_and_p1() -> None:
    rules = bezique.load_profile("rubicon")
    s = bezique.settle(rules, points=(1230, 840), brisques=(20, 12))
    assert s.breakdown and not [line for line in s.breakdown if OLD_NAMES.search(line)]
    assert any(line.startswith("P1") for line in s.breakdown)


@pytest.mark.parametrize("profile", ["bezique", "chinese", "pinochle", "rubicon"])
def test_refusals_name_the_player_p0_or_p1(profile: str) -> None:
    rng = random.Random(7)
    deal = bezique.Deal.new(bezique.load_profile(profile), seed=7)
    messages = []
    for _ in range(40):
        if deal.is_over:
            break
        for action, _rule in _illegal_by_rule(deal):
            try:
                deal.apply(action)
            except ValueError as exc:
                messages.append(str(exc))
        legal = deal.legal_actions()
        deal.apply(legal[int(rng.random() * len(legal))])
    not_held = [m for m in messages if "hand" in m]
    assert not_held and all(re.search(r"\bP[01]'s hand", m) for m in not_held), not_held
    assert not [m for m in messages if re.search(r"\bPlayer\b|\bplayer [01]\b", m)]


def test_a_refused_notation_names_the_player_p0_or_p1() -> None:
    deal = bezique.Deal.from_position(
        bezique.load_profile("bezique"), hands=["QS", "KS"], stock="8C 9S", dealer=0,
        reachable=False)
    with pytest.raises(bezique.IllegalAction, match=r"no Q♠ in P1's hand"):
        deal.apply("play QS")
    with pytest.raises(bezique.IllegalAction, match=r"A♠ is not in P1's hand"):
        deal.apply(Play("AS"))


def test_invariant_errors_name_players_p0_and_p1() -> None:
    deal = bezique.Deal.from_position(
        bezique.load_profile("bezique"), hands=["QS JD 7H", "KS 8S"], stock="8C 9D 9S KD",
        dealer=1, reachable=False)
    with pytest.raises(InvariantError, match=r"P[01] holds 3 cards") as info:
        hand_size(deal)
    assert not OLD_NAMES.search(str(info.value))
