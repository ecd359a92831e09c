"""The differential harness of the reuse rules: meld-rich random deals of a profile, and at every
decision where the player may declare, the engine's offers compared with the reference model's
answers (tests/reuse_reference.py) both ways. Shared by tests/test_reuse_reference.py and
benchmarks/bench_reuse_reference.py (which puts tests/ on ``sys.path``).

Both directions, at each such decision:

* ``offered/refused``: a Meld or Announce in ``legal_actions()`` that the model refuses;
* ``allowed/refused``: a declaration the model allows that ``deal.can_apply`` refuses (the
  reason shown is ``deal.problem``'s);
* ``allowed/unlisted``: one the model allows and ``can_apply`` accepts, but that
  ``legal_actions()`` does not list, up to interchangeable copies.

An offered Meld where the model expects an Announce (or the other way round, or none) is an
``offered/refused`` by ``declaring_verb``: the timing, taken from the engine's phase and the
turn's events (M1).

"Up to interchangeable copies" is the model's canonical form: each card as (rank, suit, hand or
table, the declarations of the history that hold it); the engine's listing and the model's
enumeration are compared as sets of such forms.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import product

from reuse_reference import (
    ANNOUNCE,
    MELD,
    PAIRED_SUIT,
    PER_CARD,
    Ask,
    ReuseModel,
    Verdict,
    patterns,
    r12_intact_binds,
)

from bezique import Deal, load_profile
from bezique.actions import Action, Announce, CallOut, Meld, Play
from bezique.cards import Card, Rank, Suit
from bezique.rules import Rules

COURT_BIAS = {Rank.KING: 0.0, Rank.QUEEN: 0.0, Rank.JACK: 0.0, Rank.ACE: 0.3, Rank.TEN: 0.3}
"""How far down the pack each rank tends to lie in a meld-rich deal (others 0.6; plus a uniform
draw in [0, 1)): kings, queens and jacks first, then aces and tens, then the rest."""
FAVOUR = 0.2
"""How much nearer the top the favoured suit's courts and the bezique cards tend to lie."""
DECLARE_RATE = 0.9
"""How often a declaration is chosen when one is offered."""
JOKER_BIAS = 0.1
"""How far down the pack the jokers tend to lie: with the courts, so that they come up in melds
(docs/rules.md#joker)."""
KEEP_COURTS = 0.8
"""How often a play is chosen among the least useful cards (`_cheapest`): the courts stay in
the hands longer, to be declared."""

Key = tuple[int, int, bool, tuple[int, ...]]
Canon = tuple[str, str, tuple[Key, ...]]


def precious(rules: Rules, seed: int) -> frozenset[tuple[Rank, Suit]]:
    """The favoured kinds of a meld-rich deal: the courts (A 10 K Q J) of a suit drawn from the
    seed, and the bezique queen and jack (with that suit as trumps)."""
    suit = Suit(random.Random(seed).randrange(4))
    paired = rules.melds.bezique_pair == "trump_queen_paired_jack"
    queen, jack = (suit, PAIRED_SUIT[suit]) if paired else (Suit.SPADES, Suit.DIAMONDS)
    return frozenset({(r, suit) for r in COURT_BIAS} | {(Rank.QUEEN, queen), (Rank.JACK, jack)})


def meld_rich_order(rules: Rules, seed: int) -> list[Card]:
    """The whole pack in a seeded order with the court cards near the top (`COURT_BIAS`), those
    of a favoured suit and the bezique cards nearer still (`FAVOUR`), and, where the profile
    turns up a trump, a low card of the favoured suit last (the turn-up): so sequences and
    double beziques come up too."""
    rng = random.Random(seed)
    suit = Suit(rng.randrange(4))
    favoured = precious(rules, seed)
    pack = [Card.of(Rank.parse(r), s, c) for r in rules.pack.ranks for s in Suit
            for c in range(rules.pack.copies)] + [Card.joker(c) for c in range(rules.pack.jokers)]

    def weight(c: Card) -> float:
        """How far down the pack the card tends to lie."""
        if c.is_joker:
            return JOKER_BIAS
        return COURT_BIAS.get(c.rank, 0.6) - (FAVOUR if (c.rank, c.suit) in favoured else 0.0)

    order = [c for _, c in sorted((rng.random() + weight(c), c) for c in pack)]
    if rules.trump.selection in ("turn_up_next", "turn_up_bottom"):
        low = next(c for c in reversed(order) if c.suit == suit)
        order.remove(low)
        order.append(low)
    return order


