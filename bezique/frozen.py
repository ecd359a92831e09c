"""Frozen records written by hand, for the compiled build: the base of `Event`, the actions and
`bezique.melds.Declaration`.

attrs builds a class's ``__init__`` at import time as generated Python source, which mypyc
cannot compile: every event an action causes would be built by interpreted code in the compiled
build too. `Event`, the actions (`Play`, `Meld`, `Announce`, `DixShow`, `DixExchange`) and
`Declaration` are plain classes instead, native classes in the compiled build
(docs/compiled.md), that keep by hand what attrs gave them:

- an explicit ``__init__`` (same signature as before) that sets each field with
  ``object.__setattr__(self, "name", value)``: mypyc compiles it to a direct store;
- frozen: setting or deleting an attribute raises ``attrs.exceptions.FrozenInstanceError``;
- equality and hashing on the compared fields (each class's ``__eq__`` / ``__hash__``), and
  attrs' ``repr``;
- pickling and copying (``__reduce__``: the class called with its fields);
- attrs' description of the fields, ``__attrs_attrs__`` (`describe_fields`), read from the
  constructor's signature: ``attrs.has``, ``attrs.fields``, ``attrs.evolve`` and
  ``attrs.asdict`` work on them as on any attrs class.

>>> from bezique.actions import Play
>>> import attrs
>>> play = Play("QS")
>>> attrs.has(Play), [a.name for a in attrs.fields(Play)], attrs.evolve(play, qualify=True)
(True, ['card', 'qualify'], Play(card=Card('QS')))
>>> play.card = 3
Traceback (most recent call last):
attr.exceptions.FrozenInstanceError: can't set attribute
"""

from __future__ import annotations

import inspect
from typing import Any, ClassVar

import attrs
from attrs.exceptions import FrozenInstanceError


class Frozen:
    """A frozen record (the base of `Event`, the actions and `Declaration`): attributes cannot
    be set or deleted, ``repr`` and pickling go by the fields `describe_fields` gave the
    class."""

    __slots__ = ()
    __attrs_attrs__: ClassVar[Any]

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{a.name}={getattr(self, a.name)!r}" for a in type(self).__attrs_attrs__ if a.repr
        )
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), tuple(getattr(self, a.name) for a in type(self).__attrs_attrs__)


def describe_fields(cls: type[Frozen], *, uncompared: tuple[str, ...] = ()) -> None:
    """Give ``cls`` attrs' description of its fields (``__attrs_attrs__``): one per parameter
    of its constructor, in order, with its default; the ``uncompared`` ones take no part in
    equality and ``repr`` (attrs' ``eq=False, repr=False``)."""
    fields = {
        p.name: attrs.field(
            default=attrs.NOTHING if p.default is p.empty else p.default,
            eq=p.name not in uncompared,
            repr=p.name not in uncompared,
        )
        for p in inspect.signature(cls).parameters.values()
    }
    spec = attrs.make_class(cls.__name__, fields, frozen=True, slots=True)
    type.__setattr__(cls, "__attrs_attrs__", attrs.fields(spec))
