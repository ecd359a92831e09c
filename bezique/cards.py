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
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from bezique.errors import NotationError

RANKS: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9", "8", "7")
"""Rank names, strongest first; the index is the rank's int."""
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Suit letters; the index is the suit's int."""
SUIT_SYMBOLS: tuple[str, ...] = ("♠", "♥", "♦", "♣")
"""Suit symbols in the same order as :data:`SUITS`."""
SUIT_NAMES: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")
"""Suit names in the same order as :data:`SUITS`."""
COPY_LETTERS = "abcdefgh"
MAX_COPIES = 8

_RANK_ALIASES = {"T": 1, "10": 1, "A": 0, "K": 2, "Q": 3, "J": 4, "9": 5, "8": 6, "7": 7}
_SUIT_ALIASES = {
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


def kind_name(k: int, *, symbols: bool = False) -> str:
    """Name of a kind, e.g. ``QS`` (or ``Q♠`` with ``symbols``)."""
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
    return kind_of(r, s)


def parse_card(token: str) -> int:
    """Parse a card token into a physical card; without a copy letter it is copy ``a``."""
    r, s, c = _split(token)
    return card_of(kind_of(r, s), c or 0)


def parse_card_ref(token: str) -> tuple[int, int | None]:
    """Parse a token into ``(kind, copy or None)``: the copy is None when not written."""
    r, s, c = _split(token)
    return kind_of(r, s), c


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Parse space- or comma-separated card tokens into physical cards (copy ``a`` default)."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


class CardSet:
    """An immutable set of physical cards held as one int bitmask (bit ``card`` set).

    >>> s = CardSet.of(parse_cards("QS JD QSb"))
    >>> len(s), parse_card("JD") in s, s.count_kind(parse_kind("QS"))
    (3, True, 2)
    >>> str(s)
    'QSa QSb JDa'
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

    def __iter__(self) -> Iterator[int]:
        return iter_bits(self.bits)

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
        return " ".join(card_name(c, copies=True) for c in self)


KIND_MASK = 0xFF
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
    """Every byte lane of a 256-bit card mask with its lowest ``low_bits`` bits cleared."""
    lane = (0xFF << low_bits) & 0xFF
    return int.from_bytes(bytes([lane]) * 32, "little")


_ABOVE = {s: _lane_mask(s) for s in (1, 2, 4)}


LANE_COUNT = tuple(v.bit_count() for v in range(256))
"""How many copies a kind's lane byte holds: ``LANE_COUNT[bits >> (kind * 8) & 0xFF]``."""


def lowest_copies(bits: int) -> int:
    """The lowest copy of every kind present in ``bits`` (one set bit per non-empty lane)."""
    smear = bits
    smear |= (smear << 1) & _ABOVE[1]
    smear |= (smear << 2) & _ABOVE[2]
    smear |= (smear << 4) & _ABOVE[4]
    return smear & ~((smear << 1) & _ABOVE[1])


_LANE0 = int.from_bytes(b"\x01" * 32, "little")


def lane_any(bits: int) -> int:
    """Bit 0 of every byte lane set where that lane (a kind) has any bit set."""
    bits |= bits >> 4
    bits |= bits >> 2
    bits |= bits >> 1
    return bits & _LANE0
