"""The end count of one finished deal: brisques, the target, ties, call-outs and the rubicon.

:func:`settle` is usable on its own as a score-keeper for a game played with real cards, and
:class:`bezique.Game` uses it after every deal. Everything is driven by profile keys
(docs/rules.md#knobs-scoring) ``trick_points.scheme``, ``brisques.*``, ``game.*`` and ``rubicon.*``.
Points and brisques are per seat, totals per team (docs/rules.md#dm12): at two seats a team is
a player.

>>> from bezique.rules import load_profile
>>> s = settle(load_profile("rubicon"), points=(2780, 1640))
>>> s.winner, s.kind, s.margin
(0, 'win', 1600)
>>> settle(load_profile("bezique"), points=(520, 310), totals=(600, 650)).kind
'win'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import asdict, evolve, frozen

from bezique.compile import TRICK_POINT_SCHEMES, compile_rules
from bezique.count import end_count, falls_short, has_penalties, minority_teams
from bezique.players import player_name
from bezique.position import MAX_POINTS, _count, _shown
from bezique.rules.model import Rules

BRISQUE_VALUE = TRICK_POINT_SCHEMES["brisques"]["A"]
"""What one brisque (a captured ace or ten) is worth where settle counts it: 10."""

GAME_OVER_KINDS = frozenset({"win", "double", "draw", "rubicon", "call_out"})
"""Settlement kinds that end the game.

``win``: the higher total (or score, in a single-deal game) wins; ``double``: a win with the
loser under ``game.double_win_below``; ``draw``: equal totals at or above the target (``game.tie
= "draw"``) or equal scores in a single-deal game; ``rubicon``: a single-deal win with the loser
under ``rubicon.threshold``; ``call_out``: decided by a call-out (``game.call_out``).
"""
CONTINUE_KINDS = frozenset({"continue", "extra_deal", "raise_target"})
"""Settlement kinds after which the game goes on with another deal.

``continue``: nobody has reached the target; ``extra_deal``: a tie at or above the target with
``game.tie = "extra_deal"``; ``raise_target``: the target was raised, by ``game.tie_raise`` after
a tie (``game.tie = "raise_target"``) or to ``game.both_over_new_target`` when both players
(at more teams: two or more teams) are over the target without a call-out.
"""
KINDS = GAME_OVER_KINDS | CONTINUE_KINDS
"""Every value :attr:`Settlement.kind` may take."""


def team_name(team: Sequence[int]) -> str:
    """How texts name a team: its seats' names joined by ``+`` (``P0+P2``); a team of one seat
    is that seat (``P1``).

    >>> team_name((0, 2)), team_name((1,))
    ('P0+P2', 'P1')
    """
    return "+".join(player_name(seat) for seat in team)


def team_wins(team: Sequence[int]) -> str:
    """A team's name and "win" agreeing with it: ``P0 wins``, ``P0+P2 win``."""
    return f"{team_name(team)} {'wins' if len(team) == 1 else 'win'}"


def rivals(totals: Sequence[int], teams: Sequence[Sequence[int]], winner: int) -> str:
    """The other teams' totals after "wins 2100 to": the loser's total against one other team
    (``2030``), each total with its team against more (``1010 (P0), 890 (P1) and 580 (P2)``).
    """
    others = [t for t in range(len(totals)) if t != winner]
    if len(others) == 1:
        return str(totals[others[0]])
    return _listed([f"{totals[t]} ({team_name(teams[t])})" for t in others])


def _listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


