"""``bezique play``: a person plays a whole game against bots in the terminal.

Your hand and every table are shown with suit symbols (coloured only on a terminal, and never
with ``NO_COLOR`` set); your legal actions are numbered. The seats are named as the table names
them (You, Bot; Ada, Bob, Cy, Dee at more seats) in every prompt, log line and refusal. Type a
number or the notation (``play QS``, ``meld bezique QS JD``, ``draw`` …), or ``help`` (the
profile's own actions only: `bezique.cli.play_help`), ``hint`` (the search's choice and its
expected final deal score difference), ``score``, ``save [FILE]``, ``quit``. The bot is the
search (`bezique.search.SearchBot`) unless ``--bot`` names another (``planner``, ``greedy``,
``random``, or ``search:N`` for N playouts per decision). Refused input is explained and asked
again. When the game ends, and when you leave (``quit``, end of input or Ctrl-C), you are
offered to save the game record (``bezique replay FILE`` replays it) under the first free name
``bezique-SEED.toml``, ``bezique-SEED-2.toml`` …; saving over an existing file asks first. The
question is asked once: after ``save`` nothing is asked unless the game went on since, and then
the file saved before is offered (and rewritten without asking again).

At three and four seats (a profile of ``seats.players`` 3 or 4) a bot sits in every other seat:
``--bot`` names the one they all play, ``--bots A,B[,C]`` one a seat (the other seats in seat
order); ``--seat`` chooses your seat (at two seats too). The bots are called Ada, Bob, Cy and Dee
by seat; each table says where its seat sits and who is your partner, the scores are per seat
and the game totals per team, and a partnership's declaring turn is handed on with ``pass``.

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
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from bezique import record
from bezique.actions import Action, Announce, Meld, Pass
from bezique.bots import TABLE_BOTS, Bot, check_table_bot, seat_bots
from bezique.cards import COPY_LETTERS, SUIT_NAMES, SUIT_SYMBOLS, parse_card_ref, suit
from bezique.cli.base import Command, add_profile_option, game_title, register
from bezique.cli.play_help import help_text, unknown_verb
from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError
from bezique.game import Game
from bezique.observation import Observation
from bezique.rules import load_profile
from bezique.rules.model import Rules
from bezique.search import advise
from bezique.view.narrate import (
    Glossary,
    Narrator,
    Paint,
    breakdown,
    cards_text,
    joker_words,
    name_players,
    plain,
    seat_names,
    settlement_lines,
    team_names,
)
from bezique.view.render import place

__all__ = ["HELP", "NAMES", "Read", "Session", "bot_spec_type", "help_text", "main", "painter",
           "reader", "run", "use_color"]

NAMES = ("You", "Bot")
"""Seat names at two seats, the person in seat 0 (`bezique.view.narrate.seat_names` names the
seats wherever the person sits, and at more seats)."""

Read = Callable[[str], str]
"""Shows a prompt and returns the next line; raises EOFError or KeyboardInterrupt."""

HELP = """\
Type the number of an action, or its notation:
  play QS            play a card (10 is 10 or T; suits S H D C or ♠ ♥ ♦ ♣)
  meld bezique QS JD declare a meld after winning a stock trick (the name may be omitted)
                     the melds of this game: marriage, royal_marriage, sequence, bezique,
                     double_bezique, four_aces, four_kings, four_queens, four_jacks
  announce NAME ...  as meld: table a further meld, to score it after a later trick won
  dix exchange       exchange the dix for the turn-up
  dix show           score the dix by showing it
  draw               end your declaring turn; each player draws
