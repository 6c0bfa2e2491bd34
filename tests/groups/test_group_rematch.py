"""A group's matches seat the ticked regulars in the order the table numbers them,
and a group's rematch asks first, with the regulars ticked and numbered in their
seats, the same rules and the deal one seat on. Each form starts one match."""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from golfsite.ratelimit import Limit
from groups import services
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.models import Match
from scoring.views import limits
from tests.groups.test_changes_at_once import GROUP_WRITE, MATCH_WRITE
from tests.patterns import visible_text
from tests.scoresheet import checked, form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def regulars(group):
    """Ann (already there), Bob, Cy and Dee on the roster, in that order."""
    for name in ("Bob", "Cy", "Dee"):
        services.roster_add(group=group, name=name)
    return {p.name: p for p in group.roster.all()}


@pytest.fixture
def finished(group, owner, regulars, play):
    """A finished one-hole group match of Ann, Bob and Cy (Ann dealt), knock penalty on."""
    rules = RuleSet.from_dict({"variant": "six-card", "house_rules": ["knock-penalty"]})
    return play(group, owner, {"Ann": [3], "Bob": [4], "Cy": [5]}, rules=rules, went_out=[0])


def seat_value(page, player):
    """The number in a regular's seat box."""
    return form_data(page).get(f"seat_{player.pk}", ["(no box)"])[0]


def new_match_page(client, group):
    return client.get(reverse("groups:match_new", args=[group.pk])).content.decode()


def test_each_regular_has_a_seat_box_and_the_numbers_seat_the_ticked(
    client, group, member, regulars
):
    client.force_login(member)
    page = new_match_page(client, group)
    assert "Ann's Seat" in visible_text(page)
    ann, bob, cy = regulars["Ann"], regulars["Bob"], regulars["Cy"]
    data = form_data(
        page,
        roster=[ann.pk, bob.pk, cy.pk],
        **{f"seat_{ann.pk}": "3", f"seat_{bob.pk}": "1", f"seat_{cy.pk}": "2"},
        player_1="Eve",
    )
    client.post(reverse("groups:match_new", args=[group.pk]), data)
    match = Match.objects.get()
    seated = list(match.players.values_list("name", "roster_player__name"))
    assert seated == [("Bob", "Bob"), ("Cy", "Cy"), ("Ann", "Ann"), ("Eve", "Eve")]


def test_regulars_without_a_number_sit_after_the_numbered_in_roster_order(
    client, group, member, regulars
):
    client.force_login(member)
    ann, bob, cy, dee = (regulars[n] for n in ("Ann", "Bob", "Cy", "Dee"))
    data = form_data(
        new_match_page(client, group),
        roster=[ann.pk, bob.pk, cy.pk, dee.pk],
        **{f"seat_{dee.pk}": "1"},
    )
    client.post(reverse("groups:match_new", args=[group.pk]), data)
    assert [p.name for p in Match.objects.get().players.all()] == ["Dee", "Ann", "Bob", "Cy"]


def test_a_seat_number_out_of_range_is_explained_and_the_ticks_kept(
    client, group, member, regulars
):
    client.force_login(member)
    ann, bob = regulars["Ann"], regulars["Bob"]
    data = form_data(
        new_match_page(client, group), roster=[ann.pk, bob.pk], **{f"seat_{bob.pk}": "12"}
    )
    response = client.post(reverse("groups:match_new", args=[group.pk]), data)
    page = response.content.decode()
    assert "Give Bob a seat number from 1 to 8." in page
    assert checked(page, "roster") == [str(ann.pk), str(bob.pk)]
    assert seat_value(page, bob) == "12"
    assert not Match.objects.exists()


def seat_row(page, player):
    """The roster line of a regular on the page: their tick, seat box and its reason."""
    rows = page.split('<li class="roster-seat">')[1:]
    found = [row for row in rows if f'name="seat_{player.pk}"' in row]
    assert len(found) == 1, player.name
    return found[0].split("</fieldset>")[0]


