"""Issue 34, stage K2: the four-seat end phase as two duels, ``endgame.format =
"pairwise_duels"`` (docs/rules.md#more-seats, DM4; EB9-643).

When the stock is exhausted, "the winner of the last trick and the adversary to his left play
their cards against each other, and then the other two similarly play theirs" (EB9-643): the
winner of the last stock trick and the next seat play two-card tricks, the winner of each leading
the next; then the other two seats play theirs. MP-12 is the worked example of the project's
survey of the sources; it checks only what the source says. Who leads the second duel (the
first of its seats: two after the first duel's leader) and which trick earns the last-trick
bonus (the deal's final one) are documented defaults, tested on their own below. Random deals
check the invariants N1, N3, N5 and N6 in both seatings (alone, and partners opposite); the
search seams round-trip through the duels; the end-phase solver agrees with brute force.

No validated profile has more than two seats yet (the validation gate), so the rules here are
built with ``attrs.evolve`` (`seated.seated`), which validation does not see.
"""

from __future__ import annotations

import pickle
import random
import warnings
from collections.abc import Iterator
from importlib.util import find_spec
from typing import Any, Literal

import pytest
from attrs import evolve
from conftest import patches_the_engine
from seated import PARTNERS, brute, seated, weighed

from bezique.actions import Play
from bezique.cards import iter_bits
from bezique.check.failure import InvariantError
from bezique.check.invariants import check_playout
from bezique.check.invariants_seats import tricks, tricks_a_deal
from bezique.check.playout import Playout
from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.errors import IllegalAction
from bezique.events import Event
from bezique.features import deal_tensor, observation_size
from bezique.moves import DealMoves
from bezique.record import dumps, rebuild
from bezique.rules.model import Rules
from bezique.search import solve
from bezique.search.horizon import choose
from bezique.search.solver import side_weights
from bezique.state import Snapshot
from bezique.tricks import follow_choices
from bezique.view.svg import deal as svg_deal

Teams = tuple[tuple[int, ...], ...] | None
SEATINGS = [None, PARTNERS]
"""Every player for himself, and two partnerships, partners opposite."""


def duels(teams: Teams = None, rules: Rules | None = None, **endgame: Any) -> Rules:
    """Bezique at four seats with four packs (``teams``: one team a seat when None), its end
    phase played as two duels, with these ``endgame`` keys."""
    rules = rules or seated(4, teams=teams)
    return evolve(rules, endgame=evolve(rules.endgame, format="pairwise_duels", **endgame))


def random_deal(rules: Rules, seed: int) -> Deal:
    """A deal of ``rules`` played to its end by seeded random legal actions."""
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def plays(events: list[Event]) -> list[list[int]]:
    """The seats that played each trick, in order, from the events."""
    out: list[list[int]] = []
    seats: list[int] = []
    for e in events:
        if e.kind == "play" and e.player is not None:
            seats.append(e.player)
        elif e.kind == "trick":
            out.append(seats)
            seats = []
    return out


def end_tricks(deal: Deal) -> list[Event]:
    """The trick events after the stock ran out."""
    events = deal.events
    start = next(i for i, e in enumerate(events) if e.kind == "end_phase")
    return [e for e in events[start:] if e.kind == "trick"]


def last_stock_winner(deal: Deal) -> int:
    """The winner of the last stock trick (the trick before the ``end_phase`` event)."""
    events = deal.events
    start = next(i for i, e in enumerate(events) if e.kind == "end_phase")
    winner = next(e.player for e in reversed(events[:start]) if e.kind == "trick")
    assert winner is not None
    return winner


# ---------------------------------------------------------------- MP-12


