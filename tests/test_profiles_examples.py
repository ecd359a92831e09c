"""Every example house-rule profile loads, extends a built-in, cites a source, changes a rule."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bezique.rules import list_profiles, load_profile, profile_from_toml
from bezique.rules.diff import diff_rules

ROOT = Path(__file__).resolve().parent.parent
HOUSE_RULES = sorted((ROOT / "examples" / "house-rules").glob("*.toml"))
SOURCE_TAG = re.compile(
    r"\b(S00[0-4]|seed 00[0-4]|FOSTER|PARLETT|HOFF|BIC-RUB|WKC-RUB|PW|HERRING|ENQ|EBO|RULES\.md"
    r"|FRW|WOH|PH|BC-R|BC|M4|CPU|HB)\b"
)


def test_there_are_house_rule_examples() -> None:
    assert len(HOUSE_RULES) >= 15


@pytest.mark.parametrize("path", HOUSE_RULES, ids=[p.stem for p in HOUSE_RULES])
def test_house_rule_example_loads_and_extends_a_builtin(path: Path) -> None:
    rules = load_profile(path)
    assert rules.name == path.stem
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["extends"] in list_profiles()
    changed = [k for k, _, _ in diff_rules(load_profile(data["extends"]), rules)
               if k not in ("name", "description")]
    assert changed, "a house profile should change at least one rule"
    assert profile_from_toml(rules.to_toml()) == rules


@pytest.mark.parametrize("path", HOUSE_RULES, ids=[p.stem for p in HOUSE_RULES])
def test_house_rule_example_cites_its_source(path: Path) -> None:
    comments = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                         if line.lstrip().startswith("#"))
    assert SOURCE_TAG.search(comments), f"{path.name}: no source tag in its comments"


def test_seed_000_literal_pinochle_uses_bezique_values() -> None:
    rules = load_profile(ROOT / "examples/house-rules/pinochle-bezique-values.toml")
    values = rules.melds.values
    assert (values["sequence"], values["double_pinochle"], values["four_aces"]) == (250, 500, 100)
    assert rules.melds.four_of_a_kind_mode == "any_suits"
    assert rules.pack == load_profile("pinochle").pack


def test_house_profile_script_prints_the_changes() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HYPOTHESIS_NO_PLUGINS": "1"}
    result = subprocess.run([sys.executable, str(ROOT / "examples" / "house_profile.py")],
                            cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "  game.target: 1000 -> 1500" in result.stdout.splitlines()
    assert "  melds.on_last_stock_trick: true -> false" in result.stdout.splitlines()


JOKER_THREE = 'extends = "joker"\nseats.players = 3\ngame.double_win_below = 0\n'


def test_joker_three_is_the_three_seat_house_profile_of_jb09() -> None:
    """JB-09 (FRW, WOH): ``joker`` at three seats, no double win (docs/rules.md#game-joker)."""
    rules = load_profile(ROOT / "examples/house-rules/joker-three.toml")
    assert rules.players == 3 and rules.teams == ((0,), (1,), (2,))
    assert rules.digest == profile_from_toml(JOKER_THREE).digest


def test_joker_beziquecore_plays_bc() -> None:
    """The house profile after BeziqueCore (BC-R, BC; docs/rules.md#joker-house-profiles): a
    turn-up, a turned-up joker for diamonds, double bezique 500 laid at once, no trump quartets,
    BC "Advanced" brisques, 1500 ended at once."""
    rules = load_profile(ROOT / "examples/house-rules/joker-beziquecore.toml")
    assert (rules.trump.selection, rules.jokers.turned_up) == ("turn_up_next", "diamonds")
    assert rules.dix.turn_up_scores and rules.dix.exchange_allowed
    values = rules.melds.values
    assert values["double_bezique"] == 500 and not rules.melds.multi_bezique_growth
    assert not any(values[f"trump_{rank}"] for rank in ("aces", "kings", "queens", "jacks"))
    assert not rules.melds.sequence_from_own_marriage
    assert (rules.brisques.min_for(2), rules.brisques.min_for(4)) == (14, 8)
    assert (rules.game.target, rules.game.end, rules.game.double_win_below) == (
        1500, "immediate_any", 0)
