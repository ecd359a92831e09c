"""The invariants of the joker game (docs/rules.md#joker, J1 to J9) as checks.

Each is a function that raises `InvariantError` with its name (``"J4"``) and the evidence,
re-derived from the profile and the event history rather than from the engine's tables (a joker
is told by its notation's kind, `bezique.cards.is_joker`, never by its bits reading as a suit).
`check_jokers` runs those that hold in every state, `check_joker_deal` adds those of a finished
deal; `bezique.check.invariants.check` and ``check_playout`` run them on every profile with
``pack.jokers``. They hold, vacuously where they speak of jokers, on every other profile.

>>> import bezique
>>> deal = bezique.Deal.new(bezique.load_profile("joker"), seed=1)
>>> while not deal.is_over:
...     _ = deal.apply(deal.legal_actions()[0])
>>> check_jokers(deal); check_joker_deal(deal)
"""

from __future__ import annotations

from collections.abc import Iterable

from bezique.actions import Play
from bezique.cards import JOKER, SUIT_NAMES, Rank, card_name, is_joker
from bezique.check.failure import InvariantError
from bezique.deal import Deal
from bezique.rules import Rules
from bezique.tricks import beats, trick_winner

__all__ = [
    "CHECKED", "arithmetic", "check_joker_deal", "check_jokers", "dix", "end_phase", "fresh",
    "joker_melds", "pack", "trick_points", "tricks", "trumps",
]

CHECKED = ("J1", "J2", "J3", "J4", "J5", "J6", "J7", "J8", "J9")
"""The invariants `check_jokers` and `check_joker_deal` check."""


def _names(cards: Iterable[int]) -> str:
    return " ".join(card_name(c, copies=True, symbols=True) for c in cards)


def pack(deal: Deal) -> None:
    """J1. The pack holds ``pack.jokers`` jokers, ``JK``, ``JKb`` …, each in exactly one place
    (hands, tables, stock, trick, captured piles, heap): 132 cards in the joker profiles."""
    rules = deal.rules
    seats = range(rules.players)
    places = [place(p).bits for p in seats for place in (deal.hand, deal.table, deal.captured)]
    places.append(deal.heap.bits)
    loose = [*deal.trick, *deal.stock, *(() if deal.turn_up is None else (deal.turn_up,))]
    found: list[int] = [c for bits in places for c in range(JOKER, JOKER + 8) if bits >> c & 1]
    found += [c for c in loose if is_joker(c)]
    expected = list(range(JOKER, JOKER + rules.pack.jokers))
    if sorted(found) != expected and _dealt(deal):
        raise InvariantError("J1", f"jokers in play: {_names(sorted(found)) or 'none'}; the "
                                   f"pack has {rules.pack.jokers}")


def _dealt(deal: Deal) -> bool:
    """Was the deal dealt from a shuffled pack (every card placed), not set up by hand?"""
    return any(e.kind == "deal" for e in deal.events)


def arithmetic(deal: Deal) -> None:
    """J2. The stock as dealt is P - N·h cards (P the pack, jokers included) and divides by the
    N seats; a finished deal played P / N tricks: ``joker`` 114 stock cards, 57 stock tricks,
    9 end tricks, 66 tricks; three seats 105, 35, 9, 44; four seats 96, 24, 9, 33."""
    rules = deal.rules
    if not _dealt(deal):
        return
    n, h = rules.players, rules.deal.hand_size
    size = 4 * len(rules.pack.ranks) * rules.pack.copies + rules.pack.jokers
    stock = len(deal.origin.stock) + (deal.origin.turn_up is not None)
    if stock != size - n * h or stock % n:
        raise InvariantError("J2", f"a stock of {stock} from a pack of {size} and {n} hands "
                                   f"of {h}")
    played = sum(e.kind == "trick" for e in deal.events)
    if deal.is_over and not _ended_early(deal) and played != size // n:
        raise InvariantError("J2", f"{played} tricks, not {size} / {n} = {size // n}")


def _ended_early(deal: Deal) -> bool:
    return any(e.kind in ("call_out", "forfeit")
               or (e.kind == "over" and e.reason == "target reached") for e in deal.events)


