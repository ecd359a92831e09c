"""The rule sheet as data: sections of plain-language lines and the meld table, built from a
`Rules` object alone, each line carrying the TOML keys it comes from.

>>> from bezique.rules import load_profile
>>> sheet = build_sheet(load_profile("bezique"))
>>> [s.title for s in sheet.sections][:3]
['Pack and deal', 'Trumps', 'Declarations']
>>> row = next(r for r in sheet.melds if r.name == "double_bezique")
>>> row.cards, row.points
('2 × (Q♠ J♦)', 500)
"""

from __future__ import annotations

from attrs import frozen

from bezique.rules.diff import diff_rules
from bezique.rules.model import MeldSpec, PartnershipRules, Rules
from bezique.rulesheet.jokers import joker_lines, meld_lines, pack_jokers
from bezique.rulesheet.seats import (
    draw_at_seats,
    more_seat_duties,
    partners,
    partnership_lines,
    seat_lines,
    two_seats,
)

SUIT_PAIRS = "♠–♦, ♥–♣"
"""The suits paired for the bezique when the trump queen takes the paired jack."""


@frozen
class Line:
    """One rule in words, the TOML keys it comes from, and whether a house profile changed it."""

    text: str
    keys: tuple[str, ...]
    changed: bool = False


@frozen
class MeldRow:
    """One scored declaration: its name, the cards, the suits they take, points, reuse class."""

    name: str
    cards: str
    suits: str
    points: int
    klass: str
    order: int
    changed: bool = False


@frozen
class Section:
    """A titled group of rule lines."""

    title: str
    lines: tuple[Line, ...]


@frozen
class Change:
    """One key a house profile sets differently from its base, both values as TOML text."""

    key: str
    base: str
    house: str


@frozen
class Sheet:
    """The whole rule sheet of one profile (see `build_sheet`)."""

    name: str
    description: str
    digest: str
    base_name: str | None
    changes: tuple[Change, ...]
    sections: tuple[Section, ...]
    melds: tuple[MeldRow, ...]
    meld_section: int


def build_sheet(rules: Rules, base: Rules | None = None) -> Sheet:
    """The rule sheet of ``rules``; with ``base``, every line whose keys differ is marked and
    `Sheet.changes` lists each difference (name and description left out)."""
    from bezique.rules.diff import format_value

    changes: tuple[Change, ...] = ()
    if base is not None:
        changes = tuple(
            Change(key, format_value(a), format_value(b))
            for key, a, b in diff_rules(base, rules)
            if key not in ("name", "description")
        )
    changed = [c.key for c in changes]

    def is_changed(keys: tuple[str, ...]) -> bool:
        return any(c == k or c.startswith(k + ".") for c in changed for k in keys)

    def mark(title: str, lines: list[tuple[str, tuple[str, ...]]]) -> Section:
        return Section(title, tuple(Line(t, k, is_changed(k)) for t, k in lines if t))

    rows = tuple(
        MeldRow(
            name, _cards(rules, spec), _suits(rules, spec), rules.melds.values.get(name, 0),
            spec.klass, spec.order,
            is_changed((f"melds.table.{name}", f"melds.values.{name}")),
        )
        for name, spec in rules.melds.table.items()
        if rules.melds.values.get(name, 0) > 0
    )
    sections = [
        mark("Pack and deal", _deal(rules)),
        mark("Trumps", _trumps(rules)),
        mark("Declarations", _declarations(rules)),
        mark("Reuse of declared cards", _reuse(rules)),
        *([mark("Jokers", joker_lines(rules))] if rules.pack.jokers else []),
        mark("The dix", _dix(rules)),
        mark("Tricks and the end phase", _tricks(rules)),
        mark("Scoring of tricks", _scoring(rules)),
        mark("The end count and settlement", _end_count(rules)),
    ]
    covered = [k for section in sections for line in section.lines for k in line.keys]
    covered += [k for row in rows for k in (f"melds.table.{row.name}", f"melds.values.{row.name}")]
    loose = [c for c in changes
             if not any(c.key == k or c.key.startswith(k + ".") for k in covered)]
    if loose:  # keys this profile does not use (e.g. game.target in a single-deal game)
        sections.append(Section("Other changed keys", tuple(
            Line(f"`{c.key}` = {c.house} (has no effect on its own in this game).",
                 (c.key,), True) for c in loose)))
    return Sheet(
        name=rules.name,
        description=rules.description,
        digest=rules.digest,
        base_name=None if base is None else base.name,
        changes=changes,
        sections=tuple(sections),
        melds=rows,
        meld_section=2,
    )


