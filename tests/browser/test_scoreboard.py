"""The scoreboard on a phone: eight players fit; a score card wider than the phone
says that it scrolls (a shadow on its right edge while players are hidden there);
the live board follows the match, and says how. (The card's layout at 360 px:
test_score_card.py.)"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .helpers import start_match

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
    assert state["hidden"] > 0  # 8 players do not fit 360 px
    layers = list(zip(kinds(state["images"]), state["attachments"], strict=False))
    # A cover that travels with the content over a shadow that stays on the edge.
    assert layers[:2] == [("linear-gradient", "local"), ("radial-gradient", "scroll")], layers
    wrap.evaluate("(wrap) => { wrap.scrollLeft = wrap.scrollWidth; }")
    assert wrap.evaluate(STATE)["hidden"] <= 1


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
