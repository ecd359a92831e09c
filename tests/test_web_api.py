"""The web app's JSON API (docs/web.md), through Starlette's TestClient: every endpoint, the
validation of every request, and whole deals and games played through it in every profile."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from jokers import quartet_position
from starlette.testclient import TestClient

from bezique import ProfileError, record
from bezique.actions import Meld
from bezique.cards import card_name
from bezique.deal import Deal
from bezique.encoding import encoding
from bezique.game import Game
from bezique.rules import list_profiles, load_profile
from bezique.web.app import MAX_BODY, create_app
from bezique.web.tables import Tables
from bezique.web.views import action_json, table_view


@pytest.fixture
def tables() -> Tables:
    return Tables(capacity=8)


@pytest.fixture
def client(tables: Tables) -> TestClient:
    return TestClient(create_app(tables, bot="greedy"))


def new(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"seed": 7, **body})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def error(response: Any, status: int, kind: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()["error"]
    assert body["kind"] == kind
    return str(body["message"])


def choose(table: dict[str, Any], rng: random.Random) -> str:
    """The person's choice in these tests: the declaration scoring most, else a random one."""
    scoring = [a for a in table["legal"] if a.get("points", 0) > 0]
    if scoring:
        return str(max(scoring, key=lambda a: a["points"])["notation"])
    return str(rng.choice(table["legal"])["notation"])


def play_deal(client: TestClient, game_id: str, table: dict[str, Any],
              rng: random.Random) -> tuple[dict[str, Any], set[str]]:
    """Play the person's side of the deal from the legal actions the API lists; the final
    table and the kinds of action offered."""
    kinds: set[str] = set()
    while not table["deal_over"]:
        assert table["your_turn"] and table["legal"]
        notation = choose(table, rng)
        kinds.update(a["kind"] for a in table["legal"])
        response = client.post(f"/api/games/{game_id}/actions", json={"action": notation})
        assert response.status_code == 200, response.text
        table = response.json()["table"]
    return table, kinds


def test_profiles_lists_every_builtin_and_the_defaults(client: TestClient) -> None:
    body = client.get("/api/profiles").json()
    assert [p["name"] for p in body["profiles"]] == list_profiles()
    assert body["default"] == "bezique" and body["default_bot"] == "greedy"


def test_new_game_shows_the_persons_cards_only(client: TestClient, tables: Tables) -> None:
    answer = new(client, profile="bezique")
    table = answer["table"]
    game = tables.get(answer["id"]).game
    deal = game.deal
    assert deal is not None
    hand = {c["card"] for c in table["hand"]}
    assert len(hand) == len(deal.hand(0))
    assert table["opponent_hand"]["hidden"] == len(deal.hand(1))
    assert table["opponent_hand"]["known"] == []
    text = client.get(f"/api/games/{answer['id']}").text
    for card in deal.stock:  # the stock's cards are nowhere in what the person is sent
        assert f'"{card_name(card, copies=True)}"' not in text or card == deal.turn_up
    assert table["stock"] == deal.observation(0).stock_size


def test_legal_actions_carry_notation_and_encoding_ids(client: TestClient,
                                                       tables: Tables) -> None:
    answer = new(client, profile="pinochle")
    deal = tables.get(answer["id"]).game.deal
    assert deal is not None
    enc = encoding(deal.rules)
    listed = {(a["notation"], a["id"]) for a in answer["table"]["legal"]}
    assert listed == {(str(a), enc.id_of(a)) for a in deal.legal_actions()}


def test_an_action_by_id_is_played(client: TestClient) -> None:
    answer = new(client)
    first = answer["table"]["legal"][0]
    response = client.post(f"/api/games/{answer['id']}/actions", json={"id": first["id"]})
    assert response.status_code == 200
    assert response.json()["steps"][0]["action"] == first["notation"]


