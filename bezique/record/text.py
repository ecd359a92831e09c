"""Records as text: `dumps` and `dump` write a record as TOML, `loads` and `load` read one.

Reading checks the form of the text only (the header, the profile and its digest, every key and
value, each action line); `bezique.record.replay` checks the actions themselves. Records from
strangers are safe to read: at most `MAX_RECORD_BYTES`, and every problem is a `RecordError`.
The format is described in ``docs/records.md``.

>>> import bezique
>>> from bezique import record
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7)
>>> text = record.dumps(deal)
>>> text.splitlines()[1:3]
['format = "bezique-record"', 'version = 2']
>>> record.loads(text).deals[0].seed
7
"""

from __future__ import annotations

import re
import reprlib
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from bezique.deal import Deal
from bezique.errors import ProfileError
from bezique.game import Game
from bezique.position import MAX_POINTS, SEEDS
from bezique.record.capture import record_of
from bezique.record.model import (
    FORMAT,
    MAX_RECORD_BYTES,
    READABLE_VERSIONS,
    DealRecord,
    GameInfo,
    Move,
    Record,
    RecordError,
    Result,
)
from bezique.rules import Rules, list_profiles, load_profile, profile_from_toml
from bezique.rules.convert import deep_key

__all__ = ["dump", "dumps", "load", "loads"]

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
        if any(entry.totals):
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
_MOVE = re.compile(r"^P([0-9])\s+([^#]*?)\s*(?:#\s?(.*))?$")
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


_COUNTS = {2: "two", 3: "three", 4: "four"}


def _ints(table: Mapping[str, Any], key: str, where: str, rules: Rules, each: str,
          ply: int = 0) -> tuple[int, ...] | None:
    """One integer within ``±MAX_POINTS`` (as `Deal.from_position` takes scores and totals)
    per seat (``each = "seat"``) or per team (``"team"``) of ``rules``, or None where the key
    is absent."""
    count = rules.players if each == "seat" else len(rules.teams)
    value = _get(table, key, list, where, required=False, ply=ply)
    if value is None:
        return None
    if len(value) != count or not all(isinstance(v, int) and not isinstance(v, bool)
                                      for v in value):
        what = "two integers" if rules.players == 2 else \
            f"{_COUNTS.get(count, count)} integers, one per {each}"
        raise RecordError(ply, f"{where}.{key}: expected {what}, got {_short(value)}")
    if not all(-MAX_POINTS <= v <= MAX_POINTS for v in value):
        raise RecordError(ply, f"{where}.{key}: expected integers within ±{MAX_POINTS:.0e}, "
                               f"got {_short(value)}")
    return tuple(value)


def _bounded(table: Mapping[str, Any], key: str, where: str, low: int, high: int, what: str,
             ply: int) -> int | None:
    """An optional integer from ``low`` to ``high``, as `Deal.new` takes it (``what`` says
    which, for the message)."""
    value = _get(table, key, int, where, required=False, ply=ply)
    if value is not None and not low <= value <= high:
        raise RecordError(ply, f"{where}.{key}: expected {what}, got {_short(value)}")
    return value  # type: ignore[no-any-return]


def _among(count: int, noun: str) -> str:
    """What an index of ``count`` seats or teams may be, for messages."""
    return f"{noun} 0 or 1" if count == 2 else f"{noun} 0 to {count - 1}"


def _index(table: Mapping[str, Any], key: str, where: str, count: int, *, noun: str = "player",
           ply: int = 0, required: bool = True) -> int | None:
    """A seat (or, with ``noun = "team"``, a team) index below ``count``."""
    value = _get(table, key, int, where, required=required, ply=ply)
    if value is not None and not 0 <= value < count:
        raise RecordError(ply, f"{where}.{key}: expected {_among(count, noun)}, got "
                               f"{_short(value)}")
    return value  # type: ignore[no-any-return]


def _team_noun(rules: Rules) -> str:
    """"player" where every team is one seat (a team is then its seat), else "team"."""
    return "player" if all(len(team) == 1 for team in rules.teams) else "team"


