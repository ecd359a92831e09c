"""Rule sheets: the rules a table actually plays, generated from a `Rules` object alone.

`rulesheet` renders a profile as plain text, Markdown or one printable HTML page: the deal,
trumps, the meld table with its points, reuse, the dix, the end phase, the last trick, scoring
and the end count, each line naming the TOML keys it comes from. Given the ``base`` a house
profile extends, the sheet opens with the house rules and marks every line they change. The
command line is ``bezique rules PROFILE_OR_FILE [--format text|markdown|html]``.

>>> from bezique import load_profile, profile_from_toml
>>> sheet = rulesheet(load_profile("bezique"), "text")
>>> print(sheet.splitlines()[0])
RULE SHEET: bezique
>>> house = profile_from_toml('extends = "bezique"\\nname = "house"\\ngame.target = 1500')
>>> md = rulesheet(house, base=load_profile("bezique"))
>>> print(next(line for line in md.splitlines() if "game.target" in line))
- `game.target`: `1000` → `1500`
"""

from bezique.rules.load import base_of_file
from bezique.rulesheet.model import Sheet, build_sheet
from bezique.rulesheet.render import FORMATS, MARK, rulesheet

__all__ = ["FORMATS", "MARK", "Sheet", "base_of_file", "build_sheet", "rulesheet"]
