"""A deliberately simple, slow reference model of the meld reuse rules (not shipped).

`ReuseModel.may_declare` answers one question: may these cards form this declaration (scored,
or announced as pending) now? Each player's declaration history is kept as plain objects with
plain frozensets of physical cards, rebuilt from the deal's public events (``meld``,
``announce``, ``play``, ``pending_lost``, ``end_phase``); the rules are read from the profile
(`Rules`: meld table, values, ``[melds]`` and ``[trump]`` knobs). Nothing of the engine's
internals is imported (``bezique.melds``, ``ledger``, ``compile``, ``legal``, ``moves``,
``invariants_reuse``): only `Rules`, `Deal`'s public properties and the value types. Each rule
is one function named after its ruling (docs/rules.md: the rulings R5-R14 and the rules of
each game), run in `RULES` order; the first that objects gives the reason.

Decisions where the wording leaves a detail open (each also in its function's docstring):

* M1 Timing is the engine's: asked only when ``deal.phase`` is ``declare``; Meld or Announce
  follows from the turn's events (`reuse_driver.declaring_verb`).
* M2 A lost pending declaration (a card played, the stock gone) is as if never made: it used no
  card and re-formed nothing (a rejected declaration "does not count as a use" of any card).
* M3 Scoring one's own pending declaration is checked like a new one, leaving out the pending
  ones announced after it (checked against it by R11, they share its cards only at a higher
  order: FOSTER's "show both, score the better"); a higher one *scored* meanwhile counts ("if
  the double bezique is scored before any single, no single can later be scored", SC-08). It
  needs no card from the hand (Cady: "scored on any later trick win, with no new card").
* M4 A re-forming may take part of a free remnant; the whole remnant is then bound to it (R14
  (c) "binds its remaining cards"), the cards it did not take included.
* M5 A remnant stays bound until its re-forming is broken: a card of it played, or a partner
  taken out of it by a re-pairing (docs/rules.md R14: "a re-forming stops binding when it is
  broken, by a play or by a re-pairing"; the regression record
  tests/repros/r12-repaired-partner-stays-in-the-marriage-it-left.toml depends on it). The
  stricter reading, bound until a card of it is *played* whatever re-pairings do, is
  ``binding="played"``. A remnant card the re-forming took is judged as a card of it (an
  intact marriage's card may leave by a re-pairing, R8).
* M6 Re-pairing (R8, R12, R14 (d)) needs ``reform_after_play`` and not
  ``reform_requires_hand_card``: a marriage (class ``marriage``, order 1) that re-forms a free
  lone card may take its partner out of an intact *scored* marriage (not a pending one); the
  partner leaves when the re-pairing scores (meld event), not when it is announced. The lone
  card serves in no intact marriage itself (R12: "takes its partner out of the marriage it
  leaves", one partner out of one marriage): two cards each taken out of an intact marriage
  are no re-pairing, whatever broken marriages they were once the remnants of.
* M7 A left marriage's remnant is its lone card (R14 (d)): the departed partner no longer
  belongs to it, wherever it serves next (so the lone card, once free, may even take it back).
* M8 R13 "a card not yet used in that class": used in any standing declaration of the class,
  intact or broken, any order; cards from several declarations are not fresh. Re-formings are
  exempt (R13's last sentence), whatever the replacement. D5's exception
  (``double_after_two_singles``): a double made of exactly two single beziques, pending or
  scored; not a triple of a double and a single.
* M9 ``require_trump_marriage_before_sequence``: the player has *scored* a trump marriage
  (broken or not) earlier in the deal; any copies, not necessarily the sequence's K Q.
* M10 Before trumps, a ``trump`` meld matches any one suit only if it can fix trumps (class
  ``marriage``; any order under ``first_marriage_or_sequence``, order 1 under
  ``first_marriage``); ``plain`` matches nothing; a trump-dependent bezique pair
  (``trump_queen_paired_jack``, and by R9 ``nie_swap``) matches nothing.
* M11 ``marriage_to_sequence = false`` keeps a marriage's cards out of every higher order of
  the class; ``sequence_to_marriage = true`` lets a marriage take cards of higher orders, never
  those of another marriage. ``reuse = "never"``: a card of a standing declaration (any class)
  serves in no other.
* M12 Carte blanche (``suits = "none"``) is left out: it is its own action, not a Meld.
* M13 Jokers (docs/rules.md#joker) are cards like any other, with a class history of their own:
  a joker fills a missing card of a meld of ``jokers.wild_in`` (a trump quartet only with
  ``jokers.in_trump_quartets``), at most ``jokers.max_per_meld`` of them and at least one
  natural card; four jokers (``suits = "jokers"``) is a meld of jokers alone. A joker serves in
  one declaration of each class at most, standing or broken, whatever the orders (DJ11: "never
  twice in quartets of one rank", so not in the trump quartet of a rank either), or in one
  declaration at most under ``jokers.reuse = "never"``.
* M14 The joker game's declaration rules: ``melds.sequence_from_own_marriage`` (DJ3), the K Q
  of a sequence are a trump marriage the player scored, intact, both on his table;
  ``melds.multi_bezique_growth = false`` (DJ4), a double (triple …) bezique takes all its cards
  from the hand (not when scoring one's own pending one, M3);
  ``jokers.fresh_card_may_be_joker = false`` (DJ12), the hand card that
  ``melds.new_card_from_hand_required`` asks for is not a joker.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import product

from bezique import Deal
from bezique.cards import Card, Rank, Suit
from bezique.events import Event
from bezique.rules import Rules

MELD = "meld"
ANNOUNCE = "announce"
PAIRED_SUIT = {Suit.SPADES: Suit.DIAMONDS, Suit.DIAMONDS: Suit.SPADES,
               Suit.CLUBS: Suit.HEARTS, Suit.HEARTS: Suit.CLUBS}
"""The jack's suit for a queen of trumps (CMC-6, HERRING: ♠/♦ and ♣/♥ are paired)."""


