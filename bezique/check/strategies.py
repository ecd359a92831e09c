"""Hypothesis strategies for property-testing rule profiles (docs/testing.md).

Every strategy is named in the plural and takes keyword-only options:

- `profiles` — valid house variations of the built-in profiles, drawn knob by knob from the
  values of docs/rules.md#knobs (each knob shrinks back to its base value);
- `deals` — fresh seeded deals of a profile;
- `positions` — reachable mid-deal states, reached by playing drawn legal actions (so a failure
  shrinks to a short game);
- `actions` (alias `legal_actions`) — one legal action of a deal;
- `playouts` — a whole deal as a replayable `Playout`: the seed, the dealer and the actions.

Each also takes ``players=3`` or ``4`` (with ``teams=``): the profile moved to that many seats by
`bezique.check.playout.at_seats`, so states at more seats are built by playing (no profile of
more than two seats loads yet). Dealers are drawn among the profile's seats.

Importing hypothesis registers `Rules` and `Deal` through the package's hypothesis entry point
(`bezique._hypothesis`, which imports this module only when a strategy is drawn), so
``st.from_type(Rules)`` draws profiles.

>>> from hypothesis import given, settings
>>> @settings(max_examples=3, database=None)
... @given(playouts(load_profile("five-hundred")))
... def test(playout):
...     assert playout.replay().is_over
>>> test()
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

import tomli_w

from bezique.errors import extra_missing

try:
    from hypothesis import note, reject
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - the extra is missing
    raise extra_missing("bezique.check.strategies", "test", error) from error

from bezique.actions import Action
from bezique.check.invariants import check
from bezique.check.playout import Playout, at_seats, default_max_plies
from bezique.deal import Deal
from bezique.errors import ProfileError
from bezique.rules import Rules, list_profiles, load_profile, profile_from_toml

__all__ = [
    "JOKER_KNOBS",
    "KNOBS",
    "Playout",
    "actions",
    "deals",
    "default_max_plies",
    "legal_actions",
    "playouts",
    "positions",
    "profiles",
]

_BOOL = (False, True)

KNOBS: Mapping[str, tuple[Any, ...]] = {
    "deal.first_dealer": ("high_card_deals", "high_card_chooses", "low_card_deals", "random"),
    "deal.rotation": ("alternate", "last_trick_winner_deals", "hand_winner_deals"),
    "deal.dealer_cut_bonus": _BOOL,
    "trump.selection": (
        "turn_up_next", "turn_up_bottom", "first_marriage", "first_marriage_or_sequence"
    ),
    "trump.melds_before_trump": ("any", "none"),
    "dix.value": (10, 0),
    "dix.turn_up_scores": _BOOL,
    "dix.exchange_allowed": _BOOL,
    "dix.show_allowed": _BOOL,
    "dix.score_on_play": _BOOL,
    "dix.score_on_play_in_endgame": _BOOL,
    "dix.declare_anytime": _BOOL,
    "dix.counts_as_meld": _BOOL,
    "dix.blocks_meld_same_trick": _BOOL,
    "dix.only_method": ("either", "exchange_only", "announce_only"),
    "melds.four_of_a_kind_mode": ("any_suits", "one_per_suit"),
    "melds.carte_blanche_repeat": _BOOL,
    "melds.pending": ("cady", "none"),
    "melds.new_card_from_hand_required": _BOOL,
    "melds.reuse": ("by_class", "never"),
    "melds.marriage_to_sequence": _BOOL,
    "melds.sequence_to_marriage": _BOOL,
    "melds.double_after_two_singles": _BOOL,
    "melds.reform_after_play": _BOOL,
    "melds.reform_requires_hand_card": _BOOL,
    "melds.bezique_pair": ("QS_JD", "trump_queen_paired_jack", "nie_swap"),
    "melds.on_last_stock_trick": _BOOL,
    "melds.require_trump_marriage_before_sequence": _BOOL,
    "melds.timing": ("before_draw", "after_draw"),
    "endgame.obligation": ("follow_and_win", "follow_only", "follow_trump_beat_trump_lead"),
    "endgame.revoke_penalty": ("none", "forfeit_remaining_tricks"),
    "last_stock.winner_chooses": _BOOL,
    "trick_points.scheme": (
        "brisques", "ace11_ten10", "a11_t10_k4_q3_j2", "counters_10", "none"
    ),
    "trick_points.rounding": ("none", "7_up"),
    "brisques.when": ("end_of_deal", "immediately"),
    "brisques.counted": ("always", "only_to_escape_rubicon_or_break_tie"),
    "brisques.min_to_score": (0, 14, 16),
    "brisques.majority_bonus": (0, 320),
    "last_trick.value": (10, 50, 250, 0),
    "last_trick.which": ("final", "last_stock_trick"),
    "tricks.gather": ("always", "when_brisque_played", "never"),
    "tricks.before_trump_worthless": _BOOL,
    "game.target": (500, 1000, 1500, 2000),
    "game.end": ("finish_deal", "immediate_on_meld", "immediate_any"),
    "game.count_order": ("simultaneous", "nondealer_first"),
    "game.tie": ("draw", "extra_deal", "raise_target"),
    "game.double_win_below": (0, 500),
    "game.single_deal": _BOOL,
    "game.call_out": _BOOL,
    "game.both_over_new_target": (0, 600),
    "rubicon.threshold": (1000, 3000, 5000),
    "rubicon.game_bonus": (500, 1000),
    "rubicon.rubicon_bonus": (500, 1000, 1500),
    "rubicon.brisque_award": (320, 0),
    "rubicon.drop_fractions": _BOOL,
}
"""The house-rule knobs `profiles` varies, with the values docs/rules.md#knobs gives for each."""

