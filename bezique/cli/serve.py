"""``bezique serve``: play in the browser against a bot (docs/web.md).

Starts the web app (`bezique.web.app`) on a local address, prints it, and with ``--open``
opens it in a browser. The ``web`` extra is needed (``pip install 'bezique[web]'``); without
it the command says so in one line and exits with 2. A port already in use is refused before
anything is announced: one line naming it, exit status 1. ``--profile`` takes a built-in name
or a house-rule file, as every command does (`bezique.cli.base.add_profile_option`); the page
offers a file's profile first, under its own name.
"""

from __future__ import annotations

import argparse
import socket
import sys
import webbrowser
from typing import TextIO

from bezique.cli.base import Command, add_profile_option, positive_int, register
from bezique.cli.play import bot_spec_type
from bezique.rules import load_profile

MISSING = ("bezique serve: bezique.web.app needs the web extra (starlette is not installed): "
           "pip install 'bezique[web]'")
"""What ``bezique serve`` says when Starlette is missing (`bezique.errors.extra_missing`)."""


def port_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``:``port`` (None when it can): tried by
    binding a socket there, as the server will, before anything is announced."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        return f"cannot listen on {host}: {exc.strerror or exc}"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
        try:
            probe.bind(address)
        except OSError as exc:
            return (f"port {port} on {host} is not free ({exc.strerror or exc}): choose "
                    "another with --port")
    return None


def _arguments(parser: argparse.ArgumentParser) -> None:
    add_profile_option(parser, purpose="the game the page offers first")
    parser.add_argument("--bot", default="search", type=bot_spec_type, metavar="BOT",
                        help="the opponent the page offers first (default search)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on "
                        "(default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=positive_int, default=8000, help="default 8000")
    parser.add_argument("--open", action="store_true", help="open the page in a browser")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Serve until interrupted (Ctrl-C)."""
    try:
        from bezique.web.app import create_app, serve
    except ImportError as exc:  # `ExtraMissing`, naming the extra
        print(f"bezique serve: {exc}", file=sys.stderr)
        return 2
    load_profile(args.profile)  # a bad profile is refused (exit 1) before the port is tried
    problem = port_problem(args.host, args.port)
    if problem:
        print(f"bezique serve: {problem}", file=sys.stderr)
        return 1
    app = create_app(profile=args.profile, bot=args.bot)
    host = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    address = f"http://{host}:{args.port}/"
    print(f"bezique serve: playing at {address} (Ctrl-C to stop)", file=out, flush=True)
    if args.open:
        webbrowser.open(address)
    serve(app, host=args.host, port=args.port)  # uvicorn stops cleanly on Ctrl-C
    return 0


register(Command("serve", "play in the browser against a bot (extra: web)", _arguments, run))
