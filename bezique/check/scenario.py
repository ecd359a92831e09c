"""Rules scenarios: hand-written TOML files that set up a deal, act, and check the outcome.

A scenario names a profile, a stacked ``[position]`` (the arguments of `Deal.from_position`) or
a shuffled ``[deal]``, a list of ``[[step]]`` tables (actions in notation plus expectations), and
optionally a ``[settle]`` table (the end count of the finished deal, or of given points). Extra
``[[variant]]`` tables re-run the same steps under another profile with some expectations
replaced: the way to state "and with this knob the second win is rejected". The format is
documented in ``docs/scenarios.md``; `run_files` checks any user's files. The comparisons
of expectations with what the engine did live in `bezique.check.scenario_checks`.

>>> text = '''
... title = "four kings on the first win"
... profile = "bezique"
... [position]
... hands = ["KS KH KC KD 8C 9S 9H 8H", "7S 8S 10C JC AH 10H QC 9D"]
... stock = "9C 10S 8D"
... turn_up = "JD"
... dealer = 1
... [[step]]
... do = ["play 8C", "play 7S", "meld KS KH KC KD"]
... expect_points = ["P0 +80 four_kings"]
... '''
>>> run_scenario(parse_scenario(text)).passed
True
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import tomli_w
from attrs import field, frozen

from bezique.check.scenario_checks import (
    STATE_CHECKS,
    Mismatch,
    cards_match,
    render_event,
    settle_mismatches,
    step_mismatches,
)
from bezique.deal import Deal
from bezique.errors import IllegalAction, NotationError, ProfileError
from bezique.events import Event
from bezique.rules import Rules, list_profiles, load_profile, profile_from_toml

TOP_KEYS = frozenset({"title", "source", "profile", "position", "deal", "step", "settle",
                      "variant", "xfail", "note"})
"""The keys a scenario file may have at its top level."""
POSITION_KEYS = frozenset({"hands", "stock", "turn_up", "dealer", "trump", "leader", "scores",
                           "totals", "target", "reachable"})
"""The keys of ``[position]``: arguments of `Deal.from_position`."""
DEAL_KEYS = frozenset({"seed", "dealer", "totals", "target", "cut", "guess"})
"""The keys of ``[deal]``: arguments of `Deal.new`."""
EXPECT_STEP_KEYS = frozenset({"expect_scores", "expect_points", "expect_events", "expect_error",
                              "expect_legal", "expect_legal_includes", "expect_legal_excludes",
                              "expect"})
"""The expectation keys of a ``[[step]]``."""
STEP_KEYS = EXPECT_STEP_KEYS | {"do", "id", "by", "note"}
"""Every key a ``[[step]]`` may have."""
SETTLE_KEYS = frozenset({"points", "brisques", "totals", "target", "called_out", "dealer",
                         "expect"})
"""The keys of ``[settle]``: arguments of `bezique.settle`, and ``expect``."""
SETTLE_EXPECT_KEYS = frozenset({"winner", "kind", "margin", "totals", "game_over", "target",
                                "breakdown_includes"})
"""What ``[settle].expect`` may check: `Settlement` fields, breakdown lines."""
VARIANT_KEYS = frozenset({"name", "profile", "position", "deal", "steps", "settle", "stop_after",
                          "xfail", "note"})
"""The keys of a ``[[variant]]``."""


class ScenarioError(ValueError):
    """A scenario file is malformed; the message gives the file and the key path."""


@frozen
class Step:
    """One step: actions to apply in order (``do``), then the checks (expectation keys)."""

    index: int
    do: tuple[str, ...]
    checks: Mapping[str, Any]
    id: str = ""
    by: int | None = None


@frozen
class Case:
    """One run of the scenario: the base run, or a ``[[variant]]`` with its own profile."""

    name: str
    rules: Rules
    steps: tuple[Step, ...]
    settle: Mapping[str, Any] | None
    position: Mapping[str, Any] | None = None
    deal: Mapping[str, Any] | None = None
    xfail: str = ""


@frozen
class Scenario:
    """A loaded scenario file: its setup and every case to run (the base run first)."""

    title: str
    source: str
    path: str
    cases: tuple[Case, ...]


@frozen
class Failure:
    """One check that did not hold: in which case and step, what was expected, what was seen."""

    case: str
    step: int | None
    check: str
    expected: object
    actual: object

    def __str__(self) -> str:
        where = self.case + ("" if self.step is None else f" step {self.step}")
        return f"{where}: {self.check}: expected {self.expected!r}, got {self.actual!r}"


@frozen
class ScenarioResult:
    """The outcome of `run_scenario`: ``passed`` when every case met every expectation (a case
    marked ``xfail`` must fail instead); ``failures`` lists what differed; ``xfailed`` names
    the cases that failed as their ``xfail`` said they would."""

    scenario: Scenario
    failures: tuple[Failure, ...] = ()
    xfailed: tuple[str, ...] = field(default=())

    @property
    def passed(self) -> bool:
        """Whether nothing unexpected happened."""
        return not self.failures

    def report(self) -> str:
        """A readable multi-line report: the title, then one line per failure."""
        status = "PASS" if self.passed else "FAIL"
        lines = [f"{status} {self.scenario.path}: {self.scenario.title}"]
        lines += [f"  xfail {name}" for name in self.xfailed]
        lines += [f"  {f}" for f in self.failures]
        return "\n".join(lines)


# ------------------------------------------------------------------ loading


def _check_keys(data: Mapping[str, Any], allowed: Iterable[str], where: str) -> None:
    allowed = sorted(allowed)
    for key in data:
        if key not in allowed:
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ScenarioError(f"{where}.{key}: unknown key{hint}; allowed: {', '.join(allowed)}")


def _load_rules(spec: object, where: str, base_dir: Path) -> Rules:
    """A profile from a built-in name, a path relative to the scenario, or an inline table."""
    try:
        if isinstance(spec, str):
            if spec in list_profiles():
                return load_profile(spec)
            return load_profile(base_dir / spec)
        if isinstance(spec, Mapping):
            return profile_from_toml(tomli_w.dumps(dict(spec)), source=where, base_dir=base_dir)
    except (ProfileError, OSError) as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    raise ScenarioError(f"{where}: expected a profile name, a relative path or a table")


def _steps(raw: object, where: str) -> tuple[Step, ...]:
    if not isinstance(raw, list):
        raise ScenarioError(f"{where}: expected an array of [[step]] tables")
    out = []
    for i, item in enumerate(raw):
        here = f"{where}[{i}]"
        if not isinstance(item, dict):
            raise ScenarioError(f"{here}: expected a table")
        _check_keys(item, STEP_KEYS, here)
        if isinstance(item.get("expect"), dict):
            _check_keys(item["expect"], STATE_CHECKS, f"{here}.expect")
        do = item.get("do", [])
        do = [do] if isinstance(do, str) else do
        if not isinstance(do, list) or not all(isinstance(a, str) for a in do):
            raise ScenarioError(f"{here}.do: expected a notation string or an array of them")
        checks = {k: v for k, v in item.items() if k in EXPECT_STEP_KEYS}
        out.append(Step(index=i, do=tuple(do), checks=checks, id=str(item.get("id", "")),
                        by=item.get("by")))
    return tuple(out)


def _settle_spec(raw: object, where: str) -> Mapping[str, Any] | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ScenarioError(f"{where}: expected a table")
    _check_keys(raw, SETTLE_KEYS, where)
    _check_keys(raw.get("expect", {}), SETTLE_EXPECT_KEYS, f"{where}.expect")
    return raw


def _variant(base: Case, raw: dict[str, Any], where: str, base_dir: Path) -> Case:
    _check_keys(raw, VARIANT_KEYS, where)
    name = str(raw.get("name", where))
    rules = _load_rules(raw["profile"], f"{where}.profile", base_dir) if "profile" in raw \
        else base.rules
    patches = raw.get("steps", {})
    ids = {s.id for s in base.steps if s.id}
    for key in patches:
        if key not in ids:
            raise ScenarioError(f"{where}.steps.{key}: no step has id {key!r}")
    steps = []
    for step in base.steps:
        patch = patches.get(step.id) if step.id else None
        if patch is not None:
            _check_keys(patch, STEP_KEYS - {"id"}, f"{where}.steps.{step.id}")
            fixed = _steps([{"id": step.id, "do": list(step.do), "by": step.by, **patch}],
                           f"{where}.steps.{step.id}")[0]
            step = Step(index=step.index, do=fixed.do, checks=fixed.checks, id=step.id,
                        by=fixed.by)
        steps.append(step)
        if raw.get("stop_after") and step.id == raw["stop_after"]:
            break
    settle_spec = _settle_spec(raw["settle"], f"{where}.settle") if "settle" in raw \
        else (None if raw.get("stop_after") else base.settle)
    position, deal = base.position, base.deal
    if "position" in raw:
        _check_keys(raw["position"], POSITION_KEYS, f"{where}.position")
        position, deal = raw["position"], None
    if "deal" in raw:
        _check_keys(raw["deal"], DEAL_KEYS, f"{where}.deal")
        position, deal = None, raw["deal"]
    return Case(name=name, rules=rules, steps=tuple(steps), settle=settle_spec,
                position=position, deal=deal, xfail=str(raw.get("xfail", "")))


def parse_scenario(text: str, *, source: str = "<string>",
                   base_dir: str | Path | None = None) -> Scenario:
    """Build a `Scenario` from TOML text; raises `ScenarioError` naming the bad key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{source}: not valid TOML: {exc}") from None
    _check_keys(data, TOP_KEYS, source)
    base = Path(base_dir) if base_dir is not None else Path.cwd()
    position, deal = data.get("position"), data.get("deal")
    if (position is None) == (deal is None) and "step" in data:
        raise ScenarioError(f"{source}: give exactly one of [position] and [deal]")
    if position is not None:
        _check_keys(position, POSITION_KEYS, f"{source}.position")
    if deal is not None:
        _check_keys(deal, DEAL_KEYS, f"{source}.deal")
    rules = _load_rules(data.get("profile", "bezique"), f"{source}.profile", base)
    main = Case(name="base", rules=rules, steps=_steps(data.get("step", []), f"{source}.step"),
                settle=_settle_spec(data.get("settle"), f"{source}.settle"),
                position=position, deal=deal, xfail=str(data.get("xfail", "")))
    variants = [_variant(main, v, f"{source}.variant[{i}]", base)
                for i, v in enumerate(data.get("variant", []))]
    for case, where in ((main, source), *((v, f"{source}.variant[{i}]")
                                          for i, v in enumerate(variants))):
        if not _checks_something(case):
            raise ScenarioError(
                f"{where}: checks nothing (the {case.name} run): give a [[step]] with actions "
                "(do) or expectations (expect…), or [settle] with expect"
            )
    return Scenario(title=str(data.get("title", source)), source=str(data.get("source", "")),
                    path=source, cases=(main, *variants))


