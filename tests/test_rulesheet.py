"""Rule sheets (`bezique.rulesheet`, ``bezique rules``): every format for every built-in
profile, the meld table against the profile, house changes marked exactly, a self-contained
HTML page, the committed sheets under docs/sheets/, and the command's exit codes."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import bezique
from bezique.cli import main
from bezique.rules import list_profiles, load_profile, profile_from_toml
from bezique.rules.diff import diff_rules
from bezique.rulesheet import FORMATS, MARK, base_of_file, build_sheet, rulesheet

ROOT = Path(__file__).resolve().parent.parent
SHEETS = ROOT / "docs" / "sheets"
HOUSE = sorted((ROOT / "examples" / "house-rules").glob("*.toml"))
SECTIONS = ["Pack and deal", "Trumps", "Declarations", "Reuse of declared cards", "The dix",
            "Tricks and the end phase", "Scoring of tricks", "The end count and settlement"]
REGENERATE = ("regenerate with: for p in $(bezique profiles list | cut -d' ' -f1); do "
              "bezique rules $p --format markdown --output docs/sheets/$p.md; done")


@pytest.mark.parametrize("name", list_profiles())
@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_format_renders_every_section_of_every_builtin_profile(name: str,
                                                                      fmt: str) -> None:
    rules = load_profile(name)
    text = rulesheet(rules, fmt)
    assert name in text
    assert rules.description in (text if fmt != "html" else text.replace("&#x27;", "'"))
    for title in SECTIONS:
        assert (title.upper() if fmt == "text" else title) in text
    assert MARK not in text  # nothing is marked without a base
    assert "../shared" not in text and "docs/rules.md" in text  # rulings cited in our own docs


@pytest.mark.parametrize("name", list_profiles())
def test_meld_table_points_are_the_profiles_values(name: str) -> None:
    rules = load_profile(name)
    markdown = rulesheet(rules, "markdown")
    rows = re.findall(r"^\| `([a-z_]+)` \| [^|]+ \| [^|]+ \| (\d+) \|", markdown, re.M)
    expected = {n: v for n, v in rules.melds.values.items() if v > 0 and n in rules.melds.table}
    assert {n: int(p) for n, p in rows} == expected
    assert len(rows) == len(expected)
    unscored = [n for n in rules.melds.table if rules.melds.values.get(n, 0) <= 0]
    for n in unscored:
        assert f"`{n}`" in markdown  # named in the "not scored" line


def test_meld_cards_and_suits_follow_the_bezique_pair_rule() -> None:
    rows = {r.name: r for r in build_sheet(load_profile("chinese")).melds}
    assert rows["double_bezique"].cards == "2 × (Q J)"
    assert rows["bezique"].suits.startswith("trump queen, jack of the paired suit")
    assert rows["trump_aces"].suits == "trumps" and rows["trump_aces"].points == 1000
    bezique_rows = {r.name: r for r in build_sheet(load_profile("bezique")).melds}
    assert bezique_rows["bezique"].cards == "Q♠ J♦"
    pinochle_rows = {r.name: r for r in build_sheet(load_profile("pinochle")).melds}
    assert pinochle_rows["aces_around"].suits == "one of each suit"


@pytest.mark.parametrize("path", HOUSE, ids=[p.stem for p in HOUSE])
def test_house_profile_marks_exactly_its_changes(path: Path) -> None:
    rules = load_profile(path)
    base = base_of_file(path)
    assert base is not None
    changed = {k for k, _, _ in diff_rules(base, rules)} - {"name", "description"}
    sheet = build_sheet(rules, base)
    assert {c.key for c in sheet.changes} == changed and changed

    def touches(keys: tuple[str, ...]) -> bool:
        return any(c == k or c.startswith(k + ".") for c in changed for k in keys)

    marked: set[str] = set()
    for section in sheet.sections:
        for line in section.lines:
            assert line.changed == touches(line.keys), line
            if line.changed:
                marked |= {c for c in changed for k in line.keys
                           if c == k or c.startswith(k + ".")}
    for row in sheet.melds:
        keys = (f"melds.table.{row.name}", f"melds.values.{row.name}")
        assert row.changed == touches(keys), row
        if row.changed:
            marked |= {c for c in changed if any(c == k or c.startswith(k + ".") for k in keys)}
    assert marked == changed  # every change is marked on some line or meld
    markdown = rulesheet(rules, "markdown", base=base)
    assert "## House rules: what differs from" in markdown
    n_marked = sum(line.changed for s in sheet.sections for line in s.lines)
    n_marked += sum(r.changed for r in sheet.melds)
    assert markdown.count(MARK) == n_marked + 1  # + the legend


def test_house_change_shows_base_and_house_values() -> None:
    rules = load_profile(ROOT / "examples" / "house-rules" / "four-tens-90.toml")
    text = rulesheet(rules, "text", base=load_profile("bezique"))
    assert "melds.values.four_tens: 0 -> 90" in text
    row = next(line for line in text.splitlines() if line.split()[1:2] == ["four_tens"])
    assert row.split()[-3:-2] == ["90"]  # the row: mark, name, cards, points, suits
    assert row.startswith(MARK)


def test_same_rules_as_base_marks_nothing() -> None:
    rules = load_profile("bezique")
    for fmt in FORMATS:
        text = rulesheet(rules, fmt, base=rules)
        assert "Nothing: the same rules as the base" in text or "nothing: the same" in text
        assert text.count(MARK) == 1  # the legend only


def test_key_a_single_deal_game_ignores_is_still_listed_as_changed() -> None:
    house = profile_from_toml('extends = "chinese"\nname = "h"\ngame.target = 1500')
    sheet = build_sheet(house, load_profile("chinese"))
    assert sheet.sections[-1].title == "Other changed keys"
    assert sheet.sections[-1].lines[0].keys == ("game.target",)


class _Checker(HTMLParser):
    VOID = frozenset({"meta", "br", "hr", "img", "link", "input"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        for name, _ in attrs:
            if name in ("src", "href"):
                self.problems.append(f"external reference <{tag} {name}>")
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()


@pytest.mark.parametrize("name", list_profiles())
def test_html_is_well_formed_and_self_contained(name: str) -> None:
    page = rulesheet(load_profile(name), "html")
    checker = _Checker()
    checker.feed(page)
    checker.close()
    assert not checker.problems and not checker.stack
    assert {"html", "head", "style", "body", "table"} <= checker.tags
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page
    assert "script" not in checker.tags and "link" not in checker.tags
    assert "http" not in page and "@import" not in page and "url(" not in page


def test_html_escapes_profile_text() -> None:
    house = profile_from_toml('extends = "bezique"\nname = "a<b>"\n'
                              'description = "<script>alert(1)</script> & co"')
    page = rulesheet(house, "html", base=load_profile("bezique"))
    assert "<script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in page
    assert "Rule sheet: a&lt;b&gt;" in page


def test_bad_arguments_raise_clear_errors() -> None:
    rules = load_profile("bezique")
    with pytest.raises(ValueError, match="unknown format 'pdf'"):
        rulesheet(rules, "pdf")
    with pytest.raises(TypeError, match="expected Rules"):
        rulesheet("bezique", "text")  # type: ignore[arg-type]
    assert bezique.rulesheet is rulesheet


@pytest.mark.parametrize("name", list_profiles())
def test_committed_sheet_matches_generation(name: str) -> None:
    path = SHEETS / f"{name}.md"
    assert path.is_file(), f"docs/sheets/{name}.md is missing; {REGENERATE}"
    committed = path.read_text(encoding="utf-8")
    assert committed == rulesheet(load_profile(name), "markdown"), (
        f"docs/sheets/{name}.md drifted from `bezique rules {name} --format markdown`; "
        + REGENERATE)


def test_no_stray_committed_sheets_and_profiles_doc_links_each() -> None:
    assert sorted(p.stem for p in SHEETS.glob("*.md")) == list_profiles()
    profiles_doc = (ROOT / "docs" / "profiles.md").read_text(encoding="utf-8")
    for name in list_profiles():
        assert f"(sheets/{name}.md)" in profiles_doc
    assert "(docs/sheets/" in (ROOT / "README.md").read_text(encoding="utf-8")


# (key, a house profile of ``joker`` that sets it off the base's value): docs/rules.md#knobs-jokers
JOKER_SHEET_KEYS = [
    ("jokers.wild_in", 'jokers.wild_in = ["four_aces", "marriage"]'),
    ("jokers.max_per_meld", "jokers.max_per_meld = 4"),
    ("jokers.in_trump_quartets", "jokers.in_trump_quartets = true"),
    ("jokers.reuse", 'jokers.reuse = "never"'),
    ("jokers.fresh_card_may_be_joker", "jokers.fresh_card_may_be_joker = false"),
    ("jokers.endgame_play", 'jokers.endgame_play = "last_resort"'),
    ("jokers.turned_up", 'trump.selection = "turn_up_next"\njokers.turned_up = "diamonds"'),
    ("melds.sequence_from_own_marriage", "melds.sequence_from_own_marriage = false"),
    ("melds.multi_bezique_growth",
     "melds.values.double_bezique = 500\nmelds.multi_bezique_growth = false"),
    ("melds.first_bezique_value", "melds.first_bezique_value = 100"),
    ("melds.values.four_jokers", "melds.values.four_jokers = 200"),
]


@pytest.mark.parametrize(("key", "text"), JOKER_SHEET_KEYS, ids=[k for k, _ in JOKER_SHEET_KEYS])
def test_each_joker_key_off_the_base_is_marked_on_its_own_line(key: str, text: str) -> None:
    """Every key of the joker game has a line (or a meld row) of its own, marked when a house
    profile changes it, never left to "Other changed keys"."""
    base = load_profile("joker")
    sheet = build_sheet(profile_from_toml(f'extends = "joker"\n{text}\n'), base)
    assert not any(s.title == "Other changed keys" for s in sheet.sections)
    lines = [line for s in sheet.sections for line in s.lines if key in line.keys]
    rows = [row for row in sheet.melds if f"melds.values.{row.name}" == key]
    assert [line.changed for line in lines] == [True] or [r.changed for r in rows] == [True]


def test_sheets_without_jokers_say_nothing_of_them() -> None:
    """The joker lines show only where the pack holds jokers (docs/rules.md#joker)."""
    for name in list_profiles():
        rules = load_profile(name)
        text = rulesheet(rules, "text")
        assert ("JOKERS" in text) == (rules.pack.jokers > 0), name
        assert ("jokers.wild_in" in text) == (rules.pack.jokers > 0), name


# --- the command ----------------------------------------------------------------------------


def test_cli_prints_a_builtin_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "rubicon", "--format", "markdown"]) == 0
    assert capsys.readouterr().out == rulesheet(load_profile("rubicon"), "markdown")


