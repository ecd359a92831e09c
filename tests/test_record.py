"""Game records (docs/records.md, docs/rules.md#invariant-records): dump → load → replay
reproduces the final state and events, for single deals and whole games of every profile."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bezique import Deal, list_profiles, load_profile, profile_from_toml
from bezique.actions import Meld, Play
from bezique.cards import card_name
from bezique.check.strategies import profiles
from bezique.cli import main
from bezique.game import Game
from bezique.record import (
    FORMAT,
    VERSION,
    Move,
    Record,
    RecordError,
    dump,
    dumps,
    load,
    loads,
    rebuild,
    record_of,
    replay,
    replay_to,
)
from bezique.rules import Rules

PROFILES = list_profiles()
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def random_deal(rules: Rules, seed: int | None, *, dealer: int = 0,
                plies: int | None = None) -> Deal:
    """A deal of ``rules`` shuffled from ``seed`` (None: unseeded) and played with random legal
    actions seeded likewise (to the end, or for ``plies`` actions)."""
    rng = random.Random(seed)
    deal = Deal.new(rules, seed=seed, dealer=dealer)
    n = 0
    while not deal.is_over and (plies is None or n < plies):
        deal.apply(rng.choice(deal.legal_actions()))
        n += 1
    return deal


def random_game(rules: Rules, seed: int, *, max_deals: int = 3) -> Game:
    """A game of ``rules`` played with seeded random actions, for at most ``max_deals`` deals
    (the last may be left unfinished when the game is not over)."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    while not game.is_over and len(game.deals) < max_deals:
        deal = game.new_deal()
        while not deal.is_over:
            game.apply(rng.choice(deal.legal_actions()))
    return game


# --------------------------------------------------------------------------- invariant 10


@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, dealer=st.integers(0, 1))
def test_invariant_10_deal_record_round_trip(name: str, seed: int, dealer: int) -> None:
    """docs/rules.md#invariant-records: a finished deal's record replays to an equal deal and
    events."""
    deal = random_deal(load_profile(name), seed, dealer=dealer)
    again = rebuild(loads(dumps(deal)))
    assert isinstance(again, Deal)
    assert again == deal
    assert again.events == deal.events


@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=5, deadline=None)
@given(seed=SEEDS, plies=st.integers(0, 60))
def test_invariant_10_unfinished_deal_round_trip(name: str, seed: int, plies: int) -> None:
    """docs/rules.md#invariant-records mid-deal: an unfinished deal's record replays to its
    position."""
    deal = random_deal(load_profile(name), seed, plies=plies)
    text = dumps(deal)
    assert loads(text).result.over is deal.is_over
    assert rebuild(text) == deal


@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=2, deadline=None)
@given(seed=SEEDS)
def test_invariant_10_game_record_round_trip(name: str, seed: int) -> None:
    """docs/rules.md#invariant-records for games: each deal of the replayed game equals the
    original's, and so
    do the totals and the result."""
    game = random_game(load_profile(name), seed)
    again = rebuild(dumps(game))
    assert isinstance(again, Game)
    assert len(again.deals) == len(game.deals)
    assert all(a == b for a, b in zip(again.deals, game.deals, strict=True))
    assert again.deal == game.deal
    assert again.totals == game.totals
    assert again.result == game.result


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=profiles(), seed=SEEDS)
def test_invariant_10_house_profile_inline_round_trip(rules: Rules, seed: int) -> None:
    """A house profile is written inline in full and replays to the same deal."""
    deal = random_deal(rules, seed)
    record = loads(dumps(deal))
    assert record.rules == rules
    assert rebuild(record) == deal


# --------------------------------------------------------------------------- the format


def test_record_names_a_builtin_profile_by_name_and_digest() -> None:
    """A built-in profile is named with its digest, not written out."""
    rules = load_profile("rubicon")
    text = dumps(random_deal(rules, 3, plies=10))
    assert f'name = "rubicon"\ndigest = "{rules.digest}"' in text
    assert "toml =" not in text
    assert loads(text).inline is False


def test_record_writes_a_custom_profile_inline() -> None:
    """A custom profile (a house rule) is written in full via rules.to_toml()."""
    house = profile_from_toml('extends = "bezique"\nmelds.on_last_stock_trick = false')
    text = dumps(random_deal(house, 5, plies=8))
    record = loads(text)
    assert record.inline and record.rules == house
    assert house.to_toml() in text