def _checks_something(case: Case) -> bool:
    """Whether running ``case`` can fail: it applies an action, checks a step or a settlement
    (a file of only a title would otherwise always pass)."""
    if any(step.do or step.checks for step in case.steps):
        return True
    return bool(case.settle and case.settle.get("expect"))


def load_scenario(path: str | Path) -> Scenario:
    """Load a scenario file; a relative profile path inside it resolves against its folder."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{p}: {exc}") from None
    return parse_scenario(text, source=str(p), base_dir=p.parent)


# ------------------------------------------------------------------ running


def _new_deal(case: Case) -> Deal:
    rules = case.rules
    if case.position is not None:
        pos = dict(case.position)
        for key in ("scores", "totals"):
            if key in pos:
                pos[key] = tuple(pos[key])
        return Deal.from_position(rules, **pos)
    spec = dict(case.deal or {})
    if "totals" in spec:
        spec["totals"] = tuple(spec["totals"])
    return Deal.new(rules, **spec)


def _run_step(deal: Deal, step: Step) -> list[Mismatch]:
    checks = step.checks
    if step.by is not None and deal.to_move != step.by:
        return [("by", step.by, deal.to_move)]
    error = checks.get("expect_error")
    actions = list(step.do)
    last = actions.pop() if error is not None and actions else None
    events: list[Event] = []
    for text in actions:
        try:
            events += deal.apply(text)
        except (IllegalAction, NotationError) as exc:
            return [("do", text, f"refused: {exc}")]
    out: list[Mismatch] = []
    if last is not None:
        before = deal.clone()
        try:
            deal.apply(last)
        except (IllegalAction, NotationError) as exc:
            if str(error).lower() not in str(exc).lower():
                out.append(("expect_error", error, str(exc)))
            if deal != before:
                out.append(("expect_error", "deal unchanged", "deal changed"))
        else:
            out.append(("expect_error", error, f"{last!r} was applied"))
            return out
    return out + step_mismatches(deal, events, checks)


def run_case(case: Case) -> list[Failure]:
    """Run one case of a scenario from a fresh deal; returns what differed (empty: passed).
    The case's ``xfail`` mark is not applied here (see `run_scenario`)."""
    def fail(step: int | None, items: list[Mismatch]) -> list[Failure]:
        return [Failure(case.name, step, c, e, a) for c, e, a in items]

    deal: Deal | None = None
    if case.position is not None or case.deal is not None:
        try:
            deal = _new_deal(case)
        except (ValueError, TypeError) as exc:
            return fail(None, [("setup", "a valid position", str(exc))])
    for step in case.steps:
        if deal is None:
            return fail(step.index, [("setup", "[position] or [deal]", None)])
        failures = fail(step.index, _run_step(deal, step))
        if failures:
            return failures
    if case.settle is not None:
        return fail(None, settle_mismatches(case.rules, case.settle, deal))
    return []


