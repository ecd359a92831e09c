"""Untrusted input (issue 11 §4): profiles and records that strangers upload, and positions set up
from them, fail with the documented exception (`ProfileError`, `RecordError`, `PositionError`),
read nothing outside the folder they are allowed, and never echo a file they were refused."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import bezique
from bezique import Deal, PositionError, ProfileError, load_profile, profile_from_toml
from bezique.errors import MAX_PROBLEMS
from bezique.record import MAX_RECORD_BYTES, RecordError, dumps, load, loads, rebuild
from bezique.rules.load import MAX_PROFILE_BYTES

RECORDS = Path(__file__).parent / "records"
SECRET = "TOPSECRET-4242"

# ------------------------------------------------------------------------- what was opened
# Audit hooks cannot be removed, so one recorder serves the whole module, installed the first
# time it is needed: it records the path of every `open` audit event while `_RECORDING` holds a
# list, and does nothing otherwise.

_RECORDING: list[list[str]] = []
_HOOKED: list[bool] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open" and _RECORDING and isinstance(args[0], str | bytes | os.PathLike):
        _RECORDING[-1].append(os.fsdecode(args[0]))


@contextmanager
def opened() -> Iterator[list[str]]:
    """The paths of every file opened inside the block."""
    if not _HOOKED:
        sys.addaudithook(_audit)
        _HOOKED.append(True)
    paths: list[str] = []
    _RECORDING.append(paths)
    try:
        yield paths
    finally:
        _RECORDING.pop()


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    """An allowed folder (with a good base profile and a symlink to the secret) and, outside
    it, a secret profile file whose content must never be read nor shown."""
    allowed, outside = tmp_path / "allowed", tmp_path / "outside"
    (allowed / "club").mkdir(parents=True)
    outside.mkdir()
    secret = outside / "secret.toml"
    secret.write_text(f'extends = "bezique"\ngame.target = 4242\nname = "{SECRET}"\n'
                      f'{SECRET} = "{SECRET}"\n', encoding="utf-8")
    (allowed / "club" / "base.toml").write_text('extends = "bezique"\ngame.target = 2000\n',
                                                encoding="utf-8")
    (allowed / "link.toml").symlink_to(secret)
    return allowed, secret


def assert_secret_untouched(paths: list[str], secret: Path, message: str) -> None:
    """Nothing outside the allowed folder was opened, and the message shows none of it."""
    outside = secret.parent.resolve()
    assert not [p for p in paths if Path(p).resolve().is_relative_to(outside)]
    assert SECRET not in message and "4242" not in message


def refusal(text: str, **kwargs: Any) -> tuple[ProfileError, list[str]]:
    """The ProfileError of ``profile_from_toml(text, **kwargs)`` and the files it opened."""
    with opened() as paths, pytest.raises(ProfileError) as info:
        profile_from_toml(text, **kwargs)
    return info.value, paths


# ------------------------------------------------------------------------- extends is confined


def test_the_recorder_sees_an_allowed_base_file_being_read(folders: tuple[Path, Path]) -> None:
    """The control: a text may extend a file under ``base_dir``, and that read is recorded."""
    allowed, _ = folders
    with opened() as paths:
        rules = profile_from_toml('extends = "club/base.toml"', base_dir=allowed)
    assert rules.game.target == 2000
    assert any(p.endswith("base.toml") for p in paths)


@pytest.mark.parametrize("ref", ["SECRET_ABS", "../outside/secret.toml", "club/base.toml",
                                 "link.toml"])
def test_text_without_base_dir_extends_only_builtins(folders: tuple[Path, Path],
                                                      ref: str) -> None:
    """Text (no ``base_dir``) may extend only built-in profiles: any path is refused unread."""
    _, secret = folders
    ref = ref.replace("SECRET_ABS", str(secret))
    err, paths = refusal(f'extends = "{ref}"')
    assert_secret_untouched(paths, secret, str(err))
    assert err.problems == (f"<string>: extends: {ref!r}: a profile given as text may extend "
                            "only a built-in profile (pass base_dir= to allow the files under "
                            "one folder)",)


@pytest.mark.parametrize(("ref", "why"), [
    ("SECRET_ABS", "an absolute path is not allowed"),
    ("../outside/secret.toml", "outside the profile's folder is not allowed"),
    ("club/../../outside/secret.toml", "outside the profile's folder is not allowed"),
    ("link.toml", "outside the profile's folder is not allowed"),
    ("C:\\\\secret.toml", "an absolute path is not allowed"),
])
def test_text_with_base_dir_extends_only_files_under_it(folders: tuple[Path, Path], ref: str,
                                                        why: str) -> None:
    """With ``base_dir``, an absolute path, a ``..`` escape or a symlink out is refused."""
    allowed, secret = folders
    ref = ref.replace("SECRET_ABS", str(secret))
    err, paths = refusal(f'extends = "{ref}"', base_dir=allowed)
    assert_secret_untouched(paths, secret, str(err))
    assert len(err.problems) == 1 and why in err.problems[0]


@pytest.mark.parametrize("ref", ["SECRET_ABS", "../outside/secret.toml", "link.toml"])
def test_a_file_extends_only_files_under_its_own_folder(folders: tuple[Path, Path],
                                                        ref: str) -> None:
    """``load_profile(path)``: the file's own folder is the limit, down the whole chain."""
    allowed, secret = folders
    house = allowed / "house.toml"
    house.write_text(f'extends = "{ref.replace("SECRET_ABS", str(secret))}"\n', encoding="utf-8")
    with opened() as paths, pytest.raises(ProfileError) as info:
        load_profile(house)
    assert_secret_untouched(paths, secret, str(info.value))
    assert info.value.problems[0].startswith("house.toml: extends: ")