_Lines = list[tuple[str, tuple[str, ...]]]

_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
            8: "eight"}
_RANK_WORDS = {"A": "ace", "10": "ten", "K": "king", "Q": "queen", "J": "jack", "9": "nine",
               "8": "eight", "7": "seven"}


def _n(count: int) -> str:
    return _NUMBERS.get(count, str(count))


def _yes(flag: bool, yes: str, no: str) -> str:
    return yes if flag else no


def _deal(rules: Rules) -> _Lines:
    pack, deal = rules.pack, rules.deal
    per_pack = len(pack.ranks) * 4
    size = per_pack * pack.copies + pack.jokers
    packs = "one pack" if pack.copies == 1 else f"{_n(pack.copies)} packs mixed"
    cards = (f"{size} cards: {packs} of {per_pack} ({' '.join(pack.ranks)} in each suit, "
             f"highest first){pack_jokers(rules)}.")
    keys = ("pack.ranks", "pack.copies", *(("pack.jokers",) if pack.jokers else ()))
    dealt = 2 * deal.hand_size
    packets = deal.packets
    if len(packets) == 1:
        how = "one at a time" if packets[0] == 1 else f"in packets of {packets[0]}"
    else:
        how = "in packets of " + ", ".join(str(p) for p in packets)
    first = {
        "high_card_deals": "Cut for the deal: the higher card deals first.",
        "high_card_chooses": "Cut for the deal: the higher card chooses who deals first.",
        "low_card_deals": "Cut for the deal: the lower card deals first.",
        "random": "The first dealer is chosen at random.",
    }[deal.first_dealer]
    rotation = {
        "alternate": "The deal alternates." if rules.players == 2 else
                     "The deal passes to the next seat in playing order.",
        "last_trick_winner_deals": "The winner of the last trick deals next.",
        "hand_winner_deals": "The winner of the deal deals next.",
    }[deal.rotation]
    lines: _Lines
    if two_seats(rules):
        lines = [
            (f"Two players, P0 and P1. {cards}", keys),
            (f"Each player is dealt {deal.hand_size} cards, {how}, non-dealer first; the other "
             f"{size - dealt} cards form the stock.", ("deal.hand_size", "deal.packets")),
        ]
    else:
        lines = seat_lines(rules, size, cards, keys, how)
    lines += [(first, ("deal.first_dealer",)), (rotation, ("deal.rotation",))]
    if deal.dealer_cut_bonus:
        lines.append((
            f"Cut bonus: the dealer scores {deal.cut_bonus_dealer} for lifting exactly "
            f"{deal.cut_bonus_exact} cards; the non-dealer scores {deal.cut_bonus_guess} for "
            "guessing the number lifted.",
            ("deal.dealer_cut_bonus", "deal.cut_bonus_exact", "deal.cut_bonus_dealer",
             "deal.cut_bonus_guess"),
        ))
    else:
        lines.append(("No bonus for the cut.", ("deal.dealer_cut_bonus",)))
    return lines