def test_mp12_the_end_phase_as_two_duels() -> None:
    """MP-12 (EB9-643: "the winner of the last trick and the adversary to his left play their
    cards against each other, and then the other two similarly play theirs"): four-handed, the
    end phase as two duels. P2 wins trick 24: P2 and P3 play their eight cards each against
    each other in two-card tricks, P2 leading the first; then P0 and P1 play theirs; the deal
    has 24 + 16 = 40 tricks. (Who leads the second duel and which trick earns the last-trick
    10 are unverified: not checked here.)"""
    rules = duels()
    deal = next(d for d in (random_deal(rules, seed) for seed in range(40))
                if last_stock_winner(d) == 2)
    seats = plays(deal.events)
    assert [e.player for e in deal.events if e.kind == "trick"][23] == 2
    assert len(seats) == 24 + 16 == 40
    assert all(len(s) == 4 for s in seats[:24])
    first, second = seats[24:32], seats[32:]
    assert first[0][0] == 2  # P2 leads the first duel
    assert all(sorted(s) == [2, 3] for s in first)  # P2 against P3, eight tricks
    assert all(sorted(s) == [0, 1] for s in second)  # then P0 against P1
    assert all(len(e.cards) == 2 for e in end_tricks(deal))
    winners = [e.player for e in end_tricks(deal)]
    for start, duel in ((0, first), (8, second)):  # each duel trick's winner leads the next
        assert [s[0] for s in duel[1:]] == winners[start:start + 7]


def test_mp12_a_stacked_last_stock_trick() -> None:
    """MP-12 on a stacked position: P2 takes the last stock trick with the A♥; P2 then leads
    against P3, and P0 and P1 wait; a seat outside the duel is never to move."""
    rules = duels()
    deal = Deal.from_position(
        rules, hands=["9H 8C 7C", "7H 8C 9C", "AH KD QD", "8H 10S 7C"], stock="KC KS KH",
        turn_up="9S", dealer=3, leader=0, reachable=False)
    for card in ("9H", "7H", "AH", "8H"):
        deal.apply(f"play {card}")
    assert deal.to_move == 2 and deal.phase == "declare"
    deal.apply("draw")
    assert deal.in_end_phase and deal.to_move == deal.leader == 2 and deal.bits.duel == 2
    deal.apply("play KD")
    assert deal.to_move == 3 and deal.phase == "follow"
    with pytest.raises(IllegalAction, match="must trump: spades in hand"):
        deal.apply("play 7C")  # P3 is void in diamonds: the two-seat duty to trump
    deal.apply("play 10S")
    assert [e.player for e in deal.events if e.kind == "trick"][-1] == 3
    assert deal.to_move == 3 and deal.phase == "lead"  # the duel's winner leads on
    while deal.bits.duel == 2:
        assert deal.to_move in (2, 3)
        deal.apply(deal.legal_actions()[0])
    assert not deal.hand(2) or not deal.hand(3)
    assert deal.to_move in (0, 1) and deal.trick == ()


# ---------------------------------------------------------------- the documented defaults


@pytest.mark.parametrize("teams", SEATINGS)
def test_the_second_duel_is_led_by_the_seat_two_after_the_first_leader(teams: Teams) -> None:
    """Documented default (unverified in EB9-643): the first seat of the other pair, two seats
    after the winner of the last stock trick, leads the second duel."""
    for seed in range(8):
        deal = random_deal(duels(teams), seed)
        w = last_stock_winner(deal)
        seats = plays(deal.events)
        assert seats[24][0] == w and seats[32][0] == (w + 2) % 4
        assert {*seats[32]} == {(w + 2) % 4, (w + 3) % 4}


@pytest.mark.parametrize("teams", SEATINGS)
def test_only_the_final_trick_earns_the_last_trick_bonus(teams: Teams) -> None:
    """Documented default (unverified in EB9-643): under ``last_trick.which = "final"`` only
    the deal's final trick, the end of the second duel, earns the bonus, not the end of the
    first; under ``"last_stock_trick"`` the last stock trick, as at a full table."""
    cases: list[tuple[Literal["final", "last_stock_trick"], int]] = [
        ("final", 39), ("last_stock_trick", 23)]
    for which, index in cases:
        rules = duels(teams)
        rules = evolve(rules, last_trick=evolve(rules.last_trick, which=which))
        for seed in range(4):
            deal = random_deal(rules, seed)
            bonus = [e for e in deal.events if e.kind == "score" and e.reason == "last_trick"]
            winners = [e.player for e in deal.events if e.kind == "trick"]
            assert [(e.player, e.points) for e in bonus] == [(winners[index], 10)]