@frozen(kw_only=True)
class Settlement:
    """The outcome of one deal's end count (see :func:`settle`).

    ``totals`` are the game totals after the deal, one per team (a pair at two seats);
    ``winner`` is a team index (at two seats the player) or None; ``kind`` is one of
    :data:`KINDS`; ``margin`` is what the winner is credited for the game: in a single-deal
    game the difference plus ``rubicon.game_bonus`` (or, for a rubiconed loser, the rubicon
    award), in whole hundreds where ``rubicon.drop_fractions``; in a target game the winner's
    total minus the next best team's (negative only when a right call-out wins from behind); 0
    when there is no winner. ``target`` is the target after any raise, and ``breakdown``
    explains each step in a readable line. ``seat_points`` are each seat's points in this deal
    as settled (its deal points plus the brisques counted here), a team's share of its gain;
    empty in a settlement pickled before seats were data.
    """

    totals: tuple[int, ...]
    game_over: bool
    winner: int | None
    kind: str
    margin: int
    target: int
    breakdown: tuple[str, ...]
    seat_points: tuple[int, ...] = ()

    def __getstate__(self) -> dict[str, Any]:
        """The fields by name, as attrs pickles them (a class with a `__setstate__` of its own
        gets no pickling from attrs)."""
        return asdict(self, recurse=False)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickle; a settlement pickled before it had `seat_points` has none (``()``): the
        game in tests/pickles/ holds one."""
        for name, value in {"seat_points": (), **state}.items():
            object.__setattr__(self, name, value)


@frozen
class _Seats:
    """The seats and teams a settlement counts for, and how its lines name them."""

    teams: tuple[tuple[int, ...], ...]
    team_of: tuple[int, ...]

    @property
    def n(self) -> int:
        """How many seats."""
        return len(self.team_of)

    def name(self, team: int) -> str:
        """A team's name (`team_name`)."""
        return team_name(self.teams[team])

    def label(self, seat: int) -> str:
        """A seat's name, with its team where the team has more seats: ``P1 of P1+P3``."""
        team = self.teams[self.team_of[seat]]
        if len(team) == 1:
            return player_name(seat)
        return f"{player_name(seat)} of {team_name(team)}"

    def parts(self, values: Sequence[int], team: int) -> str:
        """A team's share of per-seat ``values``: ``90``, or ``90 (P0) + 250 (P2)``."""
        seats = self.teams[team]
        if len(seats) == 1:
            return str(values[seats[0]])
        return " + ".join(f"{values[s]} ({player_name(s)})" for s in seats)

    def per_team(self, values: Sequence[int]) -> list[int]:
        """Per-seat ``values`` summed by team."""
        return [sum(values[s] for s in team) for team in self.teams]


def _settlement(
    lines: list[str],
    final: Sequence[int],
    target: int,
    kind: str,
    winner: int | None = None,
    margin: int = 0,
) -> Settlement:
    """The settlement of ``kind`` (the game is over exactly for :data:`GAME_OVER_KINDS`); `settle`
    adds the seat points."""
    return Settlement(
        totals=tuple(final),
        game_over=kind in GAME_OVER_KINDS,
        winner=winner,
        kind=kind,
        margin=margin,
        target=target,
        breakdown=tuple(lines),
    )


def _ints(
    name: str, value: Sequence[int], n: int, per: str, *, non_negative: bool = False
) -> tuple[int, ...]:
    """``n`` whole numbers (one per ``per``) within ``±MAX_POINTS``, else ValueError naming
    ``name``."""
    values = tuple(value)
    if len(values) != n or not all(isinstance(v, int) and not isinstance(v, bool)
                                   for v in values):
        raise ValueError(f"{name}: expected {_count(n)} ints (one per {per}), got "
                         f"{_shown(value)}")
    if not all(-MAX_POINTS <= v <= MAX_POINTS for v in values):
        raise ValueError(f"{name}: each must lie within ±{MAX_POINTS:.0e} (MAX_POINTS), got "
                         f"{_shown(value)}")
    if non_negative and min(values) < 0:
        raise ValueError(f"{name}: must not be negative, got {value!r}")
    return values


def brisques_in_pack(rules: Rules) -> int:
    """How many brisques (aces and tens) the profile's pack holds: the most all seats can
    capture together in a deal.

    >>> from bezique.rules import load_profile
    >>> brisques_in_pack(load_profile("bezique")), brisques_in_pack(load_profile("chinese"))
    (16, 48)
    """
    return compile_rules(rules).brisque_bits.bit_count()


def _seat(name: str, value: int | None, n: int) -> int | None:
    if value is not None and value not in range(n):
        seats = "player 0 or 1" if n == 2 else f"a seat 0 to {n - 1}"
        raise ValueError(f"{name}: expected {seats} (or None), got {value!r}")
    return value