JOKER_KNOBS: Mapping[str, tuple[Any, ...]] = {
    "pack.jokers": (4, 0),
    "jokers.max_per_meld": (1, 2, 4),
    "jokers.in_trump_quartets": _BOOL,
    "jokers.reuse": ("class_rule", "never"),
    "jokers.fresh_card_may_be_joker": _BOOL,
    "jokers.endgame_play": ("when_void", "last_resort"),
    "melds.sequence_from_own_marriage": _BOOL,
    "melds.multi_bezique_growth": _BOOL,
    "melds.first_bezique_value": (0, 100),
}
"""The knobs of the joker game (docs/rules.md#knobs-jokers), varied where the base has jokers;
``jokers.wild_in`` is drawn from the quartets and every meld but the sequence (PH), and a
turned-up trump takes ``jokers.turned_up = "diamonds"``, the one reading a valid profile has."""

MELD_VALUES: Mapping[str, tuple[int, ...]] = {
    "four_tens": (0, 90),
    "back_door": (0, 120, 150),
    "sequence": (250, 150, 500),
    "double_bezique": (500, 300, 80),
    "triple_bezique": (1500,),
    "carte_blanche": (0, 50, 250),
    "four_jokers": (0, 200),
}
"""Meld-table values (docs/rules.md#knobs-melds) varied where the base's table has the meld."""

RANK_SETS: tuple[tuple[str, ...], ...] = (
    ("A", "10", "K", "Q", "J", "9", "8", "7"),
    ("A", "10", "K", "Q", "J", "9"),
)
"""``pack.ranks`` values of docs/rules.md#knobs-deal."""

HANDS: Mapping[int, tuple[tuple[int, ...], ...]] = {
    8: ((3, 2, 3), (1,)),
    9: ((3, 3, 3), (3,), (1,)),
    10: ((1,),),
    12: ((4, 4, 4), (1,), (3,)),
    15: ((3,), (1,)),
}
"""``deal.hand_size`` values of docs/rules.md#knobs-deal with the ``deal.packets`` that fit each."""


def _maybe(values: Sequence[Any]) -> st.SearchStrategy[Any]:
    """None (keep the base's value; what a failure shrinks to) or one of the knob's values."""
    return st.none() | st.sampled_from(list(values))


def _put(data: dict[str, Any], path: str, value: Any) -> None:
    *tables, key = path.split(".")
    for table in tables:
        data = data.setdefault(table, {})
    data[key] = value


@st.composite
def _variation(draw: st.DrawFn, base: Rules) -> Rules:
    overrides: dict[str, Any] = {}
    for path, values in KNOBS.items():
        value = draw(_maybe(values), label=path)
        if value is not None:
            overrides[path] = value
    ranks = draw(_maybe(RANK_SETS), label="pack.ranks")
    if ranks is not None:
        overrides["pack.ranks"] = list(ranks)
    pack_ranks = ranks or base.pack.ranks
    dix_rank = draw(_maybe([r for r in ("7", "9") if r in pack_ranks]), label="dix.rank")
    if dix_rank is not None or base.dix.rank not in pack_ranks:
        overrides["dix.rank"] = dix_rank or pack_ranks[-1]
    copies = draw(_maybe([n for n in (1, 2, 4, 6, 8) if n <= max(base.pack.copies, 4)]))
    if copies is not None:
        overrides["pack.copies"] = copies
        for name, spec in base.melds.table.items():
            if spec.copies > copies:
                overrides[f"melds.values.{name}"] = 0
    hand = draw(_maybe(sorted(HANDS)), label="deal.hand_size")
    if hand is not None:
        overrides["deal.hand_size"] = hand
        overrides["deal.packets"] = list(draw(st.sampled_from(HANDS[hand])))
    for name, values in MELD_VALUES.items():
        if name in base.melds.table:
            value = draw(_maybe(values), label=f"melds.values.{name}")
            if value is not None:
                overrides.setdefault(f"melds.values.{name}", value)
    if base.pack.jokers:
        _joker_knobs(draw, base, overrides)
    return _build(base, overrides)


