"""Golden records (tests/records/*.toml, written by make_golden.py): one whole game per built-in
profile, replayed action by action against today's rules. A change to a built-in profile's rules
changes its digest and makes its golden record fail loudly until it is regenerated on purpose."""

from __future__ import annotations

from pathlib import Path

import pytest

from bezique import list_profiles, load_profile
from bezique.game import Game
from bezique.record import dumps, load, rebuild

RECORDS = Path(__file__).parent / "records"


@pytest.mark.parametrize("name", list_profiles())
def test_golden_game_record_replays(name: str) -> None:
    """Every built-in profile has a golden whole-game record that replays to its end."""
    path = RECORDS / f"{name}.toml"
    assert path.exists(), f"no golden record for {name}: run tests/records/make_golden.py"
    record = load(path)
    assert record.rules == load_profile(name) and not record.inline
    assert record.game is not None and record.result.over
    game = rebuild(record)
    assert isinstance(game, Game) and game.is_over
    assert len(game.deals) == len(record.deals)
    assert game.result is not None and game.result.winner == record.result.winner


@pytest.mark.parametrize("name", list_profiles())
def test_golden_record_is_written_back_identically(name: str) -> None:
    """Loading a golden record and writing it again gives the same text, and so does recording
    the replayed game: the format is stable."""
    path = RECORDS / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    record = load(path)
    assert dumps(record) == text
    assert dumps(rebuild(record)) == text
