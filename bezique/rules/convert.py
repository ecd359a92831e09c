"""cattrs conversion between TOML data and the `Rules` tree, with path-named errors.

Primitives are strict (``"40"`` is not an int, ``1`` is not a bool), unknown keys are errors with
a "did you mean", and every problem found is reported with its TOML key path, written as in TOML:
``melds.values.bezique``, array items as ``deal.packets[1]``.

When structuring fails, the keys in error are dropped (so their defaults apply) and structuring
is retried, so that the caller can still run the cross-field checks on the rest of the profile.
"""

from __future__ import annotations

import difflib
import re
import reprlib
import typing
from collections.abc import Callable
from typing import Any, Literal

import attrs
import cattrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
)
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from bezique.errors import MAX_PROBLEMS
from bezique.rules.model import FrozenMap, MeldSpec, Rules

INT_LIMIT = 10**9
"""Any integer in a profile must lie within ``±INT_LIMIT``."""
MAX_DEPTH = 24
"""Tables and arrays nested deeper than this are rejected before structuring."""

Path = tuple[str | int, ...]
"""A TOML key path: table keys as ``str``, array indices as ``int``."""

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_REPR = reprlib.Repr()
_REPR.maxstring = 40
_REPR.maxother = 40
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = 4
_REPR.maxlevel = 2


def format_path(path: Path) -> str:
    """``("deal", "packets", 1)`` → ``deal.packets[1]``; odd keys are quoted as in TOML."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            key = part if _BARE_KEY.match(part) else '"' + part.replace('"', '\\"') + '"'
            out += f".{key}" if out else key
    return out or "(top level)"


def toml_repr(value: object) -> str:
    """A short, TOML-flavoured rendering of a value for error messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) > 10**30:
        return f"an integer of {len(str(abs(value)))} digits"
    return _REPR.repr(value)


def describe(value: object) -> str:
    """What a wrong value is: ``'forty'`` for strings, else its TOML type and value."""
    if isinstance(value, str):
        return toml_repr(value)
    return f"{type_name(value)} {toml_repr(value)}"


