"""Game records: a versioned, human-readable TOML file holding one deal or a whole game.

A record names the profile (a built-in name with its digest, or a custom profile inline in
full), the seed (or a stacked position), the dealer, every action in notation with the player
who took it (and an optional comment), the digest of each deal's final state, and the result.
The actions are the deal's own history (``deal.actions``). `replay` re-validates every action
against the rules and checks each deal's digest; any damage fails loudly with `RecordError`
naming the ply and the reason, never a silent partial replay. Records from strangers are safe
to read: at most `MAX_RECORD_BYTES`, and every problem is a `RecordError`. The format, and
exactly what replay detects, are described in ``docs/records.md``. This module is the
public surface: the model, writing and reading; `bezique.replay` does the replaying.

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

import hashlib
import json
import re
import reprlib
import tomllib
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from attrs import frozen

from bezique.deal import Deal
from bezique.errors import ProfileError
from bezique.events import Event
from bezique.game import Game, derive_seed, draw_for_deal
from bezique.rules import Rules, list_profiles, load_profile, profile_from_toml

__all__ = [
    "FORMAT", "MAX_RECORD_BYTES", "READABLE_VERSIONS", "VERSION", "DealRecord", "GameInfo",
    "Move", "Record", "RecordError", "Result", "Step", "dump", "dumps", "load", "loads",
    "rebuild", "record_of", "replay", "replay_to", "state_digest",
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
    """One recorded action: the player who took it, its notation and an optional comment."""

    player: int
    action: str
    comment: str = ""

    def __str__(self) -> str:
        text = f"P{self.player} {self.action}"
        return f"{text}  # {self.comment}" if self.comment else text


@frozen(kw_only=True)
class DealRecord:
    """One deal: how it starts (a ``seed``, or a stacked ``position``, or neither inside a game,
    whose seed gives each deal's), the ``dealer``, the game ``totals`` and ``target`` it starts
    with (None: the profile's), its moves, and the deal ``scores`` at the end of the record (None
    where not given). ``cut`` and ``guess`` (with a seed, under ``deal.dealer_cut_bonus``) are
    the ``Deal.new`` arguments of a deal dealt with an explicit cut or guess (None: the cut the
    seed draws, no guess). ``digest`` is the `state_digest` of the deal at the end of the
    record (None in a version 1 record)."""

    dealer: int
    moves: tuple[Move, ...] = ()
    seed: int | None = None
    position: Mapping[str, Any] | None = None
    totals: tuple[int, int] = (0, 0)
    target: int | None = None
    scores: tuple[int, int] | None = None
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
    the start of a deal), in deal ``deal_index`` (0-based), ``deal`` a snapshot of the deal then
    and ``events`` the new events."""

    ply: int
    deal_index: int
    move: Move | None
    deal: Deal
    events: tuple[Event, ...]


# ---------------------------------------------------------------------------- recording


def state_digest(deal: Deal) -> str:
    """16 hex digits of SHA-256 over a deal's state: its whole event history (every card dealt,
    turned up, played, drawn and declared, every point and its reason, in order), the scores,
    each player's hand, table and captured cards, the stock, the trump and the phase. Two
    different histories give different digests, even where they reach the same scores: a record
    with two plays swapped or an announcement deleted no longer matches its digest.

    >>> import bezique
    >>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7)
    >>> state_digest(deal) == state_digest(deal.clone()), len(state_digest(deal))
    (True, 16)
    """
    events = [[e.kind, -1 if e.player is None else int(e.player), [int(c) for c in e.cards],
               int(e.points), e.reason, e.private] for e in deal.events]
    state = {
        "events": events,
        "scores": list(deal.scores),
        "hands": [deal.hand(p).bits for p in (0, 1)],
        "tables": [deal.table(p).bits for p in (0, 1)],
        "captured": [deal.captured(p).bits for p in (0, 1)],
        "stock": [int(c) for c in deal.stock],
        "trump": -1 if deal.trump is None else int(deal.trump),
        "phase": deal.phase,
    }
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]



def record_of(subject: Deal | Game) -> Record:
    """The record of a deal or of a whole `Game`, from each deal's own history
    (``deal.actions``).

    A deal dealt by ``Deal.new`` is recorded by its seed (with its ``cut`` and ``guess`` where
    they were given explicitly); a deal without a seed (``from_position``) by a
    ``[deal.position]`` table of how it started (``deal.origin``), its cards with copy letters
    so that replay places the very same physical cards. An action on a copy other than the one
    `Deal.legal_actions` lists is written with its copy letter (``play QSb``, docs/rules.md#r10).
    Raises ValueError if the record would not reproduce the deal (a deal shuffled without a seed
    under ``deal.dealer_cut_bonus``, an action whose exact copy no notation replays, a game whose
    first dealer was not drawn from its seed).
    """
    from bezique.replay import entry_of

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
    return Record(rules=rules, inline=inline, result=result,
                  deals=tuple(entry_of(d, in_game=True) for d in deals),
                  game=GameInfo(game.seed, game.first_dealer))


