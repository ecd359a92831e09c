"""The package layout of docs/architecture.md (tiers, sub-packages, aliases, cycles, private names,
sizes), checked by reading ``bezique/`` with ``ast``. Nothing here imports ``bezique``: the
graph, the cycles and the private reads come from tests/layers_graph.py, which parses the files
from disk.

How the graph is counted: an edge A → B per import naming module B, at the strongest of module
level, function level and type only (``if TYPE_CHECKING:``). Layering counts module- and
function-level edges; type-only imports may point anywhere."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from layers_graph import PACKAGE, ROOT, Graph, Level, Reads, scan

BEZIQUE_DIR = Path(__file__).resolve().parents[1] / PACKAGE
"""The package folder of this checkout, read from disk (never imported)."""

pytestmark = pytest.mark.skipif(
    not BEZIQUE_DIR.is_dir(),
    reason="no source tree beside tests/ (the compiled build's run: the layers are the "
           "sources', checked in the pure run)",
)

# --- the layout of docs/architecture.md, as constants ------------------------------------

SUBPACKAGES = ("rules", "rulesheet", "record", "view", "check", "bots", "search", "lab",
               "adapters", "cli", "web")
"""§7 item 1: each exists with an ``__init__.py``."""

PERMANENT_FACADES = ("strategies", "invariants", "svg", "openspiel", "pettingzoo")
DEPRECATED_FACADES = ("planner", "render", "scenario", "playout", "simulate", "analysis",
                      "cli_play")
FACADES = PERMANENT_FACADES + DEPRECATED_FACADES
"""§5: root modules kept as compatibility facades (the deprecated ones for one release)."""

REMOVED = ("replay", "invariants_reuse", "scenario_checks", "lab_stats", "lab_ray", "lab_plot",
           "cli_analyse", "cli_check", "cli_compare", "cli_demo", "cli_replay", "cli_rules",
           "cli_scenario", "cli_serve", "cli_simulate", "bots", "record", "lab", "cli")
"""§5: root ``.py`` files that go (``bots``, ``record``, ``lab``, ``cli`` become packages)."""

MOVED = FACADES + REMOVED
"""§3: the 31 root modules of ``31249af`` that move into a sub-package."""

FACADE_MAY_DEFINE = frozenset({"__getattr__"})
"""§7 item 1: the only function a facade defines (PEP 562, for the deprecation warning)."""

TIER0 = frozenset({"errors", "players", "frozen", "_mypyc", "cards", "tricks"})
"""§1 tier 0, the root base: imports nothing of bezique but each other (``cards`` imports
``_mypyc`` and ``errors``)."""

ROOT_TOP = frozenset({PACKAGE, "__main__", "_hypothesis"})
"""Root modules of tier 5 besides the facades: the root face and the entry points."""

PACKAGE_TIERS = {"rules": 1, "rulesheet": 3, "record": 3, "view": 3, "check": 3, "bots": 4,
                 "search": 4, "lab": 4, "adapters": 5, "cli": 5, "web": 5}
"""§1: the tier of each sub-package; every other root module is engine (tier 2)."""

RULES_MAY_IMPORT = frozenset({"errors"})
"""§1: ``rules/`` imports nothing of the root but ``errors``."""

SAME_TIER = frozenset({("search", "bots"), ("lab", "bots")})
"""§1: the imports allowed between packages of one tier."""

AGAINST_TIERS = (("deal", "view.render"), ("deal", "view.svg"), ("rules.model", "rules.load"),
                 ("bots.registry", "search.*"), ("bots.registry", "adapters.ismcts"),
                 ("cli.serve", "web.*"))
"""§1: the only imports against the tiers, each inside a function. ``p.*`` is package ``p``:
its face and its modules. ``bots.registry → adapters.ismcts``: the ``ismcts`` factory (OpenSpiel's
search is an adapter; the registry names it as it names the search, on first use)."""

EXPECTED_CYCLES = [frozenset({"rules.model", "rules.load", "rules.convert", "rules.validate"})]
"""§7 item 2: the cycles counting module- and function-level imports."""

EXPECTED_TYPED_CYCLES = [*EXPECTED_CYCLES,
                         frozenset({"deal", "observation", "view.render", "view.svg"})]
"""§7 item 2: the cycles counting type-only imports too."""

OPTIONAL_DEPENDENCIES = frozenset({
    "numpy", "pyspiel", "open_spiel", "pettingzoo", "gymnasium", "starlette", "uvicorn",
    "fastapi", "httpx", "httpx2", "ray", "matplotlib", "hypothesis", "playwright"})
"""§7 item 5: the extras ``import bezique`` must not load."""

OPTIONAL_HOMES = ("adapters.*", "lab.on_ray", "lab.plots", "web.*", "check.strategies")
"""§1: the modules that may import an optional dependency at module level (not the faces of
``adapters/`` and ``web/``). Any module may inside a function, except the engine and below
(tiers 0-2), which never do."""

MAX_LINES = 610
FACE_MAX_LINES = 39
ROOT_FACE_MAX_LINES = 120
"""§7 item 10: no module over 610 lines, sub-package faces under 40; the root face gets 120
for its lazy attributes (§5)."""


# --- helpers ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def graph() -> Graph:
    """The import graph of this checkout's ``bezique/``."""
    return Graph.read(BEZIQUE_DIR)


