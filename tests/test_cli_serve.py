"""``bezique serve``: prints its address and serves the app; without the web extra it says in
one line what to install; ``import bezique`` and the other commands never import Starlette."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bezique import cli
from bezique.cli.serve import MISSING

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
