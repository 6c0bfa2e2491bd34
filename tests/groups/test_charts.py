"""A player's average chart as a phone draws it (360 px): every dot inside the plot,
zero on the axis, negative values with a real minus, labels at least 13 px, inside
the chart and clear of each other, and a scale that takes in every value."""

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from groups import charts
from groups.charts import average_chart
from groups.selectors import ChartPoint
from tests.patterns import css_rules

MINUS = "\u2212"
GROUPS_CSS = Path(__file__).resolve().parents[2] / "groups/static/groups/groups.css"

#: How wide the chart is drawn at 360 px: the page's 1rem padding on each side.
PHONE_WIDTH = 360 - 2 * 16


def chart_of(averages, labels=None):
    labels = labels or [f"{n + 1} Mar" for n in range(len(averages))]
    points = [ChartPoint(label, value, 9) for label, value in zip(labels, averages, strict=True)]
    return ET.fromstring(str(average_chart(points)))


def tag(element):
    return element.tag.rsplit("}", 1)[-1]


def plot_area(svg):
    lines = [e for e in svg.iter() if tag(e) == "line"]
    ys = [float(line.get("y1")) for line in lines]
    return (
        min(float(line.get("x1")) for line in lines),
        max(float(line.get("x2")) for line in lines),
        min(ys),
        max(ys),
    )


CHARTS = {
    "rounded down at the top": [4.0, 8.4],
    "a half at the top": [8.5, 3.25],
    "negative": [-1.5, 2.0, -3.4],
    "all negative": [-2.6, -0.4],
    "just below zero": [-0.6, 0.5],
    "one point": [5.83],
    "level": [0.0, 0.0],
    "large": [12.5, 27.2, 31.9],
    "many": [4 + (n % 7) * 0.9 for n in range(48)],
}


@pytest.mark.parametrize("name", CHARTS)
def test_every_dot_is_inside_the_plot(name):
    svg = chart_of(CHARTS[name])
    left, right, top, bottom = plot_area(svg)
    circles = [e for e in svg.iter() if tag(e) == "circle"]
    assert len(circles) == len(CHARTS[name])
    for circle in circles:
        assert left <= float(circle.get("cx")) <= right, name
        assert top <= float(circle.get("cy")) <= bottom, name
    # Zero is always on the axis, and in the plot.
    ticks = [e.text for e in svg.iter() if tag(e) == "text" and e.get("class") == "tick"]
    assert "0" in ticks


def test_the_axis_writes_negative_values_with_a_real_minus():
    svg = chart_of([-1.5, 2.0, -3.4])
    ticks = [e.text for e in svg.iter() if tag(e) == "text" and e.get("class") == "tick"]
    assert f"{MINUS}4" in ticks and "-4" not in ticks


def test_labels_are_at_least_13_px_on_a_phone():
    svg = chart_of([4.0, 8.4])
    width = float(svg.get("viewBox").split()[2])
    size = float(svg.get("font-size"))
    assert size * PHONE_WIDTH / width >= 13
    assert all(text.get("font-size") is None for text in svg.iter() if tag(text) == "text")
    # And no style sheet of the group pages shrinks them again.
    for selectors, body in css_rules(GROUPS_CSS):
        if ".chart" in selectors:
            assert "font-size" not in body, selectors


def font_size(svg):
    """The labels' size, in the chart's units (11 where the chart left it to the
    style sheet, as it did)."""
    return float(svg.get("font-size", 11))


def extent(text, size):
    """Where a label runs along the bottom, at 0.6 em a character."""
    width = len(text.text) * size * 0.6
    x = float(text.get("x"))
    shift = {"start": 0, "middle": width / 2, "end": width}[text.get("text-anchor")]
    return x - shift, x - shift + width


MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


LABELS = {
    "days": lambda n: [f"{1 + k % 28} {'Mar' if k < 28 else 'Apr'}" for k in range(n)],
    "months": lambda n: [f"{MONTHS[k % 12]} {2020 + k // 12}" for k in range(n)],
    "years": lambda n: [str(2000 + k) for k in range(n)],
}


@pytest.mark.parametrize("kind", LABELS)
@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 6, 9, 13, 25, 50])
def test_dates_along_the_bottom_never_touch(kind, count):
    labels = LABELS[kind](count)
    svg = chart_of([5.0] * count, labels)
    size = font_size(svg)
    width = float(svg.get("viewBox").split()[2])
    bottom = [e for e in svg.iter() if tag(e) == "text" and e.get("class") is None]
    assert bottom, "at least one date"
    assert bottom[0].text == labels[0]  # the first is always dated
    spans = sorted(extent(text, size) for text in bottom)
    for (_, right), (left, _) in zip(spans, spans[1:], strict=False):
        assert left - right >= 0.25 * size, (kind, count)
    assert spans[0][0] >= 0 and spans[-1][1] <= width
    if count > 1:
        assert bottom[-1].text == labels[-1]  # the latest is always dated


def test_values_up_the_side_never_touch():
    for averages in CHARTS.values():
        svg = chart_of(averages)
        size = font_size(svg)
        ys = sorted(
            float(e.get("y")) for e in svg.iter() if tag(e) == "text" and e.get("class") == "tick"
        )
        assert all(b - a >= size * 1.2 for a, b in zip(ys, ys[1:], strict=False)), averages


def box(text, size):
    """The box a label is drawn in, at 0.6 em a character, 0.8 em above its baseline
    and 0.2 em below."""
    left, right = extent(text, size)
    y = float(text.get("y"))
    return left, y - 0.8 * size, right, y + 0.2 * size


@pytest.mark.parametrize("name", CHARTS)
def test_every_label_is_inside_the_chart_and_clear_of_the_others(name):
    svg = chart_of(CHARTS[name])
    size = font_size(svg)
    _, _, width, height = (float(v) for v in svg.get("viewBox").split())
    boxes = [box(e, size) for e in svg.iter() if tag(e) == "text"]
    for left, top, right, bottom in boxes:
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, name
    for n, a in enumerate(boxes):
        for b in boxes[n + 1 :]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (name, a, b)


def test_the_scale_takes_in_zero_and_every_value():
    for values in CHARTS.values():
        low, high, step = charts.value_scale(values)
        assert low <= min(0, *values) and high >= max(0, *values)
        assert low % step == 0 and high % step == 0
        assert 2 <= (high - low) // step + 1 <= 8
