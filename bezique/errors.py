"""The exceptions users catch: bad profiles, bad positions, bad notation, illegal actions, a
missing optional extra; and `warn_moved`, the warning of a deprecated import path."""

from __future__ import annotations

import warnings
from collections.abc import Sequence

MAX_PROBLEMS = 50
"""At most this many problems are listed by a `ProfileError`; the rest are only counted."""


class ProfileError(ValueError):
    """A rule profile is invalid; ``problems`` lists the problems found as
    ``source: key.path: what`` (the first `MAX_PROBLEMS` of them), ``more`` counts the others.
    """

    def __init__(self, problems: Sequence[str], *, more: int = 0) -> None:
        listed = tuple(problems)
        self.problems: tuple[str, ...] = listed[:MAX_PROBLEMS]
        self.more: int = more + len(listed) - len(self.problems)
        count = len(self.problems) + self.more
        head = "invalid rule profile"
        if count > 1:
            head += f" ({count:,} problems)"
        lines = list(self.problems)
        if self.more:
            lines.append(f"… and {self.more:,} more problem{'s' if self.more > 1 else ''}")
        super().__init__(head + ":\n  " + "\n  ".join(lines))

    def __reduce__(self) -> tuple[object, ...]:
        return _profile_error, (self.problems, self.more)


class PositionError(ValueError):
    """`Deal.from_position` cannot set up the position it was given, or `Deal.new` (or `Game`)
    was given a seed a record cannot hold or totals out of range; ``argument`` names the
    argument at fault (``hands``, ``stock``, ``turn_up``, ``dealer``, ``trump``, ``leader``,
    ``scores``, ``totals``, ``target`` or ``seed``) and the message says why."""

    def __init__(self, argument: str, reason: str) -> None:
        self.argument = argument
        self.reason = reason
        super().__init__(f"{argument}: {reason}")

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), (self.argument, self.reason)


class NotationError(ValueError):
    """Card or action notation could not be parsed, or is ambiguous; the message shows the input."""


class IllegalAction(ValueError):
    """An action is not allowed now; the message names the rule. The deal is left unchanged."""

    def __init__(self, message: str, *, rule: str = "") -> None:
        self.rule = rule
        super().__init__(message)


class ExtraMissing(ImportError, RuntimeError):
    """An optional extra that a feature needs is not installed; the message says what to
    install (``pip install 'bezique[ray]'`` …). An `ImportError`, and a `RuntimeError` as it
    was before it moved here from `bezique.lab`, so that code catching either still does."""


def extra_missing(feature: str, extra: str, error: ImportError) -> ExtraMissing:
    """The one error of every feature behind an optional extra that is not installed: it names
    the feature, the module missing and the extra to install. Raise it ``from`` ``error``.

    >>> print(extra_missing("bezique.web.app", "web",
    ...                     ModuleNotFoundError("No module named 'starlette'", name="starlette")))
    bezique.web.app needs the web extra (starlette is not installed): pip install 'bezique[web]'
    """
    missing = error.name or "a dependency"
    return ExtraMissing(f"{feature} needs the {extra} extra ({missing} is not installed): "
                        f"pip install 'bezique[{extra}]'")


def _profile_error(problems: tuple[str, ...], more: int) -> ProfileError:
    """A `ProfileError` again, from what pickling kept of it."""
    return ProfileError(problems, more=more)


def warn_moved(old: str, new: str) -> None:
    """Warn, from the deprecated module ``bezique.{old}`` as it is imported, that it is now
    ``bezique.{new}``: a `DeprecationWarning` attributed to the import statement (``warnings``
    skips the import machinery's frames), so that Python's default filters show it in
    ``__main__``."""
    warnings.warn(f"bezique.{old} is deprecated: import bezique.{new} instead",
                  DeprecationWarning, stacklevel=3)
