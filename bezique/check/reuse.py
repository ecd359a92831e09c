"""Invariant 14 (reuse, docs/rules.md#invariant-reuse), worked out from the events alone.

No legal declaration or announcement ever uses a card already serving in an intact declaration
(pending or scored) of the same class and order (rulings R11 and R12, docs/rules.md#r11 and
docs/rules.md#r12). The allowed upgrades (a single grown into a double, a marriage into a
sequence, a quartet into a trump quartet) are of a higher order, so they never meet this rule;
the one exception is a marriage's re-pairing (``melds.reform_after_play = true``,
``melds.reform_requires_hand_card = false``): a card of a broken marriage that is free to
re-form (ruling R14, docs/rules.md#r14: not bound to an intact re-forming) may take its partner
out of an intact scored marriage, which that breaks. The check rebuilds every player's
declarations from the deal's events (``meld``, ``announce``, ``play``, ``pending_lost``,
``end_phase``) and the profile's meld table, never from the engine's own reuse code, so it can
catch that code's bugs. `bezique.check.invariants.reuse` raises
`bezique.check.invariants.InvariantError` from the answer.

>>> import bezique
>>> deal = bezique.Deal.new(bezique.load_profile("chinese"), seed=3)
>>> reuse_violation(deal) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import define

from bezique.actions import Announce, Meld
from bezique.cards import card_name, iter_bits
from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.players import player_name

__all__ = ["reuse_violation"]


@define(eq=False)
class _Held:
    """One declaration of the model: its owner, meld name, class, order, cards and state."""

    owner: int
    name: str
    klass: str
    order: int
    cards: int
    pending: bool
    intact: bool = True
    binder: _Held | None = None
    """The later declaration that re-formed this broken one or took its partner (R14)."""
    departed: int = 0
    """The partner a re-pairing took out of it (R12, R14 (d))."""

    def bound(self, held: list[_Held], ignore: _Held | None = None) -> bool:
        """Are the remaining cards bound to a re-forming still intact or pending (R14 (c))?
        Not to ``ignore``: a pending declaration being scored does not bind against itself."""
        binder = self.binder
        return (binder is not None and binder is not ignore and binder.intact
                and any(h is binder for h in held))


def _names(bits: int) -> str:
    return " ".join(card_name(c, copies=True) for c in iter_bits(bits))


class _Model:
    """The declarations of a deal as its events tell them."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.spec = {t.name: (t.klass_name, t.order) for t in compile_rules(deal.rules).melds}
        m = deal.rules.melds
        self.repairs = m.reform_after_play and not m.reform_requires_hand_card
        self.reform = m.reform_after_play
        self.held: list[_Held] = []

    def _released(self, owner: int, klass: str, order: int, itself: _Held | None) -> int:
        """Cards of the owner's broken declarations of this class and order that are free to
        re-form (no re-forming of them, or a broken one: ruling R14; ``itself``, the pending
        declaration being scored, binds none), and that serve in no intact one."""
        same = [h for h in self.held
                if h.owner == owner and h.klass == klass and h.order == order and not h.pending]
        released = 0
        for h in same:
            if not h.intact and not h.bound(self.held, itself):
                released |= h.cards & ~h.departed
        for h in same:
            if h.intact:
                released &= ~h.cards
        return released

    def problem(self, owner: int, name: str, bits: int, *, scoring: bool) -> str | None:
        """Why declaring ``bits`` as ``name`` (``scoring``: a meld, else an announcement) would
        use a card serving in an intact declaration of its class and order (None: it does
        not)."""
        klass, order = self.spec.get(name, ("?", 0))
        itself = next((h for h in self.held if scoring and h.owner == owner and h.pending
                       and h.name == name and h.cards == bits), None)
        released: int | None = None
        for h in self.held:
            if (h is itself or h.owner != owner or not h.intact or h.klass != klass
                    or h.order != order or not h.cards & bits):
                continue
            if self.repairs and not h.pending and klass == "marriage" and order == 1:
                if released is None:
                    released = self._released(owner, klass, order, itself)
                if bits & released & ~h.cards:
                    continue  # a re-pairing: the partner leaves its marriage
            state = "pending" if h.pending else "scored"
            return (f"{_names(h.cards & bits)} already serves in the intact {state} {h.name} "
                    f"{_names(h.cards)} of {player_name(owner)} (class {klass!r}, order {order})")
        return None

    def apply(self, kind: str, owner: int, cards: Iterable[int], reason: str) -> None:
        """Follow one event."""
        bits = 0
        for c in cards:
            bits |= 1 << c
        if kind == "play":
            kept = []
            for h in self.held:
                if h.owner == owner and h.cards & bits:
                    if h.pending:
                        continue  # a pending declaration is lost with its card
                    h.intact = False
                kept.append(h)
            self.held = kept
        elif kind == "pending_lost":
            self.held = [h for h in self.held
                         if not (h.pending and h.owner == owner and h.cards == bits)]
        elif kind == "end_phase":
            self.held = [h for h in self.held if not h.pending]
        elif kind in ("meld", "announce"):
            klass, order = self.spec.get(reason, ("?", 0))
            new = next((h for h in self.held if kind == "meld" and h.owner == owner
                        and h.pending and h.name == reason and h.cards == bits), None)
            if new is None:
                new = _Held(owner, reason, klass, order, bits, kind == "announce")
            for h in self.held:
                if (h is new or h.owner != owner or h.pending or h.klass != klass
                        or h.order != order or not h.cards & bits):
                    continue
                if h.intact:
                    if kind == "meld":  # a re-paired partner leaves its marriage (R12, R14 (d))
                        h.intact = False
                        h.binder = new
                        h.departed |= h.cards & bits
                elif (self.reform and h.cards & ~h.departed & bits
                      and not h.bound(self.held)):  # re-formed (R14 (b), (e))
                    h.binder = new
            if new.pending and kind == "meld":
                new.pending = False  # the announced declaration scores where it stands
            elif not any(h is new for h in self.held):
                self.held.append(new)


def reuse_violation(deal: Deal) -> tuple[str, str] | None:
    """Invariant 14 (reuse) for one state: (message, evidence) for the first declaration of the
    deal's history, or legal declaration now, that uses a card serving in an intact
    declaration of its class and order (None: the invariant holds)."""
    model = _Model(deal)
    for i, e in enumerate(deal.events):
        owner = 0 if e.player is None else e.player
        if e.kind in ("meld", "announce"):
            bits = 0
            for c in e.cards:
                bits |= 1 << c
            problem = model.problem(owner, e.reason, bits, scoring=e.kind == "meld")
            if problem:
                return f"{e.kind} {e.reason}: {problem}", f"event {i}: {e}"
        model.apply(e.kind, owner, e.cards, e.reason)
    player = deal.to_move
    if player is None:
        return None
    for act in deal.legal_actions():
        if isinstance(act, Meld | Announce):
            bits = 0
            for c in act.cards:
                bits |= 1 << c
            problem = model.problem(player, act.name, bits, scoring=isinstance(act, Meld))
            if problem:
                return f"legal action {act}: {problem}", f"after {len(deal.events)} events"
    return None
