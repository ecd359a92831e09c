"""Shared fixtures: built-in profile names and a helper that writes profile files."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest

import bezique
from bezique import Deal
from bezique.cards import Card, iter_bits
from bezique.rules import FrozenMap, MeldSpec, Rules, list_profiles, load_profile

BUILTIN_PROFILES = list_profiles()
TWO_SEAT_PROFILES = [name for name in BUILTIN_PROFILES if bezique.load_profile(name).players == 2]
"""The built-in profiles of two seats (tests whose layout or agents are the two-seat ones; the
three- and four-seat profiles have theirs in tests/test_seats_*.py)."""

patches_the_engine = pytest.mark.skipif(
    bezique.COMPILED,
    reason="plants a fault by patching the engine's methods or functions, which the compiled "
    "build calls natively (docs/compiled.md): run against the pure build",
)
"""Marks a test that monkeypatches `Deal` or the hot-path modules (`bezique.COMPILED` skips it)."""


def plant_duplicating_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plant a fault that breaks invariant 1 (conservation) at a deal's first draw: the card
    left on top of the stock is also put in the hand of the trick's winner. For tests marked
    `patches_the_engine`."""
    draw = Deal._draw

    def duplicating(self: Deal, turn_up: bool) -> None:
        draw(self, turn_up)
        if self._stock:
            self._hand[self._leader] |= 1 << self._stock[-1]  # the next card is also in hand

    monkeypatch.setattr(Deal, "_draw", duplicating)


@pytest.fixture(params=BUILTIN_PROFILES)
def builtin_name(request: pytest.FixtureRequest) -> str:
    """Each built-in profile name in turn."""
    name: str = request.param
    return name


def played(name: str, seed: int, plies: int) -> Deal:
    """A deal of profile ``name`` after up to ``plies`` seeded random actions."""
    rng = random.Random(seed)
    deal = Deal.new(load_profile(name), seed=seed, dealer=seed % 2)
    for _ in range(plies):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def two_queens_of_spades_tabled() -> Deal:
    """A bezique deal where player 0 has QSa tabled in a bezique and QSb in a marriage, so that
    four queens with either is legal and they differ (R10): only the copy tells them apart."""
    deal = Deal.from_position(
        load_profile("bezique"),
        hands=["QS JD QS KS QH QD QC AC", "7S 8S 9S 7C 8C 9C 10C JC"],
        stock="AH AH 10H 10H KH KH 8H 8H JH JH AD 9D", turn_up="9D", dealer=1, reachable=False)
    for action in ("play AC", "play 7S", "meld bezique QSa JD", "draw", "play AH", "play 8S",
                   "meld marriage KS QSb"):
        deal.apply(action)
    assert Card("QSa") in deal.table(0) and Card("QSb") in deal.table(0)
    return deal


@pytest.fixture
def write_profile(tmp_path: Path) -> Callable[[str, str | bytes], Path]:
    """Write a profile file into a temporary folder: ``write_profile("house.toml", text)``."""

    def write(name: str, text: str | bytes) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    return write


def apply_overrides(rules: Rules, overrides: Mapping[str, Any]) -> Rules:
    """The base with TOML-shaped overrides applied by hand through ``attrs.evolve``, independently
    of the loader's dict merge: tables key by key, arrays replaced, meld specs field by field.
    This is the "base with the overrides applied" of docs/rules.md#invariant-profiles."""
    changes: dict[str, Any] = {}
    for key, value in overrides.items():
        current = getattr(rules, key)
        changes[key] = _apply(current, value) if isinstance(value, Mapping) else value
    return attrs.evolve(rules, **changes)


def _apply(current: Any, value: Mapping[str, Any]) -> Any:
    if isinstance(current, FrozenMap):
        data = dict(current)
        for k, v in value.items():
            data[k] = _apply(data.get(k, MeldSpec()), v) if isinstance(v, Mapping) else v
        return FrozenMap(data)
    fields: dict[str, Any] = {}
    for k, v in value.items():
        name = "klass" if k == "class" else k
        if isinstance(v, Mapping):
            fields[name] = _apply(getattr(current, name), v)
        else:
            fields[name] = tuple(v) if isinstance(v, list) else v
    return attrs.evolve(current, **fields)


def swapped(deal: Deal, player: int, rng: random.Random) -> Deal | None:
    """A twin of ``deal`` that differs only in hidden cards: one unknown card of the opponent's
    hand exchanged with one stock card, wherever either appears in the opponent's private draws.
    None when there is nothing to exchange."""
    opp = 1 - player
    mine = list(iter_bits(deal._hand[opp] & ~deal._known[opp]))
    if not mine or not deal._stock:
        return None
    a, b = rng.choice(mine), rng.choice(deal._stock)
    twin = deal.clone()
    twin._hand[opp] = deal._hand[opp] & ~(1 << a) | (1 << b)
    twin._stock = [a if x == b else x for x in deal._stock]
    swap = {a: b, b: a}
    twin._events = [
        type(e)(e.kind, e.player, tuple(Card(swap.get(x, x)) for x in e.cards), e.points, e.reason,
                e.private) if e.private and e.player == opp else e
        for e in deal._events
    ]
    return twin


def minimax(deal: Deal) -> tuple[int, int]:
    """Best play by brute force: the final scores, each player maximising own minus other's."""
    if deal.is_over:
        return deal.scores
    player = deal.to_move
    assert player is not None
    best: tuple[int, int] | None = None
    for action in deal.legal_actions():
        child = deal.clone()
        child.apply(action)
        scores = minimax(child)
        if best is None or (
            scores[player] - scores[1 - player] > best[player] - best[1 - player]
        ):
            best = scores
    assert best is not None
    return best
