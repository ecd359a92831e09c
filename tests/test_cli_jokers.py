"""Issue 35: the commands that take a profile take the joker profiles (docs/rules.md#game-joker):
``bezique demo``, ``simulate``, ``compare``, ``serve`` and ``replay`` with ``joker``,
``joker-four`` and ``joker-partnership`` (``bezique play`` is scripted in
tests/test_cli_play.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bezique import cli

RECORDS = Path(__file__).parent / "records"

HOUSE = 'extends = "joker"\nname = "joker-m4"\n[jokers]\nmax_per_meld = 4\n' \
        '[melds.values]\nfour_jokers = 200\n'
"""M4's jokers (DJ7, DJ9): any number of jokers in a quartet, four jokers 200."""


@pytest.mark.parametrize("profile", ["joker", "joker-four", "joker-partnership"])
def test_demo_of_each_joker_profile(profile: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``bezique demo --profile joker …``: GreedyBots play a whole game, narrated, jokers
    written ``JK`` and explained once, the result last."""
    assert cli.main(["demo", "--profile", profile, "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Demo of Joker Bésigue (profile {profile}): ")
    assert "132 cards with 4 jokers" in out.splitlines()[0]
    assert out.splitlines()[0].endswith("; seed 2.")
    assert " JK" in out and out.count("  (joker: JK, a card of no suit") == 1
    assert re.search(r"(wins?|Drawn game)", out.rstrip().splitlines()[-1])


@pytest.mark.parametrize(("profile", "bots"), [("joker", "greedy,planner"),
                                               ("joker-four", "greedy,random,planner,greedy"),
                                               ("joker-partnership", "greedy,random")])
def test_simulate_joker_profiles(profile: str, bots: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """``bezique simulate --profile joker …``: seeded deals between the bots, a figure per
    bot (a seat each; the partnership's two bots rotated as partners)."""
    players = 2 if profile == "joker" else 4
    names = bots.split(",")
    if len(names) < players:
        names = (names * players)[:players]
    assert cli.main(["simulate", "--profile", profile, "--deals", "4", "--bots",
                     ",".join(names), "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [b["bot"] for b in data["bots"]] == names
    assert data["profile"] == profile and data["deals"] == 4


def test_compare_joker_with_a_house_joker_profile(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """``bezique compare joker FILE``: the same seeded games under the joker profile and M4's
    house jokers, and their differences."""
    house = tmp_path / "joker-m4.toml"
    house.write_text(HOUSE, encoding="utf-8")
    assert cli.main(["compare", "joker", str(house), "--games", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("compare: 2 games of joker (base) and joker-m4, greedy (A) vs greedy "
                          "(B), seed 0")


def test_serve_offers_a_joker_profile_first(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """``bezique serve --profile joker``: the page offers the joker profile first, and a new
    game of it deals nine cards to the person."""
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from bezique.web import app as web_app

    served: dict[str, Any] = {}
    monkeypatch.setattr(web_app, "serve", lambda app, **where: served.update(where, app=app))
    assert cli.main(["serve", "--port", "8124", "--profile", "joker", "--bot", "greedy"]) == 0
    assert "http://localhost:8124/" in capsys.readouterr().out
    client = TestClient(served["app"])
    assert client.get("/api/profiles").json()["default"] == "joker"
    answer = client.post("/api/games", json={"profile": "joker", "seed": 3}).json()
    assert len(answer["table"]["hand"]) == 9


@pytest.mark.parametrize("profile", ["joker", "joker-four", "joker-partnership"])
def test_replay_a_joker_golden_record(profile: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``bezique replay`` of a joker game's record: every move, and the result."""
    assert cli.main(["replay", str(RECORDS / f"{profile}.toml")]) == 0
    out = capsys.readouterr().out
    assert "JK" in out
