"""What the browser is sent: JSON-ready dicts of a table as its human player sees it.

Everything here is built from ``deal.observation(seat)`` (through `bezique.view.render.view`) and
the game's public totals and settlements: never the bot's concealed cards or the stock order.
Cards are written with their copy letter (``QSa``), so every physical card has one code: the
page's ``data-card``. Actions are written in notation (``meld bezique QS JD``) with their
`bezique.encoding` id.

At three and four seats (docs/rules.md#more-seats) a bot sits in every other seat: the table
lists every seat under ``seats`` (also at two seats), with where it sits seen from the person,
whether it is the person's partner, and what the person sees of it; the game totals are per
team (``teams``). The keys about the one bot (``opponent_hand``, ``tables.bot``,
``melds.bot``) are there at two seats only.

>>> import bezique
>>> from bezique.game import Game
>>> game = Game(bezique.load_profile("bezique"), seed=7)
>>> deal = game.new_deal()
>>> seen = table_view(game, seat=deal.to_move)
>>> seen["your_turn"], len(seen["hand"]), seen["stock"]
(True, 8, 48)
>>> sorted({a["kind"] for a in seen["legal"]})
['play']
"""

from __future__ import annotations

from typing import Any

from bezique.actions import (
    Action,
    Announce,
    CallOut,
    CarteBlanche,
    DixExchange,
    DixShow,
    Done,
    Draw,
    Meld,
    Pass,
    Play,
)
from bezique.cards import SUIT_NAMES, card_name, kind
from bezique.deal import Deal
from bezique.encoding import encoding
from bezique.events import Event
from bezique.game import Game
from bezique.observation import mask_event
from bezique.view.narrate import (
    breakdown,
    joker_words,
    name_players,
    seat_names,
    settlement_lines,
)
from bezique.view.render import Seat, meld_names, status, view

__all__ = ["NAMES", "action_json", "card_code", "event_text", "table_view"]

NAMES = ("You", "Bot")
"""How the page names the seats at two seats: the human first (at more seats the bots keep
the names of `bezique.view.narrate.NAMES`: `bezique.view.narrate.seat_names`)."""

_KINDS: dict[type, str] = {
    Play: "play", Meld: "meld", Announce: "announce", DixShow: "dix_show",
    DixExchange: "dix_exchange", Draw: "draw", Pass: "pass", Done: "done", CallOut: "call_out",
    CarteBlanche: "carte_blanche",
}


def card_code(card: int) -> str:
    """A physical card's code: its notation with the copy letter (``QSa``, ``10Hb``)."""
    return card_name(card, copies=True)


def event_text(event: Event, seat: int, players: int = 2) -> str:
    """One event as the human in ``seat`` of ``players`` sees it (the bots' private draws
    masked), players named."""
    return name_players(str(mask_event(event, seat)), seat_names(players, seat))


def _points(deal: Deal, action: Action, player: int) -> int:
    """The points ``action`` scores for ``player`` at once (applied to a copy)."""
    events = deal.clone().apply(action)
    return sum(e.points for e in events if e.kind == "score" and e.player == player)


def action_json(deal: Deal, action: Action, player: int) -> dict[str, Any]:
    """A legal action of ``player``: notation, encoding id, kind, cards; for a declaration its
    meld name and points (an announcement: the points it scores on a later win), and a label
    for its button."""
    kind_name = _KINDS[type(action)]
    out: dict[str, Any] = {"id": encoding(deal.rules).id_of(action), "notation": str(action),
                           "kind": kind_name, "cards": [], "label": str(action)}
    if isinstance(action, Play | DixShow | DixExchange):
        out["cards"] = [card_code(action.card)]
    if isinstance(action, Meld | Announce):
        out["cards"] = [card_code(c) for c in action.cards]
        out["name"] = action.name
    if isinstance(action, Announce):
        out["points"] = deal.rules.melds.values.get(action.name, 0)
    elif isinstance(action, Meld | DixShow | DixExchange | CarteBlanche):
        out["points"] = _points(deal, action, player)
    if "points" in out:
        out["label"] = f"{action} ({out['points']} points)"
    if isinstance(action, Meld | Announce):
        jokers = joker_words(deal.rules, action.name, action.cards, deal.trump)
        if jokers:  # what each joker stands for: "(40 points; joker as a jack)"
            out["label"] = out["label"][:-1] + f"; {jokers})"
    elif isinstance(action, Pass):
        out["label"] = "pass to your partner"
    return out


