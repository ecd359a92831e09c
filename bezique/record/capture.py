"""A deal or a game made into a record: the notation that replays a deal's actions exactly.

Recording takes how a deal started (``deal.origin``: its seed, cut and guess, or its stacked
position) and its own history (``deal.actions``) and, starting again from the recorded start,
writes each action in the notation that `bezique.resolve` turns back into that very action: the
plain notation where it does, the copy-qualified one (``play QSb``) where a copy other than the
listed one was played (docs/rules.md#r10), and the `state_digest` of the deal at the end. A deal
that its record would not reproduce is refused, never written wrongly. `start_deal` sets up the
start of a recorded deal again, for `bezique.record.replay`.

>>> import bezique
>>> from bezique.record.capture import record_of
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7)
>>> _ = deal.apply(deal.legal_actions()[0])
>>> rec = record_of(deal)
>>> rec.deals[0].seed, len(rec.deals[0].moves), rec.result.over
(7, 1, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from attrs import evolve

from bezique.actions import Action, Announce, DixExchange, DixShow, Meld, Play
from bezique.cards import SUITS, card_name
from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError
from bezique.game import Game, derive_seed, draw_for_deal
from bezique.record.model import DealRecord, GameInfo, Move, Record, Result, state_digest
from bezique.resolve import resolve
from bezique.rules import Rules, list_profiles, load_profile

__all__ = ["entry_of", "moves_of", "position_of", "record_of", "start_deal"]

# ---------------------------------------------------------------------------- a whole record


def record_of(subject: Deal | Game) -> Record:
    """The record of a deal or of a whole `Game`, from each deal's own history
    (``deal.actions``).

    A game that started from totals of its own (`Game.start`, a match's handicap) records
    them as its first deal's ``totals``. A deal dealt by ``Deal.new`` is recorded by its seed
    (with its ``cut`` and ``guess`` where they were given explicitly); a deal without a seed
    (``from_position``) by a ``[deal.position]`` table of how it started (``deal.origin``), its
    cards with copy letters so that replay places the very same physical cards. An action on a
    copy other than the one `Deal.legal_actions` lists is written with its copy letter (``play
    QSb``, docs/rules.md#r10).
    Raises ValueError if the record would not reproduce the deal (a deal shuffled without a seed
    under ``deal.dealer_cut_bonus``, an action whose exact copy no notation replays, a game whose
    first dealer was not drawn from its seed).
    """
    rules = subject.rules
    inline = not _is_builtin(rules)
    if isinstance(subject, Deal):
        deal = subject
        return Record(rules=rules, inline=inline, deals=(entry_of(deal),),
                      result=Result(over=deal.is_over, scores=deal.scores))
    game = subject
    if draw_for_deal(rules, derive_seed(game.seed, "first"))[0] != game.first_dealer:
        raise ValueError("a game whose first dealer was given (first_dealer=) cannot be "
                         "recorded: replay draws the first dealer from the game seed")
    deals = list(game.deals)
    if game.deal is not None and not any(d is game.deal for d in deals):
        deals.append(game.deal)
    res = game.result
    result = Result(over=False, totals=game.totals) if res is None else Result(
        over=True, totals=res.totals, winner=res.winner, kind=res.kind, margin=res.margin
    )
    entries = [entry_of(d, in_game=True) for d in deals]
    if entries and any(game.start):  # a game of a match starts from totals of its own
        first = evolve(entries[0], totals=game.start)
        entries[0] = evolve(first, digest=state_digest(deals[0], first))
    return Record(rules=rules, inline=inline, result=result, deals=tuple(entries),
                  game=GameInfo(game.seed, game.first_dealer))


def _is_builtin(rules: Rules) -> bool:
    return rules.name in list_profiles() and load_profile(rules.name) == rules


# ---------------------------------------------------------------------------- starting a deal


def start_deal(rules: Rules, entry: DealRecord) -> Deal:
    """The deal as ``entry`` (a record of one deal) starts it: from its stacked position, or its
    seed (with its cut and guess). Raises ValueError (or TypeError, IndexError) for a start
    that cannot be set up. A position is set up as it was recorded, reachable by a deal of
    the profile or not (``Deal.from_position(reachable=False)``: a rules scenario's few cards):
    it is checked to be playable, and the digest covers it."""
    if entry.position is not None:
        pos = dict(entry.position)
        scores = pos.pop("scores", None)
        return Deal.from_position(
            rules, dealer=entry.dealer, totals=_totals(entry), target=entry.target,
            scores=None if scores is None else tuple(scores), reachable=False, **pos,
        )
    return Deal.new(rules, seed=entry.seed, dealer=entry.dealer, totals=_totals(entry),
                    target=entry.target, cut=entry.cut, guess=entry.guess)


def _totals(entry: DealRecord) -> tuple[int, ...] | None:
    """The entry's game totals for `Deal`, None where all are zero (the deal's own default, one
    zero per team: a hand-made entry at more seats may keep the two-zero default)."""
    return entry.totals if any(entry.totals) else None


def position_of(deal: Deal) -> Mapping[str, Any]:
    """The ``[deal.position]`` table that sets ``deal`` up again as it started (the
    `Deal.from_position` arguments, from ``deal.origin``), whatever it has played since. A card
    whose kind has more than one copy in the pack is written with its copy letter (``QSb``),
    so that the replay places the very same physical cards."""
    origin = deal.origin
    pack = compile_rules(deal.rules).pack_bits

    def names(cards: Iterable[int]) -> str:
        return " ".join(card_name(c, copies=(pack >> (c & ~7) & 0xFF).bit_count() > 1)
                        for c in cards)

    pos: dict[str, Any] = {"hands": [names(hand) for hand in origin.hands],
                           "stock": names(origin.stock)}
    if origin.turn_up is not None:
        pos["turn_up"] = names([origin.turn_up])
    if origin.trump is not None:
        pos["trump"] = SUITS[origin.trump]
    if origin.leader != compile_rules(deal.rules).next_seat[deal.dealer]:
        pos["leader"] = origin.leader
    if origin.scores is not None:
        pos["scores"] = list(origin.scores)
    return pos


def _explicit_cut(deal: Deal) -> int | None:
    """The cut of a seeded deal where it is not the one its seed draws (None otherwise)."""
    cut = deal.origin.cut
    if cut is None or deal.seed is None:
        return None
    drawn = Deal.new(deal.rules, seed=deal.seed, dealer=deal.dealer).origin.cut
    return None if cut == drawn else cut


def entry_of(deal: Deal, *, in_game: bool = False) -> DealRecord:
    """The record entry of ``deal``: how it starts (its seed with any explicit cut and guess,
    or its starting position if it has no seed; inside a game the game's seed gives it), and
    every action of ``deal.actions`` in notation that replays it. Raises ValueError if no
    record would reproduce the deal."""
    rules = deal.rules
    entry = DealRecord(dealer=deal.dealer, scores=deal.scores)
    if not in_game:
        target = None if deal.target == rules.game.target else deal.target
        entry = evolve(entry, totals=deal.totals, target=target, seed=deal.seed,
                       cut=_explicit_cut(deal), guess=deal.origin.guess)
        if deal.seed is None:
            if deal.origin.cut is not None:
                raise ValueError("a deal shuffled without a seed under deal.dealer_cut_bonus "
                                 "cannot be recorded: a [deal.position] is not cut (give "
                                 "Deal.new a seed)")
            entry = evolve(entry, position=position_of(deal))
    start = start_deal(rules, evolve(entry, seed=deal.seed, totals=deal.totals,
                                     target=deal.target))
    if deal.events[:len(start.events)] != start.events:
        raise ValueError("the deal did not start as its record would start it (a deal of a "
                         "game dealt other than by the game?), so a record cannot replay it")
    return evolve(entry, moves=moves_of(start, deal), digest=state_digest(deal, entry))


def _key(action: Action) -> object:
    """What an action does: a meld's cards in any order are the same meld."""
    if isinstance(action, Meld | Announce):
        return type(action), action.name, sorted(action.cards)
    return action


def _qualified(action: Action) -> Action:
    """The action written with the copy letter of every card (``play QSb``)."""
    if isinstance(action, Play | DixShow | DixExchange):
        return type(action)(action.card, True)
    if isinstance(action, Meld | Announce):
        return type(action)(action.name, action.cards, (1 << len(action.cards)) - 1)
    return action


def _notation(before: Deal, action: Action) -> tuple[str, Action] | None:
    """The notation that names ``action`` in ``before`` and the action it resolves to: the
    listed action's where one does the same, else the action's own, else fully qualified."""
    listed = [str(a) for a in before.legal_actions() if _key(a) == _key(action)]
    for text in dict.fromkeys((*listed, str(action), str(_qualified(action)))):
        try:
            resolved = resolve(before, text)
        except (IllegalAction, NotationError):
            continue
        if _key(resolved) == _key(action):
            return text, resolved
    return None


def moves_of(start: Deal, deal: Deal) -> tuple[Move, ...]:
    """The moves that take ``start`` (changed in place) to ``deal``: each of ``deal.actions``
    with its player, in the notation that replays it. Raises ValueError if an action has no
    such notation or the replay does not reproduce the deal's events."""
    moves = []
    for n, action in enumerate(deal.actions, 1):
        player = start.to_move
        found = None if player is None else _notation(start, action)
        if player is None or found is None:
            raise ValueError(
                f"cannot record action {n} ({action}): no notation replays that exact action "
                f"(neither {str(action)!r} nor {str(_qualified(action))!r} names this copy; "
                "docs/rules.md#r10)"
            )
        text, resolved = found
        start.apply(resolved)
        moves.append(Move(player, text))
    if start != deal:
        raise ValueError("replaying the deal's actions does not reproduce it")
    return tuple(moves)

