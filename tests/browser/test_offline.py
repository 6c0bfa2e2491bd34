"""The site without a signal (issue "Offline at the table"), in a phone-sized
Chromium whose network Playwright switches off: pages kept by the service worker
open marked as offline, a page never opened gives the offline page, and a new
release of the site replaces what the old one kept."""

import re
import uuid

import pytest
from django.test.testcases import QuietWSGIRequestHandler
from django.urls import reverse
from playwright.sync_api import expect

from scoring import services
from scoring.models import Match
from scoring.services import HoleEntry

from .helpers import keep, start_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def browser_context_args(browser_context_args):
    """Service workers allowed (conftest.py blocks them for the other tests)."""
    return {**browser_context_args, "service_workers": "allow"}


#: What a page that cannot reach the server reports in the console: the browser's
#: own failed requests (a live check of the hole form, say).
NO_SIGNAL = (
    r"ERR_INTERNET_DISCONNECTED|ERR_EMPTY_RESPONSE|Failed to load resource"
    r"|^htmx:(afterRequest|sendError),"
)


class NoSignalHandler(QuietWSGIRequestHandler):
    """How the live server takes a request during a test of this file: as usual,
    except while the phone has no signal (:attr:`gone`), when it closes the
    connection as soon as a request comes on it, answering nothing."""

    gone = False

    def parse_request(self) -> bool:
        if NoSignalHandler.gone:
            self.close_connection = True
            return False  # nothing read, nothing answered
        return super().parse_request()


class Signal:
    """The phone's signal, taken away and given back.

    Chromium's offline switch (Playwright's ``set_offline``) tells the page it is
    offline and fails its requests, but not all of them once a service worker looks
    after the page: now and then, on a busy machine, a hole "saved with no signal"
    reached the live server all the same and was stored (Chromium gives a service
    worker that has just started its offline setting a moment late, it seems). So while the
    signal is gone the live server answers nothing either (:class:`NoSignalHandler`),
    as a phone with no signal would see it, and a request that got past the switch
    changes nothing."""

    def __init__(self, live_server):
        self.httpd = live_server.thread.httpd
        self.before = self.httpd.RequestHandlerClass
        self.httpd.RequestHandlerClass = NoSignalHandler

    def lost(self, context):
        """No signal for the phone ``context`` (a Playwright context)."""
        NoSignalHandler.gone = True
        context.set_offline(True)

    def back(self, context):
        """The signal back: the site answers, then the phone says it is online."""
        NoSignalHandler.gone = False
        context.set_offline(False)

    def close(self):
        NoSignalHandler.gone = False
        self.httpd.RequestHandlerClass = self.before


@pytest.fixture
def signal(live_server):
    """The phone's signal (:class:`Signal`), back for the next test whatever happens."""
    assert live_server.thread.httpd.RequestHandlerClass is QuietWSGIRequestHandler
    signal = Signal(live_server)
    yield signal
    signal.close()


