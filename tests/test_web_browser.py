"""The page in a real browser: headless Chromium (Debian's ``chromium`` package, never a
downloaded one) driven by Playwright against the app served by uvicorn on a free port. Skips
without playwright, uvicorn or chromium (CI installs them: ``.ci/run``)."""

from __future__ import annotations

import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("no chromium on the PATH (apt-get install chromium)", allow_module_level=True)

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from seated import PARTNERSHIP_TOML  # noqa: E402

from bezique import cli, record  # noqa: E402
from bezique.cards import iter_bits  # noqa: E402
from bezique.game import Game  # noqa: E402
from bezique.web.app import create_app  # noqa: E402
from bezique.web.tables import Tables  # noqa: E402
from bezique.web.views import card_code  # noqa: E402

TABLES = Tables()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    port = _free_port()
    config = uvicorn.Config(create_app(TABLES, bot="greedy"), host="127.0.0.1", port=port,
                            log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(400):
        if server.started:
            break
        time.sleep(0.025)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser, address: str) -> Iterator[Page]:
    context = browser.new_context(accept_downloads=True, viewport={"width": 1300, "height": 900})
    opened = context.new_page()
    yield opened
    context.close()


def open_table(page: Page, address: str, profile: str = "bezique", seed: int = 10) -> None:
    page.goto(f"{address}/?profile={profile}&seed={seed}&delay=0")
    page.wait_for_selector("[data-testid^=card-hand-]")
    settle(page)


def settle(page: Page) -> None:
    page.wait_for_function("!document.body.classList.contains('busy')")


def table_id(page: Page) -> str:
    return str(page.evaluate("state.id"))


def game_of(page: Page) -> Game:
    return TABLES.get(table_id(page)).game


def click_something(page: Page) -> str:
    """The mouse's move: a declaration if one is offered, else the first playable card, else
    the first other action button; returns what was clicked."""
    for selector in ("#actions button.meld", "img.playable", "#actions button"):
        found = page.locator(selector)
        if found.count():
            what = found.first.get_attribute("data-action") or selector
            found.first.click()
            settle(page)
            return what
    raise AssertionError("nothing to click: " + page.locator("#status").inner_text())


def test_a_whole_deal_is_played_by_clicking(page: Page, address: str, tmp_path: Path) -> None:
    open_table(page, address)
    clicked = []
    for _ in range(400):
        if page.locator("[data-testid=end-count]").is_visible():
            break
        clicked.append(click_something(page))
        assert "error" not in (page.locator("#message").get_attribute("class") or "")
    assert page.locator("[data-testid=end-count]").is_visible()
    assert "total" in page.locator("#end-lines").inner_text()
    melds = [c for c in clicked if c.startswith("meld ")]
    assert melds, "no declaration was made by clicking its button"
    with page.expect_download() as download:
        page.locator("[data-testid=download]").click()
    saved = tmp_path / "game.toml"
    download.value.save_as(saved)
    assert cli.main(["replay", str(saved)]) == 0
    assert record.rebuild(record.loads(saved.read_text())) == game_of(page)
    before = table_id(page)  # read first: the upload may be answered before the next line
    page.locator("[data-testid=record-file]").set_input_files(str(saved))
    page.wait_for_function(f"state.id !== {before!r}")
    settle(page)
    assert page.locator("[data-testid=end-count]").is_visible()
    page.locator("[data-testid=next-deal]").click()
    settle(page)
    assert page.locator("[data-testid^=card-hand-]").count() == 8
    assert "deal 2" in page.locator("[data-testid=title]").inner_text()


def test_a_declaration_is_made_by_clicking_its_button(page: Page, address: str) -> None:
    open_table(page, address)
    for _ in range(200):
        button = page.locator("#actions button.meld")
        if button.count():
            label = button.first.inner_text()
            assert "points" in label
            button.first.click()
            settle(page)
            assert page.locator("[data-testid^=card-table-]").count() >= 2
            return
        click_something(page)
    pytest.fail("no declaration was offered")


