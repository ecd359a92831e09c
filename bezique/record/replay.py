"""Records played back: `replay` yields the state after every action, `rebuild` the final deal
or game, `replay_to` the state at a ply.

Replay re-validates every action against the rules and checks the recorded player, scores,
state digest and result (`steps`); any damage fails loudly with `RecordError` naming the ply and
the reason, never a silent partial replay.

>>> import bezique
>>> from bezique import record
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7)
>>> while not deal.is_over:
...     _ = deal.apply(deal.legal_actions()[0])
>>> text = record.dumps(deal)
>>> record.rebuild(record.loads(text)) == deal
True
>>> step = record.replay_to(text, 2)
>>> step.ply, step.move == record.loads(text).deals[0].moves[1]
(2, True)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError
from bezique.events import Event
from bezique.game import Game
from bezique.record.capture import start_deal
from bezique.record.model import DealRecord, Move, Record, RecordError, Step, state_digest
from bezique.record.text import loads

__all__ = ["rebuild", "replay", "replay_to", "steps"]

# ---------------------------------------------------------------------------- the public calls


def _loaded(record: Record | str) -> Record:
    return loads(record) if isinstance(record, str) else record


def replay(record: Record | str) -> Iterator[Step]:
    """Replay a record (or record text), yielding the state at the start of each deal and after
    every action; every action is re-validated. Raises `RecordError` at the first damage: an
    unreadable or illegal action, a wrong player, a missing or extra action, or a result that
    does not match; a consumer that reads to the end has therefore replayed a sound record."""
    yield from steps(_loaded(record), [])


def rebuild(record: Record | str) -> Deal | Game:
    """Replay the whole record (validating all of it) and return the final deal, or the `Game`
    for a record of a game."""
    games: list[Game] = []
    final = deque(steps(_loaded(record), games), maxlen=1)
    return games[0] if games else final[0].deal


def replay_to(record: Record | str, ply: int) -> Step:
    """The state after ``ply`` actions (0: the start). The whole record is replayed and checked
    first, so a record damaged after ``ply`` still raises; never a silent partial replay."""
    rec = _loaded(record)
    if not 0 <= ply <= rec.plies:
        raise ValueError(f"ply {ply} is outside the record (0..{rec.plies})")
    found: Step | None = None
    for step in steps(rec, []):
        if step.ply == ply and (found is None or step.move is not None):
            found = step
    assert found is not None
    return found


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
        # a game of a match may start from totals of its own (`bezique.match.Match.starts`):
        # its first deal's
        start = record.deals[0].totals if record.deals and any(record.deals[0].totals) else None
        game = Game(record.rules, seed=record.game.seed, totals=start)
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
        if entry.digest is not None and entry.digest != state_digest(deal, entry):
            raise RecordError(ply, f"deal digest: the record says {entry.digest}, the replay "
                                   f"gives {state_digest(deal, entry)}: the actions or the "
                                   "start were changed since the record was written",
                              deal=index)
    last = len(record.deals) - 1
    res = record.result
    _check(ply, "scores", res.scores, deal.scores, last)
    if game is not None:
        _check(ply, "totals", res.totals, game.totals, last)
        outcome = game.result
        if outcome is not None:
            for key in ("winner", "kind", "margin"):
                _check(ply, key, getattr(res, key), getattr(outcome, key), last)
