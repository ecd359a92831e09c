"""Issue 34, stage J: the web table at three and four seats (docs/web.md, "More seats"), through
the JSON API: a bot in every other seat, every seat in the table (``seats``) with where it sits
and whether it is the person's partner, totals per team, the pass, and the two-seat table as it
was with ``seats`` added; house profiles of more seats uploaded."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")  # Starlette's TestClient (the test extra)

from seated import PARTNERS, PARTNERSHIP_TOML
from starlette.testclient import TestClient

import bezique
from bezique import record
from bezique.cards import iter_bits
from bezique.web.app import create_app
from bezique.web.tables import Tables
from bezique.web.views import card_code

THREE = PARTNERSHIP_TOML.replace("players = 4\nteams = [[0, 2], [1, 3]]", "players = 3").replace(
    "copies = 4", "copies = 3").replace("house-partnership", "house-three")


@pytest.fixture
def tables(monkeypatch: pytest.MonkeyPatch) -> Tables:
    return Tables(capacity=8)


@pytest.fixture
def client(tables: Tables) -> TestClient:
    return TestClient(create_app(tables, bot="greedy"))


def start(client: TestClient, text: str = PARTNERSHIP_TOML, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"profile_toml": text, "seed": 5, **body})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_every_seat_is_listed_with_its_place_and_the_partner(client: TestClient,
                                                             tables: Tables) -> None:
    answer = start(client, seat=1, bots=["greedy", "random", "planner"])
    table = answer["table"]
    held = tables.get(answer["id"])
    assert sorted(held.bots) == [0, 2, 3] and held.bot_specs == ("greedy", "random", "planner")
    assert (table["players"], table["teams"], table["seat"]) == (4, [list(t) for t in PARTNERS], 1)
    assert table["names"] == ["Ada", "You", "Cy", "Dee"]
    assert "opponent_hand" not in table and list(table["tables"]) == ["you"]
    assert list(table["melds"]) == ["you"]
    seats = table["seats"]
    assert [(s["player"], s["name"], s["place"], s["partner"], s["you"]) for s in seats] == [
        (0, "Ada", "right", False, False), (1, "You", "near", False, True),
        (2, "Cy", "left", False, False), (3, "Dee", "across", True, False)]
    deal = held.game.deal
    assert deal is not None
    for s in seats:
        p = s["player"]
        assert s["hidden"] + len(s["known"]) == len(deal.hand(p))
        assert s["score"] == deal.scores[p] == table["scores"][p]
    assert sorted(seats[1]["known"]) == sorted(card_code(c) for c in iter_bits(deal.hand(1).bits))
    assert table["your_turn"] and deal.to_move == 1
    assert all(step["player"] != 1 for step in answer["steps"])
    assert len(table["totals"]) == 2


def test_a_partnership_deal_is_played_through_the_api_with_a_pass(client: TestClient,
                                                                  tables: Tables) -> None:
    answer = start(client, seat=2)
    game_id = answer["id"]
    table = answer["table"]
    passed = False
    while not table["deal_over"]:
        assert table["your_turn"] and table["legal"]
        kinds = {a["kind"]: a for a in table["legal"]}
        if "pass" in kinds and not passed:
            assert kinds["pass"]["label"] == "pass to your partner"
            choice, passed = kinds["pass"], True
        else:
            choice = table["legal"][-1]
        response = client.post(f"/api/games/{game_id}/actions", json={"id": choice["id"]})
        assert response.status_code == 200, response.text
        played = response.json()
        assert played["steps"][0]["player"] == 2
        assert all(step["player"] != 2 for step in played["steps"][1:])
        if choice["kind"] == "pass":
            assert played["steps"][0]["events"] == ["You pass to Ada"]
        table = played["table"]
    assert passed
    assert table["end_count"][0].split() == ["points", "by", "reason", "Ada", "Bob", "You", "Dee"]
    assert any(line.startswith("Ada+You: ") for line in table["end_count"])
    undone = client.post(f"/api/games/{game_id}/undo").json()
    assert undone["table"]["your_turn"] and undone["undone"]
    deal = tables.get(game_id).game.deal
    assert deal is not None and deal.to_move == 2


def test_three_seats_hint_and_a_record_played_on_from_another_seat(client: TestClient) -> None:
    answer = start(client, THREE, seat=0)
    table = answer["table"]
    assert [s["place"] for s in table["seats"]] == ["near", "left", "right"]
    assert not any(s["partner"] for s in table["seats"])
    hint = client.get(f"/api/games/{answer['id']}/hint").json()
    assert hint["action"] in {a["notation"] for a in table["legal"]}
    client.post(f"/api/games/{answer['id']}/actions", json={"action": hint["action"]})
    text = client.get(f"/api/games/{answer['id']}/record").text
    assert record.loads(text).rules.players == 3
    loaded = client.post("/api/records", json={"record": text, "seat": 2,
                                               "bots": ["random", "greedy"]})
    assert loaded.status_code == 201, loaded.text
    assert loaded.json()["table"]["seat"] == 2
    assert loaded.json()["table"]["names"] == ["Ada", "Bob", "You"]


@pytest.mark.parametrize(("body", "message"), [
    ({"seat": 4}, "seat: expected 0 to 3, got 4"),
    ({"bots": ["greedy", "greedy"]}, "bots: expected 3 bot specs, one for each seat but yours, "
                                     "got 2"),
    ({"bots": ["greedy", "clever", "greedy"]}, "unknown bot 'clever'"),
    ({"bots": ["greedy", 3, "greedy"]}, "bots: expected a list of bot specs (strings)"),
    ({"bots": "greedy"}, "bots: expected a list, got str"),
])
def test_bad_seats_and_bots_are_refused(client: TestClient, body: dict[str, Any],
                                        message: str) -> None:
    response = client.post("/api/games", json={"profile_toml": PARTNERSHIP_TOML, **body})
    assert response.status_code == 400, response.text
    assert message in response.json()["error"]["message"]


def test_the_two_seat_table_keeps_its_keys_and_adds_the_seats(client: TestClient) -> None:
    table = client.post("/api/games", json={"profile": "bezique", "seed": 7, "seat": 1}).json()[
        "table"]
    assert table["opponent_hand"] and set(table["tables"]) == set(table["melds"]) == {"you", "bot"}
    assert table["names"] == ["Bot", "You"] and table["players"] == 2
    assert [(s["name"], s["place"], s["partner"]) for s in table["seats"]] == [
        ("Bot", "far", False), ("You", "near", False)]
    assert table["seats"][0]["hidden"] == table["opponent_hand"]["hidden"]
    info = client.get("/api/profiles").json()
    assert {p["name"]: p["players"] for p in info["profiles"]} == {
        name: bezique.load_profile(name).players for name in bezique.list_profiles()}
