"""Issue 34, stage F: records at three and four seats (docs/records.md, docs/rules.md#more-seats).

A deal played at N seats is recorded (the moves of P0 to P{N-1}, scores one per seat, totals
one per team, the state digest over every seat), written as text, read back and replayed to the
same deal; damage is still detected; the lengths and seat numbers are checked against the
profile with clear errors. The two-seat records are unchanged: the golden records
(tests/test_record_golden.py) replay and are written back byte for byte.
"""

from __future__ import annotations

import re

import pytest
from seated import PARTNERS, deals, played, seated

from bezique import Deal
from bezique.compile import compile_rules
from bezique.record import DealRecord, RecordError, dumps, loads, rebuild, record_of, replay
from bezique.record.capture import start_deal
from bezique.record.model import state_digest
from bezique.rules import load_profile

RULES = {
    "three": seated(3),
    "four": seated(4),
    "partnership": seated(4, teams=PARTNERS),
    "pinochle-three": seated(3, "pinochle"),
}


def damage(text: str, old: str, new: str) -> str:
    """``text`` with the first ``old`` after the profile replaced by ``new``."""
    head, deal = text.split("[[deal]]", 1)
    assert old in deal, old
    return head + "[[deal]]" + deal.replace(old, new, 1)


def failure(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        rebuild(text)
    return info.value


@pytest.mark.parametrize("name", list(RULES))
def test_round_trip(name: str) -> None:
    """Random deals at N seats, finished or not: recorded, written, read back and replayed,
    equal; written again, the same text."""
    rules = RULES[name]
    for deal in deals(rules, range(6)):
        text = dumps(deal)
        record = loads(text)
        assert record.inline and record.rules == rules
        entry = record.deals[0]
        assert len(entry.scores or ()) == rules.players
        assert entry.totals == (0,) * len(rules.teams)
        assert {m.player for m in entry.moves} <= set(range(rules.players))
        again = rebuild(record)
        assert isinstance(again, Deal) and again == deal and again.events == deal.events
        assert dumps(record) == text and dumps(again) == text
        assert len(list(replay(text))) == len(deal.actions) + 1


def test_every_seat_moves_in_a_record() -> None:
    """Every seat's moves are written ``P0`` … ``P3``, each by the seat to move."""
    deal = played(RULES["four"], 2)
    moves = record_of(deal).deals[0].moves
    assert {m.player for m in moves} == {0, 1, 2, 3}
    assert all(re.fullmatch(rf"    \"P{m.player} .*\",", line) for m, line in zip(
        moves, [ln for ln in dumps(deal).splitlines() if ln.startswith('    "P')], strict=True))


def test_totals_per_team_are_written_and_replayed() -> None:
    """A deal of a partnership game starts from the totals of two teams: written, read back
    and passed to the deal again."""
    rules = RULES["partnership"]
    deal = Deal.new(rules, seed=5, dealer=2, totals=(300, 1200))
    played_on = played(rules, 5, 30, dealer=2)
    for action in played_on.actions:
        deal.apply(action)
    text = dumps(deal)
    assert "totals = [300, 1200]" in text
    assert loads(text).deals[0].totals == (300, 1200)
    assert rebuild(text) == deal


def test_the_digest_covers_every_seat() -> None:
    """Two deals that differ only in the third or fourth seat's cards have different digests
    (the digest reads every seat's hand, table and captured cards)."""
    rules = RULES["four"]
    hands = ["KH 9D", "AH 9D", "AH 9C", "7S 9D"]
    base = Deal.from_position(rules, hands=hands, stock="8D 8S 8H", turn_up="7C", dealer=3,
                              reachable=False)
    for seat in (2, 3):
        other = list(hands)
        other[seat] = "10H 9C" if seat == 2 else "7S 10D"
        changed = Deal.from_position(rules, hands=other, stock="8D 8S 8H", turn_up="7C",
                                     dealer=3, reachable=False)
        assert state_digest(changed) != state_digest(base)


def test_position_records_at_four_seats() -> None:
    """A stacked deal at four seats: its hands in seat order; the leader written only when it
    is not the seat after the dealer."""
    rules = RULES["four"]
    hands = ["KH 9D", "AH 9D", "AH 9D", "7S 9D"]
    plain = Deal.from_position(rules, hands=hands, stock="8D 8S 8H", turn_up="7C", dealer=3,
                               reachable=False)
    assert plain.leader == compile_rules(rules).next_seat[3] == 0
    plain.apply("play KH")
    text = dumps(plain)
    assert 'hands = ["KHa 9Da", "AHa 9Db", "AHb 9Dc", "7Sa 9Dd"]' in text
    assert "leader" not in text.split("[deal.position]")[1]
    assert rebuild(text) == plain
    led = Deal.from_position(rules, hands=hands, stock="8D 8S 8H", turn_up="7C", dealer=3,
                             leader=2, scores=(10, 0, 0, 20), reachable=False)
    text = dumps(led)
    assert "leader = 2" in text and "scores = [10, 0, 0, 20]" in text
    assert rebuild(text) == led


def test_a_hand_made_entry_may_keep_the_two_zero_totals() -> None:
    """`start_deal` passes all-zero totals as the deal's default (one zero per team), so an
    entry made by hand at four seats with the default ``totals = (0, 0)`` starts."""
    rules = RULES["four"]
    entry = DealRecord(dealer=1, seed=9)
    assert entry.totals == (0, 0)
    assert start_deal(rules, entry) == Deal.new(rules, seed=9, dealer=1)


# ---------------------------------------------------------------- damage


@pytest.fixture(scope="module")
def three_text() -> str:
    return dumps(played(seated(3), 4))


def test_a_play_moved_to_another_seat_is_refused(three_text: str) -> None:
    record = loads(three_text)
    move = record.deals[0].moves[1]
    wrong = (move.player + 1) % 3
    text = damage(three_text, f'"P{move.player} {move.action}', f'"P{wrong} {move.action}')
    err = failure(text)
    assert err.ply == 2 and err.reason.startswith("wrong player")


def test_a_changed_score_or_digest_is_refused(three_text: str) -> None:
    scores = loads(three_text).deals[0].scores
    assert scores is not None
    written = f"scores = [{', '.join(map(str, scores))}]"
    bumped = f"scores = [{', '.join(str(s + 10 * (i == 2)) for i, s in enumerate(scores))}]"
    assert "deal scores" in failure(damage(three_text, written, bumped)).reason
    digest = loads(three_text).deals[0].digest
    assert digest is not None
    other = digest[:-1] + ("0" if digest[-1] != "0" else "1")
    assert "deal digest" in failure(damage(three_text, digest, other)).reason


def test_two_moves_swapped_are_refused(three_text: str) -> None:
    """Two plays swapped between the second and third seats: an illegal action or a changed
    digest, never a silent replay."""
    lines = three_text.splitlines()
    first = next(i for i, ln in enumerate(lines) if ln.startswith('    "P'))
    trick = lines[first:first + 3]
    swapped = [trick[0], trick[1][:6] + trick[2][6:], trick[2][:6] + trick[1][6:]]
    text = "\n".join(lines[:first] + swapped + lines[first + 3:]) + "\n"
    if text != three_text:
        failure(text)


def test_a_deleted_last_action_is_refused(three_text: str) -> None:
    lines = three_text.splitlines()
    last = max(i for i, ln in enumerate(lines) if ln.startswith('    "P'))
    text = "\n".join(lines[:last] + lines[last + 1:]) + "\n"
    assert failure(text).reason.startswith("missing actions")


@pytest.mark.parametrize(("old", "new", "says"), [
    ('"P0 ', '"P3 ', "expected 'P0 ACTION' to 'P2 ACTION'"),
    ("scores = [", "scores = [0, ", "deal[0].scores: expected three integers, one per seat"),
    ("dealer = ", "totals = [1, 2]\ndealer = ", "deal[0].totals: expected three integers, one "
                                               "per team"),
    ("dealer = 1", "dealer = 3", "deal[0].dealer: expected player 0 to 2, got 3"),
])
def test_lengths_and_seats_are_checked(three_text: str, old: str, new: str, says: str) -> None:
    """Seat numbers below the profile's players; scores one per seat; totals one per team."""
    with pytest.raises(RecordError, match=re.escape(says)):
        loads(damage(three_text, old, new))


def test_the_result_is_length_checked(three_text: str) -> None:
    result = three_text.split("[result]")[1]
    broken = three_text.replace(result, result.replace("scores = [", "scores = [5, "))
    with pytest.raises(RecordError, match=r"result\.scores: expected three integers"):
        loads(broken)


def test_a_partnership_result_names_a_team() -> None:
    """At four seats in two teams, the winner is a team (0 or 1) and the totals two."""
    text = dumps(played(RULES["partnership"], 1))
    assert loads(text + "winner = 1\n").result.winner == 1
    with pytest.raises(RecordError, match=r"result\.winner: expected team 0 or 1, got 2"):
        loads(text + "winner = 2\n")
    with pytest.raises(RecordError, match=r"result\.totals: expected two integers, one "
                                          r"per team"):
        loads(text + "totals = [1, 2, 3, 4]\n")


def test_two_seat_messages_are_unchanged() -> None:
    """At two seats the errors read as before the seats existed."""
    text = dumps(played(load_profile("bezique"), 1, 12))
    with pytest.raises(RecordError, match=re.escape("expected 'P0 ACTION' or 'P1 ACTION'")):
        loads(damage(text, '"P0 ', '"P2 '))
    with pytest.raises(RecordError, match="expected two integers, got"):
        loads(damage(text, "scores = [", "scores = [0, "))
    with pytest.raises(RecordError, match="expected player 0 or 1, got 2"):
        loads(damage(text, "dealer = 1", "dealer = 2"))