@pytest.mark.parametrize("form", ["new match", "rematch"])
def test_a_seat_number_given_twice_is_refused_beside_both_boxes_and_kept(
    client, group, member, regulars, finished, form
):
    client.force_login(member)
    if form == "rematch":
        url = reverse("groups:match_rematch", args=[group.pk, finished.pk])
    else:
        url = reverse("groups:match_new", args=[group.pk])
    ann, bob, cy, dee = (regulars[n] for n in ("Ann", "Bob", "Cy", "Dee"))
    data = form_data(
        client.get(url).content.decode(),
        roster=[ann.pk, bob.pk, cy.pk],
        # Dee is not ticked: the number typed for her seats nobody and clashes with nothing.
        **{f"seat_{ann.pk}": "2", f"seat_{bob.pk}": "1", f"seat_{cy.pk}": "2"},
        **{f"seat_{dee.pk}": "1"},
    )
    response = client.post(url, data)
    page = response.content.decode()
    assert response.status_code == 200
    assert Match.objects.get() == finished
    said = {p.name: visible_text(seat_row(page, p)) for p in (ann, bob, cy, dee)}
    assert "Cy has seat 2 too; give each player a different number." in said["Ann"]
    assert "Ann has seat 2 too; give each player a different number." in said["Cy"]
    assert "too;" not in said["Bob"] and "too;" not in said["Dee"]
    assert 'aria-invalid="true"' in seat_row(page, ann)
    assert "<bdi>Cy</bdi> has seat 2 too" in seat_row(page, ann)
    # Everything typed is kept.
    assert checked(page, "roster") == [str(ann.pk), str(bob.pk), str(cy.pk)]
    assert [seat_value(page, p) for p in (ann, bob, cy, dee)] == ["2", "1", "2", "1"]
    assert "The match did not start" in page


def test_a_seat_number_given_three_times_names_the_other_two(client, group, member, regulars):
    client.force_login(member)
    ann, bob, cy = regulars["Ann"], regulars["Bob"], regulars["Cy"]
    data = form_data(
        new_match_page(client, group),
        roster=[ann.pk, bob.pk, cy.pk],
        **{f"seat_{p.pk}": "1" for p in (ann, bob, cy)},
    )
    page = client.post(reverse("groups:match_new", args=[group.pk]), data).content.decode()
    assert "Ann and Cy have seat 1 too" in visible_text(seat_row(page, bob))
    assert not Match.objects.exists()


def test_the_group_rematch_asks_with_the_regulars_numbered_in_their_seats(
    client, group, member, regulars, finished
):
    client.force_login(member)
    url = reverse("groups:match_rematch", args=[group.pk, finished.pk])
    # The scoreboard's Rematch is a link to it, and the scoresheet's address leads there.
    board = client.get(finished.get_absolute_url()).content.decode()
    assert f'href="{url}"' in board
    onward = client.get(reverse("scoring:match_rematch", args=[finished.pk]))
    assert onward["Location"] == url
    page = client.get(url).content.decode()
    assert "<h1>Rematch in <bdi>Friday golf</bdi></h1>" in page
    ann, bob, cy, dee = (regulars[n] for n in ("Ann", "Bob", "Cy", "Dee"))
    assert checked(page, "roster") == [str(ann.pk), str(bob.pk), str(cy.pk)]
    assert [seat_value(page, p) for p in (ann, bob, cy, dee)] == ["1", "2", "3", ""]
    assert checked(page, "house_rules") == ["knock-penalty"]
    assert re.search(r'<option value="2" selected>Bob</option>', page)
    assert Match.objects.count() == 1


