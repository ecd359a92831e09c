"""Rulings R11 and R12 (docs/rules.md#r11, docs/rules.md#r12) in play that favours declarations:
no two intact declarations (pending or scored) of one class and order share a card, and one
declaring turn no longer holds hundreds of announcements."""

from __future__ import annotations

import random

import pytest

from bezique import Deal, list_profiles, load_profile, profile_from_toml
from bezique.actions import Announce, Meld
from bezique.check.invariants import check
from bezique.compile import compile_rules
from bezique.melds import Declaration
from bezique.rules import Rules

BIG_CHINESE = profile_from_toml(
    'extends = "chinese"\ndeal.hand_size = 64\ndeal.packets = [1]'
)
"""Chinese with 64-card hands: before R11, one turn held up to 674 (here 954) announcements."""


def _repairing(deal: Deal, a: Declaration, b: Declaration) -> bool:
    """An announced re-pairing: a pending marriage sharing its partner with a scored one (the
    partner leaves that one when the re-pairing scores, R12)."""
    m = deal.rules.melds
    t = compile_rules(deal.rules).melds[a.template]
    return (
        m.reform_after_play and not m.reform_requires_hand_card
        and t.in_marriage_class and t.order == 1 and a.pending != b.pending
    )


def _shared_card(deal: Deal) -> str | None:
    """Two intact declarations of one player, class and order sharing a card, if any."""
    live = [d for d in deal.declarations if d.intact]
    for i, a in enumerate(live):
        for b in live[i + 1 :]:
            if (
                (a.owner, a.klass, a.order) == (b.owner, b.klass, b.order) and a.cards & b.cards
                and not _repairing(deal, a, b)
            ):
                return f"{a} and {b}"
    return None


def _declaring_play(rules: Rules, seed: int) -> int:
    """Play one deal always declaring when it may (a meld before an announcement), else at
    random; check every state; return the most announcements made in one turn."""
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed)
    most = turn = 0
    while not deal.is_over:
        acts = deal.legal_actions()
        declared = [a for a in acts if isinstance(a, Meld | Announce)]
        if declared:
            act = declared[0]
            if isinstance(act, Announce):
                turn += 1
                most = max(most, turn)
        else:
            act = rng.choice(acts)
            turn = 0
        deal.apply(act)
        shared = _shared_card(deal)
        assert shared is None, f"seed {seed}, after {act}: {shared}"
    return most


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_64_card_chinese_hand_announces_each_card_once_per_class_and_order(seed: int) -> None:
    most = _declaring_play(BIG_CHINESE, seed)
    assert 0 < most < 64  # each needs cards of its own: far from the hundreds before R11


@pytest.mark.parametrize("name", list_profiles())
@pytest.mark.parametrize("seed", [1, 2])
def test_declaring_play_never_holds_two_intact_declarations_sharing_a_card(
    name: str, seed: int
) -> None:
    _declaring_play(load_profile(name), seed)


def test_invariants_7_and_14_follow_a_re_pairing_and_the_re_forming_after_it() -> None:
    """Rubicon: K♥a is played, Q♥a is re-paired with K♥b (which leaves K♥b Q♥b, R12); then
    Q♥a is played and K♥b marries a fresh Q♥: a legal re-forming, not a reuse of K♥b."""
    deal = Deal.from_position(
        load_profile("rubicon"), dealer=1,
        hands=["KD QD KH QH KH QH 8C 9C 7S", "7D 8D 9D 10D JS 8S 9S 10S AS"],
        stock="KC AH 10C AH QH 9H 8H 7H JH 10H 7S 8S",
    )
    for action in (
        "play 8C", "play 7D", "meld KD QD", "draw", "play 9C", "play 8S",
        "meld marriage KHa QHa", "draw", "play KC", "play 9S", "meld marriage KHb QHb", "draw",
        "play KHa", "play 10S", "meld marriage KHb QHa", "draw", "play QHa", "play JS",
    ):
        deal.apply(action)
    assert "meld marriage KH QHc" in [str(a) for a in deal.legal_actions()]
    deal.apply("meld marriage KH QHc")
    check(deal, dealt=False)
