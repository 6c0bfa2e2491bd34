"""Charts drawn on the server as inline SVG: no script, no image request.

The functions here work out where everything goes, as plain data; the templates
(``scoring/_progress_chart.html``, ``scoring/_gridlines.html``) write the SVG.
Colours come from classes styled in ``static/css/scoresheet.css`` so the chart
follows the light and dark themes; each line also has its own dash pattern and a
name at its end, so colour is never the only clue.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

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


@dataclass(frozen=True)
class Gridline:
    """A faint line across the plot from ``left`` to ``right`` at height ``y``, its
    value written at ``(label_x, label_y)``."""

    left: float
    right: float
    y: float
    label: str
    label_x: float
    label_y: float


@dataclass(frozen=True)
class Tick:
    """A hole number along the bottom."""

    x: float
    hole: int


@dataclass(frozen=True)
class Line:
    """A player's running total: the polyline's points as SVG writes them, and the
    label at its end. ``series`` picks the colour and dash pattern (0 to 7)."""

    series: int
    points: str
    label: str
    label_y: float


@dataclass(frozen=True)
class ProgressChart:
    """Everything the progress chart draws, in the chart's units."""

    holes: int
    gridlines: list[Gridline]
    ticks: list[Tick]
    lines: list[Line]
    label_x: float
    width: int = WIDTH
    height: int = HEIGHT
    tick_y: int = HEIGHT - 8


def progress_chart(board: Board) -> SafeString:
    """Each player's running total by hole, one line per player; empty before hole 1."""
    holes = board.holes_played
    if holes == 0:
        return SafeString("")
    low = min(0, *(min(row.running) for row in board.rows))
    high = max(0, *(max(row.running) for row in board.rows))
    if low == high:
        high = low + 1
    span = high - low
    plot_w = WIDTH - PAD_LEFT - PAD_RIGHT
    plot_h = HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(hole: int) -> float:
        return round(PAD_LEFT + plot_w * hole / holes, 1)

    def y(value: float) -> float:
        return PAD_TOP + plot_h * (high - value) / span

    xs = [x(hole) for hole in range(holes + 1)]
    label_y = _spread(
        [y(row.total) for row in board.rows], gap=LABEL_GAP, low=PAD_TOP, high=HEIGHT - PAD_BOTTOM
    )
    lines = []
    for index, row in enumerate(board.rows):
        path = [(xs[0], y(0)), *((xs[hole], y(v)) for hole, v in enumerate(row.running, start=1))]
        lines.append(
            Line(
                series=index % SERIES,
                points=" ".join(f"{px},{py:.1f}" for px, py in path),
                label=_label(row),
                label_y=round(label_y[index] + 4, 1),
            )
        )
    step = 1 if holes <= 9 else 3
    chart = ProgressChart(
        holes=holes,
        gridlines=value_gridlines(
            sorted({low, 0, high}), y, left=PAD_LEFT, right=WIDTH - PAD_RIGHT, label=_whole
        ),
        ticks=[
            Tick(xs[hole], hole) for hole in range(1, holes + 1) if hole % step == 0 or hole == 1
        ],
        lines=lines,
        label_x=float(WIDTH - PAD_RIGHT + 4),
    )
    return render_to_string("scoring/_progress_chart.html", {"chart": chart})


#: Characters that fit beside the plot (PAD_RIGHT) at the chart's type size.
LABEL_CHARS = 11
#: What isolates a name inside a line of plain text, as ``<bdi>`` does in HTML.
FSI, PDI = "\u2068", "\u2069"


def _label(row: PlayerRow) -> str:
    """A line's label: its player's name, cut to leave room for the total ("Barthol…
    193"). SVG text cannot hold a ``<bdi>``: the name sits between FIRST STRONG
    ISOLATE and POP DIRECTIONAL ISOLATE instead, so a right-to-left name keeps its
    total after it."""
    total = points(int(row.total))
    name = _short(row.player.name, LABEL_CHARS - 1 - len(total))
    return f"{FSI}{name}{PDI} {total}"


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
) -> list[Gridline]:
    """A gridline at each tick, its value at the left written by ``label`` and set
    ``baseline`` below the line (drawn by ``scoring/_gridlines.html``)."""
    return [
        Gridline(
            left=left,
            right=right,
            y=round(y(tick), 1),
            label=label(tick),
            label_x=left - 4,
            label_y=round(y(tick) + baseline, 1),
        )
        for tick in ticks
    ]


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
