"""Damaged records fail loudly with the ply and the reason (docs/records.md, "Damage is
reported, never skipped": replay re-validates every action and fails on any tampering; never a
silent partial replay)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bezique import Deal, load_profile, profile_from_toml
from bezique.cards import kind_name
from bezique.record import RecordError, dumps, loads, rebuild, replay, replay_to

RECORDS = Path(__file__).parent / "records"
RULES = load_profile("bezique")


def _played_deal(seed: int) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(RULES, seed=seed, dealer=0)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


DEAL = _played_deal(21)
DEAL_TEXT = dumps(DEAL)
GAME_TEXT = (RECORDS / "pinochle.toml").read_text(encoding="utf-8")
ACTION = re.compile(r'^    "(P[01] [^"]*)",$', re.M)


def _played_position() -> str:
    """The record of a stacked deal (copies in both hands) played to its end."""
    deal = Deal.from_position(RULES, hands=["QSb KH 7D AC", "QS 10H 8D JC"],
                              stock="9S 9H 10S KD", reachable=False)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    return dumps(deal)


POSITION_TEXT = _played_position()
CUT_RULES = profile_from_toml('extends = "chinese"\ndeal.dealer_cut_bonus = true')


def _cut_text(cut: int, guess: int | None) -> str:
    """The record of a Chinese cut-bonus deal dealt with an explicit cut and guess, 4 plies in."""
    deal = Deal.new(CUT_RULES, seed=3, cut=cut, guess=guess)
    for _ in range(4):
        deal.apply(deal.legal_actions()[0])
    return dumps(deal)


def lines_of(text: str) -> list[str]:
    """The action lines of a record, in ply order (ply n is index n - 1)."""
    return ACTION.findall(text)


def replace_ply(text: str, ply: int, new: str | None) -> str:
    """The record with the action line of ``ply`` replaced by ``new`` (None: deleted)."""
    matches = list(ACTION.finditer(text))
    m = matches[ply - 1]
    body = "" if new is None else f'    "{new}",'
    end = m.end() + (1 if new is None else 0)
    return text[:m.start()] + body + text[end:]


def damage(text: str, old: str, new: str) -> str:
    """The record with the first ``old`` replaced by ``new`` (which must be there)."""
    assert old in text, old
    return text.replace(old, new, 1)


def failure(text: str) -> RecordError:
    """The RecordError that loading and replaying ``text`` to the end raises."""
    with pytest.raises(RecordError) as err:
        rebuild(text)
    return err.value


def test_sound_records_replay() -> None:
    """The undamaged base records replay (so every failure below is caused by its damage)."""
    assert rebuild(DEAL_TEXT) == DEAL
    assert rebuild(GAME_TEXT).is_over


def test_illegal_action_names_ply_and_rule() -> None:
    """An action the rules forbid: the leader plays a card he does not hold."""
    held = {x >> 3 for x in Deal.new(RULES, seed=21, dealer=0).hand(1)}
    missing = next(k for k in range(32) if k not in held)
    err = failure(replace_ply(DEAL_TEXT, 1, f"P1 play {kind_name(missing)}"))
    assert err.ply == 1 and err.reason.startswith(f"illegal action 'play {kind_name(missing)}'")
    assert "hand" in err.reason


def test_unreadable_notation() -> None:
    """An action whose notation cannot be parsed."""
    err = failure(replace_ply(DEAL_TEXT, 3, "P1 play the ace"))
    assert err.ply == 3 and "illegal action 'play the ace'" in err.reason
    assert "cannot read action" in err.reason


def test_unreadable_action_line() -> None:
    """An action line without its player."""
    err = failure(replace_ply(DEAL_TEXT, 4, "play QS"))
    assert err.ply == 4 and "cannot read 'play QS'" in err.reason


def test_player_out_of_range() -> None:
    """An action line naming a player that does not exist."""
    err = failure(damage(DEAL_TEXT, '"P0 ', '"P2 '))
    assert err.ply == 2 and "expected 'P0 ACTION' or 'P1 ACTION'" in err.reason


def test_wrong_player() -> None:
    """A legal action credited to the player who is not to move."""
    line = lines_of(DEAL_TEXT)[4]
    other = ("P0" if line.startswith("P1") else "P1") + line[2:]
    err = failure(replace_ply(DEAL_TEXT, 5, other))
    assert err.ply == 5 and err.reason.startswith("wrong player")


def test_missing_final_action() -> None:
    """The last action deleted: the record claims a finished deal the replay has not ended."""
    n = len(lines_of(DEAL_TEXT))
    err = failure(replace_ply(DEAL_TEXT, n, None))
    assert err.ply == n - 1 and err.reason.startswith("missing actions")


def test_missing_action_in_the_middle() -> None:
    """An action deleted mid-deal: the next one is out of turn or illegal at that ply."""
    err = failure(replace_ply(DEAL_TEXT, 2, None))
    assert err.ply == 2
    assert err.reason.startswith(("wrong player", "illegal action"))


def test_extra_action_after_the_end() -> None:
    """An action appended after the deal is over."""
    n = len(lines_of(DEAL_TEXT))
    last = lines_of(DEAL_TEXT)[-1]
    text = damage(DEAL_TEXT, f'"{last}",\n]', f'"{last}",\n    "P0 draw",\n]')
    err = failure(text)
    assert err.ply == n + 1 and err.reason.startswith("extra action 'draw'")


def test_swapped_actions() -> None:
    """Two consecutive actions of different players swapped."""
    lines = lines_of(DEAL_TEXT)
    text = replace_ply(replace_ply(DEAL_TEXT, 1, lines[1]), 2, lines[0])
    err = failure(text)
    assert err.ply == 1 and err.reason.startswith("wrong player")


# --------------------------------------------------------------------------- the header and tables
# Damage outside the actions is reported at ply 0: (what, base record, text, replacement, reason
# the message starts with).

HEADER_DAMAGE = [
    ("builtin_profile_digest_mismatch", DEAL_TEXT, f'digest = "{RULES.digest}"',
     'digest = "0123456789abcdef"', "profile: digest mismatch: the record says 0123456789abcdef, "
     f"the profile 'bezique' now has {RULES.digest}"),
    ("unknown_builtin_profile", DEAL_TEXT, 'name = "bezique"', 'name = "bezique-deluxe"',
     "profile: unknown built-in profile 'bezique-deluxe'"),
    ("unknown_version", DEAL_TEXT, "version = 2", "version = 7", "unknown format version 7"),
    ("not_a_record", DEAL_TEXT, 'format = "bezique-record"', 'format = "chess-pgn"',
     "format: expected 'bezique-record', got 'chess-pgn'"),
    ("corrupted_bytes", DEAL_TEXT, "[[deal]]", "[[deal]\x00",
     "not valid TOML (truncated or corrupted?)"),
    ("misspelt_key", DEAL_TEXT, "dealer = 0", "dealr = 0", "deal[0]: unknown key 'dealr'"),
    ("wrong_value_type", DEAL_TEXT, "dealer = 0", 'dealer = "north"',
     "deal[0].dealer: expected int, got 'north'"),
    ("second_deal_in_a_deal_record", DEAL_TEXT, "\n[result]",
     "\n[[deal]]\nseed = 1\ndealer = 0\nactions = []\n\n[result]",
     "a record of one deal holds one [[deal]], this one 2"),
    ("cut_in_a_profile_without_the_cut_bonus", DEAL_TEXT, "seed = 21\n", "seed = 21\ncut = 30\n",
     "cut and guess: the profile has no dealer's cut (deal.dealer_cut_bonus = false)"),
    ("cut_with_a_position", POSITION_TEXT, "dealer = 0\n", "guess = 30\ndealer = 0\n",
     "deal[0]: cut and guess go with a seed"),
    ("cut_in_a_game_deal", GAME_TEXT, "[[deal]]\n", "[[deal]]\ncut = 30\n",
     "deal[0]: a deal of a game takes its cards from the game seed"),
]


@pytest.mark.parametrize(("base", "old", "new", "reason"), [row[1:] for row in HEADER_DAMAGE],
                         ids=[row[0] for row in HEADER_DAMAGE])
def test_header_damage_is_reported_at_ply_0(base: str, old: str, new: str, reason: str) -> None:
    """A damaged header, profile or deal table (a digest that no longer matches, an unknown
    profile, version or format, garbage bytes, a misspelt key, a value of the wrong type, a second
    deal in a deal record, a cut where there is none) fails at ply 0 with the reason."""
    err = failure(damage(base, old, new))
    assert err.ply == 0 and err.reason.startswith(reason)


def test_inline_profile_tampered() -> None:
    """A custom profile edited after recording (its digest no longer matches)."""
    house = profile_from_toml('extends = "bezique"\nmelds.on_last_stock_trick = false')
    deal = Deal.new(house, seed=3)
    text = dumps(deal)
    value = f"value = {house.dix.value}\n"
    err = failure(damage(text, value, "value = 50\n"))
    assert err.ply == 0 and "digest mismatch" in err.reason


def test_truncated_inside_the_actions() -> None:
    """Text cut off in the middle of the action list."""
    err = failure(DEAL_TEXT[: len(DEAL_TEXT) // 2])
    assert err.ply == 0 and "not valid TOML (truncated or corrupted?)" in err.reason


def test_truncated_before_the_result() -> None:
    """Text cut off at a line boundary, so it still parses but has lost its [result]."""
    err = failure(DEAL_TEXT[: DEAL_TEXT.index("[result]")])
    assert err.ply == 0 and "[result] table missing" in err.reason


def test_result_scores_tampered() -> None:
    """A final score changed: the replay gives the true one."""
    a, b = DEAL.scores
    err = failure(damage(DEAL_TEXT, f"[result]\nover = true\nscores = [{a}, {b}]",
                         f"[result]\nover = true\nscores = [{a + 10}, {b}]"))
    assert err.ply == len(lines_of(DEAL_TEXT))
    assert err.reason == f"scores: the record says ({a + 10}, {b}), the replay gives ({a}, {b})"


def test_result_claims_unfinished() -> None:
    """A finished deal recorded as still going on."""
    err = failure(damage(DEAL_TEXT, "over = true", "over = false"))
    assert err.ply == len(lines_of(DEAL_TEXT)) and "goes on" in err.reason


def test_seed_changed() -> None:
    """Another seed deals other cards: the first action that no longer fits is reported."""
    text = damage(DEAL_TEXT, "seed = 21", "seed = 22")
    probe = Deal.new(RULES, seed=22, dealer=0)
    expected = 0
    for n, line in enumerate(lines_of(DEAL_TEXT), 1):
        player, action = int(line[1]), line[3:]
        if probe.to_move != player or not probe.can_apply(action):
            expected = n
            break
        probe.apply(action)
    err = failure(text)
    assert expected and err.ply == expected


def test_game_deal_scores_tampered() -> None:
    """A game's per-deal score changed: reported at that deal's last ply."""
    record = loads(GAME_TEXT)
    first = record.deals[0]
    assert first.scores is not None
    a, b = first.scores
    err = failure(damage(GAME_TEXT, f"scores = [{a}, {b}]", f"scores = [{a}, {b + 1}]"))
    assert err.ply == len(first.moves) and err.deal == 0 and err.reason.startswith("deal scores")


def test_game_dealer_tampered() -> None:
    """A deal of a game credited to the wrong dealer."""
    record = loads(GAME_TEXT)
    second = record.deals[1]
    text = GAME_TEXT.split("[[deal]]")
    text[2] = damage(text[2], f"dealer = {second.dealer}", f"dealer = {1 - second.dealer}")
    err = failure("[[deal]]".join(text))
    assert err.ply == len(record.deals[0].moves) and err.deal == 1
    assert err.reason.startswith("dealer: the record says")


def test_game_first_dealer_tampered() -> None:
    """The game's first dealer does not match what its seed draws."""
    first = loads(GAME_TEXT).game
    assert first is not None
    err = failure(damage(GAME_TEXT, f"first_dealer = {first.first_dealer}",
                         f"first_dealer = {1 - first.first_dealer}"))
    assert err.ply == 0 and err.reason.startswith("first dealer")