def test_the_group_rematch_starts_with_the_seats_the_table_numbered(
    client, group, member, regulars, finished
):
    client.force_login(member)
    url = reverse("groups:match_rematch", args=[group.pk, finished.pk])
    ann, bob, cy, dee = (regulars[n] for n in ("Ann", "Bob", "Cy", "Dee"))
    data = form_data(
        client.get(url).content.decode(),
        roster=[ann.pk, cy.pk, dee.pk],  # Bob goes home, Dee sits in
        **{f"seat_{ann.pk}": "2", f"seat_{cy.pk}": "3", f"seat_{dee.pk}": "1"},
    )
    response = client.post(url, data)
    rematch = Match.objects.exclude(pk=finished.pk).get()
    assert response["Location"] == reverse("scoring:hole_new", args=[rematch.pk])
    assert [p.name for p in rematch.players.all()] == ["Dee", "Ann", "Cy"]
    assert [p.roster_player for p in rematch.players.all()] == [dee, ann, cy]
    assert rematch.group == group
    assert rematch.rematch_of == finished
    assert rematch.rule_set.house_rules == finished.rule_set.house_rules


def test_the_group_rematch_as_it_comes_keeps_the_table_and_its_phones(
    client, group, member, regulars, finished
):
    """Started unchanged, a group's rematch seats the same regulars in the same
    seats, in the group, under the same rules with the deal one seat on; the
    phones that joined the match keep the rematch too, so the table plays on. It
    writes its match, seats and phones before the group's row (the order every
    writer keeps, so two changes at once wait rather than deadlock)."""
    scoring_services.match_join(match=finished, phone="a-phone")
    client.force_login(member)
    url = reverse("groups:match_rematch", args=[group.pk, finished.pk])
    data = form_data(client.get(url).content.decode())
    with CaptureQueriesContext(connection) as queries:
        client.post(url, data)
    rematch = Match.objects.get(rematch_of=finished)
    seats = list(rematch.players.values_list("name", "roster_player"))
    assert seats == list(finished.players.values_list("name", "roster_player"))
    assert rematch.group == group
    assert rematch.rules == finished.rules
    assert rematch.first_dealer == 1
    assert list(rematch.keepers.values_list("phone", flat=True)) == ["a-phone"]
    sqls = [query["sql"] for query in queries.captured_queries]
    group_writes = [n for n, sql in enumerate(sqls) if GROUP_WRITE.match(sql)]
    match_writes = [n for n, sql in enumerate(sqls) if MATCH_WRITE.match(sql)]
    assert group_writes and match_writes[-1] < group_writes[0], sqls


def test_the_group_forms_start_one_match_however_often_they_are_sent(
    client, group, member, regulars, finished
):
    client.force_login(member)
    url = reverse("groups:match_rematch", args=[group.pk, finished.pk])
    data = form_data(client.get(url).content.decode())
    first = client.post(url, data)
    again = client.post(url, data)
    assert first["Location"] == again["Location"]
    new = reverse("groups:match_new", args=[group.pk])
    ann, bob = regulars["Ann"], regulars["Bob"]
    data = form_data(new_match_page(client, group), roster=[ann.pk, bob.pk])
    assert client.post(new, data)["Location"] == client.post(new, data)["Location"]
    assert Match.objects.count() == 3


def test_a_rematch_of_another_groups_match_is_not_found(client, group, member, owner, play):
    other = services.group_create(owner=owner, name="Other")
    theirs = play(other, owner, {"Zed": [1], "Yan": [2]})
    client.force_login(member)
    url = reverse("groups:match_rematch", args=[group.pk, theirs.pk])
    assert client.get(url).status_code == 404


def test_past_the_limit_a_group_match_is_refused_with_when_to_try_again(
    client, group, member, regulars, finished, monkeypatch
):
    monkeypatch.setattr(
        limits, "MATCHES_PER_SESSION", Limit("match-session", 1, timedelta(hours=1))
    )
    client.force_login(member)
    url = reverse("groups:match_rematch", args=[group.pk, finished.pk])
    assert client.post(url, form_data(client.get(url).content.decode())).status_code == 302
    response = client.post(url, form_data(client.get(url).content.decode()))
    assert response.status_code == 429
    assert "You can start one again in 60 minutes" in response.content.decode()
    new = reverse("groups:match_new", args=[group.pk])
    data = form_data(new_match_page(client, group), roster=[regulars["Ann"].pk], player_1="Eve")
    assert client.post(new, data).status_code == 429
    assert Match.objects.count() == 2
