"""Every phone at the table enters its own cards: four phone-sized browsers with
their own cookies. The first starts a match and shows its join link; the three
others join through it. Each picks its seat and taps its own six cards into the
table's shared draft of the hole; one of them makes the table impossible (a fifth
king) and every phone is told, beside the seats holding kings; it is put right;
one phone saves the hole, and every phone's scoreboard shows it once. On the next
hole a phone goes straight to its own seat: eight taps. Without JavaScript, a
phone types its cards and reloads to follow the others."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring import services
from scoring.engine import RuleSet
from scoring.models import Hole, SeatDraft
from tests.factories import MatchFactory

from .helpers import WIDTH, keep, new_phone, start_match

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Ann", "Ben", "Cat", "Dan")
#: Each seat's cards as tapped, row by row. Dan's three kings make five on a
#: one-deck table, with Ben's two.
CARDS = {
    "Ann": ["8", "5", "7", "8", "3", "9"],
    "Ben": ["K", "K", "2", "Q", "J", "10"],
    "Cat": ["A", "4", "6", "A", "4", "6"],
    "Dan": ["K", "K", "K", "5", "6", "7"],
}
HOLE_1 = re.compile(r"^Hole 1 of \d+, phone by phone$")
FIFTH_KING = "Five kings on the table, but one deck has four: Ben and Dan hold them."


def tap_cards(page, cards):
    """Tap ``cards`` on the keypad, one rank each, as the seat's page opens with
    the keypad up on its first empty slot."""
    keypad = page.locator("#keypad")
    expect(keypad).to_be_visible()
    for card in cards:
        keypad.get_by_role("button", name=card, exact=True).tap()


def test_four_phones_each_enter_their_own_cards_into_one_hole(browser, live_server):
    contexts = [new_phone(browser) for _ in NAMES]
    pages = [context.new_page() for context in contexts]
    first = pages[0]
    start_match(first, live_server, names=NAMES)
    scoreboard = first.url.removesuffix("holes/new/")
    first.goto(scoreboard)
    link = first.locator("#join-link").inner_text()
    for page in pages[1:]:
        page.goto(link)
        page.get_by_role("button", name="Join and keep the score").tap()
        expect(page.get_by_text("This phone keeps the score of this match now")).to_be_visible()

    # Each phone opens the hole phone by phone and says whose cards it holds.
    for page, name in zip(pages, NAMES, strict=True):
        page.goto(scoreboard)
        page.get_by_role("link", name="each phone enters its own cards").tap()
        expect(page.get_by_role("heading", name=HOLE_1)).to_be_visible()
        page.get_by_role("link", name=f"I am {name}").tap()
        expect(page.get_by_role("heading", name=f"Hole 1: {name}'s cards")).to_be_visible()
    # All four tap their cards before any of them saves.
    for page, name in zip(pages, NAMES, strict=True):
        tap_cards(page, CARDS[name])
        expect(page.get_by_label("Cards, row by row")).to_have_value(
            " ".join(CARDS[name][:3]) + " / " + " ".join(CARDS[name][3:])
        )
    for page, name in zip(pages, NAMES, strict=True):
        page.get_by_role("button", name=f"Save {name}'s cards").tap()
        expect(page.get_by_role("heading", name=HOLE_1)).to_be_visible()
        expect(page.get_by_text(f"{name}'s cards are in.")).to_be_visible()

    # Every phone is told, by the list that updates itself, beside Ben and Dan.
    for page in pages:
        expect(page.get_by_text("Every seat is in.", exact=True)).to_be_visible()
        expect(page.locator("#seat-1")).to_contain_text(FIFTH_KING)
        expect(page.locator("#seat-3")).to_contain_text(FIFTH_KING)
        expect(page.locator("#seat-0")).not_to_contain_text(FIFTH_KING)
        expect(page.get_by_role("button", name="Save hole 1")).to_have_count(0)

    # Dan puts his first row's last card right: a 4, not a king.
    dan = pages[3]
    dan.get_by_role("link", name="Change my cards").tap()
    dan.get_by_role("button", name="Row 1, card 3: K").tap()
    dan.locator("#keypad").get_by_role("button", name="4", exact=True).tap()
    dan.get_by_role("button", name="Save Dan's cards").tap()
    for page in pages:
        expect(page.locator("#seat-3")).not_to_contain_text(FIFTH_KING)
        expect(page.locator("#seat-3")).to_contain_text("Scores 22")
        expect(page.get_by_role("button", name="Save hole 1")).to_be_visible()

    # Ben's phone saves the hole; every phone goes on to its scoreboard.
    pages[1].get_by_role("button", name="Save hole 1").tap()
    for page in pages:
        expect(page.get_by_role("link", name="Enter hole 2")).to_be_visible()
        expect(page.locator("#board tbody tr")).to_have_count(1)
        expect(page.locator("#board tbody tr").first).to_contain_text("24")
    assert Hole.objects.count() == 1
    assert not SeatDraft.objects.exists()

    # The next hole: Cat's phone goes straight to Cat's seat. Eight taps.
    cat = pages[2]
    cat.get_by_role("link", name="Enter my cards (Cat)").tap()
    tap_cards(cat, ["2", "2", "3", "3", "4", "4"])
    cat.get_by_role("button", name="Save Cat's cards").tap()
    expect(cat.locator(".seats__count")).to_contain_text("1 of 4 seats in.")
    assert cat.url == scoreboard + "holes/2/seats/"
    for context in contexts:
        context.close()


def test_without_javascript_a_phone_types_its_cards_and_reloads_to_follow(browser, live_server):
    match = MatchFactory.create(players=["Ann", "Ben"], rules=RuleSet(holes=3).to_dict())
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740}, java_script_enabled=False
    )
    keep(context, live_server, match)
    page = context.new_page()
    page.goto(live_server.url + reverse("scoring:hole_seats", args=[match.pk, 1]))
    expect(page.get_by_text("Reload the page to see the others' progress.")).to_be_visible()
    page.get_by_role("link", name="I am Ann").click()
    # No keypad without the script: the cards are typed in their box.
    expect(page.locator("#keypad")).to_be_hidden()
    page.get_by_label("Cards, row by row").fill("8 5 7 / 8 3 9")
    page.get_by_role("button", name="Save Ann's cards").click()
    expect(page.get_by_text("1 of 2 seats in.")).to_be_visible()
    # Ben's phone enters his cards meanwhile; a reload shows them in.
    services.seat_draft_save(
        match=match, number=1, player=match.players.get(seat=1), grid="K K 2 / Q J 10"
    )
    page.get_by_role("link", name="Reload now").click()
    expect(page.get_by_text("Every seat is in.", exact=True)).to_be_visible()
    expect(page.locator("#seat-1")).to_contain_text("Scores 28")
    page.get_by_role("button", name="Save hole 1").click()
    expect(page.get_by_text("Hole 1 saved.")).to_be_visible()
    expect(page.locator("#board tbody tr")).to_have_count(1)
    context.close()


def test_who_went_out_stays_as_chosen_while_the_list_updates_itself(browser, live_server):
    match = MatchFactory.create(players=["Ann", "Ben"], rules=RuleSet(holes=3).to_dict())
    for player, grid in zip(match.players.order_by("seat"), CARDS.values(), strict=False):
        services.seat_draft_save(
            match=match, number=1, player=player, grid=" ".join(grid), went_out=player.seat == 0
        )
    context = new_phone(browser)
    keep(context, live_server, match)
    page = context.new_page()
    url = live_server.url + reverse("scoring:hole_seats", args=[match.pk, 1])
    page.goto(url)
    # Ann said she went out first; the table says it was Ben.
    expect(page.get_by_role("radio", name="Ann")).to_be_checked()
    page.get_by_role("radio", name="Ben").check()
    for _ in range(2):
        with page.expect_response(url):
            pass
    expect(page.get_by_role("radio", name="Ben")).to_be_checked()
    page.get_by_role("button", name="Save hole 1").tap()
    expect(page.get_by_text("Hole 1 saved.")).to_be_visible()
    assert Hole.objects.get(match=match).went_out == 1
    context.close()
