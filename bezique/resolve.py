"""Resolving action notation against a deal: bare cards, copy letters, optional meld names.

A bare card (``QS``) stands for any copy when all the player's copies have the same
consequences; otherwise the notation is ambiguous and the error lists the qualified forms
(ruling R10). Notation naming no legal action is checked against the rules, so the error says
which rule forbids it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bezique.actions import (
    Action,
    Announce,
    CallOut,
    CarteBlanche,
    DixExchange,
    DixShow,
    Done,
    Draw,
    Meld,
    ParsedAction,
    Pass,
    Play,
    parse_action,
)
from bezique.cards import iter_bits, kind_name
from bezique.errors import IllegalAction, NotationError
from bezique.legal import legal_actions
from bezique.players import player_name
from bezique.state import OVER

if TYPE_CHECKING:
    from bezique.moves import DealMoves

_SIMPLE: Final[dict[str, Action]] = {
    "draw": Draw(), "draw_turn_up": Draw(turn_up=True), "pass": Pass(), "done": Done(),
    "call_out": CallOut(), "carte_blanche": CarteBlanche(),
}


def resolve(d: DealMoves, text: str) -> Action:
    """The action that ``text`` names in this deal (it may still be illegal).

    A card with a copy letter names that physical copy; a bare card any copy whose
    consequences are the same as the listed one's.
    """
    parsed = parse_action(text)
    if parsed.verb in _SIMPLE:
        return _SIMPLE[parsed.verb]
    if d._phase == OVER:
        raise IllegalAction(f"{text}: the deal is over", rule="the deal is over")
    p = d._to_move
    representative = _representatives(d, p)
    matches = []
    for action in legal_actions(d):
        exact = _fit(action, parsed, representative)
        if exact is not None:
            matches.append(exact)
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        forms = ", ".join(repr(str(a)) for a in matches)
        raise NotationError(f"{text!r} is ambiguous: say which copy, one of {forms}")
    return _guess(d, p, parsed)


def _representatives(d: DealMoves, p: int) -> dict[int, int]:
    """Each of the player's physical cards mapped to the listed copy of its group, and each of
    his partner's tabled cards where partners declare with them (`bezique.partners`)."""
    rep: dict[int, int] = {}
    _add_groups(rep, d, p, -1)
    c = d._c
    if c.combine:
        q = c.partner[p]
        _add_groups(rep, d, q, d._table[q])
    return rep


def _add_groups(rep: dict[int, int], d: DealMoves, seat: int, cards: int) -> None:
    """Map each of the seat's ``cards`` (-1: all) to the listed copy of its group."""
    for groups in d._signatures(seat).values():
        for g in groups:
            if cards >> g[0] & 1:
                for x in g:
                    rep[x] = g[0]


def _cards_of(action: Action) -> tuple[int, ...]:
    if isinstance(action, Play | DixShow | DixExchange):
        return (action.card,)
    if isinstance(action, Meld | Announce):
        return action.cards
    return ()


_VERBS: Final = {Play: "play", Meld: "meld", Announce: "announce", DixShow: "dix_show",
          DixExchange: "dix_exchange"}


def _fit(action: Action, parsed: ParsedAction, rep: dict[int, int]) -> Action | None:
    """``action`` with the physical copies ``parsed`` names, if the notation fits it."""
    if _VERBS.get(type(action)) != parsed.verb:
        return None
    if isinstance(action, Meld | Announce) and parsed.name and parsed.name != action.name:
        return None
    cards = list(_cards_of(action))
    if parsed.verb.startswith("dix") and not parsed.refs:
        return action
    if len(cards) != len(parsed.refs):
        return None
    chosen = cards[:]
    free = list(range(len(cards)))
    lettered = 0
    # exact copies first (any listed card of the same group stands for them), then bare kinds
    for kind, copy in sorted(parsed.refs, key=lambda r: r[1] is None):
        if copy is None:
            slot = next((i for i in free if cards[i] >> 3 == kind), None)
        else:  # the slot listing this very copy, else one listing a copy of its group
            exact = kind * 8 + copy
            group = rep.get(exact)
            slot = next((i for i in free if cards[i] == exact), None)
            if slot is None:
                slot = next((i for i in free if rep.get(cards[i]) == group), None)
            if slot is not None and group is not None:
                chosen[slot] = exact
                lettered |= 1 << slot
        if slot is None:
            return None
        free.remove(slot)
    if not lettered:
        return action
    if isinstance(action, Play):
        return Play(chosen[0], True)
    if isinstance(action, DixShow):
        return DixShow(chosen[0], True)
    if isinstance(action, DixExchange):
        return DixExchange(chosen[0], True)
    assert isinstance(action, Meld | Announce)
    return type(action)(action.name, tuple(chosen), action.qualify | lettered)


def _guess(d: DealMoves, p: int, parsed: ParsedAction) -> Action:
    """Build the physical action the notation most plausibly means, to explain its refusal
    (a card the player lacks may be one his partner shows: the refusal says so)."""
    mine = d._mine(p)
    q = d._c.partner[p]
    shown = d._table[q] if q >= 0 else 0
    cards: list[int] = []
    for kind, copy in parsed.refs:
        if copy is not None:
            cards.append(kind * 8 + copy)
            continue
        held = [x for x in _copies(mine, kind) if x not in cards] or [
            x for x in _copies(shown, kind) if x not in cards]
        if not held:
            raise IllegalAction(
                f"{parsed.text}: no {kind_name(kind, symbols=True)} in {player_name(p)}'s hand",
                rule="card not in hand",
            )
        in_hand = [x for x in held if (d._hand[p] >> x) & 1]
        cards.append((in_hand or held)[0])
    if parsed.verb == "play":
        return Play(cards[0])
    if parsed.verb in ("dix_show", "dix_exchange"):
        k = max(d._trump, 0) * 8 + d._c.dix_rank
        card = cards[0] if cards else next(iter_bits((mine >> (k * 8) & 0xFF) << (k * 8)), k * 8)
        return DixShow(card) if parsed.verb == "dix_show" else DixExchange(card)
    name = parsed.name or _name_for(d, cards)
    if parsed.verb == "meld":
        return Meld(name, tuple(cards))
    return Announce(name, tuple(cards))


def _copies(cards: int, kind: int) -> list[int]:
    """The copies of ``kind`` among ``cards``, lowest first."""
    return list(iter_bits((cards >> (kind * 8) & 0xFF) << (kind * 8)))


def _name_for(d: DealMoves, cards: list[int]) -> str:
    from bezique.melds import matches

    bits = 0
    for x in cards:
        bits |= 1 << x
    trump = None if d._trump < 0 else d._trump
    names = [t.name for t in d._c.melds if matches(d._c, t, bits, trump)]
    if len(names) == 1:
        return names[0]
    if not names:
        raise IllegalAction("these cards form no meld of this profile", rule="no such meld")
    raise NotationError(f"the cards form several melds ({', '.join(names)}): name one")