def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Run every case; a case marked ``xfail`` passes the scenario only by failing."""
    failures: list[Failure] = []
    xfailed: list[str] = []
    for case in scenario.cases:
        found = run_case(case)
        if case.xfail and found:
            xfailed.append(f"{case.name}: {case.xfail}")
        elif case.xfail:
            failures.append(Failure(case.name, None, "xfail", case.xfail, "passed"))
        else:
            failures += found
    return ScenarioResult(scenario=scenario, failures=tuple(failures), xfailed=tuple(xfailed))


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """The scenario files named: files as given, folders searched for ``**/*.toml``."""
    out: list[Path] = []
    for path in map(Path, paths):
        out += sorted(path.rglob("*.toml")) if path.is_dir() else [path]
    return out


def run_files(paths: Iterable[str | Path]) -> list[ScenarioResult]:
    """Load and run scenario files (folders are searched); a file that cannot be loaded gives
    a failed result whose failure says why."""
    results = []
    for path in scenario_files(paths):
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            empty = Scenario(title="(not loaded)", source="", path=str(path), cases=())
            results.append(ScenarioResult(empty, (Failure("load", None, "file", "a scenario",
                                                          str(exc)),)))
            continue
        results.append(run_scenario(scenario))
    return results


__all__ = [
    "STATE_CHECKS",
    "Case",
    "Failure",
    "Scenario",
    "ScenarioError",
    "ScenarioResult",
    "Step",
    "cards_match",
    "load_scenario",
    "parse_scenario",
    "render_event",
    "run_case",
    "run_files",
    "run_scenario",
    "scenario_files",
]
