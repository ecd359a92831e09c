"""The end count of one finished deal: brisques, the target, ties, call-outs and the rubicon.

:func:`settle` is usable on its own as a score-keeper for a game played with real cards, and
:class:`bezique.Game` uses it after every deal. Everything is driven by profile keys
(docs/rules.md#knobs-scoring) ``trick_points.scheme``, ``brisques.*``, ``game.*`` and ``rubicon.*``.

>>> from bezique.rules import load_profile
>>> s = settle(load_profile("rubicon"), points=(2780, 1640))
>>> s.winner, s.kind, s.margin
(0, 'win', 1600)
>>> settle(load_profile("bezique"), points=(520, 310), totals=(600, 650)).kind
'win'
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from bezique.compile import TRICK_POINT_SCHEMES, compile_rules
from bezique.count import end_count
from bezique.players import PLAYERS, player_name
from bezique.position import MAX_POINTS, _shown
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
are over the target without a call-out.
"""
KINDS = GAME_OVER_KINDS | CONTINUE_KINDS
"""Every value :attr:`Settlement.kind` may take."""

_NAMES = tuple(player_name(p) for p in PLAYERS)

"""How the breakdown names the players: ``P0``, ``P1``."""


@frozen(kw_only=True)
class Settlement:
    """The outcome of one deal's end count (see :func:`settle`).

    ``totals`` are the game totals after the deal; ``winner`` is a player index or None;
    ``kind`` is one of :data:`KINDS`; ``margin`` is what the winner is credited for the game:
    in a single-deal game the difference plus ``rubicon.game_bonus`` (or, for a rubiconed
    loser, the rubicon award), in whole hundreds where ``rubicon.drop_fractions``; in a target
    game the winner's total minus the loser's (negative only when a right call-out wins from
    behind); 0 when there is no winner. ``target`` is the target after any raise, and
    ``breakdown`` explains each step in a readable line.
    """

    totals: tuple[int, int]
    game_over: bool
    winner: int | None
    kind: str
    margin: int
    target: int
    breakdown: tuple[str, ...]


def _settlement(
    lines: list[str],
    final: tuple[int, int],
    target: int,
    kind: str,
    winner: int | None = None,
    margin: int = 0,
) -> Settlement:
    """The settlement of ``kind`` (the game is over exactly for :data:`GAME_OVER_KINDS`)."""
    return Settlement(
        totals=final,
        game_over=kind in GAME_OVER_KINDS,
        winner=winner,
        kind=kind,
        margin=margin,
        target=target,
        breakdown=tuple(lines),
    )


def _pair(name: str, value: Sequence[int], *, non_negative: bool = False) -> tuple[int, int]:
    values = tuple(value)
    if len(values) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise ValueError(f"{name}: expected two ints (one per player), got {_shown(value)}")
    if not all(-MAX_POINTS <= v <= MAX_POINTS for v in values):
        raise ValueError(f"{name}: each must lie within ±{MAX_POINTS:.0e} (MAX_POINTS), got "
                         f"{_shown(value)}")
    if non_negative and min(values) < 0:
        raise ValueError(f"{name}: must not be negative, got {value!r}")
    return values[0], values[1]



def brisques_in_pack(rules: Rules) -> int:
    """How many brisques (aces and tens) the profile's pack holds: the most both players can
    capture together in a deal.

    >>> from bezique.rules import load_profile
    >>> brisques_in_pack(load_profile("bezique")), brisques_in_pack(load_profile("chinese"))
    (16, 48)
    """
    return compile_rules(rules).brisque_bits.bit_count()


def _player(name: str, value: int | None) -> int | None:
    if value is not None and value not in (0, 1):
        raise ValueError(f"{name}: expected player 0 or 1 (or None), got {value!r}")
    return value


def _brisque_mode(rules: Rules) -> str:
    """``end`` (10 each now), ``escape_or_tie`` (Rubicon) or ``none`` (not settle's business)."""
    if rules.brisques.counted == "only_to_escape_rubicon_or_break_tie":
        return "escape_or_tie"
    if rules.trick_points.scheme == "brisques" and rules.brisques.when == "end_of_deal":
        return "end"
    return "none"


def _brisque_points(
    rules: Rules, brisques: tuple[int, int], board: tuple[int, int], lines: list[str]
) -> list[int]:
    """Each player's brisque points, 10 each, with the conditions applied exactly as the deal
    applies them (:func:`bezique.count.end_count`): ``min_to_score`` and
    ``min_board_score_to_count`` per player, and ``majority_bonus``."""
    b = rules.brisques
    raw = (BRISQUE_VALUE * brisques[0], BRISQUE_VALUE * brisques[1])
    items = end_count(rules, raw, brisques, board)
    values = [sum(points for points, _ in items[p]) for p in (0, 1)]
    for p in (0, 1):
        if not brisques[p] or any(reason != "brisque_majority" for _, reason in items[p]):
            continue
        if brisques[p] < b.min_to_score:
            why = f"brisques.min_to_score = {b.min_to_score}"
        else:
            why = f"{board[p]} is under brisques.min_board_score_to_count = "
            why += str(b.min_board_score_to_count)
        lines.append(f"{_NAMES[p]}: {brisques[p]} brisques score nothing ({why})")
    for p in (0, 1):
        for points, reason in items[p]:
            if reason == "brisque_majority":
                lines.append(f"{_NAMES[p]}: +{points} for most brisques (brisques.majority_bonus)")
    return values


