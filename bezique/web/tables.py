"""Games held in memory by id, each a person against bots (one a seat): the web app's core,
framework-free.

A `Tables` store holds at most ``capacity`` tables (the least recently used is dropped to make
room for a new one); ids come from `secrets.token_urlsafe`. Each method takes plain, already
typed values and returns a JSON-ready dict; every refusal is a `WebError` with a ``kind`` and
the HTTP status that goes with it, and leaves the table exactly as it was. After the person's
action the bots play until it is the person's turn again or the deal ends: the answer lists
every step (the action, its events as the person sees them, and the table after it), so the
page can show the bots' moves one at a time. At three and four seats a bot sits in every seat
but the person's: ``bot`` names the one they all play, or ``bots`` one a seat (the other seats
in seat order).

>>> tables = Tables()
>>> answer = tables.new_game(profile="bezique", seed=7, bot="greedy")
>>> table = answer["table"]
>>> table["your_turn"], table["profile"]
(True, 'bezique')
>>> played = tables.act(answer["id"], action=table["legal"][0]["notation"])
>>> played["steps"][0]["player"], played["steps"][0]["action"]
(0, 'play 10S')
>>> try:
...     tables.act(answer["id"], action="meld bezique QS JD")
... except WebError as refused:
...     print(refused.status, refused.kind, refused.message)
422 illegal meld bezique QS JD: no Q♠ in P0's hand
"""

from __future__ import annotations

import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from attrs import define

from bezique import record
from bezique.actions import Action
from bezique.bots import Bot, check_table_bot, seat_bots
from bezique.encoding import EncodingError, encoding
from bezique.errors import IllegalAction, NotationError, ProfileError
from bezique.game import Game
from bezique.rules import list_profiles, load_profile, profile_from_toml
from bezique.rules.model import Rules
from bezique.search import DEFAULT_SIMULATIONS, advise
from bezique.web.views import event_text, table_view

__all__ = ["MAX_PROFILE_TEXT", "MAX_RECORD_TEXT", "Table", "Tables", "WebError"]

MAX_PROFILE_TEXT = 64_000
"""The largest uploaded house profile (characters)."""
MAX_RECORD_TEXT = 1_000_000
"""The largest uploaded game record (characters)."""
STATUS = {"bad_request": 400, "not_found": 404, "too_large": 413, "illegal": 422,
          "profile": 422, "record": 422, "conflict": 422}
"""The HTTP status of each kind of `WebError`."""


