"""Saving a hole from a phone: one round trip through htmx, Back and Forward after
it, a press held while the live check answers, and a save without a signal, said
so and sent when the signal comes back."""

import pytest

from .helpers import start_match

pytestmark = pytest.mark.django_db(transaction=True)


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
def test_a_save_that_does_not_get_through_says_so_and_keeps_the_cards(
    page, live_server, failure, console_errors
):
    # The failure is on purpose: the browser and htmx report it.
    console_errors.allow(
        r"ERR_INTERNET_DISCONNECTED",
        r"^htmx:(afterRequest|sendError),",
        r"status of 500",
        r"^Response Status Error Code 500 ",
    )
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


def test_a_save_made_without_a_signal_goes_through_when_the_signal_comes_back(
    page, live_server, console_errors
):
    # No signal on purpose: the browser and htmx report the requests that failed.
    console_errors.allow(r"ERR_INTERNET_DISCONNECTED", r"^htmx:(afterRequest|sendError),")
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


def test_a_form_changed_after_a_save_without_a_signal_waits_to_be_saved(
    page, live_server, console_errors
):
    """The player may be putting a card right: only they say when it is saved."""
    # No signal on purpose: the browser and htmx report the requests that failed.
    console_errors.allow(r"ERR_INTERNET_DISCONNECTED", r"^htmx:(afterRequest|sendError),")
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
