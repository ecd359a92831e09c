"""docs/rules.md#invariants as checks: `check` for one state, `check_playout` for a deal.

Each invariant is a function of its own (``from bezique.check.invariants import conservation``) that
raises `InvariantError` naming the invariant (number and name) and the evidence; `check` and
`check_playout` add the ply. The checks re-derive what they can from the profile and the event
history instead of trusting the engine's internal tables.

>>> import bezique
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=1)
>>> check(deal)
>>> _ = deal.apply(deal.legal_actions()[0])
>>> check(deal, ply=1)
>>> conservation(deal)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from bezique.actions import Action, DixShow, Done, Draw, Meld, Play
from bezique.cards import card_name, iter_bits
from bezique.check.failure import NAMES, InvariantError
from bezique.check.failure import cards_text as _cards
from bezique.check.invariants_jokers import check_joker_deal, check_jokers
from bezique.check.invariants_seats import (
    check_seat_deal,
    check_seats,
    declarers,
    dix_scores_every_dix,
    ended_early,
    follow_violations,
    team,
    tricks_a_deal,
)
from bezique.check.playout import Playout, default_max_plies
from bezique.check.reuse import reuse_violation
from bezique.compile import BRISQUE_RANKS, compile_rules
from bezique.count import counted_in_deal, has_penalties
from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError
from bezique.events import Event
from bezique.players import player_name
from bezique.rules import Rules

__all__ = [
    "NAMES",
    "InvariantError",
    "atomic_rejection",
    "check",
    "check_playout",
    "clone",
    "conservation",
    "determinism",
    "dix",
    "dix_total",
    "fingerprint",
    "hand_size",
    "melds",
    "reuse",
    "scores",
    "scores_never_decrease",
    "tricks",
    "turn",
]

def fingerprint(deal: Deal) -> tuple[object, ...]:
    """An immutable snapshot of a deal's observable state (independent of its internal lists),
    so a later change to the deal is detected even if `Deal.clone` were to share state."""
    per_player = tuple(
        (deal.hand(p).bits, deal.table(p).bits, deal.captured(p).bits, deal.known(p).bits)
        for p in range(deal.rules.players)
    )
    return (
        tuple(deal.events), deal.scores, per_player, deal.heap.bits, deal.stock, deal.turn_up,
        deal.trick, deal.phase, deal.to_move, deal.trump, deal.tricks_played, deal.leader,
        deal.declarations, deal.in_end_phase, deal.last_trick_winner, deal.called_out,
    )


# ---------------------------------------------------------------------- per-state invariants


def conservation(deal: Deal, *, dealt: bool = True) -> None:
    """1. Every physical card of the pack is in exactly one place (hands, tables, stock,
    turn-up, trick, captured piles, heap). ``dealt=False`` (a `Deal.from_position` set-up, whose
    unplaced cards are gone) checks only that no card is in two places or outside the pack."""
    where: dict[int, list[str]] = {}
    places: list[tuple[str, Iterable[int]]] = [
        ("stock", deal.stock), ("trick", deal.trick), ("heap", deal.heap),
        ("turn-up", () if deal.turn_up is None else (deal.turn_up,)),
    ]
    for p in range(deal.rules.players):
        places += [(f"hand({p})", deal.hand(p)), (f"table({p})", deal.table(p)),
                   (f"captured({p})", deal.captured(p))]
    for place, cards in places:
        for card in cards:
            where.setdefault(card, []).append(place)
    twice = {c: w for c, w in where.items() if len(w) > 1}
    if twice:
        card, spots = next(iter(twice.items()))
        raise InvariantError(1, f"{card_name(card, copies=True)} is in {' and '.join(spots)}",
                             evidence=f"{len(twice)} card(s) in two places")
    pack = set(compile_rules(deal.rules).pack_cards)
    foreign = sorted(set(where) - pack)
    if foreign:
        raise InvariantError(1, "cards outside the pack", evidence=_cards(foreign))
    missing = sorted(pack - set(where))
    if dealt and missing:
        raise InvariantError(1, f"{len(missing)} card(s) are nowhere", evidence=_cards(missing))


def hand_size(deal: Deal, *, dealt: bool = True) -> None:
    """2. At each stock-phase lead every player holds (hand + table) ``deal.hand_size``
    cards."""
    if not dealt or deal.phase != "lead" or deal.in_end_phase or deal.trick:
        return
    size = deal.rules.deal.hand_size
    for p in range(deal.rules.players):
        held = deal.hand(p).bits.bit_count() + deal.table(p).bits.bit_count()
        if held != size:
            raise InvariantError(2, f"{player_name(p)} holds {held} cards at a stock-phase lead, "
                                    f"not deal.hand_size = {size}",
                                 evidence=f"hand {_cards(deal.hand(p))}; "
                                          f"table {_cards(deal.table(p))}")


def turn(deal: Deal) -> None:
    """3. `legal_actions` is non-empty exactly when the deal is not over; each listed action
    applies (as an object and by its notation, with the same result); no two listed actions
    have the same notation or the same consequences."""
    listed = deal.legal_actions()
    if deal.is_over == bool(listed) or (deal.to_move is None) != deal.is_over:
        raise InvariantError(3, f"over={deal.is_over}, to_move={deal.to_move} but "
                                f"{len(listed)} legal action(s)",
                             evidence=", ".join(map(str, listed[:8])))
    texts = Counter(str(a) for a in listed)
    same = [t for t, n in texts.items() if n > 1]
    if same:
        raise InvariantError(3, f"two listed actions are both written {same[0]!r}")
    buckets: dict[tuple[object, ...], list[tuple[Action, Deal]]] = {}
    for action in listed:
        after = deal.clone()
        by_text = deal.clone()
        try:
            after.apply(action)
            by_text.apply(str(action))
        except (IllegalAction, NotationError) as exc:
            raise InvariantError(3, f"listed action {action} is refused",
                                 evidence=str(exc)) from None
        if after != by_text:
            raise InvariantError(3, f"{str(action)!r} applied as notation differs from {action!r}")
        key = fingerprint(after)[1:]
        for other, state in buckets.get(key, ()):
            if state == after:
                raise InvariantError(3, f"{other} and {action} have the same consequences")
        buckets.setdefault(key, []).append((action, after))


def _held(deal: Deal, p: int) -> int:
    return deal.hand(p).bits | deal.table(p).bits


def _dix_awards(events: Iterable[Event]) -> list[int]:
    return [e.cards[0] for e in events if e.kind == "score" and e.reason == "dix" and e.cards]


def _illegal_by_rule(deal: Deal) -> list[tuple[Action | str, str]]:
    """Actions the rules forbid now, derived from the profile and the state, not asked of the
    engine: each with the rule that forbids it."""
    out: list[tuple[Action | str, str]] = [("play", "notation without a card"),
                                           ("meld nonsense ZZ", "unreadable notation")]
    p = deal.to_move
    pack = compile_rules(deal.rules).pack_cards
    if p is None:
        return [*out, (Play(pack[0]), "the deal is over"), (Draw(), "the deal is over")]
    mine = _held(deal, p)
    others = [c for c in pack if not mine >> c & 1]
    if others:
        out.append((Play(others[len(others) // 2]), "a card not held"))
    held = [c for c in pack if mine >> c & 1]
    if deal.phase == "declare":
        if held:
            out.append((Play(held[0]), "no play while the trick winner declares"))
        out.append((Meld("no_such_meld", tuple(held[:2])), "no meld of that name"))
        templates = compile_rules(deal.rules).melds
        for d in deal.declarations:
            if d.owner == p and d.intact and not d.pending and d.cards & ~mine == 0:
                cards = tuple(c for c in pack if d.cards >> c & 1)
                out.append((Meld(templates[d.template].name, cards),
                            "the same declaration twice (reuse in its class)"))
        out += [(DixShow(c), "a dix scores once") for c in set(_dix_awards(deal.events))
                if mine >> c & 1]
        return out
    out += [(Draw(), "a draw follows a stock-trick win"), (Done(), "no declaring turn")]
    if held:
        out.append((Meld("marriage", tuple(held[:2])), "declarations follow a trick win"))
    if deal.in_end_phase and deal.phase == "follow" and \
            deal.rules.endgame.revoke_penalty == "none":
        out += follow_violations(deal, held)
    return out


def _illegal_by_engine(deal: Deal, sample: int) -> list[tuple[Action | str, str]]:
    """A spread of actions the engine itself says are illegal now (`Deal.problem`)."""
    pool: list[Action] = [Draw(), Done()]
    pool += [Play(c) for c in compile_rules(deal.rules).pack_cards[:: 8 * 3]]
    refused = [(a, problem) for a in pool if (problem := deal.problem(a)) is not None]
    step = max(1, len(refused) // max(sample, 1))
    return [(a, str(why)) for a, why in refused[::step][:sample]]


def atomic_rejection(deal: Deal, *, sample: int = 6) -> None:
    """4. Illegal actions (those the rules forbid, and a ``sample`` of those the engine refuses)
    raise `IllegalAction` (`NotationError` for bad notation) and leave the deal equal to before."""
    for action, rule in _illegal_by_rule(deal) + _illegal_by_engine(deal, sample):
        trial = deal.clone()
        before = fingerprint(trial)
        try:
            trial.apply(action)
        except (IllegalAction, NotationError):
            if trial != deal or fingerprint(trial) != before:
                raise InvariantError(4, f"rejected {str(action)!r} still changed the deal",
                                     evidence=f"forbidden: {rule}") from None
            continue
        raise InvariantError(4, f"illegal {str(action)!r} was accepted", evidence=rule)


PENALTY_REASONS = frozenset({"majority_penalty", "shortfall_penalty"})
"""The reasons of the only score events with negative points: the end count's penalties
(``brisques.majority_penalty``, ``brisques.shortfall_penalty``; `bezique.count.end_count`)."""


def scores(deal: Deal, *, dealt: bool = True) -> None:
    """5. Every point is carried by a score event with a reason, and the events' points sum to
    the scores (``dealt=False``: a set-up with given scores checks the reasons only); only the
    end count's penalties (`PENALTY_REASONS`) carry negative points."""
    seats = range(deal.rules.players)
    totals = [0 for _ in seats]
    for i, e in enumerate(deal.events):
        if e.kind != "score":
            if e.points:
                raise InvariantError(5, f"a {e.kind} event carries {e.points} points",
                                     evidence=f"event {i}: {e}")
            continue
        penalty = e.reason in PENALTY_REASONS and e.points < 0
        if not e.reason or (e.points <= 0 and not penalty) or e.player is None or \
                e.player not in seats:
            raise InvariantError(5, "a score event without a reason, a player or points",
                                 evidence=f"event {i}: {e!r}")
        totals[e.player] += e.points
    if dealt and tuple(totals) != deal.scores:
        raise InvariantError(5, f"score events sum to {tuple(totals)}, scores are {deal.scores}")


