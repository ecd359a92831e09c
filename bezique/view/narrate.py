"""Narration for people: a deal's events as lines of text (`Narrator`), the words a newcomer
meets explained once (`Glossary`), the points by reason (`breakdown`) and the end count
(`settlement_lines`), with the players named (`name_players`).

``bezique demo`` (`bezique.cli.demo`), ``bezique play`` and the web table write with these.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from bezique.cards import JOKER_BITS, RANKS, SUIT_NAMES, card_name, iter_bits
from bezique.compile import compile_rules
from bezique.deal import Deal
from bezique.events import Event
from bezique.melds import stand_ins
from bezique.rules.model import MeldSpec, Rules
from bezique.settlement import Settlement
from bezique.wild import wild_jokers

__all__ = ["NAMES", "Glossary", "Narrator", "Paint", "breakdown", "cards_text", "deal_header",
           "declaration_text", "game_words", "glossary", "joker_words", "meld_words",
           "name_players", "plain", "seat_names", "settlement_lines", "team_names"]

NAMES = ("Ada", "Bob", "Cy", "Dee")
"""Player names by seat (two to four seats), written also for the engine's labels
(`name_players`)."""



def seat_names(players: int, you: int) -> tuple[str, ...]:
    """How a person's table names the seats, the person in seat ``you``: ``You``, and at two
    seats ``Bot`` for the other; at more seats the bots keep the names of `NAMES` (Ada, Bob, Cy,
    Dee) by seat.

    >>> seat_names(2, 1), seat_names(4, 2)
    (('Bot', 'You'), ('Ada', 'Bob', 'You', 'Dee'))
    """
    if players == 2:
        return ("You", "Bot") if you == 0 else ("Bot", "You")
    return tuple("You" if p == you else NAMES[p] for p in range(players))


def team_names(teams: Sequence[Sequence[int]], names: Sequence[str]) -> tuple[str, ...]:
    """Each team named by its seats' ``names`` joined with ``+`` (a seat alone: its name).

    >>> team_names(((0, 2), (1, 3)), NAMES)
    ('Ada+Cy', 'Bob+Dee')
    """
    return tuple("+".join(names[p] for p in team) for team in teams)


_LABELS = re.compile(r"\bP([0-3])\b")

_COUNT_WORDS = {2: "two", 3: "three", 4: "four"}
_RANK_WORDS = {"A": "ace", "10": "ten", "K": "king", "Q": "queen", "J": "jack",
               "9": "nine", "8": "eight", "7": "seven"}
_OBLIGATIONS = {
    "follow_and_win": "follow suit and win the trick if able, else trump",
    "follow_only": "follow suit if able",
    "follow_trump_beat_trump_lead": "follow suit, else trump; beat a trump lead",
}

Paint = Callable[[int], str]
"""How a card is written (plain, or coloured for a terminal)."""


_CITATION = re.compile(r"\s*\([A-Z][A-Z0-9-]*(?:[ ,;§]+[A-Z0-9-]+)*\)")
"""A source tag in brackets, as profile descriptions cite them: ``(S004)``, ``(HGM, EB9)``."""

_TRUMPS = {"turn_up_next": "trumps turned up", "turn_up_bottom": "trumps turned up",
           "first_marriage": "the first marriage fixes trumps",
           "first_marriage_or_sequence": "the first marriage or sequence fixes trumps"}


def game_words(rules: Rules) -> str:
    """The game a profile plays in players' words, for headers: the game's name as its
    description starts (up to a comma or colon, source tags left out; ``A house variant``
    without one), then the seats, the pack, how trumps are chosen and how the game ends, all
    read from the rules. No ruling, key or meld id appears.

    >>> from bezique.rules import load_profile
    >>> game_words(load_profile("bezique"))
    'Two-handed Bezique: two players, 64 cards, trumps turned up, game to 1000'
    >>> game_words(load_profile("besigue")).split(":")[0]
    'French Bésigue'
    >>> game_words(load_profile("joker-partnership"))
    'Joker Bésigue: four players in two partnerships, 132 cards with 4 jokers, the first \
marriage fixes trumps, game to 600'
    """
    name = _CITATION.sub("", re.split(r"[,:]", rules.description, maxsplit=1)[0]).strip()
    players = _COUNT_WORDS.get(rules.players, str(rules.players))
    seats = f"{players} players"
    if rules.players > 2:
        pairs = [team for team in rules.teams if len(team) > 1]
        seats += (f" in {_COUNT_WORDS.get(len(pairs), len(pairs))} partnerships" if pairs
                  else ", each for himself")
    pack = f"{compile_rules(rules).pack_size} cards"
    if rules.pack.jokers:
        pack += f" with {rules.pack.jokers} jokers"
    game = rules.game
    if game.single_deal:
        end = "one deal" + (f", rubicon under {rules.rubicon.threshold}"
                            if rules.rubicon.threshold else "")
    else:
        end = f"call-out at {game.target}" if game.call_out else f"game to {game.target}"
    return f"{name or 'A house variant'}: {seats}, {pack}, {_TRUMPS[rules.trump.selection]}, {end}"


def plain(card: int) -> str:
    """A card with its suit symbol, e.g. ``Q♠``."""
    return card_name(card, symbols=True)


def cards_text(cards: Iterable[int], paint: Paint = plain) -> str:
    """Cards sorted by suit then strength (the order of the card numbers), each written by
    ``paint``."""
    return " ".join(paint(c) for c in sorted(cards))


def meld_words(rules: Rules, name: str) -> str:
    """What a meld of the profile's table is made of, in words, e.g. ``king and queen of
    trumps`` (read from the meld table, so house melds are described too), and how many of its
    cards jokers may stand for (``jokers.wild_in``, ``max_per_meld``).

    >>> import bezique
    >>> meld_words(bezique.load_profile("joker"), "four_kings")
    'four kings, any suits; a joker may stand for one'
    """
    spec = rules.melds.table.get(name)
    if spec is None:
        return name.replace("_", " ")
    template = compile_rules(rules).meld_by_name.get(name)
    wild = 0 if template is None else wild_jokers(rules, name)
    words = _cards_words(rules, spec)
    if wild == 1:
        return f"{words}; a joker may stand for one"
    return f"{words}; jokers may stand for up to {wild}" if wild else words


def _cards_words(rules: Rules, spec: MeldSpec) -> str:
    """The cards of a meld of the table, in words (`meld_words` without the jokers)."""
    if spec.suits == "jokers":
        return f"{_COUNT_WORDS.get(spec.copies, str(spec.copies))} jokers"
    ranks = [_RANK_WORDS[r] for r in spec.ranks]
    times = {1: "", 2: "two of each: ", 3: "three of each: ", 4: "four of each: "}.get(
        spec.copies, f"{spec.copies} of each: ")
    joined = ", ".join(ranks[:-1]) + " and " + ranks[-1] if len(ranks) > 1 else ranks[0]
    if spec.suits == "trump":
        return f"{times}{joined} of trumps"
    if spec.suits == "plain":
        return f"{times}{joined} of a plain suit"
    if spec.suits == "same":
        return f"{times}{joined} of one suit"
    if spec.suits == "bezique_pair":
        pair = {"QS_JD": "queen of spades and jack of diamonds",
                "trump_queen_paired_jack": "queen of trumps and jack of its paired suit",
                }.get(rules.melds.bezique_pair, "the bezique queen and jack")
        return f"{times}{pair}"
    if spec.suits == "none":
        return "a hand without kings, queens or jacks"
    if len(ranks) == 1 and spec.copies == 4:
        each = rules.melds.four_of_a_kind_mode == "one_per_suit"
        return f"four {ranks[0]}s" + (", one of each suit" if each else ", any suits")
    return f"{times}{joined}, any suits"


def _stand_in(kinds: int, n: int, paint: Paint) -> str:
    """What ``n`` jokers stand for, each any kind of ``kinds``: ``a jack``, ``2 kings``,
    ``J♦``."""
    found = list(iter_bits(kinds))
    if len(found) == 1:
        return " ".join([paint(found[0] * 8)] * n)
    ranks = {k & 7 for k in found}
    word = _RANK_WORDS[RANKS[ranks.pop()]] if len(ranks) == 1 else "card"
    if n > 1:
        return f"{word}s"
    return f"{'an' if word[0] in 'ae' else 'a'} {word}"


def joker_words(rules: Rules, name: str, cards: Iterable[int], trump: int | None = None,
                paint: Paint = plain) -> str:
    """What the jokers of a declaration of ``name`` stand for, in words (`bezique.melds.stand_ins`):
    ``joker as a jack``, ``2 jokers as kings``, ``joker as J♦``; empty where it holds none
    (four jokers stand for themselves). ``trump``: the deal's trumps.

    >>> import bezique
    >>> rules = bezique.load_profile("joker")
    >>> joker_words(rules, "four_jacks", bezique.cards.parse_cards("JS JH JC JK"))
    'joker as a jack'
    """
    bits = 0
    for x in cards:
        bits |= 1 << x
    if not bits & JOKER_BITS:
        return ""
    c = compile_rules(rules)
    t = c.meld_by_name.get(name)
    if t is None:
        return ""
    counts: dict[int, int] = {}
    for kinds in stand_ins(c, t, bits, trump):
        counts[kinds] = counts.get(kinds, 0) + 1
    return ", ".join(f"{'joker' if n == 1 else f'{n} jokers'} as {_stand_in(kinds, n, paint)}"
                     for kinds, n in counts.items())


def declaration_text(rules: Rules, name: str, cards: Iterable[int], trump: int | None = None,
                     paint: Paint = plain) -> str:
    """A declaration as people read it: the meld, its cards, and what each joker stands for
    (``four jacks J♠ J♥ J♣ + joker as a jack``; without jokers ``four jacks J♠ J♥ J♣ J♦``).

    >>> import bezique
    >>> rules = bezique.load_profile("joker")
    >>> declaration_text(rules, "four_jacks", bezique.cards.parse_cards("JS JH JC JK"))
    'four jacks J♠ J♥ J♣ + joker as a jack'
    """
    cards = list(cards)
    title = name.replace("_", " ")
    words = joker_words(rules, name, cards, trump, paint)
    if not words:
        return f"{title} {cards_text(cards, paint)}".rstrip()
    naturals = cards_text([x for x in cards if not JOKER_BITS >> x & 1], paint)
    return f"{title} {naturals} + {words}"


def deal_header(deal: Deal, number: int, paint: Paint = plain) -> list[str]:
    """The opening lines of a deal: dealer, turn-up and trumps, and every hand."""
    lines = [f"=== Deal {number}: {NAMES[deal.dealer]} deals"]
    if deal.turn_up is not None and deal.trump is not None:  # a turned-up joker: its reading
        lines[0] += f"; turn-up {paint(deal.turn_up)}, trumps {SUIT_NAMES[int(deal.trump)]}"
    elif deal.trump is None:
        lines[0] += "; trumps not yet fixed"
    lines[0] += " ==="
    for p in range(deal.rules.players):
        lines.append(f"  {NAMES[p]:<4} {cards_text(deal.hand(p), paint)}")
    for e in deal.events:
        if e.kind == "score":
            lines.append(f"  {NAMES[e.player or 0]} scores {e.points} for the {_reason(e.reason)}"
                         f" {cards_text(e.cards, paint)}".rstrip())
    return lines


def _reason(reason: str) -> str:
    return {"dix": "dix (turned-up trump seven)"}.get(reason, reason.replace("_", " "))


def breakdown(deal: Deal, names: Sequence[str] = NAMES) -> list[str]:
    """The deal's points by reason, one row per reason and a column per seat, from its score
    events."""
    seats = range(deal.rules.players)
    rows: dict[str, list[int]] = {}
    for e in deal.events:
        if e.kind == "score" and e.player is not None:
            rows.setdefault(e.reason, [0] * len(seats))[e.player] += e.points

    def row(title: str, values: Sequence[object]) -> str:
        return f"  {title:<24}" + "".join(f"{values[p]:>6}" for p in seats)

    lines = [row("points by reason", names)]
    lines += [row(reason.replace("_", " "), pts) for reason, pts in rows.items()]
    lines.append(row("total", deal.scores))
    return lines


class Narrator:
    """Turns a deal's events into readable lines as actions are applied.

    ``tricks``: one line per trick (else only declarations, dix and phase changes are shown).
    ``you``: the player addressed as "you" (verbs agree), if any.
    """

    def __init__(self, rules: Rules, *, tricks: bool = True, paint: Paint = plain,
                 names: Sequence[str] = NAMES, you: int | None = None) -> None:
        self.rules = rules
        self.tricks = tricks
        self.paint = paint
        self.names = tuple(names)
        self.you = you
        self._trick_no = 0
        self._plays: list[Event] = []
        self._declared_reasons = {"dix", "carte_blanche", *rules.melds.values}
        self._trump: int | None = None

    def start(self) -> None:
        """Reset for a new deal."""
        self._trick_no = 0
        self._plays = []

    def lines(self, deal: Deal, events: Sequence[Event]) -> list[str]:
        """The lines for the events one action caused (``deal`` is the state after it)."""
        self._trump = deal.trump
        out: list[str] = []
        paint, names = self.paint, self.names
        pad = "       " if self.tricks else f"  {self._trick_no:>3}. "
        pending_meld: Event | None = None
        for e in events:
            who = names[e.player] if e.player is not None else ""
            if e.kind == "play":
                self._plays.append(e)
            elif e.kind == "trick":
                self._trick_no += 1
                if self.tricks:
                    plays = "  ".join(f"{names[p.player or 0]} {paint(p.cards[0])}"
                                      + (f" (dix +{p.points})" if p.points else "")
                                      for p in self._plays[-self.rules.players:])
                    # the stock as it is now (before the winner's draw), as the table shows it
                    where = "" if deal.is_over or deal.in_end_phase else (
                        f"  [stock {deal.stock_size}]")
                    out.append(f"  {self._trick_no:>3}. {plays}  -> {who}{where}")
                self._plays = []
            elif e.kind == "meld":
                pending_meld = e
            elif e.kind == "score" and pending_meld is None and self._plays and (
                e.cards == self._plays[-1].cards
            ):
                play = self._plays[-1]  # a dix on play: its points join the play
                self._plays[-1] = Event(play.kind, play.player, play.cards, e.points, play.reason,
                                        play.private)
                if not self.tricks:
                    out.append(self._score_line(e, None, f"  {self._trick_no + 1:>3}. "))
            elif e.kind == "score":
                if self.tricks or e.reason in self._declared_reasons:
                    out.append(self._score_line(e, pending_meld, pad))
                pending_meld = None
            elif e.kind == "trump":
                out.append(f"{pad}trumps are now {e.reason}")
            elif e.kind == "announce":
                out.append(f"{pad}{self._says(e, 'announces')} "
                           f"{self._declaration(e.reason, e.cards)}, to score on a later win")
            elif e.kind == "pass" and self.tricks:
                out.append(f"{pad}{self._passes(e)}")
            elif e.kind == "pending_lost":
                out.append(f"{pad}{who}'s pending {cards_text(e.cards, paint)} lapses")
            elif e.kind == "dix_exchange":
                out.append(f"{pad}{self._says(e, 'exchanges')} {paint(e.cards[0])} "
                           f"for the turn-up {paint(e.cards[1])}")
            elif e.kind == "draw" and e.reason == "turn_up":
                out.append(f"{pad}{self._says(e, 'takes')} the turn-up {paint(e.cards[0])}")
            elif e.kind == "end_phase":
                rule = _OBLIGATIONS.get(self.rules.endgame.obligation,
                                        self.rules.endgame.obligation)
                out.append(f"  --- the stock is exhausted: the last tricks, {rule} ---")
            elif e.kind in ("carte_blanche", "call_out", "forfeit", "cut"):
                out.append(f"{pad}{who} {e.kind.replace('_', ' ')} {e.reason}".rstrip())
        return out

    def _declaration(self, name: str, cards: Sequence[int]) -> str:
        """A declaration in words, each joker with what it stands for (`declaration_text`)."""
        return declaration_text(self.rules, name, cards, self._trump, self.paint)

    def _says(self, e: Event, verb: str) -> str:
        """The event's player and ``verb`` agreeing with him (``You declare``, ``Bob declares``).
        """
        who = self.names[e.player or 0]
        return f"{who} {verb[:-1] if self.you is not None and e.player == self.you else verb}"

    def _passes(self, e: Event) -> str:
        """A pass of the declaring turn (``reason``: ``to P2``): ``Bob passes the declaring
        turn to Dee``, ``You pass …``, ``… to you``."""
        who = self.names[e.player or 0]
        verb = "pass" if self.you is not None and e.player == self.you else "passes"
        seat = _LABELS.search(e.reason)
        to = e.reason.removeprefix("to ") if seat is None else (
            "you" if int(seat[1]) == self.you else self.names[int(seat[1])])
        return f"{who} {verb} the declaring turn to {to}"

    def _score_line(self, e: Event, meld: Event | None, pad: str) -> str:
        who = self.names[e.player or 0]
        cards = cards_text(e.cards, self.paint)
        if meld is not None:
            why = meld_words(self.rules, e.reason)
            return (f"{pad}{self._says(e, 'declares')} {self._declaration(e.reason, e.cards)}: "
                    f"+{e.points} ({why})")
        if e.reason == "dix":
            return f"{pad}{self._says(e, 'scores')} the dix {cards}: +{e.points}"
        return f"{pad}{who}: {_reason(e.reason)} +{e.points}"


def name_players(text: str, names: Sequence[str] = NAMES) -> str:
    """``text`` with the engine's player labels (``P0`` to ``P3``: `bezique.players`) replaced
    by ``names``, so the transcript names each player one way; a label without a name among
    ``names`` stays as it is.

    >>> name_players("P0: 0 + 180 = 180; P1 wins; P1 wins 1100 to 630")
    'Ada: 0 + 180 = 180; Bob wins; Bob wins 1100 to 630'
    >>> name_players("P2 leads, P3 follows", ("You", "Bot"))
    'P2 leads, P3 follows'
    """
    return _LABELS.sub(lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], text)


def settlement_lines(s: Settlement, names: Sequence[str] = NAMES) -> list[str]:
    """The end count of a deal, as the settlement explains it, with the players' ``names``;
    without its verdict when it ends the game (the game's result says it once, last)."""
    lines = s.breakdown[:-1] if s.game_over else s.breakdown
    return [f"  {name_players(line, names)}" for line in lines]


_WORDS = {"dix": re.compile(r"\bdix\b", re.IGNORECASE),
          "brisques": re.compile(r"\bbrisques?\b", re.IGNORECASE),
          "joker": re.compile(r"\bjokers?\b|\bJK\b", re.IGNORECASE)}


def glossary(rules: Rules) -> dict[str, str]:
    """What the words of the game a newcomer meets in a transcript mean in this profile."""
    c = compile_rules(rules)
    dix = rules.dix
    ways = [way for way, on in (("turned up", dix.turn_up_scores),
                                ("exchanged for the turn-up", c.dix_exchange),
                                ("shown", c.dix_show), ("played", c.dix_on_play)) if on]
    when = ", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else "".join(ways)
    if dix.award_to == "trick_winner":
        when += ", for the winner of its trick"
    dix_text = (f"the {_RANK_WORDS[dix.rank]} of trumps; it scores {dix.value} when {when}"
                if dix.value and ways else f"the {_RANK_WORDS[dix.rank]} of trumps")
    if rules.brisques.counted == "only_to_escape_rubicon_or_break_tie":
        counted = "10 points each, counted only to break a tie or to escape the rubicon"
    elif rules.brisques.counted == "majority":
        counted = "10 points each, counted at the end of the deal for the side with more"
    elif rules.trick_points.scheme == "brisques":
        counted = "10 points each, " + ("counted at the end of the deal"
                                        if rules.brisques.when == "end_of_deal"
                                        else "scored as they are won")
    else:
        counted = f"scored as trick points ({rules.trick_points.scheme})"
    words = {"dix": dix_text, "brisques": f"aces and tens won in tricks, {counted}"}
    if rules.pack.jokers:
        words["joker"] = _joker_words(rules)
    return words


def _joker_words(rules: Rules) -> str:
    """What a joker (``JK``) does in the profile: the melds it completes, and its tricks."""
    c = compile_rules(rules)
    wild = [t.name.replace("_", " ") for t in c.melds if wild_jokers(rules, t.name)]
    completes = ("it completes " + ", ".join(wild[:-1]) + (" or " if len(wild) > 1 else "")
                 + wild[-1] if wild else "it completes no meld")
    return (f"JK, a card of no suit that scores no trick points; {completes}; led, it wins "
            f"the trick unless a trump is played to it, played after the lead it never wins")


class Glossary:
    """Adds, after the first line that uses a word of `glossary`, a line saying what it means."""

    def __init__(self, rules: Rules) -> None:
        self.meanings = glossary(rules)
        self.explained: set[str] = set()

    def annotate(self, lines: Iterable[str]) -> list[str]:
        """``lines`` with an explanation after the first use of each word."""
        out = []
        for line in lines:
            out.append(line)
            for word, pattern in _WORDS.items():
                if word not in self.explained and pattern.search(line):
                    self.explained.add(word)
                    out.append(f"  ({word}: {self.meanings[word]})")
        return out
