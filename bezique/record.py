"""Game records: a versioned, human-readable TOML file holding one deal or a whole game.

A record names the profile (a built-in name with its digest, or a custom profile inline in
full), the seed, the dealer, every action in notation with the player who took it (and an
optional comment), and the result. `replay` re-validates every action against the rules; any
damage fails loudly with `RecordError` naming the ply and the reason, never a silent partial
replay. The format is described, with an annotated example, in ``docs/records.md``.

>>> import bezique
>>> from bezique import record
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7)
>>> while not deal.is_over:
...     _ = deal.apply(deal.legal_actions()[0])
>>> text = record.dumps(deal)
>>> record.rebuild(record.loads(text)) == deal
True
"""

from __future__ import annotations

import re
import tomllib
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from attrs import frozen

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
    Play,
)
from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError, ProfileError
from bezique.events import Event
from bezique.game import Game
from bezique.rules import Rules, list_profiles, load_profile, profile_from_toml

__all__ = [
    "FORMAT", "VERSION", "DealRecord", "GameInfo", "Move", "Record", "RecordError", "Result",
    "Step", "dump", "dumps", "load", "loads", "rebuild", "record_of", "replay", "replay_to",
]

FORMAT = "bezique-record"
"""The value of the ``format`` key that every record starts with."""
VERSION = 1
"""The record format version this module writes and reads."""


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


# ---------------------------------------------------------------------------- the model


@frozen
class Move:
    """One recorded action: the player who took it, its notation and an optional comment."""

    player: int
    action: str
    comment: str = ""

    def __str__(self) -> str:
        text = f"P{self.player} {self.action}"
        return f"{text}  # {self.comment}" if self.comment else text


@frozen(kw_only=True)
class DealRecord:
    """One deal: how it starts (a ``seed``, or a stacked ``position`` for a rules question, or
    neither inside a game, whose seed gives each deal's), the ``dealer``, the game ``totals`` and
    ``target`` it starts with (None: the profile's), its moves, and the deal ``scores`` at the
    end of the record (None where not given)."""

    dealer: int
    moves: tuple[Move, ...] = ()
    seed: int | None = None
    position: Mapping[str, Any] | None = None
    totals: tuple[int, int] = (0, 0)
    target: int | None = None
    scores: tuple[int, int] | None = None


@frozen
class GameInfo:
    """A whole game: its seed (which fixes the first-dealer draw and every shuffle) and the first
    dealer that the seed gives."""

    seed: int
    first_dealer: int