def _brisque_mode(rules: Rules) -> str:
    """``end`` (10 each now), ``escape_or_tie`` (Rubicon) or ``none`` (not settle's business)."""
    if rules.brisques.counted == "only_to_escape_rubicon_or_break_tie":
        return "escape_or_tie"
    if rules.trick_points.scheme == "brisques" and rules.brisques.when == "end_of_deal":
        return "end"
    return "none"


def _brisque_points(
    rules: Rules, seats: _Seats, brisques: tuple[int, ...], board: tuple[int, ...],
    lines: list[str],
) -> list[int]:
    """Each seat's brisque points, 10 each, with the conditions applied exactly as the deal
    applies them (:func:`bezique.count.end_count`): ``min_to_score`` and
    ``min_board_score_to_count`` per seat, on the board of its team (the team's total plus the
    team's deal points), ``shortfall_penalty`` below them, ``counted = "majority"`` with its
    ``majority_penalty``, and ``majority_bonus`` to a unique leader."""
    b = rules.brisques
    raw = tuple(BRISQUE_VALUE * count for count in brisques)
    items = end_count(rules, raw, brisques, board)
    values = [sum(points for points, _ in items[p]) for p in range(seats.n)]
    minority = minority_teams(rules, brisques)
    for p in range(seats.n):
        reasons = [reason for _, reason in items[p]]
        if falls_short(rules, seats.n, brisques[p], board[p]):
            if not (brisques[p] or b.shortfall_penalty):
                continue
            if brisques[p] < b.min_for(seats.n):
                why = f"brisques.min_to_score = {b.min_for(seats.n)}"
            else:
                why = f"{board[p]} is under brisques.min_board_score_to_count = "
                why += str(b.min_board_score_to_count)
            line = f"{seats.label(p)}: {brisques[p]} brisques score nothing ({why})"
            if b.shortfall_penalty:
                line += f"; {b.shortfall_penalty} instead (brisques.shortfall_penalty)"
            lines.append(line)
        elif seats.team_of[p] in minority:
            line = (f"{seats.label(p)}: {brisques[p]} brisques score nothing (fewer than the "
                    "other side: brisques.counted = 'majority')")
            if "majority_penalty" in reasons:
                line += f"; {b.majority_penalty} (brisques.majority_penalty)"
            lines.append(line)
    for p in range(seats.n):
        for points, reason in items[p]:
            if reason == "brisque_majority":
                lines.append(f"{seats.label(p)}: +{points} for most brisques "
                             "(brisques.majority_bonus)")
    return values


def _possessive(seats: Sequence[int]) -> str:
    """``P0's``, ``P2's and P0's``, ``P2's, P3's and P0's``."""
    return _listed([f"{player_name(s)}'s" for s in seats])


def _count_at_end(
    rules: Rules,
    seats: _Seats,
    exact: tuple[int, ...],
    values: list[int],
    *,
    target: int,
    dealer: int | None,
    lines: list[str],
) -> tuple[list[int], list[int]]:
    """Brisques counted at the end of the deal: the totals per team and the brisque points
    counted per seat. Under ``game.count_order = "nondealer_first"`` (ENQ x) the seats count
    in playing order from the one after the dealer, the dealer last, and a seat whose count
    brings its team to the target stops the count: the seats after it count no brisques."""
    in_order = rules.game.count_order == "nondealer_first" and not rules.game.single_deal
    if in_order and dealer is None and any(values):
        raise ValueError("dealer: needed for game.count_order = 'nondealer_first'")
    final = list(exact)
    counted = [0] * seats.n
    if not in_order or dealer is None:
        for p in range(seats.n):
            counted[p] = values[p]
            final[seats.team_of[p]] += values[p]
        for t, team in enumerate(seats.teams):
            if any(values[p] for p in team):
                lines.append(f"{seats.name(t)}: {exact[t]} + {seats.parts(values, t)} brisques = "
                             f"{final[t]}")
        return final, counted
    order = [(dealer + k) % seats.n for k in range(1, seats.n + 1)]
    for i, p in enumerate(order):
        t = seats.team_of[p]
        board = final[t]
        final[t] += values[p]
        counted[p] = values[p]
        if i == 0:
            lines.append(f"{seats.label(p)} (non-dealer) counts first: {board} + {values[p]} "
                         f"brisques = {final[t]}")
        elif values[p]:
            lines.append(f"{seats.label(p)}: {board} + {values[p]} brisques = {final[t]}")
        if p != dealer and final[t] >= target:
            lines.append(f"{seats.label(p)} reaches {target} before the dealer counts; "
                         f"{_possessive(order[i + 1:])} brisques are not counted")
            break
    return final, counted


