"""What every state of one ``python_bezique`` game shares (`bezique.adapters.openspiel`): the
rules a ``profile`` parameter names, their compiled tables and encoding, where each dealt
position goes, and the chance outcomes; and `register_rules`, which names rules that are no
built-in profile."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from bezique.compile import compile_rules
from bezique.deal import dealing
from bezique.encoding import ENCODINGS, ActionEncoding, choose_encoding
from bezique.errors import ProfileError
from bezique.features import observation_layout, observation_size
from bezique.rules import Rules, list_profiles, load_profile

__all__ = ["UTILITIES", "Spec", "register_rules", "spec_of"]

UTILITIES = ("points", "win")
"""The values of the ``utility`` parameter (see the module docstring)."""


_REGISTERED: dict[str, Rules] = {}
"""The rules `register_rules` named, by their name for the ``profile`` parameter."""


def register_rules(rules: Rules) -> str:
    """A ``profile`` parameter that names ``rules`` in this process: the built-in name where
    they are a built-in profile, else ``"<name>@<digest>"`` (`Rules.digest`; a character of
    the name other than a letter, digit, ``_``, ``.`` or ``-`` written ``-``, for game
    strings), which `pyspiel.load_game` then accepts, game strings and serialised states
    included. The way to a game of rules that are no built-in profile, such as three or four
    seats (another process must register them again to load such a game).

    >>> import bezique
    >>> from bezique.adapters.openspiel import register_rules
    >>> register_rules(bezique.load_profile("rubicon"))
    'rubicon'
    """
    if rules.name in list_profiles() and load_profile(rules.name) == rules:
        return rules.name
    name = re.sub(r"[^\w.-]", "-", rules.name) + "@" + rules.digest
    _REGISTERED[name] = rules
    return name


def _rules_named(profile: str) -> Rules:
    """The rules of a ``profile`` parameter: a built-in name or a `register_rules` name."""
    if profile in _REGISTERED:
        return _REGISTERED[profile]
    if profile not in list_profiles():
        raise ProfileError([
            f"python_bezique: {profile!r} is not a built-in profile (built-in: "
            f"{', '.join(list_profiles())}) nor one given to register_rules"
        ])
    return load_profile(profile)


class Spec:
    """What every state of one profile's game shares (never copied with a state)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Spec:
        return self

    def __init__(self, profile: str, utility: str, encoding: str = "auto") -> None:
        rules = _rules_named(profile)
        if utility not in UTILITIES:
            raise ValueError(
                f"python_bezique: unknown utility {utility!r}; expected one of "
                f"{', '.join(UTILITIES)}"
            )
        if encoding not in ENCODINGS:
            raise ValueError(
                f"python_bezique: unknown encoding {encoding!r}; expected one of "
                f"{', '.join(ENCODINGS)}"
            )
        self.profile = profile
        self.utility = utility
        self.encoding = encoding
        self.rules = rules
        self.c = compile_rules(self.rules)
        self.enc: ActionEncoding = choose_encoding(self.rules, encoding)
        self.pack = self.c.pack_cards
        self.index = {card: i for i, card in enumerate(self.pack)}
        dealt = dealing(self.rules, dealer=0)
        self.owner = [-1] * self.c.pack_size
        """Per position of the dealt order: the player whose hand it goes to, or -1."""
        for p in range(self.c.players):
            for pos in dealt.hands[p]:
                self.owner[pos] = p
        self.turn_up_pos = -1 if dealt.turn_up is None else dealt.turn_up
        self.scale = float(self.rules.game.target or 1000)
        self.size = observation_size(self.rules)
        self.hand_block = next(b for b in observation_layout(self.rules) if b.name == "hand")
        self._outcomes: list[tuple[tuple[int, float], ...] | None] = [None] * (
            self.c.pack_size + 1)
        self.kind_pos = {kd: i for i, kd in enumerate(
            s * 8 + r for s in range(4) for r in self.c.pack_ranks)}

    def outcomes(self, left: int) -> tuple[tuple[int, float], ...]:
        """Per pack index ``i``, the chance outcome ``(i, 1 / left)`` (made once per count of
        cards left)."""
        pairs = self._outcomes[left]
        if pairs is None:
            p = 1.0 / left
            pairs = self._outcomes[left] = tuple((i, p) for i in range(self.c.pack_size))
        return pairs

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its parameters (its compiled tables are rebuilt, cached)."""
        return spec_of, (self.profile, self.utility, self.encoding)


@cache
def spec_of(profile: str, utility: str, encoding: str = "auto") -> Spec:
    """The `Spec` of a game's parameters, made once per process."""
    return Spec(profile, utility, encoding)
