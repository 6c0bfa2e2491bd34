"""The group pages at 360 px, light and dark, as a phone draws them: nothing but a
link is underlined, a refused roster name is shown beside its field (kept, focused
and in view), and the player's chart has every dot inside its plot and every label
at least 12.5 px and clear of the others."""

import datetime
import uuid

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from groups import services
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.models import Match
from scoring.services import HoleEntry

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-pass-phrase-9"
NAMES = ["Ann", "Bob", "Cy", "Dee"]
#: Each match's hole scores, one row per player in NAMES: negative scores, a tie
#: and an average that lands on a half at the top of the chart.
TABLES = [
    [[3, 5, 7], [4, 4, 4], [6, 2, 9], [8, 8, 1]],
    [[-2, -1, 0], [5, 6, 7], [3, 3, 3], [4, 9, 2]],
    [[9, 8, 8], [2, 2, 2], [6, 6, 6], [7, 1, 3]],
    [[1, 1, 1], [1, 1, 1], [5, 5, 5], [6, 7, 8]],
]


@pytest.fixture
def season():
    """olive's group, four players and a dozen finished matches four days apart."""
    owner = User.objects.create_user("olive", password=PASSWORD)
    group = services.group_create(owner=owner, name="Friday golf")
    start = datetime.datetime(2026, 9, 1, 20, tzinfo=datetime.UTC)
    for n in range(12):
        table = TABLES[n % len(TABLES)]
        match = services.group_match_create(
            group=group,
            by=owner,
            picked=[],
            new_names=NAMES,
            first_dealer=0,
            rules=RuleSet(holes=3),
        )
        # Dated before any hole, so the players' records count each on its own day.
        Match.objects.filter(pk=match.pk).update(created_at=start + datetime.timedelta(days=4 * n))
        match.refresh_from_db()
        for hole in range(3):
            scoring_services.hole_record(
                match=match,
                entry=HoleEntry(kind="totals", totals=tuple(row[hole] for row in table)),
                token=uuid.uuid4(),
                number=hole + 1,
            )
        match.refresh_from_db()
        if not match.is_finished:
            scoring_services.match_end(match=match)
    return group


def phone(browser, live_server, scheme):
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", "olive")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**" + reverse("groups:list"))
    return context, page


#: Text drawn underlined that is not inside a link, as "tag: text".
UNDERLINED_NON_LINKS = """
() => [...document.querySelectorAll("main *")]
  .filter((el) => getComputedStyle(el).textDecorationLine.includes("underline"))
  .filter((el) => !el.closest("a"))
  .map((el) => `${el.tagName}: ${el.textContent.trim().slice(0, 40)}`)
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_only_links_are_underlined_on_the_group_pages(
    browser, live_server, season, scheme, screenshot_dir
):
    context, page = phone(browser, live_server, scheme)
    for name, url in [
        ("group", reverse("groups:detail", args=[season.pk])),
        ("history", reverse("groups:history", args=[season.pk])),
    ]:
        page.goto(live_server.url + url)
        assert page.locator(".history__winner").count() > 0
        assert page.evaluate(UNDERLINED_NON_LINKS) == [], (scheme, name)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.screenshot(path=screenshot_dir / f"review-{name}-{scheme}.png", full_page=True)
    context.close()


def test_a_refused_name_is_beside_its_field_focused_and_in_view(browser, live_server, season):
    context, page = phone(browser, live_server, "light")
    page.goto(live_server.url + reverse("groups:detail", args=[season.pk]))
    page.fill("#id_name", "ann")
    page.get_by_role("button", name="Add", exact=True).click()
    page.wait_for_load_state()
    field = page.locator("#id_name")
    assert field.input_value() == "ann"
    assert field.get_attribute("aria-invalid") == "true"
    assert page.evaluate("document.activeElement.id") == "id_name"
    error = page.locator("#" + field.get_attribute("aria-describedby"))
    assert error.inner_text().strip() == "Ann is already on the roster."
    # The reason and the field are both on the screen, without scrolling.
    for element in (error, field):
        box = element.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 740
    assert page.locator(".messages").count() == 0
    assert list(season.roster.values_list("name", flat=True)) == NAMES
    context.close()


#: Each label of the chart: its text, its box on the screen, and its size in
#: pixels as drawn (the font size scaled with the chart); and the plot's top and
#: bottom lines and every dot's centre, on the screen.
CHART = """
() => {
  const svg = document.querySelector("svg.chart");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const labels = [...svg.querySelectorAll("text")].map((t) => {
    const r = t.getBoundingClientRect();
    return {
      text: t.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom,
      px: parseFloat(getComputedStyle(t).fontSize) * scale,
    };
  });
  const ys = [...svg.querySelectorAll("line")].map((l) => l.getBoundingClientRect().top);
  const dots = [...svg.querySelectorAll("circle")].map((c) => {
    const r = c.getBoundingClientRect();
    return (r.top + r.bottom) / 2;
  });
  const box = svg.getBoundingClientRect();
  return {labels, dots, top: Math.min(...ys), bottom: Math.max(...ys),
          svg: {left: box.left, top: box.top, right: box.right, bottom: box.bottom}};
}
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_chart_is_readable_on_a_phone(browser, live_server, season, scheme, screenshot_dir):
    context, page = phone(browser, live_server, scheme)
    for name in NAMES:
        player = season.roster.get(name=name)
        page.goto(live_server.url + reverse("groups:player", args=[season.pk, player.pk]))
        chart = page.evaluate(CHART)
        assert len(chart["dots"]) == 12, name
        for y in chart["dots"]:
            assert chart["top"] - 0.5 <= y <= chart["bottom"] + 0.5, (name, y, chart)
        labels = chart["labels"]
        assert len(labels) >= 4
        for label in labels:
            assert label["px"] >= 12.5, (name, label)
            assert label["left"] >= chart["svg"]["left"] - 0.5
            assert label["right"] <= chart["svg"]["right"] + 0.5
            assert label["top"] >= chart["svg"]["top"] - 0.5
            assert label["bottom"] <= chart["svg"]["bottom"] + 0.5
        for n, a in enumerate(labels):
            for b in labels[n + 1 :]:
                apart = (
                    a["right"] <= b["left"]
                    or b["right"] <= a["left"]
                    or a["bottom"] <= b["top"]
                    or b["bottom"] <= a["top"]
                )
                assert apart, (name, a, b)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        if name == "Ann":
            page.screenshot(path=screenshot_dir / f"review-player-{scheme}.png", full_page=True)
    context.close()