def test_a_base_file_may_not_climb_out_of_its_own_folder(folders: tuple[Path, Path]) -> None:
    """A base file in a subfolder may not extend a file of the folder above it."""
    allowed, _ = folders
    (allowed / "top.toml").write_text('extends = "bezique"\n', encoding="utf-8")
    (allowed / "club" / "up.toml").write_text('extends = "../top.toml"\n', encoding="utf-8")
    (allowed / "house.toml").write_text('extends = "club/up.toml"\n', encoding="utf-8")
    with opened() as paths, pytest.raises(ProfileError) as info:
        load_profile(allowed / "house.toml")
    assert info.value.problems == (
        "up.toml: extends: '../top.toml': outside the profile's folder is not allowed",)
    assert not any(p.endswith("top.toml") for p in paths)


def test_a_records_inline_profile_extends_only_builtins(folders: tuple[Path, Path]) -> None:
    """A record's inline profile is text without a folder: it may not make bezique read a file."""
    _, secret = folders
    house = profile_from_toml('extends = "bezique"\ngame.target = 1200\n')
    text = dumps(Deal.new(house, seed=1))
    start = text.index("toml = '''") + len("toml = '''")
    tampered = text[:start] + f'\nextends = "{secret}"' + text[start:]
    with opened() as paths, pytest.raises(RecordError) as info:
        loads(tampered)
    assert_secret_untouched(paths, secret, str(info.value))
    assert info.value.ply == 0 and "may extend only a built-in profile" in info.value.reason


@pytest.mark.parametrize("ref", ["a\x00b", "a" * 5000, "a" * 5000 + ".toml", "x/" * 3000])
def test_extends_with_a_nul_or_a_huge_name_is_a_profile_error(ref: str) -> None:
    """A NUL character or a 5,000-character name: ProfileError, not ValueError or OSError."""
    err, _ = refusal(f'extends = "{ref}"'.replace("\x00", "\\u0000"), base_dir=".")
    assert "is not a built-in profile name or a relative path" in err.problems[0]
    assert len(str(err)) < 400


@pytest.mark.parametrize("name", ["a\x00b", "a" * 5000, "a" * 5000 + ".toml"])
def test_load_profile_of_a_nul_or_huge_name_is_a_profile_error(name: str) -> None:
    with pytest.raises(ProfileError, match="no built-in profile or file of that name"):
        load_profile(name)


@pytest.mark.parametrize("value", [None, 3, ["extends"], object()])
def test_profile_of_the_wrong_type_is_a_profile_error(value: Any) -> None:
    with pytest.raises(ProfileError, match="expected the profile as str or bytes"):
        profile_from_toml(value)
    with pytest.raises(ProfileError):
        load_profile(value)


# ------------------------------------------------------------------------- size and shape


