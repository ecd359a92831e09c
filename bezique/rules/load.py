"""Loading profiles: tomllib, ``extends`` resolution, cattrs, cross-field validation, dumping.

Pipeline: TOML text → dict → merged over its ``extends`` base (tables key by key, arrays
replaced) → `Rules` via cattrs → `validate`. Every problem of every stage is collected into one
`ProfileError`, each as ``source: key.path: what``, where *source* is the file that set the key.

Profiles may come from strangers, so nothing here reads more than it must: a profile is at most
`MAX_PROFILE_BYTES`, nested at most ``MAX_DEPTH`` levels (dotted keys and table headers
checked before the parser, `bezique.rules.convert.deep_key`), and ``extends`` reads only a built-in
profile or a file under the folder it is allowed to read (`profile_from_toml`, `load_profile`).
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import json
import os
import re
import tomllib
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

import attrs
import tomli_w

from bezique.errors import MAX_PROBLEMS, ProfileError
from bezique.rules.convert import (
    deep_key,
    depth_errors,
    format_path,
    structure_partial,
    toml_repr,
    unstructure_rules,
)
from bezique.rules.model import Rules, field_default
from bezique.rules.validate import check

MAX_EXTENDS_DEPTH = 16
"""The longest ``extends`` chain followed before giving up."""
MAX_PROFILE_BYTES = 1_000_000
"""The largest profile (text or file, in UTF-8 bytes) read; a larger one is refused unread."""
MAX_EXTENDS_LENGTH = 255
"""The longest ``extends`` value (a built-in name or a relative path) accepted."""

_DID_YOU_MEAN = re.compile(r"^unknown key \(did you mean '([^']+)'\?\)$")

_BUILTIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")

KeyPath = tuple[str, ...]
Origins = dict[KeyPath, str]


@functools.cache
def variants_dir() -> Path:
    """The folder of built-in profiles: ``variants/`` of a checkout, or the one in the wheel."""
    here = Path(__file__).resolve().parent.parent
    shipped = here / "_variants"
    if shipped.is_dir():
        return shipped
    return here.parent / "variants"


def list_profiles() -> list[str]:
    """The names of the built-in profiles, sorted.

    >>> "bezique" in list_profiles()
    True
    """
    return sorted(p.stem for p in variants_dir().glob("*.toml"))


def _too_big(source: str) -> ProfileError:
    return ProfileError([f"{source}: larger than {MAX_PROFILE_BYTES:,} bytes "
                         "(bezique.rules.load.MAX_PROFILE_BYTES); not read"])


def _parse(text: str | bytes, source: str) -> dict[str, Any]:
    """TOML text (or UTF-8 bytes) to a dict; every failure is a `ProfileError`."""
    if not isinstance(text, str | bytes):
        raise ProfileError([f"{source}: expected the profile as str or bytes, "
                            f"got {type(text).__name__}"])
    if len(text) > MAX_PROFILE_BYTES or (
        isinstance(text, str) and len(text) * 4 > MAX_PROFILE_BYTES
        and len(text.encode("utf-8", "surrogatepass")) > MAX_PROFILE_BYTES
    ):
        raise _too_big(source)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ProfileError(
                [f"{source}: not UTF-8 text (byte {exc.start}: {exc.reason})"]
            ) from None
    if not text.strip():
        raise ProfileError([f"{source}: the profile is empty"])
    deep = deep_key(text)  # before the parser, whose cost grows with a key's depth squared
    if deep:
        raise ProfileError([f"{source}: {deep}"])
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError([f"{source}: TOML syntax error: {exc}"]) from None
    except RecursionError:
        raise ProfileError([f"{source}: TOML syntax error: nested too deep"]) from None
    except ValueError as exc:  # an integer literal of more than sys.get_int_max_str_digits()
        what = str(exc).split(";")[0]
        raise ProfileError(
            [f"{source}: TOML syntax error: a number is too long ({what})"]
        ) from None
    nested = depth_errors(data)  # refused here: merging and structuring recurse
    if nested:
        raise ProfileError([f"{source}: {format_path(at)}: {what}" for at, what in nested])
    return data


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Merge ``override`` over ``base``: tables merge key by key, everything else replaces.

    >>> merge({"game": {"target": 1000, "tie": "draw"}, "deal": {"packets": [3, 2, 3]}},
    ...       {"game": {"target": 1500}, "deal": {"packets": [4]}})
    {'game': {'target': 1500, 'tie': 'draw'}, 'deal': {'packets': [4]}}
    """
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def _origins(data: dict[str, Any], source: str, prefix: KeyPath = ()) -> Origins:
    """Every table and key path of one file's data, mapped to that file."""
    out: Origins = {}
    stack: list[tuple[dict[str, Any], KeyPath]] = [(data, prefix)]
    while stack:
        table, at = stack.pop()
        for key, value in table.items():
            out[(*at, key)] = source
            if isinstance(value, dict) and len(at) < 32:
                stack.append((value, (*at, key)))
    return out


