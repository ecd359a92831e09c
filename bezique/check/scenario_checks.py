"""What a scenario step or settlement expects, compared with what the engine did.

Each comparison returns `Mismatch` triples (the check, the expected value, the actual value);
`bezique.check.scenario` turns them into `Failure` lines. Cards are compared as physical
cards: a token with a copy letter (``7Cb``) must be that copy, a bare token (``7C``) any
copy; legal actions by verb and cards, the meld name and copy letters counting only where the
expectation gives them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bezique.actions import parse_action
from bezique.cards import SUITS, card_name, parse_card, parse_card_ref
from bezique.compile import compile_rules
from bezique.count import counted_in_deal
from bezique.deal import Deal
from bezique.events import Event
from bezique.rules import Rules
from bezique.settlement import settle

__all__ = [
    "STATE_CHECKS",
    "Mismatch",
    "cards_match",
    "render_event",
    "settle_mismatches",
    "state_mismatches",
    "step_mismatches",
]

Mismatch = tuple[str, object, object]
"""One check that did not hold: its name, what was expected, what was seen."""


def _cards_text(cards: Iterable[int]) -> str:
    return " ".join(sorted((card_name(c, copies=True) for c in cards), key=_sort_name))


def _sort_name(name: str) -> tuple[int, str]:
    return parse_card(name) >> 3, name


def cards_match(expected: str | Sequence[str], actual: Iterable[int]) -> bool:
    """Whether the physical cards ``actual`` are exactly those written in ``expected`` (one
    string of notation, or a list of card strings, as a scenario's ``[position]`` takes them).

    A token with a copy letter (``7Cb``) must be that copy; a bare token (``7C``) any copy.
    """
    remaining = list(actual)
    text = expected if isinstance(expected, str) else " ".join(map(str, expected))
    refs = [parse_card_ref(t) for t in text.replace(",", " ").split()]
    for kind, copy in sorted(refs, key=lambda r: r[1] is None):
        pick = next((x for x in remaining
                     if x >> 3 == kind and (copy is None or x & 7 == copy)), None)
        if pick is None:
            return False
        remaining.remove(pick)
    return not remaining


def _suit(value: int | None) -> str:
    return "none" if value is None else SUITS[value]


def _card_or_none(value: int | None) -> str:
    return "none" if value is None else card_name(value, copies=True)


def _decl_names(deal: Deal, player: int, pending: bool) -> list[str]:
    melds = compile_rules(deal.rules).melds
    return [melds[d.template].name for d in deal.declarations
            if d.owner == player and d.pending == pending]


_PLAIN: dict[str, Callable[[Deal], object]] = {
    "phase": lambda d: d.phase,
    "to_move": lambda d: d.to_move,
    "trump": lambda d: _suit(d.trump),
    "turn_up": lambda d: _card_or_none(d.turn_up),
    "stock_size": lambda d: d.stock_size,
    "is_over": lambda d: d.is_over,
    "in_end_phase": lambda d: d.in_end_phase,
    "leader": lambda d: d.leader,
    "tricks_played": lambda d: d.tricks_played,
    "last_trick_winner": lambda d: d.last_trick_winner,
    "called_out": lambda d: d.called_out,
    "scores": lambda d: list(d.scores),
    "brisques": lambda d: list(d.brisques),
    "heap_size": lambda d: len(d.heap),
    "trick": lambda d: [card_name(c) for c in d.trick],
}
_CARDS: dict[str, Callable[[Deal, int], Iterable[int]]] = {
    "hand": lambda d, p: d.hand(p),
    "table": lambda d, p: d.table(p),
    "captured": lambda d, p: d.captured(p),
    "known": lambda d, p: d.known(p),
}
_LISTS: dict[str, Callable[[Deal, int], object]] = {
    "melds": lambda d, p: _decl_names(d, p, False),
    "pending": lambda d, p: _decl_names(d, p, True),
    "captured_count": lambda d, p: len(d.captured(p)),
}
STATE_CHECKS = frozenset(
    set(_PLAIN) | {"stock"}
    | {f"{k}_{p}" for k in (*_CARDS, *_LISTS) for p in range(4)}
)
"""The keys an ``expect = {...}`` table may check (the per-seat ones for seats 0 to 3; a seat
the profile does not have is a mismatch)."""


def _plain(value: object) -> object:
    """A value as TOML writes it: None is ``"none"``, a tuple a list."""
    if value is None:
        return "none"
    return list(value) if isinstance(value, tuple) else value


def state_mismatches(deal: Deal, expect: Mapping[str, Any]) -> list[Mismatch]:
    """The keys of an ``expect = {...}`` table (`STATE_CHECKS`) that ``deal`` does not meet."""
    out: list[Mismatch] = []
    for key, want in expect.items():
        if key in _PLAIN:
            got = _plain(_PLAIN[key](deal))
            if key == "trump" and isinstance(want, str):
                want = want.upper() if want.lower() != "none" else "none"
            if key == "turn_up" and isinstance(want, str) and want.lower() != "none":
                ok = got != "none" and cards_match(want, [parse_card(str(got))])
                if ok:
                    continue
            if got != want:
                out.append((key, want, got))
            continue
        if key == "stock":
            if not cards_match(want, deal.stock):
                out.append((key, want, _cards_text(deal.stock)))
            continue
        name, player = key.rsplit("_", 1)
        if int(player) >= deal.rules.players:
            out.append((key, want, f"no seat {player} at {deal.rules.players} seats"))
        elif name in _CARDS:
            cards = list(_CARDS[name](deal, int(player)))
            if not cards_match(want, cards):
                out.append((key, want, _cards_text(cards)))
        else:
            got = _LISTS[name](deal, int(player))
            if (sorted(got) if isinstance(got, list) else got) != (
                    sorted(want) if isinstance(want, list) else want):
                out.append((key, want, got))
    return out


def render_event(event: Event) -> str:
    """An event as scenario files write it: a score as ``P0 +80 four_kings``, others as
    ``str(event)`` (``P0 trump diamonds``, ``P1 draw turn_up 7C``)."""
    if event.kind == "score":
        return f"P{event.player} +{event.points} {event.reason}"
    return str(event)


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _events_in_order(expected: Sequence[str], rendered: Sequence[str]) -> bool:
    it = iter(_norm(r) for r in rendered)
    for want in map(_norm, expected):
        if not any(r == want or r.startswith(want + " ") for r in it):
            return False
    return True


def _action_key(text: str) -> tuple[str, str | None, tuple[tuple[int, int | None], ...]]:
    parsed = parse_action(text)
    return parsed.verb, parsed.name, tuple(sorted(parsed.refs, key=lambda r: r[0]))


def _notation_matches(want: str, got: str) -> bool:
    """Same verb and cards; the meld name and copy letters count only where ``want`` gives
    them."""
    wv, wn, wr = _action_key(want)
    gv, gn, gr = _action_key(got)
    if wv != gv or (wn is not None and wn != gn) or len(wr) != len(gr):
        return False
    return all(a[0] == b[0] and (a[1] is None or b[1] is None or a[1] == b[1])
               for a, b in zip(wr, gr, strict=True))


def _legal_mismatches(deal: Deal, checks: Mapping[str, Any]) -> list[Mismatch]:
    legal = [str(a) for a in deal.legal_actions()]
    out: list[Mismatch] = []

    def found(want: str) -> bool:
        return any(_notation_matches(want, g) for g in legal)

    if "expect_legal" in checks:
        want = list(checks["expect_legal"])
        extra = [g for g in legal if not any(_notation_matches(w, g) for w in want)]
        if extra or not all(map(found, want)):
            out.append(("expect_legal", sorted(want), sorted(legal)))
    for w in checks.get("expect_legal_includes", []):
        if not found(w):
            out.append(("expect_legal_includes", w, sorted(legal)))
    for w in checks.get("expect_legal_excludes", []):
        if found(w):
            out.append(("expect_legal_excludes", w, sorted(legal)))
    return out



def step_mismatches(deal: Deal, events: Sequence[Event], checks: Mapping[str, Any],
                    ) -> list[Mismatch]:
    """The step expectations (``expect_points``, ``expect_events``, ``expect_scores``, the
    legal actions and the ``expect`` table) not met by ``events``, the step's events, and
    ``deal``, the state after it."""
    out: list[Mismatch] = []
    rendered = [render_event(e) for e in events]
    if "expect_points" in checks:
        scored = [r for e, r in zip(events, rendered, strict=True) if e.kind == "score"]
        if [_norm(x) for x in checks["expect_points"]] != [_norm(x) for x in scored]:
            out.append(("expect_points", list(checks["expect_points"]), scored))
    if "expect_events" in checks and not _events_in_order(checks["expect_events"], rendered):
        out.append(("expect_events", list(checks["expect_events"]), rendered))
    if "expect_scores" in checks and list(deal.scores) != list(checks["expect_scores"]):
        out.append(("expect_scores", list(checks["expect_scores"]), list(deal.scores)))
    out += _legal_mismatches(deal, checks)
    out += state_mismatches(deal, checks.get("expect", {}))
    return out


def _settle_args(spec: Mapping[str, Any], deal: Deal | None, rules: Rules) -> dict[str, Any]:
    args: dict[str, Any] = {k: spec[k] for k in ("totals", "target", "called_out", "dealer")
                            if k in spec}
    if deal is not None:
        args.setdefault("totals", deal.totals)
        args.setdefault("target", deal.target)
        args.setdefault("dealer", deal.dealer)
        args.setdefault("called_out", deal.called_out)
        counted_later = not counted_in_deal(rules)
        args["points"] = spec.get("points", deal.scores)
        args["brisques"] = spec.get("brisques", deal.brisques if counted_later
                                    else (0,) * rules.players)
    else:
        args["points"] = spec["points"]
        args["brisques"] = spec.get("brisques", (0,) * rules.players)
    for key in ("points", "brisques", "totals"):
        if key in args:
            args[key] = tuple(args[key])
    return args


def settle_mismatches(rules: Rules, spec: Mapping[str, Any], deal: Deal | None,
                      ) -> list[Mismatch]:
    """The ``[settle]`` expectations not met by `bezique.settle` run on the finished ``deal``
    (or, without a deal, on the points the table gives)."""
    if deal is not None and not deal.is_over and "points" not in spec:
        return [("settle", "a finished deal", repr(deal))]
    if deal is None and "points" not in spec:
        return [("settle", "points (there is no deal)", None)]
    result = settle(rules, **_settle_args(spec, deal, rules))
    out: list[Mismatch] = []
    for key, want in spec.get("expect", {}).items():
        if key == "breakdown_includes":
            for line in want:
                if not any(_norm(line) in _norm(b) for b in result.breakdown):
                    out.append((f"settle.{key}", line, list(result.breakdown)))
            continue
        got = _plain(getattr(result, key))
        if got != want:
            out.append((f"settle.{key}", want, got))
    return out

