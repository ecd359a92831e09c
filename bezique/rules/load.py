"""Loading profiles: tomllib, ``extends`` resolution, cattrs, cross-field validation, dumping.

Pipeline: TOML text → dict → merged over its ``extends`` base (tables key by key, arrays
replaced) → `Rules` via cattrs → `validate`. Every problem of every stage is collected into one
`ProfileError`, each as ``source: key.path: what``, where *source* is the file that set the key.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import attrs
import tomli_w

from bezique.errors import ProfileError
from bezique.rules.convert import format_path, structure_partial, unstructure_rules
from bezique.rules.model import Rules
from bezique.rules.validate import check

MAX_EXTENDS_DEPTH = 16
"""The longest ``extends`` chain followed before giving up."""

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


def _parse(text: str | bytes, source: str) -> dict[str, Any]:
    """TOML text (or UTF-8 bytes) to a dict; every failure is a `ProfileError`."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ProfileError(
                [f"{source}: not UTF-8 text (byte {exc.start}: {exc.reason})"]
            ) from None
    if not isinstance(text, str):
        raise TypeError(f"profile text must be str or bytes, not {type(text).__name__}")
    if not text.strip():
        raise ProfileError([f"{source}: the profile is empty"])
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError([f"{source}: TOML syntax error: {exc}"]) from None
    except RecursionError:
        raise ProfileError([f"{source}: TOML syntax error: nested too deep"]) from None
    except ValueError as exc:  # an integer literal of more than sys.get_int_max_str_digits()
        what = str(exc).split(";")[0]
        raise ProfileError(
            [f"{source}: TOML syntax error: a number is too long ({what})"]
        ) from None


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
    data: dict[str, Any], source: str, base_dir: Path | None, seen: tuple[str, ...]
) -> _Resolved:
    """Resolve the ``extends`` chain of one profile's data into one merged dict.

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
            f"got {parent!r}"
        )
        return own
    if len(seen) > MAX_EXTENDS_DEPTH:
        own.problems.append(f"{source}: extends: chain deeper than {MAX_EXTENDS_DEPTH} profiles")
        return own
    path = _locate(parent, base_dir)
    if path is None:
        names = list_profiles()
        hint = difflib.get_close_matches(parent, names, n=1, cutoff=0.6)
        tip = f"did you mean {hint[0]!r}? " if hint else ""
        own.problems.append(
            f"{source}: extends: no built-in profile or file {parent!r} "
            f"({tip}built-in: {', '.join(names)})"
        )
        return own
    key = str(path.resolve())
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
    try:
        return path.read_bytes()
    except OSError as exc:
        raise ProfileError([f"{source}: cannot read {path}: {exc.strerror}"]) from None


def _is_builtin(name: object) -> bool:
    return (
        isinstance(name, str)
        and _BUILTIN_NAME.fullmatch(name) is not None
        and (variants_dir() / f"{name}.toml").is_file()
    )


def _locate(ref: str, base_dir: Path | None) -> Path | None:
    """A built-in name (no slash, no ``.toml``) or a path relative to ``base_dir``."""
    if "/" not in ref and "\\" not in ref and not ref.endswith(".toml"):
        return variants_dir() / f"{ref}.toml" if _is_builtin(ref) else None
    if base_dir is not None:
        candidate = (base_dir / ref).resolve()
        if candidate.is_file():
            return candidate
    return None


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


def _build(data: dict[str, Any], source: str, base_dir: Path | None, self_key: str) -> Rules:
    resolved = _resolve(data, source, base_dir, (self_key,) if self_key else ())
    found: list[tuple[str, str]] = []  # (key path, problem line), sorted by key path below
    rules, structure_problems = structure_partial(resolved.data)
    bad: set[str] = set()
    for parts, what in structure_problems:
        path = format_path(parts)
        bad.add(format_path(tuple(p for p in parts if isinstance(p, str))))
        hint = _DID_YOU_MEAN.search(what)
        if hint and parts:  # a misspelt key: its intended key's checks read only a default
            bad.add(format_path((*parts[:-1], hint.group(1))))
        origin = _origin_of(parts, resolved.origins) or source
        found.append((path, f"{origin}: {path}: {what}"))
    if not resolved.problems:  # cross-field checks only make sense on the whole chain
        for issue in check(rules):
            if _related(issue.involves | {issue.path}, bad):
                continue
            set_in = _origin_of(tuple(issue.path.split(".")), resolved.origins)
            where = f" (set in {set_in})" if set_in not in (None, source) else ""
            found.append((issue.path, f"{source}: {issue}{where}"))
    problems = resolved.problems + [line for _, line in sorted(found, key=lambda f: f[0])]
    if problems:
        raise ProfileError(problems)
    return rules


def profile_from_toml(
    text: str | bytes, *, source: str = "<string>", base_dir: str | Path | None = None
) -> Rules:
    """Build a `Rules` from TOML text. Relative ``extends`` paths resolve against ``base_dir``
    (default: the current directory). Raises `ProfileError` listing every problem.

    >>> r = profile_from_toml('extends = "bezique"\\nname = "house"\\ngame.target = 1500')
    >>> r.game.target, r.name
    (1500, 'house')
    """
    data = _parse(text, source)
    base = Path(base_dir) if base_dir is not None else Path.cwd()
    return _build(data, source, base, "")


@functools.lru_cache(maxsize=64)
def _load_builtin(name: str) -> Rules:
    path = variants_dir() / f"{name}.toml"
    data = _parse(_read_bytes(path, path.name), path.name)
    data.setdefault("name", name)
    return _build(data, path.name, path.parent, str(path.resolve()))


def load_profile(name_or_path: str | Path) -> Rules:
    """Load a built-in profile by name, or a profile file by path (str or `Path`).

    >>> load_profile("rubicon").pack.copies
    4
    """
    if isinstance(name_or_path, str) and _is_builtin(name_or_path):
        return _load_builtin(name_or_path)
    path = Path(name_or_path)
    if not path.is_file():
        names = list_profiles()
        hint = difflib.get_close_matches(str(name_or_path), names, n=1, cutoff=0.6)
        tip = f"did you mean {hint[0]!r}? " if hint else ""
        raise ProfileError(
            [
                f"{name_or_path}: no built-in profile or file of that name "
                f"({tip}built-in: {', '.join(names)})"
            ]
        )
    data = _parse(_read_bytes(path, path.name), path.name)
    data.setdefault("name", path.stem)
    return _build(data, path.name, path.parent, str(path.resolve()))


def rules_to_toml(rules: Rules) -> str:
    """The complete profile as TOML (no ``extends``; every key written)."""
    return tomli_w.dumps(unstructure_rules(rules))


def digest_of(rules: Rules) -> str:
    """Stable 16-hex-digit hash of the canonical rule content (name and description excluded)."""
    data = unstructure_rules(rules)
    data.pop("name", None)
    data.pop("description", None)
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]
