"""Checking the arguments of `Deal.from_position` before anything is built; where dealing puts
each card of a pack (`dealing`, for `Deal.from_order`).

A stacked position may come from a scenario file or a record that a stranger wrote, so every
argument is checked up front and every problem raises one `PositionError` naming the argument:
a deal that `from_position` returns can be shown, listed and played to its end.

>>> import bezique
>>> bezique.Deal.from_position(bezique.load_profile("bezique"), hands=["AS"], stock="")
Traceback (most recent call last):
...
bezique.errors.PositionError: hands: expected two hands (P0's and P1's), got 1
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from attrs import frozen

from bezique.cards import (
    CARD_SPACE,
    JOKER,
    SUIT_NAMES,
    card_name,
    kind_name,
    parse_card_ref,
    suit_index,
)
from bezique.compile import Compiled, compile_rules
from bezique.errors import NotationError, PositionError
from bezique.rules.model import Rules
from bezique.start import _split_order

CardList = str | Sequence[int | str]
"""A list of cards as `Deal.from_position` takes it: one string of notation (``"QS KS 10H"``),
or a sequence of cards, each a notation token, a `Card` or a physical int."""

MAX_POINTS = 10**15
"""Scores, totals and targets given to a position must lie within ``±MAX_POINTS``."""


@frozen
class Position:
    """The checked arguments of `Deal.from_position`, cards as physical ints."""

    hands: tuple[tuple[int, ...], ...]
    """One hand per seat."""
    stock: tuple[int, ...]
    turn_up: int | None
    dealer: int
    trump: int | None
    leader: int
    scores: tuple[int, ...] | None
    """One score per seat."""
    totals: tuple[int, ...]
    """One total per team (`Rules.teams`)."""
    target: int | None


def _shown(value: object) -> str:
    """``value`` for an error message, cut to 60 characters (an int too long to convert to
    text, nested anywhere in it, is named instead)."""
    try:
        text = repr(value)
    except ValueError:  # sys.get_int_max_str_digits(): an int of thousands of digits
        return f"a value holding an integer of more than {sys.get_int_max_str_digits():,} digits"
    return text if len(text) <= 60 else text[:57] + "..."


def _refs(spec: object, name: str) -> list[tuple[int, int | None]]:
    """Card references of a position argument, ``(kind, copy)`` with copy None where
    unlettered, from any of the library's forms of a card list: one string of notation
    (``"QS KS 10H"``), a sequence of cards each a notation token (``"QS"``), a `Card` or a card
    int, or (a single card) a `Card` or an int. `PositionError` naming the argument, and the
    index of the card at fault in a sequence (``hands[0][2]``), showing the bad input."""
    if isinstance(spec, bool):
        raise PositionError(name, f"expected cards, got {spec!r}")
    if isinstance(spec, int):
        if not (0 <= spec < 256 or JOKER <= spec < CARD_SPACE):
            raise PositionError(name, f"{spec} is not a card (a card int is 0..255, or "
                                      f"{JOKER}..{CARD_SPACE - 1} for a joker)")
        return [(spec >> 3, spec & 7)]
    if isinstance(spec, str):
        out = []
        for token in spec.replace(",", " ").split():
            try:
                out.append(parse_card_ref(token))
            except NotationError as exc:
                raise PositionError(name, f"cannot read {_shown(token)}: {exc}") from None
        return out
    if isinstance(spec, Sequence):
        return [ref for i, card in enumerate(spec) for ref in _one_card(card, f"{name}[{i}]")]
    raise PositionError(name, f"expected cards: notation ('QS KS 10H') or a sequence of cards "
                              f"(notation, Card values or card ints), got {type(spec).__name__}")


def _one_card(card: object, name: str) -> list[tuple[int, int | None]]:
    """The reference of one card of a sequence: a notation token, a `Card` or a card int."""
    if isinstance(card, str):
        refs = _refs(card, name)
        if len(refs) != 1:
            raise PositionError(name, f"expected one card, got {_shown(card)}")
        return refs
    if isinstance(card, bool) or not isinstance(card, int):
        raise PositionError(name, f"expected a card (notation such as 'QS', a Card or a card "
                                  f"int), got {_shown(card)}")
    return _refs(card, name)


def _seats(n: int) -> str:
    """``n`` seats' names for messages: ``P0's and P1's`` at two seats."""
    return "P0's and P1's" if n == 2 else f"P0's to P{n - 1}'s"


def _count(n: int) -> str:
    return "two" if n == 2 else str(n)


