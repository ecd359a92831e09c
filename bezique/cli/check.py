"""``bezique check PROFILE_OR_FILE``: the invariants (docs/rules.md#invariants) over random deals.

Hypothesis plays ``--deals`` whole deals of the profile with drawn legal actions and checks
every invariant after every ply (`bezique.check.invariants.check_playout`), then lists the
invariants it ran, each with the profile keys it exercises (`bezique.check.catalogue`; those a
house file changes from its base starred; ``--brief``: the summary alone). A violation is
shrunk to the smallest failing game and printed as a replayable record; the exit status is
then 1. Deals
are bounded in plies (`bezique.check.playout.default_max_plies`, derived from the profile) and in
time, and a game is played to its end count, so a house rule that keeps a deal or a game from
ending is reported instead of hanging. The progress bar is drawn only on a terminal.

This is the one command that needs hypothesis (the ``test`` extra); without it, ``check`` says
in one line what to install and exits 1. Every other command runs on the runtime dependencies.

>>> from bezique.cli.main import main
>>> main(["check", "five-hundred", "--deals", "3", "--quiet"])  # doctest: +ELLIPSIS
check: five-hundred (...), 3 deals, ... plies: every invariant holds (1 2 3 4 5 6 7 8 9 12 14)
  a whole game ended after ... deal(s); ... s
  invariant              the profile keys it exercised
  1    conservation      pack.ranks, pack.copies, pack.jokers, seats.players
...
  8    dix               dix, pack.copies
...
  N12  shapes            seats.teams (on the whole game)
0
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import textwrap
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import TextIO

from bezique.check.catalogue import Invariant, changed, checked
from bezique.check.invariants import InvariantError, check_playout
from bezique.check.invariants_seats import PENDING, check_game
from bezique.check.playout import Playout, default_max_plies
from bezique.cli.base import (
    PROFILE_HELP,
    Command,
    ProgressBar,
    non_negative_float,
    positive_int,
    register,
)
from bezique.game import Game
from bezique.rules import Rules, list_profiles, load_profile
from bezique.rules.diff import diff_rules
from bezique.rulesheet import base_of_file

MAX_GAME_DEALS = 200
"""Deals a game may take before `check` reports that its end count is out of reach."""


class OutOfTime(BaseException):
    """A deal ran past the time limit (a BaseException, so hypothesis does not shrink it)."""


class Watchdog:
    """Raises `OutOfTime` in the main thread when `arm` is not called again within
    ``seconds`` (where SIGALRM exists; elsewhere it does nothing)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.usable = hasattr(signal, "setitimer") and seconds > 0

    def arm(self) -> None:
        """Start (or restart) the countdown."""
        if self.usable:
            signal.setitimer(signal.ITIMER_REAL, self.seconds)

    @contextmanager
    def watching(self) -> Iterator[None]:
        """Install the alarm handler, arm, and disarm on exit."""
        if not self.usable:
            yield
            return

        def expire(signum: int, frame: FrameType | None) -> None:
            raise OutOfTime(f"a deal still ran after {self.seconds:g} s")

        previous = signal.signal(signal.SIGALRM, expire)
        self.arm()
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("profile", metavar="PROFILE_OR_FILE", help=PROFILE_HELP)
    parser.add_argument("--deals", type=positive_int, default=100, metavar="N",
                        help="random deals to check (default 100)")
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed of the run (default: random)")
    parser.add_argument("--deal-time", type=non_negative_float, default=60.0, metavar="SECONDS",
                        help="longest a deal may run before it is reported (60; 0: no limit)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    parser.add_argument("--brief", action="store_true",
                        help="the summary only, without the invariants one a line")