def type_name(value: object) -> str:
    """The TOML name of a value's type."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, dict):
        return "table"
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, str):
        return "string"
    if isinstance(value, float):
        return "float"
    return type(value).__name__


class _WrongValue(TypeError):
    """A value of the wrong type or outside its allowed set; the message is user-facing."""


def _strict_int(value: object, _: type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _WrongValue(f"expected int, got {describe(value)}")
    if abs(value) > INT_LIMIT:
        raise _WrongValue(f"{toml_repr(value)} is out of range (at most {INT_LIMIT:_} in size)")
    return value


def _strict_bool(value: object, _: type) -> bool:
    if not isinstance(value, bool):
        raise _WrongValue(f"expected true or false, got {describe(value)}")
    return value


def _strict_str(value: object, _: type) -> str:
    if not isinstance(value, str):
        raise _WrongValue(f"expected string, got {describe(value)}")
    return value


def _literal_hook(t: Any) -> Callable[[object, type], object]:
    allowed = typing.get_args(t)
    listing = ", ".join(repr(a) for a in allowed)

    def hook(value: object, _: type) -> object:
        if isinstance(value, str) and value in allowed:
            return value
        if not isinstance(value, str):
            raise _WrongValue(f"expected one of {listing}, got {describe(value)}")
        names = [str(a) for a in allowed]
        close = [a for a in names if a.lower() == value.lower()] or difflib.get_close_matches(
            value, names, n=1, cutoff=0.6
        )
        tip = f"; did you mean {close[0]!r}?" if close else ""
        raise _WrongValue(f"{toml_repr(value)} is not allowed (expected one of {listing}{tip})")

    return hook


def _origin(t: Any) -> Any:
    return typing.get_origin(t)


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(str, _strict_str)
    conv.register_structure_hook_factory(
        lambda t: _origin(t) is Literal, _literal_hook
    )

    def frozen_map_structure(t: Any) -> Any:
        (value_type,) = typing.get_args(t)

        def hook(value: object, _: type) -> FrozenMap[Any]:
            if not isinstance(value, dict):
                raise _WrongValue(f"expected a table, got {describe(value)}")
            return FrozenMap(conv.structure(value, dict[str, value_type]))  # type: ignore[valid-type]

        return hook

    def is_frozen_map(t: Any) -> bool:
        return _origin(t) is FrozenMap

    conv.register_structure_hook_factory(is_frozen_map, frozen_map_structure)

    def int_or_table(value: object, _: type) -> int | FrozenMap[int]:
        """``brisques.min_to_score``: an int, or a table of ints by seat count."""
        if isinstance(value, dict):
            return FrozenMap(conv.structure(value, dict[str, int]))
        if isinstance(value, int) and not isinstance(value, bool):
            return _strict_int(value, int)
        raise _WrongValue(f"expected an integer or a table by seat count, got {describe(value)}")

    conv.register_structure_hook(int | FrozenMap[int], int_or_table)
    conv.register_unstructure_hook_func(
        is_frozen_map, lambda m: {k: conv.unstructure(v) for k, v in m.items()}
    )

    def tuple_hook_factory(t: Any) -> Any:
        (item_type, _) = typing.get_args(t)

        def hook(value: object, _: type) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple):
                raise _WrongValue(f"expected an array, got {describe(value)}")
            return tuple(conv.structure(list(value), list[item_type]))  # type: ignore[valid-type]

        return hook

    conv.register_structure_hook_factory(
        lambda t: _origin(t) is tuple and typing.get_args(t)[1:] == (Ellipsis,),
        tuple_hook_factory,
    )
    conv.register_unstructure_hook_func(  # seats.teams nests: an array of arrays
        lambda t: _origin(t) is tuple,
        lambda v: [list(x) if isinstance(x, tuple) else x for x in v],
    )

    def attrs_structure(cl: Any) -> Any:
        if cl is MeldSpec:
            inner = make_dict_structure_fn(
                cl, conv, _cattrs_forbid_extra_keys=True, klass=override(rename="class")
            )
        else:
            inner = make_dict_structure_fn(cl, conv, _cattrs_forbid_extra_keys=True)
        table = "the top level" if cl is Rules else "a table"

        def hook(value: object, t: type) -> Any:
            if not isinstance(value, dict):
                raise _WrongValue(f"expected {table}, got {describe(value)}")
            return inner(value, t)

        return hook

    conv.register_structure_hook_factory(attrs.has, attrs_structure)
    conv.register_unstructure_hook(
        MeldSpec, make_dict_unstructure_fn(MeldSpec, conv, klass=override(rename="class"))
    )
    return conv


CONVERTER = _make_converter()


def field_names(cl: type) -> list[str]:
    """The TOML keys of an attrs class (``klass`` is spelt ``class``)."""
    return ["class" if a.name == "klass" else a.name for a in attrs.fields(cl)]


def _unknown_key(path: Path, extra: str, known: list[str]) -> tuple[Path, str]:
    hint = difflib.get_close_matches(extra, known, n=1, cutoff=0.6)
    tip = f" (did you mean '{hint[0]}'?)" if hint else f" (known keys: {', '.join(known)})"
    return (*path, extra), f"unknown key{tip}"


def structure_errors(exc: BaseException, path: Path = ()) -> list[tuple[Path, str]]:
    """Flatten a cattrs exception tree into ``(key path, what)`` pairs."""
    out: list[tuple[Path, str]] = []
    if isinstance(exc, ClassValidationError | IterableValidationError):
        with_notes, without = exc.group_exceptions()
        for sub, note in with_notes:
            key: str | int
            if hasattr(note, "name"):
                key = "class" if note.name == "klass" else note.name
            else:
                key = note.index
            out.extend(structure_errors(sub, (*path, key)))
        for sub in without:
            out.extend(structure_errors(sub, path))
    elif isinstance(exc, ForbiddenExtraKeysError):
        known = field_names(exc.cl)
        extras = sorted(exc.extra_fields)
        out.extend(_unknown_key(path, extra, known) for extra in extras[:MAX_PROBLEMS])
        # past the problems a ProfileError lists, only the count matters: no "did you mean"
        out.extend(((*path, extra), "unknown key") for extra in extras[MAX_PROBLEMS:])
    elif isinstance(exc, _WrongValue):
        out.append((path, str(exc)))
    else:  # pragma: no cover - every hook raises _WrongValue; kept as a safety net
        out.append((path, f"invalid value ({type(exc).__name__}: {exc})"))
    return out


_TOML_TOKENS = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\''
    r"|#[^\n]*|[A-Za-z0-9_.\t -]+|.",
    re.DOTALL,
)
"""TOML text as strings, comments, runs of bare-key characters (and dots) and single other
characters: enough to count how deep a dotted key or table header goes, in one linear pass."""


_KEY_REST = re.compile(r"[A-Za-z0-9_.\t \"'-]*")
"""The rest of a dotted key or table header (its bare and quoted parts), for its depth."""


def deep_key(text: str, limit: int = MAX_DEPTH) -> str | None:
    """Why ``text`` must not be parsed, when a dotted key or table header in it goes more than
    ``limit`` levels deep (None when none does). A linear scan before the TOML parser, whose own
    cost grows with the square of such a key's depth: a 200 KB key 40,000 levels deep would take
    it seconds and gigabytes to read.

    >>> deep_key("game.target = 1500"), deep_key("[melds.table.x]") is None
    (None, True)
    >>> deep_key("a" + ".a" * 30 + " = 1")
    'line 1: a key or table header nested 31 levels deep (at most 24); not read'
    """
    dots = 0
    for token in _TOML_TOKENS.finditer(text):
        s = token.group()
        first = s[0]
        if first in "\"'":
            continue  # a quoted key part (or a string value): neither adds nor ends a path
        if first == "#" or not (first.isalnum() or first in "_.\t -"):
            dots = 0
            continue
        dots += s.count(".")
        if dots >= limit:
            line = text.count("\n", 0, token.start()) + 1
            rest = _KEY_REST.match(text, token.end())
            depth = dots + 1 + (rest.group().count(".") if rest else 0)
            return (f"line {line}: a key or table header nested {depth} levels deep (at most "
                    f"{limit}); not read")
    return None


def depth_errors(data: object, path: Path = (), limit: int = MAX_DEPTH) -> list[tuple[Path, str]]:
    """Paths where tables or arrays nest deeper than ``limit`` (checked without recursion)."""
    out: list[tuple[Path, str]] = []
    stack: list[tuple[object, Path]] = [(data, path)]
    while stack:
        value, at = stack.pop()
        if len(at) > limit:
            out.append((at[:limit], f"nested more than {limit} levels deep"))
            continue
        if isinstance(value, dict):
            stack.extend((v, (*at, str(k))) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, (*at, i)) for i, v in enumerate(value))
    return sorted(set(out), key=lambda e: format_path(e[0]))


def _drop(data: dict[str, Any], path: Path) -> bool:
    """Remove the key of ``data`` that holds ``path`` (a whole array for an item path)."""
    keys: list[str] = []
    for part in path:
        if isinstance(part, int):
            break
        keys.append(part)
    if not keys:
        return False
    node: Any = data
    for key in keys[:-1]:
        if not isinstance(node, dict) or not isinstance(node.get(key), dict):
            return False
        node = node[key]
    if isinstance(node, dict) and keys[-1] in node:
        del node[keys[-1]]
        return True
    return False


def _copy_tables(data: dict[str, Any]) -> dict[str, Any]:
    return {k: _copy_tables(v) if isinstance(v, dict) else v for k, v in data.items()}


def structure_partial(data: dict[str, Any]) -> tuple[Rules, list[tuple[Path, str]]]:
    """Structure TOML data into `Rules`, dropping every key in error so its default applies.

    Returns the (possibly repaired) rules and every structuring problem found.
    """
    problems = depth_errors(data)
    work = _copy_tables(data)
    for path, _ in problems:
        _drop(work, path)
    for _ in range(8):
        try:
            return CONVERTER.structure(work, Rules), problems
        except Exception as exc:  # cattrs raises exception groups and plain errors alike
            found = structure_errors(exc)
        problems.extend(found)
        if not any([_drop(work, path) for path, _ in found]):
            break
    return Rules(), problems


def unstructure_rules(rules: Rules) -> dict[str, Any]:
    """The full profile as plain TOML-ready data."""
    data: dict[str, Any] = CONVERTER.unstructure(rules)
    return data
