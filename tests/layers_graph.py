"""The import graph and the private-name reads of ``bezique/``, read with ``ast`` only.

Shared by tests/test_layers.py (docs/architecture.md). Nothing here imports the package: every
file under the folder is parsed from disk, so a half-moved tree can be measured.

How the graph is counted: an edge A → B for each ``import``/``from … import`` in A that names
module B of the tree (``from P import n`` names ``P.n`` when that is a module, file or package,
else ``P``). The package ``__init__`` that Python runs before a submodule is not an edge. An
import is *module level* (class bodies and ``try`` included), *function level*, or *type only*
(under ``if TYPE_CHECKING:`` at any nesting); when an edge exists at several levels the
strongest counts (module > function > type). A cycle is a strongly connected component of more
than one module.

Modules are named relative to the package: ``deal``, ``rules.model``, ``rules`` (the face
``rules/__init__.py``), and ``bezique`` for the root face ``bezique/__init__.py``.

Run ``python3 tests/layers_graph.py [FOLDER]`` for a summary of a tree (default: this checkout's
``bezique/``)."""

from __future__ import annotations

import ast
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import NamedTuple

PACKAGE = "bezique"
"""The top-level package name; also the short name of its root face."""

BEZIQUE_DIR = Path(__file__).resolve().parents[1] / PACKAGE
"""The package folder of this checkout."""

ROOT = ""
"""The package of every module at the root of ``bezique/``: engine, codecs, entry points,
facades and the root face."""

PRIVATE_MODULES_SHARED = frozenset({"_mypyc"})
"""Private modules another package may import (rule 4 (a)): ``_mypyc`` is the compiled-build
helper (``mypyc_attr``, ``NO_VALIDATOR``), a build switch rather than a private API.
``_hypothesis`` is deliberately absent: it is the root's entry point, and docs/architecture.md has
``check/strategies.py`` stop importing it (the binding stays in the root ``strategies`` facade)."""

FOREIGN_PRIVATE_NAMES = frozenset({"_asdict", "_fields", "_getframe", "_make", "_processes",
                                   "_replace"})
"""Private names of the standard library read on purpose, left out of the wider count even when
a bezique module happens to define the same name: ``ProcessPoolExecutor._processes``
(docs/architecture.md), ``sys._getframe``, and the namedtuple API."""


class Level(IntEnum):
    """How strongly an import binds: the strongest level of an edge is the one that counts."""

    TYPE = 1
    FUNCTION = 2
    MODULE = 3


@dataclass(frozen=True)
class Module:
    """One ``.py`` file of the tree, parsed (``tree`` None and ``error`` set when it does not)."""

    name: str
    path: Path
    is_face: bool
    source: str
    tree: ast.Module | None
    error: str | None

    @property
    def lines(self) -> int:
        """The number of lines of the file."""
        return len(self.source.splitlines())

    @property
    def package(self) -> str:
        """The package the module belongs to: ``ROOT`` at the root (the root face included),
        else its first folder."""
        if self.name == PACKAGE or ("." not in self.name and not self.is_face):
            return ROOT
        return self.name.split(".")[0]

    @property
    def full(self) -> str:
        """The dotted import path, ``bezique.rules.model``."""
        return PACKAGE if self.name == PACKAGE else f"{PACKAGE}.{self.name}"


class Import(NamedTuple):
    """One module named by one import statement: ``source`` → ``target`` at ``level``."""

    source: str
    target: str
    level: Level
    line: int
    text: str


class Binding(NamedTuple):
    """What a name bound by an import refers to: a module (``attr`` None) or ``attr`` of one."""

    module: str
    attr: str | None


class PrivateRead(NamedTuple):
    """A private name used across packages: ``rule`` is ``a``-``d`` (docs/architecture.md) or
    ``wider``; ``owner`` is the package (``root`` for the root) the name belongs to."""

    module: str
    line: int
    rule: str
    text: str
    owner: str

    def __str__(self) -> str:
        """``search.solver:143 (d) d._hand [root]``."""
        return f"{self.module}:{self.line} ({self.rule}) {self.text} [{self.owner or 'root'}]"


def short_name(full: str) -> str:
    """``bezique.rules.model`` → ``rules.model``; ``bezique`` stays ``bezique``."""
    return full[len(PACKAGE) + 1:] if full.startswith(PACKAGE + ".") else full


