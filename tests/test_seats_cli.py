"""Issue 34, stage J: the command line at three and four seats
(docs/bots.md#at-three-and-four-seats, docs/lab.md).

These tests reach the commands two ways: through the real command line with a house profile
file, and through the functions the commands call, with rules moved to more seats by
`bezique.check.playout.at_seats`.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from seated import PARTNERS, PARTNERSHIP_TOML

import bezique
from bezique import record
from bezique.bots import make_bot, play_deal, play_game
from bezique.check.playout import at_seats
from bezique.cli import main as cli_main
from bezique.cli.demo import narrate_game
from bezique.cli.play import HELP, Session, help_text, main, reader
from bezique.cli.simulate import format_summary
from bezique.lab import compare
from bezique.lab.simulation import (
    bots_by_seat,
    deal_winner,
    run_unit,
    seat_of,
    simulate,
    unit_seed,
)
from bezique.view.narrate import Narrator, name_players

BEZIQUE = bezique.load_profile("bezique")


@pytest.fixture
def partnership_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The partnership house profile as a file, the work folder ``tmp_path`` (where a record
    is saved)."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "partnership.toml"
    path.write_text(PARTNERSHIP_TOML, encoding="utf-8")
    return path


def scripted(out: io.StringIO, first: list[str], *, stop_at: str,
             answer: Callable[[str], str] | None = None) -> Callable[[str], str]:
    """A person at the keyboard: the ``first`` lines, then ``pass`` whenever the last table
    shown offers it and action 1 otherwise, until ``stop_at`` is written; then ``answer`` to
    each prompt (by default: end of input)."""
    lines = iter(first)

    def read(prompt: str) -> str:
        out.write(prompt)
        if stop_at in out.getvalue():
            if answer is None:
                raise EOFError
            return answer(prompt)
        line = next(lines, None)
        if line is not None:
            return line
        shown = out.getvalue().rsplit("Trumps ", 1)[-1]
        return "pass" if re.search(r"\d\) pass\b", shown) else "1"

    return read


def test_bezique_play_partnership_from_a_profile_file(partnership_file: Path) -> None:
    """The acceptance test of issue 34: ``bezique play --profile FILE`` of a partnership, by
    scripted input; the person in seat 1 (partner P3, Dee) passes the declaring turn by
    typing ``pass``, plays a whole deal, and saves a record that replays."""
    out = io.StringIO()
    read = scripted(out, ["help", "score"], stop_at="=== Deal 2",
                    answer=lambda prompt: "quit" if prompt == "> " else "y")
    argv = ["--profile", str(partnership_file), "--seed", "5", "--seat", "1",
            "--bots", "greedy,random,greedy"]
    assert main(argv, stdout=out, read=read) == 0
    text = out.getvalue()
    assert ("You sit in seat 1 with Dee (greedybot) as your partner, against Ada (greedybot) "
            "and Cy (randombot) (seed 5)") in text
    assert "  pass               hand your declaring turn to your partner" in text
    assert "every player draws" in text
    assert "deal Ada 0 - You 0 - Cy 0 - Dee 0; game Ada+Cy 0 - You+Dee 0" in text
    assert re.search(r"^  Dee's table: .*\(across, your partner; holds \d+ more\)$", text,
                     flags=re.MULTILINE)
    assert re.search(r"^  Cy's table: .*\(left; holds \d+ more\)$", text, flags=re.MULTILINE)
    assert "game totals: Ada+Cy 0, You+Dee 0 (target 1000)" in text
    assert re.search(r"You won the trick: declare, pass to Dee, or draw", text)
    assert "You pass the declaring turn to Dee" in text
    assert re.search(r"^  points by reason\s+Ada\s+You\s+Cy\s+Dee$", text, flags=re.MULTILINE)
    assert re.search(r"^  You\+Dee: 0 \+ \d+ \(You\) \+ \d+ \(Dee\) = \d+$", text,
                     flags=re.MULTILINE)
    saved = partnership_file.parent / "bezique-5.toml"
    assert saved.exists(), text
    game = record.rebuild(record.loads(saved.read_text(encoding="utf-8")))
    assert isinstance(game, bezique.Game)
    assert game.rules.players == 4 and game.rules.teams == PARTNERS
    assert [str(a) for a in game.deals[0].actions].count("pass") >= text.count(
        "You pass the declaring turn")


def test_a_whole_three_seat_game_is_played_to_its_result() -> None:
    """`Session` on rules moved to three seats: every player for himself, the game played to
    its end, the result naming the person in the second person."""
    out = io.StringIO()
    session = Session(at_seats(BEZIQUE, 3), seed=8, bot="greedy", seat=2, out=out,
                      read=reader(io.StringIO("1\n" * 2000), out))
    assert session.run() == 0
    text = out.getvalue()
    assert "You sit in seat 2, against Ada (greedybot) and Bob (greedybot) (seed 8)" in text
    assert session.game.is_over and session.game.result is not None
    last = [line for line in text.splitlines() if line.strip()][-3]
    assert re.fullmatch(r"(You win|Ada wins|Bob wins) \d+ to \d+ \(\w+\) and \d+ \(\w+\)",
                        last), last
    assert "pass" not in help_text(session.rules)


def test_the_person_may_sit_in_seat_1_at_two_seats() -> None:
    out = io.StringIO()
    session = Session(BEZIQUE, seed=4, bot="greedy", seat=1, out=out,
                      read=scripted(out, [], stop_at="> "))
    assert session.run() == 0
    text = out.getvalue()
    deal = session.game.deal
    assert deal is not None and deal.to_move == 1
    assert "You play against Bot (greedybot) (seed 4)" in text
    assert "deal Bot 0 - You 0; game Bot 0 - You 0" in text
    assert help_text(BEZIQUE) == HELP


@pytest.mark.parametrize(("argv", "message"), [
    (["--bots", "greedy,greedy"], "expected 3 bots, one a seat for the other seats (P1, P2, "
                                  "P3), got 2"),
    (["--seat", "4"], "seat: expected 0 to 3 at 4 seats, got 4"),
    (["--seat", "2", "--bots", "greedy"], "expected 3 bots"),
])
def test_bad_seats_and_bots_are_usage_errors(partnership_file: Path, argv: list[str],
                                             message: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["--profile", str(partnership_file), *argv], stdout=out,
                stdin=io.StringIO("")) == 2
    assert message in capsys.readouterr().err
    assert out.getvalue() == ""


def test_a_bad_bot_spec_is_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--bots", "greedy,nobody"])
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def test_demo_at_three_seats_narrates_three_card_tricks() -> None:
    out = io.StringIO()
    game = narrate_game(at_seats(BEZIQUE, 3), 1, out)
    text = out.getvalue()
    assert text.splitlines()[1] == "Ada, Bob and Cy are all GreedyBots."
    assert re.search(r"^For the first deal Ada draws \S+, Bob draws \S+, Cy draws \S+: "
                     r"(Ada|Bob|Cy) deals\.$", text, flags=re.MULTILINE)
    assert re.search(r"^ +1\. (Ada|Bob|Cy) \S+  (Ada|Bob|Cy) \S+  (Ada|Bob|Cy) \S+  -> ", text,
                     flags=re.MULTILINE)
    assert re.search(r"^  Cy   (\S+ ){7}\S+$", text, flags=re.MULTILINE)  # the third hand
    result = game.result
    assert result is not None
    assert text.rstrip().endswith(name_players(result.describe()))
    assert text.count("=== Deal ") == len(game.deals)


def test_demo_of_a_partnership_file_names_the_partners(partnership_file: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["demo", "--profile", str(partnership_file), "--seed", "2"]) == 0
    text = capsys.readouterr().out
    assert ("Ada, Bob, Cy and Dee are all GreedyBots, Ada and Cy against Bob and Dee."
            in text.splitlines()[1])
    assert re.search(r"^  points by reason\s+Ada\s+Bob\s+Cy\s+Dee$", text, flags=re.MULTILINE)
    assert re.search(r"^(Ada\+Cy|Bob\+Dee) win \d+ to \d+", text.splitlines()[-1])


def test_simulate_rotates_four_bots_and_reports_the_partnerships() -> None:
    """Bot k sits in seat (i + k) % 4 in unit i (so partners stay partners), each partner wins
    with his team, and the report shows the teams."""
    rules = at_seats(BEZIQUE, 4, teams=PARTNERS)
    summary = simulate(rules, units=8, bots=("greedy", "random", "planner", "random"), seed=3)
    t = summary.tally
    assert t.units == t.deals == 8 and len(t.wins) == len(t.points) == len(t.reasons) == 4
    assert t.wins[0] == t.wins[2] and t.wins[1] == t.wins[3]
    assert t.wins[0] + t.wins[1] + t.draws == 8
    for k in range(4):
        assert sum(points for _, points in t.reasons[k]) == t.points[k]
    assert summary.teams == PARTNERS
    data = summary.to_dict()
    teams = data["teams"]
    assert isinstance(teams, list) and [team["labels"] for team in teams] == ["A+C", "B+D"]
    assert teams[0]["wins"] == t.wins[0]
    text = format_summary(summary)
    assert text.startswith("simulate: bezique-4-seats, 8 deals, greedy (A) + planner (C) vs "
                           "random (B) + random (D), seed 3")
    assert "wins by team (deals; partners win together)" in text
    assert re.search(r"^  A\+C\s+\d+\s+[\d.]+%", text, flags=re.MULTILINE)
    assert re.search(r"mean points per deal by source\s+A greedy\s+B random\s+C planner\s+"
                     r"D random$", text, flags=re.MULTILINE)


def test_the_rotation_seats_each_bot_everywhere_and_matches_play_deal() -> None:
    rules = at_seats(BEZIQUE, 3)
    bots = ("greedy", "random", "planner")
    for index in range(6):
        seat_a = index % 3
        by_seat = bots_by_seat(bots, seat_a)
        assert [by_seat[seat_of(k, seat_a, 3)] for k in range(3)] == list(bots)
    one = run_unit(rules, bots, 5, 4, games=False)
    useed = unit_seed(5, 4)
    deal = play_deal(rules, [make_bot(b, unit_seed(useed, p))
                             for p, b in enumerate(bots_by_seat(bots, 1))], useed, dealer=1)
    assert one.points == tuple(deal.scores[seat_of(k, 1, 3)] for k in range(3))
    winner = deal_winner(deal)
    assert one.wins == tuple(int(winner == seat_of(k, 1, 3)) for k in range(3))


def test_simulate_and_compare_from_profile_files(partnership_file: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--profile", str(partnership_file), "--deals", "4", "--quiet"]
    assert cli_main([*argv, "--bots", "greedy,random"]) == 2
    assert "expected 4 bots as A,B,C,D" in capsys.readouterr().err
    assert cli_main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [b["bot"] for b in data["bots"]] == ["greedy"] * 4 and len(data["teams"]) == 2
    other = tmp_path / "other.toml"
    other.write_text(PARTNERSHIP_TOML.replace('name = "house-partnership"',
                                              'name = "to-1500"') + "[game]\ntarget = 1500\n")
    csv_file = tmp_path / "deals.csv"
    assert cli_main(["compare", str(partnership_file), str(other), "--games", "2", "--quiet",
                     "--bots", "greedy,random,greedy,random", "--csv", str(csv_file)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("compare: 2 games of house-partnership (base) and to-1500, greedy (A) "
                           "+ greedy (C) vs random (B) + random (D), seed 0")
    assert "  P0+P2 win the game" in text and "  P1+P3 win the deal" in text
    header = csv_file.read_text().splitlines()[0].split(",")
    assert header[6:10] == ["score_p0", "score_p1", "score_p2", "score_p3"]
    assert cli_main(["compare", "bezique", str(other), "--games", "1"]) == 2
    assert "different numbers of players (bezique 2, to-1500 4)" in capsys.readouterr().err


def test_compare_at_three_seats_counts_a_win_per_seat() -> None:
    rules = at_seats(BEZIQUE, 3)
    c = compare([rules, rules], games=3, bots=("greedy", "random", "greedy"))
    assert c.bots == ("greedy", "random", "greedy") and c.teams == ((0,), (1,), (2,))
    wins = [c.metric(f"game_win_p{p}").estimates[0].value for p in range(3)]
    draws = c.metric("game_draw").estimates[0].value
    assert sum(wins) + draws == pytest.approx(1.0)
    assert c.metric("deal_score").metric.scale == pytest.approx(1 / 3)
    assert c.to_dict()["teams"] == [[0], [1], [2]]
    with pytest.raises(ValueError, match="expected 3 bots"):
        compare([rules, rules], games=1, bots=("greedy", "greedy"))


def test_replay_check_and_rules_of_a_partnership_file(partnership_file: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``replay --perspective`` takes any seat of the record, ``check`` plays a whole game at
    four seats, ``rules`` prints the partnership's sheet."""
    rules = bezique.load_profile(partnership_file)
    game = play_game(rules, [make_bot("greedy", p) for p in range(4)], seed=3)
    path = partnership_file.parent / "game.toml"
    path.write_text(record.dumps(game), encoding="utf-8")
    assert cli_main(["replay", str(path), "--ply", "9", "--perspective", "3"]) == 0
    text = capsys.readouterr().out
    assert "seen by P3" in text and "across, partner P3" in text
    assert cli_main(["replay", str(path), "--ply", "9", "--perspective", "4"]) == 2
    assert "--perspective 4: expected a seat of the record's 4 seats (0 to 3)" in \
        capsys.readouterr().err
    assert cli_main(["check", str(partnership_file), "--deals", "2", "--seed", "1",
                     "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "every invariant holds" in text and "a whole game ended after" in text
    assert cli_main(["rules", str(partnership_file)]) == 0
    assert "Partnerships: P0 and P2 against P1 and P3" in capsys.readouterr().out


def test_replay_refuses_a_perspective_beyond_two_seats(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["replay", "tests/records/bezique.toml", "--ply", "3",
                     "--perspective", "2"]) == 2
    assert "expected a seat of the record's 2 seats (0 to 1)" in capsys.readouterr().err


def test_a_bots_pass_is_told_and_hands_the_person_the_declaring_turn() -> None:
    rules = at_seats(BEZIQUE, 4, teams=PARTNERS)
    rng = random.Random(2)
    deal = bezique.Deal.new(rules, seed=2)
    while "pass" not in [str(a) for a in deal.legal_actions()]:
        deal.apply(rng.choice([a for a in deal.legal_actions() if str(a) != "pass"]))
    winner = deal.to_move
    assert winner is not None
    partner = (winner + 2) % 4
    out = io.StringIO()
    session = Session(rules, seed=1, bot="greedy", seat=partner, out=out, read=input)
    narrator = Narrator(rules, names=session.names, you=partner)
    name = session.names[winner]
    assert narrator.lines(deal, deal.apply("pass")) == [
        f"       {name} passes the declaring turn to you"]
    session.show(deal)
    assert f"  {name} won the trick and passed to you: declare, or draw" in out.getvalue()
