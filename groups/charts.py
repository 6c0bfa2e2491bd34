"""The player page's charts, drawn on the server as inline SVG (no script, no image
request): placed here, written by ``groups/_average_chart.html`` and
``groups/_rating_chart.html`` (both ``groups/_line_chart.html`` with their own words).
Colours come from CSS custom properties, so they follow light and dark.

Drawn for a phone first: at 360 px the chart is about 328 px wide, close to its
340 units, so its text (``FONT`` units) shows at about 13.5 px. The value axis runs
from the line at or below the lowest average (or 0) to the line at or above the
highest, so every dot sits between its top and bottom lines; the dates along the
bottom are thinned out until none of them crowd another."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Generic, TypeVar

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from scoring.charts import Gridline, value_gridlines

from .formats import points
from .selectors import ChartPoint, RatingPoint

#: What a chart's dots are: a :class:`Dot` or a :class:`RatingDot`.
DotT = TypeVar("DotT")

WIDTH = 340
HEIGHT = 190
PAD_LEFT = 40
PAD_RIGHT = 12
PAD_TOP = 12
PAD_BOTTOM = 32
#: Dots stay this far inside the plot's left and right edges, so none is cut in half.
INSET = 8
DOT_RADIUS = 3
#: The size of every label, in the chart's units (about 13.5 px at 360 px wide).
FONT = 14
#: A generous average width of a character, in ems, for deciding which dates fit:
#: wider than the digits and most letters of the sans-serif fonts phones use.
CHAR_WIDTH = 0.65
#: The least room left between two dates along the bottom.
LABEL_GAP = 8
#: About as many steps up the value axis as there are lines to show them by.
STEPS = 5


@dataclass(frozen=True)
class Dot:
    """A period's average, where it is drawn."""

    x: float
    y: float
    label: str
    average: float
    holes: int


@dataclass(frozen=True)
class DateLabel:
    """A period's date along the bottom, anchored at ``x`` by its start, middle or end."""

    x: float
    anchor: str
    text: str


@dataclass(frozen=True)
class LineChart(Generic[DotT]):
    """Everything a line chart draws, in the chart's units: the average chart's dots
    are :class:`Dot`, the rating chart's :class:`RatingDot`. ``name`` tells the two
    apart in the page (its title's id)."""

    name: str
    first: str
    last: str
    gridlines: list[Gridline]
    line: str
    dots: list[DotT]
    dates: list[DateLabel]
    width: int = WIDTH
    height: int = HEIGHT
    font: int = FONT
    dot_radius: int = DOT_RADIUS
    date_y: int = HEIGHT - 8


def average_chart(chart: Sequence[ChartPoint]) -> SafeString:
    """Average hole score per period, as a line with a dot per period; empty when
    there is nothing to draw. Drawn by ``groups/_average_chart.html``."""
    if not chart:
        return SafeString("")
    plot = _plot(
        [p.average for p in chart],
        [p.label for p in chart],
        left=PAD_LEFT,
        zero=True,
        tick_label=lambda tick: points(int(tick)),
    )
    drawn = LineChart(
        name="average",
        first=chart[0].label,
        last=chart[-1].label,
        gridlines=plot.gridlines,
        line=plot.line,
        dots=[
            Dot(x, y, p.label, p.average, p.holes)
            for (x, y), p in zip(plot.spots, chart, strict=True)
        ],
        dates=plot.dates,
    )
    return render_to_string("groups/_average_chart.html", {"chart": drawn})


@dataclass(frozen=True)
class Plot:
    """A line of values over periods, placed in the chart's units: a spot per value,
    the value axis's lines, the line through the spots and the dates that fit."""

    spots: list[tuple[float, float]]
    gridlines: list[Gridline]
    line: str
    dates: list[DateLabel]