def names(cards: Iterable[Card]) -> str:
    """Cards written with their copy letters, in a stable order (``QSa JDb``)."""
    return " ".join(format(c, "a") for c in sorted(cards))


@dataclass(frozen=True)
class Template:
    """One scored row of the meld table, as the model reads it (R5); ``jokers``: how many of
    its cards jokers may fill (M13)."""

    name: str
    ranks: tuple[Rank, ...]
    suits: str
    copies: int
    klass: str
    order: int
    can_fix_trump: bool
    jokers: int = 0


JOKER = (None, None)
"""A joker as the model tells kinds apart: no rank, no suit."""


def joker_count(rules: Rules, name: str) -> int:
    """M13: how many cards of the meld ``name`` jokers may fill (DJ8 ``jokers.wild_in``, DJ9
    ``max_per_meld``, DJ10 ``in_trump_quartets``: a trump quartet where it, or the quartet of
    its rank, is in ``wild_in``)."""
    spec = rules.melds.table[name]
    j = rules.jokers
    if not rules.pack.jokers or spec.suits == "jokers":
        return 0
    listed = name in j.wild_in
    if spec.suits == "trump" and len(spec.ranks) == 1:
        rank_listed = any(rules.melds.table[w].ranks == spec.ranks
                          for w in j.wild_in if w in rules.melds.table)
        listed = j.in_trump_quartets and (listed or rank_listed)
    return min(j.max_per_meld, rules.pack.jokers) if listed else 0


def templates(rules: Rules) -> dict[str, Template]:
    """The profile's scored melds (``melds.values`` > 0), carte blanche left out (M12).

    ``four_of_a_kind_mode = "one_per_suit"`` turns a one-rank ``any`` quartet into one card of
    each suit (Pinochle's "arounds", docs/rules.md). Trump-fixing is M10.
    """
    out: dict[str, Template] = {}
    selection = rules.trump.selection
    for name, spec in rules.melds.table.items():
        if rules.melds.values.get(name, 0) <= 0 or spec.suits == "none":
            continue
        suits, copies = spec.suits, spec.copies
        if suits == "any" and rules.melds.four_of_a_kind_mode == "one_per_suit" and len(
                spec.ranks) == 1:
            suits, copies = "each", 1
        can_fix = suits == "trump" and spec.klass == "marriage" and (
            selection == "first_marriage_or_sequence"
            or (selection == "first_marriage" and spec.order == 1))
        out[name] = Template(name, tuple(Rank.parse(r) for r in spec.ranks), suits, copies,
                             spec.klass, spec.order, can_fix, joker_count(rules, name))
    return out


Slot = tuple[frozenset[tuple[Rank | None, Suit | None]], int]
"""One part of a concrete pattern: the kinds (rank, suit) that may fill it, and how many."""


