"""``bezique play``: a person plays a whole game against a bot in the terminal.

Your hand and both tables are shown with suit symbols (coloured only on a terminal, and never
with ``NO_COLOR`` set); your legal actions are numbered. Type a number or the notation
(``play QS``, ``meld bezique QS JD``, ``draw`` …), or ``help``, ``hint`` (the search's choice and
its expected final deal score difference), ``score``, ``save [FILE]``, ``quit``. The bot is the
search (`bezique.search.SearchBot`) unless ``--bot`` names another (``planner``, ``greedy``,
``random``, or ``search:N`` for N playouts per decision). Refused input is explained and asked
again. When the game ends, and when you leave (``quit``, end of input or Ctrl-C), you are
offered to save the game record (``bezique replay FILE`` replays it) under the first free name
``bezique-SEED.toml``, ``bezique-SEED-2.toml`` …; saving over an existing file asks first.

The session reads through an injectable ``read(prompt)`` function, so it can be scripted:

>>> import io
>>> out = io.StringIO()
>>> main(["--seed", "4"], stdin=io.StringIO("hint\\n1\\n"), stdout=out)
0
>>> "hint: play" in out.getvalue(), "Leaving the game" in out.getvalue()
(True, True)
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from bezique import record
from bezique.actions import Action
from bezique.bots import BOTS, check_bot_spec, make_bot
from bezique.cards import COPY_LETTERS, SUIT_NAMES, SUIT_SYMBOLS, parse_card_ref, suit
from bezique.cli.base import Command, game_title, register
from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError
from bezique.game import Game
from bezique.rules import load_profile
from bezique.rules.model import Rules
from bezique.search import advise
from bezique.view.narrate import (
    Glossary,
    Narrator,
    Paint,
    breakdown,
    cards_text,
    name_players,
    plain,
    settlement_lines,
)

__all__ = ["HELP", "NAMES", "Read", "Session", "bot_spec_type", "main", "painter", "reader",
           "run", "use_color"]

NAMES = ("You", "Bot")
"""Seat names: the person is player 0, the bot player 1."""

Read = Callable[[str], str]
"""Shows a prompt and returns the next line; raises EOFError or KeyboardInterrupt."""

HELP = """\
Type the number of an action, or its notation:
  play QS            play a card (10 is 10 or T; suits S H D C or ♠ ♥ ♦ ♣)
  meld bezique QS JD declare a meld after winning a stock trick (the name may be omitted)
  dix exchange       exchange the trump seven for the turn-up (dix show: just score it)
  draw               end your declaring turn; both players draw
