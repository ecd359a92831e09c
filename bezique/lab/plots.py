"""The figures of the house-rule lab (``bezique compare --plot DIR``), drawn with matplotlib
(``pip install 'bezique[lab]'``; imported only here, only when plotting).

`plot_comparison` writes four PNG files: ``points_by_source.png`` (mean points per deal by
source, profiles side by side), ``melds.png`` (how often each meld is declared per deal),
``differences.png`` (each profile's win-rate differences against the base with their 95%
intervals) and ``deal_scores.png`` (the distribution of a player's deal score).
`plot_ladder` draws a ladder's ratings with their 95% intervals (``bezique ladder --plot F``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bezique.errors import extra_missing
from bezique.lab.comparison import Comparison
from bezique.lab.ladder import Ladder

RATE_KEYS = ("game_win_p0", "game_win_first_dealer", "game_win_bot_a", "double_win", "rubicon",
             "deal_win_p0", "deal_win_dealer")
"""The rates whose differences ``differences.png`` shows, top to bottom."""

FILES = ("points_by_source.png", "melds.png", "differences.png", "deal_scores.png")
"""The files `plot_comparison` writes."""


def require_matplotlib() -> Any:
    """The ``matplotlib.pyplot`` module on the non-interactive Agg backend; `ExtraMissing`
    with the install hint when matplotlib is not installed."""
    try:
        import matplotlib
    except ImportError as error:
        raise extra_missing("--plot", "lab", error) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _subtitle(c: Comparison) -> str:
    flag = f", interrupted at {c.games} of {c.requested}" if c.interrupted else ""
    bots = f"bots {' vs '.join(c.bots)}"
    return f"{c.games} seeded games per profile{flag}, {bots}, seed {c.seed}"


def _grouped_bars(plt: Any, c: Comparison, prefix: str, title: str, xlabel: str,
                  path: Path) -> None:
    rows = [m for m in c.metrics if m.metric.key.startswith(prefix)]
    names = [m.metric.key.removeprefix(prefix).replace("_", " ") for m in rows]
    k = len(c.profiles)
    height = 0.8 / k
    fig, ax = plt.subplots(layout="constrained", figsize=(8, 2 + 0.25 * k * max(len(rows), 1)))
    for p, label in enumerate(c.profiles):
        ys = [i + (p - (k - 1) / 2) * height for i in range(len(rows))]
        values = [m.estimates[p].value for m in rows]
        errors = [[m.estimates[p].value - max(m.estimates[p].low, 0.0) for m in rows],
                  [m.estimates[p].high - m.estimates[p].value for m in rows]]
        ax.barh(ys, values, height=height, xerr=errors, capsize=2, label=label)
    ax.set_yticks(range(len(rows)), names)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(f"{title}\n{_subtitle(c)}", fontsize=10)
    fig.legend(title="profile", loc="outside lower center", ncols=min(k, 3))
    ax.grid(axis="x", alpha=0.3)
    fig.savefig(path, dpi=80)
    plt.close(fig)


def _differences(plt: Any, c: Comparison, path: Path) -> None:
    rows = [c.metric(key) for key in RATE_KEYS]
    k = len(c.profiles) - 1
    height = 0.7 / max(k, 1)
    fig, ax = plt.subplots(layout="constrained", figsize=(8, 2.5 + 0.4 * len(rows) * max(k, 1)))
    for p in range(k):
        ys = [i + (p - (k - 1) / 2) * height for i in range(len(rows))]
        values = [100 * m.differences[p].value for m in rows]
        errors = [[100 * (m.differences[p].value - m.differences[p].low) for m in rows],
                  [100 * (m.differences[p].high - m.differences[p].value) for m in rows]]
        ax.errorbar(values, ys, xerr=errors, fmt="o", capsize=4,
                    label=f"{c.profiles[p + 1]} minus {c.profiles[0]}")
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(rows)), [m.metric.label for m in rows])
    ax.invert_yaxis()
    ax.set_xlabel("difference in percentage points (dot), with its paired 95% interval (bar)")
    ax.set_title(f"How the rates change against the base, {c.profiles[0]}\n{_subtitle(c)}",
                 fontsize=10)
    fig.legend(loc="outside lower center", ncols=1)
    ax.grid(axis="x", alpha=0.3)
    fig.savefig(path, dpi=80)
    plt.close(fig)


def _deal_scores(plt: Any, c: Comparison, path: Path) -> None:
    fig, ax = plt.subplots(layout="constrained", figsize=(8, 4.5))
    scores = {p: [s for r in c.rows if r.profile == p for s in r.scores] for p in c.profiles}
    top = max((max(v) for v in scores.values() if v), default=1)
    bins = list(range(0, top + 20, 20))
    for p, values in scores.items():
        mean = sum(values) / len(values) if values else 0.0
        line = ax.hist(values, bins=bins, histtype="step", linewidth=1.5,
                       label=f"{p} (mean {mean:.0f})")
        ax.axvline(mean, linestyle="--", linewidth=1, color=line[2][0].get_edgecolor())
    ax.set_xlabel("a player's points in one deal (bins of 20; dashed: the mean)")
    ax.set_ylabel("player-deals")
    ax.set_title(f"Distribution of deal scores\n{_subtitle(c)}", fontsize=10)
    ax.legend(title="profile")
    ax.grid(alpha=0.3)
    fig.savefig(path, dpi=80)
    plt.close(fig)


def plot_comparison(c: Comparison, folder: Path) -> list[Path]:
    """Write the four figures of `FILES` into ``folder`` (created if needed); return their
    paths. `ExtraMissing` without matplotlib."""
    plt = require_matplotlib()
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in FILES]
    _grouped_bars(plt, c, "points:", "Mean points per deal by source (both players)",
                  "points per deal (bar: 95% interval, cut at 0)", paths[0])
    _grouped_bars(plt, c, "meld:", "How often each meld is declared",
                  "declarations per deal, both players (bar: 95% interval, cut at 0)", paths[1])
    _differences(plt, c, paths[2])
    _deal_scores(plt, c, paths[3])
    return paths


def plot_ladder(ladder: Ladder, path: Path) -> Path:
    """Write a ladder's ratings, best at the top, each with its 95% interval, as a PNG at
    ``path``; return it. `ExtraMissing` without matplotlib."""
    plt = require_matplotlib()
    rows = ladder.ratings
    fig, ax = plt.subplots(layout="constrained", figsize=(8, 1.5 + 0.45 * len(rows)))
    ys = range(len(rows))
    ax.errorbar([r.rating for r in rows], ys, capsize=4, fmt="o",
                xerr=[[r.rating - r.low for r in rows], [r.high - r.rating for r in rows]])
    ax.axvline(1000, color="black", linewidth=0.8)
    ax.set_yticks(ys, [r.bot for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel(f"rating (Bradley-Terry, Elo scale, {ladder.anchor} = 1000; bar: 95% interval)")
    flag = ", interrupted" if ladder.interrupted else ""
    ax.set_title(f"Ladder of {ladder.profile}: {ladder.requested} games a pair{flag}, seed "
                 f"{ladder.seed}", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return path