def invariant_table(invariants: Sequence[Invariant], rules: Rules,
                    base: Rules | None = None) -> list[str]:
    """The invariants a check ran, one a line: id, short title and the profile keys each one
    exercises (`bezique.check.catalogue`); with the ``base`` a house profile extends, the keys
    it changes are starred, and those no invariant names are listed after.

    >>> from bezique.check.catalogue import checked
    >>> from bezique.rules import load_profile, profile_from_toml
    >>> house = profile_from_toml('extends = "bezique"\\ndix.value = 20\\ngame.target = 1500')
    >>> lines = invariant_table(checked(house), house, load_profile("bezique"))
    >>> print("\\n".join(lines[:2] + [x for x in lines if x.startswith("  8 ")] + lines[-3:]))
      invariant              the profile keys it exercised
      1    conservation      pack.ranks, pack.copies, pack.jokers, seats.players
      8    dix               dix*, pack.copies
      N12  shapes            seats.teams (on the whole game)
      * changed from bezique, the profile this one extends
      changed, and named by no invariant: game.target
    """
    keys = [] if base is None else [key for key, *_ in diff_rules(base, rules)]
    lines = [f"  {'invariant':<22} the profile keys it exercised"]
    for invariant in invariants:
        marked = changed(invariant.knobs, keys)
        knobs = ", ".join(k + "*" * (k in marked) for k in invariant.knobs)
        where = " (on the whole game)" if invariant.game else ""
        lines += textwrap.wrap(knobs + where, 98, initial_indent=f"  {invariant.id:<4} "
                               f"{invariant.title:<17} ", subsequent_indent=" " * 25,
                               break_on_hyphens=False)
    if keys:
        lines.append(f"  * changed from {base.name if base else ''}, the profile this one "
                     "extends")
        named = {k for i in invariants for k in i.knobs}
        unnamed = [key for key in keys if not changed(named, [key])
                   and key not in ("name", "description")]
        if unnamed:
            lines.append(f"  changed, and named by no invariant: {', '.join(unnamed)}")
    return lines


def replayable(playout: Playout, ply: int | None) -> str:
    """The playout cut at ``ply`` as a record (`bezique.record.dumps`), or, if the record
    cannot be written, as the seed, dealer and actions in notation."""
    cut = playout.actions if ply is None else playout.actions[:ply]
    try:
        from bezique.record import dumps

        return dumps(playout.replay(len(cut))).rstrip("\n")
    except Exception:  # the engine under test may be what breaks the record
        actions = "\n".join(f"  {text}" for text in cut)
        return (f"profile {playout.rules.name} (digest {playout.rules.digest}), "
                f"seed {playout.seed}, dealer {playout.dealer}, actions:\n{actions}")


def game_ends(rules: Rules, seed: int, watchdog: Watchdog) -> tuple[int, str | None]:
    """Play one game with random legal actions: the deals it took, and a message if it did not
    end within `MAX_GAME_DEALS` deals (e.g. a ``game.target`` no deal can reach) or broke an
    invariant of whole games (N10, N12: `bezique.check.invariants_seats.check_game`)."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    best = 0
    for played in range(MAX_GAME_DEALS):
        if game.is_over:
            return played, _game_problem(game)
        deal = game.new_deal()
        for _ in range(default_max_plies(rules)):
            if deal.is_over:
                break
            game.apply(rng.choice(deal.legal_actions()))
        if not deal.is_over:
            return played + 1, f"a deal did not end within {default_max_plies(rules)} plies"
        best = max(best, *deal.scores)
        watchdog.arm()
    if game.is_over:
        return MAX_GAME_DEALS, _game_problem(game)
    return MAX_GAME_DEALS, (
        f"no game ended within {MAX_GAME_DEALS} deals: the end count is out of reach "
        f"(game.target = {rules.game.target}; the best deal scored {best})")


def _game_problem(game: Game) -> str | None:
    """What `check_game` finds wrong with a finished game, or None."""
    try:
        check_game(game)
    except InvariantError as exc:
        return str(exc)
    return None


class _Run:
    """State of one `check` run: deals done, plies seen, the last failing example."""

    def __init__(self, rules: Rules, args: argparse.Namespace, watchdog: Watchdog) -> None:
        self.rules = rules
        self.watchdog = watchdog
        self.args = args
        self.done = 0
        self.plies = 0
        self.failure: tuple[Playout, BaseException] | None = None
        self.max_plies = default_max_plies(rules)
        self.bar = None if args.quiet or not sys.stderr.isatty() else ProgressBar(sys.stderr)

    def one(self, playout: Playout) -> None:
        """Check one playout (the hypothesis test body). Its plies were checked as they were
        drawn (``playouts(checked=True)``): only a playout stopped short by a failure is
        replayed with them (to raise it), every other with the whole-deal invariants only."""
        stopped = not playout.finished and len(playout.actions) < self.max_plies
        try:
            check_playout(playout, per_ply=stopped)
        except Exception as exc:
            self.failure = (playout, exc)
            raise
        finally:
            self.watchdog.arm()
        self.plies += len(playout.actions)
        self.done += 1
        if self.bar is not None and self.done <= self.args.deals:
            self.bar(self.done, self.args.deals)

    def run(self) -> None:
        """Run hypothesis over the profile's playouts."""
        from hypothesis import HealthCheck, Verbosity, given, settings
        from hypothesis import seed as hypothesis_seed
        from hypothesis import strategies as st

        from bezique.check.strategies import playouts

        def deal_starts(_: None) -> None:
            self.watchdog.arm()

        # The countdown restarts as each deal starts to be drawn, so it times one deal (drawn
        # and checked), not the whole of a shrink phase whose draws may never reach `one`.
        plays = st.none().map(deal_starts).flatmap(
            lambda _: playouts(self.rules, checked=True))
        test = given(plays)(self.one)
        test = settings(max_examples=self.args.deals, database=None, deadline=None,
                        verbosity=Verbosity.quiet, derandomize=self.args.seed is None,
                        suppress_health_check=list(HealthCheck))(test)
        if self.args.seed is not None:
            test = hypothesis_seed(self.args.seed)(test)
        test()