def test_record_header_has_format_and_version() -> None:
    """Every record starts with its format and version."""
    text = dumps(random_deal(load_profile("bezique"), 1, plies=2))
    assert f'format = "{FORMAT}"\nversion = {VERSION}' in text
    assert loads(text).version == VERSION


def test_record_lists_each_action_with_its_player() -> None:
    """Each action line carries the player who took it, in the order played."""
    deal = Deal.new(load_profile("bezique"), seed=7, dealer=0)
    lead = deal.legal_actions()[0]
    deal.apply(lead)
    follow = deal.legal_actions()[-1]
    deal.apply(follow)
    (entry,) = record_of(deal).deals
    assert entry.moves == (Move(1, str(lead)), Move(0, str(follow)))


def test_comments_survive_a_round_trip() -> None:
    """An action may carry a comment after '#'; it is read back and written again."""
    text = dumps(random_deal(load_profile("bezique"), 2, plies=3))
    first = text.index('    "P')
    end = text.index('",', first)
    text = text[:end] + '  # why lead this? see R4' + text[end:]
    record = loads(text)
    assert record.deals[0].moves[0].comment == "why lead this? see R4"
    assert loads(dumps(record)) == record
    assert list(replay(record))[-1].deal == rebuild(text)


def test_dump_and_load_files(tmp_path: Path) -> None:
    """dump/load accept a path or an open text file."""
    deal = random_deal(load_profile("pinochle"), 11)
    path = tmp_path / "deal.toml"
    dump(deal, path)
    buffer = io.StringIO()
    dump(deal, buffer)
    assert load(path) == loads(buffer.getvalue()) == load(io.StringIO(path.read_text()))


@pytest.mark.parametrize("setup", [
    {"hands": ["KS", "QS"], "stock": ""},
    {"hands": ["QS QS 7H AD", "KS JD 10C 9H"], "stock": "8C 9D KH 7S", "dealer": 1},
    {"hands": ["QS QS 7H", "KS JD 10C"], "stock": "8C 9D 9S", "turn_up": "7D", "leader": 0},
    {"hands": ["QS 7H", "KS JD"], "stock": "8C 9C", "trump": "H", "scores": (120, 40)},
])
def test_stacked_deal_is_recorded_as_a_position(setup: dict[str, Any]) -> None:
    """A stacked deal (no seed) is recorded by a [deal.position] table that sets it up again,
    including copies of the same card, the turn-up, trump, leader and scores."""
    deal = Deal.from_position(load_profile("bezique"), **setup, reachable=False)
    text = dumps(deal)
    assert "[deal.position]" in text and "seed =" not in text
    again = rebuild(text)
    assert isinstance(again, Deal)
    assert again == deal and again.events == deal.events


CUT_RULES = profile_from_toml('extends = "chinese"\ndeal.dealer_cut_bonus = true')
"""Chinese bezique with the dealer's cut bonus (250 for lifting exactly 24, 150 for a right
guess)."""


def stacked_from(rules: Rules, seed: int, dealer: int) -> Deal:
    """A stacked deal holding exactly the physical cards a seed deals (copies in shuffled order,
    not the lowest first), set up by Deal.from_position from physical ints."""
    origin = Deal.new(rules, seed=seed, dealer=dealer).origin
    return Deal.from_position(rules, hands=origin.hands, stock=origin.stock,
                              turn_up=origin.turn_up, dealer=dealer)


@pytest.mark.parametrize("name", PROFILES)
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS, dealer=st.integers(0, 1), plies=st.integers(0, 80))
def test_stacked_deal_is_recorded_after_any_number_of_actions(name: str, seed: int, dealer: int,
                                                              plies: int) -> None:
    """docs/rules.md#invariant-records for stacked deals: a from_position deal, played any number of
    actions, is recorded by its starting position and replays to the same deal, events and
    physical cards (deal.origin)."""
    deal = stacked_from(load_profile(name), seed, dealer)
    rng = random.Random(seed)
    while not deal.is_over and len(deal.actions) < plies:
        deal.apply(rng.choice(deal.legal_actions()))
    text = dumps(deal)
    assert "[deal.position]" in text and "seed =" not in text
    again = rebuild(text)
    assert isinstance(again, Deal)
    assert again == deal and again.events == deal.events and again.origin == deal.origin
    assert dumps(again) == text