def test_an_illegal_move_is_refused_naming_the_rule_and_changes_nothing(
        client: TestClient) -> None:
    answer = new(client)
    game_id = answer["id"]
    before = client.get(f"/api/games/{game_id}").json()
    held = {c["card"][:-1] for c in before["hand"]}
    missing = next(f"{r}{s}" for s in "SHDC" for r in ("A", "10", "K", "Q", "J", "9")
                   if f"{r}{s}" not in held)
    message = error(client.post(f"/api/games/{game_id}/actions",
                                json={"action": f"play {missing}"}), 422, "illegal")
    assert "hand" in message
    error(client.post(f"/api/games/{game_id}/actions", json={"id": 10**6}), 422, "illegal")
    error(client.post(f"/api/games/{game_id}/actions", json={"action": "fold"}), 422,
          "illegal")
    assert client.get(f"/api/games/{game_id}").json() == before


@pytest.mark.parametrize(("body", "kind", "status"), [
    ({"actio": "draw"}, "bad_request", 400),
    ({"action": 3}, "bad_request", 400),
    ({"id": True}, "bad_request", 400),
    ({"action": "draw", "id": 1}, "bad_request", 400),
    ({}, "bad_request", 400),
    ({"action": "play " + "Q" * 300}, "too_large", 413),
])
def test_bad_action_requests_are_refused(client: TestClient, body: dict[str, Any], kind: str,
                                         status: int) -> None:
    game_id = new(client)["id"]
    before = client.get(f"/api/games/{game_id}").json()
    error(client.post(f"/api/games/{game_id}/actions", json=body), status, kind)
    assert client.get(f"/api/games/{game_id}").json() == before


def test_malformed_bodies_are_refused(client: TestClient) -> None:
    error(client.post("/api/games", content=b"{not json"), 400, "bad_request")
    error(client.post("/api/games", content=b"[1, 2]"), 400, "bad_request")
    error(client.post("/api/games", json={"profile": "whist"}), 400, "bad_request")
    error(client.post("/api/games", json={"bot": "deep-blue"}), 400, "bad_request")
    error(client.post("/api/games", json={"seat": 2}), 400, "bad_request")
    error(client.post("/api/games", json={"seed": "7"}), 400, "bad_request")
    error(client.post("/api/games", json={"seed": -1}), 400, "bad_request")
    error(client.post("/api/games", json={"seed": 2**70}), 400, "bad_request")
    error(client.post("/api/games", content=b" " * (MAX_BODY + 1)), 413, "too_large")


def test_unknown_games_and_pages_are_404_in_json(client: TestClient) -> None:
    error(client.get("/api/games/nope"), 404, "not_found")
    error(client.post("/api/games/nope/undo"), 404, "not_found")
    error(client.get("/api/nothing"), 404, "not_found")
    error(client.get("/api/cards/ZZ.svg"), 404, "not_found")


def test_the_store_is_bounded_the_oldest_game_dropped(client: TestClient,
                                                      tables: Tables) -> None:
    ids = [new(client, bot="random")["id"] for _ in range(tables.capacity + 1)]
    assert len(tables) == tables.capacity
    error(client.get(f"/api/games/{ids[0]}"), 404, "not_found")
    assert client.get(f"/api/games/{ids[-1]}").status_code == 200


def test_undo_takes_back_the_persons_move_and_the_bots_replies(client: TestClient) -> None:
    answer = new(client)
    game_id, start = answer["id"], answer["table"]
    assert not start["can_undo"]
    error(client.post(f"/api/games/{game_id}/undo"), 422, "conflict")
    notation = start["legal"][0]["notation"]
    played = client.post(f"/api/games/{game_id}/actions", json={"action": notation}).json()
    assert played["table"]["can_undo"]
    undone = client.post(f"/api/games/{game_id}/undo").json()
    assert undone["undone"][0] == notation
    assert len(undone["undone"]) == len(played["steps"])
    assert undone["table"] == start


def test_hint_names_a_legal_action_with_its_value(client: TestClient) -> None:
    answer = new(client)
    hint = client.get(f"/api/games/{answer['id']}/hint").json()
    legal = {a["notation"]: a["id"] for a in answer["table"]["legal"]}
    assert legal[hint["action"]] == hint["id"]
    assert isinstance(hint["value"], float) and hint["simulations"] > 0


def test_next_deal_only_after_the_deal_is_over(client: TestClient) -> None:
    answer = new(client)
    error(client.post(f"/api/games/{answer['id']}/next-deal"), 422, "conflict")


