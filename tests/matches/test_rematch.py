"""The rematch asks first: its page has the same table and rules filled in, lets the
table reseat, drop and add players and change the rules, and only its start
button starts a match."""

import re

import pytest
from django.urls import reverse

from scoring.engine import RuleSet
from scoring.models import Match
from tests.factories import MatchFactory
from tests.patterns import first_match, visible_text
from tests.scoresheet import form_data, own

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(client):
    """A finished one-hole match of Ann, Bob, Cy and Dee under Super Kings, Ann
    dealing first, kept by ``client``'s browser."""
    rules = RuleSet.from_dict({"variant": "six-card", "house_rules": ["super-kings"], "holes": 1})
    match = MatchFactory.create(players=["Ann", "Bob", "Cy", "Dee"], rules=rules.to_dict())
    own(client, match)
    return match


def rematch_url(match):
    return reverse("scoring:match_rematch", args=[match.pk])


def seats(page):
    """The names in the seat boxes, in order."""
    return re.findall(r'<input type="text" name="player_\d" value="([^"]*)"', page)


def dealer(page):
    """The first dealer's chosen option, as the page names it."""
    found = re.search(r'<option value="\d+" selected>([^<]*)</option>', page)
    assert found, "no first dealer chosen"
    return found.group(1)


def test_the_rematch_page_asks_with_the_table_and_rules_filled_in(client, played):
    response = client.get(rematch_url(played))
    page = response.content.decode()
    assert response.status_code == 200
    assert "<h1>Rematch</h1>" in page
    assert seats(page) == ["Ann", "Bob", "Cy", "Dee"]
    assert dealer(page) == "Bob"  # one seat on from Ann
    assert re.search(r'name="house_rules" value="super-kings"[^>]*checked', page)
    assert "Move Bob up" in visible_text(page) and "Remove Dee" in visible_text(page)
    # The box that adds a player, and the form's own token.
    assert 'name="player_5"' in page and "Add a player" in page
    assert re.search(r'name="token" value="[0-9a-f-]{36}"', page)
    assert Match.objects.count() == 1


def test_a_stray_post_from_an_old_page_only_asks(client, played):
    """The button of a page drawn before the rematch asked first posts nothing but
    its CSRF token: it gets the question, not a match."""
    response = client.post(rematch_url(played), {})
    assert response.status_code == 200
    assert seats(response.content.decode()) == ["Ann", "Bob", "Cy", "Dee"]
    assert Match.objects.count() == 1


def test_moving_a_player_up_swaps_seats_and_the_deal_follows_the_dealer(client, played):
    page = client.get(rematch_url(played)).content.decode()
    moved = client.post(rematch_url(played), form_data(page, seat="up-2")).content.decode()
    assert seats(moved) == ["Bob", "Ann", "Cy", "Dee"]
    assert dealer(moved) == "Bob"
    down = client.post(rematch_url(played), form_data(moved, seat="down-3")).content.decode()
    assert seats(down) == ["Bob", "Ann", "Dee", "Cy"]
    assert "The match did not start" not in down
    assert Match.objects.count() == 1


def test_removing_a_player_passes_their_deal_on_and_a_typed_name_is_added(client, played):
    page = client.get(rematch_url(played)).content.decode()
    dropped = client.post(rematch_url(played), form_data(page, seat="drop-2")).content.decode()
    assert seats(dropped) == ["Ann", "Cy", "Dee"]
    assert dealer(dropped) == "Cy"  # Bob was to deal; the next one round does
    added = client.post(
        rematch_url(played), form_data(dropped, player_4="  Eve ", seat="add")
    ).content.decode()
    assert seats(added) == ["Ann", "Cy", "Dee", "Eve"]
    assert "Remove Eve" in visible_text(added)
    assert Match.objects.count() == 1