def test_position_names_the_very_same_physical_copies() -> None:
    """R10: a position is written with copy letters where a kind has several copies, so replay
    places the same physical card (here P0 holds QSb, P1 QSa) even after it is played."""
    deal = Deal.from_position(load_profile("bezique"), hands=["QSb 7H", "QS KS"],
                              stock="8C 9D 10C KD", reachable=False)
    deal.apply("play QS")
    text = dumps(deal)
    assert 'hands = ["QSb 7Ha", "QSa KSa"]' in text and 'turn_up = "KDa"' in text
    again = rebuild(text)
    assert isinstance(again, Deal) and again == deal
    assert [card_name(c, copies=True) for c in again.hand(0)] == ["QSb", "7Ha"]


def test_single_copy_pack_position_has_no_copy_letters() -> None:
    """In a one-pack profile every kind has one copy: the position is written plainly."""
    deal = stacked_from(load_profile("five-hundred"), 4, 0)
    deal.apply(deal.legal_actions()[0])
    position = dumps(deal).split("[deal.position]")[1].split("[result]")[0]
    assert " ".join(card_name(c) for c in deal.origin.hands[0]) in position
    assert rebuild(dumps(deal)) == deal


def test_unseeded_deal_is_recorded_by_its_position() -> None:
    """Deal.new(seed=None) cannot be dealt again from a seed: it is recorded by its starting
    position, played or not."""
    deal = random_deal(load_profile("bezique"), None, plies=30)
    text = dumps(deal)
    assert "[deal.position]" in text and "seed =" not in text
    assert rebuild(text) == deal


@pytest.mark.parametrize(("cut", "guess", "scores"), [
    (24, None, (250, 0)), (24, 24, (250, 150)), (30, 30, (0, 150)), (30, 29, (0, 0)),
])
def test_deal_with_an_explicit_cut_or_guess_is_recorded(cut: int, guess: int | None,
                                                        scores: tuple[int, int]) -> None:
    """docs/rules.md#game-chinese (PW Bezique-6): Deal.new(cut=, guess=) is recorded with `cut`,
    `guess`
    keys, and replay deals with them: the same cut bonuses, deal and origin."""
    assert Deal.new(CUT_RULES, seed=3).origin.cut not in (24, 30)  # so the keys matter
    deal = Deal.new(CUT_RULES, seed=3, cut=cut, guess=guess)
    assert deal.scores == scores
    for _ in range(6):
        deal.apply(deal.legal_actions()[0])
    text = dumps(deal)
    keys = text.split("[[deal]]")[1].split("actions = [")[0]
    guessed = "" if guess is None else f"guess = {guess}\n"
    assert keys.startswith(f"\nseed = 3\ncut = {cut}\n{guessed}dealer = 0\n")
    again = rebuild(text)
    assert isinstance(again, Deal) and again == deal and again.origin == deal.origin
    assert dumps(again) == text


def test_cut_the_seed_draws_is_not_written() -> None:
    """A cut equal to the seed's own draw needs no key: the record reads as before."""
    drawn = Deal.new(CUT_RULES, seed=3).origin.cut
    assert drawn is not None
    text = dumps(Deal.new(CUT_RULES, seed=3, cut=drawn))
    keys = text.split("[[deal]]")[1].split("actions = [")[0]
    assert keys.startswith("\nseed = 3\ndealer = 0\n") and "cut" not in keys
    assert text == dumps(Deal.new(CUT_RULES, seed=3))


def test_unseeded_deal_with_a_cut_is_refused() -> None:
    """A deal shuffled without a seed under deal.dealer_cut_bonus would be recorded by its
    position, which cannot hold a cut: refused, not faked."""
    with pytest.raises(ValueError, match=r"a \[deal.position\] is not cut"):
        dumps(Deal.new(CUT_RULES, seed=None, cut=24))


def test_game_with_a_given_first_dealer_is_refused() -> None:
    """Replay draws a game's first dealer from its seed; a game told otherwise is refused."""
    rules = load_profile("bezique")
    drawn = Game(rules, seed=4).first_dealer
    with pytest.raises(ValueError, match="first_dealer="):
        dumps(Game(rules, seed=4, first_dealer=1 - drawn))


def _unlisted_copy() -> tuple[Deal, Play]:
    """A seeded deal whose player to lead holds two interchangeable copies of a card, and the
    play of the copy that legal_actions() does not list (R10 lists one copy per group)."""
    for seed in range(50):
        deal = Deal.new(load_profile("bezique"), seed=seed)
        listed = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
        player = deal.to_move
        assert player is not None
        for card in deal.hand(player):
            if card not in listed and card ^ 1 in listed:
                return deal, Play(card)
    raise AssertionError("no seed deals a pair of interchangeable copies")


