"""The web app: the page (``/``) and its JSON API (``/api/…``, docs/web.md), on Starlette.

`create_app` builds the application around a `bezique.web.tables.Tables` store; `serve` runs
it with uvicorn. Every request body is JSON of at most `MAX_BODY` bytes, an object whose keys
are all known and of the right type; every refusal is ``{"error": {"kind", "message"}}`` with
status 400 (a malformed request), 404 (no such game or page), 413 (too large) or 422 (an
illegal action, a bad profile or record, or an action out of turn), and changes nothing.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/games", json={"profile": "pinochle", "bot": "greedy"}).status_code
201
>>> client.post("/api/games", json={"profile": "whist"}).json()["error"]["kind"]
'bad_request'
"""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path
from typing import Any

from bezique.errors import extra_missing

try:
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.exceptions import HTTPException
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles
except ImportError as error:  # pragma: no cover - the extra is missing
    raise extra_missing("bezique.web.app", "web", error) from error

from bezique.bots import TABLE_BOTS
from bezique.cards import parse_card
from bezique.errors import NotationError
from bezique.rules import list_profiles, load_profile
from bezique.view.svg import card as card_svg
from bezique.web.tables import Tables, WebError

__all__ = ["MAX_BODY", "create_app", "serve"]

MAX_BODY = 2_000_000
"""The largest request body read (bytes)."""

_FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "new": {"profile": str, "profile_toml": str, "seed": int, "seat": int, "bot": str,
            "bots": list},
    "act": {"action": str, "id": int},
    "empty": {},
    "record": {"record": str, "seat": int, "bot": str, "bots": list},
}
"""The keys each kind of request body may have, and their JSON types."""


async def _body(request: Request, kind: str) -> dict[str, Any]:
    """The request's JSON object, checked against `_FIELDS` [kind]; an empty body is ``{}``."""
    declared = request.headers.get("content-length", "0")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise WebError("too_large", f"the request body is larger than {MAX_BODY:,} bytes")
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise WebError("too_large", f"the request body is larger than {MAX_BODY:,} bytes")
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise WebError("bad_request", "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise WebError("bad_request", f"expected a JSON object, got {type(data).__name__}")
    allowed = _FIELDS[kind]
    for key, value in data.items():
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise WebError("bad_request", f"unknown key {key[:40]!r} (allowed: {known})")
        want = allowed[key]
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, want):
            name = want.__name__ if isinstance(want, type) else "value"
            raise WebError("bad_request", f"{key}: expected {_JSON_NAMES.get(name, name)}, "
                                          f"got {type(value).__name__}")
    return {k: v for k, v in data.items() if v is not None}


_JSON_NAMES = {"str": "a string", "int": "an integer", "list": "a list"}


def _json(content: dict[str, Any], status: int = 200) -> JSONResponse:
    return JSONResponse(content, status_code=status)


def create_app(tables: Tables | None = None, *, profile: str | Path = "bezique",
               bot: str = "search") -> Starlette:
    """The application: the page and the JSON API over ``tables`` (a new `Tables` by
    default); ``profile`` and ``bot`` are what the page offers first. ``profile`` is a built-in
    name or a profile file, loaded as `bezique.load_profile` loads it (its ``extends`` a
    built-in name or a file under its own folder); a file is offered under its profile's
    name (`Tables.offer`), first in the list. A bad profile raises `bezique.ProfileError`
    now, not in the browser."""
    store = Tables() if tables is None else tables
    rules = load_profile(profile)
    builtin = isinstance(profile, str) and profile in list_profiles()
    default = str(profile) if builtin else store.offer(rules)

    async def profiles(request: Request) -> Response:
        named = [*store.offered.items(), *((n, load_profile(n)) for n in list_profiles())]
        items = [{"name": n, "description": r.description, "players": r.players}
                 for n, r in named]
        return _json({"profiles": items, "default": default, "bots": list(TABLE_BOTS),
                      "default_bot": bot})

    async def new_game(request: Request) -> Response:
        body = await _body(request, "new")
        body.setdefault("bot", bot)
        return _json(await run_in_threadpool(lambda: store.new_game(**body)), 201)

    async def get_game(request: Request) -> Response:
        return _json(store.view(request.path_params["id"]))

    async def act(request: Request) -> Response:
        body = await _body(request, "act")
        game_id = request.path_params["id"]
        return _json(await run_in_threadpool(
            lambda: store.act(game_id, action=body.get("action"), action_id=body.get("id"))))

    async def undo(request: Request) -> Response:
        await _body(request, "empty")
        return _json(store.undo(request.path_params["id"]))

    async def hint(request: Request) -> Response:
        game_id = request.path_params["id"]
        return _json(await run_in_threadpool(lambda: store.hint(game_id)))

    async def next_deal(request: Request) -> Response:
        await _body(request, "empty")
        game_id = request.path_params["id"]
        return _json(await run_in_threadpool(lambda: store.next_deal(game_id)))

    async def get_record(request: Request) -> Response:
        game_id = request.path_params["id"]
        text = store.record(game_id)
        profile_name = re.sub(r"[^A-Za-z0-9_-]", "", store.get(game_id).game.rules.name)[:40]
        name = f"bezique-{profile_name or 'game'}.toml"
        return Response(text, media_type="application/toml; charset=utf-8",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    async def load_record(request: Request) -> Response:
        body = await _body(request, "record")
        if "record" not in body:
            raise WebError("bad_request", "record: the record text is missing")
        body.setdefault("bot", bot)
        text = body.pop("record")
        return _json(await run_in_threadpool(lambda: store.load_record(text, **body)), 201)

    async def card(request: Request) -> Response:
        code = request.path_params["code"]
        if code == "back":
            picture = card_svg(0, face_down=True, size=None)
        else:
            try:
                picture = card_svg(parse_card(code[:8]), size=None)
            except NotationError:
                raise WebError("not_found", f"no card {code[:8]!r}") from None
        return Response(str(picture), media_type="image/svg+xml",
                        headers={"cache-control": "max-age=86400"})

    async def index(request: Request) -> Response:
        page = files("bezique.web").joinpath("static/index.html").read_text(encoding="utf-8")
        return Response(page, media_type="text/html; charset=utf-8")

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, WebError)
        return _json(exc.json(), exc.status)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        kind = "not_found" if exc.status_code == 404 else "bad_request"
        return _json({"error": {"kind": kind, "message": str(exc.detail)}}, exc.status_code)

    game = "/api/games/{id}"
    routes = [
        Route("/", index),
        Route("/api/profiles", profiles),
        Route("/api/games", new_game, methods=["POST"]),
        Route(game, get_game),
        Route(game + "/actions", act, methods=["POST"]),
        Route(game + "/undo", undo, methods=["POST"]),
        Route(game + "/hint", hint),
        Route(game + "/next-deal", next_deal, methods=["POST"]),
        Route(game + "/record", get_record),
        Route("/api/records", load_record, methods=["POST"]),
        Route("/api/cards/{code}.svg", card),
        Mount("/static", StaticFiles(packages=[("bezique.web", "static")]), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers={WebError: refused,
                                                        HTTPException: http_error})


def serve(app: Starlette, *, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run ``app`` with uvicorn until interrupted."""
    import uvicorn

    uvicorn.run(app, host=host, port=port, log_level="warning")