def trumps(deal: Deal) -> None:
    """J3. Trumps are fixed at most once and never change. Under ``trump.selection =
    "first_marriage"`` the first declaration scored is the marriage that fixes trumps and
    scores ``trump.first_marriage_value``; with ``trump.melds_before_trump = "none"`` nothing
    else is declared (or announced) before it."""
    rules = deal.rules
    fixed = [e for e in deal.events if e.kind == "trump"]
    if len(fixed) > 1 or (fixed and deal.origin.trump is not None):
        raise InvariantError("J3", f"trumps fixed {len(fixed)} times: "
                                   f"{[e.reason for e in fixed]}")
    if rules.trump.selection != "first_marriage":
        return
    if deal.trump is not None and not fixed and deal.origin.trump is None:
        raise InvariantError("J3", f"trumps are {SUIT_NAMES[deal.trump]} with no event fixing "
                                   "them")
    before = rules.trump.melds_before_trump == "none"
    for i, e in enumerate(deal.events):
        if e.kind == "trump":
            meld = deal.events[i - 1] if i else None
            score = deal.events[i + 1] if i + 1 < len(deal.events) else None
            if meld is None or meld.kind != "meld" or len(meld.cards) != 2:
                raise InvariantError("J3", f"trumps fixed by {meld}, not by a marriage")
            if score is not None and score.kind == "score" and score.reason == meld.reason \
                    and score.points != rules.trump.first_marriage_value:
                raise InvariantError("J3", f"the marriage fixing trumps scored {score.points}, "
                                           f"not {rules.trump.first_marriage_value}")
            return
        if before and e.kind in ("meld", "announce") and (
                deal.events[i + 1].kind != "trump" if i + 1 < len(deal.events) else True):
            raise InvariantError("J3", f"{e.reason} {_names(e.cards)} declared before trumps "
                                       "were fixed (trump.melds_before_trump = 'none')")


def tricks(deal: Deal) -> None:
    """J4. A joker never wins a trick it did not lead; a led joker wins exactly when no trump is
    played to the trick (the first of several led jokers being the lead)."""
    trump = -1 if deal.origin.trump is None else int(deal.origin.trump)
    if deal.origin.turn_up is not None and deal.origin.trump is None:
        trump = deal.origin.turn_up >> 6
        if is_joker(deal.origin.turn_up):  # jokers.turned_up: the suit it makes trumps
            reading = deal.rules.jokers.turned_up
            trump = SUIT_NAMES.index(reading) if reading in SUIT_NAMES else -1
    plays: list[tuple[int, int]] = []
    for e in deal.events:
        if e.kind == "trump":
            trump = SUIT_NAMES.index(e.reason)
        elif e.kind == "play" and e.player is not None:
            plays.append((e.player, e.cards[0]))
        elif e.kind == "trick" and e.player is not None:
            cards = [c for _, c in plays]
            if not cards:  # a duel's trick, or a position set up mid-trick
                plays = []
                continue
            winner = next((i for i, (p, _) in enumerate(plays) if p == e.player), -1)
            trumped = any(c >> 6 == trump and not is_joker(c) for c in cards)
            if winner > 0 and is_joker(cards[winner]):
                raise InvariantError("J4", f"{_names(cards)}: a joker played after the lead "
                                           "won the trick")
            if is_joker(cards[0]) and (winner == 0) == trumped:
                raise InvariantError("J4", f"{_names(cards)}: the led joker "
                                           f"{'won' if winner == 0 else 'lost'} with "
                                           f"{'a' if trumped else 'no'} trump in the trick")
            plays = []