def bezique_suits(rule: str, trump: Suit | None) -> tuple[Suit, Suit] | None:
    """Suits of the bezique queen and jack (``melds.bezique_pair``, D25); None: no pair now."""
    if rule == "QS_JD":
        return Suit.SPADES, Suit.DIAMONDS
    if trump is None:  # R9: a pair that depends on trumps waits for them (M10)
        return None
    if rule == "trump_queen_paired_jack":
        return trump, PAIRED_SUIT[trump]
    # nie_swap (NIE): Q♠ J♦ when clubs or hearts are trumps, Q♦ J♠ when spades or diamonds are
    if trump in (Suit.CLUBS, Suit.HEARTS):
        return Suit.SPADES, Suit.DIAMONDS
    return Suit.DIAMONDS, Suit.SPADES


def with_jokers(slots: list[Slot], jokers: int) -> list[list[Slot]]:
    """M13: the pattern ``slots`` and every way of leaving 1 … ``jokers`` of its cards to
    jokers, a natural card kept."""
    size = sum(n for _, n in slots)
    out = [slots]
    for given in product(*(range(n + 1) for _, n in slots)):
        if 0 < sum(given) <= jokers and sum(given) < size:
            kept: list[Slot] = [(kinds, n - g) for (kinds, n), g in zip(slots, given, strict=True)
                                if n > g]
            out.append([*kept, (frozenset({JOKER}), sum(given))])
    return out


def patterns(t: Template, trump: Suit | None, pair_rule: str) -> list[list[Slot]]:
    """Every concrete pattern of meld ``t`` under ``trump``: a list of slots each (M10), with
    the jokers' (M13)."""
    return [wild for plain in natural_patterns(t, trump, pair_rule)
            for wild in with_jokers(plain, t.jokers)]


def natural_patterns(t: Template, trump: Suit | None, pair_rule: str) -> list[list[Slot]]:
    """The patterns of meld ``t`` under ``trump`` in natural cards (M10); four jokers' is its
    jokers (M13)."""
    def one_suit(suit: Suit) -> list[Slot]:
        """Every rank of the meld in this one suit."""
        return [(frozenset({(r, suit)}), t.copies) for r in t.ranks]

    if t.suits == "trump":
        if trump is not None:
            return [one_suit(trump)]
        return [one_suit(s) for s in Suit] if t.can_fix_trump else []
    if t.suits == "plain":
        return [] if trump is None else [one_suit(s) for s in Suit if s != trump]
    if t.suits == "same":
        return [one_suit(s) for s in Suit]
    if t.suits == "any":
        return [[(frozenset((r, s) for s in Suit), t.copies) for r in t.ranks]]
    if t.suits == "each":
        return [[(frozenset({(t.ranks[0], s)}), t.copies) for s in Suit]]
    if t.suits == "bezique_pair":
        pair = bezique_suits(pair_rule, trump)
        if pair is None or set(t.ranks) != {Rank.QUEEN, Rank.JACK}:
            return []
        return [[(frozenset({(Rank.QUEEN, pair[0])}), t.copies),
                 (frozenset({(Rank.JACK, pair[1])}), t.copies)]]
    if t.suits == "jokers":
        return [[(frozenset({JOKER}), t.copies)]]
    return []


def forms(t: Template, cards: frozenset[Card], trump: Suit | None, pair_rule: str) -> bool:
    """Whether ``cards`` are exactly meld ``t`` under ``trump`` (ranks × copies × suits)."""
    for slots in patterns(t, trump, pair_rule):
        if sum(n for _, n in slots) == len(cards) and all(
                sum((c.rank, c.suit) in kinds for c in cards) == n for kinds, n in slots):
            return True
    return False


@dataclass(eq=False)
class Decl:
    """One declaration of the history: scored or pending, with its re-forming relations."""

    serial: int
    owner: int
    name: str
    klass: str
    order: int
    cards: frozenset[Card]
    pending: bool
    trump_suit: bool = False
    lost: bool = False
    left: bool = False
    """A re-pairing took its partner (R12 last sentence): broken without a card played."""
    gone: frozenset[Card] = frozenset()
    """The partners re-pairings took out of it: no longer part of its remnant."""
    reformed_by: list[Decl] = field(default_factory=list)
    """The later declarations that re-formed it (its remnant's cards), oldest first (R14)."""
    reforms: list[Decl] = field(default_factory=list)
    """The declarations whose remnants it took (R14 (e): maybe several)."""

    @property
    def rest(self) -> frozenset[Card]:
        """Its cards but those re-pairings took out (M7; played ones stay: never asked for)."""
        return self.cards - self.gone

    def __str__(self) -> str:
        state = "pending" if self.pending else "scored"
        return f"#{self.serial} {state} {self.name} {names(self.cards)}"