def test_game_winner_tampered() -> None:
    """The winner of a finished game changed."""
    record = loads(GAME_TEXT)
    winner = record.result.winner
    assert winner is not None
    err = failure(damage(GAME_TEXT, f"winner = {winner}", f"winner = {1 - winner}"))
    assert err.ply == record.plies and err.reason.startswith("winner")


def test_game_extra_deal() -> None:
    """A deal appended after the game was over."""
    record = loads(GAME_TEXT)
    text = damage(GAME_TEXT, "\n[result]",
                  '\n[[deal]]\ndealer = 0\ndigest = "0123456789abcdef"\nactions = []\n\n[result]')
    err = failure(text)
    assert err.ply == record.plies and err.deal == len(record.deals)
    assert err.reason == "extra deal: the game is already over"


def test_game_deal_cut_short() -> None:
    """A deal of a game missing its last action, so the next deal starts too early."""
    record = loads(GAME_TEXT)
    n = len(record.deals[0].moves)
    err = failure(replace_ply(GAME_TEXT, n, None))
    assert err.ply == n - 1 and err.deal == 0
    assert err.reason == f"missing actions: deal 1 is not over after its {n - 1} actions"


def test_damage_is_raised_by_every_entry_point() -> None:
    """replay (read to the end) and replay_to (even for an earlier ply) both refuse a record
    damaged late: no silent partial replay."""
    n = len(lines_of(DEAL_TEXT))
    text = replace_ply(DEAL_TEXT, n, None)
    with pytest.raises(RecordError) as err:
        list(replay(text))
    assert err.value.ply == n - 1
    with pytest.raises(RecordError) as err:
        replay_to(text, 1)
    assert err.value.ply == n - 1