def meld_rich_deal(rules: Rules, seed: int) -> Deal:
    """A deal of ``meld_rich_order``: the first cards to the hands, a hand a seat, the rest the
    stock, top first (its last card is the turn-up where the profile turns one up); dealer
    ``seed`` modulo the seats. Built with the public `Deal.from_position`."""
    order = meld_rich_order(rules, seed)
    n, seats = rules.deal.hand_size, rules.players
    return Deal.from_position(rules, hands=[order[p * n:(p + 1) * n] for p in range(seats)],
                              stock=order[seats * n:], dealer=seed % seats)


def key(model: ReuseModel, deal: Deal, player: int, card: Card) -> Key:
    """A card as the model tells copies apart: rank, suit, tabled, declarations holding it."""
    held = tuple(d.serial for d in model.live(player) if card in d.cards)
    if card.is_joker:
        return -1, -1, card in deal.table(player), held
    return int(card.rank), int(card.suit), card in deal.table(player), held


def canonical(model: ReuseModel, deal: Deal, verb: str, name: str,
              cards: tuple[Card, ...]) -> Canon:
    """A declaration up to interchangeable copies."""
    p = deal.to_move
    assert p is not None
    return verb, name, tuple(sorted(key(model, deal, p, c) for c in cards))


def declaring_verb(deal: Deal, model: ReuseModel) -> str | None:
    """Whether the player to move may now make a Meld, an Announce, or neither (M1): the
    phase is the engine's; the rest is counted from the turn's events (``melds.per_trick``,
    ``melds.on_last_stock_trick``, ``melds.pending``, the dix knobs, ``melds.timing``)."""
    if deal.phase != "declare" or model.end_phase:
        return None
    rules = deal.rules
    p = deal.to_move
    events = deal.events
    start = max(i for i, e in enumerate(events) if e.kind == "trick")
    turn = events[start + 1:]
    if rules.melds.timing == "after_draw" and not any(e.kind == "draw" for e in turn):
        return None
    melds = sum(e.kind == MELD and e.player == p for e in turn)
    dixes = sum(e.kind in ("dix_show", "dix_exchange") and e.player == p for e in turn)
    count = melds + (dixes if rules.dix.counts_as_meld else 0)
    drew = any(e.kind == "draw" for e in turn)  # melds.timing = "after_draw": stock drawn
    last_stock = deal.stock_size == (0 if drew else rules.players)
    if count < rules.melds.per_trick:
        if last_stock and not rules.melds.on_last_stock_trick:
            return None
        if dixes and rules.dix.blocks_meld_same_trick:
            return None
        return MELD
    if rules.melds.pending == "cady" and not last_stock:
        return ANNOUNCE
    return None


def card_refused(model: ReuseModel, a: Ask, card: Card) -> str | None:
    """The `PER_CARD` rule that refuses ``card`` in meld ``a.meld`` whatever else is taken,
    if any (the enumerator's pruning; `r12_intact_binds` is left out where a re-pairing
    could take the card, and it is in every other case per card too)."""
    one = Ask(model, a.player, a.verb, a.meld, frozenset({card}), 1, a.hand, a.table,
              a.trump, None, a.history)
    for rule in PER_CARD:
        if rule(one):
            return rule.__name__
    m = model.rules.melds
    repairs = (m.reform_after_play and not m.reform_requires_hand_card
               and a.meld.klass == "marriage" and a.meld.order == 1)
    if not repairs and r12_intact_binds(one) is not None:
        return r12_intact_binds.__name__
    return None


def multichoose(groups: list[list[Card]], n: int) -> Iterator[tuple[Card, ...]]:
    """Every way to take ``n`` cards from interchangeable groups (the lowest copies of each)."""
    if n == 0:
        yield ()
        return
    if not groups:
        return
    first, rest = groups[0], groups[1:]
    for k in range(min(n, len(first)), -1, -1):
        for tail in multichoose(rest, n - k):
            yield tuple(first[:k]) + tail


