"""Comparing profiles key by key: what a house profile changes against its base.

>>> from bezique.rules import load_profile
>>> for key, a, b in diff_rules(load_profile("bezique"), load_profile("besigue")):
...     if key != "description":
...         print(key, format_value(a), "->", format_value(b))
endgame.obligation "follow_and_win" -> "follow_trump_beat_trump_lead"
game.end "finish_deal" -> "immediate_on_meld"
melds.require_trump_marriage_before_sequence false -> true
name "bezique" -> "besigue"
"""

from __future__ import annotations

from typing import Any

import tomli_w

from bezique.rules.convert import format_path, unstructure_rules
from bezique.rules.model import Rules


class _Absent:
    """Marks a key one side of a diff does not have (a meld only one profile's table holds)."""

    def __repr__(self) -> str:
        return "(absent)"


ABSENT: Any = _Absent()
"""The value `diff_rules` reports for a key one of the two profiles does not have."""


def flatten(data: dict[str, Any], prefix: tuple[str, ...] = ()) -> dict[str, Any]:
    """A nested TOML table as ``{dotted.key: value}``; arrays are values, not tables."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        path = (*prefix, key)
        if isinstance(value, dict) and value:
            out.update(flatten(value, path))
        else:
            out[format_path(path)] = value
    return out


def diff_rules(a: Rules, b: Rules) -> list[tuple[str, Any, Any]]:
    """Every dotted key whose value differs, sorted, as ``(key, value in a, value in b)``.

    A table only one side has (a meld the other's table lacks) is one entry, not one per key.
    """
    out: list[tuple[str, Any, Any]] = []
    _diff(unstructure_rules(a), unstructure_rules(b), (), out)
    return sorted(out, key=lambda d: d[0])


def _diff(a: Any, b: Any, path: tuple[str, ...], out: list[tuple[str, Any, Any]]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in a.keys() | b.keys():
            _diff(a.get(key, ABSENT), b.get(key, ABSENT), (*path, key), out)
    elif a != b:
        out.append((format_path(path), a, b))


def format_value(value: Any) -> str:
    """A value as written in TOML (``"draw"``, ``true``, ``[3, 2, 3]``), or ``(absent)``."""
    if value is ABSENT:
        return "(absent)"
    if isinstance(value, dict):
        inner = ", ".join(f"{k} = {format_value(v)}" for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    text = tomli_w.dumps({"v": value}).strip()
    return text.removeprefix("v = ")
