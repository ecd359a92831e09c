"""Cross-field validation of a structured `Rules`: ranges and consistency, each with its key path.

Each check yields an `Issue` naming the key it reports on and every other key it depends on, so
that the loader can drop checks whose inputs were already reported as malformed (their defaults
stood in) instead of piling derived noise on top of the real problem.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable

import attrs
from attrs import field, frozen

from bezique.rules.convert import format_path
from bezique.rules.model import (
    MAX_SEATS,
    GameRules,
    JokerRules,
    MatchRules,
    MeldSpec,
    PartnershipRules,
    RubiconRules,
    Rules,
)

MAX_POINTS = 1_000_000
"""Points of any single meld or bonus may not exceed this (a sane bound)."""
MAX_TARGET = 100_000
"""Targets, thresholds and game bonuses may not exceed this: ten times the longest game the
family plays (a target of 10**8 would play tens of thousands of deals)."""
MAX_MELDS = 48
"""The most melds a profile's ``melds.table`` may hold: twice the largest built-in table
(``eight-pack``, 25); every legal-action list looks at each of them."""
MAX_COPIES = 8
"""Packs mixed at most (the card encoding holds eight copies of a card)."""
MAX_ORDER = 100
"""The highest order a meld may have within its class."""
MIN_SEATS = 2
"""The fewest seats a profile may have (``seats.players``; the most is `MAX_SEATS`)."""
MAX_LISTED = 8
"""Seat and team numbers a problem lists before it counts the rest."""
MAX_MATCH_GAMES = 100
"""The most consecutive games ``match.consecutive_wins`` may ask for."""
_NUMBERS = {2: "two", 3: "three", 4: "four"}


def _keys(keys: Iterable[str]) -> frozenset[str]:
    return frozenset(keys)


@frozen
class Issue:
    """One cross-field problem: the key it is reported on, what is wrong, the keys it reads."""

    path: str
    message: str
    involves: frozenset[str] = field(factory=frozenset, converter=_keys)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


def _points(out: list[Issue], path: str, value: int, *, limit: int = MAX_POINTS) -> None:
    if value < 0:
        out.append(Issue(path, f"must not be negative, got {value}"))
    elif value > limit:
        out.append(Issue(path, f"{value} is beyond the sane bound of {limit:_}"))


def _pack_issues(rules: Rules, out: list[Issue]) -> None:
    pack = rules.pack
    if not pack.ranks:
        out.append(Issue("pack.ranks", "the pack needs at least one rank"))
    repeated = sorted({r for r in pack.ranks if pack.ranks.count(r) > 1})
    if repeated:
        out.append(Issue("pack.ranks", f"ranks repeated: {', '.join(map(repr, repeated))}"))
    if not 1 <= pack.copies <= MAX_COPIES:
        out.append(Issue("pack.copies", f"must be 1 to {MAX_COPIES}, got {pack.copies}"))
    if not 0 <= pack.jokers <= MAX_COPIES:
        out.append(Issue("pack.jokers", f"must be 0 to {MAX_COPIES}, got {pack.jokers}"))


def _deal_issues(rules: Rules, out: list[Issue]) -> None:
    pack, deal = rules.pack, rules.deal
    pack_size = len(set(pack.ranks)) * 4 * max(pack.copies, 0) + max(pack.jokers, 0)
    hand = deal.hand_size
    if hand < 1:
        out.append(Issue("deal.hand_size", f"must be at least 1, got {hand}"))
    if not deal.packets:
        out.append(Issue("deal.packets", "at least one packet size is needed"))
    elif any(n < 1 for n in deal.packets):
        out.append(
            Issue("deal.packets", f"packet sizes must be positive, got {list(deal.packets)}")
        )
    elif len(deal.packets) > 1 and sum(deal.packets) != hand:
        out.append(
            Issue(
                "deal.packets",
                f"{list(deal.packets)} sum to {sum(deal.packets)}, not the hand size {hand} "
                "(deal.hand_size)",
                {"deal.hand_size"},
            )
        )
    elif len(deal.packets) == 1 and hand >= 1 and hand % deal.packets[0]:
        out.append(
            Issue(
                "deal.packets",
                f"packets of {deal.packets[0]} do not divide the hand size {hand} "
                "(deal.hand_size)",
                {"deal.hand_size"},
            )
        )
    turn_up = rules.trump.selection.startswith("turn_up")
    players = rules.players if MIN_SEATS <= rules.players <= MAX_SEATS else 2
    needed = players * hand + (1 if turn_up else 0) + 1
    keys = "pack.ranks, pack.copies" + (", pack.jokers" if pack.jokers else "")
    sized = 1 <= pack.copies <= MAX_COPIES and 0 <= pack.jokers <= MAX_COPIES
    if sized and pack.ranks and hand >= 1 and pack_size < needed:
        out.append(
            Issue(
                "deal.hand_size",
                f"a pack of {pack_size} cards ({keys}) cannot deal "
                f"{_NUMBERS[players]} hands of {hand}{' and a turn-up' if turn_up else ''} and "
                "leave a stock",
                {"pack.ranks", "pack.copies", "pack.jokers", "trump.selection", "seats.players"},
            )
        )
    elif sized and pack.ranks and hand >= 1:
        stock = pack_size - players * hand
        if stock % players:
            out.append(
                Issue(
                    "seats.players",
                    f"a pack of {pack_size} cards ({keys}) less {players} "
                    f"hands of {hand} (deal.hand_size) leaves a stock of {stock} = "
                    f"{stock // players} × {players} + {stock % players}: every seat draws "
                    "one card a trick, so the stock must divide by the seats",
                    {"pack.ranks", "pack.copies", "pack.jokers", "deal.hand_size"},
                )
            )
    if deal.dealer_cut_bonus and not players * hand <= deal.cut_bonus_exact <= pack_size:
        out.append(
            Issue(
                "deal.cut_bonus_exact",
                f"must lie between the cards dealt ({players * hand}) and the pack size "
                f"({pack_size}), got {deal.cut_bonus_exact}",
                {"deal.hand_size", "pack.ranks", "pack.copies", "pack.jokers",
                 "deal.dealer_cut_bonus", "seats.players"},
            )
        )
    _points(out, "deal.cut_bonus_dealer", deal.cut_bonus_dealer)
    _points(out, "deal.cut_bonus_guess", deal.cut_bonus_guess)


def _meld_spec_issues(rules: Rules, name: str, spec: MeldSpec, out: list[Issue]) -> None:
    pack, melds = rules.pack, rules.melds
    ranks = set(pack.ranks)
    path = format_path(("melds", "table", name))
    scored = melds.values.get(name, 0) > 0
    if not name.isidentifier() or name != name.lower():
        out.append(Issue(path, "meld names must be snake_case identifiers (e.g. four_aces)"))
    for r in sorted(set(spec.ranks) - ranks, key=spec.ranks.index):
        out.append(
            Issue(
                f"{path}.ranks",
                f"rank {r!r} is not in the pack (pack.ranks = {list(pack.ranks)})",
                {"pack.ranks"},
            )
        )
    if spec.suits == "none":
        if spec.ranks:
            out.append(Issue(f"{path}.ranks", "suits = 'none' (carte blanche) takes no ranks"))
    elif spec.suits == "jokers":
        if spec.ranks:
            out.append(Issue(f"{path}.ranks", "suits = 'jokers' (jokers alone) takes no ranks"))
    elif not spec.ranks:
        out.append(Issue(f"{path}.ranks", "at least one rank is needed"))
    elif len(set(spec.ranks)) != len(spec.ranks):
        out.append(Issue(f"{path}.ranks", "a rank is repeated; use copies for repeats"))
    if spec.suits == "bezique_pair" and tuple(spec.ranks) != ("Q", "J"):
        out.append(Issue(f"{path}.ranks", "suits = 'bezique_pair' takes ranks = ['Q', 'J']"))
    if spec.suits == "each" and len(spec.ranks) != 1:
        out.append(Issue(f"{path}.ranks", "suits = 'each' (one of every suit) takes one rank"))
    if not 1 <= spec.copies <= MAX_COPIES:
        out.append(Issue(f"{path}.copies", f"must be 1 to {MAX_COPIES}, got {spec.copies}"))
    elif scored and spec.suits == "jokers" and pack.jokers == 0:
        out.append(Issue(format_path(("melds", "values", name)), "no jokers to score: the pack "
                         "has none (pack.jokers = 0)", {"pack.jokers", f"{path}.suits"}))
    elif scored and spec.suits == "jokers" and spec.copies > pack.jokers:
        out.append(Issue(f"{path}.copies", f"{spec.copies} jokers are more than the pack holds "
                         f"(pack.jokers = {pack.jokers})",
                         {"pack.jokers", format_path(("melds", "values", name))}))
    elif (
        scored
        and spec.suits not in ("none", "jokers")
        and pack.copies >= 1
        and spec.copies > pack.copies * (4 if spec.suits == "any" else 1)
    ):
        out.append(
            Issue(
                f"{path}.copies",
                f"{spec.copies} copies of each card are more than {pack.copies} pack(s) hold "
                "(pack.copies)",
                {"pack.copies", format_path(("melds", "values", name))},
            )
        )
    if spec.suits != "none" and not spec.klass:
        out.append(Issue(f"{path}.class", "a reuse class name is needed"))
    if not 1 <= spec.order <= MAX_ORDER:
        out.append(Issue(f"{path}.order", f"must be 1 to {MAX_ORDER}, got {spec.order}"))
    size = len(spec.ranks) * spec.copies * (4 if spec.suits == "each" else 1)
    if spec.suits == "jokers":
        size = spec.copies
    if scored and rules.deal.hand_size >= 1 and size > rules.deal.hand_size:
        out.append(
            Issue(
                path,
                f"the meld needs {size} cards, more than a hand of {rules.deal.hand_size} "
                "(deal.hand_size)",
                {"deal.hand_size", format_path(("melds", "values", name))},
            )
        )


def _meld_issues(rules: Rules, out: list[Issue]) -> None:
    melds = rules.melds
    if len(melds.table) > MAX_MELDS:
        out.append(Issue("melds.table", f"{len(melds.table)} melds: at most {MAX_MELDS} "
                                        "(bezique.rules.validate.MAX_MELDS)"))
        return
    for name, spec in melds.table.items():
        _meld_spec_issues(rules, name, spec, out)
    names = list(melds.table)
    for name, value in melds.values.items():
        vpath = format_path(("melds", "values", name))
        if name not in melds.table:
            hint = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
            tip = f"; did you mean '{hint[0]}'?" if hint else ""
            out.append(
                Issue(vpath, f"no meld of that name in melds.table{tip}")
            )
        _points(out, vpath, value)
    if melds.sequence_from_own_marriage and rules.trump.selection == "first_marriage_or_sequence":
        out.append(Issue("melds.sequence_from_own_marriage", "true lets a sequence grow only "
                         "from its declarer's trump marriage, so no sequence could fix trumps "
                         "as trump.selection = 'first_marriage_or_sequence' says",
                         {"trump.selection"}))
    _points(out, "melds.first_bezique_value", melds.first_bezique_value)
    if not 1 <= melds.per_trick <= 8:
        out.append(Issue("melds.per_trick", f"must be 1 to 8, got {melds.per_trick}"))
    if rules.trump.selection.startswith("first_marriage") and not any(
        spec.ranks == ("K", "Q") and melds.values.get(name, 0) > 0
        for name, spec in melds.table.items()
    ):
        out.append(
            Issue(
                "trump.selection",
                f"{rules.trump.selection!r} needs a scoring King-Queen marriage in melds.table",
                {"melds.table", "melds.values"},
            )
        )


def _joker_issues(rules: Rules, out: list[Issue]) -> None:
    """The ``[jokers]`` keys (docs/rules.md#joker-validation): each needs jokers in the pack,
    and what it names must be in the meld table."""
    jokers, count = rules.jokers, rules.pack.jokers
    if not 0 <= count <= MAX_COPIES:
        return  # reported at pack.jokers
    if count == 0:
        plain = JokerRules()
        for attribute in attrs.fields(JokerRules):
            value = getattr(jokers, attribute.name)
            if value != getattr(plain, attribute.name):
                out.append(Issue(f"jokers.{attribute.name}", f"{_shown(value)}: no jokers to "
                                 "apply it to (pack.jokers = 0)", {"pack.jokers"}))
        return
    if not 1 <= jokers.max_per_meld <= count:
        out.append(Issue("jokers.max_per_meld", f"must be 1 to {count} (pack.jokers), got "
                         f"{jokers.max_per_meld}", {"pack.jokers"}))
    table, values = rules.melds.table, rules.melds.values
    for name in jokers.wild_in:
        if name not in table:
            hint = difflib.get_close_matches(name, list(table), n=1, cutoff=0.6)
            tip = f"; did you mean '{hint[0]}'?" if hint else ""
            out.append(Issue("jokers.wild_in", f"{name!r} is no meld of melds.table{tip}",
                             {"melds.table"}))
    if jokers.in_trump_quartets and not any(
        spec.suits == "trump" and len(spec.ranks) == 1 and values.get(name, 0) > 0
        for name, spec in table.items()
    ):
        out.append(Issue("jokers.in_trump_quartets", "true, but melds.table scores no trump "
                         "quartet (suits = 'trump', one rank) for a joker to enter",
                         {"melds.table", "melds.values"}))
    if jokers.turned_up == "none" and rules.trump.selection.startswith("turn_up"):
        out.append(Issue("jokers.turned_up", f"'none' leaves a turned-up joker without a "
                         f"reading, and trump.selection = {rules.trump.selection!r} turns up a "
                         f"card of a pack with {count} jokers: say what it makes trumps "
                         "('diamonds'; docs/rules.md#dj1)", {"trump.selection", "pack.jokers"}))


def _scoring_issues(rules: Rules, out: list[Issue]) -> None:
    _points(out, "trump.first_marriage_value", rules.trump.first_marriage_value)
    if rules.dix.rank not in rules.pack.ranks:
        out.append(
            Issue(
                "dix.rank",
                f"{rules.dix.rank!r} is not in the pack (pack.ranks = {list(rules.pack.ranks)})",
                {"pack.ranks"},
            )
        )
    _points(out, "dix.value", rules.dix.value)
    for path, value in (
        ("brisques.majority_bonus", rules.brisques.majority_bonus),
        ("brisques.min_board_score_to_count", rules.brisques.min_board_score_to_count),
        ("last_trick.value", rules.last_trick.value),
        ("last_trick.seven_bonus", rules.last_trick.seven_bonus),
        ("match.loser_start", rules.match.loser_start),
        ("game.tie_raise", rules.game.tie_raise),
        ("game.double_win_below", rules.game.double_win_below),
        ("game.both_over_new_target", rules.game.both_over_new_target),
        ("rubicon.threshold", rules.rubicon.threshold),
        ("rubicon.game_bonus", rules.rubicon.game_bonus),
        ("rubicon.rubicon_bonus", rules.rubicon.rubicon_bonus),
        ("rubicon.brisque_award", rules.rubicon.brisque_award),
        ("rubicon.loser_under_100_extra", rules.rubicon.loser_under_100_extra),
    ):
        _points(out, path, value, limit=MAX_TARGET)
    for path, value in (("brisques.majority_penalty", rules.brisques.majority_penalty),
                        ("brisques.shortfall_penalty", rules.brisques.shortfall_penalty)):
        if not -MAX_TARGET <= value <= 0:
            out.append(Issue(path, f"a penalty is 0 or negative, down to -{MAX_TARGET:_}, got "
                             f"{value}"))
    _min_to_score_issues(rules, out)
    _match_issues(rules, out)
    game = rules.game
    if not 1 <= game.target <= MAX_TARGET:
        out.append(Issue("game.target", f"must be 1 to {MAX_TARGET:_}, got {game.target}"))
    if 0 < game.both_over_new_target <= game.target:
        out.append(
            Issue(
                "game.both_over_new_target",
                f"{game.both_over_new_target} must exceed game.target {game.target}",
                {"game.target"},
            )
        )
    if game.double_win_below >= game.target >= 1:
        out.append(
            Issue(
                "game.double_win_below",
                f"{game.double_win_below} must be below game.target {game.target}",
                {"game.target"},
            )
        )
    if game.tie == "raise_target" and game.tie_raise < 1:
        out.append(
            Issue("game.tie_raise", "must be positive when game.tie = 'raise_target'", {"game.tie"})
        )
    if game.call_out and game.single_deal:
        out.append(
            Issue(
                "game.call_out",
                "a call-out needs a target game, not game.single_deal = true",
                {"game.single_deal"},
            )
        )


def _match_issues(rules: Rules, out: list[Issue]) -> None:
    """``[match]`` (docs/rules.md#dj18): a number of games, and a start below the target that
    only a match layer gives."""
    match, target = rules.match, rules.game.target
    if not 0 <= match.consecutive_wins <= MAX_MATCH_GAMES:
        out.append(Issue("match.consecutive_wins", f"must be 0 (no match) to {MAX_MATCH_GAMES}, "
                         f"got {match.consecutive_wins}"))
    elif match.loser_start and not match.consecutive_wins:
        out.append(Issue("match.loser_start", f"{match.loser_start}: no match to lose "
                         "(match.consecutive_wins = 0)", {"match.consecutive_wins"}))
    if 1 <= target <= match.loser_start:
        out.append(Issue("match.loser_start", f"{match.loser_start} must be below game.target "
                         f"{target}", {"game.target"}))


def _min_to_score_issues(rules: Rules, out: list[Issue]) -> None:
    """``brisques.min_to_score``: an int, or a table by seat count with an entry for
    ``seats.players``; never more than the brisques in the pack."""
    minimum = rules.brisques.min_to_score
    brisques_in_pack = 8 * rules.pack.copies
    entries = [("brisques.min_to_score", minimum)] if isinstance(minimum, int) else [
        (f"brisques.min_to_score.{seats}", value) for seats, value in minimum.items()]
    for path, value in entries:
        _points(out, path, value, limit=MAX_TARGET)
        if value > brisques_in_pack and rules.pack.copies >= 1:
            out.append(Issue(path, f"{value} is more than the {brisques_in_pack} brisques "
                             "in the pack (pack.copies)", {"pack.copies"}))
    if isinstance(minimum, int):
        return
    for seats in minimum:
        if seats not in {str(n) for n in range(2, MAX_SEATS + 1)}:
            out.append(Issue(f"brisques.min_to_score.{seats}",
                             f"a seat count is 2 to {MAX_SEATS}, got {seats!r}"))
    if str(rules.players) not in minimum:
        out.append(Issue("brisques.min_to_score",
                         f"the table by seat count has no entry for {rules.players} seats "
                         "(seats.players)", {"seats.players"}))


def _team_issues(rules: Rules, out: list[Issue]) -> bool:
    """The teams partition the seats, and group them as a source does (docs/rules.md#dm8):
    one seat a team or, at four seats, partners opposite. Whether they do."""
    players, teams = rules.players, rules.teams
    involves = {"seats.players"}
    count = Counter(seat for team in teams for seat in team)
    outside = sorted(s for s in count if not 0 <= s < players)
    twice = sorted(s for s, n in count.items() if 0 <= s < players and n > 1)
    missing = sorted(set(range(players)) - set(count))
    empty = [index for index, team in enumerate(teams) if not team]
    problems = []
    if outside:
        problems.append(f"{_these('seat', outside)} not among the {players} seats "
                        f"(0 to {players - 1}, seats.players)")
    if twice:
        problems.append(f"{_these('seat', twice)} listed more than once")
    if missing:
        problems.append(f"{_these('seat', missing)} in no team")
    if empty:
        problems.append(f"{_these('team', empty)} empty")
    out.extend(Issue("seats.teams", problem, involves) for problem in problems)
    if problems:
        return False
    grouping = sorted(tuple(sorted(team)) for team in teams)
    if all(len(team) == 1 for team in teams) or (players == 4 and grouping == [(0, 2), (1, 3)]):
        return True
    out.append(Issue(
        "seats.teams",
        f"{[list(team) for team in teams]}: teams are one seat each or, at four seats, "
        "partners opposite, [[0, 2], [1, 3]] (no source plays another grouping)", involves))
    return False


def _these(noun: str, numbers: list[int]) -> str:
    """``seat 3 is`` or ``seats 0, 3 are`` (at most `MAX_LISTED` numbers, then a count)."""
    if len(numbers) == 1:
        return f"{noun} {numbers[0]} is"
    shown = ", ".join(str(n) for n in numbers[:MAX_LISTED])
    more = f" and {len(numbers) - MAX_LISTED} more" if len(numbers) > MAX_LISTED else ""
    return f"{noun}s {shown}{more} are"


def _seat_issues(rules: Rules, out: list[Issue]) -> None:
    """The seat keys and what they allow (docs/rules.md#more-seats), every problem at once."""
    if rules.melds.second_double_on_used_pair and 1 <= rules.pack.copies < 3:
        out.append(Issue(
            "melds.second_double_on_used_pair",
            f"needs three packs or more (a third copy of each bezique card), not "
            f"pack.copies = {rules.pack.copies}", {"pack.copies"}))
    players = rules.players
    if not MIN_SEATS <= players <= MAX_SEATS:
        out.append(Issue("seats.players", f"must be {MIN_SEATS} to {MAX_SEATS}, got {players}"))
        return
    teams_ok = _team_issues(rules, out)
    team_count = len(rules.teams)
    if teams_ok and all(len(team) == 1 for team in rules.teams):
        defaults = PartnershipRules()
        for key in ("declarer", "consult", "combine_table_cards", "bezique_from_either"):
            value = getattr(rules.partnership, key)
            if value != getattr(defaults, key):
                out.append(Issue(
                    f"partnership.{key}",
                    f"{_shown(value)} applies to partners only, and every team here has one "
                    "seat (seats.teams)", {"seats.teams", "seats.players"}))
    if rules.endgame.format == "pairwise_duels" and players != 4:
        out.append(Issue(
            "endgame.format",
            f"'pairwise_duels' is played at four seats only, not {players} (seats.players)",
            {"seats.players"}))
    if teams_ok and team_count != 2:
        _two_team_issues(rules, team_count, out)
    if players > 2:
        _two_seat_issues(rules, out)


def _shown(value: object) -> str:
    """A key's value as a problem quotes it (``true``, ``'winner_only'``, ``['four_aces']``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(_shown(item) for item in value) + "]"
    return repr(value)


def _two_team_issues(rules: Rules, team_count: int, out: list[Issue]) -> None:
    """Keys that settle one winner against one loser need two teams (docs/rules.md#dm12; the
    match and the brisque majority of the joker game, #dj15 and #dj18)."""
    game, plain = rules.game, GameRules()
    why = (f"settles one winner against one loser, so it needs two teams, not {team_count} "
           "(seats.teams)")
    involves = {"seats.teams", "seats.players"}
    for key in ("double_win_below", "call_out", "single_deal"):
        if getattr(game, key) != getattr(plain, key):
            out.append(Issue(f"game.{key}", why, involves))
    tables: tuple[tuple[str, RubiconRules | MatchRules], ...] = (
        ("rubicon", RubiconRules()), ("match", MatchRules()))
    for table, default in tables:
        section = getattr(rules, table)
        for attribute in attrs.fields(type(default)):
            if getattr(section, attribute.name) != getattr(default, attribute.name):
                out.append(Issue(f"{table}.{attribute.name}", why, involves))
    if rules.brisques.counted == "majority":
        out.append(Issue("brisques.counted", "'majority' sets the side with more brisques "
                         "against the side with fewer, so it needs two teams, not "
                         f"{team_count} (seats.teams)", involves))


def _two_seat_issues(rules: Rules, out: list[Issue]) -> None:
    """Two-seat rules that no source plays at more seats."""
    why = f"is a two-seat rule; no source says how it is played at {rules.players} seats"
    involves = {"seats.players"}
    if rules.deal.dealer_cut_bonus:
        out.append(Issue("deal.dealer_cut_bonus", f"true {why}", involves))
    if rules.last_stock.winner_chooses:
        out.append(Issue("last_stock.winner_chooses", f"true {why}", involves))
    if rules.endgame.revoke_penalty != "none":
        out.append(Issue("endgame.revoke_penalty", f"{rules.endgame.revoke_penalty!r} {why}",
                         involves))
    if rules.melds.timing != "before_draw":
        out.append(Issue("melds.timing", f"{rules.melds.timing!r} {why}", involves))


def _idle_issues(rules: Rules, out: list[Issue]) -> None:
    """Keys set off their defaults that the rest of the profile leaves nothing to act on."""
    melds, values, table = rules.melds, rules.melds.values, rules.melds.table

    def scored(*suits: str, order: int = 0) -> bool:
        return any(values.get(name, 0) > 0 and spec.suits in suits and (
            not order or (spec.order >= 2) == (order >= 2)) for name, spec in table.items())

    meld = {"melds.table", "melds.values"}
    if melds.sequence_from_own_marriage and not scored("trump", order=1):
        out.append(Issue("melds.sequence_from_own_marriage", "true, but no trump marriage "
                         "scores for a sequence to grow from", meld))
    if not melds.multi_bezique_growth and not scored("bezique_pair", order=2):
        out.append(Issue("melds.multi_bezique_growth", "false, but no double (or larger) "
                         "bezique scores", meld))
    if melds.first_bezique_value and not scored("bezique_pair", order=1):
        out.append(Issue("melds.first_bezique_value", "set, but no single bezique scores", meld))
    if (rules.pack.jokers and not rules.jokers.fresh_card_may_be_joker
            and melds.new_card_from_hand_required and scored("jokers")):
        out.append(Issue("jokers.fresh_card_may_be_joker", "false, with a scored meld of jokers "
                         "alone and melds.new_card_from_hand_required: it could never be "
                         "declared", {"melds.values", "melds.new_card_from_hand_required"}))
    if rules.brisques.counted == "majority" and rules.brisques.when != "end_of_deal":
        out.append(Issue("brisques.counted", "'majority' compares the brisques at the end of "
                         "the deal (brisques.when = 'end_of_deal')", {"brisques.when"}))
    if rules.last_trick.seven_bonus and not rules.last_trick.value:
        out.append(Issue("last_trick.seven_bonus", "set, but the last trick scores nothing "
                         "(last_trick.value = 0)", {"last_trick.value"}))
    dix = rules.dix
    if dix.award_to != "player" and not (
            dix.value and dix.score_on_play and dix.only_method != "exchange_only"):
        out.append(Issue("dix.award_to", f"{dix.award_to!r}, but no dix scores when played "
                         "(dix.value, dix.score_on_play, dix.only_method)",
                         {"dix.value", "dix.score_on_play", "dix.only_method"}))


def check(rules: Rules) -> list[Issue]:
    """Every cross-field problem of a profile as `Issue` objects (empty if valid)."""
    out: list[Issue] = []
    if not rules.name.strip():
        out.append(Issue("name", "must not be empty"))
    _pack_issues(rules, out)
    _deal_issues(rules, out)
    _meld_issues(rules, out)
    _joker_issues(rules, out)
    _scoring_issues(rules, out)
    _idle_issues(rules, out)
    _seat_issues(rules, out)
    return out


def validate(rules: Rules) -> list[str]:
    """Every cross-field problem of a profile, as ``key.path: what`` strings (empty if valid)."""
    return [str(issue) for issue in check(rules)]