def _plot(
    values: Sequence[float],
    labels: Sequence[str],
    *,
    left: int,
    zero: bool,
    tick_label: Callable[[float], str],
) -> Plot:
    """Place ``values`` (one per period, named by ``labels``) left to right between
    ``left`` and the right padding, on a value axis from ``value_scale``."""
    low, high, step = value_scale(values, zero=zero)
    plot_w = WIDTH - left - PAD_RIGHT - 2 * INSET
    plot_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    count = len(values)
    xs = [
        left + INSET + (plot_w * i / (count - 1) if count > 1 else plot_w / 2) for i in range(count)
    ]

    def y(value: float) -> float:
        return PAD_TOP + plot_h * (high - value) / (high - low)

    spots = [(round(x, 1), round(y(value), 1)) for x, value in zip(xs, values, strict=True)]
    return Plot(
        spots=spots,
        gridlines=value_gridlines(
            range(low, high + step, step),
            y,
            left=left,
            right=WIDTH - PAD_RIGHT,
            label=tick_label,
            baseline=FONT * 0.35,  # the digits centred on their line
        ),
        line=" ".join(f"{x},{y}" for x, y in spots),
        dates=[
            DateLabel(round(xs[i], 1), _anchor(i, count), labels[i])
            for i in date_labels(labels, xs)
        ],
    )


def value_scale(values: Sequence[float], *, zero: bool = True) -> tuple[int, int, int]:
    """The value axis for ``values``: its lowest and highest lines and the step
    between lines, whole numbers. It takes in every value, and 0 unless ``zero``
    is false, and steps by 1, 2 or 5 times a power of ten, about ``STEPS`` steps
    in all."""
    low, high = min(values), max(values)
    if zero:
        low, high = min(0.0, low), max(0.0, high)
    raw = max((high - low) / STEPS, 1.0)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    bottom = math.floor(low / step) * step
    top = math.ceil(high / step) * step
    if top == bottom:
        top = bottom + step
    return int(bottom), int(top), int(step)


def label_width(text: str) -> float:
    """About how wide ``text`` is drawn, in the chart's units (generously)."""
    return len(text) * FONT * CHAR_WIDTH


def date_labels(labels: Sequence[str], xs: Sequence[float]) -> list[int]:
    """Which points' dates to write along the bottom: the first and the last, and
    every ``n``-th between them for the smallest ``n`` that leaves at least
    ``LABEL_GAP`` between any two (the one before the last left out if it alone
    would crowd it)."""
    count = len(labels)
    if count == 1:
        return [0]

    def fits(chosen: Sequence[int]) -> bool:
        return all(
            _extent(labels, xs, a)[1] + LABEL_GAP <= _extent(labels, xs, b)[0]
            for a, b in pairwise(chosen)
        )

    for every in range(1, count):
        chosen = [*range(0, count - 1, every), count - 1]
        if len(chosen) > 2 and not fits(chosen[-2:]):
            del chosen[-2]
        if fits(chosen):
            return chosen
    return [0]


def _anchor(index: int, count: int) -> str:
    if count == 1:
        return "middle"
    return "start" if index == 0 else "end" if index == count - 1 else "middle"


def _extent(labels: Sequence[str], xs: Sequence[float], index: int) -> tuple[float, float]:
    """Where the label of point ``index`` starts and ends along the bottom."""
    width = label_width(labels[index])
    anchor = _anchor(index, len(labels))
    left = xs[index] - {"start": 0, "middle": width / 2, "end": width}[anchor]
    return left, left + width


# -- the rating chart ------------------------------------------------------------------

#: Room at the left for four-digit ratings.
RATING_PAD_LEFT = 46


@dataclass(frozen=True)
class RatingDot:
    """A period's closing rating, where it is drawn."""

    x: float
    y: float
    label: str
    rating: int
    matches: int


def rating_chart(chart: Sequence[RatingPoint]) -> SafeString:
    """A player's rating at the end of each period, as a line with a dot per period;
    empty when there is nothing to draw. The axis spans the ratings shown, not
    from 0: a rating is read against the others, near 1000. Drawn by
    ``groups/_rating_chart.html``."""
    if not chart:
        return SafeString("")
    plot = _plot(
        [p.rating for p in chart],
        [p.label for p in chart],
        left=RATING_PAD_LEFT,
        zero=False,
        tick_label=lambda tick: str(int(tick)),
    )
    drawn = LineChart(
        name="rating",
        first=chart[0].label,
        last=chart[-1].label,
        gridlines=plot.gridlines,
        line=plot.line,
        dots=[
            RatingDot(x, y, p.label, p.rating, p.matches)
            for (x, y), p in zip(plot.spots, chart, strict=True)
        ],
        dates=plot.dates,
    )
    return render_to_string("groups/_rating_chart.html", {"chart": drawn})
