"""The rule knobs the engine reads on every action or trick, as plain fields of the compiled
profile (`bezique.compile.Compiled` inherits them from `RuleFlags`).

`Rules` and its sections are attrs classes: in the compiled build (docs/compiled.md) reading
``rules.melds.timing`` is two generic attribute look-ups by name and a string comparison, where
``c.after_draw`` is one load from a native class. Set once per profile by `compile_rules`.
"""

from __future__ import annotations

from bezique.cards import kind_bits, kind_of
from bezique.rules.model import Rules


class RuleFlags:
    """The knobs of a profile that legal actions and apply read on every turn: what
    `bezique.legal` and `bezique.moves` test, worked out once (each field names its key)."""

    after_draw: bool = False
    """``melds.timing = "after_draw"``: declarations come after the draw, ended by `Done`."""
    per_trick: int = 1
    """``melds.per_trick``: scoring declarations per trick won."""
    on_last_stock: bool = True
    """``melds.on_last_stock_trick``: a declaration on the last stock trick."""
    dix_counts: bool = False
    """``dix.counts_as_meld``: the dix takes the trick's declaration."""
    dix_blocks: bool = False
    """``dix.blocks_meld_same_trick``: no meld on a trick used for the dix, nor the reverse."""
    dix_value: int = 0
    """``dix.value``."""
    winner_chooses: bool = False
    """``last_stock.winner_chooses``: the last stock trick's winner may take the turn-up."""
    obligation: str = "follow_and_win"
    """``endgame.obligation``."""
    worthless: bool = False
    """``tricks.before_trump_worthless``: tricks before trumps are fixed go to no one."""
    gather: str = "always"
    """``tricks.gather``."""
    count_now: bool = False
    """Captured cards score as each trick is won (``brisques.when = "immediately"`` with
    ``brisques.counted = "always"``)."""
    trick_masks: tuple[tuple[int, int], ...] = ()
    """``(points, cards)`` per rank that scores in tricks: every card of that rank
    (`bezique.count.trick_points` counts the captured ones of each)."""
    trick_reason: str = "brisques"
    """The reason of the score event of captured cards (``trick_points.scheme``)."""
    last_final: int = 0
    """The last-trick bonus where it goes to the deal's final trick (0: none there)."""
    last_stock_bonus: int = 0
    """The last-trick bonus where it goes to the last stock trick (0: none there)."""
    seven_bonus: int = 0
    """``last_trick.seven_bonus``."""
    target_on_meld: bool = False
    """A declaration's score past the target ends the deal at once (``game.end`` is not
    ``finish_deal``)."""
    target_on_trick: bool = False
    """Any score past the target ends the deal at once (``game.end = "immediate_any"``)."""
    reuse_never: bool = False
    """``melds.reuse = "never"``."""
    royal_first: bool = False
    """``melds.require_trump_marriage_before_sequence``."""
    fresh_required: bool = False
    """``melds.new_card_from_hand_required``."""
    reform: bool = False
    """``melds.reform_after_play`` (the reuse ledger reads these on every declaration)."""
    reform_needs_hand: bool = False
    """``melds.reform_requires_hand_card``."""
    repair: bool = False
    """A marriage may be re-paired with a free card of a broken one: ``reform`` without
    ``reform_needs_hand`` (`bezique.ledger.may_repair`)."""
    seq_to_marriage: bool = False
    """``melds.sequence_to_marriage``."""
    marriage_to_seq: bool = True
    """``melds.marriage_to_sequence``."""
    second_double: bool = False
    """``melds.second_double_on_used_pair``."""
    double_singles: bool = False
    """``melds.double_after_two_singles``."""

    def set_flags(self, rules: Rules, trick_value: tuple[int, ...]) -> None:
        """Read the knobs of ``rules`` into these fields (``trick_value``: the points of a
        captured card by rank)."""
        melds, dix, last = rules.melds, rules.dix, rules.last_trick
        self.after_draw = melds.timing == "after_draw"
        self.per_trick = melds.per_trick
        self.on_last_stock = melds.on_last_stock_trick
        self.dix_counts = dix.counts_as_meld
        self.dix_blocks = dix.blocks_meld_same_trick
        self.dix_value = dix.value
        self.winner_chooses = rules.last_stock.winner_chooses
        self.obligation = rules.endgame.obligation
        self.worthless = rules.tricks.before_trump_worthless
        self.gather = rules.tricks.gather
        self.count_now = rules.brisques.when == "immediately" and (
            rules.brisques.counted == "always")
        self.trick_masks = tuple(
            (v, sum(kind_bits(kind_of(r, s)) for s in range(4)))
            for r, v in enumerate(trick_value) if v)
        self.trick_reason = (
            "brisques" if rules.trick_points.scheme == "brisques" else "trick_points")
        self.last_final = last.value if last.which == "final" else 0
        self.last_stock_bonus = last.value if last.which == "last_stock_trick" else 0
        self.seven_bonus = last.seven_bonus
        self.target_on_meld = rules.game.end != "finish_deal"
        self.target_on_trick = rules.game.end == "immediate_any"
        self.reuse_never = melds.reuse == "never"
        self.royal_first = melds.require_trump_marriage_before_sequence
        self.fresh_required = melds.new_card_from_hand_required
        self.reform = melds.reform_after_play
        self.reform_needs_hand = melds.reform_requires_hand_card
        self.repair = self.reform and not self.reform_needs_hand
        self.seq_to_marriage = melds.sequence_to_marriage
        self.marriage_to_seq = melds.marriage_to_sequence
        self.second_double = melds.second_double_on_used_pair
        self.double_singles = melds.double_after_two_singles
