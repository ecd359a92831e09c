"""Cross-field validation of a structured `Rules`: ranges and consistency, each with its key path."""

from __future__ import annotations

from bezique.rules.model import Rules

MAX_POINTS = 1_000_000
"""Points of any single meld or bonus may not exceed this (a sane bound)."""
MAX_TARGET = 100_000_000


def _points(problems: list[str], path: str, value: int, *, limit: int = MAX_POINTS) -> None:
    if value < 0:
        problems.append(f"{path}: must not be negative, got {value}")
    elif value > limit:
        problems.append(f"{path}: {value} is beyond the sane bound of {limit}")


def validate(rules: Rules) -> list[str]:  # noqa: C901 - one flat list of checks reads best
    """Every cross-field problem of a profile, as ``key.path: what`` strings (empty if valid)."""
    p: list[str] = []
    pack, deal, melds = rules.pack, rules.deal, rules.melds
    ranks = set(pack.ranks)

    if not pack.ranks:
        p.append("pack.ranks: the pack needs at least one rank")
    if len(ranks) != len(pack.ranks):
        p.append(f"pack.ranks: ranks repeated in {list(pack.ranks)}")
    if not 1 <= pack.copies <= 8:
        p.append(f"pack.copies: must be 1 to 8, got {pack.copies}")
    pack_size = len(ranks) * 4 * max(pack.copies, 0)

    if deal.hand_size < 1:
        p.append(f"deal.hand_size: must be at least 1, got {deal.hand_size}")
    if not deal.packets:
        p.append("deal.packets: at least one packet size is needed")
    elif any(n < 1 for n in deal.packets):
        p.append(f"deal.packets: packet sizes must be positive, got {list(deal.packets)}")
    elif len(deal.packets) > 1 and sum(deal.packets) != deal.hand_size:
        p.append(
            f"deal.packets: {list(deal.packets)} sum to {sum(deal.packets)}, "
            f"not the hand size {deal.hand_size}"
        )
    elif len(deal.packets) == 1 and deal.hand_size % deal.packets[0]:
        p.append(
            f"deal.packets: packets of {deal.packets[0]} do not divide the hand size "
            f"{deal.hand_size}"
        )
    turn_up = rules.trump.selection.startswith("turn_up")
    needed = 2 * deal.hand_size + (1 if turn_up else 0) + 1
    if pack.copies >= 1 and deal.hand_size >= 1 and pack_size < needed:
        p.append(
            f"deal.hand_size: a pack of {pack_size} cards cannot deal two hands of "
            f"{deal.hand_size}{' and a turn-up' if turn_up else ''} and leave a stock"
        )
    if pack_size and (pack_size - 2 * deal.hand_size) % 2:
        p.append("deal.hand_size: the stock must split into whole draws for both players")
    if deal.dealer_cut_bonus:
        if not 2 * deal.hand_size <= deal.cut_bonus_exact <= pack_size:
            p.append(
                f"deal.cut_bonus_exact: must lie between the cards dealt ({2 * deal.hand_size}) "
                f"and the pack size ({pack_size}), got {deal.cut_bonus_exact}"
            )
    _points(p, "deal.cut_bonus_dealer", deal.cut_bonus_dealer)
    _points(p, "deal.cut_bonus_guess", deal.cut_bonus_guess)

    _points(p, "trump.first_marriage_value", rules.trump.first_marriage_value)
    if rules.dix.rank not in ranks:
        p.append(f"dix.rank: {rules.dix.rank!r} is not in the pack (pack.ranks)")
    _points(p, "dix.value", rules.dix.value)

    for name, spec in melds.table.items():
        path = f"melds.table.{name}"
        if not name.isidentifier() or name != name.lower():
            p.append(f"{path}: meld names must be snake_case identifiers")
        for r in spec.ranks:
            if r not in ranks:
                p.append(f"{path}.ranks: rank {r!r} is not in the pack (pack.ranks)")
        if spec.suits == "none":
            if spec.ranks:
                p.append(f"{path}.ranks: a 'none' pattern (carte blanche) takes no ranks")
        elif not spec.ranks:
            p.append(f"{path}.ranks: at least one rank is needed")
        if spec.suits == "bezique_pair" and tuple(spec.ranks) != ("Q", "J"):
            p.append(f"{path}.ranks: a bezique_pair pattern is ranks = [\"Q\", \"J\"]")
        if spec.suits == "each" and len(set(spec.ranks)) != 1:
            p.append(f"{path}.ranks: an 'each' pattern (one of every suit) takes one rank")
        if not 1 <= spec.copies <= 8:
            p.append(f"{path}.copies: must be 1 to 8, got {spec.copies}")
        elif (
            melds.values.get(name, 0)
            and spec.suits != "none"
            and spec.copies > pack.copies * (4 if spec.suits == "any" else 1)
        ):
            p.append(f"{path}.copies: {spec.copies} copies need more than {pack.copies} pack(s) hold")
        if spec.suits not in ("none",) and not spec.klass:
            p.append(f"{path}.class: a reuse class name is needed")
        if spec.order < 1:
            p.append(f"{path}.order: must be at least 1, got {spec.order}")
        if len(spec.ranks) * spec.copies * (4 if spec.suits == "each" else 1) > deal.hand_size:
            if melds.values.get(name, 0):
                p.append(f"{path}: the meld needs more cards than a hand of {deal.hand_size}")
    for name, value in melds.values.items():
        if name not in melds.table:
            p.append(f"melds.values.{name}: no meld of that name in melds.table")
        _points(p, f"melds.values.{name}", value)
    if not 1 <= melds.per_trick <= 8:
        p.append(f"melds.per_trick: must be 1 to 8, got {melds.per_trick}")

    for path, value in (
        ("brisques.min_to_score", rules.brisques.min_to_score),
        ("brisques.majority_bonus", rules.brisques.majority_bonus),
        ("brisques.min_board_score_to_count", rules.brisques.min_board_score_to_count),
        ("last_trick.value", rules.last_trick.value),
        ("game.tie_raise", rules.game.tie_raise),
        ("game.double_win_below", rules.game.double_win_below),
        ("rubicon.threshold", rules.rubicon.threshold),
        ("rubicon.game_bonus", rules.rubicon.game_bonus),
        ("rubicon.rubicon_bonus", rules.rubicon.rubicon_bonus),
        ("rubicon.brisque_award", rules.rubicon.brisque_award),
        ("rubicon.loser_under_100_extra", rules.rubicon.loser_under_100_extra),
    ):
        _points(p, path, value, limit=MAX_TARGET)
    if rules.brisques.min_to_score > 4 * pack.copies * 2:
        p.append(
            f"brisques.min_to_score: {rules.brisques.min_to_score} is more than the "
            f"{8 * pack.copies} brisques in the pack"
        )
    game = rules.game
    if not 1 <= game.target <= MAX_TARGET:
        p.append(f"game.target: must be 1 to {MAX_TARGET}, got {game.target}")
    if game.both_over_new_target and game.both_over_new_target <= game.target:
        p.append(
            f"game.both_over_new_target: {game.both_over_new_target} must exceed "
            f"game.target {game.target}"
        )
    _points(p, "game.both_over_new_target", game.both_over_new_target, limit=MAX_TARGET)
    if game.tie == "raise_target" and game.tie_raise < 1:
        p.append("game.tie_raise: must be positive when game.tie = \"raise_target\"")
    if game.call_out and game.single_deal:
        p.append("game.call_out: a call-out needs a target game, not game.single_deal")
    return p