def _actors(players: int) -> str:
    """The action lines a record of ``players`` seats takes, for messages."""
    if players == 2:
        return "'P0 ACTION' or 'P1 ACTION'"
    return f"'P0 ACTION' to 'P{players - 1} ACTION'"


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
                version: int, rules: Rules) -> DealRecord:
    """Read deal ``index``, whose first action is ply ``start + 1``: its dealer and players are
    seats of ``rules``, its scores one per seat and its totals one per team."""
    where = f"deal[{index}]"
    if not isinstance(table, dict):
        raise RecordError(start, f"{where}: expected a table")
    _keys(table, _DEAL, where, start)
    seed = _bounded(table, "seed", where, SEEDS.start, SEEDS.stop - 1,
                    "an integer of 64 bits", start)
    position = _get(table, "position", dict, where, required=False, ply=start)
    cut = _get(table, "cut", int, where, required=False, ply=start)
    guess = _get(table, "guess", int, where, required=False, ply=start)
    if in_game and not {"seed", "position", "cut", "guess"}.isdisjoint(table):
        raise RecordError(start, f"{where}: a deal of a game takes its cards from the game "
                                 "seed; seed, position, cut and guess are not allowed")
    if in_game and ("target" in table or (index and "totals" in table)):
        raise RecordError(start, f"{where}: a deal of a game takes its target and totals from "
                                 "the game (only the first deal may give the totals a game "
                                 "starts from)")
    if not in_game and (seed is None) == (position is None):
        raise RecordError(start, f"{where}: give exactly one of seed or position")
    if position is not None and (cut is not None or guess is not None):
        raise RecordError(start, f"{where}: cut and guess go with a seed (Deal.new); a stacked "
                                 "position is not cut")
    if position is not None:
        _keys(position, _POSITION, f"{where}.position", start)
    players, teams = rules.players, len(rules.teams)
    dealer = _index(table, "dealer", where, players, ply=start)
    digest = _get(table, "digest", str, where, required=version >= 2, ply=start)
    if digest is not None and not _DIGEST.fullmatch(digest):
        raise RecordError(start, f"{where}.digest: expected 16 hex digits, got "
                                 f"{_short(digest)}")
    raw = _get(table, "actions", list, where, ply=start)
    moves = []
    for n, line in enumerate(raw):
        ply = start + 1 + n
        match = _MOVE.match(line) if isinstance(line, str) else None
        if match is None or int(match[1]) >= players:
            raise RecordError(ply, f"{where}.actions: cannot read {_short(line)}: expected "
                                   f"{_actors(players)}, optionally '  # comment'",
                              deal=index)
        moves.append(Move(int(match[1]), match[2], match[3] or ""))
    return DealRecord(
        dealer=int(dealer or 0), moves=tuple(moves), seed=seed, position=position, cut=cut,
        guess=guess, digest=digest,
        totals=_ints(table, "totals", where, rules, "team", start) or (0,) * teams,
        target=_bounded(table, "target", where, 1, MAX_POINTS,
                        f"a positive integer up to {MAX_POINTS:.0e}", start),
        scores=_ints(table, "scores", where, rules, "seat", start),
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
    deep = deep_key(text)  # before the parser, whose cost grows with a key's depth squared
    if deep:
        raise RecordError(0, f"not valid TOML: {deep}")
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
        seed = _bounded(info, "seed", "game", SEEDS.start, SEEDS.stop - 1,
                        "an integer of 64 bits", 0)
        if seed is None:
            raise RecordError(0, "game.seed: missing")
        game = GameInfo(seed,
                        int(_index(info, "first_dealer", "game", rules.players) or 0))
    raw = _get(data, "deal", list, "record")
    if not raw or (game is None and len(raw) != 1):
        raise RecordError(0, f"a record of one deal holds one [[deal]], this one {len(raw)}")
    deals, ply = [], 0
    for i, table in enumerate(raw):
        deals.append(_deal_entry(table, i, ply, game is not None, version, rules))
        ply += len(deals[-1].moves)
    res = data["result"]
    _keys(res, {"over", "scores", "totals", "winner", "kind", "margin"}, "result")
    teams = len(rules.teams)
    result = Result(
        over=_get(res, "over", bool, "result"),
        scores=_ints(res, "scores", "result", rules, "seat"),
        totals=_ints(res, "totals", "result", rules, "team"),
        winner=_index(res, "winner", "result", teams, noun=_team_noun(rules), required=False),
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
