"""The invariants of N-seat deals (docs/rules.md#more-seats, N1 to N12) as checks, and the
seat-aware readings that `bezique.check.invariants` shares with them (who may declare after a
trick, what the end phase forbids, when a deal ended early, when every dix must score).

Each invariant is a function that raises `InvariantError` with its name (``"N3"``) and the
evidence, re-derived from the profile and the event history rather than from the engine's
tables: `check_seats` runs those that hold in every state, `check_seat_deal` those of a finished
deal, `check_game` those of a whole game. `bezique.check.invariants.check` and ``check_playout``
run them at more than two seats; they hold at two seats too. `PENDING` names any part not
checked yet, with its reason (none now).

>>> import bezique
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=1)
>>> while not deal.is_over:
...     _ = deal.apply(deal.legal_actions()[0])
>>> check_seats(deal); check_seat_deal(deal)
>>> sorted(PENDING)
[]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from bezique.actions import Action, Play
from bezique.cards import SUIT_NAMES, is_joker, iter_bits
from bezique.check.failure import InvariantError
from bezique.check.failure import cards_text as _cards
from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.events import Event
from bezique.game import Game
from bezique.rules import Rules
from bezique.start import turn_up_trump

__all__ = [
    "CHECKED", "GAME_CHECKED", "PENDING", "check_game", "check_seat_deal", "check_seats",
    "conservation", "dealt_shape", "declarations", "declarers", "dix", "dix_scores_every_dix",
    "draws", "ended_early", "follow_violations", "holdings", "information",
    "one_seat_beziques", "opponents_cards", "rotation", "shapes", "team", "team_totals",
    "trick_count", "trick_points", "trick_winner", "tricks", "tricks_a_deal",
]

CHECKED = ("N1", "N2", "N3", "N4", "N5", "N6", "N7", "N8", "N9", "N11", "N12")
"""The invariants `check_seats` and `check_seat_deal` check on a deal."""
GAME_CHECKED = ("N9", "N10", "N12")
"""The invariants `check_game` checks on a whole game (N9: the team totals)."""

PENDING: Mapping[str, str] = {}
"""The parts of N1 to N12 not checked yet, each with its reason: none."""


# ---------------------------------------------------------------------- shared readings


def team(rules: Rules, seat: int | None) -> int:
    """The index in `Rules.teams` of the team ``seat`` plays for (-1 for None)."""
    return -1 if seat is None else rules.team_of[seat]


def declarers(rules: Rules, winner: int | None) -> tuple[int, ...]:
    """The seats that may declare after a trick ``winner`` won: the winner, and his partners
    unless ``partnership.declarer = "winner_only"`` (docs/rules.md#dm8)."""
    if winner is None:
        return ()
    if rules.partnership.declarer == "winner_only":
        return (winner,)
    return rules.teams[team(rules, winner)]


def ended_early(deal: Deal) -> bool:
    """Whether the deal stopped before its last trick (call-out, target reached, forfeit)."""
    return any(
        e.kind in ("call_out", "forfeit") or (e.kind == "over" and e.reason == "target reached")
        for e in deal.events
    )


def dix_scores_every_dix(rules: Rules) -> bool:
    """Whether every trump dix must score exactly once in a finished deal (R4: the turn-up
    decides trumps, the dix scores when first played in any phase, ``dix.value`` > 0)."""
    d = rules.dix
    return (d.value > 0 and d.score_on_play and d.score_on_play_in_endgame
            and d.only_method != "exchange_only" and rules.trump.selection.startswith("turn_up")
            and d.rank in rules.pack.ranks)


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """The index of the card winning a trick (cards in playing order; ``trump`` -1 when not
    fixed), as docs/rules.md#more-seats states it: a later card takes the lead only with a
    higher card of the suit of the card winning so far, or a trump on a non-trump; of identical
    cards the first played wins."""
    best = 0
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        higher = card >> 6 == top >> 6 and (card >> 3 & 7) < (top >> 3 & 7)
        if higher or (card >> 6 == trump and top >> 6 != trump):
            best = i
    return best


def follow_violations(deal: Deal, held: list[int]) -> list[tuple[Action | str, str]]:
    """End-phase plays the profile forbids the seat to move, holding ``held``: leaving the
    suit led while holding it; not trumping when void (but for ``follow_only``); not heading
    the trick when able (``follow_and_win``; a trump lead under
    ``follow_trump_beat_trump_lead``). At more than two seats "heading" is read as
    ``endgame.beat``, ``trump_when_void`` and ``beat_partner`` say (docs/rules.md#dm5 to #dm7).
    A joker follows no suit, and after a led joker there is no suit to follow
    (docs/rules.md#joker); under ``jokers.endgame_play = "last_resort"`` a joker is played only
    from a hand of nothing but jokers.
    """
    out = _joker_violations(deal, held)
    if deal.rules.players > 2:
        return out + _follow_violations_n(deal, held)
    lead = deal.trick[0]
    suit, rank = lead >> 6, lead >> 3 & 7
    trump = deal.trump
    obligation = deal.rules.endgame.obligation
    same = [] if is_joker(lead) else [c for c in held if c >> 6 == suit and not is_joker(c)]
    if same:
        out += [(Play(c), "the end phase obliges following suit")
                for c in held if c >> 6 != suit][:2]
        must_win = obligation == "follow_and_win" or (
            obligation == "follow_trump_beat_trump_lead" and suit == trump)
        if must_win and any((c >> 3 & 7) < rank for c in same):
            out += [(Play(c), "the end phase obliges heading the trick")
                    for c in same if (c >> 3 & 7) >= rank][:2]
    elif obligation != "follow_only" and trump is not None and any(
            c >> 6 == trump for c in held):
        out += [(Play(c), "the end phase obliges trumping when void")
                for c in held if c >> 6 != trump][:2]
    return out


def _joker_violations(deal: Deal, held: list[int]) -> list[tuple[Action | str, str]]:
    """A joker played from a hand holding other cards, under ``jokers.endgame_play =
    "last_resort"``."""
    rules = deal.rules
    if not rules.pack.jokers or rules.jokers.endgame_play != "last_resort" or all(
            map(is_joker, held)):
        return []
    out: list[tuple[Action | str, str]] = [
        (Play(c), "jokers.endgame_play = 'last_resort' keeps a joker for last")
        for c in held if is_joker(c)]
    return out[:1]


def _follow_violations_n(deal: Deal, held: list[int]) -> list[tuple[Action | str, str]]:
    rules, trick = deal.rules, deal.trick
    e = rules.endgame
    lead, trump = trick[0], -1 if deal.trump is None else int(deal.trump)
    best = trick_winner(trick, trump)
    top_seat = (deal.leader + best) % rules.players
    owes = e.beat_partner or team(rules, top_seat) != team(rules, deal.to_move)
    target = trick[best] if e.beat == "current_winner" else lead

    def beats(card: int) -> bool:
        return trick_winner([target, card], trump) == 1

    out: list[tuple[Action | str, str]] = []
    same = [] if is_joker(lead) else [
        c for c in held if c >> 6 == lead >> 6 and not is_joker(c)]
    if same:
        out += [(Play(c), "the end phase obliges following suit")
                for c in held if c >> 6 != lead >> 6][:2]
        must_win = e.obligation == "follow_and_win" or (
            e.obligation == "follow_trump_beat_trump_lead" and lead >> 6 == trump)
        if must_win and owes and any(map(beats, same)):
            out += [(Play(c), "the end phase obliges taking the lead (endgame.beat)")
                    for c in same if not beats(c)][:2]
        return out
    trumps = [c for c in held if c >> 6 == trump]
    if e.obligation == "follow_only" or not trumps or not owes:
        return out
    overs = [c for c in trumps if beats(c)]
    if e.trump_when_void == "any_trump" or e.obligation == "follow_trump_beat_trump_lead":
        allowed = trumps
    elif overs:
        allowed = overs
    else:
        allowed = trumps if e.trump_when_void == "must_overtrump" else held
    return out + [(Play(c), f"endgame.trump_when_void = {e.trump_when_void!r} when void")
                  for c in held if c not in allowed][:2]


# ---------------------------------------------------------------------- the history


class _Round(NamedTuple):
    """A completed trick: its leader and plays, its winner, the trumps when it was played,
    whether it was an end-phase trick, and what followed until the next lead."""

    leader: int
    plays: list[tuple[int, int]]
    winner: int
    cards: tuple[int, ...]
    trump: int
    end_phase: bool
    draws: list[Event]
    melds: list[Event]


def _history(deal: Deal) -> tuple[list[_Round], list[tuple[int, int]]]:
    """The completed tricks of ``deal`` from its events, and the plays of the trick now on the
    table."""
    origin = deal.origin
    trump = (int(origin.trump) if origin.trump is not None
             else -1 if origin.turn_up is None
             else turn_up_trump(compile_rules(deal.rules), origin.turn_up))
    end = not origin.stock and origin.turn_up is None
    leader = origin.leader
    rounds: list[_Round] = []
    plays: list[tuple[int, int]] = []
    for e in deal.events:
        if e.kind == "trump":
            trump = SUIT_NAMES.index(e.reason)
        elif e.kind == "end_phase":
            end = True
        elif e.kind == "play":
            plays.append((e.player if e.player is not None else -1, e.cards[0]))
        elif e.kind == "trick" and e.player is not None:
            rounds.append(_Round(leader, plays, e.player, tuple(e.cards), trump, end, [], []))
            leader, plays = e.player, []
        elif e.kind == "draw" and rounds:
            rounds[-1].draws.append(e)
        elif e.kind == "meld" and rounds:
            rounds[-1].melds.append(e)
    return rounds, plays


def _pack_size(rules: Rules) -> int:
    """P: four suits of ``pack.ranks`` in ``pack.copies`` packs, and ``pack.jokers``."""
    return 4 * len(rules.pack.ranks) * rules.pack.copies + rules.pack.jokers


# ---------------------------------------------------------------------- N1 to N12 on a deal


def conservation(deal: Deal, *, dealt: bool = True) -> None:
    """N1. Every physical card of the 4 × len(``pack.ranks``) × ``pack.copies`` (and the
    ``pack.jokers``) is in exactly
    one place: a hand, a seat's table, the stock (the turn-up included), the trick, a captured
    pile or the heap (``dealt=False``: no card twice; a stacked position places fewer)."""
    seats = range(deal.rules.players)
    sets = [place(p).bits for p in seats for place in (deal.hand, deal.table, deal.captured)]
    sets.append(deal.heap.bits)
    cards = [*deal.trick, *deal.stock, *(() if deal.turn_up is None else (deal.turn_up,))]
    union = 0
    for bits in sets:
        union |= bits
    for card in cards:
        union |= 1 << card
    count = sum(bits.bit_count() for bits in sets) + len(cards)
    size = _pack_size(deal.rules)
    if count != union.bit_count():
        raise InvariantError("N1", f"{count - union.bit_count()} card(s) in two places")
    if dealt and count != size:
        raise InvariantError("N1", f"{count} cards in play, not the pack's {size} "
                                   f"(4 suits x {len(deal.rules.pack.ranks)} ranks x "
                                   f"{deal.rules.pack.copies} packs + "
                                   f"{deal.rules.pack.jokers} jokers)")


def dealt_shape(deal: Deal) -> None:
    """N2. As dealt, each hand holds ``deal.hand_size`` cards and the stock (the turn-up
    included) P − N·h cards, a multiple of N (a deal of `Deal.new`)."""
    origin, rules = deal.origin, deal.rules
    n, h = rules.players, rules.deal.hand_size
    sizes = [len(hand) for hand in origin.hands]
    if sizes != [h] * n:
        raise InvariantError("N2", f"hands of {sizes} cards dealt, not {n} of {h}")
    stock = len(origin.stock) + (origin.turn_up is not None)
    if stock != _pack_size(rules) - n * h or stock % n:
        raise InvariantError("N2", f"a stock of {stock} cards dealt at {n} seats, not "
                                   f"{_pack_size(rules)} - {n} x {h}")


def _orders(deal: Deal, rounds: list[_Round]) -> tuple[list[list[int]], list[int]]:
    """The playing order each trick of ``rounds`` was owed, and that of the trick now on the
    table, as docs/rules.md#more-seats states it: every seat in playing order from the leader,
    the winner of a trick leading the next. In an end phase of two duels
    (``endgame.format = "pairwise_duels"``, EB9-643) the winner of the last stock trick and the
    next seat play two-card tricks until either is out of cards, then the other two, the first
    of them leading (a documented default)."""
    rules = deal.rules
    n = rules.players
    duels = rules.endgame.format == "pairwise_duels"
    held = [len(h) for h in deal.origin.hands]  # each seat's cards, hand and table
    leader, pair = deal.origin.leader, -1  # pair: the first seat of the duel, -1 outside one

    def order(end_phase: bool) -> list[int]:
        nonlocal pair
        if not (duels and end_phase):
            return [(leader + k) % n for k in range(n)]
        if pair < 0:
            pair = leader
        return [leader, (pair + 1) % n if leader == pair else pair]

    orders = []
    for r in rounds:
        orders.append(order(r.end_phase))
        for p, _ in r.plays:
            held[p] -= 1
        for e in r.draws:
            held[e.player if e.player is not None else 0] += 1
        leader = r.winner
        if pair >= 0 and not (held[pair] and held[(pair + 1) % n]):
            second = (pair + 2) % n
            if held[second] and held[(second + 1) % n]:
                pair = leader = second
    return orders, order(deal.in_end_phase)


def tricks(deal: Deal) -> None:
    """N3. Every trick has N cards (two in a duel of ``endgame.format = "pairwise_duels"``),
    played in playing order from its leader; it is won by the first of its highest cards; the
    winner leads the next (but for the first trick of the second duel, led by its first seat)."""
    rounds, now = _history(deal)
    orders, next_order = _orders(deal, rounds)
    for i, (r, order) in enumerate(zip(rounds, orders, strict=True), 1):
        seats = [p for p, _ in r.plays]
        if len(r.cards) != len(order) or seats != order:
            raise InvariantError("N3", f"trick {i} has {len(r.cards)} cards played by "
                                       f"{seats}, not {len(order)} played by {order}",
                                 evidence=_cards(r.cards))
        if tuple(c for _, c in r.plays) != r.cards:
            raise InvariantError("N3", f"trick {i} holds other cards than were played",
                                 evidence=f"{_cards(r.cards)} for {_cards(c for _, c in r.plays)}")
        won = order[trick_winner(r.cards, r.trump)]
        if r.winner != won:
            raise InvariantError("N3", f"trick {i} went to P{r.winner}, but P{won} played the "
                                       "first of its highest cards", evidence=_cards(r.cards))
    if [p for p, _ in now] != next_order[:len(now)]:
        raise InvariantError("N3", f"the trick on the table is played by {[p for p, _ in now]}"
                                   f", not in the order {next_order}")


def draws(deal: Deal) -> None:
    """N4. After each stock-phase trick every seat draws one card, the winner first, then in
    playing order, the turn-up last (the winner's, under ``last_stock.winner_chooses``)."""
    rules = deal.rules
    n = rules.players
    rounds, _ = _history(deal)
    for i, r in enumerate(rounds, 1):
        if r.end_phase:
            if r.draws:
                raise InvariantError("N4", f"a draw after trick {i}, in the end phase")
            continue
        if i == len(rounds):
            return  # the winner may still be declaring
        seats = [e.player for e in r.draws]
        if seats != [(r.winner + k) % n for k in range(n)]:
            raise InvariantError("N4", f"after trick {i}, won by P{r.winner}, the draws were "
                                       f"by {seats}")
        up = [k for k, e in enumerate(r.draws) if e.reason == "turn_up"]
        last = {n - 1, 0} if rules.last_stock.winner_chooses else {n - 1}
        if up and (len(up) > 1 or up[0] not in last):
            raise InvariantError("N4", f"the turn-up was draw {up[0] + 1} of {n} after trick "
                                       f"{i}, not the last")


def holdings(deal: Deal) -> None:
    """N4. At each stock-phase lead every seat holds (hand + table) as many cards as every
    other."""
    if deal.phase != "lead" or deal.in_end_phase or deal.trick:
        return
    held = [len(deal.hand(p)) + len(deal.table(p)) for p in range(deal.rules.players)]
    if len(set(held)) > 1:
        raise InvariantError("N4", f"at a stock-phase lead the seats hold {held} cards")


def tricks_a_deal(rules: Rules) -> tuple[int, int]:
    """N5. The stock tricks and the end tricks of a deal of ``rules`` as dealt: (P − N·h) / N
    and h, or 2h in an end phase of two duels (``endgame.format = "pairwise_duels"``: each
    seat's h cards in two-card tricks)."""
    n, h = rules.players, rules.deal.hand_size
    end = 2 * h if rules.endgame.format == "pairwise_duels" else h
    return (_pack_size(rules) - n * h) // n, end


def trick_count(deal: Deal) -> None:
    """N5. A finished deal (not ended early) has (P − N·h) / N stock tricks and h end tricks,
    P / N in all (`tricks_a_deal`: 2h end tricks in two duels)."""
    if not deal.is_over or ended_early(deal):
        return
    rounds, _ = _history(deal)
    stock = sum(not r.end_phase for r in rounds)
    expected = tricks_a_deal(deal.rules)
    if (stock, len(rounds) - stock) != expected:
        raise InvariantError("N5", f"{stock} stock tricks and {len(rounds) - stock} end "
                                   f"tricks, not {expected[0]} and {expected[1]}")


def trick_points(deal: Deal) -> None:
    """N6. Where every brisque counts (``trick_points.scheme = "brisques"`` counted always,
    every trick gathered, no French condition), a finished deal credits 10 a brisque of the
    pack plus ``last_trick.value``: 250 at three seats, 330 at four."""
    rules = deal.rules
    b = rules.brisques
    if not (deal.is_over and not ended_early(deal) and rules.trick_points.scheme == "brisques"
            and rules.trick_points.rounding == "none" and b.counted == "always"
            and not b.min_for(rules.players) and not b.min_board_score_to_count
            and rules.tricks.gather == "always" and not rules.tricks.before_trump_worthless):
        return
    brisques = 4 * rules.pack.copies * len({"A", "10"} & set(rules.pack.ranks))
    expected = 10 * brisques + rules.last_trick.value
    got = sum(e.points for e in deal.events
              if e.kind == "score" and e.reason in ("brisques", "last_trick"))
    if got != expected:
        raise InvariantError("N6", f"trick points {got}, not 10 x {brisques} brisques + "
                                   f"{rules.last_trick.value} for the last trick")


def declarations(deal: Deal) -> None:
    """N7. At most ``melds.per_trick`` scoring declarations per trick won (for the side), by
    its winner or, where ``partnership.declarer`` allows, his partner; none in the end
    phase."""
    rules = deal.rules
    rounds, _ = _history(deal)
    for i, r in enumerate(rounds, 1):
        if r.melds and r.end_phase:
            raise InvariantError("N7", f"a declaration after trick {i}, in the end phase")
        allowed = declarers(rules, r.winner)
        wrong = [e.player for e in r.melds if e.player not in allowed]
        if wrong or len(r.melds) > rules.melds.per_trick:
            raise InvariantError("N7", f"{len(r.melds)} declaration(s) after trick {i}, won by "
                                       f"P{r.winner}, by {[e.player for e in r.melds]} (may "
                                       f"declare: {list(allowed)}, melds.per_trick = "
                                       f"{rules.melds.per_trick})")
    events = deal.events
    first = next((i for i, e in enumerate(events) if e.kind == "trick"), len(events))
    if any(e.kind == "meld" for e in events[:first]):
        raise InvariantError("N7", "a declaration before any trick was won")


def dix(deal: Deal) -> None:
    """N8. At most ``dix.value`` × ``pack.copies`` dix points a deal; exactly that in a
    finished deal where every dix scores (R4: 30 at three seats, 40 at four in `bezique`)."""
    rules = deal.rules
    total = sum(e.points for e in deal.events if e.kind == "score" and e.reason == "dix")
    most = rules.dix.value * rules.pack.copies
    if total > most or (total != most and deal.is_over and not ended_early(deal)
                        and dix_scores_every_dix(rules)):
        raise InvariantError("N8", f"{total} dix points, {'more than' if total > most else 'not'}"
                                   f" {rules.dix.value} x {rules.pack.copies} packs")


def opponents_cards(deal: Deal) -> None:
    """N9 (in part). No declaration holds a card that lies in an opponent's hand or on his
    table."""
    rules = deal.rules
    for d in deal.declarations:
        side = team(rules, d.owner)
        for p in range(rules.players):
            if team(rules, p) != side:
                theirs = d.cards & (deal.hand(p).bits | deal.table(p).bits)
                if theirs:
                    raise InvariantError("N9", f"a declaration of P{d.owner} holds P{p}'s "
                                               f"{_cards(iter_bits(theirs))}")


def one_seat_beziques(deal: Deal) -> None:
    """N9 (multiple beziques). Unless ``partnership.bezique_from_either``, an intact double,
    triple or quadruple bezique lies on its declarer's own table: none of its cards on a
    partner's (docs/rules.md#dm11)."""
    rules = deal.rules
    if rules.partnership.bezique_from_either:
        return
    multiple = {t.index for t in compile_rules(rules).melds if t.is_multiple_bezique}
    for d in deal.declarations:
        if d.template not in multiple or not d.intact:
            continue
        for p in range(rules.players):
            if p != d.owner and d.cards & deal.table(p).bits:
                raise InvariantError("N9", f"a multiple bezique of P{d.owner} holds P{p}'s "
                                           f"{_cards(iter_bits(d.cards & deal.table(p).bits))}")


def information(deal: Deal, rng: random.Random | None = None) -> None:
    """N11. ``observation(p)`` shows seat ``p`` its own hand, of every other seat (a
    partner's included) only the concealed cards all have seen, and as unseen exactly the
    others' other concealed cards and the stock; a world dealt from what ``p`` cannot see
    (`Deal.determinize`) gives ``p`` the same observation."""
    rules = deal.rules
    stock = 0
    for card in deal.stock:
        stock |= 1 << int(card)
    for p in range(rules.players):
        seen = deal.observation(p)
        hidden = stock
        for s in range(rules.players):
            hand = deal.hand(s).bits
            shown = seen.known[s].bits
            if s == p:
                if seen.hand.bits != hand or shown != hand:
                    raise InvariantError("N11", f"P{p} does not see its own hand as it is")
                continue
            if shown != deal.known(s).bits:
                raise InvariantError("N11", f"P{p} sees {_cards(iter_bits(shown))} of P{s}'s "
                                            "concealed cards, not the ones shown to all")
            hidden |= hand & ~shown
        if seen.unseen.bits != hidden:
            raise InvariantError("N11", f"P{p}'s unseen cards are not the others' concealed "
                                        "cards and the stock")
        if rng is not None and deal.determinize(p, rng).observation(p) != seen:
            raise InvariantError("N11", f"a world dealt from what P{p} cannot see changes "
                                        f"what P{p} sees")


def team_totals(game: Game) -> None:
    """N9 (the game). In a game to a target, each deal adds to a team's total exactly what
    its seats scored (`Settlement.seat_points`)."""
    if game.rules.game.single_deal:
        return
    teams = game.rules.teams
    before = (0,) * len(teams)
    for i, settled in enumerate(game.settlements, 1):
        if settled.seat_points:
            gained = tuple(sum(settled.seat_points[s] for s in t) for t in teams)
            expected = tuple(b + g for b, g in zip(before, gained, strict=True))
            if settled.totals != expected and settled.kind != "call_out":
                raise InvariantError("N9", f"deal {i}: totals {settled.totals}, but the "
                                           f"totals before {before} and the seats' points "
                                           f"{settled.seat_points} make {expected}")
        before = settled.totals


def shapes(deal: Deal) -> None:
    """N12. ``Deal.scores`` and ``Deal.brisques`` have one entry per seat, ``Deal.totals`` one
    per team."""
    rules = deal.rules
    n, t = rules.players, len(rules.teams)
    got = (len(deal.scores), len(deal.brisques), len(deal.totals))
    if got != (n, n, t):
        raise InvariantError("N12", f"scores, brisques and totals of {got} entries at {n} "
                                    f"seats in {t} teams")


def check_seats(deal: Deal, *, dealt: bool = True) -> None:
    """The N-seat invariants that hold in every state: N1, N2 (as dealt), N3, N4, N7, N8 (the
    bound), N9 (no opponent's card; multiple beziques from one seat), N11 (with a world
    seeded by the number of actions) and N12. ``dealt=False`` for a `Deal.from_position`
    set-up."""
    conservation(deal, dealt=dealt)
    if dealt:
        dealt_shape(deal)
        holdings(deal)
        draws(deal)
    tricks(deal)
    declarations(deal)
    dix(deal)
    opponents_cards(deal)
    one_seat_beziques(deal)
    information(deal, random.Random(len(deal.actions)))
    shapes(deal)


def check_seat_deal(deal: Deal, *, dealt: bool = True) -> None:
    """`check_seats`, and for a finished deal N5 (the trick count), N6 (the trick points) and
    N8 (every dix scored)."""
    check_seats(deal, dealt=dealt)
    if dealt:
        trick_count(deal)
    trick_points(deal)


# ---------------------------------------------------------------------- a whole game


def rotation(game: Game) -> None:
    """N10. Under ``deal.rotation = "alternate"`` the dealer of each deal is the seat after
    the last one's; every deal's first lead is the seat after its dealer."""
    rules = game.rules
    n = rules.players
    deals = list(game.deals)
    if game.deal is not None and not any(d is game.deal for d in deals):
        deals.append(game.deal)
    for i, deal in enumerate(deals):
        if deal.origin.leader != (deal.dealer + 1) % n:
            raise InvariantError("N10", f"deal {i + 1}, dealt by P{deal.dealer}, is led by "
                                        f"P{deal.origin.leader}")
        if i and rules.deal.rotation == "alternate" and \
                deal.dealer != (deals[i - 1].dealer + 1) % n:
            raise InvariantError("N10", f"deal {i + 1} dealt by P{deal.dealer} after "
                                        f"P{deals[i - 1].dealer}")


def check_game(game: Game) -> None:
    """N10 and N12 for a game: the rotation; the totals one per team, the result's too, and
    its winner a team index or None."""
    rotation(game)
    team_totals(game)
    teams = len(game.rules.teams)
    result = game.result
    if len(game.totals) != teams or (result is not None and (
            len(result.totals) != teams or result.winner not in (None, *range(teams)))):
        raise InvariantError("N12", f"game totals {game.totals} and result {result} at "
                                    f"{teams} teams")