def _is_dunder(name: str) -> bool:
    """``__x__``: not private."""
    return name.startswith("__") and name.endswith("__")


def _is_private(name: str) -> bool:
    """``_x`` but not ``__x__``."""
    return name.startswith("_") and not _is_dunder(name)


def _is_type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:``."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _statements(
    nodes: Iterable[ast.AST], in_function: bool = False, type_only: bool = False
) -> Iterator[tuple[ast.Import | ast.ImportFrom, Level]]:
    """Every import statement in or under ``nodes``, with its level."""
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, (Level.TYPE if type_only else Level.FUNCTION if in_function
                         else Level.MODULE)
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _statements(node.body, in_function, True)
            yield from _statements(node.orelse, in_function, type_only)
        else:
            inside = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef
                                               | ast.Lambda)
            yield from _statements(ast.iter_child_nodes(node), inside, type_only)


def load_modules(root: Path) -> tuple[dict[str, Module], list[Path]]:
    """Every module under ``root`` by short name, and the files a package of the same name
    shadows (``bots.py`` beside ``bots/__init__.py``)."""
    modules: dict[str, Module] = {}
    shadowed: list[Path] = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if "__pycache__" in rel.parts:
            continue
        parts = rel.with_suffix("").parts
        is_face = parts[-1] == "__init__"
        if is_face:
            parts = parts[:-1]
        name = ".".join(parts) or PACKAGE
        source = path.read_text(encoding="utf-8")
        tree: ast.Module | None = None
        error: str | None = None
        try:
            tree = ast.parse(source, filename=str(path))
        except SyntaxError as exc:
            error = f"{rel}:{exc.lineno}: {exc.msg}"
        module = Module(name, path, is_face, source, tree, error)
        if name in modules:
            keep, drop = (module, modules[name]) if is_face else (modules[name], module)
            modules[name] = keep
            shadowed.append(drop.path)
        else:
            modules[name] = module
    return modules, shadowed