def _trumps(rules: Rules) -> _Lines:
    t = rules.trump
    how = {
        "turn_up_next": "The next card after the deal is turned up: its suit is trumps.",
        "turn_up_bottom": "The bottom card of the stock is turned up: its suit is trumps.",
        "first_marriage": "No card is turned up: the first marriage declared fixes trumps.",
        "first_marriage_or_sequence": "No card is turned up: the first marriage or sequence "
                                      "declared fixes trumps.",
    }[t.selection]
    lines: _Lines = [(how, ("trump.selection",))]
    if t.selection.startswith("turn_up") and rules.pack.jokers:
        lines.append((_turned_up_joker(rules), ("jokers.turned_up",)))
    if t.selection.startswith("first_marriage"):
        lines.append((f"The marriage that fixes trumps scores {t.first_marriage_value}.",
                      ("trump.first_marriage_value",)))
    lines.append((_yes(t.melds_before_trump == "any",
                       "Any declaration may be made before trumps are fixed.",
                       _yes(t.selection.startswith("first_marriage") and rules.pack.jokers > 0,
                            "Nothing but the marriage that fixes them may be declared before "
                            "trumps are fixed.",
                            "Nothing may be declared before trumps are fixed.")),
                  ("trump.melds_before_trump",)))
    return lines


def _turned_up_joker(rules: Rules) -> str:
    """What a turned-up joker means (``jokers.turned_up``, docs/rules.md#dj1)."""
    if rules.jokers.turned_up == "none":
        return "A turned-up joker has no reading: the deal is played without trumps."
    suit = {"diamonds": "♦"}[rules.jokers.turned_up]
    return (f"A turned-up joker makes {suit} trumps; it is never the dix and may not be "
            "exchanged for one.")


def _declarations(rules: Rules) -> _Lines:
    m = rules.melds
    unscored = [n for n in m.table if m.values.get(n, 0) <= 0]
    lines: _Lines = [
        (f"After winning a trick, and {_yes(m.timing == 'before_draw', 'before', 'after')} "
         f"drawing, the winner may declare {_n(m.per_trick)} combination"
         f"{'' if m.per_trick == 1 else 's'} from the hand, laid face up on the table.",
         ("melds.per_trick", "melds.timing")),
    ]
    if unscored:
        lines.append(("Not scored in this game: " + ", ".join(f"`{n}`" for n in unscored) + ".",
                      tuple(f"melds.values.{n}" for n in unscored)))
    lines += [
        (_yes(m.pending == "cady",
              "Several combinations may be shown at once; one scores now, the others stay "
              "announced (pending) and score on later trick wins (Cady's procedure).",
              "Only the combination scored is shown: nothing is left pending."),
         ("melds.pending",)),
        (_yes(m.on_last_stock_trick,
              "A declaration is allowed on the last trick before the stock runs out.",
              "No declaration on the last trick before the stock runs out."),
         ("melds.on_last_stock_trick",)),
        (_yes(m.new_card_from_hand_required,
              "Every declaration must take at least one card from the hand.",
              "A declaration may be made entirely of cards already on the table, as the "
              "reuse rules allow."), ("melds.new_card_from_hand_required",)),
        (_yes(m.require_trump_marriage_before_sequence,
              "A sequence may be declared only after the trump marriage has been.",
              "A sequence needs no trump marriage before it."),
         ("melds.require_trump_marriage_before_sequence",)),
    ]
    if partners(rules) or rules.partnership != PartnershipRules():
        lines += partnership_lines(rules)
    if any(s.suits == "none" for n, s in m.table.items() if n not in unscored):
        lines.append((_yes(m.carte_blanche_repeat,
                           "Carte blanche scores again each time a non-court card is drawn "
                           "and shown.", "Carte blanche scores once."),
                      ("melds.carte_blanche_repeat",)))
    return lines


