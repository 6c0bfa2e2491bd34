"""A score card wider than the phone says that it scrolls: a shadow on its right
edge while holes are hidden there, none once the last column is in view."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db(transaction=True)

#: The wrapper's scroll state and the layers of its background: the shadow fixed
#: to the box ("scroll") and the cover that moves with the content ("local").
STATE = """
(wrap) => {
  const style = getComputedStyle(wrap);
  return {
    hidden: wrap.scrollWidth - wrap.clientWidth - wrap.scrollLeft,
    images: style.backgroundImage,
    attachments: style.backgroundAttachment.split(",").map((s) => s.trim()),
  };
}
"""


def kinds(images: str) -> list[str]:
    """The function name of each layer of a computed background-image."""
    found, depth, start = [], 0, 0
    for i, char in enumerate(images + ","):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            found.append(images[start:i].strip().split("(")[0])
            start = i + 1
    return found


def test_a_wide_score_card_shows_it_scrolls(page, live_server):
    from tests.factories import eight_player_match

    match = eight_player_match(played=18)
    page.goto(live_server.url + reverse("scoring:match_shared", args=[match.share_token]))
    wrap = page.locator(".scorecard-wrap")
    wrap.evaluate("(wrap) => { wrap.scrollLeft = 0; }")
    state = wrap.evaluate(STATE)
    assert state["hidden"] > 0  # 18 holes do not fit 360 px
    layers = list(zip(kinds(state["images"]), state["attachments"], strict=False))
    # A cover that travels with the content over a shadow that stays on the edge.
    assert layers[:2] == [("linear-gradient", "local"), ("radial-gradient", "scroll")], layers
    wrap.evaluate("(wrap) => { wrap.scrollLeft = wrap.scrollWidth; }")
    assert wrap.evaluate(STATE)["hidden"] <= 1


def test_a_wide_score_card_opens_on_its_latest_holes_beside_names_and_totals(page, live_server):
    """With four players and a long name, only hole 1 used to show; the latest hole,
    the one the table asks about, was always a swipe away."""
    from tests.factories import eight_player_match

    match = eight_player_match(played=12, holes=18)
    page.goto(live_server.url + reverse("scoring:match_shared", args=[match.share_token]))
    wrap = page.locator(".scorecard-wrap")
    assert wrap.evaluate(STATE)["hidden"] <= 1  # opened at its right end
    assert wrap.evaluate("(wrap) => wrap.scrollLeft") > 0
    box = wrap.bounding_box()
    latest = page.locator(".scorecard thead th").last
    assert latest.inner_text() == "12"
    assert (
        latest.bounding_box()["x"] + latest.bounding_box()["width"] <= box["x"] + box["width"] + 1
    )
    # The name and the total of each row stay at the left, side by side, however far
    # the holes scroll.
    name = page.locator(".scorecard tbody .scorecard__name").first.bounding_box()
    total = page.locator(".scorecard tbody .scorecard__total").first.bounding_box()
    assert abs(name["x"] - box["x"]) <= 2
    assert abs(total["x"] - (name["x"] + name["width"])) <= 1
    wrap.evaluate("(wrap) => { wrap.scrollLeft = 0; }")
    assert page.locator(".scorecard tbody .scorecard__total").first.bounding_box() == total


#: The holes (the header cells) that lie partly under the name and total columns.
HALF_HIDDEN = """
(wrap) => {
  const edge = wrap.querySelector("thead .scorecard__total").getBoundingClientRect().right;
  return [...wrap.querySelectorAll("thead th:not(.scorecard__name):not(.scorecard__total)")]
    .filter((hole) => {
      const box = hole.getBoundingClientRect();
      return box.left < edge - 1 && box.right > edge + 1;
    })
    .map((hole) => hole.textContent);
}
"""


@pytest.mark.parametrize("played", [9, 12, 15, 18])
def test_a_score_card_opens_on_whole_holes(page, live_server, played):
    """Opened on its latest holes, the card shows no hole cut in two by the totals
    (a "4" left of a "14"), and the latest hole is still whole."""
    from tests.factories import eight_player_match

    match = eight_player_match(played=played, holes=18)
    page.goto(live_server.url + reverse("scoring:match_shared", args=[match.share_token]))
    wrap = page.locator(".scorecard-wrap")
    assert wrap.evaluate(HALF_HIDDEN) == []
    assert wrap.evaluate(STATE)["hidden"] <= 1
    box = wrap.bounding_box()
    latest = page.locator(".scorecard thead th").last.bounding_box()
    assert latest["x"] + latest["width"] <= box["x"] + box["width"] + 1


def test_a_score_card_put_back_by_back_opens_on_its_latest_holes_again(page, live_server):
    """After a save, the scoreboard comes through htmx, which keeps a copy of it for
    Back: put back from that copy, the card is placed at its latest holes again."""
    from tests.factories import EIGHT_PLAYERS, eight_player_match

    from .keeping import keep

    match = eight_player_match(played=11, holes=18)
    keep(page.context, live_server, match)
    page.goto(live_server.url + reverse("scoring:hole_new", args=[match.pk]))
    fields = page.get_by_label("Cards, row by row")
    for seat, grid in enumerate(EIGHT_PLAYERS):
        fields.nth(seat).fill(grid)
    page.get_by_role("button", name="Save hole 12").click()
    page.get_by_text("Hole 12 saved.").wait_for()
    wrap = page.locator(".scorecard-wrap")
    assert wrap.evaluate(STATE)["hidden"] <= 1
    page.get_by_role("link", name="Enter hole 13").click()
    page.wait_for_url("**/holes/new/")
    page.go_back()
    page.get_by_role("heading", name="Scoreboard").wait_for()
    assert page.locator(".scorecard thead th").last.inner_text() == "12"
    assert wrap.evaluate(STATE)["hidden"] <= 1


@pytest.mark.parametrize("played", [12, 15])
def test_a_score_card_turned_on_its_side_and_back_shows_whole_holes(page, live_server, played):
    """The room after the last hole is worked out for the card's width: turning the
    phone gives it another, and the card is placed again for it."""
    from tests.factories import eight_player_match

    match = eight_player_match(played=played, holes=18)
    page.goto(live_server.url + reverse("scoring:match_shared", args=[match.share_token]))
    wrap = page.locator(".scorecard-wrap")
    for width, height in [(740, 360), (360, 740), (412, 740)]:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("(width) => window.innerWidth === width", arg=width)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        assert wrap.evaluate(HALF_HIDDEN) == [], width
        assert wrap.evaluate(STATE)["hidden"] <= 1, width


def test_a_score_card_the_reader_scrolled_stays_put_when_the_phone_turns(page, live_server):
    from tests.factories import eight_player_match

    match = eight_player_match(played=15, holes=18)
    page.goto(live_server.url + reverse("scoring:match_shared", args=[match.share_token]))
    wrap = page.locator(".scorecard-wrap")
    wrap.evaluate("(wrap) => { wrap.scrollLeft = 0; }")  # back to hole 1
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    page.set_viewport_size({"width": 412, "height": 740})
    page.wait_for_function("() => window.innerWidth === 412")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    assert wrap.evaluate("(wrap) => wrap.scrollLeft") == 0
