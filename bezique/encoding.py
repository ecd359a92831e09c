"""A fixed action encoding per profile: every legal action as an int below
`ActionEncoding.num_distinct_actions`, what game frameworks (OpenSpiel, PettingZoo) need.

The id space is a pure function of the profile's rules (stable while `Rules.digest` stays the
same), laid out in blocks, one per action family the profile can use (docs/encoding.md):

1. ``play``: one id per physical card of the pack (kind × copy), in card order;
2. ``meld``: one id per (meld template, concrete pattern, choice of physical cards);
3. ``announce``: the same, for pending declarations (``melds.pending = "cady"``);
4. ``dix show`` and 5. ``dix exchange``: one id per physical dix (suit × copy);
6. ``draw``, ``draw turn_up``, ``pass`` (partnership), ``done``, ``carte blanche``,
   ``call out``: one id each.

Copies are told apart by the physical card an action names, which is exactly what its
notation's copy letter says (ruling R10, docs/rules.md#rulings): two legal actions of one state
never share an id.

>>> import bezique
>>> from bezique.encoding import encoding
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7, dealer=0)
>>> enc = encoding(deal.rules)
>>> enc.num_distinct_actions
971
>>> ids = enc.legal_ids(deal)
>>> ids[:3], [str(enc.decode(deal, i)) for i in ids][:3]
([0, 7, 15], ['play AS', 'play QS', 'play 7S'])
>>> enc.encode(deal, deal.legal_actions()[0]) in ids
True
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from functools import lru_cache
from math import comb
from typing import ClassVar, Final, Protocol

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
from bezique.cards import CARD_SPACE, is_joker, iter_bits
from bezique.compile import compile_rules
from bezique.encoding_factored import QUALIFIERS, FactoredLayout, form_key, layout
from bezique.rules.model import Rules

__all__ = [
    "ENCODINGS", "FLAT_LIMIT", "ActionEncoding", "Block", "EncodingError", "FactoredEncoding",
    "FlatEncoding", "State", "choose_encoding", "encoding",
]


class EncodingError(ValueError):
    """An action or id is not legal in the state given, or not in the profile's id space; the
    message says which."""


class State(Protocol):
    """What the encoding reads: a `bezique.Deal` or a `bezique.observation.Observation`."""

    @property
    def rules(self) -> Rules:
        """The profile."""

    def legal_actions(self) -> list[Action]:
        """Every distinct legal action of the player to move."""


@frozen
class Block:
    """One action family's ids: ``start <= id < start + size``."""

    name: str
    start: int
    size: int


# a declaration pattern: per slot, the physical cards that may fill it (ascending) and how many
_Slot = tuple[tuple[int, ...], int]


@frozen
class _Pattern:
    """One concrete pattern of a meld template and where its ids start."""

    name: str
    slots: tuple[_Slot, ...]
    start: int
    size: int


def _rank(slots: tuple[_Slot, ...], cards: tuple[int, ...]) -> int | None:
    """The index of a card choice among the pattern's choices (mixed radix over the slots, a
    colex combination rank within each), or None if the cards do not fit the pattern."""
    index = 0
    used = 0
    for pool, n in slots:
        positions = [i for i, x in enumerate(pool) if x in cards]
        if len(positions) != n:
            return None
        used += n
        index = index * comb(len(pool), n) + sum(
            comb(at, k + 1) for k, at in enumerate(positions)
        )
    return index if used == len(cards) else None


def _unrank(slots: tuple[_Slot, ...], index: int) -> tuple[int, ...]:
    """The card choice of `_rank` ``index``."""
    cards: list[int] = []
    for pool, n in reversed(slots):
        size = comb(len(pool), n)
        index, r = divmod(index, size)
        at = len(pool)
        for k in range(n, 0, -1):
            at -= 1
            while comb(at, k) > r:
                at -= 1
            cards.append(pool[at])
            r -= comb(at, k)
    return tuple(sorted(cards, key=LISTING_KEY.__getitem__))


