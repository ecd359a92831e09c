"""A whole deal as replayable data (`Playout`), the ply bound that tells a long deal from an
endless one (`default_max_plies`), and a profile moved to three or four seats for testing
(`at_seats`).

Nothing here needs hypothesis: `bezique.check.invariants` and ``bezique check`` use these
without the property-testing extra; `bezique.check.strategies` draws playouts and re-exports
both names.

>>> from bezique.rules import load_profile
>>> default_max_plies(load_profile("bezique")) > 200   # a bezique deal takes about 90 plies
True
>>> three = at_seats(load_profile("bezique"), 3)
>>> three.name, three.players, three.teams, three.pack.copies
('bezique-3-seats', 3, ((0,), (1,), (2,)), 3)
"""

from __future__ import annotations

from typing import Any, cast

from attrs import evolve, frozen

from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.errors import ProfileError
from bezique.rules import Rules
from bezique.rules.model import FrozenMap, GameRules, RubiconRules
from bezique.rules.validate import check

__all__ = ["Playout", "at_seats", "default_max_plies"]

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
    hand, seats = rules.deal.hand_size, rules.players
    classes = {spec.klass or name for name, spec in rules.melds.table.items()
               if rules.melds.values.get(name, 0) > 0}
    turns = max(pack - seats * hand, 0) // seats + 2
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


def at_seats(rules: Rules, players: int, *, teams: tuple[tuple[int, ...], ...] | None = None
             ) -> Rules:
    """``rules`` moved to ``players`` seats as docs/rules.md#more-seats plays them, for testing
    the engine at three and four seats: a 32-card pack per player (``pack.copies = players``),
    one team a seat unless ``teams`` groups them (``((0, 2), (1, 3))``: partners opposite),
    named ``NAME-N-seats``. What has no reading at more seats goes back to its default: the
    two-seat rules (``deal.dealer_cut_bonus``, ``last_stock.winner_chooses``,
    ``endgame.revoke_penalty``, ``melds.timing``), with other than two teams the keys that
    settle one winner against one loser (``game.double_win_below``, ``game.call_out``,
    ``game.single_deal``, ``rubicon.*``), and the value of a meld that needs more copies than
    the pack has (0). Returns ``rules`` itself at its own number of seats.

    Raises `ProfileError` for a profile that is invalid at that many seats. (The built-in
    ``three-handed``, ``four-handed`` and ``partnership`` are the sourced profiles; these are
    any profile moved, for testing it at more seats.)
    """
    if players == rules.players and teams in (None, rules.teams):
        return rules
    teams = teams or tuple((p,) for p in range(players))
    moved = evolve(
        rules, name=f"{rules.name}-{players}-seats",
        seats=evolve(rules.seats, players=players, teams=teams),
        pack=evolve(rules.pack, copies=players),
        deal=evolve(rules.deal, dealer_cut_bonus=False),
        last_stock=evolve(rules.last_stock, winner_chooses=False),
        endgame=evolve(rules.endgame, revoke_penalty="none"),
        melds=evolve(rules.melds, timing="before_draw"),
    )
    if len(teams) != 2:
        plain = GameRules()
        moved = evolve(moved, rubicon=RubiconRules(), game=evolve(
            moved.game, **{key: getattr(plain, key)
                           for key in ("double_win_below", "call_out", "single_deal")}))
    issues = check(moved)
    short = {path.split(".")[2] for path in (issue.path for issue in issues)
             if path.startswith("melds.table.") and path.endswith(".copies")}
    if short:  # melds the pack cannot hold (the validator says which) score nothing
        values = FrozenMap({name: 0 if name in short else value
                            for name, value in moved.melds.values.items()})
        # (the converter's generic parameter is beyond the attrs plugin: cast)
        moved = evolve(moved, melds=evolve(moved.melds, values=cast(Any, values)))
        issues = check(moved)
    if issues:
        raise ProfileError([f"at_seats: {issue}" for issue in issues])
    return moved

