"""The layout of the factored action encoding (``bezique.encoding.encoding(rules,
factored=True)``, docs/encoding.md#the-factored-form): ids that name faces, not copies.

An action's *form* is what it says without copies: a play is its card's face (``play QS``),
a declaration its meld and the faces it takes (``meld bezique QS JD``), a dix action its
verb. A form owns a run of ids, ``start`` to ``start + width - 1``: the ``q``-th legal action
of a state with that form (in ``legal_actions()`` order, the *qualifier* ``q``) takes id
``start + q``. Interchangeable copies are one legal action already (the engine lists the
lowest); copies with different consequences (ruling R10) are several, told apart by ``q``.

The widths: a play's is its face's number of copies (a player's copies of a face never fall
into more groups than that, so no play is ever lost); a declaration's is the number of ways to
pick its physical cards, capped at `QUALIFIERS`; ``dix show`` has one id (the engine lists at
most one), ``dix exchange`` two (a fresh dix and one that already scored, where the pack has
two copies). Only a declaration form whose physical choices exceed `QUALIFIERS` can lose an
action: at a state where more than `QUALIFIERS` legal declarations share it, those past the
first `QUALIFIERS` have no id. The layout depends on nothing but the rules, so the number of
ids does not grow with the number of packs once every wide form is capped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product
from math import comb, prod
from typing import Final

from attrs import frozen

from bezique.actions import (
    LISTING_KEY,
    Action,
    Announce,
    CallOut,
    CarteBlanche,
    DixExchange,
    DixShow,
    Done,
    Draw,
    Meld,
    Pass,
    Play,
)
from bezique.cards import CARD_SPACE, is_joker
from bezique.compile import Compiled, compile_rules
from bezique.rules.model import Rules

__all__ = ["QUALIFIERS", "FactoredLayout", "form_key", "layout"]

QUALIFIERS: Final = 16
"""The most ids a declaration form has: how many legal declarations of one state may share a
meld and its faces before the factored encoding drops some (never seen in random deals of the
built-in profiles: the most found is 8, in the eight-pack; docs/encoding.md)."""


def form_key(action: Action) -> object:
    """The form of an action other than a play (`FactoredLayout.play` holds those): a
    declaration's type, meld name and faces in listing order; a dix action's type; the action
    itself for one without cards (``draw``, ``pass`` ...)."""
    kind = type(action)
    if kind is Meld or kind is Announce:
        assert isinstance(action, Meld | Announce)
        cards = action.normalized().cards
        return kind, action.name, tuple(x >> 3 for x in cards)
    if kind is DixShow or kind is DixExchange:
        return kind
    return action


@frozen(eq=False)
class FactoredLayout:
    """A profile's factored ids: the blocks, each form's first id and width, and a
    representative action per form (its lowest copies, unqualified)."""

    blocks: tuple[tuple[str, int, int], ...]
    """(name, first id, size) per block, in id order."""
    play: tuple[int, ...]
    """Per card int: the first id of its face's plays (-1: no card of the pack)."""
    keyed: dict[object, int]
    """`form_key` -> the form's first id."""
    start: tuple[int, ...]
    """Per id: the first id of its form."""
    width: tuple[int, ...]
    """Per id: the width of its form."""
    representative: tuple[Action, ...]
    """Per id: its form's representative action."""

    @property
    def size(self) -> int:
        """The number of ids."""
        return len(self.start)


def _copies(c: Compiled) -> Counter[int]:
    """How many copies of each face (kind) the pack holds."""
    return Counter(x >> 3 for x in c.pack_cards)


def _multisets(kinds: tuple[int, ...], n: int, copies: Counter[int]) -> Iterator[tuple[int, ...]]:
    """The multisets of ``n`` faces drawn from ``kinds``, no face more often than its copies."""
    if not kinds:
        if n == 0:
            yield ()
        return
    first, rest = kinds[0], kinds[1:]
    for taken in range(min(n, copies[first]) + 1):
        for tail in _multisets(rest, n - taken, copies):
            yield (first,) * taken + tail


def _face_order(kind: int) -> int:
    return LISTING_KEY[kind * 8]


