"""``bezique demo``: GreedyBots play a whole game, narrated (one a seat: two, or three or four
for a profile of more seats, partners named).

The first deal is shown trick by trick (``--full``: every deal); later deals show the hands,
the declarations and the count. Each deal ends with its points by reason and the end count; the
game's result is the last line. The first time a word of the game a newcomer may not know
appears (``dix``, ``brisques``), a short line in brackets says what it means in this profile.

>>> from bezique.cli.main import main
>>> main(["demo", "--seed", "1"])  # doctest: +ELLIPSIS
Demo of Two-handed Bezique (profile bezique): two players, 64 cards, trumps turned up, ...; seed 1.
Ada and Bob are both GreedyBots.
...
  (dix: the seven of trumps; it scores 10 when ...)
...
Bob wins 1100 to 630
0
"""

from __future__ import annotations

import argparse
from typing import TextIO

from bezique.bots import GreedyBot
from bezique.cli.base import Command, add_profile_option, game_title, register
from bezique.game import Game
from bezique.rules import load_profile
from bezique.rules.model import Rules
from bezique.view.narrate import (
    NAMES,
    Glossary,
    Narrator,
    breakdown,
    deal_header,
    name_players,
    plain,
    settlement_lines,
    team_names,
)


def narrate_game(rules: Rules, seed: int, out: TextIO, *, full: bool = False) -> Game:
    """Play a game between GreedyBots, one a seat of ``rules`` (two to four), writing the
    transcript to ``out``."""
    game = Game(rules, seed=seed)
    bots = [GreedyBot() for _ in range(rules.players)]
    words = Glossary(rules)

    def write(*lines: str) -> None:
        for line in words.annotate(lines):
            print(line, file=out)

    print(f"Demo of {game_title(rules)}; seed {seed}.",
          _cast(rules), sep="\n", file=out)
    if game.draws:
        drawn = ", ".join(f"{NAMES[p]} draws {plain(card)}" for p, card in
                          enumerate(game.draws[-1]))
        write(f"For the first deal {drawn}: {NAMES[game.first_dealer]} deals.")
    narrator = Narrator(rules)
    while not game.is_over:
        deal = game.new_deal()
        number = len(game.deals) + 1
        narrator.tricks = full or number == 1
        narrator.start()
        write("", *deal_header(deal, number))
        if not narrator.tricks:
            write("  (tricks not shown; declarations by trick number)")
        while not deal.is_over:
            p = deal.to_move
            assert p is not None
            write(*narrator.lines(deal, game.apply(bots[p].choose(deal.observation(p)))))
        write(*breakdown(deal), *settlement_lines(game.settlements[-1]))
    result = game.result
    assert result is not None
    write("", name_players(result.describe()))
    return game


def _cast(rules: Rules) -> str:
    """Who plays: ``Ada and Bob are both GreedyBots.``; at more seats all of them, and the
    partnerships where seats have partners."""
    names = NAMES[:rules.players]
    if rules.players == 2:
        return f"{names[0]} and {names[1]} are both GreedyBots."
    text = f"{', '.join(names[:-1])} and {names[-1]} are all GreedyBots"
    if any(len(team) > 1 for team in rules.teams):
        text += ", " + " against ".join(team_names(rules.teams, names)).replace("+", " and ")
    return text + "."


def _arguments(parser: argparse.ArgumentParser) -> None:
    add_profile_option(parser)
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    parser.add_argument("--full", action="store_true", help="show every trick of every deal")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``bezique demo``."""
    narrate_game(load_profile(args.profile), args.seed, out, full=args.full)
    return 0


register(Command("demo", "GreedyBots play a whole game, narrated", _arguments, run))