def controlled(page):
    """Wait until the service worker looks after ``page``."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def kept(page, path):
    """Wait until the service worker has kept the page at ``path`` for the session
    ``page`` is drawn for, and knows that session as the phone's: a copy kept for
    the session before (a log-out, a log-in) does not count, as it is not shown."""
    page.wait_for_function(
        """async (path) => {
            const viewer = document.querySelector('meta[name="golf-viewer"]').content;
            let known = null;
            for (const name of await caches.keys()) {
                if (!name.startsWith("golf-meta-")) continue;
                const note = await (await caches.open(name)).match("/__golf/viewer");
                if (note) known = await note.text();
            }
            if (known !== viewer) return false;
            for (const name of await caches.keys()) {
                if (!name.startsWith("golf-pages-")) continue;
                const copy = await (await caches.open(name)).match(
                    new URL(path, location.href).href, { ignoreVary: true });
                if (copy && copy.headers.get("x-golf-viewer") === viewer) return true;
            }
            return false;
        }""",
        arg=path,
    )


def kept_with(page, url, text):
    """Wait until the copy the service worker keeps of ``url`` says ``text``."""
    page.wait_for_function(
        """async ([url, text]) => {
            for (const name of await caches.keys()) {
                if (!name.startsWith("golf-pages-")) continue;
                const copy = await (await caches.open(name)).match(url, { ignoreVary: true });
                if (copy && (await copy.text()).includes(text)) return true;
            }
            return false;
        }""",
        arg=[url, text],
    )


def open_kept(page, url):
    """Open ``url`` once the service worker looks after the page, so it is kept."""
    page.goto(url)
    controlled(page)
    page.reload()
    kept(page, url)


def match_url(page):
    return re.sub(r"holes/new/$", "", page.url)


def test_a_match_opened_before_opens_offline_marked_as_such(
    page, live_server, console_errors, signal
):
    console_errors.allow(NO_SIGNAL)
    start_match(page, live_server, names=("Ann", "Ben"))
    board = match_url(page)
    open_kept(page, board)
    expect(page.get_by_role("status").filter(has_text="Offline")).to_have_count(0)

    signal.lost(page.context)
    page.reload()
    mark = page.get_by_role("status").filter(has_text="Offline")
    expect(mark).to_be_visible()
    expect(mark).to_have_text(re.compile(r"^Offline: last updated \d\d:\d\d\.$"))
    expect(page.get_by_role("heading", name="Scoreboard")).to_be_visible()
    expect(page.get_by_text("Ann, Ben")).to_be_visible()

    signal.back(page.context)
    expect(page.get_by_text("Offline: last updated")).to_have_count(0)
    expect(page.get_by_role("heading", name="Scoreboard")).to_be_visible()


def test_the_kept_scoreboard_brings_itself_up_to_date_when_the_signal_comes_back(
    page, live_server, console_errors, signal
):
    console_errors.allow(NO_SIGNAL)
    start_match(page, live_server, names=("Ann", "Ben"))
    board = match_url(page)
    open_kept(page, board)
    signal.lost(page.context)
    page.reload()
    expect(page.get_by_text(re.compile(r"^Offline: last updated"))).to_be_visible()
    expect(page.get_by_role("link", name="Enter hole 1")).to_be_visible()
    page.evaluate("() => { window.notReloaded = true; }")

    # Meanwhile another phone at the table saves hole 1.
    services.hole_record(
        match=Match.objects.get(),
        entry=HoleEntry(kind="grids", grids=HOLES[0], went_out=0),
        token=uuid.uuid4(),
        number=1,
    )
    signal.back(page.context)
    expect(page.get_by_role("link", name="Enter hole 2")).to_be_visible()
    expect(page.get_by_text("Offline: last updated")).to_have_count(0)
    assert page.evaluate("() => window.notReloaded === true")  # in place, not reloaded
    kept_with(page, board, "Enter hole 2")  # and the phone keeps the new board


def test_a_page_slow_to_come_gives_the_copy_kept_and_is_kept_when_it_comes(
    page, live_server, console_errors
):
    """A poor signal, not none: the site's answer does not come (a route of
    Playwright's holds it), so the copy kept is shown, marked as offline. The answer
    that comes after all is kept on the phone, and the page brings itself up to date."""
    console_errors.allow(NO_SIGNAL)
    start_match(page, live_server, names=("Ann", "Ben"))
    board = match_url(page)
    open_kept(page, board)
    services.hole_record(
        match=Match.objects.get(),
        entry=HoleEntry(kind="grids", grids=HOLES[0], went_out=0),
        token=uuid.uuid4(),
        number=1,
    )
    held = []
    page.context.route(board, lambda route: held.append(route))  # answered only below
    page.goto(board)
    expect(page.get_by_text(re.compile(r"^Offline: last updated"))).to_be_visible()
    expect(page.get_by_role("link", name="Enter hole 1")).to_be_visible()

    # The service worker's request gets its answer: the phone keeps it for next time.
    for route in [route for route in held if route.request.service_worker]:
        held.remove(route)
        route.continue_()
    kept_with(page, board, "Enter hole 2")
    # The site answers the page too: it shows the latest, no longer marked offline.
    for route in held:
        route.continue_()
    page.context.unroute(board)
    expect(page.get_by_role("link", name="Enter hole 2")).to_be_visible()
    expect(page.get_by_text("Offline: last updated")).to_have_count(0)


def test_a_rules_page_read_before_opens_offline_and_one_never_read_gives_the_offline_page(
    page, live_server, console_errors, signal
):
    console_errors.allow(NO_SIGNAL)
    guide = live_server.url + reverse("rules:guide")
    open_kept(page, guide)

    signal.lost(page.context)
    page.goto(live_server.url + reverse("rules:glossary"))
    expect(page.get_by_role("heading", name="No signal", level=1)).to_be_visible()
    # The offline page lists what the phone keeps, each a link that opens offline.
    kept_pages = page.locator("#kept-pages a")
    expect(kept_pages.first).to_be_visible()
    guide_link = kept_pages.filter(has_text="six-card")
    expect(guide_link).to_have_count(1)
    expect(page.get_by_text("No page is kept on this phone yet.")).to_be_hidden()

    guide_link.click()
    page.wait_for_url(guide)
    expect(page.get_by_text(re.compile(r"^Offline: last updated \d\d:\d\d\.$"))).to_be_visible()
    expect(page.locator("h1")).to_contain_text("six-card")


def test_a_new_release_replaces_what_the_old_one_kept(
    page, live_server, monkeypatch, console_errors
):
    monkeypatch.setenv("GOLFSITE_VERSION", "first-release")
    open_kept(page, live_server.url + reverse("rules:faq"))
    caches = "async () => (await caches.keys()).sort().join(' ')"
    assert page.evaluate(caches) == (
        "golf-meta-first-release golf-pages-first-release golf-static-first-release"
    )

    monkeypatch.setenv("GOLFSITE_VERSION", "second-release")
    # The browser finds the new worker (as it does itself when a page opens), which
    # takes over the page and deletes the old release's caches.
    page.evaluate(
        """() => {
            window.taken = new Promise((done) =>
                navigator.serviceWorker.addEventListener("controllerchange", done));
            return navigator.serviceWorker.getRegistration().then((r) => r.update());
        }"""
    )
    page.evaluate("() => window.taken")
    page.wait_for_function(
        "async () => !(await caches.keys()).some((name) => name.endsWith('first-release'))"
    )
    page.reload()
    kept(page, page.url)
    assert page.evaluate(caches) == (
        "golf-meta-second-release golf-pages-second-release golf-static-second-release"
    )


def test_a_page_kept_for_one_session_is_never_shown_to_the_next(
    page, live_server, console_errors, signal
):
    console_errors.allow(NO_SIGNAL)
    start_match(page, live_server, names=("Ann", "Ben"))
    board = match_url(page)
    open_kept(page, board)

    # Another session on this phone (the last one's cookie gone: a log-out, say).
    page.context.clear_cookies()
    page.goto(live_server.url + reverse("rules:faq"))
    page.wait_for_function(
        """async (url) => {
            for (const name of await caches.keys()) {
                if (name.startsWith("golf-pages-") &&
                    await (await caches.open(name)).match(url, { ignoreVary: true })) return false;
            }
            return true;
        }""",
        arg=board,
    )
    signal.lost(page.context)
    page.goto(board)
    expect(page.get_by_role("heading", name="No signal", level=1)).to_be_visible()
    expect(page.get_by_text("Ann, Ben")).to_have_count(0)


# -- Holes saved with no signal ---------------------------------------------------------------


def enter_hole(page, number, ann, ben):
    """On the scoreboard: open the next hole's form, enter Ann's and Ben's cards and
    save; with no signal the phone goes back to the scoreboard, the hole waiting."""
    page.get_by_role("link", name=re.compile(r"^Enter hole")).click()
    save = page.get_by_role("button", name=f"Save hole {number}")
    expect(save).to_be_visible()
    fields = page.get_by_label("Cards, row by row")
    fields.nth(0).fill(ann)
    fields.nth(1).fill(ben)
    save.click()
    expect(page.get_by_role("heading", name=f"Hole {number}", level=3)).to_be_visible()


def offline_at_the_table(page, live_server, signal):
    """A match of Ann and Ben started online, its scoreboard and next hole's form
    kept; then the signal goes and the scoreboard is opened again. Its address."""
    start_match(page, live_server, names=("Ann", "Ben"))
    new_hole = page.url
    board = match_url(page)
    open_kept(page, board)
    open_kept(page, new_hole)
    signal.lost(page.context)
    page.goto(board)
    expect(page.get_by_text(re.compile(r"^Offline: last updated"))).to_be_visible()
    return board


HOLES = [
    ("8 5 7 / 8 3 9", "K 5 J / K 5 2"),
    ("A 2 3 / 4 5 6", "7 7 2 / 9 9 3"),
    ("Q Q 4 / J J 4", "3 3 3 / 2 2 2"),
]


def test_holes_entered_with_no_signal_wait_on_the_phone_and_are_stored_once_in_order(
    page, live_server, console_errors, signal
):
    console_errors.allow(NO_SIGNAL)
    board = offline_at_the_table(page, live_server, signal)
    for number, (ann, ben) in enumerate(HOLES, start=1):
        enter_hole(page, number, ann, ben)
    waiting = page.locator(".queued__hole")
    expect(waiting).to_have_count(3)
    expect(page.get_by_text("to be scored when back online")).to_be_visible()
    expect(waiting.nth(1)).to_contain_text("Ann: A 2 3 / 4 5 6")
    # No score is worked out on the phone: the cards are shown as entered.
    expect(waiting.nth(0)).not_to_contain_text("24")

    # The page closed and opened again, still with no signal: the holes still wait.
    context = page.context
    page.close()
    page = context.new_page()
    page.goto(board)
    expect(page.get_by_text(re.compile(r"^Offline: last updated"))).to_be_visible()
    expect(page.locator(".queued__hole")).to_have_count(3)
    expect(page.get_by_text("Waiting to be sent.")).to_have_count(3)

    signal.back(context)
    expect(page.get_by_role("link", name="Enter hole 4")).to_be_visible()
    expect(page.locator(".queued__hole")).to_have_count(0)
    expect(page.get_by_text("Offline: last updated")).to_have_count(0)

    match = Match.objects.get()
    holes = list(match.holes.order_by("number"))
    assert [hole.number for hole in holes] == [1, 2, 3]
    assert len({hole.token for hole in holes}) == 3
    for hole, (ann, ben) in zip(holes, HOLES, strict=True):
        grids = dict(hole.scores.values_list("seat", "grid"))
        assert grids == {0: ann, 1: ben}, hole.number


def test_a_hole_refused_on_arrival_stays_on_the_phone_with_the_sites_message(
    page, live_server, console_errors, signal
):
    console_errors.allow(NO_SIGNAL)
    board = offline_at_the_table(page, live_server, signal)
    enter_hole(page, 1, "7 7 7 / 7 7 3", "K 5 J / K 5 2")  # five 7s: one deck has four
    signal.back(page.context)
    refused = page.get_by_role("alert").filter(has_text="Not saved")
    expect(refused).to_contain_text("Five 7s in this grid, but one deck has four.")
    assert Match.objects.get().holes.count() == 0

    # Still there when the page opens again, with the ways out.
    page.goto(board)
    expect(refused).to_contain_text("Five 7s")
    expect(page.get_by_role("button", name="Discard hole 1…")).to_be_visible()
    page.get_by_role("link", name="Correct hole 1").click()
    fields = page.get_by_label("Cards, row by row")
    expect(fields.nth(0)).to_have_value("7 7 7 / 7 7 3")
    expect(fields.nth(1)).to_have_value("K 5 J / K 5 2")
    fields.nth(0).fill("7 7 8 / 7 7 3")
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.get_by_text("Hole 1 saved.")).to_be_visible()
    expect(page.locator(".queued__hole")).to_have_count(0)
    assert Match.objects.get().holes.count() == 1


def test_a_refused_hole_is_discarded_only_once_confirmed(page, live_server, console_errors, signal):
    console_errors.allow(NO_SIGNAL)
    offline_at_the_table(page, live_server, signal)
    enter_hole(page, 1, "7 7 7 / 7 7 3", "K 5 J / K 5 2")
    signal.back(page.context)
    discard = page.get_by_role("button", name="Discard hole 1…")
    page.once("dialog", lambda dialog: dialog.dismiss())
    discard.click()
    expect(page.locator(".queued__hole")).to_have_count(1)
    page.once("dialog", lambda dialog: dialog.accept())
    discard.click()
    expect(page.locator(".queued__hole")).to_have_count(0)
    page.reload()
    expect(page.get_by_role("link", name="Enter hole 1")).to_be_visible()
    expect(page.locator(".queued__hole")).to_have_count(0)


#: Every hole kept on the phone, whoever's: its number, the cards entered, its state.
QUEUE = """() => new Promise((done) => {
    const opening = indexedDB.open("golf-queue", 1);
    opening.onsuccess = () => {
        const all = opening.result.transaction("holes").objectStore("holes").getAll();
        all.onsuccess = () => {
            opening.result.close();
            done(all.result.map((hole) =>
                [hole.number, hole.players.map((player) => player.entered), hole.state]));
        };
    };
})"""


def test_holes_kept_by_one_session_are_neither_shown_nor_sent_by_the_next(
    page, live_server, console_errors, signal
):
    console_errors.allow(NO_SIGNAL)
    board = offline_at_the_table(page, live_server, signal)
    new_hole = board + "holes/new/"
    enter_hole(page, 1, *HOLES[0])  # the first session's, waiting on the phone

    # Another session on this phone that keeps the same match (someone logged out
    # and another logged in, say), with the signal back.
    context = page.context
    page.close()
    context.clear_cookies()
    keep(context, live_server, Match.objects.get())
    signal.back(context)
    page = context.new_page()
    open_kept(page, board)
    open_kept(page, new_hole)

    # Its own hole 1, saved with no signal: only that one is shown as waiting.
    signal.lost(context)
    page.goto(board)
    enter_hole(page, 1, *HOLES[1])
    waiting = page.locator(".queued__hole")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text("Ann: A 2 3 / 4 5 6")

    # Back online, only its own hole is sent.
    signal.back(context)
    expect(page.get_by_role("link", name="Enter hole 2")).to_be_visible()
    expect(page.locator(".queued__hole")).to_have_count(0)
    (hole,) = Match.objects.get().holes.all()
    assert dict(hole.scores.values_list("seat", "grid")) == {0: HOLES[1][0], 1: HOLES[1][1]}
    # The first session's hole is still on the phone, untouched, for that session.
    # Read from a page of its own: after a send the queue reloads this one, and a
    # script run while it reloads would be lost with it.
    check = context.new_page()
    check.goto(board)
    expect(check.get_by_role("link", name="Enter hole 2")).to_be_visible()
    assert check.evaluate(QUEUE) == [[1, list(HOLES[0]), "waiting"]]
