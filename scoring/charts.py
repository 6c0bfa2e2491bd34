"""Charts drawn on the server as inline SVG: no script, no image request.

Colours come from classes styled in ``static/css/scoresheet.css`` so the chart
follows the light and dark themes; each line also has its own dash pattern and a
name at its end, so colour is never the only clue.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from golfsite.numbers import points
from scoring.selectors import Board, PlayerRow

WIDTH = 340
HEIGHT = 220
PAD_LEFT = 34
PAD_RIGHT = 78
PAD_TOP = 12
PAD_BOTTOM = 28
SERIES = 8
LABEL_GAP = 12


def progress_chart(board: Board) -> SafeString:
    """Each player's running total by hole, one line per player; empty before hole 1.

    Drawn after every saved hole, so built from plain strings: each name is
    escaped, everything else is a number."""
    holes = board.holes_played
    if holes == 0:
        return mark_safe("")
    low = min(0, *(min(row.running) for row in board.rows))
    high = max(0, *(max(row.running) for row in board.rows))
    if low == high:
        high = low + 1
    span = high - low
    plot_w = WIDTH - PAD_LEFT - PAD_RIGHT
    plot_h = HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(hole: int) -> float:
        return PAD_LEFT + plot_w * hole / holes

    def y(value: int) -> float:
        return PAD_TOP + plot_h * (high - value) / span

    # Every line passes through the same x positions: each is formatted once.
    xs = [f"{x(hole):.1f}" for hole in range(holes + 1)]
    start = f"{xs[0]},{y(0):.1f}"
    label_y = _spread(
        [y(row.total) for row in board.rows], gap=LABEL_GAP, low=PAD_TOP, high=HEIGHT - PAD_BOTTOM
    )
    label_x = f"{WIDTH - PAD_RIGHT + 4:.1f}"
    lines = []
    for index, row in enumerate(board.rows):
        path = " ".join(
            [start, *[f"{xs[hole]},{y(v):.1f}" for hole, v in enumerate(row.running, start=1)]]
        )
        lines.append(
            f'<g class="series series-{index % SERIES}"><polyline points="{path}" fill="none"/>'
            f'<text x="{label_x}" y="{label_y[index] + 4:.1f}">{_label(row)}</text></g>'
        )
    grid = value_gridlines(
        sorted({low, 0, high}), y, left=PAD_LEFT, right=WIDTH - PAD_RIGHT, label=_whole
    )
    step = 1 if holes <= 9 else 3
    labels = "".join(
        f'<text class="tick" x="{xs[hole]}" y="{HEIGHT - 8}" text-anchor="middle">{hole}</text>'
        for hole in range(1, holes + 1)
        if hole % step == 0 or hole == 1
    )
    return mark_safe(  # noqa: S308 - names are escaped above; everything else is numbers
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"'
        ' aria-labelledby="chart-title">'
        f'<title id="chart-title">Running totals after each of {holes} holes</title>'
        f"{grid}{labels}{''.join(lines)}</svg>"
    )


#: Characters that fit beside the plot (PAD_RIGHT) at the chart's type size.
LABEL_CHARS = 11


def _label(row: PlayerRow) -> str:
    """A line's label: its player's name, cut to leave room for the total ("Barthol…
    193"), then escaped."""
    total = points(int(row.total))
    return f"{escape(_short(row.player.name, LABEL_CHARS - 1 - len(total)))} {total}"


def _short(name: str, most: int = 9) -> str:
    """A name as it fits beside the chart: cut to ``most`` characters, the cut
    shown by an ellipsis ("Bartholo…"), so it never reads as another name."""
    return name if len(name) <= most else name[: most - 1] + "\u2026"


def value_gridlines(
    ticks: Iterable[float],
    y: Callable[[float], float],
    *,
    left: float,
    right: float,
    label: Callable[[float], str] = str,
    baseline: float = 4,
) -> SafeString:
    """A faint horizontal line across the plot at each tick, its value at the left
    (classes ``axis`` and ``tick``, styled with the charts), written by ``label`` and
    set ``baseline`` below the line. Every value is a number, so nothing needs
    escaping."""
    lines = []
    for tick in ticks:
        at = y(tick)
        lines.append(
            f'<line class="axis" x1="{left}" x2="{right}" y1="{at:.1f}" y2="{at:.1f}"/>'
            f'<text class="tick" x="{left - 4}" y="{at + baseline:.1f}" text-anchor="end">'
            f"{label(tick)}</text>"
        )
    return mark_safe("".join(lines))  # noqa: S308 - numbers only


def _whole(value: float) -> str:
    return points(int(value))


def _spread(positions: list[float], *, gap: float, low: float, high: float) -> list[float]:
    """Move label positions apart so no two are closer than ``gap``, keeping their order."""
    order = sorted(range(len(positions)), key=lambda i: positions[i])
    placed = [0.0] * len(positions)
    previous = low - gap
    for i in order:
        placed[i] = max(positions[i], previous + gap)
        previous = placed[i]
    overflow = previous - high
    if overflow > 0:
        for i in order:
            placed[i] -= overflow
    return placed
