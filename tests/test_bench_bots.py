"""benchmarks/bench_bots.py resumes from its journal (docs/bots.md): a second run with the same
options plays no game again, reports the same figures, and says how many it read."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_resumed_run_reads_its_games_from_the_journal_and_says_how_many(
        tmp_path: Path) -> None:
    bench = runpy.run_path(str(ROOT / "benchmarks" / "bench_bots.py"))
    journal, out = tmp_path / "games.jsonl", tmp_path / "figures.json"
    argv = ["--games", "2", "--profiles", "five-hundred", "--opponents", "random",
            "--simulations", "1", "--candidates", "1", "--exact-stock", "0",
            "--journal", str(journal), "--json", str(out)]
    bench["main"](argv)
    first = json.loads(out.read_text())["results"][0]
    assert first["resumed"] == 0
    assert len(journal.read_text().splitlines()) == 2
    bench["main"](argv)
    second = json.loads(out.read_text())["results"][0]
    assert second["resumed"] == 2
    assert len(journal.read_text().splitlines()) == 2  # no game played again
    for figure in ("games", "wins", "losses", "draws", "deals", "deal_wins", "mean_points"):
        assert second[figure] == first[figure]