# --------------------------------------------------------------------------- a stacked start, a cut


def test_position_card_tampered() -> None:
    """A card of the starting position changed: the first action playing it fails there."""
    assert isinstance(rebuild(POSITION_TEXT), Deal)
    lead = lines_of(POSITION_TEXT)[0]
    assert lead.startswith("P1 play ")
    card = lead.split()[-1]
    leader = loads(POSITION_TEXT).deals[0].position["hands"][1]  # type: ignore[index]
    lettered = next(t for t in leader.split() if t[:-1] == card)
    err = failure(damage(POSITION_TEXT, leader, leader.replace(lettered, "ASa")))
    assert err.ply == 1 and err.reason.startswith(f"illegal action 'play {card}'")


def test_position_copy_placed_twice() -> None:
    """A physical copy written twice in the position: the deal cannot be set up (ply 0)."""
    err = failure(damage(POSITION_TEXT, '"QSb KHa', '"QSa KHa'))
    assert err.ply == 0 and err.reason.startswith("cannot set up the deal")
    assert "hands[1]: QSa is placed twice" in err.reason


def test_cut_tampered() -> None:
    """The cut changed from the bonus 24 to 25: the dealer's 250 is gone, the scores say so."""
    text = _cut_text(24, None)
    assert Deal.new(CUT_RULES, seed=3, cut=24).scores == (250, 0)
    assert isinstance(rebuild(text), Deal)
    err = failure(damage(text, "\ncut = 24\n", "\ncut = 25\n"))
    assert err.ply == 4 and err.reason.startswith("deal scores: the record says")