@attrs.define
class _Resolved:
    """A profile's data merged over its bases, who set each key, and what went wrong."""

    data: dict[str, Any]
    origins: Origins
    problems: list[str] = attrs.Factory(list)


def _resolve(
    data: dict[str, Any], source: str, folder: Path | None, seen: tuple[str, ...]
) -> _Resolved:
    """Resolve the ``extends`` chain of one profile's data into one merged dict. ``folder`` is
    the folder whose files the profile may extend (None: built-in profiles only).

    A broken link (missing base, cycle, bad base file) is reported and the profile's own keys are
    kept over an empty base, so that their own problems can still be reported.
    """
    data = dict(data)
    parent = data.pop("extends", None)
    own = _Resolved(data, _origins(data, source))
    if parent is None:
        return own
    if not isinstance(parent, str) or not parent.strip():
        own.problems.append(
            f"{source}: extends: expected a built-in profile name or a relative path, "
            f"got {toml_repr(parent)}"
        )
        return own
    if len(seen) > MAX_EXTENDS_DEPTH:
        own.problems.append(f"{source}: extends: chain deeper than {MAX_EXTENDS_DEPTH} profiles")
        return own
    path = _locate(parent, folder)
    if isinstance(path, str):
        own.problems.append(f"{source}: extends: {path}")
        return own
    key = str(path)
    if key in seen:
        chain = " -> ".join([*(Path(s).name for s in seen), path.name])
        own.problems.append(f"{source}: extends: cycle in the extends chain ({chain})")
        return own
    try:
        base_data = _parse(_read_bytes(path, source), path.name)
    except ProfileError as exc:
        own.problems.extend(exc.problems)
        return own
    base_data.pop("name", None)
    base_data.pop("description", None)
    base = _resolve(base_data, path.name, path.parent, (*seen, key))
    return _Resolved(
        merge(base.data, data), {**base.origins, **own.origins}, base.problems
    )