def enumerate_declarations(
    model: ReuseModel, deal: Deal, verb: str, prune: bool = True,
    pruned: Counter[str] | None = None,
) -> dict[Canon, tuple[str, tuple[Card, ...]]]:
    """Every card combination of the player's hand and table for every meld of the table, one
    per canonical form (``prune``: leave out cards that a per-card rule refuses, counted by
    rule in ``pruned``, and add the player's pending declarations, which those rules would
    leave out, as whole candidates)."""
    p = deal.to_move
    assert p is not None
    mine = sorted(set(deal.hand(p)) | set(deal.table(p)))
    keys = {c: key(model, deal, p, c) for c in mine}
    out: dict[Canon, tuple[str, tuple[Card, ...]]] = {}
    for t in model.table.values():
        base = model.ask(deal, verb, t.name, ())
        assert base is not None
        usable = []
        for c in mine:
            refused = card_refused(model, base, c) if prune else None
            if refused is None:
                usable.append(c)
            elif pruned is not None and any((c.rank, c.suit) in kinds for slots in patterns(
                    t, deal.trump, deal.rules.melds.bezique_pair) for kinds, _ in slots):
                pruned[f"{refused} (a card left out)"] += 1
        for slots in patterns(t, deal.trump, deal.rules.melds.bezique_pair):
            choices = []
            for kinds, n in slots:
                groups: dict[Key, list[Card]] = {}
                for c in usable:
                    if (c.rank, c.suit) in kinds:
                        groups.setdefault(keys[c], []).append(c)
                choices.append(list(multichoose(list(groups.values()), n)))
            for combo in product(*choices):
                cards = tuple(c for part in combo for c in part)
                out.setdefault(canonical(model, deal, verb, t.name, cards), (t.name, cards))
        if verb == MELD and prune:
            for d in model.live(p):
                if d.pending and d.name == t.name and d.cards <= set(mine):
                    cards = tuple(sorted(d.cards))
                    out.setdefault(canonical(model, deal, verb, t.name, cards), (t.name, cards))
    return out


def _action(verb: str, name: str, cards: tuple[Card, ...]) -> Meld | Announce:
    """The engine's action for a declaration."""
    return Meld(name, cards) if verb == MELD else Announce(name, cards)


_CARD = re.compile(r"\b(?:10|[AKQJ987])[SHDC][a-h]?\b|(?:10|[AKQJ987])[♠♥♦♣][a-h]?")


def shape(reason: str) -> str:
    """A refusal with its cards and declaration numbers blanked: its kind."""
    return re.sub(r"#\d+", "#n", _CARD.sub("X", reason))


@dataclass
class Disagreement:
    """One declaration where the engine and the model differ, with how to reproduce it."""

    profile: str
    deal_seed: int
    choice_seed: int
    decision: int
    actions: list[str]
    direction: str
    declaration: str
    model_reason: str | None
    engine_reason: str | None
    verdict: Verdict | None = None

    @property
    def kind(self) -> str:
        """The direction, and the reason of the side that refuses, cards blanked."""
        if self.direction == "offered/refused":
            rule = self.verdict.rule if self.verdict else "?"
            hint = re.search(r" \[[^]]*\]$", self.model_reason or "")
            return f"offered/refused by model.{rule}{hint.group() if hint else ''}"
        tag = ""
        if self.verdict is not None and self.verdict.departed:
            tag = " [a partner a re-pairing took out of a marriage]"
        elif self.verdict is not None and self.verdict.freed_again:
            tag = " [R14: a re-formed declaration freed again]"
        elif self.verdict is not None and self.verdict.reforms:
            tag = " [a re-forming]"
        return f"{self.direction}{tag}: engine: {shape(self.engine_reason or '')}"

    def __str__(self) -> str:
        moves = ", ".join(self.actions)
        return (
            f"{self.direction} in {self.profile}, deal seed {self.deal_seed}, choice seed "
            f"{self.choice_seed}, decision {self.decision} (after {len(self.actions)} actions)\n"
            f"  declaration: {self.declaration}\n"
            f"  model:  {self.model_reason or 'allowed'}\n"
            f"  engine: {self.engine_reason or 'offered'}\n"
            f"  reproduce: reuse_driver.replay({self.profile!r}, {self.deal_seed}, "
            f"{self.choice_seed}, {len(self.actions)})\n"
            f"  actions: {moves}"
        )


@dataclass
class DealReport:
    """What one deal compared."""

    profile: str
    deal_seed: int
    choice_seed: int
    decisions: int = 0
    declarations: int = 0
    disagreements: list[Disagreement] = field(default_factory=list)
    model_log: list[str] = field(default_factory=list)
    verdicts: Counter[str] = field(default_factory=Counter)
    """The model's answers on the enumerated declarations: each refusing rule, ``allowed``,
    ``re-forming`` and ``re-forming freed again`` (R14), and the cards the enumeration left out
    by rule: what the deal exercised."""

    def counts(self) -> Counter[str]:
        """Disagreements by direction."""
        return Counter(d.direction for d in self.disagreements)