def _reuse(rules: Rules) -> _Lines:
    m = rules.melds
    if m.reuse == "never":
        return [("A card that has served in a declaration never serves in another "
                 "(docs/rules.md#invariant-reuse).", ("melds.reuse",))]
    single, double = _pair_names(rules)
    doubles = any(s.suits == "bezique_pair" and s.order > 1 and m.values.get(n, 0) > 0
                  for n, s in m.table.items())
    return [
        ("A declared card may serve again in a declaration of another class, and in its own "
         "class only in a declaration of higher order (docs/rules.md#r11, "
         "docs/rules.md#invariant-reuse).", ("melds.reuse",)),
        (_yes(m.marriage_to_sequence,
              "A scored trump marriage may grow into a sequence with the A, 10 and J added.",
              "A scored marriage may not grow into a sequence."),
         ("melds.marriage_to_sequence",)),
        (_yes(m.sequence_to_marriage,
              "After a sequence, its king and queen may still score as a marriage.",
              "After a sequence, its king and queen may not score as a marriage."),
         ("melds.sequence_to_marriage",)),
        (_yes(m.double_after_two_singles,
              f"Two single {single}s scored separately may be scored again as a {double}.",
              f"A {double} counts only when its four cards are declared together.")
         if doubles and m.multi_bezique_growth else "", ("melds.double_after_two_singles",)),
        (_yes(m.reform_after_play,
              "When a card of a declared combination is played, the combination may be "
              "re-formed once with a fresh card and scored again (docs/rules.md#r12).",
              "A combination broken by play may not be re-formed."),
         ("melds.reform_after_play",)),
        (_yes(m.reform_after_play,
              _yes(m.reform_requires_hand_card,
                   "Re-forming needs a card from the hand.",
                   "Re-forming needs no card from the hand; a marriage may re-pair its "
                   "partner with a fresh king or queen."), ""),
         ("melds.reform_requires_hand_card",)),
        (_yes(m.second_double_on_used_pair,
              f"A second {double} may be declared to a {single} that already served in a "
              f"{double}.",
              f"A {single} that served in a {double} serves in no other {double}.")
         if doubles and (m.second_double_on_used_pair or rules.players > 2) else "",
         ("melds.second_double_on_used_pair",)),
        *meld_lines(rules, doubles),
        ("A trump quartet over a plain quartet needs a fresh trump card "
         "(docs/rules.md#r13)." if any(s.order > 1 and s.suits == "trump" and len(s.ranks) == 1
                                       and m.values.get(n, 0) > 0
                                       for n, s in m.table.items()) else "",
         ("melds.table",)),
    ]


def _pair_names(rules: Rules) -> tuple[str, str]:
    """What the table calls the single and the double of the bezique class (``pinochle`` and
    ``double_pinochle`` in Pinochle), in words."""
    m = rules.melds
    scored = [(s.order, n) for n, s in m.table.items()
              if s.suits == "bezique_pair" and m.values.get(n, 0) > 0]
    single = next((n for o, n in sorted(scored) if o == 1), "bezique")
    double = next((n for o, n in sorted(scored) if o == 2), f"double_{single}")
    return single.replace("_", " "), double.replace("_", " ")