def test_r10_copy_letter_selects_that_copy() -> None:
    """R10: a qualified card names that physical copy: 'play QSb' plays QSb, not QSa."""
    deal = Deal.from_position(load_profile("bezique"), hands=["AH KD 8C", "QS QS 7H"],
                              stock="7C 8D 9D 10D", dealer=0, reachable=False)
    deal.apply("play QSb")
    assert [card_name(c, copies=True) for c in deal.hand(1)] == ["QSa", "7Ha"]


def test_r10_unlisted_copy_is_recorded_with_its_copy_letter() -> None:
    """An action on a copy legal_actions() does not list is written with its copy letter and
    replays to the same physical cards."""
    deal, play = _unlisted_copy()
    deal.apply(play)
    text = dumps(deal)
    assert f'"P{1 - deal.dealer} play {card_name(play.card, copies=True)}"' in text
    assert rebuild(text) == deal


@pytest.mark.parametrize("name", ["bezique", "rubicon", "joker"])
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_r10_any_copy_played_is_recorded_exactly_or_refused(name: str, seed: int) -> None:
    """R10: whichever physical copy a player plays, listed by legal_actions() or not, dumps
    writes a record that replays those very copies, or refuses naming the action; it never
    writes a record that replays another copy."""
    rng = random.Random(seed)
    deal = Deal.new(load_profile(name), seed=seed)
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        player = deal.to_move
        if isinstance(action, Play) and player is not None:
            mine = deal.hand(player) | deal.table(player)
            other = Play(rng.choice([c for c in mine if c >> 3 == action.card >> 3]))
            action = other if deal.can_apply(other) else action
        deal.apply(action)
    try:
        text = dumps(deal)
    except ValueError as exc:
        assert "cannot record action" in str(exc)
    else:
        assert rebuild(text) == deal


def test_r10_a_tabled_joker_and_a_fresh_one_are_recorded_apart() -> None:
    """JB-04 (source: BC, HB, R9) and R10: P0 completes four jacks with the second joker,
    JKb, keeping JK in hand; both jokers are then legal plays with different consequences,
    listed qualified. The record names JKb in the meld and in the play, replays to the very
    same deal and digest, and is written back as it was read; a record whose play is changed
    to the other joker is refused at the digest."""
    deal = Deal.from_position(
        load_profile("joker"),
        hands=["AH JS JH JC JK JK KS QS 9D", "7S 8S 9S 7C 8C 9C 7D 9D 8D"],
        stock="7H 7H 8H 8H AC AC KC KC", trump="hearts", dealer=1)
    for action in ("play AH", "play 7S", "meld four_jacks JS JH JC JKb", "draw"):
        deal.apply(action)
    assert {"play JKa", "play JKb"} <= {str(a) for a in deal.legal_actions()}
    deal.apply("play JKb")
    text = dumps(deal)
    assert '"P0 meld four_jacks JS JH JC JKb"' in text and '"P0 play JKb"' in text
    assert 'hands = ["AHa JSa JHa JCa JKa JKb KSa QSa 9Da",' in text
    again = rebuild(text)
    assert again == deal and again.events == deal.events
    assert dumps(loads(text)) == text
    with pytest.raises(RecordError, match="digest"):
        rebuild(text.replace('"P0 play JKb"', '"P0 play JKa"'))


def test_meld_with_its_cards_in_another_order_is_recorded() -> None:
    """A meld applied with its cards in another order is written as legal_actions() lists it
    and replays to the same events."""
    rng = random.Random(1)
    deal = Deal.new(load_profile("bezique"), seed=1)
    while not any(isinstance(a, Meld) and len(a.cards) > 1 for a in deal.legal_actions()):
        deal = deal if deal.legal_actions() else Deal.new(deal.rules, seed=rng.randrange(99))
        deal.apply(rng.choice(deal.legal_actions()))
    listed = next(a for a in deal.legal_actions() if isinstance(a, Meld) and len(a.cards) > 1)
    text = f'"P{deal.to_move} {listed}",'
    deal.apply(Meld(listed.name, tuple(reversed(listed.cards))))
    assert text in dumps(deal)
    again = rebuild(dumps(deal))
    assert isinstance(again, Deal) and again.events == deal.events and again == deal


# --------------------------------------------------------------------------- replay


def test_replay_yields_every_state_in_order() -> None:
    """replay yields the start and then one state per action, each equal to the deal then."""
    rules = load_profile("bezique")
    deal = random_deal(rules, 9)
    steps = list(replay(dumps(deal)))
    assert [s.ply for s in steps] == list(range(len(steps)))
    assert steps[-1].deal == deal
    probe = Deal.new(rules, seed=9, dealer=0)
    for step in steps[1:]:
        assert step.move is not None
        assert step.move.player == probe.to_move
        assert list(step.events) == probe.apply(step.move.action)
        assert step.deal == probe