def test_a_position_set_up_in_the_end_phase_starts_the_first_duel() -> None:
    """`Deal.from_position` with no stock: the leader duels the next seat; a stacked duel ends
    when either seat is out of cards (the other's cards stay in hand, as at a full table), and
    the second duel ends the deal."""
    rules = duels()
    deal = Deal.from_position(rules, hands=["AS 7H", "KS", "AH 7D", "KH 8D"], trump="C",
                              dealer=0, leader=0, reachable=False)
    assert deal.bits.duel == 0 and deal.to_move == 0
    deal.apply("play AS")
    deal.apply("play KS")
    assert deal.bits.duel == 2 and deal.to_move == deal.leader == 2  # P1 is out
    for card in ("AH", "KH", "7D", "8D"):
        deal.apply(f"play {card}")
    assert deal.is_over and deal.hand(0).bits.bit_count() == 1
    assert [e.player for e in deal.events if e.reason == "last_trick"] == [3]


def test_full_table_is_unchanged_and_two_seats_never_duel() -> None:
    """The default ``"full_table"`` plays four-card end tricks; a deal at a full table or at
    two seats never duels (`Bits.duel` -1), and a two-seat snapshot keeps its layout."""
    deal = random_deal(seated(4), 1)
    assert all(len(e.cards) == 4 for e in end_tricks(deal)) and deal.bits.duel == -1
    two = Deal.from_position(seated(2), hands=["AS", "KS"], trump="C")
    assert two.bits.duel == -1 and two.bits.more_seats() == ()
    assert not hasattr(two.snapshot(), "_wide")


# ---------------------------------------------------------------- the duties in a duel


@pytest.mark.parametrize("obligation", ["follow_and_win", "follow_only",
                                        "follow_trump_beat_trump_lead"])
def test_a_duel_trick_follows_the_two_seat_duties(obligation: str) -> None:
    """Each duel trick is a two-seat trick: the follower may play what `follow_choices` (the
    two-seat duties of ``endgame.obligation``) allows, whatever ``endgame.trump_when_void``
    and ``endgame.beat_partner`` say."""
    rules = duels(PARTNERS, obligation=obligation, trump_when_void="only_if_winning",
                  beat_partner=False)
    seen = 0
    for seed in range(3):
        rng = random.Random(seed)
        deal = Deal.new(rules, seed=seed, dealer=seed % 4)
        while not deal.is_over:
            legal = deal.legal_actions()
            if deal.in_end_phase and deal.phase == "follow":
                p = deal.to_move
                assert p is not None
                allowed = follow_choices(deal.bits.hand(p), deal.bits.trick[0],
                                         deal.bits.trump, obligation)
                assert {int(a.card) >> 3 for a in legal if isinstance(a, Play)} == {
                    x >> 3 for x in iter_bits(allowed)}
                seen += 1
            deal.apply(rng.choice(legal))
    assert seen == 3 * 16


# ---------------------------------------------------------------- random deals: N1, N3, N5, N6


def finished(teams: Teams, seeds: range) -> Iterator[Deal]:
    for seed in seeds:
        yield random_deal(duels(teams), seed)


