"""Charts drawn on the server as inline SVG: no script, no image request.

Colours come from classes styled in ``static/css/scoresheet.css`` so the chart
follows the light and dark themes; each line also has its own dash pattern and a
name at its end, so colour is never the only clue.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from scoring.selectors import Board

WIDTH = 340
HEIGHT = 220
PAD_LEFT = 34
PAD_RIGHT = 78
PAD_TOP = 12
PAD_BOTTOM = 28
SERIES = 8
LABEL_GAP = 12


def progress_chart(board: Board) -> SafeString:
    """Each player's running total by hole, one line per player; empty before hole 1."""
    holes = board.holes_played
    if holes == 0:
        return mark_safe("")
    series = [row.running for row in board.rows]
    values = [0] + [v for line in series for v in line]
    low, high = min(values), max(values)
    if low == high:
        high = low + 1
    plot_w = WIDTH - PAD_LEFT - PAD_RIGHT
    plot_h = HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(hole: int) -> float:
        return PAD_LEFT + plot_w * hole / holes

    def y(value: int) -> float:
        return PAD_TOP + plot_h * (high - value) / (high - low)

    ends = [y(row.total) for row in board.rows]
    label_y = _spread(ends, gap=LABEL_GAP, low=PAD_TOP, high=HEIGHT - PAD_BOTTOM)
    lines = []
    for index, row in enumerate(board.rows):
        points = [(x(0), y(0))] + [(x(h), y(v)) for h, v in enumerate(row.running, start=1)]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        lines.append(
            format_html(
                '<g class="series series-{}"><polyline points="{}" fill="none"/>'
                '<text x="{}" y="{}">{} {}</text></g>',
                index % SERIES,
                path,
                f"{WIDTH - PAD_RIGHT + 4:.1f}",
                f"{label_y[index] + 4:.1f}",
                row.player.name[:9],
                row.total,
            )
        )
    grid = value_gridlines(sorted({low, 0, high}), y, left=PAD_LEFT, right=WIDTH - PAD_RIGHT)
    step = 1 if holes <= 9 else 3
    labels = format_html_join(
        "",
        '<text class="tick" x="{}" y="{}" text-anchor="middle">{}</text>',
        ((f"{x(h):.1f}", HEIGHT - 8, h) for h in range(1, holes + 1) if h % step == 0 or h == 1),
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-labelledby="chart-title">'
        '<title id="chart-title">Running totals after each of {} holes</title>{}{}{}</svg>',
        WIDTH,
        HEIGHT,
        holes,
        grid,
        labels,
        mark_safe("".join(lines)),
    )


def value_gridlines(
    ticks: Iterable[float], y: Callable[[float], float], *, left: float, right: float
) -> SafeString:
    """A faint horizontal line across the plot at each tick, its value at the left
    (classes ``axis`` and ``tick``, styled with the charts)."""
    return format_html_join(
        "",
        '<line class="axis" x1="{}" x2="{}" y1="{}" y2="{}"/>'
        '<text class="tick" x="{}" y="{}" text-anchor="end">{}</text>',
        (
            (left, right, f"{y(t):.1f}", f"{y(t):.1f}", left - 4, f"{y(t) + 4:.1f}", t)
            for t in ticks
        ),
    )


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