@dataclass
class Ask:
    """One question: may ``player`` declare ``cards`` as ``meld`` (``verb``) now?"""

    model: ReuseModel
    player: int
    verb: str
    meld: Template
    cards: frozenset[Card]
    listed: int
    hand: frozenset[Card]
    table: frozenset[Card]
    trump: Suit | None
    itself: Decl | None
    history: list[Decl]

    @property
    def rules(self) -> Rules:
        """The profile."""
        return self.model.rules

    def holding(self, card: Card) -> list[Decl]:
        """The history's declarations of this meld's class that hold ``card``."""
        return [d for d in self.history if d.klass == self.meld.klass and card in d.cards]

    def same(self, card: Card) -> list[Decl]:
        """Those of them of this meld's order too."""
        return [d for d in self.holding(card) if d.order == self.meld.order]

    def remnants(self) -> list[Decl]:
        """The free broken declarations of this class and order whose remnant cards it takes
        (not a partner that a re-pairing took out of it)."""
        m = self.model
        return [d for d in self.history if d.klass == self.meld.klass
                and d.order == self.meld.order and d.rest & self.cards and not d.pending
                and m.broken(d) and m.bound_by(d, self.itself) is None]


Rule = Callable[[Ask], str | None]


# ---------------------------------------------------------------- the rules, one function each

def meld_is_scored(a: Ask) -> str | None:
    """R5: a meld of the table with points (0 or absent: not scored) may be declared."""
    return None if a.meld.name in a.model.table else f"no scored meld {a.meld.name!r} (R5)"


def cards_are_the_players(a: Ask) -> str | None:
    """§1.1 rule 7: only the player's own unplayed cards, hand or table, each named once."""
    if len(a.cards) != a.listed:
        return "a card is named twice"
    missing = a.cards - a.hand - a.table
    return f"{names(missing)} not in the player's hand or table (§1.1 rule 7)" if missing else None


def trump_not_fixed(a: Ask) -> str | None:
    """R9, ``trump.selection`` and ``trump.melds_before_trump`` (§1.2, §1.4): before trumps
    are fixed only a declaration that fixes them may use the trump suit (M10), a plain suit does
    not exist, a trump-dependent bezique waits (R9), and under ``melds_before_trump = "none"``
    nothing but the trump-fixing declaration may be made."""
    if a.trump is not None:
        return None
    t = a.meld
    if a.rules.trump.melds_before_trump == "none" and not t.can_fix_trump:
        return "nothing before trumps are fixed (trump.melds_before_trump = none)"
    if t.suits == "trump" and not t.can_fix_trump:
        return f"{t.name} needs trumps, not fixed yet, and cannot fix them (trump.selection)"
    if t.suits == "plain":
        return f"{t.name} is of a plain suit: none until trumps are fixed"
    if t.suits == "bezique_pair" and bezique_suits(a.rules.melds.bezique_pair, None) is None:
        return "the bezique pair depends on trumps: none before they are fixed (R9)"
    return None


def pattern_forms_meld(a: Ask) -> str | None:
    """R5 and the meld tables of §1: the cards are exactly the meld's ranks × copies in its
    suits (trump / plain / same / any / each / the bezique pair of ``melds.bezique_pair``)."""
    if forms(a.meld, a.cards, a.trump, a.rules.melds.bezique_pair):
        return None
    return f"{names(a.cards)} do not form {a.meld.name} (trumps {a.trump})"


def require_trump_marriage_before_sequence(a: Ask) -> str | None:
    """§1.3 (S004), ``melds.require_trump_marriage_before_sequence``: a trump sequence only after
    the player has scored the trump marriage (M9)."""
    t = a.meld
    if not (a.rules.melds.require_trump_marriage_before_sequence and t.klass == "marriage"
            and t.suits == "trump" and t.order > 1):
        return None
    if any(d.klass == "marriage" and d.order == 1 and d.trump_suit and not d.pending
           and next(c for c in d.cards if not c.is_joker).suit == a.trump for d in a.history):
        return None
    return "the trump marriage must be scored before a sequence (S004)"


def reuse_never(a: Ask) -> str | None:
    """§1.7 (S001), ``melds.reuse = "never"``: a card once declared serves in no other
    declaration, of any class (M11)."""
    if a.rules.melds.reuse != "never":
        return None
    used = [c for c in a.cards if any(c in d.cards for d in a.history)]
    return f"{names(used)} already declared (melds.reuse = never)" if used else None


