"""The answer to ``help`` in ``bezique play``, written from the profile: only the verbs the game
has (a dix exchange only where there is one, ``pass`` only where a partner may be handed the
declaring turn, ``call out``, ``carte blanche``, ``announce`` …), a meld example and the meld
names out of the profile's own meld table, and the players named as the table names them.

>>> from bezique.rules import load_profile
>>> text = help_text(load_profile("pinochle"))
>>> "meld pinochle QS JD" in text, "meld bezique" in text
(True, False)
>>> "dix exchange" in help_text(load_profile("chinese"))
False
"""

from __future__ import annotations

import textwrap

from bezique.compile import PASS_NONE, Compiled, compile_rules
from bezique.rules.model import Rules

__all__ = ["forms", "help_text", "unknown_verb"]

_VERBS = frozenset({"play", "meld", "announce", "dix", "draw", "pass", "done", "call", "callout",
                    "carte"})
"""The first words of the action notation (`bezique.actions.parse_action`)."""

_WIDTH = 94
"""The width the meld names are wrapped to."""
_INDENT = " " * 21
"""Where a line's explanation starts (``  `` + an 18-character notation + a space)."""


def _line(notation: str, text: str) -> str:
    """One line of the help: the notation, then what it does (below it if the notation is
    long)."""
    if len(notation) > 18:
        return f"  {notation}\n{_INDENT}{text}"
    return f"  {notation:<18} {text}"


def _example(rules: Rules) -> str:
    """A meld of the profile in notation: its meld of the queen of spades and the jack of
    diamonds where it has one (``meld bezique QS JD``), else its first meld, its cards in
    spades, else the form alone."""
    scored = {t.name for t in compile_rules(rules).melds}
    table = [(name, spec) for name, spec in rules.melds.table.items() if name in scored]
    pair = rules.melds.bezique_pair == "QS_JD"
    for name, spec in table:
        if spec.suits == "bezique_pair" and spec.copies == 1 and pair:
            return f"meld {name} QS JD"
    for name, spec in table:
        if spec.suits in ("any", "same", "plain", "trump") and spec.copies == 1 and spec.ranks:
            return f"meld {name} " + " ".join(f"{rank}S" for rank in spec.ranks)
    return "meld NAME CARDS"


def _declaring(rules: Rules, c: Compiled, everyone: str) -> list[str]:
    """The lines of a declaring turn: meld, announce, carte blanche, the dix, draw, done."""
    lines: list[str] = []
    if c.melds:
        lines.append(_line(_example(rules), "declare a meld after winning a stock trick (the "
                                            "name may be omitted)"))
        names = ", ".join(t.name for t in c.melds)
        lines += textwrap.wrap(f"the melds of this game: {names}", _WIDTH,
                               initial_indent=_INDENT, subsequent_indent=_INDENT)
    if c.cady and c.melds:
        lines.append(_line("announce NAME ...", "as meld: table a further meld, to score it "
                                                "after a later trick won"))
    if c.carte_blanche is not None:
        lines.append(_line("carte blanche", "show a hand without court cards, for its points"))
    if c.dix_exchange and c.turn_up:
        lines.append(_line("dix exchange", "exchange the dix for the turn-up"))
    if c.dix_show:
        lines.append(_line("dix show", "score the dix by showing it"))
    if rules.melds.timing == "after_draw":
        lines.append(_line("draw", f"{everyone} draws; then you declare"))
        lines.append(_line("done", "end your declaring turn (after the draw)"))
    else:
        lines.append(_line("draw", f"end your declaring turn; {everyone} draws"))
    if rules.last_stock.winner_chooses:
        lines.append(_line("draw turn_up", "at the last draw, take the turn-up instead of the "
                                           "hidden card"))
    return lines


def help_text(rules: Rules) -> str:
    """The answer to ``help`` for a game of ``rules``: the profile's own actions in notation
    (`bezique.actions`), then the session's commands; at two seats the other player is Bot,
    as the table names him."""
    c = compile_rules(rules)
    two = rules.players == 2
    lines = ["Type the number of an action, or its notation:",
             _line("play QS", "play a card (10 is 10 or T; suits S H D C or ♠ ♥ ♦ ♣)"),
             *_declaring(rules, c, "each player" if two else "every player")]
    if c.passing != PASS_NONE:
        lines.append(_line("pass", "hand your declaring turn to your partner"))
    if c.call_out:
        lines.append(_line("call out", f"claim that your side has reached {rules.game.target}: "
                                       "ends the deal"))
    ahead = "(your final deal score minus Bot's)" if two else (
        "(as the search values your side's deal)")
    lines += ["Commands:",
              _line("hint", "the search's choice, and how far ahead it expects you to end"),
              f"{_INDENT}the deal {ahead}",
              _line("score", "this deal's points by reason, and the game totals"),
              _line("save [FILE]", "save the game record so far (bezique replay FILE)"),
              _line("help", "this text"),
              _line("quit", "leave (Ctrl-C or end of input also leave)")]
    return "\n".join(lines)


def forms(rules: Rules) -> list[str]:
    """The forms of the notation a game of ``rules`` takes, each once: ``play CARD`` and
    ``draw`` always, the others where the profile has them.

    >>> from bezique.rules import load_profile
    >>> forms(load_profile("chinese"))
    ["'play CARD'", "'meld [NAME] CARD...'", "'announce [NAME] CARD...'", "'carte blanche'", \
"'draw'"]
    """
    c = compile_rules(rules)
    has = [("play CARD", True), ("meld [NAME] CARD...", bool(c.melds)),
           ("announce [NAME] CARD...", c.cady and bool(c.melds)),
           ("carte blanche", c.carte_blanche is not None),
           ("dix exchange", c.dix_exchange and c.turn_up), ("dix show", c.dix_show),
           ("draw", True), ("draw turn_up", rules.last_stock.winner_chooses),
           ("done", rules.melds.timing == "after_draw"), ("pass", c.passing != PASS_NONE),
           ("call out", c.call_out)]
    return [f"'{form}'" for form, present in has if present]


def unknown_verb(rules: Rules, text: str) -> str | None:
    """Why ``text`` is no action of the notation, naming only the forms this game takes
    (`forms`), when its first word is none of the notation's verbs; None otherwise (the
    engine then says what is wrong with it).

    >>> from bezique.rules import load_profile
    >>> unknown_verb(load_profile("bezique"), "xyz")  # doctest: +ELLIPSIS
    "cannot read action 'xyz': expected 'play CARD', 'meld [NAME] CARD...', ... or 'draw'"
    """
    words = text.split()
    if not words or words[0].lower() in _VERBS:
        return None
    *most, last = forms(rules)
    return f"cannot read action {text!r}: expected {', '.join(most)} or {last}"
