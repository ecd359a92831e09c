"""SVG pictures of cards and positions, as ``chess.svg`` draws boards: functions returning SVG
text, self-contained (no external fonts, images or ids, so several pictures can share a page).

`deal` draws a `bezique.view.render.View`: the far player's hand and, nearer the middle, his table
(declared cards, gold-edged, apart from the concealed hand); the stock face down with the
turn-up across it, the trick in the middle (or the last trick, faded), trumps and whose turn it
is; then the near player's table and hand. A joker has a face of its own: ``JK`` in the corner,
a star in the middle and ``JOKER`` along the foot. At three and four seats each seat has a box
around the table, the near one at the bottom and the others left, across and right in playing
order, each named with its place and partners. Under a perspective the cards that player has not
seen are face down. ``Deal._repr_svg_`` returns ``deal(self)``, so a notebook shows the table.

>>> import bezique, bezique.view.svg, xml.etree.ElementTree as ET
>>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7, dealer=0)
>>> picture = bezique.view.svg.deal(deal, perspective=0, size=600)
>>> ET.fromstring(picture).get("width")
'600'
>>> ET.fromstring(bezique.view.svg.card(bezique.cards.parse_card("10H"))).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from bezique.cards import RANKS, card_name, is_joker
from bezique.observation import Observation
from bezique.view.render import Seat, View, meld_names, seat_words, status, team_name, view

if TYPE_CHECKING:
    from bezique.deal import Deal

__all__ = ["SvgWrapper", "card", "deal"]

WIDTH, HEIGHT = 900, 628
"""The picture's own coordinates (``size`` scales it)."""
WIDE_WIDTH, WIDE_HEIGHT = 1260, 900
"""The picture's own coordinates at three and four seats."""
BOX = 380
"""The width of a seat's box at three and four seats (its hand and table rows)."""
SEAT_BOXES = {"near": (440, 640), "left": (30, 330), "across": (440, 34), "right": (850, 330)}
"""Where each place's box starts at three and four seats (the label's baseline): the near
seat at the bottom, the others around the table (`bezique.view.render.PLACES`)."""
CARD_W, CARD_H = 60, 84
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
RED, BLACK = "#c62828", "#1b1b1b"
FELT, FELT_EDGE, GOLD, INK = "#1e6a3b", "#14502b", "#e0b341", "#f4f1e6"

SUIT_PATHS = (
    # spade
    "M50 2C60 22 98 40 98 64C98 82 84 92 70 90C62 89 57 84 54 78C55 88 60 95 70 100H30"
    "C40 95 45 88 46 78C43 84 38 89 30 90C16 92 2 82 2 64C2 40 40 22 50 2Z",
    # heart
    "M50 96C20 70 2 52 2 30C2 13 14 2 28 2C39 2 47 9 50 20C53 9 61 2 72 2C86 2 98 13 98 30"
    "C98 52 80 70 50 96Z",
    # diamond
    "M50 0L88 50L50 100L12 50Z",
    # club
    "M50 4A22 22 0 1 1 49.9 4ZM26 40A22 22 0 1 1 25.9 40ZM74 40A22 22 0 1 1 73.9 40Z"
    "M45 55H55C55 78 60 92 72 100H28C40 92 45 78 45 55Z",
)
"""A path per suit (♠ ♥ ♦ ♣) in a 100 × 100 box: no font needs the suit symbols."""
JOKER_PATH = "M50 4L61 37L96 37L68 58L78 91L50 71L22 91L32 58L4 37L39 37Z"
"""The joker's emblem, a five-pointed star, in a 100 × 100 box."""
JOKER_INK = "#6a1b9a"