def test_replay_to_any_ply() -> None:
    """replay_to(record, n) is the state after n actions, for a deal and across a game."""
    deal = random_deal(load_profile("bezique"), 4)
    text = dumps(deal)
    assert replay_to(text, 0).deal == Deal.new(deal.rules, seed=4, dealer=0)
    assert replay_to(text, loads(text).plies).deal == deal
    game = random_game(load_profile("pinochle"), 8, max_deals=2)
    record = loads(dumps(game))
    first = len(record.deals[0].moves)
    assert replay_to(record, first).deal == game.deals[0]
    after = replay_to(record, first + 1)
    assert after.deal_index == 1 and after.move == record.deals[1].moves[0]
    with pytest.raises(ValueError, match="outside the record"):
        replay_to(record, record.plies + 1)


def test_hand_written_position_record_answers_a_rules_question() -> None:
    """A person can write a record from a stacked position (no seed) to ask a rules question:
    here the follower may not trump while holding the led suit in the end phase."""
    text = """
format = "bezique-record"
version = 1

[profile]
name = "bezique"
digest = "DIGEST"

[[deal]]
dealer = 0
actions = [
    "P1 play AH  # the last tricks: must follow suit",
    "P0 play 7H",
]
[deal.position]
hands = ["7H 7S", "AH KD"]
stock = ""
trump = "S"

[result]
over = false
""".replace("DIGEST", load_profile("bezique").digest)
    record = loads(text)
    assert record.deals[0].moves[0].comment == "the last tricks: must follow suit"
    deal = rebuild(record)
    assert isinstance(deal, Deal) and deal.last_trick_winner == 1
    bad = text.replace("P0 play 7H", "P0 play 7S")
    with pytest.raises(RecordError) as err:
        rebuild(bad)
    assert err.value.ply == 2 and "must follow suit" in err.value.reason


def test_record_type_is_frozen_value() -> None:
    """A loaded record is a frozen value: equal texts give equal records, and it cannot be
    changed in place."""
    text = dumps(random_deal(load_profile("chinese"), 6, plies=20))
    record = loads(text)
    assert isinstance(record, Record) and record == loads(text)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.deals = ()  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.deals[0].moves[0].action = "play AS"  # type: ignore[misc]


# --------------------------------------------------------------------------- CLI


def test_cli_replay_lists_actions_and_result(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """`bezique replay FILE` re-validates the record and lists every action with its ply."""
    deal = random_deal(load_profile("bezique"), 12)
    path = tmp_path / "r.toml"
    dump(deal, path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"OK: {loads(path.read_text()).plies} actions replayed; over, scores " \
        f"{list(deal.scores)}" in out
    assert out.count("deal 1: P0 deals\n") == 1
    assert f"\n  deal 1 over: scores {list(deal.scores)}\nOK: " in out


def test_cli_replay_shows_a_ply(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`bezique replay FILE --ply N` shows the state after N actions."""
    deal = random_deal(load_profile("bezique"), 12, plies=5)
    path = tmp_path / "r.toml"
    dump(deal, path)
    assert main(["replay", str(path), "--ply", "5"]) == 0
    out = capsys.readouterr().out
    assert "\n".join("  " + line for line in deal.render().splitlines()) in out
    assert "legal: " + ", ".join(str(a) for a in deal.legal_actions()) in out


def test_cli_replay_reports_damage_with_ply(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A damaged record exits 1 and names the ply and the reason on stderr."""
    text = dumps(random_deal(load_profile("bezique"), 12, plies=5))
    path = tmp_path / "r.toml"
    path.write_text(text.replace('"P1 play', '"P0 play', 1))
    assert main(["replay", str(path)]) == 1
    assert "ply 1 (deal 1): wrong player" in capsys.readouterr().err


def test_cli_replay_reports_an_unreadable_file_and_a_ply_outside(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that cannot be read, or a --ply beyond the record, exits 1 with the reason."""
    assert main(["replay", str(tmp_path / "missing.toml")]) == 1
    assert "missing.toml" in capsys.readouterr().err
    path = tmp_path / "r.toml"
    dump(random_deal(load_profile("bezique"), 12, plies=5), path)
    assert main(["replay", str(path), "--ply", "6"]) == 1
    assert "ply 6 is outside the record (0..5)" in capsys.readouterr().err