def joker_reuse(a: Ask) -> str | None:
    """DJ11 and J5 (M13): a joker serves in one declaration of each class at most (standing or
    broken, any order), and in one declaration at all under ``jokers.reuse = "never"``."""
    never = a.rules.jokers.reuse == "never"
    for c in a.cards:
        if not c.is_joker:
            continue
        for d in a.history:
            if c in d.cards and (never or d.klass == a.meld.klass):
                return f"{format(c, 'a')} already served in {d} (DJ11, jokers.reuse)"
    return None


def sequence_from_own_marriage(a: Ask) -> str | None:
    """DJ3 (HB, M4, CPU), ``melds.sequence_from_own_marriage`` (M14): a sequence is A-10-J
    added to a trump marriage the player scored: its K and Q are that marriage's cards, intact
    and on his table."""
    t = a.meld
    if not (a.rules.melds.sequence_from_own_marriage and t.klass == "marriage"
            and t.suits == "trump" and t.order > 1):
        return None
    base = [d for d in a.history if d.klass == "marriage" and d.order == 1 and d.trump_suit
            and not d.pending and not a.model.broken(d) and d.cards <= a.cards
            and d.cards <= a.table]
    if sum(len(d.cards) for d in base) == 2 * t.copies:
        return None
    return "a sequence is added to one's own trump marriage on the table (DJ3)"


def multi_bezique_growth(a: Ask) -> str | None:
    """DJ4 (BC-R §4.2), ``melds.multi_bezique_growth = false`` (M14): a double (triple …)
    bezique is laid at once, every card from the hand (M3: not when scoring one's own pending
    one)."""
    t = a.meld
    if a.rules.melds.multi_bezique_growth or t.suits != "bezique_pair" or t.order < 2:
        return None
    if a.itself is not None or a.cards <= a.hand:
        return None
    return "a multiple bezique is laid at once from the hand (DJ4)"


def sequence_then_marriage(a: Ask) -> str | None:
    """§1.1 rule 3 (FOSTER p.325, S000, S003; D8): a sequence first forbids a marriage from its
    K Q and a fresh Q married to its K: no marriage-class card serves again at a lower order.
    ``melds.sequence_to_marriage = true`` lifts this (M11), never for another marriage's cards."""
    if a.meld.klass != "marriage" or a.rules.melds.sequence_to_marriage:
        return None
    for c in a.cards:
        for d in a.holding(c):
            if d.order > a.meld.order:
                return f"{format(c, 'a')} serves in the higher {d} (§1.1 rule 3)"
    return None


def class_rule_higher_order_only(a: Ask) -> str | None:
    """§1.1 rule 1 (FOSTER p.325, S003, EBO): a card used in a class serves again in it only at
    a higher order (a double after a single, a trump quartet after a quartet, R9); never in an
    equal (see the R11/R12/R14 rules) or a lower one. The marriage class: rule 3 above."""
    if a.meld.klass == "marriage":
        return None
    for c in a.cards:
        for d in a.holding(c):
            if d.order > a.meld.order:
                return f"{format(c, 'a')} serves in the higher {d} (§1.1 rule 1)"
    return None


def marriage_then_sequence(a: Ask) -> str | None:
    """§1.1 rule 2 and D7: a marriage may grow into a sequence, unless
    ``melds.marriage_to_sequence = false`` (FR-COSMO, WKC-RUB): then no higher order of the
    marriage class takes a card used in a marriage (M11)."""
    if a.rules.melds.marriage_to_sequence or a.meld.klass != "marriage" or a.meld.order == 1:
        return None
    for c in a.cards:
        for d in a.holding(c):
            if d.order == 1:
                return f"{format(c, 'a')} serves in the marriage {d} (marriage_to_sequence)"
    return None


def r11_pending_binds(a: Ask) -> str | None:
    """R11: a pending declaration holds its cards as a scored one does: no declaration of its
    class and order may share a card with it (so the same declaration is not announced twice)."""
    for c in a.cards:
        for d in a.same(c):
            if d.pending:
                return f"{format(c, 'a')} serves in the pending {d} (R11)"
    return None


def r8_marriage_repairing(a: Ask, intact: Decl) -> bool:
    """R8 (WKC-RUB), R12's last sentence, R14 (d): a marriage that re-forms the lone card of a
    free broken marriage may take its partner out of the intact scored marriage ``intact``
    (``reform_after_play``, not ``reform_requires_hand_card``; M6). The lone card serves in no
    intact declaration of the order itself: a re-paired marriage takes *its partner* out of
    *the* marriage it leaves (R12), one card out of one marriage, never a card out of each
    of two."""
    m = a.rules.melds
    if not (m.reform_after_play and not m.reform_requires_hand_card):
        return False
    if a.meld.klass != "marriage" or a.meld.order != 1 or intact.pending:
        return False
    return any(not _serves_intact(a, c)
               for d in a.remnants() for c in (d.rest & a.cards) - intact.cards)


