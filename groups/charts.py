"""The player page's chart, drawn on the server as inline SVG (no script, no image
request). Colours come from CSS custom properties, so it follows light and dark."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from scoring.charts import value_gridlines

from .selectors import ChartPoint

WIDTH = 340
HEIGHT = 180
PAD_LEFT = 34
PAD_RIGHT = 12
PAD_TOP = 12
PAD_BOTTOM = 28


def average_chart(points: Sequence[ChartPoint]) -> SafeString:
    """Average hole score per period, as a line with a dot per period; empty when
    there is nothing to draw."""
    if not points:
        return mark_safe("")
    values = [p.average for p in points]
    low, high = min(min(values), 0.0), max(values)
    if high - low < 1:
        high = low + 1
    plot_w = WIDTH - PAD_LEFT - PAD_RIGHT
    plot_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    count = len(points)

    def x(index: int) -> float:
        return PAD_LEFT + (plot_w * index / (count - 1) if count > 1 else plot_w / 2)

    def y(value: float) -> float:
        return PAD_TOP + plot_h * (high - value) / (high - low)

    ticks = sorted({round(low), 0, round(high)})
    grid = value_gridlines(ticks, y, left=PAD_LEFT, right=WIDTH - PAD_RIGHT)
    line = " ".join(f"{x(i):.1f},{y(p.average):.1f}" for i, p in enumerate(points))
    dots = format_html_join(
        "",
        '<circle class="chart__dot" cx="{}" cy="{}" r="3"><title>{}: {} over {} holes</title>'
        "</circle>",
        (
            (f"{x(i):.1f}", f"{y(p.average):.1f}", p.label, f"{p.average:.2f}", p.holes)
            for i, p in enumerate(points)
        ),
    )
    shown = {0, count - 1} | ({count // 2} if count > 4 else set(range(count)))

    def anchor(index: int) -> str:
        if count == 1:
            return "middle"
        return "start" if index == 0 else "end" if index == count - 1 else "middle"

    labels = format_html_join(
        "",
        '<text x="{}" y="{}" text-anchor="{}">{}</text>',
        ((f"{x(i):.1f}", HEIGHT - 8, anchor(i), points[i].label) for i in sorted(shown)),
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-labelledby="average-title">'
        '<title id="average-title">Average hole score, {} to {}</title>{}'
        '<polyline class="chart__line" points="{}"/>{}{}</svg>',
        WIDTH,
        HEIGHT,
        points[0].label,
        points[-1].label,
        grid,
        line,
        dots,
        labels,
    )
