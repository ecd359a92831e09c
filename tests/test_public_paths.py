"""docs/architecture.md: what ``import bezique`` loads, its lazy attributes, every old and
new import path, the import statements the docs showed at 31249af, and pickles made before the
layout.

Each check runs in a fresh interpreter (``sys.executable -c``), never in this process, which has
imported much of the package already. The interpreters run in parallel, started once for the
whole module; each prints one JSON report that the tests below read. A meta-path finder installed
before anything of ``bezique`` is imported records every import of an optional dependency and
can refuse some, as in an environment without that extra.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from importlib.util import find_spec
from pathlib import Path
from typing import Any, NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
PICKLES = Path(__file__).resolve().parent / "pickles"

OPTIONAL = ("numpy", "pyspiel", "open_spiel", "pettingzoo", "gymnasium", "starlette", "uvicorn",
            "httpx2", "ray", "matplotlib", "hypothesis", "playwright")
"""Third-party modules behind an extra: ``import bezique`` imports none of them (§1; the
modules of pyproject.toml's extras, tests/test_extras.py checks)."""

ABOVE_ENGINE = ("record", "view", "check", "bots", "search", "lab", "adapters", "cli", "web")
"""The sub-packages above the engine (tiers 3-5): ``import bezique`` loads none of them."""

FACADES = ("strategies", "invariants", "svg", "openspiel", "pettingzoo")
"""Root modules that stay as permanent facades of a moved module (§5)."""

DEPRECATED = {
    "bezique.planner": "bezique.bots.planner",
    "bezique.render": "bezique.view.render",
    "bezique.scenario": "bezique.check.scenario",
    "bezique.playout": "bezique.check.playout",
    "bezique.simulate": "bezique.lab",  # bezique.lab or bezique.lab.simulation
    "bezique.analysis": "bezique.search.analysis",
    "bezique.cli_play": "bezique.cli.play",
}
"""The facades that warn (§5) -> what their warning must name."""
DEPRECATED_NAMES = tuple(path.removeprefix("bezique.") for path in DEPRECATED)

LAZY = ("adapters", "bots", "check", "cli", "encoding", "features", "invariants", "lab",
        "observation", "openspiel", "pettingzoo", "record", "search", "strategies", "svg", "view",
        "web")
"""The attributes ``bezique.__getattr__`` imports on first use (§5)."""

_OPENSPIEL = ("pyspiel", "numpy")
_PETTINGZOO = ("pettingzoo", "gymnasium", "numpy")
_HYPOTHESIS = ("hypothesis",)
NEEDS: dict[str, tuple[str, ...]] = {
    "bezique.openspiel": _OPENSPIEL,
    "bezique.adapters.openspiel": _OPENSPIEL,
    "bezique.pettingzoo": _PETTINGZOO,
    "bezique.adapters.pettingzoo": _PETTINGZOO,
    "bezique.strategies": _HYPOTHESIS,
    "bezique.check.strategies": _HYPOTHESIS,
    "bezique.web.app": ("starlette",),
}
"""The modules that import an optional dependency at module level -> those dependencies."""

LAZY_PROBES = ("record.dumps", "search.solve", "bots.GreedyBot", "lab.compare", "cli.main",
               "svg.deal", "view", "check", "encoding", "features", "observation", "invariants",
               "web", "adapters", "strategies", "openspiel", "pettingzoo")
"""Attribute chains from ``bezique`` that must resolve after a bare ``import bezique``."""

OLD_ALL = ("COMPILED", "Card", "CardSet", "Deal", "Game", "GameResult", "IllegalAction",
           "NotationError", "PositionError", "ProfileError", "Rank", "Rules", "Settlement", "Suit",
           "list_profiles", "load_profile", "profile_from_toml", "rulesheet", "settle")
"""``bezique.__all__`` at 31249af: unchanged by the layout (§5)."""

ADDED_ALL = ("Match",)
"""Names added to ``bezique.__all__`` since (the joker game's `Match`)."""

# The public names of each old path that stays (§5). Where the old module had an ``__all__``
# (HAD_ALL) these are that ``__all__`` as of 31249af; the faces of lab and cli are the lists of
# §5; the deprecated simulate and cli_play had none: their public top-level definitions at
# 31249af, imported names and the TypeVar ``T`` left out.
OLD_NAMES: dict[str, tuple[str, ...]] = {
    "bezique.bots": (
        "BOTS", "BUDGETED_BOTS", "Bot", "GreedyBot", "RandomBot", "check_bot_pair",
        "check_bot_spec", "finish", "make_bot", "play_deal", "play_game", "PlannerBot", "Turn",
    ),
    "bezique.record": (
        "FORMAT", "MAX_RECORD_BYTES", "READABLE_VERSIONS", "VERSION", "DealRecord", "GameInfo",
        "Move", "Record", "RecordError", "Result", "Step", "dump", "dumps", "load", "loads",
        "rebuild", "record_of", "replay", "replay_to", "state_digest",
    ),
    "bezique.lab": (
        "compare", "Comparison", "write_csv", "ExtraMissing", "GAMES_PER_TASK", "BACKENDS",
        "CSV_FIELDS", "game_counts", "play_unit", "play_chunk", "summarise", "DealRow",
        "GameRecord", "MetricResult", "simulate", "Summary", "wilson", "unit_seed",
        "NON_MELD_FIRST",
    ),
    "bezique.cli": (
        "main", "build_parser", "COMMANDS", "Command", "register", "summarize", "ProgressBar",
        "clock", "positive_int", "non_negative_int", "non_negative_float", "game_title",
    ),
    "bezique.strategies": (
        "KNOBS", "Playout", "actions", "deals", "default_max_plies", "legal_actions", "playouts",
        "positions", "profiles",
    ),
    "bezique.invariants": (
        "NAMES", "InvariantError", "atomic_rejection", "check", "check_playout", "clone",
        "conservation", "determinism", "dix", "dix_total", "fingerprint", "hand_size", "melds",
        "reuse", "scores", "scores_never_decrease", "tricks", "turn",
    ),
    "bezique.svg": ("SvgWrapper", "card", "deal"),
    "bezique.openspiel": (
        "GAME_NAME", "GAME_TYPE", "UTILITIES", "BeziqueGame", "BeziqueObserver", "BeziqueState",
        "game_info", "max_game_length",
    ),
    "bezique.pettingzoo": (
        "AGENTS", "ILLEGAL_REWARD", "RENDER_MODES", "REWARDS", "Observed", "env", "raw_env",
    ),
    "bezique.planner": (
        "DECLARE_WIN_ODDS", "PLAN_DEPTH", "TRUMP_WEIGHT", "PlannerBot", "beaten_odds",
        "draw_odds", "expected_meld_points", "meld_draws", "ranked",
    ),
    "bezique.render": (
        "Seat", "View", "card_text", "header", "meld_names", "status", "text", "view",
    ),
    "bezique.scenario": (
        "STATE_CHECKS", "Case", "Failure", "Scenario", "ScenarioError", "ScenarioResult", "Step",
        "cards_match", "load_scenario", "parse_scenario", "render_event", "run_case", "run_files",
        "run_scenario", "scenario_files",
    ),
    "bezique.playout": ("Playout", "default_max_plies"),
    "bezique.simulate": (
        "CHUNK", "Progress", "POLL", "MANAGER_JOIN", "unit_finished", "unit_seed", "wilson",
        "Tally", "score_sources", "tally_deal", "count_actions", "run_unit", "run_chunk",
        "Summary", "chunks", "run_tasks", "simulate",
    ),
    "bezique.analysis": (
        "FORMAT", "MARKS", "Analysis", "DealInfo", "Decision", "PlayerSummary", "Progress",
        "Thresholds", "analyse",
    ),
    "bezique.cli_play": (
        "NAMES", "Read", "HELP", "painter", "use_color", "Session", "reader", "bot_spec_type",
        "run", "main",
    ),
}
HAD_ALL = frozenset({
    "bezique.bots", "bezique.record", "bezique.strategies", "bezique.invariants", "bezique.svg",
    "bezique.openspiel", "bezique.pettingzoo", "bezique.planner", "bezique.render",
    "bezique.scenario", "bezique.playout", "bezique.analysis",
})
"""Old paths whose module had an ``__all__``: ``from <path> import *`` must still give it."""

AFTER_IMPORT = {
    "bezique.openspiel": "'python_bezique' in __import__('pyspiel').registered_names()",
    "bezique.adapters.openspiel": "'python_bezique' in __import__('pyspiel').registered_names()",
    "bezique.strategies": "module._hypothesis_setup_hook is "
                          "__import__('importlib').import_module('bezique._hypothesis').setup_hook",
}
"""Expressions true after importing the path (``module`` is it): the facade of openspiel still
registers the game; the facade of strategies binds the old hypothesis hook name (§5)."""

REMOVED = tuple(f"bezique.{name}" for name in (
    "replay", "invariants_reuse", "scenario_checks", "lab_stats", "lab_ray", "lab_plot",
    "cli_analyse", "cli_check", "cli_compare", "cli_demo", "cli_replay", "cli_rules",
    "cli_scenario", "cli_serve", "cli_simulate",
))
"""Old paths that are gone (§5): importing one is a ModuleNotFoundError."""

ROOT_MODULES = tuple(f"bezique.{name}" for name in (
    "_mypyc", "_hypothesis", "errors", "players", "frozen", "cards", "tricks", "actions",
    "events", "compile", "count", "melds", "state", "carte", "moves", "legal", "resolve",
    "position", "observation", "deal", "settlement", "game", "encoding", "features",
))
"""The root of the target tree (§3) but ``__init__``, ``__main__`` and the facades."""

NEW_MODULES = tuple(f"bezique.{name}" for name in (
    "rules", "rules.model", "rules.convert", "rules.validate", "rules.load", "rules.diff",
    "rulesheet", "rulesheet.model", "rulesheet.render",
    "record", "record.model", "record.capture", "record.text", "record.replay",
    "view", "view.render", "view.svg", "view.narrate",
    "check", "check.invariants", "check.reuse", "check.playout", "check.strategies",
    "check.scenario", "check.scenario_checks",
    "bots", "bots.base", "bots.greedy", "bots.planner", "bots.registry",
    "search", "search.solver", "search.endgame", "search.horizon", "search.rollout",
    "search.bot", "search.values", "search.analysis",
    "lab", "lab.simulation", "lab.stats", "lab.comparison", "lab.on_ray", "lab.plots",
    "adapters", "adapters.openspiel", "adapters.pettingzoo",
    "cli", "cli.main", "cli.base", "cli.profiles", "cli.demo", "cli.play", "cli.simulate",
    "cli.compare", "cli.check", "cli.replay", "cli.scenario", "cli.rules", "cli.analyse",
    "cli.serve",
    "web", "web.app", "web.tables", "web.views",
))
"""Every module of the sub-packages of the target tree (§3)."""

DOC_IMPORTS = (
    "from bezique import Card, Rank, Suit",
    "from bezique import Deal, load_profile",
    "from bezique import Deal, profile_from_toml",
    "from bezique import Rules",
    "from bezique import load_profile, profile_from_toml",
    "from bezique import profile_from_toml",
    "from bezique import record",
    "from bezique.actions import Action",
    "from bezique.actions import CallOut",
    "from bezique.actions import Play",
    "from bezique.analysis import Thresholds, analyse",
    "from bezique.bots import Bot, GreedyBot, RandomBot, finish",
    "from bezique.bots import Bot, GreedyBot, play_deal",
    "from bezique.bots import GreedyBot",
    "from bezique.bots import GreedyBot, RandomBot, play_deal, play_game",
    "from bezique.bots import make_bot",
    "from bezique.cards import card_name",
    "from bezique.cards import parse_card",
    "from bezique.cli import main",
    "from bezique.cli_play import main",
    "from bezique.encoding import EncodingError, encoding",
    "from bezique.features import deal_tensor",
    "from bezique.features import observation_layout, observation_size, observation_tensor",
    "from bezique.game import Game",
    "from bezique.invariants import InvariantError",
    "from bezique.invariants import check",
    "from bezique.invariants import check, check_playout",
    "from bezique.invariants import check_playout",
    "from bezique.invariants import reuse",
    "from bezique.lab import compare",
    "from bezique.observation import Observation",
    "from bezique.pettingzoo import AGENTS, env",
    "from bezique.pettingzoo import env",
    "from bezique.planner import PlannerBot",
    "from bezique.planner import PlannerBot, draw_odds, expected_meld_points",
    "from bezique.players import player_name",
    "from bezique.playout import default_max_plies",
    "from bezique.rules import list_profiles",
    "from bezique.rules import load_profile",
    "from bezique.rules.diff import diff_rules, format_value",
    "from bezique.scenario import parse_scenario, run_scenario",
    "from bezique.search import DEFAULT_EXACT_STOCK, DEFAULT_SIMULATIONS, SearchBot",
    "from bezique.search import DEFAULT_EXACT_STOCK, SearchBot",
    "from bezique.search import NodeBudgetExceeded",
    "from bezique.search import SearchBot, solve",
    "from bezique.search import solve",
    "from bezique.search.bot import DEFAULT_CANDIDATES",
    "from bezique.search.horizon import choose",
    "from bezique.simulate import simulate",
    "from bezique.simulate import simulate, wilson",
    "from bezique.simulate import unit_seed, wilson",
    "from bezique.strategies import Playout",
    "from bezique.strategies import Playout, playouts, positions, profiles",
    "from bezique.strategies import actions, positions",
    "from bezique.strategies import playouts",
    "from bezique.strategies import profiles",
    "from bezique.web.app import create_app",
    "import bezique",
    "import bezique, random",
    "import bezique.openspiel",
    "import bezique.svg",
    "import bezique.svg, xml.etree.ElementTree as ET",
)
"""Every distinct ``import bezique…``/``from bezique… import`` statement of README.md, docs/
(code blocks, doctests and inline code), examples/*.py and benchmarks/*.py as of 31249af: 97
statements, 62 distinct, collected with ``git show`` and ``ast`` and frozen here."""

PRELUDE = r'''
import importlib.util
import json
import sys
import warnings
from importlib.abc import MetaPathFinder

ARGS = json.loads(sys.argv[1])
OPTIONAL = frozenset(json.loads(sys.argv[2]))
BLOCKED = frozenset(json.loads(sys.argv[3]))
attempted = []


def probing():
    """True inside importlib.util.find_spec: a look-up, not an import."""
    frame = sys._getframe(1)
    while frame is not None:
        code = frame.f_code
        if code is importlib.util.find_spec.__code__:
            return True
        frame = frame.f_back
    return False


class Gate(MetaPathFinder):
    """Records each import of an optional dependency (not a find_spec look-up); refuses the
    BLOCKED ones and their submodules."""

    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if name in OPTIONAL and not probing():
            attempted.append(name)
        if top in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (refused by the test)",
                                      name=name)
        return None


sys.meta_path.insert(0, Gate())
BEFORE = frozenset(sys.modules)


def describe(exc):
    return f"{type(exc).__name__}: {exc}"


def warning_info(w):
    return {"category": w.category.__name__, "message": str(w.message),
            "filename": w.filename, "lineno": w.lineno}


def resolve(obj, dotted):
    try:
        for part in dotted.split("."):
            obj = getattr(obj, part)
    except BaseException as exc:
        return describe(exc)
    return "ok"


def run_recorded(statement, filename):
    """Run an import statement as code of FILENAME: its error (or None) and its warnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            exec(compile(statement, filename, "exec"), {})
            error = None
        except BaseException as exc:
            error = describe(exc)
    return error, [warning_info(w) for w in caught]


def report(obj):
    sys.stdout.write("@@report " + json.dumps(obj) + "\n")
'''
"""Code run first in every fresh interpreter; ``ARGS`` is the job's JSON argument."""

IMPORT_BEZIQUE = '''
import bezique
loaded = sorted(m for m in set(sys.modules) - BEFORE if m.partition(".")[0] == "bezique")
report({
    "loaded": loaded,
    "packages": [m for m in loaded if m != "bezique" and hasattr(sys.modules[m], "__path__")],
    "attempted": attempted,
    "optional_loaded": sorted(m for m in OPTIONAL if m in sys.modules),
    "all": list(bezique.__all__),
    "dir": dir(bezique),
    "rulesheet": type(bezique.rulesheet).__name__,
})
'''

LAZY_ACCESS = '''
import bezique
out = {"probes": {}, "same_module": {}}
for probe in ARGS["plain"]:
    out["probes"][probe] = resolve(bezique, probe)
out["attempted_by_plain"] = list(attempted)
for probe in ARGS["extra"]:
    out["probes"][probe] = resolve(bezique, probe)
for name in ARGS["names"]:
    try:
        out["same_module"][name] = getattr(bezique, name) is sys.modules.get("bezique." + name)
    except BaseException as exc:
        out["same_module"][name] = describe(exc)
try:
    bezique.no_such_module
    out["unknown"] = "no error"
except BaseException as exc:
    out["unknown"] = type(exc).__name__
report(out)
'''

WITHOUT_EXTRAS = '''
import importlib
import bezique


def failure(exc):
    cause = exc.__cause__
    return {"type": type(exc).__name__, "message": str(exc),
            "attribute_error": isinstance(exc, AttributeError),
            "cause": None if cause is None else type(cause).__name__,
            "cause_is_import_error": isinstance(cause, ImportError)}


out = {"lazy": {}, "modules": {}, "plain": {}}
for name in ARGS["extra"]:
    entry = {}
    for attempt in ("first", "second"):
        try:
            getattr(bezique, name)
            entry[attempt] = None
        except BaseException as exc:
            entry[attempt] = failure(exc)
    try:
        entry["hasattr"] = hasattr(bezique, name)
    except BaseException as exc:
        entry["hasattr"] = describe(exc)
    out["lazy"][name] = entry
for module in ARGS["modules"]:
    try:
        importlib.import_module(module)
        out["modules"][module] = None
    except BaseException as exc:
        out["modules"][module] = failure(exc)
for probe in ARGS["plain"]:
    out["plain"][probe] = resolve(bezique, probe)
out["blocked_loaded"] = sorted(m for m in BLOCKED if m in sys.modules)
report(out)
'''

IMPORT_ONE = '''
error, caught = run_recorded(ARGS["statement"], "<importer>")
out = {"error": error, "warnings": caught}
if error is None:
    module = sys.modules[ARGS["module"]]
    out["missing"] = [name for name in ARGS["names"] if not hasattr(module, name)]
    names = getattr(module, "__all__", None)
    out["all"] = None if names is None else list(names)
    if ARGS["after"]:
        try:
            out["after"] = bool(eval(ARGS["after"], {"module": module}))
        except BaseException as exc:
            out["after"] = describe(exc)
report(out)
'''

IMPORT_MANY = '''
out = {}
for statement in ARGS:
    error, caught = run_recorded(statement, "<statement>")
    out[statement] = {"error": error, "warnings": caught}
report(out)
'''

REMOVED_PATHS = '''
import importlib
out = {}
for name in ARGS:
    try:
        importlib.import_module(name)
        out[name] = "imported"
    except ModuleNotFoundError as exc:
        out[name] = "ok" if exc.name == name else f"ModuleNotFoundError for {exc.name!r}: {exc}"
    except BaseException as exc:
        out[name] = describe(exc)
report(out)
'''

UNPICKLE = '''
import pickle
import traceback
from pathlib import Path

folder = Path(ARGS)
blobs = {name: (folder / f"{name}-31249af.pickle").read_bytes()
         for name in ("record_error", "rules", "deal", "game")}
out = {}


def check(name):
    def run(test):
        try:
            test()
            out[name] = "ok"
        except BaseException as exc:
            out[name] = describe(exc) + "\\n" + traceback.format_exc(limit=-3)
    return run


def first_action(deal):
    return deal.legal_actions()[0]


def play_on(a, b):
    """Both deals go on with the same actions: the same legal actions and events throughout."""
    while not a.is_over:
        assert a.legal_actions() == b.legal_actions(), len(a.actions)
        action = first_action(a)
        assert a.apply(action) == b.apply(action), len(a.actions)
    assert b.is_over and a == b and a.events == b.events


def game_until(game, moves_into_second):
    """How game-31249af.pickle was played: first legal actions, stopped that many actions into
    the deal after the first finished one."""
    n = 0
    while len(game.deals) < 1 or n < moves_into_second:
        if game.deal is None or game.deal.is_over:
            game.new_deal()
        if len(game.deals) >= 1:
            n += 1
        game.apply(first_action(game.deal))
    return game


@check("record_error")  # first, before anything imports bezique.record
def _():
    back = pickle.loads(blobs["record_error"])
    from bezique.record import RecordError
    fresh = RecordError(12, "the digest does not match", deal=1)
    assert type(back) is RecordError, type(back)
    assert (back.ply, back.reason, back.deal, str(back)) == (12, fresh.reason, 1, str(fresh))


@check("record_error_now")
def _():
    from bezique.record import RecordError
    blob = pickle.dumps(RecordError(3, "bad", deal=None), protocol=4)
    assert b"bezique.record.model" in blob, blob
    again = pickle.loads(blob)
    assert (type(again), again.ply, again.reason, again.deal) == (RecordError, 3, "bad", None)


@check("rules")
def _():
    back = pickle.loads(blobs["rules"])
    from bezique import Rules, load_profile
    fresh = load_profile("rubicon")
    assert type(back) is Rules, type(back)
    assert back == fresh and back.digest == fresh.digest and hash(back) == hash(fresh)


@check("deal")
def _():
    back = pickle.loads(blobs["deal"])
    from bezique import Deal, load_profile
    fresh = Deal.new(load_profile("bezique"), seed=7)
    for _ in range(12):
        fresh.apply(first_action(fresh))
    assert type(back) is Deal, type(back)
    assert back == fresh and back.actions == fresh.actions and back.events == fresh.events
    play_on(back, fresh)


@check("game")
def _():
    back = pickle.loads(blobs["game"])
    from bezique import Game, load_profile
    fresh = game_until(Game(load_profile("bezique"), seed=7), 5)
    assert type(back) is Game, type(back)
    assert back.rules == fresh.rules and len(back.deals) == len(fresh.deals) == 1
    # Deals are compared by what was played, not with ==: a Declaration pickled at 31249af has
    # no serial (numbered since cbbcef8, before the layout) and so reads as serial 0.
    assert [d.actions for d in back.deals] == [d.actions for d in fresh.deals]
    assert [d.events for d in back.deals] == [d.events for d in fresh.deals]
    assert back.deal.actions == fresh.deal.actions and back.deal.events == fresh.deal.events
    # pickled before declarations carried their meld name: unpickling gives it back
    named = [x for d in back.deals for x in d.declarations]
    assert named and all(x.name for x in named), named
    while not fresh.is_over:
        for g in (back, fresh):
            if g.deal is None or g.deal.is_over:
                g.new_deal()
        assert back.deal.legal_actions() == fresh.deal.legal_actions()
        action = first_action(fresh.deal)
        assert back.apply(action) == fresh.apply(action)
    assert back.is_over and back.result == fresh.result
    assert [d.events for d in back.deals] == [d.events for d in fresh.deals]


report(out)
'''


# ---------------------------------------------------------------------------- the interpreters


class Job(NamedTuple):
    """One fresh interpreter: the code after PRELUDE, its JSON argument, the import names it
    refuses and its command-line flags."""

    body: str
    args: object = None
    blocked: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()


def _env() -> dict[str, str]:
    """This environment with the checkout first on the path (a copy of tests/ without the
    sources imports the installed package), and no warning filters or home of its own."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONHOME", "PYTHONWARNINGS", "PYTHONSTARTUP", "PYTHONINSPECT")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    return env


def run_fresh(job: Job) -> dict[str, Any]:
    """Run ``job`` in a fresh interpreter and return its report; AssertionError when the
    interpreter fails before reporting."""
    argv = [sys.executable, *job.flags, "-c", PRELUDE + job.body, json.dumps(job.args),
            json.dumps(OPTIONAL), json.dumps(job.blocked)]
    done = subprocess.run(argv, cwd=ROOT, env=_env(), capture_output=True, text=True,
                          timeout=300, check=False)
    reports = [line.removeprefix("@@report ") for line in done.stdout.splitlines()
               if line.startswith("@@report ")]
    assert done.returncode == 0 and len(reports) == 1, (
        f"the fresh interpreter failed (status {done.returncode}):\n{done.stderr[-4000:]}"
    )
    report: dict[str, Any] = json.loads(reports[0])
    return report


def missing_extras(modules: Iterable[str]) -> list[str]:
    """The optional dependencies of ``modules`` (full names) that are not installed."""
    wanted = {dep for module in modules for dep in NEEDS.get(module, ())}
    return sorted(dep for dep in wanted if find_spec(dep) is None)


def skip_without(modules: Iterable[str]) -> None:
    """Skip the test when an extra that ``modules`` need is missing."""
    missing = missing_extras(modules)
    if missing:
        pytest.skip(f"needs the optional {', '.join(missing)}")


def named_modules(statement: str) -> list[str]:
    """The ``bezique`` modules an import statement may import (``from P import n``: ``P`` and
    ``P.n``, which is a module or an attribute)."""
    node = ast.parse(statement).body[0]
    if isinstance(node, ast.ImportFrom):
        assert node.module is not None
        return [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
    assert isinstance(node, ast.Import)
    return [alias.name for alias in node.names if alias.name.partition(".")[0] == "bezique"]


def _import_job(module: str) -> Job:
    """``import module`` as code of ``<importer>``, then its old names and AFTER_IMPORT."""
    args = {"statement": f"import {module}", "module": module,
            "names": list(OLD_NAMES.get(module, ())), "after": AFTER_IMPORT.get(module)}
    return Job(IMPORT_ONE, args)


def _jobs() -> dict[str, Job]:
    """Every interpreter this module needs, by name (those that need a missing extra left out:
    their tests skip)."""
    def head(probe: str) -> str:
        return f"bezique.{probe.partition('.')[0]}"

    plain = [p for p in LAZY_PROBES if head(p) not in NEEDS]
    extra = [p for p in LAZY_PROBES if head(p) in NEEDS and not missing_extras([head(p)])]
    jobs = {
        "import bezique": Job(IMPORT_BEZIQUE, flags=("-W", "error")),
        "lazy": Job(LAZY_ACCESS, {
            "plain": plain, "extra": extra,
            "names": [n for n in LAZY if not missing_extras([f"bezique.{n}"])],
        }, flags=("-W", "error")),
        "without extras": Job(WITHOUT_EXTRAS, {
            "extra": ["openspiel", "pettingzoo", "strategies"],
            "modules": sorted(NEEDS),
            "plain": plain,
        }, blocked=("pyspiel", "open_spiel", "numpy", "pettingzoo", "gymnasium", "hypothesis",
                    "starlette"), flags=("-W", "error")),
        "removed": Job(REMOVED_PATHS, list(REMOVED)),
        "root modules": Job(IMPORT_MANY, [f"import {m}" for m in ROOT_MODULES]),
        "docs": Job(IMPORT_MANY, [s for s in DOC_IMPORTS
                                  if not missing_extras(named_modules(s))]),
        "pickles": Job(UNPICKLE, str(PICKLES)),
    }
    for module in (*OLD_NAMES, *NEW_MODULES):
        if not missing_extras([module]):
            jobs[module] = _import_job(module)
    return jobs


class Fresh:
    """The reports of every job, each run once in its own interpreter, all in parallel."""

    def __init__(self, pool: ThreadPoolExecutor, jobs: Mapping[str, Job]) -> None:
        self._futures: dict[str, Future[dict[str, Any]]] = {
            name: pool.submit(run_fresh, job) for name, job in jobs.items()
        }

    def __getitem__(self, name: str) -> dict[str, Any]:
        """The report of job ``name`` (waits for it; its failure is raised here)."""
        return self._futures[name].result()


@pytest.fixture(scope="module")
def fresh() -> Iterator[Fresh]:
    """Every fresh interpreter of this module, started at once."""
    with ThreadPoolExecutor(max_workers=max(2, 2 * (os.cpu_count() or 1))) as pool:
        runs = Fresh(pool, _jobs())
        yield runs


def _warnings_text(caught: Sequence[Mapping[str, Any]]) -> str:
    return "; ".join(f"{w['category']} at {w['filename']}:{w['lineno']}: {w['message']}"
                     for w in caught)


# ---------------------------------------------------------------------------- item 5


def test_import_bezique_loads_the_engine_rules_and_rulesheet_only(fresh: Fresh) -> None:
    """No sub-package above the engine, no facade, no package at the root but the two."""
    report = fresh["import bezique"]
    wrong = []
    for name in report["loaded"]:
        parts = name.split(".")
        if name == "bezique" or parts[1] in ("rules", "rulesheet"):
            continue
        if len(parts) > 2 or parts[1] in (*ABOVE_ENGINE, *FACADES, *DEPRECATED_NAMES):
            wrong.append(name)
    assert wrong == []
    assert set(report["packages"]) <= {"bezique.rules", "bezique.rulesheet"}
    assert {"bezique.deal", "bezique.game", "bezique.rules", "bezique.rulesheet"} <= set(
        report["loaded"])


def test_import_bezique_imports_no_optional_dependency(fresh: Fresh) -> None:
    """Neither loaded nor tried (a ``try: import numpy`` counts, installed or not)."""
    report = fresh["import bezique"]
    assert report["optional_loaded"] == []
    assert report["attempted"] == []


def test_all_is_unchanged_and_rulesheet_is_still_the_function(fresh: Fresh) -> None:
    report = fresh["import bezique"]
    assert report["all"] == sorted((*OLD_ALL, *ADDED_ALL))
    assert report["rulesheet"] == "function"


def test_dir_lists_the_lazy_names(fresh: Fresh) -> None:
    report = fresh["import bezique"]
    assert set(LAZY) - set(report["dir"]) == set()
    assert set(OLD_ALL) - set(report["dir"]) == set()


@pytest.mark.parametrize("probe", LAZY_PROBES)
def test_lazy_attribute_resolves_without_a_warning(fresh: Fresh, probe: str) -> None:
    """``import bezique`` then ``bezique.<probe>``, the interpreter run with ``-W error``."""
    skip_without([f"bezique.{probe.partition('.')[0]}"])
    assert fresh["lazy"]["probes"][probe] == "ok"


def test_lazy_attributes_are_the_modules_and_unknown_names_fail(fresh: Fresh) -> None:
    report = fresh["lazy"]
    assert {name for name, same in report["same_module"].items() if same is not True} == set()
    assert report["unknown"] == "AttributeError"


def test_lazy_names_without_an_extra_import_no_optional_dependency(fresh: Fresh) -> None:
    """The faces (``view``, ``check``, ``adapters``, ``web`` … docstrings or re-exports) and
    the codecs pull in nothing optional."""
    assert fresh["lazy"]["attempted_by_plain"] == []


@pytest.mark.parametrize(("name", "extra"), [
    ("openspiel", "bezique[openspiel]"), ("pettingzoo", "bezique[pettingzoo]"),
    ("strategies", "bezique["),
])
def test_lazy_name_of_a_missing_extra_is_an_attribute_error(
    fresh: Fresh, name: str, extra: str
) -> None:
    """Its dependencies refused: AttributeError naming the extra, chained from the ImportError,
    every time; ``hasattr`` is False and raises nothing."""
    entry = fresh["without extras"]["lazy"][name]
    for attempt in ("first", "second"):
        failure = entry[attempt]
        assert failure is not None, f"bezique.{name} resolved without its extra"
        assert failure["attribute_error"], failure
        assert extra in failure["message"], failure
        assert failure["cause_is_import_error"], failure
    assert entry["hasattr"] is False


@pytest.mark.parametrize("module", sorted(NEEDS))
def test_module_of_a_missing_extra_raises_import_error(fresh: Fresh, module: str) -> None:
    failure = fresh["without extras"]["modules"][module]
    assert failure is not None, f"{module} imported without its extra"
    assert failure["type"] in ("ImportError", "ModuleNotFoundError", "ExtraMissing"), failure
    if "pettingzoo" in module:  # its message says what to install, since 31249af
        assert "bezique[pettingzoo]" in failure["message"], failure


def test_the_other_lazy_names_need_no_extra(fresh: Fresh) -> None:
    """With pyspiel, numpy, pettingzoo, gymnasium, hypothesis and starlette refused, every
    other lazy name still resolves and none of them was loaded."""
    report = fresh["without extras"]
    assert {p: r for p, r in report["plain"].items() if r != "ok"} == {}
    assert report["blocked_loaded"] == []


# ---------------------------------------------------------------------------- item 6


@pytest.mark.parametrize("module", [m for m in OLD_NAMES if m not in DEPRECATED])
def test_old_path_imports_with_its_names_and_no_warning(fresh: Fresh, module: str) -> None:
    skip_without([module])
    report = fresh[module]
    assert report["error"] is None
    assert report["missing"] == []
    assert report["warnings"] == [], _warnings_text(report["warnings"])
    if module in HAD_ALL:
        assert set(OLD_NAMES[module]) - set(report["all"] or ()) == set()
    if module in AFTER_IMPORT:
        assert report["after"] is True, AFTER_IMPORT[module]


@pytest.mark.parametrize("module", sorted(DEPRECATED))
def test_deprecated_path_imports_with_its_names_and_warns_once(
    fresh: Fresh, module: str
) -> None:
    """Exactly one DeprecationWarning, naming the new path and reported at the import
    statement (``<importer>``), not in the facade."""
    report = fresh[module]
    assert report["error"] is None
    assert report["missing"] == []
    if module in HAD_ALL:
        assert set(OLD_NAMES[module]) - set(report["all"] or ()) == set()
    caught = report["warnings"]
    assert len(caught) == 1, _warnings_text(caught)
    (warning,) = caught
    assert warning["category"] == "DeprecationWarning"
    assert DEPRECATED[module] in warning["message"]
    assert module in warning["message"]
    assert (warning["filename"], warning["lineno"]) == ("<importer>", 1)


@pytest.mark.parametrize("module", NEW_MODULES)
def test_new_module_imports_first_without_a_warning(fresh: Fresh, module: str) -> None:
    """Each module of the target tree, first thing in a fresh interpreter."""
    skip_without([module])
    report = fresh[module]
    assert report["error"] is None
    assert report["warnings"] == [], _warnings_text(report["warnings"])


@pytest.mark.parametrize("module", ROOT_MODULES)
def test_root_module_imports_without_a_warning(fresh: Fresh, module: str) -> None:
    result = fresh["root modules"][f"import {module}"]
    assert result["error"] is None
    assert result["warnings"] == [], _warnings_text(result["warnings"])


@pytest.mark.parametrize("module", REMOVED)
def test_removed_path_is_module_not_found(fresh: Fresh, module: str) -> None:
    assert fresh["removed"][module] == "ok"


@pytest.mark.parametrize("statement", DOC_IMPORTS)
def test_import_statement_of_the_docs_at_31249af_resolves(fresh: Fresh, statement: str) -> None:
    """Run in one fresh interpreter, in this order; a deprecated path may warn (once, when
    first imported), nothing else may."""
    modules = named_modules(statement)
    skip_without(modules)
    result = fresh["docs"][statement]
    assert result["error"] is None
    deprecated = [m for m in modules if m in DEPRECATED]
    unexpected = [w for w in result["warnings"]
                  if not (w["category"] == "DeprecationWarning"
                          and any(m in w["message"] for m in deprecated))]
    assert unexpected == [], _warnings_text(unexpected)


# ---------------------------------------------------------------------------- pickles


@pytest.mark.parametrize("name", ["record_error", "record_error_now", "rules", "deal", "game"])
def test_pickle_from_before_the_layout_loads(fresh: Fresh, name: str) -> None:
    """tests/pickles/*-31249af.pickle (see its README) load in a fresh interpreter and equal,
    or play on exactly as, the same objects built now; a RecordError pickled now names
    ``bezique.record.model``."""
    assert fresh["pickles"][name] == "ok"
