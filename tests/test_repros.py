"""Game records of reported rules errors (`tests/repros/`, see its README), replayed to the
position where the engine once broke a ruling, with the answer the ruling gives there.

Each record replays in full (every action re-checked, the digest matched), so a change of the
engine that made any earlier action illegal fails here too."""

from __future__ import annotations

from pathlib import Path

import pytest

from bezique import Deal
from bezique.check.reuse import reuse_violation
from bezique.record import loads, rebuild

REPROS = Path(__file__).parent / "repros"


def _position(name: str) -> Deal:
    """The deal of ``repros/NAME.toml`` at its last recorded action."""
    subject = rebuild(loads((REPROS / f"{name}.toml").read_text(encoding="utf-8")))
    assert isinstance(subject, Deal)
    return subject


def _offered(deal: Deal) -> list[str]:
    return [str(a) for a in deal.legal_actions()]


@pytest.mark.parametrize(
    ("name", "action", "points"),  # points: (player, meld, points)
    [
        # R14 (b)-(c): the four jacks re-formed once is broken in turn, so the old remnant (J♦
        # left out of the re-forming) and the re-forming's remnant make four jacks again
        ("r12-quartet-free-again-after-its-re-forming-is-broken", "meld four_jacks JD JD JS JS",
         (1, "four_jacks", 40)),
        # R14 (d): K♣b's marriage lost Q♣b to a re-pairing; once Q♣b is played from that
        # marriage, K♣b is free to marry again
        ("r12-marriage-free-again-after-its-re-forming-is-broken", "meld royal_marriage KC QC",
         (1, "royal_marriage", 40)),
        # R12: a re-paired partner leaves its marriage; the re-pairing scores
        ("r12-repaired-partner-stays-in-the-marriage-it-left", "meld royal_marriage KSb QSf",
         (1, "royal_marriage", 40)),
        # R11, R12: `KCc QCe` announced (pending) while `KCc QCg` is intact and scored, `QCe`
        # the remnant of a broken marriage; the announcement scores where it stands
        ("r11-pending-re-pairing-scores-where-it-was-announced", "meld marriage KC QCe",
         (1, "marriage", 20)),
    ],
)
def test_r14_the_ruled_declaration_is_offered_and_scores(
    name: str, action: str, points: tuple[int, str, int]
) -> None:
    deal = _position(name)
    assert deal.problem(action) is None
    offered = deal.legal_actions()
    events = deal.apply(action)
    assert deal.actions[-1] in offered  # listed by legal_actions, not only accepted
    assert [(e.player, e.reason, e.points) for e in events if e.points] == [points]


@pytest.mark.parametrize(
    ("name", "before", "refused", "reason"),
    [
        # §1.1 rule 1 with melds.sequence_to_marriage = true: Q♥c now serves in the intact
        # K♥f Q♥c, so K♥a (whose marriage Q♥c left) is not married to it again
        ("class-rule-royal-marriage-card-offered-again", "meld royal_marriage KHf QH",
         "announce royal_marriage KHa QH", "already served in a marriage meld of this order"),
        ("class-rule-marriage-card-offered-again", "meld marriage KC QCd",
         "announce marriage KC QCa", "already served in a marriage meld of this order"),
        # R11: a second announced marriage may not share the K♠ of the first
        ("r11-second-announcement-shares-a-card", None, "announce marriage KS QSb",
         "pending marriage meld of this order"),
        # R12: a third four queens from the intact re-formed quartet and the old remnant
        ("r12-quartet-re-formed-twice", None, "announce four_queens QSa QSc QH QDb",
         "already served"),
        # R12: a broken four kings is not completed with kings of an intact one
        ("r12-quartet-re-formed-with-cards-of-an-intact-quartet", None,
         "meld four_kings KS KH KDa KDb", "already served"),
    ],
)
def test_the_ruled_declaration_is_refused_and_never_offered(
    name: str, before: str | None, refused: str, reason: str
) -> None:
    deal = _position(name)
    if before is not None:
        deal.apply(before)
    problem = deal.problem(refused)
    assert problem is not None and reason in problem, problem
    words = refused.split()[:2]
    for offered in deal.legal_actions():
        if str(offered).split()[:2] == words:
            assert deal.problem(str(offered)) is None
    assert refused not in _offered(deal)


def test_invariant_14_lets_a_pending_re_pairing_score() -> None:
    """Invariant 14's own model (`bezique.check.reuse`) once refused what the engine and the
    reference model allow: the pending re-pairing re-forms the broken marriage that lent it
    ``QCe``, and a declaration being scored does not bind against itself (R14 (c)); found by
    the property test over eight-pack deals."""
    deal = _position("r11-pending-re-pairing-scores-where-it-was-announced")
    assert reuse_violation(deal) is None
    deal.apply("meld marriage KC QCe")
    assert reuse_violation(deal) is None