def compare_now(model: ReuseModel, deal: Deal, report: DealReport, moves: list[str],
                prune: bool = True) -> None:
    """Compare the engine's declarations with the model's at this decision, both ways."""
    verb = declaring_verb(deal, model)
    legal = [a for a in deal.legal_actions() if isinstance(a, Meld | Announce)]
    if verb is None and not legal:
        return
    report.decisions += 1

    def disagree(direction: str, declaration: str, verdict: Verdict | None,
                 engine: str | None) -> None:
        """Record one disagreement, with the actions so far."""
        report.disagreements.append(Disagreement(
            report.profile, report.deal_seed, report.choice_seed, report.decisions,
            list(moves), direction, declaration, verdict.reason if verdict else None,
            engine, verdict))

    offered: dict[Canon, Meld | Announce] = {}
    for a in legal:
        a_verb = MELD if isinstance(a, Meld) else ANNOUNCE
        if a_verb != verb:
            disagree("offered/refused", str(a), Verdict(f"timing: the model expects {verb}",
                                                        "declaring_verb"), None)
            continue
        offered.setdefault(canonical(model, deal, verb, a.name, a.cards), a)
    if verb is None:
        return
    for a in offered.values():
        verdict = model.may_declare(deal, verb, a.name, a.cards)
        if not verdict.allowed:
            disagree("offered/refused", str(a), verdict, None)
    found = enumerate_declarations(model, deal, verb, prune, report.verdicts)
    report.declarations += len(set(found) | set(offered))
    for canon, (name, cards) in found.items():
        verdict = model.may_declare(deal, verb, name, cards)
        report.verdicts[verdict.rule or "allowed"] += 1
        if not verdict.allowed:
            continue
        if verdict.reforms:
            report.verdicts["re-forming" + (" freed again" if verdict.freed_again else "")] += 1
        act = _action(verb, name, cards)
        if not deal.can_apply(act):
            disagree("allowed/refused", str(act), verdict,
                     deal.problem(act) or "can_apply refuses it, problem() gives no reason")
        elif canon not in offered:
            disagree("allowed/unlisted", str(act), verdict,
                     "can_apply accepts it, but legal_actions() lists no such declaration")


def _cheapest(actions: list[Action], favoured: frozenset[tuple[Rank, Suit]]) -> list[Action]:
    """The plays of the least useful cards for declaring: nines to sevens, else courts other
    than the `precious` ones, else all (and every action where there is no play); never a
    joker, kept for the melds."""
    plays = [a for a in actions if isinstance(a, Play) and not a.card.is_joker]
    low: list[Action] = [a for a in plays if a.card.rank not in COURT_BIAS]
    plain: list[Action] = [a for a in plays if (a.card.rank, a.card.suit) not in favoured]
    return low or plain or actions


def play(profile: str | Rules, deal_seed: int, choice_seed: int, *, compare: bool = True,
         declare_rate: float = DECLARE_RATE, plies: int | None = None,
         prune: bool = True, binding: str = "broken") -> tuple[DealReport, Deal, ReuseModel]:
    """Play one meld-rich deal (`meld_rich_deal`): a declaration ``declare_rate`` of the times
    one is offered (at random among those the model allows too, so that the history stays legal
    by both readings and a disagreement does not cascade), otherwise a random legal action
    (never a call-out, which ends the deal at once; among the `_cheapest` `KEEP_COURTS` of the
    time); ``compare``: at every decision where the player may declare, `compare_now`.
    ``plies``: stop after that many actions. ``binding``: the model's reading of R14 (c)
    (`ReuseModel.binding`)."""
    rules = profile if isinstance(profile, Rules) else load_profile(profile)
    deal = meld_rich_deal(rules, deal_seed)
    favoured = precious(rules, deal_seed)
    rng = random.Random(choice_seed)
    model = ReuseModel(rules, binding)
    report = DealReport(rules.name, deal_seed, choice_seed)
    moves: list[str] = []
    while not deal.is_over and (plies is None or len(moves) < plies):
        model.follow(deal)
        if compare:
            compare_now(model, deal, report, moves, prune)
        legal = deal.legal_actions()
        declared = [a for a in legal if isinstance(a, Meld | Announce) and model.may_declare(
            deal, MELD if isinstance(a, Meld) else ANNOUNCE, a.name, a.cards).allowed]
        act: Action
        if declared and rng.random() < declare_rate:
            act = rng.choice(declared)
        else:
            rest: list[Action] = [a for a in legal if not isinstance(a, CallOut)] or legal
            act = rng.choice(_cheapest(rest, favoured) if rng.random() < KEEP_COURTS else rest)
        moves.append(f"P{deal.to_move} {act}")
        deal.apply(act)
    model.follow(deal)
    report.model_log = list(model.log)
    return report, deal, model


def replay(profile: str, deal_seed: int, choice_seed: int, plies: int) -> tuple[Deal, ReuseModel]:
    """The deal and model of a reported disagreement, just before its decision."""
    _, deal, model = play(profile, deal_seed, choice_seed, compare=False, plies=plies)
    return deal, model