def melds(deal: Deal) -> None:
    """7. At most ``melds.per_trick`` scoring declarations per trick won, by its winner (or his
    partner, where ``partnership.declarer`` lets him); none in the end phase; no card reused in
    its class at the same or a higher order (``by_class``, with the profile's marriage/sequence
    and re-forming exceptions), none at all (``never``); reuse is the side's."""
    rules = deal.rules.melds
    spec = {t.name: t for t in compile_rules(deal.rules).melds}
    winner: int | None = None
    count = 0
    end_phase = False
    scored: list[tuple[int, int, str, int, list[bool]]] = []  # owner, cards, class, order, broken
    for i, e in enumerate(deal.events):
        if e.kind == "trick":
            winner, count = e.player, 0
        elif e.kind == "end_phase":
            end_phase = True
        elif e.kind == "play":
            for owner, cards, *_, broken in scored:
                if owner == team(deal.rules, e.player) and cards >> e.cards[0] & 1:
                    broken[0] = True
        elif e.kind in ("meld", "announce", "dix_show", "dix_exchange") and end_phase:
            raise InvariantError(7, f"a declaration ({e.kind}) in the end phase",
                                 evidence=f"event {i}: {e}")
        if e.kind != "meld":
            continue
        count += 1
        if e.player not in declarers(deal.rules, winner) or count > rules.per_trick:
            raise InvariantError(7, f"declaration {count} by {player_name(e.player)} after a "
                                    f"trick won by {player_name(winner)} "
                                    f"(melds.per_trick = {rules.per_trick})",
                                 evidence=f"event {i}: {e}")
        t = spec.get(e.reason)
        if t is None:
            raise InvariantError(7, f"meld {e.reason!r} is not a scoring meld of the profile")
        bits = sum(1 << c for c in e.cards)
        side = team(deal.rules, e.player)  # reuse marks are the side's (docs/rules.md#dm10)
        problem = _reuse_problem(deal.rules, side, bits, t.klass_name, t.order, scored)
        if problem:
            raise InvariantError(7, problem, evidence=f"event {i}: {e}")
        for owner, cards, klass, order, broken in scored:  # a re-paired partner leaves its
            if (owner, klass, order) == (side, t.klass_name, t.order) and cards & bits:
                broken[0] = True  # marriage (R12)
        scored.append((side, bits, t.klass_name, t.order, [False]))