def _is_builtin(rules: Rules) -> bool:
    return rules.name in list_profiles() and load_profile(rules.name) == rules


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
        for key in ("seed", "cut", "guess"):
            if getattr(entry, key) is not None:
                lines.append(f"{key} = {getattr(entry, key)}")
        lines.append(f"dealer = {entry.dealer}")
        if entry.totals != (0, 0):
            lines.append(f"totals = {_value(entry.totals)}")
        if entry.target is not None:
            lines.append(f"target = {entry.target}")
        if entry.scores is not None:
            lines.append(f"scores = {_value(entry.scores)}")
        if entry.digest is not None:
            lines.append(f"digest = {_string(entry.digest)}")
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

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlist = _REPR.maxdict = 4
_REPR.maxlevel = 2
_MOVE = re.compile(r"^P([01])\s+([^#]*?)\s*(?:#\s?(.*))?$")
_TOP = {"format", "version", "profile", "game", "deal", "result"}
_DEAL = {"seed", "cut", "guess", "dealer", "totals", "target", "scores", "digest", "actions",
         "position"}
_DIGEST = re.compile(r"[0-9a-f]{16}")
_POSITION = {"hands", "stock", "turn_up", "trump", "leader", "scores"}


def _short(value: object) -> str:
    """A value for a message, cut short: a stranger's record may hold anything."""
    return _REPR.repr(value)


def _keys(table: Mapping[str, Any], allowed: set[str], where: str, ply: int = 0) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise RecordError(ply, f"{where}: unknown key {_short(extra[0])} (expected one of "
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
                               f"got {_short(value)}")
    return value


def _pair(table: Mapping[str, Any], key: str, where: str, ply: int = 0) -> tuple[int, int] | None:
    value = _get(table, key, list, where, required=False, ply=ply)
    if value is None:
        return None
    if len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise RecordError(ply, f"{where}.{key}: expected two integers, got {_short(value)}")
    return value[0], value[1]


def _player(table: Mapping[str, Any], key: str, where: str, ply: int = 0,
            required: bool = True) -> int | None:
    value = _get(table, key, int, where, required=required, ply=ply)
    if value is not None and value not in (0, 1):
        raise RecordError(ply, f"{where}.{key}: expected player 0 or 1, got {_short(value)}")
    return value  # type: ignore[no-any-return]


def _profile(table: Mapping[str, Any]) -> tuple[Rules, bool]:
    _keys(table, {"name", "digest", "toml"}, "profile")
    name = _get(table, "name", str, "profile")
    digest = _get(table, "digest", str, "profile")
    text = _get(table, "toml", str, "profile", required=False)
    try:
        if text is not None:
            # no base_dir: an inline profile may extend only a built-in one, never a file
            rules = profile_from_toml(text, source="record profile", base_dir=None)
        elif name in list_profiles():
            rules = load_profile(name)
        else:
            raise RecordError(0, f"profile: unknown built-in profile {_short(name)} (a custom "
                                 "profile must be given in full as profile.toml)")
    except ProfileError as exc:
        raise RecordError(0, f"profile: {exc}") from None
    if rules.digest != digest:
        said = digest if _DIGEST.fullmatch(digest) else _short(digest)
        raise RecordError(0, f"profile: digest mismatch: the record says {said}, the "
                             f"profile {_short(name)} now has {rules.digest} (its rules "
                             "changed)")
    return rules, text is not None


def _deal_entry(table: object, index: int, start: int, in_game: bool,
                version: int) -> DealRecord:
    """Read deal ``index``, whose first action is ply ``start + 1``."""
    where = f"deal[{index}]"
    if not isinstance(table, dict):
        raise RecordError(start, f"{where}: expected a table")
    _keys(table, _DEAL, where, start)
    seed = _get(table, "seed", int, where, required=False, ply=start)
    position = _get(table, "position", dict, where, required=False, ply=start)
    cut = _get(table, "cut", int, where, required=False, ply=start)
    guess = _get(table, "guess", int, where, required=False, ply=start)
    if in_game and not {"seed", "position", "cut", "guess"}.isdisjoint(table):
        raise RecordError(start, f"{where}: a deal of a game takes its cards from the game "
                                 "seed; seed, position, cut and guess are not allowed")
    if not in_game and (seed is None) == (position is None):
        raise RecordError(start, f"{where}: give exactly one of seed or position")
    if position is not None and (cut is not None or guess is not None):
        raise RecordError(start, f"{where}: cut and guess go with a seed (Deal.new); a stacked "
                                 "position is not cut")
    if position is not None:
        _keys(position, _POSITION, f"{where}.position", start)
    dealer = _player(table, "dealer", where, start)
    digest = _get(table, "digest", str, where, required=version >= 2, ply=start)
    if digest is not None and not _DIGEST.fullmatch(digest):
        raise RecordError(start, f"{where}.digest: expected 16 hex digits, got "
                                 f"{_short(digest)}")
    raw = _get(table, "actions", list, where, ply=start)
    moves = []
    for n, line in enumerate(raw):
        ply = start + 1 + n
        match = _MOVE.match(line) if isinstance(line, str) else None
        if match is None:
            raise RecordError(ply, f"{where}.actions: cannot read {_short(line)}: expected "
                                   "'P0 ACTION' or 'P1 ACTION', optionally '  # comment'",
                              deal=index)
        moves.append(Move(int(match[1]), match[2], match[3] or ""))
    return DealRecord(
        dealer=int(dealer or 0), moves=tuple(moves), seed=seed, position=position, cut=cut,
        guess=guess, digest=digest,
        totals=_pair(table, "totals", where, start) or (0, 0),
        target=_get(table, "target", int, where, required=False, ply=start),
        scores=_pair(table, "scores", where, start),
    )