@pytest.mark.parametrize("teams", SEATINGS)
def test_random_duel_deals_keep_the_invariants(teams: Teams) -> None:
    """N1 (every card ends captured), N3 (two cards a duel trick, four a stock trick), N5 (24
    stock tricks and 16 end tricks: stock tricks + 2h), N6 (trick points 330: 32 brisques and
    the last trick, the brisques counted at the end), and every invariant of the toolkit after
    every ply (`check_playout`)."""
    rules = duels(teams)
    pack = sum(1 << x for x in compile_rules(rules).pack_cards)
    assert tricks_a_deal(rules) == (24, 16)
    for deal in finished(teams, range(10)):
        captured = 0
        for p in range(4):
            assert not captured & deal.bits.captured(p)
            captured |= deal.bits.captured(p)
        assert captured == pack  # N1
        tricks = [e for e in deal.events if e.kind == "trick"]
        assert [len(e.cards) for e in tricks] == [4] * 24 + [2] * 16  # N3, N5
        assert deal.tricks_played == 40
        trick_points = [e for e in deal.events if e.kind == "score"
                        and e.reason in ("brisques", "last_trick")]
        assert sum(e.points for e in trick_points) == 330  # N6
        events = deal.events
        final = max(i for i, e in enumerate(events) if e.kind == "trick")
        assert all(i > final for i, e in enumerate(events)
                   if e.kind == "score" and e.reason == "brisques")  # counted at the end
    for seed in range(2):
        deal = random_deal(rules, seed)
        check_playout(Playout(rules, seed, deal.dealer, tuple(map(str, deal.actions)), (),
                              True))


@patches_the_engine
def test_the_invariants_catch_a_second_duel_led_by_the_wrong_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """N3 re-derives the duels from the history: an engine that let the second seat of the
    other pair lead the second duel is caught; the right engine passes."""
    rules = duels()
    hands = ["AS", "KS", "AH", "KH"]
    deal = Deal.from_position(rules, hands=hands, trump="C", dealer=0, leader=0)
    for card in ("AS", "KS", "AH", "KH"):
        deal.apply(f"play {card}")
    tricks(deal)
    resolve = DealMoves._resolve_duel

    def second_seat_leads(self: DealMoves) -> None:
        duel = self._duel
        resolve(self)
        if self._duel != duel:
            self._leader = self._to_move = self._c.next_seat[self._duel]

    monkeypatch.setattr(DealMoves, "_resolve_duel", second_seat_leads)
    deal = Deal.from_position(rules, hands=hands, trump="C", dealer=0, leader=0)
    for card in ("AS", "KS", "KH", "AH"):
        deal.apply(f"play {card}")
    with pytest.raises(InvariantError, match="trick 2 has 2 cards played by \\[3, 2\\], "
                                             "not 2 played by \\[2, 3\\]"):
        tricks(deal)


# ---------------------------------------------------------------- the search seams


@pytest.mark.parametrize("teams", SEATINGS)
def test_snapshot_restore_clone_undo_pickle_through_the_duels(teams: Teams) -> None:
    """`snapshot`/`restore` (the duel in the wide layout), `clone`, `undo` and pickling give
    back the deal as it was before each action, in both duels; a snapshot taken in the first
    duel restores it from the second."""
    rules = duels(teams)
    rng = random.Random(3)
    deal = Deal.new(rules, seed=3, dealer=1)
    in_first: tuple[Snapshot, Deal] | None = None
    while not deal.is_over:
        before = deal.clone()
        snap = deal.snapshot()
        if deal.bits.duel >= 0 and in_first is None:
            in_first = (snap, before)
        action = rng.choice(deal.legal_actions())
        deal.apply(action)
        twin = before.clone()
        twin.apply(action)
        assert twin == deal
        deal.restore(snap)
        assert deal == before and deal.legal_actions() == before.legal_actions()
        deal.apply(action)
        if deal.in_end_phase:
            undone = twin.clone()
            assert undone.undo() == action and undone == before
            assert pickle.loads(pickle.dumps(deal)) == deal
    assert in_first is not None
    first_duel = in_first[1].bits.duel
    deal.restore(in_first[0])
    assert deal == in_first[1] and deal.bits.duel == first_duel


