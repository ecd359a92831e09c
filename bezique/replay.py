"""The engine behind `bezique.record`: replaying a record action by action, and the notation that
replays a deal's actions exactly.

Import the public names from ``bezique.record``; this module holds the work. Replay re-validates
every action and checks the recorded player, scores, state digest and result (`steps`).
Recording takes how a deal started (``deal.origin``: its seed, cut and guess, or its stacked
position) and its own history (``deal.actions``) and, starting again from the recorded start,
writes each action in the notation that `bezique.resolve` turns back into that very action: the
plain notation where it does, the copy-qualified one (``play QSb``) where a copy other than the
listed one was played (docs/rules.md#r10), and the `state_digest` of the deal at the end. A deal
that its record would not reproduce is refused, never written wrongly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from attrs import evolve

from bezique.actions import Action, Announce, DixExchange, DixShow, Meld, Play
from bezique.cards import SUITS, card_name
from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError
from bezique.events import Event
from bezique.game import Game
from bezique.record import DealRecord, Move, Record, RecordError, Step, state_digest
from bezique.resolve import resolve
from bezique.rules import Rules

# ---------------------------------------------------------------------------- starting a deal


def start_deal(rules: Rules, entry: DealRecord) -> Deal:
    """The deal as ``entry`` (a record of one deal) starts it: from its stacked position, or its
    seed (with its cut and guess). Raises ValueError (or TypeError, IndexError) for a start
    that cannot be set up."""
    if entry.position is not None:
        pos = dict(entry.position)
        scores = pos.pop("scores", None)
        return Deal.from_position(
            rules, dealer=entry.dealer, totals=entry.totals, target=entry.target,
            scores=None if scores is None else (scores[0], scores[1]), **pos,
        )
    return Deal.new(rules, seed=entry.seed, dealer=entry.dealer, totals=entry.totals,
                    target=entry.target, cut=entry.cut, guess=entry.guess)


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
    if origin.leader != 1 - deal.dealer:
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
    return evolve(entry, moves=moves_of(start, deal), digest=state_digest(deal))


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


# ---------------------------------------------------------------------------- replaying


def _cut_short(exc: BaseException) -> str:
    text = str(exc)
    return text if len(text) <= 300 else text[:300] + "…"


def _start(record: Record, entry: DealRecord, ply: int, index: int) -> Deal:
    if (entry.cut is not None or entry.guess is not None) \
            and not record.rules.deal.dealer_cut_bonus:
        raise RecordError(ply, "cut and guess: the profile has no dealer's cut "
                               "(deal.dealer_cut_bonus = false)", deal=index)
    try:
        return start_deal(record.rules, entry)
    except (ValueError, TypeError, IndexError, ArithmeticError) as exc:
        raise RecordError(ply, f"cannot set up the deal: {_cut_short(exc)}", deal=index) from None


def _apply(deal: Deal, move: Move, apply: Callable[[str], list[Event]], ply: int,
           index: int) -> list[Event]:
    if deal.is_over:
        raise RecordError(ply, f"extra action {move.action!r}: the deal is already over",
                          deal=index)
    if move.player != deal.to_move:
        raise RecordError(ply, f"wrong player: the record gives {move.action!r} to P{move.player}"
                               f" but P{deal.to_move} is to move", deal=index)
    try:
        return apply(move.action)
    except (IllegalAction, NotationError) as exc:
        raise RecordError(ply, f"illegal action {move.action!r}: {exc}", deal=index) from None


def _check(ply: int, what: str, recorded: object, actual: object, index: int | None) -> None:
    if recorded is not None and recorded != actual:
        raise RecordError(ply, f"{what}: the record says {recorded}, the replay gives {actual}",
                          deal=index)


def _check_over(record: Record, over: bool, ply: int, index: int) -> None:
    if record.result.over != over:
        what = "game" if record.game else "deal"
        reason = (f"missing actions: the record says the {what} is over, the replay has not "
                  "ended it") if record.result.over else \
            f"the record says the {what} goes on, but the replay has ended it"
        raise RecordError(ply, reason, deal=index)


def steps(record: Record, sink: list[Game]) -> Iterator[Step]:
    """Replay ``record``: the state at the start of each deal and after every action, every
    action re-validated, the recorded scores and result checked; a record of a game appends
    its `Game` to ``sink`` first. Raises `RecordError` at the first damage."""
    game = None
    if record.game is not None:
        game = Game(record.rules, seed=record.game.seed)
        _check(0, "first dealer", record.game.first_dealer, game.first_dealer, None)
        sink.append(game)
    ply = 0
    for index, entry in enumerate(record.deals):
        if game is not None:
            if game.is_over:
                raise RecordError(ply, "extra deal: the game is already over", deal=index)
            deal = game.new_deal()
            _check(ply, "dealer", entry.dealer, deal.dealer, index)
            apply = game.apply
        else:
            deal = _start(record, entry, ply, index)
            apply = deal.apply
        yield Step(ply, index, None, deal.clone(), tuple(deal.events))
        for move in entry.moves:
            ply += 1
            events = _apply(deal, move, apply, ply, index)
            yield Step(ply, index, move, deal.clone(), tuple(events))
        if index < len(record.deals) - 1 and not deal.is_over:
            raise RecordError(ply, f"missing actions: deal {index + 1} is not over after its "
                                   f"{len(entry.moves)} actions", deal=index)
        if index == len(record.deals) - 1:
            _check_over(record, game.is_over if game else deal.is_over, ply, index)
        _check(ply, "deal scores", entry.scores, deal.scores, index)
        if entry.digest is not None and entry.digest != state_digest(deal):
            raise RecordError(ply, f"deal digest: the record says {entry.digest}, the replay "
                                   f"gives {state_digest(deal)}: the actions or the start were "
                                   "changed since the record was written", deal=index)
    last = len(record.deals) - 1
    res = record.result
    _check(ply, "scores", res.scores, deal.scores, last)
    if game is not None:
        _check(ply, "totals", res.totals, game.totals, last)
        outcome = game.result
        if outcome is not None:
            for key in ("winner", "kind", "margin"):
                _check(ply, key, getattr(res, key), getattr(outcome, key), last)