@pytest.fixture(scope="module")
def reads(graph: Graph) -> Reads:
    """The private names and face reads of this checkout's ``bezique/``."""
    return scan(graph)


def matches(name: str, pattern: str) -> bool:
    """Whether module ``name`` is ``pattern``, or in package ``p`` for a pattern ``p.*``."""
    if pattern.endswith(".*"):
        package = pattern[:-2]
        return name == package or name.startswith(package + ".")
    return name == pattern


def optional_home(graph: Graph, name: str) -> bool:
    """Whether module ``name`` may import an optional dependency at module level: one of
    ``OPTIONAL_HOMES``, a package face excepted (faces hold no extra)."""
    face = graph.modules[name].is_face
    return not face and any(matches(name, home) for home in OPTIONAL_HOMES)


def is_root(graph: Graph, name: str) -> bool:
    """Whether ``name`` is a root module (the root face included)."""
    return graph.package(name) == ROOT


def tier(graph: Graph, name: str) -> int | None:
    """The tier of module ``name`` in §1, None for a package the layout does not know."""
    if is_root(graph, name):
        if name in TIER0:
            return 0
        return 5 if name in ROOT_TOP or name in FACADES else 2
    return PACKAGE_TIERS.get(graph.package(name))


def layer_problem(graph: Graph, src: str, dst: str, level: Level) -> str | None:
    """Why the edge ``src → dst`` breaks §1, or None when it follows it."""
    if any(matches(src, a) and matches(dst, b) for a, b in AGAINST_TIERS):
        return None if level == Level.FUNCTION else "against the tiers, outside a function"
    ts, td = tier(graph, src), tier(graph, dst)
    ps, pd = graph.package(src), graph.package(dst)
    if ts is None or td is None:
        return "a package docs/architecture.md does not place"
    if ps == pd != ROOT:
        return None
    if ts == 0:
        ok = td == 0
    elif ts == 1:
        ok = dst in RULES_MAY_IMPORT
    elif ts == 2:
        ok = td <= 2
    elif ts == 5 and ps == ROOT:
        ok = True
    else:
        ok = td < ts or (ps, pd) in SAME_TIER
    return None if ok else f"tier {ts} → tier {td}"


def listing(items: Iterable[object]) -> str:
    """One item a line, for a failure message."""
    return "\n  " + "\n  ".join(str(i) for i in items)


def none(found: list[str], title: str) -> None:
    """Fail with ``title`` and one line per finding when there is any."""
    if found:
        pytest.fail(f"{title} ({len(found)}):" + listing(found), pytrace=False)