def test_the_rematch_starts_with_the_seating_and_rules_the_table_chose(client, played):
    page = client.get(rematch_url(played)).content.decode()
    page = client.post(rematch_url(played), form_data(page, seat="drop-4")).content.decode()
    page = client.post(rematch_url(played), form_data(page, seat="up-3")).content.decode()
    data = form_data(page, player_4="Eve", house_rules=[], holes="3")
    response = client.post(rematch_url(played), data)
    rematch = Match.objects.exclude(pk=played.pk).get()
    assert response["Location"] == reverse("scoring:hole_new", args=[rematch.pk])
    assert [p.name for p in rematch.players.all()] == ["Ann", "Cy", "Bob", "Eve"]
    assert rematch.players.all()[rematch.first_dealer].name == "Bob"
    assert rematch.rematch_of == played
    assert rematch.rule_set.house_rules == frozenset()
    assert rematch.holes_planned == 3
    # The browser keeps it, as it keeps a new match.
    assert client.get(reverse("scoring:hole_new", args=[rematch.pk])).status_code == 200


def test_the_rematch_as_it_comes_keeps_the_players_and_rules_and_the_deal_goes_round(
    client,
):
    """Started unchanged: the same players in the same seats, the same rules, and
    the first deal one seat on, from the last seat round to the first."""
    rules = RuleSet(variant="four-card", holes=1)
    match = MatchFactory.create(players=["Ann", "Bob", "Cy"], rules=rules.to_dict(), first_dealer=2)
    own(client, match)
    client.post(rematch_url(match), form_data(client.get(rematch_url(match)).content.decode()))
    rematch = Match.objects.get(rematch_of=match)
    assert [p.name for p in rematch.players.all()] == ["Ann", "Bob", "Cy"]
    assert rematch.rules == match.rules
    assert rematch.first_dealer == 0


def test_a_refused_rematch_keeps_the_seating_with_the_reason(client, played):
    page = client.get(rematch_url(played)).content.decode()
    response = client.post(rematch_url(played), form_data(page, player_2="ann"))
    refused = response.content.decode()
    assert response.status_code == 200
    assert "The match did not start" in refused
    assert seats(refused) == ["Ann", "ann", "Cy", "Dee"]
    assert Match.objects.count() == 1


def test_the_same_rematch_form_sent_twice_starts_one_match(client, played):
    page = client.get(rematch_url(played)).content.decode()
    data = form_data(page)
    first = client.post(rematch_url(played), data)
    again = client.post(rematch_url(played), data, follow=True)
    assert Match.objects.count() == 2
    assert first["Location"] == again.redirect_chain[0][0]
    assert "already started this match" in again.content.decode()


def test_someone_elses_match_has_no_rematch_page(client, played):
    stranger = MatchFactory.create(players=["Zed", "Yan"])
    assert client.get(rematch_url(stranger)).status_code == 404


def test_the_hidden_start_button_comes_first_so_the_go_key_starts(client, played):
    """A phone's Go key (Enter in a name box) presses the form's first submit
    button: the start, never a seat's "up"."""
    page = client.get(rematch_url(played)).content.decode()
    form = page[page.index('class="match-form"') :]
    first = re.search(r"<button[^>]*>.*?</button>", form, re.S)
    assert first and "Start the rematch" in first.group(0)
    assert 'name="seat"' not in first.group(0)


def focused(page):
    """The seat button drawn with the focus."""
    found = re.findall(r"<button[^>]*autofocus[^>]*>.*?</button>", page, re.S)
    assert len(found) == 1, found
    return visible_text(first_match(r'class="visually-hidden">(.*?)</span>', found[0]).group(1))


def test_the_seat_button_pressed_keeps_the_focus_in_the_new_place(client, played):
    page = client.get(rematch_url(played)).content.decode()
    assert "autofocus" not in page
    moved = client.post(rematch_url(played), form_data(page, seat="up-3")).content.decode()
    assert focused(moved) == "Move Cy up"
    top = client.post(rematch_url(played), form_data(moved, seat="up-2")).content.decode()
    assert focused(top) == "Move Cy down"  # the top seat's up is disabled
    dropped = client.post(rematch_url(played), form_data(top, seat="drop-2")).content.decode()
    assert focused(dropped) == "Remove Bob"  # the next player's
