"""Issue 34, stage C2: partners declaring and sharing their tables (docs/rules.md#more-seats).

The declaring turn of a partnership (``partnership.declarer``, ``partnership.consult``, DM8 and
DM9: the trick's winner declares, passes to his partner or draws). Scenarios are the worked
example MP-06 of the project's survey of the sources, citing its sources; the random playouts
check the invariant N7 for every value of ``partnership.declarer``.

No validated profile has more than two seats yet (the validation gate), so the rules here are
built with ``attrs.evolve`` (tests/test_seats_play.py), which validation does not see.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest
from attrs import evolve
from test_seats_play import packs, seated

import bezique
from bezique.actions import Action, Meld, Pass
from bezique.compile import PASS_BACK, PASS_FINAL, PASS_NONE, compile_rules
from bezique.deal import Deal
from bezique.encoding import encoding
from bezique.errors import IllegalAction
from bezique.resolve import resolve
from bezique.rules.model import Rules

TEAMS = ((0, 2), (1, 3))
"""Partners opposite: P0 and P2 against P1 and P3 (BIC-4H, ENQ-129, WOH)."""


def partnership(rules: Rules | None = None, **keys: Any) -> Rules:
    """``rules`` (bezique at four seats with four packs by default) with partners opposite and
    these ``partnership`` keys."""
    rules = rules or seated(4)
    rules = evolve(rules, seats=evolve(rules.seats, teams=TEAMS))
    return evolve(rules, partnership=evolve(rules.partnership, **keys))


def listed(deal: Deal) -> list[str]:
    return [str(a) for a in deal.legal_actions()]


def play(deal: Deal, *actions: str) -> Deal:
    for action in actions:
        deal.apply(action)
    return deal


# ---------------------------------------------------------------- MP-06: passing the privilege

OTHERS = "7C 8C 9C 7D 8D 9D"
"""P1's and P3's hands in MP-06: nothing to declare, nothing to beat an ace of hearts."""


def p0_wins(rules: Rules, p0: str, p2: str) -> Deal:
    """MP-06's table: trumps ♠ (the 9♠ turned up), P0 leads A♥ and wins; his declaring turn."""
    deal = Deal.from_position(
        rules, hands=[p0, OTHERS, p2, OTHERS], stock="10C 10C KC KC 10D 10D KD",
        turn_up="9S", dealer=3, leader=0)
    return play(deal, "play AH", "play 7C", "play 8D", "play 7D")


NOTHING = "AH AH 7C 8C 9C 7D"
JACKS = "AH AH JS JH JC JD"
MARRIAGE = "KH QH 8D 9D 10D 10C"
BARE = "7H 8H 8D 9D 10D 10C"


def test_mp06a_the_winner_passes_and_his_partner_declares() -> None:
    """MP-06 (a) (BIC-4H): P0 wins with nothing to declare, P2 holds K♥ Q♥; P0 passes, P2
    declares the heart marriage, +20 to P2 (team 0 +20); then P0, P1, P2, P3 draw in that
    order (the draw starts with the trick's winner, whoever holds the turn) and P0 leads."""
    deal = p0_wins(partnership(), NOTHING, MARRIAGE)
    assert deal.to_move == 0 and listed(deal) == ["pass", "draw"]
    events = deal.apply("pass")
    assert [str(e) for e in events] == ["P0 pass to P2"]
    assert deal.to_move == 2 and deal.phase == "declare"
    assert listed(deal) == ["meld marriage KH QH", "draw"]
    deal.apply("meld marriage KH QH")
    assert deal.scores == (0, 0, 20, 0)
    assert deal.scores[0] + deal.scores[2] == 20  # the side's points
    deal.apply("draw")
    assert [e.player for e in deal.events if e.kind == "draw"] == [0, 1, 2, 3]
    assert deal.to_move == deal.leader == 0 and deal.phase == "lead"