def _serves_intact(a: Ask, card: Card) -> bool:
    """Whether ``card`` serves in an intact scored declaration of the meld's class and order."""
    return any(not d.pending and not a.model.broken(d) for d in a.same(card))


def r12_intact_binds(a: Ask) -> str | None:
    """R11, R12 and R14: no declaration may take a card that serves in an intact scored
    declaration of the same class and order, but for a marriage's re-pairing (R8, above)."""
    m = a.model
    for c in a.cards:
        for d in a.same(c):
            if not d.pending and not m.broken(d) and not r8_marriage_repairing(a, d):
                left = any(x is not d and x.klass == d.klass and x.order == d.order
                           and (x.rest & a.cards) - d.cards and _left_holder(a, x)
                           for x in a.history)
                return f"{format(c, 'a')} serves in the intact {d} (R12){LEFT if left else ''}"
    return None


LEFT = " [the remnant's re-forming lost its partner to a re-pairing, no card of it played]"
"""The hint, under ``binding="played"``, where the project's ruling (free once the re-forming is
broken, a re-pairing too; docs/rules.md R14) would free the remnant (M5)."""


def _left_holder(a: Ask, d: Decl) -> bool:
    """Whether ``d`` is broken and bound only by a re-forming that a re-pairing broke (M5)."""
    m = a.model
    holder = m.bound_by(d, a.itself) if not d.pending and m.broken(d) else None
    return holder is not None and holder.left


def r12_r14_reforming_state(a: Ask) -> str | None:
    """R12 and R14 (a)-(c), (e), §1.1 rule 1's example, D19: a card of a broken declaration of
    the same class and order serves again only where ``melds.reform_after_play`` is on, and only
    while that declaration is free: not re-formed, or its re-forming broken by a played card
    (R14 (c); M4, M5). A remnant card the re-forming took is judged as a card of that one (its
    own entry in this loop, or R11/R12 while it stands). A re-pairing's left marriage counts as
    re-formed by it (R14 (d))."""
    m = a.model
    for c in a.cards:
        for d in a.same(c):
            if d.pending or not m.broken(d) or c in d.gone:  # a departed partner (M7)
                continue
            if not a.rules.melds.reform_after_play:
                return f"{format(c, 'a')} served in {d}, broken: no re-forming here (§1.1 rule 1)"
            holder = m.bound_by(d, a.itself)
            if holder is not None and c not in holder.cards:
                return (f"{format(c, 'a')} is bound: {d} was re-formed by {holder}, no card of "
                        f"which has been played (R12, R14 (c)){LEFT if holder.left else ''}")
    return None


def reform_requires_hand_card(a: Ask) -> str | None:
    """D19, ``melds.reform_requires_hand_card`` (FOSTER p.326's stricter reading, R8): a
    re-forming must take a card from the concealed hand (M3: not when scoring a pending one)."""
    if not a.rules.melds.reform_requires_hand_card or a.itself is not None or not a.remnants():
        return None
    return None if a.cards & a.hand else "a re-forming takes a card from the hand (D19)"


def new_card_from_hand_required(a: Ask) -> str | None:
    """R9 (PW Pinocle-1), ``melds.new_card_from_hand_required``: every meld takes a card from
    the concealed hand (M3: not when scoring one's own pending declaration)."""
    if not a.rules.melds.new_card_from_hand_required or a.itself is not None:
        return None
    fresh = a.cards & a.hand
    if not a.rules.jokers.fresh_card_may_be_joker:  # DJ12 (M14)
        fresh = frozenset(c for c in fresh if not c.is_joker)
    return None if fresh else "every meld takes a card from the hand, not a joker (R9, DJ12)"


def double_after_two_singles(a: Ask) -> bool:
    """D5 / R3 (S003, S000), ``melds.double_after_two_singles``: two separately declared single
    beziques make a double with no fresh card, the one exception to R13 (M8)."""
    if not a.rules.melds.double_after_two_singles or a.meld.klass != "bezique" or (
            a.meld.order != 2):
        return False
    singles = [d for d in a.history if d.klass == "bezique" and d.order == 1 and d.cards <= a.cards]
    return any(not (x.cards & y.cards) and x.cards | y.cards == a.cards
               for i, x in enumerate(singles) for y in singles[i + 1:])


