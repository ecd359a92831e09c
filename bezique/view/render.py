"""Pictures of a position: what a player sees of a deal, as a `View` and as text.

`view` collects what is shown of a deal: with no perspective everything on the table and in
both hands (the stock's order stays hidden, as in a record's replay); from a player's
perspective exactly what his `Deal.observation` reveals: his own hand, both tables, the
opponent's concealed cards he has seen (`Deal.known`) and the rest of that hand face down, the
trick, the turn-up, the stock count, trumps, scores and the public history. `text` draws a view
as lines (`Deal.render` uses it); `bezique.view.svg` draws the same view as a picture.

>>> import bezique
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7, dealer=0)
>>> _ = deal.apply("play AS")
>>> print(deal.render(perspective=0))
bezique · P0 deals · trumps ♦ · turn-up 10♦ · stock 48 · seen by P0
P1  hand   ▒▒ ▒▒ ▒▒ ▒▒ ▒▒ ▒▒ ▒▒  (7)
    table  -
    score  0
trick      A♠ (P1 led)
P0  hand   8♠ A♥ 9♥ 9♦ 8♦ 10♣ K♣ 9♣  (8)
    table  -
    score  0
P0 to follow
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from bezique.cards import SUIT_SYMBOLS, card_name
from bezique.compile import compile_rules
from bezique.observation import Observation

if TYPE_CHECKING:
    from bezique.deal import Deal

__all__ = ["Seat", "View", "card_text", "header", "meld_names", "status", "text", "view"]

HIDDEN = "▒▒"
"""How `text` draws a face-down card."""


@frozen
class Seat:
    """One player's side as seen: ``hand`` the concealed cards shown face up, ``hidden`` how
    many more lie face down, ``table`` the declared cards, ``melds`` the names of the
    declarations still on the table (``"(pending)"`` added to an announced one), his points this
    deal, the cards he has won and the brisques among them."""

    player: int
    hand: tuple[int, ...]
    hidden: int
    table: tuple[int, ...]
    melds: tuple[str, ...]
    score: int
    won: int
    brisques: int


@frozen
class View:
    """A position as one onlooker sees it (``perspective``: a player, or None for all of it).
    ``seats`` lists the players far side first: the perspective's own seat is the near one
    (player 0's without a perspective). ``last_trick`` is ``(winner, cards)`` of the latest
    completed trick, or None."""

    profile: str
    perspective: int | None
    dealer: int
    phase: str
    to_move: int | None
    trump: int | None
    turn_up: int | None
    stock_size: int
    in_end_phase: bool
    trick: tuple[int, ...]
    leader: int
    last_trick: tuple[int, tuple[int, ...]] | None
    seats: tuple[Seat, Seat]
    totals: tuple[int, ...]
    target: int
    called_out: int | None


def card_text(card: int) -> str:
    """A card as the pictures write it: rank and suit symbol, e.g. ``10♦``."""
    return card_name(card, symbols=True)


def view(subject: Deal | Observation, perspective: int | None = None) -> View:
    """What is shown of ``subject``: a deal from ``perspective`` (None: everything but the
    stock), or an observation (its player's perspective; ``perspective`` must be None or
    that player). Raises ValueError for a perspective other than None, 0 or 1."""
    if perspective not in (None, 0, 1):
        raise ValueError(f"perspective: expected None, 0 or 1, got {perspective!r}")
    if isinstance(subject, Observation):
        if perspective not in (None, subject.player):
            raise ValueError(f"perspective {perspective}: this observation is P{subject.player}'s")
        obs = subject
    elif perspective is not None:
        obs = subject.observation(perspective)
    else:
        return _build(subject, None, [tuple(subject.hand(p)) for p in (0, 1)], [0, 0])
    hands: list[tuple[int, ...]] = [(), ()]
    hidden = [0, 0]
    hands[obs.player] = tuple(obs.hand)
    hands[obs.opponent] = tuple(obs.known_opponent)
    hidden[obs.opponent] = obs.opponent_hand_size - len(obs.known_opponent)
    return _build(obs, obs.player, hands, hidden)


def _build(
    s: Deal | Observation, perspective: int | None, hands: list[tuple[int, ...]],
    hidden: list[int],
) -> View:
    """The view of the public parts of ``s`` (a deal's and an observation's share names)."""
    tables = s.tables if isinstance(s, Observation) else (s.table(0), s.table(1))
    captured = s.captured if isinstance(s, Observation) else (s.captured(0), s.captured(1))
    events = s.events
    names = {i: m.name for i, m in enumerate(compile_rules(s.rules).melds)}
    seats = []
    for p in (0, 1):
        table_bits = tables[p].bits
        melds = tuple(
            names.get(d.template, "?") + (" (pending)" if d.pending else "")
            for d in s.declarations if d.owner == p and d.cards & table_bits
        )
        seats.append(Seat(
            player=p, hand=hands[p], hidden=hidden[p], table=tuple(tables[p]), melds=melds,
            score=s.scores[p], won=len(captured[p]), brisques=s.brisques[p],
        ))
    near = 0 if perspective is None else perspective
    last = next(((e.player, e.cards) for e in reversed(events)
                 if e.kind == "trick" and e.player is not None), None)
    return View(
        profile=s.rules.name, perspective=perspective, dealer=s.dealer, phase=s.phase,
        to_move=s.to_move, trump=s.trump, turn_up=s.turn_up, stock_size=s.stock_size,
        in_end_phase=s.in_end_phase, trick=tuple(s.trick), leader=s.leader, last_trick=last,
        seats=(seats[1 - near], seats[near]), totals=s.totals, target=s.target,
        called_out=s.called_out,
    )


def meld_names(names: tuple[str, ...]) -> list[str]:
    """Declaration names in order of first appearance, a repeated one counted:
    ``["four_jacks ×3", "bezique"]``."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [name if n == 1 else f"{name} ×{n}" for name, n in counts.items()]


def _cards(cards: tuple[int, ...], hidden: int = 0) -> str:
    shown = [card_text(c) for c in cards] + [HIDDEN] * hidden
    return " ".join(shown) or "-"


def status(v: View) -> str:
    """The line saying whose turn it is and to do what (or how the deal ended)."""
    if v.to_move is None:
        return "deal over" + ("" if v.called_out is None else f", P{v.called_out} called out")
    p = f"P{v.to_move}"
    if v.phase == "declare":
        return f"{p} won the trick: {p} to declare or draw"
    return f"{p} to {v.phase}"


def header(v: View) -> str:
    """The first line: profile, dealer, trumps, turn-up, stock and whose view it is."""
    parts = [v.profile, f"P{v.dealer} deals"]
    parts.append("trumps not fixed" if v.trump is None else f"trumps {SUIT_SYMBOLS[v.trump]}")
    if v.turn_up is not None:
        parts.append(f"turn-up {card_text(v.turn_up)}")
    parts.append("stock empty (end phase)" if v.in_end_phase else f"stock {v.stock_size}")
    if v.perspective is not None:
        parts.append(f"seen by P{v.perspective}")
    return " · ".join(parts)


def _seat_lines(seat: Seat) -> list[str]:
    size = len(seat.hand) + seat.hidden
    table = _cards(seat.table)
    if seat.melds:
        table += "  (" + ", ".join(meld_names(seat.melds)) + ")"
    score = f"{seat.score}"
    if seat.won:
        brisques = "brisque" if seat.brisques == 1 else "brisques"
        score += f" · won {seat.won} cards, {seat.brisques} {brisques}"
    return [f"P{seat.player}  hand   {_cards(seat.hand, seat.hidden)}  ({size})",
            f"    table  {table}",
            f"    score  {score}"]


def text(subject: Deal | Observation, perspective: int | None = None) -> str:
    """A deal (or observation) as lines of text: the header, the far player's hand, table
    and score, the trick (or the last one), the near player's, then whose turn it is.
    Under a perspective the opponent's unseen cards are drawn face down (``▒▒``)."""
    v = view(subject, perspective)
    lines = [header(v), *_seat_lines(v.seats[0])]
    if v.trick:
        lines.append(f"trick      {_cards(v.trick)} (P{v.leader} led)")
    elif v.last_trick is not None:
        winner, cards = v.last_trick
        lines.append(f"last trick {_cards(cards)} (won by P{winner})")
    else:
        lines.append("trick      -")
    lines.extend(_seat_lines(v.seats[1]))
    if v.totals != (0, 0):
        lines.append(f"game       P0 {v.totals[0]}, P1 {v.totals[1]} (target {v.target})")
    lines.append(status(v))
    return "\n".join(lines)