def _player(value: object, name: str, *, optional: bool = False, n: int = 2) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        seats = "player 0 or 1" if n == 2 else f"a seat 0 to {n - 1}"
        raise PositionError(name, f"expected {seats}, got {_shown(value)}")
    return int(value)


def _points(
    value: object, name: str, *, optional: bool = False, n: int = 2, per_team: bool = False
) -> tuple[int, ...] | None:
    """``n`` integers, one per seat or, ``per_team``, one per team of several seats (game
    totals in a partnership)."""
    if value is None and optional:
        return None
    if isinstance(value, str | bytes) or not isinstance(value, Sequence) or len(value) != n:
        whose = "one per team" if per_team else _seats(n)
        raise PositionError(name, f"expected {_count(n)} integers ({whose}), got "
                                  f"{_shown(value)}")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int) or abs(v) > MAX_POINTS:
            raise PositionError(name, f"expected {_count(n)} integers within "
                                      f"±{MAX_POINTS:.0e}, got {_shown(value)}")
    return tuple(int(v) for v in value)


def _totals(value: object, players: int, teams: int) -> tuple[int, ...] | None:
    """Game totals: one integer per team (None where not given); a team is a seat unless
    there are fewer teams than seats."""
    return _points(value, "totals", optional=True, n=teams, per_team=teams < players)


