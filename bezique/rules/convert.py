"""cattrs conversion between TOML data and the `Rules` tree, with path-named errors.

Primitives are strict (``"40"`` is not an int, ``1`` is not a bool), unknown keys are errors with
a "did you mean", and every problem found is reported with its dotted TOML key path.
"""

from __future__ import annotations

import difflib
import typing
from typing import Any

import attrs
import cattrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
)
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from bezique.rules.model import FrozenMap, MeldSpec, Rules

_TYPE_NAMES = {int: "int", bool: "boolean", str: "string", float: "float"}
INT_LIMIT = 10**9


def _type_name(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, dict):
        return "table"
    if isinstance(value, list | tuple):
        return "array"
    return type(value).__name__


class _WrongType(TypeError):
    pass


def _strict_int(value: object, _: type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _WrongType(f"expected int, got {_type_name(value)} {value!r}")
    if abs(value) > INT_LIMIT:
        raise _WrongType(f"{value} is out of range (at most {INT_LIMIT} in size)")
    return value


def _strict_bool(value: object, _: type) -> bool:
    if not isinstance(value, bool):
        raise _WrongType(f"expected boolean (true or false), got {_type_name(value)} {value!r}")
    return value


def _strict_str(value: object, _: type) -> str:
    if not isinstance(value, str):
        raise _WrongType(f"expected string, got {_type_name(value)} {value!r}")
    return value


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(str, _strict_str)

    def is_frozen_map(t: Any) -> bool:
        return typing.get_origin(t) is FrozenMap

    def frozen_map_structure(t: Any) -> Any:
        (value_type,) = typing.get_args(t)

        def hook(value: object, _: type) -> FrozenMap[Any]:
            if not isinstance(value, dict):
                raise _WrongType(f"expected table, got {_type_name(value)} {value!r}")
            return FrozenMap(conv.structure(value, dict[str, value_type]))  # type: ignore[valid-type]

        return hook

    conv.register_structure_hook_factory(is_frozen_map, frozen_map_structure)
    conv.register_unstructure_hook_func(
        is_frozen_map, lambda m: {k: conv.unstructure(v) for k, v in m.items()}
    )

    def tuple_hook_factory(t: Any) -> Any:
        (item_type, _) = typing.get_args(t)

        def hook(value: object, _: type) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple):
                raise _WrongType(f"expected array, got {_type_name(value)} {value!r}")
            return tuple(conv.structure(list(value), list[item_type]))  # type: ignore[valid-type]

        return hook

    conv.register_structure_hook_factory(
        lambda t: typing.get_origin(t) is tuple and typing.get_args(t)[1:] == (Ellipsis,),
        tuple_hook_factory,
    )
    conv.register_unstructure_hook_func(
        lambda t: typing.get_origin(t) is tuple, lambda v: list(v)
    )

    conv.register_structure_hook(
        MeldSpec,
        make_dict_structure_fn(
            MeldSpec, conv, klass=override(rename="class"), _cattrs_forbid_extra_keys=True
        ),
    )
    conv.register_unstructure_hook(
        MeldSpec, make_dict_unstructure_fn(MeldSpec, conv, klass=override(rename="class"))
    )
    return conv


CONVERTER = _make_converter()


def _field_names(cl: type) -> list[str]:
    names = []
    for a in attrs.fields(cl):
        names.append("class" if a.name == "klass" else a.name)
    return names


def _join(path: tuple[str, ...]) -> str:
    return ".".join(path) if path else "(top level)"


def error_messages(exc: BaseException, path: tuple[str, ...] = ()) -> list[str]:
    """Flatten a cattrs exception tree into ``key.path: what`` messages."""
    out: list[str] = []
    if isinstance(exc, ClassValidationError | IterableValidationError):
        with_notes, without = exc.group_exceptions()
        for sub, note in with_notes:
            key = getattr(note, "name", None)
            if key is None:
                key = getattr(note, "index", "?")
            key = "class" if key == "klass" else key
            out.extend(error_messages(sub, (*path, str(key))))
        for sub in without:
            out.extend(error_messages(sub, path))
    elif isinstance(exc, ForbiddenExtraKeysError):
        known = _field_names(exc.cl)
        for extra in sorted(exc.extra_fields):
            hint = difflib.get_close_matches(extra, known, n=1, cutoff=0.6)
            tip = f" (did you mean '{hint[0]}'?)" if hint else f" (known keys: {', '.join(known)})"
            out.append(f"{_join((*path, extra))}: unknown key{tip}")
    elif isinstance(exc, _WrongType):
        out.append(f"{_join(path)}: {exc}")
    elif isinstance(exc, KeyError):
        out.append(f"{_join(path)}: missing required key {exc}")
    elif isinstance(exc, ValueError) and "not in literal" in str(exc) or "Literal" in str(exc):
        out.append(f"{_join(path)}: {_literal_message(exc)}")
    else:
        out.append(f"{_join(path)}: {exc}")
    return out


def _literal_message(exc: BaseException) -> str:
    text = str(exc)
    return text.replace("not in literal", "is not one of the allowed values")


def structure_rules(data: dict[str, Any]) -> tuple[Rules | None, list[str]]:
    """Structure TOML data into `Rules`; returns the rules or the list of problems."""
    try:
        return CONVERTER.structure(data, Rules), []
    except Exception as exc:  # cattrs raises groups and plain errors alike
        return None, error_messages(exc)


def unstructure_rules(rules: Rules) -> dict[str, Any]:
    """The full profile as plain TOML-ready data."""
    data: dict[str, Any] = CONVERTER.unstructure(rules)
    return data
