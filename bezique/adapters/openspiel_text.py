"""The OpenSpiel game's text (`bezique.adapters.openspiel`): history lines and the observation
string at more seats, from the deal and its events alone."""

from __future__ import annotations

from typing import Any

from bezique.cards import card_name
from bezique.deal import Deal
from bezique.events import Event
from bezique.observation import glimpse


def _qualified(cards: Any) -> str:
    return " ".join(card_name(x, copies=True) for x in cards)


def _events(events: list[Event], viewer: int, said: str) -> str:
    """The events as ``viewer`` sees them, each after ``; ``: his own draws with their copies,
    the opponent's draws masked; an event that only restates ``said`` (the action) left out."""
    out = []
    for e in events:
        if e.private:
            if e.player == viewer:
                text = f"P{viewer} {e.kind} {_qualified(e.cards)}"
            else:
                text = f"P{e.player} {e.kind}"
        else:
            text = str(e)
        if text != said:
            out.append(f"; {text}")
    return "".join(out)


def _check_player(player: int, players: int) -> None:
    if player not in range(players):
        seats = "0 or 1" if players == 2 else f"a seat 0 to {players - 1}"
        raise ValueError(f"python_bezique: player must be {seats}, got {player} (a chance or "
                         "terminal state has no player to move: name one)")


def _seats_text(deal: Deal, player: int) -> str:
    """The observation string at more than two seats: a line for the deal, one per seat in
    playing order from ``player`` (his hand; of the others the cards shown to all and how
    many are hidden), the trick and who moves."""
    seen = glimpse(deal, player)
    n = seen.players
    trump = "not fixed" if seen.trump is None else seen.trump.symbol
    turn_up = "-" if seen.turn_up is None else card_name(seen.turn_up, symbols=True)
    lines = [f"{deal.rules.name} · P{seen.dealer} deals · trumps {trump} · turn-up {turn_up} "
             f"· stock {seen.stock_size} · seen by P{player}"]
    team = next(t for t in seen.teams if player in t)
    for seat in (player, *seen.opponents):
        hidden = seen.hand_sizes[seat] - len(seen.known[seat])
        shown = " ".join(card_name(x, symbols=True) for x in seen.known[seat]) or "-"
        tag = " (partner)" if seat != player and seat in team else ""
        table = " ".join(card_name(x, symbols=True) for x in seen.tables[seat]) or "-"
        lines.append(f"P{seat}{tag} hand {shown}" + (f" + {hidden} hidden" if hidden else "")
                     + f" · table {table} · score {seen.scores[seat]}"
                     f" · won {len(seen.captured[seat])} cards")
    trick = " ".join(f"P{(seen.leader + i) % n} {card_name(x, symbols=True)}"
                     for i, x in enumerate(seen.trick))
    lines.append(f"trick {trick or '-'}")
    if seen.to_move is not None:
        lines.append(f"P{seen.to_move} to {seen.phase}")
    return "\n".join(lines)