def test_card_pictures_come_from_the_svg_renderer(client: TestClient) -> None:
    response = client.get("/api/cards/QSb.svg")
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert 'data-card="QS"' in response.text
    assert 'class="back"' in client.get("/api/cards/back.svg").text


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    assert 'data-testid="your-hand"' in client.get("/").text
    assert client.get("/static/table.js").status_code == 200
    assert client.get("/static/table.css").status_code == 200


def test_record_round_trip_replays_to_the_same_game(client: TestClient,
                                                   tables: Tables) -> None:
    answer = new(client, profile="rubicon")
    game_id = answer["id"]
    table, _ = play_deal(client, game_id, answer["table"], random.Random(1))
    response = client.get(f"/api/games/{game_id}/record")
    assert "attachment" in response.headers["content-disposition"]
    rebuilt = record.rebuild(record.loads(response.text))
    assert isinstance(rebuilt, Game) and rebuilt == tables.get(game_id).game
    loaded = client.post("/api/records", json={"record": response.text, "bot": "greedy"})
    assert loaded.status_code == 201
    assert loaded.json()["table"]["end_count"] == table["end_count"]
    assert loaded.json()["table"]["can_undo"]


def test_a_tampered_record_is_refused(client: TestClient) -> None:
    answer = new(client)
    game_id = answer["id"]
    client.post(f"/api/games/{game_id}/actions",
                json={"action": answer["table"]["legal"][0]["notation"]})
    text = client.get(f"/api/games/{game_id}/record").text
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith('"P0 play'))
    card = lines[at].split()[2].rstrip('",')
    lines[at] = lines[at].replace(card, "AS" if card != "AS" else "10S", 1)
    message = error(client.post("/api/records", json={"record": "\n".join(lines)}), 422,
                    "record")
    assert "ply" in message
    error(client.post("/api/records", json={"record": "format = 1"}), 422, "record")
    error(client.post("/api/records", json={}), 400, "bad_request")


def test_a_house_profile_extending_a_builtin_is_played(client: TestClient) -> None:
    house = 'extends = "bezique"\nname = "house\\"\\r\\nx: y"\n[game]\ntarget = 1500\n'
    answer = new(client, profile_toml=house)
    assert answer["table"]["profile"] == 'house"\r\nx: y' and answer["table"]["target"] == 1500
    response = client.get(f"/api/games/{answer['id']}/record")
    assert response.headers["content-disposition"] == 'attachment; filename="bezique-housexy.toml"'
    assert "x" not in response.headers


def test_a_bad_house_profile_lists_its_problems(client: TestClient) -> None:
    response = client.post("/api/games", json={
        "profile_toml": 'extends = "bezique"\n[game]\ntarget = "lots"\ncolour = 3\n'})
    assert response.status_code == 422
    body = response.json()["error"]
    assert body["kind"] == "profile" and len(body["problems"]) == 2
    error(client.post("/api/games", json={"profile_toml": 'extends = "/etc/passwd"'}), 422,
          "profile")
    error(client.post("/api/games", json={"profile_toml": "x" * 70_000}), 413, "too_large")
    error(client.post("/api/games", json={"profile": "bezique", "profile_toml": ""}), 400,
          "bad_request")


@pytest.mark.parametrize("profile", list_profiles())
def test_a_whole_deal_is_played_through_the_api(client: TestClient, profile: str) -> None:
    answer = new(client, profile=profile, seed=3)
    table, kinds = play_deal(client, answer["id"], answer["table"], random.Random(3))
    assert table["deal_over"] and table["end_count"]
    assert "play" in kinds
    rules = load_profile(profile)
    if rules.game.call_out:
        assert "call_out" in kinds
    if load_profile(profile).game.single_deal:
        assert table["game_over"] and table["result"]


