"""The command line, polished (issue 11 §5): counts validated, a closed pipe ends quietly, clear
one-line errors, notation accepted by ``Deal.problem``, headers that name the game, and ``play``
that offers to save at the end without overwriting anything silently."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import bezique
from bezique import record
from bezique.cli import main
from bezique.cli.play import main as play_main

ROOT = Path(__file__).resolve().parent.parent


# --- counts ----------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["simulate", "--deals", "-3"],
    ["simulate", "--deals", "0"],
    ["simulate", "--games", "0"],
    ["simulate", "--workers", "0"],
    ["simulate", "--deals", "many"],
    ["check", "bezique", "--deals", "0"],
    ["check", "bezique", "--deal-time", "-1"],
    ["replay", "tests/records/bezique.toml", "--ply", "-1"],
])
def test_a_count_that_is_not_positive_is_a_usage_error_naming_the_option(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    option = next(a for a in argv if a.startswith("--"))
    assert f"argument {option}: expected" in err


# --- a closed pipe ---------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["replay", "tests/records/eight-pack.toml"],
    ["demo", "--full"],
    ["profiles", "show", "rubicon"],
])
def test_output_into_a_closed_pipe_ends_quietly_with_status_0(argv: list[str]) -> None:
    """``bezique replay game.toml | head``: the reader left; no error message, status 0."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "bezique", *argv], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before the command writes anything
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0, err
    assert err == ""


# --- scenario --------------------------------------------------------------------------------


def test_scenario_on_a_missing_path_says_so_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["scenario", "nodir"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "bezique scenario: nodir: no such file or folder\n"


def test_scenario_on_a_folder_without_scenarios_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scenario", str(tmp_path)]) == 1
    assert capsys.readouterr().err == (
        f"bezique scenario: {tmp_path}: no scenario files (*.toml) in this folder\n")


def test_scenario_file_that_cannot_be_loaded_is_one_fail_line_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("x = [\n", encoding="utf-8")
    assert main(["scenario", str(broken)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"FAIL {broken}: cannot be loaded: not valid TOML")
    assert lines[1:] == ["1 scenario(s): 0 passed, 1 failed"]


# --- Deal.problem ----------------------------------------------------------------------------


def test_problem_accepts_a_legal_action_given_as_notation() -> None:
    deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7, dealer=0)
    for action in deal.legal_actions():
        assert deal.problem(str(action)) is None
        assert deal.problem(action) is None


def test_problem_of_notation_names_the_rule_or_the_reading_error() -> None:
    deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7, dealer=0)
    before = deal.clone()
    drawn = deal.problem("draw")
    assert drawn is not None and "draw" in drawn
    unreadable = deal.problem("play XX")
    assert unreadable is not None and "XX" in unreadable
    assert deal.legal_actions() == before.legal_actions() and deal.events == before.events


# --- play ------------------------------------------------------------------------------------


class Answers:
    """An injected ``read``: action 1 at every turn; ``answers`` for yes/no questions."""

    def __init__(self, out: io.StringIO, answers: dict[str, str]) -> None:
        self.out = out
        self.answers = answers
        self.questions: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.out.write(prompt)
        if prompt == "> ":
            return "1"
        self.questions.append(prompt)
        for start, answer in self.answers.items():
            if prompt.startswith(start):
                return answer
        raise EOFError


def _scripted(lines: list[str]) -> tuple[io.StringIO, Callable[[str], str]]:
    """An output stream and a ``read`` that echoes each prompt to it and answers ``lines`` in
    turn."""
    out = io.StringIO()
    answers = iter(lines)

    def read(prompt: str) -> str:
        out.write(prompt)
        return next(answers)

    return out, read


def _play(argv: list[str], answers: dict[str, str]) -> tuple[str, Answers]:
    out = io.StringIO()
    read = Answers(out, answers)
    assert play_main(argv, stdout=out, read=read) == 0
    return out.getvalue(), read


