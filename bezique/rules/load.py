"""Loading profiles: tomllib, ``extends`` resolution, cattrs, cross-field validation, dumping.

Pipeline: TOML text → dict → merged over its ``extends`` base (tables key by key, arrays
replaced) → `Rules` via cattrs → `validate`. Every problem of every stage is collected into one
`ProfileError`, each with its source and TOML key path.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from bezique.errors import ProfileError
from bezique.rules.convert import structure_rules, unstructure_rules
from bezique.rules.model import Rules
from bezique.rules.validate import validate

MAX_EXTENDS_DEPTH = 16


def variants_dir() -> Path:
    """The folder of built-in profiles: ``variants/`` of a checkout, or the one in the wheel."""
    here = Path(__file__).resolve().parent.parent
    shipped = here / "_variants"
    if shipped.is_dir():
        return shipped
    return here.parent / "variants"


def list_profiles() -> list[str]:
    """The names of the built-in profiles, sorted."""
    return sorted(p.stem for p in variants_dir().glob("*.toml"))


def _parse(text: str | bytes, source: str) -> dict[str, Any]:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ProfileError([f"{source}: not UTF-8 text (byte {exc.start}: {exc.reason})"]) from None
    if not text.strip():
        raise ProfileError([f"{source}: the profile is empty"])
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError([f"{source}: TOML syntax error: {exc}"]) from None
    except RecursionError:
        raise ProfileError([f"{source}: TOML nesting too deep"]) from None


def merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Merge ``override`` over ``base``: tables merge key by key, everything else replaces."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def _resolve(
    data: dict[str, Any], source: str, base_dir: Path | None, seen: tuple[str, ...]
) -> dict[str, Any]:
    """Resolve the ``extends`` chain of one profile's data into one merged dict."""
    parent = data.pop("extends", None)
    if parent is None:
        return data
    if not isinstance(parent, str) or not parent:
        raise ProfileError([f"{source}: extends: expected a profile name or relative path"])
    if len(seen) > MAX_EXTENDS_DEPTH:
        raise ProfileError([f"{source}: extends: chain deeper than {MAX_EXTENDS_DEPTH}"])
    path = _locate(parent, base_dir)
    if path is None:
        names = ", ".join(list_profiles())
        raise ProfileError(
            [f"{source}: extends: no built-in profile or file {parent!r} (built-in: {names})"]
        )
    key = str(path.resolve())
    if key in seen:
        chain = " -> ".join([*(Path(s).name for s in seen), path.name])
        raise ProfileError([f"{source}: extends: cycle in the extends chain ({chain})"])
    base_data = _parse(_read_bytes(path, source), str(path.name))
    base_data.pop("name", None)
    base_data.pop("description", None)
    base = _resolve(base_data, path.name, path.parent, (*seen, key))
    return merge(base, data)


def _read_bytes(path: Path, source: str) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise ProfileError([f"{source}: cannot read {path}: {exc.strerror}"]) from None


def _locate(ref: str, base_dir: Path | None) -> Path | None:
    builtin = variants_dir() / f"{ref}.toml"
    if "/" not in ref and "\\" not in ref and not ref.endswith(".toml") and builtin.is_file():
        return builtin
    if base_dir is not None:
        candidate = (base_dir / ref).resolve()
        if candidate.is_file():
            return candidate
    return None


def _build(data: dict[str, Any], source: str, base_dir: Path | None, self_key: str) -> Rules:
    if not isinstance(data, dict):
        raise ProfileError([f"{source}: expected a TOML table"])
    data = _resolve(dict(data), source, base_dir, (self_key,) if self_key else ())
    rules, problems = structure_rules(data)
    if rules is None:
        raise ProfileError([f"{source}: {p}" for p in problems])
    problems = validate(rules)
    if problems:
        raise ProfileError([f"{source}: {p}" for p in problems])
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


def load_profile(name_or_path: str | Path) -> Rules:
    """Load a built-in profile by name, or a profile file by path.

    >>> load_profile("rubicon").pack.copies
    4
    """
    path: Path | None
    if isinstance(name_or_path, str) and (variants_dir() / f"{name_or_path}.toml").is_file():
        path = variants_dir() / f"{name_or_path}.toml"
    else:
        path = Path(name_or_path)
        if not path.is_file():
            names = ", ".join(list_profiles())
            raise ProfileError(
                [f"{name_or_path}: no built-in profile or file of that name (built-in: {names})"]
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