class SvgWrapper(str):
    """SVG text that a notebook displays as a picture (like ``chess.svg``'s wrapper)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def _suit(s: int, x: float, y: float, size: float) -> str:
    color = RED if s in (1, 2) else BLACK
    return (f'<path transform="translate({x:g} {y:g}) scale({size / 100:g})" '
            f'fill="{color}" d="{SUIT_PATHS[s]}"/>')


def _star(x: float, y: float, size: float) -> str:
    return (f'<path transform="translate({x:g} {y:g}) scale({size / 100:g})" '
            f'fill="{JOKER_INK}" d="{JOKER_PATH}"/>')


def _face(c: int, x: float, y: float, *, edge: str = "#7d7d7d", width: float = 1,
          opacity: float = 1) -> str:
    """A face-up card at (x, y): rank and suit in the top-left corner (visible when the cards
    overlap) and a large suit in the middle; a joker: ``JK`` and a small star in the corner, a
    large star in the middle and ``JOKER`` along the foot."""
    fade = "" if opacity == 1 else f' opacity="{opacity:g}"'
    head = (
        f'<g class="card" data-card="{card_name(c)}" transform="translate({x:g} {y:g})"{fade}>'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fffdf6" stroke="{edge}" '
        f'stroke-width="{width:g}"/>'
    )
    if is_joker(c):
        return (
            head + f'<text x="4" y="20" font-size="15" font-weight="bold" fill="{JOKER_INK}" '
            f'letter-spacing="-1">JK</text>'
            + _star(5, 24, 12) + _star(14, 30, 34)
            + f'<text x="{CARD_W / 2:g}" y="{CARD_H - 7}" font-size="9" font-weight="bold" '
            f'text-anchor="middle" fill="{JOKER_INK}" letter-spacing="1">JOKER</text></g>'
        )
    r, s = RANKS[c >> 3 & 7], c >> 6
    color = RED if s in (1, 2) else BLACK
    return (
        head + f'<text x="{4 if len(r) > 1 else 6}" y="20" font-size="17" font-weight="bold" '
        f'fill="{color}" letter-spacing="-1">{r}</text>'
        + _suit(s, 5, 24, 12)
        + _suit(s, 17, 34, 26)
        + "</g>"
    )


def _back(x: float, y: float) -> str:
    """A face-down card: a blue back with a lattice and a frame."""
    lattice = "".join(
        f"M{8 + i * 11} 8L{8 + i * 11 - 44} {CARD_H - 8}M{8 + i * 11 - 44} 8L{8 + i * 11} "
        f"{CARD_H - 8}" for i in range(9)
    )
    return (
        f'<g class="back" transform="translate({x:g} {y:g})">'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fffdf6" stroke="#7d7d7d"/>'
        f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="4" fill="#27408b"/>'
        f'<svg x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" '
        f'viewBox="4 4 {CARD_W - 8} {CARD_H - 8}"><path d="{lattice}" stroke="#5b78c7" '
        f'stroke-width="1.2" fill="none"/></svg>'
        f'<rect x="8" y="8" width="{CARD_W - 16}" height="{CARD_H - 16}" rx="3" fill="none" '
        f'stroke="#c9d3f0" stroke-width="1"/></g>'
    )


def _text(x: float, y: float, content: str, *, size: int = 15, anchor: str = "start",
          color: str = INK, weight: str = "normal") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{color}" font-weight="{weight}">{escape(content)}</text>')


def _row(cards: tuple[int, ...], hidden: int, x: float, y: float, room: float, *,
         tabled: bool = False) -> str:
    """Face-up cards then ``hidden`` face-down ones, overlapping to fit in ``room``."""
    n = len(cards) + hidden
    if n == 0:
        label = "no declared cards" if tabled else "no cards"
        return _text(x, y + CARD_H / 2 + 5, label, size=13, color="#9cc7a8")
    step = min(CARD_W + 6, (room - CARD_W) / max(n - 1, 1))
    out = []
    for i, c in enumerate(cards):
        out.append(_face(c, x + i * step, y, edge=GOLD if tabled else "#7d7d7d",
                         width=2.5 if tabled else 1))
    for i in range(len(cards), n):
        out.append(_back(x + i * step, y))
    return "".join(out)


def _end(n: int, x: float, room: float) -> float:
    """Where a `_row` of ``n`` cards ends."""
    return x if n == 0 else x + min(CARD_W + 6, (room - CARD_W) / max(n - 1, 1)) * (n - 1) + CARD_W


def _wrap(words: list[str], width: int, lines: int) -> list[str]:
    """Comma-separated ``words`` in at most ``lines`` lines of about ``width`` characters,
    the last cut short with an ellipsis if they do not fit."""
    out = [""]
    for word in words:
        joined = f"{out[-1]}, {word}" if out[-1] else word
        if len(joined) <= width or not out[-1]:
            out[-1] = joined
        else:
            out[-1] += ","
            out.append(word)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1].rstrip(",") + " …"
    return [line if len(line) <= width else line[:width - 1] + "…" for line in out]


def _info(seat: Seat) -> str:
    """A seat's points this deal and the cards it has won."""
    word = "brisque" if seat.brisques == 1 else "brisques"
    info = f"score {seat.score}"
    if seat.won:
        info += f" · won {seat.won} cards, {seat.brisques} {word}"
    return info


