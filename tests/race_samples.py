"""Write ``bezique/search/race_samples.json``: the race model's sample deals of every built-in
profile that uses it (two teams, a game to a target), by profile digest
(`bezique.search.game_value.SHIPPED_SAMPLES`). Run it after a change to the engine or to
GreedyBot that changes how deals are played; tests/test_search_game_value.py says when::

    python tests/race_samples.py
"""

from __future__ import annotations

import json

from bezique import list_profiles, load_profile
from bezique.search.game_value import SHIPPED_SAMPLES, sample_deals, uses_race


def table() -> dict[str, dict[str, object]]:
    """The samples of every built-in profile that uses the race model, by digest."""
    out: dict[str, dict[str, object]] = {}
    for name in list_profiles():
        rules = load_profile(name)
        if uses_race(rules):
            out[rules.digest] = {"profile": name,
                                 "points": [list(pair) for pair in sample_deals(rules)]}
    return out


def main() -> None:
    """Write the table."""
    rows = [f"{json.dumps(digest)}: {json.dumps(entry)}" for digest, entry in table().items()]
    SHIPPED_SAMPLES.write_text("{\n" + ",\n".join(rows) + "\n}\n", encoding="utf-8")
    print(f"wrote {SHIPPED_SAMPLES}")


if __name__ == "__main__":
    main()
