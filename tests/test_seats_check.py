"""Issue 34, stage F: the check toolkit at three and four seats (docs/testing.md,
docs/rules.md#more-seats).

The invariants (docs/rules.md#invariants, and N1 to N12 of N-seat deals) hold on random deals at
three and four seats and in partnership, under the end phase's keys; the N-seat invariants hold
at two seats too; planted engine faults are caught by the matching invariant; the strategies
draw dealers among the seats and build N-seat states by playing; `check_rules` runs
``bezique check`` on an N-seat rules object; scenario checks name seats 0 to 3.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

import pytest
from attrs import evolve
from conftest import patches_the_engine
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

import bezique
from bezique import Deal
from bezique.cards import Card, iter_bits
from bezique.check import invariants_seats as seats
from bezique.check.failure import SEAT_NAMES, InvariantError
from bezique.check.invariants import atomic_rejection, check, check_playout
from bezique.check.playout import Playout, at_seats
from bezique.check.scenario_checks import STATE_CHECKS, state_mismatches
from bezique.check.strategies import deals, playouts, positions, profiles
from bezique.cli.check import check_rules, replayable
from bezique.compile import compile_rules
from bezique.errors import ProfileError
from bezique.game import Game
from bezique.melds import Declaration
from bezique.record import rebuild
from bezique.rules import Rules
from bezique.state import DECLARE

PARTNERS = ((0, 2), (1, 3))
BEZIQUE = bezique.load_profile("bezique")
TABLES = {
    "three": at_seats(BEZIQUE, 3),
    "four": at_seats(BEZIQUE, 4),
    "partnership": at_seats(BEZIQUE, 4, teams=PARTNERS),
}
Invariant = Callable[[Deal], None]


@pytest.fixture(autouse=True)
def fresh_tables() -> Iterator[None]:
    """A fault patched into the engine must neither meet memoized tables nor leave its own."""
    compile_rules.cache_clear()
    yield
    compile_rules.cache_clear()


def random_deals(rules: Rules, seeds: range) -> Iterator[Deal]:
    """Deals of ``rules`` after every random action, seed by seed (each state yielded)."""
    for seed in seeds:
        rng = random.Random(seed)
        deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
        yield deal
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
            yield deal


def playout_of(deal: Deal) -> Playout:
    return Playout(deal.rules, deal.seed or 0, deal.dealer,
                   tuple(str(a) for a in deal.actions), (), deal.is_over)


def caught(rules: Rules, invariant: Invariant, seeds: range = range(6)) -> InvariantError:
    """The first failure of ``invariant`` over random deals of ``rules`` (checked after every
    action); the whole suite flags the deal too."""
    for deal in random_deals(rules, seeds):
        try:
            invariant(deal)
        except InvariantError as exc:
            with pytest.raises(InvariantError):
                check_playout(playout_of(deal))
            return exc
    raise AssertionError(f"{invariant.__name__} caught nothing")


# ---------------------------------------------------------------- clean runs


@pytest.mark.parametrize("name", list(TABLES))
def test_every_invariant_holds_on_random_deals(name: str) -> None:
    """`check_playout` (every invariant after every ply, then the whole-deal ones, N1 to N12
    included) on random deals at three and four seats and in partnership."""
    rules = TABLES[name]
    for seed in range(4):
        deal = next(d for d in random_deals(rules, range(seed, seed + 1)) if d.is_over)
        check_playout(playout_of(deal))


ENDGAME = [{"trump_when_void": v} for v in ("only_if_winning", "must_overtrump", "any_trump")] \
    + [{"beat": "led_card"}, {"beat_partner": False},
       {"obligation": "follow_only"}, {"obligation": "follow_trump_beat_trump_lead"}]


@pytest.mark.parametrize("keys", ENDGAME, ids=lambda k: "-".join(map(str, k.values())))
def test_end_phase_duties_are_derived_at_more_seats(keys: dict[str, Any]) -> None:
    """Under each end-phase key the plays the rules forbid (derived from the profile, not asked
    of the engine) are refused, and the engine refuses no play the rules allow: invariant 4 in
    every end-phase state of random deals."""
    rules = TABLES["partnership"]
    rules = evolve(rules, endgame=evolve(rules.endgame, **keys))
    seen = 0
    for deal in random_deals(rules, range(3)):
        if deal.in_end_phase and deal.phase == "follow":
            atomic_rejection(deal)
            seen += 1
    assert seen > 50


@pytest.mark.parametrize("profile", ["pinochle", "rubicon", "chinese", "five-hundred"])
def test_other_profiles_keep_the_invariants_at_more_seats(profile: str) -> None:
    rules = at_seats(bezique.load_profile(profile), 3 if profile == "rubicon" else 4)
    deal = next(d for d in random_deals(rules, range(1)) if d.is_over)
    check_playout(playout_of(deal))


def test_the_seat_invariants_hold_at_two_seats(builtin_name: str) -> None:
    """N1 to N12 hold in every profile (docs/rules.md#more-seats), two-seat ones included."""
    rules = bezique.load_profile(builtin_name)
    for seed in range(3):
        *_, deal = random_deals(rules, range(seed, seed + 1))
        seats.check_seat_deal(deal)


@settings(max_examples=40, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(playouts(profiles()))
def test_the_seat_invariants_hold_under_two_seat_house_rules(playout: Playout) -> None:
    seats.check_seat_deal(playout.replay())


def test_check_game_holds_on_two_seat_games() -> None:
    """N10 and N12 on whole games (the rotation of the deal, totals per team)."""
    swapped = 0
    for name in ("bezique", "pinochle", "rubicon"):
        game = Game(bezique.load_profile(name), seed=3)
        rng = random.Random(3)
        while not game.is_over:
            deal = game.new_deal()
            while not deal.is_over:
                game.apply(rng.choice(deal.legal_actions()))
        seats.check_game(game)
        if len(game.deals) > 1:
            game.deals[0], game.deals[1] = game.deals[1], game.deals[0]
            with pytest.raises(InvariantError, match=r"invariant N10 \(rotation\)"):
                seats.check_game(game)
            swapped += 1
    assert swapped


# ---------------------------------------------------------------- planted faults


def _duplicate_on_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fault: after each draw the next stock card is also in P2's hand."""
    draw = Deal._draw

    def duplicating(self: Deal, turn_up: bool) -> None:
        draw(self, turn_up)
        if self._stock:
            self._hand[2] |= 1 << self._stock[-1]

    monkeypatch.setattr(Deal, "_draw", duplicating)


@patches_the_engine
def test_a_card_duplicated_on_a_draw_breaks_n1(monkeypatch: pytest.MonkeyPatch) -> None:
    _duplicate_on_draw(monkeypatch)
    assert caught(TABLES["three"], seats.conservation).number == "N1"


@patches_the_engine
def test_the_first_player_winning_every_trick_breaks_n3(monkeypatch: pytest.MonkeyPatch) -> None:
    import bezique.moves

    monkeypatch.setattr(bezique.moves, "trick_winner", lambda trick, trump: 0)
    exc = caught(TABLES["four"], seats.tricks)
    assert exc.number == "N3" and "first of its highest cards" in exc.message


@patches_the_engine
def test_drawing_against_the_playing_order_breaks_n4(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = TABLES["four"]
    c = compile_rules(rules)
    monkeypatch.setattr(c, "draw_order", tuple(
        tuple((w - k) % 4 for k in range(4)) for w in range(4)))
    exc = caught(rules, seats.draws)
    assert exc.number == "N4" and "the draws were" in exc.message


@patches_the_engine
def test_the_seat_after_the_winner_declaring_breaks_n7(monkeypatch: pytest.MonkeyPatch) -> None:
    resolve = Deal._resolve_wide_trick

    def generous(self: Deal) -> None:
        resolve(self)
        if self._phase == DECLARE:  # the next seat declares and draws instead
            self._to_move = (self._to_move + 1) % self._c.players

    monkeypatch.setattr(Deal, "_resolve_wide_trick", generous)
    assert caught(TABLES["three"], seats.declarations, range(12)).number == "N7"


@patches_the_engine
def test_a_dix_scored_twice_breaks_n8(monkeypatch: pytest.MonkeyPatch) -> None:
    score = Deal._score

    def forgetful(self: Deal, player: int, points: int, reason: str,
                  cards: tuple[Card, ...] = ()) -> None:
        score(self, player, points, reason, cards)
        if reason == "dix":
            self._dix_scored = 0

    monkeypatch.setattr(Deal, "_score", forgetful)
    assert caught(TABLES["three"], seats.dix, range(20)).number == "N8"


@patches_the_engine
def test_a_doubled_last_trick_breaks_n6(monkeypatch: pytest.MonkeyPatch) -> None:
    score = Deal._score

    def doubled(self: Deal, player: int, points: int, reason: str,
                cards: tuple[Card, ...] = ()) -> None:
        score(self, player, points * (2 if reason == "last_trick" else 1), reason, cards)

    monkeypatch.setattr(Deal, "_score", doubled)
    exc = caught(TABLES["four"], seats.trick_points)
    assert exc.number == "N6" and "not 10 x 32 brisques + 10" in exc.message


@patches_the_engine
def test_a_follower_not_forced_in_the_end_phase_breaks_4(monkeypatch: pytest.MonkeyPatch) -> None:
    import bezique.legal

    monkeypatch.setattr(bezique.legal, "_strict_follow", lambda deal: False)
    assert caught(TABLES["three"], atomic_rejection).number == 4


def _mid(rules: Rules, seed: int, test: Callable[[Deal], bool]) -> Deal:
    return next(d for d in random_deals(rules, range(seed, seed + 50)) if test(d)).clone()


def test_states_broken_by_hand_are_caught() -> None:
    """N2 (a dealt hand one card short), N9 (a declared card moved to an opponent's table),
    N12 (a score too many) and N5 (a trick count other than P / N)."""
    rules = TABLES["partnership"]
    deal = Deal.new(rules, seed=1, dealer=0)
    deal._origin = evolve(deal.origin, hands=(deal.origin.hands[0][1:], *deal.origin.hands[1:]))
    with pytest.raises(InvariantError, match="invariant N2"):
        seats.dealt_shape(deal)
    deal = _mid(rules, 0, lambda d: any(not x.pending for x in d.declarations))
    d = next(x for x in deal.declarations if not x.pending)
    card = d.cards & -d.cards
    opponent = (d.owner + 1) % 4
    deal._table[d.owner] &= ~card
    deal._table[opponent] |= card
    seats.conservation(deal)
    with pytest.raises(InvariantError, match=f"invariant N9 .* holds P{opponent}'s"):
        seats.opponents_cards(deal)
    deal._scores.append(0)
    with pytest.raises(InvariantError, match=r"invariant N12 .*\(5, 4, 2\) entries"):
        seats.shapes(deal)
    over = _mid(TABLES["three"], 0, lambda d: d.is_over)
    over._events = [e for e in over.events if e.kind != "end_phase"]
    with pytest.raises(InvariantError, match="invariant N5"):
        seats.trick_count(over)


def test_check_seats_runs_inside_check() -> None:
    deal = Deal.new(TABLES["three"], seed=2)
    deal._scores.append(0)
    with pytest.raises(InvariantError):
        check(deal)


@patches_the_engine
def test_a_failure_at_more_seats_shrinks_to_a_short_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hypothesis finds a planted N-seat fault (`playouts(players=)`) and shrinks the game to
    its first draw: three plays and the draw."""
    _duplicate_on_draw(monkeypatch)

    def fails(playout: Playout) -> bool:
        try:
            seats.conservation(playout.replay())
        except InvariantError:
            return True
        return False

    smallest = find(playouts("bezique", players=3, max_plies=30, prefix=True), fails,
                    settings=settings(max_examples=200, database=None, deadline=None,
                                      derandomize=True,
                                      suppress_health_check=list(HealthCheck)))
    assert smallest.rules.players == 3 and len(smallest.actions) <= 5


# ---------------------------------------------------------------- the toolkit


def test_seat_names() -> None:
    assert set(seats.CHECKED) | set(seats.GAME_CHECKED) | set(seats.PENDING) == set(SEAT_NAMES)
    exc = InvariantError("N4", "drawn out of order", ply=3)
    assert str(exc) == "invariant N4 (draws) broken at ply 3: drawn out of order"
    assert exc.at_ply(5) is exc and InvariantError(2, "x").at_ply(4).ply == 4


def test_at_seats() -> None:
    """A pack a player, one team a seat, two-seat rules back at their defaults; invalid
    groupings refused."""
    chinese = bezique.profile_from_toml('extends = "chinese"\ndeal.dealer_cut_bonus = true')
    moved = at_seats(chinese, 3)
    assert (moved.players, moved.teams, moved.pack.copies) == (3, ((0,), (1,), (2,)), 3)
    assert not moved.deal.dealer_cut_bonus and moved.name == "custom-3-seats"
    assert moved.melds.values["quadruple_bezique"] == 0  # three packs hold no fourth copy
    assert at_seats(BEZIQUE, 2) is BEZIQUE
    rubicon = at_seats(bezique.load_profile("rubicon"), 3)
    assert rubicon.rubicon == type(rubicon.rubicon)()
    with pytest.raises(ProfileError, match=r"seats\.teams"):
        at_seats(BEZIQUE, 4, teams=((0, 1), (2, 3)))
    with pytest.raises(ProfileError, match=r"seats\.players: must be 2 to 4"):
        at_seats(BEZIQUE, 5)


@settings(max_examples=25, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.data())
def test_strategies_at_more_seats(data: st.DataObject) -> None:
    """Dealers among the seats; states built by playing; profiles moved and validated."""
    deal = data.draw(deals("pinochle", players=4))
    assert deal.rules.players == 4 and 0 <= deal.dealer < 4
    state = data.draw(positions(BEZIQUE, players=4, teams=PARTNERS, max_plies=40))
    assert state.rules.teams == PARTNERS
    check(state)
    rules = data.draw(profiles(base="bezique", players=3))
    assert rules.players == 3 and rules.pack.copies == 3


def test_dealers_are_drawn_among_every_seat() -> None:
    for n in (3, 4):
        for seat in range(n):
            def dealt_by(deal: Deal, seat: int = seat) -> bool:
                return deal.dealer == seat

            find(deals(BEZIQUE, players=n), dealt_by,
                 settings=settings(database=None, suppress_health_check=list(HealthCheck)))


def test_check_rules_at_more_seats() -> None:
    """``bezique check`` on an N-seat rules object: every invariant, N1 to N12 named, a whole
    game played (N10, N12), what is not checked yet said."""
    out = io.StringIO()
    assert check_rules(TABLES["partnership"], out, deals=3, seed=2) == 0
    text = out.getvalue()
    assert "every invariant holds (1 2 3 4 5 6 7 8 9 12 14 N1 N2 N3 N4 N5 N6 N7 N8 N9 N11 " \
        "N12)" in text
    assert "a whole game ended after" in text and "not checked" not in text
    two = io.StringIO()
    assert check_rules(BEZIQUE, two, deals=2, seed=2) == 0
    headline, *rest = two.getvalue().splitlines()
    assert "N1" not in headline and "a whole game ended" in rest[0]
    listed = re.findall(r"^  (N\d+) ", two.getvalue(), flags=re.MULTILINE)
    assert listed == ["N9", "N10", "N12"]  # at two seats: only those of the whole game


def test_a_failure_at_more_seats_is_reported_as_a_record() -> None:
    """What ``bezique check`` prints for a failing N-seat playout (`replayable`): its record,
    cut at the failing ply, which replays (a failing run of `check_rules` shrinks whole N-seat
    deals, minutes of work: the path is the two-seat one, tested in test_invariants_cli)."""
    deal = next(d for d in random_deals(TABLES["partnership"], range(1)) if d.is_over)
    text = replayable(playout_of(deal), 30)
    assert text.startswith("# A bezique record") and "players = 4" in text
    again = rebuild(text)
    assert isinstance(again, Deal) and len(again.actions) == 30
    assert again.actions == deal.actions[:30]


def test_scenario_checks_name_four_seats() -> None:
    assert {"hand_2", "table_3", "melds_3", "captured_count_2"} <= STATE_CHECKS
    deal = Deal.from_position(TABLES["four"], hands=["KH 9D", "AH 9D", "AH 9C", "7S 9D"],
                              stock="8D 8S 8H", turn_up="7C", dealer=3, reachable=False)
    assert state_mismatches(deal, {"hand_2": "AH 9C", "hand_3": "7S 9D"}) == []
    assert state_mismatches(deal, {"hand_2": "AH"}) == [("hand_2", "AH", "AHb 9Ca")]
    two = Deal.new(BEZIQUE, seed=1)
    assert state_mismatches(two, {"hand_2": "AH"}) == [("hand_2", "AH", "no seat 2 at 2 seats")]


def test_n9_and_n11_catch_planted_faults() -> None:
    """N9: a multiple bezique holding a partner's tabled card; N11: an observation that shows
    another seat's concealed card. Both planted by hand in a partnership deal."""
    deal = bezique.Deal.new(TABLES["partnership"], seed=4, dealer=3)
    seats.information(deal, random.Random(0))
    c = compile_rules(deal.rules)
    double = next(t for t in c.melds if t.suits == "bezique_pair" and t.order == 2)
    card = min(iter_bits(deal.hand(2).bits))
    deal._table[2] |= 1 << card
    deal._hand[2] &= ~(1 << card)
    deal._decls = (Declaration(owner=0, template=double.index, cards=1 << card,
                               klass=double.klass, order=2),)
    with pytest.raises(InvariantError, match=r"N9.*multiple bezique of P0 holds P2's"):
        seats.one_seat_beziques(deal)
    fresh = bezique.Deal.new(TABLES["partnership"], seed=4, dealer=3)
    real = fresh.observation
    with (mock.patch.object(type(fresh), "observation", lambda self, p: real(2)),
          pytest.raises(InvariantError, match="N11")):
        seats.information(fresh)