def r13_fresh_card(a: Ask) -> str | None:
    """R13 (FOSTER p.326 for every class): a new declaration of a class takes at least one card
    not yet used in it ("used": in any declaration of the class that stands, broken or not);
    not a re-forming (R13's last sentence), and D5's double (above). The reason ends with a
    bracketed hint where a looser reading would allow it: a card whose uses are all broken
    declarations ("fresh" once free), or cards from several declarations of the class ("a card
    not in the declaration it grows from"; beyond D5, M8)."""
    if any(not a.holding(c) for c in a.cards) or a.remnants() or double_after_two_singles(a):
        return None
    m = a.model
    hint = ""
    if any(all(m.broken(d) for d in a.holding(c)) for c in a.cards):
        hint = " [a card used only in broken declarations]"
    elif not any(a.cards <= d.cards for d in a.history if d.klass == a.meld.klass):
        hint = " [its cards come from several declarations of the class]"
    return f"no card of {names(a.cards)} is fresh to the class {a.meld.klass!r} (R13){hint}"


RULES: tuple[Rule, ...] = (
    meld_is_scored, cards_are_the_players, trump_not_fixed, pattern_forms_meld,
    require_trump_marriage_before_sequence, reuse_never, sequence_then_marriage,
    class_rule_higher_order_only, marriage_then_sequence, r11_pending_binds, r12_intact_binds,
    r12_r14_reforming_state, reform_requires_hand_card, joker_reuse,
    sequence_from_own_marriage, multi_bezique_growth, new_card_from_hand_required,
    r13_fresh_card,
)
"""Every rule, in the order asked; the first objection is the answer."""

PER_CARD: tuple[Rule, ...] = (
    reuse_never, sequence_then_marriage, class_rule_higher_order_only, marriage_then_sequence,
    r11_pending_binds, r12_r14_reforming_state, joker_reuse,
)
"""Rules that object to a card whatever its companions: a card they refuse alone is refused in
every combination, so the enumerator may leave it out (`reuse_driver.card_refused`)."""


@dataclass
class Verdict:
    """The model's answer: ``reason`` (None: allowed) and the rule that gave it."""

    reason: str | None
    rule: str = ""
    reforms: tuple[Decl, ...] = ()
    freed_again: bool = False
    """It re-forms a declaration that had been re-formed before (free again: R14 beyond R12)."""
    departed: bool = False
    """It takes a partner that a re-pairing took out of a marriage, or re-forms a marriage left
    by a re-pairing whose departed partner serves in a standing one (M7)."""

    @property
    def allowed(self) -> bool:
        """Whether the declaration may be made."""
        return self.reason is None


