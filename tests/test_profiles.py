"""Built-in profiles, round trips, digests and ``extends`` (docs/profiles.md,
docs/rules.md#invariant-profiles)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from conftest import apply_overrides

import bezique
from bezique.rules import MeldSpec, Rules, list_profiles, load_profile, profile_from_toml
from bezique.rules.load import variants_dir

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = ["bezique", "bezique-first-marriage", "besigue", "rubicon", "chinese", "five-hundred",
            "pinochle"]


# --- the built-in registry -------------------------------------------------------------------


def test_required_builtin_profiles_exist() -> None:
    assert set(REQUIRED) <= set(list_profiles())
    assert list_profiles() == sorted(list_profiles())


def test_public_api_is_exported_from_the_package() -> None:
    for name in ("list_profiles", "load_profile", "profile_from_toml", "ProfileError",
                 "NotationError", "IllegalAction", "Rules"):
        assert hasattr(bezique, name), name
    assert issubclass(bezique.ProfileError, ValueError)


def test_every_builtin_loads_with_its_file_name(builtin_name: str) -> None:
    rules = load_profile(builtin_name)
    assert isinstance(rules, Rules)
    assert rules.name == builtin_name
    assert rules.description


def test_every_builtin_round_trips_through_toml(builtin_name: str) -> None:
    rules = load_profile(builtin_name)
    assert profile_from_toml(rules.to_toml()) == rules


def test_round_trip_text_is_a_fixed_point(builtin_name: str) -> None:
    text = load_profile(builtin_name).to_toml()
    assert profile_from_toml(text).to_toml() == text
    assert "extends" not in text


def test_builtin_loads_by_path_as_by_name(builtin_name: str) -> None:
    by_path = load_profile(variants_dir() / f"{builtin_name}.toml")
    assert by_path == load_profile(builtin_name)
    assert load_profile(str(variants_dir() / f"{builtin_name}.toml")) == by_path


def test_rules_are_frozen_and_hashable(builtin_name: str) -> None:
    rules = load_profile(builtin_name)
    assert hash(rules) == hash(profile_from_toml(rules.to_toml()))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.game.target = 5  # type: ignore[misc]
    assert len({rules, profile_from_toml(rules.to_toml())}) == 1


def test_builtin_profiles_are_all_different() -> None:
    digests = {load_profile(n).digest for n in list_profiles()}
    assert len(digests) == len(list_profiles())


# --- digests ---------------------------------------------------------------------------------


def test_digest_is_16_hex_digits_and_ignores_name_and_description(builtin_name: str) -> None:
    rules = load_profile(builtin_name)
    assert len(rules.digest) == 16
    int(rules.digest, 16)
    renamed = rules.replace(name="other", description="something else")
    assert renamed.digest == rules.digest


def test_digest_changes_with_any_rule_value() -> None:
    rules = load_profile("bezique")
    changed = rules.replace(game=attrs.evolve(rules.game, target=1001))
    assert changed.digest != rules.digest


def test_digest_is_stable_across_processes_and_hash_seeds() -> None:
    here = {n: load_profile(n).digest for n in list_profiles()}
    code = ("import json; from bezique.rules import list_profiles, load_profile; "
            "print(json.dumps({n: load_profile(n).digest for n in list_profiles()}))")
    for seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
        assert json.loads(out) == here


def test_digest_does_not_depend_on_key_order_in_the_file() -> None:
    a = profile_from_toml('extends = "bezique"\n[game]\ntarget = 1500\ntie = "extra_deal"\n')
    b = profile_from_toml('extends = "bezique"\n[game]\ntie = "extra_deal"\ntarget = 1500\n')
    assert a.digest == b.digest and a == b


# --- extends: merge semantics (docs/profiles.md, docs/rules.md#invariant-profiles) ----------


def test_extends_tables_merge_key_by_key() -> None:
    base = load_profile("bezique")
    house = profile_from_toml('extends = "bezique"\n[game]\ntarget = 1500\n')
    assert house.game.target == 1500
    assert house.game.tie == base.game.tie and house.game.end == base.game.end
    assert house.melds == base.melds and house.deal == base.deal


def test_extends_arrays_replace_not_append() -> None:
    house = profile_from_toml('extends = "bezique"\ndeal.packets = [2, 3, 3]\n')
    assert house.deal.packets == (2, 3, 3)
    pinochle = profile_from_toml(
        'extends = "pinochle"\npack.ranks = ["A", "10", "K", "Q", "J", "9"]'
    )
    assert pinochle.pack.ranks == ("A", "10", "K", "Q", "J", "9")


def test_extends_meld_table_merges_meld_by_meld_and_field_by_field() -> None:
    base = load_profile("bezique")
    house = profile_from_toml(
        'extends = "bezique"\n'
        "[melds.table.four_tens]\norder = 2\n"
        '[melds.table.four_nines]\nranks = ["9"]\ncopies = 4\nclass = "nines"\n'
        "[melds.values]\nfour_nines = 30\n"
    )
    assert house.melds.table["four_tens"] == attrs.evolve(base.melds.table["four_tens"], order=2)
    assert house.melds.table["four_nines"] == MeldSpec(ranks=("9",), copies=4, klass="nines")
    assert set(base.melds.table) < set(house.melds.table)
    assert house.melds.values["four_nines"] == 30
    assert house.melds.values["bezique"] == base.melds.values["bezique"]


def test_extends_does_not_inherit_name_or_description() -> None:
    house = profile_from_toml('extends = "rubicon"\ngame.target = 1200\n')
    assert house.name == "custom" and house.description == ""


OVERRIDES: list[tuple[str, dict[str, Any]]] = [
    ("bezique", {"game": {"target": 1500, "tie": "raise_target"}}),
    ("bezique", {"melds": {"on_last_stock_trick": False, "values": {"four_tens": 90}}}),
    ("bezique", {"deal": {"packets": [2, 3, 3]}, "dix": {"only_method": "exchange_only"}}),
    ("rubicon", {"rubicon": {"rubicon_bonus": 500}}),
    ("chinese", {"rubicon": {"rubicon_bonus": 1500}, "deal": {"dealer_cut_bonus": True}}),
    ("pinochle", {"melds": {"table": {"double_pinochle": {"copies": 2, "order": 3}}}}),
    ("pinochle", {"melds": {"table": {"four_nines": {"ranks": ["9"], "copies": 4,
                                                     "class": "nines"}},
                            "values": {"four_nines": 10}}}),
    ("five-hundred", {"game": {"target": 1000, "both_over_new_target": 1100}}),
]


@pytest.mark.parametrize(("base_name", "overrides"), OVERRIDES)
def test_extending_profile_equals_base_with_overrides_applied(
    base_name: str, overrides: dict[str, Any]
) -> None:
    """docs/rules.md#invariant-profiles: a profile that extends another equals the base with the
    overrides applied."""
    import tomli_w

    text = f'extends = "{base_name}"\nname = "house"\n' + tomli_w.dumps(overrides)
    house = profile_from_toml(text)
    expected = apply_overrides(load_profile(base_name).replace(name="house", description=""),
                               overrides)
    assert house == expected


def test_extends_relative_path_resolves_against_the_file(
    write_profile: Callable[[str, str], Path],
) -> None:
    write_profile("club/bases/base.toml", 'extends = "bezique"\ngame.target = 2000\n')
    house = write_profile("club/mine.toml",
                          'extends = "bases/base.toml"\ngame.tie = "extra_deal"\n')
    rules = load_profile(house)
    assert (rules.game.target, rules.game.tie, rules.name) == (2000, "extra_deal", "mine")


def test_extends_relative_path_in_text_resolves_against_base_dir(
    write_profile: Callable[[str, str], Path], tmp_path: Path,
) -> None:
    write_profile("base.toml", 'extends = "rubicon"\nrubicon.rubicon_bonus = 500\n')
    rules = profile_from_toml('extends = "base.toml"\nlast_trick.value = 60\n', base_dir=tmp_path)
    assert rules.rubicon.rubicon_bonus == 500 and rules.last_trick.value == 60
    assert rules.pack.copies == 4


def test_extends_chain_of_three_files_applies_in_order(
    write_profile: Callable[[str, str], Path],
) -> None:
    write_profile("a.toml", 'extends = "bezique"\ngame.target = 1500\ngame.tie = "extra_deal"\n')
    write_profile("b.toml", 'extends = "a.toml"\ngame.target = 2000\n')
    c = write_profile("c.toml", 'extends = "b.toml"\ngame.double_win_below = 500\n')
    rules = load_profile(c)
    assert (rules.game.target, rules.game.tie, rules.game.double_win_below) == (
        2000, "extra_deal", 500)


def test_builtin_name_is_not_shadowed_by_a_local_file(
    write_profile: Callable[[str, str], Path], tmp_path: Path,
) -> None:
    write_profile("bezique", "this is not toml")
    rules = profile_from_toml('extends = "bezique"\n', base_dir=tmp_path)
    assert rules == load_profile("bezique").replace(name="custom", description="")


def test_to_toml_of_an_extended_profile_needs_no_base() -> None:
    house = profile_from_toml('extends = "chinese"\nname = "h"\nrubicon.rubicon_bonus = 1500\n')
    assert profile_from_toml(house.to_toml()) == house


def test_profile_from_toml_accepts_utf8_bytes_and_a_bom() -> None:
    text = 'extends = "besigue"\ndescription = "Bésigue maison"\n'
    assert profile_from_toml(text.encode()) == profile_from_toml(text)
    assert profile_from_toml(b"\xef\xbb\xbf" + text.encode()) == profile_from_toml(text)


def test_standalone_profile_without_extends_uses_schema_defaults() -> None:
    rules = profile_from_toml('name = "bare"\n')
    assert rules == Rules(name="bare")


def test_replace_keeps_other_tables() -> None:
    rules = load_profile("bezique")
    changed = rules.replace(game=attrs.evolve(rules.game, target=1500))
    assert changed.melds is rules.melds and changed.game.target == 1500


def test_docs_describe_every_key_of_every_table() -> None:
    """docs/profiles.md documents every schema key (docs/rules.md#r5: every key of #knobs
    exists)."""
    import typing

    from bezique.rules.convert import field_names

    doc = (ROOT / "docs" / "profiles.md").read_text(encoding="utf-8")
    hints = typing.get_type_hints(Rules)
    for table in attrs.fields(Rules):
        if not attrs.has(hints[table.name]):
            assert f"`{table.name}`" in doc
            continue
        for key in field_names(hints[table.name]):
            if (table.name, key) in (("melds", "table"), ("melds", "values")):
                continue
            assert f"`{table.name}.{key}`" in doc, f"{table.name}.{key} is not documented"
    for key in field_names(MeldSpec):
        assert f"| `{key}` |" in doc, f"melds.table.*.{key} is not documented"
