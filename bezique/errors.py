"""The exceptions users catch: bad profiles, bad notation, illegal actions."""

from __future__ import annotations

from collections.abc import Sequence


class ProfileError(ValueError):
    """A rule profile is invalid; ``problems`` lists every problem as ``source: key.path: what``."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        count = len(self.problems)
        head = "invalid rule profile" if count == 1 else f"invalid rule profile ({count} problems)"
        super().__init__(head + ":\n  " + "\n  ".join(self.problems))


class NotationError(ValueError):
    """Card or action notation could not be parsed, or is ambiguous; the message shows the input."""


class IllegalAction(ValueError):
    """An action is not allowed now; the message names the rule. The deal is left unchanged."""

    def __init__(self, message: str, *, rule: str = "") -> None:
        self.rule = rule
        super().__init__(message)
