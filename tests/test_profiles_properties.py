"""Property tests of profile loading: valid overrides round-trip; junk only raises ProfileError.

docs/rules.md#invariant-profiles: ``profile_from_toml(r.to_toml()) == r``, and a profile extending
another
equals the base with the overrides applied. docs/profiles.md: every problem raises ProfileError.
"""

from __future__ import annotations

import atexit
import datetime
import shutil
import tempfile
import typing
from pathlib import Path
from typing import Any

import attrs
import tomli_w
from conftest import apply_overrides
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bezique import ProfileError
from bezique.rules import Rules, list_profiles, load_profile, profile_from_toml
from bezique.rules.convert import field_names

SRC = "junk.toml"
EMPTY_DIR = Path(tempfile.mkdtemp(prefix="bezique-empty-"))
"""An empty base folder, so random relative ``extends`` paths never find a file (removed
when the test run ends)."""
atexit.register(shutil.rmtree, EMPTY_DIR, ignore_errors=True)

TABLES: dict[str, type] = {
    a.name: typing.get_type_hints(Rules)[a.name]
    for a in attrs.fields(Rules)
    if attrs.has(typing.get_type_hints(Rules)[a.name])
}
ALL_KEYS = sorted({k for cl in (*TABLES.values(), Rules) for k in field_names(cl)} | {
    "extends", "ranks", "suits", "copies", "class", "order", "bezique", "marriage", "table",
    "values",
})


# --- valid overrides -------------------------------------------------------------------------


def _value_strategy(hint: Any) -> st.SearchStrategy[Any] | None:
    """Values that are always valid on their own for one schema key (None: key not varied)."""
    if typing.get_origin(hint) is typing.Literal:
        return st.sampled_from(typing.get_args(hint))
    if hint is bool:
        return st.booleans()
    return None


SAFE_INTS: dict[tuple[str, str], st.SearchStrategy[int]] = {
    ("game", "target"): st.integers(1000, 100_000),
    ("game", "tie_raise"): st.integers(1, 5000),
    ("game", "double_win_below"): st.integers(0, 999),
    ("last_trick", "value"): st.integers(0, 1000),
    ("dix", "value"): st.integers(0, 100),
    ("trump", "first_marriage_value"): st.integers(0, 1000),
    ("rubicon", "threshold"): st.integers(0, 10_000),
    ("rubicon", "game_bonus"): st.integers(0, 10_000),
    ("rubicon", "rubicon_bonus"): st.integers(0, 10_000),
    ("rubicon", "brisque_award"): st.integers(0, 1000),
    ("brisques", "majority_bonus"): st.integers(0, 1000),
}
NEVER_VARIED = {("dix", "rank"), ("game", "call_out"), ("game", "single_deal"),
                ("trump", "selection"), ("brisques", "min_to_score")}


def _table_overrides(table: str) -> st.SearchStrategy[dict[str, Any]]:
    hints = typing.get_type_hints(TABLES[table])
    options: dict[str, st.SearchStrategy[Any]] = {}
    for key, hint in hints.items():
        if (table, key) in NEVER_VARIED:
            continue
        strategy = SAFE_INTS.get((table, key))
        if strategy is None:
            strategy = _value_strategy(hint)
        if strategy is not None:
            options[key] = strategy
    return st.fixed_dictionaries({}, optional=options)


@st.composite
def valid_overrides(draw: st.DrawFn, base: Rules) -> dict[str, Any]:
    """A few tables of overrides that keep the profile valid, including meld value changes."""
    tables = draw(st.lists(st.sampled_from(sorted(TABLES)), max_size=4, unique=True))
    out: dict[str, Any] = {}
    for table in tables:
        if table == "melds":
            chosen = draw(_table_overrides("melds"))
            names = sorted(base.melds.values)
            values = draw(st.dictionaries(st.sampled_from(names), st.integers(0, 10_000),
                                          max_size=3))
            if values:
                chosen["values"] = values
        else:
            chosen = draw(_table_overrides(table))
        if chosen:
            out[table] = chosen
    return out


@settings(max_examples=150, deadline=None)
@given(data=st.data(), base_name=st.sampled_from(list_profiles()))
def test_valid_overrides_of_builtins_round_trip_and_equal_base_plus_overrides(
    data: st.DataObject, base_name: str
) -> None:
    base = load_profile(base_name)
    overrides = data.draw(valid_overrides(base))
    text = f'extends = "{base_name}"\nname = "house"\n' + tomli_w.dumps(overrides)
    try:
        house = profile_from_toml(text)
    except ProfileError as exc:  # a combination the cross-field rules refuse, e.g. a game rule
        assert all(p.startswith("<string>: ") for p in exc.problems)
        assume(False)
        raise
    assert profile_from_toml(house.to_toml()) == house
    assert house == apply_overrides(base.replace(name="house", description=""), overrides)
    assert (house.digest == base.digest) == (house.replace(name="", description="")
                                             == base.replace(name="", description=""))


# --- junk ----------------------------------------------------------------------------------------

scalars = st.one_of(
    st.integers(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.sampled_from(["A", "10", "Q", "J", "draw", "any", "bezique", "rubicon", "../x.toml"]),
    st.dates(min_value=datetime.date(1900, 1, 1)),
)
keys = st.one_of(st.sampled_from(ALL_KEYS), st.text(min_size=1, max_size=6))
junk_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(keys, inner, max_size=4),
    ),
    max_leaves=20,
)


@st.composite
def junk_profiles(draw: st.DrawFn) -> dict[str, Any]:
    """Dicts shaped somewhat like a profile (real keys, real tables) with junk in them."""
    out: dict[str, Any] = draw(st.dictionaries(keys, junk_values, max_size=4))
    for table in draw(st.lists(st.sampled_from(sorted(TABLES)), max_size=3, unique=True)):
        sub = {k: draw(junk_values) for k in draw(
            st.lists(st.sampled_from(field_names(TABLES[table])), max_size=3, unique=True))}
        out[table] = draw(st.sampled_from([sub, draw(junk_values)])) if sub else sub
    if draw(st.booleans()):
        out["extends"] = draw(st.one_of(st.sampled_from(list_profiles()), scalars))
    return out


def _only_profile_errors(text: str | bytes) -> None:
    try:
        rules = profile_from_toml(text, source=SRC, base_dir=EMPTY_DIR)
    except ProfileError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.startswith(f"{SRC}: "), problem
            assert len(problem) < 1000, problem
        return
    assert isinstance(rules, Rules)
    assert profile_from_toml(rules.to_toml()) == rules


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(junk_profiles())
def test_junk_tables_raise_only_profile_error(data: dict[str, Any]) -> None:
    try:
        text = tomli_w.dumps(data)
    except (TypeError, ValueError):  # something TOML cannot hold (e.g. a table in an array)
        assume(False)
        raise
    _only_profile_errors(text)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_raise_only_profile_error(data: bytes) -> None:
    _only_profile_errors(data)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_random_text_raises_only_profile_error(text: str) -> None:
    _only_profile_errors(text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["[", "]", "{", "}", "a", "=", "1", ",", "\n", '"', ".", " ",
                                 "game", "melds", "table", "x = ", "[[", "]]"]), max_size=60))
def test_toml_like_fragments_raise_only_profile_error(parts: list[str]) -> None:
    _only_profile_errors("".join(parts))
