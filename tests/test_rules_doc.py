"""docs/rules.md is the project's own rule book: it covers every profile key and every built-in
meld, carries the agreed anchors, every reference to it points at an anchor that exists, and no
reference to a rules file outside the repository comes back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import bezique
from bezique.rules.convert import unstructure_rules
from bezique.rules.diff import flatten

ROOT = Path(__file__).resolve().parents[1]
RULES_DOC = ROOT / "docs" / "rules.md"
TEXT = RULES_DOC.read_text(encoding="utf-8")
ANCHORS = set(re.findall(r'<a id="([^"]+)"></a>', TEXT))

SKIP_DIRS = {".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis",
             "build", "dist", ".venv", "node_modules"}
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".cfg", ".ini", ".json", ".yml", ".yaml", ".svg",
                 ".html", ".rst", ".bzq", ""}

INVARIANT_NAMES = ["conservation", "hand-size", "turn", "atomic-rejection", "scores", "tricks",
                   "melds", "dix", "determinism", "records", "information", "clone", "profiles",
                   "reuse"]
GAMES = ["bezique", "bezique-first-marriage", "besigue", "five-hundred", "pinochle", "rubicon",
         "chinese", "eight-pack", "three-handed", "four-handed", "partnership"]


def _text_files() -> list[Path]:
    out = []
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT).parts
        if any(part in SKIP_DIRS or part.endswith(".egg-info") for part in rel):
            continue
        if path.is_file() and path.suffix in TEXT_SUFFIXES:
            out.append(path)
    return sorted(out)


def _profile_keys() -> set[str]:
    """Every dotted key of every built-in profile, the meld table and values by their table."""
    keys: set[str] = set()
    for name in bezique.list_profiles():
        for key in flatten(unstructure_rules(bezique.load_profile(name))):
            if key.startswith(("melds.table.", "melds.values.")):
                keys.add(".".join(key.split(".")[:2]))
            elif key not in ("name", "description"):
                keys.add(key)
    return keys


def _meld_names() -> set[str]:
    names: set[str] = set()
    for name in bezique.list_profiles():
        names |= set(bezique.load_profile(name).melds.values)
    return names


def test_rules_doc_names_every_profile_key() -> None:
    keys = _profile_keys()
    assert len(keys) > 60  # the walk found the schema, not an empty tree
    missing = sorted(k for k in keys if f"`{k}" not in TEXT)
    assert not missing, f"docs/rules.md does not mention these profile keys: {missing}"


def test_rules_doc_names_every_built_in_meld() -> None:
    missing = sorted(m for m in _meld_names() if f"`{m}`" not in TEXT and f"{m}`" not in TEXT)
    assert not missing, f"docs/rules.md does not name these melds: {missing}"


@pytest.mark.parametrize(
    "anchor",
    [f"r{n}" for n in range(1, 14)]
    + [f"invariant-{name}" for name in INVARIANT_NAMES]
    + [f"game-{game}" for game in GAMES]
    + ["sources", "copies-in-the-notation"],
)
def test_rules_doc_carries_the_agreed_anchor(anchor: str) -> None:
    assert anchor in ANCHORS


def test_every_built_in_profile_has_a_game_section() -> None:
    assert {f"game-{name}" for name in bezique.list_profiles()} <= ANCHORS


def test_rules_doc_anchors_are_unique() -> None:
    found = re.findall(r'<a id="([^"]+)"></a>', TEXT)
    assert len(found) == len(set(found))


def test_rules_doc_internal_links_resolve() -> None:
    broken = sorted(set(re.findall(r"\]\(#([^)]+)\)", TEXT)) - ANCHORS)
    assert not broken


def test_every_reference_into_rules_doc_names_an_existing_anchor() -> None:
    broken = []
    checked = 0
    for path in _text_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in re.finditer(r"(?:docs/rules\.md|\(rules\.md)#([A-Za-z0-9_-]+)", text):
            checked += 1
            if match.group(1) not in ANCHORS:
                broken.append(f"{path.relative_to(ROOT)}: #{match.group(1)}")
    assert checked > 100
    assert not broken, broken


# Written in two pieces so that this file does not match itself.
FORBIDDEN = [
    ("a rules file outside the repository", re.compile("RULES" + r"\.md")),
    ("a seed document by bare number", re.compile("seed" + r"[ -]?0\d\d", re.IGNORECASE)),
    ("a section of the old rules file", re.compile("RULES" + r" §")),
]


@pytest.mark.parametrize("what,pattern", FORBIDDEN, ids=[w for w, _ in FORBIDDEN])
def test_no_reference_outside_the_project_comes_back(what: str, pattern: re.Pattern[str]) -> None:
    hits = []
    for path in _text_files():
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        for n, line in enumerate(lines, 1):
            if pattern.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:80]}")
    assert not hits, f"{what}; point into docs/rules.md instead:\n" + "\n".join(hits)


def test_readme_and_profiles_guide_link_the_rules() -> None:
    assert "(docs/rules.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(rules.md)" in (ROOT / "docs" / "profiles.md").read_text(encoding="utf-8")


def test_every_scenario_family_is_described() -> None:
    families = {p.name for p in (ROOT / "tests" / "scenarios").iterdir() if p.is_dir()}
    assert families
    assert all(f"`{family}/`" in TEXT for family in families)
