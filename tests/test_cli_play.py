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
from bezique.rules import load_profile
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
    assert "against Bot (randombot)" in out.getvalue() and "Leaving the game." in out.getvalue()


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
    assert "You play against Bot (searchbot) (seed 4)" in out.getvalue()
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


def test_the_session_speaks_with_the_table_s_names_throughout() -> None:
    """The table says You and Bot: so do the prompts, the log and the engine's refusals (no
    P0 or P1, no "the bot"), the person in the second person."""
    text, _ = _session([*BAD_INPUTS, "pass", "play KH"])
    assert "not accepted: play KH: no K♥ in your hand" in text
    assert "not accepted: pass: You have no partner to pass to" in text
    assert "You play against Bot (greedybot) (seed 4)" in text
    assert re.search(r"^  Trick: Bot led \S+$", text, flags=re.MULTILINE)
    assert re.search(r"=== Deal 1: (you|Bot) deal", text)
    assert not re.search(r"\bP[0-3]\b|\bthe bot\b|\bbot holds\b", text), re.search(
        r".*(\bP[0-3]\b|\bthe bot\b|\bbot holds\b).*", text)


def test_unreadable_input_is_answered_with_the_profile_s_own_forms() -> None:
    text, _ = _session(BAD_INPUTS)
    line = next(x for x in text.splitlines() if "cannot read action 'xyz'" in x)
    assert line.endswith("expected 'play CARD', 'meld [NAME] CARD...', 'announce [NAME] "
                         "CARD...', 'dix exchange', 'dix show' or 'draw'"), line
    assert not any(verb in line for verb in ("pass", "call out", "carte blanche", "done"))


def _help(profile: str) -> str:
    """What ``help`` answers at the first prompt of a game of ``profile`` (scripted stdin)."""
    out = io.StringIO()
    assert main(["--profile", profile, "--seed", "4", "--bot", "random"],
                stdin=io.StringIO("help\n"), stdout=out) == 0
    text = out.getvalue()
    return text[text.index("Type the number of an action"):text.index("Leaving the game.")]


@pytest.mark.parametrize(("profile", "offered", "not_offered"), [
    ("bezique", ["meld bezique QS JD", "dix exchange", "dix show", "announce"],
     ["  pass", "call out", "carte blanche"]),
    ("pinochle", ["meld pinochle QS JD", "double_pinochle", "dix exchange"],
     ["meld bezique", "four_aces", "  pass"]),
    ("chinese", ["carte blanche", "trump_aces"], ["dix exchange", "dix show", "meld bezique"]),
    ("five-hundred", ["call out", "claim that your side has reached 500"], ["announce"]),
    ("joker-partnership", ["every player draws"], ["  pass", "dix exchange", "dix show"]),
    ("partnership", ["  pass               hand your declaring turn to your partner"],
     ["call out"]),
])
def test_help_offers_only_the_profile_s_own_actions(profile: str, offered: list[str],
                                                    not_offered: list[str]) -> None:
    text = _help(profile)
    melds = load_profile(profile).melds
    listed = re.search(r"the melds of this game: ([\w,\s]+?)\n  [a-z]", text, flags=re.DOTALL)
    assert listed and {m.strip() for m in listed.group(1).split(",")} == {
        name for name, points in melds.values.items()
        if points and melds.table[name].suits != "none"}  # carte blanche: a verb of its own
    assert all(word in text for word in offered), [w for w in offered if w not in text]
    assert not any(word in text for word in not_offered), [w for w in not_offered if w in text]


def test_after_save_leaving_asks_nothing_more(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``save`` answered the question already: leaving right after says where the record is,
    and asks nothing."""
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    script = Script(out, ["save", "quit"], stop_at="never")
    assert main(["--seed", "4", "--bot", "greedy"], stdout=out, read=script) == 0
    assert not any(p.startswith("Save the game record") for p in script.prompts)
    assert "The game record is saved in bezique-4.toml." in out.getvalue()
    assert [p.name for p in tmp_path.iterdir()] == ["bezique-4.toml"]


def test_leaving_after_more_moves_asks_once_for_the_file_saved_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    script = Script(out, ["save", "1", "quit", "y"], stop_at="never")
    assert main(["--seed", "4", "--bot", "greedy"], stdout=out, read=script) == 0
    questions = [p for p in script.prompts if "?" in p]
    assert questions == ["Save the game record to bezique-4.toml? [y/N] "]
    assert [p.name for p in tmp_path.iterdir()] == ["bezique-4.toml"]
    game = record.rebuild(record.loads((tmp_path / "bezique-4.toml").read_text("utf-8")))
    assert game.deal is not None and len(game.deal.actions) >= 2  # the move after the save