def test_an_illegal_click_changes_nothing_and_says_why(page: Page, address: str) -> None:
    open_table(page, address)
    for _ in range(200):
        locked = page.locator("[data-testid=your-hand] img:not(.playable)")
        if locked.count() and page.evaluate("state.table.your_turn"):
            break
        click_something(page)
    before = page.locator("#board").inner_html()
    deal = game_of(page).deal
    assert deal is not None
    plies = len(deal.actions)
    locked.first.click()
    settle(page)
    assert "error" in (page.locator("#message").get_attribute("class") or "")
    assert page.locator("#message").inner_text()
    assert len(deal.actions) == plies
    page.evaluate("document.getElementById('message').textContent = ''; "
                  "document.getElementById('message').className = ''")
    assert page.locator("#board").inner_html() == before


def test_undo_takes_back_the_last_move(page: Page, address: str) -> None:
    open_table(page, address)
    assert page.locator("[data-testid=undo]").is_disabled()
    before = page.locator("[data-testid=your-hand]").inner_html()
    click_something(page)
    assert page.locator("[data-testid=your-hand]").inner_html() != before
    page.locator("[data-testid=undo]").click()
    settle(page)
    assert "Taken back" in page.locator("#message").inner_text()
    assert page.locator("[data-testid=your-hand]").inner_html() == before


def test_hint_highlights_the_searchs_choice(page: Page, address: str) -> None:
    open_table(page, address)
    page.locator("[data-testid=hint]").click()
    settle(page)
    assert page.locator("#message").inner_text().startswith("Hint: ")
    assert page.locator(".hinted").count() >= 1


def test_big_hands_wrap_and_their_cards_are_clickable(page: Page, address: str) -> None:
    page.set_viewport_size({"width": 760, "height": 900})
    open_table(page, address, profile="chinese", seed=3)
    cards = page.locator("[data-testid^=card-hand-]")
    deal = game_of(page).deal
    assert deal is not None
    assert cards.count() == len(deal.hand(0))
    boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
    assert len({b["y"] for b in boxes if b is not None}) > 1  # the hand wraps onto rows
    width = 760
    assert all(b is not None and b["x"] + b["width"] <= width for b in boxes)
    for _ in range(8):
        click_something(page)
    assert "error" not in (page.locator("#message").get_attribute("class") or "")


def test_a_call_out_is_made_by_clicking_its_button(page: Page, address: str) -> None:
    open_table(page, address, profile="five-hundred", seed=3)
    for _ in range(100):
        call = page.locator("[data-testid=action-call_out]")
        if call.count():
            call.click()
            settle(page)
            break
        click_something(page)
    assert page.locator("[data-testid=end-count]").is_visible()
    assert "called out" in page.locator("#status").inner_text()


def upload_profile(page: Page, path: Path, text: str) -> None:
    """Start a new game from the dialog with ``text`` uploaded as a house profile file."""
    path.write_text(text)
    page.locator("[data-testid=new-game]").click()
    page.locator("[data-testid=profile-file]").set_input_files(str(path))
    page.locator("[data-testid=start]").click()


def test_a_new_game_of_any_profile_or_an_uploaded_house_profile(page: Page, address: str,
                                                                 tmp_path: Path) -> None:
    open_table(page, address)
    page.locator("[data-testid=new-game]").click()
    page.locator("[data-testid=profile-select]").select_option("rubicon")
    page.locator("[data-testid=bot-select]").select_option("random")
    page.locator("[data-testid=start]").click()
    page.wait_for_function("state.table && state.table.profile === 'rubicon'")
    settle(page)
    assert page.locator("[data-testid^=card-hand-]").count() == 9
    upload_profile(page, tmp_path / "house.toml",
                   'extends = "pinochle"\nname = "my-house"\n[game]\ntarget = 500\n')
    page.wait_for_function("state.table && state.table.profile === 'my-house'")
    settle(page)
    assert "to 500" in page.locator("[data-testid=totals]").inner_text()
    upload_profile(page, tmp_path / "bad.toml", 'extends = "pinochle"\n[game]\ntarget = "high"\n')
    # The page reads the file before it asks the server, so wait for the answer itself.
    page.wait_for_function("document.querySelector('#message').innerText.includes('game.target')")
    settle(page)
    assert page.evaluate("state.table.profile") == "my-house"