@dataclass
class Graph:
    """The modules of a ``bezique/`` folder and their imports."""

    root: Path
    modules: dict[str, Module]
    shadowed: list[Path]
    imports: list[Import] = field(default_factory=list)
    unresolved: list[Import] = field(default_factory=list)
    external: list[Import] = field(default_factory=list)

    @classmethod
    def read(cls, root: Path = BEZIQUE_DIR) -> Graph:
        """Parse every module under ``root`` and collect its imports."""
        modules, shadowed = load_modules(root)
        graph = cls(root, modules, shadowed)
        for module in modules.values():
            if module.tree is not None:
                for stmt, level in _statements(module.tree.body):
                    graph._add(module, stmt, level)
        return graph

    def package(self, name: str) -> str:
        """The package of module ``name`` (``ROOT`` for the root); a name not in the tree is
        taken as a root module when it has no dot."""
        module = self.modules.get(name)
        if module is not None:
            return module.package
        return ROOT if "." not in name or name == PACKAGE else name.split(".")[0]

    def package_path(self, module: Module, stmt: ast.ImportFrom) -> str | None:
        """The absolute dotted path of ``from … import``, relative imports resolved."""
        if not stmt.level:
            return stmt.module
        parts = module.full.split(".")
        if not module.is_face:
            parts = parts[:-1]
        if stmt.level > 1:
            parts = parts[: len(parts) - (stmt.level - 1)]
        base = ".".join(parts)
        return f"{base}.{stmt.module}" if stmt.module else base

    def module_of(self, full: str) -> str | None:
        """The short name of module ``full`` when it is a module of the tree."""
        if full != PACKAGE and not full.startswith(PACKAGE + "."):
            return None
        name = short_name(full)
        return name if name in self.modules else None

    def _record(self, module: Module, target: str | None, full: str, level: Level,
                line: int, text: str) -> None:
        if target is None:
            self.unresolved.append(Import(module.name, short_name(full), level, line, text))
        elif target != module.name:
            self.imports.append(Import(module.name, target, level, line, text))

    def _add(self, module: Module, stmt: ast.Import | ast.ImportFrom, level: Level) -> None:
        """Record the modules named by one import statement (the top-level name of a module
        outside the tree in ``external``)."""
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                text = f"import {alias.name}"
                if _in_package(alias.name):
                    self._record(module, self.module_of(alias.name), alias.name, level,
                                 stmt.lineno, text)
                else:
                    self.external.append(Import(module.name, alias.name.split(".")[0], level,
                                                stmt.lineno, text))
            return
        path = self.package_path(module, stmt)
        if path is None or not _in_package(path):
            if path is not None and not stmt.level:
                self.external.append(Import(module.name, path.split(".")[0], level,
                                            stmt.lineno, f"from {path} import …"))
            return
        for alias in stmt.names:
            text = f"from {path} import {alias.name}"
            sub = None if alias.name == "*" else self.module_of(f"{path}.{alias.name}")
            if sub is not None:
                self._record(module, sub, f"{path}.{alias.name}", level, stmt.lineno, text)
            else:
                self._record(module, self.module_of(path), path, level, stmt.lineno, text)

    def binds_of(self, module: Module, stmt: ast.Import | ast.ImportFrom) -> dict[str, Binding]:
        """The names one import statement binds to modules or names of the tree."""
        binds: dict[str, Binding] = {}
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                target = self.module_of(alias.name)
                if alias.asname and target is not None:
                    binds[alias.asname] = Binding(target, None)
                elif not alias.asname and _in_package(alias.name) and PACKAGE in self.modules:
                    binds[PACKAGE] = Binding(PACKAGE, None)
            return binds
        path = self.package_path(module, stmt)
        package = None if path is None else self.module_of(path)
        if path is None or package is None:
            return binds
        for alias in stmt.names:
            if alias.name == "*":
                continue
            sub = self.module_of(f"{path}.{alias.name}")
            binds[alias.asname or alias.name] = (Binding(sub, None) if sub is not None
                                                 else Binding(package, alias.name))
        return binds

    def edges(self) -> dict[tuple[str, str], Level]:
        """Each edge (source, target) with its strongest level."""
        result: dict[tuple[str, str], Level] = {}
        for imp in self.imports:
            key = (imp.source, imp.target)
            result[key] = max(result.get(key, imp.level), imp.level)
        return result

    def cycles(self, weakest: Level) -> list[frozenset[str]]:
        """The strongly connected components of more than one module, counting the edges of
        level ``weakest`` or stronger (``Level.TYPE``: every import)."""
        succ: dict[str, list[str]] = defaultdict(list)
        for (src, dst), level in sorted(self.edges().items()):
            if level >= weakest:
                succ[src].append(dst)
        return [c for c in strongly_connected(sorted(self.modules), succ) if len(c) > 1]