def test_cli_marks_house_changes_of_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "examples" / "house-rules" / "target-1500.toml"
    assert main(["rules", str(path)]) == 0
    out = capsys.readouterr().out
    assert "HOUSE RULES: what differs from bezique" in out
    assert "game.target: 1000 -> 1500" in out
    assert f"{MARK} Deals go on until a player has 1500" in out


def test_cli_house_file_extending_a_file_in_its_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "club.toml").write_text('extends = "bezique"\ngame.target = 1500\n')
    (tmp_path / "house.toml").write_text('extends = "club.toml"\ngame.tie = "extra_deal"\n')
    assert main(["rules", str(tmp_path / "house.toml"), "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert "what differs from `club`" in out
    assert '- `game.tie`: `"draw"` → `"extra_deal"`' in out
    assert "game.target" not in out.split("## Pack and deal")[0]


def test_cli_output_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "chinese.html"
    assert main(["rules", "chinese", "--format", "html", "--output", str(target)]) == 0
    assert "wrote" in capsys.readouterr().out
    assert target.read_text(encoding="utf-8") == rulesheet(load_profile("chinese"), "html")


def test_cli_unwritable_output_fails_cleanly(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "bezique", "--output", str(tmp_path / "no" / "such.md")]) == 1
    assert "cannot write" in capsys.readouterr().err


def test_cli_bad_profile_file_exits_1(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "bezique"\n[game]\ntarget = "lots"\n')
    assert main(["rules", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("bezique rules:") and "game.target" in err
    broken = tmp_path / "broken.toml"
    broken.write_text("[game\n")
    assert main(["rules", str(broken)]) == 1
    assert "TOML syntax error" in capsys.readouterr().err
    assert main(["rules", "no-such-profile"]) == 1
    assert "no built-in profile or file" in capsys.readouterr().err


def test_cli_unknown_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "bezique", "--format", "pdf"]) == 2
    assert "invalid choice" in capsys.readouterr().err
