"""A whole deal as replayable data (`Playout`) and the ply bound that tells a long deal from an
endless one (`default_max_plies`).

Nothing here needs hypothesis: `bezique.check.invariants` and ``bezique check`` use these
without the property-testing extra; `bezique.check.strategies` draws playouts and re-exports
both names.

>>> from bezique.rules import load_profile
>>> default_max_plies(load_profile("bezique")) > 200   # a bezique deal takes about 90 plies
True
"""

from __future__ import annotations

from attrs import frozen

from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.rules import Rules

__all__ = ["Playout", "default_max_plies"]

_TURN_EXTRAS = 4
"""Actions of a declaring turn besides declarations: dix exchange or show, carte blanche,
call-out, and the draw that ends the turn."""


def default_max_plies(rules: Rules) -> int:
    """The most plies a deal of ``rules`` can take, from the profile: a deal still running after
    this many is endless (a house rule that keeps it from ending), not just long.

    Every card is played once (the pack size); every declaring turn (one after each stock
    trick, and one before the first) allows, per card in hand, one declaration of each meld
    class and one more (a card joins one declaration of each class, scored or announced,
    docs/rules.md#r11), plus the dix, carte blanche, call-out and draw. The bound is generous on
    purpose: a Chinese variant with 64-card hands, whose random deals take up to about 2,300
    plies, is bounded at about 20,000; a bezique deal (about 90 plies) at 1,624.
    """
    pack = compile_rules(rules).pack_size
    hand = rules.deal.hand_size
    classes = {spec.klass or name for name, spec in rules.melds.table.items()
               if rules.melds.values.get(name, 0) > 0}
    turns = max(pack - 2 * hand, 0) // 2 + 2
    return pack + turns * (hand * (len(classes) + 1) + _TURN_EXTRAS)


@frozen
class Playout:
    """A whole deal as data: profile, seed, dealer and the actions in notation (replayable).

    ``choices`` are the indices drawn into ``legal_actions()`` at each ply; ``finished`` says
    whether the deal ended within the ply bound.
    """

    rules: Rules
    seed: int
    dealer: int
    actions: tuple[str, ...]
    choices: tuple[int, ...]
    finished: bool

    def start(self) -> Deal:
        """The fresh deal the playout starts from."""
        return Deal.new(self.rules, seed=self.seed, dealer=self.dealer)

    def replay(self, plies: int | None = None) -> Deal:
        """The deal after the first ``plies`` actions (all by default), applied by notation."""
        deal = self.start()
        for text in self.actions[:plies]:
            deal.apply(text)
        return deal

    def __repr__(self) -> str:
        return (
            f"Playout(profile={self.rules.name!r} digest={self.rules.digest}, seed={self.seed}, "
            f"dealer={self.dealer}, {len(self.actions)} plies, actions={list(self.actions)!r})"
        )
