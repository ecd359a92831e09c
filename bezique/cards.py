"""Cards as small ints: ranks, suits, physical copies, card sets and the notation.

A *kind* is a rank in a suit (``Q♠``), an int ``suit * 8 + rank`` in ``0..31``. A *physical
card* is one copy of a kind, an int ``kind * 8 + copy`` in ``0..255`` (up to eight packs), so
that all copies of a kind are eight adjacent bits of a :class:`CardSet`.

Ranks are numbered by strength, strongest first: ``A 10 K Q J 9 8 7`` are ``0..7``. Suits are
``S H D C`` (``♠ ♥ ♦ ♣``) as ``0..3``. Copies are written with a letter ``a``-``h`` where it
matters (``QSa``, ``Q♠b``), as in the rule books' worked examples.

>>> card_name(parse_card("10D"))
'10D'
>>> card_name(parse_card("Q♠b"), copies=True)
'QSb'
>>> parse_cards("KH qh TD") == parse_cards("K♥ Q♥ 10♦")
True

At the public surface cards are :class:`Card` values and suits :class:`Suit` members: ints
still (the engine computes on the ints), which print as notation.

>>> card = Card("QSb")
>>> card, str(card), format(card, "s"), card.symbol, card.rank, card.suit, card.copy
(Card('QSb'), 'QSb', 'Q♠b', 'Q♠', <Rank.QUEEN: 3>, <Suit.SPADES: 0>, 1)
>>> card == 25, Card.parse("Q♠") == card - 1, str(Suit.SPADES), Suit.parse("♠") == 0
(True, True, 'spades', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final, cast

from bezique.errors import NotationError

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - the pure build without mypy_extensions
    from bezique._mypyc import mypyc_attr

RANKS: Final[tuple[str, ...]] = ("A", "10", "K", "Q", "J", "9", "8", "7")
"""Rank names, strongest first; the index is the rank's int."""
SUITS: Final[tuple[str, ...]] = ("S", "H", "D", "C")
"""Suit letters; the index is the suit's int."""
SUIT_SYMBOLS: Final[tuple[str, ...]] = ("♠", "♥", "♦", "♣")
"""Suit symbols in the same order as :data:`SUITS`."""
SUIT_NAMES: Final[tuple[str, ...]] = ("spades", "hearts", "diamonds", "clubs")
"""Suit names in the same order as :data:`SUITS`."""
COPY_LETTERS: Final = "abcdefgh"
MAX_COPIES: Final = 8
JOKER_KIND: Final = 39
"""The kind of a joker (docs/cards.md#jokers): past the 32 kinds of the suits, in a lane of
its own (its bits, ``suit`` 4 and ``rank`` 7, match no suit and no scoring rank, so a joker
never follows suit, is never a trump and carries no trick points)."""
JOKER: Final = JOKER_KIND * 8
"""The first joker, ``JK`` (the others are ``JKb``, ``JKc`` …)."""
CARD_SPACE: Final = JOKER + MAX_COPIES
"""Card ints are ``0 .. CARD_SPACE - 1`` (the jokers last); bitmasks hold ``CARD_SPACE`` bits."""
LANES: Final = CARD_SPACE // 8
"""Byte lanes of a card bitmask, one a kind: ``bits.to_bytes(LANES, "little")``."""
JOKER_BITS: Final = 0xFF << JOKER
"""Bitmask of every joker."""

_RANK_ALIASES: Final = {"T": 1, "10": 1, "A": 0, "K": 2, "Q": 3, "J": 4, "9": 5, "8": 6, "7": 7}
_SUIT_ALIASES: Final = {
    "S": 0, "H": 1, "D": 2, "C": 3,
    "♠": 0, "♥": 1, "♦": 2, "♣": 3, "♤": 0, "♡": 1, "♢": 2, "♧": 3,
}


def rank_index(name: str) -> int:
    """The int of a rank name (``"10"`` or ``"T"`` for ten); raises NotationError."""
    try:
        return _RANK_ALIASES[name.upper()]
    except KeyError:
        raise NotationError(f"unknown rank {name!r}: expected one of A 10 K Q J 9 8 7") from None


def suit_index(name: str) -> int:
    """The int of a suit letter or symbol; raises NotationError."""
    try:
        return _SUIT_ALIASES[name.upper()]
    except KeyError:
        raise NotationError(f"unknown suit {name!r}: expected one of S H D C or ♠ ♥ ♦ ♣") from None