def test_a_profile_over_the_size_cap_is_refused_before_parsing() -> None:
    text = "# " + "x" * MAX_PROFILE_BYTES
    err, _ = refusal(text)
    assert err.problems == ("<string>: larger than 1,000,000 bytes "
                            "(bezique.rules.load.MAX_PROFILE_BYTES); not read",)
    err, _ = refusal(text.encode())
    assert "larger than 1,000,000 bytes" in err.problems[0]
    err, _ = refusal("#" + "é" * (MAX_PROFILE_BYTES // 2))  # few characters, many bytes
    assert "larger than 1,000,000 bytes" in err.problems[0]


def test_a_profile_file_over_the_size_cap_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text('extends = "bezique"\n' + "#" * MAX_PROFILE_BYTES, encoding="utf-8")
    with pytest.raises(ProfileError, match=r"big\.toml: larger than 1,000,000 bytes"):
        load_profile(big)
    (tmp_path / "house.toml").write_text('extends = "big.toml"\n', encoding="utf-8")
    with pytest.raises(ProfileError, match=r"big\.toml: larger than 1,000,000 bytes"):
        load_profile(tmp_path / "house.toml")


@pytest.mark.parametrize("text", [
    "x = " + "[" * 500 + "]" * 500,
    "x = " + "{a = " * 500 + "1" + "}" * 500,
    ".".join(["a"] * 500) + " = 1",
    "game." + ".".join(["a"] * 500) + " = 1",
    "[" + ".".join(["a"] * 500) + "]\nx = 1",
], ids=["arrays", "inline_tables", "dotted_keys", "dotted_keys_in_a_table", "table_header"])
def test_a_profile_nested_500_deep_is_a_profile_error(text: str) -> None:
    err, _ = refusal(text)
    assert len(err.problems) == 1 and "nested" in err.problems[0]


def test_a_profile_number_of_5000_digits_is_a_profile_error() -> None:
    err, _ = refusal('extends = "bezique"\ngame.target = ' + "9" * 5000)
    assert "a number is too long" in err.problems[0]


def test_problems_stop_at_the_documented_number_and_the_rest_are_counted() -> None:
    """A profile of thousands of unknown keys lists MAX_PROBLEMS and counts the others."""
    count = 20_000
    text = "[game]\n" + "\n".join(f"k{i:06d} = 1" for i in range(count))
    assert len(text) < MAX_PROFILE_BYTES
    err, _ = refusal(text)
    assert MAX_PROBLEMS == 50 and len(err.problems) == MAX_PROBLEMS
    assert err.more == count - MAX_PROBLEMS
    assert err.problems[0].startswith("<string>: game.k000000: unknown key (known keys: ")
    lines = str(err).splitlines()
    assert lines[0] == "invalid rule profile (20,000 problems):"
    assert lines[-1] == "  … and 19,950 more problems"
    assert len(lines) == MAX_PROBLEMS + 2


def test_cli_validate_lists_the_first_problems_and_counts_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    from bezique.cli import main

    many = tmp_path / "many.toml"
    many.write_text("\n".join(f"k{i:03d} = 1" for i in range(70)), encoding="utf-8")
    assert main(["profiles", "validate", str(many)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{many}: INVALID (70 problem(s))"
    assert len(lines) == 1 + MAX_PROBLEMS + 1 and lines[-1] == "  … and 20 more"


# ------------------------------------------------------------------------- records


def test_record_loads_of_anything_but_text_is_a_record_error() -> None:
    for value in (None, b"format = 'bezique-record'", 7, ["x"]):
        with pytest.raises(RecordError) as info:
            loads(value)  # type: ignore[arg-type]
        assert info.value.ply == 0 and "expected the record text as str" in info.value.reason


def test_a_record_over_the_size_cap_is_refused(tmp_path: Path) -> None:
    text = "#" * (MAX_RECORD_BYTES + 1)
    with pytest.raises(RecordError, match="larger than 2,000,000 bytes"):
        loads(text)
    path = tmp_path / "big.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match="larger than 2,000,000 bytes"):
        load(path)


@pytest.mark.parametrize("text", [
    "x = " + "[" * 500 + "]" * 500,
    "x = " + "{a = " * 500 + "1" + "}" * 500,
])
def test_a_record_nested_500_deep_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError, match="nested too deep"):
        loads(text)


def test_a_record_seed_of_5000_digits_is_a_record_error() -> None:
    text = dumps(Deal.new(load_profile("bezique"), seed=1))
    with pytest.raises(RecordError, match="a number is too long"):
        rebuild(text.replace("seed = 1\n", "seed = " + "9" * 5000 + "\n"))


def test_a_record_position_of_bad_arguments_is_a_record_error() -> None:
    deal = Deal.from_position(load_profile("bezique"), hands=["AS 10S", "KH QH"], stock="")
    text = dumps(deal)
    for old, new in [('hands = ["ASa 10Sa", "KHa QHa"]', 'hands = ["ASa 10Sa"]'),
                     ("dealer = 0", "dealer = 5"),
                     ('stock = ""', 'stock = ""\ntrump = "X"'),
                     ('stock = ""', "stock = [[[[1]]]]")]:
        assert old in text
        with pytest.raises(RecordError) as info:
            rebuild(text.replace(old, new))
        assert info.value.ply == 0


def _end_phase_record() -> tuple[str, str]:
    """A record of two end-phase tricks where P0 may play either club, and its text with P0's
    two plays swapped: another legal history with the very same scores."""
    deal = Deal.from_position(load_profile("bezique"), hands=["7C 8C", "AS AH"], stock="",
                              trump="D")
    for action in ("play AS", "play 7C", "play AH", "play 8C"):
        deal.apply(action)
    text = dumps(deal)
    swapped = text.replace('"P0 play 7C"', '"P0 play @"').replace('"P0 play 8C"', '"P0 play 7C"')
    return text, swapped.replace('"P0 play @"', '"P0 play 8C"')


def _as_version_1(text: str) -> str:
    """The record as a version 1 record: no digests."""
    head, deal, deals = text.replace("version = 2", "version = 1").partition("\n[[deal]]")
    return head + deal + re.sub(r'digest = "[0-9a-f]{16}"\n', "", deals)


def test_swapped_plays_of_one_player_are_detected_by_the_digest() -> None:
    text, swapped = _end_phase_record()
    assert swapped != text
    assert rebuild(_as_version_1(swapped)).scores == rebuild(text).scores  # legal, same scores
    with pytest.raises(RecordError) as info:
        rebuild(swapped)
    assert info.value.ply == 4 and info.value.deal == 0
    assert info.value.reason.startswith("deal digest: the record says ")


def test_a_deleted_announcement_is_detected_by_the_digest() -> None:
    """Deleting a pending declaration (a Chinese announce) replays legally without digests."""
    text = (RECORDS / "chinese.toml").read_text(encoding="utf-8")
    line = re.search(r'^    "P[01] announce [^"]*",\n', text, re.M)
    assert line is not None
    tampered = text[:line.start()] + text[line.end():]
    rebuild(_as_version_1(tampered))  # another legal history with the same scores and result
    with pytest.raises(RecordError) as info:
        rebuild(tampered)
    assert info.value.reason.startswith("deal digest: ")


def test_a_changed_score_is_detected() -> None:
    text, _ = _end_phase_record()
    scores = rebuild(text).scores
    old = f"scores = [{scores[0]}, {scores[1]}]"
    with pytest.raises(RecordError, match="deal scores: the record says"):
        rebuild(text.replace(old, f"scores = [{scores[0]}, {scores[1] + 10}]", 1))


def test_a_changed_or_missing_digest_is_detected() -> None:
    text, _ = _end_phase_record()
    digest = loads(text).deals[0].digest
    assert digest is not None
    with pytest.raises(RecordError, match="deal digest: the record says 0123456789abcdef"):
        rebuild(text.replace(digest, "0123456789abcdef"))
    with pytest.raises(RecordError, match=r"deal\[0\].digest: missing"):
        rebuild(text.replace(f'digest = "{digest}"\n', ""))
    with pytest.raises(RecordError, match=r"deal\[0\].digest: expected 16 hex digits"):
        rebuild(text.replace(digest, "not a digest"))


def test_a_version_1_record_without_digests_still_replays() -> None:
    text, _ = _end_phase_record()
    old = _as_version_1(text)
    assert "digest = " not in old.split("[[deal]]")[1]
    assert rebuild(old) == rebuild(text)


# ------------------------------------------------------------------------- from_position

RULES = load_profile("bezique")
GOOD: dict[str, Any] = {"hands": ["AS 10S", "KH QH"], "stock": "7C 8C 9C 9D"}


@pytest.mark.parametrize(("change", "argument"), [
    ({"trump": 7}, "trump"),
    ({"trump": "X"}, "trump"),
    ({"trump": True}, "trump"),
    ({"leader": 5}, "leader"),
    ({"dealer": -1}, "dealer"),
    ({"dealer": "0"}, "dealer"),
    ({"hands": ["AS 10S"]}, "hands"),
    ({"hands": ["AS", "10S", "KH"]}, "hands"),
    ({"hands": "AS 10S"}, "hands"),
    ({"scores": ("10", "0")}, "scores"),
    ({"scores": (1, 2, 3)}, "scores"),
    ({"totals": "0 0"}, "totals"),
    ({"target": -5}, "target"),
    ({"hands": ["", ""]}, "hands"),
    ({"hands": ["AS", ""]}, "hands"),
    ({"hands": ["AS", "KH"], "stock": "7C 8C 9C"}, "hands"),
    ({"turn_up": "9D 9H"}, "turn_up"),
    ({"stock": "7C 8C 9C ZZ"}, "stock"),
    ({"stock": [0, 999]}, "stock[1]"),
    ({"stock": [0, "ZZ"]}, "stock[1]"),
    ({"stock": [0, None]}, "stock[1]"),
    ({"hands": ["ASa ASa", "KH"]}, "hands[0]"),
    ({"hands": ["AS AS AS", "KH QH KS"]}, "hands[0]"),
    ({"hands": ["AS 11Sa", "KH QH"]}, "hands[0]"),
])
def test_from_position_names_the_bad_argument(change: dict[str, Any], argument: str) -> None:
    with pytest.raises(PositionError) as info:
        Deal.from_position(RULES, **{**GOOD, **change})
    assert info.value.argument == argument
    assert str(info.value).startswith(f"{argument}: ")


def test_from_position_of_not_a_profile_names_rules() -> None:
    with pytest.raises(PositionError, match=r"^rules: expected a Rules"):
        Deal.from_position("bezique", **GOOD)  # type: ignore[arg-type]


def test_position_error_is_a_value_error_exported_at_the_top() -> None:
    assert issubclass(bezique.PositionError, ValueError)
    assert "PositionError" in bezique.__all__


TOKENS = ["AS", "10S", "KS", "QS", "JS", "9S", "AH", "10H", "KH", "QH", "JH", "9H", "AD", "10D",
          "KD", "QD", "JD", "9D", "AC", "10C", "KC", "QC", "JC", "9C", "QSb", "JDb", "8C", "7D"]
_garbage_cards = st.one_of(
    st.lists(st.sampled_from([*TOKENS, "QSc", "1S", "ZZ", ""]), max_size=9).map(" ".join),
    st.lists(st.integers(-3, 260), max_size=9), st.none(), st.integers(), st.text(max_size=5),
)
_hand = st.lists(st.sampled_from(TOKENS), min_size=1, max_size=8).map(" ".join)
_stock = st.lists(st.sampled_from(TOKENS), max_size=12).map(" ".join)
_garbage_player = st.one_of(st.integers(-2, 3), st.booleans(), st.text(max_size=2))
_player = st.sampled_from([0, 1])
_pair = st.tuples(st.integers(0, 5000), st.integers(0, 5000))
_garbage_pair = st.one_of(st.lists(st.integers(), max_size=3), st.text(max_size=3),
                          st.tuples(st.text(max_size=2), st.integers()))


def _mostly(valid: st.SearchStrategy[Any], garbage: st.SearchStrategy[Any]) -> Any:
    """A valid value seven times in eight, garbage otherwise."""
    return st.integers(0, 7).flatmap(lambda n: garbage if n == 7 else valid)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(bezique.list_profiles()),
       hands=_mostly(st.tuples(_hand, _hand), st.one_of(st.lists(_garbage_cards, max_size=3),
                                                        _garbage_cards)),
       stock=_mostly(_stock, _garbage_cards),
       turn_up=_mostly(st.one_of(st.none(), st.sampled_from(TOKENS)), _garbage_cards),
       dealer=_mostly(_player, _garbage_player),
       leader=_mostly(st.one_of(st.none(), _player), _garbage_player),
       trump=_mostly(st.one_of(st.none(), st.integers(0, 3), st.sampled_from(["S", "♥", "clubs"])),
                     st.one_of(st.integers(-1, 5), st.text(max_size=3))),
       scores=_mostly(st.one_of(st.none(), _pair), _garbage_pair),
       totals=_mostly(_pair, _garbage_pair),
       target=_mostly(st.one_of(st.none(), st.integers(1, 5000)), st.integers(-5, 0)),
       seed=st.integers(0, 2**16))
def test_any_position_is_refused_or_plays_to_its_end(
    name: str, hands: Any, stock: Any, turn_up: Any, dealer: Any, leader: Any, trump: Any,
    scores: Any, totals: Any, target: Any, seed: int,
) -> None:
    """Random arguments either raise PositionError or give a deal that shows, lists and plays
    to its end: every state before the end has a legal action. Hand sizes no deal reaches are
    allowed (``reachable=False``), as a record's position is set up."""
    import random

    kwargs = {"hands": hands, "stock": stock, "turn_up": turn_up, "dealer": dealer,
              "trump": trump, "leader": leader, "scores": scores, "totals": totals,
              "target": target}
    try:
        deal = Deal.from_position(load_profile(name), **kwargs, reachable=False)
    except PositionError as exc:
        event(f"refused: {exc.argument}")
        return
    event("set up")
    rng = random.Random(seed)
    for _ in range(5000):
        assert repr(deal)
        if deal.is_over:
            return
        legal = deal.legal_actions()
        assert legal, f"no legal action in a deal that is not over: {deal!r}"
        deal.apply(rng.choice(legal))
    raise AssertionError("the deal did not end")


def test_the_errors_pickle_to_equal_errors() -> None:
    """A service that checks uploads in worker processes gets its errors back intact."""
    import pickle

    errors: list[Exception] = [ProfileError([f"p{i}" for i in range(60)], more=5),
                               RecordError(3, "wrong player", deal=1),
                               PositionError("leader", "expected player 0 or 1, got 5")]
    for error in errors:
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and str(again) == str(error)
        assert vars(again) == vars(error)


@pytest.mark.parametrize("turn_up", [[0], (0,), ["AS"]])
def test_a_turn_up_given_as_a_list_is_refused_in_both_builds(turn_up: Any) -> None:
    """The compiled build checks ``turn_up``'s declared type (one card) on entry: a list must
    be refused before that, as a `PositionError` naming it (found by the test above)."""
    rules = bezique.load_profile("chinese")
    with pytest.raises(PositionError, match="turn_up"):
        bezique.Deal.from_position(rules, hands=("AS", "AS"), stock="AS", turn_up=turn_up)


# --- keys nested deeper than the schema: refused before the TOML parser --------------------
# (the parser's cost grows with the square of a dotted key's depth: a 200 KB profile whose one
# key is 40,000 levels deep took it 22 s and 6 GB; the scan refuses it in under a millisecond)

DEEP_KEY = "game" + ".game" * 40_000 + " = 1"
DEEP_HEADER = "[" + "a." * 250_000 + "a]"


@pytest.mark.parametrize("text", [DEEP_KEY, DEEP_HEADER], ids=["dotted-key", "table-header"])
def test_a_profile_key_deeper_than_the_schema_is_refused_unparsed(text: str) -> None:
    with pytest.raises(ProfileError) as caught:
        profile_from_toml('extends = "bezique"\n' + text, source="deep.toml")
    (problem,) = caught.value.problems
    assert problem.startswith("deep.toml: line 2: a key or table header ")
    assert problem.endswith("levels deep (at most 24); not read")


@pytest.mark.parametrize("text", [DEEP_KEY, DEEP_HEADER], ids=["dotted-key", "table-header"])
def test_a_record_key_deeper_than_the_schema_is_refused_unparsed(text: str) -> None:
    record = dumps(Deal.new(load_profile("bezique"), seed=1))
    with pytest.raises(RecordError, match=r"^ply 0: not valid TOML: line \d+: a key or table "
                       r"header nested \d+ levels deep \(at most 24\); not read$"):
        loads(record + "\n" + text + "\n")


def test_dots_in_strings_and_numbers_are_no_depth() -> None:
    text = ('extends = "bezique"\ndescription = "' + "a." * 100 + '"\n'
            "game.target = 1500\n# " + "x." * 100 + "\n")
    assert profile_from_toml(text).game.target == 1500


# --- floats that are not numbers, ints too big to print: refused where they are taken -------


@pytest.mark.parametrize("option", [{"seconds": float("inf")}, {"seconds": float("nan")},
                                    {"z": float("inf")}, {"z": float("nan")}, {"z": -1.0}])
def test_searchbot_takes_only_finite_numbers(option: dict[str, float]) -> None:
    from bezique.search import SearchBot

    (name,) = option
    with pytest.raises(ValueError, match=rf"^SearchBot: {name} must be a"):
        SearchBot(**option)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [float("inf"), float("nan")])
def test_analysis_thresholds_take_only_finite_numbers(value: float) -> None:
    from bezique.search.analysis import Thresholds

    with pytest.raises(ValueError, match="positive finite numbers"):
        Thresholds(inaccuracy=value, mistake=value, blunder=value)


def test_analyse_refuses_infinite_thresholds(capsys: pytest.CaptureFixture[str]) -> None:
    from bezique.cli.main import main

    assert main(["analyse", "--thresholds", "inf,inf,inf", "game.toml"]) == 2
    assert "positive finite numbers, got inf" in capsys.readouterr().err


@pytest.mark.parametrize("argument", ["points", "totals", "target"])
def test_settle_names_an_argument_too_big_to_print(argument: str) -> None:
    huge = 10**5000
    options: dict[str, Any] = {"points": (100, 200)}
    options[argument] = huge if argument == "target" else (huge, 0)
    with pytest.raises(ValueError, match=rf"^{argument}: .*MAX_POINTS"):
        bezique.settle(load_profile("bezique"), **options)


# --- heavy profiles: bounded to what the family plays ---------------------------------------


def test_a_meld_table_past_the_bound_is_refused_naming_it() -> None:
    rows = "".join(f'[melds.table.extra_{i}]\nranks = ["A", "K"]\nsuits = "same"\n'
                   f'class = "extra_{i}"\n' for i in range(40))
    with pytest.raises(ProfileError, match=r"melds\.table: 65 melds: at most 48 "
                       r"\(bezique\.rules\.validate\.MAX_MELDS\)"):
        profile_from_toml('extends = "eight-pack"\n' + rows)


def test_a_target_past_the_bound_is_refused_naming_it() -> None:
    with pytest.raises(ProfileError, match=r"game\.target: must be 1 to 100_000, got 100000000"):
        profile_from_toml('extends = "bezique"\ngame.target = 100_000_000')


# --- Deal.new and Game take only what a record can hold -------------------------------------


@pytest.mark.parametrize("seed", ["abc", float("nan"), float("inf"), 2.5, True, 2**64,
                                  -(2**63) - 1])
def test_a_seed_a_record_cannot_hold_is_refused(seed: object) -> None:
    rules = load_profile("bezique")
    if bezique.COMPILED and not isinstance(seed, int):  # the compiled method's own type check
        with pytest.raises(TypeError):  # (docs/compiled.md)
            Deal.new(rules, seed=seed)  # type: ignore[arg-type]
    else:
        with pytest.raises(PositionError, match=r"^seed: expected an integer of 64 bits"):
            Deal.new(rules, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match=r"^seed: "):
        bezique.Game(rules, seed=seed)  # type: ignore[arg-type]


def test_every_seed_a_record_holds_round_trips() -> None:
    rules = load_profile("bezique")
    for seed in (-(2**63), -1, 0, 2**63, 2**64 - 1):
        deal = Deal.new(rules, seed=seed)
        assert rebuild(loads(dumps(deal))) == deal


@pytest.mark.parametrize(("option", "argument"), [
    ({"dealer": 5}, "dealer"), ({"totals": (10**5000, 0)}, "totals"),
    ({"target": 10**5000}, "target"), ({"totals": (1, 2, 3)}, "totals"),
])
def test_deal_new_checks_its_arguments_as_from_position_does(option: dict[str, Any],
                                                            argument: str) -> None:
    with pytest.raises(PositionError) as caught:  # a tuple of the wrong length too: totals
        # are a tuple of ints, one per team, in both builds (docs/compiled.md)
        Deal.new(load_profile("bezique"), **option)
    assert caught.value.argument == argument