def _joker_knobs(draw: st.DrawFn, base: Rules, overrides: dict[str, Any]) -> None:
    """Draw `JOKER_KNOBS` and ``jokers.wild_in`` into ``overrides`` (a base with jokers)."""
    for path, values in JOKER_KNOBS.items():
        value = draw(_maybe(values), label=path)
        if value is not None:
            overrides[path] = value
    table = base.melds.table
    every = [n for n, spec in table.items() if n != "sequence" and spec.suits != "jokers"]
    wild = draw(_maybe([list(base.jokers.wild_in), every]), label="jokers.wild_in")
    if wild is not None:
        overrides["jokers.wild_in"] = wild
    if str(overrides.get("trump.selection", base.trump.selection)).startswith("turn_up"):
        overrides["jokers.turned_up"] = "diamonds"


def _build(base: Rules, overrides: Mapping[str, Any]) -> Rules:
    """Apply dotted-key overrides to ``base`` through the loader, so the result is validated.

    Overrides that a cross-field check rejects (those on the reported key, else those in the
    reported table) are dropped and the rest retried; if nothing valid is left, the example is
    rejected.
    """
    data = tomllib.loads(base.to_toml())
    changes = dict(overrides)
    for _ in range(4):
        merged = copy.deepcopy(data)
        if changes:
            merged["name"] = f"{base.name}-variant"
        for path, value in changes.items():
            _put(merged, path, value)
        try:
            rules = profile_from_toml(tomli_w.dumps(merged), source="<profiles()>")
        except ProfileError as exc:
            reported = [problem.split(": ")[1] for problem in exc.problems if ": " in problem]
            culprits = [p for p in changes if any(q.startswith(p) for q in reported)]
            if not culprits:
                tables = {q.split(".")[0] for q in reported}
                culprits = [p for p in changes if p.split(".")[0] in tables]
            if not culprits:
                reject()
            for path in culprits:
                del changes[path]
            continue
        if changes:
            note(f"profile overrides: {changes}")
        return rules
    reject()


Teams = tuple[tuple[int, ...], ...]
"""Seats grouped in teams (`Rules.teams`)."""


def profiles(*, base: str | Rules | None = None, players: int | None = None,
             teams: Teams | None = None) -> st.SearchStrategy[Rules]:
    """Valid profiles: a built-in profile (or ``base``: a name or a `Rules`) with house-rule
    knobs of docs/rules.md#knobs changed one by one. Every drawn profile went through the loader's
    validation; failures shrink towards the unchanged base profile. With ``players`` (and
    ``teams``), each is then moved to that many seats (`at_seats`, validated); a variation that
    cannot be played there is rejected."""
    drawn = _rules_strategy(base).flatmap(_variation)
    return drawn if players is None else drawn.flatmap(lambda r: _moved(r, players, teams))


def _moved(rules: Rules, players: int, teams: Teams | None) -> st.SearchStrategy[Rules]:
    try:
        return st.just(at_seats(rules, players, teams=teams))
    except ProfileError:
        reject()


def _rules_strategy(
    rules: Rules | str | st.SearchStrategy[Rules] | None, players: int | None = None,
    teams: Teams | None = None,
) -> st.SearchStrategy[Rules]:
    """``rules`` as a strategy: a strategy as it is, a profile or a built-in name as the only
    value, None as any built-in profile; with ``players``, moved to that many seats
    (`at_seats`: a fixed profile that cannot be raises `ProfileError` at once, a drawn one is
    rejected)."""
    if isinstance(rules, st.SearchStrategy):
        drawn = rules
    elif rules is None:
        drawn = st.sampled_from(list_profiles()).map(load_profile)
    else:
        fixed = load_profile(rules) if isinstance(rules, str) else rules
        return st.just(fixed if players is None else at_seats(fixed, players, teams=teams))
    return drawn if players is None else drawn.flatmap(lambda r: _moved(r, players, teams))


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
"""Deal seeds (shrinking towards 0)."""


@st.composite
def _deal(draw: st.DrawFn, rules: Rules, dealer: int | None) -> Deal:
    seed = draw(SEEDS, label="seed")
    who = draw(_seats(rules), label="dealer") if dealer is None else dealer
    return Deal.new(rules, seed=seed, dealer=who)