def test_a_whole_game_of_bezique_is_played_through_the_api(client: TestClient) -> None:
    house = 'extends = "bezique"\nname = "short"\n[game]\ntarget = 600\n'
    answer = new(client, profile_toml=house, seed=5)
    game_id, table, rng = answer["id"], answer["table"], random.Random(5)
    for _ in range(20):
        table, _ = play_deal(client, game_id, table, rng)
        if table["game_over"]:
            break
        response = client.post(f"/api/games/{game_id}/next-deal")
        assert response.status_code == 200, response.text
        table = response.json()["table"]
        if not table["your_turn"]:  # the bot played the whole deal? never: it needs a reply
            pytest.fail("the next deal did not come to the person")
    assert table["game_over"]
    assert "wins" in table["result"] or "Drawn" in table["result"]
    error(client.post(f"/api/games/{game_id}/next-deal"), 422, "conflict")


def test_carte_blanche_is_offered_with_its_points() -> None:
    rules = load_profile("rubicon")
    game = Game(rules, seed=1)
    game.deal = Deal.from_position(rules, dealer=0, stock="7H 7C KS QH JD 9C", hands=[
        "AD 10D 9D 8D 7D AC 10C 9C KC", "AS 10S 9S 8S 7S AH 10H 9H 8H"])
    offered = {a["kind"]: a for a in table_view(game, seat=1)["legal"]}
    assert offered["carte_blanche"]["points"] == rules.melds.values["carte_blanche"]
    assert "points" in offered["carte_blanche"]["label"]


def test_jokers_are_dealt_drawn_and_declared_through_the_api(client: TestClient) -> None:
    """A joker deal (docs/rules.md#game-joker): a joker in the person's hand has its code
    (``JKd``) and a click on it plays it; its picture is the joker face; a quartet completed by
    a joker (JB-03: four jacks, 40) is listed with its id, cards and points."""
    for seed in range(20):
        answer = new(client, profile="joker", seed=seed)
        jokers = [c for c in answer["table"]["hand"] if c["card"].startswith("JK")]
        if jokers:
            break
    else:
        pytest.fail("no joker in the person's first hand in 20 deals")
    legal = {a["notation"] for a in answer["table"]["legal"]}
    assert jokers[0]["action"] in legal and jokers[0]["action"].startswith("play JK")
    picture = client.get(f"/api/cards/{jokers[0]['card']}.svg").text
    assert 'data-card="JK"' in picture and ">JOKER</text>" in picture
    deal = quartet_position("joker")
    wild = Meld("four_jacks", ("JS", "JH", "JC", "JK"))
    listed = action_json(deal, wild, 0)
    assert listed["id"] == encoding(deal.rules).id_of(wild) and listed["points"] == 40
    assert listed["cards"] == ["JSa", "JHa", "JCa", "JKa"]
    assert listed["label"] == "meld four_jacks JS JH JC JK (40 points; joker as a jack)"


def test_a_house_profile_file_the_server_starts_with_is_offered_first(tmp_path: Any) -> None:
    """``create_app(profile=FILE)`` (``bezique serve --profile FILE``): the file's profile is
    listed first under its own name, is the default, and plays; a name a built-in profile has
    is told apart; a file whose extends leaves its folder is refused at once."""
    house = tmp_path / "house.toml"
    house.write_text('extends = "pinochle"\ngame.target = 900\n', encoding="utf-8")
    client = TestClient(create_app(Tables(), profile=str(house), bot="greedy"))
    info = client.get("/api/profiles").json()
    assert info["default"] == "house" == info["profiles"][0]["name"]
    assert info["profiles"][0]["players"] == 2
    table = new(client, profile="house")["table"]
    assert table["profile"] == "house" and table["target"] == 900
    assert "house" in error(client.post("/api/games", json={"profile": "hous"}), 400,
                            "bad_request")
    same = tmp_path / "same.toml"
    same.write_text('extends = "bezique"\nname = "bezique"\ngame.target = 700\n',
                    encoding="utf-8")
    client = TestClient(create_app(Tables(), profile=same, bot="greedy"))
    info = client.get("/api/profiles").json()
    assert info["default"] == "bezique (house)"
    assert new(client, profile="bezique (house)")["table"]["target"] == 700
    assert new(client, profile="bezique")["table"]["target"] == load_profile("bezique").game.target
    (tmp_path / "sub").mkdir()
    leaving = tmp_path / "sub" / "leaving.toml"
    leaving.write_text('extends = "../house.toml"\n', encoding="utf-8")
    with pytest.raises(ProfileError, match="outside the profile's folder"):
        create_app(profile=str(leaving))