def _dix(rules: Rules) -> _Lines:
    d = rules.dix
    name = f"the {_RANK_WORDS[d.rank]} of trumps"
    if d.value == 0:
        return [(f"The dix ({name}) scores nothing.", ("dix.rank", "dix.value"))]
    methods = {"either": "exchange it for the turn-up or show it",
               "exchange_only": "only exchange it for the turn-up",
               "announce_only": "only show it (no exchange)"}[d.only_method]
    return [
        (f"The dix is {name}; it scores {d.value} (docs/rules.md#r4).", ("dix.rank", "dix.value")),
        (_yes(d.turn_up_scores, "A dix turned up scores for the dealer.",
              "A dix turned up scores nothing.")
         if rules.trump.selection.startswith("turn_up") or d.turn_up_scores else "",
         ("dix.turn_up_scores",)),
        (f"Its holder may, after winning a trick, {methods}"
         f"{_yes(d.declare_anytime, ', at any time without a trick win', '')}."
         if d.exchange_allowed or d.show_allowed else "Its holder may neither exchange nor "
         "show it: a dix scores only when played.", ("dix.only_method", "dix.declare_anytime")),
        (_yes(d.exchange_allowed, "Exchanging the dix for the turn-up is allowed.",
              "The dix may not be exchanged for the turn-up."), ("dix.exchange_allowed",)),
        (_yes(d.show_allowed, "Showing the dix for its points is allowed.",
              "The dix may not be shown for points."), ("dix.show_allowed",)),
        (_yes(d.score_on_play, "A dix not yet scored scores when first played"
              + _yes(d.score_on_play_in_endgame, ", in the end phase too.",
                     ", but not in the end phase."),
              "Playing the dix scores nothing."),
         ("dix.score_on_play", "dix.score_on_play_in_endgame")),
        (_yes(d.award_to == "trick_winner", f"Each dix played scores {d.value} for the winner "
              "of its trick, not for the player who played it.", ""), ("dix.award_to",)),
    ] + ([
        (_yes(d.counts_as_meld, "Showing or exchanging the dix uses the trick's declaration.",
              "Showing or exchanging the dix does not use the trick's declaration."),
         ("dix.counts_as_meld",)),
        (_yes(d.blocks_meld_same_trick, "No other declaration on the trick the dix is used.",
              "Another declaration may follow the dix on the same trick."),
         ("dix.blocks_meld_same_trick",)),
    ] if d.exchange_allowed or d.show_allowed else [])


def _tricks(rules: Rules) -> _Lines:
    e = rules.endgame
    obligation = {
        "follow_and_win": "follow suit and win the trick if possible; with no card of the "
                          "suit led, trump if possible",
        "follow_only": "follow suit if possible; nothing more",
        "follow_trump_beat_trump_lead": "follow suit, trump if void, and beat a trump lead",
    }[e.obligation]
    gather = {
        "always": "Each trick's winner takes its cards.",
        "when_brisque_played": "Won tricks stay in a central heap and are gathered only when an "
                               "ace or ten is played to a trick.",
        "never": "Won tricks are never gathered: trick cards score nothing.",
    }[rules.tricks.gather]
    lt = rules.last_trick
    which = "the last trick of the deal" if lt.which == "final" else \
        "the last trick before the stock runs out"
    return [
        ("While the stock lasts any card may be played; the higher card of the suit led wins, "
         "a trump beats any plain card, and of two identical cards the first played wins.", ()),
        (_draw(rules), ("last_stock.winner_chooses",)),
        (f"Once the stock is gone (the end phase), each player must {obligation}.",
         ("endgame.obligation",)),
        *more_seat_duties(rules),
        (_yes(e.revoke_penalty == "none", "An illegal card is refused.",
              "A revoke forfeits the remaining tricks."), ("endgame.revoke_penalty",)),
        (gather, ("tricks.gather",)),
        (_yes(rules.tricks.before_trump_worthless,
              "Tricks won before trumps are fixed are worthless.",
              "Tricks won before trumps are fixed count like any other."),
         ("tricks.before_trump_worthless",)),
        (f"Winning {which} scores {lt.value}." if lt.value else "The last trick scores nothing.",
         ("last_trick.value", "last_trick.which")),
        (f"Won with the dix, it scores {lt.seven_bonus} more." if lt.value and lt.seven_bonus
         else "", ("last_trick.seven_bonus",)),
    ]


def _draw(rules: Rules) -> str:
    if rules.players != 2:
        return draw_at_seats(rules)
    text = "Each trick's winner draws first from the stock, then the other"
    if rules.trump.selection.startswith("first_marriage"):
        return text + "."
    if rules.last_stock.winner_chooses:
        return text + "; of the last two cards the trick winner chooses the hidden card or " \
                      "the turn-up."
    return text + "; the last card drawn is the turn-up, by the loser of the trick."