def joker_melds(deal: Deal) -> None:
    """J5. A joker appears only in melds of ``jokers.wild_in`` (and in a meld of jokers alone);
    a meld holds at most ``jokers.max_per_meld`` jokers and a natural card; no trump quartet
    holds one unless ``jokers.in_trump_quartets``; no joker serves twice in quartets of one rank
    (one class: its ordinary and trump quartets), nor twice at all under ``jokers.reuse =
    "never"``."""
    rules = deal.rules
    j = rules.jokers
    table = rules.melds.table
    served: dict[int, list[str]] = {}
    for e in deal.events:
        if e.kind != "meld":
            continue
        jokers = [c for c in e.cards if is_joker(c)]
        if not jokers:
            continue
        spec = table.get(e.reason)
        alone = spec is not None and spec.suits == "jokers"
        where = f"{e.reason} {_names(e.cards)}"
        if not alone:
            if e.reason not in j.wild_in and not (
                    j.in_trump_quartets and spec is not None and spec.suits == "trump"):
                raise InvariantError("J5", f"{where}: a joker in a meld outside jokers.wild_in")
            if len(jokers) > j.max_per_meld or len(jokers) == len(e.cards):
                raise InvariantError("J5", f"{where}: {len(jokers)} joker(s) of "
                                           f"{len(e.cards)} cards (jokers.max_per_meld = "
                                           f"{j.max_per_meld})")
            if spec is not None and spec.suits == "trump" and len(spec.ranks) == 1 \
                    and not j.in_trump_quartets:
                raise InvariantError("J5", f"{where}: a joker in a trump quartet")
        klass = spec.klass if spec is not None else e.reason
        for c in jokers:
            before = served.setdefault(c, [])
            if before and (j.reuse == "never" or klass in before):
                raise InvariantError("J5", f"{where}: {card_name(c, copies=True)} served before "
                                           f"in {before} (jokers.reuse = {j.reuse!r})")
            before.append(klass)


def fresh(deal: Deal) -> None:
    """J6. Under ``melds.new_card_from_hand_required`` every declaration tabled takes a card
    from the declarer's hand (one that is not a joker under ``jokers.fresh_card_may_be_joker =
    false``); a pending declaration scored later was checked when announced."""
    rules = deal.rules
    if not rules.melds.new_card_from_hand_required:
        return
    need_plain = rules.pack.jokers > 0 and not rules.jokers.fresh_card_may_be_joker
    tabled = [0] * rules.players
    announced: set[tuple[int | None, str, tuple[int, ...]]] = set()
    for e in deal.events:
        if e.kind == "end_phase":
            tabled = [0] * rules.players
        elif e.kind == "play" and e.player is not None:
            tabled[e.player] &= ~(1 << e.cards[0])
        elif e.kind in ("meld", "announce") and e.player is not None:
            key = (e.player, e.reason, tuple(sorted(e.cards)))
            bits = sum(1 << c for c in e.cards)
            new = [c for c in e.cards if not tabled[e.player] >> c & 1]
            was_pending = e.kind == "meld" and key in announced
            if not was_pending and not [c for c in new if not (need_plain and is_joker(c))]:
                raise InvariantError("J6", f"P{e.player}'s {e.reason} {_names(e.cards)} takes "
                                           "no card from the hand" + (
                                               " but jokers" if new else ""))
            if e.kind == "announce":
                announced.add(key)
            tabled[e.player] |= bits


def trick_points(deal: Deal) -> None:
    """J7. Jokers carry no trick points: the brisques a finished deal credits are at most 10 ×
    8 × ``pack.copies`` points (320 in the joker profiles), and where every brisque counts as
    captured (no French condition) each seat scores 10 for each ace and ten it captured and
    nothing for a joker: with the last trick, 330 in all."""
    rules = deal.rules
    b = rules.brisques
    if rules.trick_points.scheme != "brisques" or not deal.is_over or _ended_early(deal):
        return
    scored = [0] * rules.players
    for e in deal.events:
        if e.kind == "score" and e.reason == "brisques" and e.player is not None:
            scored[e.player] += e.points
    most = 10 * 4 * rules.pack.copies * len({"A", "10"} & set(rules.pack.ranks))
    if sum(max(points, 0) for points in scored) > most:
        raise InvariantError("J7", f"{sum(scored)} brisque points, more than the {most} of "
                                   "the pack")
    plain = (b.counted == "always" and b.when == "end_of_deal" and not b.majority_bonus
             and not b.min_for(rules.players) and not b.min_board_score_to_count
             and rules.trick_points.rounding == "none" and rules.tricks.gather == "always"
             and not rules.tricks.before_trump_worthless)
    if not plain:
        return
    for p in range(rules.players):
        won = [c for c in deal.captured(p) if c.rank in (Rank.ACE, Rank.TEN)]
        if scored[p] != 10 * len(won):
            jokers = sum(c.is_joker for c in deal.captured(p))
            raise InvariantError("J7", f"P{p} scored {scored[p]} for brisques, having captured "
                                       f"{len(won)} aces and tens and {jokers} jokers")