@frozen(kw_only=True)
class Result:
    """How the record ends: ``over`` (False for an unfinished deal or game), the deal ``scores``
    (single deals) or game ``totals``, and for a finished game its ``winner`` (None: a draw),
    ``kind`` and ``margin`` (see `bezique.game.GameResult`)."""

    over: bool
    scores: tuple[int, int] | None = None
    totals: tuple[int, int] | None = None
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
    the start of a deal), ``deal`` a snapshot of the deal then and ``events`` the new events."""

    ply: int
    deal_index: int
    move: Move | None
    deal: Deal
    events: tuple[Event, ...]


# ---------------------------------------------------------------------------- recording


def record_of(subject: Deal | Game) -> Record:
    """The record of a deal (made by ``Deal.new`` with a seed) or of a whole `Game`.

    Raises ValueError if the deal cannot be reproduced from its seed and actions in notation
    (a deal set up by ``from_position``, or an action naming a copy other than the one
    `Deal.legal_actions` lists, RULES.md R10).
    """
    rules = subject.rules
    inline = not _is_builtin(rules)
    if isinstance(subject, Deal):
        deal = subject
        entry = DealRecord(
            dealer=deal.dealer, seed=_seed_of(deal), moves=_moves_of(deal),
            totals=deal.totals, scores=deal.scores,
            target=None if deal.target == rules.game.target else deal.target,
        )
        return Record(rules=rules, inline=inline, deals=(entry,),
                      result=Result(over=deal.is_over, scores=deal.scores))
    game = subject
    deals = list(game.deals)
    if game.deal is not None and not any(d is game.deal for d in deals):
        deals.append(game.deal)
    entries = tuple(
        DealRecord(dealer=d.dealer, moves=_moves_of(d), scores=d.scores) for d in deals
    )
    res = game.result
    result = Result(over=False, totals=game.totals) if res is None else Result(
        over=True, totals=res.totals, winner=res.winner, kind=res.kind, margin=res.margin
    )
    return Record(rules=rules, inline=inline, deals=entries, result=result,
                  game=GameInfo(game.seed, game.first_dealer))


def _is_builtin(rules: Rules) -> bool:
    return rules.name in list_profiles() and load_profile(rules.name) == rules


def _seed_of(deal: Deal) -> int:
    if deal.seed is None:
        raise ValueError("a deal without a seed (from_position, or seed=None) cannot be "
                         "recorded: replay could not shuffle the same cards")
    return deal.seed


_EVENT_ACTIONS: dict[str, tuple[type, ...]] = {
    "play": (Play,), "meld": (Meld,), "announce": (Announce,), "dix_show": (DixShow,),
    "dix_exchange": (DixExchange,), "draw": (Draw,), "carte_blanche": (CarteBlanche,),
    "call_out": (CallOut,),
}


def _fits(action: Action, event: Event) -> bool:
    """Could ``action`` be the one that caused ``event`` (first of its events)?"""
    if not isinstance(action, _EVENT_ACTIONS.get(event.kind, (Done,))):
        return False
    if isinstance(action, Play | DixShow | DixExchange):
        return action.card == event.cards[0]
    if isinstance(action, Meld | Announce):
        return action.name == event.reason and sorted(action.cards) == sorted(event.cards)
    return True


def _moves_of(deal: Deal) -> tuple[Move, ...]:
    """The actions that led to ``deal``, found by replaying its events from the shuffle."""
    fresh = Deal.new(deal.rules, seed=_seed_of(deal), dealer=deal.dealer, totals=deal.totals,
                     target=deal.target)
    real = deal._events
    pos = len(fresh._events)
    if real[:pos] != fresh._events:
        raise ValueError("the deal did not start as Deal.new with its seed gives")
    moves: list[Move] = []
    while fresh != deal:
        legal = fresh.legal_actions()
        cause = next((e for e in real[pos:] if e.kind in _EVENT_ACTIONS), None)
        wanted = [a for a in legal if cause is not None and _fits(a, cause)]
        wanted += [a for a in legal if isinstance(a, Done)]
        for action in wanted:
            trial = fresh.clone()
            new = trial.apply(action)
            if real[pos:pos + len(new)] == new and (new or trial == deal or pos < len(real)):
                moves.append(Move(int(fresh._to_move), str(action)))
                fresh, pos = trial, pos + len(new)
                break
        else:
            raise ValueError(
                f"cannot record this deal: no listed action gives its event {pos} "
                f"({real[pos] if pos < len(real) else 'end'}); was a copy played other than the "
                "one legal_actions() lists (R10)?"
            )
    return tuple(moves)


# ---------------------------------------------------------------------------- writing


def _string(text: str) -> str:
    """A TOML basic string."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(ch, f"\\u{ord(ch):04x}"))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, Sequence):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} in a record")


def _profile_lines(record: Record) -> list[str]:
    rules = record.rules
    lines = ["[profile]", f"name = {_string(rules.name)}", f"digest = {_string(rules.digest)}"]
    if record.inline:
        text = rules.to_toml()
        body = f"'''\n{text}'''" if "'''" not in text and "\r" not in text else _string(text)
        lines.append(f"toml = {body}")
    return lines