def strongly_connected(nodes: Iterable[str],
                       succ: dict[str, list[str]]) -> list[frozenset[str]]:
    """Tarjan's strongly connected components of the graph ``succ`` (iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    result: list[frozenset[str]] = []
    for start in nodes:
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(succ.get(start, [])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component: set[str] = set()
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.add(top)
                        if top == node:
                            break
                    result.append(frozenset(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(succ.get(child, []))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return result


# --- private names ------------------------------------------------------------------------------


PackageOf = Callable[[str], str]
"""Maps a module's short name to its package (``ROOT`` for the root); ``Graph.package`` by
default, a mapping of docs/architecture.md to count by the target packages on an old tree."""


def private_definitions(graph: Graph, package: PackageOf) -> dict[str, set[str]]:
    """Each private name defined in the tree and the packages that define it: module-level
    functions, classes and assignments; in every class body its methods, attributes and
    ``__slots__``; and ``self._y = …`` / ``cls._y = …`` anywhere."""
    defs: dict[str, set[str]] = defaultdict(set)

    def define(name: str, module: str) -> None:
        if _is_private(name):
            defs[name].add(package(module))

    def body_names(body: list[ast.stmt], module: str) -> None:
        for stmt in body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                define(stmt.name, module)
            elif isinstance(stmt, ast.If | ast.Try):
                for block in _blocks(stmt):
                    body_names(block, module)
            elif isinstance(stmt, ast.Assign | ast.AnnAssign | ast.AugAssign):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                for target in targets:
                    for node in ast.walk(target):
                        if isinstance(node, ast.Name):
                            define(node.id, module)
                    if (isinstance(target, ast.Name) and target.id == "__slots__"
                            and stmt.value is not None):
                        for node in ast.walk(stmt.value):
                            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                                define(node.value, module)

    for module in graph.modules.values():
        if module.tree is None:
            continue
        body_names(module.tree.body, module.name)
        for node in ast.walk(module.tree):
            if isinstance(node, ast.ClassDef):
                body_names(node.body, module.name)
            elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                  and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                define(node.attr, module.name)
    return dict(defs)


def _blocks(stmt: ast.If | ast.Try) -> list[list[ast.stmt]]:
    """The statement blocks of an ``if`` or a ``try``."""
    if isinstance(stmt, ast.If):
        return [stmt.body, stmt.orelse]
    return [stmt.body, stmt.orelse, stmt.finalbody, *(h.body for h in stmt.handlers)]


def _typed_class(annotation: ast.expr | None) -> list[ast.expr]:
    """The class expressions an annotation types a name with: ``Deal``, ``Deal | None``,
    ``Optional[Deal]``, ``"Deal"``; not containers (``list[Deal]``)."""
    if annotation is None:
        return []
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            return _typed_class(ast.parse(annotation.value, mode="eval").body)
        except SyntaxError:
            return []
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _typed_class(annotation.left) + _typed_class(annotation.right)
    if isinstance(annotation, ast.Subscript):
        head = annotation.value
        head_name = head.id if isinstance(head, ast.Name) else getattr(head, "attr", "")
        if head_name in ("Optional", "Union", "Final", "ClassVar"):
            inner = annotation.slice
            elts = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            return [c for e in elts for c in _typed_class(e)]
        return []
    if isinstance(annotation, ast.Name | ast.Attribute):
        return [annotation]
    return []


Function = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


class FaceRead(NamedTuple):
    """A name taken from the face (``__init__``) of package ``face`` rather than its module:
    ``from bezique import Deal``, ``import bezique`` (``name`` None), or ``bezique.Deal``."""

    module: str
    line: int
    face: str
    name: str | None


@dataclass
class _Scope:
    """The names in scope at a point of a module: what imports bind, and which parameters or
    annotated locals are typed with a class of another package (by name, with that package)."""

    binds: dict[str, Binding]
    typed: dict[str, str]


class _Scan:
    """Rules (a)-(d) of docs/architecture.md, the wider count and the face reads, over one
    module."""

    def __init__(self, graph: Graph, module: Module, package: PackageOf,
                 defs: dict[str, set[str]]) -> None:
        self.graph = graph
        self.module = module
        self.package = package
        self.home = package(module.name)
        self.defs = defs
        self.narrow: dict[tuple[int, int, str], PrivateRead] = {}
        self.wider: dict[tuple[int, int, str], PrivateRead] = {}
        self.faces: list[FaceRead] = []

    def run(self) -> None:
        """Scan the whole module."""
        assert self.module.tree is not None
        binds: dict[str, Binding] = {}
        for stmt in _scope_nodes(self.module.tree.body):
            if isinstance(stmt, ast.Import | ast.ImportFrom):
                binds.update(self.graph.binds_of(self.module, stmt))
        self.visit(self.module.tree, _Scope(binds, {}))

    def owner(self, module: str) -> str | None:
        """The package of ``module`` when it is not this module's package, else None."""
        other = self.package(module)
        return None if other == self.home else other

    def resolve(self, expr: ast.expr, scope: _Scope) -> Binding | None:
        """What ``expr`` (a name or an attribute chain on an imported name) refers to."""
        if isinstance(expr, ast.Name):
            return scope.binds.get(expr.id)
        if isinstance(expr, ast.Attribute):
            base = self.resolve(expr.value, scope)
            if base is None or base.attr is not None:
                return None
            sub = self.graph.module_of(f"{self.graph.modules[base.module].full}.{expr.attr}")
            return Binding(sub, None) if sub is not None else Binding(base.module, expr.attr)
        return None

    def flag(self, node: ast.stmt | ast.expr, rule: str, text: str, owner: str) -> None:
        """Record one finding (once per node and text)."""
        read = PrivateRead(self.module.name, node.lineno, rule, text, owner)
        key = (node.lineno, node.col_offset, text)
        (self.wider if rule == "wider" else self.narrow).setdefault(key, read)

    def is_face(self, name: str) -> bool:
        """Whether module ``name`` is a package face (an ``__init__.py``)."""
        return self.graph.modules[name].is_face

    def imports(self, stmt: ast.Import | ast.ImportFrom) -> None:
        """Rule (a): a private name, or anything from a private module, of another package;
        and the names taken from a face."""
        if isinstance(stmt, ast.Import):
            paths: list[tuple[str, str | None]] = [(a.name, None) for a in stmt.names]
        else:
            path = self.graph.package_path(self.module, stmt) or ""
            paths = [(path, alias.name) for alias in stmt.names]
        for path, name in paths:
            if not _in_package(path):
                continue
            full = f"{path}.{name}" if name and name != "*" else path
            is_module = self.graph.module_of(full) is not None
            target = self.graph.module_of(full) or self.graph.module_of(path)
            if target is not None and self.is_face(target) and (
                    not is_module or (name is None and target == PACKAGE)):
                self.faces.append(FaceRead(self.module.name, stmt.lineno, target, name))
            modules = short_name(full if is_module else path).split(".")
            private = [p for p in modules if _is_private(p) and p not in PRIVATE_MODULES_SHARED]
            private_name = name is not None and _is_private(name) and not is_module
            if not private and not private_name:
                continue
            owner = self.owner(target if target is not None else short_name(path))
            if owner is None:
                continue
            text = f"from {path} import {name}" if name else f"import {path}"
            self.flag(stmt, "a", text, owner)
            if private_name:
                self.flag(stmt, "wider", text, owner)

    def attribute(self, node: ast.Attribute, scope: _Scope) -> None:
        """Rules (b), (c), (d) and the wider count for ``x._y``; a face read for ``F.y``."""
        value = node.value
        base = self.resolve(value, scope)
        if base is not None and base.attr is None and self.is_face(base.module):
            full = f"{self.graph.modules[base.module].full}.{node.attr}"
            if self.graph.module_of(full) is None and not _is_dunder(node.attr):
                self.faces.append(FaceRead(self.module.name, node.lineno, base.module,
                                           node.attr))
        if not _is_private(node.attr) or (isinstance(value, ast.Name)
                                          and value.id in ("self", "cls")):
            return
        text = f"{ast.unparse(value)}.{node.attr}"
        if base is not None:
            owner = self.owner(base.module)
            if owner is not None:
                self.flag(node, "b" if base.attr is None else "c", text, owner)
        elif isinstance(value, ast.Name) and value.id in scope.typed:
            self.flag(node, "d", text, scope.typed[value.id])
        packages = self.defs.get(node.attr)
        if packages and self.home not in packages and node.attr not in FOREIGN_PRIVATE_NAMES:
            self.flag(node, "wider", text, ",".join(sorted(p or "root" for p in packages)))

    def inner(self, func: Function, outer: _Scope) -> _Scope:
        """The scope of ``func``'s body: the outer names less those its parameters and local
        assignments shadow, plus its own imports and typed names."""
        args = func.args
        params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
        params += [a for a in (args.vararg, args.kwarg) if a is not None]
        local = {a.arg for a in params}
        annotated: list[tuple[str, ast.expr | None]] = [(a.arg, a.annotation) for a in params]
        binds: dict[str, Binding] = {}
        if not isinstance(func, ast.Lambda):
            for node in _scope_nodes(func.body):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    local.add(node.id)
                elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                    annotated.append((node.target.id, node.annotation))
                elif isinstance(node, ast.Import | ast.ImportFrom):
                    binds.update(self.graph.binds_of(self.module, node))
        scope = _Scope({k: v for k, v in outer.binds.items() if k not in local},
                       {k: v for k, v in outer.typed.items() if k not in local})
        scope.binds.update(binds)
        for name, annotation in annotated:
            for cls in _typed_class(annotation):
                base = self.resolve(cls, scope)
                owner = None if base is None or base.attr is None else self.owner(base.module)
                if owner is not None:
                    scope.typed[name] = owner
        return scope

    def visit(self, node: ast.AST, scope: _Scope) -> None:
        """Walk ``node`` in ``scope``."""
        if isinstance(node, ast.Import | ast.ImportFrom):
            self.imports(node)
        elif isinstance(node, ast.Attribute):
            self.attribute(node, scope)
        if isinstance(node, Function):
            inner = self.inner(node, scope)
            body = node.body if isinstance(node.body, list) else [node.body]
            for child in ast.iter_child_nodes(node):
                self.visit(child, inner if any(child is b for b in body) else scope)
            return
        for child in ast.iter_child_nodes(node):
            self.visit(child, scope)