def _reuse_problem(rules: Rules, owner: int, bits: int, klass: str, order: int,
                   scored: list[tuple[int, int, str, int, list[bool]]]) -> str | None:
    m = rules.melds
    mine = [(c, k, o, b[0]) for w, c, k, o, b in scored if w == owner]
    if m.reuse == "never":
        return next((f"{_cards(iter_bits(c & bits))} melded twice (melds.reuse = never)"
                     for c, *_ in mine if c & bits), None)
    same = [(c, o, broken) for c, k, o, broken in mine if k == klass]
    if klass == "marriage" and not m.marriage_to_sequence:  # broken marriages too (D7)
        grown = next((c & bits for c, o, _ in same if o < order and c & bits), 0)
        if grown:
            return (f"{_cards(iter_bits(grown))} of a marriage grown into order {order} "
                    "(melds.marriage_to_sequence = false)")
    released = 0
    if m.reform_after_play:
        for c, _, broken in same:
            if broken:
                released |= c
        for c, _, broken in same:
            if not broken:
                released &= ~c
        same = [(c, o, broken) for c, o, broken in same if not broken]
    repairing = m.reform_after_play and not m.reform_requires_hand_card and bits & released
    marriage = klass == "marriage"
    for cards, earlier, _ in same:
        shared = cards & bits
        if not shared:
            continue
        if (earlier == order and not repairing) or (earlier > order and not (
                marriage and m.sequence_to_marriage)) or (
                earlier < order and marriage and not m.marriage_to_sequence):
            return (f"{_cards(iter_bits(shared))} reused in class {klass!r}: order {earlier} "
                    f"then {order}")
    return None


