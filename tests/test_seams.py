"""The engine's API for search and adapters (docs/deals.md#search-and-adapters): `Deal.push`,
`snapshot`/`restore`, `clone(history=False)`, `Deal.bits`, `last_action`, `Deal.from_order` and
`dealing`, `legal.meld_actions`; and the names that moved (`rules.load.base_of_file`,
`errors.ExtraMissing`)."""

from __future__ import annotations

import ast
import pickle
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import BUILTIN_PROFILES, played

import bezique
from bezique import Deal, load_profile
from bezique.actions import CallOut, Meld
from bezique.compile import compile_rules
from bezique.deal import Dealing, dealing, shuffled
from bezique.errors import ExtraMissing, PositionError
from bezique.legal import meld_actions
from bezique.state import OVER, PHASES, STATE_FIELDS, Bits, Snapshot


def _whole(a: Deal, b: Deal) -> None:
    """The two deals are equal in every field, their history included."""
    assert a == b
    for name in STATE_FIELDS:
        if name not in ("_c", "_partial"):
            assert getattr(a, name) == getattr(b, name), name
    assert a.legal_actions() == b.legal_actions()


def _random_deal(profile: str, seed: int) -> tuple[Deal, random.Random]:
    return Deal.new(load_profile(profile), seed=seed, dealer=seed % 2), random.Random(seed)


def _step(deal: Deal, rng: random.Random) -> None:
    """Apply a random legal action, calling out only when nothing else is legal (so that
    Five Hundred's deals reach their end phase)."""
    legal = deal.legal_actions()
    deal.apply(rng.choice([a for a in legal if not isinstance(a, CallOut)] or legal))


