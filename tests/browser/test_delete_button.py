""" "Delete the match" on the scoreboard looks like what it is: a destructive action,
in the danger colour and apart from the harmless buttons, readable light and dark."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import WIDTH, keep
from .test_layout_and_contrast import CONTRASTS

pytestmark = pytest.mark.django_db(transaction=True)

#: A colour as the browser computes it, given any CSS colour (a custom property's).
COMPUTED = """([element, property]) => {
  const probe = document.createElement("div");
  probe.style.color = getComputedStyle(document.documentElement).getPropertyValue(property);
  element.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_deleting_the_match_is_marked_as_destructive(browser, live_server, scheme, screenshot_dir):
    from tests.factories import MatchFactory

    match = MatchFactory.create(players=["Ann", "Bob"])
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740}, color_scheme=scheme, has_touch=True
    )
    keep(context, live_server, match)
    page = context.new_page()
    page.goto(live_server.url + reverse("scoring:match_detail", args=[match.pk]))
    delete = page.get_by_role("link", name="Delete the match for good…")
    expect(delete).to_be_visible()
    paper = page.get_by_role("link", name="Paper card")
    style = "(el) => { const s = getComputedStyle(el); return [s.color, s.borderTopColor]; }"
    danger = page.evaluate(COMPUTED, [delete.element_handle(), "--bad"])
    assert delete.evaluate(style) == [danger, danger]
    assert paper.evaluate(style)[0] != danger
    # On a line of its own, below the harmless buttons.
    harmless = page.locator(".actions .button").all()
    assert delete.bounding_box()["y"] > max(
        b.bounding_box()["y"] + b.bounding_box()["height"] for b in harmless
    )
    # Readable: at least 4.5:1 on the page.
    ratios = dict(page.evaluate(CONTRASTS))
    ratio = ratios["Delete the match for good…"]
    assert ratio >= 4.5, f"{scheme}: {ratio}"
    page.locator(".destructive").scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / f"scoreboard-delete-{scheme}.png")
    delete.click()
    expect(page.get_by_role("heading", name="Delete the match?")).to_be_visible()
    context.close()