Commands:
  hint               the search's choice, and how far ahead it expects you to end
                     the deal (your final deal score minus the bot's)
  score              this deal's points by reason, and the game totals
  save [FILE]        save the game record so far (bezique replay FILE)
  help               this text
  quit               leave (Ctrl-C or end of input also leave)"""
"""The answer to ``help``."""


def painter(color: bool) -> Paint:
    """How cards are written: suit symbols, hearts and diamonds red when ``color``."""
    if not color:
        return plain

    def paint(card: int) -> str:
        text = plain(card)
        return f"\x1b[31m{text}\x1b[0m" if suit(card) in (1, 2) else text

    return paint


def use_color(stream: TextIO) -> bool:
    """Colour only on a terminal, and never with ``NO_COLOR`` set (no-color.org)."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and "NO_COLOR" not in os.environ


class Session:
    """One game between a person (player 0) and a bot (player 1); ``seed`` None: a random game."""

    def __init__(self, rules: Rules, *, seed: int | None, bot: str, read: Read, out: TextIO,
                 color: bool = False) -> None:
        self.rules = rules
        self.game = Game(rules, seed=seed)
        self.bot = make_bot(bot, self.game.seed)
        self.bot_name = bot.partition(":")[0]
        self.hint_rng = random.Random(self.game.seed)
        self.read = read
        self.out = out
        self.paint = painter(color)
        self.narrator = Narrator(rules, paint=self.paint, names=NAMES, you=0)
        self.words = Glossary(rules)

    def say(self, *lines: str) -> None:
        """Write lines to the output (with a short explanation after the first ``dix`` and the
        first ``brisques``)."""
        for line in self.words.annotate(lines):
            print(line, file=self.out)

    def run(self) -> int:
        """Play until the game is over or the person leaves; the exit code."""
        game = self.game
        print(game_title(self.rules), file=self.out)  # the title may name the dix already
        self.say(f"You play against {self.bot_name}bot (seed {game.seed}). "
                 "Type 'help' for help.")
        try:
            while not game.is_over:
                self._play_deal(game.new_deal(), len(game.deals) + 1)
        except (EOFError, KeyboardInterrupt):
            self.say("", "Leaving the game.")
            self._offer_save()
            return 0
        result = game.result
        assert result is not None
        self.say("", _second_person(name_players(result.describe(), NAMES)))
        self._offer_save()
        return 0

    def _play_deal(self, deal: Deal, number: int) -> None:
        self.narrator.start()
        head = f"=== Deal {number}: {'you deal' if deal.dealer == 0 else 'the bot deals'}"
        if deal.turn_up is not None:
            head += f"; turn-up {self.paint(deal.turn_up)}"
        self.say("", head + " ===")
        for e in deal.events:
            if e.kind == "score":
                self.say(f"  {NAMES[e.player or 0]} scored {e.points} for the {e.reason}")
        while not deal.is_over:
            p = deal.to_move
            assert p is not None
            if p == 1:
                action: Action | str = self.bot.choose(deal.observation(1))
            else:
                action = self._ask(deal)
            for line in self.narrator.lines(deal, self.game.apply(action)):
                self.say(line)
        self.say(*breakdown(deal, NAMES))
        self.say(*map(_second_person, settlement_lines(self.game.settlements[-1], NAMES)))

    def show(self, deal: Deal) -> None:
        """The table as player 0 sees it, and the numbered legal actions."""
        obs = deal.observation(0)
        paint = self.paint
        trump = "not yet fixed" if obs.trump is None else (
            f"{SUIT_SYMBOLS[obs.trump]} {SUIT_NAMES[obs.trump]}")
        top = f"  Trumps {trump}"
        if obs.turn_up is not None:
            top += f"; turn-up {paint(obs.turn_up)}"
        top += (f"; stock {obs.stock_size}" if not obs.in_end_phase else "; stock exhausted")
        s, t = obs.scores, obs.totals
        self.say("", top + f"; deal You {s[0]} - Bot {s[1]}; game You {t[0]} - Bot {t[1]}",
                 f"  Bot's table: {cards_text(obs.tables[1], paint) or '-'}"
                 f"   (bot holds {obs.opponent_hand_size} more)",
                 f"  Your table:  {cards_text(obs.tables[0], paint) or '-'}",
                 f"  Your hand:   {cards_text(obs.hand, paint)}")
        if obs.trick:
            self.say(f"  Trick: the bot led {paint(obs.trick[0])}")
        elif obs.phase == "declare":
            self.say("  You won the trick: declare, or draw")
        actions = obs.legal_actions()
        items = [f"{i}) {self._label(a)}" for i, a in enumerate(actions, 1)]
        self.say(*_columns(items))

    def _label(self, action: Action) -> str:
        text = str(action)
        words = text.split()
        return " ".join(self._word(w) for w in words)

    def _word(self, word: str) -> str:
        try:
            kind, copy = parse_card_ref(word)
        except NotationError:
            return word
        card = kind * 8 + (copy or 0)
        return self.paint(card) + ("" if copy is None else COPY_LETTERS[copy])

    def _ask(self, deal: Deal) -> Action | str:
        """Ask until the person gives a legal action (commands are handled here)."""
        self.show(deal)
        actions = deal.legal_actions()
        while True:
            text = self.read("> ").strip()
            word = text.lower()
            if not text:
                continue
            if word in ("quit", "exit", "q"):
                raise EOFError
            if word in ("help", "?"):
                self.say(HELP)
            elif word == "hint":
                self.say(self._hint(deal))
            elif word == "score":
                self.say(*breakdown(deal, NAMES), f"  game totals: You {self.game.totals[0]}, "
                         f"Bot {self.game.totals[1]} (target {self.game.target})")
            elif word == "save" or word.startswith("save "):
                self._save(text[4:].strip() or self._default_file())
            elif text.isdigit():
                n = int(text)
                if 1 <= n <= len(actions):
                    return actions[n - 1]
                self.say(f"no action {n}: choose 1 to {len(actions)}")
            else:
                try:
                    deal.clone().apply(text)
                except (IllegalAction, NotationError) as exc:
                    self.say(f"not accepted: {exc}")
                else:
                    return text

    def _hint(self, deal: Deal) -> str:
        """The search's choice for the person, with its value (exact in the end phase)."""
        advice = advise(deal.observation(0), rng=self.hint_rng)
        label = self._label(advice.action)
        if advice.value is None:
            return f"hint: {label} (the only legal action)"
        how = "exact" if advice.exact else f"estimated from {advice.simulations} playouts"
        return f"hint: {label} (expected {advice.value:+.0f} points over the deal; {how})"

    def _default_file(self) -> str:
        """The first of ``bezique-SEED.toml``, ``bezique-SEED-2.toml`` … that does not exist."""
        name, n = f"bezique-{self.game.seed}.toml", 1
        while Path(name).exists():
            n += 1
            name = f"bezique-{self.game.seed}-{n}.toml"
        return name

    def _yes(self, question: str) -> bool:
        """Ask a yes/no question (no is the default, and the answer at end of input)."""
        try:
            answer = self.read(f"{question} [y/N] ")
        except (EOFError, KeyboardInterrupt):
            self.say("")
            return False
        return answer.strip().lower() in ("y", "yes")

    def _save(self, path: str) -> None:
        """Write the record to ``path``; an existing file is replaced only if the person says so."""
        if Path(path).exists() and not self._yes(f"{path} exists; replace it?"):
            self.say("Not saved.")
            return
        try:
            Path(path).write_text(record.dumps(self.game), encoding="utf-8")
        except OSError as exc:
            self.say(f"could not save: {exc}")
        else:
            self.say(f"saved the record to {path} (replay it with: bezique replay {path})")

    def _offer_save(self) -> None:
        if self.game.deal is None:
            return
        path = self._default_file()
        if self._yes(f"Save the game record to {path}?"):
            self._save(path)
        else:
            self.say("Not saved.")


def _columns(items: Sequence[str], width: int = 26, per_line: int = 3) -> list[str]:
    """Numbered actions laid out a few to a line."""
    lines = []
    for i in range(0, len(items), per_line):
        row = items[i:i + per_line]
        lines.append("  " + "".join(_pad(x, width) for x in row[:-1]) + row[-1])
    return lines


def _pad(text: str, width: int) -> str:
    visible = len(text) - text.count("\x1b[31m") * 5 - text.count("\x1b[0m") * 4
    return text + " " * max(1, width - visible)


def reader(stdin: TextIO, out: TextIO) -> Read:
    """A `Read` over a text stream: writes the prompt, raises EOFError at end of input."""

    def read(prompt: str) -> str:
        out.write(prompt)
        out.flush()
        line = stdin.readline()
        if not line:
            raise EOFError
        if not stdin.isatty():
            out.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\n")

    return read


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", default="bezique", help="built-in name or TOML path")
    parser.add_argument("--seed", type=int, default=None, help="the game's seed (random)")
    parser.add_argument("--bot", default="search", type=bot_spec_type, metavar="BOT",
                        help=f"your opponent: {', '.join(BOTS)}, or search:N for N playouts "
                        "per decision (default search)")


def bot_spec_type(text: str) -> str:
    """An argparse type: a bot spec of `bezique.bots.make_bot`."""
    try:
        return check_bot_spec(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _session(args: argparse.Namespace, stdin: TextIO, out: TextIO, read: Read | None) -> int:
    rules = load_profile(args.profile)
    session = Session(rules, seed=args.seed, bot=args.bot, read=read or reader(stdin, out), out=out,
                      color=use_color(out))
    return session.run()


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``bezique play`` on the terminal (``input`` reads, so line editing works)."""
    return _session(args, sys.stdin, out, input if sys.stdin.isatty() else None)


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None,
         stdout: TextIO | None = None, read: Read | None = None) -> int:
    """``bezique play`` with its own streams (or ``read`` function): for scripts and tests."""
    parser = argparse.ArgumentParser(prog="bezique play")
    _arguments(parser)
    args = parser.parse_args(argv)
    return _session(args, stdin or sys.stdin, stdout or sys.stdout, read)


register(Command("play", "play a game against a bot in the terminal", _arguments, run))


def _second_person(line: str) -> str:
    """Grammar for the human seat: "You wins" reads "You win" (and "is", "has" likewise).

    >>> _second_person("You wins 1100 to 630; You is rubiconed; You has 900")
    'You win 1100 to 630; You are rubiconed; You have 900'
    """
    for third, second in (("You wins", "You win"), ("You is", "You are"), ("You has", "You have")):
        line = line.replace(third, second)
    return line
