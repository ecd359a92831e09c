"""The hand-written frozen records (bezique.frozen: `Event`, the actions, `Declaration`) keep
what attrs gave them, in either build: fields, equality, hashing, repr, pickling, frozenness,
attrs' API."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

from bezique.actions import Announce, DixExchange, DixShow, Meld, Play
from bezique.cards import Card
from bezique.events import Event
from bezique.melds import Declaration

RECORDS = [
    Event("score", 1, (Card("QS"), Card("JD")), 40, "bezique"),
    Event("over"),
    Play("QSb", True),
    Meld("bezique", ["QS", "JD"], 1),
    Announce("marriage", "KH QH"),
    DixShow("7H", True),
    DixExchange("7H"),
    Declaration(1, 3, 0b101, 2, 1, intact=False, pending=True),
]


@pytest.mark.parametrize("record", RECORDS, ids=repr)
def test_a_record_is_frozen(record: Any) -> None:
    name = attrs.fields(type(record))[0].name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(record, name, 1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        delattr(record, name)
    with pytest.raises(AttributeError):
        record.no_such_field = 1


@pytest.mark.parametrize("record", RECORDS, ids=repr)
def test_a_record_pickles_copies_and_evolves_to_an_equal_record(record: Any) -> None:
    for again in (pickle.loads(pickle.dumps(record)), copy.copy(record), copy.deepcopy(record),
                  attrs.evolve(record)):
        assert type(again) is type(record) and again == record and hash(again) == hash(record)
        assert repr(again) == repr(record) and str(again) == str(record)
    assert attrs.has(type(record))


def test_event_fields_defaults_and_repr_are_attrs_ones() -> None:
    event = Event("draw", 0, (Card("QS"),), private=True)
    assert [a.name for a in attrs.fields(Event)] == [
        "kind", "player", "cards", "points", "reason", "private",
    ]
    assert [a.default for a in attrs.fields(Event)][1:] == [None, (), 0, "", False]
    assert repr(event) == (
        "Event(kind='draw', player=0, cards=(Card('QS'),), points=0, reason='', private=True)"
    )
    assert attrs.asdict(event) == {"kind": "draw", "player": 0, "cards": (Card("QS"),),
                                   "points": 0, "reason": "", "private": True}
    assert attrs.evolve(event, points=7).points == 7  # type: ignore[misc]
    assert event != attrs.evolve(event, private=False)  # type: ignore[misc]
    assert Event.__match_args__ == tuple(a.name for a in attrs.fields(Event))


def test_the_copy_letter_flags_take_no_part_in_equality_or_repr() -> None:
    assert Play("QS", True) == Play("QS") and hash(Play("QS", True)) == hash(Play("QS"))
    assert repr(Play("QS", True)) == "Play(card=Card('QS'))"
    assert Meld("bezique", ["QS", "JD"], 3) == Meld("bezique", ["QS", "JD"])
    assert not [a.name for a in attrs.fields(Meld) if a.name == "qualify" and (a.eq or a.repr)]


def test_records_of_different_classes_with_the_same_fields_differ() -> None:
    assert DixShow("7H") != DixExchange("7H") and Meld("m", "KH QH") != Announce("m", "KH QH")
    assert Play("7H") != DixShow("7H") and Event("over") != "over"
    assert len({DixShow("7H"), DixExchange("7H"), Play("7H")}) == 3


def test_a_record_matches_by_position() -> None:
    match Play("QS"):
        case Play(card):
            assert card == Card("QS")
        case _:
            pytest.fail("no match")