def test_guess_tampered() -> None:
    """A wrong guess made right: the non-dealer's 150 appears, the scores say so."""
    text = _cut_text(30, 29)
    assert isinstance(rebuild(text), Deal)
    err = failure(damage(text, "\nguess = 29\n", "\nguess = 30\n"))
    assert err.ply == 4 and err.reason.startswith("deal scores: the record says")


def test_odd_stock_position_replays_to_the_end() -> None:
    """A hand-written position whose stock cannot be drawn in pairs (two hidden cards and the
    turn-up) plays out (the loser of the last stock trick draws nothing) and replays exactly."""
    odd = Deal.from_position(RULES, hands=["KH 7D", "10H 8D"], stock="9S 9H KD", reachable=False)
    while not odd.is_over:
        odd.apply(odd.legal_actions()[0])
    again = rebuild(dumps(odd))
    assert isinstance(again, Deal) and again == odd and again.events == odd.events


# -------------------------------------------------------------- the start fields of a deal


def _with_start_field(text: str, line: str) -> str:
    """The record with ``line`` (a key of the ``[[deal]]`` table) added before its dealer."""
    return damage(text, "\ndealer = ", f"\n{line}\ndealer = ")


@pytest.mark.parametrize("line", ["target = 500", "totals = [10, 20]", "totals = [-5, 7]",
                                  "target = 1500\ntotals = [0, 900]"])
