"""Issue 34, stage I: the observation tensor and the AI adapters at three and four seats
(docs/ai.md#more-seats), and at two seats the very tensors, strings and rewards of before.

No validated profile has more than two seats yet, so the rules here are built with
``attrs.evolve`` (`test_seats_play.seated`) and given to the adapters as `Rules` objects
(`bezique.adapters.openspiel.register_rules` names them for OpenSpiel). The OpenSpiel and
PettingZoo parts skip without their extras, as tests/test_openspiel.py and
tests/test_pettingzoo.py do.
"""

from __future__ import annotations

import hashlib
import random
import struct
from functools import cache
from typing import Final

import pytest
from test_seats_play import seated

import bezique
from bezique import Deal, load_profile
from bezique.compile import compile_rules
from bezique.features import (
    FeatureBlock,
    deal_tensor,
    observation_layout,
    observation_size,
    observation_tensor,
)
from bezique.rules.model import Rules

PARTNERS: Final = ((0, 2), (1, 3))
TABLES: Final = ((3, None), (4, None), (4, PARTNERS))
"""Three seats, four alone, four in partnerships (seats 0 and 2 against 1 and 3)."""
TABLE_IDS: Final = ("three", "four", "partnership")


@cache
def rules_at(n: int, teams: tuple[tuple[int, ...], ...] | None, profile: str = "bezique") -> Rules:
    return seated(n, profile, teams=teams)


def blocks(rules: Rules) -> dict[str, FeatureBlock]:
    return {b.name: b for b in observation_layout(rules)}


def part(tensor: list[float], b: FeatureBlock) -> list[float]:
    return tensor[b.offset:b.offset + b.size]


def played(rules: Rules, seed: int, plies: int) -> Deal:
    """A deal of ``rules`` after up to ``plies`` seeded random actions."""
    deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    for _ in range(plies):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


# ---------------------------------------------------------------------- two seats as before


def _two_seat_tensors() -> str:
    """A hash of the layouts of the built-in profiles and of both players' tensors at every
    ply of three seeded random deals of each."""
    h = hashlib.sha256()
    for name in bezique.list_profiles():
        rules = load_profile(name)
        if rules.players != 2:
            continue
        h.update(repr([(b.name, b.offset, b.size, b.meaning)
                       for b in observation_layout(rules)]).encode())
        for seed in range(3):
            rng = random.Random(seed)
            deal = Deal.new(rules, seed=seed, dealer=seed % 2)
            while True:
                for p in (0, 1):
                    t = observation_tensor(deal.observation(p))
                    h.update(struct.pack(f"{len(t)}d", *t))
                if deal.is_over:
                    break
                deal.apply(rng.choice(deal.legal_actions()))
    return h.hexdigest()


def test_two_seat_tensors_and_layouts_as_before() -> None:
    """Taken on main at beefa4b, before stage I: the two-seat layout and every value of it."""
    assert _two_seat_tensors() == (
        "25b288c604f0691f6d9af696b2b029e4f04818dc4e789fff567ed6d8ba250302")


# ---------------------------------------------------------------------- the N-seat tensor


@pytest.mark.parametrize(("n", "teams"), TABLES, ids=TABLE_IDS)
@pytest.mark.parametrize("profile", ["bezique", "rubicon", "pinochle", "five-hundred"])
def test_tensor_size_range_and_shortcut(
    n: int, teams: tuple[tuple[int, ...], ...] | None, profile: str
) -> None:
    """Every seat's tensor at random states of every phase has `observation_size` values in
    [0, 1], the layout tiles it, and `deal_tensor` gives the tensor of `Deal.observation`."""
    rules = rules_at(n, teams, profile)
    layout = observation_layout(rules)
    offset = 0
    for b in layout:
        assert b.offset == offset and b.size > 0 and b.meaning
        offset += b.size
    size = observation_size(rules)
    assert offset == size and len({b.name for b in layout}) == len(layout)
    for seed in range(2):
        for plies in (0, 9, 60, 1000):
            deal = played(rules, seed, plies)
            for seat in range(n):
                tensor = observation_tensor(deal.observation(seat))
                assert len(tensor) == size
                assert all(0.0 <= x <= 1.0 for x in tensor), (profile, n, seed, plies, seat)
                assert deal_tensor(deal, seat) == tensor


def test_layout_names_a_block_per_other_seat() -> None:
    c = compile_rules(rules_at(4, PARTNERS))
    k, m = len(c.pack_ranks) * 4, len(c.melds)
    sizes = {b.name: b.size for b in observation_layout(rules_at(4, PARTNERS))}
    for i in (1, 2, 3):
        assert {f"next{i}_{x}": sizes[f"next{i}_{x}"] for x in (
            "table", "known", "hand_size", "captured", "trick", "declared", "pending")} == {
            f"next{i}_table": k, f"next{i}_known": k, f"next{i}_hand_size": 1,
            f"next{i}_captured": k, f"next{i}_trick": k, f"next{i}_declared": m,
            f"next{i}_pending": m}
    assert "next4_table" not in sizes and "opp_table" not in sizes
    assert (sizes["turn"], sizes["partners"], sizes["scores"], sizes["totals"]) == (4, 3, 4, 2)
    three = {b.name: b.size for b in observation_layout(rules_at(3, None))}
    assert (three["turn"], three["partners"], three["scores"], three["totals"]) == (3, 2, 3, 3)
    assert "next3_table" not in three
    called = {b.name: b.size for b in observation_layout(rules_at(4, None, "five-hundred"))}
    assert called["called_out"] == 4 and "called_out" not in sizes