def test_an_old_pickle_has_no_duel() -> None:
    """A deal pickled before the duels (no ``_duel`` in its state) unpickles outside one."""
    deal = Deal.new(seated(4), seed=2)
    unpickle, (cls, state) = deal.__reduce__()
    del state["_duel"]
    again = unpickle(cls, state)
    assert again == deal and again.bits.duel == -1


@pytest.mark.parametrize(("teams", "cards"), [(None, 2), (None, 3), (PARTNERS, 2),
                                              (PARTNERS, 3)])
def test_solve_duels_matches_brute_force(teams: Teams, cards: int) -> None:
    """The end-phase solver on small duel end phases (both duels, from the start and from a
    play into the first) against brute force on the engine's moves; its line replays to its
    scores."""
    rules = duels(teams)
    rng = random.Random(cards)
    weights_of = compile_rules(rules).team_of
    for k in range(8 if cards == 2 else 4):
        pack = list(compile_rules(rules).pack_cards)
        rng.shuffle(pack)
        deal = Deal.from_position(
            rules, hands=[pack[p * cards:(p + 1) * cards] for p in range(4)],
            trump=rng.randrange(4), dealer=rng.randrange(4), leader=rng.randrange(4))
        if k % 2:
            deal.apply(rng.choice(deal.legal_actions()))
        to_move = deal.to_move
        assert to_move is not None
        weights = side_weights(weights_of, to_move)
        solution = solve(deal)
        assert solution.value == brute(deal, weights) - weighed(deal, weights)
        replay = deal.clone()
        for action in solution.line:
            replay.apply(action)
        assert replay.is_over and replay.scores == solution.scores


def test_the_horizon_plays_a_duel_end_phase_on_a_budget() -> None:
    """`horizon.choose` in a dealt deal's duels: a legal move within a small budget."""
    rules = duels(PARTNERS)
    rng = random.Random(5)
    deal = Deal.new(rules, seed=5, dealer=0)
    while not deal.in_end_phase:
        deal.apply(rng.choice(deal.legal_actions()))
    for _ in range(3):
        choice = choose(deal, max_nodes=2_000)
        assert choice.action in deal.legal_actions()
        deal.apply(choice.action)


# ---------------------------------------------------------------- above the engine


def test_a_duel_deal_records_replays_and_renders(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal with two duels is recorded, written, read back and replayed to the same deal;
    every seat's view of a position in the duels renders, the trick of two cards shown."""
    for teams in SEATINGS:
        rules = duels(teams)
        deal = random_deal(rules, 6)
        text = dumps(deal)
        again = rebuild(text)
        assert isinstance(again, Deal) and again == deal and dumps(again) == text
        rng = random.Random(6)
        middle = Deal.new(rules, seed=6, dealer=2)
        while not (middle.bits.duel >= 0 and middle.trick):
            middle.apply(rng.choice(middle.legal_actions()))
        for p in range(4):
            assert middle.render(p) and svg_deal(middle)
        assert middle.observation(middle.to_move or 0).legal_actions() == middle.legal_actions()


@pytest.mark.parametrize("teams", SEATINGS)
def test_the_adapters_play_the_duels(teams: Teams) -> None:
    """Every seat's observation tensor through a deal with two duels has the layout's size;
    OpenSpiel's `random_sim_test` and PettingZoo's `api_test` pass on the duel rules (each
    skips without its extra)."""
    rules = duels(teams)
    size = observation_size(rules)
    rng = random.Random(4)
    deal = Deal.new(rules, seed=4, dealer=3)
    while not deal.is_over:
        assert all(len(deal_tensor(deal, p)) == size for p in range(4))
        deal.apply(rng.choice(deal.legal_actions()))
    if find_spec("pyspiel") is not None:
        import pyspiel

        from bezique.adapters.openspiel import register_rules

        game = pyspiel.load_game("python_bezique", {"profile": register_rules(rules)})
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    if find_spec("pettingzoo") is not None:
        from pettingzoo.test import api_test

        from bezique.adapters import pettingzoo

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # api_test's notes on a Dict space
            api_test(pettingzoo.env(rules), num_cycles=200)