def dumps(subject: Deal | Game | Record) -> str:
    """The record of a deal, a game or a `Record`, as TOML text (see ``docs/records.md``)."""
    record = subject if isinstance(subject, Record) else record_of(subject)
    what = "a whole game" if record.game else "one deal"
    lines = [f"# A bezique record of {what}: replay it with `bezique replay FILE`.",
             f"format = {_string(FORMAT)}", f"version = {record.version}", ""]
    lines += _profile_lines(record)
    if record.game:
        lines += ["", "[game]", f"seed = {record.game.seed}",
                  f"first_dealer = {record.game.first_dealer}"]
    for entry in record.deals:
        lines += ["", "[[deal]]"]
        if entry.seed is not None:
            lines.append(f"seed = {entry.seed}")
        lines.append(f"dealer = {entry.dealer}")
        if entry.totals != (0, 0):
            lines.append(f"totals = {_value(entry.totals)}")
        if entry.target is not None:
            lines.append(f"target = {entry.target}")
        if entry.scores is not None:
            lines.append(f"scores = {_value(entry.scores)}")
        lines.append("actions = [")
        lines += [f"    {_string(str(m))}," for m in entry.moves]
        lines.append("]")
        if entry.position is not None:
            lines.append("[deal.position]")
            lines += [f"{k} = {_value(v)}" for k, v in entry.position.items()]
    res = record.result
    lines += ["", "[result]", f"over = {_value(res.over)}"]
    for key in ("scores", "totals", "winner", "kind", "margin"):
        value = getattr(res, key)
        if value is not None:
            lines.append(f"{key} = {_value(value)}")
    return "\n".join(lines) + "\n"


def dump(subject: Deal | Game | Record, file: str | Path | IO[str]) -> None:
    """Write the record of ``subject`` to a path or an open text file."""
    text = dumps(subject)
    if isinstance(file, str | Path):
        Path(file).write_text(text, encoding="utf-8")
    else:
        file.write(text)


# ---------------------------------------------------------------------------- reading

_MOVE = re.compile(r"^P([01])\s+([^#]*?)\s*(?:#\s?(.*))?$")
_TOP = {"format", "version", "profile", "game", "deal", "result"}
_DEAL = {"seed", "dealer", "totals", "target", "scores", "actions", "position"}
_POSITION = {"hands", "stock", "turn_up", "trump", "leader", "scores"}


def _keys(table: Mapping[str, Any], allowed: set[str], where: str, ply: int = 0) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise RecordError(ply, f"{where}: unknown key {extra[0]!r} (expected one of "
                               f"{', '.join(sorted(allowed))})")