def module_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements run at module level: ``body`` and, inside it, the bodies of ``if`` and
    ``try`` statements (not of functions or classes)."""
    for node in body:
        yield node
        if isinstance(node, ast.If):
            yield from module_level(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            handlers = [s for h in node.handlers for s in h.body]
            yield from module_level(node.body + handlers + node.orelse + node.finalbody)


def defines(tree: ast.Module) -> list[str]:
    """The functions and classes a module defines anywhere but a module-level ``__getattr__``
    (at the top, or in an ``if`` or ``try`` there), as ``name:line``."""
    allowed = {id(n) for n in module_level(tree.body)
               if isinstance(n, ast.FunctionDef) and n.name in FACADE_MAY_DEFINE}
    found = [n for n in ast.walk(tree)
             if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
             and id(n) not in allowed]
    return [f"{n.name}:{n.lineno}" for n in sorted(found, key=lambda n: n.lineno)]


# --- the tree parses ------------------------------------------------------------------------


def test_every_module_parses(graph: Graph) -> None:
    """Every file under bezique/ parses: a broken file would drop out of every count below."""
    broken = [m.error for m in graph.modules.values() if m.error]
    none(broken, "modules that do not parse")


def test_every_import_names_a_module_of_the_tree(graph: Graph) -> None:
    """Each ``import bezique.x`` / ``from bezique.x import …`` names a module that exists, so no
    edge goes uncounted."""
    missing = [f"{i.source}:{i.line} {i.text}" for i in graph.unresolved]
    none(missing, "imports of modules that do not exist")


# --- item 1: sub-packages and facades -----------------------------------------------------------


def test_layout_constants() -> None:
    """The 31 moved modules of §3 are the facades and removed names of §5, each once."""
    assert len(MOVED) == len(set(MOVED)) == 31


def test_subpackages_exist() -> None:
    """§7 item 1: each sub-package of §3 exists with an ``__init__.py``."""
    missing = [p for p in SUBPACKAGES if not (BEZIQUE_DIR / p / "__init__.py").is_file()]
    none(missing, "sub-packages without bezique/<name>/__init__.py")


def test_removed_modules_are_gone() -> None:
    """§7 item 1: no moved module is left at the root but as a facade of §5."""
    left = [f"{n}.py" for n in REMOVED if (BEZIQUE_DIR / f"{n}.py").exists()]
    none(left, "root modules docs/architecture.md removes, still there")


def test_facades_exist() -> None:
    """§3, §5: the permanent and the deprecated facades are root modules."""
    missing = [f"{n}.py" for n in FACADES if not (BEZIQUE_DIR / f"{n}.py").is_file()]
    none(missing, "facades of docs/architecture.md missing at the root")


def test_facades_define_nothing(graph: Graph) -> None:
    """§7 item 1: a facade defines no function or class (a module ``__getattr__`` excepted)."""
    found = []
    for name in FACADES:
        tree = graph.modules[name].tree if name in graph.modules else None
        if tree is not None and (defs := defines(tree)):
            more = f" … ({len(defs)} in all)" if len(defs) > 5 else ""
            found.append(f"{name}.py: {', '.join(defs[:5])}{more}")
    none(found, "facades that define a function or class")


def test_no_module_imports_a_facade(graph: Graph) -> None:
    """§5: code inside bezique/ imports the new paths, never a facade (the root face's lazy
    attributes aside)."""
    found = [f"{i.source}:{i.line} {i.text}" for i in graph.imports
             if i.target in FACADES and is_root(graph, i.target) and i.source != PACKAGE]
    none(found, "imports of a facade inside bezique/")


# --- item 2: cycles ---------------------------------------------------------------------------


def same_cycles(found: list[frozenset[str]], expected: list[frozenset[str]]) -> None:
    """Fail unless the cycles found are those expected, naming both."""
    def show(cycles: Iterable[frozenset[str]]) -> list[str]:
        return sorted("{" + ", ".join(sorted(c)) + "}" for c in cycles) or ["none"]
    if set(found) != set(expected):
        pytest.fail("cycles found:" + listing(show(found)) + "\nexpected:"
                    + listing(show(expected)), pytrace=False)


def test_cycles_module_and_function_level(graph: Graph) -> None:
    """§7 item 2: counting module- and function-level imports, the only cycle is ``rules/``'s."""
    found = graph.cycles(Level.FUNCTION)
    same_cycles(found, EXPECTED_CYCLES)


def test_cycles_with_type_only_imports(graph: Graph) -> None:
    """§7 item 2: counting type-only imports too, ``rules/``'s and
    ``{deal, observation, view.render, view.svg}``."""
    found = graph.cycles(Level.TYPE)
    same_cycles(found, EXPECTED_TYPED_CYCLES)


def test_no_cycle_at_module_level(graph: Graph) -> None:
    """§7 item 2: no cycle counting module-level imports only."""
    found = graph.cycles(Level.MODULE)
    same_cycles(found, [])


# --- item 3: layers ---------------------------------------------------------------------------


def test_every_module_has_a_tier(graph: Graph) -> None:
    """Every module is in a package §1 places."""
    unplaced = sorted(n for n in graph.modules if tier(graph, n) is None)
    none(unplaced, "modules in a package docs/architecture.md does not place")