def _scope_nodes(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """The nodes of a block, not descending into functions or classes (whose names are their
    own scope); a nested function's or class's name and decorators are included."""
    todo: list[ast.AST] = list(body)
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            todo.extend(node.decorator_list)
        elif not isinstance(node, ast.Lambda):
            todo.extend(ast.iter_child_nodes(node))


def _in_package(path: str) -> bool:
    """Whether a dotted import path is ``bezique`` or inside it."""
    return path == PACKAGE or path.startswith(PACKAGE + ".")


@dataclass
class Reads:
    """What the scan of every module finds: the private names used across packages by rules
    (a)-(d) of docs/architecture.md (``narrow``), by the wider count of §2 (``wider``: every
    ``x._y`` outside ``self``/``cls`` naming what only other packages define, and every private
    name imported from another package), and the names taken from a face (``faces``)."""

    narrow: list[PrivateRead]
    wider: list[PrivateRead]
    faces: list[FaceRead]


def scan(graph: Graph, package: PackageOf | None = None) -> Reads:
    """Scan every module of ``graph``; ``package`` maps a module to its package (by default its
    folder)."""
    package_of = package or graph.package
    defs = private_definitions(graph, package_of)
    reads = Reads([], [], [])
    for module in graph.modules.values():
        if module.tree is not None:
            one = _Scan(graph, module, package_of, defs)
            one.run()
            reads.narrow += one.narrow.values()
            reads.wider += one.wider.values()
            reads.faces += one.faces
    reads.narrow.sort()
    reads.wider.sort()
    reads.faces.sort(key=lambda f: (f.module, f.line, f.face, f.name or ""))
    return reads


# --- summary ------------------------------------------------------------------------------------


def summary(root: Path = BEZIQUE_DIR, package: PackageOf | None = None) -> str:
    """A text summary of the tree at ``root``: modules, edges by level, cycles, private reads."""
    graph = Graph.read(root)
    edges = graph.edges()
    by_level = Counter(edges.values())
    lines = [f"{root}: {len(graph.modules)} modules, "
             f"{sum(m.lines for m in graph.modules.values())} lines"]
    broken = [m.error for m in graph.modules.values() if m.error]
    lines += [f"  does not parse: {e}" for e in broken]
    lines += [f"  shadowed by a package: {p}" for p in graph.shadowed]
    lines.append(f"edges: {len(edges)}: {by_level[Level.MODULE]} module level, "
                 f"{by_level[Level.FUNCTION]} function level only, "
                 f"{by_level[Level.TYPE]} type only")
    for imp in graph.unresolved:
        lines.append(f"  unresolved: {imp.source}:{imp.line} {imp.text}")
    for title, weakest in (("every import", Level.TYPE), ("module and function level",
                                                            Level.FUNCTION),
                           ("module level", Level.MODULE)):
        cycles = graph.cycles(weakest)
        lines.append(f"cycles counting {title}: {len(cycles)}")
        lines += [f"  {{{', '.join(sorted(c))}}}" for c in cycles]
    reads = scan(graph, package)
    narrow, wider = reads.narrow, reads.wider
    rules = Counter(r.rule for r in narrow)
    lines.append(f"private names across packages, rules (a)-(d): {len(narrow)} "
                 f"({', '.join(f'{k} {v}' for k, v in sorted(rules.items()))})")
    package_of = package or graph.package
    pairs = Counter((package_of(r.module) or "root", r.owner or "root") for r in wider)
    lines.append(f"private names across packages, wider count: {len(wider)} ("
                 + ", ".join(f"{a} → {b} {n}" for (a, b), n in sorted(pairs.items())) + ")")
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary(Path(sys.argv[1]) if len(sys.argv) > 1 else BEZIQUE_DIR))