def test_the_person_may_sit_in_either_seat(page: Page, address: str) -> None:
    """``?seat=1`` (or the seat chosen under New game) seats the person as P1: the hand below
    is P1's, the bot plays P0."""
    page.goto(f"{address}/?profile=bezique&seed=10&delay=0&seat=1")
    page.wait_for_selector("[data-testid^=card-hand-]")
    settle(page)
    table = TABLES.get(table_id(page))
    assert table.seat == page.evaluate("state.table.seat") == 1
    shown = sorted(str(img.get_attribute("data-card"))
                   for img in page.locator("#your-hand img").all())
    deal = table.game.deal
    assert deal is not None
    assert shown == sorted(card_code(c) for c in iter_bits(deal.hand(1).bits))
    assert len(shown) == 8
    assert page.locator("[data-testid=seat-select]").input_value() == "1"
    page.locator("[data-testid=new-game]").click()
    page.locator("[data-testid=seat-select]").select_option("0")
    page.locator("[data-testid=start]").click()
    page.wait_for_function("state.table && state.table.seat === 0")
    settle(page)
    assert TABLES.get(table_id(page)).seat == 0
    # the address's seat starts a new game rather than going on with the saved one
    first = table_id(page)
    page.goto(f"{address}/?seat=1&delay=0")
    page.wait_for_function(f"state.id && state.id !== {first!r}")
    settle(page)
    assert TABLES.get(table_id(page)).seat == 1
    assert page.locator("[data-testid=seat-select]").input_value() == "1"


# ------------------------------------------------------------ three and four seats (issue 34)


FOUR_SEAT_SEED = 1
"""The seed of the partnership game the browser tests play."""


@pytest.fixture
def four_seats(page: Page, address: str, tmp_path: Path) -> Page:
    """A partnership game on the page, uploaded as a house profile, the person in seat 1
    against greedy bots; seeded, so that its first deal does not end the game (a random one
    sometimes did, and then there is no next deal to click)."""
    open_table(page, address)
    page.locator("[data-testid=new-game]").click()
    page.locator("[data-testid=seed]").fill(str(FOUR_SEAT_SEED))
    path = tmp_path / "partnership.toml"
    path.write_text(PARTNERSHIP_TOML)
    page.locator("[data-testid=profile-file]").set_input_files(str(path))
    assert page.locator("[data-testid=seat-select] option").count() == 4
    page.locator("[data-testid=seat-select]").select_option("1")
    page.locator("[data-testid=bot-select]").select_option("greedy")
    page.locator("[data-testid=start]").click()
    page.wait_for_function("state.table && state.table.players === 4")
    settle(page)
    return page


def test_four_seats_are_laid_out_round_the_table_with_the_partner_marked(
        four_seats: Page) -> None:
    page = four_seats
    table = TABLES.get(table_id(page))
    assert table.seat == 1 and sorted(table.bots) == [0, 2, 3]
    assert page.locator("#bot-seat").is_hidden()
    boxes = page.locator("[data-testid=others] .seat")
    assert boxes.count() == 3
    places = [(b.get_attribute("data-seat"), b.get_attribute("data-place"),
               b.get_attribute("data-partner")) for b in boxes.all()]
    assert places == [("2", "left", "false"), ("3", "across", "true"), ("0", "right", "false")]
    across = page.locator("[data-testid=seat-3]")
    assert "Dee" in across.inner_text() and "your partner" in across.inner_text()
    assert "partner Dee" in page.locator("[data-testid=your-team]").inner_text()
    deal = table.game.deal
    assert deal is not None
    for seat in (0, 2, 3):  # face down, as many as each bot holds
        shown = page.locator(f"[data-testid=seat-{seat}-hand] img")
        assert shown.count() == len(deal.hand(seat))
        assert page.locator(f"[data-testid=seat-{seat}-hand] img[data-card]").count() == \
            len(deal.known(seat))
    shown = sorted(str(img.get_attribute("data-card")) for img in
                   page.locator("#your-hand img").all())
    assert shown == sorted(card_code(c) for c in iter_bits(deal.hand(1).bits))
    totals = page.locator("[data-testid=totals]").inner_text()
    assert totals == "Game: Ada+Cy 0, You+Dee 0 (to 1000)"


