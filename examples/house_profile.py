"""Load a house-rule profile that extends a built-in one and print what it changes.

    python examples/house_profile.py                      # the bundled club-night house rules
    python examples/house_profile.py my-house.toml        # any profile file

A house profile names its base with ``extends`` and gives only the keys it changes; loading it
validates the merged result (every problem is reported at once, with its key path, on stderr,
and the script exits with 1). It prints the house profile and its base with their digests, then
each key the house rules change, the base's value first.
``python examples/house_profile.py`` prints::

    s000-club-night (digest 760242f8fa19648f) against bezique (digest e1c737ffa208824f):
      game.double_win_below: 0 -> 500
      game.target: 1000 -> 1500
      game.tie: "draw" -> "raise_target"
      melds.on_last_stock_trick: true -> false
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import bezique
from bezique.rules.diff import diff_rules, format_value

HERE = Path(__file__).resolve().parent
DEFAULT = HERE / "house-rules" / "s000-club-night.toml"


def main(argv: list[str]) -> int:
    """Print the house profile's changes against the built-in profile it extends."""
    path = Path(argv[0]) if argv else DEFAULT
    try:
        house = bezique.load_profile(path)
    except bezique.ProfileError as exc:
        print(exc, file=sys.stderr)
        return 1
    base_name = tomllib.loads(path.read_text(encoding="utf-8")).get("extends", "bezique")
    if base_name not in bezique.list_profiles():
        base_name = "bezique"
    base = bezique.load_profile(base_name)
    print(f"{house.name} (digest {house.digest}) against {base.name} (digest {base.digest}):")
    for key, was, now in diff_rules(base, house):
        if key not in ("name", "description"):
            print(f"  {key}: {format_value(was)} -> {format_value(now)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