def _scoring(rules: Rules) -> _Lines:
    tp, b = rules.trick_points, rules.brisques
    scheme = {
        "brisques": "Each ace and ten captured in tricks (a brisque) scores 10.",
        "ace11_ten10": "Captured aces score 11, tens 10.",
        "a11_t10_k4_q3_j2": "Captured cards score: ace 11, ten 10, king 4, queen 3, jack 2.",
        "counters_10": "Captured aces, tens and kings score 10 each.",
        "none": "Cards captured in tricks score nothing.",
    }[tp.scheme]
    lines: _Lines = [(scheme, ("trick_points.scheme",))]
    if tp.scheme == "none":
        return lines
    lines += [
        (_yes(tp.rounding == "7_up", "A trick-point total ending in 7, 8 or 9 counts as the "
              "next ten.", "Trick points are not rounded."), ("trick_points.rounding",)),
        (_yes(b.when == "end_of_deal", "Trick points are counted at the end of the deal.",
              "Trick points are scored as the tricks are won."), ("brisques.when",)),
        (_counted(rules), ("brisques.counted", "brisques.majority_penalty")
         if b.counted == "majority" else ("brisques.counted",)),
        (f"A player with fewer than {b.min_for(rules.players)} brisques scores none of "
         "them." if b.min_for(rules.players) else "No minimum number of brisques.",
         ("brisques.min_to_score",)),
        (_most_brisques(rules) if b.majority_bonus else "No bonus for the most brisques.",
         ("brisques.majority_bonus",)),
        (f"Brisques count only for a player with at least {b.min_board_score_to_count} on "
         "the board." if b.min_board_score_to_count else "Brisques count whatever the "
         "board score.",
         ("brisques.min_board_score_to_count",)),
        (f"A player whose brisques do not count for these conditions scores "
         f"{b.shortfall_penalty} instead." if b.shortfall_penalty else "",
         ("brisques.shortfall_penalty",)),
    ]
    return lines


def _counted(rules: Rules) -> str:
    """When trick points count (``brisques.counted``; docs/rules.md#dj15 for ``majority``)."""
    b = rules.brisques
    if b.counted == "majority":
        side = "side" if partners(rules) else "player"
        return (f"Only the {side} with more brisques scores them; the other scores "
                f"{b.majority_penalty}. With equal brisques each scores its own.")
    return _yes(b.counted == "always", "Trick points always count.",
                "Brisques count only to break a tie or to save the loser from the rubicon.")


def _most_brisques(rules: Rules) -> str:
    """The majority bonus: to the player with more brisques, at more seats to the one with
    the most, alone (docs/rules.md#more-seats)."""
    bonus = rules.brisques.majority_bonus
    if rules.players == 2:
        return f"The player with more brisques scores {bonus} more."
    return f"The player with the most brisques, if no other has as many, scores {bonus} more."