def _four_seat_trick() -> Deal:
    """Partnership, P3 deals, P0 leads: P0 plays K♥, P1 A♥ and P2 7♠; P3 to play."""
    deal = Deal.from_position(
        rules_at(4, PARTNERS), hands=["KH 9D", "AH 9D", "7S 9D", "8H 9D"],
        stock="8C 8S 8H", turn_up="7C", dealer=3, scores=[30, 0, 50, 20])
    for card in ("KH", "AH", "7S"):
        deal.apply(f"play {card}")
    return deal


def test_trick_turn_and_seats_are_by_seat_from_the_observer() -> None:
    """Each seat sees the trick's cards in the blocks of the seats that played them, counted
    from itself, and the one-hot seat blocks turned the same way."""
    deal = _four_seat_trick()
    b = blocks(deal.rules)
    kind = {b_: i for i, b_ in enumerate(s * 8 + r for s in range(4) for r in range(8))}
    cards = {"KH": kind[1 * 8 + 2], "AH": kind[1 * 8 + 0], "7S": kind[0 * 8 + 7]}  # RANKS
    by_seat = {0: "KH", 1: "AH", 2: "7S"}
    for me in range(4):
        t = observation_tensor(deal.observation(me))
        for rel in range(4):
            seat = (me + rel) % 4
            name = "own_trick" if rel == 0 else f"next{rel}_trick"
            expected = [0.0] * 32
            if seat in by_seat:
                expected[cards[by_seat[seat]]] = 1.0
            assert part(t, b[name]) == expected, (me, rel)
        one = [0.0] * 4
        one[(3 - me) % 4] = 1.0
        assert part(t, b["turn"]) == one  # P3 to move
        assert part(t, b["dealer"]) == one  # P3 dealt
        lead = [0.0] * 4
        lead[(0 - me) % 4] = 1.0
        assert part(t, b["leader"]) == lead
        assert part(t, b["partners"]) == [0.0, 1.0, 0.0]
        assert part(t, b["last_trick"]) == [0.0] * 4


def test_scores_by_seat_and_totals_by_team_from_the_observer() -> None:
    deal = _four_seat_trick()
    b = blocks(deal.rules)
    target = deal.target
    for me in range(4):
        t = observation_tensor(deal.observation(me))
        assert part(t, b["scores"]) == [
            deal.scores[(me + r) % 4] / target for r in range(4)]
    rules = rules_at(4, PARTNERS)
    deal = Deal.from_position(rules, hands=["KH", "AH", "7S", "8H"], stock="8C 8S 8H 9D",
                              dealer=3, totals=(400, 100))
    b = blocks(rules)
    for me, (own, other) in enumerate([(400, 100), (100, 400), (400, 100), (100, 400)]):
        t = observation_tensor(deal.observation(me))
        assert part(t, b["totals"]) == [own / deal.target, other / deal.target]
    three = rules_at(3, None)
    deal = Deal.from_position(three, hands=["KH", "AH", "7S"], stock="8C 8S 8H",
                              dealer=2, totals=(300, 100, 200))
    b = blocks(three)
    t = observation_tensor(deal.observation(1))
    assert part(t, b["totals"]) == [x / deal.target for x in (100, 200, 300)]
    assert part(t, b["partners"]) == [0.0, 0.0]


def test_hand_size_known_table_and_declarations_per_seat() -> None:
    """A declaration by P1: on P1's own blocks, and on the ``next{i}`` blocks of every other
    seat, ``i`` seats before P1; the tabled cards likewise; the hand sizes per seat."""
    rules = rules_at(3, None)
    deal = Deal.from_position(
        rules, hands=["7H 8H 9H", "AS QS JD", "7C 8C 9C"], stock="8D 8S 9S 7D 7S 10D",
        dealer=0)
    deal.apply("play AS")  # P1 leads and wins
    deal.apply("play 7C")
    deal.apply("play 7H")
    deal.apply("meld bezique QS JD")
    b = blocks(rules)
    own = observation_tensor(deal.observation(1))
    assert sum(part(own, b["own_declared"])) > 0 and sum(part(own, b["own_table"])) == 2 / 3
    for me in (0, 2):
        t = observation_tensor(deal.observation(me))
        rel = (1 - me) % 3
        assert part(t, b[f"next{rel}_declared"]) == part(own, b["own_declared"])
        assert part(t, b[f"next{rel}_table"]) == part(own, b["own_table"])
        assert part(t, b[f"next{rel}_captured"]) == part(own, b["own_captured"])
        assert sum(part(t, b[f"next{3 - rel}_declared"])) == 0
        assert part(t, b[f"next{rel}_hand_size"]) == [0.0]  # both cards tabled
        other = 2 if me == 0 else 0
        assert part(t, b[f"next{(other - me) % 3}_hand_size"]) == [2 / 8]


def test_equal_observations_give_equal_tensors_partner_included() -> None:
    """A determinized world (every other seat's hidden cards redealt, a partner's too) gives
    the observer the same tensor; its own hand shows."""
    rules = rules_at(4, PARTNERS)
    for seed in range(3):
        deal = played(rules, seed, 25 + 10 * seed)
        me = deal.to_move if deal.to_move is not None else 0
        tensor = observation_tensor(deal.observation(me))
        world = deal.determinize(me, random.Random(seed))
        assert world.hand((me + 2) % 4) != deal.hand((me + 2) % 4)
        assert observation_tensor(world.observation(me)) == tensor
