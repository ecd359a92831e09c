"""The rule sheet's lines for the seat keys (docs/rules.md#more-seats): shown only where a seat
key is off its two-seat default, so that every two-seat sheet reads as before the keys existed.
"""

from __future__ import annotations

from bezique.rules.model import EndgameRules, Rules, SeatRules

Lines = list[tuple[str, tuple[str, ...]]]
"""Rule lines, each with the TOML keys it comes from (as `bezique.rulesheet.model` builds)."""

_COUNTS = {2: "Two", 3: "Three", 4: "Four"}


def _yes(flag: bool, yes: str, no: str) -> str:
    return yes if flag else no


def two_seats(rules: Rules) -> bool:
    """Whether every seat key holds its two-seat default (the sheet then says nothing of
    them, as before the keys existed)."""
    return rules.seats == SeatRules()


def partners(rules: Rules) -> bool:
    """Whether a team has more than one seat."""
    return any(len(team) > 1 for team in rules.teams)


def seat_lines(rules: Rules, size: int, cards: str, keys: tuple[str, ...], how: str) -> Lines:
    """The deal's opening lines at other than the two default seats: ``cards`` says what the
    pack of ``size`` cards is, from the pack keys ``keys``."""
    n, hand = rules.players, rules.deal.hand_size
    seats = "P0 and P1" if n == 2 else f"P0 to P{n - 1}"
    passes = _yes(rules.seats.direction == "clockwise", "to the left (clockwise)",
                  "to the right (counter-clockwise)")
    lines: Lines = [
        (f"{_COUNTS.get(n, str(n))} players, {seats}, numbered in playing order; play "
         f"and the deal pass {passes}. {cards}", ("seats.players", "seats.direction", *keys)),
        (f"Each player is dealt {hand} cards, {how}, the seat after the dealer first; the "
         f"other {size - n * hand} cards form the stock.",
         ("deal.hand_size", "deal.packets", "seats.players")),
    ]
    if partners(rules):
        sides = " against ".join(" and ".join(f"P{seat}" for seat in team)
                                 for team in rules.teams)
        lines.append((f"Partnerships: {sides}; a side's total is the sum of its players' "
                      "points.", ("seats.teams",)))
    else:
        lines.append(("Every player plays for himself.", ("seats.teams",)))
    return lines


def partnership_lines(rules: Rules) -> Lines:
    """Who declares for a side, and what partners' cards may do together."""
    pr = rules.partnership
    declarer = {
        "winner_or_pass": "The trick's winner declares, or passes the turn to his partner; "
                          "if the partner cannot declare, neither may.",
        "winner_or_partner": "The trick's winner or his partner declares; a partner who "
                             "declines hands the turn back to the winner.",
        "winner_only": "Only the trick's winner declares; he cannot pass to his partner.",
    }[pr.declarer]
    return [
        (declarer, ("partnership.declarer",)),
        (_yes(pr.consult, "The winner sees whether his partner could declare.",
              "Partners may not consult on who declares."), ("partnership.consult",)),
        (_yes(pr.combine_table_cards,
              "A player may add cards from his hand to his partner's declarations still on "
              "the table, within what the partner could declare.",
              "Each partner declares only with his own cards."),
         ("partnership.combine_table_cards",)),
        (_yes(pr.bezique_from_either,
              "A double or triple bezique may take its cards from both partners.",
              "A double or triple bezique counts only with all its cards from one hand."),
         ("partnership.bezique_from_either",)),
    ]


def more_seat_duties(rules: Rules) -> Lines:
    """How the end-phase duty reads at more seats: lines only where a key is not at its
    default or more than two play (at two seats every value plays alike)."""
    e, plain = rules.endgame, EndgameRules()
    shown = rules.players > 2
    lines: Lines = []
    if shown or e.format != plain.format:
        lines.append((_yes(e.format == "full_table",
                           "The end phase is played by all at one table.",
                           "The end phase is two duels: the winner of the last stock trick "
                           "against the next seat, then the other two."), ("endgame.format",)))
    if shown or e.beat != plain.beat:
        lines.append((_yes(e.beat == "current_winner",
                           "To win means to beat the card now winning the trick.",
                           "To win means to beat the card led."), ("endgame.beat",)))
    if shown or e.trump_when_void != plain.trump_when_void:
        lines.append(({
            "only_if_winning": "A player void in the suit led trumps only with a trump that "
                               "would win; otherwise any card.",
            "must_overtrump": "A player void in the suit led must trump, over-trumping if able.",
            "any_trump": "A player void in the suit led must trump, with any trump.",
        }[e.trump_when_void], ("endgame.trump_when_void",)))
    if partners(rules) or e.beat_partner != plain.beat_partner:
        lines.append((_yes(e.beat_partner, "A partner's winning card must be beaten too.",
                           "A partner's winning card need not be beaten."),
                      ("endgame.beat_partner",)))
    return lines


def draw_at_seats(rules: Rules) -> str:
    """How the stock is drawn at other than the two default seats."""
    text = "Each trick's winner draws first from the stock, then the others in playing order"
    if rules.trump.selection.startswith("first_marriage"):
        return text + "."
    return text + "; the last card drawn is the turn-up, by the seat before the winner."
