"""The score card on a 360 px phone: a column per player and a row per hole, so a
9-hole match of four is read whole without scrolling sideways; eight players scroll
beside the holes' numbers, and say so. Screenshots of the card after nine holes,
light and dark, are kept as test artifacts."""

import uuid

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring import services
from scoring.engine import RuleSet

from .helpers import WIDTH, keep

pytestmark = pytest.mark.django_db(transaction=True)

FOUR = ("Annabel", "Bartholomew", "Cy", "Dee-Dee Ramone")
GRIDS = (
    ("8 5 7 / 8 3 9", "K 5 J / K 5 2", "A 2 3 / 4 6 6", "Q Q Q / J 10 9"),
    ("2 2 A / 3 3 A", "9 9 9 / 8 8 8", "K Q J / 10 9 8", "5 5 4 / 5 5 4"),
    ("A A 7 / A A 6", "7 8 9 / 10 J Q", "2 3 4 / 2 3 4", "6 7 8 / 9 10 J"),
)


def four_player_match(played=9):
    match = services.match_create(names=list(FOUR), first_dealer=0, rules=RuleSet(holes=9))
    for number in range(1, played + 1):
        services.hole_record(
            match=match,
            entry=services.HoleEntry(kind="grids", grids=GRIDS[number % 3], went_out=number % 4),
            token=uuid.uuid4(),
            number=number,
        )
    return match


#: How each part of the card lies, in the page's pixels.
LAYOUT = """
(wrap) => {
  const box = (el) => el.getBoundingClientRect();
  const table = wrap.querySelector("table");
  return {
    wrap: box(wrap).toJSON(),
    overflow: wrap.scrollWidth - wrap.clientWidth,
    table: box(table).toJSON(),
    cells: [...table.querySelectorAll("th, td")].map((cell) => box(cell).toJSON()),
    clipped: [...table.querySelectorAll("th, td")]
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => cell.textContent),
  };
}
"""

#: The contrast of every cell's text on its own background (the card's where the
#: cell's is transparent).
CELL_CONTRASTS = """
(wrap) => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || c[3] > 0) return c;
    }
    return [255, 255, 255];
  };
  return [...wrap.querySelectorAll("th, td, .tag")].map((el) => {
    const a = lum(rgb(getComputedStyle(el).color)), b = lum(background(el));
    return [el.textContent.trim(), (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
  });
}
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_nine_hole_card_of_four_players_is_read_whole_on_a_phone(
    browser, live_server, scheme, screenshot_dir
):
    match = four_player_match()
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
    )
    keep(context, live_server, match)
    page = context.new_page()
    page.goto(live_server.url + reverse("scoring:match_detail", args=[match.pk]))
    wrap = page.locator("#board .scorecard-wrap")
    expect(wrap.get_by_role("columnheader", name="Bartholomew")).to_be_visible()
    layout = wrap.evaluate(LAYOUT)
    # Nothing to scroll sideways, and every cell inside the card: all nine holes,
    # every player's name, score and total.
    assert layout["overflow"] <= 0, layout["overflow"]
    left, right = layout["wrap"]["left"], layout["wrap"]["right"]
    assert all(left - 1 <= c["left"] and c["right"] <= right + 1 for c in layout["cells"])
    assert layout["clipped"] == []
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    holes = wrap.locator("tbody th")
    expect(holes).to_have_text([str(n) for n in range(1, 10)])
    # The names head the columns whole, the totals straight under them.
    expect(wrap.locator("thead tr").first.locator("th")).to_contain_text(["Hole", *FOUR])
    totals = wrap.locator(".scorecard__totals")
    expect(totals.locator("th")).to_have_text("Total")
    expect(totals.locator("td")).to_have_count(4)
    # No hint to swipe: there is nothing to swipe.
    expect(page.get_by_text("Swipe the card sideways")).to_have_count(0)
    low = [(text, ratio) for text, ratio in wrap.evaluate(CELL_CONTRASTS) if ratio < 4.5]
    assert low == [], f"{scheme}: {low}"
    wrap.screenshot(path=screenshot_dir / f"score-card-9-holes-{scheme}.png")
    context.close()


def test_eight_players_scroll_beside_the_holes_and_say_so(page, live_server):
    from tests.factories import eight_player_match

    match = eight_player_match(played=18, holes=18)
    page.goto(live_server.url + reverse("scoring:match_shared", args=[match.share_token]))
    wrap = page.locator(".scorecard-wrap")
    assert wrap.evaluate(LAYOUT)["overflow"] > 0
    expect(page.get_by_text("Swipe the card sideways for every player.")).to_be_visible()
    # It opens on the first players; the holes' numbers stay put as they scroll.
    assert wrap.evaluate("(wrap) => wrap.scrollLeft") == 0
    hole = wrap.locator("tbody th").first
    before = hole.bounding_box()
    wrap.evaluate("(wrap) => { wrap.scrollLeft = wrap.scrollWidth; }")
    assert hole.bounding_box() == before
    # No blank strip after the last player: the card ends with the column.
    last = wrap.locator("thead tr").first.locator("th").last
    expect(last).to_have_text("Player 8")
    edge = wrap.evaluate("(wrap) => wrap.getBoundingClientRect().right - wrap.clientLeft")
    assert abs(last.bounding_box()["x"] + last.bounding_box()["width"] - edge) <= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def test_the_card_is_read_whole_without_the_script(browser, live_server):
    match = four_player_match()
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740}, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("scoring:match_shared", args=[match.share_token]))
    wrap = page.locator(".scorecard-wrap")
    expect(wrap.locator("tbody th")).to_have_count(9)
    assert wrap.evaluate(LAYOUT)["overflow"] <= 0
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_names_and_totals_stay_in_view_down_a_long_card(
    browser, live_server, scheme, screenshot_dir
):
    """Eighteen holes of four are taller than a phone: scrolled down to the last
    hole, the names and totals are still at the top of the screen."""
    match = services.match_create(names=list(FOUR), first_dealer=0, rules=RuleSet(holes=18))
    for number in range(1, 19):
        services.hole_record(
            match=match,
            entry=services.HoleEntry(kind="grids", grids=GRIDS[number % 3], went_out=0),
            token=uuid.uuid4(),
            number=number,
        )
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740},
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("scoring:match_shared", args=[match.share_token]))
    last = page.locator(".scorecard tbody tr").last
    last.scroll_into_view_if_needed()
    expect(last.locator("th")).to_be_in_viewport()
    totals = page.locator(".scorecard__totals")
    expect(totals).to_be_in_viewport()
    expect(page.get_by_role("columnheader", name="Bartholomew")).to_be_in_viewport()
    # Above the last hole, not over it.
    assert totals.bounding_box()["y"] + totals.bounding_box()["height"] <= last.bounding_box()["y"]
    page.screenshot(path=screenshot_dir / f"score-card-18-holes-scrolled-{scheme}.png")
    context.close()