Commands:
  hint               the search's choice, and how far ahead it expects you to end
                     the deal (your final deal score minus Bot's)
  score              this deal's points by reason, and the game totals
  save [FILE]        save the game record so far (bezique replay FILE)
  help               this text
  quit               leave (Ctrl-C or end of input also leave)"""
"""The answer to ``help`` in a game of ``bezique`` (`help_text` writes it for any profile)."""


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
    """One game between a person and bots: the person in ``seat`` (default 0), a bot in every
    other seat, ``bots`` one spec a seat for the other seats in seat order (default: ``bot`` in
    each). ``seed`` None: a random game. ValueError for a seat or a number of bots that does
    not fit the rules' seats."""

    def __init__(self, rules: Rules, *, seed: int | None, bot: str = "search", read: Read,
                 out: TextIO, color: bool = False, seat: int = 0,
                 bots: Sequence[str] | None = None) -> None:
        self.rules = rules
        specs = [bot] * (rules.players - 1) if bots is None else list(bots)
        self.game = Game(rules, seed=seed)
        self.seat = seat
        self.bots: dict[int, Bot] = seat_bots(specs, self.game.seed, rules.players, seat)
        self.bot_names = {p: spec.partition(":")[0] for p, spec in zip(self.bots, specs,
                                                                        strict=True)}
        self.names = seat_names(rules.players, seat)
        self.hint_rng = random.Random(self.game.seed)
        self.read = read
        self.out = out
        self.paint = painter(color)
        self.narrator = Narrator(rules, paint=self.paint, names=self.names, you=seat)
        self.words = Glossary(rules)
        self.saved: tuple[str, str] | None = None
        """The file this session saved the game to last, and the record written there."""

    @property
    def bot(self) -> Bot:
        """The bot of a two-seat game (the one other seat); ValueError at more seats (read
        ``bots``, by seat)."""
        if len(self.bots) != 1:
            raise ValueError(f"Session.bot: {len(self.bots)} bots play this game; read "
                             "Session.bots (by seat)")
        return next(iter(self.bots.values()))

    def say(self, *lines: str) -> None:
        """Write lines to the output (with a short explanation after the first ``dix`` and the
        first ``brisques``)."""
        for line in self.words.annotate(lines):
            print(line, file=self.out)

    def run(self) -> int:
        """Play until the game is over or the person leaves; the exit code."""
        game = self.game
        print(game_title(self.rules), file=self.out)  # the title may name the dix already
        self.say(f"{self._opening()} (seed {game.seed}). Type 'help' for help.")
        try:
            while not game.is_over:
                self._play_deal(game.new_deal(), len(game.deals) + 1)
        except (EOFError, KeyboardInterrupt):
            self.say("", "Leaving the game.")
            self._offer_save()
            return 0
        result = game.result
        assert result is not None
        self.say("", _second_person(name_players(result.describe(), self.names)))
        self._offer_save()
        return 0

    def _opening(self) -> str:
        """Who plays whom: ``You play against Bot (greedybot)`` at two seats; at more, your
        seat, your partner and the others, each bot with its kind."""
        if self.rules.players == 2:
            other = 1 - self.seat
            return f"You play against {self.names[other]} ({self.bot_names[other]}bot)"
        partners = self._partners()
        others = [p for p in self.bots if p not in partners]

        def who(seats: list[int]) -> str:
            named = [f"{self.names[p]} ({self.bot_names[p]}bot)" for p in seats]
            return ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]

        text = f"You sit in seat {self.seat}"
        if partners:
            text += f" with {who(partners)} as your partner"
        return text + f", against {who(others)}"

    def _partners(self) -> list[int]:
        """The person's partners (none where every seat plays alone)."""
        team = next(t for t in self.rules.teams if self.seat in t)
        return [p for p in team if p != self.seat]

    def _place(self, p: int) -> str:
        """Where seat ``p`` sits seen from the person's, and whether it is the partner:
        ``across, your partner`` (empty at two seats)."""
        if self.rules.players == 2:
            return ""
        return place(self.rules, self.seat, p) + (", your partner" if p in self._partners()
                                                  else "")

    def _play_deal(self, deal: Deal, number: int) -> None:
        self.narrator.start()
        head = f"=== Deal {number}: {self._deals(deal.dealer)}"
        if deal.turn_up is not None:
            head += f"; turn-up {self.paint(deal.turn_up)}"
        self.say("", head + " ===")
        for e in deal.events:
            if e.kind == "score":
                self.say(f"  {self.names[e.player or 0]} scored {e.points} for the {e.reason}")
        while not deal.is_over:
            p = deal.to_move
            assert p is not None
            if p != self.seat:
                action: Action | str = self.bots[p].choose(deal.observation(p))
            else:
                action = self._ask(deal)
            for line in self.narrator.lines(deal, self.game.apply(action)):
                self.say(line)
        self.say(*breakdown(deal, self.names))
        self.say(*map(_second_person, settlement_lines(self.game.settlements[-1], self.names)))

    def _deals(self, dealer: int) -> str:
        """``you deal``, or who does as the table names him: ``Bot deals``, ``Bob deals``."""
        return "you deal" if dealer == self.seat else f"{self.names[dealer]} deals"

    def show(self, deal: Deal) -> None:
        """The table as the person sees it, and the numbered legal actions."""
        obs = deal.observation(self.seat)
        paint, names = self.paint, self.names
        trump = "not yet fixed" if obs.trump is None else (
            f"{SUIT_SYMBOLS[obs.trump]} {SUIT_NAMES[obs.trump]}")
        top = f"  Trumps {trump}"
        if obs.turn_up is not None:
            top += f"; turn-up {paint(obs.turn_up)}"
        top += (f"; stock {obs.stock_size}" if not obs.in_end_phase else "; stock exhausted")
        deal_scores = " - ".join(f"{names[p]} {s}" for p, s in enumerate(obs.scores))
        self.say("", top + f"; deal {deal_scores}; game {self._totals(obs.totals, ' - ')}")
        width = max(13, *(len(names[p]) + 9 for p in obs.opponents))
        for p in obs.opponents:
            held = f"holds {obs.hand_sizes[p]} more"
            where = self._place(p)
            self.say(f"  {names[p] + chr(39) + 's table:':<{width}}"
                     f"{cards_text(obs.tables[p], paint) or '-'}"
                     f"   ({where + '; ' if where else ''}{held})")
        self.say(f"  {'Your table:':<{width}}{cards_text(obs.tables[self.seat], paint) or '-'}",
                 f"  {'Your hand:':<{width}}{cards_text(obs.hand, paint)}")
        if obs.trick:
            self.say(f"  Trick: {self._trick(obs)}")
        elif obs.phase == "declare":
            self.say(f"  {self._declaring(obs)}")
        actions = obs.legal_actions()
        items = [f"{i}) {self._label(a, obs.trump)}" for i, a in enumerate(actions, 1)]
        self.say(*_columns(items))

    def _totals(self, totals: Sequence[int], sep: str) -> str:
        """The game totals, each team named: ``You 0 - Bot 0``, ``You+Cy 0 - Bob+Dee 0``."""
        teams = team_names(self.rules.teams, self.names)
        return sep.join(f"{team} {total}" for team, total in zip(teams, totals, strict=True))

    def _trick(self, obs: Observation) -> str:
        """The cards of the trick so far and who played them, as the table names the seats:
        ``Bot led Q♠``, ``Bob led Q♠, Cy played 9♠``."""
        order = compile_rules(self.rules).draw_order[obs.leader]  # the seats from the leader on
        return ", ".join(f"{self.names[p]} {'played' if k else 'led'} {self.paint(card)}"
                         for k, (p, card) in enumerate(zip(order, obs.trick, strict=False)))

    def _declaring(self, obs: Observation) -> str:
        """Why the person may declare now, and what else: draw, or pass to the partner."""
        winner = obs.last_trick_winner
        if winner is None or winner == self.seat:
            text = "You won the trick: declare, "
        else:
            text = f"{self.names[winner]} won the trick and passed to you: declare, "
        if any(isinstance(a, Pass) for a in obs.legal_actions()):
            partners = " or ".join(self.names[p] for p in self._partners())
            text += f"pass to {partners}, "
        return text + "or draw"

    def _label(self, action: Action, trump: int | None = None) -> str:
        """An action in notation, its cards painted, and for a declaration with jokers what
        they stand for (``meld four_jacks J♠ J♥ J♣ JK (joker as a jack)``)."""
        text = " ".join(self._word(w) for w in str(action).split())
        if isinstance(action, Meld | Announce):
            jokers = joker_words(self.rules, action.name, action.cards, trump, self.paint)
            if jokers:
                text += f" ({jokers})"
        return text

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
                self.say(help_text(self.rules))
            elif word == "hint":
                self.say(self._hint(deal))
            elif word == "score":
                self.say(*breakdown(deal, self.names), f"  game totals: "
                         f"{self._totals(self.game.totals, ', ')} (target {self.game.target})")
            elif word == "save" or word.startswith("save "):
                self._save(text[4:].strip() or self._default_file())
            elif text.isdigit():
                n = int(text)
                if 1 <= n <= len(actions):
                    return actions[n - 1]
                self.say(f"no action {n}: choose 1 to {len(actions)}")
            elif unknown := unknown_verb(self.rules, text):
                self.say(f"not accepted: {unknown}")
            else:
                try:
                    deal.clone().apply(text)
                except (IllegalAction, NotationError) as exc:
                    self.say(f"not accepted: {self._voice(str(exc))}")
                else:
                    return text

    def _voice(self, text: str) -> str:
        """An engine message as the table speaks: each seat by its table name (`name_players`),
        the person in the second person (``no Q♠ in your hand``)."""
        return _second_person(name_players(text, self.names))

    def _hint(self, deal: Deal) -> str:
        """The search's choice for the person, with its value (exact in the end phase)."""
        advice = advise(deal.observation(self.seat), rng=self.hint_rng)
        label = self._label(advice.action, deal.trump)
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
        """Write the record to ``path``; an existing file is replaced only if the person says
        so, or if this session wrote it (the person chose it already)."""
        mine = self.saved is not None and self.saved[0] == path
        if Path(path).exists() and not mine and not self._yes(f"{path} exists; replace it?"):
            self.say("Not saved.")
            return
        text = record.dumps(self.game)
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            self.say(f"could not save: {exc}")
        else:
            self.saved = (path, text)
            self.say(f"saved the record to {path} (replay it with: bezique replay {path})")

    def _offer_save(self) -> None:
        """When the person leaves: nothing to ask if the record saved last is still the whole
        game; else one question, naming the file saved before (rewritten without asking
        again) or the first free name."""
        if self.game.deal is None:
            return
        if self.saved is not None and self.saved[1] == record.dumps(self.game):
            self.say(f"The game record is saved in {self.saved[0]}.")
            return
        path = self.saved[0] if self.saved is not None else self._default_file()
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
    add_profile_option(parser)
    parser.add_argument("--seed", type=int, default=None, help="the game's seed (random)")
    parser.add_argument("--bot", default="search", type=bot_spec_type, metavar="BOT",
                        help=f"your opponent (at more seats: every other seat's bot): "
                        f"{', '.join(TABLE_BOTS)}, or search:N for N playouts per decision "
                        "(default search)")
    parser.add_argument("--bots", default=None, type=bot_specs_type, metavar="A,B[,C]",
                        help="at three or four seats: one bot a seat for the other seats, in "
                        "seat order (instead of --bot)")
    parser.add_argument("--seat", type=int, default=0, metavar="P",
                        help="your seat, 0 to the profile's players - 1 (default 0)")