def _read_bytes(path: Path, source: str) -> bytes:
    """The bytes of a profile file, refused unread where it is larger than the cap."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_PROFILE_BYTES + 1)
    except OSError as exc:
        raise ProfileError([f"{source}: cannot read {path.name}: {exc.strerror}"]) from None
    if len(data) > MAX_PROFILE_BYTES:
        raise _too_big(path.name)
    return data


def _is_builtin(name: object) -> bool:
    return (
        isinstance(name, str)
        and len(name) <= MAX_EXTENDS_LENGTH
        and _BUILTIN_NAME.fullmatch(name) is not None
        and (variants_dir() / f"{name}.toml").is_file()
    )


def _locate(ref: str, folder: Path | None) -> Path | str:
    """The file that ``extends = ref`` names, or why it is refused: a built-in name (no slash,
    no ``.toml``), or a path relative to ``folder`` that stays inside it once ``..`` and
    symbolic links are resolved. Nothing outside ``folder`` is read, nor even looked at."""
    shown = repr(ref) if len(ref) <= 120 else toml_repr(ref)
    if len(ref) > MAX_EXTENDS_LENGTH or "\x00" in ref:
        return (f"{shown} is not a built-in profile name or a relative path (at most "
                f"{MAX_EXTENDS_LENGTH} characters, no NUL)")
    if "/" not in ref and "\\" not in ref and not ref.endswith(".toml"):
        if _is_builtin(ref):
            return variants_dir() / f"{ref}.toml"
        names = list_profiles()
        hint = difflib.get_close_matches(ref, names, n=1, cutoff=0.6)
        tip = f"did you mean {hint[0]!r}? " if hint else ""
        return f"no built-in profile or file {shown} ({tip}built-in: {', '.join(names)})"
    if folder is None:
        return (f"{shown}: a profile given as text may extend only a built-in profile "
                "(pass base_dir= to allow the files under one folder)")
    if "\\" in ref or PurePosixPath(ref).is_absolute() or PureWindowsPath(ref).drive:
        return f"{shown}: an absolute path is not allowed (give a path relative to the profile)"
    try:
        root = folder.resolve()
        inside = Path(os.path.normpath(root / ref)).is_relative_to(root)  # before any lookup
        if inside:  # then again with symbolic links followed
            candidate = (root / ref).resolve()
            inside = candidate.is_relative_to(root) and candidate != root
        found = inside and candidate.is_file()
    except (OSError, RuntimeError, ValueError):  # a symlink loop, an unreadable folder
        return f"{shown}: cannot be resolved"
    if not inside:
        return f"{shown}: outside the profile's folder is not allowed"
    if not found:
        builtins = ", ".join(list_profiles())
        return f"no built-in profile or file {shown} (built-in: {builtins})"
    return candidate


def _origin_of(parts: tuple[str | int, ...], origins: Origins) -> str | None:
    keys: list[str] = []
    for part in parts:
        if isinstance(part, int):
            break
        keys.append(part)
    for n in range(len(keys), 0, -1):
        found = origins.get(tuple(keys[:n]))
        if found is not None:
            return found
    return None


def _related(issue_keys: frozenset[str], bad: set[str]) -> bool:
    """Whether a cross-field check read a key (or a table around or inside one) in error."""
    for key in issue_keys:
        for b in bad:
            if key == b or key.startswith(b + ".") or b.startswith(key + "."):
                return True
    return False


def _build(data: dict[str, Any], source: str, folder: Path | None, self_key: str) -> Rules:
    try:
        return _build_checked(data, source, folder, self_key)
    except RecursionError:  # a safety net: _parse refuses the deep nesting that would recurse
        raise ProfileError([f"{source}: nested too deep"]) from None


def _build_checked(data: dict[str, Any], source: str, folder: Path | None,
                   self_key: str) -> Rules:
    resolved = _resolve(data, source, folder, (self_key,) if self_key else ())
    rules, structure_problems = structure_partial(resolved.data)
    # (key path, parts, what, set in): only the lines a ProfileError lists are written out
    found: list[tuple[str, tuple[str | int, ...], str, str | None]] = [
        (format_path(parts), parts, what, None) for parts, what in structure_problems
    ]
    if not resolved.problems:  # cross-field checks only make sense on the whole chain
        issues = check(rules)
        bad = _bad_keys(structure_problems) if issues else set()
        for issue in issues:
            if _related(issue.involves | {issue.path}, bad):
                continue
            set_in = _origin_of(tuple(issue.path.split(".")), resolved.origins)
            where = f" (set in {set_in})" if set_in not in (None, source) else ""
            found.append((issue.path, (), f"{issue}{where}", source))
    if not resolved.problems and not found:
        return rules
    found.sort(key=lambda f: f[0])
    room = max(0, MAX_PROBLEMS - len(resolved.problems))
    lines = [
        f"{origin or _origin_of(parts, resolved.origins) or source}: {path}: {what}"
        if origin is None else f"{origin}: {what}"
        for path, parts, what, origin in found[:room]
    ]
    raise ProfileError(resolved.problems + lines, more=len(found[room:]))


def _bad_keys(structure_problems: list[tuple[tuple[str | int, ...], str]]) -> set[str]:
    """The key paths in error, and the intended key of each misspelt one (whose checks read
    only a default)."""
    bad: set[str] = set()
    for parts, what in structure_problems:
        bad.add(format_path(tuple(p for p in parts if isinstance(p, str))))
        hint = _DID_YOU_MEAN.search(what)
        if hint and parts:
            bad.add(format_path((*parts[:-1], hint.group(1))))
    return bad


def profile_from_toml(
    text: str | bytes, *, source: str = "<string>", base_dir: str | Path | None = None
) -> Rules:
    """Build a `Rules` from TOML text (or UTF-8 bytes) of at most `MAX_PROFILE_BYTES`.

    ``extends`` may name a built-in profile; a relative path to a file is allowed only when
    ``base_dir`` is given, and then only for files under that folder (safe for text that
    strangers send). Raises `ProfileError` listing the problems, for anything wrong with the
    text, including its type.

    >>> r = profile_from_toml('extends = "bezique"\\nname = "house"\\ngame.target = 1500')
    >>> r.game.target, r.name
    (1500, 'house')
    """
    data = _parse(text, source)
    try:
        folder = None if base_dir is None else Path(base_dir)
    except TypeError:
        raise ProfileError([f"{source}: base_dir: expected a folder path, "
                            f"got {type(base_dir).__name__}"]) from None
    return _build(data, source, folder, "")


@functools.lru_cache(maxsize=64)
def _load_builtin(name: str) -> Rules:
    path = variants_dir() / f"{name}.toml"
    data = _parse(_read_bytes(path, path.name), path.name)
    data.setdefault("name", name)
    return _build(data, path.name, path.parent, str(path.resolve()))


def load_profile(name_or_path: str | Path) -> Rules:
    """Load a built-in profile by name, or a profile file by path (str or `Path`) of at most
    `MAX_PROFILE_BYTES`. A file may ``extends`` a built-in profile or a file under its own
    folder (never an absolute path, nor one that leaves the folder by ``..`` or a symbolic
    link). Every problem raises `ProfileError`.

    >>> load_profile("rubicon").pack.copies
    4
    """
    if isinstance(name_or_path, str) and _is_builtin(name_or_path):
        return _load_builtin(name_or_path)
    if not isinstance(name_or_path, str | os.PathLike):
        raise ProfileError([f"expected a built-in profile name or a path, "
                            f"got {type(name_or_path).__name__}"])
    shown = str(name_or_path)
    shown = shown if len(shown) <= 80 else toml_repr(shown)
    given = Path(name_or_path)
    try:
        path = given.resolve()
        is_file = path.is_file()
    except (OSError, RuntimeError, ValueError, TypeError):
        is_file = False
    if not is_file:
        names = list_profiles()
        hint = difflib.get_close_matches(shown, names, n=1, cutoff=0.6)
        tip = f"did you mean {hint[0]!r}? " if hint else ""
        raise ProfileError(
            [
                f"{shown}: no built-in profile or file of that name "
                f"({tip}built-in: {', '.join(names)})"
            ]
        )
    data = _parse(_read_bytes(path, given.name), given.name)
    data.setdefault("name", given.stem)
    return _build(data, given.name, path.parent, str(path))


def base_of_file(path: str | Path) -> Rules | None:
    """The profile a profile file names in ``extends``, loaded the way the file's own loading
    would find it (a built-in name, or a file under the profile's folder); None without
    ``extends``. Call it after `bezique.load_profile` accepted the file: problems raise
    `bezique.ProfileError`."""
    file = Path(path).resolve()
    data = _parse(_read_bytes(file, file.name), file.name)
    parent = data.get("extends")
    if not isinstance(parent, str):
        return None
    where = _locate(parent, file.parent)
    if isinstance(where, str):
        raise ProfileError([f"{file.name}: extends: {where}"])
    builtin = "/" not in parent and "\\" not in parent and not parent.endswith(".toml")
    return load_profile(parent if builtin else where)


def rules_to_toml(rules: Rules) -> str:
    """The complete profile as TOML (no ``extends``; every key written)."""
    return tomli_w.dumps(unstructure_rules(rules))


LATE_KEYS: tuple[tuple[str, str], ...] = (
    ("seats", "players"), ("seats", "teams"), ("seats", "direction"),
    ("partnership", "declarer"), ("partnership", "consult"),
    ("partnership", "combine_table_cards"), ("partnership", "bezique_from_either"),
    ("endgame", "format"), ("endgame", "beat"), ("endgame", "trump_when_void"),
    ("endgame", "beat_partner"), ("melds", "second_double_on_used_pair"),
    ("pack", "jokers"), ("dix", "award_to"), ("melds", "sequence_from_own_marriage"),
    ("melds", "multi_bezique_growth"), ("melds", "first_bezique_value"),
    ("brisques", "majority_penalty"), ("brisques", "shortfall_penalty"),
    ("last_trick", "seven_bonus"), ("jokers", "wild_in"), ("jokers", "max_per_meld"),
    ("jokers", "in_trump_quartets"), ("jokers", "reuse"), ("jokers", "fresh_card_may_be_joker"),
    ("jokers", "endgame_play"), ("jokers", "turned_up"), ("match", "consecutive_wins"),
    ("match", "loser_start"),
)
"""Keys added after digests were published (the seat keys, issue 34; the joker keys, issue
35): `digest_of` leaves each out while it holds its default, so every profile that does not set
them keeps the digest its records carry. A table left empty by this goes too."""


def _late_key_defaults(rules: Rules, data: dict[str, Any]) -> None:
    """Drop from ``data`` (the unstructured ``rules``) every `LATE_KEYS` key at its default
    (``seats.teams`` at the default for its ``seats.players``)."""
    for table, key in LATE_KEYS:
        section = getattr(rules, table)
        attribute = getattr(attrs.fields(type(section)), key)
        default = field_default(section, attribute)
        if getattr(section, key) == default and isinstance(data.get(table), dict):
            data[table].pop(key, None)
            if not data[table]:
                del data[table]


def digest_of(rules: Rules) -> str:
    """Stable 16-hex-digit hash of the canonical rule content (name and description excluded;
    `LATE_KEYS` excluded while at their defaults)."""
    data = unstructure_rules(rules)
    data.pop("name", None)
    data.pop("description", None)
    _late_key_defaults(rules, data)
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]