def _trump(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return int(value)
    if isinstance(value, str):
        if value.lower() in SUIT_NAMES:
            return SUIT_NAMES.index(value.lower())
        if len(value) == 1:
            try:
                return suit_index(value)
            except NotationError:
                pass
    raise PositionError("trump", f"expected a suit (S H D C, ♠ ♥ ♦ ♣, a name such as "
                                 f"'spades', or 0-3), got {_shown(value)}")


def _target(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_POINTS:
        raise PositionError("target", f"expected a positive integer up to {MAX_POINTS:.0e}, "
                                      f"got {_shown(value)}")
    return int(value)


class _Placer:
    """Turns card references into physical cards: explicit copies are reserved first, then each
    unlettered card takes the lowest free copy of its kind, in order of appearance."""

    def __init__(self, c: Compiled, specs: list[tuple[str, list[tuple[int, int | None]]]]) -> None:
        self.pack = c.pack_bits
        self.taken = 0
        for name, refs in specs:
            for kind, copy in refs:
                if copy is not None:
                    card = kind * 8 + copy
                    if not self.pack >> card & 1:
                        raise PositionError(name, f"{card_name(card, copies=True)} is not in "
                                                  "the pack of this profile")
                    if self.taken >> card & 1:
                        raise PositionError(name, f"{card_name(card, copies=True)} is placed "
                                                  "twice")
                    self.taken |= 1 << card

    def place(self, name: str, refs: list[tuple[int, int | None]]) -> tuple[int, ...]:
        """The physical cards of one argument's references (``name`` for the error)."""
        out = []
        for kind, copy in refs:
            if copy is None:
                free = ~self.taken >> (kind * 8) & self.pack >> (kind * 8) & 0xFF
                if not free:
                    held = (self.pack >> (kind * 8) & 0xFF).bit_count()
                    raise PositionError(name, f"{kind_name(kind)}: more copies than the pack "
                                              f"holds ({held})")
                copy = (free & -free).bit_length() - 1
                self.taken |= 1 << (kind * 8 + copy)
            out.append(kind * 8 + copy)
        return tuple(out)


F = TypeVar("F", bound=Callable[..., Any])


def prechecked(method: F) -> F:
    """Check `Deal.from_position`'s arguments (`check_position`) before the method is entered.

    The compiled build (docs/compiled.md) checks the declared types of a method's arguments
    when it is called and raises a bare TypeError; checked first, bad input raises the same
    `PositionError` naming the argument in both builds.
    """

    defaults = {name: p.default for name, p in inspect.signature(method).parameters.items()
                if p.default is not inspect.Parameter.empty}

    @functools.wraps(method)
    def checked(cls: Any, rules: object = None, /, **position: Any) -> Any:
        if rules is None and "rules" in position:
            rules = position.pop("rules")
        if not isinstance(rules, Rules):
            raise PositionError("rules", f"expected a Rules, got {type(rules).__name__}")
        if "hands" not in position:
            raise TypeError("from_position() missing 1 required keyword-only argument: 'hands'")
        unknown = sorted(set(position) - set(defaults) - {"hands"})
        if unknown:
            raise TypeError(f"from_position() got an unexpected keyword argument {unknown[0]!r}")
        checked_position = check_position(compile_rules(rules), **{**defaults, **position})
        for name in ("scores", "totals"):  # a pair given as a list: the tuple the method declares
            if name in position:
                position[name] = getattr(checked_position, name)
        return method(cls, rules, **position)

    return cast(F, checked)


def check_position(
    c: Compiled, *, hands: object, stock: object, turn_up: object, dealer: object,
    trump: object, leader: object, scores: object, totals: object, target: object,
    reachable: object = True,
) -> Position:
    """The checked `Deal.from_position` arguments (see there), or `PositionError` naming the
    first argument at fault. A position must be playable to its end: every hand (one per seat,
    ``c.players``) holds cards; at two seats, where the stock and the turn-up hold an odd number
    of cards (the loser of the last stock trick then draws none) each hand holds at least two;
    at more seats they divide among the seats. ``reachable`` (the default): the hands are
    also of sizes a deal of the profile reaches (`check_reachable`). ``totals`` has one entry
    per team (zeros when None)."""
    n = c.players
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise PositionError("hands", f"expected {_count(n)} hands ({_seats(n)}), got "
                                     f"{type(hands).__name__}")
    if len(hands) != n:
        raise PositionError("hands", f"expected {_count(n)} hands ({_seats(n)}), got "
                                     f"{len(hands)}")
    first = _player(dealer, "dealer", n=n)
    second = _player(leader, "leader", optional=True, n=n)
    suit = _trump(trump)
    given = _points(scores, "scores", optional=True, n=n)
    teams = len(c.rules.teams)
    before = _totals(totals, n, teams) or (0,) * teams
    goal = _target(target)
    specs = [(f"hands[{p}]", _refs(hands[p], f"hands[{p}]")) for p in range(n)]
    specs.append(("stock", _refs(stock, "stock")))
    if turn_up is not None:
        if not isinstance(turn_up, str | int):  # one card, not a list of them
            raise PositionError("turn_up", "expected one card (notation or a physical card "
                                f"number), got {type(turn_up).__name__}")
        refs = _refs(turn_up, "turn_up")
        if len(refs) != 1:
            raise PositionError("turn_up", f"expected one card, got {len(refs)}")
        specs.append(("turn_up", refs))
    placer = _Placer(c, specs)
    placed = [placer.place(name, refs) for name, refs in specs[:n + 1]]
    rest = placed.pop()
    up: int | None = None
    if turn_up is not None:
        up = placer.place("turn_up", specs[n + 1][1])[0]
    elif c.turn_up and rest:
        up, rest = rest[-1], rest[:-1]
    if not all(placed):
        sizes = [str(len(h)) for h in placed]
        raise PositionError("hands", f"expected {_count(n)} hands of at least one card each, "
                                     f"got {', '.join(sizes[:-1])} and {sizes[-1]} cards")
    to_draw = len(rest) + (up is not None)
    if n == 2 and to_draw % 2 and min(len(placed[0]), len(placed[1])) < 2:
        raise PositionError("hands", f"with an odd number of cards to draw ({to_draw}, the "
                                     "stock and the turn-up) the loser of the last stock trick "
                                     "draws none, so each hand must hold at least two cards")
    if n > 2 and to_draw % n:
        raise PositionError("hands", f"{to_draw} cards to draw (the stock and the turn-up) do "
                                     f"not divide among {n} seats")
    if not isinstance(reachable, bool):
        raise PositionError("reachable", f"expected True or False, got {_shown(reachable)}")
    if reachable:
        check_reachable(c, [len(h) for h in placed], to_draw)
    assert first is not None and before is not None
    return Position(
        hands=tuple(placed), stock=rest, turn_up=up, dealer=first, trump=suit,
        leader=c.next_seat[first] if second is None else second, scores=given,
        totals=before, target=goal,
    )


def check_reachable(c: Compiled, sizes: Sequence[int], to_draw: int) -> None:
    """`PositionError` unless hands of ``sizes`` cards, with ``to_draw`` cards left to draw
    (the stock and the turn-up), are a position at a lead that a deal of the profile reaches:
    every seat holds as many cards (a position starts at a lead, before anyone has played to
    the trick); no hand holds more than ``deal.hand_size``; while cards remain to draw every
    hand is full (each seat draws one after every trick); and the cards to draw are what the
    deal leaves less one card a seat for each trick played."""
    n, size = c.players, c.rules.deal.hand_size
    if len(set(sizes)) > 1:
        shown = ", ".join(map(str, sizes[:-1])) + f" and {sizes[-1]}"
        raise PositionError("hands", f"expected hands of one size (at a lead every seat holds "
                                     f"as many cards), got {shown} cards")
    held = sizes[0]
    if held > size:
        raise PositionError("hands", f"expected at most {size} cards a hand (deal.hand_size), "
                                     f"got {held}")
    if to_draw and held != size:
        raise PositionError("hands", f"expected hands of {size} cards (deal.hand_size) while "
                                     f"{to_draw} cards remain to draw (every seat draws after "
                                     f"each trick), got {held}")
    dealt = c.pack_size - n * size  # the stock and the turn-up after the deal
    if (dealt - to_draw) % n:
        raise PositionError("hands", f"{to_draw} cards to draw (the stock and the turn-up) do "
                                     f"not follow from a deal: it leaves {dealt}, less {n} a "
                                     f"trick (one a seat)")


@frozen
class Dealing:
    """Where a profile's dealing procedure puts each position of a dealt pack (`dealing`):
    position ``i`` is the ``i``-th card dealt, the top of the pack first."""

    hands: tuple[tuple[int, ...], ...]
    """The positions that go to each seat's hand (seat 0's, seat 1's …), in dealing order."""
    stock: tuple[int, ...]
    """The positions that go to the stock, top first (the first drawn first)."""
    turn_up: int | None
    """The position turned up under the stock (None where the profile turns none up)."""


def _check_order(c: Compiled, cards: Sequence[int]) -> list[int]:
    """``cards`` (for `Deal.from_order`) as ints, or `PositionError` unless they are the pack,
    each card once."""
    order = [int(x) for x in cards]
    if sorted(order) != sorted(c.pack_cards):
        raise PositionError(
            "cards", f"expected the {c.pack_size} cards of the {c.rules.name} pack, each once, "
            f"in any order; got {len(order)} card(s) that are not"
        )
    return order


SEEDS = range(-(2**63), 2**64)
"""The seeds a deal or game takes: 64-bit ints, signed or not (a game's deals are dealt from
64-bit hashes of its seed, `bezique.game.derive_seed`), all of which a record holds."""


def check_seed(seed: object) -> int | None:
    """``seed`` if a record can hold it (None, or an int of 64 bits); else `PositionError`
    naming ``seed`` (a string, a float, nan or a bool would not replay from a record)."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or seed not in SEEDS:
        raise PositionError("seed", f"expected an integer of 64 bits (what a record holds), "
                                    f"got {_shown(seed)}")
    return int(seed)


def check_new(
    seed: object, dealer: object, totals: object, target: object, players: int, teams: int = 2
) -> tuple[int | None, int, tuple[int, ...] | None, int | None]:
    """The arguments of `Deal.new` checked as `Deal.from_position` checks its own: the seed a
    record can hold, a seat as dealer, one total per team (or None) and a target within
    ``±MAX_POINTS``; `PositionError` naming the first at fault."""
    if (type(dealer) is int and 0 <= dealer < players  # the usual case, at little cost
            and (seed is None or (type(seed) is int and seed in SEEDS))
            and (target is None or (type(target) is int and 0 < target <= MAX_POINTS))
            and (totals is None or (
                type(totals) is tuple and len(totals) == teams
                and all(type(v) is int and -MAX_POINTS <= v <= MAX_POINTS for v in totals)))):
        return seed, dealer, totals, target
    good_seed = check_seed(seed)
    seat = _player(dealer, "dealer", n=players)
    assert seat is not None
    before = _totals(totals, players, teams)
    return good_seed, seat, before, _target(target)


def _check_dealer(dealer: int, n: int = 2) -> None:
    if dealer not in range(n):
        seats = "player 0 or 1" if n == 2 else f"a seat 0 to {n - 1}"
        raise PositionError("dealer", f"expected {seats}, got {dealer!r}")


def dealing(rules: Rules, *, dealer: int = 0) -> Dealing:
    """Where dealing a pack by the profile's procedure (its packets, the seat after the dealer
    first and the dealer last, and the turn-up) puts each position of the pack:
    `Deal.from_order` deals card ``cards[i]`` wherever this puts position ``i``. For a game that
    deals card by card (OpenSpiel's chance nodes) and must know where each one goes.

    >>> import bezique
    >>> from bezique.deal import dealing
    >>> d = dealing(bezique.load_profile("bezique"), dealer=0)
    >>> d.hands[1][:3], d.hands[0][:3], len(d.stock), d.turn_up
    ((0, 1, 2), (3, 4, 5), 47, 16)

    `PositionError` for a dealer that is not a seat (0 or 1 at two seats).
    """
    c = compile_rules(rules)
    _check_dealer(dealer, c.players)
    hands, rest, turn_up = _split_order(c, range(c.pack_size), dealer)
    return Dealing(hands=tuple(tuple(h) for h in hands), stock=tuple(rest), turn_up=turn_up)
