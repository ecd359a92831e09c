"""bezique play: a scripted person plays a whole deal through the terminal session."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import bezique
from bezique import record
from bezique.bots import GreedyBot
from bezique.cli import main as cli_main
from bezique.cli.play import Session, main, painter, use_color
from bezique.search import DEFAULT_SIMULATIONS, SearchBot, solve


class Script:
    """An injected ``read``: fixed lines first, then action 1 until ``stop_at`` appears in the
    output, then end of input (as Ctrl-D would)."""

    def __init__(self, out: io.StringIO, lines: list[str], stop_at: str) -> None:
        self.out = out
        self.lines: Iterator[str] = iter(lines)
        self.stop_at = stop_at
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.out.write(prompt)
        if self.stop_at in self.out.getvalue():
            raise EOFError
        return next(self.lines, "1")


BAD_INPUTS = ["", "xyz", "play 7Z", "99", "0", "meld bezique QS JD", "help", "hint", "score"]


def _session(lines: list[str], stop_at: str = "=== Deal 2") -> tuple[str, Script]:
    out = io.StringIO()
    script = Script(out, lines, stop_at)
    assert main(["--seed", "4", "--bot", "greedy"], stdout=out, read=script) == 0
    return out.getvalue(), script


def test_scripted_session_plays_a_whole_deal_with_bad_inputs_on_the_way() -> None:
    text, _ = _session(BAD_INPUTS)
    assert "=== Deal 1" in text and "=== Deal 2" in text
    assert "points by reason" in text and "last trick" in text
    assert re.search(r"^  You: 0 \+ \d+ = \d+$", text, flags=re.MULTILINE)  # the end count
    assert not re.search(r"^  [AB]: ", text, flags=re.MULTILINE)
    assert "Leaving the game." in text and "Not saved." in text


def test_unreadable_notation_is_explained_and_asked_again() -> None:
    text, _ = _session(BAD_INPUTS)
    assert "not accepted: cannot read action 'xyz'" in text
    assert "unknown suit 'Z'" in text


def test_a_number_out_of_range_is_explained() -> None:
    text, _ = _session(BAD_INPUTS)
    assert "no action 99: choose 1 to" in text
    assert "no action 0: choose 1 to" in text


def test_an_illegal_action_is_refused_naming_the_rule() -> None:
    text, _ = _session(BAD_INPUTS)
    assert "only the winner of a stock trick may declare" in text


def test_help_hint_and_score_answer_without_playing() -> None:
    text, _ = _session(BAD_INPUTS)
    assert "hint               the search's choice" in text
    assert re.search(r"hint: play \S+ \(expected [+-]\d+ points over the deal; estimated from "
                     r"\d+ playouts\)$", text, flags=re.MULTILINE)
    assert "game totals: You 0, Bot 0 (target 1000)" in text
    first_trick = text.index("    1. ")
    assert text.index("hint: play") < first_trick


def test_legal_actions_are_numbered_and_the_hand_is_shown() -> None:
    text, _ = _session([], stop_at="> ")
    assert "Your hand:" in text and "Bot's table:" in text and "1) play " in text


def test_end_of_input_at_the_save_prompt_leaves_without_saving(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    monkeypatch.chdir(tmp_path)
    _, script = _session([], stop_at="2. ")
    assert script.prompts[-1].startswith("Save the game record")
    assert not list(tmp_path.iterdir())


def test_saving_at_the_end_writes_a_record_that_replays(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    lines = ["1", "1", "1", "quit", "y"]
    answers = iter(lines)

    def read(prompt: str) -> str:
        out.write(prompt)
        return next(answers)

    assert main(["--seed", "4", "--bot", "greedy"], stdout=out, read=read) == 0
    saved = tmp_path / "bezique-4.toml"
    assert saved.exists(), out.getvalue()
    game = record.rebuild(record.loads(saved.read_text(encoding="utf-8")))
    assert game.seed == 4


def test_ctrl_c_leaves_cleanly() -> None:
    out = io.StringIO()

    def read(prompt: str) -> str:
        raise KeyboardInterrupt

    assert main(["--seed", "4"], stdout=out, read=read) == 0
    assert "Leaving the game." in out.getvalue()


def test_stdin_stream_drives_the_session() -> None:
    out = io.StringIO()
    assert main(["--seed", "4", "--bot", "random"], stdin=io.StringIO("score\n1\n"),
                stdout=out) == 0
    assert "against randombot" in out.getvalue() and "Leaving the game." in out.getvalue()


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_color(Tty()) and not use_color(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color(Tty())
    hearts_queen = 1 * 64 + 3 * 8
    assert "\x1b[31m" in painter(True)(hearts_queen)
    assert painter(False)(hearts_queen) == "Q♥"


def test_a_plain_session_has_no_escape_codes() -> None:
    text, _ = _session(BAD_INPUTS)
    assert "\x1b[" not in text


def test_the_default_opponent_is_the_search_bot() -> None:
    out = io.StringIO()
    assert main(["--seed", "4"], stdin=io.StringIO("quit\n"), stdout=out) == 0
    assert "You play against searchbot (seed 4)" in out.getvalue()
    session = Session(bezique.load_profile("bezique"), seed=4, bot="search", read=input,
                      out=io.StringIO())
    assert isinstance(session.bot, SearchBot) and session.bot.simulations == DEFAULT_SIMULATIONS


def test_a_search_bot_with_a_budget_plays_and_a_bad_bot_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    session = Session(bezique.load_profile("bezique"), seed=4, bot="search:7", read=input,
                      out=io.StringIO())
    assert isinstance(session.bot, SearchBot) and session.bot.simulations == 7
    assert cli_main(["play", "--bot", "clever"]) == 2
    assert "argument --bot: unknown bot 'clever'" in capsys.readouterr().err


def test_a_hint_in_the_end_phase_is_the_solver_s_exact_choice() -> None:
    session = Session(bezique.load_profile("bezique"), seed=4, bot="greedy", read=input,
                      out=io.StringIO())
    deal = session.game.new_deal()
    greedy = GreedyBot()
    while not (deal.in_end_phase and deal.to_move == 0 and len(deal.legal_actions()) > 1):
        player = deal.to_move
        assert player is not None
        session.game.apply(greedy.choose(deal.observation(player)))
    hint = session._hint(deal)
    solution = solve(deal)
    assert hint == (f"hint: {session._label(solution.line[0])} (expected {solution.value:+d} "
                    "points over the deal; exact)")


@pytest.mark.parametrize(("profile", "seed"), [("joker", 3), ("joker-four", 2)])
def test_bezique_play_profile_joker_scripted(profile: str, seed: int, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35's acceptance: a scripted ``bezique play --profile joker`` (and at four seats):
    nine cards a hand, the joker written ``JK`` and explained where it first shows, played by
    typing ``play JK``; help, hint and score answer; the whole deal is played to its end count
    and its record, saved, replays."""
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    script = Script(out, ["play JK", "help", "hint", "score"], stop_at="=== Deal 2")
    answers = {"> ": "quit"}

    def read(prompt: str) -> str:
        if script.stop_at in out.getvalue():
            out.write(prompt)
            return answers.get(prompt, "y")
        return script(prompt)

    assert main(["--profile", profile, "--seed", str(seed), "--bot", "greedy"], stdout=out,
                read=read) == 0
    text = out.getvalue()
    hand = next(line for line in text.splitlines() if line.startswith("  Your hand:"))
    assert len(hand.split(":", 1)[1].split()) == 9 and hand.endswith(" JK")
    assert "  (joker: JK, a card of no suit that scores no trick points; it completes " in text
    assert re.search(r" 1\. .*You JK  ", text)  # the typed line is not echoed
    assert "hint: " in text and "game totals: " in text
    assert "points by reason" in text and "=== Deal 2" in text
    saved = tmp_path / f"bezique-{seed}.toml"
    assert saved.exists(), text[-2000:]
    game = record.rebuild(record.loads(saved.read_text(encoding="utf-8")))
    assert isinstance(game, bezique.Game) and game.rules.name == profile
    assert "play JK" in [str(a) for a in game.deals[0].actions]
