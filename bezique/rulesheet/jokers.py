"""The rule sheet's lines for the joker keys (docs/rules.md#game-joker): a section of their own
where the pack holds jokers, and the meld keys of the joker game only where they are off their
defaults, so that every sheet of a game without jokers reads as before the keys existed.

>>> from bezique.rules import load_profile
>>> for text, keys in joker_lines(load_profile("joker"))[:2]:
...     print(keys, text.split(", ")[-1])
('pack.jokers',) A joker has no suit and no rank: it counts for nothing in tricks and is no brisque.
('jokers.wild_in',) four jacks.
"""

from __future__ import annotations

from bezique.rules.model import Rules

Lines = list[tuple[str, tuple[str, ...]]]
"""Rule lines, each with the TOML keys it comes from (as `bezique.rulesheet.model` builds)."""

_COUNTS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
           8: "eight"}


def _yes(flag: bool, yes: str, no: str) -> str:
    return yes if flag else no


def pack_jokers(rules: Rules) -> str:
    """What the jokers add to the pack's line (`` and four jokers``), empty without them."""
    count = rules.pack.jokers
    if not count:
        return ""
    return f", and {_COUNTS.get(count, str(count))} joker{'' if count == 1 else 's'}"


def _trump_quartets(rules: Rules) -> bool:
    """Whether the table scores a trump quartet (one rank, of trumps)."""
    values = rules.melds.values
    return any(spec.suits == "trump" and len(spec.ranks) == 1 and values.get(name, 0) > 0
               for name, spec in rules.melds.table.items())


def joker_lines(rules: Rules) -> Lines:
    """The section on jokers: what a joker is, what it completes, how it is played (empty
    without jokers; what a turned-up joker makes trumps is said with the trumps)."""
    if not rules.pack.jokers:
        return []
    j = rules.jokers
    wild = ", ".join(name.replace("_", " ") for name in j.wild_in)
    most = _COUNTS.get(j.max_per_meld, str(j.max_per_meld))
    return [
        ("A joker has no suit and no rank: it counts for nothing in tricks and is no brisque.",
         ("pack.jokers",)),
        (f"A joker may stand for a missing card, of the rank of that combination and of no "
         f"suit, in: {wild}." if wild else "A joker completes no combination.",
         ("jokers.wild_in",)),
        (f"At most {most} joker{'' if j.max_per_meld == 1 else 's'} in a combination, which "
         "keeps at least one card of its own." if wild else "", ("jokers.max_per_meld",)),
        (_yes(j.in_trump_quartets, "A joker may complete a trump quartet too.",
              "A joker never completes a trump quartet: three trump jacks and a joker are "
              "four jacks, not four trump jacks.")
         if wild and (j.in_trump_quartets or _trump_quartets(rules)) else "",
         ("jokers.in_trump_quartets",)),
        (_yes(j.reuse == "never", "A joker that has served in a declaration serves in no "
              "other.", "A joker that has served in a quartet may serve again in a quartet "
              "of another rank, never twice in quartets of one rank.") if wild else "",
         ("jokers.reuse",)),
        (_yes(j.fresh_card_may_be_joker,
              "The card a declaration takes from the hand may be a joker.",
              "The card a declaration takes from the hand may not be a joker.")
         if wild else "", ("jokers.fresh_card_may_be_joker",)),
        ("A joker led wins the trick unless a trump is played to it (before trumps are "
         "fixed it always wins); a joker played to another card never wins and never "
         "follows suit.", ("pack.jokers",)),
        (_yes(j.endgame_play == "when_void",
              "In the end phase a joker may be played only by a player void in the suit led "
              "and in trumps; after a joker led, trump if able, otherwise play any card.",
              "In the end phase a joker may be played only from a hand of nothing but jokers; "
              "after a joker led, trump if able, otherwise play any card."),
         ("jokers.endgame_play",)),
    ]


def meld_lines(rules: Rules, doubles: bool) -> Lines:
    """The meld keys of the joker game (docs/rules.md#dj3 to #dj5): each where it is off its
    default, the sequence's also in a game with jokers; ``doubles``: whether the table scores a
    multiple bezique."""
    m = rules.melds
    lines: Lines = []
    if m.sequence_from_own_marriage or rules.pack.jokers:
        lines.append((_yes(m.sequence_from_own_marriage,
                           "A sequence is made only by adding the A, 10 and J of trumps to "
                           "one's own trump marriage on the table.",
                           "A sequence may be declared at once, without a marriage before it."),
                      ("melds.sequence_from_own_marriage",)))
    if doubles and not m.multi_bezique_growth:
        lines.append(("A double or triple bezique scores only with all its cards laid at once; "
                      "it never grows from beziques already on the table.",
                      ("melds.multi_bezique_growth",)))
    if m.first_bezique_value:
        lines.append((f"The first bezique of a deal scores {m.first_bezique_value}, whoever "
                      "declares it.", ("melds.first_bezique_value",)))
    return lines