def test_an_added_target_or_totals_no_longer_matches_the_digest(line: str) -> None:
    """A target or game totals written into a sound record replay to another deal (one that
    ends at another score): the digest covers them, so the record no longer matches."""
    err = failure(_with_start_field(DEAL_TEXT, line))
    assert err.deal == 0 and err.reason.startswith("deal digest")


@pytest.mark.parametrize(("line", "key"), [
    ("target = -5", "target"), ("target = 0", "target"),
    (f"target = {10**16}", "target"), ("totals = [-5, 10000000000000000]", "totals"),
    ("scores = [0, -10000000000000000]", "scores"), (f"seed = {2**64}", "seed"),
])
def test_start_fields_out_of_range_are_refused_on_reading(line: str, key: str) -> None:
    """Each start field is range-checked as `Deal.new` and `Deal.from_position` check it, when
    the record is read, naming the field."""
    text = re.sub(rf"^{key} = .*\n", "", DEAL_TEXT, count=1, flags=re.M)  # the first: the deal's
    with pytest.raises(RecordError) as err:
        loads(_with_start_field(text, line))
    assert err.value.ply == 0 and err.value.reason.startswith(f"deal[0].{key}: expected")


def test_a_target_or_later_totals_in_a_deal_of_a_game_are_refused() -> None:
    """A deal of a game takes its target and totals from the game, which replay would ignore
    in silence: only the first deal may say the totals the game starts from."""
    third = GAME_TEXT.index("[[deal]]", GAME_TEXT.index("[[deal]]") + 1)
    for text in (_with_start_field(GAME_TEXT, "target = 500"),
                 GAME_TEXT[:third] + damage(GAME_TEXT[third:], "\ndealer = ",
                                            "\ntotals = [0, 0]\ndealer = ")):
        with pytest.raises(RecordError) as err:
            loads(text)
        assert "takes its target and totals from the game" in err.value.reason


def test_a_deal_with_its_own_target_and_totals_records_and_replays() -> None:
    """A deal dealt with a target and totals of its own writes them, covered by its digest,
    and replays to the same deal; changing either is then caught."""
    deal = Deal.new(RULES, seed=21, totals=(300, 700), target=1500)
    rng = random.Random(4)
    for _ in range(30):
        deal.apply(rng.choice(deal.legal_actions()))
    text = dumps(deal)
    assert "target = 1500" in text and "totals = [300, 700]" in text
    assert rebuild(text) == deal
    assert failure(damage(text, "target = 1500", "target = 1000")).reason.startswith(
        "deal digest")
    assert failure(damage(text, "totals = [300, 700]", "totals = [300, 701]")).reason.startswith(
        "deal digest")


def test_a_position_leader_is_covered_by_the_digest() -> None:
    """The leader of a stacked position decides who moves first, which a record of no actions
    shows nowhere else."""
    deal = Deal.from_position(RULES, hands=["QS KH", "QH KS"], trump="S", leader=0)
    text = dumps(deal)
    assert "leader = 0" in text and rebuild(text) == deal
    assert failure(damage(text, "leader = 0", "leader = 1")).reason.startswith("deal digest")