def test_edges_follow_the_tiers(graph: Graph) -> None:
    """§7 item 3: every module- and function-level edge points down the tiers of §1; the only
    ones against them are the function-level imports of ``AGAINST_TIERS``."""
    lines = {(i.source, i.target): i.line
             for i in sorted(graph.imports, key=lambda i: (i.level, -i.line))}
    bad = []
    for (src, dst), level in sorted(graph.edges().items()):
        if level >= Level.FUNCTION and (why := layer_problem(graph, src, dst, level)):
            bad.append(f"{src}:{lines[src, dst]} → {dst} ({level.name.lower()} level): {why}")
    none(bad, "edges against docs/architecture.md")


def test_against_tiers_only_in_functions(graph: Graph) -> None:
    """§1: each import against the tiers is inside a function, ``rules.model → rules.load``
    too (its package is one, so the tiers alone would not catch it)."""
    bad = [f"{src} → {dst}" for (src, dst), level in sorted(graph.edges().items())
           if level == Level.MODULE
           and any(matches(src, a) and matches(dst, b) for a, b in AGAINST_TIERS)]
    none(bad, "imports against the tiers at module level")


def test_no_module_imports_the_root_face(reads: Reads) -> None:
    """§1: no module takes a name from ``bezique/__init__.py`` (``from bezique import Deal``,
    ``import bezique``, ``bezique.Deal``); the root face re-exports."""
    found = [f"{f.module}:{f.line} bezique.{f.name or ''}".rstrip(".")
             for f in reads.faces if f.face == PACKAGE]
    none(found, "reads of the root face")


def test_siblings_not_through_the_package_face(graph: Graph, reads: Reads) -> None:
    """§1: inside a package, a module imports a sibling by its module, never through the
    package's face (``bezique.bots``)."""
    found = [f"{f.module}:{f.line} {f.face}.{f.name}" for f in reads.faces
             if f.face != PACKAGE and f.face == graph.package(f.module) and f.module != f.face]
    none(found, "names taken from the module's own package face")


def test_optional_dependencies_stay_in_their_homes(graph: Graph) -> None:
    """§1: optional dependencies are imported at module level only in ``OPTIONAL_HOMES``, and
    never (not even type only) by the engine and below."""
    bad = []
    for imp in graph.external:
        if imp.target not in OPTIONAL_DEPENDENCIES:
            continue
        where = tier(graph, imp.source)
        if where is not None and where <= 2:
            bad.append(f"{imp.source}:{imp.line} {imp.text} (tier {where}, any level)")
        elif imp.level == Level.MODULE and not optional_home(graph, imp.source):
            bad.append(f"{imp.source}:{imp.line} {imp.text} (module level)")
    none(bad, "optional dependencies imported outside their homes")


# --- item 4: private names --------------------------------------------------------------------


def test_no_private_names_across_packages(reads: Reads) -> None:
    """§7 item 4: (a) ``from X import _y`` or from a private module of another package, (b)
    ``m._y`` on a module, (c) ``C._y`` on a name, (d) ``p._y`` on a parameter or annotated
    local typed with a class, of another package: 0."""
    none([str(r) for r in reads.narrow], "private names used across packages "
         "(module:line (rule) expression [owning package])")


def test_no_private_names_across_packages_wider(reads: Reads) -> None:
    """§7 item 4, the wider count of §2: every ``x._y`` outside ``self``/``cls`` naming a field
    or method that only other packages define: 0."""
    none([str(r) for r in reads.wider], "private names read across packages "
         "(module:line expression [packages defining it])")


# --- item 10: sizes ---------------------------------------------------------------------------


def test_module_sizes(graph: Graph) -> None:
    """§7 item 10: no module over 610 lines."""
    big = sorted(f"{m.path.relative_to(BEZIQUE_DIR)}: {m.lines}"
                 for m in graph.modules.values() if m.lines > MAX_LINES)
    none(big, f"modules over {MAX_LINES} lines")


def test_face_sizes(graph: Graph) -> None:
    """§7 item 10: sub-package faces under 40 lines; the root face up to 120 (lazy
    attributes)."""
    big = sorted(f"{m.path.relative_to(BEZIQUE_DIR)}: {m.lines}"
                 for m in graph.modules.values() if m.is_face
                 and m.lines > (ROOT_FACE_MAX_LINES if m.name == PACKAGE else FACE_MAX_LINES))
    none(big, "faces over their size (40 lines, the root 120)")