def dix(deal: Deal) -> None:
    """8. At most one dix award per physical dix card; only a trump card of ``dix.rank`` earns
    one."""
    awards = _dix_awards(deal.events)
    twice = [c for c, n in Counter(awards).items() if n > 1]
    if twice:
        raise InvariantError(8, f"{_cards(twice)} earned the dix more than once",
                             evidence=f"dix awards: {_cards(awards)}")
    rank = compile_rules(deal.rules).dix_rank
    wrong = [c for c in awards if (c >> 3 & 7) != rank or c >> 6 != deal.trump]
    if wrong:
        raise InvariantError(8, f"{_cards(wrong)} is not a trump {deal.rules.dix.rank}")


def clone(deal: Deal) -> None:
    """12. A clone equals its original, and acting on it leaves the original unchanged."""
    copy = deal.clone()
    if copy != deal:
        raise InvariantError(12, "a fresh clone differs from its original")
    before = fingerprint(deal)
    listed = copy.legal_actions()
    if listed:
        copy.apply(listed[-1])
        if fingerprint(deal) != before:
            raise InvariantError(12, f"applying {listed[-1]} to a clone changed the original")


def reuse(deal: Deal) -> None:
    """14. No declaration or announcement, made or legal now, uses a card already serving in an
    intact declaration (pending or scored) of its class and order, apart from a marriage's
    re-pairing (docs/rules.md#invariant-reuse; worked out from the events in
    `bezique.check.reuse`)."""
    found = reuse_violation(deal)
    if found is not None:
        raise InvariantError(14, found[0], evidence=found[1])


def check(deal: Deal, *, ply: int | None = None, dealt: bool = True) -> None:
    """Run every invariant of docs/rules.md#invariants that applies to one state (1-5, 7, 8, 12,
    14), and at more than two seats those of docs/rules.md#more-seats (`check_seats`).

    ``ply`` (actions applied so far) locates a failure; ``dealt=False`` for a
    `Deal.from_position` set-up, whose unplaced cards and given scores have no history.
    """
    try:
        conservation(deal, dealt=dealt)
        hand_size(deal, dealt=dealt)
        turn(deal)
        atomic_rejection(deal)
        scores(deal, dealt=dealt)
        melds(deal)
        reuse(deal)
        dix(deal)
        clone(deal)
        if deal.rules.players > 2:
            check_seats(deal, dealt=dealt)
        if deal.rules.pack.jokers:
            check_jokers(deal)
    except InvariantError as exc:
        raise exc.at_ply(ply) from None