def test_mp06b_a_pass_is_final_under_winner_or_pass() -> None:
    """MP-06 (b) (BIC-4H: "if the partner cannot declare, the winner of the trick cannot then
    declare"): P0 holds four jacks and passes; P2 has nothing: no declaration on this trick,
    and P0 declares his jacks only on a later win."""
    deal = p0_wins(partnership(), JACKS, BARE)
    assert "meld four_jacks JS JH JD JC" in listed(deal)
    deal.apply("pass")
    assert listed(deal) == ["draw"]
    before = deal.clone()
    with pytest.raises(IllegalAction, match=r"the trick winner passed the declaration to P2 "
                       r"\(partnership.declarer = winner_or_pass\)"):
        deal.apply("pass")
    assert deal == before  # a refused action changes nothing
    assert deal.problem("meld four_jacks JS JH JD JC") == (
        "meld four_jacks JS JH JD JC: no J♠ in P2's hand")
    deal.apply("draw")
    assert not [e for e in deal.events if e.kind == "meld"]
    play(deal, "play AH", "play 8C", "play 9D", "play 8C")  # P0 wins again
    assert deal.to_move == 0 and "meld four_jacks JS JH JD JC" in listed(deal)
    deal.apply("meld four_jacks JS JH JD JC")
    assert deal.scores == (40, 0, 0, 0)


def test_mp06c_the_partner_hands_the_turn_back_under_winner_or_partner() -> None:
    """MP-06 (c) (EB9-643, ENQ-129; the hand-back is derived): as (b) with
    ``partnership.declarer = "winner_or_partner"``: P2 declines, the turn returns to P0, who
    declares four jacks, +40; no second hand-back."""
    deal = p0_wins(partnership(declarer="winner_or_partner"), JACKS, BARE)
    deal.apply("pass")
    assert listed(deal) == ["pass", "draw"]
    assert [str(e) for e in deal.apply("pass")] == ["P2 pass to P0"]
    assert deal.to_move == 0
    assert listed(deal) == ["meld four_jacks JS JH JD JC", "draw"]
    with pytest.raises(IllegalAction, match="P2 handed the declaration back to P0 already"):
        deal.apply("pass")
    deal.apply("meld four_jacks JS JH JD JC")
    assert deal.scores == (40, 0, 0, 0)
    deal.apply("draw")
    assert [e.player for e in deal.events if e.kind == "draw"] == [0, 1, 2, 3]


def test_mp06d_no_pass_under_winner_only() -> None:
    """MP-06 (d): with ``"winner_only"`` no pass is offered, and in (a) P2 cannot declare."""
    rules = partnership(declarer="winner_only")
    assert compile_rules(rules).passing == PASS_NONE
    deal = p0_wins(rules, NOTHING, MARRIAGE)
    assert listed(deal) == ["draw"]
    with pytest.raises(IllegalAction, match=r"only the trick's winner declares "
                       r"\(partnership.declarer = winner_only\)"):
        deal.apply("pass")
    deal.apply("draw")
    assert deal.phase == "lead" and deal.scores == (0, 0, 0, 0)


def test_a_pass_comes_before_any_declaration() -> None:
    """The pass is the winner's first choice: once he has declared (or shown the dix), the
    side's declaration of the trick is made (one a trick, ``melds.per_trick``)."""
    deal = p0_wins(partnership(), JACKS, MARRIAGE)
    deal.apply("meld four_jacks JS JH JD JC")
    assert "pass" not in listed(deal)
    with pytest.raises(IllegalAction, match="a pass comes before any declaration or dix"):
        deal.apply("pass")


def test_one_declaration_for_the_side_across_a_hand_back() -> None:
    """``melds.per_trick`` counts the side's declarations: under ``"winner_or_partner"`` the
    partner who declares ends the side's declaring (no hand-back then), and a winner who
    declares after a hand-back declares once."""
    deal = p0_wins(partnership(declarer="winner_or_partner"), JACKS, MARRIAGE)
    deal.apply("pass")
    deal.apply("meld marriage KH QH")
    assert not [a for a in listed(deal) if a == "pass" or a.startswith("meld")]