def _melds(seat: Seat, x: float, y: float, width: float, lines: int) -> list[str]:
    """The names of a seat's declarations on the table, in at most ``lines`` lines from
    (x, y), about ``width`` wide."""
    names = [m.replace("_", " ") for m in meld_names(seat.melds)]
    return [_text(x, y + 18 * i, line, size=14)
            for i, line in enumerate(_wrap(names, int(width / 7.8), lines))]


def _seat(seat: Seat, y_label: float, y_hand: float, y_table: float, to_move: bool) -> str:
    out = [_text(30, y_label, f"P{seat.player}", size=20, weight="bold",
                 color=GOLD if to_move else INK),
           _text(66, y_label, _info(seat), size=15),
           _row(seat.hand, seat.hidden, 30, y_hand, 600),
           _row(seat.table, 0, 30, y_table, 600, tabled=True)]
    if to_move:
        out.append(_text(_end(len(seat.hand) + seat.hidden, 30, 600) + 16, y_hand + CARD_H / 2 + 5,
                         "to move", size=14, color=GOLD, weight="bold"))
    if seat.table:
        x = _end(len(seat.table), 30, 600) + 16
        out.append(_text(x, y_table + CARD_H / 2 - 4, "declared", size=13, color="#9cc7a8"))
        out += _melds(seat, x, y_table + CARD_H / 2 + 15, WIDTH - 20 - x, 3)
    return "".join(out)


def _box(seat: Seat, x: float, y: float, to_move: bool) -> str:
    """A seat at three or four seats, in a box `BOX` wide from (x, y): its number, place and
    partners, its score, hand, table and declarations; framed in gold when it is to move. The
    group carries ``data-seat``, ``data-place`` and ``data-partners`` (space-separated)."""
    partners = " ".join(map(str, seat.partners))
    mark = f' data-partners="{partners}"' if partners else ""
    out = [f'<g class="seat" data-seat="{seat.player}" data-place="{seat.place}"{mark}>']
    if to_move:
        out.append(f'<rect x="{x - 10:g}" y="{y - 26:g}" width="{BOX + 20}" height="276" '
                   f'rx="10" fill="none" stroke="{GOLD}" stroke-width="2"/>')
    out += [_text(x, y, f"P{seat.player}", size=20, weight="bold",
                  color=GOLD if to_move else INK),
            _text(x + 36, y, seat_words(seat) + (" · to move" if to_move else ""), size=15,
                  color=GOLD if to_move else INK),
            _text(x, y + 19, _info(seat), size=13),
            _row(seat.hand, seat.hidden, x, y + 28, BOX),
            _row(seat.table, 0, x, y + 122, BOX, tabled=True)]
    if seat.table:
        out += _melds(seat, x, y + 226, BOX, 2)
    return "".join(out) + "</g>"


