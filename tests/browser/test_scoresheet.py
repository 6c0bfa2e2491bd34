"""The scoresheet in a real phone browser: start a match, tap cards in with the
keypad, watch the score update, save, and read the scoreboard."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)


def start_match(page, live_server, names=("Ann", "Ben", "Cat")):
    page.goto(live_server.url + reverse("scoring:match_new"))
    for i, name in enumerate(names):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url("**/holes/new/")


def test_tap_a_hole_in_and_save_it(page, live_server):
    start_match(page, live_server)
    slots = page.locator("#entry-0 .slot")
    for i, rank in enumerate(["8", "5", "7", "8", "3", "9"]):
        slots.nth(i).tap()
        page.locator(f"#keypad [data-rank='{rank}']").tap()
    assert page.get_by_label("Cards, row by row").first.input_value() == "8 5 7 / 8 3 9"
    # The live preview scores Ann's grid before anything is saved.
    page.locator("#result-0").get_by_text("Grid: 24").wait_for()

    fields = page.get_by_label("Cards, row by row")
    fields.nth(1).fill("K 5 J / K 5 2")
    fields.nth(2).fill("7 7 3 / 4 5 6")
    page.get_by_role("button", name="Save hole 1").click()
    page.wait_for_url("**/matches/*/")
    row = page.locator("tr", has_text="Ben")
    assert "8" in row.inner_text()
    assert page.get_by_text("leading: Ben").count() == 1


def test_a_save_is_one_round_trip_and_the_keypad_survives_a_refusal(page, live_server):
    """With JavaScript the save posts through htmx and is answered with the
    scoreboard: one request, no redirect to follow. A refused save comes back as
    the form, and the keypad works on it."""
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("7 7 7 / 7 7 3")  # five 7s: one deck has four
    page.get_by_role("button", name="Save hole 1").click()
    page.get_by_text("Five 7s in this grid, but one deck has four.").first.wait_for()
    assert page.url.endswith("/holes/new/")
    # Taken to the problem: a card slot of Ben's grid has the focus (not its text
    # field, which would open the phone's keyboard over the keypad).
    page.locator("#entry-1 .slot:focus").wait_for()

    # The form came back through htmx: the keypad is set up again (it comes up with a
    # chosen slot) and writes the grid.
    page.locator("#keypad").wait_for(state="hidden")
    slots = page.locator("#entry-1 .slot")
    for i, rank in enumerate(["K", "5", "J", "K", "5", "2"]):
        slots.nth(i).tap()
        page.locator(f"#keypad [data-rank='{rank}']").tap()
    assert fields.nth(1).input_value() == "K 5 J / K 5 2"

    requests = []
    page.on("request", lambda request: requests.append((request.method, request.url)))
    page.get_by_role("button", name="Save hole 1").click()
    page.wait_for_url("**/matches/*/")
    page.get_by_text("Hole 1 saved.").wait_for()
    assert "Scoreboard" in page.locator("h1").inner_text()
    assert page.title().startswith("Match ")
    saves = [r for r in requests if not r[1].endswith((".js", ".css", ".svg"))]
    assert [method for method, _ in saves if "preview" not in _] == ["POST"]


def test_back_and_forward_after_a_save_keep_the_pages_whole_and_the_keypad_working(
    page, live_server
):
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K 5 J / K 5 2")
    page.get_by_role("button", name="Save hole 1").click()
    page.wait_for_url("**/matches/*/")

    def keypad_writes_anns_first_card():
        page.locator("#entry-0 .slot").first.tap()
        page.locator("#keypad").wait_for(state="visible")
        page.locator("#keypad [data-rank='Q']").tap()
        assert fields.nth(0).input_value().startswith("Q ")

    # Back to the form htmx kept before the save.
    page.go_back()
    page.wait_for_url("**/holes/new/")
    keypad_writes_anns_first_card()

    # Forward and back once htmx has forgotten its copies: each page comes from the
    # server, and must come whole (header, heading), not as the fragment the
    # scoreboard sends htmx when it asks for the board alone.
    forget = "sessionStorage.removeItem('htmx-history-cache')"
    page.evaluate(forget)
    page.go_forward()
    page.wait_for_url("**/matches/*/")
    page.get_by_role("heading", level=1).get_by_text("Scoreboard").wait_for()
    assert page.locator(".site-header").count() == 1
    page.evaluate(forget)
    page.go_back()
    page.wait_for_url("**/holes/new/")
    page.get_by_role("heading", level=1).get_by_text("Hole 2").wait_for()
    assert page.locator(".site-header").count() == 1
    keypad_writes_anns_first_card()


def test_save_held_down_while_the_live_check_answers_still_saves(page, live_server):
    """The press takes the focus from a grid's box, which sends a live check; its
    results come in above the button. The button must still be under the pointer
    when it is let go, or the click is lost and nothing is saved."""
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K 5 J / K 5 2")
    button = page.get_by_role("button", name="Save hole 1")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.locator("#result-1 .result__breakdown").wait_for()
    page.mouse.up()
    page.get_by_text("Hole 1 saved.").wait_for()


@pytest.mark.parametrize("failure", ["no signal", "server error"])
def test_a_save_that_does_not_get_through_says_so_and_keeps_the_cards(page, live_server, failure):
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K 5 J / K 5 2")

    def fail(route):
        if route.request.method != "POST" or "preview" in route.request.url:
            return route.continue_()
        if failure == "no signal":
            return route.abort("internetdisconnected")
        return route.fulfill(status=500, body="oops")

    page.route("**/holes/**", fail)
    page.get_by_role("button", name="Save hole 1").click()
    alert = page.locator("#save-problem [role=alert]")
    alert.wait_for()
    text = alert.inner_text()
    assert "Everything you typed is still here" in text
    assert ("could not be reached" in text) == (failure == "no signal")
    assert fields.nth(0).input_value() == "8 5 7 / 8 3 9"
    assert page.url.endswith("/holes/new/")

    # Once through, the save goes as usual.
    page.unroute("**/holes/**")
    page.get_by_role("button", name="Save hole 1").click()
    page.wait_for_url("**/matches/*/")
    page.get_by_text("Hole 1 saved.").wait_for()


def test_a_save_made_without_a_signal_goes_through_when_the_signal_comes_back(page, live_server):
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K 5 J / K 5 2")
    page.locator("#result-1 .result__breakdown").wait_for()  # the live check is done
    page.context.set_offline(True)
    page.get_by_role("button", name="Save hole 1").click()
    alert = page.locator("#save-problem [role=alert]")
    alert.wait_for()
    assert "saves the hole by itself" in alert.inner_text()
    page.context.set_offline(False)
    page.get_by_text("Hole 1 saved.").wait_for()
    assert page.locator("tr", has_text="Ben").count() == 1


def test_a_form_changed_after_a_save_without_a_signal_waits_to_be_saved(page, live_server):
    """The player may be putting a card right: only they say when it is saved."""
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("K 5 J / K 5 2")
    page.locator("#result-1 .result__breakdown").wait_for()
    page.context.set_offline(True)
    page.get_by_role("button", name="Save hole 1").click()
    page.locator("#save-problem [role=alert]").wait_for()
    fields.nth(1).fill("K 5 J / K 5 3")
    # Told after the page's own listener: by then a save would have been sent, and
    # its button disabled until the answer.
    page.evaluate(
        "() => { window.backOnline = new Promise((done) => window.addEventListener("
        "'online', () => setTimeout(done, 0), { once: true })); }"
    )
    page.context.set_offline(False)
    page.evaluate("window.backOnline")
    save = page.get_by_role("button", name="Save hole 1")
    assert save.is_enabled()
    assert page.url.endswith("/holes/new/")
    assert fields.nth(1).input_value() == "K 5 J / K 5 3"
    save.click()
    page.get_by_text("Hole 1 saved.").wait_for()


def test_an_impossible_card_is_marked_where_it_was_tapped(page, live_server):
    start_match(page, live_server, names=("Ann", "Ben"))
    page.get_by_label("Cards, row by row").first.fill("8 5 7 / 8 3 B")
    bad = page.locator("#entry-0 .slot--bad")
    bad.first.wait_for()
    assert bad.count() == 1
    assert "'B' is not a rank" in page.locator("#result-0").inner_text()


def test_scoresheet_works_with_javascript_off(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    start_match(page, live_server, names=("Ann", "Ben"))
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill("8 5 7 / 8 3 9")
    fields.nth(1).fill("7 7 7 / 7 7 3")  # five 7s: one deck has four
    page.get_by_role("button", name="Save hole 1").click()
    # Refused, in words, with everything typed kept.
    expect(page.get_by_text("Five 7s in this grid, but one deck has four.").first).to_be_visible()
    assert page.get_by_label("Cards, row by row").nth(1).input_value() == "7 7 7 / 7 7 3"
    page.get_by_label("Cards, row by row").nth(1).fill("K 5 J / K 5 2")
    page.get_by_role("button", name="Save hole 1").click()
    assert page.url.endswith("/matches/" + page.url.rstrip("/").split("/")[-1] + "/")
    assert "Scoreboard" in page.locator("h1").inner_text()
    context.close()


def test_scoreboard_fits_a_phone_with_eight_players(page, live_server):
    start_match(page, live_server, names=[f"Player{i}" for i in range(1, 9)])
    page.goto(page.url.replace("holes/new/", ""))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360


def tap_grid(page, seat, cards):
    """Enter a grid by tapping each slot, then its rank (and suit) on the keypad."""
    slots = page.locator(f"#entry-{seat} .slot")
    for i, card in enumerate(cards):
        slots.nth(i).tap()
        rank, suit = (card[:-1], card[-1]) if card[-1] in "SHDC" else (card, None)
        if suit:
            page.locator(f"#keypad [data-suit='{suit}']").tap()
        page.locator(f"#keypad [data-rank='{rank}']").tap()


def test_a_whole_match_on_a_phone(page, live_server, screenshot_dir):
    """Three players, two holes tapped in under Super Kings, the first corrected,
    the match finished and a rematch started, with screenshots along the way."""
    page.goto(live_server.url + reverse("scoring:match_new"))
    for i, name in enumerate(["Ann", "Ben", "Cat"]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.locator(".rules-fold > summary").click()  # the rules are folded away
    page.get_by_label("Super Kings").check()
    page.get_by_label("Number of holes").fill("2")
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url("**/holes/new/")

    # Hole 1: Ann's two kings sit apart, so under Super Kings each takes 2 off:
    # K/2 = -4, 5/K = 3, 3/A = 4, so 3 (7 without the house rule).
    tap_grid(page, 0, ["K", "5", "3", "2", "K", "A"])
    tap_grid(page, 1, ["8", "5", "7", "8", "3", "9"])
    tap_grid(page, 2, ["Q", "Q", "4", "J", "6", "4"])
    page.locator("#result-0").get_by_text("Grid: 3").wait_for()
    page.screenshot(path=screenshot_dir / "scoresheet-hole-entry.png", full_page=True)
    page.get_by_role("button", name="Save hole 1").click()
    page.wait_for_url("**/matches/*/")

    # Correct hole 1: Cat's jack was a queen, which pairs the column: 36 becomes 16.
    page.get_by_role("link", name="Hole 1", exact=True).click()
    page.get_by_role("link", name="Correct this hole").click()
    page.get_by_label("Cards, row by row").nth(2).fill("Q Q 4 / Q 6 4")
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_url("**/matches/*/")

    # Hole 2 finishes the match.
    page.get_by_role("link", name="Enter hole 2").click()
    tap_grid(page, 0, ["A", "A", "2", "3", "3", "K"])
    tap_grid(page, 1, ["9", "9", "9", "4", "5", "6"])
    tap_grid(page, 2, ["7", "7", "5", "2", "2", "10"])
    page.get_by_role("button", name="Save hole 2").click()
    page.wait_for_url("**/matches/*/")
    page.screenshot(path=screenshot_dir / "scoresheet-finished.png", full_page=True)
    # Totals: Ann 3 + 4 = 7, Ben 24 + 42 = 66, Cat 16 (corrected) + 25 = 41.
    totals = {
        name: page.locator(".scorecard tbody tr", has_text=name)
        .locator("td.scorecard__total")
        .inner_text()
        for name in ("Ann", "Ben", "Cat")
    }
    assert totals == {"Ann": "7", "Ben": "66", "Cat": "41"}

    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url("**/holes/new/")
    # The deal moved on one seat: Ann dealt the first match, Ben deals this one.
    assert "Deals: Ben" in page.locator("main").inner_text()


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

    match = MatchFactory(players=["Ann", "Ben"])
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
