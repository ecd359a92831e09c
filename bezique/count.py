"""Counting captured cards: trick points by scheme, brisques, the end-of-deal conditions.

Shared by the deal (which credits trick points as events) and `bezique.settle` (a score-keeper
for real cards), so both apply ``brisques.min_to_score``, ``majority_bonus``, ``counted``,
``min_board_score_to_count`` and ``trick_points.rounding`` the same way.
"""

from __future__ import annotations

from bezique.compile import Compiled
from bezique.rules.model import Rules


def trick_points(c: Compiled, cards: int) -> int:
    """Raw trick points of captured cards under ``trick_points.scheme``."""
    points = 0
    for value, rank in c.trick_masks:
        points += value * (cards & rank).bit_count()
    return points


def brisque_count(c: Compiled, cards: int) -> int:
    """How many aces and tens are among ``cards``."""
    return (cards & c.brisque_bits).bit_count()


def round_up_7(points: int) -> int:
    """``trick_points.rounding = "7_up"``: a total ending in 7, 8 or 9 counts as the next ten."""
    rest = points % 10
    return points + (10 - rest) if rest >= 7 else points


def counted_in_deal(rules: Rules) -> bool:
    """Whether the deal itself credits the captured cards (``brisques.counted`` is ``always``
    or ``majority``), rather than leaving them to the settlement (Rubicon's
    ``only_to_escape_rubicon_or_break_tie``)."""
    return rules.brisques.counted in ("always", "majority")


def additive(rules: Rules) -> bool:
    """Whether the end-of-deal count credits every captured card its own points, whoever holds
    the rest: every brisque counted (``brisques.counted = "always"``), no rounding, no minimum
    of brisques or board score, no bonus for the most (so a search may credit the cards as they
    are won)."""
    b = rules.brisques
    return (
        b.counted == "always" and rules.trick_points.rounding == "none"
        and b.min_for(rules.players) == 0 and b.majority_bonus == 0
        and b.min_board_score_to_count == 0
    )


def has_penalties(rules: Rules) -> bool:
    """Whether the end count may charge points (a negative score): ``brisques.shortfall_penalty``
    or, under ``brisques.counted = "majority"``, ``brisques.majority_penalty`` below 0."""
    b = rules.brisques
    return b.shortfall_penalty < 0 or (b.counted == "majority" and b.majority_penalty < 0)


def falls_short(rules: Rules, players: int, brisques: int, board: int) -> bool:
    """Whether a seat with ``brisques`` captured and ``board`` on the board (its team's) is below
    ``brisques.min_to_score`` (for ``players`` seats) or ``min_board_score_to_count``: its
    brisques do not count (``brisques.shortfall_penalty`` is scored instead)."""
    b = rules.brisques
    least = b.min_board_score_to_count
    return brisques < b.min_for(players) or (least > 0 and board < least)


def minority_teams(rules: Rules, brisques: tuple[int, ...]) -> frozenset[int]:
    """Under ``brisques.counted = "majority"`` (two teams, docs/rules.md#dj15): the teams that
    captured fewer brisques than the most (summed over their seats); none on a tie."""
    if rules.brisques.counted != "majority":
        return frozenset()
    team_of = rules.team_of
    sums = [0] * len(rules.teams)
    for p, count in enumerate(brisques):
        sums[team_of[p]] += count
    most = max(sums)
    return frozenset(t for t, count in enumerate(sums) if count < most)


def end_count(
    rules: Rules,
    raw: tuple[int, ...],
    brisques: tuple[int, ...],
    board: tuple[int, ...],
) -> list[list[tuple[int, str]]]:
    """Per seat, the ``(points, reason)`` items the end-of-deal count credits.

    ``raw``: trick points each seat captured; ``brisques``: brisques each captured; ``board``:
    each seat's team's score on the board before the count (game total plus the deal so far),
    for ``brisques.min_board_score_to_count``.

    A seat that `falls_short` scores ``brisques.shortfall_penalty`` (reason
    ``shortfall_penalty``, where not 0) instead of its trick points. Under ``brisques.counted =
    "majority"`` a team with fewer brisques than the other (`minority_teams`) scores none of
    its trick points and is charged ``brisques.majority_penalty`` once, on its first seat that
    does not fall short (reason ``majority_penalty``); on a tie every seat scores its own. The
    ``brisques.majority_bonus`` goes to the seat with the most brisques, and to none when the
    most are tied. Points may be negative only through the two penalties.
    """
    b = rules.brisques
    reason = "brisques" if rules.trick_points.scheme == "brisques" else "trick_points"
    n = len(raw)
    items: list[list[tuple[int, str]]] = [[], []] if n == 2 else [[] for _ in raw]
    minority = minority_teams(rules, brisques)
    charged: set[int] = set()
    team_of = rules.team_of if minority else ()
    for p in range(n):
        if falls_short(rules, n, brisques[p], board[p]):
            if b.shortfall_penalty:
                items[p].append((b.shortfall_penalty, "shortfall_penalty"))
            continue
        if minority and team_of[p] in minority:
            if team_of[p] not in charged and b.majority_penalty:
                items[p].append((b.majority_penalty, "majority_penalty"))
            charged.add(team_of[p])
            continue
        points = raw[p]
        if rules.trick_points.rounding == "7_up":
            points = round_up_7(points)
        if points:
            items[p].append((points, reason))
    if b.majority_bonus:
        most = max(brisques)
        leaders = [p for p in range(n) if brisques[p] == most]
        if len(leaders) == 1:
            items[leaders[0]].append((b.majority_bonus, "brisque_majority"))
    return items
