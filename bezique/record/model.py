"""The values of a game record and its error: what `bezique.record.text` reads and writes and
`bezique.record.replay` plays back.

A record (`Record`) names the profile it plays under, and holds one deal or a whole game
(`GameInfo`): each deal (`DealRecord`) says how it starts, who deals, every action in notation
with the player who took it (`Move`), and the `state_digest` of the deal at the end; `Result`
says how it ends. A replay yields a `Step` after every action. Anything wrong with a record is
a `RecordError` naming the ply and the reason. The format is described in ``docs/records.md``.

>>> from bezique.record.model import Move, RecordError
>>> str(Move(0, "play QS", "a comment"))
'P0 play QS  # a comment'
>>> str(RecordError(3, "illegal action", deal=0))
'ply 3 (deal 1): illegal action'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from attrs import frozen

from bezique.deal import Deal
from bezique.events import Event
from bezique.rules import Rules

__all__ = [
    "FORMAT", "MAX_RECORD_BYTES", "READABLE_VERSIONS", "VERSION", "DealRecord", "GameInfo",
    "Move", "Record", "RecordError", "Result", "Step", "state_digest",
]

FORMAT = "bezique-record"
"""The value of the ``format`` key that every record starts with."""
VERSION = 2
"""The record format version this module writes: version 1 with a ``digest`` in every deal."""
READABLE_VERSIONS = (1, 2)
"""The versions this module reads. Version 1 records (no digests) are checked by their actions,
scores and result only (see ``docs/records.md``)."""
MAX_RECORD_BYTES = 2_000_000
"""The largest record text read (in UTF-8 bytes); a larger one is refused before parsing."""


class RecordError(ValueError):
    """A record is damaged or does not replay. ``ply`` is the 1-based number of the action at
    fault, counted through the whole record (0: the header, the profile, the text as a whole or
    the start of a deal); ``deal`` the 0-based deal index where one applies; ``reason`` says what
    is wrong."""

    def __init__(self, ply: int, reason: str, *, deal: int | None = None) -> None:
        self.ply = ply
        self.reason = reason
        self.deal = deal
        where = f"ply {ply}" + ("" if deal is None else f" (deal {deal + 1})")
        super().__init__(f"{where}: {reason}")

    def __reduce__(self) -> tuple[object, ...]:
        return _record_error, (self.ply, self.reason, self.deal)


def _record_error(ply: int, reason: str, deal: int | None) -> RecordError:
    """A `RecordError` again, from what pickling kept of it."""
    return RecordError(ply, reason, deal=deal)


# ---------------------------------------------------------------------------- the model


@frozen
class Move:
    """One recorded action: the player (seat) who took it, its notation and an optional
    comment."""

    player: int
    action: str
    comment: str = ""

    def __str__(self) -> str:
        text = f"P{self.player} {self.action}"
        return f"{text}  # {self.comment}" if self.comment else text


@frozen(kw_only=True)
class DealRecord:
    """One deal: how it starts (a ``seed``, or a stacked ``position``, or neither inside a game,
    whose seed gives each deal's), the ``dealer``, the game ``totals`` (one per team,
    `Rules.teams`; all zeros: none yet) and ``target`` it starts with (None: the profile's), its
    moves, and the deal ``scores`` (one per seat) at the end of the record (None where not
    given). ``cut`` and ``guess`` (with a seed, under ``deal.dealer_cut_bonus``) are
    the ``Deal.new`` arguments of a deal dealt with an explicit cut or guess (None: the cut the
    seed draws, no guess). ``digest`` is the `state_digest` of the deal at the end of the
    record (None in a version 1 record)."""

    dealer: int
    moves: tuple[Move, ...] = ()
    seed: int | None = None
    position: Mapping[str, Any] | None = None
    totals: tuple[int, ...] = (0, 0)
    target: int | None = None
    scores: tuple[int, ...] | None = None
    cut: int | None = None
    guess: int | None = None
    digest: str | None = None


@frozen
class GameInfo:
    """A whole game: its seed (which fixes the first-dealer draw and every shuffle) and the first
    dealer that the seed gives."""

    seed: int
    first_dealer: int


@frozen(kw_only=True)
class Result:
    """How the record ends: ``over`` (False for an unfinished deal or game), the deal ``scores``
    (single deals; one per seat) or game ``totals`` (one per team), and for a finished game its
    ``winner`` (a team; None: a draw), ``kind`` and ``margin`` (see
    `bezique.game.GameResult`)."""

    over: bool
    scores: tuple[int, ...] | None = None
    totals: tuple[int, ...] | None = None
    winner: int | None = None
    kind: str | None = None
    margin: int | None = None


@frozen(kw_only=True)
class Record:
    """A loaded record. ``rules`` is the profile it plays under; ``inline`` says whether the
    profile is written out in full (a custom profile) or named (a built-in one)."""

    rules: Rules
    inline: bool
    deals: tuple[DealRecord, ...]
    result: Result
    game: GameInfo | None = None
    version: int = VERSION

    @property
    def plies(self) -> int:
        """The number of actions in the whole record."""
        return sum(len(d.moves) for d in self.deals)


@frozen
class Step:
    """A state of a replay: after ``ply`` actions of the record (``move`` the last one, None at
    the start of a deal), in deal ``deal_index`` (0-based), ``deal`` a snapshot of the deal then
    and ``events`` the new events."""

    ply: int
    deal_index: int
    move: Move | None
    deal: Deal
    events: tuple[Event, ...]


# ---------------------------------------------------------------------------- the digest


def state_digest(deal: Deal, entry: DealRecord | None = None) -> str:
    """16 hex digits of SHA-256 over a deal's state: its whole event history (every card dealt,
    turned up, played, drawn and declared, every point and its reason, in order), the scores,
    each seat's hand, table and captured cards (every seat, `Rules.players`), the stock, the
    trump and the phase. Two
    different histories give different digests, even where they reach the same scores: a record
    with two plays swapped or an announcement deleted no longer matches its digest.

    ``entry``: the record of the deal, whose start fields that the state does not show are
    covered too where the entry gives them: its ``target``, its game ``totals`` (where any is
    not zero) and the ``leader`` of its ``[deal.position]``. A record that gives none of them
    (every record of a deal dealt with the profile's target and no totals) has the digest of
    the state alone, as before these were covered.

    >>> import bezique
    >>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7)
    >>> state_digest(deal) == state_digest(deal.clone()), len(state_digest(deal))
    (True, 16)
    >>> state_digest(deal, DealRecord(dealer=0, target=500)) != state_digest(deal)
    True
    """
    seats = range(deal.rules.players)
    events = [[e.kind, -1 if e.player is None else int(e.player), [int(c) for c in e.cards],
               int(e.points), e.reason, e.private] for e in deal.events]
    state: dict[str, Any] = {
        "events": events,
        "scores": list(deal.scores),
        "hands": [deal.hand(p).bits for p in seats],
        "tables": [deal.table(p).bits for p in seats],
        "captured": [deal.captured(p).bits for p in seats],
        "stock": [int(c) for c in deal.stock],
        "trump": -1 if deal.trump is None else int(deal.trump),
        "phase": deal.phase,
    }
    if entry is not None:
        state.update(_start_fields(entry))
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _start_fields(entry: DealRecord) -> dict[str, Any]:
    """The fields of a deal's record that change the deal but that its state may not show
    (`state_digest`), those the record gives."""
    out: dict[str, Any] = {}
    if entry.target is not None:
        out["target"] = entry.target
    if any(entry.totals):
        out["totals"] = list(entry.totals)
    if entry.position is not None and "leader" in entry.position:
        out["leader"] = entry.position["leader"]
    return out