class ReuseModel:
    """Both players' declaration histories, followed from a deal's events."""

    def __init__(self, rules: Rules, binding: str = "broken") -> None:
        self.rules = rules
        self.binding = binding
        """M5: a re-forming binds until it is ``broken`` (a play or a re-pairing: the project's
        ruling, docs/rules.md R14), or, the stricter reading, until a card of it is
        ``played``."""
        self.table = templates(rules)
        self.decls: list[Decl] = []
        self.played: tuple[set[Card], ...] = tuple(set() for _ in range(rules.players))
        self.end_phase = False
        self.seen = 0
        self.log: list[str] = []
        """Events the model found inconsistent with its history (a ``pending_lost`` it did not
        expect): the harness reports them."""

    @classmethod
    def from_deal(cls, deal: Deal, binding: str = "broken") -> ReuseModel:
        """A model of ``deal`` rebuilt from all its events."""
        model = cls(deal.rules, binding)
        model.follow(deal)
        return model

    # ------------------------------------------------------------ state

    def broken(self, d: Decl) -> bool:
        """R14 (a): a card of it played, or (R12) its partner taken by a re-pairing."""
        return d.left or bool(d.cards & self.played[d.owner])

    def bound_by(self, d: Decl, ignore: Decl | None = None) -> Decl | None:
        """The re-forming that holds ``d``'s remnant: its latest live re-former none of whose
        cards has been played (R12, R14 (c), M5), or None (free). ``ignore``: a pending
        declaration being scored, which does not bind against itself (M3)."""
        for r in reversed(d.reformed_by):
            if r is ignore or r.lost:
                continue
            if not (self.broken(r) if self.binding == "broken" else r.cards & self.played[r.owner]):
                return r
        return None

    def live(self, player: int) -> list[Decl]:
        """The player's declarations that stand (lost pending ones are gone, M2)."""
        return [d for d in self.decls if d.owner == player and not d.lost]

    def pending_of(self, player: int, name: str, cards: frozenset[Card]) -> Decl | None:
        """The player's pending declaration of exactly this meld and these cards, if any."""
        return next((d for d in self.live(player)
                     if d.pending and d.name == name and d.cards == cards), None)

    # ------------------------------------------------------------ events

    def follow(self, deal: Deal) -> None:
        """Take in the deal's events not seen yet."""
        events = deal.events
        for e in events[self.seen:]:
            self.event(e)
        self.seen = len(events)

    def event(self, e: Event) -> None:
        """Follow one event."""
        p = 0 if e.player is None else e.player
        cards = frozenset(e.cards)
        if e.kind == "play":
            self.played[p].update(cards)
            for d in self.live(p):
                if d.pending and d.cards & cards:
                    d.lost = True  # Cady: a pending declaration is lost with its card (M2)
        elif e.kind == "pending_lost":
            found = [d for d in self.live(p) if d.pending and d.cards == cards]
            for d in found:
                d.lost = True
            if not found and not any(d.lost and d.pending and d.cards == cards
                                     for d in self.decls if d.owner == p):
                self.log.append(f"unexpected pending_lost of P{p} {names(cards)}")
        elif e.kind == "end_phase":
            self.end_phase = True
            for d in self.decls:
                if d.pending:
                    d.lost = True
        elif e.kind in (MELD, ANNOUNCE):
            self._declared(e.kind, p, e.reason, cards)

    def _declared(self, verb: str, p: int, name: str, cards: frozenset[Card]) -> None:
        """A meld or an announcement made: record it and its re-forming relations (R14)."""
        t = self.table.get(name)
        klass, order = (t.klass, t.order) if t else ("?", 0)
        itself = self.pending_of(p, name, cards) if verb == MELD else None
        others = [d for d in self.live(p) if d is not itself and d.klass == klass
                  and d.order == order and d.rest & cards and not d.pending]
        if itself is not None:
            decl = itself
            decl.pending = False
        else:
            decl = Decl(len(self.decls), p, name, klass, order, cards, verb == ANNOUNCE)
            self.decls.append(decl)
        decl.trump_suit = bool(t and t.suits == "trump")
        for d in others:
            if self.broken(d):
                if self.bound_by(d) is None and d not in decl.reforms:
                    d.reformed_by.append(decl)
                    decl.reforms.append(d)
            elif verb == MELD:  # a re-pairing's partner leaves its marriage (R12, R14 (d), M6)
                d.left = True
                d.gone |= d.cards & cards
                d.reformed_by.append(decl)
                decl.reforms.append(d)

    # ------------------------------------------------------------ questions

    def ask(self, deal: Deal, verb: str, name: str, cards: Sequence[Card],
            player: int | None = None) -> Ask | None:
        """The question about ``deal`` now (None: ``name`` is no scored meld here)."""
        t = self.table.get(name)
        if t is None:
            return None
        p = deal.to_move if player is None else player
        assert p is not None
        chosen = frozenset(cards)
        itself = self.pending_of(p, name, chosen) if verb == MELD else None
        return Ask(self, p, verb, t, chosen, len(cards), frozenset(deal.hand(p)),
                   frozenset(deal.table(p)), deal.trump, itself,
                   [d for d in self.live(p) if d is not itself and not (
                       itself is not None and d.pending and d.serial > itself.serial)])

    def may_declare(self, deal: Deal, verb: str, name: str, cards: Sequence[Card],
                    player: int | None = None) -> Verdict:
        """May the player to move (or ``player``) declare ``cards`` as ``name`` now, scored
        (``verb = "meld"``) or announced (``"announce"``)? Timing aside (M1)."""
        self.follow(deal)
        if self.end_phase:
            return Verdict("no declarations once the stock is exhausted (§1.1)", "end_phase")
        a = self.ask(deal, verb, name, cards, player)
        if a is None:
            return Verdict(f"no scored meld {name!r} (R5)", meld_is_scored.__name__)
        for rule in RULES:
            reason = rule(a)
            if reason is not None:
                return Verdict(reason, rule.__name__)
        reforms = tuple(a.remnants())
        freed = any(r is not a.itself and not r.lost for d in reforms for r in d.reformed_by)
        gone = frozenset().union(*(d.gone for d in reforms))
        departed = any(d.gone & a.cards for d in a.history) or any(
            gone & r.cards for r in a.history if not self.broken(r))
        return Verdict(None, "", reforms, freed, departed)