def _count_to_escape_or_tie(
    rules: Rules, seats: _Seats, exact: tuple[int, ...], values: list[int], *, target: int,
    lines: list[str],
) -> tuple[list[int], bool]:
    """Rubicon: brisques count, for every team, only to break a deciding tie at the top or to
    save a loser from the rubicon (``brisques.counted = "only_to_escape_rubicon_or_break_tie"``).
    """
    gains = seats.per_team(values)
    top = max(exact)
    tied = [t for t, total in enumerate(exact) if total == top]
    reason = ""
    if len(tied) > 1 and len({gains[t] for t in tied}) > 1:
        if rules.game.single_deal or top >= target:
            reason = "to break the tie"
    elif rules.game.single_deal and len(tied) < len(exact):
        threshold = rules.rubicon.threshold
        for loser, total in enumerate(exact):
            if total < top and total < threshold <= total + gains[loser]:
                reason = f"to save {seats.name(loser)} from the rubicon"
                break
    if not reason:
        lines.append("brisques not counted (they neither break a tie nor save from the rubicon)")
        return list(exact), False
    final = [total + gain for total, gain in zip(exact, gains, strict=True)]
    names = ("A", "B") if len(exact) == 2 else tuple(seats.name(t) for t in range(len(exact)))
    each = ", ".join(f"{names[t]} {exact[t]} + {gains[t]} = {final[t]}" for t in range(len(exact)))
    lines.append(f"brisques counted {reason}, for {'both' if len(exact) == 2 else 'all'}: {each}")
    return final, True


def _hundreds(rules: Rules, name: str, score: int, lines: list[str]) -> int:
    if not rules.rubicon.drop_fractions:
        return score
    whole = score - score % 100
    if whole != score:
        lines.append(f"{name}: {score} -> {whole} (fraction of 100 dropped)")
    return whole


def _runner_up(final: Sequence[int], winner: int) -> int:
    """The best team but ``winner`` (the first of equals): the loser at two teams."""
    return max((t for t in range(len(final)) if t != winner), key=lambda t: final[t])


def _unique_top(final: Sequence[int]) -> int | None:
    """The team with the highest total if no other has it, else None."""
    top = max(final)
    tied = [t for t, total in enumerate(final) if total == top]
    return tied[0] if len(tied) == 1 else None


def _single_deal(
    rules: Rules, seats: _Seats, final: list[int], brisques_counted: bool, target: int,
    lines: list[str],
) -> Settlement:
    """A deal that is a whole game (``game.single_deal``, two teams): the winner is credited
    the margin over the loser."""
    w = _unique_top(final)
    if w is None:
        lines.append(f"tie at {max(final)}: a drawn game")
        return _settlement(lines, final, target, "draw")
    loser = _runner_up(final, w)
    wins = team_wins(seats.teams[w])
    lines.append(f"{wins} on the exact scores, {final[w]} to {final[loser]}")
    ru = rules.rubicon
    sw = _hundreds(rules, seats.name(w), final[w], lines)
    sl = _hundreds(rules, seats.name(loser), final[loser], lines)
    if ru.threshold and final[loser] < ru.threshold:
        kind = "rubicon"
        award = ru.rubicon_bonus
        parts = [f"{sw}", f"{sl} (loser's score)" if ru.add_loser_points else f"-{sl}"]
        award += sw + (sl if ru.add_loser_points else -sl)
        parts.append(f"{ru.rubicon_bonus} (rubicon bonus)")
        if ru.brisque_award and not brisques_counted:
            award += ru.brisque_award
            parts.append(f"{ru.brisque_award} (brisques)")
        if ru.loser_under_100_extra and final[loser] < 100:
            award += ru.loser_under_100_extra
            parts.append(f"{ru.loser_under_100_extra} (loser under 100)")
        lines.append(
            f"{seats.name(loser)} {'is' if len(seats.teams[loser]) == 1 else 'are'} rubiconed "
            f"({final[loser]} < {ru.threshold}): " + " + ".join(parts) + f" = {award}"
        )
        if ru.drop_fractions and award % 100:
            lines.append(f"award {award} -> {award - award % 100} (rounded down to a hundred)")
            award -= award % 100
    else:
        kind = "win"
        award = sw - sl + ru.game_bonus
        lines.append(f"{sw} - {sl} + {ru.game_bonus} (game bonus) = {award}")
    lines.append(f"{wins} {award}")
    return _settlement(lines, final, target, kind, w, award)


