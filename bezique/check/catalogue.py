"""Which invariants a check of a profile runs, with their short titles and the profile keys each
one exercises: what ``bezique check`` lists, so a house-rule designer sees what was verified.

`checked(rules)` gives the invariants `bezique.check.invariants.check_playout` runs on every
deal of those rules (1 to 14 of docs/rules.md#invariants that it checks; at more than two
seats N1 to N12 of docs/rules.md#more-seats, `bezique.check.invariants_seats.CHECKED`; with
jokers J1 to J9, `bezique.check.invariants_jokers.CHECKED`), then those
`bezique.check.invariants_seats.check_game` runs on a whole game (``game`` true). Each names
the keys its checks read (a section, ``dix``, stands for all its keys); the invariants that
replay or try every action (turn, atomic rejection, determinism, clone) exercise every key.

>>> from bezique.rules import load_profile
>>> [i.id for i in checked(load_profile("joker"))][-12:]
['J1', 'J2', 'J3', 'J4', 'J5', 'J6', 'J7', 'J8', 'J9', 'N9', 'N10', 'N12']
>>> one = checked(load_profile("bezique"))[7]
>>> one.id, one.title, one.knobs
('8', 'dix', ('dix', 'pack.copies'))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from attrs import frozen

from bezique.check.failure import JOKER_NAMES, NAMES, SEAT_NAMES
from bezique.check.invariants_jokers import CHECKED as JOKERS_CHECKED
from bezique.check.invariants_seats import CHECKED as SEATS_CHECKED
from bezique.check.invariants_seats import GAME_CHECKED
from bezique.rules import Rules

__all__ = ["EVERY_KEY", "KNOBS", "Invariant", "changed", "checked"]

EVERY_KEY = "every key"
"""What an invariant exercises when it replays or tries every action the profile offers."""

_PACK = ("pack.ranks", "pack.copies", "pack.jokers", "seats.players")
_COUNT = ("trick_points", "brisques", "last_trick.value", "tricks")
_REUSE = ("melds.table", "melds.reuse", "melds.sequence_to_marriage",
          "melds.marriage_to_sequence", "melds.reform_after_play",
          "melds.reform_requires_hand_card")

KNOBS: Mapping[int | str, tuple[str, ...]] = {
    1: _PACK,
    2: ("deal.hand_size", "seats.players"),
    3: (EVERY_KEY,),
    4: (EVERY_KEY, "endgame.obligation", "endgame.revoke_penalty"),
    5: ("melds.values", "dix.value", "last_trick.value", "brisques", "trick_points"),
    6: ("deal.hand_size", "seats.players", *_COUNT, "last_trick.which"),
    7: ("melds.per_trick", *_REUSE, "partnership.declarer"),
    8: ("dix", "pack.copies"),
    9: (EVERY_KEY,),
    12: (EVERY_KEY,),
    14: ("melds.table", "melds.pending", "melds.reform_after_play",
         "melds.reform_requires_hand_card"),
    "N1": _PACK,
    "N2": ("deal.hand_size", "deal.packets", "seats.players"),
    "N3": ("endgame", "seats.players", "seats.direction"),
    "N4": ("last_stock.winner_chooses", "seats.players"),
    "N5": ("deal.hand_size", "endgame.format", "seats.players"),
    "N6": (*_COUNT, "pack.ranks", "pack.copies"),
    "N7": ("melds.per_trick", "partnership.declarer", "partnership.consult"),
    "N8": ("dix.value", "pack.copies"),
    "N9": ("seats.teams", "partnership.bezique_from_either", "game.single_deal"),
    "N10": ("deal.rotation", "seats.players"),
    "N11": ("seats.players", "seats.teams"),
    "N12": ("seats.teams",),
    "J1": ("pack.jokers", "seats.players"),
    "J2": ("deal.hand_size", *_PACK),
    "J3": ("trump.selection", "trump.melds_before_trump", "trump.first_marriage_value"),
    "J4": ("jokers.turned_up",),
    "J5": ("jokers.wild_in", "jokers.max_per_meld", "jokers.in_trump_quartets", "jokers.reuse",
           "melds.table"),
    "J6": ("melds.new_card_from_hand_required", "jokers.fresh_card_may_be_joker"),
    "J7": _COUNT,
    "J8": ("dix.value", "pack.copies"),
    "J9": ("endgame.obligation", "jokers.endgame_play"),
}
"""The profile keys each invariant's checks read, by invariant (its number, or ``"N1"`` …,
``"J1"`` …); `EVERY_KEY` where it plays or tries every action the profile offers."""


@frozen
class Invariant:
    """One invariant as a check runs it: ``id`` (``"1"``, ``"N3"``, ``"J5"``), its short
    ``title``, the profile keys it exercises (``knobs``) and whether it is checked on a whole
    game (``game``) rather than on every deal."""

    id: str
    title: str
    knobs: tuple[str, ...]
    game: bool = False


def _of(number: int | str, game: bool = False) -> Invariant:
    title = NAMES[number] if isinstance(number, int) else (SEAT_NAMES | JOKER_NAMES)[number]
    return Invariant(str(number), title, KNOBS[number], game)


def checked(rules: Rules) -> list[Invariant]:
    """The invariants a check of ``rules`` runs (`bezique.cli.check.run_check`): on every deal,
    then on the whole game it plays."""
    deal: list[int | str] = list(NAMES)
    if rules.players > 2:
        deal += SEATS_CHECKED
    if rules.pack.jokers:
        deal += JOKERS_CHECKED
    return [_of(n) for n in deal] + [_of(n, game=True) for n in GAME_CHECKED]


def changed(knobs: Iterable[str], keys: Iterable[str]) -> set[str]:
    """The ``knobs`` one of the changed ``keys`` falls under (``dix`` under ``dix.value``,
    ``melds.table`` under ``melds.table.nines.ranks``).

    >>> sorted(changed(["dix", "melds.table", "deal.hand_size"], ["dix.value",
    ...                                                          "melds.table.nines.ranks"]))
    ['dix', 'melds.table']
    """
    keys = list(keys)
    return {k for k in knobs if any(key == k or key.startswith(k + ".") for key in keys)}