def declaration_forms(c: Compiled) -> list[tuple[str, tuple[int, ...], int]]:
    """Every (meld name, faces in listing order, physical choices) a scoring meld may be
    declared with, under any trump, sorted by name then faces."""
    copies = _copies(c)
    forms: dict[tuple[str, tuple[int, ...]], int] = {}
    for t in c.melds:
        for per_trump in c.patterns[t.index]:
            for pattern in per_trump:
                choices = product(*(list(_multisets(kinds, n, copies)) for _, n, kinds in pattern))
                for combo in choices:
                    faces = tuple(sorted((k for part in combo for k in part), key=_face_order))
                    taken = Counter(faces)
                    forms[t.name, faces] = prod(comb(copies[k], m) for k, m in taken.items())
    return sorted(((name, faces, n) for (name, faces), n in forms.items()),
                  key=lambda f: (f[0], [_face_order(k) for k in f[1]]))


class _Builder:
    """Lays the forms out block by block."""

    def __init__(self) -> None:
        self.blocks: list[tuple[str, int, int]] = []
        self.keyed: dict[object, int] = {}
        self.start: list[int] = []
        self.width: list[int] = []
        self.representative: list[Action] = []

    def form(self, representative: Action, width: int, key: object = None) -> int:
        """Add a form of ``width`` ids; its first id."""
        first = len(self.start)
        self.start.extend([first] * width)
        self.width.extend([width] * width)
        self.representative.extend([representative] * width)
        if key is not None:
            self.keyed[key] = first
        return first

    def block(self, name: str, first: int) -> None:
        """Close the block ``name`` that began at id ``first`` (none if it is empty)."""
        if len(self.start) > first:
            self.blocks.append((name, first, len(self.start) - first))


def layout(rules: Rules) -> FactoredLayout:
    """The factored layout of a profile (docs/encoding.md#the-factored-form).

    >>> import bezique
    >>> [(name, size) for name, _, size in layout(bezique.load_profile("eight-pack")).blocks]
    [('play', 256), ('meld', 3456), ('announce', 3456), ('draw', 1)]
    """
    c = compile_rules(rules)
    b = _Builder()
    copies = _copies(c)
    play = [-1] * CARD_SPACE
    first = 0
    for kind in sorted(copies):
        at = b.form(Play(kind * 8), copies[kind])
        for copy in range(copies[kind]):
            play[kind * 8 + copy] = at
    b.block("play", first)
    forms = declaration_forms(c)
    declared: list[tuple[type[Meld] | type[Announce], str]] = [(Meld, "meld")]
    if c.cady:
        declared.append((Announce, "announce"))
    for verb, block in declared:
        first = len(b.start)
        for name, faces, choices in forms:
            b.form(verb(name, _lowest_copies(faces)), min(choices, QUALIFIERS), (verb, name, faces))
        b.block(block, first)
    dixes = [x for x in c.pack_cards if x >> 3 & 7 == c.dix_rank and not is_joker(x)]
    if dixes:  # a fresh dix and, where the pack has two copies, one that scored already
        for dix, block, on, width in ((DixShow, "dix show", c.dix_show, 1),
                                      (DixExchange, "dix exchange", c.dix_exchange, 2)):
            if on:
                first = len(b.start)
                b.form(dix(dixes[0]), min(width, copies[dixes[0] >> 3]), dix)
                b.block(block, first)
    for action, name, on in _simple(rules, c):
        if on:
            first = len(b.start)
            b.form(action, 1, action)
            b.block(name, first)
    return FactoredLayout(tuple(b.blocks), tuple(play), b.keyed, tuple(b.start),
                          tuple(b.width), tuple(b.representative))


def _lowest_copies(faces: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of a form's representative: copy 0, 1 ... of each face, in listing order."""
    seen: Counter[int] = Counter()
    cards = []
    for kind in faces:
        cards.append(kind * 8 + seen[kind])
        seen[kind] += 1
    return tuple(sorted(cards, key=LISTING_KEY.__getitem__))


def _simple(rules: Rules, c: Compiled) -> list[tuple[Action, str, bool]]:
    """The actions without cards, their blocks' names and whether the profile has them (the
    flat encoding's blocks and order)."""
    return [
        (Draw(), "draw", True),
        (Draw(turn_up=True), "draw turn_up", rules.last_stock.winner_chooses),
        (Pass(), "pass", bool(c.passing)),
        (Done(), "done", rules.melds.timing == "after_draw"),
        (CarteBlanche(), "carte blanche", c.carte_blanche is not None),
        (CallOut(), "call out", c.call_out),
    ]