def dix(deal: Deal) -> None:
    """J8. No dix points before trumps are fixed (a seven played then never scores); a joker
    never scores as a dix; at most ``dix.value`` × ``pack.copies`` dix points (40)."""
    rules = deal.rules
    fixed = deal.origin.trump is not None or deal.origin.turn_up is not None
    total = 0
    for e in deal.events:
        if e.kind == "trump":
            fixed = True
        elif e.kind == "score" and e.reason == "dix":
            if not fixed:
                raise InvariantError("J8", f"P{e.player} scored a dix before trumps were fixed")
            if any(is_joker(c) for c in e.cards):
                raise InvariantError("J8", f"a joker scored as a dix: {_names(e.cards)}")
            total += e.points
    if total > rules.dix.value * rules.pack.copies:
        raise InvariantError("J8", f"{total} dix points, more than {rules.dix.value} x "
                                   f"{rules.pack.copies}")


def end_phase(deal: Deal) -> None:
    """J9. In the end phase a joker is offered to follow only to a seat void in the suit led and
    in trumps (no suit is led after a led joker); under ``jokers.endgame_play =
    "last_resort"`` a joker is offered, to lead or to follow, only from a hand of nothing but
    jokers."""
    rules = deal.rules
    p = deal.to_move
    if not rules.pack.jokers or p is None or deal.stock_size or deal.phase == "declare" \
            or deal.is_over:
        return
    held = [int(c) for c in deal.hand(p)] + [int(c) for c in deal.table(p)]
    offered = [a.card for a in deal.legal_actions() if isinstance(a, Play) and is_joker(a.card)]
    if not offered:
        return
    if rules.jokers.endgame_play == "last_resort" and not all(map(is_joker, held)):
        raise InvariantError("J9", f"P{p} may play {_names(offered)} holding "
                                   f"{_names(held)} (jokers.endgame_play = 'last_resort')")
    if not deal.trick or rules.endgame.obligation == "follow_only":
        return
    lead = deal.trick[0]
    trump = -1 if deal.trump is None else int(deal.trump)
    suited = [c for c in held if not is_joker(c) and (
        (not is_joker(lead) and c >> 6 == lead >> 6) or c >> 6 == trump)]
    if suited and not _relieved(deal, rules):
        raise InvariantError("J9", f"P{p} may play {_names(offered)} to "
                                   f"{_names(deal.trick)} holding {_names(suited)}")


def _relieved(deal: Deal, rules: Rules) -> bool:
    """Whether the seat to move may throw any card while holding a trump, void in the suit led:
    its partner wins the trick so far and ``endgame.beat_partner`` is off, or under
    ``endgame.trump_when_void = "only_if_winning"`` no trump it holds would win the trick."""
    e = rules.endgame
    p = deal.to_move or 0
    lead = int(deal.trick[0])
    hand = [int(c) for c in deal.hand(p)]
    if not is_joker(lead) and any(c >> 6 == lead >> 6 and not is_joker(c) for c in hand):
        return False
    trick = [int(c) for c in deal.trick]
    trump = -1 if deal.trump is None else int(deal.trump)
    at = trick_winner(trick, trump)
    winner = (deal.leader + at) % rules.players
    team_of = rules.team_of
    if not e.beat_partner and winner != p and team_of[winner] == team_of[p]:
        return True
    return e.trump_when_void == "only_if_winning" and not any(
        beats(c, trick[at], trump) for c in hand if c >> 6 == trump and not is_joker(c))


def check_jokers(deal: Deal) -> None:
    """The joker invariants that hold in every state: J1, J3, J4, J5, J6, J8 and J9."""
    pack(deal)
    trumps(deal)
    tricks(deal)
    joker_melds(deal)
    fresh(deal)
    dix(deal)
    end_phase(deal)


def check_joker_deal(deal: Deal) -> None:
    """`check_jokers`, and J2 (the arithmetic of a dealt deal) and J7 (the trick points)."""
    check_jokers(deal)
    arithmetic(deal)
    trick_points(deal)