def _report_failure(run: _Run, out: TextIO) -> int:
    assert run.failure is not None
    playout, exc = run.failure
    ply = exc.ply if isinstance(exc, InvariantError) else None
    what = str(exc) if isinstance(exc, InvariantError) else (
        f"the engine raised {type(exc).__name__}: {exc}")
    print(f"check: {run.rules.name}: FAILED: {what}", file=out)
    print("smallest failing example (replay it with `bezique replay FILE`):", file=out)
    print(replayable(playout, ply), file=out)
    return 1


INSTALL_HINT = ("bezique check: needs the test extra (hypothesis is not installed): "
                "pip install 'bezique[test]'")
"""The one line ``check`` prints (on stderr, exit status 2) where hypothesis is missing."""


def hypothesis_missing() -> bool:
    """Whether hypothesis cannot be imported (it is in the ``test`` extra only)."""
    try:
        import hypothesis  # noqa: F401
    except ModuleNotFoundError as exc:
        if exc.name != "hypothesis":
            raise
        return True
    return False


def check_command(args: argparse.Namespace, out: TextIO) -> int:
    """Run the invariant suite; 0 when every invariant holds, 1 on a violation; 2 without
    hypothesis, after one line saying what to install (a missing extra, as everywhere)."""
    if hypothesis_missing():
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    rules = load_profile(args.profile)
    args.base = None if args.profile in list_profiles() else base_of_file(args.profile)
    return run_check(rules, args, out)


def check_rules(rules: Rules, out: TextIO, *, deals: int = 100, seed: int | None = None,
                deal_time: float = 60.0, quiet: bool = True, brief: bool = False,
                base: Rules | None = None) -> int:
    """``bezique check`` on a `Rules` object rather than a profile name or file: the way to
    check rules that do not load, such as a profile moved to three or four seats
    (`bezique.check.playout.at_seats`). Returns the exit status; needs hypothesis.

    At more than two seats the N-seat invariants (docs/rules.md#more-seats) are checked too,
    on deals and on the whole game (N10, N12), and what they cannot check yet is said
    (`bezique.check.invariants_seats.PENDING`).
    """
    if hypothesis_missing():
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    args = argparse.Namespace(deals=deals, seed=seed, deal_time=deal_time, quiet=quiet,
                              brief=brief, base=base)
    return run_check(rules, args, out)


def run_check(rules: Rules, args: argparse.Namespace, out: TextIO) -> int:
    """The check of ``rules`` with the command's arguments (``deals``, ``seed``,
    ``deal_time``, ``quiet``, ``brief``, and ``base``: the profile ``rules`` extends, whose
    differences the list of invariants stars)."""
    watchdog = Watchdog(args.deal_time)
    run = _Run(rules, args, watchdog)
    start = time.perf_counter()
    try:
        with watchdog.watching():
            try:
                run.run()
            except Exception:
                if run.failure is None:
                    raise
                return _report_failure(run, out)
            deals, message = game_ends(rules, args.seed or 0, watchdog)
    except OutOfTime as exc:
        print(f"check: {rules.name}: FAILED: {exc} after {run.done} deal(s) checked "
              "(a house rule that makes deals endless or very slow?)", file=out)
        return 1
    if message:
        print(f"check: {rules.name}: FAILED: {message}", file=out)
        return 1
    invariants = checked(rules)
    numbers = " ".join(i.id for i in invariants if not i.game)
    print(f"check: {rules.name} ({rules.digest}), {run.done} deals, {run.plies} plies: every "
          f"invariant holds ({numbers})", file=out)
    elapsed = f"{time.perf_counter() - start:.1f} s"
    print(f"  a whole game ended after {deals} deal(s); {elapsed}", file=out)
    if not args.brief:
        print(*invariant_table(invariants, rules, getattr(args, "base", None)), sep="\n",
              file=out)
    if rules.players > 2:
        for name, why in PENDING.items():
            print(f"  {name}: {why}", file=out)
    return 0


register(Command("check", "property-test a profile: every invariant over random deals",
                 _arguments, check_command))