def kind_of(rank: int, suit: int) -> int:
    """The kind int of a rank in a suit."""
    return suit * 8 + rank


def card_of(kind: int, copy: int = 0) -> int:
    """The physical card int of a copy of a kind."""
    return kind * 8 + copy


def kind(card: int) -> int:
    """The kind of a physical card."""
    return card >> 3


def rank(card: int) -> int:
    """The rank of a physical card."""
    return (card >> 3) & 7


def suit(card: int) -> int:
    """The suit of a physical card."""
    return card >> 6


def copy(card: int) -> int:
    """The copy index (0 for ``a``) of a physical card."""
    return card & 7


def is_joker(card: int) -> bool:
    """Is the physical card a joker?"""
    return card >> 3 == JOKER_KIND


def kind_name(k: int, *, symbols: bool = False) -> str:
    """Name of a kind, e.g. ``QS`` (or ``Q♠`` with ``symbols``); ``JK`` for the joker."""
    if k == JOKER_KIND:
        return "JK"
    suits = SUIT_SYMBOLS if symbols else SUITS
    return RANKS[k & 7] + suits[k >> 3]


def card_name(card: int, *, copies: bool = False, symbols: bool = False) -> str:
    """Name of a physical card; with ``copies`` the copy letter is appended (``QSb``)."""
    name = kind_name(card >> 3, symbols=symbols)
    return name + COPY_LETTERS[card & 7] if copies else name


def _split(token: str) -> tuple[int, int, int | None]:
    """Parse a card token into (rank, suit, copy or None)."""
    t = token.strip()
    if not t:
        raise NotationError("empty card token")
    if t[:2].upper() == "JK" and (len(t) == 2 or (len(t) == 3 and t[2] in COPY_LETTERS)):
        return -1, -1, COPY_LETTERS.index(t[2]) if len(t) == 3 else None
    copy_index: int | None = None
    if len(t) >= 3 and t[-1] in COPY_LETTERS and t[-2].upper() in _SUIT_ALIASES:
        copy_index = COPY_LETTERS.index(t[-1])
        t = t[:-1]
    elif len(t) >= 3 and t[-1].isalpha() and t[-1].islower() and t[-2].upper() in _SUIT_ALIASES:
        raise NotationError(f"bad card {token!r}: unknown copy letter {t[-1]!r} (a to h)")
    if len(t) < 2 or t.upper() in _RANK_ALIASES:
        raise NotationError(f"bad card {token!r}: expected rank then suit, e.g. QS, 10D or Q♠")
    try:
        r = rank_index(t[:-1])
        s = suit_index(t[-1])
    except NotationError as exc:
        raise NotationError(f"bad card {token!r}: {exc}") from None
    return r, s, copy_index


def parse_kind(token: str) -> int:
    """Parse ``QS``/``Q♠``/``10D``/``TD`` into a kind; a copy letter is not allowed."""
    r, s, c = _split(token)
    if c is not None:
        raise NotationError(f"bad card kind {token!r}: no copy letter expected")
    return JOKER_KIND if r < 0 else kind_of(r, s)


def parse_card(token: str) -> int:
    """Parse a card token into a physical card; without a copy letter it is copy ``a``."""
    r, s, c = _split(token)
    return card_of(JOKER_KIND if r < 0 else kind_of(r, s), c or 0)


def parse_card_ref(token: str) -> tuple[int, int | None]:
    """Parse a token into ``(kind, copy or None)``: the copy is None when not written."""
    r, s, c = _split(token)
    return JOKER_KIND if r < 0 else kind_of(r, s), c


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Parse space- or comma-separated card tokens into physical cards (copy ``a`` default)."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


_NUMERIC_FORMATS: Final = frozenset("bcdoxXneEfFgG%")


def _format_value(value: int, text: str, spec: str) -> str:
    """Format a card value: a numeric spec (``03d``) formats the int, any other (``>5``) the
    text."""
    if spec and spec[-1] in _NUMERIC_FORMATS:
        return format(int(value), spec)
    return format(text, spec)


_SUIT_WORDS: Final = {name: i for i, name in enumerate(SUIT_NAMES)} | {
    name[:-1]: i for i, name in enumerate(SUIT_NAMES)
}


