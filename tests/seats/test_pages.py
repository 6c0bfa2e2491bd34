"""The pages of a hole entered phone by phone: the progress page every keeper
phone follows (cards hidden until every seat is in, then the table checked and
confirmed), and one seat's entry page (the hole form's keypad and live check, for
that seat only)."""

import re

import pytest
from django.urls import reverse

from scoring.models import Hole, SeatDraft
from scoring.views.access import SEATS_KEY
from tests.keepers.helpers import join
from tests.patterns import first_match
from tests.scoresheet import HX
from tests.seats.helpers import GRIDS, THREE_KINGS, enter, enter_all

pytestmark = pytest.mark.django_db


def seats_url(match, number=1):
    return reverse("scoring:hole_seats", args=[match.pk, number])


def seat_url(match, seat, number=1):
    return reverse("scoring:hole_seat", args=[match.pk, number, seat])


def confirm_data(page: str, went_out: str = "") -> dict[str, str]:
    return {
        "token": first_match(r'name="token" value="([0-9a-f-]+)"', page).group(1),
        "seen": first_match(r'name="seen" value="([0-9a-f]+)"', page).group(1),
        "went_out": went_out,
    }


# -- progress -----------------------------------------------------------------------------


def test_the_progress_names_who_is_in_and_hides_their_cards(client, four):
    enter(four, 1, phone="another")
    page = client.get(seats_url(four)).content.decode()
    assert "1 of 4 seats in" in page
    assert "Still to come: <bdi>Ann</bdi>, <bdi>Cat</bdi> and <bdi>Dan</bdi>." in page
    assert "from another phone" in page
    # Ben's cards (two kings) are nowhere on the page, not even in notation.
    assert "K K 2" not in page
    assert 'aria-label="king' not in page.lower()
    assert "Save hole 1" not in page


def test_a_phone_sees_its_own_seats_cards_before_the_others_are_in(client, four):
    client.post(seat_url(four, 1), {"number": 1, "grid_1": GRIDS[1], "mine": "on"})
    enter(four, 2, phone="another")
    page = client.get(seats_url(four)).content.decode()
    assert "from this phone" in page
    assert "Grid: " in page  # Ben's, this phone's own
    assert page.count('class="scored-grid"') == 1
    assert "A 4 6" not in page  # Cat's


def test_each_seat_has_a_way_to_its_entry(client, four):
    page = client.get(seats_url(four)).content.decode()
    for n, name in enumerate(["Ann", "Ben", "Cat", "Dan"]):
        assert f'href="{seat_url(four, n)}"><span>I am <bdi>{name}</bdi></span></a>' in page
    session = client.session
    session[SEATS_KEY] = {str(four.pk): 2}
    session.save()
    page = client.get(seats_url(four)).content.decode()
    assert f'href="{seat_url(four, 2)}"><span>Enter my cards</span></a>' in page
    assert f'href="{seat_url(four, 0)}"><span>Enter <bdi>Ann</bdi>\'s cards</span></a>' in page


def test_with_every_seat_in_the_cards_are_shown_and_scored(client, four):
    enter_all(four)
    page = client.get(seats_url(four)).content.decode()
    assert "Every seat is in." in page
    assert page.count('class="scored-grid"') == 4
    assert "Scores <strong>24</strong>" in page
    assert "Save hole 1" in page


def test_an_impossible_table_is_shown_beside_each_seat_holding_the_cards(client, four):
    enter_all(four)
    enter(four, 3, THREE_KINGS)
    page = client.get(seats_url(four)).content.decode()
    message = (
        "Five kings on the table, but one deck has four: "
        "<bdi>Ben</bdi> and <bdi>Dan</bdi> hold them."
    )
    sections = re.findall(
        r'<li class="seat[^"]*" id="seat-(\d)">(.*?)</li>\s*(?=<li class="seat|</ol>)', page, re.S
    )
    beside = {int(n) for n, html in sections if message in html}
    assert beside == {1, 3}
    assert "Save hole 1" not in page
    assert "The table does not add up yet" in page


def test_two_seats_that_say_they_went_out_first_are_asked_to_choose(client, four):
    enter_all(four)
    enter(four, 0, went_out=True)
    enter(four, 2, went_out=True)
    page = client.get(seats_url(four)).content.decode()
    claims = "<bdi>Ann</bdi> and <bdi>Cat</bdi> each say they went out first"
    assert page.count(claims) == 2
    # Nobody is chosen for them.
    assert re.search(r'name="went_out" value="[0-3]"[^>]*checked', page) is None


def test_the_seat_that_went_out_is_chosen_for_the_confirmation(client, four):
    enter_all(four)
    enter(four, 2, went_out=True)
    page = client.get(seats_url(four)).content.decode()
    assert re.search(r'name="went_out" value="2"[^>]*checked', page)