def _cards(cards: tuple[int, ...], plays: dict[tuple[int, bool], str], on_table: bool,
           exact: dict[int, str]) -> list[dict[str, Any]]:
    """Cards with the play action a click on each means (None: not playable now). A copy
    that `legal_actions` does not list is interchangeable with the listed one of its kind in
    the same place (ruling R10), so it plays that."""
    return [{"card": card_code(c),
             "action": exact.get(c) or plays.get((kind(c), on_table))} for c in cards]


def table_view(game: Game, seat: int, *, can_undo: bool = False) -> dict[str, Any]:
    """The table as the human in ``seat`` sees it: hand, every table, the trick (or the last
    one), turn-up, stock, trumps, scores, game totals and target, whose turn, the legal
    actions (empty when it is not the human's turn), every seat (``seats``), and once the deal
    is over its end count; once the game is over its result."""
    deal = game.deal
    if deal is None:
        raise ValueError("table_view: the game has no deal yet")
    rules = game.rules
    obs = deal.observation(seat)
    v = view(deal, seat)
    *others, near = v.seats
    far = others[0] if rules.players == 2 else None  # the bot, at two seats
    names = seat_names(rules.players, seat)
    legal = [action_json(deal, a, seat) for a in obs.legal_actions()]
    exact: dict[int, str] = {}
    plays: dict[tuple[int, bool], str] = {}
    table_bits = obs.tables[seat].bits
    for a in obs.legal_actions():
        if isinstance(a, Play):
            exact[a.card] = str(a)
            plays.setdefault((kind(a.card), bool(table_bits >> a.card & 1)), str(a))
    settled = game.deals and game.deals[-1] is deal
    result = game.result
    return {
        "profile": rules.name,
        "description": rules.description,
        "seat": seat,
        "names": list(names),
        "deal_number": len(game.deals) + (0 if settled else 1),
        "dealer": obs.dealer,
        "phase": obs.phase,
        "to_move": obs.to_move,
        "your_turn": obs.to_move == seat,
        "status": name_players(status(v), names),
        "trump": None if obs.trump is None else SUIT_NAMES[obs.trump],
        "turn_up": None if obs.turn_up is None else card_code(obs.turn_up),
        "stock": obs.stock_size,
        "end_phase": obs.in_end_phase,
        "hand": _cards(near.hand, plays, False, exact),
        **({} if far is None else {"opponent_hand": {
            "known": [card_code(c) for c in far.hand], "hidden": far.hidden}}),
        "tables": {"you": _cards(near.table, plays, True, exact),
                   **({} if far is None else {"bot": _cards(far.table, {}, True, {})})},
        "melds": {"you": meld_names(near.melds),
                  **({} if far is None else {"bot": meld_names(far.melds)})},
        "trick": [card_code(c) for c in obs.trick],
        "trick_leader": obs.leader if obs.trick else None,
        "last_trick": None if v.last_trick is None else {
            "winner": v.last_trick[0], "cards": [card_code(c) for c in v.last_trick[1]]},
        "scores": list(obs.scores),
        "won": [len(won) for won in obs.captured],
        "brisques": list(obs.brisques),
        "totals": list(game.totals),
        "target": game.target,
        "legal": legal,
        "deal_over": deal.is_over,
        "end_count": _end_count(game, deal, names) if settled else None,
        "game_over": result is not None,
        "result": None if result is None else name_players(result.describe(), names),
        "can_undo": can_undo,
        "players": rules.players,
        "teams": [list(team) for team in rules.teams],
        "seats": sorted((_seat_json(s, names, seat, plays, exact) for s in v.seats),
                        key=lambda s: int(s["player"])),
    }


def _seat_json(s: Seat, names: tuple[str, ...], you: int, plays: dict[tuple[int, bool], str],
               exact: dict[int, str]) -> dict[str, Any]:
    """One seat as the person in seat ``you`` sees it: its name, where it sits (``near``, and
    ``far`` at two seats, else ``left``, ``across``, ``right``), whether it is the person or
    a partner, the cards of its hand shown face up (``known``: the person's whole hand, or
    what the others have shown) and how many more lie face down, its table (the person's with
    the play a click means), declarations, deal points, cards won and brisques."""
    mine = s.player == you
    return {
        "player": s.player, "name": names[s.player], "you": mine,
        "place": s.place or ("near" if mine else "far"),
        "partner": you in s.partners,
        "known": [card_code(c) for c in s.hand], "hidden": s.hidden,
        "table": _cards(s.table, plays if mine else {}, True, exact if mine else {}),
        "melds": meld_names(s.melds), "score": s.score, "won": s.won, "brisques": s.brisques,
    }


def _end_count(game: Game, deal: Deal, names: tuple[str, ...]) -> list[str]:
    """The finished deal's points by reason and its settlement, as lines."""
    lines = breakdown(deal, names) + settlement_lines(game.settlements[-1], names)
    return [line.strip() for line in lines]
