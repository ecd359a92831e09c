"""Actions and their notation: ``play QS``, ``meld bezique QS JD``, ``dix exchange``, ``pass``,
``draw`` …

Actions are frozen values over physical cards, `Card` values (ints or notation tokens given to
a constructor are converted: ``Play("QSb") == Play(Card("QSb"))``). ``str(action)`` is its
notation; a card carries its copy letter (``QSb``) only where the player holds copies of it
with different consequences (ruling R10), so ``str`` of two legal actions always differs and
``deal.apply(str(a))`` applies exactly ``a``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final, Self

from attrs import frozen

from bezique.cards import CARD_SPACE, JOKER_KIND, Card, as_card, as_cards, card_name, parse_card_ref
from bezique.errors import NotationError
from bezique.frozen import Frozen, describe_fields


def card_order(card: int) -> tuple[int, int, int]:
    """How a meld lists its cards: by rank (A first), then suit, then copy; jokers last."""
    if card >> 3 == JOKER_KIND:
        return 8, 0, card & 7
    return card >> 3 & 7, card >> 6, card & 7


LISTING_KEY: Final = tuple(
    rank << 5 | suit << 3 | copy for rank, suit, copy in map(card_order, range(CARD_SPACE))
)
"""`card_order` as one int per physical card: sorting by it lists a meld's cards."""


def _ordered(cards: tuple[int, ...], qualify: int) -> tuple[tuple[int, ...], int]:
    """The cards in listing order, with the copy-letter flags moved along."""
    keys = [LISTING_KEY[x] for x in cards]
    if keys == sorted(keys):
        return cards, qualify
    order = sorted(range(len(cards)), key=keys.__getitem__)
    flags = 0
    for new, old in enumerate(order):
        if qualify >> old & 1:
            flags |= 1 << new
    return tuple(cards[i] for i in order), flags


def _card(card: int, qualify: bool) -> str:
    return card_name(card, copies=qualify)


def _cards(cards: tuple[int, ...], qualify: int) -> str:
    return " ".join(_card(c, bool(qualify >> i & 1)) for i, c in enumerate(cards))


class _OneCard(Frozen):
    """An action on one card: what `Play`, `DixShow` and `DixExchange` share (``qualify``:
    name the card with its copy letter; it takes no part in equality)."""

    __slots__ = ("card", "qualify")
    __match_args__: ClassVar[tuple[str, ...]] = ("card", "qualify")
    card: Card
    qualify: bool

    def __init__(self, card: int | str, qualify: bool = False) -> None:
        object.__setattr__(self, "card", as_card(card))
        object.__setattr__(self, "qualify", qualify)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _OneCard)
        return self.card == other.card

    def __hash__(self) -> int:
        return hash((type(self), self.card))


class Play(_OneCard):
    """Play a card to the current trick (from the hand or the table)."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"play {_card(self.card, self.qualify)}"


class _Declared(Frozen):
    """A meld named with its cards: what `Meld` and `Announce` share."""

    __slots__ = ("cards", "name", "qualify")
    __match_args__: ClassVar[tuple[str, ...]] = ("name", "cards", "qualify")
    name: str
    cards: tuple[Card, ...]
    qualify: int

    def __init__(
        self, name: str, cards: Iterable[int | str] | str, qualify: int = 0
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "cards", as_cards(cards))
        object.__setattr__(self, "qualify", qualify)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Declared)
        return self.name == other.name and self.cards == other.cards

    def __hash__(self) -> int:
        return hash((type(self), self.name, self.cards))

    @property
    def verb(self) -> str:
        """The notation's first word(s)."""
        return ""

    def __str__(self) -> str:
        return f"{self.verb} {self.name} {_cards(self.cards, self.qualify)}"

    def normalized(self) -> Self:
        """The same declaration with its cards in listing order."""
        cards, flags = _ordered(self.cards, self.qualify)
        return self if cards == self.cards else type(self)(self.name, cards, flags)


class Meld(_Declared):
    """Declare (and score) the meld ``name`` with these cards, after winning a trick."""

    __slots__ = ()

    @property
    def verb(self) -> str:
        """``meld``."""
        return "meld"


class Announce(_Declared):
    """Table a further declaration to score on a later win (Cady's pending declaration)."""

    __slots__ = ()

    @property
    def verb(self) -> str:
        """``announce``."""
        return "announce"


class _DixAction(_OneCard):
    """An action on one trump dix: what `DixShow` and `DixExchange` share."""

    __slots__ = ()

    @property
    def verb(self) -> str:
        """The notation's first words."""
        return ""

    def __str__(self) -> str:
        return self.verb + (f" {_card(self.card, True)}" if self.qualify else "")