class Suit(IntEnum):
    """A suit: an int ``0..3`` (so it compares and indexes like one) that prints as its name.

    ``str`` gives the name, :attr:`symbol` and :attr:`letter` the short forms, and
    ``format(suit, "s")`` / ``format(suit, "l")`` the same inside f-strings (a numeric spec
    such as ``d`` formats the int, any other spec the name).

    >>> Suit.HEARTS, str(Suit.HEARTS), Suit.HEARTS.symbol, Suit.HEARTS.letter
    (<Suit.HEARTS: 1>, 'hearts', '♥', 'H')
    >>> f"{Suit.CLUBS} {Suit.CLUBS:s} {Suit.CLUBS:l}", Suit.CLUBS == 3
    ('clubs ♣ C', True)
    >>> Suit.parse("D") is Suit.parse("♦") is Suit.parse("Diamonds") is Suit.DIAMONDS
    True
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    def __str__(self) -> str:
        return SUIT_NAMES[self]

    def __format__(self, spec: str) -> str:
        if spec == "":
            return SUIT_NAMES[self]
        if spec == "s":
            return SUIT_SYMBOLS[self]
        if spec == "l":
            return SUITS[self]
        return _format_value(self, SUIT_NAMES[self], spec)

    @property
    def symbol(self) -> str:
        """``♠ ♥ ♦ ♣``."""
        return SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """``S H D C``, as in card notation."""
        return SUITS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit of a letter (``S``), a symbol (``♠``) or a name (``spades``, ``spade``), in
        any case; raises `NotationError`."""
        word = text.strip().lower()
        if word in _SUIT_WORDS:
            return SUIT_LIST[_SUIT_WORDS[word]]
        if len(word) == 1 and word.upper() in _SUIT_ALIASES:
            return SUIT_LIST[_SUIT_ALIASES[word.upper()]]
        raise NotationError(
            f"unknown suit {text!r}: expected S H D C, ♠ ♥ ♦ ♣ or spades hearts diamonds clubs"
        )


SUIT_LIST: Final[tuple[Suit, ...]] = tuple(Suit)
"""The suits by int: ``SUIT_LIST[s]`` is ``Suit(s)`` without the enum lookup."""

_RANK_WORDS: Final = ("ace", "ten", "king", "queen", "jack", "nine", "eight", "seven")


class Rank(IntEnum):
    """A rank: an int ``0..7``, strongest first (``ACE`` is 0, ``TEN`` 1, ``SEVEN`` 7), that
    prints as in card notation. A lower int is the stronger rank.

    >>> str(Rank.TEN), Rank.parse("T") is Rank.parse("ten") is Rank.TEN, Rank.ACE < Rank.TEN
    ('10', True, True)
    """

    ACE = 0
    TEN = 1
    KING = 2
    QUEEN = 3
    JACK = 4
    NINE = 5
    EIGHT = 6
    SEVEN = 7

    def __str__(self) -> str:
        return RANKS[self]

    def __format__(self, spec: str) -> str:
        return _format_value(self, RANKS[self], spec)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """The rank of ``A 10 T K Q J 9 8 7`` or a name (``ace``, ``ten`` …), in any case;
        raises `NotationError`."""
        word = text.strip().lower()
        if word in _RANK_WORDS:
            return RANK_LIST[_RANK_WORDS.index(word)]
        return RANK_LIST[rank_index(word)]


RANK_LIST: Final[tuple[Rank, ...]] = tuple(Rank)
"""The ranks by int: ``RANK_LIST[r]`` is ``Rank(r)`` without the enum lookup."""

_CARD_FORMATS: Final = frozenset("ska")