def test_a_four_seat_deal_is_played_by_clicking_passes_included(four_seats: Page,
                                                                tmp_path: Path) -> None:
    """A whole partnership deal by clicking: the bots' three cards of each trick are shown
    with who played them, the pass button hands the declaring turn to the partner, the end
    count has a column a seat and the totals are per team; the record downloaded replays."""
    page = four_seats
    passed = saw_full_trick = False
    for _ in range(600):
        if page.locator("[data-testid=end-count]").is_visible():
            break
        saw_full_trick |= page.locator("#trick figure").count() == 3
        button = page.locator("[data-testid=action-pass]")
        if not passed and button.count():
            assert button.inner_text() == "pass to your partner"
            button.click()
            settle(page)
            passed = True
            continue
        click_something(page)
        assert "error" not in (page.locator("#message").get_attribute("class") or "")
    assert page.locator("[data-testid=end-count]").is_visible()
    assert passed, "the pass button was never offered"
    assert saw_full_trick, "no trick of three bots' cards was shown"
    assert "You: pass" in page.locator("[data-testid=log]").inner_text()
    lines = page.locator("#end-lines").inner_text().splitlines()
    assert re.fullmatch(r"points by reason\s+Ada\s+You\s+Cy\s+Dee", lines[0])
    assert any(line.startswith("You+Dee: ") for line in lines)
    game = game_of(page)
    assert [str(a) for a in game.deals[0].actions].count("pass") >= 1
    with page.expect_download() as download:
        page.locator("[data-testid=download]").click()
    saved = tmp_path / "four.toml"
    download.value.save_as(saved)
    assert record.rebuild(record.loads(saved.read_text())) == game
    assert not game.is_over, "the seeded game ended with its first deal"
    page.locator("[data-testid=next-deal]").click()
    settle(page)
    assert page.locator("[data-testid^=card-hand-]").count() == 8
    assert "deal 2" in page.locator("[data-testid=title]").inner_text()


# ------------------------------------------------------------ Joker Bésigue (issue 35)


LOADED = """i => i.complete ? i.naturalWidth > 0 : new Promise(done => {
    i.addEventListener("load", () => done(i.naturalWidth > 0));
    i.addEventListener("error", () => done(false));
})"""
"""Whether a picture loads with a size, waiting for it while it is still loading (on a busy
machine the check can come before the picture has arrived)."""


def _joker_faces_drawn(page: Page, where: str) -> int:
    """How many joker pictures under ``where`` the browser has loaded, each checked to be the
    joker face the server draws (not a blank): a picture with a size and ``JOKER`` on it."""
    jokers = page.locator(f"{where} img[data-card^=JK]")
    for img in jokers.all():
        assert img.evaluate(LOADED)
        src = str(img.evaluate("i => i.src"))  # absolute
        assert ">JOKER</text>" in page.request.get(src).text()
    return jokers.count()


@pytest.mark.parametrize(("profile", "seed"), [("joker", 3), ("joker-four", 2)])
def test_a_joker_deal_is_played_by_clicking_with_its_jokers_drawn(
        page: Page, address: str, tmp_path: Path, profile: str, seed: int) -> None:
    """Joker Bésigue at two and four seats (docs/rules.md#game-joker): nine cards a hand, the
    person's joker drawn with its face and played by a click, and the whole deal played by
    clicking to its end count; the record downloaded replays."""
    open_table(page, address, profile=profile, seed=seed)
    assert page.locator("[data-testid^=card-hand-]").count() == 9
    assert _joker_faces_drawn(page, "#your-hand") >= 1, "no joker in the person's hand"
    played_joker = False
    for _ in range(600):
        if page.locator("[data-testid=end-count]").is_visible():
            break
        joker = page.locator("#your-hand img.playable[data-card^=JK]")
        if not played_joker and joker.count() and not page.locator("#actions button.meld").count():
            code = joker.first.get_attribute("data-card")
            joker.first.click()
            settle(page)
            played_joker = True
            assert f"You: play {str(code)[:2]}" in page.locator("[data-testid=log]").inner_text()
            assert not page.locator(f"#your-hand img[data-card={code}]").count()
            continue
        click_something(page)
        assert "error" not in (page.locator("#message").get_attribute("class") or "")
    assert page.locator("[data-testid=end-count]").is_visible()
    assert played_joker, "the person's joker was never playable"
    game = game_of(page)
    assert any(str(a).startswith("play JK") for a in game.deals[0].actions)
    with page.expect_download() as download:
        page.locator("[data-testid=download]").click()
    saved = tmp_path / "joker.toml"
    download.value.save_as(saved)
    assert record.rebuild(record.loads(saved.read_text())) == game
