"""Pictures of a position: what a player sees of a deal, as a `View` and as text.

`view` collects what is shown of a deal: with no perspective everything on the table and in
every hand (the stock's order stays hidden, as in a record's replay); from a player's
perspective exactly what his `Deal.observation` reveals: his own hand, every table, the
others' concealed cards he has seen (`Deal.known`) and the rest of their hands face down, the
trick, the turn-up, the stock count, trumps, scores and the public history. `text` draws a view
as lines (`Deal.render` uses it); `bezique.view.svg` draws the same view as a picture.

At three and four seats (docs/rules.md#more-seats) the seats are shown in playing order from the
near one (the perspective's, else P0's): each other seat named by its place at the table
(``left``, ``across``, ``right``, as ``seats.direction`` turns play), partners marked, and the
game totals per team.

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

from attrs import evolve, frozen

from bezique.cards import SUIT_SYMBOLS, card_name
from bezique.compile import compile_rules
from bezique.observation import Observation
from bezique.rules import Rules
from bezique.settlement import team_name

if TYPE_CHECKING:
    from bezique.deal import Deal

__all__ = ["PLACES", "Seat", "View", "card_text", "header", "meld_names", "place", "seat_words",
           "status", "team_name", "text", "view"]

HIDDEN = "▒▒"
"""How `text` draws a face-down card."""


@frozen
class Seat:
    """One player's side as seen: ``hand`` the concealed cards shown face up, ``hidden`` how
    many more lie face down, ``table`` the declared cards, ``melds`` the names of the
    declarations still on the table (``"(pending)"`` added to an announced one), his points this
    deal, the cards he has won and the brisques among them. At more than two seats ``place``
    says where he sits seen from the near seat (``near``, ``left``, ``across``, ``right``) and
    ``partners`` lists the other seats of his team; at two seats they are empty."""

    player: int
    hand: tuple[int, ...]
    hidden: int
    table: tuple[int, ...]
    melds: tuple[str, ...]
    score: int
    won: int
    brisques: int
    place: str = ""
    partners: tuple[int, ...] = ()


@frozen
class View:
    """A position as one onlooker sees it (``perspective``: a player, or None for all of it).
    ``seats`` lists every seat: the others in playing order after the near one (at two seats
    the far player), then the near one, the perspective's own seat (player 0's without a
    perspective). ``last_trick`` is ``(winner, cards)`` of the latest completed trick, or None.
    ``totals`` has one entry per team of ``teams`` (`Rules.teams`)."""

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
    seats: tuple[Seat, ...]
    totals: tuple[int, ...]
    target: int
    called_out: int | None
    teams: tuple[tuple[int, ...], ...] = ((0,), (1,))


def card_text(card: int) -> str:
    """A card as the pictures write it: rank and suit symbol, e.g. ``10♦``."""
    return card_name(card, symbols=True)


def view(subject: Deal | Observation, perspective: int | None = None) -> View:
    """What is shown of ``subject``: a deal from ``perspective`` (None: everything but the
    stock), or an observation (its player's perspective; ``perspective`` must be None or
    that player). Raises ValueError for a perspective that is not None or a seat (0 or 1 at
    two seats), and for an observation at more than two seats (render the deal from that
    seat instead)."""
    players = subject.rules.players
    if perspective not in (None, *range(players)):
        allowed = "0 or 1" if players == 2 else f"a seat 0 to {players - 1}"
        raise ValueError(f"perspective: expected None, {allowed}, got {perspective!r}")
    if isinstance(subject, Observation):
        if perspective not in (None, subject.player):
            raise ValueError(f"perspective {perspective}: this observation is P{subject.player}'s")
        if players > 2:
            raise ValueError(f"an observation at {players} seats is not drawn: draw the deal "
                             f"from P{subject.player}'s perspective")
        obs = subject
    elif perspective is not None and players > 2:
        return _build(subject, perspective, *_seen(subject, perspective))
    elif perspective is not None:
        obs = subject.observation(perspective)
    else:
        seats = range(players)
        return _build(subject, None, [tuple(subject.hand(p)) for p in seats], [0] * players)
    hands: list[tuple[int, ...]] = [(), ()]
    hidden = [0, 0]
    hands[obs.player] = tuple(obs.hand)
    hands[obs.opponent] = tuple(obs.known_opponent)
    hidden[obs.opponent] = obs.opponent_hand_size - len(obs.known_opponent)
    return _build(obs, obs.player, hands, hidden)


def _seen(deal: Deal, player: int) -> tuple[list[tuple[int, ...]], list[int]]:
    """The hands ``player`` sees at more than two seats, and how many cards of each lie face
    down: his own hand, and of every other the concealed cards shown to all (`Deal.known`)."""
    hands: list[tuple[int, ...]] = []
    hidden: list[int] = []
    for p in range(deal.rules.players):
        shown = deal.hand(p) if p == player else deal.known(p)
        hands.append(tuple(shown))
        hidden.append(len(deal.hand(p)) - len(shown))
    return hands, hidden


PLACES = {3: ("near", "left", "right"), 4: ("near", "left", "across", "right")}
"""Where the seats after the near one sit, in playing order, when play passes to the left
(``seats.direction = "clockwise"``); counter-clockwise play swaps left and right."""


def place(rules: Rules, near: int, seat: int) -> str:
    """Where ``seat`` sits seen from seat ``near`` at three or four seats: ``near`` (itself),
    ``left``, ``across`` or ``right``, as ``seats.direction`` turns play (`PLACES`).

    >>> from bezique.check.playout import at_seats
    >>> import bezique
    >>> rules = at_seats(bezique.load_profile("bezique"), 4)
    >>> [place(rules, 1, p) for p in range(4)]
    ['right', 'near', 'left', 'across']
    """
    where = PLACES[rules.players][(seat - near) % rules.players]
    if rules.seats.direction != "clockwise":
        where = {"left": "right", "right": "left"}.get(where, where)
    return where


def _build(
    s: Deal | Observation, perspective: int | None, hands: list[tuple[int, ...]],
    hidden: list[int],
) -> View:
    """The view of the public parts of ``s`` (a deal's and an observation's share names)."""
    rules = s.rules
    players = range(rules.players)
    tables = s.tables if isinstance(s, Observation) else tuple(s.table(p) for p in players)
    captured = s.captured if isinstance(s, Observation) else tuple(
        s.captured(p) for p in players)
    events = s.events
    names = {i: m.name for i, m in enumerate(compile_rules(rules).melds)}
    near = 0 if perspective is None else perspective
    seats = []
    for p in players:
        table_bits = tables[p].bits
        melds = tuple(
            names.get(d.template, "?") + (" (pending)" if d.pending else "")
            for d in s.declarations if d.owner == p and d.cards & table_bits
        )
        seat = Seat(
            player=p, hand=hands[p], hidden=hidden[p], table=tuple(tables[p]), melds=melds,
            score=s.scores[p], won=len(captured[p]), brisques=s.brisques[p],
        )
        if rules.players > 2:
            team = rules.teams[rules.team_of[p]]
            seat = evolve(seat, place=place(rules, near, p),
                          partners=tuple(q for q in team if q != p))
        seats.append(seat)
    last = next(((e.player, e.cards) for e in reversed(events)
                 if e.kind == "trick" and e.player is not None), None)
    order = [(near + k) % rules.players for k in range(1, rules.players)] + [near]
    return View(
        profile=rules.name, perspective=perspective, dealer=s.dealer, phase=s.phase,
        to_move=s.to_move, trump=s.trump, turn_up=s.turn_up, stock_size=s.stock_size,
        in_end_phase=s.in_end_phase, trick=tuple(s.trick), leader=s.leader, last_trick=last,
        seats=tuple(seats[p] for p in order), totals=s.totals, target=s.target,
        called_out=s.called_out, teams=rules.teams,
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


def seat_words(seat: Seat) -> str:
    """Where a seat sits and who its partners are, at more than two seats: ``across, partner
    P0`` (empty at two seats)."""
    if not seat.place:
        return ""
    partners = " and ".join(f"P{p}" for p in seat.partners)
    return seat.place + (f", partner {partners}" if partners else "")




def _seat_lines(seat: Seat) -> list[str]:
    size = len(seat.hand) + seat.hidden
    table = _cards(seat.table)
    if seat.melds:
        table += "  (" + ", ".join(meld_names(seat.melds)) + ")"
    score = f"{seat.score}"
    if seat.won:
        brisques = "brisque" if seat.brisques == 1 else "brisques"
        score += f" · won {seat.won} cards, {seat.brisques} {brisques}"
    lines = [f"P{seat.player}  hand   {_cards(seat.hand, seat.hidden)}  ({size})",
             f"    table  {table}",
             f"    score  {score}"]
    if seat.place:
        lines.append(f"    seat   {seat_words(seat)}")
    return lines


def text(subject: Deal | Observation, perspective: int | None = None) -> str:
    """A deal (or observation) as lines of text: the header, the far player's hand, table
    and score (at more seats every other seat's, in playing order from the near one, with its
    place and partners), the trick (or the last one), the near player's, then whose turn it is.
    Under a perspective the others' unseen cards are drawn face down (``▒▒``)."""
    v = view(subject, perspective)
    *others, near = v.seats
    lines = [header(v)]
    for seat in others:
        lines.extend(_seat_lines(seat))
    if v.trick:
        lines.append(f"trick      {_cards(v.trick)} (P{v.leader} led)")
    elif v.last_trick is not None:
        winner, cards = v.last_trick
        lines.append(f"last trick {_cards(cards)} (won by P{winner})")
    else:
        lines.append("trick      -")
    lines.extend(_seat_lines(near))
    if any(v.totals):
        totals = ", ".join(f"{team_name(team)} {total}"
                           for team, total in zip(v.teams, v.totals, strict=True))
        lines.append(f"game       {totals} (target {v.target})")
    lines.append(status(v))
    return "\n".join(lines)