class DixShow(_DixAction):
    """Show a trump dix (seven, or nine in Pinochle) to score it."""

    __slots__ = ()

    @property
    def verb(self) -> str:
        """``dix show``."""
        return "dix show"


class DixExchange(_DixAction):
    """Exchange a trump dix for the turn-up."""

    __slots__ = ()

    @property
    def verb(self) -> str:
        """``dix exchange``."""
        return "dix exchange"


for _record in (Play, Meld, Announce, DixShow, DixExchange):
    describe_fields(_record, uncompared=("qualify",))


@frozen
class Draw:
    """End the declaring turn (whichever partner holds it); every seat draws, the trick's
    winner first, then the others in playing order. ``turn_up``: at the last draw, the winner
    takes the turn-up instead of the hidden card (``last_stock.winner_chooses``).
    """

    turn_up: bool = False

    def __str__(self) -> str:
        return "draw turn_up" if self.turn_up else "draw"


@frozen
class Pass:
    """Partnership (``partnership.declarer``): hand the declaring turn to the partner. The
    trick's winner may pass before declaring anything; under ``"winner_or_partner"`` the
    partner may hand it back once, before declaring anything (docs/rules.md#more-seats)."""

    def __str__(self) -> str:
        return "pass"


@frozen
class Done:
    """End the declaring turn when the cards were drawn before declaring (``melds.timing``)."""

    def __str__(self) -> str:
        return "done"


@frozen
class CallOut:
    """Five Hundred: claim to have reached the target (``game.call_out``); ends the deal."""

    def __str__(self) -> str:
        return "call out"


@frozen
class CarteBlanche:
    """Show a hand without court cards (or, later, a drawn non-court card) for carte blanche."""

    def __str__(self) -> str:
        return "carte blanche"


Action = (
    Play | Meld | Announce | DixShow | DixExchange | Draw | Pass | Done | CallOut | CarteBlanche
)
"""Any action a deal accepts."""

CardRef = tuple[int, int | None]


@frozen
class ParsedAction:
    """Notation parsed but not yet resolved against a deal: copies may be unspecified."""

    verb: str
    name: str | None = None
    refs: tuple[CardRef, ...] = ()
    text: str = ""


_SIMPLE: Final = {
    "draw": "draw", "draw turn_up": "draw_turn_up", "draw turn-up": "draw_turn_up",
    "pass": "pass", "done": "done", "call out": "call_out", "callout": "call_out",
    "carte blanche": "carte_blanche",
}


def parse_action(text: str) -> ParsedAction:
    """Parse action notation; raises `NotationError` showing the input.

    >>> parse_action("meld bezique Q♠ JD").refs
    ((3, None), (20, None))
    """
    words = text.strip().split()
    if not words:
        raise NotationError("empty action: expected e.g. 'play QS', 'meld bezique QS JD', 'draw'")
    verb = words[0].lower()
    joined = " ".join(w.lower() for w in words)
    if joined in _SIMPLE:
        return ParsedAction(verb=_SIMPLE[joined], text=text)
    try:
        if verb == "play" and len(words) == 2:
            return ParsedAction(verb="play", refs=(parse_card_ref(words[1]),), text=text)
        if verb == "dix" and len(words) in (2, 3) and words[1].lower() in ("show", "exchange"):
            refs = (parse_card_ref(words[2]),) if len(words) == 3 else ()
            return ParsedAction(verb=f"dix_{words[1].lower()}", refs=refs, text=text)
        if verb in ("meld", "announce") and len(words) >= 2:
            rest = words[1:]
            name: str | None = None
            if not _is_card(rest[0]):
                name, rest = rest[0].lower(), rest[1:]
            if not rest:
                raise NotationError(f"{text!r}: no cards given")
            return ParsedAction(
                verb=verb, name=name, refs=tuple(parse_card_ref(w) for w in rest), text=text
            )
    except NotationError as exc:
        raise NotationError(f"cannot read action {text!r}: {exc}") from None
    raise NotationError(
        f"cannot read action {text!r}: expected 'play CARD', 'meld [NAME] CARD...', "
        "'announce [NAME] CARD...', 'dix show', 'dix exchange', 'draw', 'draw turn_up', "
        "'pass', 'done', 'call out' or 'carte blanche'"
    )


def _is_card(token: str) -> bool:
    try:
        parse_card_ref(token)
    except NotationError:
        return False
    return True