def _end_count(rules: Rules) -> _Lines:
    g, r = rules.game, rules.rubicon
    if g.single_deal:
        lines: _Lines = [
            ("One deal is the game: the higher score wins; equal scores draw.",
             ("game.single_deal",)),
            (f"The winner scores the difference plus {r.game_bonus}.", ("rubicon.game_bonus",)),
        ]
        if r.threshold:
            loser = "plus the loser's score" if r.add_loser_points else "minus the loser's score"
            lines.append((
                f"A loser under {r.threshold} is rubiconed: the winner scores their own score "
                f"{loser}, plus {r.rubicon_bonus}"
                + (f", plus {r.brisque_award} for the brisques" if r.brisque_award else "")
                + (f", plus {r.loser_under_100_extra} if the loser is under 100"
                   if r.loser_under_100_extra else "") + ".",
                ("rubicon.threshold", "rubicon.rubicon_bonus", "rubicon.add_loser_points",
                 "rubicon.brisque_award", "rubicon.loser_under_100_extra"),
            ))
        lines.append((_yes(r.drop_fractions, "Scores are counted in whole hundreds (fractions "
                           "of 100 dropped).", "Scores are counted exactly."),
                      ("rubicon.drop_fractions",)))
        return lines
    end = {
        "finish_deal": "at the end of the deal in which a player reaches it",
        "immediate_on_meld": "as soon as a declaration takes a player to it",
        "immediate_any": "as soon as a player reaches it by any score",
    }[g.end]
    tie = {
        "draw": "Equal totals at or above the target: a drawn game.",
        "extra_deal": "Equal totals at or above the target: another deal is played.",
        "raise_target": f"Equal totals at or above the target: the target rises by "
                        f"{g.tie_raise}.",
    }[g.tie]
    who = "a side" if partners(rules) else "a player"
    lines = [
        (f"Deals go on until {who} has {g.target}; the game ends {end}, and the higher "
         "total wins.", ("game.target", "game.end", "game.single_deal")),
        (_yes(g.count_order == "simultaneous",
              "Both players count at the end of a deal." if rules.players == 2 else
              "Every player counts at the end of a deal.",
              "The non-dealer counts first; reaching the target stops the count."),
         ("game.count_order",)),
        (tie, ("game.tie", "game.tie_raise")),
        (f"A win with the loser under {g.double_win_below} is a double win."
         if g.double_win_below else "No double wins.", ("game.double_win_below",)),
        ("A player may call out, claiming the target: right, they win; wrong, they lose."
         if g.call_out else "No calling out.", ("game.call_out",)),
        (f"Both over {g.target} without a call-out: the target becomes "
         f"{g.both_over_new_target}." if g.both_over_new_target else "",
         ("game.both_over_new_target",)),
        (_match(rules), ("match.consecutive_wins", "match.loser_start")),
    ]
    return lines


def _match(rules: Rules) -> str:
    """The match over games (``[match]``, docs/rules.md#dj18); nothing without one."""
    m = rules.match
    if not m.consecutive_wins:
        return ""
    text = (f"{m.consecutive_wins} games won in a row (a double win counting two) win a "
            "match")
    if m.loser_start:
        text += (f"; the loser then starts every game at {m.loser_start}, until he has won a "
                 "match in turn")
    return text + "."


def _cards(rules: Rules, spec: MeldSpec) -> str:
    if spec.suits == "none":
        return f"{rules.deal.hand_size} cards without K, Q or J"
    if spec.suits == "jokers":
        return f"{spec.copies} × JK"
    if spec.suits == "bezique_pair":
        pair = {"QS_JD": "Q♠ J♦", "trump_queen_paired_jack": "Q J",
                "nie_swap": "Q♠ J♦ / Q♦ J♠"}[rules.melds.bezique_pair]
        return pair if spec.copies == 1 else f"{spec.copies} × ({pair})"
    ranks = " ".join(spec.ranks)
    if spec.copies == 1:
        return ranks
    return f"{spec.copies} × {ranks}" if len(spec.ranks) == 1 else f"{spec.copies} × ({ranks})"


def _suits(rules: Rules, spec: MeldSpec) -> str:
    if spec.suits == "bezique_pair":
        return {"QS_JD": "fixed cards",
                "trump_queen_paired_jack": f"trump queen, jack of the paired suit "
                                           f"({SUIT_PAIRS})",
                "nie_swap": "Q♠ J♦ when ♣ or ♥ are trumps, Q♦ J♠ otherwise"
                }[rules.melds.bezique_pair]
    if spec.suits == "any":
        return ("one of each suit" if rules.melds.four_of_a_kind_mode == "one_per_suit"
                and len(spec.ranks) == 1 else "any suits")
    return {"trump": "trumps", "plain": "one plain suit", "same": "any one suit",
            "each": "one of each suit", "none": "the whole hand", "jokers": "jokers only"
            }[spec.suits]