class ActionEncoding:
    """A profile's fixed bijection, at every state, between the legal actions and ints below
    `num_distinct_actions`: the flat form (`FlatEncoding`) or the factored one
    (`bezique.encoding_factored.FactoredEncoding`); build one with `encoding`, which caches
    one per `Rules` and form.

    ``encode`` and ``decode`` take a state (a `bezique.Deal` or an `Observation` of the
    player to move) and raise `EncodingError` for an action or id that is not legal there.
    Actions are taken as ``legal_actions()`` lists them (interchangeable copies: the lowest).
    """

    __slots__ = ()
    rules: Rules
    num_distinct_actions: int
    blocks: tuple[Block, ...]
    """The blocks the profile uses, in id order."""
    factored: ClassVar[bool] = False
    """Whether ids name faces and a qualifier (`FactoredEncoding`) or physical copies."""

    def id_of(self, action: Action) -> int:
        """The id of ``action`` in this profile's space, whatever the state; raises
        `EncodingError` for an action this profile has no id for."""
        raise NotImplementedError

    def action_of(self, id: int) -> Action:
        """The action of ``id`` with no state (copy letters unqualified); raises
        `EncodingError` for an id out of range."""
        raise NotImplementedError

    def by_id(self, actions: Iterable[Action]) -> dict[int, Action]:
        """The legal actions of one state (``legal_actions()``, in its order) by their ids:
        what `encode`, `decode`, `legal_ids` and `mask` read, for a caller that already holds
        the list (a game framework's step)."""
        id_of = self.id_of
        return {id_of(a): a for a in actions}

    def encode(self, state: State, action: Action) -> int:
        """The id of ``action``, which must be one of ``state.legal_actions()``."""
        legal = state.legal_actions()
        if action not in legal:
            raise EncodingError(f"{action} is not a legal action here")
        for id, found in self.by_id(legal).items():
            if found == action:
                return id
        raise EncodingError(f"{action} has no id here: {self._lost(action)}")

    def _lost(self, action: Action) -> str:
        """Why a legal action has no id (only the factored form drops one)."""
        return "unreachable"  # pragma: no cover - the flat form gives every action its id

    def decode(self, state: State, id: int) -> Action:
        """The legal action of ``state`` with this id (as ``legal_actions()`` lists it, with
        its copy letters); raises `EncodingError` if no legal action has it."""
        wanted = self.action_of(id)
        found = self.by_id(state.legal_actions()).get(id)
        if found is None:
            raise EncodingError(f"action id {id} ({wanted}) is not legal here")
        return found

    def legal_ids(self, state: State) -> list[int]:
        """The ids of the legal actions, ascending."""
        return sorted(self.by_id(state.legal_actions()))

    def mask(self, state: State) -> bytes:
        """``num_distinct_actions`` bytes: 1 at each legal id, 0 elsewhere."""
        out = bytearray(self.num_distinct_actions)
        for id in self.by_id(state.legal_actions()):
            out[id] = 1
        return bytes(out)

    def block_of(self, id: int) -> Block:
        """The block ``id`` lies in; raises `EncodingError` for an id out of range."""
        for b in self.blocks:
            if b.start <= id < b.start + b.size:
                return b
        raise EncodingError(
            f"action id {id} is out of range (0 to {self.num_distinct_actions - 1})"
        )


@frozen(eq=False)
class FlatEncoding(ActionEncoding):
    """The flat encoding: an id names the physical copies an action takes (docs/encoding.md),
    so it means the same action at every state."""

    rules: Rules
    num_distinct_actions: int
    blocks: tuple[Block, ...]
    """The blocks the profile uses, in id order."""
    _ids: dict[Action, int]
    _play_ids: tuple[int, ...]
    _actions: list[Action | None]
    _patterns: dict[str, tuple[_Pattern, ...]]
    _starts: list[int]
    _by_start: list[_Pattern]
    _meld_block: Block | None
    _announce_block: Block | None

    def id_of(self, action: Action) -> int:
        """The id of ``action`` in this profile's space, whatever the state; raises
        `EncodingError` for an action this profile has no id for."""
        if type(action) is Play:
            play = self._play_ids[action.card]
            if play >= 0:
                return play
        found = self._ids.get(action)
        if found is not None:
            return found
        if isinstance(action, Meld | Announce):
            block = self._meld_block if isinstance(action, Meld) else self._announce_block
            norm = action.normalized()
            cards = tuple(int(x) for x in norm.cards)
            for pattern in self._patterns.get(action.name, ()) if block else ():
                index = _rank(pattern.slots, cards)
                if index is not None:
                    assert block is not None
                    found = block.start + pattern.start + index
                    self._ids[action] = found
                    return found
        raise EncodingError(f"{action} has no id in profile {self.rules.name!r}")

    def by_id(self, actions: Iterable[Action]) -> dict[int, Action]:
        """As `ActionEncoding.by_id`, a play's id read straight from its table."""
        play_ids, id_of = self._play_ids, self.id_of
        out: dict[int, Action] = {}
        for a in actions:
            id = play_ids[a.card] if type(a) is Play else -1
            out[id if id >= 0 else id_of(a)] = a
        return out

    def action_of(self, id: int) -> Action:
        """The action of ``id`` with no state (copy letters unqualified); raises
        `EncodingError` for an id out of range."""
        if not 0 <= id < self.num_distinct_actions:
            raise EncodingError(
                f"action id {id} is out of range (0 to {self.num_distinct_actions - 1})"
            )
        found = self._actions[id]
        if found is None:
            for block in (self._meld_block, self._announce_block):
                if block is not None and block.start <= id < block.start + block.size:
                    offset = id - block.start
                    pattern = self._by_start[bisect_right(self._starts, offset) - 1]
                    cards = _unrank(pattern.slots, offset - pattern.start)
                    kind = Meld if block is self._meld_block else Announce
                    found = kind(pattern.name, cards)
                    break
            assert found is not None
            self._actions[id] = found
        return found

    def encode(self, state: State, action: Action) -> int:
        """The id of ``action``, which must be one of ``state.legal_actions()``."""
        if action not in state.legal_actions():
            raise EncodingError(f"{action} is not a legal action here")
        return self.id_of(action)

    def decode(self, state: State, id: int) -> Action:
        """The legal action of ``state`` with this id (as ``legal_actions()`` lists it, with
        its copy letters); raises `EncodingError` if no legal action has it."""
        wanted = self.action_of(id)
        for action in state.legal_actions():
            if action == wanted:
                return action
        raise EncodingError(f"action id {id} ({wanted}) is not legal here")

    def legal_ids(self, state: State) -> list[int]:
        """The ids of the legal actions, ascending."""
        return sorted(map(self.id_of, state.legal_actions()))

    def mask(self, state: State) -> bytes:
        """``num_distinct_actions`` bytes: 1 at each legal id, 0 elsewhere."""
        out = bytearray(self.num_distinct_actions)
        for action in state.legal_actions():
            out[self.id_of(action)] = 1
        return bytes(out)


