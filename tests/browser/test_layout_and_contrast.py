"""Pages fit a 360 px phone screen: nothing scrolls sideways, text is readable, the
header takes two lines and names who is signed in, and the text of every visible
button has a contrast of at least 4.5:1 (WCAG AA), light and dark."""

import pytest
from django.urls import reverse

from tests.groups.factories import UserFactory

from .helpers import WIDTH, phone, start_match

pytestmark = pytest.mark.django_db(transaction=True)

PAGES = ["home", "rules:guide"]


@pytest.mark.parametrize("name", PAGES)
def test_page_fits_a_phone_without_sideways_scrolling(page, live_server, name):
    page.goto(live_server.url + reverse(name))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{name} is {width}px wide on a 360px screen"
    assert page.locator("h1").count() == 1


def test_home_draws_the_example_grid_as_cards(page, live_server):
    page.goto(live_server.url + reverse("home"))
    cards = page.locator(".scored-grid .card")
    assert cards.count() == 6
    box = cards.first.bounding_box()
    assert box is not None and box["width"] >= 32  # big enough to read at the table


def test_pages_work_with_javascript_off(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(live_server.url + reverse("home"))
    page.get_by_role("link", name="Rules").first.click()
    assert page.locator("h1").inner_text().startswith("How to play")
    context.close()


def test_the_header_takes_two_lines_on_a_phone(page, live_server):
    """The brand and the account link on one line, the four main links on the
    next: the header leaves the screen to the page at the card table."""
    page.goto(live_server.url + reverse("rules:guide"))
    tops = [box["y"] for box in (link.bounding_box() for link in page.locator(".site-nav a").all())]
    assert len(tops) == 4 and len(set(tops)) == 1, tops
    brand, account = page.locator(".brand"), page.get_by_role("link", name="Log in")
    assert abs(brand.bounding_box()["y"] - account.bounding_box()["y"]) < 12
    assert page.locator(".site-header").bounding_box()["height"] <= 100


def test_tick_boxes_keep_their_size_beside_long_help(page, live_server):
    """A box or radio beside two lines of help is not squeezed to a sliver."""
    page.goto(live_server.url + reverse("scoring:match_new"))
    inputs = page.locator("input[type=checkbox], input[type=radio]")
    assert inputs.count() > 20
    widths = {box.get_attribute("id"): box.bounding_box()["width"] for box in inputs.all()}
    assert min(widths.values()) >= 20, {k: w for k, w in widths.items() if w < 20}


@pytest.mark.parametrize("username", ["ann", "a" * 40 + "verylongusername"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_header_names_who_is_signed_in_on_one_line(
    browser, live_server, username, scheme, screenshot_dir
):
    UserFactory.create(username=username)
    context, page = phone(browser, live_server, username, scheme=scheme)
    user = page.locator(".account-nav__user")
    assert user.get_attribute("href") == reverse("account")
    boxes = [
        page.locator(".brand").bounding_box(),
        user.bounding_box(),
        page.get_by_role("link", name="Groups").bounding_box(),
        page.get_by_role("button", name="Log out").bounding_box(),
    ]
    tops = [box["y"] for box in boxes]
    assert max(tops) - min(tops) < 12, tops
    assert all(box["x"] + box["width"] <= WIDTH for box in boxes)
    assert user.bounding_box()["height"] >= 44
    assert page.locator(".site-header").bounding_box()["height"] <= 100
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    # The brand's name is still read out.
    assert page.get_by_role("link", name="Golf scorer").count() == 1
    page.locator(".site-header").screenshot(
        path=screenshot_dir / f"header-{len(username)}-{scheme}.png"
    )
    context.close()


def test_signed_out_the_brand_keeps_its_name_on_a_phone(page, live_server):
    """Only a signed-in header, with the account's name to fit, shows the brand as
    its icon alone."""
    page.goto(live_server.url + reverse("home"))
    name = page.locator(".brand__name")
    assert name.bounding_box()["width"] > 50
    assert name.inner_text() == "Golf scorer"


#: The contrast of each visible button's text against its own background, or the
#: nearest ancestor's where the button's is transparent.
CONTRASTS = """
() => {
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
  return [...document.querySelectorAll("button, .button, input[type=submit]")]
    .filter((el) => el.offsetParent !== null)
    .map((el) => {
      const a = lum(rgb(getComputedStyle(el).color)), b = lum(background(el));
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      return [el.textContent.trim().slice(0, 40), Math.round(ratio * 100) / 100];
    });
}
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_button_of_a_match_is_readable(browser, live_server, scheme):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, color_scheme=scheme, has_touch=True
    )
    page = context.new_page()
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K 5 J / K 5 2")
    page.get_by_role("button", name="Save hole 1").click()
    page.wait_for_url("**/matches/*/")
    match_url = page.url
    checked = []
    for path in ("", "end/", "holes/new/", "holes/1/delete/"):
        page.goto(match_url + path)
        for text, ratio in page.evaluate(CONTRASTS):
            checked.append(text)
            assert ratio >= 4.5, f"{scheme}: {text!r} on {path or 'the scoreboard'} is {ratio}:1"
    assert any(text.startswith("Yes, end it") for text in checked)
    page.goto(live_server.url + reverse("scoring:match_new"))
    assert all(ratio >= 4.5 for _, ratio in page.evaluate(CONTRASTS))
    context.close()