def _count_at_end(
    rules: Rules,
    exact: tuple[int, int],
    values: list[int],
    *,
    target: int,
    dealer: int | None,
    lines: list[str],
) -> tuple[int, int]:
    """Brisques counted at the end of the deal, for both; under ``game.count_order =
    "nondealer_first"`` (ENQ x) the non-dealer counts first, and reaching the target then stops
    the count before the dealer's brisques."""
    in_order = rules.game.count_order == "nondealer_first" and not rules.game.single_deal
    if in_order and dealer is None and any(values):
        raise ValueError("dealer: needed for game.count_order = 'nondealer_first'")
    final = (exact[0] + values[0], exact[1] + values[1])
    first = 1 - dealer if in_order and dealer is not None else None
    for p in (0, 1) if first is None else (first, 1 - first):
        if p == first:
            lines.append(
                f"{_NAMES[p]} (non-dealer) counts first: {exact[p]} + {values[p]} brisques = "
                f"{final[p]}"
            )
            if final[p] >= target:
                lines.append(
                    f"{_NAMES[p]} reaches {target} before the dealer counts; "
                    f"{_NAMES[1 - p]}'s brisques are not counted"
                )
                return (final[0], exact[1]) if p == 0 else (exact[0], final[1])
        elif values[p]:
            lines.append(f"{_NAMES[p]}: {exact[p]} + {values[p]} brisques = {final[p]}")
    return final


def _count_to_escape_or_tie(
    rules: Rules, exact: tuple[int, int], values: list[int], *, target: int, lines: list[str]
) -> tuple[tuple[int, int], bool]:
    """Rubicon: brisques count, for both, only to break a deciding tie or to save the loser from
    the rubicon (``brisques.counted = "only_to_escape_rubicon_or_break_tie"``)."""
    reason = ""
    if exact[0] == exact[1] and values[0] != values[1]:
        if rules.game.single_deal or exact[0] >= target:
            reason = "to break the tie"
    elif rules.game.single_deal and exact[0] != exact[1]:
        loser = 0 if exact[0] < exact[1] else 1
        threshold = rules.rubicon.threshold
        if exact[loser] < threshold <= exact[loser] + values[loser]:
            reason = f"to save {_NAMES[loser]} from the rubicon"
    if not reason:
        lines.append("brisques not counted (they neither break a tie nor save from the rubicon)")
        return exact, False
    final = (exact[0] + values[0], exact[1] + values[1])
    lines.append(
        f"brisques counted {reason}, for both: A {exact[0]} + {values[0]} = {final[0]}, "
        f"B {exact[1]} + {values[1]} = {final[1]}"
    )
    return final, True


def _hundreds(rules: Rules, p: int, score: int, lines: list[str]) -> int:
    if not rules.rubicon.drop_fractions:
        return score
    whole = score - score % 100
    if whole != score:
        lines.append(f"{_NAMES[p]}: {score} -> {whole} (fraction of 100 dropped)")
    return whole


def _single_deal(
    rules: Rules, final: tuple[int, int], brisques_counted: bool, target: int, lines: list[str]
) -> Settlement:
    """A deal that is a whole game (``game.single_deal``): the winner is credited the margin."""
    if final[0] == final[1]:
        lines.append(f"tie at {final[0]}: a drawn game")
        return _settlement(lines, final, target, "draw")
    w = 0 if final[0] > final[1] else 1
    loser = 1 - w
    lines.append(f"{_NAMES[w]} wins on the exact scores, {final[w]} to {final[loser]}")
    ru = rules.rubicon
    sw = _hundreds(rules, w, final[w], lines)
    sl = _hundreds(rules, loser, final[loser], lines)
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
            f"{_NAMES[loser]} is rubiconed ({final[loser]} < {ru.threshold}): "
            + " + ".join(parts)
            + f" = {award}"
        )
        if ru.drop_fractions and award % 100:
            lines.append(f"award {award} -> {award - award % 100} (rounded down to a hundred)")
            award -= award % 100
    else:
        kind = "win"
        award = sw - sl + ru.game_bonus
        lines.append(f"{sw} - {sl} + {ru.game_bonus} (game bonus) = {award}")
    lines.append(f"{_NAMES[w]} wins {award}")
    return _settlement(lines, final, target, kind, w, award)