def test_play_offers_to_save_when_the_game_ends_normally(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    text, read = _play(["--seed", "4", "--profile", "five-hundred", "--bot", "greedy"],
                       {"Save the game": "y"})
    assert read.questions == ["Save the game record to bezique-4.toml? [y/N] "]
    game = record.rebuild(record.loads((tmp_path / "bezique-4.toml").read_text("utf-8")))
    assert game.is_over and game.seed == 4
    assert "saved the record to bezique-4.toml" in text


def test_play_never_overwrites_a_record_silently(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bezique-4.toml").write_text("mine", encoding="utf-8")
    out, read = _scripted(["1", "quit", "y"])

    assert play_main(["--seed", "4"], stdout=out, read=read) == 0
    assert "Save the game record to bezique-4-2.toml?" in out.getvalue()
    assert (tmp_path / "bezique-4.toml").read_text(encoding="utf-8") == "mine"
    assert (tmp_path / "bezique-4-2.toml").exists()


def test_play_save_command_asks_before_replacing_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text("mine", encoding="utf-8")
    out, read = _scripted(["save mine.toml", "n", "save mine.toml", "y", "quit", "n"])

    assert play_main(["--seed", "4"], stdout=out, read=read) == 0
    text = out.getvalue()
    assert text.count("mine.toml exists; replace it? [y/N] ") == 2
    assert "Not saved." in text
    saved = (tmp_path / "mine.toml").read_text(encoding="utf-8")
    assert record.rebuild(record.loads(saved)).seed == 4


@pytest.mark.parametrize("profile", ["pinochle", "bezique"])
def test_play_header_names_the_game_from_the_profile(profile: str) -> None:
    rules = bezique.load_profile(profile)
    text, _ = _play(["--seed", "4", "--profile", profile, "--bot", "greedy"], {})
    first = text.splitlines()[0]
    name = rules.description.split(",")[0]
    assert first.startswith(f"{name} (profile {profile}): two players, ")
    assert first.endswith(f"game to {rules.game.target}") and "ruling" not in first
    assert not first.startswith("Bezique: ")


def test_play_stock_in_the_trick_line_agrees_with_the_table() -> None:
    """A trick you win: its line and the table shown for your declaration count the same
    stock (the draw comes after). It used to count the draw in advance: 46 against 48."""
    out = io.StringIO()
    answers = iter(["1"] * 40)

    def read(prompt: str) -> str:
        out.write(prompt)
        line = next(answers, None)
        if line is None:
            raise EOFError
        return line

    play_main(["--seed", "4", "--bot", "greedy"], stdout=out, read=read)
    lines = out.getvalue().splitlines()
    checked = 0
    for i, line in enumerate(lines):
        trick = re.search(r"-> You  \[stock (\d+)\]$", line)
        status = next((s for s in lines[i + 1:] if "; stock " in s), None)
        if trick is None or status is None:
            continue
        assert f"; stock {trick.group(1)};" in status, (line, status)
        checked += 1
    assert checked


def _slug(heading: str) -> str:
    """A Markdown heading's anchor as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_command_line_page_lists_every_command_and_its_links_resolve() -> None:
    """docs/cli.md (issue 36): one row a command of the parser, each pointing at a page and a
    heading that exist."""
    from bezique.cli.base import COMMANDS
    from bezique.cli.main import build_parser

    build_parser()  # every command registered
    docs = Path(__file__).resolve().parent.parent / "docs"
    text = (docs / "cli.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `bezique ([a-z]+)` \|", text, re.MULTILINE)
    assert sorted(rows) == sorted(COMMANDS)
    for page, anchor in re.findall(r"\]\(([a-z]+\.md)(?:#([a-z0-9-]+))?\)", text):
        target = (docs / page).read_text(encoding="utf-8")
        if anchor:
            slugs = {_slug(h) for h in re.findall(r"^#+ (.+)$", target, re.MULTILINE)}
            assert anchor in slugs, f"{page}#{anchor}"