@mypyc_attr(native_class=False)
class Card(int):
    """A physical card: the int ``kind * 8 + copy`` that prints as its notation (``0..255`` for
    the cards of the suits, `JOKER` ``+ copy`` for a joker, ``JK``, ``JKb`` …).

    ``str`` is the notation with the copy letter where it is not the first copy (``QS``,
    ``QSb``), so that ``Card.parse(str(card)) == card``; ``repr`` is ``Card('QSb')``. In
    f-strings and `format`, ``s`` writes the suit symbol (``Q♠b``), ``k`` leaves out the copy
    letter (the kind, ``QS``) and ``a`` always writes it (``QSa``); they combine (``sk``:
    ``Q♠``); a numeric spec (``d``, ``03d``) formats the int and any other (``>5``) the
    notation. :attr:`symbol` is ``format(card, "sk")``.

    ``Card(x)`` takes a card int (else ValueError) or notation (else `NotationError`). A card
    is equal to its int, and arithmetic on it gives plain ints. A joker has no rank and no
    suit (:attr:`rank` and :attr:`suit` are None) and :attr:`is_joker` is true.

    >>> Card("10D"), Card(136), Card.of(Rank.TEN, Suit.DIAMONDS)
    (Card('10D'), Card('10D'), Card('10D'))
    >>> [f"{c}/{c:s}/{c:a}/{c:k}" for c in (Card("KH"), Card("KHc"))]
    ['KH/K♥/KHa/KH', 'KHc/K♥c/KHc/KH']
    >>> card = Card("KHc"); card.rank, card.suit, card.copy, card.kind
    (<Rank.KING: 2>, <Suit.HEARTS: 1>, 2, 10)
    >>> joker = Card("JKb"); joker, joker.is_joker, joker.rank, joker.suit, str(joker)
    (Card('JKb'), True, None, None, 'JKb')
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return CARDS[parse_card(value)]
        if not isinstance(value, int):
            raise TypeError(f"Card() takes a card int or notation, not {value!r}")
        if not (0 <= value < 256 or JOKER <= value < CARD_SPACE):
            raise ValueError(
                f"no physical card {value}: expected 0..255 (kind * 8 + copy) or a joker "
                f"{JOKER}..{CARD_SPACE - 1}")
        return CARDS[value]

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return Card, (int(self),)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card of a notation token (``QS``, ``Q♠b``, ``10D``, ``TD``); without a copy
        letter it is the first copy. Raises `NotationError`."""
        return CARDS[parse_card(text)]

    @classmethod
    def of(cls, rank: int, suit: int, copy: int = 0) -> Card:
        """The ``copy`` (0 for ``a``) of ``rank`` in ``suit``; ValueError when out of range."""
        if not (0 <= rank < 8 and 0 <= suit < 4 and 0 <= copy < MAX_COPIES):
            raise ValueError(f"no card of rank {rank}, suit {suit}, copy {copy}")
        return CARDS[(suit * 8 + rank) * 8 + copy]

    @classmethod
    def joker(cls, copy: int = 0) -> Card:
        """The ``copy`` (0 for ``JK``) of the joker; ValueError when out of range."""
        if not 0 <= copy < MAX_COPIES:
            raise ValueError(f"no joker copy {copy}")
        return CARDS[JOKER + copy]

    @property
    def is_joker(self) -> bool:
        """Is this a joker (``JK``)?"""
        return self >> 3 == JOKER_KIND

    @property
    def rank(self) -> Rank | None:
        """The card's rank (None for a joker)."""
        return None if self >> 3 == JOKER_KIND else RANK_LIST[self >> 3 & 7]

    @property
    def suit(self) -> Suit | None:
        """The card's suit (None for a joker)."""
        return None if self >> 3 == JOKER_KIND else SUIT_LIST[self >> 6]

    @property
    def copy(self) -> int:
        """Which copy of its kind the card is: 0 for ``a`` … 7 for ``h``."""
        return self & 7

    @property
    def kind(self) -> int:
        """The kind (rank in suit) as an int ``suit * 8 + rank``, shared by all copies."""
        return self >> 3

    @property
    def symbol(self) -> str:
        """Rank and suit symbol, as printed on the card (``Q♠``): no copy letter."""
        return kind_name(self >> 3, symbols=True)

    def __str__(self) -> str:
        return _NOTATION[self]

    def __repr__(self) -> str:
        return f"Card({_NOTATION[self]!r})"

    def __format__(self, spec: str) -> str:
        if spec == "":
            return _NOTATION[self]
        if not _CARD_FORMATS.issuperset(spec):
            return _format_value(self, _NOTATION[self], spec)
        name = kind_name(self >> 3, symbols="s" in spec)
        if "k" in spec or (not self & 7 and "a" not in spec):
            return name
        return name + COPY_LETTERS[self & 7]


_NOTATION: Final = tuple(
    card_name(x, copies=bool(x & 7)) if x < 256 or x >= JOKER else "?" for x in range(CARD_SPACE))
CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, x) for x in range(CARD_SPACE))
"""Every physical card by its int: ``CARDS[x]`` turns an engine int into a `Card` (a lookup;
the ints between 255 and `JOKER` are no card, and `Card` refuses them)."""


_BY_INT: Final[dict[int, Card]] = {
    x: card for x, card in enumerate(CARDS) if x < 256 or x >= JOKER}