# ---------------------------------------------------------------------- whole-deal invariants


def scores_never_decrease(history: Iterable[tuple[int, ...]]) -> None:
    """5. Scores never decrease within a deal (``history``: the scores after each ply)."""
    last: tuple[int, ...] | None = None
    for ply, now in enumerate(history):
        before = last or (0,) * len(now)
        if any(a < b for a, b in zip(now, before, strict=False)):
            raise InvariantError(5, f"scores went down from {before} to {now}", ply=ply)
        last = now


def _model_piles(deal: Deal) -> tuple[list[int], int]:
    """Captured piles and heap (plus worthless tricks) as ``tricks.gather`` and
    ``tricks.before_trump_worthless`` imply from the trick events."""
    c = compile_rules(deal.rules)
    brisques = sum(1 << x for x in c.pack_cards if (x >> 3 & 7) in BRISQUE_RANKS)
    rules = deal.rules.tricks
    seats = range(deal.rules.players)
    captured, heap, aside = [0 for _ in seats], 0, 0
    trump_fixed = False
    for e in deal.events:
        trump_fixed |= e.kind in ("trump", "turn_up")
        if e.kind == "forfeit":
            return [deal.captured(p).bits for p in seats], deal.heap.bits
        if e.kind != "trick" or e.player is None:
            continue
        bits = sum(1 << x for x in e.cards)
        if rules.before_trump_worthless and not trump_fixed:
            aside |= bits
        elif rules.gather == "always":
            captured[e.player] |= bits
        else:
            heap |= bits
            if rules.gather == "when_brisque_played" and bits & brisques:
                captured[e.player] |= heap
                heap = 0
    return captured, heap | aside


def _allowed_trick_credit(rules: Rules, raw: int) -> set[int]:
    """What a player may be credited for captured cards worth ``raw``: nothing where
    ``brisques.counted`` leaves them to the game's settlement; else the points (rounded up from
    7 under ``trick_points.rounding = 7_up``), or nothing where the French conditions or
    ``brisques.counted = "majority"`` apply."""
    b = rules.brisques
    if not counted_in_deal(rules):
        return {0}
    allowed = {raw, raw + (10 - raw % 10) * (raw % 10 >= 7)}
    if b.when == "end_of_deal" and (b.min_for(rules.players) or b.min_board_score_to_count
                                    or b.counted == "majority"):
        allowed.add(0)
    return allowed


def tricks(deal: Deal) -> None:
    """6. A finished deal has pack size / players tricks (more in two duels: N5); the piles
    are what ``tricks.gather`` implies; the trick points credited plus the last-trick bonus
    equal what the profile implies (R6): the captured cards' points (the whole pack's
    ``trick_total`` where every trick is gathered), credited unless ``brisques.counted`` or the
    French conditions withhold them."""
    c = compile_rules(deal.rules)
    rules = deal.rules
    n = sum(e.kind == "trick" for e in deal.events)
    if n != deal.tricks_played:
        raise InvariantError(6, f"{n} trick events but tricks_played = {deal.tricks_played}")
    if not deal.is_over or ended_early(deal):
        return
    seats = range(c.players)
    stock_tricks, end_tricks = tricks_a_deal(rules)
    if n != stock_tricks + end_tricks:
        raise InvariantError(6, f"{n} tricks in a deal of {c.pack_size} cards")
    captured, heap = _model_piles(deal)
    actual = [deal.captured(p).bits for p in seats]
    if captured != actual or heap != deal.heap.bits:
        raise InvariantError(6, "captured piles differ from what tricks.gather implies",
                             evidence=f"heap {_cards(deal.heap)} expected "
                                      f"{_cards(iter_bits(heap))}")
    raw = [sum(c.trick_value[x >> 3 & 7] for x in iter_bits(bits)) for bits in actual]
    if heap == 0 and sum(raw) != c.trick_total:
        raise InvariantError(6, f"captured trick points {sum(raw)} != trick_total "
                                f"{c.trick_total} with every trick gathered")
    credited = [0 for _ in seats]
    last = [e for e in deal.events if e.kind == "score" and e.reason == "last_trick"]
    for e in deal.events:
        if e.kind == "score" and e.reason in ("brisques", "trick_points"):
            credited[e.player or 0] += e.points
    for p in seats:
        allowed = _allowed_trick_credit(rules, raw[p])
        if credited[p] not in allowed:
            raise InvariantError(6, f"{player_name(p)} credited {credited[p]} trick points for "
                                    f"captured cards worth {raw[p]}")
    bonus = rules.last_trick.value
    if [e.points for e in last] != ([bonus] if bonus else []):
        raise InvariantError(6, f"last-trick bonus {[e.points for e in last]}, expected {bonus}")
    winners = [e.player for e in deal.events if e.kind == "trick"]
    which = n if rules.last_trick.which == "final" else stock_tricks
    if last and last[0].player != winners[which - 1]:
        went = last[0].player
        raise InvariantError(6, f"the last-trick bonus went to {player_name(went)}, not to the "
                                f"winner of trick {which} ({rules.last_trick.which})")