@frozen(eq=False)
class FactoredEncoding(ActionEncoding):
    """The factored encoding: an id names an action's form (a play's face, a declaration's
    meld and faces, a dix action's verb) and a qualifier, the action's rank among the state's
    legal actions of that form (docs/encoding.md#the-factored-form). Small for every pack; an
    id's physical copies depend on the state, so ``decode`` takes one."""

    factored: ClassVar[bool] = True
    rules: Rules
    num_distinct_actions: int
    blocks: tuple[Block, ...]
    """The blocks the profile uses, in id order."""
    _layout: FactoredLayout

    def id_of(self, action: Action) -> int:
        """The first id of the action's form (qualifier 0), whatever the state; raises
        `EncodingError` for an action this profile has no id for."""
        if type(action) is Play:
            found = self._layout.play[action.card]
        else:
            found = self._layout.keyed.get(form_key(action), -1)
        if found < 0:
            raise EncodingError(f"{action} has no id in profile {self.rules.name!r}")
        return found

    def action_of(self, id: int) -> Action:
        """The representative action of the id's form (its lowest copies, unqualified): the
        same for every qualifier of the form; raises `EncodingError` for an id out of range."""
        if not 0 <= id < self.num_distinct_actions:
            raise EncodingError(
                f"action id {id} is out of range (0 to {self.num_distinct_actions - 1})"
            )
        return self._layout.representative[id]

    def by_id(self, actions: Iterable[Action]) -> dict[int, Action]:
        """The legal actions of one state by id: each action's form's first id plus the
        number of legal actions of its form listed before it (none past the form's width)."""
        out: dict[int, Action] = {}
        play, keyed, width = self._layout.play, self._layout.keyed, self._layout.width
        for action in actions:
            if type(action) is Play:
                id = play[action.card]
            else:
                id = keyed.get(form_key(action), -1)
                if id < 0:
                    raise EncodingError(f"{action} has no id in profile {self.rules.name!r}")
            if id in out:  # another action of the same form: the next qualifier
                end = id + width[id]
                while id in out and id < end:
                    id += 1
                if id == end:
                    continue  # past the form's width: no id (docs/encoding.md)
            out[id] = action
        return out

    def _lost(self, action: Action) -> str:
        return (f"more than {QUALIFIERS} legal actions share its form "
                f"{self.action_of(self.id_of(action))} (docs/encoding.md#the-factored-form)")


def _meld_patterns(rules: Rules) -> tuple[tuple[_Pattern, ...], int]:
    """Every concrete pattern of every scoring meld, by name then by its cards, with offsets."""
    c = compile_rules(rules)
    out: list[_Pattern] = []
    at = 0
    for t in sorted(c.melds, key=lambda t: t.name):
        seen = {
            tuple((tuple(iter_bits(mask)), n) for mask, n, _ in pattern)
            for per_trump in c.patterns[t.index]
            for pattern in per_trump
        }
        for slots in sorted(seen):
            size = 1
            for pool, n in slots:
                size *= comb(len(pool), n)
            if size:
                out.append(_Pattern(t.name, slots, at, size))
                at += size
    return tuple(out), at