def _seats(rules: Rules) -> st.SearchStrategy[int]:
    """A seat of ``rules`` (0 or 1 at two seats; shrinking towards 0)."""
    return st.integers(0, rules.players - 1)


def deals(
    rules: Rules | str | st.SearchStrategy[Rules], *, dealer: int | None = None,
    players: int | None = None, teams: Teams | None = None,
) -> st.SearchStrategy[Deal]:
    """Freshly dealt deals of ``rules`` (a profile, a built-in name or a strategy of profiles)
    from a drawn seed; ``dealer`` is drawn too unless given. ``players`` (and ``teams``) move
    the profile to that many seats (`at_seats`)."""
    return _rules_strategy(rules, players, teams).flatmap(lambda r: _deal(r, dealer))


def actions(deal: Deal) -> st.SearchStrategy[Action]:
    """One legal action of ``deal`` (which must not be over); shrinks to the first listed."""
    choices = deal.legal_actions()
    if not choices:
        raise ValueError("actions(deal): the deal is over, it has no legal action")
    return st.sampled_from(choices)


legal_actions = actions
"""Alias of `actions`: one legal action of a deal."""


@st.composite
def _playout(
    draw: st.DrawFn, rules: Rules, max_plies: int | None, dealer: int | None, prefix: bool,
    checked: bool = False,
) -> Playout:
    seed = draw(SEEDS, label="seed")
    who = draw(_seats(rules), label="dealer") if dealer is None else dealer
    deal = Deal.new(rules, seed=seed, dealer=who)
    bound = default_max_plies(rules) if max_plies is None else max_plies
    if prefix:
        bound = draw(st.integers(0, bound), label="plies")
    texts: list[str] = []
    choices: list[int] = []
    if checked and not _passes(deal, 0):
        return Playout(rules, seed, who, (), (), False)
    while not deal.is_over and len(texts) < bound:
        options = deal.legal_actions()
        if not options:
            break  # a turn with no legal action: invariant 3 reports it on replay
        i = draw(st.integers(0, len(options) - 1))
        choices.append(i)
        texts.append(str(options[i]))
        deal.apply(options[i])
        if checked and not _passes(deal, len(texts)):
            break  # the replay (`check_playout`) raises it again, at this ply
    return Playout(rules, seed, who, tuple(texts), tuple(choices), deal.is_over)


def _passes(deal: Deal, ply: int) -> bool:
    """Whether the per-ply invariants hold (`bezique.check.invariants.check`); any exception
    counts as a failure, for the replay to report."""
    try:
        check(deal, ply=ply)
    except Exception:  # reported by the replay, with its ply
        return False
    return True


def playouts(
    rules: Rules | str | st.SearchStrategy[Rules],
    *,
    max_plies: int | None = None,
    dealer: int | None = None,
    prefix: bool = False,
    players: int | None = None,
    teams: Teams | None = None,
    checked: bool = False,
) -> st.SearchStrategy[Playout]:
    """Deals of ``rules`` played with drawn legal actions, as replayable `Playout`s.

    A deal stops at ``max_plies`` (default `default_max_plies`, derived from the profile), so
    that a house rule that keeps a deal from ending is reported (``finished=False``) instead of
    hanging. With ``prefix=True`` the number of plies is drawn too (up to ``max_plies``): the
    playout is the start of a deal, and a failure shrinks to a short game. ``players`` (and
    ``teams``) move the profile to that many seats (`at_seats`).

    With ``checked=True`` every ply is checked as it is drawn (the per-ply invariants of
    `bezique.check.invariants.check`), and the drawing stops at the first ply that breaks one:
    the playout ends there, unfinished, and `check_playout` raises the failure again at that
    ply. A failure then shrinks over the plies before it only, not over a whole deal drawn
    after it: ``bezique check`` draws its deals so.
    """
    return _rules_strategy(rules, players, teams).flatmap(
        lambda r: _playout(r, max_plies, dealer, prefix, checked))


@st.composite
def _position(draw: st.DrawFn, plays: st.SearchStrategy[Playout]) -> Deal:
    playout = draw(plays)
    note(f"position: {playout!r}")
    return playout.replay()


def positions(
    rules: Rules | str | st.SearchStrategy[Rules],
    *,
    max_plies: int = 200,
    dealer: int | None = None,
    players: int | None = None,
    teams: Teams | None = None,
) -> st.SearchStrategy[Deal]:
    """Reachable states: a fresh deal after up to ``max_plies`` drawn legal actions (possibly
    over). Failures shrink to short games; the seed and actions are noted for replay.
    ``players`` (and ``teams``) move the profile to that many seats (`at_seats`)."""
    return _position(playouts(rules, max_plies=max_plies, dealer=dealer, prefix=True,
                              players=players, teams=teams))

