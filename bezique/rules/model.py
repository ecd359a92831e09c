"""The typed rule profile: a frozen, keyword-only attrs tree, one class per TOML table.

Every key of docs/rules.md#knobs lives here under its name there; the defaults are the `bezique`
defaults (docs/rules.md#r3). The meld table is data (R5): ``melds.table.NAME`` gives a meld's card
pattern, class and order; ``melds.values.NAME`` gives its points (0 or absent: not scored).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final, Generic, Literal, TypeVar

import attrs
from attrs import field, frozen

V = TypeVar("V")


class FrozenMap(Mapping[str, V], Generic[V]):
    """An immutable, hashable mapping from TOML keys to values (tables of a profile)."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[str, V] | None = None) -> None:
        self._data: dict[str, V] = dict(data or {})
        self._hash: int | None = None

    def __getitem__(self, key: str) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(tuple(sorted(self._data.items(), key=lambda kv: kv[0])))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._data == other._data
        return isinstance(other, Mapping) and self._data == dict(other)

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the items only: the cached hash is valid in this process alone (string
        hashes are salted per process), so an unpickled map works its hash out again."""
        return FrozenMap, (self._data,)


def _frozen_map(value: Mapping[str, V] | None) -> FrozenMap[V]:
    return value if isinstance(value, FrozenMap) else FrozenMap(value)


def _int_or_map(value: int | Mapping[str, int]) -> int | FrozenMap[int]:
    return value if isinstance(value, int) else _frozen_map(value)


def field_default(instance: object, attribute: attrs.Attribute[Any]) -> Any:
    """The default of one field of ``instance``, its factory called (with the instance, for a
    ``takes_self`` factory, so fields before it must be set)."""
    default: Any = attribute.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return default.factory(instance) if default.takes_self else default.factory()
    return default


def _getstate(self: Any) -> dict[str, Any]:
    """The state of a pickled table: the dict of its fields, as attrs writes it."""
    return {a.name: getattr(self, a.name) for a in attrs.fields(type(self))}


def _setstate(self: Any, state: dict[str, Any]) -> None:
    """Unpickle a table, giving each field an older pickle lacks its default (the pickles in
    tests/pickles/ were made before the seat keys). A class that defines ``__setstate__``
    gets no pickling from attrs, so the classes that use this take `_getstate` too."""
    for attribute in attrs.fields(type(self)):
        value = state[attribute.name] if attribute.name in state else field_default(
            self, attribute)
        object.__setattr__(self, attribute.name, value)
    if _HASH_CACHE in type(self).__slots__:  # worked out again: string hashes are per process
        object.__setattr__(self, _HASH_CACHE, None)


_HASH_CACHE: Final = "_attrs_cached_hash"
"""The slot where attrs keeps the hash of a class made with ``cache_hash=True`` (`Rules`),
which ``__init__`` sets to None and `_setstate` must too."""


Rank = Literal["A", "10", "K", "Q", "J", "9", "8", "7"]
MeldSuits = Literal["plain", "trump", "same", "any", "each", "bezique_pair", "none", "jokers"]


@frozen(kw_only=True)
class Pack:
    """``[pack]``: which ranks are in a piquet-style pack, how many packs are mixed, and how
    many jokers are added (``jokers``: 4 in Joker Bésigue, docs/rules.md#joker)."""

    ranks: tuple[Rank, ...] = ("A", "10", "K", "Q", "J", "9", "8", "7")
    copies: int = 2
    jokers: int = 0

    __getstate__ = _getstate
    __setstate__ = _setstate


@frozen(kw_only=True)
class DealRules:
    """``[deal]``: hand size, packets, who deals first and next, the Chinese cut bonus."""

    hand_size: int = 8
    packets: tuple[int, ...] = (3, 2, 3)
    first_dealer: Literal[
        "high_card_deals", "high_card_chooses", "low_card_deals", "random"
    ] = "high_card_deals"
    rotation: Literal["alternate", "last_trick_winner_deals", "hand_winner_deals"] = "alternate"
    dealer_cut_bonus: bool = False
    cut_bonus_exact: int = 24
    cut_bonus_dealer: int = 250
    cut_bonus_guess: int = 150


@frozen(kw_only=True)
class TrumpRules:
    """``[trump]``: how the trump suit is chosen and what may be declared before it is."""

    selection: Literal[
        "turn_up_next", "turn_up_bottom", "first_marriage", "first_marriage_or_sequence"
    ] = "turn_up_next"
    melds_before_trump: Literal["any", "none"] = "any"
    first_marriage_value: int = 40


@frozen(kw_only=True)
class DixRules:
    """``[dix]``: the lowest trump (seven, or nine in Pinochle) and how it scores (ruling R4)."""

    rank: Rank = "7"
    value: int = 10
    turn_up_scores: bool = True
    exchange_allowed: bool = True
    show_allowed: bool = True
    score_on_play: bool = True
    score_on_play_in_endgame: bool = True
    declare_anytime: bool = False
    counts_as_meld: bool = False
    blocks_meld_same_trick: bool = False
    only_method: Literal["either", "exchange_only", "announce_only"] = "either"
    award_to: Literal["player", "trick_winner"] = "player"

    __getstate__ = _getstate
    __setstate__ = _setstate


@frozen(kw_only=True)
class MeldSpec:
    """One row of the meld table: the card pattern, its reuse class and order within the class.

    ``ranks`` lists one card per rank; ``copies`` repeats the whole list (a double bezique is
    ``ranks = ["Q", "J"]``, ``suits = "bezique_pair"``, ``copies = 2``). ``suits`` says which
    suits the cards take: ``trump``/``plain``/``same`` (all one suit: the trump suit, one
    non-trump suit, any one suit), ``any`` (each card any suit, duplicates included), ``each``
    (one card of every suit), ``bezique_pair`` (the queen and jack of ``melds.bezique_pair``)
    or ``none`` (carte blanche: a hand without court cards); ``jokers`` takes ``copies``
    jokers and no ranks (four jokers, docs/rules.md#dj7).
    """

    ranks: tuple[Rank, ...] = ()
    suits: MeldSuits = "any"
    copies: int = 1
    klass: str = ""
    order: int = 1


@frozen(kw_only=True)
class MeldRules:
    """``[melds]``: the meld table and every policy of docs/rules.md#knobs-melds.

    ``second_double_on_used_pair`` (docs/rules.md#dm13): a second double bezique may be declared
    to a bezique on the table that already served in a double (three or more packs).
    """

    table: FrozenMap[MeldSpec] = field(factory=FrozenMap, converter=_frozen_map)
    values: FrozenMap[int] = field(factory=FrozenMap, converter=_frozen_map)
    four_of_a_kind_mode: Literal["any_suits", "one_per_suit"] = "any_suits"
    carte_blanche_repeat: bool = True
    per_trick: int = 1
    pending: Literal["cady", "none"] = "cady"
    new_card_from_hand_required: bool = False
    reuse: Literal["by_class", "never"] = "by_class"
    marriage_to_sequence: bool = True
    sequence_to_marriage: bool = False
    double_after_two_singles: bool = True
    reform_after_play: bool = False
    reform_requires_hand_card: bool = True
    bezique_pair: Literal["QS_JD", "trump_queen_paired_jack", "nie_swap"] = "QS_JD"
    on_last_stock_trick: bool = True
    require_trump_marriage_before_sequence: bool = False
    timing: Literal["before_draw", "after_draw"] = "before_draw"
    second_double_on_used_pair: bool = False
    sequence_from_own_marriage: bool = False
    multi_bezique_growth: bool = True
    first_bezique_value: int = 0

    __getstate__ = _getstate
    __setstate__ = _setstate


@frozen(kw_only=True)
class EndgameRules:
    """``[endgame]``: the duty to follow, trump and win once the stock is exhausted.

    The last four keys say how that duty reads at more than two seats (docs/rules.md#dm4 to
    #dm7); at two seats every value of them plays alike: ``format`` the end phase as one
    table or as two duels, ``beat`` whether "win" means beating the card now winning or the
    card led, ``trump_when_void`` how a seat void in the suit led must trump, ``beat_partner``
    whether a partner's winning card must be beaten too.
    """

    obligation: Literal["follow_and_win", "follow_only", "follow_trump_beat_trump_lead"] = (
        "follow_and_win"
    )
    revoke_penalty: Literal["none", "forfeit_remaining_tricks"] = "none"
    format: Literal["full_table", "pairwise_duels"] = "full_table"
    beat: Literal["current_winner", "led_card"] = "current_winner"
    trump_when_void: Literal["only_if_winning", "must_overtrump", "any_trump"] = "must_overtrump"
    beat_partner: bool = True

    __getstate__ = _getstate
    __setstate__ = _setstate


@frozen(kw_only=True)
class LastStockRules:
    """``[last_stock]``: who takes the last hidden card and who the turn-up."""

    winner_chooses: bool = False


@frozen(kw_only=True)
class TrickPointRules:
    """``[trick_points]``: what captured cards are worth."""

    scheme: Literal["brisques", "ace11_ten10", "a11_t10_k4_q3_j2", "counters_10", "none"] = (
        "brisques"
    )
    rounding: Literal["none", "7_up"] = "none"


@frozen(kw_only=True)
class BrisqueRules:
    """``[brisques]``: when captured trick points are credited, and the French conditions.

    ``min_to_score`` is an int or a table by seat count (``{ "2" = 14, "4" = 8 }``, all or
    nothing, docs/rules.md#dj15); ``counted = "majority"`` (two teams): the seat with more
    brisques scores them, the other ``majority_penalty``; a seat below a minimum scores
    ``shortfall_penalty`` instead of its brisques.
    """

    when: Literal["end_of_deal", "immediately"] = "end_of_deal"
    counted: Literal["always", "only_to_escape_rubicon_or_break_tie", "majority"] = "always"
    min_to_score: int | FrozenMap[int] = field(default=0, converter=_int_or_map)
    majority_bonus: int = 0
    min_board_score_to_count: int = 0
    majority_penalty: int = -200
    shortfall_penalty: int = 0

    __getstate__ = _getstate
    __setstate__ = _setstate

    def min_for(self, players: int) -> int:
        """``min_to_score`` for ``players`` seats (an int, or its entry in a table by seat
        count; a seat count the table lacks has no minimum, which validation refuses)."""
        value = self.min_to_score
        return value if isinstance(value, int) else value.get(str(players), 0)


@frozen(kw_only=True)
class LastTrickRules:
    """``[last_trick]``: the bonus for the last trick, which trick that is, and what more a last
    trick won with a trump seven scores (``seven_bonus``, docs/rules.md#dj19)."""

    value: int = 10
    which: Literal["final", "last_stock_trick"] = "final"
    seven_bonus: int = 0

    __getstate__ = _getstate
    __setstate__ = _setstate


@frozen(kw_only=True)
class TrickRules:
    """``[tricks]``: how won tricks are gathered (Rubicon's central heap)."""

    gather: Literal["always", "when_brisque_played", "never"] = "always"
    before_trump_worthless: bool = False


@frozen(kw_only=True)
class GameRules:
    """``[game]``: target, when the game ends, ties, double wins, Five Hundred's call-out."""

    target: int = 1000
    end: Literal["finish_deal", "immediate_on_meld", "immediate_any"] = "finish_deal"
    count_order: Literal["simultaneous", "nondealer_first"] = "simultaneous"
    tie: Literal["draw", "extra_deal", "raise_target"] = "draw"
    tie_raise: int = 500
    double_win_below: int = 0
    single_deal: bool = False
    call_out: bool = False
    both_over_new_target: int = 0


@frozen(kw_only=True)
class RubiconRules:
    """``[rubicon]``: single-deal game scoring (Rubicon, Chinese, Eight-pack)."""

    threshold: int = 0
    game_bonus: int = 0
    rubicon_bonus: int = 0
    add_loser_points: bool = True
    brisque_award: int = 0
    drop_fractions: bool = True
    loser_under_100_extra: int = 0


QUARTETS: tuple[str, ...] = ("four_aces", "four_kings", "four_queens", "four_jacks")
"""The melds a joker completes by default (docs/rules.md#dj8)."""


@frozen(kw_only=True)
class JokerRules:
    """``[jokers]``: what the jokers of ``pack.jokers`` may do (docs/rules.md#joker).

    ``wild_in``: the melds in which a joker stands for a missing card (never more than
    ``max_per_meld`` of them, and never in a trump quartet unless ``in_trump_quartets``);
    ``reuse``: ``class_rule`` (a joker may serve again in another class, as any card) or
    ``never``; ``fresh_card_may_be_joker``: whether a joker may be the card a declaration takes
    from the hand; ``endgame_play``: ``when_void`` (when void in the suit led and in trumps) or
    ``last_resort`` (only from a hand of nothing but jokers); ``turned_up``: what a turned-up
    joker makes trumps (``none``: no reading, refused with a turned-up trump card).
    """

    wild_in: tuple[str, ...] = QUARTETS
    max_per_meld: int = 1
    in_trump_quartets: bool = False
    reuse: Literal["class_rule", "never"] = "class_rule"
    fresh_card_may_be_joker: bool = True
    endgame_play: Literal["when_void", "last_resort"] = "when_void"
    turned_up: Literal["none", "diamonds"] = "none"


@frozen(kw_only=True)
class MatchRules:
    """``[match]``: the match over games (two teams; docs/rules.md#dj18): ``consecutive_wins``
    games won in a row (a double win counting two) make a match, 0 for none; the loser of a
    match then starts each game at ``loser_start`` until it has won as many in a row."""

    consecutive_wins: int = 0
    loser_start: int = 0


MAX_SEATS = 4
"""The most seats a profile may have (the family is played by two to four)."""


def _one_team_a_seat(seats: SeatRules) -> tuple[tuple[int, ...], ...]:
    """The default teams: one a seat (bounded, so that an absurd ``players`` builds nothing
    large before validation reports it)."""
    return tuple((seat,) for seat in range(min(max(seats.players, 0), MAX_SEATS)))


@frozen(kw_only=True)
class SeatRules:
    """``[seats]``: how many play and who plays with whom (docs/rules.md#knobs-seats).

    Seats are numbered from 0 in playing order; ``teams`` lists the seats of each team (a
    team's index is its position), by default one team a seat. ``direction`` is descriptive
    (rendering and records): the rules see only playing order. ``attrs.evolve`` keeps the
    old ``teams``, so give both when changing ``players``.
    """

    players: int = 2
    teams: tuple[tuple[int, ...], ...] = field(
        default=attrs.Factory(_one_team_a_seat, takes_self=True)
    )
    direction: Literal["clockwise", "counterclockwise"] = "clockwise"


@frozen(kw_only=True)
class PartnershipRules:
    """``[partnership]``: what partners may do together (docs/rules.md#dm8 to #dm11); only a
    profile whose teams have two seats may change these.

    ``declarer``: who declares after a won trick (the winner, who may pass the turn to the
    partner; the winner or the partner; the winner only). ``consult``: the winner sees whether
    the partner could declare. ``combine_table_cards``: a seat may add cards from its hand to
    the partner's tabled declarations. ``bezique_from_either``: a multiple bezique may take its
    cards from both partners.
    """

    declarer: Literal["winner_or_pass", "winner_or_partner", "winner_only"] = "winner_or_pass"
    consult: bool = False
    combine_table_cards: bool = True
    bezique_from_either: bool = False


@frozen(kw_only=True, cache_hash=True)
class Rules:
    """A complete, validated rule profile. Frozen and hashable (its hash worked out once: every
    table cached by profile, `bezique.compile.compile_rules` first, looks it up at each call);
    see ``docs/profiles.md``."""

    name: str = "custom"
    description: str = ""
    pack: Pack = field(factory=Pack)
    deal: DealRules = field(factory=DealRules)
    trump: TrumpRules = field(factory=TrumpRules)
    dix: DixRules = field(factory=DixRules)
    melds: MeldRules = field(factory=MeldRules)
    endgame: EndgameRules = field(factory=EndgameRules)
    last_stock: LastStockRules = field(factory=LastStockRules)
    trick_points: TrickPointRules = field(factory=TrickPointRules)
    brisques: BrisqueRules = field(factory=BrisqueRules)
    last_trick: LastTrickRules = field(factory=LastTrickRules)
    tricks: TrickRules = field(factory=TrickRules)
    game: GameRules = field(factory=GameRules)
    rubicon: RubiconRules = field(factory=RubiconRules)
    seats: SeatRules = field(factory=SeatRules)
    partnership: PartnershipRules = field(factory=PartnershipRules)
    jokers: JokerRules = field(factory=JokerRules)
    match: MatchRules = field(factory=MatchRules)

    __getstate__ = _getstate
    __setstate__ = _setstate

    @property
    def players(self) -> int:
        """The number of seats (``seats.players``): 2 in every two-handed game."""
        return self.seats.players

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team (``seats.teams``), a team's index its position: ``((0,),
        (1,))`` in every two-handed game."""
        return self.seats.teams

    @property
    def team_of(self) -> tuple[int, ...]:
        """The team of each seat (its index in `teams`), in seat order: ``(0, 1)`` in every
        two-handed game, ``(0, 1, 0, 1)`` in partnership (-1 for a seat in no team, which
        validation refuses)."""
        teams = self.seats.teams
        team_of = [-1] * sum(len(team) for team in teams)
        for index, team in enumerate(teams):
            for seat in team:
                if 0 <= seat < len(team_of):
                    team_of[seat] = index
        return tuple(team_of)

    @property
    def digest(self) -> str:
        """A stable short hash of the canonical content (independent of name and comments)."""
        from bezique.rules.load import digest_of

        return digest_of(self)

    def __repr__(self) -> str:
        """``<Rules NAME DIGEST>``: the name and the content hash, not the whole tree (see
        `to_toml` for that)."""
        return f"<Rules {self.name} {self.digest}>"

    def to_toml(self) -> str:
        """The full profile as TOML text; ``profile_from_toml(r.to_toml()) == r``."""
        from bezique.rules.load import rules_to_toml

        return rules_to_toml(self)

    def replace(self, **changes: object) -> Rules:
        """A copy with top-level tables replaced (validation is the loader's job)."""
        return attrs.evolve(self, **changes)  # type: ignore[arg-type]