def dix_total(deal: Deal) -> None:
    """8. Where every trump dix must score exactly once (R4: the turn-up decides trumps, the
    dix scores when first played in any phase, ``dix.value`` > 0), a finished deal's dix points
    are exactly the pack's trump dixes times ``dix.value`` (20 in `bezique`)."""
    rules = deal.rules
    d = rules.dix
    if not (deal.is_over and not ended_early(deal) and dix_scores_every_dix(rules)):
        return
    total = sum(e.points for e in deal.events if e.kind == "score" and e.reason == "dix")
    expected = rules.pack.copies * d.value
    if total != expected:
        raise InvariantError(8, f"dix points total {total}, not {expected} "
                                f"({rules.pack.copies} trump dixes x {d.value})")


def determinism(playout: Playout, deal: Deal) -> None:
    """9. Replaying the profile, seed and actions gives the same events and the same state."""
    again = playout.replay()
    if again.events != deal.events or again != deal:
        first = next((i for i, (a, b) in enumerate(zip(again.events, deal.events, strict=False))
                      if a != b), min(len(again.events), len(deal.events)))
        raise InvariantError(9, f"replay differs from event {first}")


def check_playout(
    playout: Playout, *, per_ply: bool = True, max_plies: int | None = None
) -> Deal:
    """Replay a deal, checking `check` after every ply (unless ``per_ply`` is false) and then
    the invariants that need the whole deal: scores never decrease (5), tricks and trick points
    (6), the dix total (8), determinism (9), and at more than two seats those of
    docs/rules.md#more-seats (`check_seat_deal`). A deal still running after ``max_plies`` (default
    `default_max_plies`, derived from the profile) breaks invariant 6; a shorter unfinished
    playout is the start of a deal and gets the per-ply checks only. Returns the final deal."""
    deal = playout.start()
    history = []
    if per_ply:
        check(deal, ply=0)
    for ply, text in enumerate(playout.actions, start=1):
        try:
            deal.apply(text)
        except (IllegalAction, NotationError) as exc:
            raise InvariantError(9, f"replaying {text!r} failed", evidence=str(exc),
                                 ply=ply) from None
        history.append(deal.scores)
        if per_ply:
            check(deal, ply=ply)
    # the end count's penalties may take scores down on the deal's last ply
    penalties = deal.is_over and has_penalties(deal.rules)
    scores_never_decrease(history[:-1] if penalties else history)
    if not deal.is_over:
        bound = default_max_plies(playout.rules) if max_plies is None else max_plies
        if len(playout.actions) >= bound:
            raise InvariantError(6, f"the deal did not end within {len(playout.actions)} plies "
                                    "(a house rule that keeps the deal from ending?)",
                                 ply=len(playout.actions))
        return deal
    last = len(playout.actions)
    try:
        check(deal, ply=last)
        tricks(deal)
        dix_total(deal)
        determinism(playout, deal)
        if deal.rules.players > 2:
            check_seat_deal(deal)
        if deal.rules.pack.jokers:
            check_joker_deal(deal)
    except InvariantError as exc:
        raise exc.at_ply(last) from None
    return deal