def test_confirming_saves_the_hole_and_goes_to_the_scoreboard(client, four):
    enter_all(four)
    enter(four, 3, went_out=True)
    page = client.get(seats_url(four)).content.decode()
    response = client.post(seats_url(four), confirm_data(page, "3"))
    assert response.status_code == 302
    assert response["Location"] == four.get_absolute_url()
    hole = Hole.objects.get(match=four)
    assert hole.went_out == 3
    assert not SeatDraft.objects.exists()
    board = client.get(response["Location"]).content.decode()
    assert "Hole 1 saved." in board


def test_a_refused_confirmation_says_why_beside_the_seat_and_stores_nothing(client, four):
    enter_all(four)
    page = client.get(seats_url(four)).content.decode()
    enter(four, 3, THREE_KINGS)  # changed on another phone after this page was drawn
    response = client.post(seats_url(four), confirm_data(page))
    text = response.content.decode()
    assert response.status_code == 200
    assert "The cards changed on another phone meanwhile; check them again." in text
    assert "<bdi>Ben</bdi> and <bdi>Dan</bdi> hold them" in text
    assert not Hole.objects.exists()


def test_a_tampered_confirmation_is_refused_without_an_error_page(client, four):
    enter_all(four)
    response = client.post(seats_url(four), {"token": "nonsense", "seen": "", "went_out": "9"})
    text = response.content.decode()
    assert response.status_code == 200
    assert "This form is out of date" in text
    assert not Hole.objects.exists()


def test_a_second_confirmation_goes_to_the_scoreboard_saying_the_hole_is_saved(client, four, phone):
    join(phone, four)
    enter_all(four)
    mine = client.get(seats_url(four)).content.decode()
    theirs = phone.get(seats_url(four)).content.decode()
    assert client.post(seats_url(four), confirm_data(mine)).status_code == 302
    late = phone.post(seats_url(four), confirm_data(theirs))
    assert late["Location"] == four.get_absolute_url()
    assert "Hole 1 is saved." in phone.get(late["Location"]).content.decode()
    assert Hole.objects.count() == 1


def test_the_progress_of_a_saved_hole_goes_to_the_scoreboard(client, four):
    enter_all(four)
    page = client.get(seats_url(four)).content.decode()
    client.post(seats_url(four), confirm_data(page))
    response = client.get(seats_url(four))
    assert response["Location"] == four.get_absolute_url()
    polled = client.get(seats_url(four), **HX)
    assert polled["HX-Redirect"] == four.get_absolute_url()


def test_a_later_holes_progress_goes_to_the_next_hole(client, four):
    response = client.get(seats_url(four, 3))
    assert response["Location"] == seats_url(four, 1)


# -- the progress part, polled ------------------------------------------------------------


def test_the_polled_progress_is_the_fragment_with_an_etag(client, four):
    response = client.get(seats_url(four), **HX)
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="progress"')
    assert "<html" not in text
    assert response["ETag"]
    assert "no-cache" in response["Cache-Control"]


def test_an_unchanged_draft_answers_not_modified(client, four):
    etag = client.get(seats_url(four), **HX)["ETag"]
    unchanged = client.get(seats_url(four), HTTP_IF_NONE_MATCH=etag, **HX)
    assert unchanged.status_code == 304
    assert unchanged.content == b""


def test_a_seat_coming_in_changes_the_etag(client, four):
    etag = client.get(seats_url(four), **HX)["ETag"]
    enter(four, 0, phone="another")
    changed = client.get(seats_url(four), HTTP_IF_NONE_MATCH=etag, **HX)
    assert changed.status_code == 200
    assert "1 of 4 seats in" in changed.content.decode()


def test_a_seat_changed_or_cleared_changes_the_etag(client, four):
    from scoring import services
    from tests.seats.helpers import seat

    enter(four, 0)
    first = client.get(seats_url(four), **HX)["ETag"]
    enter(four, 0, "2 2 2 / 3 3 3")
    second = client.get(seats_url(four), **HX)["ETag"]
    services.seat_draft_clear(match=four, number=1, player=seat(four, 0))
    third = client.get(seats_url(four), **HX)["ETag"]
    assert len({first, second, third}) == 3


# -- one seat's entry ---------------------------------------------------------------------


def test_the_seat_page_has_the_keypad_for_that_seat_only(client, four):
    page = client.get(seat_url(four, 1)).content.decode()
    assert 'id="keypad"' in page
    assert page.count('class="slots ') == 1
    assert 'name="grid_1"' in page
    assert 'name="grid_0"' not in page
    assert "I went out first" in page
    assert "<bdi>Ben</bdi>" in page


def test_saving_a_seat_goes_back_to_the_progress_and_remembers_the_seat(client, four):
    response = client.post(
        seat_url(four, 1), {"number": 1, "grid_1": GRIDS[1], "went_out": "on", "mine": "on"}
    )
    assert response["Location"] == seats_url(four)
    draft = SeatDraft.objects.get()
    assert (draft.grid, draft.went_out) == (GRIDS[1], True)
    assert client.session[SEATS_KEY] == {str(four.pk): 1}
    # The next time, the scoreboard goes straight to this phone's seat.
    board = client.get(four.get_absolute_url()).content.decode()
    assert f'href="{seat_url(four, 1)}"><span>Enter my cards (<bdi>Ben</bdi>)</span></a>' in board


