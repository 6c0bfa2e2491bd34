"""Ratings on a 360 px phone, light and dark: the group's leaderboard fits the
screen with every number in view, and a player's rating chart keeps every dot
inside its plot and every label readable, inside the chart and clear of the others."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from groups.models import Rating

from .conftest import NAMES
from .helpers import WIDTH, phone
from .test_groups_pages import CHART

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_leaderboard_fits_a_phone(browser, live_server, season, scheme, screenshot_dir):
    context, page = phone(browser, live_server, "olive", scheme=scheme)
    page.goto(live_server.url + reverse("groups:detail", args=[season.pk]))
    heading = page.get_by_role("heading", name="Ratings", exact=True)
    expect(heading).to_be_visible()
    # Twelve matches of four bring every uncertainty below the threshold: all settled.
    board = page.get_by_role("table", name="Ratings", exact=True)
    expect(board.get_by_role("row")).to_have_count(1 + len(NAMES))
    best = Rating.objects.filter(group=season).order_by("-played_at", "-shown").first()
    assert best is not None
    expect(board.get_by_role("row").nth(1)).to_contain_text(str(best.shown))
    for cell in board.locator("td").all():
        box = cell.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, cell.text_content()
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    board.scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / f"ratings-board-{scheme}.png")
    context.close()


#: The rating chart alone: the same measures as the average chart's test, on the
#: page's second chart.
RATING_CHART = CHART.replace(
    'document.querySelector("svg.chart")',
    'document.querySelector("svg[aria-labelledby=rating-title]")',
)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_rating_chart_is_readable_on_a_phone(
    browser, live_server, season, scheme, screenshot_dir
):
    context, page = phone(browser, live_server, "olive", scheme=scheme)
    ann = season.roster.get(name="Ann")
    page.goto(live_server.url + reverse("groups:player", args=[season.pk, ann.pk]))
    svg = page.locator("svg[aria-labelledby=rating-title]")
    expect(svg).to_be_visible()
    chart = page.evaluate(RATING_CHART)
    assert len(chart["dots"]) == 12
    for y in chart["dots"]:
        assert chart["top"] - 0.5 <= y <= chart["bottom"] + 0.5, (y, chart)
    labels = chart["labels"]
    assert len(labels) >= 4
    for label in labels:
        assert label["px"] >= 12.5, label
        assert chart["svg"]["left"] - 0.5 <= label["left"]
        assert label["right"] <= chart["svg"]["right"] + 0.5
        assert chart["svg"]["top"] - 0.5 <= label["top"]
        assert label["bottom"] <= chart["svg"]["bottom"] + 0.5
    for n, a in enumerate(labels):
        for b in labels[n + 1 :]:
            apart = (
                a["right"] <= b["left"]
                or b["right"] <= a["left"]
                or a["bottom"] <= b["top"]
                or b["bottom"] <= a["top"]
            )
            assert apart, (a, b)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    svg.scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / f"ratings-chart-{scheme}.png")
    context.close()
