"""Write docs/table.svg, the README's picture of a deal: two GreedyBots play deal seed 23 of
the `bezique` profile to the 45th action, drawn as player 0 sees it.

Run from the repository root: ``python examples/table_svg.py [OUT]`` (OUT defaults to
docs/table.svg). The drawing is the same on every run (tests/test_examples.py checks that it is
the committed docs/table.svg). ``python examples/table_svg.py`` prints::

    wrote docs/table.svg
"""

from __future__ import annotations

import sys
from pathlib import Path

import bezique
import bezique.svg
from bezique.bots import GreedyBot

SEED, PLIES = 23, 45


def position() -> bezique.Deal:
    """The pictured position."""
    deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=SEED, dealer=0)
    bots = (GreedyBot(), GreedyBot())
    for _ in range(PLIES):
        player = deal.to_move
        assert player is not None
        deal.apply(bots[player].choose(deal.observation(player)))
    return deal


def main(out: str = "docs/table.svg") -> None:
    """Write the picture to ``out``."""
    picture = bezique.svg.deal(position(), perspective=0, size=720)
    Path(out).write_text(picture + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main(*sys.argv[1:2])
