"""The differential check of the two builds (``tests/differential.py``, run in CI over 500 deals
of every profile in each build): its digests cover every legal-action list and event, and a
comparison names each deal that differs."""

from __future__ import annotations

import json
from pathlib import Path

import differential
import pytest
from differential import compare, deal_digest, digests, main

import bezique


def test_a_deal_digest_is_reproducible_and_depends_on_the_seed_and_the_rules() -> None:
    rules = bezique.load_profile("bezique")
    assert deal_digest(rules, 3) == deal_digest(rules, 3)
    assert deal_digest(rules, 3) != deal_digest(rules, 4)
    assert deal_digest(rules, 3) != deal_digest(bezique.load_profile("besigue"), 3)


def test_a_deal_digest_sees_a_changed_event(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = bezique.load_profile("bezique")
    before = deal_digest(rules, 1)
    monkeypatch.setattr(bezique.events.Event, "__repr__", lambda self: "?")
    assert deal_digest(rules, 1) != before


class _NoTensors:
    def tensor(self, deal: bezique.Deal, player: int) -> list[float]:
        return []


def test_a_searched_digest_covers_the_tensors_the_playouts_and_the_end_phase(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = bezique.load_profile("bezique")
    searched = deal_digest(rules, 2, search=True)
    assert searched == deal_digest(rules, 2, search=True) != deal_digest(rules, 2)
    stand_ins = {"tensor_writer": lambda rules: _NoTensors(), "playout": lambda world: None,
                 "end_value": lambda deal, **options: 0}
    for name, stand_in in stand_ins.items():
        with monkeypatch.context() as patch:
            patch.setattr(differential, name, stand_in)
            assert deal_digest(rules, 2, search=True) != searched, name


def test_compare_names_each_differing_deal_and_main_exits_1(tmp_path: Path) -> None:
    found = digests(2, ["bezique", "chinese"])
    same = {"compiled": False, "digests": found}
    changed = {"compiled": True, "digests": {**found, "chinese": [found["chinese"][0], "x"]}}
    assert compare(same, same) == []
    assert compare(same, changed) == [f"chinese: seed 1 differs ({found['chinese'][1]} against x)"]
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["--deals", "2", "--out", str(a), "bezique", "chinese"]) == 0
    assert json.loads(a.read_text())["digests"] == found
    b.write_text(json.dumps(changed))
    assert main(["--compare", str(a), str(a)]) == 0
    assert main(["--compare", str(a), str(b)]) == 1