def _middle(v: View, stock: tuple[float, float] = (46, 262),
            trick: tuple[float, float] = (340, 262), info: tuple[float, float] = (650, 262)
            ) -> str:
    """The stock (its top card at ``stock``), the trick or the last one (from ``trick``) and
    the deal's words (trumps, dealer, whose turn, the game, from ``info``); the defaults are
    the two-seat picture's places."""
    out = []
    sx, y = stock
    if v.stock_size and not v.in_end_phase:  # the turn-up lies across, under the stock
        if v.turn_up is not None:
            out.append(f'<g transform="rotate(90 {sx + 54 + CARD_W / 2:g} {y + CARD_H / 2:g})">'
                       f'{_face(v.turn_up, sx + 54, y)}</g>')
        for i in range(min(3, len(_stock(v)))):
            out.append(_back(sx - i * 3, y - i * 3))
        out.append(_text(sx + 44, y + CARD_H + 30, f"stock {v.stock_size}", size=14,
                         anchor="middle"))
    elif v.in_end_phase:
        out.append(_text(sx + 34, y + CARD_H / 2, "stock empty", size=14, anchor="middle"))
    tx, y = trick
    middle = tx + (70 * (len(v.seats) - 1) + CARD_W) / 2
    if v.trick:
        for i, c in enumerate(v.trick):
            out.append(_face(c, tx + i * 70, y + (0 if i == 0 else 10)))
        out.append(_text(middle, y + CARD_H + 30, f"P{v.leader} led", size=14,
                         anchor="middle"))
    elif v.last_trick is not None:
        winner, cards = v.last_trick
        for i, c in enumerate(cards):
            out.append(_face(c, tx + i * 70, y + (0 if i == 0 else 10), opacity=0.55))
        out.append(_text(middle, y + CARD_H + 30, f"last trick, won by P{winner}", size=14,
                         anchor="middle"))
    x, y = info
    if v.trump is None:
        out.append(_text(x, y + 18, "trumps not fixed", size=16))
    else:
        out.append(_text(x, y + 18, "trumps", size=16) + _suit(v.trump, x + 62, y + 2, 22))
    out.append(_text(x, y + 46, f"P{v.dealer} deals · {v.profile}", size=14))
    out.append(_text(x, y + 70, status(v), size=14, weight="bold"))
    if any(v.totals):
        out.append(_text(x, y + 94, f"game {_totals(v)} of {v.target}", size=14))
    if v.perspective is not None:
        out.append(_text(x, y + 118, f"seen by P{v.perspective}", size=13,
                         color="#9cc7a8"))
    return "".join(out)


def _totals(v: View) -> str:
    """The game totals: ``450 – 720`` at two seats, else each team named by its seats."""
    if len(v.seats) == 2:
        return f"{v.totals[0]} – {v.totals[1]}"
    return ", ".join(f"{team_name(team)} {total}"
                     for team, total in zip(v.teams, v.totals, strict=True))


def _stock(v: View) -> range:
    return range(v.stock_size - (v.turn_up is not None))


def deal(
    subject: Deal | Observation, *, perspective: int | None = None, size: int | None = WIDTH
) -> SvgWrapper:
    """An SVG picture of a deal (or an observation) as `bezique.view.render.view` sees it from
    ``perspective`` (None: every hand face up); ``size`` is its width in pixels (None: no
    width, the picture fills its container). At three and four seats the picture is
    `WIDE_WIDTH` by `WIDE_HEIGHT` and shows the seats around the table (`SEAT_BOXES`). Raises
    ValueError for an unknown perspective."""
    v = view(subject, perspective)
    wide = len(v.seats) > 2
    width, height = (WIDE_WIDTH, WIDE_HEIGHT) if wide else (WIDTH, HEIGHT)
    dims = "" if size is None else f' width="{size}" height="{round(size * height / width)}"'
    body = [
        f'<rect width="{width}" height="{height}" rx="18" fill="{FELT}"/>',
        f'<rect x="6" y="6" width="{width - 12}" height="{height - 12}" rx="14" fill="none" '
        f'stroke="{FELT_EDGE}" stroke-width="4"/>',
    ]
    if wide:
        for seat in v.seats:
            x, y = SEAT_BOXES[seat.place]
            body.append(_box(seat, x, y, v.to_move == seat.player))
        body.append(_middle(v, stock=(76, 110), trick=(630 - (70 * len(v.seats) - 10) / 2, 400),
                            info=(850, 40)))
    else:
        far, near = v.seats
        body += [
            _seat(far, 34, 46, 146, v.to_move == far.player),
            _middle(v),
            _seat(near, 606, 490, 390, v.to_move == near.player),
        ]
    return SvgWrapper(
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1"{dims} '
        f'viewBox="0 0 {width} {height}" font-family="{FONT}">' + "".join(body) + "</svg>"
    )


def card(c: int, *, size: int | None = CARD_W, face_down: bool = False) -> SvgWrapper:
    """An SVG picture of one card (``face_down``: its back); ``size`` its width in pixels.
    Every card drawn is a group of class ``card`` (its notation in ``data-card``) or ``back``."""
    dims = "" if size is None else f' width="{size}" height="{round(size * CARD_H / CARD_W)}"'
    drawing = _back(0, 0) if face_down else _face(c, 0, 0)
    return SvgWrapper(
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1"{dims} '
        f'viewBox="-1 -1 {CARD_W + 2} {CARD_H + 2}" font-family="{FONT}">{drawing}</svg>'
    )