def test_the_seat_page_shows_the_entry_saved_before(client, four):
    enter(four, 2, went_out=True)
    page = client.get(seat_url(four, 2)).content.decode()
    assert f'value="{GRIDS[2]}"' in page
    assert re.search(r'name="went_out"[^>]*checked', page)
    assert "Take these cards out" in page
    assert "Grid: 0" in page  # Cat's pairs, scored as the live check scores them


def test_a_seat_saved_through_htmx_answers_with_the_progress_itself(client, four):
    response = client.post(seat_url(four, 0), {"number": 1, "grid_0": GRIDS[0]}, **HX)
    assert response.status_code == 200
    assert response["HX-Push-Url"] == seats_url(four)
    assert response["HX-Retarget"] == "#main"
    text = response.content.decode()
    assert "<title>Hole 1, phone by phone" in text
    assert "1 of 4 seats in" in text


def test_a_wrong_grid_is_refused_beside_it_and_what_was_typed_is_kept(client, four):
    typed = "8 5 7 / 8 3 B"
    response = client.post(seat_url(four, 0), {"number": 1, "grid_0": typed})
    text = response.content.decode()
    assert response.status_code == 200
    assert "Card 3 of row 2: &#x27;B&#x27; is not a rank" in text
    assert f'value="{typed}"' in text
    assert "slot slot--bad" in text
    assert not SeatDraft.objects.exists()


def test_the_live_check_scores_the_seats_grid_without_saving(client, four):
    response = client.post(seat_url(four, 0), {"number": 1, "grid_0": GRIDS[0], "check": "1"}, **HX)
    text = response.content.decode()
    assert 'id="result-0"' in text and 'hx-swap-oob="true"' in text
    assert "Grid: 24" in text
    assert not SeatDraft.objects.exists()


def test_the_live_check_waits_for_a_grid_still_being_typed(client, four):
    response = client.post(
        seat_url(four, 0), {"number": 1, "grid_0": "8 5 ? / ? ? ?", "check": "1"}, **HX
    )
    assert "errorlist" not in response.content.decode()


def test_a_seat_entered_after_the_hole_was_saved_keeps_what_was_typed(client, four):
    enter_all(four)
    page = client.get(seats_url(four)).content.decode()
    client.post(seats_url(four), confirm_data(page))
    response = client.post(seat_url(four, 0), {"number": 1, "grid_0": "2 2 2 / 3 3 3"})
    text = response.content.decode()
    assert "Hole 1 was already saved, so its cards can no longer change." in text
    assert 'value="2 2 2 / 3 3 3"' in text
    assert Hole.objects.get().scores.get(seat=0).grid == GRIDS[0]


def test_clearing_a_seat_takes_its_cards_out(client, four):
    enter(four, 0)
    response = client.post(seat_url(four, 0), {"number": 1, "grid_0": GRIDS[0], "clear": "1"})
    assert response["Location"] == seats_url(four)
    assert not SeatDraft.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"number": "x", "grid_0": "8"},
        {"number": "1", "grid_0": "8" * 500},
        {"number": "1", "grid_0": "\x00"},
        {"number": "2", "grid_0": GRIDS[0]},
        {"number": "1", "grid_0": GRIDS[0], "check": "1"},
    ],
)
def test_bad_input_on_the_seat_page_never_fails(client, four, data):
    response = client.post(seat_url(four, 0), data)
    assert response.status_code in (200, 302)
    assert not SeatDraft.objects.filter(grid__contains="8888").exists()


def test_a_seat_that_is_not_at_the_table_is_not_found(client, four):
    assert client.get(seat_url(four, 4)).status_code == 404


def test_a_phone_that_joined_enters_its_own_seat(client, four, phone):
    join(phone, four)
    response = phone.post(
        seat_url(four, 3), {"number": 1, "grid_0": "", "grid_3": GRIDS[3], "mine": "on"}
    )
    assert response.status_code == 302
    draft = SeatDraft.objects.get()
    page = client.get(seats_url(four)).content.decode()
    assert "from another phone" in page
    assert draft.phone
    assert "from this phone" in phone.get(seats_url(four)).content.decode()


def test_the_phone_by_phone_pages_are_not_kept_for_use_offline(client, four):
    # They show what other phones entered: a copy kept on the phone would be stale.
    for url in (seats_url(four), seat_url(four, 0)):
        response = client.get(url)
        assert response.status_code == 200
        assert "X-Golf-Keep" not in response
    assert client.get(reverse("scoring:hole_new", args=[four.pk]))["X-Golf-Keep"] == "1"
    assert "data-online-only" in client.get(seat_url(four, 0)).content.decode()