def _get(table: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str,
         *, required: bool = True, ply: int = 0) -> Any:
    if key not in table:
        if required:
            raise RecordError(ply, f"{where}.{key}: missing")
        return None
    value = table[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(ply, f"{where}.{key}: expected {getattr(kind, '__name__', kind)}, "
                               f"got {value!r}")
    return value


def _pair(table: Mapping[str, Any], key: str, where: str, ply: int = 0) -> tuple[int, int] | None:
    value = _get(table, key, list, where, required=False, ply=ply)
    if value is None:
        return None
    if len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise RecordError(ply, f"{where}.{key}: expected two integers, got {value!r}")
    return value[0], value[1]


def _player(table: Mapping[str, Any], key: str, where: str, ply: int = 0,
            required: bool = True) -> int | None:
    value = _get(table, key, int, where, required=required, ply=ply)
    if value is not None and value not in (0, 1):
        raise RecordError(ply, f"{where}.{key}: expected player 0 or 1, got {value}")
    return value  # type: ignore[no-any-return]


def _profile(table: Mapping[str, Any]) -> tuple[Rules, bool]:
    _keys(table, {"name", "digest", "toml"}, "profile")
    name = _get(table, "name", str, "profile")
    digest = _get(table, "digest", str, "profile")
    text = _get(table, "toml", str, "profile", required=False)
    try:
        if text is not None:
            rules = profile_from_toml(text, source="record profile")
        elif name in list_profiles():
            rules = load_profile(name)
        else:
            raise RecordError(0, f"profile: unknown built-in profile {name!r} (a custom profile "
                                 "must be given in full as profile.toml)")
    except ProfileError as exc:
        raise RecordError(0, f"profile: {exc}") from None
    if rules.digest != digest:
        raise RecordError(0, f"profile: digest mismatch: the record says {digest}, the profile "
                             f"{name!r} now has {rules.digest} (its rules changed)")
    return rules, text is not None


def _deal_entry(table: object, index: int, start: int, in_game: bool) -> DealRecord:
    """Read deal ``index``, whose first action is ply ``start + 1``."""
    where = f"deal[{index}]"
    if not isinstance(table, dict):
        raise RecordError(start, f"{where}: expected a table")
    _keys(table, _DEAL, where, start)
    seed = _get(table, "seed", int, where, required=False, ply=start)
    position = _get(table, "position", dict, where, required=False, ply=start)
    if in_game and (seed is not None or position is not None):
        raise RecordError(start, f"{where}: a deal of a game takes its cards from the game "
                                 "seed; seed and position are not allowed")
    if not in_game and (seed is None) == (position is None):
        raise RecordError(start, f"{where}: give exactly one of seed or position")
    if position is not None:
        _keys(position, _POSITION, f"{where}.position", start)
    dealer = _player(table, "dealer", where, start)
    raw = _get(table, "actions", list, where, ply=start)
    moves = []
    for n, line in enumerate(raw):
        ply = start + 1 + n
        match = _MOVE.match(line) if isinstance(line, str) else None
        if match is None:
            raise RecordError(ply, f"{where}.actions: cannot read {line!r}: expected "
                                   "'P0 ACTION' or 'P1 ACTION', optionally '  # comment'",
                              deal=index)
        moves.append(Move(int(match[1]), match[2], match[3] or ""))
    return DealRecord(
        dealer=int(dealer or 0), moves=tuple(moves), seed=seed, position=position,
        totals=_pair(table, "totals", where, start) or (0, 0),
        target=_get(table, "target", int, where, required=False, ply=start),
        scores=_pair(table, "scores", where, start),
    )


def loads(text: str) -> Record:
    """Parse record text; raises `RecordError` for anything but a well-formed record of a known
    version (ply 0, or the ply of an unreadable action line). The actions themselves are checked
    by `replay`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RecordError(0, f"not valid TOML (truncated or corrupted?): {exc}") from None
    if data.get("format") != FORMAT:
        raise RecordError(0, f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    version = data.get("version")
    if version != VERSION:
        raise RecordError(0, f"unknown format version {version!r}: this bezique reads "
                             f"version {VERSION}")
    _keys(data, _TOP, "record")
    for key in ("profile", "result"):
        if not isinstance(data.get(key), dict):
            raise RecordError(0, f"[{key}] table missing (truncated record?)")
    rules, inline = _profile(data["profile"])
    game = None
    if "game" in data:
        info = _get(data, "game", dict, "record")
        _keys(info, {"seed", "first_dealer"}, "game")
        game = GameInfo(_get(info, "seed", int, "game"),
                        int(_player(info, "first_dealer", "game") or 0))
    raw = _get(data, "deal", list, "record")
    if not raw or (game is None and len(raw) != 1):
        raise RecordError(0, f"a record of one deal holds one [[deal]], this one {len(raw)}")
    deals, ply = [], 0
    for i, table in enumerate(raw):
        deals.append(_deal_entry(table, i, ply, game is not None))
        ply += len(deals[-1].moves)
    res = data["result"]
    _keys(res, {"over", "scores", "totals", "winner", "kind", "margin"}, "result")
    result = Result(
        over=_get(res, "over", bool, "result"), scores=_pair(res, "scores", "result"),
        totals=_pair(res, "totals", "result"),
        winner=_player(res, "winner", "result", required=False),
        kind=_get(res, "kind", str, "result", required=False),
        margin=_get(res, "margin", int, "result", required=False),
    )
    return Record(rules=rules, inline=inline, deals=tuple(deals), result=result, game=game)


def load(file: str | Path | IO[str]) -> Record:
    """Read a record from a path or an open text file (see `loads`)."""
    if isinstance(file, str | Path):
        return loads(Path(file).read_text(encoding="utf-8"))
    return loads(file.read())


# ---------------------------------------------------------------------------- replaying


def _start(record: Record, entry: DealRecord, ply: int, index: int) -> Deal:
    rules = record.rules
    try:
        if entry.position is not None:
            pos = dict(entry.position)
            scores = pos.pop("scores", None)
            return Deal.from_position(
                rules, dealer=entry.dealer, totals=entry.totals, target=entry.target,
                scores=None if scores is None else (scores[0], scores[1]), **pos,
            )
        return Deal.new(rules, seed=entry.seed, dealer=entry.dealer, totals=entry.totals,
                        target=entry.target)
    except (ValueError, TypeError, IndexError) as exc:
        raise RecordError(ply, f"cannot set up the deal: {exc}", deal=index) from None


def _apply(deal: Deal, move: Move, apply: Any, ply: int, index: int) -> list[Event]:
    if deal.is_over:
        raise RecordError(ply, f"extra action {move.action!r}: the deal is already over",
                          deal=index)
    if move.player != deal.to_move:
        raise RecordError(ply, f"wrong player: the record gives {move.action!r} to P{move.player}"
                               f" but P{deal.to_move} is to move", deal=index)
    try:
        events: list[Event] = apply(move.action)
    except (IllegalAction, NotationError) as exc:
        raise RecordError(ply, f"illegal action {move.action!r}: {exc}", deal=index) from None
    return events


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


def _steps(record: Record, sink: list[Game]) -> Iterator[Step]:
    game = Game(record.rules, seed=record.game.seed) if record.game else None
    if game is not None and record.game is not None:
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
        yield Step(ply, index, None, deal.clone(), tuple(deal._events))
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
    last = len(record.deals) - 1
    res = record.result
    _check(ply, "scores", res.scores, deal.scores, last)
    if game is not None:
        _check(ply, "totals", res.totals, game.totals, last)
        outcome = game.result
        if outcome is not None:
            for key in ("winner", "kind", "margin"):
                _check(ply, key, getattr(res, key), getattr(outcome, key), last)


def replay(record: Record | str) -> Iterator[Step]:
    """Replay a record (or record text), yielding the state at the start of each deal and after
    every action; every action is re-validated. Raises `RecordError` at the first damage: an
    unreadable or illegal action, a wrong player, a missing or extra action, or a result that
    does not match; a consumer that reads to the end has therefore replayed a sound record."""
    rec = loads(record) if isinstance(record, str) else record
    yield from _steps(rec, [])


def rebuild(record: Record | str) -> Deal | Game:
    """Replay the whole record (validating all of it) and return the final deal, or the `Game`
    for a record of a game."""
    rec = loads(record) if isinstance(record, str) else record
    games: list[Game] = []
    final = deque(_steps(rec, games), maxlen=1)
    return games[0] if games else final[0].deal


def replay_to(record: Record | str, ply: int) -> Step:
    """The state after ``ply`` actions (0: the start). The whole record is replayed and checked
    first, so a record damaged after ``ply`` still raises; never a silent partial replay."""
    rec = loads(record) if isinstance(record, str) else record
    if not 0 <= ply <= rec.plies:
        raise ValueError(f"ply {ply} is outside the record (0..{rec.plies})")
    found: Step | None = None
    for step in _steps(rec, []):
        if step.ply == ply and (found is None or step.move is not None):
            found = step
    assert found is not None
    return found