def bot_spec_type(text: str) -> str:
    """An argparse type: a bot spec of `bezique.bots.make_bot` that may play a person
    (`bezique.bots.registry.check_table_bot`: not ``cheat``, which sees every card)."""
    try:
        return check_table_bot(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def bot_specs_type(text: str) -> tuple[str, ...]:
    """An argparse type: bot specs written ``A,B[,C]``, each a spec of
    `bezique.bots.make_bot` (how many the profile wants is checked once it is loaded)."""
    return tuple(bot_spec_type(spec) for spec in text.split(","))


def _session(args: argparse.Namespace, stdin: TextIO, out: TextIO, read: Read | None) -> int:
    rules = load_profile(args.profile)
    try:
        session = Session(rules, seed=args.seed, bot=args.bot, read=read or reader(stdin, out),
                          out=out, color=use_color(out), seat=args.seat, bots=args.bots)
    except ValueError as exc:
        print(f"bezique play: {exc}", file=sys.stderr)
        return 2
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


register(Command("play", "play a game against bots in the terminal", _arguments, run))


def _second_person(line: str) -> str:
    """Grammar for the human seat: "You wins" reads "You win" (and "is", "has" likewise).

    >>> _second_person("You wins 1100 to 630; You is rubiconed; You has 900")
    'You win 1100 to 630; You are rubiconed; You have 900'
    >>> _second_person("play AS: no A♠ in You's hand. You's partner passed to You")
    'play AS: no A♠ in your hand. Your partner passed to you'
    """
    for third, second in (("You wins", "You win"), ("You is", "You are"), ("You has", "You have")):
        line = line.replace(third, second)
    line = _YOURS.sub(lambda m: "Your" if m[1] is not None else "your", line)
    return _MID_YOU.sub("you", line)


_YOURS = re.compile(r"(^|(?<=[:.] ))?\bYou's\b")
"""``You's`` (``P0's`` named), at the start of a sentence (group 1) or inside one."""
_MID_YOU = re.compile(r"(?<=[a-z,] )You\b")
"""``You`` inside a sentence (after a word or a comma)."""