def test_consult_offers_the_pass_only_to_a_partner_who_could_declare() -> None:
    """``partnership.consult`` (ENQ-129, DM9; read: the winner sees whether his partner could
    declare): the pass is offered only when the partner has a declaration (a meld or the dix);
    so is the hand-back, only when the winner has one."""
    deal = p0_wins(partnership(consult=True), NOTHING, MARRIAGE)
    assert listed(deal) == ["pass", "draw"]
    deal = p0_wins(partnership(consult=True), JACKS, BARE)
    assert "pass" not in listed(deal)
    with pytest.raises(IllegalAction, match=r"P2 has nothing to declare \(partnership.consult"):
        deal.apply("pass")
    rules = partnership(declarer="winner_or_partner", consult=True)
    deal = play(p0_wins(rules, JACKS, MARRIAGE), "pass")
    assert "pass" in listed(deal)
    deal = play(p0_wins(rules, NOTHING, MARRIAGE), "pass")
    assert listed(deal) == ["meld marriage KH QH", "draw"]


def test_the_dix_is_the_turn_holders() -> None:
    """The dix is shown or exchanged by the seat holding the declaring turn (docs/rules.md
    #more-seats): after a pass, the partner's dix, not the winner's."""
    deal = p0_wins(partnership(), "AH AH 7S 8C 9C 7D", "7S 8H 8D 9D 10D 10C")
    assert "dix show" in listed(deal)
    deal.apply("pass")
    assert "dix show" in listed(deal)
    deal.apply("dix show")
    assert deal.scores == (0, 0, 10, 0)
    assert "pass" not in listed(deal)


def test_no_pass_without_a_partner_or_outside_the_declaring_turn() -> None:
    """Two seats, and individual play at four, never pass; nor does anyone at a lead."""
    two = Deal.new(bezique.load_profile("bezique"), seed=3)
    assert compile_rules(two.rules).passing == PASS_NONE
    assert two.problem("pass") == "P1 has no partner to pass to (seats.teams)"
    alone = p0_wins(seated(4), NOTHING, MARRIAGE)
    assert "pass" not in listed(alone)
    assert compile_rules(partnership()).passing == PASS_FINAL
    assert compile_rules(partnership(declarer="winner_or_partner")).passing == PASS_BACK
    deal = Deal.new(partnership(), seed=3)
    assert deal.problem("pass") == "a pass hands on the declaring turn, after a stock trick is won"


# ---------------------------------------------------------------- the search seams with passes


def chooser(rng: random.Random) -> Any:
    """A random policy that likes to declare and to pass, so that playouts reach them."""

    def choose(deal: Deal) -> Action:
        legal = deal.legal_actions()
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds and rng.random() < 0.8:
            return rng.choice(melds)
        if Pass() in legal and rng.random() < 0.6:
            return Pass()
        return rng.choice(legal)

    return choose


DECLARERS = ["winner_or_pass", "winner_or_partner", "winner_only"]


@pytest.mark.parametrize("declarer", DECLARERS)
def test_snapshot_clone_undo_and_pickle_round_trip_with_passes(declarer: str) -> None:
    """`snapshot`/`restore`, `clone`, `undo` and pickling keep the passes of the declaring
    turn: every action, passes included, is taken back exactly."""
    rules = partnership(packs(4), declarer=declarer)
    choose = chooser(random.Random(declarer))
    deal = Deal.new(rules, seed=11, dealer=3)
    passes = 0
    while not deal.is_over:
        before = deal.clone()
        snap = deal.snapshot()
        action = choose(deal)
        passes += isinstance(action, Pass)
        deal.apply(action)
        twin = before.clone()
        twin.apply(action)
        assert twin == deal
        assert pickle.loads(pickle.dumps(deal)) == deal
        deal.restore(snap)
        assert deal == before and deal.legal_actions() == before.legal_actions()
        deal.apply(action)
        assert deal == twin and deal.legal_actions() == twin.legal_actions()
        if isinstance(action, Pass) or deal.phase == "declare":
            undone = twin.clone()
            assert undone.undo() == action and undone == before
    assert (passes > 0) == (declarer != "winner_only")


