"""The scoreboard on a phone: eight players fit; a score card wider than the phone
says that it scrolls (a shadow on its right edge while holes are hidden there) and
opens on its latest holes; the live board follows the match, and says how."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import keep, start_match

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


def test_scoreboard_fits_a_phone_with_eight_players(page, live_server):
    start_match(page, live_server, names=[f"Player{i}" for i in range(1, 9)])
    page.goto(page.url.replace("holes/new/", ""))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360


def test_a_live_board_follows_the_match_and_an_unchanged_one_is_not_sent_again(page, live_server):
    """The shared board asks every few seconds. While nothing changes the server
    answers "not modified" and the browser keeps the board it has; a saved hole
    shows at the next ask."""
    import uuid

    from scoring import services
    from tests.factories import MatchFactory

    def save(match, totals):
        services.hole_record(
            match=match,
            entry=services.HoleEntry(kind="totals", totals=totals),
            token=uuid.uuid4(),
            number=match.holes.count() + 1,
        )

    match = MatchFactory.create(players=["Ann", "Ben"])
    save(match, (3, 4))

    def next_ask():
        """The board's next ask (every five seconds), once it is sent."""
        with page.expect_request(lambda r: bool(r.headers.get("hx-request"))) as ask:
            pass
        return ask.value

    page.goto(live_server.url + reverse("scoring:match_shared", args=[match.share_token]))
    board = page.locator("#board")
    expect(board.get_by_text("After 1 of 9 holes")).to_be_visible()
    # The first ask brings the board and its tag; the browser sends the tag with the
    # second (the server's "not modified" reaches the page as the board it kept).
    first = next_ask()
    assert first.response().status == 200
    second = next_ask()
    assert second.all_headers().get("if-none-match") == first.response().header_value("etag")
    # The next ask comes after that answer was handled: the board kept is whole.
    next_ask()
    expect(board.get_by_text("After 1 of 9 holes")).to_be_visible()
    save(match, (10, 0))
    expect(board.get_by_text("After 2 of 9 holes")).to_be_visible(timeout=15_000)


@pytest.mark.parametrize("script", [True, False])
def test_the_live_board_says_how_new_scores_arrive(browser, live_server, script):
    from tests.factories import eight_player_match

    match = eight_player_match(played=2, holes=9)
    context = browser.new_context(
        java_script_enabled=script, viewport={"width": 360, "height": 800}
    )
    page = context.new_page()
    page.goto(live_server.url + reverse("scoring:match_shared", args=[match.share_token]))
    expect(page.get_by_text("Updates every few seconds.")).to_be_visible(visible=script)
    expect(page.get_by_text("New scores show when you reload.")).to_be_visible(visible=not script)
    context.close()