def _target_game(
    rules: Rules, seats: _Seats, final: list[int], called_out: int | None, target: int,
    lines: list[str],
) -> Settlement:
    """A game to a target: continue, win, double, tie rule, call-out or both-over raise. The
    winner is the one team with the highest total at or above the target; teams tied there are
    settled by ``game.tie`` (MP-13: when several teams pass the target, the highest wins)."""
    g = rules.game

    def outcome(kind: str, line: str, winner: int | None = None) -> Settlement:
        lines.append(line)
        margin = 0 if winner is None else final[winner] - final[_runner_up(final, winner)]
        return _settlement(lines, final, target, kind, winner, margin)

    if called_out is not None:
        c, mine = player_name(called_out), seats.team_of[called_out]
        if final[mine] >= target:
            line = f"{c} called out with {final[mine]} >= {target}: "
            return outcome("call_out", line + team_wins(seats.teams[mine]), mine)
        other = _runner_up(final, mine)
        line = f"{c} called out with only {final[mine]} < {target}: "
        return outcome("call_out", line + team_wins(seats.teams[other]), other)
    over = [t for t, total in enumerate(final) if total >= target]
    if len(over) > 1 and g.both_over_new_target > target:
        who = "both" if len(final) == 2 else _listed([seats.name(t) for t in over])
        lines.append(
            f"{who} over {target} with no call-out: the target becomes {g.both_over_new_target}"
        )
        target = g.both_over_new_target
        if max(final) < target:
            return outcome("raise_target", "nobody has reached the new target: deal again")
    if max(final) < target:
        return outcome("continue", f"nobody has reached {target}: deal again")
    w = _unique_top(final)
    if w is None:
        top = max(final)
        tie = f"tie at {top}"
        if len(final) > 2:
            tie += " between " + _listed([seats.name(t) for t, total in enumerate(final)
                                          if total == top])
        if g.tie == "extra_deal":
            return outcome("extra_deal", f"{tie}: an extra deal breaks it")
        if g.tie == "raise_target":
            target += g.tie_raise
            return outcome("raise_target", f"{tie}: the target is raised by {g.tie_raise} to "
                                           f"{target}")
        return outcome("draw", f"{tie}: a drawn game")
    loser = final[_runner_up(final, w)]
    line = f"{team_wins(seats.teams[w])} {final[w]} to {rivals(final, seats.teams, w)}"
    if g.double_win_below and loser < g.double_win_below:
        return outcome("double", f"{line}: a double win (loser under {g.double_win_below})", w)
    return outcome("win", line, w)


