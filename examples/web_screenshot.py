"""Take docs/web.png, the picture of the table in docs/web.md and the README: the web app
(`bezique.web.app`) served on a free local port, game seed 10 of the `bezique` profile
against the search bot, played by clicking in headless Chromium (Playwright) for a few moves:
a declaration whenever one is offered, else the first playable card, else the first button.

Needs ``pip install 'bezique[browser]'`` and Debian's ``chromium``. Run from the repository
root: ``python examples/web_screenshot.py [OUT]`` (OUT defaults to docs/web.png; some ten
seconds, the search bot answering every move). ``python examples/web_screenshot.py`` prints::

    wrote docs/web.png
"""

from __future__ import annotations

import shutil
import socket
import sys
import threading
import time

import uvicorn
from playwright.sync_api import Page, sync_playwright

from bezique.web.app import create_app

SEED, CLICKS = 10, 21


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _settle(page: Page) -> None:
    page.wait_for_function("!document.body.classList.contains('busy')")


def _click(page: Page) -> None:
    for selector in ("#actions button.meld", "img.playable", "#actions button"):
        found = page.locator(selector)
        if found.count():
            found.first.click()
            _settle(page)
            return


def main(out: str = "docs/web.png") -> None:
    """Serve, play, and save the screenshot to ``out``."""
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(bot="search"), host="127.0.0.1",
                                           port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(f"http://127.0.0.1:{port}/?profile=bezique&seed={SEED}&delay=0")
        page.wait_for_selector("[data-testid^=card-hand-]")
        _settle(page)
        for _ in range(CLICKS):
            _click(page)
        page.locator("[data-testid=hint]").click()
        _settle(page)
        page.screenshot(path=out)
        browser.close()
    server.should_exit = True
    print(f"wrote {out}")


if __name__ == "__main__":
    main(*sys.argv[1:2])