def loads(text: str) -> Record:
    """Parse record text (at most `MAX_RECORD_BYTES`); raises `RecordError` for anything but a
    well-formed record of a readable version (ply 0, or the ply of an unreadable action line),
    whatever the input, even not a string. The actions themselves are checked by `replay`."""
    try:
        return _loads(text)
    except RecursionError:
        raise RecordError(0, "nested too deep") from None


def _loads(text: str) -> Record:
    if not isinstance(text, str):
        raise RecordError(0, f"expected the record text as str, got {type(text).__name__}")
    if len(text) > MAX_RECORD_BYTES or (
        len(text) * 4 > MAX_RECORD_BYTES
        and len(text.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES
    ):
        raise RecordError(0, f"larger than {MAX_RECORD_BYTES:,} bytes "
                             "(bezique.record.MAX_RECORD_BYTES); not read")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RecordError(0, f"not valid TOML (truncated or corrupted?): {exc}") from None
    except RecursionError:
        raise RecordError(0, "not valid TOML: nested too deep") from None
    except ValueError as exc:  # an integer literal of more than sys.get_int_max_str_digits()
        raise RecordError(0, f"not valid TOML: a number is too long "
                             f"({str(exc).split(';')[0]})") from None
    if data.get("format") != FORMAT:
        raise RecordError(0, f"format: expected {FORMAT!r}, got {_short(data.get('format'))}")
    version = data.get("version")
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        raise RecordError(0, f"unknown format version {_short(version)}: this bezique reads "
                             f"versions {', '.join(map(str, READABLE_VERSIONS))}")
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
        deals.append(_deal_entry(table, i, ply, game is not None, version))
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
    return Record(rules=rules, inline=inline, deals=tuple(deals), result=result, game=game,
                  version=version)


def load(file: str | Path | IO[str]) -> Record:
    """Read a record from a path or an open text file (see `loads`); no more than
    `MAX_RECORD_BYTES` is read. A file that cannot be read raises `OSError`."""
    if isinstance(file, str | Path):
        with Path(file).open("rb") as raw:
            data = raw.read(MAX_RECORD_BYTES + 1)
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(0, f"larger than {MAX_RECORD_BYTES:,} bytes "
                                 "(bezique.record.MAX_RECORD_BYTES); not read")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(0, f"not UTF-8 text (byte {exc.start}: {exc.reason})") from None
        return loads(text)
    return loads(file.read(MAX_RECORD_BYTES + 1))


# ---------------------------------------------------------------------------- replaying
# The work is done in bezique.replay, which builds on the model above (hence the local imports).


def _loaded(record: Record | str) -> Record:
    return loads(record) if isinstance(record, str) else record


def replay(record: Record | str) -> Iterator[Step]:
    """Replay a record (or record text), yielding the state at the start of each deal and after
    every action; every action is re-validated. Raises `RecordError` at the first damage: an
    unreadable or illegal action, a wrong player, a missing or extra action, or a result that
    does not match; a consumer that reads to the end has therefore replayed a sound record."""
    from bezique.replay import steps

    yield from steps(_loaded(record), [])


def rebuild(record: Record | str) -> Deal | Game:
    """Replay the whole record (validating all of it) and return the final deal, or the `Game`
    for a record of a game."""
    from bezique.replay import steps

    games: list[Game] = []
    final = deque(steps(_loaded(record), games), maxlen=1)
    return games[0] if games else final[0].deal


def replay_to(record: Record | str, ply: int) -> Step:
    """The state after ``ply`` actions (0: the start). The whole record is replayed and checked
    first, so a record damaged after ``ply`` still raises; never a silent partial replay."""
    from bezique.replay import steps

    rec = _loaded(record)
    if not 0 <= ply <= rec.plies:
        raise ValueError(f"ply {ply} is outside the record (0..{rec.plies})")
    found: Step | None = None
    for step in steps(rec, []):
        if step.ply == ply and (found is None or step.move is not None):
            found = step
    assert found is not None
    return found