# ---------------------------------------------------------------------------- push


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_push_is_apply_for_every_listed_action(profile: str) -> None:
    for seed in (1, 2):
        deal, rng = _random_deal(profile, seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            for action in legal if len(legal) <= 12 else rng.sample(legal, 12):
                applied, pushed = deal.clone(), deal.clone()
                events = applied.apply(action)
                assert pushed.push(action) is None
                _whole(pushed, applied)
                assert pushed.events[-len(events):] == events if events else True
                assert pushed.last_action == action
            deal.push(rng.choice(legal))


# ---------------------------------------------------------------------------- snapshot


def _restores_after(deal: Deal, rng: random.Random, plies: int, seen: set[str]) -> None:
    """Snapshot ``deal``, play up to ``plies`` random actions, restore: the deal is whole again
    (twice from the same snapshot). ``seen`` collects what the actions taken back crossed."""
    before = deal.clone()
    saved = deal.snapshot()
    seen.add(f"phase {deal.phase}")
    for _ in range(2):
        tricks, end_phase = deal.tricks_played, deal.in_end_phase
        for _ in range(plies):
            if deal.is_over:
                break
            deal.push(rng.choice(deal.legal_actions()))
        if deal.tricks_played > tricks:
            seen.add("a trick")
        if deal.in_end_phase and not end_phase:
            seen.add("into the end phase")
        if deal.is_over:
            seen.add("the end of the deal")
        deal.restore(saved)
        _whole(deal, before)
        assert deal.events == before.events and deal.actions == before.actions


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_restore_takes_back_any_line_of_play_in_every_phase(profile: str) -> None:
    seen: set[str] = set()
    for seed in (3, 4):
        deal, rng = _random_deal(profile, seed)
        while not deal.is_over:
            for plies in (1, 2, 5, 40):
                _restores_after(deal, rng, plies, seen)
            _step(deal, rng)
        _restores_after(deal, rng, 1, seen)  # over: nothing to play, restores all the same
    expected = {"phase lead", "phase follow", "phase declare", "phase over", "a trick",
                "into the end phase", "the end of the deal"}
    assert expected <= seen


def test_restore_reaches_back_through_several_snapshots_but_not_forward() -> None:
    deal = played("bezique", 5, 20)
    first, start = deal.snapshot(), deal.clone()
    deal.apply(deal.legal_actions()[0])
    second, middle = deal.snapshot(), deal.clone()
    deal.apply(deal.legal_actions()[0])
    deal.restore(second)
    _whole(deal, middle)
    deal.restore(first)
    _whole(deal, start)
    with pytest.raises(ValueError, match="taken back past this snapshot"):
        deal.restore(second)
    _whole(deal, start)  # refused: unchanged
    assert isinstance(first, Snapshot) and "action" in repr(first)


def test_a_restored_deal_shares_nothing_with_its_snapshot() -> None:
    deal = played("rubicon", 6, 30)
    saved, before = deal.snapshot(), deal.clone()
    deal.restore(saved)
    for _ in range(3):  # the restored lists are the deal's own: changing them spoils nothing
        if not deal.is_over:
            deal.push(deal.legal_actions()[-1])
    deal.restore(saved)
    _whole(deal, before)


def test_undo_still_works_after_snapshot_and_restore() -> None:
    deal = played("bezique", 7, 25)
    saved = deal.snapshot()
    deal.push(deal.legal_actions()[0])
    deal.restore(saved)
    last = deal.actions[-1]
    assert deal.undo() == last
    _whole(deal, played("bezique", 7, 24))


# ---------------------------------------------------------------------------- clone


def _end_phase_deal(profile: str, seed: int) -> Deal:
    deal, rng = _random_deal(profile, seed)
    while not deal.in_end_phase:
        _step(deal, rng)
    for _ in range(3):
        if not deal.is_over:
            _step(deal, rng)
    return deal


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_clone_without_history_keeps_the_end_phase_events_only(profile: str) -> None:
    deal = _end_phase_deal(profile, 8)
    copy = deal.clone(history=False)
    assert copy.actions == () and copy.last_action is None
    kinds = [e.kind for e in deal.events]
    last = len(kinds) - 1 - kinds[::-1].index("end_phase")
    assert copy.events == deal.events[last:] and copy.events[0].kind == "end_phase"
    for name in STATE_FIELDS:
        if name not in ("_actions", "_events", "_partial", "_c"):
            assert getattr(copy, name) == getattr(deal, name), name
    assert copy != deal  # its history differs
    # it plays on as the deal does
    rng = random.Random(8)
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        assert copy.legal_actions() == deal.legal_actions()
        deal.apply(action)
        copy.apply(action)
    assert copy.scores == deal.scores and copy.events == deal.events[last:]
    assert copy.actions == deal.actions[len(deal.actions) - len(copy.actions):]


def test_clone_without_history_in_the_stock_phase_keeps_every_event() -> None:
    deal = played("bezique", 9, 30)
    assert not deal.in_end_phase
    copy = deal.clone(history=False)
    assert copy.events == deal.events and copy.actions == () and deal.actions != ()


def test_a_deal_set_up_in_its_end_phase_keeps_every_event() -> None:
    deal = Deal.from_position(load_profile("bezique"), hands=["AS 10S", "KS QS"], trump="H",
                              leader=0)
    assert deal.in_end_phase
    copy = deal.clone(history=False)
    assert copy.events == deal.events and copy == deal  # nothing was left out


def test_undo_refuses_on_a_clone_without_history() -> None:
    deal = played("bezique", 10, 40)
    copy = deal.clone(history=False)
    copy.apply(copy.legal_actions()[0])
    for partial in (copy, copy.clone(), pickle.loads(pickle.dumps(copy))):
        before = partial.clone()
        with pytest.raises(ValueError, match=r"clone\(history=False\)"):
            partial.undo()
        _whole(partial, before)
    fresh = deal.clone()  # a whole clone undoes as the deal does
    assert fresh.undo() == deal.actions[-1]
    assert pickle.loads(pickle.dumps(deal)).undo() == deal.actions[-1]


# ---------------------------------------------------------------------------- bits


def _bits_agree(deal: Deal, bits: Bits) -> None:
    c = compile_rules(deal.rules)
    seats = range(deal.rules.players)
    for p in seats:
        assert bits.hand(p) == deal.hand(p).bits
        assert bits.table(p) == deal.table(p).bits
        assert bits.known(p) == deal.known(p).bits
        assert bits.captured(p) == deal.captured(p).bits
        assert bits.score(p) == deal.scores[p]
        assert bits.carte(p) == deal._carte[p]
    assert tuple(bits.scores) == deal.scores
    assert tuple(bits.captures) == tuple(deal.captured(p).bits for p in seats)
    assert bits.trick == tuple(deal.trick)
    assert bits.stock == tuple(reversed(deal.stock))
    assert bits.heap | bits.dead == deal.heap.bits and not bits.heap & bits.dead
    assert bits.phase == PHASES.index(deal.phase)
    assert bits.to_move == deal.to_move or (deal.to_move is None and bits.phase == OVER)
    assert bits.leader == deal.leader
    assert bits.trump == (-1 if deal.trump is None else deal.trump)
    assert bits.turn_up == (-1 if deal.turn_up is None else deal.turn_up)
    assert bits.called_out == (-1 if deal.called_out is None else deal.called_out)
    assert bits.tricks == deal.tricks_played
    assert bits.last_winner == (-1 if deal.last_trick_winner is None else deal.last_trick_winner)
    assert bits.end_phase == deal.in_end_phase
    assert bits.compiled is c
    assert bits.dix_scored == deal._dix_scored
    assert bits.event_count == len(deal.events)
    for x in c.pack_cards:
        assert bits.is_dix(x) == (
            deal.trump is not None and x >> 6 == deal.trump and (x >> 3 & 7) == c.dix_rank
        )


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_bits_agree_with_the_public_properties_at_every_ply(profile: str) -> None:
    for seed in (11, 12):
        deal, rng = _random_deal(profile, seed)
        bits = deal.bits  # one view for the whole deal: it follows the deal
        _bits_agree(deal, bits)
        while not deal.is_over:
            _step(deal, rng)
            _bits_agree(deal, bits)
            _bits_agree(deal, deal.bits)


def test_bits_are_read_only() -> None:
    bits = played("bezique", 13, 10).bits
    with pytest.raises(AttributeError):
        bits.phase = 3  # type: ignore[misc]


# ---------------------------------------------------------------------------- last_action


def test_last_action_follows_apply_undo_and_restore() -> None:
    deal, rng = _random_deal("pinochle", 14)
    assert deal.last_action is None
    saved = deal.snapshot()
    for _ in range(30):
        deal.apply(rng.choice(deal.legal_actions()))
        assert deal.last_action == deal.actions[-1]
    last = deal.actions[-2]
    deal.undo()
    assert deal.last_action == last
    deal.restore(saved)
    assert deal.last_action is None


# ---------------------------------------------------------------------------- dealing


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_from_order_deals_as_new_does(profile: str) -> None:
    rules = load_profile(profile)
    c = compile_rules(rules)
    totals = tuple(10 * (t + 1) for t in range(len(rules.teams)))  # one a team
    for seed, dealer in ((15, 0), (16, 1)):
        order = shuffled(c.pack_cards, seed)
        dealt = Deal.from_order(rules, order, dealer=dealer, totals=totals, target=3000)
        new = Deal.new(rules, seed=seed, dealer=dealer, totals=totals, target=3000)
        if not rules.deal.dealer_cut_bonus:
            assert dealt == new and dealt.events == new.events and dealt.origin == new.origin
            assert dealt.legal_actions() == new.legal_actions()
        assert dealt.origin.hands == new.origin.hands and dealt.stock == new.stock
        assert dealt.turn_up == new.turn_up and dealt.seed is None
        where = dealing(rules, dealer=dealer)
        assert isinstance(where, Dealing)
        for p in range(rules.players):
            assert dealt.hand(p).bits == sum(1 << order[i] for i in where.hands[p])
        assert tuple(dealt.stock) == tuple(order[i] for i in where.stock)
        assert dealt.turn_up == (None if where.turn_up is None else order[where.turn_up])
        positions = [i for hand in where.hands for i in hand] + [*where.stock]
        positions += [] if where.turn_up is None else [where.turn_up]
        assert sorted(positions) == list(range(c.pack_size))


def test_from_order_and_dealing_refuse_what_is_not_a_pack_or_a_dealer() -> None:
    rules = load_profile("bezique")
    pack = list(compile_rules(rules).pack_cards)
    for cards in (pack[:-1], [*pack[:-1], pack[0]], [*pack, 0]):
        with pytest.raises(PositionError, match="cards") as error:
            Deal.from_order(rules, cards)
        assert error.value.argument == "cards"
    with pytest.raises(PositionError, match="dealer"):
        Deal.from_order(rules, pack, dealer=2)
    with pytest.raises(PositionError, match="dealer"):
        dealing(rules, dealer=-1)
    cards = [bezique.Card(x) for x in reversed(pack)]  # `Card` values are cards too
    assert Deal.from_order(rules, cards) == Deal.from_order(rules, pack[::-1])


# ---------------------------------------------------------------------------- melds


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_meld_actions_are_the_melds_listed_on_declaring_turns(profile: str) -> None:
    offered = 0
    for seed in (17, 18, 19):
        deal, rng = _random_deal(profile, seed)
        while not deal.is_over:
            p = deal.to_move
            assert p is not None
            listed = [a for a in deal.legal_actions() if isinstance(a, Meld)]
            mine = meld_actions(deal, p)
            assert all(isinstance(m, Meld) for m in mine)
            assert set(listed) <= set(mine)
            if listed:  # the turn allows a meld: the same list
                assert listed == mine
                offered += 1
            meld_actions(deal, 1 - p)  # any player, any time
            _step(deal, rng)
    assert offered


# ---------------------------------------------------------------------------- moved names


def test_base_of_file_lives_in_the_loader(
    write_profile: Callable[[str, str], Path],
) -> None:
    from bezique.rules.load import base_of_file
    from bezique.rulesheet import base_of_file as sheet_base_of_file

    assert sheet_base_of_file is base_of_file  # the rule sheets re-export it
    house = write_profile("house.toml", 'extends = "bezique"\nname = "house"\n')
    assert base_of_file(house) == load_profile("bezique")
    plain = write_profile("plain.toml", 'extends = "house.toml"\nname = "plain"\n')
    assert base_of_file(str(plain)) == load_profile(house)
    alone = write_profile("alone.toml", 'name = "alone"\n')
    assert base_of_file(alone) is None


def test_extra_missing_lives_in_errors_and_is_still_the_labs() -> None:
    import bezique.lab
    import bezique.lab.on_ray

    assert bezique.lab.ExtraMissing is ExtraMissing
    assert issubclass(ExtraMissing, ImportError) and issubclass(ExtraMissing, RuntimeError)
    try:
        import ray  # noqa: F401
    except ImportError:
        with pytest.raises(ExtraMissing, match=r"bezique\[ray\]"):
            bezique.lab.on_ray.run_on_ray(len, [], lambda r: None, games=0)


# ---------------------------------------------------------------------------- readers


ENGINE = ("actions", "cards", "carte", "compile", "count", "deal", "events", "frozen", "ledger",
          "legal", "melds", "moves", "observation", "resolve", "state", "tricks", "position",
          "settlement", "game", "encoding", "features", "errors", "players", "rules/load",
          "rules/model", "rules/convert", "rules/validate", "rules/diff")
READERS = ("search/__init__", "search/bot", "search/endgame", "search/horizon", "search/rollout",
           "search/solver", "search/values", "adapters/openspiel", "bots/planner",
           "rulesheet/__init__", "lab/on_ray")


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _defined(tree: ast.AST) -> set[str]:
    """The private names a module defines: functions, classes, fields, slots."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)  # __slots__, STATE_FIELDS
    return {name for name in names if _private(name)}


def _own(tree: ast.AST) -> set[str]:
    """The private names a reader defines for itself: functions, classes, module names and
    its classes' fields (``self._x = ...``)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
              and isinstance(node.value, ast.Name) and node.value.id == "self"):
            names.add(node.attr)
    if isinstance(tree, ast.Module):
        for statement in tree.body:
            for target in getattr(statement, "targets", [getattr(statement, "target", None)]):
                if isinstance(target, ast.Name):
                    names.add(target.id)
    return {name for name in names if _private(name)}


def test_search_and_the_adapters_read_no_private_name_of_the_engine() -> None:
    """docs/architecture.md: the readers use the engine's public API (ast only; step 3's layer test
    counts every package)."""
    package = Path(bezique.__file__).resolve().parent  # the sources of the build under test
    engine: set[str] = set()
    for name in ENGINE:
        engine |= _defined(ast.parse((package / f"{name}.py").read_text(encoding="utf-8")))
    modules = {"bezique." + name.replace("/", ".") for name in ENGINE}
    found = []
    for name in READERS:
        tree = ast.parse((package / f"{name}.py").read_text(encoding="utf-8"))
        own = _own(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in modules:
                found += [f"{name}: {node.module}.{a.name}" for a in node.names
                          if _private(a.name)]
            if not (isinstance(node, ast.Attribute) and node.attr in engine):
                continue
            base = node.value
            if isinstance(base, ast.Name) and base.id in ("self", "cls"):
                continue
            if isinstance(base, ast.Call) and ast.unparse(base.func) == "super":
                continue
            if node.attr in own:
                continue  # a field of the reader's own class (openspiel's state)
            found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
    assert found == []