class WebError(ValueError):
    """A refused request: ``kind`` (a key of `STATUS`), ``status`` the HTTP status, and the
    message saying why; ``problems`` lists a bad profile's problems."""

    def __init__(self, kind: str, message: str, *, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.kind = kind
        self.status = STATUS[kind]
        self.message = message
        self.problems = problems

    def json(self) -> dict[str, Any]:
        """``{"error": {"kind": ..., "message": ...}}`` (and ``problems`` where there are)."""
        body: dict[str, Any] = {"kind": self.kind, "message": self.message}
        if self.problems:
            body["problems"] = list(self.problems)
        return {"error": body}


@define
class Table:
    """One game: the person sits in ``seat``, a bot in every other (``bots`` by seat, of the
    specs ``bot_specs`` in seat order); ``movers`` lists who took each action of the game, in
    order (what undo goes back through)."""

    id: str
    game: Game
    seat: int
    bot_specs: tuple[str, ...]
    bots: dict[int, Bot]
    hint_rng: random.Random
    movers: list[int]

    @property
    def bot_spec(self) -> str:
        """The spec of the first bot (at two seats: the bot's)."""
        return self.bot_specs[0]

    @property
    def bot(self) -> Bot:
        """The bot of a two-seat game; ValueError at more seats (read ``bots``, by seat)."""
        if len(self.bots) != 1:
            raise ValueError(f"Table.bot: {len(self.bots)} bots play this game; read "
                             "Table.bots (by seat)")
        return next(iter(self.bots.values()))

    def view(self) -> dict[str, Any]:
        """The table as the person sees it (`bezique.web.views.table_view`)."""
        return table_view(self.game, self.seat, can_undo=self.seat in self.movers)


def _rules(profile: str | None, profile_toml: str | None,
           offered: Mapping[str, Rules]) -> Rules:
    """A profile the server offers (`Tables.offer`) or a built-in one, by name, or an uploaded
    house profile through the safe loader (``extends`` may name built-in profiles only; no
    file is read)."""
    if profile_toml is not None:
        if profile is not None:
            raise WebError("bad_request", "give either profile or profile_toml, not both")
        if len(profile_toml) > MAX_PROFILE_TEXT:
            raise WebError("too_large", f"the profile is larger than {MAX_PROFILE_TEXT:,} "
                                        "characters")
        try:
            return profile_from_toml(profile_toml, source="upload")
        except ProfileError as exc:
            raise WebError("profile", "invalid rule profile", problems=exc.problems) from None
    name = profile or "bezique"
    if name in offered:
        return offered[name]
    if name not in list_profiles():
        known = ", ".join([*offered, *list_profiles()])
        raise WebError("bad_request", f"unknown profile {name[:80]!r}: expected one of "
                                      f"{known}, or upload profile_toml")
    return load_profile(name)


def _named(bot: str, bots: list[str] | None) -> list[str]:
    """The bot specs asked for (``bots``, else ``[bot]``), each checked; `WebError` for one
    that is not a string or names no bot."""
    specs = [bot] if bots is None else bots
    if not all(isinstance(spec, str) for spec in specs):
        raise WebError("bad_request", "bots: expected a list of bot specs (strings)")
    try:
        return [check_table_bot(spec) for spec in specs]
    except ValueError as exc:
        raise WebError("bad_request", str(exc)) from None


def _specs(bot: str, bots: list[str] | None, players: int) -> tuple[str, ...]:
    """The bots' specs for the seats but the person's of ``players``: ``bots`` (one a seat, in
    seat order) if given, else ``bot`` in every seat; `WebError` for a bad spec or another
    number of them."""
    specs = _named(bot, bots)
    if bots is None:
        return tuple(specs * (players - 1))
    if len(specs) != players - 1:
        raise WebError("bad_request", f"bots: expected {players - 1} bot specs, one for each "
                                      f"seat but yours, got {len(specs)}")
    return tuple(specs)


def _seat(seat: int, players: int) -> int:
    if seat not in range(players):
        allowed = "0 or 1" if players == 2 else f"0 to {players - 1}"
        raise WebError("bad_request", f"seat: expected {allowed}, got {seat!r}")
    return seat


class Tables:
    """The tables by id, at most ``capacity`` of them (the least recently used dropped first).
    Methods are safe to call from several threads (one at a time)."""

    def __init__(self, capacity: int = 100) -> None:
        if capacity < 1:
            raise ValueError(f"capacity: expected at least 1, got {capacity}")
        self.capacity = capacity
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.RLock()
        self._offered: dict[str, Rules] = {}

    @property
    def offered(self) -> Mapping[str, Rules]:
        """The profiles offered besides the built-in ones (`offer`), by name."""
        return MappingProxyType(self._offered)

    def offer(self, rules: Rules) -> str:
        """Offer ``rules`` (a house profile the server was started with, already loaded) by a
        name of its own, which ``new_game(profile=...)`` then takes: the profile's name, with
        `` (house)`` added where a built-in profile has that name. Returns the name.

        >>> from bezique.rules import profile_from_toml
        >>> store = Tables()
        >>> store.offer(profile_from_toml('extends = "bezique"\\nname = "bezique"'))
        'bezique (house)'
        """
        name = rules.name if rules.name not in list_profiles() else f"{rules.name} (house)"
        with self._lock:
            self._offered[name] = rules
        return name

    def __len__(self) -> int:
        return len(self._tables)

    def get(self, table_id: str) -> Table:
        """The table with this id (now the most recently used); `WebError` ``not_found``."""
        with self._lock:
            table = self._tables.get(table_id)
            if table is None:
                raise WebError("not_found", f"no game {table_id[:40]!r} (finished long ago, "
                                            "or the server restarted): start a new game")
            self._tables.move_to_end(table_id)
            return table

    def _add(self, game: Game, seat: int, specs: tuple[str, ...],
             movers: list[int]) -> dict[str, Any]:
        """Hold ``game`` (``seat`` and ``specs`` checked already) and let the bots play."""
        bots = seat_bots(specs, game.seed, game.rules.players, seat)
        table = Table(id=secrets.token_urlsafe(12), game=game, seat=seat, bot_specs=specs,
                      bots=bots, hint_rng=random.Random(game.seed), movers=movers)
        with self._lock:
            while len(self._tables) >= self.capacity:
                self._tables.popitem(last=False)
            self._tables[table.id] = table
            steps = self._bot_plays(table)
            return {"id": table.id, "steps": steps, "table": table.view()}

    def new_game(self, *, profile: str | None = None, profile_toml: str | None = None,
                 seed: int | None = None, seat: int = 0, bot: str = "search",
                 bots: list[str] | None = None) -> dict[str, Any]:
        """Start a game of a built-in or `offer`-ed ``profile`` (default ``bezique``) or of an
        uploaded house profile (``profile_toml``), the person in ``seat``, against ``bot``
        (``search``, ``search:N``, ``planner``, ``greedy``, ``random``) in every other seat, or
        ``bots`` one a seat; the first deal is dealt and the bots play until it is the
        person's turn. Returns ``{"id", "steps", "table"}``."""
        rules = _rules(profile, profile_toml, self._offered)
        specs = _specs(bot, bots, rules.players)
        _seat(seat, rules.players)
        if seed is not None and not 0 <= seed < 2**63:
            raise WebError("bad_request", "seed: expected a whole number from 0 to 2**63 - 1")
        game = Game(rules, seed=seed)
        game.new_deal()
        return self._add(game, seat, specs, [])

    def load_record(self, text: str, *, seat: int = 0, bot: str = "search",
                    bots: list[str] | None = None) -> dict[str, Any]:
        """Go on with a game from its record (`bezique.record` format, replayed and checked in
        full: any tampering is a `WebError` ``record``); as `new_game` otherwise."""
        _named(bot, bots)  # a bad spec is refused before the record is read
        if len(text) > MAX_RECORD_TEXT:
            raise WebError("too_large", f"the record is larger than {MAX_RECORD_TEXT:,} "
                                        "characters")
        try:
            loaded = record.loads(text)
            game = record.rebuild(loaded)
        except record.RecordError as exc:
            raise WebError("record", f"the record does not replay: {exc}") from None
        except ProfileError as exc:
            raise WebError("record", "the record's profile is invalid",
                           problems=exc.problems) from None
        if not isinstance(game, Game):
            raise WebError("record", "this record holds a single deal, not a game: only game "
                                     "records (as downloaded here) can be played on")
        players = game.rules.players
        specs = _specs(bot, bots, players)
        _seat(seat, players)
        movers = [move.player for deal in loaded.deals for move in deal.moves]
        if game.deal is None:
            game.new_deal()
        return self._add(game, seat, specs, movers)

    def view(self, table_id: str) -> dict[str, Any]:
        """The table as the person sees it."""
        with self._lock:
            return self.get(table_id).view()

    def act(self, table_id: str, *, action: str | None = None,
            action_id: int | None = None) -> dict[str, Any]:
        """Apply the person's action, given by its notation or its encoding id (exactly one),
        then let the bot play. Returns ``{"steps", "table"}``. An action that is not legal
        now is a `WebError` ``illegal`` naming the rule; nothing changes."""
        with self._lock:
            table = self.get(table_id)
            deal = table.game.deal
            if deal is None or deal.is_over:
                raise WebError("conflict", "the deal is over: start the next deal")
            if deal.to_move != table.seat:
                raise WebError("conflict", "it is not your turn")
            chosen = self._chosen(table, action, action_id)
            try:
                steps = [self._apply(table, chosen)]
            except (IllegalAction, NotationError) as exc:
                raise WebError("illegal", str(exc)) from None
            steps += self._bot_plays(table)
            return {"steps": steps, "table": table.view()}

    @staticmethod
    def _chosen(table: Table, action: str | None, action_id: int | None) -> Action | str:
        if (action is None) == (action_id is None):
            raise WebError("bad_request", "give exactly one of action (notation) or id")
        if action is not None:
            if len(action) > 200:
                raise WebError("too_large", "the action is longer than 200 characters")
            return action
        deal = table.game.deal
        assert deal is not None and action_id is not None
        try:
            return encoding(deal.rules).decode(deal, action_id)
        except EncodingError as exc:
            raise WebError("illegal", str(exc)) from None

    def _apply(self, table: Table, action: Action | str) -> dict[str, Any]:
        """Apply one action of the player to move; the step as the person sees it."""
        deal = table.game.deal
        assert deal is not None and deal.to_move is not None
        player = deal.to_move
        before = len(deal.actions)
        events = table.game.apply(action)
        table.movers.append(player)
        done = deal.actions[before]
        return {"player": player, "action": str(done),
                "events": [event_text(e, table.seat, deal.rules.players) for e in events],
                "table": table.view()}

    def _bot_plays(self, table: Table) -> list[dict[str, Any]]:
        """The bots' actions until the person is to move or the deal is over."""
        steps = []
        deal = table.game.deal
        assert deal is not None
        while not deal.is_over and deal.to_move != table.seat:
            player = deal.to_move
            assert player is not None
            steps.append(self._apply(table, table.bots[player].choose(deal.observation(player))))
        return steps

    def undo(self, table_id: str) -> dict[str, Any]:
        """Take back the person's last action and every bot action after it (across deals):
        it is the person's turn again at that decision. Returns ``{"undone", "table"}``;
        `WebError` ``conflict`` when the person has taken no action yet."""
        with self._lock:
            table = self.get(table_id)
            if table.seat not in table.movers:
                raise WebError("conflict", "nothing to undo: you have not played yet")
            undone = []
            while True:
                undone.append(str(table.game.undo()))
                if table.movers.pop() == table.seat:
                    break
            return {"undone": undone[::-1], "table": table.view()}

    def hint(self, table_id: str, *, simulations: int = DEFAULT_SIMULATIONS) -> dict[str, Any]:
        """The search's choice for the person and its value: the expected final deal score
        difference (exact once the stock is gone). `WebError` ``conflict`` off turn."""
        with self._lock:
            table = self.get(table_id)
            deal = table.game.deal
            if deal is None or deal.is_over or deal.to_move != table.seat:
                raise WebError("conflict", "no decision of yours to hint at")
            advice = advise(deal.observation(table.seat), rng=table.hint_rng,
                            simulations=simulations)
            value = None if advice.value is None else round(advice.value, 1)
            return {"action": str(advice.action), "id": encoding(deal.rules).id_of(advice.action),
                    "value": value, "exact": advice.exact, "simulations": advice.simulations}

    def next_deal(self, table_id: str) -> dict[str, Any]:
        """Deal the next deal once the current one is over (the bot plays if it leads).
        Returns ``{"steps", "table"}``."""
        with self._lock:
            table = self.get(table_id)
            deal = table.game.deal
            if table.game.is_over:
                raise WebError("conflict", "the game is over: start a new game")
            if deal is not None and not deal.is_over:
                raise WebError("conflict", "the current deal is not over yet")
            table.game.new_deal()
            return {"steps": self._bot_plays(table), "table": table.view()}

    def record(self, table_id: str) -> str:
        """The game's record so far (`bezique.record.dumps`); it names the seed, so it tells
        the whole shuffle."""
        with self._lock:
            return record.dumps(self.get(table_id).game)
