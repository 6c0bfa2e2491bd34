"""Buttons are readable in light and dark: the text of every visible button has a
contrast of at least 4.5:1 (WCAG AA) against what is drawn behind it."""

import pytest
from django.urls import reverse

from .test_scoresheet import start_match

pytestmark = pytest.mark.django_db(transaction=True)

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
