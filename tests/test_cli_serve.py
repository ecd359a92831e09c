"""``bezique serve``: prints its address and serves the app; without the web extra it says in
one line what to install; ``import bezique`` and the other commands never import Starlette."""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bezique import cli
from bezique.cli.serve import MISSING
from bezique.rules import list_profiles

ROOT = Path(__file__).resolve().parent.parent

NO_WEB = """
import sys
from importlib.abc import MetaPathFinder

class NoWeb(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("starlette", "uvicorn"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NoWeb())
from bezique.cli import main
status = main(sys.argv[1:])
assert "starlette" not in sys.modules
sys.exit(status)
"""


def run_without_web(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", NO_WEB, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_serve_without_the_web_extra_says_in_one_line_what_to_install() -> None:
    result = run_without_web("serve", "--port", "8765")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [MISSING]


def test_other_commands_never_import_the_web_framework() -> None:
    result = run_without_web("profiles", "list")
    assert result.returncode == 0, result.stderr


def test_serve_prints_its_address_and_serves_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    from bezique.web import app as web_app

    served: dict[str, Any] = {}
    monkeypatch.setattr(web_app, "serve", lambda app, **where: served.update(where, app=app))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["serve", "--port", "8123", "--profile", "rubicon", "--bot", "greedy"]) == 0
    assert "http://localhost:8123/" in out.getvalue()
    assert served["port"] == 8123 and served["host"] == "127.0.0.1"


def test_serve_refuses_a_bad_port_or_bot() -> None:
    assert cli.main(["serve", "--port", "0"]) == 2
    assert cli.main(["serve", "--bot", "deep-blue"]) == 2


def test_serve_on_a_busy_port_says_so_in_one_line_before_announcing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import socket

    pytest.importorskip("starlette")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--port", str(port)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [f"bezique serve: port {port} on 127.0.0.1 is not free (Address "
                                "already in use): choose another with --port"]


def _serve(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, dict[str, Any]]:
    """``bezique serve ARGS`` with the server not started: the status, what it printed and
    what it would have served (``app``, ``host``, ``port``)."""
    pytest.importorskip("starlette")
    from bezique.web import app as web_app

    served: dict[str, Any] = {}
    monkeypatch.setattr(web_app, "serve", lambda app, **where: served.update(where, app=app))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    return cli.main(["serve", "--port", "8124", *args]), out.getvalue(), served


def test_serve_takes_a_house_rule_file_and_the_page_offers_it_first(
    monkeypatch: pytest.MonkeyPatch, write_profile: Callable[[str, str], Path],
) -> None:
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    write_profile("base.toml", 'extends = "bezique"\ngame.target = 1500\n')
    house = write_profile("house.toml", 'extends = "base.toml"\nname = "club-night"\n')
    status, out, served = _serve(monkeypatch, "--profile", str(house), "--bot", "greedy")
    assert status == 0 and "http://localhost:8124/" in out
    client = TestClient(served["app"])
    info = client.get("/api/profiles").json()
    assert info["default"] == "club-night" == info["profiles"][0]["name"]
    assert [p["name"] for p in info["profiles"][1:]] == list_profiles()
    answer = client.post("/api/games", json={"profile": info["default"], "seed": 3})
    assert answer.status_code == 201, answer.text
    assert answer.json()["table"]["target"] == 1500


def test_serve_confines_a_house_file_s_extends_as_every_command_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    write_profile: Callable[[str, str], Path],
) -> None:
    write_profile("outside.toml", 'extends = "bezique"\n')
    house = write_profile("rules/house.toml", 'extends = "../outside.toml"\n')
    status, out, served = _serve(monkeypatch, "--profile", str(house))
    assert status == 1 and out == "" and not served
    err = capsys.readouterr().err
    assert err.startswith("bezique serve: ") and "outside the profile's folder" in err
    assert cli.main(["play", "--profile", str(house)]) == 1  # the same refusal
    assert capsys.readouterr().err.replace("play", "serve") == err


def test_every_profile_option_takes_a_name_or_a_file() -> None:
    """One profile argument in every command: no command restricts it to the built-in names."""
    parser = cli.build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    options = {name: next((a for a in sub._actions if a.dest in ("profile", "profiles")), None)
               for name, sub in commands.choices.items()}
    taking = {name: action for name, action in options.items() if action is not None}
    assert {"serve", "play", "demo", "simulate", "check", "rules", "compare"} <= set(taking)
    assert all(action.choices is None for action in taking.values()), sorted(
        name for name, action in taking.items() if action.choices is not None)