def _play_ids(ids: dict[Action, int], cards: tuple[int, ...]) -> tuple[int, ...]:
    """The id of playing each card int (-1 for an int that is no card of the pack: the jokers'
    ints lie past a gap, docs/cards.md#jokers)."""
    out = [-1] * CARD_SPACE
    for x in cards:
        out[x] = ids[Play(x)]
    return tuple(out)


ENCODINGS: Final = ("auto", "flat", "factored")
"""The choices of `choose_encoding` (the adapters' ``encoding`` parameter)."""

FLAT_LIMIT: Final = 10_000
"""The largest flat space ``"auto"`` keeps: a profile with more flat ids gets the factored
encoding (docs/encoding.md#which-form)."""


def choose_encoding(rules: Rules, choice: str = "auto") -> ActionEncoding:
    """The encoding a game framework uses: ``"flat"``, ``"factored"``, or ``"auto"`` (the
    flat one where it has at most `FLAT_LIMIT` ids, else the factored one); ValueError for
    another choice.

    >>> import bezique
    >>> [choose_encoding(bezique.load_profile(name)).factored for name in ("bezique", "rubicon")]
    [False, True]
    """
    if choice not in ENCODINGS:
        raise ValueError(f"encoding: expected one of {', '.join(ENCODINGS)}, got {choice!r}")
    if choice == "auto":
        return encoding(rules, factored=encoding(rules).num_distinct_actions > FLAT_LIMIT)
    return encoding(rules, factored=choice == "factored")


def encoding(rules: Rules, factored: bool = False) -> ActionEncoding:
    """The action encoding of a profile (built once per `Rules` and form, then cached):
    the flat one, or with ``factored`` the factored one (docs/encoding.md).

    >>> import bezique
    >>> [(b.name, b.size) for b in encoding(bezique.load_profile("five-hundred")).blocks]
    [('play', 32), ('meld', 21), ('dix show', 4), ('dix exchange', 4), ('draw', 1), ('call out', 1)]
    >>> encoding(bezique.load_profile("eight-pack"), factored=True).num_distinct_actions
    7169
    """
    return _encoding(rules, bool(factored))


@lru_cache(maxsize=64)
def _encoding(rules: Rules, factored: bool) -> ActionEncoding:
    if factored:
        found = layout(rules)
        return FactoredEncoding(rules, found.size, tuple(Block(*b) for b in found.blocks), found)
    return _flat(rules)


def _flat(rules: Rules) -> FlatEncoding:
    """The flat encoding of a profile."""
    c = compile_rules(rules)
    blocks: list[Block] = []
    ids: dict[Action, int] = {}
    actions: list[Action | None] = []

    def block(name: str, items: list[Action | None]) -> Block:
        b = Block(name, len(actions), len(items))
        for i, action in enumerate(items):
            if action is not None:
                ids[action] = b.start + i
        actions.extend(items)
        blocks.append(b)
        return b

    block("play", [Play(x) for x in c.pack_cards])
    patterns, declarations = _meld_patterns(rules)
    meld_block = block("meld", [None] * declarations) if declarations else None
    announce_block = block("announce", [None] * declarations) if declarations and c.cady else None
    dixes = [x for x in c.pack_cards if x >> 3 & 7 == c.dix_rank and not is_joker(x)]
    if c.dix_show:
        block("dix show", [DixShow(x) for x in dixes])
    if c.dix_exchange:
        block("dix exchange", [DixExchange(x) for x in dixes])
    block("draw", [Draw()])
    if rules.last_stock.winner_chooses:
        block("draw turn_up", [Draw(turn_up=True)])
    if c.passing:
        block("pass", [Pass()])
    if rules.melds.timing == "after_draw":
        block("done", [Done()])
    if c.carte_blanche is not None:
        block("carte blanche", [CarteBlanche()])
    if c.call_out:
        block("call out", [CallOut()])
    by_name: dict[str, list[_Pattern]] = {}
    for pattern in patterns:
        by_name.setdefault(pattern.name, []).append(pattern)
    return FlatEncoding(
        rules=rules,
        num_distinct_actions=len(actions),
        blocks=tuple(blocks),
        ids=ids,
        play_ids=_play_ids(ids, c.pack_cards),
        actions=actions,
        patterns={name: tuple(ps) for name, ps in by_name.items()},
        starts=[p.start for p in patterns],
        by_start=list(patterns),
        meld_block=meld_block,
        announce_block=announce_block,
    )