def _target_game(
    rules: Rules, final: tuple[int, int], called_out: int | None, target: int, lines: list[str]
) -> Settlement:
    """A game to a target: continue, win, double, tie rule, call-out or both-over raise."""
    g = rules.game

    def outcome(kind: str, line: str, winner: int | None = None) -> Settlement:
        lines.append(line)
        margin = 0 if winner is None else final[winner] - final[1 - winner]
        return _settlement(lines, final, target, kind, winner, margin)

    if called_out is not None:
        c, other = _NAMES[called_out], _NAMES[1 - called_out]
        if final[called_out] >= target:
            line = f"{c} called out with {final[called_out]} >= {target}: {c} wins"
            return outcome("call_out", line, called_out)
        line = f"{c} called out with only {final[called_out]} < {target}: {other} wins"
        return outcome("call_out", line, 1 - called_out)
    if min(final) >= target and g.both_over_new_target > target:
        lines.append(
            f"both over {target} with no call-out: the target becomes {g.both_over_new_target}"
        )
        target = g.both_over_new_target
        if max(final) < target:
            return outcome("raise_target", "nobody has reached the new target: deal again")
    if max(final) < target:
        return outcome("continue", f"nobody has reached {target}: deal again")
    if final[0] == final[1]:
        if g.tie == "extra_deal":
            return outcome("extra_deal", f"tie at {final[0]}: an extra deal breaks it")
        if g.tie == "raise_target":
            target += g.tie_raise
            line = f"tie at {final[0]}: the target is raised by {g.tie_raise} to {target}"
            return outcome("raise_target", line)
        return outcome("draw", f"tie at {final[0]}: a drawn game")
    w = 0 if final[0] > final[1] else 1
    loser = final[1 - w]
    line = f"{_NAMES[w]} wins {final[w]} to {loser}"
    if g.double_win_below and loser < g.double_win_below:
        return outcome("double", f"{line}: a double win (loser under {g.double_win_below})", w)
    return outcome("win", line, w)


def settle(
    rules: Rules,
    *,
    points: Sequence[int],
    brisques: Sequence[int] = (0, 0),
    totals: Sequence[int] = (0, 0),
    called_out: int | None = None,
    dealer: int | None = None,
    target: int | None = None,
) -> Settlement:
    """Settle one finished deal: count what is still to count and decide the game.

    ``points``: each player's deal score apart from brisques still to be counted; ``brisques``:
    how many brisques each captured, worth 10 each here when ``trick_points.scheme =
    "brisques"`` and ``brisques.when = "end_of_deal"`` (with ``brisques.min_to_score``,
    ``majority_bonus`` and ``min_board_score_to_count``), or, under ``brisques.counted =
    "only_to_escape_rubicon_or_break_tie"``, only where they break a tie or save the loser from
    the rubicon (for both players then); otherwise ignored. ``totals``: game totals before the
    deal; ``target``: the current target if an earlier raise changed it; ``called_out``: the
    player who called out (``game.call_out``); ``dealer``: needed for ``game.count_order =
    "nondealer_first"``.

    Raises ValueError naming the argument when one is malformed: not two whole numbers (one
    per player), a negative number, more brisques than the pack holds (`brisques_in_pack`), a
    player other than 0 or 1, a target under 1, or a call-out the profile does not have.
    """
    pts = _pair("points", points, non_negative=True)
    counts = _pair("brisques", brisques, non_negative=True)
    before = _pair("totals", totals, non_negative=True)
    _player("called_out", called_out)
    _player("dealer", dealer)
    most = brisques_in_pack(rules)
    if sum(counts) > most:
        raise ValueError(f"brisques: {counts[0]} + {counts[1]} = {sum(counts)}, more than the "
                         f"{most} aces and tens of this profile's pack")
    if target is not None and (
        not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= MAX_POINTS
    ):
        raise ValueError(f"target: expected a whole number from 1 to {MAX_POINTS:.0e} "
                         f"(MAX_POINTS), got {_shown(target)}")
    g = rules.game
    if called_out is not None and (not g.call_out or g.single_deal):
        raise ValueError("called_out: this profile has no call-out (game.call_out = false)")
    goal = g.target if target is None else target
    lines = [f"{_NAMES[p]}: {before[p]} + {pts[p]} = {before[p] + pts[p]}" for p in (0, 1)]
    exact = (before[0] + pts[0], before[1] + pts[1])
    mode = _brisque_mode(rules)
    if mode == "none" or not any(counts):
        if any(counts):
            lines.append("brisques ignored: the profile credits trick points in the deal")
        values = [0, 0]
    else:
        values = _brisque_points(rules, counts, exact, lines)
    counted = any(values)
    if mode == "end":
        final = _count_at_end(rules, exact, values, target=goal, dealer=dealer, lines=lines)
    elif mode == "escape_or_tie" and counted:
        final, counted = _count_to_escape_or_tie(rules, exact, values, target=goal, lines=lines)
    else:
        final = exact
    if g.single_deal:
        return _single_deal(rules, final, counted, goal, lines)
    return _target_game(rules, final, called_out, goal, lines)