def test_a_snapshot_after_a_pass_restores_the_partners_turn() -> None:
    """A snapshot taken after a pass, restored after the draw, gives the partner his turn
    back; the two-seat snapshot layout has no room for passes (two seats never pass)."""
    deal = play(p0_wins(partnership(), NOTHING, MARRIAGE), "pass")
    after = deal.clone()
    snap = deal.snapshot()
    play(deal, "meld marriage KH QH", "draw")
    deal.restore(snap)
    assert deal == after and deal.to_move == 2 and listed(deal) == listed(after)
    assert len(snap._values) == len(Deal.new(bezique.load_profile("bezique")).snapshot()._values)


def test_the_encoding_has_a_pass_block_for_partners_only() -> None:
    """docs/encoding.md: a ``pass`` id where partners may pass; none at two seats."""
    assert "pass" not in [b.name for b in encoding(bezique.load_profile("bezique")).blocks]
    assert "pass" not in [b.name for b in encoding(partnership(declarer="winner_only")).blocks]
    rules = partnership()
    enc = encoding(rules)
    deal = p0_wins(rules, NOTHING, MARRIAGE)
    assert enc.decode(deal, enc.id_of(Pass())) == Pass()
    assert [str(enc.action_of(i)) for i in enc.legal_ids(deal)] == ["draw", "pass"]


# ---------------------------------------------------------------- random play: N7 and N9


def variants() -> Iterator[tuple[str, Rules]]:
    base = packs(4)
    for declarer in DECLARERS:
        yield declarer, partnership(base, declarer=declarer)
    yield "consult", partnership(base, consult=True)
    yield "partner-consult", partnership(base, declarer="winner_or_partner", consult=True)


VARIANTS = dict(variants())


def check_n7(deal: Deal) -> None:
    """N7 over the events: the declarations after a won trick are made by the seat holding the
    declaring turn (the winner until he passes, then his partner, who may hand it back under
    ``"winner_or_partner"``), at most ``melds.per_trick`` scoring ones for the side; none by the
    side that lost the trick, none in the end phase."""
    c = compile_rules(deal.rules)
    most = {PASS_NONE: 0, PASS_FINAL: 1, PASS_BACK: 2}[c.passing]
    winner, passes, melds, end = -1, 0, 0, False
    for e in deal.events:
        if e.kind == "trick":
            assert e.player is not None
            winner, passes, melds = e.player, 0, 0
        elif e.kind == "end_phase":
            end = True
        elif e.kind == "pass":
            holder = winner if passes % 2 == 0 else c.partner[winner]
            assert not end and e.player == holder and not melds
            passes += 1
            assert passes <= most
        elif e.kind in ("meld", "announce", "dix_show", "dix_exchange"):
            assert not end and winner >= 0
            holder = winner if passes % 2 == 0 else c.partner[winner]
            assert e.player == holder
            assert c.team_of[e.player] == c.team_of[winner]
            melds += e.kind == "meld"
            assert melds <= deal.rules.melds.per_trick


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_partnership_deals_keep_n7(variant: str) -> None:
    """N7 over random playouts of four-seat partnership Bezique (four packs, triple and
    quadruple bezique), every legal action's notation naming it exactly, and the scores the
    sum of the seats' scoring events."""
    rules = VARIANTS[variant]
    c = compile_rules(rules)
    passes = 0
    for seed in range(40):
        choose = chooser(random.Random(seed))
        deal = Deal.new(rules, seed=seed, dealer=seed % 4)
        while not deal.is_over:
            if deal.phase == "declare":
                for action in deal.legal_actions():
                    assert resolve(deal, str(action)) == action
            action = choose(deal)
            passes += isinstance(action, Pass)
            deal.apply(action)
        check_n7(deal)
        for p in range(4):
            assert deal.scores[p] == sum(e.points for e in deal.events
                                         if e.kind == "score" and e.player == p)
    assert (passes > 0) == (c.passing != PASS_NONE)