def as_card(value: int | str) -> Card:
    """``value`` (an int 0..255, a `Card` or notation) as a `Card`; see `Card`'s errors."""
    if type(value) is Card:
        return value
    return Card(value)


def as_cards(values: Iterable[int | str] | str) -> tuple[Card, ...]:
    """``values`` (ints, `Card` values or notation tokens; or one string of tokens) as a tuple
    of `Card`, in the order given."""
    if type(values) is tuple:  # already `Card` values (a listed declaration's): kept as is
        for v in values:
            if type(v) is not Card:
                break
        else:
            return cast("tuple[Card, ...]", values)
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    elif not isinstance(values, (tuple, list)):  # a union would be built at every call
        values = tuple(values)
    try:  # the common case, engine ints: one lookup each
        return tuple(map(_BY_INT.__getitem__, values))
    except (KeyError, TypeError):  # notation, or a bad value: as_card says what is wrong
        return tuple(map(as_card, values))


def cards_of(bits: int) -> tuple[Card, ...]:
    """The cards of a bitmask, lowest first, as a tuple of `Card`."""
    out: list[Card] = []
    while bits:
        low = bits & -bits
        out.append(CARDS[low.bit_length() - 1])
        bits ^= low
    return tuple(out)


class CardSet:
    """An immutable set of physical cards held as one int bitmask (bit ``card`` set). Iterating
    gives its :class:`Card` values, lowest first (spades, then hearts …, each by rank).

    >>> s = CardSet.of(parse_cards("QS JD QSb"))
    >>> len(s), parse_card("JD") in s, s.count_kind(parse_kind("QS"))
    (3, True, 2)
    >>> list(s)
    [Card('QS'), Card('QSb'), Card('JD')]
    >>> str(s)
    'QS QSb JD'
    """

    __slots__ = ("bits",)

    bits: int

    def __init__(self, bits: int = 0) -> None:
        object.__setattr__(self, "bits", bits)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        """The set of the given physical cards."""
        bits = 0
        for c in cards:
            bits |= 1 << c
        return cls(bits)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and (self.bits >> card) & 1 == 1

    def __iter__(self) -> Iterator[Card]:
        return map(CARDS.__getitem__, iter_bits(self.bits))

    def __len__(self) -> int:
        return self.bits.bit_count()

    def __bool__(self) -> bool:
        return self.bits != 0

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.bits | other.bits)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.bits & other.bits)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.bits & ~other.bits)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.bits == self.bits

    def __hash__(self) -> int:
        return hash(self.bits)

    def count_kind(self, k: int) -> int:
        """How many copies of kind ``k`` the set holds."""
        return ((self.bits >> (k * 8)) & 0xFF).bit_count()

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"

    def __str__(self) -> str:
        return " ".join(map(str, self))


KIND_MASK: Final = 0xFF
"""The bits of all copies of kind 0; shift left by ``kind * 8`` for another kind."""


def iter_bits(bits: int) -> Iterator[int]:
    """The indices of the set bits of ``bits``, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def kind_bits(k: int) -> int:
    """Bitmask of all copies of kind ``k``."""
    return KIND_MASK << (k * 8)


def _lane_mask(low_bits: int) -> int:
    """Every byte lane of a card mask with its lowest ``low_bits`` bits cleared."""
    lane = (0xFF << low_bits) & 0xFF
    return int.from_bytes(bytes([lane]) * LANES, "little")


_ABOVE: Final = {s: _lane_mask(s) for s in (1, 2, 4)}


LANE_COUNT: Final = tuple(v.bit_count() for v in range(256))
"""How many copies a kind's lane byte holds: ``LANE_COUNT[bits >> (kind * 8) & 0xFF]``."""


def lowest_copies(bits: int) -> int:
    """The lowest copy of every kind present in ``bits`` (one set bit per non-empty lane)."""
    smear = bits
    smear |= (smear << 1) & _ABOVE[1]
    smear |= (smear << 2) & _ABOVE[2]
    smear |= (smear << 4) & _ABOVE[4]
    return smear & ~((smear << 1) & _ABOVE[1])


_LANE0: Final = int.from_bytes(b"\x01" * LANES, "little")


def lane_any(bits: int) -> int:
    """Bit 0 of every byte lane set where that lane (a kind) has any bit set."""
    bits |= bits >> 4
    bits |= bits >> 2
    bits |= bits >> 1
    return bits & _LANE0
