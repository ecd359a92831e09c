"""The bot protocol and the play loop: a `Bot` is anything with ``choose(observation) ->
action``; it sees only what its player may know (``deal.observation(p)``) and picks one of
``observation.legal_actions()``, so it obeys every rule of the profile by construction.
`RandomBot` is the simplest; `play_deal`, `finish` and `play_game` let bots play deals and games.

A bot that sets ``sees_all`` (a `DealBot`) is handed the whole deal instead (`decide`): the
perfect-information reference ``cheat`` (`bezique.search.cheat`), and OpenSpiel's ISMCTS, which
is handed the state as every OpenSpiel bot is and reads only its player's information state
(`bezique.adapters.ismcts`). The play loops of this module honour the flag; a table with a
person at it takes neither (`bezique.bots.registry.seat_bots`).

>>> import bezique
>>> rules = bezique.load_profile("bezique")
>>> deal = play_deal(rules, (RandomBot(seed=2), RandomBot(seed=1)), seed=3)
>>> deal.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, cast

from bezique.actions import Action
from bezique.deal import Deal
from bezique.game import Game
from bezique.observation import Observation
from bezique.rules.model import Rules

__all__ = ["Bot", "DealBot", "RandomBot", "decide", "finish", "play_deal", "play_game",
           "sees_all"]


class Bot(Protocol):
    """A player: given what it may see, return one of ``observation.legal_actions()``."""

    def choose(self, observation: Observation) -> Action:
        """The action to take now."""
        ...


class DealBot(Protocol):
    """A bot handed the whole deal rather than an observation: ``sees_all`` is True and the
    play loop (`decide`) calls `choose_in`. Its `choose`, given an observation alone, raises
    TypeError."""

    sees_all: bool
    """True: hand this bot the deal (`decide`)."""

    def choose(self, observation: Observation) -> Action:
        """Refused: such a bot needs the deal (TypeError)."""
        ...

    def choose_in(self, deal: Deal) -> Action:
        """The action to take now in ``deal`` (which the bot must not change)."""
        ...


def sees_all(bot: Bot) -> bool:
    """Whether ``bot`` is a `DealBot`, to be handed the deal (its ``sees_all`` flag)."""
    return bool(getattr(bot, "sees_all", False))


def decide(bot: Bot, deal: Deal, player: int) -> Action:
    """What ``bot``, playing seat ``player`` (to move), does in ``deal``: `Bot.choose` on the
    seat's observation, or `DealBot.choose_in` on the deal for a bot that ``sees_all``."""
    if sees_all(bot):
        return cast(DealBot, bot).choose_in(deal)
    return bot.choose(deal.observation(player))


class RandomBot:
    """Picks uniformly among the legal actions; seeded, so a game can be replayed."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        """The bot's own random stream."""

    def choose(self, observation: Observation) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(observation.legal_actions())


def play_deal(
    rules: Rules, bots: Sequence[Bot], seed: int, *, dealer: int = 0
) -> Deal:
    """Play one deal of ``rules`` (shuffled from ``seed``) between the bots, one a seat
    (`Rules.players`); seat ``i`` is ``bots[i]``. Returns the finished deal; ValueError for
    another number of bots."""
    _check_count(rules, bots)
    deal = Deal.new(rules, seed=seed, dealer=dealer)
    finish(deal, bots)
    return deal


def _check_count(rules: Rules, bots: Sequence[Bot]) -> None:
    if len(bots) != rules.players:
        raise ValueError(f"expected {rules.players} bots, one a seat of {rules.name!r}, got "
                         f"{len(bots)}")


def finish(
    deal: Deal, bots: Sequence[Bot], apply: Callable[[Action], object] | None = None
) -> None:
    """Let the bots (one a seat) play ``deal`` to its end, each action applied by ``apply`` (by
    default ``deal.apply``; a game's ``Game.apply``, so that the game settles the deal), each
    bot deciding as `decide` says; ValueError for another number of bots."""
    _check_count(deal.rules, bots)
    act = deal.apply if apply is None else apply
    while not deal.is_over:
        player = deal.to_move
        assert player is not None
        act(decide(bots[player], deal, player))


def play_game(rules: Rules, bots: Sequence[Bot], seed: int) -> Game:
    """Play a whole game of ``rules`` (seeded) between the bots, one a seat; returns the
    finished game. ValueError for another number of bots."""
    _check_count(rules, bots)
    game = Game(rules, seed=seed)
    while not game.is_over:
        finish(game.new_deal(), bots, game.apply)
    return game