def settle(
    rules: Rules,
    *,
    points: Sequence[int],
    brisques: Sequence[int] | None = None,
    totals: Sequence[int] | None = None,
    called_out: int | None = None,
    dealer: int | None = None,
    target: int | None = None,
) -> Settlement:
    """Settle one finished deal: count what is still to count and decide the game.

    ``points``: each seat's deal score apart from brisques still to be counted (a pair at two
    seats, `Rules.players` of them); ``brisques``: how many brisques each seat captured (none
    when omitted), worth 10 each here when ``trick_points.scheme = "brisques"`` and
    ``brisques.when = "end_of_deal"`` (with ``brisques.min_to_score`` and
    ``min_board_score_to_count`` per seat, on the board of its team: the team's total plus the
    team's points, ``shortfall_penalty`` for a seat below them, under ``brisques.counted =
    "majority"`` nothing and ``majority_penalty`` for the side with fewer, and
    ``majority_bonus`` to the one seat with the most: `bezique.count.end_count`), or, under
    ``brisques.counted = "only_to_escape_rubicon_or_break_tie"``, only where they break a tie
    or save the loser from the rubicon (for every seat then); otherwise ignored. ``totals``:
    game totals before the deal, one per team (`Rules.teams`; zero when omitted); ``target``:
    the current target if an earlier raise changed it; ``called_out``: the seat that called
    out (``game.call_out``); ``dealer``: needed for ``game.count_order = "nondealer_first"``,
    where the seats after the dealer count first, in playing order.

    A team's total is the sum of its seats' points. The winner is the team with the highest
    total at or above the target, alone there; teams tied at the top are settled by
    ``game.tie``.

    Raises ValueError naming the argument when one is malformed: not one whole number per seat
    (per team for ``totals``), a negative number (points and totals may be negative where the
    profile charges penalties: ``brisques.shortfall_penalty``, ``majority_penalty``), more
    brisques than the pack holds (`brisques_in_pack`), a seat that is not one (0 or 1 at two
    seats), a target under 1, or a call-out the profile does not have.
    """
    seats = _Seats(rules.teams, compile_rules(rules).team_of)
    n, k = seats.n, len(seats.teams)
    per_seat, per_team = ("player", "player") if n == 2 else ("seat", "team")
    signed = has_penalties(rules)  # points and totals may be negative only through penalties
    pts = _ints("points", points, n, per_seat, non_negative=not signed)
    counts = _ints("brisques", (0,) * n if brisques is None else brisques, n, per_seat,
                   non_negative=True)
    before = _ints("totals", (0,) * k if totals is None else totals, k, per_team,
                   non_negative=not signed)
    _seat("called_out", called_out, n)
    _seat("dealer", dealer, n)
    most = brisques_in_pack(rules)
    if sum(counts) > most:
        raise ValueError(f"brisques: {' + '.join(map(str, counts))} = {sum(counts)}, more than "
                         f"the {most} aces and tens of this profile's pack")
    if target is not None and (
        not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= MAX_POINTS
    ):
        raise ValueError(f"target: expected a whole number from 1 to {MAX_POINTS:.0e} "
                         f"(MAX_POINTS), got {_shown(target)}")
    g = rules.game
    if called_out is not None and (not g.call_out or g.single_deal):
        raise ValueError("called_out: this profile has no call-out (game.call_out = false)")
    goal = g.target if target is None else target
    exact = tuple(total + gain for total, gain in zip(before, seats.per_team(pts), strict=True))
    lines = [f"{seats.name(t)}: {before[t]} + {seats.parts(pts, t)} = {exact[t]}"
             for t in range(k)]
    mode = _brisque_mode(rules)
    if mode == "none" or not any(counts):
        if any(counts):
            lines.append("brisques ignored: the profile credits trick points in the deal")
        values = [0] * n
    else:
        board = tuple(exact[seats.team_of[p]] for p in range(n))
        values = _brisque_points(rules, seats, counts, board, lines)
    counted = [0] * n
    if mode == "end":
        final, counted = _count_at_end(rules, seats, exact, values, target=goal, dealer=dealer,
                                       lines=lines)
    elif mode == "escape_or_tie" and any(values):
        final, both = _count_to_escape_or_tie(rules, seats, exact, values, target=goal,
                                              lines=lines)
        counted = values if both else counted
    else:
        final = list(exact)
    if g.single_deal:
        settled = _single_deal(rules, seats, final, any(counted), goal, lines)
    else:
        settled = _target_game(rules, seats, final, called_out, goal, lines)
    return evolve(settled, seat_points=tuple(p + v for p, v in zip(pts, counted, strict=True)))
